//! What the verifier recomputes for a Bejeweled match: each round's proof
//! re-played (removed vs claimed) and the round's best possible claim
//! beside it ("claimed 15, removed 16, best possible 23"), with the best
//! proof as the witness. Every proof shown is listed with what it is for
//! the round: the one that counts, superseded, late, or for the lower
//! claim.
//!
//! Imports nothing from `log/`, `web/`, `import/` or `verify.rs`: findings
//! are plain data (`crate::findings`) that the verifier collects.

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};
use std::time::Duration;

use super::claims::Standing;
use super::grid::Grid;
use super::proof::Offer;
use super::rules::{Match, Round, WORDS};
use super::solver::{self, Best};
use crate::findings::{Finding, ProofFinding, Witness};
use crate::games::engine::report::{self, About};

/// The finding on a round's ruling beside the rules' verdict.
fn ruling_finding(m: &Match, r: &Round) -> Finding {
    let about = About::round(r.number, "not decided yet");
    report::round_ruling_finding(&m.players, &WORDS, &about, r, || m.decision(r, false))
}

/// How many exact best claims [`best`] remembers.
const REMEMBERED: usize = 512;

/// The best claim for a round's grid and offer. The exact answer depends on
/// nothing else, and a search can take a second or more, so exact answers
/// are remembered (up to [`REMEMBERED`], then forgotten all at once): the
/// findings are recomputed whenever a match grows, and without this every
/// append to a Bejeweled match would search all its rounds again. The
/// chart's series ([`super::chart`]) asks here too, so a page's findings
/// and its chart share one search per round.
pub(super) fn best(grid: &Grid, offer: Offer, limit: Option<Duration>) -> Best {
    static EXACT: OnceLock<Mutex<HashMap<(Grid, Offer), Best>>> = OnceLock::new();
    let exact = EXACT.get_or_init(Mutex::default);
    if let Some(b) = exact
        .lock()
        .ok()
        .and_then(|m| m.get(&(*grid, offer)).cloned())
    {
        return b;
    }
    let b = solver::best(grid, offer, limit);
    if b.exact {
        if let Ok(mut m) = exact.lock() {
            if m.len() >= REMEMBERED {
                m.clear();
            }
            m.insert((*grid, offer), b.clone());
        }
    }
    b
}

/// One finding per round. `limit` bounds the best-claim search per round
/// (`None`: exact, however long it takes); a bounded search that stops
/// early says "at least".
pub fn findings(m: &Match, limit: Option<Duration>) -> Vec<Finding> {
    let mut out = Vec::new();
    for r in &m.rounds {
        let ruled = ruling_finding(m, r);
        let b = best(&r.grid, r.offer, limit);
        let best_text = if b.exact {
            format!("best possible {}", b.removed)
        } else {
            format!("best possible at least {} (search incomplete)", b.removed)
        };
        let top = r.claims.iter().max_by_key(|c| c.gems);
        let claim = match r.claims.as_slice() {
            [] => "no claim".to_string(),
            [c] => format!("{} claims {}", m.players[c.by], c.gems),
            [c, d, ..] => format!(
                "{} claims {}, {} counterclaims {}",
                m.players[c.by], c.gems, m.players[d.by], d.gems
            ),
        };
        let shown = r.counting_proof();
        let removed = shown.and_then(|p| p.result.as_ref().ok().copied());
        let truth = match (top, removed) {
            (Some(c), Some(n)) => format!("claimed {}, removed {n}, {best_text}", c.gems),
            (Some(c), None) => format!("claimed {}, no legal proof, {best_text}", c.gems),
            (None, _) => best_text.clone(),
        };
        out.push(Finding {
            seq: top.map(|c| c.seq).or(ruled.ruling_seq).unwrap_or(r.seq),
            claim,
            claim_true: top.map(|c| b.exact && c.gems as usize <= b.removed),
            truth,
            optimal: Some(b.removed),
            witness: b.proof.map(|p| Witness {
                label: if b.exact {
                    "best proof"
                } else {
                    "best proof found"
                }
                .to_string(),
                lines: vec![p.to_string()],
            }),
            proofs: r
                .proofs
                .iter()
                .map(|p| {
                    let standing = r.standing(p);
                    let mut note = match &p.result {
                        Ok(n) if p.late => format!("removes {n}, but shown late: {}", p.proof),
                        Ok(n) => format!("removes {n}: {}", p.proof),
                        Err(e) => format!("not legal: {e}"),
                    };
                    if let Some(s) = standing.text() {
                        note.push_str(&format!(" — {s}"));
                    }
                    ProofFinding {
                        seq: p.seq,
                        by: m.players[p.by].clone(),
                        role: "proof".to_string(),
                        moves: p.result.as_ref().map_or(0, |n| *n),
                        legal: p.result.is_ok(),
                        solves: standing == Standing::Counts && p.result.is_ok() && !p.late,
                        note,
                    }
                })
                .collect(),
            ..ruled
        });
    }
    out
}
