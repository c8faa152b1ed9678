//! Copying a whole store into another (`arbiter migrate`): sled to
//! PostgreSQL and back, or one data directory to another.
//!
//! The one decision: nothing is sealed again. Every match goes over
//! exactly as its source sealed it — the same bytes, hashes and
//! signatures, through [`EventStore::adopt`] — with every public key that
//! signed, so each receipt and bundle a player kept still checks against
//! the new store, and a copy is proved by comparing heads, not by reading
//! it back event by event.
//!
//! And it is safe to run twice: a match already at the destination with
//! the same head is left alone, one held in part gets the rest, and a
//! different match under the same id is refused and never written over.
//! A match whose chain does not check at the source is named and not
//! copied (copying it would make its damage look witnessed). The token
//! records go over byte for byte. No match or token at the source is
//! changed (opening a PostgreSQL source registers the `--data` key there,
//! as every open does).
//!
//! Opening the stores is [`StoreLocation`]'s; this module names no
//! storage engine. Must not import `web`.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::path::{Path, PathBuf};

use crate::log::seal::Hash;
use crate::log::{EventStore, MatchId, StoreError, StoreLocation};

/// One side of a migration: where its log lives, and its data directory
/// (the signing key a store opens with).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Endpoint {
    pub location: StoreLocation,
    pub data: PathBuf,
}

impl Endpoint {
    /// Reads `--from` or `--to`: a `postgres://` address (opened with the
    /// key in `data`), or else a path, a sled data directory (which keeps
    /// its own key). An error reads after the flag's name: "--to X: …".
    pub fn parse(text: &str, data: &Path) -> Result<Endpoint, String> {
        let text = text.trim();
        if text.is_empty() {
            return Err(
                "is empty: give a sled data directory (a path) or postgres://USER@HOST/DATABASE"
                    .to_string(),
            );
        }
        if text.contains("://") {
            if !(text.starts_with("postgres://") || text.starts_with("postgresql://")) {
                return Err(format!(
                    "{}: not a store: give a sled data directory (a path) or \
                     postgres://USER@HOST/DATABASE",
                    crate::log::store::location::shown(text)
                ));
            }
            // Its error names the address without its password.
            let location = StoreLocation::parse(text)
                .map_err(|e| e.trim_start_matches("--store ").to_string())?;
            return Ok(Endpoint {
                location,
                data: data.to_path_buf(),
            });
        }
        Ok(Endpoint {
            location: StoreLocation::Sled,
            data: PathBuf::from(text),
        })
    }

    /// For messages: "the sled database in DIR" or "the PostgreSQL
    /// database URL" (without its password).
    pub fn describe(&self) -> String {
        self.location.describe(&self.data)
    }

    /// Whether `self` and `other` name the same store: the same data
    /// directory (through links and `..`), or the same database (the
    /// same host, port and name, whoever logs in).
    pub fn same_store(&self, other: &Endpoint) -> bool {
        match (&self.location, &other.location) {
            (StoreLocation::Sled, StoreLocation::Sled) => {
                resolved(&self.data) == resolved(&other.data)
            }
            (StoreLocation::Postgres(a), StoreLocation::Postgres(b)) => database(a) == database(b),
            _ => false,
        }
    }

    /// Opens the source: it must be there already (nothing is made in a
    /// mistyped directory).
    pub fn open_source(&self) -> Result<Box<dyn EventStore>, StoreError> {
        self.location.open_existing(&self.data)
    }

    /// Opens the destination, making it when it is not there yet.
    pub fn open_destination(&self) -> Result<Box<dyn EventStore>, StoreError> {
        self.location.open(&self.data)
    }
}

/// `--from`, `--to` and `--data` read and checked (no store opened):
/// `data` defaults to the `--from` directory when it is one (so a copy
/// into a database signs with the same key), else `data/db`. The two must
/// not name the same store.
pub fn endpoints(
    from: &str,
    to: &str,
    data: Option<&Path>,
) -> Result<(Endpoint, Endpoint), String> {
    let mut source =
        Endpoint::parse(from, Path::new("data/db")).map_err(|e| format!("--from {e}"))?;
    let data = match (data, &source.location) {
        (Some(d), _) => d.to_path_buf(),
        (None, StoreLocation::Sled) => source.data.clone(),
        (None, StoreLocation::Postgres(_)) => PathBuf::from("data/db"),
    };
    if source.location != StoreLocation::Sled {
        // A database is opened with a key; the source's is the same
        // server's as the destination's.
        source.data = data.clone();
    }
    let destination = Endpoint::parse(to, &data).map_err(|e| format!("--to {e}"))?;
    if source.same_store(&destination) {
        return Err(format!(
            "--from and --to both name {}: a store is copied into another one",
            destination.describe()
        ));
    }
    Ok((source, destination))
}

/// A path as the file system resolves it (links, `.` and `..`), as far
/// as it exists; the rest as given.
fn resolved(path: &Path) -> PathBuf {
    if let Ok(p) = path.canonicalize() {
        return p;
    }
    let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    match (absolute.parent(), absolute.file_name()) {
        (Some(parent), Some(name)) if parent != absolute => resolved(parent).join(name),
        _ => absolute,
    }
}

/// A database address reduced to what names the database: host, port and
/// path (the user and the password say who logs in, not where).
fn database(url: &str) -> String {
    match url::Url::parse(url) {
        Ok(u) => format!(
            "{}:{}{}?{}",
            u.host_str().unwrap_or("").to_ascii_lowercase(),
            u.port().unwrap_or(5432),
            u.path(),
            u.query().unwrap_or("")
        ),
        Err(_) => url.to_string(),
    }
}

/// What became of one match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The destination did not have it; now it holds all `events`.
    Copied { events: u64 },
    /// The destination held its first `from` events; now all `to`.
    Extended { from: u64, to: u64 },
    /// The destination already held it, with the same head.
    AlreadyThere { events: u64 },
    /// Its chain does not check at the source (or the source lost it):
    /// not copied.
    DamagedAtSource(String),
    /// The destination holds another match under this id: left as it was.
    Refused(String),
    /// The copy was tried and did not come out as the source holds it.
    Failed(String),
}

impl Outcome {
    /// Whether the destination now holds the match as the source does.
    pub fn done(&self) -> bool {
        matches!(
            self,
            Outcome::Copied { .. } | Outcome::Extended { .. } | Outcome::AlreadyThere { .. }
        )
    }
}

/// One match's line of the report.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchCopy {
    pub id: String,
    pub outcome: Outcome,
}

impl fmt::Display for MatchCopy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let id = &self.id;
        match &self.outcome {
            Outcome::Copied { events } => write!(f, "match {id}: copied {events} events"),
            Outcome::Extended { from, to } => {
                write!(f, "match {id}: extended from {from} to {to} events")
            }
            Outcome::AlreadyThere { events } => {
                write!(f, "match {id}: already there ({events} events)")
            }
            Outcome::DamagedAtSource(why) => {
                write!(f, "match {id}: NOT COPIED: damaged at the source: {why}")
            }
            Outcome::Refused(why) => write!(f, "match {id}: REFUSED: {why}"),
            Outcome::Failed(why) => write!(f, "match {id}: FAILED: {why}"),
        }
    }
}

/// What a migration did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Migration {
    /// Every match the source holds or its witness knows of, in id order.
    pub matches: Vec<MatchCopy>,
    /// The source's public keys (ids) now published at the destination.
    pub keys: Vec<String>,
    /// The source's public keys that the destination does not publish
    /// after the copy (a fault when any match went over).
    pub keys_missing: Vec<String>,
    /// Token records copied, and already there with the same bytes.
    pub tokens_copied: usize,
    pub tokens_there: usize,
    /// Tokens (by id) the destination holds with another record: not
    /// written over.
    pub tokens_refused: Vec<String>,
    /// Tokens (by id) the destination holds and the source does not (made
    /// there, or revoked at the source since an earlier run): left alone.
    pub tokens_only_there: Vec<String>,
    /// Damage of the source that belongs to no one match.
    pub source_damage: Vec<String>,
}

impl Migration {
    /// Whether the destination now holds everything the source does.
    pub fn complete(&self) -> bool {
        self.matches.iter().all(|m| m.outcome.done())
            && self.keys_missing.is_empty()
            && self.tokens_refused.is_empty()
            && self.source_damage.is_empty()
    }

    /// How many matches had each outcome, and the keys and tokens, in one
    /// line.
    pub fn summary(&self) -> String {
        let count = |f: fn(&Outcome) -> bool| self.matches.iter().filter(|m| f(&m.outcome)).count();
        let copied = count(|o| matches!(o, Outcome::Copied { .. }));
        let extended = count(|o| matches!(o, Outcome::Extended { .. }));
        let there = count(|o| matches!(o, Outcome::AlreadyThere { .. }));
        let refused = count(|o| matches!(o, Outcome::Refused(_)));
        let damaged = count(|o| matches!(o, Outcome::DamagedAtSource(_)));
        let failed = count(|o| matches!(o, Outcome::Failed(_)));
        let mut line = format!(
            "{}: {copied} copied, {extended} extended, {there} already there",
            crate::games::words::count(self.matches.len(), "match", "matches")
        );
        for (n, what) in [
            (refused, "refused"),
            (damaged, "damaged at the source"),
            (failed, "failed"),
        ] {
            if n > 0 {
                line += &format!(", {n} {what}");
            }
        }
        line += &format!(
            "; {} published; {} copied, {} already there",
            crate::games::words::count(self.keys.len(), "public key", "public keys"),
            crate::games::words::count(self.tokens_copied, "token", "tokens"),
            self.tokens_there
        );
        if !self.tokens_refused.is_empty() {
            line += &format!(", {} refused", self.tokens_refused.len());
        }
        line
    }
}

/// Copies everything `from` holds into `to`: each match checked at the
/// source, adopted with its sealed events and the source's keys, then
/// checked at the destination against the source's head; and every token
/// record. `progress(done, total)` is called after each match. An error
/// only when a whole store cannot be read (its list of matches, its
/// tokens); a match that cannot be copied is named in its outcome and the
/// others are still copied.
pub fn copy(
    from: &dyn EventStore,
    to: &dyn EventStore,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<Migration, StoreError> {
    let ring = from.keyring();
    let keys: Vec<(String, [u8; 32])> = ring
        .iter()
        .filter_map(|(id, _)| ring.get(id).map(|k| (id.to_string(), k.to_bytes())))
        .collect();
    // The source's own check first: damage its chains do not show (events
    // the witness saw acknowledged and the store lost) is named there.
    let audit = from.audit()?;
    let mut migration = Migration {
        source_damage: audit.store_damage.clone(),
        ..Migration::default()
    };
    let damaged: BTreeMap<&str, &str> = audit
        .matches
        .iter()
        .filter_map(|m| m.damage.as_deref().map(|why| (m.id.as_str(), why)))
        .collect();
    copy_tokens(from, to, &mut migration)?;

    let mut ids: BTreeSet<String> = from.matches()?.iter().map(|m| m.to_string()).collect();
    ids.extend(audit.matches.iter().map(|m| m.id.clone()));
    let total = ids.len();
    for (done, id) in ids.into_iter().enumerate() {
        let outcome = match damaged.get(id.as_str()) {
            Some(why) => Outcome::DamagedAtSource(why.to_string()),
            None => match MatchId::parse(&id) {
                Ok(mid) => copy_match(from, to, &mid, &keys),
                Err(e) => Outcome::DamagedAtSource(e),
            },
        };
        migration.matches.push(MatchCopy { id, outcome });
        progress(done + 1, total);
    }

    if migration.matches.iter().any(|m| m.outcome.done()) {
        let there = to.keyring();
        for (id, _) in &keys {
            if there.get(id).is_some() {
                migration.keys.push(id.clone());
            } else {
                migration.keys_missing.push(id.clone());
            }
        }
    }
    Ok(migration)
}

/// Every token record of `from` into `to`, byte for byte; a token `to`
/// holds with another record is named and left as it is.
fn copy_tokens(
    from: &dyn EventStore,
    to: &dyn EventStore,
    migration: &mut Migration,
) -> Result<(), StoreError> {
    let there: BTreeMap<String, Vec<u8>> = to.token_records()?.into_iter().collect();
    let source = from.token_records()?;
    let short = |hash: &str| hash.chars().take(12).collect::<String>();
    for (hash, record) in &source {
        match there.get(hash) {
            Some(held) if held == record => migration.tokens_there += 1,
            Some(_) => migration.tokens_refused.push(short(hash)),
            None => {
                to.put_token_record(hash, record)?;
                migration.tokens_copied += 1;
            }
        }
    }
    let at_source: BTreeSet<&str> = source.iter().map(|(h, _)| h.as_str()).collect();
    migration.tokens_only_there = there
        .keys()
        .filter(|h| !at_source.contains(h.as_str()))
        .map(|h| short(h))
        .collect();
    Ok(())
}

/// One match: checked at the source, adopted, checked at the destination.
fn copy_match(
    from: &dyn EventStore,
    to: &dyn EventStore,
    id: &MatchId,
    keys: &[(String, [u8; 32])],
) -> Outcome {
    let (events, chain) = match from.events_verified(id) {
        Ok(read) => read,
        Err(e) => return Outcome::DamagedAtSource(e.to_string()),
    };
    if let Some(bad) = chain.first_bad {
        return Outcome::DamagedAtSource(bad.to_string());
    }
    let Some(last) = events.last().map(|s| s.hash) else {
        return Outcome::DamagedAtSource("it has no events".to_string());
    };
    let n = events.len() as u64;
    let before = match to.head(id) {
        Ok(head) => head,
        Err(e) => return Outcome::Failed(format!("the destination's head: {e}")),
    };
    // The transcript kept beside the log goes first, so the copy is never
    // there without it.
    if let Some(seal) = crate::log::transcript::seal_of(&events) {
        match crate::log::transcript::sealed(from, id, seal) {
            Ok(pieces) => {
                if let Err(e) = to.put_transcript(id, &seal.root, &pieces) {
                    return Outcome::Failed(format!("its transcript: {e}"));
                }
            }
            Err(e) => return Outcome::DamagedAtSource(format!("its transcript: {e}")),
        }
    }
    match to.adopt(id, &events, keys) {
        Ok(()) => {}
        Err(StoreError::Exists(_)) => {
            return Outcome::Refused(format!(
                "the destination holds another match under this id ({}); the source's is {}; \
                 it was left as it was: copy the source's into another store, or compare the two \
                 with `arbiter verify` and `arbiter export`",
                head_words(before),
                head_words(Some((n, last)))
            ))
        }
        Err(e) => return Outcome::Failed(e.to_string()),
    }
    // The copy, checked where it now is: its whole chain, and its head
    // against the source's.
    match to.verify(id) {
        Ok(report) if !report.is_ok() => {
            let bad = report.first_bad.map(|b| b.to_string()).unwrap_or_default();
            return Outcome::Failed(format!("the destination's chain does not check: {bad}"));
        }
        Ok(_) => {}
        Err(e) => return Outcome::Failed(format!("the destination's chain: {e}")),
    }
    match to.head(id) {
        Ok(Some((next, hash))) if next == n && hash == last => {}
        Ok(head) => {
            return Outcome::Failed(format!(
                "the destination's head ({}) is not the source's ({})",
                head_words(head),
                head_words(Some((n, last)))
            ))
        }
        Err(e) => return Outcome::Failed(format!("the destination's head: {e}")),
    }
    match before {
        None => Outcome::Copied { events: n },
        Some((k, _)) if k < n => Outcome::Extended { from: k, to: n },
        Some(_) => Outcome::AlreadyThere { events: n },
    }
}

/// "12 events ending 5dc9da79…", or "no events".
fn head_words(head: Option<(u64, Hash)>) -> String {
    match head {
        None => "no events".to_string(),
        Some((n, hash)) => format!("{n} events ending {}…", &hex::encode(hash)[..16]),
    }
}
