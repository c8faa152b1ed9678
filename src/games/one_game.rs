//! The square lettered board x's and lines and the permutation game draw
//! on: columns `A`, `B`, … and rows `1`, `2`, … The pieces and overlays
//! are each game's `view`. It imports nothing outside `games`.

use super::{Drawing, Overlay, Piece};

/// A square board of `n` columns `A`, `B`, … and rows `1`, `2`, … with
/// `pieces` on it and `overlays` over it.
pub fn lettered_square(n: u8, pieces: Vec<Piece>, overlays: Vec<Overlay>) -> Drawing {
    Drawing {
        cols: n,
        rows: n,
        col_names: (0..n).map(|c| ((b'A' + c) as char).to_string()).collect(),
        row_names: (1..=n).map(|r| r.to_string()).collect(),
        pieces,
        exit_row: None,
        rails: Vec::new(),
        overlays,
        gems: Vec::new(),
    }
}
