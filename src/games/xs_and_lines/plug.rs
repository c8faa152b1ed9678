//! x's and lines in the registry: what the pages, the verifier and the
//! chat import ask of it beside its rules ([`Plug`]): part 2's exact
//! values (`view`) and the words of its chat (`notation`, `player`), the
//! parts every small game fills in alike ([`one_game::plug_parts!`]), and
//! its own: grids of x's a host posts (`drawing`).
//!
//! Imports nothing from `log/`, `web/`, `import/` or `verify.rs`.

use super::rules::{Match, XsAndLines};
use super::{drawing, notation, player, view};
use crate::games::one_game;
use crate::games::Plug;

impl Plug for XsAndLines {
    const TITLE: &'static str = "x's and lines";
    const RULES: &'static str = include_str!("../../../docs/rules/xs-and-lines.md");

    one_game::plug_parts!(first: first, setup: "{} is player 1");

    /// A grid of x's a host posts, compared with the replay's.
    fn board_evidence(m: &Match, text: &str) -> Option<Result<Vec<String>, String>> {
        drawing::evidence(text, m)
    }
}
