//! DiscordChatExporter's HTML export (`-f HtmlDark` / `-f HtmlLight`, its
//! default format).
//!
//! What it owns: reading a DCE HTML page into the same [`Transcript`] the
//! other DCE readers give (username as author, display name as alias, the
//! bot tag, exact times, flags, embed text) with every source line
//! accounted for. It imports nothing from `games/` or `web/`: what a text
//! means is the next layer's business, and pages are not read here.
//!
//! The page (DCE's `MessageGroupTemplate`): `div.chatlog__message-group`
//! holds `div.chatlog__message-container[data-message-id]`s. The first of a
//! group has a header, `span.chatlog__author[title=username][data-user-id]`
//! (display name as its text), `span.chatlog__author-tag` (`BOT`, `SERVER`,
//! `APP`) and `span.chatlog__timestamp`; a follow-up has only
//! `div.chatlog__short-timestamp`. The text is rendered markdown in
//! `div.chatlog__content > span.chatlog__markdown-preserve` (or
//! `span.chatlog__system-notification-content` for a notice), beside
//! `span.chatlog__edited-timestamp`; `div.chatlog__reply` (a preview of the
//! quoted message), `chatlog__embed`, `chatlog__attachment`,
//! `chatlog__sticker` and `chatlog__reactions` sit around it.
//!
//! Decisions, and why:
//! - **Tokens, not a DOM.** html5ever's tokenizer (the parser under
//!   `scraper` and servo) reports the line of every token and decodes
//!   entities as a browser does; a DOM would lose the source lines the
//!   account below needs. The reader keeps its own stack of open elements:
//!   DCE writes well-formed pages, and on anything else the stack is
//!   bounded and an end tag looks for its start only near the top, so the
//!   reader stays linear and never panics.
//! - **Times from the message id.** The page shows times in the exporter's
//!   locale and zone, with no offset; the id is a Discord snowflake holding
//!   the exact instant (`(id >> 22) + 1420070400000` ms), so no date order or
//!   zone is guessed. A message without a readable id takes the previous
//!   message's time, with a note.
//! - **Text reads as the other DCE exports.** What DCE rendered is written
//!   back as markdown: code blocks keep their ``` fences (boards are drawn
//!   in them) and leading spaces, inline code its backticks, bold, italic,
//!   underline, strike and spoiler their markers, quotes `> `; mentions
//!   stay `@Name`, custom emoji become `:name:`, unicode emoji their
//!   characters; `<br>` and block elements are line breaks. So the JSON and
//!   the HTML export of one channel give the same text.
//! - **Line accounting.** A minified DCE page puts a whole message group on
//!   one line (message text keeps its own line breaks), so lines do not map
//!   to elements one to one. Every line is still accounted for exactly
//!   once: a line holding any of a message's text is that message's text
//!   line (the first message's, when two share it); any other line is
//!   skipped with the reason of the most telling element on it: reply
//!   preview, then embed, attachment or sticker (export block), reactions,
//!   header (author, stamps, `(edited)`), markup. Page lines before the
//!   first message are the banner, after the last the footer; blank lines
//!   in between are blank. An element on a line with text (as in DCE's own
//!   minified output) is not listed as a line, but it is on its message as
//!   a [`Flag`] and in [`Message::embeds`], and a note says so; text in a
//!   message that is neither its body nor one of those elements is quoted
//!   in a note. Nothing a message says is dropped silently.

use std::cell::RefCell;
use std::collections::HashMap;

use chrono::{DateTime, NaiveTime, TimeZone, Utc};
use html5ever::tendril::StrTendril;
use html5ever::tokenizer::states::RawKind;
use html5ever::tokenizer::{
    BufferQueue, Tag, TagKind, Token, TokenSink, TokenSinkResult, Tokenizer, TokenizerOpts,
};
use html5ever::LocalName;

use super::blank;
use crate::import::time::local_to_utc;
use crate::import::{
    lines_of, normalise, Flag, Format, ImportError, Message, SkipReason, Skipped, TimeContext,
    Transcript,
};

/// Discord's epoch (2015-01-01T00:00:00Z) in unix milliseconds.
const DISCORD_EPOCH_MS: i64 = 1_420_070_400_000;
/// Open elements tracked; deeper ones are read as their parent (DCE nests
/// about fifteen).
const MAX_DEPTH: usize = 256;
/// How many open elements an end tag passes to find its start tag; an end
/// tag with no start that near is ignored (keeps garbage input linear).
const END_TAG_REACH: usize = 32;
/// Notes about text outside message bodies, at most.
const MAX_STRAY_NOTES: usize = 20;

/// Discord snowflake → creation time.
fn snowflake_time(id: &str) -> Option<DateTime<Utc>> {
    let id: u64 = id.trim().parse().ok()?;
    let ms = (id >> 22) as i64 + DISCORD_EPOCH_MS;
    Utc.timestamp_millis_opt(ms).single()
}

/// True for a DCE HTML page: a `<!DOCTYPE html>` (any case) first and
/// DCE's `chatlog__` classes somewhere.
pub fn looks_like(text: &str) -> bool {
    let start = text.trim_start().as_bytes();
    start
        .get(..14)
        .is_some_and(|s| s.eq_ignore_ascii_case(b"<!doctype html"))
        && text.contains("chatlog__")
}

/// Where a token is, for the account of its lines. Higher ranks name a
/// line that holds several.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Region {
    /// Outside every message group: the page, preamble and postamble.
    Page = 1,
    /// Message groups and containers: structure.
    Markup = 2,
    /// Avatar, author, stamps, `(edited)`.
    Header = 3,
    Reactions = 4,
    /// Attachments and stickers.
    Block = 5,
    Embed = 6,
    Reply = 7,
    /// A message's text (owned, not ranked).
    Text = 8,
}

/// What an open element does when it closes, or captures while open.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Role {
    None,
    Group,
    Container,
    Author,
    AuthorTag,
    Stamp,
    ReplyAuthor,
    Content,
    Embed,
    Attachment,
    AttachmentName,
    /// A markdown element inside a text: what to write when it closes.
    Close(Close),
}

/// What a markdown element writes back when it closes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Close {
    Marker(&'static str),
    Block,
    Quote,
    Fence,
    InlineCode,
}

struct Frame {
    name: LocalName,
    region: Region,
    role: Role,
}

/// Text written back as markdown.
#[derive(Default)]
struct TextOut {
    s: String,
    quote: u32,
    code: u32,
    pending_break: bool,
}

impl TextOut {
    fn at_line_start(&self) -> bool {
        self.s.is_empty() || self.s.ends_with('\n')
    }

    fn line_start(&mut self) {
        self.pending_break = false;
        if !self.at_line_start() {
            self.s.push('\n');
        }
    }

    fn push_char(&mut self, c: char) {
        if self.pending_break && c != '\n' {
            self.line_start();
        }
        self.pending_break = false;
        if self.quote > 0 && c != '\n' && self.at_line_start() {
            self.s.push_str("> ");
        }
        self.s.push(c);
    }

    fn push(&mut self, t: &str) {
        t.chars().for_each(|c| self.push_char(c));
    }

    /// The text without blank lines around it; the first line keeps its
    /// leading spaces (a board's first row may start with them). Decoded
    /// entities are normalised like the source (DCE writes U+00A0 as
    /// `&#160;`).
    fn finish(self) -> String {
        let s = normalise(&self.s);
        let s = s.trim_end();
        let first = s.find(|c: char| !c.is_whitespace()).unwrap_or(s.len());
        let from = s[..first].rfind('\n').map_or(0, |i| i + 1);
        s[from..].to_string()
    }
}

/// An embed's text: its lines trimmed, empty ones dropped.
fn tidy(s: &str) -> String {
    normalise(s)
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join("\n")
}

/// An emoji image's text: `:name:` for a custom emoji (DCE writes its bare
/// name as `alt`), the character itself for a unicode one.
fn emoji_text(alt: &str) -> String {
    let alt = alt.trim();
    let word = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == '-' || c == '~';
    if !alt.is_empty() && alt.chars().all(word) {
        format!(":{alt}:")
    } else {
        alt.to_string()
    }
}

/// An attachment's name from a URL: its last path segment.
fn file_of(url: &str) -> &str {
    let url = url.split(['?', '#']).next().unwrap_or(url);
    url.rsplit('/').next().unwrap_or(url)
}

/// Who wrote a message, as its header says.
#[derive(Clone, Default)]
struct Who {
    username: String,
    id: Option<String>,
    display: String,
    tag: String,
}

#[derive(Default)]
struct Reply {
    author_title: Option<String>,
    author_text: String,
    message_id: Option<String>,
    /// Quoted a message (not a slash-command interaction).
    quotes: bool,
}

/// The message being read.
#[derive(Default)]
struct Building {
    id: String,
    first_line: usize,
    last_line: usize,
    who: Option<Who>,
    stamp: String,
    text: TextOut,
    has_text: bool,
    pinned: bool,
    edited: bool,
    system: bool,
    reply: Option<Reply>,
    attachments: Vec<String>,
    attachment: Option<(String, String, String)>,
    embeds: Vec<String>,
    embed: String,
    sticker: bool,
    reactions: bool,
    stray: String,
}

struct Reader<'a> {
    ctx: &'a TimeContext,
    n: usize,
    /// The line the next token starts on.
    pos: usize,
    /// Per line: 1 + the index of the message whose text it holds, or 0.
    owner: Vec<u32>,
    /// Per line: the highest region of a token on it.
    rank: Vec<u8>,
    /// Lines where an element beside a text shares the text's line.
    hidden: usize,
    stack: Vec<Frame>,
    cur: Option<Building>,
    group: Option<Who>,
    messages: Vec<Message>,
    by_id: HashMap<String, String>,
    prev_at: Option<DateTime<Utc>>,
    notes: Vec<String>,
    strays: usize,
    in_content: u32,
}

fn attr<'t>(tag: &'t Tag, name: &str) -> Option<&'t str> {
    tag.attrs
        .iter()
        .find(|a| &*a.name.local == name)
        .map(|a| &*a.value)
}

fn has_class(tag: &Tag, class: &str) -> bool {
    attr(tag, "class").is_some_and(|c| c.split_ascii_whitespace().any(|x| x == class))
}

fn is_void(name: &str) -> bool {
    matches!(
        name,
        "area"
            | "base"
            | "br"
            | "col"
            | "embed"
            | "hr"
            | "img"
            | "input"
            | "link"
            | "meta"
            | "param"
            | "source"
            | "track"
            | "wbr"
    )
}

impl<'a> Reader<'a> {
    fn new(n: usize, ctx: &'a TimeContext) -> Self {
        Reader {
            ctx,
            n,
            pos: 1,
            owner: vec![0; n + 2],
            rank: vec![0; n + 2],
            hidden: 0,
            stack: Vec::new(),
            cur: None,
            group: None,
            messages: Vec::new(),
            by_id: HashMap::new(),
            prev_at: None,
            notes: Vec::new(),
            strays: 0,
            in_content: 0,
        }
    }

    /// The region a token here belongs to.
    fn region(&self) -> Region {
        self.stack.last().map_or(Region::Page, |f| f.region)
    }

    /// The lines of a token reported at `line`: from where the previous
    /// token ended; a token ending in a newline does not reach the next line.
    fn span(&mut self, line: u64, ends_in_newline: bool) -> (usize, usize) {
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
    fn claim(&mut self, (from, to): (usize, usize), region: Region) {
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

    fn chars(&mut self, s: &str, line: u64) {
        let span = self.span(line, s.ends_with('\n'));
        let region = self.region();
        self.claim(span, region);
        let roles = self.open_roles();
        let Some(b) = self.cur.as_mut() else {
            return;
        };
        match region {
            Region::Text => {
                b.text.push(s);
                b.has_text = true;
            }
            Region::Embed => b.embed.push_str(s),
            _ => {}
        }
        if roles.author || roles.author_tag {
            let who = b.who.get_or_insert_with(Who::default);
            if roles.author {
                who.display.push_str(s);
            } else {
                who.tag.push_str(s);
            }
        } else if roles.stamp {
            b.stamp.push_str(s);
        } else if roles.reply_author {
            if let Some(r) = b.reply.as_mut() {
                r.author_text.push_str(s);
            }
        } else if roles.attachment_name {
            if let Some(a) = b.attachment.as_mut() {
                a.0.push_str(s);
            }
        } else if region == Region::Markup && !s.trim().is_empty() && b.stray.len() < 200 {
            b.stray.push_str(s.trim());
            b.stray.push(' ');
        }
    }

    /// Which capturing elements are open (the innermost few are enough).
    fn open_roles(&self) -> Roles {
        let mut r = Roles::default();
        for f in self.stack.iter().rev().take(4) {
            match f.role {
                Role::Author => r.author = true,
                Role::AuthorTag => r.author_tag = true,
                Role::Stamp => r.stamp = true,
                Role::ReplyAuthor => r.reply_author = true,
                Role::AttachmentName => r.attachment_name = true,
                _ => {}
            }
        }
        r
    }

    fn tag(&mut self, tag: Tag, line: u64) -> TokenSinkResult<()> {
        match tag.kind {
            TagKind::StartTag => self.start_tag(&tag, line),
            TagKind::EndTag => {
                let span = self.span(line, false);
                let reach = self.stack.len().saturating_sub(END_TAG_REACH);
                let found = (reach..self.stack.len())
                    .rev()
                    .find(|&i| self.stack[i].name == tag.name);
                let region = found.map_or(self.region(), |i| self.stack[i].region);
                self.claim(span, region);
                if let Some(i) = found {
                    while self.stack.len() > i {
                        self.pop();
                    }
                }
                TokenSinkResult::Continue
            }
        }
    }

    fn start_tag(&mut self, tag: &Tag, line: u64) -> TokenSinkResult<()> {
        let name: &str = &tag.name;
        let span = self.span(line, false);
        let parent = self.region();
        let in_message = self.cur.is_some();
        let mut region = parent;
        let mut role = Role::None;
        if has_class(tag, "chatlog__message-group") {
            self.finish_message();
            self.group = None;
            region = Region::Markup;
            role = Role::Group;
        } else if has_class(tag, "chatlog__message-container") {
            self.finish_message();
            let id = attr(tag, "data-message-id")
                .or_else(|| {
                    attr(tag, "id").and_then(|i| i.strip_prefix("chatlog__message-container-"))
                })
                .unwrap_or("")
                .to_string();
            self.cur = Some(Building {
                id,
                first_line: span.0,
                last_line: span.1,
                pinned: has_class(tag, "chatlog__message-container--pinned"),
                ..Building::default()
            });
            region = Region::Markup;
            role = Role::Container;
        } else if in_message && parent == Region::Markup {
            region = self.message_part(tag, &mut role);
        } else if in_message && parent != Region::Text {
            self.inner_part(tag, parent, &mut role);
        }
        if region == Region::Text {
            self.text_tag(tag, &mut role);
        } else if region == Region::Embed && (name == "div" || name == "br") {
            if let Some(b) = self.cur.as_mut() {
                b.embed.push('\n');
            }
        }
        if region == Region::Embed && name == "img" {
            if let (Some(b), Some(alt)) = (self.cur.as_mut(), attr(tag, "alt")) {
                if has_class(tag, "chatlog__emoji") {
                    b.embed.push_str(&emoji_text(alt));
                }
            }
        }
        self.claim(span, region);
        let raw = match name {
            "script" => Some(TokenSinkResult::RawData(RawKind::ScriptData)),
            "style" | "xmp" | "iframe" | "noembed" | "noframes" => {
                Some(TokenSinkResult::RawData(RawKind::Rawtext))
            }
            "title" | "textarea" => Some(TokenSinkResult::RawData(RawKind::Rcdata)),
            "plaintext" => Some(TokenSinkResult::Plaintext),
            _ => None,
        };
        let closes_itself = tag.self_closing && raw.is_none() || is_void(name);
        if closes_itself || self.stack.len() >= MAX_DEPTH {
            // Nothing to close later: undo what opening began.
            self.close_role(role);
        } else {
            self.stack.push(Frame {
                name: tag.name.clone(),
                region,
                role,
            });
        }
        raw.unwrap_or(TokenSinkResult::Continue)
    }

    /// An element directly in a message's structure: what part it starts.
    fn message_part(&mut self, tag: &Tag, role: &mut Role) -> Region {
        let Some(b) = self.cur.as_mut() else {
            return Region::Markup;
        };
        let class = |c: &str| has_class(tag, c);
        if class("chatlog__reply") {
            b.reply = Some(Reply::default());
            return Region::Reply;
        }
        if class("chatlog__embed") {
            b.embed.clear();
            *role = Role::Embed;
            return Region::Embed;
        }
        if class("chatlog__attachment") {
            b.attachment = Some(Default::default());
            *role = Role::Attachment;
            self.attachment_attrs(tag);
            return Region::Block;
        }
        if class("chatlog__sticker") {
            b.sticker = true;
            return Region::Block;
        }
        if class("chatlog__reactions") {
            b.reactions = true;
            return Region::Reactions;
        }
        if class("chatlog__content") {
            self.in_content += 1;
            *role = Role::Content;
            return Region::Markup;
        }
        if class("chatlog__markdown-preserve") && self.in_content > 0
            || class("chatlog__system-notification-content")
        {
            if class("chatlog__system-notification-content") {
                b.system = true;
            }
            if b.has_text {
                b.text.line_start();
            }
            return Region::Text;
        }
        let header = [
            "chatlog__message-aside",
            "chatlog__header",
            "chatlog__author",
            "chatlog__author-tag",
            "chatlog__timestamp",
            "chatlog__short-timestamp",
            "chatlog__edited-timestamp",
            "chatlog__system-notification-author",
            "chatlog__system-notification-timestamp",
        ];
        if header.iter().any(|h| class(h)) {
            self.inner_part(tag, Region::Header, role);
            return Region::Header;
        }
        Region::Markup
    }

    /// An element inside a message part: what it captures.
    fn inner_part(&mut self, tag: &Tag, parent: Region, role: &mut Role) {
        let Some(b) = self.cur.as_mut() else {
            return;
        };
        let class = |c: &str| has_class(tag, c);
        match parent {
            Region::Header => {
                if class("chatlog__author") || class("chatlog__system-notification-author") {
                    if class("chatlog__system-notification-author") {
                        b.system = true;
                    }
                    let who = b.who.get_or_insert_with(Who::default);
                    who.username = attr(tag, "title").unwrap_or("").trim().to_string();
                    who.id = attr(tag, "data-user-id").map(|s| s.trim().to_string());
                    who.display.clear();
                    *role = Role::Author;
                } else if class("chatlog__author-tag") {
                    *role = Role::AuthorTag;
                } else if class("chatlog__timestamp")
                    || class("chatlog__short-timestamp")
                    || class("chatlog__system-notification-timestamp")
                {
                    b.stamp.clear();
                    *role = Role::Stamp;
                } else if class("chatlog__edited-timestamp") {
                    b.edited = true;
                }
            }
            Region::Reply => {
                let Some(r) = b.reply.as_mut() else {
                    return;
                };
                if class("chatlog__reply-author") {
                    r.author_title = attr(tag, "title").map(|s| s.trim().to_string());
                    r.author_text.clear();
                    *role = Role::ReplyAuthor;
                } else if class("chatlog__reply-link") {
                    r.quotes = true;
                    let id = attr(tag, "onclick").and_then(|o| {
                        let digits: String = o
                            .split('\'')
                            .nth(1)?
                            .chars()
                            .filter(char::is_ascii_digit)
                            .collect();
                        (!digits.is_empty()).then_some(digits)
                    });
                    r.message_id = id;
                } else if class("chatlog__reply-unknown") {
                    r.quotes = true;
                }
            }
            Region::Block => {
                if class("chatlog__attachment-generic-name") {
                    *role = Role::AttachmentName;
                }
                self.attachment_attrs(tag);
            }
            _ => {}
        }
    }

    /// What an attachment's elements tell of its name: an image's title
    /// (`Image: board.png (12 KB)`) or a link's last path segment.
    fn attachment_attrs(&mut self, tag: &Tag) {
        let Some((_, title, url)) = self.cur.as_mut().and_then(|b| b.attachment.as_mut()) else {
            return;
        };
        if let Some(t) = attr(tag, "title") {
            if title.is_empty() {
                let t = t.split_once(": ").map_or(t, |(_, rest)| rest);
                let t = t.rsplit_once(" (").map_or(t, |(name, _)| name);
                *title = t.trim().to_string();
            }
        }
        if let Some(u) = attr(tag, "href").or_else(|| attr(tag, "src")) {
            if url.is_empty() {
                *url = file_of(u).to_string();
            }
        }
    }

    /// A tag inside a message text: markdown written back.
    fn text_tag(&mut self, tag: &Tag, role: &mut Role) {
        let Some(b) = self.cur.as_mut() else {
            return;
        };
        let t = &mut b.text;
        let name: &str = &tag.name;
        let class = |c: &str| has_class(tag, c);
        let classes = attr(tag, "class").unwrap_or("");
        let multiline = classes.contains("pre--multiline");
        let inline_code = classes.contains("pre--inline");
        match name {
            "br" => t.push_char('\n'),
            "img" => {
                if let Some(alt) = attr(tag, "alt") {
                    if class("chatlog__emoji") || class("emoji") {
                        t.push(&emoji_text(alt));
                    } else {
                        t.push(alt);
                    }
                }
            }
            // Inside code, tags are not markdown (a `<code>` in a `<pre>`).
            _ if t.code > 0 => {}
            _ if multiline || name == "pre" => {
                let lang = classes
                    .split_ascii_whitespace()
                    .find_map(|c| c.strip_prefix("language-"))
                    .unwrap_or("");
                t.line_start();
                t.push("```");
                t.push(lang);
                t.push_char('\n');
                t.code += 1;
                *role = Role::Close(Close::Fence);
            }
            _ if inline_code || name == "code" => {
                t.push("`");
                t.code += 1;
                *role = Role::Close(Close::InlineCode);
            }
            _ if class("chatlog__markdown-quote") || name == "blockquote" => {
                t.line_start();
                t.quote += 1;
                *role = Role::Close(Close::Quote);
            }
            _ if class("chatlog__markdown-spoiler") => {
                t.push("||");
                *role = Role::Close(Close::Marker("||"));
            }
            "strong" | "b" => {
                t.push("**");
                *role = Role::Close(Close::Marker("**"));
            }
            "em" | "i" => {
                t.push("*");
                *role = Role::Close(Close::Marker("*"));
            }
            "u" => {
                t.push("__");
                *role = Role::Close(Close::Marker("__"));
            }
            "s" | "del" | "strike" => {
                t.push("~~");
                *role = Role::Close(Close::Marker("~~"));
            }
            "li" => {
                t.line_start();
                t.push("- ");
                *role = Role::Close(Close::Block);
            }
            "h1" | "h2" | "h3" | "h4" | "h5" | "h6" => {
                t.line_start();
                let level = name[1..].parse::<usize>().unwrap_or(1);
                t.push(&"#".repeat(level));
                t.push(" ");
                *role = Role::Close(Close::Block);
            }
            "div" | "p" | "ul" | "ol" | "table" | "tr" => {
                t.line_start();
                *role = Role::Close(Close::Block);
            }
            _ => {}
        }
    }

    fn pop(&mut self) {
        if let Some(f) = self.stack.pop() {
            self.close_role(f.role);
        }
    }

    /// What closing an element with `role` finishes.
    fn close_role(&mut self, role: Role) {
        match role {
            Role::Container => self.finish_message(),
            Role::Group => self.group = None,
            Role::Content => self.in_content = self.in_content.saturating_sub(1),
            Role::Embed => {
                if let Some(b) = self.cur.as_mut() {
                    let text = tidy(&std::mem::take(&mut b.embed));
                    b.embeds.push(text);
                }
            }
            Role::Attachment => {
                if let Some(b) = self.cur.as_mut() {
                    if let Some((name, title, url)) = b.attachment.take() {
                        let name = [name.trim(), &title, &url]
                            .into_iter()
                            .find(|s| !s.is_empty())
                            .unwrap_or("attachment")
                            .to_string();
                        b.attachments.push(name);
                    }
                }
            }
            Role::Close(c) => {
                let Some(b) = self.cur.as_mut() else {
                    return;
                };
                let t = &mut b.text;
                match c {
                    Close::Marker(m) => t.push(m),
                    Close::Block => t.pending_break = true,
                    Close::Quote => {
                        t.quote = t.quote.saturating_sub(1);
                        t.pending_break = true;
                    }
                    Close::Fence => {
                        t.code = t.code.saturating_sub(1);
                        t.line_start();
                        t.push("```");
                        t.pending_break = true;
                    }
                    Close::InlineCode => {
                        t.code = t.code.saturating_sub(1);
                        t.push("`");
                    }
                }
            }
            Role::None => {}
            Role::Author
            | Role::AuthorTag
            | Role::Stamp
            | Role::ReplyAuthor
            | Role::AttachmentName => {}
        }
    }

    /// Turns the message being read into a [`Message`].
    fn finish_message(&mut self) {
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

    /// The account of every line: text lines go to their message, the
    /// others are skipped with a reason.
    fn account(&mut self, lines: &[&str]) -> Vec<Skipped> {
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

/// Which capturing elements are open.
#[derive(Default)]
struct Roles {
    author: bool,
    author_tag: bool,
    stamp: bool,
    reply_author: bool,
    attachment_name: bool,
}

/// The token sink: the reader behind a `RefCell` (html5ever hands tokens
/// to `&self`).
struct Sink<'a>(RefCell<Reader<'a>>);

impl TokenSink for Sink<'_> {
    type Handle = ();

    fn process_token(&self, token: Token, line: u64) -> TokenSinkResult<()> {
        let mut r = self.0.borrow_mut();
        match token {
            Token::TagToken(tag) => return r.tag(tag, line),
            Token::CharacterTokens(s) => r.chars(&s, line),
            Token::NullCharacterToken | Token::CommentToken(_) | Token::DoctypeToken(_) => {
                let span = r.span(line, false);
                let region = r.region();
                r.claim(span, region);
            }
            // Errors and the end consume no input.
            Token::ParseError(_) | Token::EOFToken => {}
        }
        TokenSinkResult::Continue
    }
}

/// Reads a normalised DCE HTML export.
pub fn read(text: &str, ctx: &TimeContext) -> Result<Transcript, ImportError> {
    let lines = lines_of(text);
    let n = lines.len();
    let tokenizer = Tokenizer::new(
        Sink(RefCell::new(Reader::new(n, ctx))),
        TokenizerOpts::default(),
    );
    let input = BufferQueue::default();
    input.push_back(StrTendril::from_slice(text));
    // The sink never asks to pause for a script, so one feed reads all.
    let _ = tokenizer.feed(&input);
    tokenizer.end();
    let mut r = tokenizer.sink.0.into_inner();
    while !r.stack.is_empty() {
        r.pop();
    }
    r.finish_message();
    if r.messages.is_empty() {
        return Err(ImportError::NotATranscript {
            line: 1,
            detail: "this HTML page has no DiscordChatExporter message (no `chatlog__message-container` element); export the channel again with DiscordChatExporter, or choose another format".into(),
        });
    }
    let skipped = r.account(&lines);
    let mut notes = vec![
        "times are read from the message ids (Discord snowflakes), which hold the exact instant: no date order or time zone was needed".to_string(),
    ];
    if r.hidden > 0 {
        notes.push(format!(
            "{} text line(s) also hold a reply preview, embed, attachment, sticker or reactions: those are on their message as flags and embeds, not listed as skipped lines",
            r.hidden
        ));
    }
    if r.strays > MAX_STRAY_NOTES {
        notes.push(format!(
            "{} more messages show text outside their body",
            r.strays - MAX_STRAY_NOTES
        ));
    }
    notes.append(&mut r.notes);
    Ok(Transcript {
        format: Format::DceHtml,
        messages: r.messages,
        skipped,
        notes,
        line_count: n,
    })
}

#[cfg(test)]
mod tests {
    use chrono::NaiveDate;
    use proptest::prelude::*;

    use super::*;
    use crate::import::{detect, read_transcript};

    fn ctx() -> TimeContext {
        TimeContext::new(
            chrono_tz::UTC,
            NaiveDate::from_ymd_opt(2026, 11, 21).unwrap(),
        )
    }

    fn page(body: &str) -> String {
        format!(
            "<!DOCTYPE html>\n<html lang=\"en\">\n<head><title>g - c</title>\n<style>\n.chatlog__message-group {{ margin: 0 }}\n</style>\n</head>\n<body>\n<div class=\"preamble\"><div class=\"preamble__entry\">Puzzle Pit</div></div>\n<div class=\"chatlog\">\n{body}\n</div>\n<div class=\"postamble\"><div class=\"postamble__entry\">Exported 2 message(s)</div></div>\n</body>\n</html>\n"
        )
    }

    /// A message with its text, as DCE writes one (minified).
    fn message(id: u64, author: &str, text: &str) -> String {
        format!(
            r##"<div class="chatlog__message-group"><div class="chatlog__message-container" data-message-id="{id}"><div class="chatlog__message"><div class="chatlog__message-aside"><img class="chatlog__avatar" src="a.png" alt="Avatar"></div><div class="chatlog__message-primary"><div class="chatlog__header"><span class="chatlog__author" title="{author}" data-user-id="7">{author}</span> <span class="chatlog__timestamp"><a href="#">11/21/2026 8:00 PM</a></span></div><div class="chatlog__content chatlog__markdown"><span class="chatlog__markdown-preserve"><!--wmm:ignore-->{text}<!--/wmm:ignore--></span></div></div></div></div></div>"##
        )
    }

    fn read(html: &str) -> Transcript {
        let t = read_transcript(html, Some(Format::DceHtml), &ctx()).unwrap();
        assert_accounted(&t);
        t
    }

    /// Every line is message text or skipped, exactly once.
    fn assert_accounted(t: &Transcript) {
        let mut seen = vec![0u32; t.line_count + 1];
        for &l in t.messages.iter().flat_map(|m| &m.text_lines) {
            seen[l] += 1;
        }
        for s in &t.skipped {
            seen[s.line] += 1;
        }
        let bad: Vec<usize> = (1..seen.len()).filter(|&l| seen[l] != 1).collect();
        assert!(bad.is_empty(), "lines not accounted once: {bad:?}");
    }

    /// Why the line holding `needle` was skipped.
    fn why(t: &Transcript, needle: &str) -> SkipReason {
        let s = t.skipped.iter().find(|s| s.text.contains(needle));
        s.unwrap_or_else(|| panic!("no skipped line holds {needle:?}: {:#?}", t.skipped))
            .why
    }

    /// The id of a message posted `ms` milliseconds after Discord's epoch.
    fn id_at(ms: u64) -> u64 {
        ms << 22 | 1 << 17
    }

    #[test]
    fn the_snowflake_gives_the_exact_time() {
        // 175928847299117063 is Discord's documented example: 2016-04-30 11:18:25.796 UTC.
        let t = snowflake_time("175928847299117063").unwrap();
        assert_eq!(t.to_rfc3339(), "2016-04-30T11:18:25.796+00:00");
        assert_eq!(
            snowflake_time(" 0 ").unwrap().timestamp_millis(),
            DISCORD_EPOCH_MS
        );
        assert_eq!(snowflake_time("chatlog"), None);
        assert_eq!(snowflake_time("-1"), None);
        // The page's time, its locale and zone, is not what is read.
        let html = page(&message(175928847299117063, "reds_", "B1 B2"));
        let t = read(&html.replace("11/21/2026 8:00 PM", "21.11.2026 20:00"));
        assert_eq!(
            t.messages[0].at.to_rfc3339(),
            "2016-04-30T11:18:25.796+00:00"
        );
        assert_eq!(t.messages[0].stamp, "21.11.2026 20:00");
        assert!(t.notes[0].contains("snowflake"), "{:?}", t.notes);
    }

    #[test]
    fn entities_are_decoded_and_no_break_spaces_normalised() {
        let html = page(&message(
            id_at(1000),
            "reds_",
            "B1 &amp; B2 &lt;ok&gt; caf&#233; it&#39;s&#160;&#128521; &eacute;&nbsp;&quot;x&quot;",
        ));
        let t = read(&html);
        assert_eq!(t.messages[0].text, "B1 & B2 <ok> café it's 😉 é \"x\"");
        // A display name is decoded too.
        let t = read(&page(&message(id_at(1000), "Mika &amp; co", "x")));
        assert_eq!(t.messages[0].author, "Mika & co");
    }

    /// A pretty-printed page (one element a line) with every part DCE
    /// writes beside a text, and a grouped follow-up.
    const PRETTY: &str = r##"<!DOCTYPE html>
<html lang="en">
<body>
<div class="preamble"><div class="preamble__entry">Puzzle Pit</div></div>
<div class="chatlog">
<div class="chatlog__message-group">
  <div class="chatlog__message-container chatlog__message-container--pinned" data-message-id="175928847299117063">
    <div class="chatlog__message">
      <div class="chatlog__message-aside">
        <div class="chatlog__reply-symbol"></div>
        <img class="chatlog__avatar" src="a.png" alt="Avatar">
      </div>
      <div class="chatlog__message-primary">
        <div class="chatlog__reply">
          <img class="chatlog__reply-avatar" src="b.png" alt="Avatar">
          <div class="chatlog__reply-author" title="reds_">Reds</div>
          <div class="chatlog__reply-content">
            <span class="chatlog__reply-link" onclick="scrollToMessage(event, '12')">A1 A2</span>
          </div>
        </div>
        <div class="chatlog__header">
          <span class="chatlog__author" title="mika" data-user-id="7">Mika ✦</span>
          <span class="chatlog__author-tag">APP</span>
          <span class="chatlog__timestamp" title="Saturday, April 30, 2016 11:18 AM"><a href="#">4/30/2016 11:18 AM</a></span>
        </div>
        <div class="chatlog__content chatlog__markdown">
          <span class="chatlog__markdown-preserve">B1 B2<br>hmm

   1 2 3</span>
          <span class="chatlog__edited-timestamp" title="x">(edited)</span>
        </div>
        <div class="chatlog__embed">
          <div class="chatlog__embed-color-pill"></div>
          <div class="chatlog__embed-title"><div class="chatlog__markdown chatlog__markdown-preserve">Board 3</div></div>
          <div class="chatlog__embed-description"><div class="chatlog__markdown chatlog__markdown-preserve">A1 A2 A3</div></div>
        </div>
        <div class="chatlog__attachment">
          <div class="chatlog__attachment-generic">
            <div class="chatlog__attachment-generic-name"><a href="https://cdn.example/a/round3.txt?ex=1">round3.txt</a></div>
            <div class="chatlog__attachment-generic-size">1.2 KB</div>
          </div>
        </div>
        <div class="chatlog__attachment"><a href="https://cdn.example/a/board.png"><img class="chatlog__attachment-media" src="https://cdn.example/a/board.png" alt="Image attachment" title="Image: board.png (4 KB)"></a></div>
        <div class="chatlog__sticker" title="wave"><img class="chatlog__sticker--media" src="s.png" alt="Sticker"></div>
        <div class="chatlog__reactions">
          <div class="chatlog__reaction" title="thumbsup"><img class="chatlog__emoji chatlog__emoji--small" alt="👍" src="t.svg"><span class="chatlog__reaction-count">2</span></div>
        </div>
      </div>
    </div>
  </div>
  <div class="chatlog__message-container" data-message-id="175928851493421063">
    <div class="chatlog__message">
      <div class="chatlog__message-aside">
        <div class="chatlog__short-timestamp" title="x">11:18 AM</div>
      </div>
      <div class="chatlog__message-primary">
        <div class="chatlog__content chatlog__markdown">
          <span class="chatlog__markdown-preserve">X right 2</span>
        </div>
      </div>
    </div>
  </div>
</div>

<div class="chatlog__message-group">
  <div class="chatlog__message-container" data-message-id="175928855687725063">
    <div class="chatlog__message">
      <div class="chatlog__message-aside"><svg class="chatlog__system-notification-icon"><use href="#pin-icon"></use></svg></div>
      <div class="chatlog__message-primary">
        <span class="chatlog__system-notification-author" title="quizmaster" data-user-id="4">Quizmaster</span>
        <span> </span>
        <span class="chatlog__system-notification-content"><span>pinned </span><a class="chatlog__system-notification-link" href="#x">a message</a><span> to this channel.</span></span>
        <span class="chatlog__system-notification-timestamp"><a href="#">4/30/2016 11:18 AM</a></span>
      </div>
    </div>
  </div>
</div>
</div>
<div class="postamble"><div class="postamble__entry">Exported 3 message(s)</div></div>
</body>
</html>
"##;

    #[test]
    fn a_message_keeps_its_parts_apart_from_its_text() {
        assert!(looks_like(PRETTY));
        let t = read(PRETTY);
        let m = &t.messages;
        assert_eq!(m.len(), 3);
        assert_eq!(m[0].author, "mika");
        assert_eq!(m[0].aliases, ["Mika ✦"]);
        assert_eq!(m[0].author_id.as_deref(), Some("7"));
        assert!(m[0].is_bot, "an APP tag is a bot");
        assert_eq!(m[0].stamp, "4/30/2016 11:18 AM");
        // `<br>` and the text's own line breaks stay; so do a board's spaces.
        assert_eq!(m[0].text, "B1 B2\nhmm\n\n   1 2 3");
        assert_eq!(
            m[0].flags,
            [
                Flag::Reply { to: "reds_".into() },
                Flag::Edited,
                Flag::Pinned,
                Flag::Attachment("round3.txt".into()),
                Flag::Attachment("board.png".into()),
                Flag::Embed,
                Flag::Sticker,
                Flag::Reactions,
            ]
        );
        assert_eq!(m[0].embeds, ["Board 3\nA1 A2 A3"]);
        // Nothing beside the text reads as text, and nothing is noted as stray.
        assert!(
            t.notes.iter().all(|n| !n.contains("outside its body")),
            "{:?}",
            t.notes
        );
        assert_eq!(t.notes.len(), 1, "{:?}", t.notes);
    }

    #[test]
    fn a_follow_up_takes_its_groups_author_and_its_short_stamp() {
        let t = read(PRETTY);
        let m = &t.messages;
        assert_eq!(m[1].author, "mika");
        assert_eq!(m[1].aliases, ["Mika ✦"]);
        assert!(m[1].is_bot);
        assert_eq!(m[1].stamp, "11:18 AM");
        assert_eq!(m[1].text, "X right 2");
        assert!(m[1].flags.is_empty(), "{:?}", m[1].flags);
        assert_eq!((m[1].at - m[0].at).num_milliseconds(), 1000);
        // A system notice is its own group: its author and its words.
        assert_eq!(m[2].author, "quizmaster");
        assert_eq!(m[2].aliases, ["Quizmaster"]);
        assert_eq!(m[2].text, "pinned a message to this channel.");
        assert_eq!(m[2].flags, [Flag::System]);
        assert!(!m[2].is_bot);
    }

    #[test]
    fn every_element_beside_a_text_is_skipped_with_its_reason() {
        let t = read(PRETTY);
        use SkipReason::*;
        for (needle, reason) in [
            ("<!DOCTYPE html>", Banner),
            ("preamble__entry", Banner),
            ("<div class=\"chatlog\">", Banner),
            ("<div class=\"chatlog__message-group\">", HtmlMarkup),
            ("--pinned", HtmlMarkup),
            ("<div class=\"chatlog__message\">", HtmlMarkup),
            ("chatlog__reply-symbol", Header),
            ("chatlog__avatar", Header),
            ("chatlog__reply-author", ReplyPreview),
            ("scrollToMessage", ReplyPreview),
            ("chatlog__author-tag", Header),
            ("chatlog__timestamp", Header),
            ("(edited)", Header),
            ("chatlog__short-timestamp", Header),
            ("chatlog__embed-title", Embed),
            ("chatlog__embed-color-pill", Embed),
            ("round3.txt", ExportBlock),
            ("1.2 KB", ExportBlock),
            ("board.png", ExportBlock),
            ("chatlog__sticker", ExportBlock),
            ("chatlog__reactions", Reactions),
            ("👍", Reactions),
            ("system-notification-author", Header),
            ("system-notification-timestamp", Header),
            ("postamble__entry", Footer),
            ("</html>", Footer),
        ] {
            assert_eq!(why(&t, needle), reason, "{needle}");
        }
        // The blank line between the groups.
        let lines: Vec<&str> = PRETTY.lines().collect();
        let blank_line = (1..lines.len())
            .find(|&i| lines[i - 1].is_empty() && lines[i].contains("message-group"))
            .unwrap();
        let s = t.skipped.iter().find(|s| s.line == blank_line);
        assert!(matches!(s, Some(s) if s.why == Blank), "{s:?}");
        // The text's lines are its own, blank line included.
        let first = PRETTY.lines().position(|l| l.contains("B1 B2")).unwrap() + 1;
        assert_eq!(t.messages[0].text_lines, [first, first + 1, first + 2]);
        // A message's lines run from its container's start tag to its end tag.
        let at = |needle: &str| lines.iter().position(|l| l.contains(needle)).unwrap() + 1;
        assert_eq!(
            t.messages[0].lines,
            at("--pinned")..at("175928851493421063")
        );
        // No element shared a line with a text.
        assert!(
            t.notes.iter().all(|n| !n.contains("also hold")),
            "{:?}",
            t.notes
        );
    }

    #[test]
    fn markdown_is_written_back_with_fences_and_markers() {
        let text = concat!(
            "board:\n",
            r#"<code class="chatlog__markdown-pre chatlog__markdown-pre--multiline language-txt">   1 2 3"#,
            "\nA  . . .\n\n   &lt;end&gt;\n</code>",
            r#"then <code class="chatlog__markdown-pre chatlog__markdown-pre--inline">X up</code> <strong>now</strong> <em>ok</em> <s>no</s> <u>u</u> "#,
            r#"<span class="chatlog__markdown-spoiler chatlog__markdown-spoiler--hidden" onclick="showSpoiler(event, this)">secret</span> "#,
            r#"<span class="chatlog__markdown-mention" title="reds_">@Reds</span> <span class="chatlog__markdown-mention">#traffic-jam</span> "#,
            r#"<a href="https://example.com/x">https://example.com/x</a> "#,
            "<img\n    loading=\"lazy\"\n    class=\"chatlog__emoji \"\n    alt=\"kekw\"\n    title=\"kekw\"\n    src=\"https://cdn.discordapp.com/emojis/1.png\"> ",
            r#"<img class="chatlog__emoji" alt="😉" title="wink" src="w.svg"> <img class="chatlog__emoji" alt=":old:" src="o.png">"#,
            r#"<div class="chatlog__markdown-quote"><div class="chatlog__markdown-quote-border"></div><div class="chatlog__markdown-quote-content">mira wins
round 2</div></div>after<ul><li>one</li><li>two</li></ul><h2>Big</h2>"#,
            "<pre><code>raw &amp; <b>kept</b></code></pre>",
        );
        let t = read(&page(&message(id_at(5), "kg", text)));
        assert_eq!(
            t.messages[0].text,
            "board:\n```txt\n   1 2 3\nA  . . .\n\n   <end>\n```\nthen `X up` **now** *ok* ~~no~~ __u__ ||secret|| @Reds #traffic-jam https://example.com/x :kekw: 😉 :old:\n> mira wins\n> round 2\nafter\n- one\n- two\n## Big\n```\nraw & kept\n```"
        );
        // The multi-line emoji tag and the code block are all text lines.
        let html = page(&message(id_at(5), "kg", text));
        let line_of = |needle: &str| html.lines().position(|l| l.contains(needle)).unwrap() + 1;
        let m = &t.messages[0];
        assert_eq!(
            m.text_lines,
            (line_of("board:")..=line_of("round 2")).collect::<Vec<_>>()
        );
    }

    #[test]
    fn a_reply_names_the_quoted_message_author_or_what_is_known() {
        let reply = |inner: &str| {
            message(id_at(9), "kg", "ok").replace(
                r#"<div class="chatlog__header">"#,
                &format!(
                    r#"<div class="chatlog__reply">{inner}</div><div class="chatlog__header">"#
                ),
            )
        };
        let quoted = message(id_at(5), "reds_", "A1 A2");
        // The quoted message is in the page: its author's username.
        let link = format!(
            r#"<div class="chatlog__reply-author" title="someone">Someone</div><span class="chatlog__reply-link" onclick="scrollToMessage(event, '{}')">A1 A2</span>"#,
            id_at(5)
        );
        let t = read(&page(&format!("{quoted}\n{}", reply(&link))));
        assert_eq!(t.messages[1].flags, [Flag::Reply { to: "reds_".into() }]);
        // Not in the page: the preview's author.
        let t = read(&page(&reply(&link)));
        assert_eq!(
            t.messages[0].flags,
            [Flag::Reply {
                to: "someone".into()
            }]
        );
        // Deleted: still a reply.
        let t = read(&page(&reply(
            r#"<div class="chatlog__reply-unknown">Original message was deleted or could not be loaded.</div>"#,
        )));
        assert_eq!(
            t.messages[0].flags,
            [Flag::Reply {
                to: "a deleted message".into()
            }]
        );
        assert_eq!(t.messages[0].text, "ok");
        // A slash command's header is not a reply.
        let t = read(&page(&reply(
            r#"<div class="chatlog__reply-author" title="reds_">Reds</div><div class="chatlog__reply-content">used /board</div>"#,
        )));
        assert!(t.messages[0].flags.is_empty(), "{:?}", t.messages[0].flags);
    }

    #[test]
    fn text_outside_a_body_and_missing_ids_are_noted() {
        let odd = message(id_at(5), "kg", "A1").replace(
            "<div class=\"chatlog__message\">",
            "<div class=\"chatlog__message\"><div class=\"chatlog__thread\">3 replies</div>",
        );
        let no_id = message(0, "kg", "A2").replace(" data-message-id=\"0\"", "");
        let t = read(&page(&format!("{odd}\n{no_id}")));
        assert_eq!(t.messages[0].text, "A1");
        assert_eq!(t.messages[1].text, "A2");
        assert_eq!(t.messages[1].at, t.messages[0].at);
        let notes = t.notes.join("\n");
        assert!(
            notes.contains("message 0 shows text outside its body") && notes.contains("3 replies"),
            "{notes}"
        );
        assert!(notes.contains("message 1 has no readable id"), "{notes}");
        // With no earlier message, the day given is used.
        let t = read(&page(&no_id));
        assert_eq!(
            t.messages[0].at.date_naive(),
            NaiveDate::from_ymd_opt(2026, 11, 21).unwrap()
        );
    }

    #[test]
    fn a_page_without_messages_is_a_clear_error() {
        let e = read_transcript(&page(""), None, &ctx()).unwrap_err();
        assert!(
            matches!(&e, ImportError::NotATranscript { detail, .. } if detail.contains("no DiscordChatExporter message")),
            "{e}"
        );
        assert!(e.to_string().contains("html"), "{e}");
        let e = read_transcript("<p>hello</p>", Some(Format::DceHtml), &ctx()).unwrap_err();
        assert!(matches!(e, ImportError::NotATranscript { .. }), "{e}");
    }

    #[test]
    fn detection_needs_the_doctype_and_dce_classes() {
        let html = page(&message(id_at(5), "kg", "A1"));
        assert_eq!(detect(&html), Some(Format::DceHtml));
        assert_eq!(
            detect(&html.replacen("<!DOCTYPE html>", "\n  <!doctype HTML>", 1)),
            Some(Format::DceHtml)
        );
        assert!(!looks_like(&html.replacen("<!DOCTYPE html>", "", 1)));
        assert!(!looks_like("<!DOCTYPE html><p>no export here</p>"));
        assert_eq!(Format::from_slug("dce-html"), Some(Format::DceHtml));
        // A TXT export that quotes a page is still TXT.
        let txt = "==============================================================\nGuild: g\nChannel: c\n==============================================================\n\n[11/21/2026 3:45 PM] reds_\n<!DOCTYPE html> chatlog__\n\n";
        assert_eq!(detect(txt), Some(Format::DceTxt));
    }

    #[test]
    fn raw_text_in_style_and_script_is_not_markup() {
        // `<` in a script and a class name in a style make no element.
        let html = page(&message(id_at(5), "kg", "A1")).replace(
            "</head>",
            "<script>\nif (a < b && c > d) { x('<div class=\"chatlog__message-container\" data-message-id=\"1\">'); }\n</script>\n</head>",
        );
        let t = read(&html);
        assert_eq!(t.messages.len(), 1);
        assert_eq!(why(&t, "if (a < b"), SkipReason::Banner);
    }

    #[test]
    fn many_messages_and_deep_garbage_stay_linear() {
        let one = message(id_at(5), "reds_", "B1 B2\n<code class=\"chatlog__markdown-pre chatlog__markdown-pre--multiline\">   1 2 3\nA  . . .\n</code>");
        let html = page(&vec![one; 10_000].join("\n"));
        let start = std::time::Instant::now();
        let t = read(&html);
        assert_eq!(t.messages.len(), 10_000);
        let many = start.elapsed();
        // Unclosed elements, stray end tags and containers never closed.
        let garbage = format!(
            "<!DOCTYPE html>{}{}{}",
            "<div><span class=\"chatlog__reply\">".repeat(40_000),
            "</p></b>".repeat(40_000),
            "<div class=\"chatlog__message-container\" data-message-id=\"5\"><div class=\"chatlog__content\"><span class=\"chatlog__markdown-preserve\">x".repeat(5_000),
        );
        let start = std::time::Instant::now();
        let t = read(&garbage);
        assert_eq!(t.messages.len(), 5_000);
        let deep = start.elapsed();
        eprintln!("10,000 messages in {many:?}; deep garbage in {deep:?}");
        assert!(deep.as_secs() < 20, "{deep:?}");
    }

    fn fragment() -> impl Strategy<Value = String> {
        prop_oneof![
            Just("<!DOCTYPE html>".to_string()),
            Just("<div class=\"chatlog__message-group\">".to_string()),
            Just("<div class=\"chatlog__message-container\" data-message-id=\"175928847299117063\">".to_string()),
            Just("<div class=\"chatlog__message-container\" data-message-id=\"99999999999999999999999\">".to_string()),
            Just("<span class=\"chatlog__author\" title=\"reds_\" data-user-id=\"1\">Reds</span>".to_string()),
            Just("<span class=\"chatlog__author-tag\">BOT</span>".to_string()),
            Just("<span class=\"chatlog__timestamp\"><a>11/21/2026 3:45 PM</a></span>".to_string()),
            Just("<div class=\"chatlog__short-timestamp\">".to_string()),
            Just("<div class=\"chatlog__content chatlog__markdown\">".to_string()),
            Just("<span class=\"chatlog__markdown-preserve\">".to_string()),
            Just("<span class=\"chatlog__system-notification-content\">".to_string()),
            Just("<code class=\"chatlog__markdown-pre chatlog__markdown-pre--multiline\">".to_string()),
            Just("<code class=\"chatlog__markdown-pre chatlog__markdown-pre--inline\">".to_string()),
            Just("<div class=\"chatlog__markdown-quote\">".to_string()),
            Just("<div class=\"chatlog__reply\">".to_string()),
            Just("<span class=\"chatlog__reply-link\" onclick=\"scrollToMessage(event, '7')\">".to_string()),
            Just("<div class=\"chatlog__embed\">".to_string()),
            Just("<div class=\"chatlog__attachment\">".to_string()),
            Just("<div class=\"chatlog__attachment-generic-name\">".to_string()),
            Just("<div class=\"chatlog__reactions\">".to_string()),
            Just("<div class=\"chatlog__sticker\">".to_string()),
            Just("<img class=\"chatlog__emoji\" alt=\"kekw\">".to_string()),
            Just("<span class=\"chatlog__edited-timestamp\">(edited)</span>".to_string()),
            Just("<br>".to_string()),
            Just("<strong>".to_string()),
            Just("<script>".to_string()),
            Just("<style>".to_string()),
            Just("<plaintext>".to_string()),
            Just("<title>".to_string()),
            Just("<!--wmm:ignore-->".to_string()),
            Just("<!--".to_string()),
            Just("</div>".to_string()),
            Just("</span>".to_string()),
            Just("</code>".to_string()),
            Just("</script>".to_string()),
            Just("&amp;&#128521;&#0;&#x110000;&bogus".to_string()),
            Just("\n".to_string()),
            Just("   1 2 3\n".to_string()),
            Just("\0".to_string()),
            "[ -~]{0,12}".prop_map(|s| s),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(1000))]

        /// Any mix of DCE's elements, text and garbage reads or errs, and
        /// accounts for every line when it reads.
        #[test]
        fn html_fragments_never_panic(parts in proptest::collection::vec(fragment(), 0..60)) {
            let text = parts.concat();
            let _ = looks_like(&text);
            if let Ok(t) = read_transcript(&text, Some(Format::DceHtml), &ctx()) {
                assert_accounted(&t);
            }
        }
    }
}
