//! The shelf's background builds, with a solver the test holds at its
//! first phase: what a page says while one runs, that asking again joins
//! it, that another board queues behind it, that the file is written
//! whole, and that a failure is said rather than panicked on.
//!
//! Imports only the shelf and this game's positions (and std): no other
//! game, nothing from `log/`, `web/`, `import/` or `verify.rs`.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};

use super::*;
use crate::games::dodgem::Position;

/// A solver that reports its first phase, tells the test which board it
/// is on and waits for `go` before solving for real.
struct Held {
    calls: Arc<AtomicUsize>,
    reported: mpsc::Receiver<(u8, StuckRule)>,
    go: mpsc::Sender<()>,
}

fn held() -> (Box<Solve>, Held) {
    let calls = Arc::new(AtomicUsize::new(0));
    let (tell, reported) = mpsc::channel();
    let (go, wait) = mpsc::channel::<()>();
    let (tell, wait) = (Mutex::new(tell), Mutex::new(wait));
    let counted = calls.clone();
    let solve: Box<Solve> = Box::new(
        move |n: u8, rule: StuckRule, progress: &mut dyn FnMut(&str, u64, u64)| {
            counted.fetch_add(1, Ordering::SeqCst);
            progress("reaching positions from the start", 7, 100);
            let _ = tell.lock().unwrap().send((n, rule));
            // A test that failed drops `go`: the build then goes on.
            let _ = wait.lock().unwrap().recv();
            Tables::solve(n, rule, progress)
        },
    );
    (
        solve,
        Held {
            calls,
            reported,
            go,
        },
    )
}

const LOSES: StuckRule = StuckRule::StuckLoses;
const WINS: StuckRule = StuckRule::StuckWins;

fn files_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn a_big_board_is_built_in_the_background_with_its_progress_said() {
    let dir = tempfile::tempdir().unwrap();
    let (solve, h) = held();
    // Boards above 2×2 count as big here, so a 3×3 takes the 5×5's path.
    let shelf = Arc::new(Shelf::with_solver(Some(dir.path().into()), 2, solve));
    assert_eq!(grouped(15082322), "15,082,322");
    assert_eq!(grouped(999), "999");
    let before = shelf.generation();
    assert!(shelf.tables(3, LOSES).is_none(), "no request waits");
    assert_eq!(h.reported.recv().unwrap(), (3, LOSES));
    let note = shelf.note(3, LOSES).unwrap();
    assert!(note.building);
    for words in [
        "the 3×3 stuck-loses tables are being built",
        "step 1 of 3",
        "7 found; started ",
        "The analysis appears here when they are ready",
    ] {
        assert!(note.text.contains(words), "{words}: {}", note.text);
    }
    // Asked again while it runs: it is joined, not started again.
    assert!(shelf.tables(3, LOSES).is_none());
    assert_eq!(shelf.generation(), before, "nothing arrived yet");

    h.go.send(()).unwrap();
    shelf.wait_idle();
    assert_eq!(h.calls.load(Ordering::SeqCst), 1);
    let built = shelf.tables(3, LOSES).expect("the tables are on the shelf");
    assert!(shelf.generation() > before, "pages learn that tables came");
    assert_eq!(shelf.note(3, LOSES), None);
    // Saved whole under its own name; no temporary file is left over.
    assert_eq!(files_in(dir.path()), ["dodgem-3-stuck-loses.tbl"]);
    let saved = Tables::load(&tables_file(dir.path(), 3, LOSES), 3, LOSES).unwrap();
    let start = Position::start(3);
    assert_eq!(saved.value_of(&start), built.value_of(&start));
    assert_eq!(saved.counts, built.counts);

    // A restarted server reads the file instead of building again.
    let (solve, h2) = held();
    let restarted = Arc::new(Shelf::with_solver(Some(dir.path().into()), 2, solve));
    assert!(restarted.tables(3, LOSES).is_some());
    assert_eq!(h2.calls.load(Ordering::SeqCst), 0);
}

#[test]
fn a_second_board_waits_for_the_build_under_way() {
    let dir = tempfile::tempdir().unwrap();
    let (solve, h) = held();
    let shelf = Arc::new(Shelf::with_solver(Some(dir.path().into()), 2, solve));
    assert!(shelf.tables(3, LOSES).is_none());
    assert_eq!(h.reported.recv().unwrap(), (3, LOSES));
    assert!(shelf.tables(3, WINS).is_none());
    let note = shelf.note(3, WINS).unwrap();
    assert!(note.building);
    assert!(
        note.text
            .contains("the 3×3 stuck-loses tables are being built first")
            && note.text.contains("the 3×3 stuck-wins tables follow"),
        "{}",
        note.text
    );
    h.go.send(()).unwrap();
    // The same thread goes on to the queued board, one build at a time.
    assert_eq!(h.reported.recv().unwrap(), (3, WINS));
    assert!(shelf.tables(3, LOSES).is_some());
    h.go.send(()).unwrap();
    shelf.wait_idle();
    assert_eq!(h.calls.load(Ordering::SeqCst), 2);
    assert!(shelf.tables(3, WINS).is_some());
    assert_eq!(
        files_in(dir.path()),
        ["dodgem-3-stuck-loses.tbl", "dodgem-3-stuck-wins.tbl"]
    );
}

#[test]
fn tables_that_cannot_be_saved_still_serve_and_the_page_says_why() {
    let dir = tempfile::tempdir().unwrap();
    // The table "folder" is a file: saving fails as on a full disk.
    let folder = dir.path().join("not-a-folder");
    std::fs::write(&folder, "x").unwrap();
    let shelf = Arc::new(Shelf::new(Some(folder.clone()), 2));
    assert!(shelf.tables(3, LOSES).is_none());
    shelf.wait_idle();
    assert!(shelf.tables(3, LOSES).is_some(), "kept in memory");
    let note = shelf.note(3, LOSES).unwrap();
    assert!(!note.building);
    assert!(
        note.text.contains("were built but could not be saved")
            && note.text.contains(&folder.display().to_string()),
        "{}",
        note.text
    );
}

#[test]
fn a_build_that_fails_is_said_and_not_started_again() {
    let dir = tempfile::tempdir().unwrap();
    let calls = Arc::new(AtomicUsize::new(0));
    let counted = calls.clone();
    let shelf = Arc::new(Shelf::with_solver(
        Some(dir.path().into()),
        2,
        Box::new(
            move |_: u8, _: StuckRule, _: &mut dyn FnMut(&str, u64, u64)| {
                counted.fetch_add(1, Ordering::SeqCst);
                panic!("out of memory, as a test")
            },
        ),
    ));
    assert!(shelf.tables(3, LOSES).is_none());
    shelf.wait_idle();
    let note = shelf.note(3, LOSES).unwrap();
    assert!(!note.building, "the page stops looking");
    for words in [
        "the 3×3 stuck-loses tables could not be built: the solver stopped: out of memory, as a test",
        "Restart the server to try again",
        "arbiter solve dodgem --size 3 --rule stuck-loses --tables",
    ] {
        assert!(note.text.contains(words), "{words}: {}", note.text);
    }
    assert!(shelf.tables(3, LOSES).is_none());
    shelf.wait_idle();
    assert_eq!(calls.load(Ordering::SeqCst), 1);
    assert!(files_in(dir.path()).is_empty());
}

#[test]
fn a_saved_file_that_does_not_load_is_built_again() {
    let dir = tempfile::tempdir().unwrap();
    let file = tables_file(dir.path(), 3, LOSES);
    std::fs::write(&file, "half a file").unwrap();
    let (solve, h) = held();
    let shelf = Arc::new(Shelf::with_solver(Some(dir.path().into()), 2, solve));
    assert!(shelf.tables(3, LOSES).is_none());
    h.reported.recv().unwrap();
    let note = shelf.note(3, LOSES).unwrap();
    assert!(
        note.building && note.text.starts_with("the saved tables did not load ("),
        "{}",
        note.text
    );
    h.go.send(()).unwrap();
    shelf.wait_idle();
    assert!(shelf.tables(3, LOSES).is_some());
    assert!(Tables::load(&file, 3, LOSES).is_ok(), "replaced whole");
}

/// The real thing, as a server meets it: `cargo test --release --lib
/// real_5x5 -- --ignored` (about 35 s and 800 MB in release).
#[test]
#[ignore = "a real 5×5 build: about 35 s and 800 MB in release, far longer in debug"]
fn a_real_5x5_build_in_the_background() {
    let dir = tempfile::tempdir().unwrap();
    let shelf = Arc::new(Shelf::new(Some(dir.path().into()), INLINE_UP_TO));
    assert!(shelf.tables(5, LOSES).is_none());
    let note = shelf.note(5, LOSES).unwrap();
    assert!(note.building, "{}", note.text);
    assert!(
        note.text.contains("about a minute and 800 MB"),
        "{}",
        note.text
    );
    let started = Instant::now();
    shelf.wait_idle();
    eprintln!(
        "5×5 built and saved in {:.1} s",
        started.elapsed().as_secs_f64()
    );
    let built = shelf.tables(5, LOSES).unwrap();
    assert_eq!(shelf.note(5, LOSES), None);
    let saved = Tables::load(&tables_file(dir.path(), 5, LOSES), 5, LOSES).unwrap();
    assert_eq!(saved.counts, built.counts);
}
