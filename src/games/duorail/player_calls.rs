//! A Duorail player's calls: tracks, passes (and giving up a challenge)
//! and challenges, found among the words of a message for
//! [`super::player_chat`], which decides the order and what stands.
//!
//! - a track is a start cell and steps (on its line, after a label, or
//!   wrapped onto the next lines), run-length steps (`D5 R3 D3 L3 U3`,
//!   `D5 R 3 D 3`, in words: `start B1 → right 2, down 6, left 2, up 6`),
//!   arrows (`B1 →→↓↓←←↑↑`), or four or more cells in order
//!   (`F2 → F3 → E3 → E2`); each one in a message is an attempt of its
//!   own; steps without a start cell (`RRRDDDLLLUUU`, `R3 D3 L3 U3`) are
//!   a track attempt that is unread, not talk;
//! - `pass`, `no action`, `nothing from me`, `give up` are a pass, unless a
//!   question or `not` stands around them (`pass me the …` hands something
//!   over); `I'll sit this one out`, `no move from me`, `I'm good` are a
//!   pass only from the player to move; `gg` or `no blue loop` from the
//!   player who must answer a challenge is giving up;
//! - `impossible`/`challenge` names a color after it (`for blue`, `for
//!   me`, `on fern`), else the one color the message names, else a name or
//!   pronoun before it in its clause.
//!
//! Must not import anything from `log/` but the event vocabulary, nor from
//! `import/`, `web/` or `verify.rs`.

use std::ops::Range;

use super::board::{Color, Track};
use super::chat_words::{color_word, doubts, is_cell, is_steps, run_steps, step_word, Line};
use super::player_chat::{other, Expect, Found};
use super::rules::{Challenge, Proof};
use crate::event::Body;
use crate::games::chat::words::{name_words, number_word};
use crate::games::{Challenge as GameChallenge, ChatContext, ChatReading, Proof as GameProof};

/// Whether a word is written like runs of steps (`r3`, `3r`, `r0`), a
/// count or not, and is no cell.
fn run_shaped(w: &str) -> bool {
    !is_cell(w)
        && w.chars().any(|c| c.is_ascii_digit())
        && w.chars().any(|c| "udlr".contains(c))
        && w.chars().all(|c| "udlr0123456789".contains(c))
}

/// How a word of steps was written.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Steps {
    /// `rrdd`.
    Plain,
    /// `r3`, `3r`, or `r 3`: only a track writes them.
    Runs,
    /// `d3`: a cell, or three steps down among runs.
    CellOrRun,
}

/// A run written in words at word `q`, spelled out: a step word and its
/// count, either way round (`right 2`, `down six`, `2 right`).
fn worded_run(ws: &[String], q: usize) -> Option<String> {
    let next = ws.get(q + 1)?;
    let (letter, count) = match step_word(&ws[q]) {
        Some(letter) => (letter, next),
        None => (step_word(next)?, &ws[q]),
    };
    run_steps(&format!("{letter}{}", number_word(count)?))
}

/// The words of steps from `from` on (`from` itself included), spelled
/// out, with where they end and whether runs make them a track: plain
/// steps, runs (`r3`, `r 3`), and a cell-like `d3` only among runs (else
/// the steps end before it).
fn steps_from(ws: &[String], from: usize) -> (Vec<String>, usize, bool) {
    let mut got: Vec<(String, Steps)> = Vec::new();
    let mut ends = Vec::new();
    let mut q = from;
    while q < ws.len() {
        let w = ws[q].as_str();
        let count = ws.get(q + 1).and_then(|n| run_steps(&format!("{w}{n}")));
        if let Some(run) = worded_run(ws, q) {
            got.push((run, Steps::Runs));
            q += 2;
        } else if w.len() == 1 && is_steps(w) && count.is_some() {
            got.push((count.unwrap_or_default(), Steps::Runs));
            q += 2;
        } else if let Some(run) = run_steps(w) {
            let kind = if is_cell(w) {
                Steps::CellOrRun
            } else {
                Steps::Runs
            };
            got.push((run, kind));
            q += 1;
        } else if is_steps(w) {
            got.push((w.to_string(), Steps::Plain));
            q += 1;
        } else {
            break;
        }
        ends.push(q);
    }
    // Runs make it a track when there are two (`u2` alone may be "you
    // too"); then a `d3` among them is a run as well.
    let of = |kind: Steps| got.iter().filter(|(_, k)| *k == kind).count();
    let runs = of(Steps::Runs) >= 1 && of(Steps::Runs) + of(Steps::CellOrRun) >= 2;
    if !runs {
        if let Some(cut) = got.iter().position(|(_, k)| *k == Steps::CellOrRun) {
            got.truncate(cut);
            ends.truncate(cut);
        }
    }
    let end = ends.last().copied().unwrap_or(from);
    (got.into_iter().map(|(w, _)| w).collect(), end, runs)
}

/// Tracks: a start cell and steps (on its line, or on the lines after a
/// cell that ends its line), or four or more cells in a row; steps with
/// no start cell are unread.
pub(super) fn tracks(lines: &[Line], used: &mut [Vec<bool>], found: &mut Vec<Found>) {
    let texts: Vec<Vec<String>> = lines
        .iter()
        .map(|l| l.words.iter().map(|w| w.text.clone()).collect())
        .collect();
    let mut i = 0;
    while i < lines.len() {
        let ws = &texts[i];
        let mut next = i + 1;
        let mut p = 0;
        while p < ws.len() {
            // `R3 D3 L3 U3`: a `d3` right after a run is a run, no start.
            let after_run = p > 0 && {
                let prev = &ws[p - 1];
                let pair = p > 1 && ws[p - 2].len() == 1 && is_steps(&ws[p - 2]);
                run_shaped(prev) || (pair && run_shaped(&format!("{}{prev}", ws[p - 2])))
            };
            if !is_cell(&ws[p]) || after_run {
                p += 1;
                continue;
            }
            let (steps, end, mut runs) = steps_from(ws, p + 1);
            let mut parts: Vec<String> = std::iter::once(ws[p].clone()).chain(steps).collect();
            let mut last = i;
            if end == ws.len() {
                // Steps wrapped onto the next lines (blank lines skipped).
                let mut j = i + 1;
                while j < lines.len() {
                    let l = &texts[j];
                    if l.is_empty() {
                        j += 1;
                        continue;
                    }
                    let (more, to, more_runs) = steps_from(l, 0);
                    if to < l.len() {
                        break;
                    }
                    runs |= more_runs;
                    parts.extend(more);
                    last = j;
                    j += 1;
                }
            }
            let steps: usize = parts[1..].iter().map(String::len).sum();
            let long = parts[1..].iter().any(|x| x.len() >= 3);
            let mut taken = if runs || (steps >= 4 && (long || parts.len() >= 4)) {
                Some(end)
            } else {
                None
            };
            if taken.is_none() {
                last = i;
                let run = (p..ws.len())
                    .find(|&q| !is_cell(&ws[q]))
                    .unwrap_or(ws.len());
                if run - p >= 4 {
                    parts = ws[p..run].to_vec();
                    taken = Some(run);
                }
            }
            let Some(to) = taken else {
                p += 1;
                continue;
            };
            for u in &mut used[i][p..to] {
                *u = true;
            }
            for row in used.iter_mut().take(last + 1).skip(i + 1) {
                row.iter_mut().for_each(|u| *u = true);
            }
            let read = match parts.join(" ").to_uppercase().parse::<Track>() {
                Ok(track) => ChatReading::Event(Body::Proof(GameProof::Duorail(Proof { track }))),
                Err(e) => ChatReading::Unread(e.to_string()),
            };
            found.push(Found::read((i, p), i..last + 1, read));
            next = next.max(last + 1);
            p = if last > i { ws.len() } else { to };
        }
        i = next;
    }
    startless(&texts, used, found);
}

/// Steps on a line no track took (no start cell, or a run that is none
/// like `R0`): a long word of steps (`RRRDDDLLLUUU`) or two runs (`R3 D3
/// L3 U3`) or three runs in words (`right 2, down 6, left 2`) are a track
/// attempt, unread with how to write it (talk has no such words: `dull`
/// is short, `u2` alone, `up 2, down 1` is a score).
fn startless(texts: &[Vec<String>], used: &[Vec<bool>], found: &mut Vec<Found>) {
    for (i, ws) in texts.iter().enumerate() {
        let free = |k: &usize| !used[i][*k];
        let long = (0..ws.len())
            .filter(free)
            .find(|&k| is_steps(&ws[k]) && ws[k].len() >= 6);
        let runs: Vec<usize> = (0..ws.len())
            .filter(free)
            .filter(|&k| run_shaped(&ws[k]))
            .collect();
        let mut worded = Vec::new();
        let mut k = 0;
        while k < ws.len() {
            if worded_run(ws, k).is_some() && free(&k) && free(&(k + 1)) {
                worded.push(k);
                k += 2;
            } else {
                k += 1;
            }
        }
        let at = long
            .or_else(|| (runs.len() >= 2).then(|| runs[0]))
            .or_else(|| (worded.len() >= 3).then(|| worded[0]));
        if let Some(k) = at {
            found.push(Found::unread(
                (i, k),
                "it reads like a track but cannot be read: write the cell it starts on, then the steps (runs of 1 or more), like 'D5 RRRDDDLLLUUU' or 'D5 R3 D3 L3 U3'".to_string(),
                false,
            ));
        }
    }
}

/// The unused words of each clause of a line, with their indexes.
fn clauses(line: &Line, used: &[bool]) -> Vec<Vec<usize>> {
    let mut out: Vec<Vec<usize>> = Vec::new();
    for (k, w) in line.words.iter().enumerate() {
        if used[k] || w.mention {
            continue;
        }
        match out.last_mut() {
            Some(c) if line.words[c[0]].clause == w.clause => c.push(k),
            _ => out.push(vec![k]),
        }
    }
    out
}

/// How sure a pass phrase is of passing.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Pass {
    /// `pass`, `no action`, `give up`: a pass whoever says it.
    Named,
    /// `I'll sit this one out`, `I'm good`, `no move from me`: a pass
    /// only from the player to move; from anyone else, talk.
    OnTurn,
}

/// Where a pass phrase starts among the words of a clause: `pass` in a
/// clause of a few words (`I'll pass this turn`; not `pass me the salt`,
/// which hands something over), `skip`, `concede`, `forfeit` in a clause
/// of fewer (`I skip`, `I'll skip this turn`; `let's skip the small talk`
/// is talk), `no action`, `give up`, `nothing from me`; and, from the
/// player to move, `sit this one out`, `no move`, `I'm good`.
fn pass_at(ws: &[&str]) -> Option<(usize, Pass)> {
    // What `pass` hands over (`pass me the salt`, `pass that along`).
    const HANDED: [&str; 14] = [
        "me", "us", "him", "her", "them", "the", "a", "an", "that", "those", "these", "my", "your",
        "some",
    ];
    (0..ws.len()).find_map(|k| {
        let next = ws.get(k + 1).copied();
        let named = match ws[k] {
            // `ich passe`, `je passe`, `eu passo`, `paso`: a pass in the
            // words of players writing in their own language.
            "pass" | "passing" | "passes" | "passe" | "passo" | "paso" => {
                ws.len() <= 6 && !next.is_some_and(|n| HANDED.contains(&n))
            }
            "skip" | "skipping" => {
                ws.len() <= 3
                    || (ws.len() <= 6 && matches!(next, Some("this" | "my" | "me" | "turn" | "it")))
            }
            "concede" | "forfeit" => ws.len() <= 3,
            "no" => next == Some("action"),
            "give" | "giving" | "gives" => next == Some("up"),
            "nothing" => matches!(next, Some("from" | "for" | "this")),
            _ => false,
        };
        if named {
            return Some((k, Pass::Named));
        }
        // `I'm good` (`im`, `i m`): the whole clause, nothing else.
        let good = ws[k] == "good"
            && matches!(&ws[..k], ["im"] | ["i", "m"] | ["i", "am"] | ["all"])
            && ws.len() <= k + 2
            && next.is_none_or(|n| matches!(n, "thanks" | "thx" | "here"));
        let on_turn = match ws[k] {
            "sit" | "sitting" => ws.len() <= 7 && ws[k + 1..].contains(&"out"),
            "no" => {
                matches!(
                    next,
                    Some("move" | "moves" | "placement" | "tile" | "piece")
                ) && ws.len() <= 6
                    && !ws.contains(&"yet")
            }
            _ => good,
        };
        on_turn.then_some((k, Pass::OnTurn))
    })
}

/// Whether a clause only echoes what the other player just did (`same
/// lol`, `same here`, `me too`, `ditto`).
fn echoes(ws: &[&str]) -> bool {
    // `same → endgame 🏁`: a lone arrow reads as `right`.
    const AROUND: [&str; 10] = [
        "here", "lol", "lmao", "haha", "tbh", "ngl", "then", "honestly", "right", "endgame",
    ];
    let echo = ws.contains(&"same") || ws.contains(&"ditto") || ws.ends_with(&["me", "too"]);
    echo && ws
        .iter()
        .all(|w| matches!(*w, "same" | "ditto" | "me" | "too") || AROUND.contains(w))
}

/// Passes (and giving up a challenge), one per clause that says so.
pub(super) fn passes(
    lines: &[Line],
    used: &mut [Vec<bool>],
    found: &mut Vec<Found>,
    e: &Expect,
    has_track: bool,
) {
    let mut any = false;
    for (i, line) in lines.iter().enumerate() {
        for c in clauses(line, &used[i]) {
            let ws: Vec<&str> = c.iter().map(|&k| line.words[k].text.as_str()).collect();
            let echoed = (e.after_a_pass && echoes(&ws)).then_some((0, Pass::OnTurn));
            let Some((k, how)) = pass_at(&ws).or(echoed) else {
                continue;
            };
            if ws.iter().any(|w| is_cell(w)) || (how == Pass::OnTurn && e.my_turn != Some(true)) {
                continue;
            }
            any = true;
            let at = (i, c[k]);
            if doubts(&ws) || line.question(&line.words[c[0]]) {
                found.push(Found::unread(
                    at,
                    "a pass with a question or 'not' around it is not read as one: write 'pass' (or 'no action') to pass".to_string(),
                    true,
                ));
            } else {
                found.push(Found::event(at, i..i + 1, Body::Pass));
            }
            for &k in &c {
                used[i][k] = true;
            }
        }
    }
    if any || has_track || !e.challenged {
        return;
    }
    // The challenged player conceding: `gg`, `no red loop`.
    for (i, line) in lines.iter().enumerate() {
        for c in clauses(line, &used[i]) {
            let ws: Vec<&str> = c.iter().map(|&k| line.words[k].text.as_str()).collect();
            let gg = ws.iter().position(|w| matches!(*w, "gg" | "ggs" | "ggwp"));
            let none = ws.iter().position(|w| *w == "no").filter(|&k| {
                ws[k..]
                    .iter()
                    .any(|w| matches!(*w, "loop" | "track" | "path"))
            });
            if let Some(k) = gg.or(none) {
                found.push(Found::event((i, c[k]), i..i + 1, Body::Pass));
                return;
            }
        }
    }
}

/// The seat a player's name (or another name of theirs) starting at word
/// `k` names.
fn name_at(ws: &[&str], k: usize, names: &[(Vec<String>, usize)]) -> Option<usize> {
    names
        .iter()
        .find(|(n, _)| {
            ws.len() >= k + n.len() && ws[k..k + n.len()].iter().zip(n).all(|(a, b)| a == b)
        })
        .map(|(_, seat)| *seat)
}

/// A challenge: the first `impossible`/`challenge` and the color it names.
/// When it is read as one, the words that say it (line, words: the key
/// word to the color after it), so that the cells around it can be read as
/// its reason.
pub(super) fn challenge(
    lines: &[Line],
    used: &mut [Vec<bool>],
    found: &mut Vec<Found>,
    seat: usize,
    ctx: &ChatContext,
    e: &Expect,
) -> Option<(usize, Range<usize>)> {
    let key = |w: &str| matches!(w, "impossible" | "challenge" | "challenging");
    // `calling it, basil can't close red anymore`: the call said as what
    // the color cannot do, the player calling it.
    let calls = lines
        .iter()
        .flat_map(|l| &l.words)
        .any(|w| matches!(w.text.as_str(), "calling" | "call" | "called"));
    // How many words say "cannot" there (`cant`, `can t`), before a verb
    // of closing.
    let cannot_close = |l: &Line, k: usize| -> Option<usize> {
        let w = |q: usize| l.words.get(q).map_or("", |w| w.text.as_str());
        let not = match (w(k), w(k + 1)) {
            ("cant" | "cannot", _) => 1,
            ("can", "t") => 2,
            _ => return None,
        };
        (calls && matches!(w(k + not), "close" | "finish" | "complete" | "make")).then_some(not)
    };
    let mut said_not = 0;
    let (i, k) = lines.iter().enumerate().find_map(|(i, l)| {
        (0..l.words.len())
            .find(|&k| !used[i][k] && key(&l.words[k].text))
            .or_else(|| {
                (0..l.words.len()).find(|&k| {
                    said_not = cannot_close(l, k).unwrap_or(0);
                    !used[i][k] && said_not > 0
                })
            })
            .map(|k| (i, k))
    })?;
    used[i][k] = true;
    let names = name_words(ctx);
    let ws: Vec<&str> = lines[i].words.iter().map(|w| w.text.as_str()).collect();
    let own = e.own;
    let named = |at: usize| -> Option<Color> {
        let by_word = match ws[at] {
            "me" | "my" | "mine" | "myself" => Some(own),
            "you" | "your" | "yours" | "u" => Some(other(own)),
            w => color_word(w),
        };
        by_word
            .or_else(|| name_at(&ws, at, &names).map(|p| if p == seat { own } else { other(own) }))
    };
    const SKIP: [&str; 13] = [
        "for", "on", "against", "of", "to", "it", "that", "is", "the", "color", "colour", "as", "a",
    ];
    // 1. What follows the key word: `impossible for blue`, `challenge you`.
    let after_at = (k + 1..ws.len().min(k + 5))
        .find(|&q| !SKIP.contains(&ws[q]) && !lines[i].words[q].mention);
    let after = after_at.and_then(named);
    // 2. The one color the message names: `no red loop — challenge`.
    let mut colors: Vec<Color> = Vec::new();
    for w in lines.iter().flat_map(|l| l.words.iter()) {
        if let Some(c) = color_word(&w.text).filter(|c| !colors.contains(c)) {
            colors.push(c);
        }
    }
    let only = match colors.as_slice() {
        [c] => Some(*c),
        _ => None,
    };
    // 3. A name or pronoun before it in its clause: `you are impossible`.
    let before = (0..k)
        .rev()
        .take_while(|&q| lines[i].words[q].clause == lines[i].words[k].clause)
        .find_map(named);
    // A challenge said by its name with its color after it (`blue cant
    // make a loop anymore → challenge blue`) is doubted only by the words
    // just before it (`I won't challenge blue`): what comes earlier is
    // the reason for it.
    let named_challenge = ws[k].starts_with("challeng") && after.is_some();
    let from = if named_challenge {
        k.saturating_sub(2)
    } else {
        0
    };
    let clause: Vec<&str> = (from..ws.len())
        .filter(|&q| !(k..k + said_not).contains(&q))
        .filter(|&q| lines[i].words[q].clause == lines[i].words[k].clause)
        .map(|q| ws[q])
        .collect();
    if lines[i].question(&lines[i].words[k]) || doubts(&clause) {
        found.push(Found::unread(
            (i, k),
            "a challenge in a question or with 'not' around it is not read as one: write 'impossible for red' or 'impossible for blue'".to_string(),
            true,
        ));
        return None;
    }
    let read = match after.or(only).or(before) {
        Some(Color::Common) => ChatReading::Unread(
            "a challenge names blue or red, not common: write 'impossible for red' or 'impossible for blue'"
                .to_string(),
        ),
        Some(color) => ChatReading::Event(Body::Challenge(GameChallenge::Duorail(Challenge {
            color,
        }))),
        None => ChatReading::Unread(
            "a challenge names the color that cannot close a track: write 'impossible for red' or 'impossible for blue'"
                .to_string(),
        ),
    };
    let said = match after {
        Some(_) => k..after_at.unwrap_or(k) + 1,
        None => k..k + 1,
    };
    let phrase = matches!(read, ChatReading::Event(_)).then_some((i, said));
    found.push(Found::read((i, k), i..i + 1, read));
    phrase
}

#[cfg(test)]
mod tests {
    use super::super::player_chat::tests::{place, said, state, CHAT};
    use super::*;
    use crate::games::chat_checks::{assert_says_nothing, assert_unread};

    #[test]
    fn challenges_name_a_color_however_they_are_written() {
        for (text, want) in [
            ("Impossible for red!", "impossible for red"),
            ("challenge: BLUE", "impossible for blue"),
            ("red is impossible", "impossible for red"),
            ("impossible for bramble", "impossible for red"),
            ("impossible for me 😤", "impossible for blue"),
            ("challenge you", "impossible for red"),
            ("impossible, I think, for red", "impossible for red"),
            ("calling impossible on blue 😈", "impossible for blue"),
            // The call said as what the color cannot do.
            ("calling it, red can't close anymore 🔴❌", "impossible for red"),
            ("I call it: you cannot make a loop now", "impossible for red"),
            (
                "E1 cuts you off, blue can't close any more. Impossible for blue",
                "impossible for blue",
            ),
            (
                "you've blocked B1, no red loop possible anymore — challenge",
                "impossible for red",
            ),
            // The reason before the challenge may deny (`cant`).
            (
                "blue cant make loop anymore imo → challenge blue 🔵",
                "impossible for blue",
            ),
        ] {
            assert_eq!(said(text), [want], "{text}");
        }
        assert_unread(
            said,
            &[
                "impossible",
                "impossible for common",
                "that's impossible",
                "blue or red? impossible",
                "is blue impossible?",
                "I don't think it's impossible for blue",
                "I won't challenge blue",
                "not challenging blue yet",
            ],
        );
        // Without the call, what a color cannot do is talk.
        assert_says_nothing(said, &["red can't close anymore lol"]);
    }

    #[test]
    fn cells_in_talk_beside_a_challenge_are_its_reason() {
        let start = state(&[]);
        // Bramble (seat 1) plays blue and moves first.
        let read = |text: &str| CHAT.said(text, 1, Some(&start));
        for text in [
            "lmao D5 UD runs straight into my E5, red's cooked. impossible for red 🔴",
            "E5 and E6 cut red off, impossible for red",
            "impossible for red — D5 UD hits my E5 lol",
        ] {
            assert_eq!(read(text), ["impossible for red"], "{text}");
            assert_eq!(said(text), ["impossible for red"], "{text}");
        }
        // Near misses: pieces with no talk around them, a challenge in a
        // question, no challenge: several cells stay unread.
        for text in [
            "impossible for red\nD5 UD E5 LR",
            "D5 UD E5 LR impossible for red",
            "is D5 UD into E5 impossible for red?",
            "D5 UD runs straight into my E5, red's cooked",
        ] {
            let got = read(text);
            assert!(
                got.iter().any(|g| g.contains("several cells")),
                "{text}: {got:?}"
            );
        }
        // One piece beside a challenge from the player to move reads as
        // before: the piece (in the color the message names) and the
        // challenge.
        assert_eq!(
            read("E5 UR impossible for red"),
            ["E5 UR red", "impossible for red"]
        );
        assert_eq!(
            read("E5 UR blocks it, impossible for blue"),
            ["E5 UR blue", "impossible for blue"]
        );
    }

    #[test]
    fn passes_are_read_in_words() {
        for text in [
            "pass",
            "Pass.",
            "I pass",
            "pass, gl",
            "i give up",
            "no action",
            "no action too",
            "nothing from me this turn",
            "@Danny pass",
            "skip",
            "hmm ok ich passe",
            "eu passo",
        ] {
            assert_eq!(said(text), ["pass"], "{text}");
        }
        assert_says_nothing(
            said,
            &[
                "let's skip the small talk",
                "that was a nice pass of time for all of us",
            ],
        );
        assert_unread(said, &["should I pass?", "I won't pass"]);
        // Handing something over is no pass.
        assert_says_nothing(said, &["pass me the chips", "pass that along pls"]);
        for text in ["I'll skip this turn", "skip me"] {
            assert_eq!(said(text), ["pass"], "{text}");
        }
    }

    #[test]
    fn softer_passes_are_read_only_from_the_player_to_move() {
        // Bramble (seat 1) plays blue and moves first; quill waits.
        let start = state(&[]);
        let read = |text: &str, seat: usize| CHAT.said(text, seat, Some(&start));
        for text in [
            "I'll sit this one out 🪑",
            "sitting this one out",
            "I'm good",
            "im good, thanks",
            "no move from me",
            "no tile from me, ur turn",
            "no moves",
        ] {
            assert_eq!(read(text, 1), ["pass"], "{text}");
            // Not the writer's turn, or the match not known: talk.
            assert_eq!(read(text, 0), Vec::<String>::new(), "{text}");
            assert_eq!(said(text), Vec::<String>::new(), "{text}");
        }
        // Near misses: other words around `good`, no move yet, sitting tight.
        for text in [
            "I'm good with that",
            "all good lol",
            "no move yet, thinking",
            "sit tight",
            "I'm sitting on the couch",
        ] {
            assert_eq!(read(text, 1), Vec::<String>::new(), "{text}");
        }
        // A question is not read as a pass.
        assert!(read("sit this one out?", 1)[0].starts_with("unread"));
    }

    #[test]
    fn same_after_the_other_players_pass_is_a_pass() {
        let read =
            |text: &str, seat: usize, s: &crate::games::MatchState| CHAT.said(text, seat, Some(s));
        // Bramble (seat 1, blue) passes: quill may echo it.
        let passed = state(&[(1, Body::Pass)]);
        for text in ["same lol", "same here", "me too", "ditto", "same → endgame 🏁"] {
            assert_eq!(read(text, 0, &passed), ["pass"], "{text}");
            // Before any pass, or from the one who passed: talk.
            assert_eq!(read(text, 0, &state(&[])), Vec::<String>::new(), "{text}");
            assert_eq!(read(text, 1, &passed), Vec::<String>::new(), "{text}");
        }
        assert_eq!(read("same as last game lol", 0, &passed), Vec::<String>::new());
    }

    #[test]
    fn tracks_are_read_as_steps_arrows_or_cells() {
        for (text, want) in [
            ("E5 RRDDLLUU", "E5 RRDDLLUU"),
            ("my track: `e5 rrddlluu` 🙏", "E5 RRDDLLUU"),
            ("E5 RRDD\nLLUU", "E5 RRDDLLUU"),
            ("E5 E6 F6 F5", "E5 RDLU"),
            ("E5 RR DD LL UU", "E5 RRDDLLUU"),
            ("from A4: RRRR DD LLLL UU", "A4 RRRRDDLLLLUU"),
            ("loop from A1:\nRRRRDD\nLLLLUU", "A1 RRRRDDLLLLUU"),
            ("loop from A1:\n```\nRRRRDD\nLLLLUU\n```", "A1 RRRRDDLLLLUU"),
            ("B1 →→↓↓←←↑↑", "B1 RRDDLLUU"),
            ("D5 D6 D7 E7 F7 F6 F5 E5", "D5 RRDDLLUU"),
            ("F2 → F3 → E3 → E2", "F2 RULD"),
            ("ugh. B1 RRDDLLUU", "B1 RRDDLLUU"),
        ] {
            assert_eq!(said(text), [format!("track {want}")], "{text}");
        }
    }

    #[test]
    fn run_length_tracks_are_read_and_startless_steps_are_unread() {
        for (text, want) in [
            ("D5 R3 D3 L3 U3", "D5 RRRDDDLLLUUU"),
            ("D5 R 3 D 3 L 3 U 3", "D5 RRRDDDLLLUUU"),
            ("D5 3R 3D 3L 3U", "D5 RRRDDDLLLUUU"),
            ("d5 r3d3l3u3 🚂", "D5 RRRDDDLLLUUU"),
            ("B1 R2 D6 L2 U6", "B1 RRDDDDDDLLUUUUUU"),
            ("from B1: R2 D6\nL2 U6", "B1 RRDDDDDDLLUUUUUU"),
            // Runs in words, either way round, after an arrow or a label.
            (
                "start B1 → right 2, down 6, left 2, up 6 (16 cells)",
                "B1 RRDDDDDDLLUUUUUU",
            ),
            (
                "B1: right two, down six, left two, up six",
                "B1 RRDDDDDDLLUUUUUU",
            ),
            ("B1 2 right 6 down 2 left 6 up", "B1 RRDDDDDDLLUUUUUU"),
        ] {
            assert_eq!(said(text), [format!("track {want}")], "{text}");
        }
        // Near misses: cells in a row stay cells, `u2` beside a piece is
        // talk, runs of 0 are no runs.
        assert_eq!(said("D5 D6 D7 E7 F7 F6 F5 E5"), ["track D5 RRDDLLUU"]);
        assert_eq!(said("E5 UR, u2"), ["E5 UR blue"]);
        assert_says_nothing(
            said,
            &[
                "gl, u2",
                "that was dull",
                "lol r2",
                // A score in words is no track, with or without a cell.
                "up 2, down 1 — close one",
                "E5 was up 2 on me",
            ],
        );
        for text in [
            "RRRDDDLLLUUU",
            "R3 D3 L3 U3",
            "my loop: →→↓↓←←↑↑",
            "D5 R0 D3 L3 U3",
            "right 2, down 6, left 2, up 6",
        ] {
            let got = said(text);
            assert!(
                got.len() == 1 && got[0].contains("reads like a track"),
                "{text}: {got:?}"
            );
        }
    }

    #[test]
    fn a_track_that_does_not_parse_is_unread() {
        let got = said("E5 E6 F7 F5");
        assert!(
            got.len() == 1 && got[0].contains("not neighbours"),
            "{got:?}"
        );
    }

    #[test]
    fn giving_up_is_read_only_from_the_challenged_player() {
        let read =
            |text: &str, seat: usize, s: &crate::games::MatchState| CHAT.said(text, seat, Some(s));
        // quill challenges blue (Bramble): Bramble must answer.
        let challenged = state(&[
            (1, place("A1", "RD", Color::Blue)),
            (
                0,
                Body::Challenge(GameChallenge::Duorail(Challenge { color: Color::Blue })),
            ),
        ]);
        for gives_up in ["gg", "yeah I cut it off, no blue loop. gg", "i give up"] {
            assert_eq!(read(gives_up, 1, &challenged), ["pass"], "{gives_up}");
        }
        assert_eq!(read("gg", 0, &challenged), Vec::<String>::new());
        assert_eq!(
            read("no way, hold on", 1, &challenged),
            Vec::<String>::new()
        );
        assert_eq!(
            read("impossible for red", 1, &challenged),
            Vec::<String>::new()
        );
        assert_eq!(
            read("A1 RRDDLLUU gg", 1, &challenged),
            ["track A1 RRDDLLUU"]
        );
    }
}
