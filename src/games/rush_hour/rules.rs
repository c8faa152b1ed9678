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
//!
//! Like all of `games/`, it imports nothing from `log/`, `web/`,
//! `import/` or `verify`, and no other game's folder.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use super::board::{Board, Cell, Move};
mod claims;
mod round;

pub use round::{check_solution, Attempt, Phase, Round, SolutionCheck};

use crate::games::engine::clock::{push_clock, Allowance, Allowances};
use crate::games::engine::referee::{OfRounds, Referee};
use crate::games::engine::seats::{named_seat, player_seat};
pub use crate::games::engine::Decision;
use crate::games::engine::{Rounds, Words};
use crate::games::rule;
use crate::games::{Created, Event, Game, Noted, Payloads, RuleError, Stamp};

/// The options of a Traffic Jam DM.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
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

/// How Traffic Jam words an outcome: a round the rules give no one is
/// the host's to decide.
pub const WORDS: Words = Words {
    nobody: "no player",
};

/// The whole match.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Match {
    pub config: Config,
    pub players: [String; 2],
    /// The rounds, their rulings and the match's.
    pub rounds: Rounds<Round>,
    /// Reserve left, per player, in milliseconds (below zero: lost).
    pub reserve_ms: [i64; 2],
    /// Each player's allowance last charged to the reserve.
    windows: Allowances,
    /// The player whose reserve ran out first, and the seq where it did.
    pub lost_on_time: Option<(usize, u64)>,
}

impl Match {
    /// The match before its first round; a rule error unless its options
    /// can decide it (`to_win` round wins in at most `rounds`).
    pub fn new(config: Config, players: [String; 2]) -> Result<Match, RuleError> {
        let reserve = config.reserve_secs as i64 * 1000;
        Ok(Match {
            rounds: Rounds::first_to(config.to_win, config.rounds)?,
            config,
            players,
            reserve_ms: [reserve; 2],
            windows: Allowances::default(),
            lost_on_time: None,
        })
    }

    /// The match winner by the rules: reserve exhausted, else first to
    /// `to_win` by the rules' verdicts.
    pub fn winner_by_rules(&self) -> Option<usize> {
        (self.rounds).winner_by_rules(self.lost_on_time.map(|(p, _)| p))
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
        let allowance = Allowance {
            seat: p,
            start,
            secs: allowance_secs,
        };
        let reserve = &mut self.reserve_ms;
        let (mut note, out) =
            (self.windows).take(allowance, at, reserve, &self.players, "reserve")?;
        if out && self.lost_on_time.is_none() {
            self.lost_on_time = Some((p, seq));
            note.push_str(&format!(
                "; the reserve is exhausted, so by the rules {} loses the match",
                self.players[p]
            ));
        }
        Some(note)
    }
}

fn no_round() -> RuleError {
    rule("round", "no round is in progress")
}

/// The Traffic Jam DM.
pub struct RushHour;

impl Game for RushHour {
    type Payloads = Payloads<Config, RoundSetup, Placement, Claim, Challenge, Proof>;
    type State = Match;

    fn start(config: &Config, created: Created<'_>) -> Result<Match, RuleError> {
        Match::new(config.clone(), created.players.clone())
    }

    fn referee(m: &mut Match) -> impl Referee + '_ {
        let forfeit = m.lost_on_time.map(|(p, _)| p);
        let Match {
            rounds, players, ..
        } = m;
        OfRounds::new(players, rounds, &WORDS, |r: &Round, c| {
            r.decision(c, players)
        })
        .forfeit(forfeit)
    }

    fn apply(m: &mut Match, event: Event<'_, Self>, stamp: Stamp<'_>) -> Noted {
        // A rule error leaves the state untouched. Every rule is checked
        // before the match changes, except a placement's cells, which are
        // checked on the board after the placer's clock is charged: so the
        // clocks are kept and put back, not a copy of the whole match (a
        // copy of every round at every event made a long match quadratic).
        // Debug builds check that nothing else changed.
        #[cfg(debug_assertions)]
        let whole = m.clone();
        let clocks = (m.reserve_ms, m.windows, m.lost_on_time);
        let result = apply(m, event, stamp);
        if result.is_err() {
            (m.reserve_ms, m.windows, m.lost_on_time) = clocks;
            #[cfg(debug_assertions)]
            debug_assert!(
                *m == whole,
                "a refused event changed the match beyond its clocks"
            );
        }
        result
    }
}

fn apply(m: &mut Match, event: Event<'_, RushHour>, stamp: Stamp<'_>) -> Noted {
    let Stamp { seq, actor, at } = stamp;
    match event {
        Event::RoundStart(setup) => {
            (m.rounds).may_open(setup.round, m.config.rounds, actor)?;
            if setup.target == 0 {
                return Err(rule("round", "the target move count must be at least 1"));
            }
            let first = named_seat(&m.players, &setup.first, "round")?;
            let mut board = Board::with_taxi();
            for cells in &setup.cars {
                board
                    .place(cells)
                    .map_err(|e| rule("setup", format!("pre-placed car: {e}")))?;
            }
            m.windows.clear();
            let round = Round {
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
            };
            let Match {
                rounds, players, ..
            } = m;
            let mut note = rounds.open(round, players, &WORDS, &|r, c| r.decision(c, players));
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
            let round = m.rounds.current().ok_or_else(no_round)?;
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
            let round = m.rounds.current_mut().ok_or_else(no_round)?;
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
            let round = m.rounds.current_mut().ok_or_else(no_round)?;
            if !round.board.has_space() {
                round.phase = Phase::NoSpace { last_placer: p };
                note.push_str("; no car fits anywhere now, so the last placer wins the round");
            }
            push_clock(&mut note, clock);
            Ok(note)
        }
        Event::Claim(Claim::Finished) => claims::claim_finished(m, stamp),
        Event::Challenge(Challenge::Impossible) => claims::challenge_impossible(m, stamp),
        Event::Proof(proof) => claims::prove(m, proof, stamp),
        Event::Pass => claims::pass(m, stamp),
        Event::Timeout(p) => {
            let running = m.windows.last_start(p);
            let round = m.rounds.current();
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
            let mut note = String::new();
            let name = m.players[p].clone();
            match start {
                Some(start) => {
                    let clock = m.charge(p, start, allowance, at, seq);
                    if m.reserve_ms[p] >= 0 {
                        note.push_str(&format!(
                            "; by the clocks {} still has {:.1} s of reserve",
                            name,
                            m.reserve_ms[p] as f64 / 1000.0
                        ));
                    }
                    push_clock(&mut note, clock);
                }
                None => note.push_str(&format!("; no timer of {name} is running")),
            }
            Ok(note)
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

#[cfg(test)]
mod tests;
