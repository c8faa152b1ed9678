//! Small pieces of English the games share: a count with its noun in the
//! right number and a name's possessive, for the views ("1 cell" and "2
//! cells", "Jonas' proof" and "mira's proof", never "cell(s)"); and
//! arrows spelled as words, for the chat readers (each game says which
//! arrows it reads and as what).
//!
//! Imports nothing.

/// `n` and the noun for it: `count(1, "cell", "cells")` is "1 cell".
pub fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// `name`'s possessive: "mira's", and "reds'" for a name ending in s.
pub fn possessive(name: &str) -> String {
    if name.ends_with('s') || name.ends_with('S') {
        format!("{name}'")
    } else {
        format!("{name}'s")
    }
}

/// `text` with each arrow spelled as the word `word` gives it, spaced
/// from its neighbours (`a3→b3` is `a3 right b3`), so that cleaning the
/// chat, which drops arrows, keeps what they say; `word` is `None` for a
/// character that is no arrow the game reads. An arrow right after the
/// word it stands for, written out, says it again (`W right ➡️` is one
/// step right); arrows in a row are each a step (`→→` is two).
pub fn spell_arrows(text: &str, word: impl Fn(char) -> Option<&'static str>) -> String {
    let mut out = String::with_capacity(text.len());
    // Whether the last word in `out` was spelled from an arrow.
    let mut spelled = false;
    for c in text.chars() {
        match word(c) {
            Some(word) => {
                let last = out
                    .split(|c: char| !c.is_alphanumeric())
                    .rfind(|w| !w.is_empty());
                let ahead: String = out
                    .chars()
                    .rev()
                    .take_while(|c| !c.is_alphanumeric())
                    .collect();
                let beside = !ahead.chars().any(|c| matches!(c, ',' | ';' | '.' | '\n'));
                if !spelled && beside && last.is_some_and(|w| w.eq_ignore_ascii_case(word)) {
                    continue;
                }
                out.push(' ');
                out.push_str(word);
                out.push(' ');
                spelled = true;
            }
            None => {
                spelled &= !c.is_alphanumeric();
                out.push(c);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_and_possessives() {
        assert_eq!(count(0, "cell", "cells"), "0 cells");
        assert_eq!(count(1, "cell", "cells"), "1 cell");
        assert_eq!(count(2, "move made", "moves made"), "2 moves made");
        assert_eq!(possessive("mira"), "mira's");
        assert_eq!(possessive("reds"), "reds'");
        assert_eq!(possessive("JONAS"), "JONAS'");
    }

    #[test]
    fn arrows_are_spelled_as_the_game_says_and_the_rest_is_kept() {
        let right = |c| (c == '→').then_some("right");
        assert_eq!(spell_arrows("a3→b3", right), "a3 right b3");
        assert_eq!(spell_arrows("a3 ← b3", right), "a3 ← b3");
        // Said again beside its word, once; in a row, each one.
        assert_eq!(spell_arrows("W right →", right), "W right ");
        assert_eq!(spell_arrows("W Right→", right), "W Right");
        assert_eq!(spell_arrows("→→", right), " right  right ");
        assert_eq!(spell_arrows("right, →", right), "right,  right ");
    }
}
