//! Multiplications Within The Permutation in chat: the host's words, and
//! one message read on its own.
//!
//! A player's message (an x placed or numbered, a correction, talk) is
//! read in [`super::player`], knowing the match so far. The host's part
//! (player 1, a ruling, a time-out) is read by the shared host reader
//! (`crate::games::chat::host`) as in x's and lines (same grid notation,
//! same one-game match); equal totals share the win, so a ruling of a tie
//! or a shared win names no winner.
//!
//! Must not import anything from `log/` but the event vocabulary, nor
//! from `import/`, `web/` or `verify.rs`.

use crate::event::Body;
use crate::games::chat::host::HostWords;
use crate::games::chat::Opening;
use crate::games::{one_game, GameKind};
use crate::games::{ChatContext, ChatReading, RoundSetup, Speaker};

use super::rules;

pub use super::player::read_player_message;

/// Reads one chat message of a permutation match on its own, as one
/// reading: a player's x (the last one, when the message corrects itself;
/// see [`read_player_message`] for every reading), or what the host says
/// (who is player 1, a ruling, a time-out). Talk is `Chatter`.
pub fn read_chat(text: &str, speaker: Speaker, ctx: &ChatContext) -> ChatReading {
    one_game::read_chat(GameKind::Permutation, text, speaker, ctx)
}

/// The permutation game's words for the host: one game, player 1 first;
/// equal totals share the win.
pub const HOST_WORDS: HostWords = HostWords {
    draws: SHARED,
    ..one_game::HOST_WORDS
};

/// The game's setup from what the host said: who is player 1.
pub fn open(o: &Opening, ctx: &ChatContext) -> Result<Body, String> {
    let first = one_game::first_player(o, ctx, "is player 1")?;
    Ok(Body::RoundStart(RoundSetup::Permutation(rules::Setup {
        first,
    })))
}

/// A host's clauses that end the game with no single winner.
const SHARED: &[&[&str]] = &[
    &["shared", "win"],
    &["share", "the", "win"],
    &["shares", "the", "win"],
    &["equal", "totals"],
    &["a", "tie"],
    &["tied"],
    &["a", "draw"],
    &["split", "it"],
    &["split", "the", "win"],
    &["split", "the", "match"],
    &["split", "the", "points"],
    &["even", "split"],
    // A results bot's line: `Result: shared — @mint 36 · @Ashby 36 (draw)`.
    &["result", "shared"],
    &["shared", "result"],
    &["draw"],
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::Scope;
    use crate::games::chat_checks::{timed_out, HostChat};

    const HOST: HostChat = HostChat::new(read_chat, ["ottilie", "Fen_"]);

    #[test]
    fn the_host_names_player_1_and_rules_wins_and_shared_wins() {
        let Body::RoundStart(RoundSetup::Permutation(s)) =
            HOST.event("Fen_ is player 1, ottilie 2")
        else {
            panic!()
        };
        assert_eq!(s.first, "Fen_");
        let Body::Ruling(r) = HOST.event("24 to 37: **Fen_ wins**") else {
            panic!()
        };
        assert_eq!((r.scope, r.winner.as_deref()), (Scope::Match, Some("Fen_")));
        let Body::Ruling(r) = HOST.event("30 – 30, equal totals: a shared win") else {
            panic!()
        };
        assert_eq!(r.winner, None);
        let Body::Ruling(r) = HOST.event("level on 30 apiece, so it's a shared victory 🤝")
        else {
            panic!()
        };
        assert_eq!(r.winner, None);
        // Only the loser named, with the margin: the other wins.
        let Body::Ruling(r) = HOST.event("ottilie finishes 6 behind (29 vs 35), gg 🌿") else {
            panic!()
        };
        assert_eq!(r.winner.as_deref(), Some("Fen_"));
        assert_eq!(HOST.event("ottilie timed out").kind(), "timeout");
        assert_eq!(
            timed_out(HOST.event("Fen_ let the clock run down 🙃")),
            "Fen_"
        );
        HOST.assert_talk(&[
            "ottilie is 6 behind",
            "level on 30 apiece for now",
            // A number's points, counted for its player, are no win.
            "C1 → 5x3 = 15 point for Fen_ 👍",
            "that's 12 points to ottilie",
        ]);
        assert_eq!(HOST.read("welcome!"), ChatReading::Chatter);
    }
}
