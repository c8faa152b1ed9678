//! What a page draws for a Traffic Jam step: the board (cars, walls, the
//! exit, the car just placed) and the facts beside it; on a solution's
//! step, the solution move by move as sub-steps, so that an appeal can be
//! followed on the board rather than taken on trust.
//!
//! Imports nothing from `log/`, `web/`, `import/` or `verify.rs`; no HTML:
//! the page draws the [`View`](crate::games::View).

use super::board::{Axis, Board, Slide, SIZE};
use super::rules::{Attempt, Match, Phase};
use crate::games::{Drawing, Piece, SubStep, View};

/// The board as a neutral drawing; `highlight` is a car label.
pub fn drawing(board: &Board, highlight: Option<char>) -> Drawing {
    let mut pieces = Vec::new();
    for i in 0..SIZE * SIZE {
        if board.walls() & (1 << i) != 0 {
            pieces.push(Piece {
                col: i % SIZE,
                row: i / SIZE,
                width: 1,
                height: 1,
                label: String::new(),
                kind: "wall",
                highlight: false,
            });
        }
    }
    for (i, car) in board.cars().iter().enumerate() {
        let (width, height) = match car.axis {
            Axis::Horizontal => (car.len, 1),
            Axis::Vertical => (1, car.len),
        };
        pieces.push(Piece {
            col: car.start.col(),
            row: car.start.row(),
            width,
            height,
            label: car.label.to_string(),
            kind: if i == board.taxi() { "taxi" } else { "car" },
            highlight: highlight == Some(car.label),
        });
    }
    Drawing {
        cols: SIZE,
        rows: SIZE,
        col_names: "ABCDEF".chars().map(String::from).collect(),
        row_names: (1..=SIZE).map(|r| r.to_string()).collect(),
        pieces,
        exit_row: Some(super::board::EXIT_ROW),
        rails: Vec::new(),
        overlays: Vec::new(),
        gems: Vec::new(),
    }
}

/// A posted solution played out from the board it answers: the board
/// before the first move, then after each move (the car that moved
/// outlined), ending where the taxi leaves or at the first illegal move.
pub fn solution_steps(board: &Board, attempt: &Attempt) -> Vec<SubStep> {
    let k = attempt.moves.len();
    let mut out = vec![SubStep {
        caption: format!(
            "the board it answers ({} posted)",
            crate::games::words::count(k, "move", "moves")
        ),
        count: 0,
        drawing: drawing(board, None),
    }];
    let mut b = board.clone();
    for (i, mv) in attempt.moves.iter().enumerate() {
        let n = i + 1;
        // An illegal move is shown, not made: the count stays.
        let (caption, done, made) = match b.apply(mv) {
            Ok(Slide::Exit) => (format!("{mv} — the taxi is out"), true, n),
            Ok(_) => (mv.to_string(), false, n),
            Err(e) => (format!("{mv} — illegal (not made): {e}"), true, n - 1),
        };
        out.push(SubStep {
            caption,
            count: made,
            drawing: drawing(&b, Some(mv.car)),
        });
        if done {
            break;
        }
    }
    out
}

/// The latest solution posted in the round's claim, with the board it
/// answers.
fn latest_solution(phase: &Phase) -> Option<(&Board, &Attempt)> {
    match phase {
        Phase::Finished {
            board,
            solutions,
            counters,
            ..
        } => solutions
            .iter()
            .chain(counters)
            .max_by_key(|a| a.seq)
            .map(|a| (board, a)),
        Phase::Impossible {
            board, attempts, ..
        } => attempts.iter().max_by_key(|a| a.seq).map(|a| (board, a)),
        _ => None,
    }
}

fn clock(ms: i64) -> String {
    let s = ms.max(0) / 1000;
    format!("{}:{:02}", s / 60, s % 60)
}

/// The step view of a match state.
pub fn view(m: &Match) -> View {
    let mut facts = Vec::new();
    let name = |p: usize| m.players[p].clone();
    let substeps = m
        .rounds
        .last()
        .and_then(|r| latest_solution(&r.phase))
        .map(|(board, a)| solution_steps(board, a))
        .unwrap_or_default();
    let drawing = m.rounds.last().map(|r| {
        facts.push((
            "Round".to_string(),
            format!("{} of {}", r.number, m.config.rounds),
        ));
        facts.push(("Target".to_string(), format!("{} moves", r.target)));
        let phase = match &r.phase {
            _ if r.ruled.is_some() => format!("round {} is over", r.number),
            Phase::Building => format!("{} to place", name(r.to_move)),
            Phase::Finished { claimer, .. } => format!("{} claimed finished", name(*claimer)),
            Phase::Impossible { challenger, .. } => {
                format!("{} claimed impossible", name(*challenger))
            }
            Phase::NoSpace { last_placer } => {
                format!("no space left; {} placed last", name(*last_placer))
            }
        };
        facts.push(("Now".to_string(), phase));
        if let Some(d) = r.decision(r.ruled.is_some(), &m.players) {
            let w = d.winner.map_or("no player".to_string(), name);
            facts.push(("By the rules".to_string(), format!("{w}: {}", d.reason)));
        }
        if let Some(ruled) = &r.ruled {
            let w = ruled.standing().map_or("no player".to_string(), name);
            facts.push(("Ruled".to_string(), format!("round to {w}")));
        }
        drawing(&r.board, r.last_placed)
    });
    facts.push((
        "Reserve".to_string(),
        format!(
            "{} {} · {} {}",
            name(0),
            clock(m.reserve_ms[0]),
            name(1),
            clock(m.reserve_ms[1])
        ),
    ));
    if let Some(w) = m.rounds.winner() {
        facts.push(("Match".to_string(), format!("{} wins (as ruled)", name(w))));
    }
    if let Some((p, seq)) = m.lost_on_time {
        facts.push((
            "Clock".to_string(),
            format!("{} ran out of reserve at seq {seq}", name(p)),
        ));
    }
    View {
        drawing,
        facts,
        score: m.rounds.score().to_vec(),
        score_by_rules: m.rounds.score_by_rules().to_vec(),
        substeps,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::rush_hour::notation::parse_solution;
    use crate::games::rush_hour::rules::check_solution;

    /// Playback counts the moves made: an illegal move is shown and not
    /// counted.
    #[test]
    fn an_illegal_move_in_playback_is_shown_and_not_counted() {
        let board = Board::from_36("..Y.....Y...ZZ......................").unwrap();
        let moves = parse_solution("Y down 2\nY up 3").unwrap();
        let attempt = Attempt {
            seq: 9,
            at: chrono::DateTime::UNIX_EPOCH,
            by: 0,
            check: check_solution(&board, &moves),
            moves,
        };
        let steps = solution_steps(&board, &attempt);
        let counts: Vec<usize> = steps.iter().map(|s| s.count).collect();
        assert_eq!(counts, [0, 1, 1]);
        assert!(
            steps[0].caption.contains("(2 moves posted)"),
            "{}",
            steps[0].caption
        );
        assert!(
            steps[2].caption.contains("illegal (not made)"),
            "{}",
            steps[2].caption
        );
    }
}
