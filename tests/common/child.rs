//! The built `arbiter` as a child process, for the tests that damage or
//! kill a store: a command that panics, hangs or crashes must fail the
//! test with what happened, not take the test process down with it. So
//! every command runs with a deadline (a child past it is killed and
//! reported as hung), and `serve` runs as a child the test can `kill -9`.
//! The HTTP client is a few lines over `TcpStream`: the dev-dependencies
//! have no blocking client, and these tests need nothing but a POST and a
//! GET with `Connection: close`.

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// How one command ended.
#[derive(Debug)]
pub struct Run {
    /// The exit code; `None` when a signal ended it (or it hung and was
    /// killed).
    pub code: Option<i32>,
    pub out: String,
    pub err: String,
    /// It was still running at the deadline and was killed.
    pub hung: bool,
}

impl Run {
    /// It panicked or died of a signal instead of exiting with a code.
    pub fn crashed(&self) -> bool {
        !self.hung
            && (self.code.is_none() || self.code == Some(101) || self.err.contains("panicked"))
    }

    /// One line for a failure message.
    pub fn summary(&self) -> String {
        let said = format!("{} {}", self.err.trim(), self.out.trim());
        let said: String = said.chars().take(400).collect();
        match (self.hung, self.code) {
            (true, _) => "hung (killed at the deadline)".to_string(),
            (false, None) => format!("killed by a signal: {said}"),
            (false, Some(c)) => format!("exit {c}: {said}"),
        }
    }
}

/// Runs `arbiter args…`, killing it at `deadline`.
pub fn arbiter(args: &[&str], deadline: Duration) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the arbiter binary starts");
    // Read both pipes while waiting: a chatty child must not block on a
    // full pipe and look hung.
    let out = drain(child.stdout.take().unwrap());
    let err = drain(child.stderr.take().unwrap());
    let start = Instant::now();
    let (code, hung) = loop {
        if let Some(status) = child.try_wait().expect("waiting for arbiter") {
            break (status.code(), false);
        }
        if start.elapsed() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            break (None, true);
        }
        std::thread::sleep(Duration::from_millis(2));
    };
    Run {
        code,
        out: out.join().unwrap_or_default(),
        err: err.join().unwrap_or_default(),
        hung,
    }
}

fn drain(mut pipe: impl Read + Send + 'static) -> std::thread::JoinHandle<String> {
    std::thread::spawn(move || {
        let mut bytes = Vec::new();
        let _ = pipe.read_to_end(&mut bytes);
        String::from_utf8_lossy(&bytes).into_owned()
    })
}

/// A port free on 127.0.0.1 right now.
pub fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

/// A write token for the store in `data` (`arbiter keys new-token`).
pub fn new_token(data: &Path) -> String {
    let run = arbiter(
        &[
            "keys",
            "new-token",
            "--admin",
            "--data",
            data.to_str().unwrap(),
        ],
        Duration::from_secs(20),
    );
    assert_eq!(run.code, Some(0), "keys new-token: {}", run.summary());
    run.out.trim().to_string()
}

/// `arbiter serve` as a child, on its own port.
pub struct Server {
    child: Child,
    pub addr: SocketAddr,
    /// Where its stderr goes (read it when it fails).
    pub log: PathBuf,
}

impl Server {
    /// Starts `arbiter serve` on `data` and waits (up to 30 s) until it
    /// accepts connections; its stderr goes to `log`.
    pub fn start(data: &Path, log: &Path) -> Server {
        Server::start_with(data, log, &[])
    }

    /// [`Server::start`] with more arguments to `serve`. The server takes
    /// any free port (`--addr 127.0.0.1:0`) and says which on its log; the
    /// port is read from there, so no other test's server can be mistaken
    /// for this one (a port probed free and bound later can be taken in
    /// between, and a probe would then reach the wrong server).
    pub fn start_with(data: &Path, log: &Path, more: &[&str]) -> Server {
        let stderr = std::fs::File::create(log).expect("the server log");
        let child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
            .args(["serve", "--addr", "127.0.0.1:0", "--data"])
            .arg(data)
            .args(more)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(stderr)
            .spawn()
            .expect("arbiter serve starts");
        let mut server = Server {
            child,
            addr: SocketAddr::from(([127, 0, 0, 1], 0)),
            log: log.to_path_buf(),
        };
        let start = Instant::now();
        loop {
            let said = std::fs::read_to_string(log).unwrap_or_default();
            if let Some(addr) = listening_on(&said) {
                server.addr = addr;
                return server;
            }
            if let Some(status) = server.child.try_wait().unwrap() {
                panic!("arbiter serve exited ({status}) before listening: {said}");
            }
            if start.elapsed() > Duration::from_secs(30) {
                server.kill9();
                panic!("arbiter serve did not listen within 30 s: {said}");
            }
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    /// `kill -9`: the process ends at once, with nothing flushed or closed.
    pub fn kill9(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// A request to the server (see [`request`]).
    pub fn request(
        &self,
        method: &str,
        path: &str,
        token: Option<&str>,
        body: Option<&str>,
    ) -> std::io::Result<(u16, String)> {
        request(self.addr, method, path, token, body)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.kill9();
    }
}

/// The address a server's log says it listens on (`arbiter serving on
/// http://127.0.0.1:PORT (…)`), once the line is whole.
fn listening_on(log: &str) -> Option<SocketAddr> {
    log.split_inclusive('\n')
        .filter(|l| l.ends_with('\n'))
        .find_map(|l| l.strip_prefix("arbiter serving on http://"))
        .and_then(|rest| rest.split_once(' '))
        .and_then(|(addr, _)| addr.parse().ok())
}

/// One HTTP/1.1 request with `Connection: close`: (status, body). An error
/// when the connection fails or closes before a whole response (as when
/// the server is killed mid-request).
pub fn request(
    addr: SocketAddr,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: Option<&str>,
) -> std::io::Result<(u16, String)> {
    let mut stream = TcpStream::connect_timeout(&addr, Duration::from_secs(5))?;
    stream.set_read_timeout(Some(Duration::from_secs(30)))?;
    let body = body.unwrap_or("");
    let mut head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Length: {}\r\n",
        body.len()
    );
    if !body.is_empty() {
        head.push_str("Content-Type: application/json\r\n");
    }
    if let Some(t) = token {
        head.push_str(&format!("Authorization: Bearer {t}\r\n"));
    }
    head.push_str("\r\n");
    stream.write_all(head.as_bytes())?;
    stream.write_all(body.as_bytes())?;
    let mut bytes = Vec::new();
    stream.read_to_end(&mut bytes)?;
    let text = String::from_utf8_lossy(&bytes);
    let broken = || std::io::Error::new(std::io::ErrorKind::UnexpectedEof, "incomplete response");
    let (head, rest) = text.split_once("\r\n\r\n").ok_or_else(broken)?;
    let status: u16 = head
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .ok_or_else(broken)?;
    let headers = head.to_ascii_lowercase();
    let body = if headers.contains("transfer-encoding: chunked") {
        unchunk(rest).ok_or_else(broken)?
    } else {
        let length = headers
            .lines()
            .find_map(|l| l.strip_prefix("content-length:"))
            .and_then(|v| v.trim().parse::<usize>().ok());
        match length {
            Some(n) if rest.len() < n => return Err(broken()),
            _ => rest.to_string(),
        }
    };
    Ok((status, body))
}

/// A chunked body, whole; `None` when it ends before its last chunk.
fn unchunk(mut rest: &str) -> Option<String> {
    let mut out = String::new();
    loop {
        let (size, after) = rest.split_once("\r\n")?;
        let size = usize::from_str_radix(size.split(';').next()?.trim(), 16).ok()?;
        if size == 0 {
            return Some(out);
        }
        out.push_str(after.get(..size)?);
        rest = after.get(size + 2..)?;
    }
}

/// splitmix64: small, and the same draws on every platform, so a seeded
/// harness run can be repeated.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
}

/// The seed in the environment variable `var`, or `default`.
pub fn seed(var: &str, default: u64) -> u64 {
    std::env::var(var)
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default)
}
