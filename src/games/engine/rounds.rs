//! A match of rounds, first to N round wins: the rounds as played, the
//! host's ruling of each round and of the match, the appeals that move
//! them, and the score as ruled and by the rules.
//!
//! A game keeps its own round (a board, claims, proofs) and says by a
//! closure how the rules decide one ([`Rounds::close`]); everything a
//! round game does with rulings and the score is here, so Traffic Jam and
//! Bejeweled rule, appeal and count the same way.
//!
//! Like all of `games/`, it imports nothing from `log/`, `web/`,
//! `import/` or `verify`; and, being the engine, it names no game.

use std::ops::Deref;
use std::sync::Arc;

use serde::{Serialize, Serializer};

use super::referee::{OfRounds, Referee};
use super::seats::{host_only, winner_seat};
use super::{Book, Decision, Words};
use crate::event::{Actor, Ruling, Scope};
use crate::games::{Noted, RuleError, Ruled};

/// What the engine needs of a game's round.
pub trait Round: Clone {
    /// The round's number, from 1.
    fn number(&self) -> u32;
    /// The host's ruling of the round, with an appeal's outcome.
    fn ruled(&self) -> &Option<Ruled>;
    /// The rules' verdict, fixed when the round closed.
    fn by_rules(&self) -> &Option<Decision>;
    /// Both, to change.
    fn outcome_mut(&mut self) -> (&mut Option<Ruled>, &mut Option<Decision>);
}

/// Implements [`Round`] for a game's round type whose fields are named
/// as the trait's methods: `number`, `ruled` and `by_rules`.
macro_rules! round_record {
    ($round:ty) => {
        impl $crate::games::engine::Round for $round {
            fn number(&self) -> u32 {
                self.number
            }
            fn ruled(&self) -> &Option<$crate::games::Ruled> {
                &self.ruled
            }
            fn by_rules(&self) -> &Option<$crate::games::engine::Decision> {
                &self.by_rules
            }
            fn outcome_mut(
                &mut self,
            ) -> (
                &mut Option<$crate::games::Ruled>,
                &mut Option<$crate::games::engine::Decision>,
            ) {
                (&mut self.ruled, &mut self.by_rules)
            }
        }
    };
}
pub(crate) use round_record;

/// The rules' verdict on a round so far; `true` when the round is closed
/// (no more answers may come).
pub type Decide<'a, R> = &'a dyn Fn(&R, bool) -> Option<Decision>;

/// The rounds of a match and everything ruled about them.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
#[serde(bound(serialize = "R: Serialize"))]
pub struct Rounds<R> {
    /// Each round shared between copies of the match until one of them
    /// changes it (`Arc::make_mut`): a copy (a replay's state per step, the
    /// state before a takeback) costs a pointer per round, not the round.
    #[serde(serialize_with = "rounds_themselves")]
    played: Vec<Arc<R>>,
    /// Round wins that decide the match.
    pub to_win: u32,
    /// A match-scope ruling.
    pub match_ruling: Option<Ruled>,
    /// Ruling seq → the round it ruled (`None`: the match).
    pub book: Book<Option<u32>>,
    /// Round wins as ruled, counted as rulings and appeal decisions come
    /// (counting the rounds at every ruling made a long match quadratic);
    /// not serialised: it is what the rounds say.
    #[serde(skip)]
    ruled_wins: [u32; 2],
}

/// The rounds as a sequence of rounds (the bytes a `Vec<R>` gives).
fn rounds_themselves<R: Serialize, S: Serializer>(
    rounds: &[Arc<R>],
    s: S,
) -> Result<S::Ok, S::Error> {
    s.collect_seq(rounds.iter().map(|r| &**r))
}

impl<R> Deref for Rounds<R> {
    type Target = [Arc<R>];
    fn deref(&self) -> &[Arc<R>] {
        &self.played
    }
}

impl<'a, R> IntoIterator for &'a Rounds<R> {
    type Item = &'a Arc<R>;
    type IntoIter = std::slice::Iter<'a, Arc<R>>;
    fn into_iter(self) -> Self::IntoIter {
        self.played.iter()
    }
}

impl<R: Round> Rounds<R> {
    /// A match of at most `rounds` rounds, won by the first to `to_win`
    /// round wins, before its first round; a rule error unless `to_win`
    /// wins can decide it.
    pub fn first_to(to_win: u32, rounds: u32) -> Result<Rounds<R>, RuleError> {
        if to_win == 0 || to_win > rounds {
            return Err(RuleError::new(
                "config",
                format!("{to_win} round wins cannot decide a match of {rounds} rounds"),
            ));
        }
        Ok(Rounds {
            played: Vec::new(),
            to_win,
            match_ruling: None,
            book: Book::default(),
            ruled_wins: [0; 2],
        })
    }

    /// The round in progress (opened and not ruled, no match ruling).
    pub fn current(&self) -> Option<&R> {
        let open = self.match_ruling.is_none();
        (self.played.last())
            .filter(|r| open && r.ruled().is_none())
            .map(|r| &**r)
    }

    /// The round in progress, to change.
    pub fn current_mut(&mut self) -> Option<&mut R> {
        let open = self.match_ruling.is_none();
        (self.played.last_mut())
            .filter(|r| open && r.ruled().is_none())
            .map(Arc::make_mut)
    }

    /// The last round opened, to change (ruled or not).
    pub fn last_mut(&mut self) -> Option<&mut R> {
        self.played.last_mut().map(Arc::make_mut)
    }

    /// Round wins as the host ruled them (after appeal decisions).
    pub fn score(&self) -> [u32; 2] {
        debug_assert_eq!(
            self.ruled_wins,
            self.count(|r| r.ruled().as_ref().and_then(Ruled::standing))
        );
        self.ruled_wins
    }

    /// Round wins by the rules' verdicts on the recorded play.
    pub fn score_by_rules(&self) -> [u32; 2] {
        self.count(|r| r.by_rules().as_ref().and_then(|d| d.winner))
    }

    fn count(&self, winner: impl Fn(&R) -> Option<usize>) -> [u32; 2] {
        let mut s = [0; 2];
        for w in self.played.iter().filter_map(|r| winner(r)) {
            s[w] += 1;
        }
        s
    }

    fn first_to_win(&self, s: [u32; 2]) -> Option<usize> {
        (0..2).find(|&p| s[p] >= self.to_win)
    }

    /// The match winner as ruled: a match ruling, else first to `to_win`.
    pub fn winner(&self) -> Option<usize> {
        match &self.match_ruling {
            Some(r) => r.standing(),
            None => self.first_to_win(self.score()),
        }
    }

    /// The match winner by the rules: the other seat when `forfeit` lost
    /// the match outside any round (a reserve run out), else first to
    /// `to_win` by the rules' verdicts.
    pub fn winner_by_rules(&self, forfeit: Option<usize>) -> Option<usize> {
        match forfeit {
            Some(p) => Some(1 - p),
            None => self.first_to_win(self.score_by_rules()),
        }
    }

    /// True once the host's rulings have settled the match.
    pub fn is_over(&self) -> bool {
        self.match_ruling.is_some() || self.winner().is_some()
    }

    /// Fixes the rules' verdict of the last round: no more answers come.
    pub fn close(&mut self, decide: Decide<'_, R>) {
        if let Some(round) = self.played.last_mut() {
            if round.by_rules().is_none() {
                let d = decide(round, true);
                *Arc::make_mut(round).outcome_mut().1 = d;
            }
        }
    }

    /// A rule error unless `actor` may open round `number` of a match of
    /// `limit` rounds now: the host, the next round, the match undecided.
    /// Checked before the game's own checks of the round; nothing changes.
    pub fn may_open(&self, number: u32, limit: u32, actor: &Actor) -> Result<(), RuleError> {
        host_only(actor, "open a round")?;
        if self.is_over() {
            return Err(RuleError::new("match", "the match is already decided"));
        }
        let expected = self.played.len() as u32 + 1;
        if number != expected {
            return Err(RuleError::new(
                "round",
                format!("the next round is {expected}, not {number}"),
            ));
        }
        if number > limit {
            return Err(RuleError::new(
                "round",
                format!("the match has only {limit} rounds"),
            ));
        }
        Ok(())
    }

    /// Opens the next round (after [`Rounds::may_open`] and the game's own
    /// checks). A round still open is closed; the note's opening says so
    /// and what the rules give it.
    pub fn open(
        &mut self,
        round: R,
        players: &[String; 2],
        words: &Words,
        decide: Decide<'_, R>,
    ) -> String {
        let mut note = String::new();
        if let Some(prev) = self.current().map(Round::number) {
            self.close(decide);
            note = format!("round {prev} was never ruled");
            if let Some(d) = self.played.last().and_then(|r| r.by_rules().as_ref()) {
                note.push_str(&format!(
                    " (by the rules it goes to {}: {})",
                    words.name(players, d.winner),
                    d.reason
                ));
            }
            note.push_str("; ");
        }
        self.played.push(Arc::new(round));
        note
    }

    /// "score mira 2–1 jonas".
    pub fn score_text(&self, players: &[String; 2]) -> String {
        let s = self.score();
        format!("score {} {}–{} {}", players[0], s[0], s[1], players[1])
    }

    /// "; mira wins the match" once the match is won as ruled.
    fn won_text(&self, players: &[String; 2]) -> String {
        self.winner()
            .map_or_else(String::new, |w| format!("; {} wins the match", players[w]))
    }
}

impl<R, F> Referee for OfRounds<'_, R, F>
where
    R: Round,
    F: Fn(&R, bool) -> Option<Decision>,
{
    type Of = Option<u32>;

    fn players(&self) -> &[String; 2] {
        self.players
    }

    fn book(&mut self) -> (&[String; 2], &mut Book<Option<u32>>) {
        (self.players, &mut self.rounds.book)
    }

    /// The host's ruling at `seq` of the round in play or of the match.
    /// The forfeit is as for [`Rounds::winner_by_rules`].
    fn rule(&mut self, seq: u64, r: &Ruling, actor: &Actor) -> Noted {
        let OfRounds {
            players,
            rounds,
            words,
            decide,
            forfeit,
        } = self;
        let (players, forfeit) = (*players, *forfeit);
        host_only(actor, "rule")?;
        let winner = winner_seat(players, &r.winner)?;
        let who = words.name(players, winner);
        let ruled = Ruled {
            seq,
            winner,
            text: r.text.clone(),
            overturned: None,
        };
        let Scope::Round(n) = r.scope else {
            if let Some(prev) = &rounds.match_ruling {
                return Err(prev.ruled_again("the match"));
            }
            rounds.close(decide);
            rounds.match_ruling = Some(ruled);
            rounds.book.ruled(seq, None);
            let mut note = format!("the host awards the match to {who}");
            match rounds.winner_by_rules(forfeit) {
                Some(w) if Some(w) == winner => note.push_str("; the rules agree"),
                Some(w) => {
                    note.push_str(&format!("; by the rules the match goes to {}", players[w]))
                }
                None => {}
            }
            return Ok(note);
        };
        let round = match rounds.played.last_mut() {
            Some(round) if round.number() == n => Arc::make_mut(round),
            _ => {
                return Err(RuleError::new(
                    "ruling",
                    format!("round {n} is not the round in play"),
                ))
            }
        };
        if let Some(prev) = round.ruled() {
            return Err(prev.ruled_again(&format!("round {n}")));
        }
        let verdict = decide(round, true);
        let agreement = words.agreement(players, "round", winner, verdict.as_ref());
        let (ruled_slot, by_rules) = round.outcome_mut();
        (*ruled_slot, *by_rules) = (Some(ruled), verdict);
        if let Some(w) = winner {
            rounds.ruled_wins[w] += 1;
        }
        rounds.book.ruled(seq, Some(n));
        Ok(format!(
            "the host awards round {n} to {who}{agreement}; {}{}",
            rounds.score_text(players),
            rounds.won_text(players)
        ))
    }

    /// The round's or the match's ruling now goes to `winner`, and the
    /// score follows.
    fn overturn(
        &mut self,
        seq: u64,
        ruling: u64,
        of: Option<u32>,
        winner: Option<usize>,
    ) -> String {
        let OfRounds {
            players,
            rounds,
            words,
            ..
        } = self;
        let ruled = match of {
            Some(n) => (rounds.played.iter_mut())
                .find(|r| r.number() == n)
                .and_then(|r| Arc::make_mut(r).outcome_mut().0.as_mut()),
            None => rounds.match_ruling.as_mut(),
        };
        if let Some(r) = ruled {
            let was = r.standing();
            r.overturned = Some((seq, winner));
            if of.is_some() {
                if let Some(w) = was {
                    rounds.ruled_wins[w] -= 1;
                }
                if let Some(w) = winner {
                    rounds.ruled_wins[w] += 1;
                }
            }
        }
        format!(
            "the ruling at seq {ruling} is overturned: it now goes to {}; {}{}",
            words.name(players, winner),
            rounds.score_text(players),
            rounds.won_text(players)
        )
    }
}
