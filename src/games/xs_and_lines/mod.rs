//! x's and lines, by Leroy Quet: part 2 (drawing lines) as an exact
//! misère game.
//!
//! Each line runs from the x the opponent last drew to (any x for the
//! first line) to an x never used, straight or with one right-angle turn,
//! over no other x and crossing no earlier line; the player who draws the
//! last line loses. Only straight passes can cross, so the whole drawing
//! that matters is two cell masks — where earlier lines pass horizontally
//! and where vertically — and the solver memoises (x's used, the x to draw
//! from, those masks): exact, and small in practice because lines block.

pub mod analysis;

pub use analysis::{solve, Line, Position, XsError};
