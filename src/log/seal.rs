//! Sealing: how an event is fixed in its place so that any later change shows.
//!
//! The one decision that matters here is *which bytes are hashed*. We hash
//! neither the JSON an event arrived in nor the bytes the store happens to
//! keep, but a canonical re-encoding of the [`Envelope`]: one version byte
//! ([`FORMAT_VERSION`]) followed by bincode with one fixed configuration
//! ([`CONFIG`]). The encoding is a pure function of the envelope's value, so a
//! sealed event can travel in any form (a JSON event file, the API, another
//! machine's store, a backup) and its seal is still checked by re-encoding it:
//! the verifier never has to trust how the bytes were kept, and the storage
//! engine can change without touching a single hash.
//!
//! The price is that the encoding must never drift. The bincode
//! configuration, the field order and the serde shape of every type inside an
//! envelope (including the game payloads) are part of the format: changing
//! any of them changes every hash, so it must come with a new
//! [`FORMAT_VERSION`]. The `canonical_bytes_golden` test pins the bytes of
//! one envelope to catch an accidental change.
//!
//! The chain itself is plain: `hash = sha256(prev_hash ‖ canonical bytes)`,
//! with [`GENESIS`] (all zeroes) as the previous hash of seq 0, and the
//! recorder signs the 32-byte hash with ed25519. [`verify_chain`] checks with
//! `verify_strict`, which also rejects the malleable and small-order
//! signatures that plain `verify` accepts.
//!
//! Must not import anything above `log/` (a game, a page, the importer, the
//! verifier, the replay, bundles or samples): the log stores and seals, and
//! knows no game.

use std::collections::BTreeMap;
use std::fmt;
use std::fs;
use std::io::{self, Write};
use std::path::Path;

use bincode::config::{BigEndian, Configuration, Fixint};
use ed25519_dalek::{Signature, Signer, SigningKey, VerifyingKey};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::event::{Envelope, MatchId};

/// The version of the canonical encoding; the first byte of
/// [`canonical_bytes`] and of every stored record.
pub const FORMAT_VERSION: u8 = 1;

/// A sha256 digest.
pub type Hash = [u8; 32];

/// The previous hash of seq 0.
pub const GENESIS: Hash = [0; 32];

/// The bincode configuration of the canonical bytes (see
/// [`crate::event::CANONICAL`], where the vocabulary keeps it): never
/// change it without bumping [`FORMAT_VERSION`].
pub const CONFIG: Configuration<BigEndian, Fixint> = crate::event::CANONICAL;

/// The canonical bytes of an envelope: `[FORMAT_VERSION]` followed by the
/// bincode encoding of `env` with [`CONFIG`].
///
/// # Panics
///
/// When a type inside the envelope has a serde shape bincode cannot encode
/// (a sequence or map of unknown length, e.g. `#[serde(flatten)]`): a bug in
/// the event types, never a property of stored data. Code that must not
/// panic (the store, [`verify_chain`]) uses the fallible form internally.
pub fn canonical_bytes(env: &Envelope) -> Vec<u8> {
    try_canonical_bytes(env).unwrap_or_else(|e| panic!("{e}"))
}

/// [`canonical_bytes`], reporting an encoding failure instead of panicking.
pub(crate) fn try_canonical_bytes(env: &Envelope) -> Result<Vec<u8>, String> {
    let body = bincode::serde::encode_to_vec(env, CONFIG).map_err(|e| {
        format!(
            "the event cannot be encoded canonically ({e}); \
             an event type has a serde shape bincode does not support"
        )
    })?;
    let mut out = Vec::with_capacity(1 + body.len());
    out.push(FORMAT_VERSION);
    out.extend_from_slice(&body);
    Ok(out)
}

/// `sha256(prev ‖ canonical)`.
pub fn chain_hash(prev: &Hash, canonical: &[u8]) -> Hash {
    let mut hasher = Sha256::new();
    hasher.update(prev);
    hasher.update(canonical);
    hasher.finalize().into()
}

/// An envelope with its seal: its place in the chain and the recorder's
/// signature over its hash.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Sealed {
    pub envelope: Envelope,
    /// The hash of the previous event ([`GENESIS`] for seq 0).
    pub prev_hash: Hash,
    /// `chain_hash(prev_hash, canonical_bytes(envelope))`.
    pub hash: Hash,
    /// The id of the key that signed ([`key_id`]).
    pub key_id: String,
    /// The ed25519 signature of `hash` (64 bytes).
    pub signature: Vec<u8>,
}

impl Sealed {
    /// The hash in lowercase hex.
    pub fn hash_hex(&self) -> String {
        hex::encode(self.hash)
    }
}

/// The id of a public key: the first 16 hex digits of sha256 of its bytes.
pub fn key_id(key: &VerifyingKey) -> String {
    let digest = Sha256::digest(key.as_bytes());
    let mut id = hex::encode(digest);
    id.truncate(16);
    id
}

/// The recorder: holds the ed25519 key that signs what the store accepts.
pub struct Recorder {
    key: SigningKey,
}

impl fmt::Debug for Recorder {
    // Never print the secret.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Recorder")
            .field("key_id", &self.key_id())
            .finish_non_exhaustive()
    }
}

impl Recorder {
    /// A new recorder with a random key.
    ///
    /// # Panics
    ///
    /// When the operating system's random number generator fails.
    pub fn generate() -> Recorder {
        Recorder::try_generate().unwrap_or_else(|e| panic!("{e}"))
    }

    fn try_generate() -> io::Result<Recorder> {
        let mut secret = [0u8; 32];
        getrandom::getrandom(&mut secret).map_err(|e| {
            io::Error::other(format!(
                "cannot get random bytes for a new signing key: {e}"
            ))
        })?;
        Ok(Recorder::from_bytes(secret))
    }

    /// A recorder with the given 32-byte ed25519 secret.
    pub fn from_bytes(secret: [u8; 32]) -> Recorder {
        Recorder {
            key: SigningKey::from_bytes(&secret),
        }
    }

    /// Reads the key from `path`, or creates it there (with its parent
    /// directories, and mode 0600 on unix) when the file does not exist.
    ///
    /// The file holds the 32 secret bytes as 64 hex digits and a newline.
    pub fn load_or_create(path: &Path) -> io::Result<Recorder> {
        match Recorder::read_key_file(path)? {
            Some(recorder) => Ok(recorder),
            None => Recorder::create_key_file(path),
        }
    }

    /// Reads the key from `path`; `None` when there is no such file.
    ///
    /// Only a regular file of a key's size is read: a FIFO (or a device)
    /// in the key's place would make every command wait on it for good,
    /// and a huge file would be read whole for nothing.
    pub fn read_key_file(path: &Path) -> io::Result<Option<Recorder>> {
        let cannot_read = |e: io::Error| {
            io::Error::new(
                e.kind(),
                format!(
                    "cannot read the signing key {}: {e}. Restore the file from your copy of \
                     it; to set it aside and sign with a new key from now on, run `arbiter keys \
                     rotate`",
                    path.display()
                ),
            )
        };
        let meta = match fs::metadata(path) {
            Ok(meta) => meta,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(cannot_read(e)),
        };
        if !meta.is_file() {
            let what = if meta.is_dir() {
                "a directory"
            } else {
                "a pipe or a device, not a regular file"
            };
            return Err(malformed_key_file(path, &format!("it is {what}")));
        }
        if meta.len() > KEY_FILE_MAX {
            let why = format!("{} bytes, where a key file has 65", meta.len());
            return Err(malformed_key_file(path, &why));
        }
        let bytes = fs::read(path).map_err(cannot_read)?;
        match String::from_utf8(bytes) {
            Ok(text) => parse_key_file(path, &text).map(Some),
            Err(_) => Err(malformed_key_file(path, "it is not text")),
        }
    }

    /// Makes a new key and writes it to `path` (with its parent
    /// directories, mode 0600 on unix); when another process made the file
    /// first, reads theirs.
    pub fn create_key_file(path: &Path) -> io::Result<Recorder> {
        create_key_file(path)
    }

    /// The id of this recorder's public key ([`key_id`]).
    pub fn key_id(&self) -> String {
        key_id(&self.key.verifying_key())
    }

    /// The public half of the key.
    pub fn verifying_key(&self) -> VerifyingKey {
        self.key.verifying_key()
    }

    /// Signs any bytes (a checkpoint's text form) with ed25519.
    pub fn sign(&self, bytes: &[u8]) -> [u8; 64] {
        self.key.sign(bytes).to_bytes()
    }

    /// The public key in lowercase hex (64 digits).
    pub fn public_key_hex(&self) -> String {
        hex::encode(self.key.verifying_key().as_bytes())
    }

    /// Seals `envelope` after `prev_hash`: hashes its canonical bytes into
    /// the chain and signs the hash.
    ///
    /// # Panics
    ///
    /// As [`canonical_bytes`].
    pub fn seal(&self, envelope: Envelope, prev_hash: Hash) -> Sealed {
        self.try_seal(envelope, prev_hash)
            .unwrap_or_else(|e| panic!("{e}"))
    }

    /// [`Recorder::seal`], reporting an encoding failure instead of panicking.
    pub(crate) fn try_seal(&self, envelope: Envelope, prev_hash: Hash) -> Result<Sealed, String> {
        let canonical = try_canonical_bytes(&envelope)?;
        let hash = chain_hash(&prev_hash, &canonical);
        let signature = self.key.sign(&hash);
        Ok(Sealed {
            envelope,
            prev_hash,
            hash,
            key_id: self.key_id(),
            signature: signature.to_bytes().to_vec(),
        })
    }
}

fn malformed_key_file(path: &Path, why: &str) -> io::Error {
    io::Error::new(
        io::ErrorKind::InvalidData,
        format!(
            "the signing key file {} is malformed ({why}): it must hold the \
             32-byte ed25519 secret as 64 hex digits and a newline. Restore it \
             from your copy of it; to set it aside and sign with a new key from \
             now on, run `arbiter keys rotate`",
            path.display()
        ),
    )
}

/// The largest key file read: 64 digits and a newline, with room for
/// spaces and a CRLF an editor may have added.
const KEY_FILE_MAX: u64 = 256;

fn parse_key_file(path: &Path, text: &str) -> io::Result<Recorder> {
    // An editor's byte-order mark and spaces around the digits are no fault.
    let digits = text.trim_start_matches('\u{feff}').trim();
    let secret = key_digits(digits).map_err(|why| malformed_key_file(path, &why))?;
    Ok(Recorder::from_bytes(secret))
}

/// The 32 bytes that `digits` spell, or what is wrong with them, in words
/// an operator can act on (the hex crate's "Odd number of digits" names
/// neither the NUL nor the stray text that caused it).
fn key_digits(digits: &str) -> Result<[u8; 32], String> {
    if let Some((at, c)) = digits.char_indices().find(|(_, c)| !c.is_ascii_hexdigit()) {
        return Err(match c {
            '\0' => format!("a NUL byte at byte {at}"),
            c if at == 64 => format!("{:?} after the 64 digits", c.to_string()),
            c => format!("{c:?} at byte {at} is not a hex digit"),
        });
    }
    match hex::decode(digits).map(<[u8; 32]>::try_from) {
        Ok(Ok(secret)) => Ok(secret),
        _ => Err(format!("{} hex digits instead of 64", digits.len())),
    }
}

fn create_key_file(path: &Path) -> io::Result<Recorder> {
    let context = |e: io::Error| {
        io::Error::new(
            e.kind(),
            format!("cannot create the signing key {}: {e}", path.display()),
        )
    };
    if let Some(parent) = path.parent() {
        if !parent.as_os_str().is_empty() {
            fs::create_dir_all(parent).map_err(context)?;
        }
    }
    let recorder = Recorder::try_generate()?;

    let mut file = match super::owner_only().write(true).create_new(true).open(path) {
        Ok(file) => file,
        // Someone else created it between our read and our create: use theirs.
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {
            let text = fs::read_to_string(path).map_err(context)?;
            return parse_key_file(path, &text);
        }
        Err(e) => return Err(context(e)),
    };
    let line = format!("{}\n", hex::encode(recorder.key.to_bytes()));
    file.write_all(line.as_bytes()).map_err(context)?;
    file.sync_all().map_err(context)?;
    Ok(recorder)
}

/// The public keys whose signatures are accepted, by key id.
#[derive(Clone, Debug, Default)]
pub struct Keyring {
    keys: BTreeMap<String, VerifyingKey>,
}

impl Keyring {
    pub fn new() -> Keyring {
        Keyring::default()
    }

    /// Adds a key; returns its id.
    pub fn add(&mut self, key: VerifyingKey) -> String {
        let id = key_id(&key);
        self.keys.insert(id.clone(), key);
        id
    }

    /// The key with id `id`.
    pub fn get(&self, id: &str) -> Option<&VerifyingKey> {
        self.keys.get(id)
    }

    /// Checks an ed25519 signature (strictly) by the key with id `id`.
    pub fn verify(&self, id: &str, bytes: &[u8], signature: &[u8]) -> Result<(), String> {
        let key = self
            .get(id)
            .ok_or_else(|| format!("key id {id} is not a published key"))?;
        let sig = Signature::from_slice(signature)
            .map_err(|_| "the signature is not 64 bytes".to_string())?;
        key.verify_strict(bytes, &sig)
            .map_err(|_| format!("the signature by key {id} does not verify"))
    }

    /// `(key id, public key in hex)`, sorted by id.
    pub fn iter(&self) -> impl Iterator<Item = (&str, String)> + '_ {
        self.keys
            .iter()
            .map(|(id, key)| (id.as_str(), hex::encode(key.as_bytes())))
    }
}

impl From<&Recorder> for Keyring {
    fn from(recorder: &Recorder) -> Keyring {
        let mut ring = Keyring::new();
        ring.add(recorder.verifying_key());
        ring
    }
}

/// The outcome of [`verify_chain`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChainReport {
    /// How many records were examined.
    pub events: u64,
    /// The first record that fails a check, if any.
    pub first_bad: Option<BadSeq>,
}

impl ChainReport {
    /// True when every record passed.
    pub fn is_ok(&self) -> bool {
        self.first_bad.is_none()
    }
}

/// A seq that fails verification and why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BadSeq {
    pub seq: u64,
    /// Written for a person, without the seq (the [`fmt::Display`] form
    /// is "seq N: reason").
    pub reason: String,
}

impl fmt::Display for BadSeq {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "seq {}: {}", self.seq, self.reason)
    }
}

/// Checks a match's log: `records` are `(seq from the storage key, the
/// decoded record or why it does not decode)`, in storage order.
///
/// For each record, in order: its seq is the next one (0, 1, 2 … with no gap
/// or repeat); it decodes; the envelope's seq and match id are the key's; its
/// `prev_hash` is the previous record's hash ([`GENESIS`] for seq 0); its
/// hash is `chain_hash(prev_hash, canonical_bytes(envelope))`; its key id is
/// in `keys`; its signature verifies strictly over the hash. Stops at the
/// first failure. Never panics.
pub fn verify_chain(
    match_id: &MatchId,
    records: &[(u64, Result<Sealed, String>)],
    keys: &Keyring,
) -> ChainReport {
    verify_chain_from(match_id, 0, GENESIS, records, keys)
}

/// [`verify_chain`] for the part of a log from seq `first` on, whose
/// previous event hashed to `prev` (checked before): what a cache of a
/// verified match checks when events were appended to it. The report
/// counts the events before `first` as examined.
pub fn verify_chain_from(
    match_id: &MatchId,
    first: u64,
    prev: Hash,
    records: &[(u64, Result<Sealed, String>)],
    keys: &Keyring,
) -> ChainReport {
    let events = first + records.len() as u64;
    let mut prev = prev;
    for (expected, (seq, record)) in (first..).zip(records) {
        let checked = check_record(match_id, expected, *seq, record, &prev, keys);
        match checked {
            Ok(hash) => prev = hash,
            Err(bad) => {
                return ChainReport {
                    events,
                    first_bad: Some(bad),
                }
            }
        }
    }
    ChainReport {
        events,
        first_bad: None,
    }
}

/// One record's checks; its hash when they all pass.
fn check_record(
    match_id: &MatchId,
    expected: u64,
    seq: u64,
    record: &Result<Sealed, String>,
    prev: &Hash,
    keys: &Keyring,
) -> Result<Hash, BadSeq> {
    let bad = |seq: u64, reason: String| BadSeq { seq, reason };
    if seq > expected {
        return Err(bad(
            expected,
            format!("gap: expected seq {expected}, found {seq} (events are missing)"),
        ));
    }
    if seq < expected {
        return Err(bad(
            expected,
            format!("out of order: expected seq {expected}, found seq {seq} again"),
        ));
    }
    let sealed = record.as_ref().map_err(|e| {
        bad(
            seq,
            format!("the stored record cannot be read ({e}); it was damaged after it was recorded"),
        )
    })?;
    let env = &sealed.envelope;
    if env.seq != seq {
        return Err(bad(
            seq,
            format!(
                "the event says it is seq {} but it is stored as seq {seq} \
                 (it was altered or moved after it was recorded)",
                env.seq
            ),
        ));
    }
    if &env.match_id != match_id {
        return Err(bad(
            seq,
            format!(
                "the event belongs to match '{}', not '{match_id}' \
                 (it was altered or moved after it was recorded)",
                env.match_id
            ),
        ));
    }
    if &sealed.prev_hash != prev {
        let why = if seq == 0 {
            "the previous hash of the first event is not the genesis hash of all zeroes \
             (the chain was altered)"
                .to_string()
        } else {
            format!(
                "the previous hash does not match the hash of seq {} \
                 (the chain is broken: an event was altered, removed or inserted)",
                seq - 1
            )
        };
        return Err(bad(seq, why));
    }
    let canonical = try_canonical_bytes(env).map_err(|e| bad(seq, e))?;
    if chain_hash(&sealed.prev_hash, &canonical) != sealed.hash {
        return Err(bad(
            seq,
            "the stored hash does not match the event's bytes \
             (the event was altered after it was recorded)"
                .to_string(),
        ));
    }
    let key = keys.get(&sealed.key_id).ok_or_else(|| {
        bad(
            seq,
            format!(
                "signed with key {}, which this arbiter does not know \
                 (add its public key to check the signature)",
                sealed.key_id
            ),
        )
    })?;
    let signature = Signature::from_slice(&sealed.signature).map_err(|_| {
        bad(
            seq,
            format!(
                "the signature is malformed ({} bytes, expected 64)",
                sealed.signature.len()
            ),
        )
    })?;
    key.verify_strict(&sealed.hash, &signature).map_err(|_| {
        bad(
            seq,
            format!(
                "the signature does not verify with key {} \
                 (the hash or the signature was altered after it was recorded)",
                sealed.key_id
            ),
        )
    })?;
    Ok(sealed.hash)
}

#[cfg(test)]
mod tests;
