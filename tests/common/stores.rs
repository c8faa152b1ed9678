//! The stores a conformance check runs against: a sled store in a
//! temporary directory, or a PostgreSQL store in a database of its own,
//! made fresh on the server `ARBITER_TEST_POSTGRES` names.
//!
//! The one decision: PostgreSQL is optional here and required in CI. With
//! `ARBITER_TEST_POSTGRES` unset the PostgreSQL half says it was skipped
//! and passes, so `cargo test` works on a machine with only the Rust
//! toolchain; `.ci/run` starts a throwaway cluster, sets it, and sets
//! `ARBITER_POSTGRES_TESTS=require`, which turns a missing server into a
//! failure. Once a server is named, nothing is skipped: a store that does
//! not open fails the test, loudly.
//!
//! The databases are reached with `tokio_postgres` on a small runtime made
//! for each call (the tests are synchronous, like the store's trait).
//! Nothing here knows the store's tables: the SQL that damages one lives
//! beside the test that uses it.

use std::future::Future;
use std::path::Path;

use arbiter::log::store::location::shown;
use arbiter::log::{EventStore, StoreLocation};
use sha2::{Digest, Sha256};
use tokio_postgres::types::ToSql;
use tokio_postgres::{NoTls, Row};

/// What a skipped PostgreSQL test prints.
pub const SKIPPED: &str =
    "skipped: set ARBITER_TEST_POSTGRES=postgres://… to run the PostgreSQL half";

/// The PostgreSQL server the tests may make databases on
/// (`ARBITER_TEST_POSTGRES`, an address whose user may `CREATE DATABASE`);
/// `None` when it is not set, unless `ARBITER_POSTGRES_TESTS=require`,
/// which makes a missing server a failure.
pub fn postgres_admin_url() -> Option<String> {
    match std::env::var("ARBITER_TEST_POSTGRES") {
        Ok(url) if !url.trim().is_empty() => Some(url.trim().to_string()),
        _ if std::env::var("ARBITER_POSTGRES_TESTS").as_deref() == Ok("require") => panic!(
            "ARBITER_POSTGRES_TESTS=require, but ARBITER_TEST_POSTGRES is not set: set it to \
             a PostgreSQL server whose user may create databases, e.g. \
             ARBITER_TEST_POSTGRES=postgres://postgres@127.0.0.1:54329/postgres \
             (.ci/run starts a throwaway cluster and sets both)"
        ),
        _ => None,
    }
}

/// Makes an empty database `arbiter_t_<tag>_<pid>` on the test server
/// (dropping one left by an earlier run) and returns its address: the
/// server's address with the database replaced. `None` when no server is
/// named (see [`postgres_admin_url`]).
pub fn fresh_postgres(tag: &str) -> Option<String> {
    let admin = postgres_admin_url()?;
    let name = database_name(tag);
    let mut url = url::Url::parse(&admin).unwrap_or_else(|e| {
        panic!(
            "ARBITER_TEST_POSTGRES={}: not a postgres:// address ({e}); write \
             postgres://USER@HOST:PORT/DATABASE",
            shown(&admin)
        )
    });
    for statement in [
        format!("DROP DATABASE IF EXISTS \"{name}\""),
        format!("CREATE DATABASE \"{name}\""),
    ] {
        execute(&admin, &statement, &[]);
    }
    url.set_path(&format!("/{name}"));
    Some(url.to_string())
}

/// A database name for `tag`, unique to this process: lowercase letters,
/// digits and `_`, short enough for PostgreSQL's 63-byte names (a long
/// tag keeps its start and a hash of the whole, so two never meet).
pub fn database_name(tag: &str) -> String {
    let mut name: String = tag
        .chars()
        .map(|c| match c.to_ascii_lowercase() {
            c @ ('a'..='z' | '0'..='9') => c,
            _ => '_',
        })
        .collect();
    if name.len() > 40 {
        let digest = hex::encode(Sha256::digest(tag.as_bytes()));
        name = format!("{}_{}", &name[..31], &digest[..8]);
    }
    format!("arbiter_t_{name}_{}", std::process::id())
}

/// Runs `f` on a current-thread runtime of its own.
fn block_on<T>(f: impl Future<Output = T>) -> T {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a tokio runtime for the test's own SQL")
        .block_on(f)
}

/// Connects to `url` and runs `f` with the client (the connection is
/// driven by a task beside it); what went wrong, in words, when anything
/// did.
fn with_client<T>(
    url: &str,
    f: impl AsyncFnOnce(&tokio_postgres::Client) -> Result<T, tokio_postgres::Error>,
) -> Result<T, String> {
    block_on(async {
        let (client, connection) = tokio_postgres::connect(url, NoTls).await.map_err(|e| {
            format!(
                "cannot connect to {} ({e}); is the server up? .ci/run shows how to start one",
                shown(url)
            )
        })?;
        let driver = tokio::spawn(connection);
        let out = f(&client).await.map_err(|e| match e.as_db_error() {
            Some(db) => format!("{}: {}", db.code().code(), db.message()),
            None => e.to_string(),
        });
        drop(client);
        let _ = driver.await;
        out
    })
}

/// Runs one SQL statement on `url`; the number of rows it changed.
pub fn try_execute(
    url: &str,
    statement: &str,
    params: &[&(dyn ToSql + Sync)],
) -> Result<u64, String> {
    with_client(url, async |c| c.execute(statement, params).await)
}

/// [`try_execute`], panicking with the statement and the server's words.
pub fn execute(url: &str, statement: &str, params: &[&(dyn ToSql + Sync)]) -> u64 {
    try_execute(url, statement, params)
        .unwrap_or_else(|e| panic!("`{statement}` on {}: {e}", shown(url)))
}

/// Runs one SQL query on `url`; its rows.
pub fn query(url: &str, statement: &str, params: &[&(dyn ToSql + Sync)]) -> Vec<Row> {
    with_client(url, async |c| c.query(statement, params).await)
        .unwrap_or_else(|e| panic!("`{statement}` on {}: {e}", shown(url)))
}

/// A store under test, with where it lives: the data directory always
/// (the signing key is kept there whichever store holds the log), and the
/// database for PostgreSQL, dropped after the test unless it failed.
pub struct TestStore {
    pub store: Box<dyn EventStore>,
    pub location: StoreLocation,
    pub data: tempfile::TempDir,
    /// Dropped last, after the store has closed its connections.
    database: Option<Database>,
}

impl TestStore {
    /// "sled" or "PostgreSQL", for messages.
    pub fn kind(&self) -> &'static str {
        match self.location {
            StoreLocation::Sled => "sled",
            StoreLocation::Postgres(_) => "PostgreSQL",
        }
    }

    /// The database's address (PostgreSQL only).
    pub fn database_url(&self) -> Option<&str> {
        match &self.location {
            StoreLocation::Sled => None,
            StoreLocation::Postgres(url) => Some(url),
        }
    }

    /// Closes the store and opens it again from the same place, as a
    /// restarted server does. It takes the store by value: sled admits
    /// one open handle at a time, so the old one must be gone first.
    pub fn reopen(self) -> TestStore {
        let TestStore {
            store,
            location,
            data,
            database,
        } = self;
        drop(store);
        let store = open(&location, data.path());
        TestStore {
            store,
            location,
            data,
            database,
        }
    }
}

fn open(location: &StoreLocation, data: &Path) -> Box<dyn EventStore> {
    location
        .open(data)
        .unwrap_or_else(|e| panic!("{} does not open: {e}", location.describe(data)))
}

/// A new sled store in a temporary directory.
pub fn sled() -> TestStore {
    let data = tempfile::tempdir().expect("a temporary data directory");
    let location = StoreLocation::Sled;
    TestStore {
        store: open(&location, data.path()),
        location,
        data,
        database: None,
    }
}

/// A new PostgreSQL store in a fresh database (see [`fresh_postgres`]),
/// its key in a temporary data directory; `None`, having said so, when no
/// server is named.
pub fn postgres(tag: &str) -> Option<TestStore> {
    let Some(url) = fresh_postgres(tag) else {
        eprintln!("{tag}: {SKIPPED}");
        return None;
    };
    let data = tempfile::tempdir().expect("a temporary data directory");
    let location = StoreLocation::Postgres(url.clone());
    Some(TestStore {
        store: open(&location, data.path()),
        location,
        data,
        database: Some(Database { url }),
    })
}

/// A test's database: dropped when the test passed, kept (and named)
/// when it failed, for a look at what was stored.
struct Database {
    url: String,
}

impl Drop for Database {
    fn drop(&mut self) {
        if std::thread::panicking() {
            eprintln!(
                "kept the failed test's database {} for a look",
                shown(&self.url)
            );
            return;
        }
        // Best effort: a database left behind is dropped by the next run
        // with this process id.
        let _ = drop_database(&self.url);
    }
}

/// Drops the test database at `url`, through the test server's address.
/// FORCE (PostgreSQL 13 on) ends the connections a pool may still hold.
pub fn drop_database(url: &str) -> Result<(), String> {
    let parsed = url::Url::parse(url).map_err(|e| e.to_string())?;
    let name = parsed.path().trim_start_matches('/');
    let admin = postgres_admin_url().ok_or("ARBITER_TEST_POSTGRES is not set")?;
    try_execute(
        &admin,
        &format!("DROP DATABASE IF EXISTS \"{name}\" WITH (FORCE)"),
        &[],
    )
    .map(|_| ())
}
