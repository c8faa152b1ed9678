//! Discord transcripts → messages: who wrote what, when, with which flags,
//! and an account of every source line.
//!
//! Five formats arrive: the Discord client's copy-paste (no spec; its shape
//! changed in 2023 and 2025) and DiscordChatExporter's PlainText, CSV,
//! JSON and HTML exports. Each has its own reader in [`formats`]; all produce the same
//! [`Transcript`]. Game rules are not this layer's business: the next layer
//! reads each [`Message`]'s text as a move, claim or ruling.
//!
//! Key decisions, and why:
//! - **Nothing is dropped silently.** Every source line either carries
//!   message text or is listed in [`Transcript::skipped`] with the reason
//!   (header, interface word, attachment preview, …). A ruling can be
//!   appealed, so the import must show what it ignored.
//! - **Split on headers only.** Messages contain blank lines and boards with
//!   leading spaces; only a line that parses as a header (with a stamp that
//!   parses) starts a message. Text that merely looks like one is tested
//!   against the transcript's style (see [`formats::paste`]).
//! - **Never guess day/month order.** The whole transcript decides it (a
//!   field above 12, the caller's [`DateOrder`], or time order); otherwise
//!   the caller gets [`ImportError::AmbiguousDates`] and must ask.
//! - **Relative stamps need the caller's context.** `Today at`, bare times
//!   and `[time]` follow-ups resolve against [`TimeContext::date`] in
//!   [`TimeContext::tz`]; the transcript's notes say so.
//! - **Normalise first.** BOM, CRLF, no-break and thin spaces and zero-width
//!   characters are rewritten before any reader runs, so readers see one
//!   spelling of each separator. Line numbers are kept.
//! - **Bounded.** Inputs over [`MAX_INPUT_BYTES`] are refused; every reader
//!   is linear in the input and never panics (a property test checks this).
//!
//! Nothing in `import/` may import the store (`log`), a page (`web`),
//! bundles, backups or a game's own folder (`games::rush_hour` and the
//! like): an import reads a transcript into events through the registry and
//! the shared modules of `games`, and its caller stores them.

pub mod corrections;
pub mod events;
pub mod flags;
pub mod formats;
pub mod outcome;
pub mod report;
mod time;

use std::fmt;
use std::ops::Range;

use chrono::{DateTime, NaiveDate, Utc};
use chrono_tz::Tz;

pub use time::RelativeWords;

/// The largest transcript accepted, in bytes (8 MiB: a few hundred thousand
/// messages, far more than any match).
pub const MAX_INPUT_BYTES: usize = 8 * 1024 * 1024;

/// A transcript format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Format {
    /// Text selected in the Discord client and pasted.
    DiscordPaste,
    /// DiscordChatExporter `-f PlainText`.
    DceTxt,
    /// DiscordChatExporter `-f Csv`.
    DceCsv,
    /// DiscordChatExporter `-f Json`.
    DceJson,
    /// DiscordChatExporter `-f HtmlDark` / `-f HtmlLight` (its default).
    DceHtml,
}

impl Format {
    /// Every format, in detection order.
    pub const ALL: [Format; 5] = [
        Format::DceJson,
        Format::DceCsv,
        Format::DceHtml,
        Format::DceTxt,
        Format::DiscordPaste,
    ];

    /// The name used on the command line and in the API.
    pub fn slug(self) -> &'static str {
        match self {
            Format::DiscordPaste => "discord-paste",
            Format::DceTxt => "dce-txt",
            Format::DceCsv => "dce-csv",
            Format::DceJson => "dce-json",
            Format::DceHtml => "dce-html",
        }
    }

    /// The format named by `slug` (as printed by [`Format::slug`]).
    pub fn from_slug(slug: &str) -> Option<Format> {
        Format::ALL.into_iter().find(|f| f.slug() == slug.trim())
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.slug())
    }
}

/// Day/month order of numeric dates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum DateOrder {
    /// `21/11/2026`.
    DayFirst,
    /// `11/21/2026`.
    MonthFirst,
}

impl DateOrder {
    fn describe(self) -> &'static str {
        match self {
            DateOrder::DayFirst => "day first",
            DateOrder::MonthFirst => "month first",
        }
    }
}

/// What the caller knows about when and where the transcript was made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TimeContext {
    /// The copier's (or exporter's) time zone: stamps without an offset are
    /// wall-clock times there.
    pub tz: Tz,
    /// The day the paste was made, in `tz`: `Today`, bare times and
    /// `Yesterday` count from it.
    pub date: NaiveDate,
    /// Day/month order, when the user settled it.
    pub date_order: Option<DateOrder>,
    /// The words before relative times (`Today at`), English by default.
    pub words: RelativeWords,
}

impl TimeContext {
    /// A context with English relative words and no settled date order.
    pub fn new(tz: Tz, date: NaiveDate) -> Self {
        TimeContext {
            tz,
            date,
            date_order: None,
            words: RelativeWords::default(),
        }
    }
}

/// Something a message carries besides its text.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Flag {
    /// Edited after posting (`(edited)`, `timestampEdited`): the text may
    /// not be what was first posted.
    Edited,
    /// A reply to a message by `to` (a display name for pastes, a username
    /// or `message <id>` for JSON and HTML). The quoted text is not part of
    /// the text.
    Reply { to: String },
    /// A file or image, by name (`image` when the paste shows only `Image`).
    Attachment(String),
    /// A link embed.
    Embed,
    /// Reactions were shown.
    Reactions,
    /// Pinned.
    Pinned,
    /// A system notice (join, pin, call, thread); not typed by a person.
    System,
    /// A forwarded message: the forwarded text is not this author's.
    Forwarded,
    /// A sticker.
    Sticker,
    /// The stamp had no time of day (old pastes): `at` is midnight.
    DateOnly,
    /// A bot's reply to a slash command: `by` used `/command` (the paste's
    /// `Pim used /move` line, an export's `interaction`). What the reply
    /// says was done is that person's act.
    Command { by: String, command: String },
}

/// One message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Message {
    /// 0-based, in transcript order.
    pub index: usize,
    /// As the source shows it: display name for pastes, username for DCE.
    /// Empty for a system notice that names no author.
    pub author: String,
    /// Other names of the same person the source gives (JSON: nickname).
    pub aliases: Vec<String>,
    /// The author's id, when the source has one (DCE CSV, JSON and HTML).
    pub author_id: Option<String>,
    /// The resolved time.
    pub at: DateTime<Utc>,
    /// The stamp as written (for `[time]` follow-ups, that time).
    pub stamp: String,
    /// The message text: interface lines removed, `(edited)` stripped,
    /// leading spaces and inner blank lines kept.
    pub text: String,
    /// The text of link or bot embeds (title, description, fields), one
    /// string per embed, kept apart from `text`: a host bot may post its
    /// ruling as an embed, but an embed is not typed.
    pub embeds: Vec<String>,
    /// Posted by a bot or app.
    pub is_bot: bool,
    /// See [`Flag`].
    pub flags: Vec<Flag>,
    /// 1-based source lines the message came from, header included.
    pub lines: Range<usize>,
    /// 1-based source lines whose text is in [`Message::text`] (for CSV and
    /// JSON: the record's lines).
    pub text_lines: Vec<usize>,
}

impl Message {
    /// True if the message has this flag.
    pub fn has(&self, flag: &Flag) -> bool {
        self.flags.contains(flag)
    }
}

/// Why a source line is not message text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum SkipReason {
    /// A message header (author and stamp).
    Header,
    /// A `[2:06 PM]` line before a grouped follow-up message.
    FollowUpMarker,
    /// The quoted message shown above a reply.
    ReplyPreview,
    /// A client interface word (`Reply`, `Add Reaction`, `NEW`, …).
    Interface,
    /// A day divider (`March 18, 2024`).
    DayDivider,
    /// A file's type, name and size lines.
    AttachmentTrailer,
    /// The first lines of a text file shown by the client.
    AttachmentPreview,
    /// Reaction emoji and counts.
    Reactions,
    /// A link embed's provider, title and description.
    Embed,
    /// A blank line between messages.
    Blank,
    /// Before the first message header (profile block, partial group).
    BeforeFirstMessage,
    /// DCE preamble (`=` banner, guild, channel, topic).
    Banner,
    /// DCE `Exported N message(s)` footer.
    Footer,
    /// A DCE `{Attachments}`/`{Embed}`/`{Stickers}`/`{Reactions}` block.
    ExportBlock,
    /// Forwarded message content (not the forwarder's words).
    Forwarded,
    /// The CSV column names.
    CsvHeader,
    /// JSON outside any message (guild, channel, brackets).
    JsonStructure,
    /// HTML page structure around the messages (tags, style, script).
    HtmlMarkup,
}

impl fmt::Display for SkipReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SkipReason::Header => "message header",
            SkipReason::FollowUpMarker => "follow-up time marker",
            SkipReason::ReplyPreview => "reply preview (quoted older message)",
            SkipReason::Interface => "client interface word",
            SkipReason::DayDivider => "day divider",
            SkipReason::AttachmentTrailer => "attachment trailer",
            SkipReason::AttachmentPreview => "attachment preview (file content, not typed)",
            SkipReason::Reactions => "reaction",
            SkipReason::Embed => "link embed",
            SkipReason::Blank => "blank line between messages",
            SkipReason::BeforeFirstMessage => "before the first message header",
            SkipReason::Banner => "export banner",
            SkipReason::Footer => "export footer",
            SkipReason::ExportBlock => "export block (attachments, embed, stickers, reactions)",
            SkipReason::Forwarded => "forwarded message content",
            SkipReason::CsvHeader => "CSV column names",
            SkipReason::JsonStructure => "JSON outside a message",
            SkipReason::HtmlMarkup => "HTML markup outside message text",
        })
    }
}

/// A source line that is not message text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Skipped {
    /// 1-based line number.
    pub line: usize,
    /// The line as normalised.
    pub text: String,
    /// Why.
    pub why: SkipReason,
}

/// The messages of one transcript, with an account of everything else.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Transcript {
    /// The format read.
    pub format: Format,
    /// The messages, in transcript order.
    pub messages: Vec<Message>,
    /// Every source line not part of a message text, in line order.
    pub skipped: Vec<Skipped>,
    /// What the reader assumed or doubted, for the user to check.
    pub notes: Vec<String>,
    /// Number of source lines (after normalisation).
    pub line_count: usize,
}

/// Why a transcript could not be read. Each message says what to do.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ImportError {
    /// Nothing to read.
    #[error("the transcript is empty: paste the messages or upload an export file")]
    Empty,
    /// Over [`MAX_INPUT_BYTES`].
    #[error("the transcript is {bytes} bytes, over the {limit}-byte limit: export a shorter range of messages (DiscordChatExporter --after/--before) and import it in parts")]
    TooLarge { bytes: usize, limit: usize },
    /// Not UTF-8 (or UTF-16 with a BOM).
    #[error("the file is not UTF-8 text (first bad byte at offset {offset}): save it as UTF-8 and upload it again")]
    BadEncoding { offset: usize },
    /// No line looks like the format.
    #[error("line {line}: {detail}; paste the messages themselves (select from the first message to the last, Ctrl+C) or upload a DiscordChatExporter export (txt, csv, json or html), and choose the format if it is not recognised")]
    NotATranscript { line: usize, detail: String },
    /// Both day/month orders are possible and nothing in the transcript
    /// decides: the caller must ask the user.
    #[error("line {line}: the date {example} could be day/month or month/day, and nothing in the transcript decides: choose the date order (day first or month first) and import again")]
    AmbiguousDates { example: String, line: usize },
    /// The dates fit neither order (two locales mixed).
    #[error("line {line}: dates {first} and {second} cannot both be read in one day/month order: import the pastes from different computers separately")]
    InconsistentDates {
        line: usize,
        first: String,
        second: String,
    },
    /// JSON that does not parse or lacks `messages`.
    #[error("line {line}, column {column}: not a DiscordChatExporter JSON export ({detail}): upload the .json file unchanged, or choose another format")]
    BadJson {
        line: usize,
        column: usize,
        detail: String,
    },
    /// CSV that does not parse.
    #[error("line {line}: not a DiscordChatExporter CSV export ({detail}): upload the .csv file unchanged, or choose another format")]
    BadCsv { line: usize, detail: String },
}

/// Decodes uploaded bytes: UTF-8 (BOM optional) or UTF-16 with a BOM.
pub fn decode(bytes: &[u8]) -> Result<String, ImportError> {
    if bytes.len() > MAX_INPUT_BYTES {
        return Err(ImportError::TooLarge {
            bytes: bytes.len(),
            limit: MAX_INPUT_BYTES,
        });
    }
    let utf16 = |b: &[u8], le: bool| {
        let units: Vec<u16> = b
            .chunks(2)
            .map(|c| {
                let pair = [c[0], c.get(1).copied().unwrap_or(0)];
                if le {
                    u16::from_le_bytes(pair)
                } else {
                    u16::from_be_bytes(pair)
                }
            })
            .collect();
        String::from_utf16(&units).map_err(|_| ImportError::BadEncoding { offset: 0 })
    };
    match bytes {
        [0xFF, 0xFE, rest @ ..] => utf16(rest, true),
        [0xFE, 0xFF, rest @ ..] => utf16(rest, false),
        _ => String::from_utf8(bytes.to_vec()).map_err(|e| ImportError::BadEncoding {
            offset: e.utf8_error().valid_up_to(),
        }),
    }
}

/// Rewrites the spellings that differ between copies of the same text:
/// BOM and zero-width characters removed, CRLF and CR made LF, no-break,
/// narrow no-break and thin spaces made plain spaces. Zero-width joiners
/// stay (they join emoji and some scripts).
pub fn normalise(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\u{FEFF}' | '\u{200B}' | '\u{2060}' | '\u{200E}' | '\u{200F}' => {}
            '\r' => {
                if chars.peek() == Some(&'\n') {
                    chars.next();
                }
                out.push('\n');
            }
            '\u{00A0}' | '\u{202F}' | '\u{2009}' => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// The format a transcript most looks like, or `None`. Candidates are
/// scored (JSON and CSV by their opening, HTML by its doctype and DCE's
/// `chatlog__` classes, TXT by its banner or `[date] user` headers, pastes
/// by `name — stamp` headers) and the best wins.
pub fn detect(text: &str) -> Option<Format> {
    let text = normalise(text);
    detect_normalised(&text, &RelativeWords::default())
}

fn detect_normalised(text: &str, words: &RelativeWords) -> Option<Format> {
    let start = text.trim_start();
    if start.starts_with('{') && start.contains("\"messages\"") {
        return Some(Format::DceJson);
    }
    if formats::dce_csv::looks_like(text) {
        return Some(Format::DceCsv);
    }
    if formats::dce_html::looks_like(text) {
        return Some(Format::DceHtml);
    }
    let txt = formats::dce_txt::score(text);
    let paste = formats::paste::score(text, words);
    match (txt, paste) {
        (0, 0) => None,
        (t, p) if t >= p => Some(Format::DceTxt),
        _ => Some(Format::DiscordPaste),
    }
}

/// Reads a transcript: detects its format (unless `forced`), splits it into
/// messages and resolves their times with `ctx`.
pub fn read_transcript(
    text: &str,
    forced: Option<Format>,
    ctx: &TimeContext,
) -> Result<Transcript, ImportError> {
    if text.len() > MAX_INPUT_BYTES {
        return Err(ImportError::TooLarge {
            bytes: text.len(),
            limit: MAX_INPUT_BYTES,
        });
    }
    let text = normalise(text);
    if text.trim().is_empty() {
        return Err(ImportError::Empty);
    }
    let format = match forced {
        Some(f) => f,
        None => {
            detect_normalised(&text, &ctx.words).ok_or_else(|| ImportError::NotATranscript {
                line: 1,
                detail: "no line looks like a Discord message header or an export".into(),
            })?
        }
    };
    let mut t = match format {
        Format::DiscordPaste => formats::paste::read(&text, ctx)?,
        Format::DceTxt => formats::dce_txt::read(&text, ctx)?,
        Format::DceCsv => formats::dce_csv::read(&text, ctx)?,
        Format::DceJson => formats::dce_json::read(&text, ctx)?,
        Format::DceHtml => formats::dce_html::read(&text, ctx)?,
    };
    if t.messages.is_empty() {
        return Err(ImportError::NotATranscript {
            line: 1,
            detail: format!("no message found as {}", format.slug()),
        });
    }
    t.skipped.sort_by_key(|s| s.line);
    for (i, m) in t.messages.iter_mut().enumerate() {
        m.index = i;
    }
    Ok(t)
}

/// Splits normalised text into lines the way every reader counts them.
pub(crate) fn lines_of(text: &str) -> Vec<&str> {
    text.lines().collect()
}

#[cfg(test)]
mod tests;
