//! An x's-and-lines match: the host names player 1, the players place n
//! x's in turn (player 1 first, written `C3`), then draw lines in turn
//! (player 1 first, written `C3-F6 via F3`); the player with no line to
//! draw at its turn wins, because its opponent drew the last one.
//!
//! Like all of `games/`, it imports nothing from `log/`, `web/`,
//! `import/` or `verify`, and no other game's folder.

use serde::{Deserialize, Serialize};

use super::analysis::{Cell, Position};
use crate::event::Actor;
use crate::games::engine::referee::{OneGame, Referee};
use crate::games::engine::seats::{first_seat, mover};
use crate::games::rule;
use crate::games::{Created, Ending, Event, Game, Noted, Payloads, RuleError, Stamp};

/// The options of a match.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    /// Grid size n (n x's on n×n): 8 to 12 in a match.
    pub size: u8,
}

impl Default for Config {
    fn default() -> Config {
        Config { size: 8 }
    }
}

/// The host's setup: who is player 1 (in x's and lines and the
/// permutation game).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Setup {
    pub first: String,
}

/// A move as written: an x (`C3`) in part 1; in part 2 a line
/// (`C3-F6 via F3`) in x's and lines, an x numbered (`G3`) in the
/// permutation game.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Placement {
    #[serde(rename = "move")]
    pub mv: String,
}

/// Where the game is.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub enum Stage {
    /// Part 1: the x's placed so far, in order.
    Placing(Vec<Cell>),
    /// Part 2: the x's and the lines drawn.
    Drawing(Position),
}

/// The whole match.
pub type Match = XsMatch<Config, Stage>;

/// A match that opens with part 1 of x's and lines (x's and lines, the
/// permutation game): the host names player 1, who places the first x;
/// part 2 is the game's own (its `Stage`).
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct XsMatch<C, S> {
    pub config: C,
    pub players: [String; 2],
    /// Seat of player 1, once the host names them.
    pub first: Option<usize>,
    pub stage: S,
    /// Moves played, as written canonically, with their seq.
    pub moves: Vec<(u64, String)>,
    pub ending: Ending,
}

/// The two parts of a game that opens with part 1 of x's and lines: the
/// game says what is its own (its options' size, its rule for an x, how
/// part 2 begins, is played and ends), and [`XsMatch::play`] plays both
/// parts with it.
pub trait Parts: Sized {
    /// The match's options.
    type Config;
    /// What player 1 does first, as the host's setup is noted ("places the
    /// first x and draws the first line").
    const FIRST_TURN: &'static str;
    /// Why a turn cannot be passed.
    const NO_PASS: &'static str;
    /// Part 1 with no x placed.
    fn opening() -> Self;
    /// The turns played so far (player 1 plays the first).
    fn turns(&self) -> usize;
    /// The grid size n (n x's on n×n) of a match with these options.
    fn size(config: &Self::Config) -> u8;
    /// Part 2's position.
    type PartTwo;
    /// Where the game is: the x's placed so far, or part 2.
    fn part(&mut self) -> Part<'_, Self::PartTwo>;
    /// Why the game's own rule refuses an x on `cell`, with `xs` placed.
    fn refuses(xs: &[Cell], cell: Cell) -> Option<String>;
    /// Part 2 from the n x's of part 1, and what the note adds ("; …").
    fn part_two(xs: Vec<Cell>, n: u8) -> Result<(Self, String), RuleError>;
    /// A move of part 2 by `who`, written `mv`: the move as written
    /// canonically, and the note.
    fn play(two: &mut Self::PartTwo, mv: &str, who: &str) -> Result<(String, String), RuleError>;
    /// How the rules end the game after the move of the player in `seat`,
    /// if they do.
    fn ended(m: &XsMatch<Self::Config, Self>, seat: usize) -> Option<PartTwoEnd>;
}

/// Where a game that opens with part 1 of x's and lines is.
pub enum Part<'a, P> {
    /// Part 1: the x's placed so far.
    One(&'a mut Vec<Cell>),
    /// Part 2: the game's own position.
    Two(&'a mut P),
}

/// The end of a game by its rules in part 2.
pub struct PartTwoEnd {
    /// The winner's seat; `None`: the two share the win.
    pub winner: Option<usize>,
    /// Why, as the ending keeps it.
    pub why: String,
    /// What the move's note adds ("; …").
    pub note: String,
}

impl<C, S: Parts> XsMatch<C, S> {
    /// The match before the host names player 1.
    pub fn new(config: C, created: Created<'_>) -> XsMatch<C, S> {
        XsMatch {
            config,
            players: created.players.clone(),
            first: None,
            stage: S::opening(),
            moves: Vec::new(),
            ending: Ending::default(),
        }
    }

    /// The seat to move next, once player 1 is named.
    pub fn to_move(&self) -> Option<usize> {
        self.first.map(|f| (f + self.stage.turns()) % 2)
    }

    /// The host names player 1: their seat.
    pub(crate) fn name_first(&mut self, actor: &Actor, named: &str) -> Result<usize, RuleError> {
        first_seat(&self.players, actor, &mut self.first, named)
    }

    /// The seat of the player behind `actor`, when it is their turn.
    pub(crate) fn mover(&self, actor: &Actor) -> Result<usize, RuleError> {
        let unset = "the host has not named player 1";
        mover(&self.players, &self.ending, actor, self.to_move(), unset)
    }
}

impl<S: Parts> XsMatch<S::Config, S> {
    /// Plays one of the game's own events: the host names player 1, a
    /// player places an x (part 1) or makes a move of part 2, a timeout
    /// (no clock: nothing to add). Every rule is checked before the match
    /// changes.
    pub fn play<G>(&mut self, event: Event<'_, G>, stamp: Stamp<'_>) -> Noted
    where
        G: Game<Payloads = Payloads<S::Config, Setup, Placement>>,
    {
        let Stamp { seq, actor, .. } = stamp;
        match event {
            Event::RoundStart(s) => {
                let f = self.name_first(actor, &s.first)?;
                Ok(format!(
                    "{} is player 1: {}",
                    self.players[f],
                    S::FIRST_TURN
                ))
            }
            Event::Place(p) => {
                let seat = self.mover(actor)?;
                let n = S::size(&self.config);
                let who = &self.players[seat];
                let (written, mut note) = match self.stage.part() {
                    Part::One(xs) => {
                        let (cell, mut note) = place_x(xs, &p.mv, n, who, S::refuses)?;
                        if xs.len() == n as usize {
                            let (part_two, opens) = S::part_two(std::mem::take(xs), n)?;
                            self.stage = part_two;
                            note.push_str(&opens);
                        }
                        (cell.to_string(), note)
                    }
                    Part::Two(two) => S::play(two, &p.mv, who)?,
                };
                self.moves.push((seq, written));
                if let Some(end) = S::ended(self, seat) {
                    note.push_str(&end.note);
                    self.ending.end(end.winner, end.why);
                }
                Ok(note)
            }
            Event::Timeout(_) => Ok(String::new()),
            Event::Pass => Err(rule("pass", S::NO_PASS)),
            Event::Claim(x) | Event::Challenge(x) | Event::Proof(x) => match *x {},
        }
    }
}

impl Parts for Stage {
    type Config = Config;
    type PartTwo = Position;
    const FIRST_TURN: &'static str = "places the first x and draws the first line";
    const NO_PASS: &'static str = "a player who can move must";

    fn opening() -> Stage {
        Stage::Placing(Vec::new())
    }

    fn turns(&self) -> usize {
        match self {
            Stage::Placing(xs) => xs.len(),
            Stage::Drawing(p) => p.lines.len(),
        }
    }

    fn size(config: &Config) -> u8 {
        config.size
    }

    fn part(&mut self) -> Part<'_, Position> {
        match self {
            Stage::Placing(xs) => Part::One(xs),
            Stage::Drawing(pos) => Part::Two(pos),
        }
    }

    fn refuses(xs: &[Cell], cell: Cell) -> Option<String> {
        xs.contains(&cell)
            .then(|| format!("{cell} already holds an x"))
    }

    fn part_two(xs: Vec<Cell>, n: u8) -> Result<(Stage, String), RuleError> {
        let start = Position::new(n, xs).map_err(|e| rule("placement", e.to_string()))?;
        let opens = "; all x's are placed: part 2, drawing lines, begins";
        Ok((Stage::Drawing(start), opens.to_string()))
    }

    fn play(pos: &mut Position, mv: &str, who: &str) -> Result<(String, String), RuleError> {
        let line = pos.play(mv).map_err(|e| rule("line", e.to_string()))?;
        Ok((line.to_string(), format!("{who} draws {line}")))
    }

    fn ended(m: &Match, seat: usize) -> Option<PartTwoEnd> {
        let (Stage::Drawing(pos), Some(next)) = (&m.stage, m.to_move()) else {
            return None;
        };
        if !pos.legal_lines().is_empty() {
            return None;
        }
        let why = if pos.lines.is_empty() {
            format!("{} has no line to draw", m.players[next])
        } else {
            format!(
                "{} drew the last line; {} has none left",
                m.players[seat], m.players[next]
            )
        };
        Some(PartTwoEnd {
            winner: Some(next),
            note: format!("; {why}: {} wins", m.players[next]),
            why,
        })
    }
}

impl Match {
    /// The x's on the grid.
    pub fn xs(&self) -> &[Cell] {
        match &self.stage {
            Stage::Placing(xs) => xs,
            Stage::Drawing(p) => &p.xs,
        }
    }
}

/// Part 1 of x's and lines and of the permutation game: `who` places an
/// x written `mv` (`C3`) on the n×n grid, unless `refused` (the game's own
/// rule, from the x's already placed) says why not. Gives the cell and
/// the note; part 1 is over when `xs` holds n x's.
fn place_x(
    xs: &mut Vec<Cell>,
    mv: &str,
    n: u8,
    who: &str,
    refused: fn(&[Cell], Cell) -> Option<String>,
) -> Result<(Cell, String), RuleError> {
    let cell = Cell::parse(mv, n).ok_or_else(|| {
        rule(
            "placement",
            format!(
                "'{}' is not a cell of the {n}×{n} grid (write it like C3)",
                mv.trim()
            ),
        )
    })?;
    if let Some(why) = refused(xs, cell) {
        return Err(rule("placement", why));
    }
    xs.push(cell);
    Ok((cell, format!("{who} places an x on {cell}")))
}

/// The x's-and-lines game.
pub struct XsAndLines;

impl Game for XsAndLines {
    type Payloads = Payloads<Config, Setup, Placement>;
    type State = Match;

    fn start(config: &Config, created: Created<'_>) -> Result<Match, RuleError> {
        if !(8..=12).contains(&config.size) {
            return Err(rule(
                "config",
                format!(
                    "a match is played on 8×8 to 12×12, not {0}×{0}",
                    config.size
                ),
            ));
        }
        Ok(Match::new(*config, created))
    }

    fn referee(m: &mut Match) -> impl Referee + '_ {
        OneGame::small(&m.players, &mut m.ending)
    }

    fn apply(m: &mut Match, event: Event<'_, Self>, stamp: Stamp<'_>) -> Noted {
        m.play(event, stamp)
    }
}
