//! Cells written the loose ways newcomers write them, rewritten into the
//! games' own `C3` before any reader sees a player's message: `(c,3)`,
//! `C-3`, `3C`, `row 3 col C` (or `row E, column 5`, the letter first
//! whichever line it names) and `c 3`. Every game names a cell by a letter
//! and a number, so one tidying serves all six; each game's reader then
//! decides, as before, what a cell means where it stands.
//!
//! Only a letter from `a` to `l` (the widest board's columns) counts, so a
//! Traffic Jam car (`X`–`Z`) or a move's length is never taken for one; a
//! lone `a` or `i` before a number is English (`a 3-long car`) unless a
//! way to go follows (`A 2 EAST`), and a
//! letter and number followed by a unit (`b 2 moves`, `c 3 min`) stay as
//! written. Lines are kept, so readings still point at the right line.
//!
//! Cells said aloud (`see three`, `Dee for`) are written as cells first
//! ([`spoken`]). Cells told in long-hand (`column C, third row`, `the top
//! left corner`) need to know where the board's top and left are, so each
//! game rewrites them itself with [`longhand::cells_told`].
//!
//! Also here: cells written without spaces (`c1d1`), split for a game that
//! says which cells its board has.
//!
//! Imports nothing but the standard library.

pub mod longhand;
mod spoken;

/// Words after a letter and a number that make them no cell (`b 2 moves`).
const UNITS: [&str; 24] = [
    "move", "moves", "mover", "long", "cell", "cells", "min", "mins", "minute", "minutes", "s",
    "sec", "secs", "seconds", "pts", "points", "gem", "gems", "round", "rounds", "times", "car",
    "cars", "pieces",
];

/// A number and a capital that name something else (`3D chess`, `4K`).
const NOT_CELLS: [&str; 3] = ["2D", "3D", "4K"];

/// A word of cells written without spaces (`c1d1`, `C3C4C5`, `b3f6`): its
/// cells, when it is two to `most` two-character cells that `cell`
/// accepts (each game knows its own board's). Only ASCII words split.
pub fn glued_cells(w: &str, most: usize, cell: impl Fn(&str) -> bool) -> Option<Vec<&str>> {
    let n = w.len() / 2;
    if !w.is_ascii() || !w.len().is_multiple_of(2) || !(2..=most).contains(&n) {
        return None;
    }
    let cells: Vec<&str> = (0..n).map(|k| &w[2 * k..2 * k + 2]).collect();
    cells.iter().all(|c| cell(c)).then_some(cells)
}

/// The marks that end a word (`,` in `three,`, `),` in `car),`): what
/// stays after it when the word is written again as a cell.
pub fn marks_after(word: &str) -> &str {
    &word[word.trim_end_matches(|c: char| !c.is_alphanumeric()).len()..]
}

/// `text` with each loose cell written as `C3`.
pub fn tidy_cells(text: &str) -> String {
    text.split('\n')
        .map(tidy_line)
        .collect::<Vec<_>>()
        .join("\n")
}

/// A column letter of some board: `a` to `l`, either case.
fn column(c: char) -> bool {
    matches!(c.to_ascii_lowercase(), 'a'..='l')
}

/// One line, tidied.
fn tidy_line(line: &str) -> String {
    let words = rows_and_columns(&spoken::spoken_cells(line));
    let chars: Vec<char> = words.chars().collect();
    let mut out = String::with_capacity(words.len());
    let mut i = 0;
    let joined = |k: usize| k < chars.len() && (chars[k].is_alphanumeric() || chars[k] == '_');
    while i < chars.len() {
        let free_before = i == 0 || !(chars[i - 1].is_alphanumeric() || chars[i - 1] == '\'');
        if let Some((cell, next)) = free_before.then(|| loose_at(&chars, i)).flatten() {
            if !joined(next) {
                out.push_str(&cell);
                i = next;
                continue;
            }
        }
        out.push(chars[i]);
        i += 1;
    }
    out
}

/// The digits starting at `i` (one or two), and where they end.
fn number_at(chars: &[char], i: usize) -> Option<(String, usize)> {
    let n = chars[i..].iter().take_while(|c| c.is_ascii_digit()).count();
    (1..=2)
        .contains(&n)
        .then(|| (chars[i..i + n].iter().collect(), i + n))
}

/// The ways a piece goes, after which `a 2` is a cell, not an article
/// and a number.
const WAYS: [&str; 12] = [
    "north", "south", "east", "west", "up", "down", "left", "right", "n", "s", "e", "w",
];

/// The spaces starting at `i` skipped.
fn past_spaces(chars: &[char], mut i: usize) -> usize {
    while chars.get(i) == Some(&' ') {
        i += 1;
    }
    i
}

/// A loose cell starting at `i`: the cell as `C3` and where it ends.
fn loose_at(chars: &[char], i: usize) -> Option<(String, usize)> {
    let c = chars[i];
    // `(c,3)`, `( c , 3 )`.
    if c == '(' {
        let l = past_spaces(chars, i + 1);
        let letter = *chars.get(l).filter(|&&x| column(x))?;
        let comma = past_spaces(chars, l + 1);
        (chars.get(comma) == Some(&',')).then_some(())?;
        let (number, end) = number_at(chars, past_spaces(chars, comma + 1))?;
        let close = past_spaces(chars, end);
        (chars.get(close) == Some(&')')).then_some(())?;
        return Some((format!("{letter}{number}"), close + 1));
    }
    // `3C`: a number, then a capital letter.
    if c.is_ascii_digit() {
        let (number, end) = number_at(chars, i)?;
        let letter = *chars
            .get(end)
            .filter(|&&x| column(x) && x.is_ascii_uppercase())?;
        let written = format!("{number}{letter}");
        return (!NOT_CELLS.contains(&written.as_str()))
            .then(|| (format!("{letter}{number}"), end + 1));
    }
    if !column(c) {
        return None;
    }
    match chars.get(i + 1) {
        // `C-3`, not a line's `B2-F7`.
        Some('-') => {
            let (number, end) = number_at(chars, i + 2)?;
            (chars.get(end) != Some(&'-')).then(|| (format!("{c}{number}"), end))
        }
        // `c 3`, but not `a 3-long car` nor `b 2 moves`; `a` and `i`, which
        // are words, only before a way to go (`A 2 EAST`).
        Some(' ') => {
            let (number, end) = number_at(chars, i + 2)?;
            let rest: String = chars[end..].iter().collect();
            let next_word = rest
                .trim_start()
                .split(|x: char| !x.is_alphanumeric())
                .next()
                .unwrap_or("")
                .to_lowercase();
            let word = matches!(c.to_ascii_lowercase(), 'a' | 'i');
            if word && !WAYS.contains(&next_word.as_str()) {
                return None;
            }
            let unit = UNITS.contains(&next_word.as_str());
            let joined = matches!(chars.get(end), Some('-' | '.' | ':' | '/' | 'x'));
            (!unit && !joined).then(|| (format!("{c}{number}"), end))
        }
        _ => None,
    }
}

/// `row 3 col C`, `column G, row 3`, `row E, column 5`: the two named
/// apart, written as one cell, the letter first.
fn rows_and_columns(line: &str) -> String {
    let lower = line.to_lowercase();
    // Both strings index alike only when lowercasing keeps every length.
    if lower.len() != line.len() {
        return line.to_string();
    }
    let mut out = String::with_capacity(line.len());
    let mut at = 0;
    while let Some(found) = next_pair(&lower, at) {
        let (start, end, cell) = found;
        out.push_str(&line[at..start]);
        out.push_str(&cell);
        at = end;
    }
    out.push_str(&line[at..]);
    out
}

/// The next `row … col …` pair from byte `from`: where it starts and
/// ends, and the cell it names.
fn next_pair(lower: &str, from: usize) -> Option<(usize, usize, String)> {
    let mut words: Vec<(usize, &str)> = Vec::new();
    let mut start: Option<usize> = None;
    for (at, c) in lower[from..].char_indices().map(|(k, c)| (from + k, c)) {
        match (c.is_alphanumeric(), start) {
            (true, None) => start = Some(at),
            (false, Some(s)) => {
                words.push((s, &lower[s..at]));
                start = None;
            }
            _ => {}
        }
    }
    if let Some(s) = start {
        words.push((s, &lower[s..]));
    }
    let line_word = |w: &str| match w {
        "row" => Some(true),
        "col" | "column" => Some(false),
        _ => None,
    };
    for k in 0..words.len().saturating_sub(3) {
        let (Some(first_is_row), Some(second_is_row)) =
            (line_word(words[k].1), line_word(words[k + 2].1))
        else {
            continue;
        };
        if first_is_row == second_is_row {
            continue;
        }
        let (a, b) = (words[k + 1].1, words[k + 3].1);
        let letter = |w: &str| w.len() == 1 && w.chars().all(column);
        // `col 2` or, spoken, `col two`.
        let number =
            |w: &str| match (1..=2).contains(&w.len()) && w.bytes().all(|c| c.is_ascii_digit()) {
                true => Some(w.to_string()),
                false => spoken::number(w, false).map(|n| n.to_string()),
            };
        let cell = match (number(a), number(b)) {
            (None, Some(b)) if letter(a) => format!("{}{b}", a.to_uppercase()),
            (Some(a), None) if letter(b) => format!("{}{a}", b.to_uppercase()),
            _ => continue,
        };
        let (start, end) = (words[k].0, words[k + 3].0 + words[k + 3].1.len());
        return Some((start, end, cell));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::{glued_cells, tidy_cells};
    use crate::games::chat_checks::assert_rewrites;

    #[test]
    fn cells_written_without_spaces_split_on_the_games_board() {
        let on_6x6 = |c: &str| {
            let b = c.as_bytes();
            matches!(b[0].to_ascii_lowercase(), b'a'..=b'f') && (b'1'..=b'6').contains(&b[1])
        };
        assert_eq!(glued_cells("c1d1", 3, on_6x6), Some(vec!["c1", "d1"]));
        assert_eq!(
            glued_cells("C3C4C5", 3, on_6x6),
            Some(vec!["C3", "C4", "C5"])
        );
        // Too many, one off the board, an odd length, one cell, no ASCII.
        for w in ["a1a2a3a4", "c1g1", "c1d", "c1", "ᄡᄡ"] {
            assert_eq!(glued_cells(w, 3, on_6x6), None, "{w}");
        }
    }

    #[test]
    fn loose_cells_are_written_as_the_games_write_them() {
        assert_rewrites(
            tidy_cells,
            &[
                ("(a,3) east to (b,3)", "a3 east to b3"),
                ("( f , 7 ) for 10", "f7 for 10"),
                (
                    "ok I'll have C-1 go upwards one square, ta",
                    "ok I'll have C1 go upwards one square, ta",
                ),
                ("I'll have 3C please", "I'll have C3 please"),
                ("I'll have row 3 col G, cheers", "I'll have G3, cheers"),
                (
                    "a blue straight in row E, column 5, lying left–right",
                    "a blue straight in E5, lying left–right",
                ),
                ("column B, row 4", "B4"),
                ("a car on c 3 and c 4 please", "a car on c3 and c4 please"),
                ("line one\nc 3\nC-4", "line one\nc3\nC4"),
                // `a` is a word, but not before a way to go.
                ("A 2 EAST LETSGO", "A2 EAST LETSGO"),
                ("row F col two, UP-RIGHT bend", "F2, UP-RIGHT bend"),
            ],
            // As written: the notation's own cells and lines, English,
            // lengths, times and the other games' words.
            &[
                "B2-F7 via F2",
                "C3",
                "a 3-long car",
                "plan b 2 moves",
                "c 3 min left",
                "X up 2, Z right",
                "2x2 at G6",
                "5m left, 30s",
                "rows 4–6",
                "column B, rows 4–6 (3-long)",
                "I think it's 3-2",
                "b2-b5",
                "grade 3c",
                "this is 3D chess",
                "plan b 2 gems",
                "best of e 5 rounds",
                "a 2 move solution",
                "I 3 times said so",
                "a row of two",
            ],
        );
    }
}
