//! What a first look at the pages trips on, over HTTP with the bundled
//! samples: the rules one click away, /import linked, one way of counting
//! steps on every page, and counts in good English.

use crate::common;

use std::sync::Arc;

use actix_web::http::StatusCode;
use actix_web::{test, App};
use arbiter::log::SledStore;
use arbiter::web::{routes, AppState};

macro_rules! samples_app {
    ($dir:expr) => {{
        let store = SledStore::open($dir.path()).unwrap();
        arbiter::samples::load_bundled_if_empty(&store).unwrap();
        test::init_service(
            App::new()
                .wrap(arbiter::web::headers())
                .configure(routes(AppState::new(Arc::new(store)))),
        )
        .await
    }};
}

use common::web::{get_text, samples};

#[actix_web::test]
async fn the_rules_and_the_import_are_linked_from_every_page() {
    let dir = tempfile::tempdir().unwrap();
    let app = samples_app!(dir);
    let (status, rules) = get_text(&app, "/rules").await;
    assert_eq!(status, StatusCode::OK);
    for slug in arbiter::games::GameKind::ALL.map(|g| g.slug()) {
        assert!(rules.contains(&format!("href=\"/rules/{slug}\"")), "{slug}");
        let (status, page) = get_text(&app, &format!("/rules/{slug}")).await;
        assert_eq!(status, StatusCode::OK, "{slug}");
        assert!(
            page.contains("<article class=\"rules\"><h1>"),
            "{slug}: {page}"
        );
    }
    let (status, page) = get_text(&app, "/rules/chess").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(page.contains("the games are listed at /rules"), "{page}");
    assert!(page.contains("/static/arbiter.css"), "a styled page");

    let (_, index) = get_text(&app, "/").await;
    assert!(
        index.contains("<a href=\"/import\">Import</a>"),
        "header link"
    );
    assert!(
        index.contains("<a href=\"/import\">Import a match</a>"),
        "footer link"
    );
    for (id, slug, _) in samples(&app).await {
        let (_, page) = get_text(&app, &format!("/matches/{id}")).await;
        assert!(page.contains(&format!("href=\"/rules/{slug}\"")), "{id}");
        let (_, step) = get_text(&app, &format!("/matches/{id}/steps/1")).await;
        assert!(step.contains(&format!("href=\"/rules/{slug}\"")), "{id}");
    }
}

#[actix_web::test]
async fn steps_are_numbered_the_same_way_on_every_page() {
    let dir = tempfile::tempdir().unwrap();
    let app = samples_app!(dir);
    let (_, index) = get_text(&app, "/").await;
    for (id, _, events) in samples(&app).await {
        let last = events - 1;
        let words = format!("steps 0–{last}");
        assert!(index.contains(&words), "index, {id}: {words}");
        let (_, page) = get_text(&app, &format!("/matches/{id}")).await;
        assert!(
            page.contains(&format!("(steps 0–{last})")),
            "match page, {id}"
        );
        let (_, step) = get_text(&app, &format!("/matches/{id}/steps/{last}")).await;
        assert!(
            step.contains(&format!(
                "Step <span id=\"step-number\">{last}</span> of {last}"
            )),
            "step page, {id}"
        );
    }
}

#[actix_web::test]
async fn counts_are_in_good_english() {
    let dir = tempfile::tempdir().unwrap();
    let app = samples_app!(dir);
    let mut pages = vec![
        get_text(&app, "/").await.1,
        get_text(&app, "/import").await.1,
    ];
    for (id, _, events) in samples(&app).await {
        pages.push(get_text(&app, &format!("/matches/{id}")).await.1);
        for n in 0..events {
            pages.push(get_text(&app, &format!("/matches/{id}/steps/{n}")).await.1);
        }
    }
    for page in &pages {
        // And the end of a game is said, not "win in 0 for the side to move".
        for bad in [
            "(s)",
            "1 moves",
            "1 cells",
            "1 rulings",
            "s's ",
            " in 0 for",
            "x -",
            "for the side to move",
        ] {
            // "11 moves" is fine: only a count that is 1 itself is wrong.
            let found = page.match_indices(bad).map(|(at, _)| at).find(|&at| {
                !bad.starts_with('1') || !page[..at].ends_with(|c: char| c.is_ascii_digit())
            });
            if let Some(at) = found {
                let from = page[..at]
                    .char_indices()
                    .rev()
                    .nth(120)
                    .map_or(0, |(i, _)| i);
                let to = page[at..]
                    .char_indices()
                    .nth(60)
                    .map_or(page.len(), |(i, _)| at + i);
                panic!("{bad:?} in: …{}…", &page[from..to]);
            }
        }
    }
}

/// A step that placed or moved something outlines it; any other step (a
/// ruling, a claim) outlines nothing.
#[actix_web::test]
async fn only_the_step_that_moved_a_piece_outlines_it() {
    let dir = tempfile::tempdir().unwrap();
    let app = samples_app!(dir);
    let (mut placed, mut other) = (0, 0);
    for (id, slug, events) in samples(&app).await {
        let (_, log) = get_text(&app, &format!("/api/matches/{id}/events")).await;
        let log: serde_json::Value = serde_json::from_str(&log).unwrap();
        let kinds: Vec<String> = log
            .as_array()
            .unwrap()
            .iter()
            .map(|e| {
                e["body"]
                    .as_object()
                    .and_then(|b| b.keys().next().cloned())
                    .unwrap_or_default()
            })
            .collect();
        for n in 1..events {
            let (_, page) = get_text(&app, &format!("/matches/{id}/steps/{n}")).await;
            let Some(board) = page.split("<svg id=\"board\"").nth(1) else {
                continue;
            };
            let board = board.split("</svg>").next().unwrap();
            // A piece or a rail outlined as the last move's (overlays, like
            // the last scored rectangle, are not pieces).
            let outlined = board.split("class=\"").skip(1).any(|c| {
                let class = c.split('"').next().unwrap_or("");
                (class.starts_with("piece") || class.starts_with("rail"))
                    && class.ends_with(" last")
            });
            let kind = &kinds[n as usize];
            if kind.eq_ignore_ascii_case("place") {
                if ["dodgem", "xs-and-lines", "rush-hour"].contains(&slug.as_str()) && outlined {
                    placed += 1;
                }
            } else if !page.contains("id=\"pass-number\"") {
                assert!(!outlined, "{id} step {n} ({kind}) outlines a piece");
                other += 1;
            }
        }
    }
    assert!(
        placed > 20,
        "placing steps outline what they placed: {placed}"
    );
    assert!(other > 20, "{other} other steps checked");
}

/// x's and lines and the permutation game: what is drawn for good is
/// listed beside the board (whose line, whose rectangle), each player's in
/// their color, and a part-1 step says why it has no analysis.
#[actix_web::test]
async fn drawn_lines_and_rectangles_have_a_legend_in_the_players_colors() {
    let dir = tempfile::tempdir().unwrap();
    let app = samples_app!(dir);
    let (_, first) = get_text(&app, "/matches/xl-inkwell-dm3/steps/1").await;
    assert!(
        first.contains("<dt>Analysis</dt><dd>from part 2 on;"),
        "{first}"
    );
    let (_, last) = get_text(&app, "/matches/xl-inkwell-dm3/steps/14").await;
    let legend = last.split("<ol class=\"legend\"").nth(1).expect("a legend");
    assert!(
        legend.contains("swatch drawn blue") && legend.contains("line 1 by"),
        "{legend}"
    );
    let (_, perm) = get_text(&app, "/matches/pm-abacus-final/steps/19").await;
    let board = perm.split("<svg id=\"board\"").nth(1).unwrap();
    assert!(
        board.contains("drawn score blue") && board.contains("drawn score red"),
        "{board}"
    );
    let legend = perm.split("<ol class=\"legend\"").nth(1).expect("a legend");
    assert!(legend.contains("points"), "{legend}");
}

/// The index and `/api/matches` answer the same question: words, a game,
/// a player, dates, "a ruling disagrees", paged with `X-Total-Count` and
/// `Link`; a question that does not read is a 400 that says why.
#[actix_web::test]
async fn matches_are_found_by_game_player_words_dates_and_disagreement() {
    let dir = tempfile::tempdir().unwrap();
    let app = samples_app!(dir);
    let ids = |body: &str| -> Vec<String> {
        let v: serde_json::Value = serde_json::from_str(body).unwrap();
        v.as_array()
            .unwrap()
            .iter()
            .map(|m| m["id"].as_str().unwrap().to_string())
            .collect()
    };
    let all = ids(&get_text(&app, "/api/matches").await.1);
    assert_eq!(all.len(), 8);
    for (query, want) in [
        ("game=dodgem", vec!["dg-bumper-cup-r2"]),
        ("player=TALLY", vec!["pm-abacus-final"]),
        ("q=inkwell", vec!["xl-inkwell-dm3"]),
        ("disagrees=1", vec!["dr-chgg3-dm7", "tj-simply-genius-dm4"]),
        ("from=2030-01-01", vec![]),
        ("game=rush-hour&q=genius", vec!["tj-simply-genius-dm4"]),
    ] {
        let (status, body) = get_text(&app, &format!("/api/matches?{query}")).await;
        assert_eq!(status, StatusCode::OK, "{query}");
        assert_eq!(ids(&body), want, "{query}");
        let (_, page) = get_text(&app, &format!("/?{query}")).await;
        for id in &all {
            assert_eq!(
                page.contains(&format!("href=\"/matches/{id}\"")),
                want.contains(&id.as_str()),
                "{query}: {id}"
            );
        }
    }
    // Pages of three: 3, 3, 2, with links both ways.
    let resp = test::call_service(
        &app,
        test::TestRequest::get()
            .uri("/api/matches?per_page=3&page=2")
            .to_request(),
    )
    .await;
    assert_eq!(resp.headers().get("X-Total-Count").unwrap(), "8");
    let link = resp
        .headers()
        .get("Link")
        .unwrap()
        .to_str()
        .unwrap()
        .to_string();
    assert!(
        link.contains("page=1>; rel=\"prev\"") && link.contains("page=3>; rel=\"next\""),
        "{link}"
    );
    let body = String::from_utf8(test::read_body(resp).await.to_vec()).unwrap();
    assert_eq!(ids(&body), all[3..6]);
    let (_, last) = get_text(&app, "/api/matches?per_page=3&page=3").await;
    assert_eq!(ids(&last), all[6..]);
    let (_, page) = get_text(&app, "/?per_page=3&page=2").await;
    assert!(
        page.contains("page 2 of 3") && page.contains("rel=\"next\""),
        "{page}"
    );
    // Questions that do not read.
    let (status, body) = get_text(&app, "/api/matches?from=20-11-2026").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(body.contains("write it as 2026-11-20"), "{body}");
    let (status, page) = get_text(&app, "/?game=chess").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        page.contains("game=chess is not a game here") && page.contains("/static/arbiter.css"),
        "{page}"
    );
}
