//! `/matches/{id}/transcript`: the transcript a match was imported from,
//! message by message as its Create seals them, with "message 14 removed
//! on request" where an admin removed one; and the admin's form that
//! removes messages (`POST …/transcript/redact`), plus its JSON twin
//! (`POST /api/matches/{id}/redactions`).
//!
//! The removal itself is `crate::transcripts::redact`'s; this module reads
//! forms and draws. Must not name a storage engine.

use actix_web::http::StatusCode;
use actix_web::{get, post, web, HttpResponse};
use askama::Template;
use serde::Deserialize;

use super::appeals::see_other;
use super::projection::Loaded;
use super::reader::{ReadMatch, Reader};
use super::write::{forbidden, identify, WriteTo};
use super::{Answer, AppState, Shared, WebError};
use crate::event::Body;
use crate::log::transcript::{Content, Piece};
use crate::log::{Identity, Role};
use crate::transcripts::{self, RedactError};

/// One piece as the page shows it.
struct ShownPiece {
    messages: Vec<u32>,
    /// The first message's number (for anchors and the checkbox).
    first: u32,
    /// "message 14", or "messages 14 and 15" when two share lines.
    numbers: String,
    author: String,
    time: String,
    /// The text, or `None` when removed.
    text: Option<String>,
    /// What stands in a removed piece's place.
    removed_note: String,
}

#[derive(Template)]
#[template(path = "transcript.html")]
struct TranscriptPage {
    id: String,
    title: String,
    name: String,
    format: String,
    messages: u32,
    redacted: usize,
    root_short: String,
    status: String,
    pieces: Vec<ShownPiece>,
    admin_form: bool,
    error: Option<String>,
}

/// What stands in the place of a piece removed by the event at `seq`.
fn removed_note(m: &Loaded, messages: &[u32], seq: u64) -> String {
    let what = crate::event::message_list(messages);
    match m.sealed.get(seq as usize).map(|s| &s.envelope) {
        Some(e) => match &e.body {
            Body::Redaction(r) => format!(
                "{what} removed on request on {} by {}: {}",
                e.occurred_at.format("%Y-%m-%d"),
                e.actor.name(),
                r.reason
            ),
            _ => format!("{what} removed on request"),
        },
        None => format!("{what} removed on request"),
    }
}

fn shown(m: &Loaded, piece: &Piece) -> ShownPiece {
    let numbers = crate::event::message_list(&piece.messages);
    let first = piece.messages.first().copied().unwrap_or_default();
    match &piece.content {
        Content::Kept {
            author, time, text, ..
        } => ShownPiece {
            messages: piece.messages.clone(),
            first,
            numbers,
            author: author.clone(),
            time: time.clone(),
            text: Some(text.clone()),
            removed_note: String::new(),
        },
        Content::Removed { redaction, .. } => ShownPiece {
            messages: piece.messages.clone(),
            first,
            numbers,
            author: String::new(),
            time: String::new(),
            text: None,
            removed_note: removed_note(m, &piece.messages, *redaction),
        },
    }
}

fn page(state: &AppState, m: &Loaded, error: Option<String>) -> Result<TranscriptPage, WebError> {
    let not_sealed = || {
        WebError::page(
            StatusCode::NOT_FOUND,
            format!(
                "match {} keeps no transcript message by message (it was not imported, or was stored before transcripts were sealed that way)",
                m.id
            ),
        )
    };
    let first = m.sealed.first().ok_or_else(not_sealed)?;
    let kept = transcripts::kept(state.store.as_ref(), &m.id, &first.envelope.body)?
        .ok_or_else(not_sealed)?;
    let status = transcripts::check_pieces(&kept, &m.sealed)
        .map(|_| "Every piece checks against the sealed root.".to_string())
        .unwrap_or_else(|why| format!("The kept transcript does NOT check: {why}"));
    Ok(TranscriptPage {
        id: m.id.to_string(),
        title: m.create().map(|c| c.title.clone()).unwrap_or_default(),
        name: kept.seal.name.clone(),
        format: kept.seal.format.clone(),
        messages: kept.seal.messages,
        redacted: crate::log::transcript::removed_messages(&kept.pieces).len(),
        root_short: kept.seal.root.chars().take(16).collect(),
        status,
        pieces: kept.pieces.iter().map(|p| shown(m, p)).collect(),
        admin_form: true,
        error,
    })
}

#[get("/matches/{id}/transcript")]
async fn transcript_page(state: Shared, ReadMatch(m): ReadMatch) -> Answer {
    super::pages::html(&page(&state, &m, None)?)
}

/// The form's fields: repeated `message`, `reason` and `token`.
fn read_form(body: &[u8]) -> (Vec<u32>, String, String, Vec<String>) {
    let (mut messages, mut reason, mut token, mut bad) =
        (Vec::new(), String::new(), String::new(), Vec::new());
    for (k, v) in url::form_urlencoded::parse(body) {
        match k.as_ref() {
            "message" => match v.trim().parse() {
                Ok(n) => messages.push(n),
                Err(_) => bad.push(v.into_owned()),
            },
            "reason" => reason = v.into_owned(),
            "token" => token = v.into_owned(),
            _ => {}
        }
    }
    (messages, reason, token, bad)
}

fn refused(e: RedactError, json: bool) -> WebError {
    let code = match e {
        RedactError::Asked(_) | RedactError::NotCommitted(_) => StatusCode::UNPROCESSABLE_ENTITY,
        RedactError::Damaged(_) => StatusCode::CONFLICT,
        RedactError::Store(s) => {
            let e = WebError::from(s);
            return if json { e.as_api() } else { e };
        }
    };
    if json {
        WebError::api(code, e.to_string())
    } else {
        WebError::page(code, e.to_string())
    }
}

/// The page again with `why` above the form (422): nothing was removed.
fn refill(state: &AppState, m: &Loaded, why: String) -> Answer {
    let mut resp = super::pages::html(&page(state, m, Some(why))?)?;
    *resp.status_mut() = StatusCode::UNPROCESSABLE_ENTITY;
    Ok(resp)
}

/// `who`'s name when an admin's token, else the 403 that says why.
fn only_an_admin(who: &Identity, json: bool) -> Result<String, WebError> {
    if who.role == Role::Admin {
        return Ok(who.name.clone());
    }
    Err(forbidden(
        format!(
            "only an admin removes messages from a transcript; this token is for the {}",
            who.describe()
        ),
        json,
    ))
}

/// The admin behind the form's `token`, or why not (401/403).
fn admin(state: &AppState, token: &str) -> Result<String, WebError> {
    state.writable()?;
    only_an_admin(&identify(state, Some(token), false)?, false)
}

async fn redact_now(
    state: &AppState,
    m: &Loaded,
    messages: Vec<u32>,
    reason: String,
    admin: String,
) -> Result<Result<transcripts::Redacted, RedactError>, WebError> {
    let store = state.store.clone();
    let id = m.id.clone();
    web::block(move || transcripts::redact(store.as_ref(), &id, &messages, &reason, &admin))
        .await
        .map_err(|e| WebError::page(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))
}

#[post("/matches/{id}/transcript/redact")]
async fn redact_form(state: Shared, path: web::Path<String>, body: web::Bytes) -> Answer {
    let (messages, reason, token, bad) = read_form(&body);
    let admin = admin(&state, token.trim())?;
    // An admin reads every match, private ones included.
    let m = Reader::of_token(&state, Some(token.trim())).load(&state, &path)?;
    let problem = if !bad.is_empty() {
        Some(format!("'{}' is not a message number", bad.join("', '")))
    } else if messages.is_empty() {
        Some("tick the messages to remove".to_string())
    } else {
        None
    };
    if let Some(why) = problem {
        return refill(&state, &m, why);
    }
    match redact_now(&state, &m, messages, reason, admin).await? {
        Ok(_) => Ok(see_other(format!("/matches/{}/transcript", m.id))),
        Err(e @ RedactError::Asked(_)) => refill(&state, &m, e.to_string()),
        Err(e) => Err(refused(e, false)),
    }
}

#[derive(Deserialize)]
struct RedactionRequest {
    messages: Vec<u32>,
    reason: String,
}

#[post("/api/matches/{id}/redactions")]
async fn redact_api(to: WriteTo, body: web::Json<RedactionRequest>) -> Answer {
    let admin = only_an_admin(&to.who, true)?;
    let m = to.loaded()?;
    let state = to.state;
    let RedactionRequest { messages, reason } = body.into_inner();
    let done = redact_now(&state, &m, messages, reason, admin)
        .await?
        .map_err(|e| refused(e, true))?;
    Ok(HttpResponse::Ok().json(serde_json::json!({
        "redaction_seq": done.seq,
        "removed": done.removed,
    })))
}

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(transcript_page)
        .service(redact_form)
        .service(redact_api);
}
