//! The server's signing key as the sled store finds it when it opens:
//! this store's own key, a key to make (a store that never signed), or a
//! key it must not sign with — missing, damaged, or one that never signed
//! here — and why.
//!
//! Why a store that has signed never makes or takes a key quietly: a lost
//! `server.key` made anew, or one flipped digit that still reads as a key,
//! would sign on as if nothing had happened, and every receipt after it
//! would name a key nobody kept. Only `arbiter keys rotate` starts a new
//! key on purpose. Reading needs no secret (events verify with the public
//! keys the store keeps), so a command that reads opens with a stand-in
//! that never signs, and says why ([`EventStore::unusable_key`]).
//!
//! Only the key file, `log/seal` and the store's `keys` tree; nothing above
//! `log/`.
//!
//! [`EventStore::unusable_key`]: super::EventStore::unusable_key

use std::io;
use std::path::Path;

use super::super::checkpoint::Checkpoint;
use super::super::merkle;
use super::super::seal::Recorder;
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
        let new = SledStore::open_as(dir, KeyUse::MakeNew)?.recorder.key_id();
        Ok((old, new))
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

/// The ids of the keys that have signed in this store (its `keys` tree).
pub(super) fn published(keys: &sled::Tree) -> Vec<String> {
    keys.iter()
        .keys()
        .filter_map(|id| id.ok())
        .map(|id| String::from_utf8_lossy(&id).into_owned())
        .collect()
}

/// The key in `path`, for `key_use`, against the ids of the keys that have
/// signed here.
pub(super) fn find(
    path: &Path,
    published: &[String],
    key_use: KeyUse,
) -> Result<Signer, StoreError> {
    let ours = match Recorder::read_key_file(path) {
        Ok(Some(recorder)) => known(path, recorder, published),
        Ok(None) if published.is_empty() || key_use == KeyUse::MakeNew => {
            let made = Recorder::create_key_file(path);
            return made
                .map(|recorder| Signer {
                    recorder,
                    cannot_sign: None,
                })
                .map_err(|e| StoreError::Io(e.to_string()));
        }
        Ok(None) => Err(format!(
            "the signing key {} is missing, but this store has signed with {}. Restore \
             server.key from your copy of it (a backup does not hold it); to sign with a new \
             key from now on instead, run `arbiter keys rotate` (what the old key signed keeps \
             verifying)",
            path.display(),
            keys_named(published)
        )),
        Err(e) => Err(e.to_string()),
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

/// `recorder` when it is a key that signed here (or nothing did yet).
fn known(path: &Path, recorder: Recorder, published: &[String]) -> Result<Recorder, String> {
    let id = recorder.key_id();
    if published.is_empty() || published.contains(&id) {
        return Ok(recorder);
    }
    Err(format!(
        "the signing key {} (key {id}) never signed in this store, which has signed with {}: \
         the file was damaged or replaced. Restore this store's server.key from your copy of \
         it; to sign with a new key from now on instead, run `arbiter keys rotate` (what the \
         old keys signed keeps verifying)",
        path.display(),
        keys_named(published)
    ))
}

/// "key a1b2…" or "keys a1b2…, c3d4…".
fn keys_named(ids: &[String]) -> String {
    match ids {
        [one] => format!("key {one}"),
        _ => format!("keys {}", ids.join(", ")),
    }
}
