//! Part 1 of x's and lines — placing the x's — valued exactly on small
//! grids.
//!
//! Who placed an x makes no difference in part 2, so a part-1 position is
//! just the set of cells holding x's, and whose turn it is follows from how
//! many there are. Player 1 draws the first line of part 2 whatever the
//! parity of n, so the search keeps values from player 1's side: `wins(S)`
//! is "player 1 wins from S with best play". A full set (n x's) is a part-2
//! position valued by the part-2 solver. The eight symmetries of the square
//! map lines to lines and crossings to crossings, so they change no value:
//! sets are memoised under their smallest image, which cuts the work about
//! eightfold, and the search stops at a player's first winning placement.
//! Sets are cell masks in one `u64` (n ≤ 6: 36 cells). From the empty
//! grid, 5×5 takes about 20 ms and 6×6 about 6 s.
//!
//! Imports nothing outside its game's `analysis`: a search knows no match,
//! chat or page.

use std::collections::HashMap;

use super::analysis::{solve, Cell, Position, XsError};

/// The largest grid whose placing is valued.
pub const MAX_PLACING: u8 = 6;

/// A part-1 position: the grid and the x's placed so far.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Placing {
    pub n: u8,
    pub xs: Vec<Cell>,
}

impl Placing {
    /// Whether a position file is a part-1 question (it has a `placing`
    /// line).
    pub fn is_placing(text: &str) -> bool {
        text.lines().any(|l| l.trim() == "placing")
    }

    /// Reads `size n`, `xs …` (the x's placed so far) and `placing`.
    pub fn parse(text: &str) -> Result<Placing, XsError> {
        let mut n = None;
        let mut words: Vec<(usize, String)> = Vec::new();
        for (i, raw) in text.lines().enumerate() {
            let line = raw.trim();
            let (key, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
            match key {
                "" | "placing" => {}
                "size" => {
                    n = Some(
                        rest.trim()
                            .parse::<u8>()
                            .ok()
                            .filter(|n| (3..=MAX_PLACING).contains(n))
                            .ok_or_else(|| {
                                XsError::Line(
                                    i + 1,
                                    format!("part 1 is valued for sizes 3 to {MAX_PLACING}"),
                                )
                            })?,
                    )
                }
                "xs" => words.extend(rest.split_whitespace().map(|w| (i + 1, w.to_string()))),
                _ => {
                    return Err(XsError::Line(
                        i + 1,
                        format!("'{key}' is not a key of a part-1 position: use size, xs, placing"),
                    ))
                }
            }
        }
        let n = n.ok_or(XsError::Missing)?;
        let mut xs: Vec<Cell> = Vec::new();
        for (line, w) in words {
            let c = Cell::parse(&w, n).ok_or_else(|| {
                XsError::Line(line, format!("'{w}' is not a cell of a {n}×{n} grid"))
            })?;
            if xs.contains(&c) {
                return Err(XsError::Line(line, format!("{c} holds two x's")));
            }
            xs.push(c);
        }
        if xs.len() > n as usize {
            return Err(XsError::Line(
                2,
                format!("part 1 places {n} x's; {} are given", xs.len()),
            ));
        }
        Ok(Placing { n, xs })
    }

    /// The side to place next: 0 for player 1, 1 for player 2.
    pub fn mover(&self) -> usize {
        self.xs.len() % 2
    }
}

/// The eight symmetries of the n×n square as cell permutations.
struct Symmetries {
    maps: Vec<Vec<u8>>,
}

impl Symmetries {
    fn new(n: u8) -> Symmetries {
        let n = n as usize;
        let mut maps = Vec::new();
        for t in 0..8 {
            let mut map = vec![0u8; n * n];
            for r in 0..n {
                for c in 0..n {
                    let (mut x, mut y) = (c, r);
                    if t & 1 != 0 {
                        x = n - 1 - x;
                    }
                    if t & 2 != 0 {
                        y = n - 1 - y;
                    }
                    if t & 4 != 0 {
                        std::mem::swap(&mut x, &mut y);
                    }
                    map[r * n + c] = (y * n + x) as u8;
                }
            }
            maps.push(map);
        }
        Symmetries { maps }
    }

    /// The smallest image of a cell set.
    fn canonical(&self, set: u64) -> u64 {
        self.maps
            .iter()
            .map(|map| {
                let mut out = 0u64;
                let mut rest = set;
                while rest != 0 {
                    let i = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    out |= 1 << map[i];
                }
                out
            })
            .min()
            .unwrap_or(set)
    }
}

/// The search: player 1's result for every set met, by canonical image.
struct Search {
    n: u8,
    symmetries: Symmetries,
    memo: HashMap<u64, bool>,
}

impl Search {
    fn cells(&self, set: u64) -> Vec<Cell> {
        (0..self.n * self.n)
            .filter(|i| set & (1 << i) != 0)
            .map(|i| Cell {
                col: i % self.n,
                row: i / self.n,
            })
            .collect()
    }

    /// Whether player 1 wins from `set` with best play.
    fn player_one_wins(&mut self, set: u64) -> bool {
        let key = self.symmetries.canonical(set);
        if let Some(&v) = self.memo.get(&key) {
            return v;
        }
        let placed = set.count_ones() as usize;
        let v = if placed == self.n as usize {
            let p = Position::new(self.n, self.cells(set)).expect("n x's on a valid grid");
            solve(&p).0
        } else {
            let player_one_moves = placed.is_multiple_of(2);
            let mut result = !player_one_moves;
            for i in 0..self.n * self.n {
                if set & (1 << i) != 0 {
                    continue;
                }
                if self.player_one_wins(set | (1 << i)) == player_one_moves {
                    result = player_one_moves;
                    break;
                }
            }
            result
        };
        self.memo.insert(key, v);
        v
    }
}

/// The value of a part-1 position for the side to place, and each empty
/// cell with its value for that side (`true` = placing there wins).
pub fn solve_placing(p: &Placing) -> (bool, Vec<(Cell, bool)>) {
    let mut s = Search {
        n: p.n,
        symmetries: Symmetries::new(p.n),
        memo: HashMap::new(),
    };
    let set = p.xs.iter().fold(0u64, |m, c| {
        m | 1 << (c.row as u64 * p.n as u64 + c.col as u64)
    });
    let player_one_moves = p.mover() == 0;
    let for_mover = |p1_wins: bool| p1_wins == player_one_moves;
    if p.xs.len() == p.n as usize {
        let v = s.player_one_wins(set);
        return (for_mover(v), Vec::new());
    }
    let moves: Vec<(Cell, bool)> = (0..p.n * p.n)
        .filter(|i| set & (1 << i) == 0)
        .map(|i| {
            let cell = Cell {
                col: i % p.n,
                row: i / p.n,
            };
            (cell, for_mover(s.player_one_wins(set | 1 << i)))
        })
        .collect();
    let value = moves.iter().any(|(_, w)| *w);
    (value, moves)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Player 1's result by plain minimax over every placing order: no
    /// memo, no symmetry.
    fn brute(n: u8, xs: &mut Vec<Cell>) -> bool {
        if xs.len() == n as usize {
            return solve(&Position::new(n, xs.clone()).unwrap()).0;
        }
        let p1 = xs.len().is_multiple_of(2);
        for r in 0..n {
            for c in 0..n {
                let cell = Cell { col: c, row: r };
                if xs.contains(&cell) {
                    continue;
                }
                xs.push(cell);
                let v = brute(n, xs);
                xs.pop();
                if v == p1 {
                    return p1;
                }
            }
        }
        !p1
    }

    #[test]
    fn symmetries_are_permutations_and_keep_the_canonical_image_fixed() {
        for n in 3..=5u8 {
            let s = Symmetries::new(n);
            for map in &s.maps {
                let mut seen = map.clone();
                seen.sort();
                assert_eq!(seen, (0..n * n).collect::<Vec<u8>>());
            }
            let set = 0b1011_0001u64;
            let c = s.canonical(set);
            assert_eq!(s.canonical(c), c);
            assert_eq!(c.count_ones(), set.count_ones());
        }
    }

    #[test]
    fn three_by_three_agrees_with_plain_minimax_from_every_first_x() {
        for first in 0..9u8 {
            let cell = Cell {
                col: first % 3,
                row: first / 3,
            };
            let p = Placing {
                n: 3,
                xs: vec![cell],
            };
            let (value, moves) = solve_placing(&p);
            // Player 2 to place: its value is "player 1 loses".
            assert_eq!(value, !brute(3, &mut vec![cell]), "after {cell}");
            for (c, v) in moves {
                assert_eq!(v, !brute(3, &mut vec![cell, c]), "after {cell} {c}");
            }
        }
    }

    #[test]
    fn four_by_four_agrees_with_plain_minimax_after_two_x() {
        let xs = vec![Cell { col: 0, row: 0 }, Cell { col: 2, row: 1 }];
        let (value, moves) = solve_placing(&Placing {
            n: 4,
            xs: xs.clone(),
        });
        assert_eq!(value, brute(4, &mut xs.clone()));
        assert_eq!(moves.len(), 14);
        for (c, v) in moves {
            let mut more = xs.clone();
            more.push(c);
            assert_eq!(v, brute(4, &mut more), "placing {c}");
        }
    }

    #[test]
    fn parse_reads_a_part_one_file_and_refuses_big_grids() {
        let p = Placing::parse("size 4\nxs A1 C2\nplacing\n").unwrap();
        assert_eq!(p.xs.len(), 2);
        assert_eq!(p.mover(), 0);
        assert!(Placing::is_placing("size 4\nplacing"));
        assert!(Placing::parse("size 8\nxs A1\nplacing\n").is_err());
        assert!(Placing::parse("size 4\nxs A1 A1\nplacing\n").is_err());
    }
}
