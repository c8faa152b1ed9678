//! Solver benchmarks: the hardest known 6×6 puzzle (51 moves), a board
//! whose cluster holds 541,934 positions (solvable in 15, so
//! the breadth-first search stops after reaching 10,570 of them), the
//! same board with car G turned into walls (unsolvable: all 99,456
//! reachable positions are searched) and a few ordinary positions.

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
            "cluster_541934",
            "BB.C...D.CEE.DAAFGH.IIFGH.JKK.LLJ...",
            Some(15),
        ),
        ("walled_99456", "BB.C...D.CEE.DAAFxH.IIFxH.JKK.LLJ...", None),
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
        assert_eq!(solver::solve(&board).optimal(), expect, "{name}");
        c.bench_function(name, |b| b.iter(|| solver::solve(black_box(&board))));
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
