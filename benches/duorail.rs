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
    // The endgame position of the bundled sample dr-chgg3-dm7: 22 pieces,
    // both colors still have tracks (blue 40, red 56).
    let dense = board(&[
        ". R:DL . B:LR . R:LR . . .",
        ". . . . . . . . .",
        ". B:UD . B:RD B:LU B:RD . R:UR .",
        "R:UR . B:RD . R:RD . B:UD . .",
        ". . . . . . . R:LR .",
        "R:UR . B:DL B:UD . B:RD . . .",
        ". R:LU . . . . R:LU . .",
        ". . . . . . B:DL . R:UD",
        ". . . R:LU . . . . .",
    ]);
    let wall = board(&[". . . R:UD . . . . ."; 9]);
    assert_eq!(solver::longest(&dense, Color::Blue).length, 40);
    assert_eq!(solver::longest(&dense, Color::Red).length, 56);
    assert_eq!(solver::longest(&wall, Color::Blue).length, 44);
    assert_eq!(solver::longest(&empty, Color::Red).length, 80);
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
