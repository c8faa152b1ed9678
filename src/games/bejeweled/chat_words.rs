//! Bejeweled's words in chat: a message line cut into lowercase words,
//! each with its clause and the marks around it, and what a word is in the
//! notation (a cell, a number, a powerup, a color); a number written out
//! in two words (`twenty-one`) is one word. Arrows (`F3↔G3`, `red
//! → purple`) separate words and `2×2` stays one word here, before
//! [`clean_chat`] would drop or join them.
//!
//! Knows nothing of the match: deciding what a message does is
//! [`super::player_chat`]'s. Must not import anything from `log/`, nor
//! from `import/`, `web/` or `verify.rs`.

use super::grid::Color;
use super::proof::Powerup;
use crate::games::chat::cells::glued_cells;
use crate::games::chat::words::number_word;
use crate::games::clean_chat;

pub(super) use crate::games::chat::words::{Line, Word};

/// A message line as words.
pub(super) fn read_line(raw: &str) -> Line {
    tokenize(&clean_chat(&normalize(raw)))
}

/// Arrows as spaces (a two-way one as `<->`), `×` as `x`, dashes as
/// clause ends.
fn normalize(raw: &str) -> String {
    raw.chars()
        .map(|c| match c {
            // A two-way arrow says a swap (`c4↔d4`); the others only
            // part words.
            '↔' | '⇄' => " <-> ".to_string(),
            '→' | '←' | '⟶' | '⇒' | '➡' | '⬅' | '↦' => " ".to_string(),
            '×' => "x".to_string(),
            '—' | '–' => " ; ".to_string(),
            c => c.to_string(),
        })
        .collect()
}

fn tokenize(clean: &str) -> Line {
    let mut line = Line::empty();
    let mut cur = String::new();
    let mut mention = false;
    let mut plus = false;
    for c in clean.chars().chain([' ']) {
        if c.is_alphanumeric() || c == '_' {
            cur.push(c);
            continue;
        }
        if !cur.is_empty() {
            // `+1` is agreement, never the number 1: the word keeps its
            // sign, so it is no count of gems.
            if plus && is_number(&cur) {
                cur.insert(0, '+');
            }
            // `pick b3f6`: two cells written without a space are two.
            if let Some(cells) = glued_cells(&cur, 2, |c| is_cell_like(&c.to_lowercase())) {
                cells.iter().for_each(|c| line.push(c, false));
            } else {
                // `plus @ F3`, `plus @F3`: a cell after `@` is where, not a
                // mention (no one is named like a cell).
                line.push(&cur, mention && !is_cell_like(&cur.to_lowercase()));
            }
            cur.clear();
            mention = false;
        }
        plus = c == '+';
        line.mark(c);
        mention |= c == '@';
    }
    tens_and_units(line)
}

/// The line with a number written out in two words (`twenty-one`,
/// `twenty one`) as one word, so that it is read as one number, never
/// as twenty and then one.
fn tens_and_units(mut line: Line) -> Line {
    let tens = |w: &str| !is_number(w) && number_word(w).is_some_and(|n| n >= 20 && n % 10 == 0);
    let unit = |w: &str| !is_number(w) && number_word(w).is_some_and(|n| (1..=9).contains(&n));
    let mut k = 0;
    while k + 1 < line.words.len() {
        let (a, b) = (&line.words[k], &line.words[k + 1]);
        if tens(&a.text) && matches!(a.after.as_str(), "-" | " ") && unit(&b.text) {
            let b = line.words.remove(k + 1);
            let a = &mut line.words[k];
            a.text = format!("{}-{}", a.text, b.text);
            a.after = b.after;
        }
        k += 1;
    }
    line
}

/// A cell as written, on the grid or not (`f9`, `h8`): what a proof part
/// names where a cell goes.
pub(super) fn is_cell_like(w: &str) -> bool {
    let b = w.as_bytes();
    b.len() >= 2
        && b.len() <= 3
        && (b'a'..=b'h').contains(&b[0])
        && b[1..].iter().all(u8::is_ascii_digit)
}

/// A number written in digits.
pub(super) fn is_number(w: &str) -> bool {
    !w.is_empty() && w.bytes().all(|b| b.is_ascii_digit())
}

/// A powerup named (`swap`, `recolour`), or by the short names players
/// give them (`col`, `rot`, `recol`). No verb forms (`picked`, `swapped`):
/// `picking` opens a list of picks as often as it names the pick.
pub(super) fn powerup(w: &str) -> Option<Powerup> {
    match w {
        "recolour" | "recol" => Some(Powerup::Recolor),
        "col" => Some(Powerup::Column),
        "rot" => Some(Powerup::Rotate),
        w => Powerup::parse(w),
    }
}

/// A powerup's name typed one key off, with what it takes right after it
/// (`seap f3 f4`, `cloumn E4`, `chian green`): the one powerup its word
/// is one edit from (a letter changed, added, dropped or two swapped).
/// Only words of four letters or more, right before a cell or a color,
/// that name no powerup as written; `bend` takes nothing after it, so no
/// typo of it is read (`send F3` is none).
pub(super) fn misspelt_powerup(w: &str, next: Option<&str>) -> Option<Powerup> {
    let takes = next.is_some_and(|n| is_cell_like(n) || color(n).is_some());
    if w.len() < 4 || !w.bytes().all(|b| b.is_ascii_lowercase()) || powerup(w).is_some() || !takes {
        return None;
    }
    let mut near = Powerup::ALL
        .into_iter()
        .filter(|p| *p != Powerup::Bend && strsim::osa_distance(w, p.name()) == 1);
    match (near.next(), near.next()) {
        (Some(p), None) => Some(p),
        _ => None,
    }
}

/// A gem color named in full (`purple`), one or many (`reds`, `purples`);
/// single letters are read only where a color goes (see the proof parser).
pub(super) fn color(w: &str) -> Option<Color> {
    let one = w.strip_suffix('s').filter(|s| s.len() > 2).unwrap_or(w);
    (one.len() > 1).then(|| Color::parse(one)).flatten()
}

/// Words that put what they stand by in doubt: a question, a negation, a
/// wish.
pub(super) fn doubts(ws: &[&str]) -> bool {
    const DOUBT: [&str; 13] = [
        "not", "why", "would", "could", "should", "if", "maybe", "might", "whether", "dont",
        "cant", "cannot", "wont",
    ];
    const BEFORE_T: [&str; 8] = [
        "don", "can", "won", "didn", "shouldn", "wouldn", "couldn", "doesn",
    ];
    ws.iter()
        .enumerate()
        .any(|(k, w)| DOUBT.contains(w) || (BEFORE_T.contains(w) && ws.get(k + 1) == Some(&"t")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_powerup_typed_one_key_off_before_what_it_takes_is_that_powerup() {
        for (word, next, want) in [
            ("seap", "f3", Powerup::Swap),
            ("cloumn", "e4", Powerup::Column),
            ("chian", "green", Powerup::Chain),
            ("rotat", "b5", Powerup::Rotate),
            ("reffresh", "a1", Powerup::Refresh),
        ] {
            assert_eq!(misspelt_powerup(word, Some(next)), Some(want), "{word}");
        }
        // Nothing it takes after it: none.
        assert_eq!(misspelt_powerup("seap", Some("it")), None);
        assert_eq!(misspelt_powerup("seap", None), None);
        // Before a cell, a typo of `bend`, a word two edits away, one that
        // is no word of play, a short word, a powerup as written: none.
        for word in ["send", "seat", "swp", "swap"] {
            assert_eq!(misspelt_powerup(word, Some("f3")), None, "{word}");
        }
    }

    #[test]
    fn lines_become_words_with_their_marks() {
        assert_eq!(read_line("pick b3f6").texts(), ["pick", "b3", "f6"]);
        assert_eq!(read_line("a1b2c").texts(), ["a1b2c"]);
        let l = read_line("- S-Swap F3↔G3, rotate the 2×2");
        assert_eq!(l.texts(), ["s", "swap", "f3", "g3", "rotate", "the", "2x2"]);
        let l = read_line("1. column on G6 2. chain purple");
        assert_eq!(l.words[0].after, ". ");
        assert_eq!(l.words[4].after, ". ");
        let l = read_line("@Amaranth 18, ok? — 1-1");
        assert!(l.words[0].mention && !l.words[1].mention);
        assert_eq!(l.words[3].after, "-");
        let asked: Vec<bool> = l.words.iter().map(|w| l.question(w)).collect();
        assert_eq!(asked, [false, false, true, false, false]);
        assert!(is_cell_like("f4") && is_cell_like("f9") && !is_cell_like("2x2"));
        assert_eq!(powerup("recolour"), Some(Powerup::Recolor));
        assert_eq!(color("p"), None);
        assert_eq!(color("purple"), Some(Color::Purple));
        assert_eq!(color("reds"), Some(Color::Red));
        assert_eq!(color("purples"), Some(Color::Purple));
        assert_eq!(color("ps"), None);
        assert_eq!(color("redss"), None);
        for (short, full) in [
            ("col", Powerup::Column),
            ("rot", Powerup::Rotate),
            ("recol", Powerup::Recolor),
        ] {
            assert_eq!(powerup(short), Some(full), "{short}");
        }
        assert_eq!(powerup("picked"), None);
        let l = read_line("active: plus @ F3 | @Reed");
        assert_eq!(l.texts(), ["active", "plus", "f3", "reed"]);
        let mentions: Vec<bool> = l.words.iter().map(|w| w.mention).collect();
        assert_eq!(mentions, [false, false, false, true]);
        assert!(!read_line("plus @F3").words[1].mention);
        assert_eq!(read_line("twenty-one!").texts(), ["twenty-one"]);
        assert_eq!(read_line("twenty one gems").texts(), ["twenty-one", "gems"]);
        assert_eq!(
            read_line("twenty, one more").texts(),
            ["twenty", "one", "more"]
        );
        assert!(doubts(&["why", "not"]) && doubts(&["can", "t"]) && !doubts(&["wait", "no"]));
    }
}
