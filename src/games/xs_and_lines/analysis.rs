//! Positions, lines and the exact part-2 solver.
//!
//! Imports nothing from the crate (only `std`, serde and thiserror): a
//! search knows no match, chat or page.

use std::collections::HashMap;
use std::fmt;

use serde::Serialize;
use thiserror::Error;

/// A cell: column (0 = `A`) and row (0 = `1`, the top).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord, Serialize)]
pub struct Cell {
    pub col: u8,
    pub row: u8,
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'A' + self.col) as char, self.row + 1)
    }
}

impl Cell {
    /// Reads `C3` on an n×n grid (any case, spaces around allowed).
    pub fn parse(s: &str, n: u8) -> Option<Cell> {
        parse_cell(s, n)
    }
}

fn parse_cell(s: &str, n: u8) -> Option<Cell> {
    let b = s.trim().as_bytes();
    if b.len() < 2 {
        return None;
    }
    let col = b[0].to_ascii_uppercase().wrapping_sub(b'A');
    let row: u8 = std::str::from_utf8(&b[1..]).ok()?.parse().ok()?;
    (col < n && row >= 1 && row <= n).then_some(Cell { col, row: row - 1 })
}

/// A line between two x's; `via` is the corner of an L.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize)]
pub struct Line {
    pub from: Cell,
    pub to: Cell,
    pub via: Option<Cell>,
}

impl fmt::Display for Line {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.from, self.to)?;
        if let Some(v) = self.via {
            write!(f, " via {v}")?;
        }
        Ok(())
    }
}

#[derive(Debug, Error, PartialEq, Eq, Clone)]
pub enum XsError {
    #[error("line {0}: {1}")]
    Line(usize, String),
    #[error("the position needs 'size n' (3 to 12) and 'xs …'")]
    Missing,
    #[error("'{0}' is not a legal line here: {1}")]
    Illegal(String, String),
}

/// Where earlier lines pass straight through: one bit per cell, for each
/// axis (n ≤ 12, so 144 cells fit in two words and a half).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize)]
struct Passes {
    horizontal: [u64; 3],
    vertical: [u64; 3],
}

impl Passes {
    fn get(m: &[u64; 3], i: usize) -> bool {
        m[i / 64] & (1 << (i % 64)) != 0
    }
    fn set(m: &mut [u64; 3], i: usize) {
        m[i / 64] |= 1 << (i % 64);
    }
}

/// A part-2 position.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Position {
    pub n: u8,
    /// The x's, in the file's order.
    pub xs: Vec<Cell>,
    /// Lines drawn so far, in order.
    pub lines: Vec<Line>,
    /// The x the next line starts from; `None`: any (the first line).
    pub from: Option<usize>,
    used: u16,
    passes: Passes,
}

impl Position {
    /// Reads `size n`, `xs …`, `lines A-B via C; …` (or `-`), `from X`
    /// (or `any`), replaying the lines and checking each.
    pub fn parse(text: &str) -> Result<Position, XsError> {
        let mut n = None;
        let mut xs_words: Vec<String> = Vec::new();
        let mut lines_text = String::new();
        let mut from_text = String::from("any");
        for (i, raw) in text.lines().enumerate() {
            let line = raw.trim();
            let Some((key, rest)) = line.split_once(char::is_whitespace).or(Some((line, "")))
            else {
                continue;
            };
            // Keys, `via`, `any` and cells in either case (RULINGS).
            match key.to_ascii_lowercase().as_str() {
                "" => {}
                "size" => {
                    n = Some(
                        rest.trim()
                            .parse::<u8>()
                            .ok()
                            .filter(|n| (3..=12).contains(n))
                            .ok_or_else(|| XsError::Line(i + 1, "size is 3 to 12".into()))?,
                    )
                }
                "xs" => xs_words.extend(rest.split_whitespace().map(String::from)),
                "lines" => lines_text = rest.trim().to_string(),
                "from" => from_text = rest.trim().to_string(),
                "placing" => {
                    return Err(XsError::Line(
                        i + 1,
                        "a part-1 position ('placing'): read it with placement::Placing::parse"
                            .into(),
                    ))
                }
                _ => {
                    return Err(XsError::Line(
                        i + 1,
                        format!("'{key}' is not a key: use size, xs, lines, from"),
                    ))
                }
            }
        }
        let n = n.ok_or(XsError::Missing)?;
        let mut xs = Vec::new();
        for w in &xs_words {
            let c = parse_cell(w, n).ok_or_else(|| {
                XsError::Line(2, format!("'{w}' is not a cell of a {n}×{n} grid"))
            })?;
            if xs.contains(&c) {
                return Err(XsError::Line(2, format!("{c} holds two x's")));
            }
            xs.push(c);
        }
        let mut p = Position::new(n, xs)?;
        if !lines_text.is_empty() && lines_text != "-" {
            for part in lines_text
                .split(';')
                .map(str::trim)
                .filter(|s| !s.is_empty())
            {
                p.play(part)?;
            }
        }
        if !from_text.eq_ignore_ascii_case("any") {
            let c = parse_cell(&from_text, n)
                .and_then(|c| p.xs.iter().position(|x| *x == c))
                .ok_or_else(|| XsError::Illegal(format!("from {from_text}"), "not an x".into()))?;
            if let Some(last) = p.from {
                if last != c {
                    return Err(XsError::Illegal(
                        format!("from {from_text}"),
                        format!("the last line ended on {}", p.xs[last]),
                    ));
                }
            }
            p.from = Some(c);
        }
        Ok(p)
    }

    /// The start of part 2: the x's placed, no line drawn.
    pub fn new(n: u8, xs: Vec<Cell>) -> Result<Position, XsError> {
        if !(3..=12).contains(&n) {
            return Err(XsError::Line(1, "size is 3 to 12".into()));
        }
        if xs.is_empty() || xs.len() > 16 {
            return Err(XsError::Missing);
        }
        Ok(Position {
            n,
            xs,
            lines: Vec::new(),
            from: None,
            used: 0,
            passes: Passes::default(),
        })
    }

    /// Reads a line as written (`C3-F6 via F3`) and draws it when legal.
    pub fn play(&mut self, text: &str) -> Result<Line, XsError> {
        let line = self.parse_line(text.trim())?;
        if !self.legal_lines().contains(&line) {
            return Err(XsError::Illegal(
                text.trim().to_string(),
                self.why_illegal(&line),
            ));
        }
        self.draw(line);
        Ok(line)
    }

    fn parse_line(&self, s: &str) -> Result<Line, XsError> {
        let bad = |why: &str| XsError::Illegal(s.to_string(), why.to_string());
        let spaced = s.split_whitespace().collect::<Vec<_>>().join(" ");
        let lower = spaced.to_ascii_lowercase();
        let (ends, via) = match lower.find(" via ") {
            Some(at) => (
                &spaced[..at],
                Some(
                    parse_cell(&spaced[at + 5..], self.n)
                        .ok_or_else(|| bad("the corner is not a cell"))?,
                ),
            ),
            None => (spaced.as_str(), None),
        };
        let (a, b) = ends
            .split_once('-')
            .ok_or_else(|| bad("write FROM-TO, like B2-F7 via F2"))?;
        let from = parse_cell(a, self.n).ok_or_else(|| bad("the start is not a cell"))?;
        let to = parse_cell(b, self.n).ok_or_else(|| bad("the end is not a cell"))?;
        Ok(Line { from, to, via })
    }

    fn index(&self, c: Cell) -> usize {
        c.row as usize * self.n as usize + c.col as usize
    }

    fn x_at(&self, c: Cell) -> Option<usize> {
        self.xs.iter().position(|x| *x == c)
    }

    /// The cells a straight run passes (ends excluded) and its axis.
    fn run(a: Cell, b: Cell) -> (Vec<Cell>, bool) {
        let horizontal = a.row == b.row;
        let mut out = Vec::new();
        if horizontal {
            let (lo, hi) = (a.col.min(b.col), a.col.max(b.col));
            for c in lo + 1..hi {
                out.push(Cell { col: c, row: a.row });
            }
        } else {
            let (lo, hi) = (a.row.min(b.row), a.row.max(b.row));
            for r in lo + 1..hi {
                out.push(Cell { col: a.col, row: r });
            }
        }
        (out, horizontal)
    }

    /// Checks a line against the x's and earlier lines; on success, the
    /// straight passes it adds: (cell index, horizontal).
    fn fits(&self, line: &Line) -> Result<Vec<(usize, bool)>, String> {
        let legs: Vec<(Cell, Cell)> = match line.via {
            None => {
                if line.from.row != line.to.row && line.from.col != line.to.col {
                    return Err(
                        "the x's are in different rows and columns: name the corner with 'via'"
                            .into(),
                    );
                }
                vec![(line.from, line.to)]
            }
            Some(v) => {
                let ok = (v.row == line.from.row && v.col == line.to.col)
                    || (v.col == line.from.col && v.row == line.to.row);
                if !ok || line.from.row == line.to.row || line.from.col == line.to.col {
                    return Err(format!(
                        "{v} is not a corner between {} and {}",
                        line.from, line.to
                    ));
                }
                if self.x_at(v).is_some() {
                    return Err(format!("the corner {v} holds an x"));
                }
                vec![(line.from, v), (v, line.to)]
            }
        };
        let mut passes = Vec::new();
        for (a, b) in legs {
            let (cells, horizontal) = Position::run(a, b);
            for c in cells {
                if self.x_at(c).is_some() {
                    return Err(format!("it passes over the x on {c}"));
                }
                let i = self.index(c);
                let across = if horizontal {
                    Passes::get(&self.passes.vertical, i)
                } else {
                    Passes::get(&self.passes.horizontal, i)
                };
                if across {
                    return Err(format!("it crosses an earlier line on {c}"));
                }
                passes.push((i, horizontal));
            }
        }
        Ok(passes)
    }

    fn why_illegal(&self, line: &Line) -> String {
        let Some(a) = self.x_at(line.from) else {
            return format!("{} holds no x", line.from);
        };
        let Some(b) = self.x_at(line.to) else {
            return format!("{} holds no x", line.to);
        };
        if let Some(f) = self.from {
            if a != f {
                return format!("the line must start from {}", self.xs[f]);
            }
        } else if self.used & (1 << a) != 0 {
            return format!("{} is used", line.from);
        }
        if self.used & (1 << b) != 0 {
            return format!("{} was drawn to or from already", line.to);
        }
        self.fits(line).err().unwrap_or_else(|| "not legal".into())
    }

    /// Every legal next line.
    pub fn legal_lines(&self) -> Vec<Line> {
        let starts: Vec<usize> = match self.from {
            Some(f) => vec![f],
            None => (0..self.xs.len())
                .filter(|i| self.used & (1 << i) == 0)
                .collect(),
        };
        let mut out = Vec::new();
        for &a in &starts {
            for b in 0..self.xs.len() {
                if b == a || self.used & (1 << b) != 0 {
                    continue;
                }
                for l in candidates(self.xs[a], self.xs[b]) {
                    if self.fits(&l).is_ok() {
                        out.push(l);
                    }
                }
            }
        }
        out
    }

    /// Draws a legal line.
    pub fn draw(&mut self, line: Line) {
        let passes = self.fits(&line).expect("drawn lines are legal");
        for (i, horizontal) in passes {
            if horizontal {
                Passes::set(&mut self.passes.horizontal, i);
            } else {
                Passes::set(&mut self.passes.vertical, i);
            }
        }
        let a = self.x_at(line.from).expect("an x");
        let b = self.x_at(line.to).expect("an x");
        self.used |= (1 << a) | (1 << b);
        self.from = Some(b);
        self.lines.push(line);
    }
}

/// The lines that could join x's on `x` and `y`: the straight one when
/// they share a row or column, else the two L's (corner on `x`'s row or on
/// its column).
fn candidates(x: Cell, y: Cell) -> Vec<Line> {
    if x.row == y.row || x.col == y.col {
        vec![Line {
            from: x,
            to: y,
            via: None,
        }]
    } else {
        [
            Cell {
                col: y.col,
                row: x.row,
            },
            Cell {
                col: x.col,
                row: y.row,
            },
        ]
        .into_iter()
        .map(|v| Line {
            from: x,
            to: y,
            via: Some(v),
        })
        .collect()
    }
}

/// Every line between two x's that no x blocks, with the cells where it
/// passes straight: geometry that never changes during part 2, computed
/// once so that a move in the search is a few mask operations.
struct Atlas {
    /// `lines[a][b]`: the candidate lines from x `a` to x `b`.
    lines: Vec<Vec<Vec<(Line, Passes)>>>,
    /// `reach[a][b]`: every cell any line between `a` and `b` passes.
    reach: Vec<Vec<Passes>>,
}

impl Atlas {
    fn new(p: &Position) -> Atlas {
        let k = p.xs.len();
        let blank = Position {
            passes: Passes::default(),
            used: 0,
            from: None,
            lines: Vec::new(),
            ..p.clone()
        };
        let mut lines = vec![vec![Vec::new(); k]; k];
        for (a, row) in lines.iter_mut().enumerate() {
            for (b, slot) in row.iter_mut().enumerate() {
                if a == b {
                    continue;
                }
                for l in candidates(p.xs[a], p.xs[b]) {
                    // On a blank drawing only the x's can block a line.
                    if let Ok(passes) = blank.fits(&l) {
                        let mut m = Passes::default();
                        for (i, horizontal) in passes {
                            if horizontal {
                                Passes::set(&mut m.horizontal, i);
                            } else {
                                Passes::set(&mut m.vertical, i);
                            }
                        }
                        slot.push((l, m));
                    }
                }
            }
        }
        let reach = (0..k)
            .map(|a| {
                (0..k)
                    .map(|b| {
                        lines[a][b]
                            .iter()
                            .chain(lines[b][a].iter())
                            .fold(Passes::default(), |m, (_, p)| union(&m, p))
                    })
                    .collect()
            })
            .collect();
        Atlas { lines, reach }
    }

    /// The drawing cut down to what can still matter: a drawn horizontal
    /// pass only where some future line could pass vertically, and the
    /// other way round. Future lines join x's among `avail`, so two
    /// drawings that agree there play the same from now on — which is
    /// what lets the memo recognise them.
    fn relevant(&self, avail: u16, drawn: &Passes) -> Passes {
        let mut reach = Passes::default();
        let k = self.lines.len();
        for a in 0..k {
            if avail & (1 << a) == 0 {
                continue;
            }
            for b in a + 1..k {
                if avail & (1 << b) != 0 {
                    reach = union(&reach, &self.reach[a][b]);
                }
            }
        }
        let mut out = Passes::default();
        for w in 0..3 {
            out.horizontal[w] = drawn.horizontal[w] & reach.vertical[w];
            out.vertical[w] = drawn.vertical[w] & reach.horizontal[w];
        }
        out
    }
}

/// True when a line with passes `m` crosses nothing drawn in `d`.
fn clear(m: &Passes, d: &Passes) -> bool {
    (0..3).all(|w| m.horizontal[w] & d.vertical[w] == 0 && m.vertical[w] & d.horizontal[w] == 0)
}

fn union(a: &Passes, b: &Passes) -> Passes {
    let mut out = *a;
    for w in 0..3 {
        out.horizontal[w] |= b.horizontal[w];
        out.vertical[w] |= b.vertical[w];
    }
    out
}

type Memo = HashMap<(u16, u8, Passes), bool>;

/// Whether the side to move wins: misère, so having no line wins.
fn wins(atlas: &Atlas, used: u16, from: u8, drawn: &Passes, memo: &mut Memo) -> bool {
    let all = (1u32 << atlas.lines.len()) - 1;
    let avail = (!used as u32 & all) as u16 | (1 << from);
    let drawn = &atlas.relevant(avail, drawn);
    let key = (used, from, *drawn);
    if let Some(&v) = memo.get(&key) {
        return v;
    }
    let mut any = false;
    let mut win = false;
    for (b, cands) in atlas.lines[from as usize].iter().enumerate() {
        if used & (1 << b) != 0 {
            continue;
        }
        for (_, m) in cands {
            if clear(m, drawn) {
                any = true;
                if !wins(atlas, used | (1 << b), b as u8, &union(drawn, m), memo) {
                    win = true;
                    break;
                }
            }
        }
        if win {
            break;
        }
    }
    let v = win || !any;
    memo.insert(key, v);
    v
}

/// The value of a part-2 position for the side to move, and each legal
/// line with its value for the player drawing it (misère: a player with
/// no line at its turn wins).
pub fn solve(p: &Position) -> (bool, Vec<(Line, bool)>) {
    let atlas = Atlas::new(p);
    let mut memo = Memo::new();
    let moves: Vec<(Line, bool)> = p
        .legal_lines()
        .into_iter()
        .map(|l| {
            let a = p.x_at(l.from).expect("an x");
            let b = p.x_at(l.to).expect("an x");
            let m = atlas.lines[a][b]
                .iter()
                .find(|(c, _)| *c == l)
                .map(|(_, m)| *m)
                .expect("a legal line is in the atlas");
            let used = p.used | (1 << a) | (1 << b);
            // This line wins if the opponent then loses.
            let opponent = wins(&atlas, used, b as u8, &union(&p.passes, &m), &mut memo);
            (l, !opponent)
        })
        .collect();
    let value = moves.is_empty() || moves.iter().any(|(_, w)| *w);
    (value, moves)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(text: &str) -> Position {
        Position::parse(text).unwrap()
    }

    #[test]
    fn a_position_file_reads_in_either_case_and_spacing() {
        let lower = Position::parse("size 5\nxs A1 C3 E1 B5\nlines a1-c3 via c1\nfrom c3\n").unwrap();
        let upper = Position::parse("SIZE 5\nXS A1 C3 E1 B5\nLINES A1-C3  VIA  C1\nFROM C3\n").unwrap();
        assert_eq!(lower.from, upper.from);
        assert_eq!(lower.lines, upper.lines);
        assert!(Position::parse("size 5\nxs A1 C3\nfrom ANY\n").is_ok());
    }

    #[test]
    fn straight_and_l_lines_and_the_crossing_rule() {
        let p = pos("size 5\nxs A1 E1 C3 A5\nlines A1-E1\nfrom E1\n");
        // From E1: to C3 via C1 passes D1 (on the earlier horizontal line:
        // running along it is allowed) or via E3 (E2 free).
        let names: Vec<String> = p.legal_lines().iter().map(|l| l.to_string()).collect();
        assert!(names.contains(&"E1-C3 via C1".to_string()), "{names:?}");
        assert!(names.contains(&"E1-C3 via E3".to_string()));
        let r = Position::parse("size 5\nxs B5 A1 E1 B3\nlines A1-E1\nfrom E1\n").unwrap();
        assert!(r
            .fits(&Line {
                from: Cell { col: 1, row: 2 },
                to: Cell { col: 1, row: 4 },
                via: None
            })
            .is_ok());
        let crossing = Position::parse("size 5\nxs A2 E2 C1 C3\nlines A2-E2\nfrom E2\n").unwrap();
        let err = crossing.fits(&Line {
            from: Cell { col: 2, row: 0 },
            to: Cell { col: 2, row: 2 },
            via: None,
        });
        assert!(
            err.unwrap_err().contains("crosses"),
            "C1-C3 crosses A2-E2 at C2"
        );
    }

    fn fits(p: &Position, line: &str) -> Result<(), String> {
        let l = p.parse_line(line).map_err(|e| e.to_string())?;
        p.fits(&l).map(|_| ())
    }

    #[test]
    fn meeting_at_a_turn_is_not_a_crossing() {
        // Earlier A2-E2 passes B2, C2, D2 horizontally.
        let p = pos("size 5\nxs A2 E2 C4 C1 A4 E5\nlines A2-E2\nfrom E2\n");
        // Turning on the earlier line's straight part: C4 up to C2, then
        // along row 2 to E2.
        assert_eq!(fits(&p, "C4-E2 via C2"), Ok(()));
        // Straight through it is a crossing: C1 down to C4 passes C2.
        assert!(fits(&p, "C1-C4")
            .unwrap_err()
            .contains("crosses an earlier line on C2"));
        // Earlier C1-E3 via C3: C2 vertical, corner C3, D3 horizontal.
        let q = pos("size 5\nxs C1 E3 A3 C5\nlines C1-E3 via C3\nfrom E3\n");
        // A corner is neither horizontal nor vertical: a new line may turn
        // on it, or pass straight through it (and run on along D3).
        assert_eq!(fits(&q, "A3-C5 via C3"), Ok(()));
        assert_eq!(fits(&q, "A3-E3"), Ok(()));
        // Crossing the straight part next to it is not allowed.
        let r = pos("size 5\nxs C1 E3 D1 D5\nlines C1-E3 via C3\nfrom E3\n");
        assert!(fits(&r, "D1-D5")
            .unwrap_err()
            .contains("crosses an earlier line on D3"));
    }

    #[test]
    fn lines_may_not_pass_over_x_or_turn_on_one() {
        let p = pos("size 5\nxs A1 C1 E1\n");
        let names: Vec<String> = p.legal_lines().iter().map(|l| l.to_string()).collect();
        assert!(
            !names.contains(&"A1-E1".to_string()),
            "C1 is in the way: {names:?}"
        );
        let q = pos("size 5\nxs A1 C3 A3\n");
        let err = q.fits(&Line {
            from: Cell { col: 0, row: 0 },
            to: Cell { col: 2, row: 2 },
            via: Some(Cell { col: 0, row: 2 }),
        });
        assert!(
            err.unwrap_err().contains("corner"),
            "the corner A3 holds an x"
        );
        assert!(Position::parse("size 5\nxs A1 C1 E1\nlines A1-E1\n").is_err());
    }

    #[test]
    fn misere_two_x_is_a_loss_for_the_first_player() {
        // One line exists; whoever draws it draws the last line and loses,
        // so the first player (who must move) loses.
        let (v, moves) = solve(&pos("size 4\nxs A1 A4\n"));
        assert!(!v);
        assert_eq!(moves.len(), 2, "A1-A4 and A4-A1 differ on the first line");
        assert!(moves.iter().all(|(_, w)| !w));
        // Three x's in a row: A1-B1 then B1-C1 is forced: the second line
        // is the last, so the first player wins with A1-B1 (or C1-B1).
        let (v, _) = solve(&pos("size 4\nxs A1 B1 C1\n"));
        assert!(v);
    }

    /// Plain recursion over `legal_lines` and `draw`, no memo, no masks.
    fn naive(p: &Position) -> bool {
        let lines = p.legal_lines();
        lines.is_empty()
            || lines.into_iter().any(|l| {
                let mut q = p.clone();
                q.draw(l);
                !naive(&q)
            })
    }

    #[test]
    fn agrees_with_plain_recursion_on_random_small_positions() {
        let mut seed = 0x0123_4567_89AB_CDEFu64;
        for case in 0..60 {
            let n = 5 + (case % 2) as u8;
            let k = 5 + case % 2;
            let mut cells: Vec<String> = Vec::new();
            while cells.len() < k {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let c = Cell {
                    col: (seed % n as u64) as u8,
                    row: ((seed >> 8) % n as u64) as u8,
                };
                if !cells.contains(&c.to_string()) {
                    cells.push(c.to_string());
                }
            }
            let p = pos(&format!("size {n}\nxs {}\n", cells.join(" ")));
            let (v, moves) = solve(&p);
            assert_eq!(v, naive(&p), "{cells:?}");
            for (l, w) in moves {
                let mut q = p.clone();
                q.draw(l);
                assert_eq!(w, !naive(&q), "{cells:?} {l}");
            }
        }
    }

    #[test]
    fn an_empty_move_list_wins_for_the_side_to_move() {
        let p = pos("size 4\nxs A1 B1\nlines A1-B1\nfrom B1\n");
        let (v, moves) = solve(&p);
        assert!(moves.is_empty());
        assert!(v, "the opponent drew the last line");
    }
}
