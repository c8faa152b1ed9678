//! Traffic Jam boards drawn in chat: find one in a message, read it, and
//! say how it differs from the replayed board.
//!
//! Hosts and bots post the board as text after each step; the importer uses
//! a drawing to set up a round whose opening lists no cars, and compares
//! every later drawing with the replay. So this reader must never guess:
//! a message holds no drawing ([`read_drawing`] gives `Ok(None)`), one
//! drawing it reads exactly, or it says why not, at a line and column.
//!
//! **What is a drawing.** Six rows of six cells, one glyph per cell, cells
//! separated by spaces or not, inside a code fence or not (see
//! `games::text_grid` for fences, markdown and emoji shortcodes). A row is
//! read as cells only when it looks like one: at least two rows of six
//! cells and three row-like lines in a row, so talk never becomes a board.
//! - Empty: `. o _ - · • ○ ◦ ▫ ▪ ◻ ◼ ◽ ◾ ⚪ ⚫ 🔲 🔳`, and `⬛`/`⬜` (below).
//! - A car drawn with a letter: a capital `A`–`Z` (or `🇾`, `:regional_indicator_y:`):
//!   all cells with one letter are one car, kept with that label.
//! - A car drawn in colour: `🟥🟧🟨🟩🟦🟪🟫`, `🔴🟠🟡🟢🔵🟣🟤`, `🚕🚖🚗🚙`; the cells
//!   of one colour that touch are one car (so two cars of one colour must
//!   not touch: draw them with letters). Such a car has no label.
//! - `⬛` and `⬜`: when only one of them is drawn it is the background
//!   (empty). When both are, the rarer one paints cars — the seed's white
//!   cars on a dark board — and the other is empty; as many of each is
//!   refused.
//! - A wall: `x`, `#`, `🧱` (the 36-character notation's walls; a match
//!   has none, but a drawing may show them).
//! - Optional: a column header `A B C D E F` (spaced or not, above or below
//!   the rows); a row number `1`–`6` (or `3️⃣`) before each row, which must be
//!   the row's own, since row 1 is the top; `|` borders; an exit marker
//!   after row 3 (`←`, `<-`, `→`, `->`, `>`, `➡️`, `🚪`, `exit`), which is
//!   refused on any other row, so a drawing missing a row cannot pass.
//!   Bars (`|`, `│`) are borders or lines between cells, never cells nor
//!   exits; rule lines (`+-+-+-+`, `───────`) may stand above, below or
//!   between rows.
//!
//! **The taxi** is the car labelled `Z`; if none is, the car on `A3 B3`
//! whatever its letter or colour (hosts who call the taxi `A` or `X`, or
//! draw it yellow); failing that, the 36-character notation's taxi, a car
//! `A`, or a yellow one (🟨 🟡 🚕 🚖), lying across row 3. It must be a
//! 2-cell car across row 3, as everywhere in arbiter.
//!
//! **Order of the cars** ([`DrawnBoard::cars`]): the taxi first, then the
//! lettered cars in the match's label order `Y, X, W, …, A`, then the
//! coloured ones in reading order. So [`DrawnBoard::setup_cars`] is the
//! list a `RoundSetup` takes, and a setup labels the cars as drawn when
//! they are `Y, X, W…` ([`DrawnBoard::setup_keeps_labels`]).
//!
//! Imports only this game's `board` and `games::text_grid`: nothing from
//! `log`, `web`, `import` or `verify`.

use std::collections::BTreeMap;
use std::fmt;

use thiserror::Error;

use super::board::{Board, BoardError, Car, Cell, EXIT_ROW, LABELS, SIZE, TAXI};
use crate::games::text_grid::{
    self, header, is_rule, numbered, text_lines, the_drawing, At, Glyph, TextLine,
};

/// Why a drawing cannot be read, and where.
pub type DrawingError = At<Problem>;

/// What is wrong with a drawing (its place is in [`DrawingError`]).
#[derive(Debug, Error, PartialEq, Eq, Clone)]
pub enum Problem {
    #[error("'{0}' is not a cell: draw '.' for empty, a capital letter or a coloured square for a car, x or # for a wall")]
    Glyph(String),
    #[error("a row has 6 cells; this one has {0}")]
    Width(usize),
    #[error("a board has 6 rows; this drawing has {0}")]
    Rows(usize),
    #[error("the column header names {0} columns; a board has 6 (A–F)")]
    Header(usize),
    #[error("a column header between rows: it goes above or below them")]
    HeaderInside,
    #[error("this row is numbered {found}, but it is row {row} of the drawing: rows are numbered 1–6 from the top")]
    RowNumber { found: u32, row: usize },
    #[error("an exit marker on row {0}: the exit is the right edge of row 3")]
    ExitRow(usize),
    #[error("{car} on {cells} is not one car: {why}")]
    Car {
        car: String,
        cells: String,
        why: &'static str,
    },
    #[error("as many ⬛ as ⬜: which one is empty cannot be told; draw empty cells with '.'")]
    Shades,
    #[error("there is no taxi: draw it as Z, a 2-cell car across row 3")]
    NoTaxi,
    #[error("the taxi ({0}) must be a 2-cell car lying across row 3")]
    Taxi(String),
    #[error("two drawings, on lines {0} and {1}: post one board per message")]
    TwoDrawings(usize, usize),
}

/// Why a drawing cannot open a round.
#[derive(Debug, Error, PartialEq, Eq, Clone)]
pub enum SetupError {
    #[error("the taxi is drawn on {0}; a round opens with it on A3 B3")]
    TaxiMoved(String),
    #[error("walls are drawn on {0}; a round's setup has no walls")]
    Walls(String),
}

/// A car as drawn.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct DrawnCar {
    /// The letter or emoji it is drawn with.
    pub glyph: char,
    /// Its cells, top/left first.
    pub cells: Vec<Cell>,
}

impl DrawnCar {
    /// Its label, when drawn with a letter.
    pub fn label(&self) -> Option<char> {
        self.glyph.is_ascii_uppercase().then_some(self.glyph)
    }
    fn named(&self) -> String {
        match self.label() {
            Some(l) => format!("car {l}"),
            None => format!("the {} car", self.glyph),
        }
    }
}

/// A board as a message draws it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct DrawnBoard {
    cars: Vec<DrawnCar>,
    walls: Vec<Cell>,
    /// The message lines the drawing spans (first, last).
    pub lines: (usize, usize),
}

/// What one cell holds.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Content {
    Empty,
    Wall,
    /// A car, with its label if it has one.
    Car(Option<char>),
}

impl Content {
    /// In words, as the drawing shows it (`a car (W)`, `nothing`) or as
    /// the replay has it (`car W`, `none`).
    fn words(self, drawing: bool) -> String {
        match (self, drawing) {
            (Content::Empty, true) => "nothing".into(),
            (Content::Empty, false) => "none".into(),
            (Content::Wall, _) => "a wall".into(),
            (Content::Car(Some(l)), true) => format!("a car ({l})"),
            (Content::Car(Some(l)), false) => format!("car {l}"),
            (Content::Car(None), _) => "a car".into(),
        }
    }
}

impl DrawnBoard {
    /// The taxi first, then cars by label `Y, X, …, A`, then unlabelled
    /// cars in reading order.
    pub fn cars(&self) -> &[DrawnCar] {
        &self.cars
    }
    pub fn taxi(&self) -> &DrawnCar {
        &self.cars[0]
    }
    pub fn walls(&self) -> &[Cell] {
        &self.walls
    }
    /// The index in [`Self::cars`] of the car on `cell`.
    pub fn car_at(&self, cell: Cell) -> Option<usize> {
        self.cars.iter().position(|c| c.cells.contains(&cell))
    }
    pub fn content(&self, cell: Cell) -> Content {
        match self.car_at(cell) {
            Some(i) => Content::Car(self.cars[i].label()),
            None if self.walls.contains(&cell) => Content::Wall,
            None => Content::Empty,
        }
    }
    /// The pre-placed cars of a round opening with this board, in the
    /// order a `RoundSetup` lists them (see the module docs).
    pub fn setup_cars(&self) -> Result<Vec<Vec<Cell>>, SetupError> {
        let start = [cell(0, EXIT_ROW), cell(1, EXIT_ROW)];
        if self.taxi().cells != start {
            return Err(SetupError::TaxiMoved(cells(&self.taxi().cells)));
        }
        if !self.walls.is_empty() {
            return Err(SetupError::Walls(cells(&self.walls)));
        }
        Ok(self.cars[1..].iter().map(|c| c.cells.clone()).collect())
    }
    /// Whether a setup from [`Self::setup_cars`] gives every car the label
    /// it is drawn with (they are `Y, X, W…` in order, each lettered).
    pub fn setup_keeps_labels(&self) -> bool {
        self.cars[1..]
            .iter()
            .zip(LABELS.chars())
            .all(|(c, l)| c.label() == Some(l))
    }
}

fn cell(col: u8, row: u8) -> Cell {
    Cell::new(col, row).expect("on the board")
}

fn cells(cs: &[Cell]) -> String {
    cs.iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// What a glyph draws in a cell.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Mark {
    Empty,
    Wall,
    /// A letter or a colour: the car's glyph.
    Car(char),
    /// `⬛` or `⬜`: empty or a car, decided per drawing.
    Shade(char),
}

/// Glyphs of an empty cell, of a car in colour, of an exit marker.
const EMPTY: &str = ".o_-·•○◦▫▪◻◼◽◾⚪⚫🔲🔳";
const PAINT: &str = "🟥🟧🟨🟩🟦🟪🟫🔴🟠🟡🟢🔵🟣🟤🚕🚖🚗🚙";
const ARROWS: &str = "←→⬅➡▶◀⇐⇒⟵⟶<>«»🚪";
const BARS: &str = "|│║┃";

fn mark(ch: char) -> Option<Mark> {
    Some(match ch {
        '⬛' | '⬜' => Mark::Shade(ch),
        'x' | '#' | '🧱' => Mark::Wall,
        'A'..='Z' => Mark::Car(ch),
        _ if EMPTY.contains(ch) => Mark::Empty,
        _ if PAINT.contains(ch) => Mark::Car(ch),
        _ => return None,
    })
}

/// A row as one line shows it.
#[derive(Clone, Debug)]
struct Row<'g, 'a> {
    number: Option<(u32, usize)>,
    cells: Vec<&'g Glyph<'a>>,
    /// Column of an exit marker after the cells.
    exit: Option<usize>,
}

/// A line as far as it alone can tell.
type Seen<'g, 'a> = text_grid::Seen<Row<'g, 'a>, DrawingError>;

/// What follows a row's cells: arrows and `exit` words, with dashes only
/// beside an arrow or `exit`. `Ok(exit column)` or the first glyph that
/// does not belong.
fn tail(gs: &[&Glyph<'_>]) -> Result<Option<usize>, usize> {
    let mut exit = None;
    let mut dashes = None;
    let mut i = 0;
    while i < gs.len() {
        let word: String = gs[i..].iter().take(4).map(|g| g.ch).collect();
        if word.eq_ignore_ascii_case("exit") {
            exit.get_or_insert(gs[i].col);
            i += 4;
        } else if ARROWS.contains(gs[i].ch) {
            exit.get_or_insert(gs[i].col);
            i += 1;
        } else if matches!(gs[i].ch, '-' | '=') {
            dashes.get_or_insert(i);
            i += 1;
        } else {
            return Err(i);
        }
    }
    match (dashes, exit) {
        (Some(d), None) => Err(d),
        _ => Ok(exit),
    }
}

fn see<'g, 'a>(line: &'g TextLine<'a>) -> Seen<'g, 'a> {
    let gs = &line.glyphs[..];
    if let Some(n) = header(gs, 'A') {
        return Seen::Header(n);
    }
    let seen = see_row(line);
    match seen {
        Seen::Row(_) => seen,
        _ if is_rule(gs) => Seen::Rule,
        _ => seen,
    }
}

fn see_row<'g, 'a>(line: &'g TextLine<'a>) -> Seen<'g, 'a> {
    // Bars are borders, or walls between cells: never cells.
    let (number, mut rest) = numbered(&line.glyphs, BARS);
    let mut k = rest.iter().take_while(|g| mark(g.ch).is_some()).count();
    // `ZZ....EXIT`: an exit word glued to the cells.
    if k > 6 && matches!(tail(&rest[6..]), Ok(Some(_))) {
        k = 6;
    }
    // `1.` before the cells: the dot is punctuation, not a seventh cell.
    if number.is_some() && k == 7 && rest[0].ch == '.' && !rest[0].gap {
        rest.remove(0);
        k = 6;
    }
    let marks = rest.iter().filter(|g| mark(g.ch).is_some()).count();
    let others = rest.len() - marks;
    match tail(&rest[k..]) {
        Ok(exit) if k == SIZE as usize => Seen::Row(Row {
            number,
            cells: rest[..k].to_vec(),
            exit,
        }),
        Ok(_) if (4..=8).contains(&k) => Seen::Near(At::new(line.number, None, Problem::Width(k))),
        Err(at) if (4..=8).contains(&marks) && others <= 3 => {
            // A cell after a glyph that is no cell: that glyph is wrong.
            let g = rest[k + at];
            let bad = if mark(g.ch).is_some() { rest[k] } else { g };
            Seen::Near(At::glyph(line, bad, Problem::Glyph(bad.raw.to_string())))
        }
        _ => Seen::Not,
    }
}

/// Finds the board drawn in a chat message and reads it: `Ok(None)` when
/// the message draws none, else the board or exactly why it cannot be
/// read (see the module docs for what is accepted).
pub fn read_drawing(text: &str) -> Result<Option<DrawnBoard>, DrawingError> {
    // A drawing takes three lines at least (two rows and a third line):
    // most chat messages are one line, and are no drawing.
    if text.lines().nth(2).is_none() {
        return Ok(None);
    }
    let lines = text_lines(text);
    let seen: Vec<Seen> = lines.iter().map(see).collect();
    match the_drawing(&lines, |l| seen[l.number - 1].looks()) {
        Ok(None) => Ok(None),
        Ok(Some(one)) => read_block(&one, &seen).map(Some),
        Err((a, b)) => Err(At::new(b, None, Problem::TwoDrawings(a, b))),
    }
}

fn read_block(block: &[&TextLine<'_>], seen: &[Seen<'_, '_>]) -> Result<DrawnBoard, DrawingError> {
    let mut rows: Vec<(usize, &Row)> = Vec::new();
    for (i, l) in block.iter().enumerate() {
        match &seen[l.number - 1] {
            Seen::Header(n) if *n != SIZE as usize => {
                return Err(At::new(l.number, None, Problem::Header(*n)))
            }
            Seen::Header(_) if i != 0 && i + 1 != block.len() => {
                return Err(At::new(l.number, None, Problem::HeaderInside))
            }
            Seen::Near(e) => return Err(e.clone()),
            Seen::Row(r) => rows.push((l.number, r)),
            Seen::Header(_) | Seen::Rule | Seen::Not => {}
        }
    }
    let first = block[0].number;
    if rows.len() != SIZE as usize {
        return Err(At::new(first, None, Problem::Rows(rows.len())));
    }
    // Every cell's mark and where it was drawn.
    let mut grid: Vec<(Cell, Mark, usize, usize)> = Vec::with_capacity(36);
    for (r, (line, row)) in rows.iter().enumerate() {
        if let Some((n, col)) = row.number {
            if n as usize != r + 1 {
                let p = Problem::RowNumber {
                    found: n,
                    row: r + 1,
                };
                return Err(At::new(*line, Some(col), p));
            }
        }
        if let Some(col) = row.exit.filter(|_| r != EXIT_ROW as usize) {
            return Err(At::new(*line, Some(col), Problem::ExitRow(r + 1)));
        }
        for (c, g) in row.cells.iter().enumerate() {
            let m = mark(g.ch).expect("rows hold marks only");
            grid.push((cell(c as u8, r as u8), m, *line, g.col));
        }
    }
    // ⬛ and ⬜: the rarer paints cars when both are drawn.
    let count = |ch| grid.iter().filter(|x| x.1 == Mark::Shade(ch)).count();
    let (dark, light) = (count('⬛'), count('⬜'));
    if dark > 0 && dark == light {
        return Err(At::new(first, None, Problem::Shades));
    }
    let paint = if dark > 0 && light > 0 {
        Some(if dark < light { '⬛' } else { '⬜' })
    } else {
        None
    };
    for x in &mut grid {
        if let Mark::Shade(ch) = x.1 {
            x.1 = if Some(ch) == paint {
                Mark::Car(ch)
            } else {
                Mark::Empty
            };
        }
    }
    let cars = read_cars(&grid)?;
    let walls = grid
        .iter()
        .filter(|x| x.1 == Mark::Wall)
        .map(|x| x.0)
        .collect();
    let last = block[block.len() - 1].number;
    let at = |car: &DrawnCar| {
        let x = grid.iter().find(|x| x.0 == car.cells[0]).expect("drawn");
        (x.2, x.3)
    };
    let taxi = find_taxi(&cars).ok_or(At::new(first, None, Problem::NoTaxi))?;
    let t = &cars[taxi];
    let (a, b) = (t.cells[0], t.cells[t.cells.len() - 1]);
    if t.cells.len() != 2 || a.row() != EXIT_ROW || b.row() != EXIT_ROW {
        let (line, col) = at(t);
        return Err(At::new(line, Some(col), Problem::Taxi(cells(&t.cells))));
    }
    let mut cars = cars;
    let t = cars.remove(taxi);
    let rank = |c: &DrawnCar| match c.label().and_then(|l| LABELS.find(l)) {
        Some(i) => (0, i, c.cells[0]),
        None => (1, 0, c.cells[0]),
    };
    cars.sort_by_key(rank);
    cars.insert(0, t);
    Ok(DrawnBoard {
        cars,
        walls,
        lines: (first, last),
    })
}

/// The cars of a drawing: one per letter, one per touching group of one
/// colour; each checked to be 2 or 3 cells in a line.
fn read_cars(grid: &[(Cell, Mark, usize, usize)]) -> Result<Vec<DrawnCar>, DrawingError> {
    let glyph_at = |c: Cell| match grid[c.index() as usize].1 {
        Mark::Car(g) => Some(g),
        _ => None,
    };
    let mut groups: BTreeMap<(u8, u8), (char, Vec<Cell>)> = BTreeMap::new();
    let mut seen = [false; 36];
    for &(start, m, _, _) in grid {
        let Mark::Car(g) = m else { continue };
        if seen[start.index() as usize] {
            continue;
        }
        // Letters: every cell with the letter; colours: the touching ones.
        let mut cs = vec![start];
        seen[start.index() as usize] = true;
        if g.is_ascii_uppercase() {
            for &(c, m2, _, _) in grid {
                if m2 == m && !seen[c.index() as usize] {
                    seen[c.index() as usize] = true;
                    cs.push(c);
                }
            }
        } else {
            let mut i = 0;
            while i < cs.len() {
                for d in super::board::Dir::ALL {
                    if let Some(n) = cs[i].step(d, 1) {
                        if glyph_at(n) == Some(g) && !seen[n.index() as usize] {
                            seen[n.index() as usize] = true;
                            cs.push(n);
                        }
                    }
                }
                i += 1;
            }
        }
        cs.sort();
        groups.insert((start.row(), start.col()), (g, cs));
    }
    let mut cars = Vec::new();
    for (g, cs) in groups.into_values() {
        let car = DrawnCar {
            glyph: g,
            cells: cs,
        };
        if let Err(e) = Car::from_cells(g, &car.cells) {
            let why = match e {
                BoardError::CarLength(..) => "a car is 2 or 3 cells",
                BoardError::NotInLine(_) => "its cells must share one row or one column",
                _ => "its cells must be adjacent",
            };
            let why = if car.label().is_some() {
                why
            } else {
                match e {
                    BoardError::CarLength(_, n) if n > 3 => {
                        "a car is 2 or 3 cells, and cars of one colour must not touch (draw them with letters)"
                    }
                    _ => why,
                }
            };
            let x = grid[car.cells[0].index() as usize];
            let p = Problem::Car {
                car: car.named(),
                cells: cells(&car.cells),
                why,
            };
            return Err(At::new(x.2, Some(x.3), p));
        }
        cars.push(car);
    }
    Ok(cars)
}

/// The taxi among drawn cars (see the module docs).
fn find_taxi(cars: &[DrawnCar]) -> Option<usize> {
    let across_row_3 =
        |c: &DrawnCar| c.cells.len() == 2 && c.cells.iter().all(|x| x.row() == EXIT_ROW);
    let start = [cell(0, EXIT_ROW), cell(1, EXIT_ROW)];
    cars.iter()
        .position(|c| c.glyph == TAXI)
        .or_else(|| cars.iter().position(|c| c.cells == start))
        .or_else(|| {
            cars.iter()
                .position(|c| across_row_3(c) && matches!(c.glyph, 'A' | '🟨' | '🟡' | '🚕' | '🚖'))
        })
}

/// A way the drawing and the replay disagree, in words naming cells.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Difference {
    /// A cell one of them fills and the other does not, or fills with a
    /// wall instead of a car.
    Cell {
        cell: Cell,
        drawing: Content,
        replay: Content,
    },
    /// Cells both fill with cars, split into cars differently.
    Cars {
        drawing: DrawnCar,
        replay: Vec<(char, Vec<Cell>)>,
    },
    /// The same car under another label (the taxi counts as `Z`).
    Label {
        cells: Vec<Cell>,
        drawing: char,
        replay: char,
    },
}

impl fmt::Display for Difference {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Difference::Cell {
                cell,
                drawing,
                replay,
            } => text_grid::differs(f, cell, drawing.words(true), replay.words(false)),
            Difference::Cars { drawing, replay } => {
                let r: Vec<String> = replay
                    .iter()
                    .map(|(l, cs)| format!("car {l} on {}", cells(cs)))
                    .collect();
                let shows = format!("one car there ({})", drawing.glyph);
                text_grid::differs(f, cells(&drawing.cells), shows, r.join(" and "))
            }
            Difference::Label {
                cells: cs,
                drawing,
                replay,
            } => write!(
                f,
                "{}: the drawing labels this car {drawing}, the replay {replay}",
                cells(cs)
            ),
        }
    }
}

/// Every way the drawing differs from the replayed board: cells first
/// (row 1 first), then cars split differently, then labels. Empty when
/// they agree.
pub fn compare(drawn: &DrawnBoard, board: &Board) -> Vec<Difference> {
    let replay_car = |c: Cell| {
        board
            .cars()
            .iter()
            .position(|car| car.cells().any(|x| x == c))
    };
    let replay_label = |i: usize| {
        if i == board.taxi() {
            TAXI
        } else {
            board.cars()[i].label
        }
    };
    let replay = |c: Cell| match replay_car(c) {
        Some(i) => Content::Car(Some(board.cars()[i].label)),
        None if board.walls() & c.bit() != 0 => Content::Wall,
        None => Content::Empty,
    };
    let mut out = Vec::new();
    for i in 0..SIZE * SIZE {
        let c = Cell::from_index(i).expect("on the board");
        let (d, r) = (drawn.content(c), replay(c));
        let both_cars = matches!((d, r), (Content::Car(_), Content::Car(_)));
        if d != r && !both_cars {
            out.push(Difference::Cell {
                cell: c,
                drawing: d,
                replay: r,
            });
        }
    }
    let mut labels = Vec::new();
    for (i, car) in drawn.cars.iter().enumerate() {
        let under: Option<Vec<usize>> = car.cells.iter().map(|&c| replay_car(c)).collect();
        let Some(mut under) = under else { continue };
        under.dedup();
        let same = under.len() == 1 && board.cars()[under[0]].cells().eq(car.cells.iter().copied());
        if !same {
            let replay = under
                .iter()
                .map(|&j| (board.cars()[j].label, board.cars()[j].cells().collect()))
                .collect();
            out.push(Difference::Cars {
                drawing: car.clone(),
                replay,
            });
            continue;
        }
        let drawn_label = if i == 0 { Some(TAXI) } else { car.label() };
        if let Some(l) = drawn_label.filter(|&l| l != replay_label(under[0])) {
            labels.push(Difference::Label {
                cells: car.cells.clone(),
                drawing: l,
                replay: replay_label(under[0]),
            });
        }
    }
    out.extend(labels);
    out
}

/// A board the host (or a bot) posts during a round, checked against the
/// replay: `None` when the message draws no board; else the differences
/// in words (none: it agrees), or why the drawing cannot be read.
pub fn evidence(text: &str, m: &super::Match) -> Option<Result<Vec<String>, String>> {
    let drawn = match read_drawing(text) {
        Ok(None) => return None,
        Ok(Some(d)) => d,
        Err(e) => return Some(Err(e.to_string())),
    };
    let board = &m.rounds.last()?.board;
    Some(Ok(compare(&drawn, board)
        .iter()
        .map(ToString::to_string)
        .collect()))
}

/// The board in the plainest form: six rows of six characters, row 1
/// first, `.` empty, `x` a wall, each car its label (the 36-character
/// notation, one row per line).
pub fn draw(board: &Board) -> String {
    let s: Vec<char> = board.to_36().chars().collect();
    s.chunks(SIZE as usize)
        .map(|r| r.iter().collect::<String>())
        .collect::<Vec<_>>()
        .join("\n")
}

#[cfg(test)]
mod tests;
