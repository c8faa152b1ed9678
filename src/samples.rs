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

use crate::log::{EventStore, MatchId, NewEvent, StoreError};

/// A whole match as a file.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct MatchFile {
    pub id: String,
    pub events: Vec<NewEvent>,
}

impl MatchFile {
    /// Match `id` as `store` holds it, in the form [`load`] reads back
    /// (what `arbiter export` prints): each event's time, actor and body.
    pub fn export(store: &dyn EventStore, id: &MatchId) -> Result<MatchFile, StoreError> {
        let events = store.events(id)?;
        Ok(MatchFile {
            id: id.to_string(),
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
    let m: MatchFile = serde_json::from_str(json).map_err(|e| LoadError::Json {
        file: file.to_string(),
        error: e.to_string(),
    })?;
    let id = MatchId::parse(&m.id).map_err(|error| LoadError::Id {
        file: file.to_string(),
        error,
    })?;
    Ok((id, m.events))
}

/// Appends a whole match; fails without writing when the id is taken.
pub fn load(store: &dyn EventStore, file: &str, json: &str) -> Result<(MatchId, usize), LoadError> {
    let (id, events) = parse(file, json)?;
    let n = events.len();
    // All of the match or none of it.
    store
        .append_all(&id, 0, events)
        .map_err(|error| LoadError::Store {
            file: file.to_string(),
            error,
        })?;
    Ok((id, n))
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
