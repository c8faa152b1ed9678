//! The rules as arbiter implements them, one page a game (`/rules` and
//! `/rules/{game}`), from the same `docs/rules/*.md` the code cites, built
//! into the binary so a server needs no files beside it.
//!
//! Why here: a reviewer reading a ruling needs the rule it was held to,
//! one click away from the match; the Markdown stays the one text.
//! Must not import `import`, `verify` or the store.

use std::sync::OnceLock;

use actix_web::{get, http::StatusCode, web};
use askama::Template;

use super::{Answer, Loaded, WebError};
use crate::games::GameKind;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(list).service(page);
}

/// Each game's rules text, as written in `docs/rules/` (the game keeps it).
fn text(game: GameKind) -> &'static str {
    game.rules()
}

/// A game's rules as HTML, made once.
fn html(game: GameKind) -> &'static str {
    static MADE: OnceLock<Vec<(GameKind, String)>> = OnceLock::new();
    let made = MADE.get_or_init(|| {
        GameKind::ALL
            .into_iter()
            .map(|g| {
                let parser = pulldown_cmark::Parser::new_ext(
                    text(g),
                    pulldown_cmark::Options::ENABLE_TABLES,
                );
                let mut out = String::new();
                pulldown_cmark::html::push_html(&mut out, parser);
                (g, out)
            })
            .collect()
    });
    made.iter()
        .find(|(g, _)| *g == game)
        .map_or("", |(_, h)| h.as_str())
}

/// The link to a game's rules page.
pub fn href(game: GameKind) -> String {
    format!("/rules/{}", game.slug())
}

/// The link to the rules of the game match `m` plays; the list of all
/// rules when its first event names no game.
pub(super) fn href_of(m: &Loaded) -> String {
    m.create()
        .map(|c| href(c.config.game()))
        .unwrap_or_else(|| "/rules".into())
}

#[derive(Template)]
#[template(path = "rules.html")]
struct RulesPage {
    title: String,
    /// The rules as HTML, from our own Markdown (trusted).
    body: &'static str,
    games: Vec<(String, &'static str)>,
}

fn games() -> Vec<(String, &'static str)> {
    GameKind::ALL
        .into_iter()
        .map(|g| (href(g), g.title()))
        .collect()
}

#[get("/rules")]
async fn list() -> Answer {
    let rules = RulesPage {
        title: "Rules".into(),
        body: "",
        games: games(),
    };
    super::pages::html(&rules)
}

#[get("/rules/{game}")]
async fn page(game: web::Path<String>) -> Answer {
    let game = GameKind::from_slug(&game).ok_or_else(|| {
        WebError::page(
            StatusCode::NOT_FOUND,
            format!("there are no rules for '{game}'; the games are listed at /rules"),
        )
    })?;
    let rules = RulesPage {
        title: format!("{} · rules", game.title()),
        body: html(game),
        games: games(),
    };
    super::pages::html(&rules)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_has_its_rules_as_html_with_a_heading() {
        for g in GameKind::ALL {
            let h = html(g);
            assert!(
                h.starts_with("<h1>"),
                "{}: {}",
                g.slug(),
                &h[..40.min(h.len())]
            );
            assert!(h.contains("<h2>"), "{}", g.slug());
        }
    }
}
