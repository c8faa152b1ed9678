//! The longest track of a color, exactly: a frontier ("plug") dynamic
//! program.
//!
//! Cells are scanned row by row. Between the cells already decided and the
//! rest lies a frontier of `width + 1` plugs: the down-exits of the cells
//! above the frontier and the right-exit of the cell just decided. Because
//! the board is planar and the frontier is a line, the open path ends that
//! cross it pair up without crossing, so each plug is "none", "opens" or
//! "closes" — a bracket word of 2 bits a slot, 20 bits on a 9-wide board.
//! There are at most 2188 such words (the Motzkin number M₁₀), so the work
//! per cell is bounded whatever the pieces: the worst case is the typical
//! case, which search- or SAT-based methods cannot promise (a board split
//! into two rooms by an opponent's wall stalls them). The value kept per
//! state is the most cells used so far; back-pointers give one longest
//! track as a witness.
//!
//! Imports nothing outside Duorail's own `board`: a search knows no match,
//! chat or page.

use super::board::{track_from_loop, Board, Cell, Color, Exits, Side, Track};

/// The answer for one color.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Longest {
    /// Cells in the longest track; 0 when no track exists.
    pub length: usize,
    /// One longest track.
    pub track: Option<Track>,
}

impl Longest {
    pub fn exists(&self) -> bool {
        self.length > 0
    }
}

/// What a cell allows.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// Empty: unused, or any of the six shapes.
    Free,
    /// A piece of the color or a common piece: used, in exactly this shape.
    Forced(Exits),
    /// The opponent's piece: never used.
    Blocked,
}

const NONE: u32 = 0;
const OPEN: u32 = 1;
const CLOSE: u32 = 2;

#[inline]
fn slot(s: u32, j: usize) -> u32 {
    (s >> (2 * j)) & 3
}

#[inline]
fn with(s: u32, j: usize, v: u32) -> u32 {
    (s & !(3 << (2 * j))) | (v << (2 * j))
}

/// The slot of the partner of an end like `end` (an [`OPEN`] or a
/// [`CLOSE`]) that stands just before the `slots` searched, in their
/// order: the first end of the other kind that no end met on the way
/// pairs off.
fn partner(s: u32, slots: impl Iterator<Item = usize>, end: u32) -> Option<usize> {
    let other = OPEN + CLOSE - end;
    let mut depth = 0;
    for j in slots {
        match slot(s, j) {
            v if v == end => depth += 1,
            v if v == other && depth == 0 => return Some(j),
            v if v == other => depth -= 1,
            _ => {}
        }
    }
    None
}

/// One DP state after a cell: the frontier, the cells used, how we got here.
#[derive(Clone, Copy)]
struct Node {
    state: u32,
    used: u8,
    /// Index of the predecessor in the previous layer.
    prev: u32,
    /// The shape chosen for this layer's cell (0: unused).
    shape: u8,
}

/// The longest track of `color` on `board` (blue or red; for `Common`
/// only the common pieces are mandatory and both players' pieces block).
pub fn longest(board: &Board, color: Color) -> Longest {
    let (h, w) = (board.height() as usize, board.width() as usize);
    let kinds: Vec<Kind> = (0..h * w)
        .map(|i| {
            let cell = Cell {
                row: (i / w) as u8,
                col: (i % w) as u8,
            };
            match board.get(cell) {
                None => Kind::Free,
                Some(p) if p.color == color || p.color == Color::Common => Kind::Forced(p.exits),
                Some(_) => Kind::Blocked,
            }
        })
        .collect();
    let last_forced = kinds.iter().rposition(|k| matches!(k, Kind::Forced(_)));
    let slots = w + 1;
    let mask = if 2 * slots >= 32 {
        u32::MAX
    } else {
        (1u32 << (2 * slots)) - 1
    };
    // Dense map from a frontier word to its index in the layer being built.
    // An entry is trusted only when it points at a node of that very state,
    // so any starting value will do: zeros come from the allocator as
    // untouched pages, and only the pages a search reaches are ever
    // faulted in (filling 4 MiB with a marker was most of a 9-wide
    // board's solve time, all of it in the kernel).
    let mut index = vec![0u32; 1usize << (2 * slots)];
    let mut layers: Vec<Vec<Node>> = Vec::with_capacity(h * w + 1);
    layers.push(vec![Node {
        state: 0,
        used: 0,
        prev: u32::MAX,
        shape: 0,
    }]);
    // The best closing: (cells used, layer of the closing cell, predecessor, shape).
    let mut best: Option<(u8, usize, u32, u8)> = None;

    for i in 0..h * w {
        let (r, c) = (i / w, i % w);
        let prev = &layers[i];
        let mut next: Vec<Node> = Vec::with_capacity(prev.len() * 2);
        let kind = kinds[i];
        let can_close = last_forced.is_none_or(|f| i >= f);
        for (pi, node) in prev.iter().enumerate() {
            let s = if c == 0 {
                (node.state << 2) & mask
            } else {
                node.state
            };
            let (a, b) = (slot(s, c), slot(s, c + 1));
            let mut push = |state: u32, used: u8, shape: u8| {
                let k = &mut index[state as usize];
                if *k != u32::MAX && (*k as usize) < next.len() && next[*k as usize].state == state
                {
                    let n = &mut next[*k as usize];
                    if used > n.used {
                        *n = Node {
                            state,
                            used,
                            prev: pi as u32,
                            shape,
                        };
                    }
                } else {
                    *k = next.len() as u32;
                    next.push(Node {
                        state,
                        used,
                        prev: pi as u32,
                        shape,
                    });
                }
            };
            let shapes: &[Exits] = match kind {
                Kind::Free => {
                    if a == NONE && b == NONE {
                        push(s, node.used, 0);
                    }
                    &Exits::ALL
                }
                Kind::Forced(ref e) => std::slice::from_ref(e),
                Kind::Blocked => {
                    if a == NONE && b == NONE {
                        push(s, node.used, 0);
                    }
                    &[]
                }
            };
            for &e in shapes {
                if (a != NONE) != e.has(Side::Left) || (b != NONE) != e.has(Side::Up) {
                    continue;
                }
                if (e.has(Side::Down) && r + 1 == h) || (e.has(Side::Right) && c + 1 == w) {
                    continue;
                }
                let used = node.used + 1;
                let cleared = with(with(s, c, NONE), c + 1, NONE);
                let out = match (a, b) {
                    (NONE, NONE) => with(with(cleared, c, OPEN), c + 1, CLOSE),
                    (v, NONE) | (NONE, v) => {
                        if e.has(Side::Down) {
                            with(cleared, c, v)
                        } else {
                            with(cleared, c + 1, v)
                        }
                    }
                    // b's partner, to the right, now opens.
                    (OPEN, OPEN) => match partner(s, c + 2..slots, OPEN) {
                        Some(j) => with(cleared, j, OPEN),
                        None => cleared,
                    },
                    // a's partner, to the left, now closes.
                    (CLOSE, CLOSE) => match partner(s, (0..c).rev(), CLOSE) {
                        Some(j) => with(cleared, j, CLOSE),
                        None => cleared,
                    },
                    (CLOSE, OPEN) => cleared,
                    _ => {
                        // (OPEN, CLOSE): the two ends of one path meet —
                        // the loop closes here. It is a track only if
                        // nothing else is open and no mandatory piece
                        // comes later.
                        if cleared == 0 && can_close && best.is_none_or(|(u, ..)| used > u) {
                            best = Some((used, i + 1, pi as u32, e.bits()));
                        }
                        continue;
                    }
                };
                push(out, used, e.bits());
            }
        }
        layers.push(next);
    }

    let Some((used, layer, prev, shape)) = best else {
        return Longest {
            length: 0,
            track: None,
        };
    };
    // Walk the back-pointers: the closing cell, then each earlier cell.
    let cell_of = |i: usize| Cell {
        row: (i / w) as u8,
        col: (i % w) as u8,
    };
    let exits_of = |bits: u8| Exits::ALL.into_iter().find(|e| e.bits() == bits);
    let mut shapes: Vec<(Cell, Exits)> = Vec::with_capacity(used as usize);
    if let Some(e) = exits_of(shape) {
        shapes.push((cell_of(layer - 1), e));
    }
    let mut at = prev;
    for l in (1..layer).rev() {
        let n = layers[l][at as usize];
        if let Some(e) = exits_of(n.shape) {
            shapes.push((cell_of(l - 1), e));
        }
        at = n.prev;
    }
    Longest {
        length: used as usize,
        track: track_from_loop(board, &shapes),
    }
}

#[cfg(test)]
mod tests {
    use super::super::board::{check_track, Piece, Track};
    use super::*;

    fn board(rows: &[&str]) -> Board {
        Board::parse(&rows.join("\n")).unwrap()
    }

    fn assert_longest(b: &Board, color: Color, want: usize) {
        let got = longest(b, color);
        assert_eq!(got.length, want, "\n{}", b.to_text());
        match &got.track {
            Some(t) => assert_eq!(check_track(b, color, t), Ok(want), "witness {t}"),
            None => assert_eq!(want, 0),
        }
    }

    #[test]
    fn empty_9x9_board_gives_80() {
        assert_longest(&Board::empty(9, 9), Color::Blue, 80);
    }

    #[test]
    fn a_piece_pointing_off_the_board_makes_it_impossible() {
        let mut b = Board::empty(9, 9);
        b.set(
            "A1".parse().unwrap(),
            Some(Piece {
                color: Color::Red,
                exits: "UL".parse().unwrap(),
            }),
        )
        .unwrap();
        assert_longest(&b, Color::Red, 0);
        assert_longest(&b, Color::Blue, 80);
    }

    #[test]
    fn a_2x2_board_is_one_loop_of_4() {
        assert_longest(&Board::empty(2, 2), Color::Blue, 4);
        assert_longest(&Board::empty(1, 5), Color::Blue, 0);
        assert_longest(&board(&["B:RD B:DL", "B:UR B:LU"]), Color::Blue, 4);
        assert_longest(&board(&["B:RD B:DL", "B:UR R:LU"]), Color::Blue, 0);
    }

    #[test]
    fn a_wall_splits_the_board_into_rooms() {
        // A red wall down column 4 leaves rooms of 9×3 and 9×5.
        let b = board(&[". . . R:UD . . . . ."; 9]);
        assert_longest(&b, Color::Blue, 44);
    }

    /// Every simple cycle on the board, by depth-first search from its
    /// smallest cell, each checked with `check_track`: slow, plainly right.
    fn brute_force(b: &Board, color: Color) -> usize {
        let (h, w) = (b.height(), b.width());
        let cells: Vec<Cell> = (0..h)
            .flat_map(|r| (0..w).map(move |c| Cell { row: r, col: c }))
            .collect();
        let mut best = 0;
        for &start in &cells {
            let mut path = vec![start];
            let mut steps = Vec::new();
            dfs(b, color, start, &mut path, &mut steps, &mut best);
        }
        best
    }

    fn dfs(
        b: &Board,
        color: Color,
        start: Cell,
        path: &mut Vec<Cell>,
        steps: &mut Vec<Side>,
        best: &mut usize,
    ) {
        let cur = *path.last().unwrap();
        for side in Side::ALL {
            let Some(next) = cur.step(side, b.height(), b.width()) else {
                continue;
            };
            if next == start && path.len() >= 4 {
                steps.push(side);
                let t = Track {
                    start,
                    steps: steps.clone(),
                };
                if let Ok(n) = check_track(b, color, &t) {
                    *best = (*best).max(n);
                }
                steps.pop();
                continue;
            }
            if next <= start || path.contains(&next) {
                continue;
            }
            if b.get(next)
                .is_some_and(|p| Some(p.color) == color.opponent())
            {
                continue;
            }
            path.push(next);
            steps.push(side);
            dfs(b, color, start, path, steps, best);
            path.pop();
            steps.pop();
        }
    }

    fn random_board(seed: &mut u64, h: u8, w: u8) -> Board {
        let mut next = || {
            *seed ^= *seed << 13;
            *seed ^= *seed >> 7;
            *seed ^= *seed << 17;
            *seed
        };
        let mut b = Board::empty(h, w);
        let pieces = next() % 5;
        for _ in 0..pieces {
            let r = next();
            let cell = Cell {
                row: (r % h as u64) as u8,
                col: ((r >> 8) % w as u64) as u8,
            };
            let color = match (r >> 16) % 5 {
                0 | 1 => Color::Blue,
                2 | 3 => Color::Red,
                _ => Color::Common,
            };
            let mut exits = Exits::ALL[((r >> 24) % 6) as usize];
            if color == Color::Common && !exits.is_straight() {
                exits = Exits::ALL[((r >> 24) % 2) as usize];
            }
            b.set(cell, Some(Piece { color, exits })).unwrap();
        }
        b
    }

    #[test]
    fn agrees_with_brute_force_on_random_small_boards() {
        let mut seed = 0x9E37_79B9_7F4A_7C15;
        let mut found = 0;
        for n in 0..3000 {
            let (h, w) = match n % 4 {
                0 => (3, 3),
                1 => (3, 4),
                2 => (4, 4),
                _ => (4, 5),
            };
            let b = random_board(&mut seed, h, w);
            for color in [Color::Blue, Color::Red] {
                let fast = longest(&b, color);
                assert_eq!(
                    fast.length,
                    brute_force(&b, color),
                    "{color:?}\n{}",
                    b.to_text()
                );
                if let Some(t) = &fast.track {
                    assert_eq!(check_track(&b, color, t), Ok(fast.length));
                    found += 1;
                }
            }
        }
        assert!(
            found > 1000,
            "the random boards should mostly have tracks: {found}"
        );
    }

    #[test]
    #[ignore = "minutes in debug builds: 5×5 brute force"]
    fn agrees_with_brute_force_on_5x5_boards() {
        let mut seed = 0x2545_F491_4F6C_DD1D;
        for _ in 0..300 {
            let b = random_board(&mut seed, 5, 5);
            for color in [Color::Blue, Color::Red] {
                assert_eq!(
                    longest(&b, color).length,
                    brute_force(&b, color),
                    "\n{}",
                    b.to_text()
                );
            }
        }
    }
}
