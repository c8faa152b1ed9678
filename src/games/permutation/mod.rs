//! Multiplications Within The Permutation, by Leroy Quet.
//!
//! m players place n = k·m + 1 x's on an n×n grid, one per row and column
//! (a permutation). Then 1 goes on the leftmost x and players in turn
//! write j+1 on an unnumbered x, scoring |Δrow|·|Δcolumn| between the x's
//! numbered j and j+1. Highest total wins.
//!
//! Part 2 is solved exactly by dynamic programming over (the set of x's
//! numbered, the last one): at most 2ⁿ·n states, each holding the points
//! still to come for every player under best play. With two players each
//! maximises its own total minus the other's; with more, each maximises
//! its own total; equal moves go to the x first in reading order (top row
//! first, then left to right). A two-player match is [`rules`]; its pages
//! are [`view`]; players' messages are read by [`player`], the host's by
//! [`notation`]; [`plug`] puts it in the registry.
//!
//! Imports nothing from `log/`, `web/`, `import/` or `verify.rs`
//! (`tests/layers.rs` checks it).

pub mod analysis;
pub mod notation;
pub mod player;
pub mod plug;
pub mod rules;
pub mod view;

pub use analysis::{analyse, Analysis, Perm, PermError, Position};
pub use rules::Permutation;
