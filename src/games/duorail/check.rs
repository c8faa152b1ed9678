//! What the verifier recomputes for a Duorail match: for a challenge,
//! whether a track of the named color exists (with a longest one as the
//! witness) and whether each shown track is valid; for the endgame, each
//! color's shown tracks beside its true maximum ("red showed 16, the
//! longest was 18"); for the clocks, a `standard` bank that ran out and
//! each `classic` turn whose time ran out or that the host called.
//!
//! Imports nothing from `log/`, `web/`, `import/` or `verify.rs`: findings
//! are plain data (`crate::findings`) that the verifier collects.

use std::time::Duration;

use super::board::Color;
use super::clock::{HowTimeUp, TimeUp};
use super::rules::{Match, Phase, Shown, WORDS};
use super::solver::longest;
use crate::findings::{Finding, ProofFinding, Verdict, Witness};
use crate::games::engine::report::{self, About};

fn name(m: &Match, seat: Option<usize>) -> String {
    WORDS.words.name(&m.players, seat)
}

fn proofs(m: &Match, shown: &[Shown], role: impl Fn(&Shown) -> String) -> Vec<ProofFinding> {
    shown
        .iter()
        .map(|s| ProofFinding {
            seq: s.seq,
            by: m.players[s.by].clone(),
            role: role(s),
            moves: s.result.as_ref().map_or(0, |n| *n),
            legal: s.result.is_ok(),
            solves: s.length().is_some(),
            note: match &s.result {
                Ok(n) if s.late => format!("a valid track of {n} cells, shown too late"),
                Ok(n) => format!("a valid track of {n} cells: {}", s.track),
                Err(e) => format!("not a track: {e} ({})", s.track),
            },
        })
        .collect()
}

/// One finding for the game's end phase (or its absence), plus one for
/// any bank that ran out. The longest-track search always runs to the
/// end: no `_limit`.
pub fn findings(m: &Match, _limit: Option<Duration>) -> Vec<Finding> {
    let decision = m.ending.by_rules.clone().or_else(|| m.decision(false));
    let about = About {
        what: "the game",
        number: 1,
        undecided: "not decided yet: tracks may still come",
        no_winner_is_silence: false,
    };
    let ruled = m.ending.ruled.as_ref();
    let mut f = report::ruling_finding(&m.players, &WORDS.words, &about, ruled, decision.as_ref());
    match &m.phase {
        Phase::Challenge {
            seq,
            challenger,
            color,
            shown,
            ..
        } => {
            let best = longest(&m.board, *color);
            f.seq = *seq;
            f.claim = format!(
                "{} challenges: impossible for {}",
                m.players[*challenger],
                color.name()
            );
            f.claim_true = Some(!best.exists());
            f.optimal = Some(best.length);
            f.truth = if best.exists() {
                format!(
                    "a track of {} exists (the longest has {} cells); the challenge is wrong",
                    color.name(),
                    best.length
                )
            } else {
                format!(
                    "no track of {} exists on this board; the challenge is right",
                    color.name()
                )
            };
            f.witness = best.track.map(|t| Witness {
                label: format!("longest {} track", color.name()),
                lines: vec![t.to_string()],
            });
            f.proofs = proofs(m, shown, |_| format!("{} track", color.name()));
        }
        Phase::Endgame {
            seq,
            full_board,
            shown,
            ..
        } => {
            f.seq = *seq;
            f.claim = if *full_board {
                "the board is full: the longest track wins".to_string()
            } else {
                "two passes: endgame, each shows the longest track they can".to_string()
            };
            let mut truths = Vec::new();
            let mut witness = Vec::new();
            for color in [Color::Blue, Color::Red] {
                let best = longest(&m.board, color);
                let seat = m.seat_of(color);
                let shown_best = shown
                    .iter()
                    .filter(|s| s.color == color)
                    .filter_map(Shown::length)
                    .max();
                let who = name(m, seat);
                truths.push(match shown_best {
                    Some(n) => format!(
                        "{who} ({}) showed {n}, the longest was {}",
                        color.name(),
                        best.length
                    ),
                    None => format!(
                        "{who} ({}) showed no valid track, the longest was {}",
                        color.name(),
                        best.length
                    ),
                });
                if let Some(t) = best.track {
                    witness.push(format!("{}: {t}", color.name()));
                }
            }
            f.truth = truths.join("; ");
            f.witness = (!witness.is_empty()).then(|| Witness {
                label: "longest tracks".to_string(),
                lines: witness,
            });
            f.proofs = proofs(m, shown, |s| format!("{} track", s.color.name()));
        }
        Phase::Playing | Phase::Waiting => {
            f.claim = "no challenge and no endgame".to_string();
            let (b, r) = (
                longest(&m.board, Color::Blue).length,
                longest(&m.board, Color::Red).length,
            );
            f.truth = format!("longest tracks now: blue {b}, red {r}");
        }
    }
    let mut out = vec![f];
    for seat in 0..2 {
        if let Some(seq) = m.bank_out[seat] {
            out.push(Finding {
                seq,
                round: None,
                claim: format!("{}'s bank ran out", m.players[seat]),
                claim_true: Some(true),
                truth: format!(
                    "by the message times {} was {:.1} s past the bank",
                    m.players[seat],
                    -(m.bank_ms[seat] as f64) / 1000.0
                ),
                optimal: None,
                witness: None,
                proofs: Vec::new(),
                by_rules: "the rules as implemented record it; the move stands".to_string(),
                ruled: "—".to_string(),
                ruling_seq: None,
                verdict: Verdict::RulesSilent,
                award_by_rules: None,
            });
        }
    }
    out.extend(m.time_ups.iter().map(|t| time_up(m, t)));
    out
}

/// A `classic` turn whose time ran out or that the host called: what the
/// clocks say beside what the host did.
fn time_up(m: &Match, t: &TimeUp) -> Finding {
    let (who, next) = (&m.players[t.seat], &m.players[1 - t.seat]);
    let no_action = format!("no action: the turn passes to {next} and counts as a pass");
    let (claim, claim_true, truth, by_rules, ruled, verdict) = match t.how {
        HowTimeUp::Called { past_ms } => (
            format!("the host called time on {who}"),
            Some(true),
            format!(
                "by the message times {who}'s time for the turn and every time bank had run out {:.1} s before",
                past_ms as f64 / 1000.0
            ),
            no_action,
            format!("no action (the host's timeout, seq {})", t.seq),
            Verdict::Agrees,
        ),
        HowTimeUp::CalledEarly { left_ms, banks } => (
            format!("the host called time on {who}"),
            Some(false),
            format!(
                "by the message times {who} still had {:.1} s, {} included",
                left_ms as f64 / 1000.0,
                crate::games::words::count(banks as usize, "time bank", "time banks")
            ),
            format!("{who}'s turn was not over"),
            format!(
                "no action: the host's timeout (seq {}) ended {who}'s turn",
                t.seq
            ),
            Verdict::Disagrees,
        ),
        HowTimeUp::LateMove { past_ms } => (
            format!("{who}'s move (seq {}) came in time", t.seq),
            Some(false),
            format!(
                "by the message times it came {:.1} s after {who}'s time for the turn and every time bank had run out",
                past_ms as f64 / 1000.0
            ),
            no_action,
            "the move stands: the host did not call time".to_string(),
            Verdict::Disagrees,
        ),
    };
    Finding {
        seq: t.seq,
        round: None,
        claim,
        claim_true,
        truth,
        optimal: None,
        witness: None,
        proofs: Vec::new(),
        by_rules,
        ruled,
        ruling_seq: None,
        verdict,
        // About a turn's time, not who wins the game.
        award_by_rules: None,
    }
}
