//! A match driven event by event, for the games' rules tests (test builds
//! only): two players, mira and jonas, a host, a clock in seconds, and the
//! rule every reducer keeps checked on every event — a refused event
//! leaves the match exactly as it was.
//!
//! A game's tests name `Table<TheirGame>` and add their game's moves in
//! an `impl Table<TheirGame>` of their own.

use std::marker::PhantomData;

use chrono::{DateTime, Utc};

use crate::event::{Actor, Body, Create};
use crate::games::{GameConfig, MatchState, RuleError};

pub const MIRA: usize = 0;
pub const JONAS: usize = 1;

/// The time `secs` seconds into the match.
pub fn at(secs: i64) -> DateTime<Utc> {
    DateTime::from_timestamp(1_800_000_000 + secs, 0).unwrap()
}

/// The player in seat `p`.
pub fn player(p: usize) -> Actor {
    Actor::Player(["mira", "jonas"][p].to_string())
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
    pub fn act(&mut self, secs: i64, actor: Actor, body: Body) -> Result<String, RuleError> {
        self.seq += 1;
        let before = format!("{:?}", self.state);
        let r = self.state.apply(self.seq, &body, &actor, at(secs));
        if r.is_err() {
            assert_eq!(
                before,
                format!("{:?}", self.state),
                "an error changes nothing"
            );
        }
        r
    }
}
