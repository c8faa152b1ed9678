//! A Nim race in the registry ([`Plug`]): its title, what a page draws
//! (the stones left, ten to a row), the verifier's finding on the claim
//! or the ruling, and where a match stands. It keeps every other part's
//! default: no analysis, no series, no chat reader.
//!
//! Imports nothing from `log/`, `web/`, `import/` or `verify.rs`.

use std::time::Duration;

use super::rules::{Match, Nim};
use super::solver;
use crate::findings::{Award, Finding, Verdict};
use crate::games::engine::report::ruled_words;
use crate::games::{one_game, Drawing, Event, Piece, Plug, View};

/// Stones drawn in one row.
const ROW: u32 = 10;

impl Plug for Nim {
    const TITLE: &'static str = "Nim race";
    const RULES: &'static str = include_str!("rules.md");

    fn view(m: &Match) -> View {
        let facts = vec![
            ("Stones left".to_string(), m.heap.to_string()),
            (
                "A turn takes".to_string(),
                format!("1 to {}", m.config.most),
            ),
        ];
        one_game::view(drawing(m), facts, Some(m.to_move), &m.ending, &m.players)
    }

    fn describe(event: &Event<'_, Self>) -> Option<String> {
        match event {
            Event::Place(t) => Some(format!("takes {}", t.stones)),
            Event::Claim(_) => Some("claims a forced win".to_string()),
            _ => None,
        }
    }

    fn findings(m: &Match, _limit: Option<Duration>) -> Vec<Finding> {
        let Some(c) = &m.claim else {
            return m.ending.findings(
                &m.players,
                format!("{} stones left", m.heap),
                "the game has not ended by the rules",
            );
        };
        let most = m.config.most;
        let truth = match solver::winning_take(c.heap, most) {
            Some(t) => format!(
                "from {} stones, taking 1 to {most}, the player to move wins: take {t}, leaving {}",
                c.heap,
                c.heap - t
            ),
            None => format!(
                "from {} stones, taking 1 to {most}, the player to move loses: every take leaves a win",
                c.heap
            ),
        };
        let by_rules = m.ending.by_rules.as_ref().and_then(|d| d.winner);
        let ruled = m.ending.ruled.as_ref();
        let name = |seat: Option<usize>| Award::of_seat(&m.players, seat).name().to_string();
        vec![Finding {
            seq: c.seq,
            round: Some(1),
            claim: format!("{} can force a win from {}", m.players[c.seat], c.heap),
            claim_true: Some(c.truth),
            truth,
            optimal: None,
            witness: None,
            proofs: Vec::new(),
            by_rules: format!("the game to {}", name(by_rules)),
            ruled: ruled.map_or_else(
                || "not ruled".to_string(),
                |r| ruled_words("the game", r, name, false),
            ),
            ruling_seq: ruled.map(|r| r.seq),
            verdict: Verdict::of(ruled.map(|r| r.winner), Some(by_rules)),
            award_by_rules: Some(Award::of_seat(&m.players, by_rules)),
        }]
    }

    fn in_play(m: &Match) -> bool {
        !m.ending.is_over()
    }

    /// Play begins with the match: there is no setup.
    fn started(_m: &Match) -> bool {
        true
    }
}

/// The stones left, ten to a row, on a grid as big as the starting heap.
fn drawing(m: &Match) -> Drawing {
    let cols = m.config.heap.min(ROW);
    let rows = m.config.heap.div_ceil(ROW);
    Drawing {
        cols: cols as u8,
        rows: rows as u8,
        col_names: (1..=cols).map(|c| c.to_string()).collect(),
        row_names: (1..=rows).map(|r| r.to_string()).collect(),
        pieces: (0..m.heap)
            .map(|i| Piece {
                col: (i % ROW) as u8,
                row: (i / ROW) as u8,
                width: 1,
                height: 1,
                label: String::new(),
                kind: "stone",
                highlight: false,
            })
            .collect(),
        exit_row: None,
        rails: Vec::new(),
        overlays: Vec::new(),
        gems: Vec::new(),
    }
}
