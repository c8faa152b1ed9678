//! What both stores do alike when they append: refuse an append that
//! expects a seq the match is not at, and seal a new event into the record
//! that stores it. One place, so that sled and PostgreSQL refuse in the
//! same words and what one store takes the other can hold.
//!
//! It owns no tree and no table; like all of `log/` it names no game.

use chrono::{DateTime, Utc};

use super::{encode_record, StoreError};
use crate::event::{Envelope, MatchId, NewEvent};
use crate::log::seal::{Hash, Recorder, Sealed};

/// Refuses an append that expects seq `expected` where match `id`'s next
/// seq is `next`: no such match when it has no events yet, a conflict
/// (reload and try again) when it has moved on. Both stores ask this.
pub(super) fn check_expected(id: &MatchId, expected: u64, next: u64) -> Result<(), StoreError> {
    if next == expected {
        return Ok(());
    }
    Err(if next == 0 {
        StoreError::NotFound(id.to_string())
    } else {
        StoreError::Conflict {
            match_id: id.to_string(),
            expected,
            actual: next,
        }
    })
}

/// `event` sealed as match `id`'s event `seq` after the hash `prev`, with
/// the record that stores it. Both stores seal this way, so what one store
/// takes the other can hold (and `migrate` can copy); an event that cannot
/// be sealed or would not read back is not recorded.
pub(super) fn seal_new(
    recorder: &Recorder,
    id: &MatchId,
    (seq, prev): (u64, Hash),
    recorded_at: DateTime<Utc>,
    event: NewEvent,
) -> Result<(Sealed, Vec<u8>), StoreError> {
    let envelope = Envelope {
        match_id: id.clone(),
        seq,
        occurred_at: event.occurred_at,
        recorded_at,
        actor: event.actor,
        body: event.body,
    };
    let not_recorded = |reason: String| StoreError::Io(format!("not recorded: {reason}"));
    let sealed = recorder.try_seal(envelope, prev).map_err(not_recorded)?;
    let record = encode_record(&sealed).map_err(not_recorded)?;
    Ok((sealed, record))
}
