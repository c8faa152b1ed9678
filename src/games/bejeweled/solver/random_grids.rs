//! Random grids for the tests of Bejeweled's searches (`solver`, `fast`;
//! test builds only): grids as a round starts, with no line of three,
//! drawn from a xorshift seed so that every run tests the same grids.
//!
//! Imports nothing outside Bejeweled's own `grid`.

use super::super::grid::{Grid, COLS, ROWS};

/// The gems, in the order a random number picks them.
pub const GEMS: [char; 5] = ['R', 'B', 'G', 'Y', 'P'];

/// The next number of the xorshift sequence in `seed`.
pub fn next(seed: &mut u64) -> u64 {
    *seed ^= *seed << 13;
    *seed ^= *seed >> 7;
    *seed ^= *seed << 17;
    *seed
}

/// A grid with no line of three. Each try asks `cells` (given the seed)
/// how to fill one grid, then fills it row by row: a cell in row `r` is
/// `fill(r, x)`, `x` the seed's next number (a gem letter, or `#` for a
/// rock); a grid with a line is thrown away and the next one tried.
pub fn without_line<F: FnMut(usize, u64) -> char>(
    seed: &mut u64,
    mut cells: impl FnMut(&mut u64) -> F,
) -> Grid {
    loop {
        let mut fill = cells(seed);
        let mut rows = Vec::new();
        for r in 0..ROWS {
            let mut row = String::new();
            for _ in 0..COLS {
                let x = next(seed);
                row.push(fill(r, x));
            }
            rows.push(row);
        }
        let g = Grid::parse(&rows.join("\n")).expect("a grid of gems and rocks");
        if !g.has_line() {
            return g;
        }
    }
}
