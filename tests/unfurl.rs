//! A pasted link unfurls (issue 17): every match and step page carries the
//! OpenGraph and Twitter card tags, with absolute URLs, and its og:image is
//! a PNG that decodes, has the size the tags say (the board's, times the
//! card's scale) and shows a board, not a blank — for a board of each of
//! the six games, from the bundled samples.

use crate::common;

use std::collections::BTreeMap;
use std::sync::Arc;

use actix_web::http::{header, StatusCode};
use actix_web::test;
use arbiter::log::{Body, EventStore, MatchId, SledStore};
use arbiter::web::{AppState, PublicUrl, CARD_SCALE, DESCRIPTION_MAX};

use common::web::{get_text, samples};

/// The bundled samples in a fresh store.
fn samples_state(dir: &tempfile::TempDir) -> AppState {
    let store = SledStore::open(dir.path()).unwrap();
    arbiter::samples::load_bundled_if_empty(&store).unwrap();
    AppState::new(Arc::new(store))
}

macro_rules! app {
    ($state:expr) => {
        test::init_service(arbiter::web::app($state.clone())).await
    };
}

/// The `content` of the page's `<meta property|name="key">`, entities
/// decoded; `None` when the page has no such tag.
fn meta(page: &str, key: &str) -> Option<String> {
    let tag = [
        format!("<meta property=\"{key}\" "),
        format!("<meta name=\"{key}\" "),
    ]
    .into_iter()
    .find_map(|t| page.find(&t).map(|at| &page[at + t.len()..]))?;
    let content = tag.strip_prefix("content=\"")?;
    let value = &content[..content.find('"')?];
    Some(
        value
            .replace("&#34;", "\"")
            .replace("&#39;", "'")
            .replace("&#60;", "<")
            .replace("&#62;", ">")
            .replace("&#38;", "&"),
    )
}

/// The width and height attributes of the step page's inline board.
fn board_size(page: &str) -> (u32, u32) {
    let at = page.find("<svg id=\"board\"").expect("an inline board");
    let svg = &page[at..at + page[at..].find('>').unwrap()];
    let attr = |name: &str| -> u32 {
        let key = format!(" {name}=\"");
        let from = svg.find(&key).unwrap() + key.len();
        svg[from..from + svg[from..].find('"').unwrap()]
            .parse()
            .unwrap()
    };
    (attr("width"), attr("height"))
}

/// A PNG decoded: (width, height, RGBA pixels).
fn decode(png: &[u8]) -> (u32, u32, Vec<[u8; 4]>) {
    let mut decoder = png::Decoder::new(std::io::Cursor::new(png));
    decoder.set_transformations(png::Transformations::EXPAND);
    let mut reader = decoder.read_info().expect("a PNG header");
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).expect("a PNG frame");
    assert_eq!(info.color_type, png::ColorType::Rgba, "drawn with alpha");
    assert_eq!(info.bit_depth, png::BitDepth::Eight);
    let pixels = buf[..info.line_size * info.height as usize]
        .chunks_exact(4)
        .map(|p| [p[0], p[1], p[2], p[3]])
        .collect();
    (info.width, info.height, pixels)
}

/// GETs `uri`: status, headers we look at, body bytes.
async fn get_bytes(
    app: &impl common::web::App,
    req: test::TestRequest,
) -> (StatusCode, BTreeMap<String, String>, Vec<u8>) {
    let resp = test::call_service(app, req.to_request()).await;
    let status = resp.status();
    let headers = resp
        .headers()
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_str().unwrap_or_default().to_string()))
        .collect();
    (status, headers, test::read_body(resp).await.to_vec())
}

/// The request base the test server answers as (actix's test requests go
/// to `localhost:8080` over http).
const TEST_BASE: &str = "http://localhost:8080";

#[actix_web::test]
async fn every_match_and_step_page_carries_the_card_tags() {
    let dir = tempfile::tempdir().unwrap();
    let state = samples_state(&dir);
    let app = app!(state);
    let list = samples(&app).await;
    assert!(list.len() >= 6, "{list:?}");
    for (id, _, events) in &list {
        let (status, page) = get_text(&app, &format!("/matches/{id}")).await;
        assert_eq!(status, StatusCode::OK, "{id}");
        let last = events - 1;
        assert_eq!(meta(&page, "og:type").as_deref(), Some("website"), "{id}");
        assert_eq!(
            meta(&page, "og:url").unwrap(),
            format!("{TEST_BASE}/matches/{id}")
        );
        assert_eq!(
            meta(&page, "og:image").unwrap(),
            format!("{TEST_BASE}/matches/{id}/steps/{last}/card.png"),
            "the match's card is its last step's"
        );
        assert_eq!(
            meta(&page, "twitter:card").as_deref(),
            Some("summary_large_image")
        );
        assert!(!meta(&page, "og:title").unwrap().is_empty(), "{id}");
        let description = meta(&page, "og:description").unwrap();
        assert!(!description.contains('\n'), "one line: {description}");
        assert!(description.chars().count() <= DESCRIPTION_MAX);
        assert!(description.contains(" vs "), "{id}: {description}");

        for n in [1, last / 2, last] {
            let (status, page) = get_text(&app, &format!("/matches/{id}/steps/{n}")).await;
            assert_eq!(status, StatusCode::OK, "{id} {n}");
            let url = format!("{TEST_BASE}/matches/{id}/steps/{n}");
            assert_eq!(meta(&page, "og:url").unwrap(), url);
            assert!(
                meta(&page, "og:title")
                    .unwrap()
                    .ends_with(&format!("step {n} of {last}")),
                "{id} {n}"
            );
            let description = meta(&page, "og:description").unwrap();
            assert!(!description.is_empty() && !description.contains('\n'));
            assert!(description.chars().count() <= DESCRIPTION_MAX);
            assert_eq!(meta(&page, "og:image").unwrap(), format!("{url}/card.png"));
            let (w, h) = board_size(&page);
            assert_eq!(
                meta(&page, "og:image:width").unwrap(),
                (w * CARD_SCALE).to_string()
            );
            assert_eq!(
                meta(&page, "og:image:height").unwrap(),
                (h * CARD_SCALE).to_string()
            );
            assert_eq!(meta(&page, "og:image:type").as_deref(), Some("image/png"));
            assert!(meta(&page, "og:image:alt")
                .unwrap()
                .starts_with("the board"));
        }
    }
}

#[actix_web::test]
async fn a_card_decodes_has_the_boards_size_and_shows_a_board_for_every_game() {
    let dir = tempfile::tempdir().unwrap();
    let state = samples_state(&dir);
    let app = app!(state);
    let mut games = std::collections::BTreeSet::new();
    for (id, game, events) in samples(&app).await {
        // The last step and one in the middle: a finished board and one in play.
        for n in [events / 2, events - 1] {
            let (_, page) = get_text(&app, &format!("/matches/{id}/steps/{n}")).await;
            let image = meta(&page, "og:image").unwrap();
            let path = image.strip_prefix(TEST_BASE).unwrap();
            let (status, headers, png) = get_bytes(&app, test::TestRequest::get().uri(path)).await;
            assert_eq!(status, StatusCode::OK, "{path}");
            assert_eq!(headers["content-type"], "image/png");
            let (width, height, pixels) = decode(&png);
            let said = |k: &str| meta(&page, k).unwrap().parse::<u32>().unwrap();
            assert_eq!(
                (width, height),
                (said("og:image:width"), said("og:image:height"))
            );
            let (w, h) = board_size(&page);
            assert_eq!((width, height), (w * CARD_SCALE, h * CARD_SCALE), "{path}");
            // Not blank: opaque (a dark chat theme shows no hole), many
            // colors, and no one color covering nearly all of it.
            assert!(
                pixels.iter().all(|p| p[3] == 255),
                "{path}: transparent pixels"
            );
            let mut counts: BTreeMap<[u8; 4], usize> = BTreeMap::new();
            for p in &pixels {
                *counts.entry(*p).or_default() += 1;
            }
            assert!(counts.len() >= 8, "{path}: {} colors", counts.len());
            let most = counts.values().max().unwrap();
            assert!(
                *most * 100 < pixels.len() * 90,
                "{path}: one color covers {most} of {} pixels",
                pixels.len()
            );
        }
        games.insert(game);
    }
    let all: std::collections::BTreeSet<String> = arbiter::games::GameKind::ALL
        .iter()
        .map(|g| g.slug().to_string())
        .collect();
    assert_eq!(games, all, "a board of each of the six games");
}

#[actix_web::test]
async fn cards_are_drawn_once_and_revalidated_with_their_etag() {
    let dir = tempfile::tempdir().unwrap();
    let state = samples_state(&dir);
    let app = app!(state);
    let uri = "/matches/dg-bumper-cup-r2/steps/6/card.png";
    let (status, headers, first) = get_bytes(&app, test::TestRequest::get().uri(uri)).await;
    assert_eq!(status, StatusCode::OK);
    let etag = headers["etag"].clone();
    assert_eq!(headers["cache-control"], "public, max-age=300");
    let (_, again, second) = get_bytes(&app, test::TestRequest::get().uri(uri)).await;
    assert_eq!(first, second);
    assert_eq!(again["etag"], etag);
    assert_eq!(
        state.cards.lock().unwrap().drawn,
        1,
        "the second came from the cache"
    );
    let (status, headers, body) = get_bytes(
        &app,
        test::TestRequest::get()
            .uri(uri)
            .insert_header((header::IF_NONE_MATCH, etag.as_str())),
    )
    .await;
    assert_eq!(status, StatusCode::NOT_MODIFIED);
    assert!(body.is_empty());
    assert_eq!(headers["etag"], etag);
    // Another step's board is another picture, with another tag.
    let (_, other, png) = get_bytes(
        &app,
        test::TestRequest::get().uri("/matches/dg-bumper-cup-r2/steps/7/card.png"),
    )
    .await;
    assert_ne!(png, first);
    assert_ne!(other["etag"], etag);
    assert_eq!(state.cards.lock().unwrap().drawn, 2);
}

#[actix_web::test]
async fn a_step_with_no_board_has_no_image_and_bad_steps_are_404() {
    let dir = tempfile::tempdir().unwrap();
    let state = samples_state(&dir);
    let app = app!(state);
    // Traffic Jam's step 0: the match is created, no round has a board yet.
    let (_, page) = get_text(&app, "/matches/tj-penzo-cup-final/steps/0").await;
    assert!(page.contains("No board yet"), "the page says so too");
    assert_eq!(meta(&page, "og:image"), None);
    assert_eq!(meta(&page, "twitter:card").as_deref(), Some("summary"));
    assert!(meta(&page, "og:description")
        .unwrap()
        .contains("mira vs jonas"));
    for (uri, says) in [
        (
            "/matches/tj-penzo-cup-final/steps/0/card.png",
            "no board to draw",
        ),
        (
            "/matches/tj-penzo-cup-final/steps/999/card.png",
            "there is no step 999",
        ),
        (
            "/matches/tj-penzo-cup-final/steps/x/card.png",
            "there is no step x",
        ),
        (
            "/matches/no-such-match/steps/1/card.png",
            "there is no match",
        ),
    ] {
        let (status, text) = get_text(&app, uri).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{uri}");
        assert!(text.contains(says), "{uri}: {text}");
    }
}

#[actix_web::test]
async fn the_public_url_makes_every_address_absolute_and_a_proxy_host_is_used_without_it() {
    let dir = tempfile::tempdir().unwrap();
    let state = samples_state(&dir).with_public_url(Some(
        PublicUrl::parse("https://arbiter.example.org/").unwrap(),
    ));
    let app = app!(state);
    let (_, page) = get_text(&app, "/matches/pm-abacus-final/steps/4").await;
    assert_eq!(
        meta(&page, "og:url").as_deref(),
        Some("https://arbiter.example.org/matches/pm-abacus-final/steps/4")
    );
    assert_eq!(
        meta(&page, "og:image").as_deref(),
        Some("https://arbiter.example.org/matches/pm-abacus-final/steps/4/card.png")
    );

    let dir = tempfile::tempdir().unwrap();
    let state = samples_state(&dir);
    let app = app!(state);
    let (_, _, page) = get_bytes(
        &app,
        test::TestRequest::get()
            .uri("/matches/pm-abacus-final")
            .insert_header(("x-forwarded-host", "dm.example.net"))
            .insert_header(("x-forwarded-proto", "https")),
    )
    .await;
    let page = String::from_utf8(page).unwrap();
    assert_eq!(
        meta(&page, "og:url").as_deref(),
        Some("https://dm.example.net/matches/pm-abacus-final")
    );
    // A host that is no host never reaches a tag.
    let (_, _, page) = get_bytes(
        &app,
        test::TestRequest::get()
            .uri("/matches/pm-abacus-final")
            .insert_header(("x-forwarded-host", "evil.example/\"><script>")),
    )
    .await;
    let page = String::from_utf8(page).unwrap();
    assert_eq!(
        meta(&page, "og:url").as_deref(),
        Some("http://localhost/matches/pm-abacus-final")
    );
    assert!(!page.contains("<script>"));
}

#[actix_web::test]
async fn a_title_with_quotes_and_markup_is_escaped_in_the_tags() {
    let dir = tempfile::tempdir().unwrap();
    let store = SledStore::open(dir.path()).unwrap();
    let id = MatchId::parse("quoted").unwrap();
    let mut events = common::small_match();
    let Body::Create(create) = &mut events[0].body else {
        panic!("a match opens with its Create");
    };
    create.title = "Kit's \"final\" <b>&</b>".into();
    for (seq, e) in events.into_iter().enumerate() {
        store.append(&id, seq as u64, e).unwrap();
    }
    let state = AppState::new(Arc::new(store));
    let app = app!(state);
    for uri in ["/matches/quoted", "/matches/quoted/steps/2"] {
        let (_, page) = get_text(&app, uri).await;
        assert!(!page.contains("<b>&</b>"), "{uri}");
        assert!(meta(&page, "og:title")
            .unwrap()
            .starts_with("Kit's \"final\" <b>&</b>"));
    }
}

#[actix_web::test]
async fn serve_refuses_a_public_url_that_is_not_one_before_opening_the_store() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("db");
    for bad in [
        "arbiter.example.org",
        "ftp://example.org",
        "https://example.org/?a=1",
    ] {
        let (code, _, err) = common::cli::arbiter(&[
            "serve",
            "--addr",
            "127.0.0.1:0",
            "--data",
            data.to_str().unwrap(),
            "--public-url",
            bad,
        ]);
        assert_eq!(code, 2, "{bad}: {err}");
        assert!(err.contains("https://arbiter.example.org"), "{bad}: {err}");
    }
    assert!(!data.exists(), "no store was made");
}
