//! Dodgem in chat: the host's words, and one message read on its own.
//!
//! A player's message (a move written `a3 E` and its many other forms, a
//! correction, talk) is read in [`super::player`], knowing the match so
//! far. The host names who plays blue — `quill plays blue`, `quill is
//! blue, marrow red`, `red: marrow` (the other is blue), `quill goes
//! first` (blue moves first) — and ends the game with a ruling (`quill
//! wins`, `draw by repetition`, a draw has no winner) or a time-out; those
//! are read by the shared host reader (`crate::games::chat::host`), clause
//! by clause with the name next to its key word, with Dodgem's words
//! below.
//!
//! Must not import anything from `log/` but the event vocabulary, nor
//! from `import/`, `web/` or `verify.rs`.

use crate::event::Body;
use crate::games::chat::host::HostWords;
use crate::games::chat::words::Beside;
use crate::games::chat::Opening;
use crate::games::{one_game, GameKind};
use crate::games::{ChatContext, ChatReading, RoundSetup, Speaker};

use super::rules;

pub use super::player::read_player_message;

/// Reads one chat message of a Dodgem match on its own, as one reading:
/// a player's move (the last one, when the message corrects itself;
/// see [`read_player_message`] for every reading), or what the host says
/// (who plays blue, a ruling, a time-out). Talk is `Chatter`.
pub fn read_chat(text: &str, speaker: Speaker, ctx: &ChatContext) -> ChatReading {
    one_game::read_chat(GameKind::Dodgem, text, speaker, ctx)
}

/// Clauses a host rules a draw with (no winner).
const DRAWS: &[&[&str]] = &[
    &["a", "draw"],
    &["draw", "by"],
    &["drawn"],
    &["draw", "agreed"],
    // `threefold repetition — draw`: the host rules a draw by repetition.
    &["repetition"],
    // `im calling it, draw`: Dodgem draws no lines, so the word is a draw.
    &["draw"],
];

/// Dodgem's words for the host: blue moves first, red second; one game;
/// a player wins by getting every car off.
pub const HOST_WORDS: HostWords = HostWords {
    sides: Some(("blue", "red")),
    draws: DRAWS,
    wins: &[
        (&["cars", "off"], Beside::Before, 4),
        (&["all", "off"], Beside::Before, 4),
        (&["both", "off"], Beside::Before, 4),
    ],
    ..one_game::HOST_WORDS
};

/// The game's setup from what the host said: who plays blue.
pub fn open(o: &Opening, ctx: &ChatContext) -> Result<Body, String> {
    let blue = one_game::first_player(o, ctx, "plays blue")?;
    Ok(Body::RoundStart(RoundSetup::Dodgem(rules::Setup { blue })))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::Scope;
    use crate::games::chat_checks::{timed_out, HostChat};

    const HOST: HostChat = HostChat::new(read_chat, ["quill", "marrow"]);

    #[test]
    fn the_host_names_blue_rules_and_calls_time() {
        let quill_blue = Body::RoundStart(RoundSetup::Dodgem(rules::Setup {
            blue: "quill".into(),
        }));
        for text in [
            "quill plays blue",
            "quill is blue, marrow red",
            "**Blue:** quill — **Red:** marrow",
            "marrow plays red and quill plays blue",
            "red: marrow",
            "quill goes first 🔵",
            "marrow vs quill: quill has blue",
        ] {
            assert_eq!(HOST.event(text), quill_blue, "{text}");
        }
        let Body::Ruling(r) = HOST.event("quill wins 🏆") else {
            panic!()
        };
        assert_eq!(
            (r.scope, r.winner.as_deref()),
            (Scope::Match, Some("quill"))
        );
        assert_eq!(r.text, "quill wins 🏆", "the host's words are kept");
        for text in [
            "Draw by repetition.",
            "that's a draw, gg both",
            "game drawn",
        ] {
            let Body::Ruling(r) = HOST.event(text) else {
                panic!("{text}")
            };
            assert_eq!(r.winner, None, "{text}");
        }
        // A one-game match scored as one: its result.
        for text in ["1:0 for marrow, gg wp", "1-0 to marrow"] {
            let Body::Ruling(r) = HOST.event(text) else {
                panic!("{text}")
            };
            assert_eq!(r.winner.as_deref(), Some("marrow"), "{text}");
        }
        // Only the loser named, spoken to: the other wins.
        let Body::Ruling(r) = HOST.event("unlucky @marrow, that's the L 😬 gg") else {
            panic!()
        };
        assert_eq!(r.winner.as_deref(), Some("quill"));
        assert_eq!(timed_out(HOST.event("marrow ran out of time ⏱️")), "marrow");
        assert_eq!(
            timed_out(HOST.event("quill's 2 minutes expired without a move ⏲️")),
            "quill"
        );
        HOST.assert_talk(&[
            "welcome to the Bumper Cup final",
            "blue to move",
            "first to drive every car off wins",
            "who plays blue?",
            "marrow loses a car off the edge",
            "don't let the clock run down, quill",
            "2 for marrow so far",
        ]);
        HOST.assert_unread(&["quil plays blue", "quill plays blue, marrow plays blue"]);
    }
}
