//! `arbiter solve <game>`: one question from flags, or many with
//! `--batch FILE|-` (one a line, in the same words as the flags), so a
//! script that solves a thousand boards pays process start-up once.
//!
//! The key decision: each game has one function from a question to the
//! JSON value that the single `--json` form prints, and both paths call it,
//! so a batch line is byte for byte the single answer. A batch keeps going
//! past a malformed line (it answers `{"error": "line N: ..."}` there) and
//! exits 2 at the end if any line was malformed.
//!
//! Must not import a storage engine's crate (sled, tokio-postgres): a store
//! opens through `arbiter::log`.

use std::collections::btree_map::{BTreeMap, Entry};
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

use clap::{Args, Subcommand};
use serde_json::{json, Value};

use arbiter::games::rush_hour::{self, solver};
use arbiter::games::{bejeweled, dodgem, duorail, permutation, xs_and_lines};

use super::check::{bejeweled_grid, duorail_input};
use crate::Failure;

/// `--batch FILE|-`: a file of questions, one a line (`-`: standard input).
/// Blank lines and lines starting with `#` are skipped; each other line
/// gets one JSON line on stdout, in order.
const BATCH: &str = "batch";

#[derive(Subcommand)]
pub enum SolveGame {
    /// Traffic Jam: fewest moves to get the taxi out.
    ///
    /// With --batch: one 36-character board a line.
    RushHour {
        /// 36 characters, row 1 first: `.`/`o` empty, `Z` or `A` the taxi,
        /// letters cars, `x` walls.
        #[arg(long, required_unless_present = BATCH)]
        board: Option<String>,
        #[arg(long)]
        json: bool,
        /// Many boards: a file (or - for stdin) with one board a line;
        /// prints one JSON answer a line.
        #[arg(long, value_name = "FILE|-", conflicts_with = "board")]
        batch: Option<PathBuf>,
    },
    /// Bejeweled: the most gems any legal proof removes (exact).
    ///
    /// With --batch: `<grid file> <offer list> [limit secs]` a line.
    Bejeweled {
        /// Grid file: 7 lines of 8 characters from `RBGYP#`, row 1 first.
        #[arg(long, required_unless_present = BATCH)]
        grid: Option<PathBuf>,
        /// Offered powerups, e.g. `swap,rotate,bend,recolor,plus,refresh`.
        #[arg(long, required_unless_present = BATCH)]
        offer: Option<String>,
        /// Stop after this many seconds and report a lower bound.
        #[arg(long)]
        limit_secs: Option<f64>,
        #[arg(long)]
        json: bool,
        /// Many questions: a file (or - for stdin) with
        /// `<grid file> <offer list> [limit secs]` a line; prints one JSON
        /// answer a line.
        #[arg(long, value_name = "FILE|-", conflicts_with_all = ["grid", "offer", "limit_secs"])]
        batch: Option<PathBuf>,
    },
    /// Dodgem: the exact value of the start (and counts over every
    /// reachable position), or of one position with the value of each move.
    ///
    /// With --batch: `<size> [rule]` or `<position> [rule]` a line, like
    /// `3`, `4 stuck-wins` or `B../B../.RR:B`; tables are solved once per
    /// size and rule and kept for the later lines.
    Dodgem {
        /// Board size, 3 to 5.
        #[arg(long, default_value_t = 3)]
        size: u8,
        /// A position instead of the start: rows from the top joined by
        /// '/', then :B or :R, like B../B../.RR:B.
        #[arg(long)]
        position: Option<String>,
        /// stuck-loses (the seed's, default) or stuck-wins (Winning Ways').
        #[arg(long, default_value = "stuck-loses")]
        rule: String,
        /// A table file: loaded when it exists, else written after solving.
        /// The server's pages read data/tables/dodgem-5-<rule>.tbl.
        #[arg(long)]
        tables: Option<PathBuf>,
        #[arg(long)]
        json: bool,
        /// Many questions: a file (or - for stdin) with `<size> [rule]` or
        /// `<position> [rule]` a line; prints one JSON answer a line.
        #[arg(long, value_name = "FILE|-", conflicts_with_all = ["size", "position", "rule", "tables"])]
        batch: Option<PathBuf>,
    },
    /// Multiplications Within The Permutation: best play in part 2.
    ///
    /// With --batch: one position file a line.
    Permutation {
        /// Position file: `players m`, `perm r1 r2 …`, optional
        /// `numbered A5 G3 …`.
        #[arg(long, required_unless_present = BATCH)]
        position: Option<PathBuf>,
        #[command(flatten)]
        asked: PositionFiles,
    },
    /// x's and lines: the value of a part-2 position and of each line.
    ///
    /// With --batch: one position file a line.
    XsAndLines {
        /// Position file: `size n`, `xs …`, `lines … ; …` (or -), `from X`
        /// (or any). With a `placing` line the x's are part 1 so far and
        /// each empty cell is valued (grids 3×3 to 6×6; an empty 6×6
        /// takes seconds); each move is then
        /// `{"cell": "C3", ...}`, the cell to place on.
        #[arg(long, required_unless_present = BATCH)]
        position: Option<PathBuf>,
        #[command(flatten)]
        asked: PositionFiles,
    },
    /// Duorail: the longest track of a color (exact).
    ///
    /// With --batch: `<board file> <color>` a line.
    Duorail {
        /// Board file: 9 lines of 9 tokens, `.` or `<B|R|C>:<exits>`.
        #[arg(long, required_unless_present = BATCH)]
        board: Option<PathBuf>,
        /// The color whose longest track is wanted: blue or red.
        #[arg(long, required_unless_present = BATCH)]
        color: Option<String>,
        #[arg(long)]
        json: bool,
        /// Many questions: a file (or - for stdin) with
        /// `<board file> <color>` a line; prints one JSON answer a line.
        #[arg(long, value_name = "FILE|-", conflicts_with_all = ["board", "color"])]
        batch: Option<PathBuf>,
    },
}

/// How a game asked about a position file answers (x's and lines, the
/// permutation game): `--json`, or `--batch` of position files.
#[derive(Args)]
pub struct PositionFiles {
    #[arg(long)]
    json: bool,
    /// Many positions: a file (or - for stdin) with one position file
    /// a line; prints one JSON answer a line.
    #[arg(long, value_name = "FILE|-", conflicts_with = "position")]
    batch: Option<PathBuf>,
}

impl PositionFiles {
    /// Answers the position file asked, in JSON (`--json`) or as `text`
    /// prints it; with `--batch`, each file listed, one JSON line each.
    fn answer<A>(
        self,
        position: Option<PathBuf>,
        answer: impl Fn(&Path) -> Result<A, Failure>,
        json: impl Fn(&A) -> Value,
        text: impl FnOnce(A),
    ) -> Result<(), Failure> {
        if let Some(src) = self.batch {
            return batch_of_files(&src, |file| Ok(json(&answer(file)?)));
        }
        let a = answer(&given(position))?;
        if self.json {
            println!("{}", json(&a));
        } else {
            text(a);
        }
        Ok(())
    }
}

/// `arbiter solve <game>`: the single form, or `--batch`.
pub fn run(game: SolveGame) -> Result<(), Failure> {
    match game {
        SolveGame::RushHour {
            batch: Some(src), ..
        } => {
            // One solver for the batch: its buffers are allocated once.
            let mut solver = solver::Solver::new();
            batch(&src, |q| {
                rush_hour_answer(&mut solver, q).map(|o| rush_hour_json(&o))
            })
        }
        SolveGame::RushHour { board, json, .. } => {
            let outcome = rush_hour_answer(&mut solver::Solver::new(), &given(board))?;
            if json {
                println!("{}", rush_hour_json(&outcome));
            } else {
                match outcome.optimal() {
                    Some(n) => {
                        println!("solvable in {n} moves:");
                        for m in rush_hour_solution(&outcome) {
                            println!("  {m}");
                        }
                    }
                    None => println!("unsolvable: the taxi can never leave"),
                }
            }
            Ok(())
        }
        SolveGame::Duorail {
            batch: Some(src), ..
        } => batch(&src, |q| {
            let [board, color] = words(q, "<board file> <color>, like `board.txt blue`")?;
            let (board, color) = duorail_input(Path::new(board), color)?;
            Ok(duorail_json(&duorail::solver::longest(&board, color)))
        }),
        SolveGame::Duorail {
            board, color, json, ..
        } => {
            let (board, color) = duorail_input(&given(board), &given(color))?;
            let best = duorail::solver::longest(&board, color);
            if json {
                println!("{}", duorail_json(&best));
            } else if let Some(t) = &best.track {
                println!(
                    "the longest {} track has {} cells: {t}",
                    color.name(),
                    best.length
                );
            } else {
                println!("no {} track exists on this board", color.name());
            }
            Ok(())
        }
        SolveGame::Dodgem {
            batch: Some(src), ..
        } => {
            let mut kept = BTreeMap::new();
            batch(&src, |q| {
                let started = Instant::now();
                let words: Vec<&str> = q.split_whitespace().collect();
                let (what, rule) = match words[..] {
                    [what] => (what, "stuck-loses"),
                    [what, rule] => (what, rule),
                    _ => return Err(Failure::Input(format!(
                        "'{q}' is not a Dodgem question: write <size> [rule] or <position> [rule], like `3` or `B../B../.RR:B stuck-wins`"
                    ))),
                };
                let (size, position) = match what.parse::<u8>() {
                    Ok(n) => (n, None),
                    Err(_) => (3, Some(what)),
                };
                let question = dodgem_question(size, position, rule)?;
                let key = (question.n, question.rule.slug());
                let tables = match kept.entry(key) {
                    Entry::Occupied(e) => e.into_mut(),
                    Entry::Vacant(e) => e.insert(dodgem_tables(question.n, question.rule, None)?),
                };
                Ok(dodgem_answer(&question, tables, started))
            })
        }
        SolveGame::Dodgem {
            size,
            position,
            rule,
            tables,
            json,
            ..
        } => {
            let started = Instant::now();
            let question = dodgem_question(size, position.as_deref(), &rule)?;
            let tables = dodgem_tables(question.n, question.rule, tables.as_deref())?;
            let out = dodgem_answer(&question, &tables, started);
            if json {
                println!("{out}");
            } else {
                dodgem_text(&question, &out);
            }
            Ok(())
        }
        SolveGame::Permutation { position, asked } => {
            asked.answer(position, permutation_answer, permutation_json, |a| {
                println!("totals under best play: {:?}", a.totals);
                println!(
                    "best next x: {}",
                    a.best.as_deref().unwrap_or("(none: every x is numbered)")
                );
                println!("line: {}", a.line.join(" "));
            })
        }
        SolveGame::XsAndLines { position, asked } => {
            asked.answer(position, xs_and_lines_answer, XsAnswer::json, |a| {
                println!("{} for the side to move", word(a.wins));
                for (l, w) in a.moves {
                    println!("  {l}: {}", word(w));
                }
            })
        }
        SolveGame::Bejeweled {
            batch: Some(src), ..
        } => batch(&src, |q| {
            let words: Vec<&str> = q.split_whitespace().collect();
            let (grid, offer, limit) = match words[..] {
                [grid, offer] => (grid, offer, None),
                [grid, offer, secs] => {
                    let secs = secs.parse::<f64>().map_err(|_| {
                        Failure::Input(format!("'{secs}' is not a number of seconds"))
                    })?;
                    (grid, offer, Some(secs))
                }
                _ => return Err(Failure::Input(format!(
                    "'{q}' is not a Bejeweled question: write <grid file> <offer list> [limit secs], like `grid.txt swap,rotate,bend 5`"
                ))),
            };
            Ok(bejeweled_json(&bejeweled_answer(
                Path::new(grid),
                offer,
                limit,
            )?))
        }),
        SolveGame::Bejeweled {
            grid,
            offer,
            limit_secs,
            json,
            ..
        } => {
            let b = bejeweled_answer(&given(grid), &given(offer), limit_secs)?;
            let proof = b.proof.as_ref().map(|p| p.to_string()).unwrap_or_default();
            if json {
                println!("{}", bejeweled_json(&b));
            } else if b.exact {
                println!("best claim: {} gems, by {proof}", b.removed);
            } else {
                println!(
                    "at least {} gems (search incomplete: time limit), by {proof}",
                    b.removed
                );
            }
            Ok(())
        }
    }
}

/// A flag of the single form: clap's `required_unless_present` guarantees
/// it whenever `--batch` is absent.
fn given<T>(flag: Option<T>) -> T {
    flag.expect("clap requires the flag without --batch")
}

/// Answers each question in `src` with `answer`, one JSON line each, in
/// order. A question `answer` rejects gets `{"error": "line N: ..."}` and
/// the run goes on; at the end, exit 2 if any was malformed.
fn batch(
    src: &Path,
    mut answer: impl FnMut(&str) -> Result<Value, Failure>,
) -> Result<(), Failure> {
    let from_stdin = src == Path::new("-");
    let name = if from_stdin {
        "standard input".to_string()
    } else {
        src.display().to_string()
    };
    let reader: Box<dyn BufRead> = if from_stdin {
        Box::new(std::io::stdin().lock())
    } else {
        let file = std::fs::File::open(src).map_err(|e| {
            Failure::Input(format!(
                "cannot read {name}: {e}; give a file of questions, one a line, or - for standard input"
            ))
        })?;
        Box::new(std::io::BufReader::new(file))
    };
    // From a file, answers are written in blocks; from standard input each
    // is flushed as it is made, for a script that waits for one answer
    // before it asks the next.
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let cannot_write = |e: std::io::Error| Failure::Other(format!("cannot write the answers: {e}"));
    let (mut asked, mut malformed, mut failed) = (0, 0, 0);
    for (i, raw) in reader.split(b'\n').enumerate() {
        let raw = raw.map_err(|e| Failure::Other(format!("cannot read {name}: {e}")))?;
        let line = i + 1;
        let answer = match String::from_utf8(raw) {
            Err(_) => Err(Failure::Input("not UTF-8 text".into())),
            Ok(text) => {
                let q = text.trim();
                if q.is_empty() || q.starts_with('#') {
                    continue;
                }
                answer(q)
            }
        };
        asked += 1;
        let answer = match answer {
            Ok(v) => v,
            Err(Failure::Input(why)) => {
                malformed += 1;
                json!({"error": format!("line {line}: {why}")})
            }
            Err(Failure::Other(why) | Failure::Exit(_, why)) => {
                failed += 1;
                json!({"error": format!("line {line}: {why}")})
            }
        };
        writeln!(out, "{answer}").map_err(cannot_write)?;
        if from_stdin {
            out.flush().map_err(cannot_write)?;
        }
    }
    out.flush().map_err(cannot_write)?;
    if malformed > 0 {
        Err(Failure::Input(format!(
            "{malformed} of {asked} questions in {name} were malformed: each has an \"error\" line naming its line number"
        )))
    } else if failed > 0 {
        Err(Failure::Other(format!(
            "{failed} of {asked} questions in {name} could not be answered: see their \"error\" lines"
        )))
    } else {
        Ok(())
    }
}

/// A batch line split into exactly `N` words, or a reason naming `form`.
/// A `--batch` of position files, one file name a line, each answered
/// by `answer`.
fn batch_of_files(
    src: &Path,
    mut answer: impl FnMut(&Path) -> Result<Value, Failure>,
) -> Result<(), Failure> {
    batch(src, |q| {
        let [file] = words(q, "<position file>")?;
        answer(Path::new(file))
    })
}

fn words<'a, const N: usize>(q: &'a str, form: &str) -> Result<[&'a str; N], Failure> {
    let words: Vec<&str> = q.split_whitespace().collect();
    words.try_into().map_err(|_| {
        Failure::Input(format!(
            "'{q}' is not a question of this game: write {form}"
        ))
    })
}

fn rush_hour_answer(solver: &mut solver::Solver, board: &str) -> Result<solver::Outcome, Failure> {
    let b =
        rush_hour::Board::from_36(board).map_err(|e| Failure::Input(format!("bad board: {e}")))?;
    Ok(solver.solve(&b))
}

fn rush_hour_solution(outcome: &solver::Outcome) -> Vec<String> {
    match outcome {
        solver::Outcome::Solved(s) => s.moves.iter().map(ToString::to_string).collect(),
        solver::Outcome::Unsolvable { .. } => Vec::new(),
    }
}

fn rush_hour_json(outcome: &solver::Outcome) -> Value {
    json!({
        "solvable": outcome.optimal().is_some(),
        "optimal_moves": outcome.optimal(),
        "solution": rush_hour_solution(outcome),
    })
}

fn duorail_json(best: &duorail::solver::Longest) -> Value {
    let mut v = json!({
        "exists": best.exists(),
        "longest": best.length,
    });
    if let Some(t) = &best.track {
        v["track"] = t.to_string().into();
    }
    v
}

/// A Dodgem question, checked: the start of a size, or a position.
struct DodgemQuestion {
    n: u8,
    position: Option<dodgem::Position>,
    rule: dodgem::StuckRule,
}

fn dodgem_question(
    size: u8,
    position: Option<&str>,
    rule: &str,
) -> Result<DodgemQuestion, Failure> {
    let rule = dodgem::StuckRule::parse(rule).ok_or_else(|| {
        Failure::Input(format!(
            "'{rule}' is not a rule: use stuck-loses or stuck-wins"
        ))
    })?;
    let position = match position {
        Some(text) => Some(
            text.parse::<dodgem::Position>()
                .map_err(|e| Failure::Input(e.to_string()))?,
        ),
        None => None,
    };
    let n = position.map_or(size, |p| p.n);
    if !(3..=5).contains(&n) {
        return Err(Failure::Input(format!(
            "board size {n} is not supported: use 3, 4 or 5"
        )));
    }
    Ok(DodgemQuestion { n, position, rule })
}

/// The solved game of a size and rule: loaded from `file` when it
/// exists, else solved (and written to `file` when one is named).
fn dodgem_tables(
    n: u8,
    rule: dodgem::StuckRule,
    file: Option<&Path>,
) -> Result<dodgem::Tables, Failure> {
    let started = Instant::now();
    let mut last = 0.0;
    let mut solve = || {
        dodgem::Tables::solve(n, rule, |phase, done, total| {
            // Progress only for long runs, at most twice a second.
            let t = started.elapsed().as_secs_f64();
            if t >= last + 0.5 {
                last = t;
                eprintln!("[{t:>6.1} s] {phase}: {done} / {total}");
            }
        })
    };
    Ok(match file {
        Some(path) if path.exists() => {
            dodgem::Tables::load(path, n, rule).map_err(|e| Failure::Other(e.to_string()))?
        }
        Some(path) => {
            let t = solve();
            t.save(path)
                .map_err(|e| Failure::Other(format!("cannot write {}: {e}", path.display())))?;
            eprintln!("tables written to {}", path.display());
            t
        }
        None => solve(),
    })
}

fn dodgem_answer(q: &DodgemQuestion, tables: &dodgem::Tables, started: Instant) -> Value {
    let Some(p) = q.position else {
        let (v, r) = tables.value_of(&dodgem::Position::start(q.n));
        return json!({
            "size": q.n,
            "rule": q.rule.slug(),
            "reachable": tables.reachable,
            "start": {"value": v.word(), "remoteness": r},
            "counts": {"win": tables.counts[0], "lose": tables.counts[1], "draw": tables.counts[2]},
            "seconds": started.elapsed().as_secs_f64(),
        });
    };
    // The tables hold what the start leads to; any other position is
    // solved from itself.
    let own;
    let tables = if tables.knows(&p) {
        tables
    } else {
        eprintln!("{p} does not arise from the start; solving from it");
        own = dodgem::Tables::solve_from(p, q.rule, |_, _, _| {});
        &own
    };
    let (v, r) = tables.value_of(&p);
    let moves: Vec<_> = tables
        .moves(&p)
        .into_iter()
        .map(|(m, v, r)| json!({"move": m, "value": v.word(), "remoteness": r}))
        .collect();
    json!({"position": p.to_string(), "value": v.word(), "remoteness": r, "moves": moves})
}

/// The text form of `dodgem_answer`'s value.
fn dodgem_text(q: &DodgemQuestion, out: &Value) {
    let n = q.n;
    let word = |v: &Value| v.as_str().unwrap_or_default().to_string();
    let within = |r: &Value, unit: &str| {
        r.as_u64()
            .map(|r| format!(" in {r}{unit}"))
            .unwrap_or_default()
    };
    match q.position {
        None => {
            let (start, c) = (&out["start"], &out["counts"]);
            println!("{n}×{n} Dodgem ({}): the start is a {} for blue{}; {} reachable positions (win {}, lose {}, draw {})",
                q.rule.slug(), word(&start["value"]), within(&start["remoteness"], " plies"),
                out["reachable"], c["win"], c["lose"], c["draw"]);
        }
        Some(p) => {
            println!(
                "{p}: {} for the side to move{}",
                word(&out["value"]),
                within(&out["remoteness"], "")
            );
            for m in out["moves"].as_array().into_iter().flatten() {
                println!(
                    "  {} → {}{}",
                    word(&m["move"]),
                    word(&m["value"]),
                    within(&m["remoteness"], "")
                );
            }
        }
    }
}

fn permutation_answer(file: &Path) -> Result<permutation::Analysis, Failure> {
    let text = super::read_text(file)?;
    let p = permutation::Position::parse(&text)
        .map_err(|e| Failure::Input(format!("{}: {e}", file.display())))?;
    Ok(permutation::analyse(&p))
}

fn permutation_json(a: &permutation::Analysis) -> Value {
    let moves: Vec<_> = a
        .moves
        .iter()
        .map(|(x, t, loss)| json!({"x": x, "totals": t, "loss": loss}))
        .collect();
    json!({
        "totals": a.totals,
        "best": a.best,
        "best_all": a.best_all,
        "line": a.line,
        "moves": moves,
    })
}

/// An x's and lines answer: the value for the side to move, and each
/// move's (a line in part 2, a cell to place on in part 1).
struct XsAnswer {
    key: &'static str,
    wins: bool,
    moves: Vec<(String, bool)>,
}

fn word(w: bool) -> &'static str {
    if w {
        "win"
    } else {
        "lose"
    }
}

impl XsAnswer {
    /// The answer `solved` gives: whether the side to move wins, and each
    /// move (a `key`: a cell or a line) with whether it wins.
    fn of<M: std::fmt::Display>(key: &'static str, solved: (bool, Vec<(M, bool)>)) -> XsAnswer {
        let (wins, moves) = solved;
        XsAnswer {
            key,
            wins,
            moves: moves.into_iter().map(|(m, w)| (m.to_string(), w)).collect(),
        }
    }

    fn json(&self) -> Value {
        let moves: Vec<_> = self
            .moves
            .iter()
            .map(|(l, w)| json!({self.key: l, "value": word(*w)}))
            .collect();
        json!({"value": word(self.wins), "moves": moves})
    }
}

fn xs_and_lines_answer(file: &Path) -> Result<XsAnswer, Failure> {
    let text = super::read_text(file)?;
    let bad = |e: xs_and_lines::XsError| Failure::Input(format!("{}: {e}", file.display()));
    // A `placing` line asks about part 1 (small grids); otherwise the file
    // is a part-2 position.
    Ok(if xs_and_lines::Placing::is_placing(&text) {
        let p = xs_and_lines::Placing::parse(&text).map_err(bad)?;
        XsAnswer::of("cell", xs_and_lines::solve_placing(&p))
    } else {
        let p = xs_and_lines::Position::parse(&text).map_err(bad)?;
        XsAnswer::of("line", xs_and_lines::solve(&p))
    })
}

fn bejeweled_answer(
    grid: &Path,
    offer: &str,
    limit_secs: Option<f64>,
) -> Result<bejeweled::solver::Best, Failure> {
    let grid = bejeweled_grid(grid)?;
    let offer: bejeweled::Offer = offer
        .parse()
        .map_err(|e: bejeweled::proof::ProofError| Failure::Input(e.to_string()))?;
    if !offer.is_complete() {
        return Err(Failure::Input(format!(
            "the offer '{offer}' lacks a powerup type: offer at least one starter, one passive and one active"
        )));
    }
    let limit = match limit_secs {
        Some(s) if s.is_finite() && s >= 0.0 => Some(std::time::Duration::from_secs_f64(s)),
        Some(s) => return Err(Failure::Input(format!("--limit-secs {s} is not a time"))),
        None => None,
    };
    Ok(bejeweled::solver::best(&grid, offer, limit))
}

fn bejeweled_json(b: &bejeweled::solver::Best) -> Value {
    let proof = b.proof.as_ref().map(|p| p.to_string());
    json!({"best": b.removed, "proof": proof, "exact": b.exact, "plays": b.plays})
}
