//! A match driven event by event, for the games' rules tests (test builds
//! only): two players, mira and jonas, a host, a clock in seconds, and the
//! rule every reducer keeps checked on every event — a refused event
//! leaves the match exactly as it was.
//!
//! A game's tests name `Table<TheirGame>` and add their game's moves in
//! an `impl Table<TheirGame>` of their own.
//!
//! Like all of `games/`, it imports nothing from `log/`, `web/`,
//! `import/` or `verify`; and, being the engine, it names no game.

use std::marker::PhantomData;

use chrono::{DateTime, Utc};

use crate::event::{Actor, Appeal, AppealDecision, Body, Create, Ruling, Scope, Timeout};
use crate::games::{GameConfig, MatchState, Noted, Stamp};

pub const MIRA: usize = 0;
pub const JONAS: usize = 1;

/// The time `secs` seconds into the match.
pub fn at(secs: i64) -> DateTime<Utc> {
    DateTime::from_timestamp(1_800_000_000 + secs, 0).unwrap()
}

/// The name of the player in seat `p`.
pub fn name(p: usize) -> String {
    ["mira", "jonas"][p].to_string()
}

/// The player in seat `p`.
pub fn player(p: usize) -> Actor {
    Actor::Player(name(p))
}

pub fn host() -> Actor {
    Actor::Host("kg".into())
}

/// A match of game `G` and the seq of its last event.
pub struct Table<G> {
    pub state: MatchState,
    pub seq: u64,
    game: PhantomData<G>,
}

impl<G> Table<G> {
    /// A match of `config` created at 0 s.
    pub fn create(config: GameConfig) -> Table<G> {
        let create = Create {
            config,
            players: vec!["mira".into(), "jonas".into()],
            host: "kg".into(),
            title: String::new(),
            source: None,
        };
        Table {
            state: MatchState::start(&create, at(0)).unwrap(),
            seq: 0,
            game: PhantomData,
        }
    }

    /// The next event, at `secs`; a refused one must change nothing.
    pub fn act(&mut self, secs: i64, actor: Actor, body: Body) -> Noted {
        self.seq += 1;
        let before = format!("{:?}", self.state);
        let r = self.state.apply(
            &body,
            Stamp {
                seq: self.seq,
                actor: &actor,
                at: at(secs),
            },
        );
        if r.is_err() {
            assert_eq!(
                before,
                format!("{:?}", self.state),
                "an error changes nothing"
            );
        }
        r
    }

    /// The player in seat `p` posts `body` at `secs`.
    pub fn posts(&mut self, secs: i64, p: usize, body: Body) -> Noted {
        self.act(secs, player(p), body)
    }

    /// The host rules `scope` for the player in seat `winner` (`None`: no
    /// player).
    pub fn rule(&mut self, secs: i64, scope: Scope, winner: Option<usize>) -> Noted {
        let ruling = Ruling {
            scope,
            winner: winner.map(name),
            text: String::new(),
        };
        self.act(secs, host(), Body::Ruling(ruling))
    }

    /// The host says the player in seat `p` ran out of time.
    pub fn timeout(&mut self, secs: i64, p: usize) -> Noted {
        let timeout = Timeout {
            player: name(p),
            note: String::new(),
        };
        self.act(secs, host(), Body::Timeout(timeout))
    }

    /// The player in seat `p` appeals the ruling at `ruling_seq`.
    pub fn appeal(&mut self, secs: i64, p: usize, ruling_seq: u64, grounds: &str) -> Noted {
        let appeal = Appeal {
            ruling_seq,
            grounds: grounds.into(),
        };
        self.posts(secs, p, Body::Appeal(appeal))
    }

    /// `by` decides the appeal at `appeal_seq`: upheld, or overturned for
    /// seat `winner` (`None`: no player).
    pub fn decide(
        &mut self,
        secs: i64,
        by: Actor,
        appeal_seq: u64,
        overturn: Option<Option<usize>>,
    ) -> Noted {
        let decision = AppealDecision {
            appeal_seq,
            upheld: overturn.is_none(),
            winner: overturn.flatten().map(name),
            text: String::new(),
            ..Default::default()
        };
        self.act(secs, by, Body::AppealDecision(decision))
    }
}

/// `text` (a note or a rule's message) says each of `parts`; a failure
/// shows the whole text.
pub fn says(text: &str, parts: &[&str]) {
    for part in parts {
        assert!(text.contains(part), "{part:?} is not in {text:?}");
    }
}

/// `r` is refused under `rule`, its message saying each of `parts`.
pub fn refused(r: Noted, rule: &str, parts: &[&str]) {
    let e = r.unwrap_err();
    assert_eq!(e.rule, rule, "{}", e.message);
    says(&e.message, parts);
}
