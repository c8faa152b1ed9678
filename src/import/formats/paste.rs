//! The Discord client's copy-paste: the least regular format and the most
//! common one.
//!
//! A paste is a sequence of *message groups*: a header
//! `<display name> — <stamp>`, then text lines (blank lines included), then
//! optionally `[2:06 PM]` markers before grouped follow-ups. Around them sit
//! interface words, reply previews, attachment trailers and reactions, all
//! of which are copied as plain lines. See `/work/shared/notes` for the
//! field notes by era; the decisions here:
//!
//! - **A header is a line whose stamp parses.** The separator is ` — `;
//!   ` – ` and ` - ` (editors rewrite the em dash) are accepted because the
//!   stamp after them must still parse. The *last* separator splits, so a
//!   display name may contain dashes.
//! - **Bare-time headers are checked against the transcript.** A bare time
//!   (`sure — 23:30`) is the 2025+ client's stamp for *today*, so it is a
//!   header only if (1) `Today at` stamps do not outnumber bare ones (those
//!   are the older client, which never writes bare times; in a bare-time
//!   paste a `Today at` header is the quoted one), (2) no dated or relative
//!   header follows it (today's messages come last), and (3) it is not an
//!   *unknown author out of place*: an author who heads no other message and
//!   is never `@`-replied to, whose time does not fit between its
//!   neighbours' (or who would be the only bare-time header among other
//!   headers). A rejected
//!   candidate stays message text and the notes say so, for review.
//! - **Reply previews belong to the reply.** `@name` / quoted line / blank
//!   just above a header is the quoted older message: skipped as
//!   [`SkipReason::ReplyPreview`] and turned into [`Flag::Reply`], never
//!   text, so a quoted claim is never read twice.
//! - **Attachment previews are file content, not typing.** The lines of a
//!   text file shown above `Expand`/`Collapse` + file name + size are
//!   skipped back to the nearest blank line (or the message start). FUTURE:
//!   typed text directly above a preview with no blank line between is
//!   skipped with it; the skipped list shows it.
//! - **Reactions only at the end, and only when unmistakable**: an emoji
//!   line followed by a count, `Click to react`/`Add Reaction`, or two or
//!   more bare counts. A lone trailing `3` stays text (it may be an answer).
//! - **Compact mode is only a fallback**: `[3:45 PM] name: text` lines are
//!   read as messages (dated by the day divider above) only when no line
//!   is a regular header, since the compact copy format is unverified.
//! - **Embeds are kept apart**: a provider line (`GitHub`, `YouTube`, …)
//!   under a URL starts an embed, whose lines go to `Message::embeds`.
//! - **Time.** `[time]` follow-ups take their header's date; a relative or
//!   bare time that goes down (23:59 → 00:01) moves to the next day; if
//!   that would put messages after the paste date, the relative ones move
//!   back so the last is on it (the client had not re-rendered since
//!   midnight).
//!
//! Must not import the store (`log`), a page (`web`) or a game's own
//! folder: a format reader turns text into messages and knows no game's
//! rules.

//!
//! Its parts: `shapes.rs` says what one line is (a header, a marker, a
//! trailer, a reaction), `headers.rs` decides which candidates are headers
//! and what lines each owns, `body.rs` cleans a message's lines into its
//! text and flags, and `times.rs` resolves every message's time.

use chrono::{NaiveDate, NaiveTime};

use super::skip;
use crate::import::time::{decide_order, DateTok, Day, RelativeWords, Written};
use crate::import::{
    lines_of, DateOrder, Flag, Format, ImportError, SkipReason, Skipped, TimeContext, Transcript,
};
use body::finish;
use headers::{accept, build_headers, Cand};
use shapes::{
    compact_header, decorate, divider_date, follow_up, header_candidate, is_day_divider, INTERFACE,
};
use times::resolve_times;

mod body;
mod headers;
mod shapes;
mod times;

/// How strongly `text` looks like a paste: 2 per dated or relative header,
/// 1 per bare-time header.
pub fn score(text: &str, words: &RelativeWords) -> usize {
    let headers = text
        .lines()
        .filter_map(|l| header_candidate(l, words))
        .map(|(_, _, s)| if s.day == Day::Bare { 1 } else { 2 })
        .sum();
    if headers > 0 {
        return headers;
    }
    // The compact-mode fallback counts only when nothing else does.
    text.lines().filter(|l| compact_header(l).is_some()).count() / 2
}

/// A message before its time is resolved.
pub(super) struct Draft {
    author: String,
    bot: bool,
    stamp_text: String,
    /// `None` for a `[time]` follow-up.
    day: Option<Day>,
    time: Option<NaiveTime>,
    stamp_line: usize,
    flags: Vec<Flag>,
    text: String,
    text_lines: Vec<usize>,
    embeds: Vec<String>,
    lines: std::ops::Range<usize>,
}

impl Draft {
    /// A message by `(author, is_bot)` stamped `(line, text)`, owning
    /// `lines`; its text, flags and embeds are read from its body later.
    fn new(
        (author, bot): (&str, bool),
        (stamp_line, stamp_text): (usize, &str),
        day: Option<Day>,
        time: Option<NaiveTime>,
        lines: std::ops::Range<usize>,
    ) -> Draft {
        Draft {
            author: author.to_string(),
            bot,
            stamp_text: stamp_text.to_string(),
            day,
            time,
            stamp_line,
            flags: Vec::new(),
            text: String::new(),
            text_lines: Vec::new(),
            embeds: Vec::new(),
            lines,
        }
    }
}

/// Reads a normalised paste.
pub fn read(text: &str, ctx: &TimeContext) -> Result<Transcript, ImportError> {
    let lines = lines_of(text);
    let n = lines.len();
    let mut notes = Vec::new();
    let mut skipped: Vec<Skipped> = Vec::new();

    let cands: Vec<Cand<'_>> = lines
        .iter()
        .enumerate()
        .filter_map(|(i, l)| {
            header_candidate(l, &ctx.words).map(|(name, stamp_text, stamp)| Cand {
                line: i + 1,
                name,
                stamp_text,
                stamp,
            })
        })
        .collect();
    if cands.is_empty() {
        return read_compact(&lines, ctx);
    }

    let accepted = accept(&lines, &cands, &mut notes);
    let headers = build_headers(&lines, &cands, &accepted);
    if headers.is_empty() {
        return Err(ImportError::NotATranscript {
            line: cands[0].line,
            detail: "no message header could be confirmed".into(),
        });
    }

    // Day/month order over every dated header.
    let written: Vec<Written<'_>> = headers
        .iter()
        .filter_map(|h| match h.stamp.day {
            Day::Date(date) => Some(Written {
                line: h.line,
                text: h.stamp_text.as_str(),
                date,
                time: h.stamp.time,
            }),
            _ => None,
        })
        .collect();
    let order = decide_order(&written, ctx.date_order, ctx.date, &mut notes)?;

    for l in 1..headers[0].start {
        let s = lines[l - 1].trim();
        let why = if is_day_divider(s) {
            SkipReason::DayDivider
        } else if INTERFACE.contains(&s) {
            SkipReason::Interface
        } else {
            SkipReason::BeforeFirstMessage
        };
        skip(&mut skipped, &lines, l, why);
    }
    let mut drafts: Vec<Draft> = Vec::new();
    for (k, h) in headers.iter().enumerate() {
        let end = headers.get(k + 1).map_or(n, |next| next.start - 1);
        for l in h.start..h.line {
            let why = if l < h.own_start {
                SkipReason::ReplyPreview
            } else {
                SkipReason::Header
            };
            if h.notice.as_ref().is_some_and(|(nl, _)| *nl == l) {
                continue;
            }
            skip(&mut skipped, &lines, l, why);
        }
        let mut flags = Vec::new();
        if let Some(to) = &h.reply_to {
            flags.push(Flag::Reply { to: to.clone() });
        }
        if let Some((by, command)) = &h.command {
            flags.push(Flag::Command {
                by: by.clone(),
                command: command.clone(),
            });
        }
        if h.stamp.time.is_none() {
            flags.push(Flag::DateOnly);
        }
        let mut first_text = Vec::new();
        match &h.notice {
            Some((nl, _)) if *nl == h.line => first_text.push(h.line),
            Some((nl, _)) => {
                first_text.push(*nl);
                skip(&mut skipped, &lines, h.line, SkipReason::Header);
            }
            None => skip(&mut skipped, &lines, h.line, SkipReason::Header),
        }
        if h.notice.is_some() {
            flags.push(Flag::System);
        }
        // Split the body at follow-up markers.
        let mut piece_start = h.line + 1;
        let mut current = Draft {
            flags,
            ..Draft::new(
                (&h.author, h.bot),
                (h.line, &h.stamp_text),
                Some(h.stamp.day),
                h.stamp.time,
                h.start..end + 1,
            )
        };
        let mut pre_text = first_text;
        let mut notice = h.notice.as_ref().map(|(_, t)| t.clone());
        for l in h.line + 1..=end {
            let Some((time, stamp, rest)) = follow_up(lines[l - 1]) else {
                continue;
            };
            finish(
                &lines,
                &mut current,
                piece_start,
                l - 1,
                &pre_text,
                notice.take().as_deref(),
                &mut skipped,
            );
            current.lines = current.lines.start..l;
            let next = Draft::new((&h.author, h.bot), (l, stamp), None, Some(time), l..end + 1);
            drafts.push(std::mem::replace(&mut current, next));
            pre_text = Vec::new();
            if rest.trim().is_empty() {
                skip(&mut skipped, &lines, l, SkipReason::FollowUpMarker);
                piece_start = l + 1;
            } else {
                // `[3:17 PM] text`: the marker shares the first text line.
                piece_start = l;
            }
        }
        finish(
            &lines,
            &mut current,
            piece_start,
            end,
            &pre_text,
            notice.take().as_deref(),
            &mut skipped,
        );
        drafts.push(current);
    }

    let relative = headers.iter().any(|h| !matches!(h.stamp.day, Day::Date(_)));
    let head_note = if relative {
        format!(
            "relative stamps read against {} in {}",
            ctx.date,
            ctx.tz.name()
        )
    } else {
        format!(
            "stamps carry no zone: read as wall-clock times in {}",
            ctx.tz.name()
        )
    };
    notes.insert(0, head_note);
    Ok(transcript(drafts, order, ctx, skipped, notes, n))
}

/// The compact-mode fallback (unverified in real pastes): `[3:45 PM] name:
/// text` lines start messages; a day divider above gives their date, else
/// they are today's.
fn read_compact(lines: &[&str], ctx: &TimeContext) -> Result<Transcript, ImportError> {
    let n = lines.len();
    let mut notes = Vec::new();
    let mut skipped = Vec::new();
    let starts: Vec<usize> = (1..=n)
        .filter(|&l| compact_header(lines[l - 1]).is_some())
        .collect();
    let Some(&first) = starts.first() else {
        return Err(ImportError::NotATranscript {
            line: 1,
            detail: "no line looks like `name — Today at 3:45 PM` (a pasted message header)".into(),
        });
    };
    let mut day: Option<NaiveDate> = None;
    for l in 1..first {
        day = divider_date(lines[l - 1]).or(day);
        let why = if day.is_some() && is_day_divider(lines[l - 1]) {
            SkipReason::DayDivider
        } else {
            SkipReason::BeforeFirstMessage
        };
        skip(&mut skipped, lines, l, why);
    }
    let mut drafts = Vec::with_capacity(starts.len());
    for (k, &l) in starts.iter().enumerate() {
        let Some((time, stamp, name, text)) = compact_header(lines[l - 1]) else {
            continue;
        };
        let end = starts.get(k + 1).map_or(n, |x| x - 1);
        let (author, bot) = decorate(name);
        let dated = day.map_or(Day::Bare, |d| Day::Date(DateTok::Fixed(d)));
        let mut d = Draft::new(
            (&author, bot),
            (l, stamp),
            Some(dated),
            Some(time),
            l..end + 1,
        );
        finish(lines, &mut d, l + 1, end, &[l], Some(text), &mut skipped);
        // A divider inside this message's lines dates the next ones.
        day = (l + 1..=end)
            .rev()
            .find_map(|x| divider_date(lines[x - 1]))
            .or(day);
        drafts.push(d);
    }
    notes.push(format!(
        "compact-mode lines `[time] name: text` read as messages; times without a day divider are {} in {}",
        ctx.date,
        ctx.tz.name()
    ));
    Ok(transcript(
        drafts,
        DateOrder::MonthFirst,
        ctx,
        skipped,
        notes,
        n,
    ))
}

/// The paste's transcript: its drafts with their times resolved (whose
/// notes follow the reading's).
fn transcript(
    drafts: Vec<Draft>,
    order: DateOrder,
    ctx: &TimeContext,
    skipped: Vec<Skipped>,
    mut notes: Vec<String>,
    line_count: usize,
) -> Transcript {
    let messages = resolve_times(drafts, order, ctx, &mut notes);
    Transcript {
        format: Format::DiscordPaste,
        messages,
        skipped,
        notes,
        line_count,
    }
}
