//! The permutation game in the registry: what the pages, the verifier and
//! the chat import ask of it beside its rules ([`Plug`]): part 2's exact
//! best play (`view`) and the words of its chat (`notation`, `player`),
//! the parts every small game fills in alike
//! ([`one_game::plug_parts!`]).
//!
//! Imports nothing from `log/`, `web/`, `import/` or `verify.rs`.

use super::rules::Permutation;
use super::{notation, player, view};
use crate::games::one_game;
use crate::games::Plug;

impl Plug for Permutation {
    const TITLE: &'static str = "Multiplications Within The Permutation";
    const RULES: &'static str = include_str!("../../../docs/rules/permutation.md");

    one_game::plug_parts!(first: first, setup: "{} places first");
}
