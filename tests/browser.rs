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
fn start_server(dir: &std::path::Path, token: Option<&str>) -> (u16, String) {
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
struct Browser {
    driver_port: u16,
    _driver: Reaper,
    profile: tempfile::TempDir,
    /// One browser at a time: two Chromiums starting together on a busy
    /// two-core machine can miss chromedriver's start-up deadline.
    _one_at_a_time: std::sync::MutexGuard<'static, ()>,
}

static ONE_BROWSER: std::sync::Mutex<()> = std::sync::Mutex::new(());

fn browser() -> Option<Browser> {
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

    async fn client(&self) -> fantoccini::Client {
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

fn runtime() -> tokio::runtime::Runtime {
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
