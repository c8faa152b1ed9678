//! The page of a one-game match (Dodgem, x's and lines, the permutation
//! game): the game's own drawing and facts, then what its [`Ending`] says
//! (the ruling beside the rules' end) and the two scores.
//!
//! It owns only that assembly; the facts and the drawing are each game's
//! `view`. It imports nothing outside `games`.

use super::ending::Ending;
use super::{Drawing, View};

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
