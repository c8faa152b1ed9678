//! Match files: a match id and its events as JSON, the form of the bundled
//! samples, of `arbiter export` and of `POST /api/matches`.
//!
//! The samples are compiled into the binary, so a fresh `arbiter serve`
//! finds them whatever its working directory.
//!
//! Must not import `replay`, `verify`, `import` or `web`: the replay reads
//! the match-file format from here, so this sits below them.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::log::transcript::{self, Piece};
use crate::log::{EventStore, MatchId, NewEvent, Sealed, StoreError};

/// A whole match as a file.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct MatchFile {
    pub id: String,
    pub events: Vec<NewEvent>,
    /// The pieces of the transcript its Create seals as commitments, as
    /// stored (removed ones as their hashes): absent for a match with no
    /// committed transcript.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub transcript: Option<Vec<Piece>>,
}

impl MatchFile {
    /// Match `id` as `store` holds it, in the form [`load`] reads back
    /// (what `arbiter export` prints): each event's time, actor and body.
    pub fn export(store: &dyn EventStore, id: &MatchId) -> Result<MatchFile, StoreError> {
        let events = store.events(id)?;
        let transcript = transcript::of_match(store, id, &events)?;
        Ok(MatchFile {
            id: id.to_string(),
            transcript,
            events: events
                .into_iter()
                .map(|s| NewEvent {
                    occurred_at: s.envelope.occurred_at,
                    actor: s.envelope.actor,
                    body: s.envelope.body,
                })
                .collect(),
        })
    }
}

/// The bundled sample matches: (file name, JSON).
pub const BUNDLED: &[(&str, &str)] = &[
    (
        "tj-penzo-cup-final.json",
        include_str!("../data/samples/tj-penzo-cup-final.json"),
    ),
    (
        "tj-simply-genius-dm4.json",
        include_str!("../data/samples/tj-simply-genius-dm4.json"),
    ),
    (
        "dr-colosseum-final.json",
        include_str!("../data/samples/dr-colosseum-final.json"),
    ),
    (
        "dr-chgg3-dm7.json",
        include_str!("../data/samples/dr-chgg3-dm7.json"),
    ),
    (
        "bj-code-red-dm5.json",
        include_str!("../data/samples/bj-code-red-dm5.json"),
    ),
    (
        "dg-bumper-cup-r2.json",
        include_str!("../data/samples/dg-bumper-cup-r2.json"),
    ),
    (
        "xl-inkwell-dm3.json",
        include_str!("../data/samples/xl-inkwell-dm3.json"),
    ),
    (
        "pm-abacus-final.json",
        include_str!("../data/samples/pm-abacus-final.json"),
    ),
];

#[derive(Debug, Error)]
pub enum LoadError {
    #[error("{file}: not a match file: {error}")]
    Json { file: String, error: String },
    #[error("{file}: {error}")]
    Id { file: String, error: String },
    #[error("{file}: {error}")]
    Store { file: String, error: StoreError },
}

/// Parses a match file.
pub fn parse(file: &str, json: &str) -> Result<(MatchId, Vec<NewEvent>), LoadError> {
    parse_whole(file, json).map(|(id, m)| (id, m.events))
}

/// Parses a match file, its transcript's pieces included.
pub fn parse_whole(file: &str, json: &str) -> Result<(MatchId, MatchFile), LoadError> {
    let m: MatchFile = serde_json::from_str(json).map_err(|e| LoadError::Json {
        file: file.to_string(),
        error: e.to_string(),
    })?;
    let id = MatchId::parse(&m.id).map_err(|error| LoadError::Id {
        file: file.to_string(),
        error,
    })?;
    Ok((id, m))
}

/// Appends a whole match; fails without writing when the id is taken.
pub fn load(store: &dyn EventStore, file: &str, json: &str) -> Result<(MatchId, usize), LoadError> {
    let (id, m) = parse_whole(file, json)?;
    let n = m.events.len();
    store_match(store, &id, m.events, m.transcript).map_err(|error| LoadError::Store {
        file: file.to_string(),
        error,
    })?;
    Ok((id, n))
}

/// Stores a new match: the pieces of the transcript its Create seals (if
/// it seals one) beside the log first, checked against the seal, then all
/// of its events or none. When the append fails (the id was taken
/// meanwhile) the pieces are forgotten again: they are kept under the root
/// only this Create seals, so nobody else's are touched.
pub fn store_match(
    store: &dyn EventStore,
    id: &MatchId,
    events: Vec<NewEvent>,
    pieces: Option<Vec<Piece>>,
) -> Result<Vec<Sealed>, StoreError> {
    let seal = events.first().and_then(|e| e.body.transcript_seal());
    // The root of pieces this write put there (to forget if it fails).
    let root = match (seal, &pieces) {
        (None, None) => None,
        (Some(seal), Some(pieces)) => {
            transcript::check(seal, pieces).map_err(|why| {
                StoreError::Io(format!("the transcript does not match its Create: {why}"))
            })?;
            if store.head(id)?.is_some() {
                return Err(StoreError::Exists(id.to_string()));
            }
            // The same match file loaded twice seals the same root: never
            // forget pieces that were there before this write.
            let there_before = store.transcript(id, &seal.root)?.is_some();
            store.put_transcript(id, &seal.root, pieces)?;
            (!there_before).then(|| seal.root.clone())
        }
        (Some(_), None) => {
            return Err(StoreError::Io(
                "the Create seals a transcript and the match comes without its pieces: give the match file's `transcript`".into(),
            ))
        }
        (None, Some(_)) => {
            return Err(StoreError::Io(
                "the match comes with transcript pieces and its first event is not a Create that seals them".into(),
            ))
        }
    };
    // All of the match or none of it.
    store.append_all(id, 0, events).inspect_err(|_| {
        if let Some(root) = &root {
            // Best effort: pieces left over are never read (no Create
            // names their root).
            let _ = store.drop_transcript(id, root);
        }
    })
}

/// Loads the bundled samples into an empty store; does nothing when the
/// store already holds matches. Returns the ids loaded.
pub fn load_bundled_if_empty(store: &dyn EventStore) -> Result<Vec<MatchId>, LoadError> {
    let empty = store
        .matches()
        .map_err(|error| LoadError::Store {
            file: "(store)".to_string(),
            error,
        })?
        .is_empty();
    if !empty {
        return Ok(Vec::new());
    }
    let mut loaded = Vec::new();
    for (file, json) in BUNDLED {
        match load(store, file, json) {
            Ok((id, _)) => loaded.push(id),
            // Another server on the same database loaded it at the same
            // moment: it is there, which is all that was wanted.
            Err(LoadError::Store {
                error: StoreError::Conflict { expected: 0, .. } | StoreError::Exists(_),
                ..
            }) => {}
            Err(e) => return Err(e),
        }
    }
    Ok(loaded)
}
