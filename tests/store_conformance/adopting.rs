//! Adoption: a match sealed in one store, stored in another exactly (the
//! same bytes, hashes and signatures), as a restore and a migration do.
//! Checked into the store under test and out of it, with sled on the other
//! side, so a PostgreSQL store is checked against the store it replaces.

use arbiter::log::{Body, EventStore, StoreError};

use super::{event, fill, hashes, id, merkle, published_keys, seen};
use crate::common::stores::{self, TestStore};

pub(crate) fn adoption(t: TestStore) {
    let other = stores::sled();
    adopt_copies_exactly(&*t.store, &*other.store, "in");
    let other = stores::sled();
    adopt_copies_exactly(&*other.store, &*t.store, "out");
}

/// `target` adopts a match from `source`: a beginning of it, then the
/// whole; adopting what it holds again changes nothing; another log under
/// the same id, or a tampered one, is refused and leaves nothing; and the
/// match goes on there under the target's own key. The matches' ids
/// start with `way`.
fn adopt_copies_exactly(target: &dyn EventStore, source: &dyn EventStore, way: &str) {
    let m = id(&format!("{way}-adopted"));
    let theirs = fill(source, &m, 6);
    let keys = published_keys(source);

    target.adopt(&m, &theirs[..4], &keys).expect("adopt 4");
    assert_eq!(target.events(&m).expect("events"), theirs[..4]);
    assert_eq!(target.head(&m).expect("head"), Some((4, theirs[3].hash)));
    assert!(target.verify(&m).expect("verify").is_ok());
    assert!(
        target.keyring().get(&source.recorder_key_id()).is_some(),
        "the source's key is published where its events now are"
    );
    let held = seen(target, &m);
    target.adopt(&m, &theirs[..4], &keys).expect("adopt again");
    assert_eq!(seen(target, &m), held, "adopting what is held is a no-op");

    target.adopt(&m, &theirs, &keys).expect("adopt the rest");
    assert_eq!(target.events(&m).expect("events"), theirs);
    assert_eq!(target.head(&m).expect("head"), Some((6, theirs[5].hash)));
    let receipt = target.checkpoint(&m).expect("checkpoint");
    assert_eq!(receipt.size, 6);
    assert_eq!(
        receipt.root,
        merkle::root(&merkle::leaves(&hashes(&theirs)))
    );
    receipt
        .verify(&target.keyring())
        .expect("the receipt verifies");
    let check = target.check_witness(&m).expect("witness");
    assert_eq!(
        (check.damage, check.note),
        (None, None),
        "adopted, witnessed"
    );
    let held = seen(target, &m);
    target.adopt(&m, &theirs, &keys).expect("adopt again");
    assert_eq!(seen(target, &m), held, "adopting what is held is a no-op");

    // Another log of a match of the same id, sealed elsewhere.
    let elsewhere = stores::sled();
    let different = fill(&*elsewhere.store, &m, 6);
    let got = target.adopt(&m, &different, &published_keys(&*elsewhere.store));
    assert!(
        matches!(got, Err(StoreError::Exists(ref x)) if *x == m.as_str()),
        "{got:?}"
    );
    assert_eq!(
        seen(target, &m),
        held,
        "a refused adoption changed the match"
    );

    // A log changed after sealing is refused at the event changed.
    let tampered = id(&format!("{way}-tampered"));
    let mut bad = fill(source, &tampered, 4);
    bad[2].envelope.body = Body::Pass;
    match target.adopt(&tampered, &bad, &keys) {
        Err(StoreError::Corrupt { seq: 2, .. }) => {}
        other => panic!("a tampered log: expected Corrupt at seq 2, got {other:?}"),
    }
    assert_eq!(target.head(&tampered).expect("head"), None);
    assert!(!target.matches().expect("matches").contains(&tampered));

    let next = target.append(&m, 6, event(6)).expect("append");
    assert_eq!(next.prev_hash, theirs[5].hash);
    assert_eq!(next.key_id, target.recorder_key_id());
    assert!(target.verify(&m).expect("verify").is_ok());
    assert!(!target.audit().expect("audit").damaged());
}
