//! The page of a one-game match (Dodgem, x's and lines, the permutation
//! game): the game's own drawing and facts, then what its [`Ending`] says
//! (the ruling beside the rules' end) and the two scores.
//!
//! It owns only that assembly, and the square lettered board x's and lines
//! and the permutation game draw on; the facts, pieces and overlays are
//! each game's `view`. It imports nothing outside `games`.

use super::ending::Ending;
use super::{Drawing, Overlay, Piece, View};

/// The view of a one-game match: `drawing` and `facts`, the ending's fact
/// after them, and the scores as ruled and by the rules.
pub fn view(
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

/// A square board of `n` columns `A`, `B`, … and rows `1`, `2`, … with
/// `pieces` on it and `overlays` over it.
pub fn lettered_square(n: u8, pieces: Vec<Piece>, overlays: Vec<Overlay>) -> Drawing {
    Drawing {
        cols: n,
        rows: n,
        col_names: (0..n).map(|c| ((b'A' + c) as char).to_string()).collect(),
        row_names: (1..=n).map(|r| r.to_string()).collect(),
        pieces,
        exit_row: None,
        rails: Vec::new(),
        overlays,
        gems: Vec::new(),
    }
}
