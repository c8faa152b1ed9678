//! A Duorail player's calls: tracks, passes (and giving up a challenge)
//! and challenges, found among the words of a message for
//! [`super::player_chat`], which decides the order and what stands.
//!
//! - a track is a start cell and steps (on its line, after a label, or
//!   wrapped onto the next lines), arrows (`B1 →→↓↓←←↑↑`), or four or more
//!   cells in order (`F2 → F3 → E3 → E2`); each one in a message is an
//!   attempt of its own;
//! - `pass`, `no action`, `nothing from me`, `give up` are a pass, unless a
//!   question or `not` stands around them; `gg` or `no blue loop` from the
//!   player who must answer a challenge is giving up;
//! - `impossible`/`challenge` names a color after it (`for blue`, `for
//!   me`, `on fern`), else the one color the message names, else a name or
//!   pronoun before it in its clause.
//!
//! Must not import anything from `log/` but the event vocabulary, nor from
//! `import/`, `web/` or `verify.rs`.

use super::board::{Color, Track};
use super::chat_words::{color_word, doubts, is_cell, is_steps, Line};
use super::player_chat::{other, Expect, Found};
use super::rules::{Challenge, Proof};
use crate::event::Body;
use crate::games::chat::words::name_words;
use crate::games::{Challenge as GameChallenge, ChatContext, ChatReading, Proof as GameProof};

/// Tracks: a start cell and steps (on its line, or on the lines after a
/// cell that ends its line), or four or more cells in a row.
pub(super) fn tracks(lines: &[Line], used: &mut [Vec<bool>], found: &mut Vec<Found>) {
    let mut i = 0;
    while i < lines.len() {
        let ws = &lines[i].words;
        let mut next = i + 1;
        let mut p = 0;
        while p < ws.len() {
            if !is_cell(&ws[p].text) {
                p += 1;
                continue;
            }
            let end = (p + 1..ws.len())
                .find(|&q| !is_steps(&ws[q].text))
                .unwrap_or(ws.len());
            let mut parts: Vec<String> = ws[p..end].iter().map(|w| w.text.clone()).collect();
            let mut last = i;
            if end == ws.len() {
                // Steps wrapped onto the next lines (blank lines skipped).
                let mut j = i + 1;
                while j < lines.len() {
                    let l = &lines[j].words;
                    if l.is_empty() {
                        j += 1;
                        continue;
                    }
                    if !l.iter().all(|w| is_steps(&w.text)) {
                        break;
                    }
                    parts.extend(l.iter().map(|w| w.text.clone()));
                    last = j;
                    j += 1;
                }
            }
            let steps: usize = parts[1..].iter().map(String::len).sum();
            let long = parts[1..].iter().any(|x| x.len() >= 3);
            let mut taken = if steps >= 4 && (long || parts.len() >= 4) {
                Some(end)
            } else {
                None
            };
            if taken.is_none() {
                last = i;
                let run = (p..ws.len())
                    .find(|&q| !is_cell(&ws[q].text))
                    .unwrap_or(ws.len());
                if run - p >= 4 {
                    parts = ws[p..run].iter().map(|w| w.text.clone()).collect();
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

/// Where a pass phrase starts among the words of a clause: `pass` in a
/// clause of a few words (`I'll pass this turn`), `skip`, `concede`,
/// `forfeit` in a clause of fewer (`I skip`; `let's skip the small talk`
/// is talk), `no action`, `give up`, `nothing from me`.
fn pass_at(ws: &[&str]) -> Option<usize> {
    (0..ws.len()).find(|&k| {
        let next = ws.get(k + 1).copied();
        match ws[k] {
            "pass" | "passing" | "passes" => ws.len() <= 6,
            "skip" | "skipping" | "concede" | "forfeit" => ws.len() <= 3,
            "no" => next == Some("action"),
            "give" | "giving" | "gives" => next == Some("up"),
            "nothing" => matches!(next, Some("from" | "for" | "this")),
            _ => false,
        }
    })
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
            let Some(k) = pass_at(&ws) else { continue };
            if ws.iter().any(|w| is_cell(w)) {
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
pub(super) fn challenge(
    lines: &[Line],
    used: &mut [Vec<bool>],
    found: &mut Vec<Found>,
    seat: usize,
    ctx: &ChatContext,
    e: &Expect,
) {
    let key = |w: &str| matches!(w, "impossible" | "challenge" | "challenging");
    let Some((i, k)) = lines.iter().enumerate().find_map(|(i, l)| {
        (0..l.words.len())
            .find(|&k| !used[i][k] && key(&l.words[k].text))
            .map(|k| (i, k))
    }) else {
        return;
    };
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
    let after = (k + 1..ws.len().min(k + 5))
        .find(|&q| !SKIP.contains(&ws[q]) && !lines[i].words[q].mention)
        .and_then(named);
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
    let clause: Vec<&str> = (0..ws.len())
        .filter(|&q| lines[i].words[q].clause == lines[i].words[k].clause)
        .map(|q| ws[q])
        .collect();
    if lines[i].question(&lines[i].words[k]) || doubts(&clause) {
        found.push(Found::unread(
            (i, k),
            "a challenge in a question or with 'not' around it is not read as one: write 'impossible for red' or 'impossible for blue'".to_string(),
            true,
        ));
        return;
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
    found.push(Found::read((i, k), i..i + 1, read));
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
            (
                "E1 cuts you off, blue can't close any more. Impossible for blue",
                "impossible for blue",
            ),
            (
                "you've blocked B1, no red loop possible anymore — challenge",
                "impossible for red",
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
            ],
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
