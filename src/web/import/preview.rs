//! The import preview: every message beside what was read from it, the
//! board after each event, flags, corrections and names no one answers
//! to, as the page draws them.

use std::collections::BTreeMap;

use super::{ImportForm, ImportPage, PreviewRow};
use crate::games::{GameKind, MatchState};
use crate::import::events::Imported;
use crate::import::Transcript;
use crate::web::board::Svg;

/// Fills `page` with the preview of `imported`, read from `transcript`.
pub(super) fn fill(
    page: &mut ImportPage,
    form: &ImportForm,
    transcript: &Transcript,
    imported: Imported,
    game: GameKind,
) {
    // The preview: each message beside what was read, with the board
    // after each event (the state the rules left it in), and the replay's
    // board at each message whose posted board differs (after the last
    // event read up to it); drawn in one fold of the match.
    let draw = |s: &MatchState| {
        s.view().drawing.map(|d| {
            let mut svg = Svg::new(&d);
            svg.id = None;
            svg
        })
    };
    let mut wanted: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
    for b in &imported.report.board_mismatches {
        let events = &imported.report.events;
        if let Some(k) = events.iter().rposition(|e| e.message <= b.message) {
            wanted.entry(k).or_default().push(b.message);
        }
    }
    let mut boards: Vec<Option<Svg>> = Vec::with_capacity(imported.report.events.len());
    let mut replay_boards: BTreeMap<usize, Svg> = BTreeMap::new();
    imported.each_state(|k, state| {
        boards.push(state.and_then(draw));
        for &m in wanted.get(&k).into_iter().flatten() {
            if let Some(svg) = state.and_then(draw) {
                replay_boards.insert(m, svg);
            }
        }
    });
    let mut boards = boards.into_iter();
    let report = imported.report;
    // Every reading of a message, in order; its class is the most telling
    // one (a rule error or a flag before an event, an event before talk).
    let mut read: BTreeMap<usize, (&'static str, Vec<String>, Option<Svg>)> = BTreeMap::new();
    let rank = |c: &str| match c {
        "rule-error" => 4,
        "flagged" => 3,
        "unread" => 2,
        "event" => 1,
        _ => 0,
    };
    let mut add = |m: usize, class: &'static str, words: String, board: Option<Svg>| {
        let entry = read.entry(m).or_insert(("joined", Vec::new(), None));
        if rank(class) > rank(entry.0) || entry.1.is_empty() {
            entry.0 = class;
        }
        entry.1.push(words);
        if board.is_some() {
            entry.2 = board;
        }
    };
    for e in &report.events {
        let board = boards.next().flatten();
        let (class, mut words) = match &e.rule_error {
            Some(err) => (
                "rule-error",
                format!("{}: {} — rule error: {err}", e.kind, e.text),
            ),
            None => ("event", format!("{}: {}", e.kind, e.text)),
        };
        if let Some(o) = &e.overtime {
            words.push_str(&format!(" — clock: {o}"));
        }
        if let Some(by) = e.superseded_by {
            words.push_str(&format!(" — corrected at message {by}: no longer counts"));
        }
        add(e.message, class, words, board);
        for &later in &e.messages[1..] {
            add(
                later,
                "joined",
                format!("part of the {} at message {}", e.kind, e.message),
                None,
            );
        }
    }
    for u in &report.unread {
        add(
            u.message,
            "unread",
            format!("not understood: {}", u.reason),
            None,
        );
    }
    for b in &report.board_mismatches {
        add(
            b.message,
            "flagged",
            format!(
                "the board posted here differs from the replay: {}",
                b.differences.join("; ")
            ),
            None,
        );
    }
    for q in &report.rulings_in_question {
        add(
            q.message,
            "flagged",
            format!("the ruling {} — by the rules: {}", q.verdict, q.by_rules),
            None,
        );
    }
    for d in &report.doubts {
        add(d.message, "flagged", d.why.clone(), None);
    }
    let corrections: BTreeMap<usize, (String, bool)> = report
        .corrections
        .iter()
        .map(|c| match &c.error {
            None => (
                c.message,
                (
                    format!(
                        "read as the reviewer says: '{}' (the reader saw: {})",
                        c.reading, c.reader_saw
                    ),
                    false,
                ),
            ),
            Some(e) => (c.message, (format!("correction not applied: {e}"), true)),
        })
        .collect();
    page.rows = transcript
        .messages
        .iter()
        .map(|m| {
            let (class, words, board) =
                read.remove(&m.index)
                    .unwrap_or(("talk", vec!["talk".to_string()], None));
            let (read_as, read_why) = form.reads.get(&m.index).cloned().unwrap_or_default();
            let (correction, correction_failed) = match corrections.get(&m.index) {
                Some((c, failed)) => (Some(c.clone()), *failed),
                None => (None, false),
            };
            PreviewRow {
                replay_board: replay_boards.remove(&m.index),
                read_as,
                read_why,
                correction,
                correction_failed,
                index: m.index,
                author: m.author.clone(),
                stamp: m.stamp.clone(),
                at: m.at.format("%Y-%m-%d %H:%M UTC").to_string(),
                text: m.text.clone(),
                class,
                read: words.join(" · "),
                board,
            }
        })
        .collect();
    page.report = Some(report);
    if page.form.id.is_empty() {
        page.form.id = format!(
            "{}-{}",
            game.slug(),
            transcript
                .messages
                .first()
                .map_or("import".to_string(), |m| m
                    .at
                    .format("%Y%m%d-%H%M")
                    .to_string())
        );
    }
}

#[cfg(test)]
mod tests;
