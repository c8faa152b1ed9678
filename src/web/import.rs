//! `/import`: a Discord transcript in, a match out — with a preview first.
//!
//! The person pastes the channel's text (or uploads an export), names the
//! game, the players and the host, and sees every message beside what
//! arbiter read from it (an event with the board after it, talk, a message
//! it could not read, a rule error) before anything is stored; they can
//! fix the mapping and preview again. Committing needs a write token, like
//! every other write, and stores the whole transcript with the match.
//!
//! The form is `multipart/form-data` so that a file upload works without
//! JavaScript; an uploaded file wins over the text box, and the preview
//! puts the transcript back into the text box so the next round trip (a
//! new preview, or the commit) carries it without a second upload.
//!
//! Must not import a storage engine (only `log/` names sled or PostgreSQL)
//! or a game's own folder (`games::rush_hour` and the like): the store is
//! reached through `EventStore`, a game through the registry and the shared
//! modules of `games`.

use crate::log::Role;
use std::collections::BTreeMap;

use actix_multipart::{Multipart, MultipartError};
use actix_web::http::StatusCode;
use actix_web::{get, post, web, HttpResponse};
use askama::Template;
use chrono::NaiveDate;
use futures_util::StreamExt;

use super::appeals::{form_token, see_other};
use super::board::Svg;
use super::pages::html;
use super::reader::Reader;
use super::{Answer, AppState, Shared, WebError, PREVIEWS_AT_ONCE};
use crate::event::{Body, NewEvent, Visibility};
use crate::games::GameKind;
use crate::import::corrections::CorrectionInput;
use crate::import::events::{self, ImportOptions, ImportReport};
use crate::import::{self, DateOrder, Format, TimeContext, MAX_INPUT_BYTES};
use crate::log::MatchId;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

mod preview;
pub(crate) mod session;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(import_form)
        .service(import_post)
        .service(session_post);
}

/// What the form holds (every field a string, as typed).
#[derive(Default, Clone)]
pub(crate) struct ImportForm {
    transcript: String,
    game: String,
    player_a: String,
    player_b: String,
    host: String,
    aliases: String,
    tz: String,
    date: String,
    date_order: String,
    format: String,
    title: String,
    id: String,
    /// The match's options as JSON, as `--config` takes them; empty: the
    /// game's defaults.
    config: String,
    /// Who corrects readings (stored with each correction).
    reviewer: String,
    /// The match this import corrects further, when reopened from one.
    supersedes: String,
    /// Commit it as a private match (only its players, its host and
    /// admins read it): the "private" box.
    private: bool,
    /// The preview session this form was last previewed in: a new
    /// preview replaces it, a commit ends it.
    session: String,
    /// Each corrected message's "read as" box, as typed: `talk`, or the
    /// words it means; with the reason given beside it.
    reads: BTreeMap<usize, (String, String)>,
}

impl ImportForm {
    /// The corrections as (message, reading, reason), for a page that has
    /// no preview rows to hold them yet.
    fn kept_reads(&self) -> Vec<(usize, String, String)> {
        self.reads
            .iter()
            .map(|(n, (r, w))| (*n, r.clone(), w.clone()))
            .collect()
    }
}

impl ImportPage {
    /// Who a name can be tied to: the players and the host.
    fn people(&self) -> Vec<String> {
        [&self.form.player_a, &self.form.player_b, &self.form.host]
            .into_iter()
            .filter(|p| !p.is_empty())
            .cloned()
            .collect()
    }
}

/// One message of the preview.
struct PreviewRow {
    index: usize,
    author: String,
    stamp: String,
    at: String,
    text: String,
    /// `event`, `talk`, `unread`, `rule-error`, `flagged`, `joined`.
    class: &'static str,
    /// What arbiter read, in words.
    read: String,
    board: Option<Svg>,
    /// Where the board the host posted here differs from the replay: the
    /// replay's board at this message, shown beside the posted one.
    replay_board: Option<Svg>,
    /// The "read as" box as typed, and the reason beside it.
    read_as: String,
    read_why: String,
    /// The reviewer's correction of this message: applied (what the reader
    /// saw) or why not.
    correction: Option<String>,
    correction_failed: bool,
}

#[derive(Template)]
#[template(path = "import.html")]
struct ImportPage {
    form: ImportForm,
    games: Vec<(&'static str, &'static str)>,
    formats: Vec<&'static str>,
    limit_mib: usize,
    /// Why the transcript could not be read or mapped.
    error: Option<String>,
    report: Option<ImportReport>,
    rows: Vec<PreviewRow>,
    /// Authors and their message counts, to help with the mapping.
    authors: Vec<(String, usize)>,
    /// Why a commit was refused, beside the field at fault.
    token_error: Option<String>,
    id_error: Option<String>,
    /// The preview session a change of reading re-reads in place.
    session: Option<String>,
    /// With corrections: the rules' outcome without them, to show what the
    /// corrections change.
    without_corrections: Option<String>,
}

impl ImportPage {
    fn new(form: ImportForm) -> ImportPage {
        ImportPage {
            form,
            games: super::game_choices(),
            formats: Format::ALL.iter().map(|f| f.slug()).collect(),
            limit_mib: MAX_INPUT_BYTES >> 20,
            error: None,
            report: None,
            rows: Vec::new(),
            authors: Vec::new(),
            token_error: None,
            id_error: None,
            session: None,
            without_corrections: None,
        }
    }
}

/// `/import?from=<id>`: a committed import opened again.
#[derive(serde::Deserialize)]
struct ImportQuery {
    from: Option<String>,
}

#[get("/import")]
async fn import_form(state: Shared, query: web::Query<ImportQuery>, reader: Reader) -> Answer {
    let form = match &query.from {
        Some(id) => reopened(&state, id, &reader)?,
        None => ImportForm {
            game: "rush-hour".into(),
            tz: "UTC".into(),
            date: chrono::Utc::now().date_naive().to_string(),
            ..ImportForm::default()
        },
    };
    html(&ImportPage::new(form))
}

/// The form as a committed import left it: its transcript, cast, options
/// and corrections, to correct further and commit as a new match that
/// supersedes it (a sealed log is never rewritten).
fn reopened(state: &AppState, id: &str, reader: &Reader) -> Result<ImportForm, WebError> {
    let m = reader.load(state, id)?;
    let first = &m.sealed[0].envelope;
    let no_source = || {
        WebError::page(
            StatusCode::UNPROCESSABLE_ENTITY,
            format!(
                "match {id} was not imported from a transcript, so there is nothing to read again"
            ),
        )
    };
    let create = first.body.create().ok_or_else(no_source)?;
    let (text, format) = match (&create.source, first.body.transcript_seal()) {
        (Some(source), _) => (source.text.clone(), source.format.clone()),
        (None, Some(seal)) => {
            let pieces = crate::log::transcript::sealed(state.store.as_ref(), &m.id, seal)?;
            let text = crate::log::transcript::whole_text(&pieces).ok_or_else(|| {
                WebError::page(
                    StatusCode::UNPROCESSABLE_ENTITY,
                    format!(
                        "match {id}'s transcript had {} removed on request, so it cannot be read again whole",
                        crate::event::message_list(&crate::log::transcript::removed_messages(&pieces))
                    ),
                )
            })?;
            (text, seal.format.clone())
        }
        (None, None) => return Err(no_source()),
    };
    let review = first.body.review();
    let mut form = ImportForm {
        transcript: text,
        game: create.config.game().slug().to_string(),
        player_a: create.players.first().cloned().unwrap_or_default(),
        player_b: create.players.get(1).cloned().unwrap_or_default(),
        host: create.host.clone(),
        format,
        title: create.title.clone(),
        config: serde_json::to_string(&create.config).unwrap_or_default(),
        supersedes: m.id.to_string(),
        // A private match's correction is private too, unless unticked.
        private: m.visibility() == Visibility::Private,
        // Times were read in UTC from the first message's day, unless the
        // review says how.
        tz: "UTC".into(),
        date: first.occurred_at.date_naive().to_string(),
        ..ImportForm::default()
    };
    if let Some(r) = review {
        form.aliases = r
            .aliases
            .iter()
            .map(|(a, b)| format!("{a} = {b}"))
            .collect::<Vec<_>>()
            .join("\n");
        form.tz.clone_from(&r.zone);
        if !r.date.is_empty() {
            form.date.clone_from(&r.date);
        }
        form.date_order = r.date_order.clone().unwrap_or_default();
        form.reviewer = r
            .corrections
            .first()
            .map(|c| c.reviewer.clone())
            .unwrap_or_default();
        form.reads = r
            .corrections
            .iter()
            .map(|c| {
                (
                    c.message as usize,
                    (c.reading.to_string(), c.reason.clone()),
                )
            })
            .collect();
    }
    Ok(form)
}

/// Reads the multipart form: text fields, the uploaded file (which wins
/// over the text box when it is not empty), the action and the token.
async fn read_form(mut payload: Multipart) -> Result<(ImportForm, String, String), WebError> {
    let too_big = || {
        WebError::page(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!(
                "the form is over the {} MiB limit: export a shorter range of messages and import it in parts",
                MAX_INPUT_BYTES >> 20
            ),
        )
    };
    let torn = |e: MultipartError| {
        WebError::page(
            StatusCode::BAD_REQUEST,
            format!("the form did not arrive whole: {e}"),
        )
    };
    let mut fields: BTreeMap<String, Vec<u8>> = BTreeMap::new();
    let mut total = 0usize;
    while let Some(item) = payload.next().await {
        let mut field = item.map_err(torn)?;
        let name = field.name().unwrap_or_default().to_string();
        let mut bytes = Vec::new();
        while let Some(chunk) = field.next().await {
            let chunk = chunk.map_err(torn)?;
            total += chunk.len();
            if total > MAX_INPUT_BYTES + (64 << 10) {
                return Err(too_big());
            }
            bytes.extend_from_slice(&chunk);
        }
        fields.insert(name, bytes);
    }
    let text = |k: &str| {
        fields
            .get(k)
            .map(|b| String::from_utf8_lossy(b).trim().to_string())
            .unwrap_or_default()
    };
    let transcript = match fields.get("file").filter(|b| !b.is_empty()) {
        Some(bytes) => import::decode(bytes)
            .map_err(|e| WebError::page(StatusCode::UNPROCESSABLE_ENTITY, e.to_string()))?,
        None => fields
            .get("transcript")
            .map(|b| String::from_utf8_lossy(b).into_owned())
            .unwrap_or_default(),
    };
    // "Tie" beside a name the reader could not tie: that name becomes an
    // alias of the person chosen beside it (the likely author preselected).
    let mut aliases = text("aliases");
    if let Ok(k) = text("accept_alias").parse::<usize>() {
        let (name, to) = (text(&format!("untied_{k}")), text(&format!("tie_{k}")));
        if !name.is_empty() && !to.is_empty() {
            if !aliases.is_empty() {
                aliases.push('\n');
            }
            aliases.push_str(&format!("{name} = {to}"));
        }
    }
    let form = ImportForm {
        transcript,
        game: text("game"),
        player_a: text("player_a"),
        player_b: text("player_b"),
        host: text("host"),
        aliases,
        tz: text("tz"),
        date: text("date"),
        date_order: text("date_order"),
        format: text("format"),
        title: text("title"),
        id: text("id"),
        reviewer: text("reviewer"),
        config: text("config"),
        supersedes: text("supersedes"),
        private: !text("private").is_empty(),
        session: text("session"),
        reads: fields
            .keys()
            .filter_map(|k| k.strip_prefix("read_")?.parse::<usize>().ok())
            .map(|n| (n, (text(&format!("read_{n}")), text(&format!("why_{n}")))))
            .filter(|(_, (r, _))| !r.is_empty())
            .collect(),
    };
    Ok((form, text("action"), text("token")))
}

/// The options the form names, or what is wrong with them.
fn options(form: &ImportForm) -> Result<(ImportOptions, TimeContext, Option<Format>), String> {
    let game =
        GameKind::from_slug(&form.game).ok_or_else(|| format!("unknown game '{}'", form.game))?;
    if form.player_a.is_empty() || form.player_b.is_empty() || form.host.is_empty() {
        return Err("name both players and the host, as their names appear in the transcript (the list of authors below helps)".into());
    }
    let tz: chrono_tz::Tz = form.tz.parse().map_err(|_| {
        format!(
            "'{}' is not a time zone: use an IANA name like Europe/Berlin or UTC",
            form.tz
        )
    })?;
    let date = NaiveDate::parse_from_str(&form.date, "%Y-%m-%d")
        .map_err(|_| format!("'{}' is not a date: write YYYY-MM-DD", form.date))?;
    let mut ctx = TimeContext::new(tz, date);
    ctx.date_order = match form.date_order.as_str() {
        "day-first" => Some(DateOrder::DayFirst),
        "month-first" => Some(DateOrder::MonthFirst),
        _ => None,
    };
    let forced = Format::from_slug(&form.format);
    let mut aliases = BTreeMap::new();
    for line in form
        .aliases
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
    {
        let (other, name) = line
            .split_once('=')
            .ok_or_else(|| format!("the alias line '{line}' is not OTHER = NAME"))?;
        aliases.insert(other.trim().to_string(), name.trim().to_string());
    }
    let opts = ImportOptions {
        game,
        cast: events::Cast {
            players: [form.player_a.clone(), form.player_b.clone()],
            host: form.host.clone(),
            aliases,
        },
        title: if form.title.is_empty() {
            format!("{} (imported)", game.title())
        } else {
            form.title.clone()
        },
        importer: "arbiter /import".into(),
        source_name: "pasted".into(),
        config: match form.config.as_str() {
            "" => None,
            c => Some(serde_json::from_str(c).map_err(|e| {
                format!("the match options are not a game's options ({e}): write them as in a match file, like {{\"dodgem\": {{\"size\": 4, \"rule\": \"stuck-wins\"}}}}, or leave them empty for the game's defaults")
            })?),
        },
    };
    Ok((opts, ctx, forced))
}

/// The corrections the form's "read as" boxes hold.
fn reviewing(form: &ImportForm, ctx: &TimeContext) -> events::Reviewing {
    let reviewer = if form.reviewer.is_empty() {
        "reviewer".to_string()
    } else {
        form.reviewer.clone()
    };
    events::Reviewing {
        corrections: form
            .reads
            .iter()
            .map(|(&message, (read, why))| CorrectionInput::new(message, read, &reviewer, why))
            .collect(),
        time: Some(ctx.clone()),
        supersedes: (!form.supersedes.is_empty()).then(|| form.supersedes.clone()),
    }
}

/// A turn to read an import, held while it is read.
struct Reading(Arc<AtomicUsize>);

impl Drop for Reading {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

/// A turn to read an import, or `None` when [`PREVIEWS_AT_ONCE`] are
/// being read: taken before the form is read.
fn turn(state: &AppState) -> Option<Reading> {
    let n = state.import_reading.fetch_add(1, Ordering::SeqCst);
    let taken = Reading(state.import_reading.clone());
    (n < PREVIEWS_AT_ONCE).then_some(taken)
}

/// 503 with Retry-After: every turn to read an import is taken.
fn busy() -> HttpResponse {
    HttpResponse::ServiceUnavailable()
        .insert_header(("Retry-After", "5"))
        .content_type("text/plain; charset=utf-8")
        .body(format!(
            "{PREVIEWS_AT_ONCE} imports are being read now; try again in a few seconds"
        ))
}

#[post("/import")]
async fn import_post(state: Shared, payload: Multipart) -> Answer {
    let Some(_turn) = turn(&state) else {
        return Ok(busy());
    };
    let (form, action, token) = read_form(payload).await?;
    let mut page = ImportPage::new(form.clone());
    let mut status = StatusCode::OK;
    let (mut opts, ctx, forced) = match options(&form) {
        Ok(x) => x,
        Err(e) => {
            page.error = Some(e);
            return html(&page);
        }
    };
    // A commit is written as the token's person: checked before reading,
    // so that the events name them as the importer.
    let committer = (action == "commit").then(|| importer(&state, &token, &opts));
    if let Some(Ok(name)) = &committer {
        opts.importer = name.clone();
    }
    let transcript = match import::read_transcript(&form.transcript, forced, &ctx) {
        Ok(t) => t,
        Err(e) => {
            page.error = Some(e.to_string());
            return html(&page);
        }
    };
    let mut counts: BTreeMap<String, usize> = BTreeMap::new();
    for m in &transcript.messages {
        *counts.entry(m.author.clone()).or_default() += 1;
    }
    page.authors = counts.into_iter().collect();
    let review = reviewing(&form, &ctx);
    let imported = match events::read_reviewed(&transcript, &form.transcript, &opts, &review) {
        Ok(x) => x,
        Err(e) => {
            page.error = Some(e.to_string());
            return html(&page);
        }
    };

    let refused = imported
        .report
        .corrections
        .iter()
        .find(|c| c.error.is_some())
        .map(|c| c.message);
    if let (true, Some(m)) = (action == "commit", refused) {
        page.error = Some(format!(
            "nothing was committed: the correction of message {m} does not apply (the reason is beside it below); fix it and preview again"
        ));
    } else if let Some(committer) = committer {
        // A failed commit shows the form again, everything filled in and
        // the reason beside the field, with the status that says why.
        let committed =
            match committer.and_then(|_| made_private(&state, &form, &token, &imported.events)) {
                Ok(private) => {
                    let events = imported.events.iter().cloned().chain(private).collect();
                    commit(&state, &form, events, transcript.clone()).await
                }
                Err(refused) => Err(refused),
            };
        match committed {
            Ok(id) => {
                previews(&state)?.forget(&form.session);
                return Ok(see_other(format!("/matches/{id}")));
            }
            Err(Refused::Token(code, why)) => {
                status = code;
                page.token_error = Some(why);
            }
            Err(Refused::Id(code, why)) => {
                status = code;
                page.id_error = Some(why);
            }
            Err(Refused::Store(e)) => return Err(e),
        }
    }

    page.without_corrections = uncorrected(&form, &transcript, &opts);
    preview::fill(&mut page, &form, &transcript, imported, opts.game);
    // This page's earlier preview, if any, is replaced by this one.
    let mut kept = previews(&state)?;
    kept.forget(&form.session);
    page.session = Some(kept.keep(session::Session {
        form: ImportForm {
            reads: BTreeMap::new(),
            ..form.clone()
        },
        transcript,
        opts,
        ctx,
    }));
    drop(kept);
    let mut resp = html(&page)?;
    *resp.status_mut() = status;
    Ok(resp)
}

/// The server's kept previews.
fn previews(state: &AppState) -> Result<std::sync::MutexGuard<'_, session::Sessions>, WebError> {
    state.import_previews.lock().map_err(|_| {
        WebError::page(
            StatusCode::INTERNAL_SERVER_ERROR,
            "the preview store is poisoned: restart the server",
        )
    })
}

/// `POST /import/sessions/{id}`: the preview read again with the
/// corrections posted (`read_N`, `why_N`, `reviewer`, urlencoded), from the
/// transcript the session kept; the page's script swaps the report in.
/// 410 when the session is no longer kept: submit the whole form.
#[post("/import/sessions/{id}")]
async fn session_post(
    state: Shared,
    path: web::Path<String>,
    fields: web::Form<Vec<(String, String)>>,
) -> Answer {
    let Some(_turn) = turn(&state) else {
        return Ok(busy());
    };
    let kept = previews(&state)?.get(&path);
    let Some(s) = kept else {
        return Err(WebError::page(
            StatusCode::GONE,
            "this preview is no longer kept on the server: submit the form again",
        ));
    };
    let field = |k: &str| {
        fields
            .iter()
            .find(|(n, _)| n == k)
            .map(|(_, v)| v.trim().to_string())
            .unwrap_or_default()
    };
    let mut form = s.form.clone();
    form.reviewer = field("reviewer");
    form.reads = fields
        .iter()
        .filter_map(|(k, v)| Some((k.strip_prefix("read_")?.parse::<usize>().ok()?, v)))
        .filter(|(_, v)| !v.trim().is_empty())
        .map(|(n, v)| (n, (v.trim().to_string(), field(&format!("why_{n}")))))
        .collect();
    let mut page = ImportPage::new(form.clone());
    let imported = events::read_reviewed(
        &s.transcript,
        &form.transcript,
        &s.opts,
        &reviewing(&form, &s.ctx),
    )
    .map_err(|e| WebError::page(StatusCode::UNPROCESSABLE_ENTITY, e.to_string()))?;
    page.without_corrections = uncorrected(&form, &s.transcript, &s.opts);
    preview::fill(&mut page, &form, &s.transcript, imported, s.opts.game);
    page.session = Some(path.into_inner());
    html(&page)
}

/// The rules' outcome of the transcript read without the form's
/// corrections, in words, when there are any.
fn uncorrected(
    form: &ImportForm,
    transcript: &import::Transcript,
    opts: &ImportOptions,
) -> Option<String> {
    if form.reads.is_empty() {
        return None;
    }
    let plain = events::read_match(transcript, &form.transcript, opts).ok()?;
    let o = &plain.report.outcome;
    let score: Vec<String> = o.score.iter().map(|(p, n)| format!("{p} {n}")).collect();
    Some(match &o.winner {
        Some(w) => format!("{} — {w} wins the match", score.join(", ")),
        None => score.join(", "),
    })
}

/// Why a commit stored nothing.
enum Refused {
    /// The write token is not known.
    Token(StatusCode, String),
    /// The match id is malformed (422) or taken (409).
    Id(StatusCode, String),
    /// The store failed.
    Store(WebError),
}

/// The importer a commit with `token` is recorded as: the token's person,
/// when it is an importer, an admin, or the host of the match imported.
fn importer(state: &AppState, token: &str, opts: &ImportOptions) -> Result<String, Refused> {
    let who = match form_token(state, token) {
        Ok(who) => who,
        Err(e) if e.status == StatusCode::UNAUTHORIZED => {
            return Err(Refused::Token(e.status, e.message))
        }
        Err(e) => return Err(Refused::Store(e)),
    };
    match who.role {
        Role::Importer | Role::Admin => Ok(who.name),
        Role::Host if crate::access::same_name(&who.name, &opts.cast.host) => Ok(who.name),
        Role::Host => Err(Refused::Token(
            StatusCode::FORBIDDEN,
            format!(
                "this token is for the host {}, and the match imported is hosted by {}: a host imports only its own matches",
                who.name, opts.cast.host
            ),
        )),
        Role::Player => Err(Refused::Token(
            StatusCode::FORBIDDEN,
            format!(
                "this token is for the player {}: imports are committed by an importer, an admin or the match's host",
                who.name
            ),
        )),
    }
}

/// The Visibility event that makes the import private when the form's box
/// is ticked: the token's person must be the match's host or an admin. It
/// goes after the imported events, so none of their seqs moves, at the
/// time of the last of them (a time from the source, as every event's).
fn made_private(
    state: &AppState,
    form: &ImportForm,
    token: &str,
    events: &[NewEvent],
) -> Result<Option<NewEvent>, Refused> {
    if !form.private {
        return Ok(None);
    }
    let who = form_token(state, token).map_err(|e| Refused::Token(e.status, e.message))?;
    let (Some(first), Some(last)) = (events.first(), events.last()) else {
        return Ok(None);
    };
    let Some(people) = crate::access::People::of(&first.body) else {
        return Ok(None);
    };
    let body = Body::Visibility(Visibility::Private);
    let actor = crate::access::recorded_actor(&who, &people, None, &body).map_err(|why| {
        Refused::Token(
            StatusCode::FORBIDDEN,
            format!("{why}; untick \"private\" or use such a token"),
        )
    })?;
    Ok(Some(NewEvent {
        occurred_at: last.occurred_at,
        actor,
        body,
    }))
}

/// Stores the import as match `form.id` (the committer already checked).
async fn commit(
    state: &AppState,
    form: &ImportForm,
    events: Vec<crate::event::NewEvent>,
    read: import::Transcript,
) -> Result<MatchId, Refused> {
    let id =
        MatchId::parse(&form.id).map_err(|e| Refused::Id(StatusCode::UNPROCESSABLE_ENTITY, e))?;
    let store = state.store.clone();
    let stored_id = id.clone();
    let stored = web::block(move || -> Result<(), crate::log::StoreError> {
        if store.events(&stored_id).is_ok_and(|e| !e.is_empty()) {
            return Err(crate::log::StoreError::Exists(stored_id.to_string()));
        }
        // The whole import or none of it, its transcript sealed message
        // by message and kept beside it.
        crate::transcripts::store_new(&*store, &stored_id, events, Some(&read))?;
        Ok(())
    })
    .await
    .map_err(|e| {
        Refused::Store(WebError::page(
            StatusCode::INTERNAL_SERVER_ERROR,
            e.to_string(),
        ))
    })?;
    match stored {
        Ok(()) => Ok(id),
        Err(crate::log::StoreError::Exists(_)) => Err(Refused::Id(
            StatusCode::CONFLICT,
            format!("a match with the id {id} is already stored: choose another id"),
        )),
        Err(e) => Err(Refused::Store(e.into())),
    }
}
