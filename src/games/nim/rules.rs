//! The rules of a Nim race: the match's options, its events (a take and
//! one claim; no setup: the first player named takes first) and the
//! reducer. A refused event leaves the match as
//! it was: every rule is checked before anything changes.
//!
//! Imports nothing from `log/`, `web/`, `import/` or `verify.rs`.

use serde::{Deserialize, Serialize};

use super::solver;
use crate::event::Actor;
use crate::games::engine::referee::{OneGame, Referee};
use crate::games::engine::seats::mover;
use crate::games::rule;
use crate::games::{Created, Ending, Event, Game, Noted, Nothing, Payloads, RuleError, Stamp};

/// A match's options.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Config {
    /// Stones in the heap at the start (1 to 100).
    pub heap: u32,
    /// The most stones one turn may take (1 to 10).
    pub most: u32,
}

impl Default for Config {
    fn default() -> Config {
        Config { heap: 10, most: 3 }
    }
}

/// A turn: how many stones the player takes.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Take {
    pub stones: u32,
}

/// The one claim: "I can force a win from here".
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Claim {
    ForcedWin,
}

/// A claim as made: by whom, at which seq, from which heap, and whether
/// the solver finds it true.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Claimed {
    pub seq: u64,
    pub seat: usize,
    pub heap: u32,
    pub truth: bool,
}

/// A Nim race (the registry's marker type).
pub struct Nim;

/// The whole match.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Match {
    pub config: Config,
    pub players: [String; 2],
    /// Stones left.
    pub heap: u32,
    /// Seat to take next (seat 0 takes first).
    pub to_move: usize,
    /// Each take: (seq, seat, stones).
    pub takes: Vec<(u64, usize, u32)>,
    pub claim: Option<Claimed>,
    pub ending: Ending,
}

impl Game for Nim {
    type Payloads = Payloads<Config, Nothing, Take, Claim>;
    type State = Match;

    fn start(config: &Config, created: Created<'_>) -> Result<Match, RuleError> {
        if !(1..=100).contains(&config.heap) || !(1..=10).contains(&config.most) {
            return Err(rule(
                "config",
                format!(
                    "a heap is 1 to 100 stones and a turn takes at most 1 to 10, not {} and {}",
                    config.heap, config.most
                ),
            ));
        }
        Ok(Match {
            config: *config,
            players: created.players.clone(),
            heap: config.heap,
            to_move: 0,
            takes: Vec::new(),
            claim: None,
            ending: Ending::default(),
        })
    }

    fn referee(m: &mut Match) -> impl Referee + '_ {
        OneGame::small(&m.players, &mut m.ending)
    }

    fn apply(m: &mut Match, event: Event<'_, Self>, stamp: Stamp<'_>) -> Noted {
        let Stamp { seq, actor, .. } = stamp;
        match event {
            Event::Place(t) => {
                let seat = m.turn(actor)?;
                let most = m.config.most.min(m.heap);
                if !(1..=most).contains(&t.stones) {
                    return Err(rule(
                        "take",
                        format!("a turn takes 1 to {most} stones, not {}", t.stones),
                    ));
                }
                m.heap -= t.stones;
                m.takes.push((seq, seat, t.stones));
                m.to_move = 1 - seat;
                let who = &m.players[seat];
                if m.heap == 0 {
                    m.ending
                        .end(Some(seat), format!("{who} took the last stone"));
                    return Ok(format!("{who} takes {} and wins", t.stones));
                }
                Ok(format!("{who} takes {}; {} left", t.stones, m.heap))
            }
            Event::Claim(Claim::ForcedWin) => {
                let seat = m.turn(actor)?;
                let truth = solver::wins(m.heap, m.config.most);
                let who = m.players[seat].clone();
                let winner = if truth { seat } else { 1 - seat };
                m.claim = Some(Claimed {
                    seq,
                    seat,
                    heap: m.heap,
                    truth,
                });
                m.ending.end(
                    Some(winner),
                    format!(
                        "{who}'s claim of a forced win from {} is {}",
                        m.heap,
                        if truth { "true" } else { "false" }
                    ),
                );
                Ok(format!("{who} claims a forced win from {} stones", m.heap))
            }
            Event::Pass => Err(rule("pass", "a turn takes at least one stone")),
            Event::Timeout(_) => Err(rule("timeout", "a Nim race has no clock")),
            Event::RoundStart(never) | Event::Challenge(never) | Event::Proof(never) => {
                match *never {}
            }
        }
    }
}

impl Match {
    /// The seat of the player behind `actor`, when it is their turn in a
    /// game in play.
    fn turn(&self, actor: &Actor) -> Result<usize, RuleError> {
        mover(&self.players, &self.ending, actor, Some(self.to_move), "")
    }
}
