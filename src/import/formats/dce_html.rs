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
//!
//! Its parts: `reader.rs` walks the tokens and knows the page's elements,
//! `markdown.rs` writes a text back, `message.rs` finishes a message and
//! `account.rs` accounts for every line.

use std::cell::RefCell;

use html5ever::tendril::StrTendril;
use html5ever::tokenizer::{
    BufferQueue, Token, TokenSink, TokenSinkResult, Tokenizer, TokenizerOpts,
};

use crate::import::{lines_of, Format, ImportError, TimeContext, Transcript};
use message::MAX_STRAY_NOTES;
use reader::Reader;

mod account;
mod markdown;
mod message;
mod reader;

/// True for a DCE HTML page: a `<!DOCTYPE html>` (any case) first and
/// DCE's `chatlog__` classes somewhere.
pub fn looks_like(text: &str) -> bool {
    let start = text.trim_start().as_bytes();
    start
        .get(..14)
        .is_some_and(|s| s.eq_ignore_ascii_case(b"<!doctype html"))
        && text.contains("chatlog__")
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
mod tests;
