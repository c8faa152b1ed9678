//! The files under `/static/` and `/favicon.ico`, compiled into the
//! binary, with the headers that let a browser keep them.
//!
//! The key decision: the templates link the files by plain names
//! (`/static/arbiter.css`, no content hash in the name or the query), so a
//! browser may not keep a file for long, or a new release would be styled
//! by the old sheet until it expired. Each file is kept for five minutes
//! (`Cache-Control: public, max-age=300`) and then revalidated with its
//! `ETag` (made from the file's sha256 once, on first use), which arbiter
//! answers with a bodiless 304 while the file is unchanged. The ETag is
//! weak (`W/"…"`) because the `Compress` middleware (see [`super::app`])
//! sends the same file gzip'd or plain under one tag: the bytes differ,
//! the file is the same.
//!
//! Must not import anything outside `web/`: no store, no game, no replay.

use std::sync::OnceLock;

use actix_web::body::MessageBody;
use actix_web::http::header::{self, HeaderValue};
use actix_web::{web, HttpRequest, HttpResponse};
use sha2::{Digest, Sha256};

/// One file served from the binary.
struct Asset {
    path: &'static str,
    content_type: &'static str,
    bytes: &'static [u8],
    etag: OnceLock<String>,
}

impl Asset {
    const fn new(path: &'static str, content_type: &'static str, bytes: &'static [u8]) -> Asset {
        Asset {
            path,
            content_type,
            bytes,
            etag: OnceLock::new(),
        }
    }

    /// `W/"<first 16 hex digits of the sha256>"`.
    fn etag(&self) -> &str {
        self.etag.get_or_init(|| {
            let hash = hex::encode(Sha256::digest(self.bytes));
            format!("W/\"{}\"", &hash[..16])
        })
    }
}

/// The SVG favicon, also answered at `/favicon.ico`.
const FAVICON: &[u8] = include_bytes!("../../static/favicon.svg");

/// Every file, by the address it is served at. `/favicon.ico` answers the
/// SVG's own bytes as `image/svg+xml` rather than a redirect to
/// `/static/favicon.svg`: browsers ask for `/favicon.ico` on their own
/// (for pages without the `<link rel="icon">`, like the JSON ones) and
/// take an icon by its content type, not its name, so the same bytes save
/// the redirect's round trip on every first visit.
static ASSETS: [Asset; 5] = [
    Asset::new(
        "/static/arbiter.css",
        "text/css; charset=utf-8",
        include_bytes!("../../static/arbiter.css"),
    ),
    Asset::new(
        "/static/replay.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../../static/replay.js"),
    ),
    Asset::new(
        "/static/import.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../../static/import.js"),
    ),
    Asset::new("/static/favicon.svg", "image/svg+xml", FAVICON),
    Asset::new("/favicon.ico", "image/svg+xml", FAVICON),
];

/// How long a browser keeps a file before it asks again (see the module
/// doc for why not longer).
pub const CACHE_CONTROL: &str = "public, max-age=300";

pub fn routes(cfg: &mut web::ServiceConfig) {
    for asset in &ASSETS {
        cfg.route(
            asset.path,
            web::get().to(move |req: HttpRequest| async move { respond(asset, &req) }),
        );
    }
}

/// The file, or 304 when the browser's copy (`If-None-Match`) is current.
fn respond(asset: &Asset, req: &HttpRequest) -> HttpResponse {
    revalidated(req, asset.etag(), asset.content_type, asset.bytes)
}

/// `body` as `content_type`, tagged `etag` and cached as [`CACHE_CONTROL`]
/// says; or 304 with the tag alone when the browser's copy
/// (`If-None-Match`) is current. For any response named by a hash of its
/// bytes: a static file, a step's card.
pub(super) fn revalidated<B: MessageBody + 'static>(
    req: &HttpRequest,
    etag: &str,
    content_type: &str,
    body: B,
) -> HttpResponse {
    let current = req
        .headers()
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| matches_etag(v, etag));
    let mut answer = if current {
        HttpResponse::NotModified()
    } else {
        HttpResponse::Ok()
    };
    answer
        .insert_header((header::ETAG, HeaderValue::from_str(etag).expect("hex")))
        .insert_header((header::CACHE_CONTROL, CACHE_CONTROL));
    if current {
        answer.finish()
    } else {
        answer.content_type(content_type).body(body)
    }
}

/// Whether an `If-None-Match` value names `etag`: `*`, or any tag in the
/// list by weak comparison (the opaque part alone, `W/` aside), as RFC
/// 9110 §13.1.2 asks for this header.
pub(super) fn matches_etag(if_none_match: &str, etag: &str) -> bool {
    let opaque = |t: &str| t.trim().trim_start_matches("W/").to_string();
    if_none_match.trim() == "*" || if_none_match.split(',').any(|t| opaque(t) == opaque(etag))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn if_none_match_compares_weakly_and_takes_lists() {
        let tag = "W/\"0123456789abcdef\"";
        assert!(matches_etag(tag, tag));
        assert!(matches_etag("\"0123456789abcdef\"", tag));
        assert!(matches_etag("\"other\", W/\"0123456789abcdef\"", tag));
        assert!(matches_etag("*", tag));
        assert!(!matches_etag("W/\"fedcba9876543210\"", tag));
    }

    #[test]
    fn every_file_has_a_distinct_address_and_a_tag() {
        let mut paths: Vec<_> = ASSETS.iter().map(|a| a.path).collect();
        paths.sort_unstable();
        paths.dedup();
        assert_eq!(paths.len(), ASSETS.len());
        assert!(ASSETS.iter().all(|a| a.etag().len() == 20));
    }
}
