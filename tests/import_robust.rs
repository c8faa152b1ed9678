//! Misreads show, and talk stays talk (issue 13):
//! - deleting any one message that the import read as play either leaves
//!   the outcome unchanged or puts a flag in the report within a few
//!   messages of the gap (an unread message, a rule error, a board that
//!   differs from the replay, a ruling the rules disagree with or are
//!   silent on, a solution that does not fit the board as read, or a move
//!   read as a correction of the one before), over every transcript that
//!   reads right;
//! - chat made only of words outside every game's vocabulary never yields
//!   an event, in any game, and no text makes the import panic.

use crate::common;

use std::collections::BTreeSet;

use arbiter::games::{GameConfig, GameKind};
use arbiter::import::events::{self, Cast, ImportOptions, ImportReport};
use arbiter::import::{self as transcripts, TimeContext, Transcript};
use chrono::NaiveDate;
use proptest::prelude::*;
use serde_json::Value;

/// How many messages after a gap a flag may come and still count as
/// pointing at it: a Traffic Jam round's opening board is first needed by
/// the solution a handful of placements later. A flag later in the same
/// round, up to the ruling that ends it, counts too: an x's and lines x
/// is first used by a line a whole part later, and a Duorail piece by the
/// tracks of the endgame, where only the ruling, now in question, shows
/// the missing correction.
const WINDOW: usize = 8;

fn opts(
    game: GameKind,
    players: [&str; 2],
    host: &str,
    config: Option<GameConfig>,
) -> ImportOptions {
    ImportOptions {
        game,
        cast: Cast {
            players: [players[0].to_string(), players[1].to_string()],
            host: host.to_string(),
            aliases: Default::default(),
        },
        title: String::new(),
        importer: "test".into(),
        source_name: "test".into(),
        config,
    }
}

fn read(file: &str, date: (i32, u32, u32)) -> (String, Transcript) {
    let text = common::import::transcript(file);
    let ctx = TimeContext::new(
        chrono_tz::UTC,
        NaiveDate::from_ymd_opt(date.0, date.1, date.2).unwrap(),
    );
    let t = transcripts::read_transcript(&text, None, &ctx).expect("the transcript reads");
    (text, t)
}

/// The messages (after the gap, by their new numbers) a report flags,
/// each with what the flag is: a message that was a correction and is a
/// refused move once a message before it is gone shows the gap.
fn flagged(r: &ImportReport) -> BTreeSet<(usize, &'static str)> {
    let mut out = BTreeSet::new();
    out.extend(r.unread.iter().map(|u| (u.message, "unread")));
    for e in &r.events {
        if e.rule_error.is_some() {
            out.extend(e.messages.iter().map(|&m| (m, "refused")));
        }
        if let Some(by) = e.superseded_by {
            out.extend(e.messages.iter().map(|&m| (m, "superseded")));
            out.insert((by, "supersedes"));
        }
    }
    out.extend(r.board_mismatches.iter().map(|b| (b.message, "board")));
    out.extend(r.rulings_in_question.iter().map(|d| (d.message, "ruling")));
    out.extend(r.doubts.iter().map(|d| (d.message, "doubt")));
    out
}

fn outcome(r: &ImportReport) -> Value {
    serde_json::to_value(&r.outcome).unwrap()
}

/// `t` without message `gone`, renumbered.
fn without(t: &Transcript, gone: usize) -> Transcript {
    let mut t = t.clone();
    t.messages.remove(gone);
    for (i, m) in t.messages.iter_mut().enumerate() {
        m.index = i;
    }
    t
}

/// Deletes each message read as play, one at a time, and checks the report
/// still tells: the outcome is the same, or a flag lands near the gap.
fn every_deletion_shows(file: &str, date: (i32, u32, u32), o: &ImportOptions) {
    let (text, t) = read(file, date);
    let full = events::read_match(&t, &text, o)
        .expect("the transcript imports")
        .report;
    // Flags the whole transcript has already (a refused move on purpose).
    let before = flagged(&full);
    let played: BTreeSet<usize> = full
        .events
        .iter()
        .flat_map(|e| e.messages.clone())
        .collect();
    let mut silent = Vec::new();
    for &gone in &played {
        let r = events::read_match(&without(&t, gone), &text, o)
            .expect("the shortened transcript imports")
            .report;
        // A match lost on time is decided by the clock: the round it was
        // lost in has no say in it (`that's finished, 7` gone, round 3 is
        // undecided instead of Juno's, and Calder's reserve still ran out).
        let on_time = |o: &Value| (o["winner"].clone(), o["lost_on_time"].clone());
        let clock_decides = !outcome(&full)["lost_on_time"].is_null();
        if outcome(&r) == outcome(&full)
            || clock_decides && on_time(&outcome(&r)) == on_time(&outcome(&full))
        {
            continue;
        }
        // New flags, by the messages' numbers before the deletion.
        let new: BTreeSet<usize> = flagged(&r)
            .into_iter()
            .map(|(m, what)| (if m < gone { m } else { m + 1 }, what))
            .filter(|f| !before.contains(f))
            .map(|(m, _)| m)
            .collect();
        // The message of the first ruling after the gap: the end of its
        // round (or game).
        let round_ends = full
            .events
            .iter()
            .filter(|e| e.kind == "ruling" && e.message > gone)
            .map(|e| e.message)
            .min()
            .unwrap_or(usize::MAX);
        let near = new
            .iter()
            .any(|&m| m + 1 >= gone && (m <= gone + WINDOW || m <= round_ends));
        if !near {
            silent.push(format!(
                "message {gone} ('{}'): outcome {} instead of {}, new flags at {new:?}",
                t.messages[gone].text.lines().next().unwrap_or(""),
                outcome(&r),
                outcome(&full),
            ));
        }
    }
    assert!(
        silent.is_empty(),
        "{file}: deleting these changes the outcome with no flag near:\n{}",
        silent.join("\n")
    );
}

#[test]
fn deleting_any_message_of_a_traffic_jam_round_shows() {
    every_deletion_shows(
        "rush-hour-round.txt",
        (2026, 11, 14),
        &opts(GameKind::RushHour, ["mira", "jonas"], "kg", None),
    );
}

#[test]
fn deleting_any_message_of_a_dodgem_game_shows() {
    every_deletion_shows(
        "dodgem-game.txt",
        (2026, 11, 20),
        &opts(
            GameKind::Dodgem,
            ["tamsin", "ozzie_b"],
            "ruthless",
            Some(GameConfig::Dodgem(Default::default())),
        ),
    );
}

#[test]
fn deleting_any_message_of_an_xs_and_lines_game_shows() {
    every_deletion_shows(
        "xs-and-lines-game.txt",
        (2026, 11, 21),
        &opts(
            GameKind::XsAndLines,
            ["pemberton", "Juno K"],
            "inkwell",
            Some(GameConfig::XsAndLines(
                arbiter::games::xs_and_lines::rules::Config { size: 8 },
            )),
        ),
    );
}

#[test]
fn deleting_any_message_of_a_permutation_game_shows() {
    every_deletion_shows(
        "permutation-game.txt",
        (2026, 11, 22),
        &opts(
            GameKind::Permutation,
            ["ottoline", "Fen_"],
            "abacus_al",
            Some(GameConfig::Permutation(
                arbiter::games::permutation::rules::Config { size: 7 },
            )),
        ),
    );
}

#[test]
fn deleting_any_message_of_a_duorail_game_shows() {
    every_deletion_shows(
        "duorail-dce.txt",
        (2026, 11, 21),
        &opts(GameKind::Duorail, ["tamsin", "oskar_v"], "wren", None),
    );
}

#[test]
fn deleting_any_message_of_a_bejeweled_dm_shows() {
    every_deletion_shows(
        "bejeweled-dce.json",
        (2026, 11, 28),
        &opts(GameKind::Bejeweled, ["ruby_k", "corvid"], "gemma", None),
    );
}

/// Every complete corpus match that reads right (`matches/reads.txt`).
#[test]
fn deleting_any_message_of_a_complete_corpus_match_shows() {
    let list = common::import::transcript("matches/reads.txt");
    for stem in list
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
    {
        let cast: Value = serde_json::from_str(&common::import::transcript(&format!(
            "matches/{stem}.cast.json"
        )))
        .unwrap();
        let s = |k: &str| cast[k].as_str().unwrap_or_default().to_string();
        let players: Vec<String> = cast["players"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p.as_str().unwrap().to_string())
            .collect();
        let mut o = opts(
            GameKind::from_slug(&s("game")).unwrap(),
            [&players[0], &players[1]],
            &s("host"),
            (!cast["config"].is_null())
                .then(|| serde_json::from_value(cast["config"].clone()).unwrap()),
        );
        if let Some(aliases) = cast["aliases"].as_object() {
            for (k, v) in aliases {
                o.cast
                    .aliases
                    .insert(k.clone(), v.as_str().unwrap().to_string());
            }
        }
        let date = NaiveDate::parse_from_str(&s("date"), "%Y-%m-%d").unwrap();
        use chrono::Datelike;
        every_deletion_shows(
            &format!("matches/{stem}.txt"),
            (date.year(), date.month(), date.day()),
            &o,
        );
    }
}

/// Words in no game's vocabulary: no cells, directions, numbers, player
/// names, colors, powerups or fixed words (pass, gg, impossible, …).
const TALK: [&str; 40] = [
    "hello",
    "nice",
    "lol",
    "think",
    "wow",
    "coffee",
    "tomorrow",
    "really",
    "great",
    "luck",
    "hmm",
    "thanks",
    "cool",
    "maybe",
    "sorry",
    "everyone",
    "tough",
    "brain",
    "tricky",
    "honestly",
    "interesting",
    "yikes",
    "brb",
    "snack",
    "weekend",
    "favourite",
    "hype",
    "watching",
    "chat",
    "amazing",
    "clever",
    "spicy",
    "wild",
    "phone",
    "music",
    "okay",
    "sure",
    "yep",
    "nope",
    "ah",
];

fn talk_transcript(lines: &[(usize, Vec<usize>)]) -> String {
    let authors = ["mira", "jonas", "kg", "kibitz"];
    let mut out = String::new();
    for (k, (who, words)) in lines.iter().enumerate() {
        out.push_str(&format!(
            "{} — Today at 8:{:02} PM\n{}\n",
            authors[who % 4],
            k % 60,
            words
                .iter()
                .map(|w| TALK[w % TALK.len()])
                .collect::<Vec<_>>()
                .join(" ")
        ));
    }
    out
}

const GAMES: [GameKind; 6] = [
    GameKind::RushHour,
    GameKind::Duorail,
    GameKind::Bejeweled,
    GameKind::Dodgem,
    GameKind::XsAndLines,
    GameKind::Permutation,
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Talk by the players, the host and a spectator is never play.
    #[test]
    fn talk_outside_every_vocabulary_never_yields_an_event(
        lines in prop::collection::vec((0usize..4, prop::collection::vec(0usize..40, 1..8)), 1..12)
    ) {
        let text = talk_transcript(&lines);
        let ctx = TimeContext::new(chrono_tz::UTC, NaiveDate::from_ymd_opt(2026, 11, 20).unwrap());
        let t = transcripts::read_transcript(&text, None, &ctx).unwrap();
        for game in GAMES {
            let r = events::read_match(&t, &text, &opts(game, ["mira", "jonas"], "kg", None));
            // A transcript in which a cast member never speaks is refused
            // as a whole, which is not an event either.
            if let Ok(r) = r {
                prop_assert!(r.report.events.is_empty(), "{game:?}: {:?}", r.report.events);
                prop_assert!(r.report.unread.is_empty(), "{game:?}: {:?}", r.report.unread);
            }
        }
    }

    /// Whatever the players and the host write, every game's import
    /// answers with a report.
    #[test]
    fn any_chat_imports_without_panicking(
        lines in prop::collection::vec((0usize..4, "\\PC{0,60}"), 1..10)
    ) {
        let authors = ["mira", "jonas", "kg", "kibitz"];
        let mut text = String::new();
        for (k, (who, said)) in lines.iter().enumerate() {
            text.push_str(&format!("{} — Today at 8:{:02} PM\n{said}\n", authors[*who], k));
        }
        let ctx = TimeContext::new(chrono_tz::UTC, NaiveDate::from_ymd_opt(2026, 11, 20).unwrap());
        if let Ok(t) = transcripts::read_transcript(&text, None, &ctx) {
            for game in GAMES {
                let _ = events::read_match(&t, &text, &opts(game, ["mira", "jonas"], "kg", None));
            }
        }
    }
}
