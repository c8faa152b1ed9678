//! A host's ruling taken back as a joke in the next message: `poppy takes
//! the W 🏆🏆` / `jk jk 💀` / `ok fr: … W jaxx`. Read alone, the first
//! message rules the match for poppy and the real ruling after it is
//! refused ("the game is already ruled"); the `jk` says the first was
//! never a ruling. So the ruling read from it is taken out again, and
//! both messages are talk.
//!
//! Only right after the ruling (spectators may talk between), only by the
//! host, and only a message that does nothing but take the joke back
//! ([`crate::games::chat::host::takes_back_a_joke`]). A joke taken back in
//! the same message is the host reader's (`peachy wins … jk jk`).
//!
//! Must not import the store (`log`), a page (`web`), bundles, backups or a
//! game's own folder: like the rest of the reader, it goes through the
//! registry and the shared modules of `games`.

use super::Reading;
use crate::games::chat::host::takes_back_a_joke;
use crate::games::Speaker;

impl Reading<'_> {
    /// Whether message `index` (by `speaker`, saying `text`) takes back
    /// the ruling just read as a joke; if so, that ruling is undone.
    pub(super) fn joke_taken_back(&mut self, index: usize, speaker: Speaker, text: &str) -> bool {
        if speaker != Speaker::Host || !takes_back_a_joke(text) {
            return false;
        }
        if !self.last_right_before(index, "ruling", Speaker::Host) {
            return false;
        }
        let Some(ruled) = self.take_back_last() else {
            return false;
        };
        self.chatter.extend(ruled.messages);
        self.chatter.push(index);
        self.chatter.sort_unstable();
        true
    }
}
