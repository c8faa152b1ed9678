//! Transcripts to matches: a realistic Traffic Jam round pasted from the
//! Discord client becomes the same events a host would record, with talk,
//! a bot and an edit in between; the report is compared with a golden
//! file, the committed match verifies, and no chat text makes a reader
//! panic.

use arbiter::games::{rush_hour, ChatContext, GameKind, Speaker};
use arbiter::import::{self, events};
use chrono::NaiveDate;
use proptest::prelude::*;

use crate::common;

use common::import::{assert_golden, import_file, transcript as data};

fn options() -> events::ImportOptions {
    events::ImportOptions {
        game: GameKind::RushHour,
        cast: events::Cast {
            players: ["mira".into(), "jonas".into()],
            host: "kg".into(),
            aliases: Default::default(),
        },
        title: "Penzo Cup final, round 1".into(),
        importer: "test".into(),
        source_name: "rush-hour-round.txt".into(),
        config: None,
    }
}

fn imported() -> events::Imported {
    import_file("rush-hour-round.txt", (2026, 11, 14), &options())
}

#[test]
fn a_pasted_round_reads_as_the_hosts_record_and_matches_its_golden_report() {
    // The report, as its golden file has it.
    golden_import("rush-hour-round.txt", (2026, 11, 14));

    let r = imported().report;
    let kinds: Vec<&str> = r.events.iter().map(|e| e.kind).collect();
    assert_eq!(
        kinds,
        [
            "round_start",
            "place",
            "place",
            "place",
            "place",
            "place",
            "place",
            "claim",
            "proof",
            "pass",
            "ruling"
        ]
    );
    assert!(r.events.iter().all(|e| e.rule_error.is_none()), "{r:?}");
    // The solution posted over two messages is one proof of six moves.
    let proof = r.events.iter().find(|e| e.kind == "proof").unwrap();
    assert_eq!(proof.text.split(';').count(), 6);
    assert_eq!(proof.messages, [13, 14]);
    // Every message is accounted for: an event's, talk, or unread.
    let mut seen: Vec<usize> = r.events.iter().flat_map(|e| e.messages.clone()).collect();
    seen.extend(&r.chatter);
    seen.extend(r.unread.iter().map(|u| u.message));
    seen.sort_unstable();
    assert_eq!(seen, (0..r.messages).collect::<Vec<_>>());
    // The bot's reminder and the players' talk are talk; nothing unread.
    assert!(r.unread.is_empty(), "{:?}", r.unread);
    assert_eq!(r.chatter.len(), 5);
    assert_eq!(r.outcome.score["mira"], 1);
}

#[test]
fn a_committed_import_keeps_the_transcript_and_verifies() {
    let (_dir, sealed) = common::import::committed(imported());
    let arbiter::log::Body::Create(c) = &sealed[0].envelope.body else {
        panic!("Create first")
    };
    let source = c.source.as_ref().expect("the transcript is kept");
    assert_eq!(source.text, data("rush-hour-round.txt"));
    assert_eq!(source.format, "discord-paste");
    let findings = common::import::findings(&sealed);
    assert_eq!(findings.len(), 1);
    assert_eq!(findings[0].verdict, arbiter::verify::Verdict::Agrees);
}

#[test]
fn unknown_names_and_options_for_another_game_are_clear_errors() {
    let text = data("rush-hour-round.txt");
    let ctx = import::TimeContext::new(
        chrono_tz::UTC,
        NaiveDate::from_ymd_opt(2026, 11, 14).unwrap(),
    );
    let t = import::read_transcript(&text, None, &ctx).unwrap();
    let mut o = options();
    o.cast.host = "quizmaster".into();
    let e = events::read_match(&t, &text, &o).err().unwrap().to_string();
    assert!(
        e.contains("no message by quizmaster") && e.contains("kg"),
        "{e}"
    );
    // An alias ties another name to the host.
    o.cast.aliases.insert("kg".into(), "quizmaster".into());
    assert!(events::read_match(&t, &text, &o).is_ok());
    // Options for another game than the one named are refused.
    let mut o = options();
    o.config = Some(arbiter::games::GameConfig::Dodgem(Default::default()));
    let e = events::read_match(&t, &text, &o).err().unwrap().to_string();
    assert!(e.contains("options given are for dodgem"), "{e}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]
    /// Whatever a player or the host writes, the reader answers.
    #[test]
    fn the_chat_reader_never_panics(text in "\\PC{0,80}(\n\\PC{0,40}){0,7}", host in any::<bool>()) {
        let players = ["mira".to_string(), "jonas".to_string()];
        let ctx = ChatContext::new(&players, 1);
        let speaker = if host { Speaker::Host } else { Speaker::Player(0) };
        let _ = rush_hour::notation::read_chat(&text, speaker, &ctx);
    }

    /// Chat made of the notation's own words, in any order.
    #[test]
    fn notation_like_chat_never_panics(words in proptest::collection::vec(
        prop_oneof![
            Just("round"), Just("target"), Just("first"), Just("mira"), Just("wins"),
            Just("the"), Just("round 2 to"), Just("X up"), Just("B1"), Just("C7"),
            Just("Z right 9"), Just(";"), Just(","), Just("\n"), Just("cars:"), Just("......"),
            Just("ZZ...."), Just("3"), Just("moves"), Just("pass"), Just("```"), Just(":x:"),
        ],
        0..30,
    ), host in any::<bool>()) {
        let text = words.join(" ");
        let players = ["mira".to_string(), "jonas".to_string()];
        let ctx = ChatContext::new(&players, 0);
        let speaker = if host { Speaker::Host } else { Speaker::Player(1) };
        let _ = rush_hour::notation::read_chat(&text, speaker, &ctx);
    }
}

#[test]
fn a_player_who_runs_over_is_marked_at_that_message() {
    // The same round with mira's solution three minutes after her claim
    // (two are allowed): a minute comes off her reserve.
    let text = data("rush-hour-round.txt")
        .replace(
            "mira — Today at 7:05 PM\n1. W left 2",
            "mira — Today at 7:07 PM\n1. W left 2",
        )
        .replace("[7:05 PM]\nT right", "[7:07 PM]\nT right")
        .replace(
            "jonas — Today at 7:05 PM\npass",
            "jonas — Today at 7:08 PM\npass",
        )
        .replace("kg — Today at 7:06 PM", "kg — Today at 7:09 PM");
    let ctx = import::TimeContext::new(
        chrono_tz::UTC,
        NaiveDate::from_ymd_opt(2026, 11, 14).unwrap(),
    );
    let t = import::read_transcript(&text, None, &ctx).unwrap();
    let r = events::read_match(&t, &text, &options()).unwrap().report;
    let over: Vec<(&str, &str)> = r
        .events
        .iter()
        .filter_map(|e| e.overtime.as_deref().map(|o| (e.kind, o)))
        .collect();
    assert_eq!(over.len(), 1, "{over:?}");
    assert_eq!(over[0].0, "proof");
    assert!(over[0].1.starts_with("mira ran 60.0 s over"), "{over:?}");
}

/// Reads a transcript of the Penzo Cup round (names tied by alias where an
/// export shows usernames) and compares its report with its golden file.
fn golden_import(file: &str, date: (i32, u32, u32)) -> events::ImportReport {
    let mut o = options();
    for (other, name) in [("mira.k", "mira"), ("jonas_", "jonas"), ("kg_hosts", "kg")] {
        o.cast.aliases.insert(other.into(), name.into());
    }
    let r = import_file(file, date, &o).report;
    assert_golden(&format!("{file}.json"), &r);
    r
}

/// The same round as a paste, a DCE PlainText, CSV, JSON and HTML export
/// reads as the same events, by the same people.
#[test]
fn every_format_of_one_round_gives_the_same_events() {
    let play = |r: &events::ImportReport| -> Vec<(String, String, String)> {
        r.events
            .iter()
            .map(|e| (e.kind.to_string(), e.text.clone(), e.by.clone()))
            .collect()
    };
    let paste = golden_import("rush-hour-round.txt", (2026, 11, 14));
    for (file, format) in [
        ("rush-hour-round.dce.txt", "dce-txt"),
        ("rush-hour-round.dce.csv", "dce-csv"),
        ("rush-hour-round.dce.json", "dce-json"),
        ("rush-hour-round.dce.html", "dce-html"),
    ] {
        let r = golden_import(file, (2026, 11, 14));
        assert_eq!(r.format, format);
        assert_eq!(play(&r), play(&paste), "{file}");
        assert!(r.unread.is_empty(), "{file}: {:?}", r.unread);
        assert_eq!(r.outcome.score["mira"], 1, "{file}");
    }
}

/// A 2025 paste that crosses midnight with bare times, where the host
/// corrects a mistyped placement: the mistyped one is kept with its rule
/// error and changes nothing, the corrected one counts, and the clock
/// charges the time the correction took.
#[test]
fn a_mistyped_placement_the_host_corrects_across_midnight() {
    let r = golden_import("rush-hour-round-2025.txt", (2026, 11, 15));
    let bad: Vec<&events::ReadEvent> = r.events.iter().filter(|e| e.rule_error.is_some()).collect();
    assert_eq!(bad.len(), 1);
    assert_eq!(bad[0].text, "A1 B2");
    assert!(bad[0]
        .rule_error
        .as_ref()
        .unwrap()
        .contains("not in a line"));
    let fixed = r.events.iter().find(|e| e.text == "A1 B1 C1").unwrap();
    assert!(fixed.rule_error.is_none());
    assert!(fixed
        .overtime
        .as_ref()
        .unwrap()
        .starts_with("jonas ran 60.0 s over"));
    // The day turned between 23:59 and 00:00.
    assert_eq!(
        fixed.at.date_naive(),
        NaiveDate::from_ymd_opt(2026, 11, 15).unwrap()
    );
    assert_eq!(
        bad[0].at.date_naive(),
        NaiveDate::from_ymd_opt(2026, 11, 14).unwrap()
    );
    assert_eq!(r.outcome.score["mira"], 1);
}

/// The HTML export of the round reads as its JSON export message by
/// message: the same people (username first, display name beside), the
/// same instants to the millisecond (from the ids, not the page's stamps)
/// and the same text, markdown and fences included. The page adds a
/// mention, a custom emoji, an attachment, an embed and a reply the JSON
/// does not have.
#[test]
fn the_html_export_reads_as_the_json_export() {
    let ctx = import::TimeContext::new(
        chrono_tz::UTC,
        NaiveDate::from_ymd_opt(2026, 11, 15).unwrap(),
    );
    let read = |file: &str| import::read_transcript(&data(file), None, &ctx).unwrap();
    let (html, json) = (
        read("rush-hour-round.dce.html"),
        read("rush-hour-round.dce.json"),
    );
    assert_eq!(html.format, import::Format::DceHtml);
    assert_eq!(html.messages.len(), json.messages.len());
    for (h, j) in html.messages.iter().zip(&json.messages) {
        let i = h.index;
        // The bot's username carries its discriminator, as in the TXT export.
        let author = if h.is_bot { "Parkbot#0420" } else { &j.author };
        assert_eq!(h.author, author, "message {i}");
        assert_eq!(h.author_id, j.author_id, "message {i}");
        let nick = j.aliases.first().unwrap_or(&j.author);
        assert_eq!(h.aliases, std::slice::from_ref(nick), "message {i}");
        assert_eq!(h.is_bot, j.is_bot, "message {i}");
        assert_eq!(h.at, j.at, "message {i}");
        let text = match i {
            1 => format!("{} @jonas :gg: <3", j.text),
            _ => j.text.clone(),
        };
        assert_eq!(h.text, text, "message {i}");
        let extra: &[import::Flag] = match i {
            3 => &[import::Flag::Attachment("round1-board.png".into())],
            9 => &[import::Flag::Embed],
            15 => &[import::Flag::Reply {
                to: "mira.k".into(),
            }],
            _ => &[],
        };
        let mut flags = j.flags.clone();
        flags.extend_from_slice(extra);
        flags.sort();
        let mut got = h.flags.clone();
        got.sort();
        assert_eq!(got, flags, "message {i}");
    }
    assert!(html.notes[0].contains("snowflake"), "{:?}", html.notes);
}

/// Reads a pasted transcript (copied on 2026-11-20, UTC) as a Traffic Jam
/// match between mira and jonas hosted by kg.
fn paste(text: &str) -> events::ImportReport {
    let ctx = import::TimeContext::new(
        chrono_tz::UTC,
        NaiveDate::from_ymd_opt(2026, 11, 20).unwrap(),
    );
    let t = import::read_transcript(text, None, &ctx).unwrap();
    events::read_match(&t, text, &options()).unwrap().report
}

/// A setup naming someone who is no player is unread, with the author it
/// probably means; the moves after it are refused by the rules, and the
/// report explains them once, by that message, instead of one by one.
#[test]
fn an_unread_setup_is_named_once_as_the_cause_of_the_refusals_after_it() {
    let r = paste(
        "kg — Today at 8:00 PM\nRound 1 · target 2 moves. @mir goes first\n\
         mira — Today at 8:01 PM\nC2 C3\n\
         jonas — Today at 8:01 PM\nE1 E2\n\
         mira — Today at 8:02 PM\nF5 F6\n\
         jonas — Today at 8:02 PM\nA5 A6\n\
         kg — Today at 8:03 PM\nround 1 to mira\n",
    );
    let u = r
        .unread
        .iter()
        .find(|u| u.message == 0)
        .expect("the setup is unread");
    assert!(
        u.reason
            .contains("'mir' looks like mira: add --alias mir=mira"),
        "{}",
        u.reason
    );
    assert_eq!(r.cascades.len(), 1, "{:#?}", r.cascades);
    let c = &r.cascades[0];
    assert_eq!((c.from, c.refused >= 3), (1, true), "{c:?}");
    assert!(c.cause.starts_with("message 0 was not read"), "{}", c.cause);
    assert!(r.notes[0].starts_with("messages 1–"), "{:?}", r.notes);
}

/// A ruling the rules give to the other player is flagged at its message.
#[test]
fn a_ruling_the_rules_disagree_with_is_flagged_at_its_message() {
    let r = paste(
        "kg — Today at 8:00 PM\nRound 1 · target 2 moves. mira goes first\n\
         mira — Today at 8:01 PM\nC2 C3\n\
         mira — Today at 8:01 PM\nfinished\n\
         mira — Today at 8:02 PM\nY up\nZ right\n\
         jonas — Today at 8:02 PM\npass\n\
         kg — Today at 8:03 PM\nround 1 to jonas\n",
    );
    assert!(r.unread.is_empty(), "{:?}", r.unread);
    assert_eq!(
        r.rulings_in_question.len(),
        1,
        "{:#?}",
        r.rulings_in_question
    );
    let d = &r.rulings_in_question[0];
    assert_eq!(d.verdict, "disagrees");
    assert_eq!(d.message, 5);
    assert!(d.by_rules.contains("round to mira"), "{d:?}");
}
