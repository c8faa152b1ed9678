//! Finding matches: the index page (`/`) and `/api/matches`, both filtered
//! by the same query — words to search for, a game, a player, a host,
//! dates, "a ruling disagrees" — and paged.
//!
//! Why one module: the page and the API must list the same matches for
//! the same question. The API keeps its shape (a JSON array of matches);
//! the count and the other pages travel in headers (`X-Total-Count`,
//! `Link`), as in GitHub's API. A player is found under any spelling of
//! their name, as their player page is ([`Roster::plays`]). A private
//! match is listed only for a [`Reader`] who may read it, and otherwise
//! counted nowhere. Must not import `import` or the store beyond
//! [`AppState`].

use actix_web::{get, http::StatusCode, web, HttpResponse};
use askama::Template;
use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use super::pages::html;
use super::projection::load_at;
use super::reader::Reader;
use super::roster::{roster_for, Roster};
use super::{Answer, AppState, Shared, WebError};
use crate::games::GameKind;
use crate::verify;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(index).service(list);
}

/// How many matches a page lists unless asked otherwise, and at most.
const PER_PAGE: usize = 50;
const MAX_PER_PAGE: usize = 500;

/// A question about the matches, as the query string asks it. Every field
/// is optional; an empty one (a form's blank box) asks nothing.
#[derive(Deserialize, Default, Clone)]
pub struct MatchQuery {
    /// Words that must all appear in the title, id, players or host.
    #[serde(default)]
    q: String,
    /// A game's slug (`rush-hour`, `duorail`, …).
    #[serde(default)]
    game: String,
    #[serde(default)]
    player: String,
    #[serde(default)]
    host: String,
    /// Played on or after / on or before (`YYYY-MM-DD`).
    #[serde(default)]
    from: String,
    #[serde(default)]
    to: String,
    /// Only matches where a ruling disagrees with the rules (`1`, `on`).
    #[serde(default)]
    disagrees: String,
    #[serde(default)]
    page: String,
    #[serde(default)]
    per_page: String,
}

/// A [`MatchQuery`] read and checked.
struct Asked {
    words: Vec<String>,
    game: Option<GameKind>,
    player: Option<String>,
    host: Option<String>,
    from: Option<NaiveDate>,
    to: Option<NaiveDate>,
    disagrees: bool,
    page: usize,
    per_page: usize,
}

impl MatchQuery {
    fn read(&self) -> Result<Asked, String> {
        let name = |s: &str| Some(s.trim().to_lowercase()).filter(|s| !s.is_empty());
        let date = |s: &str, what: &str| -> Result<Option<NaiveDate>, String> {
            let s = s.trim();
            if s.is_empty() {
                return Ok(None);
            }
            NaiveDate::parse_from_str(s, "%Y-%m-%d")
                .map(Some)
                .map_err(|_| format!("{what}={s} is not a date: write it as 2026-11-20"))
        };
        let number = |s: &str, what: &str, default: usize| -> Result<usize, String> {
            let s = s.trim();
            if s.is_empty() {
                return Ok(default);
            }
            s.parse::<usize>()
                .ok()
                .filter(|&n| n > 0)
                .ok_or_else(|| format!("{what}={s} is not a page number: use 1, 2, 3, …"))
        };
        let game = match self.game.trim() {
            "" => None,
            slug => Some(GameKind::from_slug(slug).ok_or_else(|| {
                let known: Vec<&str> = GameKind::ALL.iter().map(|g| g.slug()).collect();
                format!(
                    "game={slug} is not a game here: use one of {}",
                    known.join(", ")
                )
            })?),
        };
        let flag = self.disagrees.trim().to_lowercase();
        Ok(Asked {
            words: self.q.split_whitespace().map(str::to_lowercase).collect(),
            game,
            // Compared through the players' directory, as the importer
            // compares names: not lowercased here.
            player: Some(self.player.trim().to_string()).filter(|s| !s.is_empty()),
            host: name(&self.host),
            from: date(&self.from, "from")?,
            to: date(&self.to, "to")?,
            disagrees: !matches!(flag.as_str(), "" | "0" | "false" | "no" | "off"),
            page: number(&self.page, "page", 1)?,
            per_page: number(&self.per_page, "per_page", PER_PAGE)?.min(MAX_PER_PAGE),
        })
    }

    /// This query's string for page `page` (for links), blanks left out.
    fn for_page(&self, page: usize) -> String {
        let mut pairs: Vec<(&str, &str)> = [
            ("q", &self.q),
            ("game", &self.game),
            ("player", &self.player),
            ("host", &self.host),
            ("from", &self.from),
            ("to", &self.to),
            ("disagrees", &self.disagrees),
            ("per_page", &self.per_page),
        ]
        .into_iter()
        .map(|(k, v)| (k, v.trim()))
        .filter(|(_, v)| !v.is_empty())
        .collect();
        let page = page.to_string();
        pairs.push(("page", &page));
        serde_urlencoded::to_string(pairs).unwrap_or_default()
    }
}

/// One match as listed.
#[derive(Serialize, Clone)]
struct Listed {
    id: String,
    title: String,
    game: String,
    #[serde(skip)]
    game_title: String,
    players: Vec<String>,
    host: String,
    /// The day the match was created (its first event), UTC.
    date: Option<NaiveDate>,
    events: usize,
    score: Vec<u32>,
    score_by_rules: Vec<u32>,
    /// Rulings the verifier finds disagree with the rules.
    disagreements: usize,
    /// What the store lost of it, when it did: its pages show nothing.
    #[serde(skip_serializing_if = "Option::is_none")]
    damaged: Option<String>,
}

impl Listed {
    /// Whether this match answers `a`; a player or host asked for is
    /// looked up in `roster`, so any spelling of a person finds all their
    /// matches.
    fn keeps(&self, a: &Asked, roster: Option<&Roster>) -> bool {
        let lower = |s: &str| s.to_lowercase();
        let plays = |who: &str| roster.is_some_and(|r| r.is_one_of(who, &self.players));
        let hosts =
            |who: &str| roster.is_some_and(|r| r.is_one_of(who, std::slice::from_ref(&self.host)));
        let text = lower(&format!(
            "{} {} {} {}",
            self.title,
            self.id,
            self.players.join(" "),
            self.host
        ));
        a.words.iter().all(|w| text.contains(w.as_str()))
            && a.game.is_none_or(|g| g.slug() == self.game)
            && a.player.as_deref().is_none_or(plays)
            && a.host.as_deref().is_none_or(hosts)
            && a.from.is_none_or(|d| self.date.is_some_and(|x| x >= d))
            && a.to.is_none_or(|d| self.date.is_some_and(|x| x <= d))
            && (!a.disagrees || self.disagreements > 0)
    }

    /// "mira 3–2 jonas".
    fn score_line(&self) -> String {
        super::pages::score_line(&self.players, &self.score)
    }
}

/// Every match `reader` may read, listed.
fn every_match(state: &AppState, reader: &Reader) -> Result<Vec<Listed>, WebError> {
    let mut out = Vec::new();
    for (id, head) in state.store.heads()? {
        let m = load_at(state, id.clone(), head)?;
        if !reader.may_read(&m) {
            continue;
        }
        let create = m.create();
        let view = m.replay.last_state().map(crate::games::MatchState::view);
        out.push(Listed {
            id: id.to_string(),
            title: m.title(),
            game: create
                .map(|c| c.config.game().slug().to_string())
                .unwrap_or_default(),
            game_title: create
                .map(|c| c.config.game().title().to_string())
                .unwrap_or_default(),
            players: create.map(|c| c.players.clone()).unwrap_or_default(),
            host: create.map(|c| c.host.clone()).unwrap_or_default(),
            date: m
                .sealed
                .first()
                .map(|s| s.envelope.occurred_at.date_naive()),
            events: m.sealed.len(),
            score: view.as_ref().map(|v| v.score.clone()).unwrap_or_default(),
            score_by_rules: view.map(|v| v.score_by_rules).unwrap_or_default(),
            disagreements: state
                .findings(&m)
                .iter()
                .filter(|f| f.verdict == verify::Verdict::Disagrees)
                .count(),
            damaged: state.damage_of(&id).map(|d| d.why.clone()),
        });
    }
    Ok(out)
}

/// What a question about the matches finds: this page of them, how many
/// in all, the query read, and whether the reader may read any match at
/// all (not: any that fits).
type Found = (Vec<Listed>, usize, Asked, bool);

/// The matches `query` asks for, of those `reader` may read.
/// A question that does not read is 400; a store that cannot be read says
/// why with its own status (503 while its database is away).
fn answer(state: &AppState, query: &MatchQuery, reader: &Reader) -> Result<Found, WebError> {
    let asked = query
        .read()
        .map_err(|e| WebError::page(StatusCode::BAD_REQUEST, e))?;
    let all = every_match(state, reader)?;
    let any = !all.is_empty();
    let roster = if asked.player.is_some() || asked.host.is_some() {
        Some(roster_for(state, reader)?)
    } else {
        None
    };
    let kept: Vec<Listed> = all
        .into_iter()
        .filter(|m| m.keeps(&asked, roster.as_deref()))
        .collect();
    let total = kept.len();
    let page = kept
        .into_iter()
        .skip((asked.page - 1).saturating_mul(asked.per_page))
        .take(asked.per_page)
        .collect();
    Ok((page, total, asked, any))
}

/// How many pages `total` matches fill.
fn pages(total: usize, per_page: usize) -> usize {
    total.div_ceil(per_page).max(1)
}

#[derive(Template)]
#[template(path = "matches.html")]
struct MatchesPage {
    rows: Vec<Row>,
    total: usize,
    /// The store holds no match at all (not: none fits the question).
    empty_store: bool,
    q: String,
    game: String,
    player: String,
    disagrees: bool,
    games: Vec<(&'static str, &'static str)>,
    page: usize,
    pages: usize,
    prev: Option<String>,
    next: Option<String>,
}

struct Row {
    id: String,
    title: String,
    game: String,
    players: Vec<String>,
    score: String,
    last_step: usize,
    disagreements: usize,
    damaged: bool,
}

#[get("/")]
async fn index(state: Shared, query: web::Query<MatchQuery>, reader: Reader) -> Answer {
    let (listed, total, asked, any) = answer(&state, &query, &reader)?;
    let pages = pages(total, asked.per_page);
    let link = |p: usize| format!("/?{}", query.for_page(p));
    html(&MatchesPage {
        empty_store: !any,
        rows: listed
            .iter()
            .map(|m| Row {
                id: m.id.clone(),
                title: m.title.clone(),
                game: m.game_title.clone(),
                players: m.players.clone(),
                score: m.score_line(),
                last_step: m.events.saturating_sub(1),
                disagreements: m.disagreements,
                damaged: m.damaged.is_some(),
            })
            .collect(),
        total,
        q: query.q.clone(),
        game: query.game.clone(),
        player: query.player.clone(),
        disagrees: asked.disagrees,
        games: super::game_choices(),
        page: asked.page,
        pages,
        prev: (asked.page > 1).then(|| link(asked.page - 1)),
        next: (asked.page < pages).then(|| link(asked.page + 1)),
    })
}

#[get("/api/matches")]
async fn list(state: Shared, query: web::Query<MatchQuery>, reader: Reader) -> Answer {
    let (listed, total, asked, _) = answer(&state, &query, &reader).map_err(WebError::as_api)?;
    let pages = pages(total, asked.per_page);
    let mut links = Vec::new();
    if asked.page > 1 {
        links.push(format!(
            "</api/matches?{}>; rel=\"prev\"",
            query.for_page(asked.page - 1)
        ));
    }
    if asked.page < pages {
        links.push(format!(
            "</api/matches?{}>; rel=\"next\"",
            query.for_page(asked.page + 1)
        ));
    }
    let mut resp = HttpResponse::Ok();
    resp.insert_header(("X-Total-Count", total.to_string()));
    if !links.is_empty() {
        resp.insert_header(("Link", links.join(", ")));
    }
    Ok(resp.json(listed))
}
