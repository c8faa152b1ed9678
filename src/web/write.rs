//! The write API, and the one way any write — API or form — learns who is
//! writing: the token names a person and a role ([`Identity`]), and the
//! event is sealed under the actor [`access::recorded_actor`] gives for
//! that person, never under what the client claims.
//!
//! The token is checked before the body is read ([`Writer`] is an
//! extractor that fails first), so a request without a good token costs
//! nothing and gets 401 whatever its body; a token that may not write the
//! event gets 403 and nothing is stored.
//!
//! Must not import a storage engine (only `log/` names sled or PostgreSQL)
//! or a game's own folder (`games::rush_hour` and the like): the store is
//! reached through `EventStore`, a game through the registry and the shared
//! modules of `games`.

use actix_web::http::StatusCode;
use actix_web::{get, post, web, HttpRequest, HttpResponse};
use chrono::{DateTime, Utc};
use serde::Deserialize;

use super::reader::Reader;
use super::{Answer, AppState, Shared, WebError};
use crate::access::{self, People};
use crate::event::{Actor, Body};
use crate::games::MatchState;
use crate::log::{Identity, MatchId, NewEvent, Role, Sealed, StoreError};

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(create)
        .service(append)
        .service(new_token)
        .service(backup);
}

/// The person behind `token`; 401 (as a page or JSON) when there is none.
pub(super) fn identify(
    state: &AppState,
    token: Option<&str>,
    json: bool,
) -> Result<Identity, WebError> {
    let denied = |msg: &str| WebError {
        status: StatusCode::UNAUTHORIZED,
        message: msg.to_string(),
        json,
    };
    let token = token.map(str::trim).filter(|t| !t.is_empty());
    let Some(token) = token else {
        return Err(denied(if json {
            "writes need 'Authorization: Bearer <token>'; the server's operator makes one with `arbiter keys new-token`"
        } else {
            "give your write token; the server's operator makes one with `arbiter keys new-token`"
        }));
    };
    match state.store.token_identity(token) {
        Ok(Some(who)) => Ok(who),
        Ok(None) => Err(denied(
            "this token is not known here (or was revoked); the server's operator makes one with `arbiter keys new-token`",
        )),
        Err(e) => Err(WebError {
            json,
            ..WebError::from(e)
        }),
    }
}

/// A 403 that says what the token may not do.
pub(super) fn forbidden(message: String, json: bool) -> WebError {
    WebError {
        status: StatusCode::FORBIDDEN,
        message,
        json,
    }
}

/// Refuses a token that is not an admin's for what only an admin `does`
/// ("takes backups"), saying whose token it is.
fn admin_only(who: &Identity, does: &str) -> Result<(), WebError> {
    if who.role == Role::Admin {
        return Ok(());
    }
    Err(forbidden(
        format!(
            "only an admin token {does}; this one is for the {}",
            who.describe()
        ),
        true,
    ))
}

/// A write's token, checked before anything else of the request is read:
/// as the first argument of a handler it fails before the body is read or
/// parsed. It also refuses every write while the store is damaged.
pub struct Writer(pub Identity);

/// The token of an `Authorization: Bearer <token>` header, if any.
pub(super) fn bearer(req: &HttpRequest) -> Option<&str> {
    req.headers()
        .get("authorization")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
}

impl actix_web::FromRequest for Writer {
    type Error = WebError;
    type Future = std::future::Ready<Result<Writer, WebError>>;

    fn from_request(req: &HttpRequest, _: &mut actix_web::dev::Payload) -> Self::Future {
        let token = bearer(req);
        let checked = match req.app_data::<Shared>() {
            Some(state) => identify(state, token, true)
                .and_then(|who| state.writable().map_err(WebError::as_api).map(|()| who))
                .map(Writer),
            None => Err(WebError::api(
                StatusCode::INTERNAL_SERVER_ERROR,
                "the server has no store configured",
            )),
        };
        std::future::ready(checked)
    }
}

/// A write to the match a route names by its `{id}`: the writer's token,
/// checked first as [`Writer`] checks it, with the store and the id. The
/// handler makes its own checks of the token (an admin's, say) and then
/// reads the match through [`WriteTo::loaded`], so the order of refusals
/// is the handler's. The visibility and redaction routes take it.
pub struct WriteTo {
    pub who: Identity,
    pub state: Shared,
    id: String,
}

impl WriteTo {
    /// The match as the writer may read it: the 404 of a match that does
    /// not exist where they may not, as JSON.
    pub fn loaded(&self) -> Result<std::sync::Arc<super::projection::Loaded>, WebError> {
        Reader::person(self.who.clone())
            .load(&self.state, &self.id)
            .map_err(WebError::as_api)
    }
}

impl actix_web::FromRequest for WriteTo {
    type Error = WebError;
    type Future = std::future::Ready<Result<WriteTo, WebError>>;

    fn from_request(req: &HttpRequest, payload: &mut actix_web::dev::Payload) -> Self::Future {
        let write = Writer::from_request(req, payload)
            .into_inner()
            .and_then(
                |Writer(who)| match (req.app_data::<Shared>(), req.match_info().get("id")) {
                    (Some(state), Some(id)) => Ok(WriteTo {
                        who,
                        state: state.clone(),
                        id: id.to_string(),
                    }),
                    _ => Err(WebError::api(
                        StatusCode::INTERNAL_SERVER_ERROR,
                        format!("the route {} names no match to write", req.path()),
                    )),
                },
            );
        std::future::ready(write)
    }
}

fn store_error(e: StoreError) -> WebError {
    WebError::from(e).as_api()
}

/// An event as a client sends it: the actor may be left out, and is then
/// the token's own person.
#[derive(Deserialize)]
struct EventRequest {
    occurred_at: DateTime<Utc>,
    #[serde(default)]
    actor: Option<Actor>,
    body: Body,
}

impl EventRequest {
    /// The event as it is sealed when `who` writes it in `people`'s match;
    /// 403 when the token may not.
    fn recorded(self, who: &Identity, people: &People, seq: usize) -> Result<NewEvent, WebError> {
        let actor = access::recorded_actor(who, people, self.actor.as_ref(), &self.body)
            .map_err(|why| forbidden(format!("event {seq}: {why}; nothing was written"), true))?;
        Ok(NewEvent {
            occurred_at: self.occurred_at,
            actor,
            body: self.body,
        })
    }
}

#[derive(Deserialize)]
struct CreateRequest {
    id: String,
    events: Vec<EventRequest>,
}

#[post("/api/matches")]
async fn create(Writer(who): Writer, state: Shared, body: web::Json<CreateRequest>) -> Answer {
    let request = body.into_inner();
    let id = MatchId::parse(&request.id).map_err(|m| WebError::api(StatusCode::BAD_REQUEST, m))?;
    let first = request.events.first().ok_or_else(|| {
        WebError::api(
            StatusCode::BAD_REQUEST,
            "a match needs at least its Create event",
        )
    })?;
    let Some(create) = first.body.create() else {
        return Err(WebError::api(
            StatusCode::BAD_REQUEST,
            format!(
                "the first event must be a Create, not a {}",
                first.body.kind()
            ),
        ));
    };
    MatchState::start(create, first.occurred_at).map_err(|e| {
        WebError::api(
            StatusCode::BAD_REQUEST,
            format!("the Create event is not valid: {e}"),
        )
    })?;
    let people = People::of(&first.body).expect("the first event is a Create");
    let events = request
        .events
        .into_iter()
        .enumerate()
        .map(|(seq, e)| e.recorded(&who, &people, seq))
        .collect::<Result<Vec<_>, _>>()?;
    // A create retried with the same events is answered as it was (the
    // same receipt); with other events the id is taken.
    if let Ok(stored) = state.store.events(&id) {
        let same = stored.len() == events.len()
            && stored.iter().zip(&events).all(|(s, e)| {
                s.envelope.occurred_at == e.occurred_at
                    && s.envelope.actor == e.actor
                    && s.envelope.body == e.body
            });
        if !same {
            return Err(WebError::api(
                StatusCode::CONFLICT,
                format!("match '{id}' already exists with other events; pick another id"),
            ));
        }
        let receipt = state.store.checkpoint(&id).map_err(store_error)?;
        return Ok(HttpResponse::Ok().json(serde_json::json!({
            "id": id.to_string(),
            "events": stored.len(),
            "head": stored.last().map(Sealed::hash_hex),
            "receipt": receipt,
        })));
    }
    let n = events.len();
    let store = state.store.clone();
    let id2 = id.clone();
    // All the events or none: a crash or a racing create stores no part.
    let result = web::block(move || -> Result<Option<Sealed>, StoreError> {
        Ok(store.append_all(&id2, 0, events)?.pop())
    })
    .await
    .map_err(|e| WebError::api(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?
    .map_err(store_error)?;
    let receipt = state.store.checkpoint(&id).map_err(store_error)?;
    Ok(HttpResponse::Created()
        .insert_header(("Location", format!("/matches/{id}")))
        .json(serde_json::json!({
            "id": id.to_string(),
            "events": n,
            "head": result.map(|s| s.hash_hex()),
            "receipt": receipt,
        })))
}

#[derive(Deserialize)]
struct AppendRequest {
    expected_seq: u64,
    event: EventRequest,
}

/// The people of a stored match, from its first event (one read).
pub(super) fn people_of(state: &AppState, id: &MatchId, json: bool) -> Result<People, WebError> {
    let first = state.store.first_event(id).map_err(|e| WebError {
        json,
        ..WebError::from(e)
    })?;
    people_in(id, first.as_ref(), json)
}

/// The people of match `id` whose first event is `first` (a match already
/// loaded has it in hand).
pub(super) fn people_in(
    id: &MatchId,
    first: Option<&Sealed>,
    json: bool,
) -> Result<People, WebError> {
    let Some(first) = first else {
        return Err(WebError {
            status: StatusCode::NOT_FOUND,
            message: format!("there is no match '{id}'; the list of matches is at /"),
            json,
        });
    };
    People::of(&first.envelope.body).ok_or_else(|| WebError {
        status: StatusCode::UNPROCESSABLE_ENTITY,
        message: format!(
            "match '{id}' does not start with a Create, so it has no host or players to write as"
        ),
        json,
    })
}

#[post("/api/matches/{id}/events")]
async fn append(
    Writer(who): Writer,
    state: Shared,
    path: web::Path<String>,
    body: web::Json<AppendRequest>,
) -> Answer {
    let id = MatchId::parse(&path).map_err(|m| WebError::api(StatusCode::NOT_FOUND, m))?;
    let AppendRequest {
        expected_seq,
        event,
    } = body.into_inner();
    if expected_seq == 0 {
        return Err(WebError::api(
            StatusCode::BAD_REQUEST,
            "seq 0 is the Create event; create a match with POST /api/matches",
        ));
    }
    if event.body.create().is_some() {
        return Err(WebError::api(
            StatusCode::BAD_REQUEST,
            "a Create event comes only first; create a match with POST /api/matches",
        ));
    }
    let people = people_of(&state, &id, true)?;
    // A private match is not there for a token that may not read it.
    let m = Reader::person(who.clone())
        .load(&state, &path)
        .map_err(WebError::as_api)?;
    let mut event = event.recorded(&who, &people, expected_seq as usize)?;
    if let Body::AppealDecision(d) = &mut event.body {
        // The recommendation is the verifier's, never the client's: it is
        // computed here from the log and recorded with the decision.
        (d.recommendation, d.findings) = super::appeals::recommend(&state, &m, d.appeal_seq);
    }
    let out = append_with_receipt(&state, id, expected_seq, event).await?;
    Ok(HttpResponse::Created().json(out))
}

/// Appends `event` to match `id` at `seq` (off the async workers) and
/// answers, as JSON, the sealed event and the signed checkpoint of the log
/// it ends: the receipt a player keeps.
pub(super) async fn append_with_receipt(
    state: &AppState,
    id: MatchId,
    seq: u64,
    event: NewEvent,
) -> Result<serde_json::Value, WebError> {
    let store = state.store.clone();
    let (sealed, receipt) = web::block(move || {
        let sealed = store.append(&id, seq, event)?;
        let receipt = store.checkpoint(&id)?;
        Ok::<_, StoreError>((sealed, receipt))
    })
    .await
    .map_err(|e| WebError::api(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?
    .map_err(store_error)?;
    let unwritable =
        |e: serde_json::Error| WebError::api(StatusCode::INTERNAL_SERVER_ERROR, e.to_string());
    let mut out =
        serde_json::to_value(super::api::SealedJson::from(&sealed)).map_err(unwritable)?;
    out["receipt"] = serde_json::to_value(&receipt).map_err(unwritable)?;
    Ok(out)
}

#[derive(Deserialize)]
struct TokenRequest {
    role: String,
    #[serde(default)]
    name: String,
}

/// An admin issues a token for a person: a host hands players theirs
/// without shell access to the server. The token is in the answer once
/// and never again (only its hash is kept).
#[post("/api/tokens")]
async fn new_token(Writer(who): Writer, state: Shared, body: web::Json<TokenRequest>) -> Answer {
    admin_only(&who, "issues tokens")?;
    let TokenRequest { role, name } = body.into_inner();
    let role = Role::parse(&role).ok_or_else(|| {
        WebError::api(
            StatusCode::BAD_REQUEST,
            format!("the role is host, player, importer or admin, not '{role}'"),
        )
    })?;
    if role != Role::Admin && name.trim().is_empty() {
        return Err(WebError::api(
            StatusCode::BAD_REQUEST,
            format!(
                "a {} token needs the person's name, as the match names them",
                role.name()
            ),
        ));
    }
    let person = Identity::new(role, &name, &Utc::now().to_rfc3339());
    let token = super::new_token();
    state
        .store
        .add_token(&token, &person)
        .map_err(store_error)?;
    Ok(HttpResponse::Created().json(serde_json::json!({
        "token": token,
        "id": &super::digest_hex(&token)[..12],
        "role": role.name(),
        "name": person.name,
        "issued_by": who.name,
    })))
}

/// A backup of the running server, for an admin: the same files as
/// `arbiter backup DIR`, as one tar archive (sled allows one process, so
/// the CLI cannot back up a store the server holds). The witness is read
/// first and each match's bundle in one read, so every bundle holds at
/// least what the witness in the archive acknowledged.
#[get("/api/backup")]
async fn backup(Writer(who): Writer, state: Shared) -> Answer {
    admin_only(&who, "takes backups")?;
    let store = state.store.clone();
    let top = format!("arbiter-backup-{}", Utc::now().format("%Y%m%dT%H%M%SZ"));
    let name = top.clone();
    let archive = web::block(move || {
        let taken = crate::backup::take(store.as_ref()).map_err(store_error)?;
        taken
            .to_tar(&top)
            .map_err(|e| WebError::api(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))
    })
    .await
    .map_err(|e| WebError::api(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))??;
    Ok(HttpResponse::Ok()
        .content_type("application/x-tar")
        .insert_header((
            "Content-Disposition",
            format!("attachment; filename=\"{name}.tar\""),
        ))
        .body(archive))
}
