//! actix-web: the pages (askama templates) and the JSON API.
//!
//! Handlers only fetch, replay and hand plain structs to templates; no
//! rules logic lives here. Every error a handler can meet goes through
//! [`WebError`], the one place that maps layers' errors to HTTP statuses, so
//! a person gets a page that says what to do and a script gets
//! `{"error": "..."}` with the same status.

mod api;
mod appeals;
mod import;
mod pages;
mod write;

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

use actix_web::http::StatusCode;
use actix_web::{web, App, HttpResponse, HttpServer, ResponseError};
use sha2::{Digest, Sha256};

use crate::log::event::Create;
use crate::log::seal::{ChainReport, Hash};
use crate::log::{EventStore, MatchId, Sealed, StoreError};
use crate::replay::{Replay, Timeline};
use crate::verify::{self, Finding};

/// Match id → (head hash the findings were computed at, the findings).
pub type FindingsCache = BTreeMap<String, (String, Arc<Vec<Finding>>)>;

/// Match id → (head hash, the analysis of every step).
pub type TimelineCache = BTreeMap<String, (String, Arc<Timeline>)>;

/// The matches most recently read and replayed, each under the hash of its
/// last event: a request checks the store's head (one small read) and uses
/// the entry only when that is still the head, so no page is older than
/// the last acknowledged append. At most [`LOADED_KEPT`] matches are kept;
/// the least recently used goes first.
#[derive(Default)]
pub struct LoadedMatches {
    entries: BTreeMap<String, (Hash, u64, Arc<Loaded>)>,
    clock: u64,
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

/// What every handler shares.
#[derive(Clone)]
pub struct AppState {
    pub store: Arc<dyn EventStore>,
    /// A cache of findings, keyed by match id and checked against the
    /// log's head hash: derived data, rebuilt whenever the log grows.
    pub findings: Arc<Mutex<FindingsCache>>,
    /// Each step's exact value, cached like the findings.
    pub timelines: Arc<Mutex<TimelineCache>>,
    /// Matches read, replayed and chain-checked, under their heads.
    pub loaded: Arc<Mutex<LoadedMatches>>,
    /// The import previews kept for reading again in place.
    pub(crate) import_previews: Arc<Mutex<import::session::Sessions>>,
    /// Import previews being read now: a paste of up to 8 MiB costs memory
    /// and time, so at most [`PREVIEWS_AT_ONCE`] run at once.
    pub import_reading: Arc<std::sync::atomic::AtomicUsize>,
    /// Damage the witness journal found when the server opened the store:
    /// while there is any, no write is taken (the operator restores first).
    pub damage: Arc<Vec<String>>,
}

/// How many import previews (or commits) are read at once; more get 503.
pub const PREVIEWS_AT_ONCE: usize = 2;

impl AppState {
    pub fn new(store: Arc<dyn EventStore>) -> AppState {
        AppState {
            store,
            findings: Arc::default(),
            timelines: Arc::default(),
            loaded: Arc::default(),
            import_previews: Arc::default(),
            import_reading: Arc::default(),
            damage: Arc::default(),
        }
    }

    /// Refuses writes until the store is restored: `damage` is what the
    /// witness journal found.
    pub fn damaged(mut self, damage: Vec<String>) -> AppState {
        self.damage = Arc::new(damage);
        self
    }

    /// 503 while the store is damaged: no write goes on top of lost events.
    pub fn writable(&self) -> Result<(), WebError> {
        match self.damage.first() {
            None => Ok(()),
            Some(first) => Err(WebError::page(
                StatusCode::SERVICE_UNAVAILABLE,
                format!(
                    "the store is damaged and takes no writes until the operator restores it ({first}{})",
                    if self.damage.len() > 1 {
                        format!("; and {} more", self.damage.len() - 1)
                    } else {
                        String::new()
                    }
                ),
            )),
        }
    }

    /// Every step's analysis for a loaded match, from the cache when its
    /// head has not moved.
    pub fn timeline(&self, m: &Loaded) -> Arc<Timeline> {
        cached(&self.timelines, m, || Timeline::new(&m.replay))
    }

    /// The findings for a loaded match, from the cache when its head has
    /// not moved. Long searches are bounded by [`SEARCH_LIMIT`] per round
    /// so a page never waits long; `arbiter verify` runs them exactly.
    pub fn findings(&self, m: &Loaded) -> Arc<Vec<Finding>> {
        cached(&self.findings, m, || {
            verify::findings_within(&m.replay, Some(SEARCH_LIMIT))
        })
    }
}

/// A value derived from a match's log, from `cache` when the log's head
/// has not moved since it was computed.
fn cached<T>(
    cache: &Mutex<BTreeMap<String, (String, Arc<T>)>>,
    m: &Loaded,
    compute: impl FnOnce() -> T,
) -> Arc<T> {
    let head = m.sealed.last().map(|s| s.hash_hex()).unwrap_or_default();
    if let Ok(c) = cache.lock() {
        if let Some((h, v)) = c.get(m.id.as_str()) {
            if *h == head {
                return v.clone();
            }
        }
    }
    let v = Arc::new(compute());
    if let Ok(mut c) = cache.lock() {
        c.insert(m.id.to_string(), (head, v.clone()));
    }
    v
}

/// The longest a page lets one search run (per Bejeweled round).
pub const SEARCH_LIMIT: std::time::Duration = std::time::Duration::from_secs(3);

/// The largest request body the write API accepts.
pub const MAX_BODY: usize = 4 << 20;

/// Registers every route; used by `serve` and by the tests.
pub fn routes(state: AppState) -> impl FnOnce(&mut web::ServiceConfig) {
    move |cfg: &mut web::ServiceConfig| {
        cfg.app_data(web::Data::new(state))
            .app_data(
                web::JsonConfig::default()
                    .limit(MAX_BODY)
                    .error_handler(|err, _req| {
                        WebError::api(StatusCode::BAD_REQUEST, format!("bad JSON: {err}")).into()
                    }),
            )
            .app_data(web::PathConfig::default().error_handler(|err, _req| {
                WebError::page(StatusCode::NOT_FOUND, format!("no such page: {err}")).into()
            }))
            .configure(pages::routes)
            .configure(appeals::routes)
            .configure(import::routes)
            .configure(api::routes)
            .configure(write::routes);
    }
}

/// Serves until interrupted.
pub fn serve(store: Box<dyn EventStore>, addr: &str, damage: Vec<String>) -> std::io::Result<()> {
    let state = AppState::new(Arc::from(store)).damaged(damage);
    actix_web::rt::System::new().block_on(async move {
        HttpServer::new(move || App::new().wrap(headers()).configure(routes(state.clone())))
            .workers(2)
            .bind(addr)?
            .run()
            .await
    })
}

/// The headers every response carries: scripts and styles only from this
/// server (no inline script), no framing, no content sniffing.
pub fn headers() -> actix_web::middleware::DefaultHeaders {
    actix_web::middleware::DefaultHeaders::new()
        .add((
            "Content-Security-Policy",
            "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; \
             frame-ancestors 'none'; base-uri 'none'; form-action 'self'; object-src 'none'",
        ))
        .add(("X-Content-Type-Options", "nosniff"))
        .add(("X-Frame-Options", "DENY"))
        .add(("Referrer-Policy", "same-origin"))
}

/// A fresh random bearer token (32 bytes, hex).
pub fn new_token() -> String {
    let mut bytes = [0u8; 32];
    getrandom::getrandom(&mut bytes).expect("the operating system's random source works");
    hex::encode(bytes)
}

/// sha256 of some text, hex; used for ETags of derived pages.
pub fn digest_hex(s: &str) -> String {
    hex::encode(Sha256::digest(s.as_bytes()))
}

/// An error as the web layer shows it.
#[derive(Debug)]
pub struct WebError {
    pub status: StatusCode,
    pub message: String,
    /// Answer with JSON (the API) rather than a page.
    pub json: bool,
}

impl WebError {
    pub fn page(status: StatusCode, message: impl Into<String>) -> WebError {
        WebError {
            status,
            message: message.into(),
            json: false,
        }
    }
    pub fn api(status: StatusCode, message: impl Into<String>) -> WebError {
        WebError {
            status,
            message: message.into(),
            json: true,
        }
    }
    pub fn as_api(mut self) -> WebError {
        self.json = true;
        self
    }
}

impl std::fmt::Display for WebError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl From<StoreError> for WebError {
    fn from(e: StoreError) -> WebError {
        let status = match &e {
            StoreError::Conflict { .. } | StoreError::Exists(_) => StatusCode::CONFLICT,
            StoreError::NotFound(_) => StatusCode::NOT_FOUND,
            _ => StatusCode::INTERNAL_SERVER_ERROR,
        };
        WebError::page(status, e.to_string())
    }
}

impl ResponseError for WebError {
    fn status_code(&self) -> StatusCode {
        self.status
    }
    fn error_response(&self) -> HttpResponse {
        if self.json {
            HttpResponse::build(self.status).json(serde_json::json!({ "error": self.message }))
        } else {
            pages::error_page(self.status, &self.message)
        }
    }
}

/// A match read from the store, replayed, and its chain checked (once per
/// head, not per request).
pub struct Loaded {
    pub id: MatchId,
    pub sealed: Vec<Sealed>,
    pub replay: Replay,
    pub chain: ChainReport,
}

impl Loaded {
    pub fn create(&self) -> Option<&Create> {
        self.sealed.first().and_then(|s| s.envelope.body.create())
    }
    pub fn title(&self) -> String {
        match self.create() {
            Some(c) if !c.title.is_empty() => c.title.clone(),
            Some(c) => format!("{} — {}", c.config.game().title(), c.players.join(" vs ")),
            None => self.id.to_string(),
        }
    }
}

/// A match read, replayed and chain-checked, from [`LoadedMatches`] while
/// its head has not moved; 404 with a helpful message when missing.
pub fn load(state: &AppState, id: &str) -> Result<Arc<Loaded>, WebError> {
    let id = MatchId::parse(id).map_err(|m| WebError::page(StatusCode::NOT_FOUND, m))?;
    let missing = || {
        WebError::page(
            StatusCode::NOT_FOUND,
            format!("there is no match '{id}'; the list of matches is at /"),
        )
    };
    // A damaged head is no reason to refuse the page: read the log, and
    // the chain check says what is wrong.
    let head = state.store.head(&id).ok().flatten().map(|(_, h)| h);
    if let Some(head) = &head {
        if let Some(m) = state
            .loaded
            .lock()
            .ok()
            .and_then(|mut c| c.get(id.as_str(), head))
        {
            return Ok(m);
        }
    }
    let sealed = state.store.events(&id).map_err(|e| match e {
        StoreError::NotFound(_) => missing(),
        other => other.into(),
    })?;
    let chain = state.store.verify(&id)?;
    let envelopes: Vec<_> = sealed.iter().map(|s| s.envelope.clone()).collect();
    let replay = Replay::new(&envelopes);
    let m = Arc::new(Loaded {
        id,
        sealed,
        replay,
        chain,
    });
    if let Ok(mut c) = state.loaded.lock() {
        c.keep(m.clone());
    }
    Ok(m)
}
