//! A player's message in the three one-game matches (x's and lines,
//! Dodgem, the permutation game), cut into what their readers look for,
//! and the one decision they share: whether what it names is a move, a
//! correction of the player's own last move, or talk.
//!
//! Entities first, not sentence patterns: the message becomes lowercase
//! words, each with its line and clause (a clause ends at `,` `;` `.` `!`
//! `?` `:` a bracket, a dash standing alone, or a new line). A clause that
//! talks *about* play — a question, `was`, `should`, `if`, `blunder` — is
//! dropped whole (`gg, a2 north was the blunder` names no move), and so is
//! what follows `not` or `instead of` in its clause (`G6 not G7`). The
//! rest is cut into attempts where a correction begins (`wait`, `no`,
//! `nvm`, `sorry`, `meant`, `edit`, `ignore that`, `make that`, `change
//! it to` …): `a2 S` / `wait no, a2 E` is two attempts, the second
//! correcting the first. An attempt also corrects when it withdraws a
//! move by name (`H3 not H2`, `C2 instead of E2`), says `instead` (`C2
//! instead`), or carries the chat's correction marks
//! ([`crate::games::chat::marks`]): a lone asterisk (`H3*`, `*H3`, `H6*
//! fat-fingered`; a pair is emphasis) or struck-through text (`~~a3 S~~
//! a3 E`), whose words are withdrawn and never read. An arrow that opens
//! a line ahead of its correction words points at the message corrected
//! (`↑ ignore that, c1 N`), not a way to go. The word lists are in
//! `markers`. Each game reads an attempt from its own entities (cells,
//! directions, numbers) and its filler words; the rest of a message is
//! talk around the move (`alright c1 up then`).
//!
//! What the attempts do depends on the match so far ([`Turn`]): a
//! correction counts while the player's own move is still the last one
//! (RULINGS, "All games: takebacks": the rules keep the earlier move as
//! superseded), so both moves are read, in order; after the opponent has
//! moved, `ugh wait I meant G6` is regret, not play. A player who is not
//! to move and writes a cell among other words is talking about the game;
//! a bare move out of turn is still read, so that the rules show the
//! error at its step.
//!
//! Shared from here because x's and lines' notation is where the other
//! two games already took their chat words from. FUTURE: it is not one
//! game's knowledge and belongs in `games/chat/` beside the host's
//! reader, once that module's owner takes it in.
//!
//! Must not import anything from `log/` but the event vocabulary, nor
//! from `import/`, `web/` or `verify.rs`.

use std::collections::BTreeSet;
use std::ops::Range;

pub use super::markers::is_marker;
use super::markers::{CORRECTION, MARK, REGRET, REPLACED, REPLACING, TALK};
use super::notation::{is_arrow, is_pass};
use crate::event::Body;
use crate::games::chat::marks::{lone_asterisk, struck_out};
use crate::games::chat::words::takes_back;
use crate::games::chat::{self, Reading};
use crate::games::{chat_words, clean_chat, ChatReading};

/// One word of a player's message, lowercase, with where it stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Word {
    pub text: String,
    /// The message line it is on (0-based).
    pub line: usize,
    /// Its clause, counted over the whole message.
    pub clause: usize,
    /// Its sentence (ended by `.`, `!`, `?` or the line's end), counted
    /// over the whole message.
    pub sentence: usize,
}

/// What a game tells the cutter about its words.
pub struct Vocabulary {
    /// A word that names play: a cell, a direction, a number.
    pub entity: fn(&str) -> bool,
    /// A word players put around a move (`on`, `moving`, `via`): neither
    /// play nor talk.
    pub filler: fn(&str) -> bool,
    /// Turns one raw line into text the cleaner keeps (arrows as words or
    /// dashes: `clean_chat` drops pictographs).
    pub prepare: fn(&str) -> String,
}

/// Which of `all` are correction words: one of [`CORRECTION`], or a
/// phrase of [`REPLACING`] and then [`REPLACED`] words (`make that`,
/// `change it to`); `make` alone (`make c3 yours`) is not one.
fn correction_words(all: &[Word]) -> Vec<bool> {
    let mut out: Vec<bool> = all
        .iter()
        .map(|w| CORRECTION.contains(&w.text.as_str()) || takes_back(&w.text))
        .collect();
    for (i, w) in all.iter().enumerate() {
        if !REPLACING.contains(&w.text.as_str()) {
            continue;
        }
        let tail = all[i + 1..]
            .iter()
            .take_while(|n| REPLACED.contains(&n.text.as_str()) && n.line == w.line)
            .count();
        if tail > 0 {
            out[i..=i + tail].iter_mut().for_each(|m| *m = true);
        }
    }
    out
}

/// The words of a message, line by line, and the clauses that are
/// questions. Quoted lines (`> …`, and everything after `>>> `) are
/// someone else's words and are left out; struck-through words are
/// withdrawn and left out too. A line with a lone asterisk or struck text
/// begins with the correction mark `*`.
pub fn words(text: &str, prepare: fn(&str) -> String) -> (Vec<Word>, BTreeSet<usize>) {
    let mut out = Vec::new();
    let mut questions = BTreeSet::new();
    let mut asked = BTreeSet::new();
    let (mut clause, mut sentence) = (0, 0);
    let (text, struck) = struck_out(text);
    for (line, raw) in text.lines().enumerate() {
        let t = raw.trim_start();
        if t.starts_with(">>> ") {
            break;
        }
        if t == ">" || t.starts_with("> ") || drawn_row(t) {
            continue;
        }
        if struck.contains(&line) || lone_asterisk(raw) {
            out.push(Word {
                text: MARK.to_string(),
                line,
                clause,
                sentence,
            });
        }
        let dashed: String = raw
            .chars()
            .map(|c| match c {
                '—' | '–' => " - ".to_string(),
                '’' | '‘' => "'".to_string(),
                c => c.to_string(),
            })
            .collect();
        let clean = clean_chat(&prepare(&dashed));
        let chars: Vec<char> = clean.chars().collect();
        let mut cur = String::new();
        let flush = |cur: &mut String, clause: usize, sentence: usize, out: &mut Vec<Word>| {
            if !cur.is_empty() {
                out.push(Word {
                    text: std::mem::take(cur),
                    line,
                    clause,
                    sentence,
                });
            }
        };
        for (i, &c) in chars.iter().enumerate() {
            if c.is_alphanumeric() || c == '_' {
                cur.extend(c.to_lowercase());
                continue;
            }
            let next = chars.get(i + 1).copied();
            if c == '\'' && !cur.is_empty() && next.is_some_and(char::is_alphabetic) {
                cur.push(c);
                continue;
            }
            flush(&mut cur, clause, sentence, &mut out);
            let before = i.checked_sub(1).map(|j| chars[j]);
            let alone = |x: Option<char>| x.is_none_or(char::is_whitespace);
            // `H6?!`, `E7!?`: a chess annotation glued to the move judges
            // it, it asks nothing (`c3 E??` quotes a move in disbelief).
            let annotation = matches!(c, '?' | '!') && {
                let run = |k: usize| matches!(chars.get(k), Some('?' | '!'));
                let start = (0..=i).rev().take_while(|&k| run(k)).last().unwrap_or(i);
                let end = (i..chars.len()).take_while(|&k| run(k)).last().unwrap_or(i);
                end > start
                    && start > 0
                    && chars[start - 1].is_alphanumeric()
                    && chars[start..=end].contains(&'?')
                    && chars[start..=end].contains(&'!')
            };
            match c {
                // Not even a sentence's end: `c3 E?? you sure` out of turn
                // stays a cell among other words, talk.
                '?' | '!' if annotation => {}
                '?' => {
                    // `I'll try the top left corner?`: a move said with a
                    // rising voice, not a question.
                    let intends = out
                        .iter()
                        .any(|w| w.clause == clause && matches!(w.text.as_str(), "i'll" | "ill"));
                    if !intends {
                        questions.insert(clause);
                        // `the car of b3 can go up, out of the board?`:
                        // the question is the whole sentence, unless it
                        // only tags a move for a nod (`b3 E, ok?`).
                        let here: Vec<&str> = out
                            .iter()
                            .filter(|w| w.clause == clause)
                            .map(|w| w.text.as_str())
                            .collect();
                        if !(here.len() <= 2 && here.iter().all(|w| NOD.contains(w))) {
                            asked.insert(sentence);
                        }
                    }
                    clause += 1;
                    sentence += 1;
                }
                '.' | '!' => {
                    clause += 1;
                    sentence += 1;
                }
                ',' | ';' | ':' | '(' | ')' | '[' | ']' | '{' | '}' => clause += 1,
                '-' if alone(before) && alone(next) => clause += 1,
                _ => {}
            }
        }
        flush(&mut cur, clause, sentence, &mut out);
        clause += 1;
        sentence += 1;
    }
    questions.extend(
        out.iter()
            .filter(|w| asked.contains(&w.sentence))
            .map(|w| w.clause),
    );
    // `you just play b3 N and win`: a move told to the other player is
    // theirs to make, not the writer's.
    for (at, w) in out.iter().enumerate() {
        if !matches!(w.text.as_str(), "you" | "u" | "ya") {
            continue;
        }
        let verb = out[at + 1..]
            .iter()
            .take_while(|v| v.clause == w.clause)
            .find(|v| !HEDGE.contains(&v.text.as_str()));
        if verb.is_some_and(|v| PLAY.contains(&v.text.as_str())) {
            questions.insert(w.clause);
        }
    }
    // `a2 N or a2 S... both lose`, `B7-C6 via C7 or B7-G2 via G7`: two
    // moves weighed against each other (a cell on each side of the `or`,
    // and none elsewhere) are asked, not played. With a cell besides
    // (`D5 or C6, from F4`) the message stays unclear, not talk.
    let cell = |v: &Word| v.text.chars().any(|c| c.is_ascii_digit());
    for (at, w) in out.iter().enumerate().filter(|(_, w)| w.text == "or") {
        let here = |v: &&Word| v.clause == w.clause;
        let weighed = out[..at].iter().filter(here).any(cell)
            && out[at + 1..].iter().filter(here).any(cell)
            && !out.iter().any(|v| v.clause != w.clause && cell(v));
        if weighed {
            questions.insert(w.clause);
        }
    }
    (out, questions)
}

/// The words that only tag a move for a nod (`b3 E, ok?`): the move is
/// still said.
const NOD: [&str; 10] = [
    "ok", "okay", "right", "yes", "yeah", "correct", "good", "fine", "yep", "no",
];

/// Words between `you` and the verb of a move told to the other player
/// (`you just play`, `you can only move`).
const HEDGE: [&str; 12] = [
    "just", "can", "will", "could", "must", "then", "only", "simply", "need", "have", "to", "gotta",
];

/// Verbs of making a move.
const PLAY: [&str; 7] = ["play", "move", "go", "take", "put", "drive", "push"];

/// Whether a line is a row of a board drawn after a move (`3 R B .`,
/// `2 . x . x`) or its column letters (`  a b c`): the position shown, no
/// words of the move. A row is three or more one-character cells, with
/// its number beside them or an empty cell among them.
fn drawn_row(line: &str) -> bool {
    const EMPTY: [&str; 6] = [".", "·", "_", "-", "⬜", "⬛"];
    const PIECE: [&str; 15] = [
        "b", "r", "x", "o", "B", "R", "X", "O", "#", "*", "🔵", "🔴", "🟦", "🟥", "❌",
    ];
    let cells: Vec<&str> = line.split_whitespace().collect();
    let label = |w: &&str| w.len() <= 2 && w.chars().all(|c| c.is_ascii_digit());
    let numbered = cells.first().is_some_and(label) || cells.last().is_some_and(label);
    let row: Vec<&str> = cells.iter().copied().filter(|w| !label(w)).collect();
    let is_cell = |w: &str| EMPTY.contains(&w) || PIECE.contains(&w);
    let drawn = row.len() >= 3
        && cells.len() <= row.len() + 2
        && row.iter().all(|w| is_cell(w))
        && (numbered || row.iter().any(|w| EMPTY.contains(w)));
    let letters = cells.len() >= 3
        && cells.len() <= 26
        && cells.iter().enumerate().all(|(k, w)| {
            let mut c = w.chars();
            c.next()
                .is_some_and(|c| c.to_ascii_lowercase() == char::from(b'a' + k as u8))
                && c.next().is_none()
        });
    drawn || letters
}

/// One attempt at a move: the words a game reads it from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Segment {
    /// The words kept, in order: talk clauses and negated words left out,
    /// markers kept.
    pub words: Vec<Word>,
    /// It begins (or holds) a correction word.
    pub corrects: bool,
    /// Its correction looks back (`I meant`, `I wanted`).
    pub regret: bool,
    /// Words that are neither the game's, nor the cutter's markers, in
    /// the sentences that name play.
    pub extra: usize,
    /// The message lines its play came from.
    pub lines: Range<usize>,
}

impl Segment {
    /// The kept words' texts.
    pub fn texts(&self) -> Vec<&str> {
        self.words.iter().map(|w| w.text.as_str()).collect()
    }
}

/// A message cut into attempts: split at every new line and before each
/// run of correction words; a piece naming no play joins the next one
/// (its correction words carry over), or the one before when none
/// follows. Talk clauses and negated words are gone.
pub fn segments(text: &str, vocab: &Vocabulary) -> Vec<Segment> {
    let (all, questions) = words(text, vocab.prepare);
    let talk: BTreeSet<usize> = all
        .iter()
        .filter(|w| TALK.contains(&w.text.as_str()))
        .map(|w| w.clause)
        .chain(questions)
        .collect();
    let correcting = correction_words(&all);
    // Negations: `not G7`, `instead of G7`, to the end of the clause or a
    // `but`. A move named there is withdrawn: the clause and the ones
    // beside it on its line correct (`H3 not H2`, `H3, not H2`).
    let mut kept: Vec<(Word, bool)> = Vec::new();
    let mut withdrawn: BTreeSet<(usize, usize)> = BTreeSet::new();
    let mut negated: Option<usize> = None;
    for (i, w) in all.iter().enumerate() {
        if talk.contains(&w.clause) {
            continue;
        }
        if negated.is_some_and(|c| c != w.clause) || correcting[i] || w.text == "but" {
            negated = None;
        }
        if negated.is_some() {
            if (vocab.entity)(&w.text) {
                withdrawn.insert((w.line, w.clause));
            }
            continue;
        }
        let of_next = all.get(i + 1).is_some_and(|n| n.text == "of");
        if w.text == "not" || (w.text == "instead" && of_next) {
            negated = Some(w.clause);
            continue;
        }
        kept.push((w.clone(), correcting[i]));
    }
    // An arrow that opens a line ahead of its correction words points at
    // the message corrected (`↑ ignore that, c1 N`), not a way to go.
    let entity = |w: &Word| (vocab.entity)(&w.text);
    let pointers: BTreeSet<usize> = (0..kept.len())
        .filter(|&i| {
            let (w, _) = &kept[i];
            let line = |k: &&(Word, bool)| k.0.line == w.line;
            is_arrow(&w.text)
                && !kept[..i].iter().filter(line).any(|k| entity(&k.0))
                && kept[i + 1..]
                    .iter()
                    .filter(line)
                    .take_while(|k| !entity(&k.0))
                    .any(|k| k.1)
        })
        .collect();
    let kept: Vec<(Word, bool)> = kept
        .into_iter()
        .enumerate()
        .filter(|(i, _)| !pointers.contains(i))
        .map(|(_, k)| k)
        .collect();
    // Pieces. An `instead` that ends its clause closes the move before it
    // rather than opening the next: the rest of its sentence goes on with
    // that move (`b2 to the right instead, over to c2` is one move, said
    // again by where it ends), a new sentence is a new piece (`b2 N
    // instead. keeping c3 there as a wall`).
    let trailing: Vec<bool> = (0..kept.len())
        .map(|i| {
            let w = &kept[i].0;
            w.text == "instead" && kept.get(i + 1).is_none_or(|n| n.0.clause != w.clause)
        })
        .collect();
    let mut pieces: Vec<Vec<(Word, bool)>> = Vec::new();
    for (i, (w, marker)) in kept.into_iter().enumerate() {
        let after_trailing = i > 0 && trailing[i - 1];
        let new_piece = match pieces.last().and_then(|p| p.last()) {
            None => true,
            Some((prev, prev_marker)) => {
                prev.line != w.line
                    || (marker && !prev_marker && !trailing[i])
                    || (after_trailing && prev.sentence != w.sentence)
            }
        };
        if new_piece {
            pieces.push(Vec::new());
        }
        if let Some(p) = pieces.last_mut() {
            p.push((w, marker));
        }
    }
    let names_play = |p: &[(Word, bool)]| p.iter().any(|(w, _)| (vocab.entity)(&w.text));
    let mut merged: Vec<Vec<(Word, bool)>> = Vec::new();
    let mut carry: Vec<(Word, bool)> = Vec::new();
    for p in pieces {
        carry.extend(p);
        if names_play(&carry) {
            merged.push(std::mem::take(&mut carry));
        }
    }
    match merged.last_mut() {
        Some(last) => last.extend(carry),
        None if !carry.is_empty() => merged.push(carry),
        None => {}
    }
    merged
        .into_iter()
        .map(|marked| {
            let beside = |w: &Word| {
                (w.clause.saturating_sub(1)..=w.clause + 1)
                    .any(|c| withdrawn.contains(&(w.line, c)))
            };
            let corrects = marked.iter().any(|(w, m)| *m || beside(w));
            // Words around the move: those of the sentences that name play
            // (`E2 looks forced`, `a3, not bad`), not a sentence of talk
            // beside it (`3 → D5. small one`).
            let playing: BTreeSet<usize> = marked
                .iter()
                .filter(|(w, _)| (vocab.entity)(&w.text))
                .map(|(w, _)| w.sentence)
                .collect();
            let extra = marked
                .iter()
                .filter(|(w, m)| {
                    playing.contains(&w.sentence)
                        && !m
                        && !(vocab.entity)(&w.text)
                        && !(vocab.filler)(&w.text)
                        && !is_marker(&w.text)
                })
                .count();
            let words: Vec<Word> = marked.into_iter().map(|(w, _)| w).collect();
            let has = |set: &[&str]| words.iter().any(|w| set.contains(&w.text.as_str()));
            let ours: Vec<usize> = words
                .iter()
                .filter(|w| (vocab.entity)(&w.text))
                .map(|w| w.line)
                .collect();
            let lines = match (ours.iter().min(), ours.iter().max()) {
                (Some(&a), Some(&b)) => a..b + 1,
                _ => {
                    let a = words.first().map_or(0, |w| w.line);
                    let b = words.last().map_or(0, |w| w.line);
                    a..b + 1
                }
            };
            Segment {
                corrects,
                regret: has(&REGRET),
                extra,
                lines,
                words,
            }
        })
        .collect()
}

/// Where the match stands for the player who wrote the message.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Turn {
    /// Whether the match waits for this player's move: `None` when it is
    /// not known (no match, no setup yet).
    pub expected: Option<bool>,
    /// This player's move is the last thing that happened, so it may
    /// still be corrected: that move.
    pub last: Option<Body>,
}

impl Turn {
    /// Where a two-player match stands for `seat` once it is known whose
    /// move it is (`to_move`): nobody's once the game is `over`; else
    /// `seat`'s when it is to move, and the `last` move, made by
    /// `last_mover`, may still be corrected by that player.
    pub fn of(
        seat: usize,
        to_move: usize,
        over: bool,
        last_mover: Option<usize>,
        last: Option<Body>,
    ) -> Turn {
        if over {
            return Turn {
                expected: Some(false),
                last: None,
            };
        }
        Turn {
            expected: Some(to_move == seat),
            last: last.filter(|_| last_mover == Some(seat)),
        }
    }
}

/// Which position an attempt is read against.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Basis {
    /// The match as the messages before left it.
    Now,
    /// As it was before the player's last move: the attempt replaces it.
    BeforeLast,
}

/// What a game reads in one attempt.
#[derive(Clone, Debug, PartialEq)]
pub enum Attempt {
    /// No play in it.
    Nothing,
    Move(Body),
    /// It names play but cannot be read: why, and how to write it.
    Unread(String),
}

/// A player's message in a game whose words are `vocab`: a pass when it
/// says `pass` (alone, or with a word of talk), else its attempts [`read`]
/// by the game and decided by the player's [`Turn`].
pub fn read_message(
    text: &str,
    vocab: &Vocabulary,
    turn: &Turn,
    how: &str,
    read_one: impl FnMut(&Segment, Basis) -> Attempt,
) -> Vec<Reading> {
    if is_pass(&chat_words(&clean_chat(&struck_out(text).0))) {
        return chat::whole(text, ChatReading::Event(Body::Pass));
    }
    read(&segments(text, vocab), turn, how, read_one)
}

/// A message's readings: each attempt read by the game (`read` gets the
/// attempt and the position to read it against) and decided by the
/// player's [`Turn`]. `how` says how the game writes one move, for a
/// message that names two.
pub fn read(
    segments: &[Segment],
    turn: &Turn,
    how: &str,
    mut read: impl FnMut(&Segment, Basis) -> Attempt,
) -> Vec<Reading> {
    let mut out: Vec<Reading> = Vec::new();
    let mut basis = Basis::Now;
    // Whether the last reading kept is an unreadable attempt among words
    // of talk (`c2 is taken now`).
    let mut last_aside = false;
    for seg in segments {
        let first = out.is_empty();
        let replaces_last = first && seg.corrects && turn.last.is_some();
        if replaces_last {
            basis = Basis::BeforeLast;
        }
        let attempt = read(seg, basis);
        let reading = match attempt {
            Attempt::Nothing => continue,
            Attempt::Move(body) => ChatReading::Event(body),
            Attempt::Unread(why) => ChatReading::Unread(why),
        };
        if !first {
            let last = out.last_mut().expect("not the first reading");
            if matches!(&reading, ChatReading::Event(_)) && last.read == reading {
                // The same move said again on a line of its own (`c3` /
                // `c3!`), or again after a correction (`wait, F8 I mean.
                // bottom row, column F`): one move, from both.
                last.lines.end = seg.lines.end;
                continue;
            }
            // Beside a move, an attempt that cannot be read and stands
            // among words of talk is talk (`no it wouldn't, c2 is taken
            // now` / `a2 N`): a comment, not a second move.
            let aside = |r: &ChatReading| matches!(r, ChatReading::Unread(_)) && seg.extra > 0;
            if !seg.corrects && aside(&reading) && matches!(last.read, ChatReading::Event(_)) {
                continue;
            }
            if !seg.corrects && last_aside && matches!(reading, ChatReading::Event(_)) {
                out.pop();
                last_aside = false;
                out.push(Reading {
                    read: reading,
                    lines: seg.lines.clone(),
                });
                continue;
            }
            if !seg.corrects {
                // Two moves, no correction between them.
                let from = out.first().map_or(seg.lines.start, |r| r.lines.start);
                return vec![Reading {
                    read: ChatReading::Unread(format!(
                        "it names two moves: one move per message ({how}), or mark the second as a correction ('wait no, …')"
                    )),
                    lines: from..seg.lines.end,
                }];
            }
            // A correction replaces an unreadable attempt outright.
            while out
                .last()
                .is_some_and(|r| matches!(r.read, ChatReading::Unread(_)))
            {
                out.pop();
            }
        } else {
            // The player's own move again, regret after the opponent has
            // moved, or a cell among words while the opponent is to move:
            // talk about the game.
            let restates = turn.expected != Some(true)
                && matches!(&reading, ChatReading::Event(b) if turn.last.as_ref() == Some(b));
            let too_late = seg.regret && turn.last.is_none() && turn.expected.is_some();
            let aside = turn.expected == Some(false) && !replaces_last && seg.extra > 0;
            if restates || too_late || aside {
                continue;
            }
        }
        last_aside = matches!(reading, ChatReading::Unread(_)) && seg.extra > 0;
        out.push(Reading {
            read: reading,
            lines: seg.lines.clone(),
        });
    }
    out
}

#[cfg(test)]
#[path = "message_tests.rs"]
mod tests;
