//! A game's own numbers over a match, for the chart under its step pages:
//! named lines of values held over runs of steps (Duorail's longest tracks,
//! a Traffic Jam round's optimal length against its target, a Bejeweled
//! round's best claim beside the claims made).
//!
//! The game reads the numbers off its states and words them; the web only
//! draws what it is given ([`Series`] holds no HTML and no geometry). A
//! series is a fold over the steps ([`SeriesFold`]), grown step by step
//! like the replay, so an append values only its new steps: the solvers
//! behind the numbers run once per position, not once per page.
//!
//! A game offers its fold through [`Plug::chart`](super::Plug::chart);
//! this module names no game. Imports nothing from `log/`, `web/`,
//! `import/` or `verify.rs`.

use std::fmt::Debug;

use serde::Serialize;

use super::{Charting, MatchState};

/// Named lines of values over a match's steps, as a game words them.
#[derive(Clone, PartialEq, Eq, Debug, Default, Serialize)]
pub struct Series {
    /// What the chart shows, as a heading ("Longest tracks").
    pub title: String,
    /// What the values count, for the axis: "cells", "moves", "gems".
    pub unit: &'static str,
    /// How a run with no value is marked on the axis and what that means
    /// (`("∞", "no solution")`), when a line can have one.
    pub none: Option<(&'static str, &'static str)>,
    pub lines: Vec<Line>,
}

/// One named line of a [`Series`].
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Line {
    /// What it is, for the legend ("wren (blue): longest track").
    pub label: String,
    /// For styling: `blue`, `red`, `target`, `best`, `seat-0`, `seat-1`.
    pub kind: &'static str,
    /// Drawn as a line through its runs, or as marks only.
    pub mark: Mark,
    /// In step order, never overlapping.
    pub runs: Vec<Run>,
}

/// How a [`Line`] is drawn.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Mark {
    /// A level held over each run, joined to the run before it when the
    /// game says so (a value that changed within one round).
    Level,
    /// A mark at each run's first step (a claim).
    Dot,
}

/// A value held from one step to another.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Run {
    /// The first step (index into the replay's steps) it holds at.
    pub from: usize,
    /// The last step it holds at (inclusive).
    pub until: usize,
    /// `None`: no value (an unsolvable board), marked as [`Series::none`].
    pub value: Option<u32>,
    /// Drawn joined to the run before it (same round, next step).
    pub joined: bool,
    /// The value in the game's words ("7 cells", "optimal 12 moves").
    pub text: String,
}

impl Line {
    pub fn new(label: impl Into<String>, kind: &'static str, mark: Mark) -> Line {
        Line {
            label: label.into(),
            kind,
            mark,
            runs: Vec::new(),
        }
    }

    /// Holds `value` at step `k`: the last run grows when it ends at the
    /// step before with the same value and words and `joined` (the same
    /// round) says so; otherwise a new run starts, joined to the last one
    /// when `joined` and they touch.
    pub fn hold(&mut self, k: usize, value: Option<u32>, text: impl Into<String>, joined: bool) {
        let text = text.into();
        let touches = self.runs.last().is_some_and(|r| r.until + 1 == k);
        if let Some(last) = self.runs.last_mut() {
            if joined && touches && last.value == value && last.text == text {
                last.until = k;
                return;
            }
        }
        self.runs.push(Run {
            from: k,
            until: k,
            value,
            joined: joined && touches,
            text,
        });
    }

    /// A mark at step `k` alone (a claim).
    pub fn dot(&mut self, k: usize, value: u32, text: impl Into<String>) {
        self.runs.push(Run {
            from: k,
            until: k,
            value: Some(value),
            joined: false,
            text: text.into(),
        });
    }
}

impl Series {
    /// The largest value of any run, 0 when none has one.
    pub fn max_value(&self) -> u32 {
        self.runs().filter_map(|r| r.value).max().unwrap_or(0)
    }

    /// Whether any run has no value.
    pub fn has_none(&self) -> bool {
        self.runs().any(|r| r.value.is_none())
    }

    /// Whether there is nothing to draw.
    pub fn is_empty(&self) -> bool {
        self.runs().next().is_none()
    }

    fn runs(&self) -> impl Iterator<Item = &Run> {
        self.lines.iter().flat_map(|l| &l.runs)
    }
}

/// One game's series as it grows, a fold over the steps of a match: it
/// keeps what it needs to tell a changed position from the last one, so
/// its solver runs only when the position changed.
pub trait Chart<S>: ChartClone<S> + Debug + Send + Sync {
    /// Folds step `k`, whose state (after the step) is `m`. Steps come in
    /// order, each once.
    fn step(&mut self, k: usize, m: &S);
    /// The series so far.
    fn series(&self) -> &Series;
}

/// A boxed [`Chart`] copied: a page cache grows its own copy of a fold
/// that readers still hold.
pub trait ChartClone<S> {
    fn boxed(&self) -> Box<dyn Chart<S>>;
}

impl<S, T: Chart<S> + Clone + 'static> ChartClone<S> for T {
    fn boxed(&self) -> Box<dyn Chart<S>> {
        Box::new(self.clone())
    }
}

impl<S> Clone for Box<dyn Chart<S>> {
    fn clone(&self) -> Self {
        self.boxed()
    }
}

/// A match's [`Series`] as it grows. The first step with a state picks the
/// game, and with it the game's [`Chart`].
#[derive(Clone, Debug)]
pub enum SeriesFold {
    /// No state yet (before a valid Create). A search may take this long
    /// per round; `None`: as long as it needs.
    Waiting(Option<std::time::Duration>),
    Folding(Charting),
    /// A game with no series of its own (its chart is the value history).
    Without,
}

impl SeriesFold {
    /// An empty fold; `limit` bounds each long search (a Bejeweled best
    /// claim).
    pub fn new(limit: Option<std::time::Duration>) -> SeriesFold {
        SeriesFold::Waiting(limit)
    }

    /// Folds step `k` (its state after the step, `None` before a valid
    /// Create). Steps come in order, each once.
    pub fn step(&mut self, k: usize, state: Option<&MatchState>) {
        let Some(state) = state else { return };
        if let SeriesFold::Waiting(limit) = *self {
            *self = state
                .chart(limit)
                .map_or(SeriesFold::Without, SeriesFold::Folding);
        }
        if let SeriesFold::Folding(f) = self {
            f.step(k, state);
        }
    }

    /// The series so far; `None` for a game without one or with nothing
    /// to draw yet.
    pub fn series(&self) -> Option<&Series> {
        let SeriesFold::Folding(f) = self else {
            return None;
        };
        let s = f.series();
        (!s.is_empty()).then_some(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_held_value_grows_its_run_and_a_change_starts_a_joined_one() {
        let mut l = Line::new("x", "blue", Mark::Level);
        // (step, value, words, joined), in step order.
        let holds = [
            (2, Some(3), "3 cells", false),
            (3, Some(3), "3 cells", true),
            (4, Some(5), "5 cells", true),
            // A new round: not joined, even with the same value.
            (5, Some(5), "5 cells", false),
        ];
        for (k, value, words, joined) in holds {
            l.hold(k, value, words, joined);
        }
        let runs: Vec<_> = l
            .runs
            .iter()
            .map(|r| (r.from, r.until, r.value, r.joined))
            .collect();
        assert_eq!(
            runs,
            [
                (2, 3, Some(3), false),
                (4, 4, Some(5), true),
                (5, 5, Some(5), false)
            ]
        );
    }

    #[test]
    fn a_gap_between_steps_is_never_joined() {
        let mut l = Line::new("x", "blue", Mark::Level);
        l.hold(2, Some(3), "3", false);
        l.hold(6, Some(3), "3", true);
        assert_eq!(l.runs.len(), 2);
        assert!(!l.runs[1].joined);
    }
}
