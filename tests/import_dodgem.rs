//! A Dodgem game pasted from the Discord client becomes the host's
//! record: the host names blue, the players' moves in the ways they write
//! them (`A2 north`, `c1 ⬆️`, `b2-c2`, `b3→E`, `c3 off`), talk, a bot, an edit and
//! grouped follow-ups in between. Blue throws its forced win away on its
//! second move (`A2 north`) and red drives every car off; the report is
//! compared with a golden file, and no chat text makes the reader panic.
//! Committed, the log keeps the transcript and the host's ruling agrees
//! with the rules.

use crate::common;

use arbiter::games::dodgem::{self, StuckRule};
use arbiter::games::{ChatContext, GameConfig, GameKind, Speaker};
use arbiter::import::events;
use proptest::prelude::*;

const FILE: &str = "dodgem-game.txt";

/// The cast and config of the Dodgem game (the appeals tests use it too).
pub(crate) fn options() -> events::ImportOptions {
    events::ImportOptions {
        game: GameKind::Dodgem,
        cast: events::Cast {
            players: ["tamsin".into(), "ozzie_b".into()],
            host: "ruthless".into(),
            aliases: Default::default(),
        },
        title: "Bumper Cup final".into(),
        importer: "test".into(),
        source_name: FILE.into(),
        config: Some(GameConfig::Dodgem(dodgem::Config {
            size: 3,
            rule: StuckRule::StuckLoses,
        })),
    }
}

fn imported() -> events::Imported {
    common::import::import_file(FILE, (2026, 11, 20), &options())
}

#[test]
fn a_pasted_dodgem_game_reads_as_the_hosts_record_and_matches_its_golden_report() {
    let r = imported().report;
    common::import::assert_golden("dodgem-game.json", &r);

    let kinds: Vec<&str> = r.events.iter().map(|e| e.kind).collect();
    let mut want_kinds = vec!["round_start"];
    want_kinds.extend(["place"; 16]);
    want_kinds.push("ruling");
    assert_eq!(kinds, want_kinds);
    assert!(
        r.events.iter().all(|e| e.rule_error.is_none()),
        "{:#?}",
        r.events
    );
    assert_eq!(r.events[0].text, "tamsin plays blue");
    // Every way of writing a move became the canonical one.
    let moves: Vec<&str> = r
        .events
        .iter()
        .filter(|e| e.kind == "place")
        .map(|e| e.text.as_str())
        .collect();
    assert_eq!(
        moves,
        [
            "a3 E", "b1 N", "a2 N", "c1 N", "a3 S", "c2 N", "a2 N", "b2 E", "a3 S", "c3 N", "b3 E",
            "c2 W", "a2 N", "b2 N", "a3 S", "b3 N"
        ]
    );
    // The last move drives red's last car off.
    let last = r.events.iter().rfind(|e| e.kind == "place").unwrap();
    assert!(
        last.note
            .as_deref()
            .unwrap_or("")
            .contains("every car is off"),
        "{last:?}"
    );
    let ruling = r.events.last().unwrap();
    assert!(
        ruling
            .note
            .as_deref()
            .unwrap_or("")
            .contains("the rules agree"),
        "{ruling:?}"
    );
    // `c3 off` leaves the only way the red car on c3 can, north; the
    // follow-up `c3 N` restates the move already made.
    assert!(r.unread.is_empty(), "{:?}", r.unread);
    let off = r.events.iter().find(|e| e.text == "c3 N").unwrap();
    assert_eq!(off.messages, [16], "{off:?}");
    // Talk: the welcome, two greetings, the bot, a spectator, "your move",
    // the restated `c3 N`, "gg wp" and the post-mortem sentence that names
    // a move.
    assert_eq!(r.chatter.len(), 9, "{:?}", r.chatter);
    assert_eq!(r.outcome.winner.as_deref(), Some("ozzie_b"));
    assert_eq!(r.outcome.score["ozzie_b"], 1);
    assert_eq!(r.outcome.score["tamsin"], 0);
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
        let players = ["tamsin".to_string(), "ozzie b".to_string()];
        let ctx = ChatContext::new(&players, 1);
        let speaker = if host { Speaker::Host } else { Speaker::Player(0) };
        let _ = dodgem::notation::read_chat(&text, speaker, &ctx);
    }

    /// Chat made of the notation's own words, in any order.
    #[test]
    fn notation_like_chat_never_panics(words in proptest::collection::vec(
        prop_oneof![
            Just("a3"), Just("E"), Just("north"), Just("→"), Just("⬆️"), Just("b2-c2"),
            Just("a3e"), Just("off"), Just("tamsin"), Just("ozzie"), Just("b"), Just("plays"),
            Just("blue"), Just("red"), Just("wins"), Just("draw by"), Just("player 1"),
            Just(","), Just("\n"), Just("ran out of time"), Just("?"), Just("pass"),
        ],
        0..30,
    ), host in any::<bool>()) {
        let text = words.join(" ");
        let players = ["tamsin".to_string(), "ozzie b".to_string()];
        let ctx = ChatContext::new(&players, 0);
        let speaker = if host { Speaker::Host } else { Speaker::Player(1) };
        let _ = dodgem::notation::read_chat(&text, speaker, &ctx);
    }
}

/// The Dodgem game's cast reading `text`, pasted on 2026-11-20.
fn report_of(text: &str) -> events::ImportReport {
    let time = arbiter::import::TimeContext::new(
        chrono_tz::UTC,
        chrono::NaiveDate::from_ymd_opt(2026, 11, 20).unwrap(),
    );
    let t = arbiter::import::read_transcript(text, None, &time).expect("a transcript");
    events::read_match(&t, text, &options())
        .expect("an import")
        .report
}

/// A move sent in two quick messages (`b2` / `N`) is one move, standing
/// on both; a half that says something, or a pause past a minute, keeps
/// the messages apart.
#[test]
fn a_move_split_over_two_quick_messages_is_one_move() {
    let read = |gap: &str, second: &str| {
        report_of(&format!(
            "ruthless — Today at 8:00 PM\ntamsin is blue and moves first\n\
             tamsin — Today at 8:01 PM\na3 E\n\
             ozzie_b — Today at 8:02 PM\nb1\n\
             ozzie_b — Today at {gap}\n{second}\n"
        ))
    };
    let r = read("8:02 PM", "N");
    let last = r.events.last().expect("events");
    assert_eq!(
        (last.text.as_str(), last.messages.clone()),
        ("b1 N", vec![2, 3])
    );
    assert!(r.unread.is_empty() && !r.chatter.contains(&3), "{r:#?}");
    // Too late, or a second half that is a move of its own.
    for (gap, second) in [("8:04 PM", "N"), ("8:02 PM", "c1 N")] {
        let r = read(gap, second);
        assert!(
            r.events.iter().all(|e| e.messages != vec![2, 3]),
            "{gap} {second}"
        );
    }
}

/// A ruling the host takes back in the next message (`jk jk 💀`) was a
/// joke: the ruling after it is the one that stands.
#[test]
fn a_ruling_taken_back_as_a_joke_rules_nothing() {
    let r = report_of(
        "ruthless — Today at 8:00 PM\ntamsin is blue and moves first\n\
         tamsin — Today at 8:01 PM\na3 E\n\
         ozzie_b — Today at 8:01 PM\ngg\n\
         ruthless — Today at 8:02 PM\nozzie_b takes the W 🏆🏆\n\
         spectator — Today at 8:02 PM\nlol\n\
         ruthless — Today at 8:02 PM\njk jk 💀\n\
         ruthless — Today at 8:03 PM\nok fr: tamsin wins\n",
    );
    let rulings: Vec<(&str, Option<&str>)> = r
        .events
        .iter()
        .filter(|e| e.kind == "ruling")
        .map(|e| (e.text.as_str(), e.rule_error.as_deref()))
        .collect();
    assert_eq!(rulings, [("match to tamsin", None)]);
    assert!(r.chatter.contains(&3) && r.chatter.contains(&5), "{r:#?}");
}
