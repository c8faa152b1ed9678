//! A board as the pages draw it: a game's neutral [`Drawing`] turned into
//! pixel geometry ([`Svg`]) and the inline SVG fragment
//! (`templates/board.html`) that step pages embed and cards re-draw.
//!
//! The game says what is where (cells, pieces, rails, gems, overlays, its
//! best move); this module only places it in pixels. It knows no game and
//! imports nothing from the store.

use std::sync::Arc;

use askama::Template;

use super::best_move::SvgMark;
use super::Loaded;
use crate::games::Drawing;

/// A rectangle of the SVG board, in pixels.
pub(super) struct SvgPiece {
    pub(super) x: u32,
    pub(super) y: u32,
    pub(super) w: u32,
    pub(super) h: u32,
    pub(super) cx: u32,
    pub(super) cy: u32,
    pub(super) label: String,
    pub(super) class: String,
}

/// A rail piece as an SVG path.
pub(super) struct SvgRail {
    pub(super) d: String,
    pub(super) class: String,
}

/// A gem: a shape per color.
pub(super) struct SvgGem {
    /// `circle` or `polygon`.
    pub(super) tag: &'static str,
    pub(super) cx: u32,
    pub(super) cy: u32,
    pub(super) r: u32,
    pub(super) points: String,
    pub(super) class: String,
    pub(super) label: String,
    pub(super) title: String,
}

/// A loop drawn over the board.
pub(super) struct SvgOverlay {
    pub(super) id: String,
    pub(super) label: String,
    pub(super) class: String,
    pub(super) points: String,
    pub(super) visible: bool,
    pub(super) drawn: bool,
}

/// A step's board: its drawing for the template's overlay controls and
/// the SVG itself, rendered once.
/// `d` with nothing outlined as the last move's.
fn without_highlights(d: &Drawing) -> Drawing {
    let mut d = d.clone();
    d.pieces.iter_mut().for_each(|p| p.highlight = false);
    d.rails.iter_mut().for_each(|r| r.highlight = false);
    d
}

pub(super) struct DrawnBoard {
    pub(super) svg: Svg,
    pub(super) html: String,
}

#[derive(Template)]
#[template(path = "board.html")]
struct BoardFragment<'a> {
    b: &'a Svg,
}

impl DrawnBoard {
    pub(super) fn new(d: &Drawing) -> DrawnBoard {
        DrawnBoard::with_best(d, None)
    }

    /// The board with the best move drawn over it.
    fn with_best(d: &Drawing, best: Option<SvgMark>) -> DrawnBoard {
        let mut svg = Svg::new(d);
        svg.best = best;
        // Rendering plain fields into a string cannot fail; if it ever
        // did, the page shows no board rather than no page.
        let html = BoardFragment { b: &svg }.render().unwrap_or_default();
        DrawnBoard { svg, html }
    }
}

/// The board as the step template draws it.
pub(super) struct Svg {
    pub(super) width: u32,
    pub(super) height: u32,
    pub(super) cells: Vec<(u32, u32)>,
    pub(super) cell: u32,
    pub(super) col_labels: Vec<(u32, String)>,
    pub(super) row_labels: Vec<(u32, String)>,
    pub(super) pieces: Vec<SvgPiece>,
    /// (x, y) of the exit arrow's tip.
    pub(super) exit: Option<(u32, u32)>,
    /// Screen-reader and test text: the board row by row.
    pub(super) summary: String,
    /// The element id (`board` on a step page, none where several boards
    /// share a page).
    pub(super) id: Option<&'static str>,
    pub(super) rails: Vec<SvgRail>,
    pub(super) overlays: Vec<SvgOverlay>,
    /// Some overlays can be switched on and off.
    pub(super) toggles: bool,
    /// Some overlays are drawn for good (lines, rectangles): list them.
    pub(super) legend: bool,
    pub(super) gems: Vec<SvgGem>,
    /// The best move, drawn on top (step pages of solved games).
    pub(super) best: Option<SvgMark>,
}

/// A cell's side and the margin left of and above the board, in pixels.
pub(super) const CELL: u32 = 56;
pub(super) const MARGIN: u32 = 26;

impl Svg {
    pub(super) fn new(d: &Drawing) -> Svg {
        let at = |i: u8| MARGIN + i as u32 * CELL;
        let mut cells = Vec::new();
        for r in 0..d.rows {
            for c in 0..d.cols {
                cells.push((at(c), at(r)));
            }
        }
        let pieces = d
            .pieces
            .iter()
            .map(|p| {
                let (x, y) = (at(p.col) + 4, at(p.row) + 4);
                let (w, h) = (p.width as u32 * CELL - 8, p.height as u32 * CELL - 8);
                SvgPiece {
                    x,
                    y,
                    w,
                    h,
                    cx: x + w / 2,
                    cy: y + h / 2 + 7,
                    label: p.label.clone(),
                    class: if p.highlight {
                        format!("{} last", p.kind)
                    } else {
                        p.kind.to_string()
                    },
                }
            })
            .collect();
        let name = |col: u8, row: u8| {
            let c = d.col_names.get(col as usize).map_or("?", String::as_str);
            let r = d.row_names.get(row as usize).map_or("?", String::as_str);
            // Letters name rows in some games and columns in others.
            if r.chars().all(|ch| ch.is_ascii_digit()) {
                format!("{c}{r}")
            } else {
                format!("{r}{c}")
            }
        };
        let mut summary: Vec<String> = d
            .pieces
            .iter()
            .filter(|p| !p.label.is_empty())
            .map(|p| format!("{} at {}", p.label, name(p.col, p.row)))
            .collect();
        summary.extend(
            d.rails
                .iter()
                .map(|r| format!("{} {} at {}", r.kind, r.exits, name(r.col, r.row))),
        );
        let summary = summary.join(", ");
        let centre = |col: u8, row: u8| (at(col) + CELL / 2, at(row) + CELL / 2);
        let rails = d
            .rails
            .iter()
            .map(|r| {
                let (cx, cy) = centre(r.col, r.row);
                let h = CELL / 2;
                let ends: Vec<(u32, u32)> = r
                    .exits
                    .chars()
                    .map(|e| match e {
                        'U' => (cx, cy - h),
                        'D' => (cx, cy + h),
                        'L' => (cx - h, cy),
                        _ => (cx + h, cy),
                    })
                    .collect();
                let d = match ends.as_slice() {
                    [(x1, y1), (x2, y2)] if x1 == x2 || y1 == y2 => {
                        format!("M {x1} {y1} L {x2} {y2}")
                    }
                    [(x1, y1), (x2, y2)] => format!("M {x1} {y1} Q {cx} {cy} {x2} {y2}"),
                    _ => String::new(),
                };
                SvgRail {
                    d,
                    class: if r.highlight {
                        format!("rail {} last", r.kind)
                    } else {
                        format!("rail {}", r.kind)
                    },
                }
            })
            .collect();
        // Drawn overlays (lines, rectangles) are each shifted a few pixels
        // from the cell centres, in turn, so two that share a path both
        // stay visible and can be read back.
        let mut drawn = 0i32;
        let overlays = d
            .overlays
            .iter()
            .map(|o| {
                let (dx, dy) = if o.drawn {
                    drawn += 1;
                    (((drawn - 1) % 3 - 1) * 4, (((drawn - 1) / 3) % 3 - 1) * 4)
                } else {
                    (0, 0)
                };
                SvgOverlay {
                    id: o.id.clone(),
                    label: o.label.clone(),
                    class: o.kind.to_string(),
                    points: o
                        .cells
                        .iter()
                        .map(|&(c, r)| {
                            let (x, y) = centre(c, r);
                            format!("{},{}", x as i32 + dx, y as i32 + dy)
                        })
                        .collect::<Vec<_>>()
                        .join(" "),
                    visible: o.visible,
                    drawn: o.drawn,
                }
            })
            .collect();
        let gems = d
            .gems
            .iter()
            .map(|g| {
                let (cx, cy) = centre(g.col, g.row);
                let r = CELL * 36 / 100;
                let pts = |v: &[(i32, i32)]| {
                    v.iter()
                        .map(|&(x, y)| format!("{},{}", cx as i32 + x, cy as i32 + y))
                        .collect::<Vec<_>>()
                        .join(" ")
                };
                let k = r as i32;
                let h = k * 87 / 100;
                let points = match g.shape {
                    "square" => pts(&[(-h, -h), (h, -h), (h, h), (-h, h)]),
                    "triangle" => pts(&[(0, -k), (k, k * 3 / 4), (-k, k * 3 / 4)]),
                    "diamond" => pts(&[(0, -k), (k, 0), (0, k), (-k, 0)]),
                    "hexagon" => pts(&[
                        (-k / 2, -h),
                        (k / 2, -h),
                        (k, 0),
                        (k / 2, h),
                        (-k / 2, h),
                        (-k, 0),
                    ]),
                    _ => String::new(),
                };
                SvgGem {
                    tag: if g.shape == "circle" {
                        "circle"
                    } else {
                        "polygon"
                    },
                    cx,
                    cy,
                    r,
                    points,
                    class: match g.mark {
                        Some(m) => format!("gem {} {m}", g.color),
                        None => format!("gem {}", g.color),
                    },
                    label: g.label.clone(),
                    title: format!("{} {}", g.color, name(g.col, g.row)),
                }
            })
            .collect();
        Svg {
            width: at(d.cols) + MARGIN + 14,
            height: at(d.rows) + 8,
            cells,
            cell: CELL,
            col_labels: d
                .col_names
                .iter()
                .enumerate()
                .map(|(i, n)| (at(i as u8) + CELL / 2, n.clone()))
                .collect(),
            row_labels: d
                .row_names
                .iter()
                .enumerate()
                .map(|(i, n)| (at(i as u8) + CELL / 2 + 5, n.clone()))
                .collect(),
            pieces,
            exit: d.exit_row.map(|r| (at(d.cols) + MARGIN, at(r) + CELL / 2)),
            summary,
            id: Some("board"),
            rails,
            toggles: d.overlays.iter().any(|o| !o.drawn),
            legend: d.overlays.iter().any(|o| o.drawn),
            overlays,
            gems,
            best: None,
        }
    }
}

/// The board step `k` opens on (a proof's first sub-step, else the step's
/// own drawing), drawn once per step: for its page and its card.
pub(super) fn opening_board(m: &Loaded, k: usize) -> Option<Arc<DrawnBoard>> {
    let step = m.replay.steps.get(k)?;
    m.board(k, || {
        let view = m.view(k)?;
        match view.substeps.first() {
            Some(s) if step.kind == "proof" => Some(DrawnBoard::new(&s.drawing)),
            _ => {
                let drawing = view.drawing.as_ref()?;
                // A solved game's best move from here, drawn on the board.
                let timeline = m.timeline();
                let best = timeline
                    .analyses
                    .get(k)
                    .and_then(Option::as_ref)
                    .and_then(|a| {
                        let mark = step.state.as_ref()?.best_move_mark(a)?;
                        SvgMark::new(&mark, a, drawing.cols, drawing.rows)
                    });
                // Only a step that placed or moved something outlines it: a
                // ruling or a claim is not about the last piece.
                if step.kind == "place" {
                    Some(DrawnBoard::with_best(drawing, best))
                } else {
                    Some(DrawnBoard::with_best(&without_highlights(drawing), best))
                }
            }
        }
    })
}
