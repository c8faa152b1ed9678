//! Rows of the PostgreSQL store read back as the log's types, never
//! trusted: an event's envelope must decode from its canonical bytes and
//! re-encode to exactly them, hashes must be 32 bytes, a head or frontier
//! must decode. What does not is the record's damage, named, for
//! [`crate::log::seal::verify_chain`] to report; never a panic.
//!
//! Must not import anything above `log/` (a game, a page, the importer, the
//! verifier, the replay, bundles or samples): the log stores and seals, and
//! knows no game.

use tokio_postgres::Row;

use crate::event::Envelope;
use crate::log::merkle::Frontier;
use crate::log::seal::{Hash, Sealed};
use crate::log::store::records::decode_exact;
use crate::log::store::DecodedRecord;

/// An event row (`seq, envelope, prev_hash, hash, key_id, signature`) as
/// `(seq, the event or why it does not read)`.
pub(super) fn record(row: &Row) -> DecodedRecord {
    let seq: i64 = row.get(0);
    let seq = u64::try_from(seq).unwrap_or(u64::MAX);
    (seq, sealed(row))
}

fn sealed(row: &Row) -> Result<Sealed, String> {
    let envelope: &[u8] = row.try_get(1).map_err(|e| e.to_string())?;
    let prev: &[u8] = row.try_get(2).map_err(|e| e.to_string())?;
    let hash: &[u8] = row.try_get(3).map_err(|e| e.to_string())?;
    Ok(Sealed {
        envelope: envelope_of(envelope)?,
        prev_hash: hash_of(prev, "previous hash")?,
        hash: hash_of(hash, "hash")?,
        key_id: row.try_get(4).map_err(|e| e.to_string())?,
        signature: row.try_get(5).map_err(|e| e.to_string())?,
    })
}

/// Decodes an envelope from its canonical bytes (`[FORMAT_VERSION] ‖
/// bincode`), refusing anything but exactly the bytes
/// [`crate::log::seal::canonical_bytes`] makes of it.
pub(super) fn envelope_of(bytes: &[u8]) -> Result<Envelope, String> {
    decode_exact(bytes, "stored envelope")
}

/// A 32-byte hash column.
pub(super) fn hash_of(bytes: &[u8], what: &str) -> Result<Hash, String> {
    <Hash>::try_from(bytes)
        .map_err(|_| format!("the stored {what} is {} bytes instead of 32", bytes.len()))
}

/// A head row's (next seq, last hash, frontier) as stored.
pub(in crate::log::store) struct StoredHead {
    pub next: u64,
    pub last: Result<Hash, String>,
    pub frontier: Result<Frontier, String>,
}

impl StoredHead {
    /// From a row of `next_seq, last_hash, frontier`.
    pub(super) fn of(row: &Row) -> StoredHead {
        let next: i64 = row.get(0);
        let last: &[u8] = row.get(1);
        let frontier: &[u8] = row.get(2);
        StoredHead {
            next: u64::try_from(next).unwrap_or(0),
            last: hash_of(last, "head hash"),
            frontier: Frontier::decode(frontier),
        }
    }

    /// `(next seq, last hash)`, or why the head does not read.
    pub(super) fn pair(&self) -> Result<(u64, Hash), String> {
        self.last.clone().map(|last| (self.next, last))
    }
}

/// A seq or count as PostgreSQL's bigint.
pub(super) fn bigint(n: u64) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::{Actor, Body, MatchId};
    use crate::log::seal;

    #[test]
    fn envelopes_read_back_only_from_their_exact_canonical_bytes() {
        let envelope = Envelope {
            match_id: MatchId::parse("m1").unwrap(),
            seq: 3,
            occurred_at: chrono::Utc::now(),
            recorded_at: chrono::Utc::now(),
            actor: Actor::Host("kg".into()),
            body: Body::Pass,
        };
        let bytes = seal::canonical_bytes(&envelope);
        assert_eq!(envelope_of(&bytes).unwrap(), envelope);
        let mut longer = bytes.clone();
        longer.push(0);
        assert!(envelope_of(&longer).unwrap_err().contains("after its end"));
        let mut other = bytes.clone();
        other[0] = 9;
        assert!(envelope_of(&other)
            .unwrap_err()
            .contains("format version 9"));
        assert!(envelope_of(&bytes[..bytes.len() - 3]).is_err());
        assert!(envelope_of(&[]).is_err());
        assert!(hash_of(&[0; 31], "hash").unwrap_err().contains("31 bytes"));
    }
}
