//! Exact best play in part 2 of the permutation game (a dynamic program
//! over the numbered set and the last x): the seed's 7-column example and
//! larger two-player grids from the first x.

use arbiter::games::permutation::{analyse, Position};
use criterion::{black_box, criterion_group, criterion_main, Criterion};

fn position(text: &str) -> Position {
    Position::parse(text).expect("valid bench position")
}

fn bench(c: &mut Criterion) {
    // The seed's worked example, from the first x (A5).
    let seed = position("players 2\nperm 5 1 2 6 4 7 3\n");
    // Best play from A5 ends 24–37 in the seed's line; the analysis must
    // at least finish the numbering.
    assert_eq!(analyse(&seed).line.len(), 7);
    // n = k·m + 1 with 2 players: 13 and 15 columns, rows scrambled.
    let thirteen = position("players 2\nperm 7 12 3 10 1 13 5 9 2 11 6 4 8\n");
    let fifteen = position("players 2\nperm 9 2 14 6 11 1 15 4 12 7 3 13 8 10 5\n");
    assert_eq!(analyse(&thirteen).line.len(), 13);
    assert_eq!(analyse(&fifteen).line.len(), 15);
    for (name, p) in [
        ("best_play_n7_seed", &seed),
        ("best_play_n13", &thirteen),
        ("best_play_n15", &fifteen),
    ] {
        c.bench_function(name, |b| b.iter(|| analyse(black_box(p))));
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
