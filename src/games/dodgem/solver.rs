//! Exact retrograde analysis of Dodgem, as GamesCrafters' GamesmanUni
//! reports it: win / lose / draw for the side to move and the remoteness
//! (plies to the end with best play: a winner ends as fast as it can, a
//! loser as slowly), for every position reachable from the start.
//!
//! Positions are numbered densely (no hashing): a side's cars are a subset
//! of the n² cells with at most n−1 members, ranked in the combinatorial
//! number system, red's ranked among the cells blue leaves free. Value,
//! remoteness and a child counter per position, packed in 16 bits, are the
//! whole table. A breadth-first search from the start finds the reachable
//! positions (164,308,067 of 240,060,402 numbers on 5×5) and counts each
//! one's moves when it expands it; the rest are never looked at again.
//! The analysis is the classic one for loopy games: the decided positions
//! (game over, or stuck) are propagated backwards level by level through
//! un-moves — a parent of a lost position is won; a parent all of whose
//! children are won is lost — and whatever is never decided is a draw.
//! Levels are processed in order, so remoteness is exact.
//!
//! The key decision is how the cores share a level. A position's
//! children and parents are scattered all over the 480 MB table, so
//! visiting them where they fall is a cache (and TLB) miss each, and with
//! shared atomic entries every update is a locked instruction that waits
//! for its miss. Instead a level is worked in rounds of two phases:
//! *spreading*, where each thread expands its share of the level (queues
//! hold only numbers; a position is rebuilt from its number with two
//! table look-ups) and files its children's or parents' numbers by
//! bucket (2¹⁸ consecutive numbers); and *settling*, where each thread
//! owns every other bucket and applies the updates in it, from all
//! threads, with plain loads and stores inside a window that stays in
//! its core's cache. The order in which a level's updates are applied
//! cannot change any value or remoteness, so the result is exact and the
//! same on any number of threads. On 5×5 this cut the solve from about
//! 156 s of CPU (93 s wall on a quiet 2-core machine) to about 42 s of
//! CPU, and the peak memory from about 1 GB to about 770 MB: the 480 MB
//! table, the reached bits and one round's numbers.

use std::sync::atomic::Ordering::Relaxed;
use std::sync::atomic::{AtomicU16, AtomicU64};

use super::board::{Dir, Position, Side, StuckRule};

pub use crate::games::Value;

const UNKNOWN: u8 = 0;
const WIN: u8 = 1;
const LOSE: u8 = 2;
/// Positions not reachable from the start (among them every position
/// whose side to move has no cars: it won on its last move, so it cannot
/// be its turn). The tables hold no value for them.
const UNREACHED: u8 = 3;

/// Cells ranked by the first rank table; the rest by the second.
const LOW_CELLS: u32 = 13;
const LOW_MASK: u32 = (1 << LOW_CELLS) - 1;
const HIGH_CELLS: u32 = 25 - LOW_CELLS;
/// The most cars a side has (on 5×5).
const MAX_CARS: usize = 4;

/// Dense numbering of positions of one board size.
///
/// [`Indexer::index`] is the definition: blocks by (blue cars, red cars),
/// within a block blue's set in the combinatorial number system (colex)
/// and red's set ranked the same way among the cells blue leaves free.
/// The solver's hot loops use [`Indexer::index_of`] and
/// [`Indexer::position_at`], which compute the same numbers from tables:
/// a set's rank is one look-up for its low 13 cells and one for its high
/// 12 (given how many cars the low cells hold), and red's cells are
/// renumbered among the free ones by squeezing blue's cells out of the
/// mask (at most four shifts), with no loop over cells and no popcount.
pub struct Indexer {
    cells: u32,
    binom: [[u64; 26]; 26],
    /// Offset of the block of positions with (blue cars, red cars).
    offset: [[u64; 5]; 5],
    /// Positions per side to move.
    half: u64,
    /// Rank of a set of low cells, and (bits 16 up) how many it holds.
    low: Box<[u32]>,
    /// Rank added by a set of high cells when the low cells hold `k` cars
    /// (row `k`, at most 4), and how many it holds.
    high: Box<[u32]>,
    /// [`Indexer::offset`] and the size of red's part of a block, in 32
    /// bits (every index fits: 240,060,402 on 5×5).
    offset32: [[u32; 5]; 5],
    red_sets: [[u32; 5]; 5],
    /// The set of `k` cars with colex rank `r`: `sets[k][r]`.
    sets: [Box<[u32]>; 5],
    /// Blocks in index order: first index and (blue cars, red cars).
    blocks: Vec<(u32, u8, u8)>,
}

impl Indexer {
    pub fn new(n: u8) -> Indexer {
        assert!((3..=5).contains(&n));
        let cells = (n as u32) * (n as u32);
        let mut binom = [[0u64; 26]; 26];
        for i in 0..26 {
            binom[i][0] = 1;
            for j in 1..=i {
                binom[i][j] = binom[i - 1][j - 1] + binom[i - 1][j];
            }
        }
        let mut offset = [[0u64; 5]; 5];
        let mut offset32 = [[0u32; 5]; 5];
        let mut red_sets = [[0u32; 5]; 5];
        let mut blocks = Vec::new();
        let mut total = 0;
        for nb in 0..n as usize {
            for nr in 0..n as usize {
                offset[nb][nr] = total;
                offset32[nb][nr] = total as u32;
                red_sets[nb][nr] = binom[cells as usize - nb][nr] as u32;
                blocks.push((total as u32, nb as u8, nr as u8));
                total += binom[cells as usize][nb] * binom[cells as usize - nb][nr];
            }
        }
        // Colex rank contribution of the cells of `set`, numbered from
        // `first`, the lowest of them being the `k + 1`-th car.
        let part = |set: u32, first: usize, k: usize| -> u32 {
            let (mut r, mut i, mut s) = (0u64, k + 1, set);
            while s != 0 {
                let c = first + s.trailing_zeros() as usize;
                s &= s - 1;
                r += binom[c][i.min(25)];
                i += 1;
            }
            (r as u32 & 0xffff) | set.count_ones() << 16
        };
        let low = (0..1u32 << LOW_CELLS).map(|s| part(s, 0, 0)).collect();
        let high = (0..=MAX_CARS)
            .flat_map(|k| (0..1u32 << HIGH_CELLS).map(move |s| (s, k)))
            .map(|(s, k)| part(s, LOW_CELLS as usize, k))
            .collect();
        let sets = std::array::from_fn(|k| {
            let mut v = vec![0u32; binom[cells as usize][k] as usize];
            each_set(cells, k as u32, |s| {
                let (r, _) = rank_in(&binom, s);
                v[r as usize] = s;
            });
            v.into_boxed_slice()
        });
        Indexer {
            cells,
            binom,
            offset,
            half: total,
            low,
            high,
            offset32,
            red_sets,
            sets,
            blocks,
        }
    }

    /// Positions in all (both sides to move, impossible ones included).
    pub fn len(&self) -> u64 {
        2 * self.half
    }

    pub fn is_empty(&self) -> bool {
        self.half == 0
    }

    /// Colex rank of a set of `k` positions.
    fn rank(&self, set: u32) -> u64 {
        rank_in(&self.binom, set).0
    }

    /// The number of a position, straight from the definition (the
    /// reference for [`Indexer::index_of`]).
    pub fn index(&self, p: &Position) -> u64 {
        let nb = p.blue.count_ones() as usize;
        let nr = p.red.count_ones() as usize;
        let free = self.cells as usize - nb;
        // Red's cells are numbered among the cells blue leaves free: each
        // one's number is its cell less the blue cells below it.
        let mut red_rank = 0;
        let mut i = 1;
        let mut red = p.red;
        while red != 0 {
            let c = red.trailing_zeros();
            red &= red - 1;
            let below = (p.blue & ((1u32 << c) - 1)).count_ones();
            red_rank += self.binom[(c - below) as usize][i];
            i += 1;
        }
        let base = self.offset[nb][nr] + self.rank(p.blue) * self.binom[free][nr] + red_rank;
        match p.to_move {
            Side::Blue => base,
            Side::Red => self.half + base,
        }
    }

    /// Rank and size of a set of at most four cars, from the tables.
    #[inline(always)]
    fn rank_count(&self, set: u32) -> (u32, usize) {
        let lo = self.low[(set & LOW_MASK) as usize];
        // A side has at most four cars (a bigger set is no position).
        let row = ((lo >> 16) as usize).min(MAX_CARS);
        let hi = self.high
            [(row << HIGH_CELLS) | ((set >> LOW_CELLS) & ((1 << HIGH_CELLS) - 1)) as usize];
        let t = lo + hi;
        (t & 0xffff, (t >> 16) as usize)
    }

    /// The first index of blue's part of a block: where `blue` (of rank
    /// `blue_rank`, `nb` cars) starts among positions with `nr` red cars
    /// and `side` to move.
    #[inline(always)]
    fn blue_part(&self, side: Side, blue_rank: u32, nb: usize, nr: usize) -> u32 {
        let side = match side {
            Side::Blue => 0,
            Side::Red => self.half as u32,
        };
        side + self.offset32[nb][nr] + blue_rank * self.red_sets[nb][nr]
    }

    /// [`Indexer::index`] from the tables, for a valid position (each
    /// side at most four cars, on disjoint cells).
    #[inline(always)]
    pub fn index_of(&self, blue: u32, red: u32, side: Side) -> u32 {
        let (rb, nb) = self.rank_count(blue);
        let (rr, nr) = self.rank_count(squeeze(red, blue));
        self.blue_part(side, rb, nb, nr) + rr
    }

    /// The position numbered `i` (`i < len`): blue's cars, red's cars and
    /// the side to move.
    #[inline]
    pub fn position_at(&self, i: u32) -> (u32, u32, Side) {
        let half = self.half as u32;
        let (r, side) = if i >= half {
            (i - half, Side::Red)
        } else {
            (i, Side::Blue)
        };
        // At most 25 blocks, the big ones last: search from the end.
        let mut b = self.blocks.len() - 1;
        while self.blocks[b].0 > r {
            b -= 1;
        }
        let (start, nb, nr) = self.blocks[b];
        let (nb, nr) = (nb as usize, nr as usize);
        let within = r - start;
        let per_blue = self.red_sets[nb][nr];
        let blue = self.sets[nb][(within / per_blue) as usize];
        let red = spread(self.sets[nr][(within % per_blue) as usize], blue);
        (blue, red, side)
    }
}

/// Colex rank and size of a set.
fn rank_in(binom: &[[u64; 26]; 26], mut set: u32) -> (u64, u32) {
    let mut r = 0;
    let mut i = 1;
    while set != 0 {
        let p = set.trailing_zeros() as usize;
        set &= set - 1;
        r += binom[p][i];
        i += 1;
    }
    (r, i as u32 - 1)
}

/// Red's cars renumbered among the cells blue leaves free: blue's cells
/// are taken out of the mask, the highest first, each shifting the cells
/// above it down by one.
#[inline(always)]
fn squeeze(red: u32, blue: u32) -> u32 {
    let (mut r, mut b) = (red, blue);
    while b != 0 {
        let c = 31 - b.leading_zeros();
        b ^= 1 << c;
        let below = (1u32 << c) - 1;
        r = (r & below) | ((r >> 1) & !below);
    }
    r
}

/// The inverse of [`squeeze`]: a free-cell mask spread back over the
/// board, a gap opened at each blue cell, the lowest first.
#[inline(always)]
fn spread(packed: u32, blue: u32) -> u32 {
    let (mut r, mut b) = (packed, blue);
    while b != 0 {
        let c = b.trailing_zeros();
        b &= b - 1;
        let below = (1u32 << c) - 1;
        r = (r & below) | ((r & !below) << 1);
    }
    r
}

/// Every subset of `cells` cells with exactly `k` members, in order.
fn each_set(cells: u32, k: u32, mut f: impl FnMut(u32)) {
    if k == 0 {
        f(0);
        return;
    }
    let mut s: u32 = (1 << k) - 1;
    while s < (1 << cells) {
        f(s);
        let c = s & s.wrapping_neg();
        let r = s + c;
        s = (((r ^ s) >> 2) / c) | r;
    }
}

/// The solved game of one size and rule.
pub struct Tables {
    pub n: u8,
    pub rule: StuckRule,
    pub indexer: Indexer,
    /// One packed entry per position (see [`Entry`]).
    entries: Vec<AtomicU16>,
    /// Positions reachable from the start (game-over ones included).
    pub reachable: u64,
    /// Reachable positions by value: win, lose, draw.
    pub counts: [u64; 3],
}

/// Every position of the board (both sides to move) whose blue set is
/// the `part`-th of every `parts` (so threads can share the work).
#[cfg(test)]
fn positions_part(n: u8, part: usize, parts: usize, mut f: impl FnMut(Position)) {
    let cells = n as u32 * n as u32;
    let mut k = 0usize;
    for nb in 0..n as u32 {
        each_set(cells, nb, |blue| {
            k += 1;
            if k % parts != part {
                return;
            }
            let free = !blue & ((1 << cells) - 1);
            for nr in 0..n as u32 {
                each_set(cells - nb, nr, |packed| {
                    // Spread red's packed bits over the free cells.
                    let mut red = 0;
                    let mut f_cells = free;
                    let mut bit = 0;
                    while f_cells != 0 {
                        let p = f_cells.trailing_zeros();
                        f_cells &= f_cells - 1;
                        if packed & (1 << bit) != 0 {
                            red |= 1 << p;
                        }
                        bit += 1;
                    }
                    for to_move in [Side::Blue, Side::Red] {
                        f(Position {
                            n,
                            blue,
                            red,
                            to_move,
                        });
                    }
                });
            }
        });
    }
}

/// Every position of the board (both sides to move).
#[cfg(test)]
fn all_positions(n: u8, f: impl FnMut(Position)) {
    positions_part(n, 0, 1, f)
}

#[cfg(test)]
/// The positions one un-move before `p`: the side that just moved moved
/// a car into its cell (or off the board).
fn parents(p: &Position, mut f: impl FnMut(Position)) {
    let mover = p.to_move.other();
    let n = p.n;
    // A game-over position has no moves, so it is nobody's parent: the
    // side to move in the parent (the one not moving now) must have cars.
    if p.cars(p.to_move) == 0 {
        return;
    }
    let occupied = p.blue | p.red;
    let cars = p.cars(mover);
    let mut each = cars;
    while each != 0 {
        let x = each.trailing_zeros() as u8;
        each &= each - 1;
        for d in Dir::of(mover) {
            let back = match d {
                Dir::North => Dir::South,
                Dir::South => Dir::North,
                Dir::East => Dir::West,
                Dir::West => Dir::East,
            };
            if let Some(y) = Position::step(n, x, back) {
                if occupied & (1 << y) == 0 {
                    let moved = (cars & !(1 << x)) | (1 << y);
                    f(with(p, mover, moved));
                }
            }
        }
    }
    // A car that drove off the exit edge.
    if cars.count_ones() < n as u32 - 1 {
        for k in 0..n {
            let e = match mover {
                Side::Blue => k * n + (n - 1),
                Side::Red => (n - 1) * n + k,
            };
            if occupied & (1 << e) == 0 {
                f(with(p, mover, cars | (1 << e)));
            }
        }
    }
}

#[cfg(test)]
fn with(p: &Position, mover: Side, cars: u32) -> Position {
    let mut q = *p;
    match mover {
        Side::Blue => q.blue = cars,
        Side::Red => q.red = cars,
    }
    q.to_move = mover;
    q
}

/// No road: the car cannot drive that way.
const NO_ROAD: u8 = u8::MAX;
/// The car leaves the board.
const OFF: u8 = u8::MAX - 1;

/// Where a car may drive, looked up rather than worked out (no division
/// by the board size in the solver's loops). Sides are numbered blue 0,
/// red 1.
struct Roads {
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
    fn new(n: u8) -> Roads {
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

    /// Calls `f` with the number of each position one move after (blue,
    /// red, `side` to move) and returns how many there are.
    #[inline(always)]
    fn children(
        &self,
        ix: &Indexer,
        blue: u32,
        red: u32,
        side: Side,
        mut f: impl FnMut(u32),
    ) -> u8 {
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
        let mut each = cars;
        while each != 0 {
            let x = each.trailing_zeros();
            each &= each - 1;
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
    /// (blue, red, `side` to move): the other side drove a car into its
    /// cell, or back on from its exit edge (the same positions as the
    /// reference `parents` in the tests).
    #[inline(always)]
    fn parents(&self, ix: &Indexer, blue: u32, red: u32, side: Side, mut f: impl FnMut(u32)) {
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
        let mut each = cars;
        while each != 0 {
            let y = each.trailing_zeros();
            each &= each - 1;
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
            let mut free = self.exits[s] & !occupied;
            while free != 0 {
                let e = free.trailing_zeros();
                free &= free - 1;
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

/// A position's entry, packed in 16 bits so that deciding a parent
/// touches one word: value in bits 0–1, remoteness in bits 2–9, children
/// not yet known to be won in bits 10–13 (at most 12 moves).
struct Entry;

impl Entry {
    fn pack(value: u8, remoteness: u8, children: u8) -> u16 {
        value as u16 | (remoteness as u16) << 2 | (children as u16) << 10
    }
    fn value(w: u16) -> u8 {
        (w & 3) as u8
    }
    fn remoteness(w: u16) -> u8 {
        (w >> 2) as u8
    }
    fn children(w: u16) -> u8 {
        ((w >> 10) & 15) as u8
    }
}

/// The first word of a table file.
const TABLE_MAGIC: &str = "arbiter-dodgem-tables-v2";

/// Rounds smaller than this are worked through on one thread.
const SMALL: usize = 1 << 14;

/// A bucket holds the positions whose numbers agree above this many
/// bits: 2¹⁸ positions, 512 KB of entries and 32 KB of reached bits, so
/// the thread that owns a bucket works inside its core's cache.
const BUCKET_BITS: u32 = 18;

/// Positions expanded per round: bounds the buckets' memory (about 12
/// numbers of 4 bytes each, at most).
const ROUND: usize = 1 << 21;

/// In a queue of decided positions, the bit that says "lost" beside the
/// number (numbers stay below 2³¹: 240,060,402 on 5×5).
const LOST: u32 = 1 << 31;

/// Threads to use: the machine's cores, at most 8.
fn threads() -> usize {
    std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .clamp(1, 8)
}

/// Runs `work(part)` for every part on its own thread and collects the
/// results in part order.
fn in_parallel<T: Send>(parts: usize, work: impl Fn(usize) -> T + Sync) -> Vec<T> {
    if parts == 1 {
        return vec![work(0)];
    }
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..parts)
            .map(|t| {
                let work = &work;
                scope.spawn(move || work(t))
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a solver thread does not panic"))
            .collect()
    })
}

/// Runs `work(part, state)` for each thread's own state, one thread each.
fn on_threads<S: Send>(states: &mut [S], work: impl Fn(usize, &mut S) + Sync) {
    if let [only] = states {
        return work(0, only);
    }
    std::thread::scope(|scope| {
        for (t, state) in states.iter_mut().enumerate() {
            let work = &work;
            scope.spawn(move || work(t, state));
        }
    });
}

/// The `part`-th of `parts` near-equal slices of `0..len`.
fn share(len: usize, parts: usize, part: usize) -> std::ops::Range<usize> {
    let chunk = len.div_ceil(parts);
    (part * chunk).min(len)..((part + 1) * chunk).min(len)
}

/// One thread's output of the spreading phase: the numbers it found,
/// sorted by bucket (a counting sort: they are filed as found, counted
/// per bucket, then moved into place, so the memory is one round's
/// numbers twice over however unevenly they fall), and the ends (decided
/// on sight) found while expanding.
struct Sorted {
    found: Vec<u32>,
    sorted: Vec<u32>,
    /// Where each bucket starts in `sorted` (and, last, where it ends).
    starts: Vec<u32>,
    ends: Vec<u32>,
}

impl Sorted {
    fn new(bucket_count: usize) -> Sorted {
        Sorted {
            found: Vec::new(),
            sorted: Vec::new(),
            starts: vec![0; bucket_count + 1],
            ends: Vec::new(),
        }
    }

    /// Files a number (see [`Sorted::sort`]).
    #[inline(always)]
    fn file(&mut self, x: u32) {
        self.found.push(x);
        self.starts[((x & !LOST) >> BUCKET_BITS) as usize + 1] += 1;
    }

    /// Sorts what was filed by bucket, ready for [`Sorted::bucket`].
    fn sort(&mut self) {
        let mut sum = 0;
        for s in &mut self.starts {
            sum += *s;
            *s = sum;
        }
        self.sorted.clear();
        self.sorted.resize(self.found.len(), 0);
        // `starts[b]` walks through bucket b as it fills; afterwards each
        // start has moved on to the next bucket's, and is put back.
        for &x in &self.found {
            let b = ((x & !LOST) >> BUCKET_BITS) as usize;
            self.sorted[self.starts[b] as usize] = x;
            self.starts[b] += 1;
        }
        self.starts.rotate_right(1);
        self.starts[0] = 0;
        self.found.clear();
    }

    fn bucket(&self, b: usize) -> &[u32] {
        &self.sorted[self.starts[b] as usize..self.starts[b + 1] as usize]
    }

    /// Ready for the next round.
    fn reset(&mut self) {
        self.starts.iter_mut().for_each(|s| *s = 0);
    }
}

/// The settling phase of a round: thread `t` takes every `parts`-th
/// bucket, from every thread's files, and calls `apply` on each number
/// in it (see [`Tables::solve_from`]).
fn settle(
    found: &mut [Vec<u32>],
    sorted: &[Sorted],
    bucket_count: usize,
    apply: impl Fn(u32, &mut Vec<u32>) + Sync,
) {
    let parts = found.len();
    on_threads(found, |t, out| {
        for b in (t..bucket_count).step_by(parts) {
            for s in sorted {
                for &x in s.bucket(b) {
                    apply(x, out);
                }
            }
        }
    });
}

impl Tables {
    /// Solves the game on every core; `progress` hears (phase, done,
    /// total) once per level.
    ///
    /// Only the positions reachable from the start are valued: a
    /// position's value and remoteness depend only on the positions it
    /// leads to, and those are reachable when it is. A breadth-first
    /// search from the start finds them; each is expanded once, and its
    /// moves are counted then (the ends decided on the spot); the
    /// retrograde pass then walks back from the ends, and a parent never
    /// reached is skipped.
    pub fn solve(n: u8, rule: StuckRule, progress: impl FnMut(&str, u64, u64)) -> Tables {
        Tables::solve_from(Position::start(n), rule, progress)
    }

    /// [`Tables::solve`] for the positions reachable from `start` (a
    /// position the start never leads to).
    pub fn solve_from(
        start: Position,
        rule: StuckRule,
        mut progress: impl FnMut(&str, u64, u64),
    ) -> Tables {
        let n = start.n;
        let indexer = Indexer::new(n);
        let roads = Roads::new(n);
        let len = indexer.len() as usize;
        // Every entry starts as "not reached".
        let entries: Vec<AtomicU16> = (0..len)
            .map(|_| AtomicU16::new(Entry::pack(UNREACHED, 0, 0)))
            .collect();
        // One bit per position, set once it is reached.
        let seen: Vec<AtomicU64> = (0..len.div_ceil(64)).map(|_| AtomicU64::new(0)).collect();
        let threads = threads();
        let bucket_count = len.div_ceil(1 << BUCKET_BITS);
        let mut sorted: Vec<Sorted> = (0..threads).map(|_| Sorted::new(bucket_count)).collect();
        let mut found: Vec<Vec<u32>> = vec![Vec::new(); threads];
        let stuck = match rule {
            StuckRule::StuckLoses => LOSE,
            StuckRule::StuckWins => WIN,
        };
        let lost_bit = |w: u16| if Entry::value(w) == LOSE { LOST } else { 0 };

        // Each round runs in two phases. Spreading: each thread takes a
        // share of the round's positions and files the numbers of their
        // children (or parents) by bucket. Settling: each thread takes
        // every `threads`-th bucket, from all threads' files, and is the
        // only one to touch those positions, so plain loads and stores
        // do (no compare-and-swap), and each bucket's entries stay in
        // cache while it is worked through. The order within a level
        // cannot change any value or remoteness.

        // Forwards: breadth-first from the start.
        let first = indexer.index_of(start.blue, start.red, start.to_move);
        seen[first as usize / 64].fetch_or(1 << (first % 64), Relaxed);
        let mut frontier = vec![first];
        let mut reached = 1u64;
        while !frontier.is_empty() {
            progress("reaching positions from the start", reached, len as u64);
            let mut next = Vec::new();
            for round in frontier.chunks(ROUND) {
                let parts = if round.len() < SMALL { 1 } else { threads };
                on_threads(&mut sorted[..parts], |t, s| {
                    for &i in &round[share(round.len(), parts, t)] {
                        let (blue, red, side) = indexer.position_at(i);
                        let k = roads.children(&indexer, blue, red, side, |c| s.file(c));
                        let other = match side {
                            Side::Blue => red,
                            Side::Red => blue,
                        };
                        let w = if other == 0 {
                            // The side that just moved got its last car off.
                            Entry::pack(LOSE, 0, 0)
                        } else if k > 0 {
                            Entry::pack(UNKNOWN, 0, k)
                        } else {
                            Entry::pack(stuck, 0, 0)
                        };
                        entries[i as usize].store(w, Relaxed);
                        if Entry::value(w) != UNKNOWN {
                            s.ends.push(i | lost_bit(w));
                        }
                    }
                    s.sort();
                });
                settle(
                    &mut found[..parts],
                    &sorted[..parts],
                    bucket_count,
                    |c, out| {
                        let word = &seen[c as usize / 64];
                        let bit = 1u64 << (c % 64);
                        let w = word.load(Relaxed);
                        if w & bit == 0 {
                            word.store(w | bit, Relaxed);
                            out.push(c);
                        }
                    },
                );
                for s in &mut sorted[..parts] {
                    s.reset();
                }
                for out in &mut found[..parts] {
                    reached += out.len() as u64;
                    next.append(out);
                }
            }
            frontier = next;
        }
        drop(seen);

        // Backwards, one remoteness level at a time, from the ends.
        let mut level: Vec<u32> = sorted.iter_mut().flat_map(|s| s.ends.drain(..)).collect();
        let mut depth: u8 = 0;
        while !level.is_empty() {
            progress("propagating", depth as u64, level.len() as u64);
            let d1 = depth.saturating_add(1);
            let mut next = Vec::new();
            for round in level.chunks(ROUND) {
                let parts = if round.len() < SMALL { 1 } else { threads };
                on_threads(&mut sorted[..parts], |t, s| {
                    for &x in &round[share(round.len(), parts, t)] {
                        let lost = x & LOST;
                        let (blue, red, side) = indexer.position_at(x & !LOST);
                        roads.parents(&indexer, blue, red, side, |p| s.file(p | lost));
                    }
                    s.sort();
                });
                settle(
                    &mut found[..parts],
                    &sorted[..parts],
                    bucket_count,
                    |x, out| {
                        let e = &entries[(x & !LOST) as usize];
                        let w = e.load(Relaxed);
                        // Decided already, or never reached.
                        if Entry::value(w) != UNKNOWN {
                            return;
                        }
                        // A lost child wins the parent; a won child takes one
                        // off its count, and the last one loses it.
                        let new = if x & LOST != 0 {
                            Entry::pack(WIN, d1, 0)
                        } else if Entry::children(w) == 1 {
                            Entry::pack(LOSE, d1, 0)
                        } else {
                            Entry::pack(UNKNOWN, 0, Entry::children(w) - 1)
                        };
                        e.store(new, Relaxed);
                        if Entry::value(new) != UNKNOWN {
                            out.push((x & !LOST) | lost_bit(new));
                        }
                    },
                );
                for s in &mut sorted[..parts] {
                    s.reset();
                }
                for out in &mut found[..parts] {
                    next.append(out);
                }
            }
            level = next;
            depth = depth.saturating_add(1);
        }
        drop(sorted);

        // Counted by value over every reached entry (never decided = a
        // draw), a share of the table per thread.
        let counts = in_parallel(threads, |t| {
            let mut counts = [0u64; 3];
            for e in &entries[share(len, threads, t)] {
                match Entry::value(e.load(Relaxed)) {
                    WIN => counts[0] += 1,
                    LOSE => counts[1] += 1,
                    UNKNOWN => counts[2] += 1,
                    _ => {}
                }
            }
            counts
        })
        .into_iter()
        .fold([0u64; 3], |a, c| [a[0] + c[0], a[1] + c[1], a[2] + c[2]]);
        Tables {
            n,
            rule,
            indexer,
            entries,
            reachable: counts.iter().sum(),
            counts,
        }
    }

    /// Whether the tables hold a value for `p`
    /// reachable from the start, and only those.
    pub fn knows(&self, p: &Position) -> bool {
        p.n == self.n
            && Entry::value(self.entries[self.indexer.index(p) as usize].load(Relaxed)) != UNREACHED
    }

    /// Writes the solved tables to a file: a header line (format, size,
    /// rule, reachable and counts), then one value byte and one remoteness
    /// byte per position. Written under a temporary name beside it,
    /// flushed to disk and renamed, so a reader never sees half a file
    /// (a full disk leaves the old file, or none).
    pub fn save(&self, path: &std::path::Path) -> std::io::Result<()> {
        use std::io::Write;
        let dir = match path.parent() {
            Some(d) if !d.as_os_str().is_empty() => d,
            _ => std::path::Path::new("."),
        };
        std::fs::create_dir_all(dir)?;
        let file = tempfile::NamedTempFile::new_in(dir)?;
        let mut w = std::io::BufWriter::new(file);
        writeln!(
            w,
            "{TABLE_MAGIC} {} {} {} {} {} {} {}",
            self.n,
            self.rule.slug(),
            self.reachable,
            self.counts[0],
            self.counts[1],
            self.counts[2],
            self.entries.len()
        )?;
        let bytes = |f: fn(u16) -> u8| {
            self.entries
                .iter()
                .map(|a| f(a.load(Relaxed)))
                .collect::<Vec<u8>>()
        };
        w.write_all(&bytes(Entry::value))?;
        w.write_all(&bytes(Entry::remoteness))?;
        let file = w.into_inner().map_err(|e| e.into_error())?;
        // Readable as a file written the usual way (a temporary file is
        // its owner's only).
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            file.as_file()
                .set_permissions(std::fs::Permissions::from_mode(0o644))?;
        }
        file.as_file().sync_all()?;
        file.persist(path).map_err(|e| e.error)?;
        Ok(())
    }

    /// Reads tables written by [`Tables::save`] for this size and rule.
    pub fn load(path: &std::path::Path, n: u8, rule: StuckRule) -> std::io::Result<Tables> {
        use std::io::{BufRead, Read};
        let bad = |why: String| {
            std::io::Error::new(
                std::io::ErrorKind::InvalidData,
                format!("{}: {why}; delete it to solve again", path.display()),
            )
        };
        let mut r = std::io::BufReader::new(std::fs::File::open(path)?);
        let mut header = String::new();
        r.read_line(&mut header)?;
        let f: Vec<&str> = header.split_whitespace().collect();
        let num = |k: usize| -> Result<u64, std::io::Error> {
            f.get(k)
                .and_then(|x| x.parse().ok())
                .ok_or_else(|| bad("the header is damaged".into()))
        };
        if f.first() != Some(&TABLE_MAGIC) || f.len() != 8 {
            return Err(bad("not a Dodgem table file".into()));
        }
        if num(1)? != n as u64 || f[2] != rule.slug() {
            return Err(bad(format!(
                "it holds {}×{} {}, not {n}×{n} {}",
                f[1],
                f[1],
                f[2],
                rule.slug()
            )));
        }
        let indexer = Indexer::new(n);
        let len = num(7)? as usize;
        if len as u64 != indexer.len() {
            return Err(bad("its size does not match this board".into()));
        }
        let mut values = vec![0u8; len];
        r.read_exact(&mut values)?;
        let mut remoteness = vec![0u8; len];
        r.read_exact(&mut remoteness)?;
        let entries = values
            .iter()
            .zip(&remoteness)
            .map(|(&v, &rem)| AtomicU16::new(Entry::pack(v & 3, rem, 0)))
            .collect();
        if r.read(&mut [0u8; 1])? != 0 {
            return Err(bad("it is longer than its header says".into()));
        }
        Ok(Tables {
            n,
            rule,
            indexer,
            entries,
            reachable: num(3)?,
            counts: [num(4)?, num(5)?, num(6)?],
        })
    }

    /// The value and remoteness of a position (`None`: a draw).
    pub fn value_of(&self, p: &Position) -> (Value, Option<u32>) {
        let w = self.entries[self.indexer.index(p) as usize].load(Relaxed);
        let r = Entry::remoteness(w) as u32;
        match Entry::value(w) {
            WIN => (Value::Win, Some(r)),
            LOSE => (Value::Lose, Some(r)),
            _ => (Value::Draw, None),
        }
    }

    /// Each legal move with the value it leads to, from the mover's point
    /// of view (as GamesmanUni shows: "win" = this move wins).
    pub fn moves(&self, p: &Position) -> Vec<(String, Value, Option<u32>)> {
        p.moves()
            .into_iter()
            .map(|m| {
                let (v, r) = self.value_of(&p.play(m));
                let mine = match v {
                    Value::Win => Value::Lose,
                    Value::Lose => Value::Win,
                    Value::Draw => Value::Draw,
                };
                (p.move_name(m), mine, r.map(|r| r + 1))
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::{HashMap, HashSet};

    #[test]
    fn the_index_is_a_bijection() {
        for n in [3u8, 4] {
            let ix = Indexer::new(n);
            let mut seen = HashSet::new();
            all_positions(n, |p| {
                let i = ix.index(&p);
                assert!(i < ix.len());
                assert!(seen.insert(i), "{p} collides");
            });
            assert_eq!(seen.len() as u64, ix.len());
        }
    }

    #[test]
    fn table_numbers_agree_with_the_definition() {
        for n in [3u8, 4, 5] {
            let ix = Indexer::new(n);
            let mut check = |p: Position| {
                let i = ix.index_of(p.blue, p.red, p.to_move);
                assert_eq!(i as u64, ix.index(&p), "{p}");
                assert_eq!(ix.position_at(i), (p.blue, p.red, p.to_move), "{p}");
            };
            if n < 5 {
                all_positions(n, &mut check);
            } else {
                // Every 5×5 position is too many for a unit test: the
                // corners of the numbering and a spread of the rest.
                let mut p = Position::start(5);
                check(p);
                p.blue = 0b1111 << 21;
                p.red = 0b1111 << 17;
                check(p);
                positions_part(5, 0, 997, check);
            }
        }
    }

    /// The solver's numbers for each move and un-move, worked out from
    /// the position's cars with the tables, are the definition's numbers
    /// of [`Position::play`] and the reference [`parents`], over every
    /// 3×3 and 4×4 position.
    #[test]
    fn move_and_unmove_numbers_agree_with_the_definition() {
        for n in [3u8, 4] {
            let ix = Indexer::new(n);
            let roads = Roads::new(n);
            all_positions(n, |p| {
                let mut fast = Vec::new();
                let k = roads.children(&ix, p.blue, p.red, p.to_move, |c| fast.push(c as u64));
                let mut want: Vec<u64> = p.moves().iter().map(|&m| ix.index(&p.play(m))).collect();
                fast.sort_unstable();
                want.sort_unstable();
                assert_eq!(fast, want, "children of {p}");
                assert_eq!(k as usize, want.len(), "{p}");
                let mut fast = Vec::new();
                roads.parents(&ix, p.blue, p.red, p.to_move, |q| fast.push(q as u64));
                let mut want = Vec::new();
                parents(&p, |q| want.push(ix.index(&q)));
                fast.sort_unstable();
                want.sort_unstable();
                assert_eq!(fast, want, "parents of {p}");
            });
        }
    }

    #[test]
    fn parents_are_exactly_the_positions_that_move_here() {
        let n = 3;
        let mut forward: HashMap<Position, HashSet<Position>> = HashMap::new();
        all_positions(n, |p| {
            if p.cars(p.to_move) == 0 {
                return;
            }
            for m in p.moves() {
                forward.entry(p.play(m)).or_default().insert(p);
            }
        });
        all_positions(n, |p| {
            let mut back = HashSet::new();
            parents(&p, |q| {
                back.insert(q);
            });
            assert_eq!(back, forward.remove(&p).unwrap_or_default(), "{p}");
        });
    }

    /// Plain fixpoint iteration over every position: slow, obviously
    /// right, for n = 3.
    fn brute_force(n: u8, rule: StuckRule) -> HashMap<Position, (Value, Option<u32>)> {
        let mut all = Vec::new();
        all_positions(n, |p| {
            if p.cars(p.to_move) != 0 {
                all.push(p)
            }
        });
        let mut known: HashMap<Position, (Value, u32)> = HashMap::new();
        for &p in &all {
            if p.cars(p.to_move.other()) == 0 {
                known.insert(p, (Value::Lose, 0));
            } else if p.moves().is_empty() {
                let v = match rule {
                    StuckRule::StuckLoses => Value::Lose,
                    StuckRule::StuckWins => Value::Win,
                };
                known.insert(p, (v, 0));
            }
        }
        for depth in 1..200u32 {
            let mut new = Vec::new();
            for &p in &all {
                if known.contains_key(&p) {
                    continue;
                }
                let kids: Vec<Option<(Value, u32)>> = p
                    .moves()
                    .iter()
                    .map(|m| known.get(&p.play(*m)).copied())
                    .collect();
                // Won if some child is lost at depth − 1 (and none earlier:
                // guaranteed since we go level by level).
                if kids.iter().any(|k| *k == Some((Value::Lose, depth - 1))) {
                    new.push((p, (Value::Win, depth)));
                } else if kids.iter().all(|k| matches!(k, Some((Value::Win, _))))
                    && kids.iter().any(|k| *k == Some((Value::Win, depth - 1)))
                {
                    new.push((p, (Value::Lose, depth)));
                }
            }
            for (p, v) in new {
                known.insert(p, v);
            }
        }
        all.iter()
            .map(|p| {
                (
                    *p,
                    known
                        .get(p)
                        .map_or((Value::Draw, None), |(v, r)| (*v, Some(*r))),
                )
            })
            .collect()
    }

    #[test]
    fn agrees_with_brute_force_on_3x3_under_both_rules() {
        for rule in [StuckRule::StuckLoses, StuckRule::StuckWins] {
            let t = Tables::solve(3, rule, |_, _, _| {});
            let mut known = 0;
            for (p, want) in brute_force(3, rule) {
                if t.knows(&p) {
                    known += 1;
                    assert_eq!(t.value_of(&p), want, "{p} {rule:?}");
                }
            }
            assert_eq!(known, t.reachable, "every reachable position is valued");
        }
    }

    /// The retrograde invariant, position by position: an end is valued
    /// by the rules with remoteness 0; otherwise a win has a losing child
    /// and is one ply more than the quickest one, a loss has only winning
    /// children and is one ply more than the slowest, and a draw has a
    /// drawn child and no losing one.
    fn check_children(n: u8, rule: StuckRule) {
        let t = Tables::solve(n, rule, |_, _, _| {});
        let mut checked = 0u64;
        all_positions(n, |p| {
            if !t.knows(&p) {
                return;
            }
            checked += 1;
            let (v, r) = t.value_of(&p);
            let moves = p.moves();
            if p.cars(p.to_move.other()) == 0 {
                assert_eq!((v, r), (Value::Lose, Some(0)), "{p}: the other side is out");
                return;
            }
            if moves.is_empty() {
                let want = match rule {
                    StuckRule::StuckLoses => Value::Lose,
                    StuckRule::StuckWins => Value::Win,
                };
                assert_eq!((v, r), (want, Some(0)), "{p}: stuck");
                return;
            }
            let kids: Vec<(Value, Option<u32>)> =
                moves.iter().map(|&m| t.value_of(&p.play(m))).collect();
            let losing = kids.iter().filter(|k| k.0 == Value::Lose);
            match v {
                Value::Win => {
                    let quickest = losing.filter_map(|k| k.1).min();
                    assert_eq!(
                        r,
                        quickest.map(|q| q + 1),
                        "{p}: a win takes the quickest loss"
                    );
                }
                Value::Lose => {
                    assert!(kids.iter().all(|k| k.0 == Value::Win), "{p}");
                    let slowest = kids.iter().filter_map(|k| k.1).max();
                    assert_eq!(
                        r,
                        slowest.map(|s| s + 1),
                        "{p}: a loss takes the slowest win"
                    );
                }
                Value::Draw => {
                    assert_eq!(losing.count(), 0, "{p}: a draw has no losing child");
                    assert!(kids.iter().any(|k| k.0 == Value::Draw), "{p}");
                    assert_eq!(r, None);
                }
            }
            // Every child of a reachable position is reachable.
            for m in moves {
                assert!(t.knows(&p.play(m)), "{p}");
            }
        });
        assert_eq!(checked, t.reachable);
    }

    #[test]
    fn every_3x3_value_agrees_with_its_childrens_values() {
        check_children(3, StuckRule::StuckLoses);
        check_children(3, StuckRule::StuckWins);
    }

    /// The same over every 4×4 position (about 4 million; a few seconds
    /// in release).
    #[test]
    #[ignore]
    fn every_4x4_value_agrees_with_its_childrens_values() {
        check_children(4, StuckRule::StuckLoses);
    }

    #[test]
    fn tables_save_and_load_back_identically() {
        let t = Tables::solve(3, StuckRule::StuckLoses, |_, _, _| {});
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("d3.tbl");
        t.save(&path).unwrap();
        let u = Tables::load(&path, 3, StuckRule::StuckLoses).unwrap();
        assert_eq!((u.reachable, u.counts), (t.reachable, t.counts));
        all_positions(3, |p| {
            if p.cars(p.to_move) != 0 {
                assert_eq!(u.value_of(&p), t.value_of(&p));
            }
        });
        let err = Tables::load(&path, 3, StuckRule::StuckWins).err().unwrap();
        assert!(err.to_string().contains("stuck-loses"), "{err}");
        std::fs::write(&path, "garbage").unwrap();
        assert!(Tables::load(&path, 3, StuckRule::StuckLoses).is_err());
    }

    #[test]
    fn the_3x3_start_is_a_first_player_win_under_winning_ways_rules() {
        // Winning Ways (and GamesmanUni, stuck-wins) report the 3×3 start
        // as a win for the first player.
        let t = Tables::solve(3, StuckRule::StuckWins, |_, _, _| {});
        assert_eq!(t.value_of(&Position::start(3)).0, Value::Win);
        assert!(t.reachable > 0);
        assert_eq!(t.counts.iter().sum::<u64>(), t.reachable);
    }
}
