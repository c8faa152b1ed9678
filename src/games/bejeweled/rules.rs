//! The round and the match: grids and offers, claims and counterclaims,
//! proofs, carry-over, powerup picks, rulings.
//!
//! As in every game, the reducer records what happened and what the rules
//! make of it; the exact cascade (`engine`) is cheap enough to run here on
//! every proof, so a proof's count is known at its step. The best possible
//! claim (`solver`) is the verifier's question.

use std::collections::BTreeMap;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use super::engine::TraceStep;
use super::grid::Grid;
use super::proof::{Offer, Powerup, ProofSpec};
use crate::games::{Event, Game, RuleError};
use crate::log::event::Actor;

/// The options of a Bejeweled DM.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(default)]
pub struct Config {
    /// Rounds at most.
    pub rounds: u32,
    /// Round wins that win the match.
    pub to_win: u32,
    /// Seconds the opponent has to counterclaim.
    pub counter_secs: u32,
    /// Seconds to show the proof once claiming has closed.
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
/// one not used in this round.
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
    /// Shown after the proof time ran out.
    pub late: bool,
}

/// The rules' verdict for a round.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Decision {
    /// `None`: no player (the host) wins the round.
    pub winner: Option<usize>,
    pub reason: String,
}

/// What the host ruled.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Ruled {
    pub seq: u64,
    pub winner: Option<usize>,
    pub text: String,
    pub overturned: Option<(u64, Option<usize>)>,
}

impl Ruled {
    pub fn standing(&self) -> Option<usize> {
        match self.overturned {
            Some((_, w)) => w,
            None => self.winner,
        }
    }
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
    pub proofs: Vec<Shown>,
    /// Each player's picks for the next round, by seat.
    pub picks: [Option<Picks>; 2],
    pub ruled: Option<Ruled>,
    pub by_rules: Option<Decision>,
}

/// The whole match.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Match {
    pub config: Config,
    pub players: [String; 2],
    pub rounds: Vec<Round>,
    pub match_ruling: Option<Ruled>,
    pub rulings: BTreeMap<u64, Option<u32>>,
    pub appeals: BTreeMap<u64, (usize, u64, Option<u64>)>,
}

impl Match {
    pub fn new(config: Config, players: [String; 2]) -> Match {
        Match {
            config,
            players,
            rounds: Vec::new(),
            match_ruling: None,
            rulings: BTreeMap::new(),
            appeals: BTreeMap::new(),
        }
    }

    pub fn player_index(&self, name: &str) -> Option<usize> {
        self.players.iter().position(|p| p == name)
    }

    /// Round wins as ruled (after appeals).
    pub fn score(&self) -> [u32; 2] {
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

    /// Round wins by the rules' verdicts.
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

    pub fn winner(&self) -> Option<usize> {
        if let Some(r) = &self.match_ruling {
            return r.standing();
        }
        let s = self.score();
        (0..2).find(|&p| s[p] >= self.config.to_win)
    }

    /// The rules' verdict for round `r` so far; `closed` when nothing more
    /// may come (the host ruled or the next round opened).
    pub fn decision(&self, r: &Round, closed: bool) -> Option<Decision> {
        decision(self, r, closed)
    }
}

/// The Bejeweled DM.
pub struct Bejeweled;

impl Game for Bejeweled {
    const SLUG: &'static str = "bejeweled";
    type Config = Config;
    type Setup = Setup;
    type Place = Picks;
    type Claim = Claim;
    type Challenge = Challenge;
    type Proof = Proof;
    type State = Match;

    fn start(config: &Config, players: &[String], _at: DateTime<Utc>) -> Result<Match, RuleError> {
        if config.to_win == 0 || config.to_win > config.rounds {
            return Err(RuleError::new(
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
        event: Event<'_, Bejeweled>,
        actor: &Actor,
        at: DateTime<Utc>,
    ) -> Result<String, RuleError> {
        let mut next = state.clone();
        let note = apply(&mut next, seq, event, actor, at)?;
        *state = next;
        Ok(note)
    }
}

