//! The match: placements, challenges, passes, the endgame, clocks, rulings.
//!
//! Like every game's reducer, this records what the players did and what
//! the rules make of it, without a solver: whether a challenged color
//! really had a track, or how long the longest track was, is the
//! verifier's question (`check`). A match is one game (one "round"); the
//! host closes it with a ruling, and the rules' verdict is fixed beside it.

use std::collections::BTreeMap;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::board::{Board, Cell, Color, Piece, Track};
use crate::games::{Event, Game, RuleError};
use crate::log::event::Actor;

/// Which text of the rules a match follows.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Variant {
    /// The "GAME RULES" text: a tie in the endgame goes to the last placer.
    #[default]
    Standard,
    /// The older texts: when the board fills up the longest track wins, a
    /// tie goes against the last placer, and with no track at all the host
    /// wins; in the endgame, no track on either side also means the host
    /// wins.
    Classic,
}

/// The options of a Duorail match.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(default)]
pub struct Config {
    pub variant: Variant,
    /// Seconds per move.
    pub move_secs: u32,
    /// Each player's bank for the whole match, in seconds.
    pub bank_secs: u32,
    /// Seconds to show a track in the challenge or endgame phase (no bank).
    pub track_secs: u32,
    /// Board size (9 in a match).
    pub size: u8,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            variant: Variant::Standard,
            move_secs: 60,
            bank_secs: 300,
            track_secs: 300,
            size: 9,
        }
    }
}

/// The host starts the game: who plays blue (and moves first).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Setup {
    /// Always 1: a Duorail match is one game.
    #[serde(default = "one")]
    pub round: u32,
    /// The player who plays blue and moves first; the other plays red.
    pub blue: String,
}

fn one() -> u32 {
    1
}

/// A piece placed on an empty cell: the player's own color or common.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Placement {
    pub cell: Cell,
    pub piece: Piece,
}

/// Duorail has no claims other than challenges.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum Claim {}

/// "Impossible for red": the challenger names a color.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Challenge {
    pub color: Color,
}

/// A shown track (challenge answer or endgame track).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Proof {
    pub track: Track,
}

impl Serialize for Track {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Track {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Track, D::Error> {
        String::deserialize(d)?
            .parse()
            .map_err(serde::de::Error::custom)
    }
}

/// A shown track, checked against the board at the time.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Shown {
    pub seq: u64,
    pub at: DateTime<Utc>,
    /// Seat of the player who showed it.
    pub by: usize,
    pub color: Color,
    pub track: String,
    /// Its length, or exactly what is wrong with it.
    pub result: Result<usize, String>,
    /// Shown after the time to show a track ran out.
    pub late: bool,
}

impl Shown {
    /// Counts: valid and in time.
    pub fn length(&self) -> Option<usize> {
        match self.result {
            Ok(n) if !self.late => Some(n),
            _ => None,
        }
    }
}

/// Where the game stands.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Before the host's setup.
    Waiting,
    /// Players place, challenge or pass.
    Playing,
    /// `challenger` said `color` can have no track; the other player must
    /// show one.
    Challenge {
        seq: u64,
        challenger: usize,
        color: Color,
        since: DateTime<Utc>,
        shown: Vec<Shown>,
        /// The challenged player gave up.
        gave_up: bool,
    },
    /// Two passes in a row (or, in `classic`, a full board): each player
    /// shows a track of their own color.
    Endgame {
        seq: u64,
        /// True when the board filled up (`classic` only).
        full_board: bool,
        since: DateTime<Utc>,
        shown: Vec<Shown>,
    },
}

/// The rules' verdict.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Decision {
    /// Seat of the winner; `None`: no player (the host) wins.
    pub winner: Option<usize>,
    pub reason: String,
}

/// What the host ruled.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Ruled {
    pub seq: u64,
    pub winner: Option<usize>,
    pub text: String,
    /// Set when an appeal overturned it: (decision seq, new winner).
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

/// The whole match. Seats follow the Create event's player order; `blue`
/// says which seat plays blue.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Match {
    pub config: Config,
    pub players: [String; 2],
    /// Seat of the blue player, once the host has set up.
    pub blue: Option<usize>,
    pub board: Board,
    pub phase: Phase,
    /// Seat to move while playing.
    pub to_move: usize,
    /// When the current turn started.
    pub turn_started: DateTime<Utc>,
    /// Passes in a row.
    pub passes: u8,
    /// Seat of the player who placed the last piece, and where.
    pub last_placed: Option<(usize, Cell)>,
    /// Bank left per seat, in milliseconds.
    pub bank_ms: [i64; 2],
    /// Seats whose bank ran out (with the seq where it did).
    pub bank_out: [Option<u64>; 2],
    pub ruled: Option<Ruled>,
    /// The rules' verdict, fixed when the game was ruled.
    pub by_rules: Option<Decision>,
    /// Ruling seqs (for appeals).
    pub rulings: BTreeMap<u64, ()>,
    /// Appeal seq → (appellant seat, ruling seq, decided by).
    pub appeals: BTreeMap<u64, (usize, u64, Option<u64>)>,
}

impl Match {
    pub fn new(config: Config, players: [String; 2], at: DateTime<Utc>) -> Match {
        let size = config.size.clamp(2, 9);
        let bank = config.bank_secs as i64 * 1000;
        Match {
            board: Board::empty(size, size),
            config,
            players,
            blue: None,
            phase: Phase::Waiting,
            to_move: 0,
            turn_started: at,
            passes: 0,
            last_placed: None,
            bank_ms: [bank; 2],
            bank_out: [None, None],
            ruled: None,
            by_rules: None,
            rulings: BTreeMap::new(),
            appeals: BTreeMap::new(),
        }
    }

    /// The color a seat plays.
    pub fn color_of(&self, seat: usize) -> Option<Color> {
        self.blue
            .map(|b| if b == seat { Color::Blue } else { Color::Red })
    }

    /// The seat that plays a color.
    pub fn seat_of(&self, color: Color) -> Option<usize> {
        match color {
            Color::Blue => self.blue,
            Color::Red => self.blue.map(|b| 1 - b),
            Color::Common => None,
        }
    }

    pub fn player_index(&self, name: &str) -> Option<usize> {
        self.players.iter().position(|p| p == name)
    }

    /// The winner as ruled (after appeals).
    pub fn winner(&self) -> Option<usize> {
        self.ruled.as_ref().and_then(Ruled::standing)
    }

    /// The rules' verdict so far; `closed` when no more tracks may come.
    pub fn decision(&self, closed: bool) -> Option<Decision> {
        decision(self, closed)
    }
}

/// The Duorail DM.
pub struct Duorail;

impl Game for Duorail {
    const SLUG: &'static str = "duorail";
    type Config = Config;
    type Setup = Setup;
    type Place = Placement;
    type Claim = Claim;
    type Challenge = Challenge;
    type Proof = Proof;
    type State = Match;

    fn start(config: &Config, players: &[String], at: DateTime<Utc>) -> Result<Match, RuleError> {
        if !(2..=9).contains(&config.size) {
            return Err(RuleError::new(
                "config",
                format!("a board is 2 to 9 cells wide, not {}", config.size),
            ));
        }
        Ok(Match::new(
            config.clone(),
            [players[0].clone(), players[1].clone()],
            at,
        ))
    }

    fn apply(
        state: &mut Match,
        seq: u64,
        event: Event<'_, Duorail>,
        actor: &Actor,
        at: DateTime<Utc>,
    ) -> Result<String, RuleError> {
        let mut next = state.clone();
        let note = apply(&mut next, seq, event, actor, at)?;
        *state = next;
        Ok(note)
    }
}

/// The rules' verdict for the current phase.
fn decision(m: &Match, closed: bool) -> Option<Decision> {
    let _ = (m, closed);
    todo!("written in the next step")
}

fn apply(
    m: &mut Match,
    seq: u64,
    event: Event<'_, Duorail>,
    actor: &Actor,
    at: DateTime<Utc>,
) -> Result<String, RuleError> {
    let _ = (m, seq, event, actor, at);
    todo!("written in the next step")
}
