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

use std::collections::{BTreeMap, BTreeSet};

use chrono::{Duration, NaiveDate, NaiveDateTime, NaiveTime};

use super::{blank, skip};
use crate::import::time::{
    decide_order, local_to_utc, parse_clock, parse_paste_stamp, DateTok, Day, RelativeWords, Stamp,
    Written,
};
use crate::import::{
    lines_of, DateOrder, Flag, Format, ImportError, Message, SkipReason, Skipped, TimeContext,
    Transcript,
};

/// A line that parses as a header.
#[derive(Clone, Debug)]
struct Cand<'a> {
    /// 1-based.
    line: usize,
    /// The name part as written; empty for a ` — <stamp>` line.
    name: &'a str,
    stamp_text: &'a str,
    stamp: Stamp,
}

/// If `s` is a header line, its name part, stamp text and stamp.
fn header_candidate<'a>(s: &'a str, words: &RelativeWords) -> Option<(&'a str, &'a str, Stamp)> {
    if !(s.contains('—') || s.contains('–') || s.contains(" - ")) {
        return None;
    }
    let t = s.trim_end();
    let ts = t.trim_start();
    for d in ["— ", "– "] {
        if let Some(rest) = ts.strip_prefix(d) {
            if let Some(st) = parse_paste_stamp(rest, words) {
                return Some(("", rest.trim(), st));
            }
        }
    }
    for sep in [" — ", " – ", " - "] {
        if let Some(pos) = t.rfind(sep) {
            let tail = &t[pos + sep.len()..];
            let name = t[..pos].trim();
            if name.is_empty() {
                continue;
            }
            if let Some(st) = parse_paste_stamp(tail, words) {
                return Some((name, tail.trim(), st));
            }
        }
    }
    None
}

/// A `[2:06 PM]` marker: its time, stamp text and the rest of the line.
fn follow_up(s: &str) -> Option<(NaiveTime, &str, &str)> {
    let t = s.trim_start().strip_prefix('[')?;
    let close = t.find(']')?;
    if close > 16 {
        return None;
    }
    let inner = &t[..close];
    let time = parse_clock(inner)?;
    let rest = &t[close + 1..];
    Some((time, inner, rest.strip_prefix(' ').unwrap_or(rest)))
}

/// Strips role-icon text and a bot tag: `(name, is_bot)`.
fn decorate(name: &str) -> (String, bool) {
    let mut n = name;
    if let Some(p) = n.find("Role icon, ") {
        n = &n[..p];
    }
    let n = n.trim();
    for tag in [" APP", " BOT"] {
        if let Some(x) = n.strip_suffix(tag) {
            if !x.trim().is_empty() {
                return (x.trim().to_string(), true);
            }
        }
    }
    (n.to_string(), false)
}

/// A system notice in the name position: `xldn hopped into the server.`
fn is_notice(name: &str) -> bool {
    name.contains(' ') && (name.ends_with('.') || name.ends_with('!'))
}

const INTERFACE: &[&str] = &[
    "Reply",
    "Add Reaction",
    "Click to react",
    "Edit",
    "Forward",
    "More",
    "NEW",
    "Copy Text",
    "Copy Message Link",
    "Create Thread",
    "Jump",
    "Collapse",
    "Expand",
];

const MONTH_NAMES: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

/// `March 18, 2024` or `18 March 2024`.
fn is_day_divider(s: &str) -> bool {
    divider_date(s).is_some()
}

/// The date of a day divider (`March 18, 2024`, `18 March 2024`).
fn divider_date(s: &str) -> Option<NaiveDate> {
    let s = s.trim();
    if s.len() > 24 {
        return None;
    }
    let words: Vec<&str> = s.split(' ').collect();
    let num = |w: &str, lo: usize, hi: usize| -> Option<u32> {
        ((lo..=hi).contains(&w.len()) && w.bytes().all(|b| b.is_ascii_digit()))
            .then(|| w.parse().ok())
            .flatten()
    };
    let month = |m: &str| {
        MONTH_NAMES
            .iter()
            .position(|x| *x == m)
            .map(|i| i as u32 + 1)
    };
    let (d, m, y) = match words.as_slice() {
        [m, d, y] if month(m).is_some() => {
            (num(d.strip_suffix(',')?, 1, 2)?, month(m)?, num(y, 4, 4)?)
        }
        [d, m, y] if month(m).is_some() => (num(d, 1, 2)?, month(m)?, num(y, 4, 4)?),
        _ => return None,
    };
    NaiveDate::from_ymd_opt(y as i32, m, d)
}

/// A compact-mode line `[3:45 PM] name: text`: time, stamp, name, text.
fn compact_header(s: &str) -> Option<(NaiveTime, &str, &str, &str)> {
    let (time, stamp, rest) = follow_up(s)?;
    let (name, text) = rest.split_once(": ")?;
    let name = name.trim();
    (!name.is_empty() && name.chars().count() <= 48).then_some((time, stamp, name, text))
}

/// `317.06 KB`, `1 KB`, `880 bytes`.
fn is_size(s: &str) -> bool {
    let s = s.trim();
    let Some((num, unit)) = s.split_once(' ') else {
        return false;
    };
    matches!(unit, "B" | "bytes" | "KB" | "kB" | "MB" | "GB")
        && !num.is_empty()
        && num
            .chars()
            .all(|c| c.is_ascii_digit() || c == '.' || c == ',')
        && num.starts_with(|c: char| c.is_ascii_digit())
}

/// `round5.txt`: no slash, a short alphanumeric extension.
fn is_file_name(s: &str) -> bool {
    let s = s.trim();
    if s.is_empty() || s.len() > 160 || s.contains('/') {
        return false;
    }
    match s.rsplit_once('.') {
        Some((stem, ext)) => {
            !stem.is_empty()
                && (1..=5).contains(&ext.len())
                && ext.chars().all(|c| c.is_ascii_alphanumeric())
        }
        None => false,
    }
}

/// `… (21 lines left)`.
fn is_lines_left(s: &str) -> bool {
    let s = s.trim();
    (s.starts_with('…') || s.starts_with("...")) && s.ends_with("lines left)")
}

/// A line of reaction emoji: unicode pictographs or `:name:` only.
fn is_emoji_line(s: &str) -> bool {
    let s = s.trim();
    if s.is_empty() {
        return false;
    }
    s.split(' ').filter(|w| !w.is_empty()).all(|w| {
        let custom = w.len() > 2
            && w.starts_with(':')
            && w.ends_with(':')
            && w[1..w.len() - 1]
                .chars()
                .all(|c| c.is_alphanumeric() || c == '_' || c == '~' || c == '-');
        custom
            || w.chars()
                .all(|c| (c as u32) >= 0x2000 && !c.is_alphanumeric())
    })
}

fn is_count(s: &str) -> bool {
    let s = s.trim();
    (1..=4).contains(&s.len()) && s.bytes().all(|b| b.is_ascii_digit())
}

const EMBED_PROVIDERS: &[&str] = &[
    "YouTube",
    "GitHub",
    "Tenor",
    "GIPHY",
    "Twitter",
    "X",
    "Wikipedia",
    "Reddit",
    "Imgur",
    "Twitch",
];

/// A `@name` line of a reply preview.
fn at_name(s: &str) -> Option<&str> {
    let t = s.trim();
    let name = t.strip_prefix('@')?.trim();
    // A display name is at most 32 characters and mentions no one: a line
    // like `@Moss is blue, @Fern is red.` is a message, not a preview.
    (!name.is_empty() && name.chars().count() <= 32 && !name.contains('@') && !t.contains(" — "))
        .then_some(name)
}

/// A clan tag line (`BTC`): short, one word.
fn is_tag(s: &str) -> bool {
    let t = s.trim();
    (1..=6).contains(&t.chars().count()) && !t.contains(' ')
}

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

/// An accepted header and the lines it owns.
struct Header {
    /// The stamp line, 1-based.
    line: usize,
    /// First line of the header block (split header, reply preview).
    start: usize,
    /// First line after the reply preview (the header's own lines).
    own_start: usize,
    author: String,
    bot: bool,
    stamp_text: String,
    stamp: Stamp,
    /// Text of a system notice and its line.
    notice: Option<(usize, String)>,
    reply_to: Option<String>,
}

/// A message before its time is resolved.
struct Draft {
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
            author: h.author.clone(),
            bot: h.bot,
            stamp_text: h.stamp_text.clone(),
            day: Some(h.stamp.day),
            time: h.stamp.time,
            stamp_line: h.line,
            flags,
            text: String::new(),
            text_lines: Vec::new(),
            embeds: Vec::new(),
            lines: h.start..end + 1,
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
            let next = Draft {
                author: h.author.clone(),
                bot: h.bot,
                stamp_text: stamp.to_string(),
                day: None,
                time: Some(time),
                stamp_line: l,
                flags: Vec::new(),
                text: String::new(),
                text_lines: Vec::new(),
                embeds: Vec::new(),
                lines: l..end + 1,
            };
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

    let messages = resolve_times(drafts, order, ctx, &mut notes);
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
    Ok(Transcript {
        format: Format::DiscordPaste,
        messages,
        skipped,
        notes,
        line_count: n,
    })
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
        let mut d = Draft {
            author,
            bot,
            stamp_text: stamp.to_string(),
            day: Some(day.map_or(Day::Bare, |d| Day::Date(DateTok::Fixed(d)))),
            time: Some(time),
            stamp_line: l,
            flags: Vec::new(),
            text: String::new(),
            text_lines: Vec::new(),
            embeds: Vec::new(),
            lines: l..end + 1,
        };
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
    let messages = resolve_times(drafts, DateOrder::MonthFirst, ctx, &mut notes);
    Ok(Transcript {
        format: Format::DiscordPaste,
        messages,
        skipped,
        notes,
        line_count: n,
    })
}

/// Decides which candidates are headers (see the module docs).
fn accept(lines: &[&str], cands: &[Cand<'_>], notes: &mut Vec<String>) -> Vec<bool> {
    // The era: `Today at` (≤2024) or bare times (2025+). A quoted header of
    // the other era must not flip it, so the majority decides.
    let todays = cands.iter().filter(|c| c.stamp.day == Day::Today).count();
    let bares = cands.iter().filter(|c| c.stamp.day == Day::Bare).count();
    let has_today = todays > 0 && todays >= bares;
    let mut accepted = vec![true; cands.len()];
    for (i, c) in cands.iter().enumerate() {
        if c.stamp.day == Day::Today && !has_today {
            accepted[i] = false;
            notes.push(format!(
                "line {}: `{}` looks like a header but was kept as message text: \
                 the transcript uses bare times, which never appear beside `Today at`",
                c.line,
                lines[c.line - 1].trim()
            ));
        }
    }
    let last_dated = cands
        .iter()
        .zip(&accepted)
        .rposition(|(c, a)| *a && c.stamp.day != Day::Bare);
    // Names that head a message or are replied to: "known" authors.
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    for c in cands {
        if !c.name.is_empty() {
            *seen.entry(decorate(c.name).0).or_default() += 1;
        }
    }
    let mut replied: BTreeSet<&str> = BTreeSet::new();
    for l in lines {
        if let Some(n) = at_name(l) {
            replied.insert(n);
        }
    }
    let mut prev_bare: Option<NaiveTime> = None;
    for (i, c) in cands.iter().enumerate() {
        if c.stamp.day != Day::Bare {
            continue;
        }
        let t = c.stamp.time.unwrap_or(NaiveTime::MIN);
        let why = if has_today {
            Some("the transcript uses `Today at` stamps, which never appear beside bare times")
        } else if last_dated.is_some_and(|d| d > i) {
            Some("a dated header follows it, but bare times are today's and come last")
        } else {
            let name = decorate(c.name).0;
            let unknown = !c.name.is_empty()
                && !is_notice(c.name)
                && seen.get(&name).copied().unwrap_or(0) <= 1
                && !replied.contains(name.as_str());
            let next = cands[i + 1..]
                .iter()
                .find(|c| c.stamp.day == Day::Bare)
                .and_then(|c| c.stamp.time);
            let before = prev_bare.is_some_and(|p| t < p);
            let after = next.is_some_and(|nx| nx < t && prev_bare.is_none_or(|p| p <= nx));
            if unknown && (before || after) {
                Some("its author heads no other message and its time is out of order")
            } else if unknown && bares == 1 && cands.len() > 1 {
                Some("its author heads no other message and it is the only bare-time header")
            } else {
                None
            }
        };
        match why {
            Some(why) => {
                accepted[i] = false;
                notes.push(format!(
                    "line {}: `{}` looks like a header but was kept as message text: {why}",
                    c.line,
                    lines[c.line - 1].trim()
                ));
            }
            None => prev_bare = Some(t),
        }
    }
    accepted
}

/// Turns accepted candidates into headers with their block starts, reply
/// previews, split-header authors and system notices.
fn build_headers(lines: &[&str], cands: &[Cand<'_>], accepted: &[bool]) -> Vec<Header> {
    let mut headers: Vec<Header> = Vec::new();
    let line = |l: usize| lines.get(l.wrapping_sub(1)).copied().unwrap_or("");
    let authors: Vec<String> = cands
        .iter()
        .zip(accepted)
        .filter(|(c, a)| **a && !c.name.is_empty())
        .map(|(c, _)| decorate(c.name).0)
        .collect();
    for (c, _) in cands.iter().zip(accepted).filter(|(_, a)| **a) {
        let floor = headers.last().map_or(0, |h| h.line);
        let mut start = c.line;
        let mut notice = None;
        let (author, bot) = if c.name.is_empty() {
            // ` — <stamp>`: the author is on the lines above.
            let p1 = c.line - 1;
            if p1 > floor && !blank(line(p1)) {
                if line(p1).starts_with(' ') && p1 - 1 > floor && !blank(line(p1 - 1)) {
                    notice = Some((p1, line(p1).trim().to_string()));
                    start = p1 - 1;
                    decorate(line(p1 - 1))
                } else if is_tag(line(p1))
                    && p1 > floor + 2
                    && blank(line(p1 - 1))
                    && !blank(line(p1 - 2))
                {
                    start = p1 - 2;
                    decorate(line(p1 - 2))
                } else {
                    start = p1;
                    decorate(line(p1))
                }
            } else {
                (String::new(), false)
            }
        } else if is_notice(c.name) {
            notice = Some((c.line, c.name.to_string()));
            (String::new(), false)
        } else {
            decorate(c.name)
        };
        // Reply preview: `@name` [tag] / quote / [blank] just above.
        let own_start = start;
        let mut reply_to = None;
        if start > floor + 2 {
            let mut k = start - 1;
            let blank_below = blank(line(k));
            if blank_below {
                k -= 1;
            }
            if k > floor + 1 && !blank(line(k)) && at_name(line(k)).is_none() {
                let mut a = k - 1;
                if at_name(line(a)).is_none() && is_tag(line(a)) && a > floor + 1 {
                    a -= 1;
                }
                // Without the blank line that ends a preview, only a reply
                // to someone who posts here is one (`@Moss you start` /
                // `2 min per move` closing a host's post is its text).
                let known = |to: &str| authors.iter().any(|a| a.eq_ignore_ascii_case(to));
                if let Some(to) = at_name(line(a)).filter(|to| blank_below || known(to)) {
                    if a > floor {
                        reply_to = Some(to.to_string());
                        start = a;
                    }
                }
            }
        }
        headers.push(Header {
            line: c.line,
            start,
            own_start,
            author,
            bot,
            stamp_text: c.stamp_text.to_string(),
            stamp: c.stamp,
            notice,
            reply_to,
        });
    }
    headers
}

/// Cleans the body lines `from..=to` into `d`'s text and flags.
fn finish(
    lines: &[&str],
    d: &mut Draft,
    from: usize,
    to: usize,
    pre_text: &[usize],
    notice: Option<&str>,
    skipped: &mut Vec<Skipped>,
) {
    let line = |l: usize| lines.get(l.wrapping_sub(1)).copied().unwrap_or("");
    // `None` = text; `Some(reason)` = skipped.
    let mut kind: BTreeMap<usize, Option<SkipReason>> = BTreeMap::new();
    for l in from..=to {
        let s = line(l).trim();
        let why = if INTERFACE.contains(&s) || s.starts_with("Message #") && !s[9..].contains(' ') {
            Some(SkipReason::Interface)
        } else if s == "Forwarded" {
            push_flag(&mut d.flags, Flag::Forwarded);
            Some(SkipReason::Interface)
        } else if s == "Image" {
            push_flag(&mut d.flags, Flag::Attachment("image".into()));
            Some(SkipReason::AttachmentTrailer)
        } else if is_day_divider(s) {
            Some(SkipReason::DayDivider)
        } else {
            None
        };
        kind.insert(l, why);
    }
    // Attachment trailers: [type line | Expand/Collapse/… lines left] name size.
    let mut l = from;
    while l <= to {
        if l > from && is_size(line(l)) && is_file_name(line(l - 1)) {
            let name = line(l - 1).trim().to_string();
            kind.insert(l, Some(SkipReason::AttachmentTrailer));
            kind.insert(l - 1, Some(SkipReason::AttachmentTrailer));
            let mut k = l - 1;
            let mut preview = false;
            while k > from {
                let s = line(k - 1).trim();
                if s.starts_with("Attachment file type:") {
                    kind.insert(k - 1, Some(SkipReason::AttachmentTrailer));
                    k -= 1;
                    break;
                } else if s == "Expand" || s == "Collapse" || is_lines_left(s) {
                    kind.insert(k - 1, Some(SkipReason::AttachmentTrailer));
                    preview = true;
                    k -= 1;
                } else {
                    break;
                }
            }
            if preview {
                // Stops at lines already classified (an earlier trailer), so
                // every line is walked once: stacked trailers stay linear.
                while k > from
                    && !blank(line(k - 1))
                    && kind.get(&(k - 1)).copied().flatten().is_none()
                {
                    kind.insert(k - 1, Some(SkipReason::AttachmentPreview));
                    k -= 1;
                }
            }
            push_flag(&mut d.flags, Flag::Attachment(name));
        }
        l += 1;
    }
    // Link embeds: a provider line right after a line with a URL.
    for l in from + 1..=to {
        let prev = line(l - 1);
        if kind.get(&l).copied().flatten().is_none()
            && (prev.contains("https://") || prev.contains("http://"))
            && EMBED_PROVIDERS.contains(&line(l).trim())
        {
            let mut k = l;
            let mut embed = Vec::new();
            while k <= to && k < l + 4 && !blank(line(k)) {
                kind.insert(k, Some(SkipReason::Embed));
                embed.push(line(k).trim());
                k += 1;
            }
            d.embeds.push(embed.join("\n"));
            push_flag(&mut d.flags, Flag::Embed);
        }
    }
    // Reactions at the end.
    let mut tail = Vec::new();
    let mut strong = false;
    let mut counts = 0;
    let mut react_below = false;
    let mut k = to;
    while k >= from && k > 0 {
        let s = line(k).trim();
        let skipped_here = kind.get(&k).copied().flatten();
        if blank(s) || skipped_here == Some(SkipReason::Interface) {
            // `Add Reaction` is a hover button on every message; only
            // `Click to react` says reactions are shown.
            if s == "Click to react" {
                strong = true;
                react_below = true;
            }
            k -= 1;
            continue;
        }
        if react_below && is_emoji_line(s) {
            tail.push(k);
            k -= 1;
            continue;
        }
        if is_count(s) {
            tail.push(k);
            counts += 1;
            if k > from && is_emoji_line(line(k - 1)) {
                tail.push(k - 1);
                strong = true;
                k -= 1;
            }
            k -= 1;
            continue;
        }
        break;
    }
    let text_above = tail.iter().min().is_some_and(|&lo| {
        (from..lo).any(|l| kind.get(&l).copied().flatten().is_none() && !blank(line(l)))
    });
    if strong || (counts >= 2 && text_above) {
        for t in &tail {
            kind.insert(*t, Some(SkipReason::Reactions));
        }
        push_flag(&mut d.flags, Flag::Reactions);
    }
    // Blank lines at either end are separators.
    let text_line = |kind: &BTreeMap<usize, Option<SkipReason>>, l: usize| {
        kind.get(&l).copied().flatten().is_none() && !blank(line(l))
    };
    let first = (from..=to).find(|&l| text_line(&kind, l));
    let last = (from..=to).rev().find(|&l| text_line(&kind, l));
    let mut text_lines: Vec<usize> = pre_text.to_vec();
    let mut parts: Vec<String> = notice.map(|t| vec![t.to_string()]).unwrap_or_default();
    for l in from..=to {
        match kind.get(&l).copied().flatten() {
            Some(why) => skip(skipped, lines, l, why),
            None => {
                let inside = first.is_some_and(|f| l >= f) && last.is_some_and(|x| l <= x);
                if inside {
                    let mut s = line(l);
                    if l == from {
                        if let Some((_, _, rest)) = follow_up(s) {
                            s = rest;
                        }
                    }
                    text_lines.push(l);
                    parts.push(s.trim_end().to_string());
                } else {
                    skip(skipped, lines, l, SkipReason::Blank);
                }
            }
        }
    }
    if let Some(last) = parts.last_mut() {
        if let Some(stripped) = last.strip_suffix("(edited)") {
            *last = stripped.trim_end().to_string();
            push_flag(&mut d.flags, Flag::Edited);
        }
    }
    d.text = parts.join("\n");
    d.text_lines = text_lines;
}

/// Adds a flag once (attachments may repeat: each file is one flag).
fn push_flag(flags: &mut Vec<Flag>, f: Flag) {
    if matches!(f, Flag::Attachment(_)) || !flags.contains(&f) {
        flags.push(f);
    }
}

/// Resolves each draft's time (module docs, **Time**).
fn resolve_times(
    drafts: Vec<Draft>,
    order: DateOrder,
    ctx: &TimeContext,
    notes: &mut Vec<String>,
) -> Vec<Message> {
    let mut prev: Option<NaiveDateTime> = None;
    let mut today_shift = 0i64;
    let mut yesterday_shift = 0i64;
    let mut group_relative = false;
    let mut resolved: Vec<(NaiveDateTime, bool)> = Vec::with_capacity(drafts.len());
    for d in &drafts {
        let time = d.time.unwrap_or(NaiveTime::MIN);
        let (mut at, relative) = match d.day {
            Some(Day::Date(tok)) => {
                let date = tok.reading(order).unwrap_or(ctx.date);
                (date.and_time(time), false)
            }
            Some(Day::Today) | Some(Day::Bare) => {
                (day_plus(ctx.date, today_shift).and_time(time), true)
            }
            Some(Day::Yesterday) => (day_plus(ctx.date, yesterday_shift - 1).and_time(time), true),
            None => {
                let date = prev.map_or(ctx.date, |p| p.date());
                (date.and_time(time), group_relative)
            }
        };
        if let Some(p) = prev {
            let rolls = d.day.is_none() || relative;
            if at < p && rolls && p - at < Duration::days(1) {
                at += Duration::days(1);
                match d.day {
                    Some(Day::Today) | Some(Day::Bare) => today_shift += 1,
                    Some(Day::Yesterday) => yesterday_shift += 1,
                    _ => {}
                }
                notes.push(format!(
                    "line {}: the time goes down ({} after {}), read as the next day",
                    d.stamp_line,
                    time.format("%H:%M"),
                    p.time().format("%H:%M")
                ));
            } else if at < p {
                notes.push(format!(
                    "line {}: this message's time is before the previous message's",
                    d.stamp_line
                ));
            }
        }
        if d.day.is_some() {
            group_relative = relative;
        }
        resolved.push((at, relative));
        prev = Some(at);
    }
    // Relative times after the paste date: the client had not re-rendered
    // since midnight; move them back so the last one is on the paste date.
    let latest = resolved.iter().filter(|r| r.1).map(|r| r.0.date()).max();
    if let Some(latest) = latest.filter(|l| *l > ctx.date) {
        let excess = latest - ctx.date;
        for r in resolved.iter_mut().filter(|r| r.1) {
            r.0 -= excess;
        }
        notes.push(format!(
            "relative stamps ran past {} (the paste date); moved back {}",
            ctx.date,
            crate::games::words::count(excess.num_days().unsigned_abs() as usize, "day", "days")
        ));
    }
    drafts
        .into_iter()
        .zip(resolved)
        .enumerate()
        .map(|(index, (d, (at, _)))| Message {
            index,
            author: d.author,
            aliases: Vec::new(),
            author_id: None,
            at: local_to_utc(at, ctx.tz, d.stamp_line, notes),
            stamp: d.stamp_text,
            text: d.text,
            is_bot: d.bot,
            flags: d.flags,
            lines: d.lines,
            text_lines: d.text_lines,
            embeds: d.embeds,
        })
        .collect()
}

fn day_plus(d: NaiveDate, days: i64) -> NaiveDate {
    d.checked_add_signed(Duration::days(days)).unwrap_or(d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn header_shapes() {
        let w = RelativeWords::default();
        let h = |s| header_candidate(s, &w).map(|(n, st, _)| (n, st));
        assert_eq!(
            h("moony — 03/25/2023 1:39 AM"),
            Some(("moony", "03/25/2023 1:39 AM"))
        );
        assert_eq!(h("Kevin - 09.22"), Some(("Kevin", "09.22")));
        assert_eq!(
            h(" — Yesterday at 2:06 PM"),
            Some(("", "Yesterday at 2:06 PM"))
        );
        assert_eq!(
            h("a — b — Today at 3:45 PM"),
            Some(("a — b", "Today at 3:45 PM"))
        );
        assert_eq!(h("X up - Z right 2"), None);
        assert_eq!(
            decorate("prime31Role icon, Middleware"),
            ("prime31".into(), false)
        );
        assert_eq!(decorate("HostBot APP"), ("HostBot".into(), true));
        assert!(is_notice("xldn hopped into the server."));
        assert!(is_day_divider("March 18, 2024") && is_day_divider("18 March 2024"));
        assert!(!is_day_divider("March 32, 2024") && !is_day_divider("B1 B2 B3"));
        assert!(is_size("317.06 KB") && is_file_name("round5.txt") && !is_file_name("A1 A2"));
        assert!(is_emoji_line("👍") && is_emoji_line(":heart_on_fire:") && !is_emoji_line("A1"));
    }
}
