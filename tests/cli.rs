//! The command line as scripts use it: `arbiter solve rush-hour --json`
//! (a public interface, see INTERFACES.md) and `arbiter verify`.

use crate::common;

use std::process::Command;

use common::cli::arbiter;

use serde_json::Value;

fn solve(board: &str) -> (i32, Value, String) {
    let (code, out, err) = arbiter(&["solve", "rush-hour", "--board", board, "--json"]);
    let json = serde_json::from_str(&out).unwrap_or(Value::Null);
    (code, json, err)
}

fn rows(r: [&str; 6]) -> String {
    r.concat()
}

#[test]
fn solve_prints_the_optimal_solution_as_json() {
    let (code, v, _) = solve(&rows([
        "..Y...", "..Y...", "ZZ....", "......", "......", "......",
    ]));
    assert_eq!(code, 0);
    assert_eq!(v["solvable"], true);
    assert_eq!(v["optimal_moves"], 1, "Y is not in row 3: the row is clear");
    let (code, v, _) = solve(&rows([
        "......", "......", "ZZY...", "..Y...", "......", "......",
    ]));
    assert_eq!(code, 0);
    assert_eq!(v["optimal_moves"], 2);
    let sol: Vec<&str> = v["solution"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    assert_eq!(sol.len(), 2);
    assert!(sol[0].starts_with("Y "));
    assert_eq!(sol[1], "Z right");
}

#[test]
fn solve_uses_the_boards_own_letters_and_o_for_empty() {
    let (code, v, _) = solve(&rows([
        "oooooo", "oooooo", "AAoooo", "oooooo", "oooooo", "oooooo",
    ]));
    assert_eq!(code, 0);
    assert_eq!(v["solution"][0], "A right");
}

#[test]
fn unsolvable_is_an_answer_not_an_error() {
    let (code, v, _) = solve("............ZZx.....................");
    assert_eq!(code, 0);
    assert_eq!(v["solvable"], false);
    assert_eq!(v["optimal_moves"], Value::Null);
    assert_eq!(v["solution"], serde_json::json!([]));
}

#[test]
fn malformed_boards_exit_2_naming_the_problem() {
    for (board, says) in [
        ("ZZ..", "36 characters"),
        ("....................................", "no taxi"),
        ("ZZ..................................", "row 3"),
        ("Y......Y....ZZ......................", "not in a line"),
        ("?...........ZZ......................", "'?'"),
    ] {
        let (code, _, err) = solve(board);
        assert_eq!(code, 2, "{board}");
        assert!(err.contains(says), "{board}: {err}");
        assert_eq!(err.trim().lines().count(), 1, "one line: {err}");
    }
}

/// `arbiter verify` exits 4 for a match that is not there (and for a
/// store that cannot be opened), 2 for a malformed id or bad usage.
#[test]
fn verify_exits_4_for_a_missing_match_and_2_for_bad_usage() {
    let dir = tempfile::tempdir().unwrap();
    // An empty store (verify never makes one).
    drop(arbiter::log::SledStore::open(dir.path()).unwrap());
    let data = dir.path().to_str().unwrap();
    let (code, _, err) = arbiter(&["verify", "no-such-match", "--data", data]);
    assert_eq!(code, 4, "{err}");
    assert!(err.contains("no-such-match"), "{err}");
    let (code, _, err) = arbiter(&["verify", "Bad Id", "--data", data]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("not a match id"), "{err}");
    let (code, _, err) = arbiter(&["verify", "--data", data]);
    assert_eq!(code, 2, "no match id is bad usage: {err}");
    let (code, _, err) = arbiter(&["verify", "x", "--no-such-flag"]);
    assert_eq!(code, 2, "{err}");
    // A data directory that is a file: the store cannot be opened.
    let file = dir.path().join("not-a-dir");
    std::fs::write(&file, "plain text").unwrap();
    let (code, _, err) = arbiter(&["verify", "m", "--data", file.to_str().unwrap()]);
    assert_eq!(code, 4, "{err}");
}

/// Exit 0: the chain is intact and every finding agrees (and no rule
/// error stands); the `--help` text states every code.
#[test]
fn verify_exits_0_when_every_finding_agrees() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().to_str().unwrap();
    let sample = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/data/samples/tj-penzo-cup-final.json"
    );
    let (code, _, err) = arbiter(&["load", sample, "--data", data]);
    assert_eq!(code, 0, "{err}");
    let (code, out, err) = arbiter(&["verify", "tj-penzo-cup-final", "--data", data, "--json"]);
    assert_eq!(code, 0, "{err}");
    let report: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(report["rule_errors"], serde_json::json!([]));
    assert!(report["findings"]
        .as_array()
        .unwrap()
        .iter()
        .all(|f| f["verdict"] != "disagrees"));
    let (code, out, _) = arbiter(&["verify", "--help"]);
    assert_eq!(code, 0);
    for says in [
        "0 the chain is intact",
        "1 a finding disagrees",
        "2 bad usage",
        "3 the chain is broken",
        "4 any other failure",
    ] {
        assert!(out.contains(says), "--help says '{says}': {out}");
    }
}

/// Exit 1: a finding disagrees with a ruling (the sample whose round 3
/// was ruled wrongly), or a rule error stands; the report is still printed
/// whole.
#[test]
fn verify_exits_1_when_a_finding_disagrees_or_a_rule_error_stands() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("db");
    let data = data.to_str().unwrap();
    let sample = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/data/samples/tj-simply-genius-dm4.json"
    );
    let (code, _, err) = arbiter(&["load", sample, "--data", data]);
    assert_eq!(code, 0, "{err}");
    let (code, out, err) = arbiter(&["verify", "tj-simply-genius-dm4", "--data", data, "--json"]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("1 finding disagrees"), "{err}");
    let report: Value = serde_json::from_str(&out).expect("the JSON report is printed whole");
    assert_eq!(report["chain"]["first_bad"], Value::Null);

    // A match that agrees everywhere but holds one rule error: exit 1.
    let mut file: Value = serde_json::from_str(
        &std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/data/samples/tj-penzo-cup-final.json"
        ))
        .unwrap(),
    )
    .unwrap();
    file["id"] = "with-a-rule-error".into();
    let last = file["events"].as_array().unwrap().last().unwrap().clone();
    let mut stray = last.clone();
    stray["actor"] = serde_json::json!({"player": "mira"});
    stray["body"] = serde_json::json!("pass");
    file["events"].as_array_mut().unwrap().push(stray);
    let path = dir.path().join("m.json");
    std::fs::write(&path, file.to_string()).unwrap();
    let (code, _, err) = arbiter(&["load", path.to_str().unwrap(), "--data", data]);
    assert_eq!(code, 0, "{err}");
    let (code, out, err) = arbiter(&["verify", "with-a-rule-error", "--data", data, "--json"]);
    assert_eq!(code, 1, "{err}");
    let report: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        report["rule_errors"].as_array().unwrap().len(),
        1,
        "{report}"
    );
}

/// Exit 3: the chain is broken. The store's bytes are altered behind its
/// back (one flipped bit inside a stored event), and verify names the seq.
#[test]
fn verify_exits_3_when_the_chain_is_broken() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("db");
    let data_s = data.to_str().unwrap();
    let sample = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/data/samples/tj-penzo-cup-final.json"
    );
    let (code, _, err) = arbiter(&["load", sample, "--data", data_s]);
    assert_eq!(code, 0, "{err}");
    {
        // The store's own layout: tree `events`, key = id, 0, seq (u64 BE).
        let db = sled::open(data.join("sled")).unwrap();
        let events = db.open_tree("events").unwrap();
        let mut key = b"tj-penzo-cup-final\0".to_vec();
        key.extend_from_slice(&5u64.to_be_bytes());
        let mut value = events.get(&key).unwrap().expect("seq 5 is stored").to_vec();
        let at = value.len() - 40; // inside the event, before the seal's tail
        value[at] ^= 0x01;
        events.insert(key, value).unwrap();
        db.flush().unwrap();
    }
    let (code, out, err) = arbiter(&["verify", "tj-penzo-cup-final", "--data", data_s, "--json"]);
    assert_eq!(code, 3, "{err}");
    let report: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(report["chain"]["first_bad"]["seq"], 5, "{report}");
}

#[test]
fn load_verify_and_export_a_sample() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().to_str().unwrap();
    let sample = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/data/samples/tj-simply-genius-dm4.json"
    );
    let (code, out, err) = arbiter(&["load", sample, "--data", data]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("64 events"), "{out}");
    let (code, _, err) = arbiter(&["load", sample, "--data", data]);
    assert_eq!(code, 2, "loading the same id twice is refused: {err}");

    let (code, out, _) = arbiter(&["verify", "tj-simply-genius-dm4", "--data", data, "--json"]);
    assert_eq!(code, 1, "a finding disagrees");
    let report: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(report["chain"]["events"], 64);
    let verdicts: Vec<&str> = report["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["verdict"].as_str().unwrap())
        .collect();
    assert_eq!(
        verdicts,
        ["agrees", "agrees", "disagrees", "agrees", "agrees"]
    );

    let (code, out, _) = arbiter(&["verify", "tj-simply-genius-dm4", "--data", data]);
    assert_eq!(code, 1);
    assert!(out.contains("1 disagrees with the ruling"), "{out}");

    let (code, out, _) = arbiter(&["export", "tj-simply-genius-dm4", "--data", data]);
    assert_eq!(code, 0);
    let exported: Value = serde_json::from_str(&out).unwrap();
    let original: Value = serde_json::from_str(&std::fs::read_to_string(sample).unwrap()).unwrap();
    assert_eq!(
        exported["events"], original["events"],
        "export gives back what was loaded"
    );
}

fn board_file(dir: &tempfile::TempDir, name: &str, rows: &[&str]) -> String {
    let path = dir.path().join(name);
    std::fs::write(&path, rows.join("\n")).unwrap();
    path.to_str().unwrap().to_string()
}

#[test]
fn duorail_solve_and_check_print_the_interface_json() {
    let dir = tempfile::tempdir().unwrap();
    let empty = board_file(&dir, "empty.txt", &[". . . . . . . . ."; 9]);
    let (code, out, _) = arbiter(&[
        "solve", "duorail", "--board", &empty, "--color", "blue", "--json",
    ]);
    assert_eq!(code, 0);
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["exists"], true);
    assert_eq!(v["longest"], 80);
    let track = v["track"].as_str().unwrap().to_string();

    let (code, out, _) = arbiter(&[
        "check", "duorail", "--board", &empty, "--color", "red", "--track", &track, "--json",
    ]);
    assert_eq!(code, 0);
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["valid"], true);
    assert_eq!(v["length"], 80);

    let mut rows = vec![". . . . . . . . ."; 9];
    rows[0] = "R:UL . . . . . . . .";
    let off = board_file(&dir, "off.txt", &rows);
    let (code, out, _) = arbiter(&[
        "solve", "duorail", "--board", &off, "--color", "red", "--json",
    ]);
    assert_eq!(code, 0, "no track is an answer, not an error");
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["exists"], false);
    assert_eq!(v["longest"], 0);
    assert!(v.get("track").is_none());

    let (code, out, _) = arbiter(&[
        "check", "duorail", "--board", &off, "--color", "blue", "--track", "A1 RDLU", "--json",
    ]);
    assert_eq!(code, 0);
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["valid"], false);
    assert!(v["error"].as_str().unwrap().contains("A1"), "{v}");

    // A board the rules cannot hold is malformed (RULINGS: common pieces
    // are straight, at most 2): exit 2 naming why.
    let mut rows = vec![". . . . . . . . ."; 9];
    rows[4] = ". . . . C:UR . . . .";
    let bent = board_file(&dir, "bent.txt", &rows);
    rows[4] = ". . . . . . . . .";
    rows[0] = "C:LR . . . . . . . .";
    rows[1] = "C:LR . . . . . . . .";
    rows[2] = "C:UD . . . . . . . .";
    let three = board_file(&dir, "three.txt", &rows);
    for (board, why) in [(&bent, "is a bend"), (&three, "at most 2")] {
        let (code, _, err) = arbiter(&[
            "solve", "duorail", "--board", board, "--color", "blue", "--json",
        ]);
        assert_eq!(code, 2, "{err}");
        assert!(err.contains(why), "{err}");
    }
}

/// A Bejeweled grid with a rock below a gem is one no game makes (rocks
/// form at a column's top): `solve` and `check` refuse it, exit 2, naming
/// the rock; rocks at the top are read.
#[test]
fn bejeweled_rock_below_a_gem_exits_2() {
    let dir = tempfile::tempdir().unwrap();
    let mut rows = vec![
        "RBGYPRBG", "BGYPRBGY", "GYPRBGYP", "YPRBGYPR", "PRBGYPRB", "RBGYPRBG", "BGYPRBGY",
    ];
    rows[0] = "#BGYPRBG";
    let top = board_file(&dir, "top.txt", &rows);
    rows[4] = "PR#GYPRB";
    let low = board_file(&dir, "low.txt", &rows);
    let proof = "active plus F4; passive bend; swap A2 A3";
    let check = |grid: &str| {
        arbiter(&[
            "check",
            "bejeweled",
            "--grid",
            grid,
            "--proof",
            proof,
            "--json",
        ])
    };
    let (code, _, err) = check(&top);
    assert_eq!(code, 0, "{err}");
    let offer = "swap,bend,plus";
    let solve = arbiter(&[
        "solve",
        "bejeweled",
        "--grid",
        &low,
        "--offer",
        offer,
        "--json",
    ]);
    for (code, _, err) in [solve, check(&low)] {
        assert_eq!(code, 2, "{err}");
        assert!(err.contains("rock on C5 has a gem above it"), "{err}");
    }
}

#[test]
fn duorail_malformed_input_exits_2() {
    let dir = tempfile::tempdir().unwrap();
    let short = board_file(&dir, "short.txt", &[". . . . . . . . ."; 4]);
    let bad = board_file(&dir, "bad.txt", &["B:XY . . . . . . . ."; 9]);
    let good = board_file(&dir, "good.txt", &[". . . . . . . . ."; 9]);
    for args in [
        vec![
            "solve", "duorail", "--board", &short, "--color", "blue", "--json",
        ],
        vec![
            "solve", "duorail", "--board", &bad, "--color", "blue", "--json",
        ],
        vec![
            "solve", "duorail", "--board", &good, "--color", "green", "--json",
        ],
        vec![
            "solve",
            "duorail",
            "--board",
            "/no/such/file",
            "--color",
            "red",
            "--json",
        ],
        vec![
            "check", "duorail", "--board", &good, "--color", "red", "--track", "Z9 RR", "--json",
        ],
    ] {
        let (code, _, err) = arbiter(&args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert_eq!(err.trim().lines().count(), 1, "{err}");
    }
}

#[test]
fn dodgem_permutation_and_xs_and_lines_answer_in_the_interface_json() {
    let (code, out, _) = arbiter(&["solve", "dodgem", "--size", "3", "--json"]);
    assert_eq!(code, 0);
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["reachable"], 1963);
    assert_eq!(v["start"]["value"], "win");
    assert_eq!(v["start"]["remoteness"], 19);
    let c = &v["counts"];
    assert_eq!(
        c["win"].as_u64().unwrap() + c["lose"].as_u64().unwrap() + c["draw"].as_u64().unwrap(),
        1963
    );
    let (code, out, _) = arbiter(&["solve", "dodgem", "--position", "B../B../.RR:B", "--json"]);
    assert_eq!(code, 0);
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["value"], "win");
    assert_eq!(v["moves"].as_array().unwrap().len(), 3);
    assert!(v["moves"]
        .as_array()
        .unwrap()
        .iter()
        .any(|m| m["value"] == "win"));
    let (code, _, err) = arbiter(&["solve", "dodgem", "--position", "B../B:B", "--json"]);
    assert_eq!(code, 2, "{err}");

    let dir = tempfile::tempdir().unwrap();
    let perm = dir.path().join("perm.txt");
    std::fs::write(&perm, "players 2\nperm 5 1 2 6 4 7 3\n").unwrap();
    let (code, out, _) = arbiter(&[
        "solve",
        "permutation",
        "--position",
        perm.to_str().unwrap(),
        "--json",
    ]);
    assert_eq!(code, 0);
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["best"], "G3");
    assert_eq!(v["line"][0], "A5");
    assert_eq!(v["totals"].as_array().unwrap().len(), 2);

    let xs = dir.path().join("xs.txt");
    std::fs::write(&xs, "size 4\nxs A1 B1 C1\nlines -\nfrom any\n").unwrap();
    let (code, out, _) = arbiter(&[
        "solve",
        "xs-and-lines",
        "--position",
        xs.to_str().unwrap(),
        "--json",
    ]);
    assert_eq!(code, 0);
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["value"], "win");
    assert!(v["moves"]
        .as_array()
        .unwrap()
        .iter()
        .any(|m| m["line"] == "A1-B1" && m["value"] == "win"));
    std::fs::write(&xs, "size 4\nxs A1 B1 C1\nlines A1-C1\n").unwrap();
    let (code, _, err) = arbiter(&[
        "solve",
        "xs-and-lines",
        "--position",
        xs.to_str().unwrap(),
        "--json",
    ]);
    assert_eq!(code, 2, "a line over an x is malformed input: {err}");
}

/// The appeal bundle from the command line: written from the store,
/// checked with nothing but the file (and a receipt kept from earlier),
/// rejected when one byte changes; a rotated key keeps old checkpoints
/// verifying.
#[test]
fn export_a_bundle_and_check_it_offline() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("db");
    let data = data.to_str().unwrap();
    let sample = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/data/samples/tj-simply-genius-dm4.json"
    );
    let (code, _, err) = arbiter(&["load", sample, "--data", data]);
    assert_eq!(code, 0, "{err}");
    let id = "tj-simply-genius-dm4";
    let file = dir.path().join("m.arb");
    let file = file.to_str().unwrap();
    let (code, _, err) = arbiter(&["export", id, "--data", data, "--bundle", file]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("64 events"), "{err}");

    // Checked with no store: the findings come out, the disputed round too.
    let (code, out, err) = arbiter(&["check-bundle", file, "--json"]);
    assert_eq!(code, 0, "{err}");
    let report: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(report["events"], 64);
    assert_eq!(report["checkpoint"]["size"], 64);
    let verdicts: Vec<&str> = report["report"]["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["verdict"].as_str().unwrap())
        .collect();
    assert_eq!(
        verdicts,
        ["agrees", "agrees", "disagrees", "agrees", "agrees"]
    );
    let receipt = dir.path().join("receipt.json");
    std::fs::write(&receipt, report["checkpoint"].to_string()).unwrap();

    // One altered byte: rejected (exit 1) with what and where.
    let mut bytes = std::fs::read(file).unwrap();
    let at = bytes.len() / 2;
    bytes[at] ^= 0x01;
    let bad = dir.path().join("bad.arb");
    std::fs::write(&bad, &bytes).unwrap();
    let (code, _, err) = arbiter(&["check-bundle", bad.to_str().unwrap()]);
    assert_eq!(code, 1, "{err}");
    assert!(!err.trim().is_empty());
    // Not a bundle at all: exit 2 and what to do.
    let (code, _, err) = arbiter(&["check-bundle", sample]);
    assert_eq!(code, 2);
    assert!(err.contains("arbiter export"), "{err}");

    // A new key: the old one stays published, and a bundle made after the
    // rotation still checks against the receipt signed by the old key.
    let (code, out, err) = arbiter(&["keys", "rotate", "--data", data]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("stays published"), "{out}");
    let (code, _, err) = arbiter(&["export", id, "--data", data, "--bundle", file]);
    assert_eq!(code, 0, "{err}");
    let (code, out, err) = arbiter(&[
        "check-bundle",
        file,
        "--receipt",
        receipt.to_str().unwrap(),
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let after: Value = serde_json::from_str(&out).unwrap();
    assert_ne!(
        after["checkpoint"]["key_id"], report["checkpoint"]["key_id"],
        "the new checkpoint is signed by the new key"
    );
    assert!(
        after["receipt"].as_str().unwrap().contains("prefix"),
        "{after}"
    );
}

/// A closed standard output (`arbiter … | head -c 5`) ends the program
/// quietly with the shell's closed-pipe code, never a panic.
#[test]
fn a_closed_stdout_ends_quietly() {
    use std::io::Read;
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("talk.txt");
    let mut text = String::new();
    for i in 0..10_000 {
        let who = ["kg", "mira", "jonas"][i % 3];
        text.push_str(&format!(
            "[11/21/2026 3:{:02} PM] {who}\nhello\n\n",
            (i / 200) % 60
        ));
    }
    std::fs::write(&file, text).unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args([
            "import",
            file.to_str().unwrap(),
            "--game",
            "rush-hour",
            "--players",
            "mira,jonas",
            "--host",
            "kg",
            "--date",
            "2026-11-21",
            "--json",
        ])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut out = child.stdout.take().unwrap();
    let mut first = [0u8; 5];
    out.read_exact(&mut first).unwrap();
    drop(out);
    let done = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&done.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert_eq!(done.status.code(), Some(141), "{stderr}");
}

/// Reading commands never make a store: a mistyped --data says so.
#[test]
fn verify_and_export_on_a_directory_without_a_store_say_so_and_make_none() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("db");
    let data = data.to_str().unwrap();
    for args in [
        vec!["verify", "x", "--data", data],
        vec!["export", "x", "--data", data],
    ] {
        let (code, _, err) = arbiter(&args);
        assert_ne!(code, 0, "{args:?}");
        assert!(err.contains("there is no arbiter store in"), "{err}");
    }
    assert_eq!(
        std::fs::read_dir(dir.path()).unwrap().count(),
        0,
        "nothing was created"
    );
    // A bad address fails before any store is made.
    let (code, _, err) = arbiter(&["serve", "--addr", "256.1.1.1:99999", "--data", data]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("not an address to listen on"), "{err}");
    assert_eq!(
        std::fs::read_dir(dir.path()).unwrap().count(),
        0,
        "nothing was created"
    );
}

/// A port another program holds is named with what to do, not left as a
/// bare "Address in use".
#[test]
fn serve_names_a_port_another_program_holds() {
    let dir = tempfile::tempdir().unwrap();
    let held = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = held.local_addr().unwrap().to_string();
    let data = dir.path().join("db");
    let (code, _, err) = arbiter(&["serve", "--addr", &addr, "--data", data.to_str().unwrap()]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains(&format!("could not listen on {addr}"))
            && err.contains("another program holds that port")
            && err.contains("--addr"),
        "{err}"
    );
    assert!(!err.contains("arbiter serving on"), "{err}");
}

/// A match sled lost whole (events and head gone, as after a flipped byte)
/// looked like "no such match"; the witness journal makes `verify` name
/// the loss and exit 3.
#[test]
fn verify_names_a_match_the_store_lost() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("db");
    let file = dir.path().join("game.txt");
    std::fs::write(
        &file,
        std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/data/import/dodgem-unread-setup.txt"
        ))
        .unwrap(),
    )
    .unwrap();
    let d = data.to_str().unwrap();
    let (code, _, err) = arbiter(&[
        "import",
        file.to_str().unwrap(),
        "--game",
        "dodgem",
        "--players",
        "fern,mossy_k",
        "--host",
        "quill",
        "--alias",
        "Fern=fern",
        "--alias",
        "Moss=mossy_k",
        "--date",
        "2026-11-20",
        "--read",
        "1=fern plays blue",
        "--commit",
        "--id",
        "dg",
        "--data",
        d,
    ]);
    assert_eq!(code, 0, "{err}");
    let (code, out, err) = arbiter(&["verify", "dg", "--data", d]);
    assert_eq!(code, 0, "{out} {err}");
    // One byte of the kept transcript changed: `verify --all` names it,
    // and `export` gives no file of the match as if it were whole.
    let kept = std::fs::read_dir(data.join("transcripts").join("dg"))
        .unwrap()
        .next()
        .unwrap()
        .unwrap()
        .path();
    let original = std::fs::read(&kept).unwrap();
    let mut changed = original.clone();
    let at = changed.windows(8).position(|w| w == b"sapphire").unwrap();
    changed[at] = b'S';
    std::fs::write(&kept, &changed).unwrap();
    let (code, out, err) = arbiter(&["verify", "--all", "--data", d]);
    assert_eq!(code, 3, "{out} {err}");
    assert!(
        out.contains("DAMAGED match dg: its kept transcript"),
        "{out}"
    );
    let (code, out, err) = arbiter(&["export", "dg", "--data", d]);
    assert_eq!((code, out.as_str()), (3, ""), "{err}");
    std::fs::write(&kept, &original).unwrap();
    {
        // sled drops the match: every event and its head.
        let db = sled::open(data.join("sled")).unwrap();
        let events = db.open_tree("events").unwrap();
        for key in events.scan_prefix(b"dg\0").keys() {
            events.remove(key.unwrap()).unwrap();
        }
        db.open_tree("heads").unwrap().remove("dg").unwrap();
        db.flush().unwrap();
    }
    let (code, out, err) = arbiter(&["verify", "dg", "--data", d]);
    assert_eq!(code, 3, "{out} {err}");
    assert!(
        out.contains("the store holds 0 events but 14 were acknowledged"),
        "{out} {err}"
    );
}

/// `verify --all` names every damaged match, also the two a list of heads
/// would miss: one whose head sled lost (its events remain) and one lost
/// whole (only the witness still names it); the intact one is `ok`.
#[test]
fn verify_all_names_a_match_without_its_head_and_one_lost_whole() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("db");
    let d = data.to_str().unwrap();
    for name in ["xl-inkwell-dm3", "dg-bumper-cup-r2", "pm-abacus-final"] {
        let file = format!("{}/data/samples/{name}.json", env!("CARGO_MANIFEST_DIR"));
        let (code, _, err) = arbiter(&["load", &file, "--data", d]);
        assert_eq!(code, 0, "{err}");
    }
    let (code, out, err) = arbiter(&["verify", "--all", "--data", d]);
    assert_eq!(code, 0, "{out} {err}");
    assert_eq!(
        out.lines().filter(|l| l.starts_with("ok ")).count(),
        3,
        "{out}"
    );
    {
        let db = sled::open(data.join("sled")).unwrap();
        let heads = db.open_tree("heads").unwrap();
        heads.remove("xl-inkwell-dm3").unwrap();
        let events = db.open_tree("events").unwrap();
        for key in events.scan_prefix(b"dg-bumper-cup-r2\0").keys() {
            events.remove(key.unwrap()).unwrap();
        }
        heads.remove("dg-bumper-cup-r2").unwrap();
        db.flush().unwrap();
    }
    let (code, out, err) = arbiter(&["verify", "--all", "--data", d]);
    assert_eq!(code, 3, "{out} {err}");
    assert!(
        out.contains(
            "DAMAGED match xl-inkwell-dm3: seq 0: the match has events but no head record"
        ),
        "{out}"
    );
    assert!(
        out.contains(
            "DAMAGED match dg-bumper-cup-r2: the store holds 0 events but 19 were acknowledged"
        ),
        "{out}"
    );
    assert!(
        out.contains("ok pm-abacus-final: 20 events, head "),
        "{out}"
    );
    assert!(err.contains("2 of 3 matches damaged"), "{err}");
    // What the store lost is no match to export, and a backup of it keeps
    // the damage: both exit 3, as `verify` does.
    let (code, out, err) = arbiter(&["export", "dg-bumper-cup-r2", "--data", d]);
    assert_eq!(code, 3, "{out} {err}");
    assert!(err.contains("19 were acknowledged"), "{err}");
    let kept = dir.path().join("kept");
    let (code, _, err) = arbiter(&["backup", kept.to_str().unwrap(), "--data", d]);
    assert_eq!(code, 3, "{err}");
    assert!(err.contains("this backup holds the damage too"), "{err}");
}

/// `keys list` names each write token by an id that does not show it, and
/// `keys revoke` takes one away.
#[test]
fn tokens_are_listed_and_revoked() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("db");
    let d = data.to_str().unwrap();
    let (code, token, err) = arbiter(&["keys", "new-token", "--player", "Kit", "--data", d]);
    assert_eq!(code, 0, "{err}");
    let token = token.trim().to_string();
    let (code, list, _) = arbiter(&["keys", "list", "--data", d]);
    assert_eq!(code, 0);
    let id = list
        .split_whitespace()
        .next()
        .expect("a token id")
        .to_string();
    assert_eq!(id.len(), 12);
    assert!(!list.contains(&token), "the list never shows a token");
    assert!(
        list.contains("player Kit"),
        "each token names its person: {list}"
    );
    // A token is always for someone.
    let (code, _, err) = arbiter(&["keys", "new-token", "--data", d]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--player"), "{err}");
    let (code, _, err) = arbiter(&["keys", "revoke", &id, "--data", d]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains(&format!("revoked token {id}")), "{err}");
    let (_, list, err) = arbiter(&["keys", "list", "--data", d]);
    assert!(list.trim().is_empty(), "{list}");
    assert!(err.contains("no write tokens"), "{err}");
    let (code, _, err) = arbiter(&["keys", "revoke", &token, "--data", d]);
    assert_eq!(code, 2, "a revoked token is no token: {err}");
}

/// Issue 17: `--help` said part 1 of x's and lines is valued "up to 5×5"
/// (6×6 works), gave `--color` no words, and `import --game` named only
/// rush-hour.
#[test]
fn help_texts_say_what_the_commands_take() {
    let max = arbiter::games::xs_and_lines::placement::MAX_PLACING;
    let (code, out, _) = arbiter(&["solve", "xs-and-lines", "--help"]);
    assert_eq!(code, 0);
    assert!(out.contains(&format!("{max}×{max}")), "{out}");
    assert!(!out.contains("up to 5×5"), "{out}");
    let dir = tempfile::tempdir().unwrap();
    let xs = dir.path().join("xs.txt");
    std::fs::write(&xs, format!("size {max}\nxs A1 B3 C5 F2\nplacing\n")).unwrap();
    let (code, out, err) = arbiter(&["solve", "xs-and-lines", "--position", xs.to_str().unwrap()]);
    assert_eq!(code, 0, "a {max}×{max} part 1 is valued: {err}");
    assert!(out.contains("for the side to move"), "{out}");

    for cmd in [
        &["solve", "duorail", "--help"],
        &["check", "duorail", "--help"],
    ] {
        let (code, out, _) = arbiter(cmd);
        assert_eq!(code, 0);
        // The option in the list (the usage line names it too), with its
        // words on its line or the next.
        let list = out.split_once("\n      --color").map(|(_, l)| l);
        let words: Vec<&str> = list.into_iter().flat_map(|l| l.lines().take(2)).collect();
        assert!(words.concat().contains("blue or red"), "{cmd:?}: {out}");
    }

    let (code, out, _) = arbiter(&["import", "--help"]);
    assert_eq!(code, 0);
    for game in arbiter::games::GameKind::ALL {
        assert!(
            out.contains(game.slug()),
            "import --help names {}: {out}",
            game.slug()
        );
    }
}

/// Issue 17: Dodgem's plain output printed each move in JSON quotes
/// (`"B1N" → "win" 3`).
#[test]
fn dodgem_plain_output_has_no_json_quotes() {
    let (code, out, err) = arbiter(&["solve", "dodgem", "--position", "B../B../.RR:B"]);
    assert_eq!(code, 0, "{err}");
    assert!(!out.contains('"'), "{out}");
    let moves: Vec<&str> = out.lines().filter(|l| l.contains('→')).collect();
    assert_eq!(moves.len(), 3, "{out}");
    assert!(moves.iter().any(|m| m.contains("→ win in ")), "{out}");
}

/// Issue 17: `verify` and `export` cannot open the database while the
/// server holds it; the error says so and what to do instead.
#[test]
fn a_command_beside_a_running_server_says_what_to_do() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("db");
    let _server = common::child::Server::start(&data, &dir.path().join("serve.log"));
    let data = data.to_str().unwrap();
    for cmd in [
        &["verify", "tj-simply-genius-dm4", "--data", data][..],
        &["export", "tj-simply-genius-dm4", "--data", data][..],
    ] {
        let (code, _, err) = arbiter(cmd);
        assert_ne!(code, 0, "{cmd:?}");
        for says in [
            "arbiter serve",
            "stop the server",
            "/api/matches/<id>/verify",
        ] {
            assert!(err.contains(says), "{cmd:?} says {says:?}: {err}");
        }
    }
}
