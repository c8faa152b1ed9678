//! An x's-and-lines game pasted from the Discord client becomes the
//! host's record: the host names player 1, the players place eight x's
//! and draw lines in the ways they write them (`x on F7`, `A7 → F7`, `f7
//! to c5 via c7`, `F2-F5-H5`), with talk, a bot, an edit and grouped
//! follow-ups in between. One line is an L written without its corner
//! (the reader asks where it turns instead of guessing) and is drawn again
//! right after; the player who draws the last line loses. The report is compared with a golden file, and no
//! chat text makes the reader panic.
//! Committed, the log keeps the transcript and the host's ruling agrees
//! with the rules.

use crate::common;

use arbiter::games::xs_and_lines::{self, rules};
use arbiter::games::{ChatContext, GameConfig, GameKind, Placement, Speaker};
use arbiter::import::events;
use arbiter::log::Body;
use proptest::prelude::*;

const FILE: &str = "xs-and-lines-game.txt";

fn options() -> events::ImportOptions {
    events::ImportOptions {
        game: GameKind::XsAndLines,
        cast: events::Cast {
            players: ["pemberton".into(), "Juno K".into()],
            host: "inkwell".into(),
            aliases: Default::default(),
        },
        title: "Inkwell DM 3".into(),
        importer: "test".into(),
        source_name: FILE.into(),
        config: Some(GameConfig::XsAndLines(rules::Config { size: 8 })),
    }
}

fn imported() -> events::Imported {
    common::import::import_file(FILE, (2026, 11, 21), &options())
}

#[test]
fn a_pasted_game_reads_as_the_hosts_record_and_matches_its_golden_report() {
    let imported = imported();
    let r = imported.report;
    common::import::assert_golden("xs-and-lines-game.json", &r);

    let kinds: Vec<&str> = r.events.iter().map(|e| e.kind).collect();
    let mut want_kinds = vec!["round_start"];
    want_kinds.extend(["place"; 8 + 6]);
    want_kinds.push("ruling");
    assert_eq!(kinds, want_kinds);
    assert!(r.events[0]
        .note
        .as_deref()
        .unwrap_or("")
        .contains("pemberton is player 1"));
    // The moves as stored, canonical whatever way they were written.
    let moves: Vec<&str> = imported
        .events
        .iter()
        .filter_map(|e| match &e.body {
            Body::Place(Placement::XsAndLines(p)) => Some(p.mv.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(
        moves,
        [
            "B2",
            "F2",
            "F7",
            "C5",
            "H5",
            "D8",
            "A7",
            "G4",
            "B2-A7 via A2",
            "A7-F7",
            "F7-C5 via C7",
            "C5-F2 via F5",
            "F2-H5 via F5",
            "H5-D8 via H8",
        ]
    );
    // No rule error: every move read is legal.
    assert!(
        r.events.iter().all(|e| e.rule_error.is_none()),
        "{:#?}",
        r.events
    );
    let last = r.events.iter().rfind(|e| e.kind == "place").unwrap();
    assert!(
        last.note
            .as_deref()
            .unwrap_or("")
            .contains("pemberton wins"),
        "{last:?}"
    );
    // `H5 or H4` weighs two x's (talk); its follow-up `H5` is the x.
    // `C5-F2` turns somewhere: the reader names both corners and reads
    // the follow-up `C5-F2 via F5`.
    assert_eq!(r.unread.len(), 1, "{:?}", r.unread);
    assert!(
        r.unread[0]
            .reason
            .contains("'C5-F2 via F5' or 'C5-F2 via C2'"),
        "{:?}",
        r.unread
    );
    // Talk: welcome, good luck, the bot, "H5 or H4", "lines now?", the
    // host's part-2 reminder, a spectator, and the sentence naming D8.
    assert_eq!(r.chatter.len(), 8, "{:?}", r.chatter);
    assert_eq!(r.outcome.winner.as_deref(), Some("pemberton"));
    assert_eq!(r.outcome.score["pemberton"], 1);
    assert_eq!(r.outcome.score["Juno K"], 0);
}

#[test]
fn the_committed_import_keeps_the_transcript_and_its_ruling_agrees_with_the_rules() {
    common::import::assert_kept_and_agreed(imported(), FILE);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]
    /// Whatever a player or the host writes, the reader answers.
    #[test]
    fn the_chat_reader_never_panics(text in "\\PC{0,80}(\n\\PC{0,40}){0,7}", host in any::<bool>()) {
        let players = ["pemberton".to_string(), "Juno K".to_string()];
        let ctx = ChatContext::new(&players, 1);
        let speaker = if host { Speaker::Host } else { Speaker::Player(0) };
        let _ = xs_and_lines::notation::read_chat(&text, speaker, &ctx);
    }

    /// Chat made of the notation's own words, in any order.
    #[test]
    fn notation_like_chat_never_panics(words in proptest::collection::vec(
        prop_oneof![
            Just("C3"), Just("F6"), Just("via"), Just("-"), Just("→"), Just("to"), Just("x on"),
            Just("L12"), Just("Z99"), Just("pemberton"), Just("juno"), Just("k"), Just("is"),
            Just("player 1"), Just("wins"), Just("game to"), Just("winner:"), Just(","),
            Just("\n"), Just("timed out"), Just("?"), Just("pass"), Just("first"),
        ],
        0..30,
    ), host in any::<bool>()) {
        let text = words.join(" ");
        let players = ["pemberton".to_string(), "Juno K".to_string()];
        let ctx = ChatContext::new(&players, 0);
        let speaker = if host { Speaker::Host } else { Speaker::Player(1) };
        let _ = xs_and_lines::notation::read_chat(&text, speaker, &ctx);
    }
}
