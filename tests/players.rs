//! Player pages over HTTP: each number on `/players/{name}` and
//! `/api/players/{name}` is derived again here from the match list, the
//! events and each step's analysis (never copied from the page), for
//! every player of the bundled samples; two names of one person are one
//! player; a corrected import counts once; an unknown name is a 404 that
//! says where the players are.

use std::collections::BTreeMap;
use std::sync::Arc;

use actix_web::http::StatusCode;
use actix_web::test;
use arbiter::log::{EventStore, MatchId, NewEvent, SledStore};
use arbiter::web::AppState;
use serde_json::{json, Value};

use crate::common::web::{get_text, App};

/// The app over the samples plus `extra` matches, and its state (to see
/// how many projections the pages made).
macro_rules! app_with {
    ($dir:expr, $extra:expr) => {{
        let store = SledStore::open($dir.path()).unwrap();
        arbiter::samples::load_bundled_if_empty(&store).unwrap();
        for (id, events) in $extra {
            let id = MatchId::parse(&id).unwrap();
            for (seq, e) in events.into_iter().enumerate() {
                store.append(&id, seq as u64, e).unwrap();
            }
        }
        let state = AppState::new(Arc::new(store));
        (
            test::init_service(arbiter::web::app(state.clone())).await,
            state,
        )
    }};
}

async fn get_json(app: &impl App, uri: &str) -> (StatusCode, Value) {
    let (status, body) = get_text(app, uri).await;
    let v = serde_json::from_str(&body).unwrap_or_else(|e| panic!("{uri}: {e}: {body}"));
    (status, v)
}

/// The player behind an event's actor, through importers and admins.
fn player_of(actor: &Value) -> Option<&str> {
    if let Some(p) = actor.get("player") {
        return p.as_str();
    }
    actor
        .as_object()?
        .values()
        .find_map(|inner| inner.get("speaker").and_then(player_of))
}

fn same(a: &str, b: &str) -> bool {
    a.trim().eq_ignore_ascii_case(b.trim())
}

/// In match `id`, the moves by a player named in `names` made from a
/// valued position, by the position's own list of moves: (kept, valued),
/// where a move kept the value when its value is the position's.
async fn accuracy_from_steps(app: &impl App, id: &str, names: &[String]) -> (usize, usize) {
    let (_, first) = get_json(app, &format!("/api/matches/{id}/steps/0")).await;
    let steps = first["steps"].as_u64().unwrap();
    let mut before = first;
    let (mut kept, mut valued) = (0, 0);
    for n in 1..steps {
        let (_, step) = get_json(app, &format!("/api/matches/{id}/steps/{n}")).await;
        let by = player_of(&step["actor"]).filter(|p| names.iter().any(|n| same(n, p)));
        let analysis = &before["analysis"];
        if step["kind"] == "place"
            && step["error"].is_null()
            && step["superseded_by"].is_null()
            && by.is_some()
            && !analysis.is_null()
        {
            let made = analysis["moves"]
                .as_array()
                .unwrap()
                .iter()
                .find(|m| m["name"] == step["text"])
                .unwrap_or_else(|| panic!("{id} step {n}: {step} is a move of {analysis}"));
            valued += 1;
            kept += usize::from(made["value"] == analysis["value"]);
        }
        before = step;
    }
    (kept, valued)
}

/// Every `href="/players/…"` on a page.
fn player_links(page: &str) -> Vec<String> {
    page.split("href=\"/players/")
        .skip(1)
        .map(|rest| format!("/players/{}", rest.split('"').next().unwrap()))
        .collect()
}

#[actix_web::test]
async fn every_sample_players_counts_are_what_their_matches_add_up_to() {
    let dir = tempfile::tempdir().unwrap();
    let (app, state) = app_with!(dir, Vec::<(String, Vec<NewEvent>)>::new());
    let (_, list) = get_json(&app, "/api/matches").await;
    let list = list.as_array().unwrap().clone();
    let mut names: Vec<String> = list
        .iter()
        .flat_map(|m| m["players"].as_array().unwrap().clone())
        .map(|p| p.as_str().unwrap().to_string())
        .collect();
    names.sort();
    names.dedup();
    assert!(names.len() >= 10, "{names:?}");
    let mut someone_valued = false;
    let mut someone_in_two = false;
    for name in &names {
        let (status, got) = get_json(&app, &format!("/api/players/{name}")).await;
        assert_eq!(status, StatusCode::OK, "{name}: {got}");
        let (_, page) = get_text(&app, &format!("/players/{name}")).await;
        let played: Vec<(&Value, usize)> = list
            .iter()
            .filter_map(|m| {
                let seat = m["players"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .position(|p| p == name)?;
                Some((m, seat))
            })
            .collect();
        someone_in_two |= played.len() >= 2;
        // The same matches as the index's player filter, and as the events
        // name.
        let mut ids: Vec<&str> = got["matches"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["id"].as_str().unwrap())
            .collect();
        ids.sort();
        let mut want: Vec<&str> = played
            .iter()
            .map(|(m, _)| m["id"].as_str().unwrap())
            .collect();
        want.sort();
        assert_eq!(ids, want, "{name}");
        let (_, filtered) = get_json(&app, &format!("/api/matches?player={name}")).await;
        let mut listed: Vec<&str> = filtered
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["id"].as_str().unwrap())
            .collect();
        listed.sort();
        assert_eq!(listed, want, "{name}: /?player= agrees");
        assert_eq!(got["counted"], played.len(), "{name}");
        assert!(
            page.contains(&format!("<dd id=\"counted\">{}", played.len())),
            "{name}: {page}"
        );
        for id in &want {
            assert!(
                page.contains(&format!("href=\"/matches/{id}\"")),
                "{name}: {id}"
            );
        }
        // Rounds won: the seat's score as ruled, and by the rules.
        let won = |key: &str| -> u64 {
            played
                .iter()
                .map(|(m, seat)| m[key][*seat].as_u64().unwrap())
                .sum()
        };
        assert_eq!(got["rounds_won"], won("score"), "{name}");
        assert_eq!(got["rounds_won_by_rules"], won("score_by_rules"), "{name}");
        assert!(
            page.contains(&format!("<dd id=\"rounds-won\">{} as ruled", won("score"))),
            "{name}"
        );
        // Appeals: the appeal events this player made, and their decisions.
        let mut filed = 0;
        for (m, _) in &played {
            let (_, events) = get_json(
                &app,
                &format!("/api/matches/{}/events", m["id"].as_str().unwrap()),
            )
            .await;
            filed += events
                .as_array()
                .unwrap()
                .iter()
                .filter(|e| {
                    e["body"].get("appeal").is_some() && player_of(&e["actor"]) == Some(name)
                })
                .count();
        }
        assert_eq!(got["appeals"]["filed"], filed, "{name}");
        // Accuracy, per game: from each position's list of moves.
        let mut by_game: BTreeMap<String, (usize, usize)> = BTreeMap::new();
        for (m, _) in &played {
            let (kept, valued) =
                accuracy_from_steps(&app, m["id"].as_str().unwrap(), std::slice::from_ref(name))
                    .await;
            if valued > 0 {
                let e = by_game
                    .entry(m["game"].as_str().unwrap().to_string())
                    .or_default();
                e.0 += kept;
                e.1 += valued;
            }
        }
        let mut expected = serde_json::Map::new();
        for (game, (kept, valued)) in &by_game {
            someone_valued = true;
            let percent = (100.0 * *kept as f64 / *valued as f64).round() as usize;
            expected.insert(
                game.clone(),
                json!({"kept": kept, "valued": valued, "percent": percent}),
            );
            let unit = if *valued == 1 { "move" } else { "moves" };
            let words = format!("{kept} of {valued} {unit} kept the value ({percent}%)");
            assert!(page.contains(&words), "{name}: {words}\n{page}");
        }
        assert_eq!(got["accuracy"], Value::Object(expected), "{name}");
    }
    assert!(
        someone_valued,
        "some sample player moved in a valued position"
    );
    assert!(someone_in_two, "some sample player plays in two matches");

    // The roster is kept while no match moves: more player pages replay
    // nothing.
    let before = state.projection_counts();
    for name in &names {
        get_text(&app, &format!("/players/{name}")).await;
    }
    assert_eq!(state.projection_counts(), before);

    // Every player name on the index, the players' list, a match page and
    // a step page links to a page that is there.
    let mut links = Vec::new();
    for uri in ["/".to_string(), "/players".to_string()]
        .into_iter()
        .chain(list.iter().flat_map(|m| {
            let id = m["id"].as_str().unwrap();
            [format!("/matches/{id}"), format!("/matches/{id}/steps/3")]
        }))
    {
        let (_, page) = get_text(&app, &uri).await;
        let found = player_links(&page);
        assert!(!found.is_empty(), "{uri} links its players");
        links.extend(found);
    }
    links.sort();
    links.dedup();
    for name in &names {
        assert!(
            links.contains(&format!("/players/{name}")),
            "{name} is linked"
        );
    }
    for link in &links {
        let (status, _) = get_text(&app, link).await;
        assert_eq!(status, StatusCode::OK, "{link}");
    }
}

/// The Dodgem sample's events with `quill` renamed `to`, set up by a
/// reviewed import that ties `quill` to `to` and corrects `supersedes`.
fn dodgem_reread(to: &str, supersedes: Option<&str>) -> Vec<NewEvent> {
    let (_, json) = arbiter::samples::BUNDLED
        .iter()
        .find(|(f, _)| f.starts_with("dg-"))
        .unwrap();
    fn rename(v: &mut Value, to: &str) {
        match v {
            Value::String(s) if s == "quill" => *s = to.to_string(),
            Value::Array(a) => a.iter_mut().for_each(|x| rename(x, to)),
            Value::Object(o) => o.values_mut().for_each(|x| rename(x, to)),
            _ => {}
        }
    }
    let mut file: Value = serde_json::from_str(json).unwrap();
    let mut events = file["events"].take();
    rename(&mut events, to);
    let create = events[0]["body"]["create"].take();
    events[0]["body"] = json!({"create_reviewed": {
        "create": create,
        "review": {
            "reader": "test", "importer": "ops", "aliases": [["quill", to], ["tess", "tessellate"]],
            "zone": "UTC", "date": "2026-10-03", "date_order": null,
            "corrections": [], "supersedes": supersedes
        }
    }});
    serde_json::from_value(events).unwrap()
}

/// An appeal by `by` against the ruling at `ruling_seq`.
fn appeal(by: &str, ruling_seq: u64, at: chrono::DateTime<chrono::Utc>) -> NewEvent {
    serde_json::from_value(json!({
        "occurred_at": at, "actor": {"player": by},
        "body": {"appeal": {"ruling_seq": ruling_seq, "grounds": "marrow's last move was illegal"}}
    }))
    .unwrap()
}

#[actix_web::test]
async fn two_names_of_one_person_count_as_one_and_a_corrected_import_counts_once() {
    const TO: &str = "Quill ✦";
    const ENCODED: &str = "Quill%20%E2%9C%A6";
    // The Dodgem match imported again under quill's display name (with an
    // appeal left undecided), then corrected by a later import, whose
    // appeal the host upheld.
    let mut old = dodgem_reread(TO, None);
    let ruling = old.len() as u64 - 1;
    let at = old.last().unwrap().occurred_at;
    old.push(appeal(TO, ruling, at));
    let mut new = dodgem_reread(TO, Some("dg-reread"));
    new.push(appeal(TO, ruling, at));
    new.push(
        serde_json::from_value(json!({
            "occurred_at": at, "actor": {"host": "tessellate"},
            "body": {"appeal_decision": {"appeal_seq": ruling + 1, "upheld": true, "text": "it was legal"}}
        }))
        .unwrap(),
    );
    let dir = tempfile::tempdir().unwrap();
    let (app, state) = app_with!(
        dir,
        [
            ("dg-reread".to_string(), old),
            ("dg-reread-corrected".to_string(), new)
        ]
    );

    let (status, quill) = get_json(&app, "/api/players/quill").await;
    assert_eq!(status, StatusCode::OK, "{quill}");
    for other in [
        format!("/api/players/{ENCODED}"),
        "/api/players/QUILL%20%E2%9C%A6".into(),
    ] {
        let (status, same_person) = get_json(&app, &other).await;
        assert_eq!(status, StatusCode::OK, "{other}");
        assert_eq!(same_person, quill, "{other}: one person");
    }
    assert_eq!(quill["names"], json!([TO, "quill"]));
    let ids = |v: &Value| -> Vec<String> {
        let mut ids: Vec<String> = v
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["id"].as_str().unwrap().to_string())
            .collect();
        ids.sort();
        ids
    };
    // Listed: every match of either name, as the index lists them.
    let listed = ids(&quill["matches"]);
    assert_eq!(
        listed,
        [
            "dg-bumper-cup-r2",
            "dg-reread",
            "dg-reread-corrected",
            "dr-colosseum-final"
        ]
    );
    for q in ["quill", ENCODED, "QUILL"] {
        let (_, found) = get_json(&app, &format!("/api/matches?player={q}")).await;
        assert_eq!(ids(&found), listed, "/api/matches?player={q}");
    }
    // Counted: the replaced import is not.
    let replaced: Vec<&Value> = quill["matches"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| !m["superseded_by"].is_null())
        .collect();
    assert_eq!(replaced.len(), 1);
    assert_eq!(replaced[0]["id"], "dg-reread");
    assert_eq!(replaced[0]["superseded_by"], "dg-reread-corrected");
    assert_eq!(quill["counted"], 3);
    let (_, list) = get_json(&app, "/api/matches").await;
    let rounds: u64 = list
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["id"] != "dg-reread")
        .filter_map(|m| {
            let seat = m["players"]
                .as_array()
                .unwrap()
                .iter()
                .position(|p| p == "quill" || p == TO)?;
            m["score"][seat].as_u64()
        })
        .sum();
    assert_eq!(quill["rounds_won"], rounds);
    // Only the counted match's appeal: the replaced one's is not counted.
    assert_eq!(
        quill["appeals"],
        json!({"filed": 1, "upheld": 1, "overturned": 0, "pending": 0})
    );
    // Dodgem accuracy over the sample and the corrected import.
    let names = [TO.to_string(), "quill".to_string()];
    let (k1, v1) = accuracy_from_steps(&app, "dg-bumper-cup-r2", &names).await;
    let (k2, v2) = accuracy_from_steps(&app, "dg-reread-corrected", &names).await;
    assert!(v1 > 0 && (k2, v2) == (k1, v1), "the same moves");
    assert_eq!(quill["accuracy"]["dodgem"]["kept"], k1 + k2);
    assert_eq!(quill["accuracy"]["dodgem"]["valued"], v1 + v2);
    // The opponent's replaced match does not count either.
    let (_, marrow) = get_json(&app, "/api/players/marrow").await;
    assert_eq!(marrow["counted"], 2);
    assert_eq!(marrow["matches"].as_array().unwrap().len(), 3);

    let (_, page) = get_text(&app, &format!("/players/{ENCODED}")).await;
    for words in [
        "Also written <span class=\"alias\">quill</span>",
        "<dd id=\"counted\">3 <small>(and 1 replaced by a corrected import, not counted)</small>",
        "<dd id=\"appeals\">1 filed: 1 upheld</dd>",
        "replaced by <a href=\"/matches/dg-reread-corrected\">",
    ] {
        assert!(page.contains(words), "{words}\n{page}");
    }
    // The players' list has the person once, under the name shown.
    let (_, everyone) = get_text(&app, "/players").await;
    assert_eq!(
        everyone
            .matches(&format!("href=\"/players/{ENCODED}\""))
            .count(),
        1,
        "{everyone}"
    );
    assert!(!everyone.contains("href=\"/players/quill\""), "{everyone}");

    // An appeal appended later is on the page at once, and only its match
    // is read again.
    let before = state.projection_counts();
    let id = MatchId::parse("dg-reread-corrected").unwrap();
    let next = state.store.head(&id).unwrap().unwrap().0;
    state
        .store
        .append(&id, next, appeal(TO, ruling, at))
        .unwrap();
    let (_, after) = get_json(&app, "/api/players/quill").await;
    assert_eq!(
        after["appeals"],
        json!({"filed": 2, "upheld": 1, "overturned": 0, "pending": 1})
    );
    let now = state.projection_counts();
    assert_eq!(
        (now.read_whole - before.read_whole) + (now.grown - before.grown),
        1,
        "{before:?} → {now:?}"
    );

    // The index's host filter knows people too: the alias tied in the
    // re-imports finds every match tessellate hosts, the sample included.
    let hosted = |list: Value| -> Vec<String> {
        let mut ids: Vec<String> = list
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["id"].as_str().unwrap().to_string())
            .collect();
        ids.sort();
        ids
    };
    let (_, by_name) = get_json(&app, "/api/matches?host=tessellate").await;
    let (_, by_alias) = get_json(&app, "/api/matches?host=TESS").await;
    let by_name = hosted(by_name);
    assert!(by_name.len() >= 3, "{by_name:?}");
    assert!(
        by_name.iter().any(|id| id == "dg-bumper-cup-r2"),
        "{by_name:?}"
    );
    assert_eq!(hosted(by_alias), by_name);
}

#[actix_web::test]
async fn an_unknown_player_is_a_404_that_says_where_the_players_are() {
    let dir = tempfile::tempdir().unwrap();
    let (app, _) = app_with!(dir, Vec::<(String, Vec<NewEvent>)>::new());
    let (status, page) = get_text(&app, "/players/Mika%20%E2%9C%A6").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(
        page.contains("no one named &#x27;Mika ✦&#x27; plays in a match here")
            || page.contains("no one named &#39;Mika ✦&#39; plays in a match here"),
        "{page}"
    );
    assert!(
        page.contains("listed at /players") && page.contains("/static/arbiter.css"),
        "{page}"
    );
    let (status, body) = get_json(&app, "/api/players/nobody").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(
        body["error"]
            .as_str()
            .unwrap()
            .contains("listed at /players"),
        "{body}"
    );
    // A host who plays in no match is not a player either.
    let (status, page) = get_text(&app, "/players/tessellate").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(
        page.contains("hosts matches here but plays in none"),
        "{page}"
    );
}
