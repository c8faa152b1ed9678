//! A permutation-game match between two players: the host names player 1;
//! the players place n x's in turn (written `C3`), at most one per row and
//! per column; then 1 goes on the leftmost x and the players in turn
//! (player 1 first) write the next number on an x (written `G3`), scoring
//! |Δrow|·|Δcolumn| against the x numbered just before. Highest total
//! wins; equal totals share the win.
//!
//! Like all of `games/`, it imports nothing from `log/`, `web/`,
//! `import/` or `verify`; of the other games it imports only x's and
//! lines, whose part 1 it shares.

use serde::{Deserialize, Serialize};

use super::analysis::{Perm, Position};
use crate::games::engine::referee::{OneGame, Referee};
use crate::games::rule;
use crate::games::xs_and_lines::rules::{Part, PartTwoEnd, Parts, XsMatch};
use crate::games::xs_and_lines::Cell;
use crate::games::{Created, Event, Game, Noted, Payloads, RuleError, Stamp};

/// The options of a match.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    /// n = 2k + 1 with k ≥ 3: 7, 9, 11, 13 or 15 (the analysis of every
    /// step stays well under a second up to 15).
    pub size: u8,
}

impl Default for Config {
    fn default() -> Config {
        Config { size: 9 }
    }
}

/// The host's setup (who is player 1) and a move as written (an x placed
/// in part 1 or numbered in part 2, `C3`): as in x's and lines, whose part
/// 1 this game plays.
pub use crate::games::xs_and_lines::rules::{Placement, Setup};

/// Where the game is.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub enum Stage {
    /// Part 1: the x's placed so far, in order.
    Placing(Vec<Cell>),
    /// Part 2: the permutation and the numbering so far (two players,
    /// player 1 writes 2).
    Numbering(Position),
}

/// The whole match: part 1 as in x's and lines, then the numbering.
pub type Match = XsMatch<Config, Stage>;

impl Parts for Stage {
    type Config = Config;
    type PartTwo = Position;
    const FIRST_TURN: &'static str = "places the first x and writes 2";
    const NO_PASS: &'static str = "every turn places or numbers an x";

    fn opening() -> Stage {
        Stage::Placing(Vec::new())
    }

    fn turns(&self) -> usize {
        match self {
            Stage::Placing(xs) => xs.len(),
            // 1 is written by no one; player 1 writes 2.
            Stage::Numbering(p) => p.numbered.len() - 1,
        }
    }

    fn size(config: &Config) -> u8 {
        config.size
    }

    fn part(&mut self) -> Part<'_, Position> {
        match self {
            Stage::Placing(xs) => Part::One(xs),
            Stage::Numbering(pos) => Part::Two(pos),
        }
    }

    /// At most one x per row and per column.
    fn refuses(xs: &[Cell], cell: Cell) -> Option<String> {
        let x = xs.iter().find(|x| x.row == cell.row || x.col == cell.col)?;
        if *x == cell {
            return Some(format!("{cell} already holds an x"));
        }
        let line = if x.row == cell.row { "row" } else { "column" };
        Some(format!("{cell} shares a {line} with the x on {x}"))
    }

    /// The x's read as a permutation (the row of the x in each column);
    /// 1 goes on the leftmost x.
    fn part_two(xs: Vec<Cell>, n: u8) -> Result<(Stage, String), RuleError> {
        let mut rows = vec![0u8; n as usize];
        for x in &xs {
            rows[x.col as usize] = x.row;
        }
        let perm = Perm { rows };
        let leftmost = perm.name(0);
        let numbering = Stage::Numbering(Position {
            players: 2,
            perm,
            numbered: vec![0],
        });
        let opens = format!("; all x's are placed: 1 goes on the leftmost x, {leftmost}");
        Ok((numbering, opens))
    }

    /// `who` writes the next number on the x written `mv`, scoring
    /// against the x numbered just before.
    fn play(pos: &mut Position, mv: &str, who: &str) -> Result<(String, String), RuleError> {
        let c = pos
            .perm
            .column_of(mv)
            .map_err(|e| rule("numbering", e.to_string()))?;
        let name = pos.perm.name(c);
        if pos.numbered.contains(&c) {
            return Err(rule("numbering", format!("{name} is numbered already")));
        }
        let last = *pos.numbered.last().expect("1 is always placed");
        let points = pos.perm.points(last, c);
        pos.numbered.push(c);
        let j = pos.numbered.len();
        let note = format!(
            "{who} writes {j} on {name}: |{}|·|{}| = {points} points",
            pos.perm.rows[c] as i32 - pos.perm.rows[last] as i32,
            c as i32 - last as i32
        );
        Ok((name, note))
    }

    /// Every x numbered: the higher total wins, equal totals share the win.
    fn ended(m: &Match, _seat: usize) -> Option<PartTwoEnd> {
        let Stage::Numbering(pos) = &m.stage else {
            return None;
        };
        if pos.numbered.len() != m.config.size as usize {
            return None;
        }
        let t = m.points();
        let (winner, why) = match t[0].cmp(&t[1]) {
            std::cmp::Ordering::Greater => (Some(0), "the higher total"),
            std::cmp::Ordering::Less => (Some(1), "the higher total"),
            std::cmp::Ordering::Equal => (None, "equal totals share the win"),
        };
        let why = format!(
            "every x is numbered: {} {} – {} {}, {why}",
            m.players[0], t[0], t[1], m.players[1]
        );
        Some(PartTwoEnd {
            winner,
            note: format!("; {why}"),
            why,
        })
    }
}

impl Match {
    /// Points so far per seat.
    pub fn points(&self) -> [u32; 2] {
        let mut out = [0, 0];
        if let (Stage::Numbering(p), Some(f)) = (&self.stage, self.first) {
            let by_order = p.scored();
            out[f] = by_order[0];
            out[1 - f] = by_order[1];
        }
        out
    }
}

/// The permutation game.
pub struct Permutation;

impl Game for Permutation {
    type Payloads = Payloads<Config, Setup, Placement>;
    type State = Match;

    fn start(config: &Config, created: Created<'_>) -> Result<Match, RuleError> {
        let n = config.size;
        if !(7..=15).contains(&n) || n.is_multiple_of(2) {
            return Err(rule(
                "config",
                format!("two players play on n = 2k + 1 with k ≥ 3 (7, 9, … 15), not {n}"),
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
