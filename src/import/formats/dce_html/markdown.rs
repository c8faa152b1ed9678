//! What DCE rendered from a message's markdown, written back as markdown:
//! fences, inline code, bold, italic, underline, strike, spoiler, quotes,
//! lists, headings and emoji, so that a text reads as it does in the
//! other DCE exports.
//!
//! It owns the text being written ([`TextOut`]) and the marker each
//! markdown element writes back when it closes; it knows nothing of the
//! page around a text, and imports nothing from `games/` or `web/`.

use html5ever::tokenizer::Tag;

use super::reader::{attr, has_class};
use crate::import::normalise;

/// What a markdown element writes back when it closes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Close {
    Marker(&'static str),
    Block,
    Quote,
    Fence,
    InlineCode,
}

/// Text written back as markdown.
#[derive(Default)]
pub(super) struct TextOut {
    s: String,
    quote: u32,
    code: u32,
    pending_break: bool,
}

impl TextOut {
    pub(super) fn at_line_start(&self) -> bool {
        self.s.is_empty() || self.s.ends_with('\n')
    }

    pub(super) fn line_start(&mut self) {
        self.pending_break = false;
        if !self.at_line_start() {
            self.s.push('\n');
        }
    }

    pub(super) fn push_char(&mut self, c: char) {
        if self.pending_break && c != '\n' {
            self.line_start();
        }
        self.pending_break = false;
        if self.quote > 0 && c != '\n' && self.at_line_start() {
            self.s.push_str("> ");
        }
        self.s.push(c);
    }

    pub(super) fn push(&mut self, t: &str) {
        t.chars().for_each(|c| self.push_char(c));
    }

    /// The text without blank lines around it; the first line keeps its
    /// leading spaces (a board's first row may start with them). Decoded
    /// entities are normalised like the source (DCE writes U+00A0 as
    /// `&#160;`).
    pub(super) fn finish(self) -> String {
        let s = normalise(&self.s);
        let s = s.trim_end();
        let first = s.find(|c: char| !c.is_whitespace()).unwrap_or(s.len());
        let from = s[..first].rfind('\n').map_or(0, |i| i + 1);
        s[from..].to_string()
    }
}

/// An embed's text: its lines trimmed, empty ones dropped.
pub(super) fn tidy(s: &str) -> String {
    normalise(s)
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join("\n")
}

/// An emoji image's text: `:name:` for a custom emoji (DCE writes its bare
/// name as `alt`), the character itself for a unicode one.
pub(super) fn emoji_text(alt: &str) -> String {
    let alt = alt.trim();
    let word = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == '-' || c == '~';
    if !alt.is_empty() && alt.chars().all(word) {
        format!(":{alt}:")
    } else {
        alt.to_string()
    }
}

impl TextOut {
    /// A tag inside a message text: the markdown it opens, written now,
    /// and what it writes back when it closes (`None`: nothing).
    pub(super) fn open(&mut self, tag: &Tag) -> Option<Close> {
        let name: &str = &tag.name;
        let class = |c: &str| has_class(tag, c);
        let classes = attr(tag, "class").unwrap_or("");
        let multiline = classes.contains("pre--multiline");
        let inline_code = classes.contains("pre--inline");
        match name {
            "br" => {
                self.push_char('\n');
                None
            }
            "img" => {
                if let Some(alt) = attr(tag, "alt") {
                    if class("chatlog__emoji") || class("emoji") {
                        self.push(&emoji_text(alt));
                    } else {
                        self.push(alt);
                    }
                }
                None
            }
            // Inside code, tags are not markdown (a `<code>` in a `<pre>`).
            _ if self.code > 0 => None,
            _ if multiline || name == "pre" => {
                let lang = classes
                    .split_ascii_whitespace()
                    .find_map(|c| c.strip_prefix("language-"))
                    .unwrap_or("");
                self.line_start();
                self.push("```");
                self.push(lang);
                self.push_char('\n');
                self.code += 1;
                Some(Close::Fence)
            }
            _ if inline_code || name == "code" => {
                self.push("`");
                self.code += 1;
                Some(Close::InlineCode)
            }
            _ if class("chatlog__markdown-quote") || name == "blockquote" => {
                self.line_start();
                self.quote += 1;
                Some(Close::Quote)
            }
            _ if class("chatlog__markdown-spoiler") => {
                self.push("||");
                Some(Close::Marker("||"))
            }
            "strong" | "b" => {
                self.push("**");
                Some(Close::Marker("**"))
            }
            "em" | "i" => {
                self.push("*");
                Some(Close::Marker("*"))
            }
            "u" => {
                self.push("__");
                Some(Close::Marker("__"))
            }
            "s" | "del" | "strike" => {
                self.push("~~");
                Some(Close::Marker("~~"))
            }
            "li" => {
                self.line_start();
                self.push("- ");
                Some(Close::Block)
            }
            "h1" | "h2" | "h3" | "h4" | "h5" | "h6" => {
                self.line_start();
                let level = name[1..].parse::<usize>().unwrap_or(1);
                self.push(&"#".repeat(level));
                self.push(" ");
                Some(Close::Block)
            }
            "div" | "p" | "ul" | "ol" | "table" | "tr" => {
                self.line_start();
                Some(Close::Block)
            }
            _ => None,
        }
    }

    /// Writes what an element [`TextOut::open`] opened writes back when it
    /// closes.
    pub(super) fn close(&mut self, close: Close) {
        match close {
            Close::Marker(m) => self.push(m),
            Close::Block => self.pending_break = true,
            Close::Quote => {
                self.quote = self.quote.saturating_sub(1);
                self.pending_break = true;
            }
            Close::Fence => {
                self.code = self.code.saturating_sub(1);
                self.line_start();
                self.push("```");
                self.pending_break = true;
            }
            Close::InlineCode => {
                self.code = self.code.saturating_sub(1);
                self.push("`");
            }
        }
    }
}
