//! The seal's tests: canonical bytes (pinned by a golden), the chain check
//! naming the first bad seq for every alteration, keys and key files.
//!
//! Like the code they test, must not import anything above `log/`.

use super::*;
use crate::event::{Actor, Body};
use crate::log::fixtures;
use chrono::{DateTime, Utc};

fn at(s: &str) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(s)
        .expect("test timestamp")
        .with_timezone(&Utc)
}

fn envelope(match_id: &str, seq: u64, body: Body) -> Envelope {
    Envelope {
        match_id: MatchId::parse(match_id).expect("test match id"),
        seq,
        occurred_at: at("2024-03-01T20:15:00Z"),
        recorded_at: at("2024-03-01T20:15:02.5Z"),
        actor: Actor::Host("kg".into()),
        body,
    }
}

fn body(seq: u64) -> Body {
    fixtures::body(seq, format!("note {seq}"), "bob wins the round")
}

/// A sealed log of `n` events of match "m1".
fn chain(recorder: &Recorder, n: u64) -> Vec<Sealed> {
    let mut prev = GENESIS;
    let mut out = Vec::new();
    for seq in 0..n {
        let sealed = recorder.seal(envelope("m1", seq, body(seq)), prev);
        prev = sealed.hash;
        out.push(sealed);
    }
    out
}

/// A record as a store hands it over: its seq, and the event or why it
/// does not read.
type Record = (u64, Result<Sealed, String>);

/// The records as a store would hand them over: keyed by position.
fn records(log: &[Sealed]) -> Vec<Record> {
    (0u64..)
        .zip(log)
        .map(|(seq, s)| (seq, Ok(s.clone())))
        .collect()
}

/// A sealed log of `n` events of match "m1" as a store hands it over, and
/// the keys that check it.
fn stored(n: u64) -> (Vec<Record>, Keyring) {
    let rec = recorder();
    (records(&chain(&rec, n)), Keyring::from(&rec))
}

/// The first bad seq the chain check of match "m1" finds in `recs` with
/// `keys`; the test fails when it finds none.
fn first_bad(recs: &[Record], keys: &Keyring) -> BadSeq {
    verify_chain(&m1(), recs, keys)
        .first_bad
        .unwrap_or_else(|| panic!("the damage in {} records was not caught", recs.len()))
}

fn m1() -> MatchId {
    MatchId::parse("m1").expect("m1")
}

fn recorder() -> Recorder {
    Recorder::from_bytes([7; 32])
}

#[test]
fn canonical_bytes_are_stable() {
    let a = envelope("m1", 4, body(1));
    let first = canonical_bytes(&a);
    assert_eq!(first, canonical_bytes(&a.clone()));
    assert_eq!(first[0], FORMAT_VERSION);
    let b = envelope("m1", 5, body(1));
    assert_ne!(first, canonical_bytes(&b));
}

/// Pins the canonical encoding: if this fails, the format changed and
/// FORMAT_VERSION must be bumped (and old events still verified the old
/// way) — do not just update the expected bytes.
#[test]
fn canonical_bytes_golden() {
    let env = envelope("m1", 1, Body::Pass);
    let bytes = canonical_bytes(&env);
    let mut expected = vec![FORMAT_VERSION];
    let string = |out: &mut Vec<u8>, s: &str| {
        out.extend_from_slice(&(s.len() as u64).to_be_bytes());
        out.extend_from_slice(s.as_bytes());
    };
    string(&mut expected, "m1");
    expected.extend_from_slice(&1u64.to_be_bytes());
    string(&mut expected, "2024-03-01T20:15:00Z");
    string(&mut expected, "2024-03-01T20:15:02.500Z");
    expected.extend_from_slice(&1u32.to_be_bytes()); // Actor::Host
    string(&mut expected, "kg");
    expected.extend_from_slice(&3u32.to_be_bytes()); // Body::Pass
    assert_eq!(hex::encode(&bytes), hex::encode(&expected));
}

#[test]
fn seal_then_verify_passes() {
    let rec = recorder();
    let log = chain(&rec, 5);
    assert_eq!(log[0].prev_hash, GENESIS);
    assert_eq!(log[3].prev_hash, log[2].hash);
    assert_eq!(log[2].hash_hex().len(), 64);
    assert_eq!(log[2].key_id, rec.key_id());
    let report = verify_chain(&m1(), &records(&log), &Keyring::from(&rec));
    assert!(report.is_ok(), "{report:?}");
    assert_eq!(report.events, 5);
}

#[test]
fn empty_log_verifies() {
    let report = verify_chain(&m1(), &[], &Keyring::new());
    assert_eq!(
        report,
        ChainReport {
            events: 0,
            first_bad: None
        }
    );
}

#[test]
fn every_alteration_is_caught_at_its_seq() {
    let rec = recorder();
    let keys = Keyring::from(&rec);
    let other = Recorder::from_bytes([9; 32]);
    type Alter = Box<dyn Fn(&mut Sealed)>;
    // What the check must say, and every alteration (named by what it
    // changes) it must say it of.
    let alterations: Vec<(&str, Vec<(&str, Alter)>)> = vec![
        (
            "belongs to match",
            vec![(
                "match id",
                Box::new(|s| s.envelope.match_id = MatchId::parse("m2").expect("m2")),
            )],
        ),
        (
            "says it is seq",
            vec![("seq", Box::new(|s| s.envelope.seq += 1))],
        ),
        (
            "stored hash does not match",
            vec![
                (
                    "occurred_at",
                    Box::new(|s| s.envelope.occurred_at = at("2024-03-01T20:15:01Z")),
                ),
                (
                    "recorded_at",
                    Box::new(|s| s.envelope.recorded_at = at("2024-03-01T20:15:03Z")),
                ),
                (
                    "actor",
                    Box::new(|s| s.envelope.actor = Actor::Player("kg".into())),
                ),
                ("body", Box::new(|s| s.envelope.body = Body::Pass)),
                (
                    "body text",
                    Box::new(|s| {
                        if let Body::Ruling(r) = &mut s.envelope.body {
                            r.winner = Some("ann".into());
                        }
                    }),
                ),
                ("hash", Box::new(|s| s.hash[0] ^= 0x80)),
            ],
        ),
        (
            "previous hash does not match",
            vec![("prev hash", Box::new(|s| s.prev_hash[31] ^= 1))],
        ),
        (
            "signature does not verify",
            vec![
                ("signature bit", Box::new(|s| s.signature[10] ^= 0x04)),
                ("signature last bit", Box::new(|s| s.signature[63] ^= 0x01)),
            ],
        ),
        (
            "signature is malformed",
            vec![(
                "signature length",
                Box::new(|s| {
                    s.signature.pop();
                }),
            )],
        ),
        (
            "does not know",
            vec![
                ("key id", Box::new(|s| s.key_id = "0123456789abcdef".into())),
                (
                    // Rehashed and re-signed by a key that is not in the ring.
                    "resealed by another key",
                    Box::new(move |s| {
                        let prev = s.prev_hash;
                        let mut env = s.envelope.clone();
                        env.actor = Actor::Host("mallory".into());
                        *s = other.seal(env, prev);
                    }),
                ),
            ],
        ),
    ];
    for (reason, changes) in alterations {
        for (field, alter) in changes {
            let mut log = chain(&rec, 5);
            alter(&mut log[2]);
            let report = verify_chain(&m1(), &records(&log), &keys);
            let bad = report
                .first_bad
                .unwrap_or_else(|| panic!("changing the {field} was not caught"));
            assert_eq!(bad.seq, 2, "{field}: {bad:?}");
            assert!(bad.to_string().starts_with("seq 2: "), "{field}: {bad:?}");
            assert!(bad.reason.contains(reason), "{field}: {bad:?}");
            assert_eq!(report.events, 5);
        }
    }
}

#[test]
fn claiming_a_known_key_id_with_a_foreign_signature_is_caught() {
    let rec = recorder();
    let other = Recorder::from_bytes([9; 32]);
    let mut log = chain(&rec, 3);
    let prev = log[1].prev_hash;
    let mut forged = other.seal(log[1].envelope.clone(), prev);
    forged.key_id = rec.key_id();
    log[1] = forged;
    let bad = first_bad(&records(&log), &Keyring::from(&rec));
    assert_eq!(bad.seq, 1);
    assert!(bad.reason.contains("signature does not verify"), "{bad:?}");
}

#[test]
fn unknown_key_is_caught_and_a_rotated_key_is_accepted() {
    let old = recorder();
    let new = Recorder::from_bytes([9; 32]);
    let mut log = chain(&old, 3);
    let next = new.seal(envelope("m1", 3, body(3)), log[2].hash);
    log.push(next);

    let bad = first_bad(&records(&log), &Keyring::from(&old));
    assert_eq!(bad.seq, 3);
    assert!(bad.reason.contains(&new.key_id()), "{bad:?}");

    let bad = first_bad(&records(&log), &Keyring::new());
    assert_eq!(bad.seq, 0);

    let mut both = Keyring::from(&old);
    assert_eq!(both.add(new.verifying_key()), new.key_id());
    assert!(verify_chain(&m1(), &records(&log), &both).is_ok());
    let listed: Vec<_> = both.iter().map(|(id, _)| id.to_string()).collect();
    assert_eq!(listed.len(), 2);
    assert!(listed.windows(2).all(|w| w[0] < w[1]));
}

#[test]
fn gap_is_caught() {
    let (mut recs, keys) = stored(6);
    let whole = recs.clone();
    let removed = recs.remove(4);
    assert_eq!(removed.0, 4);
    let bad = first_bad(&recs, &keys);
    assert_eq!(bad.seq, 4);
    assert_eq!(
        bad.reason,
        "gap: expected seq 4, found 5 (events are missing)"
    );

    // The first event missing.
    let bad = first_bad(&whole[1..], &keys);
    assert_eq!(bad.seq, 0);
}

#[test]
fn repeated_seq_is_caught() {
    let (mut recs, keys) = stored(3);
    recs.insert(2, recs[1].clone());
    let bad = first_bad(&recs, &keys);
    assert_eq!(bad.seq, 2);
    assert!(bad.reason.contains("out of order"), "{bad:?}");
}

#[test]
fn removed_event_with_renumbered_keys_is_caught() {
    // Drop seq 2 and shift the later ones down, fixing their seq fields:
    // the chain link from seq 1 to the old seq 3 breaks.
    let rec = recorder();
    let log = chain(&rec, 5);
    let recs: Vec<_> = log
        .iter()
        .enumerate()
        .filter(|(i, _)| *i != 2)
        .map(|(_, s)| s.clone())
        .enumerate()
        .map(|(i, mut s)| {
            s.envelope.seq = i as u64;
            (i as u64, Ok(s))
        })
        .collect();
    let bad = first_bad(&recs, &Keyring::from(&rec));
    assert_eq!(bad.seq, 2);
}

#[test]
fn undecodable_record_is_reported_at_its_seq() {
    let (mut recs, keys) = stored(4);
    recs[3].1 = Err("unexpected end of input".into());
    let bad = first_bad(&recs, &keys);
    assert_eq!(bad.seq, 3);
    assert!(bad.reason.contains("cannot be read"), "{bad:?}");
    assert!(bad.reason.contains("unexpected end of input"), "{bad:?}");
}

#[test]
fn report_serialises_to_json() {
    let report = ChainReport {
        events: 3,
        first_bad: Some(BadSeq {
            seq: 1,
            reason: "seq 1: x".into(),
        }),
    };
    let json = serde_json::to_value(&report).expect("json");
    assert_eq!(json["events"], 3);
    assert_eq!(json["first_bad"]["seq"], 1);
    assert!(!report.is_ok());
}

#[test]
fn sealed_round_trips_through_json() {
    let log = chain(&recorder(), 3);
    let json = serde_json::to_string(&log[2]).expect("json");
    let back: Sealed = serde_json::from_str(&json).expect("back");
    assert_eq!(back, log[2]);
}

#[test]
fn key_id_is_16_hex_digits_of_the_public_key_hash() {
    let rec = recorder();
    let id = rec.key_id();
    assert_eq!(id.len(), 16);
    let full = hex::encode(Sha256::digest(rec.verifying_key().as_bytes()));
    assert!(full.starts_with(&id));
    assert_eq!(rec.public_key_hex().len(), 64);
    assert!(!format!("{rec:?}").contains(&hex::encode([7u8; 32])));
    assert_ne!(Recorder::generate().key_id(), Recorder::generate().key_id());
}

#[test]
fn key_file_is_created_private_and_reloaded() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("a").join("b").join("server.key");
    let created = Recorder::load_or_create(&path).expect("create");
    let text = fs::read_to_string(&path).expect("read");
    assert_eq!(text.len(), 65);
    assert!(text.ends_with('\n'));
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = fs::metadata(&path).expect("meta").permissions().mode();
        assert_eq!(mode & 0o777, 0o600);
    }
    let loaded = Recorder::load_or_create(&path).expect("load");
    assert_eq!(loaded.key_id(), created.key_id());
}

#[test]
fn malformed_key_file_is_a_clear_error() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("server.key");
    for bad in ["not hex\n", "abcd\n", ""] {
        fs::write(&path, bad).expect("write");
        let err = Recorder::load_or_create(&path).expect_err("malformed");
        assert_eq!(err.kind(), io::ErrorKind::InvalidData);
        let msg = err.to_string();
        assert!(msg.contains(&path.display().to_string()), "{msg}");
        assert!(msg.contains("64 hex digits"), "{msg}");
    }
}

/// Each way a key file goes wrong is named in words an operator can act
/// on, and a pipe or a directory in its place is refused, not waited on.
#[test]
fn a_key_file_that_is_not_a_key_says_what_is_wrong_with_it() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("server.key");
    let key = "ab".repeat(32);
    let cases: [(Vec<u8>, &str); 5] = [
        (format!("{key}\0\n").into_bytes(), "NUL byte at byte 64"),
        (
            format!("{key}xyz\n").into_bytes(),
            "\"x\" after the 64 digits",
        ),
        (
            format!("{}\n", &key[..62]).into_bytes(),
            "62 hex digits instead of 64",
        ),
        (b"ab\xffcd\n".to_vec(), "not text"),
        (vec![b'a'; 4096], "4096 bytes"),
    ];
    for (bytes, said) in cases {
        fs::write(&path, &bytes).expect("write");
        let err = Recorder::read_key_file(&path).expect_err(said).to_string();
        assert!(
            err.contains(said) && err.contains("keys rotate"),
            "{said}: {err}"
        );
    }
    // A byte-order mark and spaces an editor adds are no fault.
    for kept in [format!("  {key} \r\n"), format!("\u{feff}{key}\n")] {
        fs::write(&path, kept).expect("write");
        assert!(Recorder::read_key_file(&path).expect("read").is_some());
    }
    fs::remove_file(&path).expect("remove");
    fs::create_dir(&path).expect("a directory in its place");
    let err = Recorder::read_key_file(&path).expect_err("directory");
    assert!(err.to_string().contains("it is a directory"), "{err}");
    #[cfg(unix)]
    {
        fs::remove_dir(&path).expect("remove");
        let made = std::process::Command::new("mkfifo").arg(&path).status();
        if made.is_ok_and(|s| s.success()) {
            let err = Recorder::read_key_file(&path).expect_err("fifo");
            assert!(err.to_string().contains("a pipe or a device"), "{err}");
        }
    }
}
