//! What a page shows for a Dodgem step, GamesmanUni style: the board, the
//! value of the position for the side to move with its remoteness, every
//! legal move with the value it leads to, and a flag on a move that threw
//! a win away. Boards up to 4×4 are solved on first use (well under a
//! second) and kept for the life of the process; 5×5 analysis needs
//! minutes, so its pages show the board without it.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, OnceLock};

use super::board::{Position, Side, StuckRule};
use super::rules::Match;
use super::solver::{Tables, Value};
use crate::games::{Drawing, Piece, View};
use crate::verify::{Finding, Verdict};

/// Solved tables by (size, rule slug).
type Solved = BTreeMap<(u8, &'static str), Arc<Tables>>;

/// Solved tables shared by every page: derived data, a cache.
fn tables(n: u8, rule: StuckRule) -> Option<Arc<Tables>> {
    static CACHE: OnceLock<Mutex<Solved>> = OnceLock::new();
    if n > 4 {
        return None;
    }
    let cache = CACHE.get_or_init(Mutex::default);
    let mut map = cache.lock().ok()?;
    Some(
        map.entry((n, rule.slug()))
            .or_insert_with(|| Arc::new(Tables::solve(n, rule, |_, _, _| {})))
            .clone(),
    )
}

fn drawing(p: &Position) -> Drawing {
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
            highlight: false,
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

fn value_text(v: Value, r: Option<u32>) -> String {
    match r {
        Some(r) => format!("{} in {r}", v.word()),
        None => v.word().to_string(),
    }
}

/// Whether the last move threw a win away: the mover stood on a win and
/// the move does not keep it.
fn threw_away(m: &Match, t: &Tables) -> Option<String> {
    let before = m.before_last?;
    let (v, _) = t.value_of(&before);
    if v != Value::Win {
        return None;
    }
    let (after, _) = t.value_of(&m.position);
    (after != Value::Lose).then(|| {
        format!(
            "{} threw a win away: the position was a win, the move leads to a {} for the mover",
            m.moves.last().map_or("the move", |(_, s)| s.as_str()),
            match after {
                Value::Win => "loss",
                _ => "draw",
            }
        )
    })
}

pub fn view(m: &Match) -> View {
    let mut facts = Vec::new();
    let side = m.position.to_move;
    if let Some(seat) = m.seat(side) {
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
    if let Some(t) = tables(m.config.size, m.config.rule) {
        let (v, r) = t.value_of(&m.position);
        facts.push((
            "Value".to_string(),
            format!("{} for the side to move", value_text(v, r)),
        ));
        let moves: Vec<String> = t
            .moves(&m.position)
            .into_iter()
            .map(|(mv, v, r)| format!("{mv}: {}", value_text(v, r)))
            .collect();
        if !moves.is_empty() {
            facts.push(("Moves".to_string(), moves.join(" · ")));
        }
        if let Some(flag) = threw_away(m, &t) {
            facts.push(("Flag".to_string(), flag));
        }
    }
    if let Some((w, why)) = &m.over {
        let who = w.map_or("no one".to_string(), |w| m.players[w].clone());
        facts.push(("By the rules".to_string(), format!("{who}: {why}")));
    }
    let mut score = vec![0, 0];
    if let Some((_, Some(w))) = m.ruled {
        score[w] = 1;
    }
    let mut score_by_rules = vec![0, 0];
    if let Some((Some(w), _)) = &m.over {
        score_by_rules[*w] = 1;
    }
    View {
        drawing: Some(drawing(&m.position)),
        facts,
        score,
        score_by_rules,
        substeps: Vec::new(),
    }
}

/// One finding: the ruling beside the rules' end of the game.
pub fn findings(m: &Match) -> Vec<Finding> {
    let Some((seq, ruled)) = m.ruled else {
        return Vec::new();
    };
    let name = |w: Option<usize>| w.map_or("no one".to_string(), |w| m.players[w].clone());
    let (verdict, by_rules) = match &m.over {
        Some((w, why)) if *w == ruled => (Verdict::Agrees, format!("{}: {why}", name(*w))),
        Some((w, why)) => (Verdict::Disagrees, format!("{}: {why}", name(*w))),
        None => (
            Verdict::RulesSilent,
            "the game had not ended by the rules; a draw by repetition is the host's call".into(),
        ),
    };
    vec![Finding {
        seq,
        round: Some(1),
        claim: format!("the host rules for {}", name(ruled)),
        claim_true: None,
        truth: format!(
            "{} moves played; final position {}",
            m.moves.len(),
            m.position
        ),
        optimal: None,
        witness: None,
        proofs: Vec::new(),
        by_rules,
        ruled: format!("the game to {} (seq {seq})", name(ruled)),
        ruling_seq: Some(seq),
        verdict,
    }]
}
