//! x's and lines in chat: the grid's cells as players write them, the
//! host's words that set up and end a one-game match, and one message
//! read on its own.
//!
//! A player's message (an x, a line, a correction, talk) is read in
//! [`super::player`], knowing the part the game is in; the cells it names
//! are read here (Dodgem and the permutation game share the grid words
//! marked `pub(crate)`). The host's part is read by the shared host reader
//! (`crate::games::chat::host`) with the words below: who is player 1, a
//! ruling on the game and a time-out, clause by clause, a player counting
//! only when named right next to the key word (`quill wins`, `winner:
//! quill`, `quill is player 1`), so `marrow blundered, quill wins` names
//! quill and a rules reminder (`the player who draws the last line loses,
//! first to 8 x's`) names no one and stays talk.
//!
//! Must not import anything from `log/` but the event vocabulary, nor
//! from `import/`, `web/` or `verify.rs`.

use crate::event::Body;
use crate::games::chat::host::HostWords;
use crate::games::chat::words::Beside;
use crate::games::chat::Opening;
use crate::games::words::spell_arrows;
use crate::games::{one_game, GameKind};
use crate::games::{ChatContext, ChatReading, RoundSetup, Speaker};

use super::rules;

pub use super::player::read_player_message;

/// Reads one chat message of an x's-and-lines match on its own, as one
/// reading: a player's x or line (the last one, when the message corrects
/// itself; see [`read_player_message`] for every reading), or what the
/// host says (who is player 1, a ruling, a time-out). Talk is `Chatter`.
pub fn read_chat(text: &str, speaker: Speaker, ctx: &ChatContext) -> ChatReading {
    one_game::read_chat(GameKind::XsAndLines, text, speaker, ctx)
}

/// `→` and friends between two cells are a dash (clean_chat drops them,
/// which would glue `C3→F6` into one word).
pub(crate) fn arrows_as_dashes(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            '→' | '➡' | '⟶' | '⇒' | '↦' | '–' | '—' => '-',
            c => c,
        })
        .collect()
}

/// Arrows as words the readers know (`clean_chat` drops pictographs),
/// spaced from their neighbours: each points a way on the board as drawn,
/// `arrow_n` up the screen. Whether an arrow between two cells is a way
/// or only joins them (`a3→b3`, `C3→F6`) is the reader's to say.
pub(crate) fn arrows_as_words(text: &str) -> String {
    spell_arrows(text, |c| match c {
        '↑' | '⬆' | '⇧' | '👆' => Some(ARROWS[0]),
        '→' | '➡' | '⇒' | '⟶' | '↦' | '👉' => Some(ARROWS[1]),
        '↓' | '⬇' | '⇩' | '👇' => Some(ARROWS[2]),
        '←' | '⬅' | '⇐' | '⟵' | '👈' => Some(ARROWS[3]),
        _ => None,
    })
}

/// The words [`arrows_as_words`] spells, north, east, south, west.
const ARROWS: [&str; 4] = ["arrow_n", "arrow_e", "arrow_s", "arrow_w"];

/// Whether a word is an arrow [`arrows_as_words`] spelled.
pub(crate) fn is_arrow(w: &str) -> bool {
    ARROWS.contains(&w)
}

/// The words for the four ways, as the board is drawn (north is up the
/// screen).
const DIRECTIONS: [(&str, char); 12] = [
    ("north", 'N'),
    ("up", 'N'),
    ("upwards", 'N'),
    ("east", 'E'),
    ("right", 'E'),
    ("south", 'S'),
    ("down", 'S'),
    ("downwards", 'S'),
    ("west", 'W'),
    ("left", 'W'),
    ("leftwards", 'W'),
    ("rightwards", 'E'),
];

/// Slips of a direction word that spell another English word, which the
/// writer may have meant as itself.
const REAL_WORDS: [&str; 2] = ["eats", "wets"];

/// The way a word points on the board as drawn, as a compass letter (`N`
/// is up the screen; each game says which way its rows run): `north`,
/// `up`, `right` …, a spelled arrow, or a direction word slipped the way
/// fingers slip (`dwon`, `rigth`, `nroth`, `lefft`, `soth`: see
/// [`slip_of`]) when it is a slip of one direction word only and spells
/// no other word (`eats` stays a word).
pub(crate) fn direction_word(w: &str) -> Option<char> {
    if let Some(i) = ARROWS.iter().position(|a| *a == w) {
        return Some(['N', 'E', 'S', 'W'][i]);
    }
    if let Some((_, d)) = DIRECTIONS.iter().find(|(word, _)| *word == w) {
        return Some(*d);
    }
    if REAL_WORDS.contains(&w) {
        return None;
    }
    let mut slips = DIRECTIONS.iter().filter(|(word, _)| slip_of(w, word));
    match (slips.next(), slips.next()) {
        (Some((_, d)), None) => Some(*d),
        _ => None,
    }
}

/// Whether `typed` is `word` (four letters or more) with one slip of the
/// fingers: two neighbouring letters swapped (`dwon`), one letter doubled
/// (`dowwn`), or, in a word of five letters or more, one letter dropped
/// (`rigt`). Shorter words have too many neighbours to guess from.
fn slip_of(typed: &str, word: &str) -> bool {
    let (t, w) = (typed.as_bytes(), word.as_bytes());
    if w.len() < 4 || t == w {
        return false;
    }
    if t.len() == w.len() {
        let diff: Vec<usize> = (0..w.len()).filter(|&i| t[i] != w[i]).collect();
        return matches!(diff.as_slice(), [i, j] if *j == i + 1 && t[*i] == w[*j] && t[*j] == w[*i]);
    }
    if t.len() == w.len() + 1 {
        return (0..w.len())
            .any(|i| t[..=i] == w[..=i] && t[i + 1] == w[i] && t[i + 2..] == w[i + 1..]);
    }
    t.len() + 1 == w.len()
        && w.len() >= 5
        && (0..w.len()).any(|i| t[..i] == w[..i] && t[i..] == w[i + 1..])
}

/// A cell of a grid up to 15×15 (`c3`, `l12`), lowercase: (column, row
/// from 1).
pub(crate) fn grid_cell(w: &str) -> Option<(u8, u8)> {
    let mut chars = w.chars();
    let col = chars.next().filter(|c| ('a'..='o').contains(c))?;
    let digits = chars.as_str();
    if digits.is_empty() || digits.len() > 2 || !digits.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    let row: u8 = digits.parse().ok()?;
    ((1..=15).contains(&row)).then_some((col as u8 - b'a', row))
}

/// A cell as the rules print it: `C3`.
pub(crate) fn cell_name((col, row): (u8, u8)) -> String {
    format!("{}{row}", (b'A' + col) as char)
}

/// `pass` alone, or with a word of talk (`pass, sorry`).
pub(crate) fn is_pass(w: &[String]) -> bool {
    w.first().is_some_and(|x| x == "pass")
        && w.len() <= 3
        && !w.iter().any(|x| grid_cell(x).is_some())
}

/// x's and lines' words for the host: one game, player 1 first.
pub const HOST_WORDS: HostWords = HostWords {
    wins: LAST_LINE,
    ..one_game::HOST_WORDS
};

/// A host's clauses that, beside a player, say the other player drew the
/// last line: by the seed, the player with no line left wins.
const LAST_LINE: &[(&[&str], Beside, usize)] = &[
    (&["nothing", "left"], Beside::Before, 4),
    (&["no", "line", "left"], Beside::Before, 4),
    (&["no", "lines", "left"], Beside::Before, 4),
    (&["no", "line", "to", "draw"], Beside::Before, 4),
    (&["no", "lines", "to", "draw"], Beside::Before, 4),
];

/// The game's setup from what the host said: who is player 1.
pub fn open(o: &Opening, ctx: &ChatContext) -> Result<Body, String> {
    let first = one_game::first_player(o, ctx, "is player 1")?;
    Ok(Body::RoundStart(RoundSetup::XsAndLines(rules::Setup {
        first,
    })))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::Scope;
    use crate::games::chat_checks::{timed_out, HostChat};

    const HOST: HostChat = HostChat::new(read_chat, ["quill", "Marrow Bone"]);

    /// `a2 dwon` was unread as a cell with no direction: a direction
    /// word with one slip of the fingers is that direction.
    #[test]
    fn direction_words_are_read_with_their_common_slips() {
        for (w, d) in [
            ("up", 'N'),
            ("north", 'N'),
            ("arrow_n", 'N'),
            ("right", 'E'),
            ("arrow_w", 'W'),
            ("upwards", 'N'),
            ("downwards", 'S'),
            // Two neighbouring letters swapped.
            ("dwon", 'S'),
            ("donw", 'S'),
            ("nroth", 'N'),
            ("suoth", 'S'),
            ("rigth", 'E'),
            ("rihgt", 'E'),
            ("lfet", 'W'),
            ("wset", 'W'),
            ("esat", 'E'),
            // A letter doubled.
            ("dowwn", 'S'),
            ("lefft", 'W'),
            ("rigght", 'E'),
            // A letter dropped from a long word.
            ("rigt", 'E'),
            ("nrth", 'N'),
            ("soth", 'S'),
        ] {
            assert_eq!(direction_word(w), Some(d), "{w}");
        }
        // Near misses: a slip that spells another word, a slip of a
        // short word (`pu`, `est` from east or west, `own`, `let`), two
        // slips, and words that only look like directions.
        for w in [
            "eats", "wets", "pu", "est", "own", "let", "wet", "dwno", "rgiht2", "d", "n", "upp",
            "downs", "righty", "leftist", "southern", "arrow",
        ] {
            assert_eq!(direction_word(w), None, "{w}");
        }
    }

    #[test]
    fn the_host_names_player_1_rules_and_calls_time() {
        for text in [
            "quill is player 1",
            "Player 1: **quill**, player 2: Marrow Bone",
            "P1 = quill",
            "quill goes first. Good luck!",
            "Marrow Bone is player 2, quill player 1",
        ] {
            let Body::RoundStart(RoundSetup::XsAndLines(s)) = HOST.event(text) else {
                panic!("{text}")
            };
            assert_eq!(s.first, "quill", "{text}");
        }
        for (text, winner) in [
            ("quill wins", Some("quill")),
            ("Marrow Bone blundered, quill wins 🎉", Some("quill")),
            ("game to marrow bone", Some("Marrow Bone")),
            ("Winner: quill", Some("quill")),
            (
                "quill drew the last line, so Marrow Bone wins",
                Some("Marrow Bone"),
            ),
            // Only the loser named: the other wins.
            (
                "quill drew the last line, so quill loses. gg",
                Some("Marrow Bone"),
            ),
        ] {
            let Body::Ruling(r) = HOST.event(text) else {
                panic!("{text}")
            };
            assert_eq!(
                (r.scope, r.winner.as_deref()),
                (Scope::Match, winner),
                "{text}"
            );
            assert!(
                ["wins", "to", "Winner", "loses"]
                    .iter()
                    .any(|w| r.text.contains(w)),
                "the host's words are kept"
            );
        }
        assert_eq!(
            timed_out(HOST.event("Marrow Bone ran out of time")),
            "Marrow Bone"
        );
        assert_eq!(
            timed_out(HOST.event("no line from quill before the 90 s buzzer 🔔")),
            "quill"
        );
        HOST.assert_talk(&[
            "welcome to the final",
            "whoever draws the last line loses, player 1 places first",
            "if quill wins this, it's over",
            "who wins?",
            "first to 8 x's, then lines",
            "quill loses a line there, careful",
            "no line from quill yet",
        ]);
        HOST.assert_unread(&["quil wins", "Marrow is player 1"]);
    }
}
