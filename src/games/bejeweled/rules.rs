//! The round and the match: grids and offers, claims and counterclaims,
//! proofs, carry-over, powerup picks, rulings.
//!
//! As in every game, the reducer records what happened and what the rules
//! make of it; the exact cascade (`engine`) is cheap enough to run here on
//! every proof, so a proof's count is known at its step. The best possible
//! claim (`solver`) is the verifier's question.
//!
//! Claims, proofs and their clocks (which proof counts, the rules'
//! verdict) live in `claims`; a round's opening, carry-over and the
//! players' picks in `rules/opening.rs`; rulings and appeals in the
//! engine's referee. This module holds the match and hands each event to
//! its part. The rules as implemented: `docs/rules/bejeweled.md`.
//!
//! Like all of `games/`, it imports nothing from `log/`, `web/`,
//! `import/` or `verify`, and no other game's folder.

use std::collections::BTreeSet;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use super::claims::{self, decision, span};
mod opening;
use super::engine::TraceStep;
use super::grid::{Cell, Grid, Tile, CELLS};
use super::proof::{Offer, Powerup, ProofSpec};
use crate::games::engine::referee::{OfRounds, Referee};
use crate::games::engine::seats::player_seat;
pub use crate::games::engine::Decision;
use crate::games::engine::{self, Rounds, Words};
pub(super) use crate::games::rule;
use crate::games::{Created, Event, Game, Noted, Payloads, Refusal, RuleError, Ruled, Stamp};

/// The options of a Bejeweled DM.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    /// Rounds at most.
    pub rounds: u32,
    /// Round wins that win the match.
    pub to_win: u32,
    /// Seconds the opponent has to counterclaim.
    pub counter_secs: u32,
    /// Seconds to show the proof once the time for a counterclaim ends.
    pub proof_secs: u32,
    /// Seconds without any claim after which the host wins the round.
    pub round_secs: u32,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            rounds: 7,
            to_win: 4,
            counter_secs: 30,
            proof_secs: 120,
            round_secs: 600,
        }
    }
}

/// The host opens a round: its grid and the powerups offered.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Setup {
    pub round: u32,
    pub grid: Grid,
    pub offer: Offer,
}

/// A player's picks for the next round: one powerup of each type, each
/// one not offered in this round.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Picks {
    pub starter: Powerup,
    pub passive: Powerup,
    pub active: Powerup,
}

/// "I can remove N gems" (a claim, or a higher counterclaim).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Claim {
    pub gems: u32,
}

/// Bejeweled has no challenges beyond counterclaims.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum Challenge {}

/// A shown proof.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Proof {
    pub proof: ProofSpec,
}

/// A claim as recorded.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Claimed {
    pub seq: u64,
    pub at: DateTime<Utc>,
    pub by: usize,
    pub gems: u32,
}

/// A proof played out.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Shown {
    pub seq: u64,
    pub at: DateTime<Utc>,
    pub by: usize,
    pub proof: String,
    /// Gems removed, or why the proof is not legal on the grid.
    pub result: Result<usize, String>,
    /// The cascade, pass by pass (empty when illegal).
    pub trace: Vec<TraceStep>,
    /// The grid it ends on (the next round's grid before the refill).
    pub end: Option<Grid>,
    /// Shown after the proof was due (first claim + counterclaim time +
    /// proof time).
    pub late: bool,
}

/// One round.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Round {
    pub number: u32,
    pub seq: u64,
    pub opened: DateTime<Utc>,
    pub grid: Grid,
    pub offer: Offer,
    /// Claims in order (the first, then at most one counterclaim).
    pub claims: Vec<Claimed>,
    /// Every proof shown, in order; which one counts: `Round::standing`.
    pub proofs: Vec<Shown>,
    /// Each player's picks for the next round, by seat.
    pub picks: [Option<Picks>; 2],
    pub ruled: Option<Ruled>,
    pub by_rules: Option<Decision>,
}

/// How Bejeweled words an outcome: a round no player wins is the host's.
pub const WORDS: Words = Words::THE_HOST;

/// The whole match.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Match {
    pub config: Config,
    pub players: [String; 2],
    /// The rounds, their rulings and the match's.
    pub rounds: Rounds<Round>,
}

impl Match {
    /// The match before its first round; a rule error unless its options
    /// can decide it (`to_win` round wins in at most `rounds`).
    pub fn new(config: Config, players: [String; 2]) -> Result<Match, RuleError> {
        Ok(Match {
            rounds: Rounds::first_to(config.to_win, config.rounds)?,
            config,
            players,
        })
    }

    /// The rules' verdict for round `r` so far; `closed` when nothing more
    /// may come (the host ruled or the next round opened).
    pub fn decision(&self, r: &Round, closed: bool) -> Option<Decision> {
        decision(&self.config, &self.players, r, closed)
    }
}

engine::round_record!(Round);

/// The Bejeweled DM.
pub struct Bejeweled;

impl Game for Bejeweled {
    const REFUSAL: Refusal = Refusal::OnACopy;
    type Payloads = Payloads<Config, Setup, Picks, Claim, Challenge, Proof>;
    type State = Match;

    fn start(config: &Config, created: Created<'_>) -> Result<Match, RuleError> {
        Match::new(config.clone(), created.players.clone())
    }

    fn referee(m: &mut Match) -> impl Referee + '_ {
        let Match {
            config,
            players,
            rounds,
        } = m;
        OfRounds::new(players, rounds, &WORDS, |r: &Round, closed| {
            decision(config, players, r, closed)
        })
    }

    fn apply(m: &mut Match, event: Event<'_, Self>, stamp: Stamp<'_>) -> Noted {
        match event {
            Event::RoundStart(setup) => opening::open_round(m, setup, stamp),
            Event::Claim(claim) => claims::claim(m, claim, stamp),
            Event::Proof(proof) => claims::prove(m, proof, stamp),
            Event::Place(picks) => opening::pick(m, picks, stamp),
            Event::Pass => Err(rule(
                "pass",
                "there is nothing to pass on: in Bejeweled a player claims or does nothing",
            )),
            Event::Challenge(c) => match *c {},
            Event::Timeout(p) => Ok(claims::clocks(m, p, stamp.at)),
        }
    }
}

impl Shown {
    /// The proof as typed again (the text always parses back).
    pub fn spec(&self) -> Option<ProofSpec> {
        self.proof.parse().ok()
    }
}

impl Round {
    /// The powerups of `kind` the players may pick for the next round: one
    /// not offered this round, or any of the three when all three were
    /// offered; and whether all three were.
    pub fn pickable(&self, kind: &str) -> (BTreeSet<Powerup>, bool) {
        let all: BTreeSet<Powerup> = Powerup::ALL
            .into_iter()
            .filter(|p| p.kind() == kind)
            .collect();
        let free: BTreeSet<Powerup> = all
            .iter()
            .copied()
            .filter(|p| !self.offer.has(*p))
            .collect();
        if free.is_empty() {
            (all, true)
        } else {
            (free, false)
        }
    }
}

impl Match {
    pub(super) fn name(&self, p: Option<usize>) -> String {
        WORDS.name(&self.players, p)
    }
}

const KINDS: [&str; 3] = ["starter", "passive", "active"];

#[cfg(test)]
pub(super) mod tests;
