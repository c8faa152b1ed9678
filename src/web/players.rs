//! Player pages: `/players` (everyone who plays), `/players/{name}` and
//! `/api/players/{name}` — a person's matches, rounds won, the rulings
//! they appealed and how each stands, and, in the games with exact values,
//! how often their move kept the position's value.
//!
//! A name in the address may be any spelling of the person (the
//! [`Directory`](crate::people::Directory) joins them through reviewed
//! aliases), so every page links a player with [`href`]. A match a later
//! re-import corrects is listed but counted once, as its correction. The
//! numbers are added up from the [`roster_for`]'s per-match records; the page
//! and the API are made from the same [`Record`]. Must not import `import`
//! or the store beyond [`AppState`].

use std::collections::BTreeMap;

use actix_web::{get, http::StatusCode, web, HttpResponse};
use askama::Template;
use chrono::NaiveDate;
use percent_encoding::{utf8_percent_encode, AsciiSet, NON_ALPHANUMERIC};
use serde::Serialize;

use super::pages::{html, score_line};
use super::reader::Reader;
use super::roster::{roster_for, AppealFiled, MatchRecord, Outcome, Roster};
use super::{Answer, Shared, WebError};
use crate::games::words::count;
use crate::people::Person;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(everyone)
        .service(player_page)
        .service(player_api);
}

/// What a path segment leaves as it is: letters, digits and `-._~`.
const SEGMENT: &AsciiSet = &NON_ALPHANUMERIC
    .remove(b'-')
    .remove(b'.')
    .remove(b'_')
    .remove(b'~');

/// The address of a player's page.
pub fn href(name: &str) -> String {
    format!("/players/{}", utf8_percent_encode(name.trim(), SEGMENT))
}

/// Of some moves between valued positions, how many kept the value.
#[derive(Serialize, Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct Accuracy {
    pub kept: usize,
    pub valued: usize,
    /// `kept / valued`, as a whole percentage (rounded half up).
    pub percent: usize,
}

impl Accuracy {
    fn new(kept: usize, valued: usize) -> Option<Accuracy> {
        (valued > 0).then(|| Accuracy {
            kept,
            valued,
            percent: (kept * 200 + valued) / (valued * 2),
        })
    }

    /// "7 of 8 moves kept the value (88%)".
    fn text(&self) -> String {
        format!(
            "{} of {} kept the value ({}%)",
            self.kept,
            count(self.valued, "move", "moves"),
            self.percent
        )
    }
}

/// One match as a player's record lists it.
#[derive(Serialize)]
struct Played {
    id: String,
    title: String,
    game: &'static str,
    #[serde(skip)]
    game_title: &'static str,
    date: Option<NaiveDate>,
    /// The seat played (0 or 1) and the opponent's name.
    seat: usize,
    players: Vec<String>,
    opponent: String,
    score: Vec<u32>,
    score_by_rules: Vec<u32>,
    rounds_won: u32,
    rounds_won_by_rules: u32,
    appeals: Vec<AppealFiled>,
    /// `None` when no move of this player's was between valued positions.
    accuracy: Option<Accuracy>,
    /// The match that corrects this one, when a re-import did: then this
    /// one is not counted.
    superseded_by: Option<String>,
}

/// How the appeals a player filed stand.
#[derive(Serialize, Default)]
struct Appeals {
    filed: usize,
    upheld: usize,
    overturned: usize,
    pending: usize,
}

/// A player's numbers, for the page and the API alike.
#[derive(Serialize)]
struct Record {
    name: String,
    /// Every spelling of the name the matches use.
    names: Vec<String>,
    /// Matches counted: every match played but those a re-import replaced.
    counted: usize,
    rounds_won: u32,
    rounds_won_by_rules: u32,
    appeals: Appeals,
    /// Per game (by slug) with exact values, over the counted matches.
    accuracy: BTreeMap<&'static str, Accuracy>,
    /// Every match played, newest first; replaced ones included (and
    /// marked) so this lists what `/?player=` lists.
    matches: Vec<Played>,
}

impl Record {
    fn of(roster: &Roster, person: &Person) -> Record {
        let mut matches: Vec<Played> = roster
            .played(person)
            .map(|(r, seat)| played(roster, r, seat))
            .collect();
        matches.sort_by(|a, b| b.date.cmp(&a.date).then_with(|| a.id.cmp(&b.id)));
        let counted: Vec<&Played> = matches
            .iter()
            .filter(|m| m.superseded_by.is_none())
            .collect();
        let mut appeals = Appeals::default();
        for a in counted.iter().flat_map(|m| &m.appeals) {
            appeals.filed += 1;
            match a.outcome {
                Outcome::Pending => appeals.pending += 1,
                Outcome::Upheld => appeals.upheld += 1,
                Outcome::Overturned => appeals.overturned += 1,
            }
        }
        let mut by_game: BTreeMap<&'static str, (usize, usize)> = BTreeMap::new();
        for m in &counted {
            if let Some(a) = m.accuracy {
                let (kept, valued) = by_game.entry(m.game).or_default();
                *kept += a.kept;
                *valued += a.valued;
            }
        }
        Record {
            name: person.name.clone(),
            names: person.names.clone(),
            counted: counted.len(),
            rounds_won: counted.iter().map(|m| m.rounds_won).sum(),
            rounds_won_by_rules: counted.iter().map(|m| m.rounds_won_by_rules).sum(),
            appeals,
            accuracy: by_game
                .into_iter()
                .filter_map(|(g, (kept, valued))| Accuracy::new(kept, valued).map(|a| (g, a)))
                .collect(),
            matches,
        }
    }
}

fn played(roster: &Roster, r: &MatchRecord, seat: usize) -> Played {
    let side = r.seats.get(seat).cloned().unwrap_or_default();
    let won = |score: &[u32]| score.get(seat).copied().unwrap_or_default();
    Played {
        id: r.id.clone(),
        title: r.title.clone(),
        game: r.game_slug,
        game_title: r.game_title,
        date: r.date,
        seat,
        players: r.people.players.clone(),
        opponent: r
            .people
            .players
            .iter()
            .enumerate()
            .find(|(s, _)| *s != seat)
            .map(|(_, p)| p.clone())
            .unwrap_or_default(),
        rounds_won: won(&r.score),
        rounds_won_by_rules: won(&r.score_by_rules),
        score: r.score.clone(),
        score_by_rules: r.score_by_rules.clone(),
        appeals: side.appeals,
        accuracy: Accuracy::new(side.kept, side.valued),
        superseded_by: roster.superseded_by.get(&r.id).cloned(),
    }
}

/// The person behind `name`, or a 404 that says where the players are.
fn find<'a>(roster: &'a Roster, name: &str) -> Result<&'a Person, WebError> {
    let person = roster.directory.find(name);
    match person {
        Some(p) if roster.played(p).next().is_some() => Ok(p),
        Some(p) => Err(WebError::page(
            StatusCode::NOT_FOUND,
            format!(
                "{} hosts matches here but plays in none; the players are listed at /players, and {}'s matches at /?host={}",
                p.name,
                p.name,
                utf8_percent_encode(&p.name, SEGMENT)
            ),
        )),
        None => Err(WebError::page(
            StatusCode::NOT_FOUND,
            format!(
                "no one named '{}' plays in a match here; the players are listed at /players, and the matches at /",
                name.trim()
            ),
        )),
    }
}

#[derive(Template)]
#[template(path = "player.html")]
struct PlayerPage {
    name: String,
    /// The other spellings of the name.
    also: Vec<String>,
    /// `/?player=…`: the index's list of the same matches.
    listed: String,
    counted: usize,
    rounds_won: u32,
    rounds_won_by_rules: u32,
    appeals_text: String,
    /// "Dodgem: 7 of 8 moves kept the value (88%)".
    accuracy: Vec<String>,
    rows: Vec<PlayedRow>,
    /// Each appeal: (match id, appeal seq, the words).
    appeals: Vec<(String, u64, String)>,
}

struct PlayedRow {
    id: String,
    title: String,
    game: &'static str,
    date: String,
    opponent: String,
    score: String,
    accuracy: String,
    superseded_by: Option<String>,
}

impl PlayerPage {
    fn new(r: &Record) -> PlayerPage {
        let a = &r.appeals;
        let appeals_text = if a.filed == 0 {
            "none filed".to_string()
        } else {
            let mut parts = Vec::new();
            for (n, word) in [
                (a.upheld, "upheld"),
                (a.overturned, "overturned"),
                (a.pending, "not decided yet"),
            ] {
                if n > 0 {
                    parts.push(format!("{n} {word}"));
                }
            }
            format!("{} filed: {}", a.filed, parts.join(", "))
        };
        PlayerPage {
            name: r.name.clone(),
            also: r.names.iter().filter(|n| **n != r.name).cloned().collect(),
            listed: format!(
                "/?{}",
                serde_urlencoded::to_string([("player", r.name.as_str())]).unwrap_or_default()
            ),
            counted: r.counted,
            rounds_won: r.rounds_won,
            rounds_won_by_rules: r.rounds_won_by_rules,
            appeals_text,
            accuracy: r
                .accuracy
                .iter()
                .map(|(g, a)| {
                    let title = crate::games::GameKind::from_slug(g).map_or(*g, |k| k.title());
                    format!("{title}: {}", a.text())
                })
                .collect(),
            rows: r
                .matches
                .iter()
                .map(|m| PlayedRow {
                    id: m.id.clone(),
                    title: m.title.clone(),
                    game: m.game_title,
                    date: m.date.map(|d| d.to_string()).unwrap_or_default(),
                    opponent: m.opponent.clone(),
                    score: score_line(&m.players, &m.score),
                    accuracy: m.accuracy.map(|a| a.text()).unwrap_or_default(),
                    superseded_by: m.superseded_by.clone(),
                })
                .collect(),
            appeals: r
                .matches
                .iter()
                .filter(|m| m.superseded_by.is_none())
                .flat_map(|m| {
                    m.appeals.iter().map(|a| {
                        (
                            m.id.clone(),
                            a.seq,
                            format!(
                                "in {}, against the ruling at seq {}: {}",
                                m.title,
                                a.ruling_seq,
                                a.outcome.word()
                            ),
                        )
                    })
                })
                .collect(),
        }
    }
}

#[get("/players/{name}")]
async fn player_page(state: Shared, name: web::Path<String>, reader: Reader) -> Answer {
    let roster = roster_for(&state, &reader)?;
    let person = find(&roster, &name)?;
    html(&PlayerPage::new(&Record::of(&roster, person)))
}

#[get("/api/players/{name}")]
async fn player_api(state: Shared, name: web::Path<String>, reader: Reader) -> Answer {
    let roster = roster_for(&state, &reader).map_err(WebError::as_api)?;
    let person = find(&roster, &name).map_err(WebError::as_api)?;
    Ok(HttpResponse::Ok().json(Record::of(&roster, person)))
}

#[derive(Template)]
#[template(path = "players.html")]
struct PlayersPage {
    /// (name, other spellings, "2 matches" counted), by name.
    rows: Vec<(String, String, String)>,
}

#[get("/players")]
async fn everyone(state: Shared, reader: Reader) -> Answer {
    let roster = roster_for(&state, &reader)?;
    let mut rows: Vec<(String, String, String)> = roster
        .directory
        .people()
        .filter_map(|p| {
            let counted = roster
                .played(p)
                .filter(|(r, _)| !roster.superseded_by.contains_key(&r.id))
                .count();
            let also: Vec<&str> = p
                .names
                .iter()
                .filter(|n| **n != p.name)
                .map(String::as_str)
                .collect();
            roster.played(p).next().map(|_| {
                (
                    p.name.clone(),
                    also.join(", "),
                    count(counted, "match", "matches"),
                )
            })
        })
        .collect();
    rows.sort_by_key(|(name, _, _)| name.to_lowercase());
    html(&PlayersPage { rows })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_players_address_keeps_any_name_in_one_path_segment() {
        assert_eq!(href("quill"), "/players/quill");
        assert_eq!(href(" Mika ✦ "), "/players/Mika%20%E2%9C%A6");
        assert_eq!(href("a/b?c#d"), "/players/a%2Fb%3Fc%23d");
    }

    #[test]
    fn accuracy_is_a_rounded_share_said_in_words() {
        let a = Accuracy::new(7, 8).unwrap();
        assert_eq!(a.percent, 88);
        assert_eq!(a.text(), "7 of 8 moves kept the value (88%)");
        assert_eq!(
            Accuracy::new(1, 1).unwrap().text(),
            "1 of 1 move kept the value (100%)"
        );
        assert_eq!(Accuracy::new(1, 3).unwrap().percent, 33);
        assert_eq!(Accuracy::new(0, 0), None);
    }
}
