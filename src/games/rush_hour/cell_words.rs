//! Cells in a Traffic Jam player's line, found for [`super::phrases`]:
//! cells written out (`B1 B2`, `b1, b2`), ranges of cells (`C1-C3`, `C3
//! to C1`), and a car named by its line and a range across it — a column
//! and rows (`column B, rows 4–6`, `col b rows 4 and 5`) or a row and
//! columns (`row 2, columns C–E`, `cols c-d in row 2`).
//!
//! The one decision: a line and a range name cells only when one side is a
//! single column or row and the words say which is which (`column`,
//! `row`): `B, 4-6` alone names nothing, since a lone letter is a car's
//! label as often as a column. A length written beside (`(3-long)`) must
//! agree with the cells, or nothing is found: a car said two ways that
//! disagree is not guessed.

use super::board::Cell;
use super::phrases::{car, number, Found, Tok};

/// Words that name the axis of what follows them.
const COLUMN: &[&str] = &["column", "col", "columns", "cols"];
const ROW: &[&str] = &["row", "rows"];
/// Joins two ends of a range (`4-6`, `4 to 6`).
const RANGE: &[&str] = &["-", "to", "through", "thru"];
/// Joins items of a list (`4, 5`, `4 and 5`).
const LIST: &[&str] = &[",", "/", "&", "+", "and"];
/// May stand between the column and the rows (`column B, rows 4-6`,
/// `rows 4-6 in column B`, `column C, from row 2 …`).
const BETWEEN: &[&str] = &[",", ":", "in", "on", "of", "at", "from"];
/// The way a range runs, before its joining word (`from row 2 down to
/// row 4`).
const RUNS: &[&str] = &["down", "up", "across", "over", "along"];

/// A cell of the 6×6 board (`c3`).
pub(super) fn cell(w: &str) -> Option<Cell> {
    let b = w.as_bytes();
    if b.len() == 2 && (b'a'..=b'f').contains(&b[0]) && (b'1'..=b'6').contains(&b[1]) {
        w.parse().ok()
    } else {
        None
    }
}

/// The cells from `a` to `b` in a line, both included, when they are at
/// most 3 in a row or column; else just `a` and `b` (the placement then
/// says what is wrong).
pub(super) fn span(a: Cell, b: Cell) -> Vec<Cell> {
    let (ac, ar, bc, br) = (a.col(), a.row(), b.col(), b.row());
    let steps = ac.abs_diff(bc).max(ar.abs_diff(br));
    if (ac != bc && ar != br) || steps > 2 {
        return vec![a, b];
    }
    (0..=steps)
        .filter_map(|s| {
            let col = if bc >= ac {
                ac + s.min(bc - ac)
            } else {
                ac - s.min(ac - bc)
            };
            let row = if br >= ar {
                ar + s.min(br - ar)
            } else {
                ar - s.min(ar - br)
            };
            Cell::new(col, row)
        })
        .collect()
}

/// Finds the line's cells, marking the tokens they take as `used`.
pub(super) fn find_cells(t: &[Tok], used: &mut [bool], found: &mut Vec<(usize, Found)>) {
    let word = |i: usize| t.get(i).filter(|x| !x.punct).map(|x| x.w.as_str());
    // A car by its line and a range across it.
    let mut i = 0;
    while i < t.len() {
        match named_car(t, i) {
            Some((cells, end)) => {
                used[i..end].iter_mut().for_each(|u| *u = true);
                found.push((i, Found::Cells(cells)));
                i = end;
            }
            None => i += 1,
        }
    }
    // Cells, with ranges (`C1-C3`).
    let mut i = 0;
    while i < t.len() {
        let Some(first) = word(i).filter(|_| !used[i]).and_then(cell) else {
            i += 1;
            continue;
        };
        let mut cells = vec![first];
        used[i] = true;
        let mut j = i + 1;
        loop {
            if let Some(c) = word(j).and_then(cell) {
                cells.push(c);
                used[j] = true;
                j += 1;
                continue;
            }
            let next = word(j + 1).and_then(cell);
            let range = matches!(t.get(j).map(|x| x.w.as_str()), Some(w) if RANGE.contains(&w));
            let list = matches!(t.get(j).map(|x| x.w.as_str()), Some(w) if LIST.contains(&w));
            match next {
                Some(c) if range => {
                    let from = *cells.last().unwrap_or(&c);
                    cells.extend(span(from, c).into_iter().skip(1));
                }
                Some(c) if list => cells.push(c),
                _ => break,
            }
            used[j] = true;
            used[j + 1] = true;
            j += 2;
        }
        // `Y D1`: a lone `D1` after a car is down 1, not a cell (`D` is
        // the one direction letter among the columns; one cell is no car).
        let after_car = i > 0
            && !used[i - 1]
            && car(&t[i - 1]).is_some()
            && t[i - 1].orig.chars().all(|c| c.is_ascii_uppercase());
        if cells.len() == 1 && after_car && t[i].w.starts_with('d') {
            used[i] = false;
        } else {
            found.push((i, Found::Cells(cells)));
        }
        i = j;
    }
}

/// Reads one value of an axis from a word: [`column`] or [`row`].
type Value = fn(&str) -> Option<u8>;

/// A column letter (`b`) as its 0-based index.
fn column(w: &str) -> Option<u8> {
    let mut cs = w.chars();
    match (cs.next(), cs.next()) {
        (Some(c @ 'a'..='f'), None) => Some(c as u8 - b'a'),
        _ => None,
    }
}

/// A row number (`4`, `four`) as its 0-based index.
fn row(w: &str) -> Option<u8> {
    number(w)
        .filter(|n| (1..=6).contains(n))
        .map(|n| n as u8 - 1)
}

/// The values after an axis word at token `j` (`4-6`, `4 to 6`, `4, 5
/// and 6`, `from 4 to 6`, `2 down to row 4`, `B`), as ranges (a single
/// value is a range of one), with the token after them. The axis word
/// may be said again before a value (`axis`).
fn values(
    t: &[Tok],
    mut j: usize,
    value: Value,
    axis: &[&str],
) -> Option<(Vec<(u8, u8)>, usize)> {
    let word = |i: usize| t.get(i).map(|x| x.w.as_str());
    if word(j) == Some("from") {
        j += 1;
    }
    let first = value(word(j)?)?;
    let mut out = vec![(first, first)];
    j += 1;
    loop {
        let s = j + usize::from(word(j).is_some_and(|w| RUNS.contains(&w)));
        let at = s + 1 + usize::from(word(s + 1).is_some_and(|w| axis.contains(&w)));
        let (Some(sep), Some(v)) = (word(s), word(at).and_then(value)) else {
            break;
        };
        if RANGE.contains(&sep) {
            if let Some(last) = out.last_mut().filter(|(a, b)| a == b) {
                last.1 = v;
            } else {
                break;
            }
        } else if LIST.contains(&sep) {
            out.push((v, v));
        } else {
            break;
        }
        j = at + 1;
    }
    Some((out, j))
}

/// A car named by its line and a range across it, starting at token `k`
/// (`column B, rows 4-6`, `row 2, columns C to E`), with the token after
/// it (and after a length that agrees, `(3-long)`).
fn named_car(t: &[Tok], k: usize) -> Option<(Vec<Cell>, usize)> {
    let word = |i: usize| t.get(i).map(|x| x.w.as_str());
    let first_is_column = if COLUMN.contains(&word(k)?) {
        true
    } else if ROW.contains(&word(k)?) {
        false
    } else {
        return None;
    };
    let (axis, other): (Value, Value) = if first_is_column {
        (column, row)
    } else {
        (row, column)
    };
    let (first_words, other_words) = if first_is_column {
        (COLUMN, ROW)
    } else {
        (ROW, COLUMN)
    };
    let (a, mut j) = values(t, k + 1, axis, first_words)?;
    let mut between = 0;
    while between < 2 && word(j).is_some_and(|w| BETWEEN.contains(&w)) {
        j += 1;
        between += 1;
    }
    if !other_words.contains(&word(j)?) {
        return None;
    }
    let (b, mut end) = values(t, j + 1, other, other_words)?;
    let (cols, rows) = if first_is_column { (a, b) } else { (b, a) };
    // One side a single line, the other its ranges: the ends of each range.
    let ends: Vec<(Option<Cell>, Option<Cell>)> = match (cols.as_slice(), rows.as_slice()) {
        ([(c, c2)], ranges) if c == c2 => ranges
            .iter()
            .map(|&(r1, r2)| (Cell::new(*c, r1), Cell::new(*c, r2)))
            .collect(),
        (ranges, [(r, r2)]) if r == r2 => ranges
            .iter()
            .map(|&(c1, c2)| (Cell::new(c1, *r), Cell::new(c2, *r)))
            .collect(),
        _ => return None,
    };
    let mut cells: Vec<Cell> = Vec::new();
    for (from, to) in ends {
        for c in span(from?, to?) {
            if !cells.contains(&c) {
                cells.push(c);
            }
        }
    }
    // `(3-long)`, `3 long`: the car's length, said again.
    let mut q = end;
    if matches!(word(q), Some("(" | ",")) {
        q += 1;
    }
    if let Some(n) = word(q).and_then(number) {
        q += 1;
        if word(q) == Some("-") {
            q += 1;
        }
        if word(q) == Some("long") {
            if n as usize != cells.len() {
                return None;
            }
            q += 1;
            if word(q) == Some(")") {
                q += 1;
            }
            end = q;
        }
    }
    Some((cells, end))
}
