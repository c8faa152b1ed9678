//! Bejeweled grids drawn in chat: find one in a message, read it, and say
//! how it differs from the replayed grid.
//!
//! The host posts each round's grid (from round 2 on, the last proof's end
//! grid refilled) and may post grids along a proof; the importer takes a
//! round's grid from the drawing and compares later drawings with the
//! replay. So this reader never guesses: a message draws no grid
//! ([`read_drawing`] gives `Ok(None)`), one grid it reads exactly, or it
//! says why not, at a line and column.
//!
//! **What is a drawing.** Seven rows of eight cells, row 1 first, one
//! glyph per cell, cells separated by spaces or not, inside a code fence or
//! not (see `games::text_grid` for fences, markdown and `:shortcodes:`).
//! Lines are taken as rows only when they look like rows: at least two
//! rows of eight and three row-like lines in a row, so talk is never a
//! grid.
//! - Gems: the letters `R B G Y P` (either case), or the colour's square
//!   or circle: 🟥🔴 red, 🟦🔵 blue, 🟩🟢 green, 🟨🟡 yellow, 🟪🟣 purple.
//! - Rocks: `#`, ⬛, 🪨, 🧱, and ⬜ (white is no gem's colour; the chat
//!   reader's rule too).
//! - Optional: a column header `A`–`H` (spaced or not, above or below the
//!   rows); a row number `1`–`7` (or `3️⃣`) before each row, which must be
//!   the row's own (row 1 is the top); `|` borders and bars between cells;
//!   rule lines (`+-+-+`) around or between rows.
//! - Not accepted: an empty cell (`.`): a grid at rest has no holes, so a
//!   hole in a drawing is a mistake to report, not a cell to read.
//!
//! Imports only this game's `grid` and `games::text_grid`: nothing from
//! `log`, `web`, `import` or `verify`.

use std::fmt;

use thiserror::Error;

use super::grid::{Cell, Grid, Tile, CELLS, COLS, ROWS};
use crate::games::text_grid::{
    self, header, is_rule, numbered, text_lines, the_drawing, At, TextLine,
};

/// Why a drawing cannot be read, and where.
pub type DrawingError = At<Problem>;

/// What is wrong with a drawing (its place is in [`DrawingError`]).
#[derive(Debug, Error, PartialEq, Eq, Clone)]
pub enum Problem {
    #[error("'{0}' is not a gem or a rock: draw R B G Y P (or 🟥🟦🟩🟨🟪) for gems and # (or ⬛) for a rock")]
    Glyph(String),
    #[error("a row has 8 cells; this one has {0}")]
    Width(usize),
    #[error("a grid has 7 rows; this drawing has {0}")]
    Rows(usize),
    #[error("the column header names {0} columns; a grid has 8 (A–H)")]
    Header(usize),
    #[error("a column header between rows: it goes above or below them")]
    HeaderInside,
    #[error("this row is numbered {found}, but it is row {row} of the drawing: rows are numbered 1–7 from the top")]
    RowNumber { found: u32, row: usize },
    #[error("two grids, on lines {0} and {1}: post one grid per message")]
    TwoDrawings(usize, usize),
}

/// What a glyph draws: a gem's letter or `#`.
fn tile(ch: char) -> Option<char> {
    Some(match ch {
        'R' | 'B' | 'G' | 'Y' | 'P' | '#' => ch,
        'r' | 'b' | 'g' | 'y' | 'p' => ch.to_ascii_uppercase(),
        '🟥' | '🔴' => 'R',
        '🟦' | '🔵' => 'B',
        '🟩' | '🟢' => 'G',
        '🟨' | '🟡' => 'Y',
        '🟪' | '🟣' => 'P',
        '⬛' | '🪨' | '🧱' | '⬜' => '#',
        _ => return None,
    })
}

/// Bars: borders or lines between cells.
const BARS: &str = "|│║┃";

/// A line as far as it alone can tell; a row is eight cells as letters,
/// the row number and its column if drawn.
type Seen = text_grid::Seen<(String, Option<(u32, usize)>), DrawingError>;

fn see(line: &TextLine<'_>) -> Seen {
    let gs = &line.glyphs;
    if let Some(n) = header(gs, 'A') {
        return Seen::Header(n);
    }
    let (number, mut rest) = numbered(gs, BARS);
    if number.is_some() && rest.first().is_some_and(|g| g.ch == '.' && !g.gap) {
        rest.remove(0);
    }
    let cells: String = rest.iter().map_while(|g| tile(g.ch)).collect();
    let known = rest.iter().filter(|g| tile(g.ch).is_some()).count();
    let k = cells.chars().count();
    if k == COLS && rest.len() == COLS {
        Seen::Row((cells, number))
    } else if is_rule(gs) {
        Seen::Rule
    } else if k == rest.len() && (6..=10).contains(&k) {
        Seen::Near(At::new(line.number, None, Problem::Width(k)))
    } else if k < rest.len() && (6..=10).contains(&known) && rest.len() - known <= 3 {
        let bad = rest[k];
        Seen::Near(At::glyph(line, bad, Problem::Glyph(bad.raw.to_string())))
    } else {
        Seen::Not
    }
}

/// Finds the grid drawn in a chat message and reads it: `Ok(None)` when
/// the message draws none, else the grid or exactly why it cannot be read
/// (see the module docs for what is accepted).
pub fn read_drawing(text: &str) -> Result<Option<Grid>, DrawingError> {
    let lines = text_lines(text);
    let seen: Vec<Seen> = lines.iter().map(see).collect();
    let kind = |l: &TextLine<'_>| &seen[l.number - 1];
    let block = match the_drawing(&lines, |l| kind(l).looks()) {
        Ok(Some(block)) => block,
        Ok(None) => return Ok(None),
        Err((a, b)) => return Err(At::new(b, None, Problem::TwoDrawings(a, b))),
    };
    let mut rows = Vec::new();
    for (i, l) in block.iter().enumerate() {
        match kind(l) {
            Seen::Header(n) if *n != COLS => {
                return Err(At::new(l.number, None, Problem::Header(*n)))
            }
            Seen::Header(_) if i != 0 && i + 1 != block.len() => {
                return Err(At::new(l.number, None, Problem::HeaderInside))
            }
            Seen::Near(e) => return Err(e.clone()),
            Seen::Row((cells, number)) => {
                if let Some((n, col)) = number.filter(|(n, _)| *n as usize != rows.len() + 1) {
                    let p = Problem::RowNumber {
                        found: n,
                        row: rows.len() + 1,
                    };
                    return Err(At::new(l.number, Some(col), p));
                }
                rows.push(cells.clone());
            }
            Seen::Header(_) | Seen::Rule | Seen::Not => {}
        }
    }
    if rows.len() != ROWS {
        return Err(At::new(block[0].number, None, Problem::Rows(rows.len())));
    }
    Ok(Some(
        Grid::parse(&rows.join("\n")).expect("7 rows of 8 gem letters or #"),
    ))
}

/// A cell where the drawing and the replay disagree.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Difference {
    pub cell: Cell,
    pub drawing: Tile,
    pub replay: Tile,
}

fn words(t: Tile) -> String {
    match t {
        Tile::Gem(c) => format!("a {} gem", c.name()),
        Tile::Rock => "a rock".into(),
        Tile::Hole => "an empty cell".into(),
    }
}

impl fmt::Display for Difference {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: the drawing shows {}, the replay has {}",
            self.cell,
            words(self.drawing),
            words(self.replay)
        )
    }
}

/// Every cell where the drawn grid differs from the replayed one, row 1
/// first; empty when they agree.
pub fn compare(drawn: &Grid, replay: &Grid) -> Vec<Difference> {
    (0..CELLS)
        .map(Cell::from_index)
        .filter(|&c| drawn.get(c) != replay.get(c))
        .map(|c| Difference {
            cell: c,
            drawing: drawn.get(c),
            replay: replay.get(c),
        })
        .collect()
}

/// A grid the host (or a bot) posts during a round, checked against the
/// replay: it must be the round's grid or the end grid of a proof shown in
/// it. `None` when the message draws no grid; else the differences from
/// the round's grid in words (none: it agrees with one of them), or why it
/// cannot be read.
pub fn evidence(text: &str, m: &super::Match) -> Option<Result<Vec<String>, String>> {
    let drawn = match read_drawing(text) {
        Ok(None) => return None,
        Ok(Some(g)) => g,
        Err(e) => return Some(Err(e.to_string())),
    };
    let round = m.rounds.last()?;
    let known = std::iter::once(round.grid).chain(round.proofs.iter().filter_map(|p| p.end));
    if known.clone().any(|g| compare(&drawn, &g).is_empty()) {
        return Some(Ok(Vec::new()));
    }
    Some(Ok(compare(&drawn, &round.grid)
        .iter()
        .map(ToString::to_string)
        .collect()))
}

/// The grid in the plainest form: seven rows of eight letters from
/// `R B G Y P #`, row 1 first (a hole, which only a cascade has, is `.`,
/// which [`read_drawing`] refuses).
pub fn draw(grid: &Grid) -> String {
    grid.rows().join("\n")
}

#[cfg(test)]
mod tests;
