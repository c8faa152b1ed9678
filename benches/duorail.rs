//! The longest-track solver on 9×9 boards: empty, sparse, dense and split
//! by an opponent's wall (the case that stalls search- and SAT-based
//! solvers). Target: under 5 ms per color.

use arbiter::games::duorail::{solver, Board, Color};
use criterion::{black_box, criterion_group, criterion_main, Criterion};

fn board(rows: &[&str]) -> Board {
    Board::parse(&rows.join("\n")).expect("valid bench board")
}

fn bench(c: &mut Criterion) {
    let empty = Board::empty(9, 9);
    let sparse = board(&[
        ". . . . . . . . .",
        ". B:RD . . . . . R:UD .",
        ". . . . C:LR . . . .",
        ". . . . . . . . .",
        ". . R:LR . . . B:UD . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". B:UR . . . . . R:DL .",
        ". . . . . . . . .",
    ]);
    let dense = board(&[
        "B:RD B:LR B:LR B:DL . R:UD . . .",
        "B:UD . R:LR B:UD . . . R:RD R:DL",
        "B:UD . . B:UR B:LR B:DL . R:UD R:UD",
        "B:UR B:DL . . . B:UD R:LR R:LU R:UD",
        ". B:UD . C:LR . B:UD . . R:UD",
        ". B:UR B:LR . B:LR B:LU . R:RD R:LU",
        ". . . . . . . R:UD .",
        "R:LR R:LR . . C:UD . . R:UR R:DL",
        ". . . . . . . . R:UD",
    ]);
    let wall = board(&[". . . R:UD . . . . ."; 9]);
    for (name, b) in [
        ("empty", &empty),
        ("sparse", &sparse),
        ("dense", &dense),
        ("wall_split", &wall),
    ] {
        for color in [Color::Blue, Color::Red] {
            c.bench_function(&format!("{name}_{}", color.name()), |bench| {
                bench.iter(|| solver::longest(black_box(b), color))
            });
        }
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
