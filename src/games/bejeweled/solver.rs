//! The best possible claim: the most gems any legal proof removes, with
//! that proof, by exhaustive search.
//!
//! Every choice is tried — passive and its colors, every starter action,
//! the active's kind and gem, and after a refresh every second starter
//! action — but two facts cut the work without losing exactness:
//! - an active powerup does nothing until its gem is removed, so for each
//!   (passive, starter action) one play with no active gives the result
//!   for the active on *any* gem that play leaves standing; only the gems
//!   it removes need a play of their own with a column or a plus on them
//!   (counted on bitboards, [`super::fast`]);
//! - a refresh changes nothing until the cascade has settled, so with the
//!   refresh on any removed gem the first cascade is the baseline's, and
//!   what follows is a second starter action on the baseline's end grid.
//!
//! The work is one job per (passive, starter), handed to two threads from
//! a shared counter so that neither waits while the other still has many:
//! the pick jobs, much the longest, go first. Each job keeps the first
//! proof it finds of its best count, and the answer is the best count's
//! proof from the first job in (passive, starter) order — the proof a
//! search in that order would keep, however the threads ran. A time limit,
//! when given, stops the search and the answer says "at least N, search
//! incomplete".
//!
//! Imports nothing outside Bejeweled's own grid, proof, engine and `fast`
//! files: a search knows no match, chat or page.

use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use super::engine::{play_parts, Outcome};
use super::fast;
use super::grid::{Cell, Color, Grid, CELLS, COLS, ROWS};
use super::proof::{Action, Active, Offer, Passive, Powerup, ProofSpec};

/// The answer.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Best {
    /// Gems removed by the best proof found.
    pub removed: usize,
    pub proof: Option<ProofSpec>,
    /// True when every choice was tried; false when the time limit stopped
    /// the search (then `removed` is a lower bound).
    pub exact: bool,
    /// Cascades played.
    pub plays: u64,
}

/// Every legal action of a starter type on a grid.
pub fn actions(grid: &Grid, starter: Powerup) -> Vec<Action> {
    let cells: Vec<Cell> = (0..CELLS).map(Cell::from_index).collect();
    let gem = |c: Cell| grid.gem(c);
    let mut out = Vec::new();
    match starter {
        Powerup::Pick => {
            for (i, &a) in cells.iter().enumerate() {
                let Some(ca) = gem(a) else { continue };
                out.push(Action::Pick(a, None));
                for &b in &cells[i + 1..] {
                    if gem(b).is_some_and(|cb| cb != ca) {
                        out.push(Action::Pick(a, Some(b)));
                    }
                }
            }
        }
        Powerup::Swap => {
            for &a in &cells {
                for b in [a.offset(1, 0), a.offset(0, 1)].into_iter().flatten() {
                    if gem(a).is_some() && gem(b).is_some() {
                        out.push(Action::Swap(a, b));
                    }
                }
            }
        }
        Powerup::Rotate => {
            for r in 0..ROWS - 1 {
                for c in 0..COLS - 1 {
                    let tl = Cell::new(c, r).expect("in range");
                    let square = [(0, 0), (1, 0), (0, 1), (1, 1)];
                    if square
                        .iter()
                        .all(|&(dc, dr)| tl.offset(dc, dr).and_then(gem).is_some())
                    {
                        out.push(Action::Rotate(tl));
                    }
                }
            }
        }
        _ => {}
    }
    out
}

/// The passives an offer allows, with every parameter.
pub fn passives(offer: Offer) -> Vec<Passive> {
    let mut out = Vec::new();
    if offer.has(Powerup::Bend) {
        out.push(Passive::Bend);
    }
    if offer.has(Powerup::Chain) {
        out.extend(Color::ALL.map(Passive::Chain));
    }
    if offer.has(Powerup::Recolor) {
        for a in Color::ALL {
            for b in Color::ALL {
                if a != b {
                    out.push(Passive::Recolor(a, b));
                }
            }
        }
    }
    out
}

/// One job's search state: one passive, one starter type.
struct Search<'a> {
    grid: &'a Grid,
    /// The grid as bitboards, for the plays with a column or a plus.
    start: fast::Boards,
    actives: &'a [Active],
    best: usize,
    proof: Option<ProofSpec>,
    plays: u64,
    deadline: Option<Instant>,
    stop: &'a AtomicBool,
    shared_best: &'a AtomicU64,
}

impl Search<'_> {
    fn play(&mut self, grid: &Grid, p: Passive, a: Action) -> Option<Outcome> {
        self.tick();
        play_parts(grid, p, None, a, None, false).ok()
    }

    /// Counts a play and checks the clock now and then.
    fn tick(&mut self) {
        self.plays += 1;
        if self.plays.is_multiple_of(4096) {
            if let Some(d) = self.deadline {
                if Instant::now() >= d {
                    self.stop.store(true, Ordering::Relaxed);
                }
            }
        }
    }

    fn offer(&mut self, removed: usize, proof: ProofSpec) {
        if removed > self.best {
            self.best = removed;
            self.proof = Some(proof);
            self.shared_best
                .fetch_max(removed as u64, Ordering::Relaxed);
        }
    }

    /// Every proof with passive `p` and starter `s`.
    fn job(&mut self, p: Passive, s: Powerup) {
        // End grids already searched for a second action: the same end grid
        // means the same count so far (gems removed = gems before − gems
        // left) and the same second stage, so once is enough.
        let mut searched: HashSet<Grid> = HashSet::new();
        for a1 in actions(self.grid, s) {
            if self.stop.load(Ordering::Relaxed) {
                return;
            }
            let Some(base) = self.play(self.grid, p, a1) else {
                continue;
            };
            // The active on a gem the cascade leaves alone never fires.
            let standing = (0..CELLS)
                .map(Cell::from_index)
                .find(|c| self.grid.gem(*c).is_some() && base.removed_ids & (1 << c.index()) == 0);
            if let (Some(cell), Some(&kind)) = (standing, self.actives.first()) {
                self.offer(
                    base.removed,
                    ProofSpec {
                        active: (kind, cell),
                        passive: p,
                        starter: a1,
                        then: None,
                    },
                );
            }
            let removed: Vec<Cell> = (0..CELLS)
                .filter(|i| base.removed_ids & (1 << i) != 0)
                .map(Cell::from_index)
                .collect();
            for k in 0..self.actives.len() {
                let kind = self.actives[k];
                match kind {
                    Active::Column | Active::Plus => {
                        for &cell in &removed {
                            self.tick();
                            let n = fast::count_active(&self.start, p, (kind, cell.index()), a1);
                            self.offer(
                                n as usize,
                                ProofSpec {
                                    active: (kind, cell),
                                    passive: p,
                                    starter: a1,
                                    then: None,
                                },
                            );
                        }
                    }
                    Active::Refresh => {
                        let Some(&cell) = removed.first() else {
                            continue;
                        };
                        // With no second action the result is the
                        // baseline's.
                        let proof = ProofSpec {
                            active: (kind, cell),
                            passive: p,
                            starter: a1,
                            then: None,
                        };
                        self.offer(base.removed, proof);
                        if searched.insert(base.end) {
                            self.second(&base, s, proof);
                        }
                    }
                }
            }
        }
    }

    /// Every second action of starter `s` on the first cascade's end grid,
    /// after a refresh fired.
    fn second(&mut self, base: &Outcome, s: Powerup, proof: ProofSpec) {
        let p = proof.passive;
        let end = fast::Boards::from(&base.end);
        if s == Powerup::Pick && !end.passive_is_global(p) {
            return self.second_picks(base, &end, proof);
        }
        for a2 in actions(&base.end, s) {
            if self.stop.load(Ordering::Relaxed) {
                return;
            }
            // No active, no trace: the bitboard count.
            self.tick();
            let second = fast::count_on(&end, p, a2) as usize;
            self.offer(
                base.removed + second,
                ProofSpec {
                    then: Some(a2),
                    ..proof
                },
            );
        }
    }

    /// Every second pick, in [`actions`]' order, with a passive that acts
    /// only where gems go. Single picks first: their counts, the columns
    /// their cascades touch, and their first pass. A pair of picks whose
    /// cascades stay apart removes exactly the sum (see
    /// `fast::independent`); a pair in two columns starts from the two
    /// first passes put side by side (see `fast::PickStep`); only a pair
    /// in one column plays its whole cascade.
    fn second_picks(&mut self, base: &Outcome, end: &fast::Boards, proof: ProofSpec) {
        let p = proof.passive;
        let mut steps: [Option<fast::PickStep>; CELLS] = [None; CELLS];
        for (i, slot) in steps.iter_mut().enumerate() {
            if base.end.gem(Cell::from_index(i)).is_some() {
                self.tick();
                *slot = Some(end.pick_step(p, i));
            }
        }
        let then = |a2| ProofSpec {
            then: Some(a2),
            ..proof
        };
        for x in 0..CELLS {
            let (Some(sx), Some(cx)) = (&steps[x], base.end.gem(Cell::from_index(x))) else {
                continue;
            };
            if self.stop.load(Ordering::Relaxed) {
                return;
            }
            let xc = Cell::from_index(x);
            self.offer(
                base.removed + sx.count as usize,
                then(Action::Pick(xc, None)),
            );
            for (y, sy) in steps.iter().enumerate().skip(x + 1) {
                let yc = Cell::from_index(y);
                let (Some(sy), Some(cy)) = (sy, base.end.gem(yc)) else {
                    continue;
                };
                if cx == cy {
                    continue;
                }
                let second = if fast::independent(sx.columns, sy.columns) {
                    sx.count + sy.count
                } else if xc.col() != yc.col() {
                    self.tick();
                    end.pair_count(p, (x, sx), (y, sy))
                } else {
                    self.tick();
                    fast::count_on(end, p, Action::Pick(xc, Some(yc)))
                };
                self.offer(
                    base.removed + second as usize,
                    then(Action::Pick(xc, Some(yc))),
                );
            }
        }
    }
}

/// What one job found: (best count, job number in (passive, starter)
/// order, its first proof of that count, plays).
type Found = (usize, usize, Option<ProofSpec>, u64);

/// The best claim for a grid and an offer; `limit` bounds the time.
pub fn best(grid: &Grid, offer: Offer, limit: Option<Duration>) -> Best {
    let ps = passives(offer);
    let starters: Vec<Powerup> = [Powerup::Pick, Powerup::Swap, Powerup::Rotate]
        .into_iter()
        .filter(|s| offer.has(*s))
        .collect();
    let actives: Vec<Active> = [Active::Column, Active::Plus, Active::Refresh]
        .into_iter()
        .filter(|a| offer.has(a.powerup()))
        .collect();
    // Jobs in the order they are handed out: starter-major, so that the
    // long pick jobs come first and the short ones even out the end.
    let jobs: Vec<(usize, usize)> = (0..starters.len())
        .flat_map(|si| (0..ps.len()).map(move |pi| (pi, si)))
        .collect();
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let shared = AtomicU64::new(0);
    let deadline = limit.map(|l| Instant::now() + l);
    let start = fast::Boards::from(grid);
    let threads = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .clamp(1, 2);
    let results: Vec<Found> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|_| {
                let (ps, starters, actives, jobs) = (&ps, &starters, &actives, &jobs);
                let (next, stop, shared) = (&next, &stop, &shared);
                scope.spawn(move || {
                    let mut out = Vec::new();
                    loop {
                        let j = next.fetch_add(1, Ordering::Relaxed);
                        let Some(&(pi, si)) = jobs.get(j) else {
                            break;
                        };
                        if stop.load(Ordering::Relaxed) {
                            break;
                        }
                        let mut s = Search {
                            grid,
                            start,
                            actives,
                            best: 0,
                            proof: None,
                            plays: 0,
                            deadline,
                            stop,
                            shared_best: shared,
                        };
                        s.job(ps[pi], starters[si]);
                        out.push((s.best, pi * starters.len() + si, s.proof, s.plays));
                    }
                    out
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("a search thread does not panic"))
            .collect()
    });
    let plays = results.iter().map(|r| r.3).sum();
    // The most gems; among equals, the first job in (passive, starter)
    // order.
    let top = results
        .into_iter()
        .filter(|r| r.2.is_some())
        .max_by(|a, b| a.0.cmp(&b.0).then(b.1.cmp(&a.1)));
    Best {
        removed: top.as_ref().map_or(0, |t| t.0),
        proof: top.and_then(|t| t.2),
        exact: !stop.load(Ordering::Relaxed),
        plays,
    }
}

#[cfg(test)]
pub(super) mod random_grids;

#[cfg(test)]
mod tests {
    use super::super::engine::play;
    use super::random_grids::{self, GEMS};
    use super::*;

    /// Every proof the offer allows, played one by one through `play`.
    fn brute_force(grid: &Grid, offer: Offer) -> usize {
        let mut best = 0;
        let cells: Vec<Cell> = (0..CELLS)
            .map(Cell::from_index)
            .filter(|c| grid.gem(*c).is_some())
            .collect();
        let actives: Vec<Active> = [Active::Column, Active::Plus, Active::Refresh]
            .into_iter()
            .filter(|a| offer.has(a.powerup()))
            .collect();
        for p in passives(offer) {
            for s in [Powerup::Pick, Powerup::Swap, Powerup::Rotate] {
                if !offer.has(s) {
                    continue;
                }
                for a1 in actions(grid, s) {
                    for &kind in &actives {
                        for &cell in &cells {
                            let proof = ProofSpec {
                                active: (kind, cell),
                                passive: p,
                                starter: a1,
                                then: None,
                            };
                            let Ok(o) = play(grid, &proof, false) else {
                                continue;
                            };
                            best = best.max(o.removed);
                            if o.refresh_fired {
                                // Every second action on the settled grid.
                                let mid = o.end;
                                for a2 in actions(&mid, s) {
                                    let proof = ProofSpec {
                                        then: Some(a2),
                                        ..proof
                                    };
                                    if let Ok(o2) = play(grid, &proof, false) {
                                        best = best.max(o2.removed);
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        best
    }

    /// Random gems under four rows of rocks, so the search stays small.
    fn small_grid(seed: &mut u64) -> Grid {
        random_grids::without_line(seed, |_| {
            |r, x| if r < 4 { '#' } else { GEMS[(x % 5) as usize] }
        })
    }

    #[test]
    fn agrees_with_brute_force_on_small_grids() {
        let mut seed = 0xB1E5_5EED;
        let offers = [
            "swap,bend,plus",
            "rotate,chain,column",
            "swap,recolor,refresh",
            "pick,bend,refresh",
            "swap,rotate,bend,chain,plus,column,refresh",
        ];
        for round in 0..10 {
            let g = small_grid(&mut seed);
            let offer: Offer = offers[round % offers.len()].parse().unwrap();
            let fast = best(&g, offer, None);
            assert!(fast.exact);
            assert_eq!(fast.removed, brute_force(&g, offer), "{offer}\n{g}");
            let proof = fast.proof.expect("a proof");
            assert_eq!(
                play(&g, &proof, false).unwrap().removed,
                fast.removed,
                "{proof}"
            );
        }
    }

    #[test]
    fn the_seed_example_can_do_better_than_16() {
        let g = Grid::parse("RBGYPRBG\nGYPRBGYP\nPRBGYPRB\nBGYPBRGY\nRPGRRBPR\nYYGRPYBG\nGRPBBGYP")
            .unwrap();
        let offer: Offer = "swap,bend,plus".parse().unwrap();
        let b = best(&g, offer, None);
        assert!(b.exact);
        assert!(b.removed >= 16, "Reds' own proof removes 16");
        let proof = b.proof.unwrap();
        assert_eq!(play(&g, &proof, false).unwrap().removed, b.removed);
    }

    #[test]
    fn a_zero_time_limit_says_the_search_is_incomplete() {
        let g = Grid::parse("RBGYPRBG\nGYPRBGYP\nPRBGYPRB\nBGYPBRGY\nRPGRRBPR\nYYGRPYBG\nGRPBBGYP")
            .unwrap();
        let b = best(&g, Offer::all(), Some(Duration::ZERO));
        assert!(!b.exact);
    }
}
