//! Part 2 of the permutation game: scoring and exact best play.
//!
//! Imports nothing from the crate (only `std`, serde and thiserror): a
//! search knows no match, chat or page.

use std::fmt;

use serde::Serialize;
use thiserror::Error;

/// The x's: `rows[c]` is the row (0 = top) of the x in column c.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Perm {
    pub rows: Vec<u8>,
}

#[derive(Debug, Error, PartialEq, Eq, Clone)]
pub enum PermError {
    #[error("line {0}: {1}")]
    Line(usize, String),
    #[error("the position needs a 'perm' line: the row, from the top, of the x in column A, B, …")]
    NoPerm,
    #[error("{0} is not a permutation of 1..{1}: each row must hold exactly one x")]
    NotPermutation(String, usize),
    #[error("n = {n} is not k·m + 1 with k ≥ 3 for m = {m} players")]
    Size { n: usize, m: usize },
    #[error("n = {0} is too large to solve exactly here (at most 20)")]
    TooLarge(usize),
    #[error("'{0}' is not an x of this grid")]
    NotAnX(String),
    #[error("the first x numbered must be the leftmost, {0}")]
    NotLeftmost(String),
    #[error("{0} is numbered twice")]
    Twice(String),
}

impl Perm {
    pub fn n(&self) -> usize {
        self.rows.len()
    }
    /// The name of the x in column `c`: column letter, row from the top.
    pub fn name(&self, c: usize) -> String {
        format!("{}{}", (b'A' + c as u8) as char, self.rows[c] + 1)
    }
    /// Points for numbering the x in column `b` right after column `a`.
    pub fn points(&self, a: usize, b: usize) -> u32 {
        (self.rows[a].abs_diff(self.rows[b]) as u32) * (a.abs_diff(b) as u32)
    }
    /// The column of the x named like `G3`.
    pub fn column_of(&self, name: &str) -> Result<usize, PermError> {
        let b = name.trim().as_bytes();
        let bad = || PermError::NotAnX(name.trim().to_string());
        if b.len() < 2 {
            return Err(bad());
        }
        let c = b[0].to_ascii_uppercase().wrapping_sub(b'A') as usize;
        let r: usize = std::str::from_utf8(&b[1..])
            .ok()
            .and_then(|s| s.parse().ok())
            .ok_or_else(bad)?;
        if c < self.n() && r >= 1 && self.rows[c] as usize == r - 1 {
            Ok(c)
        } else {
            Err(bad())
        }
    }
}

impl fmt::Display for Perm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let rows: Vec<String> = self.rows.iter().map(|r| (r + 1).to_string()).collect();
        write!(f, "perm {}", rows.join(" "))
    }
}

/// A position file: players, the x's, the x's numbered so far.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Position {
    pub players: usize,
    pub perm: Perm,
    /// Columns in numbering order (the first is column A).
    pub numbered: Vec<usize>,
}

impl Position {
    /// Reads `players m`, `perm r1 r2 …`, optional `numbered A5 G3 …`.
    pub fn parse(text: &str) -> Result<Position, PermError> {
        let mut players = 2;
        let mut perm = None;
        let mut names: Vec<String> = Vec::new();
        for (i, line) in text.lines().enumerate() {
            let line = line.split('#').next().unwrap_or("").trim();
            let mut words = line.split_whitespace();
            let Some(key) = words.next() else { continue };
            let rest: Vec<&str> = words.collect();
            match key {
                "players" => {
                    players = rest
                        .first()
                        .and_then(|w| w.parse().ok())
                        .filter(|m| *m >= 2)
                        .ok_or_else(|| {
                            PermError::Line(i + 1, "write 'players m' with m ≥ 2".into())
                        })?;
                }
                "perm" => {
                    let rows: Vec<usize> = rest
                        .iter()
                        .map(|w| w.parse::<usize>())
                        .collect::<Result<_, _>>()
                        .map_err(|_| PermError::Line(i + 1, "rows are numbers 1..n".into()))?;
                    let n = rows.len();
                    let mut seen = vec![false; n + 1];
                    for &r in &rows {
                        if r == 0 || r > n || std::mem::replace(&mut seen[r], true) {
                            return Err(PermError::NotPermutation(rest.join(" "), n));
                        }
                    }
                    perm = Some(Perm {
                        rows: rows.iter().map(|r| (r - 1) as u8).collect(),
                    });
                }
                "numbered" => names.extend(rest.iter().map(|w| w.to_string())),
                _ => {
                    return Err(PermError::Line(
                        i + 1,
                        format!("'{key}' is not a key: use players, perm or numbered"),
                    ))
                }
            }
        }
        let perm = perm.ok_or(PermError::NoPerm)?;
        let n = perm.n();
        if n < 3 * players + 1 || (n - 1) % players != 0 {
            return Err(PermError::Size { n, m: players });
        }
        if n > 20 {
            return Err(PermError::TooLarge(n));
        }
        let mut numbered = Vec::new();
        for name in &names {
            let c = perm.column_of(name)?;
            if numbered.contains(&c) {
                return Err(PermError::Twice(name.clone()));
            }
            numbered.push(c);
        }
        if let Some(&first) = numbered.first() {
            if first != 0 {
                return Err(PermError::NotLeftmost(perm.name(0)));
            }
        }
        if numbered.is_empty() {
            numbered.push(0);
        }
        Ok(Position {
            players,
            perm,
            numbered,
        })
    }

    /// Points each player has scored so far. Move j (numbering x j+1) is
    /// player ((j − 1) mod m)'s.
    pub fn scored(&self) -> Vec<u32> {
        let mut s = vec![0; self.players];
        for (j, w) in self.numbered.windows(2).enumerate() {
            s[j % self.players] += self.perm.points(w[0], w[1]);
        }
        s
    }
}

/// Best play from a position.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Analysis {
    /// Final totals per player under best play (points so far included).
    pub totals: Vec<u32>,
    /// The best next x (reading order breaks ties), if any remain.
    pub best: Option<String>,
    /// Every equally good next x, in reading order.
    pub best_all: Vec<String>,
    /// The whole numbering under best play, from 1.
    pub line: Vec<String>,
    /// Each next x with the totals it leads to and its loss against the
    /// best (in the mover's measure).
    pub moves: Vec<(String, Vec<u32>, i64)>,
}

/// The exact solver: future points per player for every (numbered set,
/// last) state, filled on demand.
struct Solver<'a> {
    perm: &'a Perm,
    m: usize,
    n: usize,
    memo: Vec<Option<Vec<u32>>>,
}

impl Solver<'_> {
    /// Columns in reading order: by row, top first (one x per row).
    fn reading_order(&self) -> Vec<usize> {
        let mut cols: Vec<usize> = (0..self.n).collect();
        cols.sort_by_key(|&c| self.perm.rows[c]);
        cols
    }

    /// The mover's measure of a future: own points, or own minus the
    /// other's with two players.
    fn measure(&self, future: &[u32], mover: usize) -> i64 {
        if self.m == 2 {
            future[mover] as i64 - future[1 - mover] as i64
        } else {
            future[mover] as i64
        }
    }

    /// Each x still free after `mask` (numbered, `last` numbered last), in
    /// `order`, if `mover` numbers it next: the x, every player's points
    /// from there on, and their measure for `mover`.
    fn each_choice(
        &mut self,
        mask: usize,
        last: usize,
        mover: usize,
        order: &[usize],
        mut f: impl FnMut(usize, Vec<u32>, i64),
    ) {
        for &c in order {
            if mask & (1 << c) != 0 {
                continue;
            }
            let mut future = self.future(mask | (1 << c), c, order);
            future[mover] += self.perm.points(last, c);
            let v = self.measure(&future, mover);
            f(c, future, v);
        }
    }

    /// Future points from `mask` (numbered) with `last` numbered last.
    fn future(&mut self, mask: usize, last: usize, order: &[usize]) -> Vec<u32> {
        let key = mask * self.n + last;
        if let Some(v) = &self.memo[key] {
            return v.clone();
        }
        let done = mask.count_ones() as usize;
        let out = if done == self.n {
            vec![0; self.m]
        } else {
            let mover = (done - 1) % self.m;
            let mut best: Option<(i64, Vec<u32>)> = None;
            self.each_choice(mask, last, mover, order, |_, f, v| {
                if best.as_ref().is_none_or(|(b, _)| v > *b) {
                    best = Some((v, f));
                }
            });
            best.expect("an x remains").1
        };
        self.memo[key] = Some(out.clone());
        out
    }
}

/// Best play from a position.
pub fn analyse(p: &Position) -> Analysis {
    let n = p.perm.n();
    let mut s = Solver {
        perm: &p.perm,
        m: p.players,
        n,
        memo: vec![None; (1 << n) * n],
    };
    let order = s.reading_order();
    let mask: usize = p.numbered.iter().fold(0, |m, &c| m | (1 << c));
    let last = *p.numbered.last().expect("1 is always placed");
    let scored = p.scored();
    let done = p.numbered.len();
    let mut moves = Vec::new();
    let mut best_v = i64::MIN;
    if done < n {
        let mover = (done - 1) % p.players;
        s.each_choice(mask, last, mover, &order, |c, f, v| {
            best_v = best_v.max(v);
            let totals: Vec<u32> = f.iter().zip(&scored).map(|(a, b)| a + b).collect();
            moves.push((c, totals, v));
        });
    }
    let best_all: Vec<String> = moves
        .iter()
        .filter(|(_, _, v)| *v == best_v)
        .map(|(c, _, _)| p.perm.name(*c))
        .collect();
    // The line: follow the best move (reading order first) to the end.
    let mut line: Vec<usize> = p.numbered.clone();
    let mut mk = mask;
    let mut at = last;
    while line.len() < n {
        let mover = (line.len() - 1) % p.players;
        let mut pick: Option<(i64, usize)> = None;
        s.each_choice(mk, at, mover, &order, |c, _, v| {
            if pick.is_none_or(|(b, _)| v > b) {
                pick = Some((v, c));
            }
        });
        let (_, c) = pick.expect("an x remains");
        line.push(c);
        mk |= 1 << c;
        at = c;
    }
    let future = s.future(mask, last, &order);
    let totals = future.iter().zip(&scored).map(|(a, b)| a + b).collect();
    Analysis {
        totals,
        best: best_all.first().cloned(),
        best_all,
        line: line.iter().map(|&c| p.perm.name(c)).collect(),
        moves: moves
            .into_iter()
            .map(|(c, t, v)| (p.perm.name(c), t, best_v - v))
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SEED: &str = "players 2\nperm 5 1 2 6 4 7 3\n";

    #[test]
    fn the_seeds_worked_example_scores_24_to_37() {
        // 1 on A5, then 2 F7, 3 B1, 4 D6, 5 G3, 6 C2, 7 E4.
        let p = Position::parse(&format!("{SEED}numbered A5 F7 B1 D6 G3 C2 E4\n")).unwrap();
        assert_eq!(p.scored(), vec![24, 37]);
        let a = analyse(&p);
        assert_eq!(
            a.totals,
            vec![24, 37],
            "a finished game's totals are its scores"
        );
        assert!(a.best.is_none());
    }

    /// Every numbering order, played out by plain recursion.
    fn brute(perm: &Perm, m: usize, line: &mut Vec<usize>, scored: Vec<u32>) -> Vec<u32> {
        let n = perm.n();
        if line.len() == n {
            return scored;
        }
        let mover = (line.len() - 1) % m;
        let mut order: Vec<usize> = (0..n).collect();
        order.sort_by_key(|&c| perm.rows[c]);
        let mut best: Option<(i64, Vec<u32>)> = None;
        for c in order {
            if line.contains(&c) {
                continue;
            }
            let mut s = scored.clone();
            s[mover] += perm.points(*line.last().unwrap(), c);
            line.push(c);
            let end = brute(perm, m, line, s);
            line.pop();
            let v = if m == 2 {
                end[mover] as i64 - end[1 - mover] as i64
            } else {
                end[mover] as i64
            };
            if best.as_ref().is_none_or(|(b, _)| v > *b) {
                best = Some((v, end));
            }
        }
        best.unwrap().1
    }

    #[test]
    fn agrees_with_brute_force_on_small_permutations() {
        let mut seed = 0x1234_5678u64;
        for (n, m) in [(7usize, 2usize), (7, 2), (7, 2), (10, 3), (9, 2)] {
            let mut rows: Vec<u8> = (0..n as u8).collect();
            for i in (1..n).rev() {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                rows.swap(i, (seed % (i as u64 + 1)) as usize);
            }
            let perm = Perm { rows };
            let text = format!("players {m}\n{perm}\n");
            let p = Position::parse(&text).unwrap();
            if n <= 9 {
                assert_eq!(
                    analyse(&p).totals,
                    brute(&perm, m, &mut vec![0], vec![0; m]),
                    "{text}"
                );
            }
            let a = analyse(&p);
            assert_eq!(a.line.len(), n);
            assert_eq!(a.best.as_deref(), a.line.get(1).map(String::as_str));
        }
    }

    #[test]
    fn bad_positions_are_named() {
        assert_eq!(Position::parse("players 2\n"), Err(PermError::NoPerm));
        assert!(matches!(
            Position::parse("players 2\nperm 1 1 2 3 4 5 6\n"),
            Err(PermError::NotPermutation(..))
        ));
        assert!(matches!(
            Position::parse("players 2\nperm 1 2 3 4 5 6\n"),
            Err(PermError::Size { .. })
        ));
        assert!(matches!(
            Position::parse(&format!("{SEED}numbered B1\n")),
            Err(PermError::NotLeftmost(_))
        ));
        assert!(matches!(
            Position::parse(&format!("{SEED}numbered A5 Z9\n")),
            Err(PermError::NotAnX(_))
        ));
    }
}
