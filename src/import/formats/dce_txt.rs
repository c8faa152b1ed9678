//! DiscordChatExporter's PlainText export.
//!
//! Regular where the paste is not: a `=` banner preamble, then
//! `[<date>] <username>[ (pinned)]` headers, the content, and `{Attachments}`
//! / `{Embed}` / `{Stickers}` / `{Reactions}` / `{Forwarded Message}` blocks,
//! then an `Exported N message(s)` footer. Split exports concatenated keep
//! each part's preamble; banners anywhere are recognised.
//!
//! Decisions: a header needs a date that parses (content can start with
//! `[`) and must follow a blank line, the preamble or the start of the
//! file, because DCE ends every message with a blank line; a block starts only at the start of a body or after a blank line,
//! because DCE always writes one there; the dates carry no zone, so they are
//! wall-clock times in [`TimeContext::tz`], and their day/month order is
//! decided for the whole file as for pastes. Forwarded content is skipped
//! (with [`Flag::Forwarded`]): it is not the forwarder's words.
//!
//! Must not import the store (`log`), a page (`web`) or a game's own
//! folder: a format reader turns text into messages and knows no game's
//! rules.

use chrono::NaiveTime;

use super::{blank, skip};
use crate::import::time::{decide_order, local_to_utc, parse_date_time, DateTok, Written};
use crate::import::{
    lines_of, Flag, Format, ImportError, Message, SkipReason, TimeContext, Transcript,
};

/// An accepted header: line, date, time, date text, user, pinned.
type Head<'a> = (usize, DateTok, Option<NaiveTime>, &'a str, &'a str, bool);

/// A `[date] user` header: date, time, date text, user, pinned.
fn header(s: &str) -> Option<(DateTok, Option<NaiveTime>, &str, &str, bool)> {
    let t = s.strip_prefix('[')?;
    let close = t.find(']')?;
    if close > 40 {
        return None;
    }
    let date_text = &t[..close];
    let user = t[close + 1..].strip_prefix(' ')?.trim_end();
    let (user, pinned) = match user.strip_suffix(" (pinned)") {
        Some(u) => (u, true),
        None => (user, false),
    };
    if user.trim().is_empty() {
        return None;
    }
    let (date, time) = parse_date_time(date_text)?;
    Some((date, time, date_text, user, pinned))
}

fn is_banner(s: &str) -> bool {
    let s = s.trim_end();
    s.len() >= 20 && s.bytes().all(|b| b == b'=')
}

const BLOCKS: &[&str] = &[
    "{Attachments}",
    "{Embed}",
    "{Stickers}",
    "{Reactions}",
    "{Forwarded Message}",
];

const SYSTEM_TEXTS: &[&str] = &[
    "Pinned a message.",
    "Joined the server.",
    "Started a thread.",
    "Added a recipient.",
    "Removed a recipient.",
    "Changed the channel name.",
    "Changed the channel icon.",
    "Boosted the server.",
];

/// How strongly `text` looks like a TXT export: 1000 with a banner and
/// `Guild:`, else 3 per `[date] user` header when there are at least two.
pub fn score(text: &str) -> usize {
    let lines: Vec<&str> = text.lines().take(8).collect();
    if lines
        .windows(2)
        .any(|w| is_banner(w[0]) && w[1].starts_with("Guild:"))
    {
        return 1000;
    }
    let headers = text.lines().filter(|l| header(l).is_some()).count();
    if headers >= 2 {
        3 * headers
    } else {
        0
    }
}

/// Reads a normalised TXT export.
pub fn read(text: &str, ctx: &TimeContext) -> Result<Transcript, ImportError> {
    let lines = lines_of(text);
    let n = lines.len();
    let mut notes = Vec::new();
    let mut skipped = Vec::new();
    // Structure: preambles and footers.
    let mut structural: Vec<Option<crate::import::SkipReason>> = vec![None; n + 2];
    let mut i = 1;
    while i <= n {
        if is_banner(lines[i - 1]) {
            let next = lines.get(i).copied().unwrap_or("");
            if next.starts_with("Guild:") {
                let mut j = i + 1;
                while j <= n && !is_banner(lines[j - 1]) {
                    j += 1;
                }
                structural[i..=j.min(n)].fill(Some(SkipReason::Banner));
                i = j + 1;
                continue;
            }
            if next.starts_with("Exported ") && lines.get(i + 1).is_some_and(|l| is_banner(l)) {
                structural[i..=i + 2].fill(Some(SkipReason::Footer));
                i += 3;
                continue;
            }
            structural[i] = Some(SkipReason::Banner);
        }
        i += 1;
    }
    let heads: Vec<Head<'_>> = (1..=n)
        .filter(|&l| structural[l].is_none())
        // DCE ends every message with a blank line: a `[date] user` line
        // right under text is text (a quoted header), not a header.
        .filter(|&l| l == 1 || blank(lines[l - 2]) || structural[l - 1].is_some())
        .filter_map(|l| header(lines[l - 1]).map(|(d, t, dt, u, p)| (l, d, t, dt, u, p)))
        .collect();
    let Some(first) = heads.first() else {
        return Err(ImportError::NotATranscript {
            line: 1,
            detail: "no line looks like `[11/21/2026 3:45 PM] username` (an export header)".into(),
        });
    };
    let written: Vec<Written<'_>> = heads
        .iter()
        .map(|h| Written {
            line: h.0,
            text: h.3,
            date: h.1,
            time: h.2,
        })
        .collect();
    let order = decide_order(&written, ctx.date_order, ctx.date, &mut notes)?;

    for l in 1..first.0 {
        let why = structural.get(l).copied().flatten();
        let why = why.unwrap_or(SkipReason::BeforeFirstMessage);
        skip(&mut skipped, &lines, l, why);
    }
    let mut messages = Vec::with_capacity(heads.len());
    for (k, &(line, date, time, date_text, user, pinned)) in heads.iter().enumerate() {
        skip(&mut skipped, &lines, line, SkipReason::Header);
        let limit = heads.get(k + 1).map_or(n, |h| h.0 - 1);
        let end = (line + 1..=limit)
            .find(|&l| structural[l].is_some())
            .map_or(limit, |l| l - 1);
        for l in end + 1..=limit {
            let why = structural.get(l).copied().flatten();
            let why = why.unwrap_or(SkipReason::Blank);
            skip(&mut skipped, &lines, l, why);
        }
        let mut flags = Vec::new();
        if pinned {
            flags.push(Flag::Pinned);
        }
        if time.is_none() {
            flags.push(Flag::DateOnly);
        }
        let from = line + 1;
        let markers: Vec<usize> = (from..=end)
            .filter(|&l| {
                BLOCKS.contains(&lines[l - 1].trim_end()) && (l == from || blank(lines[l - 2]))
            })
            .collect();
        let content_end = markers.first().map_or(end, |m| m - 1);
        let first_text = (from..=content_end).find(|&l| !blank(lines[l - 1]));
        let last_text = (from..=content_end).rev().find(|&l| !blank(lines[l - 1]));
        let mut text_lines = Vec::new();
        let mut parts = Vec::new();
        for l in from..=content_end {
            if first_text.is_some_and(|f| l >= f) && last_text.is_some_and(|x| l <= x) {
                text_lines.push(l);
                parts.push(lines[l - 1]);
            } else {
                skip(&mut skipped, &lines, l, SkipReason::Blank);
            }
        }
        let mut embeds = Vec::new();
        for (b, &m) in markers.iter().enumerate() {
            let block_end = markers.get(b + 1).map_or(end, |x| x - 1);
            let kind = lines[m - 1].trim_end();
            let (flag, why) = match kind {
                "{Attachments}" => (None, SkipReason::ExportBlock),
                "{Embed}" => (Some(Flag::Embed), SkipReason::ExportBlock),
                "{Stickers}" => (Some(Flag::Sticker), SkipReason::ExportBlock),
                "{Reactions}" => (Some(Flag::Reactions), SkipReason::ExportBlock),
                _ => (Some(Flag::Forwarded), SkipReason::Forwarded),
            };
            if let Some(f) = flag {
                if !flags.contains(&f) {
                    flags.push(f);
                }
            }
            if kind == "{Embed}" {
                let body: Vec<&str> = (m + 1..=block_end)
                    .map(|l| lines[l - 1].trim())
                    .filter(|s| !s.is_empty())
                    .collect();
                embeds.push(body.join("\n"));
            }
            for l in m..=block_end {
                let s = lines[l - 1].trim();
                if blank(s) {
                    skip(&mut skipped, &lines, l, SkipReason::Blank);
                    continue;
                }
                if kind == "{Attachments}" && l > m {
                    let name = s.split(['?', '#']).next().unwrap_or(s);
                    let name = name.rsplit('/').next().unwrap_or(name);
                    flags.push(Flag::Attachment(name.to_string()));
                }
                skip(&mut skipped, &lines, l, why);
            }
        }
        let text = parts.join("\n");
        if SYSTEM_TEXTS.contains(&text.trim()) || text.starts_with("Started a call") {
            flags.push(Flag::System);
        }
        let date = date.reading(order).unwrap_or(ctx.date);
        messages.push(Message {
            index: messages.len(),
            author: user.to_string(),
            aliases: Vec::new(),
            author_id: None,
            at: local_to_utc(
                date.and_time(time.unwrap_or(NaiveTime::MIN)),
                ctx.tz,
                line,
                &mut notes,
            ),
            stamp: date_text.to_string(),
            text,
            is_bot: false,
            flags,
            lines: line..limit + 1,
            text_lines,
            embeds,
        });
    }
    notes.insert(
        0,
        format!(
            "export dates carry no zone: read as wall-clock times in {}",
            ctx.tz.name()
        ),
    );
    Ok(Transcript {
        format: Format::DceTxt,
        messages,
        skipped,
        notes,
        line_count: n,
    })
}
