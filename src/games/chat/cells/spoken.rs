//! Cells said aloud: a phone's voice typing writes a cell as it hears it,
//! the letter by its name and the number as a word (`see three`, `Dee
//! for`, `bee 4`, `e four`, `Gee three`). Each becomes `C3` before the
//! loose-cell tidying of [`super`] runs; a teen heard in two (`fif teen`)
//! is one word again.
//!
//! A letter's name counts only before a number, and not where English
//! says it (`I see three ways`, `you'll see 2 moves`, `see for yourself`):
//! `see` after a speaker or a verb of intent is the verb, a number after
//! `see` is never a sounded-alike word (`for`, `to`), and a unit after the
//! number (`three moves`) keeps the words. A bare `a` or `i` is English
//! (`a three-long car`), as in [`super`].
//!
//! Imports nothing but the standard library.

/// A letter said by its name (`see`, `dee`, `gee`), or written alone
/// (`e`, `f`): its lowercase letter, from `a` to `l`.
fn letter(word: &str) -> Option<char> {
    Some(match word {
        "ay" => 'a',
        "bee" | "be" => 'b',
        "see" | "sea" | "cee" => 'c',
        "dee" => 'd',
        "ef" | "eff" => 'f',
        "gee" | "jee" => 'g',
        "aitch" | "haitch" => 'h',
        "jay" => 'j',
        "kay" => 'k',
        "el" | "ell" => 'l',
        w if w.len() == 1 => {
            let c = w.chars().next()?;
            (('b'..='l').contains(&c) && c != 'i').then_some(c)?
        }
        _ => return None,
    })
}

/// A number heard: digits, a word (`three`), or a word that sounds like
/// one (`for`, `to`, `won`, `ate`) when `sounded` allows it.
pub(super) fn number(word: &str, sounded: bool) -> Option<u32> {
    if let Ok(n) = word.parse::<u32>() {
        return (1..=12).contains(&n).then_some(n);
    }
    const WORDS: [&str; 12] = [
        "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
        "twelve",
    ];
    if let Some(k) = WORDS.iter().position(|w| *w == word) {
        return Some(k as u32 + 1);
    }
    let like = match word {
        "won" => 1,
        "to" | "too" => 2,
        "for" | "fore" => 4,
        "ate" => 8,
        _ => return None,
    };
    sounded.then_some(like)
}

/// Words before `see` that make it the verb (`I see`, `you'll see`,
/// `let's see`, `to see`).
const SEEING: [&str; 33] = [
    "i", "you", "u", "we", "they", "he", "she", "to", "can", "could", "will", "ll", "lets", "let",
    "gonna", "wanna", "might", "would", "should", "must", "may", "dont", "cant", "just", "ill",
    "youll", "theyll", "itll", "thatll", "wont", "not", "never", "always",
];

/// Words after a number that make it a count, not a cell's row.
const COUNTS: [&str; 17] = [
    "move", "moves", "ways", "way", "cells", "cars", "gems", "points", "times", "minutes",
    "seconds", "more", "min", "mins", "sec", "secs", "s",
];

/// A teen said in two (`fif teen`, `six teen`): the number's first half.
const TEENS: [&str; 7] = ["thir", "four", "fif", "six", "seven", "eigh", "nine"];

/// `line` with each cell said aloud written as a cell (`see three east` →
/// `C3 east`); everything else as written.
pub(super) fn spoken_cells(line: &str) -> String {
    let words: Vec<&str> = line.split(' ').collect();
    // A word as compared: lowercase, without the marks around it.
    let bare = |k: usize| -> String {
        words.get(k).map_or(String::new(), |w| {
            w.trim_matches(|c: char| !c.is_alphanumeric())
                .to_lowercase()
                .replace('\'', "")
        })
    };
    let mut out: Vec<String> = Vec::with_capacity(words.len());
    let mut k = 0;
    while k < words.len() {
        let name = bare(k);
        let said = letter(&name).and_then(|c| {
            let spelled = name.len() > 1;
            // `be` is a verb as often (`it'll be 2 min`): read as `b` only
            // where no word that takes a verb stands before it.
            let seeing = matches!(name.as_str(), "see" | "sea" | "be");
            let verb = seeing && k > 0 && SEEING.contains(&bare(k - 1).as_str());
            // `for` after `see` or a bare `c` is English (`see for yourself`).
            let n = number(&bare(k + 1), !seeing && name != "c")?;
            let count = COUNTS.contains(&bare(k + 2).as_str());
            // A bare letter and a digit is the loose cell [`super`] reads.
            let digit = !spelled && bare(k + 1).parse::<u32>().is_ok();
            (!verb && !count && !digit && words[k].starts_with(|c: char| c.is_alphabetic()))
                .then(|| format!("{}{n}", c.to_ascii_uppercase()))
        });
        // `fif teen` is `fifteen`.
        if TEENS.contains(&name.as_str())
            && bare(k + 1) == "teen"
            && words[k].ends_with(|c: char| c.is_alphabetic())
        {
            out.push(format!("{}{}", words[k], words[k + 1]));
            k += 2;
            continue;
        }
        match said {
            Some(cell) => {
                // The marks after the number stay (`three,` → `C3,`).
                out.push(cell + super::marks_after(words[k + 1]));
                k += 2;
            }
            None => {
                out.push(words[k].to_string());
                k += 1;
            }
        }
    }
    out.join(" ")
}

#[cfg(test)]
mod tests {
    use super::spoken_cells;
    use crate::games::chat_checks::assert_rewrites;

    #[test]
    fn cells_said_aloud_are_cells_and_english_stays_english() {
        assert_rewrites(
            spoken_cells,
            &[
                ("see three east", "C3 east"),
                ("See three east 💨", "C3 east 💨"),
                ("Sea 2 west", "C2 west"),
                ("Dee for", "D4"),
                ("Gee three", "G3"),
                ("B6 to d4 turning at bee 4", "B6 to d4 turning at B4"),
                (
                    "4 on dee six, thats 10 more for me",
                    "4 on D6, thats 10 more for me",
                ),
                ("seven on e for. ducks", "seven on E4. ducks"),
                (
                    "colum on e three, chain red, swap f5 and f six",
                    "colum on E3, chain red, swap f5 and F6",
                ),
                ("e four right right down", "E4 right right down"),
                ("fif teen", "fifteen"),
                ("ok six teen then", "ok sixteen then"),
                ("be 2 east", "B2 east"),
            ],
            &[
                "I see three ways to win",
                "you'll see 2 moves from here",
                "see for yourself",
                "let's see two more",
                "a three-long car",
                "i four",
                "see three moves ahead",
                "c 3 stays for the loose reader",
                "my e-mail",
                "it'll be 2 min",
                "it will be two moves",
                "to be 2 up would be nice",
                "be for real",
            ],
        );
    }
}
