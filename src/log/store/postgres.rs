//! The PostgreSQL event store: the same log, seals and guarantees as the
//! sled store, in a database several arbiter servers can share.
//!
//! What differs from sled, and why it keeps the same guarantees:
//!
//! - **Commit point.** An append is one transaction: it locks the match's
//!   head row (`SELECT … FOR UPDATE`), checks the seq it expects, inserts
//!   its events (primary key `(match id, seq)`), moves the head and writes
//!   the receipt, then commits. It is acknowledged only after the commit
//!   returns, so after PostgreSQL's WAL is flushed. Two servers appending
//!   to one match take turns on the head row, and the loser sees the
//!   winner's head and gets [`StoreError::Conflict`]; two creating one
//!   match collide on the primary key. Only transactions, primary keys and
//!   row locks are used.
//! - **Witness.** PostgreSQL's own durability (its WAL; data checksums on,
//!   see [`PgStore::cautions`]) stands in for the file journal. The
//!   receipt of each match's last append is kept in `arbiter_checkpoints`,
//!   written in the append's transaction, and `verify` compares the log
//!   with it as it does with the journal.
//! - **Keys.** Each server signs with the key in its own data directory
//!   and registers the public half in `arbiter_keys` on open, so any server
//!   verifies what any other sealed.
//! - **Reads** take the head first and then only the events below it, as
//!   sled's do, so a read beside an append never sees half of it.
//!
//! The trait is synchronous and is called from actix's workers, which run
//! inside a runtime of their own; the store therefore keeps a small tokio
//! runtime for the driver and its pool, hands each call to it and waits
//! for the answer on a channel.
//!
//! Must not import `web` or any game.

use std::collections::BTreeSet;
use std::future::Future;
use std::path::Path;
use std::str::FromStr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use deadpool_postgres::{GenericClient, Manager, ManagerConfig, Pool, RecyclingMethod};
use ed25519_dalek::VerifyingKey;
use tokio_postgres::error::SqlState;
use tokio_postgres::types::ToSql;
use tokio_postgres::{NoTls, Row, Statement};

use super::location::shown;
use super::{
    audit, token_hash, tokens, Audit, DecodedRecord, EventStore, MatchHeads, ReadBack, StoreError,
};
use crate::event::{MatchId, NewEvent};
use crate::log::checkpoint::Checkpoint;
use crate::log::seal::{self, ChainReport, Hash, Keyring, Recorder, Sealed};
use crate::log::token::Identity;
use crate::log::transcript::Piece;
use crate::log::witness;

mod pieces;
mod rows;
mod schema;
mod writing;

use rows::{bigint, StoredHead};

/// A parameter owned by a statement sent to the store's runtime.
type Param = Box<dyn ToSql + Send + Sync>;

/// The statements more than one place sends.
mod sql {
    /// Match $1's head row.
    pub const HEAD: &str =
        "SELECT next_seq, last_hash, frontier FROM arbiter_heads WHERE match_id = $1";
    /// Match $1's events from seq $2 below seq $3.
    pub const EVENTS_FROM: &str = "SELECT seq, envelope, prev_hash, hash, key_id, signature \
         FROM arbiter_events WHERE match_id = $1 AND seq >= $2 AND seq < $3 ORDER BY seq";
    /// Match $1's event at seq $2.
    pub const EVENT_AT: &str = "SELECT seq, envelope, prev_hash, hash, key_id, signature \
         FROM arbiter_events WHERE match_id = $1 AND seq = $2";
}

/// How long a request waits for a connection, or to make one, before the
/// database counts as unreachable (503).
const CONNECT_WAIT: Duration = Duration::from_secs(5);

/// Connections one server keeps open at most.
const POOL_SIZE: usize = 16;

/// The PostgreSQL-backed [`EventStore`]. Any number of servers may open
/// one database at once.
pub struct PgStore {
    inner: Arc<Inner>,
    /// The runtime the driver runs on; `None` only while dropping.
    runtime: Option<tokio::runtime::Runtime>,
}

/// What the store's tasks share.
pub(super) struct Inner {
    pool: Pool,
    recorder: Recorder,
    /// Whether `recorder` is this server's published key; a store opened
    /// to read without one seals nothing.
    sealing: bool,
    /// The address without its password, for messages.
    shown: String,
    /// The keys last read, for when the database cannot be reached: a
    /// lost connection must not make sound events look unsigned.
    keys: Mutex<Keyring>,
}

impl std::fmt::Debug for PgStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PgStore")
            .field("database", &self.inner.shown)
            .field("recorder", &self.inner.recorder)
            .finish_non_exhaustive()
    }
}

impl Drop for PgStore {
    fn drop(&mut self) {
        // Dropped from inside actix's runtime at shutdown: a runtime may
        // not block there, so its threads are let go without waiting.
        if let Some(runtime) = self.runtime.take() {
            runtime.shutdown_background();
        }
    }
}

impl PgStore {
    /// Opens the store in the database at `url`, creating or updating its
    /// tables; the server's signing key is `data/server.key` (made when
    /// missing) and is registered in the database.
    pub fn open(url: &str, data: &Path) -> Result<PgStore, StoreError> {
        PgStore::open_as(url, data, true)
    }

    /// Opens the store to read (`verify`, `export`, `backup`, `keys list`):
    /// with this server's key when `data/server.key` is there, else with a
    /// key of the moment that is never published, and then refusing to
    /// seal anything — a command run from another machine leaves no key
    /// (and no directory) behind.
    pub fn open_to_read(url: &str, data: &Path) -> Result<PgStore, StoreError> {
        PgStore::open_as(url, data, data.join("server.key").is_file())
    }

    fn open_as(url: &str, data: &Path, with_key: bool) -> Result<PgStore, StoreError> {
        let shown = shown(url);
        let mut config = tokio_postgres::Config::from_str(url).map_err(|e| {
            StoreError::Io(format!(
                "{shown} is not a PostgreSQL address ({e}); write postgres://USER@HOST/DATABASE"
            ))
        })?;
        if config.get_connect_timeout().is_none() {
            config.connect_timeout(CONNECT_WAIT);
        }
        config.application_name("arbiter");
        let recorder = if with_key {
            std::fs::create_dir_all(data).map_err(|e| {
                StoreError::Io(format!(
                    "cannot create the data directory {}: {e}",
                    data.display()
                ))
            })?;
            Some(
                Recorder::load_or_create(&data.join("server.key"))
                    .map_err(|e| StoreError::Io(e.to_string()))?,
            )
        } else {
            None
        };
        let sealing = recorder.is_some();
        let recorder = recorder.unwrap_or_else(Recorder::generate);
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .thread_name("arbiter-postgres")
            .enable_all()
            .build()
            .map_err(|e| StoreError::Io(format!("cannot start the database's threads: {e}")))?;
        let manager = Manager::from_config(
            config,
            NoTls,
            ManagerConfig {
                recycling_method: RecyclingMethod::Fast,
            },
        );
        let pool = Pool::builder(manager)
            .max_size(POOL_SIZE)
            .wait_timeout(Some(CONNECT_WAIT))
            .create_timeout(Some(CONNECT_WAIT))
            .recycle_timeout(Some(CONNECT_WAIT))
            .runtime(deadpool_postgres::Runtime::Tokio1)
            .build()
            .map_err(|e| StoreError::Io(format!("cannot set up connections to {shown}: {e}")))?;
        let store = PgStore {
            inner: Arc::new(Inner {
                pool,
                recorder,
                sealing,
                shown,
                keys: Mutex::new(Keyring::new()),
            }),
            runtime: Some(runtime),
        };
        store.run(|inner| async move {
            let mut client = inner.client().await?;
            schema::migrate(&inner, &mut client).await?;
            if inner.sealing {
                inner.register_key(&client).await?;
            }
            inner.read_keys(&client).await?;
            Ok(())
        })?;
        Ok(store)
    }

    /// Runs `job` on the store's runtime and waits for its answer.
    fn run<T, Job, Fut>(&self, job: Job) -> Result<T, StoreError>
    where
        Job: FnOnce(Arc<Inner>) -> Fut,
        Fut: Future<Output = Result<T, StoreError>> + Send + 'static,
        T: Send + 'static,
    {
        let gone = || StoreError::Unavailable("the database connection threads stopped".into());
        let runtime = self.runtime.as_ref().ok_or_else(gone)?;
        let (answer, wait) = std::sync::mpsc::sync_channel(1);
        let future = job(self.inner.clone());
        runtime.spawn(async move {
            let _ = answer.send(future.await);
        });
        wait.recv().map_err(|_| gone())?
    }

    /// One statement with owned parameters, on the store's runtime: its
    /// rows. Prepared once per connection.
    fn rows(&self, sql: &'static str, params: Vec<Param>) -> Result<Vec<Row>, StoreError> {
        self.run(|inner| async move {
            let client = inner.client().await?;
            let statement = cached(&client, sql).await.map_err(|e| inner.error(e))?;
            let params: Vec<&(dyn ToSql + Sync)> = params
                .iter()
                .map(|p| p.as_ref() as &(dyn ToSql + Sync))
                .collect();
            client
                .query(&statement, &params)
                .await
                .map_err(|e| inner.error(e))
        })
    }

    /// Every token row: (hash, identity record).
    fn token_rows(&self) -> Result<Vec<(String, Vec<u8>)>, StoreError> {
        let rows = self.rows(
            "SELECT token_hash, identity FROM arbiter_tokens ORDER BY token_hash",
            vec![],
        )?;
        Ok(rows.iter().map(|r| (r.get(0), r.get(1))).collect())
    }
}

impl ReadBack for PgStore {
    type Head = StoredHead;

    /// The head row of match `id` as stored, then its events below it (all
    /// of them when there is no head, so that damage is seen).
    fn decoded_records(
        &self,
        id: &MatchId,
    ) -> Result<(Vec<DecodedRecord>, Option<StoredHead>), StoreError> {
        // The head first: an append commits its events with its head, so
        // everything below a head already read is there.
        let head = self
            .rows(sql::HEAD, vec![Box::new(id.to_string())])?
            .first()
            .map(StoredHead::of);
        let upto = head.as_ref().map_or(i64::MAX, |h| bigint(h.next));
        let rows = self.rows(
            sql::EVENTS_FROM,
            vec![Box::new(id.to_string()), Box::new(0i64), Box::new(upto)],
        )?;
        Ok((rows.iter().map(rows::record).collect(), head))
    }

    /// The chain report of `records` against their head and frontier.
    fn chain_report(
        &self,
        id: &MatchId,
        records: &[DecodedRecord],
        head: Option<StoredHead>,
    ) -> Result<ChainReport, StoreError> {
        let (pair, frontier) = match head {
            Some(h) => (Some(h.pair()), Some(h.frontier)),
            None => (None, None),
        };
        super::reading::chain_report(id, records, pair, frontier, &self.keyring())
    }
}

impl Inner {
    /// A connection from the pool; [`StoreError::Unavailable`] when none
    /// can be had in time.
    async fn client(&self) -> Result<deadpool_postgres::Object, StoreError> {
        self.pool.get().await.map_err(|e| {
            let why = match e {
                deadpool_postgres::PoolError::Backend(e) => db_message(&e),
                other => other.to_string(),
            };
            StoreError::Unavailable(format!(
                "the database {} cannot be reached ({why}); nothing was changed: try again, \
                 and check that PostgreSQL is running and the address in --store is right",
                self.shown
            ))
        })
    }

    /// A driver error as the store's: the connection's loss is
    /// [`StoreError::Unavailable`] (503: try again), anything else an
    /// I/O error that says what PostgreSQL said.
    fn error(&self, e: tokio_postgres::Error) -> StoreError {
        let lost = e.is_closed()
            || match e.code() {
                None => true,
                Some(code) => {
                    let code = code.code();
                    code.starts_with("08") || code == "57P01" || code == "57P03"
                }
            };
        if lost {
            StoreError::Unavailable(format!(
                "the connection to the database {} was lost ({}); try again",
                self.shown,
                db_message(&e)
            ))
        } else {
            StoreError::Io(format!("PostgreSQL ({}): {}", self.shown, db_message(&e)))
        }
    }

    /// [`StoreError::Io`] unless this store may seal: opened to read
    /// without a key, it must not sign with one nobody can check.
    fn may_seal(&self) -> Result<(), StoreError> {
        if self.sealing {
            Ok(())
        } else {
            Err(StoreError::Io(format!(
                "not recorded: {} was opened to read, without a signing key; give --data the \
                 directory of a server's key (server.key) to write",
                self.shown
            )))
        }
    }

    /// Records this server's public key (once); refuses a database that
    /// holds other bytes under its key id.
    async fn register_key(&self, client: &deadpool_postgres::Client) -> Result<(), StoreError> {
        let public = self.recorder.verifying_key().to_bytes();
        writing::publish_key(self, client, &self.recorder.key_id(), &public).await
    }

    /// Reads every published key into the kept keyring.
    async fn read_keys(&self, client: &deadpool_postgres::Client) -> Result<Keyring, StoreError> {
        let rows = client
            .query(
                &cached(client, "SELECT key_id, public_key FROM arbiter_keys")
                    .await
                    .map_err(|e| self.error(e))?,
                &[],
            )
            .await
            .map_err(|e| self.error(e))?;
        let mut ring = Keyring::new();
        for row in rows {
            let id: String = row.get(0);
            let public: &[u8] = row.get(1);
            // A damaged entry is left out: the events it signed then fail
            // verification by name.
            let key = <[u8; 32]>::try_from(public)
                .ok()
                .and_then(|bytes| VerifyingKey::from_bytes(&bytes).ok());
            if let Some(key) = key.filter(|k| seal::key_id(k) == id) {
                ring.add(key);
            }
        }
        if let Ok(mut kept) = self.keys.lock() {
            *kept = ring.clone();
        }
        Ok(ring)
    }
}

/// What PostgreSQL said, without the driver's "db error: " wrapping.
pub(super) fn db_message(e: &tokio_postgres::Error) -> String {
    match e.as_db_error() {
        Some(db) => db.message().to_string(),
        None => match std::error::Error::source(e) {
            Some(source) => format!("{e}: {source}"),
            None => e.to_string(),
        },
    }
}

/// `sql` prepared once per connection and kept: a query is then one round
/// trip instead of two.
pub(super) async fn cached<C: GenericClient + ?Sized>(
    client: &C,
    sql: &str,
) -> Result<Statement, tokio_postgres::Error> {
    client.prepare_cached(sql).await
}

/// Runs `sql` (prepared once per connection) with `params`: the rows it
/// changed.
pub(super) async fn execute<C: GenericClient + ?Sized>(
    client: &C,
    sql: &str,
    params: &[&(dyn ToSql + Sync)],
) -> Result<u64, tokio_postgres::Error> {
    client.execute(&cached(client, sql).await?, params).await
}

/// Runs `sql` (prepared once per connection) with `params`: the one row it
/// finds, if any.
pub(super) async fn query_opt<C: GenericClient + ?Sized>(
    client: &C,
    sql: &str,
    params: &[&(dyn ToSql + Sync)],
) -> Result<Option<Row>, tokio_postgres::Error> {
    client.query_opt(&cached(client, sql).await?, params).await
}

/// The match id `name` from a row of `arbiter_heads`: a name that is no
/// match id means the table was altered, which only a backup mends.
fn listed_match(name: &str) -> Result<MatchId, StoreError> {
    MatchId::parse(name).map_err(|_| {
        StoreError::Io(format!(
            "the database is damaged: arbiter_heads holds '{name}', which is not a match id; \
             restore it from a backup"
        ))
    })
}

/// Whether `e` is a broken primary key.
fn is_duplicate(e: &tokio_postgres::Error) -> bool {
    e.code() == Some(&SqlState::UNIQUE_VIOLATION)
}

impl EventStore for PgStore {
    fn append_all(
        &self,
        id: &MatchId,
        expected_seq: u64,
        events: Vec<NewEvent>,
    ) -> Result<Vec<Sealed>, StoreError> {
        if events.is_empty() {
            return Ok(Vec::new());
        }
        let id = id.clone();
        self.run(|inner| async move { writing::append(&inner, &id, expected_seq, events).await })
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
        if upto <= from {
            return Ok(Vec::new());
        }
        let rows = self.rows(
            sql::EVENTS_FROM,
            vec![
                Box::new(id.to_string()),
                Box::new(bigint(from)),
                Box::new(bigint(upto)),
            ],
        )?;
        Ok(rows.iter().map(rows::record).collect())
    }

    fn events_verified(&self, id: &MatchId) -> Result<(Vec<Sealed>, ChainReport), StoreError> {
        self.read_verified(id)
    }

    fn first_event(&self, id: &MatchId) -> Result<Option<Sealed>, StoreError> {
        let rows = self.rows(
            sql::EVENT_AT,
            vec![Box::new(id.to_string()), Box::new(0i64)],
        )?;
        rows.first()
            .map(|r| {
                rows::record(r)
                    .1
                    .map_err(|reason| StoreError::Corrupt { seq: 0, reason })
            })
            .transpose()
    }

    fn matches(&self) -> Result<Vec<MatchId>, StoreError> {
        let rows = self.rows(
            "SELECT match_id FROM arbiter_heads ORDER BY match_id",
            vec![],
        )?;
        let mut out = rows
            .iter()
            .map(|r| listed_match(r.get(0)))
            .collect::<Result<Vec<_>, _>>()?;
        // The database's collation may not be byte order: sort as sled does.
        out.sort();
        Ok(out)
    }

    fn heads(&self) -> Result<MatchHeads, StoreError> {
        let rows = self.rows(
            "SELECT match_id, next_seq, last_hash, frontier FROM arbiter_heads",
            vec![],
        )?;
        let mut out = Vec::with_capacity(rows.len());
        for row in &rows {
            let id = listed_match(row.get(0))?;
            let next: i64 = row.get(1);
            let last = rows::hash_of(row.get(2), "head hash").ok();
            out.push((id, last.map(|h| (u64::try_from(next).unwrap_or(0), h))));
        }
        // The database's collation may not be byte order: sort as sled does.
        out.sort_by(|a, b| a.0.cmp(&b.0));
        Ok(out)
    }

    fn verify(&self, id: &MatchId) -> Result<ChainReport, StoreError> {
        self.read_report(id)
    }

    fn keyring(&self) -> Keyring {
        let read = self.run(|inner| async move {
            let client = inner.client().await?;
            inner.read_keys(&client).await
        });
        // On failure, the keys last read (this server's own at least): a
        // lost connection is not a reason to call events unsigned.
        read.unwrap_or_else(|_| {
            self.inner
                .keys
                .lock()
                .map(|k| k.clone())
                .unwrap_or_else(|_| Keyring::from(&self.inner.recorder))
        })
    }

    fn add_token(&self, token: &str, who: &Identity) -> Result<(), StoreError> {
        self.put_token_record(&token_hash(token), &who.encode())
    }

    fn token_identity(&self, token: &str) -> Result<Option<Identity>, StoreError> {
        let hash = token_hash(token);
        let rows = self.rows(
            "SELECT identity FROM arbiter_tokens WHERE token_hash = $1",
            vec![Box::new(hash.clone())],
        )?;
        Ok(rows
            .first()
            .map(|r| Identity::decode(&hash[..12], r.get::<_, &[u8]>(0))))
    }

    fn recorder_key_id(&self) -> String {
        self.inner.recorder.key_id()
    }

    fn checkpoint(&self, id: &MatchId) -> Result<Checkpoint, StoreError> {
        let id = id.clone();
        self.run(|inner| async move { writing::checkpoint(&inner, &id).await })
    }

    fn witness_journal(&self) -> Result<Vec<u8>, StoreError> {
        let rows = self.rows(
            "SELECT receipt FROM arbiter_checkpoints ORDER BY match_id",
            vec![],
        )?;
        let mut text = String::new();
        for row in rows {
            // A receipt that does not read is left as a line that does not
            // parse: the journal's reader names it as damaged.
            match serde_json::from_str::<Checkpoint>(row.get(0)) {
                Ok(r) => text.push_str(&witness::line(&r)),
                Err(e) => text.push_str(&format!("unreadable receipt ({e})")),
            }
            text.push('\n');
        }
        Ok(text.into_bytes())
    }

    fn head(&self, id: &MatchId) -> Result<Option<(u64, Hash)>, StoreError> {
        let rows = self.rows(sql::HEAD, vec![Box::new(id.to_string())])?;
        rows.first()
            .map(|r| {
                StoredHead::of(r)
                    .pair()
                    .map_err(|reason| StoreError::Corrupt { seq: 0, reason })
            })
            .transpose()
    }

    fn location(&self) -> String {
        self.inner.shown.clone()
    }

    /// What an operator should know about the database: said when a server
    /// starts (data checksums off, so damage to its files could go
    /// unnoticed by PostgreSQL).
    fn cautions(&self) -> Vec<String> {
        match self.rows("SHOW data_checksums", vec![]) {
            Ok(rows) if rows.first().is_some_and(|r| r.get::<_, &str>(0) == "on") => Vec::new(),
            Ok(_) => vec![format!(
                "PostgreSQL's data checksums are off in {}: damage to its files may go unnoticed \
                 until arbiter reads a record (initdb --data-checksums, or pg_checksums --enable \
                 on a stopped cluster)",
                self.inner.shown
            )],
            Err(e) => vec![format!("cannot ask whether data checksums are on: {e}")],
        }
    }

    fn journal(&self) -> Result<witness::Journal, StoreError> {
        let text = self.witness_journal()?;
        witness::parse(text.as_slice(), &self.keyring())
            .map_err(|e| StoreError::Io(format!("cannot read the checkpoints: {e}")))
    }

    fn audit(&self) -> Result<Audit, StoreError> {
        let journal = self.journal()?;
        let names: Vec<String> = self
            .rows(
                "SELECT match_id FROM arbiter_heads \
                 UNION SELECT DISTINCT match_id FROM arbiter_events",
                vec![],
            )?
            .iter()
            .map(|r| r.get(0))
            .collect();
        let mut all: BTreeSet<String> = names.into_iter().collect();
        all.extend(journal.last.keys().cloned());
        let mut out = Audit {
            damaged_lines: journal.damaged.clone(),
            ..Audit::default()
        };
        for name in all {
            match MatchId::parse(&name) {
                Ok(id) => out.matches.push(audit::standing(self, &journal, &id)),
                Err(_) => out.store_damage.push(format!(
                    "{}: a row names a match '{name}' that is not a match id; the database was altered",
                    self.inner.shown
                )),
            }
        }
        Ok(out)
    }

    fn revoke_token(&self, which: &str) -> Result<String, StoreError> {
        let hashes = self.token_rows()?.into_iter().map(|(h, _)| h);
        let one = tokens::which_token(which, hashes)?;
        self.rows(
            "DELETE FROM arbiter_tokens WHERE token_hash = $1",
            vec![Box::new(one.clone())],
        )?;
        Ok(one.chars().take(12).collect())
    }

    fn token_records(&self) -> Result<Vec<(String, Vec<u8>)>, StoreError> {
        self.token_rows()
    }

    fn put_token_record(&self, hash: &str, record: &[u8]) -> Result<(), StoreError> {
        let (hash, record) = (hash.to_string(), record.to_vec());
        self.run(|inner| async move { writing::put_token(&inner, &hash, &record).await })
    }

    fn adopt(
        &self,
        id: &MatchId,
        events: &[Sealed],
        keys: &[(String, [u8; 32])],
    ) -> Result<(), StoreError> {
        let (id, events, keys) = (id.clone(), events.to_vec(), keys.to_vec());
        self.run(|inner| async move { writing::adopt(&inner, &id, &events, &keys).await })
    }

    fn put_transcript(&self, id: &MatchId, root: &str, pieces: &[Piece]) -> Result<(), StoreError> {
        self.put_pieces(id, root, pieces)
    }

    fn transcript(&self, id: &MatchId, root: &str) -> Result<Option<Vec<Piece>>, StoreError> {
        self.pieces(id, root)
    }

    fn drop_transcript(&self, id: &MatchId, root: &str) -> Result<(), StoreError> {
        self.drop_pieces(id, root)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Without a database to reach, opening fails with words that say what
    /// to check, and never panics.
    #[test]
    fn an_unreachable_database_is_a_clear_error() {
        let dir = tempfile::tempdir().expect("tempdir");
        // Port 1 on loopback: nothing listens there.
        let err = PgStore::open("postgres://arbiter@127.0.0.1:1/arbiter", dir.path())
            .expect_err("nothing listens on port 1");
        let text = err.to_string();
        assert!(matches!(err, StoreError::Unavailable(_)), "{text}");
        assert!(
            text.contains("postgres://arbiter@127.0.0.1:1/arbiter"),
            "{text}"
        );
        assert!(text.contains("check that PostgreSQL is running"), "{text}");
    }
}

/// Against a real database when `ARBITER_TEST_POSTGRES` names one (the
/// conformance suite in `tests/` covers the trait; this is the store's own
/// smoke check): a match written, read, verified and checkpointed.
#[cfg(test)]
mod live {
    use super::*;
    use crate::event::{Actor, Body};

    #[test]
    fn a_match_round_trips_when_a_database_is_given() {
        let Ok(url) = std::env::var("ARBITER_TEST_POSTGRES") else {
            eprintln!("skipped: set ARBITER_TEST_POSTGRES=postgres://… to run it");
            return;
        };
        let dir = tempfile::tempdir().expect("tempdir");
        let store = PgStore::open(&url, dir.path()).expect("open");
        let id = MatchId::parse(&format!("smoke-{}", std::process::id())).unwrap();
        let pass = || NewEvent {
            occurred_at: Utc::now(),
            actor: Actor::Host("kg".into()),
            body: Body::Pass,
        };
        use chrono::Utc;
        let first = store
            .append_all(&id, 0, vec![pass(), pass()])
            .expect("create");
        store.append(&id, 2, pass()).expect("append");
        assert!(matches!(
            store.append(&id, 2, pass()),
            Err(StoreError::Conflict { actual: 3, .. })
        ));
        let events = store.events(&id).expect("events");
        assert_eq!(events.len(), 3);
        assert_eq!(events[..2], first[..]);
        assert!(store.verify(&id).expect("verify").is_ok());
        let checkpoint = store.checkpoint(&id).expect("checkpoint");
        assert_eq!(
            checkpoint,
            Checkpoint::of(id.as_str(), &events, &store.inner.recorder)
        );
        assert!(store.check_witness(&id).expect("witness").damage.is_none());
        assert_eq!(store.head(&id).unwrap().unwrap().0, 3);
        assert!(store.matches().unwrap().contains(&id));
    }
}
