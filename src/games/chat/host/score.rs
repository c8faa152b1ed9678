//! A ruling said as numbers: a score that only the winner of the latest
//! round makes true (`1–0 to Opal`, `that's three for kit`), a result
//! line (`kit 1-0 vale`, `1-0 Moss`), a one-game match's final totals
//! (`final: Kit 41-30`), a round's number then its winner (`R1 Vale`).
//! A score is read only against the score as ruled so far: `2–1 to Opal`
//! names Reed when Reed's count is the one that went up.
//!
//! Part of the host reader ([`super`]): imports only its parent and the
//! shared chat words, nothing from `log/` but the event vocabulary, nor
//! `import/`, `web/` or `verify.rs`.

use super::super::words::{named, number_word, Names};

/// A one-game match's final totals with the leader named (`so it's sunny
/// 37–24`, `final: Kit 41-30 gg`, `18:14 for felix`): that player won.
pub(super) fn final_totals(c: &[String], names: &Names) -> Option<usize> {
    const LEAD: [&str; 10] = [
        "so", "its", "it", "thats", "that", "final", "score", "total", "totals", "ends",
    ];
    let start = c.iter().position(|w| !LEAD.contains(&w.as_str()))?;
    let ahead = |a: &String, b: &String| Some(number_word(a)? > number_word(b)?);
    if let [a, b, to, rest @ ..] = &c[start..] {
        if matches!(to.as_str(), "for" | "to") {
            let (end, seat) = name_first(rest, names)?;
            let tail_ok = rest[end..].iter().all(|w| w == "gg");
            return (tail_ok && ahead(a, b)?).then_some(seat);
        }
    }
    let (end, seat) = name_first(&c[start..], names)?;
    match &c[start + end..] {
        [a, b, tail @ ..] if tail.iter().all(|w| w == "gg") => ahead(a, b)?.then_some(seat),
        _ => None,
    }
}

/// A round's number and then its winner, alone (`R1 Vale`, `… → round 1
/// Vale`): the name ends the clause and the round is the latest opened
/// (`rounds`), so an opening's `Round 2: Kit` before round 2 begins, and
/// a recap's `R1 Vale, R2 Kit` at the end, are none.
pub(super) fn round_then_name(c: &[String], names: &Names, rounds: u32) -> Option<usize> {
    let at = c.windows(2).position(|p| {
        p[0] == "round" && number_word(&p[1]).is_some_and(|n| n == rounds && n > 0)
    })?;
    let (end, seat) = name_first(&c[at + 2..], names)?;
    // Nothing after the name but the score it makes (`R1: Rune 1 – 0
    // opal`, `round 4 Minjun → 3:1 minjun`).
    let tail = &c[at + 2 + end..];
    let spans = named(tail, names);
    let in_name = |i: usize| spans.iter().any(|&(a, b, _)| a <= i && i < b);
    let arrow = tail.first().is_some_and(|w| w == "to");
    let score_only = spans.iter().all(|&(.., s)| s != seat || arrow)
        && (0..tail.len())
            .filter(|&i| !(in_name(i) || (i == 0 && arrow)))
            .all(|i| number_word(&tail[i]).is_some())
        && matches!(
            tail.iter().filter(|w| number_word(w).is_some()).count(),
            0 | 2
        );
    score_only.then_some(seat)
}

/// The player named by a clause's first words (the longest name that
/// fits, `Kit Marlowe` over `Kit`), with where the name ends.
pub(super) fn name_first(c: &[String], names: &Names) -> Option<(usize, usize)> {
    named(c, names)
        .into_iter()
        .filter(|(start, _, _)| *start == 0)
        .max_by_key(|(_, end, _)| *end)
        .map(|(_, end, seat)| (end, seat))
}

/// The winner of the latest round said as the score it makes (`1–0 to
/// Opal`, `that's three for kit 👑 match over`), against the round wins
/// ruled so far (`score`, seat order): the player whose count the score
/// raises by one, when only theirs is raised.
pub(super) fn score_winner(c: &[String], names: &Names, score: &[u32]) -> Option<usize> {
    let [mine, other] = [score.first()?, score.get(1)?].map(|s| *s);
    if let Some(seat) = name_then_score(c, names, [mine, other]) {
        return Some(seat);
    }
    let after = |at: usize| -> Option<usize> {
        let (end, seat) = name_first(&c[at..], names)?;
        c[at + end..]
            .iter()
            .all(|w| TAIL.contains(&w.as_str()))
            .then_some(seat)
    };
    let up_one = |seat: usize, count: u32, rival_count: Option<u32>| {
        raised([mine, other], seat, count, rival_count)
    };
    let n = |w: &String| number_word(w);
    for at in 0..c.len() {
        let Some(count) = n(&c[at]) else { continue };
        if c.get(at + 1).is_some_and(|w| clock_seconds(w)) {
            continue;
        }
        let pair = c.get(at + 1).and_then(n);
        // `kit 1-0 vale`: a result line, each count beside its name.
        let before = named(c, names)
            .into_iter()
            .find(|&(_, end, _)| end == at)
            .map(|(.., seat)| seat);
        if let Some(seat) = pair.zip(before).and_then(|(b, first)| {
            let second = after(at + 2)?;
            (first != second).then(|| up_one(first, count, Some(b)))?
        }) {
            return Some(seat);
        }
        let key = if pair.is_some() { at + 2 } else { at + 1 };
        // `1-0 Moss, gg`: a result, its winner right after it.
        if let Some(seat) = pair
            .and(after(key))
            .and_then(|seat| up_one(seat, count, pair))
        {
            return Some(seat);
        }
        if !matches!(c.get(key).map(String::as_str), Some("to" | "for")) {
            continue;
        }
        if pair.is_none() && !c[..at].iter().all(|w| LEAD.contains(&w.as_str())) {
            continue;
        }
        if pair.is_some_and(|b| b > count) {
            return None;
        }
        let seat = after(key + 1)?;
        return up_one(seat, count, pair);
    }
    None
}

/// What may stand before a lone count (`that's three for kit`, `makes it
/// 2 for Vale`).
const LEAD: [&str; 8] = ["thats", "that", "makes", "it", "its", "now", "so", "and"];

/// What may stand after a score's last name or count (`… match over`).
const TAIL: [&str; 13] = [
    "match", "over", "round", "rounds", "game", "dm", "now", "gg", "wins", "win", "overall",
    "total", "already",
];

/// Whether a word is the two digits after a clock's colon (`1:00 for
/// Marrow`, `Saffy 7:04`): a time, not a count.
fn clock_seconds(w: &str) -> bool {
    w.len() == 2 && w.starts_with('0')
}

/// The player a score names as the winner of the latest round, against
/// the round wins ruled so far (`score`, seat order): `seat` now has
/// `count` and the other `rival_count` (`2–1 to Opal`: Opal has 2, Reed
/// 1), or only `seat`'s count is said. Whoever went up by one, when only
/// one did.
fn raised(score: [u32; 2], seat: usize, count: u32, rival_count: Option<u32>) -> Option<usize> {
    let (own, rival) = if seat == 0 {
        (score[0], score[1])
    } else {
        (score[1], score[0])
    };
    match rival_count {
        Some(b) if count == own + 1 && b == rival => Some(seat),
        Some(b) if b == rival + 1 && count == own => Some(1 - seat),
        Some(_) => None,
        None => (count == own + 1).then_some(seat),
    }
}

/// A running score said name first, the clause's whole (`Saffy 1–0`,
/// `so kit leads 2-1 now`, `Saffy up 3–2`), or with each count beside its
/// name in one clause (`Saffy 1 Idris 0`; a comma or a spaced dash
/// between them ends the clause): the player whose count it raises by
/// one.
fn name_then_score(c: &[String], names: &Names, score: [u32; 2]) -> Option<usize> {
    const AHEAD: [&str; 5] = ["leads", "lead", "leading", "up", "ahead"];
    let lead = c
        .iter()
        .position(|w| !LEAD.contains(&w.as_str()) && !matches!(w.as_str(), "score" | "scores"))?;
    let (end, first) = name_first(&c[lead..], names)?;
    let mut at = lead + end;
    if c.get(at).is_some_and(|w| AHEAD.contains(&w.as_str())) {
        at += 1;
    }
    let count = number_word(c.get(at)?)?;
    let (rival_at, then) = match name_first(&c[at + 1..], names) {
        Some((_, second)) if second == first => return None,
        Some((end, _)) => (at + 1 + end, at + 2 + end),
        None => (at + 1, at + 2),
    };
    let rival = c.get(rival_at)?;
    // `Saffy 7:04` is a time, not a score.
    if rival_at == at + 1 && clock_seconds(rival) {
        return None;
    }
    let rival_count = number_word(rival)?;
    c[then..]
        .iter()
        .all(|w| TAIL.contains(&w.as_str()))
        .then(|| raised(score, first, count, Some(rival_count)))?
}

/// `raw` with a score table written as one line the readers know (`ines 1
/// marrow 0`): two or more rows in a row, each a player's name and then
/// only numbers or a round's `W`/`L` (a code block's `Ines    1`, a
/// markdown row's `| marrow ⚙️ | W | 1 |`), each player once, become the
/// names with the last number of each row (the total). A table's header
/// and rule rows stay; so does every other line, and each line's number.
pub(super) fn tables_joined(raw: &str, names: &Names) -> String {
    let row = |line: &str| -> Option<(usize, String)> {
        let ws = super::super::chat_words(&super::super::clean_chat(line));
        let (end, seat) = name_first(&ws, names)?;
        let rest = &ws[end..];
        let scores = rest
            .iter()
            .all(|w| number_word(w).is_some() || w == "w" || w == "l");
        let total = rest.iter().rev().find(|w| number_word(w).is_some())?;
        (scores && end > 0).then(|| (seat, format!("{} {total}", ws[..end].join(" "))))
    };
    let lines: Vec<&str> = raw.lines().collect();
    let mut out: Vec<String> = Vec::new();
    let mut k = 0;
    while k < lines.len() {
        let rows: Vec<(usize, String)> = lines[k..].iter().map_while(|l| row(l)).collect();
        let seats: std::collections::BTreeSet<usize> = rows.iter().map(|r| r.0).collect();
        if rows.len() >= 2 && seats.len() == rows.len() {
            // On the first row's line, the others left empty: the lines
            // after keep their numbers.
            out.push(
                rows.iter()
                    .map(|r| r.1.as_str())
                    .collect::<Vec<_>>()
                    .join(" "),
            );
            out.extend(std::iter::repeat_n(String::new(), rows.len() - 1));
            k += rows.len();
        } else {
            out.push(lines[k].to_string());
            k += 1;
        }
    }
    out.join("\n")
}
