//! Bejeweled's numbers over a match, for the chart under its step pages:
//! each round's best possible claim (the exhaustive search the verifier
//! runs, [`super::check`], remembered there, so a page's findings and its
//! chart search a round once) held over the round's steps, beside the
//! claims the players made, each marked at its step.
//!
//! Imports nothing from `log/`, `web/`, `import/` or `verify.rs`; the
//! numbers come from `check` and the words from `games::words`.

use std::time::Duration;

use super::grid::Grid;
use super::proof::Offer;
use super::rules::Match;
use crate::games::series::{Chart, Line, Mark, Series};
use crate::games::words::{count, possessive};

/// The series as it grows, with the round last searched.
#[derive(Clone, Debug)]
pub struct Fold {
    series: Series,
    /// How long one round's search may take; `None`: as long as it needs.
    limit: Option<Duration>,
    /// The round last searched and what the search found.
    last: Option<Searched>,
    /// The claims of the current round already marked.
    claims_seen: usize,
}

/// A round's best claim, as far as its search went.
#[derive(Clone, Debug)]
struct Searched {
    round: u32,
    grid: Grid,
    offer: Offer,
    best: u32,
    /// Every choice was tried (not stopped by the time limit).
    exact: bool,
}

impl Fold {
    pub fn new(limit: Option<Duration>) -> Fold {
        Fold {
            series: Series::default(),
            limit,
            last: None,
            claims_seen: 0,
        }
    }
}

impl Chart<Match> for Fold {
    /// Folds step `k`, whose state is `m`.
    fn step(&mut self, k: usize, m: &Match) {
        let Some(r) = m.rounds.last() else { return };
        if self.series.lines.is_empty() {
            self.series = Series {
                title: "Best possible claim beside the claims".to_string(),
                unit: "gems",
                none: None,
                lines: vec![
                    Line::new("best possible claim", "best", Mark::Level),
                    Line::new(
                        format!("{} claims", possessive(&m.players[0])),
                        "seat-0",
                        Mark::Dot,
                    ),
                    Line::new(
                        format!("{} claims", possessive(&m.players[1])),
                        "seat-1",
                        Mark::Dot,
                    ),
                ],
            };
        }
        let same_round = self.last.as_ref().is_some_and(|l| l.round == r.number);
        let searched = self
            .last
            .as_ref()
            .is_some_and(|l| same_round && l.grid == r.grid && l.offer == r.offer);
        if !searched {
            let b = super::check::best(&r.grid, r.offer, self.limit);
            self.last = Some(Searched {
                round: r.number,
                grid: r.grid,
                offer: r.offer,
                best: b.removed as u32,
                exact: b.exact,
            });
        }
        if !same_round || r.claims.len() < self.claims_seen {
            self.claims_seen = 0;
        }
        let Some(s) = &self.last else { return };
        let gems = count(s.best as usize, "gem", "gems");
        let text = if s.exact {
            format!("{gems} (round {})", s.round)
        } else {
            format!(
                "at least {gems} (round {}; the search stopped early)",
                s.round
            )
        };
        self.series.lines[0].hold(k, Some(s.best), text, same_round);
        for c in r.claims.iter().skip(self.claims_seen) {
            let beside = match (c.gems.cmp(&s.best), s.exact) {
                (std::cmp::Ordering::Greater, true) => "more than the best possible",
                (std::cmp::Ordering::Greater, false) => "more than the best found",
                (std::cmp::Ordering::Equal, true) => "the best possible",
                (std::cmp::Ordering::Equal, false) => "the best found",
                (std::cmp::Ordering::Less, true) => "less than the best possible",
                (std::cmp::Ordering::Less, false) => "less than the best found",
            };
            if let Some(line) = self.series.lines.get_mut(1 + c.by.min(1)) {
                line.dot(
                    k,
                    c.gems,
                    format!("{}, {beside}", count(c.gems as usize, "gem", "gems")),
                );
            }
        }
        self.claims_seen = r.claims.len();
    }

    fn series(&self) -> &Series {
        &self.series
    }
}
