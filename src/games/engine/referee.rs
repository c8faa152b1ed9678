//! The host's part of every match, played by the engine for every game:
//! a ruling, a player's appeal against one, and the host's decision on
//! the appeal.
//!
//! The registry hands these three events here and never to a game's
//! `apply`: a game only says where its record is kept — a one-game
//! [`Ending`] or a match of [`Rounds`] — and what its rules say when the
//! host rules ([`crate::games::Game::referee`]). So no game writes the
//! flow of rulings and appeals, and every game words it alike. The two
//! referees' rules live beside the records they keep: `ending.rs` and
//! `rounds.rs`.
//!
//! Imports only the event vocabulary and the engine's own parts; never
//! the store, the web, the importer or the verifier.

use crate::event::{Actor, Appeal, AppealDecision, Ruling};
use crate::games::Noted;

use super::{Book, Decided, Decision, Ending, EndingWords, Round, Rounds, Words, SMALL_GAME};

/// Takes the host's rulings and the appeals against them for one match.
///
/// A referee keeps its rulings in a [`Book`], which takes every appeal
/// and decision alike: so appealing and upholding are written here once,
/// and a referee says only how the host rules and what an overturned
/// ruling changes in its record.
pub trait Referee {
    /// What a ruling is of (nothing in a one-game match; a round, or the
    /// match, in a match of rounds).
    type Of: Copy;

    /// The match's two players, by seat.
    fn players(&self) -> &[String; 2];
    /// The players, and the book of the host's rulings and the appeals.
    fn book(&mut self) -> (&[String; 2], &mut Book<Self::Of>);
    /// The host's ruling at `seq`.
    fn rule(&mut self, seq: u64, ruling: &Ruling, actor: &Actor) -> Noted;
    /// The host's decision at `seq` gives the ruling at `ruling`, of `of`,
    /// to `winner`: what that changes in the record; the note.
    fn overturn(&mut self, seq: u64, ruling: u64, of: Self::Of, winner: Option<usize>) -> String;

    /// A player's appeal at `seq` against a ruling.
    fn appeal(&mut self, seq: u64, appeal: &Appeal, actor: &Actor) -> Noted {
        let (players, book) = self.book();
        book.appeal(players, seq, appeal, actor)
    }

    /// The host's decision at `seq` on an appeal.
    fn decide(&mut self, seq: u64, d: &AppealDecision, actor: &Actor) -> Noted {
        let (players, book) = self.book();
        Ok(match book.decide(players, seq, d, actor)? {
            Decided::Upheld { ruling } => format!("the ruling at seq {ruling} is upheld"),
            Decided::Overturned { ruling, of, winner } => self.overturn(seq, ruling, of, winner),
        })
    }
}

/// The referee of a one-game match: its [`Ending`].
pub struct OneGame<'m> {
    pub(super) players: &'m [String; 2],
    pub(super) ending: &'m mut Ending,
    pub(super) words: &'static EndingWords,
    /// The rules' verdict to record with the ruling, for a game that
    /// reaches it only when the host rules (Duorail); `None` where the
    /// game keeps `ending.by_rules` as it plays.
    pub(super) verdict: Option<Option<Decision>>,
}

impl<'m> OneGame<'m> {
    pub fn new(
        players: &'m [String; 2],
        ending: &'m mut Ending,
        words: &'static EndingWords,
    ) -> OneGame<'m> {
        OneGame {
            players,
            ending,
            words,
            verdict: None,
        }
    }

    /// The referee of a small game (Dodgem, x's and lines, the
    /// permutation game, Nim): its ending, in the small games' words.
    pub fn small(players: &'m [String; 2], ending: &'m mut Ending) -> OneGame<'m> {
        OneGame::new(players, ending, &SMALL_GAME)
    }

    /// The rules' verdict at the moment the host rules: kept in the ending
    /// with the ruling, and left out when the ruling is refused.
    pub fn judged_by(mut self, verdict: Option<Decision>) -> OneGame<'m> {
        self.verdict = Some(verdict);
        self
    }
}

/// The referee of a match of rounds: its [`Rounds`], and how the game's
/// rules decide a round (`decide(round, closed)`, as for [`Rounds::close`]).
pub struct OfRounds<'m, R, F> {
    pub(super) players: &'m [String; 2],
    pub(super) rounds: &'m mut Rounds<R>,
    pub(super) words: &'static Words,
    pub(super) decide: F,
    /// The seat that lost the match by the rules outside any round (a
    /// reserve run out), as for [`Rounds::winner_by_rules`].
    pub(super) forfeit: Option<usize>,
}

impl<'m, R, F> OfRounds<'m, R, F>
where
    R: Round,
    F: Fn(&R, bool) -> Option<Decision>,
{
    pub fn new(
        players: &'m [String; 2],
        rounds: &'m mut Rounds<R>,
        words: &'static Words,
        decide: F,
    ) -> OfRounds<'m, R, F> {
        OfRounds {
            players,
            rounds,
            words,
            decide,
            forfeit: None,
        }
    }

    /// The seat that has lost the match by the rules outside any round.
    pub fn forfeit(mut self, seat: Option<usize>) -> OfRounds<'m, R, F> {
        self.forfeit = seat;
        self
    }
}
