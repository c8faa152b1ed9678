//! A Duorail final exported by DiscordChatExporter (PlainText) reads as
//! the host's record: the setup, every piece in the placer's color (the
//! players never write it), a challenge of "you", the challenged track and
//! the ruling, with talk, a bot's board and one unread message between;
//! the report is compared with a golden file, and no chat text makes the
//! reader panic.

use crate::common;

use arbiter::games::{duorail, ChatContext, GameKind, Speaker};
use arbiter::import::events;
use proptest::prelude::*;

const FILE: &str = "duorail-dce.txt";

fn imported() -> events::Imported {
    let opts = events::ImportOptions {
        game: GameKind::Duorail,
        cast: events::Cast {
            players: ["tamsin".into(), "oskar_v".into()],
            host: "wren".into(),
            aliases: Default::default(),
        },
        title: "DM Colosseum final — Duorail".into(),
        importer: "test".into(),
        source_name: FILE.into(),
        config: None,
    };
    common::import::import_file(FILE, (2026, 11, 21), &opts)
}

#[test]
fn a_duorail_final_reads_as_the_hosts_record_and_matches_its_golden_report() {
    common::import::assert_golden("duorail.json", &imported().report);

    let r = imported().report;
    assert_eq!(r.format, "dce-txt");
    let kinds: Vec<&str> = r.events.iter().map(|e| e.kind).collect();
    let mut want_kinds = vec!["round_start"];
    want_kinds.extend(["place"; 19]);
    want_kinds.extend(["challenge", "proof", "ruling"]);
    assert_eq!(kinds, want_kinds);
    assert!(r.events.iter().all(|e| e.rule_error.is_none()), "{r:#?}");
    // oskar_v plays blue: their pieces are blue, tamsin's red.
    for e in r.events.iter().filter(|e| e.kind == "place") {
        let color = if e.by == "oskar_v" { "(blue)" } else { "(red)" };
        assert!(e.text.ends_with(color), "{e:?}");
    }
    // "Impossible for you" by red is a challenge of blue.
    let challenge = r.events.iter().find(|e| e.kind == "challenge").unwrap();
    assert_eq!(challenge.text, "impossible for blue");
    // The track is shown in time but misses a blue piece.
    let proof = r.events.iter().find(|e| e.kind == "proof").unwrap();
    let note = proof.note.as_deref().unwrap_or("");
    assert!(note.contains("not valid"), "{note}");
    // One message reads as neither a move nor talk.
    assert_eq!(r.unread.len(), 1, "{:?}", r.unread);
    assert!(
        r.unread[0].reason.contains("one piece per move"),
        "{:?}",
        r.unread
    );
    // Welcome, the spectator twice, the bot's board, "gg wp".
    assert_eq!(r.chatter.len(), 5, "{:?}", r.chatter);
    assert_eq!(
        r.messages,
        r.events.len() + r.unread.len() + r.chatter.len()
    );
    assert_eq!(r.outcome.rounds.len(), 1);
    assert_eq!(r.outcome.rounds[0].winner.as_deref(), Some("tamsin"));
    assert_eq!(r.outcome.winner.as_deref(), Some("tamsin"));
    assert_eq!(r.outcome.score["tamsin"], 1);
    assert_eq!(r.outcome.score["oskar_v"], 0);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]
    /// Whatever a player or the host writes, the reader answers.
    #[test]
    fn the_duorail_reader_never_panics(
        text in "\\PC{0,80}(\n\\PC{0,40}){0,7}",
        who in 0usize..3,
        rounds in 0u32..2,
    ) {
        let players = ["tamsin".to_string(), "oskar_v".to_string()];
        let ctx = ChatContext::new(&players, rounds);
        let speaker = if who == 2 { Speaker::Host } else { Speaker::Player(who) };
        let _ = duorail::chat::read_chat(&text, speaker, &ctx);
    }
}
