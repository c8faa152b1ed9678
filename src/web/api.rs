//! The JSON API. Reads are open but for a private match, which only its
//! players, its host and admins read, each with their bearer token (for
//! anyone else it is the 404 of a match that is not there: see
//! [`Reader`]); writes need a bearer token made by `arbiter keys
//! new-token`. A write either stores everything it was given
//! or nothing, and answers 400 / 401 / 404 / 409 with `{"error": ...}`.
//!
//! Must not import a storage engine (only `log/` names sled or PostgreSQL)
//! or a game's own folder (`games::rush_hour` and the like): the store is
//! reached through `EventStore`, a game through the registry and the shared
//! modules of `games`.

use actix_web::http::StatusCode;
use actix_web::{get, web, HttpResponse};
use serde::{Deserialize, Serialize};

use super::reader::ReadMatch;
use super::{Answer, Shared, WebError};
use crate::log::merkle;
use crate::log::{Sealed, StoreError};
use crate::verify;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(events)
        .service(step)
        .service(verify_match)
        .service(keys)
        .service(checkpoint)
        .service(inclusion)
        .service(consistency)
        .service(bundle_file);
}

/// A sealed event as JSON: the envelope plus its seal in hex.
#[derive(Serialize)]
pub(super) struct SealedJson<'a> {
    #[serde(flatten)]
    envelope: &'a crate::log::Envelope,
    prev_hash: String,
    hash: String,
    key_id: &'a str,
    signature: String,
}

impl<'a> From<&'a Sealed> for SealedJson<'a> {
    fn from(s: &'a Sealed) -> SealedJson<'a> {
        SealedJson {
            envelope: &s.envelope,
            prev_hash: hex::encode(s.prev_hash),
            hash: hex::encode(s.hash),
            key_id: &s.key_id,
            signature: hex::encode(&s.signature),
        }
    }
}

#[get("/api/matches/{id}/events")]
async fn events(ReadMatch(m): ReadMatch) -> Answer {
    let out: Vec<SealedJson> = m.sealed.iter().map(SealedJson::from).collect();
    Ok(HttpResponse::Ok().json(out))
}

#[derive(Serialize)]
struct StepJson<'a> {
    #[serde(flatten)]
    step: &'a crate::replay::Step,
    steps: usize,
    view: Option<&'a serde_json::value::RawValue>,
    /// The exact value of the position and its moves (small games).
    analysis: Option<crate::games::Analysis>,
    /// Why this step's move threw a win away, when it did.
    mistake: Option<String>,
    /// Why there is no analysis yet (tables being built), said live: a
    /// page polls this while `building`.
    analysis_note: Option<crate::games::AnalysisNote>,
}

#[get("/api/matches/{id}/steps/{n}")]
async fn step(state: Shared, path: web::Path<(String, String)>, ReadMatch(m): ReadMatch) -> Answer {
    let (id, n) = path.into_inner();
    let total = m.replay.steps.len();
    let k = n.parse::<usize>().ok().filter(|&i| i < total);
    let step = k.and_then(|i| m.replay.steps.get(i)).ok_or_else(|| {
        WebError::api(
            StatusCode::NOT_FOUND,
            format!(
                "match '{id}' has steps 0 to {}; there is no step {n}",
                total.saturating_sub(1)
            ),
        )
    })?;
    let timeline = state.timeline(&m);
    let k = k.unwrap_or_default();
    let view = m.view_json(k);
    Ok(HttpResponse::Ok().json(StepJson {
        step,
        steps: total,
        view: view.as_deref(),
        analysis: timeline.analyses[k].clone(),
        mistake: timeline.mistakes[k].clone(),
        analysis_note: step
            .state
            .as_ref()
            .and_then(crate::games::MatchState::analysis_note),
    }))
}

#[get("/api/matches/{id}/verify")]
async fn verify_match(state: Shared, ReadMatch(m): ReadMatch) -> Answer {
    let chain = m.chain.clone();
    let findings = state.findings(&m).to_vec();
    let mut report = verify::report_with(&m.id, chain, &m.replay, findings, &state.timeline(&m));
    report.transcript = crate::transcripts::check(state.store.as_ref(), &m.id, &m.sealed);
    Ok(HttpResponse::Ok().json(report))
}

fn store_error(e: StoreError) -> WebError {
    WebError::from(e).as_api()
}

#[get("/keys")]
async fn keys(state: Shared) -> Answer {
    let keys: Vec<_> = state
        .store
        .keyring()
        .iter()
        .map(|(id, key)| serde_json::json!({ "key_id": id, "public_key": key, "algorithm": "ed25519" }))
        .collect();
    Ok(HttpResponse::Ok().json(serde_json::json!({
        "current": state.store.recorder_key_id(),
        "keys": keys,
    })))
}

#[get("/api/matches/{id}/checkpoint")]
async fn checkpoint(state: Shared, ReadMatch(m): ReadMatch) -> Answer {
    let c = m.checkpoint(state.store.as_ref()).map_err(store_error)?;
    Ok(HttpResponse::Ok().json(c))
}

/// The Merkle leaves of a loaded match's first `size` events (default:
/// all of them), with that size; a 400 for a tree the log has not reached.
fn tree(
    m: &super::Loaded,
    size: Option<u64>,
) -> Result<(u64, Vec<crate::log::seal::Hash>), WebError> {
    let hashes: Vec<_> = m.sealed.iter().map(|s| s.hash).collect();
    let have = hashes.len() as u64;
    let size = size.unwrap_or(have);
    if size > have {
        return Err(proof_error(merkle::ProofError::TooBig { size, have }));
    }
    Ok((size, merkle::leaves(&hashes[..size as usize])))
}

fn proof_error(e: merkle::ProofError) -> WebError {
    WebError::api(StatusCode::BAD_REQUEST, e.to_string())
}

#[derive(Deserialize)]
struct InclusionQuery {
    seq: u64,
    size: Option<u64>,
}

/// Event `seq` is in the tree of the first `size` events (default: all).
#[get("/api/matches/{id}/proof/inclusion")]
async fn inclusion(q: web::Query<InclusionQuery>, ReadMatch(m): ReadMatch) -> Answer {
    let (size, tree) = tree(&m, q.size)?;
    let proof = merkle::inclusion_proof(q.seq as usize, &tree).map_err(proof_error)?;
    Ok(HttpResponse::Ok().json(serde_json::json!({
        "seq": q.seq,
        "size": size,
        "event_hash": hex::encode(m.sealed[q.seq as usize].hash),
        "leaf": hex::encode(tree[q.seq as usize]),
        "root": hex::encode(merkle::root(&tree)),
        "proof": proof.iter().map(hex::encode).collect::<Vec<_>>(),
    })))
}

#[derive(Deserialize)]
struct ConsistencyQuery {
    from: u64,
    to: Option<u64>,
}

/// The tree of the first `from` events is a prefix of the tree of `to`.
#[get("/api/matches/{id}/proof/consistency")]
async fn consistency(q: web::Query<ConsistencyQuery>, ReadMatch(m): ReadMatch) -> Answer {
    let (to, tree) = tree(&m, q.to)?;
    // A `from` past `to` is the proof's own Backwards error.
    let proof = merkle::consistency_proof(q.from as usize, &tree).map_err(proof_error)?;
    Ok(HttpResponse::Ok().json(serde_json::json!({
        "from": q.from,
        "to": to,
        "first_root": hex::encode(merkle::root(&tree[..q.from as usize])),
        "second_root": hex::encode(merkle::root(&tree)),
        "proof": proof.iter().map(hex::encode).collect::<Vec<_>>(),
    })))
}

/// The appeal bundle, as `arbiter export --bundle` writes it.
#[get("/matches/{id}/bundle")]
async fn bundle_file(state: Shared, ReadMatch(m): ReadMatch) -> Answer {
    let b = crate::bundle::Bundle::export(state.store.as_ref(), &m.id)?;
    Ok(HttpResponse::Ok()
        .content_type("application/octet-stream")
        .insert_header((
            "Content-Disposition",
            format!("attachment; filename=\"{}.arb\"", m.id),
        ))
        .body(b.to_bytes()))
}
