//! What a page shows for a Dodgem step, GamesmanUni style: the board, the
//! value of the position for the side to move with its remoteness, every
//! legal move with the value it leads to (the page flags a move that
//! threw a win away by comparing two steps' analyses), and the best move
//! as an arrow from its car.
//!
//! The solved tables come from [`super::shelf`]: small boards are solved
//! on first use, a 5×5 board's tables are read from the table folder or
//! built in the background, and until then its pages say how far the
//! build has got ([`analysis_note`]).
//!
//! Imports nothing from `log/`, `web/`, `import/` or `verify.rs`; no HTML:
//! the page draws the [`View`](crate::games::View).

use super::board::{Dir, Position, Side};
use super::rules::Match;
use super::shelf::shelf;
use crate::findings::Finding;
use crate::games::{first_best, Analysis, AnalysisNote, Drawing, MoveMark, MoveValue, Piece, View};

/// What the page says where the board's analysis is not there yet (its
/// tables are being built, or how to make them); live, not cached.
pub fn analysis_note(m: &Match) -> Option<AnalysisNote> {
    shelf().note(m.config.size, m.config.rule)
}

/// The board; the cars on the cells in `moved` (a mask of cells, as the
/// position's) are outlined as the last move's.
fn drawing(p: &Position, moved: u32) -> Drawing {
    let n = p.n;
    let mut pieces = Vec::new();
    for cell in 0..n * n {
        let kind = if p.blue & (1 << cell) != 0 {
            "blue"
        } else if p.red & (1 << cell) != 0 {
            "red"
        } else {
            continue;
        };
        pieces.push(Piece {
            col: cell % n,
            // Rows are drawn top to bottom; row n (the top) first.
            row: n - 1 - cell / n,
            width: 1,
            height: 1,
            label: String::new(),
            kind,
            highlight: moved & (1 << cell) != 0,
        });
    }
    Drawing {
        cols: n,
        rows: n,
        col_names: (0..n).map(|c| ((b'a' + c) as char).to_string()).collect(),
        row_names: (1..=n).rev().map(|r| r.to_string()).collect(),
        pieces,
        exit_row: None,
        rails: Vec::new(),
        overlays: Vec::new(),
        gems: Vec::new(),
    }
}

/// The exact value of the position and of every legal move (`None` before
/// the host names blue, and for a 5×5 board whose tables are not saved).
pub fn analysis(m: &Match) -> Option<Analysis> {
    let seat = m.seat(m.position.to_move)?;
    let t = shelf().tables(m.config.size, m.config.rule)?;
    let (value, remoteness) = t.value_of(&m.position);
    let moves = t
        .moves(&m.position)
        .into_iter()
        .map(|(name, value, remoteness)| MoveValue {
            name,
            value,
            remoteness,
            detail: None,
        })
        .collect::<Vec<_>>();
    Some(Analysis {
        seat,
        value,
        remoteness,
        best: first_best(&moves),
        moves,
        detail: None,
    })
}

/// The move `name` as an arrow from its car to the cell it drives to, or
/// to one cell past the edge when it drives off.
pub fn move_mark(m: &Match, name: &str) -> Option<MoveMark> {
    let p = &m.position;
    let mv = p.parse_move(name).ok()?;
    let n = i16::from(p.n);
    // Drawn rows run top to bottom, as in [`drawing`].
    let at = |cell: u8| (i16::from(cell % p.n), n - 1 - i16::from(cell / p.n));
    let (c, r) = at(mv.from);
    let to = match Position::step(p.n, mv.from, mv.dir) {
        Some(cell) => at(cell),
        None => match mv.dir {
            Dir::North => (c, r - 1),
            Dir::South => (c, r + 1),
            Dir::East => (c + 1, r),
            Dir::West => (c - 1, r),
        },
    };
    Some(MoveMark {
        name: p.move_name(mv),
        path: vec![(c, r), to],
    })
}

/// The cell the last move's car reached (as a mask; none when it left the
/// board or nothing was moved yet).
fn moved_to(m: &Match) -> u32 {
    match &m.before_last {
        Some(b) => (m.position.blue & !b.blue) | (m.position.red & !b.red),
        None => 0,
    }
}

pub fn view(m: &Match) -> View {
    let mut facts = Vec::new();
    let side = m.position.to_move;
    if let (Some(seat), false) = (m.seat(side), m.ending.is_over()) {
        facts.push((
            "To move".to_string(),
            format!(
                "{} ({})",
                m.players[seat],
                if side == Side::Blue { "blue" } else { "red" }
            ),
        ));
    }
    facts.push(("Position".to_string(), m.position.to_string()));
    View::of_one_game(
        drawing(&m.position, moved_to(m)),
        facts,
        &m.ending,
        &m.players,
    )
}

/// One finding: the ruling beside the rules' end of the game.
pub fn findings(m: &Match) -> Vec<Finding> {
    m.ending.findings(
        &m.players,
        format!(
            "{} moves played; final position {}",
            m.moves.len(),
            m.position
        ),
        "the game had not ended by the rules; a draw by repetition is the host's call",
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::dodgem::board::StuckRule;
    use crate::games::dodgem::rules::Config;
    use crate::games::Game;

    #[test]
    fn small_boards_always_have_analysis_and_5x5_says_how_to_get_it() {
        assert_eq!(shelf().note(3, StuckRule::StuckLoses), None);
        // No table folder is set in the library's tests (so nothing is
        // built in the background), and the 5×5 page names the command
        // that makes the tables.
        let note = shelf().note(5, StuckRule::StuckWins).unwrap();
        assert!(!note.building);
        assert!(
            note.text
                .contains("arbiter solve dodgem --size 5 --rule stuck-wins --tables"),
            "{}",
            note.text
        );
        assert!(
            note.text.contains("dodgem-5-stuck-wins.tbl"),
            "{}",
            note.text
        );
    }

    fn match_at(size: u8, position: &str) -> Match {
        let players = ["quill".to_string(), "marrow".to_string()];
        let at = chrono::DateTime::UNIX_EPOCH;
        let mut m = super::super::Dodgem::start(
            &Config {
                size,
                rule: StuckRule::StuckLoses,
            },
            crate::games::Created {
                players: &players,
                at,
            },
        )
        .unwrap();
        m.blue = Some(0);
        m.position = position.parse().unwrap();
        m
    }

    #[test]
    fn a_move_is_drawn_from_its_car_to_its_cell_or_past_the_edge() {
        // 3×3, rows top to bottom: c3 is (2, 0), a1 is (0, 2).
        let m = match_at(3, "..B/B../.RR:B");
        let mark = move_mark(&m, "a2 N").unwrap();
        assert_eq!(mark.path, vec![(0, 1), (0, 0)]);
        // Blue drives off the east edge from c3.
        assert_eq!(move_mark(&m, "c3 E").unwrap().path, vec![(2, 0), (3, 0)]);
        let red = match_at(3, "..B/B../.RR:R");
        // Red drives off the north edge from b1 only after reaching row 3:
        // here b1 N goes to b2.
        assert_eq!(move_mark(&red, "b1 N").unwrap().path, vec![(1, 2), (1, 1)]);
        let top = match_at(3, ".R./B../B.R:R");
        assert_eq!(move_mark(&top, "b3 N").unwrap().path, vec![(1, 0), (1, -1)]);
        // Not a move of this position: nothing is drawn.
        assert_eq!(move_mark(&m, "b1 N"), None);
        assert_eq!(move_mark(&m, "a2 X"), None);
    }

    #[test]
    fn the_best_move_is_the_first_quickest_win() {
        let m = match_at(3, "B../B../.RR:B");
        let a = analysis(&m).unwrap();
        let best = a.best_move().unwrap();
        for mv in &a.moves {
            assert!(
                !(mv.value == crate::games::Value::Win
                    && (best.value != crate::games::Value::Win || mv.remoteness < best.remoteness)),
                "{mv:?} beats {best:?}"
            );
        }
        assert!(a.moves[..a.best.unwrap()]
            .iter()
            .all(|mv| (mv.value, mv.remoteness) != (best.value, best.remoteness)));
    }
}
