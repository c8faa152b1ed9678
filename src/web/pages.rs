//! The HTML pages of a match: the match itself and one step of its replay.
//!
//! Each page is a handler and a template struct; templates mirror the
//! handlers (`templates/<page>.html`). The board is inline SVG drawn by
//! [`super::board`] from the game's neutral drawing, so the pages need no
//! script to be read; `static/replay.js` only adds keys for stepping.
//!
//! Must not import a storage engine (only `log/` names sled or PostgreSQL)
//! or a game's own folder (`games::rush_hour` and the like): the store is
//! reached through `EventStore`, a game through the registry and the shared
//! modules of `games`.

use std::sync::Arc;

use actix_web::http::StatusCode;
use actix_web::{get, web, HttpRequest, HttpResponse};
use askama::Template;

use super::board::{opening_board, DrawnBoard};
use super::chart::{ChartBase, ValueChart};
use super::reader::{ReadMatch, Reader};
use super::unfurl::{self, Unfurl};
use super::{Answer, AppState, Loaded, Shared, WebError};
use crate::event::Actor;
use crate::games::{value_text, Analysis, AnalysisNote, MatchState, ProofSteps};
use crate::log::MatchId;
use crate::verify::{self, Finding};

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(match_page).service(step_page);
}

pub(super) fn html<T: Template>(t: &T) -> Answer {
    let body = t.render().map_err(|e| {
        WebError::page(
            StatusCode::INTERNAL_SERVER_ERROR,
            format!("the page could not be drawn: {e}"),
        )
    })?;
    Ok(HttpResponse::Ok()
        .content_type("text/html; charset=utf-8")
        .body(body))
}

#[derive(Template)]
#[template(path = "error.html")]
struct ErrorPage<'a> {
    status: u16,
    reason: &'a str,
    message: &'a str,
}

/// The page for an error (never fails: falls back to plain text).
pub fn error_page(status: StatusCode, message: &str) -> HttpResponse {
    let page = ErrorPage {
        status: status.as_u16(),
        reason: status.canonical_reason().unwrap_or("Error"),
        message,
    };
    match page.render() {
        Ok(body) => HttpResponse::build(status)
            .content_type("text/html; charset=utf-8")
            .body(body),
        Err(_) => HttpResponse::build(status).body(message.to_string()),
    }
}

/// What a step page says of an event a reviewer's correction made:
/// "message 14, as read by the reviewer ana: 'Kit goes first' (the reader
/// saw: talk)".
fn corrected(actor: &Actor, m: &super::Loaded) -> Option<String> {
    let Actor::Corrected { message, .. } = actor else {
        return None;
    };
    let review = m.sealed.first()?.envelope.body.review()?;
    let c = review.corrections.iter().find(|c| c.message == *message)?;
    let why = if c.reason.is_empty() {
        String::new()
    } else {
        format!("; why: {}", c.reason)
    };
    Some(format!(
        "message {message}, as read by the reviewer {}: '{}' (the reader saw: {}){why}",
        c.reviewer, c.reading, c.reader_saw
    ))
}

pub(super) fn who(actor: &Actor) -> String {
    match actor {
        Actor::Player(n) => n.clone(),
        Actor::Host(n) => format!("{n} (host)"),
        Actor::Importer { importer, speaker } => format!("{} via {importer}", who(speaker)),
        Actor::Corrected {
            importer,
            reviewer,
            message,
            speaker,
        } => format!(
            "{} via {importer}: message {message} as read by the reviewer {reviewer}",
            who(speaker)
        ),
        Actor::Admin { admin, speaker } => {
            format!("{} (entered by the admin {admin})", who(speaker))
        }
        Actor::Operator(admin) => format!("{admin} (admin)"),
    }
}

/// "mira 3–2 jonas".
pub(super) fn score_line(players: &[String], score: &[u32]) -> String {
    match (players, score) {
        ([a, b], [x, y]) => format!("{a} {x}–{y} {b}"),
        _ => String::new(),
    }
}

#[derive(Template)]
#[template(path = "match.html")]
struct MatchPage {
    id: String,
    title: String,
    game: String,
    /// The game's rules page.
    rules: String,
    players: Vec<String>,
    host: String,
    score: String,
    score_by_rules: String,
    facts: Vec<(String, String)>,
    findings: Vec<Finding>,
    disagreements: usize,
    chain_ok: bool,
    chain_text: String,
    events: usize,
    last_hash: String,
    rule_errors: Vec<(u64, String)>,
    /// Moves that threw a win away: (seq, why).
    mistakes: Vec<(u64, String)>,
    /// Appeals: (seq, ruling seq, how it stands).
    appeals: Vec<(u64, u64, String)>,
    /// The latest signed checkpoint: its text form and signature (hex).
    checkpoint_text: String,
    checkpoint_signature: String,
    /// Imported from a transcript: it can be reopened and corrected.
    reopenable: bool,
    /// The Create seals its transcript message by message: the transcript
    /// page shows it (and where messages were removed).
    committed_transcript: bool,
    /// The match this re-import replaces, and the matches that replace it.
    supersedes: Option<String>,
    superseded_by: Vec<String>,
    /// The OpenGraph / Twitter card tags.
    unfurl: Unfurl,
}

/// The matches whose review names `id` as the import they correct: each
/// match's first event is read once (it never changes) and remembered.
fn superseding(state: &AppState, id: &MatchId) -> Vec<String> {
    let Ok(ids) = state.store.matches() else {
        return Vec::new();
    };
    let Ok(mut known) = state.supersedes.lock() else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for other in ids {
        if !known.contains_key(&other) {
            // A read that fails is tried again on the next page.
            let Ok(first) = state.store.first_event(&other) else {
                continue;
            };
            let target = first.and_then(|s| s.envelope.body.review()?.supersedes.clone());
            known.insert(other.clone(), target);
        }
        if known[&other].as_deref() == Some(id.as_str()) && other != *id {
            out.push(other.to_string());
        }
    }
    out
}

#[get("/matches/{id}")]
async fn match_page(
    state: Shared,
    ReadMatch(m): ReadMatch,
    req: HttpRequest,
    reader: Reader,
) -> Answer {
    let chain = m.chain.clone();
    let timeline = state.timeline(&m);
    let report = verify::report_with(
        &m.id,
        chain,
        &m.replay,
        state.findings(&m).to_vec(),
        &timeline,
    );
    let players = m.create().map(|c| c.players.clone()).unwrap_or_default();
    let view = m.replay.steps.len().checked_sub(1).and_then(|k| m.view(k));
    let checkpoint = m.checkpoint(state.store.as_ref())?;
    let page = MatchPage {
        unfurl: Unfurl::of_match(&unfurl::base(&state, &req), &m, report.disagreements()),
        committed_transcript: m
            .sealed
            .first()
            .is_some_and(|e| e.envelope.body.transcript_seal().is_some()),
        reopenable: m.create().is_some_and(|c| c.source.is_some())
            || m.sealed
                .first()
                .is_some_and(|e| e.envelope.body.transcript_seal().is_some()),
        supersedes: m
            .sealed
            .first()
            .and_then(|s| s.envelope.body.review())
            .and_then(|r| r.supersedes.clone()),
        // A private correction is named only to those who may read it.
        superseded_by: superseding(&state, &m.id)
            .into_iter()
            .filter(|other| reader.load(&state, other).is_ok())
            .collect(),
        checkpoint_text: checkpoint.text(),
        checkpoint_signature: hex::encode(&checkpoint.signature),
        id: m.id.to_string(),
        title: m.title(),
        game: m
            .create()
            .map(|c| c.config.game().title().to_string())
            .unwrap_or_default(),
        rules: super::rules::href_of(&m),
        players: players.clone(),
        host: m.create().map(|c| c.host.clone()).unwrap_or_default(),
        score: view
            .as_ref()
            .map(|v| score_line(&players, &v.score))
            .unwrap_or_default(),
        score_by_rules: view
            .as_ref()
            .map(|v| score_line(&players, &v.score_by_rules))
            .unwrap_or_default(),
        facts: view.map(|v| v.facts.clone()).unwrap_or_default(),
        disagreements: report.disagreements(),
        chain_ok: report.chain.is_ok(),
        chain_text: match &report.chain.first_bad {
            None => format!(
                "{} events; every hash and signature checks",
                report.chain.events
            ),
            Some(b) => format!("broken at seq {}: {}", b.seq, b.reason),
        },
        findings: report.findings,
        events: m.sealed.len(),
        last_hash: m.sealed.last().map(|s| s.hash_hex()).unwrap_or_default(),
        rule_errors: report
            .rule_errors
            .into_iter()
            .map(|(seq, _, msg)| (seq, msg))
            .collect(),
        mistakes: report.mistakes,
        appeals: super::appeals::appeals(&m)
            .into_iter()
            .map(|a| {
                let status = match &a.decision {
                    None => format!("{} appeals: not decided yet", a.by),
                    Some((d, x)) if x.upheld => format!("{} appealed: upheld at seq {d}", a.by),
                    Some((d, x)) => format!(
                        "{} appealed: overturned at seq {d}, the game to {}",
                        a.by,
                        x.winner.as_deref().unwrap_or("no player")
                    ),
                };
                (a.seq, a.ruling_seq, status)
            })
            .collect(),
    };
    html(&page)
}

struct EventRow {
    seq: u64,
    kind: &'static str,
    who: String,
    text: String,
    time: String,
    current: bool,
    error: bool,
    mistake: bool,
}

/// On a ruling's step: the appeals against it (seq, how it stands) and
/// the players who may appeal.
type RulingAppeals = (Vec<(u64, String)>, Vec<String>);

/// The analysis panel beside the board.
struct AnalysisPanel {
    /// Who is to move.
    mover: String,
    /// At the end of the game (no move left): how it ended, said instead
    /// of "win in 0 for the side to move".
    over: Option<String>,
    /// `win`, `lose` or `draw`, for styling.
    value: &'static str,
    /// "win in 19".
    text: String,
    detail: Option<String>,
    moves: Vec<MovePanel>,
}

struct MovePanel {
    name: String,
    value: &'static str,
    text: String,
    detail: Option<String>,
}

impl AnalysisPanel {
    fn new(a: &Analysis, players: &[String]) -> AnalysisPanel {
        let mover = players.get(a.seat).cloned().unwrap_or_default();
        let over = a
            .ended(players)
            .map(|how| format!("the game is over: {how}"));
        AnalysisPanel {
            over,
            mover,
            value: a.value.word(),
            text: value_text(a.value, a.remoteness),
            detail: a.detail.clone(),
            moves: a
                .moves
                .iter()
                .map(|mv| MovePanel {
                    name: mv.name.clone(),
                    value: mv.value.word(),
                    text: value_text(mv.value, mv.remoteness),
                    detail: mv.detail.clone(),
                })
                .collect(),
        }
    }
}

#[derive(Template)]
#[template(path = "step.html")]
struct StepPage {
    id: String,
    title: String,
    /// The game's rules page.
    rules: String,
    n: u64,
    last: u64,
    prev: Option<u64>,
    next: Option<u64>,
    who: String,
    /// For an event a reviewer's correction made: the message, the words
    /// it was read as and what the reader saw.
    correction: Option<String>,
    /// The player who made the event (through any importer), if one did.
    who_player: Option<String>,
    kind: &'static str,
    text: String,
    time: String,
    note: Option<String>,
    error: Option<String>,
    board: Option<Arc<DrawnBoard>>,
    facts: Vec<(String, String)>,
    /// The score as ruled: (first player, their rounds, the other's, the
    /// other player), each name linked on the page.
    score: Option<(String, u32, u32, String)>,
    findings: Vec<Finding>,
    /// The events around this step (the match page lists them all), the
    /// first of them numbered `events_from`.
    events: Vec<EventRow>,
    events_from: usize,
    /// The cascade's passes on a proof step: (shown, count, caption).
    pass: Option<PassNav>,
    analysis: Option<AnalysisPanel>,
    /// On a ruling's step: the appeals against it (seq, how it stands) and
    /// the players who may appeal.
    appeals: Option<RulingAppeals>,
    /// Why the move of this step was a mistake.
    mistake: Option<String>,
    chart: Option<ValueChart>,
    /// Why there is no analysis yet (tables being built), said live.
    analysis_note: Option<AnalysisNote>,
    /// The OpenGraph / Twitter card tags.
    unfurl: Unfurl,
}

/// Where the reader is among a proof's sub-steps.
struct PassNav {
    k: usize,
    last: usize,
    caption: String,
    count: usize,
    /// What a sub-step is ("Cascade step", "Solution move") and what its
    /// count counts ("removed so far").
    unit: &'static str,
    counted: &'static str,
}

/// `HH:MM:SS` of a time (chrono's `format` parses its pattern on every call,
/// and a step page shows two dozen times).
fn clock(t: &chrono::DateTime<chrono::Utc>) -> String {
    use chrono::Timelike;
    format!("{:02}:{:02}:{:02}", t.hour(), t.minute(), t.second())
}

/// How many events a step page lists on each side of its own: the page
/// stays the same size however long the match runs.
const EVENTS_AROUND: usize = 12;

fn step_from(
    state: &AppState,
    m: &Loaded,
    n: u64,
    pass: Option<usize>,
    base: &str,
) -> Result<StepPage, WebError> {
    let last = m.replay.steps.len().saturating_sub(1) as u64;
    let step = m.replay.steps.get(n as usize).ok_or_else(|| {
        WebError::page(
            StatusCode::NOT_FOUND,
            format!(
                "match '{}' has steps 0 to {last}; there is no step {n}",
                m.id
            ),
        )
    })?;
    let players = m.create().map(|c| c.players.clone()).unwrap_or_default();
    let view = m.view(n as usize);
    // Findings are about claims, proofs and rulings; show those that touch
    // this step.
    let findings: Vec<Finding> = state
        .findings(m)
        .iter()
        .filter(|f| f.seq == n || f.ruling_seq == Some(n) || f.proofs.iter().any(|p| p.seq == n))
        .cloned()
        .collect();
    let subs = match &view {
        Some(v) if step.kind == "proof" && !v.substeps.is_empty() => v.substeps.as_slice(),
        _ => &[],
    };
    let k = pass.unwrap_or(0).min(subs.len().saturating_sub(1));
    // The game's own words for its proof's sub-steps.
    let words = m
        .create()
        .map_or(ProofSteps::MOVES, |c| c.config.game().proof_steps());
    let (unit, counted) = (words.unit, words.counted);
    let pass_nav = subs.get(k).map(|s| PassNav {
        k,
        last: subs.len() - 1,
        caption: s.caption.clone(),
        count: s.count,
        unit,
        counted: if s.count == 1 { counted.0 } else { counted.1 },
    });
    let timeline = state.timeline(m);
    // The board a step opens on is drawn once per step, with the best move
    // of a solved game; a proof's later sub-steps are drawn when asked for.
    let board = if k == 0 {
        opening_board(m, n as usize)
    } else {
        subs.get(k).map(|s| Arc::new(DrawnBoard::new(&s.drawing)))
    };
    let k = n as usize;
    let window = k.saturating_sub(EVENTS_AROUND)..(k + EVENTS_AROUND + 1).min(m.replay.steps.len());
    let appeals = (step.kind == "ruling").then(|| {
        let against = super::appeals::appeals(m)
            .into_iter()
            .filter(|a| a.ruling_seq == n)
            .map(|a| {
                let status = match &a.decision {
                    None => format!("{} appealed: not decided yet", a.by),
                    Some((_, d)) if d.upheld => format!("{} appealed: upheld", a.by),
                    Some(_) => format!("{} appealed: overturned", a.by),
                };
                (a.seq, status)
            })
            .collect();
        (against, players.clone())
    });
    Ok(StepPage {
        unfurl: Unfurl::step(base, m, k, &findings, timeline.analyses[k].as_ref()),
        rules: super::rules::href_of(m),
        appeals,
        analysis: timeline.analyses[k]
            .as_ref()
            .map(|a| AnalysisPanel::new(a, &players)),
        mistake: timeline.mistakes[k].clone(),
        chart: m.chart().map(|base| ChartBase::at(base, k)),
        analysis_note: step.state.as_ref().and_then(MatchState::analysis_note),
        pass: pass_nav,
        id: m.id.to_string(),
        title: m.title(),
        n,
        last,
        prev: n.checked_sub(1),
        next: (n < last).then_some(n + 1),
        who: who(&step.actor),
        who_player: step.actor.player().map(str::to_string),
        correction: corrected(&step.actor, m),
        kind: step.kind,
        text: step.text.clone(),
        time: format!(
            "{} {} UTC",
            step.occurred_at.date_naive(),
            clock(&step.occurred_at)
        ),
        note: step.note.clone(),
        error: step
            .error
            .as_ref()
            .map(|e| format!("{} ({})", e.message, e.rule)),
        board,
        facts: view.as_ref().map(|v| v.facts.clone()).unwrap_or_default(),
        score: match (
            players.as_slice(),
            view.as_ref().map(|v| v.score.as_slice()),
        ) {
            ([a, b], Some(&[x, y])) => Some((a.clone(), x, y, b.clone())),
            _ => None,
        },
        findings,
        events_from: window.start,
        events: m.replay.steps[window.clone()]
            .iter()
            .zip(window.start..)
            .map(|(s, k)| EventRow {
                seq: s.seq,
                kind: s.kind,
                who: who(&s.actor),
                text: s.text.clone(),
                time: clock(&s.occurred_at),
                current: s.seq == n,
                error: s.error.is_some(),
                mistake: timeline.mistakes.get(k).is_some_and(Option::is_some),
            })
            .collect(),
    })
}

/// `?pass=k`: the sub-step of a proof's cascade.
#[derive(serde::Deserialize)]
struct StepQuery {
    pass: Option<usize>,
}

#[get("/matches/{id}/steps/{n}")]
async fn step_page(
    state: Shared,
    path: web::Path<(String, String)>,
    query: web::Query<StepQuery>,
    req: HttpRequest,
    ReadMatch(m): ReadMatch,
) -> Answer {
    let (_, n) = path.into_inner();
    let n: u64 = n.parse().map_err(|_| {
        WebError::page(
            StatusCode::NOT_FOUND,
            format!("'{n}' is not a step number; steps are numbered from 0"),
        )
    })?;
    let base = unfurl::base(&state, &req);
    html(&step_from(&state, &m, n, query.pass, &base)?)
}
