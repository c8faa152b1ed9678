//! Damage done to a PostgreSQL store's tables behind its back (a flipped
//! byte in an event, the last event deleted, a head changed) is named by
//! `verify` and the audit: the match and the first seq at fault, never a
//! clean bill and never a panic. sled's counterparts are its unit tests
//! and the `store_damage` sweep.
//!
//! The SQL is in [`sql`] alone: the schema is the store's own
//! (`src/log/store/postgres.rs`), and when it changes, that is the one
//! place to change here. Each statement must touch exactly one row, so a
//! statement the schema has outgrown fails by saying so.

use arbiter::log::{EventStore, MatchId, StoreError};

use super::{fill, id};
use crate::common::stores::{self, TestStore};

/// The statements that damage a store, against the tables
/// `arbiter_events(match_id text, seq bigint, envelope bytea, prev_hash
/// bytea, hash bytea, key_id text, signature bytea)` and
/// `arbiter_heads(match_id text, next_seq bigint, last_hash bytea,
/// frontier bytea)`. Parameters: `$1` the match id, `$2` the seq, `$3` a
/// byte's offset.
mod sql {
    /// How many bytes event `$2`'s envelope is stored in.
    pub const ENVELOPE_LENGTH: &str =
        "SELECT length(envelope)::int4 FROM arbiter_events WHERE match_id = $1 AND seq = $2";
    /// Flips the lowest bit of byte `$3` of event `$2`'s envelope.
    pub const FLIP_ENVELOPE_BYTE: &str = "UPDATE arbiter_events \
         SET envelope = set_byte(envelope, $3, get_byte(envelope, $3) # 1) \
         WHERE match_id = $1 AND seq = $2";
    /// Deletes the match's last event row, leaving its head as it was.
    pub const DELETE_LAST_EVENT: &str = "DELETE FROM arbiter_events \
         WHERE match_id = $1 AND seq = (SELECT max(seq) FROM arbiter_events WHERE match_id = $1)";
    /// Flips a bit of the hash the match's head records as its last.
    pub const CHANGE_HEAD_HASH: &str = "UPDATE arbiter_heads \
         SET last_hash = set_byte(last_hash, 0, get_byte(last_hash, 0) # 1) \
         WHERE match_id = $1";
}

/// Runs a damaging statement that must change exactly one row.
fn damage(url: &str, statement: &str, params: &[&(dyn tokio_postgres::types::ToSql + Sync)]) {
    let rows = stores::execute(url, statement, params);
    assert_eq!(
        rows, 1,
        "`{statement}` changed {rows} rows instead of 1: adjust the SQL in \
         store_conformance/postgres_damage.rs to the store's schema"
    );
}

/// Events per damaged match, and the seq whose envelope is flipped.
const EVENTS: u64 = 5;
const FLIPPED: i64 = 2;

/// A match whose event [`FLIPPED`] gets a byte flipped, and which byte:
/// its offset, given the envelope's stored length.
type Flip = (&'static str, fn(i32) -> i32);

#[test]
fn postgres_damage_written_with_sql_is_named() {
    let Some(t) = stores::postgres("damage_written_with_sql") else {
        return;
    };
    let url = t.database_url().expect("a database").to_string();
    let flips: [Flip; 3] = [
        ("flip-first", |_| 0),
        ("flip-middle", |len| len / 2),
        ("flip-last", |len| len - 1),
    ];
    let (cut, moved, sound) = (id("cut"), id("moved-head"), id("sound"));
    for (m, _) in &flips {
        fill(&*t.store, &id(m), EVENTS);
    }
    for m in [&cut, &moved, &sound] {
        fill(&*t.store, m, EVENTS);
    }
    for (m, at) in &flips {
        let rows = stores::query(&url, sql::ENVELOPE_LENGTH, &[m, &FLIPPED]);
        let len: i32 = rows.first().expect("the stored event").get(0);
        damage(&url, sql::FLIP_ENVELOPE_BYTE, &[m, &FLIPPED, &at(len)]);
    }
    damage(&url, sql::DELETE_LAST_EVENT, &[&cut.as_str()]);
    damage(&url, sql::CHANGE_HEAD_HASH, &[&moved.as_str()]);
    // Opened afresh, so nothing it kept in memory hides the damage.
    let t: TestStore = t.reopen();
    let store = &*t.store;

    for (m, _) in &flips {
        first_bad_is(store, &id(m), FLIPPED as u64, EVENTS);
        match store.events(&id(m)) {
            Err(StoreError::Corrupt { seq, .. }) => assert_eq!(seq, FLIPPED as u64, "{m}"),
            // Decodes, but the chain report caught it above.
            Ok(events) => assert_eq!(events.len() as u64, EVENTS, "{m}"),
            Err(other) => panic!("{m}: unexpected {other:?}"),
        }
    }
    first_bad_is(store, &cut, EVENTS - 1, EVENTS - 1);
    let lost = store.check_witness(&cut).expect("witness");
    let (seq, why) = lost.damage.expect("the witness names the loss");
    assert_eq!(seq, EVENTS - 1, "{why}");
    first_bad_is(store, &moved, EVENTS - 1, EVENTS);
    assert!(store.verify(&sound).expect("verify").is_ok());

    let audit = store.audit().expect("audit");
    assert!(audit.damaged(), "{audit}");
    let named: Vec<&str> = flips
        .iter()
        .map(|(m, _)| *m)
        .chain(["cut", "moved-head"])
        .collect();
    for standing in &audit.matches {
        if standing.id == "sound" {
            assert_eq!(standing.damage, None, "{audit}");
        } else {
            let why = standing
                .damage
                .as_deref()
                .unwrap_or_else(|| panic!("{} passed: {audit}", standing.id));
            assert!(why.contains(&format!("match {}", standing.id)), "{why}");
        }
    }
    let mut listed: Vec<&str> = audit.matches.iter().map(|s| s.id.as_str()).collect();
    listed.sort();
    let mut want = named.clone();
    want.push("sound");
    want.sort();
    assert_eq!(listed, want);
}

/// `verify` of `m` names `seq` first, having examined `events` records.
fn first_bad_is(store: &dyn EventStore, m: &MatchId, seq: u64, events: u64) {
    let report = store.verify(m).expect("verify");
    let bad = report
        .first_bad
        .unwrap_or_else(|| panic!("{m}: verify found nothing wrong"));
    assert_eq!(bad.seq, seq, "{m}: {bad}");
    assert_eq!(report.events, events, "{m}: {bad}");
}
