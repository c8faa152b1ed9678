//! The best-claim search on the seed's worked-example grid: the offer in
//! the interface's example, all starters but pick with every passive and
//! active, and all nine powerups (pick with refresh is the expensive case:
//! every second pick is tried after every first one).

use std::time::Duration;

use arbiter::games::bejeweled::{solver, Grid, Offer};
use criterion::{black_box, criterion_group, criterion_main, Criterion};

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
}

criterion_group!(benches, bench);
criterion_main!(benches);
