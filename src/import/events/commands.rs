//! A bot's reply to a slash command speaks for whoever used the command:
//! `Pim used /move` above `✅ Pim moved a2 → b2` is Pim's move, read by the
//! players' reader as Pim's message; `Marlow used /newdm` above the bot's
//! lineup is the host's setup. The paste shows the command on the line
//! above the bot's header, an export in the message's `interaction`
//! ([`Flag::Command`]).
//!
//! A reply that refuses the command (`❌ C3 is taken, try again`, `only
//! players can move`) did nothing: it is talk, whoever used it; so is a
//! reply to a spectator's command.
//!
//! Must not import the store (`log`), a page (`web`), bundles, backups or a
//! game's own folder: like the rest of the reader, it goes through the
//! registry and the shared modules of `games`.

use super::Cast;
use crate::games::Speaker;
use crate::import::{Flag, Message};

/// Who message `m` speaks for when it is a bot's reply to a slash
/// command: `Some(None)` for a refusal or a spectator's command, `None`
/// when it is no command's reply.
pub(super) fn commanded_by(cast: &Cast, m: &Message) -> Option<Option<(Speaker, String)>> {
    let by = m.flags.iter().find_map(|f| match f {
        Flag::Command { by, .. } => Some(by),
        _ => None,
    })?;
    if !m.is_bot {
        return None;
    }
    Some((!refuses(&m.text)).then(|| cast.speaker(by, &[])).flatten())
}

/// Whether a bot's reply says the command was not done.
fn refuses(text: &str) -> bool {
    const MARKS: [char; 4] = ['❌', '⛔', '🚫', '⚠'];
    const SAYS: [&str; 8] = [
        "try again",
        "not allowed",
        "invalid",
        "can't",
        "cannot",
        "only players",
        "not your turn",
        "unknown command",
    ];
    let lower = text.to_lowercase();
    text.trim_start().starts_with(MARKS) || SAYS.iter().any(|s| lower.contains(s))
}

#[cfg(test)]
mod tests {
    use super::refuses;

    #[test]
    fn a_refused_command_did_nothing() {
        for text in [
            "❌ C3 is taken, try again",
            "⚠️ only players can move",
            "That move is invalid",
        ] {
            assert!(refuses(text), "{text}");
        }
        for text in ["✅ Pim moved a2 → b2", "🎲 New DM: Dodgem 3×3"] {
            assert!(!refuses(text), "{text}");
        }
    }
}
