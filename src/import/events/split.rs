//! A move a player sends in two quick messages (`b2` / `N`, `c` / `3`,
//! `E6` / `LR`): on a phone, Enter comes before the move is whole. Each
//! half alone says no event — a cell with no way to go, a lone letter —
//! and the two together say exactly one; then they are read as one
//! message, and the event stands on both.
//!
//! Only a word or two each, by the same player, one right after the other
//! and within a minute, and neither corrected by a reviewer: anything
//! longer is a message of its own, and a half that says something is no
//! half. A longer move is joined only when it was cut short: the rest
//! alone is play that cannot be read (`rotate g6` after `column on g6 +
//! chain purple`, `LLLLUUUU` after `A1 RRRRDDDD`, `+c3` after `c1 c2`),
//! and the first part is that too or one event, which the whole replaces.
//!
//! A word fixed in the next message with a star (`g8 lj` / `*lu`, `plus
//! f4, bend, swap f3 g3` / `*f3 for the plus`) is chat's mark of a typo:
//! the starred word takes the place of the one word of the message before
//! that it can stand for (the same shape: letters for letters, digits for
//! digits) and that makes it say exactly one event. Where two words could
//! be the typo, it is not guessed.
//!
//! Must not import the store (`log`), a page (`web`), bundles, backups or a
//! game's own folder: like the rest of the reader, it goes through the
//! registry and the shared modules of `games`.

use super::Reading;
use crate::games::chat::Reading as Said;
use crate::games::{ChatReading, Speaker};

/// The most words a half of a split move has.
const HALF: usize = 2;

/// The longest pause between the halves, in seconds.
const PAUSE: i64 = 60;

/// A player's message as read on its own: its number, its writer, its
/// text and its readings.
#[derive(Clone, Copy)]
pub(super) struct Alone<'a> {
    pub index: usize,
    pub speaker: Speaker,
    pub text: &'a str,
    pub readings: &'a [Said],
}

impl Reading<'_> {
    /// The text and readings of message `m` joined with the message after
    /// it, when the two are the halves of one move; `None` when they are
    /// not.
    pub(super) fn split_move(&self, m: &Alone) -> Option<(String, Vec<Said>)> {
        let (index, speaker, text, readings) = (m.index, m.speaker, m.text, m.readings);
        let next = index + 1;
        let short = |t: &str| (1..=HALF).contains(&t.split_whitespace().count());
        let half = says_nothing(readings) && short(text);
        let cut_short = only_unread(readings) || one_event(readings);
        // Most messages are neither: the next one is not read for them.
        if !(half || cut_short) || !self.in_a_row(index, next, speaker) {
            return None;
        }
        let rest = self.text_of(next);
        let rest_read = self.readings_of(&rest, speaker);
        let (a, b) = (text.trim(), rest.trim());
        let joins: Vec<String> = if half && short(b) && says_nothing(&rest_read) {
            // `c` / `3` is one cell; `b2` / `N` two words.
            let glued = a.len() == 1
                && a.chars().all(|c| c.is_ascii_alphabetic())
                && b.starts_with(|c: char| c.is_ascii_digit());
            vec![if glued {
                format!("{a}{b}")
            } else {
                format!("{a} {b}")
            }]
        } else if cut_short && only_unread(&rest_read) {
            // A longer move cut short (`column on g6 + chain purple` /
            // `rotate g6`, `A1 RRRRRRRRDDDDDDDD` / `LLLLLLLLUUURUULUUU`,
            // `c1 c2` / `+c3`): the rest alone is play that cannot be read.
            let b = b.trim_start_matches('+').trim_start();
            vec![format!("{a} {b}"), format!("{a}\n{b}")]
        } else {
            return None;
        };
        joins.into_iter().find_map(|joined| {
            let read = self.readings_of(&joined, speaker);
            one_event(&read).then_some((joined, read))
        })
    }

    /// The text and readings of starred message `m` (`*lu`, `*f3 for the
    /// plus`) as the message before it by the same speaker, with the
    /// starred word in the place of its typo; `None` when it is no such
    /// fix, or when more than one word could be the typo.
    pub(super) fn starred_fix(&self, m: &Alone) -> Option<(String, Vec<Said>)> {
        let (index, speaker, text, readings) = (m.index, m.speaker, m.text, m.readings);
        let fix = text.trim().strip_prefix('*')?;
        let mut words = fix.split_whitespace();
        let word = words.next()?.trim_end_matches(['*', ',', '.', '!']);
        let before = index.checked_sub(1)?;
        let fixes_own =
            words.count() <= 4 && says_nothing(readings) && self.in_a_row(before, index, speaker);
        if !fixes_own || word.is_empty() {
            return None;
        }
        let shape = |w: &str| -> Vec<bool> { w.chars().map(|c| c.is_ascii_digit()).collect() };
        let typed = self.text_of(before);
        let mut found: Option<(String, Vec<Said>)> = None;
        for (start, end) in word_spans(&typed) {
            let old = typed[start..end].trim_end_matches([',', '.', '!', ';']);
            if old.eq_ignore_ascii_case(word) || shape(old) != shape(word) {
                continue;
            }
            let fixed = format!("{}{word}{}", &typed[..start], &typed[start + old.len()..]);
            let read = self.readings_of(&fixed, speaker);
            if one_event(&read) {
                if found.as_ref().is_some_and(|(f, _)| *f != fixed) {
                    return None;
                }
                found = Some((fixed, read));
            }
        }
        found
    }

    /// Whether player `speaker` wrote messages `first` and `then`, the
    /// second within [`PAUSE`] of the first, and a reviewer corrected
    /// neither.
    fn in_a_row(&self, first: usize, then: usize, speaker: Speaker) -> bool {
        let messages = &self.transcript.messages;
        let by = |i: usize| self.speakers[i].as_ref().map(|(s, _)| *s) == Some(speaker);
        matches!(speaker, Speaker::Player(_))
            && then < messages.len()
            && by(first)
            && by(then)
            && (messages[then].at - messages[first].at).num_seconds() <= PAUSE
            && !self.corrections.contains_key(&first)
            && !self.corrections.contains_key(&then)
    }
}

/// Whether `read` says something, all of it play that cannot be read.
fn only_unread(read: &[Said]) -> bool {
    !read.is_empty()
        && read
            .iter()
            .all(|r| matches!(r.read, ChatReading::Unread(_)))
}

/// Whether `read` says no event.
fn says_nothing(read: &[Said]) -> bool {
    !read.iter().any(|r| matches!(r.read, ChatReading::Event(_)))
}

/// Whether `read` says exactly one event and nothing unread.
fn one_event(read: &[Said]) -> bool {
    let events = read
        .iter()
        .filter(|r| matches!(r.read, ChatReading::Event(_)))
        .count();
    events == 1
        && !read
            .iter()
            .any(|r| matches!(r.read, ChatReading::Unread(_)))
}

/// Where each word of `text` starts and ends.
fn word_spans(text: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in text.char_indices() {
        match (c.is_whitespace(), start) {
            (true, Some(s)) => {
                out.push((s, i));
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
    }
    if let Some(s) = start {
        out.push((s, text.len()));
    }
    out
}
