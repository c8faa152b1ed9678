//! DiscordChatExporter's CSV export:
//! `AuthorID,Author,Date,Content,Attachments,Reactions`, every field quoted,
//! newlines allowed inside fields.
//!
//! Decisions: a real CSV reader (the `csv` crate) does the quoting; columns
//! are found by name, so a reordered or extended header still reads. `Date`
//! is ISO 8601 with an offset since DCE 2.42.3 (taken as is) and the TXT
//! form before that (wall-clock in [`TimeContext::tz`], day/month order
//! decided for the whole file). A record's lines are the lines it spans.
//!
//! Must not import the store (`log`), a page (`web`) or a game's own
//! folder: a format reader turns text into messages and knows no game's
//! rules.

use chrono::{DateTime, NaiveTime, Utc};

use crate::import::time::{decide_order, local_to_utc, parse_date_time, DateTok, Written};
use crate::import::{
    lines_of, DateOrder, Flag, Format, ImportError, Message, SkipReason, TimeContext, Transcript,
};

const COLUMNS: [&str; 6] = [
    "AuthorID",
    "Author",
    "Date",
    "Content",
    "Attachments",
    "Reactions",
];

/// True if the first line is the DCE column header.
pub fn looks_like(text: &str) -> bool {
    let first = text.lines().next().unwrap_or("");
    let names: Vec<String> = first
        .split(',')
        .map(|f| f.trim().trim_matches('"').to_ascii_lowercase())
        .collect();
    COLUMNS
        .iter()
        .take(4)
        .all(|c| names.iter().any(|n| n == &c.to_ascii_lowercase()))
}

/// A date cell: an instant (ISO with offset) or a local date and time.
enum When {
    Instant(DateTime<Utc>),
    Local(DateTok, Option<NaiveTime>),
}

fn parse_when(s: &str) -> Option<When> {
    let s = s.trim();
    if let Ok(t) = DateTime::parse_from_rfc3339(s) {
        return Some(When::Instant(t.with_timezone(&Utc)));
    }
    parse_date_time(s).map(|(d, t)| When::Local(d, t))
}

/// Reads a normalised CSV export.
pub fn read(text: &str, ctx: &TimeContext) -> Result<Transcript, ImportError> {
    let lines = lines_of(text);
    let n = lines.len();
    let mut notes = Vec::new();
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(true)
        .flexible(true)
        .from_reader(text.as_bytes());
    let bad = |line: u64, detail: String| ImportError::BadCsv {
        line: line as usize,
        detail,
    };
    let headers = reader.headers().map_err(|e| bad(1, e.to_string()))?.clone();
    let col = |name: &str| {
        headers
            .iter()
            .position(|h| h.trim().eq_ignore_ascii_case(name))
    };
    let (Some(c_author), Some(c_date), Some(c_content)) =
        (col("Author"), col("Date"), col("Content"))
    else {
        return Err(bad(
            1,
            "the first line must name the columns AuthorID,Author,Date,Content,Attachments,Reactions"
                .into(),
        ));
    };
    let (c_id, c_att, c_react) = (col("AuthorID"), col("Attachments"), col("Reactions"));

    struct Row {
        first: usize,
        last: usize,
        author: String,
        id: Option<String>,
        date_text: String,
        when: When,
        content: String,
        attachments: String,
        reactions: String,
    }
    let mut rows = Vec::new();
    let mut record = csv::StringRecord::new();
    loop {
        let start = reader.position().clone();
        match reader.read_record(&mut record) {
            Ok(true) => {}
            Ok(false) => break,
            Err(e) => {
                let line = e.position().map_or(start.line(), |p| p.line());
                return Err(bad(line, e.to_string()));
            }
        }
        let start = record.position().cloned().unwrap_or(start);
        let end_byte = (reader.position().byte() as usize).min(text.len());
        let start_byte = (start.byte() as usize).min(end_byte);
        let span = text.get(start_byte..end_byte).unwrap_or("");
        let first = start.line() as usize;
        let last = first + span.trim_end_matches('\n').matches('\n').count();
        let cell = |c: Option<usize>| c.and_then(|c| record.get(c)).unwrap_or("").to_string();
        let date_text = cell(Some(c_date));
        if record.len() == 1 && record.get(0).is_some_and(|f| f.trim().is_empty()) {
            continue;
        }
        let when = parse_when(&date_text).ok_or_else(|| {
            bad(
                first as u64,
                format!("the Date cell `{date_text}` is not a date"),
            )
        })?;
        rows.push(Row {
            first,
            last,
            author: cell(Some(c_author)),
            id: c_id.map(|c| record.get(c).unwrap_or("").to_string()),
            date_text,
            when,
            content: cell(Some(c_content)),
            attachments: cell(c_att),
            reactions: cell(c_react),
        });
    }
    let written: Vec<Written<'_>> = rows
        .iter()
        .filter_map(|r| match r.when {
            When::Local(date, time) => Some(Written {
                line: r.first,
                text: &r.date_text,
                date,
                time,
            }),
            When::Instant(_) => None,
        })
        .collect();
    let order = if written.is_empty() {
        DateOrder::MonthFirst
    } else {
        notes.push(format!(
            "dates carry no zone: read as wall-clock times in {}",
            ctx.tz.name()
        ));
        decide_order(&written, ctx.date_order, ctx.date, &mut notes)?
    };
    drop(written);

    let mut next_free = 1;
    let mut messages = Vec::with_capacity(rows.len());
    for r in rows {
        // A record owns its lines; a line shared with the previous record
        // stays with that one.
        let text_lines: Vec<usize> = (r.first.max(next_free)..=r.last.min(n)).collect();
        next_free = next_free.max(r.last + 1);
        let at = match r.when {
            When::Instant(t) => t,
            When::Local(d, t) => local_to_utc(
                d.reading(order)
                    .unwrap_or(ctx.date)
                    .and_time(t.unwrap_or(NaiveTime::MIN)),
                ctx.tz,
                r.first,
                &mut notes,
            ),
        };
        let mut flags: Vec<Flag> = r
            .attachments
            .split(',')
            .map(str::trim)
            .filter(|a| !a.is_empty())
            .map(|a| {
                let name = a.split(['?', '#']).next().unwrap_or(a);
                Flag::Attachment(name.rsplit('/').next().unwrap_or(name).to_string())
            })
            .collect();
        if !r.reactions.trim().is_empty() {
            flags.push(Flag::Reactions);
        }
        messages.push(Message {
            index: messages.len(),
            author: r.author,
            aliases: Vec::new(),
            author_id: r.id.filter(|i| !i.is_empty()),
            at,
            stamp: r.date_text,
            text: r.content,
            is_bot: false,
            flags,
            lines: r.first..r.last + 1,
            text_lines,
            embeds: Vec::new(),
        });
    }
    let skipped = super::unowned(&lines, &messages, |l| {
        if l == 1 {
            SkipReason::CsvHeader
        } else {
            SkipReason::Blank
        }
    });
    Ok(Transcript {
        format: Format::DceCsv,
        messages,
        skipped,
        notes,
        line_count: n,
    })
}
