//! The appeal workflow in the browser: a player appeals a ruling from the
//! ruling's step, the appeal page puts what was ruled beside what the rules
//! say with the evidence to step through, and the host decides.
//!
//! Appeals and decisions are events like any other: appended, sealed,
//! replayed, never edited. The verifier's recommendation is never typed
//! in: it is computed from the findings on the ruling, recorded in the
//! decision event (with the seqs of the findings it rests on) when the host
//! decides, and the page says whether the decision followed it.
//! Writes need a token, as the JSON API's do; a form carries it in a field
//! because a browser cannot set the `Authorization` header on a form post.
//!
//! Must not import a storage engine (only `log/` names sled or PostgreSQL)
//! or a game's own folder (`games::rush_hour` and the like): the store is
//! reached through `EventStore`, a game through the registry and the shared
//! modules of `games`.

use actix_web::http::StatusCode;
use actix_web::{get, post, web, HttpResponse};
use askama::Template;
use chrono::Utc;
use serde::Deserialize;

use super::pages::{html, who};
use super::reader::{ReadMatch, Reader};
use super::write::{forbidden, identify, people_in};
use super::{Answer, AppState, Loaded, Shared, WebError};
use crate::access;
use crate::event::{Appeal, AppealDecision, Ruling};
use crate::log::{Actor, Body, Identity, NewEvent, Role};
use crate::verify::{Accord, Finding, Recommendation, Verdict};

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(appeal_page)
        .service(file_appeal)
        .service(decide_appeal);
}

/// One appeal as the log holds it.
pub struct AppealRecord {
    pub seq: u64,
    pub by: String,
    /// The player who appealed (through any importer), when a player did.
    pub player: Option<String>,
    pub ruling_seq: u64,
    pub grounds: String,
    /// The decision on it, when made: (seq, the decision).
    pub decision: Option<(u64, AppealDecision)>,
}

/// Every appeal of a match, in log order, with its decision.
pub fn appeals(m: &Loaded) -> Vec<AppealRecord> {
    let mut out: Vec<AppealRecord> = Vec::new();
    for s in &m.sealed {
        let e = &s.envelope;
        match &e.body {
            Body::Appeal(a) => out.push(AppealRecord {
                seq: e.seq,
                by: who(&e.actor),
                player: e.actor.player().map(str::to_string),
                ruling_seq: a.ruling_seq,
                grounds: a.grounds.clone(),
                decision: None,
            }),
            Body::AppealDecision(d) => {
                if let Some(a) = out
                    .iter_mut()
                    .find(|a| a.seq == d.appeal_seq && a.decision.is_none())
                {
                    a.decision = Some((e.seq, d.clone()));
                }
            }
            _ => {}
        }
    }
    out
}

/// The ruling at `seq`, or a 4xx saying why there is none.
fn ruling_at(m: &Loaded, seq: u64) -> Result<&Ruling, WebError> {
    match m.sealed.get(seq as usize).map(|s| &s.envelope.body) {
        Some(Body::Ruling(r)) => Ok(r),
        Some(other) => Err(WebError::page(
            StatusCode::UNPROCESSABLE_ENTITY,
            format!(
                "seq {seq} is a {}, not a ruling; an appeal names the seq of the ruling it is against",
                other.kind()
            ),
        )),
        None => Err(WebError::page(
            StatusCode::UNPROCESSABLE_ENTITY,
            format!(
                "match '{}' has no seq {seq}; an appeal names the seq of a ruling",
                m.id
            ),
        )),
    }
}

/// The verifier's recommendation for a ruling, in words for the page.
pub struct RecommendationText {
    /// `overturn`, `uphold` or `none` (also the CSS class).
    pub action: &'static str,
    pub text: String,
}

fn recommendation_text(r: &Recommendation, findings: &[&Finding]) -> RecommendationText {
    let by_rules = findings
        .iter()
        .find(|f| f.verdict == Verdict::Disagrees)
        .map_or("", |f| f.by_rules.as_str());
    let text = match r {
        Recommendation::OverturnTo(to) => {
            format!("overturn the ruling and give it to {to}: by the rules, {by_rules}")
        }
        Recommendation::Overturn => format!("overturn the ruling: by the rules, {by_rules}"),
        Recommendation::Uphold => "uphold the ruling: it is what the rules give".to_string(),
        Recommendation::None => {
            "none: the rules name no winner here, so the host's call stands".to_string()
        }
    };
    RecommendationText {
        action: r.word(),
        text,
    }
}

/// The findings on the ruling at `ruling_seq`.
fn findings_on(all: &[Finding], ruling_seq: u64) -> Vec<&Finding> {
    all.iter()
        .filter(|f| f.ruling_seq == Some(ruling_seq))
        .collect()
}

/// The verifier's recommendation on the appeal at `appeal_seq`, computed
/// from the log as it stands, with the seqs of the findings it rests on:
/// what a decision records. `(None, [])` when that seq is not an appeal
/// (the reducer then reports the decision as a rule error).
pub fn recommend(
    state: &AppState,
    m: &Loaded,
    appeal_seq: u64,
) -> (Option<Recommendation>, Vec<u64>) {
    let Some(Body::Appeal(a)) = m.sealed.get(appeal_seq as usize).map(|s| &s.envelope.body) else {
        return (None, Vec::new());
    };
    let all = state.findings(m);
    let findings = findings_on(&all, a.ruling_seq);
    (
        Some(Recommendation::for_findings(&findings)),
        findings.iter().map(|f| f.seq).collect(),
    )
}

/// The decision form as the host filled it in, with what is wrong beside
/// each field: empty on a fresh page, kept when the form comes back.
#[derive(Default)]
struct DecisionDraft {
    /// `uphold`, `overturn`, or empty (nothing is pre-selected).
    decision: String,
    /// The `winner` field's value: `player:NAME`, `no-player`, or empty.
    winner: String,
    text: String,
    token_error: Option<String>,
    decision_error: Option<String>,
    winner_error: Option<String>,
    text_error: Option<String>,
}

impl DecisionDraft {
    fn has_errors(&self) -> bool {
        self.token_error.is_some()
            || self.decision_error.is_some()
            || self.winner_error.is_some()
            || self.text_error.is_some()
    }
}

#[derive(Template)]
#[template(path = "appeal.html")]
struct AppealPage {
    id: String,
    title: String,
    appeal: AppealRecord,
    ruling_text: String,
    ruled_for: String,
    findings: Vec<Finding>,
    recommendation: RecommendationText,
    /// How the decision compares with the recommendation it recorded
    /// (once decided), both parts: uphold or overturn, and who wins.
    accord: Option<Accord>,
    /// What the decision recorded as the recommendation, when it differs
    /// from today's (the log grew, or an older decision recorded none).
    recorded: Option<String>,
    /// Steps worth stepping through: (seq, what).
    evidence: Vec<(u64, String)>,
    players: Vec<String>,
    host: String,
    draft: DecisionDraft,
}

/// The appeal at `seq` of match `m`; a 404 when there is none.
fn appeal_at(m: &Loaded, seq: u64) -> Result<AppealRecord, WebError> {
    appeals(m)
        .into_iter()
        .find(|a| a.seq == seq)
        .ok_or_else(|| {
            WebError::page(
                StatusCode::NOT_FOUND,
                format!("seq {seq} of match '{}' is not an appeal", m.id),
            )
        })
}

/// The appeal page for the appeal at `seq`, with the decision form as
/// `draft` left it.
fn appeal_view(
    state: &AppState,
    m: &Loaded,
    seq: u64,
    draft: DecisionDraft,
) -> Result<AppealPage, WebError> {
    let appeal = appeal_at(m, seq)?;
    let ruling = ruling_at(m, appeal.ruling_seq)?;
    let all = state.findings(m);
    let findings = findings_on(&all, appeal.ruling_seq);
    let now = Recommendation::for_findings(&findings);
    let decided = appeal.decision.as_ref().map(|(_, d)| d);
    // The decision's own record counts; a decision that recorded none is
    // compared with today's recommendation.
    let accord = decided.map(|d| {
        d.accord()
            .unwrap_or_else(|| now.accord(d.upheld, &d.winner))
    });
    let recorded = decided.and_then(|d| match &d.recommendation {
        Some(Recommendation::Overturn) => Some(
            "When the decision was made the verifier recommended: overturn (a decision of that time recorded no winner, so only uphold or overturn is compared).".to_string(),
        ),
        Some(r) if *r != now => Some(format!(
            "When the decision was made the verifier recommended: {}.",
            match r {
                Recommendation::OverturnTo(to) => format!("overturn, giving it to {to}"),
                other => other.word().to_string(),
            }
        )),
        None => Some("The decision recorded no recommendation (it was written before arbiter recorded them).".to_string()),
        _ => None,
    });
    let recommendation = recommendation_text(&now, &findings);
    let mut evidence: Vec<(u64, String)> = Vec::new();
    for f in &findings {
        evidence.push((f.seq, format!("the claim: {}", f.claim)));
        for p in &f.proofs {
            evidence.push((p.seq, format!("{} by {}: {}", p.role, p.by, p.note)));
        }
    }
    evidence.push((appeal.ruling_seq, "the ruling".to_string()));
    evidence.sort_by_key(|(s, _)| *s);
    evidence.dedup_by_key(|(s, _)| *s);
    let create = m.create();
    Ok(AppealPage {
        id: m.id.to_string(),
        title: m.title(),
        ruling_text: ruling.text.clone(),
        ruled_for: ruling
            .winner
            .clone()
            .unwrap_or_else(|| "no player".to_string()),
        findings: findings.into_iter().cloned().collect(),
        recommendation,
        accord,
        recorded,
        evidence,
        players: create.map(|c| c.players.clone()).unwrap_or_default(),
        host: create.map(|c| c.host.clone()).unwrap_or_default(),
        appeal,
        draft,
    })
}

#[get("/matches/{id}/appeals/{seq}")]
async fn appeal_page(
    state: Shared,
    path: web::Path<(String, u64)>,
    ReadMatch(m): ReadMatch,
) -> Answer {
    let (_, seq) = path.into_inner();
    html(&appeal_view(&state, &m, seq, DecisionDraft::default())?)
}

/// The person behind a token typed into a form; 401 with what to do
/// otherwise, 503 while the store is damaged.
pub(super) fn form_token(state: &AppState, token: &str) -> Result<Identity, WebError> {
    state.writable()?;
    identify(state, Some(token), false)
}

/// Appends one event now, as the next seq; 409 when the log moved on.
async fn append_now(
    state: &AppState,
    m: &Loaded,
    actor: Actor,
    body: Body,
) -> Result<u64, WebError> {
    let store = state.store.clone();
    let id = m.id.clone();
    let seq = m.sealed.len() as u64;
    let event = NewEvent {
        occurred_at: Utc::now(),
        actor,
        body,
    };
    web::block(move || store.append(&id, seq, event))
        .await
        .map_err(|e| WebError::page(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?
        .map_err(WebError::from)?;
    Ok(seq)
}

pub(super) fn see_other(to: String) -> HttpResponse {
    HttpResponse::SeeOther()
        .insert_header(("Location", to))
        .finish()
}

#[derive(Deserialize)]
struct AppealForm {
    token: String,
    ruling_seq: u64,
    grounds: String,
}

#[post("/matches/{id}/appeals")]
async fn file_appeal(
    state: Shared,
    path: web::Path<String>,
    form: web::Form<AppealForm>,
) -> Answer {
    let form = form.into_inner();
    let who = form_token(&state, &form.token)?;
    let m = Reader::person(who.clone()).load(&state, &path)?;
    ruling_at(&m, form.ruling_seq)?;
    let appeal = Body::Appeal(Appeal {
        ruling_seq: form.ruling_seq,
        grounds: form.grounds.trim().to_string(),
    });
    // Filed as the token's player: an admin's token files for no one here.
    let people = people_in(&m.id, m.sealed.first(), false)?;
    if who.role == Role::Admin {
        return Err(forbidden(
            "an appeal is filed by the player, with that player's token (`arbiter keys new-token --player NAME`)".into(),
            false,
        ));
    }
    let actor = access::recorded_actor(&who, &people, None, &appeal)
        .map_err(|why| forbidden(why, false))?;
    if form.grounds.trim().is_empty() {
        return Err(WebError::page(
            StatusCode::UNPROCESSABLE_ENTITY,
            "say on what grounds: what the ruling got wrong",
        ));
    }
    if let Some(old) = appeals(&m)
        .into_iter()
        .find(|a| a.ruling_seq == form.ruling_seq)
    {
        let state_of = match &old.decision {
            Some((d, x)) if x.upheld => format!("decided at seq {d}: upheld"),
            Some((d, _)) => format!("decided at seq {d}: overturned"),
            None => "not decided yet".to_string(),
        };
        return Err(WebError::page(
            StatusCode::CONFLICT,
            format!(
                "the ruling at seq {} was already appealed at seq {} by {} ({state_of}); one appeal per ruling — see /matches/{}/appeals/{}",
                form.ruling_seq, old.seq, old.by, m.id, old.seq
            ),
        ));
    }
    let seq = append_now(&state, &m, actor, appeal).await?;
    Ok(see_other(format!("/matches/{}/appeals/{seq}", m.id)))
}

#[derive(Deserialize)]
struct DecisionForm {
    #[serde(default)]
    token: String,
    /// `uphold` or `overturn`; missing when the host chose neither.
    #[serde(default)]
    decision: String,
    /// When overturning, who wins instead: `player:NAME` (or a player's
    /// bare name, as scripts send it) or `no-player`; never defaulted.
    #[serde(default)]
    winner: String,
    /// The host's reasons (required).
    #[serde(default)]
    text: String,
}

/// The form's `winner` value read against the players: `Ok(None)` for
/// no player.
fn chosen_winner(value: &str, players: &[String]) -> Result<Option<String>, String> {
    let value = value.trim();
    if value.is_empty() {
        return Err(
            "choose who wins instead: a player, or “no player” (nothing is assumed)".to_string(),
        );
    }
    if value == "no-player" {
        return Ok(None);
    }
    let name = value.strip_prefix("player:").unwrap_or(value);
    if players.iter().any(|p| p == name) {
        Ok(Some(name.to_string()))
    } else {
        Err(format!(
            "'{name}' is not a player of this match ({}); choose one of them or “no player”",
            players.join(", ")
        ))
    }
}

/// The decision on an appeal. A form that misses the decision, the
/// winner of an overturn or the reasons comes back as the appeal page
/// with the error beside the field (422; 401 for the token) and nothing
/// is written.
#[post("/matches/{id}/appeals/{seq}/decision")]
async fn decide_appeal(
    state: Shared,
    path: web::Path<(String, u64)>,
    form: web::Form<DecisionForm>,
    reader: Reader,
) -> Answer {
    let (id, seq) = path.into_inner();
    let form = form.into_inner();
    // The token typed into the form reads the match too.
    let m = reader.or_token(&state, &form.token).load(&state, &id)?;
    let appeal = appeal_at(&m, seq)?;
    if let Some((d, _)) = appeal.decision {
        return Err(WebError::page(
            StatusCode::CONFLICT,
            format!("the appeal at seq {seq} was decided at seq {d}; a decision is final"),
        ));
    }
    let create = m.create().ok_or_else(|| {
        WebError::page(
            StatusCode::UNPROCESSABLE_ENTITY,
            "the match has no valid Create event, so it has no host to decide",
        )
    })?;
    let mut draft = DecisionDraft {
        decision: form.decision.trim().to_string(),
        winner: form.winner.trim().to_string(),
        text: form.text.trim().to_string(),
        ..DecisionDraft::default()
    };
    let mut status = StatusCode::UNPROCESSABLE_ENTITY;
    let people = people_in(&m.id, m.sealed.first(), false)?;
    let actor = match form_token(&state, &form.token) {
        Err(e) => {
            status = e.status;
            draft.token_error = Some(e.message);
            None
        }
        // Recorded as the token's person: the host, or an admin for the host.
        Ok(who) => match access::host_actor(&who, &people) {
            Ok(actor) => Some(actor),
            Err(why) => {
                status = StatusCode::FORBIDDEN;
                draft.token_error = Some(why);
                None
            }
        },
    };
    let upheld = match draft.decision.as_str() {
        "uphold" => Some(true),
        "overturn" => Some(false),
        "" => {
            draft.decision_error = Some("choose: uphold the ruling, or overturn it".to_string());
            None
        }
        other => {
            draft.decision_error = Some(format!(
                "the decision is “uphold” or “overturn”, not '{other}'"
            ));
            None
        }
    };
    let winner = match upheld {
        Some(false) => match chosen_winner(&draft.winner, &create.players) {
            Ok(w) => w,
            Err(e) => {
                draft.winner_error = Some(e);
                None
            }
        },
        _ => None,
    };
    if draft.text.is_empty() {
        draft.text_error = Some("give the reasons for the decision".to_string());
    }
    let (Some(upheld), Some(actor)) = (upheld.filter(|_| !draft.has_errors()), actor) else {
        let mut page = html(&appeal_view(&state, &m, seq, draft)?)?;
        *page.status_mut() = status;
        return Ok(page);
    };
    let (recommendation, findings) = recommend(&state, &m, seq);
    append_now(
        &state,
        &m,
        actor,
        Body::AppealDecision(AppealDecision {
            appeal_seq: seq,
            upheld,
            winner,
            text: draft.text,
            recommendation,
            findings,
        }),
    )
    .await?;
    Ok(see_other(format!("/matches/{}/appeals/{seq}", m.id)))
}
