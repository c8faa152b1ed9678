//! The match engine: what every DM has, written once for every game.
//!
//! As `midend.c` in Simon Tatham's collection owns what every puzzle
//! shares (history, timers, serialisation) while `struct game` is the small
//! set each puzzle fills in, this module owns what every death match
//! shares: the seats and who may act ([`seats`]), the host's rulings and
//! the players' appeals against them ([`Book`]), a verdict of the rules
//! ([`Decision`]), a match of rounds first to N wins with its round and
//! match rulings ([`Rounds`]), a one-game match's end ([`Ending`]), and
//! the time allowances every clock charges once ([`clock`]). A
//! game supplies only what is its own: its position and moves, what its
//! claims and proofs mean and how the rules decide a round (a closure the
//! engine calls), its clocks, its view, and its words where they differ
//! ([`Words`]).
//!
//! Imports only the event vocabulary and [`super::RuleError`]; never the
//! store, the web, the importer or the verifier.

mod book;
pub mod clock;
mod ending;
pub mod referee;
pub mod report;
mod rounds;
pub mod seats;
#[cfg(test)]
pub mod table;

use serde::Serialize;

pub use book::{Appealed, Book, Decided};
use ending::SMALL_GAME;
pub use ending::{Ending, EndingWords};
pub(crate) use rounds::round_record;
pub use rounds::{Round, Rounds};

/// The rules' verdict on a round or a game, with the reason.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Decision {
    /// Seat of the winner; `None`: the rules name no player (the host
    /// wins, a draw, or the host decides, as the game says).
    pub winner: Option<usize>,
    pub reason: String,
}

/// A game's words where the engine's notes name an outcome.
#[derive(Clone, Copy, Debug)]
pub struct Words {
    /// Who a ruling or verdict with no winner goes to ("no player",
    /// "no player (the host)", "no one").
    pub nobody: &'static str,
}

impl Words {
    /// The words of a game whose outcome no player wins is the host's
    /// (Bejeweled, Duorail).
    pub const THE_HOST: Words = Words {
        nobody: "no player (the host)",
    };

    /// A seat's name, or the game's word for no player.
    pub fn name(&self, players: &[String; 2], seat: Option<usize>) -> String {
        seat.map_or_else(|| self.nobody.to_string(), |s| players[s].clone())
    }

    /// How the rules' verdict stands beside a ruling for `winner` of
    /// `what` ("round", "game"): "; the rules agree: …", "; by the rules
    /// the round goes to …: …", or nothing without a verdict.
    pub fn agreement(
        &self,
        players: &[String; 2],
        what: &str,
        winner: Option<usize>,
        by_rules: Option<&Decision>,
    ) -> String {
        match by_rules {
            Some(d) if d.winner == winner => format!("; the rules agree: {}", d.reason),
            Some(d) => format!(
                "; by the rules the {what} goes to {}: {}",
                self.name(players, d.winner),
                d.reason
            ),
            None => String::new(),
        }
    }
}
