//! Dense numbering of Dodgem positions: a side's cars are a subset of the
//! n² cells ranked in the combinatorial number system, red's ranked among
//! the cells blue leaves free, with look-up tables so that the solver's
//! hot loops number a position without a loop over cells.
//!
//! It owns the numbering only: no values, no moves (`roads`), no threads.
//! It must not import anything outside `dodgem::board`.

use super::super::board::{Position, Side};

/// Cells ranked by the first rank table; the rest by the second.
const LOW_CELLS: u32 = 13;
const LOW_MASK: u32 = (1 << LOW_CELLS) - 1;
const HIGH_CELLS: u32 = 25 - LOW_CELLS;
/// The most cars a side has (on 5×5).
const MAX_CARS: usize = 4;

/// Dense numbering of positions of one board size.
///
/// A position as the solver's hot loops hold it: each side's cars as a
/// set of cells (bit `c` for cell `c`), and the side to move.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Cars {
    pub blue: u32,
    pub red: u32,
    pub side: Side,
}

impl Cars {
    /// The cars of `p`.
    pub fn of(p: &Position) -> Cars {
        Cars {
            blue: p.blue,
            red: p.red,
            side: p.to_move,
        }
    }
}

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
    pub(super) fn rank_count(&self, set: u32) -> (u32, usize) {
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
    pub(super) fn blue_part(&self, side: Side, blue_rank: u32, nb: usize, nr: usize) -> u32 {
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

    /// The position numbered `i` (`i < len`).
    #[inline]
    pub fn position_at(&self, i: u32) -> Cars {
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
        Cars { blue, red, side }
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
pub(super) fn squeeze(red: u32, blue: u32) -> u32 {
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
pub(super) fn each_set(cells: u32, k: u32, mut f: impl FnMut(u32)) {
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
