//! What the tests of the six games' chat readers share (test builds only):
//! a reader asked as a pair of players, the event a message must be, and
//! the checks every host reader passes in the same words (a timeout names
//! its player, talk is chatter).
//!
//! It owns no words of any game: each game's tests bring their texts. It
//! imports only the vocabulary and `games::chat`.

use std::ops::Range;

use crate::event::{Body, Scope};
use crate::games::chat::{ChatContext, ChatReading, Reading, Speaker};
use crate::games::MatchState;

/// A game's chat reader: what a message by a speaker is, in a context.
pub type ChatReader = fn(&str, Speaker, &ChatContext) -> ChatReading;

/// What `read` makes of `text` by `speaker`, in a match between `players`
/// with `rounds` rounds.
pub fn reading(
    read: ChatReader,
    players: &[&str],
    rounds: u32,
    (text, speaker): (&str, Speaker),
) -> ChatReading {
    let players: Vec<String> = players.iter().map(|p| p.to_string()).collect();
    read(text, speaker, &ChatContext::new(&players, rounds))
}

/// The event `text` was read as; fails the test, naming the text, when it
/// was read as anything else.
pub fn event_of(text: &str, reading: ChatReading) -> Body {
    match reading {
        ChatReading::Event(b) => b,
        other => panic!("{text:?} read as {other:?}"),
    }
}

/// The scope and winner of the ruling `text` was read as.
pub fn ruling_of(text: &str, body: Body) -> (Scope, Option<String>) {
    match body {
        Body::Ruling(r) => (r.scope, r.winner),
        other => panic!("{text}: {other:?}"),
    }
}

/// The player a timeout names.
pub fn timed_out(body: Body) -> String {
    match body {
        Body::Timeout(t) => t.player,
        other => panic!("not a timeout: {other:?}"),
    }
}

/// Each of `talk` is read (by `read`) as chatter, no event.
pub fn assert_talk(read: impl Fn(&str) -> ChatReading, talk: &[&str]) {
    for talk in talk {
        assert_eq!(read(talk), ChatReading::Chatter, "{talk}");
    }
}

/// Everything a player reader makes of `text` by `seat` at `state`, in a
/// match between `players`: each reading as `say` puts it, with its lines.
pub fn readings_of(
    read: impl Fn(&str, usize, &ChatContext) -> Vec<Reading>,
    players: &[String],
    (text, seat): (&str, usize),
    state: Option<&MatchState>,
    say: fn(&ChatReading) -> String,
) -> Vec<(String, Range<usize>)> {
    let mut ctx = ChatContext::new(players, 1);
    ctx.state = state;
    read(text, seat, &ctx)
        .into_iter()
        .map(|r| (say(&r.read), r.lines))
        .collect()
}
