//! The reviewer's corrections inside the reading: which message reads as
//! what, whether a correction applies to this transcript, what the reader
//! saw without it, and the review a Create keeps (see
//! [`crate::import::corrections`]).
//!
//! Must not import the store (`log`), a page (`web`), bundles, backups or a
//! game's own folder (`games::rush_hour` and the like): an import reads a
//! transcript into events through the registry and the shared modules of
//! `games`, and its caller stores them.

use std::borrow::Cow;

use super::{CorrectionInput, CorrectionReport, Reading, Reviewing};
use crate::event::{Corrected, Correction, Review};
use crate::games::{ChatContext, ChatReading};
use crate::import::corrections::{message_sha256, READER_VERSION};

impl<'a> Reading<'a> {
    /// The text message `index` is read as: its correction's words, or the
    /// message as written.
    pub(super) fn text_of(&self, index: usize) -> Cow<'a, str> {
        let t: &'a crate::import::Transcript = self.transcript;
        match self.says(index) {
            Some(CorrectionInput {
                reading: Corrected::Says(s),
                ..
            }) => Cow::Owned(s.clone()),
            _ => Cow::Borrowed(t.messages[index].text.as_str()),
        }
    }

    /// The correction that reads message `index` as words, if any.
    pub(super) fn says(&self, index: usize) -> Option<&CorrectionInput> {
        self.corrections
            .get(&index)
            .filter(|c| matches!(c.reading, Corrected::Says(_)))
    }

    /// Takes a correction in when it fits this transcript (the message
    /// exists and, for a stored one, still has the text it was made
    /// against); the report lists it either way.
    pub(super) fn take_correction(&mut self, c: &CorrectionInput) {
        let messages = &self.transcript.messages;
        let error = match messages.get(c.message) {
            None => Some(format!(
                "there is no message {} (the transcript has {} messages, numbered from 0)",
                c.message,
                messages.len()
            )),
            Some(m) => match &c.message_sha256 {
                Some(h) if *h != message_sha256(&m.text) => Some(format!(
                    "message {} is not the message this correction was made for (the reader, now {READER_VERSION}, splits the transcript differently): read it again and correct it anew",
                    c.message
                )),
                _ if self.corrections.contains_key(&c.message) => Some(format!(
                    "message {} is corrected twice: keep one correction",
                    c.message
                )),
                _ if self.speakers[c.message].is_none() && c.reading != Corrected::Talk => {
                    Some(format!(
                        "message {} is by {}, who is neither a player nor the host: tie the author with --alias, or mark the message talk",
                        c.message, m.author
                    ))
                }
                _ => None,
            },
        };
        if error.is_none() {
            self.corrections.insert(c.message, c.clone());
        }
        self.corrected.push(CorrectionReport {
            message: c.message,
            reading: c.reading.to_string(),
            reviewer: c.reviewer.clone(),
            reason: c.reason.clone(),
            reader_saw: String::new(),
            error,
        });
    }

    /// Reads what the reader makes of a corrected message on its own (for
    /// the report and the record), and checks that the correction reads as
    /// play. `true`: go on reading the message (as corrected, or as
    /// written when the correction does not read); `false`: it was talk.
    pub(super) fn corrected_message(&mut self, index: usize) -> bool {
        let Some(c) = self.corrections.get(&index).cloned() else {
            return true;
        };
        let t: &'a crate::import::Transcript = self.transcript;
        let saw = self.reader_saw(index, &t.messages[index].text);
        let problem = match &c.reading {
            Corrected::Says(words) => self.does_not_read(index, words),
            Corrected::Talk => None,
        };
        if let Some(report) = self
            .corrected
            .iter_mut()
            .rev()
            .find(|r| r.message == index && r.error.is_none())
        {
            report.reader_saw = saw;
            report.error.clone_from(&problem);
        }
        if problem.is_some() {
            self.corrections.remove(&index);
            return true;
        }
        if c.reading == Corrected::Talk {
            self.chatter.push(index);
            return false;
        }
        true
    }

    /// What the reader makes of `text` as message `index`, in words:
    /// `talk`, the events' kinds and texts, or why it could not read it.
    fn reader_saw(&self, index: usize, text: &str) -> String {
        let Some((speaker, _)) = self.speakers[index].clone() else {
            return "talk (a spectator's message)".to_string();
        };
        let readings = self.readings_of(text, speaker);
        let said: Vec<String> = readings
            .into_iter()
            .filter_map(|r| match r.read {
                ChatReading::Chatter => None,
                ChatReading::Event(b) => Some(crate::replay::describe(&b)),
                ChatReading::Fact(f) => Some(format!("{f:?}").to_lowercase()),
                ChatReading::Unread(why) => Some(format!("not read: {why}")),
            })
            .collect();
        if said.is_empty() {
            "talk".to_string()
        } else {
            said.join("; ")
        }
    }

    /// Why a correction's words do not read as play here, if they do not.
    fn does_not_read(&self, index: usize, words: &str) -> Option<String> {
        let (speaker, _) = self.speakers[index].clone()?;
        let ctx = self.context();
        if let (crate::games::Speaker::Player(seat), Some(_)) = (speaker, self.picker) {
            if crate::games::chat::host::choice(words, seat, &ctx).is_some() {
                return None;
            }
        }
        let readings = self.readings_of(words, speaker);
        if let Some(why) = readings.iter().find_map(|r| match &r.read {
            ChatReading::Unread(why) => Some(why.clone()),
            _ => None,
        }) {
            return Some(format!("'{words}' does not read: {why}"));
        }
        if readings
            .iter()
            .all(|r| matches!(r.read, ChatReading::Chatter))
        {
            return Some(format!(
                "'{words}' reads as talk: write it the way the reader takes play (like 'Kit goes first', 'round 2 to Vale', 'C3 UR'), or correct the message to talk"
            ));
        }
        None
    }

    /// The context a message is read in now.
    pub(super) fn context(&self) -> ChatContext<'_> {
        ChatContext {
            players: &self.opts.cast.players,
            rounds: self.rounds,
            state: self.state(),
            aliases: self.aliases,
            picker: self.picker,
            announced_first: self.pending.as_ref().and_then(|p| p.opening.first),
            round_announced: self.pending.is_some(),
        }
    }

    /// The review a Create keeps: every correction that applied, with its
    /// message's hash, and how the transcript was read.
    pub(super) fn review(&self, reviewing: &Reviewing) -> Review {
        let applied = self.corrected.iter().filter(|r| r.error.is_none());
        let corrections = applied
            .filter_map(|r| {
                let c = self.corrections.get(&r.message)?;
                Some(Correction {
                    message: r.message as u32,
                    message_sha256: message_sha256(&self.transcript.messages[r.message].text),
                    reading: c.reading.clone(),
                    reviewer: c.reviewer.clone(),
                    reason: c.reason.clone(),
                    reader_saw: r.reader_saw.clone(),
                })
            })
            .collect();
        let time = reviewing.time.as_ref();
        Review {
            reader: READER_VERSION.to_string(),
            importer: self.opts.importer.clone(),
            aliases: self
                .opts
                .cast
                .aliases
                .iter()
                .map(|(a, b)| (a.clone(), b.clone()))
                .collect(),
            zone: time.map_or("UTC".to_string(), |t| t.tz.name().to_string()),
            date: time.map_or(String::new(), |t| t.date.format("%Y-%m-%d").to_string()),
            date_order: time.and_then(|t| t.date_order).map(|o| match o {
                crate::import::DateOrder::DayFirst => "day-first".to_string(),
                crate::import::DateOrder::MonthFirst => "month-first".to_string(),
            }),
            corrections,
            supersedes: reviewing.supersedes.clone(),
        }
    }
}
