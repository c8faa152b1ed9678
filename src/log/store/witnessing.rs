//! The store's side of the witness journal ([`witness`]): comparing each
//! match's log with what was acknowledged, witnessing what a crash left
//! unwitnessed, compacting the journal, and adopting a backup's events.
//!
//! Kept apart from `store.rs` because it is the one place where the store
//! and the journal beside it meet; the journal itself knows no sled.
//! Only `log/`'s own modules and the event vocabulary: nothing above
//! `log/`, and no game.

use std::io;

use super::{encode_head, encode_record, event_key, io_error, EventStore, SledStore, StoreError};
use crate::event::MatchId;
use crate::log::checkpoint::Checkpoint;
use crate::log::merkle::Frontier;
use crate::log::seal::{self, Sealed};
use crate::log::witness::{self, Witness};

/// A match whose log lost events the witness saw acknowledged, or holds
/// another event than the one witnessed: what a server must not show as
/// whole.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Damage {
    pub match_id: MatchId,
    /// The first seq lost or not the one witnessed.
    pub first_bad: u64,
    /// For a person: which events, and the witness line.
    pub why: String,
}

/// A match's log against the witness journal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WitnessCheck {
    /// Acknowledged events lost or changed: the first seq at fault and
    /// what happened, in words; `None` when the log holds everything the
    /// witness saw acknowledged.
    pub damage: Option<(u64, String)>,
    /// Something to know that is not damage (an unwitnessed tail).
    pub note: Option<String>,
    /// Journal lines that do not parse or whose signature fails.
    pub damaged_lines: Vec<(usize, String)>,
}

/// The most events the witness saw acknowledged of each match, as read
/// when the store opened with a key that signs. An append to a match that holds fewer
/// (it lost events) would write over what was acknowledged and hide the
/// loss from every later check, so it is refused.
#[derive(Debug, Default)]
pub(super) struct Acknowledged(std::collections::HashMap<String, u64>);

impl Acknowledged {
    /// What the journal in `dir` acknowledged, its lines checked against
    /// `keys`; nothing when it cannot be read (`verify` says why).
    pub(super) fn read(dir: &std::path::Path, keys: &seal::Keyring) -> Acknowledged {
        let journal = witness::read(dir, keys).unwrap_or_default();
        Acknowledged(journal.last.into_iter().map(|(m, w)| (m, w.size)).collect())
    }

    /// Refuses an append after event `next` of match `id` when the witness
    /// saw more acknowledged.
    pub(super) fn check(&self, id: &MatchId, next: u64) -> Result<(), StoreError> {
        match self.0.get(id.as_str()) {
            Some(&seen) if next < seen => Err(StoreError::Corrupt {
                seq: next,
                reason: format!(
                    "match {id} holds {next} events but {seen} were acknowledged (the witness \
                     journal); events {next}–{} are lost, and nothing is written over them: \
                     restore the data directory from a backup",
                    seen - 1
                ),
            }),
            _ => Ok(()),
        }
    }
}

impl SledStore {
    /// Compacts the witness journal to each match's last line when it has
    /// grown long (see [`witness::compact`]); the server runs it on open
    /// after its checks found no damage. Returns (lines before, after).
    pub(super) fn compact_journal(&mut self) -> Result<Option<(usize, usize)>, StoreError> {
        let cannot =
            |e: io::Error| StoreError::Io(format!("cannot compact the witness journal: {e}"));
        let done = witness::compact(&self.dir, &self.keyring(), 1000).map_err(cannot)?;
        if done.is_some() {
            // The old file was renamed over: append to the new one.
            self.witness = Witness::open(&self.dir).map_err(cannot)?;
        }
        Ok(done)
    }

    /// Stores match `id` exactly as `events` were sealed elsewhere (a
    /// backup's bundle): the same bytes, hashes and signatures, each
    /// checked against `keys` (which are published here, so they keep
    /// verifying), then witnessed; only the rest of them when the store
    /// holds their beginning ([`adopted_from`]).
    pub(super) fn adopt_here(
        &self,
        id: &MatchId,
        events: &[Sealed],
        keys: &[(String, [u8; 32])],
    ) -> Result<(), StoreError> {
        self.may_sign()?;
        for (kid, public) in keys {
            let stored = self
                .keys
                .compare_and_swap(kid.as_bytes(), None::<&[u8]>, Some(&public[..]))
                .map_err(io_error)?;
            if let Err(cas) = stored {
                if cas.current.as_deref() != Some(&public[..]) {
                    return Err(StoreError::Io(format!(
                        "key {kid} is already here with other bytes: the backup and this store disagree on a key"
                    )));
                }
            }
        }
        check_adopted(id, events, &self.keyring())?;
        let Some(last) = events.last() else {
            return Ok(());
        };
        let n = events.len() as u64;
        let frontier = Frontier::of(&events.iter().map(|s| s.hash).collect::<Vec<_>>());
        let turn = self.turn(id)?;
        let held = self.head(id)?;
        let from = adopted_from(id, held, events)?;
        if from == n {
            return Ok(());
        }
        let records = (from..)
            .zip(&events[from as usize..])
            .map(|(seq, s)| Ok((event_key(id, seq), encode_record(s)?)))
            .collect::<Result<Vec<_>, String>>()
            .map_err(StoreError::Io)?;
        // A match not held is written as a new one (one transaction); the
        // rest of one held in part as an append is.
        self.write_after(id, from, records, &frontier, &encode_head(n, &last.hash))?;
        drop(turn);
        self.db.flush().map_err(io_error)?;
        self.witness
            .record(&Checkpoint::of(id.as_str(), events, &self.recorder))
            .map_err(|e| StoreError::Io(format!("stored but not witnessed: {e}")))
    }

    /// Witnesses what the store holds beyond its last witness line: the
    /// tail a crash left between storing and witnessing, and matches stored
    /// before the witness existed. Run by the server on open, only when
    /// [`SledStore::witnessed_damage`] found nothing (a store that lost
    /// events is never taken as the new truth). Returns one line per match
    /// witnessed.
    pub(super) fn witness_tail(&self) -> Result<Vec<String>, StoreError> {
        self.may_sign()?;
        let journal = self.journal()?;
        let mut out = Vec::new();
        for id in self.matches()? {
            let seen = journal.last.get(id.as_str()).map_or(0, |w| w.size);
            // The head says whether there is anything to witness (one small
            // read per match); only then is the log read.
            let Ok(Some((next, _))) = self.head(&id) else {
                continue;
            };
            if next <= seen {
                continue;
            }
            // A match that does not read is not taken as truth either.
            let Ok(held) = self.events(&id) else { continue };
            let n = held.len() as u64;
            if n <= seen {
                continue;
            }
            self.witness
                .record(&Checkpoint::of(id.as_str(), &held, &self.recorder))
                .map_err(|e| StoreError::Io(format!("cannot write the witness journal: {e}")))?;
            out.push(if seen == 0 {
                format!("match {id}: {n} events witnessed for the first time")
            } else {
                format!("match {id}: events {seen}–{} witnessed (stored before a crash, not yet witnessed)", n - 1)
            });
        }
        Ok(out)
    }
}

/// Every match `journal` witnessed, against `store`: the damage found.
pub(super) fn damage<S: EventStore + ?Sized>(
    store: &S,
    journal: &witness::Journal,
) -> Result<Vec<Damage>, StoreError> {
    let mut out = Vec::new();
    let named = journal.last.keys().chain(journal.legible.keys());
    for name in named.collect::<std::collections::BTreeSet<_>>() {
        let Ok(id) = MatchId::parse(name) else {
            continue;
        };
        if let Some((first_bad, why)) = check_against(store, journal, &id)?.damage {
            out.push(Damage {
                match_id: id,
                first_bad,
                why,
            });
        }
    }
    Ok(out)
}

/// Match `id`'s log against `journal`, the witness of `store`.
pub(super) fn check_against<S: EventStore + ?Sized>(
    store: &S,
    journal: &witness::Journal,
    id: &MatchId,
) -> Result<WitnessCheck, StoreError> {
    let damaged_lines = journal.damaged.clone();
    let held = || match store.events(id) {
        Ok(e) => Ok(e),
        Err(StoreError::NotFound(_)) => Ok(Vec::new()),
        Err(e) => Err(e),
    };
    let Some(w) = journal.last.get(id.as_str()) else {
        // With no good line, a damaged one speaks only for a match the
        // store holds: a flip in a line's match id names one it never had.
        let damage = match journal.legible.get(id.as_str()) {
            Some(_) => Some(held()?)
                .filter(|held| !held.is_empty())
                .and_then(|held| lost_behind_damage(journal, id, None, &held)),
            None => None,
        };
        return Ok(WitnessCheck {
            note: damage.is_none().then(|| format!("match {id} has no witness line (stored before the witness existed, or never acknowledged)")),
            damage,
            damaged_lines,
        });
    };
    let held: Vec<Sealed> = held()?;
    let n = held.len() as u64;
    let damage = if n < w.size {
        Some((n, format!(
            "match {id}: the store holds {n} events but {} were acknowledged (witness line {}); events {n}–{} are lost",
            w.size,
            w.line,
            w.size - 1
        )))
    } else if w.size > 0 && !w.vouches_for(&held.iter().map(|s| s.hash).collect::<Vec<_>>()) {
        Some((w.size - 1, format!(
            "match {id}: event {} is not the one acknowledged (witness line {}): the log differs from what was witnessed",
            w.size - 1,
            w.line
        )))
    } else if let Some((first, then, size)) = journal.rewritten.get(id.as_str()) {
        Some((size.saturating_sub(1), format!(
            "match {id}: witness lines {first} and {then} acknowledge two different logs of {size} events: events were lost, and the log was written over after the loss"
        )))
    } else {
        lost_behind_damage(journal, id, Some(w), &held)
    };
    let note = (damage.is_none() && n > w.size).then(|| {
        format!(
            "match {id}: events {}–{} are stored but not yet witnessed (a crash between storing and witnessing); not damage",
            w.size,
            n - 1
        )
    });
    Ok(WitnessCheck {
        damage,
        note,
        damaged_lines,
    })
}

/// The events of match `id` that its last journal line, damaged, may have
/// acknowledged beyond the `held` ones, when that line comes after the
/// match's last good line (`good`): the first seq that may be lost, and
/// why. It may when it still reads as more events than are held, with a
/// commitment they do not meet ([`witness::Legible`]); or, whatever it
/// reads as, when the store holds exactly what the good line before it
/// acknowledged (a later line acknowledged more, and none of it is here).
fn lost_behind_damage(
    journal: &witness::Journal,
    id: &MatchId,
    good: Option<&witness::Witnessed>,
    held: &[Sealed],
) -> Option<(u64, String)> {
    let after = good.map_or(0, |w| w.line);
    let legible = journal
        .legible
        .get(id.as_str())
        .filter(|l| l.line > after)?;
    let hashes: Vec<_> = held.iter().map(|s| s.hash).collect();
    let n = held.len() as u64;
    let said = match legible.says_more_than(&hashes) {
        Some(size) => format!("still reads as {size} acknowledged, with a commitment the store's events do not meet; events {n}–{} may be lost", size - 1),
        None if good.is_some_and(|w| w.size == n) => format!(
            "comes after line {after}, which acknowledged the {n} events the store holds; the events it acknowledged after them, from seq {n} on, may be lost"
        ),
        None => return None,
    };
    Some((
        n,
        format!(
            "match {id}: the store holds {n} events, and the witness's last line of it (line {}) is damaged but {said}",
            legible.line
        ),
    ))
}

/// Whether `events`, sealed elsewhere, chain as match `id` from its first
/// event under `keys`; [`StoreError::Corrupt`] names the first that does
/// not, and nothing is stored.
pub(crate) fn check_adopted(
    id: &MatchId,
    events: &[Sealed],
    keys: &seal::Keyring,
) -> Result<(), StoreError> {
    let records: Vec<(u64, Result<Sealed, String>)> = events
        .iter()
        .map(|s| (s.envelope.seq, Ok(s.clone())))
        .collect();
    match seal::verify_chain(id, &records, keys).first_bad {
        Some(bad) => Err(StoreError::Corrupt {
            seq: bad.seq,
            reason: bad.reason,
        }),
        None => Ok(()),
    }
}

/// Where adopting `events` as match `id` starts, given the match's `head`
/// here: 0 for a match not held, the head's next seq when the store holds
/// a beginning of `events` (its last hash is theirs), else
/// [`StoreError::Exists`]: another match under the same id.
pub(crate) fn adopted_from(
    id: &MatchId,
    head: Option<(u64, seal::Hash)>,
    events: &[Sealed],
) -> Result<u64, StoreError> {
    let Some((next, last)) = head else {
        return Ok(0);
    };
    let ours = usize::try_from(next)
        .ok()
        .and_then(|n| n.checked_sub(1))
        .and_then(|i| events.get(i))
        .is_some_and(|s| s.hash == last);
    if ours {
        Ok(next)
    } else {
        Err(StoreError::Exists(id.to_string()))
    }
}
