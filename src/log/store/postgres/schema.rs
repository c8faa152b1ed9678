//! The PostgreSQL store's tables, created and brought up to date by
//! arbiter itself when a store opens: numbered migrations, each applied
//! once, in order, in its own transaction, and recorded in
//! `arbiter_schema`.
//!
//! Several servers may start at once on one database. A migration first
//! inserts its row into `arbiter_schema` (primary key: its number), so a
//! second server applying the same one waits on that key until the first
//! commits, then fails on it, rolls back and finds it applied: primary
//! keys only, no advisory locks, so that a PostgreSQL-compatible engine
//! could run the same statements.
//!
//! Must not import anything above `log/` (a game, a page, the importer, the
//! verifier, the replay, bundles or samples): the log stores and seals, and
//! knows no game.

use tokio_postgres::error::SqlState;
use tokio_postgres::Client;

use super::Inner;
use crate::log::store::StoreError;

/// The migrations in order: (version, what it does, SQL).
const MIGRATIONS: &[(i32, &str, &str)] = &[
    (
        1,
        "events, heads, checkpoints, keys and tokens",
        "
    -- One row per sealed event. `envelope` is the exact canonical bytes
    -- the seal hashes (sha256(prev_hash ‖ envelope) = hash, signed by
    -- key_id): verification recomputes everything from them.
    CREATE TABLE arbiter_events (
        match_id  text   NOT NULL,
        seq       bigint NOT NULL CHECK (seq >= 0),
        envelope  bytea  NOT NULL,
        prev_hash bytea  NOT NULL,
        hash      bytea  NOT NULL,
        key_id    text   NOT NULL,
        signature bytea  NOT NULL,
        PRIMARY KEY (match_id, seq)
    );
    -- The commit point of each match: its next seq, the hash of its last
    -- event and the Merkle tree's right frontier (receipts in O(log n)).
    -- An append locks this row (SELECT … FOR UPDATE) for its transaction.
    CREATE TABLE arbiter_heads (
        match_id  text   PRIMARY KEY,
        next_seq  bigint NOT NULL CHECK (next_seq > 0),
        last_hash bytea  NOT NULL,
        frontier  bytea  NOT NULL
    );
    -- The receipt of each match's last acknowledged append (JSON of the
    -- signed checkpoint), written in the append's transaction: the
    -- witness `verify` compares the log with.
    CREATE TABLE arbiter_checkpoints (
        match_id text   PRIMARY KEY,
        size     bigint NOT NULL,
        receipt  text   NOT NULL
    );
    -- Every public key that ever signed here, from any server.
    CREATE TABLE arbiter_keys (
        key_id     text  PRIMARY KEY,
        public_key bytea NOT NULL
    );
    -- sha256 of each write token (never the token) and whom it speaks for.
    CREATE TABLE arbiter_tokens (
        token_hash text  PRIMARY KEY,
        identity   bytea NOT NULL
    );
    ",
    ),
    (
        2,
        "transcripts kept beside the log",
        "
    -- The pieces of each committed transcript (JSON), under the Merkle
    -- root its Create seals. A redaction rewrites the row whole.
    CREATE TABLE arbiter_transcripts (
        match_id text  NOT NULL,
        root     text  NOT NULL,
        pieces   bytea NOT NULL,
        PRIMARY KEY (match_id, root)
    );
    ",
    ),
];

/// The newest schema this arbiter knows.
pub(super) const VERSION: i32 = MIGRATIONS[MIGRATIONS.len() - 1].0;

/// Creates the tables or brings them up to [`VERSION`]; refuses a
/// database whose schema is newer than this arbiter.
pub(super) async fn migrate(inner: &Inner, client: &mut Client) -> Result<(), StoreError> {
    let created = client
        .batch_execute(
            "CREATE TABLE IF NOT EXISTS arbiter_schema (
                 version     integer     PRIMARY KEY,
                 description text        NOT NULL,
                 applied_at  timestamptz NOT NULL DEFAULT now()
             )",
        )
        .await;
    if let Err(e) = created {
        // Two servers creating it at once: one of them fails on the
        // catalog's unique key; the table is there either way.
        let raced = matches!(
            e.code(),
            Some(&SqlState::UNIQUE_VIOLATION) | Some(&SqlState::DUPLICATE_TABLE)
        );
        if !raced {
            return Err(inner.error(e));
        }
    }
    let newest: Option<i32> = client
        .query_one("SELECT max(version) FROM arbiter_schema", &[])
        .await
        .map_err(|e| inner.error(e))?
        .get(0);
    if let Some(newest) = newest.filter(|&v| v > VERSION) {
        return Err(StoreError::Io(format!(
            "the database {} holds arbiter's schema version {newest}, newer than this arbiter's \
             ({VERSION}): run a newer arbiter against it",
            inner.shown
        )));
    }
    for &(version, description, sql) in MIGRATIONS {
        if newest.is_some_and(|v| v >= version) {
            continue;
        }
        let tx = client.transaction().await.map_err(|e| inner.error(e))?;
        let claimed = tx
            .execute(
                "INSERT INTO arbiter_schema (version, description) VALUES ($1, $2)",
                &[&version, &description],
            )
            .await;
        match claimed {
            Ok(_) => {}
            // Another server applied it (and has committed: the key
            // waited for it).
            Err(e) if e.code() == Some(&SqlState::UNIQUE_VIOLATION) => continue,
            Err(e) => return Err(inner.error(e)),
        }
        tx.batch_execute(sql).await.map_err(|e| {
            StoreError::Io(format!(
                "cannot bring the database {} to schema version {version} ({description}): {}",
                inner.shown,
                super::db_message(&e)
            ))
        })?;
        tx.commit().await.map_err(|e| inner.error(e))?;
    }
    Ok(())
}
