//! Exact optimal solver: breadth-first search over packed positions.
//!
//! Every car keeps its axis and its line, so a position is just each car's
//! offset along its line (0..=4, three bits). Up to 18 cars fit in one
//! `u64`, and occupancy is rebuilt from precomputed per-car masks, so the
//! search allocates nothing per position beyond the queue and the seen set
//! (both amortised). Breadth-first order makes the first solution found a
//! shortest one, counting every slide of any length as one move and the
//! taxi's drive out of the board as the last move.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use super::board::{Axis, Board, Dir, Move, SIZE};

/// A shortest solution, or proof that none exists.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Solution {
    /// Fewest moves, the taxi's exit included.
    pub moves: Vec<Move>,
    /// Positions the search looked at.
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
const MAX_CARS: usize = 64 / BITS as usize;

/// A multiplicative hasher for packed positions: keys are already
/// well-spread integers, so SipHash's strength buys nothing here.
#[derive(Default)]
struct PackedHasher(u64);

impl Hasher for PackedHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ b as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
    }
    fn write_u64(&mut self, x: u64) {
        let h = x.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        self.0 = h ^ (h >> 29);
    }
}

/// The fixed part of a search: each car's line as six cell bits, and masks.
struct Garage {
    cars: usize,
    len: [u8; MAX_CARS],
    /// `line[i][k]`: bit of the k-th cell of car i's line.
    line: [[u64; SIZE as usize]; MAX_CARS],
    /// `mask[i][p]`: the cells of car i at offset p.
    mask: [[u64; SIZE as usize]; MAX_CARS],
    walls: u64,
    taxi: usize,
    /// `exit[p]`: cells right of the taxi at offset p.
    exit: [u64; SIZE as usize],
}

impl Garage {
    fn new(board: &Board) -> Option<(Garage, u64)> {
        let cars = board.cars();
        if cars.len() > MAX_CARS {
            return None;
        }
        let mut g = Garage {
            cars: cars.len(),
            len: [0; MAX_CARS],
            line: [[0; SIZE as usize]; MAX_CARS],
            mask: [[0; SIZE as usize]; MAX_CARS],
            walls: board.walls(),
            taxi: board.taxi(),
            exit: [0; SIZE as usize],
        };
        let mut start = 0u64;
        for (i, car) in cars.iter().enumerate() {
            g.len[i] = car.len;
            let (offset, cell_of): (u8, Box<dyn Fn(u8) -> u64>) = match car.axis {
                Axis::Horizontal => {
                    let row = car.start.row();
                    (car.start.col(), Box::new(move |k| 1 << (row * SIZE + k)))
                }
                Axis::Vertical => {
                    let col = car.start.col();
                    (car.start.row(), Box::new(move |k| 1 << (k * SIZE + col)))
                }
            };
            for k in 0..SIZE {
                g.line[i][k as usize] = cell_of(k);
            }
            for p in 0..=(SIZE - car.len) {
                g.mask[i][p as usize] = (p..p + car.len).fold(0, |m, k| m | cell_of(k));
            }
            start |= (offset as u64) << (BITS * i as u32);
        }
        for p in 0..=(SIZE - 2) {
            g.exit[p as usize] = ((p + 2)..SIZE).fold(0, |m, k| m | g.line[g.taxi][k as usize]);
        }
        Some((g, start))
    }

    #[inline]
    fn offset(state: u64, i: usize) -> u8 {
        ((state >> (BITS * i as u32)) & 0b111) as u8
    }

    #[inline]
    fn occupancy(&self, state: u64) -> u64 {
        let mut occ = self.walls;
        for i in 0..self.cars {
            occ |= self.mask[i][Self::offset(state, i) as usize];
        }
        occ
    }

    #[inline]
    fn can_exit(&self, state: u64, occ: u64) -> bool {
        self.exit[Self::offset(state, self.taxi) as usize] & occ == 0
    }

    /// Calls `f` with every position one slide away.
    #[inline]
    fn successors(&self, state: u64, occ: u64, mut f: impl FnMut(u64) -> bool) -> bool {
        for i in 0..self.cars {
            let p = Self::offset(state, i);
            let len = self.len[i];
            let shift = BITS * i as u32;
            let cleared = state & !(0b111 << shift);
            let line = &self.line[i];
            let mut q = p;
            while q > 0 && occ & line[q as usize - 1] == 0 {
                q -= 1;
                if f(cleared | (q as u64) << shift) {
                    return true;
                }
            }
            let mut q = p;
            while q + len < SIZE && occ & line[(q + len) as usize] == 0 {
                q += 1;
                if f(cleared | (q as u64) << shift) {
                    return true;
                }
            }
        }
        false
    }
}

/// Finds a shortest solution of `board`, or proves there is none.
pub fn solve(board: &Board) -> Outcome {
    let Some((garage, start)) = Garage::new(board) else {
        // More than 21 cars cannot fit beside a taxi on 36 cells.
        unreachable_board()
    };
    let mut queue: Vec<u64> = vec![start];
    let mut parent: Vec<u32> = vec![u32::MAX];
    let mut seen: HashMap<u64, (), BuildHasherDefault<PackedHasher>> = HashMap::default();
    seen.insert(start, ());
    let mut head = 0;
    while head < queue.len() {
        let state = queue[head];
        let occ = garage.occupancy(state);
        if garage.can_exit(state, occ) {
            return Outcome::Solved(Solution {
                moves: path(board, &garage, &queue, &parent, head),
                explored: queue.len(),
            });
        }
        let from = head as u32;
        garage.successors(state, occ, |next| {
            if seen.insert(next, ()).is_none() {
                queue.push(next);
                parent.push(from);
            }
            false
        });
        head += 1;
    }
    Outcome::Unsolvable {
        explored: queue.len(),
    }
}

fn unreachable_board() -> ! {
    panic!("a consistent 6×6 board holds at most 18 cars")
}

/// The moves from the start to `queue[end]`, then the exit, written as a
/// player would (`X up` when the car goes as far as it can).
fn path(board: &Board, g: &Garage, queue: &[u64], parent: &[u32], end: usize) -> Vec<Move> {
    let mut chain = vec![queue[end]];
    let mut i = end;
    while parent[i] != u32::MAX {
        i = parent[i] as usize;
        chain.push(queue[i]);
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
        let mv = b.written(car, dir, a.abs_diff(z));
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
    fn brute_force(start: &Board) -> Option<usize> {
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
                        return Some(d + 1);
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
        None
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
        assert_eq!(g.occupancy(start), b.occupancy());
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
        for n in 0..400 {
            let b = random_board(&mut seed, 3 + n % 6);
            let fast = solve(&b);
            assert_eq!(fast.optimal(), brute_force(&b), "{}", b.to_36());
            match fast {
                Outcome::Solved(sol) => {
                    solvable += 1;
                    let check = check_solution(&b, &sol.moves);
                    assert!(check.legal && check.solves, "{}", b.to_36());
                }
                Outcome::Unsolvable { .. } => unsolvable += 1,
            }
        }
        assert!(solvable > 50 && unsolvable > 5, "{solvable} {unsolvable}");
    }
}
