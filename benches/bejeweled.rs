//! The best-claim search on the seed's worked-example grid: the offer in
//! the interface's example, all starters but pick with every passive and
//! active, and all nine powerups (pick with refresh is the expensive case:
//! every second pick is tried after every first one). The `sample_all_nine`
//! group runs all nine on each distinct grid of the bundled sample match,
//! the grids issue 16 budgets at 2 s each.

use std::time::Duration;

use arbiter::games::bejeweled::{solver, Grid, Offer};
use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion};

#[path = "common/bejeweled_sample.rs"]
mod sample;

const GRID: &str = "RBGYPRBG\nGYPRBGYP\nPRBGYPRB\nBGYPBRGY\nRPGRRBPR\nYYGRPYBG\nGRPBBGYP";

fn bench(c: &mut Criterion) {
    let grid = Grid::parse(GRID).expect("valid grid");
    for (name, offer) in [
        ("interface_offer", "swap,rotate,bend,recolor,plus,refresh"),
        (
            "no_pick_all_else",
            "swap,rotate,bend,recolor,chain,plus,column,refresh",
        ),
        (
            "pick_without_refresh",
            "pick,bend,recolor,chain,plus,column",
        ),
    ] {
        let offer: Offer = offer.parse().expect("valid offer");
        c.bench_function(name, |b| {
            b.iter(|| solver::best(black_box(&grid), offer, None))
        });
    }
    let mut slow = c.benchmark_group("all_nine");
    slow.sample_size(10)
        .measurement_time(Duration::from_secs(60));
    slow.bench_function("all_nine", |b| {
        b.iter(|| solver::best(black_box(&grid), Offer::all(), None))
    });
    slow.finish();
    let mut sample = c.benchmark_group("sample_all_nine");
    sample
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(20));
    let mut seen = Vec::new();
    for (round, grid) in sample::sample_grids() {
        // Round 7 replays round 6's grid.
        if seen.contains(&grid) {
            continue;
        }
        seen.push(grid);
        sample.bench_with_input(BenchmarkId::new("round", round), &grid, |b, g| {
            b.iter(|| solver::best(black_box(g), Offer::all(), None))
        });
    }
    sample.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
