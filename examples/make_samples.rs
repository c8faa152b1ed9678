//! Builds the two bundled sample matches, `data/samples/tj-penzo-cup-final.json`
//! and `data/samples/tj-simply-genius-dm4.json`: two complete five-round
//! Traffic Jam DMs played by a simple searching player against the exact
//! solver, with realistic chat timestamps.
//!
//! Deterministic: fixed seeds and a small xorshift generator, so running it
//! again writes the same bytes. Before writing, each match is replayed and
//! verified; the program refuses to write samples that break a rule, miss a
//! ruling or do not show the intended verdicts.
//!
//! ```text
//! cargo run --release --example make_samples
//! ```

use std::path::Path;

use chrono::{DateTime, Duration, TimeZone, Utc};

use arbiter::event::{Actor, Body, Create, Envelope, MatchId, NewEvent, Ruling, Scope};
use arbiter::games::rush_hour::board::{Axis, EXIT_ROW};
use arbiter::games::rush_hour::rules::check_solution;
use arbiter::games::rush_hour::solver::{solve, Outcome};
use arbiter::games::rush_hour::{self as rh, Board, Cell, Dir, Move, Slide};
use arbiter::games::{Challenge, Claim, GameConfig, MatchState, Placement, Proof, RoundSetup};
use arbiter::replay::Replay;
use arbiter::samples::MatchFile;
use arbiter::verify::{findings, Verdict};

// ---------------------------------------------------------------------------
// Randomness: xorshift64* with fixed seeds.

struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Rng {
        let mut r = Rng((seed ^ 0x9E37_79B9_7F4A_7C15) | 1);
        for _ in 0..8 {
            r.next();
        }
        r
    }
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    /// Uniform in `lo..=hi`.
    fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + (self.next() % (hi - lo + 1) as u64) as i64
    }
    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
    /// An index chosen with the given weights (all > 0).
    fn weighted(&mut self, weights: &[u64]) -> usize {
        let total: u64 = weights.iter().sum();
        let mut x = self.next() % total;
        for (i, &w) in weights.iter().enumerate() {
            if x < w {
                return i;
            }
            x -= w;
        }
        weights.len() - 1
    }
}

// ---------------------------------------------------------------------------
// Boards and candidate placements.

/// Every 2- and 3-cell car that fits on empty cells.
fn placements(board: &Board) -> Vec<Vec<Cell>> {
    let occ = board.occupancy();
    let mut out = Vec::new();
    for row in 0..6u8 {
        for col in 0..6u8 {
            for len in 2..=3u8 {
                for horizontal in [true, false] {
                    let cells: Option<Vec<Cell>> = (0..len)
                        .map(|i| {
                            if horizontal {
                                Cell::new(col + i, row)
                            } else {
                                Cell::new(col, row + i)
                            }
                        })
                        .collect();
                    if let Some(cells) = cells {
                        if cells.iter().all(|c| occ & c.bit() == 0) {
                            out.push(cells);
                        }
                    }
                }
            }
        }
    }
    out
}

/// A car across the taxi's row blocks the exit for good: no player would
/// place one, so the search leaves them out.
fn blocks_exit_row(cells: &[Cell]) -> bool {
    cells.iter().all(|c| c.row() == EXIT_ROW)
}

struct Cand {
    cells: Vec<Cell>,
    board: Board,
    label: char,
    outcome: Outcome,
}

impl Cand {
    fn opt(&self) -> Option<usize> {
        self.outcome.optimal()
    }
    fn moves(&self) -> Vec<Move> {
        match &self.outcome {
            Outcome::Solved(s) => s.moves.clone(),
            Outcome::Unsolvable { .. } => Vec::new(),
        }
    }
}

/// Every legal placement, each solved exactly.
fn candidates(board: &Board) -> Vec<Cand> {
    placements(board)
        .into_iter()
        .filter(|cells| !blocks_exit_row(cells))
        .map(|cells| {
            let mut b = board.clone();
            let label = b
                .place(&cells)
                .expect("placements() lists empty cells in line");
            let outcome = solve(&b);
            Cand {
                cells,
                board: b,
                label,
                outcome,
            }
        })
        .collect()
}

fn pick<'a>(rng: &mut Rng, cands: &'a [Cand], keep: impl Fn(&Cand) -> bool) -> Option<&'a Cand> {
    let pool: Vec<&Cand> = cands.iter().filter(|c| keep(c)).collect();
    if pool.is_empty() {
        None
    } else {
        Some(pool[rng.below(pool.len())])
    }
}

/// An ordinary turn: keep the puzzle solvable below the target, and mostly
/// make it harder (by one or two moves at most), with some randomness.
fn ordinary<'a>(rng: &mut Rng, cands: &'a [Cand], cur: usize, target: usize) -> Option<&'a Cand> {
    let fine: Vec<&Cand> = cands
        .iter()
        .filter(|c| matches!(c.opt(), Some(k) if k < target))
        .collect();
    let raise: Vec<&Cand> = fine
        .iter()
        .copied()
        .filter(|c| {
            let k = c.opt().unwrap_or(0);
            k >= cur && k <= cur + 2
        })
        .collect();
    let pool = if raise.is_empty() { fine } else { raise };
    if pool.is_empty() {
        return None;
    }
    let weights: Vec<u64> = pool
        .iter()
        .map(|c| {
            let k = c.opt().unwrap_or(0);
            1 + 4 * k.saturating_sub(cur) as u64
        })
        .collect();
    Some(pool[rng.weighted(&weights)])
}

// ---------------------------------------------------------------------------
// Solutions: padded, botched and failed.

/// The board before each move of `moves` (as far as they are legal).
fn positions(board: &Board, moves: &[Move]) -> Vec<Board> {
    let mut b = board.clone();
    let mut out = Vec::with_capacity(moves.len());
    for mv in moves {
        out.push(b.clone());
        if b.apply(mv).is_err() {
            break;
        }
    }
    out
}

/// The move sliding car `i` by exactly `dist` cells in `dir`, written the
/// short way when it goes as far as it can. The taxi sliding right always
/// carries its distance, or it would read as driving out.
fn slide(b: &Board, i: usize, dir: Dir, dist: u8) -> Move {
    if i == b.taxi() && dir == Dir::Right {
        Move {
            car: b.cars()[i].label,
            dir,
            dist: Some(dist),
        }
    } else {
        b.written(i, dir, dist)
    }
}

fn opposite(d: Dir) -> Dir {
    match d {
        Dir::Up => Dir::Down,
        Dir::Down => Dir::Up,
        Dir::Left => Dir::Right,
        Dir::Right => Dir::Left,
    }
}

fn dirs(axis: Axis) -> [Dir; 2] {
    match axis {
        Axis::Horizontal => [Dir::Left, Dir::Right],
        Axis::Vertical => [Dir::Up, Dir::Down],
    }
}

/// A legal solution of exactly `target` moves made from a shorter one, the
/// way a player finds a clumsy one: a slide made in two steps, a car moved
/// out of the way and back for nothing.
fn pad(board: &Board, shortest: &[Move], target: usize, rng: &mut Rng) -> Option<Vec<Move>> {
    let mut moves = shortest.to_vec();
    for _ in 0..100 {
        if moves.len() >= target {
            break;
        }
        let need = target - moves.len();
        let before = positions(board, &moves);
        // Slides that can be made in two steps.
        let mut splits = Vec::new();
        for (i, b) in before.iter().enumerate() {
            let mut after = b.clone();
            match after.apply(&moves[i]) {
                Ok(Slide::Shift { car, dist, .. }) if dist >= 2 => {
                    splits.push((i, car, moves[i].dir, dist))
                }
                Ok(Slide::Exit) => {
                    let t = b.taxi();
                    let room = b.room(t, Dir::Right);
                    if room >= 1 {
                        splits.push((i, t, Dir::Right, room + 1));
                    }
                }
                _ => {}
            }
        }
        if !splits.is_empty() && (need == 1 || rng.chance(50)) {
            let (i, car, dir, dist) = splits[rng.below(splits.len())];
            let b = &before[i];
            let first = rng.range(1, dist as i64 - 1) as u8;
            let m1 = slide(b, car, dir, first);
            let mut b2 = b.clone();
            b2.apply(&m1).ok()?;
            let m2 = if car == b.taxi() && dir == Dir::Right && b2.exit_clear() {
                // The rest of the taxi's drive is its exit.
                b2.exit_move()
            } else {
                slide(&b2, car, dir, dist - first)
            };
            moves.splice(i..=i, [m1, m2]);
            continue;
        }
        if need >= 2 {
            // A detour: some car out by one and straight back.
            let i = rng.below(moves.len());
            let b = &before[i];
            let mut options = Vec::new();
            for (c, car) in b.cars().iter().enumerate() {
                if c == b.taxi() {
                    continue;
                }
                for d in dirs(car.axis) {
                    if b.room(c, d) >= 1 {
                        options.push((c, d));
                    }
                }
            }
            if options.is_empty() {
                continue;
            }
            let (c, d) = options[rng.below(options.len())];
            let out = slide(b, c, d, 1);
            let mut b2 = b.clone();
            b2.apply(&out).ok()?;
            let back = slide(&b2, c, opposite(d), 1);
            moves.splice(i..i, [out, back]);
        }
    }
    let check = check_solution(board, &moves);
    (check.legal && check.solves && check.moves == target).then_some(moves)
}

/// A solution that goes wrong: two moves made in the wrong order, so one of
/// them drives through a car (preferably well into the solution). Returns
/// the moves and the first illegal one.
fn botched(board: &Board, shortest: &[Move], rng: &mut Rng) -> Option<(Vec<Move>, usize, String)> {
    let mut found = Vec::new();
    for i in 0..shortest.len().saturating_sub(1) {
        if shortest[i].car == shortest[i + 1].car {
            continue;
        }
        let mut moves = shortest.to_vec();
        moves.swap(i, i + 1);
        let check = check_solution(board, &moves);
        if let Some((at, why)) = check.error {
            if why.contains("blocked") || why.contains("only") {
                found.push((moves, at, why));
            }
        }
    }
    let late: Vec<usize> = (0..found.len()).filter(|&k| found[k].1 >= 3).collect();
    let k = if late.is_empty() {
        if found.is_empty() {
            return None;
        }
        rng.below(found.len())
    } else {
        late[rng.below(late.len())]
    };
    Some(found.swap_remove(k))
}

/// What a player posts when the target is out of reach: the first moves of
/// a longer solution (or random slides) and a hopeful `Z right`.
fn failed_attempt(board: &Board, target: usize, outcome: &Outcome, rng: &mut Rng) -> Vec<Move> {
    let mut moves = match outcome {
        Outcome::Solved(s) => s.moves[..target - 1].to_vec(),
        Outcome::Unsolvable { .. } => {
            let mut b = board.clone();
            let mut moves = Vec::new();
            while moves.len() + 1 < target {
                let mut options = Vec::new();
                for (c, car) in b.cars().iter().enumerate() {
                    if c == b.taxi() {
                        continue;
                    }
                    for d in dirs(car.axis) {
                        let room = b.room(c, d);
                        if room >= 1 {
                            options.push((c, d, room));
                        }
                    }
                }
                if options.is_empty() {
                    break;
                }
                let (c, d, room) = options[rng.below(options.len())];
                let mv = slide(&b, c, d, rng.range(1, room as i64) as u8);
                b.apply(&mv).expect("a slide within the room");
                moves.push(mv);
            }
            moves
        }
    };
    moves.push(board.exit_move());
    moves
}

// ---------------------------------------------------------------------------
// The scripts of the rounds.

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    /// The winner places the car that makes it exactly the target, claims
    /// finished, posts a shortest solution; the opponent passes.
    FinishedAfterPlacing,
    /// The loser's car makes it exactly the target without a claim; the
    /// winner claims finished before placing.
    FinishedBeforePlacing,
    /// The loser claims finished one move too early (optimal < target),
    /// posts a padded solution; the winner counters with a shorter one.
    WrongFinished,
    /// The loser's car pushes it past the target; the winner challenges,
    /// the loser's attempt fails.
    ImpossibleHolds,
    /// The loser challenges the winner's car, which the winner then solves
    /// within the target.
    ImpossibleFails,
    /// The loser claims finished (truly) but posts an illegal solution.
    IllegalSolution,
    /// The claimer's claim is wrong and the opponent counters in time, yet
    /// the host rules for the claimer: the one wrong ruling.
    Misruled,
}

impl Kind {
    fn describe(self) -> &'static str {
        match self {
            Kind::FinishedAfterPlacing => "finished after own placement, no counter",
            Kind::FinishedBeforePlacing => "finished claimed before placing, on the opponent's car",
            Kind::WrongFinished => "wrong finished claim, padded solution, shorter counter",
            Kind::ImpossibleHolds => "impossible challenge that holds, failed attempt",
            Kind::ImpossibleFails => "impossible challenge that fails, solved within target",
            Kind::IllegalSolution => "finished claim with an illegal solution",
            Kind::Misruled => "wrong claim countered in time, host rules for the claimer",
        }
    }
}

struct Plan {
    kind: Kind,
    target: usize,
    /// The player the host rules for (seat index).
    ruled: usize,
    /// Who places first.
    first: usize,
    preplaced: usize,
    /// The placement (0-based, this round) that runs about 20 s over.
    slow: Option<usize>,
    /// For `ImpossibleHolds`: the car makes it unsolvable, not just longer.
    unsolvable: bool,
}

struct MatchSpec {
    id: &'static str,
    title: &'static str,
    players: [&'static str; 2],
    host: &'static str,
    start: DateTime<Utc>,
    seed: u64,
    plans: Vec<Plan>,
    /// Rounds whose ruling should disagree with the rules.
    misruled: Vec<u32>,
}

/// What a round came to, for the summary and the checks.
struct RoundInfo {
    kind: Kind,
    target: usize,
    optimal: Option<usize>,
    claim_true: bool,
    placements: usize,
    preplaced: usize,
}

struct Clock {
    now: DateTime<Utc>,
}

impl Clock {
    /// Moves on by `lo..=hi` seconds (to the millisecond) and says when.
    fn after(&mut self, rng: &mut Rng, lo: i64, hi: i64) -> DateTime<Utc> {
        self.now += Duration::milliseconds(rng.range(lo * 1000, hi * 1000));
        self.now
    }
}

struct Builder<'a> {
    spec: &'a MatchSpec,
    events: Vec<NewEvent>,
}

impl Builder<'_> {
    fn push(&mut self, at: DateTime<Utc>, actor: Actor, body: Body) {
        self.events.push(NewEvent {
            occurred_at: at,
            actor,
            body,
        });
    }
    fn player(&self, p: usize) -> Actor {
        Actor::Player(self.spec.players[p].to_string())
    }
    fn host(&self) -> Actor {
        Actor::Host(self.spec.host.to_string())
    }
}

fn place_body(cells: &[Cell]) -> Body {
    Body::Place(Placement::RushHour(rh::Placement {
        cells: cells.to_vec(),
    }))
}

fn proof_body(moves: &[Move]) -> Body {
    Body::Proof(Proof::RushHour(rh::Proof {
        moves: moves.to_vec(),
    }))
}

fn claim_body() -> Body {
    Body::Claim(Claim::RushHour(rh::Claim::Finished))
}

fn challenge_body() -> Body {
    Body::Challenge(Challenge::RushHour(rh::Challenge::Impossible))
}

/// Plays one round from `start` (the RoundStart time); `None` when this
/// seed's game did not reach the scripted ending (the caller retries).
fn play_round(
    spec: &MatchSpec,
    number: u32,
    plan: &Plan,
    start: DateTime<Utc>,
    rng: &mut Rng,
    last_round: bool,
) -> Option<(Vec<NewEvent>, DateTime<Utc>, RoundInfo)> {
    let mut out = Builder {
        spec,
        events: Vec::new(),
    };
    let target = plan.target;
    let names = spec.players;
    let ruled = plan.ruled;
    let other = 1 - ruled;

    // The host's pre-placed cars: solvable, well below the target.
    let mut board = Board::with_taxi();
    let mut setup_cars = Vec::new();
    while setup_cars.len() < plan.preplaced {
        let cands = candidates(&board);
        // Mostly 2-cell cars, sometimes a truck.
        let len = if rng.chance(30) { 3 } else { 2 };
        let c = pick(rng, &cands, |c| {
            matches!(c.opt(), Some(k) if k + 3 <= target) && c.cells.len() == len
        })?;
        setup_cars.push(c.cells.clone());
        board = c.board.clone();
    }
    let mut cur = solve(&board).optimal()?;
    out.push(
        start,
        out.host(),
        Body::RoundStart(RoundSetup::RushHour(rh::RoundSetup {
            round: number,
            target: target as u32,
            cars: setup_cars,
            first: names[plan.first].to_string(),
        })),
    );
    let mut clock = Clock { now: start };
    let min_placements = rng.range(4, 7) as usize;
    let mut to_move = plan.first;
    let mut placed = 0usize;

    loop {
        if placed > 16 {
            return None;
        }
        let cands = candidates(&board);
        if cands.is_empty() {
            return None;
        }
        if placed >= min_placements {
            let ending = match plan.kind {
                Kind::FinishedAfterPlacing if to_move == ruled => {
                    pick(rng, &cands, |c| c.opt() == Some(target))
                }
                Kind::FinishedBeforePlacing if to_move == other => {
                    pick(rng, &cands, |c| c.opt() == Some(target))
                }
                Kind::WrongFinished if to_move == other => {
                    pick(rng, &cands, |c| c.opt() == Some(target - 1))
                }
                Kind::Misruled if to_move == ruled => {
                    pick(rng, &cands, |c| c.opt() == Some(target - 1))
                }
                Kind::IllegalSolution if to_move == other => {
                    pick(rng, &cands, |c| c.opt() == Some(target))
                }
                Kind::ImpossibleHolds if to_move == other => {
                    if plan.unsolvable {
                        pick(rng, &cands, |c| c.opt().is_none())
                    } else {
                        pick(rng, &cands, |c| c.opt() == Some(target + 1))
                    }
                }
                Kind::ImpossibleFails if to_move == ruled => {
                    pick(rng, &cands, |c| c.opt() == Some(target - 1))
                }
                _ => None,
            };
            if let Some(c) = ending {
                let info = finish(
                    &mut out, &mut clock, plan, number, c, to_move, rng, last_round,
                )?;
                let end = clock.now;
                return Some((
                    out.events,
                    end,
                    RoundInfo {
                        placements: placed + 1,
                        preplaced: plan.preplaced,
                        ..info
                    },
                ));
            }
        }
        let c = ordinary(rng, &cands, cur, target)?;
        let at = if plan.slow == Some(placed) {
            clock.after(rng, 78, 82)
        } else {
            clock.after(rng, 10, 55)
        };
        out.push(at, out.player(to_move), place_body(&c.cells));
        cur = c.opt().expect("ordinary placements keep it solvable");
        board = c.board.clone();
        placed += 1;
        to_move = 1 - to_move;
    }
}

/// The scripted ending of a round, from the decisive placement `c` by
/// `placer` to the host's ruling.
#[allow(clippy::too_many_arguments)]
fn finish(
    out: &mut Builder<'_>,
    clock: &mut Clock,
    plan: &Plan,
    number: u32,
    c: &Cand,
    placer: usize,
    rng: &mut Rng,
    last_round: bool,
) -> Option<RoundInfo> {
    let names = out.spec.players;
    let target = plan.target;
    let ruled = plan.ruled;
    let other = 1 - ruled;
    let opt = c.opt();
    let won = |text: String| {
        if last_round {
            format!("{text}. {} wins the DM 3–2", names[ruled])
        } else {
            text
        }
    };
    let rule = |out: &mut Builder<'_>, at: DateTime<Utc>, text: String| {
        let host = out.host();
        out.push(
            at,
            host,
            Body::Ruling(Ruling {
                scope: Scope::Round(number),
                winner: Some(names[ruled].to_string()),
                text,
            }),
        );
    };
    // The decisive placement; a claim that follows it in the same turn must
    // fit in that turn's minute.
    let at = clock.after(rng, 10, 45);
    out.push(at, out.player(placer), place_body(&c.cells));
    let claim_true = match plan.kind {
        Kind::FinishedAfterPlacing => {
            let at = clock.after(rng, 3, 9);
            out.push(at, out.player(ruled), claim_body());
            let sol = c.moves();
            assert_eq!(sol.len(), target);
            let at = clock.after(rng, 40, 110);
            out.push(at, out.player(ruled), proof_body(&sol));
            let at = clock.after(rng, 20, 70);
            out.push(at, out.player(other), Body::Pass);
            let at = clock.after(rng, 8, 25);
            let text = format!(
                "{} takes round {number} — {target} moves, no counter",
                names[ruled]
            );
            rule(out, at, won(text));
            true
        }
        Kind::FinishedBeforePlacing => {
            let at = clock.after(rng, 6, 35);
            out.push(at, out.player(ruled), claim_body());
            let sol = c.moves();
            assert_eq!(sol.len(), target);
            let at = clock.after(rng, 40, 110);
            out.push(at, out.player(ruled), proof_body(&sol));
            let at = clock.after(rng, 20, 70);
            out.push(at, out.player(other), Body::Pass);
            let at = clock.after(rng, 8, 25);
            let text = format!(
                "{} takes round {number} — {}'s car {} already made it {target}, {} called it first; no counter",
                names[ruled], names[other], c.label, names[ruled]
            );
            rule(out, at, won(text));
            true
        }
        Kind::WrongFinished | Kind::Misruled => {
            let claimer = if plan.kind == Kind::Misruled {
                ruled
            } else {
                other
            };
            let opponent = 1 - claimer;
            let at = clock.after(rng, 3, 9);
            out.push(at, out.player(claimer), claim_body());
            let shortest = c.moves();
            let padded = pad(&c.board, &shortest, target, rng)?;
            let at = clock.after(rng, 55, 110);
            out.push(at, out.player(claimer), proof_body(&padded));
            let at = if plan.kind == Kind::Misruled {
                clock.after(rng, 85, 100)
            } else {
                clock.after(rng, 30, 100)
            };
            out.push(at, out.player(opponent), proof_body(&shortest));
            let at = clock.after(rng, 12, 30);
            let text = if plan.kind == Kind::Misruled {
                format!(
                    "{} takes round {number}, counter came too late",
                    names[claimer]
                )
            } else {
                format!(
                    "{} takes round {number} — {} claimed {target}, {} did it in {}",
                    names[ruled],
                    names[claimer],
                    names[ruled],
                    shortest.len()
                )
            };
            rule(out, at, won(text));
            false
        }
        Kind::IllegalSolution => {
            let at = clock.after(rng, 3, 9);
            out.push(at, out.player(other), claim_body());
            let (moves, bad, why) = botched(&c.board, &c.moves(), rng)?;
            let at = clock.after(rng, 50, 110);
            out.push(at, out.player(other), proof_body(&moves));
            let at = clock.after(rng, 20, 45);
            let text = format!(
                "{} takes round {number} — {}'s solution breaks at move {bad} ({}): {why}",
                names[ruled],
                names[other],
                moves[bad - 1]
            );
            rule(out, at, won(text));
            true
        }
        Kind::ImpossibleHolds => {
            let at = clock.after(rng, 8, 40);
            out.push(at, out.player(ruled), challenge_body());
            let attempt = failed_attempt(&c.board, target, &c.outcome, rng);
            let check = check_solution(&c.board, &attempt);
            assert!(!check.ok(|n| n <= target), "a failed attempt must fail");
            let at = clock.after(rng, 60, 115);
            out.push(at, out.player(other), proof_body(&attempt));
            let at = clock.after(rng, 10, 25);
            let text = format!(
                "{} takes round {number} — {} couldn't solve it within {target}",
                names[ruled], names[other]
            );
            rule(out, at, won(text));
            true
        }
        Kind::ImpossibleFails => {
            let at = clock.after(rng, 8, 40);
            out.push(at, out.player(other), challenge_body());
            let sol = c.moves();
            assert!(sol.len() <= target);
            let at = clock.after(rng, 40, 110);
            out.push(at, out.player(ruled), proof_body(&sol));
            let at = clock.after(rng, 10, 25);
            let text = format!(
                "{} takes round {number} — solved in {}, the impossible call fails",
                names[ruled],
                sol.len()
            );
            rule(out, at, won(text));
            false
        }
    };
    Some(RoundInfo {
        kind: plan.kind,
        target,
        optimal: opt,
        claim_true,
        placements: 0,
        preplaced: 0,
    })
}

/// Plays a whole match; each round retries fresh seeds until its script
/// plays out.
fn build(spec: &MatchSpec) -> (Vec<NewEvent>, Vec<RoundInfo>) {
    let mut events = vec![NewEvent {
        occurred_at: spec.start,
        actor: Actor::Host(spec.host.to_string()),
        body: Body::Create(Create {
            config: GameConfig::RushHour(rh::Config::default()),
            players: spec.players.iter().map(|p| p.to_string()).collect(),
            host: spec.host.to_string(),
            title: spec.title.to_string(),
            source: None,
        }),
    }];
    let mut infos = Vec::new();
    let mut rng = Rng::new(spec.seed);
    // The host sets up and picks the first player.
    let mut now = spec.start + Duration::milliseconds(rng.range(45_000, 90_000));
    for (i, plan) in spec.plans.iter().enumerate() {
        let number = i as u32 + 1;
        let last = i + 1 == spec.plans.len();
        let mut played = None;
        for attempt in 0..400u64 {
            let mut r =
                Rng::new(spec.seed ^ (number as u64) << 32 ^ attempt.wrapping_mul(0x1000_0001));
            if let Some(x) = play_round(spec, number, plan, now, &mut r, last) {
                played = Some(x);
                break;
            }
        }
        let (evs, end, info) = played.unwrap_or_else(|| {
            panic!(
                "{} round {number}: no seed played out {:?}",
                spec.id, plan.kind
            )
        });
        events.extend(evs);
        infos.push(info);
        // A break of 2–4 minutes while the host prepares the next board.
        now = end + Duration::milliseconds(rng.range(120_000, 240_000));
    }
    (events, infos)
}

// ---------------------------------------------------------------------------
// Checks and output.

fn check_and_summarise(spec: &MatchSpec, events: &[NewEvent], infos: &[RoundInfo]) {
    let id = MatchId::parse(spec.id).expect("a valid match id");
    let envelopes: Vec<Envelope> = arbiter::event::unsealed_log(&id, events);
    assert!(matches!(events[0].body, Body::Create(_)));
    assert!(events[0].actor.is_host());
    for w in events.windows(2) {
        assert!(w[0].occurred_at <= w[1].occurred_at, "timestamps go back");
    }
    let replay = Replay::new(&envelopes);
    for step in &replay.steps {
        assert!(
            step.error.is_none(),
            "{} seq {}: rule error {:?}",
            spec.id,
            step.seq,
            step.error
        );
    }
    let m = match replay.last_state() {
        Some(MatchState::RushHour(m)) => m,
        _ => panic!("{}: no rush-hour state", spec.id),
    };
    assert_eq!(m.rounds.len(), 5, "{}: five rounds", spec.id);
    assert!(
        m.rounds.iter().all(|r| r.ruled.is_some()),
        "{}: every round ruled",
        spec.id
    );
    let rulings = events
        .iter()
        .filter(|e| matches!(e.body, Body::Ruling(_)))
        .count();
    assert_eq!(rulings, 5);
    let mut score = m.rounds.score();
    score.sort();
    assert_eq!(score, [2, 3], "{}: a 3–2 match", spec.id);
    assert!(m.rounds.winner().is_some());
    assert!(m.lost_on_time.is_none(), "{}: nobody runs out", spec.id);
    // One slow placement (about 20 s over) shows in the reserve, and
    // nothing else is ever charged.
    let full = m.config.reserve_secs as i64 * 1000;
    let slow = spec.plans.iter().filter(|p| p.slow.is_some()).count();
    let charged: Vec<i64> = m.reserve_ms.iter().map(|r| full - r).collect();
    assert_eq!(
        charged.iter().filter(|&&c| c > 0).count(),
        slow,
        "{}: reserve deductions {charged:?}",
        spec.id
    );
    assert!(charged.iter().all(|&c| (0..=23_000).contains(&c)));
    // The winner reaches 3 only in round 5.
    let after4: u32 = m.rounds[..4]
        .iter()
        .filter_map(|r| r.ruled.as_ref().and_then(|x| x.standing()))
        .filter(|&w| w == m.rounds.winner().unwrap())
        .count() as u32;
    assert_eq!(after4, 2);

    let found = findings(&replay);
    assert_eq!(found.len(), 5, "{}: one finding per round", spec.id);
    let disagree = found
        .iter()
        .filter(|f| f.verdict == Verdict::Disagrees)
        .count();
    assert_eq!(disagree, spec.misruled.len(), "{}: disagreements", spec.id);

    println!("{} — {}", spec.id, spec.title);
    println!(
        "  {} vs {}, host {}; {} events, {} → {}",
        spec.players[0],
        spec.players[1],
        spec.host,
        events.len(),
        events[0].occurred_at.format("%Y-%m-%d %H:%M:%S"),
        events.last().unwrap().occurred_at.format("%H:%M:%S")
    );
    for (f, info) in found.iter().zip(infos) {
        let n = f.round.expect("round findings");
        let expected = if spec.misruled.contains(&n) {
            Verdict::Disagrees
        } else {
            Verdict::Agrees
        };
        assert_eq!(f.verdict, expected, "{} round {n}: verdict", spec.id);
        assert_eq!(f.optimal, info.optimal, "{} round {n}: optimal", spec.id);
        assert_eq!(
            f.claim_true,
            Some(info.claim_true),
            "{} round {n}: claim truth",
            spec.id
        );
        let round = &m.rounds[n as usize - 1];
        assert_eq!(round.target as usize, info.target);
        let ruled = round.ruled.as_ref().unwrap();
        println!(
            "  round {n}: target {:>2}, optimal {:>4}, {} pre-placed + {:>2} placed; {}",
            info.target,
            info.optimal.map_or("none".to_string(), |k| k.to_string()),
            info.preplaced,
            info.placements,
            info.kind.describe()
        );
        println!(
            "           {} → claim {}; ruled {}; rules {}; verdict {}",
            f.claim,
            if info.claim_true { "true" } else { "false" },
            m.players[ruled.winner.unwrap()],
            round
                .by_rules
                .as_ref()
                .and_then(|d| d.winner)
                .map_or("none", |w| m.players[w].as_str()),
            f.verdict.word()
        );
    }
    let s = m.rounds.score();
    let r = m.rounds.score_by_rules();
    println!(
        "  score as ruled {} {}–{} {}; by the rules {}–{}; reserves {:.1} s / {:.1} s",
        m.players[0],
        s[0],
        s[1],
        m.players[1],
        r[0],
        r[1],
        m.reserve_ms[0] as f64 / 1000.0,
        m.reserve_ms[1] as f64 / 1000.0
    );
}

fn at(y: i32, mo: u32, d: u32, h: u32, mi: u32) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(y, mo, d, h, mi, 0)
        .single()
        .expect("a valid time")
}

fn main() {
    use Kind::*;
    let plan = |kind, target, ruled, first, preplaced| Plan {
        kind,
        target,
        ruled,
        first,
        preplaced,
        slow: None,
        unsolvable: false,
    };
    // Seats: mira 0, jonas 1. The host picks round 1's first player; then
    // the loser of the previous round picks.
    let penzo_cup = MatchSpec {
        id: "tj-penzo-cup-final",
        title: "Penzo Cup final — Traffic Jam",
        players: ["mira", "jonas"],
        host: "kg",
        start: at(2026, 11, 14, 19, 0),
        seed: 0x5EED_0001_7A1C_0FF1,
        plans: vec![
            // kg lets jonas start.
            plan(FinishedAfterPlacing, 6, 0, 1, 1),
            // jonas lost, starts himself; one of his cars runs long.
            Plan {
                slow: Some(2),
                ..plan(WrongFinished, 8, 1, 1, 2)
            },
            // mira lost, hands the start to jonas.
            plan(ImpossibleHolds, 7, 0, 1, 0),
            // jonas lost, hands the start to mira.
            plan(FinishedBeforePlacing, 9, 1, 0, 3),
            // mira lost, starts herself.
            plan(ImpossibleFails, 10, 0, 0, 1),
        ],
        misruled: vec![],
    };
    // Seats: ovi 0, tamsin 1.
    let dm4 = MatchSpec {
        id: "tj-simply-genius-dm4",
        title: "Simply Genius DM4 — Traffic Jam",
        players: ["ovi", "tamsin"],
        host: "penzo",
        start: at(2026, 11, 21, 18, 30),
        seed: 0x5EED_0002_D4D4_0042,
        plans: vec![
            // penzo lets ovi start.
            plan(IllegalSolution, 7, 0, 0, 2),
            // tamsin lost, hands the start to ovi.
            plan(ImpossibleFails, 6, 1, 0, 0),
            // ovi lost, hands the start to tamsin.
            plan(Misruled, 9, 0, 1, 1),
            // tamsin lost (as ruled), hands the start to ovi.
            Plan {
                unsolvable: true,
                ..plan(ImpossibleHolds, 8, 1, 0, 2)
            },
            // ovi lost, hands the start to tamsin again.
            plan(FinishedAfterPlacing, 11, 0, 1, 1),
        ],
        misruled: vec![3],
    };

    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/samples");
    let mut outputs = Vec::new();
    for spec in [&penzo_cup, &dm4] {
        let (events, infos) = build(spec);
        check_and_summarise(spec, &events, &infos);
        let file = MatchFile {
            id: spec.id.to_string(),
            events,
            transcript: None,
        };
        let json = serde_json::to_string_pretty(&file).expect("events serialise");
        // What is written must read back as the same match.
        let back: MatchFile = serde_json::from_str(&json).expect("the file parses");
        assert_eq!(back.events, file.events);
        outputs.push((dir.join(format!("{}.json", spec.id)), json));
    }
    // Both matches passed every check: only now write.
    for (path, json) in &outputs {
        std::fs::write(path, format!("{json}\n")).expect("write the sample");
        println!("wrote {}", path.display());
    }
}
