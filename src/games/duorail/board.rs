//! Cells, pieces, boards and tracks, and the exact track check.
//!
//! A cell is written row letter then column number (`E5`: row E, column
//! 5; rows `A`… top to bottom, columns `1`… left to right). A piece is a
//! color and two exits from `U R D L`, stored as a 4-bit side set, so "does
//! this piece have that side" is one AND. Boards may be any size up to 9×9:
//! matches use 9×9, tests use small boards to cross-check the solver by
//! brute force.
//!
//! Imports nothing outside `games/` (its text-grid and notation helpers):
//! the rules, the solver and the pages build on it, never the reverse.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::games::as_text::serde_as_text;
use crate::games::text_grid::letter_digit;
use thiserror::Error;

/// The side of a cell a track passes through.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Side {
    Up,
    Right,
    Down,
    Left,
}

impl Side {
    pub const ALL: [Side; 4] = [Side::Up, Side::Right, Side::Down, Side::Left];
    pub fn bit(self) -> u8 {
        match self {
            Side::Up => 1,
            Side::Right => 2,
            Side::Down => 4,
            Side::Left => 8,
        }
    }
    pub fn opposite(self) -> Side {
        match self {
            Side::Up => Side::Down,
            Side::Right => Side::Left,
            Side::Down => Side::Up,
            Side::Left => Side::Right,
        }
    }
    pub fn letter(self) -> char {
        match self {
            Side::Up => 'U',
            Side::Right => 'R',
            Side::Down => 'D',
            Side::Left => 'L',
        }
    }
    pub fn from_letter(c: char) -> Option<Side> {
        match c.to_ascii_uppercase() {
            'U' => Some(Side::Up),
            'R' => Some(Side::Right),
            'D' => Some(Side::Down),
            'L' => Some(Side::Left),
            _ => None,
        }
    }
}

/// Two distinct exits of a piece (or of a track through an empty cell).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Exits(u8);

impl Exits {
    /// The six shapes: two straights, four bends.
    pub const ALL: [Exits; 6] = [
        Exits(1 | 4), // UD
        Exits(2 | 8), // LR
        Exits(1 | 2), // UR
        Exits(2 | 4), // RD
        Exits(4 | 8), // DL
        Exits(8 | 1), // LU
    ];
    pub fn new(a: Side, b: Side) -> Option<Exits> {
        (a != b).then(|| Exits(a.bit() | b.bit()))
    }
    pub fn bits(self) -> u8 {
        self.0
    }
    pub fn has(self, s: Side) -> bool {
        self.0 & s.bit() != 0
    }
    pub fn is_straight(self) -> bool {
        self.0 == 5 || self.0 == 10
    }
}

impl fmt::Display for Exits {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self.0 {
            5 => "UD",
            10 => "LR",
            3 => "UR",
            6 => "RD",
            12 => "DL",
            9 => "LU",
            _ => "??",
        })
    }
}

impl FromStr for Exits {
    type Err = BoardError;
    fn from_str(s: &str) -> Result<Exits, BoardError> {
        let bad = || BoardError::Exits(s.trim().to_string());
        let sides: Vec<Side> = s
            .trim()
            .chars()
            .map(|c| Side::from_letter(c).ok_or_else(bad))
            .collect::<Result<_, _>>()?;
        match sides.as_slice() {
            [a, b] => Exits::new(*a, *b).ok_or_else(bad),
            _ => Err(bad()),
        }
    }
}

/// Whose a piece is.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Color {
    Blue,
    Red,
    /// Shared: every track must pass through it (green or purple in the
    /// seed; straight only; at most two on the board).
    Common,
}

impl Color {
    pub fn letter(self) -> char {
        match self {
            Color::Blue => 'B',
            Color::Red => 'R',
            Color::Common => 'C',
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Color::Blue => "blue",
            Color::Red => "red",
            Color::Common => "common",
        }
    }
    /// The other player's color (`Common` has none).
    pub fn opponent(self) -> Option<Color> {
        match self {
            Color::Blue => Some(Color::Red),
            Color::Red => Some(Color::Blue),
            Color::Common => None,
        }
    }
    pub fn parse(s: &str) -> Option<Color> {
        match s.trim().to_ascii_lowercase().as_str() {
            "b" | "blue" => Some(Color::Blue),
            "r" | "red" => Some(Color::Red),
            "c" | "common" | "green" | "purple" => Some(Color::Common),
            _ => None,
        }
    }
}

/// A piece on a cell.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Piece {
    pub color: Color,
    pub exits: Exits,
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.color.letter(), self.exits)
    }
}

impl FromStr for Piece {
    type Err = BoardError;
    fn from_str(s: &str) -> Result<Piece, BoardError> {
        let (c, e) = s
            .split_once(':')
            .ok_or_else(|| BoardError::Token(s.to_string()))?;
        let color = match c.trim() {
            "B" | "b" => Color::Blue,
            "R" | "r" => Color::Red,
            "C" | "c" => Color::Common,
            _ => return Err(BoardError::Token(s.to_string())),
        };
        Ok(Piece {
            color,
            exits: e.parse()?,
        })
    }
}

/// A cell: row (0 = `A`, top) and column (0 = `1`, left).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Cell {
    pub row: u8,
    pub col: u8,
}

impl Cell {
    pub fn step(self, s: Side, height: u8, width: u8) -> Option<Cell> {
        let (r, c) = (self.row as i16, self.col as i16);
        let (r, c) = match s {
            Side::Up => (r - 1, c),
            Side::Down => (r + 1, c),
            Side::Left => (r, c - 1),
            Side::Right => (r, c + 1),
        };
        ((0..height as i16).contains(&r) && (0..width as i16).contains(&c)).then_some(Cell {
            row: r as u8,
            col: c as u8,
        })
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'A' + self.row) as char, self.col + 1)
    }
}

impl FromStr for Cell {
    type Err = BoardError;
    fn from_str(s: &str) -> Result<Cell, BoardError> {
        match letter_digit(s) {
            Some((row, col)) if row < 9 && col < 9 => Ok(Cell { row, col }),
            _ => Err(BoardError::Cell(s.trim().to_string())),
        }
    }
}

serde_as_text!(Cell, Exits, Piece);

/// Why a board, cell, piece or track text cannot be read.
#[derive(Debug, Error, PartialEq, Eq, Clone)]
pub enum BoardError {
    #[error("'{0}' is not a cell: write a row A–I and a column 1–9, like E5")]
    Cell(String),
    #[error("'{0}' is not a pair of exits: write two of U, R, D, L, like UR or LR")]
    Exits(String),
    #[error(
        "'{0}' is not a board token: write '.' for empty or <B|R|C>:<exits>, like B:UR or C:LR"
    )]
    Token(String),
    #[error("line {line}: {error}")]
    AtLine { line: usize, error: Box<BoardError> },
    #[error("a board has 1 to 9 rows of 1 to 9 tokens, all rows the same length; this one is {rows} rows, line {line} has {tokens} tokens")]
    Shape {
        rows: usize,
        line: usize,
        tokens: usize,
    },
    #[error("cell {0} is off this board")]
    OffBoard(Cell),
}

/// A board: its size and what stands on each cell.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Board {
    height: u8,
    width: u8,
    /// Row-major.
    cells: Vec<Option<Piece>>,
}

impl Board {
    pub fn empty(height: u8, width: u8) -> Board {
        assert!((1..=9).contains(&height) && (1..=9).contains(&width));
        Board {
            height,
            width,
            cells: vec![None; height as usize * width as usize],
        }
    }
    pub fn height(&self) -> u8 {
        self.height
    }
    pub fn width(&self) -> u8 {
        self.width
    }
    fn index(&self, c: Cell) -> Option<usize> {
        (c.row < self.height && c.col < self.width)
            .then(|| c.row as usize * self.width as usize + c.col as usize)
    }
    pub fn get(&self, c: Cell) -> Option<Piece> {
        self.index(c).and_then(|i| self.cells[i])
    }
    pub fn contains(&self, c: Cell) -> bool {
        self.index(c).is_some()
    }
    /// Puts a piece on a cell (no rule checks: that is `rules`' job).
    pub fn set(&mut self, c: Cell, p: Option<Piece>) -> Result<(), BoardError> {
        let i = self.index(c).ok_or(BoardError::OffBoard(c))?;
        self.cells[i] = p;
        Ok(())
    }
    /// Every cell with its piece, row-major.
    pub fn pieces(&self) -> impl Iterator<Item = (Cell, Piece)> + '_ {
        self.cells.iter().enumerate().filter_map(move |(i, p)| {
            p.map(|p| {
                (
                    Cell {
                        row: (i / self.width as usize) as u8,
                        col: (i % self.width as usize) as u8,
                    },
                    p,
                )
            })
        })
    }
    pub fn is_full(&self) -> bool {
        self.cells.iter().all(Option::is_some)
    }
    pub fn count(&self, color: Color) -> usize {
        self.cells
            .iter()
            .filter(|p| p.is_some_and(|p| p.color == color))
            .count()
    }

    /// Reads the board file form: one line per row, tokens separated by
    /// spaces, `.` empty or `<B|R|C>:<exits>`. Blank lines are skipped.
    pub fn parse(text: &str) -> Result<Board, BoardError> {
        let rows: Vec<(usize, Vec<&str>)> = text
            .lines()
            .enumerate()
            .map(|(i, l)| (i + 1, l.split_whitespace().collect::<Vec<_>>()))
            .filter(|(_, t)| !t.is_empty())
            .collect();
        let width = rows.first().map_or(0, |(_, t)| t.len());
        let shape_error = |line: usize, tokens: usize| BoardError::Shape {
            rows: rows.len(),
            line,
            tokens,
        };
        if rows.is_empty() || rows.len() > 9 {
            return Err(shape_error(0, 0));
        }
        let mut board = Board::empty(rows.len() as u8, width.clamp(1, 9) as u8);
        for (r, (line, tokens)) in rows.iter().enumerate() {
            if tokens.len() != width || width > 9 {
                return Err(shape_error(*line, tokens.len()));
            }
            for (c, tok) in tokens.iter().enumerate() {
                let piece = match *tok {
                    "." => None,
                    t => Some(t.parse::<Piece>().map_err(|e| BoardError::AtLine {
                        line: *line,
                        error: Box::new(e),
                    })?),
                };
                board.cells[r * width + c] = piece;
            }
        }
        Ok(board)
    }

    /// The board file form.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        for r in 0..self.height {
            let row: Vec<String> = (0..self.width)
                .map(|c| match self.get(Cell { row: r, col: c }) {
                    Some(p) => p.to_string(),
                    None => ".".to_string(),
                })
                .collect();
            out.push_str(&row.join(" "));
            out.push('\n');
        }
        out
    }
}

/// A track as written: a start cell and the steps that lead back to it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Track {
    pub start: Cell,
    pub steps: Vec<Side>,
}

impl fmt::Display for Track {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ", self.start)?;
        for s in &self.steps {
            write!(f, "{}", s.letter())?;
        }
        Ok(())
    }
}

/// Why a track text cannot be read.
#[derive(Debug, Error, PartialEq, Eq, Clone)]
pub enum TrackParseError {
    #[error("'{0}' is not a track: write a start cell and steps, like 'E5 RRDDLLUU', or the cells in order, like 'E5 E6 F6 F5'")]
    Form(String),
    #[error("{0} and {1} are not neighbours: consecutive cells of a track share a side")]
    NotNeighbours(Cell, Cell),
}

impl FromStr for Track {
    type Err = TrackParseError;
    fn from_str(s: &str) -> Result<Track, TrackParseError> {
        let bad = || TrackParseError::Form(s.trim().to_string());
        let words: Vec<&str> = s
            .split(|c: char| c.is_whitespace() || c == ',' || c == '-' || c == '→')
            .filter(|w| !w.is_empty())
            .collect();
        let start: Cell = words.first().ok_or_else(bad)?.parse().map_err(|_| bad())?;
        // Form 1: a start cell and one word of steps.
        if words.len() >= 2
            && words[1..]
                .iter()
                .all(|w| w.chars().all(|c| "UDLRudlr".contains(c)))
        {
            let steps = words[1..]
                .iter()
                .flat_map(|w| w.chars())
                .map(|c| Side::from_letter(c).ok_or_else(bad))
                .collect::<Result<Vec<_>, _>>()?;
            return Ok(Track { start, steps });
        }
        // Form 2: cells in order; the track closes back to the first.
        let cells: Vec<Cell> = words
            .iter()
            .map(|w| w.parse::<Cell>().map_err(|_| bad()))
            .collect::<Result<_, _>>()?;
        let mut steps = Vec::with_capacity(cells.len());
        let mut ring = cells.clone();
        if ring.last() != ring.first() || ring.len() == 1 {
            ring.push(cells[0]);
        }
        for w in ring.windows(2) {
            let side = Side::ALL
                .into_iter()
                .find(|&d| w[0].step(d, 9, 9) == Some(w[1]))
                .ok_or(TrackParseError::NotNeighbours(w[0], w[1]))?;
            steps.push(side);
        }
        Ok(Track { start, steps })
    }
}

/// Exactly what is wrong with a track.
#[derive(Debug, Error, PartialEq, Eq, Clone)]
pub enum TrackError {
    #[error("a track is a loop of at least 4 cells; this one has {}", crate::games::words::count(*.0, "step", "steps"))]
    TooShort(usize),
    #[error("the track leaves the board: step {step} goes {side} from {from}")]
    LeavesBoard { step: usize, from: Cell, side: char },
    #[error("the track uses {cell} twice (step {step})")]
    Revisits { step: usize, cell: Cell },
    #[error("the track does not close: it ends on {end}, not on its start {start}")]
    DoesNotClose { start: Cell, end: Cell },
    #[error("the track crosses {cell}, which holds a {color} piece (the opponent's)")]
    CrossesOpponent { cell: Cell, color: &'static str },
    #[error("the track passes {cell} through {passes}, but the piece there has exits {exits}")]
    WrongSides {
        cell: Cell,
        passes: Exits,
        exits: Exits,
    },
    #[error("the track misses the {color} piece on {cell}")]
    MissesPiece { cell: Cell, color: &'static str },
}

/// The cells of a track in order and the exits it uses in each.
pub fn trace(board: &Board, track: &Track) -> Result<Vec<(Cell, Exits)>, TrackError> {
    let n = track.steps.len();
    if n < 4 {
        return Err(TrackError::TooShort(n));
    }
    if !board.contains(track.start) {
        return Err(TrackError::LeavesBoard {
            step: 0,
            from: track.start,
            side: '-',
        });
    }
    let mut cells = vec![track.start];
    let mut seen = vec![false; board.height as usize * board.width as usize];
    seen[board.index(track.start).expect("checked")] = true;
    let mut cur = track.start;
    for (i, &side) in track.steps.iter().enumerate() {
        let next = cur
            .step(side, board.height, board.width)
            .ok_or(TrackError::LeavesBoard {
                step: i + 1,
                from: cur,
                side: side.letter(),
            })?;
        let last = i + 1 == n;
        if !last {
            let idx = board.index(next).expect("on the board");
            if seen[idx] {
                return Err(TrackError::Revisits {
                    step: i + 1,
                    cell: next,
                });
            }
            seen[idx] = true;
            cells.push(next);
        }
        cur = next;
    }
    if cur != track.start {
        return Err(TrackError::DoesNotClose {
            start: track.start,
            end: cur,
        });
    }
    Ok(cells
        .iter()
        .enumerate()
        .map(|(i, &c)| {
            let out = track.steps[i];
            let inn = track.steps[(i + n - 1) % n].opposite();
            (c, Exits::new(inn, out).unwrap_or(Exits(inn.bit())))
        })
        .collect())
}

/// Checks a track of `color` against the board: its length, or exactly
/// what is wrong.
pub fn check_track(board: &Board, color: Color, track: &Track) -> Result<usize, TrackError> {
    let cells = trace(board, track)?;
    let opponent = color.opponent();
    for &(cell, passes) in &cells {
        if let Some(p) = board.get(cell) {
            if Some(p.color) == opponent {
                return Err(TrackError::CrossesOpponent {
                    cell,
                    color: p.color.name(),
                });
            }
            if p.exits != passes {
                return Err(TrackError::WrongSides {
                    cell,
                    passes,
                    exits: p.exits,
                });
            }
        }
    }
    for (cell, p) in board.pieces() {
        let needed = p.color == color || p.color == Color::Common;
        if needed && !cells.iter().any(|(c, _)| *c == cell) {
            return Err(TrackError::MissesPiece {
                cell,
                color: p.color.name(),
            });
        }
    }
    Ok(cells.len())
}

/// Writes a loop of cells (as the solver finds it: each cell with its
/// exits) as a track from its first cell.
pub fn track_from_loop(board: &Board, shapes: &[(Cell, Exits)]) -> Option<Track> {
    let &(start, exits) = shapes.iter().min_by_key(|(c, _)| *c)?;
    let first = Side::ALL.into_iter().find(|&s| exits.has(s))?;
    let mut steps = vec![first];
    let mut cur = start.step(first, board.height, board.width)?;
    let mut came = first.opposite();
    while cur != start {
        let (_, e) = shapes.iter().find(|(c, _)| *c == cur)?;
        let out = Side::ALL.into_iter().find(|&s| s != came && e.has(s))?;
        steps.push(out);
        cur = cur.step(out, board.height, board.width)?;
        came = out.opposite();
        if steps.len() > shapes.len() {
            return None;
        }
    }
    Some(Track { start, steps })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(rows: &[&str]) -> Board {
        Board::parse(&rows.join("\n")).unwrap()
    }

    #[test]
    fn cells_exits_and_pieces_read_and_print() {
        assert_eq!("e5".parse::<Cell>().unwrap().to_string(), "E5");
        assert!("J1".parse::<Cell>().is_err());
        assert!("A0".parse::<Cell>().is_err());
        assert_eq!(
            "RU".parse::<Exits>().unwrap(),
            "UR".parse::<Exits>().unwrap()
        );
        assert!("UU".parse::<Exits>().is_err());
        assert!("URD".parse::<Exits>().is_err());
        for e in Exits::ALL {
            assert_eq!(e.to_string().parse::<Exits>(), Ok(e));
        }
        let p: Piece = "C:LR".parse().unwrap();
        assert_eq!(p.to_string(), "C:LR");
        assert!(p.exits.is_straight());
        assert!("X:LR".parse::<Piece>().is_err());
    }

    #[test]
    fn board_files_round_trip_and_name_bad_lines() {
        let b = board(&[". B:UR .", ". . .", "C:LR . R:UD"]);
        assert_eq!((b.height(), b.width()), (3, 3));
        assert_eq!(Board::parse(&b.to_text()).unwrap(), b);
        assert!(matches!(
            Board::parse(". .\n. . ."),
            Err(BoardError::Shape { line: 2, .. })
        ));
        assert!(matches!(
            Board::parse(". .\n. B:XX"),
            Err(BoardError::AtLine { line: 2, .. })
        ));
    }

    #[test]
    fn tracks_parse_as_steps_or_cells() {
        let a: Track = "A1 RDLU".parse().unwrap();
        let b: Track = "A1 A2 B2 B1".parse().unwrap();
        assert_eq!(a, b);
        assert_eq!(a.to_string(), "A1 RDLU");
        assert!(matches!(
            "A1 A3 B3".parse::<Track>(),
            Err(TrackParseError::NotNeighbours(..))
        ));
        assert!("hello".parse::<Track>().is_err());
    }

    fn check(b: &Board, color: Color, t: &str) -> Result<usize, TrackError> {
        check_track(b, color, &t.parse().unwrap())
    }

    #[test]
    fn a_good_track_has_its_length() {
        let b = board(&[". B:LR .", ". . .", ". . ."]);
        assert_eq!(check(&b, Color::Blue, "A1 RRDDLLUU"), Ok(8));
    }

    #[test]
    fn each_track_error_is_named() {
        let b = board(&[". B:LR .", ". . .", ". R:LR ."]);
        // Through B's A2 piece (LR) from below: wrong sides.
        let b2 = board(&[". B:LR .", ". . .", ". . ."]);
        // A loop that avoids the blue piece misses it.
        let b3 = board(&["B:UD . .", ". . .", ". . ."]);
        // Red must pass the common piece too.
        let b4 = board(&[". . .", ". . .", ". . C:LR"]);
        let named = |e: &TrackError| match e {
            TrackError::TooShort(2) => "too short",
            TrackError::LeavesBoard { step: 1, .. } => "leaves the board",
            TrackError::Revisits { .. } => "revisits",
            TrackError::DoesNotClose { .. } => "does not close",
            TrackError::CrossesOpponent { .. } => "crosses the opponent",
            TrackError::WrongSides { .. } => "wrong sides",
            TrackError::MissesPiece {
                color: "common", ..
            } => "misses the common piece",
            TrackError::MissesPiece { .. } => "misses a piece",
            _ => "another error",
        };
        for (board, color, track, error) in [
            (&b, Color::Blue, "A1 RD", "too short"),
            (&b, Color::Blue, "A1 URDL", "leaves the board"),
            (&b, Color::Blue, "A1 RDLUR", "revisits"),
            (&b, Color::Blue, "A1 RRDD", "does not close"),
            (&b, Color::Blue, "A1 RRDDLLUU", "crosses the opponent"),
            (&b2, Color::Blue, "A2 DRUL", "wrong sides"),
            (&b3, Color::Blue, "B2 RDLU", "misses a piece"),
            (&b4, Color::Red, "A1 RDLU", "misses the common piece"),
        ] {
            let got = check(board, color, track);
            assert_eq!(got.as_ref().map_err(named), Err(error), "{track}: {got:?}");
        }
    }

    #[test]
    fn loops_print_back_as_tracks() {
        let b = Board::empty(3, 3);
        let shapes = trace(&b, &"A1 RRDDLLUU".parse().unwrap()).unwrap();
        let back = track_from_loop(&b, &shapes).unwrap();
        assert_eq!(check_track(&b, Color::Blue, &back), Ok(8));
    }
}
