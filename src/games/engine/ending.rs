//! How a one-game match ends: what the rules say, what the host ruled, and
//! the appeals against that ruling.
//!
//! Duorail, Dodgem, x's and lines and the permutation game are single
//! games with no rounds: the rules end them (a track shown, every car off,
//! no line left, every x numbered) and the host rules on the result, once;
//! a correction is an appeal. The four reducers share this one record of
//! it, so a ruling, an appeal and a decision read the same in all four,
//! and the verifier's finding for the three small games is built here.
//!
//! Like all of `games/`, it imports nothing from `log/`, `web/`,
//! `import/` or `verify`; and, being the engine, it names no game.

use std::mem;

use serde::Serialize;

use super::referee::{OneGame, Referee};
use super::seats::{host_only, winner_seat};
use super::{Book, Decision, Words};
use crate::event::{Actor, Ruling, Scope};
use crate::findings::{Award, Finding, Verdict};
use crate::games::{Noted, RuleError, Ruled};

/// The end of a one-game match.
#[derive(Clone, PartialEq, Eq, Debug, Default, Serialize)]
pub struct Ending {
    /// The end by the rules: the winner's seat (`None`: no single winner,
    /// a shared win, a draw, or the host) and why.
    pub by_rules: Option<Decision>,
    /// The host's ruling, with an appeal's outcome.
    pub ruled: Option<Ruled>,
    /// The ruling and the appeals against it.
    pub book: Book<()>,
}

/// How a game words its one ruling.
#[derive(Clone, Copy, Debug)]
pub struct EndingWords {
    pub words: Words,
    /// Who a ruling with no winner goes to ("no one (a draw)").
    pub nobody_ruled: &'static str,
    /// The note's opening, before the winner ("the host rules: ").
    pub opening: &'static str,
    /// Said when the game has not ended by the rules ("" when the game
    /// always has a verdict by the time of a ruling).
    pub unended: &'static str,
}

/// The three small games' words.
pub const SMALL_GAME: EndingWords = EndingWords {
    words: Words { nobody: "no one" },
    nobody_ruled: "no one (a draw)",
    opening: "the host rules: ",
    unended: "; the game has not ended by the rules",
};

const WORDS: Words = SMALL_GAME.words;

impl EndingWords {
    /// Who a ruling (or an appeal that overturns it) gives the game to.
    fn ruled_to(&self, players: &[String; 2], seat: Option<usize>) -> String {
        let nobody = self.nobody_ruled;
        Words { nobody }.name(players, seat)
    }
}

impl Ending {
    /// Whether play has stopped: by the rules or by a ruling.
    pub fn is_over(&self) -> bool {
        self.by_rules.is_some() || self.ruled.is_some()
    }

    /// A rule error when play has stopped.
    pub fn still_playing(&self) -> Result<(), RuleError> {
        match (&self.by_rules, &self.ruled) {
            (Some(d), _) => Err(RuleError::new(
                "turn",
                format!("the game is over ({})", d.reason),
            )),
            (None, Some(r)) => Err(RuleError::new(
                "turn",
                format!("the host ended the game at seq {}", r.seq),
            )),
            (None, None) => Ok(()),
        }
    }

    /// The rules end the game.
    pub fn end(&mut self, winner: Option<usize>, why: String) {
        self.by_rules = Some(Decision {
            winner,
            reason: why,
        });
    }

    /// The winner as ruled (after appeals).
    pub fn winner(&self) -> Option<usize> {
        self.ruled.as_ref().and_then(Ruled::standing)
    }

    /// The score as ruled and by the rules, one point to the winner.
    pub fn scores(&self) -> (Vec<u32>, Vec<u32>) {
        let point = |w: Option<usize>| {
            let mut s = vec![0, 0];
            if let Some(w) = w {
                s[w] = 1;
            }
            s
        };
        (
            point(self.winner()),
            point(self.by_rules.as_ref().and_then(|d| d.winner)),
        )
    }

    /// The "By the rules" fact for a page.
    pub fn fact(&self, players: &[String; 2]) -> Option<(String, String)> {
        self.by_rules.as_ref().map(|d| {
            (
                "By the rules".to_string(),
                format!("{}: {}", WORDS.name(players, d.winner), d.reason),
            )
        })
    }

    /// The verifier's one finding for a small game: the ruling beside the
    /// rules' end. `silent` says why the rules give no result when the
    /// game has not ended by them; `truth` is the state the ruling was
    /// made on.
    pub fn findings(&self, players: &[String; 2], truth: String, silent: &str) -> Vec<Finding> {
        let Some(r) = &self.ruled else {
            return Vec::new();
        };
        let name = |seat| WORDS.name(players, seat);
        let (verdict, by_rules) = match &self.by_rules {
            Some(d) => (
                Verdict::of(Some(r.winner), Some(d.winner)),
                format!("{}: {}", name(d.winner), d.reason),
            ),
            None => (Verdict::RulesSilent, silent.to_string()),
        };
        vec![Finding {
            seq: r.seq,
            round: Some(1),
            claim: format!("the host rules for {}", name(r.winner)),
            claim_true: None,
            truth,
            optimal: None,
            witness: None,
            proofs: Vec::new(),
            by_rules,
            ruled: super::report::ruled_words("the game", r, name, false),
            ruling_seq: Some(r.seq),
            verdict,
            award_by_rules: self
                .by_rules
                .as_ref()
                .map(|d| Award::of_seat(players, d.winner)),
        }]
    }
}

impl OneGame<'_> {
    /// The ruling itself, with the rules' verdict already in the ending.
    fn take_ruling(&mut self, seq: u64, r: &Ruling, actor: &Actor) -> Noted {
        let OneGame {
            players,
            ending,
            words,
            ..
        } = self;
        host_only(actor, "rule")?;
        if let Some(old) = &ending.ruled {
            return Err(old.ruled_again("the game"));
        }
        if let Scope::Round(n @ 2..) = r.scope {
            return Err(RuleError::new(
                "ruling",
                format!("this match is one game: rule round 1 or the match, not round {n}"),
            ));
        }
        let winner = winner_seat(players, &r.winner)?;
        ending.ruled = Some(Ruled {
            seq,
            winner,
            text: r.text.clone(),
            overturned: None,
        });
        ending.book.ruled(seq, ());
        let who = words.ruled_to(players, winner);
        let rules = match &ending.by_rules {
            None => words.unended.to_string(),
            by_rules => (words.words).agreement(players, "game", winner, by_rules.as_ref()),
        };
        Ok(format!("{}{who}{rules}", words.opening))
    }
}

impl Referee for OneGame<'_> {
    type Of = ();

    fn players(&self) -> &[String; 2] {
        self.players
    }

    fn book(&mut self) -> (&[String; 2], &mut Book<()>) {
        (self.players, &mut self.ending.book)
    }

    /// The host's ruling at `seq`: one per match, of round 1 or the match
    /// (a correction is an appeal).
    fn rule(&mut self, seq: u64, r: &Ruling, actor: &Actor) -> Noted {
        let before = (self.verdict.take()).map(|v| mem::replace(&mut self.ending.by_rules, v));
        let note = self.take_ruling(seq, r, actor);
        if let (Err(_), Some(before)) = (&note, before) {
            self.ending.by_rules = before;
        }
        note
    }

    /// The game now goes to `winner`; the rules agree or not.
    fn overturn(&mut self, seq: u64, ruling: u64, _: (), winner: Option<usize>) -> String {
        let OneGame {
            players,
            ending,
            words,
            ..
        } = self;
        if let Some(r) = &mut ending.ruled {
            r.overturned = Some((seq, winner));
        }
        let who = words.ruled_to(players, winner);
        let mut note =
            format!("the ruling at seq {ruling} is overturned: the game now goes to {who}");
        if ending.by_rules.as_ref().is_some_and(|d| d.winner == winner) {
            note.push_str("; the rules agree");
        }
        note
    }
}
