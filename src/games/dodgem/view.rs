//! What a page shows for a Dodgem step, GamesmanUni style: the board, the
//! value of the position for the side to move with its remoteness, every
//! legal move with the value it leads to (the page flags a move that
//! threw a win away by comparing two steps' analyses).
//!
//! Boards up to 4×4 are solved on first use (well under a second) and kept
//! for the life of the process. A 5×5 solve takes about a minute and most
//! of a gigabyte, which no page request should pay for: its pages read the
//! tables `arbiter solve dodgem --size 5 --tables FILE` saved, from the
//! server's table folder ([`keep_tables_in`], `data/tables/` by default),
//! and show the board alone, with the command to run, until they exist.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

use super::board::{Position, Side, StuckRule};
use super::rules::Match;
use super::solver::Tables;
use crate::games::{Analysis, Drawing, MoveValue, Piece, View};
use crate::verify::Finding;

/// Solved tables by (size, rule slug); `None` for a saved file that does
/// not load, so a damaged file is read once, not on every step.
type Solved = BTreeMap<(u8, &'static str), Option<Arc<Tables>>>;

/// Where saved tables of the boards too big to solve on a page request
/// are looked for.
static TABLES_DIR: OnceLock<PathBuf> = OnceLock::new();

/// Sets the folder the pages read saved tables from (once, at start-up).
pub fn keep_tables_in(dir: PathBuf) {
    let _ = TABLES_DIR.set(dir);
}

/// The file of saved tables for a size and rule in `dir`: what the pages
/// read and what the README tells a host to write.
pub fn tables_file(dir: &Path, n: u8, rule: StuckRule) -> PathBuf {
    dir.join(format!("dodgem-{n}-{}.tbl", rule.slug()))
}

/// Solved tables shared by every page: derived data, a cache. `None` for a
/// board whose tables are neither quick to solve nor saved.
fn tables(n: u8, rule: StuckRule) -> Option<Arc<Tables>> {
    static CACHE: OnceLock<Mutex<Solved>> = OnceLock::new();
    let cache = CACHE.get_or_init(Mutex::default);
    let mut map = cache.lock().ok()?;
    if let Some(t) = map.get(&(n, rule.slug())) {
        return t.clone();
    }
    let t = if n <= 4 {
        Some(Tables::solve(n, rule, |_, _, _| {}))
    } else {
        let file = tables_file(TABLES_DIR.get()?, n, rule);
        // Not there yet is the usual case, and is asked again next time (the
        // file may be written meanwhile); a file that does not load is
        // treated the same on the page (it says how to make one).
        if !file.exists() {
            return None;
        }
        Tables::load(&file, n, rule).ok()
    };
    let t = t.map(Arc::new);
    map.insert((n, rule.slug()), t.clone());
    t
}

/// What the page says where a board's analysis is not available.
pub fn missing_analysis(n: u8, rule: StuckRule) -> Option<String> {
    if n <= 4 || tables(n, rule).is_some() {
        return None;
    }
    let dir = TABLES_DIR
        .get()
        .cloned()
        .unwrap_or_else(|| PathBuf::from("data/tables"));
    Some(format!(
        "no analysis yet: the {n}×{n} tables take about a minute to solve; run `arbiter solve dodgem --size {n} --rule {} --tables {}` once and reload",
        rule.slug(),
        tables_file(&dir, n, rule).display()
    ))
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
    let t = tables(m.config.size, m.config.rule)?;
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
        .collect();
    Some(Analysis {
        seat,
        value,
        remoteness,
        moves,
        detail: None,
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
    if let Some(note) = missing_analysis(m.config.size, m.config.rule) {
        facts.push(("Analysis".to_string(), note));
    }
    facts.extend(m.ending.fact(&m.players));
    let (score, score_by_rules) = m.ending.scores();
    View {
        drawing: Some(drawing(&m.position, moved_to(m))),
        facts,
        score,
        score_by_rules,
        substeps: Vec::new(),
    }
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

    #[test]
    fn small_boards_always_have_analysis_and_5x5_says_how_to_get_it() {
        assert_eq!(missing_analysis(3, StuckRule::StuckLoses), None);
        // No table folder is set in the library's tests, so the 5×5 page
        // names the command that makes the tables.
        let note = missing_analysis(5, StuckRule::StuckWins).unwrap();
        assert!(
            note.contains("arbiter solve dodgem --size 5 --rule stuck-wins --tables"),
            "{note}"
        );
        assert!(note.contains("dodgem-5-stuck-wins.tbl"), "{note}");
    }
}
