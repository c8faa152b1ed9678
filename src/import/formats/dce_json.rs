//! DiscordChatExporter's JSON export.
//!
//! The richest format: every message has an id, an offset timestamp, the
//! author's username *and* nickname, a bot flag, a kind, and structured
//! attachments, embeds, reactions and replies. Decisions:
//! - Parsed with `serde_json` into a `Value`, then read field by field:
//!   every field is optional (old exports lack many), `type` may be a name
//!   or a number string, and non-BMP characters arrive escaped.
//! - `author` is the username (as in TXT and CSV), the nickname goes to
//!   `aliases`, so one person reads the same across the DCE formats.
//! - A missing timestamp falls back to the snowflake id
//!   (`(id >> 22) + 1420070400000` ms), then to the previous message, with
//!   a note.
//! - Lines: a small scanner finds each message object's byte span so that
//!   every source line is accounted for like in the text formats.
//!
//! Must not import the store (`log`), a page (`web`) or a game's own
//! folder: a format reader turns text into messages and knows no game's
//! rules.

use std::collections::BTreeMap;

use chrono::{DateTime, TimeZone, Utc};
use serde_json::Value;

use crate::import::{
    lines_of, Flag, Format, ImportError, Message, SkipReason, TimeContext, Transcript,
};

/// Message kinds typed by a person (names and the numbers DCE leaves as
/// strings); everything else is a system notice.
const PERSON_KINDS: &[&str] = &[
    "Default",
    "Reply",
    "ChatInputCommand",
    "ContextMenuCommand",
    "0",
    "19",
    "20",
    "23",
];

fn str_of<'a>(v: &'a Value, key: &str) -> Option<&'a str> {
    v.get(key).and_then(Value::as_str)
}

/// Discord snowflake → creation time.
fn snowflake_time(id: &str) -> Option<DateTime<Utc>> {
    let id: u64 = id.parse().ok()?;
    let ms = (id >> 22) as i64 + 1_420_070_400_000;
    Utc.timestamp_millis_opt(ms).single()
}

/// An embed's readable text: author, title, description, fields, footer.
fn embed_text(e: &Value) -> String {
    let mut parts: Vec<&str> = Vec::new();
    let author = e.get("author").and_then(|a| str_of(a, "name"));
    parts.extend(author);
    parts.extend(str_of(e, "title"));
    parts.extend(str_of(e, "description"));
    for f in e
        .get("fields")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        parts.extend(str_of(f, "name"));
        parts.extend(str_of(f, "value"));
    }
    parts.extend(e.get("footer").and_then(|f| str_of(f, "text")));
    parts.retain(|p| !p.trim().is_empty());
    parts.join("\n")
}

/// Byte spans of the elements of the top-level `messages` array.
fn message_spans(text: &str) -> Vec<(usize, usize)> {
    let mut spans = Vec::new();
    let (mut depth, mut in_str, mut esc) = (0usize, false, false);
    let mut str_start = 0;
    let mut last_key: &str = "";
    let mut in_messages = false;
    let mut elem_start = 0;
    for (i, b) in text.bytes().enumerate() {
        if in_str {
            if esc {
                esc = false;
            } else if b == b'\\' {
                esc = true;
            } else if b == b'"' {
                in_str = false;
                if depth == 1 {
                    last_key = text.get(str_start..i).unwrap_or("");
                }
            }
            continue;
        }
        match b {
            b'"' => {
                in_str = true;
                str_start = i + 1;
            }
            b'{' | b'[' => {
                depth += 1;
                if depth == 2 && b == b'[' && last_key == "messages" {
                    in_messages = true;
                } else if depth == 3 && in_messages {
                    elem_start = i;
                }
            }
            b'}' | b']' => {
                if depth == 3 && in_messages {
                    spans.push((elem_start, i + 1));
                }
                if depth == 2 && in_messages {
                    in_messages = false;
                }
                depth = depth.saturating_sub(1);
            }
            b',' if depth == 1 => last_key = "",
            _ => {}
        }
    }
    spans
}

/// Reads a normalised JSON export.
pub fn read(text: &str, ctx: &TimeContext) -> Result<Transcript, ImportError> {
    let lines = lines_of(text);
    let n = lines.len();
    let root: Value = serde_json::from_str(text).map_err(|e| ImportError::BadJson {
        line: e.line(),
        column: e.column(),
        detail: e.to_string(),
    })?;
    let Some(items) = root.get("messages").and_then(Value::as_array) else {
        return Err(ImportError::BadJson {
            line: 1,
            column: 1,
            detail: "no `messages` array at the top level".into(),
        });
    };
    let mut notes = vec![];
    let spans = message_spans(text);
    let line_starts: Vec<usize> = std::iter::once(0)
        .chain(text.match_indices('\n').map(|(i, _)| i + 1))
        .collect();
    let line_of = |byte: usize| line_starts.partition_point(|&s| s <= byte).max(1);
    let spans_ok = spans.len() == items.len();
    if !spans_ok {
        notes.push(
            "could not map messages to source lines; all lines listed as JSON structure".into(),
        );
    }

    let mut by_id: BTreeMap<&str, &str> = BTreeMap::new();
    let mut next_free = 1;
    let mut messages: Vec<Message> = Vec::with_capacity(items.len());
    let mut prev_at: Option<DateTime<Utc>> = None;
    for (k, m) in items.iter().enumerate() {
        let id = str_of(m, "id").unwrap_or("");
        let author = m.get("author").unwrap_or(&Value::Null);
        let name = str_of(author, "name").unwrap_or("").to_string();
        by_id.insert(id, str_of(author, "name").unwrap_or(""));
        let nick = str_of(author, "nickname").unwrap_or("");
        let aliases = if !nick.is_empty() && nick != name {
            vec![nick.to_string()]
        } else {
            vec![]
        };
        let stamp = str_of(m, "timestamp").unwrap_or("").to_string();
        let at = match DateTime::parse_from_rfc3339(&stamp) {
            Ok(t) => t.with_timezone(&Utc),
            Err(_) => {
                let fallback = snowflake_time(id).or(prev_at).unwrap_or_else(|| {
                    Utc.from_utc_datetime(&ctx.date.and_time(chrono::NaiveTime::MIN))
                });
                notes.push(format!(
                    "message {k} (id {id}): no readable timestamp; time taken from its id or the previous message"
                ));
                fallback
            }
        };
        prev_at = Some(at);
        let kind = match m.get("type") {
            Some(Value::String(s)) => s.clone(),
            Some(Value::Number(x)) => x.to_string(),
            _ => "Default".into(),
        };
        let mut flags = Vec::new();
        if let Some(r) = m.get("reference") {
            let to = str_of(r, "messageId")
                .map(|mid| match by_id.get(mid) {
                    Some(name) if !name.is_empty() => name.to_string(),
                    _ => format!("message {mid}"),
                })
                .unwrap_or_default();
            // Pins and forwards carry a reference too: only replies count.
            if kind == "Reply" || kind == "19" {
                flags.push(Flag::Reply { to });
            } else if str_of(r, "type") == Some("Forward") {
                flags.push(Flag::Forwarded);
            }
        }
        if !PERSON_KINDS.contains(&kind.as_str()) {
            flags.push(Flag::System);
        }
        if m.get("timestampEdited").is_some_and(|v| !v.is_null()) {
            flags.push(Flag::Edited);
        }
        if m.get("isPinned").and_then(Value::as_bool) == Some(true) {
            flags.push(Flag::Pinned);
        }
        for a in m
            .get("attachments")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            let name = str_of(a, "fileName")
                .or_else(|| str_of(a, "url"))
                .unwrap_or("attachment");
            flags.push(Flag::Attachment(name.to_string()));
        }
        let non_empty = |key: &str| {
            m.get(key)
                .and_then(Value::as_array)
                .is_some_and(|a| !a.is_empty())
        };
        if non_empty("embeds") {
            flags.push(Flag::Embed);
        }
        let embeds: Vec<String> = m
            .get("embeds")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .map(embed_text)
            .collect();
        if non_empty("stickers") {
            flags.push(Flag::Sticker);
        }
        if non_empty("reactions") {
            flags.push(Flag::Reactions);
        }
        if m.get("forwardedMessage").is_some_and(|v| !v.is_null()) {
            flags.push(Flag::Forwarded);
        }
        // A bot's reply to a slash command: who used which.
        if let Some(i) = m.get("interaction").filter(|v| v.is_object()) {
            let by = i.get("user").and_then(|u| str_of(u, "name"));
            if let (Some(by), Some(command)) = (by, str_of(i, "name")) {
                flags.push(Flag::Command {
                    by: by.to_string(),
                    command: command.to_string(),
                });
            }
        }
        let (first, last) = if spans_ok {
            (line_of(spans[k].0), line_of(spans[k].1.saturating_sub(1)))
        } else {
            (1, 1)
        };
        // A message owns its object's lines; a line shared with the
        // previous message (minified JSON) stays with that one.
        let text_lines: Vec<usize> = if spans_ok {
            (first.max(next_free)..=last.min(n)).collect()
        } else {
            Vec::new()
        };
        next_free = next_free.max(last + 1);
        messages.push(Message {
            index: k,
            author: name,
            aliases,
            author_id: str_of(author, "id").map(str::to_string),
            at,
            stamp,
            text: str_of(m, "content").unwrap_or("").to_string(),
            is_bot: author.get("isBot").and_then(Value::as_bool) == Some(true),
            flags,
            lines: first..last + 1,
            text_lines,
            embeds,
        });
    }
    let skipped = super::unowned(&lines, &messages, |_| SkipReason::JsonStructure);
    Ok(Transcript {
        format: Format::DceJson,
        messages,
        skipped,
        notes,
        line_count: n,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spans_find_each_message_object() {
        let t = r#"{"guild":{"id":"1"},"messages":[{"id":"2","x":[1,{"a":"]"}]},{"id":"3"}],"messageCount":2}"#;
        let s = message_spans(t);
        assert_eq!(s.len(), 2);
        assert!(t[s[0].0..s[0].1].starts_with("{\"id\":\"2\""));
        assert_eq!(&t[s[1].0..s[1].1], "{\"id\":\"3\"}");
    }

    #[test]
    fn snowflake_gives_the_creation_time() {
        // 175928847299117063 is Discord's documented example: 2016-04-30 11:18:25.796 UTC.
        let t = snowflake_time("175928847299117063").unwrap();
        assert_eq!(t.to_rfc3339(), "2016-04-30T11:18:25.796+00:00");
    }
}
