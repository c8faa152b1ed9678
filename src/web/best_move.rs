//! The best move drawn over a step's board, as Lichess draws its engine's
//! arrow. The game says which cells the move runs through
//! ([`MoveMark`], from the analysis's best move); this module only turns
//! cells into the board's pixels: an arrow through their centres, or one
//! cell outlined. It knows no game, and draws nothing the game did not
//! name.

use crate::games::{value_text, Analysis, MoveMark};

use super::board::{CELL, MARGIN};

/// The best move as the board's SVG draws it, and the words of its
/// toggle.
pub(super) struct SvgMark {
    /// The move in the game's notation.
    pub(super) name: String,
    /// Its value for the mover ("win in 7").
    pub(super) value: String,
    /// The cells it runs through, `col,row` each, for scripts and tests.
    pub(super) cells: String,
    /// The arrow's shaft (polyline points) and head (polygon points).
    pub(super) shaft: String,
    pub(super) head: String,
    /// A single cell outlined instead: (x, y, side).
    pub(super) outline: Option<(u32, u32, u32)>,
}

/// The arrow head's length and half width, in pixels.
const HEAD: f64 = 22.0;
const HALF: f64 = 15.0;

fn pts(points: &[(f64, f64)]) -> String {
    points
        .iter()
        .map(|(x, y)| format!("{x:.1},{y:.1}"))
        .collect::<Vec<_>>()
        .join(" ")
}

impl SvgMark {
    /// `analysis`'s best move as `mark` draws it on a board of `cols` ×
    /// `rows` cells; `None` for a mark with no cells.
    pub(super) fn new(mark: &MoveMark, analysis: &Analysis, cols: u8, rows: u8) -> Option<SvgMark> {
        let value = analysis
            .best_move()
            .map(|m| value_text(m.value, m.remoteness))
            .unwrap_or_default();
        let cells = mark
            .path
            .iter()
            .map(|(c, r)| format!("{c},{r}"))
            .collect::<Vec<_>>()
            .join(" ");
        let cell = f64::from(CELL);
        let at = |i: i16| f64::from(MARGIN) + f64::from(i) * cell;
        let mut points: Vec<(f64, f64)> = mark
            .path
            .iter()
            .map(|&(c, r)| (at(c) + cell / 2.0, at(r) + cell / 2.0))
            .collect();
        let (&last, before) = points.split_last()?;
        let mut svg = SvgMark {
            name: mark.name.clone(),
            value,
            cells,
            shaft: String::new(),
            head: String::new(),
            outline: None,
        };
        let Some(&prev) = before.last() else {
            let (c, r) = mark.path[0];
            let edge = |i: i16| (at(i) + 2.0).max(0.0) as u32;
            svg.outline = Some((edge(c), edge(r), CELL - 4));
            return Some(svg);
        };
        let (dx, dy) = (last.0 - prev.0, last.1 - prev.1);
        let len = (dx * dx + dy * dy).sqrt();
        if len < 1.0 {
            return None;
        }
        let (ux, uy) = (dx / len, dy / len);
        // A move off the board (a car driving off) ends a little past the
        // edge, inside the picture's margin.
        let (c, r) = mark.path[mark.path.len() - 1];
        let off = c < 0 || r < 0 || c >= i16::from(cols) || r >= i16::from(rows);
        let tip = if off {
            let reach = len.min(cell) * 0.85;
            (prev.0 + ux * reach, prev.1 + uy * reach)
        } else {
            last
        };
        let base = (tip.0 - ux * HEAD, tip.1 - uy * HEAD);
        let (nx, ny) = (-uy * HALF, ux * HALF);
        let n = points.len();
        points[n - 1] = base;
        svg.shaft = pts(&points);
        svg.head = pts(&[tip, (base.0 + nx, base.1 + ny), (base.0 - nx, base.1 - ny)]);
        Some(svg)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::{MoveValue, Value};

    fn analysis(name: &str) -> Analysis {
        Analysis {
            seat: 0,
            value: Value::Win,
            remoteness: Some(3),
            moves: vec![MoveValue {
                name: name.to_string(),
                value: Value::Win,
                remoteness: Some(3),
                detail: None,
            }],
            detail: None,
            best: Some(0),
        }
    }

    fn nums(points: &str) -> Vec<(f64, f64)> {
        points
            .split(' ')
            .map(|p| {
                let (x, y) = p.split_once(',').unwrap();
                (x.parse().unwrap(), y.parse().unwrap())
            })
            .collect()
    }

    #[test]
    fn an_arrow_runs_from_the_first_cell_centre_to_a_tip_on_the_last() {
        let mark = MoveMark {
            name: "a2 N".into(),
            path: vec![(0, 1), (0, 0)],
        };
        let svg = SvgMark::new(&mark, &analysis("a2 N"), 3, 3).unwrap();
        assert_eq!(svg.value, "win in 3");
        assert_eq!(svg.cells, "0,1 0,0");
        let centre = |i: u32| f64::from(MARGIN + i * CELL + CELL / 2);
        let shaft = nums(&svg.shaft);
        assert_eq!(shaft[0], (centre(0), centre(1)));
        // The shaft stops where the head begins; the tip is the centre.
        assert_eq!(shaft[1], (centre(0), centre(0) + HEAD));
        assert_eq!(nums(&svg.head)[0], (centre(0), centre(0)));
        assert_eq!(svg.outline, None);
    }

    #[test]
    fn a_move_off_the_board_ends_inside_the_picture() {
        // Off the top: the tip stays below the picture's top edge.
        let up = MoveMark {
            name: "b3 N".into(),
            path: vec![(1, 0), (1, -1)],
        };
        let svg = SvgMark::new(&up, &analysis("b3 N"), 3, 3).unwrap();
        let tip = nums(&svg.head)[0];
        assert!(tip.1 > 0.0 && tip.1 < f64::from(MARGIN), "{tip:?}");
        // Off the right: past the last column, within the margin.
        let right = MoveMark {
            name: "c3 E".into(),
            path: vec![(2, 0), (3, 0)],
        };
        let svg = SvgMark::new(&right, &analysis("c3 E"), 3, 3).unwrap();
        let tip = nums(&svg.head)[0];
        let edge = f64::from(MARGIN + 3 * CELL);
        assert!(tip.0 > edge && tip.0 < edge + f64::from(MARGIN), "{tip:?}");
    }

    #[test]
    fn a_single_cell_is_outlined() {
        let mark = MoveMark {
            name: "B2".into(),
            path: vec![(1, 1)],
        };
        let svg = SvgMark::new(&mark, &analysis("B2"), 3, 3).unwrap();
        assert_eq!(
            svg.outline,
            Some((MARGIN + CELL + 2, MARGIN + CELL + 2, CELL - 4))
        );
        assert!(svg.shaft.is_empty());
    }
}
