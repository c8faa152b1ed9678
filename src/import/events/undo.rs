//! The last event read, looked at and taken back: a proof that the next
//! message continues is read again with it ([`super::Reading::joined`]), a
//! ruling the host takes back as a joke is undone (`jokes`). Both ask
//! whether the last event came right before a message, and both fold the
//! match again to what it was before that event.
//!
//! Must not import the store (`log`), a page (`web`), bundles, backups or a
//! game's own folder: like the rest of the reader, it goes through the
//! registry and the shared modules of `games`.

use super::{ReadEvent, Reading};
use crate::games::play::Play;
use crate::games::Speaker;

impl Reading<'_> {
    /// Whether the last event read is a `kind` said by `speaker` in the
    /// messages right before message `index` (only spectators between).
    pub(super) fn last_right_before(&self, index: usize, kind: &str, speaker: Speaker) -> bool {
        let Some(last) = self.read.last() else {
            return false;
        };
        let after = last.messages.last().map_or(index, |&i| i + 1);
        last.kind == kind
            && self.speakers[last.message].as_ref().map(|(s, _)| *s) == Some(speaker)
            && after <= index
            && self.speakers[after..index].iter().all(Option::is_none)
    }

    /// The last event read, taken back: the match is folded again to what
    /// it was before it.
    pub(super) fn take_back_last(&mut self) -> Option<ReadEvent> {
        let (Some(last), Some(_)) = (self.read.pop(), self.events.pop()) else {
            return None;
        };
        let k = self.read.len();
        let before = self.refold.before(&self.events, &self.read, k);
        self.play = before.cloned().map(Play::uncopied);
        Some(last)
    }
}
