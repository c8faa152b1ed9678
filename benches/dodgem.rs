//! The exact Dodgem retrograde solve (every position reachable from the
//! start: value and remoteness) on 3×3 and 4×4, under the seed's rule.
//!
//! 5×5 (164,308,067 reachable positions, tens of seconds) is too long for
//! criterion; time it with the CLI instead, over several runs:
//!
//! ```text
//! cargo build --release
//! hyperfine -N -r 3 './target/release/arbiter solve dodgem --size 5 --json'
//! ```
//!
//! (or once under `/usr/bin/time -v` for the peak memory). It must print
//! reachable 164308067, win 68673487 / lose 45205008 / draw 50429572 and
//! the start a draw.

use arbiter::games::dodgem::{Position, StuckRule, Tables};
use arbiter::games::Value;
use criterion::{black_box, criterion_group, criterion_main, Criterion};

fn bench(c: &mut Criterion) {
    let three = Tables::solve(3, StuckRule::StuckLoses, |_, _, _| {});
    assert_eq!(three.reachable, 1963);
    assert_eq!(three.value_of(&Position::start(3)), (Value::Win, Some(19)));
    let four = Tables::solve(4, StuckRule::StuckLoses, |_, _, _| {});
    assert_eq!(four.reachable, 393_900);
    assert_eq!(four.value_of(&Position::start(4)).0, Value::Draw);

    for n in [3u8, 4] {
        c.bench_function(&format!("solve_{n}x{n}"), |b| {
            b.iter(|| Tables::solve(black_box(n), StuckRule::StuckLoses, |_, _, _| {}))
        });
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
