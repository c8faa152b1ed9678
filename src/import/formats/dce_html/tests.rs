//! The DCE HTML reader's tests: exact times, entities, the parts of a
//! message, markdown written back, replies, the line account, detection
//! and garbage that must not panic.

use chrono::NaiveDate;
use proptest::prelude::*;

use super::message::{snowflake_time, DISCORD_EPOCH_MS};
use super::*;
use crate::import::tests::piece_or_noise;
use crate::import::{detect, read_transcript, Flag, SkipReason};

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
            &format!(r#"<div class="chatlog__reply">{inner}</div><div class="chatlog__header">"#),
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
    // A slash command's header is not a reply: it says who used which.
    let t = read(&page(&reply(
        r#"<div class="chatlog__reply-author" title="reds_">Reds</div><div class="chatlog__reply-content">
          used /board
        </div>"#,
    )));
    assert_eq!(
        t.messages[0].flags,
        [Flag::Command {
            by: "reds_".into(),
            command: "board".into()
        }]
    );
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

/// Pieces of DCE pages and of broken ones, for the fuzz below (each as
/// likely as any other arm, as when each was its own arm).
const FRAGMENTS: &[&str] = &[
    "<!DOCTYPE html>",
    "<div class=\"chatlog__message-group\">",
    "<div class=\"chatlog__message-container\" data-message-id=\"175928847299117063\">",
    "<div class=\"chatlog__message-container\" data-message-id=\"99999999999999999999999\">",
    "<span class=\"chatlog__author\" title=\"reds_\" data-user-id=\"1\">Reds</span>",
    "<span class=\"chatlog__author-tag\">BOT</span>",
    "<span class=\"chatlog__timestamp\"><a>11/21/2026 3:45 PM</a></span>",
    "<div class=\"chatlog__short-timestamp\">",
    "<div class=\"chatlog__content chatlog__markdown\">",
    "<span class=\"chatlog__markdown-preserve\">",
    "<span class=\"chatlog__system-notification-content\">",
    "<code class=\"chatlog__markdown-pre chatlog__markdown-pre--multiline\">",
    "<code class=\"chatlog__markdown-pre chatlog__markdown-pre--inline\">",
    "<div class=\"chatlog__markdown-quote\">",
    "<div class=\"chatlog__reply\">",
    "<span class=\"chatlog__reply-link\" onclick=\"scrollToMessage(event, '7')\">",
    "<div class=\"chatlog__embed\">",
    "<div class=\"chatlog__attachment\">",
    "<div class=\"chatlog__attachment-generic-name\">",
    "<div class=\"chatlog__reactions\">",
    "<div class=\"chatlog__sticker\">",
    "<img class=\"chatlog__emoji\" alt=\"kekw\">",
    "<span class=\"chatlog__edited-timestamp\">(edited)</span>",
    "<br>",
    "<strong>",
    "<script>",
    "<style>",
    "<plaintext>",
    "<title>",
    "<!--wmm:ignore-->",
    "<!--",
    "</div>",
    "</span>",
    "</code>",
    "</script>",
    "&amp;&#128521;&#0;&#x110000;&bogus",
    "\n",
    "   1 2 3\n",
    "\0",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    /// Any mix of DCE's elements, text and garbage reads or errs, and
    /// accounts for every line when it reads.
    #[test]
    fn html_fragments_never_panic(parts in proptest::collection::vec(piece_or_noise(FRAGMENTS), 0..60)) {
        let text = parts.concat();
        let _ = looks_like(&text);
        if let Ok(t) = read_transcript(&text, Some(Format::DceHtml), &ctx()) {
            assert_accounted(&t);
        }
    }
}
