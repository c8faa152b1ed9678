//! The match: placements, challenges, passes, the endgame, rulings. What
//! the time controls make of each event is in `clock`.
//!
//! Like every game's reducer, this records what the players did and what
//! the rules make of it, without a solver: whether a challenged color
//! really had a track, or how long the longest track was, is the
//! verifier's question (`check`). A match is one game (one "round"); the
//! host closes it with a ruling, and the rules' verdict is fixed beside it.
//!
//! Like all of `games/`, it imports nothing from `log/`, `web/`,
//! `import/` or `verify`, and no other game's folder.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::board::{check_track, Board, Cell, Color, Piece, Track};
use super::clock::{push_clock, starting_bank_ms, TimeUp};
pub use super::config::{Config, Variant};
use crate::event::Actor;
mod answers;
mod verdict;

use verdict::decision;

use crate::games::engine::clock::Allowances;
use crate::games::engine::referee::{OneGame, Referee};
use crate::games::engine::seats::{host_only, player_seat};
pub use crate::games::engine::Decision;
use crate::games::engine::{Ending, EndingWords, Words};
use crate::games::rule;
use crate::games::{Created, Event, Game, Noted, Payloads, Refusal, RuleError, Stamp};

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

/// How Duorail words its ruling: a game no player wins is the host's.
pub const WORDS: EndingWords = EndingWords {
    words: Words::THE_HOST,
    nobody_ruled: Words::THE_HOST.nobody,
    opening: "the host awards the game to ",
    unended: "",
};

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
    /// Passes in a row (a `classic` no action counts as one).
    pub passes: u8,
    /// Seat of the player who placed the last piece, and where.
    pub last_placed: Option<(usize, Cell)>,
    /// Bank left per seat, in milliseconds (`classic`: the whole time
    /// banks left, a minute each; below zero, how far past the last one
    /// the turn that ran out went).
    pub bank_ms: [i64; 2],
    /// `standard`: seats whose bank ran out (with the seq where it did).
    pub bank_out: [Option<u64>; 2],
    /// `classic`: turns whose time ran out or that the host called.
    pub time_ups: Vec<TimeUp>,
    /// The host's ruling, the rules' verdict fixed beside it, appeals.
    pub ending: Ending,
    /// Per seat, the time allowance last charged to the bank: charging is
    /// once per allowance, however many events fall into it.
    pub(super) windows: Allowances,
}

impl Match {
    pub fn new(config: Config, players: [String; 2], at: DateTime<Utc>) -> Match {
        let size = config.size.clamp(2, 9);
        let bank = starting_bank_ms(&config);
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
            time_ups: Vec::new(),
            ending: Ending::default(),
            windows: Allowances::default(),
        }
    }

    /// Ends `p`'s turn without a piece: a pass, or in `classic` no action
    /// when the time ran out. Two in a row start the endgame, and then the
    /// note goes on with what that says.
    pub(super) fn turn_passes(&mut self, p: usize, seq: u64, at: DateTime<Utc>) -> Option<String> {
        self.passes += 1;
        self.to_move = 1 - p;
        self.turn_started = at;
        if self.passes < 2 {
            return None;
        }
        self.phase = Phase::Endgame {
            seq,
            full_board: false,
            since: at,
            shown: Vec::new(),
        };
        let mut note = format!(
            ": two passes in a row, so the endgame begins; each player shows a track of their own color within {} s",
            self.config.track_secs
        );
        if self.config.variant == Variant::Classic {
            note.push_str(" (one more minute each if neither shows a valid track by then)");
        }
        Some(note)
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

    /// The rules' verdict so far; `closed` when no more tracks may come.
    pub fn decision(&self, closed: bool) -> Option<Decision> {
        decision(self, closed)
    }
}

/// The Duorail DM.
pub struct Duorail;

impl Game for Duorail {
    const REFUSAL: Refusal = Refusal::OnACopy;
    type Payloads = Payloads<Config, Setup, Placement, Claim, Challenge, Proof>;
    type State = Match;

    fn start(config: &Config, created: Created<'_>) -> Result<Match, RuleError> {
        if !(2..=9).contains(&config.size) {
            return Err(RuleError::new(
                "config",
                format!("a board is 2 to 9 cells wide, not {}", config.size),
            ));
        }
        Ok(Match::new(
            config.clone(),
            created.players.clone(),
            created.at,
        ))
    }

    fn referee(m: &mut Match) -> impl Referee + '_ {
        let verdict = decision(m, true);
        OneGame::new(&m.players, &mut m.ending, &WORDS).judged_by(verdict)
    }

    fn apply(m: &mut Match, event: Event<'_, Self>, stamp: Stamp<'_>) -> Noted {
        let Stamp { seq, actor, at } = stamp;
        // Rulings and appeals go to the engine's referee, never here.
        if let Some(r) = &m.ending.ruled {
            return Err(rule(
                "game",
                format!(
                    "the game is over: it was ruled at seq {}; only an appeal may follow",
                    r.seq
                ),
            ));
        }
        match event {
            Event::RoundStart(setup) => {
                host_only(actor, "set up the game")?;
                if let Some(b) = m.blue {
                    return Err(rule(
                        "setup",
                        format!(
                            "the game is already set up ({} plays blue); a Duorail match is one game",
                            m.players[b]
                        ),
                    ));
                }
                if setup.round != 1 {
                    return Err(rule(
                        "setup",
                        format!("a Duorail match is one game: round 1, not {}", setup.round),
                    ));
                }
                let blue = m.player_index(&setup.blue).ok_or_else(|| {
                    rule(
                        "setup",
                        format!(
                            "{} is not a player of this match ({} and {})",
                            setup.blue, m.players[0], m.players[1]
                        ),
                    )
                })?;
                m.blue = Some(blue);
                m.phase = Phase::Playing;
                m.to_move = blue;
                m.turn_started = at;
                m.windows.clear();
                let n = m.board.width();
                Ok(format!(
                    "{} plays blue and moves first; {} plays red; the board is {n}×{n}",
                    m.players[blue],
                    m.players[1 - blue]
                ))
            }
            Event::Place(placement) => {
                let p = mover(m, actor, "place a piece")?;
                let own = m.color_of(p).expect("set up");
                let (cell, piece) = (placement.cell, placement.piece);
                if !m.board.contains(cell) {
                    let (h, w) = (m.board.height(), m.board.width());
                    return Err(rule(
                        "placement",
                        format!(
                            "{cell} is off the board: rows A–{}, columns 1–{w}",
                            (b'A' + h - 1) as char
                        ),
                    ));
                }
                if let Some(there) = m.board.get(cell) {
                    return Err(rule(
                        "placement",
                        format!(
                            "{cell} already holds a {} {} piece; pieces go on empty cells",
                            there.color.name(),
                            there.exits
                        ),
                    ));
                }
                if piece.color != own && piece.color != Color::Common {
                    return Err(rule(
                        "placement",
                        format!(
                            "{} plays {}: a {} piece is not theirs to place on {cell}",
                            m.players[p],
                            own.name(),
                            piece.color.name()
                        ),
                    ));
                }
                if piece.color == Color::Common {
                    if !piece.exits.is_straight() {
                        return Err(rule(
                            "placement",
                            format!(
                                "a common piece is straight (UD or LR), not {} as on {cell}",
                                piece.exits
                            ),
                        ));
                    }
                    if m.board.count(Color::Common) >= 2 {
                        return Err(rule(
                            "placement",
                            format!(
                                "both common pieces are already on the board; {cell} cannot take a third"
                            ),
                        ));
                    }
                }
                let clock = m.charge_move(p, at, seq);
                m.board
                    .set(cell, Some(piece))
                    .map_err(|e| rule("placement", e.to_string()))?;
                m.last_placed = Some((p, cell));
                m.passes = 0;
                m.to_move = 1 - p;
                m.turn_started = at;
                let mut note = format!(
                    "{} places a {} {} on {cell}",
                    m.players[p],
                    piece.color.name(),
                    piece.exits
                );
                if piece.color == Color::Common {
                    note.push_str(&format!(
                        " (common piece {} of 2)",
                        m.board.count(Color::Common)
                    ));
                }
                if m.config.variant == Variant::Classic && m.board.is_full() {
                    m.phase = Phase::Endgame {
                        seq,
                        full_board: true,
                        since: at,
                        shown: Vec::new(),
                    };
                    note.push_str(&format!(
                        "; the board is full: each player shows a track of their own color within {} s; \
                         the longer wins, a tie goes against {} (the last placer), no track at all: the host wins",
                        m.config.track_secs, m.players[p]
                    ));
                }
                push_clock(&mut note, clock);
                Ok(note)
            }
            Event::Pass => answers::pass(m, stamp),
            Event::Claim(claim) => match *claim {},
            Event::Challenge(c) => answers::challenge(m, c, stamp),
            Event::Proof(proof) => answers::show_track(m, proof, stamp),
            Event::Timeout(p) => Ok(m.timeout(p, at, seq)),
        }
    }
}

/// The player to move, while the game is in its playing phase.
fn mover(m: &Match, actor: &Actor, what: &str) -> Result<usize, RuleError> {
    let p = player_seat(&m.players, actor)?;
    match &m.phase {
        Phase::Waiting => Err(rule(
            "turn",
            "the game has not started: the host sets up first (who plays blue)",
        )),
        Phase::Challenge {
            challenger, color, ..
        } => Err(rule(
            "turn",
            format!(
                "{} challenged {}: the game is in its challenge phase, no one may {what} now",
                m.players[*challenger],
                color.name()
            ),
        )),
        Phase::Endgame { .. } => Err(rule(
            "turn",
            format!("the game is in its endgame: no one may {what} now, only show tracks"),
        )),
        Phase::Playing if m.to_move != p => Err(rule(
            "turn",
            format!("it is {}'s turn", m.players[m.to_move]),
        )),
        Phase::Playing => Ok(p),
    }
}

#[cfg(test)]
mod tests;
