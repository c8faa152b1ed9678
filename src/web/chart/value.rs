//! The value history of a solved game, as GamesmanUni draws it: steps
//! left to right, remoteness up and down: the first player's wins above
//! the middle line, their losses below it, draws on it, and remoteness 0
//! (the game over) at the outer edges, so a win comes nearer the edge as
//! it comes nearer. A win or loss whose remoteness is not computed (x's
//! and lines) sits on its own row, marked "?", next to the draw line.
//!
//! Must not import a storage engine (only `log/` names sled or PostgreSQL)
//! or a game's own folder (`games::rush_hour` and the like): the store is
//! reached through `EventStore`, a game through the registry and the shared
//! modules of `games`.

use std::fmt::Write;

use super::frame::{num, Dots, Frame, Pen, LABEL_GAP_Y, LEFT, WIDTH};
use super::{Drawn, Label, Point, Span};
use crate::games::{value_text, Analysis, Value};
use crate::replay::{Replay, Timeline};

/// The plot's height: each half holds its remoteness rows.
const HEIGHT: f64 = 240.0;

/// Where values go up and down. Each half runs from remoteness 0 at its
/// outer edge to the largest remoteness of the match, then keeps room by
/// the draw line: a row's worth, at least a label's height, and one more
/// for the wins and losses of unknown remoteness when there are any.
pub(super) struct Rows {
    /// The largest remoteness of any step.
    most: u32,
    /// Whether some win or loss has no remoteness (a row of its own).
    unknown: bool,
    /// The room kept next to the draw line, per row kept there.
    near: f64,
    frame: Frame,
}

impl Rows {
    pub(super) fn new(t: &Timeline, frame: Frame) -> Rows {
        let mut most = 0;
        let mut unknown = false;
        for a in t.analyses.iter().flatten() {
            match remoteness(a) {
                Some(r) if a.value != Value::Draw => most = most.max(r),
                None if a.value != Value::Draw => unknown = true,
                _ => {}
            }
        }
        let half = frame.height / 2.0;
        let kept = 1.0 + f64::from(u8::from(unknown));
        let near = (half / (most as f64 + kept))
            .max(LABEL_GAP_Y)
            .min(half / kept);
        Rows {
            most,
            unknown,
            near,
            frame,
        }
    }

    /// Units from one remoteness to the next.
    fn row(&self) -> f64 {
        let kept = 1.0 + f64::from(u8::from(self.unknown));
        match self.most {
            0 => self.near,
            m => (self.frame.height / 2.0 - kept * self.near) / m as f64,
        }
    }

    fn middle(&self) -> f64 {
        self.frame.top + self.frame.height / 2.0
    }

    /// Where a value for the first player goes: `r` plies from the end
    /// (`None`: not computed).
    pub(super) fn y(&self, v: Value, r: Option<u32>) -> f64 {
        let from_edge = match r {
            Some(r) => r as f64 * self.row(),
            None => self.frame.height / 2.0 - self.near,
        };
        match v {
            Value::Win => self.frame.top + from_edge,
            Value::Lose => self.frame.bottom() - from_edge,
            Value::Draw => self.middle(),
        }
    }

    /// The remoteness rows to label, on both halves: every `stride`-th
    /// from 0, [`LABEL_GAP_Y`] apart, and the largest when it has room.
    fn labelled(&self) -> Vec<u32> {
        let stride = super::frame::nice_stride(LABEL_GAP_Y / self.row()).max(1);
        let mut rows: Vec<u32> = (0..=self.most).step_by(stride).collect();
        if let Some(&l) = rows.last() {
            if l != self.most && (self.most - l) as f64 * self.row() >= LABEL_GAP_Y {
                rows.push(self.most);
            }
        }
        rows
    }
}

/// A step's remoteness as drawn: a finished game is at 0 even when its
/// game computes no remoteness.
fn remoteness(a: &Analysis) -> Option<u32> {
    if a.ended(&[]).is_some() {
        Some(0)
    } else {
        a.remoteness
    }
}

/// What a step's point says: "win in 5 for ana (to move)", or how the
/// game ended.
fn said(a: &Analysis, players: &[String]) -> String {
    let name = |i: usize| players.get(i).cloned().unwrap_or_default();
    match a.ended(players) {
        Some(how) => format!("the game is over, {how}"),
        None => format!(
            "{} for {} (to move)",
            value_text(a.value, a.remoteness),
            name(a.seat)
        ),
    }
}

/// The value history and what it says of each step, `None` when no step
/// has a value.
pub(super) fn drawn(
    t: &Timeline,
    replay: &Replay,
    players: &[String],
) -> Option<(Drawn, Vec<Vec<Span>>)> {
    if t.is_empty() {
        return None;
    }
    let name = |i: usize| players.get(i).cloned().unwrap_or_default();
    let frame = Frame::new(t.analyses.len(), HEIGHT);
    let rows = Rows::new(t, frame);
    let mut line = Pen::default();
    let mut dots = [Dots::default(), Dots::default(), Dots::default()];
    let mut mistakes = Dots::default();
    let mut points = Vec::new();
    let mut spans = Vec::new();
    let mut gap = true;
    for (k, a) in t.analyses.iter().enumerate() {
        let Some(a) = a else {
            gap = true;
            continue;
        };
        let v = a.value_for(0);
        let (x, y) = (frame.x(k), rows.y(v, remoteness(a)));
        if gap {
            line.move_to(x, y);
        } else {
            line.line_to(x, y);
        }
        gap = false;
        let class = match v {
            Value::Win => 0,
            Value::Draw => 1,
            Value::Lose => 2,
        };
        dots[class].dot(x, y);
        let mistake = t.mistakes.get(k).and_then(Option::as_deref);
        if mistake.is_some() {
            mistakes.dot(x, y);
        }
        let mut says = said(a, players);
        if let Some(m) = mistake {
            let _ = write!(says, " — mistake: {m}");
        }
        let text = replay.steps.get(k).map_or("", |s| s.text.as_str());
        points.push(Point {
            k,
            x: num(x),
            y: num(y),
            class: ["v-win", "v-draw", "v-lose"][class],
            title: format!("step {k}: {text} — {says}"),
        });
        spans.push(Span {
            from: k,
            until: k,
            y,
            dot: false,
            said: says,
        });
    }
    let mut labels = Vec::new();
    let mut grid = String::new();
    for r in rows.labelled() {
        for v in [Value::Win, Value::Lose] {
            let y = rows.y(v, Some(r));
            labels.push(Label::value(y, r.to_string()));
            let _ = write!(grid, "M{LEFT} {}H{}", num(y), num(WIDTH - 14.0));
        }
    }
    if rows.unknown {
        for v in [Value::Win, Value::Lose] {
            labels.push(Label::value(rows.y(v, None), "?".to_string()));
        }
    }
    labels.push(Label::value(rows.middle(), "draw".to_string()));
    let mut paths = vec![
        ("history", line.finish()),
        ("dots mistake", mistakes.finish()),
    ];
    for (class, d) in ["dots v-win", "dots v-draw", "dots v-lose"]
        .into_iter()
        .zip(dots)
    {
        paths.push((class, d.finish()));
    }
    paths.retain(|(_, d)| !d.is_empty());
    let half = rows.middle() - frame.top;
    let any_mistake = t.mistakes.iter().any(Option::is_some);
    let d = Drawn {
        id: "value-chart",
        title: "Value history".to_string(),
        label: format!(
            "value of each step: {} wins above the middle line, {} wins below, draws on it",
            name(0),
            name(1)
        ),
        legend: [
            ("v-win", format!("above the line: {} wins", name(0))),
            ("v-draw", "on the line: a draw".to_string()),
            ("v-lose", format!("below the line: {} wins", name(1))),
            (
                "axis",
                "numbers: moves to the end with best play (remoteness), 0 at the edges".to_string(),
            ),
        ]
        .into_iter()
        .chain(rows.unknown.then(|| {
            (
                "axis",
                "?: a win or loss whose remoteness is not computed".to_string(),
            )
        }))
        .chain(any_mistake.then(|| {
            (
                "mistake",
                "ringed: a move that threw a win away".to_string(),
            )
        }))
        .collect(),
        unit: String::new(),
        frame,
        bands: vec![
            ("half win", frame.top, half),
            ("half lose", rows.middle(), half),
        ],
        grid,
        middle: Some(rows.middle()),
        labels,
        paths: paths.into_iter().map(|(c, d)| (c.to_string(), d)).collect(),
        points,
    };
    Some((d, vec![spans]))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::MoveValue;

    fn analysis(seat: usize, value: Value, remoteness: Option<u32>) -> Option<Analysis> {
        Some(Analysis {
            seat,
            value,
            remoteness,
            moves: vec![MoveValue {
                name: "a1 N".into(),
                value,
                remoteness,
                detail: None,
            }],
            best: Some(0),
            detail: None,
        })
    }

    fn timeline(analyses: Vec<Option<Analysis>>) -> Timeline {
        Timeline {
            mistakes: vec![None; analyses.len()],
            analyses,
        }
    }

    /// The first player's win in 1 sits nearer the top edge than a win
    /// in 5; a draw on the middle line; losses below it, a loss in 1
    /// nearer the bottom edge than a loss in 5.
    #[test]
    fn wins_above_the_draw_line_and_losses_below_nearer_the_edge_when_nearer_the_end() {
        let t = timeline(vec![
            analysis(0, Value::Win, Some(5)),
            analysis(0, Value::Win, Some(1)),
            analysis(0, Value::Draw, None),
            analysis(0, Value::Lose, Some(5)),
            analysis(0, Value::Lose, Some(1)),
        ]);
        let rows = Rows::new(&t, Frame::new(5, HEIGHT));
        let y = |v, r| rows.y(v, r);
        let draw = y(Value::Draw, None);
        assert_eq!(draw, rows.middle());
        assert!(y(Value::Win, Some(1)) < y(Value::Win, Some(5)));
        assert!(y(Value::Win, Some(5)) < draw);
        assert!(draw < y(Value::Lose, Some(5)));
        assert!(y(Value::Lose, Some(5)) < y(Value::Lose, Some(1)));
        // Remoteness 0 is the outer edge.
        assert_eq!(y(Value::Win, Some(0)), rows.frame.top);
        assert_eq!(y(Value::Lose, Some(0)), rows.frame.bottom());
    }

    /// The points come from the analyses: a position where the second
    /// player is to move and wins is drawn below the line, as the first
    /// player's loss.
    #[test]
    fn points_go_by_the_first_players_value_and_step_x_increases() {
        let t = timeline(vec![
            None,
            analysis(0, Value::Win, Some(3)),
            analysis(1, Value::Win, Some(2)),
            analysis(0, Value::Draw, None),
        ]);
        let replay = Replay::default();
        let players = ["ana".to_string(), "bo".to_string()];
        let (d, _) = drawn(&t, &replay, &players).unwrap();
        let ks: Vec<usize> = d.points.iter().map(|p| p.k).collect();
        assert_eq!(ks, [1, 2, 3], "a step without a value has no point");
        let xs: Vec<f64> = d.points.iter().map(|p| p.x.parse().unwrap()).collect();
        assert!(xs.windows(2).all(|w| w[0] < w[1]), "{xs:?}");
        let ys: Vec<f64> = d.points.iter().map(|p| p.y.parse().unwrap()).collect();
        let middle = d.middle.unwrap();
        assert!(ys[0] < middle, "ana's win above");
        assert!(ys[1] > middle, "bo's win below");
        assert!((ys[2] - middle).abs() < 0.1, "the draw on the line");
        assert_eq!(d.points[0].class, "v-win");
        assert_eq!(d.points[1].class, "v-lose");
        assert!(
            d.points[1].title.contains("win in 2 for bo (to move)"),
            "{}",
            d.points[1].title
        );
    }

    /// A win without a remoteness (x's and lines) sits between the known
    /// rows and the draw line; a finished game at the edge.
    #[test]
    fn a_win_of_unknown_remoteness_sits_next_to_the_draw_line() {
        let mut over = analysis(1, Value::Lose, None).unwrap();
        over.moves.clear();
        let t = timeline(vec![
            analysis(0, Value::Win, Some(4)),
            analysis(0, Value::Win, None),
            Some(over),
        ]);
        let rows = Rows::new(&t, Frame::new(3, HEIGHT));
        let known = rows.y(Value::Win, Some(4));
        let unknown = rows.y(Value::Win, None);
        assert!(known < unknown && unknown < rows.middle());
        let (d, _) = drawn(&t, &Replay::default(), &[]).unwrap();
        let edge: f64 = d.points[2].y.parse().unwrap();
        assert_eq!(edge, rows.frame.top, "the game is over: at the edge");
        assert!(d.labels.iter().any(|l| l.text == "?"));
    }

    /// However far the game runs, the remoteness labels, the "?" and the
    /// draw line's label keep a label's height apart on each half.
    #[test]
    fn remoteness_labels_keep_apart() {
        for (most, unknown) in [
            (0, false),
            (0, true),
            (3, false),
            (19, false),
            (5, true),
            (400, true),
        ] {
            let mut analyses = vec![analysis(0, Value::Win, Some(most))];
            if unknown {
                analyses.push(analysis(0, Value::Win, None));
            }
            let t = timeline(analyses);
            let rows = Rows::new(&t, Frame::new(2, HEIGHT));
            let mut ys: Vec<f64> = rows
                .labelled()
                .into_iter()
                .map(|r| rows.y(Value::Win, Some(r)))
                .collect();
            if unknown {
                ys.push(rows.y(Value::Win, None));
            }
            ys.push(rows.middle());
            assert!(
                ys.windows(2).all(|w| w[1] - w[0] >= LABEL_GAP_Y - 1e-9),
                "{most} {unknown}: {ys:?}"
            );
            assert_eq!(rows.labelled()[0], 0);
        }
    }

    #[test]
    fn an_unvalued_match_has_no_value_history() {
        let t = timeline(vec![None, None]);
        assert!(drawn(&t, &Replay::default(), &[]).is_none());
    }
}
