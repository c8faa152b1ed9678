//! A Duorail track told by its corners, in words: the cell it starts on,
//! then each straight run as a direction and the cell it ends on (`a4 then
//! go right until a8, down to c8, left until c4 and back up to a4`), found
//! for [`super::player_chat`] beside the notation's tracks
//! ([`super::player_calls::tracks`]).
//!
//! The one rule: such a track is spelled out only when every run's
//! direction agrees with the cell it ends on (the same row for left and
//! right, the same column for up and down, and that way round) and the
//! last run comes back to the start. A slip in a run would shift every
//! cell after it, so nothing is mended: three or more runs that do not
//! agree or do not close, or that stand in a question or beside a doubt,
//! are a track attempt, unread with why. One or two runs are not a loop
//! and are left to the other readers (`E5 goes right to E6`).
//!
//! Must not import anything from `log/` but the event vocabulary, nor from
//! `import/`, `web/` or `verify.rs`.

use super::board::{Cell, Side, Track};
use super::chat_words::{direction, doubts, is_cell, step_word, Line};
use super::player_chat::Found;
use super::rules::Proof;
use crate::event::Body;
use crate::games::{ChatReading, Proof as GameProof};

/// How to write a track, for the reasons of unread messages.
const HOW_TO_TRACK: &str =
    "write the cell it starts on, then the steps, like 'A4 RRRRDDLLLLUU' or 'A4 R4 D2 L4 U2'";

/// Words between one run and the next (`then go`, `and back`).
const BETWEEN_RUNS: [&str; 21] = [
    "then", "go", "goes", "going", "went", "and", "back", "turn", "turns", "turning", "head",
    "heads", "heading", "move", "moves", "moving", "run", "runs", "running", "from", "there",
];

/// Words between a run's direction and the cell it ends on (`until`, `all
/// the way to`).
const TO_CELL: [&str; 13] = [
    "until", "till", "til", "to", "unto", "at", "as", "far", "all", "the", "way", "reach", "back",
];

/// One straight run: its direction and the cell it ends on.
struct Run {
    side: Side,
    end: Cell,
}

/// The runs told after the start cell at word `p`, and the word after the
/// last one.
fn runs_from(ws: &[&str], p: usize) -> (Vec<Run>, usize) {
    let mut runs = Vec::new();
    let mut q = p + 1;
    let mut end = q;
    loop {
        while ws.get(q).is_some_and(|w| BETWEEN_RUNS.contains(w)) {
            q += 1;
        }
        let Some(side) = ws
            .get(q)
            .filter(|w| step_word(w).is_some())
            .and_then(|w| direction(w))
        else {
            break;
        };
        q += 1;
        // The same way said once a step (`right, right, right to E7`).
        while ws
            .get(q)
            .filter(|w| step_word(w).is_some())
            .and_then(|w| direction(w))
            == Some(side)
        {
            q += 1;
        }
        while ws.get(q).is_some_and(|w| TO_CELL.contains(w)) {
            q += 1;
        }
        let Some(cell) = ws
            .get(q)
            .filter(|w| is_cell(w))
            .and_then(|w| w.parse::<Cell>().ok())
        else {
            break;
        };
        q += 1;
        end = q;
        runs.push(Run { side, end: cell });
    }
    (runs, end)
}

/// The steps of one run from `from`, or `None` when its direction does
/// not lead to its end cell.
fn run_steps(from: Cell, run: &Run) -> Option<usize> {
    let (dr, dc) = (
        i16::from(run.end.row) - i16::from(from.row),
        i16::from(run.end.col) - i16::from(from.col),
    );
    let n = match run.side {
        Side::Right if dr == 0 && dc > 0 => dc,
        Side::Left if dr == 0 && dc < 0 => -dc,
        Side::Down if dc == 0 && dr > 0 => dr,
        Side::Up if dc == 0 && dr < 0 => -dr,
        _ => return None,
    };
    usize::try_from(n).ok()
}

/// What the runs from `start` say: the track, or why it is not read.
fn spelled(start: Cell, runs: &[Run], doubted: bool) -> ChatReading {
    let unread = |why: String| {
        ChatReading::Unread(format!(
            "it reads like a track told by its corners, but {why}: {HOW_TO_TRACK}"
        ))
    };
    if doubted {
        return unread("it stands in a question or beside a doubt".to_string());
    }
    let mut at = start;
    let mut steps = String::new();
    for run in runs {
        let Some(n) = run_steps(at, run) else {
            let name = match run.side {
                Side::Up => "up",
                Side::Down => "down",
                Side::Left => "left",
                Side::Right => "right",
            };
            return unread(format!(
                "going {name} from {at} does not lead to {}",
                run.end
            ));
        };
        steps.extend(std::iter::repeat_n(run.side.letter(), n));
        at = run.end;
    }
    if at != start {
        return unread(format!("it ends on {at}, not back on {start}"));
    }
    match format!("{start} {steps}").parse::<Track>() {
        Ok(track) => ChatReading::Event(Body::Proof(GameProof::Duorail(Proof { track }))),
        Err(e) => ChatReading::Unread(e.to_string()),
    }
}

/// Tracks told by their corners on lines no other track took: three or
/// more runs after a start cell.
pub(super) fn corner_tracks(lines: &[Line], used: &mut [Vec<bool>], found: &mut Vec<Found>) {
    for (i, line) in lines.iter().enumerate() {
        let ws: Vec<&str> = line.words.iter().map(|w| w.text.as_str()).collect();
        let mut p = 0;
        while p < ws.len() {
            if used[i][p] || !is_cell(ws[p]) {
                p += 1;
                continue;
            }
            let (runs, end) = runs_from(&ws, p);
            let Ok(start) = ws[p].parse::<Cell>() else {
                p += 1;
                continue;
            };
            if runs.len() < 3 || used[i][p..end].iter().any(|u| *u) {
                p += 1;
                continue;
            }
            let doubted = doubts(&ws) || line.words[p..end].iter().any(|w| line.question(w));
            for u in &mut used[i][p..end] {
                *u = true;
            }
            found.push(Found::read(
                (i, p),
                i..i + 1,
                spelled(start, &runs, doubted),
            ));
            p = end;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::player_chat::tests::said;

    #[test]
    fn a_track_told_by_its_corners_is_spelled_out() {
        for (text, want) in [
            (
                "a4 then go right until a8, down to c8, left until c4 and back up to a4",
                "A4 RRRRDDLLLLUU",
            ),
            (
                "from B1: right to B3, down to H3, left to H1, up to B1",
                "B1 RRDDDDDDLLUUUUUU",
            ),
            (
                "E5 down to F5, right to F6, up to E6, left to E5 gg",
                "E5 DRUL",
            ),
            // A way said once a step, and `back` before the last cell.
            (
                "My loop: start at E4, then right, right, right to E7, down to F7, left, left, left to F4, and up back to E4. That's 8",
                "E4 RRRDLLLU",
            ),
        ] {
            assert_eq!(said(text), [format!("track {want}")], "{text}");
        }
    }

    #[test]
    fn corners_that_disagree_or_do_not_close_are_unread_with_why() {
        for (text, why) in [
            (
                "a4 then go right until c8, down to c8, left until c4 and back up to a4",
                "going right from A4 does not lead to C8",
            ),
            (
                "a4 go left until a8, down to c8, left until c4, up to a4",
                "going left from A4 does not lead to A8",
            ),
            (
                "a4 then go right until a8, down to c8, left until c4",
                "ends on C4, not back on A4",
            ),
            (
                "would a4 right to a8, down to c8, left to c4, up to a4 work?",
                "question",
            ),
        ] {
            let got = said(text);
            assert!(
                got.len() == 1 && got[0].contains(why) && got[0].starts_with("unread"),
                "{text}: {got:?}"
            );
        }
        // Near misses: one or two runs are no loop; talk keeps its reading.
        for talk in [
            "my E5 goes right to E6, down to F6",
            "go right, then down",
            "right to a8 was the move",
        ] {
            assert_eq!(said(talk), Vec::<String>::new(), "{talk}");
        }
    }
}
