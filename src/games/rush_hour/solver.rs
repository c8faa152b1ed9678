//! Exact optimal solver: breadth-first search over packed positions.
//!
//! Every car keeps its axis and its line, so a position is just each car's
//! offset along its line (0..=4, three bits): up to 18 cars fit in one
//! `u64`. Breadth-first order makes the first solution found a shortest
//! one, counting every slide of any length as one move and the taxi's
//! drive out of the board as the last move. The goal test is made as each
//! position is reached, not when it is expanded: the first position reached
//! from which the taxi can leave is the first such in the queue, so the
//! answer is the one an expand-time test gives, without expanding the rest
//! of its parent's level and the start of its own.
//!
//! Why it is fast: the search spends its time working out each position's
//! slides and asking whether each one is new, so both are kept short.
//! - Occupancy is two bitboards, row-major and column-major, OR-ed from
//!   per-car masks for each offset. A car's line is then six contiguous
//!   bits of one of them, and how far it can slide each way is a
//!   leading/trailing-zero count, not a walk over cells; a car with no
//!   free cell at either end is dropped with one AND before that.
//! - Slides are written four at a time without branching and only the
//!   valid ones counted: a data-dependent branch per car costs more than
//!   a few wasted stores.
//! - The seen set is an open-addressing table of the packed positions
//!   (linear probing, Fibonacci hash, at most a quarter full), and the
//!   queue doubles as the list of positions with `u32` parent indices: no
//!   map from position to parent. The first slot of every slide of a
//!   position is read before any is probed, so the cache misses overlap.
//! - Some slides are known to be seen without asking: those of the car
//!   moved last, and those of earlier cars whose lines miss every cell it
//!   swept (see the comment in [`Solver::solve`]). Only lookups that would
//!   find the position are skipped, so the queue is that of the plain
//!   search.
//! - A [`Solver`] keeps its buffers, so a batch of boards allocates once.
//!
//! Imports nothing outside Traffic Jam's own `board`: a search knows no
//! match, chat or page.

use super::board::{Axis, Board, Dir, Move, SIZE};

/// A shortest solution, or proof that none exists.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Solution {
    /// Fewest moves, the taxi's exit included.
    pub moves: Vec<Move>,
    /// Distinct positions the search reached (queued) before it stopped.
    pub explored: usize,
}

/// The answer for a board.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Outcome {
    Solved(Solution),
    /// No sequence of moves gets the taxi out.
    Unsolvable {
        explored: usize,
    },
}

impl Outcome {
    pub fn optimal(&self) -> Option<usize> {
        match self {
            Outcome::Solved(s) => Some(s.moves.len()),
            Outcome::Unsolvable { .. } => None,
        }
    }
}

const BITS: u32 = 3;
/// A consistent board has at most 18 cars (36 cells, two each).
const MAX_CARS: usize = 18;
/// Offsets take the low `BITS * MAX_CARS` bits of a queue entry; above
/// them, which car the last slide moved (its index + 1, 0 at the start)
/// and the offset it moved from.
const CAR_SHIFT: u32 = BITS * MAX_CARS as u32;
const FROM_SHIFT: u32 = CAR_SHIFT + 5;
const STATE: u64 = (1 << CAR_SHIFT) - 1;
/// An unused slot of the seen table: no position sets bit 63.
const EMPTY: u64 = u64::MAX;
/// log2 of the slots the seen table starts each search with (it doubles
/// as it fills): small, so a short search clears little.
const FIRST_SLOTS: u32 = 6;
/// Entries of a per-offset table: offsets are 0..=4, but indexing with
/// any three-bit field then needs no bounds check.
const OFFSETS: usize = 1 << BITS;

/// One car and its line, with everything a slide needs precomputed.
#[derive(Clone, Copy, Default)]
struct Lane {
    /// `cells[p]`: the car's cells at offset p, `[row-major, column-major]`.
    cells: [[u64; 2]; OFFSETS],
    /// `ends[p]`: the cells just past either end at offset p (row-major):
    /// when neither is free, the car cannot move at all.
    ends: [u64; OFFSETS],
    len: u32,
    /// 0 for a horizontal car (its row in the row-major board), 1 for a
    /// vertical one (its column in the column-major board).
    axis: usize,
    /// Bit position of the car's six-cell line in its board.
    line: u32,
    /// The six cells of its line, `[row-major, column-major]`.
    lines: [u64; 2],
}

impl Lane {
    /// The offsets the car can reach from `p`, as `lo..=hi`: its line's six
    /// bits give the nearest blocked cell below it (the highest set bit) and
    /// above it (the lowest set bit past its far end), with a stop bit for
    /// the board's edge.
    #[inline]
    fn range(&self, p: u32, occ: [u64; 2]) -> (u32, u32) {
        let bits = (occ[self.axis & 1] >> self.line) & 0x3f;
        let below = bits & ((1 << p) - 1);
        let lo = u64::BITS - below.leading_zeros();
        let above = (bits >> (p + self.len)) | 1 << (SIZE as u32 - p - self.len);
        (lo, p + above.trailing_zeros())
    }
}

/// The fixed part of a search: the cars, the walls and the exit.
struct Garage {
    cars: usize,
    car: [Lane; MAX_CARS],
    walls: [u64; 2],
    taxi: usize,
    /// `exit[p]`: the cells right of the taxi at offset p (row-major).
    exit: [u64; OFFSETS],
    /// `crossing[i][k]`: the cars (as bits) whose line runs through the
    /// k-th cell of car i's line.
    crossing: [[u32; SIZE as usize]; MAX_CARS],
}

/// Cells `cells` (row-major) in the column-major board.
fn transposed(mut cells: u64) -> u64 {
    let mut t = 0;
    while cells != 0 {
        let i = cells.trailing_zeros() as u8;
        t |= 1 << ((i % SIZE) * SIZE + i / SIZE);
        cells &= cells - 1;
    }
    t
}

/// `cells` of a car's own board (column-major for a vertical car) as
/// `[row-major, column-major]`.
fn both(axis: usize, cells: u64) -> [u64; 2] {
    if axis == 0 {
        [cells, transposed(cells)]
    } else {
        [transposed(cells), cells]
    }
}

impl Garage {
    fn new(board: &Board) -> Option<(Garage, u64)> {
        let cars = board.cars();
        if cars.len() > MAX_CARS {
            return None;
        }
        let walls = board.walls();
        let mut g = Garage {
            cars: cars.len(),
            car: [Lane::default(); MAX_CARS],
            walls: [walls, transposed(walls)],
            taxi: board.taxi(),
            exit: [0; OFFSETS],
            crossing: [[0; SIZE as usize]; MAX_CARS],
        };
        let mut start = 0u64;
        for (i, (lane, car)) in g.car.iter_mut().zip(cars).enumerate() {
            let (axis, line, offset) = match car.axis {
                Axis::Horizontal => (0, car.start.row(), car.start.col()),
                Axis::Vertical => (1, car.start.col(), car.start.row()),
            };
            lane.len = car.len as u32;
            lane.axis = axis;
            lane.line = (line * SIZE) as u32;
            lane.lines = both(axis, 0x3f << lane.line);
            for p in 0..=(SIZE - car.len) {
                // The car's run of cells along its line, and the cells
                // just past its ends.
                let run = ((1u64 << car.len) - 1) << p;
                let ends = ((run << 1) | (run >> 1)) & !run & 0x3f;
                lane.cells[p as usize] = both(axis, run << lane.line);
                lane.ends[p as usize] = both(axis, ends << lane.line)[0];
            }
            start |= (offset as u64) << (BITS * i as u32);
        }
        // The cars whose line runs through each cell (row-major), then
        // through each cell of each car's line.
        let mut through = [0u32; (SIZE * SIZE) as usize];
        for (j, lane) in g.car[..g.cars].iter().enumerate() {
            let mut cells = lane.lines[0];
            while cells != 0 {
                through[cells.trailing_zeros() as usize] |= 1 << j;
                cells &= cells - 1;
            }
        }
        for (crossing, lane) in g.crossing.iter_mut().zip(&g.car[..g.cars]) {
            for (k, c) in crossing.iter_mut().enumerate() {
                let [cell, _] = both(lane.axis, 1 << (lane.line as usize + k));
                *c = through[cell.trailing_zeros() as usize];
            }
        }
        let row = (cars[g.taxi].start.row() * SIZE) as u32;
        for p in 0..=(SIZE - 2) as u32 {
            g.exit[p as usize] = (0x3f >> (p + 2) << (p + 2)) << row;
        }
        Some((g, start))
    }

    #[inline]
    fn offset(state: u64, i: usize) -> u32 {
        ((state >> (BITS * i as u32)) & 0b111) as u32
    }

    /// The occupied cells, row-major and column-major.
    #[inline]
    fn occupancy(&self, state: u64) -> [u64; 2] {
        let mut occ = self.walls;
        let mut s = state;
        for car in &self.car[..self.cars] {
            let m = car.cells[(s & 0b111) as usize];
            s >>= BITS;
            occ[0] |= m[0];
            occ[1] |= m[1];
        }
        occ
    }

    /// True when nothing stands between the taxi and the exit in `state`,
    /// whose occupied cells (row-major) are `occ`.
    #[inline]
    fn can_exit(&self, state: u64, occ: u64) -> bool {
        self.exit[Self::offset(state, self.taxi) as usize] & occ == 0
    }
}

/// Positions already reached: open addressing with linear probing over
/// the packed positions themselves, Fibonacci-hashed. The slots are a
/// prefix of one reused buffer, so a small search clears a small table.
struct Seen {
    slots: Vec<u64>,
    /// 64 − log2(slots in use): the hash's top bits pick the home slot.
    shift: u32,
    mask: usize,
    len: usize,
}

impl Seen {
    /// Empties the table and sizes it for `2^bits` slots.
    fn reset(&mut self, bits: u32) {
        let n = 1usize << bits;
        if self.slots.len() < n {
            self.slots.resize(n, EMPTY);
        }
        self.slots[..n].fill(EMPTY);
        self.shift = u64::BITS - bits;
        self.mask = n - 1;
        self.len = 0;
    }

    /// The slot where the search for `key` starts.
    #[inline]
    fn home(&self, key: u64) -> usize {
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> self.shift) as usize
    }

    /// Adds `key`; false when it was already there.
    #[inline]
    fn insert(&mut self, key: u64) -> bool {
        let mut i = self.home(key);
        loop {
            let slot = &mut self.slots[i];
            if *slot == key {
                return false;
            }
            if *slot == EMPTY {
                *slot = key;
                self.len += 1;
                return true;
            }
            i = (i + 1) & self.mask;
        }
    }

    /// True when `more` new keys could fill more than a quarter of the
    /// table: sparser than usual, because each extra probe is a likely
    /// mispredicted branch and that costs more here than the memory.
    #[inline]
    fn crowded(&self, more: usize) -> bool {
        (self.len + more) * 4 > self.mask + 1
    }

    /// Doubles the table and puts back every position of `queue` (which
    /// holds exactly the positions seen).
    fn grow(&mut self, queue: &[u64]) {
        self.reset(u64::BITS - self.shift + 1);
        for &entry in queue {
            self.insert(entry & STATE);
        }
    }
}

/// A breadth-first search whose buffers (the queue, the parent indices and
/// the seen table) outlive one board, so a batch of boards reuses them.
pub struct Solver {
    /// Every position reached, in the order reached, with the car moved
    /// last and its offset before in the top bits.
    queue: Vec<u64>,
    /// `parent[k]`: index in `queue` of the position `queue[k]` came from.
    parent: Vec<u32>,
    seen: Seen,
    /// One position's slides, and the first slot of each one's probe.
    next: [u64; MAX_CARS * 4 + 4],
    first: [u64; MAX_CARS * 4 + 4],
}

impl Default for Solver {
    fn default() -> Self {
        Solver::new()
    }
}

impl Solver {
    pub fn new() -> Solver {
        Solver {
            // A short search fits without regrowing.
            queue: Vec::with_capacity(1 << FIRST_SLOTS),
            parent: Vec::with_capacity(1 << FIRST_SLOTS),
            seen: Seen {
                slots: Vec::new(),
                shift: 0,
                mask: 0,
                len: 0,
            },
            next: [0; MAX_CARS * 4 + 4],
            first: [0; MAX_CARS * 4 + 4],
        }
    }

    /// Finds a shortest solution of `board`, or proves there is none.
    pub fn solve(&mut self, board: &Board) -> Outcome {
        let Some((garage, start)) = Garage::new(board) else {
            unreachable_board()
        };
        let Solver {
            queue,
            parent,
            seen,
            next,
            first,
        } = self;
        queue.clear();
        parent.clear();
        seen.reset(FIRST_SLOTS);
        queue.push(start);
        parent.push(u32::MAX);
        seen.insert(start);
        if garage.can_exit(start, garage.occupancy(start)[0]) {
            return Outcome::Solved(Solution {
                moves: path(board, &garage, queue, parent, 0),
                explored: 1,
            });
        }
        let cars = &garage.car[..garage.cars];
        let mut head = 0;
        while head < queue.len() {
            let entry = queue[head];
            let state = entry & STATE;
            let occ = garage.occupancy(state);
            // Slides known to be seen already, so not looked up. Every
            // position expanded so far has all its slides seen (skipping
            // only seen ones keeps it so). This position came from its
            // parent by car i sliding over some cells. Car i's own slides
            // lead back to the parent or to the parent's other slides of
            // car i. A car j < i whose line misses every cell i swept slides
            // here exactly as from the parent; that slide from the parent
            // gave a position queued before this one (j's slides are tried
            // before i's), so expanded before it, and i's slide from there
            // (still clear) is where j's slide from here leads. The queue is
            // the same as when every slide is looked up.
            let moved = ((entry >> CAR_SHIFT) as usize & 0x1f).wrapping_sub(1);
            let keep = match garage.crossing.get(moved) {
                Some(crossing) => {
                    let (a, b) = (
                        Garage::offset(state, moved),
                        (entry >> FROM_SHIFT) as u32 & 0b111,
                    );
                    let swept = (1u32 << (a.max(b) + cars[moved].len)) - (1 << a.min(b));
                    let mut cross = 0;
                    for (k, &c) in crossing.iter().enumerate() {
                        cross |= c & ((swept >> k) & 1).wrapping_neg();
                    }
                    (cross | !((2 << moved) - 1)) & !(1 << moved)
                }
                None => !0,
            };
            // The cars with a free cell at either end, as bits.
            let free = !occ[0];
            let mut movable = 0u32;
            let mut s = state;
            for (i, car) in cars.iter().enumerate() {
                movable |= ((car.ends[(s & 0b111) as usize] & free != 0) as u32) << i;
                s >>= BITS;
            }
            movable &= keep;
            // Each such car's slides, written without a branch: four
            // candidates each way, of which the first (p - lo) and (hi - p)
            // count. Nearest first, left (up) then right (down): the order
            // fixes which shortest solution is found.
            let mut n = 0;
            while movable != 0 {
                let i = movable.trailing_zeros() as usize;
                movable &= movable - 1;
                let shift = BITS * i as u32;
                let p = ((state >> shift) & 0b111) as u32;
                let (lo, hi) = cars[i].range(p, occ);
                let step = 1u64 << shift;
                let at = state | ((i as u64 + 1) << CAR_SHIFT) | ((p as u64) << FROM_SHIFT);
                let mut c = at;
                for w in &mut next[n..n + 4] {
                    c = c.wrapping_sub(step);
                    *w = c;
                }
                n += (p - lo) as usize;
                let mut c = at;
                for w in &mut next[n..n + 4] {
                    c = c.wrapping_add(step);
                    *w = c;
                }
                n += (hi - p) as usize;
            }
            // Room first, so the home slots stay put; then every child's
            // home slot is read before any is probed: independent loads
            // that overlap, where one probe after another would wait on
            // each miss in turn.
            if seen.crowded(n) {
                seen.grow(queue);
            }
            for k in 0..n {
                first[k] = seen.slots[seen.home(next[k] & STATE)];
            }
            let from = head as u32;
            for k in 0..n {
                let key = next[k] & STATE;
                if first[k] != key && seen.insert(key) {
                    queue.push(next[k]);
                    parent.push(from);
                    // The goal test, as each position is reached: this
                    // one's cells with the moved car moved.
                    let i = ((next[k] >> CAR_SHIFT) as usize & 0x1f) - 1;
                    let cells = &cars[i].cells;
                    let was = cells[(next[k] >> FROM_SHIFT) as usize & 0b111][0];
                    let now = cells[Garage::offset(key, i) as usize][0];
                    if garage.can_exit(key, occ[0] ^ was ^ now) {
                        return Outcome::Solved(Solution {
                            moves: path(board, &garage, queue, parent, queue.len() - 1),
                            explored: queue.len(),
                        });
                    }
                }
            }
            head += 1;
        }
        Outcome::Unsolvable {
            explored: queue.len(),
        }
    }
}

/// Finds a shortest solution of `board`, or proves there is none.
pub fn solve(board: &Board) -> Outcome {
    Solver::new().solve(board)
}

fn unreachable_board() -> ! {
    panic!("a consistent 6×6 board holds at most 18 cars")
}

/// The moves from the start to `queue[end]`, then the exit, written as a
/// player would (`X up` when the car goes as far as it can).
fn path(board: &Board, g: &Garage, queue: &[u64], parent: &[u32], end: usize) -> Vec<Move> {
    let mut chain = vec![queue[end] & STATE];
    let mut i = end;
    while parent[i] != u32::MAX {
        i = parent[i] as usize;
        chain.push(queue[i] & STATE);
    }
    chain.reverse();
    let mut b = board.clone();
    let mut moves = Vec::with_capacity(chain.len());
    for w in chain.windows(2) {
        let car = (0..g.cars)
            .find(|&c| Garage::offset(w[0], c) != Garage::offset(w[1], c))
            .expect("consecutive positions differ by one car");
        let (a, z) = (Garage::offset(w[0], car), Garage::offset(w[1], car));
        let horizontal = b.cars()[car].axis == Axis::Horizontal;
        let dir = match (horizontal, z > a) {
            (true, true) => Dir::Right,
            (true, false) => Dir::Left,
            (false, true) => Dir::Down,
            (false, false) => Dir::Up,
        };
        let mv = b.written(car, dir, a.abs_diff(z) as u8);
        b.apply(&mv).expect("the solver's slides are legal");
        moves.push(mv);
    }
    moves.push(b.exit_move());
    moves
}

#[cfg(test)]
mod tests {
    use super::super::board::Slide;
    use super::*;
    use crate::games::rush_hour::rules::check_solution;
    use std::collections::{HashSet, VecDeque};

    fn board(s: &str) -> Board {
        Board::from_36(s).unwrap()
    }

    /// Plain breadth-first search over whole boards, trying every slide of
    /// every length through `Board::apply`: slow, obviously right.
    /// Returns the fewest moves (None: unsolvable) and how many distinct
    /// positions it reached.
    fn brute_force(start: &Board) -> (Option<usize>, usize) {
        let mut seen = HashSet::new();
        let mut queue = VecDeque::from([(start.clone(), 0usize)]);
        seen.insert(start.to_36());
        while let Some((b, d)) = queue.pop_front() {
            for i in 0..b.cars().len() {
                for dir in Dir::ALL {
                    if dir.axis() != b.cars()[i].axis {
                        continue;
                    }
                    if i == b.taxi() && dir == Dir::Right && b.exit_clear() {
                        return (Some(d + 1), seen.len());
                    }
                    for n in 1..=b.room(i, dir) {
                        let mut next = b.clone();
                        let mv = Move {
                            car: b.cars()[i].label,
                            dir,
                            dist: Some(n),
                        };
                        if let Ok(Slide::Shift { .. }) = next.apply(&mv) {
                            if seen.insert(next.to_36()) {
                                queue.push_back((next, d + 1));
                            }
                        }
                    }
                }
            }
        }
        (None, seen.len())
    }

    fn assert_optimal(s: &str, expected: Option<usize>) {
        let b = board(s);
        let out = solve(&b);
        assert_eq!(out.optimal(), expected, "{s}");
        if let Outcome::Solved(sol) = out {
            let check = check_solution(&b, &sol.moves);
            assert!(check.legal && check.solves, "{s}: {check:?}");
            assert_eq!(check.moves, sol.moves.len());
        }
    }

    /// Joins six rows (row 1 first) into the 36-character form.
    fn rows(r: [&str; 6]) -> String {
        r.concat()
    }

    #[test]
    fn clear_row_is_one_move() {
        let b = rows(["......", "......", "ZZ....", "......", "......", "......"]);
        assert_optimal(&b, Some(1));
    }

    #[test]
    fn one_blocker_moved_out_of_the_way() {
        let b = rows(["......", "......", "ZZ.Y..", "...Y..", "......", "......"]);
        assert_optimal(&b, Some(2));
    }

    #[test]
    fn walled_in_is_unsolvable() {
        let b = rows(["......", "......", "ZZx...", "......", "......", "......"]);
        assert_optimal(&b, None);
        // A 3-long car across the exit with walls above and below it.
        let b = rows([".....x", ".....Y", "ZZ...Y", ".....Y", ".....x", "......"]);
        assert_optimal(&b, None);
    }

    #[test]
    fn three_long_cars_count_one_move_per_slide() {
        // Y (F2–F4) slides down two cells in one move.
        let b = rows(["......", ".....Y", "ZZ...Y", ".....Y", "......", "......"]);
        assert_optimal(&b, Some(2));
        // X (3 long, D6–F6) must go left before Y (F3–F5) can go down.
        let b = rows([".....x", "......", "ZZ...Y", ".....Y", ".....Y", "...XXX"]);
        assert_optimal(&b, Some(3));
    }

    #[test]
    fn the_hardest_known_puzzle_starts_right() {
        // Its full 51-move search runs in the bench and the ignored test
        // below; here just check the packing reads it back.
        let b = board("GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo");
        let (g, start) = Garage::new(&b).unwrap();
        let occ = b.occupancy();
        assert_eq!(g.occupancy(start), [occ, transposed(occ)]);
    }

    #[test]
    #[ignore = "slow in debug builds; the bench runs it in release"]
    fn hardest_known_puzzle_takes_51() {
        assert_optimal("GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo", Some(51));
    }

    /// A small random position: a few cars dropped on free cells.
    fn random_board(seed: &mut u64, cars: usize) -> Board {
        let mut next = || {
            *seed ^= *seed << 13;
            *seed ^= *seed >> 7;
            *seed ^= *seed << 17;
            *seed
        };
        let mut b = Board::with_taxi();
        let mut tries = 0;
        while b.cars().len() <= cars && tries < 200 {
            tries += 1;
            let r = next();
            let col = (r % 6) as u8;
            let row = ((r >> 8) % 6) as u8;
            let len = 2 + ((r >> 16) % 2) as u8;
            let vertical = (r >> 20) % 3 != 0;
            let cells: Vec<_> = (0..len)
                .filter_map(|k| {
                    if vertical {
                        super::super::board::Cell::new(col, row + k)
                    } else {
                        super::super::board::Cell::new(col + k, row)
                    }
                })
                .collect();
            if cells.len() == len as usize {
                let _ = b.place(&cells);
            }
        }
        b
    }

    #[test]
    fn agrees_with_brute_force_on_random_positions() {
        let mut seed = 0x2545_F491_4F6C_DD1D;
        let (mut solvable, mut unsolvable) = (0, 0);
        // One solver for every board, as a batch uses it.
        let mut reused = Solver::new();
        for n in 0..400 {
            let b = random_board(&mut seed, 3 + n % 6);
            let fast = solve(&b);
            let (optimal, reached) = brute_force(&b);
            assert_eq!(fast.optimal(), optimal, "{}", b.to_36());
            assert_eq!(reused.solve(&b), fast, "{}", b.to_36());
            match fast {
                Outcome::Solved(sol) => {
                    solvable += 1;
                    let check = check_solution(&b, &sol.moves);
                    assert!(check.legal && check.solves, "{}", b.to_36());
                }
                Outcome::Unsolvable { explored } => {
                    unsolvable += 1;
                    // Every reachable position, each counted once.
                    assert_eq!(explored, reached, "{}", b.to_36());
                }
            }
        }
        assert!(solvable > 50 && unsolvable > 5, "{solvable} {unsolvable}");
    }
}
