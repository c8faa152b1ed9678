//! Who may do what: the two players by seat, the host, and the names a
//! ruling or a timeout gives.

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
