//! Cells told in long-hand, the way newcomers point at a board: `the
//! square in column C, third row`, `second from the top in column F`,
//! `row F, column 6`, `the top left corner`, `the middle of the bottom
//! row`, `the very middle`. Each becomes the game's own `C3` before its
//! reader runs.
//!
//! Where "top" and "left" are depends on how the game names its cells, so
//! a game says so with its [`Axes`]: which way its letters run (columns,
//! or Duorail's rows) and from which edge its rows are numbered (Dodgem
//! counts from the bottom). A row said by its number (`row 3`) is that
//! number as written; only a row counted from an edge (`third row`,
//! `second from the top`, `the bottom row`) needs the board's height.
//!
//! A row and a column are read as one cell only close together (a few
//! words of filler between: `column C, the third row`), so a sentence
//! that names a row here and a column there is left as written.
//!
//! Imports nothing but the standard library.

/// How a game names its cells: a letter and a number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Axes {
    /// The letters name rows (Duorail: `F6` is row F, column 6); else
    /// columns.
    pub letters_are_rows: bool,
    /// Row 1 is the top row (else the bottom row).
    pub numbered_from_top: bool,
    /// Columns and rows on the board.
    pub columns: u8,
    pub rows: u8,
}

/// A row as said: counted from the top edge, or named by its number or
/// letter as the game writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Row {
    FromTop(u8),
    Named(u8),
}

/// A column as said: counted from the left edge (the letter's or the
/// number's place), which is how every game here names columns.
type Column = u8;

/// Words that may stand between a row and a column said together.
const FILLER: [&str; 12] = [
    "in", "of", "the", "on", "at", "and", "square", "cell", "spot", "one", "x", "a",
];

/// `first` … `twelfth`, `1st` … `12th`: the number.
fn ordinal(w: &str) -> Option<u8> {
    const WORDS: [&str; 12] = [
        "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth",
        "tenth", "eleventh", "twelfth",
    ];
    if let Some(k) = WORDS.iter().position(|x| *x == w) {
        return Some(k as u8 + 1);
    }
    let digits = w.trim_end_matches(|c: char| c.is_ascii_alphabetic());
    let suffix = &w[digits.len()..];
    matches!(suffix, "st" | "nd" | "rd" | "th")
        .then(|| digits.parse().ok())
        .flatten()
        .filter(|&n| (1..=12).contains(&n))
}

/// A row's or column's mark as the game writes it: a letter `a`–`l` when
/// `letter` (its place, 1-based), else a number `1`–`12`.
fn place(w: &str, letter: bool) -> Option<u8> {
    match (w.as_bytes(), letter) {
        ([c @ b'a'..=b'l'], true) => Some(c - b'a' + 1),
        (_, false) => w.parse().ok().filter(|&n| (1..=12).contains(&n)),
        _ => None,
    }
}

impl Axes {
    /// A board whose letters name columns and whose row 1 is the top.
    pub const fn numbered_from_top(columns: u8, rows: u8) -> Axes {
        Axes {
            letters_are_rows: false,
            numbered_from_top: true,
            columns,
            rows,
        }
    }

    /// The cell at row `r` counted from the top and column `c` from the
    /// left, as the game writes it.
    fn cell(&self, r: u8, c: Column) -> Option<String> {
        if r == 0 || c == 0 || r > self.rows || c > self.columns {
            return None;
        }
        let letter = |n: u8| char::from(b'A' + n - 1);
        Some(if self.letters_are_rows {
            format!("{}{c}", letter(r))
        } else {
            let number = if self.numbered_from_top {
                r
            } else {
                self.rows + 1 - r
            };
            format!("{}{number}", letter(c))
        })
    }

    /// The cell at `row` and column `c`.
    fn at(&self, row: Row, c: Column) -> Option<String> {
        match row {
            Row::FromTop(r) => self.cell(r, c),
            // Named as written: the number (or Duorail's letter) is the
            // game's own.
            Row::Named(n) => {
                let r = if self.letters_are_rows || self.numbered_from_top {
                    n
                } else {
                    self.rows.checked_add(1)?.checked_sub(n)?
                };
                self.cell(r, c)
            }
        }
    }

    fn middle(n: u8) -> Option<u8> {
        (n % 2 == 1).then_some(n / 2 + 1)
    }
}

/// A row said at word `k`: the row and how many words it took.
fn row_at(ws: &[&str], k: usize, axes: &Axes) -> Option<(Row, usize)> {
    if k >= ws.len() {
        return None;
    }
    let next = |d: usize| ws.get(k + d).copied();
    let from_edge = |d: usize, n: u8| -> Option<(Row, usize)> {
        match (next(d), next(d + 1), next(d + 2)) {
            (Some("from"), Some("the"), Some("top")) => Some((Row::FromTop(n), d + 3)),
            (Some("from"), Some("the"), Some("bottom")) => Some((
                Row::FromTop(axes.rows.checked_add(1)?.checked_sub(n)?),
                d + 3,
            )),
            _ => None,
        }
    };
    let w = ws[k];
    if let Some(n) = ordinal(w) {
        // `third row (from the top)`, `second (one) from the top`.
        if next(1) == Some("row") {
            return from_edge(2, n).or(Some((Row::Named(n), 2)));
        }
        return from_edge(1, n).or_else(|| {
            matches!(next(1), Some("one" | "square" | "cell"))
                .then(|| from_edge(2, n))
                .flatten()
        });
    }
    match (w, next(1)) {
        ("top", Some("row")) => Some((Row::FromTop(1), 2)),
        ("bottom", Some("row")) => Some((Row::FromTop(axes.rows), 2)),
        ("middle", Some("row")) => Some((Row::FromTop(Axes::middle(axes.rows)?), 2)),
        // A row is named by the game's own kind of mark: a letter on
        // Duorail's board, a number on the others.
        ("row", Some(n)) => Some((Row::Named(place(n, axes.letters_are_rows)?), 2)),
        _ => None,
    }
}

/// A column said at word `k`: its place from the left and how many words
/// it took.
fn column_at(ws: &[&str], k: usize, axes: &Axes) -> Option<(Column, usize)> {
    if k >= ws.len() {
        return None;
    }
    let next = ws.get(k + 1).copied();
    match (ws[k], next) {
        ("column" | "col", Some(n)) => Some((place(n, !axes.letters_are_rows)?, 2)),
        (w, Some("column")) => ordinal(w).map(|c| (c, 2)),
        _ => None,
    }
}

/// The corner or middle said at word `k` (`top left`, `bottom-right`,
/// `the very middle`, `the middle of the bottom row`).
fn spot_at(ws: &[&str], k: usize, axes: &Axes) -> Option<(String, usize)> {
    if k >= ws.len() {
        return None;
    }
    let next = |d: usize| ws.get(k + d).copied();
    let side = |w: Option<&str>| match w {
        Some("top" | "upper") => Some(1),
        Some("bottom" | "lower") => Some(axes.rows),
        _ => None,
    };
    let across = |w: Option<&str>| match w {
        Some("left") => Some(1),
        Some("right") => Some(axes.columns),
        _ => None,
    };
    if let (Some(r), Some(c)) = (side(next(0)), across(next(1))) {
        let took = if next(2) == Some("corner") { 3 } else { 2 };
        return Some((axes.cell(r, c)?, took));
    }
    match (ws[k], next(1), next(2)) {
        // `the middle of the bottom row`, `middle of row 1`.
        ("middle", Some("of"), _) => {
            let d = if next(2) == Some("the") { 3 } else { 2 };
            let (row, took) = row_at(ws, k + d, axes)?;
            Some((axes.at(row, Axes::middle(axes.columns)?)?, d + took))
        }
        // `the very middle`, `the centre square`.
        ("very", Some("middle" | "centre" | "center"), _) => {
            let (r, c) = (Axes::middle(axes.rows)?, Axes::middle(axes.columns)?);
            Some((axes.cell(r, c)?, 2))
        }
        _ => None,
    }
}

/// `line` with each cell told in long-hand written as the game's cell.
pub fn cells_told(text: &str, axes: &Axes) -> String {
    text.split('\n')
        .map(|line| line_told(line, axes))
        .collect::<Vec<_>>()
        .join("\n")
}

fn line_told(line: &str, axes: &Axes) -> String {
    let lower = line.to_lowercase();
    // Both strings index alike only when lowercasing keeps every length.
    if lower.len() != line.len() {
        return line.to_string();
    }
    let mut spans: Vec<(usize, usize)> = Vec::new();
    let mut start = None;
    for (at, c) in lower.char_indices() {
        match (c.is_alphanumeric(), start) {
            (true, None) => start = Some(at),
            (false, Some(s)) => {
                spans.push((s, at));
                start = None;
            }
            _ => {}
        }
    }
    if let Some(s) = start {
        spans.push((s, lower.len()));
    }
    let ws: Vec<&str> = spans.iter().map(|&(a, b)| &lower[a..b]).collect();
    let mut out = String::with_capacity(line.len());
    let mut copied = 0;
    let mut k = 0;
    while k < ws.len() {
        let spot = spot_at(&ws, k, axes);
        // `the top left corner` is the cell, `the` and all.
        let from = match spot {
            Some(_) if k > 0 && ws[k - 1] == "the" && spans[k - 1].0 >= copied => spans[k - 1].0,
            _ => spans[k].0,
        };
        match spot.or_else(|| pair_at(&ws, k, axes)) {
            Some((cell, took)) => {
                out.push_str(&line[copied..from]);
                out.push_str(&cell);
                copied = spans[k + took - 1].1;
                k += took;
            }
            None => k += 1,
        }
    }
    out.push_str(&line[copied..]);
    out
}

/// A row and a column said together from word `k`, either first, with a
/// few words of filler between: the cell and how many words it took.
fn pair_at(ws: &[&str], k: usize, axes: &Axes) -> Option<(String, usize)> {
    let filler_after = |from: usize| {
        (from..ws.len().min(from + 3))
            .take_while(|&i| FILLER.contains(&ws[i]))
            .count()
    };
    if let Some((row, took)) = row_at(ws, k, axes) {
        let gap = filler_after(k + took);
        let (c, more) = column_at(ws, k + took + gap, axes)?;
        return Some((axes.at(row, c)?, took + gap + more));
    }
    let (c, took) = column_at(ws, k, axes)?;
    let gap = filler_after(k + took);
    let (row, more) = row_at(ws, k + took + gap, axes)?;
    Some((axes.at(row, c)?, took + gap + more))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::chat_checks::assert_rewrites;

    /// x's and lines, the permutation game, Traffic Jam, Bejeweled.
    const FROM_TOP: Axes = Axes {
        letters_are_rows: false,
        numbered_from_top: true,
        columns: 8,
        rows: 8,
    };
    /// Dodgem on 3×3: `a1` is the bottom left.
    const DODGEM: Axes = Axes {
        letters_are_rows: false,
        numbered_from_top: false,
        columns: 3,
        rows: 3,
    };
    /// Duorail: rows A–I from the top, columns 1–9.
    const DUORAIL: Axes = Axes {
        letters_are_rows: true,
        numbered_from_top: true,
        columns: 9,
        rows: 9,
    };

    #[test]
    fn cells_told_in_long_hand_are_the_games_own_and_talk_stays_as_written() {
        let told_on = |axes: Axes| move |text: &str| cells_told(text, &axes);
        assert_rewrites(
            told_on(FROM_TOP),
            &[
                ("the square in column C, third row", "the square in C3"),
                ("column C, second row from the top? ok", "C2? ok"),
                (
                    "the square second from the top in column F",
                    "the square F2",
                ),
                ("I'll try the top left corner?", "I'll try A1?"),
                ("from the top left one down to A5", "from A1 one down to A5"),
                ("the very middle? no", "the very middle? no"),
                ("row 3, column C", "C3"),
                ("the bottom-right corner", "H8"),
            ],
            // Rows and columns apart, or in talk.
            &[
                "the third row is full, and column C too",
                "first to 3 wins",
                "the middle is crowded",
                "column C is blocked",
                // A 3×3 board's middle exists; an 8×8 board's does not.
                "the very middle",
            ],
        );
        assert_rewrites(
            told_on(DODGEM),
            &[
                ("my car in the middle of the bottom row", "my car in B1"),
                ("the top left corner", "A3"),
                ("the very middle", "B2"),
            ],
            // Off the board.
            &["column F, third row"],
        );
        assert_rewrites(
            told_on(DUORAIL),
            &[
                ("the square in row F, column 6", "the square in F6"),
                ("second from the top in column 6", "B6"),
            ],
            // The wrong kind of mark for the game's rows.
            &["row 3, column C"],
        );
    }
}
