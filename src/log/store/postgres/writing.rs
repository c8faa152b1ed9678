//! Writing to the PostgreSQL store: appends (one transaction each, the
//! head row locked, acknowledged after commit), adopting events sealed
//! elsewhere, receipts, keys and tokens. See the parent module for why the
//! order of statements keeps sled's guarantees.
//!
//! Must not import anything above `log/` (a game, a page, the importer, the
//! verifier, the replay, bundles or samples): the log stores and seals, and
//! knows no game.

use chrono::Utc;
use deadpool_postgres::{GenericClient, Transaction};

use super::rows::{self, bigint, StoredHead};
use super::{cached, db_message, execute, is_duplicate, query_opt, Inner};
use crate::event::{MatchId, NewEvent};
use crate::log::checkpoint::Checkpoint;
use crate::log::merkle::Frontier;
use crate::log::seal::{self, Hash, Sealed, GENESIS};
use crate::log::store::witnessing::{adopted_from, check_adopted};
use crate::log::store::{check_expected, seal_new, StoreError};

/// Rows per INSERT statement (7 parameters a row; PostgreSQL takes at most
/// 65,535 parameters in one statement).
const ROWS_PER_INSERT: usize = 1000;

/// Appends `events` to match `id` at `expected` onward, all or none.
pub(super) async fn append(
    inner: &Inner,
    id: &MatchId,
    expected: u64,
    events: Vec<NewEvent>,
) -> Result<Vec<Sealed>, StoreError> {
    inner.may_seal()?;
    let recorded_at = Utc::now();
    let mut client = inner.client().await?;
    let tx = client.transaction().await.map_err(|e| inner.error(e))?;
    let head = locked_head(inner, &tx, id).await?;
    let next = head.as_ref().map_or(0, |h| h.next);
    check_expected(id, expected, next)?;
    let (mut frontier, mut last) = match &head {
        None => (Frontier::default(), GENESIS),
        Some(h) => {
            let last = h
                .last
                .clone()
                .map_err(|reason| StoreError::Corrupt { seq: next, reason })?;
            (frontier_at(inner, &tx, id, h).await?, last)
        }
    };
    let mut sealed = Vec::with_capacity(events.len());
    for (seq, event) in (next..).zip(events) {
        // Sealed as sled seals, with the same bound on its record.
        let (s, _) = seal_new(&inner.recorder, id, (seq, last), recorded_at, event)?;
        frontier.push(&s.hash);
        last = s.hash;
        sealed.push(s);
    }
    let size = next + sealed.len() as u64;
    let receipt = Checkpoint::signed(
        id.as_str(),
        size,
        frontier.root(),
        recorded_at,
        &inner.recorder,
    );
    let written = async {
        insert_events(&tx, id, &sealed).await?;
        write_head(&tx, id, head.is_none(), size, &last, &frontier, &receipt).await
    }
    .await;
    if let Err(e) = written {
        drop(tx);
        return Err(if is_duplicate(&e) {
            // Another server created this match first: its head is there
            // now (the key waited for its commit).
            raced(inner, &client, id, expected).await
        } else {
            inner.error(e)
        });
    }
    tx.commit().await.map_err(|e| unsure(inner, e))?;
    Ok(sealed)
}

/// A commit whose answer was lost: the append may or may not be stored.
fn unsure(inner: &Inner, e: tokio_postgres::Error) -> StoreError {
    match inner.error(e) {
        StoreError::Unavailable(why) => StoreError::Unavailable(format!(
            "{why}; the append may or may not have been stored: reload the match before trying again"
        )),
        other => other,
    }
}

/// The error for an append that lost a race to create match `id`.
async fn raced(
    inner: &Inner,
    client: &deadpool_postgres::Object,
    id: &MatchId,
    expected: u64,
) -> StoreError {
    let head = match cached(client, super::sql::HEAD).await {
        Ok(statement) => client.query_opt(&statement, &[&id.as_str()]).await,
        Err(e) => Err(e),
    };
    match head {
        Ok(Some(row)) => StoreError::Conflict {
            match_id: id.to_string(),
            expected,
            actual: StoredHead::of(&row).next,
        },
        Ok(None) => StoreError::Corrupt {
            seq: 0,
            reason: "events are already stored under this new match's id, with no head; \
                     refusing to overwrite them"
                .into(),
        },
        Err(e) => inner.error(e),
    }
}

/// Match `id`'s head row, locked for this transaction.
async fn locked_head(
    inner: &Inner,
    tx: &Transaction<'_>,
    id: &MatchId,
) -> Result<Option<StoredHead>, StoreError> {
    let row = query_opt(
        tx,
        "SELECT next_seq, last_hash, frontier FROM arbiter_heads \
             WHERE match_id = $1 FOR UPDATE",
        &[&id.as_str()],
    )
    .await
    .map_err(|e| inner.error(e))?;
    Ok(row.map(|r| StoredHead::of(&r)))
}

/// The Merkle frontier of the match under `head`: the stored one when it
/// is of the head's size, else rebuilt from the events' hashes.
async fn frontier_at(
    inner: &Inner,
    client: &impl GenericClient,
    id: &MatchId,
    head: &StoredHead,
) -> Result<Frontier, StoreError> {
    if let Ok(f) = &head.frontier {
        if f.size() == head.next {
            return Ok(f.clone());
        }
    }
    let rows = client
        .query(
            &cached(client, "SELECT seq, hash FROM arbiter_events WHERE match_id = $1 AND seq < $2 ORDER BY seq").await.map_err(|e| inner.error(e))?,
            &[&id.as_str(), &bigint(head.next)],
        )
        .await
        .map_err(|e| inner.error(e))?;
    let mut f = Frontier::default();
    for (expected, row) in (0u64..).zip(&rows) {
        let seq: i64 = row.get(0);
        let hash: &[u8] = row.get(1);
        let corrupt = |reason: String| StoreError::Corrupt {
            seq: expected,
            reason,
        };
        if seq != bigint(expected) {
            return Err(corrupt("the event is missing below the head".into()));
        }
        f.push(&rows::hash_of(hash, "hash").map_err(corrupt)?);
    }
    if f.size() != head.next {
        return Err(StoreError::Corrupt {
            seq: f.size(),
            reason: "the event is missing below the head".into(),
        });
    }
    Ok(f)
}

/// An event's columns that are not kept as they are in [`Sealed`].
struct EventRow {
    seq: i64,
    envelope: Vec<u8>,
    prev_hash: Vec<u8>,
    hash: Vec<u8>,
}

impl EventRow {
    fn of(s: &Sealed) -> EventRow {
        EventRow {
            seq: bigint(s.envelope.seq),
            // Sealing made these bytes already; a failure here would have
            // failed the seal.
            envelope: seal::try_canonical_bytes(&s.envelope).unwrap_or_default(),
            prev_hash: s.prev_hash.to_vec(),
            hash: s.hash.to_vec(),
        }
    }
}

/// Inserts `sealed`, [`ROWS_PER_INSERT`] rows a statement.
async fn insert_events(
    tx: &Transaction<'_>,
    id: &MatchId,
    sealed: &[Sealed],
) -> Result<(), tokio_postgres::Error> {
    for chunk in sealed.chunks(ROWS_PER_INSERT) {
        let mut sql = String::from(
            "INSERT INTO arbiter_events \
             (match_id, seq, envelope, prev_hash, hash, key_id, signature) VALUES ",
        );
        let owned: Vec<EventRow> = chunk.iter().map(EventRow::of).collect();
        let match_id = id.as_str();
        let mut params: Vec<&(dyn tokio_postgres::types::ToSql + Sync)> =
            Vec::with_capacity(chunk.len() * 6 + 1);
        params.push(&match_id);
        for (i, (s, row)) in chunk.iter().zip(&owned).enumerate() {
            let at = 2 + i * 6;
            if i > 0 {
                sql.push(',');
            }
            sql.push_str(&format!(
                "($1, ${}, ${}, ${}, ${}, ${}, ${})",
                at,
                at + 1,
                at + 2,
                at + 3,
                at + 4,
                at + 5
            ));
            params.extend_from_slice(&[
                &row.seq,
                &row.envelope,
                &row.prev_hash,
                &row.hash,
                &s.key_id,
                &s.signature,
            ]);
        }
        // One event (an append) is the common statement: kept prepared.
        // Batches of other sizes are prepared for the once.
        let statement = if chunk.len() == 1 {
            cached(tx, &sql).await?
        } else {
            tx.prepare(&sql).await?
        };
        tx.execute(&statement, &params).await?;
    }
    Ok(())
}

/// Writes match `id`'s head (a new row, or the locked one moved on) and
/// its receipt.
async fn write_head(
    tx: &Transaction<'_>,
    id: &MatchId,
    new: bool,
    size: u64,
    last: &Hash,
    frontier: &Frontier,
    receipt: &Checkpoint,
) -> Result<(), tokio_postgres::Error> {
    let (size, last, frontier) = (bigint(size), last.to_vec(), frontier.encode());
    let receipt = serde_json::to_string(receipt).unwrap_or_default();
    let match_id = id.as_str();
    if new {
        execute(
            tx,
            "INSERT INTO arbiter_heads (match_id, next_seq, last_hash, frontier) \
             VALUES ($1, $2, $3, $4)",
            &[&match_id, &size, &last, &frontier],
        )
        .await?;
    } else {
        execute(
            tx,
            "UPDATE arbiter_heads SET next_seq = $2, last_hash = $3, frontier = $4 \
             WHERE match_id = $1",
            &[&match_id, &size, &last, &frontier],
        )
        .await?;
    }
    // The head row is locked (or new) here, so no other transaction writes
    // this match's receipt now.
    let updated = execute(
        tx,
        "UPDATE arbiter_checkpoints SET size = $2, receipt = $3 WHERE match_id = $1",
        &[&match_id, &size, &receipt],
    )
    .await?;
    if updated == 0 {
        execute(
            tx,
            "INSERT INTO arbiter_checkpoints (match_id, size, receipt) VALUES ($1, $2, $3)",
            &[&match_id, &size, &receipt],
        )
        .await?;
    }
    Ok(())
}

/// Stores `events`, sealed elsewhere, as match `id` (see
/// [`EventStore::adopt`](crate::log::EventStore::adopt)).
pub(super) async fn adopt(
    inner: &Inner,
    id: &MatchId,
    events: &[Sealed],
    keys: &[(String, [u8; 32])],
) -> Result<(), StoreError> {
    inner.may_seal()?;
    let mut client = inner.client().await?;
    for (kid, public) in keys {
        publish_key(inner, &client, kid, public).await?;
    }
    let ring = inner.read_keys(&client).await?;
    check_adopted(id, events, &ring)?;
    let Some(last) = events.last() else {
        return Ok(());
    };
    let tx = client.transaction().await.map_err(|e| inner.error(e))?;
    let head = locked_head(inner, &tx, id).await?;
    let held = head.as_ref().and_then(|h| h.pair().ok());
    if head.is_some() && held.is_none() {
        return Err(StoreError::Exists(id.to_string()));
    }
    let from = adopted_from(id, held, events)?;
    let n = events.len() as u64;
    if from == n {
        return Ok(());
    }
    let frontier = Frontier::of(&events.iter().map(|s| s.hash).collect::<Vec<_>>());
    let receipt = Checkpoint::of(id.as_str(), events, &inner.recorder);
    let written = async {
        insert_events(&tx, id, &events[from as usize..]).await?;
        write_head(&tx, id, head.is_none(), n, &last.hash, &frontier, &receipt).await
    }
    .await;
    match written {
        Err(e) if is_duplicate(&e) => Err(StoreError::Exists(id.to_string())),
        Err(e) => Err(inner.error(e)),
        Ok(()) => tx.commit().await.map_err(|e| unsure(inner, e)),
    }
}

/// Match `id`'s checkpoint as it stands: the receipt of its last append
/// when it is the head's, else signed anew from the head's frontier (or,
/// when that is out of step, from the whole log).
pub(super) async fn checkpoint(inner: &Inner, id: &MatchId) -> Result<Checkpoint, StoreError> {
    let client = inner.client().await?;
    let row = query_opt(
        &client,
        "SELECT h.next_seq, h.last_hash, h.frontier, c.receipt \
             FROM arbiter_heads h LEFT JOIN arbiter_checkpoints c ON c.match_id = h.match_id \
             WHERE h.match_id = $1",
        &[&id.as_str()],
    )
    .await
    .map_err(|e| inner.error(e))?
    .ok_or_else(|| StoreError::NotFound(id.to_string()))?;
    let head = StoredHead::of(&row);
    let kept: Option<Checkpoint> = row
        .get::<_, Option<String>>(3)
        .and_then(|r| serde_json::from_str(&r).ok());
    let frontier = frontier_at(inner, &client, id, &head).await?;
    if let Some(kept) = kept.filter(|k| k.size == head.next && k.root == frontier.root()) {
        return Ok(kept);
    }
    inner.may_seal()?;
    let last = client
        .query_opt(
            &cached(&client, super::sql::EVENT_AT)
                .await
                .map_err(|e| inner.error(e))?,
            &[&id.as_str(), &bigint(head.next.saturating_sub(1))],
        )
        .await
        .map_err(|e| inner.error(e))?
        .map(|r| rows::record(&r).1);
    match last {
        Some(Ok(sealed)) => Ok(Checkpoint::signed(
            id.as_str(),
            head.next,
            frontier.root(),
            sealed.envelope.recorded_at,
            &inner.recorder,
        )),
        Some(Err(reason)) => Err(StoreError::Corrupt {
            seq: head.next.saturating_sub(1),
            reason,
        }),
        None => Err(StoreError::Corrupt {
            seq: head.next.saturating_sub(1),
            reason: "the last event is missing below the head".into(),
        }),
    }
}

/// Publishes public key `public` under `kid` (once); refuses other bytes
/// under the same id.
pub(super) async fn publish_key(
    inner: &Inner,
    client: &impl GenericClient,
    kid: &str,
    public: &[u8; 32],
) -> Result<(), StoreError> {
    for _ in 0..2 {
        let held = query_opt(
            client,
            "SELECT public_key FROM arbiter_keys WHERE key_id = $1",
            &[&kid],
        )
        .await
        .map_err(|e| inner.error(e))?;
        match held {
            Some(row) if row.get::<_, &[u8]>(0) == public => return Ok(()),
            Some(_) => {
                return Err(StoreError::Io(format!(
                    "the database {} holds a different public key under key id {kid}; \
                     it was altered, or two stores disagree on a key: restore it from a backup",
                    inner.shown
                )))
            }
            None => {}
        }
        let inserted = execute(
            client,
            "INSERT INTO arbiter_keys (key_id, public_key) VALUES ($1, $2)",
            &[&kid, &public.as_slice()],
        )
        .await;
        match inserted {
            Ok(_) => return Ok(()),
            // Another server published it at the same moment: read again.
            Err(e) if is_duplicate(&e) => continue,
            Err(e) => return Err(inner.error(e)),
        }
    }
    Err(StoreError::Io(format!(
        "cannot publish key {kid} in {}",
        inner.shown
    )))
}

/// Stores a token record, replacing any under the same hash.
pub(super) async fn put_token(inner: &Inner, hash: &str, record: &[u8]) -> Result<(), StoreError> {
    let mut client = inner.client().await?;
    let tx = client.transaction().await.map_err(|e| inner.error(e))?;
    let updated = execute(
        &tx,
        "UPDATE arbiter_tokens SET identity = $2 WHERE token_hash = $1",
        &[&hash, &record],
    )
    .await
    .map_err(|e| inner.error(e))?;
    if updated == 0 {
        execute(
            &tx,
            "INSERT INTO arbiter_tokens (token_hash, identity) VALUES ($1, $2)",
            &[&hash, &record],
        )
        .await
        .map_err(|e| {
            if is_duplicate(&e) {
                StoreError::Io(format!(
                    "the token was stored twice at once ({}); try again",
                    db_message(&e)
                ))
            } else {
                inner.error(e)
            }
        })?;
    }
    tx.commit().await.map_err(|e| inner.error(e))
}
