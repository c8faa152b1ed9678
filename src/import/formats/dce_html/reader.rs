//! The reader of a DCE page's tokens: the stack of open elements, what
//! part of a message each element starts (header, reply preview, embed,
//! attachment, reactions, text) and what it captures while open.
//!
//! It owns the walk over tokens; the markdown written back from a text is
//! `markdown.rs`'s, the line account `account.rs`'s and the finished
//! [`Message`](crate::import::Message) `message.rs`'s. Like the rest of the
//! DCE reader it imports nothing from `games/` or `web/`.

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use html5ever::tokenizer::states::RawKind;
use html5ever::tokenizer::{Tag, TagKind, TokenSinkResult};
use html5ever::LocalName;

use super::markdown::{emoji_text, tidy, Close};
use super::message::{Building, Reply, Who};
use crate::import::{Message, TimeContext};

/// Open elements tracked; deeper ones are read as their parent (DCE nests
/// about fifteen).
pub(super) const MAX_DEPTH: usize = 256;
/// How many open elements an end tag passes to find its start tag; an end
/// tag with no start that near is ignored (keeps garbage input linear).
pub(super) const END_TAG_REACH: usize = 32;

/// Where a token is, for the account of its lines. Higher ranks name a
/// line that holds several.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Region {
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
pub(super) enum Role {
    None,
    Group,
    Container,
    Author,
    AuthorTag,
    Stamp,
    ReplyAuthor,
    /// A reply preview's words: `used /move` on a slash command's reply.
    ReplyContent,
    Content,
    Embed,
    Attachment,
    AttachmentName,
    /// A markdown element inside a text: what to write when it closes.
    Close(Close),
}

pub(super) struct Frame {
    name: LocalName,
    region: Region,
    role: Role,
}

/// An attachment's name from a URL: its last path segment.
pub(super) fn file_of(url: &str) -> &str {
    let url = url.split(['?', '#']).next().unwrap_or(url);
    url.rsplit('/').next().unwrap_or(url)
}

pub(super) struct Reader<'a> {
    pub(super) ctx: &'a TimeContext,
    pub(super) n: usize,
    /// The line the next token starts on.
    pub(super) pos: usize,
    /// Per line: 1 + the index of the message whose text it holds, or 0.
    pub(super) owner: Vec<u32>,
    /// Per line: the highest region of a token on it.
    pub(super) rank: Vec<u8>,
    /// Lines where an element beside a text shares the text's line.
    pub(super) hidden: usize,
    pub(super) stack: Vec<Frame>,
    pub(super) cur: Option<Building>,
    pub(super) group: Option<Who>,
    pub(super) messages: Vec<Message>,
    pub(super) by_id: HashMap<String, String>,
    pub(super) prev_at: Option<DateTime<Utc>>,
    pub(super) notes: Vec<String>,
    pub(super) strays: usize,
    pub(super) in_content: u32,
}

pub(super) fn attr<'t>(tag: &'t Tag, name: &str) -> Option<&'t str> {
    tag.attrs
        .iter()
        .find(|a| &*a.name.local == name)
        .map(|a| &*a.value)
}

pub(super) fn has_class(tag: &Tag, class: &str) -> bool {
    attr(tag, "class").is_some_and(|c| c.split_ascii_whitespace().any(|x| x == class))
}

pub(super) fn is_void(name: &str) -> bool {
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
    pub(super) fn new(n: usize, ctx: &'a TimeContext) -> Self {
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
    pub(super) fn region(&self) -> Region {
        self.stack.last().map_or(Region::Page, |f| f.region)
    }

    pub(super) fn chars(&mut self, s: &str, line: u64) {
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
        } else if roles.reply_content {
            if let Some(r) = b.reply.as_mut() {
                r.content_text.push_str(s);
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
    pub(super) fn open_roles(&self) -> Roles {
        let mut r = Roles::default();
        for f in self.stack.iter().rev().take(4) {
            match f.role {
                Role::Author => r.author = true,
                Role::AuthorTag => r.author_tag = true,
                Role::Stamp => r.stamp = true,
                Role::ReplyAuthor => r.reply_author = true,
                Role::ReplyContent => r.reply_content = true,
                Role::AttachmentName => r.attachment_name = true,
                _ => {}
            }
        }
        r
    }

    pub(super) fn tag(&mut self, tag: Tag, line: u64) -> TokenSinkResult<()> {
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

    pub(super) fn start_tag(&mut self, tag: &Tag, line: u64) -> TokenSinkResult<()> {
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
            if let Some(close) = self.cur.as_mut().and_then(|b| b.text.open(tag)) {
                role = Role::Close(close);
            }
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
    pub(super) fn message_part(&mut self, tag: &Tag, role: &mut Role) -> Region {
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
    pub(super) fn inner_part(&mut self, tag: &Tag, parent: Region, role: &mut Role) {
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
                } else if class("chatlog__reply-content") {
                    r.content_text.clear();
                    *role = Role::ReplyContent;
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
    pub(super) fn attachment_attrs(&mut self, tag: &Tag) {
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

    pub(super) fn pop(&mut self) {
        if let Some(f) = self.stack.pop() {
            self.close_role(f.role);
        }
    }

    /// What closing an element with `role` finishes.
    pub(super) fn close_role(&mut self, role: Role) {
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
            Role::Close(close) => {
                if let Some(b) = self.cur.as_mut() {
                    b.text.close(close);
                }
            }
            Role::None => {}
            Role::Author
            | Role::AuthorTag
            | Role::Stamp
            | Role::ReplyAuthor
            | Role::ReplyContent
            | Role::AttachmentName => {}
        }
    }
}

/// Which capturing elements are open.
#[derive(Default)]
pub(super) struct Roles {
    author: bool,
    author_tag: bool,
    stamp: bool,
    reply_author: bool,
    reply_content: bool,
    attachment_name: bool,
}
