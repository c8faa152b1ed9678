//! Writers racing on one match: optimistic concurrency holds when exactly
//! one append wins each seq, every loser is told the match moved on, no
//! acknowledged event is lost or stored twice, and a reader beside them
//! never sees half an append. The store is shared by reference between
//! scoped threads, as the server's workers share it.

use std::collections::BTreeSet;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Barrier;

use arbiter::event::Timeout;
use arbiter::log::{Body, EventStore, MatchId, NewEvent, Sealed, StoreError};

use super::{event, id};
use crate::common;

/// How many writers race.
const RACERS: usize = 8;

/// Racer `who`'s event for seq `seq`: its own words, so the winner's
/// event can be told from the losers'.
fn racer_event(seq: u64, who: usize) -> NewEvent {
    common::ev(
        300 + seq as i64,
        common::p("jonas"),
        Body::Timeout(Timeout {
            player: "mira".into(),
            note: format!("racer {who} at seq {seq}"),
        }),
    )
}

/// Runs `f(racer)` on [`RACERS`] threads let go at once; their results in
/// racer order.
fn race<T: Send>(f: impl Fn(usize) -> T + Sync) -> Vec<T> {
    let barrier = Barrier::new(RACERS);
    std::thread::scope(|s| {
        let racers: Vec<_> = (0..RACERS)
            .map(|who| {
                let (barrier, f) = (&barrier, &f);
                s.spawn(move || {
                    barrier.wait();
                    f(who)
                })
            })
            .collect();
        racers
            .into_iter()
            .map(|r| r.join().expect("a racer panicked"))
            .collect()
    })
}

/// Eight appends at the same seq, seq after seq: one wins each, the
/// others are conflicts naming the seq that follows, and the log is the
/// winners' events, gapless, chained.
pub(crate) fn racing_appenders_get_one_winner_per_seq(store: &dyn EventStore) {
    const ROUNDS: u64 = 12;
    let m = id("race");
    store.append(&m, 0, event(0)).expect("create");
    let mut winners = Vec::new();
    for seq in 1..=ROUNDS {
        let results = race(|who| store.append(&m, seq, racer_event(seq, who)));
        let mut won = Vec::new();
        for result in results {
            match result {
                Ok(s) => won.push(s),
                Err(StoreError::Conflict {
                    expected, actual, ..
                }) if expected == seq && actual == seq + 1 => {}
                Err(e) => panic!("seq {seq}: a loser must be told the match moved on, got {e:?}"),
            }
        }
        assert_eq!(won.len(), 1, "seq {seq}: {won:?}");
        winners.extend(won);
    }
    let stored = store.events(&m).expect("events");
    assert_eq!(stored.len() as u64, ROUNDS + 1);
    assert_eq!(&stored[1..], &winners[..]);
    for (seq, s) in (0..).zip(&stored) {
        assert_eq!(s.envelope.seq, seq);
    }
    assert!(store.verify(&m).expect("verify").is_ok());
    assert_eq!(store.checkpoint(&m).expect("checkpoint").size, ROUNDS + 1);
}

/// Eight clients create the same match at once: one create stands whole,
/// the others are refused and leave nothing of theirs.
pub(crate) fn racing_creators_one_wins(store: &dyn EventStore) {
    let ids: Vec<MatchId> = (0..5).map(|i| id(&format!("born-{i}"))).collect();
    for m in &ids {
        let results = race(|who| store.append_all(m, 0, vec![event(0), racer_event(1, who)]));
        let mut won: Vec<Vec<Sealed>> = Vec::new();
        for result in results {
            match result {
                Ok(s) => won.push(s),
                Err(StoreError::Conflict {
                    expected: 0,
                    actual: 2,
                    ..
                })
                | Err(StoreError::Exists(_)) => {}
                Err(e) => panic!("{m}: a second create must be refused as such, got {e:?}"),
            }
        }
        assert_eq!(won.len(), 1, "{m}: {won:?}");
        assert_eq!(store.events(m).expect("events"), won[0]);
        assert!(store.verify(m).expect("verify").is_ok());
    }
    assert_eq!(store.matches().expect("matches"), ids);
}

/// Eight writers each append until ten of theirs are in, retrying at the
/// head on a conflict, while a reader reads and verifies the log: every
/// acknowledged event is in the log once, at its seq, and every read saw
/// a whole, sound log.
pub(crate) fn racing_appenders_lose_nothing_while_readers_read(store: &dyn EventStore) {
    const EACH: usize = 10;
    let m = id("busy");
    store.append(&m, 0, event(0)).expect("create");
    let finished = AtomicUsize::new(0);
    let (won, reads): (Vec<Vec<Sealed>>, usize) = std::thread::scope(|s| {
        let reader = s.spawn(|| {
            let mut reads = 0;
            while finished.load(Ordering::SeqCst) < RACERS || reads == 0 {
                let (held, report) = store.events_verified(&m).expect("verified");
                assert!(report.is_ok(), "a read saw a broken log: {report:?}");
                assert_eq!(held.len() as u64, report.events);
                reads += 1;
            }
            reads
        });
        let writers: Vec<_> = (0..RACERS)
            .map(|who| {
                let (finished, m) = (&finished, &m);
                s.spawn(move || {
                    let mut mine = Vec::new();
                    while mine.len() < EACH {
                        let (next, _) = store.head(m).expect("head").expect("the match");
                        match store.append(m, next, racer_event(next, who)) {
                            Ok(s) => mine.push(s),
                            Err(StoreError::Conflict { .. }) => {}
                            Err(e) => panic!("racer {who} at seq {next}: {e}"),
                        }
                    }
                    finished.fetch_add(1, Ordering::SeqCst);
                    mine
                })
            })
            .collect();
        let won = writers
            .into_iter()
            .map(|w| w.join().expect("a writer panicked"))
            .collect();
        (won, reader.join().expect("the reader panicked"))
    });
    assert!(reads > 0);
    let stored = store.events(&m).expect("events");
    assert_eq!(stored.len(), 1 + RACERS * EACH);
    let mut seqs = BTreeSet::new();
    for s in won.iter().flatten() {
        assert!(
            seqs.insert(s.envelope.seq),
            "seq {} acknowledged twice",
            s.envelope.seq
        );
        assert_eq!(&stored[s.envelope.seq as usize], s);
    }
    assert_eq!(seqs, (1..=(RACERS * EACH) as u64).collect::<BTreeSet<_>>());
    assert!(store.verify(&m).expect("verify").is_ok());
    let check = store.check_witness(&m).expect("witness");
    assert_eq!((check.damage, check.note), (None, None));
}
