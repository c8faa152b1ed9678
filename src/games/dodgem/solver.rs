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
//!
//! Parts: `index` numbers positions, `roads` turns a position's cars into
//! the numbers of its children and parents, `rounds` shares a level among
//! the threads, `table_file` writes and reads the solved tables; this file
//! owns the values and the two passes. It imports only `dodgem::board` and
//! the shared [`Value`]: nothing of the match, the log or the pages.

use std::sync::atomic::Ordering::Relaxed;
use std::sync::atomic::{AtomicU16, AtomicU64};

use super::board::{Position, Side, StuckRule};
use index::Indexer;
use roads::Roads;
use rounds::{in_parallel, share, threads, Rounds, LOST};

pub use crate::games::Value;

mod index;
mod roads;
mod rounds;
mod table_file;
#[cfg(test)]
mod tests;

const UNKNOWN: u8 = 0;
const WIN: u8 = 1;
const LOSE: u8 = 2;
/// Positions not reachable from the start (among them every position
/// whose side to move has no cars: it won on its last move, so it cannot
/// be its turn). The tables hold no value for them.
const UNREACHED: u8 = 3;

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
        let mut rounds = Rounds::new(threads, len);
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
            frontier = rounds.level(
                &frontier,
                |i, s| {
                    let at = indexer.position_at(i);
                    let k = roads.children(&indexer, at, |c| s.file(c));
                    let (own, other) = match at.side {
                        Side::Blue => (at.blue, at.red),
                        Side::Red => (at.red, at.blue),
                    };
                    let w = if other == 0 {
                        // The side that just moved got its last car off.
                        Entry::pack(LOSE, 0, 0)
                    } else if own == 0 {
                        // Asked from a position no game reaches (`.../.../R..:B`):
                        // the side to move has all its cars off, so it has won,
                        // whatever the rule says of being stuck.
                        Entry::pack(WIN, 0, 0)
                    } else if k > 0 {
                        Entry::pack(UNKNOWN, 0, k)
                    } else {
                        Entry::pack(stuck, 0, 0)
                    };
                    entries[i as usize].store(w, Relaxed);
                    if Entry::value(w) != UNKNOWN {
                        s.ends.push(i | lost_bit(w));
                    }
                },
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
            reached += frontier.len() as u64;
        }
        drop(seen);

        // Backwards, one remoteness level at a time, from the ends.
        let mut level = rounds.ends();
        let mut depth: u8 = 0;
        while !level.is_empty() {
            progress("propagating", depth as u64, level.len() as u64);
            let d1 = depth.saturating_add(1);
            level = rounds.level(
                &level,
                |x, s| {
                    let lost = x & LOST;
                    let at = indexer.position_at(x & !LOST);
                    roads.parents(&indexer, at, |p| s.file(p | lost));
                },
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
            depth = depth.saturating_add(1);
        }
        drop(rounds);

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
