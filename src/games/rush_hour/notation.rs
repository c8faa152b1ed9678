//! Text ↔ moves, placements and solutions: the game's own notation.
//!
//! Moves are written the way the seed shows them: `X up`, `Z right 2`,
//! `move W left`. Parsing is forgiving about case, spaces and a leading
//! "move"; printing is canonical (`X up`, `X up 2`), and `parse(print(m))
//! == m` holds for every move. Moves serialise as this text, so event files
//! and the API carry `"X up"` rather than a nested object. How players
//! write them in chat (arrows, prose, several things in one message) is
//! read by `phrases` and `player_chat`; this file is the strict notation.
//! Must not import from `log/`, `import/`, `web/` or `verify.rs`.

use std::fmt;
use std::str::FromStr;

use crate::games::as_text::serde_as_text;
use thiserror::Error;

use super::board::{Cell, Dir, Move};
use crate::games::{ChatContext, ChatReading, Speaker};

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

serde_as_text!(Move);

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

/// One chat message of a Traffic Jam match read as a single reading: a
/// player's first (see [`player_chat`](super::player_chat)), or the
/// host's first that is not talk (see [`chat`](super::chat)); talk when
/// it says nothing to the rules. The import reads every reading of a
/// message; this one-reading view is for callers that want one answer.
pub fn read_chat(text: &str, speaker: Speaker, ctx: &ChatContext) -> ChatReading {
    let readings = match speaker {
        Speaker::Player(seat) => super::chat::read_player_message(text, seat, ctx),
        Speaker::Host => super::chat::read_host(text, ctx),
    };
    readings
        .into_iter()
        .map(|r| r.read)
        .find(|r| *r != ChatReading::Chatter)
        .unwrap_or(ChatReading::Chatter)
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
}
