//! A match played event by event under the rule every game shares
//! (RULINGS, "All games: takebacks"): a player may correct a move — a
//! placement, a pick, a pass — before anyone else's next event; the
//! correction replaces it, and the earlier one stays in the record as
//! superseded. After someone else has acted (or the player has done
//! anything but move, such as claim), the move stands.
//!
//! The games' reducers know nothing of this: a correction is applied to
//! the state from before the move it replaces, so each reducer sees one
//! move, as if the first had never been made. A move the player may make
//! anyway is a move, not a correction (in the permutation game player 1
//! places the last x and then writes the first number): only a move the
//! rules refuse as the match stands, and accept in place of the player's
//! last move, corrects it. Claims, solutions, tracks
//! and proofs are not moves: each game's own rule says which of several
//! counts. Both the replay and the import fold through here, so a log
//! reads the same in both.

use chrono::{DateTime, Utc};

use super::{MatchState, RuleError};
use crate::log::event::{Actor, Body};

/// The last event, when it was a player's move that may still be
/// corrected: its seq, its player, and the state before it.
#[derive(Clone, Debug)]
struct Correctable {
    seq: u64,
    player: String,
    before: MatchState,
}

/// What an accepted event did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Applied {
    /// What the event did, by the rules.
    pub note: String,
    /// The seq of the move this one corrects (and so replaces).
    pub supersedes: Option<u64>,
}

/// A match in play.
#[derive(Clone, Debug)]
pub struct Play {
    pub state: MatchState,
    last: Option<Correctable>,
}

impl Play {
    pub fn new(state: MatchState) -> Play {
        Play { state, last: None }
    }

    /// Applies one event; a rule error leaves the match as it was (and a
    /// move that is still correctable stays so).
    pub fn apply(
        &mut self,
        seq: u64,
        body: &Body,
        actor: &Actor,
        at: DateTime<Utc>,
    ) -> Result<Applied, RuleError> {
        let is_move = matches!(body, Body::Place(_) | Body::Pass);
        let player = actor.player().map(str::to_string);
        // A move the player may make now is a move (the permutation game's
        // player 1 places the last x and writes the first number); only one
        // the rules refuse now is tried as a correction of the last. A
        // refused event leaves the state as it was (the `Game` contract).
        let before = is_move.then(|| self.state.clone());
        let refused = match self.state.apply(seq, body, actor, at) {
            Ok(note) => {
                self.last = match (before, player) {
                    (Some(before), Some(player)) => Some(Correctable {
                        seq,
                        player,
                        before,
                    }),
                    _ => None,
                };
                return Ok(Applied {
                    note,
                    supersedes: None,
                });
            }
            Err(e) => e,
        };
        let Some(last) = self
            .last
            .as_mut()
            .filter(|l| is_move && player.as_deref() == Some(l.player.as_str()))
        else {
            return Err(refused);
        };
        let mut state = last.before.clone();
        let note = state.apply(seq, body, actor, at).map_err(|_| refused)?;
        let supersedes = last.seq;
        last.seq = seq;
        self.state = state;
        Ok(Applied {
            note: format!(
                "{note} (it corrects the move at seq {supersedes}, made before anyone else acted, which no longer counts)"
            ),
            supersedes: Some(supersedes),
        })
    }

    /// Someone other than `player` did something that may have been an
    /// event (a message the import could not read): the chance to correct
    /// ends, so a misread move is not taken for a correction.
    pub fn interrupted_by(&mut self, player: Option<&str>) {
        if self
            .last
            .as_ref()
            .is_some_and(|l| player != Some(l.player.as_str()))
        {
            self.last = None;
        }
    }

    /// Notes that an event was recorded but refused by the rules: anything
    /// but a failed correction by the same player (someone else acting,
    /// even in vain; the player claiming) ends the chance to correct.
    pub fn refused(&mut self, body: &Body, actor: &Actor) {
        let same_player_moves = matches!(body, Body::Place(_) | Body::Pass)
            && self
                .last
                .as_ref()
                .is_some_and(|l| actor.player() == Some(l.player.as_str()));
        if !same_player_moves {
            self.last = None;
        }
    }
}
