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

/// Starts arbiter on a free loopback port with the bundled samples loaded.
fn start_server(dir: &std::path::Path) -> (u16, String) {
    let store = SledStore::open(dir).unwrap();
    let ids = arbiter::samples::load_bundled_if_empty(&store).unwrap();
    let first = ids.first().expect("there are bundled samples").to_string();
    let state = AppState::new(Arc::new(store));
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        actix_web::rt::System::new().block_on(async move {
            let server = HttpServer::new(move || App::new().configure(routes(state.clone())))
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

#[test]
fn arrow_keys_step_through_a_sample_replay() {
    let Some(driver) = chromedriver() else {
        assert!(
            !required(),
            "ARBITER_BROWSER_TESTS=require but chromedriver is not on PATH: apt-get install chromium chromium-driver"
        );
        eprintln!("skipped: no chromedriver on PATH (apt-get install chromium chromium-driver)");
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let (port, match_id) = start_server(dir.path());
    let driver_port = free_port();
    let _driver = Reaper(
        Command::new(&driver)
            .arg(format!("--port={driver_port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts"),
    );
    wait_for_port(driver_port);
    let profile = tempfile::tempdir().unwrap();

    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async move {
        let mut caps = serde_json::Map::new();
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
            format!("--user-data-dir={}", profile.path().display()),
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
        caps.insert("goog:chromeOptions".into(), opts);
        let connector = hyper_util::client::legacy::connect::HttpConnector::new();
        let client = ClientBuilder::new(connector)
            .capabilities(caps)
            .connect(&format!("http://127.0.0.1:{driver_port}"))
            .await
            .expect("a WebDriver session with headless Chromium");

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
