//! A Nim race, the smallest game the registry holds: it exists only in the
//! tests (`#[cfg(test)]` on its registry line), to prove that a game is one
//! folder and one line of `games!` — replayed, verified and drawn on a
//! step page with nothing else in the crate naming it.
//!
//! One heap of stones; the players take 1 to k stones in turn, the first
//! player named first, and whoever takes the last stone wins. The player to move may claim "I can force a
//! win from here": play stops, and the claim is true when the position is
//! a win for the player to move, which [`solver`] decides exactly. The
//! host rules and a ruling may be appealed, as in every one-game match
//! ([`Ending`](crate::games::Ending)).
//!
//! Files: `rules` (config, events, the match and its reducer), `solver`
//! (the exact value of a heap), `plug` (its view, findings and title for
//! the registry), `rules.md` (the rules as written), `tests` (a match
//! through the replay, the verifier, the import and the step page).
//! Imports nothing from `log/`, `web/`, `import/` or `verify.rs` outside
//! its tests.

pub mod plug;
pub mod rules;
pub mod solver;

pub use rules::{Claim, Config, Match, Nim, Take};
