//! An x's-and-lines match: the host names player 1, the players place n
//! x's in turn (player 1 first, written `C3`), then draw lines in turn
//! (player 1 first, written `C3-F6 via F3`); the player with no line to
//! draw at its turn wins, because its opponent drew the last one.

use serde::{Deserialize, Serialize};

use super::analysis::{Cell, Position};
use crate::event::Actor;
use crate::games::engine::referee::{OneGame, Referee};
use crate::games::engine::seats::{first_seat, mover};
use crate::games::rule;
use crate::games::{Created, Ending, Event, Game, Noted, Payloads, RuleError, Stamp};

/// The options of a match.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(default)]
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

/// The two parts of a game that opens with part 1 of x's and lines.
pub trait Parts {
    /// Part 1 with no x placed.
    fn opening() -> Self;
    /// The turns played so far (player 1 plays the first).
    fn turns(&self) -> usize;
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

impl Parts for Stage {
    fn opening() -> Stage {
        Stage::Placing(Vec::new())
    }

    fn turns(&self) -> usize {
        match self {
            Stage::Placing(xs) => xs.len(),
            Stage::Drawing(p) => p.lines.len(),
        }
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
pub(crate) fn place_x(
    xs: &mut Vec<Cell>,
    mv: &str,
    n: u8,
    who: &str,
    refused: impl Fn(&[Cell], Cell) -> Option<String>,
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
        let Stamp { seq, actor, .. } = stamp;
        match event {
            Event::RoundStart(s) => {
                let f = m.name_first(actor, &s.first)?;
                Ok(format!(
                    "{} is player 1: places the first x and draws the first line",
                    m.players[f]
                ))
            }
            Event::Place(p) => {
                let seat = m.mover(actor)?;
                let n = m.config.size;
                let (written, note) = match &mut m.stage {
                    Stage::Placing(xs) => {
                        let who = &m.players[seat];
                        let (cell, mut note) = place_x(xs, &p.mv, n, who, |xs, cell| {
                            (xs.contains(&cell)).then(|| format!("{cell} already holds an x"))
                        })?;
                        if xs.len() == n as usize {
                            let start = Position::new(n, std::mem::take(xs))
                                .map_err(|e| rule("placement", e.to_string()))?;
                            m.stage = Stage::Drawing(start);
                            note.push_str("; all x's are placed: part 2, drawing lines, begins");
                        }
                        (cell.to_string(), note)
                    }
                    Stage::Drawing(pos) => {
                        let line = pos.play(&p.mv).map_err(|e| rule("line", e.to_string()))?;
                        (
                            line.to_string(),
                            format!("{} draws {line}", m.players[seat]),
                        )
                    }
                };
                m.moves.push((seq, written));
                let mut note = note;
                if let (Stage::Drawing(pos), Some(next)) = (&m.stage, m.to_move()) {
                    if pos.legal_lines().is_empty() {
                        let why = if pos.lines.is_empty() {
                            format!("{} has no line to draw", m.players[next])
                        } else {
                            format!(
                                "{} drew the last line; {} has none left",
                                m.players[seat], m.players[next]
                            )
                        };
                        note.push_str(&format!("; {why}: {} wins", m.players[next]));
                        m.ending.end(Some(next), why);
                    }
                }
                Ok(note)
            }
            Event::Timeout(_) => Ok(String::new()),
            Event::Pass => Err(rule("pass", "a player who can move must")),
            Event::Claim(x) | Event::Challenge(x) | Event::Proof(x) => match *x {},
        }
    }
}
