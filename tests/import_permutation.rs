//! A Multiplications Within The Permutation game pasted from the Discord
//! client becomes the host's record: the host names player 1, the players
//! place seven x's and number them in the ways they write them (`x on
//! B2`, `2 on F3`, `C7 = 3`, `#4 → E5`, `5: D1`), with talk, a bot, an
//! edit and grouped follow-ups in between. One x is refused by the rules
//! (a row already taken) and placed elsewhere, and a correction (`C7, no
//! wait C6`) is refused too (row 6 is taken), so C7 stands; the higher
//! total wins. The
//! report is compared with a golden file, and no chat text makes the
//! reader panic.
//! Committed, the log keeps the transcript and the host's ruling agrees
//! with the rules.

use crate::common;

use arbiter::games::permutation::{self, rules};
use arbiter::games::{ChatContext, GameConfig, GameKind, Placement, Speaker};
use arbiter::import::events;
use arbiter::log::Body;
use proptest::prelude::*;

const FILE: &str = "permutation-game.txt";

fn options() -> events::ImportOptions {
    events::ImportOptions {
        game: GameKind::Permutation,
        cast: events::Cast {
            players: ["ottoline".into(), "Fen_".into()],
            host: "abacus_al".into(),
            aliases: Default::default(),
        },
        title: "Abacus DM, seven x's".into(),
        importer: "test".into(),
        source_name: FILE.into(),
        // The default grid is 9×9; this game is played on 7×7.
        config: Some(GameConfig::Permutation(rules::Config { size: 7 })),
    }
}

fn imported() -> events::Imported {
    common::import::import_file(FILE, (2026, 11, 22), &options())
}

#[test]
fn a_pasted_game_reads_as_the_hosts_record_and_matches_its_golden_report() {
    let imported = imported();
    let r = imported.report;
    common::import::assert_golden("permutation-game.json", &r);

    let kinds: Vec<&str> = r.events.iter().map(|e| e.kind).collect();
    let mut want_kinds = vec!["round_start"];
    want_kinds.extend(["place"; 9 + 6]);
    want_kinds.push("ruling");
    assert_eq!(kinds, want_kinds);
    assert!(r.events[0]
        .note
        .as_deref()
        .unwrap_or("")
        .contains("ottoline is player 1"));
    // The moves as stored: the cell alone, whatever number came with it.
    let moves: Vec<&str> = imported
        .events
        .iter()
        .filter_map(|e| match &e.body {
            Body::Place(Placement::Permutation(p)) => Some(p.mv.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(
        moves,
        [
            "D1", "A4", "G1", "G6", "C7", "C6", "B2", "F3", "E5", "F3", "C7", "E5", "D1", "G6",
            "B2"
        ]
    );
    // The rule errors: G1 shares row 1 with D1, and the correction C6
    // shares row 6 with G6.
    let refused: Vec<usize> = r
        .events
        .iter()
        .enumerate()
        .filter(|(_, e)| e.rule_error.is_some())
        .map(|(i, _)| i)
        .collect();
    assert_eq!(refused, [3, 6], "{:#?}", r.events);
    assert!(r.events[3]
        .rule_error
        .as_deref()
        .unwrap_or("")
        .contains("shares a row"));
    assert!(r.events.iter().all(|e| e.superseded_by.is_none()));
    // Numbering scores |Δrow|·|Δcolumn|: C7 after F3 is 4·3.
    assert!(
        r.events[11]
            .note
            .as_deref()
            .unwrap_or("")
            .contains("= 12 points"),
        "{:?}",
        r.events[11]
    );
    let last = r.events.iter().rfind(|e| e.kind == "place").unwrap();
    assert!(
        last.note
            .as_deref()
            .unwrap_or("")
            .contains("ottoline 24 – 36 Fen_"),
        "{last:?}"
    );
    assert!(r.unread.is_empty(), "{:?}", r.unread);
    // Talk: the welcome, glhf, the host's two remarks, the follow-up `C7`
    // (the x already standing), the bot and "12 points, thanks".
    assert_eq!(r.chatter.len(), 7, "{:?}", r.chatter);
    assert_eq!(r.outcome.winner.as_deref(), Some("Fen_"));
    assert_eq!(r.outcome.score["Fen_"], 1);
    assert_eq!(r.outcome.score["ottoline"], 0);
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
        let players = ["ottoline".to_string(), "Fen_".to_string()];
        let ctx = ChatContext::new(&players, 1);
        let speaker = if host { Speaker::Host } else { Speaker::Player(0) };
        let _ = permutation::notation::read_chat(&text, speaker, &ctx);
    }

    /// Chat made of the notation's own words, in any order.
    #[test]
    fn notation_like_chat_never_panics(words in proptest::collection::vec(
        prop_oneof![
            Just("G3"), Just("c7"), Just("O15"), Just("P16"), Just("2"), Just("on"), Just("="),
            Just("#4"), Just("→"), Just("ottoline"), Just("fen_"), Just("is"), Just("player 1"),
            Just("wins"), Just("shared win"), Just("equal totals"), Just(","), Just("\n"),
            Just("ran out of time"), Just("?"), Just("pass"), Just("goes first"),
        ],
        0..30,
    ), host in any::<bool>()) {
        let text = words.join(" ");
        let players = ["ottoline".to_string(), "Fen_".to_string()];
        let ctx = ChatContext::new(&players, 0);
        let speaker = if host { Speaker::Host } else { Speaker::Player(1) };
        let _ = permutation::notation::read_chat(&text, speaker, &ctx);
    }
}
