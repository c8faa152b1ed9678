//! The best move on the board, as Lichess draws its engine's arrow: on
//! every step page of the bundled samples of the solved games, the move
//! the API's analysis rates best is drawn from its piece, with a toggle;
//! a step with no move to make (the end of a game) draws none.

use crate::common;

use std::collections::BTreeMap;
use std::sync::Arc;

use actix_web::{test, App};
use arbiter::log::SledStore;
use arbiter::web::{routes, AppState};
use serde_json::Value;

use common::web::get_text;

/// A move's standing for the mover, smaller is better: a win before a
/// draw before a loss, the quickest win, the slowest loss.
fn rank(mv: &Value) -> (u8, i64) {
    let r = mv["remoteness"].as_i64().unwrap_or(0);
    match mv["value"].as_str().unwrap() {
        "win" => (0, r),
        "draw" => (1, 0),
        _ => (2, -r),
    }
}

/// The cells a drawn best move runs through, from the page.
fn drawn_cells(page: &str) -> Vec<(i64, i64)> {
    let at = page.find("data-cells=\"").expect("data-cells") + "data-cells=\"".len();
    let cells = &page[at..at + page[at..].find('"').unwrap()];
    cells
        .split(' ')
        .map(|c| {
            let (x, y) = c.split_once(',').unwrap();
            (x.parse().unwrap(), y.parse().unwrap())
        })
        .collect()
}

#[actix_web::test]
async fn each_solved_game_draws_the_move_its_analysis_rates_best() {
    let dir = tempfile::tempdir().unwrap();
    let store = SledStore::open(dir.path()).unwrap();
    arbiter::samples::load_bundled_if_empty(&store).unwrap();
    let app =
        test::init_service(App::new().configure(routes(AppState::new(Arc::new(store))))).await;
    let (_, list) = get_text(&app, "/api/matches").await;
    let list: Value = serde_json::from_str(&list).unwrap();
    // Per game: steps with a move drawn, and steps at the end of a game.
    let mut drawn: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    for m in list.as_array().unwrap() {
        let (id, game) = (m["id"].as_str().unwrap(), m["game"].as_str().unwrap());
        if !["dodgem", "xs-and-lines", "permutation"].contains(&game) {
            continue;
        }
        let counts = drawn.entry(game.to_string()).or_default();
        for n in 0..m["events"].as_u64().unwrap() {
            let (_, api) = get_text(&app, &format!("/api/matches/{id}/steps/{n}")).await;
            let api: Value = serde_json::from_str(&api).unwrap();
            let (_, page) = get_text(&app, &format!("/matches/{id}/steps/{n}")).await;
            let at = format!("{id} step {n}");
            let moves = api["analysis"]["moves"]
                .as_array()
                .cloned()
                .unwrap_or_default();
            if moves.is_empty() {
                assert!(
                    !page.contains("id=\"best-move\""),
                    "{at}: no move, none drawn"
                );
                assert!(!page.contains("id=\"best-toggle\""), "{at}");
                if !api["analysis"].is_null() {
                    counts.1 += 1;
                }
                continue;
            }
            let best = api["analysis"]["best"].as_u64().expect("a best move") as usize;
            let mv = &moves[best];
            // Nothing is better for the mover; the first of the best in
            // the solver's order (the permutation game's measure is finer:
            // its best is the one its detail calls best).
            assert!(moves.iter().all(|o| rank(o) >= rank(mv)), "{at}: {mv}");
            if game == "permutation" {
                let best_by_detail = |o: &Value| o["detail"].as_str().unwrap().ends_with(", best");
                assert!(best_by_detail(mv), "{at}: {mv}");
                assert!(!moves[..best].iter().any(best_by_detail), "{at}");
            } else {
                assert!(!moves[..best].iter().any(|o| rank(o) == rank(mv)), "{at}");
            }
            let name = mv["name"].as_str().unwrap();
            assert!(
                page.contains(&format!(
                    "id=\"best-move\" class=\"best-move\" data-move=\"{name}\""
                )),
                "{at}: {name} is not drawn"
            );
            assert!(
                page.contains(&format!("Best move: <code>{name}</code>"))
                    && page.contains("id=\"best-toggle\" checked"),
                "{at}: the toggle"
            );
            // The arrow starts on a piece of the board the API describes
            // (a car, an x, the x numbered last).
            let (c, r) = drawn_cells(&page)[0];
            let pieces = api["view"]["drawing"]["pieces"].as_array().unwrap();
            assert!(
                pieces.iter().any(|p| p["col"] == c && p["row"] == r),
                "{at}: {name} starts off the pieces at ({c}, {r})"
            );
            counts.0 += 1;
        }
    }
    assert_eq!(drawn.len(), 3, "a sample of each solved game: {drawn:?}");
    for (game, (with_move, at_end)) in &drawn {
        assert!(*with_move > 0, "{game}: no best move drawn");
        assert!(*at_end > 0, "{game}: the sample never reaches its end");
    }
}
