//! The store's unit tests: appends, reads, damage, the witness, tokens and keys on the sled store.
//!
//! Like the code they test, must not import anything above `log/`.

use super::*;
use crate::event::Actor;
use crate::log::fixtures;
use crate::log::seal::FORMAT_VERSION;
use crate::log::token::Role;
use crate::log::witness;
use chrono::{DateTime, Utc};
use std::sync::{Arc, Barrier};

/// A fault to a journal line: its name, and the line it makes.
type LineFault<'a> = (&'a str, &'a dyn Fn(&str) -> String);

fn id(s: &str) -> MatchId {
    MatchId::parse(s).expect("test match id")
}

fn event(n: u64) -> NewEvent {
    let occurred_at = DateTime::parse_from_rfc3339("2024-03-01T20:15:00Z")
        .expect("test timestamp")
        .with_timezone(&Utc)
        + chrono::Duration::seconds(n as i64);
    NewEvent {
        occurred_at,
        actor: Actor::Host("kg".into()),
        body: fixtures::body(
            n,
            format!("too slow at step {n}"),
            "bob takes the round after a long and careful look at the board",
        ),
    }
}

/// A store opened in a new directory, with the directory (the store's
/// files go when it is dropped, so keep it for the whole test).
fn new_store() -> (tempfile::TempDir, SledStore) {
    let dir = tempfile::tempdir().expect("tempdir");
    let store = SledStore::open(dir.path()).expect("open");
    (dir, store)
}

fn fill(store: &SledStore, m: &MatchId, n: u64) -> Vec<Sealed> {
    (0..n)
        .map(|seq| store.append(m, seq, event(seq)).expect("append"))
        .collect()
}

/// A receipt comes from the frontier kept beside the head: the same
/// checkpoint the whole log gives, at every size; a match from before
/// frontiers gets one at its next append; a damaged one is named.
#[test]
fn receipts_come_from_the_frontier_and_match_the_whole_log() {
    let (_dir, store) = new_store();
    let m = id("m1");
    let whole = |store: &SledStore| {
        Checkpoint::of(
            m.as_str(),
            &store.events(&m).expect("events"),
            &store.recorder,
        )
    };
    for seq in 0..37 {
        store.append(&m, seq, event(seq)).expect("append");
        assert_eq!(
            store.checkpoint(&m).expect("checkpoint"),
            whole(&store),
            "size {}",
            seq + 1
        );
    }
    // As stored before frontiers: none; the checkpoint still answers, and
    // the next append rebuilds it from the log.
    store.frontiers.remove(m.as_str()).expect("remove");
    assert_eq!(store.checkpoint(&m).expect("checkpoint"), whole(&store));
    store.append(&m, 37, event(37)).expect("append");
    let kept = store
        .frontiers
        .get(m.as_str())
        .expect("get")
        .expect("rebuilt");
    assert_eq!(Frontier::decode(&kept).expect("decode").size(), 38);
    assert_eq!(store.checkpoint(&m).expect("checkpoint"), whole(&store));
    assert!(store.verify(&m).expect("verify").is_ok());
    // One flipped bit in a stored subtree root: verify names it.
    let mut bad = kept.to_vec();
    bad[9] ^= 1;
    store.frontiers.insert(m.as_str(), bad).expect("insert");
    let report = store.verify(&m).expect("verify");
    let why = report.first_bad.expect("named").reason;
    assert!(why.contains("Merkle frontier is damaged"), "{why}");
}

#[test]
fn append_and_read_back() {
    let (_dir, store) = new_store();
    let m = id("m1");
    let written = fill(&store, &m, 4);
    assert_eq!(written[0].envelope.match_id, m);
    assert_eq!(written[3].envelope.seq, 3);
    assert_eq!(written[1].prev_hash, written[0].hash);
    assert_eq!(written[2].key_id, store.recorder_key_id());
    assert_eq!(written[1].envelope.body, event(1).body);
    assert_eq!(store.events(&m).expect("events"), written);
    assert_eq!(
        store.first_event(&m).expect("first"),
        Some(written[0].clone())
    );
    assert_eq!(store.first_event(&id("none")).expect("first"), None);
    assert!(store.verify(&m).expect("verify").is_ok());
    assert_eq!(store.matches().expect("matches"), vec![m]);
}

/// sled losing a log's tail, head included, leaves a chain that still
/// checks; the witness names the loss. A tail stored but not witnessed
/// is no damage, and a damaged journal line is not trusted.
#[test]
fn the_witness_names_events_the_store_lost() {
    let (dir, store) = new_store();
    let m = id("m1");
    let written = fill(&store, &m, 6);
    let agree = store.check_witness(&m).expect("check");
    assert_eq!((agree.damage, agree.note), (None, None));
    assert!(store.witnessed_damage().expect("damage").is_empty());

    // The tail and the head go back two events, as sled did after a flip.
    for seq in [5, 4] {
        store.events.remove(event_key(&m, seq)).expect("remove");
    }
    store
        .heads
        .insert(m.as_str(), encode_head(4, &written[3].hash).to_vec())
        .expect("head");
    assert!(
        store.verify(&m).expect("verify").is_ok(),
        "the chain alone cannot tell"
    );
    let lost = store.check_witness(&m).expect("check");
    let (seq, why) = lost.damage.expect("the loss is named");
    assert_eq!(seq, 4);
    assert!(
        why.contains(
            "holds 4 events but 6 were acknowledged (witness line 6); events 4–5 are lost"
        ),
        "{why}"
    );

    // A whole match gone: named too.
    let gone = id("m2");
    fill(&store, &gone, 2);
    for seq in 0..2 {
        store.events.remove(event_key(&gone, seq)).expect("remove");
    }
    store.heads.remove(gone.as_str()).expect("head");
    let (_, why) = store
        .check_witness(&gone)
        .expect("check")
        .damage
        .expect("named");
    assert!(
        why.contains("holds 0 events but 2 were acknowledged"),
        "{why}"
    );
    let all = store.witnessed_damage().expect("damage");
    assert_eq!(all.len(), 2, "{all:?}");
    assert!(
        all[0].match_id.as_str() == "m1"
            && all[0].why.starts_with("match m1:")
            && all[1].why.starts_with("match m2:"),
        "{all:?}"
    );
    drop(store);

    // A damaged journal line is listed and not trusted.
    let path = dir.path().join(witness::FILE);
    let text = std::fs::read_to_string(&path).expect("journal");
    std::fs::write(&path, text.replacen("m1 6 ", "m1 7 ", 1)).expect("write");
    let store = SledStore::open(dir.path()).expect("open");
    let check = store.check_witness(&m).expect("check");
    assert_eq!(check.damaged_lines.len(), 1, "{check:?}");
    assert_eq!(check.damaged_lines[0].0, 6);
}

/// An append to a match that lost acknowledged events is refused: written
/// over the lost seqs, it would hide the loss from every later check.
#[test]
fn nothing_is_written_over_events_the_store_lost() {
    let (dir, store) = new_store();
    let m = id("m1");
    let written = fill(&store, &m, 6);
    store.events.remove(event_key(&m, 5)).expect("remove");
    let head = encode_head(5, &written[4].hash).to_vec();
    store.heads.insert(m.as_str(), head).expect("head");
    drop(store);
    let store = SledStore::open(dir.path()).expect("open");
    let refused = store
        .append(&m, 5, event(5))
        .expect_err("written over a loss");
    assert!(
        refused
            .to_string()
            .contains("holds 5 events but 6 were acknowledged"),
        "{refused}"
    );
    assert_eq!(store.events(&m).expect("events").len(), 5);
    assert!(store.check_witness(&m).expect("check").damage.is_some());
    // A match the store lost whole cannot be made again under its name.
    fill(&store, &id("m2"), 2);
    drop(store);
    let store = SledStore::open(dir.path()).expect("open");
    for seq in 0..2 {
        store
            .events
            .remove(event_key(&id("m2"), seq))
            .expect("remove");
    }
    store.heads.remove("m2").expect("head");
    drop(store);
    let store = SledStore::open(dir.path()).expect("open");
    assert!(store.append(&id("m2"), 0, event(0)).is_err());
}

/// A lost tail whose witness line is damaged too (a double fault) is still
/// named from what the line reads as; one damaged line over a whole store
/// is never damage, whichever field the fault hit.
#[test]
fn a_lost_tail_behind_a_damaged_witness_line_is_named() {
    let m = id("m1");
    // Each fault on line 6 (m1's last), as a change of the line's text.
    let size_flipped = |line: &str| line.replacen("m1 6 ", "m1 7 ", 1);
    let root_flipped = |line: &str| {
        let root = line.split(' ').nth(2).expect("root").to_string();
        let other = if root.starts_with('0') { "1" } else { "0" };
        line.replacen(&root, &format!("{other}{}", &root[1..]), 1)
    };
    let signature_cut = |line: &str| line[..line.len() - 2].to_string();
    // The line then names a match the store never had.
    let id_flipped = |line: &str| line.replacen("m1 6 ", "n1 6 ", 1);
    let size_lowered = |line: &str| line.replacen("m1 6 ", "m1 4 ", 1);
    let torn = |line: &str| line[..40].to_string();
    let faults: [LineFault; 6] = [
        ("size", &size_flipped),
        ("size lowered", &size_lowered),
        ("torn", &torn),
        ("root", &root_flipped),
        ("signature", &signature_cut),
        ("match id", &id_flipped),
    ];
    for (field, fault) in faults {
        for lose_last in [false, true] {
            let (dir, store) = new_store();
            let written = fill(&store, &m, 6);
            if lose_last {
                store.events.remove(event_key(&m, 5)).expect("remove");
                let head = encode_head(5, &written[4].hash).to_vec();
                store.heads.insert(m.as_str(), head).expect("head");
            }
            drop(store);
            let path = dir.path().join(witness::FILE);
            let text = std::fs::read_to_string(&path).expect("journal");
            let mut lines: Vec<String> = witness::written(text.as_bytes())
                .split(|&b| b == b'\n')
                .map(|l| String::from_utf8_lossy(l).into_owned())
                .filter(|l| !l.is_empty())
                .collect();
            lines[5] = fault(&lines[5]);
            std::fs::write(&path, lines.join("\n") + "\n").expect("write");

            let store = SledStore::open(dir.path()).expect("open");
            let check = store.check_witness(&m).expect("check");
            assert_eq!(check.damaged_lines.len(), 1, "{field}: {check:?}");
            match (lose_last, field, check.damage) {
                // A flipped size with the store whole: the root says so.
                (false, _, None) => {}
                // Line 5 is m1's last word then, and it holds 5 events.
                (true, "match id", None) => {}
                (true, _, Some((5, why))) => assert!(
                    why.contains("line 6") && why.contains("may be lost"),
                    "{why}"
                ),
                other => panic!("{field}, lost {lose_last}: {other:?}"),
            }
            assert_eq!(
                store.witnessed_damage().expect("damage").len(),
                usize::from(lose_last && field != "match id"),
                "{field}"
            );
            let phantom = store.check_witness(&id("n1")).expect("check");
            assert_eq!(phantom.damage, None, "{field}");
        }
    }
}

/// A crash between storing and witnessing leaves a tail the journal has
/// not seen: no damage, a note, and the server witnesses it on open (and
/// many appenders at once each end up witnessed, sharing fsyncs).
#[test]
fn an_unwitnessed_tail_is_noted_then_witnessed() {
    let m = id("m1");
    let dir = closed_store(&m, 5);
    // The last two witness lines never reached the disk.
    let path = dir.path().join(witness::FILE);
    let text = std::fs::read_to_string(&path).expect("journal");
    let kept: Vec<&str> = text.lines().take(3).collect();
    std::fs::write(&path, kept.join("\n") + "\n").expect("write");
    let store = SledStore::open(dir.path()).expect("open");
    let check = store.check_witness(&m).expect("check");
    assert_eq!(check.damage, None);
    let note = check.note.expect("a note");
    assert!(
        note.contains("events 3–4 are stored but not yet witnessed"),
        "{note}"
    );
    let done = store.witness_unwitnessed().expect("witness");
    assert_eq!(
        done,
        vec!["match m1: events 3–4 witnessed (stored before a crash, not yet witnessed)"]
    );
    let check = store.check_witness(&m).expect("check");
    assert_eq!((check.damage, check.note), (None, None));
    assert!(store.witness_unwitnessed().expect("again").is_empty());

    // Eight appenders at once: every append is witnessed.
    let store = Arc::new(store);
    let threads: Vec<_> = (0..8)
        .map(|i| {
            let store = store.clone();
            std::thread::spawn(move || fill(&store, &id(&format!("g{i}")), 4))
        })
        .collect();
    for t in threads {
        t.join().expect("appender");
    }
    for i in 0..8 {
        let check = store.check_witness(&id(&format!("g{i}"))).expect("check");
        assert_eq!((check.damage, check.note), (None, None), "g{i}");
    }
}

/// A token is listed by an id that does not show it, and once revoked
/// (by value or id) it no longer writes.
#[test]
fn tokens_are_listed_by_id_and_revoked() {
    let (_dir, store) = new_store();
    let kit = Identity::new(Role::Player, "Kit", "2026-11-25T00:00:00Z");
    store.add_token("first-secret", &kit).expect("add");
    let ops = Identity::new(Role::Admin, "ops", "2026-11-25T00:00:00Z");
    store.add_token("second-secret", &ops).expect("add");
    // A token stored before roles: only the time it was made.
    store
        .tokens
        .insert(token_hash("old-secret"), &b"2026-11-01T10:00:00+00:00"[..])
        .expect("insert");
    let listed = store.tokens().expect("list");
    assert_eq!(listed.len(), 3);
    assert!(listed.iter().any(|(_, who)| *who == kit));
    let old = store
        .token_identity("old-secret")
        .expect("check")
        .expect("known");
    assert!(old.before_roles && old.role == Role::Admin, "{old:?}");
    assert_eq!(
        store.token_identity("first-secret").expect("check"),
        Some(kit)
    );
    store.revoke_token("old-secret").expect("revoke");
    assert!(listed
        .iter()
        .all(|(id, _)| id.len() == 12 && !id.contains("secret")));
    let first_id = token_hash("first-secret")[..12].to_string();
    assert_eq!(store.revoke_token(&first_id).expect("revoke"), first_id);
    assert_eq!(store.token_identity("first-secret").expect("check"), None);
    assert_eq!(
        store.token_identity("second-secret").expect("check"),
        Some(ops)
    );
    store
        .revoke_token("second-secret")
        .expect("revoke by value");
    assert_eq!(store.token_identity("second-secret").expect("check"), None);
    assert!(store.tokens().expect("list").is_empty());
    assert!(
        store.revoke_token("abc").is_err(),
        "too short to name a token"
    );
}

/// A panic inside sled (it asserts on what it reads from a damaged
/// file) reaches the caller as an error naming the file, not a panic.
#[test]
fn a_panic_inside_the_database_engine_is_an_error_naming_the_file() {
    let path = Path::new("/data/db/sled");
    let got: sled::Result<()> = unpanicked(path, || panic!("tried to serialize Uninitialized"));
    let e = open_error(path, got.expect_err("the panic is an error"));
    let text = e.to_string();
    assert!(text.contains("/data/db/sled is damaged"), "{text}");
    assert!(text.contains("tried to serialize Uninitialized"), "{text}");
    assert!(
        text.contains("restore the data directory from a backup"),
        "{text}"
    );
    let fine: sled::Result<u8> = unpanicked(path, || Ok(7));
    assert_eq!(fine.expect("no panic"), 7);
}

/// Several events at once are all stored or none: onto a match that
/// moved on nothing is written, and a whole create chains and verifies.
#[test]
fn append_all_stores_every_event_or_none() {
    let (_dir, store) = new_store();
    let m = id("m1");
    let written = store
        .append_all(&m, 0, (0..5).map(event).collect())
        .expect("append_all");
    assert_eq!(written.len(), 5);
    assert_eq!(written[4].prev_hash, written[3].hash);
    assert_eq!(store.events(&m).expect("events"), written);
    assert!(store.verify(&m).expect("verify").is_ok());
    // A second create of the same id (a racing client): refused whole.
    let err = store
        .append_all(&m, 0, (0..3).map(event).collect())
        .expect_err("the match exists");
    assert!(
        matches!(err, StoreError::Conflict { actual: 5, .. }),
        "{err:?}"
    );
    assert_eq!(store.events(&m).expect("events").len(), 5);
    // Appending the rest continues the chain.
    let more = store
        .append_all(&m, 5, (5..7).map(event).collect())
        .expect("append_all");
    assert_eq!(more[0].prev_hash, written[4].hash);
    assert!(store.verify(&m).expect("verify").is_ok());
    assert!(store
        .append_all(&id("m2"), 0, Vec::new())
        .expect("nothing")
        .is_empty());
    assert_eq!(store.matches().expect("matches"), vec![m]);
}

/// The data directory is its owner's alone: 0700, and 0600 for the
/// database files and the signing key, never more than the owner set.
#[cfg(unix)]
#[test]
fn the_store_files_are_readable_by_their_owner_alone() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("db");
    drop(SledStore::open(&data).unwrap());
    let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode(&data), 0o700);
    assert_eq!(mode(&data.join("server.key")), 0o600);
    let mut files = 0;
    for e in std::fs::read_dir(data.join("sled")).unwrap().flatten() {
        if e.path().is_file() {
            files += 1;
            assert_eq!(mode(&e.path()), 0o600, "{}", e.path().display());
        }
    }
    assert!(files > 0);
    // A key its operator made stricter stays so: opening never adds to it.
    let key = data.join("server.key");
    std::fs::set_permissions(&key, std::fs::Permissions::from_mode(0o400)).unwrap();
    drop(SledStore::open_existing(&data).unwrap());
    assert_eq!(mode(&key), 0o400);
}

#[test]
fn matches_are_separate_and_sorted() {
    let (_dir, store) = new_store();
    // "a" is a prefix of "a-b": their events must not mix.
    fill(&store, &id("a-b"), 2);
    fill(&store, &id("a"), 3);
    fill(&store, &id("0"), 1);
    assert_eq!(
        store.matches().expect("matches"),
        vec![id("0"), id("a"), id("a-b")]
    );
    assert_eq!(store.events(&id("a")).expect("a").len(), 3);
    assert_eq!(store.events(&id("a-b")).expect("a-b").len(), 2);
    assert!(store.verify(&id("a")).expect("verify").is_ok());
}

#[test]
fn unknown_match_is_not_found() {
    let (_dir, store) = new_store();
    let m = id("nope");
    assert!(matches!(store.events(&m), Err(StoreError::NotFound(x)) if x == "nope"));
    assert!(matches!(store.verify(&m), Err(StoreError::NotFound(_))));
    assert!(matches!(
        store.append(&m, 3, event(0)),
        Err(StoreError::NotFound(_))
    ));
    assert!(store.matches().expect("matches").is_empty());
}

#[test]
fn stale_expected_seq_is_a_conflict() {
    let (_dir, store) = new_store();
    let m = id("m1");
    fill(&store, &m, 3);
    for stale in [0, 1, 2, 4, 9] {
        match store.append(&m, stale, event(9)) {
            Err(StoreError::Conflict {
                match_id,
                expected,
                actual,
            }) => {
                assert_eq!(match_id, "m1");
                assert_eq!(expected, stale);
                assert_eq!(actual, 3);
            }
            other => panic!("expected a conflict for {stale}, got {other:?}"),
        }
    }
    let err = store.append(&m, 1, event(9)).expect_err("conflict");
    assert_eq!(
        err.to_string(),
        "the match has moved on: you expected seq 1 but the next seq is 3; \
         reload and try again"
    );
    // Nothing was written by the failed appends.
    assert_eq!(store.events(&m).expect("events").len(), 3);
    assert!(store.verify(&m).expect("verify").is_ok());
}

#[test]
fn concurrent_appends_with_the_same_seq_one_wins() {
    let (_dir, store) = new_store();
    for round in 0..20 {
        let m = id(&format!("race-{round}"));
        store.append(&m, 0, event(0)).expect("create");
        let barrier = Barrier::new(2);
        let results: Vec<Result<Sealed, StoreError>> = std::thread::scope(|s| {
            let handles: Vec<_> = (0..2u64)
                .map(|t| {
                    let (store, barrier, m) = (&store, &barrier, &m);
                    s.spawn(move || {
                        barrier.wait();
                        store.append(m, 1, event(1 + t))
                    })
                })
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().expect("thread"))
                .collect()
        });
        let wins = results.iter().filter(|r| r.is_ok()).count();
        let conflicts = results
            .iter()
            .filter(|r| {
                matches!(
                    r,
                    Err(StoreError::Conflict {
                        expected: 1,
                        actual: 2,
                        ..
                    })
                )
            })
            .count();
        assert_eq!((wins, conflicts), (1, 1), "round {round}: {results:?}");
        let stored = store.events(&m).expect("events");
        assert_eq!(stored.len(), 2);
        let winner = results.into_iter().find_map(Result::ok).expect("winner");
        assert_eq!(stored[1], winner);
        assert!(store.verify(&m).expect("verify").is_ok());
    }
}

#[test]
fn reopening_keeps_every_acknowledged_event() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (written, key_id) = {
        let store = SledStore::open(dir.path()).expect("open");
        let mut written = fill(&store, &id("m1"), 5);
        written.extend(fill(&store, &id("m2"), 2));
        (written, store.recorder_key_id())
    };
    let store = SledStore::open(dir.path()).expect("reopen");
    assert_eq!(store.recorder_key_id(), key_id);
    let mut read = store.events(&id("m1")).expect("m1");
    read.extend(store.events(&id("m2")).expect("m2"));
    assert_eq!(read, written);
    assert!(store.verify(&id("m1")).expect("verify").is_ok());
    assert!(store.verify(&id("m2")).expect("verify").is_ok());
    // And the log continues where it stopped.
    let next = store.append(&id("m1"), 5, event(5)).expect("append");
    assert_eq!(next.prev_hash, written[4].hash);
}

/// A store in a new directory holding `n` events of match `m`, closed
/// again, so a test can damage its files.
fn closed_store(m: &MatchId, n: u64) -> tempfile::TempDir {
    let (dir, store) = new_store();
    fill(&store, m, n);
    dir
}

/// `f` run on the `events` tree of the closed store in `dir`, flushed
/// after.
fn with_events<T>(dir: &Path, f: impl FnOnce(&sled::Tree) -> T) -> T {
    let db = open_sled(&dir.join("sled")).expect("open sled");
    let out = f(&db.open_tree("events").expect("events tree"));
    db.flush().expect("flush");
    out
}

/// Flips `mask` in byte `pos` of the stored value of `seq` of `m`,
/// with the store closed.
fn flip_stored_byte(dir: &Path, m: &MatchId, seq: u64, pos: usize, mask: u8) {
    with_events(dir, |events| {
        let key = event_key(m, seq);
        let mut value = events.get(&key).expect("get").expect("stored").to_vec();
        value[pos] ^= mask;
        events.insert(key, value).expect("insert");
    });
}

fn stored_len(dir: &Path, m: &MatchId, seq: u64) -> usize {
    with_events(dir, |events| {
        let value = events.get(event_key(m, seq)).expect("get");
        value.expect("stored").len()
    })
}

#[test]
fn a_flipped_stored_byte_is_reported_at_its_seq() {
    let m = id("m1");
    // The version byte, the match id's length prefix and text, the seq,
    // the timestamps, the body, the hashes, the key id, the signature's
    // length and its last byte; several bits each. Positions from the
    // end are taken from each store's own record: `recorded_at` is the
    // clock's, and its text has 0, 3, 6 or 9 fraction digits.
    let from_start: [usize; 8] = [0, 1, 8, 9, 10, 17, 20, 30];
    let from_end: [usize; 6] = [65, 70, 100, 130, 2, 1];
    let at = |len: usize| -> Vec<usize> {
        let mut v = from_start.to_vec();
        v.push(len / 2);
        v.extend(from_end.iter().map(|k| len - k));
        v
    };
    for which in 0..from_start.len() + 1 + from_end.len() {
        for mask in [0x01, 0x20, 0x80] {
            let dir = closed_store(&m, 5);
            let pos = at(stored_len(dir.path(), &m, 2))[which];
            flip_stored_byte(dir.path(), &m, 2, pos, mask);
            let store = SledStore::open(dir.path()).expect("reopen");
            let report = store.verify(&m).expect("verify");
            let bad = report
                .first_bad
                .unwrap_or_else(|| panic!("byte {pos} mask {mask:#x} not caught"));
            assert_eq!(bad.seq, 2, "byte {pos} mask {mask:#x}: {bad:?}");
            assert_eq!(report.events, 5);
            match store.events(&m) {
                Err(StoreError::Corrupt { seq, .. }) => assert_eq!(seq, 2),
                // Decodes, but the chain report caught it above.
                Ok(events) => assert_eq!(events.len(), 5),
                Err(other) => panic!("byte {pos}: unexpected {other:?}"),
            }
        }
    }
}

#[test]
fn a_removed_last_event_is_reported() {
    let m = id("m1");
    let dir = closed_store(&m, 5);
    with_events(dir.path(), |events| {
        events.remove(event_key(&m, 4)).expect("remove");
    });
    let store = SledStore::open(dir.path()).expect("reopen");
    let bad = store.verify(&m).expect("verify").first_bad.expect("caught");
    assert_eq!(bad.seq, 4);
    assert!(bad.reason.contains("removed"), "{bad:?}");
}

#[test]
fn a_garbage_record_is_corrupt_not_a_panic() {
    let m = id("m1");
    let dir = closed_store(&m, 3);
    with_events(dir.path(), |events| {
        // A huge string length right after the version byte.
        let mut value = vec![FORMAT_VERSION];
        value.extend_from_slice(&u64::MAX.to_be_bytes());
        value.extend_from_slice(b"m1");
        events.insert(event_key(&m, 1), value).expect("insert");
    });
    let store = SledStore::open(dir.path()).expect("reopen");
    assert!(matches!(
        store.events(&m),
        Err(StoreError::Corrupt { seq: 1, .. })
    ));
    assert_eq!(
        store
            .verify(&m)
            .expect("verify")
            .first_bad
            .expect("bad")
            .seq,
        1
    );
}

#[test]
fn tokens_are_stored_hashed() {
    let (_dir, store) = new_store();
    let known = |t: &str| store.token_identity(t).expect("check").is_some();
    assert!(!known("s3cret-token"));
    let host = Identity::new(Role::Host, "kg", "2026-11-25T00:00:00Z");
    store.add_token("s3cret-token", &host).expect("add");
    assert!(known("s3cret-token"));
    assert!(!known("s3cret-tokem"));
    assert!(!known(""));
    for item in store.tokens.iter() {
        let (key, _) = item.expect("token entry");
        assert_eq!(&key[..], token_hash("s3cret-token").as_bytes());
        assert!(!String::from_utf8_lossy(&key).contains("s3cret"));
    }
}

#[test]
fn a_second_open_is_locked() {
    let (dir, _first) = new_store();
    match SledStore::open(dir.path()) {
        Err(StoreError::Locked(msg)) => {
            assert!(msg.contains("another arbiter process"), "{msg}");
            assert!(msg.contains("stop the server"), "{msg}");
            assert!(msg.contains("GET /api/matches/<id>/verify"), "{msg}");
        }
        other => panic!("expected Locked, got {other:?}"),
    }
}

#[test]
fn keyring_and_key_file() {
    let (dir, store) = new_store();
    let ring = store.keyring();
    let listed: Vec<_> = ring.iter().collect();
    assert_eq!(listed.len(), 1);
    assert_eq!(listed[0].0, store.recorder_key_id());
    assert!(dir.path().join("server.key").is_file());
}

mod keys;
