//! What the tests of the six games' chat readers share (test builds only):
//! a reader asked as a pair of players, the event a message must be, the
//! match a message is read at, and the checks every reader passes in the
//! same words (a ruling names its scope and winner, a timeout names its
//! player, talk is chatter, what looks like play but is not is unread),
//! and the check of the chat layer's own tidyings (a text rewritten as it
//! should be, or left as written).
//!
//! It owns no words of any game: each game's tests bring their texts. It
//! imports only the vocabulary, `games::chat`, the registry's
//! `GameConfig` and `MatchState`, chrono and proptest: nothing from `log/`,
//! `web/`, `import/` or `verify.rs`.

use std::ops::Range;

use chrono::{DateTime, Utc};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};

use crate::event::{Actor, Body, Create, Scope};
use crate::games::chat::{ChatContext, ChatReading, Reading, Speaker};
use crate::games::{GameConfig, MatchState, Stamp};

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

/// Who writes, in a property test that draws `seat` from `0..3`: the
/// player in that seat, or (2) the host.
pub fn speaker(seat: usize) -> Speaker {
    match seat {
        0 | 1 => Speaker::Player(seat),
        _ => Speaker::Host,
    }
}

/// Talk made of the `words` that are not notation (by `is_notation`),
/// each followed by its separator from `seps`.
pub fn talk(words: &[String], seps: &[&str], is_notation: fn(&str) -> bool) -> String {
    words
        .iter()
        .filter(|w| !is_notation(w))
        .zip(seps)
        .map(|(w, s)| format!("{w}{s}"))
        .collect()
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

/// Each host message of `cases` is read (by `ruling`, as [`ruling_of`]
/// gives it) as a ruling of that scope for that winner (`None`: no
/// player); a failure names the message.
pub fn assert_rulings(
    ruling: impl Fn(&str) -> (Scope, Option<String>),
    cases: &[(&str, Scope, Option<&str>)],
) {
    for &(text, scope, winner) in cases {
        assert_eq!(ruling(text), (scope, winner.map(str::to_string)), "{text}");
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

/// Each of `talk` says nothing (by `said`, one short string a reading):
/// no event, and nothing unread.
pub fn assert_says_nothing(said: impl Fn(&str) -> Vec<String>, talk: &[&str]) {
    for talk in talk {
        assert_eq!(said(talk), Vec::<String>::new(), "{talk}");
    }
}

/// Each of `bad` is read (by `said`, one short string a reading) as one
/// unread reading, whatever its reason.
pub fn assert_unread(said: impl Fn(&str) -> Vec<String>, bad: &[&str]) {
    for bad in bad {
        assert_unread_because(&said, &[(bad, "")]);
    }
}

/// Each text of `cases` is read (by `said`, one short string a reading,
/// `unread: why` when unread) as one unread reading whose reason says
/// the words beside it.
pub fn assert_unread_because(said: impl Fn(&str) -> Vec<String>, cases: &[(&str, &str)]) {
    for (text, why) in cases {
        let got = said(text);
        assert!(
            got.len() == 1 && got[0].starts_with("unread") && got[0].contains(why),
            "{text}: {got:?}"
        );
    }
}

/// A match of `config` between `players` (and the host) after
/// `events`, each by a seat or (`None`) the host, all at one moment and
/// each legal.
pub fn match_after(
    config: GameConfig,
    players: &[&str],
    events: &[(Option<usize>, Body)],
) -> MatchState {
    let players: Vec<String> = players.iter().map(|p| p.to_string()).collect();
    let create = Create {
        config,
        players: players.clone(),
        host: "host".into(),
        title: String::new(),
        source: None,
    };
    let at = DateTime::<Utc>::UNIX_EPOCH;
    let mut s = MatchState::start(&create, at).expect("a match");
    for (n, (who, body)) in events.iter().enumerate() {
        let actor = match who {
            Some(seat) => Actor::Player(players[*seat].clone()),
            None => Actor::Host("host".into()),
        };
        let seq = n as u64 + 1;
        s.apply(
            body,
            Stamp {
                seq,
                actor: &actor,
                at,
            },
        )
        .expect("a legal event");
    }
    s
}

/// A one-game host reader as its tests ask it: the host of a match
/// between two players, no round opened.
pub struct HostChat {
    pub read: ChatReader,
    pub players: [&'static str; 2],
}

impl HostChat {
    /// The host of a match between `players`, read by `read`.
    pub const fn new(read: ChatReader, players: [&'static str; 2]) -> HostChat {
        HostChat { read, players }
    }

    /// What the host's `text` is.
    pub fn read(&self, text: &str) -> ChatReading {
        reading(self.read, &self.players, 0, (text, Speaker::Host))
    }

    /// The event the host's `text` is; fails the test, naming the text,
    /// when it is anything else.
    pub fn event(&self, text: &str) -> Body {
        event_of(text, self.read(text))
    }

    /// Each of `talk` by the host is chatter.
    pub fn assert_talk(&self, talk: &[&str]) {
        assert_talk(|text| self.read(text), talk);
    }

    /// Each of `texts` by the host is unread, whatever the reason.
    pub fn assert_unread(&self, texts: &[&str]) {
        for text in texts {
            assert!(matches!(self.read(text), ChatReading::Unread(_)), "{text}");
        }
    }
}

/// What one reading says, shortly: an event as `shown` puts it (its debug
/// form when `shown` has no words for it), `unread: why`, or the
/// reading's debug form.
pub fn said_as(r: &ChatReading, shown: fn(&Body) -> Option<String>) -> String {
    match r {
        ChatReading::Event(b) => shown(b).unwrap_or_else(|| format!("{r:?}")),
        ChatReading::Unread(why) => format!("unread: {why}"),
        other => format!("{other:?}"),
    }
}

/// Asserts that `rewrite`, one of the chat layer's tidyings (cells, held
/// keys, wide letters, quotes …), writes each `(said, written)` of
/// `rewritten` as `written` and leaves each text of `kept` as it was said.
/// A failure names the text.
pub fn assert_rewrites(
    rewrite: impl Fn(&str) -> String,
    rewritten: &[(&str, &str)],
    kept: &[&str],
) {
    for (said, written) in rewritten {
        assert_eq!(rewrite(said), *written, "{said}");
    }
    for said in kept {
        assert_eq!(rewrite(said), *said, "{said}");
    }
}

/// A game's player reader: what `seat` writing a text says, in a context.
pub type PlayerReader = fn(&str, usize, &ChatContext) -> Vec<Reading>;

/// Each reading `read` makes of `text` by `seat` at `state` (`None`: the
/// match is not known), in a match between `players` with one round
/// opened, as `said` puts it, with its lines.
pub fn read_lines(
    read: PlayerReader,
    players: &[&str],
    (text, seat): (&str, usize),
    state: Option<&MatchState>,
    said: impl Fn(&ChatReading) -> String,
) -> Vec<(String, Range<usize>)> {
    let players: Vec<String> = players.iter().map(|p| p.to_string()).collect();
    let mut ctx = ChatContext::new(&players, 1);
    ctx.state = state;
    read(text, seat, &ctx)
        .into_iter()
        .map(|r| (said(&r.read), r.lines))
        .collect()
}

/// A game's player reader as its tests ask it: between two players, an
/// event shown in a few words by `shown`.
pub struct PlayerChat {
    pub read: PlayerReader,
    pub players: [&'static str; 2],
    pub shown: fn(&Body) -> Option<String>,
}

impl PlayerChat {
    /// A game's player reader between `players`, its events shown by
    /// `shown`.
    pub const fn new(
        read: PlayerReader,
        players: [&'static str; 2],
        shown: fn(&Body) -> Option<String>,
    ) -> PlayerChat {
        PlayerChat {
            read,
            players,
            shown,
        }
    }

    /// Everything `seat` writing `text` says at `state` (`None`: the
    /// match is not known), each reading as [`said_as`] puts it, with its
    /// lines.
    pub fn readings(
        &self,
        text: &str,
        seat: usize,
        state: Option<&MatchState>,
    ) -> Vec<(String, Range<usize>)> {
        let said = |r: &ChatReading| said_as(r, self.shown);
        read_lines(self.read, &self.players, (text, seat), state, said)
    }

    /// Talk stays talk (a property, 500 cases): a message made only of
    /// words outside the notation (by `is_notation`), each followed by one
    /// of `seps`, never yields an event, whoever writes it, at each of
    /// `states` or with the match unknown. A failure names the smallest
    /// such message.
    pub fn assert_talk_stays_talk(
        &self,
        seps: &[&'static str],
        is_notation: fn(&str) -> bool,
        states: &[MatchState],
    ) {
        let words = proptest::collection::vec("[a-z]{1,9}", 0..14);
        let seps = proptest::collection::vec(proptest::sample::select(seps.to_vec()), 14);
        let messages = (words, seps, 0usize..2, 0..states.len());
        let mut runner = TestRunner::new(Config::with_cases(500));
        let checked = runner.run(&messages, |(words, seps, seat, when)| {
            let text = talk(&words, &seps, is_notation);
            let known = self.readings(&text, seat, Some(&states[when]));
            for r in known.into_iter().chain(self.readings(&text, seat, None)) {
                prop_assert!(r.0.starts_with("unread"), "{text:?} read as {r:?}");
            }
            Ok(())
        });
        if let Err(e) = checked {
            panic!("talk yields an event: {e}");
        }
    }

    /// What `seat` writing `text` says at `state`, without the lines.
    pub fn said(&self, text: &str, seat: usize, state: Option<&MatchState>) -> Vec<String> {
        self.readings(text, seat, state)
            .into_iter()
            .map(|(said, _)| said)
            .collect()
    }
}
