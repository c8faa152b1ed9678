//! Who is reading: the person behind a read token, so that a private match
//! is shown only to its players, its host and admins.
//!
//! A script sends its token as `Authorization: Bearer <token>`; a browser
//! sends no header, so a person gives their token once at `/token` and it
//! is kept in a cookie ([`COOKIE`]: HttpOnly, SameSite=Strict, Secure when
//! the request came over https) until they forget it there. [`Reader`] is
//! an extractor that never fails: a missing, unknown or revoked token reads
//! as nobody, so no page about a private match can say a token was wrong.
//!
//! Every route that reads one match gets it through [`Reader::load`]
//! (most take it as a [`ReadMatch`], the match their `{id}` names), which
//! answers a private match the reader may not read with exactly the 404 of
//! a match the store does not hold ([`no_such_match`]); every list keeps
//! only what [`Reader::may_read`]. Who may read a private match is
//! [`access::may_read_private`]'s decision; where a match's visibility comes
//! from is its projection's (`Loaded::visibility`).
//!
//! Must not import a storage engine (only `log/` names sled or PostgreSQL)
//! or a game's own folder (`games::rush_hour` and the like): the store is
//! reached through `EventStore`, a game through the registry and the shared
//! modules of `games`.

use std::sync::Arc;

use actix_web::http::{header, StatusCode};
use actix_web::{get, post, web, HttpMessage, HttpRequest, HttpResponse};
use askama::Template;
use serde::Deserialize;

use super::pages::html;
use super::projection::{load, no_such_match, Loaded};
use super::{Answer, AppState, Shared, WebError};
use crate::access::{self, People};
use crate::event::Visibility;
use crate::log::{Identity, MatchId, Role};

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(token_page).service(token_post);
}

/// The cookie a browser keeps its reading token in.
pub const COOKIE: &str = "arbiter_token";

/// How long a browser keeps a token given at `/token`, in seconds (30
/// days).
const KEPT_FOR: u64 = 30 * 24 * 60 * 60;

/// The person reading, when the request carries a token the store knows.
#[derive(Clone, Debug, Default)]
pub struct Reader(Option<Identity>);

impl Reader {
    /// Someone with no token (or one the store does not know).
    pub fn nobody() -> Reader {
        Reader(None)
    }

    /// The person behind a token already checked.
    pub fn person(who: Identity) -> Reader {
        Reader(Some(who))
    }

    /// The person behind `token`, or nobody: a token the store does not
    /// know, or a store that cannot say, reads as no token at all.
    pub fn of_token(state: &AppState, token: Option<&str>) -> Reader {
        let token = token.map(str::trim).filter(|t| !t.is_empty());
        Reader(token.and_then(|t| state.store.token_identity(t).ok().flatten()))
    }

    /// The person behind the token `req` carries, looked up once a
    /// request: a handler that takes both a [`ReadMatch`] and a `Reader`
    /// reads the token store once.
    fn of_request(req: &HttpRequest) -> Reader {
        if let Some(known) = req.extensions().get::<Reader>() {
            return known.clone();
        }
        let reader = match req.app_data::<Shared>() {
            Some(state) => Reader::of_token(state, carried(req).as_deref()),
            None => Reader::nobody(),
        };
        req.extensions_mut().insert(reader.clone());
        reader
    }

    /// This reader, or, when it is nobody, the person behind `token` (a
    /// form's token box).
    pub fn or_token(self, state: &AppState, token: &str) -> Reader {
        match self.0 {
            Some(_) => self,
            None => Reader::of_token(state, Some(token)),
        }
    }

    pub fn identity(&self) -> Option<&Identity> {
        self.0.as_ref()
    }

    /// Whether this reader may read a match of `visibility` whose people
    /// are `people` (`None`: its first event is no Create, so only an
    /// admin reads it when it is private).
    pub fn may_read_people(&self, visibility: Visibility, people: Option<&People>) -> bool {
        match (visibility, &self.0) {
            (Visibility::Public, _) => true,
            (Visibility::Private, None) => false,
            (Visibility::Private, Some(who)) => match people {
                Some(people) => access::may_read_private(who, people),
                None => who.role == Role::Admin,
            },
        }
    }

    /// Whether this reader may read the loaded match `m`.
    pub fn may_read(&self, m: &Loaded) -> bool {
        m.visibility() == Visibility::Public
            || self.may_read_people(m.visibility(), m.people().as_ref())
    }

    /// Match `id`'s projection for this reader: the 404 of a match that
    /// does not exist when it is private and this reader may not read it.
    pub fn load(&self, state: &AppState, id: &str) -> Result<Arc<Loaded>, WebError> {
        let m = match load(state, id) {
            Ok(m) => m,
            // Lost whole: damage, not a match that never was.
            Err(e) => {
                if let Ok(id) = MatchId::parse(id) {
                    state.whole(&id)?;
                }
                return Err(e);
            }
        };
        if !self.may_read(&m) {
            return Err(no_such_match(&m.id));
        }
        state.whole(&m.id)?;
        Ok(m)
    }
}

/// The token a request carries: `Authorization: Bearer …` first, then the
/// cookie a browser was given at `/token`.
fn carried(req: &HttpRequest) -> Option<String> {
    super::write::bearer(req)
        .map(str::to_string)
        .or_else(|| cookie(req))
}

/// The value of the [`COOKIE`] the request carries, if any.
fn cookie(req: &HttpRequest) -> Option<String> {
    req.headers()
        .get_all(header::COOKIE)
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(name, _)| *name == COOKIE)
        .map(|(_, value)| value.trim_matches('"').to_string())
}

/// Whether `token` can be a cookie's value as it is: visible ASCII but
/// for the characters a cookie's value may not hold.
fn cookie_safe(token: &str) -> bool {
    token
        .bytes()
        .all(|b| b.is_ascii_graphic() && !matches!(b, b'"' | b',' | b';' | b'\\'))
}

/// The `Set-Cookie` header that keeps `value` for `max_age` seconds (0:
/// forget it now): HttpOnly, SameSite=Strict, and Secure over https.
fn set_cookie(value: &str, max_age: u64, secure: bool) -> (header::HeaderName, String) {
    let secure = if secure { "; Secure" } else { "" };
    (
        header::SET_COOKIE,
        format!("{COOKIE}={value}; Path=/; Max-Age={max_age}; HttpOnly; SameSite=Strict{secure}"),
    )
}

impl actix_web::FromRequest for Reader {
    type Error = WebError;
    type Future = std::future::Ready<Result<Reader, WebError>>;

    fn from_request(req: &HttpRequest, _: &mut actix_web::dev::Payload) -> Self::Future {
        std::future::ready(Ok(Reader::of_request(req)))
    }
}

/// The match a route names by its `{id}`, as the request's [`Reader`]
/// may read it: extracting it is [`Reader::load`], so a handler that takes
/// one never sees a match its reader may not. Its error is that load's
/// (the 404 of a match the store does not hold), as JSON under `/api/`
/// and as the page elsewhere. A handler takes it after its other
/// extractors: actix extracts in order, so a malformed step number or
/// query is named before the match is read, as it was when handlers
/// loaded the match themselves.
pub struct ReadMatch(pub Arc<Loaded>);

impl actix_web::FromRequest for ReadMatch {
    type Error = WebError;
    type Future = std::future::Ready<Result<ReadMatch, WebError>>;

    fn from_request(req: &HttpRequest, _: &mut actix_web::dev::Payload) -> Self::Future {
        let loaded = match (req.app_data::<Shared>(), req.match_info().get("id")) {
            (Some(state), Some(id)) => Reader::of_request(req).load(state, id),
            _ => Err(WebError::page(
                StatusCode::INTERNAL_SERVER_ERROR,
                format!("the route {} names no match to read", req.path()),
            )),
        };
        let loaded = match loaded {
            Err(e) if super::unread::is_api(req) => Err(e.as_api()),
            other => other,
        };
        std::future::ready(loaded.map(ReadMatch))
    }
}

#[derive(Template)]
#[template(path = "token.html")]
struct TokenPage {
    /// Whose token this browser keeps now, in words.
    kept: Option<String>,
    /// What happened to the token just given, or why it was not kept.
    said: Option<String>,
    refused: bool,
}

/// `/token`: whose token this browser keeps, a box to give one, and a
/// button to forget it.
#[get("/token")]
async fn token_page(reader: Reader) -> Answer {
    html(&TokenPage {
        kept: reader.identity().map(Identity::describe),
        said: None,
        refused: false,
    })
}

#[derive(Deserialize)]
struct TokenForm {
    #[serde(default)]
    token: String,
    /// `forget` forgets the kept token; anything else keeps `token`.
    #[serde(default)]
    action: String,
}

/// Whether a form post came from this site: a browser names the page's
/// origin on a cross-site post, and another site must not set (or forget)
/// the token this browser reads with. No `Origin` (a script, an old
/// browser) is taken as this site's.
fn same_site(req: &HttpRequest) -> bool {
    let Some(origin) = req.headers().get("origin") else {
        return true;
    };
    let host = req.connection_info().host().to_ascii_lowercase();
    let named = origin
        .to_str()
        .ok()
        .and_then(|o| url::Url::parse(o).ok())
        .and_then(|u| {
            let h = u.host_str()?.to_ascii_lowercase();
            Some(match u.port() {
                Some(p) => format!("{h}:{p}"),
                None => h,
            })
        });
    named.as_deref() == Some(host.as_str())
}

/// Keeps the token given (when the store knows it) in an HttpOnly,
/// SameSite=Strict cookie, or forgets the kept one.
#[post("/token")]
async fn token_post(state: Shared, req: HttpRequest, form: web::Form<TokenForm>) -> Answer {
    let secure = req.connection_info().scheme() == "https";
    if !same_site(&req) {
        return Err(WebError::page(
            StatusCode::FORBIDDEN,
            "a token is kept only from this site's own /token page: open it here and paste the token there",
        ));
    }
    if form.action == "forget" {
        let page = TokenPage {
            kept: None,
            said: Some(
                "this browser no longer keeps a token: private matches are hidden from it again"
                    .into(),
            ),
            refused: false,
        };
        return with_cookie(html(&page)?, set_cookie("", 0, secure));
    }
    let token = form.token.trim();
    let known = Reader::of_token(&state, Some(token)).0;
    let Some(who) = known.filter(|_| cookie_safe(token)) else {
        let kept = Reader::of_token(&state, carried(&req).as_deref());
        let mut resp = html(&TokenPage {
            kept: kept.identity().map(Identity::describe),
            said: Some(if token.is_empty() {
                "paste your token into the box first".into()
            } else {
                "this token is not known here (or was revoked): nothing was kept; ask the server's operator or your host for yours".into()
            }),
            refused: true,
        })?;
        *resp.status_mut() = if token.is_empty() {
            StatusCode::UNPROCESSABLE_ENTITY
        } else {
            StatusCode::UNAUTHORIZED
        };
        return Ok(resp);
    };
    let resp = html(&TokenPage {
        kept: Some(who.describe()),
        said: Some(format!(
            "kept: this browser now reads as the {}, and sees the private matches that person may read",
            who.describe()
        )),
        refused: false,
    })?;
    with_cookie(resp, set_cookie(token, KEPT_FOR, secure))
}

/// `resp` with the header `set` added.
fn with_cookie(mut resp: HttpResponse, (name, value): (header::HeaderName, String)) -> Answer {
    let value = header::HeaderValue::from_str(&value)
        .map_err(|e| WebError::page(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?;
    resp.headers_mut().append(name, value);
    Ok(resp)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn people() -> People {
        People {
            host: "kg".into(),
            players: vec!["Mira".into(), "jonas".into()],
            aliases: Vec::new(),
        }
    }

    fn reader(role: Role, name: &str) -> Reader {
        Reader::person(Identity::new(role, name, "2026-11-26T00:00:00Z"))
    }

    #[test]
    fn a_public_match_is_read_by_anyone_a_private_one_by_its_own_people() {
        let p = people();
        let private = |r: &Reader| r.may_read_people(Visibility::Private, Some(&p));
        assert!(Reader::nobody().may_read_people(Visibility::Public, Some(&p)));
        assert!(!private(&Reader::nobody()));
        assert!(private(&reader(Role::Player, "mira")));
        assert!(private(&reader(Role::Host, "KG")));
        assert!(private(&reader(Role::Admin, "ops")));
        assert!(!private(&reader(Role::Player, "wren")));
        assert!(!private(&reader(Role::Host, "someone")));
        assert!(!private(&reader(Role::Importer, "bot")));
        // No Create, no people: an admin alone.
        assert!(reader(Role::Admin, "ops").may_read_people(Visibility::Private, None));
        assert!(!reader(Role::Player, "mira").may_read_people(Visibility::Private, None));
    }
}
