//! Every page and endpoint over HTTP (actix test utilities), good input and
//! bad.

use crate::common;

use std::sync::Arc;

use actix_web::http::StatusCode;
use actix_web::{test, App};
use arbiter::log::store::Damage;
use arbiter::log::{EventStore, Identity, MatchId, Role, SledStore};
use arbiter::samples::MatchFile;
use arbiter::web::{routes, AppState};
use serde_json::{json, Value};

struct Fixture {
    _dir: tempfile::TempDir,
    state: AppState,
    token: String,
}

fn fixture() -> Fixture {
    let dir = tempfile::tempdir().unwrap();
    let store = SledStore::open(dir.path()).unwrap();
    let id = MatchId::parse("small").unwrap();
    for (seq, e) in common::small_match().into_iter().enumerate() {
        store.append(&id, seq as u64, e).unwrap();
    }
    let token = arbiter::web::new_token();
    store
        .add_token(&token, &Identity::new(Role::Admin, "ops", "2026-11-25"))
        .unwrap();
    Fixture {
        _dir: dir,
        state: AppState::new(Arc::new(store)),
        token,
    }
}

impl Fixture {
    /// A new token for the person `name` in `role`.
    fn person(&self, role: Role, name: &str) -> String {
        let token = arbiter::web::new_token();
        self.state
            .store
            .add_token(&token, &Identity::new(role, name, "2026-11-25"))
            .unwrap();
        token
    }
}

macro_rules! app {
    ($f:expr) => {
        test::init_service(arbiter::web::app($f.state.clone())).await
    };
}

use common::web::get_text;

#[actix_web::test]
async fn match_list_names_every_match() {
    let f = fixture();
    let app = app!(f);
    let (status, body) = get_text(&app, "/").await;
    assert_eq!(status, StatusCode::OK);
    assert!(body.contains("Test match"), "{body}");
    assert!(body.contains("mira 1–0 jonas"), "{body}");
    assert!(body.contains("rulings agree"));
}

#[actix_web::test]
async fn match_page_shows_ruling_findings_and_seal() {
    let f = fixture();
    let app = app!(f);
    let (status, body) = get_text(&app, "/matches/small").await;
    assert_eq!(status, StatusCode::OK);
    for want in [
        "Score as ruled",
        "mira claims finished: exactly 2 moves",
        "optimal length 2",
        "<strong>agrees</strong>",
        "every hash and signature checks",
        "seq 7",
    ] {
        assert!(body.contains(want), "missing {want:?} in\n{body}");
    }
}

#[actix_web::test]
async fn every_step_page_renders_with_links_and_board() {
    let f = fixture();
    let app = app!(f);
    for n in 0..8 {
        let (status, body) = get_text(&app, &format!("/matches/small/steps/{n}")).await;
        assert_eq!(status, StatusCode::OK, "step {n}");
        assert!(body.contains(&format!("<span id=\"step-number\">{n}</span>")));
        assert_eq!(body.contains("id=\"prev\""), n > 0, "step {n}");
        assert_eq!(body.contains("id=\"next\""), n < 7, "step {n}");
    }
    let (_, step2) = get_text(&app, "/matches/small/steps/2").await;
    assert!(step2.contains("<svg id=\"board\""));
    assert!(
        step2.contains("piece car last"),
        "the placed car is highlighted"
    );
    assert!(step2.contains("Y at C2"));
    let (_, step3) = get_text(&app, "/matches/small/steps/3").await;
    assert!(
        step3.contains("optimal length 2"),
        "the claim step shows its finding"
    );
    let (_, step7) = get_text(&app, "/matches/small/steps/7").await;
    assert!(step7.contains("Rule error"), "{step7}");
    assert!(step7.contains("no round is in progress"));
}

#[actix_web::test]
async fn missing_things_are_404_with_a_message() {
    let f = fixture();
    let app = app!(f);
    let (status, body) = get_text(&app, "/matches/small/steps/99").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(body.contains("has steps 0 to 7"), "{body}");
    let (status, body) = get_text(&app, "/matches/small/steps/x").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(body.contains("not a step number"));
    let (status, body) = get_text(&app, "/matches/nope").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(
        body.contains("there is no match") && body.contains("nope"),
        "{body}"
    );
    let (status, _) = get_text(&app, "/matches/Bad%20Id").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, body) = get_text(&app, "/api/matches/nope/events").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(serde_json::from_str::<Value>(&body).unwrap()["error"].is_string());
}

#[actix_web::test]
async fn static_files_and_keys() {
    let f = fixture();
    let app = app!(f);
    let (s, css) = get_text(&app, "/static/arbiter.css").await;
    assert_eq!(s, StatusCode::OK);
    assert!(css.contains(".piece"));
    let (s, js) = get_text(&app, "/static/replay.js").await;
    assert_eq!(s, StatusCode::OK);
    assert!(js.contains("ArrowRight"));
    let (s, keys) = get_text(&app, "/keys").await;
    assert_eq!(s, StatusCode::OK);
    let keys: Value = serde_json::from_str(&keys).unwrap();
    let current = keys["current"].as_str().unwrap();
    assert_eq!(keys["keys"][0]["key_id"], current);
    assert_eq!(keys["keys"][0]["public_key"].as_str().unwrap().len(), 64);
}

#[actix_web::test]
async fn read_api() {
    let f = fixture();
    let app = app!(f);
    let (_, list) = get_text(&app, "/api/matches").await;
    let list: Value = serde_json::from_str(&list).unwrap();
    assert_eq!(list[0]["id"], "small");
    assert_eq!(list[0]["score"], json!([1, 0]));
    assert_eq!(list[0]["events"], 8);

    let (_, events) = get_text(&app, "/api/matches/small/events").await;
    let events: Value = serde_json::from_str(&events).unwrap();
    assert_eq!(events.as_array().unwrap().len(), 8);
    assert_eq!(events[1]["prev_hash"], events[0]["hash"]);
    assert_eq!(
        events[2]["body"]["place"]["rush_hour"]["cells"],
        json!(["C2", "C3"])
    );

    let (s, step) = get_text(&app, "/api/matches/small/steps/7").await;
    assert_eq!(s, StatusCode::OK);
    let step: Value = serde_json::from_str(&step).unwrap();
    assert_eq!(step["error"]["rule"], "round");
    assert_eq!(step["steps"], 8);
    let (s, _) = get_text(&app, "/api/matches/small/steps/8").await;
    assert_eq!(s, StatusCode::NOT_FOUND);

    let (_, report) = get_text(&app, "/api/matches/small/verify").await;
    let report: Value = serde_json::from_str(&report).unwrap();
    assert_eq!(report["chain"]["first_bad"], Value::Null);
    assert_eq!(report["findings"][0]["verdict"], "agrees");
    assert_eq!(report["findings"][0]["optimal"], 2);
    assert_eq!(report["rule_errors"][0][0], 7);
}

fn post(uri: &str, token: Option<&str>, body: &str) -> actix_http::Request {
    let mut r = test::TestRequest::post()
        .uri(uri)
        .insert_header(("content-type", "application/json"))
        .set_payload(body.to_string());
    if let Some(t) = token {
        r = r.insert_header(("authorization", format!("Bearer {t}")));
    }
    r.to_request()
}

#[actix_web::test]
async fn writes_need_a_token_and_valid_input() {
    let f = fixture();
    let app = app!(f);
    let file = MatchFile {
        id: "fresh".into(),
        events: common::small_match()[..3].to_vec(),
        transcript: None,
    };
    let body = serde_json::to_string(&file).unwrap();

    let call = |req| test::call_service(&app, req);
    let resp = call(post("/api/matches", None, &body)).await;
    assert_eq!(resp.status(), StatusCode::UNAUTHORIZED);
    let resp = call(post("/api/matches", Some("wrong"), &body)).await;
    assert_eq!(resp.status(), StatusCode::UNAUTHORIZED);
    let resp = call(post("/api/matches", Some(&f.token), "{not json")).await;
    assert_eq!(resp.status(), StatusCode::BAD_REQUEST);
    let no_create = MatchFile {
        id: "fresh".into(),
        events: common::small_match()[1..3].to_vec(),
        transcript: None,
    };
    let resp = call(post(
        "/api/matches",
        Some(&f.token),
        &serde_json::to_string(&no_create).unwrap(),
    ))
    .await;
    assert_eq!(resp.status(), StatusCode::BAD_REQUEST);
    // Nothing was written by the failed calls.
    assert!(f
        .state
        .store
        .events(&MatchId::parse("fresh").unwrap())
        .is_err());

    let resp = call(post("/api/matches", Some(&f.token), &body)).await;
    assert_eq!(resp.status(), StatusCode::CREATED);
    let created: Value = test::read_body_json(resp).await;
    // Retried with the same events: the same answer, nothing written twice.
    let resp = call(post("/api/matches", Some(&f.token), &body)).await;
    assert_eq!(resp.status(), StatusCode::OK);
    let again: Value = test::read_body_json(resp).await;
    assert_eq!(again["receipt"], created["receipt"]);
    assert_eq!(again["head"], created["head"]);
    // With other events, the id is taken.
    let other = MatchFile {
        id: "fresh".into(),
        events: common::small_match()[..4].to_vec(),
        transcript: None,
    };
    let resp = call(post(
        "/api/matches",
        Some(&f.token),
        &serde_json::to_string(&other).unwrap(),
    ))
    .await;
    assert_eq!(resp.status(), StatusCode::CONFLICT);
    assert_eq!(
        f.state
            .store
            .events(&MatchId::parse("fresh").unwrap())
            .unwrap()
            .len(),
        3
    );

    let next = json!({"expected_seq": 3, "event": common::small_match()[3]}).to_string();
    let stale = json!({"expected_seq": 2, "event": common::small_match()[3]}).to_string();
    let resp = call(post("/api/matches/fresh/events", None, &next)).await;
    assert_eq!(resp.status(), StatusCode::UNAUTHORIZED);
    let resp = call(post("/api/matches/fresh/events", Some(&f.token), &stale)).await;
    assert_eq!(resp.status(), StatusCode::CONFLICT);
    let msg: Value = test::read_body_json(resp).await;
    assert!(
        msg["error"].as_str().unwrap().contains("expected seq 2"),
        "{msg}"
    );
    let resp = call(post("/api/matches/fresh/events", Some(&f.token), &next)).await;
    assert_eq!(resp.status(), StatusCode::CREATED);
    let sealed: Value = test::read_body_json(resp).await;
    assert_eq!(sealed["seq"], 3);
    let resp = call(post("/api/matches/nope/events", Some(&f.token), &next)).await;
    assert_eq!(resp.status(), StatusCode::NOT_FOUND);
    let create_again = json!({"expected_seq": 4, "event": common::small_match()[0]}).to_string();
    let resp = call(post(
        "/api/matches/fresh/events",
        Some(&f.token),
        &create_again,
    ))
    .await;
    assert_eq!(resp.status(), StatusCode::BAD_REQUEST);
    let resp = call(post("/api/matches/fresh/events", Some(&f.token), "[]")).await;
    assert_eq!(resp.status(), StatusCode::BAD_REQUEST);
    assert_eq!(
        f.state
            .store
            .events(&MatchId::parse("fresh").unwrap())
            .unwrap()
            .len(),
        4
    );
}

fn samples_fixture() -> Fixture {
    let dir = tempfile::tempdir().unwrap();
    let store = SledStore::open(dir.path()).unwrap();
    arbiter::samples::load_bundled_if_empty(&store).unwrap();
    Fixture {
        _dir: dir,
        state: AppState::new(Arc::new(store)),
        token: String::new(),
    }
}

#[actix_web::test]
async fn duorail_pages_draw_rails_tracks_and_the_dispute() {
    let f = samples_fixture();
    let app = app!(f);
    let (status, list) = get_text(&app, "/").await;
    assert_eq!(status, StatusCode::OK);
    assert!(list.contains("Duorail"));

    let (status, page) = get_text(&app, "/matches/dr-chgg3-dm7").await;
    assert_eq!(status, StatusCode::OK);
    assert!(page.contains("<strong>disagrees</strong>"), "{page}");
    assert!(page.contains("okapi&#39;s track is longer"), "{page}");

    let (status, step) = get_text(&app, "/matches/dr-chgg3-dm7/steps/27").await;
    assert_eq!(status, StatusCode::OK);
    for want in [
        "class=\"rail blue",
        "class=\"rail red",
        "id=\"ov-longest-blue\"",
        "id=\"ov-longest-red\"",
        "class=\"ov-toggle\"",
        "Longest red",
        "56 cells",
    ] {
        assert!(step.contains(want), "missing {want:?}");
    }

    // The challenge step names the challenged color and the truth.
    let (_, m) = get_text(&app, "/api/matches/dr-colosseum-final/verify").await;
    let report: Value = serde_json::from_str(&m).unwrap();
    let finding = &report["findings"][0];
    assert_eq!(finding["verdict"], "agrees");
    assert_eq!(finding["claim_true"], true);
    let seq = finding["seq"].as_u64().unwrap();
    let (_, step) = get_text(&app, &format!("/matches/dr-colosseum-final/steps/{seq}")).await;
    assert!(step.contains("no track of blue exists"), "{step}");
    assert!(
        step.contains("no track possible"),
        "the longest-track fact says so"
    );
}

#[actix_web::test]
async fn bejeweled_proof_steps_through_its_cascade() {
    let f = samples_fixture();
    let app = app!(f);
    // Seq 3 is the seed's worked example: plus on F4, swap F4 F5, bend.
    let (status, first) = get_text(&app, "/matches/bj-code-red-dm5/steps/3").await;
    assert_eq!(status, StatusCode::OK);
    assert!(first.contains("id=\"pass-number\">0</span>"), "{first}");
    assert!(first.contains("claimed 15, removed 16, best possible"));
    for shape in ["<circle", "<polygon"] {
        assert!(first.contains(shape), "gems are drawn as shapes");
    }
    let (_, pass2) = get_text(&app, "/matches/bj-code-red-dm5/steps/3?pass=2").await;
    assert!(pass2.contains("id=\"pass-number\">2</span>"));
    assert!(
        pass2.contains("gem red removed"),
        "the gems about to go are marked"
    );
    assert!(
        pass2.contains("<strong>4</strong> gems removed so far"),
        "{pass2}"
    );
    // Past the end clamps to the last sub-step: the settled grid and 16.
    let (_, last) = get_text(&app, "/matches/bj-code-red-dm5/steps/3?pass=999").await;
    assert!(last.contains("settled: 16 gems removed"), "{last}");
    assert!(!last.contains("id=\"pass-next\""));
    // A step that is not a proof has no cascade navigation.
    let (_, claim) = get_text(&app, "/matches/bj-code-red-dm5/steps/2").await;
    assert!(!claim.contains("pass-number"));
}

#[actix_web::test]
async fn dodgem_steps_show_values_and_flag_a_thrown_win() {
    use arbiter::event::Create;
    use arbiter::games::{dodgem, GameConfig, Placement, RoundSetup};
    use arbiter::log::{Actor, Body};
    let f = fixture();
    let id = MatchId::parse("dodgem-small").unwrap();
    let events = vec![
        common::ev(
            0,
            common::host(),
            Body::Create(Create {
                config: GameConfig::Dodgem(dodgem::Config::default()),
                players: vec!["ana".into(), "bo".into()],
                host: "kg".into(),
                title: "Dodgem 3×3".into(),
                source: None,
            }),
        ),
        common::ev(
            5,
            common::host(),
            Body::RoundStart(RoundSetup::Dodgem(dodgem::rules::Setup {
                blue: "ana".into(),
            })),
        ),
        // From the start blue wins only with a3 E; a2 S throws it away.
        common::ev(
            20,
            Actor::Player("ana".into()),
            Body::Place(Placement::Dodgem(dodgem::rules::Placement {
                mv: "a2 S".into(),
            })),
        ),
        common::ev(
            30,
            Actor::Player("ana".into()),
            Body::Place(Placement::Dodgem(dodgem::rules::Placement {
                mv: "a1 E".into(),
            })),
        ),
    ];
    for (seq, e) in events.into_iter().enumerate() {
        f.state.store.append(&id, seq as u64, e).unwrap();
    }
    let app = app!(f);
    let (status, start) = get_text(&app, "/matches/dodgem-small/steps/1").await;
    assert_eq!(status, StatusCode::OK);
    assert!(start.contains("win in 19 for ana"), "{start}");
    // Moves are listed with their value for the mover, colored by it.
    assert!(start.contains(r#"<li class="v-win"><code>a3 E</code>: win in 19"#));
    assert!(start.contains(r#"<code>a2 S</code>"#));
    assert!(!start.contains(r#"<li class="v-win"><code>a2 S</code>"#));
    // The value history: a dot per step (one path per value), the current
    // step marked, and what a click needs to open the step under it.
    assert!(start.contains(r#"id="value-chart""#));
    assert!(start.contains(r#"data-href="/matches/dodgem-small/steps/""#));
    assert!(start.contains(r#"<path class="dots v-win""#), "{start}");
    assert!(
        start.contains(
            r#"<a class="pt v-win current" href="/matches/dodgem-small/steps/1" aria-current="step">"#
        ),
        "{start}"
    );
    let (_, thrown) = get_text(&app, "/matches/dodgem-small/steps/2").await;
    assert!(
        thrown.contains("Mistake: a2 S threw a win away"),
        "{thrown}"
    );
    assert!(thrown.contains("mistake-tag"), "marked in the event list");
    assert!(thrown.contains("piece blue"), "blue cars are drawn");
    let (_, wrong_turn) = get_text(&app, "/matches/dodgem-small/steps/3").await;
    assert!(
        wrong_turn.contains("it is bo"),
        "ana moved twice: {wrong_turn}"
    );
    let (_, page) = get_text(&app, "/matches/dodgem-small").await;
    assert!(page.contains("<h2>Mistakes</h2>"), "{page}");
}

#[actix_web::test]
async fn small_game_samples_show_their_boards_values_and_mistakes() {
    let f = samples_fixture();
    let app = app!(f);
    // Every step of the three samples renders.
    for (id, steps) in [
        ("dg-bumper-cup-r2", 19),
        ("xl-inkwell-dm3", 0),
        ("pm-abacus-final", 0),
    ] {
        let (status, page) = get_text(&app, &format!("/matches/{id}")).await;
        assert_eq!(status, StatusCode::OK, "{id}");
        assert!(page.contains("agrees"), "{id}: {page}");
        let (_, events) = get_text(&app, &format!("/api/matches/{id}/events")).await;
        let n = serde_json::from_str::<Value>(&events)
            .unwrap()
            .as_array()
            .unwrap()
            .len();
        if steps > 0 {
            assert_eq!(n, steps, "{id}");
        }
        for k in 0..n {
            let (status, _) = get_text(&app, &format!("/matches/{id}/steps/{k}")).await;
            assert_eq!(status, StatusCode::OK, "{id} step {k}");
        }
    }
    // The Dodgem sample's mistake is listed on the match page.
    let (_, page) = get_text(&app, "/matches/dg-bumper-cup-r2").await;
    assert!(page.contains("seq 6</a>: a2 N threw a win away"), "{page}");

    // x's and lines: drawn lines in the players' colors, the x to draw
    // from marked, every legal line valued.
    let (_, events) = get_text(&app, "/api/matches/xl-inkwell-dm3/events").await;
    let n = serde_json::from_str::<Value>(&events)
        .unwrap()
        .as_array()
        .unwrap()
        .len();
    let (_, step) = get_text(&app, &format!("/matches/xl-inkwell-dm3/steps/{}", n - 3)).await;
    for want in [
        "class=\"drawn ",
        "piece x-used",
        "piece x-used last",
        "<h2>Analysis</h2>",
        "Next line from",
    ] {
        assert!(step.contains(want), "missing {want:?}: {step}");
    }
    let (_, api) = get_text(
        &app,
        &format!("/api/matches/xl-inkwell-dm3/steps/{}", n - 3),
    )
    .await;
    let api: Value = serde_json::from_str(&api).unwrap();
    assert!(matches!(
        api["analysis"]["value"].as_str(),
        Some("win" | "lose")
    ));

    // The permutation game: numbers on the x's, each score's rectangle,
    // each next x with the totals it leads to.
    let (_, step) = get_text(&app, "/matches/pm-abacus-final/steps/14").await;
    for want in [
        "id=\"ov-score-3\"",
        "drawn score",
        "the best next x is",
        "worse than the best",
        "Points",
    ] {
        assert!(step.contains(want), "missing {want:?}: {step}");
    }
}

async fn post_form(
    app: &impl common::web::App,
    uri: &str,
    form: &[(&str, &str)],
) -> (StatusCode, String, String) {
    let req = test::TestRequest::post()
        .uri(uri)
        .set_form(form)
        .to_request();
    let resp = test::call_service(app, req).await;
    let status = resp.status();
    let location = resp
        .headers()
        .get("location")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_string();
    let body = test::read_body(resp).await;
    (status, String::from_utf8(body.to_vec()).unwrap(), location)
}

fn pairs<'a>(v: &'a [(&'static str, String)]) -> Vec<(&'static str, &'a str)> {
    v.iter().map(|(k, v)| (*k, v.as_str())).collect()
}

#[actix_web::test]
async fn an_appeal_is_filed_shown_beside_the_rules_and_decided() {
    let mut f = samples_fixture();
    // A player files the appeal, the match's host decides it.
    let tamsin = f.person(Role::Player, "tamsin");
    f.token = f.person(Role::Host, "penzo");
    let app = app!(f);
    let id = "tj-simply-genius-dm4";
    // Round 3's ruling (seq 33) gave ovi a round tamsin won by the rules.
    let (_, before) = get_text(&app, &format!("/matches/{id}")).await;
    let (_, step) = get_text(&app, &format!("/matches/{id}/steps/33")).await;
    assert!(step.contains("Appeal this ruling"), "{step}");
    let url = format!("/matches/{id}/appeals");
    let form = |token: &str, seq: &str| {
        [
            ("token", token.to_string()),
            ("ruling_seq", seq.to_string()),
            (
                "grounds",
                "my 8-move counter-solution came in time".to_string(),
            ),
        ]
    };

    // A wrong token, then a seq that is not a ruling: refused, nothing appended.
    let refs = |v: &[(&'static str, String); 3]| -> Vec<(&'static str, String)> { v.to_vec() };
    let (status, body, _) = post_form(&app, &url, &pairs(&refs(&form("not-a-token", "33")))).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "{body}");
    let (status, body, _) = post_form(&app, &url, &pairs(&refs(&form(&tamsin, "31")))).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(body.contains("seq 31 is a proof, not a ruling"), "{body}");

    // The appeal: filed, then shown with the ruling, the rules and the evidence.
    let good = refs(&form(&tamsin, "33"));
    let good = pairs(&good);
    let (status, _, location) = post_form(&app, &url, &good).await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    let n_before = f
        .state
        .store
        .events(&MatchId::parse(id).unwrap())
        .unwrap()
        .len();
    assert_eq!(location, format!("/matches/{id}/appeals/{}", n_before - 1));
    let (status, page) = get_text(&app, &location).await;
    assert_eq!(status, StatusCode::OK);
    for want in [
        "What was ruled",
        "What the rules say",
        "overturn the ruling and give it to tamsin: by the rules, round to tamsin",
        "/matches/tj-simply-genius-dm4/steps/32",
        "Not decided yet",
    ] {
        assert!(page.contains(want), "missing {want:?}: {page}");
    }

    // A second appeal against the same ruling is refused.
    let (status, body, _) = post_form(&app, &url, &good).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert!(body.contains("already appealed"), "{body}");

    // The host overturns it; the page says the decision followed the
    // recommendation, and the match's score as ruled changes.
    let decide = format!("{location}/decision");
    let (status, _, _) = post_form(
        &app,
        &decide,
        &[
            ("token", &f.token),
            ("decision", "overturn"),
            ("winner", "tamsin"),
            ("text", "the counter was in time"),
        ],
    )
    .await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    let (_, page) = get_text(&app, &location).await;
    assert!(
        page.contains("the ruling is <strong>overturned</strong>"),
        "{page}"
    );
    assert!(page.contains("followed the verifier"), "{page}");
    assert!(page.contains("It relied on the findings at"), "{page}");
    // The decision event itself records the computed recommendation and
    // the findings behind it.
    let (_, events) = get_text(&app, &format!("/api/matches/{id}/events")).await;
    let events: Value = serde_json::from_str(&events).unwrap();
    let last = events.as_array().unwrap().last().unwrap().clone();
    let decision = &last["body"]["appeal_decision"];
    assert_eq!(
        decision["recommendation"],
        serde_json::json!({"overturn_to": {"player": "tamsin"}}),
        "the recommendation names who wins: {last}"
    );
    assert!(
        !decision["findings"].as_array().unwrap().is_empty(),
        "{last}"
    );
    let (_, after) = get_text(&app, &format!("/matches/{id}")).await;
    assert!(after.contains("overturned at seq"), "{after}");
    let score = |p: &str| {
        p.split("<p class=\"score\">")
            .nth(1)
            .unwrap()
            .split('<')
            .next()
            .unwrap()
            .to_string()
    };
    assert_ne!(
        score(&before),
        score(&after),
        "the corrected score counts the appeal"
    );
    // A decision is final.
    let (status, _, _) = post_form(
        &app,
        &decide,
        &[("token", &f.token), ("decision", "uphold")],
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT);
}

/// Issue 12, point 7: the decision form pre-selects nothing; a form
/// without a decision, without the winner of an overturn or without
/// reasons comes back as the appeal page with the error beside the field
/// and writes nothing; and "followed" means both halves of the
/// recommendation (overturn, and who wins) — an overturn that gives the
/// round to no player where the rules give it to tamsin says so.
#[actix_web::test]
async fn a_decision_needs_uphold_or_overturn_a_winner_and_reasons_and_names_the_part_that_differs()
{
    let mut f = samples_fixture();
    // A player files the appeal, the match's host decides it.
    let tamsin = f.person(Role::Player, "tamsin");
    f.token = f.person(Role::Host, "penzo");
    let app = app!(f);
    let id = "tj-simply-genius-dm4";
    let mid = MatchId::parse(id).unwrap();
    let count = || f.state.store.events(&mid).unwrap().len();
    let (status, _, location) = post_form(
        &app,
        &format!("/matches/{id}/appeals"),
        &[
            ("token", &tamsin),
            ("ruling_seq", "33"),
            ("grounds", "my counter-solution came in time"),
        ],
    )
    .await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    let (_, page) = get_text(&app, &location).await;
    // Nothing is chosen for the host.
    assert!(
        !page.contains(" checked"),
        "no decision is pre-selected: {page}"
    );
    assert!(
        page.contains(r#"<option value="" selected>— choose —</option>"#),
        "{page}"
    );
    assert!(!page.contains(r#"value="no-player" selected"#), "{page}");
    assert!(
        page.contains("overturn the ruling and give it to tamsin"),
        "the recommendation is a pair: {page}"
    );

    let decide = format!("{location}/decision");
    let before = count();
    // (the form, the status it gets, what the page says beside the field)
    type Case<'a> = (&'a [(&'a str, &'a str)], StatusCode, &'a str);
    let cases: [Case; 5] = [
        (
            &[("token", &f.token), ("text", "reasons")],
            StatusCode::UNPROCESSABLE_ENTITY,
            "choose: uphold the ruling, or overturn it",
        ),
        (
            &[
                ("token", &f.token),
                ("decision", "overturn"),
                ("text", "the counter was in time"),
            ],
            StatusCode::UNPROCESSABLE_ENTITY,
            "choose who wins instead",
        ),
        (
            &[
                ("token", &f.token),
                ("decision", "overturn"),
                ("winner", "no-player"),
            ],
            StatusCode::UNPROCESSABLE_ENTITY,
            "give the reasons for the decision",
        ),
        (
            &[
                ("token", &f.token),
                ("decision", "overturn"),
                ("winner", "player:zed"),
                ("text", "x"),
            ],
            StatusCode::UNPROCESSABLE_ENTITY,
            "zed&#39; is not a player of this match",
        ),
        (
            &[("token", "wrong"), ("decision", "uphold"), ("text", "x")],
            StatusCode::UNAUTHORIZED,
            "this token is not known here",
        ),
    ];
    for (form, want_status, says) in cases {
        let (status, body, _) = post_form(&app, &decide, form).await;
        assert_eq!(status, want_status, "{form:?}: {body}");
        assert!(body.contains(says), "{form:?} should say {says:?}: {body}");
        assert!(
            body.contains(r#"class="field-error""#)
                && body.contains("<form class=\"write decision\""),
            "the form comes back with the error beside the field: {body}"
        );
        assert_eq!(count(), before, "nothing is written: {form:?}");
    }
    // What the host typed is kept when the form comes back.
    let (_, body, _) = post_form(
        &app,
        &decide,
        &[
            ("token", &f.token),
            ("decision", "overturn"),
            ("text", "the counter was in time"),
        ],
    )
    .await;
    assert!(body.contains(r#"value="overturn" checked"#), "{body}");
    assert!(
        body.contains(">the counter was in time</textarea>"),
        "{body}"
    );

    // Overturned, but to no player: the winner half differs, and the page says so.
    let (status, body, _) = post_form(
        &app,
        &decide,
        &[
            ("token", &f.token),
            ("decision", "overturn"),
            ("winner", "no-player"),
            ("text", "neither solution counts"),
        ],
    )
    .await;
    assert_eq!(status, StatusCode::SEE_OTHER, "{body}");
    assert_eq!(count(), before + 1);
    let (_, page) = get_text(&app, &location).await;
    assert!(!page.contains("followed the verifier"), "{page}");
    assert!(
        page.contains("went against the verifier on who wins: the decision gives it to no player, the rules give it to tamsin"),
        "{page}"
    );
    let (_, events) = get_text(&app, &format!("/api/matches/{id}/events")).await;
    let events: Value = serde_json::from_str(&events).unwrap();
    let d = &events.as_array().unwrap().last().unwrap()["body"]["appeal_decision"];
    assert_eq!(d["upheld"], false);
    assert_eq!(d["winner"], Value::Null);
    assert_eq!(
        d["recommendation"],
        serde_json::json!({"overturn_to": {"player": "tamsin"}})
    );
}

/// An uphold where the verifier said overturn: the action differs.
#[actix_web::test]
async fn upholding_against_an_overturn_recommendation_says_the_action_differs() {
    let mut f = samples_fixture();
    // A player files the appeal, the match's host decides it.
    let tamsin = f.person(Role::Player, "tamsin");
    f.token = f.person(Role::Host, "penzo");
    let app = app!(f);
    let id = "tj-simply-genius-dm4";
    let (_, _, location) = post_form(
        &app,
        &format!("/matches/{id}/appeals"),
        &[
            ("token", &tamsin),
            ("ruling_seq", "33"),
            ("grounds", "my counter-solution came in time"),
        ],
    )
    .await;
    let (status, _, _) = post_form(
        &app,
        &format!("{location}/decision"),
        &[
            ("token", &f.token),
            ("decision", "uphold"),
            ("text", "the ruling stands"),
        ],
    )
    .await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    let (_, page) = get_text(&app, &location).await;
    assert!(
        page.contains("the verifier recommended to overturn it and give it to tamsin, the host chose to uphold the ruling"),
        "{page}"
    );
}

fn hash(v: &Value) -> [u8; 32] {
    hex::decode(v.as_str().unwrap())
        .unwrap()
        .try_into()
        .unwrap()
}

fn hashes(v: &Value) -> Vec<[u8; 32]> {
    v.as_array().unwrap().iter().map(hash).collect()
}

/// A client that trusts only the published keys: the receipt an append
/// returns verifies, an event's inclusion proof and the consistency proof
/// from an older receipt check against the signed roots, and the bundle
/// served for download checks offline.
#[actix_web::test]
async fn receipts_and_merkle_proofs_check_against_published_keys() {
    use arbiter::log::merkle;
    use arbiter::log::seal::Keyring;
    use arbiter::log::Checkpoint;

    let f = fixture();
    let app = app!(f);
    let (_, keys) = get_text(&app, "/keys").await;
    let keys: Value = serde_json::from_str(&keys).unwrap();
    let mut ring = Keyring::new();
    for k in keys["keys"].as_array().unwrap() {
        let bytes: [u8; 32] = hash(&k["public_key"]);
        ring.add(ed25519_dalek::VerifyingKey::from_bytes(&bytes).unwrap());
    }

    // The receipt before the append, then the one the append returns.
    let (status, old) = get_text(&app, "/api/matches/small/checkpoint").await;
    assert_eq!(status, StatusCode::OK);
    let old: Checkpoint = serde_json::from_str(&old).unwrap();
    old.verify(&ring).unwrap();
    let n = old.size;
    let mut more = common::small_match().pop().unwrap();
    more.occurred_at += chrono::Duration::seconds(60);
    let body = json!({"expected_seq": n, "event": more}).to_string();
    let resp = test::call_service(
        &app,
        post("/api/matches/small/events", Some(&f.token), &body),
    )
    .await;
    assert_eq!(resp.status(), StatusCode::CREATED);
    let sealed: Value = test::read_body_json(resp).await;
    let receipt: Checkpoint = serde_json::from_value(sealed["receipt"].clone()).unwrap();
    receipt.verify(&ring).unwrap();
    assert_eq!(receipt.size, n + 1);
    assert_eq!(receipt.key_id, keys["current"].as_str().unwrap());
    // A receipt with a changed size no longer verifies.
    let mut forged = receipt.clone();
    forged.size += 1;
    assert!(forged.verify(&ring).is_err());

    // The new event is in the signed tree.
    let uri = format!("/api/matches/small/proof/inclusion?seq={n}&size={}", n + 1);
    let (status, p) = get_text(&app, &uri).await;
    assert_eq!(status, StatusCode::OK, "{p}");
    let p: Value = serde_json::from_str(&p).unwrap();
    assert_eq!(hash(&sealed["hash"]), hash(&p["event_hash"]));
    let leaf = merkle::leaves(&[hash(&p["event_hash"])])[0];
    merkle::verify_inclusion(n, n + 1, &leaf, &hashes(&p["proof"]), &receipt.root).unwrap();
    // Every earlier event too, against the old receipt's root.
    for seq in 0..n {
        let uri = format!("/api/matches/small/proof/inclusion?seq={seq}&size={n}");
        let (_, p) = get_text(&app, &uri).await;
        let p: Value = serde_json::from_str(&p).unwrap();
        let leaf = merkle::leaves(&[hash(&p["event_hash"])])[0];
        merkle::verify_inclusion(seq, n, &leaf, &hashes(&p["proof"]), &old.root).unwrap();
    }

    // The old tree is a prefix of the new one.
    let uri = format!("/api/matches/small/proof/consistency?from={n}&to={}", n + 1);
    let (status, c) = get_text(&app, &uri).await;
    assert_eq!(status, StatusCode::OK, "{c}");
    let c: Value = serde_json::from_str(&c).unwrap();
    merkle::verify_consistency(n, n + 1, &old.root, &receipt.root, &hashes(&c["proof"])).unwrap();

    // Questions the tree cannot answer are a 400 that says why.
    for bad in [
        format!(
            "/api/matches/small/proof/inclusion?seq={}&size={}",
            n + 1,
            n + 1
        ),
        format!("/api/matches/small/proof/inclusion?seq=0&size={}", n + 5),
        format!("/api/matches/small/proof/consistency?from={}&to=2", n),
        "/api/matches/small/proof/consistency?from=0&to=2".to_string(),
        "/api/matches/small/proof/inclusion?seq=x".to_string(),
    ] {
        let (status, body) = get_text(&app, &bad).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{bad}: {body}");
    }
    let (status, _) = get_text(&app, "/api/matches/nope/proof/inclusion?seq=0").await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    // The bundle served for download checks with nothing else.
    let resp = test::call_service(
        &app,
        test::TestRequest::get()
            .uri("/matches/small/bundle")
            .to_request(),
    )
    .await;
    assert_eq!(resp.status(), StatusCode::OK);
    let bytes = test::read_body(resp).await;
    let report = arbiter::bundle::check(&bytes, Some(&old)).unwrap();
    assert_eq!(report.events, n + 1);
    assert!(report.receipt.unwrap().contains("prefix"));

    // The match page shows the latest checkpoint, signed text and all.
    let (_, page) = get_text(&app, "/matches/small").await;
    assert!(page.contains("arbiter checkpoint v1"), "{page}");
    assert!(page.contains(&format!("size {}", n + 1)), "{page}");
    assert!(page.contains(&hex::encode(&receipt.signature)), "{page}");
}

/// A posted solution can be followed on the board, move by move: the
/// evidence an appeal about a shorter counter-solution points to.
#[actix_web::test]
async fn a_solution_steps_through_its_moves() {
    let f = samples_fixture();
    let app = app!(f);
    // Seq 32 of this sample is tamsin's 8-move counter-solution.
    let base = "/matches/tj-simply-genius-dm4/steps/32";
    let (status, page) = get_text(&app, base).await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        page.contains("Solution move <span id=\"pass-number\">0</span> of 8"),
        "{page}"
    );
    let (_, first) = get_text(&app, &format!("{base}?pass=1")).await;
    assert!(first.contains("<strong>1</strong> move made"), "{first}");
    assert_ne!(page, first, "the board moves");
    let (_, last) = get_text(&app, &format!("{base}?pass=8")).await;
    assert!(last.contains("the taxi is out"), "{last}");
    assert!(
        !last.contains("id=\"pass-next\""),
        "no sub-step after the last"
    );
}

/// The import page: a pasted round previewed message by message with the
/// board after each event, then committed with a token as a match.
#[actix_web::test]
async fn a_transcript_is_previewed_then_committed_as_a_match() {
    let f = fixture();
    let app = app!(f);
    let (status, page) = get_text(&app, "/import").await;
    assert_eq!(status, StatusCode::OK);
    assert!(page.contains("enctype=\"multipart/form-data\""), "{page}");
    assert!(page.contains("up to 8 MiB"), "{page}");

    let transcript = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/import/rush-hour-round.txt"
    ))
    .unwrap();
    let post = |fields: Vec<(&str, &str)>| crate::common::web::import_form(&fields);
    let base = |action: &'static str, token: &'static str| {
        crate::common::web::round_fields(&transcript, action, token, "penzo-r1")
    };
    let resp = test::call_service(&app, post(base("preview", ""))).await;
    assert_eq!(resp.status(), StatusCode::OK);
    let page = String::from_utf8(test::read_body(resp).await.to_vec()).unwrap();
    for want in [
        "What arbiter read",
        "discord-paste",
        "place: C2 C3",
        "part of the proof at message 13",
        "<strong>0</strong> not understood",
        "<svg",
        "mira 1",
    ] {
        assert!(page.contains(want), "missing {want:?}: {page}");
    }
    // A host who never posts: the page says so and lists the authors.
    let mut wrong = base("preview", "");
    wrong[4] = ("host", "quizmaster");
    let resp = test::call_service(&app, post(wrong)).await;
    let page = String::from_utf8(test::read_body(resp).await.to_vec()).unwrap();
    assert!(page.contains("no message by quizmaster"), "{page}");
    assert!(page.contains("kg: 3 messages"), "{page}");

    // Commit: a token is needed; then the match is stored and shown.
    let resp = test::call_service(&app, post(base("commit", "wrong"))).await;
    assert_eq!(resp.status(), StatusCode::UNAUTHORIZED);
    // The form comes back filled in, the reason beside the token field.
    let page = String::from_utf8(test::read_body(resp).await.to_vec()).unwrap();
    assert!(page.contains("id=\"token-error\""), "{page}");
    assert!(page.contains("value=\"penzo-r1\""), "{page}");
    assert!(page.contains("What arbiter read"), "{page}");
    let token: &'static str = Box::leak(f.token.clone().into_boxed_str());
    let resp = test::call_service(&app, post(base("commit", token))).await;
    assert_eq!(resp.status(), StatusCode::SEE_OTHER);
    assert_eq!(resp.headers().get("location").unwrap(), "/matches/penzo-r1");
    let (status, page) = get_text(&app, "/matches/penzo-r1").await;
    assert_eq!(status, StatusCode::OK);
    assert!(page.contains("Every ruling agrees"), "{page}");
    // The same id again is refused, beside the id field.
    let resp = test::call_service(&app, post(base("commit", token))).await;
    assert_eq!(resp.status(), StatusCode::CONFLICT);
    let page = String::from_utf8(test::read_body(resp).await.to_vec()).unwrap();
    assert!(page.contains("id=\"id-error\""), "{page}");
    assert!(page.contains("is already stored"), "{page}");
    // Match options are taken as --config takes them; bad ones say how.
    let mut options = base("preview", "");
    options.push(("config", "{\"dodgem\": 4}"));
    let resp = test::call_service(&app, post(options)).await;
    let page = String::from_utf8(test::read_body(resp).await.to_vec()).unwrap();
    assert!(page.contains("the match options are not a game"), "{page}");
}

/// A reviewer corrects a setup the reader cannot read in the import
/// preview, and commits: the match is the rules', its Create holds the
/// untouched transcript and the correction, and the step page says which
/// message the reviewer read and what the reader saw. A correction that
/// does not read is shown beside its message and nothing is committed.
#[actix_web::test]
async fn a_reviewer_corrects_a_reading_in_the_preview_and_commits() {
    let f = fixture();
    let app = app!(f);
    let transcript: &'static str = Box::leak(
        std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/data/import/dodgem-unread-setup.txt"
        ))
        .unwrap()
        .into_boxed_str(),
    );
    let token: &'static str = Box::leak(f.token.clone().into_boxed_str());
    let post = |action: &'static str, read: &'static str| {
        let mut fields = vec![("transcript", transcript)];
        fields.extend(common::import::UNREAD_SETUP_FORM);
        fields.extend([
            ("action", action),
            ("token", token),
            ("id", "reviewed-dodgem"),
            ("reviewer", "ana"),
            ("read_1", read),
            ("why_1", "the host named blue by a nickname"),
        ]);
        crate::common::web::import_form(&fields)
    };
    // A correction that reads as talk is shown beside its message, and a
    // commit with it stores nothing.
    let resp = test::call_service(&app, post("commit", "ok let us begin")).await;
    assert_eq!(resp.status(), StatusCode::OK);
    let page = String::from_utf8(test::read_body(resp).await.to_vec()).unwrap();
    assert!(page.contains("correction not applied"), "{page}");
    assert!(page.contains("nothing was committed"), "{page}");
    let (status, _) = get_text(&app, "/matches/reviewed-dodgem").await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    // A preview keeps a session: the corrections alone, posted to it, read
    // the kept transcript again (what the page's script does in place).
    let resp = test::call_service(&app, post("preview", "")).await;
    let page = String::from_utf8(test::read_body(resp).await.to_vec()).unwrap();
    let session = page
        .split("data-session=\"")
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .expect("the preview names its session")
        .to_string();
    let again = test::TestRequest::post()
        .uri(&format!("/import/sessions/{session}"))
        .set_form([("read_1", "fern plays blue"), ("reviewer", "ana")])
        .to_request();
    let resp = test::call_service(&app, again).await;
    assert_eq!(resp.status(), StatusCode::OK);
    let page = String::from_utf8(test::read_body(resp).await.to_vec()).unwrap();
    assert!(page.contains("read as the reviewer says"), "{page}");
    assert!(page.contains("fern 1"), "{page}");
    assert!(page.contains("Without the corrections: fern 0"), "{page}");
    let gone = test::TestRequest::post()
        .uri("/import/sessions/0123456789abcdef0123456789abcdef")
        .set_form([("read_1", "talk")])
        .to_request();
    assert_eq!(
        test::call_service(&app, gone).await.status(),
        StatusCode::GONE
    );

    // The preview applies the correction at once.
    let resp = test::call_service(&app, post("preview", "fern plays blue")).await;
    let page = String::from_utf8(test::read_body(resp).await.to_vec()).unwrap();
    assert!(
        page.contains("read as the reviewer says: &#39;fern plays blue&#39;")
            || page.contains("read as the reviewer says: 'fern plays blue'"),
        "{page}"
    );
    assert!(page.contains("fern 1"), "{page}");

    let resp = test::call_service(&app, post("commit", "fern plays blue")).await;
    assert_eq!(resp.status(), StatusCode::SEE_OTHER);
    let (status, page) = get_text(&app, "/matches/reviewed-dodgem").await;
    assert_eq!(status, StatusCode::OK);
    assert!(page.contains("Every ruling agrees"), "{page}");
    let (_, json) = get_text(&app, "/api/matches/reviewed-dodgem/events").await;
    let events: Value = serde_json::from_str(&json).unwrap();
    // The Create seals the transcript message by message (its pieces are
    // kept beside the log, shown on the transcript page), the review
    // beside it.
    let create = &events[0]["body"]["create_committed"];
    assert_eq!(create["create"]["source"], Value::Null);
    assert_eq!(create["transcript"]["format"], "discord-paste");
    assert_eq!(create["review"]["corrections"][0]["reviewer"], "ana");
    let (status, page) = get_text(&app, "/matches/reviewed-dodgem/transcript").await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        page.contains("the sapphire fleet belongs to fern tonight"),
        "{page}"
    );
    // The setup (seq 1) came from the correction; its step page says so.
    let (_, page) = get_text(&app, "/matches/reviewed-dodgem/steps/1").await;
    assert!(
        page.contains("message 1, as read by the reviewer ana"),
        "{page}"
    );
    assert!(page.contains("the reader saw: talk"), "{page}");

    // Reopened, the import comes back with its transcript, cast and
    // correction; committed again it is a new match naming the old one,
    // and the old match's page links to it.
    let (status, page) = get_text(&app, "/import?from=reviewed-dodgem").await;
    assert_eq!(status, StatusCode::OK);
    assert!(page.contains("id=\"reopened\""), "{page}");
    assert!(
        page.contains("the sapphire fleet belongs to fern tonight"),
        "{page}"
    );
    assert!(
        page.contains("name=\"read_1\" value=\"fern plays blue\""),
        "{page}"
    );
    assert!(page.contains("Moss = mossy_k"), "{page}");
    let mut fields = vec![("transcript", transcript)];
    fields.extend(common::import::UNREAD_SETUP_FORM);
    fields.extend([
        ("action", "commit"),
        ("token", token),
        ("id", "reviewed-dodgem-2"),
        ("reviewer", "ana"),
        ("read_1", "fern plays blue"),
        ("read_0", "talk"),
        ("supersedes", "reviewed-dodgem"),
    ]);
    let req = crate::common::web::import_form(&fields);
    let resp = test::call_service(&app, req).await;
    assert_eq!(resp.status(), StatusCode::SEE_OTHER);
    let (_, json) = get_text(&app, "/api/matches/reviewed-dodgem-2/events").await;
    let events: Value = serde_json::from_str(&json).unwrap();
    let review = &events[0]["body"]["create_committed"]["review"];
    assert_eq!(review["supersedes"], "reviewed-dodgem");
    assert_eq!(review["corrections"].as_array().unwrap().len(), 2);
    let (_, page) = get_text(&app, "/matches/reviewed-dodgem").await;
    assert!(page.contains("/matches/reviewed-dodgem-2"), "{page}");
    let (_, page) = get_text(&app, "/matches/reviewed-dodgem-2").await;
    assert!(page.contains("This match corrects the import"), "{page}");
}

/// A preview's session, which keeps the parsed transcript on the server,
/// ends when its page previews again (the new preview replaces it) or
/// commits: what was pasted is not kept beyond the preview.
#[actix_web::test]
async fn a_preview_session_ends_with_the_next_preview_or_the_commit() {
    let f = fixture();
    let app = app!(f);
    let transcript = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/import/dodgem-unread-setup.txt"
    ))
    .unwrap();
    let post = |action: &str, session: &str| {
        let mut fields = vec![("transcript", transcript.as_str())];
        fields.extend(common::import::UNREAD_SETUP_FORM);
        fields.extend([
            ("action", action),
            ("token", f.token.as_str()),
            ("id", "previewed-dodgem"),
            ("reviewer", "ana"),
            ("read_1", "fern plays blue"),
            ("why_1", "the host named blue by a nickname"),
            ("session", session),
        ]);
        crate::common::web::import_form(&fields)
    };
    let session_of = |page: &str| {
        page.split("data-session=\"")
            .nth(1)
            .and_then(|rest| rest.split('"').next())
            .expect("the preview names its session")
            .to_string()
    };
    let reread = |id: &str| {
        test::TestRequest::post()
            .uri(&format!("/import/sessions/{id}"))
            .set_form([("read_1", "fern plays blue"), ("reviewer", "ana")])
            .to_request()
    };

    let resp = test::call_service(&app, post("preview", "")).await;
    let page = String::from_utf8(test::read_body(resp).await.to_vec()).unwrap();
    let first = session_of(&page);
    let resp = test::call_service(&app, reread(&first)).await;
    assert_eq!(resp.status(), StatusCode::OK, "a kept session reads again");

    // The page previews again, carrying its session: the new preview
    // replaces it.
    let resp = test::call_service(&app, post("preview", &first)).await;
    let page = String::from_utf8(test::read_body(resp).await.to_vec()).unwrap();
    let second = session_of(&page);
    assert_ne!(first, second);
    assert!(
        page.contains(&format!("name=\"session\" value=\"{second}\"")),
        "the form carries its session: {page}"
    );
    let resp = test::call_service(&app, reread(&first)).await;
    assert_eq!(resp.status(), StatusCode::GONE, "the replaced one is gone");
    let resp = test::call_service(&app, reread(&second)).await;
    assert_eq!(resp.status(), StatusCode::OK);

    // The commit ends the session.
    let resp = test::call_service(&app, post("commit", &second)).await;
    assert_eq!(resp.status(), StatusCode::SEE_OTHER);
    let resp = test::call_service(&app, reread(&second)).await;
    assert_eq!(resp.status(), StatusCode::GONE, "committed: nothing kept");
}

/// A name the reader cannot tie is listed above the preview with the
/// likely person chosen; one click ties it and the preview reads again.
#[actix_web::test]
async fn an_untied_name_is_tied_with_one_click() {
    let f = fixture();
    let app = app!(f);
    let transcript = "quill — Today at 7:03 PM
Moss plays blue
mossy_k — Today at 7:05 PM
a2 E
fern — Today at 7:05 PM
c1 N
";
    let post = |extra: Vec<(&'static str, &'static str)>| {
        let mut fields = vec![
            ("transcript", transcript),
            ("game", "dodgem"),
            ("player_a", "fern"),
            ("player_b", "mossy_k"),
            ("host", "quill"),
            ("tz", "UTC"),
            ("date", "2026-11-20"),
        ];
        fields.extend(extra);
        crate::common::web::import_form(&fields)
    };
    let resp = test::call_service(&app, post(vec![("action", "preview")])).await;
    let page = String::from_utf8(test::read_body(resp).await.to_vec()).unwrap();
    assert!(page.contains("id=\"untied-names\""), "{page}");
    assert!(page.contains("<option selected>mossy_k</option>"), "{page}");
    let resp = test::call_service(
        &app,
        post(vec![
            ("accept_alias", "0"),
            ("untied_0", "Moss"),
            ("tie_0", "mossy_k"),
        ]),
    )
    .await;
    let page = String::from_utf8(test::read_body(resp).await.to_vec()).unwrap();
    assert!(!page.contains("id=\"untied-names\""), "{page}");
    assert!(page.contains("Moss = mossy_k"), "{page}");
    assert!(page.contains("round_start: mossy_k plays blue"), "{page}");
}

/// A board the host posts that differs from the replay is shown beside
/// the replay's board at that message, so the reviewer sees which reading
/// to fix.
#[actix_web::test]
async fn a_posted_board_that_differs_is_shown_beside_the_replay() {
    let f = fixture();
    let app = app!(f);
    let transcript = "kg — Today at 8:00 PM
Round 1 — target 6 moves. jonas goes first.
......
...YY.
ZZ....
......
......
......
jonas — Today at 8:01 PM
C2 C3
mira — Today at 8:01 PM
D6 E6
kg — Today at 8:02 PM
board now:
......
...YY.
ZZ....
..W...
..W...
......
";
    let fields = vec![
        ("transcript", transcript),
        ("game", "rush-hour"),
        ("player_a", "mira"),
        ("player_b", "jonas"),
        ("host", "kg"),
        ("tz", "UTC"),
        ("date", "2026-11-20"),
        ("action", "preview"),
    ];
    let req = crate::common::web::import_form(&fields);
    let resp = test::call_service(&app, req).await;
    let page = String::from_utf8(test::read_body(resp).await.to_vec()).unwrap();
    assert!(page.contains("differs from the replay"), "{page}");
    assert!(page.contains("class=\"side-by-side\""), "{page}");
    assert!(page.contains("the replay at this message"), "{page}");
}

/// Every response says where scripts and styles may come from (this
/// server only, no inline script), forbids framing and content sniffing.
#[actix_web::test]
async fn responses_carry_the_security_headers() {
    let f = fixture();
    let app = app!(f);
    for path in ["/", "/import", "/static/replay.js", "/api/matches"] {
        let resp = test::call_service(&app, test::TestRequest::get().uri(path).to_request()).await;
        let h = resp.headers();
        let csp = h
            .get("content-security-policy")
            .unwrap_or_else(|| panic!("{path}: no CSP"))
            .to_str()
            .unwrap();
        assert!(
            csp.contains("script-src 'self'") && !csp.contains("unsafe-inline"),
            "{csp}"
        );
        assert!(csp.contains("frame-ancestors 'none'"), "{csp}");
        assert_eq!(
            h.get("x-content-type-options").unwrap(),
            "nosniff",
            "{path}"
        );
    }
    // No page carries an inline script or style the policy would block.
    let (_, page) = get_text(&app, "/").await;
    assert!(
        !page.contains("<script>") && !page.contains("style=\""),
        "{page}"
    );
}

/// A write without a good token is refused before its body is read: 401,
/// whatever the body (not a 400 for bad JSON, not a 413 for size).
#[actix_web::test]
async fn a_write_without_a_good_token_is_refused_before_its_body_is_read() {
    let f = fixture();
    let app = app!(f);
    for (uri, auth) in [
        ("/api/matches", None),
        ("/api/matches", Some("Bearer not-a-token")),
        ("/api/matches/small/events", None),
        ("/api/matches/small/events", Some("Bearer not-a-token")),
    ] {
        for body in ["{not json", &"x".repeat(5 << 20)] {
            let mut req = test::TestRequest::post()
                .uri(uri)
                .insert_header(("content-type", "application/json"))
                .set_payload(body.to_string());
            if let Some(a) = auth {
                req = req.insert_header(("authorization", a));
            }
            let resp = test::call_service(&app, req.to_request()).await;
            assert_eq!(resp.status(), StatusCode::UNAUTHORIZED, "{uri} {auth:?}");
        }
    }
}

/// At most two imports are read at once: a third gets 503 with
/// Retry-After before its form is read, and the turn comes back after.
#[actix_web::test]
async fn imports_beyond_two_at_once_wait_their_turn() {
    use std::sync::atomic::Ordering;
    let f = fixture();
    let app = app!(f);
    let post = || crate::common::web::import_form(&[("transcript", "x"), ("action", "preview")]);
    f.state
        .import_reading
        .store(arbiter::web::PREVIEWS_AT_ONCE, Ordering::SeqCst);
    let resp = test::call_service(&app, post()).await;
    assert_eq!(resp.status(), StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(resp.headers().get("retry-after").unwrap(), "5");
    assert_eq!(
        f.state.import_reading.load(Ordering::SeqCst),
        arbiter::web::PREVIEWS_AT_ONCE,
        "a refused request gives its turn back"
    );
    f.state.import_reading.store(0, Ordering::SeqCst);
    let resp = test::call_service(&app, post()).await;
    assert_eq!(resp.status(), StatusCode::OK);
    assert_eq!(f.state.import_reading.load(Ordering::SeqCst), 0);
}

/// A store the witness found damaged takes no writes until restored (503
/// naming the damage), and serves every whole match to read; what is left
/// of a damaged match is shown by no page, API answer or bundle (503
/// naming the damage), and the list marks it.
#[actix_web::test]
async fn a_damaged_store_serves_to_read_and_takes_no_writes() {
    let f = fixture();
    let lost = |id: &str, why: &str| Damage {
        match_id: MatchId::parse(id).unwrap(),
        first_bad: 9,
        why: why.into(),
    };
    let state = f.state.clone().damaged(vec![
        lost(
            "tj-final",
            "match tj-final: the store holds 9 events but 31 were acknowledged",
        ),
        lost(
            "small",
            "match small: the store holds 9 events but 12 were acknowledged",
        ),
    ]);
    let app = test::init_service(App::new().configure(routes(state))).await;
    for path in [
        "/matches/small",
        "/matches/small/steps/1",
        "/api/matches/small/events",
        "/api/matches/small/verify",
        "/api/matches/small/checkpoint",
        "/matches/small/bundle",
        // Lost whole: damaged, not a match that never was.
        "/matches/tj-final",
    ] {
        let (status, body) = get_text(&app, path).await;
        assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{path}: {body}");
        assert!(body.contains("were acknowledged"), "{path}: {body}");
    }
    let (status, list) = get_text(&app, "/api/matches").await;
    assert_eq!(status, StatusCode::OK);
    assert!(list.contains("\"damaged\":\"match small:"), "{list}");
    let (status, index) = get_text(&app, "/").await;
    assert_eq!(status, StatusCode::OK);
    assert!(index.contains("damaged in the store"), "{index}");
    // Nor do the player pages count what is left of it.
    let (_, mira) = get_text(&app, "/api/players/mira").await;
    assert!(!mira.contains("\"small\""), "{mira}");
    let file = MatchFile {
        id: "fresh".into(),
        events: common::small_match()[..3].to_vec(),
        transcript: None,
    };
    let body = serde_json::to_string(&file).unwrap();
    let resp = test::call_service(&app, post("/api/matches", Some(&f.token), &body)).await;
    assert_eq!(resp.status(), StatusCode::SERVICE_UNAVAILABLE);
    let msg: Value = test::read_body_json(resp).await;
    assert!(
        msg["error"]
            .as_str()
            .unwrap()
            .contains("31 were acknowledged"),
        "{msg}"
    );
    assert!(f
        .state
        .store
        .events(&MatchId::parse("fresh").unwrap())
        .is_err());
}

/// Issue 15, identities: a token writes only as its own person. A player
/// files an appeal only as itself in its own match, a decision comes only
/// from the match's host (or an admin), a host token writes only in the
/// matches it hosts; every refusal is 403 and writes nothing.
#[actix_web::test]
async fn a_token_writes_only_as_its_own_person() {
    let f = samples_fixture();
    let app = app!(f);
    let id = "tj-simply-genius-dm4";
    let mid = MatchId::parse(id).unwrap();
    let tamsin = f.person(Role::Player, "tamsin");
    let stranger = f.person(Role::Player, "wren");
    let other_host = f.person(Role::Host, "kg");
    let penzo = f.person(Role::Host, "Penzo");
    let count = || f.state.store.events(&mid).unwrap().len();
    let n = count();
    let url = format!("/api/matches/{id}/events");
    let event = |actor: Option<Value>, body: Value| {
        let mut e = json!({"occurred_at": "2026-11-20T10:00:00Z", "body": body});
        if let Some(a) = actor {
            e["actor"] = a;
        }
        json!({"expected_seq": n, "event": e}).to_string()
    };
    let appeal = json!({"appeal": {"ruling_seq": 33, "grounds": "the counter was in time"}});
    let decision = json!({"appeal_decision": {"appeal_seq": n, "upheld": true, "text": "stands"}});
    let ruling = json!({"ruling": {"scope": {"round": 3}, "winner": "tamsin", "text": "x"}});
    let refused = [
        // A player filing an appeal for the other player.
        (
            &tamsin,
            event(Some(json!({"player": "ovi"})), appeal.clone()),
        ),
        // A player in a match it does not play.
        (&stranger, event(None, appeal.clone())),
        // A player posting a decision, or a ruling.
        (&tamsin, event(None, decision.clone())),
        (
            &tamsin,
            event(Some(json!({"host": "penzo"})), ruling.clone()),
        ),
        // A host writing in another host's match.
        (&other_host, event(None, ruling.clone())),
        (
            &other_host,
            event(Some(json!({"host": "penzo"})), ruling.clone()),
        ),
        // A host filing a player's appeal.
        (
            &penzo,
            event(Some(json!({"player": "tamsin"})), appeal.clone()),
        ),
    ];
    for (token, body) in refused {
        let resp = test::call_service(&app, post(&url, Some(token), &body)).await;
        let status = resp.status();
        let text = String::from_utf8(test::read_body(resp).await.to_vec()).unwrap();
        assert_eq!(status, StatusCode::FORBIDDEN, "{body}: {text}");
        assert!(text.contains("nothing was written"), "{text}");
        assert_eq!(count(), n, "a refused write stores nothing");
    }

    // The player's own appeal, actor left out: sealed as tamsin.
    let resp = test::call_service(&app, post(&url, Some(&tamsin), &event(None, appeal))).await;
    assert_eq!(resp.status(), StatusCode::CREATED);
    let sealed: Value = test::read_body_json(resp).await;
    assert_eq!(sealed["actor"], json!({"player": "tamsin"}), "{sealed}");

    // The decision form: the player's token is refused beside the field;
    // the host's is recorded as the host (the name as the match spells it).
    let decide = format!("/matches/{id}/appeals/{n}/decision");
    let form = |token: &str| {
        vec![
            ("token", token.to_string()),
            ("decision", "uphold".to_string()),
            ("text", "the ruling stands".to_string()),
        ]
    };
    let (status, page, _) = post_form(&app, &decide, &pairs(&form(&tamsin))).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{page}");
    assert!(
        page.contains("only the match&#39;s host (penzo) or an admin decides"),
        "{page}"
    );
    assert_eq!(count(), n + 1);
    let (status, _, _) = post_form(&app, &decide, &pairs(&form(&other_host))).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, _, _) = post_form(&app, &decide, &pairs(&form(&penzo))).await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    let last = f.state.store.events(&mid).unwrap().pop().unwrap();
    assert_eq!(
        last.envelope.actor,
        arbiter::log::Actor::Host("penzo".into())
    );
}

/// An admin writes for anyone, and the record says the admin entered it;
/// an admin issues tokens over the API, and others may not.
#[actix_web::test]
async fn an_admin_is_recorded_and_issues_tokens() {
    let f = fixture();
    let app = app!(f);
    let n = f
        .state
        .store
        .events(&MatchId::parse("small").unwrap())
        .unwrap()
        .len();
    let body = jonas_passes(n);
    let resp = test::call_service(
        &app,
        post("/api/matches/small/events", Some(&f.token), &body),
    )
    .await;
    assert_eq!(resp.status(), StatusCode::CREATED);
    let sealed: Value = test::read_body_json(resp).await;
    assert_eq!(
        sealed["actor"],
        json!({"admin": {"admin": "ops", "speaker": {"player": "jonas"}}}),
        "{sealed}"
    );

    let ask = |token: &str, role: &str, name: &str| {
        post(
            "/api/tokens",
            Some(token),
            &json!({"role": role, "name": name}).to_string(),
        )
    };
    let resp = test::call_service(&app, ask(&f.token, "player", "mira")).await;
    assert_eq!(resp.status(), StatusCode::CREATED);
    let issued: Value = test::read_body_json(resp).await;
    let mira = issued["token"].as_str().unwrap().to_string();
    assert_eq!(issued["role"], "player");
    // The issued token writes as mira, and may not issue tokens itself.
    let resp = test::call_service(&app, ask(&mira, "admin", "")).await;
    assert_eq!(resp.status(), StatusCode::FORBIDDEN);
    let resp = test::call_service(&app, ask(&f.token, "judge", "x")).await;
    assert_eq!(resp.status(), StatusCode::BAD_REQUEST);
    let resp = test::call_service(&app, ask(&f.token, "host", " ")).await;
    assert_eq!(resp.status(), StatusCode::BAD_REQUEST);
    // Without a token, 401 before the body is even read.
    let resp = test::call_service(&app, post("/api/tokens", None, "{not json")).await;
    assert_eq!(resp.status(), StatusCode::UNAUTHORIZED);
}

/// `GET /api/backup`: an admin takes a backup of the running server (a tar
/// of the same files `arbiter backup` writes), and it restores into a new
/// store with every event as it was; other tokens may not take one.
#[actix_web::test]
async fn an_admin_takes_a_backup_of_the_running_server() {
    let f = fixture();
    let app = app!(f);
    let kit = f.person(Role::Player, "mira");
    let get = |token: Option<&str>| {
        let mut r = test::TestRequest::get().uri("/api/backup");
        if let Some(t) = token {
            r = r.insert_header(("authorization", format!("Bearer {t}")));
        }
        r.to_request()
    };
    let resp = test::call_service(&app, get(None)).await;
    assert_eq!(resp.status(), StatusCode::UNAUTHORIZED);
    let resp = test::call_service(&app, get(Some(&kit))).await;
    assert_eq!(resp.status(), StatusCode::FORBIDDEN);
    let resp = test::call_service(&app, get(Some(&f.token))).await;
    assert_eq!(resp.status(), StatusCode::OK);
    assert_eq!(
        resp.headers().get("content-type").unwrap(),
        "application/x-tar"
    );
    let tar = test::read_body(resp).await;
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("backup.tar");
    std::fs::write(&file, &tar).unwrap();
    let backup = arbiter::backup::Backup::read(&file).unwrap();
    assert_eq!(backup.manifest.matches.len(), 1);
    let restored = SledStore::open(&dir.path().join("db")).unwrap();
    let done = arbiter::backup::restore(&backup, &restored).unwrap();
    assert_eq!(done.matches.len(), 1, "{:?}", done.matches);
    let id = MatchId::parse("small").unwrap();
    assert_eq!(
        restored.events(&id).unwrap(),
        f.state.store.events(&id).unwrap()
    );
    assert!(restored.check_witness(&id).unwrap().damage.is_none());
}

/// Issue 16: pages and the API read replayed matches from a cache keyed by
/// each match's head, so an append between two reads must show in every
/// endpoint at once — nothing served is older than the last append.
#[actix_web::test]
async fn every_read_after_an_append_shows_it() {
    let f = fixture();
    let app = app!(f);
    let id = MatchId::parse("small").unwrap();
    let n = f.state.store.events(&id).unwrap().len();
    let uris = [
        "/".to_string(),
        "/matches/small".to_string(),
        format!("/matches/small/steps/{}", n - 1),
        "/api/matches".to_string(),
        "/api/matches/small/events".to_string(),
        format!("/api/matches/small/steps/{}", n - 1),
        "/api/matches/small/verify".to_string(),
        "/api/matches/small/checkpoint".to_string(),
        "/api/matches/small/proof/inclusion?seq=0".to_string(),
        "/matches/small/bundle".to_string(),
        // An earlier step's page lists the events around it, the new one
        // among them.
        format!("/matches/small/steps/{}", n - 2),
    ];
    let mut before = Vec::new();
    for uri in &uris {
        let resp = test::call_service(&app, test::TestRequest::get().uri(uri).to_request()).await;
        assert_eq!(resp.status(), StatusCode::OK, "{uri}");
        before.push(test::read_body(resp).await);
    }
    // The step the append makes does not exist yet.
    let (status, _) = get_text(&app, &format!("/matches/small/steps/{n}")).await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    let body = jonas_passes(n);
    let resp = test::call_service(
        &app,
        post("/api/matches/small/events", Some(&f.token), &body),
    )
    .await;
    assert_eq!(resp.status(), StatusCode::CREATED);

    for (uri, old) in uris.iter().zip(&before) {
        let resp = test::call_service(&app, test::TestRequest::get().uri(uri).to_request()).await;
        assert_eq!(resp.status(), StatusCode::OK, "{uri}");
        let new = test::read_body(resp).await;
        assert_ne!(&new, old, "{uri} still serves the match before the append");
    }
    let (status, _) = get_text(&app, &format!("/matches/small/steps/{n}")).await;
    assert_eq!(status, StatusCode::OK);
    let (_, events) = get_text(&app, "/api/matches/small/events").await;
    let events: Value = serde_json::from_str(&events).unwrap();
    assert_eq!(events.as_array().unwrap().len(), n + 1);
    let (_, page) = get_text(&app, "/matches/small").await;
    assert!(
        page.contains(&format!(
            "{} events; every hash and signature checks",
            n + 1
        )),
        "{page}"
    );
    let (_, c) = get_text(&app, "/api/matches/small/checkpoint").await;
    let c: Value = serde_json::from_str(&c).unwrap();
    assert_eq!(c["size"], n + 1);
}

/// An append request: jonas passes, as event `seq` of match "small".
fn jonas_passes(seq: usize) -> String {
    json!({"expected_seq": seq, "event": {
        "occurred_at": "2026-11-14T20:00:00Z",
        "actor": {"player": "jonas"},
        "body": "pass"}})
    .to_string()
}
