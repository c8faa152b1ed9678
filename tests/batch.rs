//! `arbiter solve <game> --batch`: every line answered exactly as the
//! single `--json` form answers it, a malformed line named, not the end.

use crate::common;

use common::cli::{arbiter, arbiter_fed};
use serde_json::Value;

fn board_file(dir: &tempfile::TempDir, name: &str, rows: &[&str]) -> String {
    let path = dir.path().join(name);
    std::fs::write(&path, rows.join("\n")).unwrap();
    path.to_str().unwrap().to_string()
}

/// A batch answers each question line exactly as the single `--json` form
/// does (`single` gives its stdout, or None when it exits 2), and a
/// malformed line is an error naming its line number, not the end.
fn assert_batch_matches(
    game: &str,
    questions: &[&str],
    single: impl Fn(&str) -> Option<String>,
    same: impl Fn(&str) -> String,
) {
    let dir = tempfile::tempdir().unwrap();
    let input = format!("# a comment\n\n{}\n", questions.join("\n"));
    let file = dir.path().join("questions.txt");
    std::fs::write(&file, &input).unwrap();
    let (code, out, err) = arbiter(&["solve", game, "--batch", file.to_str().unwrap()]);
    assert_eq!(code, 2, "a malformed line makes the exit 2: {err}");
    assert!(err.contains("malformed"), "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines.len(),
        questions.len(),
        "one answer a question:\n{out}"
    );
    for (i, (q, got)) in questions.iter().zip(&lines).enumerate() {
        match single(q) {
            Some(want) => assert_eq!(same(got), same(want.trim_end()), "{q}"),
            None => {
                let v: Value = serde_json::from_str(got).unwrap();
                let why = v["error"].as_str().unwrap_or_default();
                assert!(why.starts_with(&format!("line {}: ", i + 3)), "{q}: {got}");
            }
        }
    }
    let (code, piped, _) = arbiter_fed(&["solve", game, "--batch", "-"], &input);
    assert_eq!(
        (code, same(&piped)),
        (2, same(&out)),
        "stdin reads the same"
    );
}

#[test]
fn rush_hour_batch_answers_each_board_as_a_single_run_does() {
    let boards = [
        "..Y.....Y...ZZ......................",
        "GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo",
        "............ZZx.....................",
        "ZZ..",
        "BB.C...D.CEE.DAAFGH.IIFGH.JKK.LLJ...",
    ];
    let single = |b: &str| match arbiter(&["solve", "rush-hour", "--board", b, "--json"]) {
        (0, out, _) => Some(out),
        (2, _, _) => None,
        other => panic!("{b}: {other:?}"),
    };
    assert_batch_matches("rush-hour", &boards, single, str::to_string);
    let (code, _, err) = arbiter(&["solve", "rush-hour", "--board", boards[0], "--batch", "-"]);
    assert_eq!(code, 2, "--batch or --board, not both: {err}");
}

#[test]
fn dodgem_and_duorail_batches_answer_as_single_runs_do() {
    let questions = [
        "3",
        "B../B../.RR:B",
        "4 stuck-wins",
        "B../B:B",
        "3 sideways",
    ];
    let single = |q: &str| {
        let mut args = vec!["solve", "dodgem", "--json"];
        let words: Vec<&str> = q.split_whitespace().collect();
        if words[0].parse::<u8>().is_ok() {
            args.extend(["--size", words[0]]);
        } else {
            args.extend(["--position", words[0]]);
        }
        if let Some(rule) = words.get(1) {
            args.extend(["--rule", rule]);
        }
        match arbiter(&args) {
            (0, out, _) => Some(out),
            (2, _, _) => None,
            other => panic!("{q}: {other:?}"),
        }
    };
    // The time taken is no part of the answer.
    let untimed = |out: &str| {
        out.lines()
            .map(|l| {
                let mut v: Value = serde_json::from_str(l).unwrap();
                if let Some(o) = v.as_object_mut() {
                    o.remove("seconds");
                }
                v.to_string()
            })
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_batch_matches("dodgem", &questions, single, untimed);

    let dir = tempfile::tempdir().unwrap();
    let empty = board_file(&dir, "empty.txt", &[". . . . . . . . ."; 9]);
    let (blue, green) = (format!("{empty} blue"), format!("{empty} green"));
    let single = |q: &str| {
        let w: Vec<&str> = q.split_whitespace().collect();
        match arbiter(&[
            "solve", "duorail", "--board", w[0], "--color", w[1], "--json",
        ]) {
            (0, out, _) => Some(out),
            (2, _, _) => None,
            other => panic!("{q}: {other:?}"),
        }
    };
    assert_batch_matches("duorail", &[&blue, &green], single, str::to_string);
}

/// From standard input each answer is written as soon as it is made: a
/// script can ask one question, read its answer, then ask the next.
#[test]
fn answers_from_standard_input_come_one_at_a_time() {
    use std::io::{BufRead, BufReader, Write};
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["solve", "rush-hour", "--batch", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut ask = child.stdin.take().unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    let stdout = child.stdout.take().unwrap();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            if tx.send(line.unwrap()).is_err() {
                break;
            }
        }
    });
    for board in [
        "..Y.....Y...ZZ......................",
        "............ZZ......................",
    ] {
        writeln!(ask, "{board}").unwrap();
        ask.flush().unwrap();
        // The input stays open: the answer must come before it ends.
        let answer = rx
            .recv_timeout(std::time::Duration::from_secs(20))
            .expect("an answer while the input is still open");
        let v: Value = serde_json::from_str(&answer).unwrap();
        assert!(v.get("error").is_none(), "{answer}");
    }
    drop(ask);
    assert!(child.wait().unwrap().success());
}
