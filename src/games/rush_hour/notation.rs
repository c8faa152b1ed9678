//! Chat text ↔ moves, placements and solutions.
//!
//! Players write moves the way the seed shows them: `X up`, `Z right 2`,
//! `move W left`. Parsing is forgiving about case, spaces and a leading
//! "move"; printing is canonical (`X up`, `X up 2`), and `parse(print(m))
//! == m` holds for every move. Moves serialise as this text, so event files
//! and the API carry `"X up"` rather than a nested object.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use thiserror::Error;

use super::board::{Cell, Dir, Move};
use crate::games::chat_words as words;
use crate::games::{
    clean_chat, Challenge as GameChallenge, ChatContext, ChatReading, Claim as GameClaim,
    Placement as GamePlacement, Proof as GameProof, Speaker,
};
use crate::log::event::Body;

/// Text that is not a move, a cell list or a solution.
#[derive(Debug, Error, PartialEq, Eq, Clone)]
pub enum NotationError {
    #[error("'{0}' is not a move: write a car letter, a direction and optionally a distance, like 'X up' or 'Z right 2'")]
    Move(String),
    #[error("'{0}' is not a list of cells: write 2 or 3 cells like 'B1 B2'")]
    Cells(String),
    #[error("a solution needs at least one move")]
    EmptySolution,
    #[error("line {line}: {error}")]
    AtLine {
        line: usize,
        error: Box<NotationError>,
    },
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.car, self.dir.name())?;
        if let Some(d) = self.dist {
            write!(f, " {d}")?;
        }
        Ok(())
    }
}

fn parse_dir(s: &str) -> Option<Dir> {
    match s.to_ascii_lowercase().as_str() {
        "up" | "u" | "north" => Some(Dir::Up),
        "down" | "d" | "south" => Some(Dir::Down),
        "left" | "l" | "west" => Some(Dir::Left),
        "right" | "r" | "east" => Some(Dir::Right),
        _ => None,
    }
}

impl FromStr for Move {
    type Err = NotationError;
    fn from_str(s: &str) -> Result<Move, NotationError> {
        let bad = || NotationError::Move(s.trim().to_string());
        let mut words: Vec<&str> = s
            .split(|c: char| c.is_whitespace() || c == ',' || c == '.' || c == ':')
            .filter(|w| !w.is_empty())
            .collect();
        if words
            .first()
            .is_some_and(|w| w.eq_ignore_ascii_case("move"))
        {
            words.remove(0);
        }
        let (car, dir, dist) = match words.as_slice() {
            [car, dir] => (car, dir, None),
            [car, dir, n] => (car, dir, Some(n)),
            _ => return Err(bad()),
        };
        let mut letters = car.chars();
        let car = match (letters.next(), letters.next()) {
            (Some(c), None) if c.is_ascii_alphabetic() => c.to_ascii_uppercase(),
            _ => return Err(bad()),
        };
        let dir = parse_dir(dir).ok_or_else(bad)?;
        let dist = match dist {
            None => None,
            Some(n) => Some(n.parse::<u8>().ok().filter(|&d| d > 0).ok_or_else(bad)?),
        };
        Ok(Move { car, dir, dist })
    }
}

impl Serialize for Move {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Move {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Move, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// Parses a solution: moves separated by new lines, `;` or `,` between
/// whole moves. Blank lines are skipped.
pub fn parse_solution(text: &str) -> Result<Vec<Move>, NotationError> {
    let mut moves = Vec::new();
    for (i, line) in text.lines().enumerate() {
        for part in line.split(';').map(str::trim).filter(|p| !p.is_empty()) {
            let mv = part.parse().map_err(|e| NotationError::AtLine {
                line: i + 1,
                error: Box::new(e),
            })?;
            moves.push(mv);
        }
    }
    if moves.is_empty() {
        return Err(NotationError::EmptySolution);
    }
    Ok(moves)
}

/// Prints a solution one move per line.
pub fn print_solution(moves: &[Move]) -> String {
    moves
        .iter()
        .map(Move::to_string)
        .collect::<Vec<_>>()
        .join("\n")
}

/// Parses the cells of a placement: `B1 B2`, `b1, b2`, `B1-B2-B3`.
pub fn parse_cells(text: &str) -> Result<Vec<Cell>, NotationError> {
    let cells: Result<Vec<Cell>, _> = text
        .split(|c: char| c.is_whitespace() || c == ',' || c == '-' || c == ';')
        .filter(|w| !w.is_empty())
        .map(str::parse)
        .collect();
    match cells {
        Ok(c) if (2..=3).contains(&c.len()) => Ok(c),
        _ => Err(NotationError::Cells(text.trim().to_string())),
    }
}

/// A round's setup in words.
pub fn describe_setup(r: &super::rules::RoundSetup) -> String {
    let cars: Vec<String> = r
        .cars
        .iter()
        .map(|c| {
            c.iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    let mut s = format!("round {}: target {}, {} first", r.round, r.target, r.first);
    if !cars.is_empty() {
        s.push_str(&format!(", cars {}", cars.join(" / ")));
    }
    s
}

/// A placement in words: its cells.
pub fn describe_placement(p: &super::rules::Placement) -> String {
    p.cells
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// What a player's message says, as readings with the lines each came
/// from: what the import reads, knowing the match so far (`ctx.state`).
pub fn read_player_message(
    text: &str,
    seat: usize,
    ctx: &ChatContext,
) -> Vec<crate::games::chat::Reading> {
    crate::games::chat::whole(text, read_chat(text, Speaker::Player(seat), ctx))
}

/// Reads one chat message of a Traffic Jam match, as a good host would:
/// case, extra spaces, commas, emoji and markdown do not matter.
///
/// - a player: `B1 B2` (a placement), `finished`, `impossible`, `pass`, or
///   a solution (`X up; Z right 2`, one move per line, numbered or not);
/// - the host: a round's opening (`Round 2 — target 8, mira goes first`,
///   with the pre-placed cars drawn as six rows of the board or listed as
///   `cars: D2 E2 / F2 F3`), a ruling (`mira wins the round`, `round 3 to
///   jonas`, `jonas wins the match`, `nobody wins the round`), a time-out
///   (`jonas ran out of time`).
///
/// Anything else is talk, unless it looks like play (cells, a car and a
/// direction) and still cannot be read: then the reason says why.
pub fn read_chat(text: &str, speaker: Speaker, ctx: &ChatContext) -> ChatReading {
    let clean = clean_chat(text);
    match speaker {
        Speaker::Player(_) => read_player(&clean),
        Speaker::Host => super::chat::read_host(text, ctx)
            .into_iter()
            .map(|r| r.read)
            .find(|r| *r != ChatReading::Chatter)
            .unwrap_or(ChatReading::Chatter),
    }
}

/// Whether a word is a cell of the 6×6 board (`c3`).
fn is_cell(w: &str) -> bool {
    let b = w.as_bytes();
    b.len() == 2
        && (b'a'..=b'f').contains(&b[0].to_ascii_lowercase())
        && (b'1'..=b'6').contains(&b[1])
}

fn read_player(clean: &str) -> ChatReading {
    let w = words(clean);
    // Filler a player may put around a one-word claim.
    const FILLER: [&str; 9] = [
        "i", "claim", "claims", "its", "it", "s", "is", "the", "puzzle",
    ];
    let core: Vec<&str> = w
        .iter()
        .map(String::as_str)
        .filter(|x| !FILLER.contains(x))
        .collect();
    match core.as_slice() {
        ["finished"] | ["finish"] => {
            return ChatReading::Event(Body::Claim(GameClaim::RushHour(super::Claim::Finished)))
        }
        ["impossible"] => {
            return ChatReading::Event(Body::Challenge(GameChallenge::RushHour(
                super::Challenge::Impossible,
            )))
        }
        ["pass"] | ["give", "up"] | ["resign"] | ["resigns"] => {
            return ChatReading::Event(Body::Pass)
        }
        _ => {}
    }
    // "pass, nice one": a pass with a word of talk after it on its line.
    let first_line = words(clean.lines().next().unwrap_or(""));
    if first_line.first().is_some_and(|x| x == "pass") && first_line.len() <= 4 {
        return ChatReading::Event(Body::Pass);
    }
    if !w.is_empty() && w.iter().all(|x| is_cell(x)) {
        return match parse_cells(clean) {
            Ok(cells) => ChatReading::Event(Body::Place(GamePlacement::RushHour(
                super::rules::Placement { cells },
            ))),
            Err(e) => ChatReading::Unread(e.to_string()),
        };
    }
    match read_solution(clean) {
        Some(Ok(moves)) => {
            ChatReading::Event(Body::Proof(GameProof::RushHour(super::rules::Proof {
                moves,
            })))
        }
        Some(Err(e)) => ChatReading::Unread(format!(
            "{e}; a solution is one move per line or moves between ';', like 'X up; Z right 2'"
        )),
        None if w.iter().any(|x| is_cell(x)) => ChatReading::Unread(
            "it names cells but is not a placement: write 2 or 3 cells in a line, like 'B1 B2'"
                .to_string(),
        ),
        None => ChatReading::Chatter,
    }
}

/// A solution in chat: `None` when no line starts like a move (talk);
/// otherwise the moves, or why they cannot be read.
fn read_solution(clean: &str) -> Option<Result<Vec<Move>, NotationError>> {
    let mut moves = Vec::new();
    let mut looked_like_play = false;
    let mut error = None;
    for (i, line) in clean.lines().enumerate() {
        // "1." / "2)" numbering.
        let line = line
            .trim_start_matches(|c: char| c.is_ascii_digit())
            .trim_start_matches(['.', ')'])
            .trim();
        for part in line
            .split([';', ','])
            .map(str::trim)
            .filter(|p| !p.is_empty())
        {
            match part.parse::<Move>() {
                Ok(m) => {
                    looked_like_play = true;
                    moves.push(m);
                }
                Err(e) => {
                    let mut ws = part.split_whitespace();
                    let starts_like_a_move = matches!(
                        (ws.next(), ws.next()),
                        (Some(car), Some(dir)) if car.len() == 1
                            && car.chars().all(|c| c.is_ascii_alphabetic())
                            && ["up", "down", "left", "right", "u", "d", "l", "r"]
                                .contains(&dir.to_lowercase().as_str())
                    );
                    looked_like_play |= starts_like_a_move;
                    error.get_or_insert(NotationError::AtLine {
                        line: i + 1,
                        error: Box::new(e),
                    });
                }
            }
        }
    }
    if !looked_like_play {
        return None;
    }
    Some(match error {
        Some(e) => Err(e),
        None => Ok(moves),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_parse_forgivingly_and_print_canonically() {
        let m: Move = "  move z RIGHT 2 ".parse().unwrap();
        assert_eq!(
            m,
            Move {
                car: 'Z',
                dir: Dir::Right,
                dist: Some(2)
            }
        );
        assert_eq!(m.to_string(), "Z right 2");
        assert_eq!("x up".parse::<Move>().unwrap().to_string(), "X up");
        for bad in [
            "",
            "X",
            "XY up",
            "X sideways",
            "X up 0",
            "X up two",
            "X up 2 3",
        ] {
            assert!(bad.parse::<Move>().is_err(), "{bad}");
        }
    }

    #[test]
    fn every_move_round_trips() {
        for car in ['A', 'Y', 'Z'] {
            for dir in Dir::ALL {
                for dist in [None, Some(1), Some(4)] {
                    let m = Move { car, dir, dist };
                    assert_eq!(m.to_string().parse::<Move>(), Ok(m));
                }
            }
        }
    }

    #[test]
    fn solutions_span_lines_and_semicolons() {
        let s = parse_solution("X up\nW left; X down\n\nY down\nZ right").unwrap();
        assert_eq!(s.len(), 5);
        assert_eq!(parse_solution(&print_solution(&s)).unwrap(), s);
        assert!(matches!(
            parse_solution("X up\nhello there"),
            Err(NotationError::AtLine { line: 2, .. })
        ));
        assert_eq!(parse_solution(" \n"), Err(NotationError::EmptySolution));
    }

    #[test]
    fn placements_accept_commas_and_dashes() {
        assert_eq!(parse_cells("B1, b2").unwrap().len(), 2);
        assert_eq!(parse_cells("C4-C5-C6").unwrap().len(), 3);
        assert!(parse_cells("B1").is_err());
        assert!(parse_cells("B1 B2 B3 B4").is_err());
        assert!(parse_cells("B1 Q9").is_err());
    }

    fn ctx() -> (Vec<String>, u32) {
        (vec!["reds_".to_string(), "Mika".to_string()], 2)
    }

    fn read(text: &str, speaker: Speaker) -> ChatReading {
        let (players, rounds) = ctx();
        read_chat(text, speaker, &ChatContext::new(&players, rounds))
    }

    fn event(text: &str, speaker: Speaker) -> Body {
        match read(text, speaker) {
            ChatReading::Event(b) => b,
            other => panic!("{text:?} read as {other:?}"),
        }
    }

    #[test]
    fn players_place_claim_challenge_pass_and_solve_in_chat() {
        let p = Speaker::Player(0);
        for text in ["B1 B2", "b1, b2", "  B1-B2 ", "**C4 C5 C6** 🚗"] {
            assert!(matches!(event(text, p), Body::Place(_)), "{text}");
        }
        for text in [
            "finished",
            "Finished!",
            "I claim finished :tada:",
            "FINISHED",
        ] {
            assert_eq!(event(text, p).kind(), "claim", "{text}");
        }
        assert_eq!(event("impossible", p).kind(), "challenge");
        assert_eq!(event("pass", p).kind(), "pass");
        assert_eq!(event("pass, nice one", p).kind(), "pass");
        let Body::Proof(GameProof::RushHour(proof)) = event("1. X up\n2. W left 2\n3. Z right", p)
        else {
            panic!()
        };
        assert_eq!(print_solution(&proof.moves), "X up\nW left 2\nZ right");
        let Body::Proof(GameProof::RushHour(proof)) = event("Y down, Z right", p) else {
            panic!()
        };
        assert_eq!(proof.moves.len(), 2);
        for talk in ["gl hf", "nice one", "brb", "I think so"] {
            assert_eq!(read(talk, p), ChatReading::Chatter, "{talk}");
        }
        for bad in ["B1 B2 B3 B4", "X up\nZ sideways", "B1 B2 please"] {
            assert!(matches!(read(bad, p), ChatReading::Unread(_)), "{bad}");
        }
    }
}
