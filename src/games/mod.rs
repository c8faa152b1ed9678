//! The rules: one folder per game, every game behind the same interface.
//!
//! As in Simon Tatham's puzzle collection, each game supplies one small set
//! of operations ([`Game`]); the registry below is a closed enum per kind of
//! payload, so the log can hold events of every game while each game's
//! reducer sees only its own types. Adding a game touches its folder and one
//! line in each enum here.

mod as_text;
pub mod bejeweled;
pub mod chat;
#[cfg(test)]
mod chat_checks;
pub mod dodgem;
pub mod duorail;
mod ending;
mod one_game;
pub mod permutation;
pub mod play;
pub mod rush_hour;
pub mod series;
pub mod text_grid;
pub mod words;
pub mod xs_and_lines;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use thiserror::Error;

pub use chat::{
    chat_words, clean_chat, find_word, name_at, read_timeout, ruling_winner, ChatContext,
    ChatReading, Speaker,
};
pub use ending::Ending;

use crate::event::{Actor, Appeal, AppealDecision, Body, Create, Ruling, Timeout};

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

/// The payload of an event a game does not have (a single game with no
/// claims has no Claim, Challenge or Proof): no value can be built.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum Nothing {}

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

/// One event as a game sees it: the generic parts plus its own payloads.
pub enum Event<'a, G: Game> {
    RoundStart(&'a G::Setup),
    Place(&'a G::Place),
    Pass,
    Claim(&'a G::Claim),
    Challenge(&'a G::Challenge),
    Proof(&'a G::Proof),
    Timeout(&'a Timeout),
    Ruling(&'a Ruling),
    Appeal(&'a Appeal),
    AppealDecision(&'a AppealDecision),
}

/// The operations every game supplies.
pub trait Game {
    /// The game's short name, as on the command line (`rush-hour`).
    const SLUG: &'static str;
    /// The game's rules as written (`docs/rules/<slug>.md`), in Markdown.
    const RULES: &'static str;
    /// How the step page names the sub-steps of a proof and their count.
    const PROOF_STEPS: ProofSteps = ProofSteps::MOVES;
    type Config;
    type Setup;
    type Place;
    type Claim;
    type Challenge;
    type Proof;
    /// Everything the rules know after some events. Must serialise
    /// deterministically (no hash maps): the replay hashes it.
    type State: Clone + Serialize;

    /// The state after the Create event.
    fn start(
        config: &Self::Config,
        players: &[String],
        at: DateTime<Utc>,
    ) -> Result<Self::State, RuleError>;

    /// Applies one event. On error the state must be left as it was. The
    /// `Ok` text is the step's note (what the event did, by the rules).
    fn apply(
        state: &mut Self::State,
        seq: u64,
        event: Event<'_, Self>,
        actor: &Actor,
        at: DateTime<Utc>,
    ) -> Result<String, RuleError>
    where
        Self: Sized;
}

/// The games arbiter knows.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum GameKind {
    RushHour,
    Duorail,
    Bejeweled,
    Dodgem,
    XsAndLines,
    Permutation,
}

impl GameKind {
    pub const ALL: [GameKind; 6] = [
        GameKind::RushHour,
        GameKind::Duorail,
        GameKind::Bejeweled,
        GameKind::Dodgem,
        GameKind::XsAndLines,
        GameKind::Permutation,
    ];
    pub fn slug(self) -> &'static str {
        match self {
            GameKind::RushHour => rush_hour::RushHour::SLUG,
            GameKind::Duorail => duorail::Duorail::SLUG,
            GameKind::Bejeweled => bejeweled::Bejeweled::SLUG,
            GameKind::Dodgem => dodgem::Dodgem::SLUG,
            GameKind::XsAndLines => xs_and_lines::XsAndLines::SLUG,
            GameKind::Permutation => permutation::Permutation::SLUG,
        }
    }
    pub fn title(self) -> &'static str {
        match self {
            GameKind::RushHour => "Traffic Jam (Rush Hour)",
            GameKind::Duorail => "Duorail",
            GameKind::Bejeweled => "Bejeweled",
            GameKind::Dodgem => "Dodgem",
            GameKind::XsAndLines => "x's and lines",
            GameKind::Permutation => "Multiplications Within The Permutation",
        }
    }
    /// The game's rules as written, in Markdown.
    pub fn rules(self) -> &'static str {
        match self {
            GameKind::RushHour => rush_hour::RushHour::RULES,
            GameKind::Duorail => duorail::Duorail::RULES,
            GameKind::Bejeweled => bejeweled::Bejeweled::RULES,
            GameKind::Dodgem => dodgem::Dodgem::RULES,
            GameKind::XsAndLines => xs_and_lines::XsAndLines::RULES,
            GameKind::Permutation => permutation::Permutation::RULES,
        }
    }
    /// How the step page names a proof's sub-steps.
    pub fn proof_steps(self) -> ProofSteps {
        match self {
            GameKind::RushHour => rush_hour::RushHour::PROOF_STEPS,
            GameKind::Duorail => duorail::Duorail::PROOF_STEPS,
            GameKind::Bejeweled => bejeweled::Bejeweled::PROOF_STEPS,
            GameKind::Dodgem => dodgem::Dodgem::PROOF_STEPS,
            GameKind::XsAndLines => xs_and_lines::XsAndLines::PROOF_STEPS,
            GameKind::Permutation => permutation::Permutation::PROOF_STEPS,
        }
    }
    pub fn from_slug(s: &str) -> Option<GameKind> {
        GameKind::ALL.into_iter().find(|g| g.slug() == s)
    }
}

macro_rules! registry {
    ($(#[$m:meta])* $name:ident, $assoc:ident) => {
        $(#[$m])*
        #[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
        #[serde(rename_all = "snake_case")]
        pub enum $name {
            RushHour(<rush_hour::RushHour as Game>::$assoc),
            Duorail(<duorail::Duorail as Game>::$assoc),
            Bejeweled(<bejeweled::Bejeweled as Game>::$assoc),
            Dodgem(<dodgem::Dodgem as Game>::$assoc),
            XsAndLines(<xs_and_lines::XsAndLines as Game>::$assoc),
            Permutation(<permutation::Permutation as Game>::$assoc),
        }
        impl $name {
            pub fn game(&self) -> GameKind {
                match self {
                    $name::RushHour(_) => GameKind::RushHour,
                    $name::Duorail(_) => GameKind::Duorail,
                    $name::Bejeweled(_) => GameKind::Bejeweled,
                    $name::Dodgem(_) => GameKind::Dodgem,
                    $name::XsAndLines(_) => GameKind::XsAndLines,
                    $name::Permutation(_) => GameKind::Permutation,
                }
            }
        }
    };
}

registry!(
    /// A match's options, per game.
    GameConfig,
    Config
);
registry!(
    /// What opens a round, per game.
    RoundSetup,
    Setup
);
registry!(
    /// A placement, per game.
    Placement,
    Place
);
registry!(
    /// A claim, per game.
    Claim,
    Claim
);
registry!(
    /// A challenge, per game.
    Challenge,
    Challenge
);
registry!(
    /// A proof, per game.
    Proof,
    Proof
);

/// A body as one game's [`Event`]: its own payloads, or the generic
/// events; `$wrong` names the error for a payload of another game.
macro_rules! event {
    ($body:expr, $game:ident, $wrong:expr) => {
        match $body {
            Body::RoundStart(RoundSetup::$game(x)) => Event::RoundStart(x),
            Body::Place(Placement::$game(x)) => Event::Place(x),
            Body::Claim(Claim::$game(x)) => Event::Claim(x),
            Body::Challenge(Challenge::$game(x)) => Event::Challenge(x),
            Body::Proof(Proof::$game(x)) => Event::Proof(x),
            other => generic_event(other).ok_or_else(|| $wrong(other))?,
        }
    };
}

/// The state of a match of any game.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum MatchState {
    RushHour(<rush_hour::RushHour as Game>::State),
    Duorail(<duorail::Duorail as Game>::State),
    Bejeweled(<bejeweled::Bejeweled as Game>::State),
    Dodgem(<dodgem::Dodgem as Game>::State),
    XsAndLines(<xs_and_lines::XsAndLines as Game>::State),
    Permutation(<permutation::Permutation as Game>::State),
}

impl MatchState {
    /// The state after the Create event.
    pub fn start(create: &Create, at: DateTime<Utc>) -> Result<MatchState, RuleError> {
        if create.players.len() != 2 {
            return Err(RuleError::new(
                "players",
                format!(
                    "a DM has 2 players, this match names {}",
                    create.players.len()
                ),
            ));
        }
        if create.players[0] == create.players[1] {
            return Err(RuleError::new("players", "the two players have one name"));
        }
        match &create.config {
            GameConfig::RushHour(c) => {
                rush_hour::RushHour::start(c, &create.players, at).map(MatchState::RushHour)
            }
            GameConfig::Duorail(c) => {
                duorail::Duorail::start(c, &create.players, at).map(MatchState::Duorail)
            }
            GameConfig::Bejeweled(c) => {
                bejeweled::Bejeweled::start(c, &create.players, at).map(MatchState::Bejeweled)
            }
            GameConfig::Dodgem(c) => {
                dodgem::Dodgem::start(c, &create.players, at).map(MatchState::Dodgem)
            }
            GameConfig::XsAndLines(c) => {
                xs_and_lines::XsAndLines::start(c, &create.players, at).map(MatchState::XsAndLines)
            }
            GameConfig::Permutation(c) => {
                permutation::Permutation::start(c, &create.players, at).map(MatchState::Permutation)
            }
        }
    }

    pub fn game(&self) -> GameKind {
        match self {
            MatchState::RushHour(_) => GameKind::RushHour,
            MatchState::Duorail(_) => GameKind::Duorail,
            MatchState::Bejeweled(_) => GameKind::Bejeweled,
            MatchState::Dodgem(_) => GameKind::Dodgem,
            MatchState::XsAndLines(_) => GameKind::XsAndLines,
            MatchState::Permutation(_) => GameKind::Permutation,
        }
    }

    /// Applies one event of the match's log (any body but Create).
    pub fn apply(
        &mut self,
        seq: u64,
        body: &Body,
        actor: &Actor,
        at: DateTime<Utc>,
    ) -> Result<String, RuleError> {
        let game = self.game();
        let wrong = |body: &Body| match body {
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
        };
        match self {
            MatchState::RushHour(s) => {
                rush_hour::RushHour::apply(s, seq, event!(body, RushHour, wrong), actor, at)
            }
            MatchState::Duorail(s) => {
                duorail::Duorail::apply(s, seq, event!(body, Duorail, wrong), actor, at)
            }
            MatchState::Bejeweled(s) => {
                bejeweled::Bejeweled::apply(s, seq, event!(body, Bejeweled, wrong), actor, at)
            }
            MatchState::Dodgem(s) => {
                dodgem::Dodgem::apply(s, seq, event!(body, Dodgem, wrong), actor, at)
            }
            MatchState::XsAndLines(s) => {
                xs_and_lines::XsAndLines::apply(s, seq, event!(body, XsAndLines, wrong), actor, at)
            }
            MatchState::Permutation(s) => {
                permutation::Permutation::apply(s, seq, event!(body, Permutation, wrong), actor, at)
            }
        }
    }
}

/// The events every game reads the same way (no game payload); `None` for
/// a payload event (of another game) or a Create.
fn generic_event<G: Game>(body: &Body) -> Option<Event<'_, G>> {
    Some(match body {
        Body::Pass => Event::Pass,
        Body::Timeout(x) => Event::Timeout(x),
        Body::Ruling(x) => Event::Ruling(x),
        Body::Appeal(x) => Event::Appeal(x),
        Body::AppealDecision(x) => Event::AppealDecision(x),
        _ => return None,
    })
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

/// How many times solved tables arrived since the process started (built
/// in the background or found saved): anything derived from analyses and
/// kept is stale once this moves.
pub fn analysis_generation() -> u64 {
    dodgem::shelf::shelf().generation()
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

impl MatchState {
    /// What a page draws for this state; `highlight` names what the last
    /// event touched, in the game's own terms (a car label).
    pub fn view(&self) -> View {
        match self {
            MatchState::RushHour(m) => rush_hour::view::view(m),
            MatchState::Duorail(m) => duorail::view::view(m),
            MatchState::Bejeweled(m) => bejeweled::view::view(m),
            MatchState::Dodgem(m) => dodgem::view::view(m),
            MatchState::XsAndLines(m) => xs_and_lines::view::view(m),
            MatchState::Permutation(m) => permutation::view::view(m),
        }
    }

    /// The exact value of the position and of every legal move, for the
    /// games small enough to value every position; `None` for the others
    /// and before play starts.
    pub fn analysis(&self) -> Option<Analysis> {
        match self {
            MatchState::RushHour(_) | MatchState::Duorail(_) | MatchState::Bejeweled(_) => None,
            MatchState::Dodgem(m) => dodgem::view::analysis(m),
            MatchState::XsAndLines(m) => xs_and_lines::view::analysis(m),
            MatchState::Permutation(m) => permutation::view::analysis(m),
        }
    }

    /// Why this position has no analysis yet, live; `None` for the games
    /// and boards whose analysis never waits.
    pub fn analysis_note(&self) -> Option<AnalysisNote> {
        match self {
            MatchState::Dodgem(m) => dodgem::view::analysis_note(m),
            _ => None,
        }
    }

    /// The move `analysis` (this state's) rates best, drawn over this
    /// state's board; `None` when there is no move or the game does not
    /// draw moves.
    pub fn best_move_mark(&self, analysis: &Analysis) -> Option<MoveMark> {
        let name = &analysis.best_move()?.name;
        match self {
            MatchState::RushHour(_) | MatchState::Duorail(_) | MatchState::Bejeweled(_) => None,
            MatchState::Dodgem(m) => dodgem::view::move_mark(m, name),
            MatchState::XsAndLines(m) => xs_and_lines::view::move_mark(m, name),
            MatchState::Permutation(m) => permutation::view::move_mark(m, name),
        }
    }
}

/// A game payload event in the game's own notation; `None` for the
/// events every game shares.
pub fn describe_payload(body: &Body) -> Option<String> {
    use rush_hour::notation as rh;
    Some(match body {
        Body::RoundStart(RoundSetup::RushHour(r)) => rh::describe_setup(r),
        Body::Place(Placement::RushHour(p)) => rh::describe_placement(p),
        Body::Claim(Claim::RushHour(rush_hour::Claim::Finished)) => "finished".to_string(),
        Body::Challenge(Challenge::RushHour(rush_hour::Challenge::Impossible)) => {
            "impossible".to_string()
        }
        Body::Proof(Proof::RushHour(p)) => rh::print_solution(&p.moves)
            .lines()
            .collect::<Vec<_>>()
            .join("; "),
        Body::RoundStart(RoundSetup::Duorail(s)) => {
            format!("{} plays blue and moves first", s.blue)
        }
        Body::Place(Placement::Duorail(p)) => {
            format!("{} {} ({})", p.cell, p.piece.exits, p.piece.color.name())
        }
        Body::Claim(Claim::Duorail(never)) => match *never {},
        Body::Challenge(Challenge::Duorail(c)) => format!("impossible for {}", c.color.name()),
        Body::Proof(Proof::Duorail(p)) => p.track.to_string(),
        Body::RoundStart(RoundSetup::Bejeweled(s)) => {
            format!("round {}: offered {}", s.round, s.offer)
        }
        Body::Place(Placement::Bejeweled(p)) => format!(
            "picks for the next round: {}, {}, {}",
            p.starter.name(),
            p.passive.name(),
            p.active.name()
        ),
        Body::Claim(Claim::Bejeweled(c)) => format!("claims {}", c.gems),
        Body::Challenge(Challenge::Bejeweled(never)) => match *never {},
        Body::Proof(Proof::Bejeweled(p)) => p.proof.to_string(),
        Body::RoundStart(RoundSetup::Dodgem(s)) => format!("{} plays blue", s.blue),
        Body::Place(Placement::Dodgem(p)) => p.mv.clone(),
        Body::RoundStart(RoundSetup::XsAndLines(s)) => format!("{} is player 1", s.first),
        Body::Place(Placement::XsAndLines(p)) => p.mv.clone(),
        Body::RoundStart(RoundSetup::Permutation(s)) => format!("{} places first", s.first),
        Body::Place(Placement::Permutation(p)) => p.mv.clone(),
        Body::Claim(Claim::Dodgem(never))
        | Body::Challenge(Challenge::Dodgem(never))
        | Body::Proof(Proof::Dodgem(never)) => match *never {},
        _ => return None,
    })
}
