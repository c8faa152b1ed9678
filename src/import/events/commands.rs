//! A bot's reply to a slash command speaks for whoever used the command:
//! `Pim used /move` above `✅ Pim moved a2 → b2` is Pim's move, read by the
//! players' reader as Pim's message; `Marlow used /newdm` above the bot's
//! lineup is the host's setup. The paste shows the command on the line
//! above the bot's header, an export in the message's `interaction`
//! ([`Flag::Command`]).
//!
//! A reply that refuses the command (`❌ C3 is taken, try again`, `only
//! players can move`) did nothing: it is talk, whoever used it; so is a
//! reply to a spectator's command. A player's typed message the bot
//! refuses right after it (`!plcae F2 F3 F4` / `❓ unknown command`) did
//! nothing either.
//!
//! A bot that announces the ruling the host has just given (`Round 3 →
//! mari` / `🏆 Round 3: mari`) says the same ruling again: one ruling.
//!
//! Must not import the store (`log`), a page (`web`), bundles, backups or a
//! game's own folder: like the rest of the reader, it goes through the
//! registry and the shared modules of `games`.

use super::{Cast, Reading};
use crate::event::Body;
use crate::games::Speaker;
use crate::import::{Flag, Message};

/// The longest a bot takes to answer a command, in seconds.
const ANSWER: i64 = 60;

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

/// Whether the message after `messages[i]` is a bot refusing it: the next
/// message, within a minute, a bot's, saying it was not done, and no
/// reply to somebody else's slash command.
pub(super) fn refused_by_bot(messages: &[Message], i: usize) -> bool {
    let Some(next) = messages.get(i + 1) else {
        return false;
    };
    let answers_another = next
        .flags
        .iter()
        .any(|f| matches!(f, Flag::Command { by, .. } if *by != messages[i].author));
    next.is_bot
        && !messages[i].is_bot
        && !answers_another
        && (next.at - messages[i].at).num_seconds() <= ANSWER
        && refuses(&next.text)
}

impl Reading<'_> {
    /// Whether `body` is the ruling just read, said again (the same scope
    /// and winner) by the host or the host's bot, or the time-out just
    /// read (the same player), with nothing read between.
    pub(super) fn said_again(&self, body: &Body) -> bool {
        let Some(last) = self.events.last() else {
            return false;
        };
        match (body, &last.body) {
            (Body::Ruling(again), Body::Ruling(r)) => {
                r.scope == again.scope && r.winner == again.winner
            }
            // `Hal 0:00, flag`, then the ruling's `Hal's flag fell`: one
            // time-out, told twice with nothing between.
            (Body::Timeout(again), Body::Timeout(t)) => t.player == again.player,
            _ => false,
        }
    }
}

/// Whether a bot's reply says the command was not done.
fn refuses(text: &str) -> bool {
    // `🚫` is no refusal: bots mark an `impossible` call with it.
    const MARKS: [char; 4] = ['❌', '⛔', '❓', '⚠'];
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
        for text in [
            "✅ Pim moved a2 → b2",
            "🎲 New DM: Dodgem 3×3",
            "🚫 Teo calls IMPOSSIBLE on W",
        ] {
            assert!(!refuses(text), "{text}");
        }
    }
}
