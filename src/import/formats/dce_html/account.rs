//! The account of a DCE page's lines: every source line is one message's
//! text line or is skipped with the reason of the most telling element on
//! it (the rules are in the module doc of `dce_html.rs`).
//!
//! It owns the per-line record kept while tokens are read (which message's
//! text a line holds, the highest region of a token on it) and the list
//! of skipped lines made from it; it imports nothing from `games/` or
//! `web/`.

use super::reader::{Reader, Region};
use crate::import::formats::blank;
use crate::import::{SkipReason, Skipped};

impl Reader<'_> {
    /// The lines of a token reported at `line`: from where the previous
    /// token ended; a token ending in a newline does not reach the next line.
    pub(super) fn span(&mut self, line: u64, ends_in_newline: bool) -> (usize, usize) {
        let end = usize::try_from(line).unwrap_or(usize::MAX).max(self.pos);
        let start = self.pos;
        self.pos = end;
        let last = if ends_in_newline && end > start {
            end - 1
        } else {
            end
        };
        (start, last.min(self.n))
    }

    /// Records that lines `from..=to` hold a token of `region`.
    pub(super) fn claim(&mut self, (from, to): (usize, usize), region: Region) {
        if let Some(b) = self.cur.as_mut() {
            b.last_line = b.last_line.max(to);
        }
        if region == Region::Text {
            let k = self.messages.len() as u32 + 1;
            for l in from..=to {
                if self.owner[l] == 0 {
                    self.owner[l] = k;
                }
            }
            return;
        }
        for l in from..=to {
            self.rank[l] = self.rank[l].max(region as u8);
        }
    }

    /// The account of every line: text lines go to their message, the
    /// others are skipped with a reason.
    pub(super) fn account(&mut self, lines: &[&str]) -> Vec<Skipped> {
        let first = self.messages.first().map_or(usize::MAX, |m| m.lines.start);
        let last = self.messages.last().map_or(0, |m| m.lines.end - 1);
        let mut skipped = Vec::new();
        for l in 1..=self.n {
            let owner = self.owner[l] as usize;
            if let Some(m) = owner.checked_sub(1).and_then(|k| self.messages.get_mut(k)) {
                m.text_lines.push(l);
                if self.rank[l] > Region::Header as u8 {
                    self.hidden += 1;
                }
                continue;
            }
            let text = lines[l - 1];
            let rank = self.rank[l];
            let why = if rank <= Region::Page as u8 && l < first {
                SkipReason::Banner
            } else if rank <= Region::Page as u8 && l > last {
                SkipReason::Footer
            } else if rank <= Region::Markup as u8 {
                if blank(text) {
                    SkipReason::Blank
                } else {
                    SkipReason::HtmlMarkup
                }
            } else if rank == Region::Header as u8 {
                SkipReason::Header
            } else if rank == Region::Reactions as u8 {
                SkipReason::Reactions
            } else if rank == Region::Block as u8 {
                SkipReason::ExportBlock
            } else if rank == Region::Embed as u8 {
                SkipReason::Embed
            } else {
                SkipReason::ReplyPreview
            };
            skipped.push(Skipped {
                line: l,
                text: text.to_string(),
                why,
            });
        }
        skipped
    }
}
