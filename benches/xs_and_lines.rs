//! The exact part-2 solver of x's and lines (memoised on the x's used,
//! the x to draw from and the two pass masks): value of the first line
//! on an 8×8 grid with 8 x's (about 2 ms) and a 12×12 grid with 12
//! x's (about 2 s: sampled ten times).

use arbiter::games::xs_and_lines::{solve, Position};
use criterion::{black_box, criterion_group, criterion_main, Criterion};

fn position(text: &str) -> Position {
    Position::parse(text).expect("valid bench position")
}

fn bench(c: &mut Criterion) {
    // The x's of the 8×8 match in tests/small_games.rs, no line drawn.
    let eight = position("size 8\nxs B2 B7 G2 D4 F6 H8 C5 E1\n");
    // Twelve x's spread over a 12×12 grid, no line drawn.
    let twelve = position("size 12\nxs B2 K3 E5 H1 A9 F8 L11 C12 J7 D10 G4 I10\n");
    for p in [&eight, &twelve] {
        let (_, moves) = solve(p);
        assert!(!moves.is_empty(), "the first line has choices");
    }
    c.bench_function("first_line_8x8", |b| b.iter(|| solve(black_box(&eight))));
    // About 2 s a solve: ten samples keep a run to under a minute.
    let mut slow = c.benchmark_group("slow");
    slow.sample_size(10);
    slow.bench_function("first_line_12x12", |b| b.iter(|| solve(black_box(&twelve))));
    slow.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
