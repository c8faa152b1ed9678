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
    /// The player who lost the match on time (Traffic Jam's reserve run
    /// out), whatever the rounds say.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lost_on_time: Option<String>,
}

/// Each player's time reserve (milliseconds, seat order), for the games
/// that keep one.
pub(super) fn reserves(state: &MatchState) -> Option<[i64; 2]> {
    state.reserves()
}

/// What the rules give: each round's winner, the score, the match winner.
/// A game of rounds lists them (see `Plug::rounds_by_rules`); a game
/// decided in one game is one round, won by the player the rules' score
/// names. A player who lost the match on time (Traffic Jam's reserve run
/// out) lost it, whatever the rounds say.
pub(super) fn outcome(state: Option<&MatchState>, players: &[String; 2]) -> Outcome {
    let mut score: BTreeMap<String, u32> = players.iter().map(|p| (p.clone(), 0)).collect();
    let Some(state) = state else {
        return Outcome {
            rounds: Vec::new(),
            score,
            winner: None,
            lost_on_time: None,
        };
    };
    let by_rules = state.view().score_by_rules;
    for (seat, n) in by_rules.iter().enumerate().take(2) {
        score.insert(players[seat].clone(), *n);
    }
    let name = |w: Option<usize>| w.map(|w| players[w].clone());
    let mut forfeit = None;
    let (rounds, to_win) = match state.rounds_by_rules() {
        // A match of rounds (or a game the rules decide as it stands: the
        // transcript is all there is): the score is the rounds' winners by
        // the rules, the last one included when the host never ruled it.
        Some(decided) => {
            let rounds: Vec<RoundOutcome> = decided
                .rounds
                .into_iter()
                .map(|(round, winner)| RoundOutcome {
                    round,
                    winner: name(winner),
                })
                .collect();
            for (p, n) in score.iter_mut() {
                *n = rounds
                    .iter()
                    .filter(|r| r.winner.as_ref() == Some(p))
                    .count() as u32;
            }
            forfeit = decided.forfeit;
            (rounds, decided.to_win)
        }
        None => {
            let winner = name((0..2).find(|&s| by_rules.get(s) > by_rules.get(1 - s)));
            (vec![RoundOutcome { round: 1, winner }], 1)
        }
    };
    // A player out of time has lost the match, whatever the rounds say.
    let winner = match forfeit {
        Some(lost) => Some(players[1 - lost].clone()),
        None => score
            .iter()
            .find(|(_, &n)| n >= to_win)
            .map(|(p, _)| p.clone()),
    };
    Outcome {
        rounds,
        score,
        winner,
        lost_on_time: forfeit.map(|lost| players[lost].clone()),
    }
}
