//! What a page shows for a Dodgem step, GamesmanUni style: the board, the
//! value of the position for the side to move with its remoteness, every
//! legal move with the value it leads to (the page flags a move that
//! threw a win away by comparing two steps' analyses). Boards up to 4×4 are solved on first use (well under a
//! second) and kept for the life of the process; 5×5 analysis needs
//! minutes, so its pages show the board without it.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, OnceLock};

use super::board::{Position, Side, StuckRule};
use super::rules::Match;
use super::solver::Tables;
use crate::games::{Analysis, Drawing, MoveValue, Piece, View};
use crate::verify::Finding;

/// Solved tables by (size, rule slug).
type Solved = BTreeMap<(u8, &'static str), Arc<Tables>>;

/// Solved tables shared by every page: derived data, a cache.
fn tables(n: u8, rule: StuckRule) -> Option<Arc<Tables>> {
    static CACHE: OnceLock<Mutex<Solved>> = OnceLock::new();
    if n > 4 {
        return None;
    }
    let cache = CACHE.get_or_init(Mutex::default);
    let mut map = cache.lock().ok()?;
    Some(
        map.entry((n, rule.slug()))
            .or_insert_with(|| Arc::new(Tables::solve(n, rule, |_, _, _| {})))
            .clone(),
    )
}

fn drawing(p: &Position) -> Drawing {
    let n = p.n;
    let mut pieces = Vec::new();
    for cell in 0..n * n {
        let kind = if p.blue & (1 << cell) != 0 {
            "blue"
        } else if p.red & (1 << cell) != 0 {
            "red"
        } else {
            continue;
        };
        pieces.push(Piece {
            col: cell % n,
            // Rows are drawn top to bottom; row n (the top) first.
            row: n - 1 - cell / n,
            width: 1,
            height: 1,
            label: String::new(),
            kind,
            highlight: false,
        });
    }
    Drawing {
        cols: n,
        rows: n,
        col_names: (0..n).map(|c| ((b'a' + c) as char).to_string()).collect(),
        row_names: (1..=n).rev().map(|r| r.to_string()).collect(),
        pieces,
        exit_row: None,
        rails: Vec::new(),
        overlays: Vec::new(),
        gems: Vec::new(),
    }
}

/// The exact value of the position and of every legal move (boards up
/// to 4×4; `None` before the host names blue, and for 5×5).
pub fn analysis(m: &Match) -> Option<Analysis> {
    let seat = m.seat(m.position.to_move)?;
    let t = tables(m.config.size, m.config.rule)?;
    let (value, remoteness) = t.value_of(&m.position);
    let moves = t
        .moves(&m.position)
        .into_iter()
        .map(|(name, value, remoteness)| MoveValue {
            name,
            value,
            remoteness,
            detail: None,
        })
        .collect();
    Some(Analysis {
        seat,
        value,
        remoteness,
        moves,
        detail: None,
    })
}

pub fn view(m: &Match) -> View {
    let mut facts = Vec::new();
    let side = m.position.to_move;
    if let Some(seat) = m.seat(side) {
        facts.push((
            "To move".to_string(),
            format!(
                "{} ({})",
                m.players[seat],
                if side == Side::Blue { "blue" } else { "red" }
            ),
        ));
    }
    facts.push(("Position".to_string(), m.position.to_string()));
    facts.extend(m.ending.fact(&m.players));
    let (score, score_by_rules) = m.ending.scores();
    View {
        drawing: Some(drawing(&m.position)),
        facts,
        score,
        score_by_rules,
        substeps: Vec::new(),
    }
}

/// One finding: the ruling beside the rules' end of the game.
pub fn findings(m: &Match) -> Vec<Finding> {
    m.ending.findings(
        &m.players,
        format!(
            "{} moves played; final position {}",
            m.moves.len(),
            m.position
        ),
        "the game had not ended by the rules; a draw by repetition is the host's call",
    )
}
