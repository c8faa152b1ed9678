//! What a page draws for a Duorail step: the rails in their colors, the
//! last placed piece, both colors' longest track right now (the solver runs
//! on every step: it is cheap), and any track shown in a challenge or the
//! endgame.
//!
//! Imports nothing from `log/`, `web/`, `import/` or `verify.rs`; no HTML:
//! the page draws the [`View`](crate::games::View).

use super::board::{Board, Cell, Color, Side, Track};
use super::rules::{Match, Phase, WORDS};
use super::solver::{longest, Longest};
use crate::games::{Drawing, Overlay, Rail, View};

fn kind(c: Color) -> &'static str {
    match c {
        Color::Blue => "blue",
        Color::Red => "red",
        Color::Common => "common",
    }
}

/// The cells a track walks through, in order, as far as it stays on the
/// board.
fn walk(board: &Board, t: &Track) -> Vec<(u8, u8)> {
    let mut cells = vec![(t.start.col, t.start.row)];
    let mut cur = t.start;
    for &s in &t.steps {
        match cur.step(s, board.height(), board.width()) {
            Some(n) => {
                cur = n;
                cells.push((n.col, n.row));
            }
            None => break,
        }
    }
    cells
}

fn rails(board: &Board, last: Option<Cell>) -> Vec<Rail> {
    board
        .pieces()
        .map(|(cell, p)| Rail {
            col: cell.col,
            row: cell.row,
            exits: Side::ALL
                .into_iter()
                .filter(|&s| p.exits.has(s))
                .map(Side::letter)
                .collect(),
            kind: kind(p.color),
            highlight: last == Some(cell),
        })
        .collect()
}

/// The board with rails and the given overlays.
pub fn drawing(board: &Board, last: Option<Cell>, overlays: Vec<Overlay>) -> Drawing {
    Drawing {
        cols: board.width(),
        rows: board.height(),
        col_names: (1..=board.width()).map(|c| c.to_string()).collect(),
        row_names: (0..board.height())
            .map(|r| ((b'A' + r) as char).to_string())
            .collect(),
        pieces: Vec::new(),
        exit_row: None,
        rails: rails(board, last),
        overlays,
        gems: Vec::new(),
    }
}

fn describe(l: &Longest) -> String {
    if l.exists() {
        crate::games::words::count(l.length, "cell", "cells")
    } else {
        "no track possible".to_string()
    }
}

/// The step view of a match state.
pub fn view(m: &Match) -> View {
    let name = |seat: usize| m.players[seat].clone();
    let mut facts = Vec::new();
    let mut overlays = Vec::new();
    let mut score = vec![0, 0];
    let mut score_by_rules = vec![0, 0];
    if let Some(w) = m.ending.winner() {
        score[w] = 1;
    }
    if let Some(w) = m.ending.by_rules.as_ref().and_then(|d| d.winner) {
        score_by_rules[w] = 1;
    }
    match m.blue {
        None => facts.push((
            "Now".to_string(),
            "waiting for the host's setup".to_string(),
        )),
        Some(blue) => {
            facts.push((
                "Colors".to_string(),
                format!("{} blue · {} red", name(blue), name(1 - blue)),
            ));
            let now = match &m.phase {
                _ if m.ending.ruled.is_some() => "the game is over".to_string(),
                Phase::Waiting => "waiting".to_string(),
                Phase::Playing => format!(
                    "{} ({}) to move{}",
                    name(m.to_move),
                    m.color_of(m.to_move).map_or("?", Color::name),
                    if m.passes > 0 {
                        " — the last move was a pass"
                    } else {
                        ""
                    }
                ),
                Phase::Challenge {
                    challenger, color, ..
                } => format!(
                    "{} challenged: impossible for {}",
                    name(*challenger),
                    color.name()
                ),
                Phase::Endgame { full_board, .. } => {
                    if *full_board {
                        "the board is full: each shows a track".to_string()
                    } else {
                        "endgame: each shows a track".to_string()
                    }
                }
            };
            facts.push(("Now".to_string(), now));
        }
    }
    facts.push((
        "Pieces".to_string(),
        format!(
            "{} blue, {} red, {} of 2 common",
            m.board.count(Color::Blue),
            m.board.count(Color::Red),
            m.board.count(Color::Common)
        ),
    ));
    for color in [Color::Blue, Color::Red] {
        let best = longest(&m.board, color);
        facts.push((format!("Longest {}", color.name()), describe(&best)));
        if let Some(t) = &best.track {
            overlays.push(Overlay {
                id: format!("longest-{}", color.name()),
                label: format!(
                    "longest {} track ({})",
                    color.name(),
                    crate::games::words::count(best.length, "cell", "cells")
                ),
                kind: kind(color),
                cells: walk(&m.board, t),
                visible: false,
                drawn: false,
            });
        }
    }
    let shown = match &m.phase {
        Phase::Challenge { shown, .. } | Phase::Endgame { shown, .. } => shown.as_slice(),
        _ => &[],
    };
    for s in shown {
        if let Ok(t) = s.track.parse::<Track>() {
            overlays.push(Overlay {
                id: format!("shown-{}", s.seq),
                label: format!(
                    "{} {} track (seq {}): {}",
                    crate::games::words::possessive(&name(s.by)),
                    s.color.name(),
                    s.seq,
                    match &s.result {
                        Ok(n) if s.late => format!(
                            "{}, but late",
                            crate::games::words::count(*n, "cell", "cells")
                        ),
                        Ok(n) => crate::games::words::count(*n, "cell", "cells"),
                        Err(e) => e.clone(),
                    }
                ),
                kind: kind(s.color),
                cells: walk(&m.board, &t),
                visible: true,
                drawn: false,
            });
        }
    }
    if let Some(d) = m.decision(m.ending.ruled.is_some()) {
        let w = WORDS.words.name(&m.players, d.winner);
        facts.push(("By the rules".to_string(), format!("{w}: {}", d.reason)));
    }
    if let Some(r) = &m.ending.ruled {
        let w = WORDS.words.name(&m.players, r.standing());
        facts.push(("Ruled".to_string(), format!("the game to {w}")));
    }
    facts.push((
        "Bank".to_string(),
        format!(
            "{} {} · {} {}",
            name(0),
            m.bank_text(0),
            name(1),
            m.bank_text(1)
        ),
    ));
    View {
        drawing: Some(drawing(&m.board, m.last_placed.map(|(_, c)| c), overlays)),
        facts,
        score,
        score_by_rules,
        substeps: Vec::new(),
    }
}
