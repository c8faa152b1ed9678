//! A reviewer's corrections (issue 14): a message the reader cannot read is
//! corrected without touching the transcript, the corrections are stored
//! beside it in the Create event, events made from them say so, and the
//! stored transcript read again with the stored corrections gives exactly
//! the stored events, in every game.

use crate::common;

use common::cli::arbiter;
use common::import::Setting;

use arbiter::event::{Actor, Corrected};
use arbiter::import::corrections::{self, CorrectionInput};
use arbiter::import::events::{self, Cast, ImportOptions, Reviewing};
use arbiter::import::{self as transcripts, DateOrder, Format, TimeContext};
use arbiter::log::{EventStore, MatchId, SledStore};
use chrono::NaiveDate;
use serde_json::Value;

/// A Dodgem game whose setup (message 1) says who plays blue in words no
/// reader takes: every move after it is out of order until corrected.
fn game() -> String {
    common::import::transcript("dodgem-unread-setup.txt")
}

fn import_args<'a>(file: &'a str, data: &'a str) -> Vec<&'a str> {
    vec![
        "import",
        file,
        "--game",
        "dodgem",
        "--players",
        "fern,mossy_k",
        "--host",
        "quill",
        "--alias",
        "Fern=fern",
        "--alias",
        "Moss=mossy_k",
        "--date",
        "2026-11-20",
        "--data",
        data,
    ]
}

#[test]
fn a_corrected_setup_commits_the_right_match_with_the_transcript_untouched() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("game.txt");
    std::fs::write(&file, game()).unwrap();
    let data = dir.path().join("db");
    let (file, data) = (file.to_str().unwrap(), data.to_str().unwrap());

    // As written, the setup is not read and the rules give no winner.
    let (code, out, err) = arbiter(&[import_args(file, data), vec!["--json"]].concat());
    assert_eq!(code, 0, "{err}");
    let r: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(r["outcome"]["winner"], Value::Null, "{out}");

    // Corrected, the match is the rules' and the report says so.
    let fix = [
        "--read",
        "1=fern plays blue -- the host named blue by a nickname",
        "--reviewer",
        "ana",
    ];
    let (code, out, err) = arbiter(
        &[
            import_args(file, data),
            fix.to_vec(),
            vec!["--json", "--commit", "--id", "fixed"],
        ]
        .concat(),
    );
    assert_eq!(code, 0, "{err}");
    let r: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(r["outcome"]["winner"], "fern", "{out}");
    assert_eq!(r["unread"], Value::Array(vec![]), "{out}");
    let c = &r["corrections"][0];
    assert_eq!(c["message"], 1);
    assert_eq!(c["reading"], "fern plays blue");
    assert_eq!(c["reviewer"], "ana");
    assert_eq!(c["reason"], "the host named blue by a nickname");
    assert_eq!(c["error"], Value::Null);
    assert!(c["reader_saw"].as_str().unwrap().contains("talk"), "{c}");
    let setup = r["events"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["kind"] == "round_start")
        .expect("the setup is read");
    assert_eq!(setup["corrected_by"], "ana");

    let (code, out, err) = arbiter(&["verify", "fixed", "--data", data, "--json"]);
    assert_eq!(code, 0, "verify: {out} {err}");

    // The stored Create seals the transcript message by message, with the
    // correction beside it; the pieces kept beside the log give the
    // transcript back byte for byte; the setup event names the correction.
    let (code, out, err) = arbiter(&["export", "fixed", "--data", data]);
    assert_eq!(code, 0, "{err}");
    let m: Value = serde_json::from_str(&out).unwrap();
    let reviewed = &m["events"][0]["body"]["create_committed"];
    assert_eq!(reviewed["create"]["source"], Value::Null);
    let whole: String = m["transcript"]
        .as_array()
        .expect("the pieces are exported")
        .iter()
        .map(|p| p["content"]["kept"]["text"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(whole, game());
    let stored = &reviewed["review"]["corrections"][0];
    assert_eq!(stored["reading"]["says"], "fern plays blue");
    assert_eq!(stored["message"], 1);
    // Not the message's plain sha256 (which would let a message removed
    // later be guessed back): its piece's salted leaf.
    let named = stored["message_sha256"].as_str().unwrap();
    assert_eq!(named.len(), 64);
    assert_ne!(
        named,
        corrections::message_sha256("the sapphire fleet belongs to fern tonight")
    );
    let by_correction: Vec<&Value> = m["events"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["actor"].get("corrected").is_some())
        .collect();
    assert_eq!(by_correction.len(), 1, "{out}");
    assert_eq!(by_correction[0]["actor"]["corrected"]["message"], 1);
}

#[test]
fn a_correction_that_does_not_read_is_shown_and_nothing_is_committed() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("game.txt");
    std::fs::write(&file, game()).unwrap();
    let data = dir.path().join("db");
    let (file, data) = (file.to_str().unwrap(), data.to_str().unwrap());
    for (read, why) in [
        ("1=ok let us begin", "reads as talk"),
        ("99=talk", "there is no message 99"),
        ("8=a2 Q", "does not read"),
    ] {
        let (code, out, err) = arbiter(
            &[
                import_args(file, data),
                vec!["--read", read, "--commit", "--id", "nope"],
            ]
            .concat(),
        );
        assert_ne!(code, 0, "{read}: {out}");
        assert!(
            out.contains("CORRECTION NOT APPLIED") && out.contains(why),
            "{read}: {out}"
        );
        assert!(err.contains("nothing stored"), "{read}: {err}");
    }
    let (code, _, _) = arbiter(&["verify", "nope", "--data", data]);
    assert_ne!(code, 0, "no match was stored");
}

/// A complete corpus match's settings (its `.cast.json`).
fn setting(stem: &str) -> Setting {
    let cast: serde_json::Value = serde_json::from_str(&common::import::transcript(&format!(
        "matches/{stem}.cast.json"
    )))
    .unwrap();
    Setting::from(&cast, stem, &format!("{stem}.txt"))
}

/// Every game: a complete match with one player's message corrected (to
/// its own words, trimmed) and one message marked talk is committed; the
/// stored transcript and the stored review, read again, give exactly the
/// stored events.
#[test]
fn the_stored_transcript_and_corrections_read_again_give_the_stored_events() {
    let stems = common::import::transcript("matches/reads.txt");
    for stem in stems
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
    {
        let set = setting(stem);
        let text = common::import::transcript(&format!("matches/{stem}.txt"));
        let t = transcripts::read_transcript(&text, set.format, &set.time).unwrap();
        let plain = events::read_match(&t, &text, &set.opts).unwrap();
        // The first player's event, read from its own lines; the first talk.
        let moved = plain
            .report
            .events
            .iter()
            .find(|e| e.kind == "place")
            .unwrap_or_else(|| panic!("{stem}: a move"));
        let talk = plain.report.chatter[0];
        let reviewing = Reviewing {
            corrections: vec![
                CorrectionInput {
                    message: moved.message,
                    reading: Corrected::Says(moved.part.trim().to_string()),
                    reviewer: "ana".into(),
                    reason: "checked by hand".into(),
                    message_sha256: None,
                },
                CorrectionInput {
                    message: talk,
                    reading: Corrected::Talk,
                    reviewer: "ana".into(),
                    reason: String::new(),
                    message_sha256: None,
                },
            ],
            time: Some(set.time.clone()),
            supersedes: None,
        };
        let reviewed = events::read_reviewed(&t, &text, &set.opts, &reviewing).unwrap();
        assert!(
            reviewed
                .report
                .corrections
                .iter()
                .all(|c| c.error.is_none()),
            "{stem}: {:?}",
            reviewed.report.corrections
        );
        assert_eq!(
            serde_json::to_value(&reviewed.report.outcome).unwrap(),
            serde_json::to_value(&plain.report.outcome).unwrap(),
            "{stem}: the same words read the same"
        );
        assert!(
            reviewed
                .events
                .iter()
                .any(|e| matches!(e.actor, Actor::Corrected { .. })),
            "{stem}: the corrected move says so"
        );
        let (_dir, sealed) = common::import::committed(reviewed);

        // Read again from nothing but what was stored.
        let create = &sealed[0].envelope.body;
        let c = create.create().expect("a Create");
        let review = create.review().expect("the review is stored");
        let source = c.source.as_ref().expect("the transcript is stored");
        assert_eq!(source.text, text, "{stem}: the transcript is untouched");
        let mut time = TimeContext::new(
            review.zone.parse().unwrap(),
            NaiveDate::parse_from_str(&review.date, "%Y-%m-%d").unwrap(),
        );
        time.date_order = review.date_order.as_deref().map(|o| match o {
            "day-first" => DateOrder::DayFirst,
            _ => DateOrder::MonthFirst,
        });
        let again_t =
            transcripts::read_transcript(&source.text, Format::from_slug(&source.format), &time)
                .unwrap();
        let opts = ImportOptions {
            game: c.config.game(),
            cast: Cast {
                players: [c.players[0].clone(), c.players[1].clone()],
                host: c.host.clone(),
                aliases: review.aliases.iter().cloned().collect(),
            },
            title: c.title.clone(),
            importer: review.importer.clone(),
            source_name: source.name.clone(),
            config: Some(c.config.clone()),
        };
        let again = events::read_reviewed(
            &again_t,
            &source.text,
            &opts,
            &Reviewing {
                corrections: corrections::from_review(review, false),
                time: Some(time),
                supersedes: review.supersedes.clone(),
            },
        )
        .unwrap();
        assert_eq!(again.events.len(), sealed.len(), "{stem}");
        for (e, s) in again.events.iter().zip(&sealed) {
            assert_eq!(
                (&e.body, &e.actor, e.occurred_at),
                (&s.envelope.body, &s.envelope.actor, s.envelope.occurred_at),
                "{stem}: event {} differs when read again",
                s.envelope.seq
            );
        }
        let id = MatchId::parse("again").unwrap();
        let dir = tempfile::tempdir().unwrap();
        let store = SledStore::open(dir.path()).unwrap();
        for (seq, e) in again.events.into_iter().enumerate() {
            store.append(&id, seq as u64, e).unwrap();
        }
        assert_eq!(store.events(&id).unwrap().len(), sealed.len());
    }
}

/// A stored correction made against other message text (a reader that
/// splits the transcript differently) is not applied, and says why.
#[test]
fn a_correction_for_another_message_text_no_longer_applies() {
    let set = setting("dodgem-botboards");
    let text = common::import::transcript("matches/dodgem-botboards.txt");
    let t = transcripts::read_transcript(&text, set.format, &set.time).unwrap();
    let r = events::read_reviewed(
        &t,
        &text,
        &set.opts,
        &Reviewing {
            corrections: vec![CorrectionInput {
                message: 3,
                reading: Corrected::Talk,
                reviewer: "ana".into(),
                reason: String::new(),
                message_sha256: Some(corrections::message_sha256("some other text")),
            }],
            time: Some(set.time.clone()),
            supersedes: None,
        },
    )
    .unwrap();
    let c = &r.report.corrections[0];
    assert!(
        c.error
            .as_deref()
            .is_some_and(|e| e.contains("not the message this correction was made for")),
        "{c:?}"
    );
    // Not applied: the match reads as it does with no correction at all.
    let plain = events::read_match(&t, &text, &set.opts).unwrap();
    assert_eq!(
        serde_json::to_value(&r.report.events).unwrap(),
        serde_json::to_value(&plain.report.events).unwrap()
    );
}
