//! Tests over the example transcripts in `tests/data/import` (one Traffic
//! Jam match per format), the traps from the issue, and properties: no
//! input panics, and every line is accounted for.
//!
//! Like the readers it tests, must not import the store (`log`) or a page
//! (`web`).

use chrono::{NaiveDate, TimeZone, Utc};
use chrono_tz::Tz;
use proptest::prelude::*;

use super::*;

const PASTE_2023: &str = include_str!("../../tests/data/import/paste-2023.txt");
const PASTE_2025: &str = include_str!("../../tests/data/import/paste-2025.txt");
const DCE_TXT: &str = include_str!("../../tests/data/import/dce.txt");
const DCE_CSV: &str = include_str!("../../tests/data/import/dce.csv");
const DCE_JSON: &str = include_str!("../../tests/data/import/dce.json");
const DCE_HTML: &str = include_str!("../../tests/data/import/rush-hour-round.dce.html");

fn ctx(tz: Tz, y: i32, m: u32, d: u32) -> TimeContext {
    TimeContext::new(tz, NaiveDate::from_ymd_opt(y, m, d).unwrap())
}

/// `text` read as pasted on `y-m-d` in UTC, its format detected.
fn read_utc(text: &str, y: i32, m: u32, d: u32) -> Transcript {
    read_transcript(text, None, &ctx(chrono_tz::UTC, y, m, d)).unwrap()
}

fn utc(y: i32, mo: u32, d: u32, h: u32, mi: u32) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(y, mo, d, h, mi, 0).unwrap()
}

/// Every source line is message text or skipped, exactly once.
fn assert_accounted(t: &Transcript) {
    let mut seen = vec![0u32; t.line_count + 1];
    for m in &t.messages {
        for &l in &m.text_lines {
            seen[l] += 1;
        }
    }
    for s in &t.skipped {
        seen[s.line] += 1;
    }
    let bad: Vec<(usize, u32)> = seen
        .iter()
        .enumerate()
        .skip(1)
        .filter(|(_, &c)| c != 1)
        .map(|(l, &c)| (l, c))
        .collect();
    assert!(
        bad.is_empty(),
        "lines not accounted once (line, times): {bad:?}"
    );
}

/// `text` read with its format detected as `format`, every line
/// accounted for, and `count` messages.
fn read_as(text: &str, format: Format, c: &TimeContext, count: usize) -> Transcript {
    assert_eq!(detect(text), Some(format));
    let t = read_transcript(text, None, c).unwrap();
    assert_accounted(&t);
    assert_eq!(t.messages.len(), count, "{:#?}", texts(&t));
    t
}

fn texts(t: &Transcript) -> Vec<(&str, &str)> {
    t.messages
        .iter()
        .map(|m| (m.author.as_str(), m.text.as_str()))
        .collect()
}

fn skipped_why(t: &Transcript, line_text: &str) -> Vec<SkipReason> {
    t.skipped
        .iter()
        .filter(|s| s.text.trim() == line_text)
        .map(|s| s.why)
        .collect()
}

#[test]
fn paste_2023_reads_every_message() {
    let c = ctx(chrono_tz::America::Chicago, 2023, 3, 25);
    let t = read_as(PASTE_2023, Format::DiscordPaste, &c, 17);
    let m = &t.messages;
    let authors: Vec<&str> = m.iter().map(|m| m.author.as_str()).collect();
    assert_eq!(
        authors,
        [
            "Quizmaster",
            "HostBot",
            "reds_",
            "reds_",
            "Mika ✦",
            "prime31",
            "reds_",
            "Mika ✦",
            "Mika ✦",
            "Quizmaster",
            "reds_",
            "reds_",
            "Mika ✦",
            "Mika ✦",
            "Quizmaster",
            "reds_",
            ""
        ]
    );
    // Bot tag stripped; the board keeps its leading spaces and its dash line.
    assert!(m[1].is_bot && !m[0].is_bot);
    assert!(m[1]
        .text
        .starts_with("Round 4 — board 6×6, 3 cars each\n   1 2 3 4 5 6\nA  . ."));
    // A follow-up marker starts a message; `(edited)` is a flag, not text.
    assert_eq!(m[3].text, "C4 C5 C6");
    assert_eq!(m[3].stamp, "9:04 PM");
    assert!(m[3].has(&Flag::Edited) && !m[2].has(&Flag::Edited));
    // Interface words are skipped.
    assert_eq!(m[4].text, "A3 B3");
    assert_eq!(skipped_why(&t, "Add Reaction"), [SkipReason::Interface]);
    // Blank lines inside a message stay; between messages they are skipped.
    assert_eq!(m[7].text, "E5 E6\n\nhmm wait");
    assert_eq!(m[5].text, "watching this one, good luck both");
    assert_eq!(skipped_why(&t, "March 24, 2023"), [SkipReason::DayDivider]);
    assert_eq!(skipped_why(&t, "March 23, 2023"), [SkipReason::DayDivider]);
    // Times: 9:02 PM CDT = 02:02 UTC next day.
    assert_eq!(m[0].at, utc(2023, 3, 24, 2, 2));
    assert_eq!(m[9].at, utc(2023, 3, 25, 4, 50)); // Yesterday at 11:50 PM
                                                  // Day boundary: `[12:01 AM]` after `Yesterday at 11:58 PM` is the next day.
    assert_eq!(m[10].at, utc(2023, 3, 25, 4, 58));
    assert_eq!(m[11].at, utc(2023, 3, 25, 5, 1));
    assert_eq!(m[11].text, "A3 up 1; X right 4");
    // The reply preview is not reds_'s text, and marks Mika's reply.
    assert_eq!(m[12].flags, [Flag::Reply { to: "reds_".into() }]);
    assert_eq!(m[12].text, "impossible, your C car blocks row C for good");
    assert_eq!(skipped_why(&t, "@reds_"), [SkipReason::ReplyPreview]);
    assert!(m.iter().all(|m| m.text != "finished\n@reds_\nfinished"));
    // The attachment preview's "moves" are not text.
    assert_eq!(m[13].text, "");
    assert_eq!(m[13].flags, [Flag::Attachment("round5.txt".into())]);
    assert_eq!(skipped_why(&t, "A1 A2"), [SkipReason::AttachmentPreview]);
    assert_eq!(skipped_why(&t, "1 KB"), [SkipReason::AttachmentTrailer]);
    // `sure — 23:30` stays text under the `Today at` style; reactions go.
    assert_eq!(m[15].text, "gg\nnext round tomorrow? I said\nsure — 23:30");
    assert!(m[15].has(&Flag::Reactions));
    assert_eq!(skipped_why(&t, "2"), [SkipReason::Reactions]);
    // A system notice.
    assert_eq!(m[16].text, "tomcat hopped into the server.");
    assert!(m[16].has(&Flag::System));
    assert_eq!(m[16].at, utc(2023, 3, 25, 5, 15));
    assert!(t.notes.iter().any(|n| n.contains("sure — 23:30")));
}

#[test]
fn a_post_that_ends_with_a_mention_keeps_it_as_text() {
    // `@name text` / `text` / header looks like a reply preview without its
    // blank line; a line that mentions two people, or an `@name` no author
    // answers to without the blank line, is the post's own text.
    let paste = "quill — Today at 7:19 PM
Dodgem, 3x3
@Moss is blue, @Fern is red. Blue moves first.
2 min per move
Moss — Today at 7:19 PM
glhf
quill — Today at 7:20 PM
@Moss you start
then Fern
Fern — Today at 7:21 PM
ok
";
    let t = read_utc(paste, 2026, 11, 20);
    assert_accounted(&t);
    let m = &t.messages;
    assert_eq!(
        m[0].text,
        "Dodgem, 3x3\n@Moss is blue, @Fern is red. Blue moves first.\n2 min per move"
    );
    assert_eq!(m[1].text, "glhf");
    // `@Moss` is an author here: without a blank line it is still a
    // preview only when it names them alone.
    assert_eq!(m[2].text, "@Moss you start\nthen Fern");
    assert!(m[3].flags.is_empty());
}

#[test]
fn paste_2025_reads_bare_times_split_headers_and_merges() {
    let c = ctx(chrono_tz::Europe::Helsinki, 2025, 11, 21);
    let t = read_as(PASTE_2025, Format::DiscordPaste, &c, 14);
    let m = &t.messages;
    // 19/11 settles day-first for the whole paste; 21.58 EET = 19:58 UTC.
    assert_eq!(m[0].at, utc(2025, 11, 19, 19, 58));
    assert!(m[2].is_bot);
    assert!(m[6].has(&Flag::Edited) && m[6].text == "B5 C5");
    // ` — Yesterday at 23.59` under `reds_` / blank / clan tag.
    assert_eq!(m[8].author, "reds_");
    assert_eq!(m[8].text, "finished");
    assert_eq!(m[8].at, utc(2025, 11, 20, 21, 59));
    // Bare times are today, after midnight.
    assert_eq!(m[9].author, "Mika ✦");
    assert_eq!(m[9].at, utc(2025, 11, 20, 22, 2));
    assert_eq!(m[10].flags, [Flag::Reply { to: "reds_".into() }]);
    // No follow-up markers: grouped messages merge.
    assert_eq!(
        m[11].text,
        "C4 up 3? no wait\nX right 1; C down 2; X right 3"
    );
    // `sure — 23:30`: unknown author, out of order: text, with a note.
    assert_eq!(
        m[12].text,
        "Quizmaster said round 7 is tomorrow\nsure — 23:30\nworks for me"
    );
    assert!(t.notes.iter().any(|n| n.contains("kept as message text")));
    // Count-only reactions at the end.
    assert!(m[13].has(&Flag::Reactions));
    assert!(m[13].text.ends_with("claim fails."));
}

#[test]
fn dce_txt_reads_blocks_pins_and_footer() {
    let c = ctx(chrono_tz::Europe::Berlin, 2026, 11, 22);
    let t = read_as(DCE_TXT, Format::DceTxt, &c, 14);
    let m = &t.messages;
    assert!(m[0].has(&Flag::Pinned));
    assert_eq!(m[0].author, "quizmaster");
    assert!(m[1].has(&Flag::System));
    assert_eq!(m[2].author, "HostBot#4410");
    assert!(m[2].text.contains("```\n   1 2 3 4 5 6\nA  . ."));
    assert_eq!(m[4].text, "C4 C5 C6");
    assert!(m[4].has(&Flag::Reactions));
    assert_eq!(m[6].text, "A3 B3\n\nor wait, is A3 legal there?");
    // A header-shaped line inside a message (no blank line above) is text.
    assert_eq!(
        m[9].text,
        "impossible\n[11/21/2026 3:45 PM] reds_ blocked row C with that D car"
    );
    assert_eq!(
        m[10].flags,
        [Flag::Attachment("round1-solution.txt".into())]
    );
    assert!(m[11].has(&Flag::Embed) && m[11].text.is_empty());
    assert_eq!(
        m[11].embeds,
        ["Round 1 result\nreds_ wins the round (solution checked, 5 moves)\nmika.ts: claim \"impossible\" rejected"]
    );
    assert!(m[13].has(&Flag::Forwarded) && m[13].text.is_empty());
    // 3:40 PM in Berlin (CET) = 14:40 UTC.
    assert_eq!(m[0].at, utc(2026, 11, 21, 14, 40));
    assert_eq!(
        skipped_why(&t, "Exported 14 message(s)"),
        [SkipReason::Footer]
    );
    assert_eq!(skipped_why(&t, "Guild: Puzzle Pit"), [SkipReason::Banner]);
}

#[test]
fn dce_csv_reads_quoted_multiline_fields() {
    let c = ctx(chrono_tz::UTC, 2026, 11, 22);
    let t = read_as(DCE_CSV, Format::DceCsv, &c, 11);
    let m = &t.messages;
    assert_eq!(m[1].author, "HostBot");
    assert!(m[1].text.contains("```\n   1 2 3 4 5 6\n"));
    assert_eq!(m[1].lines, 3..13);
    assert_eq!(m[4].text, "E3 F3\n\n(\"vertical\", before anyone asks)");
    assert_eq!(
        m[0].at,
        Utc.with_ymd_and_hms(2026, 11, 21, 14, 40, 12).unwrap()
            + chrono::Duration::milliseconds(81)
    );
    assert_eq!(m[3].author_id.as_deref(), Some("558899001122334455"));
    assert!(m[3].has(&Flag::Reactions));
    assert_eq!(
        m[9].flags,
        [
            Flag::Attachment("round2.png".into()),
            Flag::Attachment("round2.txt".into()),
            Flag::Reactions
        ]
    );
    assert_eq!(
        skipped_why(
            &t,
            "\"AuthorID\",\"Author\",\"Date\",\"Content\",\"Attachments\",\"Reactions\""
        ),
        [SkipReason::CsvHeader]
    );
}

#[test]
fn dce_csv_with_local_dates_decides_the_order() {
    let csv = "AuthorID,Author,Date,Content,Attachments,Reactions\n\"1\",\"reds_\",\"11/21/2026 3:45 PM\",\"B1 B2\",\"\",\"\"\n\"2\",\"mika.ts\",\"11/21/2026 3:46 PM\",\"C4 C5 C6\",\"\",\"\"\n";
    let t = read_utc(csv, 2026, 11, 22);
    assert_eq!(t.messages[1].at, utc(2026, 11, 21, 15, 46));
    assert_accounted(&t);
}

#[test]
fn dce_json_reads_names_kinds_and_replies() {
    let c = ctx(chrono_tz::UTC, 2026, 11, 22);
    let t = read_as(DCE_JSON, Format::DceJson, &c, 11);
    let m = &t.messages;
    assert_eq!(m[0].author, "quizmaster");
    assert_eq!(m[0].aliases, ["Quizmaster"]);
    assert!(m[0].has(&Flag::Pinned));
    assert!(m[1].has(&Flag::System));
    assert!(m[2].is_bot && !m[2].has(&Flag::System)); // type "20": a slash command reply
    assert_eq!(m[4].aliases, ["Mika ✦"]);
    assert!(m[4].has(&Flag::Edited));
    assert!(m[7].has(&Flag::Reactions));
    assert_eq!(m[8].flags, [Flag::Reply { to: "reds_".into() }]);
    assert_eq!(m[9].flags, [Flag::Attachment("round3.txt".into())]);
    assert_eq!(m[10].text, "reds_ wins the round 😉");
    assert_eq!(
        m[0].at,
        Utc.with_ymd_and_hms(2026, 11, 21, 19, 0, 3).unwrap() + chrono::Duration::milliseconds(412)
    );
    assert_eq!(m[3].text, "C3 D3 E3");
}

#[test]
fn dce_html_reads_groups_follow_ups_and_parts() {
    let c = ctx(chrono_tz::UTC, 2026, 11, 14);
    let t = read_as(DCE_HTML, Format::DceHtml, &c, 17);
    let m = &t.messages;
    assert_eq!(
        (m[0].author.as_str(), m[0].aliases.as_slice()),
        ("kg_hosts", &["kg".to_string()][..])
    );
    assert!(m[0].has(&Flag::Pinned));
    // A mention, a custom emoji and an entity in one text.
    assert_eq!(m[1].text, "glhf @jonas :gg: <3");
    // The board keeps its fences; the image beside it is an attachment.
    assert_eq!(
        m[3].text,
        "**Round 1** — target 6 moves. jonas goes first.\n```\n......\n...YY.\nZZ....\n......\n......\n......\n```"
    );
    assert_eq!(m[3].flags, [Flag::Attachment("round1-board.png".into())]);
    assert!(m[8].has(&Flag::Edited));
    assert!(m[9].is_bot && m[9].has(&Flag::Embed));
    assert_eq!(
        m[9].embeds,
        ["Parkbot clock\nReserve left\njonas\n4:54\nmira\n5:00\nPenzo Cup & friends"]
    );
    // Follow-ups: the group's author, their own short stamp and time.
    assert_eq!(
        (m[11].author.as_str(), m[11].stamp.as_str()),
        ("mira.k", "7:04 PM")
    );
    assert_eq!(
        m[11].at,
        utc(2026, 11, 14, 19, 4) + chrono::Duration::milliseconds(33_123)
    );
    assert_eq!(m[14].text, "T right\nX up\nZ right");
    assert_eq!(
        m[15].flags,
        [Flag::Reply {
            to: "mira.k".into()
        }]
    );
    assert_eq!(m[16].flags, [Flag::Reactions]);
    // The preamble (style and scripts) and the postamble are skipped.
    assert!(t
        .skipped
        .iter()
        .all(|s| matches!(s.why, SkipReason::Banner | SkipReason::Footer)));
    assert_eq!(skipped_why(&t, "</div>"), [SkipReason::Footer]);
}

#[test]
fn json_with_missing_fields_falls_back_to_the_snowflake() {
    let j = r#"{"messages":[{"id":"175928847299117063","content":"hi"},{"type":19,"content":"x","author":{"name":"a"}}]}"#;
    let t = read_transcript(j, Some(Format::DceJson), &ctx(chrono_tz::UTC, 2026, 1, 1)).unwrap();
    assert_eq!(
        t.messages[0].at.to_rfc3339(),
        "2016-04-30T11:18:25.796+00:00"
    );
    assert_eq!(t.messages[1].at, t.messages[0].at);
    assert_eq!(t.messages[1].author, "a");
    assert_accounted(&t);
}

#[test]
fn ambiguous_dates_ask_the_caller_and_the_answer_is_used() {
    let p = "reds_ — 03/04/2024 9:00 PM\nB1 B2\nMika — 03/04/2024 9:01 PM\nC4 C5 C6\n";
    let mut c = ctx(chrono_tz::UTC, 2024, 6, 1);
    // AM/PM alone does not decide.
    assert!(matches!(
        read_transcript(p, None, &c),
        Err(ImportError::AmbiguousDates { line: 1, .. })
    ));
    c.date_order = Some(DateOrder::DayFirst);
    let t = read_transcript(p, None, &c).unwrap();
    assert_eq!(t.messages[0].at, utc(2024, 4, 3, 21, 0));
    c.date_order = Some(DateOrder::MonthFirst);
    let t = read_transcript(p, None, &c).unwrap();
    assert_eq!(t.messages[0].at, utc(2024, 3, 4, 21, 0));
}

#[test]
fn time_order_across_lines_settles_the_date_order() {
    // 02/03 then 01/04: only day-first (Feb 3? no: 2 Mar → 1 Apr) runs forward.
    let p = "reds_ — 02/03/2024 9:00 PM\nB1 B2\nMika — 01/04/2024 9:01 PM\nC4 C5 C6\n";
    let t = read_utc(p, 2024, 6, 1);
    assert_eq!(t.messages[1].at, utc(2024, 4, 1, 21, 1));
    assert!(t.notes.iter().any(|n| n.contains("day first")));
}

#[test]
fn a_bare_time_going_down_is_the_next_day_and_never_after_the_paste_date() {
    let p = "reds_ — 23:58\nfinished\nMika — 23:59\nimpossible\nreds_ — 00:01\nX right 4\n";
    let t = read_utc(p, 2025, 11, 21);
    let at: Vec<_> = t.messages.iter().map(|m| m.at).collect();
    assert_eq!(
        at,
        [
            utc(2025, 11, 20, 23, 58),
            utc(2025, 11, 20, 23, 59),
            utc(2025, 11, 21, 0, 1)
        ]
    );
}

#[test]
fn sure_2330_under_bare_times_stays_text_when_its_author_never_posts() {
    let p = "reds_ — 14:00\nok\nsure — 23:30\nMika — 14:05\nfine\nreds_ — 14:06\ngo\n";
    let t = read_utc(p, 2025, 11, 21);
    assert_eq!(
        texts(&t),
        [
            ("reds_", "ok\nsure — 23:30"),
            ("Mika", "fine"),
            ("reds_", "go")
        ]
    );
    // The same line is a header when `sure` is a real author who posts again.
    let p2 = "reds_ — 14:00\nok\nsure — 14:01\nhi\nsure — 14:02\nB1 B2\n";
    let t = read_utc(p2, 2025, 11, 21);
    assert_eq!(t.messages.len(), 3);
}

#[test]
fn sure_2330_is_text_in_a_transcript_of_full_dates() {
    let p =
        "reds_ — 03/25/2023 1:39 AM\nB1 B2\nsure — 23:30\nMika — 03/25/2023 1:40 AM\nC4 C5 C6\n";
    let t = read_utc(p, 2023, 3, 27);
    assert_eq!(
        texts(&t),
        [("reds_", "B1 B2\nsure — 23:30"), ("Mika", "C4 C5 C6")]
    );
}

#[test]
fn edited_is_stripped_only_from_the_last_line() {
    let p = "reds_ — Today at 3:45 PM\nB1 B2 (edited) means nothing here\nC4 C5 C6 (edited)\n";
    let t = read_utc(p, 2025, 1, 1);
    assert_eq!(
        t.messages[0].text,
        "B1 B2 (edited) means nothing here\nC4 C5 C6"
    );
    assert_eq!(t.messages[0].flags, [Flag::Edited]);
}

#[test]
fn normalisation_keeps_line_numbers() {
    let p = "\u{FEFF}reds_\u{00A0}— Today at 3:45\u{202F}PM\r\nB1\u{200B} B2\r\n";
    let t = read_utc(p, 2025, 1, 1);
    assert_eq!(texts(&t), [("reds_", "B1 B2")]);
    assert_eq!(t.line_count, 2);
    assert_eq!(t.messages[0].at, utc(2025, 1, 1, 15, 45));
}

#[test]
fn errors_say_what_is_wrong() {
    let c = ctx(chrono_tz::UTC, 2025, 1, 1);
    assert_eq!(read_transcript("  \n", None, &c), Err(ImportError::Empty));
    assert!(matches!(
        read_transcript("just some words\nno headers", None, &c),
        Err(ImportError::NotATranscript { .. })
    ));
    let big = "a".repeat(MAX_INPUT_BYTES + 1);
    assert!(matches!(
        read_transcript(&big, None, &c),
        Err(ImportError::TooLarge { .. })
    ));
    assert!(matches!(
        read_transcript("{\"messages\": 3}", None, &c),
        Err(ImportError::BadJson { .. })
    ));
    assert!(matches!(
        decode(&[b'a', 0xFF, b'b']),
        Err(ImportError::BadEncoding { offset: 1 })
    ));
    assert_eq!(decode(&[0xFF, 0xFE, b'h', 0, b'i', 0]).unwrap(), "hi");
    let e = read_transcript(
        "reds_ — 13/12/2024 9:00\nx\nm — 12/13/2024 9:00\ny\n",
        None,
        &c,
    );
    assert!(
        matches!(e, Err(ImportError::InconsistentDates { .. })),
        "{e:?}"
    );
}

#[test]
fn formats_can_be_forced_and_named() {
    for f in Format::ALL {
        assert_eq!(Format::from_slug(f.slug()), Some(f));
    }
    let c = ctx(chrono_tz::UTC, 2026, 11, 22);
    // A paste read as a TXT export finds no `[date] user` header.
    assert!(read_transcript(PASTE_2023, Some(Format::DceTxt), &c).is_err());
    assert!(read_transcript(DCE_TXT, Some(Format::DceTxt), &c).is_ok());
}

/// A paste of `n` messages in groups, with follow-ups, replies and boards.
fn big_paste(n: usize) -> String {
    let mut s = String::new();
    let names = ["reds_", "Mika ✦", "Quizmaster", "HostBot APP"];
    for i in 0..n {
        let (h, m) = ((i / 60) % 24, i % 60);
        let day = 1 + (i / 1440) % 28;
        if i % 3 == 2 {
            s.push_str(&format!("[{h}:{m:02}]\nC4 C5 C6\n"));
            continue;
        }
        if i % 7 == 0 {
            s.push_str("@reds_\nB1 B2\n\n");
        }
        s.push_str(&format!("{} — 03/{day:02}/2024 {h}:{m:02}\n", names[i % 4]));
        s.push_str("B1 B2\n   1 2 3 4 5 6\nA  . . . . . .\n\nX right 2; Z up 1 (edited)\n");
    }
    s
}

#[test]
fn ten_thousand_messages_parse() {
    let text = big_paste(10_000);
    let mut c = ctx(chrono_tz::UTC, 2024, 6, 1);
    c.date_order = Some(DateOrder::MonthFirst);
    let start = std::time::Instant::now();
    let t = read_transcript(&text, None, &c).unwrap();
    let took = start.elapsed();
    assert_eq!(t.messages.len(), 10_000);
    assert_accounted(&t);
    eprintln!("10,000 messages in {took:?}");
}

#[test]
fn custom_emoji_reactions_before_click_to_react_are_not_text() {
    let p = "reds_ — Today at 3:45 PM\nfinished\n:heart_on_fire:\nClick to react\nMika — Today at 3:46 PM\n3\n";
    let t = read_utc(p, 2025, 1, 1);
    assert_eq!(texts(&t), [("reds_", "finished"), ("Mika", "3")]);
    assert!(t.messages[0].has(&Flag::Reactions));
    // A lone trailing count is an answer, not a reaction.
    assert!(!t.messages[1].has(&Flag::Reactions));
    assert_accounted(&t);
}

#[test]
fn notices_markers_on_the_text_line_and_file_trailers() {
    let p = "bugttchi\n started a call.\n — Today at 21:04\n\
xldn hopped into the server. — Today at 21:05\n\
reds_ — Today at 21:06\nlook\n[9:07 PM] • B1 B2\n\
Attachment file type: acrobat\nrules.pdf\n317.06 KB\n\
https://github.com/x/y/pull/1\nGitHub\nFix the solver\nIt was slow\n";
    let t = read_utc(p, 2025, 1, 1);
    assert_accounted(&t);
    assert_eq!(
        texts(&t),
        [
            ("bugttchi", "started a call."),
            ("", "xldn hopped into the server."),
            ("reds_", "look"),
            ("reds_", "• B1 B2\nhttps://github.com/x/y/pull/1"),
        ]
    );
    assert!(t.messages[0].has(&Flag::System) && t.messages[1].has(&Flag::System));
    assert_eq!(t.messages[3].at, utc(2025, 1, 1, 21, 7));
    assert!(t.messages[3].has(&Flag::Attachment("rules.pdf".into())));
    assert!(t.messages[3].has(&Flag::Embed));
    assert_eq!(
        t.messages[3].embeds,
        ["GitHub\nFix the solver\nIt was slow"]
    );
}

#[test]
fn old_date_only_stamps_and_dst_gaps_are_flagged() {
    let p = "reds_ — 09/02/2022\nB1 B2\n[2:18 PM]\nC4 C5 C6\n";
    let mut c = ctx(chrono_tz::UTC, 2022, 10, 1);
    // 09/02: 2 Sep or 9 Feb, and nothing decides, so the caller is asked.
    assert_eq!(
        read_transcript(p, None, &c),
        Err(ImportError::AmbiguousDates {
            example: "09/02/2022".into(),
            line: 1
        })
    );
    c.date_order = Some(DateOrder::MonthFirst);
    let t = read_transcript(p, None, &c).unwrap();
    assert_eq!(t.messages[0].flags, [Flag::DateOnly]);
    assert_eq!(t.messages[0].at, utc(2022, 9, 2, 0, 0));
    assert_eq!(t.messages[1].at, utc(2022, 9, 2, 14, 18));
    let p = "reds_ — 2:30\nB1 B2\n";
    let t = read_transcript(p, None, &ctx(chrono_tz::Europe::Berlin, 2025, 3, 30)).unwrap();
    assert_eq!(t.messages[0].at, utc(2025, 3, 30, 1, 30)); // 03:30 CEST
    assert!(t.notes.iter().any(|n| n.contains("does not exist")));
}

#[test]
fn a_quoted_today_header_does_not_flip_a_bare_time_paste() {
    let p = "reds_ — 14:00\nas the old client said:\nMika — Today at 3:45 PM\nreds_ — 14:05\nB1 B2\nMika — 14:06\nC4 C5 C6\n";
    let t = read_utc(p, 2025, 11, 21);
    assert_eq!(t.messages.len(), 3);
    assert_eq!(
        t.messages[0].text,
        "as the old client said:\nMika — Today at 3:45 PM"
    );
    assert_eq!(t.messages[2].text, "C4 C5 C6");
}

#[test]
fn dce_txt_old_and_dotted_date_forms() {
    let old = "[20-Jul-21 03:36 PM] reds_\nB1 B2\n\n\n[20-Jul-21 03:40 PM] mika.ts\nC4 C5 C6\n";
    let t = read_utc(old, 2021, 8, 1);
    assert_eq!(t.format, Format::DceTxt);
    assert_eq!(t.messages[1].at, utc(2021, 7, 20, 15, 40));
    assert_accounted(&t);
    let de = "[03.04.2026 15:45] reds_\nB1 B2\n\n\n[03.04.2026 15:46] mika.ts\nfinished\n";
    let t = read_utc(de, 2026, 11, 1);
    assert_eq!(t.messages[0].at, utc(2026, 4, 3, 15, 45));
    assert!(t.notes.iter().any(|n| n.contains("dots")));
}

#[test]
fn stacked_attachment_trailers_stay_linear() {
    // 60,000 lines of trailers with no blank line: quadratic walking would hang.
    let mut p = String::from("reds_ — Today at 3:45 PM\n");
    for i in 0..15_000 {
        p.push_str(&format!("A1 A2\nExpand\nround{i}.txt\n1 KB\n"));
    }
    let start = std::time::Instant::now();
    let t = read_utc(&p, 2025, 1, 1);
    assert!(start.elapsed() < std::time::Duration::from_secs(5));
    assert_eq!(t.messages[0].text, "");
    assert_accounted(&t);
}

#[test]
fn compact_mode_is_a_fallback() {
    let p = "March 18, 2024\n[3:45 PM] reds_: B1 B2\n[3:46 PM] Mika ✦: C4 C5 C6\nand more\n";
    assert_eq!(detect(p), Some(Format::DiscordPaste));
    let t = read_utc(p, 2024, 6, 1);
    assert_eq!(
        texts(&t),
        [("reds_", "B1 B2"), ("Mika ✦", "C4 C5 C6\nand more")]
    );
    assert_eq!(t.messages[1].at, utc(2024, 3, 18, 15, 46));
    assert_accounted(&t);
}

/// Lines that look like a header, a marker or an export's furniture, for
/// the fuzz below (each as likely as any other arm).
const HEADER_LIKE: &[&str] = &[
    "reds_ — Today at 3:45 PM",
    "Mika ✦ — 09.22",
    "sure — 23:30",
    " — Yesterday at 2:06 PM",
    "HostBot APP — 03/04/2024 1:39 AM",
    "x — 25/04/2024 17.03",
    "[2:06 PM]",
    "[2:06 PM] reds_: A1 A2",
    "March 18, 2024",
    "[11/21/2026 3:45 PM] reds_",
    "{Attachments}",
    "Guild: g",
    "Exported 3 message(s)",
    "@reds_",
    "Expand",
    "round5.txt",
    "1 KB",
    "👍",
    "2",
    "A1 A2 (edited)",
    "<!DOCTYPE html>",
    "<div class=\"chatlog__message-container\" data-message-id=\"175928847299117063\">",
    "<span class=\"chatlog__author\" title=\"reds_\">Reds</span>",
    "<span class=\"chatlog__markdown-preserve\">A1 A2",
    "<div class=\"chatlog__content\">",
    "</span></div>",
    "",
    // DCE txt's rule under its header.
    "==============================================================",
];

/// One of `pieces` or a short run of printable ASCII, each as likely as
/// any other, for the readers' fuzz tests.
pub(super) fn piece_or_noise(pieces: &'static [&'static str]) -> impl Strategy<Value = String> {
    prop_oneof![
        pieces.len() as u32 => proptest::sample::select(pieces).prop_map(str::to_string),
        1 => "[ -~]{0,12}".prop_map(|s| s),
    ]
}

fn check_all(text: &str) {
    let c = ctx(chrono_tz::Europe::Berlin, 2025, 3, 30);
    let _ = detect(text);
    for forced in [None].into_iter().chain(Format::ALL.map(Some)) {
        if let Ok(t) = read_transcript(text, forced, &c) {
            assert_accounted(&t);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn arbitrary_text_never_panics(s in "\\PC{0,400}") {
        check_all(&s);
    }

    #[test]
    fn arbitrary_bytes_never_panic(b in proptest::collection::vec(any::<u8>(), 0..400)) {
        check_all(&String::from_utf8_lossy(&b));
        let _ = decode(&b);
    }

    #[test]
    fn example_files_cut_and_shuffled_never_panic(
        file in 0usize..6,
        keep in proptest::collection::vec(any::<bool>(), 0..400),
        cut in any::<proptest::sample::Index>(),
    ) {
        let text = [PASTE_2023, PASTE_2025, DCE_TXT, DCE_CSV, DCE_JSON, DCE_HTML][file];
        let kept: Vec<&str> = text
            .lines()
            .zip(keep.iter().chain(std::iter::repeat(&true)))
            .filter(|(_, k)| **k)
            .map(|(l, _)| l)
            .collect();
        let joined = kept.join("\n");
        let at = cut.index(joined.len() + 1);
        let at = (0..=at).rev().find(|&i| joined.is_char_boundary(i)).unwrap_or(0);
        check_all(&joined[..at]);
    }

    #[test]
    fn header_like_mixes_never_panic_and_account_for_every_line(
        lines in proptest::collection::vec(piece_or_noise(HEADER_LIKE), 0..40)
    ) {
        check_all(&lines.join("\n"));
    }
}
