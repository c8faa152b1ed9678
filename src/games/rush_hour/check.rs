//! What the verifier recomputes for a Traffic Jam match: for every claim,
//! the exact optimal length of the claimed board and a shortest solution,
//! every posted solution replayed move by move, and the rules' verdict
//! beside the host's ruling.
//!
//! Imports nothing from `log/`, `web/`, `import/` or `verify.rs`: findings
//! are plain data (`crate::findings`) that the verifier collects.

use std::time::Duration;

use super::rules::{target_note, Attempt, Match, Phase, Round, WORDS};
use super::solver::{solve, Outcome};
use crate::findings::{Award, Finding, ProofFinding, Verdict, Witness};
use crate::games::engine::report::{self, About};

/// Each posted attempt, checked; `claimed`: the target of a "finished"
/// claim when these are the claimer's own solutions (a shorter one then
/// says that it disproves the claim).
fn proof_findings(
    m: &Match,
    attempts: &[Attempt],
    role: &str,
    claimed: Option<usize>,
) -> Vec<ProofFinding> {
    attempts
        .iter()
        .map(|a| {
            let mut note = a.check.describe();
            if let Some(target) = claimed.filter(|_| a.check.legal && a.check.solves) {
                note.push_str(&target_note(a.check.moves, target));
            }
            ProofFinding {
                seq: a.seq,
                by: m.players[a.by].clone(),
                role: role.to_string(),
                moves: a.check.moves,
                legal: a.check.legal,
                solves: a.check.solves,
                note,
            }
        })
        .collect()
}

/// A length of `k` moves beside the round's `target`: "2 fewer than the
/// target", "exactly the target", "3 more than the target" (the chart
/// says it in the same words).
pub(super) fn beside_target(k: usize, target: usize) -> String {
    match k.cmp(&target) {
        std::cmp::Ordering::Less => format!("{} fewer than the target", target - k),
        std::cmp::Ordering::Equal => "exactly the target".to_string(),
        std::cmp::Ordering::Greater => format!("{} more than the target", k - target),
    }
}

fn name(m: &Match, p: Option<usize>) -> String {
    WORDS.name(&m.players, p)
}

/// The finding on a round's ruling beside the rules' verdict (a verdict
/// that names no winner is the rules leaving the round to the host).
fn ruling_finding(m: &Match, r: &Round) -> Finding {
    let about =
        About::round(r.number, "not decided yet: answers may still come").silent_without_winner();
    let open_verdict = || r.decision(false, &m.players);
    report::round_ruling_finding(&m.players, &WORDS, &about, r, open_verdict)
}

/// One finding per round, plus one for the match when a clock or a match
/// ruling decided it. The solver always runs to the end: no `_limit`.
pub fn findings(m: &Match, _limit: Option<Duration>) -> Vec<Finding> {
    let mut out = Vec::new();
    for r in &m.rounds {
        let target = r.target as usize;
        let mut f = ruling_finding(m, r);
        // A claim: (seq, by whom, what it says, its proofs, its board).
        let claimed = match &r.phase {
            Phase::Finished {
                seq,
                claimer,
                board,
                solutions,
                counters,
                ..
            } => {
                let mut proofs = proof_findings(m, solutions, "solution", Some(target));
                proofs.extend(proof_findings(m, counters, "counter-solution", None));
                let what = format!("finished: exactly {target} moves");
                Some((*seq, *claimer, what, proofs, board))
            }
            Phase::Impossible {
                seq,
                challenger,
                board,
                attempts,
                ..
            } => {
                let proofs = proof_findings(m, attempts, "solution", None);
                let what = format!("impossible within {target} moves");
                Some((*seq, *challenger, what, proofs, board))
            }
            Phase::NoSpace { last_placer } => {
                f.claim = format!(
                    "no car fits anywhere; {} placed the last car",
                    m.players[*last_placer]
                );
                f.claim_true = Some(true);
                f.truth = "the board has no two free cells in a line".to_string();
                None
            }
            Phase::Building => {
                f.claim = "no claim was made".to_string();
                None
            }
        };
        let board = claimed.map(|(seq, by, what, proofs, board)| {
            f.seq = seq;
            f.claim = format!("{} claims {what}", m.players[by]);
            f.proofs = proofs;
            board
        });
        if let Some(board) = board {
            let outcome = solve(board);
            f.optimal = outcome.optimal();
            let impossible = matches!(r.phase, Phase::Impossible { .. });
            f.claim_true = Some(match f.optimal {
                Some(k) if impossible => k > target,
                Some(k) => k == target,
                None => impossible,
            });
            f.truth = match &outcome {
                Outcome::Solved(s) => {
                    let k = s.moves.len();
                    let cmp = beside_target(k, target);
                    format!(
                        "optimal length {k} ({cmp}); {} positions searched",
                        s.explored
                    )
                }
                Outcome::Unsolvable { explored } => {
                    format!("no solution exists; all {explored} reachable positions searched")
                }
            };
            if let Outcome::Solved(s) = outcome {
                f.witness = Some(Witness {
                    label: "shortest".to_string(),
                    lines: s.moves.iter().map(ToString::to_string).collect(),
                });
            }
            f.truth = format!(
                "{}; the claim is {}",
                f.truth,
                if f.claim_true == Some(true) {
                    "true"
                } else {
                    "false"
                }
            );
        }
        out.push(f);
    }
    if m.lost_on_time.is_some() || m.rounds.match_ruling.is_some() {
        let rules = m.winner_by_rules();
        let ruled = m.rounds.winner();
        let claim = match m.lost_on_time {
            Some((p, seq)) => format!("{} ran out of reserve at seq {seq}", m.players[p]),
            None => "the host ruled the match".to_string(),
        };
        let ruling_seq = m.rounds.match_ruling.as_ref().map(|r| r.seq);
        out.push(Finding {
            seq: m.lost_on_time.map(|(_, s)| s).or(ruling_seq).unwrap_or(0),
            round: None,
            claim,
            claim_true: None,
            truth: format!(
                "reserves left: {} {:.1} s, {} {:.1} s",
                m.players[0],
                m.reserve_ms[0] as f64 / 1000.0,
                m.players[1],
                m.reserve_ms[1] as f64 / 1000.0
            ),
            optimal: None,
            witness: None,
            proofs: Vec::new(),
            by_rules: format!("match to {}", name(m, rules)),
            ruled: format!("match to {}", name(m, ruled)),
            ruling_seq,
            verdict: Verdict::of(ruled, rules),
            award_by_rules: rules.map(|w| Award::of_seat(&m.players, Some(w))),
        });
    }
    out
}

/// Posted solutions that do not fit the board as the record has it: one
/// that names a car the board does not hold, or slides a car across its
/// axis. A player solves the board they see, so such a solution says the
/// record may miss or mislabel a car (a board not read, a placement
/// misread): (seq, why). The import shows these beside its reading.
pub fn doubts(m: &Match) -> Vec<(u64, String)> {
    let mut out = Vec::new();
    for r in &m.rounds {
        let attempts: Vec<&Attempt> = match &r.phase {
            Phase::Finished {
                solutions,
                counters,
                ..
            } => solutions.iter().chain(counters).collect(),
            Phase::Impossible { attempts, .. } => attempts.iter().collect(),
            _ => Vec::new(),
        };
        for a in attempts {
            if let Some((i, why)) = &a.check.error {
                if why.starts_with("there is no car") || why.contains(" lies ") {
                    out.push((
                        a.seq,
                        format!(
                            "the solution's move {i} does not fit the board as read ({why}): a car may be missing or mislabelled in the reading"
                        ),
                    ));
                }
            }
        }
    }
    out
}
