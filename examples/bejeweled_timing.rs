//! Times the exact best-claim search with all nine powerups on every grid
//! of the bundled Bejeweled sample match, the target of issue 16 (each
//! grid within 2 s on two cores). Prints one line per round: time, gems
//! removed, cascades played and the proof, so a change to the search can
//! be checked for both speed and an unchanged answer. Run with
//! `cargo run --release --example bejeweled_timing [repeats]`.

use std::time::Instant;

use arbiter::games::bejeweled::{solver, Offer};

#[path = "../benches/common/bejeweled_sample.rs"]
mod sample;

/// CPU time of this process so far (user + system, all threads), in
/// seconds, from /proc; 0 where there is none. On a machine shared with
/// other builds it says what the search itself costs.
fn cpu_seconds() -> f64 {
    let Ok(stat) = std::fs::read_to_string("/proc/self/stat") else {
        return 0.0;
    };
    // Fields after the command name (which ends with ')'): utime is the
    // 12th and stime the 13th, in clock ticks of 1/100 s.
    let rest = stat.rsplit_once(')').map_or("", |(_, r)| r);
    let f: Vec<f64> = rest
        .split_whitespace()
        .map(|x| x.parse().unwrap_or(0.0))
        .collect();
    (f.get(11).unwrap_or(&0.0) + f.get(12).unwrap_or(&0.0)) / 100.0
}

fn main() {
    let repeats: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(1);
    let mut worst = 0f64;
    for (round, grid) in sample::sample_grids() {
        let mut times = Vec::new();
        let mut answer = None;
        let cpu = cpu_seconds();
        for _ in 0..repeats {
            let t = Instant::now();
            let b = solver::best(&grid, Offer::all(), None);
            times.push(t.elapsed().as_secs_f64());
            answer = Some(b);
        }
        let cpu = (cpu_seconds() - cpu) / repeats as f64;
        times.sort_by(f64::total_cmp);
        let median = times[times.len() / 2];
        worst = worst.max(times[times.len() - 1]);
        let b = answer.expect("at least one run");
        let proof = b.proof.map_or("-".to_string(), |p| p.to_string());
        println!(
            "round {}: {:.3} s (min {:.3}, cpu {:.2} s) removed {} exact {} plays {} proof {}",
            round, median, times[0], cpu, b.removed, b.exact, b.plays, proof
        );
    }
    println!("worst run: {worst:.3} s");
}
