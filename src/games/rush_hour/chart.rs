//! Traffic Jam's numbers over a match, for the chart under its step pages:
//! the optimal length of each round's board as it is built (the opening,
//! then after each placement), against the round's target. The lengths
//! are the exact solver's ([`super::solver`]), the one the verifier uses
//! for a claim; it runs only when the board changed.
//!
//! Imports nothing from `log/`, `web/`, `import/` or `verify.rs`; the
//! lengths come from `solver`, and the words from `games::words` and the
//! verifier's `check` (a length beside the target).

use std::time::Duration;

use super::board::Board;
use super::check::beside_target;
use super::rules::Match;
use super::solver::solve;
use crate::games::series::{Chart, Line, Mark, Series};
use crate::games::words::count;

/// The series as it grows, with the board last solved.
#[derive(Clone, Debug, Default)]
pub struct Fold {
    series: Series,
    /// (round number, board, its optimal length) last solved.
    last: Option<(u32, Board, Option<usize>)>,
}

/// The optimal length beside the target, in the verifier's words.
fn against(optimal: Option<usize>, target: u32) -> String {
    let target = target as usize;
    match optimal {
        None => "no solution".to_string(),
        Some(k) => format!(
            "{}, {}",
            count(k, "move", "moves"),
            beside_target(k, target)
        ),
    }
}

/// The chart's two lines, the round's target and the optimal length,
/// before their first points.
fn target_and_optimal() -> Series {
    Series {
        title: "Optimal length against the target".to_string(),
        unit: "moves",
        none: Some(("∞", "no solution")),
        lines: vec![
            Line::new("the round's target", "target", Mark::Level),
            Line::new("optimal length", "optimal", Mark::Level),
        ],
    }
}

impl Fold {
    /// A fold from the first step. The solver always runs to the end:
    /// no `_limit`.
    pub fn new(_limit: Option<Duration>) -> Fold {
        Fold::default()
    }
}

impl Chart<Match> for Fold {
    /// Folds step `k`, whose state is `m`.
    fn step(&mut self, k: usize, m: &Match) {
        let Some(r) = m.rounds.last() else { return };
        if self.series.lines.is_empty() {
            self.series = target_and_optimal();
        }
        let same_round = self.last.as_ref().is_some_and(|(n, ..)| *n == r.number);
        let optimal = match &self.last {
            Some((n, board, optimal)) if *n == r.number && *board == r.board => *optimal,
            _ => {
                let optimal = solve(&r.board).optimal();
                self.last = Some((r.number, r.board.clone(), optimal));
                optimal
            }
        };
        let [target, best] = &mut self.series.lines[..] else {
            return;
        };
        target.hold(
            k,
            Some(r.target),
            format!(
                "{} (round {})",
                count(r.target as usize, "move", "moves"),
                r.number
            ),
            same_round,
        );
        best.hold(
            k,
            optimal.map(|n| n as u32),
            against(optimal, r.target),
            same_round,
        );
    }

    fn series(&self) -> &Series {
        &self.series
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_optimal_length_is_worded_against_the_target() {
        assert_eq!(against(Some(12), 10), "12 moves, 2 more than the target");
        assert_eq!(against(Some(10), 10), "10 moves, exactly the target");
        assert_eq!(against(Some(1), 10), "1 move, 9 fewer than the target");
        assert_eq!(against(None, 10), "no solution");
    }
}
