//! Issue 16: a match's projection (replay, chain check, step values) is
//! grown by each append instead of rebuilt. Whatever the order of reads
//! and appends, every page served from a grown projection must be the page
//! a fresh server reads from the store: byte for byte.

use std::sync::Arc;

use actix_web::http::StatusCode;
use actix_web::{test, App};
use arbiter::log::{EventStore, SledStore};
use arbiter::web::{routes, AppState};

/// Every page and API read a match has: its page, each step page, each API
/// step, the events, verify and the checkpoint.
fn reads(id: &str, steps: usize) -> Vec<String> {
    let mut uris = vec![
        format!("/matches/{id}"),
        format!("/api/matches/{id}/events"),
        format!("/api/matches/{id}/verify"),
        format!("/api/matches/{id}/checkpoint"),
    ];
    for n in 0..steps {
        uris.push(format!("/matches/{id}/steps/{n}"));
        uris.push(format!("/api/matches/{id}/steps/{n}"));
    }
    uris
}

async fn bodies(state: &AppState, uris: &[String]) -> Vec<(String, StatusCode, String)> {
    let app = test::init_service(App::new().configure(routes(state.clone()))).await;
    let mut out = Vec::new();
    for uri in uris {
        let resp = test::call_service(&app, test::TestRequest::get().uri(uri).to_request()).await;
        let status = resp.status();
        let body = String::from_utf8_lossy(&test::read_body(resp).await).into_owned();
        out.push((uri.clone(), status, body));
    }
    out
}

/// Half of a sample is stored and read, then the rest is appended one event
/// at a time with the last step read between appends (so each append grows
/// the cached projection); at the end every read of the grown projection
/// equals a fresh server's.
async fn grows_like_a_fresh_read(file: &str) {
    let json = arbiter::samples::BUNDLED
        .iter()
        .find(|(name, _)| *name == file)
        .map(|(_, json)| *json)
        .expect("a bundled sample");
    let (id, events) = arbiter::samples::parse(file, json).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let store: Arc<dyn EventStore> = Arc::new(SledStore::open(dir.path()).unwrap());
    let half = events.len() / 2;
    let mut events = events.into_iter();
    for seq in 0..half {
        store
            .append(&id, seq as u64, events.next().unwrap())
            .unwrap();
    }
    let served = AppState::new(store.clone());
    // Read everything once, so the projection and its step values exist.
    for (uri, status, _) in bodies(&served, &reads(id.as_str(), half)).await {
        assert_eq!(status, StatusCode::OK, "{uri}");
    }
    for (seq, e) in (half..).zip(events) {
        store.append(&id, seq as u64, e).unwrap();
        let last = [
            format!("/matches/{id}/steps/{seq}"),
            format!("/api/matches/{id}/steps/{seq}"),
        ];
        for (uri, status, _) in bodies(&served, &last).await {
            assert_eq!(status, StatusCode::OK, "{uri}");
        }
    }
    let counts = served.projection_counts();
    assert_eq!(counts.read_whole, 1, "{counts:?}");
    assert_eq!(
        counts.grown as usize,
        size_of(&store, &id) - half,
        "{counts:?}"
    );
    let size = size_of(&store, &id);
    let uris = reads(id.as_str(), size);
    let grown = bodies(&served, &uris).await;
    let fresh = bodies(&AppState::new(store.clone()), &uris).await;
    for (g, f) in grown.iter().zip(&fresh) {
        assert_eq!(g.1, f.1, "{}", g.0);
        assert!(
            g.2 == f.2,
            "{}: the grown projection serves another page",
            g.0
        );
    }
}

#[actix_web::test]
async fn a_traffic_jam_match_grows_like_a_fresh_read() {
    grows_like_a_fresh_read("tj-penzo-cup-final.json").await;
}

#[actix_web::test]
async fn a_valued_dodgem_match_grows_like_a_fresh_read() {
    grows_like_a_fresh_read("dg-bumper-cup-r2.json").await;
}

#[actix_web::test]
async fn an_xs_and_lines_match_grows_like_a_fresh_read() {
    grows_like_a_fresh_read("xl-inkwell-dm3.json").await;
}

#[actix_web::test]
async fn a_duorail_match_grows_like_a_fresh_read() {
    grows_like_a_fresh_read("dr-chgg3-dm7.json").await;
}

/// Its chart's series is folded round by round (a claim marked once, the
/// round's best claim searched once): grown, it is drawn as a fresh read.
#[actix_web::test]
async fn a_bejeweled_match_grows_like_a_fresh_read() {
    grows_like_a_fresh_read("bj-code-red-dm5.json").await;
}

fn size_of(store: &Arc<dyn EventStore>, id: &arbiter::log::MatchId) -> usize {
    store.head(id).unwrap().unwrap().0 as usize
}

/// A step page lists the events around its step, not the whole match, with
/// links on to the rest: its size does not grow with the match.
#[actix_web::test]
async fn a_step_page_lists_a_window_of_events() {
    let dir = tempfile::tempdir().unwrap();
    let store: Arc<dyn EventStore> = Arc::new(SledStore::open(dir.path()).unwrap());
    arbiter::samples::load_bundled_if_empty(store.as_ref()).unwrap();
    let state = AppState::new(store);
    let uri = "/matches/tj-penzo-cup-final/steps/40".to_string();
    let (_, status, page) = bodies(&state, &[uri]).await.remove(0);
    assert_eq!(status, StatusCode::OK);
    let list = &page[page.find(r#"<ol class="events""#).unwrap()..];
    let list = &list[..list.find("</ol>").unwrap()];
    let listed: Vec<u64> = list
        .match_indices(r#"<li"#)
        .filter_map(|(at, _)| {
            let rest = &list[at..];
            let link = rest.find(r#"<a href="/matches/tj-penzo-cup-final/steps/"#)?;
            let end = rest.find("</li>").unwrap_or(rest.len());
            (link < end).then(|| {
                let from = link + r#"<a href="/matches/tj-penzo-cup-final/steps/"#.len();
                rest[from..].split('"').next().unwrap().parse().unwrap()
            })
        })
        .collect();
    assert_eq!(listed, (28..=52).collect::<Vec<u64>>());
    assert!(page.contains(r#"<ol class="events" start="28">"#));
    assert!(page.contains(r#"<a href="/matches/tj-penzo-cup-final/steps/27">‹ earlier events</a>"#));
    assert!(page.contains(r#"<a href="/matches/tj-penzo-cup-final/steps/53">later events ›</a>"#));
}
