//! A game's own series drawn: its values up from 0, steps left to right,
//! each line held level over its runs (joined within a round), marks for
//! its dots, and "no value" runs on a band of their own above the values.
//! Every word comes from the game ([`Series`]); this only places them.
//!
//! Must not import a storage engine (only `log/` names sled or PostgreSQL)
//! or a game's own folder (`games::rush_hour` and the like): the store is
//! reached through `EventStore`, a game through the registry and the shared
//! modules of `games`.

use std::fmt::Write;

use super::frame::{nice_stride, num, Dots, Frame, Pen, LABEL_GAP_Y, LEFT, WIDTH};
use super::{Drawn, Label, Point, Span};
use crate::games::series::{Mark, Series};
use crate::replay::Replay;

/// The plot's height.
const HEIGHT: f64 = 200.0;

/// Where values go up and down.
pub(super) struct Scale {
    /// The value at the top of the plot: a whole number of ticks.
    top_value: u32,
    /// Between two labelled values.
    stride: u32,
    /// The band of runs with no value, when there is one.
    none_y: Option<f64>,
    frame: Frame,
}

impl Scale {
    pub(super) fn new(series: &Series, frame: Frame) -> Scale {
        let none_y = series.has_none().then_some(frame.top + 4.0);
        let mut scale = Scale {
            top_value: series.max_value().max(1),
            stride: 1,
            none_y,
            frame,
        };
        // A stride that keeps the labels apart, then the top rounded up to
        // it (which squeezes the values, so once more).
        for _ in 0..3 {
            let per_value = scale.values_height() / scale.top_value as f64;
            scale.stride = nice_stride(LABEL_GAP_Y / per_value).min(u32::MAX as usize) as u32;
            let top = series.max_value().max(1).div_ceil(scale.stride) * scale.stride;
            scale.top_value = top;
        }
        scale
    }

    /// Where the values' part of the plot starts (below the band).
    fn values_top(&self) -> f64 {
        match self.none_y {
            Some(_) => self.frame.top + LABEL_GAP_Y,
            None => self.frame.top,
        }
    }

    fn values_height(&self) -> f64 {
        self.frame.bottom() - self.values_top()
    }

    pub(super) fn y(&self, v: Option<u32>) -> f64 {
        match (v, self.none_y) {
            (Some(v), _) => {
                self.frame.bottom() - v as f64 / self.top_value as f64 * self.values_height()
            }
            (None, Some(y)) => y,
            (None, None) => self.frame.top,
        }
    }

    fn ticks(&self) -> impl Iterator<Item = u32> + '_ {
        (0..=self.top_value).step_by(self.stride.max(1) as usize)
    }
}

/// The game's series drawn and what it says of each step, `None` when it
/// has nothing to draw.
pub(super) fn drawn(series: &Series, replay: &Replay) -> Option<(Drawn, Vec<Vec<Span>>)> {
    if series.is_empty() {
        return None;
    }
    let frame = Frame::new(replay.steps.len(), HEIGHT);
    let scale = Scale::new(series, frame);
    let mut paths = Vec::new();
    let mut points = Vec::new();
    let mut spans = Vec::new();
    for line in &series.lines {
        let mut said = Vec::new();
        let mut pen = Pen::default();
        let mut dots = Dots::default();
        let mut prev: Option<Option<u32>> = None;
        for run in &line.runs {
            let y = scale.y(run.value);
            let (x0, x1) = (frame.x(run.from), frame.x(run.until));
            match line.mark {
                Mark::Level => {
                    // Joined within a round, as long as both have values.
                    match prev {
                        Some(Some(p)) if run.joined && run.value.is_some() => {
                            pen.line_to(x0, scale.y(Some(p)));
                            pen.line_to(x0, y);
                        }
                        _ => pen.move_to(x0, y),
                    }
                    pen.line_to(x1, y);
                }
                Mark::Dot => dots.dot(x0, y),
            }
            prev = Some(run.value);
            let text = replay.steps.get(run.from).map_or("", |s| s.text.as_str());
            let mut title = format!("step {}: {text} — {}: {}", run.from, line.label, run.text);
            if run.until > run.from {
                let _ = write!(title, " (until step {})", run.until);
            }
            points.push(Point {
                k: run.from,
                x: num(x0),
                y: num(y),
                class: line.kind,
                title,
            });
            said.push(Span {
                from: run.from,
                until: run.until,
                y,
                dot: line.mark == Mark::Dot,
                said: format!("{}: {}", line.label, run.text),
            });
        }
        spans.push(said);
        let class = match line.mark {
            Mark::Level => "level",
            Mark::Dot => "dots",
        };
        for (d, class) in [(pen.finish(), class), (dots.finish(), "dots")] {
            if !d.is_empty() {
                paths.push((format!("series {class} {}", line.kind), d));
            }
        }
    }
    // In step order, for the window around a step and for the keyboard.
    points.sort_by_key(|p| p.k);
    let mut labels: Vec<Label> = scale
        .ticks()
        .map(|v| Label::value(scale.y(Some(v)), v.to_string()))
        .collect();
    let mut grid = String::new();
    for v in scale.ticks() {
        let _ = write!(
            grid,
            "M{LEFT} {}H{}",
            num(scale.y(Some(v))),
            num(WIDTH - 14.0)
        );
    }
    let mut legend: Vec<(&'static str, String)> = series
        .lines
        .iter()
        .map(|l| (l.kind, l.label.clone()))
        .collect();
    if let (Some((mark, meaning)), Some(y)) = (series.none, scale.none_y) {
        labels.push(Label::value(y, mark.to_string()));
        legend.push(("axis", format!("{mark}: {meaning}")));
    }
    let d = Drawn {
        id: "series-chart",
        title: series.title.clone(),
        label: format!(
            "{} over the steps, in {}: {}",
            series.title,
            series.unit,
            series
                .lines
                .iter()
                .map(|l| l.label.as_str())
                .collect::<Vec<_>>()
                .join("; ")
        ),
        legend,
        unit: series.unit.to_string(),
        frame,
        bands: Vec::new(),
        grid,
        middle: None,
        labels,
        paths,
        points,
    };
    Some((d, spans))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::series::Line;

    fn series(lines: Vec<Line>) -> Series {
        Series {
            title: "t".into(),
            unit: "moves",
            none: Some(("∞", "no solution")),
            lines,
        }
    }

    #[test]
    fn larger_values_go_higher_and_no_value_goes_above_them_all() {
        let mut l = Line::new("optimal", "optimal", Mark::Level);
        l.hold(1, Some(3), "3", true);
        l.hold(2, Some(12), "12", true);
        l.hold(3, None, "no solution", true);
        let s = series(vec![l]);
        let scale = Scale::new(&s, Frame::new(4, HEIGHT));
        assert!(scale.y(Some(12)) < scale.y(Some(3)));
        assert!(scale.y(Some(0)) <= scale.frame.bottom());
        assert!(scale.y(None) < scale.y(Some(scale.top_value)));
        assert!(scale.top_value >= 12);
    }

    #[test]
    fn value_labels_stay_apart_and_reach_the_largest_value() {
        for most in [1, 7, 23, 160, 5_000] {
            let mut l = Line::new("x", "blue", Mark::Level);
            l.hold(0, Some(most), "", true);
            let s = series(vec![l]);
            let scale = Scale::new(&s, Frame::new(1, HEIGHT));
            let ys: Vec<f64> = scale.ticks().map(|v| scale.y(Some(v))).collect();
            assert!(
                ys.windows(2).all(|w| w[0] - w[1] >= LABEL_GAP_Y - 1e-9),
                "{most}: {ys:?}"
            );
            assert!(scale.top_value >= most, "{most}");
        }
    }

    /// Each run's point is at its first step, its words in the title; a
    /// run joined to the one before draws a riser between them.
    #[test]
    fn runs_draw_as_levels_with_a_point_each() {
        let mut l = Line::new("wren (blue): longest track", "blue", Mark::Level);
        l.hold(2, Some(0), "no track possible", true);
        l.hold(3, Some(0), "no track possible", true);
        l.hold(4, Some(6), "6 cells", true);
        let replay = Replay::default();
        let mut s = series(vec![l]);
        s.none = None;
        let (d, _) = drawn(&s, &replay).unwrap();
        let ks: Vec<usize> = d.points.iter().map(|p| p.k).collect();
        assert_eq!(ks, [2, 4]);
        assert!(
            d.points[1]
                .title
                .ends_with("wren (blue): longest track: 6 cells"),
            "{}",
            d.points[1].title
        );
        assert!(d.points[0].title.contains("(until step 3)"));
        let level = &d.paths[0].1;
        assert_eq!(level.matches('M').count(), 1, "one joined line: {level}");
    }
}
