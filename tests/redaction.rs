//! Redaction (issue 20): a message removed from an imported transcript on
//! request is gone from the data directory's files, while the chain, the
//! Merkle proofs, `verify`, bundles and the replay all still check; the
//! events read from a removed message stay.
//!
//! The transcript is `dodgem-game.txt`: message 12 is the spectator
//! kibitz_kat's "blue was winning before A2 north, right?", message 6 is
//! tamsin's move "A2 north".

use std::path::Path;
use std::sync::Arc;

use actix_web::http::StatusCode;
use actix_web::test as web_test;
use serde_json::Value;

use crate::common::cli::arbiter;
use crate::common::web::get_text;
use arbiter::log::{EventStore, MatchId, SledStore};

const FILE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/data/import/dodgem-game.txt"
);
const SPECTATOR: &str = "blue was winning before A2 north, right?";

/// Imports the game into `data` as match `bumper`.
fn imported(data: &str) {
    let (code, out, err) = arbiter(&[
        "import",
        FILE,
        "--game",
        "dodgem",
        "--players",
        "tamsin,ozzie_b",
        "--host",
        "ruthless",
        "--date",
        "2026-11-20",
        "--commit",
        "--id",
        "bumper",
        "--data",
        data,
    ]);
    assert_eq!(code, 0, "{out} {err}");
}

fn verify_json(data: &str) -> Value {
    let (code, out, err) = arbiter(&["verify", "bumper", "--data", data, "--json"]);
    assert_eq!(code, 0, "verify: {out} {err}");
    serde_json::from_str(&out).unwrap()
}

/// `arbiter redact bumper --message N --reason R --admin ops` on `data`.
fn redact(data: &str, message: u32, reason: &str) -> (i32, String, String) {
    let message = message.to_string();
    arbiter(&[
        "redact",
        "bumper",
        "--message",
        &message,
        "--reason",
        reason,
        "--admin",
        "ops",
        "--data",
        data,
    ])
}

/// Asserts that no file under `dir` holds the spectator's message.
fn spectator_gone(dir: &Path) {
    assert_eq!(
        files_holding(dir, SPECTATOR.as_bytes()),
        Vec::<String>::new()
    );
}

/// Whether any file under `dir` holds `needle`'s bytes.
fn files_holding(dir: &Path, needle: &[u8]) -> Vec<String> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            found.extend(files_holding(&path, needle));
        } else if let Ok(bytes) = std::fs::read(&path) {
            if bytes.windows(needle.len()).any(|w| w == needle) {
                found.push(path.display().to_string());
            }
        }
    }
    found
}

#[actix_web::test]
async fn a_spectators_message_is_removed_and_every_proof_still_checks() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().to_str().unwrap();
    imported(data);
    let before = verify_json(data);
    assert_eq!(before["transcript"]["messages"], 27, "{before}");
    assert_eq!(before["transcript"]["redacted"], serde_json::json!([]));
    assert!(!files_holding(dir.path(), SPECTATOR.as_bytes()).is_empty());

    let (code, out, err) = redact(data, 12, "asked by kibitz_kat");
    assert_eq!(code, 0, "{out} {err}");
    assert!(out.contains("removed message 12"), "{out}");

    // Gone from every file of the data directory, the database included.
    spectator_gone(dir.path());
    // The chain, the findings and the transcript's root all still check.
    let after = verify_json(data);
    assert_eq!(after["chain"]["first_bad"], Value::Null);
    assert_eq!(after["transcript"]["intact"], true);
    assert_eq!(after["transcript"]["redacted"], serde_json::json!([12]));
    assert_eq!(after["findings"], before["findings"]);
    let (_, text, _) = arbiter(&["verify", "bumper", "--data", data]);
    assert!(text.contains("1 redacted on request"), "{text}");

    // Asking again is refused, and says why.
    let (code, _, err) = redact(data, 12, "again");
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("already removed"), "{err}");

    // The bundle carries the pieces (the removed one as its hash) and
    // checks offline; its report says one message was redacted.
    let bundle = dir.path().join("bumper.arb");
    let (code, out, err) = arbiter(&[
        "export",
        "bumper",
        "--bundle",
        bundle.to_str().unwrap(),
        "--data",
        data,
    ]);
    assert_eq!(code, 0, "{out} {err}");
    let (code, out, err) = arbiter(&["check-bundle", bundle.to_str().unwrap(), "--json"]);
    assert_eq!(code, 0, "{out} {err}");
    let report: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        report["report"]["transcript"]["redacted"],
        serde_json::json!([12])
    );
    let (code, out, err) = arbiter(&["check-bundle", bundle.to_str().unwrap()]);
    assert_eq!(code, 0, "{out} {err}");
    assert!(
        out.contains("transcript: ok (27 messages, 1 redacted on request"),
        "{out}"
    );
    let bytes = std::fs::read(&bundle).unwrap();
    assert!(!bytes
        .windows(SPECTATOR.len())
        .any(|w| w == SPECTATOR.as_bytes()));
    // A bundle whose kept piece was changed is rejected.
    let gl = b"gl hf";
    let at = bytes.windows(gl.len()).position(|w| w == gl).unwrap();
    let mut altered = bytes.clone();
    altered[at] = b'G';
    std::fs::write(&bundle, &altered).unwrap();
    let (code, out, err) = arbiter(&["check-bundle", bundle.to_str().unwrap()]);
    assert_eq!(code, 1, "{out} {err}");
    assert!(err.contains("transcript"), "{err}");

    // The export names the removal in the piece's place.
    let (_, out, _) = arbiter(&["export", "bumper", "--data", data]);
    let m: Value = serde_json::from_str(&out).unwrap();
    let piece = m["transcript"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["messages"] == serde_json::json!([12]))
        .unwrap();
    assert!(piece["content"]["removed"]["leaf"].is_string(), "{piece}");
    assert_eq!(
        piece["content"]["removed"]["note"],
        "message 12 removed on request: asked by kibitz_kat"
    );
    let last = m["events"].as_array().unwrap().last().unwrap();
    assert_eq!(
        last["body"]["redaction"]["messages"],
        serde_json::json!([12])
    );
    assert_eq!(last["actor"]["operator"], "ops");

    // The transcript page shows the placeholder where the text was.
    let store = SledStore::open(dir.path()).unwrap();
    let app = web_test::init_service(arbiter::web::app(arbiter::web::AppState::new(Arc::new(
        store,
    ))))
    .await;
    let (status, page) = get_text(&app, "/matches/bumper/transcript").await;
    assert_eq!(status, StatusCode::OK);
    assert!(page.contains("message 12 removed on request"), "{page}");
    assert!(page.contains("asked by kibitz_kat"), "{page}");
    assert!(!page.contains("blue was winning"), "{page}");
    assert!(page.contains("you too :)"), "{page}");
    let (status, page) = get_text(&app, "/matches/bumper").await;
    assert_eq!(status, StatusCode::OK);
    assert!(page.contains("/matches/bumper/transcript"), "{page}");
    // With a message gone, the transcript cannot be read again whole to
    // correct the import: the page says why.
    let (status, page) = get_text(&app, "/import?from=bumper").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{page}");
    assert!(page.contains("had message 12 removed on request"), "{page}");
}

/// A message that became an event (tamsin's "A2 north", a move) loses its
/// text; the move, every step's state and the findings stay as they were.
#[test]
fn redacting_a_message_that_made_an_event_keeps_the_event_and_the_replay() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().to_str().unwrap();
    imported(data);
    let replayed = |store: &dyn EventStore| {
        let events: Vec<_> = store
            .events(&MatchId::parse("bumper").unwrap())
            .unwrap()
            .into_iter()
            .map(|s| s.envelope)
            .collect();
        let replay = arbiter::replay::Replay::new(&events);
        let digests: Vec<_> = replay
            .steps
            .iter()
            .map(|s| s.state.as_ref().map(arbiter::replay::state_digest))
            .collect();
        (events, replay, digests)
    };
    let (events_before, _, digests_before) = {
        let store = SledStore::open(dir.path()).unwrap();
        replayed(&store)
    };
    let before = verify_json(data);
    let (code, out, err) = redact(data, 6, "tamsin asked");
    assert_eq!(code, 0, "{out} {err}");
    assert!(out.contains("the events read from them stay"), "{out}");
    let store = SledStore::open(dir.path()).unwrap();
    let (events_after, replay, digests_after) = replayed(&store);
    let n = events_before.len();
    assert_eq!(events_after.len(), n + 1, "one Redaction event appended");
    assert_eq!(events_after[..n], events_before[..]);
    assert_eq!(digests_after[..n], digests_before[..]);
    // The redaction's own step changes nothing the rules see.
    assert_eq!(digests_after[n], digests_before[n - 1]);
    assert!(replay.steps[n].error.is_none(), "{:?}", replay.steps[n]);
    assert_eq!(replay.steps[n].kind, "redaction");
    drop(store);
    let after = verify_json(data);
    assert_eq!(after["findings"], before["findings"]);
    assert_eq!(after["mistakes"], before["mistakes"]);
    assert_eq!(after["transcript"]["redacted"], serde_json::json!([6]));
}

/// A backup carries the kept pieces (the removed one as its hash) and a
/// restore puts them back: the restored match verifies with the same
/// redaction, and the text is in no file of the backup or the new store;
/// `arbiter migrate` copies them the same way.
#[test]
fn backup_restore_and_migrate_carry_the_redacted_transcript() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let data_s = data.to_str().unwrap();
    imported(data_s);
    let (code, out, err) = redact(data_s, 12, "asked");
    assert_eq!(code, 0, "{out} {err}");
    let backup = dir.path().join("backup");
    let (code, _, err) = arbiter(&["backup", backup.to_str().unwrap(), "--data", data_s]);
    assert_eq!(code, 0, "{err}");
    let restored = dir.path().join("restored");
    let (code, _, err) = arbiter(&[
        "restore",
        backup.to_str().unwrap(),
        "--data",
        restored.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let copied = dir.path().join("copied");
    let (code, out, err) = arbiter(&[
        "migrate",
        "--from",
        data_s,
        "--to",
        copied.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{out} {err}");
    for at in [&restored, &copied] {
        let v = verify_json(at.to_str().unwrap());
        assert_eq!(v["transcript"]["intact"], true, "{v}");
        assert_eq!(v["transcript"]["redacted"], serde_json::json!([12]));
    }
    spectator_gone(dir.path());
}

/// A redaction cut short after its event was written (the text still
/// kept): `verify` says so and what to do, and running the same redaction
/// again finishes it without a second event.
#[test]
fn a_redaction_cut_short_is_named_by_verify_and_finished_by_running_it_again() {
    use arbiter::event::{Actor, Body, NewEvent, Redaction};
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().to_str().unwrap();
    imported(data);
    let id = MatchId::parse("bumper").unwrap();
    {
        let store = SledStore::open(dir.path()).unwrap();
        let n = store.events(&id).unwrap().len() as u64;
        let event = NewEvent {
            occurred_at: chrono::Utc::now(),
            actor: Actor::Operator("ops".into()),
            body: Body::Redaction(Redaction {
                messages: vec![12],
                reason: "asked".into(),
            }),
        };
        store.append(&id, n, event).unwrap();
    }
    let (code, out, err) = arbiter(&["verify", "bumper", "--data", data]);
    assert_eq!(code, 3, "{out} {err}");
    assert!(out.contains("run the same redaction again"), "{out}");
    let (code, out, err) = redact(data, 12, "asked");
    assert_eq!(code, 0, "{out} {err}");
    let after = verify_json(data);
    assert_eq!(after["transcript"]["redacted"], serde_json::json!([12]));
    let store = SledStore::open(dir.path()).unwrap();
    let redactions = store
        .events(&id)
        .unwrap()
        .iter()
        .filter(|e| e.envelope.body.kind() == "redaction")
        .count();
    assert_eq!(redactions, 1);
    spectator_gone(dir.path());
}

/// A match whose transcript is not sealed message by message (the bundled
/// samples, any store written before) cannot be redacted: it says why and
/// what to do instead, and nothing is written.
#[test]
fn a_match_sealed_before_commitments_is_not_redacted_and_says_why() {
    let dir = tempfile::tempdir().unwrap();
    let store = SledStore::open(dir.path()).unwrap();
    arbiter::samples::load_bundled_if_empty(&store).unwrap();
    let id = MatchId::parse("dg-bumper-cup-r2").unwrap();
    let n = store.events(&id).unwrap().len();
    let refused = arbiter::transcripts::redact(&store, &id, &[0], "asked", "ops").unwrap_err();
    assert!(
        refused.to_string().contains("import the transcript again"),
        "{refused}"
    );
    assert_eq!(store.events(&id).unwrap().len(), n);
}

/// Under PostgreSQL the removed text is gone from the table (rewritten by
/// VACUUM FULL), and the root still checks.
#[test]
fn a_redaction_under_postgres_leaves_no_text_in_the_table() {
    let Some(pg) = crate::common::stores::postgres("redaction") else {
        return;
    };
    let text = std::fs::read_to_string(FILE).unwrap();
    let ctx = arbiter::import::TimeContext::new(
        chrono_tz::UTC,
        chrono::NaiveDate::from_ymd_opt(2026, 11, 20).unwrap(),
    );
    let transcript = arbiter::import::read_transcript(&text, None, &ctx).unwrap();
    let opts = arbiter::import::events::ImportOptions {
        game: arbiter::games::GameKind::Dodgem,
        cast: arbiter::import::events::Cast {
            players: ["tamsin".into(), "ozzie_b".into()],
            host: "ruthless".into(),
            aliases: Default::default(),
        },
        title: "Bumper Cup final".into(),
        importer: "test".into(),
        source_name: "dodgem-game.txt".into(),
        config: None,
    };
    let imported = arbiter::import::events::read_match(&transcript, &text, &opts).unwrap();
    let id = MatchId::parse("bumper").unwrap();
    let store = pg.store.as_ref();
    arbiter::transcripts::store_new(store, &id, imported.events, Some(&transcript)).unwrap();
    let url = match &pg.location {
        arbiter::log::StoreLocation::Postgres(url) => url.clone(),
        _ => unreachable!("a PostgreSQL store"),
    };
    let holding = || {
        crate::common::stores::query(
            &url,
            "SELECT count(*) FROM arbiter_transcripts WHERE position(convert_to($1, 'UTF8') in pieces) > 0",
            &[&SPECTATOR],
        )[0]
        .get::<_, i64>(0)
    };
    assert_eq!(holding(), 1);
    arbiter::transcripts::redact(store, &id, &[12], "asked", "ops").unwrap();
    assert_eq!(holding(), 0);
    let sealed = store.events(&id).unwrap();
    let status = arbiter::transcripts::check(store, &id, &sealed);
    assert!(
        matches!(&status, Some(f) if f.intact && f.redacted == vec![12]),
        "{status:?}"
    );
}
