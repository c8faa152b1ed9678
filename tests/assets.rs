//! The static files and the favicon over HTTP (issue 17, item 13): gzip
//! for a client that asks, a short cache with an ETag, 304 for a copy
//! that is still current, and an icon where browsers look for it.

use std::io::Read;
use std::sync::Arc;

use actix_web::dev::ServiceResponse;
use actix_web::http::StatusCode;
use actix_web::test::{self, TestRequest};
use arbiter::log::SledStore;
use arbiter::web::AppState;

async fn get(req: TestRequest) -> (tempfile::TempDir, ServiceResponse) {
    let dir = tempfile::tempdir().unwrap();
    let state = AppState::new(Arc::new(SledStore::open(dir.path()).unwrap()));
    let app = test::init_service(arbiter::web::app(state)).await;
    let resp = test::call_service(&app, req.to_request()).await;
    (dir, resp)
}

fn header(resp: &ServiceResponse, name: &str) -> Option<String> {
    resp.headers()
        .get(name)
        .map(|v| v.to_str().unwrap().to_string())
}

fn file(name: &str) -> Vec<u8> {
    std::fs::read(format!("{}/static/{name}", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

#[actix_web::test]
async fn the_favicon_is_an_svg_at_both_addresses() {
    for path in ["/static/favicon.svg", "/favicon.ico"] {
        let (_d, resp) = get(TestRequest::get().uri(path)).await;
        assert_eq!(resp.status(), StatusCode::OK, "{path}");
        assert_eq!(
            header(&resp, "content-type").as_deref(),
            Some("image/svg+xml"),
            "{path}"
        );
        assert_eq!(test::read_body(resp).await.to_vec(), file("favicon.svg"));
    }
    let (_d, resp) = get(TestRequest::get().uri("/")).await;
    let page = String::from_utf8(test::read_body(resp).await.to_vec()).unwrap();
    assert!(
        page.contains(r#"<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">"#),
        "{page}"
    );
}

#[actix_web::test]
async fn a_static_file_is_gzipped_for_a_client_that_asks_and_decodes_to_itself() {
    let (_d, resp) = get(TestRequest::get()
        .uri("/static/arbiter.css")
        .insert_header(("accept-encoding", "gzip")))
    .await;
    assert_eq!(resp.status(), StatusCode::OK);
    assert_eq!(header(&resp, "content-encoding").as_deref(), Some("gzip"));
    assert!(header(&resp, "vary")
        .unwrap_or_default()
        .to_ascii_lowercase()
        .contains("accept-encoding"));
    let gz = test::read_body(resp).await.to_vec();
    let css = file("arbiter.css");
    assert!(gz.len() < css.len() / 2, "{} of {}", gz.len(), css.len());
    let mut plain = Vec::new();
    flate2::read::GzDecoder::new(&gz[..])
        .read_to_end(&mut plain)
        .unwrap();
    assert_eq!(plain, css);

    // Without Accept-Encoding, the bytes as they are.
    let (_d, resp) = get(TestRequest::get().uri("/static/arbiter.css")).await;
    assert_eq!(header(&resp, "content-encoding"), None);
    assert_eq!(test::read_body(resp).await.to_vec(), css);

    // Pages are compressed too.
    let (_d, resp) = get(TestRequest::get()
        .uri("/")
        .insert_header(("accept-encoding", "gzip")))
    .await;
    assert_eq!(header(&resp, "content-encoding").as_deref(), Some("gzip"));
}

#[actix_web::test]
async fn a_static_file_is_kept_briefly_and_revalidated_by_its_etag() {
    for path in [
        "/static/arbiter.css",
        "/static/replay.js",
        "/static/import.js",
    ] {
        let (_d, resp) = get(TestRequest::get().uri(path)).await;
        assert_eq!(resp.status(), StatusCode::OK, "{path}");
        let cache = header(&resp, "cache-control").unwrap_or_default();
        assert!(cache.contains("max-age="), "{path}: {cache}");
        let etag = header(&resp, "etag").unwrap_or_else(|| panic!("{path}: no ETag"));

        let (_d, resp) = get(TestRequest::get()
            .uri(path)
            .insert_header(("if-none-match", etag.as_str()))
            .insert_header(("accept-encoding", "gzip")))
        .await;
        assert_eq!(resp.status(), StatusCode::NOT_MODIFIED, "{path}");
        assert_eq!(header(&resp, "etag").as_deref(), Some(etag.as_str()));
        assert!(header(&resp, "cache-control").is_some());
        assert!(test::read_body(resp).await.is_empty());

        let (_d, resp) = get(TestRequest::get()
            .uri(path)
            .insert_header(("if-none-match", "W/\"0000000000000000\"")))
        .await;
        assert_eq!(resp.status(), StatusCode::OK, "{path}: another tag");
    }
}
