//! The round the host announces, gathered over messages (`Round 3 ·
//! target 6`, the board in the next message, the loser's `I'll start`)
//! and opened as one event once play begins, or when the transcript
//! ends. A round announced at the very end and never played (`Round 4
//! tomorrow`) is a note of the report, not a reading it asks about: nothing
//! of the match depends on it.
//!
//! Must not import the store (`log`), a page (`web`), bundles, backups or a
//! game's own folder: like the rest of the reader, it goes through the
//! registry and the shared modules of `games`.

use super::{Pending, Reading, Unread};
use crate::games::chat::Opening;
use crate::games::{ChatContext, Speaker};

impl Reading<'_> {
    /// The pending opening, begun at message `index` if there is none, with
    /// that message's text added once.
    pub(super) fn pend(&mut self, index: usize) -> &mut Pending {
        let m = &self.transcript.messages[index];
        let p = self.pending.get_or_insert_with(|| Pending {
            opening: Opening::default(),
            messages: Vec::new(),
            at: m.at,
        });
        if !p.messages.contains(&index) {
            p.messages.push(index);
        }
        let text = self.text_of(index).into_owned();
        let p = self.pending.as_mut().expect("the opening begun above");
        if p.opening.texts.len() < p.messages.len() {
            p.opening.texts.push(text);
        }
        p
    }

    /// Opens the round the host has announced, now that play begins (or
    /// the transcript ends); a missing piece makes it unread, with why.
    pub(super) fn open_round(&mut self) {
        let unopened = self.try_open();
        self.unread.extend(unopened);
    }

    /// Opens the announced round, if any; why it cannot open, when so.
    fn try_open(&mut self) -> Option<Unread> {
        let p = self.pending.take()?;
        let ctx = ChatContext {
            picker: None,
            ..self.context()
        };
        match crate::games::chat::open(self.opts.game, &p.opening, &ctx) {
            Ok(body) => {
                self.rounds += 1;
                let host = self.opts.cast.host.clone();
                let part = p.opening.texts.join("\n");
                self.apply(p.messages, part, Speaker::Host, host, p.at, body);
                None
            }
            Err(reason) => Some(Unread {
                message: p.messages[0],
                reason,
            }),
        }
    }

    /// At the transcript's end: the round still announced opens, or, when
    /// it cannot, a note says so (its message is talk).
    pub(super) fn unplayed_round(&mut self) -> Option<String> {
        let u = self.try_open()?;
        self.chatter.push(u.message);
        self.chatter.sort_unstable();
        Some(format!(
            "message {}: a round is announced, but the transcript ends before it is played ({})",
            u.message, u.reason
        ))
    }
}
