//! The solved tables Dodgem's pages read, kept for the life of the
//! process. The one decision: no page request waits for a big solve.
//!
//! Boards up to 4×4 are solved on first use, in well under a second. A 5×5
//! solve takes about a minute and 800 MB (35 s in a release build), so the
//! first page that needs 5×5 tables the table folder does not hold starts
//! a build on a thread of its own; until it ends, pages say how far it
//! has got and stay usable. One build runs at a time: a request for the
//! same tables joins it, a request for others queues behind it. The file
//! is written under a temporary name in the folder and renamed, so no
//! reader ever sees half a file. A build that fails (the solver stopped)
//! is shown and not tried again until the server restarts; tables built
//! but not saved (a full disk) are used and the failure is shown.
//!
//! Pages keep what they derive from a match; [`Shelf::generation`] counts
//! the tables that arrived since the start, so a cache keyed by it shows
//! the analysis as soon as they do, without a restart.
//!
//! Only the server builds in the background ([`keep_tables_in`]): without
//! a table folder (the library, the CLI) a big board says which command
//! makes its tables. Part of the games layer: imports nothing from `web/`
//! or `log/`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, OnceLock};
use std::time::Instant;

use super::board::StuckRule;
use super::solver::Tables;
use crate::games::AnalysisNote;

/// The largest board solved on a page request by default.
pub const INLINE_UP_TO: u8 = 4;

/// A solver: (size, rule, progress) → tables. The real one is
/// [`Tables::solve`]; tests hand in one they can hold at a phase.
pub type Solve = dyn Fn(u8, StuckRule, &mut dyn FnMut(&str, u64, u64)) -> Tables + Send + Sync;

type Key = (u8, StuckRule);

/// The tables of every board a page asked for, and the build under way.
pub struct Shelf {
    /// Where big boards' tables are saved and looked for; `None`: no
    /// background builds.
    dir: Option<PathBuf>,
    inline_up_to: u8,
    solve: Box<Solve>,
    kept: Mutex<Kept>,
    /// Signalled when the last queued build ends.
    idle: Condvar,
    generation: AtomicU64,
}

#[derive(Default)]
struct Kept {
    tables: BTreeMap<Key, Arc<Tables>>,
    building: Option<Building>,
    /// Asked for while another build ran, in the order asked.
    queued: Vec<Key>,
    /// Builds that failed, and why (not tried again until a restart).
    failed: BTreeMap<Key, String>,
    /// Tables built but not saved, and why.
    unsaved: BTreeMap<Key, String>,
    /// Saved files that did not load, and why (built again over them).
    unreadable: BTreeMap<Key, String>,
}

/// The build under way and how far it has got.
struct Building {
    key: Key,
    /// The phase in the page's words.
    phase: String,
    started: Instant,
}

/// The file of saved tables for a size and rule in `dir`: what the pages
/// read, the background build writes and the README tells a host to write.
pub fn tables_file(dir: &Path, n: u8, rule: StuckRule) -> PathBuf {
    dir.join(format!("dodgem-{n}-{}.tbl", rule.slug()))
}

static SHELF: OnceLock<Arc<Shelf>> = OnceLock::new();

/// Sets, once at start-up, the folder big boards' tables are saved in and
/// the largest board solved on a page request (bigger ones are built in
/// the background); [`INLINE_UP_TO`] unless a test asks for less.
pub fn keep_tables_in(dir: PathBuf, inline_up_to: u8) {
    let _ = SHELF.set(Arc::new(Shelf::new(Some(dir), inline_up_to)));
}

/// The shelf every page reads.
pub fn shelf() -> &'static Arc<Shelf> {
    SHELF.get_or_init(|| Arc::new(Shelf::new(None, INLINE_UP_TO)))
}

/// A panic's message, when it has one.
fn panic_text(panic: &(dyn std::any::Any + Send)) -> String {
    match (panic.downcast_ref::<&str>(), panic.downcast_ref::<String>()) {
        (Some(s), _) => s.to_string(),
        (_, Some(s)) => s.clone(),
        _ => "no reason given".to_string(),
    }
}

/// A solver phase in a reader's words.
fn phase_text(phase: &str, done: u64) -> String {
    match phase {
        "reaching positions from the start" => format!(
            "step 1 of 3, finding every position the start leads to: {} found",
            grouped(done)
        ),
        "propagating" => {
            format!("step 2 of 3, valuing positions back from the ends: {done} moves from the end")
        }
        other => format!("{other}: {done}"),
    }
}

/// `15082322` as `15,082,322`.
fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(d);
    }
    out
}

fn size_rule(key: Key) -> String {
    format!("{n}×{n} {}", key.1.slug(), n = key.0)
}

impl Shelf {
    /// A shelf that solves with [`Tables::solve`].
    pub fn new(dir: Option<PathBuf>, inline_up_to: u8) -> Shelf {
        Shelf::with_solver(
            dir,
            inline_up_to,
            Box::new(
                |n: u8, rule: StuckRule, progress: &mut dyn FnMut(&str, u64, u64)| {
                    Tables::solve(n, rule, progress)
                },
            ),
        )
    }

    /// A shelf that builds big boards with `solve`.
    pub fn with_solver(dir: Option<PathBuf>, inline_up_to: u8, solve: Box<Solve>) -> Shelf {
        Shelf {
            dir,
            inline_up_to,
            solve,
            kept: Mutex::default(),
            idle: Condvar::new(),
            generation: AtomicU64::new(0),
        }
    }

    /// How many times tables arrived after a page had asked for them
    /// (a background build ended, a saved file was found).
    pub fn generation(&self) -> u64 {
        self.generation.load(Ordering::SeqCst)
    }

    /// The lock, also after a panic elsewhere (the map stays consistent:
    /// nothing panics while holding it).
    fn lock(&self) -> MutexGuard<'_, Kept> {
        self.kept.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The solved tables of a board, when there are any yet. Small boards
    /// are solved now; for a big one this reads the saved file or starts
    /// (or joins, or queues) its background build.
    pub fn tables(self: &Arc<Self>, n: u8, rule: StuckRule) -> Option<Arc<Tables>> {
        let key = (n, rule);
        let mut kept = self.lock();
        if let Some(t) = kept.tables.get(&key) {
            return Some(t.clone());
        }
        if n <= self.inline_up_to {
            let t = Arc::new(Tables::solve(n, rule, |_, _, _| {}));
            kept.tables.insert(key, t.clone());
            return Some(t);
        }
        let dir = self.dir.as_ref()?;
        let busy = kept.building.as_ref().is_some_and(|b| b.key == key);
        if busy || kept.queued.contains(&key) || kept.failed.contains_key(&key) {
            return None;
        }
        let file = tables_file(dir, n, rule);
        if !kept.unreadable.contains_key(&key) && file.exists() {
            match Tables::load(&file, n, rule) {
                Ok(t) => {
                    let t = Arc::new(t);
                    kept.tables.insert(key, t.clone());
                    drop(kept);
                    self.generation.fetch_add(1, Ordering::SeqCst);
                    return Some(t);
                }
                Err(e) => {
                    kept.unreadable.insert(key, e.to_string());
                }
            }
        }
        self.start(kept, key);
        None
    }

    /// Starts the build of `key`, or queues it behind the one under way.
    fn start(self: &Arc<Self>, mut kept: MutexGuard<'_, Kept>, key: Key) {
        if kept.building.is_some() {
            kept.queued.push(key);
            return;
        }
        kept.building = Some(Building {
            key,
            phase: "starting".to_string(),
            started: Instant::now(),
        });
        drop(kept);
        let shelf = Arc::clone(self);
        let spawned = std::thread::Builder::new()
            .name("dodgem-tables".to_string())
            .spawn(move || shelf.run(key));
        if let Err(e) = spawned {
            let mut kept = self.lock();
            kept.building = None;
            kept.failed
                .insert(key, format!("no thread could be started for it ({e})"));
            self.idle.notify_all();
        }
    }

    /// The build thread: `key`, then whatever was queued meanwhile.
    fn run(&self, mut key: Key) {
        loop {
            self.build(key);
            let mut kept = self.lock();
            kept.building = None;
            if kept.queued.is_empty() {
                self.idle.notify_all();
                return;
            }
            key = kept.queued.remove(0);
            kept.building = Some(Building {
                key,
                phase: "starting".to_string(),
                started: Instant::now(),
            });
        }
    }

    /// Solves `key`, saves it and puts it on the shelf (or says why not).
    fn build(&self, key: Key) {
        let (n, rule) = key;
        let set_phase = |phase: String| {
            if let Some(b) = self.lock().building.as_mut() {
                b.phase = phase;
            }
        };
        let mut progress = |phase: &str, done: u64, _total: u64| set_phase(phase_text(phase, done));
        let solved = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            (self.solve)(n, rule, &mut progress)
        }));
        let tables = match solved {
            Ok(t) => t,
            Err(panic) => {
                self.lock().failed.insert(
                    key,
                    format!("the solver stopped: {}", panic_text(panic.as_ref())),
                );
                return;
            }
        };
        let saved = match &self.dir {
            Some(dir) => {
                let file = tables_file(dir, n, rule);
                set_phase(format!("step 3 of 3, saving {}", file.display()));
                tables
                    .save(&file)
                    .map_err(|e| format!("{}: {e}", file.display()))
            }
            None => Err("no table folder is set".to_string()),
        };
        let mut kept = self.lock();
        kept.tables.insert(key, Arc::new(tables));
        kept.unreadable.remove(&key);
        if let Err(why) = saved {
            kept.unsaved.insert(key, why);
        }
        drop(kept);
        self.generation.fetch_add(1, Ordering::SeqCst);
    }

    /// Waits until no build is under way or queued.
    pub fn wait_idle(&self) {
        let mut kept = self.lock();
        while kept.building.is_some() || !kept.queued.is_empty() {
            kept = self.idle.wait(kept).unwrap_or_else(|e| e.into_inner());
        }
    }

    /// What a page says where a board's analysis is not there yet (or
    /// was built but not saved); `None` when there is nothing to say.
    /// Asking starts the build when it is needed.
    pub fn note(self: &Arc<Self>, n: u8, rule: StuckRule) -> Option<AnalysisNote> {
        if n <= self.inline_up_to {
            return None;
        }
        let key = (n, rule);
        let have = self.tables(n, rule).is_some();
        let kept = self.lock();
        let said = |text: String, building: bool| Some(AnalysisNote { text, building });
        let command = |dir: &Path| {
            format!(
                "arbiter solve dodgem --size {n} --rule {} --tables {}",
                rule.slug(),
                tables_file(dir, n, rule).display()
            )
        };
        if have {
            return kept.unsaved.get(&key).and_then(|why| {
                said(
                    format!(
                        "the {} tables were built but could not be saved ({why}); they serve until the server stops. Make room and restart to save them",
                        size_rule(key)
                    ),
                    false,
                )
            });
        }
        let Some(dir) = &self.dir else {
            return said(
                format!(
                    "no analysis yet: the {n}×{n} tables take about a minute to solve; run `{}` once and reload",
                    command(Path::new("data/tables"))
                ),
                false,
            );
        };
        if let Some(why) = kept.failed.get(&key) {
            return said(
                format!(
                    "the {} tables could not be built: {why}. Restart the server to try again, or run `{}` once and reload",
                    size_rule(key),
                    command(dir)
                ),
                false,
            );
        }
        let again = kept
            .unreadable
            .get(&key)
            .map(|why| format!("the saved tables did not load ({why}), so they are built again. "))
            .unwrap_or_default();
        let cost = if n >= 5 {
            " (about a minute and 800 MB, once; they are saved)"
        } else {
            ""
        };
        match &kept.building {
            Some(b) if b.key == key => said(
                format!(
                    "{again}the {} tables are being built{cost}: {}; started {} s ago. The analysis appears here when they are ready",
                    size_rule(key),
                    b.phase,
                    b.started.elapsed().as_secs()
                ),
                true,
            ),
            Some(b) => said(
                format!(
                    "{again}the {} tables are being built first ({}); the {} tables follow, then the analysis appears here",
                    size_rule(b.key),
                    b.phase,
                    size_rule(key)
                ),
                true,
            ),
            // Ended between the two looks: the next look shows it.
            None => said(
                format!(
                    "the {} tables have just been finished; the next look shows them",
                    size_rule(key)
                ),
                true,
            ),
        }
    }
}

#[cfg(test)]
mod tests;
