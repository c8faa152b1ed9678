//! A Traffic Jam round: its board and placements, the claim being
//! answered with the solutions posted for it, and the rules' verdict on
//! the round ([`Round::decision`]), which the engine asks for when the
//! host rules or the next round opens.
//!
//! Imports only the board and the engine's record of a ruling.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::games::engine::{self, Decision};
use crate::games::rush_hour::board::{Board, Move, Slide};
use crate::games::Ruled;

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

engine::round_record!(Round);

impl Round {
    pub(super) fn last_placer(&self) -> Option<usize> {
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
