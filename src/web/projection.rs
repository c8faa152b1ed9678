//! A match's projection: everything a page or the API reads about a match,
//! derived from its log once per head instead of once per request.
//!
//! [`Loaded`] holds the events, the replay, the chain check and, made when
//! first asked for, the step values, views, rendered boards, view JSON and
//! the signed checkpoint. [`LoadedMatches`] keeps the 64 most recently used
//! under their head hashes; [`load`] checks the store's head on every
//! request (one small read), so nothing served is older than the last
//! acknowledged append, and folds the events appended since into the kept
//! projection (checked as a continuation of its verified chain) instead of
//! replaying the match from its start.
//!
//! Analyses can arrive after a projection was made (a Dodgem 5×5 table
//! built in the background): each projection remembers the games'
//! [`analysis_generation`] it was made at, and one made before the latest
//! tables keeps its log and replay but values its steps again.
//!
//! Reads the store through [`EventStore`] only; draws nothing itself (the
//! pages' drawing types are built by `pages`).
//!
//! Must not import a storage engine (only `log/` names sled or PostgreSQL)
//! or a game's own folder (`games::rush_hour` and the like): the store is
//! reached through `EventStore`, a game through the registry and the shared
//! modules of `games`.

use std::collections::BTreeMap;
use std::sync::{Arc, OnceLock};

use actix_web::http::StatusCode;

use super::{board, chart, AppState, WebError};
use crate::access::People;
use crate::event::{Create, Envelope, Visibility};
use crate::games::series::SeriesFold;
use crate::games::{analysis_generation, View};
use crate::log::seal::{self, ChainReport, Hash, Keyring};
use crate::log::store::DecodedRecord;
use crate::log::{Checkpoint, EventStore, MatchId, Sealed, StoreError};
use crate::replay::{Replay, Timeline};

/// The matches most recently read and replayed (their projections), each
/// under the hash of its last event: a request checks the store's head (one
/// small read) and uses the entry only when that is still the head, so no
/// page is older than the last acknowledged append. When the head has moved
/// on, the entry is grown by the events appended since ([`load`]), not
/// rebuilt. At most [`LOADED_KEPT`] matches are kept; the least recently
/// used goes first.
#[derive(Default)]
pub struct LoadedMatches {
    entries: BTreeMap<String, (Hash, u64, Arc<Loaded>)>,
    clock: u64,
    /// How the entries were made, for tests and the operator.
    pub counts: ProjectionCounts,
}

/// How many projections were read from a match's whole log and how many
/// grown by an append's events.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ProjectionCounts {
    pub read_whole: u64,
    pub grown: u64,
}

/// How many replayed matches [`LoadedMatches`] keeps.
pub const LOADED_KEPT: usize = 64;

impl LoadedMatches {
    fn get(&mut self, id: &str, head: &Hash) -> Option<Arc<Loaded>> {
        self.clock += 1;
        let clock = self.clock;
        let (hash, used, m) = self.entries.get_mut(id)?;
        (*hash == *head).then(|| {
            *used = clock;
            m.clone()
        })
    }

    /// Takes match `id`'s entry out, whatever its head, to grow it.
    fn take(&mut self, id: &str) -> Option<Arc<Loaded>> {
        self.entries.remove(id).map(|(_, _, m)| m)
    }

    fn keep(&mut self, m: Arc<Loaded>) {
        let Some(last) = m.sealed.last().map(|s| s.hash) else {
            return;
        };
        self.clock += 1;
        if self.entries.len() >= LOADED_KEPT && !self.entries.contains_key(m.id.as_str()) {
            let oldest = self
                .entries
                .iter()
                .min_by_key(|(_, (_, used, _))| *used)
                .map(|(k, _)| k.clone());
            if let Some(k) = oldest {
                self.entries.remove(&k);
            }
        }
        self.entries.insert(m.id.to_string(), (last, self.clock, m));
    }
}

/// A match's projection: read from the store, replayed, its chain checked
/// and (when first asked for) every step valued, once per head rather than
/// per request, and grown event by event on appends.
#[derive(Clone)]
pub struct Loaded {
    pub id: MatchId,
    pub sealed: Vec<Sealed>,
    pub replay: Replay,
    pub chain: ChainReport,
    /// Who may read the match: the last Visibility event in its log wins
    /// (none: public). Kept with the head, so no page replays to know it.
    visibility: Visibility,
    /// Every step's exact value, computed on first use.
    timeline: OnceLock<Arc<Timeline>>,
    /// The game's own series over the steps, folded on first use and
    /// grown by appends (its solvers run once per position).
    series: OnceLock<Arc<SeriesFold>>,
    /// The charts every step page shares, drawn on first use.
    chart: OnceLock<Option<Arc<chart::ChartBase>>>,
    /// What each step's page and API read are made from, one per step.
    shown: Vec<StepShown>,
    /// The signed checkpoint of this head, signed when first asked for
    /// (a signature costs more than the rest of a page).
    checkpoint: OnceLock<Checkpoint>,
    /// The games' [`analysis_generation`] when the derived parts were
    /// (or are to be) made.
    generation: u64,
}

/// A step as pages show it, each part made when first asked for: a view is
/// a pure function of its step's state, so none of it changes on appends.
#[derive(Clone, Default)]
struct StepShown {
    /// The view (board drawing, facts, sub-steps).
    view: OnceLock<Option<Arc<View>>>,
    /// The view as JSON, for the API's step.
    json: OnceLock<Option<Arc<serde_json::value::RawValue>>>,
    /// The board as a step page opens on it, rendered.
    board: OnceLock<Option<Arc<board::DrawnBoard>>>,
}

impl Loaded {
    /// A projection of `sealed`, checked as `chain`, with nothing derived
    /// yet.
    fn new(id: MatchId, sealed: Vec<Sealed>, chain: ChainReport, generation: u64) -> Loaded {
        let envelopes: Vec<_> = sealed.iter().map(|s| s.envelope.clone()).collect();
        let replay = Replay::new(&envelopes);
        Loaded {
            shown: vec![StepShown::default(); replay.steps.len()],
            visibility: Visibility::of(envelopes.iter().map(|e| &e.body)),
            id,
            sealed,
            replay,
            chain,
            timeline: OnceLock::new(),
            series: OnceLock::new(),
            chart: OnceLock::new(),
            checkpoint: OnceLock::new(),
            generation,
        }
    }

    /// This projection as of analysis generation `generation`: itself
    /// when it was made then; otherwise the same log and replay with the
    /// values, chart, views and boards to be made again (new tables give
    /// steps analyses, and boards their best moves).
    fn at_generation(this: Arc<Loaded>, generation: u64) -> Arc<Loaded> {
        if this.generation == generation {
            return this;
        }
        let mut m = Arc::try_unwrap(this).unwrap_or_else(|shared| (*shared).clone());
        m.timeline = OnceLock::new();
        m.chart = OnceLock::new();
        m.shown = vec![StepShown::default(); m.replay.steps.len()];
        m.generation = generation;
        Arc::new(m)
    }

    pub fn create(&self) -> Option<&Create> {
        self.sealed.first().and_then(|s| s.envelope.body.create())
    }

    /// Who may read the match (see [`Visibility`]).
    pub fn visibility(&self) -> Visibility {
        self.visibility
    }

    /// Its host and players (and their aliases), as its first event names
    /// them; `None` when that is no Create.
    pub fn people(&self) -> Option<People> {
        People::of(&self.sealed.first()?.envelope.body)
    }
    pub fn title(&self) -> String {
        match self.create() {
            Some(c) if !c.title.is_empty() => c.title.clone(),
            Some(c) => format!("{} — {}", c.config.game().title(), c.players.join(" vs ")),
            None => self.id.to_string(),
        }
    }

    /// Every step's analysis (GamesmanUni's values), computed once.
    pub fn timeline(&self) -> Arc<Timeline> {
        self.timeline
            .get_or_init(|| Arc::new(Timeline::new(&self.replay)))
            .clone()
    }

    /// The game's own series over the steps, folded once.
    pub fn series(&self) -> Arc<SeriesFold> {
        self.series
            .get_or_init(|| {
                let mut fold = SeriesFold::new(Some(super::SEARCH_LIMIT));
                fold_steps(&mut fold, &self.replay, 0);
                Arc::new(fold)
            })
            .clone()
    }

    /// The charts of its step pages (`None` when no step has a value and
    /// the game has no series), drawn once.
    pub(super) fn chart(&self) -> Option<Arc<chart::ChartBase>> {
        self.chart
            .get_or_init(|| {
                let players = self.create().map(|c| c.players.clone()).unwrap_or_default();
                let series = self.series();
                chart::ChartBase::new(&self.timeline(), series.series(), &self.replay, &players)
                    .map(Arc::new)
            })
            .clone()
    }

    /// Step `k`'s view, made once; `None` before a valid Create or past
    /// the last step.
    pub fn view(&self, k: usize) -> Option<Arc<View>> {
        let step = self.replay.steps.get(k)?;
        self.shown
            .get(k)?
            .view
            .get_or_init(|| step.view().map(Arc::new))
            .clone()
    }

    /// Step `k`'s view as JSON, serialised once.
    pub fn view_json(&self, k: usize) -> Option<Arc<serde_json::value::RawValue>> {
        self.shown
            .get(k)?
            .json
            .get_or_init(|| {
                let view = self.view(k)?;
                serde_json::value::to_raw_value(view.as_ref())
                    .ok()
                    .map(Arc::from)
            })
            .clone()
    }

    /// Step `k`'s board as its page opens on it, drawn by `draw` once.
    pub(super) fn board(
        &self,
        k: usize,
        draw: impl FnOnce() -> Option<board::DrawnBoard>,
    ) -> Option<Arc<board::DrawnBoard>> {
        match self.shown.get(k) {
            Some(shown) => shown.board.get_or_init(|| draw().map(Arc::new)).clone(),
            None => draw().map(Arc::new),
        }
    }

    /// The signed checkpoint at this projection's head, signed once.
    pub fn checkpoint(&self, store: &dyn EventStore) -> Result<Checkpoint, StoreError> {
        if let Some(c) = self.checkpoint.get() {
            return Ok(c.clone());
        }
        let c = store.checkpoint(&self.id)?;
        // An append may have landed since this projection was read: keep
        // only the checkpoint of this head.
        if c.size == self.sealed.len() as u64 {
            let _ = self.checkpoint.set(c.clone());
        }
        Ok(c)
    }

    /// The hash of the last event: the head this projection is of.
    fn head(&self) -> Option<Hash> {
        self.sealed.last().map(|s| s.hash)
    }

    /// This projection with the events appended since folded in, when
    /// `records` (read from seq `self.sealed.len()` on) continue its
    /// verified chain and end at the store's head `(next, last)`; `None`
    /// when anything does not fit, and the match is read afresh.
    fn grown(
        this: Arc<Loaded>,
        records: Vec<DecodedRecord>,
        keys: &Keyring,
        (next, last): (u64, Hash),
    ) -> Option<Loaded> {
        let from = this.sealed.len() as u64;
        let prev = this.head()?;
        if !this.chain.is_ok() || records.is_empty() {
            return None;
        }
        let report = seal::verify_chain_from(&this.id, from, prev, &records, keys);
        let ends_at_head = records
            .last()
            .and_then(|(_, r)| r.as_ref().ok())
            .is_some_and(|s| s.hash == last);
        if !report.is_ok() || report.events != next || !ends_at_head {
            return None;
        }
        let added: Vec<Sealed> = records.into_iter().filter_map(|(_, r)| r.ok()).collect();
        // Alone in the cache (no request holds it) it grows in place;
        // otherwise the readers keep their copy and this is a new one.
        let mut m = Arc::try_unwrap(this).unwrap_or_else(|shared| (*shared).clone());
        let envelopes: Vec<Envelope> = added.iter().map(|s| s.envelope.clone()).collect();
        m.replay.extend(&envelopes);
        m.visibility = envelopes
            .iter()
            .fold(m.visibility, |now, e| Visibility::after(now, &e.body));
        m.sealed.extend(added);
        m.chain = report;
        m.chart = OnceLock::new();
        m.checkpoint = OnceLock::new();
        m.shown
            .resize_with(m.replay.steps.len(), StepShown::default);
        if let Some(t) = m.timeline.take() {
            let mut t = Arc::unwrap_or_clone(t);
            t.extend(&m.replay);
            let _ = m.timeline.set(Arc::new(t));
        }
        if let Some(f) = m.series.take() {
            let mut f = Arc::unwrap_or_clone(f);
            fold_steps(&mut f, &m.replay, from as usize);
            let _ = m.series.set(Arc::new(f));
        }
        Some(m)
    }
}

/// Folds the steps of `replay` from step `from` on into `fold`.
fn fold_steps(fold: &mut SeriesFold, replay: &Replay, from: usize) {
    for (k, step) in replay.steps.iter().enumerate().skip(from) {
        fold.step(k, step.state.as_ref());
    }
}

/// The 404 for a match id the store does not hold: also the answer for a
/// private match to anyone who may not read it, so the two cannot be told
/// apart.
pub fn no_such_match(id: &MatchId) -> WebError {
    WebError::page(
        StatusCode::NOT_FOUND,
        format!("there is no match '{id}'; the list of matches is at /"),
    )
}

/// A match's projection, from [`LoadedMatches`] while its head has not
/// moved, grown by the appended events when it has; 404 with a helpful
/// message when missing.
pub fn load(state: &AppState, id: &str) -> Result<Arc<Loaded>, WebError> {
    let id = MatchId::parse(id).map_err(|m| WebError::page(StatusCode::NOT_FOUND, m))?;
    // A damaged head is no reason to refuse the page: read the log, and
    // the chain check says what is wrong.
    let head = state.store.head(&id).ok().flatten();
    load_at(state, id, head)
}

/// [`load`] of match `id` whose head was just read as `head` (a listing
/// reads every match's head at once).
pub fn load_at(
    state: &AppState,
    id: MatchId,
    head: Option<(u64, Hash)>,
) -> Result<Arc<Loaded>, WebError> {
    let missing = || no_such_match(&id);
    // Read before anything is derived: tables that arrive meanwhile make
    // the next request derive again, never the other way round.
    let generation = analysis_generation();
    if let Some((next, last)) = head {
        let mut cache = state.loaded.lock().ok();
        if let Some(m) = cache.as_mut().and_then(|c| c.get(id.as_str(), &last)) {
            if m.generation == generation {
                return Ok(m);
            }
            let m = Loaded::at_generation(m, generation);
            if let Some(c) = cache.as_mut() {
                c.keep(m.clone());
            }
            return Ok(m);
        }
        let older = cache.as_mut().and_then(|c| c.take(id.as_str()));
        drop(cache);
        if let Some(old) = older.filter(|m| (m.sealed.len() as u64) < next) {
            let from = old.sealed.len() as u64;
            let grown = state
                .store
                .events_after(&id, from, next)
                .ok()
                .and_then(|records| {
                    Loaded::grown(old, records, &state.store.keyring(), (next, last))
                });
            if let Some(m) = grown {
                let m = Loaded::at_generation(Arc::new(m), generation);
                if let Ok(mut c) = state.loaded.lock() {
                    c.counts.grown += 1;
                    c.keep(m.clone());
                }
                return Ok(m);
            }
        }
    }
    let (sealed, chain) = state.store.events_verified(&id).map_err(|e| match e {
        StoreError::NotFound(_) => missing(),
        other => other.into(),
    })?;
    let m = Arc::new(Loaded::new(id, sealed, chain, generation));
    if let Ok(mut c) = state.loaded.lock() {
        c.counts.read_whole += 1;
        c.keep(m.clone());
    }
    Ok(m)
}
