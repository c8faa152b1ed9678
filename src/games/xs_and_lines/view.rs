//! What a page shows for an x's-and-lines step: the grid with its x's (the
//! x the next line must start from marked), the lines drawn in each
//! player's color, and in part 2 the exact value for the side to move with
//! every legal line's value (misère: a player with no line wins).
//!
//! Imports nothing from `log/`, `web/`, `import/` or `verify.rs`; no HTML:
//! the page draws the [`View`](crate::games::View).

use super::analysis::Cell;
use super::analysis::{solve, Position};
use super::rules::{Match, Stage};
use crate::findings::Finding;
use crate::games::one_game;
use crate::games::{
    first_best, Analysis, Drawing, MoveMark, MoveValue, Overlay, Piece, Value, View,
};

const COLORS: [&str; 2] = ["blue", "red"];

fn drawing(m: &Match) -> Drawing {
    let n = m.config.size;
    // In part 1 the x placed last is outlined; in part 2 the x the next
    // line starts from.
    let (used, from, lines): (Vec<bool>, Option<usize>, &[_]) = match &m.stage {
        Stage::Placing(xs) => (vec![false; xs.len()], xs.len().checked_sub(1), &[]),
        Stage::Drawing(p) => (
            p.xs.iter()
                .map(|x| p.lines.iter().any(|l| l.from == *x || l.to == *x))
                .collect(),
            p.from,
            &p.lines,
        ),
    };
    let pieces = m
        .xs()
        .iter()
        .enumerate()
        .map(|(i, x)| Piece {
            col: x.col,
            row: x.row,
            width: 1,
            height: 1,
            label: "×".to_string(),
            kind: if used[i] { "x-used" } else { "x" },
            highlight: from == Some(i),
        })
        .collect();
    let first = m.first.unwrap_or(0);
    let overlays = lines
        .iter()
        .enumerate()
        .map(|(i, l)| {
            let mut cells = vec![(l.from.col, l.from.row)];
            cells.extend(l.via.map(|v| (v.col, v.row)));
            cells.push((l.to.col, l.to.row));
            let seat = (first + i) % 2;
            Overlay {
                id: format!("line-{}", i + 1),
                label: format!("line {} by {}: {l}", i + 1, m.players[seat]),
                kind: COLORS[seat],
                cells,
                visible: true,
                drawn: true,
            }
        })
        .collect();
    one_game::lettered_square(n, pieces, overlays)
}

/// The exact value of a part-2 position and of each legal line. Part 1
/// of a match (8×8 and up) is too large to value; see
/// [`super::placement`] for small grids.
pub fn analysis(m: &Match) -> Option<Analysis> {
    let Stage::Drawing(p) = &m.stage else {
        return None;
    };
    let seat = m.to_move()?;
    Some(value_lines(p, seat))
}

fn value_lines(p: &Position, seat: usize) -> Analysis {
    let (wins, lines) = solve(p);
    let word = |w: bool| if w { Value::Win } else { Value::Lose };
    let moves: Vec<MoveValue> = lines
        .into_iter()
        .map(|(l, w)| MoveValue {
            name: l.to_string(),
            value: word(w),
            remoteness: None,
            detail: None,
        })
        .collect();
    Analysis {
        seat,
        value: word(wins),
        remoteness: None,
        best: first_best(&moves),
        moves,
        detail: None,
    }
}

/// The line `name` (as the analysis names it) as an arrow from its x,
/// through the corner of an L, to the other x.
pub fn move_mark(m: &Match, name: &str) -> Option<MoveMark> {
    let Stage::Drawing(p) = &m.stage else {
        return None;
    };
    let line = p
        .legal_lines()
        .into_iter()
        .find(|l| l.to_string() == name)?;
    let at = |c: Cell| (i16::from(c.col), i16::from(c.row));
    let mut path = vec![at(line.from)];
    path.extend(line.via.map(at));
    path.push(at(line.to));
    Some(MoveMark {
        name: line.to_string(),
        path,
    })
}

pub fn view(m: &Match) -> View {
    let n = m.config.size as usize;
    let mut facts = Vec::new();
    match &m.stage {
        Stage::Placing(xs) => {
            facts.push((
                "Part 1".to_string(),
                format!("{} of {n} x's placed", xs.len()),
            ));
            // Say why there is no analysis panel yet.
            facts.push((
                "Analysis".to_string(),
                if n <= super::placement::MAX_PLACING as usize {
                    format!(
                        "from part 2 on; part 1 of {n}×{n} is valued by `arbiter solve xs-and-lines --size {n}`, not on this page"
                    )
                } else {
                    format!(
                        "from part 2 on; part 1 of {n}×{n} is too large to value exactly (3×3 to {m}×{m} can be)",
                        m = super::placement::MAX_PLACING
                    )
                },
            ));
        }
        Stage::Drawing(p) => {
            facts.push((
                "Part 2".to_string(),
                format!("{} lines drawn", p.lines.len()),
            ));
            facts.push((
                "Next line from".to_string(),
                p.from
                    .map_or_else(|| "any x".to_string(), |f| p.xs[f].to_string()),
            ));
        }
    }
    one_game::view(drawing(m), facts, m.to_move(), &m.ending, &m.players)
}

/// One finding: the ruling beside the rules' end of the game.
pub fn findings(m: &Match) -> Vec<Finding> {
    let truth = match &m.stage {
        Stage::Placing(xs) => format!("part 1: {} x's placed", xs.len()),
        Stage::Drawing(p) => format!("part 2: {} lines drawn", p.lines.len()),
    };
    m.ending
        .findings(&m.players, truth, "the game had not ended by the rules")
}
