//! Offline appeal bundles: a good bundle checks and carries the verifier's
//! findings; one altered byte, a dropped event, a reordered pair, a
//! checkpoint signed by an unknown key and a receipt the log contradicts
//! are each rejected with a message that says what and where.

use crate::common;

use arbiter::bundle::{self, Bundle, BundleError};
use arbiter::log::seal::Recorder;
use arbiter::log::{Checkpoint, EventStore, MatchId, SledStore};

fn stored() -> (tempfile::TempDir, SledStore, MatchId) {
    let dir = tempfile::tempdir().unwrap();
    let store = SledStore::open(dir.path()).unwrap();
    let id = MatchId::parse("small").unwrap();
    for (seq, e) in common::small_match().into_iter().enumerate() {
        store.append(&id, seq as u64, e).unwrap();
    }
    (dir, store, id)
}

fn rejected(r: Result<bundle::BundleReport, BundleError>) -> String {
    match r {
        Ok(_) => panic!("accepted"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn a_bundle_checks_offline_and_carries_the_findings() {
    let (_dir, store, id) = stored();
    let b = Bundle::export(&store, &id).unwrap();
    let bytes = b.to_bytes();
    let report = bundle::check(&bytes, None).unwrap();
    assert_eq!(report.events, b.events.len() as u64);
    assert_eq!(report.checkpoint, store.checkpoint(&id).unwrap());
    assert!(report.report.chain.is_ok());
    assert_eq!(report.report.findings.len(), 1, "round 1's ruling");
    assert!(report.report.rule_errors.len() == 1, "the stray placement");
}

#[test]
fn every_altered_byte_is_rejected() {
    let (_dir, store, id) = stored();
    let bytes = Bundle::export(&store, &id).unwrap().to_bytes();
    let mut kinds = std::collections::BTreeMap::<String, usize>::new();
    // Flip the lowest bit and the case bit of every byte.
    for i in 0..bytes.len() {
        for mask in [0x01u8, 0x20] {
            let mut b = bytes.clone();
            b[i] ^= mask;
            let why = rejected(bundle::check(&b, None));
            let kind = why.split(':').next().unwrap().to_string();
            *kinds.entry(kind).or_default() += 1;
        }
    }
    // Signatures, hashes and decoding all play their part.
    assert!(kinds.len() >= 3, "{kinds:?}");
}

#[test]
fn a_dropped_event_a_reordered_pair_and_a_rewritten_event_are_named() {
    let (_dir, store, id) = stored();
    let b = Bundle::export(&store, &id).unwrap();
    let mut dropped = b.clone();
    dropped.events.remove(3);
    let why = rejected(bundle::check(&dropped.to_bytes(), None));
    assert!(
        why.contains("event seq 3 is missing (seq 2 is followed by seq 4)"),
        "{why}"
    );

    let mut swapped = b.clone();
    swapped.events.swap(4, 5);
    let why = rejected(bundle::check(&swapped.to_bytes(), None));
    assert!(
        why.contains("out of order: seq 5 stands where seq 4 belongs"),
        "{why}"
    );

    let mut last_dropped = b.clone();
    last_dropped.events.pop();
    let why = rejected(bundle::check(&last_dropped.to_bytes(), None));
    assert!(why.contains("checkpoint covers"), "{why}");

    let mut rewritten = b.clone();
    rewritten.events[2].envelope.occurred_at += chrono::Duration::seconds(1);
    let why = rejected(bundle::check(&rewritten.to_bytes(), None));
    assert!(why.contains("event seq 2"), "{why}");
}

#[test]
fn a_checkpoint_by_an_unknown_key_is_rejected() {
    let (_dir, store, id) = stored();
    let b = Bundle::export(&store, &id).unwrap();
    let stranger = Recorder::from_bytes([9; 32]);
    let mut forged = b.clone();
    forged.checkpoint = Checkpoint::of(id.as_str(), &b.events, &stranger);
    let why = rejected(bundle::check(&forged.to_bytes(), None));
    assert!(
        why.contains(&stranger.key_id()) && why.contains("not a published key"),
        "{why}"
    );
}

#[test]
fn a_receipt_is_checked_against_the_log() {
    let (_dir, store, id) = stored();
    let early = Bundle::export(&store, &id).unwrap();
    let receipt = early.checkpoint.clone();
    // The log grows; the old receipt is a prefix of it.
    let n = early.events.len() as u64;
    let mut more = common::small_match().pop().unwrap();
    more.occurred_at += chrono::Duration::seconds(60);
    store.append(&id, n, more).unwrap();
    let b = Bundle::export(&store, &id).unwrap();
    let report = bundle::check(&b.to_bytes(), Some(&receipt)).unwrap();
    assert!(report.receipt.unwrap().contains("is a prefix of this log"));
    // A receipt whose log was rewritten afterwards is not.
    let mut other = receipt.clone();
    other.root[0] ^= 1;
    let why = rejected(bundle::check(&b.to_bytes(), Some(&other)));
    assert!(why.contains("receipt"), "{why}");
    // A bundle that drops events the receipt covered.
    let mut short = early.clone();
    short.events.truncate(3);
    short.checkpoint = store.checkpoint(&id).unwrap();
    assert!(bundle::check(&short.to_bytes(), Some(&receipt)).is_err());
}

/// Invariant "Versioned": events sealed by earlier versions keep decoding
/// and verifying. `tests/data/sealed/` holds the bundles of every bundled
/// sample, and of a match whose appeal decision was recorded in the first
/// shape of a recommendation (`"overturn"`, no winner) and with none at
/// all, all exported by the code of commit 14bcb82, before the
/// recommendation learned who wins. Each must check in full: every
/// signature, the hash chain over canonical bytes re-encoded by today's
/// code, the Merkle root, the checkpoint; then replay without a panic.
#[test]
fn events_sealed_by_earlier_versions_still_decode_and_verify() {
    use arbiter::log::{Body, Envelope};
    use arbiter::verify::{Accord, Recommendation};

    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/sealed");
    let mut checked = Vec::new();
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for path in entries {
        let bytes = std::fs::read(&path).unwrap();
        let report = bundle::check(&bytes, None)
            .unwrap_or_else(|e| panic!("{} no longer checks: {e}", path.display()));
        assert!(report.report.chain.is_ok(), "{}", path.display());
        let b = Bundle::from_bytes(&bytes).unwrap();
        assert_eq!(report.events, b.events.len() as u64);
        let envelopes: Vec<Envelope> = b.events.iter().map(|s| s.envelope.clone()).collect();
        let decision = envelopes.iter().find_map(|e| match &e.body {
            Body::AppealDecision(d) => Some(d.clone()),
            _ => None,
        });
        let name = path.file_stem().unwrap().to_string_lossy().to_string();
        match name.as_str() {
            "v1-decision-overturn" => {
                let d = decision.expect("the old decision decodes");
                assert_eq!(d.recommendation, Some(Recommendation::Overturn));
                assert_eq!(d.winner.as_deref(), Some("tamsin"));
                // Recorded without a winner: compared on the action alone.
                assert_eq!(d.accord(), Some(Accord::Followed));
            }
            "v1-decision-none" => {
                let d = decision.expect("the old decision decodes");
                assert_eq!(d.recommendation, None);
                assert_eq!(d.accord(), None);
            }
            // The second version of Create: a reviewed import, its
            // transcript and correction beside each other.
            "v2-create-reviewed" => {
                let review = envelopes[0].body.review().expect("the review decodes");
                assert_eq!(review.corrections[0].message, 1);
                assert_eq!(review.corrections[0].reviewer, "ana");
                let create = envelopes[0].body.create().expect("a Create");
                let text = &create.source.as_ref().expect("the transcript").text;
                assert!(text.contains("the sapphire fleet belongs to fern tonight"));
                let replay = arbiter::replay::Replay::new(&envelopes);
                assert_eq!(replay.rule_errors().count(), 0, "{name}");
            }
            _ => {}
        }
        if name.starts_with("v1-decision") {
            // The overturn still moves round 3 to tamsin in the score.
            let replay = arbiter::replay::Replay::new(&envelopes);
            assert_eq!(replay.rule_errors().count(), 0, "{name}");
        }
        checked.push(name);
    }
    assert_eq!(
        checked.len(),
        11,
        "every sample, both old decisions and a reviewed Create: {checked:?}"
    );
}
