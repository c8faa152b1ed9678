//! A store closed and opened again (a restarted server) shows everything
//! it showed before, byte for byte: matches, events, heads, receipts, the
//! witness, keys (its own and adopted ones), tokens; and the logs go on
//! where they stopped.

use arbiter::log::seal::ChainReport;
use arbiter::log::store::location::shown;
use arbiter::log::store::Audit;
use arbiter::log::{EventStore, Identity, MatchId, Role, StoreLocation};

use super::{event, fill, id, published_keys, seen, Seen};
use crate::common::stores::{self, TestStore};

/// All a store shows.
#[derive(Debug, PartialEq)]
struct Everything {
    key_id: String,
    keys: Vec<(String, String)>,
    matches: Vec<(MatchId, Seen, ChainReport)>,
    tokens: Vec<(String, Identity)>,
    token_records: Vec<(String, Vec<u8>)>,
    audit: Audit,
}

fn everything(store: &dyn EventStore) -> Everything {
    let mut tokens = store.tokens().expect("tokens");
    tokens.sort_by(|a, b| a.0.cmp(&b.0));
    let mut token_records = store.token_records().expect("token records");
    token_records.sort();
    Everything {
        key_id: store.recorder_key_id(),
        keys: store
            .keyring()
            .iter()
            .map(|(id, key)| (id.to_string(), key))
            .collect(),
        matches: store
            .matches()
            .expect("matches")
            .into_iter()
            .map(|m| {
                let verified = store.verify(&m).expect("verify");
                (m.clone(), seen(store, &m), verified)
            })
            .collect(),
        tokens,
        token_records,
        audit: store.audit().expect("audit"),
    }
}

pub(crate) fn reopening_keeps_everything(t: TestStore) {
    let (m1, m2, copied) = (id("m1"), id("m2"), id("copied"));
    let m1_events = fill(&*t.store, &m1, 5);
    t.store.append(&m2, 0, event(0)).expect("create");
    t.store.append(&m2, 1, event(1)).expect("append");
    let source = stores::sled();
    let theirs = fill(&*source.store, &copied, 3);
    t.store
        .adopt(&copied, &theirs, &published_keys(&*source.store))
        .expect("adopt");
    let kg = Identity::new(Role::Host, "kg", "2026-11-25T00:00:00Z");
    t.store.add_token("kg-secret", &kg).expect("add token");
    let before = everything(&*t.store);
    assert_eq!(before.matches.len(), 3);
    assert_eq!(before.keys.len(), 2, "its own key and the adopted one");
    assert!(!before.audit.damaged(), "{}", before.audit);

    let t = t.reopen();
    let after = everything(&*t.store);
    assert_eq!(after, before, "the {} store changed on reopening", t.kind());
    assert_eq!(
        t.store.token_identity("kg-secret").expect("check"),
        Some(kg)
    );
    assert!(t.store.witnessed_damage().expect("damage").is_empty());
    assert!(t.store.witness_unwitnessed().expect("witness").is_empty());

    let next = t
        .store
        .append(&m1, 5, event(5))
        .expect("append after reopening");
    assert_eq!(next.prev_hash, m1_events[4].hash);
    assert_eq!(next.key_id, before.key_id);
    let t = t.reopen();
    let held = t.store.events(&m1).expect("events");
    assert_eq!(held.len(), 6);
    assert_eq!(held[5], next);
    assert!(t.store.verify(&m1).expect("verify").is_ok());
    assert!(!t.store.audit().expect("audit").damaged());
}

/// `location()` says where the log is, for messages: the data directory,
/// or the database's address without its password. A PostgreSQL store is
/// opened with a password in its address to see it left out (a server
/// that trusts the connection ignores it).
pub(crate) fn location_names_the_store_without_its_password(t: TestStore) {
    match &t.location {
        StoreLocation::Sled => {
            assert_eq!(t.store.location(), t.data.path().display().to_string());
        }
        StoreLocation::Postgres(url) => {
            let mut url = url::Url::parse(url).expect("the test database's address");
            let database = url.path().trim_start_matches('/').to_string();
            if url.password().is_none() {
                url.set_password(Some("conformance-secret"))
                    .expect("a password in the address");
            }
            let password = url.password().expect("a password").to_string();
            let location = StoreLocation::Postgres(url.to_string());
            let store = location.open(t.data.path()).unwrap_or_else(|e| {
                panic!("{} with a password does not open: {e}", shown(url.as_str()))
            });
            let said = store.location();
            assert!(said.contains(&database), "{said}");
            assert!(!said.contains(&password), "{said}");
            assert!(!t.store.location().contains(&password));
        }
    }
}
