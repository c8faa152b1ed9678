//! What a page shows for a permutation-game step: the grid with its x's
//! (numbered ones carry their number), each scoring move's rectangle
//! between the x's numbered j and j+1 (its area is the points), and in
//! part 2 the exact best play for both with each next x's value.
//!
//! Imports nothing from `log/`, `web/`, `import/` or `verify.rs`; no HTML:
//! the page draws the [`View`](crate::games::View).

use super::analysis::analyse;
use super::rules::{Match, Stage};
use crate::findings::Finding;
use crate::games::one_game;
use crate::games::{self, Drawing, MoveMark, MoveValue, Overlay, Piece, Value, View};

fn drawing(m: &Match) -> Drawing {
    let n = m.config.size;
    let mut pieces = Vec::new();
    let mut overlays = Vec::new();
    match &m.stage {
        Stage::Placing(xs) => {
            for (i, x) in xs.iter().enumerate() {
                pieces.push(Piece {
                    col: x.col,
                    row: x.row,
                    width: 1,
                    height: 1,
                    label: "×".to_string(),
                    kind: "x",
                    highlight: i + 1 == xs.len(),
                });
            }
        }
        Stage::Numbering(p) => {
            let number = |c: usize| p.numbered.iter().position(|&x| x == c);
            for c in 0..p.perm.n() {
                let k = number(c);
                pieces.push(Piece {
                    col: c as u8,
                    row: p.perm.rows[c],
                    width: 1,
                    height: 1,
                    label: k.map_or_else(|| "×".to_string(), |k| (k + 1).to_string()),
                    kind: if k.is_some() { "x-used" } else { "x" },
                    highlight: k.is_some_and(|k| k + 1 == p.numbered.len()),
                });
            }
            let first = m.first.unwrap_or(0);
            for (j, w) in p.numbered.windows(2).enumerate() {
                let (a, b) = (w[0], w[1]);
                let (ra, rb) = (p.perm.rows[a], p.perm.rows[b]);
                let (ca, cb) = (a as u8, b as u8);
                let last = j + 2 == p.numbered.len();
                overlays.push(Overlay {
                    id: format!("score-{}", j + 2),
                    label: format!(
                        "{} to {} by {}: {} points",
                        j + 1,
                        j + 2,
                        m.players[(first + j) % 2],
                        p.perm.points(a, b)
                    ),
                    // Each player's rectangles in their color, the last
                    // one outlined.
                    kind: match ((first + j) % 2, last) {
                        (0, false) => "score blue",
                        (0, true) => "score blue last",
                        (_, false) => "score red",
                        (_, true) => "score red last",
                    },
                    cells: vec![(ca, ra), (cb, ra), (cb, rb), (ca, rb), (ca, ra)],
                    visible: true,
                    drawn: true,
                });
            }
        }
    }
    one_game::lettered_square(n, pieces, overlays)
}

/// Win, lose or draw for `seat` from final totals by numbering order.
fn outcome(totals_by_seat: [u32; 2], seat: usize) -> Value {
    match totals_by_seat[seat].cmp(&totals_by_seat[1 - seat]) {
        std::cmp::Ordering::Greater => Value::Win,
        std::cmp::Ordering::Less => Value::Lose,
        std::cmp::Ordering::Equal => Value::Draw,
    }
}

/// Exact best play in part 2: the value for the side to move (from the
/// final totals), the numbers still to write as remoteness, and every
/// next x with the totals it leads to and its loss against the best.
pub fn analysis(m: &Match) -> Option<games::Analysis> {
    let Stage::Numbering(p) = &m.stage else {
        return None;
    };
    let first = m.first?;
    let seat = m.to_move()?;
    let left = (p.perm.n() - p.numbered.len()) as u32;
    let a = analyse(p);
    // Totals come by numbering order (player 1 first); pages speak seats.
    let by_seat = |t: &[u32]| {
        let mut s = [0u32; 2];
        s[first] = t[0];
        s[1 - first] = t[1];
        s
    };
    let say = |s: [u32; 2]| format!("{} {} – {} {}", m.players[0], s[0], s[1], m.players[1]);
    let moves = a
        .moves
        .iter()
        .map(|(x, totals, loss)| MoveValue {
            name: x.clone(),
            value: outcome(by_seat(totals), seat),
            remoteness: Some(left),
            detail: Some(if *loss == 0 {
                format!("{}, best", say(by_seat(totals)))
            } else {
                format!("{}, {loss} worse than the best", say(by_seat(totals)))
            }),
        })
        .collect();
    let best = by_seat(&a.totals);
    Some(games::Analysis {
        seat,
        value: outcome(best, seat),
        remoteness: Some(left),
        // The solver's measure (own points less the other's), not only
        // win or lose: the first x that loses nothing by it.
        best: a.moves.iter().position(|(_, _, loss)| *loss == 0),
        moves,
        detail: Some(match a.best.as_deref() {
            Some(x) => format!("best play ends {}; the best next x is {x}", say(best)),
            None => format!("best play ends {}", say(best)),
        }),
    })
}

/// The next x `name` as an arrow from the x numbered last to it: the
/// rectangle between the two is what the move scores.
pub fn move_mark(m: &Match, name: &str) -> Option<MoveMark> {
    let Stage::Numbering(p) = &m.stage else {
        return None;
    };
    let c = p.perm.column_of(name).ok()?;
    if p.numbered.contains(&c) {
        return None;
    }
    let at = |c: usize| (c as i16, i16::from(p.perm.rows[c]));
    let mut path: Vec<(i16, i16)> = p.numbered.last().map(|&l| at(l)).into_iter().collect();
    path.push(at(c));
    Some(MoveMark {
        name: p.perm.name(c),
        path,
    })
}

pub fn view(m: &Match) -> View {
    let n = m.config.size as usize;
    let mut facts = Vec::new();
    match &m.stage {
        Stage::Placing(xs) => facts.push((
            "Part 1".to_string(),
            format!("{} of {n} x's placed", xs.len()),
        )),
        Stage::Numbering(p) => {
            facts.push((
                "Part 2".to_string(),
                format!("{} of {n} x's numbered", p.numbered.len()),
            ));
            let t = m.points();
            facts.push((
                "Points".to_string(),
                format!("{} {} – {} {}", m.players[0], t[0], t[1], m.players[1]),
            ));
        }
    }
    one_game::view(drawing(m), facts, m.to_move(), &m.ending, &m.players)
}

/// One finding: the ruling beside the rules' end of the game.
pub fn findings(m: &Match) -> Vec<Finding> {
    let truth = match &m.stage {
        Stage::Placing(xs) => format!("part 1: {} x's placed", xs.len()),
        Stage::Numbering(p) => {
            let t = m.points();
            format!(
                "{} of {} x's numbered; {} {} – {} {}",
                p.numbered.len(),
                p.perm.n(),
                m.players[0],
                t[0],
                t[1],
                m.players[1]
            )
        }
    };
    m.ending
        .findings(&m.players, truth, "the game had not ended by the rules")
}
