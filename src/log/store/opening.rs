//! Opening the sled database, and reading it without trusting it: the
//! file lock (waited on while a handle just closed lets go, named when
//! another process holds it), sled's panics on a damaged file turned into
//! errors that name the file, and the data directory kept private.
//!
//! Sled's alone: nothing here knows an event (the witness journal is read
//! only to tell a lost database from a mistyped directory). Must not
//! import `web`.

use std::io;
use std::path::Path;
use std::time::{Duration, Instant};

use super::StoreError;

/// `dir` when it holds an arbiter store: a command that reads must not
/// make an empty store, and a key, in a mistyped directory.
pub(super) fn there(dir: &Path) -> Result<&Path, StoreError> {
    if dir.join("sled").is_dir() {
        return Ok(dir);
    }
    let journal = dir.join(super::witness::FILE);
    if !super::witness::key_ids_named(dir).is_empty() {
        return Err(StoreError::Io(format!(
            "the database {} is missing, but the witness journal {} holds receipts of what it \
             acknowledged: the database was lost. Restore the data directory from a backup",
            dir.join("sled").display(),
            journal.display()
        )));
    }
    Err(StoreError::Io(format!(
        "there is no arbiter store in {}: give --data the directory `arbiter serve` keeps its \
         data in (data/db by default)",
        dir.display()
    )))
}

/// How long [`open_sled`] waits for a lock held by a handle that is closing.
const LOCK_WAIT: Duration = Duration::from_secs(1);

/// Opens the sled database at `path`, waiting up to [`LOCK_WAIT`] while it
/// is locked.
///
/// sled 0.34 releases its file lock from a background thread after the last
/// handle is dropped (spacejam/sled#1289), so reopening a database just
/// closed in this process can briefly find it locked. A database that stays
/// locked is held by another process and the lock error is returned.
/// (Public for the tests that damage a store's trees on purpose.)
pub fn open_sled(path: &Path) -> sled::Result<sled::Db> {
    let start = Instant::now();
    let mut pause = Duration::from_millis(10);
    loop {
        match unpanicked(path, || sled::open(path)) {
            Err(e) if is_lock_error(&e) && start.elapsed() < LOCK_WAIT => {
                std::thread::sleep(pause);
                pause = (pause * 2).min(Duration::from_millis(100));
            }
            other => return other,
        }
    }
}

/// Runs a sled call that a damaged file can make panic (sled asserts on
/// what it reads), turning the panic into an error that names the file and
/// what to do.
pub(super) fn unpanicked<T>(path: &Path, f: impl FnOnce() -> sled::Result<T>) -> sled::Result<T> {
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)) {
        Ok(result) => result,
        Err(panic) => {
            let why = panic
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "an internal check failed".into());
            Err(sled::Error::Io(io::Error::other(format!(
                "{} is damaged (the database engine stopped: {why}); restore the data directory from a backup",
                path.display()
            ))))
        }
    }
}

pub(super) fn open_error(path: &Path, e: sled::Error) -> StoreError {
    if is_lock_error(&e) {
        return StoreError::Locked(locked_message(path));
    }
    // What sled says of a damaged file ("Read corrupted data at file
    // offset None", or a version it cannot read after a flipped byte in
    // `conf`) does not say what to do about it.
    // Nor which file: a blob file whose checksum fails is named here.
    let hint = match &e {
        sled::Error::Corruption { .. } | sled::Error::Unsupported(_) => format!(
            "; the database is damaged (or was not written by this arbiter){}: restore the data \
             directory from a backup",
            blobs_named(&damaged_blobs(path))
        ),
        sled::Error::Io(io) if io.kind() == io::ErrorKind::NotFound => format!(
            "; a file of the database is missing (a blob file, when the database keeps any in {}): \
             restore the data directory from a backup",
            path.join("blobs").display()
        ),
        _ => String::new(),
    };
    StoreError::Io(format!(
        "cannot open the database {}: {e}{hint}",
        path.display()
    ))
}

/// The blob files of the sled database at `path` whose own checksum fails
/// (sled heads each with the CRC-32 of the rest, little-endian), by path.
fn damaged_blobs(path: &Path) -> Vec<std::path::PathBuf> {
    let Ok(entries) = std::fs::read_dir(path.join("blobs")) else {
        return Vec::new();
    };
    let mut damaged: Vec<_> = entries
        .flatten()
        .map(|e| e.path())
        .filter(|blob| {
            let Ok(bytes) = std::fs::read(blob) else {
                return true;
            };
            match bytes.split_first_chunk::<4>() {
                Some((crc, rest)) if !rest.is_empty() => {
                    u32::from_le_bytes(*crc) != crc32fast::hash(rest)
                }
                _ => true,
            }
        })
        .collect();
    damaged.sort();
    damaged
}

/// " (the blob file X does not match its checksum)" for the damaged blob
/// files, if any.
fn blobs_named(blobs: &[std::path::PathBuf]) -> String {
    let named: Vec<String> = blobs.iter().map(|b| b.display().to_string()).collect();
    match named.as_slice() {
        [] => String::new(),
        [one] => format!(" (the blob file {one} does not match its checksum)"),
        _ => format!(
            " (the blob files {} do not match their checksums)",
            named.join(", ")
        ),
    }
}

/// Whether sled failed to take the database's file lock.
fn is_lock_error(e: &sled::Error) -> bool {
    match e {
        sled::Error::Io(e) => {
            e.kind() == io::ErrorKind::WouldBlock || {
                let text = e.to_string();
                text.contains("could not acquire lock") || text.contains("WouldBlock")
            }
        }
        _ => false,
    }
}

/// Most often the other process is a running `arbiter serve`, so the
/// message says what the server offers instead of each command.
fn locked_message(path: &Path) -> String {
    format!(
        "the database {} is held by another arbiter process, most likely a running \
         `arbiter serve` (one process at a time may open it); stop the server and run this \
         again, or ask the running server over HTTP instead: GET /api/matches/<id>/verify \
         for `verify`, GET /api/matches/<id>/events or /matches/<id>/bundle for `export`, \
         GET /api/backup (admin token) for `backup`; or give another --data directory",
        path.display()
    )
}

/// Makes the data directory readable by its owner alone: the directory
/// 0700, and every file in it without its group's and others' bits (0600
/// at most: the database, the signing key). A file's owner bits are never
/// added to: a key its operator made read-only, or unreadable, stays so.
/// Best effort: a file system without modes keeps what it has.
pub(super) fn keep_private(dir: &Path) {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        fn walk(path: &Path) {
            let Ok(meta) = std::fs::symlink_metadata(path) else {
                return;
            };
            if meta.is_dir() {
                let _ = std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o700));
                if let Ok(entries) = std::fs::read_dir(path) {
                    for e in entries.flatten() {
                        walk(&e.path());
                    }
                }
            } else if meta.is_file() {
                let mode = meta.permissions().mode() & 0o777;
                if mode & !0o600 != 0 {
                    let owner_only = std::fs::Permissions::from_mode(mode & 0o600);
                    let _ = std::fs::set_permissions(path, owner_only);
                }
            }
        }
        walk(dir);
    }
    #[cfg(not(unix))]
    let _ = dir;
}
