//! What the rules give for an imported match: each round's winner, the
//! score and the match's winner, read from the state the events left; and
//! the players' time reserves an import reports overtime from.
//!
//! Must not import `web` or the store.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::games::MatchState;

/// One round's result by the rules.
#[derive(Clone, Debug, Serialize)]
pub struct RoundOutcome {
    pub round: u32,
    pub winner: Option<String>,
}

/// What the rules give for the imported events.
#[derive(Clone, Debug, Serialize)]
pub struct Outcome {
    pub rounds: Vec<RoundOutcome>,
    pub score: BTreeMap<String, u32>,
    pub winner: Option<String>,
}

/// Each player's time reserve (milliseconds, seat order), for the games
/// that keep one.
pub(super) fn reserves(state: &MatchState) -> Option<[i64; 2]> {
    match state {
        MatchState::RushHour(m) => Some(m.reserve_ms),
        MatchState::Duorail(m) => m.reserve_ms(),
        _ => None,
    }
}

/// What the rules give: each round's winner, the score, the match winner.
/// Traffic Jam and Bejeweled list their rounds; a game decided in one game
/// is one round, won by the player the rules' score names.
pub(super) fn outcome(state: Option<&MatchState>, players: &[String; 2]) -> Outcome {
    let mut score: BTreeMap<String, u32> = players.iter().map(|p| (p.clone(), 0)).collect();
    let Some(state) = state else {
        return Outcome {
            rounds: Vec::new(),
            score,
            winner: None,
        };
    };
    let by_rules = state.view().score_by_rules;
    for (seat, n) in by_rules.iter().enumerate().take(2) {
        score.insert(players[seat].clone(), *n);
    }
    let (rounds, to_win) = match state {
        MatchState::RushHour(m) => (
            m.rounds
                .iter()
                .map(|r| RoundOutcome {
                    round: r.number,
                    winner: r
                        .decision(true, &m.players)
                        .and_then(|d| d.winner)
                        .map(|w| players[w].clone()),
                })
                .collect(),
            m.config.to_win,
        ),
        MatchState::Bejeweled(m) => (
            m.rounds
                .iter()
                .map(|r| RoundOutcome {
                    round: r.number,
                    winner: r
                        .by_rules
                        .clone()
                        .or_else(|| m.decision(r, true))
                        .and_then(|d| d.winner)
                        .map(|w| players[w].clone()),
                })
                .collect(),
            m.config.to_win,
        ),
        // The transcript is all there is: a Duorail game not closed by a
        // ruling is decided as it stands (nothing more comes).
        MatchState::Duorail(m) => {
            let winner = (m.ending.by_rules)
                .clone()
                .or_else(|| m.decision(true))
                .and_then(|d| d.winner)
                .map(|w| players[w].clone());
            for (seat, p) in players.iter().enumerate() {
                score.insert(p.clone(), u32::from(winner.as_ref() == Some(p) && seat < 2));
            }
            (vec![RoundOutcome { round: 1, winner }], 1)
        }
        _ => {
            let winner = (0..2)
                .find(|&s| by_rules.get(s) > by_rules.get(1 - s))
                .map(|s| players[s].clone());
            (vec![RoundOutcome { round: 1, winner }], 1)
        }
    };
    // In a match of rounds the score is the rounds' winners by the rules,
    // the last one included when the host never ruled it.
    if matches!(state, MatchState::RushHour(_) | MatchState::Bejeweled(_)) {
        for (p, n) in score.iter_mut() {
            *n = rounds
                .iter()
                .filter(|r| r.winner.as_ref() == Some(p))
                .count() as u32;
        }
    }
    let winner = score
        .iter()
        .find(|(_, &n)| n >= to_win)
        .map(|(p, _)| p.clone());
    Outcome {
        rounds,
        score,
        winner,
    }
}
