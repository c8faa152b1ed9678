//! The whole-store check behind `arbiter verify --all`: every match the
//! store or its witness journal knows of, checked for damage and nothing
//! else (no replay, no findings).
//!
//! The one decision: the list of matches comes from three places, the
//! heads, the event keys and the witness journal, never from the heads
//! alone. Damage can take a match's head away (then only its events name
//! it), or its events and head both (then only the witness does); a check
//! that started from [`EventStore::matches`] would pass over exactly the
//! matches that were lost. Anything read that cannot be read is damage of
//! the match being read, named with it, never an early exit that leaves
//! the other matches unchecked.
//!
//! Must not import anything above `log/` (a game, a page, the importer, the
//! verifier, the replay, bundles or samples): the log stores and seals, and
//! knows no game.

use std::collections::BTreeSet;
use std::fmt;

use serde::Serialize;

use super::{io_error, unpanicked, EventStore, SledStore, StoreError};
use crate::event::MatchId;

/// One match as the whole-store check found it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Standing {
    #[serde(rename = "match")]
    pub id: String,
    /// Events stored (that could be read).
    pub events: u64,
    /// The hash of the last event in hex, when the whole log reads and
    /// checks.
    pub head: Option<String>,
    /// What is wrong with it, in words that name it; `None` when its chain,
    /// head and witness all agree.
    pub damage: Option<String>,
    /// Something to know that is not damage (an unwitnessed tail).
    pub note: Option<String>,
}

/// The whole store as checked; its [`fmt::Display`] form is one line a
/// match (`ok <match>: N events, head <hex>` or `DAMAGED <what>`), then a
/// line for each damage of no one match.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Audit {
    /// Every match found anywhere, in id order.
    pub matches: Vec<Standing>,
    /// Damage that belongs to no one match (a key that names none).
    pub store_damage: Vec<String>,
    /// Witness journal lines that do not parse or whose signature fails:
    /// reported, but never damage of the store (see `witness`).
    pub damaged_lines: Vec<(usize, String)>,
}

impl Audit {
    /// Whether anything was found damaged or lost.
    pub fn damaged(&self) -> bool {
        !self.store_damage.is_empty() || self.matches.iter().any(|m| m.damage.is_some())
    }
}

impl fmt::Display for Audit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for m in &self.matches {
            match (&m.damage, &m.head) {
                (Some(why), _) => writeln!(f, "DAMAGED {why}")?,
                (None, Some(head)) => writeln!(f, "ok {}: {} events, head {head}", m.id, m.events)?,
                (None, None) => writeln!(f, "ok {}: {} events", m.id, m.events)?,
            }
        }
        for why in &self.store_damage {
            writeln!(f, "DAMAGED {why}")?;
        }
        Ok(())
    }
}

impl SledStore {
    /// Checks every match the heads, the event keys or the witness journal
    /// name: its chain, its head and what the witness saw acknowledged.
    /// An error only when the journal or the list of keys cannot be read
    /// at all.
    pub(super) fn audit_trees(&self) -> Result<Audit, StoreError> {
        let journal = self.journal()?;
        let mut audit = Audit {
            damaged_lines: journal.damaged.clone(),
            ..Audit::default()
        };
        let db = self.db_path.display().to_string();
        let mut names: BTreeSet<Vec<u8>> = BTreeSet::new();
        let head_keys = unpanicked(&self.db_path, || {
            self.heads.iter().keys().collect::<sled::Result<Vec<_>>>()
        })
        .map_err(io_error)?;
        names.extend(head_keys.iter().map(|k| k.to_vec()));
        let event_keys = unpanicked(&self.db_path, || {
            self.events.iter().keys().collect::<sled::Result<Vec<_>>>()
        })
        .map_err(io_error)?;
        for key in &event_keys {
            match key.iter().position(|&b| b == 0) {
                Some(end) => {
                    names.insert(key[..end].to_vec());
                }
                None => audit.store_damage.push(format!(
                    "{db}: the events tree holds a key that names no match ({}); the database was altered",
                    hex::encode(key)
                )),
            }
        }
        names.extend(journal.last.keys().map(|k| k.as_bytes().to_vec()));
        for name in names {
            let id = std::str::from_utf8(&name)
                .ok()
                .and_then(|s| MatchId::parse(s).ok());
            let Some(id) = id else {
                audit.store_damage.push(format!(
                    "{db}: a key names a match '{}' that is not a match id; the database was altered",
                    String::from_utf8_lossy(&name)
                ));
                continue;
            };
            audit.matches.push(standing(self, &journal, &id));
        }
        Ok(audit)
    }
}

/// One match's chain, head and witness, every failure as its damage.
pub(crate) fn standing<S: EventStore + ?Sized>(
    store: &S,
    journal: &crate::log::witness::Journal,
    id: &MatchId,
) -> Standing {
    let mut standing = Standing {
        id: id.to_string(),
        events: 0,
        head: None,
        damage: None,
        note: None,
    };
    let unreadable = |e: StoreError| format!("match {id}: its log cannot be read: {e}");
    match store.verify(id) {
        Ok(chain) => {
            standing.events = chain.events;
            if let Some(bad) = chain.first_bad {
                standing.damage = Some(format!("match {id}: {bad}"));
            }
        }
        // Neither events nor head: only the witness names it, and its
        // check below says what was lost.
        Err(StoreError::NotFound(_)) => {}
        Err(e) => standing.damage = Some(unreadable(e)),
    }
    match super::witnessing::check_against(store, journal, id) {
        Ok(w) => {
            if standing.damage.is_none() {
                standing.damage = w.damage.map(|(_, why)| why);
            }
            standing.note = w.note;
        }
        Err(e) => {
            if standing.damage.is_none() {
                standing.damage = Some(unreadable(e));
            }
        }
    }
    if standing.damage.is_none() {
        match store.events(id) {
            Ok(events) => standing.head = events.last().map(|s| hex::encode(s.hash)),
            Err(e) => standing.damage = Some(unreadable(e)),
        }
    }
    standing
}
