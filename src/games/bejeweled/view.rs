//! What a page draws for a Bejeweled step: the grid with a distinct shape
//! per color (so it reads without color vision), rocks, the active
//! powerup's gem, and — on a proof's step — the cascade as sub-steps, each
//! pass with the cells it removes or recolors marked and the running count.
//! The facts list every proof of the round with what it is for the round
//! (superseded, late, for the lower claim) beside the one that counts.
//!
//! Imports nothing from `log/`, `web/`, `import/` or `verify.rs`; no HTML:
//! the page draws the [`View`](crate::games::View).

use super::engine::TraceStep;
use super::grid::{Cell, Color, Grid, COLS, ROWS};
use super::rules::{Match, Round};
use crate::games::{Drawing, Gem, Piece, SubStep, View};

fn shape(c: Color) -> &'static str {
    match c {
        Color::Red => "circle",
        Color::Blue => "square",
        Color::Green => "triangle",
        Color::Yellow => "diamond",
        Color::Purple => "hexagon",
    }
}

/// A grid as rows of text (a trace's form) drawn with marks.
fn drawing_rows(
    rows: &[String],
    marks: &[(Cell, &'static str)],
    active: Option<(Cell, &str)>,
) -> Drawing {
    let mut gems = Vec::new();
    let mut pieces = Vec::new();
    for (r, line) in rows.iter().enumerate().take(ROWS) {
        for (c, ch) in line.chars().enumerate().take(COLS) {
            let cell = Cell::new(c, r).expect("in range");
            if ch == '#' {
                pieces.push(Piece {
                    col: c as u8,
                    row: r as u8,
                    width: 1,
                    height: 1,
                    label: String::new(),
                    kind: "rock",
                    highlight: false,
                });
            } else if let Some(color) = Color::from_letter(ch) {
                gems.push(Gem {
                    col: c as u8,
                    row: r as u8,
                    color: color.name(),
                    shape: shape(color),
                    mark: marks.iter().find(|(m, _)| *m == cell).map(|(_, k)| *k),
                    label: match active {
                        Some((at, sym)) if at == cell => sym.to_string(),
                        _ => String::new(),
                    },
                });
            }
        }
    }
    Drawing {
        cols: COLS as u8,
        rows: ROWS as u8,
        col_names: "ABCDEFGH".chars().map(String::from).collect(),
        row_names: (1..=ROWS).map(|r| r.to_string()).collect(),
        pieces,
        exit_row: None,
        rails: Vec::new(),
        overlays: Vec::new(),
        gems,
    }
}

/// A grid drawn plainly.
pub fn drawing(grid: &Grid) -> Drawing {
    drawing_rows(&grid.rows(), &[], None)
}

fn symbol(proof_text: &str) -> &'static str {
    if proof_text.contains("active plus") {
        "+"
    } else if proof_text.contains("active column") {
        "|"
    } else {
        "↻"
    }
}

/// The cascade as sub-steps: each shows the grid before the step with what
/// the step removes or recolors marked (a gravity step shows the grid
/// after), then the final grid.
pub fn substeps(start: &Grid, trace: &[TraceStep], proof_text: &str) -> Vec<SubStep> {
    let sym = symbol(proof_text);
    let mut out = Vec::new();
    let mut before = start.rows();
    let mut active_before: Option<Cell> = None;
    for t in trace {
        let marks: Vec<(Cell, &'static str)> = t
            .removed
            .iter()
            .map(|r| (r.cell, "removed"))
            .chain(t.recolored.iter().map(|&c| (c, "recolored")))
            .collect();
        let (rows, marks, active) = match t.what {
            // Moves and gravity: show where things ended up.
            "place" | "swap" | "rotate" | "gravity" => (&t.grid, Vec::new(), t.active_at),
            // Recolor: show the new colors, marked.
            "recolor" => (&t.grid, marks, t.active_at),
            // Removals: show the gems about to go.
            _ => (&before, marks, active_before),
        };
        out.push(SubStep {
            caption: t.text.clone(),
            count: t.count,
            drawing: drawing_rows(rows, &marks, active.map(|c| (c, sym))),
        });
        before = t.grid.clone();
        active_before = t.active_at;
    }
    if let Some(last) = trace.last() {
        out.push(SubStep {
            caption: format!(
                "settled: {} removed",
                crate::games::words::count(last.count, "gem", "gems")
            ),
            count: last.count,
            drawing: drawing_rows(&last.grid, &[], None),
        });
    }
    out
}

fn round_facts(m: &Match, r: &Round, facts: &mut Vec<(String, String)>) {
    let name = |p: usize| m.players[p].clone();
    facts.push((
        "Round".to_string(),
        format!("{} of {}", r.number, m.config.rounds),
    ));
    facts.push((
        "Offered".to_string(),
        r.offer.to_string().replace(',', ", "),
    ));
    let claims: Vec<String> = r
        .claims
        .iter()
        .map(|c| format!("{} {}", name(c.by), c.gems))
        .collect();
    facts.push((
        "Claims".to_string(),
        if claims.is_empty() {
            "none yet".to_string()
        } else {
            claims.join(", then ")
        },
    ));
    for p in &r.proofs {
        let label = if r.proofs.len() == 1 {
            "Proof".to_string()
        } else {
            format!("Proof (seq {})", p.seq)
        };
        let mut text = match &p.result {
            Ok(n) => format!(
                "{} removed {n}{}",
                name(p.by),
                if p.late { " (late)" } else { "" }
            ),
            Err(e) => format!(
                "{} proof is not legal: {e}",
                crate::games::words::possessive(&name(p.by))
            ),
        };
        if let Some(s) = r.standing(p).text() {
            text.push_str(&format!(" — {s}"));
        }
        facts.push((label, text));
    }
    if let Some(d) = m.decision(r, r.ruled.is_some()) {
        let w = m.name(d.winner);
        facts.push(("By the rules".to_string(), format!("{w}: {}", d.reason)));
    }
    if let Some(x) = &r.ruled {
        let w = m.name(x.standing());
        facts.push(("Ruled".to_string(), format!("round to {w}")));
    }
}

/// The step view of a match state.
pub fn view(m: &Match) -> View {
    let mut facts = Vec::new();
    let mut drawing_now = None;
    let mut subs = Vec::new();
    if let Some(r) = m.rounds.last() {
        round_facts(m, r, &mut facts);
        drawing_now = Some(drawing(&r.grid));
        if let Some(p) = r.proofs.last() {
            if !p.trace.is_empty() {
                subs = substeps(&r.grid, &p.trace, &p.proof);
            }
        }
    }
    if let Some(w) = m.rounds.winner() {
        facts.push((
            "Match".to_string(),
            format!("{} wins (as ruled)", m.players[w]),
        ));
    }
    View {
        drawing: drawing_now,
        facts,
        score: m.rounds.score().to_vec(),
        score_by_rules: m.rounds.score_by_rules().to_vec(),
        substeps: subs,
    }
}
