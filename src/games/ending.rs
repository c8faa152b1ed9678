//! How a one-game match ends: what the rules say, what the host ruled, and
//! the appeals against that ruling.
//!
//! Dodgem, x's and lines and the permutation game are single games with no
//! rounds and no claims: the rules end them (every car off, no line left,
//! every x numbered) and the host rules on the result. The three reducers
//! share this one record of it, so a ruling, an appeal and a decision read
//! the same in all three, and the verifier's finding is built in one place.

use std::collections::BTreeMap;

use serde::Serialize;

use super::{host_only, player_seat, winner_seat, RuleError, Ruled};
use crate::event::{Actor, Appeal, AppealDecision, Ruling};
use crate::findings::{Award, Finding, Verdict};

/// The end of a one-game match.
#[derive(Clone, PartialEq, Eq, Debug, Default, Serialize)]
pub struct Ending {
    /// The end by the rules: the winner's seat (`None`: no single winner,
    /// a shared win or a draw) and why.
    pub by_rules: Option<(Option<usize>, String)>,
    /// The host's ruling, with an appeal's outcome.
    pub ruled: Option<Ruled>,
    /// Appeal seq → the ruling seq it is against.
    pub appeals: BTreeMap<u64, u64>,
}

fn name(players: &[String; 2], seat: Option<usize>) -> String {
    seat.map_or_else(|| "no one".to_string(), |s| players[s].clone())
}

impl Ending {
    /// Whether play has stopped: by the rules or by a ruling.
    pub fn is_over(&self) -> bool {
        self.by_rules.is_some() || self.ruled.is_some()
    }

    /// A rule error when play has stopped.
    pub fn still_playing(&self) -> Result<(), RuleError> {
        match (&self.by_rules, &self.ruled) {
            (Some((_, why)), _) => Err(RuleError::new("turn", format!("the game is over ({why})"))),
            (None, Some(r)) => Err(RuleError::new(
                "turn",
                format!("the host ended the game at seq {}", r.seq),
            )),
            (None, None) => Ok(()),
        }
    }

    /// The rules end the game.
    pub fn end(&mut self, winner: Option<usize>, why: String) {
        self.by_rules = Some((winner, why));
    }

    /// The host's ruling; one per match (a correction is an appeal).
    pub fn rule(
        &mut self,
        players: &[String; 2],
        seq: u64,
        r: &Ruling,
        actor: &Actor,
    ) -> Result<String, RuleError> {
        host_only(actor, "rule")?;
        if let Some(old) = &self.ruled {
            return Err(RuleError::new(
                "ruling",
                format!(
                    "the game was already ruled at seq {}; a correction is an appeal",
                    old.seq
                ),
            ));
        }
        let w = winner_seat(players, &r.winner)?;
        self.ruled = Some(Ruled {
            seq,
            winner: w,
            text: r.text.clone(),
            overturned: None,
        });
        let who = w.map_or_else(|| "no one (a draw)".to_string(), |w| players[w].clone());
        let rules = match &self.by_rules {
            Some((rw, why)) if *rw == w => format!("the rules agree: {why}"),
            Some((rw, why)) => format!(
                "by the rules the game goes to {}: {why}",
                name(players, *rw)
            ),
            None => "the game has not ended by the rules".to_string(),
        };
        Ok(format!("the host rules: {who}; {rules}"))
    }

    /// A player's appeal against the ruling.
    pub fn appeal(
        &mut self,
        players: &[String; 2],
        seq: u64,
        a: &Appeal,
        actor: &Actor,
    ) -> Result<String, RuleError> {
        player_seat(players, actor)?;
        match &self.ruled {
            Some(r) if r.seq == a.ruling_seq => {
                self.appeals.insert(seq, a.ruling_seq);
                Ok(format!("appeal against the ruling at seq {}", a.ruling_seq))
            }
            _ => Err(RuleError::new(
                "appeal",
                format!("seq {} is not the ruling", a.ruling_seq),
            )),
        }
    }

    /// The host's decision on an appeal.
    pub fn decide(
        &mut self,
        players: &[String; 2],
        seq: u64,
        d: &AppealDecision,
        actor: &Actor,
    ) -> Result<String, RuleError> {
        host_only(actor, "decide an appeal")?;
        if !self.appeals.contains_key(&d.appeal_seq) {
            return Err(RuleError::new(
                "appeal",
                format!("seq {} is not an appeal", d.appeal_seq),
            ));
        }
        if d.upheld {
            return Ok("the ruling stands".into());
        }
        let w = winner_seat(players, &d.winner)?;
        if let Some(r) = &mut self.ruled {
            r.overturned = Some((seq, w));
        }
        Ok(format!(
            "the ruling is overturned: the game goes to {}",
            name(players, w)
        ))
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
            point(self.ruled.as_ref().and_then(Ruled::standing)),
            point(self.by_rules.as_ref().and_then(|(w, _)| *w)),
        )
    }

    /// The "By the rules" fact for a page.
    pub fn fact(&self, players: &[String; 2]) -> Option<(String, String)> {
        self.by_rules.as_ref().map(|(w, why)| {
            (
                "By the rules".to_string(),
                format!("{}: {why}", name(players, *w)),
            )
        })
    }

    /// The verifier's one finding: the ruling beside the rules' end.
    /// `silent` says why the rules give no result when the game has not
    /// ended by them; `truth` is the state the ruling was made on.
    pub fn findings(&self, players: &[String; 2], truth: String, silent: &str) -> Vec<Finding> {
        let Some(r) = &self.ruled else {
            return Vec::new();
        };
        let (verdict, by_rules) = match &self.by_rules {
            Some((w, why)) if *w == r.winner => {
                (Verdict::Agrees, format!("{}: {why}", name(players, *w)))
            }
            Some((w, why)) => (Verdict::Disagrees, format!("{}: {why}", name(players, *w))),
            None => (Verdict::RulesSilent, silent.to_string()),
        };
        vec![Finding {
            seq: r.seq,
            round: Some(1),
            claim: format!("the host rules for {}", name(players, r.winner)),
            claim_true: None,
            truth,
            optimal: None,
            witness: None,
            proofs: Vec::new(),
            by_rules,
            ruled: format!("the game to {} (seq {})", name(players, r.winner), r.seq),
            ruling_seq: Some(r.seq),
            verdict,
            award_by_rules: self
                .by_rules
                .as_ref()
                .map(|(w, _)| Award::of_seat(players, *w)),
        }]
    }
}
