//! The round and the match: placements, claims, solutions, clocks, rulings.
//!
//! The reducer records what the players did and decides, by the rules, what
//! that is worth; it never needs a solver. Whether a claim was *true* (the
//! puzzle's real optimal length) is the verifier's question, answered in
//! `check`. A round is closed by the host's ruling; the rules' own verdict
//! is kept beside the ruling so that both can be shown and compared.
//!
//! Clocks come only from event times (`occurred_at`): 1 minute per
//! placement or claim, 2 minutes for a solution and for a counter-solution,
//! and over-time is taken from the player's 5-minute reserve for the match.
//! A reserve below zero loses the match.

use std::collections::BTreeMap;
use std::sync::Arc;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize, Serializer};

use super::board::{Board, Cell, Move, Slide};
use crate::event::{Actor, Scope};
use crate::games::{host_only, player_seat, winner_seat, Event, Game, RuleError, Ruled};

/// The options of a Traffic Jam DM.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(default)]
pub struct Config {
    /// Rounds at most.
    pub rounds: u32,
    /// Round wins that win the match.
    pub to_win: u32,
    /// Seconds per placement or claim.
    pub turn_secs: u32,
    /// Seconds to post a solution after a claim.
    pub solution_secs: u32,
    /// Seconds for the opponent's counter-solution.
    pub counter_secs: u32,
    /// Each player's reserve for the whole match, in seconds.
    pub reserve_secs: u32,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            rounds: 5,
            to_win: 3,
            turn_secs: 60,
            solution_secs: 120,
            counter_secs: 120,
            reserve_secs: 300,
        }
    }
}

/// The host opens a round: its number, target move count, pre-placed cars
/// (labelled `Y, X, …` in this order) and the first player.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct RoundSetup {
    pub round: u32,
    pub target: u32,
    #[serde(default)]
    pub cars: Vec<Vec<Cell>>,
    /// The player who places first.
    pub first: String,
}

/// A car placed on 2 or 3 empty cells in a line.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Placement {
    pub cells: Vec<Cell>,
}

/// "The construction is finished": the puzzle takes exactly the target.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Claim {
    Finished,
}

/// "Impossible": the opponent's last car made the target unreachable.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Challenge {
    Impossible,
}

/// A posted solution (or counter-solution).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Proof {
    pub moves: Vec<Move>,
}

/// What a posted solution does on a board.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct SolutionCheck {
    /// Moves posted.
    pub moves: usize,
    /// Every move could be made.
    pub legal: bool,
    /// The taxi left the board.
    pub solves: bool,
    /// The first illegal move (1-based) and why.
    pub error: Option<(usize, String)>,
}

impl SolutionCheck {
    /// Legal, solves, and took `n` moves where `fits(n)`.
    pub fn ok(&self, fits: impl Fn(usize) -> bool) -> bool {
        self.legal && self.solves && fits(self.moves)
    }
    pub fn describe(&self) -> String {
        match &self.error {
            Some((i, e)) => format!("move {i} is illegal: {e}"),
            None if !self.solves => format!(
                "{}, but the taxi is still on the board",
                crate::games::words::count(self.moves, "legal move", "legal moves")
            ),
            None => format!(
                "solves in {}",
                crate::games::words::count(self.moves, "move", "moves")
            ),
        }
    }
}

/// Plays `moves` from `board` and says what they do.
pub fn check_solution(board: &Board, moves: &[Move]) -> SolutionCheck {
    let mut b = board.clone();
    let mut out = SolutionCheck {
        moves: moves.len(),
        legal: true,
        solves: false,
        error: None,
    };
    for (i, mv) in moves.iter().enumerate() {
        if out.solves {
            out.legal = false;
            out.solves = false;
            out.error = Some((i + 1, format!("the taxi already left after move {i}")));
            return out;
        }
        match b.apply(mv) {
            Ok(Slide::Exit) => out.solves = true,
            Ok(Slide::Shift { .. }) => {}
            Err(e) => {
                out.legal = false;
                out.error = Some((i + 1, e.to_string()));
                return out;
            }
        }
    }
    out
}

/// One posted solution, checked.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Attempt {
    pub seq: u64,
    pub at: DateTime<Utc>,
    pub by: usize,
    /// The moves as posted (the replay steps through them).
    pub moves: Vec<Move>,
    pub check: SolutionCheck,
}

/// Where a round stands.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Players are placing cars.
    Building,
    /// `claimer` said the puzzle is finished on `board`.
    Finished {
        /// The seq of the claim.
        seq: u64,
        claimer: usize,
        board: Board,
        since: DateTime<Utc>,
        solutions: Vec<Attempt>,
        counters: Vec<Attempt>,
        /// The player who passed instead of answering, if any.
        passed: Option<usize>,
    },
    /// `challenger` said the opponent's last car made it impossible.
    Impossible {
        /// The seq of the challenge.
        seq: u64,
        challenger: usize,
        board: Board,
        since: DateTime<Utc>,
        attempts: Vec<Attempt>,
        passed: bool,
    },
    /// No car fits anywhere: the last placer wins the round.
    NoSpace { last_placer: usize },
}

/// A round's winner by the rules, with the reason.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Decision {
    /// `None`: the rules name no winner (the host decides).
    pub winner: Option<usize>,
    pub reason: String,
}

/// One round.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Round {
    pub number: u32,
    pub target: u32,
    /// The board as the round opened.
    pub opening: Board,
    pub board: Board,
    pub first: usize,
    pub to_move: usize,
    /// (player, label) in placement order.
    pub placements: Vec<(usize, char)>,
    pub turn_started: DateTime<Utc>,
    /// When the last placer's own turn started (a claim right after a
    /// placement belongs to that turn).
    pub last_turn_started: DateTime<Utc>,
    pub phase: Phase,
    /// The car placed by the latest event, for highlighting.
    pub last_placed: Option<char>,
    pub ruled: Option<Ruled>,
    /// The rules' verdict, fixed when the round closed.
    pub by_rules: Option<Decision>,
}

impl Round {
    fn last_placer(&self) -> Option<usize> {
        self.placements.last().map(|(p, _)| *p)
    }

    /// The rules' verdict so far; `closed` when no more answers may come
    /// (the host ruled or the next round began).
    pub fn decision(&self, closed: bool, players: &[String; 2]) -> Option<Decision> {
        let name = |p: usize| players[p].as_str();
        let target = self.target as usize;
        let decided = |winner: usize, reason: String| {
            Some(Decision {
                winner: Some(winner),
                reason,
            })
        };
        match &self.phase {
            Phase::Building if closed => Some(Decision {
                winner: None,
                reason: "no claim was made; the rules name no winner".into(),
            }),
            Phase::Building => None,
            Phase::NoSpace { last_placer } => decided(
                *last_placer,
                format!(
                    "no car fits anywhere; {} placed the last car",
                    name(*last_placer)
                ),
            ),
            Phase::Finished {
                claimer,
                solutions,
                counters,
                passed,
                ..
            } => {
                let opp = 1 - claimer;
                // RULINGS: a legal solution shorter than the target
                // disproves the claim itself, whatever else the claimer
                // posts (an exact-length one before or after it included).
                if let Some(short) = solutions.iter().find(|a| a.check.ok(|n| n < target)) {
                    return decided(
                        opp,
                        format!(
                            "{}'s own solution (seq {}) solves in {} moves, fewer than the target {target}: a shorter solution disproves the claim",
                            name(*claimer),
                            short.seq,
                            short.check.moves
                        ),
                    );
                }
                let solved = solutions.iter().find(|a| a.check.ok(|n| n == target));
                match solved {
                    None if closed || *passed == Some(*claimer) => decided(
                        opp,
                        match solutions.last() {
                            None => format!("{} posted no solution", name(*claimer)),
                            Some(a) => format!(
                                "{}'s solution does not prove the claim: {}{}",
                                name(*claimer),
                                a.check.describe(),
                                if a.check.legal && a.check.solves {
                                    format!(", not the target {target}")
                                } else {
                                    String::new()
                                }
                            ),
                        },
                    ),
                    None => None,
                    Some(s) => match counters.iter().find(|a| a.check.ok(|n| n < target)) {
                        Some(c) => decided(
                            opp,
                            format!(
                                "{} counter-solved in {} moves, fewer than the target {target}",
                                name(opp),
                                c.check.moves
                            ),
                        ),
                        None if closed || *passed == Some(opp) => decided(
                            *claimer,
                            format!(
                                "{} solved in exactly {} moves (seq {}) and no shorter counter-solution was posted",
                                name(*claimer),
                                target,
                                s.seq
                            ),
                        ),
                        None => None,
                    },
                }
            }
            Phase::Impossible {
                challenger,
                attempts,
                passed,
                ..
            } => {
                let opp = 1 - challenger;
                match attempts.iter().find(|a| a.check.ok(|n| n <= target)) {
                    Some(a) => decided(
                        opp,
                        format!(
                            "{} solved it in {} moves, within the target {target}",
                            name(opp),
                            a.check.moves
                        ),
                    ),
                    None if closed || *passed => decided(
                        *challenger,
                        format!("{} did not solve it within {target} moves", name(opp)),
                    ),
                    None => None,
                }
            }
        }
    }
}

/// A running time allowance: its start, and how much over-time has been
/// taken from the reserve for it already.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
pub struct Window {
    pub start: DateTime<Utc>,
    pub charged_ms: i64,
}

/// The whole match.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Match {
    pub config: Config,
    pub players: [String; 2],
    /// Each round shared between copies of the match until one of them
    /// changes it (`Arc::make_mut`): a copy (a replay's state per step, the
    /// state before a takeback) costs a pointer per round, not the round.
    /// Serialised as the rounds themselves.
    #[serde(serialize_with = "rounds_themselves")]
    pub rounds: Vec<Arc<Round>>,
    /// Reserve left, per player, in milliseconds (below zero: lost).
    pub reserve_ms: [i64; 2],
    windows: [Option<Window>; 2],
    /// The player whose reserve ran out first, and the seq where it did.
    pub lost_on_time: Option<(usize, u64)>,
    /// A match-scope ruling: (seq, winner).
    pub match_ruling: Option<Ruled>,
    /// Ruling seq → the round it ruled (`None`: the match).
    pub rulings: BTreeMap<u64, Option<u32>>,
    /// Appeal seq → (appellant, ruling seq, decided by seq).
    pub appeals: BTreeMap<u64, (usize, u64, Option<u64>)>,
    /// Round wins as ruled, counted as rulings and appeal decisions come
    /// (counting the rounds at every ruling made a long match quadratic);
    /// not serialised: it is what the rounds say.
    #[serde(skip)]
    ruled_wins: [u32; 2],
}

impl Match {
    pub fn new(config: Config, players: [String; 2]) -> Match {
        let reserve = config.reserve_secs as i64 * 1000;
        Match {
            config,
            players,
            rounds: Vec::new(),
            reserve_ms: [reserve; 2],
            windows: [None, None],
            lost_on_time: None,
            match_ruling: None,
            rulings: BTreeMap::new(),
            appeals: BTreeMap::new(),
            ruled_wins: [0; 2],
        }
    }

    pub fn player_index(&self, name: &str) -> Option<usize> {
        self.players.iter().position(|p| p == name)
    }

    /// The round in progress (started and not ruled).
    pub fn current(&self) -> Option<&Round> {
        let open = self.match_ruling.is_none();
        (self.rounds.last())
            .filter(|r| open && r.ruled.is_none())
            .map(|r| &**r)
    }
    fn current_mut(&mut self) -> Option<&mut Round> {
        let open = self.match_ruling.is_none();
        (self.rounds.last_mut())
            .filter(|r| open && r.ruled.is_none())
            .map(Arc::make_mut)
    }

    /// Round wins as the host ruled them (after appeal decisions).
    pub fn score(&self) -> [u32; 2] {
        debug_assert_eq!(self.ruled_wins, self.count_ruled_wins());
        self.ruled_wins
    }

    /// Round wins as the host ruled them, counted round by round.
    fn count_ruled_wins(&self) -> [u32; 2] {
        let mut s = [0; 2];
        for w in self
            .rounds
            .iter()
            .filter_map(|r| r.ruled.as_ref().and_then(Ruled::standing))
        {
            s[w] += 1;
        }
        s
    }

    /// Round wins by the rules' verdicts on the recorded play.
    pub fn score_by_rules(&self) -> [u32; 2] {
        let mut s = [0; 2];
        for w in self
            .rounds
            .iter()
            .filter_map(|r| r.by_rules.as_ref().and_then(|d| d.winner))
        {
            s[w] += 1;
        }
        s
    }

    /// The match winner as ruled: a match ruling, else first to `to_win`.
    pub fn winner(&self) -> Option<usize> {
        if let Some(r) = &self.match_ruling {
            return r.standing();
        }
        let s = self.score();
        (0..2).find(|&p| s[p] >= self.config.to_win)
    }

    /// The match winner by the rules: reserve exhausted, else first to
    /// `to_win` by the rules' verdicts.
    pub fn winner_by_rules(&self) -> Option<usize> {
        if let Some((p, _)) = self.lost_on_time {
            return Some(1 - p);
        }
        let s = self.score_by_rules();
        (0..2).find(|&p| s[p] >= self.config.to_win)
    }

    /// True once the host's rulings have settled the match.
    pub fn is_over(&self) -> bool {
        self.match_ruling.is_some() || self.winner().is_some()
    }

    /// Takes over-time since `start` beyond `allowance_secs` from `p`'s
    /// reserve; returns a note when anything was taken.
    fn charge(
        &mut self,
        p: usize,
        start: DateTime<Utc>,
        allowance_secs: u32,
        at: DateTime<Utc>,
        seq: u64,
    ) -> Option<String> {
        let window = match self.windows[p] {
            Some(w) if w.start == start => w,
            _ => Window {
                start,
                charged_ms: 0,
            },
        };
        let over = (at - start).num_milliseconds() - allowance_secs as i64 * 1000;
        let extra = over - window.charged_ms;
        self.windows[p] = Some(Window {
            start,
            charged_ms: window.charged_ms.max(over),
        });
        if extra <= 0 {
            return None;
        }
        self.reserve_ms[p] -= extra;
        let mut note = format!(
            "{} ran {:.1} s over; reserve left {:.1} s",
            self.players[p],
            extra as f64 / 1000.0,
            self.reserve_ms[p].max(0) as f64 / 1000.0
        );
        if self.reserve_ms[p] < 0 && self.lost_on_time.is_none() {
            self.lost_on_time = Some((p, seq));
            note.push_str(&format!(
                "; the reserve is exhausted, so by the rules {} loses the match",
                self.players[p]
            ));
        }
        Some(note)
    }

    /// Fixes the rules' verdict of the last round: no more answers come.
    fn closes_round(&mut self) {
        let players = self.players.clone();
        if let Some(round) = self.rounds.last_mut() {
            if round.by_rules.is_none() {
                Arc::make_mut(round).by_rules = round.decision(true, &players);
            }
        }
    }
}

/// The rounds as a sequence of rounds (the bytes a `Vec<Round>` gives).
fn rounds_themselves<S: Serializer>(rounds: &[Arc<Round>], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(rounds.iter().map(|r| &**r))
}

fn rule(rule: &str, message: impl Into<String>) -> RuleError {
    RuleError::new(rule, message)
}

/// The Traffic Jam DM.
pub struct RushHour;

impl Game for RushHour {
    const SLUG: &'static str = "rush-hour";
    const RULES: &'static str = include_str!("../../../docs/rules/rush-hour.md");
    type Config = Config;
    type Setup = RoundSetup;
    type Place = Placement;
    type Claim = Claim;
    type Challenge = Challenge;
    type Proof = Proof;
    type State = Match;

    fn start(config: &Config, players: &[String], _at: DateTime<Utc>) -> Result<Match, RuleError> {
        if config.to_win == 0 || config.to_win > config.rounds {
            return Err(rule(
                "config",
                format!(
                    "{} round wins cannot decide a match of {} rounds",
                    config.to_win, config.rounds
                ),
            ));
        }
        Ok(Match::new(
            config.clone(),
            [players[0].clone(), players[1].clone()],
        ))
    }

    fn apply(
        state: &mut Match,
        seq: u64,
        event: Event<'_, RushHour>,
        actor: &Actor,
        at: DateTime<Utc>,
    ) -> Result<String, RuleError> {
        // A rule error leaves the state untouched. Every rule is checked
        // before the match changes, except a placement's cells, which are
        // checked on the board after the placer's clock is charged: so the
        // clocks are kept and put back, not a copy of the whole match (a
        // copy of every round at every event made a long match quadratic).
        // Debug builds check that nothing else changed.
        #[cfg(debug_assertions)]
        let whole = state.clone();
        let clocks = (state.reserve_ms, state.windows, state.lost_on_time);
        let result = apply(state, seq, event, actor, at);
        if result.is_err() {
            (state.reserve_ms, state.windows, state.lost_on_time) = clocks;
            #[cfg(debug_assertions)]
            debug_assert!(
                *state == whole,
                "a refused event changed the match beyond its clocks"
            );
        }
        result
    }
}

fn apply(
    m: &mut Match,
    seq: u64,
    event: Event<'_, RushHour>,
    actor: &Actor,
    at: DateTime<Utc>,
) -> Result<String, RuleError> {
    let no_round = || rule("round", "no round is in progress");
    match event {
        Event::RoundStart(setup) => {
            host_only(actor, "open a round")?;
            if m.is_over() {
                return Err(rule("match", "the match is already decided"));
            }
            let expected = m.rounds.len() as u32 + 1;
            if setup.round != expected {
                return Err(rule(
                    "round",
                    format!("the next round is {expected}, not {}", setup.round),
                ));
            }
            if setup.round > m.config.rounds {
                return Err(rule(
                    "round",
                    format!("the match has only {} rounds", m.config.rounds),
                ));
            }
            if setup.target == 0 {
                return Err(rule("round", "the target move count must be at least 1"));
            }
            let first = m.player_index(&setup.first).ok_or_else(|| {
                rule(
                    "round",
                    format!("{} is not a player of this match", setup.first),
                )
            })?;
            let mut board = Board::with_taxi();
            for cells in &setup.cars {
                board
                    .place(cells)
                    .map_err(|e| rule("setup", format!("pre-placed car: {e}")))?;
            }
            let mut note = String::new();
            if m.current().is_some() {
                m.closes_round();
                let prev = m.rounds.len();
                note = format!("round {prev} was never ruled; ");
            }
            m.windows = [None, None];
            m.rounds.push(Arc::new(Round {
                number: setup.round,
                target: setup.target,
                opening: board.clone(),
                board,
                first,
                to_move: first,
                placements: Vec::new(),
                turn_started: at,
                last_turn_started: at,
                phase: Phase::Building,
                last_placed: None,
                ruled: None,
                by_rules: None,
            }));
            note.push_str(&format!(
                "round {} opens: target {} moves, {}, {} places first",
                setup.round,
                setup.target,
                crate::games::words::count(setup.cars.len(), "pre-placed car", "pre-placed cars"),
                m.players[first]
            ));
            Ok(note)
        }
        Event::Place(placement) => {
            let p = player_seat(&m.players, actor)?;
            let round = m.current().ok_or_else(no_round)?;
            if round.phase != Phase::Building {
                return Err(rule(
                    "turn",
                    "a claim is being answered; no more cars may be placed this round",
                ));
            }
            if round.to_move != p {
                return Err(rule(
                    "turn",
                    format!("it is {}'s turn to place", m.players[round.to_move]),
                ));
            }
            let start = round.turn_started;
            let clock = m.charge(p, start, m.config.turn_secs, at, seq);
            let round = m.current_mut().ok_or_else(no_round)?;
            let label = round
                .board
                .place(&placement.cells)
                .map_err(|e| rule("placement", e.to_string()))?;
            round.placements.push((p, label));
            round.last_placed = Some(label);
            round.to_move = 1 - p;
            round.last_turn_started = start;
            round.turn_started = at;
            let cells: Vec<String> = placement.cells.iter().map(|c| c.to_string()).collect();
            let mut note = format!("{} places car {label} on {}", m.players[p], cells.join(" "));
            let round = m.current_mut().ok_or_else(no_round)?;
            if !round.board.has_space() {
                round.phase = Phase::NoSpace { last_placer: p };
                note.push_str("; no car fits anywhere now, so the last placer wins the round");
            }
            push_clock(&mut note, clock);
            Ok(note)
        }
        Event::Claim(Claim::Finished) => {
            let p = player_seat(&m.players, actor)?;
            let round = m.current().ok_or_else(no_round)?;
            if round.phase != Phase::Building {
                return Err(rule("claim", "a claim is already being answered"));
            }
            let start = if round.to_move == p {
                round.turn_started
            } else if round.last_placer() == Some(p) {
                round.last_turn_started
            } else {
                return Err(rule(
                    "turn",
                    format!(
                        "{} may claim only on their turn or right after placing",
                        m.players[p]
                    ),
                ));
            };
            let clock = m.charge(p, start, m.config.turn_secs, at, seq);
            let (name, secs) = (m.players[p].clone(), m.config.solution_secs);
            let round = m.current_mut().ok_or_else(no_round)?;
            round.phase = Phase::Finished {
                seq,
                claimer: p,
                board: round.board.clone(),
                since: at,
                solutions: Vec::new(),
                counters: Vec::new(),
                passed: None,
            };
            let mut note = format!(
                "{name} claims the puzzle is finished: exactly {} moves; a solution is due within {secs} s",
                round.target
            );
            push_clock(&mut note, clock);
            Ok(note)
        }
        Event::Challenge(Challenge::Impossible) => {
            let p = player_seat(&m.players, actor)?;
            let round = m.current().ok_or_else(no_round)?;
            if round.phase != Phase::Building {
                return Err(rule("claim", "a claim is already being answered"));
            }
            if round.to_move != p {
                return Err(rule(
                    "turn",
                    format!("{} may challenge only on their turn", m.players[p]),
                ));
            }
            if round.last_placer() != Some(1 - p) {
                return Err(rule(
                    "claim",
                    format!(
                        "{} has placed no car this round to challenge",
                        m.players[1 - p]
                    ),
                ));
            }
            let clock = m.charge(p, round.turn_started, m.config.turn_secs, at, seq);
            let (name, other) = (m.players[p].clone(), m.players[1 - p].clone());
            let secs = m.config.solution_secs;
            let round = m.current_mut().ok_or_else(no_round)?;
            round.phase = Phase::Impossible {
                seq,
                challenger: p,
                board: round.board.clone(),
                since: at,
                attempts: Vec::new(),
                passed: false,
            };
            let mut note = format!(
                "{name} claims the puzzle is impossible in {} moves; {other} must solve it within {secs} s",
                round.target
            );
            push_clock(&mut note, clock);
            Ok(note)
        }
        Event::Proof(proof) => {
            let p = player_seat(&m.players, actor)?;
            let (solution_secs, counter_secs) = (m.config.solution_secs, m.config.counter_secs);
            let round = m.current().ok_or_else(no_round)?;
            let target = round.target as usize;
            let (start, allowance, board, kind) = match &round.phase {
                Phase::Finished {
                    claimer,
                    board,
                    since,
                    counters,
                    ..
                } if *claimer == p => {
                    if !counters.is_empty() {
                        return Err(rule(
                            "solution",
                            "the counter-solution phase has begun; the claimer's solution is closed",
                        ));
                    }
                    (*since, solution_secs, board.clone(), "solution")
                }
                Phase::Finished {
                    solutions, board, ..
                } => match solutions.last() {
                    None => {
                        return Err(rule(
                            "solution",
                            "the claimer has not posted a solution yet; a counter-solution comes after it",
                        ))
                    }
                    // The counter window opens with the claimer's latest solution.
                    Some(s) => (s.at, counter_secs, board.clone(), "counter-solution"),
                },
                Phase::Impossible {
                    challenger,
                    board,
                    since,
                    ..
                } if *challenger != p => (*since, solution_secs, board.clone(), "solution"),
                Phase::Impossible { .. } => {
                    return Err(rule(
                        "solution",
                        "the challenger does not solve; the challenged player does",
                    ))
                }
                _ => return Err(rule("solution", "there is no claim to solve")),
            };
            let check = check_solution(&board, &proof.moves);
            let clock = m.charge(p, start, allowance, at, seq);
            let players = m.players.clone();
            let round = m.current_mut().ok_or_else(no_round)?;
            let attempt = Attempt {
                seq,
                at,
                by: p,
                moves: proof.moves.clone(),
                check,
            };
            let mut note = format!("{}'s {kind}: {}", players[p], attempt.check.describe());
            match &mut round.phase {
                Phase::Finished {
                    claimer,
                    solutions,
                    counters,
                    ..
                } => {
                    if *claimer == p {
                        if attempt.check.legal && attempt.check.solves {
                            note.push_str(&target_note(attempt.check.moves, target));
                        }
                        solutions.push(attempt);
                    } else {
                        counters.push(attempt);
                    }
                }
                Phase::Impossible { attempts, .. } => attempts.push(attempt),
                _ => {}
            }
            if let Some(d) = round.decision(false, &players) {
                note.push_str(&format!("; by the rules: {}", d.reason));
            }
            push_clock(&mut note, clock);
            Ok(note)
        }
        Event::Pass => {
            let p = player_seat(&m.players, actor)?;
            let players = m.players.clone();
            let round = m.current_mut().ok_or_else(no_round)?;
            let what = match &mut round.phase {
                Phase::Finished {
                    claimer,
                    solutions,
                    passed,
                    ..
                } => {
                    if *claimer == p {
                        *passed = Some(p);
                        "gives up the solution"
                    } else if solutions.is_empty() {
                        return Err(rule(
                            "pass",
                            "nothing to pass on yet: the claimer has not posted a solution",
                        ));
                    } else {
                        *passed = Some(p);
                        "posts no counter-solution"
                    }
                }
                Phase::Impossible {
                    challenger, passed, ..
                } if *challenger != p => {
                    *passed = true;
                    "gives up solving"
                }
                _ => return Err(rule(
                    "pass",
                    "there is nothing to pass on: in Traffic Jam a player places a car or claims",
                )),
            };
            let mut note = format!("{} {what}", players[p]);
            if let Some(d) = round.decision(false, &players) {
                note.push_str(&format!("; by the rules: {}", d.reason));
            }
            Ok(note)
        }
        Event::Timeout(t) => {
            host_only(actor, "announce a timeout")?;
            let p = m.player_index(&t.player).ok_or_else(|| {
                rule(
                    "timeout",
                    format!("{} is not a player of this match", t.player),
                )
            })?;
            let running = m.windows[p].map(|w| w.start);
            let round = m.current();
            let (start, allowance) = match round.map(|r| &r.phase) {
                Some(Phase::Building) if round.map(|r| r.to_move) == Some(p) => {
                    (round.map(|r| r.turn_started), m.config.turn_secs)
                }
                Some(Phase::Finished { claimer, since, .. }) if *claimer == p => {
                    (Some(*since), m.config.solution_secs)
                }
                Some(Phase::Finished { .. }) => (running, m.config.counter_secs),
                Some(Phase::Impossible {
                    challenger, since, ..
                }) if *challenger != p => (Some(*since), m.config.solution_secs),
                _ => (None, 0),
            };
            let mut note = format!("the host says {}'s time ran out", t.player);
            match start {
                Some(start) => {
                    let clock = m.charge(p, start, allowance, at, seq);
                    if m.reserve_ms[p] >= 0 {
                        note.push_str(&format!(
                            "; by the clocks {} still has {:.1} s of reserve",
                            t.player,
                            m.reserve_ms[p] as f64 / 1000.0
                        ));
                    }
                    push_clock(&mut note, clock);
                }
                None => note.push_str(&format!("; no timer of {} is running", t.player)),
            }
            Ok(note)
        }
        Event::Ruling(r) => {
            host_only(actor, "rule")?;
            let winner = winner_seat(&m.players, &r.winner)?;
            let who = winner.map_or("no player".to_string(), |w| m.players[w].clone());
            match r.scope {
                Scope::Match => {
                    if m.match_ruling.is_some() {
                        return Err(rule("ruling", "the match is already ruled"));
                    }
                    m.closes_round();
                    m.match_ruling = Some(Ruled {
                        seq,
                        winner,
                        text: r.text.clone(),
                        overturned: None,
                    });
                    m.rulings.insert(seq, None);
                    let mut note = format!("the host awards the match to {who}");
                    match m.winner_by_rules() {
                        Some(w) if Some(w) == winner => {}
                        Some(w) => note.push_str(&format!(
                            "; by the rules the match goes to {}",
                            m.players[w]
                        )),
                        None => {}
                    }
                    Ok(note)
                }
                Scope::Round(n) => {
                    let players = m.players.clone();
                    let round = match m.rounds.last_mut() {
                        Some(r) if r.number == n => Arc::make_mut(r),
                        _ => {
                            return Err(rule(
                                "ruling",
                                format!("round {n} is not the round in play"),
                            ))
                        }
                    };
                    if let Some(prev) = &round.ruled {
                        return Err(rule(
                            "ruling",
                            format!(
                                "round {n} is already ruled (seq {}); a correction is an appeal",
                                prev.seq
                            ),
                        ));
                    }
                    round.by_rules = round.decision(true, &players);
                    round.ruled = Some(Ruled {
                        seq,
                        winner,
                        text: r.text.clone(),
                        overturned: None,
                    });
                    if let Some(w) = winner {
                        m.ruled_wins[w] += 1;
                    }
                    m.rulings.insert(seq, Some(n));
                    let round = m.rounds.last().expect("just ruled");
                    let mut note = format!("the host awards round {n} to {who}");
                    if let Some(d) = &round.by_rules {
                        if d.winner == winner {
                            note.push_str(&format!("; the rules agree: {}", d.reason));
                        } else {
                            let w = d
                                .winner
                                .map_or("no player".to_string(), |w| players[w].clone());
                            note.push_str(&format!(
                                "; by the rules the round goes to {w}: {}",
                                d.reason
                            ));
                        }
                    }
                    let s = m.score();
                    note.push_str(&format!(
                        "; score {} {}–{} {}",
                        players[0], s[0], s[1], players[1]
                    ));
                    if let Some(w) = m.winner() {
                        note.push_str(&format!("; {} wins the match", players[w]));
                    }
                    Ok(note)
                }
            }
        }
        Event::Appeal(a) => {
            let p = player_seat(&m.players, actor)?;
            if !m.rulings.contains_key(&a.ruling_seq) {
                return Err(rule(
                    "appeal",
                    format!("seq {} is not a ruling of this match", a.ruling_seq),
                ));
            }
            m.appeals.insert(seq, (p, a.ruling_seq, None));
            Ok(format!(
                "{} appeals the ruling at seq {}: {}",
                m.players[p], a.ruling_seq, a.grounds
            ))
        }
        Event::AppealDecision(d) => {
            host_only(actor, "decide an appeal")?;
            let (_, ruling_seq, decided) = *m.appeals.get(&d.appeal_seq).ok_or_else(|| {
                rule(
                    "appeal",
                    format!("seq {} is not an appeal of this match", d.appeal_seq),
                )
            })?;
            if let Some(by) = decided {
                return Err(rule(
                    "appeal",
                    format!("the appeal at seq {} was decided at seq {by}", d.appeal_seq),
                ));
            }
            let winner = winner_seat(&m.players, &d.winner)?;
            m.appeals.insert(
                d.appeal_seq,
                (m.appeals[&d.appeal_seq].0, ruling_seq, Some(seq)),
            );
            if d.upheld {
                return Ok(format!("the ruling at seq {ruling_seq} is upheld"));
            }
            let (ruled, of_round) = match m.rulings.get(&ruling_seq).copied().flatten() {
                Some(n) => (
                    (m.rounds.iter_mut())
                        .find(|r| r.number == n)
                        .and_then(|r| Arc::make_mut(r).ruled.as_mut()),
                    true,
                ),
                None => (m.match_ruling.as_mut(), false),
            };
            if let Some(r) = ruled {
                let was = r.standing();
                r.overturned = Some((seq, winner));
                if of_round {
                    if let Some(w) = was {
                        m.ruled_wins[w] -= 1;
                    }
                    if let Some(w) = winner {
                        m.ruled_wins[w] += 1;
                    }
                }
            }
            let who = winner.map_or("no player".to_string(), |w| m.players[w].clone());
            let s = m.score();
            Ok(format!(
                "the ruling at seq {ruling_seq} is overturned: it now goes to {who}; score {} {}–{} {}",
                m.players[0], s[0], s[1], m.players[1]
            ))
        }
    }
}

/// What a claimer's solving solution of `moves` says about a "finished"
/// claim of `target` ("" when it proves it).
pub fn target_note(moves: usize, target: usize) -> String {
    match moves.cmp(&target) {
        std::cmp::Ordering::Less => {
            format!(" — fewer than the target {target}: a shorter solution disproves the claim")
        }
        std::cmp::Ordering::Equal => String::new(),
        std::cmp::Ordering::Greater => format!(" — not the target {target}"),
    }
}

fn push_clock(note: &mut String, clock: Option<String>) {
    if let Some(c) = clock {
        note.push_str("; ");
        note.push_str(&c);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::{Appeal, AppealDecision, Body, Create, Ruling};
    use crate::games::rush_hour::notation::{parse_cells, parse_solution};
    use crate::games::{self, MatchState};

    /// A match driven by bodies, with a clock in seconds.
    struct Table {
        state: MatchState,
        seq: u64,
    }

    fn at(secs: i64) -> DateTime<Utc> {
        DateTime::from_timestamp(1_800_000_000 + secs, 0).unwrap()
    }

    const MIRA: usize = 0;
    const JONAS: usize = 1;

    fn player(p: usize) -> Actor {
        Actor::Player(["mira", "jonas"][p].to_string())
    }
    fn host() -> Actor {
        Actor::Host("kg".into())
    }

    impl Table {
        fn new() -> Table {
            let create = Create {
                config: games::GameConfig::RushHour(Config::default()),
                players: vec!["mira".into(), "jonas".into()],
                host: "kg".into(),
                title: String::new(),
                source: None,
            };
            Table {
                state: MatchState::start(&create, at(0)).unwrap(),
                seq: 0,
            }
        }
        fn m(&self) -> &Match {
            match &self.state {
                MatchState::RushHour(m) => m,
                other => panic!("a rush-hour table holds a {:?} match", other.game()),
            }
        }
        fn act(&mut self, secs: i64, actor: Actor, body: Body) -> Result<String, RuleError> {
            self.seq += 1;
            let before = format!("{:?}", self.m());
            let r = self.state.apply(self.seq, &body, &actor, at(secs));
            if r.is_err() {
                assert_eq!(
                    before,
                    format!("{:?}", self.m()),
                    "an error changes nothing"
                );
            }
            r
        }
        fn round(&mut self, secs: i64, n: u32, target: u32, cars: &[&str], first: usize) {
            let setup = RoundSetup {
                round: n,
                target,
                cars: cars.iter().map(|c| parse_cells(c).unwrap()).collect(),
                first: ["mira", "jonas"][first].into(),
            };
            self.act(
                secs,
                host(),
                Body::RoundStart(games::RoundSetup::RushHour(setup)),
            )
            .unwrap();
        }
        fn place(&mut self, secs: i64, p: usize, cells: &str) -> Result<String, RuleError> {
            let cells = parse_cells(cells).unwrap();
            self.act(
                secs,
                player(p),
                Body::Place(games::Placement::RushHour(Placement { cells })),
            )
        }
        fn finished(&mut self, secs: i64, p: usize) -> Result<String, RuleError> {
            self.act(
                secs,
                player(p),
                Body::Claim(games::Claim::RushHour(Claim::Finished)),
            )
        }
        fn impossible(&mut self, secs: i64, p: usize) -> Result<String, RuleError> {
            self.act(
                secs,
                player(p),
                Body::Challenge(games::Challenge::RushHour(Challenge::Impossible)),
            )
        }
        fn prove(&mut self, secs: i64, p: usize, moves: &str) -> Result<String, RuleError> {
            let moves = parse_solution(moves).unwrap();
            self.act(
                secs,
                player(p),
                Body::Proof(games::Proof::RushHour(Proof { moves })),
            )
        }
        fn rule(&mut self, secs: i64, n: u32, winner: Option<usize>) -> Result<String, RuleError> {
            self.act(
                secs,
                host(),
                Body::Ruling(Ruling {
                    scope: Scope::Round(n),
                    winner: winner.map(|w| ["mira", "jonas"][w].to_string()),
                    text: String::new(),
                }),
            )
        }
        fn verdict(&self) -> Option<usize> {
            let r = self.m().rounds.last().unwrap();
            r.decision(true, &self.m().players).and_then(|d| d.winner)
        }
    }

    #[test]
    fn placements_take_turns_labels_and_empty_cells() {
        let mut t = Table::new();
        t.round(0, 1, 5, &["F1 F2"], MIRA);
        assert!(t
            .place(10, JONAS, "A1 A2")
            .unwrap_err()
            .message
            .contains("mira's turn"));
        t.place(20, MIRA, "C2 C3").unwrap();
        let labels: Vec<char> = t.m().rounds[0]
            .board
            .cars()
            .iter()
            .map(|c| c.label)
            .collect();
        assert_eq!(labels, vec!['Z', 'Y', 'X'], "pre-placed cars label first");
        assert_eq!(t.place(30, JONAS, "C3 D3").unwrap_err().rule, "placement");
        assert_eq!(t.place(31, JONAS, "A1 B2").unwrap_err().rule, "placement");
        t.place(32, JONAS, "D3 E3 F3").unwrap();
        assert_eq!(t.m().rounds[0].board.cars()[3].label, 'W');
    }

    #[test]
    fn finished_claim_with_exact_solution_and_no_counter_wins() {
        let mut t = Table::new();
        t.round(0, 1, 2, &[], MIRA);
        t.place(10, MIRA, "C2 C3").unwrap();
        t.finished(15, MIRA).unwrap();
        assert!(
            t.place(16, JONAS, "A1 A2").is_err(),
            "no placing during a claim"
        );
        assert!(
            t.prove(20, JONAS, "Y up\nZ right").is_err(),
            "counter before solution"
        );
        t.prove(40, MIRA, "Y up\nZ right").unwrap();
        t.act(60, player(JONAS), Body::Pass).unwrap();
        assert_eq!(t.verdict(), Some(MIRA));
        t.rule(70, 1, Some(MIRA)).unwrap();
        assert_eq!(t.m().score(), [1, 0]);
        assert_eq!(t.m().score_by_rules(), [1, 0]);
        assert!(t
            .rule(71, 1, Some(JONAS))
            .unwrap_err()
            .message
            .contains("already ruled"));
    }

    #[test]
    fn a_shorter_or_longer_solution_fails_the_claim() {
        let mut t = Table::new();
        t.round(0, 1, 3, &[], MIRA);
        t.place(10, MIRA, "C2 C3").unwrap();
        t.finished(15, MIRA).unwrap();
        t.prove(40, MIRA, "Y up\nZ right").unwrap();
        assert_eq!(t.verdict(), Some(JONAS), "2 moves is not the target 3");
        let mut t = Table::new();
        t.round(0, 1, 3, &[], MIRA);
        t.place(10, MIRA, "C2 C3").unwrap();
        t.finished(15, MIRA).unwrap();
        t.prove(40, MIRA, "Y up\nZ right 1\nZ right").unwrap();
        assert_eq!(t.verdict(), Some(MIRA), "3 moves, no counter posted");
        t.prove(60, JONAS, "Y down\nZ right").unwrap();
        assert_eq!(
            t.verdict(),
            Some(JONAS),
            "a 2-move counter beats the target"
        );
    }

    /// RULINGS: any legal solution of the claimer's shorter than the
    /// target disproves the claim, before or after an exact-length one.
    #[test]
    fn the_claimers_own_shorter_solution_disproves_the_claim_whatever_follows() {
        for order in [
            ["Y up\nZ right", "Y up\nZ right 1\nZ right"],
            ["Y up\nZ right 1\nZ right", "Y up\nZ right"],
        ] {
            let mut t = Table::new();
            t.round(0, 1, 3, &[], MIRA);
            t.place(10, MIRA, "C2 C3").unwrap();
            t.finished(15, MIRA).unwrap();
            let first = t.prove(40, MIRA, order[0]).unwrap();
            let second = t.prove(50, MIRA, order[1]).unwrap();
            assert_eq!(t.verdict(), Some(JONAS), "{order:?}");
            let note = if order[0].lines().count() == 2 {
                first
            } else {
                second
            };
            assert!(
                note.contains("a shorter solution disproves the claim"),
                "{note}"
            );
        }
    }

    #[test]
    fn an_illegal_solution_names_the_move() {
        let mut t = Table::new();
        t.round(0, 1, 2, &[], MIRA);
        t.place(10, MIRA, "C2 C3").unwrap();
        t.finished(15, MIRA).unwrap();
        let note = t.prove(40, MIRA, "Z right\nY up").unwrap();
        assert!(note.contains("move 1 is illegal"), "{note}");
        assert_eq!(t.verdict(), Some(JONAS));
    }

    #[test]
    fn claims_only_at_the_right_moment() {
        let mut t = Table::new();
        t.round(0, 1, 4, &[], MIRA);
        assert!(t.impossible(5, MIRA).is_err(), "nothing to challenge yet");
        t.place(10, MIRA, "C2 C3").unwrap();
        // mira placed last: she may claim finished, not impossible.
        assert!(t.impossible(12, MIRA).is_err());
        t.place(20, JONAS, "D1 D2 D3").unwrap();
        assert!(
            t.finished(25, MIRA).is_ok(),
            "the player to move may claim first"
        );
    }

    #[test]
    fn impossible_challenge_both_ways() {
        let mut t = Table::new();
        t.round(0, 1, 2, &[], MIRA);
        t.place(10, MIRA, "C2 C3").unwrap();
        t.impossible(20, JONAS).unwrap();
        assert!(
            t.prove(30, JONAS, "Y up\nZ right").is_err(),
            "the challenger does not solve"
        );
        t.prove(40, MIRA, "Y down\nZ right").unwrap();
        assert_eq!(t.verdict(), Some(MIRA));

        let mut t = Table::new();
        t.round(0, 1, 1, &[], MIRA);
        t.place(10, MIRA, "C2 C3").unwrap();
        t.impossible(20, JONAS).unwrap();
        t.prove(40, MIRA, "Y down\nZ right").unwrap();
        assert_eq!(t.verdict(), Some(JONAS), "2 moves is over the target 1");
    }

    #[test]
    fn no_space_left_wins_for_the_last_placer() {
        let mut t = Table::new();
        // Fill everything but C3–F3 and one more pair, then close it.
        let cars = [
            "A1 A2", "B1 B2", "C1 C2", "D1 D2", "E1 E2", "F1 F2", "A4 A5 A6", "B4 B5 B6",
            "C4 C5 C6", "D4 D5 D6", "E4 E5 E6",
        ];
        t.round(0, 1, 9, &cars, MIRA);
        t.place(10, MIRA, "F4 F5").unwrap();
        t.place(20, JONAS, "C3 D3").unwrap();
        assert!(t.m().rounds[0].board.has_space(), "E3 F3 is still free");
        t.place(30, MIRA, "E3 F3").unwrap();
        assert_eq!(t.verdict(), Some(MIRA));
    }

    #[test]
    fn over_time_comes_out_of_the_reserve_and_can_lose_the_match() {
        let mut t = Table::new();
        t.round(0, 1, 5, &[], MIRA);
        t.place(80, MIRA, "C2 C3").unwrap(); // 20 s over
        assert_eq!(t.m().reserve_ms[MIRA], 280_000);
        t.place(100, JONAS, "D1 D2").unwrap();
        assert_eq!(t.m().reserve_ms[JONAS], 300_000);
        t.finished(100 + 60 + 281, MIRA).unwrap(); // 281 s over
        assert_eq!(t.m().lost_on_time.map(|(p, _)| p), Some(MIRA));
        assert_eq!(t.m().winner_by_rules(), Some(JONAS));
    }

    #[test]
    fn the_match_ends_at_three_and_appeals_move_the_score() {
        let mut t = Table::new();
        let mut secs = 0;
        for n in 1..=3 {
            t.round(secs, n, 2, &[], MIRA);
            t.place(secs + 10, MIRA, "C2 C3").unwrap();
            t.finished(secs + 15, MIRA).unwrap();
            t.prove(secs + 30, MIRA, "Y up\nZ right").unwrap();
            t.rule(secs + 40, n, Some(MIRA)).unwrap();
            secs += 100;
        }
        assert_eq!(t.m().winner(), Some(MIRA));
        let setup = RoundSetup {
            round: 4,
            target: 2,
            cars: vec![],
            first: "mira".into(),
        };
        assert!(t
            .act(
                secs,
                host(),
                Body::RoundStart(games::RoundSetup::RushHour(setup))
            )
            .is_err());
        let ruling_seq = *t.m().rulings.keys().next().unwrap();
        assert!(t
            .act(
                secs,
                player(JONAS),
                Body::Appeal(Appeal {
                    ruling_seq: 2,
                    grounds: "x".into()
                })
            )
            .is_err());
        t.act(
            secs,
            player(JONAS),
            Body::Appeal(Appeal {
                ruling_seq,
                grounds: "it was mine".into(),
            }),
        )
        .unwrap();
        let appeal_seq = t.seq;
        t.act(
            secs + 5,
            host(),
            Body::AppealDecision(AppealDecision {
                appeal_seq,
                upheld: false,
                winner: Some("jonas".into()),
                text: String::new(),
                ..Default::default()
            }),
        )
        .unwrap();
        assert_eq!(t.m().score(), [2, 1]);
        assert_eq!(t.m().winner(), None);
    }
}
