//! Two rounds of a Bejeweled DM exported by DiscordChatExporter (JSON)
//! read as the host's record: openings with their grids and offers,
//! claims in a player's words (one edited), a proof with a label and
//! bullets, picks for the next round and the rulings, with talk, a bot's
//! board in colored squares and a proof posted without its passive (unread)
//! between; the report is compared with a golden file, and no chat text
//! makes the reader panic.

use crate::common;

use arbiter::games::{bejeweled, ChatContext, GameKind, Speaker};
use arbiter::import::events;
use proptest::prelude::*;

const FILE: &str = "bejeweled-dce.json";

fn imported() -> events::Imported {
    let opts = events::ImportOptions {
        game: GameKind::Bejeweled,
        cast: events::Cast {
            players: ["ruby_k".into(), "corvid".into()],
            host: "gemma".into(),
            aliases: Default::default(),
        },
        title: "The Genius: Code Red, DM 5 — Bejeweled".into(),
        importer: "test".into(),
        source_name: FILE.into(),
        config: None,
    };
    common::import::import_file(FILE, (2026, 11, 28), &opts)
}

#[test]
fn a_bejeweled_dm_reads_as_the_hosts_record_and_matches_its_golden_report() {
    common::import::assert_golden("bejeweled.json", &imported().report);

    let r = imported().report;
    assert_eq!(r.format, "dce-json");
    let kinds: Vec<&str> = r.events.iter().map(|e| e.kind).collect();
    assert_eq!(
        kinds,
        [
            "round_start",
            "claim",
            "proof",
            "ruling",
            "place",
            "place",
            "round_start",
            "claim",
            "proof",
            "ruling"
        ]
    );
    assert!(r.events.iter().all(|e| e.rule_error.is_none()), "{r:#?}");
    let texts: Vec<&str> = r.events.iter().map(|e| e.text.as_str()).collect();
    assert_eq!(texts[1], "claims 15");
    assert_eq!(texts[2], "active plus F4; passive bend; swap F4 F5");
    assert_eq!(texts[7], "claims 14", "the edited claim as it stands");
    assert_eq!(texts[8], "active column C5; passive chain blue; rotate B5");
    // The seed's example removes 16.
    let note = r.events[2].note.as_deref().unwrap_or("");
    assert!(note.contains("16"), "{note}");
    // The proof posted without its passive is unread, with how to write it.
    assert_eq!(r.unread.len(), 1, "{:?}", r.unread);
    assert!(r.unread[0].reason.contains("no passive"), "{:?}", r.unread);
    // Welcome, the spectator twice, corvid's talk twice; the bot's board
    // of round 1 is part of round 1's opening, as evidence.
    assert_eq!(r.chatter.len(), 5, "{:?}", r.chatter);
    assert_eq!(
        r.events[0].messages,
        [2, 3],
        "the host's grid and the bot's"
    );
    let read_from: usize = r.events.iter().map(|e| e.messages.len()).sum();
    assert_eq!(r.messages, read_from + r.unread.len() + r.chatter.len());
    let rounds: Vec<(u32, Option<&str>)> = r
        .outcome
        .rounds
        .iter()
        .map(|o| (o.round, o.winner.as_deref()))
        .collect();
    assert_eq!(rounds, [(1, Some("ruby_k")), (2, Some("corvid"))]);
    assert_eq!(r.outcome.score["ruby_k"], 1);
    assert_eq!(r.outcome.score["corvid"], 1);
    assert_eq!(r.outcome.winner, None);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]
    /// Whatever a player or the host writes, the reader answers.
    #[test]
    fn the_bejeweled_reader_never_panics(
        text in "\\PC{0,80}(\n\\PC{0,40}){0,9}",
        who in 0usize..3,
        rounds in 0u32..8,
    ) {
        let players = ["ruby_k".to_string(), "corvid".to_string()];
        let ctx = ChatContext::new(&players, rounds);
        let speaker = if who == 2 { Speaker::Host } else { Speaker::Player(who) };
        let _ = bejeweled::chat::read_chat(&text, speaker, &ctx);
    }
}
