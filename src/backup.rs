//! Backups: every match as its appeal bundle, the witness journal and the
//! public keys — enough to rebuild a store and to prove it is the one that
//! was backed up, and nothing secret.
//!
//! A backup is a directory (or the same files in a tar archive, as
//! `GET /api/backup` sends it):
//!
//! ```text
//! backup.json          what it holds: format, when, keys, each match's size and head
//! witness.log          the witness journal as it was
//! matches/<id>.arb     each match's appeal bundle (`arbiter check-bundle` reads it)
//! ```
//!
//! The server's private key and the write tokens are never in it: the
//! README says how to keep those. [`restore`] checks every bundle's seal
//! (signatures, chain, checkpoint, Merkle root) and compares each with the
//! backup's witness before it writes anything, then stores every event
//! byte for byte, so receipts players kept still check against the
//! restored store.
//!
//! Must not import `web`.

use std::collections::BTreeMap;
use std::io::Read;
use std::path::Path;

use chrono::Utc;
use serde::{Deserialize, Serialize};

use crate::bundle::{self, Bundle};
use crate::log::seal::Keyring;
use crate::log::witness;
use crate::log::{EventStore, MatchId, StoreError};

/// The first line of every `backup.json`'s `format`.
pub const FORMAT: &str = "arbiter-backup v1";

/// The largest backup file read (a bundle's own limit, times a margin).
const MAX_FILE_BYTES: u64 = 1 << 30;

/// A public key as stored: (key id, ed25519 bytes).
type PublicKey = (String, [u8; 32]);

/// `backup.json`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Manifest {
    pub format: String,
    /// When the backup was taken (RFC 3339).
    pub made: String,
    /// Every public key the store published: (key id, hex).
    pub keys: Vec<(String, String)>,
    pub matches: Vec<MatchEntry>,
}

/// One match as backed up.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MatchEntry {
    pub id: String,
    pub events: u64,
    /// The hash of its last event, hex.
    pub head: String,
}

/// A backup in memory.
pub struct Backup {
    pub manifest: Manifest,
    pub witness: Vec<u8>,
    /// Match id → its bundle file's bytes.
    pub bundles: BTreeMap<String, Vec<u8>>,
}

/// Takes a backup of everything `store` holds now. The witness is read
/// first, so every match's bundle holds at least what its witness line
/// says was acknowledged (a match may have grown since: that is no fault).
pub fn take(store: &dyn EventStore) -> Result<Backup, StoreError> {
    let witness = store.witness_journal()?;
    let keys = store
        .keyring()
        .iter()
        .map(|(id, key)| (id.to_string(), key))
        .collect();
    let mut matches = Vec::new();
    let mut bundles = BTreeMap::new();
    for id in store.matches()? {
        let b = Bundle::export(store, &id)?;
        matches.push(MatchEntry {
            id: id.to_string(),
            events: b.events.len() as u64,
            head: b.events.last().map(|s| s.hash_hex()).unwrap_or_default(),
        });
        bundles.insert(id.to_string(), b.to_bytes());
    }
    Ok(Backup {
        manifest: Manifest {
            format: FORMAT.to_string(),
            made: Utc::now().to_rfc3339(),
            keys,
            matches,
        },
        witness,
        bundles,
    })
}

impl Backup {
    /// Each file's path in the backup and its bytes.
    fn files(&self) -> Vec<(String, Vec<u8>)> {
        let manifest = serde_json::to_vec_pretty(&self.manifest).unwrap_or_default();
        let mut out = vec![
            ("backup.json".to_string(), manifest),
            ("witness.log".to_string(), self.witness.clone()),
        ];
        for (id, bytes) in &self.bundles {
            out.push((format!("matches/{id}.arb"), bytes.clone()));
        }
        out
    }

    /// Writes the backup into `dir`, which must be empty or new.
    pub fn write_dir(&self, dir: &Path) -> Result<(), String> {
        let cannot =
            |what: &Path, e: std::io::Error| format!("cannot write {}: {e}", what.display());
        if dir.exists()
            && std::fs::read_dir(dir)
                .map_err(|e| cannot(dir, e))?
                .next()
                .is_some()
        {
            return Err(format!(
                "{} is not empty: give a new directory for each backup",
                dir.display()
            ));
        }
        std::fs::create_dir_all(dir.join("matches")).map_err(|e| cannot(dir, e))?;
        for (name, bytes) in self.files() {
            let path = dir.join(&name);
            std::fs::write(&path, bytes).map_err(|e| cannot(&path, e))?;
        }
        Ok(())
    }

    /// The backup as one tar archive, its files under `top/`.
    pub fn to_tar(&self, top: &str) -> std::io::Result<Vec<u8>> {
        let mut archive = tar::Builder::new(Vec::new());
        for (name, bytes) in self.files() {
            let mut header = tar::Header::new_gnu();
            header.set_size(bytes.len() as u64);
            header.set_mode(0o600);
            header.set_mtime(Utc::now().timestamp().max(0) as u64);
            header.set_cksum();
            archive.append_data(&mut header, format!("{top}/{name}"), bytes.as_slice())?;
        }
        archive.into_inner()
    }

    /// Reads a backup from a directory or a tar archive of one.
    pub fn read(path: &Path) -> Result<Backup, String> {
        let files = if path.is_dir() {
            read_dir_files(path)?
        } else {
            read_tar_files(path)?
        };
        let manifest = files.get("backup.json").ok_or_else(|| {
            format!(
                "{} is not an arbiter backup (no backup.json): give the directory `arbiter backup` wrote, or the archive GET /api/backup sent",
                path.display()
            )
        })?;
        let manifest: Manifest = serde_json::from_slice(manifest)
            .map_err(|e| format!("backup.json does not read ({e}): the backup is damaged"))?;
        if manifest.format != FORMAT {
            return Err(format!(
                "backup.json says '{}', and this arbiter reads '{FORMAT}'",
                manifest.format
            ));
        }
        let mut bundles = BTreeMap::new();
        for (name, bytes) in &files {
            if let Some(id) = name
                .strip_prefix("matches/")
                .and_then(|n| n.strip_suffix(".arb"))
            {
                bundles.insert(id.to_string(), bytes.clone());
            }
        }
        Ok(Backup {
            witness: files.get("witness.log").cloned().unwrap_or_default(),
            manifest,
            bundles,
        })
    }

    fn keyring(&self) -> Result<(Keyring, Vec<PublicKey>), String> {
        let mut ring = Keyring::new();
        let mut keys = Vec::new();
        for (id, public) in &self.manifest.keys {
            let bytes: [u8; 32] = hex::decode(public)
                .ok()
                .and_then(|b| b.try_into().ok())
                .ok_or_else(|| format!("backup.json: key {id} is not a public key"))?;
            let key = ed25519_dalek::VerifyingKey::from_bytes(&bytes)
                .map_err(|_| format!("backup.json: key {id} is not an ed25519 key"))?;
            if ring.add(key) != *id {
                return Err(format!(
                    "backup.json: key {id}'s bytes belong to another id"
                ));
            }
            keys.push((id.clone(), bytes));
        }
        Ok((ring, keys))
    }
}

fn read_dir_files(dir: &Path) -> Result<BTreeMap<String, Vec<u8>>, String> {
    let mut out = BTreeMap::new();
    let read = |p: &Path| std::fs::read(p).map_err(|e| format!("cannot read {}: {e}", p.display()));
    for name in ["backup.json", "witness.log"] {
        let path = dir.join(name);
        if path.exists() {
            out.insert(name.to_string(), read(&path)?);
        }
    }
    let matches = dir.join("matches");
    if matches.is_dir() {
        let entries = std::fs::read_dir(&matches)
            .map_err(|e| format!("cannot read {}: {e}", matches.display()))?;
        for entry in entries {
            let entry = entry.map_err(|e| format!("cannot read {}: {e}", matches.display()))?;
            let name = entry.file_name().to_string_lossy().into_owned();
            out.insert(format!("matches/{name}"), read(&entry.path())?);
        }
    }
    Ok(out)
}

/// The archive's files by their path below the directory that holds
/// `backup.json`.
fn read_tar_files(path: &Path) -> Result<BTreeMap<String, Vec<u8>>, String> {
    let file =
        std::fs::File::open(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let damaged =
        |e: std::io::Error| format!("{} is not a tar archive of a backup ({e})", path.display());
    let mut archive = tar::Archive::new(file);
    let mut all = BTreeMap::new();
    for entry in archive.entries().map_err(damaged)? {
        let mut entry = entry.map_err(damaged)?;
        if entry.size() > MAX_FILE_BYTES {
            return Err(format!(
                "{}: a file in it is too large for a backup",
                path.display()
            ));
        }
        let name = entry
            .path()
            .map_err(damaged)?
            .to_string_lossy()
            .into_owned();
        let mut bytes = Vec::new();
        entry.read_to_end(&mut bytes).map_err(damaged)?;
        all.insert(name, bytes);
    }
    let top = all
        .keys()
        .find_map(|k| k.strip_suffix("backup.json"))
        .unwrap_or("")
        .to_string();
    Ok(all
        .into_iter()
        .filter_map(|(k, v)| k.strip_prefix(&top).map(|rest| (rest.to_string(), v)))
        .collect())
}

/// What a restore did, one line per match, and what it noticed.
#[derive(Debug, Default)]
pub struct Restored {
    pub matches: Vec<String>,
    /// Witness lines of the backup that do not check (not trusted).
    pub warnings: Vec<String>,
}

/// Rebuilds `store` (empty) from `backup`. Every bundle is checked — its
/// seal, and against the backup's witness — before anything is written;
/// any fault refuses the whole restore and names each match at fault.
pub fn restore(backup: &Backup, store: &dyn EventStore) -> Result<Restored, Vec<String>> {
    let (ring, keys) = backup.keyring().map_err(|e| vec![e])?;
    let journal = witness::parse(backup.witness.as_slice(), &ring)
        .map_err(|e| vec![format!("witness.log does not read: {e}")])?;
    let mut faults = Vec::new();
    let mut done = Restored::default();
    for (line, why) in &journal.damaged {
        done.warnings.push(format!(
            "the backup's witness line {line} is damaged and not trusted: {why}"
        ));
    }
    let mut checked = Vec::new();
    for entry in &backup.manifest.matches {
        let Some(bytes) = backup.bundles.get(&entry.id) else {
            faults.push(format!(
                "match {}: its bundle matches/{}.arb is missing",
                entry.id, entry.id
            ));
            continue;
        };
        let sealed = match Bundle::from_bytes(bytes).and_then(|b| bundle::check_seal(b, None)) {
            Ok(s) => s,
            Err(e) => {
                faults.push(format!("match {}: {e}", entry.id));
                continue;
            }
        };
        let b = sealed.bundle;
        if let Err(e) = bundle::transcript_finding(&b) {
            faults.push(format!("match {}: {e}", entry.id));
            continue;
        }
        let n = b.events.len() as u64;
        let head = b.events.last().map(|s| s.hash_hex()).unwrap_or_default();
        if b.match_id != entry.id || n != entry.events || head != entry.head {
            faults.push(format!(
                "match {}: the bundle holds {n} events ending {head}, backup.json lists {} ending {}",
                entry.id, entry.events, entry.head
            ));
            continue;
        }
        if let Some(w) = journal.last.get(&entry.id) {
            let hashes: Vec<_> = b.events.iter().map(|s| s.hash).collect();
            if n < w.size || !w.vouches_for(&hashes) {
                faults.push(format!(
                    "match {}: the bundle holds {n} events, and they are not the {} the witness acknowledged (witness line {})",
                    entry.id, w.size, w.line
                ));
                continue;
            }
        }
        checked.push(b);
    }
    for id in journal.last.keys() {
        if !backup.manifest.matches.iter().any(|m| m.id == *id) {
            faults.push(format!(
                "match {id}: the witness acknowledged it, and the backup has no bundle of it"
            ));
        }
    }
    if !faults.is_empty() {
        return Err(faults);
    }
    for b in checked {
        let id = MatchId::parse(&b.match_id).map_err(|e| vec![e])?;
        // The transcript first: the match is never there without it.
        let seal = crate::log::transcript::seal_of(&b.events);
        if let (Some(seal), Some(pieces)) = (seal, &b.transcript) {
            store
                .put_transcript(&id, &seal.root, pieces)
                .map_err(|e| vec![format!("match {id}: its transcript: {e}")])?;
        }
        store
            .adopt(&id, &b.events, &keys)
            .map_err(|e| vec![format!("match {id}: {e}")])?;
        done.matches.push(format!(
            "match {id}: {} events restored, head {}",
            b.events.len(),
            b.events.last().map(|s| s.hash_hex()).unwrap_or_default()
        ));
    }
    Ok(done)
}
