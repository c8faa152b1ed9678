//! A move posted at the end of the move list so far, as players who also
//! play chess write it: `1. a2E b1W 2. a3E a1N 3. b2E a2N`, `1. F7 B1 2.
//! D6 G3 3. C2`. The list repeats, in order, moves already played in this
//! round (from its first move, or from where a part of it began); only
//! what follows them is the writer's move. Read whole, the line names
//! many cells and says nothing.
//!
//! A line is such a list only when it opens with move number 1 and the
//! moves before its last are the moves played, to the letter but for
//! spaces, case, move numbers and annotation marks (`b2E!`, `3... D4?!`).
//! Anything else (a variation, a recap with a move not played) is left to
//! the readers as it is.
//!
//! Must not import the store (`log`), a page (`web`), bundles, backups or a
//! game's own folder: like the rest of the reader, it works on the events
//! read so far.

use super::Reading;

/// The fewest played moves a list repeats before the new one.
const REPEATED: usize = 2;

impl Reading<'_> {
    /// `text` with a move list's played moves left out (only the new move
    /// left on its line), or `None` when no line of it is such a list.
    pub(super) fn past_the_move_list(&self, text: &str) -> Option<String> {
        // Only a line that opens with move 1 can be a list: the round's
        // moves are gathered for it alone.
        if !text.lines().any(|l| l.trim_start().starts_with("1.")) {
            return None;
        }
        let played = self.played_this_round();
        let lines: Vec<&str> = text.lines().collect();
        lines.iter().enumerate().find_map(|(at, line)| {
            let new = after_played(line, &played)?;
            let mut out: Vec<&str> = lines[..at].to_vec();
            out.push(new);
            out.extend(&lines[at + 1..]);
            Some(out.join("\n"))
        })
    }

    /// The moves that stand in the round being played, in order, each as
    /// its letters and digits (`a2 E` → `a2e`, `E5 UD (blue)` → `e5ud`).
    fn played_this_round(&self) -> Vec<String> {
        let start = self
            .read
            .iter()
            .rposition(|e| e.kind == "round_start")
            .map_or(0, |k| k + 1);
        self.read[start..]
            .iter()
            .filter(|e| e.kind == "place" && e.rule_error.is_none() && e.superseded_by.is_none())
            .map(|e| letters(e.text.split(" (").next().unwrap_or_default()))
            .collect()
    }
}

/// The rest of `line` after a move list that repeats the last moves of
/// `played` (at least [`REPEATED`] of them, from move number 1 on).
fn after_played<'a>(line: &'a str, played: &[String]) -> Option<&'a str> {
    let tokens = tokens(line);
    let opens_at_one = tokens.first().is_some_and(|t| t.numbered == Some(1));
    if !opens_at_one || tokens.iter().filter(|t| t.numbered.is_some()).count() < 2 {
        return None;
    }
    (0..played.len().saturating_sub(REPEATED - 1)).find_map(|from| {
        let want: String = played[from..].concat();
        let mut got = String::new();
        for t in &tokens {
            if got == want {
                return Some(line[t.at..].trim_start()).filter(|rest| !letters(rest).is_empty());
            }
            got.push_str(&t.letters);
            if !want.starts_with(&got) {
                return None;
            }
        }
        None
    })
}

/// A word of a move list: where it starts in its line, the move number
/// it opens with (`2.`, `7...`), and its letters and digits past that.
struct Token {
    at: usize,
    numbered: Option<u32>,
    letters: String,
}

/// The words of a line, each with its move number split off; a number
/// standing alone (`2.`) is a word of no letters.
fn tokens(line: &str) -> Vec<Token> {
    let mut out = Vec::new();
    let mut at = 0;
    for word in line.split_whitespace() {
        let start = at + line[at..].find(word).unwrap_or(0);
        at = start + word.len();
        let digits = word.len() - word.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        let past = &word[digits..];
        let dots = past.len() - past.trim_start_matches(['.', '…']).len();
        let (numbered, rest, skip) = match (digits, dots) {
            (1.., 1..) => (word[..digits].parse().ok(), &past[dots..], digits + dots),
            _ => (None, word, 0),
        };
        out.push(Token {
            at: start + skip,
            numbered,
            letters: letters(rest),
        });
    }
    // A number alone is where the next word's move starts.
    out.retain(|t| !t.letters.is_empty() || t.numbered.is_some());
    out
}

/// A move's letters and digits, lowercase: what is the same however it is
/// spaced, cased or marked (`b2E!` and `b2 e` are `b2e`).
fn letters(text: &str) -> String {
    text.chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn played(moves: &[&str]) -> Vec<String> {
        moves.iter().map(|m| letters(m)).collect()
    }

    #[test]
    fn the_move_after_the_played_moves_is_the_new_one() {
        let dodgem = played(&["a2 E", "b1 W", "a3 E", "a1 N", "b2 E"]);
        assert_eq!(
            after_played("1. a2E b1W 2. a3E a1N 3. b2E a2N", &dodgem),
            Some("a2N")
        );
        assert_eq!(
            after_played("1.a2E b1W 2.a3E a1N 3.b2E! a2N?!", &dodgem),
            Some("a2N?!")
        );
        // From where a part began: the numbering's first moves.
        let numbering = played(&[
            "A5", "B1", "C2", "D6", "E4", "F7", "G3", "F7", "B1", "D6", "G3",
        ]);
        assert_eq!(
            after_played("1. F7 B1 2. D6 G3 3. C2", &numbering),
            Some("C2")
        );
        let lines = played(&["C3", "F3", "D1-E8 via D8"]);
        assert_eq!(
            after_played("1. C3 F3 2. D1-E8 via D8 E8-F6 via F8", &lines),
            Some("E8-F6 via F8")
        );
    }

    #[test]
    fn a_list_that_is_not_the_played_moves_is_left_alone() {
        let dodgem = played(&["a2 E", "b1 W", "a3 E"]);
        // A variation, a list of only what was played, one move numbered.
        assert_eq!(after_played("1. a2E b1W 2. a3N a1N", &dodgem), None);
        assert_eq!(after_played("1. a2E b1W 2. a3E", &dodgem), None);
        assert_eq!(after_played("3. b2E!", &dodgem), None);
        // Not from move 1, or only one played move repeated.
        assert_eq!(after_played("2. b1W a3E a1N", &dodgem), None);
        assert_eq!(after_played("1. a2E 2. b1W", &played(&["a2 E"])), None);
    }
}
