//! An append as the API makes one: sealed, written with its head and
//! frontier in one transaction, flushed, witnessed, and its receipt
//! signed — at a match of 10 events and of 3,000, beside a bare sled
//! `insert` + `flush` of a record of the same size (the floor). The issue's
//! bars: append #3,000 within 1.5× of append #10; the sealed append at
//! least 35% of the bare loop's rate at one client, and 50% at 16 clients
//! (each appending to its own match, so the witness's group commit and
//! sled's shared flushes are what is measured; the time reported is per
//! append: the whole round's time over 16).

use arbiter::event::{Create, Timeout};
use arbiter::games::{rush_hour, GameConfig};
use arbiter::log::{Actor, Body, EventStore, MatchId, NewEvent, SledStore, StoreLocation};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use chrono::{DateTime, Utc};
use criterion::{criterion_group, criterion_main, Criterion};

fn at() -> DateTime<Utc> {
    DateTime::parse_from_rfc3339("2026-11-25T20:00:00Z")
        .expect("a time")
        .with_timezone(&Utc)
}

fn event(seq: u64) -> NewEvent {
    let body = if seq == 0 {
        Body::Create(Create {
            config: GameConfig::RushHour(rush_hour::Config::default()),
            players: vec!["mira".into(), "jonas".into()],
            host: "kg".into(),
            title: "bench".into(),
            source: None,
        })
    } else {
        Body::Timeout(Timeout {
            player: "jonas".into(),
            note: format!("note {seq}"),
        })
    };
    NewEvent {
        occurred_at: at(),
        actor: Actor::Host("kg".into()),
        body,
    }
}

fn appends(c: &mut Criterion) {
    let mut group = c.benchmark_group("append");
    group.sample_size(30);
    for size in [10u64, 3000] {
        let dir = tempfile::tempdir().expect("tempdir");
        let store = SledStore::open(dir.path()).expect("open");
        let id = MatchId::parse("bench").expect("id");
        store
            .append_all(&id, 0, (0..size).map(event).collect())
            .expect("fill");
        let mut next = size;
        let record_len = {
            let s = store.append(&id, next, event(next)).expect("append");
            next += 1;
            bincode::serde::encode_to_vec(&s, arbiter::log::seal::CONFIG)
                .map_or(300, |v| v.len() + 1)
        };
        group.bench_function(
            format!("sealed, flushed, witnessed + receipt at {size} events"),
            |b| {
                b.iter(|| {
                    store.append(&id, next, event(next)).expect("append");
                    store.checkpoint(&id).expect("receipt");
                    next += 1;
                })
            },
        );
        if size == 10 {
            let bare_dir = tempfile::tempdir().expect("tempdir");
            let db = sled::open(bare_dir.path()).expect("sled");
            let value = vec![7u8; record_len];
            let mut key = 0u64;
            group.bench_function(
                format!("bare sled insert + flush of {record_len} bytes"),
                |b| {
                    b.iter(|| {
                        db.insert(key.to_be_bytes(), value.as_slice())
                            .expect("insert");
                        db.flush().expect("flush");
                        key += 1;
                    })
                },
            );
        }
    }
    group.finish();
}

/// The time per append of `iters` rounds in which each of [`CLIENTS`]
/// threads appends to its own match of `ids` (at the seq in `next`) and
/// takes the receipt: the whole round's time over the clients.
fn each_client_appends(
    store: &dyn EventStore,
    ids: &[MatchId],
    next: &[AtomicU64],
    iters: u64,
) -> std::time::Duration {
    let start = Instant::now();
    std::thread::scope(|s| {
        for (id, next) in ids.iter().zip(next) {
            s.spawn(move || {
                for _ in 0..iters {
                    let seq = next.fetch_add(1, Ordering::Relaxed);
                    store.append(id, seq, event(seq)).expect("append");
                    store.checkpoint(id).expect("receipt");
                }
            });
        }
    });
    start.elapsed() / CLIENTS as u32
}

/// How many clients append at once in [`concurrent`].
const CLIENTS: usize = 16;

fn concurrent(c: &mut Criterion) {
    let mut group = c.benchmark_group("append_16_clients");
    group.sample_size(20);
    let dir = tempfile::tempdir().expect("tempdir");
    let store = SledStore::open(dir.path()).expect("open");
    let ids: Vec<MatchId> = (0..CLIENTS)
        .map(|c| MatchId::parse(&format!("bench-{c}")).expect("id"))
        .collect();
    for id in &ids {
        store
            .append_all(id, 0, (0..10).map(event).collect())
            .expect("fill");
    }
    let next: Vec<AtomicU64> = (0..CLIENTS).map(|_| AtomicU64::new(10)).collect();
    group.bench_function("sealed, flushed, witnessed + receipt, per append", |b| {
        b.iter_custom(|iters| each_client_appends(&store, &ids, &next, iters))
    });
    let bare_dir = tempfile::tempdir().expect("tempdir");
    let db = sled::open(bare_dir.path()).expect("sled");
    let value = vec![7u8; 294];
    let key = AtomicU64::new(0);
    group.bench_function("bare sled insert + flush, per insert", |b| {
        b.iter_custom(|iters| {
            let start = Instant::now();
            std::thread::scope(|s| {
                for _ in 0..CLIENTS {
                    let (db, key, value) = (&db, &key, &value);
                    s.spawn(move || {
                        for _ in 0..iters {
                            let k = key.fetch_add(1, Ordering::Relaxed);
                            db.insert(k.to_be_bytes(), value.as_slice())
                                .expect("insert");
                            db.flush().expect("flush");
                        }
                    });
                }
            });
            start.elapsed() / CLIENTS as u32
        })
    });
    group.finish();
}

/// The same appends on PostgreSQL, when `ARBITER_BENCH_POSTGRES` names a
/// database (it gets arbiter's tables, and matches named `bench-pg-…`
/// with this process's id): at one client, and at [`CLIENTS`] clients
/// each appending to its own match, per append as above.
fn postgres(c: &mut Criterion) {
    let Ok(url) = std::env::var("ARBITER_BENCH_POSTGRES") else {
        eprintln!("append_postgres skipped: set ARBITER_BENCH_POSTGRES=postgres://USER@HOST/DB");
        return;
    };
    let dir = tempfile::tempdir().expect("tempdir");
    let location = StoreLocation::parse(&url).expect("a postgres:// address");
    let store = location.open(dir.path()).expect("open the database");
    let pid = std::process::id();
    let mut group = c.benchmark_group("append_postgres");
    group.sample_size(30);
    let id = MatchId::parse(&format!("bench-pg-{pid}")).expect("id");
    store
        .append_all(&id, 0, (0..10).map(event).collect())
        .expect("fill");
    let mut next = 10;
    group.bench_function("sealed, committed + receipt, 1 client", |b| {
        b.iter(|| {
            store.append(&id, next, event(next)).expect("append");
            store.checkpoint(&id).expect("receipt");
            next += 1;
        })
    });
    let ids: Vec<MatchId> = (0..CLIENTS)
        .map(|c| MatchId::parse(&format!("bench-pg-{pid}-{c}")).expect("id"))
        .collect();
    for id in &ids {
        store
            .append_all(id, 0, (0..10).map(event).collect())
            .expect("fill");
    }
    let next: Vec<AtomicU64> = (0..CLIENTS).map(|_| AtomicU64::new(10)).collect();
    group.bench_function("sealed, committed + receipt, 16 clients, per append", |b| {
        b.iter_custom(|iters| each_client_appends(&*store, &ids, &next, iters))
    });
    group.finish();
}

criterion_group!(benches, appends, concurrent, postgres);
criterion_main!(benches);
