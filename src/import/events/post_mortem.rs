//! After the host has ruled the match, what players say of play is the
//! post-mortem (`gg! 3. F6!? was a guess tbh`, `where did I go wrong, 4...
//! A5?`): the match is over, so no move, claim or proof of theirs is read,
//! and no cell they name is left unread. An appeal is still read: it is
//! against that ruling.
//!
//! Must not import the store (`log`), a page (`web`), bundles, backups or a
//! game's own folder: like the rest of the reader, it works on the events
//! read so far.

use super::Reading;
use crate::event::Body;
use crate::games::chat::Reading as Said;
use crate::games::ChatReading;

impl Reading<'_> {
    /// A player's readings once the match is ruled: only an appeal.
    pub(super) fn past_the_match(&self, readings: Vec<Said>) -> Vec<Said> {
        if !self.match_ruled {
            return readings;
        }
        readings
            .into_iter()
            .filter(|r| matches!(r.read, ChatReading::Event(Body::Appeal(_))))
            .collect()
    }
}
