//! Where a store's log lives, as the command line names it (`--store`),
//! and opening it: sled in the data directory by default, or a
//! PostgreSQL database. The data directory always keeps what is this
//! server's own (its signing key, solver tables), whichever holds the log.
//!
//! Must not import anything above `log/` (a game, a page, the importer, the
//! verifier, the replay, bundles or samples): the log stores and seals, and
//! knows no game.

use std::path::Path;

use super::postgres::PgStore;
use super::{EventStore, SledStore, StoreError};

/// Where the log lives.
#[derive(Clone, PartialEq, Eq)]
pub enum StoreLocation {
    /// sled, in the data directory (`DIR/sled`).
    Sled,
    /// A PostgreSQL database: `postgres://user[:password]@host[:port]/db`.
    Postgres(String),
}

impl std::fmt::Debug for StoreLocation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StoreLocation::Sled => f.write_str("Sled"),
            StoreLocation::Postgres(url) => write!(f, "Postgres({})", shown(url)),
        }
    }
}

impl StoreLocation {
    /// Reads `--store`: a `postgres://` or `postgresql://` address, or
    /// `sled` for the data directory's own database.
    pub fn parse(text: &str) -> Result<StoreLocation, String> {
        let text = text.trim();
        if text.is_empty() || text == "sled" {
            return Ok(StoreLocation::Sled);
        }
        if text.starts_with("postgres://") || text.starts_with("postgresql://") {
            text.parse::<tokio_postgres::Config>().map_err(|e| {
                format!(
                    "--store {}: not a PostgreSQL address ({e}); write postgres://USER@HOST/DATABASE",
                    shown(text)
                )
            })?;
            return Ok(StoreLocation::Postgres(text.to_string()));
        }
        Err(format!(
            "--store {}: say where the log lives: postgres://USER@HOST/DATABASE, or sled \
             (the default: the database in the --data directory)",
            shown(text)
        ))
    }

    /// Opens the store here, creating it when it is not there yet; the
    /// signing key is `data/server.key`.
    pub fn open(&self, data: &Path) -> Result<Box<dyn EventStore>, StoreError> {
        Ok(match self {
            StoreLocation::Sled => Box::new(SledStore::open(data)?),
            StoreLocation::Postgres(url) => Box::new(PgStore::open(url, data)?),
        })
    }

    /// Opens the store only when it is there: a command that reads must
    /// not make an empty store (and a key) in a mistyped directory. A
    /// PostgreSQL database is created by its operator; its tables are made
    /// or brought up to date (arbiter's own schema, not data), and without
    /// a key in `data` it opens to read only ([`PgStore::open_to_read`]).
    pub fn open_existing(&self, data: &Path) -> Result<Box<dyn EventStore>, StoreError> {
        Ok(match self {
            StoreLocation::Sled => Box::new(SledStore::open_existing(data)?),
            StoreLocation::Postgres(url) => Box::new(PgStore::open_to_read(url, data)?),
        })
    }

    /// Gives the server whose key is in `data` a new signing key, whatever
    /// holds the log: the old key file is kept as
    /// `server.key.retired-<key id>`, and the old public key stays in the
    /// store's keys (and at `/keys`), so every event and checkpoint it
    /// signed still verifies. A sled store's key that is missing, damaged
    /// or not its own is set aside too ([`SledStore::rotate_key`]).
    /// Returns (the old key id when there was a usable one, the new id).
    pub fn rotate_key(&self, data: &Path) -> Result<(Option<String>, String), StoreError> {
        let url = match self {
            StoreLocation::Sled => return SledStore::rotate_key(data),
            StoreLocation::Postgres(url) => url,
        };
        // Closed before the key moves.
        let old = PgStore::open(url, data)?.recorder_key_id();
        let key = data.join("server.key");
        let retired = data.join(format!("server.key.retired-{old}"));
        std::fs::rename(&key, &retired).map_err(|e| {
            StoreError::Io(format!(
                "cannot move {} aside to {}: {e}",
                key.display(),
                retired.display()
            ))
        })?;
        let new = PgStore::open(url, data)?.recorder_key_id();
        Ok((Some(old), new))
    }

    /// For messages: which store this is.
    pub fn describe(&self, data: &Path) -> String {
        match self {
            StoreLocation::Sled => format!("the sled database in {}", data.display()),
            StoreLocation::Postgres(url) => format!("the PostgreSQL database {}", shown(url)),
        }
    }
}

/// A database address without its password, for messages.
pub fn shown(url: &str) -> String {
    match url::Url::parse(url) {
        Ok(mut u) if u.password().is_some() => {
            let _ = u.set_password(Some("***"));
            u.to_string()
        }
        Ok(u) => u.to_string(),
        // Not a URL: say nothing of what it holds past the scheme.
        Err(_) => url.split("://").next().unwrap_or("").to_string() + "://…",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_read_and_passwords_never_show() {
        assert_eq!(StoreLocation::parse("sled"), Ok(StoreLocation::Sled));
        let pg = StoreLocation::parse("postgres://ann:secret@db.example:5433/arbiter").unwrap();
        assert!(matches!(pg, StoreLocation::Postgres(_)));
        assert!(!format!("{pg:?}").contains("secret"));
        assert_eq!(
            shown("postgres://ann:secret@db.example:5433/arbiter"),
            "postgres://ann:***@db.example:5433/arbiter"
        );
        let err = StoreLocation::parse("mysql://x").unwrap_err();
        assert!(err.contains("postgres://USER@HOST/DATABASE"), "{err}");
    }
}
