//! x's and lines, by Leroy Quet: place n x's on an n×n grid (part 1), then
//! draw lines between them (part 2); whoever draws the last line loses.
//!
//! Each line runs from the x the opponent last drew to (any x for the
//! first line) to an x never used, straight or with one right-angle turn,
//! over no other x and crossing no earlier line. Only straight passes can
//! cross, so the whole drawing that matters is two cell masks — where
//! earlier lines pass horizontally and where vertically — and the part-2
//! solver memoises (x's used, the x to draw from, those masks): exact, and
//! small in practice because lines block. Part 1 is valued on grids up to
//! 6×6 by [`placement`]. A match is [`rules`]; its pages are [`view`];
//! players' messages are read by [`player`] (with [`message`] and its
//! word lists in `markers`, which Dodgem and the permutation game
//! share), the host's by
//! [`notation`]; [`plug`] puts it in the registry.
//!
//! Imports nothing from `log/`, `web/`, `import/` or `verify.rs`
//! (`tests/layers.rs` checks it).

pub mod analysis;
pub mod drawing;
mod markers;
pub mod message;
pub mod notation;
pub mod placement;
pub mod player;
pub mod plug;
#[cfg(test)]
pub mod reader_checks;
pub mod rules;
pub mod view;

pub use analysis::{solve, Cell, Line, Position, XsError};
pub use placement::{solve_placing, Placing};
pub use rules::XsAndLines;
