//! The host's rulings and the players' appeals against them: which seqs
//! are rulings (and what each ruled), who appealed which, and which
//! decision answered each appeal. Every game keeps this book the same way;
//! what an overturned ruling changes (a round's winner, the game's) is the
//! caller's, told by [`Decided`].
//!
//! Like all of `games/`, it imports nothing from `log/`, `web/`,
//! `import/` or `verify`; and, being the engine, it names no game.

use std::collections::BTreeMap;

use serde::Serialize;

use super::seats::{host_only, player_seat, winner_seat};
use crate::event::{Actor, Appeal, AppealDecision};
use crate::games::Noted;
use crate::games::RuleError;

/// One appeal: by which seat, against which ruling, and the seq of the
/// decision that answered it.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
pub struct Appealed {
    pub by: usize,
    pub ruling: u64,
    pub decided: Option<u64>,
}

/// The rulings and appeals of a match; `Of` says what a ruling ruled (a
/// round's number or the match, or nothing in a one-game match).
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Book<Of> {
    /// Ruling seq → what it ruled.
    pub rulings: BTreeMap<u64, Of>,
    /// Appeal seq → the appeal.
    pub appeals: BTreeMap<u64, Appealed>,
}

impl<Of> Default for Book<Of> {
    fn default() -> Book<Of> {
        Book {
            rulings: BTreeMap::new(),
            appeals: BTreeMap::new(),
        }
    }
}

/// What the host decided on an appeal.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Decided<Of> {
    Upheld {
        ruling: u64,
    },
    /// The ruling at `ruling`, of `of`, now goes to `winner`.
    Overturned {
        ruling: u64,
        of: Of,
        winner: Option<usize>,
    },
}

impl<Of: Copy> Book<Of> {
    /// Records the host's ruling at `seq`.
    pub fn ruled(&mut self, seq: u64, of: Of) {
        self.rulings.insert(seq, of);
    }

    /// A player's appeal at `seq`; its note.
    pub fn appeal(&mut self, players: &[String; 2], seq: u64, a: &Appeal, actor: &Actor) -> Noted {
        let by = player_seat(players, actor)?;
        if !self.rulings.contains_key(&a.ruling_seq) {
            return Err(RuleError::new(
                "appeal",
                format!("seq {} is not a ruling of this match", a.ruling_seq),
            ));
        }
        self.appeals.insert(
            seq,
            Appealed {
                by,
                ruling: a.ruling_seq,
                decided: None,
            },
        );
        Ok(format!(
            "{} appeals the ruling at seq {}: {}",
            players[by], a.ruling_seq, a.grounds
        ))
    }

    /// The host's decision at `seq` on an appeal, once per appeal.
    pub fn decide(
        &mut self,
        players: &[String; 2],
        seq: u64,
        d: &AppealDecision,
        actor: &Actor,
    ) -> Result<Decided<Of>, RuleError> {
        host_only(actor, "decide an appeal")?;
        let appeal = self.appeals.get(&d.appeal_seq).copied().ok_or_else(|| {
            RuleError::new(
                "appeal",
                format!("seq {} is not an appeal of this match", d.appeal_seq),
            )
        })?;
        if let Some(by) = appeal.decided {
            return Err(RuleError::new(
                "appeal",
                format!("the appeal at seq {} was decided at seq {by}", d.appeal_seq),
            ));
        }
        let winner = winner_seat(players, &d.winner)?;
        let of = self.rulings[&appeal.ruling];
        self.appeals.insert(
            d.appeal_seq,
            Appealed {
                decided: Some(seq),
                ..appeal
            },
        );
        Ok(if d.upheld {
            Decided::Upheld {
                ruling: appeal.ruling,
            }
        } else {
            Decided::Overturned {
                ruling: appeal.ruling,
                of,
                winner,
            }
        })
    }
}
