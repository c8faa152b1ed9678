//! Cells, cars and slides on the 6×6 board.
//!
//! A [`Board`] is always *consistent*: cars lie in straight lines of 2 or 3
//! cells, nothing overlaps, the taxi is a horizontal 2-car in row 3. The only
//! ways to get one are [`Board::from_36`], [`Board::with_taxi`] and
//! [`Board::place`], each of which checks that and says what is wrong, so
//! the solver, the replay and the pages never meet a broken board.
//! Occupancy is a 36-bit mask (bit = row·6 + column), which is all a slide
//! needs.
//!
//! Imports nothing outside `games/` (its text-grid and notation helpers):
//! the rules, the solver and the pages build on it, never the reverse.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::games::as_text::serde_as_text;
use crate::games::text_grid::letter_digit;
use thiserror::Error;

/// Width and height of the board.
pub const SIZE: u8 = 6;
/// Row index (0-based) of the taxi and the exit: row 3.
pub const EXIT_ROW: u8 = 2;
/// The taxi's label in a match.
pub const TAXI: char = 'Z';
/// Labels for placed cars, in placement order (`Y, X, W, …`).
pub const LABELS: &str = "YXWVUTSRQPONMLKJIHGFEDCBA";

/// One cell, written `C3`: column `A`–`F` left to right, row `1`–`6` top
/// to bottom.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Cell(u8);

impl Cell {
    /// The cell at 0-based `col` and `row`, if on the board.
    pub fn new(col: u8, row: u8) -> Option<Cell> {
        (col < SIZE && row < SIZE).then(|| Cell(row * SIZE + col))
    }
    /// The cell with bit index `i` (row·6 + column); `None` past 35.
    pub fn from_index(i: u8) -> Option<Cell> {
        (i < SIZE * SIZE).then_some(Cell(i))
    }
    pub fn index(self) -> u8 {
        self.0
    }
    pub fn col(self) -> u8 {
        self.0 % SIZE
    }
    pub fn row(self) -> u8 {
        self.0 / SIZE
    }
    pub fn bit(self) -> u64 {
        1 << self.0
    }
    /// The neighbour `n` cells away in `dir`, if on the board.
    pub fn step(self, dir: Dir, n: u8) -> Option<Cell> {
        let (dc, dr) = dir.delta();
        let col = self.col() as i16 + dc as i16 * n as i16;
        let row = self.row() as i16 + dr as i16 * n as i16;
        if (0..SIZE as i16).contains(&col) && (0..SIZE as i16).contains(&row) {
            Cell::new(col as u8, row as u8)
        } else {
            None
        }
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'A' + self.col()) as char, self.row() + 1)
    }
}

/// A cell name that is not on the board.
#[derive(Debug, Error, PartialEq, Eq, Clone)]
#[error("'{0}' is not a cell: write a column A–F and a row 1–6, like C3")]
pub struct CellError(pub String);

impl FromStr for Cell {
    type Err = CellError;
    fn from_str(s: &str) -> Result<Cell, CellError> {
        letter_digit(s)
            .and_then(|(col, row)| Cell::new(col, row))
            .ok_or_else(|| CellError(s.trim().to_string()))
    }
}

serde_as_text!(Cell);

/// The axis a car lies on, and so the only axis it may move along.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Axis {
    Horizontal,
    Vertical,
}

/// A direction of a slide.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Dir {
    Up,
    Down,
    Left,
    Right,
}

impl Dir {
    pub const ALL: [Dir; 4] = [Dir::Up, Dir::Down, Dir::Left, Dir::Right];
    pub fn axis(self) -> Axis {
        match self {
            Dir::Up | Dir::Down => Axis::Vertical,
            Dir::Left | Dir::Right => Axis::Horizontal,
        }
    }
    /// (column, row) step.
    pub fn delta(self) -> (i8, i8) {
        match self {
            Dir::Up => (0, -1),
            Dir::Down => (0, 1),
            Dir::Left => (-1, 0),
            Dir::Right => (1, 0),
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Dir::Up => "up",
            Dir::Down => "down",
            Dir::Left => "left",
            Dir::Right => "right",
        }
    }
}

/// A car: `len` cells from `start` (its top or left cell) along `axis`.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Car {
    pub label: char,
    pub start: Cell,
    pub len: u8,
    pub axis: Axis,
}

impl Car {
    /// The car's cells, top/left first.
    pub fn cells(&self) -> impl Iterator<Item = Cell> + '_ {
        let dir = match self.axis {
            Axis::Horizontal => Dir::Right,
            Axis::Vertical => Dir::Down,
        };
        (0..self.len).filter_map(move |i| self.start.step(dir, i))
    }
    pub fn mask(&self) -> u64 {
        self.cells().fold(0, |m, c| m | c.bit())
    }
    /// A car from a set of cells in any order: 2 or 3 distinct cells,
    /// adjacent and in one straight line.
    pub fn from_cells(label: char, cells: &[Cell]) -> Result<Car, BoardError> {
        let mut cs = cells.to_vec();
        cs.sort();
        cs.dedup();
        if cs.len() != cells.len() {
            return Err(BoardError::RepeatedCell(label));
        }
        if !(2..=3).contains(&cs.len()) {
            return Err(BoardError::CarLength(label, cs.len()));
        }
        let start = cs[0];
        let axis = if cs.iter().all(|c| c.row() == start.row()) {
            Axis::Horizontal
        } else if cs.iter().all(|c| c.col() == start.col()) {
            Axis::Vertical
        } else {
            return Err(BoardError::NotInLine(label));
        };
        let car = Car {
            label,
            start,
            len: cs.len() as u8,
            axis,
        };
        if car.cells().eq(cs.iter().copied()) {
            Ok(car)
        } else {
            Err(BoardError::NotAdjacent(label))
        }
    }
}

/// Why a board or a placement is not a consistent position.
#[derive(Debug, Error, PartialEq, Eq, Clone)]
pub enum BoardError {
    #[error("a board is 36 characters (6 rows of 6), this one has {0}")]
    WrongLength(usize),
    #[error("'{0}' at position {1} is not a board character: use '.' or 'o' for empty, a letter for a car, 'x' for a wall")]
    BadChar(char, usize),
    #[error("car {0} has {1} cells; a car is 2 or 3 cells")]
    CarLength(char, usize),
    #[error("car {0} names the same cell twice")]
    RepeatedCell(char),
    #[error("car {0} is not in a line: its cells must share one row or one column")]
    NotInLine(char),
    #[error("car {0} has a gap: its cells must be adjacent")]
    NotAdjacent(char),
    #[error("there is no taxi: mark it with Z (or A)")]
    NoTaxi,
    #[error("the taxi must be a 2-cell car lying across row 3")]
    TaxiNotInRow3,
    #[error("cell {0} is already taken")]
    Occupied(Cell),
    #[error("no label is left for another car (at most 25 cars)")]
    NoLabel,
}

/// Why a slide cannot be made.
#[derive(Debug, Error, PartialEq, Eq, Clone)]
pub enum MoveError {
    #[error("there is no car {0} on the board")]
    NoSuchCar(char),
    #[error("car {car} lies {axis} and cannot move {dir}")]
    WrongAxis {
        car: char,
        dir: &'static str,
        axis: &'static str,
    },
    #[error("car {car} cannot move {dir}: it is blocked")]
    Blocked { car: char, dir: &'static str },
    #[error("car {car} cannot move {dir} {wanted}: {} free", free_cells(*room))]
    TooFar {
        car: char,
        dir: &'static str,
        wanted: u8,
        room: u8,
    },
    #[error("a move of 0 cells is not a move")]
    ZeroDistance,
}

/// A move as a player writes it: `X up` (as far as possible) or `Z right 2`
/// (exactly two cells).
/// Written and read in `notation` (it serialises as that text).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Move {
    pub car: char,
    pub dir: Dir,
    pub dist: Option<u8>,
}

/// What a move did.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Slide {
    /// Car number `car` moved `dist` cells; its start is now `to`.
    Shift {
        car: usize,
        from: Cell,
        to: Cell,
        dist: u8,
    },
    /// The taxi left the board: the puzzle is solved.
    Exit,
}

/// A consistent position: cars (the taxi among them) and fixed walls.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Board {
    cars: Vec<Car>,
    taxi: usize,
    walls: u64,
}

impl Board {
    /// The empty board of a match: the taxi `Z` on `A3 B3`.
    pub fn with_taxi() -> Board {
        let start = Cell::new(0, EXIT_ROW).expect("A3 is on the board");
        Board {
            cars: vec![Car {
                label: TAXI,
                start,
                len: 2,
                axis: Axis::Horizontal,
            }],
            taxi: 0,
            walls: 0,
        }
    }

    /// Parses the common 36-character notation, row 1 first: `.` or `o`
    /// empty, `Z` (or `A` when there is no `Z`) the taxi, other capital
    /// letters cars, `x` a wall.
    pub fn from_36(s: &str) -> Result<Board, BoardError> {
        let chars: Vec<char> = s.trim().chars().collect();
        if chars.len() != 36 {
            return Err(BoardError::WrongLength(chars.len()));
        }
        let mut walls = 0u64;
        let mut groups: Vec<(char, Vec<Cell>)> = Vec::new();
        for (i, &ch) in chars.iter().enumerate() {
            let cell = Cell(i as u8);
            match ch {
                '.' | 'o' => {}
                'x' => walls |= cell.bit(),
                'A'..='Z' => match groups.iter_mut().find(|(l, _)| *l == ch) {
                    Some((_, cells)) => cells.push(cell),
                    None => groups.push((ch, vec![cell])),
                },
                _ => return Err(BoardError::BadChar(ch, i + 1)),
            }
        }
        let taxi_label = if groups.iter().any(|(l, _)| *l == 'Z') {
            'Z'
        } else {
            'A'
        };
        let mut cars = Vec::with_capacity(groups.len());
        for (label, cells) in &groups {
            cars.push(Car::from_cells(*label, cells)?);
        }
        let taxi = cars
            .iter()
            .position(|c| c.label == taxi_label)
            .ok_or(BoardError::NoTaxi)?;
        let t = cars[taxi];
        if t.axis != Axis::Horizontal || t.len != 2 || t.start.row() != EXIT_ROW {
            return Err(BoardError::TaxiNotInRow3);
        }
        Ok(Board { cars, taxi, walls })
    }

    /// The 36-character form, row 1 first, `.` for empty.
    pub fn to_36(&self) -> String {
        let mut out = ['.'; 36];
        for i in 0..36u8 {
            if self.walls & (1 << i) != 0 {
                out[i as usize] = 'x';
            }
        }
        for car in &self.cars {
            for c in car.cells() {
                out[c.index() as usize] = car.label;
            }
        }
        out.iter().collect()
    }

    pub fn cars(&self) -> &[Car] {
        &self.cars
    }
    pub fn taxi(&self) -> usize {
        self.taxi
    }
    pub fn walls(&self) -> u64 {
        self.walls
    }
    /// Every taken cell (cars and walls).
    pub fn occupancy(&self) -> u64 {
        self.cars.iter().fold(self.walls, |m, c| m | c.mask())
    }
    pub fn car_index(&self, label: char) -> Option<usize> {
        self.cars.iter().position(|c| c.label == label)
    }
    /// The label the next placed car gets: the first of `Y, X, W, …` not
    /// yet on the board.
    pub fn next_label(&self) -> Option<char> {
        LABELS.chars().find(|l| self.car_index(*l).is_none())
    }

    /// Places a new car on empty cells; returns its label.
    pub fn place(&mut self, cells: &[Cell]) -> Result<char, BoardError> {
        let label = self.next_label().ok_or(BoardError::NoLabel)?;
        self.place_labelled(label, cells)?;
        Ok(label)
    }

    /// Places a new car with a given label (a round's pre-placed cars).
    pub fn place_labelled(&mut self, label: char, cells: &[Cell]) -> Result<(), BoardError> {
        let car = Car::from_cells(label, cells)?;
        let occ = self.occupancy();
        if let Some(c) = car.cells().find(|c| occ & c.bit() != 0) {
            return Err(BoardError::Occupied(c));
        }
        self.cars.push(car);
        Ok(())
    }

    /// True when some car of 2 cells still fits somewhere.
    pub fn has_space(&self) -> bool {
        let free = !self.occupancy() & ((1u64 << 36) - 1);
        const NOT_COL_F: u64 = 0x7df7df7df; // every cell but column F
        let horizontal = free & (free >> 1) & NOT_COL_F;
        let vertical = free & (free >> 6);
        horizontal | vertical != 0
    }

    /// How many cells car `i` can slide in `dir` before it hits something
    /// or the edge.
    pub fn room(&self, i: usize, dir: Dir) -> u8 {
        let car = self.cars[i];
        let occ = self.occupancy() & !car.mask();
        let front = match dir {
            Dir::Up | Dir::Left => car.start,
            Dir::Down | Dir::Right => car
                .start
                .step(dir, car.len - 1)
                .expect("a car's cells are on the board"),
        };
        let mut n = 0;
        while let Some(c) = front.step(dir, n + 1) {
            if occ & c.bit() != 0 {
                break;
            }
            n += 1;
        }
        n
    }

    /// True when nothing stands between the taxi and the exit.
    pub fn exit_clear(&self) -> bool {
        let taxi = self.cars[self.taxi];
        let room = self.room(self.taxi, Dir::Right);
        taxi.start.col() + taxi.len + room == SIZE
    }

    /// Makes one move. `Z right` with a clear row (or a distance longer
    /// than the room left on the board) drives the taxi out: [`Slide::Exit`].
    pub fn apply(&mut self, mv: &Move) -> Result<Slide, MoveError> {
        let i = self.car_index(mv.car).ok_or(MoveError::NoSuchCar(mv.car))?;
        let car = self.cars[i];
        if mv.dir.axis() != car.axis {
            return Err(MoveError::WrongAxis {
                car: car.label,
                dir: mv.dir.name(),
                axis: match car.axis {
                    Axis::Horizontal => "across",
                    Axis::Vertical => "up and down",
                },
            });
        }
        let room = self.room(i, mv.dir);
        if i == self.taxi && mv.dir == Dir::Right && self.exit_clear() {
            match mv.dist {
                None => return Ok(Slide::Exit),
                Some(d) if d > room => return Ok(Slide::Exit),
                _ => {}
            }
        }
        let dist = match mv.dist {
            Some(0) => return Err(MoveError::ZeroDistance),
            Some(d) if d > room => {
                return Err(MoveError::TooFar {
                    car: car.label,
                    dir: mv.dir.name(),
                    wanted: d,
                    room,
                })
            }
            Some(d) => d,
            None if room == 0 => {
                return Err(MoveError::Blocked {
                    car: car.label,
                    dir: mv.dir.name(),
                })
            }
            None => room,
        };
        let to = car
            .start
            .step(mv.dir, dist)
            .expect("room keeps the car on the board");
        self.cars[i].start = to;
        Ok(Slide::Shift {
            car: i,
            from: car.start,
            to,
            dist,
        })
    }

    /// The move that slides car `i` by `dist` in `dir`, written the short
    /// way (`X up`) when that is as far as it can go.
    pub fn written(&self, i: usize, dir: Dir, dist: u8) -> Move {
        let car = self.cars[i].label;
        let dist = (dist != self.room(i, dir)).then_some(dist);
        Move { car, dir, dist }
    }

    /// The taxi's exit move.
    pub fn exit_move(&self) -> Move {
        Move {
            car: self.cars[self.taxi].label,
            dir: Dir::Right,
            dist: None,
        }
    }
}

/// "only 1 cell is", "only 2 cells are", "no cell is" (for an error).
fn free_cells(room: u8) -> String {
    match room {
        0 => "no cell is".to_string(),
        1 => "only 1 cell is".to_string(),
        n => format!("only {n} cells are"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(s: &str) -> Cell {
        s.parse().unwrap()
    }

    #[test]
    fn cells_round_trip_and_reject_off_board() {
        for i in 0..36 {
            let c = Cell(i);
            assert_eq!(c.to_string().parse::<Cell>(), Ok(c));
        }
        assert_eq!(cell("c3"), Cell::new(2, 2).unwrap());
        for bad in ["G1", "A7", "A0", "", "AA", "A10"] {
            assert!(bad.parse::<Cell>().is_err(), "{bad}");
        }
    }

    #[test]
    fn car_from_cells_checks_line_and_gaps() {
        let c = Car::from_cells('Y', &[cell("B2"), cell("B1")]).unwrap();
        assert_eq!((c.start, c.axis, c.len), (cell("B1"), Axis::Vertical, 2));
        assert_eq!(
            Car::from_cells('Y', &[cell("A1"), cell("B2")]),
            Err(BoardError::NotInLine('Y'))
        );
        assert_eq!(
            Car::from_cells('Y', &[cell("A1"), cell("C1")]),
            Err(BoardError::NotAdjacent('Y'))
        );
        assert_eq!(
            Car::from_cells('Y', &[cell("A1")]),
            Err(BoardError::CarLength('Y', 1))
        );
        assert_eq!(
            Car::from_cells('Y', &[cell("A1"), cell("A1")]),
            Err(BoardError::RepeatedCell('Y'))
        );
    }

    #[test]
    fn from_36_names_the_problem() {
        assert_eq!(Board::from_36("..."), Err(BoardError::WrongLength(3)));
        let no_taxi = ".".repeat(36);
        assert_eq!(Board::from_36(&no_taxi), Err(BoardError::NoTaxi));
        let taxi_row1 = format!("AA{}", ".".repeat(34));
        assert_eq!(Board::from_36(&taxi_row1), Err(BoardError::TaxiNotInRow3));
        let bent = format!("BB....B.....AA{}", ".".repeat(22));
        assert_eq!(Board::from_36(&bent), Err(BoardError::NotInLine('B')));
        let bad = format!("?{}", ".".repeat(35));
        assert_eq!(Board::from_36(&bad), Err(BoardError::BadChar('?', 1)));
        let b = Board::from_36("GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo").unwrap();
        assert_eq!(b.cars()[b.taxi()].label, 'A');
        assert_eq!(b.to_36(), "GBB.L.GHI.LMGHIAAMCCCK.M..JKDDEEJFF.");
    }

    #[test]
    fn slides_go_as_far_as_possible_or_exactly_n() {
        let mut b = Board::from_36(&format!("{}Y...ZZY{}", ".".repeat(8), ".".repeat(21))).unwrap();
        assert_eq!(
            b.apply(&Move {
                car: 'Z',
                dir: Dir::Right,
                dist: None
            }),
            Err(MoveError::Blocked {
                car: 'Z',
                dir: "right"
            })
        );
        let s = b
            .apply(&Move {
                car: 'Y',
                dir: Dir::Down,
                dist: Some(2),
            })
            .unwrap();
        assert!(matches!(s, Slide::Shift { dist: 2, .. }));
        assert_eq!(
            b.apply(&Move {
                car: 'Y',
                dir: Dir::Up,
                dist: Some(4)
            }),
            Err(MoveError::TooFar {
                car: 'Y',
                dir: "up",
                wanted: 4,
                room: 3
            })
        );
        let s = b
            .apply(&Move {
                car: 'Y',
                dir: Dir::Up,
                dist: None,
            })
            .unwrap();
        assert!(matches!(s, Slide::Shift { dist: 3, .. }));
        let mut b = Board::from_36(&format!("{}ZZ{}", ".".repeat(12), ".".repeat(22))).unwrap();
        assert!(b.exit_clear());
        let s = b
            .apply(&Move {
                car: 'Z',
                dir: Dir::Right,
                dist: Some(4),
            })
            .unwrap();
        assert!(matches!(s, Slide::Shift { dist: 4, .. }));
        assert_eq!(b.apply(&b.exit_move()), Ok(Slide::Exit));
    }

    #[test]
    fn space_detection() {
        assert!(Board::with_taxi().has_space());
        let mut b = Board::from_36("ABCDEFABCDEFZZxxxxGHIJKLGHIJKLGHIJKL").unwrap();
        assert!(!b.has_space());
        b = Board::from_36("ABCDEFABCDEFZZxx..GHIJKLGHIJKLGHIJKL").unwrap();
        assert!(b.has_space());
    }
}
