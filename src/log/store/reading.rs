//! Reading a match's log back: decoding its records once and checking
//! them, for [`EventStore::events`], [`EventStore::verify`] and the
//! one-read [`EventStore::events_verified`], and the range read of the
//! records after a seq that lets a cache fold in an append.
//!
//! Only the sled store's own trees are read here; nothing above `log/`.

use super::records::event_prefix;
use super::{
    check_head, decode_head, decode_record, event_key, io_error, malformed_key, seq_of_key,
    unpanicked, DecodedRecord, EventStore, ReadBack, SledStore, StoreError,
};
use crate::event::MatchId;
use crate::log::merkle::Frontier;
use crate::log::seal::{self, ChainReport, Hash, Sealed};

/// A stored record: `(seq from its key, its bytes or why the key is bad)`.
pub(super) type RawRecord = (u64, Result<Vec<u8>, String>);

/// A head as read: `(next seq, last hash)`, or why it does not decode.
pub(super) type StoredHead = Result<(u64, Hash), String>;

impl SledStore {
    /// The raw records of match `id` in key order, below seq `upto` when
    /// given (records past a head are an append a crash cut off, never
    /// committed: not the match's). Malformed keys are kept, as damage.
    fn raw_records(&self, id: &MatchId, upto: Option<u64>) -> Result<Vec<RawRecord>, StoreError> {
        let prefix = event_prefix(id);
        // Reading a damaged file can make sled panic: that is an error here.
        let items = unpanicked(&self.db_path, || {
            self.events
                .scan_prefix(&prefix)
                .collect::<sled::Result<Vec<_>>>()
        })
        .map_err(io_error)?;
        let mut out = Vec::new();
        for (index, (key, value)) in (0u64..).zip(items) {
            let entry = match seq_of_key(&key[prefix.len()..]) {
                Some(seq) if upto.is_some_and(|n| seq >= n) => continue,
                Some(seq) => (seq, Ok(value.to_vec())),
                None => (index, Err(malformed_key(&key))),
            };
            out.push(entry);
        }
        Ok(out)
    }

    /// The records of match `id` from seq `from` up to (not including)
    /// `upto`, decoded: one range read over the keys `id 0 from` ..
    /// `id 0 upto`.
    pub(super) fn decoded_records_after(
        &self,
        id: &MatchId,
        from: u64,
        upto: u64,
    ) -> Result<Vec<DecodedRecord>, StoreError> {
        if upto <= from {
            return Ok(Vec::new());
        }
        let (start, end) = (event_key(id, from), event_key(id, upto));
        let prefix = start.len() - 8;
        // Reading a damaged file can make sled panic: that is an error here.
        let items = unpanicked(&self.db_path, || {
            self.events
                .range(start.clone()..end.clone())
                .collect::<sled::Result<Vec<_>>>()
        })
        .map_err(io_error)?;
        Ok((from..)
            .zip(items)
            .map(|(index, (key, value))| match seq_of_key(&key[prefix..]) {
                Some(seq) => (seq, decode_record(&value)),
                None => (index, Err(malformed_key(&key))),
            })
            .collect())
    }
}

impl ReadBack for SledStore {
    type Head = StoredHead;

    /// Every committed record of match `id` (below its head; all of them
    /// when the head is missing or damaged, so that the damage is seen),
    /// decoded, and the head as read before them.
    fn decoded_records(
        &self,
        id: &MatchId,
    ) -> Result<(Vec<DecodedRecord>, Option<StoredHead>), StoreError> {
        // The head first: an append in flight writes its records before
        // its head, so everything below a head already read is there.
        let head = unpanicked(&self.db_path, || self.heads.get(id.as_str()))
            .map_err(io_error)?
            .map(|bytes| decode_head(&bytes));
        let upto = head
            .as_ref()
            .and_then(|h| h.as_ref().ok())
            .map(|(next, _)| *next);
        let records = self
            .raw_records(id, upto)?
            .into_iter()
            .map(|(seq, bytes)| (seq, bytes.and_then(|b| decode_record(&b))))
            .collect();
        Ok((records, head))
    }

    /// The chain report of match `id`'s records: every seal, then the head
    /// (as read with them) and the Merkle frontier against the log.
    fn chain_report(
        &self,
        id: &MatchId,
        records: &[DecodedRecord],
        head: Option<StoredHead>,
    ) -> Result<ChainReport, StoreError> {
        // A match from before frontiers has none: no fault.
        let frontier = self
            .frontiers
            .get(id.as_str())
            .map_err(io_error)?
            .map(|bytes| Frontier::decode(&bytes));
        chain_report(id, records, head, frontier, &self.keyring())
    }
}

/// The chain report of match `id`'s `records`, whichever store read them:
/// every seal against `keys`, then the head read with them, then the
/// stored Merkle frontier (when there is one) against the log, since the
/// receipts are signed from it. [`StoreError::NotFound`] when there is
/// neither a record nor a head.
pub(super) fn chain_report(
    id: &MatchId,
    records: &[DecodedRecord],
    head: Option<StoredHead>,
    frontier: Option<Result<Frontier, String>>,
    keys: &seal::Keyring,
) -> Result<ChainReport, StoreError> {
    if records.is_empty() && head.is_none() {
        return Err(StoreError::NotFound(id.to_string()));
    }
    let mut report = seal::verify_chain(id, records, keys);
    if report.is_ok() {
        let last = records
            .last()
            .and_then(|(_, r)| r.as_ref().ok())
            .map(|s| s.hash);
        report.first_bad = check_head(report.events, last, head);
    }
    if let (true, Some(frontier)) = (report.is_ok(), frontier) {
        let hashes: Vec<Hash> = records
            .iter()
            .filter_map(|(_, r)| r.as_ref().ok().map(|s| s.hash))
            .collect();
        // A frontier of another size is an append's cut off past the head:
        // the next append rebuilds it, so it is no fault.
        let fine = frontier.is_ok_and(|f| f.size() != report.events || f == Frontier::of(&hashes));
        if !fine {
            report.first_bad = Some(seal::BadSeq {
                seq: report.events.saturating_sub(1),
                reason: "the stored Merkle frontier is damaged: receipts would not match \
                         this log"
                    .into(),
            });
        }
    }
    Ok(report)
}

/// The events of match `id` from its decoded records, in seq order:
/// [`StoreError::Corrupt`] at the first record that cannot be read or is
/// out of place.
pub(super) fn in_order(
    id: &MatchId,
    records: Vec<DecodedRecord>,
) -> Result<Vec<Sealed>, StoreError> {
    let mut out = Vec::with_capacity(records.len());
    for (expected, (seq, sealed)) in (0u64..).zip(records) {
        let corrupt = |reason: String| StoreError::Corrupt {
            seq: expected,
            reason,
        };
        if seq != expected {
            return Err(corrupt(format!("expected seq {expected}, found seq {seq}")));
        }
        let sealed = sealed.map_err(corrupt)?;
        if sealed.envelope.seq != seq || &sealed.envelope.match_id != id {
            return Err(corrupt(format!(
                "the record stored here is seq {} of match '{}'",
                sealed.envelope.seq, sealed.envelope.match_id
            )));
        }
        out.push(sealed);
    }
    Ok(out)
}
