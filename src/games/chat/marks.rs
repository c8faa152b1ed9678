//! The marks a Discord writer takes back their own words with, read
//! before a message is cut into words: struck-through text (`~~a3 S~~ a3
//! E`) is withdrawn, never said ([`struck_out`], which [`super::clean_chat`]
//! applies for every game and the host), and a lone asterisk (`H3*`, `*H3`,
//! the chat's "I meant") marks its line as a correction. A pair of
//! asterisks is emphasis (`*H3*`, `**H3**`), and a `~~` with no partner
//! strikes nothing.
//!
//! Imports nothing but the standard library.

use std::collections::BTreeSet;

/// `text` with what Discord strikes through (`~~a3 S~~`, over lines too)
/// blanked, its lines kept, and the lines a struck span with words in it
/// ends on.
pub fn struck_out(text: &str) -> (String, BTreeSet<usize>) {
    let mut out = String::with_capacity(text.len());
    let mut ends = BTreeSet::new();
    let mut rest = text;
    while let Some(at) = rest.find("~~") {
        let Some(len) = rest[at + 2..].find("~~") else {
            break;
        };
        let end = at + 2 + len + 2;
        out.push_str(&rest[..at]);
        let struck = &rest[at..end];
        out.extend(struck.chars().map(|c| if c == '\n' { c } else { ' ' }));
        if !struck.trim_matches('~').trim().is_empty() {
            ends.insert(out.matches('\n').count());
        }
        rest = &rest[end..];
    }
    out.push_str(rest);
    (out, ends)
}

/// Whether a line carries a lone asterisk, a correction mark (`H3*`,
/// `*H3`, `H6* fat-fingered`): an odd count of them, one alone at an end
/// of the line or at the end of its first word, with a remark after it.
/// One inside a word or between spaces (`2*3`, `5 * 4`) multiplies.
pub fn lone_asterisk(line: &str) -> bool {
    let t = line.trim();
    let starts = t.starts_with('*') && !t.starts_with("**");
    let ends = t.ends_with('*') && !t.ends_with("**");
    let first = t.split_whitespace().next().unwrap_or("");
    let marks_first = first.ends_with('*')
        && !first.ends_with("**")
        && first
            .trim_end_matches('*')
            .chars()
            .all(|c| c.is_alphanumeric() || c == '-');
    t.matches('*').count() % 2 == 1 && (starts || ends || marks_first)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn struck_text_is_blanked_and_its_line_kept() {
        for (text, want, ends) in [
            ("~~a3 S~~ a3 E", "         a3 E", vec![0]),
            ("a2\n~~a3 S~~ a3 E", "a2\n         a3 E", vec![1]),
            ("~~a3\nS~~\na3 E", "    \n   \na3 E", vec![1]),
            ("~~a~~ b ~~c~~", "      b      ", vec![0]),
            // Near misses: nothing struck, or a `~~` with no partner.
            ("~~~~ a3 E", "     a3 E", vec![]),
            ("a3 ~~ E", "a3 ~~ E", vec![]),
            ("~a3 S~ a3 E", "~a3 S~ a3 E", vec![]),
            ("c3 ~~nice~~ b2 ~~", "c3          b2 ~~", vec![0]),
        ] {
            let (got, at) = struck_out(text);
            assert_eq!(got, want, "{text}");
            assert_eq!(at.into_iter().collect::<Vec<_>>(), ends, "{text}");
        }
    }

    #[test]
    fn a_lone_asterisk_marks_a_correction_and_a_pair_is_emphasis() {
        for line in [
            "H3*",
            "*H3",
            " *E7-D6 via D7 sorry",
            "H3 *",
            "*",
            "H6* fat-fingered",
            "h6* oops",
            "E7-D6* via D7",
        ] {
            assert!(lone_asterisk(line), "{line}");
        }
        for line in [
            "H3",
            "*H3*",
            "**H3**",
            "***H3***",
            "x at **E2**",
            "2*3",
            "**H3",
            // The first word emphasised, products, a mark inside the line.
            "*H6* fat-fingered",
            "**H6** fat-fingered",
            "2*3 = 6",
            "B1 is 3 * 6",
            "B1 is 3* 6",
        ] {
            assert!(!lone_asterisk(line), "{line}");
        }
    }
}
