//! Importing a long transcript: a DiscordChatExporter PlainText export of
//! 10,000 messages (a Traffic Jam round among a channel's worth of talk by
//! players and spectators) read, classified and replayed. The issue's bar
//! is well under a second.
//!
//! And a long match, where nearly every message is an event (the rounds of
//! `support/long_match.rs`, with takebacks and proofs over two messages):
//! 10,000 and 20,000 messages. Issue 16's bar: 10,000 within 0.5 s, and
//! twice the messages at most 2.2 times the time (the import is linear).
//! With it, the state after every event folded again from the import's
//! events, as the `/import` preview draws them.

#[path = "support/long_match.rs"]
mod long_match;

use arbiter::games::{GameConfig, GameKind, MatchState};
use arbiter::import::{self, events};
use chrono::NaiveDate;
use criterion::{black_box, criterion_group, criterion_main, Criterion};

/// The round of `tests/data/import/rush-hour-round.txt`, as (author, text).
const PLAY: [(&str, &str); 11] = [
    ("kg", "**Round 1** — target 6 moves. jonas goes first.\n```\n......\n...YY.\nZZ....\n......\n......\n......\n```"),
    ("jonas", "C2 C3"),
    ("mira", "D6 E6"),
    ("jonas", "D3 D4 D5"),
    ("mira", "F1, F2, F3"),
    ("jonas", "a1 b1 c1"),
    ("mira", "A4 B4 C4"),
    ("mira", "finished"),
    ("mira", "W left 2\nV down\nU down\nT right\nX up\nZ right"),
    ("jonas", "pass"),
    ("kg", "mira takes round 1 — 6 moves, no counter"),
];

const TALK: [(&str, &str); 6] = [
    ("spectator_1", "this board is nasty"),
    ("mira", "hmm let me think"),
    ("spectator_2", "gl both :fire:"),
    ("jonas", "no way that works"),
    ("spectator_1", "I'd have gone B5 there honestly"),
    ("kg", "reminder: one minute per placement"),
];

/// A DCE PlainText export of `n` messages: the round's play spread through
/// the talk, one minute of clock per ten messages.
pub fn transcript(n: usize) -> String {
    let mut out = String::from(
        "==============================================================\nGuild: Puzzle Pit\nChannel: Death Matches / traffic-jam\n==============================================================\n\n",
    );
    let every = n / PLAY.len();
    let mut play = PLAY.iter();
    for i in 0..n {
        let (who, text) = if i % every == 0 {
            play.next().copied().unwrap_or(TALK[i % TALK.len()])
        } else {
            TALK[i % TALK.len()]
        };
        // Play must stay within its clocks: the round's events come in
        // the first minutes, talk fills the rest of the channel.
        let minute = i / 10;
        let (h, m) = (15 + minute / 60, minute % 60);
        let (h12, ampm) = ((h - 1) % 12 + 1, if h >= 12 { "PM" } else { "AM" });
        let day = 21 + h / 24;
        out.push_str(&format!(
            "[11/{day}/2026 {h12}:{m:02} {ampm}] {who}\n{text}\n\n\n"
        ));
    }
    out.push_str(&format!(
        "==============================================================\nExported {n} message(s)\n==============================================================\n"
    ));
    out
}

fn import(text: &str) -> events::Imported {
    import_as(text, None)
}

fn import_as(text: &str, config: Option<GameConfig>) -> events::Imported {
    let ctx = import::TimeContext::new(
        chrono_tz::UTC,
        NaiveDate::from_ymd_opt(2026, 11, 21).expect("a date"),
    );
    let t = import::read_transcript(text, None, &ctx).expect("the bench transcript reads");
    let opts = events::ImportOptions {
        game: GameKind::RushHour,
        cast: events::Cast {
            players: ["mira".into(), "jonas".into()],
            host: "kg".into(),
            aliases: Default::default(),
        },
        title: "bench".into(),
        importer: "bench".into(),
        source_name: "bench.txt".into(),
        config,
    };
    events::read_match(&t, text, &opts).expect("the bench transcript imports")
}

fn bench(c: &mut Criterion) {
    let text = transcript(10_000);
    let r = import(&text).report;
    assert_eq!(r.messages, 10_000);
    assert_eq!(r.events.len(), PLAY.len());
    assert!(r.unread.is_empty(), "{:?}", r.unread);
    let mut g = c.benchmark_group("import");
    g.sample_size(10);
    g.bench_function("dce_txt_10000_messages", |b| {
        b.iter(|| import(black_box(&text)))
    });
    let config: GameConfig =
        serde_json::from_str(long_match::CONFIG).expect("the long match's options parse");
    for n in [10_000, 20_000] {
        let text = long_match::transcript(n);
        g.bench_function(format!("long_match_{n}_messages"), |b| {
            // Checked here, not above: only the cases a filter runs.
            let r = import_as(&text, Some(config.clone())).report;
            assert_eq!(r.messages, n);
            assert!(r.unread.is_empty(), "{:?}", r.unread);
            assert!(r.events.iter().all(|e| e.rule_error.is_none()));
            // Every message but the spectators' is (part of) an event.
            let read: usize = r.events.iter().map(|e| e.messages.len()).sum();
            assert!(
                read * 100 >= n * 90,
                "{read} of {n} messages read as events"
            );
            b.iter(|| import_as(black_box(&text), Some(config.clone())))
        });
        // What a preview adds: the state after every event, folded again.
        let imported = import_as(&text, Some(config.clone()));
        g.bench_function(format!("long_match_{n}_states"), |b| {
            b.iter(|| {
                let mut rounds = 0;
                imported.each_state(|_, s| {
                    if let Some(MatchState::RushHour(m)) = black_box(s) {
                        rounds += m.rounds.len();
                    }
                });
                rounds
            })
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
