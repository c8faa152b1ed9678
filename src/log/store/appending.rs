//! Appending to a match's log: sealing the new events after its head,
//! writing them, flushing, witnessing, and the receipt.
//!
//! The head is the commit point. A new match is written in one sled
//! transaction (events, frontier and head), so a crash never leaves events
//! without a head. An append to a match that exists writes its events,
//! then the frontier, then the head, as plain inserts in that order: sled
//! recovers a prefix of its log after a crash, so a head that survived
//! means the events below it did, and a crash before the head leaves the
//! match as it was, with unread records past its head that the next append
//! writes over. Readers read a match only below its head. This is what
//! keeps an append to one flush of the log's tail: a sled transaction
//! writes a batch manifest apart from its data and costs about 50 µs more
//! per flush (measured with a bare loop against a three-tree transaction).
//!
//! Appends to one match take turns under a lock (one of [`TURNS`], chosen
//! by the match id), held from reading the head until the head is written.
//! Then each signs its receipt and queues it ([`Commits`]): one queued
//! append at a time leads, flushing sled (which covers every queued
//! append's writes) and then writing and syncing the witness lines of all
//! of them, while the rest wait to be woken. So concurrent appends share
//! both syncs, and each waits once. A failed flush or sync is final for
//! the open store (after a failed fsync the kernel may have dropped the
//! pages it could not write, and a second fsync can succeed without
//! them): that append and every later one are refused until arbiter is
//! restarted and its checks run.
//!
//! Only the sled store's own trees and the witness; nothing above `log/`.

use std::hash::{Hash as _, Hasher};
use std::sync::{Condvar, Mutex, MutexGuard};

use chrono::Utc;
use sled::transaction::{abort, TransactionError, Transactional};

use super::{
    check_expected, decode_head, encode_head, event_key, io_error, seal_new, SledStore, StoreError,
};
use crate::event::{MatchId, NewEvent};
use crate::log::checkpoint::Checkpoint;
use crate::log::merkle::Frontier;
use crate::log::seal::{Hash, Sealed, GENESIS};

/// How many locks appends are spread over: appends to matches that share
/// none run side by side.
pub(super) const TURNS: usize = 64;

/// The locks appends take turns under, one chosen per match.
pub(super) fn turns() -> Vec<Mutex<()>> {
    (0..TURNS).map(|_| Mutex::new(())).collect()
}

/// Group commit: the receipts of appends written but not yet durable,
/// and how far appends are durable.
#[derive(Default)]
pub(super) struct Commits {
    queue: Mutex<Queue>,
    /// Signalled when a leader has finished.
    done: Condvar,
}

#[derive(Default)]
struct Queue {
    /// The last ticket given out (tickets count appends from 1).
    issued: u64,
    /// Every append up to this ticket is flushed and witnessed.
    durable: u64,
    /// Whether an append is leading (flushing and witnessing) now.
    leading: bool,
    /// The receipts of tickets `durable + 1 ..= issued` that no leader has
    /// taken yet, in ticket order.
    waiting: Vec<Checkpoint>,
    /// The first ticket a flush or sync failed for, and why: final.
    failed: Option<(u64, String)>,
}

impl SledStore {
    /// The lock appends to match `id` take turns under.
    pub(super) fn turn(&self, id: &MatchId) -> Result<MutexGuard<'_, ()>, StoreError> {
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        id.as_str().hash(&mut hasher);
        let lock = &self.turns[(hasher.finish() % TURNS as u64) as usize];
        lock.lock()
            .map_err(|_| StoreError::Io("not recorded: an earlier append panicked".into()))
    }

    /// Seals `new_events` after match `id`'s head, when that head's next
    /// seq is `expected_seq`; writes, flushes and witnesses them; returns
    /// them once all of that is done.
    pub(super) fn append_sealed(
        &self,
        id: &MatchId,
        expected_seq: u64,
        new_events: Vec<NewEvent>,
    ) -> Result<Vec<Sealed>, StoreError> {
        if new_events.is_empty() {
            return Ok(Vec::new());
        }
        self.may_sign()?;
        let recorded_at = Utc::now();
        let turn = self.turn(id)?;
        let (next, last) = match self.heads.get(id.as_str()).map_err(io_error)? {
            None => (0, GENESIS),
            Some(bytes) => decode_head(&bytes).map_err(|reason| StoreError::Corrupt {
                seq: expected_seq,
                reason,
            })?,
        };
        check_expected(id, expected_seq, next)?;
        self.acknowledged.check(id, next)?;
        let mut frontier = self.frontier_at(id, next)?;
        let mut sealed = Vec::with_capacity(new_events.len());
        let mut records = Vec::with_capacity(new_events.len());
        let mut head = (next, last);
        for event in new_events {
            let (s, record) = seal_new(&self.recorder, id, head, recorded_at, event)?;
            records.push((event_key(id, head.0), record));
            frontier.push(&s.hash);
            head = (head.0 + 1, s.hash);
            sealed.push(s);
        }
        self.write_after(id, next, records, &frontier, &encode_head(head.0, &head.1))?;
        drop(turn);
        let receipt = Checkpoint::signed(
            id.as_str(),
            head.0,
            frontier.root(),
            recorded_at,
            &self.recorder,
        );
        self.commit(receipt.clone())?;
        self.keep_receipt(id, head.1, receipt);
        Ok(sealed)
    }

    /// Returns once the append whose receipt is `receipt` (written to sled
    /// already) is flushed and witnessed, leading that work or waiting for
    /// the append that leads it.
    fn commit(&self, receipt: Checkpoint) -> Result<(), StoreError> {
        let poisoned = || StoreError::Io("not recorded: an earlier append panicked".into());
        let failed = |why: &str| StoreError::Io(why.to_string());
        let mut queue = self.commits.queue.lock().map_err(|_| poisoned())?;
        if let Some((_, why)) = &queue.failed {
            return Err(failed(why));
        }
        queue.issued += 1;
        let ticket = queue.issued;
        queue.waiting.push(receipt);
        loop {
            if let Some((from, why)) = &queue.failed {
                if ticket >= *from {
                    return Err(failed(why));
                }
            }
            if queue.durable >= ticket {
                return Ok(());
            }
            if queue.leading {
                queue = self.commits.done.wait(queue).map_err(|_| poisoned())?;
                continue;
            }
            queue.leading = true;
            let receipts = std::mem::take(&mut queue.waiting);
            let upto = queue.issued;
            drop(queue);
            // Every queued append's writes were made before it queued, so
            // this flush covers them all; witnessed only once flushed, so a
            // crash between leaves the store ahead of its witness, which is
            // no damage.
            let outcome = self.db.flush().map_err(|e| e.to_string()).and_then(|_| {
                self.witness.record_all(&receipts).map_err(|e| {
                    format!(
                        "the witness journal {} was not written: {e}",
                        self.witness.path().display()
                    )
                })
            });
            queue = self.commits.queue.lock().map_err(|_| poisoned())?;
            queue.leading = false;
            match outcome {
                Ok(()) => queue.durable = upto,
                Err(e) => {
                    queue.failed = Some((
                        queue.durable + 1,
                        format!(
                            "the events were stored but not made durable ({e}): this append and \
                             every later one are not acknowledged; restart arbiter, whose checks \
                             on start say what was kept"
                        ),
                    ))
                }
            }
            self.commits.done.notify_all();
        }
    }

    /// Writes `records` after match `id`'s head at seq `next` (under the
    /// match's turn): a new match in one transaction ([`SledStore::create`]),
    /// else events, frontier and head as plain inserts, in the log's order,
    /// the head last (see the module's doc for why that order is safe).
    pub(super) fn write_after(
        &self,
        id: &MatchId,
        next: u64,
        records: Vec<(Vec<u8>, Vec<u8>)>,
        frontier: &Frontier,
        head: &[u8],
    ) -> Result<(), StoreError> {
        if next == 0 {
            return self.create(id, &records, frontier, head);
        }
        for (key, record) in records {
            self.events.insert(key, record).map_err(io_error)?;
        }
        self.frontiers
            .insert(id.as_str(), frontier.encode())
            .map_err(io_error)?;
        self.heads.insert(id.as_str(), head).map_err(io_error)?;
        Ok(())
    }

    /// Writes a new match: its first events, frontier and head in one
    /// transaction. Refuses when records are already stored under its id
    /// without a head (the database was altered: they are evidence).
    pub(super) fn create(
        &self,
        id: &MatchId,
        records: &[(Vec<u8>, Vec<u8>)],
        frontier: &Frontier,
        head: &[u8],
    ) -> Result<(), StoreError> {
        let trees = (&self.events, &self.heads, &self.frontiers);
        let frontier = frontier.encode();
        let outcome = trees.transaction(|(events, heads, frontiers)| {
            if heads.get(id.as_str())?.is_some() {
                return abort(StoreError::Exists(id.to_string()));
            }
            for (seq, (key, record)) in (0u64..).zip(records) {
                if events.get(key)?.is_some() {
                    return abort(StoreError::Corrupt {
                        seq,
                        reason: "an event is already stored under this new match's id, with \
                                 no head; refusing to overwrite it"
                            .to_string(),
                    });
                }
                events.insert(key.as_slice(), record.as_slice())?;
            }
            frontiers.insert(id.as_str(), frontier.as_slice())?;
            heads.insert(id.as_str(), head)?;
            Ok(())
        });
        outcome.map_err(|e| match e {
            TransactionError::Abort(e) => e,
            TransactionError::Storage(e) => io_error(e),
        })
    }

    /// The Merkle frontier of match `id`'s first `size` events: the stored
    /// one when it is of that size, else rebuilt from the log (a match
    /// from before frontiers, or one an append was cut off in).
    fn frontier_at(&self, id: &MatchId, size: u64) -> Result<Frontier, StoreError> {
        let stored = self.frontiers.get(id.as_str()).map_err(io_error)?;
        if let Some(Ok(f)) = stored.map(|b| Frontier::decode(&b)) {
            if f.size() == size {
                return Ok(f);
            }
        }
        let mut f = Frontier::default();
        let mut records = self.decoded_records_after(id, 0, size)?.into_iter();
        for seq in 0..size {
            match records.next() {
                Some((at, Ok(sealed))) if at == seq => f.push(&sealed.hash),
                Some((at, Err(reason))) if at == seq => {
                    return Err(StoreError::Corrupt { seq, reason })
                }
                _ => {
                    return Err(StoreError::Corrupt {
                        seq,
                        reason: "the event is missing below the head".into(),
                    })
                }
            }
        }
        Ok(f)
    }

    /// Keeps `receipt`, the receipt of match `id` at the head `head`.
    pub(super) fn keep_receipt(&self, id: &MatchId, head: Hash, receipt: Checkpoint) {
        if let Ok(mut kept) = self.receipts.lock() {
            if kept.len() >= super::RECEIPTS_KEPT {
                kept.clear();
            }
            kept.insert(id.to_string(), (head, receipt));
        }
    }

    /// The kept receipt of match `id`, if it is the receipt of the head
    /// (`size` events, the last hashing to `head`).
    pub(super) fn kept_receipt(&self, id: &MatchId, size: u64, head: &Hash) -> Option<Checkpoint> {
        let kept = self.receipts.lock().ok()?;
        let (at, receipt) = kept.get(id.as_str())?;
        (at == head && receipt.size == size).then(|| receipt.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::Envelope;
    use crate::event::{Actor, Body};
    use crate::log::store::encode_record;
    use crate::log::EventStore;

    fn pass() -> NewEvent {
        NewEvent {
            occurred_at: Utc::now(),
            actor: Actor::Host("kg".into()),
            body: Body::Pass,
        }
    }

    fn id(s: &str) -> MatchId {
        MatchId::parse(s).expect("test match id")
    }

    /// A crash after an append wrote its records (and frontier) but before
    /// its head leaves records past the head: they are not the match's,
    /// no read shows them, and the next append writes over them.
    #[test]
    fn records_past_the_head_are_not_the_matchs_and_the_next_append_writes_over_them() {
        let dir = tempfile::tempdir().expect("tempdir");
        let store = SledStore::open(dir.path()).expect("open");
        let m = id("m1");
        for seq in 0..5 {
            store.append(&m, seq, pass()).expect("append");
        }
        let held = store.events(&m).expect("events");
        // The cut-off append: sealed after the head, written, no head.
        let envelope = Envelope {
            match_id: m.clone(),
            seq: 5,
            occurred_at: Utc::now(),
            recorded_at: Utc::now(),
            actor: Actor::Host("ghost".into()),
            body: Body::Pass,
        };
        let cut = store.recorder.seal(envelope, held[4].hash);
        store
            .events
            .insert(event_key(&m, 5), encode_record(&cut).expect("encode"))
            .expect("insert");
        let mut frontier = Frontier::of(&held.iter().map(|s| s.hash).collect::<Vec<_>>());
        frontier.push(&cut.hash);
        store
            .frontiers
            .insert(m.as_str(), frontier.encode())
            .expect("frontier");
        store.db.flush().expect("flush");

        assert_eq!(store.events(&m).expect("events"), held);
        assert!(store.verify(&m).expect("verify").is_ok());
        let (verified, report) = store.events_verified(&m).expect("verified");
        assert!(report.is_ok() && verified == held, "{report:?}");
        assert_eq!(store.events_after(&m, 3, 5).expect("after").len(), 2);
        assert_eq!(
            store.checkpoint(&m).expect("checkpoint"),
            Checkpoint::of(m.as_str(), &held, &store.recorder)
        );

        let next = store
            .append(&m, 5, pass())
            .expect("append over the cut-off one");
        let all = store.events(&m).expect("events");
        assert_eq!(all.len(), 6);
        assert_eq!(all[5], next);
        assert_ne!(next.hash, cut.hash);
        assert!(store.verify(&m).expect("verify").is_ok());
        assert_eq!(
            store.checkpoint(&m).expect("checkpoint"),
            Checkpoint::of(m.as_str(), &all, &store.recorder)
        );
        assert_eq!(store.check_witness(&m).expect("witness").damage, None);
    }

    /// Reads while appends run see whole appends only: the chain, the head
    /// and the frontier always agree.
    #[test]
    fn reads_beside_appends_never_see_half_an_append() {
        let dir = tempfile::tempdir().expect("tempdir");
        let store = SledStore::open(dir.path()).expect("open");
        let m = id("m1");
        store.append(&m, 0, pass()).expect("create");
        let done = std::sync::atomic::AtomicBool::new(false);
        std::thread::scope(|s| {
            s.spawn(|| {
                for seq in 1..150 {
                    store.append(&m, seq, pass()).expect("append");
                }
                done.store(true, std::sync::atomic::Ordering::SeqCst);
            });
            let mut reads = 0;
            while !done.load(std::sync::atomic::Ordering::SeqCst) || reads == 0 {
                let report = store.verify(&m).expect("verify");
                assert!(report.is_ok(), "{report:?}");
                let (events, report) = store.events_verified(&m).expect("verified");
                assert!(report.is_ok(), "{report:?}");
                assert_eq!(events.len() as u64, report.events);
                reads += 1;
            }
        });
        assert_eq!(store.events(&m).expect("events").len(), 150);
    }

    /// Appends from many threads to many matches share their flushes and
    /// syncs, and every one is witnessed: each match's last witness line
    /// vouches for its whole log.
    #[test]
    fn concurrent_appends_are_each_flushed_and_witnessed() {
        let dir = tempfile::tempdir().expect("tempdir");
        let store = SledStore::open(dir.path()).expect("open");
        let ids: Vec<MatchId> = (0..8).map(|i| id(&format!("m{i}"))).collect();
        std::thread::scope(|s| {
            for m in &ids {
                let store = &store;
                s.spawn(move || {
                    for seq in 0..25 {
                        store.append(m, seq, pass()).expect("append");
                    }
                });
            }
        });
        drop(store);
        let store = SledStore::open(dir.path()).expect("reopen");
        let journal = store.journal().expect("journal");
        assert!(journal.damaged.is_empty(), "{:?}", journal.damaged);
        for m in &ids {
            let hashes: Vec<Hash> = store
                .events(m)
                .expect("events")
                .iter()
                .map(|s| s.hash)
                .collect();
            assert_eq!(hashes.len(), 25);
            let line = &journal.last[m.as_str()];
            assert_eq!(line.size, 25, "{m}");
            assert!(line.vouches_for(&hashes), "{m}");
        }
    }
}
