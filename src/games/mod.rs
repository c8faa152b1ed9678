//! The rules: one folder per game, every game behind the same interface.
//!
//! As in Simon Tatham's puzzle collection, each game supplies one small set
//! of operations — its rules ([`Game`], in its `rules.rs`) and everything
//! else the pages, the verifier and the import ask of it ([`Plug`], in its
//! `plug.rs`). The list below is the registry: [`games!`](registry) makes
//! from it the game modules, [`GameKind`], a closed enum per kind of
//! payload (so the log can hold events of every game while each game's
//! reducer sees only its own types), [`MatchState`] and every dispatch.
//! Adding a game touches its folder and one line of the list; a new game
//! goes last, because the log stores a payload by its variant's index.
//!
//! Imports nothing from `log/`, `web/`, `import/` or `verify.rs`.

#[macro_use]
mod registry;

games! {
    rush_hour::RushHour => RushHour = "rush-hour",
    duorail::Duorail => Duorail = "duorail",
    bejeweled::Bejeweled => Bejeweled = "bejeweled",
    dodgem::Dodgem => Dodgem = "dodgem",
    xs_and_lines::XsAndLines => XsAndLines = "xs-and-lines",
    permutation::Permutation => Permutation = "permutation",
    #[cfg(test)] nim::Nim => Nim = "nim",
}

mod as_text;
pub mod chat;
#[cfg(test)]
mod chat_checks;
pub mod engine;
mod one_game;
pub mod play;
pub mod plug;
pub mod series;
pub mod text_grid;
pub mod words;

use std::marker::PhantomData;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use thiserror::Error;

pub use chat::{
    chat_words, clean_chat, find_word, name_at, read_timeout, ruling_winner, ChatContext,
    ChatReading, Speaker,
};
pub use engine::Ending;
pub use plug::{ChatReaders, Plug, RoundsByRules};

use crate::event::{Actor, Body, Create, Envelope};
use crate::findings::Finding;
use engine::referee::Referee;
use engine::seats::named_seat;

/// A recorded event that the rules do not allow at that point. The replay
/// keeps the event and shows this at its step.
#[derive(Clone, Debug, Error, PartialEq, Eq, Serialize, Deserialize)]
#[error("{message}")]
pub struct RuleError {
    /// Which rule: a short name such as `placement`, `turn`, `solution`.
    pub rule: String,
    /// What is wrong, naming the cell, car or text.
    pub message: String,
}

impl RuleError {
    pub fn new(rule: &str, message: impl Into<String>) -> RuleError {
        RuleError {
            rule: rule.to_string(),
            message: message.into(),
        }
    }
}

/// What the rules make of an event: its note (what it did), or the rule
/// it breaks (and then it changed nothing).
pub type Noted = Result<String, RuleError>;

/// The refusal of an event that breaks `rule`, said as `message`: how
/// every game's rules write [`RuleError::new`].
pub fn rule(rule: &str, message: impl Into<String>) -> RuleError {
    RuleError::new(rule, message)
}

/// The payload of an event a game does not have (a single game with no
/// claims has no Claim, Challenge or Proof): no value can be built.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum Nothing {}

/// The types a game's events carry, as [`Payloads`] names them.
pub trait PayloadTypes {
    /// A match's options.
    type Config;
    /// What opens a round (or the game).
    type Setup;
    type Place;
    type Claim;
    type Challenge;
    type Proof;
}

/// A game's payload types, in the order its events come: the options,
/// what opens a round, a placement, a claim, a challenge and a proof. A
/// game without claims, challenges or proofs leaves them out: they are
/// [`Nothing`], which no event can carry.
pub struct Payloads<Config, Setup, Place, Claim = Nothing, Challenge = Nothing, Proof = Nothing>(
    PhantomData<(Config, Setup, Place, Claim, Challenge, Proof)>,
);

impl<Config, Setup, Place, Claim, Challenge, Proof> PayloadTypes
    for Payloads<Config, Setup, Place, Claim, Challenge, Proof>
{
    type Config = Config;
    type Setup = Setup;
    type Place = Place;
    type Claim = Claim;
    type Challenge = Challenge;
    type Proof = Proof;
}

/// A payload type of game `G` (see [`PayloadTypes`]).
pub type ConfigOf<G> = <<G as Game>::Payloads as PayloadTypes>::Config;
pub type SetupOf<G> = <<G as Game>::Payloads as PayloadTypes>::Setup;
pub type PlaceOf<G> = <<G as Game>::Payloads as PayloadTypes>::Place;
pub type ClaimOf<G> = <<G as Game>::Payloads as PayloadTypes>::Claim;
pub type ChallengeOf<G> = <<G as Game>::Payloads as PayloadTypes>::Challenge;
pub type ProofOf<G> = <<G as Game>::Payloads as PayloadTypes>::Proof;

/// What the host ruled (for a round, a game or the match), as every
/// game's reducer records it.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Ruled {
    pub seq: u64,
    /// Seat of the winner; `None`: no player (the host, or a draw).
    pub winner: Option<usize>,
    pub text: String,
    /// Set when an appeal overturned the ruling: the seq of the decision
    /// and the winner that replaced `winner`.
    pub overturned: Option<(u64, Option<usize>)>,
}

impl Ruled {
    /// The winner that counts: the ruling, or the appeal that replaced it.
    pub fn standing(&self) -> Option<usize> {
        match self.overturned {
            Some((_, w)) => w,
            None => self.winner,
        }
    }

    /// The refusal of a second ruling of `what` ("the game", "round 2")
    /// after this one: a correction is an appeal.
    pub fn ruled_again(&self, what: &str) -> RuleError {
        RuleError::new(
            "ruling",
            format!(
                "{what} is already ruled (seq {}); a correction is an appeal",
                self.seq
            ),
        )
    }
}

/// The seat of the player behind an event; a rule error when the actor
/// is not one of the two players.
pub fn player_seat(players: &[String; 2], actor: &Actor) -> Result<usize, RuleError> {
    let name = actor.player().ok_or_else(|| {
        RuleError::new(
            "actor",
            format!("only a player may do this, not {}", actor.name()),
        )
    })?;
    players.iter().position(|p| p == name).ok_or_else(|| {
        RuleError::new(
            "actor",
            format!(
                "{name} is not a player of this match ({} and {})",
                players[0], players[1]
            ),
        )
    })
}

/// A rule error unless the host made the event.
pub fn host_only(actor: &Actor, what: &str) -> Result<(), RuleError> {
    if actor.is_host() {
        Ok(())
    } else {
        Err(RuleError::new(
            "actor",
            format!("only the host may {what}, not {}", actor.name()),
        ))
    }
}

/// The seat a ruling names (`None`: no player).
pub fn winner_seat(
    players: &[String; 2],
    winner: &Option<String>,
) -> Result<Option<usize>, RuleError> {
    match winner {
        None => Ok(None),
        Some(w) => players
            .iter()
            .position(|p| p == w)
            .map(Some)
            .ok_or_else(|| RuleError::new("ruling", format!("{w} is not a player of this match"))),
    }
}

/// Where an event stands in its match's log: its seq, who posted it, and
/// when.
#[derive(Clone, Copy, Debug)]
pub struct Stamp<'a> {
    pub seq: u64,
    pub actor: &'a Actor,
    pub at: DateTime<Utc>,
}

impl<'a> Stamp<'a> {
    /// Where `e` stands in its log.
    pub fn of(e: &'a Envelope) -> Stamp<'a> {
        Stamp {
            seq: e.seq,
            actor: &e.actor,
            at: e.occurred_at,
        }
    }
}

/// A match as its Create event opens it: the two players, by seat, and
/// when (a game whose clocks run from the start keeps it).
#[derive(Clone, Copy, Debug)]
pub struct Created<'a> {
    pub players: &'a [String; 2],
    pub at: DateTime<Utc>,
}

/// How a game keeps the rule that a refused event changes nothing.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Refusal {
    /// Its `apply` checks every rule before it changes the match (or puts
    /// back what it changed): the engine applies the event in place.
    ChecksFirst,
    /// The engine applies the event to a copy of the match and keeps the
    /// copy only when the event is taken (for a game whose rules are
    /// checked as the event is played out, and whose state is cheap to
    /// copy).
    OnACopy,
}

/// One event as a game sees it: the generic parts plus its own payloads.
pub enum Event<'a, G: Game> {
    RoundStart(&'a SetupOf<G>),
    Place(&'a PlaceOf<G>),
    Pass,
    Claim(&'a ClaimOf<G>),
    Challenge(&'a ChallengeOf<G>),
    Proof(&'a ProofOf<G>),
    /// The host says the player in this seat ran out of time (the engine
    /// has checked the host and the name, and writes that much of the note).
    Timeout(usize),
}

/// The operations every game supplies.
pub trait Game {
    /// How a refused event is kept from changing the match.
    const REFUSAL: Refusal = Refusal::ChecksFirst;
    /// What its events carry.
    type Payloads: PayloadTypes;
    /// Everything the rules know after some events. Must serialise
    /// deterministically (no hash maps): the replay hashes it.
    type State: Clone + Serialize;

    /// The state after the Create event, for two players of different
    /// names.
    fn start(config: &ConfigOf<Self>, created: Created<'_>) -> Result<Self::State, RuleError>;

    /// Where the host's rulings and the appeals against them are kept,
    /// and what the rules say when the host rules: the engine takes every
    /// Ruling, Appeal and AppealDecision through it (see
    /// [`engine::referee`]); `apply` never sees them.
    fn referee(state: &mut Self::State) -> impl Referee + '_;

    /// Applies one event of the game's own (a round's opening, a move, a
    /// claim and its answers, a timeout). On error the state must be left
    /// as it was. The `Ok` text is the step's note (what the event did, by
    /// the rules); for a timeout, what the clocks make of it, after the
    /// engine's "the host says X's time ran out" (empty, or "; …").
    fn apply(state: &mut Self::State, event: Event<'_, Self>, stamp: Stamp<'_>) -> Noted
    where
        Self: Sized;
}

/// The events every game reads the same way (no game payload); `None` for
/// a payload event (of another game) or a Create.
fn generic_event<G: Game>(body: &Body) -> Option<Event<'_, G>> {
    Some(match body {
        Body::Pass => Event::Pass,
        _ => return None,
    })
}

/// Applies `body` to a match of `G`: the host's rulings and the appeals
/// against them go to the engine's referee; a timeout is checked (the
/// host's, naming a player) and worded here, and the game adds what its
/// clocks make of it; the game's own events go to its `apply`.
fn apply_to<G: Registered>(m: &mut G::State, body: &Body, stamp: Stamp<'_>) -> Noted {
    let Stamp { seq, actor, .. } = stamp;
    let event = match body {
        Body::Ruling(r) => return G::referee(m).rule(seq, r, actor),
        Body::Appeal(a) => return G::referee(m).appeal(seq, a, actor),
        Body::AppealDecision(d) => return G::referee(m).decide(seq, d, actor),
        Body::Timeout(t) => {
            host_only(actor, "announce a timeout")?;
            let seat = named_seat(G::referee(m).players(), &t.player, "timeout")?;
            let clocks = play::<G>(m, Event::Timeout(seat), stamp)?;
            return Ok(format!("the host says {}'s time ran out{clocks}", t.player));
        }
        _ => G::event(body).ok_or_else(|| not_for(G::KIND, body))?,
    };
    play::<G>(m, event, stamp)
}

/// Plays one of the game's own events, in place or on a copy as the
/// game's [`Refusal`] says.
fn play<G: Game>(m: &mut G::State, event: Event<'_, G>, stamp: Stamp<'_>) -> Noted {
    match G::REFUSAL {
        Refusal::ChecksFirst => G::apply(m, event, stamp),
        Refusal::OnACopy => {
            let mut next = m.clone();
            let note = G::apply(&mut next, event, stamp)?;
            *m = next;
            Ok(note)
        }
    }
}

/// A rule error unless a match names two players with two names.
fn check_players(players: &[String]) -> Result<&[String; 2], RuleError> {
    let two: &[String; 2] = players.try_into().map_err(|_| {
        RuleError::new(
            "players",
            format!("a DM has 2 players, this match names {}", players.len()),
        )
    })?;
    if two[0] == two[1] {
        return Err(RuleError::new("players", "the two players have one name"));
    }
    Ok(two)
}

/// Why a match of `game` cannot take `body`: a second Create, or a
/// payload of another game.
fn not_for(game: GameKind, body: &Body) -> RuleError {
    match body {
        Body::Create(_) | Body::CreateReviewed(_) => RuleError::new(
            "create",
            "the match is already created; a Create event comes first and once",
        ),
        other => RuleError::new(
            "game",
            format!(
                "this is a {} match; the event is for {}",
                game.slug(),
                payload_game(other).unwrap_or(game).slug()
            ),
        ),
    }
}

/// The game a body's payload belongs to, when it has one.
pub fn payload_game(body: &Body) -> Option<GameKind> {
    match body {
        Body::Create(c) => Some(c.config.game()),
        Body::CreateReviewed(r) => Some(r.create.config.game()),
        Body::RoundStart(x) => Some(x.game()),
        Body::Place(x) => Some(x.game()),
        Body::Claim(x) => Some(x.game()),
        Body::Challenge(x) => Some(x.game()),
        Body::Proof(x) => Some(x.game()),
        _ => None,
    }
}

/// A neutral picture of a board for the pages: a grid of cells with named
/// rows and columns, and rectangular pieces on it. No HTML here; the
/// templates turn it into SVG.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Drawing {
    pub cols: u8,
    pub rows: u8,
    pub col_names: Vec<String>,
    pub row_names: Vec<String>,
    pub pieces: Vec<Piece>,
    /// Row (0-based) whose right edge is an exit, if any.
    pub exit_row: Option<u8>,
    /// Rail pieces: a line from each exit to the cell's centre.
    pub rails: Vec<Rail>,
    /// Loops drawn over the board (a longest track, a shown track).
    pub overlays: Vec<Overlay>,
    /// Gems, each color with its own shape (color-blind safe).
    pub gems: Vec<Gem>,
}

/// A gem on a [`Drawing`].
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Gem {
    pub col: u8,
    pub row: u8,
    /// The color's name, for styling.
    pub color: &'static str,
    /// `circle`, `square`, `triangle`, `diamond`, `hexagon`.
    pub shape: &'static str,
    /// `removed` or `recolored` in the sub-step shown, if any.
    pub mark: Option<&'static str>,
    /// A symbol drawn on it (an active powerup).
    pub label: String,
}

/// The words of a proof's sub-steps on the step page: what one is ("Cascade
/// step") and what its running count counts, one and many.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct ProofSteps {
    pub unit: &'static str,
    pub counted: (&'static str, &'static str),
}

impl ProofSteps {
    /// A proof that is a list of moves (most games').
    pub const MOVES: ProofSteps = ProofSteps {
        unit: "Solution move",
        counted: ("move made", "moves made"),
    };
}

/// One sub-step of an event (a pass of a cascade).
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct SubStep {
    pub caption: String,
    /// Running count (gems removed so far).
    pub count: usize,
    pub drawing: Drawing,
}

/// A rail piece on a [`Drawing`].
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Rail {
    pub col: u8,
    pub row: u8,
    /// Exit letters from `U R D L`.
    pub exits: String,
    /// For styling: `blue`, `red`, `common`.
    pub kind: &'static str,
    pub highlight: bool,
}

/// A loop of cells drawn over a [`Drawing`].
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Overlay {
    /// A short id for toggling (`longest-blue`).
    pub id: String,
    /// What it is, for the legend.
    pub label: String,
    /// For styling: `blue`, `red`.
    pub kind: &'static str,
    /// (column, row) of each cell, in loop order.
    pub cells: Vec<(u8, u8)>,
    /// Drawn without being asked for.
    pub visible: bool,
    /// A line drawn in the game itself (solid, always shown, no toggle),
    /// not an analysis overlay.
    pub drawn: bool,
}

/// One rectangle on a [`Drawing`].
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Piece {
    pub col: u8,
    pub row: u8,
    pub width: u8,
    pub height: u8,
    pub label: String,
    /// What it is, for styling: `taxi`, `car`, `wall`, …
    pub kind: &'static str,
    /// Touched by the step being shown.
    pub highlight: bool,
}

/// A position's value for the side to move, in GamesmanUni's words.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Value {
    Win,
    Lose,
    Draw,
}

impl Value {
    pub fn word(self) -> &'static str {
        match self {
            Value::Win => "win",
            Value::Lose => "lose",
            Value::Draw => "draw",
        }
    }

    /// The same outcome seen by the other player.
    pub fn other_side(self) -> Value {
        match self {
            Value::Win => Value::Lose,
            Value::Lose => Value::Win,
            Value::Draw => Value::Draw,
        }
    }
}

/// A value with its remoteness: "win in 7", or "draw".
pub fn value_text(v: Value, remoteness: Option<u32>) -> String {
    match remoteness {
        Some(r) => format!("{} in {r}", v.word()),
        None => v.word().to_string(),
    }
}

/// One legal move and what it leads to, from the mover's point of view
/// (as GamesmanUni shows it: "win" = this move wins with best play).
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct MoveValue {
    /// The move in the game's notation.
    pub name: String,
    pub value: Value,
    pub remoteness: Option<u32>,
    /// Anything else worth saying (the totals it leads to).
    pub detail: Option<String>,
}

/// The exact value of a position, for the games small enough to value
/// every position (Dodgem, x's and lines, the permutation game).
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Analysis {
    /// The seat to move.
    pub seat: usize,
    /// The value for the side to move.
    pub value: Value,
    /// Plies to the end with best play (the winner ends as fast as it can,
    /// the loser as slowly); `None` for a draw or when not computed.
    pub remoteness: Option<u32>,
    /// Every legal move with its value for the mover.
    pub moves: Vec<MoveValue>,
    /// What best play gives beyond win/lose/draw (final totals).
    pub detail: Option<String>,
    /// The index in `moves` of the move best play makes, by the game's
    /// own measure; among equally good moves, the first in the solver's
    /// order. `None` when there is no move.
    pub best: Option<usize>,
}

impl Analysis {
    /// The value for `seat` (win/lose/draw), whoever is to move.
    pub fn value_for(&self, seat: usize) -> Value {
        if seat == self.seat {
            self.value
        } else {
            self.value.other_side()
        }
    }

    /// At the end of the game (no legal move, nothing left to play): how
    /// it ended, "mira wins" or "a draw", for `players` by seat; `None`
    /// while the game goes on.
    pub fn ended(&self, players: &[String]) -> Option<String> {
        if !self.moves.is_empty() || self.remoteness.is_some_and(|r| r > 0) {
            return None;
        }
        let name = |seat: usize| players.get(seat).cloned().unwrap_or_default();
        Some(match self.value {
            Value::Win => format!("{} wins", name(self.seat)),
            Value::Lose => format!("{} wins", name(1 - self.seat.min(1))),
            Value::Draw => "a draw".to_string(),
        })
    }

    /// The move best play makes (see [`Analysis::best`]).
    pub fn best_move(&self) -> Option<&MoveValue> {
        self.moves.get(self.best?)
    }

    /// Whether the move that led from `before` to `after` threw a win
    /// away: the mover stood on a win and no longer does.
    pub fn threw_away(before: &Analysis, after: &Analysis) -> bool {
        before.value == Value::Win && after.value_for(before.seat) != Value::Win
    }
}

/// The first of `moves`, in their order, with the best value for the
/// mover: a win before a draw before a loss, the quickest win, the
/// slowest loss (a game with a finer measure picks its own best).
pub fn first_best(moves: &[MoveValue]) -> Option<usize> {
    let rank = |m: &MoveValue| {
        let r = i64::from(m.remoteness.unwrap_or(0));
        match m.value {
            Value::Win => (0, r),
            Value::Draw => (1, 0),
            Value::Lose => (2, -r),
        }
    };
    // `min_by_key` keeps the first of equal keys.
    (0..moves.len()).min_by_key(|&i| rank(&moves[i]))
}

/// A move drawn over a [`Drawing`], as Lichess draws its engine's arrow:
/// an arrow through the centres of `path`'s cells or, for a single cell,
/// that cell outlined. Cells are (column, row), row 0 at the top, as a
/// [`Piece`]'s; the last may lie one cell off the board (a car that
/// drives off).
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct MoveMark {
    /// The move in the game's notation, as its analysis names it.
    pub name: String,
    pub path: Vec<(i16, i16)>,
}

/// What a step page says about a position the game can value but shows
/// no analysis for yet (tables being built, or how to make them). Asked
/// for on every request, never cached with the page's other parts: the
/// progress of a build moves on between two looks.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct AnalysisNote {
    pub text: String,
    /// Still being made: the page looks again shortly.
    pub building: bool,
}

/// What a page shows for one step of any game.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct View {
    pub drawing: Option<Drawing>,
    /// Short facts beside the board ("Round" → "2 of 5").
    pub facts: Vec<(String, String)>,
    /// The score as ruled, per player in seat order.
    pub score: Vec<u32>,
    /// The score by the rules' verdicts.
    pub score_by_rules: Vec<u32>,
    /// Sub-steps of the latest proof (a cascade, pass by pass), shown on
    /// proof steps.
    pub substeps: Vec<SubStep>,
}

impl View {
    /// The view of a one-game match: its board and facts, then how the
    /// rules ended it, and the score as ruled and by the rules, one point
    /// to the winner.
    pub fn of_one_game(
        drawing: Drawing,
        mut facts: Vec<(String, String)>,
        ending: &Ending,
        players: &[String; 2],
    ) -> View {
        facts.extend(ending.fact(players));
        let (score, score_by_rules) = ending.scores();
        View {
            drawing: Some(drawing),
            facts,
            score,
            score_by_rules,
            substeps: Vec::new(),
        }
    }
}
