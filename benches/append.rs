//! An append as the API makes one: sealed, written with its head and
//! frontier in one transaction, flushed, witnessed, and its receipt
//! signed — at a match of 10 events and of 3,000, beside a bare sled
//! `insert` + `flush` of a record of the same size (the floor). The issue's
//! bars: append #3,000 within 1.5× of append #10; the sealed append at
//! least 35% of the bare loop's rate at one client.

use arbiter::games::{rush_hour, GameConfig};
use arbiter::log::event::{Create, Timeout};
use arbiter::log::{Actor, Body, EventStore, MatchId, NewEvent, SledStore};
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

criterion_group!(benches, appends);
criterion_main!(benches);
