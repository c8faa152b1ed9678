//! The bytes sled holds: the keys of the `events` tree (`match id ‖ 0x00 ‖
//! seq`), a match's head (`next seq ‖ last hash`), a stored record
//! (`[FORMAT_VERSION] ‖ bincode of Sealed`, refused unless it reads back
//! exactly) and a token's hash. The layout is drawn in `store.rs`'s doc.
//! The exact decoding of a versioned record is shared with the PostgreSQL
//! store, which keeps an envelope in the same form.
//!
//! It owns these encodings and their checks, nothing that touches a tree;
//! like all of `log/` it names no game.

use serde::{de::DeserializeOwned, Serialize};
use sha2::{Digest, Sha256};

use super::{StoreError, MAX_RECORD_BYTES};
use crate::event::MatchId;
use crate::log::seal::{self, Hash, Sealed, FORMAT_VERSION, GENESIS};

pub(super) fn io_error(e: sled::Error) -> StoreError {
    StoreError::Io(e.to_string())
}

pub(super) fn event_prefix(id: &MatchId) -> Vec<u8> {
    let mut key = Vec::with_capacity(id.as_str().len() + 9);
    key.extend_from_slice(id.as_str().as_bytes());
    key.push(0);
    key
}

pub(super) fn event_key(id: &MatchId, seq: u64) -> Vec<u8> {
    let mut key = event_prefix(id);
    key.extend_from_slice(&seq.to_be_bytes());
    key
}

pub(super) fn seq_of_key(rest: &[u8]) -> Option<u64> {
    <[u8; 8]>::try_from(rest).ok().map(u64::from_be_bytes)
}

/// Why a key of the `events` tree names no seq (it is kept, as damage).
pub(super) fn malformed_key(key: &[u8]) -> String {
    format!("the storage key {} is malformed", hex::encode(key))
}

pub(super) fn encode_head(next: u64, last: &Hash) -> [u8; 40] {
    let mut out = [0u8; 40];
    out[..8].copy_from_slice(&next.to_be_bytes());
    out[8..].copy_from_slice(last);
    out
}

pub(super) fn decode_head(bytes: &[u8]) -> Result<(u64, Hash), String> {
    if bytes.len() != 40 {
        return Err(format!(
            "the head record is {} bytes instead of 40",
            bytes.len()
        ));
    }
    let mut next = [0u8; 8];
    next.copy_from_slice(&bytes[..8]);
    let mut last = GENESIS;
    last.copy_from_slice(&bytes[8..]);
    Ok((u64::from_be_bytes(next), last))
}

/// `[FORMAT_VERSION] ‖ bincode(sealed)`; refuses a record that would not
/// read back exactly, so nothing unreadable is ever written.
pub(super) fn encode_record(sealed: &Sealed) -> Result<Vec<u8>, String> {
    let body = bincode::serde::encode_to_vec(sealed, seal::CONFIG)
        .map_err(|e| format!("the event cannot be encoded ({e})"))?;
    let mut record = Vec::with_capacity(1 + body.len());
    record.push(FORMAT_VERSION);
    record.extend_from_slice(&body);
    match decode_record(&record) {
        Ok(back) if &back == sealed => Ok(record),
        Ok(_) => Err("the event does not read back as it was written".to_string()),
        Err(e) => Err(format!("the event would not read back: {e}")),
    }
}

/// Decodes a stored record. Anything but the exact bytes [`encode_record`]
/// writes is an error: an unknown version, a bad length, trailing bytes, or a
/// value that re-encodes differently (e.g. a timestamp spelled another way).
pub(super) fn decode_record(bytes: &[u8]) -> Result<Sealed, String> {
    decode_exact(bytes, "record")
}

/// Decodes `[FORMAT_VERSION] ‖ bincode(value)` as written by this arbiter,
/// whichever store holds it: a sled record (a whole [`Sealed`]) or a
/// PostgreSQL envelope column. Refuses anything but exactly the bytes it
/// re-encodes to, naming `what` (`"record"`) in the reason.
pub(in crate::log::store) fn decode_exact<T: Serialize + DeserializeOwned>(
    bytes: &[u8],
    what: &str,
) -> Result<T, String> {
    let (&version, body) = bytes
        .split_first()
        .ok_or_else(|| format!("the {what} is empty"))?;
    if version != FORMAT_VERSION {
        return Err(format!(
            "the {what} has format version {version}; this arbiter reads version {FORMAT_VERSION}"
        ));
    }
    let config = seal::CONFIG.with_limit::<MAX_RECORD_BYTES>();
    let (value, used): (T, usize) =
        bincode::serde::decode_from_slice(body, config).map_err(|e| e.to_string())?;
    if used != body.len() {
        return Err(format!(
            "the {what} has {} bytes after its end",
            body.len() - used
        ));
    }
    let again = bincode::serde::encode_to_vec(&value, seal::CONFIG)
        .map_err(|e| format!("the {what} cannot be re-encoded ({e})"))?;
    if again != body {
        return Err(format!("the {what} is not in canonical form"));
    }
    Ok(value)
}

pub(super) fn token_hash(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}
