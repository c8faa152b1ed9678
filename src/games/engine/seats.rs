//! Who may do what: the two players by seat, the host, and the names a
//! ruling or a timeout gives.

use crate::event::Actor;
use crate::games::RuleError;
pub use crate::games::{host_only, player_seat, winner_seat};

/// The seat of a player named in an event (a timeout's player); a rule
/// error of kind `rule` when no player has that name.
pub fn named_seat(players: &[String; 2], name: &str, rule: &str) -> Result<usize, RuleError> {
    players
        .iter()
        .position(|p| p == name)
        .ok_or_else(|| RuleError::new(rule, format!("{name} is not a player of this match")))
}

/// The host's setup of a one-game match, naming the player who starts:
/// that player's seat. A rule error unless the host sets up, once, and
/// names a player; `done` is the seat a setup already named.
pub fn first_seat(
    players: &[String; 2],
    actor: &Actor,
    done: Option<usize>,
    named: &str,
) -> Result<usize, RuleError> {
    host_only(actor, "set up the game")?;
    if done.is_some() {
        return Err(RuleError::new("setup", "the game is already set up"));
    }
    (players.iter().position(|p| p == named))
        .ok_or_else(|| RuleError::new("setup", format!("{named} is not a player")))
}
