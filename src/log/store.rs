//! Where the log is kept: an append-only event store over sled.
//!
//! The one rule: an event is acknowledged only once it is sealed, written
//! with its match's head after it, flushed to disk and witnessed. The head
//! (`next seq ‖ last hash`) is the commit point: a match is what lies below
//! its head, and records past it (an append a crash cut off) are not read
//! and are written over (see [`appending`] for why this order is safe and
//! what it saves). It is also what makes appends safe under concurrency:
//! [`EventStore::append`] names the seq it expects to write, and an append
//! that finds the head has moved on fails with [`StoreError::Conflict`]
//! instead of writing, so two writers that raced never both think they
//! won.
//!
//! Layout (all integers big-endian):
//!
//! - `events`: `match id ‖ 0x00 ‖ seq (u64)` → `[FORMAT_VERSION] ‖ bincode
//!   of Sealed` with [`seal::CONFIG`]. Keys sort by match then seq; match ids
//!   never contain 0x00, so one match's prefix never covers another's.
//! - `heads`: `match id` → `next seq (u64) ‖ hash of the last event`.
//! - `frontiers`: `match id` → the Merkle tree's right frontier
//!   ([`merkle::Frontier`]), written just before the head, so a receipt
//!   costs O(log n) whatever the match's length. One of another size than
//!   the head's (a match stored before frontiers, an append cut off) is
//!   rebuilt from the log at the next append.
//! - `keys`: `key id` → public key bytes, for every key that ever signed here,
//!   so events signed before a key change still verify.
//! - `tokens`: `sha256(token)` in hex → the [`Identity`] it speaks for (JSON;
//!   before roles, only when it was made); never the token.
//!
//! Nothing here overwrites or removes an event below a head, and there is
//! no API to.
//! Stored bytes are never trusted: a record is decoded with a size limit and
//! must re-encode to exactly the stored bytes, so a flipped byte shows up as
//! [`StoreError::Corrupt`] or in [`EventStore::verify`], never as a panic.
//!
//! Must not import anything above `log/` (a game, a page, the importer, the
//! verifier, the replay, bundles or samples): the log stores and seals, and
//! knows no game.

use std::collections::HashMap;
use std::io;
use std::path::Path;

use ed25519_dalek::VerifyingKey;

use super::checkpoint::Checkpoint;
use super::merkle::Frontier;
use super::seal::{self, ChainReport, Hash, Keyring, Recorder, Sealed};
use super::token::Identity;
use super::transcript::Piece;
use super::witness::{self, Witness};
use crate::event::{MatchId, NewEvent};

/// The largest record the store decodes (16 MiB): a corrupt length prefix
/// must not make the decoder allocate without bound. [`SledStore::append`]
/// checks that every record it writes decodes within this limit.
pub const MAX_RECORD_BYTES: usize = 16 << 20;

/// What can go wrong with the store.
#[derive(thiserror::Error, Debug)]
pub enum StoreError {
    #[error(
        "the match has moved on: you expected seq {expected} but the next seq is {actual}; \
         reload and try again"
    )]
    Conflict {
        match_id: String,
        expected: u64,
        actual: u64,
    },
    #[error("there is no match '{0}'")]
    NotFound(String),
    #[error("the match id '{0}' is already used; choose another")]
    Exists(String),
    #[error("the stored log is damaged at seq {seq}: {reason}; run `arbiter verify` for details")]
    Corrupt { seq: u64, reason: String },
    #[error("{0}")]
    Locked(String),
    #[error("storage error: {0}")]
    Io(String),
    /// The database cannot be reached now (a lost connection, a server
    /// restarting): nothing was written; the same request can be retried.
    #[error("{0}")]
    Unavailable(String),
}

/// An append-only store of sealed match logs.
pub trait EventStore: Send + Sync {
    /// Appends `event` to match `id` as seq `expected_seq`: fills in the
    /// match id, the seq and `recorded_at` (now), seals it with the store's
    /// recorder and writes it; returns once it is flushed to disk.
    ///
    /// `expected_seq` 0 creates the match. When the match's next seq is not
    /// `expected_seq` nothing is written and the error is
    /// [`StoreError::Conflict`] (also for 0 on an existing match), or
    /// [`StoreError::NotFound`] when the match does not exist.
    fn append(
        &self,
        id: &MatchId,
        expected_seq: u64,
        event: NewEvent,
    ) -> Result<Sealed, StoreError> {
        let mut sealed = self.append_all(id, expected_seq, vec![event])?;
        sealed
            .pop()
            .ok_or_else(|| StoreError::Io("not recorded: nothing to append".into()))
    }

    /// Appends `events` at `expected_seq` onward, all of them or none (one
    /// transaction): a create with its events, an import, the samples. A
    /// crash or a conflict leaves no part of them stored.
    fn append_all(
        &self,
        id: &MatchId,
        expected_seq: u64,
        events: Vec<NewEvent>,
    ) -> Result<Vec<Sealed>, StoreError>;

    /// Every event of match `id` in seq order. [`StoreError::NotFound`] when
    /// it has none; [`StoreError::Corrupt`] when a record cannot be read or
    /// is out of place.
    fn events(&self, id: &MatchId) -> Result<Vec<Sealed>, StoreError>;

    /// Match `id`'s records from seq `from` up to (not including) `upto`,
    /// the head's next seq as the caller read it, in storage order, each
    /// decoded or with why it does not decode, unchecked: a cache of a
    /// verified match checks them with [`seal::verify_chain_from`] against
    /// the hash it holds, so an append costs a read of the new events, not
    /// of the whole log. Empty when the match has no event from `from`.
    fn events_after(
        &self,
        id: &MatchId,
        from: u64,
        upto: u64,
    ) -> Result<Vec<DecodedRecord>, StoreError>;

    /// [`EventStore::events`] and [`EventStore::verify`] together, from one
    /// read of the log where the store can.
    fn events_verified(&self, id: &MatchId) -> Result<(Vec<Sealed>, ChainReport), StoreError> {
        let events = self.events(id)?;
        Ok((events, self.verify(id)?))
    }

    /// Match `id`'s first event (its Create) alone, without reading the
    /// rest of its log; `None` when the match has none.
    fn first_event(&self, id: &MatchId) -> Result<Option<Sealed>, StoreError>;

    /// The ids of all matches, sorted.
    fn matches(&self) -> Result<Vec<MatchId>, StoreError>;

    /// Re-checks match `id`'s whole chain from the raw stored bytes.
    /// Damage is reported in the [`ChainReport`], not as an error.
    fn verify(&self, id: &MatchId) -> Result<ChainReport, StoreError>;

    /// Every public key that ever signed in this store.
    fn keyring(&self) -> Keyring;

    /// Accepts `token` for writing as `who` from now on (only its hash is
    /// kept).
    fn add_token(&self, token: &str, who: &Identity) -> Result<(), StoreError>;

    /// The person `token` speaks for; `None` for a token never added or
    /// revoked.
    fn token_identity(&self, token: &str) -> Result<Option<Identity>, StoreError>;

    /// The key id the store signs new events with.
    fn recorder_key_id(&self) -> String;

    /// Why this server's key file may not sign here — missing, damaged, or
    /// a key that never signed in this store — when a command that reads
    /// opened the store without it; `None` when it may sign, or when the
    /// store does not judge key files (one database, many servers' keys).
    fn unusable_key(&self) -> Option<String> {
        None
    }

    /// The signed checkpoint of match `id` as it stands: its size and
    /// Merkle root, signed with the current key (the receipt of the last
    /// append). [`StoreError::NotFound`] for an unknown match.
    fn checkpoint(&self, id: &MatchId) -> Result<Checkpoint, StoreError>;

    /// The witness journal's bytes as they are now (for a backup).
    fn witness_journal(&self) -> Result<Vec<u8>, StoreError>;

    /// Match `id`'s head: how many events it holds and the hash of the
    /// last; `None` for an unknown match. One small read, so a cache keyed
    /// by it can check it is current on every request.
    fn head(&self, id: &MatchId) -> Result<Option<(u64, Hash)>, StoreError>;

    /// Every match with its head (`None` where the head does not read), in
    /// id order: what a listing checks its caches against, in one read
    /// where the store can.
    fn heads(&self) -> Result<MatchHeads, StoreError> {
        Ok(self
            .matches()?
            .into_iter()
            .map(|id| {
                let head = self.head(&id).ok().flatten();
                (id, head)
            })
            .collect())
    }

    /// Where the log lives, for messages: a data directory, or a database
    /// address without its password.
    fn location(&self) -> String;

    /// The witness: the receipt of each match's last acknowledged append,
    /// read back and checked (the journal file beside sled; the
    /// checkpoints table in PostgreSQL).
    fn journal(&self) -> Result<witness::Journal, StoreError>;

    /// Match `id`'s log against what the witness says was acknowledged: a
    /// loss or a difference names the match, the seqs and the journal line;
    /// damaged journal lines are listed apart.
    fn check_witness(&self, id: &MatchId) -> Result<WitnessCheck, StoreError> {
        let journal = self.journal()?;
        witnessing::check_against(self, &journal, id)
    }

    /// Every witnessed match against the store: the damage found, one line
    /// each (empty when the store holds everything acknowledged). The
    /// server runs it on open and takes no writes while it finds any.
    fn witnessed_damage(&self) -> Result<Vec<Damage>, StoreError> {
        witnessing::damage(self, &self.journal()?)
    }

    /// Witnesses what the store holds beyond its last witness line (a tail
    /// a crash left between storing and witnessing); one line per match
    /// witnessed. Nothing to do where the witness is written in the same
    /// transaction as the events (PostgreSQL).
    fn witness_unwitnessed(&self) -> Result<Vec<String>, StoreError> {
        Ok(Vec::new())
    }

    /// Compacts the witness when it has grown long; (lines before, after).
    fn compact_witness(&mut self) -> Result<Option<(usize, usize)>, StoreError> {
        Ok(None)
    }

    /// What an operator should know about the store when a server starts
    /// (PostgreSQL's data checksums off, say); none for sled.
    fn cautions(&self) -> Vec<String> {
        Vec::new()
    }

    /// Checks every match the store or its witness knows of, for damage
    /// alone (`arbiter verify --all`).
    fn audit(&self) -> Result<Audit, StoreError>;

    /// The write tokens: (id, whom it speaks for). The id is the start of
    /// the token's hash, which is all the store keeps.
    fn tokens(&self) -> Result<Vec<(String, Identity)>, StoreError> {
        Ok(self
            .token_records()?
            .into_iter()
            .map(|(hash, record)| {
                let id: String = hash.chars().take(12).collect();
                let who = Identity::decode(&id, &record);
                (id, who)
            })
            .collect())
    }

    /// Revokes the token given by its value or by its id (at least 8
    /// characters of it, as `keys list` shows); returns its id.
    fn revoke_token(&self, which: &str) -> Result<String, StoreError>;

    /// Every token as stored: (sha256 of the token in hex, the identity
    /// record's bytes), for copying a store.
    fn token_records(&self) -> Result<Vec<(String, Vec<u8>)>, StoreError>;

    /// Stores a token record exactly as [`EventStore::token_records`] gave
    /// it.
    fn put_token_record(&self, hash: &str, record: &[u8]) -> Result<(), StoreError>;

    /// Stores match `id` exactly as `events` were sealed elsewhere (a
    /// backup's bundle, another store): the same bytes, hashes and
    /// signatures, each checked against `keys` (which are published here,
    /// so they keep verifying), then witnessed. When the store already
    /// holds a beginning of them (the same hashes), only the rest is added;
    /// when it holds anything else under `id`, [`StoreError::Exists`].
    fn adopt(
        &self,
        id: &MatchId,
        events: &[Sealed],
        keys: &[(String, [u8; 32])],
    ) -> Result<(), StoreError>;

    /// Keeps match `id`'s transcript pieces, sealed by its Create with
    /// `root` (hex), beside its log: put before the Create is appended, put
    /// again whole by a redaction; what a replaced version held is gone
    /// from the store's files once this returns.
    fn put_transcript(&self, id: &MatchId, root: &str, pieces: &[Piece]) -> Result<(), StoreError>;

    /// The pieces kept for match `id` under `root`, if any.
    fn transcript(&self, id: &MatchId, root: &str) -> Result<Option<Vec<Piece>>, StoreError>;

    /// Forgets pieces no Create sealed (an import whose append failed).
    fn drop_transcript(&self, id: &MatchId, root: &str) -> Result<(), StoreError>;
}

/// Every match with its head (`None` where it does not read), in id order.
pub type MatchHeads = Vec<(MatchId, Option<(u64, Hash)>)>;

/// A stored record read: `(seq from its key, the event or why it cannot be
/// read)`, as [`seal::verify_chain`] checks it.
pub type DecodedRecord = (u64, Result<Sealed, String>);

/// The sled-backed [`EventStore`]. One process at a time: sled locks the
/// database, and a second open fails with [`StoreError::Locked`].
pub struct SledStore {
    db: sled::Db,
    /// The database's folder, for errors that name it.
    db_path: std::path::PathBuf,
    /// The data directory (the witness journal and the key live there).
    dir: std::path::PathBuf,
    /// The journal of acknowledged appends, outside sled.
    witness: Witness,
    events: sled::Tree,
    heads: sled::Tree,
    keys: sled::Tree,
    tokens: sled::Tree,
    frontiers: sled::Tree,
    recorder: Recorder,
    /// Why `recorder` is a stand-in that must not sign (the store was
    /// opened to read, and `server.key` is missing, damaged or not this
    /// store's); `None` when it is this store's key.
    cannot_sign: Option<String>,
    /// The receipt of each match's last append made here, by the head it
    /// is the receipt of: the witness journal holds the same, and
    /// [`EventStore::checkpoint`] gives it again without signing anew.
    receipts: std::sync::Mutex<HashMap<String, (Hash, Checkpoint)>>,
    /// The locks appends take turns under ([`appending`]).
    turns: Vec<std::sync::Mutex<()>>,
    /// Group commit of appends ([`appending`]).
    commits: appending::Commits,
    /// The matches' transcripts, as files beside the database.
    shelf: shelf::Shelf,
    /// What the witness acknowledged when the store opened to sign.
    acknowledged: witnessing::Acknowledged,
}

/// How many matches' last receipts a store keeps at most; past it they
/// are forgotten (and signed again when asked for).
const RECEIPTS_KEPT: usize = 4096;

impl std::fmt::Debug for SledStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SledStore")
            .field("recorder", &self.recorder)
            .finish_non_exhaustive()
    }
}

impl SledStore {
    /// Opens the store in `dir` only when one is there: a command that
    /// reads (`verify`, `export`) must not make an empty store, and a key,
    /// in a mistyped directory. It reads whatever `server.key` holds, with
    /// a stand-in key that never signs when that one may not
    /// ([`EventStore::unusable_key`]).
    pub fn open_existing(dir: &Path) -> Result<SledStore, StoreError> {
        SledStore::open_as(there(dir)?, KeyUse::Read)
    }

    /// Opens (creating when needed) the store in `dir`: the database in
    /// `dir/sled`, the signing key in `dir/server.key`. A store that has
    /// signed opens only with a key that signed in it ([`server_key`]).
    pub fn open(dir: &Path) -> Result<SledStore, StoreError> {
        SledStore::open_as(dir, KeyUse::Sign)
    }

    fn open_as(dir: &Path, key_use: KeyUse) -> Result<SledStore, StoreError> {
        std::fs::create_dir_all(dir).map_err(|e| {
            StoreError::Io(format!(
                "cannot create the data directory {}: {e}",
                dir.display()
            ))
        })?;
        let db_path = dir.join("sled");
        let fresh = !db_path.exists();
        // Open the database first: its lock keeps a second process from
        // racing us to create the key.
        let db = open_sled(&db_path).map_err(|e| open_error(&db_path, e))?;
        let tree = |name: &str| db.open_tree(name).map_err(io_error);
        let (events, heads, keys) = (tree("events")?, tree("heads")?, tree("keys")?);
        let (tokens, frontiers) = (tree("tokens")?, tree("frontiers")?);
        let history = server_key::KeyHistory::read(dir, &keys, &tree("retired")?);
        let key_path = dir.join("server.key");
        let Signer {
            recorder,
            cannot_sign,
        } = match server_key::find(&key_path, &db_path, &history, key_use) {
            Ok(signer) => signer,
            // A refused key leaves no empty database behind to be taken
            // for this directory's store.
            Err(e) => {
                if fresh {
                    drop((events, heads, keys, tokens, frontiers, db));
                    let _ = std::fs::remove_dir_all(&db_path);
                }
                return Err(e);
            }
        };
        keep_private(dir);
        let witness = Witness::open(dir).map_err(|e| {
            StoreError::Io(format!(
                "cannot open the witness journal in {}: {e}",
                dir.display()
            ))
        })?;
        let mut store = SledStore {
            db,
            db_path,
            dir: dir.to_path_buf(),
            witness,
            events,
            heads,
            keys,
            tokens,
            frontiers,
            recorder,
            cannot_sign,
            receipts: Default::default(),
            turns: appending::turns(),
            commits: Default::default(),
            shelf: shelf::Shelf::in_data(dir),
            acknowledged: Default::default(),
        };
        if store.cannot_sign.is_none() {
            store.register_key()?;
            store.acknowledged = witnessing::Acknowledged::read(dir, &store.keyring());
        }
        Ok(store)
    }
}

impl EventStore for SledStore {
    fn append_all(
        &self,
        id: &MatchId,
        expected_seq: u64,
        new_events: Vec<NewEvent>,
    ) -> Result<Vec<Sealed>, StoreError> {
        self.append_sealed(id, expected_seq, new_events)
    }

    fn events(&self, id: &MatchId) -> Result<Vec<Sealed>, StoreError> {
        self.read_events(id)
    }

    fn events_after(
        &self,
        id: &MatchId,
        from: u64,
        upto: u64,
    ) -> Result<Vec<DecodedRecord>, StoreError> {
        self.decoded_records_after(id, from, upto)
    }

    fn events_verified(&self, id: &MatchId) -> Result<(Vec<Sealed>, ChainReport), StoreError> {
        self.read_verified(id)
    }

    fn matches(&self) -> Result<Vec<MatchId>, StoreError> {
        let mut out = Vec::new();
        // Reading a damaged file can make sled panic: that is an error here.
        let keys = unpanicked(&self.db_path, || {
            self.heads.iter().keys().collect::<sled::Result<Vec<_>>>()
        })
        .map_err(io_error)?;
        for key in keys {
            let id = std::str::from_utf8(&key)
                .ok()
                .and_then(|s| MatchId::parse(s).ok())
                .ok_or_else(|| {
                    StoreError::Io(format!(
                        "the database is damaged: the heads tree holds a key that is not a \
                         match id ({}); restore it from a backup",
                        hex::encode(&key)
                    ))
                })?;
            out.push(id);
        }
        // sled iterates in byte order, which is the order of the ids; sort
        // anyway so the contract does not depend on it.
        out.sort();
        Ok(out)
    }

    fn verify(&self, id: &MatchId) -> Result<ChainReport, StoreError> {
        self.read_report(id)
    }

    fn first_event(&self, id: &MatchId) -> Result<Option<Sealed>, StoreError> {
        let raw =
            unpanicked(&self.db_path, || self.events.get(event_key(id, 0))).map_err(io_error)?;
        raw.map(|bytes| {
            decode_record(&bytes).map_err(|reason| StoreError::Corrupt { seq: 0, reason })
        })
        .transpose()
    }

    fn keyring(&self) -> Keyring {
        let mut ring = Keyring::new();
        // A tree sled cannot read (or panics on) publishes no key: every
        // event then fails verification by name, which is the report.
        let entries = unpanicked(&self.db_path, || {
            Ok(self.keys.iter().flatten().collect::<Vec<_>>())
        })
        .unwrap_or_default();
        for (id, public) in entries {
            // A damaged entry is left out: the events it signed then fail
            // verification with "key … is not known", which names them.
            let key = <[u8; 32]>::try_from(&public[..])
                .ok()
                .and_then(|bytes| VerifyingKey::from_bytes(&bytes).ok());
            if let Some(key) = key {
                if seal::key_id(&key).as_bytes() == &id[..] {
                    ring.add(key);
                }
            }
        }
        ring
    }

    fn add_token(&self, token: &str, who: &Identity) -> Result<(), StoreError> {
        self.tokens
            .insert(token_hash(token), who.encode())
            .map_err(io_error)?;
        self.db.flush().map_err(io_error)?;
        Ok(())
    }

    fn token_identity(&self, token: &str) -> Result<Option<Identity>, StoreError> {
        let hash = token_hash(token);
        let record = unpanicked(&self.db_path, || self.tokens.get(&hash)).map_err(io_error)?;
        Ok(record.map(|r| Identity::decode(&hash[..12], &r)))
    }

    fn checkpoint(&self, id: &MatchId) -> Result<Checkpoint, StoreError> {
        if self.cannot_sign.is_some() {
            return self.witnessed_checkpoint(id);
        }
        // The receipt of the last append here, when the head is still its
        // head; else from the head, the frontier and the last event:
        // O(log n). When any of them is missing, damaged or out of step (an
        // append between the reads), from the whole log instead.
        let quick = || -> Option<Checkpoint> {
            let (next, last) = decode_head(&self.heads.get(id.as_str()).ok()??).ok()?;
            if let Some(kept) = self.kept_receipt(id, next, &last) {
                return Some(kept);
            }
            let frontier = Frontier::decode(&self.frontiers.get(id.as_str()).ok()??).ok()?;
            let record = self
                .events
                .get(event_key(id, next.checked_sub(1)?))
                .ok()??;
            let sealed = decode_record(&record).ok()?;
            (frontier.size() == next && sealed.hash == last).then(|| {
                Checkpoint::signed(
                    id.as_str(),
                    next,
                    frontier.root(),
                    sealed.envelope.recorded_at,
                    &self.recorder,
                )
            })
        };
        if let Ok(Some(c)) = unpanicked(&self.db_path, || Ok(quick())) {
            return Ok(c);
        }
        let events = self.events(id)?;
        Ok(Checkpoint::of(id.as_str(), &events, &self.recorder))
    }

    fn recorder_key_id(&self) -> String {
        self.recorder.key_id()
    }

    fn unusable_key(&self) -> Option<String> {
        self.cannot_sign.clone()
    }

    fn head(&self, id: &MatchId) -> Result<Option<(u64, Hash)>, StoreError> {
        let raw = unpanicked(&self.db_path, || self.heads.get(id.as_str())).map_err(io_error)?;
        raw.map(|bytes| {
            decode_head(&bytes).map_err(|reason| StoreError::Corrupt { seq: 0, reason })
        })
        .transpose()
    }

    fn witness_journal(&self) -> Result<Vec<u8>, StoreError> {
        match std::fs::read(self.witness.path()) {
            Ok(bytes) => Ok(super::witness::written(&bytes).to_vec()),
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(Vec::new()),
            Err(e) => Err(StoreError::Io(format!(
                "cannot read the witness journal {}: {e}",
                self.witness.path().display()
            ))),
        }
    }

    fn location(&self) -> String {
        self.dir.display().to_string()
    }

    fn journal(&self) -> Result<witness::Journal, StoreError> {
        witness::read(&self.dir, &self.keyring())
            .map_err(|e| StoreError::Io(format!("cannot read the witness journal: {e}")))
    }

    fn witness_unwitnessed(&self) -> Result<Vec<String>, StoreError> {
        self.witness_tail()
    }

    fn compact_witness(&mut self) -> Result<Option<(usize, usize)>, StoreError> {
        self.compact_journal()
    }

    fn audit(&self) -> Result<Audit, StoreError> {
        self.audit_trees()
    }

    fn revoke_token(&self, which: &str) -> Result<String, StoreError> {
        let hashes = self.token_records()?.into_iter().map(|(h, _)| h);
        let one = tokens::which_token(which, hashes)?;
        self.tokens.remove(one.as_bytes()).map_err(io_error)?;
        self.db.flush().map_err(io_error)?;
        Ok(one.chars().take(12).collect())
    }

    fn token_records(&self) -> Result<Vec<(String, Vec<u8>)>, StoreError> {
        self.tokens
            .iter()
            .map(|item| {
                let (hash, record) = item.map_err(io_error)?;
                Ok((String::from_utf8_lossy(&hash).into_owned(), record.to_vec()))
            })
            .collect()
    }

    fn put_token_record(&self, hash: &str, record: &[u8]) -> Result<(), StoreError> {
        self.tokens.insert(hash, record).map_err(io_error)?;
        self.db.flush().map_err(io_error)?;
        Ok(())
    }

    fn adopt(
        &self,
        id: &MatchId,
        events: &[Sealed],
        keys: &[(String, [u8; 32])],
    ) -> Result<(), StoreError> {
        self.adopt_here(id, events, keys)
    }

    fn put_transcript(&self, id: &MatchId, root: &str, pieces: &[Piece]) -> Result<(), StoreError> {
        self.shelf.put(id, root, pieces)
    }

    fn transcript(&self, id: &MatchId, root: &str) -> Result<Option<Vec<Piece>>, StoreError> {
        self.shelf.get(id, root)
    }

    fn drop_transcript(&self, id: &MatchId, root: &str) -> Result<(), StoreError> {
        self.shelf.drop(id, root)
    }
}

/// How both stores read a match's log back: its records decoded (with its
/// head, read first), and the chain report over them. What
/// [`EventStore::events`], [`EventStore::events_verified`] and
/// [`EventStore::verify`] make of those is written once, here.
trait ReadBack {
    /// A head as the store reads it (or why it does not decode).
    type Head;

    /// Every committed record of match `id`, decoded, and its head as read
    /// before them.
    fn decoded_records(
        &self,
        id: &MatchId,
    ) -> Result<(Vec<DecodedRecord>, Option<Self::Head>), StoreError>;

    /// The chain report of match `id`'s `records` against `head`.
    fn chain_report(
        &self,
        id: &MatchId,
        records: &[DecodedRecord],
        head: Option<Self::Head>,
    ) -> Result<ChainReport, StoreError>;

    /// Match `id`'s events in order; a match with none is not found.
    fn read_events(&self, id: &MatchId) -> Result<Vec<Sealed>, StoreError> {
        let (records, _) = self.decoded_records(id)?;
        if records.is_empty() {
            return Err(StoreError::NotFound(id.to_string()));
        }
        in_order(id, records)
    }

    /// Match `id`'s events and their chain report, from one read.
    fn read_verified(&self, id: &MatchId) -> Result<(Vec<Sealed>, ChainReport), StoreError> {
        let (records, head) = self.decoded_records(id)?;
        if records.is_empty() {
            return Err(StoreError::NotFound(id.to_string()));
        }
        let report = self.chain_report(id, &records, head)?;
        Ok((in_order(id, records)?, report))
    }

    /// Match `id`'s chain report.
    fn read_report(&self, id: &MatchId) -> Result<ChainReport, StoreError> {
        let (records, head) = self.decoded_records(id)?;
        self.chain_report(id, &records, head)
    }
}

/// Compares a verified chain of `events` records (the last with hash `last`)
/// with the match's head, so that events removed from the end are found.
pub(super) fn check_head(
    events: u64,
    last: Option<Hash>,
    head: Option<Result<(u64, Hash), String>>,
) -> Option<seal::BadSeq> {
    let bad = |seq: u64, reason: String| Some(seal::BadSeq { seq, reason });
    match head {
        None => bad(
            0,
            "the match has events but no head record (the database was altered)".to_string(),
        ),
        Some(Err(reason)) => bad(events, format!("the head record is damaged: {reason}")),
        Some(Ok((next, _))) if next > events => bad(
            events,
            format!(
                "missing: {next} events were recorded but only {events} are stored \
                 (events were removed)"
            ),
        ),
        Some(Ok((next, _))) if next < events => bad(
            next,
            format!(
                "only {next} events were recorded but {events} are stored \
                 (events were added outside arbiter)"
            ),
        ),
        Some(Ok((_, hash))) if Some(hash) != last && events > 0 => bad(
            events - 1,
            "the hash of the last event differs from the one recorded in the head \
             (the log was altered)"
                .to_string(),
        ),
        Some(Ok(_)) => None,
    }
}

mod appending;
mod audit;
mod opening;
pub use opening::open_sled;
use opening::{keep_private, open_error, there, unpanicked};
pub mod location;
pub mod postgres;
pub use location::StoreLocation;
mod reading;
mod records;
mod sealing;
mod server_key;
use server_key::{KeyUse, Signer};
mod shelf;
use reading::in_order;
use records::{
    decode_head, decode_record, encode_head, encode_record, event_key, io_error, malformed_key,
    seq_of_key, token_hash,
};
use sealing::{check_expected, seal_new};
mod tokens;
mod witnessing;
pub use {audit::Audit, audit::Standing, witnessing::Damage, witnessing::WitnessCheck};

#[cfg(test)]
mod tests;
