//! Where a Dodgem car may drive, looked up from tables, and the numbers of
//! a position's children and parents worked out from those of its cars
//! (the solver's inner loop).
//!
//! It owns moves and un-moves as numbers; the numbering itself is
//! `index`'s and the values are `solver`'s. It must not import anything
//! outside `dodgem::board` and the solver's own modules.

use super::super::board::{Dir, Position, Side};
use super::index::{squeeze, Cars, Indexer};

/// No road: the car cannot drive that way.
const NO_ROAD: u8 = u8::MAX;
/// The car leaves the board.
const OFF: u8 = u8::MAX - 1;

/// Where a car may drive, looked up rather than worked out (no division
/// by the board size in the solver's loops). Sides are numbered blue 0,
/// red 1.
pub(super) struct Roads {
    n: u8,
    /// `ahead[side][cell]`: where a car on `cell` drives, in the side's
    /// three directions: a cell, [`OFF`] or [`NO_ROAD`].
    ahead: [[[u8; 3]; 25]; 2],
    /// `behind[side][cell]`: the cells a car now on `cell` may have come
    /// from (or [`NO_ROAD`]).
    behind: [[[u8; 3]; 25]; 2],
    /// The cells from which each side leaves the board.
    exits: [u32; 2],
}

fn side_number(side: Side) -> usize {
    match side {
        Side::Blue => 0,
        Side::Red => 1,
    }
}

impl Roads {
    pub(super) fn new(n: u8) -> Roads {
        let mut ahead = [[[NO_ROAD; 3]; 25]; 2];
        let mut behind = [[[NO_ROAD; 3]; 25]; 2];
        let mut exits = [0u32; 2];
        for side in [Side::Blue, Side::Red] {
            let s = side_number(side);
            for cell in 0..n * n {
                for (k, d) in Dir::of(side).into_iter().enumerate() {
                    ahead[s][cell as usize][k] = match Position::step(n, cell, d) {
                        Some(to) => to,
                        None if d == Dir::exit(side) => {
                            exits[s] |= 1 << cell;
                            OFF
                        }
                        None => NO_ROAD,
                    };
                    let back = match d {
                        Dir::North => Dir::South,
                        Dir::South => Dir::North,
                        Dir::East => Dir::West,
                        Dir::West => Dir::East,
                    };
                    behind[s][cell as usize][k] = Position::step(n, cell, back).unwrap_or(NO_ROAD);
                }
            }
        }
        Roads {
            n,
            ahead,
            behind,
            exits,
        }
    }

    /// Calls `f` with the number of each position one move after `at`
    /// and returns how many there are.
    #[inline(always)]
    pub(super) fn children(&self, ix: &Indexer, at: Cars, mut f: impl FnMut(u32)) -> u8 {
        let Cars { blue, red, side } = at;
        if blue == 0 || red == 0 {
            return 0;
        }
        let occupied = blue | red;
        let next = side.other();
        let mut k = 0;
        let (cars, s) = match side {
            Side::Blue => (blue, 0),
            Side::Red => (red, 1),
        };
        // Red's moves keep blue's part of the number; blue's keep red's
        // (its cars renumbered among the free cells) unless a red car
        // lies between where the blue car was and where it goes.
        let (blue_rank, nb) = ix.rank_count(blue);
        let (red_rank, nr) = ix.rank_count(squeeze(red, blue));
        for x in cells(cars) {
            let left = cars & !(1 << x);
            for &to in &self.ahead[s][x as usize] {
                let (moved, between) = match to {
                    NO_ROAD => continue,
                    OFF => (left, above(x)),
                    t if occupied & (1 << t) != 0 => continue,
                    t => (left | 1 << t, between(x, t as u32)),
                };
                k += 1;
                f(match side {
                    Side::Blue if red & between == 0 => {
                        let (rb, nb) = ix.rank_count(moved);
                        ix.blue_part(next, rb, nb, nr) + red_rank
                    }
                    Side::Blue => ix.index_of(moved, red, next),
                    Side::Red => {
                        let (rr, nr) = ix.rank_count(squeeze(moved, blue));
                        ix.blue_part(next, blue_rank, nb, nr) + rr
                    }
                });
            }
        }
        k
    }

    /// Calls `f` with the number of each position one un-move before
    /// `at`: the other side drove a car into its cell, or back on from its
    /// exit edge (the same positions as the reference `parents` in the
    /// tests).
    #[inline(always)]
    pub(super) fn parents(&self, ix: &Indexer, at: Cars, mut f: impl FnMut(u32)) {
        let Cars { blue, red, side } = at;
        let mover = side.other();
        let (cars, waiting) = match mover {
            Side::Blue => (blue, red),
            Side::Red => (red, blue),
        };
        // A game-over position is nobody's child.
        if waiting == 0 {
            return;
        }
        let s = side_number(mover);
        let occupied = blue | red;
        // The mover's cars before each un-move (and the cells between
        // where the car was and where it is now), then their numbers.
        let mut before = [(0u32, 0u32); 16];
        let mut k = 0;
        for y in cells(cars) {
            let left = cars & !(1 << y);
            for &x in &self.behind[s][y as usize] {
                if x != NO_ROAD && occupied & (1 << x) == 0 {
                    before[k] = (left | 1 << x, between(x as u32, y));
                    k += 1;
                }
            }
        }
        // A car that drove off the exit edge.
        if cars.count_ones() < self.n as u32 - 1 {
            for e in cells(self.exits[s] & !occupied) {
                before[k] = (cars | 1 << e, above(e));
                k += 1;
            }
        }
        match mover {
            Side::Blue => {
                // Red's part of the number is the same unless a red car
                // lies between the blue car's two cells.
                let (red_rank, nr) = ix.rank_count(squeeze(red, blue));
                for &(moved, between) in &before[..k] {
                    f(if red & between == 0 {
                        let (rb, nb) = ix.rank_count(moved);
                        ix.blue_part(mover, rb, nb, nr) + red_rank
                    } else {
                        ix.index_of(moved, red, mover)
                    });
                }
            }
            Side::Red => {
                // Blue's part of the number is the same for all.
                let (blue_rank, nb) = ix.rank_count(blue);
                for &(moved, _) in &before[..k] {
                    let (rr, nr) = ix.rank_count(squeeze(moved, blue));
                    f(ix.blue_part(mover, blue_rank, nb, nr) + rr);
                }
            }
        }
    }
}

/// The cells strictly between cells `a` and `b`.
#[inline(always)]
fn between(a: u32, b: u32) -> u32 {
    let (lo, hi) = (a.min(b), a.max(b));
    ((1u32 << hi) - 1) & !((2u32 << lo) - 1)
}

/// The cells above cell `c` (as numbered: c + 1 up to the last).
#[inline(always)]
fn above(c: u32) -> u32 {
    !((2u32 << c) - 1)
}

/// The cells of `set` (bit `c` for cell `c`), lowest first.
#[inline(always)]
fn cells(mut set: u32) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        let c = set.trailing_zeros();
        set &= set.wrapping_sub(1);
        (c < 32).then_some(c)
    })
}
