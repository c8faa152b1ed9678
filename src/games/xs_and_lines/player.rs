//! x's and lines players in chat: what a player's message does, read from
//! its entities (cells, a corner word, `straight`) and the part the game
//! is in.
//!
//! In part 1 a cell is an x (`C3`, `x at **E2**`, `c4!`, `mine goes on
//! d1`, `putting one on H3`); in part 2 the cells are a line, written the
//! ways players write them — `C3-F6 via F3`, `c3 to f6 (via f3)`,
//! `C3→F6 through F3`, `D7 to C4 turning at D4`, `A3→E1 (corner E3)`,
//! `A1 → F3, elbow at F1` (the cell after a corner word is the corner,
//! wherever it stands), a path whose middle cell is the corner
//! (`C3-F3-F6`, `G8 up to G1 then left to C1`), two cells in one row or
//! column for a straight line (`f3 f5`, `E8 to G8, straight`) — and
//! printed canonically, `C3-F6 via F3`, as the rules and the RULINGS
//! write them. Three cells and no corner word, whose middle one cannot
//! turn the line, are read with the one that can as the corner (`A1 →
//! F3, L at F1`); a corner named by a word is never second-guessed. With
//! no match to look at, one cell is an x and two or three a line. Two
//! cells in neither one row nor one column have two corners: the ways
//! the line goes, both legs in order, say which (`E4 ⬆ then ⬅ to A3` is
//! `E4-A3 via E3`: rows run top to bottom, so up is toward row 1);
//! without them the reader asks instead of guessing.
//!
//! Which words are a move, a correction (`A2` / `no wait A3`), or talk is
//! decided in [`super::message`] for the three one-game matches.
//!
//! Must not import anything from `log/` but the event vocabulary, nor
//! from `import/`, `web/` or `verify.rs`.

use super::message::{self, Attempt, Basis, Segment, Turn, Vocabulary};
use super::notation::{arrows_as_words, cell_name, direction_word, grid_cell, is_arrow};
use super::rules::{self, Match, Stage};
use crate::event::Body;
use crate::games::chat::Reading;
use crate::games::chat::cells::longhand::{cells_told, Axes};
use crate::games::{ChatContext, MatchState, Placement};

/// What a player's message says, as readings with the lines each came
/// from, knowing the match so far (`ctx.state`): an x or a line, a move
/// and its correction, `pass` (which the rules refuse: a player who can
/// move must), or nothing (talk).
pub fn read_player_message(text: &str, seat: usize, ctx: &ChatContext) -> Vec<Reading> {
    let m = match ctx.state {
        Some(MatchState::XsAndLines(m)) => Some(m),
        _ => None,
    };
    // `the top left corner`, `column C, third row`: row 1 is the top.
    let size = m.map_or(rules::Config::default().size, |m| m.config.size);
    let text = &cells_told(text, &Axes::numbered_from_top(size, size));
    message::read_message(text, &VOCABULARY, &turn(m, seat), HOW, |seg, basis| {
        // A correction that names only a new corner (`no wait, via C5`)
        // turns the line it corrects there.
        let corrected = (basis == Basis::BeforeLast)
            .then(|| m.and_then(|m| m.moves.last()))
            .flatten()
            .map(|(_, mv)| mv.as_str());
        let part = part(m, basis);
        let read = attempt(seg, part);
        let turned = match (&read, corrected) {
            (Attempt::Unread(_), Some(last)) if part == Part::Drawing => turned_again(seg, last),
            _ => None,
        };
        let start = match m.map(|m| &m.stage) {
            Some(Stage::Drawing(p)) if part == Part::Drawing && basis != Basis::BeforeLast => {
                p.from.map(|f| (p.xs[f].col, p.xs[f].row + 1))
            }
            _ => None,
        };
        turned
            .or_else(|| start.and_then(|start| from_the_start(seg, start)))
            .unwrap_or(read)
    })
}

/// The line `last` (`E5-C7 via E7`) turned at the one cell `seg` names
/// after a corner word (`via C5`), when that cell can turn it.
fn turned_again(seg: &Segment, last: &str) -> Option<Attempt> {
    let words = seg.texts();
    let corner_at = words.iter().position(|w| CORNER.contains(w))?;
    let cells = cells_in(&words);
    let [(at, corner)] = cells.as_slice() else {
        return None;
    };
    let (ends, _) = last.split_once(" via ")?;
    let (a, b) = ends.split_once('-')?;
    let (a, b) = (grid_cell(&a.to_lowercase())?, grid_cell(&b.to_lowercase())?);
    (*at > corner_at && is_corner(corner, &a, &b)).then(|| {
        Attempt::Move(place(format!(
            "{}-{} via {}",
            cell_name(a),
            cell_name(b),
            cell_name(*corner)
        )))
    })
}

/// A line told as the way it goes from the x it must start from, that x
/// left unsaid (`left along row 5 to B5 and then up to B4`, from F5): the
/// cell it goes `to` first is its corner, the other its end.
fn from_the_start(seg: &Segment, start: (u8, u8)) -> Option<Attempt> {
    let words = seg.texts();
    let cells = cells_in(&words);
    let [(at, corner), (_, end)] = cells.as_slice() else {
        return None;
    };
    let goes_to = *at > 0 && words[at - 1] == "to";
    (goes_to && *corner != start && *end != start && is_corner(corner, &start, end)).then(|| {
        Attempt::Move(place(format!(
            "{}-{} via {}",
            cell_name(start),
            cell_name(*end),
            cell_name(*corner)
        )))
    })
}

/// The cells `words` name, each with its word's index.
fn cells_in(words: &[&str]) -> Vec<(usize, (u8, u8))> {
    words
        .iter()
        .enumerate()
        .filter_map(|(i, w)| grid_cell(w).map(|c| (i, c)))
        .collect()
}

/// Where the match stands for the player in `seat`.
fn turn(m: Option<&Match>, seat: usize) -> Turn {
    let Some((m, first, to_move)) = m.and_then(|m| Some((m, m.first?, m.to_move()?))) else {
        return Turn::default();
    };
    // Turns alternate within each part; the first line is player 1's,
    // whoever placed the last x.
    let last_mover = match &m.stage {
        Stage::Placing(xs) => xs.len().checked_sub(1),
        Stage::Drawing(p) if p.lines.is_empty() => p.xs.len().checked_sub(1),
        Stage::Drawing(p) => p.lines.len().checked_sub(1),
    }
    .map(|k| (first + k) % 2);
    let last = m.moves.last().map(|(_, mv)| place(mv.clone()));
    Turn::of(seat, to_move, m.ending.is_over(), last_mover, last)
}

/// What a turn does in the part the game is in.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Part {
    Placing,
    Drawing,
    /// No match to look at: one cell is an x, two or three a line.
    Unknown,
}

fn part(m: Option<&Match>, basis: Basis) -> Part {
    // Before the host names player 1 the rules take no move, so the
    // stage says nothing about what the players are doing.
    match m.filter(|m| m.first.is_some()).map(|m| &m.stage) {
        None => Part::Unknown,
        Some(Stage::Placing(_)) => Part::Placing,
        // The last x opened part 2: a correction of it is an x.
        Some(Stage::Drawing(p)) if basis == Basis::BeforeLast && p.lines.is_empty() => {
            Part::Placing
        }
        Some(Stage::Drawing(_)) => Part::Drawing,
    }
}

fn place(mv: String) -> Body {
    Body::Place(Placement::XsAndLines(rules::Placement { mv }))
}

const VOCABULARY: Vocabulary = Vocabulary {
    entity: |w| grid_cell(w).is_some(),
    filler: |w| FILLER.contains(&w) || CORNER.contains(&w) || direction_word(w).is_some(),
    prepare: arrows_as_words,
};

/// Words a player puts around an x or a line.
const FILLER: [&str; 31] = [
    "x", "x's", "xs", "on", "at", "in", "place", "placing", "i", "i'll", "put", "putting", "draw",
    "drawing", "line", "from", "to", "an", "a", "my", "the", "one", "mine", "goes", "go", "then",
    "up", "down", "left", "right", "straight",
];

/// Words that name the corner of an L: the cell after one is the corner.
const CORNER: [&str; 15] = [
    "via", "through", "thru", "corner", "turn", "turning", "turns", "turned", "bend", "bends",
    "bending", "elbow", "angle", "kink", "knee",
];

const HOW: &str =
    "write one x as its cell, like 'C3', or one line as 'C3-F6 via F3' ('B2-F7' when straight)";

fn attempt(seg: &Segment, part: Part) -> Attempt {
    let words = seg.texts();
    let cells = cells_in(&words);
    // One cell said again (`hmm C3 or… yeah, C3`) is that cell, once; a
    // line told twice, in words then in cells (`from C3 right to D3 and
    // down to D8, so (c,3) → (d,3) → (d,8)`), is that line, once.
    let same = cells.windows(2).all(|p| p[0].1 == p[1].1);
    let half = cells.len() / 2;
    let twice = cells.len().is_multiple_of(2)
        && half > 1
        && cells[..half]
            .iter()
            .zip(&cells[half..])
            .all(|(a, b)| a.1 == b.1);
    let cells = if same {
        &cells[..cells.len().min(1)]
    } else if twice {
        &cells[..half]
    } else {
        &cells[..]
    };
    match (cells, part) {
        ([], _) => Attempt::Nothing,
        ([(_, one)], Part::Placing | Part::Unknown) => Attempt::Move(place(cell_name(*one))),
        ([(_, one)], Part::Drawing) => Attempt::Unread(format!(
            "{} alone is not a line: in part 2 {HOW}",
            cell_name(*one)
        )),
        (_, Part::Placing) => Attempt::Unread(format!(
            "{} cells, but part 1 places one x a turn: {HOW}",
            cells.len()
        )),
        (_, Part::Drawing | Part::Unknown) => line(&words, cells),
    }
}

/// Whether `corner` turns a line between `a` and `b`: it shares a row
/// with one and a column with the other.
fn is_corner(corner: &(u8, u8), a: &(u8, u8), b: &(u8, u8)) -> bool {
    let turns = |p: &(u8, u8), q: &(u8, u8)| corner.1 == p.1 && corner.0 == q.0;
    (turns(a, b) || turns(b, a)) && corner != a && corner != b
}

/// The corner of an L from `a` to `b` (cells at word indices `at`) named
/// by the ways it goes (`E4 ⬆ then ⬅ to A3`, `E4 up, left to A3`): both
/// legs, in order, so the first picks the corner; ways the L does not go
/// leave the line unread. One way alone is not enough (`E4 upp then left
/// to A3` names only `left`, and would put the corner on the wrong
/// side). `None` when no way is named. An arrow right between the two
/// cells (`C3→F6`) only joins them. Rows run top to bottom (RULINGS), so
/// up is toward row 1.
fn turn_by_ways(
    words: &[&str],
    at: (usize, usize),
    a: &(u8, u8),
    b: &(u8, u8),
) -> Option<Result<(u8, u8), String>> {
    let joins = |i: usize| is_arrow(words[i]) && at.0 + 1 == i && i + 1 == at.1;
    let mut ways: Vec<char> = words
        .iter()
        .enumerate()
        .filter(|&(i, _)| !joins(i))
        .filter_map(|(_, w)| direction_word(w))
        .collect();
    ways.dedup();
    let first = *ways.first()?;
    let across = if b.0 > a.0 { 'E' } else { 'W' };
    let upright = if b.1 > a.1 { 'S' } else { 'N' };
    // Up or down first turns in `b`'s row; across first, in `a`'s row.
    let (by_column, by_row) = ((a.0, b.1), (b.0, a.1));
    let (legs, corner) = if first == upright {
        ([upright, across], by_column)
    } else {
        ([across, upright], by_row)
    };
    if ways != legs {
        let name = |d: char| match d {
            'N' => "up",
            'S' => "down",
            'E' => "right",
            _ => "left",
        };
        let (a, b) = (cell_name(*a), cell_name(*b));
        return Some(Err(format!(
            "{a} to {b} goes {} and {}: name both ways in the order the line takes them, or say where it turns, '{a}-{b} via {}' or '{a}-{b} via {}' (write a line like 'C3-F6 via F3')",
            name(upright),
            name(across),
            cell_name(by_column),
            cell_name(by_row)
        )));
    }
    Some(Ok(corner))
}

/// A line from two or three cells: `(word index, cell)` in message order.
fn line(words: &[&str], cells: &[(usize, (u8, u8))]) -> Attempt {
    // `then turn right until D5` turns where the line has got to, not at
    // the cell named next (`turn right at C5` does name its corner).
    let onward = |i: usize| {
        words.get(i + 1).is_some_and(|w| direction_word(w).is_some())
            && !words
                .get(i + 2)
                .is_some_and(|w| matches!(*w, "at" | "on" | "in"))
    };
    let corner_at = (0..words.len()).find(|&i| CORNER.contains(&words[i]) && !onward(i));
    let mv = match (cells, corner_at) {
        ([(ia, a), (ib, b)], None) => {
            if a.0 == b.0 || a.1 == b.1 {
                format!("{}-{}", cell_name(*a), cell_name(*b))
            } else if let Some(turn) = turn_by_ways(words, (*ia, *ib), a, b) {
                match turn {
                    Ok(corner) => format!(
                        "{}-{} via {}",
                        cell_name(*a),
                        cell_name(*b),
                        cell_name(corner)
                    ),
                    Err(why) => return Attempt::Unread(why),
                }
            } else {
                let (a, b) = (cell_name(*a), cell_name(*b));
                let corners = [(b.as_bytes()[0], &a[1..]), (a.as_bytes()[0], &b[1..])]
                    .map(|(col, row)| format!("{}{row}", col as char));
                return Attempt::Unread(format!(
                    "{a} and {b} are in neither one row nor one column, so the line turns: say where, '{a}-{b} via {}' or '{a}-{b} via {}' (write a line like 'C3-F6 via F3')",
                    corners[0], corners[1]
                ));
            }
        }
        ([(_, a), (_, b), (_, c)], None) => {
            // A path: the middle cell is the corner, unless it cannot be
            // and another can (`A1 → F3, L at F1`: the ends came first and
            // the corner was named by a word the reader does not know).
            let (a, b, c) = match (is_corner(b, a, c), is_corner(c, a, b), is_corner(a, b, c)) {
                (false, true, false) => (a, c, b),
                (false, false, true) => (b, a, c),
                _ => (a, b, c),
            };
            format!("{}-{} via {}", cell_name(*a), cell_name(*c), cell_name(*b))
        }
        ([(ia, a), (ib, b), (ic, c)], Some(at)) => {
            // The cell after the corner word is the corner; the others
            // are the ends, in the order written.
            match [(ia, a), (ib, b), (ic, c)]
                .iter()
                .position(|(i, _)| **i > at)
            {
                Some(0) => format!("{}-{} via {}", cell_name(*b), cell_name(*c), cell_name(*a)),
                Some(1) => format!("{}-{} via {}", cell_name(*a), cell_name(*c), cell_name(*b)),
                Some(2) => format!("{}-{} via {}", cell_name(*a), cell_name(*b), cell_name(*c)),
                _ => return Attempt::Unread(format!("the corner of the line is unclear: {HOW}")),
            }
        }
        ([_, _], Some(_)) => {
            return Attempt::Unread(format!("a line needs both ends and its corner: {HOW}"))
        }
        _ => {
            return Attempt::Unread(format!(
                "{} cells in one message: {HOW}, one per message",
                cells.len()
            ))
        }
    };
    Attempt::Move(place(mv))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::xs_and_lines::reader_checks::{reader_properties, Reader};
    use crate::games::{GameConfig, RoundSetup};

    const READER: Reader = Reader::new(read_player_message, VOCABULARY, place, ["wren", "kit"]);

    /// The x's and lines of a game wren (player 1) and kit play: all 8
    /// x's, then 4 lines.
    const GAME: [&str; 12] = [
        "A4",
        "B8",
        "F5",
        "A1",
        "D6",
        "F3",
        "A6",
        "A8",
        "B8-A1 via B1",
        "A1-F3 via F1",
        "F3-F5",
        "F5-D6 via D5",
    ];

    /// The match after the first `moves` moves of [`GAME`].
    fn state(moves: usize) -> MatchState {
        let first = RoundSetup::XsAndLines(rules::Setup {
            first: "wren".into(),
        });
        let config = GameConfig::XsAndLines(Default::default());
        READER.after(config, first, &GAME[..moves], |i| i % 2)
    }

    /// What `seat` writing `text` reads as: moves, or `?reason`.
    fn moves(text: &str, seat: usize, s: Option<&MatchState>) -> Vec<String> {
        READER.moves(text, seat, s)
    }

    /// `F4-F3… wait that was the last x 😩` was read as talk: an ellipsis
    /// ends the move's clause, as three dots do, so the remark after it
    /// (even one opening with `wait`) is talk beside the move.
    #[test]
    fn a_remark_after_an_ellipsis_is_talk_beside_the_move() {
        let s = state(11);
        for text in [
            "F5-D6 via D5… wait that was the last x 😩",
            "F5-D6 via D5… that was the last x",
            "F5-D6 via D5... oh no that was the last x",
            "F5-D6 via D5. wait that was the last x",
        ] {
            assert_eq!(moves(text, 1, Some(&s)), ["F5-D6 via D5"], "{text}");
        }
    }

    /// `I'll go left along row 5 to B5 and then up to B4` was read as the
    /// line B5-B4: told as the way from the x it must start from, the
    /// first cell it goes to is the corner.
    #[test]
    fn a_line_told_as_its_way_from_the_start_turns_where_it_goes_first() {
        let s = state(11);
        for (text, line) in [
            (
                "ok, I'll go left along row 5 to D5 and then up to D6",
                "F5-D6 via D5",
            ),
            ("to D5, then to D6", "F5-D6 via D5"),
            // Said with its start, or with no `to`: as written.
            ("F5 to D5 to D6", "F5-D6 via D5"),
            ("D5-D6", "D5-D6"),
        ] {
            assert_eq!(moves(text, 1, Some(&s)), [line], "{text}");
        }
    }

    #[test]
    fn in_part_1_a_cell_is_an_x() {
        let s = state(2);
        for text in [
            "C3",
            "c3",
            "  **C3** ",
            "x on c3",
            "x at **C3**",
            "c3!",
            "C3 ✖️",
            "`c3`",
            "placing C3",
            "alright C3 then",
            "mine goes on c3",
            "C3 I guess",
            "putting one on C3",
            "C3 ✖️\nlet's see you deal with that",
        ] {
            assert_eq!(moves(text, 0, Some(&s)), ["C3"], "{text}");
            assert_eq!(moves(text, 0, None), ["C3"], "{text}");
        }
        assert_eq!(moves("L12", 0, None), ["L12"]);
        let why = READER.why_unread("C3-F3", 0, Some(&s));
        assert!(why.contains("part 1 places one x"), "{why}");
    }

    /// `hmm C7 or… yeah, C7` was unread as two cells: a cell said twice is
    /// one x; two different cells stay two.
    #[test]
    fn a_cell_said_twice_is_one_x() {
        let s = state(2);
        for text in ["hmm C3 or… yeah, C3", "C3. C3!"] {
            assert_eq!(moves(text, 0, Some(&s)), ["C3"], "{text}");
        }
        for text in ["hmm C3 or… yeah, C4", "C3 C3 D3"] {
            let why = READER.why_unread(text, 0, Some(&s));
            assert!(why.contains("part 1 places one x"), "{text}: {why}");
        }
    }

    #[test]
    fn in_part_2_cells_are_a_line() {
        let s = state(8);
        for (text, want) in [
            ("C3-F6 via F3", "C3-F6 via F3"),
            ("c3-f6 via f3", "C3-F6 via F3"),
            ("C3 - F6 (via F3)", "C3-F6 via F3"),
            ("c3 to f6 via f3", "C3-F6 via F3"),
            ("C3→F6 through F3", "C3-F6 via F3"),
            ("C3-F3-F6", "C3-F6 via F3"),
            ("line from C3 to F6, corner F3", "C3-F6 via F3"),
            ("via F3: C3-F6", "C3-F6 via F3"),
            ("D7 to C4 turning at D4", "D7-C4 via D4"),
            ("line from f5 to b2 through f2", "F5-B2 via F2"),
            ("A3→E1 (corner E3)", "A3-E1 via E3"),
            ("G8 up to G1 then left to C1", "G8-C1 via G1"),
            ("my line: C6 up to C5, then turn right until D5", "C6-D5 via C5"),
            ("C6 to D5, turn right at C5", "C6-D5 via C5"),
            ("from A3 down to A8, right to E8", "A3-E8 via A8"),
            ("D6-C7 via C6, your turn 😈", "D6-C7 via C6"),
            ("hmm\nE4-A3 via E3", "E4-A3 via E3"),
            ("F4 → F3", "F4-F3"),
            ("E8 to G8, straight", "E8-G8"),
            ("f3 f5", "F3-F5"),
            ("B2-F2", "B2-F2"),
            ("b2 b7", "B2-B7"),
        ] {
            assert_eq!(moves(text, 0, Some(&s)), [want], "{text}");
            assert_eq!(moves(text, 0, None), [want], "{text}");
        }
        for (text, why) in [
            ("C3", "alone is not a line"),
            ("C3 F6", "'C3-F6 via F3' or 'C3-F6 via C6'"),
            ("C3-F6 via", "both ends and its corner"),
            ("C3 D4 E5 F6", "4 cells"),
        ] {
            assert!(READER.why_unread(text, 0, Some(&s)).contains(why), "{text}");
        }
    }

    #[test]
    fn the_corner_is_the_cell_a_corner_word_names_or_the_one_that_can_turn() {
        let s = state(9);
        for (text, want) in [
            // The ends first, the corner named after them.
            ("A1 → F3, elbow at F1", "A1-F3 via F1"),
            ("A1 → F3, corner F1", "A1-F3 via F1"),
            ("A1 → F3 turning at F1", "A1-F3 via F1"),
            ("A1 to F3, bend on F1", "A1-F3 via F1"),
            ("A1-F3 via F1", "A1-F3 via F1"),
            ("A1 to F3 through F1", "A1-F3 via F1"),
            ("A1 → F3, the angle at F1", "A1-F3 via F1"),
            // No corner word: the one cell that can turn the line.
            ("A1 → F3, L at F1", "A1-F3 via F1"),
            ("F1: A1 F3", "A1-F3 via F1"),
            ("A1 F1 F3", "A1-F3 via F1"),
            // Near misses: a named corner is never second-guessed (the
            // rules refuse the line), and when no cell can turn the line
            // the middle one stays the corner.
            ("A1 → F1, elbow at F3", "A1-F1 via F3"),
            ("C3 D4 E5", "C3-E5 via D4"),
        ] {
            assert_eq!(moves(text, 1, Some(&s)), [want], "{text}");
            assert_eq!(moves(text, 1, None), [want], "{text}");
        }
    }

    /// `E4 ⬆ then ⬅ to A3` was unread as a line that turns somewhere:
    /// the first way named is the first leg, which fixes the corner (rows
    /// run top to bottom, so up is toward row 1).
    #[test]
    fn the_ways_a_line_goes_name_its_corner() {
        let s = state(8);
        for (text, want) in [
            ("E4 ⬆ then ⬅ to A3", "E4-A3 via E3"),
            ("E4 ⬅ then ⬆ to A3", "E4-A3 via A4"),
            ("E4 ↑ ← A3", "E4-A3 via E3"),
            ("E4 up then left to A3", "E4-A3 via E3"),
            ("E4, left first then up, to A3", "E4-A3 via A4"),
            ("from A3 go right then down to E4", "A3-E4 via E3"),
            ("A3 ⬇️ then ➡️ to E4", "A3-E4 via A4"),
            ("A3 ➡️ then ⬇️ to E4", "A3-E4 via E3"),
            ("A3 south, east to E4", "A3-E4 via A4"),
            ("E4 up up then left to A3", "E4-A3 via E3"),
            ("E4 nroth then left to A3", "E4-A3 via E3"),
            // Told in words, then again in cells.
            (
                "From A3 I'll go right to E3 and then down to E4, so A3 → E3 → E4",
                "A3-E4 via E3",
            ),
        ] {
            assert_eq!(moves(text, 0, Some(&s)), [want], "{text}");
            assert_eq!(moves(text, 0, None), [want], "{text}");
        }
        // Near misses: an arrow right between the cells only joins them;
        // ways the line cannot go, or more legs than an L has, are unread;
        // a corner word is never second-guessed by a way.
        for (text, why) in [
            ("E4 → A3", "'E4-A3 via A4' or 'E4-A3 via E3'"),
            ("E4 ⬆ A3", "'E4-A3 via A4' or 'E4-A3 via E3'"),
            ("E4 down then left to A3", "goes up and left"),
            ("E4 up then right to A3", "goes up and left"),
            ("E4 up, left, up to A3", "goes up and left"),
            // One way alone: `upp` is no word the reader knows, and the
            // one it does (`left`) would put the corner on the wrong side.
            ("E4 upp then left to A3", "goes up and left"),
            ("E4 up to A3", "goes up and left"),
            ("E4 uo then lfet to A3", "goes up and left"),
        ] {
            let got = READER.why_unread(text, 0, Some(&s));
            assert!(got.contains(why), "{text}: {got}");
        }
        assert_eq!(moves("E4 up to A3 via A4", 0, Some(&s)), ["E4-A3 via A4"]);
        // An arrow pointing at the line corrected is no way of the new one:
        // wren drew B8-A1 via B1.
        let s = state(9);
        for (text, want) in [
            ("↑ ignore that, B8 left then up to A1", "B8-A1 via A8"),
            ("⬆️ scratch that: B8 up then right to F3", "B8-F3 via B3"),
        ] {
            assert_eq!(moves(text, 0, Some(&s)), [want], "{text}");
        }
        // A straight line is that line, whatever way is said with it.
        assert_eq!(moves("E4 ⬆ to E1", 0, Some(&s)), ["E4-E1"]);
    }

    #[test]
    fn corrections_read_both_moves_and_regret_after_the_reply_is_talk() {
        READER.assert_moves(
            state,
            &[
                // wren placed A4; kit is to move.
                (1, "B2\nno wait B3", 1, &["B2", "B3"]),
                (1, "nvm, A5", 0, &["A5"]),
                (1, "A4", 0, &[]),
                (1, "ugh should have gone A2", 0, &[]),
                (1, "ugh wait I meant B2", 1, &[]),
                (1, "A5 looks better", 0, &[]),
                // Follow-ups that correct wren's A4 by their words or marks;
                // the cell after `not` is the one withdrawn.
                (1, "edit: A5 not A4", 0, &["A5"]),
                (1, "A5 not A4", 0, &["A5"]),
                (1, "A5*", 0, &["A5"]),
                (1, "*A5", 0, &["A5"]),
                // `H7` / `H6* fat-fingered` kept H7: a lone asterisk on the
                // cell, then a remark.
                (1, "A5* fat-fingered", 0, &["A5"]),
                (1, "A5* sorry, misclicked", 0, &["A5"]),
                (1, "fat-fingered, A5", 0, &["A5"]),
                (1, "ignore that, A5", 0, &["A5"]),
                // Near misses: emphasis is no correction mark, and a
                // question about the withdrawn cell is talk.
                (1, "*A5* looks better", 0, &[]),
                (1, "**A5** looks better", 0, &[]),
                (1, "A5 not A4?", 0, &[]),
                // kit placed the last x (A8): a correction of it is an x, not a line.
                (8, "oops, H8", 1, &["H8"]),
                // wren drew B8-A1 via B1: a correction naming only a new
                // corner turns that line there.
                (9, "no wait, via A8", 0, &["B8-A1 via A8"]),
            ],
        );
        // A corner the line cannot turn at is no correction of it.
        let got = READER.why_unread("no wait, via C5", 0, Some(&state(9)));
        assert!(got.contains("C5 alone is not a line"), "{got}");
        let got = READER.read_in("A2\nno wait A3", 0, None);
        assert_eq!(got, [("A2".to_string(), 0..1), ("A3".to_string(), 1..2)]);
    }

    #[test]
    fn talk_is_talk_and_pass_is_read() {
        READER.assert_talk_and_pass(
            1,
            &[
                "gl hf",
                "hmm",
                "nice x",
                "pass the salt? no wait",
                "brb 5",
                "I think C3 was bad",
                "is C3 free?",
            ],
        );
    }

    reader_properties! {
        reader: READER,
        marks: [" ✖️ ", " - "],
        points: 0usize..13,
        state: state,
    }
}
