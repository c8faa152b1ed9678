//! Dodgem in the registry: what the pages, the verifier and the chat
//! import ask of it beside its rules ([`Plug`]): the parts every small
//! game fills in alike from its `notation`, `player` and `view`
//! ([`one_game::plug_parts!`]), and Dodgem's own: the note on a big
//! board's analysis while its tables are built, and when tables arrive
//! (`view`, `shelf`).
//!
//! Imports nothing from `log/`, `web/`, `import/` or `verify.rs`.

use super::rules::{Dodgem, Match};
use super::{notation, player, shelf, view};
use crate::games::one_game;
use crate::games::{AnalysisNote, Plug};

impl Plug for Dodgem {
    const TITLE: &'static str = "Dodgem";
    const RULES: &'static str = include_str!("../../../docs/rules/dodgem.md");

    one_game::plug_parts!(first: blue, setup: "{} plays blue");

    fn analysis_note(m: &Match) -> Option<AnalysisNote> {
        view::analysis_note(m)
    }

    /// Tables arrive for Dodgem alone: built in the background or found
    /// saved.
    fn analysis_generation() -> u64 {
        shelf::shelf().generation()
    }
}
