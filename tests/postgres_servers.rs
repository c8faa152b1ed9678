//! Two `arbiter serve` processes on one PostgreSQL database, written to at
//! once: every seq has exactly one winner, no chain has a gap or a
//! duplicate, every chain verifies on both, and a read from either server
//! shows every append the other acknowledged, at once.
//!
//! Runs when `ARBITER_TEST_POSTGRES` names a database server (`.ci/run`
//! starts one); skips with a message otherwise.

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Mutex;
use std::time::Duration;

use serde_json::{json, Value};

use crate::common;
use crate::common::child::{arbiter, Server};

/// Writers, split between the two servers and the two matches.
const WRITERS: usize = 16;
/// Appends each writer makes.
const APPENDS_EACH: usize = 8;
/// Events each match is created with.
const CREATED: u64 = 2;

/// A writer's acknowledged append: (match, seq, hash).
type Acked = (String, u64, String);

#[test]
fn two_servers_on_one_database_agree_under_concurrent_writes() {
    let Some(url) = common::stores::fresh_postgres("two_servers") else {
        eprintln!("{}", common::stores::SKIPPED);
        return;
    };
    let tmp = tempfile::tempdir().unwrap();
    let (data_a, data_b) = (tmp.path().join("a"), tmp.path().join("b"));
    let token = admin_token(&data_a, &url);
    let a = Server::start_with(&data_a, &tmp.path().join("a.log"), &["--store", &url]);
    let b = Server::start_with(&data_b, &tmp.path().join("b.log"), &["--store", &url]);
    let servers = [&a, &b];

    // Each server signs with its own key, and both keys are published.
    let keys = |s: &Server| -> Value {
        let (status, body) = s.request("GET", "/keys", None, None).unwrap();
        assert_eq!(status, 200, "{body}");
        serde_json::from_str(&body).unwrap()
    };
    let (keys_a, keys_b) = (keys(&a), keys(&b));
    assert_ne!(keys_a["current"], keys_b["current"]);
    assert_eq!(keys_a["keys"], keys_b["keys"]);
    assert!(keys_a["keys"].as_array().unwrap().len() >= 2);

    let matches = ["race-one", "race-two"];
    for id in matches {
        let events: Vec<Value> = common::small_match()[..CREATED as usize]
            .iter()
            .map(|e| serde_json::to_value(e).unwrap())
            .collect();
        let body = json!({"id": id, "events": events}).to_string();
        let (status, said) = a
            .request("POST", "/api/matches", Some(&token), Some(&body))
            .unwrap();
        assert_eq!(status, 201, "create {id}: {said}");
    }

    let acked: Mutex<Vec<Acked>> = Mutex::new(Vec::new());
    let conflicts = Mutex::new(0usize);
    std::thread::scope(|scope| {
        for w in 0..WRITERS {
            let (acked, conflicts, token) = (&acked, &conflicts, &token);
            let id = matches[w % 2];
            let (mine, other) = (servers[(w / 2) % 2], servers[1 - (w / 2) % 2]);
            scope.spawn(move || {
                let mut expected = CREATED;
                let mut made = 0;
                while made < APPENDS_EACH {
                    let event = serde_json::to_value(common::ev(
                        300 + expected as i64,
                        common::p(if w % 4 < 2 { "mira" } else { "jonas" }),
                        arbiter::log::Body::Pass,
                    ))
                    .unwrap();
                    let body = json!({"expected_seq": expected, "event": event}).to_string();
                    let path = format!("/api/matches/{id}/events");
                    let (status, said) = mine
                        .request("POST", &path, Some(token), Some(&body))
                        .unwrap_or_else(|e| panic!("writer {w}: {e}"));
                    match status {
                        201 => {
                            let sealed: Value = serde_json::from_str(&said).unwrap();
                            let hash = sealed["hash"].as_str().unwrap().to_string();
                            assert_eq!(sealed["seq"].as_u64(), Some(expected), "{said}");
                            // Acknowledged by one server: the other shows it.
                            let there = events(other, id);
                            assert_eq!(
                                there.get(&expected),
                                Some(&hash),
                                "writer {w}: seq {expected} of {id} was acknowledged by one \
                                 server and not shown by the other"
                            );
                            acked.lock().unwrap().push((id.to_string(), expected, hash));
                            expected += 1;
                            made += 1;
                        }
                        409 => {
                            *conflicts.lock().unwrap() += 1;
                            expected = next_seq_in(&said).unwrap_or_else(|| {
                                panic!("writer {w}: a 409 without the next seq: {said}")
                            });
                        }
                        _ => panic!("writer {w}: {status} {said}"),
                    }
                }
            });
        }
    });

    let acked = acked.into_inner().unwrap();
    assert_eq!(acked.len(), WRITERS * APPENDS_EACH);
    assert!(
        conflicts.into_inner().unwrap() > 0,
        "16 writers on two matches never collided: the race was not run"
    );
    for id in matches {
        let from_a = events(&a, id);
        let from_b = events(&b, id);
        assert_eq!(from_a, from_b, "{id}: the two servers show different logs");
        // No gap and no duplicate: seqs 0..n, each once (a map by seq, and
        // as many entries as the last seq + 1).
        let n = from_a.len() as u64;
        assert_eq!(
            from_a.keys().copied().collect::<Vec<_>>(),
            (0..n).collect::<Vec<_>>()
        );
        let mine: Vec<&Acked> = acked.iter().filter(|(m, ..)| m == id).collect();
        // Exactly one winner per seq: every acknowledged seq once, and
        // every appended seq acknowledged.
        assert_eq!(mine.len() as u64, n - CREATED, "{id}");
        for (_, seq, hash) in &mine {
            assert_eq!(from_a.get(seq), Some(hash), "{id} seq {seq}");
        }
        for s in servers {
            let (status, body) = s
                .request("GET", &format!("/api/matches/{id}/verify"), None, None)
                .unwrap();
            assert_eq!(status, 200, "{body}");
            let report: Value = serde_json::from_str(&body).unwrap();
            assert_eq!(report["chain"]["events"].as_u64(), Some(n), "{body}");
            assert!(report["chain"]["first_bad"].is_null(), "{body}");
        }
    }
    drop((a, b));
    // The whole database checks from the command line too.
    let run = arbiter(
        &[
            "verify",
            "--all",
            "--store",
            &url,
            "--data",
            data_a.to_str().unwrap(),
        ],
        Duration::from_secs(60),
    );
    assert_eq!(run.code, Some(0), "verify --all: {}", run.summary());
}

/// A server whose database goes away answers 503 for what needs it,
/// with words that say to try again, and serves again by itself once the
/// database is back: no restart, no panic.
#[test]
fn a_lost_database_is_503_and_the_server_recovers() {
    let tag = "lost_connection";
    let Some(url) = common::stores::fresh_postgres(tag) else {
        eprintln!("{}", common::stores::SKIPPED);
        return;
    };
    let admin = common::stores::postgres_admin_url().expect("a server, as above");
    let name = common::stores::database_name(tag);
    let tmp = tempfile::tempdir().unwrap();
    let server = Server::start_with(
        &tmp.path().join("a"),
        &tmp.path().join("a.log"),
        &["--store", &url],
    );
    let page = "/api/matches";
    let (status, body) = server.request("GET", page, None, None).unwrap();
    assert_eq!(status, 200, "{body}");
    let id = serde_json::from_str::<Value>(&body).unwrap()[0]["id"]
        .as_str()
        .expect("the samples were loaded")
        .to_string();
    let step = format!("/matches/{id}/steps/1");
    assert_eq!(server.request("GET", &step, None, None).unwrap().0, 200);

    // The database refuses new connections and drops the server's.
    common::stores::execute(
        &admin,
        &format!("ALTER DATABASE {name} ALLOW_CONNECTIONS false"),
        &[],
    );
    common::stores::query(
        &admin,
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1",
        &[&name],
    );
    for path in [page, step.as_str()] {
        let (status, body) = server.request("GET", path, None, None).unwrap();
        assert_eq!(status, 503, "{path}: {body}");
        assert!(body.contains("try again"), "{path}: {body}");
    }

    common::stores::execute(
        &admin,
        &format!("ALTER DATABASE {name} ALLOW_CONNECTIONS true"),
        &[],
    );
    for path in [page, step.as_str()] {
        let (status, body) = server.request("GET", path, None, None).unwrap();
        assert_eq!(status, 200, "{path} after the database came back: {body}");
    }
}

/// A write token made through the command line, in the database.
fn admin_token(data: &Path, url: &str) -> String {
    let run = arbiter(
        &[
            "keys",
            "new-token",
            "--admin",
            "--data",
            data.to_str().unwrap(),
            "--store",
            url,
        ],
        Duration::from_secs(30),
    );
    assert_eq!(run.code, Some(0), "keys new-token: {}", run.summary());
    run.out.trim().to_string()
}

/// Match `id`'s events as one server shows them: seq → hash.
fn events(server: &Server, id: &str) -> BTreeMap<u64, String> {
    let (status, body) = server
        .request("GET", &format!("/api/matches/{id}/events"), None, None)
        .unwrap();
    assert_eq!(status, 200, "GET events of {id}: {body}");
    let events: Vec<Value> = serde_json::from_str(&body).unwrap();
    let mut out = BTreeMap::new();
    for e in events {
        let seq = e["seq"].as_u64().unwrap();
        let hash = e["hash"].as_str().unwrap().to_string();
        assert!(out.insert(seq, hash).is_none(), "{id}: seq {seq} twice");
    }
    out
}

/// The next seq a 409 names ("… but the next seq is N; …").
fn next_seq_in(said: &str) -> Option<u64> {
    let (_, after) = said.split_once("the next seq is ")?;
    after
        .split(|c: char| !c.is_ascii_digit())
        .next()?
        .parse()
        .ok()
}
