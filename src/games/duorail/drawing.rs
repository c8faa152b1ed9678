//! Duorail boards drawn in chat: find one in a message, read it, and say
//! how it differs from the replayed board.
//!
//! "After each move, the current board will be posted": the importer
//! compares each posted board with the replay, so this reader never
//! guesses. A message draws no board ([`read_drawing`] gives `Ok(None)`),
//! one board it reads exactly, or it says why not, at a line and column.
//!
//! **What is a drawing.** `size` rows (9 in a match) of `size` cells, row
//! `A` first, inside a code fence or not (see `games::text_grid` for
//! fences, markdown, `:shortcodes:` and ANSI colours). Lines are taken as
//! rows only when they look like rows: at least two rows and three
//! row-like lines in a row, so talk is never a board. Two forms, mixable:
//! - **The board file form** (the CLI's): tokens separated by spaces, `.`
//!   for empty, `B:UR` / `R:LR` / `C:UD` for a piece (colour `B` blue, `R`
//!   red, `C`, `G` or `P` common, then its two exits), or bare exits `UR`
//!   for a piece whose colour is not drawn.
//! - **The picture form**: one glyph per cell, spaced or not. Empty: `. · •
//!   _ ⬛ ⬜ ▫ ▪ ◻ ◼ ◽ ◾ 🔲 🔳`. A piece: `─ │` straights and `┌ ┐ └ ┘` bends
//!   (also `╭ ╮ ╰ ╯`), in single, double (`═ ║ ╔ ╗ ╚ ╝`) or heavy (`━ ┃ ┏ ┓
//!   ┗ ┛`) lines. Its colour comes, first found, from a mark right beside
//!   it (a letter `B`, `R`, `C`/`G`/`P`, or 🟦🔵 blue, 🟥🔴 red, 🟩🟢🟪🟣
//!   common), after it (`┌B`) or before it (`B┌`) as the row's first mark
//!   shows; from its ANSI colour in a ```` ```ansi ```` block (blue, red;
//!   green or magenta for common); or from a legend line elsewhere in the
//!   message that gives each line style a colour (`═ blue, ─ red, ━
//!   common`, or `blue: double, red: single`; a line with other words,
//!   like `blue placed ┌ on E5`, is talk, not a legend).
//! - Optional: a column header `1 2 … 9` (spaced or not, keycaps too),
//!   above or below the rows; a row letter `A`–`I` before each row,
//!   followed by a space, `:` or `)` (a letter glued to a piece is that
//!   piece's colour mark), which must be the row's own; `|` borders, a frame
//!   (`┌───┐`, `│…│`) and rule lines.
//!
//! **A picture without colours** is read, not refused: its pieces have no
//! colour ([`DrawnBoard::has_colors`] is false), [`DrawnBoard::to_board`]
//! gives nothing, and [`compare`] then reports only where pieces stand and
//! their exits. A drawing where some pieces have a colour and others do
//! not is refused at the first one without, since a host's board colours
//! every piece or none.
//!
//! Imports only this game's `board` and `games::text_grid`: nothing from
//! `log`, `web`, `import` or `verify`.

use std::collections::BTreeMap;
use std::fmt;

use thiserror::Error;

use super::board::{Board, Cell, Color, Exits, Piece, Side};
use crate::games::text_grid::{
    self, header, is_rule, text_lines, the_drawing, tokens, Ansi, At, Glyph, TextLine,
};

/// Why a drawing cannot be read, and where.
pub type DrawingError = At<Problem>;

/// What is wrong with a drawing (its place is in [`DrawingError`]).
#[derive(Debug, Error, PartialEq, Eq, Clone)]
pub enum Problem {
    #[error("'{0}' is not a cell: draw '.' for empty, a piece as ─ │ ┌ ┐ └ ┘ (or ═ ║ ╔ ╗ ╚ ╝, ━ ┃ ┏ ┓ ┗ ┛) with its colour beside it (B, R, C), or write B:UR")]
    Glyph(String),
    #[error("a row has {size} cells; this one has {found}")]
    Width { size: usize, found: usize },
    #[error("a board has {size} rows; this drawing has {found}")]
    Rows { size: usize, found: usize },
    #[error("the column header names {found} columns; the board has {size}")]
    Header { size: usize, found: usize },
    #[error("a column header between rows: it goes above or below them")]
    HeaderInside,
    #[error("this row is lettered {found}, but it is row {row} of the drawing: rows are lettered from A at the top")]
    RowLetter { found: char, row: char },
    #[error("this piece has no colour, but others have: give every piece its colour (B, R or C beside it, or a legend)")]
    NoColor,
    #[error("the legend gives {family} lines two colours, {first} and {second}")]
    Legend {
        family: &'static str,
        first: &'static str,
        second: &'static str,
    },
    #[error("two drawings, on lines {0} and {1}: post one board per message")]
    TwoDrawings(usize, usize),
}

/// A piece as drawn: its exits, and its colour if the drawing gives one.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct DrawnPiece {
    pub exits: Exits,
    pub color: Option<Color>,
}

/// A board as a message draws it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct DrawnBoard {
    size: u8,
    /// Row-major.
    cells: Vec<Option<DrawnPiece>>,
    /// The message lines the drawing spans (first, last).
    pub lines: (usize, usize),
}

impl DrawnBoard {
    pub fn size(&self) -> u8 {
        self.size
    }
    pub fn get(&self, c: Cell) -> Option<DrawnPiece> {
        (c.row < self.size && c.col < self.size)
            .then(|| self.cells[c.row as usize * self.size as usize + c.col as usize])
            .flatten()
    }
    /// Every piece with its cell, row-major.
    pub fn pieces(&self) -> impl Iterator<Item = (Cell, DrawnPiece)> + '_ {
        let n = self.size as usize;
        self.cells.iter().enumerate().filter_map(move |(i, p)| {
            let cell = Cell {
                row: (i / n) as u8,
                col: (i % n) as u8,
            };
            p.map(|p| (cell, p))
        })
    }
    /// Whether the pieces carry colours (true for a board with none).
    pub fn has_colors(&self) -> bool {
        self.pieces().all(|(_, p)| p.color.is_some())
    }
    /// The board itself, when the drawing gives every piece's colour.
    pub fn to_board(&self) -> Option<Board> {
        let mut b = Board::empty(self.size, self.size);
        for (cell, p) in self.pieces() {
            let piece = Piece {
                color: p.color?,
                exits: p.exits,
            };
            b.set(cell, Some(piece)).ok()?;
        }
        Some(b)
    }
}

/// A style of line, which a legend may give a colour.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
enum Family {
    Single,
    Double,
    Heavy,
}

impl Family {
    fn name(self) -> &'static str {
        match self {
            Family::Single => "single",
            Family::Double => "double",
            Family::Heavy => "heavy",
        }
    }
}

/// Piece glyphs: each family's straights and bends, in the order
/// LR UD RD DL UR LU.
const PIECES: [(Family, &str); 4] = [
    (Family::Single, "─│┌┐└┘"),
    (Family::Single, "──╭╮╰╯"),
    (Family::Double, "═║╔╗╚╝"),
    (Family::Heavy, "━┃┏┓┗┛"),
];
const SHAPES: [&str; 6] = ["LR", "UD", "RD", "DL", "UR", "LU"];
const EMPTY: &str = ".·•_⬛⬜▫▪◻◼◽◾🔲🔳";

fn piece(ch: char) -> Option<(Exits, Family)> {
    PIECES.iter().find_map(|(f, glyphs)| {
        let i = glyphs.chars().position(|g| g == ch)?;
        Some((SHAPES[i].parse().expect("shapes parse"), *f))
    })
}

/// A colour mark beside a piece.
fn mark(ch: char) -> Option<Color> {
    match ch {
        'B' | 'b' | '🟦' | '🔵' => Some(Color::Blue),
        'R' | 'r' | '🟥' | '🔴' => Some(Color::Red),
        'C' | 'c' | 'G' | 'g' | 'P' | 'p' | '🟩' | '🟢' | '🟪' | '🟣' => {
            Some(Color::Common)
        }
        _ => None,
    }
}

fn ansi_color(a: Option<Ansi>) -> Option<Color> {
    match a? {
        Ansi::Blue => Some(Color::Blue),
        Ansi::Red => Some(Color::Red),
        Ansi::Green | Ansi::Magenta => Some(Color::Common),
        _ => None,
    }
}

/// A cell as drawn, before the legend is known.
#[derive(Clone, Copy, Debug)]
enum Drawn<'a> {
    Empty,
    Piece {
        glyph: Glyph<'a>,
        exits: Exits,
        family: Option<Family>,
        color: Option<Color>,
    },
}

/// A box glyph as a piece, with the mark beside it or its ANSI colour.
fn drawn<'a>(glyph: &Glyph<'a>, mark: Option<Color>) -> Option<Drawn<'a>> {
    let (exits, family) = piece(glyph.ch)?;
    Some(Drawn::Piece {
        glyph: *glyph,
        exits,
        family: Some(family),
        color: mark.or(ansi_color(glyph.ansi)),
    })
}

fn exits_word(a: &Glyph<'_>, b: &Glyph<'_>) -> Option<Exits> {
    [a.ch, b.ch].iter().collect::<String>().parse().ok()
}

/// One token of the file form or of a spaced picture: `.`, `B:UR`, `UR`,
/// `bUR`, `URb`, `┌`, `┌B`, `B┌`.
fn token<'a>(t: &[Glyph<'a>]) -> Option<Drawn<'a>> {
    match t {
        [e] if EMPTY.contains(e.ch) => Some(Drawn::Empty),
        [p] => drawn(p, None),
        [p, m] if piece(p.ch).is_some() => drawn(p, Some(mark(m.ch)?)),
        [m, p] if piece(p.ch).is_some() => drawn(p, Some(mark(m.ch)?)),
        [a, b] => Some(Drawn::Piece {
            glyph: *a,
            exits: exits_word(a, b)?,
            family: None,
            color: None,
        }),
        // `bRD`, `RDb`: a colour letter glued to the exits, either side.
        [c, a, b] if mark(c.ch).is_some() && exits_word(a, b).is_some() => Some(Drawn::Piece {
            glyph: *c,
            exits: exits_word(a, b)?,
            family: None,
            color: mark(c.ch),
        }),
        [a, b, c] if mark(c.ch).is_some() => Some(Drawn::Piece {
            glyph: *a,
            exits: exits_word(a, b)?,
            family: None,
            color: mark(c.ch),
        }),
        [c, colon, a, b] if colon.ch == ':' && c.ch.is_ascii_alphabetic() => Some(Drawn::Piece {
            glyph: *c,
            exits: exits_word(a, b)?,
            family: None,
            color: Some(mark(c.ch)?),
        }),
        _ => None,
    }
}

/// A row's cells, or the first glyph that is no part of a cell; and how
/// many glyphs (or tokens) are known and unknown.
struct RowParse<'a> {
    cells: Result<Vec<Drawn<'a>>, Glyph<'a>>,
    known: usize,
    unknown: usize,
}

/// Reads a row as tokens (when it has `size` of them, or file-form ones)
/// or as a run of glyphs.
fn parse_row<'a>(gs: &[Glyph<'a>], size: usize) -> RowParse<'a> {
    let toks = tokens(gs);
    let file_form = |t: &&[Glyph]| match t {
        [a, b] => exits_word(a, b).is_some(),
        _ => t.iter().any(|g| g.ch == ':'),
    };
    if toks.len() == size || toks.iter().any(file_form) {
        let read: Vec<Option<Drawn>> = toks.iter().map(|t| token(t)).collect();
        let known = read.iter().flatten().count();
        let bad = toks.iter().zip(&read).find(|(_, r)| r.is_none());
        return RowParse {
            cells: match bad {
                Some((t, _)) => Err(t[0]),
                None => Ok(read.into_iter().flatten().collect()),
            },
            known,
            unknown: toks.len() - known,
        };
    }
    let known = gs
        .iter()
        .filter(|g| EMPTY.contains(g.ch) || piece(g.ch).is_some() || mark(g.ch).is_some())
        .count();
    let glued = |i: usize| gs.get(i).filter(|g| !g.gap);
    // Marks follow their piece if the row's first mark does.
    let suffix = gs
        .iter()
        .position(|g| piece(g.ch).is_none() && mark(g.ch).is_some())
        .is_some_and(|i| i > 0 && !gs[i].gap && piece(gs[i - 1].ch).is_some());
    let mut cells = Vec::new();
    let mut i = 0;
    while i < gs.len() {
        let g = &gs[i];
        let next = glued(i + 1);
        let cell = if EMPTY.contains(g.ch) {
            Some((Drawn::Empty, 1))
        } else if piece(g.ch).is_some() {
            let m = next.filter(|_| suffix).and_then(|n| mark(n.ch));
            drawn(g, m).map(|d| (d, 1 + m.is_some() as usize))
        } else if let (Some(m), Some(p), false) = (mark(g.ch), next, suffix) {
            drawn(p, Some(m)).map(|d| (d, 2))
        } else {
            None
        };
        let Some((cell, len)) = cell else { break };
        cells.push(cell);
        i += len;
    }
    RowParse {
        cells: if i < gs.len() { Err(gs[i]) } else { Ok(cells) },
        known,
        unknown: gs.len() - known,
    }
}

/// A row letter at the start of a line (see the module docs): the letter,
/// its column and how many glyphs it takes.
fn row_letter(gs: &[Glyph<'_>]) -> Option<(char, usize, usize)> {
    let (g, next) = (gs.first()?, gs.get(1)?);
    let letter = g.ch.to_ascii_uppercase();
    if !('A'..='I').contains(&letter) {
        return None;
    }
    let file_token = gs.len() >= 4
        && gs[2..4]
            .iter()
            .all(|x| !x.gap && Side::from_letter(x.ch).is_some())
        && gs.get(4).is_none_or(|x| x.gap);
    let skip = match next.ch {
        _ if next.gap => 1,
        ':' if file_token => return None,
        ':' | ')' => 2,
        c if piece(c).is_some() => return None,
        _ => 1,
    };
    Some((letter, g.col, skip))
}

/// A line as far as it alone can tell; a row is the row letter and its
/// column if drawn, and the cells.
type Seen<'a> = text_grid::Seen<(Option<(char, usize)>, Vec<Drawn<'a>>), DrawingError>;

fn see<'a>(line: &TextLine<'a>, size: usize) -> Seen<'a> {
    let all = &line.glyphs[..];
    if let Some(n) = header(all, '1') {
        return Seen::Header(n);
    }
    let letter = row_letter(all);
    // ASCII bars are borders (`│` is a piece).
    let rest: Vec<Glyph> = all[letter.map_or(0, |l| l.2)..]
        .iter()
        .filter(|g| g.ch != '|')
        .copied()
        .collect();
    let parse = parse_row(&rest, size);
    match parse.cells {
        Ok(mut cells) => {
            // A frame: `│` at both ends of a row of size + 2.
            let frame =
                |d: &Drawn| matches!(d, Drawn::Piece { glyph, .. } if "│║┃".contains(glyph.ch));
            if cells.len() == size + 2 && frame(&cells[0]) && frame(&cells[size + 1]) {
                cells = cells[1..=size].to_vec();
            }
            let found = cells.len();
            if found == size {
                Seen::Row((letter.map(|l| (l.0, l.1)), cells))
            } else if is_rule(all) {
                Seen::Rule
            } else if found + 2 >= size && found <= size + 2 {
                let p = Problem::Width { size, found };
                Seen::Near(At::new(line.number, None, p))
            } else {
                Seen::Not
            }
        }
        Err(_) if is_rule(all) => Seen::Rule,
        Err(g) if parse.known + 2 >= size && parse.unknown <= 3 => Seen::Near(At::new(
            line.number,
            Some(g.col),
            Problem::Glyph(g.raw.to_string()),
        )),
        Err(_) => Seen::Not,
    }
}

/// Finds the board drawn in a chat message and reads it, for a board of
/// `size` × `size` (9 in a match; clamped to 2–9 as the rules do):
/// `Ok(None)` when the message draws none, else the board or exactly why
/// it cannot be read (see the module docs for what is accepted).
pub fn read_drawing(text: &str, size: u8) -> Result<Option<DrawnBoard>, DrawingError> {
    let size = size.clamp(2, 9) as usize;
    let lines = text_lines(text);
    let seen: Vec<Seen> = lines.iter().map(|l| see(l, size)).collect();
    let kind = |l: &TextLine<'_>| &seen[l.number - 1];
    let block = match the_drawing(&lines, |l| kind(l).looks()) {
        Ok(Some(block)) => block,
        Ok(None) => return Ok(None),
        Err((a, b)) => return Err(At::new(b, None, Problem::TwoDrawings(a, b))),
    };
    let mut rows: Vec<(usize, &Vec<Drawn>)> = Vec::new();
    for (i, l) in block.iter().enumerate() {
        match kind(l) {
            Seen::Header(n) if *n != size => {
                let p = Problem::Header { size, found: *n };
                return Err(At::new(l.number, None, p));
            }
            Seen::Header(_) if i != 0 && i + 1 != block.len() => {
                return Err(At::new(l.number, None, Problem::HeaderInside))
            }
            Seen::Near(e) => return Err(e.clone()),
            Seen::Row((letter, cells)) => {
                let row = (b'A' + rows.len() as u8) as char;
                if let Some((found, col)) = letter.filter(|(l, _)| *l != row) {
                    let p = Problem::RowLetter { found, row };
                    return Err(At::new(l.number, Some(col), p));
                }
                rows.push((l.number, cells));
            }
            Seen::Header(_) | Seen::Rule | Seen::Not => {}
        }
    }
    let first = block[0].number;
    if rows.len() != size {
        let p = Problem::Rows {
            size,
            found: rows.len(),
        };
        return Err(At::new(first, None, p));
    }
    let inside = |n: usize| block.iter().any(|l| l.number == n);
    let others: Vec<&TextLine> = lines.iter().filter(|l| !inside(l.number)).collect();
    let legend = legend(&others)?;
    let mut cells = Vec::with_capacity(size * size);
    let mut uncolored = None;
    let mut colored = false;
    for (line, row) in &rows {
        for d in row.iter() {
            let Drawn::Piece {
                glyph,
                exits,
                family,
                color,
            } = *d
            else {
                cells.push(None);
                continue;
            };
            let color = color.or_else(|| legend.get(&family?).copied());
            if color.is_some() {
                colored = true;
            } else {
                uncolored.get_or_insert((*line, glyph.col));
            }
            cells.push(Some(DrawnPiece { exits, color }));
        }
    }
    if let (true, Some((line, col))) = (colored, uncolored) {
        return Err(At::new(line, Some(col), Problem::NoColor));
    }
    Ok(Some(DrawnBoard {
        size: size as u8,
        cells,
        lines: (first, block[block.len() - 1].number),
    }))
}

/// The colour a legend gives each line style: from lines with a colour
/// word (or square) and a piece glyph or style word (`═ blue, ─ red`,
/// `blue: double, red: single`).
fn legend(lines: &[&TextLine<'_>]) -> Result<BTreeMap<Family, Color>, DrawingError> {
    enum Item {
        F(Family),
        C(Color),
    }
    let mut out: BTreeMap<Family, Color> = BTreeMap::new();
    for l in lines {
        let mut items = Vec::new();
        let mut word = String::new();
        // A legend line holds no other words (`blue placed ┌ on E5` is
        // talk).
        let mut stray = false;
        let mut flush = |word: &mut String, items: &mut Vec<Item>| {
            const FILLER: [&str; 15] = [
                "", "legend", "key", "line", "lines", "is", "are", "pieces", "piece", "and",
                "colour", "color", "the", "for", "in",
            ];
            let w = word.to_lowercase();
            let item = match w.as_str() {
                "blue" => Some(Item::C(Color::Blue)),
                "red" => Some(Item::C(Color::Red)),
                "common" | "green" | "purple" => Some(Item::C(Color::Common)),
                "single" | "thin" | "light" => Some(Item::F(Family::Single)),
                "double" => Some(Item::F(Family::Double)),
                "heavy" | "thick" | "bold" => Some(Item::F(Family::Heavy)),
                w => {
                    stray |= !FILLER.contains(&w);
                    None
                }
            };
            items.extend(item);
            word.clear();
        };
        for g in &l.glyphs {
            if g.gap || !g.ch.is_alphanumeric() {
                flush(&mut word, &mut items);
            }
            if g.ch.is_alphanumeric() {
                word.push(g.ch);
            } else if let Some((_, f)) = piece(g.ch) {
                items.push(Item::F(f));
            } else if let Some(c) = mark(g.ch) {
                items.push(Item::C(c));
            }
        }
        flush(&mut word, &mut items);
        if stray {
            continue;
        }
        let has = |f: fn(&Item) -> bool| items.iter().any(f);
        if !has(|i| matches!(i, Item::F(_))) || !has(|i| matches!(i, Item::C(_))) {
            continue;
        }
        // `═ blue`: styles wait for the next colour; `blue: ═`: a colour
        // holds for the styles after it.
        let styles_first = matches!(items[0], Item::F(_));
        let mut waiting = Vec::new();
        let mut colour = None;
        for item in items {
            match item {
                Item::F(f) if styles_first => waiting.push(f),
                Item::F(f) => waiting.extend(colour.map(|_| f)),
                Item::C(c) => colour = Some(c),
            }
            let Some(c) = colour else { continue };
            for f in waiting.drain(..) {
                if let Some(&was) = out.get(&f).filter(|&&was| was != c) {
                    let p = Problem::Legend {
                        family: f.name(),
                        first: was.name(),
                        second: c.name(),
                    };
                    return Err(At::new(l.number, None, p));
                }
                out.insert(f, c);
            }
            if styles_first {
                colour = None;
            }
        }
    }
    Ok(out)
}

/// A board the host (or a bot) posts during the game, checked against the
/// replay: `None` when the message draws no board; else the differences
/// in words (none: it agrees), or why the drawing cannot be read.
pub fn evidence(text: &str, m: &super::Match) -> Option<Result<Vec<String>, String>> {
    let drawn = match read_drawing(text, m.config.size) {
        Ok(None) => return None,
        Ok(Some(d)) => d,
        Err(e) => return Some(Err(e.to_string())),
    };
    Some(Ok(compare(&drawn, &m.board)
        .iter()
        .map(ToString::to_string)
        .collect()))
}

/// A cell where the drawing and the replay disagree, or boards of two
/// sizes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Difference {
    Size {
        drawing: u8,
        replay: (u8, u8),
    },
    /// Colours are compared only when the drawing has them.
    Cell {
        cell: Cell,
        drawing: Option<DrawnPiece>,
        replay: Option<Piece>,
    },
}

fn words(p: Option<(Option<Color>, Exits)>, empty: &str) -> String {
    match p {
        None => empty.to_string(),
        Some((Some(c), e)) => format!("a {} {e} piece", c.name()),
        Some((None, e)) => format!("a {e} piece"),
    }
}

impl fmt::Display for Difference {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Difference::Size { drawing, replay } => write!(
                f,
                "the drawing is {drawing}×{drawing}, the replay's board {}×{}",
                replay.0, replay.1
            ),
            Difference::Cell {
                cell,
                drawing,
                replay,
            } => text_grid::differs(
                f,
                cell,
                words(drawing.map(|p| (p.color, p.exits)), "nothing"),
                words(replay.map(|p| (Some(p.color), p.exits)), "none"),
            ),
        }
    }
}

/// Every cell where the drawing differs from the replayed board, row A
/// first (colours only when the drawing has them); empty when they agree.
pub fn compare(drawn: &DrawnBoard, board: &Board) -> Vec<Difference> {
    if (board.height(), board.width()) != (drawn.size, drawn.size) {
        return vec![Difference::Size {
            drawing: drawn.size,
            replay: (board.height(), board.width()),
        }];
    }
    let mut out = Vec::new();
    for row in 0..drawn.size {
        for col in 0..drawn.size {
            let cell = Cell { row, col };
            let (d, r) = (drawn.get(cell), board.get(cell));
            let differ = match (d, r) {
                (None, None) => false,
                (Some(d), Some(r)) => d.exits != r.exits || d.color.is_some_and(|c| c != r.color),
                _ => true,
            };
            if differ {
                out.push(Difference::Cell {
                    cell,
                    drawing: d,
                    replay: r,
                });
            }
        }
    }
    out
}

/// The board in the plainest form, the CLI's board file: one line per
/// row, tokens `.` or `B:UR` separated by spaces.
pub fn draw(board: &Board) -> String {
    board.to_text()
}

/// The board as a picture for people: a column header, row letters, and
/// each piece as its box glyph with its colour letter after it (`┌B`).
pub fn draw_picture(board: &Board) -> String {
    let mut out = String::from(" ");
    for c in 1..=board.width() {
        out.push_str(&format!("  {c}"));
    }
    for row in 0..board.height() {
        out.push_str(&format!("\n{}", (b'A' + row) as char));
        for col in 0..board.width() {
            match board.get(Cell { row, col }) {
                None => out.push_str("  ."),
                Some(p) => {
                    let i = SHAPES
                        .iter()
                        .position(|s| s.parse::<Exits>().ok() == Some(p.exits))
                        .unwrap_or(0);
                    let g = PIECES[0].1.chars().nth(i).unwrap_or('?');
                    out.push_str(&format!(" {g}{}", p.color.letter()));
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests;
