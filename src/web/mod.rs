//! actix-web: the pages (askama templates) and the JSON API.
//!
//! Handlers only fetch a match's projection ([`projection`]: replayed,
//! chain-checked, kept per head) and hand plain structs to templates; no
//! rules logic lives here. Every error a handler can meet goes through
//! [`WebError`], the one place that maps layers' errors to HTTP statuses, so
//! a person gets a page that says what to do and a script gets
//! `{"error": "..."}` with the same status.
//!
//! Must not import a storage engine (only `log/` names sled or PostgreSQL)
//! or a game's own folder (`games::rush_hour` and the like): the store is
//! reached through `EventStore`, a game through the registry and the shared
//! modules of `games`.

mod api;
mod appeals;
mod assets;
mod best_move;
mod board;
mod card;
mod chart;
mod import;
mod listing;
mod pages;
mod players;
mod projection;
mod reader;
mod roster;
mod rules;
mod transcript;
mod unfurl;
mod unread;
mod visibility;
mod write;

pub use card::{Cards, CARDS_KEPT, SCALE as CARD_SCALE};
pub use projection::{load, Loaded, LoadedMatches, ProjectionCounts, LOADED_KEPT};
pub use unfurl::{PublicUrl, DESCRIPTION_MAX};

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

use actix_web::dev::{ServiceFactory, ServiceRequest, ServiceResponse};
use actix_web::http::StatusCode;
use actix_web::middleware::{Compat, Compress};
use actix_web::{web, App, HttpResponse, HttpServer, ResponseError};
use sha2::{Digest, Sha256};

use crate::log::store::Damage;
use crate::log::{EventStore, MatchId, StoreError};
use crate::replay::Timeline;
use crate::verify::{self, Finding};

/// Match id → (head hash the findings were computed at, the findings).
pub type FindingsCache = BTreeMap<String, (String, Arc<Vec<Finding>>)>;

/// What a handler answers: the page or JSON, or the [`WebError`] that says
/// why not (as a page or as `{"error"}`, by the route).
pub(crate) type Answer = Result<HttpResponse, WebError>;

/// The [`AppState`] as actix hands it to a handler.
pub(crate) type Shared = web::Data<AppState>;

/// What every handler shares.
#[derive(Clone)]
pub struct AppState {
    pub store: Arc<dyn EventStore>,
    /// A cache of findings, keyed by match id and checked against the
    /// log's head hash: derived data, rebuilt whenever the log grows.
    pub findings: Arc<Mutex<FindingsCache>>,
    /// Matches read, replayed and chain-checked, under their heads.
    pub loaded: Arc<Mutex<LoadedMatches>>,
    /// The import previews kept for reading again in place.
    pub(crate) import_previews: Arc<Mutex<import::session::Sessions>>,
    /// Import previews being read now: a paste of up to 8 MiB costs memory
    /// and time, so at most [`PREVIEWS_AT_ONCE`] run at once.
    pub import_reading: Arc<std::sync::atomic::AtomicUsize>,
    /// Per match, the match its review says it corrects (from its first
    /// event, which never changes): read once per match.
    pub(crate) supersedes: Arc<Mutex<BTreeMap<MatchId, Option<String>>>>,
    /// What each player did in each match, and who is who: kept under
    /// every match's head (the player pages and the index's player filter).
    pub(crate) roster: Arc<Mutex<roster::RosterCache>>,
    /// Damage the witness journal found when the server opened the store:
    /// while there is any, no write is taken (the operator restores first),
    /// and a damaged match is shown to no one as if it were whole.
    pub damage: Arc<Vec<Damage>>,
    /// The address people reach the server at (`serve --public-url`), for
    /// the absolute URLs of the pages' card tags; `None`: the request's.
    pub public_url: Option<Arc<PublicUrl>>,
    /// The steps' og:image cards drawn so far.
    pub cards: Arc<Mutex<Cards>>,
}

/// How many import previews (or commits) are read at once; more get 503.
pub const PREVIEWS_AT_ONCE: usize = 2;

impl AppState {
    pub fn new(store: Arc<dyn EventStore>) -> AppState {
        AppState {
            store,
            findings: Arc::default(),
            loaded: Arc::default(),
            import_previews: Arc::default(),
            import_reading: Arc::default(),
            supersedes: Arc::default(),
            roster: Arc::default(),
            damage: Arc::default(),
            public_url: None,
            cards: Arc::default(),
        }
    }

    /// Absolute URLs in the pages' tags start with `url`.
    pub fn with_public_url(mut self, url: Option<PublicUrl>) -> AppState {
        self.public_url = url.map(Arc::new);
        self
    }

    /// How the cached projections were made so far.
    pub fn projection_counts(&self) -> ProjectionCounts {
        self.loaded.lock().map(|c| c.counts).unwrap_or_default()
    }

    /// Refuses writes until the store is restored: `damage` is what the
    /// witness journal found.
    pub fn damaged(mut self, damage: Vec<Damage>) -> AppState {
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
                    "the store is damaged and takes no writes until the operator restores it ({}{})",
                    first.why,
                    if self.damage.len() > 1 {
                        format!("; and {} more", self.damage.len() - 1)
                    } else {
                        String::new()
                    }
                ),
            )),
        }
    }

    /// What the store lost of match `id`, if anything.
    pub fn damage_of(&self, id: &MatchId) -> Option<&Damage> {
        self.damage.iter().find(|d| &d.match_id == id)
    }

    /// 503 for a match the store lost events of (or holds others than
    /// acknowledged): what is left of it is not the match, so no page,
    /// API answer or bundle shows it as if it were.
    pub fn whole(&self, id: &MatchId) -> Result<(), WebError> {
        match self.damage_of(id) {
            None => Ok(()),
            Some(d) => Err(WebError::page(
                StatusCode::SERVICE_UNAVAILABLE,
                format!(
                    "this match is damaged in the store ({}); nothing of it is shown until the operator restores the data from a backup (arbiter restore)",
                    d.why
                ),
            )),
        }
    }

    /// Every step's analysis for a loaded match, from the cache when its
    /// head has not moved.
    pub fn timeline(&self, m: &Loaded) -> Arc<Timeline> {
        m.timeline()
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

/// The whole application as `serve` runs it: every route, the headers
/// every response carries, and gzip for a client that accepts it. The
/// HTTP tests build it through here too, so they see what a browser sees.
pub fn app(
    state: AppState,
) -> App<
    impl ServiceFactory<
        ServiceRequest,
        Config = (),
        Response = ServiceResponse,
        Error = actix_web::Error,
        InitError = (),
    >,
> {
    App::new()
        .wrap(headers())
        // Compat boxes the compressed body: one response type for callers.
        .wrap(Compat::new(Compress::default()))
        .configure(routes(state))
}

/// Each part of the site, as the function that registers its routes
/// (`unread`: the extractors' error answers and the answer for addresses
/// no route takes).
const PARTS: [fn(&mut web::ServiceConfig); 14] = [
    unread::configure,
    pages::routes,
    card::routes,
    assets::routes,
    appeals::routes,
    import::routes,
    api::routes,
    write::routes,
    rules::routes,
    listing::routes,
    players::routes,
    transcript::routes,
    reader::routes,
    visibility::routes,
];

/// Registers every route; used by `serve` and by the tests.
pub fn routes(state: AppState) -> impl FnOnce(&mut web::ServiceConfig) {
    move |cfg: &mut web::ServiceConfig| {
        cfg.app_data(web::Data::new(state));
        for part in PARTS {
            cfg.configure(part);
        }
    }
}

/// Serves until interrupted. `listening` is told the addresses actually
/// bound once the socket is open and before the first request is taken
/// (with port 0 the system picks the port, and only this says which).
pub fn serve(
    store: Box<dyn EventStore>,
    addr: &str,
    damage: Vec<Damage>,
    public_url: Option<PublicUrl>,
    workers: usize,
    listening: impl FnOnce(&[std::net::SocketAddr]),
) -> std::io::Result<()> {
    let state = AppState::new(Arc::from(store))
        .damaged(damage)
        .with_public_url(public_url);
    actix_web::rt::System::new().block_on(async move {
        // Idle import previews go on a timer, not only when another
        // preview comes: a pasted transcript is not kept beyond its use.
        let previews = state.import_previews.clone();
        actix_web::rt::spawn(async move {
            let mut sweep = actix_web::rt::time::interval(import::session::SWEEP);
            loop {
                sweep.tick().await;
                if let Ok(mut kept) = previews.lock() {
                    kept.forget_idle_now();
                }
            }
        });
        let server = HttpServer::new(move || app(state.clone()))
            .workers(workers)
            .bind(addr)?;
        listening(&server.addrs());
        server.run().await
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

/// Every game as a form offers it: (slug, title), in the registry's order
/// (the listing's filter, the import form's game).
fn game_choices() -> Vec<(&'static str, &'static str)> {
    crate::games::GameKind::ALL
        .iter()
        .map(|g| (g.slug(), g.title()))
        .collect()
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
            StoreError::Unavailable(_) => StatusCode::SERVICE_UNAVAILABLE,
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
