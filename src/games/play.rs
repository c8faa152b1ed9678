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
//!
//! A correction needs the state from before the move it replaces. A
//! [`Play::new`] keeps a copy of it at every move; a [`Play::uncopied`]
//! keeps none and asks its caller for that state when a correction is
//! tried ([`Play::apply_with`]), which is rare: a copy per move costs a
//! whole state per move, and a match's state grows with its rounds (the
//! import of a long match spent most of its time and memory on them).

use super::{MatchState, RuleError, Stamp};
use crate::event::{Actor, Body};

/// The last event, when it was a player's move that may still be
/// corrected: its seq, its player, and the state it was applied to (kept,
/// or asked for when a correction is tried).
#[derive(Clone, Debug)]
struct Correctable {
    seq: u64,
    player: String,
    before: Option<MatchState>,
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
    /// Whether the state before each move is copied and kept.
    copies: bool,
}

impl Play {
    /// A match in play that keeps a copy of the state before each move.
    pub fn new(state: MatchState) -> Play {
        Play {
            state,
            last: None,
            copies: true,
        }
    }

    /// A match in play that copies no state: a correction is applied to the
    /// state [`Play::apply_with`]'s caller gives.
    pub fn uncopied(state: MatchState) -> Play {
        Play {
            state,
            last: None,
            copies: false,
        }
    }

    /// Applies one event; a rule error leaves the match as it was (and a
    /// move that is still correctable stays so). An uncopied play tries no
    /// correction here: see [`Play::apply_with`].
    pub fn apply(&mut self, body: &Body, stamp: Stamp<'_>) -> Result<Applied, RuleError> {
        self.apply_with(body, stamp, |_| None)
    }

    /// [`Play::apply`], where `before(seq)` gives the state the move at
    /// `seq` was applied to — the match by the events before it that still
    /// count (a move a correction replaced does not) — when that move may
    /// be corrected by this event and the state is not at hand; `None`:
    /// no correction is tried.
    pub fn apply_with(
        &mut self,
        body: &Body,
        stamp: Stamp<'_>,
        before: impl FnOnce(u64) -> Option<MatchState>,
    ) -> Result<Applied, RuleError> {
        let Stamp { seq, actor, .. } = stamp;
        let is_move = matches!(body, Body::Place(_) | Body::Pass);
        let player = actor.player().map(str::to_string);
        // A move the player may make now is a move (the permutation game's
        // player 1 places the last x and writes the first number); only one
        // the rules refuse now is tried as a correction of the last. A
        // refused event leaves the state as it was (the `Game` contract).
        let kept = (is_move && self.copies).then(|| self.state.clone());
        let refused = match self.state.apply(body, stamp) {
            Ok(note) => {
                self.last = match (is_move, player) {
                    (true, Some(player)) => Some(Correctable {
                        seq,
                        player,
                        before: kept,
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
        let Some(base) = last.before.take().or_else(|| before(last.seq)) else {
            return Err(refused);
        };
        // A kept copy stays for a later correction of this one; a state
        // given is used up (a refused event leaves it as it was, so it is
        // kept again when the correction is refused).
        let mut state = match self.copies {
            true => last.before.insert(base).clone(),
            false => base,
        };
        let note = match state.apply(body, stamp) {
            Ok(note) => note,
            Err(_) => {
                if !self.copies {
                    last.before = Some(state);
                }
                return Err(refused);
            }
        };
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
