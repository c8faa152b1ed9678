//! `--store` on every command that opens a store, and `arbiter migrate`,
//! through the binary: an address arbiter cannot use is bad usage (exit 2)
//! that says what to write, before anything is opened or made, and never
//! shows a password; `migrate` copies one data directory into another that
//! then exports, verifies and lists tokens as the first did.

use std::path::Path;
use std::process::Command;

use crate::common;
use common::cli::arbiter;

fn s(p: &Path) -> &str {
    p.to_str().expect("a UTF-8 path")
}

fn sample(name: &str) -> String {
    format!("{}/data/samples/{name}.json", env!("CARGO_MANIFEST_DIR"))
}

/// `arbiter args…` with `ARBITER_STORE` set: (exit code, stdout, stderr).
fn with_store_env(store: &str, args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(args)
        .env("ARBITER_STORE", store)
        .output()
        .expect("the arbiter binary runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Every command that opens a store, with `--data DIR` (and what else it
/// needs to get as far as opening it).
fn store_commands(dir: &Path, data: &str) -> Vec<Vec<String>> {
    let sample = sample("dg-bumper-cup-r2");
    let bundle = dir.join("x.arb");
    let backup = dir.join("backup");
    let transcript = format!(
        "{}/tests/data/import/dodgem-unread-setup.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    let commands: Vec<Vec<&str>> = vec![
        vec!["serve", "--addr", "127.0.0.1:0"],
        vec!["verify", "dg-bumper-cup-r2"],
        vec!["verify", "--all"],
        vec!["export", "dg-bumper-cup-r2"],
        vec!["export", "dg-bumper-cup-r2", "--bundle", s(&bundle)],
        vec!["load", &sample],
        vec![
            "import",
            &transcript,
            "--game",
            "dodgem",
            "--players",
            "fern,mossy_k",
            "--host",
            "quill",
            "--commit",
        ],
        vec!["backup", s(&backup)],
        vec!["restore", s(&backup)],
        vec!["keys", "new-token", "--player", "Kit"],
        vec!["keys", "show"],
        vec!["keys", "list"],
        vec!["keys", "revoke", "0123456789ab"],
        vec!["keys", "rotate"],
        vec![
            "visibility",
            "dg-bumper-cup-r2",
            "private",
            "--admin",
            "ops",
        ],
    ];
    commands
        .into_iter()
        .map(|c| {
            let mut c: Vec<String> = c.into_iter().map(String::from).collect();
            c.extend(["--data".to_string(), data.to_string()]);
            c
        })
        .collect()
}

#[test]
fn a_store_address_arbiter_cannot_use_is_bad_usage_and_opens_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("db");
    for cmd in store_commands(dir.path(), s(&data)) {
        let args: Vec<&str> = cmd.iter().map(String::as_str).collect();
        for store in [
            "mysql://ann:secret@db.example/arbiter",
            "postgres://ann:secret@db.example:notaport/arbiter",
        ] {
            let mut flagged = args.clone();
            flagged.extend(["--store", store]);
            let said = [arbiter(&flagged), with_store_env(store, &args)];
            for (code, out, err) in said {
                assert_eq!(code, 2, "{args:?} {store}: {out} {err}");
                assert!(err.starts_with("arbiter: --store "), "{args:?}: {err}");
                assert!(
                    err.contains("postgres://USER@HOST/DATABASE"),
                    "{args:?}: {err}"
                );
                assert!(
                    !err.contains("secret"),
                    "{args:?} shows the password: {err}"
                );
                assert!(!data.exists(), "{args:?} made {}", data.display());
            }
        }
    }
    // The help shows ARBITER_STORE's name, never its value.
    let (code, out, _) = with_store_env(
        "postgres://ann:secret@db.example/arbiter",
        &["verify", "--help"],
    );
    assert_eq!(code, 0);
    assert!(out.contains("ARBITER_STORE"), "{out}");
    assert!(!out.contains("secret"), "{out}");
}

/// `--store sled` is the default said out loud: the data directory's own
/// database.
#[test]
fn store_sled_is_the_data_directorys_database() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("db");
    let d = s(&data);
    let (code, _, err) = arbiter(&[
        "load",
        &sample("xl-inkwell-dm3"),
        "--store",
        "sled",
        "--data",
        d,
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(data.join("sled").is_dir());
    let (code, out, err) = with_store_env("sled", &["verify", "--all", "--data", d]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with("ok xl-inkwell-dm3: 15 events, head "),
        "{out}"
    );
}

/// A database that cannot be reached is a store that cannot be opened:
/// `verify` exits 4 and names it without its password.
#[test]
fn verify_names_a_database_it_cannot_reach_without_its_password() {
    let dir = tempfile::tempdir().unwrap();
    let port = common::child::free_port();
    let url = format!("postgres://ann:secret@127.0.0.1:{port}/arbiter");
    let (code, out, err) = arbiter(&[
        "verify",
        "--all",
        "--store",
        &url,
        "--data",
        s(&dir.path().join("db")),
    ]);
    assert_eq!(code, 4, "{out} {err}");
    assert!(err.contains(&format!("127.0.0.1:{port}/arbiter")), "{err}");
    assert!(!err.contains("secret"), "{err}");
}

#[test]
fn migrate_copies_a_data_directory_and_a_second_run_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let (from, to) = (dir.path().join("from"), dir.path().join("to"));
    for name in ["tj-penzo-cup-final", "dr-chgg3-dm7"] {
        let (code, _, err) = arbiter(&["load", &sample(name), "--data", s(&from)]);
        assert_eq!(code, 0, "{err}");
    }
    let (code, _, err) = arbiter(&["keys", "new-token", "--host", "kg", "--data", s(&from)]);
    assert_eq!(code, 0, "{err}");

    let (code, out, err) = arbiter(&["migrate", "--from", s(&from), "--to", s(&to)]);
    assert_eq!(code, 0, "{out} {err}");
    assert!(err.contains(&format!(
        "copying the sled database in {} into the sled database in {}",
        from.display(),
        to.display()
    )));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[..2],
        [
            "match dr-chgg3-dm7: copied 29 events",
            "match tj-penzo-cup-final: copied 57 events"
        ],
        "{out}"
    );
    assert_eq!(
        lines[2],
        "2 matches: 2 copied, 0 extended, 0 already there; 1 public key published; 1 token copied, 0 already there"
    );
    // What the copy gives is what the source gives.
    for args in [
        &["export", "tj-penzo-cup-final"][..],
        &["export", "dr-chgg3-dm7"],
        &["keys", "list"],
    ] {
        let run = |data: &Path| {
            let mut a = args.to_vec();
            a.extend(["--data", s(data)]);
            arbiter(&a)
        };
        let (a, b) = (run(&from), run(&to));
        assert_eq!(a.0, 0, "{args:?}: {}", a.2);
        assert_eq!(a.1, b.1, "{args:?}");
    }
    let (code, out, err) = arbiter(&["verify", "--all", "--data", s(&to)]);
    assert_eq!(code, 0, "{out} {err}");

    let (code, out, err) = arbiter(&["migrate", "--from", s(&from), "--to", s(&to)]);
    assert_eq!(code, 0, "{out} {err}");
    assert!(
        out.contains("match tj-penzo-cup-final: already there (57 events)"),
        "{out}"
    );
    assert!(
        out.contains("2 matches: 0 copied, 0 extended, 2 already there"),
        "{out}"
    );
}

#[test]
fn migrate_refuses_bad_ends_and_names_a_match_it_would_write_over() {
    let dir = tempfile::tempdir().unwrap();
    let (from, to) = (dir.path().join("from"), dir.path().join("to"));
    let missing = dir.path().join("nothing-here");
    let (code, _, err) = arbiter(&["migrate", "--from", s(&missing), "--to", s(&to)]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("there is no arbiter store in"), "{err}");
    assert!(!to.exists(), "nothing is made when the source is not there");

    for name in ["tj-penzo-cup-final", "dr-chgg3-dm7"] {
        let (code, _, err) = arbiter(&["load", &sample(name), "--data", s(&from)]);
        assert_eq!(code, 0, "{err}");
    }
    let (code, _, err) = arbiter(&["migrate", "--from", s(&from), "--to", s(&from)]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--from and --to both name"), "{err}");
    let (code, _, err) = arbiter(&["migrate", "--from", s(&from), "--to", "mysql://db/x"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--to mysql://db/x: not a store"), "{err}");

    // The destination holds another match under one of the ids.
    let theirs = dir.path().join("theirs.json");
    let file = serde_json::json!({"id": "dr-chgg3-dm7", "events": common::small_match()});
    std::fs::write(&theirs, file.to_string()).unwrap();
    let (code, _, err) = arbiter(&["load", s(&theirs), "--data", s(&to)]);
    assert_eq!(code, 0, "{err}");
    let (_, before, _) = arbiter(&["export", "dr-chgg3-dm7", "--data", s(&to)]);
    let (code, out, err) = arbiter(&["migrate", "--from", s(&from), "--to", s(&to)]);
    assert_eq!(code, 1, "{out} {err}");
    assert!(
        out.contains("match dr-chgg3-dm7: REFUSED: the destination holds another match under this id (8 events ending "),
        "{out}"
    );
    assert!(
        out.contains("match tj-penzo-cup-final: copied 57 events"),
        "{out}"
    );
    assert!(
        err.contains("the destination does not hold everything the source does"),
        "{err}"
    );
    let (_, after, _) = arbiter(&["export", "dr-chgg3-dm7", "--data", s(&to)]);
    assert_eq!(before, after);
}

/// Into a PostgreSQL database and back out into a new data directory,
/// through the binary: each step exports and lists what the first did.
#[test]
fn migrate_into_postgres_and_back_out() {
    let Some(db) = common::stores::postgres("migrate_cli_round_trip") else {
        return;
    };
    let url = db.database_url().expect("a database").to_string();
    let dir = tempfile::tempdir().unwrap();
    let (from, back) = (dir.path().join("from"), dir.path().join("back"));
    for name in ["bj-code-red-dm5", "xl-inkwell-dm3"] {
        let (code, _, err) = arbiter(&["load", &sample(name), "--data", s(&from)]);
        assert_eq!(code, 0, "{err}");
    }
    let (code, _, err) = arbiter(&["keys", "new-token", "--admin", "--data", s(&from)]);
    assert_eq!(code, 0, "{err}");

    let (code, out, err) = arbiter(&["migrate", "--from", s(&from), "--to", &url]);
    assert_eq!(code, 0, "{out} {err}");
    assert!(err.contains("into the PostgreSQL database"), "{err}");
    assert!(
        out.contains("match bj-code-red-dm5: copied 42 events"),
        "{out}"
    );
    let (code, out, err) = arbiter(&[
        "migrate",
        "--from",
        &url,
        "--to",
        s(&back),
        "--data",
        s(&from),
    ]);
    assert_eq!(code, 0, "{out} {err}");
    assert!(
        out.contains("match xl-inkwell-dm3: copied 15 events"),
        "{out}"
    );

    let sled_at = |data: &Path| vec!["--data".to_string(), s(data).to_string()];
    let in_postgres = vec![
        "--store".to_string(),
        url.clone(),
        "--data".to_string(),
        s(&from).to_string(),
    ];
    for args in [
        &["export", "bj-code-red-dm5"][..],
        &["export", "xl-inkwell-dm3"],
        &["keys", "list"],
        &["verify", "--all"],
    ] {
        let said: Vec<(i32, String, String)> =
            [sled_at(&from), in_postgres.clone(), sled_at(&back)]
                .iter()
                .map(|at| {
                    let mut a: Vec<&str> = args.to_vec();
                    a.extend(at.iter().map(String::as_str));
                    arbiter(&a)
                })
                .collect();
        for (code, out, err) in &said {
            assert_eq!(*code, 0, "{args:?}: {out} {err}");
            assert_eq!(*out, said[0].1, "{args:?}");
        }
    }
    drop(db);
}

/// `restore` fills a database that holds no match and refuses one that
/// does; `keys rotate` retires the key in `--data` and both keys stay
/// published in the database.
#[test]
fn restore_and_rotate_on_postgres() {
    let Some(db) = common::stores::postgres("restore_rotate_cli") else {
        return;
    };
    let url = db.database_url().expect("a database").to_string();
    let dir = tempfile::tempdir().unwrap();
    let (from, data, backup) = (
        dir.path().join("from"),
        dir.path().join("data"),
        dir.path().join("backup"),
    );
    let (code, _, err) = arbiter(&["load", &sample("pm-abacus-final"), "--data", s(&from)]);
    assert_eq!(code, 0, "{err}");
    let (code, _, err) = arbiter(&["backup", s(&backup), "--data", s(&from)]);
    assert_eq!(code, 0, "{err}");
    let pg = ["--store", url.as_str(), "--data", s(&data)];
    let with = |args: &[&str]| arbiter(&[args, &pg[..]].concat());

    let (code, out, err) = with(&["restore", s(&backup)]);
    assert_eq!(code, 0, "{out} {err}");
    assert!(
        out.contains("match pm-abacus-final: 20 events restored"),
        "{out}"
    );
    let (code, _, err) = with(&["restore", s(&backup)]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("already holds 1 match: restore into an empty store"),
        "{err}"
    );

    let (code, out, err) = with(&["keys", "rotate"]);
    assert_eq!(code, 0, "{out} {err}");
    let old = out
        .split("key ")
        .nth(2)
        .and_then(|rest| rest.split_whitespace().next())
        .expect("the old key id")
        .to_string();
    assert!(
        data.join(format!("server.key.retired-{old}")).exists(),
        "{out}"
    );
    let (code, keys, err) = with(&["keys", "show"]);
    assert_eq!(code, 0, "{err}");
    assert!(keys.contains(&old), "{keys}");
    assert!(
        keys.lines().count() >= 3,
        "the source's, the old and the new key: {keys}"
    );
    let (code, out, err) = with(&["verify", "pm-abacus-final"]);
    assert_eq!(code, 0, "{out} {err}");
    drop(db);
}

/// A store whose `server.key` is lost or changed: reading commands read and
/// verify with the published keys and say the server cannot sign; writing
/// commands refuse and say what to do; `keys rotate` is how it signs again.
#[test]
fn a_lost_or_changed_key_is_said_and_never_replaced_quietly() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("db");
    let with = |args: &[&str]| on(&data, args);
    let (code, _, err) = with(&["load", &sample("dg-bumper-cup-r2")]);
    assert_eq!(code, 0, "{err}");
    let (verdict, _, _) = with(&["verify", "dg-bumper-cup-r2"]);
    let (code, exported, err) = with(&["export", "dg-bumper-cup-r2"]);
    assert_eq!(code, 0, "{err}");

    let key = data.join("server.key");
    let text = std::fs::read_to_string(&key).unwrap();
    let first = if text.starts_with('0') { "1" } else { "0" };
    std::fs::write(&key, format!("{first}{}", &text[1..])).unwrap();

    let (code, _, err) = with(&["verify", "dg-bumper-cup-r2"]);
    assert_eq!(code, verdict, "the match verifies as before: {err}");
    assert!(
        err.contains("cannot sign") && err.contains("server.key"),
        "{err}"
    );
    let (code, _, err) = with(&["verify", "--all"]);
    assert_eq!(code, 4, "{err}");
    assert!(err.contains("never signed in this store"), "{err}");
    let (code, out, err) = with(&["export", "dg-bumper-cup-r2"]);
    assert_eq!((code, out), (0, exported), "{err}");
    // Its bundle carries the receipt the witness kept, signed by the old key.
    let bundle = dir.path().join("m.arb");
    let (code, _, err) = with(&["export", "dg-bumper-cup-r2", "--bundle", s(&bundle)]);
    assert_eq!(code, 0, "{err}");
    let (code, _, err) = common::cli::arbiter(&["check-bundle", s(&bundle)]);
    assert_eq!(code, verdict, "{err}");
    let (code, keys, err) = with(&["keys", "show"]);
    assert_eq!(
        (code, keys.lines().count()),
        (0, 1),
        "the one key that signed: {err}"
    );
    let (code, _, err) = with(&["load", &sample("tj-penzo-cup-final")]);
    assert_ne!(code, 0, "a foreign key never signs here");
    assert!(err.contains("arbiter keys rotate"), "{err}");

    std::fs::remove_file(&key).unwrap();
    let (code, _, err) = with(&["load", &sample("tj-penzo-cup-final")]);
    assert_ne!(code, 0, "a lost key is not made anew");
    assert!(err.contains("is missing") && !key.exists(), "{err}");

    let (code, out, err) = with(&["keys", "rotate"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("new signing key"), "{out}");
    let (code, _, err) = with(&["load", &sample("tj-penzo-cup-final")]);
    assert_eq!(code, 0, "{err}");
    let (code, _, err) = with(&["verify", "--all"]);
    assert_eq!(code, 0, "{err}");
}

/// Every file of a data directory is its owner's alone from the start,
/// the blob files sled makes for a big event after the store was opened
/// included (before, they were 0644 until the next open).
#[cfg(unix)]
#[test]
fn every_file_a_store_writes_is_its_owners_alone() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let data = big_transcript_store(dir.path());
    let mut seen = Vec::new();
    let mut dirs = vec![data.clone()];
    while let Some(d) = dirs.pop() {
        for entry in std::fs::read_dir(&d).unwrap().flatten() {
            let (path, meta) = (entry.path(), entry.metadata().unwrap());
            if meta.is_dir() {
                dirs.push(path.clone());
            }
            let mode = meta.permissions().mode() & 0o777;
            assert_eq!(mode & 0o077, 0, "{} is {mode:o}", path.display());
            seen.push(path);
        }
    }
    assert!(
        seen.iter()
            .any(|p| p.parent().is_some_and(|d| d.ends_with("blobs")) && p.is_file()),
        "sled made no blob file: {seen:?}"
    );
}

/// A store in `dir/db` holding a match whose Create carries a 300 kB
/// transcript (sled keeps it in a blob file) and a small sample.
fn big_transcript_store(dir: &Path) -> std::path::PathBuf {
    let data = dir.join("db");
    let mut file: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(sample("xl-inkwell-dm3")).unwrap()).unwrap();
    let line = "[19:07] quire: a line of a long transcript, kept whole with the match\n";
    file["id"] = serde_json::json!("big-transcript");
    file["events"][0]["body"]["create"]["source"] = serde_json::json!({
        "format": "discord-paste", "name": "big.txt", "text": line.repeat(4500)
    });
    let big = dir.join("big.json");
    std::fs::write(&big, file.to_string()).unwrap();
    for f in [s(&big).to_string(), sample("pm-abacus-final")] {
        let (code, _, err) = common::cli::arbiter(&["load", &f, "--data", s(&data)]);
        assert_eq!(code, 0, "{err}");
    }
    data
}

/// A blob file whose checksum fails can keep sled from opening at all
/// (even one no match needs): the message names the file.
#[test]
fn a_blob_file_that_keeps_the_store_shut_is_named() {
    let dir = tempfile::tempdir().unwrap();
    let data = big_transcript_store(dir.path());
    let run = |args: &[&str], data: &Path| on(data, args);
    let blobs: Vec<_> = std::fs::read_dir(data.join("sled/blobs"))
        .unwrap()
        .flatten()
        .map(|e| e.file_name())
        .collect();
    assert!(!blobs.is_empty(), "sled made no blob file");
    let mut named = 0;
    for blob in blobs {
        let work = dir.path().join("work");
        let _ = std::fs::remove_dir_all(&work);
        copy_dir(&data, &work);
        let path = work.join("sled/blobs").join(&blob);
        let mut bytes = std::fs::read(&path).unwrap();
        bytes[1000] ^= 0x10;
        std::fs::write(&path, bytes).unwrap();
        let (code, _, err) = run(&["verify", "--all"], &work);
        if code != 4 {
            continue; // read, and judged by the witness: the damage sweep's part
        }
        named += 1;
        assert!(err.contains(&path.display().to_string()), "{err}");
        assert!(
            err.contains("restore the data directory from a backup"),
            "{err}"
        );
    }
    assert!(
        named > 0,
        "no blob flip kept the store shut: nothing was tested"
    );
}

/// `arbiter args… --data DATA`: (exit code, stdout, stderr).
fn on(data: &Path, args: &[&str]) -> (i32, String, String) {
    common::cli::arbiter(&[args, &["--data", s(data)]].concat())
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap().flatten() {
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).unwrap();
        }
    }
}

/// A store that lost acknowledged events (its database rolled back to an
/// older copy) takes no write over them, offline either: `visibility` and
/// `load` refuse, and `verify` keeps naming the loss.
#[test]
fn nothing_is_written_over_a_loss_offline() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("db");
    let with = |args: &[&str]| on(&data, args);
    let m = "dg-bumper-cup-r2";
    let (code, _, err) = with(&["load", &sample(m)]);
    assert_eq!(code, 0, "{err}");
    let older = dir.path().join("older-sled");
    copy_dir(&data.join("sled"), &older);
    let (code, _, err) = with(&["visibility", m, "private", "--admin", "ops"]);
    assert_eq!(code, 0, "{err}");
    std::fs::remove_dir_all(data.join("sled")).unwrap();
    copy_dir(&older, &data.join("sled"));

    // The rolled-back match is public again: making it private writes.
    let (code, _, err) = with(&["visibility", m, "private", "--admin", "ops"]);
    assert_ne!(code, 0, "written over the lost event");
    assert!(err.contains("nothing is written over them"), "{err}");
    let (code, out, err) = with(&["verify", "--all"]);
    assert_eq!(code, 3, "{out} {err}");
    assert!(out.contains("events 19–19 are lost"), "{out}");

    std::fs::remove_dir_all(data.join("sled")).unwrap();
    let (code, _, err) = with(&["load", &sample(m)]);
    assert_ne!(
        code, 0,
        "a match lost whole is not made again under its name"
    );
    assert!(err.contains("are lost"), "{err}");
}
