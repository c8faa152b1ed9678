//! The `EventStore` contract, checked the same way on every store: each
//! check is written once, over `&dyn EventStore` (or over a
//! `TestStore` when it must reopen the store or copy between stores),
//! and [`conformance!`] runs it as `on_sled::<check>` and
//! `on_postgres::<check>`. A store passes when it keeps what the trait's
//! docs promise: reads in seq order, conflicts that write nothing, batches
//! whole or not at all, one winner per seq under a race, keys, tokens,
//! receipts that are the Merkle tree's, a witness that finds nothing
//! wrong with a healthy store, exact adoption, and all of it after a
//! reopen.
//!
//! The PostgreSQL half needs a server: set `ARBITER_TEST_POSTGRES` (see
//! `common::stores`); without it each PostgreSQL test prints that it was
//! skipped and passes, unless `ARBITER_POSTGRES_TESTS=require` (as in
//! `.ci/run`). How each store's own damage shows is apart from the shared
//! checks: sled's in its unit tests and `store_damage`, PostgreSQL's in
//! [`postgres_damage`], whose SQL is kept in one place there.
//!
//! Run: `cargo test --test suite store_conformance::`.

use crate::common;

use std::collections::BTreeSet;

use arbiter::event::{Ruling, Scope, Timeout};
use arbiter::log::seal::{self, Hash, GENESIS};
use arbiter::log::store::{WitnessCheck, MAX_RECORD_BYTES};
use arbiter::log::witness::Witnessed;
use arbiter::log::{
    merkle, Body, Checkpoint, EventStore, Identity, MatchId, NewEvent, Role, Sealed, StoreError,
};
use common::stores;

mod adopting;
mod postgres_damage;
mod racing;
mod reopening;

use adopting::adoption;
use racing::{
    racing_appenders_get_one_winner_per_seq, racing_appenders_lose_nothing_while_readers_read,
    racing_creators_one_wins,
};
use reopening::{location_names_the_store_without_its_password, reopening_keeps_everything};

/// For each check, a test on sled (`on_sled::<check>`) and one on
/// PostgreSQL (`on_postgres::<check>`), each on a store of its own.
/// `store:` checks take `&dyn EventStore`; `whole:` checks take the
/// `TestStore` (to reopen it, or to copy to and from another store).
macro_rules! conformance {
    (store: $($check:ident),* $(,)?; whole: $($whole:ident),* $(,)?) => {
        mod on_sled {
            use crate::common::stores;
            $(
                #[test]
                fn $check() {
                    let t = stores::sled();
                    super::$check(&*t.store);
                }
            )*
            $(
                #[test]
                fn $whole() {
                    super::$whole(stores::sled());
                }
            )*
        }
        mod on_postgres {
            use crate::common::stores;
            $(
                #[test]
                fn $check() {
                    if let Some(t) = stores::postgres(stringify!($check)) {
                        super::$check(&*t.store);
                    }
                }
            )*
            $(
                #[test]
                fn $whole() {
                    if let Some(t) = stores::postgres(stringify!($whole)) {
                        super::$whole(t);
                    }
                }
            )*
        }
    };
}

conformance! {
    store:
        appends_read_back_in_order,
        stale_seqs_conflict_and_write_nothing,
        batches_are_stored_whole_or_not_at_all,
        a_second_create_is_refused_and_the_first_stands,
        racing_appenders_get_one_winner_per_seq,
        racing_creators_one_wins,
        racing_appenders_lose_nothing_while_readers_read,
        the_recorder_key_is_published_and_signs_every_event,
        tokens_are_kept_hashed_listed_and_revoked,
        token_records_copy_between_stores,
        checkpoints_are_the_merkle_tree_signed,
        a_healthy_store_has_no_witnessed_damage,
        the_audit_finds_every_match_sound;
    whole:
        adoption,
        reopening_keeps_everything,
        location_names_the_store_without_its_password,
}

pub(crate) fn id(s: &str) -> MatchId {
    MatchId::parse(s).expect("a test match id")
}

/// Event `n` of a test log: a real match's events first (its Create at
/// 0), then passes, timeouts and rulings by turns.
pub(crate) fn event(n: u64) -> NewEvent {
    if let Some(e) = common::small_match().get(n as usize) {
        return e.clone();
    }
    let body = match n % 3 {
        0 => Body::Pass,
        1 => Body::Timeout(Timeout {
            player: "jonas".into(),
            note: format!("too slow at step {n}"),
        }),
        _ => Body::Ruling(Ruling {
            scope: Scope::Round(1),
            winner: Some("mira".into()),
            text: format!("mira takes the round at step {n}"),
        }),
    };
    common::ev(200 + n as i64, common::host(), body)
}

pub(crate) fn events(seqs: std::ops::Range<u64>) -> Vec<NewEvent> {
    seqs.map(event).collect()
}

/// Creates match `m` with `n` events, in one batch.
pub(crate) fn fill(store: &dyn EventStore, m: &MatchId, n: u64) -> Vec<Sealed> {
    store
        .append_all(m, 0, events(0..n))
        .unwrap_or_else(|e| panic!("creating {m} with {n} events: {e}"))
}

pub(crate) fn hashes(events: &[Sealed]) -> Vec<Hash> {
    events.iter().map(|s| s.hash).collect()
}

/// The store's published keys as `adopt` takes them.
pub(crate) fn published_keys(store: &dyn EventStore) -> Vec<(String, [u8; 32])> {
    store
        .keyring()
        .iter()
        .map(|(id, public)| {
            let bytes = hex::decode(&public).expect("a published key in hex");
            let bytes = <[u8; 32]>::try_from(bytes).expect("a published key is 32 bytes");
            (id.to_string(), bytes)
        })
        .collect()
}

/// Everything a reader sees of match `m`: its events, head, receipt and
/// last witness line. Equal before and after a refused write means the
/// write left nothing.
#[derive(Debug, PartialEq)]
pub(crate) struct Seen {
    events: Option<Vec<Sealed>>,
    head: Option<(u64, Hash)>,
    checkpoint: Option<Checkpoint>,
    witnessed: Option<Witnessed>,
}

pub(crate) fn seen(store: &dyn EventStore, m: &MatchId) -> Seen {
    fn or_none<T>(got: Result<T, StoreError>, what: &str, m: &MatchId) -> Option<T> {
        match got {
            Ok(x) => Some(x),
            Err(StoreError::NotFound(_)) => None,
            Err(e) => panic!("{what} of {m}: {e}"),
        }
    }
    Seen {
        events: or_none(store.events(m), "events", m),
        head: store.head(m).expect("head"),
        checkpoint: or_none(store.checkpoint(m), "checkpoint", m),
        witnessed: store
            .journal()
            .expect("journal")
            .last
            .get(m.as_str())
            .cloned(),
    }
}

fn assert_not_found<T: std::fmt::Debug>(got: Result<T, StoreError>, m: &str, what: &str) {
    match got {
        Err(StoreError::NotFound(x)) => assert_eq!(x, m, "{what}"),
        other => panic!("{what}: expected NotFound({m}), got {other:?}"),
    }
}

/// Appends one at a time and in a batch read back as written, in seq
/// order, chained and signed, whichever way they are read; matches whose
/// ids share a prefix stay apart, and are listed sorted.
fn appends_read_back_in_order(store: &dyn EventStore) {
    let m = id("m1");
    assert!(store.matches().expect("matches").is_empty());
    assert_eq!(store.head(&m).expect("head"), None);
    assert_eq!(store.first_event(&m).expect("first"), None);
    assert_not_found(store.events(&m), "m1", "events of an unknown match");
    assert_not_found(store.verify(&m), "m1", "verify of an unknown match");
    assert!(store.events_after(&m, 0, 3).expect("after").is_empty());

    let mut written: Vec<Sealed> = Vec::new();
    for seq in 0..6 {
        let s = store.append(&m, seq, event(seq)).expect("append");
        let given = event(seq);
        assert_eq!(s.envelope.match_id, m);
        assert_eq!(s.envelope.seq, seq);
        assert_eq!(s.envelope.occurred_at, given.occurred_at);
        assert_eq!(s.envelope.actor, given.actor);
        assert_eq!(s.envelope.body, given.body);
        assert_eq!(s.prev_hash, written.last().map_or(GENESIS, |p| p.hash));
        assert_eq!(s.key_id, store.recorder_key_id());
        assert_eq!(store.head(&m).expect("head"), Some((seq + 1, s.hash)));
        written.push(s);
    }
    let batch = store.append_all(&m, 6, events(6..10)).expect("batch");
    assert_eq!(
        batch.iter().map(|s| s.envelope.seq).collect::<Vec<_>>(),
        vec![6, 7, 8, 9]
    );
    assert_eq!(batch[0].prev_hash, written[5].hash);
    written.extend(batch);

    assert_eq!(store.events(&m).expect("events"), written);
    assert_eq!(
        store.first_event(&m).expect("first"),
        Some(written[0].clone())
    );
    assert_eq!(store.head(&m).expect("head"), Some((10, written[9].hash)));
    let (read, report) = store.events_verified(&m).expect("verified");
    assert_eq!(read, written);
    assert!(report.is_ok(), "{report:?}");
    assert_eq!(report.events, 10);
    let report = store.verify(&m).expect("verify");
    assert!(report.is_ok() && report.events == 10, "{report:?}");

    // The records after a seq, as a cache folds in an append: seqs 4–9,
    // each the event stored, and they chain on from seq 3.
    let after = store.events_after(&m, 4, 10).expect("after");
    assert_eq!(after.len(), 6);
    for (seq, record) in &after {
        assert_eq!(record.as_ref().ok(), Some(&written[*seq as usize]), "{seq}");
    }
    assert_eq!(
        after.iter().map(|(seq, _)| *seq).collect::<Vec<_>>(),
        (4..10).collect::<Vec<_>>()
    );
    let report = seal::verify_chain_from(&m, 4, written[3].hash, &after, &store.keyring());
    assert!(report.is_ok() && report.events == 10, "{report:?}");
    assert_eq!(store.events_after(&m, 7, 9).expect("after").len(), 2);
    assert!(store.events_after(&m, 10, 10).expect("after").is_empty());

    // "m1" is a prefix of "m1-b": their events must not mix.
    fill(store, &id("m1-b"), 2);
    fill(store, &id("0"), 1);
    assert_eq!(
        store.matches().expect("matches"),
        vec![id("0"), m.clone(), id("m1-b")]
    );
    assert_eq!(store.events(&m).expect("m1"), written);
    assert_eq!(store.events(&id("m1-b")).expect("m1-b").len(), 2);
    assert!(store.verify(&id("m1-b")).expect("verify").is_ok());
    // Every head in one read, in the same order, as each read alone.
    let heads = store.heads().expect("heads");
    let one_by_one: Vec<_> = store
        .matches()
        .expect("matches")
        .into_iter()
        .map(|id| {
            let head = store.head(&id).expect("head");
            (id, head)
        })
        .collect();
    assert_eq!(heads, one_by_one);
    assert_eq!(heads[1].1.map(|(n, _)| n), Some(10));
}

/// An append at a seq the match is not at writes nothing: a stale or
/// early seq (0 included) is a conflict that says where the match is, and
/// an unknown match is not found.
fn stale_seqs_conflict_and_write_nothing(store: &dyn EventStore) {
    let m = id("m1");
    fill(store, &m, 3);
    let before = seen(store, &m);
    for stale in [0, 1, 2, 4, 9] {
        let one = store.append(&m, stale, event(9));
        let many = store.append_all(&m, stale, events(3..5));
        for got in [one.map(|s| vec![s]), many] {
            match got {
                Err(StoreError::Conflict {
                    match_id,
                    expected,
                    actual,
                }) => assert_eq!((match_id.as_str(), expected, actual), ("m1", stale, 3)),
                other => panic!("seq {stale} on a match at 3: expected a conflict, got {other:?}"),
            }
        }
    }
    let err = store.append(&m, 1, event(9)).expect_err("a conflict");
    assert_eq!(
        err.to_string(),
        "the match has moved on: you expected seq 1 but the next seq is 3; reload and try again"
    );
    for seq in [1, 3] {
        assert_not_found(store.append(&id("nope"), seq, event(1)), "nope", "append");
        assert_not_found(
            store.append_all(&id("nope"), seq, events(1..3)),
            "nope",
            "append_all",
        );
    }
    assert_eq!(seen(store, &m), before, "a refused append wrote something");
    assert_eq!(store.head(&id("nope")).expect("head"), None);
    assert_eq!(store.matches().expect("matches"), vec![m.clone()]);
    assert!(store.verify(&m).expect("verify").is_ok());
}

/// An event too big to read back (past [`MAX_RECORD_BYTES`]): the one way
/// a caller can hand the store an event it must refuse.
fn oversized() -> NewEvent {
    common::ev(
        999,
        common::p("jonas"),
        Body::Timeout(Timeout {
            player: "jonas".into(),
            note: "z".repeat(MAX_RECORD_BYTES + 1),
        }),
    )
}

/// A batch is stored whole or not at all: refused whole on a conflict,
/// and refused whole when one of its events cannot be stored, as a create
/// and as an append.
fn batches_are_stored_whole_or_not_at_all(store: &dyn EventStore) {
    let m = id("batch");
    let written = store.append_all(&m, 0, events(0..5)).expect("create");
    assert_eq!(written.len(), 5);
    for pair in written.windows(2) {
        assert_eq!(pair[1].prev_hash, pair[0].hash);
    }
    assert_eq!(store.events(&m).expect("events"), written);
    let before = seen(store, &m);

    let err = store.append_all(&m, 3, events(5..9)).expect_err("stale");
    assert!(
        matches!(
            err,
            StoreError::Conflict {
                expected: 3,
                actual: 5,
                ..
            }
        ),
        "{err:?}"
    );
    assert_eq!(seen(store, &m), before, "a conflicting batch left a part");

    let mut batch = events(5..8);
    batch.insert(1, oversized());
    let err = store
        .append_all(&m, 5, batch)
        .expect_err("an event too big");
    assert!(
        !matches!(err, StoreError::Conflict { .. } | StoreError::NotFound(_)),
        "{err:?}"
    );
    assert_eq!(seen(store, &m), before, "a refused batch left a part");

    let big = id("big");
    store
        .append_all(&big, 0, vec![event(0), event(1), oversized()])
        .expect_err("a create with an event too big");
    assert_eq!(seen(store, &big), seen(store, &id("never-made")));
    assert_eq!(store.matches().expect("matches"), vec![m.clone()]);

    let more = store.append_all(&m, 5, events(5..8)).expect("the rest");
    assert_eq!(more[0].prev_hash, written[4].hash);
    assert_eq!(store.events(&m).expect("events").len(), 8);
    assert!(store.verify(&m).expect("verify").is_ok());
    assert!(store
        .append_all(&id("empty"), 0, Vec::new())
        .expect("nothing to append")
        .is_empty());
    assert_eq!(store.matches().expect("matches"), vec![m]);
}

/// A create of a match that exists (a client sending its create twice)
/// is refused, even with the very same events, and the first stands.
fn a_second_create_is_refused_and_the_first_stands(store: &dyn EventStore) {
    let m = id("twice");
    store.append_all(&m, 0, events(0..4)).expect("create");
    let before = seen(store, &m);
    let refused = |got: Result<Vec<Sealed>, StoreError>| match got {
        Err(StoreError::Conflict {
            expected: 0,
            actual: 4,
            ..
        })
        | Err(StoreError::Exists(_)) => {}
        other => panic!("a second create: expected Conflict or Exists, got {other:?}"),
    };
    refused(store.append_all(&m, 0, events(0..4)));
    refused(store.append(&m, 0, event(0)).map(|s| vec![s]));
    assert_eq!(seen(store, &m), before);
    assert!(store.verify(&m).expect("verify").is_ok());
}

/// The recorder's key is in the keyring under its id, and signs every
/// event appended here.
fn the_recorder_key_is_published_and_signs_every_event(store: &dyn EventStore) {
    let ring = store.keyring();
    let kid = store.recorder_key_id();
    let key = ring.get(&kid).expect("the recorder's key is published");
    assert_eq!(seal::key_id(key), kid);
    for s in fill(store, &id("signed"), 3) {
        assert_eq!(s.key_id, kid);
        ring.verify(&kid, &s.hash, &s.signature)
            .unwrap_or_else(|e| panic!("seq {}: {e}", s.envelope.seq));
    }
}

fn sha256_hex(text: &str) -> String {
    use sha2::{Digest, Sha256};
    hex::encode(Sha256::digest(text.as_bytes()))
}

/// Tokens are kept as their sha256 alone, listed by an id that does not
/// show them, and revoked by id or by value.
fn tokens_are_kept_hashed_listed_and_revoked(store: &dyn EventStore) {
    let made = "2026-11-25T00:00:00Z";
    let kit = Identity::new(Role::Player, "Kit", made);
    let ops = Identity::new(Role::Admin, "ops", made);
    let kg = Identity::new(Role::Host, "kg", made);
    assert_eq!(store.token_identity("kit-secret").expect("check"), None);
    for (token, who) in [
        ("kit-secret", &kit),
        ("ops-secret", &ops),
        ("kg-secret", &kg),
    ] {
        store.add_token(token, who).expect("add");
    }
    assert_eq!(
        store.token_identity("kit-secret").expect("check"),
        Some(kit.clone())
    );
    assert_eq!(store.token_identity("kit-secreT").expect("check"), None);
    assert_eq!(store.token_identity("").expect("check"), None);

    let listed = store.tokens().expect("tokens");
    let want: BTreeSet<(String, String)> = [
        ("kit-secret", &kit),
        ("ops-secret", &ops),
        ("kg-secret", &kg),
    ]
    .into_iter()
    .map(|(token, who)| (sha256_hex(token)[..12].to_string(), who.describe()))
    .collect();
    let got: BTreeSet<(String, String)> = listed
        .iter()
        .map(|(id, who)| (id.clone(), who.describe()))
        .collect();
    assert_eq!(got, want);
    let records = store.token_records().expect("records");
    assert_eq!(
        records
            .iter()
            .map(|(h, _)| h.clone())
            .collect::<BTreeSet<_>>(),
        ["kit-secret", "ops-secret", "kg-secret"]
            .into_iter()
            .map(sha256_hex)
            .collect::<BTreeSet<_>>()
    );
    for (hash, record) in &records {
        let text = String::from_utf8_lossy(record);
        assert!(
            !hash.contains("secret") && !text.contains("secret"),
            "{text}"
        );
    }

    // By 8 characters of its id, by its whole id, by its value.
    let kit_id = &sha256_hex("kit-secret")[..12];
    assert_eq!(store.revoke_token(&kit_id[..8]).expect("revoke"), kit_id);
    assert_eq!(store.token_identity("kit-secret").expect("check"), None);
    let ops_id = &sha256_hex("ops-secret")[..12];
    assert_eq!(store.revoke_token(ops_id).expect("revoke"), ops_id);
    assert_eq!(
        store.revoke_token("kg-secret").expect("revoke"),
        &sha256_hex("kg-secret")[..12]
    );
    assert!(store.tokens().expect("tokens").is_empty());
    assert!(matches!(
        store.revoke_token("kg-secret"),
        Err(StoreError::NotFound(_))
    ));
    assert!(
        store.revoke_token("abc").is_err(),
        "too short to name a token"
    );
}

/// Token records copied from one store into another speak for the same
/// people there, both ways (a backup and its restore).
fn token_records_copy_between_stores(store: &dyn EventStore) {
    let made = "2026-11-25T00:00:00Z";
    let kit = Identity::new(Role::Player, "Kit", made);
    store.add_token("kit-secret", &kit).expect("add");
    let other = stores::sled();
    for (hash, record) in store.token_records().expect("records") {
        other.store.put_token_record(&hash, &record).expect("put");
    }
    assert_eq!(
        other.store.token_identity("kit-secret").expect("check"),
        Some(kit)
    );
    let ops = Identity::new(Role::Admin, "ops", made);
    other.store.add_token("ops-secret", &ops).expect("add");
    let records = other.store.token_records().expect("records");
    let ops_record = records
        .iter()
        .find(|(h, _)| *h == sha256_hex("ops-secret"))
        .expect("ops's record");
    store
        .put_token_record(&ops_record.0, &ops_record.1)
        .expect("put");
    assert_eq!(
        store.token_identity("ops-secret").expect("check"),
        Some(ops)
    );
    assert_eq!(
        store.token_records().expect("records").len(),
        2,
        "put_token_record adds, and keeps the rest"
    );
}

/// Every receipt is the signed Merkle root of the log as it stood: its
/// size, root and time are the tree's over the events, each event's
/// inclusion proof leads to the last root, and each earlier receipt is
/// consistent with it (the log only grew).
fn checkpoints_are_the_merkle_tree_signed(store: &dyn EventStore) {
    let m = id("receipts");
    assert_not_found(store.checkpoint(&m), "receipts", "checkpoint");
    let mut receipts = Vec::new();
    for seq in 0..17 {
        store.append(&m, seq, event(seq)).expect("append");
        receipts.push(store.checkpoint(&m).expect("checkpoint"));
    }
    store.append_all(&m, 17, events(17..22)).expect("batch");
    receipts.push(store.checkpoint(&m).expect("checkpoint"));
    let held = store.events(&m).expect("events");
    let leaves = merkle::leaves(&hashes(&held));
    let ring = store.keyring();
    let last = receipts.last().expect("a receipt").clone();
    assert_eq!(
        receipts.iter().map(|c| c.size).collect::<Vec<_>>(),
        (1..=17).chain([22]).collect::<Vec<_>>()
    );
    for c in &receipts {
        let n = c.size as usize;
        c.verify(&ring).unwrap_or_else(|e| panic!("size {n}: {e}"));
        assert_eq!(c.match_id, m.as_str());
        assert_eq!(c.root, merkle::root(&leaves[..n]), "size {n}");
        assert_eq!(c.time, held[n - 1].envelope.recorded_at, "size {n}");
        assert_eq!(c.key_id, store.recorder_key_id());
        let proof = merkle::consistency_proof(n, &leaves).expect("proof");
        merkle::verify_consistency(c.size, last.size, &c.root, &last.root, &proof)
            .unwrap_or_else(|e| panic!("size {n} to {}: {e}", last.size));
    }
    for k in 0..leaves.len() {
        let proof = merkle::inclusion_proof(k, &leaves).expect("proof");
        merkle::verify_inclusion(k as u64, last.size, &leaves[k], &proof, &last.root)
            .unwrap_or_else(|e| panic!("seq {k}: {e}"));
    }
    assert_eq!(store.checkpoint(&m).expect("again"), last, "asked twice");
    let mut forged = last.clone();
    forged.size -= 1;
    assert!(
        forged.verify(&ring).is_err(),
        "the signature covers the size"
    );
}

/// A store that lost nothing: the witness holds each match's last append
/// and vouches for its log; nothing is damaged, noted or left to witness.
fn a_healthy_store_has_no_witnessed_damage(store: &dyn EventStore) {
    fill(store, &id("w1"), 4);
    fill(store, &id("w2"), 1);
    let w3 = id("w3");
    store.append(&w3, 0, event(0)).expect("create");
    for seq in 1..9 {
        store.append(&w3, seq, event(seq)).expect("append");
    }
    let journal = store.journal().expect("journal");
    assert!(journal.damaged.is_empty(), "{:?}", journal.damaged);
    assert_eq!(
        journal.last.keys().cloned().collect::<Vec<_>>(),
        ["w1", "w2", "w3"]
    );
    for (m, n) in [("w1", 4), ("w2", 1), ("w3", 9)] {
        let held = store.events(&id(m)).expect("events");
        let line = &journal.last[m];
        assert_eq!(line.size, n, "{m}");
        assert!(line.vouches_for(&hashes(&held)), "{m}: {line:?}");
        assert_eq!(
            store.check_witness(&id(m)).expect("check"),
            WitnessCheck {
                damage: None,
                note: None,
                damaged_lines: Vec::new()
            },
            "{m}"
        );
    }
    assert!(store.witnessed_damage().expect("damage").is_empty());
    assert!(store.witness_unwitnessed().expect("witness").is_empty());
    store.witness_journal().expect("the journal's bytes");
}

/// The whole-store check finds every match, each sound, with its size
/// and head.
fn the_audit_finds_every_match_sound(store: &dyn EventStore) {
    let empty = store.audit().expect("audit");
    assert!(empty.matches.is_empty() && !empty.damaged(), "{empty:?}");
    let mut heads = Vec::new();
    for (m, n) in [("a", 3), ("a-b", 1), ("z", 12)] {
        let held = fill(store, &id(m), n);
        heads.push((m, n, held.last().expect("an event").hash_hex()));
    }
    let audit = store.audit().expect("audit");
    assert!(!audit.damaged(), "{audit}");
    assert!(audit.store_damage.is_empty() && audit.damaged_lines.is_empty());
    let got: Vec<_> = audit
        .matches
        .iter()
        .map(|s| {
            (
                s.id.as_str(),
                s.events,
                s.head.clone(),
                s.damage.clone(),
                s.note.clone(),
            )
        })
        .collect();
    let want: Vec<_> = heads
        .iter()
        .map(|(m, n, head)| (*m, *n, Some(head.clone()), None, None))
        .collect();
    assert_eq!(got, want);
    let text = audit.to_string();
    for (m, n, head) in &heads {
        assert!(
            text.contains(&format!("ok {m}: {n} events, head {head}\n")),
            "{text}"
        );
    }
}

/// The PostgreSQL half's own footing, checked before any store is: a test
/// database is made empty (one left by an earlier run is dropped first),
/// is the one its address names, and is dropped afterwards.
#[test]
fn postgres_test_databases_are_made_fresh_and_dropped() {
    let Some(admin) = stores::postgres_admin_url() else {
        eprintln!("{}", stores::SKIPPED);
        return;
    };
    let name = stores::database_name("harness");
    let url = stores::fresh_postgres("harness").expect("a database");
    let current = stores::query(&url, "SELECT current_database()", &[]);
    assert_eq!(current[0].get::<_, String>(0), name);
    stores::execute(&url, "CREATE TABLE left_over (x int)", &[]);
    assert_eq!(
        stores::fresh_postgres("harness").as_deref(),
        Some(url.as_str())
    );
    let count =
        |sql: &str, url: &str, param: &str| -> i64 { stores::query(url, sql, &[&param])[0].get(0) };
    let tables = "SELECT count(*) FROM pg_tables WHERE tablename = $1";
    assert_eq!(
        count(tables, &url, "left_over"),
        0,
        "made again, it is empty"
    );
    stores::drop_database(&url).expect("drop");
    let databases = "SELECT count(*) FROM pg_database WHERE datname = $1";
    assert_eq!(count(databases, &admin, &name), 0, "dropped");
}
