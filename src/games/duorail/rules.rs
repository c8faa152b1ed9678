//! The match: placements, challenges, passes, the endgame, rulings. What
//! the time controls make of each event is in `clock`.
//!
//! Like every game's reducer, this records what the players did and what
//! the rules make of it, without a solver: whether a challenged color
//! really had a track, or how long the longest track was, is the
//! verifier's question (`check`). A match is one game (one "round"); the
//! host closes it with a ruling, and the rules' verdict is fixed beside it.

use std::collections::BTreeMap;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::board::{check_track, Board, Cell, Color, Piece, Track};
use super::clock::{push_clock, starting_bank_ms, TimeUp, Window};
pub use super::config::{Config, Variant};
use crate::event::{Actor, Scope};
use crate::games::{host_only, player_seat, winner_seat, Event, Game, RuleError, Ruled};

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
    pub ruled: Option<Ruled>,
    /// The rules' verdict, fixed when the game was ruled.
    pub by_rules: Option<Decision>,
    /// Ruling seqs (for appeals).
    pub rulings: BTreeMap<u64, ()>,
    /// Appeal seq → (appellant seat, ruling seq, decided by).
    pub appeals: BTreeMap<u64, (usize, u64, Option<u64>)>,
    /// Per seat, the time allowance last charged to the bank: charging is
    /// once per allowance, however many events fall into it.
    pub(super) windows: [Option<Window>; 2],
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
            ruled: None,
            by_rules: None,
            rulings: BTreeMap::new(),
            appeals: BTreeMap::new(),
            windows: [None, None],
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
    const RULES: &'static str = include_str!("../../../docs/rules/duorail.md");
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

fn rule(rule: &str, message: impl Into<String>) -> RuleError {
    RuleError::new(rule, message)
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

/// The rules' verdict for the current phase.
fn decision(m: &Match, closed: bool) -> Option<Decision> {
    let name = |s: usize| m.players[s].as_str();
    let decided = |winner: Option<usize>, reason: String| Some(Decision { winner, reason });
    match &m.phase {
        Phase::Waiting | Phase::Playing => {
            if closed {
                decided(
                    None,
                    "the game ended without a challenge or an endgame; the rules name no winner"
                        .to_string(),
                )
            } else {
                None
            }
        }
        Phase::Challenge {
            challenger,
            color,
            shown,
            gave_up,
            ..
        } => {
            let challenged = 1 - challenger;
            let answer = shown
                .iter()
                .filter(|s| s.by == challenged)
                .find_map(|s| s.length().map(|n| (s.seq, n)));
            if let Some((seq, n)) = answer {
                return decided(
                    Some(challenged),
                    format!(
                        "{} showed a track of {}, length {n} (seq {seq}), so {}'s challenge fails",
                        name(challenged),
                        color.name(),
                        name(*challenger)
                    ),
                );
            }
            if !(closed || *gave_up) {
                return None;
            }
            let why = if *gave_up {
                format!(
                    "{} gave up showing a {} track",
                    name(challenged),
                    color.name()
                )
            } else if shown.is_empty() {
                format!("{} showed no {} track", name(challenged), color.name())
            } else {
                format!(
                    "{} showed no valid {} track in time",
                    name(challenged),
                    color.name()
                )
            };
            decided(
                Some(*challenger),
                format!("{why}, so {}'s challenge stands", name(*challenger)),
            )
        }
        Phase::Endgame {
            full_board, shown, ..
        } => {
            if !closed {
                return None;
            }
            let blue = m.blue?;
            let length = |seat: usize| {
                shown
                    .iter()
                    .filter(|s| s.by == seat && Some(s.color) == m.color_of(seat))
                    .filter_map(Shown::length)
                    .max()
                    .unwrap_or(0)
            };
            let said = |seat: usize| match length(seat) {
                0 => format!(
                    "{} ({}) showed no valid track",
                    name(seat),
                    m.color_of(seat).map_or("?", Color::name)
                ),
                n => format!(
                    "{} ({}) showed {n}",
                    name(seat),
                    m.color_of(seat).map_or("?", Color::name)
                ),
            };
            let (red, lb, lr) = (1 - blue, length(blue), length(1 - blue));
            let shown_text = format!("{}, {}", said(blue), said(red));
            let classic = m.config.variant == Variant::Classic;
            if lb != lr {
                let w = if lb > lr { blue } else { red };
                return decided(
                    Some(w),
                    format!("{shown_text}: {}'s track is longer", name(w)),
                );
            }
            if lb == 0 && (classic || *full_board) {
                let when = if *full_board {
                    "the board is full and "
                } else {
                    ""
                };
                return decided(
                    None,
                    format!(
                        "{when}neither player showed a valid track: under the classic rules the host wins"
                    ),
                );
            }
            let last = m.last_placed.map(|(s, _)| s);
            match (last, *full_board) {
                (None, _) => decided(
                    None,
                    format!(
                        "{shown_text}: a tie, and no piece was placed, so the rules name no winner"
                    ),
                ),
                (Some(l), false) => decided(
                    Some(l),
                    format!(
                        "{shown_text}: a tie goes to {}, who placed the last piece",
                        name(l)
                    ),
                ),
                (Some(l), true) => decided(
                    Some(1 - l),
                    format!(
                        "{shown_text}: on a full board a tie goes against {}, who placed the last piece, so {} wins",
                        name(l),
                        name(1 - l)
                    ),
                ),
            }
        }
    }
}

fn apply(
    m: &mut Match,
    seq: u64,
    event: Event<'_, Duorail>,
    actor: &Actor,
    at: DateTime<Utc>,
) -> Result<String, RuleError> {
    if let Some(r) = &m.ruled {
        if !matches!(
            event,
            Event::Ruling(_) | Event::Appeal(_) | Event::AppealDecision(_)
        ) {
            return Err(rule(
                "game",
                format!(
                    "the game is over: it was ruled at seq {}; only an appeal may follow",
                    r.seq
                ),
            ));
        }
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
            m.windows = [None, None];
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
        Event::Pass => {
            let p = player_seat(&m.players, actor)?;
            if let Phase::Challenge {
                challenger,
                color,
                gave_up,
                ..
            } = &mut m.phase
            {
                if *challenger == p {
                    return Err(rule(
                        "pass",
                        format!(
                            "{} challenged; only {} may give up",
                            m.players[p],
                            m.players[1 - p]
                        ),
                    ));
                }
                if *gave_up {
                    return Err(rule(
                        "pass",
                        format!("{} has already given up", m.players[p]),
                    ));
                }
                *gave_up = true;
                let mut note =
                    format!("{} gives up showing a {} track", m.players[p], color.name());
                if let Some(d) = decision(m, false) {
                    note.push_str(&format!("; by the rules: {}", d.reason));
                }
                return Ok(note);
            }
            let p = mover(m, actor, "pass")?;
            let clock = m.charge_move(p, at, seq);
            let mut note = format!("{} passes", m.players[p]);
            if let Some(endgame) = m.turn_passes(p, seq, at) {
                note.push_str(&endgame);
            }
            push_clock(&mut note, clock);
            Ok(note)
        }
        Event::Claim(claim) => match *claim {},
        Event::Challenge(c) => {
            let p = mover(m, actor, "challenge")?;
            if c.color == Color::Common {
                return Err(rule(
                    "challenge",
                    "a challenge names a player color, blue or red, not common",
                ));
            }
            let clock = m.charge_move(p, at, seq);
            m.phase = Phase::Challenge {
                seq,
                challenger: p,
                color: c.color,
                since: at,
                shown: Vec::new(),
                gave_up: false,
            };
            let mut note = format!(
                "{} challenges: impossible for {}; {} must show a {} track within {} s",
                m.players[p],
                c.color.name(),
                m.players[1 - p],
                c.color.name(),
                m.config.track_secs
            );
            if m.config.variant == Variant::Classic {
                note.push_str(&format!(
                    " (then {})",
                    if m.config.classic_banks() > 0 {
                        "their time banks, a minute each"
                    } else {
                        "no bank"
                    }
                ));
            }
            push_clock(&mut note, clock);
            Ok(note)
        }
        Event::Proof(proof) => {
            let p = player_seat(&m.players, actor)?;
            let color = match &m.phase {
                Phase::Challenge {
                    challenger,
                    gave_up,
                    color,
                    ..
                } => {
                    if *challenger == p {
                        return Err(rule(
                            "track",
                            format!(
                                "{} challenged; the challenged player, {}, shows the track",
                                m.players[p],
                                m.players[1 - p]
                            ),
                        ));
                    }
                    if *gave_up {
                        return Err(rule(
                            "track",
                            format!("{} has given up the challenge", m.players[p]),
                        ));
                    }
                    *color
                }
                Phase::Endgame { .. } => m.color_of(p).expect("set up"),
                Phase::Waiting | Phase::Playing => {
                    return Err(rule(
                        "track",
                        "there is nothing to show a track for: tracks come after a challenge or in the endgame",
                    ))
                }
            };
            let result = check_track(&m.board, color, &proof.track).map_err(|e| e.to_string());
            let (late, why, clock) = m.track_time(p, at);
            let shown = Shown {
                seq,
                at,
                by: p,
                color,
                track: proof.track.to_string(),
                result,
                late,
            };
            let mut note = format!(
                "{} shows a {} track: {}",
                m.players[p],
                color.name(),
                match &shown.result {
                    Ok(n) => format!("valid, {n} cells"),
                    Err(e) => format!("not valid: {e}"),
                }
            );
            if late {
                note.push_str(&format!("; too late ({why}), so it does not count"));
            }
            match &mut m.phase {
                Phase::Challenge { shown: list, .. } | Phase::Endgame { shown: list, .. } => {
                    list.push(shown)
                }
                Phase::Waiting | Phase::Playing => {}
            }
            if let Some(d) = decision(m, false) {
                note.push_str(&format!("; by the rules: {}", d.reason));
            }
            push_clock(&mut note, clock);
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
            Ok(m.timeout(p, at, seq))
        }
        Event::Ruling(r) => {
            host_only(actor, "rule")?;
            if let Some(prev) = &m.ruled {
                return Err(rule(
                    "ruling",
                    format!(
                        "the game is already ruled (seq {}); a correction is an appeal",
                        prev.seq
                    ),
                ));
            }
            match r.scope {
                Scope::Match | Scope::Round(1) => {}
                Scope::Round(n) => {
                    return Err(rule(
                        "ruling",
                        format!(
                            "a Duorail match is one game: rule round 1 or the match, not round {n}"
                        ),
                    ))
                }
            }
            let winner = winner_seat(&m.players, &r.winner)?;
            let who = winner.map_or("no player (the host)".to_string(), |w| m.players[w].clone());
            m.by_rules = decision(m, true);
            m.ruled = Some(Ruled {
                seq,
                winner,
                text: r.text.clone(),
                overturned: None,
            });
            m.rulings.insert(seq, ());
            let mut note = format!("the host awards the game to {who}");
            if let Some(d) = &m.by_rules {
                if d.winner == winner {
                    note.push_str(&format!("; the rules agree: {}", d.reason));
                } else {
                    let w = d
                        .winner
                        .map_or("no player (the host)".to_string(), |w| m.players[w].clone());
                    note.push_str(&format!(
                        "; by the rules the game goes to {w}: {}",
                        d.reason
                    ));
                }
            }
            Ok(note)
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
            let (appellant, ruling_seq, decided) =
                *m.appeals.get(&d.appeal_seq).ok_or_else(|| {
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
            m.appeals
                .insert(d.appeal_seq, (appellant, ruling_seq, Some(seq)));
            if d.upheld {
                return Ok(format!("the ruling at seq {ruling_seq} is upheld"));
            }
            if let Some(r) = m.ruled.as_mut().filter(|r| r.seq == ruling_seq) {
                r.overturned = Some((seq, winner));
            }
            let who = winner.map_or("no player (the host)".to_string(), |w| m.players[w].clone());
            let mut note =
                format!("the ruling at seq {ruling_seq} is overturned: the game now goes to {who}");
            if let Some(d) = &m.by_rules {
                if d.winner == winner {
                    note.push_str("; the rules agree");
                }
            }
            Ok(note)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::{Appeal, AppealDecision, Body, Create, Ruling, Timeout};
    use crate::games::duorail::clock::HowTimeUp;
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

    /// A 4×4 board (rows A–D, columns 1–4) unless said otherwise.
    fn small(variant: Variant) -> Config {
        Config {
            size: 4,
            ..Config::of(variant)
        }
    }

    impl Table {
        fn new(config: Config) -> Table {
            let create = Create {
                config: games::GameConfig::Duorail(config),
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
        /// A 4×4 standard game, mira blue, set up at 0 s.
        fn started(config: Config) -> Table {
            let mut t = Table::new(config);
            t.setup(0, "mira").unwrap();
            t
        }
        fn m(&self) -> &Match {
            match &self.state {
                MatchState::Duorail(m) => m,
                _ => unreachable!("a duorail table"),
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
        fn setup(&mut self, secs: i64, blue: &str) -> Result<String, RuleError> {
            let setup = Setup {
                round: 1,
                blue: blue.into(),
            };
            self.act(
                secs,
                host(),
                Body::RoundStart(games::RoundSetup::Duorail(setup)),
            )
        }
        /// `cell` like `A1`, `piece` like `B:RD`.
        fn place(
            &mut self,
            secs: i64,
            p: usize,
            cell: &str,
            piece: &str,
        ) -> Result<String, RuleError> {
            let placement = Placement {
                cell: cell.parse().unwrap(),
                piece: piece.parse().unwrap(),
            };
            self.act(
                secs,
                player(p),
                Body::Place(games::Placement::Duorail(placement)),
            )
        }
        fn pass(&mut self, secs: i64, p: usize) -> Result<String, RuleError> {
            self.act(secs, player(p), Body::Pass)
        }
        fn challenge(&mut self, secs: i64, p: usize, color: Color) -> Result<String, RuleError> {
            self.act(
                secs,
                player(p),
                Body::Challenge(games::Challenge::Duorail(Challenge { color })),
            )
        }
        fn show(&mut self, secs: i64, p: usize, track: &str) -> Result<String, RuleError> {
            let track = track.parse().unwrap();
            self.act(
                secs,
                player(p),
                Body::Proof(games::Proof::Duorail(Proof { track })),
            )
        }
        fn rule(
            &mut self,
            secs: i64,
            scope: Scope,
            winner: Option<usize>,
        ) -> Result<String, RuleError> {
            self.act(
                secs,
                host(),
                Body::Ruling(Ruling {
                    scope,
                    winner: winner.map(|w| ["mira", "jonas"][w].to_string()),
                    text: String::new(),
                }),
            )
        }
        fn timeout(&mut self, secs: i64, p: usize) -> Result<String, RuleError> {
            self.act(
                secs,
                host(),
                Body::Timeout(Timeout {
                    player: ["mira", "jonas"][p].into(),
                    note: String::new(),
                }),
            )
        }
        /// The rules' verdict with no more tracks to come.
        fn verdict(&self) -> Option<usize> {
            self.m().decision(true).and_then(|d| d.winner)
        }
        fn shown_late(&self) -> Vec<bool> {
            match &self.m().phase {
                Phase::Challenge { shown, .. } | Phase::Endgame { shown, .. } => {
                    shown.iter().map(|s| s.late).collect()
                }
                _ => Vec::new(),
            }
        }
    }

    /// Fills a 4×4 board: blue (mira) closes a loop over columns 1–2, red
    /// (jonas) over columns 3–4; jonas places the last piece.
    fn fill_two_rings(t: &mut Table) -> String {
        let blue = [
            ("A1", "B:RD"),
            ("A2", "B:DL"),
            ("B1", "B:UD"),
            ("B2", "B:UD"),
            ("C1", "B:UD"),
            ("C2", "B:UD"),
            ("D1", "B:UR"),
            ("D2", "B:LU"),
        ];
        let red = [
            ("A3", "R:RD"),
            ("A4", "R:DL"),
            ("B3", "R:UD"),
            ("B4", "R:UD"),
            ("C3", "R:UD"),
            ("C4", "R:UD"),
            ("D3", "R:UR"),
            ("D4", "R:LU"),
        ];
        let mut note = String::new();
        for (i, (b, r)) in blue.iter().zip(red.iter()).enumerate() {
            let secs = 10 * i as i64;
            t.place(secs + 1, MIRA, b.0, b.1).unwrap();
            note = t.place(secs + 2, JONAS, r.0, r.1).unwrap();
        }
        note
    }

    #[test]
    fn setup_names_blue_and_happens_once() {
        let mut t = Table::new(small(Variant::Standard));
        assert_eq!(t.place(1, MIRA, "A1", "B:RD").unwrap_err().rule, "turn");
        assert!(t
            .setup(2, "zed")
            .unwrap_err()
            .message
            .contains("zed is not a player"));
        assert_eq!(
            t.act(
                2,
                player(MIRA),
                Body::RoundStart(games::RoundSetup::Duorail(Setup {
                    round: 1,
                    blue: "mira".into()
                }))
            )
            .unwrap_err()
            .rule,
            "actor"
        );
        let note = t.setup(3, "jonas").unwrap();
        assert!(note.contains("jonas plays blue"), "{note}");
        assert_eq!(t.m().blue, Some(JONAS));
        assert_eq!(t.m().color_of(MIRA), Some(Color::Red));
        assert_eq!(t.m().to_move, JONAS);
        assert_eq!(t.m().phase, Phase::Playing);
        assert_eq!(t.setup(4, "mira").unwrap_err().rule, "setup");
    }

    #[test]
    fn placement_legality() {
        let mut t = Table::started(small(Variant::Standard));
        let e = t.place(1, JONAS, "A1", "R:RD").unwrap_err();
        assert_eq!(e.rule, "turn");
        assert!(e.message.contains("it is mira's turn"), "{}", e.message);
        let e = t.place(2, MIRA, "A1", "R:RD").unwrap_err();
        assert!(
            e.message.contains("red piece is not theirs"),
            "{}",
            e.message
        );
        let e = t.place(3, MIRA, "E1", "B:RD").unwrap_err();
        assert_eq!(e.rule, "placement");
        assert!(e.message.contains("E1 is off the board"), "{}", e.message);
        let e = t.place(4, MIRA, "B2", "C:UR").unwrap_err();
        assert!(
            e.message.contains("common piece is straight"),
            "{}",
            e.message
        );
        let note = t.place(5, MIRA, "B2", "B:UR").unwrap();
        assert_eq!(note, "mira places a blue UR on B2");
        let e = t.place(6, JONAS, "B2", "R:LR").unwrap_err();
        assert!(
            e.message.contains("B2 already holds a blue UR"),
            "{}",
            e.message
        );
        let note = t.place(7, JONAS, "A1", "C:LR").unwrap();
        assert!(note.contains("common piece 1 of 2"), "{note}");
        t.place(8, MIRA, "D1", "C:UD").unwrap();
        let e = t.place(9, JONAS, "D4", "C:LR").unwrap_err();
        assert!(e.message.contains("both common pieces"), "{}", e.message);
        t.place(10, JONAS, "D4", "R:LU").unwrap();
        assert_eq!(t.m().board.count(Color::Blue), 1);
        assert_eq!(t.m().board.count(Color::Red), 1);
        assert_eq!(t.m().board.count(Color::Common), 2);
        assert_eq!(t.m().last_placed, Some((JONAS, "D4".parse().unwrap())));
        assert_eq!(t.m().to_move, MIRA);
    }

    #[test]
    fn two_passes_in_a_row_start_the_endgame() {
        let mut t = Table::started(small(Variant::Standard));
        t.pass(5, MIRA).unwrap();
        t.place(10, JONAS, "D4", "R:LU").unwrap();
        assert_eq!(t.m().passes, 0, "a placement breaks the run of passes");
        t.pass(15, MIRA).unwrap();
        assert_eq!(t.m().phase, Phase::Playing);
        let note = t.pass(20, JONAS).unwrap();
        assert!(note.contains("endgame begins"), "{note}");
        assert!(matches!(
            t.m().phase,
            Phase::Endgame {
                full_board: false,
                ..
            }
        ));
        assert!(t.place(25, MIRA, "A1", "B:RD").is_err());
        assert!(t.pass(25, MIRA).is_err(), "no passing in the endgame");
        assert!(t.challenge(25, MIRA, Color::Red).is_err());
        assert_eq!(t.m().decision(false), None, "tracks may still come");
    }

    #[test]
    fn tracks_only_after_a_challenge_or_in_the_endgame() {
        let mut t = Table::started(small(Variant::Standard));
        let e = t.show(5, MIRA, "A1 RDLU").unwrap_err();
        assert_eq!(e.rule, "track");
        assert_eq!(t.m().decision(false), None);
        assert_eq!(t.m().decision(true).unwrap().winner, None);
    }

    #[test]
    fn endgame_decided_by_length() {
        let mut t = Table::started(small(Variant::Standard));
        t.place(5, MIRA, "A1", "B:RD").unwrap();
        t.place(10, JONAS, "D4", "R:LU").unwrap();
        t.pass(15, MIRA).unwrap();
        t.pass(20, JONAS).unwrap();
        let note = t.show(30, MIRA, "A1 RRDDLLUU").unwrap();
        assert_eq!(note, "mira shows a blue track: valid, 8 cells");
        let note = t.show(40, JONAS, "A1 RDLU").unwrap();
        assert!(note.contains("not valid: the track crosses A1"), "{note}");
        t.show(50, JONAS, "C3 RDLU").unwrap();
        let d = t.m().decision(true).unwrap();
        assert_eq!(d.winner, Some(MIRA));
        assert_eq!(
            d.reason,
            "mira (blue) showed 8, jonas (red) showed 4: mira's track is longer"
        );
        // jonas finds a longer one in time: his longest counts.
        let note = t.show(55, JONAS, "B1 RRRDDLLLU").unwrap();
        assert!(
            note.contains("not valid: the track does not close"),
            "{note}"
        );
        t.show(60, JONAS, "B2 RRDDLLUU").unwrap();
        t.show(70, JONAS, "A2 RRDDDLLLUURU").unwrap();
        let d = t.m().decision(true).unwrap();
        assert_eq!(d.winner, Some(JONAS), "{}", d.reason);
        assert!(d.reason.contains("jonas (red) showed 12"), "{}", d.reason);
    }

    #[test]
    fn endgame_tie_goes_to_the_last_placer() {
        let mut t = Table::started(small(Variant::Standard));
        t.place(5, MIRA, "A1", "B:RD").unwrap();
        t.place(10, JONAS, "D4", "R:LU").unwrap();
        t.pass(15, MIRA).unwrap();
        t.pass(20, JONAS).unwrap();
        t.show(30, MIRA, "A1 RRDDLLUU").unwrap();
        t.show(40, JONAS, "B2 RRDDLLUU").unwrap();
        let d = t.m().decision(true).unwrap();
        assert_eq!(d.winner, Some(JONAS));
        assert!(d.reason.contains("a tie goes to jonas"), "{}", d.reason);
    }

    #[test]
    fn endgame_without_tracks_standard_and_classic() {
        // Standard: 0–0 is a tie, the last placer wins.
        let mut t = Table::started(small(Variant::Standard));
        t.place(5, MIRA, "A1", "B:RD").unwrap();
        t.pass(10, JONAS).unwrap();
        t.pass(15, MIRA).unwrap();
        assert_eq!(t.verdict(), Some(MIRA));
        // Standard, nothing placed: no one wins.
        let mut t = Table::started(small(Variant::Standard));
        t.pass(5, MIRA).unwrap();
        t.pass(10, JONAS).unwrap();
        let d = t.m().decision(true).unwrap();
        assert_eq!(d.winner, None);
        assert!(d.reason.contains("no piece was placed"), "{}", d.reason);
        // Classic: no valid track on either side, the host wins.
        let mut t = Table::started(small(Variant::Classic));
        t.place(5, MIRA, "A1", "B:RD").unwrap();
        t.pass(10, JONAS).unwrap();
        t.pass(15, MIRA).unwrap();
        let d = t.m().decision(true).unwrap();
        assert_eq!(d.winner, None);
        assert!(d.reason.contains("the host wins"), "{}", d.reason);
        // Classic, equal tracks: the last placer still wins the tie.
        t.show(20, MIRA, "A1 RDLU").unwrap();
        t.show(25, JONAS, "C3 RDLU").unwrap();
        assert_eq!(t.verdict(), Some(MIRA));
    }

    #[test]
    fn challenge_won_by_the_challenged() {
        let mut t = Table::started(small(Variant::Standard));
        t.place(5, MIRA, "A1", "B:RD").unwrap();
        let e = t.challenge(10, JONAS, Color::Common).unwrap_err();
        assert_eq!(e.rule, "challenge");
        assert!(
            t.challenge(10, MIRA, Color::Blue).is_err(),
            "not mira's turn"
        );
        let note = t.challenge(10, JONAS, Color::Blue).unwrap();
        assert!(note.contains("mira must show a blue track"), "{note}");
        assert!(t.place(12, MIRA, "B2", "B:UD").is_err());
        assert!(
            t.show(15, JONAS, "A1 RDLU").is_err(),
            "the challenger does not show"
        );
        assert!(
            t.pass(15, JONAS).is_err(),
            "the challenger does not give up"
        );
        assert_eq!(t.m().decision(false), None);
        let note = t.show(20, MIRA, "A1 RDLU").unwrap();
        assert!(
            note.contains("by the rules: mira showed a track of blue, length 4"),
            "{note}"
        );
        assert_eq!(t.m().decision(false).unwrap().winner, Some(MIRA));
        let note = t.rule(30, Scope::Round(1), Some(MIRA)).unwrap();
        assert!(note.contains("the rules agree"), "{note}");
    }

    #[test]
    fn challenge_lost_with_only_invalid_or_late_tracks() {
        let mut t = Table::started(small(Variant::Standard));
        t.place(5, MIRA, "A1", "B:RD").unwrap();
        // mira must show a track of jonas's color, red.
        t.challenge(10, JONAS, Color::Red).unwrap();
        let note = t.show(20, MIRA, "A1 RDLU").unwrap();
        assert!(note.contains("not valid"), "{note}");
        let note = t.show(10 + 301, MIRA, "C3 RDLU").unwrap();
        assert!(note.contains("too late"), "{note}");
        assert_eq!(t.shown_late(), vec![false, true]);
        assert_eq!(t.m().decision(false), None, "the host has not closed it");
        let note = t.rule(320, Scope::Match, Some(MIRA)).unwrap();
        assert!(
            note.contains(
                "by the rules the game goes to jonas: mira showed no valid red track in time"
            ),
            "{note}"
        );
        assert_eq!(t.m().winner(), Some(MIRA), "the ruling counts");
        assert_eq!(t.m().by_rules.as_ref().unwrap().winner, Some(JONAS));
    }

    #[test]
    fn giving_up_a_challenge_decides_it() {
        let mut t = Table::started(small(Variant::Standard));
        t.place(5, MIRA, "A1", "B:RD").unwrap();
        t.challenge(10, JONAS, Color::Blue).unwrap();
        let note = t.pass(20, MIRA).unwrap();
        assert!(note.contains("by the rules: mira gave up"), "{note}");
        assert_eq!(t.m().decision(false).unwrap().winner, Some(JONAS));
        assert!(t.pass(21, MIRA).is_err());
        assert!(t.show(22, MIRA, "A1 RDLU").is_err(), "giving up is final");
    }

    #[test]
    fn classic_full_board_tie_goes_against_the_last_placer() {
        let mut t = Table::started(small(Variant::Classic));
        let note = fill_two_rings(&mut t);
        assert!(note.contains("the board is full"), "{note}");
        assert!(matches!(
            t.m().phase,
            Phase::Endgame {
                full_board: true,
                ..
            }
        ));
        assert!(t.pass(100, MIRA).is_err());
        t.show(100, MIRA, "A1 RDDDLUUU").unwrap();
        t.show(110, JONAS, "A3 RDDDLUUU").unwrap();
        let d = t.m().decision(true).unwrap();
        assert_eq!(d.winner, Some(MIRA), "jonas placed last");
        assert!(d.reason.contains("goes against jonas"), "{}", d.reason);
    }

    #[test]
    fn classic_full_board_longer_wins_and_no_track_means_the_host() {
        let mut t = Table::started(small(Variant::Classic));
        fill_two_rings(&mut t);
        t.show(110, JONAS, "A3 RDDDLUUU").unwrap();
        assert_eq!(t.verdict(), Some(JONAS), "8 against nothing");

        // 2×2: blue A1 A2, red B1 B2; no color can close a loop.
        let mut t = Table::started(Config {
            size: 2,
            ..small(Variant::Classic)
        });
        t.place(1, MIRA, "A1", "B:RD").unwrap();
        t.place(2, JONAS, "B2", "R:LU").unwrap();
        t.place(3, MIRA, "A2", "B:DL").unwrap();
        t.place(4, JONAS, "B1", "R:UR").unwrap();
        t.show(10, MIRA, "A1 RDLU").unwrap();
        let d = t.m().decision(true).unwrap();
        assert_eq!(d.winner, None);
        assert!(
            d.reason.contains("the board is full and neither"),
            "{}",
            d.reason
        );
    }

    #[test]
    fn a_full_board_in_standard_play_goes_on() {
        let mut t = Table::started(small(Variant::Standard));
        fill_two_rings(&mut t);
        assert_eq!(t.m().phase, Phase::Playing);
        t.pass(200, MIRA).unwrap();
        t.pass(210, JONAS).unwrap();
        t.show(220, MIRA, "A1 RDDDLUUU").unwrap();
        t.show(230, JONAS, "A3 RDDDLUUU").unwrap();
        assert_eq!(
            t.verdict(),
            Some(JONAS),
            "a standard tie goes to the last placer"
        );
    }

    #[test]
    fn a_standard_endgame_track_after_the_5_minutes_is_late() {
        let mut t = Table::started(small(Variant::Standard));
        t.place(5, MIRA, "A1", "B:RD").unwrap();
        t.pass(10, JONAS).unwrap();
        t.pass(20, MIRA).unwrap();
        t.show(20 + 301, MIRA, "A1 RDLU").unwrap();
        assert_eq!(t.shown_late(), vec![true]);
        let note = t.timeout(20 + 330, JONAS).unwrap();
        assert!(
            note.contains("has run out (330.0 s after the endgame began, 300 s allowed)"),
            "{note}"
        );
    }

    #[test]
    fn classic_endgame_3_minutes_then_one_more_minute_each_if_neither_track_is_valid() {
        let mut t = Table::started(small(Variant::Classic));
        t.place(5, MIRA, "A1", "B:RD").unwrap();
        t.pass(10, JONAS).unwrap();
        let note = t.pass(20, MIRA).unwrap();
        assert!(
            note.contains("within 180 s (one more minute each"),
            "{note}"
        );
        t.show(20 + 100, JONAS, "A1 RDLU").unwrap(); // invalid: crosses blue
        let note = t.timeout(20 + 185, JONAS).unwrap();
        assert!(note.contains("still has 55.0 s"), "{note}");
        t.show(20 + 230, MIRA, "A1 RDLU").unwrap();
        t.show(20 + 241, JONAS, "C3 RDLU").unwrap();
        assert_eq!(t.shown_late(), vec![false, false, true]);
        assert_eq!(t.verdict(), Some(MIRA));

        // A valid track within the 3 minutes: no extra minute for the other.
        let mut t = Table::started(small(Variant::Classic));
        t.place(5, MIRA, "A1", "B:RD").unwrap();
        t.pass(10, JONAS).unwrap();
        t.pass(20, MIRA).unwrap();
        t.show(20 + 100, MIRA, "A1 RDLU").unwrap();
        t.show(20 + 181, JONAS, "C3 RDLU").unwrap();
        assert_eq!(t.shown_late(), vec![false, true]);

        // Neither shows a valid track even in the extra minute: the host wins.
        let mut t = Table::started(small(Variant::Classic));
        t.place(5, MIRA, "A1", "B:RD").unwrap();
        t.pass(10, JONAS).unwrap();
        t.pass(20, MIRA).unwrap();
        t.show(20 + 241, MIRA, "A1 RDLU").unwrap();
        let note = t.timeout(20 + 241, JONAS).unwrap();
        assert!(
            note.contains("(241.0 s after the endgame began, 240 s allowed)"),
            "{note}"
        );
        let d = t.m().decision(true).unwrap();
        assert_eq!(d.winner, None);
        assert!(d.reason.contains("the host wins"), "{}", d.reason);
    }

    #[test]
    fn classic_challenge_3_minutes_then_the_time_banks_a_whole_minute_each() {
        let mut t = Table::started(small(Variant::Classic));
        t.place(5, MIRA, "A1", "B:RD").unwrap();
        let note = t.challenge(10, JONAS, Color::Blue).unwrap();
        assert!(
            note.contains("within 180 s (then their time banks, a minute each)"),
            "{note}"
        );
        let note = t.show(10 + 200, MIRA, "A2 RDLU").unwrap();
        assert!(
            note.contains(
                "mira ran 20.0 s over the 180 s: 1 time bank used (1 more minute), 2 left"
            ),
            "{note}"
        );
        assert_eq!(t.m().bank_ms[MIRA], 120_000);
        let note = t.timeout(10 + 230, MIRA).unwrap();
        assert!(
            note.contains("mira may still show a track: 130.0 s left, 2 time banks included"),
            "{note}"
        );
        assert_eq!(t.m().bank_ms[MIRA], 120_000, "still the same bank");
        // 180 s and three banks: 360 s after the challenge is the last moment.
        t.show(10 + 360, MIRA, "A2 RDDLUU").unwrap();
        assert_eq!(t.m().bank_ms[MIRA], 0);
        t.show(10 + 361, MIRA, "A1 RDLU").unwrap();
        assert_eq!(t.m().bank_ms[MIRA], -1_000);
        assert_eq!(t.shown_late(), vec![false, false, true]);
        assert_eq!(
            t.m().bank_out,
            [None, None],
            "classic reports no bank exhaustion"
        );
        assert_eq!(
            t.verdict(),
            Some(JONAS),
            "mira's tracks in time miss A1; A1 RDLU came too late"
        );
    }

    #[test]
    fn a_classic_overrun_takes_one_whole_bank_and_gives_one_more_minute() {
        let mut t = Table::started(small(Variant::Classic));
        assert_eq!(t.m().bank_text(MIRA), "3 time banks");
        let note = t.place(70, MIRA, "A1", "B:RD").unwrap();
        assert!(
            note.ends_with(
                "mira ran 10.0 s over the 60 s: 1 time bank used (1 more minute), 2 left"
            ),
            "{note}"
        );
        assert_eq!(t.m().bank_ms[MIRA], 120_000);
        // 61 s over: two banks, charged once however many
        // events fall into the turn.
        let note = t.timeout(70 + 121, JONAS).unwrap();
        assert!(
            note.contains("still had 119.0 s (1 time bank left)"),
            "{note}"
        );
        assert_eq!(t.m().bank_ms[JONAS], 60_000);
        assert_eq!(t.m().to_move, MIRA, "the host's call ended jonas's turn");
        assert!(t.m().reserve_ms().is_none());
        assert_eq!(t.m().bank_text(JONAS), "1 time bank");
        let note = t.place(191 + 60, MIRA, "B2", "B:UD").unwrap();
        assert_eq!(note, "mira places a blue UD on B2", "within the minute");
    }

    #[test]
    fn a_classic_turn_out_of_banks_is_no_action_and_the_opponent_moves_next() {
        let mut t = Table::started(small(Variant::Classic));
        // 60 s and three banks of 60 s: out 240 s into the turn.
        let note = t.timeout(245, MIRA).unwrap();
        assert_eq!(
            note,
            "the host says mira's time ran out; by the clocks mira's 60 s and 3 time banks ran out \
             5.0 s before: no action, which counts as a pass; it is jonas's turn"
        );
        assert_eq!(t.m().to_move, JONAS);
        assert_eq!(t.m().passes, 1);
        assert_eq!(t.m().bank_ms[MIRA], -5_000);
        assert_eq!(
            t.m().time_ups,
            vec![TimeUp {
                seq: t.seq,
                seat: MIRA,
                how: HowTimeUp::Called { past_ms: 5_000 }
            }]
        );
        assert_eq!(t.place(246, MIRA, "A1", "B:RD").unwrap_err().rule, "turn");
        let note = t.place(250, JONAS, "D4", "R:LU").unwrap();
        assert_eq!(note, "jonas places a red LU on D4");
        assert_eq!(t.m().passes, 0);
        // mira has no bank left: her next turn ends after its minute.
        assert_eq!(t.m().bank_text(MIRA), "0 time banks");
        let note = t.timeout(250 + 61, MIRA).unwrap();
        assert!(note.contains("ran out 1.0 s before: no action"), "{note}");
    }

    #[test]
    fn two_classic_no_actions_in_a_row_start_the_endgame() {
        let config = Config {
            bank_secs: 0,
            ..small(Variant::Classic)
        };
        let mut t = Table::started(config);
        t.place(5, MIRA, "A1", "B:RD").unwrap();
        t.timeout(5 + 61, JONAS).unwrap();
        let note = t.timeout(66 + 70, MIRA).unwrap();
        assert!(
            note.ends_with(
                "no action, which counts as a pass: two passes in a row, so the endgame begins; \
                 each player shows a track of their own color within 180 s (one more minute each \
                 if neither shows a valid track by then)"
            ),
            "{note}"
        );
        assert!(matches!(
            t.m().phase,
            Phase::Endgame {
                full_board: false,
                ..
            }
        ));
        // A no action and a pass in a row do too.
        let mut t = Table::started(small(Variant::Classic));
        t.timeout(241, MIRA).unwrap();
        let note = t.pass(250, JONAS).unwrap();
        assert!(note.contains("endgame begins"), "{note}");
    }

    #[test]
    fn a_classic_timeout_before_the_time_is_up_is_the_hosts_call() {
        let mut t = Table::started(small(Variant::Classic));
        let note = t.timeout(50, MIRA).unwrap();
        assert!(
            note.contains(
                "by the clocks mira still had 190.0 s (3 time banks left), but the host is the \
                 judge of time: no action"
            ),
            "{note}"
        );
        assert_eq!(t.m().to_move, JONAS);
        assert_eq!(
            t.m().bank_ms[MIRA],
            180_000,
            "the banks the clocks count stay"
        );
        t.place(55, JONAS, "D4", "R:LU").unwrap();
        // A timeout for the player not to move changes nothing.
        let note = t.timeout(56, JONAS).unwrap();
        assert!(note.contains("no timer of jonas is running"), "{note}");
        assert_eq!(t.m().to_move, MIRA);
    }

    #[test]
    fn a_classic_move_after_the_banks_ran_out_stands_and_is_reported() {
        let config = Config {
            bank_secs: 60,
            ..small(Variant::Classic)
        };
        let mut t = Table::started(config);
        let note = t.place(125, MIRA, "A1", "B:RD").unwrap();
        assert!(
            note.contains(
                "mira's 60 s and 1 time bank ran out 5.0 s before this move: by the classic rules \
                 the turn was no action, but the host did not call time, so the move stands"
            ),
            "{note}"
        );
        assert_eq!(t.m().board.count(Color::Blue), 1);
        assert_eq!(t.m().to_move, JONAS);
        assert_eq!(t.m().time_ups.len(), 1);
        assert_eq!(t.m().bank_ms[MIRA], -5_000);
        // The next turn starts with no bank, not below it.
        t.place(130, JONAS, "D4", "R:LU").unwrap();
        let note = t.place(130 + 61, MIRA, "B2", "B:UD").unwrap();
        assert!(
            note.contains("60 s and 0 time banks ran out 1.0 s before"),
            "{note}"
        );
        assert_eq!(t.m().bank_ms[MIRA], -1_000);
    }

    #[test]
    fn bank_charging_and_exhaustion() {
        let mut t = Table::started(small(Variant::Standard));
        t.place(80, MIRA, "A1", "B:RD").unwrap(); // 20 s over
        assert_eq!(t.m().bank_ms[MIRA], 280_000);
        let note = t.timeout(200, JONAS).unwrap(); // 60 s over so far
        assert!(note.contains("still has 240.0 s of bank"), "{note}");
        let note = t.place(210, JONAS, "D4", "R:LU").unwrap();
        assert!(
            note.contains("jonas ran 10.0 s over"),
            "charged once per turn: {note}"
        );
        assert_eq!(t.m().bank_ms[JONAS], 230_000);
        let note = t.timeout(215, MIRA).unwrap();
        assert!(note.contains("still has 280.0 s"), "{note}");
        let note = t.pass(210 + 60 + 281, MIRA).unwrap();
        assert!(note.contains("mira's bank is exhausted"), "{note}");
        assert!(note.contains("the move stands"), "{note}");
        assert_eq!(t.m().bank_ms[MIRA], -1_000);
        assert_eq!(t.m().bank_out, [Some(t.seq), None]);
        assert_eq!(t.m().passes, 1, "the pass is applied as made");
        assert_eq!(t.m().to_move, JONAS);
        let out_seq = t.seq;
        t.place(600, JONAS, "C3", "R:UD").unwrap();
        t.place(700, MIRA, "B2", "B:UD").unwrap();
        assert_eq!(t.m().bank_out[MIRA], Some(out_seq), "recorded once");
    }

    #[test]
    fn a_second_ruling_and_later_events_are_errors() {
        let mut t = Table::started(small(Variant::Standard));
        t.place(5, MIRA, "A1", "B:RD").unwrap();
        assert!(t.rule(8, Scope::Round(2), Some(MIRA)).is_err());
        assert!(t
            .act(
                8,
                player(MIRA),
                Body::Ruling(Ruling {
                    scope: Scope::Match,
                    winner: None,
                    text: String::new()
                })
            )
            .is_err());
        let note = t.rule(10, Scope::Round(1), None).unwrap();
        assert!(
            note.contains("the rules agree: the game ended without a challenge"),
            "{note}"
        );
        let ruled_at = t.seq;
        let e = t.rule(11, Scope::Match, Some(JONAS)).unwrap_err();
        assert_eq!(
            e.message,
            format!("the game is already ruled (seq {ruled_at}); a correction is an appeal")
        );
        for e in [
            t.place(12, JONAS, "D4", "R:LU").unwrap_err(),
            t.pass(13, JONAS).unwrap_err(),
            t.challenge(14, JONAS, Color::Blue).unwrap_err(),
            t.timeout(15, JONAS).unwrap_err(),
        ] {
            assert!(e.message.starts_with("the game is over"), "{}", e.message);
        }
    }

    #[test]
    fn an_appeal_overturns_the_result() {
        let mut t = Table::started(small(Variant::Standard));
        t.place(5, MIRA, "A1", "B:RD").unwrap();
        t.challenge(10, JONAS, Color::Blue).unwrap();
        t.show(20, MIRA, "A1 RDLU").unwrap();
        t.rule(30, Scope::Round(1), Some(JONAS)).unwrap();
        let ruling_seq = t.seq;
        assert_eq!(t.m().winner(), Some(JONAS));
        let bad = Appeal {
            ruling_seq: 2,
            grounds: "x".into(),
        };
        assert!(t.act(31, player(MIRA), Body::Appeal(bad)).is_err());
        t.act(
            32,
            player(MIRA),
            Body::Appeal(Appeal {
                ruling_seq,
                grounds: "my track was valid".into(),
            }),
        )
        .unwrap();
        let appeal_seq = t.seq;
        let decide = |winner: Option<&str>| {
            Body::AppealDecision(AppealDecision {
                appeal_seq,
                upheld: false,
                winner: winner.map(String::from),
                text: String::new(),
                ..Default::default()
            })
        };
        assert!(t.act(33, player(MIRA), decide(Some("mira"))).is_err());
        let note = t.act(34, host(), decide(Some("mira"))).unwrap();
        assert!(note.contains("now goes to mira; the rules agree"), "{note}");
        let decided_at = t.seq;
        assert_eq!(
            t.m().ruled.as_ref().unwrap().overturned,
            Some((decided_at, Some(MIRA)))
        );
        assert_eq!(t.m().winner(), Some(MIRA));
        let e = t.act(35, host(), decide(Some("jonas"))).unwrap_err();
        assert!(
            e.message.contains(&format!("decided at seq {decided_at}")),
            "{}",
            e.message
        );
    }
}
