//! Exact retrograde analysis of Dodgem, as GamesCrafters' GamesmanUni
//! reports it: win / lose / draw for the side to move and the remoteness
//! (plies to the end with best play: a winner ends as fast as it can, a
//! loser as slowly), for every position reachable from the start.
//!
//! Positions are numbered densely (no hashing): a side's cars are a subset
//! of the n² cells with at most n−1 members, ranked in the combinatorial
//! number system, red's ranked among the cells blue leaves free. Value,
//! remoteness and a child counter per position, packed in 16 bits, are the
//! whole table. A breadth-first search from the start marks the reachable
//! positions (under half of all of them on 5×5) and counts their moves;
//! the rest are never looked at again. The analysis is the classic one for
//! loopy games: the
//! decided positions (game over, or stuck) are propagated backwards level
//! by level through un-moves — a parent of a lost position is won; a
//! parent all of whose children are won is lost — and whatever is never
//! decided is a draw. Levels are processed in order, so remoteness is
//! exact. Each level is shared between the cores: entries are atomic, a
//! parent is claimed with a compare-and-swap, and the order in which a
//! level's positions are taken cannot change any value or remoteness.

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

/// Dense numbering of positions of one board size.
pub struct Indexer {
    cells: u32,
    binom: [[u64; 26]; 26],
    /// Offset of the block of positions with (blue cars, red cars).
    offset: [[u64; 5]; 5],
    /// Positions per side to move.
    half: u64,
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
        let mut total = 0;
        for nb in 0..n as usize {
            for nr in 0..n as usize {
                offset[nb][nr] = total;
                total += binom[cells as usize][nb] * binom[cells as usize - nb][nr];
            }
        }
        Indexer {
            cells,
            binom,
            offset,
            half: total,
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
    fn rank(&self, mut set: u32) -> u64 {
        let mut r = 0;
        let mut i = 1;
        while set != 0 {
            let p = set.trailing_zeros() as usize;
            set &= set - 1;
            r += self.binom[p][i];
            i += 1;
        }
        r
    }

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

/// Every subset of `cells` cells with exactly `k` members, in order.
#[cfg(test)]
fn subsets(cells: u32, k: u32, mut f: impl FnMut(u32)) {
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

/// Every position of the board (both sides to move) whose blue set is
/// the `part`-th of every `parts` (so threads can share the work).
#[cfg(test)]
fn positions_part(n: u8, part: usize, parts: usize, mut f: impl FnMut(Position)) {
    let cells = n as u32 * n as u32;
    let mut k = 0usize;
    for nb in 0..n as u32 {
        subsets(cells, nb, |blue| {
            k += 1;
            if k % parts != part {
                return;
            }
            let free = !blue & ((1 << cells) - 1);
            for nr in 0..n as u32 {
                subsets(cells - nb, nr, |packed| {
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

fn with(p: &Position, mover: Side, cars: u32) -> Position {
    let mut q = *p;
    match mover {
        Side::Blue => q.blue = cars,
        Side::Red => q.red = cars,
    }
    q.to_move = mover;
    q
}

/// A position's entry, packed in 16 bits so that deciding a parent
/// touches one word (one cache line) and is one compare-and-swap: value
/// in bits 0–1, remoteness in bits 2–9, children not yet known to be won
/// in bits 10–13 (at most 12 moves).
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

/// Levels smaller than this are worked through on one thread.
const SMALL: usize = 1 << 14;

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

impl Tables {
    /// Solves the game on every core; `progress` hears (phase, done,
    /// total) once per level.
    ///
    /// Only the positions reachable from the start are valued: a
    /// position's value and remoteness depend only on the positions it
    /// leads to, and those are reachable when it is. A breadth-first
    /// search from the start finds them and counts each one's moves as it
    /// goes (deciding the ends on the spot); the retrograde pass then
    /// walks back from the ends, and a parent never reached is skipped.
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
        let len = indexer.len() as usize;
        // Every entry starts as "not reached".
        let entries: Vec<AtomicU16> = (0..len)
            .map(|_| AtomicU16::new(Entry::pack(UNREACHED, 0, 0)))
            .collect();
        let parts = threads();
        // The entry a newly reached position starts with, and whether it
        // is decided already (the game is over, or the side to move is
        // stuck).
        let first_entry = |p: &Position| -> (u16, bool) {
            if p.cars(p.to_move.other()) == 0 {
                return (Entry::pack(LOSE, 0, 0), true);
            }
            let mut k = 0;
            p.for_each_move(|_| k += 1);
            if k > 0 {
                return (Entry::pack(UNKNOWN, 0, k), false);
            }
            let v = match rule {
                StuckRule::StuckLoses => LOSE,
                StuckRule::StuckWins => WIN,
            };
            (Entry::pack(v, 0, 0), true)
        };
        // One bit per position, set once it is reached: the search and the
        // pass back test edges here (a sixteenth of the table's size, so
        // far fewer cache misses) and touch the table once per position.
        let seen: Vec<AtomicU64> = (0..len.div_ceil(64)).map(|_| AtomicU64::new(0)).collect();
        let is_seen = |i: usize| seen[i / 64].load(Relaxed) & (1 << (i % 64)) != 0;
        let mark = |i: usize| seen[i / 64].fetch_or(1 << (i % 64), Relaxed) & (1 << (i % 64)) == 0;
        let (e, done) = first_entry(&start);
        let i = indexer.index(&start) as usize;
        entries[i].store(e, Relaxed);
        mark(i);
        let mut frontier = vec![start];
        // Decided positions to propagate, with whether they are lost (kept
        // beside them so the table is not read again).
        let lost = |w: u16| Entry::value(w) == LOSE;
        let mut level: Vec<(Position, bool)> = if done {
            vec![(start, lost(e))]
        } else {
            Vec::new()
        };
        let mut reached = 1u64;
        while !frontier.is_empty() {
            progress("reaching positions from the start", reached, len as u64);
            let parts = if frontier.len() < SMALL { 1 } else { parts };
            let chunk = frontier.len().div_ceil(parts);
            let found = in_parallel(parts, |part| {
                let lo = (part * chunk).min(frontier.len());
                let hi = ((part + 1) * chunk).min(frontier.len());
                let (mut next, mut decided) = (Vec::new(), Vec::new());
                for p in &frontier[lo..hi] {
                    p.for_each_move(|m| {
                        let q = p.play(m);
                        let i = indexer.index(&q) as usize;
                        // Claimed once: the thread that sets the bit owns it.
                        if is_seen(i) || !mark(i) {
                            return;
                        }
                        let (w, done) = first_entry(&q);
                        entries[i].store(w, Relaxed);
                        next.push(q);
                        if done {
                            decided.push((q, lost(w)));
                        }
                    });
                }
                (next, decided)
            });
            frontier.clear();
            for (next, decided) in found {
                reached += next.len() as u64;
                frontier.extend(next);
                level.extend(decided);
            }
        }
        // Backwards, one remoteness level at a time; each level's
        // positions are split between the threads. A parent is claimed by
        // an atomic compare-and-swap, so it is decided (and queued) once.
        let mut depth: u8 = 0;
        while !level.is_empty() {
            progress("propagating", depth as u64, level.len() as u64);
            // Small levels are not worth a thread each.
            let parts = if level.len() < SMALL { 1 } else { parts };
            let chunk = level.len().div_ceil(parts);
            let next_parts = in_parallel(parts, |part| {
                let mut next = Vec::new();
                let lo = (part * chunk).min(level.len());
                let hi = ((part + 1) * chunk).min(level.len());
                for &(p, lost) in &level[lo..hi] {
                    let d1 = depth.saturating_add(1);
                    parents(&p, |q| {
                        let i = indexer.index(&q) as usize;
                        if !is_seen(i) {
                            return;
                        }
                        let e = &entries[i];
                        let mut w = e.load(Relaxed);
                        loop {
                            // Decided already, or never reached.
                            if Entry::value(w) != UNKNOWN {
                                return;
                            }
                            // A lost child wins the parent; a won child
                            // takes one off its count, and the last one
                            // loses it.
                            let k = Entry::children(w) - u8::from(!lost);
                            let new = if lost {
                                Entry::pack(WIN, d1, 0)
                            } else if k == 0 {
                                Entry::pack(LOSE, d1, 0)
                            } else {
                                Entry::pack(UNKNOWN, 0, k)
                            };
                            match e.compare_exchange_weak(w, new, Relaxed, Relaxed) {
                                Ok(_) => {
                                    if Entry::value(new) != UNKNOWN {
                                        next.push((q, Entry::value(new) == LOSE));
                                    }
                                    return;
                                }
                                Err(now) => w = now,
                            }
                        }
                    });
                }
                next
            });
            level = next_parts.into_iter().flatten().collect();
            depth = depth.saturating_add(1);
        }
        // Counted in one sequential sweep: every reached entry, by value
        // (never decided = a draw).
        let mut counts = [0u64; 3];
        for e in &entries {
            match Entry::value(e.load(Relaxed)) {
                WIN => counts[0] += 1,
                LOSE => counts[1] += 1,
                UNKNOWN => counts[2] += 1,
                _ => {}
            }
        }
        Tables {
            n,
            rule,
            indexer,
            entries,
            reachable: counts.iter().sum(),
            counts,
        }
    }

    /// Whether the tables hold a value for `p`: they hold every position
    /// reachable from the start, and only those.
    pub fn knows(&self, p: &Position) -> bool {
        p.n == self.n
            && Entry::value(self.entries[self.indexer.index(p) as usize].load(Relaxed)) != UNREACHED
    }

    /// Writes the solved tables to a file: a header line (format, size,
    /// rule, reachable and counts), then one value byte and one remoteness
    /// byte per position.
    pub fn save(&self, path: &std::path::Path) -> std::io::Result<()> {
        use std::io::Write;
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)?;
        }
        let mut w = std::io::BufWriter::new(std::fs::File::create(path)?);
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
        w.flush()
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
