//! The geometry every chart shares: a fixed drawing box (the SVG's
//! viewBox, scaled to the screen), steps spread across it left to right,
//! axis ticks a finger apart even on a phone, and path data that stays a
//! few vertices per unit of width however many steps a match has.
//!
//! Must not import anything outside `web/`: no store, no game, no replay.

use std::fmt::Write;

/// The drawing box's width; the page scales it to the screen.
pub const WIDTH: f64 = 720.0;
/// Room left of the plot for the value labels.
pub const LEFT: f64 = 72.0;
/// Room right of the plot.
const RIGHT: f64 = 14.0;
/// Room above the plot (the unit's label).
pub const TOP: f64 = 40.0;
/// Room below the plot for the step numbers.
pub const BOTTOM: f64 = 30.0;
/// The least room between two labels along an axis: on a phone the labels
/// are drawn large (CSS) and the box small, and they must not touch.
pub const LABEL_GAP_X: f64 = 60.0;
pub const LABEL_GAP_Y: f64 = 28.0;

/// Where steps and values go in the box.
#[derive(Clone, Copy, Debug)]
pub struct Frame {
    /// Steps drawn (every step of the match, valued or not).
    pub steps: usize,
    /// The plot's top and height.
    pub top: f64,
    pub height: f64,
}

impl Frame {
    pub fn new(steps: usize, height: f64) -> Frame {
        Frame {
            steps: steps.max(1),
            top: TOP,
            height,
        }
    }

    pub fn plot_width(&self) -> f64 {
        WIDTH - LEFT - RIGHT
    }

    /// Units from one step to the next.
    pub fn pitch(&self) -> f64 {
        self.plot_width() / self.steps as f64
    }

    /// The centre of step `k`'s column.
    pub fn x(&self, k: usize) -> f64 {
        LEFT + (k as f64 + 0.5) * self.pitch()
    }

    pub fn bottom(&self) -> f64 {
        self.top + self.height
    }

    /// The whole box's height.
    pub fn box_height(&self) -> f64 {
        self.bottom() + BOTTOM
    }

    /// The steps to number below the plot: every `stride`-th, from 0, the
    /// stride the smallest of 1, 2, 5, 10, 20, 50, … that keeps the labels
    /// [`LABEL_GAP_X`] apart.
    pub fn step_ticks(&self) -> Vec<usize> {
        let stride = nice_stride(LABEL_GAP_X / self.pitch());
        (0..self.steps).step_by(stride).collect()
    }
}

/// The smallest of 1, 2, 5, 10, 20, 50, … at least `least`.
pub fn nice_stride(least: f64) -> usize {
    let mut base = 1usize;
    loop {
        for m in [1, 2, 5] {
            let s = base * m;
            if s as f64 >= least {
                return s;
            }
        }
        match base.checked_mul(10) {
            Some(b) => base = b,
            None => return usize::MAX,
        }
    }
}

/// A number for an SVG attribute: one decimal, no "-0.0".
pub fn num(v: f64) -> String {
    let v = (v * 10.0).round() / 10.0;
    if v == 0.0 {
        "0".to_string()
    } else {
        format!("{v:.1}")
    }
}

/// Path data through points given left to right, thinned to at most two
/// vertices per unit column of width (its highest and lowest, in the order
/// it reached them; a subpath's start is kept too), and a straight run of
/// vertices to its ends: a thousand steps in 650 units draw as they look,
/// in a path bounded by the width.
#[derive(Default)]
pub struct Pen {
    /// The vertices kept: (starts a subpath, x, y).
    kept: Vec<(bool, f64, f64)>,
    /// The column being gathered.
    col: Option<Column>,
}

#[derive(Clone, Copy)]
struct Column {
    n: i64,
    first: (f64, f64),
    high: (f64, f64),
    low: (f64, f64),
    /// The highest vertex came before the lowest.
    high_first: bool,
    starts: bool,
}

/// Two numbers the same once written.
fn same(a: f64, b: f64) -> bool {
    (a - b).abs() < 0.05
}

impl Pen {
    /// Starts a new subpath at (x, y).
    pub fn move_to(&mut self, x: f64, y: f64) {
        self.flush();
        self.col = Some(Column::at(x, y, true));
    }

    /// A line to (x, y); a move when nothing is drawn yet.
    pub fn line_to(&mut self, x: f64, y: f64) {
        let n = x.floor() as i64;
        match &mut self.col {
            Some(c) if c.n == n => {
                if y < c.high.1 {
                    c.high = (x, y);
                    c.high_first = false;
                }
                // The latest of equal lows: a level ends where it ends.
                if y >= c.low.1 {
                    c.low = (x, y);
                    c.high_first = true;
                }
            }
            Some(_) => {
                self.flush();
                self.col = Some(Column::at(x, y, false));
            }
            None => self.col = Some(Column::at(x, y, true)),
        }
    }

    fn flush(&mut self) {
        let Some(c) = self.col.take() else { return };
        if c.starts {
            self.keep(true, c.first);
        }
        let (a, b) = if c.high_first {
            (c.high, c.low)
        } else {
            (c.low, c.high)
        };
        self.keep(false, a);
        self.keep(false, b);
    }

    /// Keeps a vertex: none when it repeats the last one, and in place of
    /// the last when the three lie on one level or one upright.
    fn keep(&mut self, starts: bool, (x, y): (f64, f64)) {
        let n = self.kept.len();
        if !starts && n >= 1 {
            let (_, bx, by) = self.kept[n - 1];
            if same(bx, x) && same(by, y) {
                return;
            }
            if n >= 2 && !self.kept[n - 1].0 {
                let (_, ax, ay) = self.kept[n - 2];
                if (same(ay, by) && same(by, y)) || (same(ax, bx) && same(bx, x)) {
                    self.kept[n - 1] = (false, x, y);
                    return;
                }
            }
        }
        self.kept.push((starts, x, y));
    }

    /// The path data.
    pub fn finish(mut self) -> String {
        self.flush();
        let mut d = String::new();
        for (starts, x, y) in self.kept {
            let cmd = if starts { 'M' } else { 'L' };
            let _ = write!(d, "{cmd}{} {}", num(x), num(y));
        }
        d
    }
}

impl Column {
    fn at(x: f64, y: f64, starts: bool) -> Column {
        Column {
            n: x.floor() as i64,
            first: (x, y),
            high: (x, y),
            low: (x, y),
            high_first: true,
            starts,
        }
    }
}

/// Dots (a zero-length stroke each, drawn round by the stylesheet); dots
/// on one level closer than [`Dots::MERGE`] draw as one stroke through
/// them, which looks the same: dense steps draw in a bounded path.
#[derive(Default)]
pub struct Dots {
    /// (from x, to x, y) of each stroke.
    strokes: Vec<(f64, f64, f64)>,
}

impl Dots {
    /// Closer than this, dots on one level overlap anyway.
    const MERGE: f64 = 4.0;

    pub fn dot(&mut self, x: f64, y: f64) {
        if let Some(last) = self.strokes.last_mut() {
            if same(last.2, y) && x >= last.1 && x - last.1 < Self::MERGE {
                last.1 = x;
                return;
            }
        }
        self.strokes.push((x, x, y));
    }

    pub fn finish(self) -> String {
        let mut d = String::new();
        for (from, to, y) in self.strokes {
            let _ = write!(d, "M{} {}", num(from), num(y));
            if same(from, to) {
                d.push_str("h0");
            } else {
                let _ = write!(d, "H{}", num(to));
            }
        }
        d
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_go_left_to_right_inside_the_box() {
        let f = Frame::new(7, 200.0);
        let xs: Vec<f64> = (0..7).map(|k| f.x(k)).collect();
        assert!(xs.windows(2).all(|w| w[0] < w[1]), "{xs:?}");
        assert!(xs[0] > LEFT && xs[6] < WIDTH, "{xs:?}");
    }

    #[test]
    fn step_numbers_stay_apart_however_long_the_match() {
        for steps in [3, 18, 64, 1_000, 25_000] {
            let f = Frame::new(steps, 200.0);
            let ticks = f.step_ticks();
            assert_eq!(ticks[0], 0);
            for w in ticks.windows(2) {
                assert!(f.x(w[1]) - f.x(w[0]) >= LABEL_GAP_X, "{steps}: {ticks:?}");
            }
        }
    }

    #[test]
    fn strides_are_one_two_five_times_a_power_of_ten() {
        assert_eq!(nice_stride(0.3), 1);
        assert_eq!(nice_stride(1.5), 2);
        assert_eq!(nice_stride(3.0), 5);
        assert_eq!(nice_stride(7.0), 10);
        assert_eq!(nice_stride(120.0), 200);
    }

    /// A thousand steps zig-zagging in 650 units: the path is bounded by
    /// the width, and still reaches the top and the bottom.
    #[test]
    fn a_long_zigzag_draws_in_a_bounded_path() {
        let f = Frame::new(10_000, 200.0);
        let mut pen = Pen::default();
        for k in 0..10_000 {
            let y = if k % 2 == 0 { 30.0 } else { 220.0 };
            pen.line_to(f.x(k), y);
        }
        let d = pen.finish();
        let vertices = d.matches(['M', 'L']).count();
        assert!(vertices <= 2 * 660, "{vertices} vertices");
        assert!(d.contains(" 30") && d.contains(" 220"), "{d}");
        assert!(d.starts_with('M'));
    }

    #[test]
    fn a_break_starts_a_new_subpath() {
        let mut pen = Pen::default();
        pen.move_to(10.0, 5.0);
        pen.line_to(20.0, 5.0);
        pen.move_to(30.0, 8.0);
        pen.line_to(40.0, 8.0);
        assert_eq!(pen.finish(), "M10.0 5.0L20.0 5.0M30.0 8.0L40.0 8.0");
    }

    /// A level held over many steps is one segment, however dense.
    #[test]
    fn a_level_line_is_one_segment() {
        let mut pen = Pen::default();
        for k in 0..5_000 {
            pen.line_to(10.0 + k as f64 * 0.13, 50.0);
        }
        pen.line_to(700.0, 80.0);
        assert_eq!(pen.finish(), "M10.0 50.0L659.9 50.0L700.0 80.0");
    }

    #[test]
    fn dense_dots_on_one_level_are_one_stroke_and_sparse_ones_stay_apart() {
        let mut dots = Dots::default();
        for k in 0..100 {
            dots.dot(100.0 + k as f64 * 0.5, 20.0);
        }
        dots.dot(200.0, 20.0);
        dots.dot(210.0, 30.0);
        assert_eq!(dots.finish(), "M100.0 20.0H149.5M200.0 20.0h0M210.0 30.0h0");
    }
}
