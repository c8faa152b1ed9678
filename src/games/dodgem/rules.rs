//! A Dodgem match: the host names who plays blue (and so moves first),
//! then players alternate moves written `a3 E`; the game ends when a side
//! has driven every car off (it wins), when the side to move is stuck (it
//! loses or wins by the match's rule), or when the host rules — a draw by
//! repetition is a ruling with no winner.
//!
//! Like all of `games/`, it imports nothing from `log/`, `web/`,
//! `import/` or `verify`, and no other game's folder.

use serde::{Deserialize, Serialize};

use super::board::{Position, Side, StuckRule};
use crate::event::Actor;
use crate::games::engine::referee::{OneGame, Referee};
use crate::games::engine::seats::{first_seat, mover};
use crate::games::rule;
use crate::games::{Created, Ending, Event, Game, Noted, Payloads, RuleError, Stamp};

/// The options of a Dodgem match.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    /// Board size, 3 to 5.
    pub size: u8,
    pub rule: StuckRule,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            size: 3,
            rule: StuckRule::StuckLoses,
        }
    }
}

/// The host's setup: who plays blue.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Setup {
    pub blue: String,
}

/// A move as written: `a3 E`.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Placement {
    #[serde(rename = "move")]
    pub mv: String,
}

pub use crate::games::Nothing;

/// The whole match.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Match {
    pub config: Config,
    pub players: [String; 2],
    /// Seat of the blue player, once set up.
    pub blue: Option<usize>,
    pub position: Position,
    /// Moves played, as written canonically, with their seq.
    pub moves: Vec<(u64, String)>,
    /// The position before the last move (to judge that move).
    pub before_last: Option<Position>,
    /// The end by the rules, the ruling and its appeals.
    pub ending: Ending,
}

impl Match {
    /// The match before the host says who plays blue; a rule error unless
    /// the board size is one the game is played on.
    pub fn new(config: Config, created: Created<'_>) -> Result<Match, RuleError> {
        if !(3..=5).contains(&config.size) {
            return Err(rule(
                "config",
                format!("board size {} is not 3, 4 or 5", config.size),
            ));
        }
        Ok(Match {
            config,
            players: created.players.clone(),
            blue: None,
            position: Position::start(config.size),
            moves: Vec::new(),
            before_last: None,
            ending: Ending::default(),
        })
    }

    pub fn seat(&self, side: Side) -> Option<usize> {
        self.blue.map(|b| match side {
            Side::Blue => b,
            Side::Red => 1 - b,
        })
    }

    /// The host names the player who plays blue.
    fn name_blue(&mut self, actor: &Actor, named: &str) -> Noted {
        let b = first_seat(&self.players, actor, &mut self.blue, named)?;
        Ok(format!(
            "{} plays blue and moves first; {} plays red",
            self.players[b],
            self.players[1 - b]
        ))
    }

    /// The player behind `actor` moves a car, written `mv` (`a3 E`), at
    /// `seq`; the game ends when a side has driven every car off or the
    /// side to move is stuck.
    fn drive(&mut self, seq: u64, actor: &Actor, mv: &str) -> Noted {
        let to_move = self.seat(self.position.to_move);
        let unset = "the host has not said who plays blue";
        let seat = mover(&self.players, &self.ending, actor, to_move, unset)?;
        let mv = self.position.parse_move(mv).map_err(|e| rule("move", e.to_string()))?;
        let written = self.position.move_name(mv);
        self.before_last = Some(self.position);
        self.position = self.position.play(mv);
        self.moves.push((seq, written.clone()));
        let mut note = format!("{} plays {written}", self.players[seat]);
        if let Some(w) = self.position.winner() {
            let s = self.seat(w);
            self.ending
                .end(s, format!("{} drove every car off", self.players[seat]));
            note.push_str(": every car is off, they win");
        } else if self.position.moves().is_empty() {
            let stuck = self.seat(self.position.to_move).expect("set up");
            let winner = match self.config.rule {
                StuckRule::StuckLoses => 1 - stuck,
                StuckRule::StuckWins => stuck,
            };
            self.ending.end(
                Some(winner),
                format!(
                    "{} cannot move ({})",
                    self.players[stuck],
                    self.config.rule.slug()
                ),
            );
            note.push_str(&format!("; {} cannot move", self.players[stuck]));
        }
        Ok(note)
    }
}

/// The Dodgem game.
pub struct Dodgem;

impl Game for Dodgem {
    type Payloads = Payloads<Config, Setup, Placement>;
    type State = Match;

    fn start(config: &Config, created: Created<'_>) -> Result<Match, RuleError> {
        Match::new(*config, created)
    }

    fn referee(m: &mut Match) -> impl Referee + '_ {
        OneGame::small(&m.players, &mut m.ending)
    }

    fn apply(m: &mut Match, event: Event<'_, Self>, stamp: Stamp<'_>) -> Noted {
        let Stamp { seq, actor, .. } = stamp;
        match event {
            Event::RoundStart(s) => m.name_blue(actor, &s.blue),
            Event::Place(p) => m.drive(seq, actor, &p.mv),
            Event::Timeout(_) => Ok(String::new()),
            Event::Pass => Err(rule("pass", "in Dodgem a player must move")),
            Event::Claim(x) | Event::Challenge(x) | Event::Proof(x) => match *x {},
        }
    }
}

#[cfg(test)]
mod tests {
    //! The engine's timeout checks as a one-game match sees them. Imports
    //! this game's rules, the event vocabulary and `engine::table` only.

    use super::*;
    use crate::event::{Body, Timeout};
    use crate::games::engine::table::{host, player, refused, says, Table, MIRA};
    use crate::games::GameConfig;

    fn timeout(name: &str) -> Body {
        Body::Timeout(Timeout {
            player: name.into(),
            note: String::new(),
        })
    }

    /// Only the host announces a timeout, and only of a player: a player's
    /// own timeout, or one naming a stranger, was once taken and noted as
    /// the host's word.
    #[test]
    fn a_timeout_is_the_hosts_and_names_a_player() {
        let mut t = Table::<Dodgem>::create(GameConfig::Dodgem(Config::default()));
        refused(
            t.act(5, player(MIRA), timeout("jonas")),
            "actor",
            &["only the host"],
        );
        refused(
            t.act(6, host(), timeout("nobody")),
            "timeout",
            &["not a player"],
        );
        let note = t.act(7, host(), timeout("jonas")).unwrap();
        says(&note, &["the host says jonas's time ran out"]);
    }
}
