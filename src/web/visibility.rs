//! `POST /api/matches/{id}/visibility`: a match made private, or public
//! again, by its host or an admin — one Visibility event at the end of its
//! log, sealed like any other (the replay shows it as a step the rules
//! never see).
//!
//! The token is checked first (401 without one, as every write); a token
//! that may not read the match gets the 404 of a match that does not exist
//! when the match is private, and every token that is neither the match's
//! host's nor an admin's gets 403 ([`access::recorded_actor`] decides).
//! Asking for the visibility the match already has writes nothing.
//!
//! Must not import a storage engine (only `log/` names sled or PostgreSQL)
//! or a game's own folder (`games::rush_hour` and the like): the store is
//! reached through `EventStore`, a game through the registry and the shared
//! modules of `games`.

use actix_web::http::StatusCode;
use actix_web::{post, web, HttpResponse};
use chrono::Utc;
use serde::Deserialize;

use super::write::{append_with_receipt, forbidden, people_in, WriteTo};
use super::{Answer, WebError};
use crate::access;
use crate::event::{Body, NewEvent, Visibility};

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(set_visibility);
}

#[derive(Deserialize)]
struct VisibilityRequest {
    visibility: String,
}

#[post("/api/matches/{id}/visibility")]
async fn set_visibility(to: WriteTo, body: web::Json<VisibilityRequest>) -> Answer {
    let m = to.loaded()?;
    let WriteTo { who, state, .. } = to;
    let asked = Visibility::parse(&body.visibility).ok_or_else(|| {
        WebError::api(
            StatusCode::BAD_REQUEST,
            format!(
                "a match's visibility is \"private\" or \"public\", not \"{}\"",
                body.visibility
            ),
        )
    })?;
    let people = people_in(&m.id, m.sealed.first(), true)?;
    let event = Body::Visibility(asked);
    let actor = access::recorded_actor(&who, &people, None, &event)
        .map_err(|why| forbidden(format!("{why}; nothing was written"), true))?;
    if m.visibility() == asked {
        return Ok(HttpResponse::Ok().json(serde_json::json!({
            "id": m.id.to_string(),
            "visibility": asked.word(),
            "written": false,
        })));
    }
    let event = NewEvent {
        occurred_at: Utc::now(),
        actor,
        body: event,
    };
    let seq = m.sealed.len() as u64;
    let mut out = append_with_receipt(&state, m.id.clone(), seq, event).await?;
    out["visibility"] = serde_json::json!(asked.word());
    out["written"] = serde_json::json!(true);
    Ok(HttpResponse::Created().json(out))
}
