//! The charts under a step page: the value history of a solved game
//! ([`value`], GamesmanUni's remoteness chart) and a game's own series
//! ([`series`]: Duorail's longest tracks, a Traffic Jam round's optimal
//! length against its target, Bejeweled's best claims beside the claims).
//!
//! A match can run to a thousand steps and more, and a step page must not
//! grow with it. Everything is drawn once per match head ([`ChartBase`]) in
//! a fixed box the page scales to the screen, its paths thinned to a few
//! vertices per unit of width ([`frame`]); a request adds only its own
//! step's marks, its caption and the focusable points of the steps around
//! it ([`WINDOW`] each side; a short match has all of them), each a link
//! to its step with a title saying the move and its value. A click
//! elsewhere on a chart opens the step under it (`replay.js` reads the
//! `data-` geometry); without script the event list links every step.
//!
//! Draws only: the values and their words come from the replay's analyses
//! and the game's [`Series`]; this holds no rules and builds no HTML (the
//! template `chart.html` does).

mod frame;
mod series;
mod value;

use std::fmt::Write;
use std::sync::Arc;

use frame::{num, Frame, LEFT, WIDTH};

use crate::games::series::Series;
use crate::replay::{Replay, Timeline};

/// How many steps on each side of the shown one get a focusable point
/// when a match has more points than fit the page's budget.
pub const WINDOW: usize = 30;

/// One chart, drawn for every step page of a match head.
pub struct Drawn {
    /// The SVG's id: `value-chart` or `series-chart`.
    pub id: &'static str,
    /// The heading above it.
    pub title: String,
    /// What it shows, for a screen reader.
    pub label: String,
    /// (class, words) under it.
    pub legend: Vec<(&'static str, String)>,
    /// What the values count, written above the value labels.
    pub unit: String,
    frame: Frame,
    /// Tinted bands behind the plot: (class, top, height).
    bands: Vec<(&'static str, f64, f64)>,
    /// Faint lines at the labelled values and steps.
    pub grid: String,
    /// The draw line, for the value history.
    middle: Option<f64>,
    pub labels: Vec<Label>,
    /// (class, path data), drawn in order.
    pub paths: Vec<(String, String)>,
    /// Every point a reader may focus, in step order.
    points: Vec<Point>,
}

/// A label on an axis.
pub struct Label {
    pub x: String,
    pub y: String,
    /// `at-end` (values, left of the plot) or `at-mid` (steps, below it).
    pub anchor: &'static str,
    pub text: String,
}

impl Label {
    /// A value's label, left of the plot at height `y`.
    fn value(y: f64, text: String) -> Label {
        Label {
            x: num(LEFT - 8.0),
            y: num(y + 4.5),
            anchor: "at-end",
            text,
        }
    }
}

/// A point of a chart: a link to its step, saying the move and its value.
pub struct Point {
    /// The step it opens.
    pub k: usize,
    pub x: String,
    pub y: String,
    /// For styling: the value (`v-win`) or the line's kind (`blue`).
    pub class: &'static str,
    pub title: String,
}

impl Drawn {
    pub fn width(&self) -> String {
        num(WIDTH)
    }
    pub fn height(&self) -> String {
        num(self.frame.box_height())
    }
    /// Where step 0's column starts and how wide a column is, for the
    /// click handler.
    pub fn left(&self) -> String {
        num(LEFT)
    }
    pub fn pitch(&self) -> String {
        format!("{:.4}", self.frame.pitch())
    }
    /// The bands as (class, y, height), for the template.
    pub fn bands(&self) -> Vec<(&'static str, String, String)> {
        self.bands
            .iter()
            .map(|(c, y, h)| (*c, num(*y), num(*h)))
            .collect()
    }
    pub fn plot_width(&self) -> String {
        num(self.frame.plot_width())
    }
    /// The draw line's path, when there is one.
    pub fn middle(&self) -> Option<String> {
        self.middle
            .map(|y| format!("M{} {}H{}", num(LEFT), num(y), num(WIDTH - 14.0)))
    }
    pub fn top(&self) -> String {
        num(self.frame.top)
    }
    pub fn bottom(&self) -> String {
        num(self.frame.bottom())
    }
    /// Where the unit's label goes: (x, y).
    pub fn unit_at(&self) -> (String, String) {
        ("4".to_string(), num(self.frame.top - 16.0))
    }

    /// The step numbers below the plot and a faint line up from each.
    fn number_steps(&mut self) {
        for k in self.frame.step_ticks() {
            let x = self.frame.x(k);
            self.labels.push(Label {
                x: num(x),
                y: num(self.frame.bottom() + 20.0),
                anchor: "at-mid",
                text: k.to_string(),
            });
            let _ = write!(
                self.grid,
                "M{} {}V{}",
                num(x),
                num(self.frame.top),
                num(self.frame.bottom())
            );
        }
    }

    /// The points a page for step `k` makes focusable: all of them, or
    /// those of the steps within [`WINDOW`] of `k` when there are many.
    fn points_near(&self, k: usize) -> &[Point] {
        if self.points.len() <= 2 * WINDOW + 1 {
            return &self.points;
        }
        let lo = self.points.partition_point(|p| p.k + WINDOW < k);
        let hi = self.points.partition_point(|p| p.k <= k + WINDOW);
        &self.points[lo..hi.max(lo)]
    }
}

/// The charts of a match, shared by all its step pages.
pub struct ChartBase {
    pub charts: Vec<Drawn>,
    /// Per step, what each chart says of it: for the caption and the
    /// rings of the shown step. Per chart, per line, runs in step order.
    spans: Vec<Vec<Vec<Span>>>,
    /// Each step's event in words, for the caption.
    moves: Vec<String>,
}

/// A value held over steps `from..=until` at height `y`, in words; a
/// chart's spans are kept per line, in step order, never overlapping.
struct Span {
    from: usize,
    until: usize,
    y: f64,
    /// Only its first step is marked (a claim).
    dot: bool,
    said: String,
}

/// One step page's charts: the shared drawing and the step it marks.
pub struct ValueChart {
    pub base: Arc<ChartBase>,
    pub k: usize,
}

/// A chart as one step page shows it.
pub struct Shown<'a> {
    pub d: &'a Drawn,
    /// The points focusable on this page.
    pub points: &'a [Point],
    /// The x of the shown step's column.
    pub now: String,
    /// Rings around the shown step's values: (x, y).
    pub rings: Vec<(String, String)>,
    /// The shown step in words: its move and its values.
    pub caption: String,
}

impl ChartBase {
    /// The charts of a match: its value history when its steps are
    /// valued, its game's series when it has one; `None` when neither.
    pub fn new(
        t: &Timeline,
        series: Option<&Series>,
        replay: &Replay,
        players: &[String],
    ) -> Option<ChartBase> {
        let mut charts = Vec::new();
        let mut spans = Vec::new();
        let drawn = [
            value::drawn(t, replay, players),
            series.and_then(|s| series::drawn(s, replay)),
        ];
        for (d, s) in drawn.into_iter().flatten() {
            charts.push(d);
            spans.push(s);
        }
        if charts.is_empty() {
            return None;
        }
        for d in &mut charts {
            d.number_steps();
        }
        Some(ChartBase {
            charts,
            spans,
            moves: replay.steps.iter().map(|s| s.text.clone()).collect(),
        })
    }

    /// The charts for step `k`'s page.
    pub fn at(base: Arc<ChartBase>, k: usize) -> ValueChart {
        ValueChart { base, k }
    }
}

impl ValueChart {
    /// Each chart as this page shows it.
    pub fn shown(&self) -> Vec<Shown<'_>> {
        let k = self.k;
        let mv = self.base.moves.get(k).map_or("", String::as_str);
        self.base
            .charts
            .iter()
            .zip(&self.base.spans)
            .map(|(d, lines)| {
                let x = d.frame.x(k);
                let covering: Vec<&Span> = lines
                    .iter()
                    .filter_map(|runs| {
                        let i = runs.partition_point(|s| s.from <= k).checked_sub(1)?;
                        let s = &runs[i];
                        (s.until >= k && (!s.dot || s.from == k)).then_some(s)
                    })
                    .collect();
                let said: Vec<&str> = covering.iter().map(|s| s.said.as_str()).collect();
                Shown {
                    d,
                    points: d.points_near(k),
                    now: num(x),
                    rings: covering.iter().map(|s| (num(x), num(s.y))).collect(),
                    caption: if said.is_empty() {
                        format!("step {k}: {mv} — nothing to chart at this step")
                    } else {
                        format!("step {k}: {mv} — {}", said.join("; "))
                    },
                }
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unvalued_match_without_a_series_has_no_chart() {
        let replay = Replay::default();
        let t = Timeline::new(&replay);
        assert!(ChartBase::new(&t, None, &replay, &[]).is_none());
    }
}
