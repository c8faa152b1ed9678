//! Who may do what: the two players by seat, the host, and the names a
//! ruling or a timeout gives.
//!
//! Like all of `games/`, it imports nothing from `log/`, `web/`,
//! `import/` or `verify`; and, being the engine, it names no game.

use super::Ending;
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
/// records that player's seat in `first` and gives it. A rule error
/// unless the host sets up, once, and names a player.
pub fn first_seat(
    players: &[String; 2],
    actor: &Actor,
    first: &mut Option<usize>,
    named: &str,
) -> Result<usize, RuleError> {
    host_only(actor, "set up the game")?;
    if first.is_some() {
        return Err(RuleError::new("setup", "the game is already set up"));
    }
    let seat = (players.iter().position(|p| p == named))
        .ok_or_else(|| RuleError::new("setup", format!("{named} is not a player")))?;
    *first = Some(seat);
    Ok(seat)
}

/// The seat of the player who posts a move in a one-game match. A rule
/// error unless the game goes on, the poster is a player and it is their
/// turn; `to_move` is `None` until the host has said who starts, and
/// `unset` then says what the host has not said.
pub fn mover(
    players: &[String; 2],
    ending: &Ending,
    actor: &Actor,
    to_move: Option<usize>,
    unset: &str,
) -> Result<usize, RuleError> {
    ending.still_playing()?;
    let seat = player_seat(players, actor)?;
    let to_move = to_move.ok_or_else(|| RuleError::new("setup", unset))?;
    if seat != to_move {
        return Err(RuleError::new(
            "turn",
            format!("it is {}'s turn", players[to_move]),
        ));
    }
    Ok(seat)
}
