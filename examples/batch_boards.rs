//! Writes 120 varied Traffic Jam boards, one a line, for timing
//! `arbiter solve rush-hour --batch` against one process per board (see
//! README, "Benchmarks"). Made in code, not kept as a file: the boards
//! along the optimal solutions of the 51-move board
//! `GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo` and of the big cluster
//! `BB.C...D.CEE.DAAFGH.IIFGH.JKK.LLJ...` (every distance from 51 down to
//! 1), then seeded random boards, a tenth of them walled shut
//! (unsolvable).
//!
//! ```text
//! cargo run --release --example batch_boards > /tmp/boards.txt
//! cargo run --release --example batch_boards -- --in-process 21
//! ```
//!
//! With `--in-process N` it prints nothing of the boards and instead
//! solves all of them N times in this process with one reused
//! [`solver::Solver`], as `--batch` does, and prints the median time of
//! the whole set: the cost a batch process's per-board cost is held to.

use arbiter::games::rush_hour::board::EXIT_ROW;
use arbiter::games::rush_hour::{solver, Board};

const HARDEST: &str = "GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo";
const CLUSTER: &str = "BB.C...D.CEE.DAAFGH.IIFGH.JKK.LLJ...";
const COUNT: usize = 120;

fn main() {
    let mut boards = Vec::new();
    for start in [HARDEST, CLUSTER] {
        boards.extend(along_the_solution(start));
    }
    let mut rng = XorShift(0x9e37_79b9_7f4a_7c15);
    let mut walled = 0;
    while boards.len() < COUNT {
        let wall = boards.len() % 10 == 0;
        if let Some(b) = random_board(&mut rng, wall) {
            walled += usize::from(wall);
            boards.push(b);
        }
    }
    boards.truncate(COUNT);
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let [flag, runs] = args.as_slice() {
        assert_eq!(flag, "--in-process", "usage: batch_boards [--in-process N]");
        in_process(&boards, runs.parse().expect("N, how many runs"));
        return;
    }
    for b in &boards {
        println!("{b}");
    }
    eprintln!("{} boards ({walled} walled shut)", boards.len());
}

/// Solves `boards` `runs` times with one reused solver (the boards parsed
/// inside the timing, as `--batch` parses each line); prints the median.
fn in_process(boards: &[String], runs: usize) {
    let mut solver = solver::Solver::new();
    let mut times: Vec<std::time::Duration> = (0..runs.max(1))
        .map(|_| {
            let start = std::time::Instant::now();
            let mut moves = 0usize;
            for b in boards {
                let board = Board::from_36(b).expect("a valid board");
                if let solver::Outcome::Solved(s) = solver.solve(&board) {
                    moves += s.moves.len();
                }
            }
            std::hint::black_box(moves);
            start.elapsed()
        })
        .collect();
    times.sort();
    let median = times[times.len() / 2];
    println!(
        "{} boards in process, median of {}: {:.2} ms the set, {:.1} µs a board",
        boards.len(),
        times.len(),
        median.as_secs_f64() * 1e3,
        median.as_secs_f64() * 1e6 / boards.len() as f64
    );
}

/// `start` and each board its optimal solution passes through, so every
/// distance from its optimum down to 1 appears once.
fn along_the_solution(start: &str) -> Vec<String> {
    let mut board = Board::from_36(start).expect("a valid board");
    let solver::Outcome::Solved(s) = solver::solve(&board) else {
        panic!("{start} is solvable");
    };
    let mut out = vec![board.to_36()];
    // The last move drives the taxi out: the board before it is the 1-move one.
    for m in &s.moves[..s.moves.len() - 1] {
        board.apply(m).expect("the solver's moves are legal");
        out.push(board.to_36());
    }
    out
}

/// The taxi somewhere in the exit row and up to 12 cars and trucks dropped
/// at random; with `wall`, a wall at the exit (never solvable). None when
/// the taxi's own row hides the exit with a horizontal car (not a board).
fn random_board(rng: &mut XorShift, wall: bool) -> Option<String> {
    let mut cells = ['.'; 36];
    let row = EXIT_ROW as usize;
    let taxi = rng.below(3) as usize;
    cells[row * 6 + taxi] = 'Z';
    cells[row * 6 + taxi + 1] = 'Z';
    if wall {
        cells[row * 6 + 5] = 'x';
    }
    let mut labels = ('B'..='Y').filter(|c| *c != 'O' && *c != 'X');
    for _ in 0..rng.below(13) {
        let (len, across) = (2 + rng.below(2) as usize, rng.below(2) == 0);
        let (c, r) = (rng.below(6) as usize, rng.below(6) as usize);
        let at: Vec<usize> = (0..len)
            .map(|k| if across { (r, c + k) } else { (r + k, c) })
            .filter(|&(r, c)| r < 6 && c < 6)
            .map(|(r, c)| r * 6 + c)
            .collect();
        // A car across the exit row would share the taxi's line.
        if at.len() < len || at.iter().any(|&i| cells[i] != '.') || (across && r == row) {
            continue;
        }
        let label = labels.next()?;
        for i in at {
            cells[i] = label;
        }
    }
    let text: String = cells.iter().collect();
    Board::from_36(&text).ok().map(|_| text)
}

/// A small seeded generator: the same boards every run.
struct XorShift(u64);

impl XorShift {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}
