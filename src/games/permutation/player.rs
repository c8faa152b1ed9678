//! Permutation-game players in chat: what a player's message does, read
//! from the one cell it names and the match so far.
//!
//! Both parts write a turn as an x's cell: in part 1 the x placed (`C3`,
//! `x at **G3**`, `c6!`, `B5, column B and row 5 still free`), in part 2
//! the x numbered next. Players often add the number or the points (`2 on
//! G7`, `D4 gets 4`, `#5: D5`, `3 → C1 (20 pts)`, `C6 = 6, only 1 point`,
//! `mine goes on d4`); numbers are never play here, because the rules count
//! (1 is on the leftmost x, each turn writes the next), so a wrong number
//! cannot change the game, and the report shows the number and the points
//! the rules wrote. The points often name the x numbered just before,
//! where they are counted from (`6 on B1 — E7→B1 is 3×6 = 18`, `B1, 18
//! from E7`): that x holds its number already, so beside another cell it
//! is never the move.
//!
//! Which words are a move, a correction (`3 on F4` / `wait no, 3 on B3`,
//! `E2` / `make that C2`), or talk is decided for the three one-game matches in
//! [`crate::games::xs_and_lines::message`].
//!
//! Must not import anything from `log/` but the event vocabulary, nor
//! from `import/`, `web/` or `verify.rs`.

use super::rules::{self, Match, Stage};
use crate::event::Body;
use crate::games::chat::words::number_word;
use crate::games::chat::Reading;
use crate::games::chat::cells::longhand::{cells_told, Axes};
use crate::games::xs_and_lines::message::{self, Attempt, Basis, Segment, Turn, Vocabulary};
use crate::games::xs_and_lines::notation::{arrows_as_dashes, cell_name, grid_cell};
use crate::games::{ChatContext, MatchState, Placement};

/// What a player's message says, as readings with the lines each came
/// from, knowing the match so far (`ctx.state`): an x placed or
/// numbered, a move and its correction, `pass` (which the rules refuse),
/// or nothing (talk).
pub fn read_player_message(text: &str, seat: usize, ctx: &ChatContext) -> Vec<Reading> {
    let m = match ctx.state {
        Some(MatchState::Permutation(m)) => Some(m),
        _ => None,
    };
    // `second from the top in column F`: row 1 is the top.
    let size = m.map_or(rules::Config::default().size, |m| m.config.size);
    let text = &cells_told(text, &Axes::numbered_from_top(size, size));
    message::read_message(text, &VOCABULARY, &turn(m, seat), HOW, |seg, basis| {
        attempt(seg, m.and_then(|m| previous_x(m, basis)))
    })
}

/// In part 2, the x numbered just before the turn read (`basis`): the
/// one its points are counted from.
fn previous_x(m: &Match, basis: Basis) -> Option<(u8, u8)> {
    let Stage::Numbering(p) = &m.stage else {
        return None;
    };
    let back = match basis {
        Basis::Now => 1,
        Basis::BeforeLast => 2,
    };
    let c = *p.numbered.get(p.numbered.len().checked_sub(back)?)?;
    Some((c as u8, p.perm.rows[c] + 1))
}

/// Where the match stands for the player in `seat`.
fn turn(m: Option<&Match>, seat: usize) -> Turn {
    let Some((m, first, to_move)) = m.and_then(|m| Some((m, m.first?, m.to_move()?))) else {
        return Turn::default();
    };
    // Turns alternate within each part; player 1 writes 2, whoever placed
    // the last x.
    let last_mover = match &m.stage {
        Stage::Placing(xs) => xs.len().checked_sub(1),
        Stage::Numbering(p) if p.numbered.len() < 2 => p.perm.n().checked_sub(1),
        Stage::Numbering(p) => p.numbered.len().checked_sub(2),
    }
    .map(|k| (first + k) % 2);
    let last = m.moves.last().map(|(_, mv)| place(mv.clone()));
    Turn::of(seat, to_move, m.ending.is_over(), last_mover, last)
}

fn place(mv: String) -> Body {
    Body::Place(Placement::Permutation(rules::Placement { mv }))
}

const VOCABULARY: Vocabulary = Vocabulary {
    entity: |w| grid_cell(w).is_some(),
    filler: |w| number_word(w).is_some() || FILLER.contains(&w),
    prepare: |text| numbers_apart(&arrows_as_dashes(text)),
};

/// A number written against its cell (`3d4 =6`, `only move: 7b1`) apart
/// from it: `3 d4`. Only a number that starts a word, before a column
/// letter (`a`–`o`) and a row.
fn numbers_apart(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len() + 4);
    for (i, &c) in chars.iter().enumerate() {
        out.push(c);
        let starts = (0..=i)
            .rev()
            .take_while(|&j| chars[j].is_ascii_digit())
            .last()
            .is_some_and(|j| j == 0 || !chars[j - 1].is_alphanumeric());
        let cell_next = chars
            .get(i + 1)
            .is_some_and(|l| matches!(l.to_ascii_lowercase(), 'a'..='o'))
            && chars.get(i + 2).is_some_and(char::is_ascii_digit);
        if c.is_ascii_digit() && starts && cell_next {
            out.push(' ');
        }
    }
    out
}

/// Words a player puts around an x, its number, the count of x's placed
/// (`F5 and that's seven`) or the points (`4 on F5, only 2 pts but fine`,
/// `B2 is 5, that's 12 for me`): said by the player, they are the move's
/// own words, so a player who writes them out of turn is shown the rules'
/// refusal instead of being taken for talk.
const FILLER: [&str; 37] = [
    "x", "x's", "xs", "on", "at", "in", "place", "placing", "i", "put", "putting", "write",
    "writing", "number", "goes", "gets", "the", "my", "mine", "for", "points", "point", "pts",
    "pt", "and", "that's", "thats", "is", "only", "but", "fine", "me", "last", "pls", "please",
    "plz", "from",
];

const HOW: &str = "write one x as its cell, like 'G3' (in part 2 '2 on G3' is fine too)";

/// The one x an attempt names. A cell named again is the same cell said
/// twice (`hmm C7 or… yeah, C7`, `C7. C7!`); beside another cell, the
/// `previous` x (numbered just before, in part 2) is where the points
/// are counted from (`6 on B1 — E7→B1 is 3×6 = 18`, `B1, 18 from E7`),
/// never the move, as it holds its number already; otherwise two
/// different cells are two moves, which one message cannot make.
fn attempt(seg: &Segment, previous: Option<(u8, u8)>) -> Attempt {
    let mut cells: Vec<(u8, u8)> = Vec::new();
    for cell in seg.texts().iter().filter_map(|w| grid_cell(w)) {
        if !cells.contains(&cell) {
            cells.push(cell);
        }
    }
    if cells.len() == 2 {
        cells.retain(|c| Some(*c) != previous);
    }
    match cells.as_slice() {
        [] => Attempt::Nothing,
        [one] => Attempt::Move(place(cell_name(*one))),
        _ => Attempt::Unread(format!(
            "{} cells in one message: {HOW}, one x per message",
            cells.len()
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::xs_and_lines::reader_checks::{reader_properties, Reader};
    use crate::games::{GameConfig, RoundSetup};

    const READER: Reader = Reader::new(read_player_message, VOCABULARY, place, ["vale", "juni"]);

    /// A 7×7 game vale (player 1) and juni play: 7 x's, then the numbers
    /// 2 to 7 (vale places the last x and writes 2).
    const GAME: [&str; 13] = [
        "D5", "A1", "G7", "F4", "C6", "B3", "E2", "G7", "B3", "F4", "D5", "C6", "E2",
    ];

    /// Who plays move `i` of [`GAME`]: part 1 alternates from vale; vale
    /// writes 2.
    fn seat(i: usize) -> usize {
        if i < 7 {
            i % 2
        } else {
            (i - 7) % 2
        }
    }

    /// The match after the first `moves` moves of [`GAME`].
    fn state(moves: usize) -> MatchState {
        let first = RoundSetup::Permutation(rules::Setup {
            first: "vale".into(),
        });
        let config = GameConfig::Permutation(rules::Config { size: 7 });
        READER.after(config, first, &GAME[..moves], seat)
    }

    /// What `seat` writing `text` reads as: moves, or `?reason`.
    fn moves(text: &str, seat: usize, s: Option<&MatchState>) -> Vec<String> {
        READER.moves(text, seat, s)
    }

    #[test]
    fn players_place_and_number_xs_by_their_cells() {
        for (text, at) in [
            ("G3", 0),
            ("g3", 0),
            (" **G3** ✖️", 0),
            ("x on g3", 0),
            ("x at **G3**", 0),
            ("g3!", 0),
            ("alright G3 then", 0),
            ("G3, column G and row 3 still free", 0),
            ("`g3`", 0),
            ("2 on G3", 7),
            ("G3 = 4", 9),
            ("#5 → g3", 9),
            ("#5: G3", 9),
            ("write 6 on G3", 11),
            ("G3 gets 4", 9),
            ("G3 for 12 points", 9),
            ("3 → G3 (20 pts)", 9),
            ("mine goes on g3", 9),
            ("G3 = 6, only 1 point 😑", 11),
            ("7 on G3, gg", 11),
            ("writing 4 on G3 → 6 pts", 9),
        ] {
            let s = state(at);
            assert_eq!(moves(text, 0, None), ["G3"], "{text}");
            assert_eq!(moves(text, seat(at), Some(&s)), ["G3"], "{text} at {at}");
        }
        assert_eq!(moves("O15", 0, None), ["O15"]);
    }

    /// `hmm C7 or… yeah, C7` was unread as two cells: a cell said again
    /// is that one x; two different cells are still two.
    #[test]
    fn a_cell_said_twice_is_one_x() {
        let s = state(5);
        for text in ["hmm B3 or… yeah, B3", "B3. B3!", "B3 … ok B3 ✖️"] {
            assert_eq!(moves(text, 1, Some(&s)), ["B3"], "{text}");
            assert_eq!(moves(text, 1, None), ["B3"], "{text}");
        }
        for text in ["hmm B3 or… yeah, B4", "B3 B3 C2"] {
            assert!(
                READER.why_unread(text, 1, Some(&s)).contains("2 cells"),
                "{text}"
            );
        }
    }

    /// `F5 and that's seven`: a count of the x's placed is no cell and no
    /// number to write; the last x is read.
    #[test]
    fn a_count_of_the_xs_is_said_in_passing() {
        let s = state(6);
        for text in [
            "E2 and that's seven",
            "E2, that's 7",
            "E2 and that's seven x's",
            "E2 — 7 x's down",
            "seventh x: E2",
        ] {
            assert_eq!(moves(text, 0, Some(&s)), ["E2"], "{text}");
        }
        // Out of turn it is still a move, for the rules to refuse (talk
        // would hide a missing message before it).
        assert_eq!(moves("E2 and that's seven", 1, Some(&s)), ["E2"]);
        assert_eq!(moves("E1 pls", 1, Some(&s)), ["E1"]);
        // Talk in a sentence of its own beside the move does not make it
        // talk (`3 → D5. small one`): out of turn, the rules refuse it.
        let n = state(8);
        for text in ["3 → D5. small one, 6", "D5! nice"] {
            assert_eq!(moves(text, 0, Some(&n)), ["D5"], "{text}");
        }
        // Near misses: the count alone says nothing, and a cell among
        // other words out of turn is talk about the board.
        READER.assert_talk(0, Some(&s), &["that's seven"]);
        READER.assert_talk(1, Some(&s), &["E2 looks forced", "and that's E2 gone"]);
    }

    /// `2 → E1, that's 5×4 = 20 😎`: in part 2 the number and its cell,
    /// then the score said in passing, read as the x numbered.
    #[test]
    fn the_score_after_a_numbered_x_is_said_in_passing() {
        for (text, at) in [
            ("2 → G7, that's 5×4 = 20 😎", 7),
            ("2→G7 that's 5x4=20", 7),
            ("2 on G7, only 2 pts but fine", 7),
            ("B3 is 3, that's 12 for me", 8),
            ("last one: E2, 16 points", 12),
            // The number written against its cell.
            ("2g7 =20", 7),
            ("only move: 7e2. 16", 12),
        ] {
            let s = state(at);
            assert_eq!(moves(text, seat(at), Some(&s)), [GAME[at]], "{text}");
        }
        // Near misses: a score alone, a spectator-like question about a
        // cell's points, and two cells with a score, are no numbered x.
        let s = state(7);
        READER.assert_talk(0, Some(&s), &["that's 5×4 = 20 😎"]);
        READER.assert_talk(1, Some(&s), &["G7 for 20 points??"]);
        assert!(READER
            .why_unread("2 → G7 or B3, 20 pts", 0, Some(&s))
            .contains("2 cells"));
    }

    #[test]
    fn a_number_is_set_apart_from_its_cell_only_at_a_words_start() {
        assert_eq!(numbers_apart("3d4 =6"), "3 d4 =6");
        assert_eq!(numbers_apart("only move: 7b1. 16"), "only move: 7 b1. 16");
        for kept in ["2x2", "d4", "a3b4", "10 d4", "12", "x3d4"] {
            assert_eq!(numbers_apart(kept), kept, "{kept}");
        }
    }

    /// `6 on B1 — E7→B1 is 3×6 = 18 🎯` was unread as two cells: the x
    /// numbered just before, where the points are counted from, is never
    /// the move.
    #[test]
    fn the_previous_x_in_the_points_is_not_the_move() {
        // After G7 (2), B3 (3), F4 (4): juni writes 5 on D5, from F4.
        let s = state(10);
        for text in [
            "5 on D5 — F4→D5 is 1×2 = 2 🎯",
            "D5, F4-D5 = 2 pts",
            "D5 for 2 from F4",
            "F4 → D5, 2 points",
            "5 on D5 (F4 to D5: 1×2)",
        ] {
            assert_eq!(moves(text, 1, Some(&s)), ["D5"], "{text}");
        }
        // Correcting the last number, the points still count from the x
        // before it: vale wrote 4 on F4 after B3.
        assert_eq!(moves("oops, 4 on D5 — B3→D5", 0, Some(&s)), ["D5"]);
        // Near misses: with no match known, or naming an x that is not
        // the previous one, or in part 1, two cells stay two.
        for (text, at, seat) in [
            ("D5 or C6, from F4", 10, 1),
            ("5 on D5 — B3→D5", 10, 1),
            ("B3 D5", 3, 1),
        ] {
            let s = state(at);
            let why = READER.why_unread(text, seat, Some(&s));
            assert!(why.contains("cells"), "{text}: {why}");
        }
        assert!(READER
            .why_unread("5 on D5 — F4→D5 is 2", 1, None)
            .contains("2 cells"));
    }

    #[test]
    fn corrections_read_both_moves_and_regret_after_the_reply_is_talk() {
        READER.assert_moves(
            state,
            &[
                // vale placed D5; juni is to move.
                (1, "C6\nno wait C2", 1, &["C6", "C2"]),
                (1, "3 on F4\nwait no, 3 on B3", 1, &["F4", "B3"]),
                (1, "nvm F4", 0, &["F4"]),
                (1, "D5", 0, &[]),
                (1, "ugh wait I meant G6 not G7 😤", 1, &[]),
                (1, "D4 looks better", 0, &[]),
                // Follow-ups that put another cell in place of vale's D5.
                (1, "make that C2", 0, &["C2"]),
                (1, "change that to C2", 0, &["C2"]),
                (1, "change it to C2", 0, &["C2"]),
                (1, "C2 instead", 0, &["C2"]),
                (1, "C2 instead of D5", 0, &["C2"]),
                // Near misses: `make` not replacing anything, a question,
                // a hindsight: talk.
                (1, "that'd make C2 risky", 0, &[]),
                (1, "C2 instead?", 0, &[]),
                (1, "should've gone C2 instead", 0, &[]),
                // vale placed the last x and writes 2 next: G7 again is that move.
                (7, "G7", 0, &["G7"]),
                (7, "oops, A2", 0, &["A2"]),
            ],
        );
    }

    #[test]
    fn talk_is_talk_and_unreadable_play_says_how_to_write_it() {
        READER.assert_talk_and_pass(
            0,
            &["gl hf", "12 points, ouch", "ugh", "nice one", "30 each 🤝"],
        );
        for bad in ["G3 C2", "G3-C2", "3 on G3 and C2"] {
            assert!(READER.why_unread(bad, 0, None).contains("'G3'"), "{bad}");
        }
    }

    reader_properties! {
        reader: READER,
        marks: [" ✏️ ", " = "],
        points: 0usize..14,
        state: state,
    }
}
