//! Rule points the verifier once got wrong (issue 12), each played as a
//! small match through the public path: a match file stored with
//! `arbiter load`, then `arbiter verify --json`, asserting the rule error
//! or the verdict a host would read. One module per game.

use crate::common::cli;

mod bejeweled;
mod duorail;
mod rush_hour;

pub use cli::arbiter;
use serde_json::{json, Value};

/// An event of a match file: `secs` after 19:00:00 on a fixed day.
pub fn event(secs: i64, actor: Value, body: Value) -> Value {
    let at = chrono::DateTime::parse_from_rfc3339("2026-11-14T19:00:00Z").unwrap()
        + chrono::Duration::milliseconds(secs * 1000);
    json!({ "occurred_at": at.to_rfc3339(), "actor": actor, "body": body })
}

pub fn host(name: &str) -> Value {
    json!({ "host": name })
}

pub fn player(name: &str) -> Value {
    json!({ "player": name })
}

/// What `arbiter verify --json` said about a match file, after `arbiter
/// load` stored it in a fresh data directory.
pub struct Verified {
    pub code: i32,
    pub report: Value,
}

impl Verified {
    /// Every rule error as "rule: message".
    pub fn rule_errors(&self) -> Vec<String> {
        self.report["rule_errors"]
            .as_array()
            .map(|errors| {
                errors
                    .iter()
                    .map(|e| {
                        format!(
                            "{}: {}",
                            e[1].as_str().unwrap_or(""),
                            e[2].as_str().unwrap_or("")
                        )
                    })
                    .collect()
            })
            .unwrap_or_default()
    }

    /// The rule error at `seq`, if any.
    pub fn rule_error_at(&self, seq: u64) -> Option<String> {
        self.report["rule_errors"].as_array()?.iter().find_map(|e| {
            (e[0].as_u64() == Some(seq)).then(|| {
                format!(
                    "{}: {}",
                    e[1].as_str().unwrap_or(""),
                    e[2].as_str().unwrap_or("")
                )
            })
        })
    }

    /// Every finding's verdict, in order.
    pub fn verdicts(&self) -> Vec<String> {
        self.findings()
            .iter()
            .map(|f| f["verdict"].as_str().unwrap_or("").to_string())
            .collect()
    }

    pub fn findings(&self) -> Vec<Value> {
        self.report["findings"]
            .as_array()
            .cloned()
            .unwrap_or_default()
    }
}

/// Stores `events` as match `id` with `arbiter load` and verifies it.
pub fn load_and_verify(id: &str, events: Vec<Value>) -> Verified {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let file = dir.path().join(format!("{id}.json"));
    let text = serde_json::to_string_pretty(&json!({ "id": id, "events": events })).unwrap();
    std::fs::write(&file, text).expect("the match file is written");
    let data = dir.path().join("db");
    let data = data.to_str().unwrap();
    let (code, out, err) = arbiter(&["load", file.to_str().unwrap(), "--data", data]);
    assert_eq!(code, 0, "arbiter load refused the match file: {err}{out}");
    let (code, out, err) = arbiter(&["verify", id, "--data", data, "--json"]);
    let report = serde_json::from_str(&out)
        .unwrap_or_else(|e| panic!("verify --json printed no JSON ({e}): {out}{err}"));
    Verified { code, report }
}
