//! Gems, rocks, cells and the 8×7 grid.
//!
//! Columns `A`–`H` left to right, rows `1`–`7` top to bottom (`F4`:
//! column F, row 4), gravity toward row 7. A cell holds a gem of one of
//! five colors, a rock (`#`), or — only in the middle of a cascade — a
//! hole left by a removed gem. The grid is a flat array of 56 bytes so a
//! cascade copies it for free and the solver can run millions of them.
//!
//! Like all of `games/`, it imports nothing from `log/`, `web/`,
//! `import/` or `verify`, and no other game's folder.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::games::as_text::serde_as_text;
use crate::games::text_grid::letter_digit;
use thiserror::Error;

pub const COLS: usize = 8;
pub const ROWS: usize = 7;
pub const CELLS: usize = COLS * ROWS;

/// A gem color.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Color {
    Red,
    Blue,
    Green,
    Yellow,
    Purple,
}

impl Color {
    pub const ALL: [Color; 5] = [
        Color::Red,
        Color::Blue,
        Color::Green,
        Color::Yellow,
        Color::Purple,
    ];
    pub fn letter(self) -> char {
        match self {
            Color::Red => 'R',
            Color::Blue => 'B',
            Color::Green => 'G',
            Color::Yellow => 'Y',
            Color::Purple => 'P',
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Color::Red => "red",
            Color::Blue => "blue",
            Color::Green => "green",
            Color::Yellow => "yellow",
            Color::Purple => "purple",
        }
    }
    pub fn from_letter(c: char) -> Option<Color> {
        match c.to_ascii_uppercase() {
            'R' => Some(Color::Red),
            'B' => Some(Color::Blue),
            'G' => Some(Color::Green),
            'Y' => Some(Color::Yellow),
            'P' => Some(Color::Purple),
            _ => None,
        }
    }
    /// A color by letter or name, any case.
    pub fn parse(s: &str) -> Option<Color> {
        let t = s.trim();
        let mut chars = t.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => Color::from_letter(c),
            _ => Color::ALL
                .into_iter()
                .find(|c| c.name().eq_ignore_ascii_case(t)),
        }
    }
    fn code(self) -> u8 {
        self as u8
    }
    fn from_code(c: u8) -> Option<Color> {
        Color::ALL.get(c as usize).copied()
    }
}

/// What stands on a cell.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Tile {
    Gem(Color),
    Rock,
    /// A removed gem's place, before gravity closes it.
    Hole,
}

const ROCK: u8 = 5;
const HOLE: u8 = 6;

/// A cell, written `F4`.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Cell(u8);

impl Cell {
    pub fn new(col: usize, row: usize) -> Option<Cell> {
        (col < COLS && row < ROWS).then(|| Cell((row * COLS + col) as u8))
    }
    pub fn from_index(i: usize) -> Cell {
        assert!(i < CELLS);
        Cell(i as u8)
    }
    pub fn index(self) -> usize {
        self.0 as usize
    }
    pub fn col(self) -> usize {
        self.0 as usize % COLS
    }
    pub fn row(self) -> usize {
        self.0 as usize / COLS
    }
    /// The cell `dr` rows down and `dc` columns right, if on the grid.
    pub fn offset(self, dc: i32, dr: i32) -> Option<Cell> {
        let c = self.col() as i32 + dc;
        let r = self.row() as i32 + dr;
        if (0..COLS as i32).contains(&c) && (0..ROWS as i32).contains(&r) {
            Cell::new(c as usize, r as usize)
        } else {
            None
        }
    }
    pub fn adjacent(self, other: Cell) -> bool {
        self.col().abs_diff(other.col()) + self.row().abs_diff(other.row()) == 1
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'A' + self.col() as u8) as char, self.row() + 1)
    }
}

impl FromStr for Cell {
    type Err = GridError;
    fn from_str(s: &str) -> Result<Cell, GridError> {
        letter_digit(s)
            .and_then(|(col, row)| Cell::new(col as usize, row as usize))
            .ok_or_else(|| GridError::Cell(s.trim().to_string()))
    }
}

serde_as_text!(Cell);

#[derive(Debug, Error, PartialEq, Eq, Clone)]
pub enum GridError {
    #[error("'{0}' is not a cell: write a column A–H and a row 1–7, like F4")]
    Cell(String),
    #[error("a grid is 7 lines of 8 characters from R B G Y P #; line {line} has {len}")]
    LineLength { line: usize, len: usize },
    #[error("a grid is 7 lines of 8 characters; this one has {0} lines")]
    Lines(usize),
    #[error("line {line}, column {col}: '{ch}' is not a gem or a rock: use R B G Y P or #")]
    Char { line: usize, col: usize, ch: char },
}

/// The grid: 56 tiles, row 1 first.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Grid {
    tiles: [u8; CELLS],
}

impl Grid {
    pub fn get(&self, c: Cell) -> Tile {
        match self.tiles[c.index()] {
            ROCK => Tile::Rock,
            HOLE => Tile::Hole,
            code => Tile::Gem(Color::from_code(code).expect("codes 0-4 are colors")),
        }
    }
    pub fn set(&mut self, c: Cell, t: Tile) {
        self.tiles[c.index()] = match t {
            Tile::Gem(color) => color.code(),
            Tile::Rock => ROCK,
            Tile::Hole => HOLE,
        }
    }
    /// The gem's color, if a gem stands there.
    pub fn gem(&self, c: Cell) -> Option<Color> {
        Color::from_code(self.tiles[c.index()])
    }
    #[inline]
    pub(crate) fn code(&self, i: usize) -> u8 {
        self.tiles[i]
    }
    #[inline]
    pub(crate) fn set_code(&mut self, i: usize, v: u8) {
        self.tiles[i] = v;
    }
    pub fn gems(&self) -> usize {
        self.tiles.iter().filter(|&&t| t < ROCK).count()
    }
    pub fn rocks(&self) -> usize {
        self.tiles.iter().filter(|&&t| t == ROCK).count()
    }
    /// The first rock (column A first, then row 1 first) with a gem above
    /// it in its column.
    /// No game makes one: a rock is a cell left empty at the top of a
    /// column (RULINGS), so the rocks of a column are all above its gems,
    /// and gravity is undefined past a rock below a gem.
    pub fn rock_under_gem(&self) -> Option<Cell> {
        (0..COLS).find_map(|col| {
            let column = (0..ROWS).filter_map(|row| Cell::new(col, row));
            column
                .skip_while(|&c| self.get(c) == Tile::Rock)
                .find(|&c| self.get(c) == Tile::Rock)
        })
    }
    /// Reads 7 lines of 8 characters from `RBGYP#` (blank lines skipped).
    pub fn parse(text: &str) -> Result<Grid, GridError> {
        let lines: Vec<(usize, &str)> = text
            .lines()
            .enumerate()
            .map(|(i, l)| (i + 1, l.trim()))
            .filter(|(_, l)| !l.is_empty())
            .collect();
        if lines.len() != ROWS {
            return Err(GridError::Lines(lines.len()));
        }
        let mut tiles = [0u8; CELLS];
        for (r, (line, l)) in lines.iter().enumerate() {
            let chars: Vec<char> = l.chars().collect();
            if chars.len() != COLS {
                return Err(GridError::LineLength {
                    line: *line,
                    len: chars.len(),
                });
            }
            for (c, &ch) in chars.iter().enumerate() {
                tiles[r * COLS + c] = match ch {
                    '#' => ROCK,
                    _ => Color::from_letter(ch)
                        .filter(|_| ch.is_ascii_uppercase())
                        .ok_or(GridError::Char {
                            line: *line,
                            col: c + 1,
                            ch,
                        })?
                        .code(),
                };
            }
        }
        Ok(Grid { tiles })
    }
    /// The rows as text, `.` for a hole.
    pub fn rows(&self) -> Vec<String> {
        (0..ROWS)
            .map(|r| {
                (0..COLS)
                    .map(|c| match self.get(Cell::new(c, r).expect("in range")) {
                        Tile::Gem(g) => g.letter(),
                        Tile::Rock => '#',
                        Tile::Hole => '.',
                    })
                    .collect()
            })
            .collect()
    }
    /// Any three gems of one color in a row or column.
    pub fn has_line(&self) -> bool {
        for r in 0..ROWS {
            for c in 0..COLS {
                let t = self.tiles[r * COLS + c];
                if t >= ROCK {
                    continue;
                }
                if c + 2 < COLS
                    && self.tiles[r * COLS + c + 1] == t
                    && self.tiles[r * COLS + c + 2] == t
                {
                    return true;
                }
                if r + 2 < ROWS
                    && self.tiles[(r + 1) * COLS + c] == t
                    && self.tiles[(r + 2) * COLS + c] == t
                {
                    return true;
                }
            }
        }
        false
    }
}

impl fmt::Display for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for r in self.rows() {
            writeln!(f, "{r}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Grid({})", self.rows().join("/"))
    }
}

impl Serialize for Grid {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.rows().serialize(s)
    }
}

impl<'de> Deserialize<'de> for Grid {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Grid, D::Error> {
        let rows = Vec::<String>::deserialize(d)?;
        Grid::parse(&rows.join("\n")).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Rocks above every gem of their column are what play makes; a rock
    /// below a gem is named, the leftmost column first.
    #[test]
    fn a_rock_below_a_gem_is_found() {
        let row = "RBGYPRBG\n";
        let top = format!("##GYPRB#\n#BGYPRB#\n{}", row.repeat(5));
        assert_eq!(Grid::parse(&top).unwrap().rock_under_gem(), None);
        // Rocks on C4 and B7, each under gems: column B is named first.
        let low = format!("{}RB#YPRBG\n{}R#GYPRBG\n", row.repeat(3), row.repeat(2));
        let g = Grid::parse(&low).unwrap();
        assert_eq!(g.rock_under_gem(), Some("B7".parse().unwrap()));
    }

    #[test]
    fn grids_read_and_print() {
        let text = "RBGYPRBG\nBGYPRBGY\nGYPRBGYP\nYPRBGYPR\nPRBGYPRB\nRBGYPRBG\n##GYPRBG\n";
        let g = Grid::parse(text).unwrap();
        assert_eq!(g.to_string(), text);
        assert_eq!(g.gems(), 54);
        assert_eq!(g.rocks(), 2);
        assert_eq!(g.get("A7".parse().unwrap()), Tile::Rock);
        assert_eq!(g.gem("C7".parse().unwrap()), Some(Color::Green));
        assert!(matches!(Grid::parse("RBG"), Err(GridError::Lines(1))));
        let bad = text.replace("PRBGYPRB", "PRBGXPRB");
        assert!(matches!(
            Grid::parse(&bad),
            Err(GridError::Char {
                line: 5,
                col: 5,
                ..
            })
        ));
    }

    #[test]
    fn cells_and_colors() {
        assert_eq!("f4".parse::<Cell>().unwrap().to_string(), "F4");
        assert!("I1".parse::<Cell>().is_err());
        assert!("A8".parse::<Cell>().is_err());
        assert_eq!(Color::parse("purple"), Some(Color::Purple));
        assert_eq!(Color::parse("y"), Some(Color::Yellow));
        assert_eq!(Color::parse("pink"), None);
    }
}
