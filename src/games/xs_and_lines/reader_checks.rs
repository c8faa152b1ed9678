//! What the tests of the three readers built on [`super::message`]
//! (Dodgem, x's and lines, the permutation game) share; test builds only.
//! A message is read at a point of a match and shown as short strings,
//! and each reader keeps two properties: talk made only of words outside
//! its vocabulary is never play, and no text makes it panic
//! ([`reader_properties!`] writes both as proptests).
//!
//! Imports nothing from `log/`, `web/`, `import/` or `verify.rs`.

use std::ops::Range;

use chrono::{DateTime, Utc};

use super::message::{is_marker, Vocabulary};
use crate::event::{Actor, Body, Create};
use crate::games::chat::{ChatContext, ChatReading, Reading};
use crate::games::chat_checks::{assert_says_nothing, read_lines, PlayerReader};
use crate::games::{describe_payload, GameConfig, MatchState, RoundSetup, Stamp};

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
    read_lines(read, players, (text, seat), s, |r| match r {
        ChatReading::Event(b) => shown(b).unwrap_or_else(|| b.kind().to_string()),
        ChatReading::Unread(why) => format!("?{why}"),
        other => format!("{other:?}"),
    })
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

/// The move a placement shows, in its game's notation (other events show
/// their kind).
pub fn placed(b: &Body) -> Option<String> {
    match b {
        Body::Place(_) => describe_payload(b),
        _ => None,
    }
}

/// One game's player reader as its tests ask it, between two players:
/// the reader, its vocabulary, and how a move it reads is placed.
pub struct Reader {
    pub read: PlayerReader,
    pub players: [&'static str; 2],
    pub vocabulary: Vocabulary,
    /// The placement event of a move written in the game's notation.
    pub place: fn(String) -> Body,
}

impl Reader {
    /// A game's reader with its vocabulary and placement, between `players`.
    pub const fn new(
        read: PlayerReader,
        vocabulary: Vocabulary,
        place: fn(String) -> Body,
        players: [&'static str; 2],
    ) -> Reader {
        Reader {
            read,
            players,
            vocabulary,
            place,
        }
    }

    /// [`read_as`], a placement shown as its move.
    pub fn read_in(
        &self,
        text: &str,
        seat: usize,
        s: Option<&MatchState>,
    ) -> Vec<(String, Range<usize>)> {
        read_as(self.read, &self.players, (text, seat), s, placed)
    }

    /// Only the moves (or `?reason`s), without their lines.
    pub fn moves(&self, text: &str, seat: usize, s: Option<&MatchState>) -> Vec<String> {
        self.read_in(text, seat, s)
            .into_iter()
            .map(|r| r.0)
            .collect()
    }

    /// Each case `(at, text, seat, want)`: `text` by `seat`, in the match
    /// `state(at)` gives, reads as the moves `want` (or `?reason`s).
    pub fn assert_moves(
        &self,
        state: fn(usize) -> MatchState,
        cases: &[(usize, &str, usize, &[&str])],
    ) {
        for &(at, text, seat, want) in cases {
            assert_eq!(
                self.moves(text, seat, Some(&state(at))),
                want,
                "{text} at {at}"
            );
        }
    }

    /// Each of `talk` by `seat`, in the match `s`, says nothing.
    pub fn assert_talk(&self, seat: usize, s: Option<&MatchState>, talk: &[&str]) {
        assert_says_nothing(|t| self.moves(t, seat, s), talk);
    }

    /// Each of `talk` by `seat` (the match unknown) says nothing, and
    /// `pass` is a pass.
    pub fn assert_talk_and_pass(&self, seat: usize, talk: &[&str]) {
        self.assert_talk(seat, None, talk);
        assert_eq!(self.moves("pass", seat, None), ["pass"]);
    }

    /// Why `text` by `seat` is unread: its one reading must be a reason
    /// (how to write the move), else the test fails, naming what it read.
    pub fn why_unread(&self, text: &str, seat: usize, s: Option<&MatchState>) -> String {
        match self.moves(text, seat, s).as_slice() {
            [why] if why.starts_with('?') => why[1..].to_string(),
            got => panic!("{text:?} should be unread, and reads as {got:?}"),
        }
    }

    /// A match between the two players in `config`, opened by the host
    /// with `setup`, after `moves` in turn: the `i`th placed by the player
    /// in seat `seat(i)`.
    pub fn after(
        &self,
        config: GameConfig,
        setup: RoundSetup,
        moves: &[&str],
        seat: fn(usize) -> usize,
    ) -> MatchState {
        let at = DateTime::<Utc>::UNIX_EPOCH;
        let create = Create {
            config,
            players: self.players.iter().map(|p| p.to_string()).collect(),
            host: "host".into(),
            title: String::new(),
            source: None,
        };
        let mut s = MatchState::start(&create, at).expect("a valid test match");
        let host = Actor::Host("host".into());
        let opening = Stamp {
            seq: 1,
            actor: &host,
            at,
        };
        s.apply(&Body::RoundStart(setup), opening)
            .expect("a valid setup");
        for (i, mv) in moves.iter().enumerate() {
            let who = Actor::Player(self.players[seat(i)].into());
            let seq = i as u64 + 2;
            s.apply(
                &(self.place)(mv.to_string()),
                Stamp {
                    seq,
                    actor: &who,
                    at,
                },
            )
            .expect("a legal test move");
        }
        s
    }
}

/// The two properties every reader keeps, as proptests over the match
/// points `points` (`state` gives the match at each): talk made only of
/// words outside the [`Reader`]'s vocabulary is never play, whoever writes
/// it and wherever the match is (`marks`: the game's own separators
/// beside the common ones), and the reader answers whatever a player
/// writes.
macro_rules! reader_properties {
    (
        reader: $reader:expr,
        marks: [$($mark:literal),*],
        points: $points:expr,
        state: $state:expr $(,)?
    ) => {
        proptest::proptest! {
            #![proptest_config(proptest::prelude::ProptestConfig::with_cases(500))]
            #[test]
            fn words_outside_the_vocabulary_are_never_play(
                words in proptest::collection::vec("[a-z]{2,9}", 1..12),
                seps in proptest::collection::vec(proptest::prop_oneof![
                    proptest::strategy::Just(" "),
                    proptest::strategy::Just(", "),
                    proptest::strategy::Just("\n"),
                    proptest::strategy::Just("! ")
                    $(, proptest::strategy::Just($mark))*
                ], 12),
                seat in 0usize..2,
                at in $points,
            ) {
                use $crate::games::xs_and_lines::reader_checks::{events_of_talk, talk_outside};
                let r = &$reader;
                let text = talk_outside(&r.vocabulary, &r.players, &words, &seps);
                let s = ($state)(at);
                let got = events_of_talk(r.read, &r.players, (&text, seat), &s);
                proptest::prop_assert!(got.is_empty(), "{text:?} read as {got:?}");
            }

            #[test]
            fn arbitrary_text_never_panics(
                text in "\\PC{0,60}(\n\\PC{0,30}){0,4}",
                seat in 0usize..2,
                at in $points,
            ) {
                use $crate::games::xs_and_lines::reader_checks::read_as;
                let r = &$reader;
                let s = ($state)(at);
                let _ = read_as(r.read, &r.players, (&text, seat), Some(&s), |_| None);
            }
        }
    };
}

pub(crate) use reader_properties;
