//! Private matches (issue 20): read only by their players, their host and
//! admins, each with a token (a bearer header or the `/token` cookie); for
//! anyone else every read answers the 404 of a match that does not exist,
//! and no list names or counts them.

use crate::common;

use std::sync::Arc;

use actix_web::http::StatusCode;
use actix_web::test;
use arbiter::event::{Actor, Body, NewEvent, Visibility};
use arbiter::log::{EventStore, Identity, MatchId, Role, SledStore};
use arbiter::web::AppState;
use serde_json::{json, Value};

/// A store with the public match `small` (mira, jonas; host kg) and the
/// private match `secret` (fern, moss; host quill), and a token for each
/// kind of reader.
struct Fixture {
    _dir: tempfile::TempDir,
    state: AppState,
    /// A player of `secret`, its host, an admin, and a player of `small`
    /// only.
    fern: String,
    quill: String,
    ops: String,
    mira: String,
    importer: String,
}

/// The small match played by other people: fern and moss, hosted by quill.
fn secret_match() -> Vec<NewEvent> {
    let text = serde_json::to_string(&common::small_match())
        .unwrap()
        .replace("\"mira\"", "\"fern\"")
        .replace("\"jonas\"", "\"moss\"")
        .replace("\"kg\"", "\"quill\"");
    serde_json::from_str(&text).unwrap()
}

fn fixture() -> Fixture {
    let dir = tempfile::tempdir().unwrap();
    let store = SledStore::open(dir.path()).unwrap();
    let small = MatchId::parse("small").unwrap();
    store.append_all(&small, 0, common::small_match()).unwrap();
    let secret = MatchId::parse("secret").unwrap();
    let mut events = secret_match();
    events.push(common::ev(
        100,
        Actor::Host("quill".into()),
        Body::Visibility(Visibility::Private),
    ));
    store.append_all(&secret, 0, events).unwrap();
    let token = |role: Role, name: &str| {
        let token = arbiter::web::new_token();
        store
            .add_token(&token, &Identity::new(role, name, "2026-11-26"))
            .unwrap();
        token
    };
    let (fern, quill, ops, mira, importer) = (
        token(Role::Player, "fern"),
        token(Role::Host, "quill"),
        token(Role::Admin, "ops"),
        token(Role::Player, "mira"),
        token(Role::Importer, "bot"),
    );
    Fixture {
        _dir: dir,
        state: AppState::new(Arc::new(store)),
        fern,
        quill,
        ops,
        mira,
        importer,
    }
}

macro_rules! app {
    ($f:expr) => {
        test::init_service(arbiter::web::app($f.state.clone())).await
    };
}

/// How a request carries its token.
#[derive(Clone, Copy)]
enum Carried<'a> {
    Nothing,
    Bearer(&'a str),
    Cookie(&'a str),
}

/// GETs `uri` carrying `token`: (status, content type, body as text).
async fn get(
    app: &impl common::web::App,
    uri: &str,
    token: Carried<'_>,
) -> (StatusCode, String, String) {
    let req = test::TestRequest::get().uri(uri);
    let req = match token {
        Carried::Nothing => req,
        Carried::Bearer(t) => req.insert_header(("Authorization", format!("Bearer {t}"))),
        Carried::Cookie(t) => req.insert_header(("Cookie", format!("arbiter_token={t}"))),
    };
    let resp = test::call_service(app, req.to_request()).await;
    let status = resp.status();
    let kind = resp
        .headers()
        .get("content-type")
        .map(|v| v.to_str().unwrap().to_string())
        .unwrap_or_default();
    let body = test::read_body(resp).await;
    (status, kind, String::from_utf8_lossy(&body).into_owned())
}

/// POSTs JSON `body` to `uri` with a bearer `token`: (status, JSON).
async fn post_json(
    app: &impl common::web::App,
    uri: &str,
    token: &str,
    body: Value,
) -> (StatusCode, Value) {
    let req = test::TestRequest::post()
        .uri(uri)
        .insert_header(("Authorization", format!("Bearer {token}")))
        .set_json(body)
        .to_request();
    let resp = test::call_service(app, req).await;
    let status = resp.status();
    let body = test::read_body(resp).await;
    (status, serde_json::from_slice(&body).unwrap_or(Value::Null))
}

/// Every read of the private match the issue names, and more.
const READS: [&str; 10] = [
    "/matches/secret",
    "/matches/secret/steps/1",
    "/matches/secret/steps/2/card.png",
    "/matches/secret/bundle",
    "/api/matches/secret/events",
    "/api/matches/secret/steps/1",
    "/api/matches/secret/verify",
    "/api/matches/secret/checkpoint",
    "/api/matches/secret/proof/inclusion?seq=1",
    "/api/matches/secret/proof/consistency?from=1",
];

#[actix_web::test]
async fn a_private_match_is_404_for_others_and_read_by_its_player_host_and_admins() {
    let f = fixture();
    let app = app!(f);
    for uri in READS {
        // What a match that does not exist answers at the same address.
        let missing = get(&app, &uri.replace("secret", "nosuch"), Carried::Nothing).await;
        assert_eq!(missing.0, StatusCode::NOT_FOUND, "{uri}");
        let missing_here = (
            missing.0,
            missing.1.clone(),
            missing.2.replace("nosuch", "secret"),
        );
        for (who, token) in [
            ("no token", Carried::Nothing),
            ("a player of another match", Carried::Bearer(&f.mira)),
            ("an importer", Carried::Bearer(&f.importer)),
            ("a token nobody has", Carried::Bearer("0123456789abcdef")),
            ("another player's cookie", Carried::Cookie(&f.mira)),
        ] {
            let answer = get(&app, uri, token).await;
            assert_eq!(answer, missing_here, "{uri} for {who}");
        }
        for (who, token) in [
            ("its player", Carried::Bearer(&f.fern)),
            ("its host", Carried::Bearer(&f.quill)),
            ("an admin", Carried::Bearer(&f.ops)),
            ("its player's cookie", Carried::Cookie(&f.fern)),
        ] {
            let (status, _, body) = get(&app, uri, token).await;
            assert_eq!(status, StatusCode::OK, "{uri} for {who}: {body}");
        }
    }
    // The match page says what it is; the last step is the change of
    // visibility, a step the rules never see.
    let (_, _, page) = get(&app, "/matches/secret", Carried::Bearer(&f.fern)).await;
    assert!(page.contains("fern") && page.contains("moss"), "{page}");
    let (_, _, step) = get(
        &app,
        "/api/matches/secret/steps/8",
        Carried::Bearer(&f.fern),
    )
    .await;
    let step: Value = serde_json::from_str(&step).unwrap();
    assert_eq!(step["kind"], "visibility", "{step}");
    assert!(step["error"].is_null(), "{step}");
    // An appeal page, and the import form's reopen, hide it alike.
    for uri in ["/matches/secret/appeals/3", "/import?from=secret"] {
        let missing = get(&app, &uri.replace("secret", "nosuch"), Carried::Nothing).await;
        let answer = get(&app, uri, Carried::Bearer(&f.mira)).await;
        assert_eq!(answer.0, StatusCode::NOT_FOUND, "{uri}");
        assert_eq!(answer.2, missing.2.replace("nosuch", "secret"), "{uri}");
    }
    // A card is not for a shared cache.
    let req = test::TestRequest::get()
        .uri("/matches/secret/steps/2/card.png")
        .insert_header(("Authorization", format!("Bearer {}", f.fern)))
        .to_request();
    let resp = test::call_service(&app, req).await;
    assert_eq!(
        resp.headers().get("cache-control").unwrap(),
        "private, no-cache"
    );
    let (status, _, _) = get(&app, "/matches/small/steps/2/card.png", Carried::Nothing).await;
    assert_eq!(status, StatusCode::OK, "a public match's card is anyone's");
}

/// The ids `/api/matches` lists for `token`, and its X-Total-Count.
async fn listed(app: &impl common::web::App, query: &str, token: Carried<'_>) -> Vec<String> {
    let (status, _, body) = get(app, &format!("/api/matches{query}"), token).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let list: Value = serde_json::from_str(&body).unwrap();
    list.as_array()
        .unwrap()
        .iter()
        .map(|m| m["id"].as_str().unwrap().to_string())
        .collect()
}

#[actix_web::test]
async fn lists_and_player_pages_leave_a_private_match_out_for_others() {
    let f = fixture();
    let app = app!(f);
    let both = vec!["secret".to_string(), "small".to_string()];
    let small = vec!["small".to_string()];
    assert_eq!(listed(&app, "", Carried::Nothing).await, small);
    assert_eq!(listed(&app, "", Carried::Bearer(&f.mira)).await, small);
    assert_eq!(listed(&app, "", Carried::Bearer(&f.fern)).await, both);
    assert_eq!(listed(&app, "", Carried::Bearer(&f.quill)).await, both);
    assert_eq!(listed(&app, "", Carried::Cookie(&f.ops)).await, both);
    // A search that names it finds nothing for others.
    for query in ["?q=secret", "?player=fern", "?host=quill"] {
        assert!(
            listed(&app, query, Carried::Nothing).await.is_empty(),
            "{query}"
        );
        assert_eq!(
            listed(&app, query, Carried::Bearer(&f.fern)).await,
            ["secret"],
            "{query}"
        );
    }
    let req = test::TestRequest::get().uri("/api/matches").to_request();
    let resp = test::call_service(&app, req).await;
    assert_eq!(resp.headers().get("x-total-count").unwrap(), "1");

    // The index page.
    let (_, _, index) = get(&app, "/", Carried::Nothing).await;
    assert!(index.contains("href=\"/matches/small\""), "{index}");
    assert!(!index.contains("secret"), "{index}");
    let (_, _, index) = get(&app, "/", Carried::Cookie(&f.fern)).await;
    assert!(index.contains("href=\"/matches/secret\""), "{index}");

    // The players: fern plays only in the private match, so is nobody
    // here for others; mira's page is the same for everyone.
    let (_, _, players) = get(&app, "/players", Carried::Nothing).await;
    assert!(
        players.contains("mira") && !players.contains("fern"),
        "{players}"
    );
    let (_, _, players) = get(&app, "/players", Carried::Bearer(&f.fern)).await;
    assert!(players.contains("fern"), "{players}");
    let (status, _, _) = get(&app, "/players/fern", Carried::Nothing).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _, _) = get(&app, "/api/players/fern", Carried::Bearer(&f.mira)).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _, body) = get(&app, "/api/players/fern", Carried::Bearer(&f.quill)).await;
    assert_eq!(status, StatusCode::OK);
    let record: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(record["counted"], 1, "{record}");
    assert_eq!(record["matches"][0]["id"], "secret", "{record}");
}

/// A match where mira plays in public and in private: her page counts the
/// private one only for those who may read it.
#[actix_web::test]
async fn a_players_record_counts_a_private_match_only_for_its_readers() {
    let f = fixture();
    let id = MatchId::parse("rematch").unwrap();
    let mut events = common::small_match();
    events.push(common::ev(
        100,
        Actor::Operator("ops".into()),
        Body::Visibility(Visibility::Private),
    ));
    f.state.store.append_all(&id, 0, events).unwrap();
    let app = app!(f);
    let counted = |body: String| serde_json::from_str::<Value>(&body).unwrap()["counted"].clone();
    let (_, _, body) = get(&app, "/api/players/mira", Carried::Nothing).await;
    assert_eq!(counted(body), 1);
    let (_, _, body) = get(&app, "/api/players/mira", Carried::Bearer(&f.mira)).await;
    assert_eq!(counted(body), 2);
    let (_, _, page) = get(&app, "/players/mira", Carried::Nothing).await;
    assert!(!page.contains("rematch"), "{page}");
}

#[actix_web::test]
async fn writes_to_a_private_match_by_a_token_that_may_not_read_it_are_404() {
    let f = fixture();
    let app = app!(f);
    let appeal = json!({
        "expected_seq": 9,
        "event": {
            "occurred_at": "2026-11-14T19:10:00Z",
            "body": {"appeal": {"ruling_seq": 6, "grounds": "it was mine"}}
        }
    });
    let (status, body) =
        post_json(&app, "/api/matches/nosuch/events", &f.mira, appeal.clone()).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, hidden) =
        post_json(&app, "/api/matches/secret/events", &f.mira, appeal.clone()).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(
        hidden["error"],
        body["error"].as_str().unwrap().replace("nosuch", "secret")
    );
    let (status, body) = post_json(&app, "/api/matches/secret/events", &f.fern, appeal).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert_eq!(body["actor"], json!({"player": "fern"}));
}

#[actix_web::test]
async fn the_host_or_an_admin_makes_a_match_public_again_and_private_again() {
    let f = fixture();
    let app = app!(f);
    let uri = "/api/matches/secret/visibility";
    let public = json!({"visibility": "public"});
    let private = json!({"visibility": "private"});
    // Someone who may not read it: the 404 of a match that is not there.
    let (status, _) = post_json(&app, uri, &f.mira, public.clone()).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    // Its player reads it but does not decide who else may.
    let (status, body) = post_json(&app, uri, &f.fern, public.clone()).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
    assert!(
        body["error"]
            .as_str()
            .unwrap()
            .contains("only the match's host (quill) or an admin"),
        "{body}"
    );
    let (status, body) = post_json(&app, uri, &f.quill, json!({"visibility": "hidden"})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    // The host opens it: everyone reads it again.
    let (status, body) = post_json(&app, uri, &f.quill, public.clone()).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert_eq!(body["seq"], 9);
    assert_eq!(body["actor"], json!({"host": "quill"}));
    assert_eq!(body["body"], json!({"visibility": "public"}));
    assert!(body["receipt"]["signature"].is_string(), "{body}");
    for read in READS {
        let (status, _, _) = get(&app, read, Carried::Nothing).await;
        assert_eq!(status, StatusCode::OK, "{read}");
    }
    assert_eq!(listed(&app, "", Carried::Nothing).await.len(), 2);
    // Asking again writes nothing.
    let (status, body) = post_json(&app, uri, &f.quill, public).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["written"], false);
    // Public, a stranger is refused as any write it may not make.
    let (status, _) = post_json(&app, uri, &f.mira, private.clone()).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    // An admin closes it, recorded as acting on the record.
    let (status, body) = post_json(&app, uri, &f.ops, private).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert_eq!(body["actor"], json!({"operator": "ops"}));
    let (status, _, _) = get(&app, "/matches/secret", Carried::Nothing).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = post_json(&app, uri, "", json!({"visibility": "public"})).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
}

/// A POST of the `/token` form: (status, Set-Cookie, page).
async fn token_form(
    app: &impl common::web::App,
    fields: &[(&str, &str)],
    https: bool,
) -> (StatusCode, Option<String>, String) {
    let mut req = test::TestRequest::post().uri("/token").set_form(fields);
    if https {
        req = req.insert_header(("X-Forwarded-Proto", "https"));
    }
    let resp = test::call_service(app, req.to_request()).await;
    let status = resp.status();
    let cookie = resp
        .headers()
        .get("set-cookie")
        .map(|v| v.to_str().unwrap().to_string());
    let body = test::read_body(resp).await;
    (status, cookie, String::from_utf8_lossy(&body).into_owned())
}

/// Another site cannot post a token into this browser's cookie (or make
/// it forget one): a cross-site post names its origin, and is refused.
#[actix_web::test]
async fn a_token_posted_from_another_site_is_refused_and_nothing_is_kept() {
    let f = fixture();
    let app = app!(f);
    let post = |origin: &str| {
        test::TestRequest::post()
            .uri("/token")
            .insert_header(("Host", "arbiter.example.org"))
            .insert_header(("Origin", origin.to_string()))
            .set_form([("token", f.fern.as_str())])
            .to_request()
    };
    for other in [
        "https://evil.example",
        "null",
        "https://arbiter.example.org.evil.example",
    ] {
        let resp = test::call_service(&app, post(other)).await;
        assert_eq!(resp.status(), StatusCode::FORBIDDEN, "{other}");
        assert!(resp.headers().get("set-cookie").is_none(), "{other}");
    }
    let resp = test::call_service(&app, post("https://arbiter.example.org")).await;
    assert_eq!(resp.status(), StatusCode::OK);
    assert!(resp.headers().get("set-cookie").is_some());
}

#[actix_web::test]
async fn a_browser_keeps_a_token_in_a_strict_http_only_cookie_and_forgets_it() {
    let f = fixture();
    let app = app!(f);
    let (status, _, page) = get(&app, "/token", Carried::Nothing).await;
    assert_eq!(status, StatusCode::OK);
    assert!(page.contains("keeps no token"), "{page}");
    let (_, _, index) = get(&app, "/", Carried::Nothing).await;
    assert!(index.contains("href=\"/token\""), "linked from every page");

    let (status, cookie, page) = token_form(&app, &[("token", &f.fern)], false).await;
    assert_eq!(status, StatusCode::OK, "{page}");
    let cookie = cookie.expect("a cookie is set");
    assert!(
        cookie.starts_with(&format!("arbiter_token={};", f.fern)),
        "{cookie}"
    );
    for part in ["HttpOnly", "SameSite=Strict", "Path=/", "Max-Age=2592000"] {
        assert!(cookie.contains(part), "{part}: {cookie}");
    }
    assert!(!cookie.contains("Secure"), "not over plain http: {cookie}");
    assert!(page.contains("player fern"), "{page}");
    // The browser sends it back: the private match is there, and the
    // page says whose token it keeps.
    let (status, _, _) = get(&app, "/matches/secret", Carried::Cookie(&f.fern)).await;
    assert_eq!(status, StatusCode::OK);
    let (_, _, page) = get(&app, "/token", Carried::Cookie(&f.fern)).await;
    assert!(page.contains("reads as the player fern"), "{page}");

    // Over https the cookie is Secure.
    let (_, cookie, _) = token_form(&app, &[("token", &f.fern)], true).await;
    assert!(cookie.unwrap().contains("; Secure"));
    // A token the server does not know is not kept.
    let (status, cookie, page) = token_form(&app, &[("token", "not-a-token")], false).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert_eq!(cookie, None);
    assert!(page.contains("not known here"), "{page}");
    // Forgetting it clears the cookie.
    let (status, cookie, page) = token_form(&app, &[("action", "forget")], false).await;
    assert_eq!(status, StatusCode::OK);
    let cookie = cookie.unwrap();
    assert!(cookie.starts_with("arbiter_token=;"), "{cookie}");
    assert!(cookie.contains("Max-Age=0"), "{cookie}");
    assert!(page.contains("no longer keeps a token"), "{page}");
}

/// The sealed events of match `id`, read as an admin.
async fn events_of(app: &impl common::web::App, id: &str, admin: &str) -> Vec<Value> {
    let uri = format!("/api/matches/{id}/events");
    let (status, _, body) = get(app, &uri, Carried::Bearer(admin)).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    serde_json::from_str::<Value>(&body)
        .unwrap()
        .as_array()
        .unwrap()
        .clone()
}

#[actix_web::test]
async fn the_import_form_commits_a_private_match_after_its_imported_events() {
    let f = fixture();
    let app = app!(f);
    let transcript = common::import::transcript("rush-hour-round.txt");
    let form = |id: &'static str, token: &str, private: bool| {
        let mut fields = crate::common::web::round_fields(&transcript, "commit", token, id);
        if private {
            fields.push(("private", "on"));
        }
        crate::common::web::import_form(&fields)
    };
    // An importer may import, but not make a match private.
    let resp = test::call_service(&app, form("penzo-private", &f.importer, true)).await;
    assert_eq!(resp.status(), StatusCode::FORBIDDEN);
    let page = String::from_utf8(test::read_body(resp).await.to_vec()).unwrap();
    assert!(page.contains("untick"), "{page}");
    assert!(
        page.contains("name=\"private\" value=\"on\" checked"),
        "{page}"
    );
    let (status, _, _) = get(&app, "/matches/penzo-private", Carried::Bearer(&f.ops)).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "nothing was stored");

    let resp = test::call_service(&app, form("penzo-private", &f.ops, true)).await;
    assert_eq!(resp.status(), StatusCode::SEE_OTHER);
    let resp = test::call_service(&app, form("penzo-public", &f.ops, false)).await;
    assert_eq!(resp.status(), StatusCode::SEE_OTHER);
    let private = events_of(&app, "penzo-private", &f.ops).await;
    let public = events_of(&app, "penzo-public", &f.ops).await;
    // The imported events keep their seqs; the Visibility event is last,
    // at the time of the last imported one.
    assert_eq!(private.len(), public.len() + 1);
    // Each import salts its transcript afresh, so only the roots differ.
    let unsalted = |e: &Value| {
        let mut body = e["body"].clone();
        if let Some(root) = body.pointer_mut("/create_committed/transcript/root") {
            *root = Value::Null;
        }
        body
    };
    for (a, b) in private.iter().zip(&public) {
        assert_eq!(a["seq"], b["seq"]);
        assert_eq!(unsalted(a), unsalted(b));
    }
    let last = private.last().unwrap();
    assert_eq!(last["body"], json!({"visibility": "private"}));
    assert_eq!(last["actor"], json!({"operator": "ops"}));
    assert_eq!(last["occurred_at"], public.last().unwrap()["occurred_at"]);
    let (status, _, _) = get(&app, "/matches/penzo-private", Carried::Nothing).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _, _) = get(&app, "/matches/penzo-private", Carried::Bearer(&f.mira)).await;
    assert_eq!(status, StatusCode::OK, "mira plays in it");
    // Reopened by someone who may read it, the form keeps it private.
    let (status, _, page) = get(&app, "/import?from=penzo-private", Carried::Cookie(&f.ops)).await;
    assert_eq!(status, StatusCode::OK);
    assert!(page.contains("name=\"private\" value=\"on\""), "{page}");
    let (_, _, page) = get(&app, "/import?from=penzo-public", Carried::Nothing).await;
    assert!(!page.contains("name=\"private\" value=\"on\""), "{page}");
}

/// The command line, offline (its own module: `#[test]` here is the
/// standard one, not actix's).
mod cli {
    use super::{common, Actor, Body, EventStore, MatchId, SledStore, Visibility};
    use crate::common::cli::arbiter;

    #[test]
    fn the_cli_makes_a_match_private_and_public_offline_and_imports_one_private() {
        let dir = tempfile::tempdir().unwrap();
        let data = dir.path().join("db");
        let d = data.to_str().unwrap();
        {
            let store = SledStore::open(&data).unwrap();
            let id = MatchId::parse("small").unwrap();
            store.append_all(&id, 0, common::small_match()).unwrap();
        }
        let last = |id: &str| {
            let store = SledStore::open(&data).unwrap();
            let events = store.events(&MatchId::parse(id).unwrap()).unwrap();
            let e = events.last().unwrap().envelope.clone();
            (events.len(), e.actor, e.body)
        };
        let visibility =
            |id: &str, to: &str| arbiter(&["visibility", id, to, "--admin", "ops", "--data", d]);
        let (code, out, err) = visibility("small", "private");
        assert_eq!(code, 0, "{err}");
        assert!(out.contains("match small is now private (event 8"), "{out}");
        assert_eq!(
            last("small"),
            (
                9,
                Actor::Operator("ops".into()),
                Body::Visibility(Visibility::Private)
            )
        );
        // Again: nothing is written.
        let (code, out, _) = visibility("small", "private");
        assert_eq!(code, 0);
        assert!(
            out.contains("already private; nothing was written"),
            "{out}"
        );
        assert_eq!(last("small").0, 9);
        let (code, _, err) = visibility("small", "public");
        assert_eq!(code, 0, "{err}");
        assert_eq!(last("small").2, Body::Visibility(Visibility::Public));
        // Malformed: exit 2; a match that is not there: exit 1.
        let (code, _, err) = visibility("small", "hidden");
        assert_eq!(code, 2, "{err}");
        assert!(err.contains("private or public, not 'hidden'"), "{err}");
        let (code, _, err) = visibility("nosuch", "private");
        assert_eq!(code, 1, "{err}");
        assert!(err.contains("there is no match 'nosuch'"), "{err}");

        // `import --commit --private`: the Visibility event after the rest.
        let file = dir.path().join("round.txt");
        std::fs::write(&file, common::import::transcript("rush-hour-round.txt")).unwrap();
        let import = |more: &[&str]| {
            let mut args = vec![
                "import",
                file.to_str().unwrap(),
                "--game",
                "rush-hour",
                "--players",
                "mira,jonas",
                "--host",
                "kg",
            ];
            args.extend_from_slice(more);
            arbiter(&args)
        };
        let commit = |id: &str, private: bool| {
            let mut more = vec!["--date", "2026-11-14", "--commit", "--id", id, "--data", d];
            if private {
                more.push("--private");
            }
            import(&more)
        };
        let (code, _, err) = commit("closed", true);
        assert_eq!(code, 0, "{err}");
        assert!(err.contains("private"), "{err}");
        let (code, _, err) = commit("open", false);
        assert_eq!(code, 0, "{err}");
        let (n, actor, body) = last("closed");
        assert_eq!(n, last("open").0 + 1);
        assert_eq!(body, Body::Visibility(Visibility::Private));
        assert_eq!(actor, Actor::Operator("arbiter import".into()));
        // --private alone is bad usage.
        let (code, _, _) = import(&["--private"]);
        assert_eq!(code, 2);
    }
}

/// A match file posted whole may end with its Visibility event: written
/// by its host's token in the same all-or-nothing create.
#[actix_web::test]
async fn a_match_created_over_the_api_may_be_private_from_its_first_write() {
    let f = fixture();
    let app = app!(f);
    let mut events = secret_match()[..2].to_vec();
    events.push(common::ev(
        20,
        Actor::Host("quill".into()),
        Body::Visibility(Visibility::Private),
    ));
    let file = json!({"id": "closed", "events": events});
    // A player's token writes neither its Create nor its Visibility:
    // refused whole, nothing is stored.
    let mut by_player = file.clone();
    by_player["events"][2]["actor"] = json!({"player": "fern"});
    let (status, body) = post_json(&app, "/api/matches", &f.fern, by_player).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
    let (status, _, _) = get(&app, "/matches/closed", Carried::Bearer(&f.ops)).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, body) = post_json(&app, "/api/matches", &f.quill, file).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert_eq!(body["events"], 3);
    let (status, _, _) = get(&app, "/matches/closed", Carried::Nothing).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _, _) = get(&app, "/matches/closed", Carried::Bearer(&f.fern)).await;
    assert_eq!(status, StatusCode::OK);
}

/// The web layer's sources, read as text: a route reads a match through
/// a `Reader` (`reader.load(…)`), never through the bare `load` that
/// knows no reader — so a route added later cannot show a private match
/// to anyone by forgetting the check.
mod source {
    use std::path::Path;

    /// The files that may call the bare `load`: the projection that
    /// defines it, the reader that checks it, and the roster and listing,
    /// which keep per-match facts and filter them by reader themselves.
    const MAY_LOAD: [&str; 4] = ["projection.rs", "reader.rs", "roster.rs", "listing.rs"];

    fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                rust_files(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }

    #[test]
    fn every_web_route_reads_a_match_through_a_reader() {
        let web = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/web");
        let mut files = Vec::new();
        rust_files(&web, &mut files);
        assert!(files.len() > 10, "the web layer's files are found");
        let mut bare = Vec::new();
        for file in files {
            let name = file.file_name().unwrap().to_string_lossy().into_owned();
            if MAY_LOAD.contains(&name.as_str()) {
                continue;
            }
            let text = std::fs::read_to_string(&file).unwrap();
            for (n, line) in text.lines().enumerate() {
                let code = line.split("//").next().unwrap_or_default();
                for call in ["load(", "load_at("] {
                    let bare_call = code.match_indices(call).any(|(i, _)| {
                        let before = code[..i].chars().next_back();
                        let path = &code[..i];
                        !before.is_some_and(|c| matches!(c, '.' | '_' | ':') || c.is_alphanumeric())
                            || ["super::", "projection::", "web::"]
                                .iter()
                                .any(|p| path.ends_with(p))
                    });
                    if bare_call {
                        bare.push(format!("{}:{}: {}", file.display(), n + 1, line.trim()));
                    }
                }
            }
        }
        assert!(
            bare.is_empty(),
            "read a match through `reader.load(&state, id)` (a `Reader` argument), not the bare load:\n{}",
            bare.join("\n")
        );
    }
}
