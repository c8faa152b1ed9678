//! Duorail's numbers over a match, for the chart under its step pages:
//! each player's longest track (in their own color, common pieces
//! included) after every step, as the step view's facts say it. The
//! solver runs only when the board changed.
//!
//! Imports nothing from `log/`, `web/`, `import/` or `verify.rs`; the
//! lengths come from `solver` and the words from `games::words`.

use std::time::Duration;

use super::board::{Board, Color};
use super::rules::Match;
use super::solver::longest;
use crate::games::series::{Chart, Line, Mark, Series};
use crate::games::words::count;

/// The series as it grows, with the board its lengths were found on.
#[derive(Clone, Debug, Default)]
pub struct Fold {
    series: Series,
    /// The board last measured and its longest lengths, blue then red.
    last: Option<(Board, [usize; 2])>,
}

impl Fold {
    /// A fold from the first step. The longest-track search always runs to the end:
    /// no `_limit`.
    pub fn new(_limit: Option<Duration>) -> Fold {
        Fold::default()
    }
}

impl Chart<Match> for Fold {
    /// Folds step `k`, whose state is `m`.
    fn step(&mut self, k: usize, m: &Match) {
        let Some(blue) = m.blue else { return };
        if self.series.lines.is_empty() {
            self.series = Series {
                title: "Longest tracks".to_string(),
                unit: "cells",
                none: None,
                lines: [Color::Blue, Color::Red]
                    .into_iter()
                    .map(|c| {
                        let seat = if c == Color::Blue { blue } else { 1 - blue };
                        Line::new(
                            format!("{} ({}): longest track", m.players[seat], c.name()),
                            c.name(),
                            Mark::Level,
                        )
                    })
                    .collect(),
            };
        }
        let lengths = match &self.last {
            Some((board, lengths)) if *board == m.board => *lengths,
            _ => {
                let lengths = [Color::Blue, Color::Red].map(|c| longest(&m.board, c).length);
                self.last = Some((m.board.clone(), lengths));
                lengths
            }
        };
        for (line, n) in self.series.lines.iter_mut().zip(lengths) {
            let text = if n == 0 {
                "no track possible".to_string()
            } else {
                count(n, "cell", "cells")
            };
            line.hold(k, Some(n as u32), text, true);
        }
    }

    fn series(&self) -> &Series {
        &self.series
    }
}
