//! A move a player sends in two quick messages (`b2` / `N`, `c` / `3`,
//! `E6` / `LR`): on a phone, Enter comes before the move is whole. Each
//! half alone says no event — a cell with no way to go, a lone letter —
//! and the two together say exactly one; then they are read as one
//! message, and the event stands on both.
//!
//! Only a word or two each, by the same player, one right after the other
//! and within a minute, and neither corrected by a reviewer: anything
//! longer is a message of its own, and a half that says something is no
//! half.
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

impl Reading<'_> {
    /// The text and readings of message `index` (by `speaker`, reading as
    /// `readings`) joined with the message after it, when the two are the
    /// halves of one move; `None` when they are not.
    pub(super) fn split_move(
        &self,
        index: usize,
        speaker: Speaker,
        text: &str,
        readings: &[Said],
    ) -> Option<(String, Vec<Said>)> {
        let next = index + 1;
        let messages = &self.transcript.messages;
        let short = |t: &str| (1..=HALF).contains(&t.split_whitespace().count());
        let says_nothing =
            |rs: &[Said]| !rs.iter().any(|r| matches!(r.read, ChatReading::Event(_)));
        let halves = matches!(speaker, Speaker::Player(_))
            && says_nothing(readings)
            && short(text)
            && next < messages.len()
            && self.speakers[next].as_ref().map(|(s, _)| *s) == Some(speaker)
            && (messages[next].at - messages[index].at).num_seconds() <= PAUSE
            && !self.corrections.contains_key(&index)
            && !self.corrections.contains_key(&next);
        if !halves {
            return None;
        }
        let rest = self.text_of(next);
        if !short(&rest) || !says_nothing(&self.readings_of(&rest, speaker)) {
            return None;
        }
        // `c` / `3` is one cell; `b2` / `N` two words.
        let (a, b) = (text.trim(), rest.trim());
        let glued = a.len() == 1
            && a.chars().all(|c| c.is_ascii_alphabetic())
            && b.starts_with(|c: char| c.is_ascii_digit());
        let joined = if glued {
            format!("{a}{b}")
        } else {
            format!("{a} {b}")
        };
        let read = self.readings_of(&joined, speaker);
        let events = read
            .iter()
            .filter(|r| matches!(r.read, ChatReading::Event(_)))
            .count();
        let unread = read
            .iter()
            .any(|r| matches!(r.read, ChatReading::Unread(_)));
        (events == 1 && !unread).then_some((joined, read))
    }
}
