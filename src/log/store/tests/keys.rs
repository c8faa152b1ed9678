//! The store's key tests: rotating the signing key, and what a store that
//! has signed does with a key file that is missing, damaged or another's.

use super::*;

/// A fault to the key file: its name, what it does, what is said of it.
type KeyFault<'a> = (&'a str, &'a dyn Fn(&Path), &'a str);

#[test]
fn a_rotated_key_signs_new_checkpoints_and_the_old_one_still_verifies() {
    let dir = tempfile::tempdir().unwrap();
    let m = id("m");
    let first_id = {
        let store = SledStore::open(dir.path()).unwrap();
        fill(&store, &m, 3);
        store.recorder_key_id()
    };
    let (old, new) = StoreLocation::Sled.rotate_key(dir.path()).unwrap();
    let old = old.expect("the old key was this store's");
    assert_eq!(old, first_id);
    assert_ne!(old, new);
    assert!(dir
        .path()
        .join(format!("server.key.retired-{old}"))
        .exists());
    let store = SledStore::open(dir.path()).unwrap();
    store.append(&m, 3, event(3)).unwrap();
    let events = store.events(&m).unwrap();
    assert_eq!(events[0].key_id, old);
    assert_eq!(events[3].key_id, new);
    assert!(store.verify(&m).unwrap().is_ok());
    let c = store.checkpoint(&m).unwrap();
    assert_eq!((c.size, c.key_id.as_str()), (4, new.as_str()));
    c.verify(&store.keyring()).unwrap();
    assert!(
        store.keyring().get(&old).is_some(),
        "old keys stay published"
    );
}

/// A store in a new directory that signed 2 events of `m1`, closed again,
/// and the id of the key that signed them.
fn signed_store() -> (tempfile::TempDir, String) {
    let dir = tempfile::tempdir().expect("tempdir");
    let store = SledStore::open(dir.path()).expect("open");
    fill(&store, &id("m1"), 2);
    let key_id = store.recorder_key_id();
    (dir, key_id)
}

/// What a store that signed before does with each key file that is not its
/// own: opened to sign, it refuses and says what to do; opened to read, it
/// reads, verifies and refuses only to sign.
#[test]
fn a_store_that_signed_never_makes_or_takes_a_key_quietly() {
    let missing = |key: &Path| std::fs::remove_file(key).expect("remove key");
    let flipped = |key: &Path| {
        // One digit changed: still 64 hex digits, another key.
        let text = std::fs::read_to_string(key).expect("key");
        let first = if text.starts_with('0') { "1" } else { "0" };
        std::fs::write(key, format!("{first}{}", &text[1..])).expect("write key");
    };
    let damaged = |key: &Path| std::fs::write(key, b"\xff not a key\n").expect("write key");
    let faults: [KeyFault; 3] = [
        ("missing", &missing, "is missing"),
        ("flipped", &flipped, "never signed in this store"),
        ("damaged", &damaged, "is malformed"),
    ];
    for (name, fault, said) in faults {
        let (dir, old_id) = signed_store();
        let key = dir.path().join("server.key");
        fault(&key);
        let err = SledStore::open(dir.path()).expect_err(name).to_string();
        assert!(
            err.contains(said) && err.contains("arbiter keys rotate"),
            "{name}: {err}"
        );
        assert!(
            name != "missing" || (err.contains(&old_id) && !key.exists()),
            "{name}: names the key it signed with, makes none: {err}"
        );

        let store = SledStore::open_existing(dir.path()).expect(name);
        let why = store.unusable_key().expect(name);
        assert!(why.contains(said), "{name}: {why}");
        assert_eq!(store.events(&id("m1")).expect(name).len(), 2, "{name}");
        assert!(store.verify(&id("m1")).expect(name).is_ok(), "{name}");
        let refused = store.append(&id("m1"), 2, event(2)).expect_err(name);
        assert!(
            refused.to_string().contains("not signed"),
            "{name}: {refused}"
        );
        // The receipt the witness kept stands as the match's checkpoint.
        let kept = store.checkpoint(&id("m1")).expect(name);
        assert_eq!((kept.size, kept.key_id.as_str()), (2, old_id.as_str()));
        kept.verify(&store.keyring()).expect(name);
        assert!(matches!(
            store.checkpoint(&id("nobody")),
            Err(StoreError::NotFound(_))
        ));
        assert_eq!(
            store.keyring().iter().count(),
            1,
            "{name}: the stand-in is never published"
        );
    }
}

/// `keys rotate` is how a store that lost its key signs again: whatever
/// the file held is set aside, and every key that signed stays published.
#[test]
fn rotating_sets_an_unusable_key_aside_and_old_keys_stay_known() {
    let (dir, old_id) = signed_store();
    let key = dir.path().join("server.key");
    std::fs::write(&key, "not a key\n").expect("damage the key");
    let (old, new) = StoreLocation::Sled.rotate_key(dir.path()).expect("rotate");
    assert_eq!(old, None, "a damaged key is nobody's");
    assert_ne!(new, old_id);
    let aside = std::fs::read_dir(dir.path())
        .unwrap()
        .filter_map(Result::ok)
        .any(|e| {
            e.file_name()
                .to_string_lossy()
                .starts_with("server.key.unusable-")
        });
    assert!(aside, "the damaged file is kept");

    let store = SledStore::open(dir.path()).expect("reopen");
    assert_eq!(store.recorder_key_id(), new);
    store.append(&id("m1"), 2, event(2)).expect("append");
    let ring = store.keyring();
    assert!(ring.get(&old_id).is_some() && ring.get(&new).is_some());
    assert!(store.verify(&id("m1")).expect("verify").is_ok());
    drop(store);

    // A second unusable key at once is set aside beside the first.
    std::fs::write(&key, "second bad key\n").expect("damage the key");
    StoreLocation::Sled.rotate_key(dir.path()).expect("rotate");
    let store = SledStore::open(dir.path()).expect("reopen");
    let kept: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .filter_map(Result::ok)
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|name| name.starts_with("server.key.unusable-"))
        .collect();
    assert_eq!(kept.len(), 2, "{kept:?}");
    let new = store.recorder_key_id();
    drop(store);

    // A missing key: nothing to set aside.
    std::fs::remove_file(&key).expect("remove key");
    let (old, newer) = StoreLocation::Sled.rotate_key(dir.path()).expect("rotate");
    assert_eq!(old, None);
    assert_ne!(newer, new);
    assert!(SledStore::open(dir.path()).is_ok());
}

/// `keys rotate` retires the old key: put back as server.key, it is
/// refused by name (rotating is most often done because it is suspect),
/// and reading still verifies what it signed.
#[test]
fn a_retired_key_put_back_is_refused_by_name() {
    let (dir, old_id) = signed_store();
    let key = dir.path().join("server.key");
    let (old, new) = StoreLocation::Sled.rotate_key(dir.path()).expect("rotate");
    assert_eq!(old.as_deref(), Some(old_id.as_str()));
    let retired = dir.path().join(format!("server.key.retired-{old_id}"));
    std::fs::copy(&retired, &key).expect("put the old key back");
    let err = SledStore::open(dir.path())
        .expect_err("retired")
        .to_string();
    assert!(
        err.contains("retired") && err.contains(&old_id) && err.contains(&new),
        "{err}"
    );
    let store = SledStore::open_existing(dir.path()).expect("read");
    assert!(store
        .unusable_key()
        .is_some_and(|why| why.contains("retired")));
    assert!(store.verify(&id("m1")).expect("verify").is_ok());
}

/// A database lost with its key, beside a witness journal that signed, is
/// not started over as a new store: the journal's receipts could no longer
/// be checked, and the lost matches would pass unseen. Nor does any refused
/// key leave an empty database behind.
#[test]
fn a_lost_database_is_not_started_over_beside_its_journal() {
    let (dir, old_id) = signed_store();
    std::fs::remove_dir_all(dir.path().join("sled")).expect("lose the database");
    std::fs::remove_file(dir.path().join("server.key")).expect("lose the key");
    let err = SledStore::open(dir.path()).expect_err("lost").to_string();
    assert!(err.contains("was lost") && err.contains(&old_id), "{err}");
    assert!(!dir.path().join("server.key").exists(), "no key made");
    assert!(!dir.path().join("sled").exists(), "no database left");
    let err = SledStore::open_existing(dir.path())
        .expect_err("read")
        .to_string();
    assert!(err.contains("the database was lost"), "{err}");

    // Another key in its place is not this journal's either.
    std::fs::write(
        dir.path().join("server.key"),
        format!("{}\n", "cd".repeat(32)),
    )
    .unwrap();
    let err = SledStore::open(dir.path())
        .expect_err("foreign")
        .to_string();
    assert!(err.contains("was lost"), "{err}");
    assert!(!dir.path().join("sled").exists(), "no database left");

    // A fresh directory with a malformed key: refused, nothing made.
    let fresh = tempfile::tempdir().expect("tempdir");
    std::fs::write(fresh.path().join("server.key"), "zz\n").unwrap();
    let err = SledStore::open(fresh.path())
        .expect_err("malformed")
        .to_string();
    assert!(
        err.contains("malformed") && !err.contains("keeps verifying"),
        "{err}"
    );
    assert!(!fresh.path().join("sled").exists(), "no database left");
}
