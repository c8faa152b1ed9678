//! What each player did in each match, and who is who across matches: the
//! numbers the player pages add up.
//!
//! A [`MatchRecord`] is made from a match's projection (its replay and
//! timeline, cached per head) and kept under the match's head hash, so a
//! match is read again only when it has grown. The [`Roster`] — every
//! record, the [`Directory`] of people and which matches a re-import
//! replaced — is kept under the list of every match's head: a request
//! checks each head (one small read per match) and reuses the roster when
//! none has moved, so a player page costs no replay however many matches
//! there are. A reader who may not read every private match gets the
//! roster of the matches they may read ([`roster_for`]), made from the
//! kept records without reading a match. Must not import `import` or the
//! store beyond [`AppState`].

use std::collections::BTreeMap;
use std::sync::Arc;

use chrono::NaiveDate;
use serde::Serialize;

use super::reader::Reader;
use super::{load, AppState, Loaded, WebError};
use crate::access::{same_name, People};
use crate::event::Visibility;
use crate::log::seal::Hash;
use crate::log::MatchId;
use crate::people::{Directory, Person};

/// How an appeal stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    Pending,
    Upheld,
    Overturned,
}

impl Outcome {
    pub fn word(self) -> &'static str {
        match self {
            Outcome::Pending => "not decided yet",
            Outcome::Upheld => "upheld",
            Outcome::Overturned => "overturned",
        }
    }
}

/// One appeal a player filed.
#[derive(Clone, Debug, Serialize)]
pub struct AppealFiled {
    pub seq: u64,
    pub ruling_seq: u64,
    pub outcome: Outcome,
}

/// What one seat did in a match.
#[derive(Clone, Debug, Default)]
pub struct SeatRecord {
    pub appeals: Vec<AppealFiled>,
    /// Of the seat's moves between valued positions, how many kept the
    /// value, and how many there were.
    pub kept: usize,
    pub valued: usize,
}

/// One match as the player pages read it.
#[derive(Clone, Debug)]
pub struct MatchRecord {
    pub id: String,
    pub title: String,
    pub game_slug: &'static str,
    pub game_title: &'static str,
    /// The day of its first event, UTC.
    pub date: Option<NaiveDate>,
    pub people: People,
    /// The match this one's review says it corrects.
    pub supersedes: Option<String>,
    /// Rounds won per seat, as ruled (appeals counted) and by the rules.
    pub score: Vec<u32>,
    pub score_by_rules: Vec<u32>,
    /// Per seat, in the order of `people.players`.
    pub seats: Vec<SeatRecord>,
    /// Who may read the match.
    pub visibility: Visibility,
}

impl MatchRecord {
    /// The record of a loaded match; `None` when its first event is no
    /// Create (nobody plays in it).
    fn of(m: &Loaded) -> Option<MatchRecord> {
        let first = m.sealed.first()?;
        let people = People::of(&first.envelope.body)?;
        let create = m.create()?;
        let seat_of = |name: &str| people.players.iter().position(|p| same_name(p, name));
        let mut seats = vec![SeatRecord::default(); people.players.len()];
        for a in super::appeals::appeals(m) {
            let Some(seat) = a.player.as_deref().and_then(seat_of) else {
                continue;
            };
            seats[seat].appeals.push(AppealFiled {
                seq: a.seq,
                ruling_seq: a.ruling_seq,
                outcome: match &a.decision {
                    None => Outcome::Pending,
                    Some((_, d)) if d.upheld => Outcome::Upheld,
                    Some(_) => Outcome::Overturned,
                },
            });
        }
        let timeline = m.timeline();
        for mv in timeline.valued_moves(&m.replay) {
            // Counted for the seat to move only when that player made it.
            let mover = m.replay.steps[mv.step].actor.player().and_then(seat_of);
            if let Some(seat) = mover.filter(|&s| s == mv.seat) {
                seats[seat].valued += 1;
                seats[seat].kept += usize::from(mv.kept);
            }
        }
        let view = m.replay.steps.len().checked_sub(1).and_then(|k| m.view(k));
        Some(MatchRecord {
            id: m.id.to_string(),
            title: m.title(),
            game_slug: create.config.game().slug(),
            game_title: create.config.game().title(),
            date: Some(first.envelope.occurred_at.date_naive()),
            supersedes: first
                .envelope
                .body
                .review()
                .and_then(|r| r.supersedes.clone()),
            score: view.as_ref().map(|v| v.score.clone()).unwrap_or_default(),
            score_by_rules: view.map(|v| v.score_by_rules.clone()).unwrap_or_default(),
            people,
            seats,
            visibility: m.visibility(),
        })
    }

    /// The seat `person` plays in this match, if any (the first, should
    /// an alias have made both players one person).
    pub fn seat_of(&self, person: &Person) -> Option<usize> {
        self.people.players.iter().position(|p| person.is(p))
    }
}

/// Every match's record, the people they name, and which matches a
/// re-import replaced.
#[derive(Debug, Default)]
pub struct Roster {
    pub directory: Directory,
    /// In the store's order of match ids.
    pub records: Vec<Arc<MatchRecord>>,
    /// Match id → the match whose review says it corrects it. A replaced
    /// match is listed but not counted: its corrected import is.
    pub superseded_by: BTreeMap<String, String>,
}

impl Roster {
    fn new(records: Vec<Arc<MatchRecord>>) -> Roster {
        let directory = Directory::new(records.iter().map(|r| &r.people));
        let mut superseded_by = BTreeMap::new();
        for r in &records {
            if let Some(old) = r.supersedes.as_ref().filter(|old| **old != r.id) {
                if records.iter().any(|o| o.id == *old) {
                    superseded_by
                        .entry(old.clone())
                        .or_insert_with(|| r.id.clone());
                }
            }
        }
        Roster {
            directory,
            records,
            superseded_by,
        }
    }

    /// The matches `person` plays in, each with the seat played.
    pub fn played<'a>(
        &'a self,
        person: &'a Person,
    ) -> impl Iterator<Item = (&'a MatchRecord, usize)> + 'a {
        self.records
            .iter()
            .filter_map(move |r| r.seat_of(person).map(|s| (r.as_ref(), s)))
    }

    /// Whether one of `names` (a match's players, or its host) is `name`,
    /// or another spelling of the same person (a name no match knows
    /// matches only itself).
    pub fn is_one_of(&self, name: &str, names: &[String]) -> bool {
        match self.directory.find(name) {
            Some(person) => names.iter().any(|p| person.is(p)),
            None => names.iter().any(|p| same_name(p, name)),
        }
    }
}

/// The roster of the matches `reader` may read: the whole roster when that
/// is every match, else one made from the readable records alone, so a
/// private match is neither listed nor counted, and a person who plays
/// only in private matches is nobody here.
pub fn roster_for(state: &AppState, reader: &Reader) -> Result<Arc<Roster>, WebError> {
    let all = roster(state)?;
    let readable = |r: &Arc<MatchRecord>| reader.may_read_people(r.visibility, Some(&r.people));
    if all.records.iter().all(readable) {
        return Ok(all);
    }
    Ok(Arc::new(Roster::new(
        all.records
            .iter()
            .filter(|r| readable(r))
            .cloned()
            .collect(),
    )))
}

/// Records by match id under the head they were made at, and the roster
/// under every match's head.
#[derive(Default)]
pub struct RosterCache {
    records: BTreeMap<MatchId, (Option<Hash>, Arc<MatchRecord>)>,
    roster: Option<(Heads, Arc<Roster>)>,
}

/// Every match with the hash of its last event (`None`: unreadable).
type Heads = Vec<(MatchId, Option<Hash>)>;

/// The roster of the matches as the store holds them now: reused while no
/// match's head has moved; otherwise rebuilt from the records, of which
/// only the grown or new matches' are made again.
pub fn roster(state: &AppState) -> Result<Arc<Roster>, WebError> {
    let heads: Heads = state
        .store
        .heads()?
        .into_iter()
        .map(|(id, head)| (id, head.map(|(_, h)| h)))
        .collect();
    // A poisoned lock only means a request panicked while rebuilding:
    // the cache is then rebuilt below as if it were stale.
    let mut cache = state.roster.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((at, roster)) = &cache.roster {
        if *at == heads {
            return Ok(roster.clone());
        }
    }
    let mut kept = BTreeMap::new();
    let mut records = Vec::new();
    for (id, head) in &heads {
        // What is left of a damaged match is no record of it.
        if state.damage_of(id).is_some() {
            continue;
        }
        let known = cache
            .records
            .get(id)
            .filter(|(h, _)| head.is_some() && h == head)
            .map(|(_, r)| r.clone());
        let (at, record) = match known {
            Some(r) => (*head, Some(r)),
            None => {
                // Kept under the head it was made at, which an append may
                // have moved past the one read above.
                let m = load(state, id.as_str())?;
                let at = m.sealed.last().map(|s| s.hash);
                (at, MatchRecord::of(&m).map(Arc::new))
            }
        };
        if let Some(r) = record {
            kept.insert(id.clone(), (at, r.clone()));
            records.push(r);
        }
    }
    let roster = Arc::new(Roster::new(records));
    cache.records = kept;
    cache.roster = Some((heads, roster.clone()));
    Ok(roster)
}
