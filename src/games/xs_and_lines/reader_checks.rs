//! What the tests of the three readers built on [`super::message`]
//! (Dodgem, x's and lines, the permutation game) share; test builds only.
//! A message is read at a point of a match and shown as short strings,
//! and each reader keeps two properties: talk made only of words outside
//! its vocabulary is never play, and no text makes it panic.

use std::ops::Range;

use super::message::{is_marker, Vocabulary};
use crate::event::Body;
use crate::games::chat::{ChatContext, ChatReading, Reading};
use crate::games::MatchState;

/// A player reader: what `seat` writing a text says, in a context.
pub type PlayerReader = fn(&str, usize, &ChatContext) -> Vec<Reading>;

/// What `seat` writing `text` reads as, each reading with its lines: the
/// move `shown` gives for a placement, else the event's kind, or
/// `?reason` when unread.
pub fn read_as(
    read: PlayerReader,
    players: &[&str],
    (text, seat): (&str, usize),
    s: Option<&MatchState>,
    shown: fn(&Body) -> Option<String>,
) -> Vec<(String, Range<usize>)> {
    let players: Vec<String> = players.iter().map(|p| p.to_string()).collect();
    let mut ctx = ChatContext::new(&players, 1);
    ctx.state = s;
    read(text, seat, &ctx)
        .into_iter()
        .map(|r| {
            let what = match r.read {
                ChatReading::Event(b) => shown(&b).unwrap_or_else(|| b.kind().to_string()),
                ChatReading::Unread(why) => format!("?{why}"),
                other => format!("{other:?}"),
            };
            (what, r.lines)
        })
        .collect()
}

/// Talk made of the `words` that are none of the reader's (no entity,
/// filler, marker, `pass` or player name), each followed by a separator.
pub fn talk_outside(v: &Vocabulary, players: &[&str], words: &[String], seps: &[&str]) -> String {
    words
        .iter()
        .filter(|w| {
            !((v.entity)(w)
                || (v.filler)(w)
                || is_marker(w)
                || *w == "pass"
                || players.contains(&w.as_str()))
        })
        .zip(seps)
        .map(|(w, s)| format!("{w}{s}"))
        .collect()
}

/// The events a reader makes of `text` by `seat`, before the game and at
/// `s`: none is the property that talk is never play.
pub fn events_of_talk(
    read: PlayerReader,
    players: &[&str],
    (text, seat): (&str, usize),
    s: &MatchState,
) -> Vec<Reading> {
    let players: Vec<String> = players.iter().map(|p| p.to_string()).collect();
    let mut out = Vec::new();
    for st in [None, Some(s)] {
        let mut ctx = ChatContext::new(&players, 1);
        ctx.state = st;
        out.extend(
            read(text, seat, &ctx)
                .into_iter()
                .filter(|r| matches!(r.read, ChatReading::Event(_))),
        );
    }
    out
}
