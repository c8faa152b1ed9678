//! Dodgem players in chat: what a player's message does, read from its
//! entities (the car's cell, a direction, `off`) and the match so far.
//!
//! A move is the car's cell and a direction, and players write it many
//! ways: `a3 E`, `A3 e`, `a3 east`, `a3 right`, `a3→E`, `a3 ➡️`, `a3→`,
//! `a3e`, the cell the car drives to (`a3 b3`, `a3-b3`, `b2→b3`), with
//! words around it (`moving a2 up`, `alright c1 up then`, `b2 left, nice
//! try`), a direction word mistyped the way fingers slip (`a2 dwon`; a
//! slip that spells another word, or that could come from two
//! directions, is not read). A direction word right before `hand`,
//! `most` or `car` says which car (`my right-hand car up (c1)`), not the
//! way. All become the canonical `a3 E` the rules and the RULINGS write. Driving off the board has no cell to drive to: `c3 off` (or
//! `out`, `exit`) leaves the board the only way that car can, by its color
//! on the board now (blue east, red north); with no board to look at, or
//! no car able to leave from there, it says how to write the direction.
//!
//! Which words are a move, a correction (`a2 S` / `wait no, a2 E`,
//! `~~a3 S~~ a3 E`: struck text is withdrawn; `b1 W` / `↑ ignore that, c1
//! N`), or talk is decided for all three one-game matches in
//! [`crate::games::xs_and_lines::message`]. A legal-looking move on the
//! wrong square is read, and the rules refuse it at its step (as a host's
//! record would show it).
//!
//! Must not import anything from `log/` but the event vocabulary, nor
//! from `import/`, `web/` or `verify.rs`.

use super::board::{Dir, Position, Side};
use super::car_words;
use super::rules;
use crate::event::Body;
use crate::games::chat::Reading;
use crate::games::chat::cells::longhand::{cells_told, Axes};
use crate::games::xs_and_lines::message::{self, Attempt, Basis, Segment, Turn, Vocabulary};
use crate::games::xs_and_lines::notation::{arrows_as_words, direction_word, is_arrow};
use crate::games::{ChatContext, MatchState, Placement};

/// What a player's message says, as readings with the lines each came
/// from, knowing the match so far (`ctx.state`): a move, a move and its
/// correction, `pass` (which the rules refuse: a Dodgem player must
/// move), or nothing (talk).
pub fn read_player_message(text: &str, seat: usize, ctx: &ChatContext) -> Vec<Reading> {
    let m = match ctx.state {
        Some(MatchState::Dodgem(m)) => Some(m),
        _ => None,
    };
    // `my car in the middle of the bottom row`: `a1` is the bottom left.
    let size = m.map_or(rules::Config::default().size, |m| m.config.size);
    let axes = Axes {
        numbered_from_top: false,
        ..Axes::numbered_from_top(size, size)
    };
    // Before the setup opens the game, the one it gives the first move to
    // is blue.
    let blue = m.and_then(|m| m.blue).or(ctx.announced_first);
    let text = match m.zip(blue).map(|(m, blue)| garage(m, blue, seat)) {
        Some(g) => car_words::cars_told(text, &g, |w| cell(w).is_some(), |w| {
            direction(w).is_some() || OFF.contains(&w)
        }),
        None => text.to_string(),
    };
    let text = &cells_told(&text, &axes);
    message::read_message(text, &VOCABULARY, &turn(m, seat), HOW, |seg, basis| {
        let board = m.and_then(|m| match basis {
            Basis::Now => m.blue.map(|_| m.position),
            Basis::BeforeLast => m.before_last,
        });
        attempt(seg, board.as_ref())
    })
}

/// The cars of the player in `seat` (blue when `blue` is that seat), and
/// where the car they moved last stands now.
fn garage(m: &rules::Match, blue: usize, seat: usize) -> car_words::Garage {
    let side = if blue == seat { Side::Blue } else { Side::Red };
    // Blue moves first, and moves alternate.
    let mine = |i: &usize| i.is_multiple_of(2) == (side == Side::Blue);
    let last_moved = (0..m.moves.len()).rev().find(mine).and_then(|i| {
        let mv = &m.moves[i].1;
        let (from, way) = mv.split_once(' ')?;
        let (c, r) = cell(&from.to_lowercase())?;
        let dir = Dir::from_letter(way.chars().next()?)?;
        let to = Position::step(m.position.n, r * m.position.n + c, dir)?;
        Some((to % m.position.n, to / m.position.n))
    });
    car_words::Garage::of(&m.position, m.position.cars(side), last_moved)
}

/// Where the match stands for the player in `seat`.
fn turn(m: Option<&rules::Match>, seat: usize) -> Turn {
    let Some(m) = m else {
        return Turn::default();
    };
    let Some(to_move) = m.seat(m.position.to_move) else {
        return Turn::default();
    };
    if m.ending.is_over() {
        return Turn {
            expected: Some(false),
            last: None,
        };
    }
    // Moves alternate: the player not to move made the last one.
    let last = m
        .moves
        .last()
        .filter(|_| to_move != seat)
        .map(|(_, mv)| place(mv.clone()));
    Turn {
        expected: Some(to_move == seat),
        last,
    }
}

fn place(mv: String) -> Body {
    Body::Place(Placement::Dodgem(rules::Placement { mv }))
}

const VOCABULARY: Vocabulary = Vocabulary {
    entity: |w| cell(w).is_some() || glued(w).is_some(),
    filler: |w| direction(w).is_some() || OFF.contains(&w) || FILLER.contains(&w),
    prepare: arrows_as_words,
};

/// A direction's letter, from a letter (`n`, `u`, `r` …), a word
/// (`east`, `up`, and their slips: `a2 dwon`) or an arrow. Rows run
/// bottom to top (RULINGS), so up the screen is north.
fn direction(w: &str) -> Option<char> {
    Some(match w {
        "n" | "u" => 'N',
        "e" | "r" => 'E',
        "s" | "d" => 'S',
        "w" | "l" => 'W',
        _ => return direction_word(w),
    })
}

/// Words after a direction word that make it describe the car, not the
/// way it drives (`my right-hand car up`, `the left-most car`, `my
/// right car`).
const DESCRIBES_CAR: [&str; 5] = ["hand", "handed", "most", "car", "cars"];

/// A cell of a board up to 5×5 (`a3`): (column, row), both from 0.
fn cell(w: &str) -> Option<(u8, u8)> {
    match w.as_bytes() {
        [c @ b'a'..=b'e', r @ b'1'..=b'5'] => Some((c - b'a', r - b'1')),
        _ => None,
    }
}

/// A move glued into one word (`a3e`, `a3east`): its cell and direction.
fn glued(w: &str) -> Option<((u8, u8), char)> {
    let c = cell(w.get(..2)?)?;
    let d = direction(w.get(2..)?)?;
    Some((c, d))
}

fn cell_name((c, r): (u8, u8)) -> String {
    format!("{}{}", (b'a' + c) as char, r + 1)
}

/// Words that drive a car off the board.
const OFF: [&str; 6] = ["off", "out", "exit", "exits", "leaves", "leave"];

/// Words a player puts around a move, and the cars it takes off (`c3 E
/// 🏁 one out`, `last one off`).
const FILLER: [&str; 27] = [
    "move", "moves", "moving", "i", "i'll", "ill", "i'm", "im", "play", "playing", "go", "going",
    "drive", "driving", "car", "my", "the", "to", "from", "then", "board", "of", "one", "two",
    "both", "last", "cars",
];

const HOW: &str = "write the car's cell and a direction, like 'a3 E' (or 'a3 b3')";

/// One attempt read against `board` (the position it is played in, when
/// known).
fn attempt(seg: &Segment, board: Option<&Position>) -> Attempt {
    let mut cells = Vec::new();
    let mut letters = Vec::new();
    let mut arrows = Vec::new();
    let mut off = false;
    let words = &seg.words;
    for (i, w) in words.iter().enumerate() {
        let w_text = w.text.as_str();
        let describes_car = words.get(i + 1).is_some_and(|next| {
            next.clause == w.clause && DESCRIBES_CAR.contains(&next.text.as_str())
        });
        if let Some(c) = cell(w_text) {
            cells.push(c);
        } else if let Some((c, d)) = glued(w_text) {
            cells.push(c);
            letters.push(d);
        } else if let Some(d) = direction(w_text) {
            if is_arrow(w_text) {
                arrows.push(d);
            } else if !describes_car {
                letters.push(d);
            }
        } else if OFF.contains(&w_text) {
            off = true;
        }
    }
    // A move said twice (`maybe c1 north... yeah c1 north, final`) is one.
    cells.dedup();
    letters.dedup();
    arrows.dedup();
    let read =
        |from: (u8, u8), dir: char| Attempt::Move(place(format!("{} {dir}", cell_name(from))));
    match cells.as_slice() {
        [] => Attempt::Nothing,
        [from] => {
            // A letter after an arrow wins (`a3→E`); an arrow alone is the way.
            let dirs = if letters.is_empty() {
                &arrows
            } else {
                &letters
            };
            match dirs.as_slice() {
                [dir] => read(*from, *dir),
                [] if off => off_board(*from, board),
                [] => Attempt::Unread(format!("{} has no direction: {HOW}", cell_name(*from))),
                _ => Attempt::Unread(format!("more than one direction: {HOW}")),
            }
        }
        [from, to] => {
            let step = (
                i16::from(to.0) - i16::from(from.0),
                i16::from(to.1) - i16::from(from.1),
            );
            let dir = match step {
                (1, 0) => 'E',
                (-1, 0) => 'W',
                (0, 1) => 'N',
                (0, -1) => 'S',
                _ => {
                    return Attempt::Unread(format!(
                        "{} and {} are not next to each other: a car drives one cell; {HOW}",
                        cell_name(*from),
                        cell_name(*to)
                    ))
                }
            };
            if letters.iter().any(|d| *d != dir) {
                return Attempt::Unread(format!(
                    "{} to {} is {dir}, but it also says {}: {HOW}",
                    cell_name(*from),
                    cell_name(*to),
                    letters
                        .iter()
                        .map(char::to_string)
                        .collect::<Vec<_>>()
                        .join(" ")
                ));
            }
            read(*from, dir)
        }
        _ => Attempt::Unread(format!("one move per message: {HOW}")),
    }
}

/// `c3 off`: the way off the board for the car on `from`, by its color.
fn off_board(from: (u8, u8), board: Option<&Position>) -> Attempt {
    let name = cell_name(from);
    let ask = || {
        Attempt::Unread(format!(
            "{name} off the board: say which way, 'E' for blue or 'N' for red, like '{name} E'"
        ))
    };
    let Some(p) = board else {
        return ask();
    };
    let (c, r) = from;
    if c >= p.n || r >= p.n {
        return ask();
    }
    let bit = 1u32 << (r * p.n + c);
    let side = if p.blue & bit != 0 {
        Side::Blue
    } else if p.red & bit != 0 {
        Side::Red
    } else {
        return Attempt::Unread(format!(
            "{name} off the board, but no car stands on {name}: {HOW}"
        ));
    };
    let dir = Dir::exit(side);
    if Position::step(p.n, r * p.n + c, dir).is_some() {
        let (color, edge) = match side {
            Side::Blue => ("blue", "east"),
            Side::Red => ("red", "north"),
        };
        return Attempt::Unread(format!(
            "{name} off the board, but the {color} car there is not on the {edge} edge it leaves by: {HOW}"
        ));
    }
    Attempt::Move(place(format!("{name} {}", dir.letter())))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::xs_and_lines::reader_checks::{reader_properties, Reader};
    use crate::games::{GameConfig, RoundSetup};

    const READER: Reader = Reader::new(read_player_message, VOCABULARY, place, ["quill", "marrow"]);

    /// The match after quill (blue) and marrow have played `moves`.
    fn state(moves: &[&str]) -> MatchState {
        let blue = RoundSetup::Dodgem(rules::Setup {
            blue: "quill".into(),
        });
        let config = GameConfig::Dodgem(Default::default());
        READER.after(config, blue, moves, |i| i % 2)
    }

    /// What `seat` writing `text` reads as: moves, or `?reason`.
    fn moves(text: &str, seat: usize, s: Option<&MatchState>) -> Vec<String> {
        READER.moves(text, seat, s)
    }

    #[test]
    fn players_write_moves_many_ways() {
        for text in [
            "a3 E",
            "A3 e",
            "a3 east",
            "a3   RIGHT",
            "a3→E",
            "a3 → e",
            "a3 ➡️",
            "a3→",
            "a3 👉",
            "a3 -> E",
            "a3e",
            "A3East",
            "**a3 E**",
            "`a3 E`",
            "move a3 east 🚗",
            "a3 b3",
            "a3-b3",
            "a3 to b3",
            "a3→b3",
            "moving a3 right",
            "i'll go a3 right",
            "alright a3 right then",
            "a3 right, nice try",
            "a3 E please",
            "a3 E (edited)",
        ] {
            assert_eq!(moves(text, 0, None), ["a3 E"], "{text}");
        }
        for (text, want) in [
            ("b1 N", "b1 N"),
            ("b1 ⬆️", "b1 N"),
            ("b1 up", "b1 N"),
            ("c2 left", "c2 W"),
            ("a2 a1", "a2 S"),
            ("i'll go a2 down", "a2 S"),
            ("a2→N", "a2 N"),
            ("c2 E — out 🎉", "c2 E"),
            ("b3 E — out 🎉", "b3 E"),
            ("moving a2 up", "a2 N"),
            ("c3 N, one out 😎", "c3 N"),
            ("ok I'll have c1 go upwards one square, ta", "c1 N"),
        ] {
            assert_eq!(moves(text, 0, None), [want], "{text}");
        }
    }

    #[test]
    fn a_move_and_talk_on_other_lines_is_the_move_with_its_lines() {
        for (text, lines) in [
            ("c1 ⬆\nsee if you get out of that", 0..1),
            ("hmm\nc1 up", 1..2),
            ("c1 N, gg wp", 0..1),
            // A cell among words of talk beside the move is a comment,
            // not a second move (`c2 is taken now` answers a spectator).
            ("no it wouldn't, c2 is taken now 🙄\nc1 N", 1..2),
            ("c1 N\nb1 is stuck now lol", 0..1),
        ] {
            let got = READER.read_in(text, 1, None);
            assert_eq!(got, [("c1 N".to_string(), lines)], "{text}");
        }
    }

    #[test]
    fn off_the_board_goes_the_only_way_that_car_can() {
        // Blue drives a3 to c3; later red drives b1 round to a3.
        let s = state(&["a3 E", "c1 N", "b3 E"]);
        assert_eq!(moves("c3 off", 0, Some(&s)), ["c3 E"]);
        assert_eq!(moves("c3 out 🏁", 0, Some(&s)), ["c3 E"]);
        let s = state(&["a3 E", "b1 W", "a2 E", "a1 N", "b2 S", "a2 N"]);
        assert_eq!(moves("a3 off", 1, Some(&s)), ["a3 N"]);
        for (text, why) in [
            ("b3 off", "not on the east edge"),
            ("c2 off", "no car stands on c2"),
        ] {
            assert!(READER.why_unread(text, 0, Some(&s)).contains(why), "{text}");
        }
        assert!(READER.why_unread("c3 off", 0, None).contains("'c3 E'"));
    }

    #[test]
    fn corrections_read_both_moves_and_regret_after_the_reply_is_talk() {
        let s = state(&["a3 E"]);
        for (text, seat, st, want) in [
            ("a2 S\nwait no, a2 E", 0, None, vec!["a2 S", "a2 E"]),
            ("c2 W no sorry b1 W", 1, Some(&s), vec!["c2 W", "b1 W"]),
            // marrow is to move; quill's a3 E may still be corrected.
            ("nvm, a2 E", 0, Some(&s), vec!["a2 E"]),
            ("wait I meant a2 E", 0, Some(&s), vec!["a2 E"]),
            // quill restating the move already made says nothing new.
            ("a3 E", 0, Some(&s), vec![]),
            // marrow has not moved: regret is talk, a plain move is a move.
            ("ugh wait I wanted c1 W 😩", 1, Some(&s), vec![]),
            ("wait, c1 N", 1, Some(&s), vec!["c1 N"]),
            // A trailing `instead` closes its move, said again by where
            // it ends.
            (
                "then I'd rather take my car on a2 to the right instead, over to b2",
                0,
                Some(&s),
                vec!["a2 E"],
            ),
            // quill is not to move: a cell among words is talk about it.
            ("b3 looks strong", 0, Some(&s), vec![]),
            ("hm b3 S cleaner", 0, Some(&s), vec![]),
            // … but the cars a move takes off are no talk: out of turn,
            // it is read, and the rules refuse it at its step.
            ("b3 E 🏁 one out", 0, Some(&s), vec!["b3 E"]),
        ] {
            assert_eq!(moves(text, seat, st), want, "{text}");
        }
        // Struck-through text is withdrawn: what follows it is the move,
        // and after the player's own move it corrects that move.
        for (text, seat, st, want) in [
            ("~~a3 S~~ a3 E", 0, None, vec!["a3 E"]),
            ("~~c1 W~~ c1 N", 1, Some(&s), vec!["c1 N"]),
            ("~~a3 E~~ a2 E", 0, Some(&s), vec!["a2 E"]),
            ("~~c1 W~~\nc1 N", 1, Some(&s), vec!["c1 N"]),
            ("~~a3 E~~", 0, None, vec![]),
        ] {
            assert_eq!(moves(text, seat, st), want, "{text}");
        }
        // Near miss: a single `~` strikes nothing, so both ways stay, unread.
        assert!(READER
            .why_unread("~a3 S~ a3 E", 0, None)
            .contains("more than one direction"));
        let got = READER.read_in("a2 S\nwait no, a2 E", 0, None);
        assert_eq!(got[0].1, 0..1);
        assert_eq!(got[1].1, 1..2);
    }

    /// `a2 dwon` was unread as a cell with no direction: a direction word
    /// with one slip of the fingers is that direction, unless the slip
    /// spells a word or could be more than one direction.
    #[test]
    fn direction_words_with_a_slip_are_read() {
        for (text, want) in [
            ("a2 dwon", "a2 S"),
            ("a2 donw", "a2 S"),
            ("a3 rigth", "a3 E"),
            ("a3 esat", "a3 E"),
            ("b1 nroth", "b1 N"),
            ("c2 lfet", "c2 W"),
            ("c2 wset", "c2 W"),
            ("moving a2 dowwn", "a2 S"),
            ("a2dwon", "a2 S"),
        ] {
            assert_eq!(moves(text, 0, None), [want], "{text}");
        }
        for text in ["a3 eats", "a3 est", "a3 pu", "a2 dwno"] {
            assert!(
                READER.why_unread(text, 0, None).contains("no direction"),
                "{text}"
            );
        }
    }

    /// `bumping my right-hand car up (c1)` was unread as two directions:
    /// `right-hand`, `left-most`, `right car` say which car, not where.
    #[test]
    fn a_direction_word_that_describes_the_car_is_not_the_way() {
        for (text, want) in [
            ("bumping my right-hand car up (c1)", "c1 N"),
            ("my left-hand car up: b1", "b1 N"),
            ("the left-most car goes up, b1", "b1 N"),
            ("right car up (c1)", "c1 N"),
            ("c1, my right handed one, up", "c1 N"),
        ] {
            assert_eq!(moves(text, 1, None), [want], "{text}");
        }
        // Near misses: a direction that ends its clause, or is followed by
        // anything else, is still a direction.
        for text in ["c1 up, right", "c1 up right", "c1 right, car up"] {
            assert!(
                READER
                    .why_unread(text, 1, None)
                    .contains("more than one direction"),
                "{text}"
            );
        }
    }

    /// `b1 W` then `↑ ignore that, c1 N` read only b1 W: `ignore that`,
    /// `disregard`, `scratch that` withdraw the writer's last move, and
    /// an arrow before them points at it, not the way.
    #[test]
    fn ignore_that_withdraws_the_last_move() {
        // quill (blue) played a3 E, marrow b1 W; quill is to move.
        let s = state(&["a3 E", "b1 W"]);
        for text in [
            "↑ ignore that, c1 N",
            "ignore that, c1 N",
            "^ ignore that c1 N",
            "disregard, c1 N",
            "scratch that, c1 N",
            "ignore that\nc1 N",
            "⬆️ disregard that — c1 ⬆️",
        ] {
            assert_eq!(moves(text, 1, Some(&s)), ["c1 N"], "{text}");
        }
        // The arrow before the correction words is never the way.
        assert!(READER
            .why_unread("↑ ignore that, c1", 1, Some(&s))
            .contains("no direction"));
        // Near misses: once quill has replied, b1 W stands and `ignore
        // that` is regret; quill (not the writer of b1 W) ignoring
        // something is talk.
        let replied = state(&["a3 E", "b1 W", "a2 E"]);
        READER.assert_talk(1, Some(&replied), &["↑ ignore that, c1 N"]);
        READER.assert_talk(0, Some(&s), &["ignore that, c1 N"]);
    }

    #[test]
    fn talk_is_talk_and_unreadable_moves_say_how_to_write_them() {
        READER.assert_talk_and_pass(
            1,
            &[
                "gl hf",
                "hmm",
                "ugh",
                "nice",
                "e",
                "u too",
                "well played!",
                "gg, a2 north was the blunder",
                "blue was winning before A2 north, right?",
                "should have played a3 S",
                "is a3 E legal?",
                "Earlier I played b1 N and then b2 N and it worked a treat",
            ],
        );
        for bad in [
            "a3",
            "a3 b4",
            "a3 E, b1 N",
            "a3 N E",
            "a3 E\nb1 N",
            "a3 b3 N",
        ] {
            assert!(READER.why_unread(bad, 0, None).contains("'a3 E'"), "{bad}");
        }
    }

    reader_properties! {
        reader: READER,
        marks: [" 🚗 ", " — "],
        points: 0usize..4,
        state: |at: usize| state(&["a3 E", "c1 N", "a2 E"][..at.min(3)]),
    }
}
