//! The value-history chart of a step page: where each analysed step stood
//! for the first player (their win on top, a draw in the middle, their loss
//! below).
//!
//! A match can run to a thousand steps and more, and the step page must not
//! grow with it: the chart is a handful of SVG paths (the line through the
//! steps, then one path of dots per value, one for the mistakes) fitted to
//! a fixed width, computed once per match head ([`ChartBase`]), and each
//! request adds only the marker of its own step. A click on the chart opens
//! the step under it (`replay.js` reads the `data-` geometry); without
//! script, the event list links every step.
//!
//! Builds plain strings for the template; imports nothing but the replay's
//! analyses.

use std::fmt::Write;

use crate::games::{value_text, Value};
use crate::replay::{Replay, Timeline};

/// The drawn chart of a match, shared by all its step pages.
pub struct ChartBase {
    pub width: u32,
    pub height: u32,
    /// Pixels from one step to the next.
    pub step: f64,
    pub left: u32,
    /// The polyline's points through every analysed step.
    pub line: String,
    /// One path of dots per value: (class, path data).
    pub dots: Vec<(&'static str, String)>,
    /// Rings around the steps that threw a win away.
    pub mistakes: String,
    pub top: String,
    pub bottom: String,
    /// Per step: where its dot is and what its tooltip says, for the
    /// marker of the current step.
    points: Vec<Option<(f64, u32, String)>>,
}

/// One step page's chart: the shared drawing and the marker of its step.
pub struct ValueChart {
    pub base: std::sync::Arc<ChartBase>,
    /// The current step's dot: (x, y, tooltip).
    pub current: Option<(String, u32, String)>,
}

impl ChartBase {
    const ROW: u32 = 34;
    const LEFT: u32 = 86;
    /// The widest a step may be drawn apart.
    const STEP: f64 = 14.0;
    /// The room the steps share when there are many of them.
    const ROOM: f64 = 840.0;

    /// `None` when no step has a value.
    pub fn new(t: &Timeline, replay: &Replay, players: &[String]) -> Option<ChartBase> {
        if t.is_empty() {
            return None;
        }
        let name = |i: usize| players.get(i).cloned().unwrap_or_default();
        let n = t.analyses.len().max(1);
        let step = Self::STEP.min(Self::ROOM / n as f64);
        let x = |k: usize| Self::LEFT as f64 + k as f64 * step;
        let mut line = String::new();
        let mut dots = [
            ("v-win", String::new()),
            ("v-draw", String::new()),
            ("v-lose", String::new()),
        ];
        let mut mistakes = String::new();
        let mut points = Vec::with_capacity(n);
        for (k, a) in t.analyses.iter().enumerate() {
            let Some(a) = a else {
                points.push(None);
                continue;
            };
            let v = a.value_for(0);
            let row = match v {
                Value::Win => 0,
                Value::Draw => 1,
                Value::Lose => 2,
            };
            let (px, py) = (x(k), 16 + row * Self::ROW);
            let _ = write!(line, "{px:.1},{py} ");
            let _ = write!(dots[row as usize].1, "M{px:.1} {py}h0");
            if t.mistakes[k].is_some() {
                let _ = write!(mistakes, "M{px:.1} {py}h0");
            }
            let seq = replay.steps.get(k).map_or(k as u64, |s| s.seq);
            // The game is over: say who won, not "win in 0".
            let said = match a.ended(players) {
                Some(how) => format!("the game is over, {how}"),
                None => format!(
                    "{} to move, {} for them",
                    name(a.seat),
                    value_text(a.value, a.remoteness)
                ),
            };
            let title = format!(
                "step {seq}: {said}{}",
                t.mistakes[k]
                    .as_deref()
                    .map_or(String::new(), |m| format!(" — {m}"))
            );
            points.push(Some((px, py, title)));
        }
        line.pop();
        Some(ChartBase {
            width: Self::LEFT + (n as f64 * step).ceil() as u32 + 16,
            height: 32 + 2 * Self::ROW,
            step,
            left: Self::LEFT,
            line,
            dots: dots.into_iter().filter(|(_, d)| !d.is_empty()).collect(),
            mistakes,
            top: format!("{} wins", name(0)),
            bottom: format!("{} wins", name(1)),
            points,
        })
    }

    /// The dots' diameter: smaller when the steps are drawn close together.
    pub fn dot(&self) -> String {
        format!("{:.1}", (self.step * 0.75).clamp(3.0, 10.0))
    }

    /// The mistake rings' diameter, drawn under the dots.
    pub fn ring(&self) -> String {
        format!("{:.1}", (self.step * 0.75).clamp(3.0, 10.0) + 5.0)
    }

    /// Pixels from one step to the next, for `replay.js`.
    pub fn pitch(&self) -> String {
        format!("{:.3}", self.step)
    }

    /// The chart for step `k`'s page.
    pub fn at(base: std::sync::Arc<ChartBase>, k: usize) -> ValueChart {
        let current = base
            .points
            .get(k)
            .and_then(Option::as_ref)
            .map(|(x, y, title)| (format!("{x:.1}"), *y, title.clone()));
        ValueChart { base, current }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unvalued_match_has_no_chart() {
        let replay = Replay::default();
        let t = Timeline::new(&replay);
        assert!(ChartBase::new(&t, &replay, &[]).is_none());
    }
}
