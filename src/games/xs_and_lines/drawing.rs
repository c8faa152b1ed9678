//! The grid of x's a host or a bot posts (`DM 9 — all x's placed` and an
//! n×n drawing): read and compared with the x's of the match as the
//! record has them, so a misread or missing placement shows at the message
//! that draws the grid.
//!
//! A drawing is three or more lines in a row of the same width, each of
//! cells `.` `·` `_` (empty) or `x` `X` `✖` `❌` `×` (an x), spaced or not,
//! with an optional row number first; a column header of letters is
//! skipped. Lines drawn in part 2 (other characters) make it no drawing of
//! x's: nothing is said about it. Imports only this game's cells: nothing
//! from `log`, `web`, `import` or `verify`.

use std::collections::BTreeSet;

use super::analysis::Cell;
use super::rules::{Match, Stage};

/// One row of a drawing: its cells, `true` for an x.
fn row(line: &str) -> Option<Vec<bool>> {
    let line = line.trim().trim_matches('`').trim();
    // A leading row number.
    let rest = line
        .trim_start_matches(|c: char| c.is_ascii_digit())
        .trim_start();
    let rest = if rest.len() < line.len() {
        rest.trim_start_matches(['|', ':', ')'])
    } else {
        line
    };
    let mut cells = Vec::new();
    for c in rest.chars() {
        match c {
            '.' | '·' | '_' | '⬜' | '◻' => cells.push(false),
            'x' | 'X' | '✖' | '❌' | '×' | '✕' => cells.push(true),
            ' ' | '|' | '\u{fe0f}' => {}
            _ => return None,
        }
    }
    (cells.len() >= 3).then_some(cells)
}

/// The x's a message draws (column, row from 0), with the grid's size:
/// `None` when it draws no grid of x's.
pub fn read_drawing(text: &str) -> Option<(u8, BTreeSet<(u8, u8)>)> {
    let mut best: Vec<Vec<bool>> = Vec::new();
    let mut run: Vec<Vec<bool>> = Vec::new();
    for line in text.lines() {
        match row(line) {
            Some(r) if run.last().is_none_or(|l| l.len() == r.len()) => run.push(r),
            Some(r) => {
                if run.len() > best.len() {
                    best = std::mem::take(&mut run);
                }
                run = vec![r];
            }
            None => {
                if run.len() > best.len() {
                    best = std::mem::take(&mut run);
                }
                run.clear();
            }
        }
    }
    if run.len() > best.len() {
        best = run;
    }
    let n = best.len();
    if n < 3 || best[0].len() != n || n > 26 {
        return None;
    }
    let xs = best
        .iter()
        .enumerate()
        .flat_map(|(r, cells)| {
            cells
                .iter()
                .enumerate()
                .filter(|(_, x)| **x)
                .map(move |(c, _)| (c as u8, r as u8))
        })
        .collect();
    Some((n as u8, xs))
}

/// A grid of x's posted during the game, checked against the record: the
/// cells where they differ, in words (none: it agrees); `None` when the
/// message draws no grid of this game's size.
pub fn evidence(text: &str, m: &Match) -> Option<Result<Vec<String>, String>> {
    let (n, drawn) = read_drawing(text)?;
    if n != m.config.size {
        return None;
    }
    let placed: BTreeSet<(u8, u8)> = match &m.stage {
        Stage::Placing(xs) => xs.iter().map(|c| (c.col, c.row)).collect(),
        Stage::Drawing(p) => p.xs.iter().map(|c| (c.col, c.row)).collect(),
    };
    let name = |(col, row): (u8, u8)| Cell { col, row }.to_string();
    let mut out: Vec<String> = drawn
        .difference(&placed)
        .map(|&c| format!("{}: the drawing shows an x, the record has none", name(c)))
        .collect();
    out.extend(
        placed
            .difference(&drawn)
            .map(|&c| format!("{}: the record has an x, the drawing shows none", name(c))),
    );
    Some(Ok(out))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bots_grid_of_xs_reads_with_headers_and_row_numbers() {
        let text = "**DM 9 — all x's placed**\n```\n   A B C D\n1  . . x .\n2  x . . .\n3  . . . .\n4  . . . x\n```";
        let (n, xs) = read_drawing(text).unwrap();
        assert_eq!(n, 4);
        assert_eq!(xs, [(2, 0), (0, 1), (3, 3)].into_iter().collect());
        assert_eq!(read_drawing("x on d3"), None);
        assert_eq!(read_drawing("H6 to G8 via G6"), None);
        // Lines drawn in part 2 are no grid of x's.
        assert_eq!(read_drawing("x--x .\n. . | .\nx . x ."), None);
    }
}
