//! Small pieces of English the views share: a count with its noun in the
//! right number, and a name's possessive. Views say "1 cell" and "2
//! cells", "Jonas' proof" and "mira's proof", never "cell(s)".
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
}
