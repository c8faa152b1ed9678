//! A claim and its answers in a Traffic Jam round: "finished", the
//! challenge "impossible", the solutions that prove either, and a pass.
//!
//! Must not import anything from `log/`, `web/`, `import/` or `verify.rs`.

use super::*;
use crate::event::Actor;

/// The seat of a player who claims or challenges, and the round in play;
/// why not, when the player is no player, no round is in play or a claim
/// is already being answered.
fn open_to_claims<'m>(m: &'m Match, actor: &Actor) -> Result<(usize, &'m Round), RuleError> {
    let p = player_seat(&m.players, actor)?;
    let round = m.rounds.current().ok_or_else(no_round)?;
    if round.phase != Phase::Building {
        return Err(rule("claim", "a claim is already being answered"));
    }
    Ok((p, round))
}

/// A player says the puzzle is finished at the target: the round turns to
/// the claimer's solution (or the other's counter) against the clock.
pub(super) fn claim_finished(m: &mut Match, stamp: Stamp<'_>) -> Noted {
    let Stamp { seq, actor, at } = stamp;
    let (p, round) = open_to_claims(m, actor)?;
    let start = if round.to_move == p {
        round.turn_started
    } else if round.last_placer() == Some(p) {
        round.last_turn_started
    } else {
        return Err(rule(
            "turn",
            format!(
                "{} may claim only on their turn or right after placing",
                m.players[p]
            ),
        ));
    };
    let said = format!(
        "{} claims the puzzle is finished: exactly {} moves; a solution is due within {} s",
        m.players[p], round.target, m.config.solution_secs
    );
    answered_from(m, p, start, stamp, said, |board| Phase::Finished {
        seq,
        claimer: p,
        board,
        since: at,
        solutions: Vec::new(),
        counters: Vec::new(),
        passed: None,
    })
}

/// A player says the target cannot be reached: the other must prove it can.
pub(super) fn challenge_impossible(m: &mut Match, stamp: Stamp<'_>) -> Noted {
    let Stamp { seq, actor, at } = stamp;
    let (p, round) = open_to_claims(m, actor)?;
    if round.to_move != p {
        return Err(rule(
            "turn",
            format!("{} may challenge only on their turn", m.players[p]),
        ));
    }
    if round.last_placer() != Some(1 - p) {
        return Err(rule(
            "claim",
            format!(
                "{} has placed no car this round to challenge",
                m.players[1 - p]
            ),
        ));
    }
    let said = format!(
        "{} claims the puzzle is impossible in {} moves; {} must solve it within {} s",
        m.players[p],
        round.target,
        m.players[1 - p],
        m.config.solution_secs
    );
    let start = round.turn_started;
    answered_from(m, p, start, stamp, said, |board| Phase::Impossible {
        seq,
        challenger: p,
        board,
        since: at,
        attempts: Vec::new(),
        passed: false,
    })
}

/// A claim or challenge by seat `p`, `said` so: `p`'s turn time from
/// `start` is charged, the round in play turns to the answer (`phase`,
/// over the round's board), and the note ends with what the clock makes
/// of the turn.
fn answered_from(
    m: &mut Match,
    p: usize,
    start: DateTime<Utc>,
    stamp: Stamp<'_>,
    said: String,
    phase: impl FnOnce(Board) -> Phase,
) -> Noted {
    let clock = m.charge(p, start, m.config.turn_secs, stamp.at, stamp.seq);
    let round = m.rounds.current_mut().ok_or_else(no_round)?;
    round.phase = phase(round.board.clone());
    let mut note = said;
    push_clock(&mut note, clock);
    Ok(note)
}

/// A solution posted to prove a claim or answer a challenge; checked on
/// the round's board, it decides the round by the rules.
pub(super) fn prove(m: &mut Match, proof: &Proof, stamp: Stamp<'_>) -> Noted {
    let Stamp { seq, actor, at } = stamp;
    let p = player_seat(&m.players, actor)?;
    let (solution_secs, counter_secs) = (m.config.solution_secs, m.config.counter_secs);
    let round = m.rounds.current().ok_or_else(no_round)?;
    let target = round.target as usize;
    let (start, allowance, board, kind) =
        match &round.phase {
            Phase::Finished {
                claimer,
                board,
                since,
                counters,
                ..
            } if *claimer == p => {
                if !counters.is_empty() {
                    return Err(rule(
                        "solution",
                        "the counter-solution phase has begun; the claimer's solution is closed",
                    ));
                }
                (*since, solution_secs, board.clone(), "solution")
            }
            Phase::Finished {
                solutions, board, ..
            } => match solutions.last() {
                None => return Err(rule(
                    "solution",
                    "the claimer has not posted a solution yet; a counter-solution comes after it",
                )),
                // The counter window opens with the claimer's latest solution.
                Some(s) => (s.at, counter_secs, board.clone(), "counter-solution"),
            },
            Phase::Impossible {
                challenger,
                board,
                since,
                ..
            } if *challenger != p => (*since, solution_secs, board.clone(), "solution"),
            Phase::Impossible { .. } => {
                return Err(rule(
                    "solution",
                    "the challenger does not solve; the challenged player does",
                ))
            }
            _ => return Err(rule("solution", "there is no claim to solve")),
        };
    let check = check_solution(&board, &proof.moves);
    let clock = m.charge(p, start, allowance, at, seq);
    let players = m.players.clone();
    let round = m.rounds.current_mut().ok_or_else(no_round)?;
    let attempt = Attempt {
        seq,
        at,
        by: p,
        moves: proof.moves.clone(),
        check,
    };
    let mut note = format!("{}'s {kind}: {}", players[p], attempt.check.describe());
    match &mut round.phase {
        Phase::Finished {
            claimer,
            solutions,
            counters,
            ..
        } => {
            if *claimer == p {
                if attempt.check.legal && attempt.check.solves {
                    note.push_str(&target_note(attempt.check.moves, target));
                }
                solutions.push(attempt);
            } else {
                counters.push(attempt);
            }
        }
        Phase::Impossible { attempts, .. } => attempts.push(attempt),
        _ => {}
    }
    if let Some(d) = round.decision(false, &players) {
        note.push_str(&format!("; by the rules: {}", d.reason));
    }
    push_clock(&mut note, clock);
    Ok(note)
}

/// A player passes on a claim or a challenge: the claimer gives up their
/// solution, the other posts no counter, or the challenged gives up solving.
pub(super) fn pass(m: &mut Match, stamp: Stamp<'_>) -> Noted {
    let actor = stamp.actor;
    let p = player_seat(&m.players, actor)?;
    let players = m.players.clone();
    let round = m.rounds.current_mut().ok_or_else(no_round)?;
    let what = match &mut round.phase {
        Phase::Finished {
            claimer,
            solutions,
            passed,
            ..
        } => {
            if *claimer == p {
                *passed = Some(p);
                "gives up the solution"
            } else if solutions.is_empty() {
                return Err(rule(
                    "pass",
                    "nothing to pass on yet: the claimer has not posted a solution",
                ));
            } else {
                *passed = Some(p);
                "posts no counter-solution"
            }
        }
        Phase::Impossible {
            challenger, passed, ..
        } if *challenger != p => {
            *passed = true;
            "gives up solving"
        }
        _ => {
            return Err(rule(
                "pass",
                "there is nothing to pass on: in Traffic Jam a player places a car or claims",
            ))
        }
    };
    let mut note = format!("{} {what}", players[p]);
    if let Some(d) = round.decision(false, &players) {
        note.push_str(&format!("; by the rules: {}", d.reason));
    }
    Ok(note)
}
