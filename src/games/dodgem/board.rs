//! Dodgem positions, moves and notation.
//!
//! An n×n board (3 ≤ n ≤ 5), each side's cars a bit mask over the n²
//! cells (bit = row·n + column, row 0 at the bottom, column 0 at the left,
//! chess style: `a1` is the bottom-left corner). Blue starts on the left
//! column above a1 and drives east, north or south, leaving off the east
//! edge; red starts on the bottom row right of a1 and drives north, west or
//! east, leaving off the north edge. First to get every car off wins.
//!
//! Imports nothing from the crate (only `std`, serde and thiserror): the
//! rules, the solver and the pages build on it, never the reverse.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// A side.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    Blue,
    Red,
}

impl Side {
    pub fn other(self) -> Side {
        match self {
            Side::Blue => Side::Red,
            Side::Red => Side::Blue,
        }
    }
    pub fn letter(self) -> char {
        match self {
            Side::Blue => 'B',
            Side::Red => 'R',
        }
    }
}

/// What happens to a side that cannot move.
#[derive(
    Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize, Default,
)]
#[serde(rename_all = "kebab-case")]
pub enum StuckRule {
    /// The seed's rule (the default): no legal move loses.
    #[default]
    StuckLoses,
    /// Winning Ways' and GamesmanUni's: no legal move wins (you must leave
    /// your opponent a move).
    StuckWins,
}

impl StuckRule {
    pub fn parse(s: &str) -> Option<StuckRule> {
        match s.trim() {
            "stuck-loses" => Some(StuckRule::StuckLoses),
            "stuck-wins" => Some(StuckRule::StuckWins),
            _ => None,
        }
    }
    pub fn slug(self) -> &'static str {
        match self {
            StuckRule::StuckLoses => "stuck-loses",
            StuckRule::StuckWins => "stuck-wins",
        }
    }
}

/// A direction of a move.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Dir {
    North,
    East,
    South,
    West,
}

impl Dir {
    pub fn letter(self) -> char {
        match self {
            Dir::North => 'N',
            Dir::East => 'E',
            Dir::South => 'S',
            Dir::West => 'W',
        }
    }
    /// The direction a notation letter names (`N`, `E`, `S`, `W`).
    pub fn from_letter(c: char) -> Option<Dir> {
        [Dir::North, Dir::East, Dir::South, Dir::West]
            .into_iter()
            .find(|d| d.letter() == c)
    }
    /// The directions a side may drive in, in notation order.
    pub fn of(side: Side) -> [Dir; 3] {
        match side {
            Side::Blue => [Dir::East, Dir::North, Dir::South],
            Side::Red => [Dir::North, Dir::West, Dir::East],
        }
    }
    /// The side's exit direction.
    pub fn exit(side: Side) -> Dir {
        match side {
            Side::Blue => Dir::East,
            Side::Red => Dir::North,
        }
    }
}

/// A move: the car's cell and a direction (`a3 E`); driving off the exit
/// edge is written the same way (`c3 E`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Move {
    pub from: u8,
    pub dir: Dir,
}

/// A position: the board size, both sides' cars, and the side to move.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize)]
pub struct Position {
    pub n: u8,
    pub blue: u32,
    pub red: u32,
    pub to_move: Side,
}

#[derive(Debug, Error, PartialEq, Eq, Clone)]
pub enum PositionError {
    #[error("board size {0} is not supported: use 3, 4 or 5")]
    Size(usize),
    #[error("'{0}' is not a position: write rows from top to bottom joined by '/', B blue, R red, . empty, then :B or :R for the side to move, like B../B../.RR:B")]
    Form(String),
    #[error("row {row} has {len} cells; every row has {n}")]
    RowLength { row: usize, len: usize, n: usize },
    #[error("{side} has {count} cars; each side has at most {max}")]
    TooMany {
        side: &'static str,
        count: u32,
        max: u32,
    },
    #[error("'{0}' is not a move: write a cell and a direction, like a3 E")]
    Move(String),
    #[error("{0} is not legal here: {1}")]
    Illegal(String, String),
}

impl Position {
    /// The start: blue on a2…an, red on b1…n1, blue to move.
    pub fn start(n: u8) -> Position {
        let mut blue = 0;
        let mut red = 0;
        for i in 1..n {
            blue |= 1 << (i * n);
            red |= 1 << i;
        }
        Position {
            n,
            blue,
            red,
            to_move: Side::Blue,
        }
    }

    pub fn cars(&self, side: Side) -> u32 {
        match side {
            Side::Blue => self.blue,
            Side::Red => self.red,
        }
    }

    fn occupied(&self) -> u32 {
        self.blue | self.red
    }

    /// The cell `dir` of `cell`, or `None` off the board.
    pub fn step(n: u8, cell: u8, dir: Dir) -> Option<u8> {
        let (c, r) = (cell % n, cell / n);
        match dir {
            Dir::North if r + 1 < n => Some(cell + n),
            Dir::South if r > 0 => Some(cell - n),
            Dir::East if c + 1 < n => Some(cell + 1),
            Dir::West if c > 0 => Some(cell - 1),
            _ => None,
        }
    }

    /// Whether the game is over: a side has no cars left (it won).
    pub fn winner(&self) -> Option<Side> {
        if self.blue == 0 {
            Some(Side::Blue)
        } else if self.red == 0 {
            Some(Side::Red)
        } else {
            None
        }
    }

    /// Every legal move of the side to move (none once the game is over).
    pub fn moves(&self) -> Vec<Move> {
        let mut out = Vec::new();
        self.for_each_move(|m| out.push(m));
        out
    }

    /// Calls `f` with each legal move, in the order of [`Position::moves`],
    /// without allocating (the solver walks hundreds of millions).
    pub fn for_each_move(&self, mut f: impl FnMut(Move)) {
        if self.winner().is_some() {
            return;
        }
        let side = self.to_move;
        let occupied = self.occupied();
        let mut cars = self.cars(side);
        while cars != 0 {
            let from = cars.trailing_zeros() as u8;
            cars &= cars - 1;
            for dir in Dir::of(side) {
                match Position::step(self.n, from, dir) {
                    Some(to) if occupied & (1 << to) == 0 => f(Move { from, dir }),
                    None if dir == Dir::exit(side) => f(Move { from, dir }),
                    _ => {}
                }
            }
        }
    }

    /// The position after a move (assumed legal: from `moves`).
    pub fn play(&self, m: Move) -> Position {
        let side = self.to_move;
        let mut cars = self.cars(side) & !(1 << m.from);
        if let Some(to) = Position::step(self.n, m.from, m.dir) {
            cars |= 1 << to;
        }
        let mut next = *self;
        match side {
            Side::Blue => next.blue = cars,
            Side::Red => next.red = cars,
        }
        next.to_move = side.other();
        next
    }

    /// A cell's name: column letter, row number (`a1` bottom-left).
    pub fn cell_name(n: u8, cell: u8) -> String {
        format!("{}{}", (b'a' + cell % n) as char, cell / n + 1)
    }

    pub fn parse_move(&self, s: &str) -> Result<Move, PositionError> {
        let bad = || PositionError::Move(s.trim().to_string());
        let words: Vec<&str> = s.split_whitespace().collect();
        let [cell, dir] = words.as_slice() else {
            return Err(bad());
        };
        let b = cell.as_bytes();
        if b.len() != 2 {
            return Err(bad());
        }
        let c = b[0].to_ascii_lowercase().wrapping_sub(b'a');
        let r = b[1].wrapping_sub(b'1');
        if c >= self.n || r >= self.n {
            return Err(bad());
        }
        let mut letters = dir.chars().map(|c| c.to_ascii_uppercase());
        let dir = match (letters.next(), letters.next()) {
            (Some(letter), None) => Dir::from_letter(letter).ok_or_else(bad)?,
            _ => return Err(bad()),
        };
        let m = Move {
            from: r * self.n + c,
            dir,
        };
        if self.moves().contains(&m) {
            Ok(m)
        } else {
            Err(PositionError::Illegal(
                s.trim().to_string(),
                format!("{:?} to move", self.to_move),
            ))
        }
    }

    pub fn move_name(&self, m: Move) -> String {
        format!("{} {}", Position::cell_name(self.n, m.from), m.dir.letter())
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.n;
        let rows: Vec<String> = (0..n)
            .rev()
            .map(|r| {
                (0..n)
                    .map(|c| {
                        let bit = 1 << (r * n + c);
                        if self.blue & bit != 0 {
                            'B'
                        } else if self.red & bit != 0 {
                            'R'
                        } else {
                            '.'
                        }
                    })
                    .collect()
            })
            .collect();
        write!(f, "{}:{}", rows.join("/"), self.to_move.letter())
    }
}

impl FromStr for Position {
    type Err = PositionError;
    fn from_str(s: &str) -> Result<Position, PositionError> {
        let bad = || PositionError::Form(s.trim().to_string());
        let (board, side) = s.trim().split_once(':').ok_or_else(bad)?;
        let to_move = match side.trim() {
            "B" | "b" => Side::Blue,
            "R" | "r" => Side::Red,
            _ => return Err(bad()),
        };
        let rows: Vec<&str> = board.split('/').collect();
        let n = rows.len();
        if !(3..=5).contains(&n) {
            return Err(PositionError::Size(n));
        }
        let (mut blue, mut red) = (0u32, 0u32);
        for (i, row) in rows.iter().enumerate() {
            let chars: Vec<char> = row.chars().collect();
            if chars.len() != n {
                return Err(PositionError::RowLength {
                    row: i + 1,
                    len: chars.len(),
                    n,
                });
            }
            let r = n - 1 - i;
            for (c, ch) in chars.iter().enumerate() {
                let bit = 1u32 << (r * n + c);
                match ch {
                    'B' | 'b' => blue |= bit,
                    'R' | 'r' => red |= bit,
                    '.' => {}
                    _ => return Err(bad()),
                }
            }
        }
        let max = n as u32 - 1;
        for (side, cars) in [("blue", blue), ("red", red)] {
            if cars.count_ones() > max {
                return Err(PositionError::TooMany {
                    side,
                    count: cars.count_ones(),
                    max,
                });
            }
        }
        Ok(Position {
            n: n as u8,
            blue,
            red,
            to_move,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_reads_and_prints() {
        let p = Position::start(3);
        assert_eq!(p.to_string(), "B../B../.RR:B");
        assert_eq!("B../B../.RR:B".parse::<Position>(), Ok(p));
        assert_eq!(Position::start(4).to_string(), "B.../B.../B.../.RRR:B");
        assert!("B../B../.RR".parse::<Position>().is_err());
        assert!(matches!(
            "BB./B../.RR:B".parse::<Position>(),
            Err(PositionError::TooMany { .. })
        ));
        assert!(matches!(
            "B../B./.RR:B".parse::<Position>(),
            Err(PositionError::RowLength { .. })
        ));
    }

    #[test]
    fn moves_follow_each_sides_directions_and_exits() {
        let p = Position::start(3);
        let names: Vec<String> = p.moves().iter().map(|m| p.move_name(*m)).collect();
        // Blue a2: E b2, N blocked by a3, S a1. Blue a3: E b3 (N off-board
        // is not blue's exit).
        assert_eq!(names, ["a2 E", "a2 S", "a3 E"]);
        let q: Position = "..B/.../R..:B".parse().unwrap();
        let names: Vec<String> = q.moves().iter().map(|m| q.move_name(*m)).collect();
        assert!(
            names.contains(&"c3 E".to_string()),
            "blue exits east: {names:?}"
        );
        let after = q.play(q.parse_move("c3 E").unwrap());
        assert_eq!(after.winner(), Some(Side::Blue));
        let r: Position = "R../.../B..:R".parse().unwrap();
        let names: Vec<String> = r.moves().iter().map(|m| r.move_name(*m)).collect();
        assert_eq!(
            names,
            ["a3 N", "a3 E"],
            "red exits north, may not go west off the board"
        );
        assert!(r.parse_move("a3 S").is_err());
    }
}
