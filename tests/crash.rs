//! The crash harness: `arbiter serve` is `kill -9`ed at random moments
//! while a client creates matches and appends to them, and restarted on
//! the same data directory, over and over.
//!
//! What must hold, after every restart: every acknowledged write (a 2xx
//! answer the client received) is there, each event at the seq and with
//! the hash its answer gave; a create is there whole or not at all (its
//! events go in one transaction); and `arbiter verify` finds no damage.
//! A write whose answer never came may or may not be there; the client
//! learns which from the restarted server, as a real client would.
//!
//! Why kill a real process: the promise under test ("acknowledged only
//! once flushed and witnessed") is about what reaches the disk before the
//! answer leaves, which no in-process test can cut short. The kill times
//! come from a fixed seed (`ARBITER_CRASH_SEED` draws others).

use crate::common;

use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::path::Path;
use std::time::{Duration, Instant};

use arbiter::log::{Body, NewEvent};
use common::child::{arbiter, request, seed, Rng, Server};
use serde_json::{json, Value};

const TRIALS: usize = 60;

/// How many matches the client writes to at a time: a create beyond this
/// retires the oldest, which is checked again only after the last kill
/// (and by `verify --all` after every one), so a trial's checks stay
/// small however many trials ran before it.
const ACTIVE: usize = 6;

/// The longest a trial's server lives before it is killed.
const MAX_LIFE_MS: u64 = 150;

/// What the client knows of one match it created.
#[derive(Debug)]
struct Known {
    /// How many events its create had.
    created: usize,
    /// The create was answered 2xx (else it is only known to have been
    /// tried, until a restarted server shows it).
    create_acked: bool,
    /// Acknowledged hashes by seq.
    acked: BTreeMap<u64, String>,
    /// The next seq as last seen.
    next: u64,
}

fn events_json(events: &[NewEvent]) -> Vec<Value> {
    events
        .iter()
        .map(|e| serde_json::to_value(e).unwrap())
        .collect()
}

/// An event to append: passes and timeouts by both players, any number of
/// them (the store does not judge them; the replay does).
fn next_event(seq: u64) -> NewEvent {
    let who = if seq.is_multiple_of(2) {
        "mira"
    } else {
        "jonas"
    };
    let body = if seq.is_multiple_of(3) {
        Body::Timeout(arbiter::event::Timeout {
            player: who.into(),
            note: format!("slow at seq {seq}"),
        })
    } else {
        Body::Pass
    };
    common::ev(200 + seq as i64, common::p(who), body)
}

/// The stored events of `id` as (seq, hash); `None` when there is no
/// such match.
fn stored(addr: SocketAddr, id: &str) -> Option<Vec<(u64, String)>> {
    let (status, body) = request(
        addr,
        "GET",
        &format!("/api/matches/{id}/events"),
        None,
        None,
    )
    .unwrap_or_else(|e| panic!("GET events of {id}: {e}"));
    if status == 404 {
        return None;
    }
    assert_eq!(status, 200, "GET events of {id}: {body}");
    let events: Vec<Value> = serde_json::from_str(&body).unwrap();
    Some(
        events
            .iter()
            .map(|e| {
                (
                    e["seq"].as_u64().unwrap(),
                    e["hash"].as_str().unwrap().to_string(),
                )
            })
            .collect(),
    )
}

/// After a restart: every acknowledged event is there with its hash, and
/// no create is there in part. Learns what unanswered writes left; returns
/// how many of them were stored after all.
fn check_restarted(addr: SocketAddr, known: &mut BTreeMap<String, Known>, trial: usize) -> usize {
    let mut landed = 0;
    known.retain(|id, k| {
        let Some(events) = stored(addr, id) else {
            assert!(
                !k.create_acked,
                "trial {trial}: match {id} was created (2xx) but is gone after the restart"
            );
            // An unanswered create that did not happen: forget it.
            return false;
        };
        assert!(
            events.len() >= k.created,
            "trial {trial}: match {id} holds {} of its create's {} events: a partial create",
            events.len(),
            k.created
        );
        for (seq, hash) in &k.acked {
            let found = events.get(*seq as usize);
            assert_eq!(
                found.map(|(s, h)| (*s, h.as_str())),
                Some((*seq, hash.as_str())),
                "trial {trial}: match {id}'s acknowledged event {seq} is lost or changed"
            );
        }
        for (i, (seq, _)) in events.iter().enumerate() {
            assert_eq!(*seq, i as u64, "trial {trial}: match {id} has a gap");
        }
        if !k.create_acked || events.len() as u64 > k.next {
            landed += 1;
        }
        k.create_acked = true;
        k.next = events.len() as u64;
        true
    });
    landed
}

/// `verify --all`, and `verify` of each match written in this trial: no
/// damage (a disputed finding, exit 1, is no damage).
fn check_verify(data: &Path, touched: &[String], trial: usize) {
    let deadline = Duration::from_secs(20);
    let all = arbiter(
        &["verify", "--all", "--data", data.to_str().unwrap()],
        deadline,
    );
    assert_eq!(
        all.code,
        Some(0),
        "trial {trial}: verify --all: {}",
        all.summary()
    );
    for id in touched {
        let one = arbiter(&["verify", id, "--data", data.to_str().unwrap()], deadline);
        let clean = matches!(one.code, Some(0 | 1));
        // A create that never reached the store is no match to verify.
        let absent = one.code == Some(4) && one.err.contains("there is no match");
        assert!(
            clean || absent,
            "trial {trial}: verify {id}: {}",
            one.summary()
        );
    }
}

#[test]
fn acknowledged_writes_survive_kill_9() {
    let started = Instant::now();
    let tmp = tempfile::tempdir().unwrap();
    let data = tmp.path().join("db");
    let log = tmp.path().join("serve.log");
    let token = common::child::new_token(&data);
    let mut rng = Rng(seed("ARBITER_CRASH_SEED", 0xc4a5_11ed));
    let mut known: BTreeMap<String, Known> = BTreeMap::new();
    let mut retired: BTreeMap<String, Known> = BTreeMap::new();
    let (mut creates, mut appends) = (0, 0);
    // Writes the kill cut off: refused (the server was gone), sent without
    // an answer, and of those the ones stored after all.
    let (mut refused, mut cut_off, mut landed) = (0, 0, 0);
    for trial in 0..TRIALS {
        let server = Server::start(&data, &log);
        let addr = server.addr;
        landed += check_restarted(addr, &mut known, trial);
        let life = Duration::from_millis(rng.below(MAX_LIFE_MS));
        let killer = std::thread::spawn(move || {
            let mut server = server;
            std::thread::sleep(life);
            server.kill9();
        });
        let mut touched = Vec::new();
        let mut n = 0;
        loop {
            let ids: Vec<&String> = known.keys().collect();
            let create = ids.len() < 2 || rng.below(10) == 0;
            let outcome = if create {
                let id = format!("crash-{trial:03}-{n:04}");
                let count = 2 + rng.below(7) as usize;
                let events = events_json(&common::small_match()[..count]);
                let body = json!({"id": id, "events": events}).to_string();
                if known.len() >= ACTIVE {
                    let (oldest, k) = known.pop_first().unwrap();
                    retired.insert(oldest, k);
                }
                known.insert(
                    id.clone(),
                    Known {
                        created: count,
                        create_acked: false,
                        acked: BTreeMap::new(),
                        next: 0,
                    },
                );
                touched.push(id.clone());
                request(addr, "POST", "/api/matches", Some(&token), Some(&body))
                    .map(|(s, b)| (id, s, b))
            } else {
                let id = ids[rng.below(ids.len() as u64) as usize].clone();
                let k = &known[&id];
                let event = serde_json::to_value(next_event(k.next)).unwrap();
                let body = json!({"expected_seq": k.next, "event": event}).to_string();
                touched.push(id.clone());
                request(
                    addr,
                    "POST",
                    &format!("/api/matches/{id}/events"),
                    Some(&token),
                    Some(&body),
                )
                .map(|(s, b)| (id, s, b))
            };
            n += 1;
            let (id, status, body) = match outcome {
                Ok(answer) => answer,
                // The server died before or under the request: no answer,
                // no promise.
                Err(e) => {
                    if e.kind() == std::io::ErrorKind::ConnectionRefused {
                        refused += 1;
                    } else {
                        cut_off += 1;
                    }
                    break;
                }
            };
            assert!(
                (200..300).contains(&status),
                "trial {trial}: a write to {id} was answered {status}: {body}"
            );
            let answer: Value = serde_json::from_str(&body).unwrap();
            let k = known.get_mut(&id).unwrap();
            if create {
                creates += 1;
                let head = answer["head"].as_str().unwrap().to_string();
                assert_eq!(answer["receipt"]["size"], json!(k.created), "{body}");
                k.create_acked = true;
                k.acked.insert(k.created as u64 - 1, head);
                k.next = k.created as u64;
            } else {
                appends += 1;
                let seq = answer["seq"].as_u64().unwrap();
                assert_eq!(seq, k.next, "{body}");
                assert_eq!(answer["receipt"]["size"], json!(seq + 1), "{body}");
                k.acked
                    .insert(seq, answer["hash"].as_str().unwrap().to_string());
                k.next = seq + 1;
            }
        }
        killer.join().unwrap();
        touched.sort();
        touched.dedup();
        // Every match is in `verify --all`; the full verify (with the
        // replay) of a few keeps each trial short.
        while touched.len() > 3 {
            touched.remove(rng.below(touched.len() as u64) as usize);
        }
        check_verify(&data, &touched, trial);
    }
    // The last kill's restart, checked like every other.
    let server = Server::start(&data, &log);
    known.append(&mut retired);
    landed += check_restarted(server.addr, &mut known, TRIALS);
    drop(server);
    println!(
        "crash harness: {TRIALS} kills: {creates} creates and {appends} appends acknowledged \
         and found after restarts; {cut_off} writes cut off unanswered ({landed} of them stored \
         after all), {refused} refused; {} matches checked after the last restart \
         (seed {}, {:.1} s)",
        known.len(),
        seed("ARBITER_CRASH_SEED", 0xc4a5_11ed),
        started.elapsed().as_secs_f64()
    );
}
