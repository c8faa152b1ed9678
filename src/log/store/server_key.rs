//! The server's signing key as the sled store finds it when it opens:
//! this store's own key, a key to make (a store that never signed), or a
//! key it must not sign with — missing, damaged, one that never signed
//! here, or one `keys rotate` retired — and why.
//!
//! Why a store that has signed never makes or takes a key quietly: a lost
//! `server.key` made anew, or one flipped digit that still reads as a key,
//! would sign on as if nothing had happened, and every receipt after it
//! would name a key nobody kept. Only `arbiter keys rotate` starts a new
//! key on purpose. Reading needs no secret (events verify with the public
//! keys the store keeps), so a command that reads opens with a stand-in
//! that never signs, and says why ([`EventStore::unusable_key`]). A store
//! that never signed is told from one whose database was lost (an empty
//! one in its place) by the witness journal beside it: its lines name the
//! keys that signed, and a key made anew would leave them uncheckable.
//!
//! Only the key file, `log/seal`, the store's `keys` and `retired` trees
//! and the journal's key ids; nothing above `log/`.
//!
//! [`EventStore::unusable_key`]: super::EventStore::unusable_key

use std::collections::{BTreeMap, BTreeSet};
use std::io;
use std::path::{Path, PathBuf};

use super::super::checkpoint::Checkpoint;
use super::super::merkle;
use super::super::seal::Recorder;
use super::super::witness;
use super::{io_error, there, EventStore, SledStore, StoreError};
use crate::event::MatchId;

impl SledStore {
    /// `keys rotate` for the store in `dir`: moves `server.key` aside (as
    /// `server.key.retired-<key id>` when it is this store's key, else as
    /// `server.key.unusable-<unix time>`), makes a new key and publishes
    /// it. Returns (the old key id when it was this store's, the new one).
    pub fn rotate_key(dir: &Path) -> Result<(Option<String>, String), StoreError> {
        let dir = there(dir)?;
        // Closed before the key moves: sled lets one handle at a time in.
        let old = {
            let store = SledStore::open_as(dir, KeyUse::Read)?;
            store.cannot_sign.is_none().then(|| store.recorder.key_id())
        };
        let key = dir.join("server.key");
        let aside = match &old {
            Some(id) => dir.join(format!("server.key.retired-{id}")),
            // Never over an earlier one: it may be the key someone wants.
            None => {
                let now = chrono::Utc::now().timestamp();
                (1..)
                    .map(|n| match n {
                        1 => dir.join(format!("server.key.unusable-{now}")),
                        _ => dir.join(format!("server.key.unusable-{now}-{n}")),
                    })
                    .find(|aside| !aside.exists())
                    .expect("a free name")
            }
        };
        match std::fs::rename(&key, &aside) {
            Ok(()) => {}
            Err(e) if e.kind() == io::ErrorKind::NotFound && old.is_none() => {}
            Err(e) => {
                return Err(StoreError::Io(format!(
                    "cannot move {} aside to {}: {e}",
                    key.display(),
                    aside.display()
                )))
            }
        }
        let store = SledStore::open_as(dir, KeyUse::MakeNew)?;
        if let Some(id) = &old {
            // Put back later, the old key is refused by name.
            let when = chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Secs, true);
            let retired = store.db.open_tree("retired").map_err(io_error)?;
            retired
                .insert(id.as_bytes(), when.as_bytes())
                .map_err(io_error)?;
            store.db.flush().map_err(io_error)?;
        }
        Ok((old, store.recorder.key_id()))
    }

    /// Match `id`'s checkpoint from a store that may not sign: the
    /// witness's last receipt of it, signed when it was acknowledged, when
    /// that receipt is of every event the match holds.
    pub(super) fn witnessed_checkpoint(&self, id: &MatchId) -> Result<Checkpoint, StoreError> {
        let (size, _) = self
            .head(id)?
            .ok_or_else(|| StoreError::NotFound(id.to_string()))?;
        let hashes: Vec<_> = self.events(id)?.iter().map(|s| s.hash).collect();
        let root = merkle::root(&merkle::leaves(&hashes));
        let journal = self.journal()?;
        match journal.receipts.get(id.as_str()) {
            Some(r) if r.size == size && r.size == hashes.len() as u64 && r.root == root => {
                Ok(r.clone())
            }
            _ => Err(StoreError::Io(format!(
                "not signed: the witness holds no receipt of match {id} as it stands, and {}",
                self.cannot_sign
                    .as_deref()
                    .unwrap_or("this store may not sign")
            ))),
        }
    }

    /// [`StoreError::Io`] saying why, when this store may not sign.
    pub(super) fn may_sign(&self) -> Result<(), StoreError> {
        match &self.cannot_sign {
            None => Ok(()),
            Some(why) => Err(StoreError::Io(format!("not signed: {why}"))),
        }
    }

    /// Records the recorder's public key in `keys` (once).
    pub(super) fn register_key(&self) -> Result<(), StoreError> {
        let id = self.recorder.key_id();
        let public = self.recorder.verifying_key().to_bytes();
        let previous = self
            .keys
            .compare_and_swap(id.as_bytes(), None::<&[u8]>, Some(&public[..]))
            .map_err(io_error)?;
        match previous {
            Ok(()) => {
                self.db.flush().map_err(io_error)?;
                Ok(())
            }
            Err(cas) if cas.current.as_deref() == Some(&public[..]) => Ok(()),
            Err(_) => Err(StoreError::Io(format!(
                "the keys tree holds a different public key under this server's key id {id}; \
                 the database was altered: restore it from a backup"
            ))),
        }
    }
}

/// What the store opens its key for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum KeyUse {
    /// To sign: the key must be this store's (or the store has never
    /// signed, and a missing key is made).
    Sign,
    /// To read: a key that cannot sign here is replaced by a stand-in.
    Read,
    /// `keys rotate`, after the old key file was moved aside: a missing key
    /// is made whatever the store signed before.
    MakeNew,
}

/// The key the store opens with, and why it may not sign with it when it
/// may not (then it is a stand-in nobody published).
pub(super) struct Signer {
    pub(super) recorder: Recorder,
    pub(super) cannot_sign: Option<String>,
}

/// What the store knows of the keys that signed in it, against which the
/// key file is judged.
pub(super) struct KeyHistory {
    /// The ids of the keys published in the `keys` tree.
    published: Vec<String>,
    /// The ids `keys rotate` retired, with when (the `retired` tree).
    retired: BTreeMap<String, String>,
    /// The key ids the witness journal's lines name, read without checking
    /// them, when nothing is published: a database that lost its keys (a
    /// new one in place of a lost one) beside a journal that signed.
    journal: BTreeSet<String>,
    /// The journal's path, for messages.
    journal_path: PathBuf,
}

impl KeyHistory {
    /// The history of the store in `dir`, from its `keys` and `retired`
    /// trees (and its witness journal when the trees are empty).
    pub(super) fn read(dir: &Path, keys: &sled::Tree, retired: &sled::Tree) -> KeyHistory {
        let ids = |tree: &sled::Tree| -> Vec<(String, String)> {
            tree.iter()
                .filter_map(|entry| entry.ok())
                .map(|(id, value)| {
                    let text = |bytes: &[u8]| String::from_utf8_lossy(bytes).into_owned();
                    (text(&id), text(&value))
                })
                .collect()
        };
        let published: Vec<String> = ids(keys).into_iter().map(|(id, _)| id).collect();
        let journal = match published.is_empty() {
            true => witness::key_ids_named(dir),
            false => BTreeSet::new(),
        };
        KeyHistory {
            published,
            retired: ids(retired).into_iter().collect(),
            journal,
            journal_path: dir.join(witness::FILE),
        }
    }

    /// Whether a missing key may be made: the store never signed (and no
    /// journal says it did), or `keys rotate` set the old key aside.
    fn may_make(&self, key_use: KeyUse) -> bool {
        match key_use {
            KeyUse::MakeNew => !self.published.is_empty() || self.journal.is_empty(),
            KeyUse::Sign | KeyUse::Read => self.published.is_empty() && self.journal.is_empty(),
        }
    }

    /// Why the database cannot be this directory's when it holds no keys
    /// but the journal beside it was signed.
    fn lost(&self, db: &Path) -> String {
        format!(
            "the database {} holds no signing keys, but the witness journal {} holds \
             receipts signed by {}: the database was lost (an empty one is in its place). \
             Restore the data directory from a backup; to start a new, empty store here \
             instead, first move the witness journal aside",
            db.display(),
            self.journal_path.display(),
            keys_named(&self.journal.iter().cloned().collect::<Vec<_>>())
        )
    }
}

/// The key in `path`, for `key_use`, against the keys that have signed in
/// the store whose database is `db`.
pub(super) fn find(
    path: &Path,
    db: &Path,
    history: &KeyHistory,
    key_use: KeyUse,
) -> Result<Signer, StoreError> {
    let ours = match Recorder::read_key_file(path) {
        Ok(Some(recorder)) => known(path, db, recorder, history),
        Ok(None) if history.may_make(key_use) => {
            let made = Recorder::create_key_file(path);
            return made
                .map(|recorder| Signer {
                    recorder,
                    cannot_sign: None,
                })
                .map_err(|e| StoreError::Io(e.to_string()));
        }
        Ok(None) if history.published.is_empty() => Err(history.lost(db)),
        Ok(None) => Err(format!(
            "the signing key {} is missing, but this store has signed with {}. Restore \
             server.key from your copy of it (a backup does not hold it); to sign with a new \
             key from now on instead, run `arbiter keys rotate` (what the old key signed keeps \
             verifying)",
            path.display(),
            keys_named(&history.published)
        )),
        Err(e) if history.published.is_empty() => Err(e.to_string()),
        Err(e) => Err(format!(
            "{e} (what {} signed keeps verifying)",
            keys_named(&history.published)
        )),
    };
    match (ours, key_use) {
        (Ok(recorder), _) => Ok(Signer {
            recorder,
            cannot_sign: None,
        }),
        (Err(why), KeyUse::Sign | KeyUse::MakeNew) => Err(StoreError::Io(why)),
        (Err(why), KeyUse::Read) => Ok(Signer {
            recorder: Recorder::generate(),
            cannot_sign: Some(why),
        }),
    }
}

/// `recorder` when it is a key that may sign here: one that signed and was
/// not retired, or any when nothing signed yet.
fn known(
    path: &Path,
    db: &Path,
    recorder: Recorder,
    history: &KeyHistory,
) -> Result<Recorder, String> {
    let id = recorder.key_id();
    if let Some(when) = history.retired.get(&id) {
        let current: Vec<String> = history
            .published
            .iter()
            .filter(|p| !history.retired.contains_key(*p))
            .cloned()
            .collect();
        return Err(format!(
            "the signing key {} is key {id}, which `arbiter keys rotate` retired on {when}: a \
             retired key no longer signs here (what it signed keeps verifying). Put this \
             store's current key ({}) back in server.key from your copy of it, or run \
             `arbiter keys rotate` to sign with a new key",
            path.display(),
            keys_named(&current)
        ));
    }
    if history.published.contains(&id) {
        return Ok(recorder);
    }
    if history.published.is_empty() {
        return match history.journal.is_empty() || history.journal.contains(&id) {
            true => Ok(recorder),
            false => Err(history.lost(db)),
        };
    }
    Err(format!(
        "the signing key {} (key {id}) never signed in this store, which has signed with {}: \
         the file was damaged or replaced. Restore this store's server.key from your copy of \
         it; to sign with a new key from now on instead, run `arbiter keys rotate` (what the \
         old keys signed keeps verifying)",
        path.display(),
        keys_named(&history.published)
    ))
}

/// "key a1b2…" or "keys a1b2…, c3d4…".
fn keys_named(ids: &[String]) -> String {
    match ids {
        [one] => format!("key {one}"),
        _ => format!("keys {}", ids.join(", ")),
    }
}
