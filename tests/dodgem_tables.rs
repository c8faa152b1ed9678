//! Dodgem tables too big to solve on a page request are built in the
//! background by a running server: the page is there at once with the
//! board and the build's progress, and the analysis appears once the
//! build ends, without a restart. The server is told to treat 4×4 as big
//! (a hidden flag), so the test meets the 5×5's path in a fraction of a
//! second instead of a minute.

use crate::common::child::{arbiter, Server};

use std::time::{Duration, Instant};

use serde_json::Value;

/// A 4×4 match: blue named, one move played.
const FOUR: &str = r#"{
  "id": "dg-four",
  "events": [
    {"occurred_at": "2026-10-03T18:00:00Z", "actor": {"host": "tess"},
     "body": {"create": {"config": {"dodgem": {"size": 4, "rule": "stuck-loses"}},
       "players": ["quill", "marrow"], "host": "tess", "title": "", "source": null}}},
    {"occurred_at": "2026-10-03T18:00:30Z", "actor": {"host": "tess"},
     "body": {"round_start": {"dodgem": {"blue": "quill"}}}},
    {"occurred_at": "2026-10-03T18:01:00Z", "actor": {"player": "quill"},
     "body": {"place": {"dodgem": {"move": "a2 E"}}}}
  ]
}"#;

/// `arbiter serve` on a store in `tmp` holding the 4×4 match `dg-four`,
/// with 4×4 treated as big: its tables are built in the background, into
/// `tmp/tables`.
pub(crate) fn serve_a_4x4_match(tmp: &std::path::Path) -> Server {
    let data = tmp.join("db");
    let file = tmp.join("dg-four.json");
    std::fs::write(&file, FOUR).unwrap();
    let run = arbiter(
        &[
            "load",
            file.to_str().unwrap(),
            "--data",
            data.to_str().unwrap(),
        ],
        Duration::from_secs(60),
    );
    assert_eq!(run.code, Some(0), "load: {}", run.summary());
    Server::start_with(
        &data,
        &tmp.join("serve.log"),
        &["--dodgem-inline-up-to", "3"],
    )
}

#[test]
fn big_dodgem_tables_are_built_in_the_background_and_the_analysis_appears() {
    let tmp = tempfile::tempdir().unwrap();
    let server = serve_a_4x4_match(tmp.path());
    let (status, page) = server
        .request("GET", "/matches/dg-four/steps/2", None, None)
        .unwrap();
    assert_eq!(status, 200, "{page}");
    for want in [
        "<svg id=\"board\"",
        "id=\"analysis-note\"",
        "the 4×4 stuck-loses tables are being built",
        "data-poll=\"/api/matches/dg-four/steps/2\"",
        "<noscript><meta http-equiv=\"refresh\" content=\"5\"></noscript>",
    ] {
        assert!(page.contains(want), "while building, {want:?}: {page}");
    }
    assert!(!page.contains("aria-label=\"analysis\""), "no analysis yet");

    // Look again as the page's script does, until the build has ended.
    let deadline = Instant::now() + Duration::from_secs(120);
    let step = loop {
        let (_, body) = server
            .request("GET", "/api/matches/dg-four/steps/2", None, None)
            .unwrap();
        let step: Value = serde_json::from_str(&body).unwrap();
        if step["analysis_note"]["building"] != true {
            break step;
        }
        assert!(
            Instant::now() < deadline,
            "the build never ended: {}",
            std::fs::read_to_string(&server.log).unwrap_or_default()
        );
        std::thread::sleep(Duration::from_millis(20));
    };
    assert!(step["analysis_note"].is_null(), "{step}");
    assert!(
        !step["analysis"]["moves"].as_array().unwrap().is_empty(),
        "{step}"
    );
    let (_, page) = server
        .request("GET", "/matches/dg-four/steps/2", None, None)
        .unwrap();
    assert!(page.contains("aria-label=\"analysis\""), "{page}");
    assert!(page.contains("id=\"best-move\""), "{page}");
    assert!(!page.contains("id=\"analysis-note\""), "{page}");
    assert!(!page.contains("http-equiv=\"refresh\""), "{page}");
    assert!(tmp.path().join("tables/dodgem-4-stuck-loses.tbl").is_file());
}
