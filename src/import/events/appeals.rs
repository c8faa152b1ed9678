//! Appeals inside the reading: a player's appeal becomes an Appeal against
//! the ruling it names, and the host's answer to it an AppealDecision,
//! where the game's reader alone would see talk and a second ruling that
//! the rules refuse ("a correction is an appeal").
//!
//! What counts as an appeal or a decision is said in
//! [`crate::games::chat::appeal`]; here it is tied to the match: which
//! ruling an appeal is against (the one its label or round names, else the
//! latest), which appeal a decision answers (the latest undecided), and who
//! wins when a ruling is overturned (the player the host's words give it
//! to, else the other player than the one it was ruled for).
//!
//! Must not import the store (`log`), a page (`web`), bundles, backups or a
//! game's own folder: like the rest of the reader, it goes through the
//! registry and the shared modules of `games`.

use super::Reading;
use crate::event::{Appeal, AppealDecision, Body, Ruling, Scope};
use crate::games::chat::appeal::{self, Against};
use crate::games::chat::words::name_words;
use crate::games::chat::Reading as Said;
use crate::games::{ChatReading, Speaker};

impl Reading<'_> {
    /// What a message by `speaker` says, in order: an appeal, or the game's
    /// readings with the host's decision on an open appeal in place of the
    /// ruling that gives it (or before them, when no ruling does).
    pub(super) fn readings_of(&self, text: &str, speaker: Speaker) -> Vec<Said> {
        let whole = 0..text.lines().count().max(1);
        if let Speaker::Player(_) = speaker {
            if let Some(against) = appeal::appeal(text) {
                let read = match self.appealed_ruling(&against) {
                    Some(ruling_seq) => ChatReading::Event(Body::Appeal(Appeal {
                        ruling_seq,
                        grounds: text.trim().to_string(),
                    })),
                    None => ChatReading::Unread(
                        "an appeal, but the host has ruled nothing yet to appeal against"
                            .to_string(),
                    ),
                };
                return vec![Said { read, lines: whole }];
            }
        }
        let ctx = self.context();
        let mut readings = crate::games::chat::read(self.opts.game, text, speaker, &ctx);
        if speaker == Speaker::Host {
            if let Some(open) = self.open_appeal() {
                self.decide(open, text, &mut readings, whole);
            }
        }
        readings
    }

    /// The seq of the ruling an appeal is against: the latest one its
    /// label (`Announcement 4`) or round names, else the latest ruling the
    /// rules took.
    fn appealed_ruling(&self, against: &[Against]) -> Option<u64> {
        let rulings: Vec<(u64, &Ruling, &[usize])> = self
            .read
            .iter()
            .enumerate()
            .filter(|(_, e)| e.rule_error.is_none())
            .filter_map(|(k, e)| match &self.events.get(k + 1)?.body {
                Body::Ruling(r) => Some((k as u64 + 1, r, e.messages.as_slice())),
                _ => None,
            })
            .collect();
        let named = against.iter().find_map(|a| {
            rulings.iter().rev().find(|(_, r, messages)| match a {
                Against::Label(label, n) => messages
                    .iter()
                    .any(|&m| appeal::says_label(&self.text_of(m), label, *n)),
                Against::Round(n) => r.scope == Scope::Round(*n),
            })
        });
        named.or(rulings.last()).map(|(seq, _, _)| *seq)
    }

    /// The latest appeal the rules took that no decision has answered:
    /// its seq and the ruling it is against.
    fn open_appeal(&self) -> Option<(u64, &Ruling)> {
        let &seq = self.open_appeals.last()?;
        let Body::Appeal(a) = &self.events.get(seq as usize)?.body else {
            return None;
        };
        match &self.events.get(a.ruling_seq as usize)?.body {
            Body::Ruling(r) => Some((seq, r)),
            _ => None,
        }
    }

    /// Whether a score the host posts as corrected upholds the ruling
    /// (`Some(true)`) or overturns it: in a match of one game, by who has
    /// more; in a match of rounds, by whether it is the score as ruled or
    /// that score with the appealed round given to the other player.
    /// `None`: the score says neither.
    fn by_corrected_score(&self, text: &str, ruled: &Ruling) -> Option<bool> {
        let ctx = self.context();
        let said = appeal::corrected_score(text, &name_words(&ctx))?;
        let players = &self.opts.cast.players;
        let for_seat = players.iter().position(|p| {
            ruled
                .winner
                .as_ref()
                .is_some_and(|w| p.eq_ignore_ascii_case(w))
        })?;
        if !self.opts.game.in_rounds() {
            return match said[0].cmp(&said[1]) {
                std::cmp::Ordering::Equal => None,
                more => Some((more == std::cmp::Ordering::Greater) == (for_seat == 0)),
            };
        }
        let now = ctx.state?.view().score;
        let mut flipped = [*now.first()?, *now.get(1)?];
        if said == flipped {
            return Some(true);
        }
        flipped[for_seat] = flipped[for_seat].checked_sub(1)?;
        flipped[1 - for_seat] += 1;
        (said == flipped).then_some(false)
    }

    /// The host's decision on the open appeal `(appeal_seq, ruling)`, put
    /// into `readings`: in place of the ruling of the appealed ruling's
    /// scope that the message gives (its winner is who wins now), else
    /// first. A message whose words decide nothing decides by that ruling
    /// alone: the same winner upholds, another overturns.
    fn decide(
        &self,
        (appeal_seq, ruled): (u64, &Ruling),
        text: &str,
        readings: &mut Vec<Said>,
        whole: std::ops::Range<usize>,
    ) {
        let in_rounds = self.opts.game.in_rounds();
        let gives = readings.iter().position(|r| match &r.read {
            ChatReading::Event(Body::Ruling(again)) => !in_rounds || again.scope == ruled.scope,
            _ => false,
        });
        let winner_now = gives.and_then(|k| match &readings[k].read {
            ChatReading::Event(Body::Ruling(again)) => Some(again.winner.clone()),
            _ => None,
        });
        // A score posted as corrected says more than a ruling read beside
        // it (`corrected result: juniper 1 – 0 halvard 🏆`).
        let by_score = self.by_corrected_score(text, ruled);
        let upheld = match (appeal::decision(text), by_score, &winner_now) {
            (Some(Ok(upheld)), _, _) | (None, Some(upheld), _) => upheld,
            (Some(Err(why)), _, _) => {
                let read = ChatReading::Unread(format!("a decision on the appeal, but {why}"));
                match gives {
                    Some(k) => readings[k].read = read,
                    None => readings.insert(0, Said { read, lines: whole }),
                }
                return;
            }
            (None, None, Some(winner)) => *winner == ruled.winner,
            (None, None, None) => return,
        };
        // Overturned with no one named (or by a corrected score): the
        // other player than the one it was ruled for.
        let other = || {
            let players = &self.opts.cast.players;
            ruled
                .winner
                .as_ref()
                .and_then(|w| players.iter().find(|p| !p.eq_ignore_ascii_case(w)).cloned())
        };
        let winner = match (upheld, by_score, winner_now) {
            (true, _, _) => None,
            (false, None, Some(w)) => w,
            (false, _, _) => other(),
        };
        let read = ChatReading::Event(Body::AppealDecision(AppealDecision {
            appeal_seq,
            upheld,
            winner,
            text: text.trim().to_string(),
            ..AppealDecision::default()
        }));
        match gives {
            Some(k) => readings[k].read = read,
            None => readings.insert(0, Said { read, lines: whole }),
        }
    }
}
