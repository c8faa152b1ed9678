//! A message read from a DCE page, finished: its author (a follow-up's is
//! its group's), its exact time from its id, its flags (reply, system,
//! edited, pinned, attachments, embed, sticker, reactions) and a note for
//! text shown outside its body.
//!
//! It owns turning what the reader gathered ([`Building`]) into a
//! [`Message`]; it imports nothing from `games/` or `web/`.

use chrono::{DateTime, NaiveTime, TimeZone, Utc};

use super::markdown::TextOut;
use super::reader::Reader;
use crate::import::time::local_to_utc;
use crate::import::{normalise, Flag, Message};

/// Discord's epoch (2015-01-01T00:00:00Z) in unix milliseconds.
pub(super) const DISCORD_EPOCH_MS: i64 = 1_420_070_400_000;

/// Notes about text outside message bodies, at most.
pub(super) const MAX_STRAY_NOTES: usize = 20;

/// Discord snowflake → creation time.
pub(super) fn snowflake_time(id: &str) -> Option<DateTime<Utc>> {
    let id: u64 = id.trim().parse().ok()?;
    let ms = (id >> 22) as i64 + DISCORD_EPOCH_MS;
    Utc.timestamp_millis_opt(ms).single()
}

/// Who wrote a message, as its header says.
#[derive(Clone, Default)]
pub(super) struct Who {
    pub(super) username: String,
    pub(super) id: Option<String>,
    pub(super) display: String,
    pub(super) tag: String,
}

#[derive(Default)]
pub(super) struct Reply {
    pub(super) author_title: Option<String>,
    pub(super) author_text: String,
    pub(super) message_id: Option<String>,
    /// The preview's words; `used /move` when the message is a bot's reply
    /// to a slash command.
    pub(super) content_text: String,
    /// Quoted a message (not a slash-command interaction).
    pub(super) quotes: bool,
}

impl Reply {
    /// The command a slash command's reply names (`used /move` → `move`),
    /// and who used it (the preview's account name, as the author's is).
    fn command(&self) -> Option<Flag> {
        let words = self.content_text.split_whitespace().collect::<Vec<_>>();
        let [used, command] = words[..] else {
            return None;
        };
        let command = command.strip_prefix('/').filter(|c| !c.is_empty())?;
        let by = self
            .author_title
            .clone()
            .filter(|t| !t.is_empty())
            .or_else(|| Some(self.author_text.trim().to_string()).filter(|t| !t.is_empty()))?;
        (!self.quotes && used == "used").then(|| Flag::Command {
            by,
            command: command.to_string(),
        })
    }
}

/// The message being read.
#[derive(Default)]
pub(super) struct Building {
    pub(super) id: String,
    pub(super) first_line: usize,
    pub(super) last_line: usize,
    pub(super) who: Option<Who>,
    pub(super) stamp: String,
    pub(super) text: TextOut,
    pub(super) has_text: bool,
    pub(super) pinned: bool,
    pub(super) edited: bool,
    pub(super) system: bool,
    pub(super) reply: Option<Reply>,
    pub(super) attachments: Vec<String>,
    pub(super) attachment: Option<(String, String, String)>,
    pub(super) embeds: Vec<String>,
    pub(super) embed: String,
    pub(super) sticker: bool,
    pub(super) reactions: bool,
    pub(super) stray: String,
}

impl Reader<'_> {
    /// Turns the message being read into a [`Message`].
    pub(super) fn finish_message(&mut self) {
        let Some(b) = self.cur.take() else {
            return;
        };
        self.in_content = 0;
        let k = self.messages.len();
        // A follow-up has no header: its author is its group's.
        let who = match b.who {
            Some(w) if !w.username.is_empty() || !w.display.trim().is_empty() => {
                self.group = Some(w.clone());
                w
            }
            _ => self.group.clone().unwrap_or_default(),
        };
        let display = normalise(&who.display).trim().to_string();
        let author = if who.username.is_empty() {
            display.clone()
        } else {
            who.username.clone()
        };
        let aliases = if !display.is_empty() && display != author {
            vec![display]
        } else {
            vec![]
        };
        let tag = who.tag.trim();
        let is_bot = ["BOT", "APP", "SERVER"]
            .iter()
            .any(|t| tag.eq_ignore_ascii_case(t));
        let at = match snowflake_time(&b.id) {
            Some(t) => t,
            None => {
                let at = self.prev_at.unwrap_or_else(|| {
                    local_to_utc(
                        self.ctx.date.and_time(NaiveTime::MIN),
                        self.ctx.tz,
                        b.first_line,
                        &mut self.notes,
                    )
                });
                self.notes.push(format!(
                    "line {}: message {k} has no readable id ({:?}); its time is the previous message's",
                    b.first_line, b.id
                ));
                at
            }
        };
        self.prev_at = Some(at);
        let mut flags = Vec::new();
        if let Some(r) = b.reply.as_ref().filter(|r| r.quotes) {
            let to = r
                .message_id
                .as_ref()
                .and_then(|id| self.by_id.get(id).cloned())
                .or_else(|| r.author_title.clone().filter(|t| !t.is_empty()))
                .or_else(|| Some(r.author_text.trim().to_string()).filter(|t| !t.is_empty()))
                .or_else(|| r.message_id.as_ref().map(|id| format!("message {id}")))
                .unwrap_or_else(|| "a deleted message".into());
            flags.push(Flag::Reply { to });
        }
        flags.extend(b.reply.as_ref().and_then(Reply::command));
        if b.system {
            flags.push(Flag::System);
        }
        if b.edited {
            flags.push(Flag::Edited);
        }
        if b.pinned {
            flags.push(Flag::Pinned);
        }
        flags.extend(b.attachments.into_iter().map(Flag::Attachment));
        if !b.embeds.is_empty() {
            flags.push(Flag::Embed);
        }
        if b.sticker {
            flags.push(Flag::Sticker);
        }
        if b.reactions {
            flags.push(Flag::Reactions);
        }
        let stray = b.stray.trim();
        if !stray.is_empty() {
            self.strays += 1;
            if self.strays <= MAX_STRAY_NOTES {
                self.notes.push(format!(
                    "line {}: message {k} shows text outside its body, not read as its text: {stray:?}",
                    b.first_line
                ));
            }
        }
        if !b.id.is_empty() {
            self.by_id.insert(b.id.clone(), author.clone());
        }
        let mut stamp = b.stamp.split_whitespace().collect::<Vec<_>>().join(" ");
        if stamp.is_empty() {
            stamp = at.to_rfc3339();
        }
        self.messages.push(Message {
            index: k,
            author,
            aliases,
            author_id: who.id.filter(|i| !i.is_empty()),
            at,
            stamp,
            text: b.text.finish(),
            embeds: b.embeds,
            is_bot,
            flags,
            lines: b.first_line..b.last_line.max(b.first_line) + 1,
            text_lines: Vec::new(),
        });
    }
}
