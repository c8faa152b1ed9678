//! Solver benchmarks: the hardest known 6×6 puzzle (51 moves) and a few
//! ordinary positions.

use arbiter::games::rush_hour::{solver, Board};
use criterion::{black_box, criterion_group, criterion_main, Criterion};

fn bench(c: &mut Criterion) {
    let cases = [
        (
            "hardest_51",
            "GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo",
            Some(51),
        ),
        (
            "two_blockers_2",
            "..YX....YX..ZZ.X....W.....W.........",
            Some(2),
        ),
        (
            "unsolvable_wall",
            "............ZZx.....................",
            None,
        ),
    ];
    for (name, s, expect) in cases {
        let board = Board::from_36(s).expect("valid bench board");
        if let Some(n) = expect {
            assert_eq!(solver::solve(&board).optimal(), Some(n), "{name}");
        }
        c.bench_function(name, |b| b.iter(|| solver::solve(black_box(&board))));
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
