//! End to end in a real browser: headless Chromium, driven over WebDriver
//! (chromedriver + fantoccini), steps through a sample replay with the
//! arrow key.
//!
//! Needs Debian's `chromium` and `chromium-driver`. Without them the test
//! says so and passes, so that `cargo test` works on a machine with only
//! the Rust toolchain; `.ci/run` installs both and sets
//! `ARBITER_BROWSER_TESTS=require`, which turns a missing browser into a
//! failure.

use std::net::TcpListener;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::{mpsc, Arc};
use std::time::{Duration, Instant};

use actix_web::{App, HttpServer};
use arbiter::log::SledStore;
use arbiter::web::{routes, AppState};
use fantoccini::key::Key;
use fantoccini::{ClientBuilder, Locator};

fn chromedriver() -> Option<PathBuf> {
    if let Ok(p) = std::env::var("ARBITER_CHROMEDRIVER") {
        return Some(PathBuf::from(p));
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|d| d.join("chromedriver"))
        .find(|p| p.is_file())
}

fn required() -> bool {
    std::env::var("ARBITER_BROWSER_TESTS").as_deref() == Ok("require")
}

/// Kills the child process when dropped, whatever happened.
struct Reaper(Child);

impl Drop for Reaper {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// Starts arbiter on a free loopback port with the bundled samples loaded
/// (and `token` accepted for writing).
pub(crate) fn start_server(dir: &std::path::Path, token: Option<&str>) -> (u16, String) {
    let store = SledStore::open(dir).unwrap();
    if let Some(t) = token {
        arbiter::log::EventStore::add_token(
            &store,
            t,
            &arbiter::log::Identity::new(arbiter::log::Role::Admin, "ops", "2026-11-25"),
        )
        .unwrap();
    }
    let ids = arbiter::samples::load_bundled_if_empty(&store).unwrap();
    let first = ids.first().expect("there are bundled samples").to_string();
    let state = AppState::new(Arc::new(store));
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        actix_web::rt::System::new().block_on(async move {
            let server = HttpServer::new(move || {
                App::new()
                    .wrap(arbiter::web::headers())
                    .configure(routes(state.clone()))
            })
            .workers(1)
            .bind(("127.0.0.1", 0))
            .unwrap();
            tx.send(server.addrs()[0].port()).unwrap();
            server.run().await.unwrap();
        })
    });
    (rx.recv_timeout(Duration::from_secs(20)).unwrap(), first)
}

fn wait_for_port(port: u16) {
    let deadline = Instant::now() + Duration::from_secs(20);
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(Instant::now() < deadline, "chromedriver did not start");
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// A WebDriver session with headless Chromium, or `None` (and a message)
/// when chromedriver is missing and not required. The driver process and
/// the browser profile live as long as the returned guards.
pub(crate) struct Browser {
    driver_port: u16,
    _driver: Reaper,
    profile: tempfile::TempDir,
    /// One browser at a time: two Chromiums starting together on a busy
    /// two-core machine can miss chromedriver's start-up deadline.
    _one_at_a_time: std::sync::MutexGuard<'static, ()>,
}

static ONE_BROWSER: std::sync::Mutex<()> = std::sync::Mutex::new(());

pub(crate) fn browser() -> Option<Browser> {
    let Some(driver) = chromedriver() else {
        assert!(
            !required(),
            "ARBITER_BROWSER_TESTS=require but chromedriver is not on PATH: apt-get install chromium chromium-driver"
        );
        eprintln!("skipped: no chromedriver on PATH (apt-get install chromium chromium-driver)");
        return None;
    };
    let one_at_a_time = ONE_BROWSER.lock().unwrap_or_else(|e| e.into_inner());
    let driver_port = free_port();
    let driver = Reaper(
        Command::new(&driver)
            .arg(format!("--port={driver_port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts"),
    );
    wait_for_port(driver_port);
    Some(Browser {
        driver_port,
        _driver: driver,
        profile: tempfile::tempdir().unwrap(),
        _one_at_a_time: one_at_a_time,
    })
}

impl Browser {
    /// Headless Chromium's options, with its own profile directory for
    /// try `n` (a Chromium that failed to start may leave its lock behind).
    fn capabilities(&self, n: u32) -> serde_json::Map<String, serde_json::Value> {
        let profile = self.profile.path().join(format!("try-{n}"));
        let mut args = vec![
            "--headless=new".to_string(),
            "--no-sandbox".into(),
            "--disable-gpu".into(),
            "--disable-dev-shm-usage".into(),
            "--disable-quic".into(),
            "--no-first-run".into(),
            "--disable-background-networking".into(),
            "--disable-component-update".into(),
            "--disable-sync".into(),
            format!("--user-data-dir={}", profile.display()),
        ];
        if let Ok(extra) = std::env::var("ARBITER_CHROME_ARGS") {
            args.extend(extra.split_whitespace().map(String::from));
        }
        let mut opts = serde_json::json!({ "args": args });
        if let Ok(bin) = std::env::var("ARBITER_CHROME") {
            opts["binary"] = bin.into();
        } else if std::path::Path::new("/usr/bin/chromium").exists() {
            opts["binary"] = "/usr/bin/chromium".into();
        }
        let mut caps = serde_json::Map::new();
        caps.insert("goog:chromeOptions".into(), opts);
        caps
    }

    pub(crate) async fn client(&self) -> fantoccini::Client {
        // A loaded machine can make Chromium miss its start-up deadline:
        // try three times before failing.
        let mut tries = 0;
        loop {
            let connector = hyper_util::client::legacy::connect::HttpConnector::new();
            match ClientBuilder::new(connector)
                .capabilities(self.capabilities(tries))
                .connect(&format!("http://127.0.0.1:{}", self.driver_port))
                .await
            {
                Ok(client) => return client,
                Err(e) if tries < 2 => {
                    tries += 1;
                    eprintln!("no WebDriver session yet ({e}); trying again");
                    tokio::time::sleep(Duration::from_secs(2)).await;
                }
                Err(e) => panic!("a WebDriver session with headless Chromium: {e}"),
            }
        }
    }
}

pub(crate) fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
}

#[test]
fn arrow_keys_step_through_a_sample_replay() {
    let Some(browser) = browser() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let (port, match_id) = start_server(dir.path(), None);
    runtime().block_on(async move {
        let client = browser.client().await;
        let result = async {
            let base = format!("http://127.0.0.1:{port}/matches/{match_id}/steps/1");
            client.goto(&base).await?;
            let number = client
                .find(Locator::Id("step-number"))
                .await?
                .text()
                .await?;
            let board = client.find(Locator::Id("board")).await?.html(false).await?;
            assert_eq!(number, "1");
            for i in 0..3 {
                let before = client.current_url().await?;
                client
                    .find(Locator::Css("body"))
                    .await?
                    .send_keys(&char::from(Key::Right).to_string())
                    .await?;
                let deadline = Instant::now() + Duration::from_secs(15);
                while client.current_url().await? == before {
                    assert!(Instant::now() < deadline, "→ press {i} did not navigate");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                }
                client
                    .wait()
                    .for_element(Locator::Id("step-number"))
                    .await?;
            }
            let after_number = client
                .find(Locator::Id("step-number"))
                .await?
                .text()
                .await?;
            let after_board = client.find(Locator::Id("board")).await?.html(false).await?;
            assert_eq!(after_number, "4", "three presses of → move three steps");
            assert!(client.current_url().await?.path().ends_with("/steps/4"));
            assert_ne!(
                board, after_board,
                "the board changed between steps 1 and 4"
            );
            Ok::<(), fantoccini::error::CmdError>(())
        }
        .await;
        client.close().await.ok();
        result.expect("browser session");
    });
}

/// A Dodgem game whose setup no reader takes (message 1).
const UNREAD_SETUP: &str = include_str!("data/import/dodgem-unread-setup.txt");

/// The import review in a browser: paste, preview, change one message's
/// reading, see the preview read it, commit, land on the match.
#[test]
fn a_reading_is_corrected_in_the_import_preview_and_committed() {
    let Some(browser) = browser() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let (port, _) = start_server(dir.path(), Some("browser-token"));
    runtime().block_on(async move {
        let client = browser.client().await;
        let result = async {
            client.goto(&format!("http://127.0.0.1:{port}/import")).await?;
            let set = |name: &'static str, value: &'static str| {
                let client = client.clone();
                async move {
                    client
                        .execute(
                            "document.querySelector(`[name=\"${arguments[0]}\"]`).value = arguments[1];",
                            vec![name.into(), value.into()],
                        )
                        .await
                }
            };
            set("transcript", UNREAD_SETUP).await?;
            set("game", "dodgem").await?;
            set("player_a", "fern").await?;
            set("player_b", "mossy_k").await?;
            set("host", "quill").await?;
            set("aliases", "Fern = fern\nMoss = mossy_k").await?;
            set("tz", "UTC").await?;
            set("date", "2026-11-20").await?;
            client
                .find(Locator::Css("form#import-form > button[value=\"preview\"]"))
                .await?
                .click()
                .await?;
            client.wait().for_element(Locator::Id("m1")).await?;
            let before = client.find(Locator::Id("import-report")).await?.text().await?;
            assert!(before.contains("fern 0"), "{before}");

            // Message 1's "read as" box: open it, write the setup, preview.
            // The page is not reloaded: the script reads it again in place
            // (a mark left on the page survives).
            client.execute("window.stillHere = 1;", vec![]).await?;
            client.find(Locator::Css("#m1 details summary")).await?.click().await?;
            client
                .find(Locator::Css("#m1 input[name=\"read_1\"]"))
                .await?
                .send_keys("fern plays blue")
                .await?;
            client.find(Locator::Css("#m1 details button")).await?.click().await?;
            client
                .wait()
                .for_element(Locator::Css("#m1 .correction"))
                .await?;
            let row = client.find(Locator::Id("m1")).await?.text().await?;
            assert!(row.contains("read as the reviewer says"), "{row}");
            let after = client.find(Locator::Id("import-report")).await?.text().await?;
            assert!(after.contains("fern 1"), "{after}");
            let kept = client.execute("return window.stillHere === 1;", vec![]).await?;
            assert_eq!(kept, serde_json::Value::Bool(true), "the preview updated in place");

            set("id", "browser-reviewed").await?;
            set("token", "browser-token").await?;
            client
                .find(Locator::Css("button[value=\"commit\"]"))
                .await?
                .click()
                .await?;
            let deadline = Instant::now() + Duration::from_secs(15);
            while !client
                .current_url()
                .await?
                .path()
                .ends_with("/matches/browser-reviewed")
            {
                assert!(Instant::now() < deadline, "the commit did not land on the match");
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
            let page = client.find(Locator::Css("main")).await?.text().await?;
            assert!(page.contains("Every ruling agrees"), "{page}");
            Ok::<(), fantoccini::error::CmdError>(())
        }
        .await;
        client.close().await.ok();
        result.expect("browser session");
    });
}

/// The pages a layout check visits: the index, the import page, an error
/// page, the players' list and a player's page, and every sample's match
/// page with its first, a middle and its last step.
fn page_paths(port: u16) -> Vec<String> {
    let list: serde_json::Value = serde_json::from_str(
        &ureq_get(&format!("http://127.0.0.1:{port}/api/matches")).expect("the match list"),
    )
    .expect("JSON");
    let mut paths = vec![
        "/".to_string(),
        "/import".into(),
        "/matches/no-such-match".into(),
        "/players".into(),
    ];
    for m in list.as_array().expect("a list of matches") {
        let id = m["id"].as_str().expect("id");
        let last = m["events"].as_u64().expect("events").saturating_sub(1);
        paths.push(format!("/matches/{id}"));
        // Each player's page (names in the samples need no escaping).
        for p in m["players"].as_array().expect("players") {
            paths.push(format!("/players/{}", p.as_str().expect("a name")));
        }
        for n in [1, last / 2, last] {
            paths.push(format!("/matches/{id}/steps/{n}"));
        }
    }
    paths.sort();
    paths.dedup();
    paths
}

/// A GET over plain HTTP/1.1 on loopback, for the test's own lookups.
fn ureq_get(url: &str) -> Option<String> {
    use std::io::{Read, Write};
    let rest = url.strip_prefix("http://")?;
    let (host, path) = rest.split_once('/')?;
    let mut s = std::net::TcpStream::connect(host).ok()?;
    write!(
        s,
        "GET /{path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n"
    )
    .ok()?;
    let mut text = String::new();
    s.read_to_string(&mut text).ok()?;
    let (head, body) = text.split_once("\r\n\r\n")?;
    if head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked")
    {
        let mut out = String::new();
        let mut rest = body;
        while let Some((size, more)) = rest.split_once("\r\n") {
            let n = usize::from_str_radix(size.trim(), 16).ok()?;
            if n == 0 {
                break;
            }
            out.push_str(more.get(..n)?);
            rest = more.get(n + 2..)?;
        }
        return Some(out);
    }
    Some(body.to_string())
}

/// What sticks out past the window's right edge, widest first: `tag.class
/// (right edge px)`, or nothing when the page fits.
const OVERFLOW: &str = r#"
const w = document.documentElement.clientWidth;
if (document.documentElement.scrollWidth <= w + 1) return [];
const out = [];
for (const el of document.querySelectorAll('body *')) {
  const r = el.getBoundingClientRect();
  if (r.right > w + 1 && r.width > 0) {
    out.push([Math.round(r.right), el.tagName.toLowerCase() + (el.className && el.className.baseVal === undefined ? '.' + String(el.className).split(' ').join('.') : '') + (el.id ? '#' + el.id : '')]);
  }
}
out.sort((a, b) => b[0] - a[0]);
return [document.documentElement.scrollWidth].concat(out.slice(0, 6).map(x => x[1] + ' (' + x[0] + ')'));
"#;

/// Every page type fits a 360 px phone and a 1400 px desktop window
/// without scrolling sideways.
#[test]
fn every_page_fits_a_phone_and_a_desktop_without_scrolling_sideways() {
    let Some(browser) = browser() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let (port, _) = start_server(dir.path(), None);
    let paths = page_paths(port);
    runtime().block_on(async move {
        let client = browser.client().await;
        let result = async {
            let mut wide = Vec::new();
            for width in [1400u32, 360] {
                client.set_window_size(width, 900).await?;
                for path in &paths {
                    client
                        .goto(&format!("http://127.0.0.1:{port}{path}"))
                        .await?;
                    let out = client.execute(OVERFLOW, vec![]).await?;
                    let out = out.as_array().cloned().unwrap_or_default();
                    if !out.is_empty() {
                        wide.push(format!("{width} px {path}: {out:?}"));
                    }
                }
            }
            assert!(
                wide.is_empty(),
                "pages wider than the window:\n{}",
                wide.join("\n")
            );
            // At desktop width a long track wraps in the side panel, which
            // stays beside the board rather than dropping below it.
            client.set_window_size(1400, 900).await?;
            client
                .goto(&format!("http://127.0.0.1:{port}/matches/dr-chgg3-dm7/steps/27"))
                .await?;
            let beside = client
                .execute(
                    "const s = document.querySelector('.side').getBoundingClientRect(); const b = document.querySelector('.board').getBoundingClientRect(); return s.top < b.bottom && s.left >= b.right;",
                    vec![],
                )
                .await?;
            assert_eq!(beside, serde_json::Value::Bool(true), "the side panel beside the board");
            Ok::<(), fantoccini::error::CmdError>(())
        }
        .await;
        client.close().await.ok();
        result.expect("browser session");
    });
}

/// Presses `key` as the keyboard does (to whatever has focus), then says
/// whether the page moved to another address within `wait`.
async fn press_moves(
    client: &fantoccini::Client,
    key: Key,
    wait: Duration,
) -> Result<bool, fantoccini::error::CmdError> {
    use fantoccini::actions::{InputSource, KeyAction, KeyActions};
    let before = client.current_url().await?;
    let k = char::from(key);
    let keys = KeyActions::new("keyboard".into())
        .then(KeyAction::Down { value: k })
        .then(KeyAction::Up { value: k });
    client.perform_actions(keys).await?;
    let deadline = Instant::now() + wait;
    while Instant::now() < deadline {
        if client.current_url().await? != before {
            return Ok(true);
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    Ok(false)
}

/// The arrow keys step unless focus is in a form control or a form on the
/// page has been typed into; a view toggle clicked with the mouse gives
/// the keys back. And the colored move bars keep their colors.
#[test]
fn keys_step_only_outside_form_controls_and_never_lose_a_typed_form() {
    let Some(browser) = browser() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let (port, _) = start_server(dir.path(), None);
    let base = format!("http://127.0.0.1:{port}");
    // A ruling step that offers the appeal form.
    let ruling = page_paths(port)
        .into_iter()
        .filter(|p| p.contains("/steps/"))
        .flat_map(|p| {
            let (id, _) = p.trim_start_matches("/matches/").split_once('/').unwrap();
            let id = id.to_string();
            (0..40).map(move |n| format!("/matches/{id}/steps/{n}"))
        })
        .find(|p| {
            ureq_get(&format!("{base}{p}")).is_some_and(|page| page.contains("Appeal this ruling"))
        })
        .expect("a sample ruling with an appeal form");
    runtime().block_on(async move {
        let client = browser.client().await;
        let result = async {
            let short = Duration::from_millis(800);
            let long = Duration::from_secs(15);
            // Duorail: an overlay toggle clicked with the mouse, then →.
            client.goto(&format!("{base}/matches/dr-chgg3-dm7/steps/5")).await?;
            client.find(Locator::Css("fieldset.overlays label")).await?.click().await?;
            assert!(press_moves(&client, Key::Right, long).await?, "→ after a clicked toggle");
            // The same toggle focused from the keyboard holds the keys.
            client.goto(&format!("{base}/matches/dr-chgg3-dm7/steps/5")).await?;
            client.execute("document.querySelector('input.ov-toggle').focus();", vec![]).await?;
            assert!(!press_moves(&client, Key::Right, short).await?, "→ on a focused checkbox");
            // A select holds them too.
            client
                .execute(
                    "const s = document.createElement('select'); s.innerHTML = '<option>a</option><option>b</option>'; document.querySelector('main').prepend(s); s.focus();",
                    vec![],
                )
                .await?;
            assert!(!press_moves(&client, Key::Left, short).await?, "← on a focused select");
            // An appeal typed into, then focus back on the page: ← does not
            // leave it.
            client.goto(&format!("{base}{ruling}")).await?;
            client.find(Locator::Css("details summary")).await?.click().await?;
            client
                .find(Locator::Css("textarea[name=\"grounds\"]"))
                .await?
                .send_keys("the host missed a shorter solution")
                .await?;
            assert!(!press_moves(&client, Key::Left, short).await?, "← in the grounds field");
            client.execute("document.activeElement.blur();", vec![]).await?;
            assert!(!press_moves(&client, Key::Left, short).await?, "← with a typed appeal on the page");
            // GamesmanUni's colors on the move bars.
            client.goto(&format!("{base}/matches/dg-bumper-cup-r2/steps/6")).await?;
            let colors = client
                .execute(
                    "return ['v-win', 'v-draw', 'v-lose'].map(c => { const li = document.querySelector('.analysis .moves li.' + c); return li ? getComputedStyle(li).borderLeftColor : null; });",
                    vec![],
                )
                .await?;
            let colors: Vec<Option<String>> = serde_json::from_value(colors).unwrap();
            let want = ["rgb(47, 158, 68)", "rgb(240, 196, 25)", "rgb(224, 49, 49)"];
            let mut seen = 0;
            for (got, want) in colors.iter().zip(want) {
                if let Some(got) = got {
                    assert_eq!(got, want);
                    seen += 1;
                }
            }
            assert!(seen >= 2, "move bars of at least two values on the page: {colors:?}");
            Ok::<(), fantoccini::error::CmdError>(())
        }
        .await;
        client.close().await.ok();
        result.expect("browser session");
    });
}

/// The import form's match-id pattern compiles in Chrome (which reads
/// `pattern` in unicode-sets mode, where an unescaped `-` in a class is an
/// error that switches the check off): a bad id is caught before sending.
#[test]
fn the_import_forms_id_pattern_is_checked_by_the_browser() {
    let Some(browser) = browser() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let (port, _) = start_server(dir.path(), None);
    runtime().block_on(async move {
        let client = browser.client().await;
        let result = async {
            client.goto(&format!("http://127.0.0.1:{port}/import")).await?;
            // The id field comes with the preview.
            let form = [("transcript", UNREAD_SETUP)];
            for (name, value) in form.into_iter().chain(crate::common::import::UNREAD_SETUP_FORM) {
                client
                    .execute(
                        "document.querySelector(`[name=\"${arguments[0]}\"]`).value = arguments[1];",
                        vec![name.into(), value.into()],
                    )
                    .await?;
            }
            client
                .find(Locator::Css("form#import-form > button[value=\"preview\"]"))
                .await?
                .click()
                .await?;
            client.wait().for_element(Locator::Css("input[name=\"id\"]")).await?;
            let check = "const i = document.querySelector('input[name=\"id\"]'); i.value = arguments[0]; return i.validity.patternMismatch;";
            let bad = client.execute(check, vec!["Bad Id!".into()]).await?;
            let good = client.execute(check, vec!["good-id-2".into()]).await?;
            assert_eq!(bad, serde_json::Value::Bool(true), "a bad id is flagged");
            assert_eq!(good, serde_json::Value::Bool(false), "a good id passes");
            Ok::<(), fantoccini::error::CmdError>(())
        }
        .await;
        client.close().await.ok();
        result.expect("browser session");
    });
}

/// The best-move arrow: on by default, the toggle hides it, the choice
/// holds on the next step, and a toggle clicked with the mouse gives the
/// arrow keys back.
#[test]
fn the_best_move_toggle_hides_the_arrow_remembers_it_and_keeps_the_keys() {
    let Some(browser) = browser() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let (port, _) = start_server(dir.path(), None);
    let base = format!("http://127.0.0.1:{port}/matches/dg-bumper-cup-r2/steps");
    runtime().block_on(async move {
        let client = browser.client().await;
        let result = async {
            let shown = "return [getComputedStyle(document.getElementById('best-move')).display, document.getElementById('best-toggle').checked];";
            let state = |v: serde_json::Value| -> (String, bool) { serde_json::from_value(v).unwrap() };
            client.goto(&format!("{base}/3")).await?;
            let (display, checked) = state(client.execute(shown, vec![]).await?);
            assert!(checked && display != "none", "on by default: {display}");
            client.find(Locator::Css("p.best-toggle label")).await?.click().await?;
            let (display, checked) = state(client.execute(shown, vec![]).await?);
            assert!(!checked && display == "none", "hidden: {display}");
            assert!(
                press_moves(&client, Key::Right, Duration::from_secs(15)).await?,
                "→ after the clicked toggle"
            );
            client.wait().for_element(Locator::Id("best-toggle")).await?;
            assert!(client.current_url().await?.path().ends_with("/steps/4"));
            let (display, checked) = state(client.execute(shown, vec![]).await?);
            assert!(!checked && display == "none", "remembered on the next step: {display}");
            client.find(Locator::Css("p.best-toggle label")).await?.click().await?;
            let (display, checked) = state(client.execute(shown, vec![]).await?);
            assert!(checked && display != "none", "shown again: {display}");
            Ok::<(), fantoccini::error::CmdError>(())
        }
        .await;
        client.close().await.ok();
        result.expect("browser session");
    });
}

/// While a Dodgem board's tables are built in the background, its step
/// page shows the progress and, by its script's poll, reloads itself once
/// the analysis is there (a real server, with 4×4 treated as big).
#[test]
fn a_step_page_shows_the_analysis_once_its_tables_are_built() {
    let Some(browser) = browser() else {
        return;
    };
    let tmp = tempfile::tempdir().unwrap();
    let server = crate::dodgem_tables::serve_a_4x4_match(tmp.path());
    let url = format!("http://{}/matches/dg-four/steps/2", server.addr);
    runtime().block_on(async move {
        let client = browser.client().await;
        let result = async {
            client.goto(&url).await?;
            let note = client
                .find(Locator::Id("analysis-note"))
                .await?
                .text()
                .await?;
            assert!(note.contains("tables are being built"), "{note}");
            // The page's own poll (every 3 s) reloads it: the test only waits.
            let deadline = Instant::now() + Duration::from_secs(30);
            while client.find(Locator::Css("section.analysis")).await.is_err() {
                assert!(Instant::now() < deadline, "the analysis never appeared");
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
            assert_eq!(client.current_url().await?.as_str(), url);
            assert!(client.find(Locator::Id("analysis-note")).await.is_err());
            assert!(client.find(Locator::Id("best-move")).await.is_ok());
            Ok::<(), fantoccini::error::CmdError>(())
        }
        .await;
        client.close().await.ok();
        drop(server);
        result.expect("browser session");
    });
}
