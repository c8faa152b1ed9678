//! The charts under the step pages, over HTTP: each game's series carries
//! the numbers the API gives for the same steps (the step views' facts,
//! the verifier's findings, the boards solved again here), the value
//! history of a solved game stands where the API's analyses put it, and a
//! long match's step page does not grow with the match.

use crate::common;

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use actix_web::test as web_test;
use arbiter::games::rush_hour::{solver, Board};
use arbiter::log::{EventStore, MatchId, SledStore};
use arbiter::web::AppState;
use serde_json::Value;

use common::web::get_text;

struct Fixture {
    _dir: tempfile::TempDir,
    state: AppState,
}

fn samples() -> Fixture {
    let dir = tempfile::tempdir().unwrap();
    let store = SledStore::open(dir.path()).unwrap();
    arbiter::samples::load_bundled_if_empty(&store).unwrap();
    Fixture {
        _dir: dir,
        state: AppState::new(Arc::new(store)),
    }
}

macro_rules! app {
    ($f:expr) => {
        web_test::init_service(arbiter::web::app($f.state.clone())).await
    };
}

async fn json(app: &impl common::web::App, uri: &str) -> Value {
    let (status, body) = get_text(app, uri).await;
    assert!(status.is_success(), "{uri}: {status} {body}");
    serde_json::from_str(&body).unwrap()
}

fn unescape(s: &str) -> String {
    s.replace("&#39;", "'")
        .replace("&quot;", "\"")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&amp;", "&")
}

/// The text between `start` (after it) and the next `end`.
fn between<'a>(s: &'a str, start: &str, end: &str) -> Option<&'a str> {
    let from = s.find(start)? + start.len();
    let len = s[from..].find(end)?;
    Some(&s[from..from + len])
}

/// A chart's caption: what it says of the page's step.
fn caption(page: &str, chart: &str) -> String {
    let start = format!(r#"id="{chart}-caption" aria-live="polite">"#);
    unescape(between(page, &start, "</p>").unwrap_or_else(|| panic!("no {chart}: {page}")))
}

/// One chart's SVG.
fn svg<'a>(page: &'a str, chart: &str) -> &'a str {
    between(page, &format!(r#"<svg id="{chart}""#), "</svg>")
        .unwrap_or_else(|| panic!("no {chart}: {page}"))
}

/// A chart's focusable points: (step, class, title, x, y).
fn points(page: &str, chart: &str) -> Vec<(usize, String, String, f64, f64)> {
    svg(page, chart)
        .split("<a class=\"pt ")
        .skip(1)
        .map(|a| {
            let class = a.split('"').next().unwrap().replace(" current", "");
            let k = between(a, "/steps/", "\"").unwrap().parse().unwrap();
            let title = unescape(between(a, "<title>", "</title>").unwrap());
            let x = between(a, "cx=\"", "\"").unwrap().parse().unwrap();
            let y = between(a, "cy=\"", "\"").unwrap().parse().unwrap();
            (k, class, title, x, y)
        })
        .collect()
}

/// The rings around the page's step's values, in line order: their y.
fn rings(page: &str, chart: &str) -> Vec<f64> {
    svg(page, chart)
        .split("<circle class=\"ring\"")
        .skip(1)
        .map(|c| between(c, "cy=\"", "\"").unwrap().parse().unwrap())
        .collect()
}

/// A step view's facts by name.
fn facts(step: &Value) -> BTreeMap<String, String> {
    step["view"]["facts"]
        .as_array()
        .map(|fs| {
            fs.iter()
                .map(|f| {
                    (
                        f[0].as_str().unwrap().to_string(),
                        f[1].as_str().unwrap().to_string(),
                    )
                })
                .collect()
        })
        .unwrap_or_default()
}

/// The leading number of "46 cells", "8 moves", "3 of 7".
fn lead(s: &str) -> u32 {
    s.split(' ').next().unwrap().parse().unwrap()
}

/// Duorail: after every step, each player's longest track on the chart is
/// the one the step view's facts give, and the longer one is drawn higher.
#[actix_web::test]
async fn duorail_charts_each_players_longest_track_as_the_step_view_says() {
    let f = samples();
    let app = app!(f);
    for id in ["dr-chgg3-dm7", "dr-colosseum-final"] {
        let n = json(&app, &format!("/api/matches/{id}/steps/0")).await["steps"]
            .as_u64()
            .unwrap();
        let mut charted = 0;
        for k in 0..n {
            let step = json(&app, &format!("/api/matches/{id}/steps/{k}")).await;
            let facts = facts(&step);
            let (_, page) = get_text(&app, &format!("/matches/{id}/steps/{k}")).await;
            let Some(colors) = facts.get("Colors") else {
                // Before the host's setup nothing is charted.
                assert!(
                    !page.contains("id=\"series-chart\"")
                        || caption(&page, "series-chart").contains("nothing to chart")
                );
                continue;
            };
            // "wren blue · okapi red"
            let (blue, red) = colors.split_once(" · ").unwrap();
            let blue = blue.trim_end_matches(" blue");
            let red = red.trim_end_matches(" red");
            let said = caption(&page, "series-chart");
            let (lb, lr) = (&facts["Longest blue"], &facts["Longest red"]);
            assert!(
                said.contains(&format!("{blue} (blue): longest track: {lb}")),
                "{id} step {k}: {said} / {lb}"
            );
            assert!(
                said.contains(&format!("{red} (red): longest track: {lr}")),
                "{id} step {k}: {said} / {lr}"
            );
            let length = |s: &str| if s.contains("no track") { 0 } else { lead(s) };
            let ys = rings(&page, "series-chart");
            assert_eq!(ys.len(), 2, "{id} step {k}: a ring per player");
            match length(lb).cmp(&length(lr)) {
                std::cmp::Ordering::Greater => assert!(ys[0] < ys[1], "{id} {k}: {ys:?}"),
                std::cmp::Ordering::Less => assert!(ys[0] > ys[1], "{id} {k}: {ys:?}"),
                std::cmp::Ordering::Equal => assert_eq!(ys[0], ys[1], "{id} {k}"),
            }
            charted += 1;
        }
        assert!(charted > 10, "{id}: {charted} steps charted");
    }
}

/// The board a Traffic Jam step view draws, in the 36-character notation.
fn board_of(step: &Value) -> Option<Board> {
    let pieces = step["view"]["drawing"]["pieces"].as_array()?;
    let mut cells = ['.'; 36];
    for p in pieces {
        let (col, row) = (p["col"].as_u64()? as usize, p["row"].as_u64()? as usize);
        let (w, h) = (
            p["width"].as_u64()? as usize,
            p["height"].as_u64()? as usize,
        );
        let mark = match p["kind"].as_str()? {
            "wall" => 'x',
            _ => p["label"].as_str()?.chars().next()?,
        };
        for r in row..row + h {
            for c in col..col + w {
                cells[r * 6 + c] = mark;
            }
        }
    }
    Board::from_36(&cells.iter().collect::<String>()).ok()
}

/// Traffic Jam: at every step of a round the chart holds the round's
/// target from the step view and the optimal length of the board the step
/// view draws, solved again here; at each claim it is the verifier's.
#[actix_web::test]
async fn traffic_jam_charts_the_optimal_length_of_each_board_against_the_target() {
    let f = samples();
    let app = app!(f);
    for id in ["tj-penzo-cup-final", "tj-simply-genius-dm4"] {
        let n = json(&app, &format!("/api/matches/{id}/steps/0")).await["steps"]
            .as_u64()
            .unwrap();
        let mut solved = 0;
        for k in 0..n {
            let step = json(&app, &format!("/api/matches/{id}/steps/{k}")).await;
            let facts = facts(&step);
            let Some(target) = facts.get("Target") else {
                continue;
            };
            let round = lead(&facts["Round"]);
            let (_, page) = get_text(&app, &format!("/matches/{id}/steps/{k}")).await;
            let said = caption(&page, "series-chart");
            assert!(
                said.contains(&format!("the round's target: {target} (round {round})")),
                "{id} step {k}: {said}"
            );
            let board = board_of(&step).unwrap_or_else(|| panic!("{id} {k}: a board"));
            match solver::solve(&board).optimal() {
                Some(opt) => assert!(
                    said.contains(&format!("optimal length: {opt} move")),
                    "{id} step {k}: {said}, solved {opt}"
                ),
                None => assert!(said.contains("optimal length: no solution"), "{said}"),
            }
            solved += 1;
        }
        assert!(solved > 20, "{id}: {solved}");
        // At each claim, the verifier's optimal length.
        let report = json(&app, &format!("/api/matches/{id}/verify")).await;
        let mut claims = 0;
        for finding in report["findings"].as_array().unwrap() {
            let Some(opt) = finding["optimal"].as_u64() else {
                continue;
            };
            let seq = finding["seq"].as_u64().unwrap();
            let (_, page) = get_text(&app, &format!("/matches/{id}/steps/{seq}")).await;
            let said = caption(&page, "series-chart");
            assert!(
                said.contains(&format!("optimal length: {opt} move")),
                "{id} seq {seq}: {said}"
            );
            claims += 1;
        }
        assert!(claims > 0, "{id}: the verifier found an optimal length");
    }
}

/// Bejeweled: each claim is marked at its step with its gems, beside the
/// round's best possible claim as the verifier finds it, higher when the
/// claim is higher.
#[actix_web::test]
async fn bejeweled_charts_each_rounds_best_claim_beside_the_claims() {
    let f = samples();
    let app = app!(f);
    let id = "bj-code-red-dm5";
    let report = json(&app, &format!("/api/matches/{id}/verify")).await;
    let best: BTreeMap<u64, u64> = report["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| (f["round"].as_u64().unwrap(), f["optimal"].as_u64().unwrap()))
        .collect();
    assert!(best.len() >= 5, "{best:?}");
    let events = json(&app, &format!("/api/matches/{id}/events")).await;
    let mut claims = 0;
    for e in events.as_array().unwrap() {
        let Some(gems) = e["body"]["claim"]["bejeweled"]["gems"].as_u64() else {
            continue;
        };
        let seq = e["seq"].as_u64().unwrap();
        let who = e["actor"]["player"].as_str().unwrap();
        let step = json(&app, &format!("/api/matches/{id}/steps/{seq}")).await;
        let round = lead(&facts(&step)["Round"]) as u64;
        let (_, page) = get_text(&app, &format!("/matches/{id}/steps/{seq}")).await;
        let said = caption(&page, "series-chart");
        let b = best[&round];
        assert!(
            said.contains(&format!("best possible claim: {b} gems (round {round})")),
            "{seq}: {said}"
        );
        let possessive = if who.ends_with('s') {
            format!("{who}'")
        } else {
            format!("{who}'s")
        };
        assert!(
            said.contains(&format!("{possessive} claims: {gems} gem")),
            "{seq}: {said}"
        );
        // The claim's point, at its step, against the best line's ring.
        let pts = points(&page, "series-chart");
        let (_, _, title, _, y) = pts
            .iter()
            .find(|p| p.0 == seq as usize && p.1.starts_with("seat-"))
            .unwrap_or_else(|| panic!("{seq}: a claim point in {pts:?}"));
        assert!(title.contains(&format!("{gems} gem")), "{title}");
        let best_y = rings(&page, "series-chart")[0];
        match gems.cmp(&b) {
            std::cmp::Ordering::Greater => assert!(*y < best_y),
            std::cmp::Ordering::Less => assert!(*y > best_y),
            std::cmp::Ordering::Equal => assert_eq!(*y, best_y),
        }
        claims += 1;
    }
    assert!(claims >= 7, "{claims} claims");
}

/// A solved game: every valued step has a point whose color is its value
/// for the first player and whose title says the API's value for the
/// side to move; wins above the draw line, losses below, a win nearer its
/// end nearer the edge; steps left to right.
#[actix_web::test]
async fn a_solved_games_value_history_stands_where_the_api_values_put_it() {
    let f = samples();
    let app = app!(f);
    for id in ["dg-bumper-cup-r2", "xl-inkwell-dm3", "pm-abacus-final"] {
        let (_, first) = get_text(&app, &format!("/matches/{id}/steps/0")).await;
        let all = points(&first, "value-chart");
        let middle: f64 = between(
            svg(&first, "value-chart"),
            "<path class=\"middle\" d=\"M",
            "H",
        )
        .unwrap()
        .split(' ')
        .nth(1)
        .unwrap()
        .parse()
        .unwrap();
        assert!(
            all.windows(2).all(|w| w[0].0 < w[1].0 && w[0].3 < w[1].3),
            "{id}: x by step"
        );
        let events = json(&app, &format!("/api/matches/{id}/events")).await;
        let players: Vec<String> = events[0]["body"]["create"]["players"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p.as_str().unwrap().to_string())
            .collect();
        let mut wins: Vec<(u64, f64)> = Vec::new();
        let mut valued = 0;
        let n = json(&app, &format!("/api/matches/{id}/steps/0")).await["steps"]
            .as_u64()
            .unwrap();
        for k in 0..n {
            let step = json(&app, &format!("/api/matches/{id}/steps/{k}")).await;
            let a = &step["analysis"];
            let point = all.iter().find(|p| p.0 == k as usize);
            if a.is_null() {
                assert!(point.is_none(), "{id} {k}: no value, no point");
                continue;
            }
            let (_, class, title, _, y) = point.unwrap_or_else(|| panic!("{id} {k}: a point"));
            let seat = a["seat"].as_u64().unwrap();
            let value = a["value"].as_str().unwrap();
            let first_wins = match (value, seat) {
                ("draw", _) => None,
                ("win", 0) | ("lose", 1) => Some(true),
                _ => Some(false),
            };
            match first_wins {
                None => {
                    assert_eq!(class, "v-draw");
                    assert!((y - middle).abs() < 0.1, "{id} {k}");
                }
                Some(true) => {
                    assert_eq!(class, "v-win", "{id} {k}");
                    assert!(*y < middle, "{id} {k}");
                }
                Some(false) => {
                    assert_eq!(class, "v-lose", "{id} {k}");
                    assert!(*y > middle, "{id} {k}");
                }
            }
            let over = a["moves"].as_array().unwrap().is_empty()
                && a["remoteness"].as_u64().is_none_or(|r| r == 0);
            if over {
                assert!(title.contains("the game is over"), "{title}");
            } else {
                let mover = &players[seat as usize];
                let said = match a["remoteness"].as_u64() {
                    Some(r) => format!("{value} in {r} for {mover} (to move)"),
                    None => format!("{value} for {mover} (to move)"),
                };
                assert!(title.starts_with(&format!("step {k}: ")), "{title}");
                assert!(title.contains(&said), "{title} / {said}");
            }
            if let (Some(true), Some(r)) = (first_wins, a["remoteness"].as_u64()) {
                wins.push((if over { 0 } else { r }, *y));
            }
            valued += 1;
        }
        assert!(valued > 3, "{id}: {valued} valued steps");
        // A win nearer its end is nearer the top edge.
        for a in &wins {
            for b in &wins {
                if a.0 < b.0 {
                    assert!(
                        a.1 < b.1,
                        "{id}: win in {} at {}, in {} at {}",
                        a.0,
                        a.1,
                        b.0,
                        b.1
                    );
                }
            }
        }
    }
}

/// A Dodgem match of `moves` steps after its setup: the two players pass
/// in turn (a rule error each time, so the position stays valued).
fn long_dodgem(store: &SledStore, id: &str, moves: usize) {
    use arbiter::event::Create;
    use arbiter::games::{dodgem, GameConfig, RoundSetup};
    use arbiter::log::{Actor, Body};
    let id = MatchId::parse(id).unwrap();
    let mut events = vec![
        common::ev(
            0,
            common::host(),
            Body::Create(Create {
                config: GameConfig::Dodgem(dodgem::Config::default()),
                players: vec!["ana".into(), "bo".into()],
                host: "kg".into(),
                title: "Long".into(),
                source: None,
            }),
        ),
        common::ev(
            1,
            common::host(),
            Body::RoundStart(RoundSetup::Dodgem(dodgem::rules::Setup {
                blue: "ana".into(),
            })),
        ),
    ];
    for i in 0..moves {
        let who = if i % 2 == 0 { "ana" } else { "bo" };
        events.push(common::ev(
            2 + i as i64,
            Actor::Player(who.into()),
            Body::Pass,
        ));
    }
    store.append_all(&id, 0, events).unwrap();
}

/// A step page of a match four times as long is about the same size: the
/// chart's paths are thinned to the width and only the steps around the
/// page's own get a focusable point.
#[actix_web::test]
async fn a_long_matchs_step_page_does_not_grow_with_the_match() {
    let dir = tempfile::tempdir().unwrap();
    let store = SledStore::open(dir.path()).unwrap();
    long_dodgem(&store, "long-600", 600);
    long_dodgem(&store, "long-2400", 2_400);
    let f = Fixture {
        _dir: dir,
        state: AppState::new(Arc::new(store)),
    };
    let app = app!(f);
    let (_, short) = get_text(&app, "/matches/long-600/steps/300").await;
    let (_, long) = get_text(&app, "/matches/long-2400/steps/1200").await;
    let pts = points(&long, "value-chart");
    assert!(pts.len() <= 61, "{} focusable points", pts.len());
    assert!(
        pts.iter().any(|p| p.0 == 1200),
        "the page's own step has one"
    );
    assert!(pts.iter().all(|p| p.0.abs_diff(1200) <= 30));
    assert!(
        (long.len() as f64) < short.len() as f64 * 1.15,
        "600 steps: {} bytes, 2,400 steps: {} bytes",
        short.len(),
        long.len()
    );
}

/// In a browser: a point focused says its step in the caption (and the
/// caption says the page's step again after), a click on the chart opens
/// the step under it, and on a phone the chart fits and its labels are
/// drawn at least 10 px tall.
#[test]
fn a_chart_says_a_focused_step_opens_a_clicked_one_and_reads_on_a_phone() {
    use crate::browser::{browser, runtime, start_server};
    use fantoccini::Locator;
    let Some(browser) = browser() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let (port, _) = start_server(dir.path(), None);
    runtime().block_on(async move {
        let client = browser.client().await;
        let result = async {
            client.set_window_size(1400, 900).await?;
            let page = format!("http://127.0.0.1:{port}/matches/dg-bumper-cup-r2/steps/5");
            client.goto(&page).await?;
            let caption = || async {
                client
                    .find(Locator::Id("value-chart-caption"))
                    .await?
                    .text()
                    .await
            };
            assert!(caption().await?.starts_with("step 5: c1 W"), "{}", caption().await?);
            client
                .execute(
                    r#"document.querySelector('#value-chart a[href$="/steps/8"]').focus();"#,
                    vec![],
                )
                .await?;
            assert!(caption().await?.starts_with("step 8: "), "{}", caption().await?);
            client
                .execute("document.activeElement.blur();", vec![])
                .await?;
            assert!(caption().await?.starts_with("step 5: "), "{}", caption().await?);
            // A click between the points, over step 10's column.
            client
                .execute(
                    r#"const svg = document.getElementById('value-chart');
                    const box = svg.getBoundingClientRect();
                    const scale = box.width / svg.viewBox.baseVal.width;
                    const left = parseFloat(svg.dataset.left), pitch = parseFloat(svg.dataset.pitch);
                    const x = box.left + (left + 10.5 * pitch) * scale;
                    const y = box.top + 45 * scale;
                    svg.dispatchEvent(new MouseEvent('click', {clientX: x, clientY: y, bubbles: true}));"#,
                    vec![],
                )
                .await?;
            let deadline = Instant::now() + Duration::from_secs(15);
            while !client.current_url().await?.path().ends_with("/steps/10") {
                assert!(Instant::now() < deadline, "the click did not open step 10");
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
            client.set_window_size(360, 800).await?;
            for chart in [
                "/matches/dg-bumper-cup-r2/steps/5#value-chart",
                "/matches/tj-penzo-cup-final/steps/20#series-chart",
            ] {
                let (path, id) = chart.split_once('#').unwrap();
                client.goto(&format!("http://127.0.0.1:{port}{path}")).await?;
                let sizes = client
                    .execute(
                        &format!(
                            r#"const svg = document.getElementById('{id}');
                            const r = svg.getBoundingClientRect();
                            const texts = [...svg.querySelectorAll('text')].map(t => t.getBoundingClientRect().height);
                            return [r.right <= document.documentElement.clientWidth, Math.min(...texts)];"#
                        ),
                        vec![],
                    )
                    .await?;
                assert_eq!(sizes[0], serde_json::Value::Bool(true), "{chart} fits");
                let least = sizes[1].as_f64().unwrap();
                assert!(least >= 10.0, "{chart}: labels {least} px tall");
            }
            Ok::<(), fantoccini::error::CmdError>(())
        }
        .await;
        client.close().await.ok();
        result.expect("browser session");
    });
}
