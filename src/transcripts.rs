//! A match's transcript beside its log: sealed as commitments when the
//! match is stored, read back for pages and exports, checked against its
//! seal, and redacted on request.
//!
//! An import hands over a Create that carries its transcript whole (the
//! first two versions of Create); [`commit_create`] cuts the transcript at
//! its messages (as the importer numbers them), salts and hashes each
//! piece, and seals only the root in the third version, the pieces going
//! beside the log ([`crate::samples::store_match`]). A redaction appends a
//! Redaction event, then rewrites the pieces with the removed ones reduced
//! to their hashes: if the second step is cut short, running it again
//! finishes it ([`redact`] is idempotent per message).
//!
//! Sits beside `verify` and `bundle`: it may import the log, the importer
//! and the vocabulary; it must not import `web`.

use std::collections::BTreeSet;

use crate::event::{Actor, Body, CommittedCreate, Create, NewEvent, Redaction, TranscriptSeal};
use crate::import::{self, Transcript};
use crate::log::transcript::{self, MessageStart, Piece, TranscriptCheck};
use crate::log::{EventStore, MatchId, Sealed, StoreError};
use crate::verify::TranscriptFinding;

/// Seals the transcript a Create at `events[0]` carries whole as
/// commitments: the Create becomes the committed version and the pieces
/// are returned, to be stored beside it. `read` is the importer's reading
/// of that transcript when the caller has it (its message numbers are the
/// report's); without it the transcript is read again from its format.
/// `Ok(None)` when there is no transcript to seal.
pub fn commit_create(
    events: &mut [NewEvent],
    read: Option<&Transcript>,
) -> Result<Option<Vec<Piece>>, String> {
    let Some(first) = events.first_mut() else {
        return Ok(None);
    };
    let (create, review) = match &first.body {
        Body::Create(c) => (c.clone(), None),
        Body::CreateReviewed(r) => (r.create.clone(), Some(r.review.clone())),
        _ => return Ok(None),
    };
    let Some(source) = create.source.clone() else {
        return Ok(None);
    };
    let reread;
    let read = match read {
        Some(t) => Some(t),
        None => {
            reread = read_again(&source.text, &source.format, first, review.as_ref());
            reread.as_ref()
        }
    };
    let starts: Vec<MessageStart> = read
        .map(|t| {
            t.messages
                .iter()
                .map(|m| MessageStart {
                    line: m.lines.start,
                    author: m.author.clone(),
                    time: m.stamp.clone(),
                })
                .collect()
        })
        .unwrap_or_default();
    let pieces = transcript::cut(&source.text, &starts)?;
    let seal = transcript::seal(&source.format, &source.name, &pieces)?;
    let review = review.map(|mut r| {
        // An unsalted hash of a message's text would let a removed short
        // message be guessed back: each correction names its message's
        // salted leaf instead.
        for c in &mut r.corrections {
            c.message_sha256 = pieces
                .iter()
                .find(|p| p.messages.contains(&c.message))
                .and_then(|p| transcript::leaf(p).ok())
                .map(hex::encode)
                .unwrap_or_default();
        }
        r
    });
    first.body = Body::CreateCommitted(Box::new(CommittedCreate {
        create: Create {
            source: None,
            ..create
        },
        transcript: seal,
        review,
    }));
    Ok(Some(pieces))
}

/// The transcript read again to find its messages, in the time zone and
/// from the day its review names (UTC and the Create's day otherwise):
/// only where messages begin matters here, and that never depends on
/// times. `None` when it does not read.
fn read_again(
    text: &str,
    format: &str,
    create: &NewEvent,
    review: Option<&crate::event::Review>,
) -> Option<Transcript> {
    let tz = review
        .and_then(|r| r.zone.parse().ok())
        .unwrap_or(chrono_tz::UTC);
    let date = review
        .and_then(|r| chrono::NaiveDate::parse_from_str(&r.date, "%Y-%m-%d").ok())
        .unwrap_or_else(|| create.occurred_at.date_naive());
    let forced = import::Format::from_slug(format);
    let mut ctx = import::TimeContext::new(tz, date);
    match import::read_transcript(text, forced, &ctx) {
        Ok(t) => Some(t),
        Err(import::ImportError::AmbiguousDates { .. }) => {
            ctx.date_order = Some(import::DateOrder::DayFirst);
            import::read_transcript(text, forced, &ctx).ok()
        }
        Err(_) => None,
    }
}

/// Stores a new match whose Create may carry its transcript whole: sealed
/// as commitments first ([`commit_create`]), then stored with its pieces.
pub fn store_new(
    store: &dyn EventStore,
    id: &MatchId,
    mut events: Vec<NewEvent>,
    read: Option<&Transcript>,
) -> Result<Vec<Sealed>, StoreError> {
    let pieces = commit_create(&mut events, read)
        .map_err(|why| StoreError::Io(format!("cannot seal the transcript: {why}")))?;
    crate::samples::store_match(store, id, events, pieces)
}

/// A match's transcript as kept: its seal and its pieces.
#[derive(Clone, Debug)]
pub struct Kept {
    pub seal: TranscriptSeal,
    pub pieces: Vec<Piece>,
}

/// The transcript match `id` keeps beside its log, when its Create seals
/// one; `Err` when the pieces are missing (the store lost them).
pub fn kept(
    store: &dyn EventStore,
    id: &MatchId,
    create: &Body,
) -> Result<Option<Kept>, StoreError> {
    let Some(seal) = create.transcript_seal() else {
        return Ok(None);
    };
    Ok(Some(Kept {
        seal: seal.clone(),
        pieces: transcript::sealed(store, id, seal)?,
    }))
}

/// Checks the transcript match `id` keeps against the seal in its Create
/// (`events[0]`), and every removed piece against a Redaction before it:
/// `None` when the Create seals none message by message.
pub fn check(store: &dyn EventStore, id: &MatchId, events: &[Sealed]) -> Option<TranscriptFinding> {
    let first = events.first()?;
    let checked = match kept(store, id, &first.envelope.body) {
        Ok(None) => return None,
        Ok(Some(k)) => check_pieces(&k, events),
        Err(e) => Err(e.to_string()),
    };
    Some(TranscriptFinding::of(checked))
}

/// Why match `id`'s kept transcript does not check, if it does not: the
/// damage `verify --all` and `export` name (see [`check`]).
pub fn broken(store: &dyn EventStore, id: &MatchId, events: &[Sealed]) -> Option<String> {
    check(store, id, events)
        .filter(|t| !t.intact)
        .map(|t| t.problem.unwrap_or_else(|| "it does not check".into()))
}

/// Checks `kept` against its seal and the log's Redaction events.
pub fn check_pieces(kept: &Kept, events: &[Sealed]) -> Result<TranscriptCheck, String> {
    transcript::check_with_log(
        &kept.seal,
        &kept.pieces,
        events.iter().map(|e| (e.envelope.seq, &e.envelope.body)),
    )
}

/// What a redaction did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Redacted {
    /// The Redaction event's seq (an earlier one when it had been
    /// appended before and only its removal is finished now).
    pub seq: u64,
    /// Every message whose text is now gone, the asked ones and any that
    /// shared a piece with them. Events read from them (moves, claims,
    /// rulings) stay: the match's record is the point.
    pub removed: Vec<u32>,
}

/// Removes `messages` of match `id`'s transcript on request of the admin
/// `admin`: appends a Redaction event (who, which, why), then rewrites
/// the kept pieces without their text and salt. Messages already removed
/// are left as they are; asking again for messages whose Redaction was
/// appended but whose text is still kept (a run cut short) finishes it.
pub fn redact(
    store: &dyn EventStore,
    id: &MatchId,
    messages: &[u32],
    reason: &str,
    admin: &str,
) -> Result<Redacted, RedactError> {
    if messages.is_empty() {
        return Err(RedactError::Asked("name at least one message".into()));
    }
    if reason.trim().is_empty() {
        return Err(RedactError::Asked(
            "give the reason for the removal (it is kept in the record)".into(),
        ));
    }
    let events = store.events(id).map_err(RedactError::Store)?;
    let first = events
        .first()
        .ok_or_else(|| RedactError::Asked(format!("match {id} has no events")))?;
    let Some(mut kept) = kept(store, id, &first.envelope.body).map_err(RedactError::Store)? else {
        return Err(RedactError::NotCommitted(id.to_string()));
    };
    // Checked first: a transcript that no longer matches its seal is
    // damage to restore, not something to write over.
    // (Against the seal alone: a redaction cut short, its event written
    // and its text still kept, is what this call finishes.)
    transcript::check(&kept.seal, &kept.pieces).map_err(RedactError::Damaged)?;
    transcript::has_messages(&kept.pieces, messages).map_err(RedactError::Asked)?;
    let asked: BTreeSet<u32> = messages.iter().copied().collect();
    let already: BTreeSet<u32> = transcript::removed_messages(&kept.pieces)
        .into_iter()
        .collect();
    let pending = pending_redaction(&events, &already, &asked);
    let seq = match pending {
        Some(seq) => seq,
        None => {
            let to_remove: Vec<u32> = asked.difference(&already).copied().collect();
            if to_remove.is_empty() {
                return Err(RedactError::Asked(format!(
                    "{} already removed",
                    crate::event::message_list(&asked.iter().copied().collect::<Vec<_>>())
                )));
            }
            let event = NewEvent {
                occurred_at: chrono::Utc::now(),
                actor: Actor::Operator(admin.to_string()),
                body: Body::Redaction(Redaction {
                    messages: to_remove,
                    reason: reason.trim().to_string(),
                }),
            };
            let sealed = store
                .append(id, events.len() as u64, event)
                .map_err(RedactError::Store)?;
            sealed.envelope.seq
        }
    };
    let asked_list: Vec<u32> = asked.iter().copied().collect();
    let removed = transcript::remove(&mut kept.pieces, &asked_list, seq, reason.trim())
        .map_err(RedactError::Asked)?;
    store
        .put_transcript(id, &kept.seal.root, &kept.pieces)
        .map_err(RedactError::Store)?;
    Ok(Redacted { seq, removed })
}

/// The seq of a Redaction already in the log that names every asked
/// message not yet removed (a run cut short between its two steps).
fn pending_redaction(
    events: &[Sealed],
    already: &BTreeSet<u32>,
    asked: &BTreeSet<u32>,
) -> Option<u64> {
    let left: Vec<u32> = asked.difference(already).copied().collect();
    if left.is_empty() {
        return None;
    }
    events.iter().rev().find_map(|e| match &e.envelope.body {
        Body::Redaction(r) if left.iter().all(|m| r.messages.contains(m)) => Some(e.envelope.seq),
        _ => None,
    })
}

/// Why a redaction was not made.
#[derive(Debug, thiserror::Error)]
pub enum RedactError {
    #[error("{0}")]
    Asked(String),
    #[error("match {0} keeps its transcript whole in its sealed Create (it was stored before transcripts were sealed message by message, or without one), so no message of it can be removed without breaking the seal; import the transcript again as a new match that supersedes it, then redact that one")]
    NotCommitted(String),
    #[error("the kept transcript does not match its seal ({0}): restore the data directory from a backup before redacting")]
    Damaged(String),
    #[error(transparent)]
    Store(StoreError),
}
