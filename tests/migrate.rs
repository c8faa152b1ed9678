//! `arbiter::migrate`: a store copied into another comes out exactly as
//! it was sealed — every match's export and bundle byte for byte, every
//! key and token — and a second run does nothing, extends what grew, and
//! never writes over a different match under the same id.
//!
//! Every test body takes its two stores as [`Ends`], and runs from sled
//! to sled and, when `ARBITER_TEST_POSTGRES` names a server (see
//! `common::stores`), into a PostgreSQL database and out of one.

use std::collections::BTreeMap;
use std::path::Path;

use arbiter::bundle::Bundle;
use arbiter::log::{Body, EventStore, MatchId, NewEvent, StoreLocation};
use arbiter::migrate::{self, Endpoint, Migration, Outcome};
use arbiter::samples::{self, MatchFile};

use crate::common;

/// Which store an end of a test's migration is.
#[derive(Clone, Copy, Debug)]
enum Kind {
    Sled,
    Postgres,
}
use Kind::{Postgres, Sled};

/// The two ends of a test's migration, and what keeps them: a temporary
/// directory, and a PostgreSQL end's database (dropped after the test
/// unless it failed).
struct Ends {
    from: Endpoint,
    to: Endpoint,
    _dir: tempfile::TempDir,
    _databases: Vec<common::stores::TestStore>,
}

/// New, empty ends of the kinds given; `None`, having said it skipped,
/// when one is PostgreSQL and no server is named.
fn ends(tag: &str, from: Kind, to: Kind) -> Option<Ends> {
    let dir = tempfile::tempdir().unwrap();
    let mut databases = Vec::new();
    let mut end = |kind: Kind, side: &str| -> Option<Endpoint> {
        Some(match kind {
            Sled => Endpoint {
                location: StoreLocation::Sled,
                data: dir.path().join(side),
            },
            Postgres => {
                let db = common::stores::postgres(&format!("migrate_{tag}_{side}"))?;
                let end = Endpoint {
                    location: db.location.clone(),
                    data: db.data.path().to_path_buf(),
                };
                databases.push(db);
                end
            }
        })
    };
    let (from, to) = (end(from, "from")?, end(to, "to")?);
    Some(Ends {
        from,
        to,
        _dir: dir,
        _databases: databases,
    })
}

/// Opens `end`, made when it is not there (the stores here are made by
/// the tests).
fn open(end: &Endpoint) -> Box<dyn EventStore> {
    end.open_destination()
        .unwrap_or_else(|e| panic!("open {}: {e}", end.describe()))
}

/// `from` copied into `to`, with the progress calls it made.
fn run(from: &Endpoint, to: &Endpoint) -> (Migration, Vec<(usize, usize)>) {
    let (source, destination) = (open(from), open(to));
    let mut calls = Vec::new();
    let done = migrate::copy(&*source, &*destination, &mut |n, total| {
        calls.push((n, total))
    })
    .expect("both stores read");
    (done, calls)
}

/// Each match's outcome by id.
fn outcomes(m: &Migration) -> BTreeMap<String, Outcome> {
    m.matches
        .iter()
        .map(|c| (c.id.clone(), c.outcome.clone()))
        .collect()
}

/// A match as it leaves a store: the match file `arbiter export` prints,
/// and its appeal bundle's bytes.
#[derive(Debug, PartialEq)]
struct Exported {
    file: String,
    bundle: Vec<u8>,
}

/// Every match of `store`, exported. `as_signed` keeps the bundle as it
/// is; otherwise the checkpoint's signer (which is the store's own key,
/// not the events') is left out, and every sealed event, the checkpoint's
/// size, root and time, and the keys that signed the events remain.
fn exports(store: &dyn EventStore, as_signed: bool) -> BTreeMap<String, Exported> {
    let mut out = BTreeMap::new();
    for id in store.matches().unwrap() {
        let file = MatchFile::export(store, &id).unwrap();
        let mut bundle = Bundle::export(store, &id).unwrap();
        bundle
            .checkpoint
            .verify(&store.keyring())
            .expect("the checkpoint verifies here");
        if !as_signed {
            bundle.checkpoint.key_id.clear();
            bundle.checkpoint.signature.clear();
            let signers: Vec<String> = bundle.events.iter().map(|e| e.key_id.clone()).collect();
            bundle.keys.retain(|(k, _)| signers.contains(k));
        }
        out.insert(
            id.to_string(),
            Exported {
                file: serde_json::to_string_pretty(&file).unwrap(),
                bundle: bundle.to_bytes(),
            },
        );
    }
    out
}

/// Whether `to` holds every key and token of `from`, byte for byte.
fn same_keys_and_tokens(from: &dyn EventStore, to: &dyn EventStore) {
    let there = to.keyring();
    for (id, key) in from.keyring().iter() {
        assert_eq!(
            there.get(id).map(|k| hex::encode(k.as_bytes())),
            Some(key),
            "key {id}"
        );
    }
    assert_eq!(from.token_records().unwrap(), to.token_records().unwrap());
}

/// The bundled samples and two tokens.
fn samples_store(from: &Endpoint) {
    let store = open(from);
    let loaded = samples::load_bundled_if_empty(&*store).unwrap();
    assert_eq!(loaded.len(), samples::BUNDLED.len());
    for (role, name) in [
        (arbiter::log::Role::Player, "Kit"),
        (arbiter::log::Role::Host, "kg"),
    ] {
        let who = arbiter::log::Identity::new(role, name, "2026-11-20T10:00:00Z");
        store.add_token(&format!("token-of-{name}"), &who).unwrap();
    }
}

/// `matches` matches of one Create and `appends` events each, appended
/// one at a time, as a server appends them.
fn long_store(from: &Endpoint, matches: usize, appends: usize) -> Vec<MatchId> {
    let store = open(from);
    let script = common::small_match();
    let mut ids = Vec::new();
    for m in 0..matches {
        let id = MatchId::parse(&format!("long-{m}")).unwrap();
        store.append_all(&id, 0, script[..1].to_vec()).unwrap();
        for seq in 1..=appends as u64 {
            let e = &script[1 + (seq as usize - 1) % (script.len() - 1)];
            let event = NewEvent {
                occurred_at: common::t(seq as i64 * 7),
                actor: e.actor.clone(),
                body: e.body.clone(),
            };
            store.append(&id, seq, event).unwrap();
        }
        ids.push(id);
    }
    ids
}

fn the_samples_copy_byte_for_byte_and_a_second_run_changes_nothing(ends: Ends) {
    let (from, to) = (&ends.from, &ends.to);
    samples_store(from);
    // The destination signs with the source's key (as a move from a data
    // directory into a database does, --data defaulting to it): then even
    // the checkpoints come out the same, and so every bundle's bytes.
    std::fs::create_dir_all(&to.data).unwrap();
    std::fs::copy(from.data.join("server.key"), to.data.join("server.key")).unwrap();
    let before = exports(&*open(from), true);
    assert_eq!(before.len(), samples::BUNDLED.len());

    let (done, progress) = run(from, to);
    assert!(done.complete(), "{}", done.summary());
    let source = open(from);
    for (id, outcome) in outcomes(&done) {
        let (events, _) = source.head(&MatchId::parse(&id).unwrap()).unwrap().unwrap();
        assert_eq!(outcome, Outcome::Copied { events }, "{id}");
    }
    drop(source);
    assert_eq!(progress.last(), Some(&(before.len(), before.len())));
    assert_eq!((done.tokens_copied, done.tokens_there), (2, 0));
    {
        let (source, copy) = (open(from), open(to));
        assert_eq!(exports(&*copy, true), before);
        same_keys_and_tokens(&*source, &*copy);
        let audit = copy.audit().unwrap();
        assert!(!audit.damaged(), "{audit}");
    }

    let (again, _) = run(from, to);
    assert!(again.complete(), "{}", again.summary());
    assert!(
        again
            .matches
            .iter()
            .all(|m| matches!(m.outcome, Outcome::AlreadyThere { .. })),
        "{}",
        again.summary()
    );
    assert_eq!((again.tokens_copied, again.tokens_there), (0, 2));
    assert!(again
        .summary()
        .contains("0 copied, 0 extended, 8 already there"));
    assert_eq!(exports(&*open(to), true), before);
    // The source is as it was.
    assert_eq!(exports(&*open(from), true), before);
}

fn thousands_of_events_copy_exactly_under_the_destinations_own_key(ends: Ends) {
    let (from, to) = (&ends.from, &ends.to);
    let ids = long_store(from, 3, 1200);
    let before = exports(&*open(from), false);

    let (done, _) = run(from, to);
    assert!(done.complete(), "{}", done.summary());
    for id in &ids {
        assert_eq!(
            outcomes(&done)[id.as_str()],
            Outcome::Copied { events: 1201 }
        );
    }
    let (source, copy) = (open(from), open(to));
    // Every sealed event as it was; the checkpoints are signed by the
    // destination's key, and still verify (`exports` checks).
    assert_eq!(exports(&*copy, false), before);
    assert_ne!(copy.recorder_key_id(), source.recorder_key_id());
    for id in &ids {
        assert_eq!(copy.head(id).unwrap(), source.head(id).unwrap());
        assert_eq!(copy.checkpoint(id).unwrap().key_id, copy.recorder_key_id());
    }
    same_keys_and_tokens(&*source, &*copy);
}

fn a_match_that_grew_at_the_source_is_extended_and_another_copied(ends: Ends) {
    let (from, to) = (&ends.from, &ends.to);
    samples_store(from);
    run(from, to);
    let grown = MatchId::parse("tj-penzo-cup-final").unwrap();
    let held = {
        let store = open(from);
        let (n, _) = store.head(&grown).unwrap().unwrap();
        for seq in n..n + 3 {
            store
                .append(
                    &grown,
                    seq,
                    common::ev(9000 + seq as i64, common::p("mira"), Body::Pass),
                )
                .unwrap();
        }
        store
            .append_all(
                &MatchId::parse("new-one").unwrap(),
                0,
                common::small_match(),
            )
            .unwrap();
        n
    };
    let (done, _) = run(from, to);
    assert!(done.complete(), "{}", done.summary());
    let by_id = outcomes(&done);
    assert_eq!(
        by_id["tj-penzo-cup-final"],
        Outcome::Extended {
            from: held,
            to: held + 3
        }
    );
    assert_eq!(by_id["new-one"], Outcome::Copied { events: 8 });
    assert_eq!(
        by_id
            .values()
            .filter(|o| matches!(o, Outcome::AlreadyThere { .. }))
            .count(),
        samples::BUNDLED.len() - 1
    );
    assert!(done.matches.iter().any(|m| m.to_string()
        == format!(
            "match tj-penzo-cup-final: extended from {held} to {} events",
            held + 3
        )));
    assert_eq!(exports(&*open(to), false), exports(&*open(from), false));
}

fn a_copy_cut_short_resumes_from_the_events_already_there(ends: Ends) {
    let (from, to) = (&ends.from, &ends.to);
    let ids = long_store(from, 1, 300);
    {
        // What a copy stopped after the first 120 events leaves.
        let (source, copy) = (open(from), open(to));
        let events = source.events(&ids[0]).unwrap();
        let ring = source.keyring();
        let keys: Vec<(String, [u8; 32])> = ring
            .iter()
            .map(|(k, _)| (k.to_string(), ring.get(k).unwrap().to_bytes()))
            .collect();
        copy.adopt(&ids[0], &events[..120], &keys).unwrap();
    }
    let (done, _) = run(from, to);
    assert!(done.complete(), "{}", done.summary());
    assert_eq!(
        done.matches[0].outcome,
        Outcome::Extended { from: 120, to: 301 }
    );
    assert_eq!(exports(&*open(to), false), exports(&*open(from), false));
}

fn another_match_under_the_same_id_is_refused_and_left_as_it_was(ends: Ends) {
    let (from, to) = (&ends.from, &ends.to);
    samples_store(from);
    let ahead = MatchId::parse("pm-abacus-final").unwrap();
    {
        // The destination holds a match of its own under a sample's id,
        // and a sample that went on there after an earlier copy.
        let (source, copy) = (open(from), open(to));
        let ring = source.keyring();
        let keys: Vec<(String, [u8; 32])> = ring
            .iter()
            .map(|(k, _)| (k.to_string(), ring.get(k).unwrap().to_bytes()))
            .collect();
        copy.adopt(&ahead, &source.events(&ahead).unwrap(), &keys)
            .unwrap();
        copy.append(&ahead, 20, common::ev(9000, common::p("mira"), Body::Pass))
            .unwrap();
        let taken = MatchId::parse("dr-chgg3-dm7").unwrap();
        copy.append_all(&taken, 0, common::small_match()).unwrap();
    }
    let theirs = exports(&*open(to), true);
    let (done, _) = run(from, to);
    assert!(!done.complete());
    let by_id = outcomes(&done);
    for (id, there, here) in [
        ("dr-chgg3-dm7", "8 events ending ", "29 events ending "),
        ("pm-abacus-final", "21 events ending ", "20 events ending "),
    ] {
        let Outcome::Refused(why) = &by_id[id] else {
            panic!("{id}: {:?}", by_id[id]);
        };
        assert!(
            why.contains(&format!("another match under this id ({there}")),
            "{why}"
        );
        assert!(why.contains(&format!("the source's is {here}")), "{why}");
        assert!(why.contains("left as it was"), "{why}");
    }
    assert!(
        done.summary()
            .contains("6 copied, 0 extended, 0 already there, 2 refused"),
        "{}",
        done.summary()
    );
    // Untouched, and every other match copied.
    let after = exports(&*open(to), true);
    for id in ["dr-chgg3-dm7", "pm-abacus-final"] {
        assert_eq!(after[id], theirs[id], "{id}");
    }
    assert_eq!(after.len(), samples::BUNDLED.len());

    // A second run refuses it again and changes nothing.
    let (again, _) = run(from, to);
    assert!(matches!(
        outcomes(&again)["dr-chgg3-dm7"],
        Outcome::Refused(_)
    ));
    assert_eq!(exports(&*open(to), true), after);
}

// Each body above, on each pair of stores it is meant for.
#[test]
fn the_samples_copy_byte_for_byte_and_a_second_run_changes_nothing_sled_to_sled() {
    if let Some(e) = ends("samples_sled_to_sled", Sled, Sled) {
        the_samples_copy_byte_for_byte_and_a_second_run_changes_nothing(e);
    }
}

#[test]
fn the_samples_copy_byte_for_byte_and_a_second_run_changes_nothing_into_postgres() {
    if let Some(e) = ends("samples_into_postgres", Sled, Postgres) {
        the_samples_copy_byte_for_byte_and_a_second_run_changes_nothing(e);
    }
}

#[test]
fn the_samples_copy_byte_for_byte_and_a_second_run_changes_nothing_out_of_postgres() {
    if let Some(e) = ends("samples_out_of_postgres", Postgres, Sled) {
        the_samples_copy_byte_for_byte_and_a_second_run_changes_nothing(e);
    }
}

#[test]
fn thousands_of_events_copy_exactly_under_the_destinations_own_key_sled_to_sled() {
    if let Some(e) = ends("long_sled_to_sled", Sled, Sled) {
        thousands_of_events_copy_exactly_under_the_destinations_own_key(e);
    }
}

#[test]
fn thousands_of_events_copy_exactly_under_the_destinations_own_key_into_postgres() {
    if let Some(e) = ends("long_into_postgres", Sled, Postgres) {
        thousands_of_events_copy_exactly_under_the_destinations_own_key(e);
    }
}

#[test]
fn a_match_that_grew_at_the_source_is_extended_and_another_copied_sled_to_sled() {
    if let Some(e) = ends("grew_sled_to_sled", Sled, Sled) {
        a_match_that_grew_at_the_source_is_extended_and_another_copied(e);
    }
}

#[test]
fn a_match_that_grew_at_the_source_is_extended_and_another_copied_into_postgres() {
    if let Some(e) = ends("grew_into_postgres", Sled, Postgres) {
        a_match_that_grew_at_the_source_is_extended_and_another_copied(e);
    }
}

#[test]
fn a_match_that_grew_at_the_source_is_extended_and_another_copied_out_of_postgres() {
    if let Some(e) = ends("grew_out_of_postgres", Postgres, Sled) {
        a_match_that_grew_at_the_source_is_extended_and_another_copied(e);
    }
}

#[test]
fn a_copy_cut_short_resumes_from_the_events_already_there_sled_to_sled() {
    if let Some(e) = ends("cut_short_sled_to_sled", Sled, Sled) {
        a_copy_cut_short_resumes_from_the_events_already_there(e);
    }
}

#[test]
fn a_copy_cut_short_resumes_from_the_events_already_there_into_postgres() {
    if let Some(e) = ends("cut_short_into_postgres", Sled, Postgres) {
        a_copy_cut_short_resumes_from_the_events_already_there(e);
    }
}

#[test]
fn another_match_under_the_same_id_is_refused_and_left_as_it_was_sled_to_sled() {
    if let Some(e) = ends("refused_sled_to_sled", Sled, Sled) {
        another_match_under_the_same_id_is_refused_and_left_as_it_was(e);
    }
}

#[test]
fn another_match_under_the_same_id_is_refused_and_left_as_it_was_into_postgres() {
    if let Some(e) = ends("refused_into_postgres", Sled, Postgres) {
        another_match_under_the_same_id_is_refused_and_left_as_it_was(e);
    }
}

#[test]
fn a_match_damaged_at_the_source_is_named_and_not_copied() {
    let ends = ends("damaged", Sled, Sled).unwrap();
    let (from, to) = (&ends.from, &ends.to);
    samples_store(from);
    // sled loses one match's head (its events remain) and another match
    // whole (only the witness journal still names it). (The damage is
    // done to sled's trees: a PostgreSQL source would need its rows
    // changed instead.)
    {
        // The store just closed: its lock may still be letting go.
        let db = arbiter::log::store::open_sled(&from.data.join("sled")).unwrap();
        let heads = db.open_tree("heads").unwrap();
        heads.remove("xl-inkwell-dm3").unwrap();
        let events = db.open_tree("events").unwrap();
        for key in events.scan_prefix(b"dg-bumper-cup-r2\0").keys() {
            events.remove(key.unwrap()).unwrap();
        }
        heads.remove("dg-bumper-cup-r2").unwrap();
        db.flush().unwrap();
    }
    let (done, _) = run(from, to);
    assert!(!done.complete());
    let by_id = outcomes(&done);
    for (id, says) in [
        ("xl-inkwell-dm3", "no head record"),
        (
            "dg-bumper-cup-r2",
            "the store holds 0 events but 19 were acknowledged",
        ),
    ] {
        let Outcome::DamagedAtSource(why) = &by_id[id] else {
            panic!("{id}: {:?}", by_id[id]);
        };
        assert!(why.contains(says), "{id}: {why}");
        assert!(open(to)
            .head(&MatchId::parse(id).unwrap())
            .unwrap()
            .is_none());
    }
    assert!(done.summary().contains("6 copied"), "{}", done.summary());
    assert!(
        done.summary().contains("2 damaged at the source"),
        "{}",
        done.summary()
    );
    let line = done
        .matches
        .iter()
        .find(|m| m.id == "dg-bumper-cup-r2")
        .unwrap()
        .to_string();
    assert!(
        line.starts_with("match dg-bumper-cup-r2: NOT COPIED: damaged at the source: "),
        "{line}"
    );
}

#[test]
fn the_two_ends_are_read_and_the_same_store_refused() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().join("db");
    std::fs::create_dir_all(&d).unwrap();
    let same = |from: &str, to: &str| migrate::endpoints(from, to, None);
    let err = same(d.to_str().unwrap(), &format!("{}/../db/", d.display())).unwrap_err();
    assert!(
        err.contains("--from and --to both name the sled database in"),
        "{err}"
    );
    let err = same(
        "postgres://ann:secret@db.example/arbiter",
        "postgresql://bob@DB.example:5432/arbiter",
    )
    .unwrap_err();
    assert!(err.contains("both name the PostgreSQL database"), "{err}");
    assert!(!err.contains("secret"), "{err}");
    // Another database on the same server is another store.
    let (from, to) = same(
        "postgres://ann@db.example/arbiter",
        "postgres://ann@db.example/arbiter2",
    )
    .unwrap();
    assert_eq!(from.data, Path::new("data/db"));
    assert_eq!(to.data, Path::new("data/db"));
    // A directory is sled, and the database opens with its key.
    let (from, to) = same(d.to_str().unwrap(), "postgres://ann@db.example/arbiter").unwrap();
    assert_eq!((from.location, &from.data), (StoreLocation::Sled, &d));
    assert_eq!(to.data, d);
    let (_, to) = migrate::endpoints(
        d.to_str().unwrap(),
        "postgres://ann@db.example/arbiter",
        Some(Path::new("/srv/arbiter")),
    )
    .unwrap();
    assert_eq!(to.data, Path::new("/srv/arbiter"));
    let err = same("mysql://ann:secret@db/x", d.to_str().unwrap()).unwrap_err();
    assert!(
        err.starts_with("--from mysql://ann:***@db/x: not a store"),
        "{err}"
    );
    let err = same(d.to_str().unwrap(), " ").unwrap_err();
    assert!(err.starts_with("--to is empty"), "{err}");
}
