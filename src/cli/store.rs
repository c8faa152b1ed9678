//! `--data` and `--store`, the two flags of every command that opens a
//! store: the data directory keeps what is this server's own (its signing
//! key, solver tables), and the log lives where `--store` says — sled in
//! the data directory unless it names a PostgreSQL database.
//!
//! The one decision: `--store` is read as text and checked when the
//! command runs (exit 2), not by clap, because clap's error repeats the
//! value it refused, and an address may hold a password. For the same
//! reason `--help` never shows the value of `ARBITER_STORE`.
//!
//! Must not import a storage engine's crate (sled, tokio-postgres): a store
//! opens through `arbiter::log`.

use std::path::PathBuf;

use arbiter::log::{EventStore, StoreLocation};

use crate::Failure;

/// Where a command's store is: flattened into each command that opens one.
#[derive(clap::Args, Clone, Debug)]
pub struct StoreArgs {
    /// This server's own files: its signing key, solver tables; the sled
    /// database unless --store.
    #[arg(long, value_name = "DIR", default_value = "data/db")]
    pub data: PathBuf,
    /// Where the log lives: postgres://USER@HOST/DB; default sled under
    /// --data.
    #[arg(
        long,
        value_name = "URL",
        env = "ARBITER_STORE",
        hide_env_values = true
    )]
    pub store: Option<String>,
}

impl StoreArgs {
    /// `--store` read (no I/O): a malformed one is bad usage, exit 2.
    pub fn location(&self) -> Result<StoreLocation, Failure> {
        match &self.store {
            None => Ok(StoreLocation::Sled),
            Some(text) => StoreLocation::parse(text).map_err(Failure::Input),
        }
    }

    /// The store, created when it is not there yet (a command that writes).
    pub fn open(&self) -> Result<Box<dyn EventStore>, Failure> {
        self.location()?
            .open(&self.data)
            .map_err(|e| Failure::Other(e.to_string()))
    }

    /// The store only when it is there: a command that reads must not make
    /// an empty store, and a key, in a mistyped directory.
    pub fn open_existing(&self) -> Result<Box<dyn EventStore>, Failure> {
        self.location()?
            .open_existing(&self.data)
            .map_err(|e| Failure::Other(e.to_string()))
    }
}

/// What an operator restores when `location` is damaged, for messages:
/// "the data directory (DIR)" or "the database (URL)".
pub fn restorable(location: &StoreLocation, store: &dyn EventStore) -> String {
    match location {
        StoreLocation::Sled => format!("the data directory ({})", store.location()),
        StoreLocation::Postgres(_) => format!("the database ({})", store.location()),
    }
}
