//! Proofs in a Bejeweled player's message, read entity first: each
//! powerup named starts a part, and the cells and colors after it (up to
//! the next powerup) are its arguments, whatever words stand between —
//! `plus on F3, bend, swap F3 with G3`, `I place the Plus on F3 and swap F3
//! and G3, with Bend as the passive`, `- A-Plus on F3 / - P-Bend / -
//! S-Swap F3↔G3`, `starter: swap F3-G3 | active: plus @ F3 | passive:
//! bend`, `rotate the 2×2 at G6 (G6 H6 G7 H7)`, `then pick A7 + D4` after
//! a refresh. The parts are written out in the proof notation
//! and parsed by [`ProofSpec`], so the rules see one form.
//!
//! Where the proof stands: a line that names a whole proof (a powerup of
//! each type and a cell) is one; otherwise consecutive lines of parts
//! (bullets, numbered steps) are joined. Parts that make no whole proof
//! are a remark when the message holds a proof (`oops, rotate E6:` above
//! the corrected proof), and unread, with how to write a proof, when it
//! holds none. Powerups without any cell are not a proof (they are picks,
//! or talk). One part in a question once a proof was shown in the round
//! (`would column on G4 have been more?`) wonders about that proof: talk.
//!
//! Must not import anything from `log/` but the event vocabulary, nor from
//! `import/`, `web/` or `verify.rs`.

use std::ops::Range;

use super::chat_words::{color, is_cell_like, misspelt_powerup, powerup, Line};
use super::grid::{Cell, Color};
use super::proof::{Powerup, ProofSpec};
use super::rules::Proof;
use crate::event::Body;
use crate::games::chat::Found;
use crate::games::{ChatReading, Proof as GameProof};

/// How a proof is written, for the reasons of unread messages.
pub(super) const HOW_TO_PROVE: &str =
    "a proof is written like 'active plus F4; passive bend; swap F4 F5' (one part per line or between ';')";

/// One powerup named, with what follows it.
#[derive(Clone, Debug)]
struct Part {
    powerup: Powerup,
    /// Written after `then` (the second starter action after a refresh).
    then: bool,
    /// Cells as written (on the grid or not).
    cells: Vec<String>,
    /// Cells withdrawn (`on F3 not F4`, `instead of F4`): not its cells.
    withdrawn: Vec<String>,
    colors: Vec<String>,
    /// Where it was named (line, word).
    at: (usize, usize),
    /// It stands in a question.
    asked: bool,
}

/// The parts a line names, in order.
fn parts(line: &Line, index: usize) -> Vec<Part> {
    // `what if the plus had gone on C5 instead, how many would that have
    // been?`: a line that supposes asks, whichever clause holds the `?`.
    let texts = line.texts();
    let supposes = texts.windows(2).any(|p| p == ["what", "if"])
        || texts
            .iter()
            .position(|w| *w == "would")
            .is_some_and(|at| texts[at..].contains(&"have"));
    let mut out: Vec<Part> = Vec::new();
    let mut then = false;
    // After `not`, `instead of`, `rather than`: the next cell is withdrawn.
    let mut not = false;
    // A cell right before the first powerup (`c4 plus`): that powerup's.
    let mut before: Vec<String> = Vec::new();
    for (k, w) in line.words.iter().enumerate() {
        let t = w.text.as_str();
        if w.mention {
            continue;
        }
        let next = line.words.get(k + 1).map(|n| n.text.as_str());
        let prev = k.checked_sub(1).map(|p| line.words[p].text.as_str());
        // `c4↔d4` with no word: two cells swapped, a starter of its own
        // unless a starter is what the cells follow (`S-Swap F3↔G3`).
        let swapped = is_cell_like(t)
            && w.after.contains("<->")
            && next.is_some_and(is_cell_like)
            && out.last().is_none_or(|p| p.powerup.kind() != "starter");
        if swapped {
            out.push(Part {
                powerup: Powerup::Swap,
                then: false,
                cells: vec![t.to_uppercase()],
                withdrawn: Vec::new(),
                colors: Vec::new(),
                at: (index, k),
                asked: supposes || line.question(w),
            });
        } else if out.is_empty() && is_cell_like(t) && next.is_some_and(|n| powerup(n).is_some()) {
            before.push(t.to_uppercase());
        } else if t == "then" {
            then = true;
        } else if powerup(t) == Some(Powerup::Column)
            && (column_letter(next) || column_letter(prev) && !type_prefix(line, k))
        {
            // `YYY down column D`, `the D column`: a place on the grid,
            // not the powerup (which stands on one gem, a cell).
        } else if let Some(p) = powerup(t)
            .or_else(|| swapping(t, next))
            .or_else(|| {
                // What it takes, past `on` or `at` (`colum on E3`).
                let takes = match next {
                    Some("on" | "at") => line.words.get(k + 2).map(|n| n.text.as_str()),
                    _ => next,
                };
                misspelt_powerup(t, takes)
            })
        {
            out.push(Part {
                powerup: p,
                then: then && p.kind() == "starter",
                cells: std::mem::take(&mut before),
                withdrawn: Vec::new(),
                colors: Vec::new(),
                at: (index, k),
                asked: supposes || line.question(w),
            });
            then = false;
            not = false;
        } else if t == "not"
            || (t == "instead" && next == Some("of"))
            || (t == "rather" && next == Some("than"))
        {
            not = true;
        } else if let Some(part) = out.last_mut() {
            let takes_letter = matches!(part.powerup, Powerup::Chain | Powerup::Recolor)
                && t.len() == 1
                && Color::from_letter(t.chars().next().unwrap_or(' ')).is_some();
            if is_cell_like(t) && std::mem::take(&mut not) {
                part.withdrawn.push(t.to_uppercase());
            } else if is_cell_like(t) {
                // `rot e6 (e6 not h6)`: a cell said again is one cell.
                let cell = t.to_uppercase();
                if !part.cells.contains(&cell) {
                    part.cells.push(cell);
                }
            } else if let Some(c) = color(t) {
                // `reds`: the color's own name, for the notation.
                part.colors.push(c.name().to_string());
            } else if takes_letter {
                part.colors.push(t.to_string());
            }
        }
    }
    // A powerup named again right after its part, with nothing of its
    // own, names that part (`swap D5 with E5 (S-Swap)`).
    out.dedup_by(|again, part| {
        again.powerup == part.powerup
            && !again.then
            && again.cells.is_empty()
            && again.colors.is_empty()
            && again.withdrawn.is_empty()
    });
    out
}

/// The swap said as a verb right before its first cell (`then swapping
/// E7 with F7`); `swapping chain for bend` (picks) is none.
fn swapping(t: &str, next: Option<&str>) -> Option<Powerup> {
    (matches!(t, "swapping" | "swapped" | "swaps") && next.is_some_and(is_cell_like))
        .then_some(Powerup::Swap)
}

/// Whether the word before word `k` is a powerup card's type letter glued
/// to it (`A-Column`, `P-Chain`, `S-Swap`), not a grid column (`the D
/// column`).
fn type_prefix(line: &Line, k: usize) -> bool {
    k.checked_sub(1)
        .map(|p| &line.words[p])
        .is_some_and(|w| matches!(w.text.as_str(), "a" | "p" | "s") && w.after == "-")
}

/// A grid column's letter on its own (`d`).
fn column_letter(w: Option<&str>) -> bool {
    w.is_some_and(|w| w.len() == 1 && w.as_bytes()[0].is_ascii_lowercase() && w <= "h")
}

/// A rotate written with its whole square (`G6 (G6 H6 G7 H7)`, `G6 H6 G7
/// H7`) names its top-left cell.
fn rotate_cells(cells: &[String]) -> Vec<String> {
    let parsed: Option<Vec<Cell>> = cells.iter().map(|c| c.parse().ok()).collect();
    let Some(parsed) = parsed else {
        return cells.to_vec();
    };
    let square = |tl: Cell, of: &[Cell]| -> bool {
        let want: Vec<Option<Cell>> =
            vec![Some(tl), tl.offset(1, 0), tl.offset(0, 1), tl.offset(1, 1)];
        of.len() == 4 && want.iter().all(|c| c.is_some_and(|c| of.contains(&c)))
    };
    match parsed.as_slice() {
        [tl, rest @ ..] if square(*tl, rest) => vec![cells[0].clone()],
        four if four.len() == 4 => match four.iter().min() {
            Some(tl) if square(*tl, four) => vec![tl.to_string()],
            _ => cells.to_vec(),
        },
        _ => cells.to_vec(),
    }
}

/// The parts written out in the proof notation.
fn notation(parts: &[&Part]) -> String {
    let mut out = Vec::new();
    let mut starter = false;
    for p in parts {
        let name = p.powerup.name();
        match p.powerup.kind() {
            "active" => out.push(format!("active {name} {}", p.cells.join(" "))),
            "passive" => out.push(format!("passive {name} {}", p.colors.join(" "))),
            _ => {
                let cells = if p.powerup == Powerup::Rotate {
                    rotate_cells(&p.cells)
                } else {
                    p.cells.clone()
                };
                let then = if starter && p.then { "then " } else { "" };
                starter = true;
                out.push(format!("{then}{name} {}", cells.join(" ")));
            }
        }
    }
    out.join("; ")
}

/// Whether parts name a whole proof: a powerup of each type and a cell.
fn whole(parts: &[&Part]) -> bool {
    ["active", "passive", "starter"]
        .iter()
        .all(|k| parts.iter().any(|p| p.powerup.kind() == *k))
        && parts.iter().any(|p| !p.cells.is_empty())
}

/// What the parts say: the proof, or why it cannot be read.
fn read(parts: &[&Part]) -> ChatReading {
    if parts.iter().any(|p| p.asked) {
        return ChatReading::Unread(format!(
            "a proof in a question is not read as one: {HOW_TO_PROVE}"
        ));
    }
    match notation(parts).parse::<ProofSpec>() {
        Ok(proof) => ChatReading::Event(Body::Proof(GameProof::Bejeweled(Proof { proof }))),
        Err(e) => ChatReading::Unread(format!("{e}; {HOW_TO_PROVE}")),
    }
}

/// Words that say a message corrects part of a proof and keeps the rest
/// (`ah typo, the plus is on F3 not F4 — rest the same`).
const CORRECTS: [&str; 14] = [
    "typo",
    "meant",
    "mean",
    "correction",
    "oops",
    "fix",
    "fixed",
    "edit",
    "sorry",
    "actually",
    "rest",
    "otherwise",
    "unchanged",
    "same",
];

/// Whether the lines of `range` correct part of a proof: a correction
/// word, or a cell withdrawn (`not F4`).
fn corrects(lines: &[Line], range: &Range<usize>, parts: &[&Part]) -> bool {
    parts.iter().any(|p| !p.withdrawn.is_empty())
        || lines[range.clone()]
            .iter()
            .any(|l| l.words.iter().any(|w| CORRECTS.contains(&w.text.as_str())))
}

/// `base` with the parts named replaced, each in its type's place (the
/// first starter for a starter): what a partial correction means. A part
/// named without cells or colors changes nothing when it is the powerup
/// already used (`bend stays`).
fn corrected(base: &ProofSpec, parts: &[&Part]) -> ChatReading {
    if parts.iter().any(|p| p.asked) {
        return ChatReading::Unread(format!(
            "a proof in a question is not read as one: {HOW_TO_PROVE}"
        ));
    }
    let mut slots: Vec<(&str, Powerup, String)> = vec![
        ("active", base.active.0.powerup(), String::new()),
        ("passive", base.passive.powerup(), base.passive.to_string()),
        ("starter", base.starter.powerup(), base.starter.to_string()),
    ];
    slots[0].2 = format!(
        "active {} {}",
        base.active.0.powerup().name(),
        base.active.1
    );
    if let Some(t) = base.then {
        slots.push(("then", t.powerup(), format!("then {t}")));
    }
    for p in parts {
        let Some(slot) = slots.iter_mut().find(|s| s.0 == p.powerup.kind()) else {
            continue;
        };
        if p.cells.is_empty() && p.colors.is_empty() && slot.1 == p.powerup {
            continue;
        }
        slot.2 = notation(&[p]);
    }
    let text: Vec<&str> = slots.iter().map(|s| s.2.as_str()).collect();
    match text.join("; ").parse::<ProofSpec>() {
        Ok(proof) => ChatReading::Event(Body::Proof(GameProof::Bejeweled(Proof { proof }))),
        Err(e) => ChatReading::Unread(format!("{e}; {HOW_TO_PROVE}")),
    }
}

/// The proofs a message holds, each found where its first part was
/// named (usually one; a corrected proof written
/// twice is two), and the lines that hold proof parts (read, or set aside
/// as a remark): nothing else is read from them. `last` is the writer's
/// last proof in the round, which a partial correction in a message of its
/// own changes (`the plus is on F3 not F4, rest the same`). `shown`: a
/// proof was shown in the last round, so a question naming one part
/// (`would column on G4 have been more?`) wonders about it: talk.
pub(super) fn proofs(
    lines: &[Line],
    last: Option<&ProofSpec>,
    shown: bool,
) -> (Vec<Found>, Vec<bool>) {
    let all: Vec<Vec<Part>> = lines.iter().enumerate().map(|(i, l)| parts(l, i)).collect();
    let mut taken = vec![false; lines.len()];
    let mut found = Vec::new();
    // A line that names a whole proof.
    for (i, ps) in all.iter().enumerate() {
        let refs: Vec<&Part> = ps.iter().collect();
        if whole(&refs) {
            taken[i] = true;
            found.push(Found {
                at: refs[0].at,
                lines: i..i + 1,
                read: read(&refs),
            });
        }
    }
    // Consecutive lines of parts (blank lines between allowed).
    let mut groups: Vec<(Range<usize>, Vec<&Part>)> = Vec::new();
    let mut open: Option<(Range<usize>, Vec<&Part>)> = None;
    for (i, ps) in all.iter().enumerate() {
        if taken[i] || (ps.is_empty() && !lines[i].words.is_empty()) {
            groups.extend(open.take());
            continue;
        }
        if ps.is_empty() {
            continue;
        }
        let g = open.get_or_insert_with(|| (i..i + 1, Vec::new()));
        g.0.end = i + 1;
        g.1.extend(ps.iter());
    }
    groups.extend(open);
    let any_whole = !found.is_empty() || groups.iter().any(|(_, ps)| whole(ps));
    for (range, ps) in groups {
        if !ps.iter().any(|p| !p.cells.is_empty()) {
            continue;
        }
        for t in &mut taken[range.clone()] {
            *t = true;
        }
        // Parts that make no whole proof are a remark beside a proof, and
        // unread when the message holds none. Saying they correct, they
        // change the proof this message gave above them, or else (in a
        // message of their own) the writer's last proof.
        let above = found
            .iter()
            .filter(|f| f.lines.end <= range.start)
            .max_by_key(|f| f.lines.start)
            .and_then(|f| match &f.read {
                ChatReading::Event(Body::Proof(GameProof::Bejeweled(p))) => Some(p.proof),
                _ => None,
            });
        let correcting = !whole(&ps) && corrects(lines, &range, &ps);
        // One part asked about, after a proof was shown: a thought about
        // that proof, not one of its own. A whole proof in a question, or
        // a part before any proof, stays unread: it may be one meant.
        let wondering = shown && !correcting && ps.len() == 1 && ps[0].asked;
        let reading = if wondering {
            continue;
        } else if whole(&ps) {
            read(&ps)
        } else if let (true, Some(base)) = (correcting, &above) {
            corrected(base, &ps)
        } else if any_whole {
            continue;
        } else if !correcting {
            read(&ps)
        } else if let Some(base) = last {
            corrected(base, &ps)
        } else {
            ChatReading::Unread(format!(
                "it corrects part of a proof, but this writer has no proof in this round to correct: write the whole corrected proof; {HOW_TO_PROVE}"
            ))
        };
        found.push(Found {
            at: ps[0].at,
            lines: range,
            read: reading,
        });
    }
    found.sort_by_key(|f| f.at);
    (found, taken)
}

#[cfg(test)]
mod tests {
    use super::super::chat_words::read_line;
    use super::*;

    fn read_all(text: &str) -> Vec<(String, Range<usize>)> {
        read_after(None, text)
    }

    /// What `text` reads as when the writer's last proof is `last`.
    fn read_after(last: Option<&str>, text: &str) -> Vec<(String, Range<usize>)> {
        read_with(last, last.is_some(), text)
    }

    /// What `text` reads as when the writer's last proof is `last` and
    /// whether a proof was `shown` in the round.
    fn read_with(last: Option<&str>, shown: bool, text: &str) -> Vec<(String, Range<usize>)> {
        let lines: Vec<Line> = text.lines().map(read_line).collect();
        let last: Option<ProofSpec> = last.map(|p| p.parse().expect("a proof"));
        proofs(&lines, last.as_ref(), shown)
            .0
            .into_iter()
            .map(|f| {
                let said = match f.read {
                    ChatReading::Event(Body::Proof(GameProof::Bejeweled(p))) => p.proof.to_string(),
                    ChatReading::Unread(why) => format!("unread: {why}"),
                    other => format!("{other:?}"),
                };
                (said, f.lines)
            })
            .collect()
    }

    #[test]
    fn proofs_are_read_in_prose_lists_and_notation() {
        let f3 = "active plus F3; passive bend; swap F3 G3";
        let g6 = "active column G6; passive chain purple; rotate G6";
        // A message of one line: the proof is that line.
        for (text, want) in [
            ("active plus F3; passive bend; swap F3 G3", f3),
            ("ACTIVE PLUS f3; Passive Bend; swap F3, G3", f3),
            ("plus on F3, bend, swap F3 with G3", f3),
            // The swapped cells in either order: one swap.
            ("proof → Plus goes on F3, Bend passive, then swap G3 with F3", f3),
            ("I place the Plus on F3 and swap F3 and G3, with Bend as the passive", f3),
            // A card's name after its part names that part.
            ("proof: A-Plus I put on F3, P-Bend, and swap F3 with G3 (S-Swap)", f3),
            ("18: plus F3, bend, swap F3 G3", f3),
            // A cell said again, in a correction beside it, is one cell.
            ("rot g6 (g6 not h6), column g6, chain purple", g6),
            // Each part labelled by its type, `@` before the cell.
            ("starter: swap F3-G3 | active: plus @ F3 | passive: bend", f3),
            ("active: plus @F3 | passive: bend | starter: swap F3 G3", f3),
            ("column on G6, chain purple, rotate G6", g6),
            ("17 — column G6, chain purple, rotate G6", g6),
            ("column G6, chain p, rotate G6 H6 G7 H7", g6),
            (
                "plus E2, recolor red → purple, swap E2/F2",
                "active plus E2; passive recolor red purple; swap E2 F2",
            ),
            (
                "swap E4 and E5, plus on E4, chain red",
                "active plus E4; passive chain red; swap E4 E5",
            ),
            // The swap said as a verb before its cells.
            (
                "I'm putting the plus on E4, chain on red, and then swapping E4 with E5",
                "active plus E4; passive chain red; swap E4 E5",
            ),
            (
                "refresh on G3, chain purple, pick G3 + F6, then pick A7 + D4",
                "active refresh G3; passive chain purple; pick G3 F6; then pick A7 D4",
            ),
            // Short names, `/` between the parts.
            ("col g6 / chain purple / rot g6", g6),
            (
                "recol red purple / plus E2 / swap E2 F2",
                "active plus E2; passive recolor red purple; swap E2 F2",
            ),
            // The passive first, colors in the plural.
            (
                "recolor reds to purple, plus sits on E2, then swap E2 with F2",
                "active plus E2; passive recolor red purple; swap E2 F2",
            ),
            ("chain purples, column G6, rotate G6", g6),
            // A grid column named beside the proof is no column powerup.
            (
                "plus on the yellow at E5, recolor green → red, swap D5 and E5 for YYY down column D",
                "active plus E5; passive recolor green red; swap D5 E5",
            ),
            ("column G6 — clears the G column — chain purple, rotate G6", g6),
        ] {
            assert_eq!(read_all(text), [(want.to_string(), 0..1)], "{text}");
        }
        // A message of several lines: the proof is on the lines it takes.
        for (text, want, lines) in [
            ("proof:\n- A-Plus on F3\n- P-Bend\n- S-Swap F3↔G3", f3, 1..4),
            (
                "ok here goes:\n1. plus F3\n2. bend\n3. swap F3 G3\nthat's 16 🎉",
                f3,
                1..4,
            ),
            // A powerup typed one key off (`seap`), on lines of its own.
            ("plus F3\nbend\nseap f3 g3", f3, 0..3),
            (
                "1. column on G6\n2. chain purple\n3. rotate the 2x2 at G6 (G6 H6 G7 H7)",
                g6,
                0..3,
            ),
            (
                "wait no — plus goes on F3 not F4:\nplus F3, bend, swap F3 G3",
                f3,
                1..2,
            ),
            (
                "oops, rotate E6:\ncolumn E6, chain purple, rotate E6",
                "active column E6; passive chain purple; rotate E6",
                1..2,
            ),
        ] {
            assert_eq!(read_all(text), [(want.to_string(), lines)], "{text}");
        }
    }

    /// `A-Column on G4` was read as the grid's column A: a type letter
    /// glued to a powerup card's name is the card. A name typed one key
    /// off stands before `on` and its cell too (`colum on E3`).
    #[test]
    fn a_card_name_with_its_type_letter_is_the_powerup() {
        for (text, want) in [
            (
                "A-Column on G4, P-Chain 🟨 yellow, S-Swap G4↔G5 (edited)",
                "active column G4; passive chain yellow; swap G4 G5",
            ),
            (
                "colum on E3, chain red, swap F5 and F6",
                "active column E3; passive chain red; swap F5 F6",
            ),
        ] {
            assert_eq!(read_all(text), [(want.to_string(), 0..1)], "{text}");
        }
    }

    /// `c4 plus / bend / c4↔d4 = 33`: a cell right before its powerup,
    /// and two cells swapped by a two-way arrow with no word.
    #[test]
    fn a_cell_before_its_powerup_and_a_bare_swap_arrow() {
        assert_eq!(
            read_all("c4 plus / bend / c4↔d4 = 33"),
            [("active plus C4; passive bend; swap C4 D4".to_string(), 0..1)]
        );
        // A cell in a remark before a powerup is no part of it.
        assert_eq!(
            read_all("I wonder if G4 would have been better for the column."),
            []
        );
    }

    #[test]
    fn what_is_no_whole_proof_is_unread_or_not_a_proof() {
        for bad in [
            "active plus F4",
            "plus F4; bend; swap F4 F9",
            "swap F4 F5 would be nice",
            "plus F3, bend, swap F3 G3?",
            "plus F3, plus F4, bend, swap F3 G3",
            // `@` before a cell is where, but one part still takes one cell.
            "active: plus @ F3 @ F4 | passive: bend | starter: swap F3 G3",
        ] {
            let got = read_all(bad);
            assert!(
                got.len() == 1
                    && got[0].0.starts_with("unread")
                    && got[0].0.contains("active plus F4"),
                "{bad}: {got:?}"
            );
        }
        for not_proof in [
            "next round I want rotate / chain / column",
            "my picks:\n• swap\n• bend\n• plus",
            "that swap was great",
            "17",
        ] {
            assert!(read_all(not_proof).is_empty(), "{not_proof}");
        }
    }

    #[test]
    fn a_partial_correction_changes_the_writers_last_proof() {
        let f4 = Some("active plus F4; passive bend; swap F3 G3");
        let f3 = "active plus F3; passive bend; swap F3 G3".to_string();
        for text in [
            "ah typo, the plus is on F3 not F4 — rest the same",
            "plus on F3 not F4",
            "typo: plus F3, rest unchanged",
            "meant plus F3, bend stays",
            "plus F3 instead of F4, same otherwise",
        ] {
            assert_eq!(read_after(f4, text), [(f3.clone(), 0..1)], "{text}");
        }
        // Another part, or another powerup of the same type.
        assert_eq!(
            read_after(f4, "oops, swap F4 F5, rest the same"),
            [("active plus F4; passive bend; swap F4 F5".to_string(), 0..1)]
        );
        assert_eq!(
            read_after(f4, "sorry, column F3 not plus"),
            [(
                "active column F3; passive bend; swap F3 G3".to_string(),
                0..1
            )]
        );
        // A whole proof in the message is read as written.
        assert_eq!(
            read_after(f4, "plus F3, bend, swap F3 G3"),
            [(f3.clone(), 0..1)]
        );
        // A part corrected below a whole proof in the same message changes
        // that proof: both are read, in order, and the rules keep the last.
        assert_eq!(
            read_after(
                None,
                "plus F4, bend, swap F3 G3\nwait typo — the plus is on F3 not F4"
            ),
            [
                ("active plus F4; passive bend; swap F3 G3".to_string(), 0..1),
                (f3.clone(), 1..2)
            ]
        );
        // A part beside a whole proof, not correcting it, is a remark.
        assert_eq!(
            read_after(None, "plus F3, bend, swap F3 G3\nthe plus on F3 is key"),
            [(f3, 0..1)]
        );
        // Near misses: no earlier proof to correct (unread with what to
        // write), no word of correcting, a question.
        let got = read_after(None, "ah typo, the plus is on F3 not F4 — rest the same");
        assert!(
            got.len() == 1 && got[0].0.contains("write the whole corrected proof"),
            "{got:?}"
        );
        let got = read_after(f4, "plus F3 would be better");
        assert!(got.len() == 1 && got[0].0.starts_with("unread"), "{got:?}");
        let got = read_after(f4, "typo, plus on F3 not F4?");
        assert!(got.len() == 1 && got[0].0.contains("question"), "{got:?}");
    }

    #[test]
    fn a_question_about_one_part_after_a_proof_is_talk() {
        for talk in [
            "wait would column on G4 have been more? 👀",
            "what about plus on F3?",
            "hmm, swap F4 F5 instead?",
            // Supposed, with or without a `?` in its clause.
            "column on G4 would have been more",
            "what if the plus had gone on C5 instead, how many would that have been?",
        ] {
            assert_eq!(read_with(None, true, talk), [], "{talk}");
        }
        // Near misses: before any proof, a whole proof, two parts, a
        // correcting word (it may be one meant): unread.
        for (shown, last, text) in [
            (false, None, "wait would column on G4 have been more? 👀"),
            (true, None, "plus F3, bend, swap F3 G3?"),
            (true, None, "column G4 and swap G4 G5?"),
            (
                true,
                Some("active plus F4; passive bend; swap F3 G3"),
                "oops, plus on F3?",
            ),
        ] {
            let got = read_with(last, shown, text);
            assert!(
                got.len() == 1 && got[0].0.starts_with("unread"),
                "{text}: {got:?}"
            );
        }
    }
}
