//! Backups and restore from the command line, as an operator recovers:
//! a flipped byte loses a match's events, `verify` names the loss, the
//! last backup is restored into a fresh directory, and `verify` is clean.

use crate::common;

use std::path::Path;

use common::cli::arbiter;

const FIRST: &str = "tj-penzo-cup-final";
const SECOND: &str = "dr-chgg3-dm7";

fn s(p: &Path) -> &str {
    p.to_str().expect("a UTF-8 path")
}

/// A store holding two samples.
fn written_store(data: &Path) {
    for name in [FIRST, SECOND] {
        let file = format!("{}/data/samples/{name}.json", env!("CARGO_MANIFEST_DIR"));
        let (code, _, err) = arbiter(&["load", &file, "--data", s(data)]);
        assert_eq!(code, 0, "{err}");
    }
}

/// Removes sled's snapshot, as after a crash before sled wrote one: the
/// next open recovers by reading the log, where a flipped byte drops
/// every later record.
fn as_never_reopened(data: &Path) {
    for entry in std::fs::read_dir(data.join("sled")).expect("sled dir") {
        let path = entry.expect("entry").path();
        if path
            .file_name()
            .is_some_and(|n| n.to_string_lossy().starts_with("snap."))
        {
            std::fs::remove_file(path).expect("remove snapshot");
        }
    }
}

fn flip(path: &Path, at: usize) {
    let mut bytes = std::fs::read(path).expect("read");
    bytes[at] ^= 0xff;
    std::fs::write(path, bytes).expect("write");
}

#[test]
fn a_lost_tail_is_named_and_the_last_backup_restores_it() {
    let dir = tempfile::tempdir().expect("tempdir");
    let data = dir.path().join("db");
    let backup = dir.path().join("backup-1");
    written_store(&data);
    let (code, _, err) = arbiter(&["backup", s(&backup), "--data", s(&data)]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("backed up 2 matches"), "{err}");
    assert!(!backup.join("server.key").exists(), "never the private key");
    // Each match's bundle checks on its own, with no store.
    let bundle = backup.join(format!("matches/{FIRST}.arb"));
    let (code, out, err) = arbiter(&["check-bundle", s(&bundle)]);
    assert!(code == 0 || code == 1, "{out}{err}");
    // A backup goes into a new directory, never over another.
    let (code, _, err) = arbiter(&["backup", s(&backup), "--data", s(&data)]);
    assert_eq!(code, 2, "{err}");

    as_never_reopened(&data);
    // One flipped byte late in the log: the second match's records are
    // dropped on recovery. verify names the loss by match and seq.
    let db = data.join("sled/db");
    let bytes = std::fs::read(&db).expect("db");
    let end = bytes.iter().rposition(|&b| b != 0).expect("data");
    let damaged = dir.path().join("damaged");
    let mut named = None;
    for back in (500..end / 2).step_by(997) {
        let _ = std::fs::remove_dir_all(&damaged);
        copy_dir(&data, &damaged);
        flip(&damaged.join("sled/db"), end - back);
        let (code, out, _) = arbiter(&["verify", SECOND, "--data", s(&damaged)]);
        if code == 3 && out.contains("are lost") {
            named = Some(out);
            break;
        }
    }
    let named = named.expect("some late flip loses the second match's events");
    assert!(
        named.contains(&format!("match {SECOND}: the store holds")),
        "{named}"
    );

    // Restore: not over a store; into the emptied directory, with the
    // damaged store's witness to compare.
    let (code, _, err) = arbiter(&["restore", s(&backup), "--data", s(&damaged)]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("already holds a store"), "{err}");
    let fresh = dir.path().join("restored");
    std::fs::create_dir_all(&fresh).expect("dir");
    std::fs::copy(damaged.join("server.key"), fresh.join("server.key")).expect("key");
    let witness = damaged.join("witness.log");
    let (code, out, err) = arbiter(&[
        "restore",
        s(&backup),
        "--data",
        s(&fresh),
        "--witness",
        s(&witness),
    ]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains(&format!("match {SECOND}: 29 events restored")),
        "{out}"
    );
    assert!(out.contains("the backup holds everything"), "{out}");
    for id in [FIRST, SECOND] {
        let (code, out, err) = arbiter(&["verify", id, "--data", s(&fresh)]);
        assert!(code == 0 || code == 1, "{id}: {out}{err}");
        assert!(out.contains("chain: ok"), "{out}");
        // Byte for byte the events that were backed up.
        let (_, before, _) = arbiter(&["export", id, "--data", s(&data)]);
        let (_, after, _) = arbiter(&["export", id, "--data", s(&fresh)]);
        assert_eq!(before, after, "{id} restored exactly");
    }
}

#[test]
fn a_damaged_backup_restores_nothing_and_names_the_match() {
    let dir = tempfile::tempdir().expect("tempdir");
    let data = dir.path().join("db");
    let backup = dir.path().join("backup");
    written_store(&data);
    let (code, _, err) = arbiter(&["backup", s(&backup), "--data", s(&data)]);
    assert_eq!(code, 0, "{err}");
    let bundle = backup.join(format!("matches/{SECOND}.arb"));
    let len = std::fs::metadata(&bundle).expect("bundle").len() as usize;
    flip(&bundle, len / 2);
    let fresh = dir.path().join("fresh");
    let (code, out, err) = arbiter(&["restore", s(&backup), "--data", s(&fresh)]);
    assert_eq!(code, 3, "{out}{err}");
    assert!(err.contains(&format!("match {SECOND}")), "{err}");
    assert!(err.contains("nothing was restored"), "{err}");
    let (code, _, _) = arbiter(&["verify", FIRST, "--data", s(&fresh)]);
    assert_eq!(code, 4, "not even the good match was written");

    // A bundle dropped from the backup is named against its witness.
    let other = dir.path().join("backup-2");
    arbiter(&["backup", s(&other), "--data", s(&data)]);
    std::fs::remove_file(other.join(format!("matches/{SECOND}.arb"))).expect("rm");
    let (code, _, err) = arbiter(&[
        "restore",
        s(&other),
        "--data",
        s(&dir.path().join("fresh-2")),
    ]);
    assert_eq!(code, 3, "{err}");
    assert!(err.contains("is missing"), "{err}");
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("mkdir");
    for entry in std::fs::read_dir(from).expect("read dir") {
        let entry = entry.expect("entry");
        let target = to.join(entry.file_name());
        if entry.file_type().expect("type").is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).expect("copy");
        }
    }
}
