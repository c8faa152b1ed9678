//! Claims and proofs in a round, and their clocks: who may claim or
//! counterclaim and until when, when the proof is due, which of the
//! proofs shown decides the round, and the rules' verdict that follows.
//!
//! The clocks come only from event times (`occurred_at`). The first claim
//! opens `counter_secs` (30 s) for one higher counterclaim by the other
//! player; the proof is due `proof_secs` (2 minutes) after those 30 s end —
//! the first claim + 2:30, whether or not a counterclaim came (the seed:
//! "after those 30 seconds, the player who said the higher number will
//! have to show proof … within 2 minutes").
//!
//! A proof may come early: it stands as shown when the 30 s end, unless
//! the opponent counterclaims higher within them, and then it is only for
//! the lower claim. A proof may be corrected: the higher claimer's last
//! proof shown in time counts; the earlier ones stay in the record as
//! superseded, and one shown after the deadline does not count when one in
//! time exists. [`Standing`] says what each proof is for the round.
//!
//! Like all of `games/`, it imports nothing from `log/`, `web/`,
//! `import/` or `verify`, and no other game's folder.

use chrono::{DateTime, Duration, Utc};

use super::engine::play;
use super::grid::Grid;
use super::rules::{rule, Claim, Claimed, Config, Decision, Match, Proof, Round, Shown};
use crate::games::engine::seats::player_seat;
use crate::games::{Noted, RuleError, Stamp};

/// `600` → "10 minutes", `30` → "30 s", `150` → "2 minutes 30 s".
pub(super) fn span(secs: u32) -> String {
    let minutes = match secs / 60 {
        0 => None,
        1 => Some("1 minute".to_string()),
        n => Some(format!("{n} minutes")),
    };
    match (minutes, secs % 60) {
        (Some(m), 0) => m,
        (Some(m), s) => format!("{m} {s} s"),
        (None, s) => format!("{s} s"),
    }
}

/// Milliseconds from `from` to `at`.
pub(super) fn secs_since(from: DateTime<Utc>, at: DateTime<Utc>) -> i64 {
    (at - from).num_milliseconds()
}

/// `12345` ms → "12.3 s".
pub(super) fn secs_text(ms: i64) -> String {
    format!("{:.1} s", ms as f64 / 1000.0)
}

/// What a shown proof is for its round.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Standing {
    /// It decides the round: the higher claimer's last proof in time (or,
    /// when none came in time, their last one, which is late).
    Counts,
    /// An earlier proof by the higher claimer, replaced by the proof at
    /// `by` (the one that counts).
    Superseded { by: u64 },
    /// Shown after the deadline while the proof at `counts`, shown in
    /// time, stands: it does not count.
    Late { counts: u64 },
    /// Shown by the first claimer before the opponent counterclaimed
    /// higher: it proves the lower claim and does not decide the round.
    ForLowerClaim,
}

impl Standing {
    /// The standing in words, for notes and pages; `None` for the proof
    /// that counts.
    pub fn text(self) -> Option<String> {
        match self {
            Standing::Counts => None,
            Standing::Superseded { by } => Some(format!(
                "superseded by the proof at seq {by}, so it does not count"
            )),
            Standing::Late { counts } => Some(format!(
                "shown late, so it does not count (the proof at seq {counts}, shown in time, stands)"
            )),
            Standing::ForLowerClaim => {
                Some("for the lower claim, so it does not decide the round".to_string())
            }
        }
    }
}

impl Round {
    /// The claim that must be proved: the counterclaim, else the first.
    pub fn higher(&self) -> Option<&Claimed> {
        self.claims.last()
    }

    /// When the time for a counterclaim ends: `counter_secs` after the
    /// first claim (a counterclaim at that instant is in time).
    pub fn counterclaims_close(&self, c: &Config) -> Option<DateTime<Utc>> {
        let first = self.claims.first()?;
        Some(first.at + Duration::seconds(c.counter_secs as i64))
    }

    /// When the proof is due: `proof_secs` after the time for a
    /// counterclaim ends, whether or not a counterclaim came (a proof at
    /// that instant is in time).
    pub fn proof_due(&self, c: &Config) -> Option<DateTime<Utc>> {
        Some(self.counterclaims_close(c)? + Duration::seconds(c.proof_secs as i64))
    }

    /// The proof that decides the round: the higher claimer's last proof
    /// shown in time, else their last proof (late). `None` when the higher
    /// claimer has shown none.
    pub fn counting_proof(&self) -> Option<&Shown> {
        let by = self.higher()?.by;
        let mine = || self.proofs.iter().rev().filter(move |s| s.by == by);
        mine().find(|s| !s.late).or_else(|| mine().next())
    }

    /// What `shown` (one of this round's proofs) is for the round.
    pub fn standing(&self, shown: &Shown) -> Standing {
        match self.counting_proof() {
            Some(c) if c.seq == shown.seq => Standing::Counts,
            Some(c) if c.by == shown.by && shown.late && !c.late => {
                Standing::Late { counts: c.seq }
            }
            Some(c) if c.by == shown.by => Standing::Superseded { by: c.seq },
            _ => Standing::ForLowerClaim,
        }
    }

    /// The grid the next round carries over (before the refill): the end
    /// grid of the proof that counts (late or not, won or lost), else —
    /// no proof by the higher claimer, or an illegal one — this round's
    /// grid.
    pub fn carried(&self) -> Grid {
        self.counting_proof()
            .and_then(|s| s.end)
            .unwrap_or(self.grid)
    }
}

/// The rules' verdict for round `r` so far; `closed` when nothing more may
/// come (the host ruled or the next round opened).
pub(super) fn decision(
    c: &Config,
    players: &[String; 2],
    r: &Round,
    closed: bool,
) -> Option<Decision> {
    let name = |p: usize| players[p].as_str();
    let Some(higher) = r.higher() else {
        return closed.then(|| Decision {
            winner: None,
            reason: format!(
                "no claim within {}: the host wins the round",
                span(c.round_secs)
            ),
        });
    };
    let (claimer, opp, target) = (higher.by, 1 - higher.by, higher.gems);
    let decided = |winner: usize, reason: String| {
        Some(Decision {
            winner: Some(winner),
            reason,
        })
    };
    let Some(shown) = r.counting_proof() else {
        if !closed {
            return None;
        }
        let mut reason = format!(
            "{} showed no proof within {} after the {} for a counterclaim",
            name(claimer),
            span(c.proof_secs),
            span(c.counter_secs)
        );
        if let Some(low) = r.proofs.iter().rev().find(|s| s.by != claimer) {
            reason.push_str(&format!(
                " ({}'s proof at seq {} was for the lower claim)",
                name(low.by),
                low.seq
            ));
        }
        return decided(opp, reason);
    };
    let (winner, mut reason) = match &shown.result {
        Err(e) => (
            opp,
            format!(
                "{} claimed {target} and showed a proof that is not legal: {e}",
                name(claimer)
            ),
        ),
        Ok(n) if shown.late => {
            let first = r.claims.first().map_or(higher, |f| f);
            (opp, format!(
                "{} claimed {target} and showed the proof (removing {n}) {} after the first claim (seq {}), over the {} allowed ({} for a counterclaim, then {} for the proof)",
                name(claimer),
                secs_text(secs_since(first.at, shown.at)),
                first.seq,
                span(c.counter_secs + c.proof_secs),
                span(c.counter_secs),
                span(c.proof_secs)
            ))
        }
        Ok(n) if (*n as u64) < target as u64 => (
            opp,
            format!("{} claimed {target} and removed only {n}", name(claimer)),
        ),
        Ok(n) => (
            claimer,
            format!("{} claimed {target} and removed {n}", name(claimer)),
        ),
    };
    let others: Vec<String> = r
        .proofs
        .iter()
        .filter(|s| s.by == claimer && s.seq != shown.seq)
        .map(|s| match r.standing(s) {
            Standing::Late { .. } => format!("seq {} came late", s.seq),
            _ => format!("seq {} is superseded", s.seq),
        })
        .collect();
    if !others.is_empty() {
        reason.push_str(&format!(
            " (the last proof{} counts, seq {}; {})",
            if shown.late { "" } else { " shown in time" },
            shown.seq,
            others.join(", ")
        ));
    }
    decided(winner, reason)
}

/// A claim or a proof posted at `stamp`: its seq, when, the poster's
/// seat and the round it is posted in; why not, when the poster is no
/// player or no round is in progress.
fn posted<'m>(
    m: &'m Match,
    stamp: Stamp<'_>,
) -> Result<(u64, DateTime<Utc>, usize, &'m Round), RuleError> {
    let p = player_seat(&m.players, stamp.actor)?;
    let round = m.rounds.current().ok_or_else(no_round)?;
    Ok((stamp.seq, stamp.at, p, round))
}

fn no_round() -> RuleError {
    rule("round", "no round is in progress")
}

/// Milliseconds from `from` to a claim at `at`, when they are within
/// `secs`; else the claim is refused in the words `late` gives the time
/// allowed and the time taken ("30 s", "31.2 s").
fn claimed_in_time(
    from: DateTime<Utc>,
    at: DateTime<Utc>,
    secs: u32,
    late: impl FnOnce(String, String) -> String,
) -> Result<i64, RuleError> {
    let since = secs_since(from, at);
    if since > secs as i64 * 1000 {
        return Err(rule("claim", late(span(secs), secs_text(since))));
    }
    Ok(since)
}

/// A claim or counterclaim by the player who posted it: its note, or why
/// it is not allowed.
pub(super) fn claim(m: &mut Match, claim: &Claim, stamp: Stamp<'_>) -> Noted {
    let (seq, at, p, round) = posted(m, stamp)?;
    let c = m.config.clone();
    let name = |q: usize| m.players[q].clone();
    let note = match round.claims.as_slice() {
        [] => {
            claimed_in_time(round.opened, at, c.round_secs, |allowed, took| {
                format!("no claim came within {allowed}: the host wins the round (this claim is {took} after the round opened)")
            })?;
            if claim.gems == 0 {
                return Err(rule("claim", "a claim is at least 1 gem"));
            }
            format!(
                "{} claims {}; {} may counterclaim a higher number within {}, else {} shows the proof within {} after that",
                name(p),
                claim.gems,
                name(1 - p),
                span(c.counter_secs),
                name(p),
                span(c.proof_secs)
            )
        }
        [first] => {
            if first.by == p {
                return Err(rule(
                    "claim",
                    format!(
                        "{} already claimed {} (seq {}); only {} may counterclaim",
                        name(p),
                        first.gems,
                        first.seq,
                        name(1 - p)
                    ),
                ));
            }
            let since = claimed_in_time(first.at, at, c.counter_secs, |allowed, took| {
                format!(
                    "{}'s counterclaim comes {took} after {}'s claim (seq {}); a counterclaim is due within {allowed}",
                    name(p),
                    name(first.by),
                    first.seq
                )
            })?;
            if claim.gems <= first.gems {
                return Err(rule(
                    "claim",
                    format!(
                        "a counterclaim must be higher than {}'s {}, not {}",
                        name(first.by),
                        first.gems,
                        claim.gems
                    ),
                ));
            }
            let mut note = format!(
                "{} counterclaims {} ({} after {}'s {}); claiming is closed: {} shows the proof within {} after the {} for a counterclaim end ({} after {}'s claim)",
                name(p),
                claim.gems,
                secs_text(since),
                name(first.by),
                first.gems,
                name(p),
                span(c.proof_secs),
                span(c.counter_secs),
                span(c.counter_secs + c.proof_secs),
                name(first.by)
            );
            let early: Vec<String> = round
                .proofs
                .iter()
                .map(|s| format!("seq {}", s.seq))
                .collect();
            if !early.is_empty() {
                note.push_str(&format!(
                    "; {}'s proof ({}) is now for the lower claim: it does not decide the round",
                    name(first.by),
                    early.join(", ")
                ));
            }
            note
        }
        [first, counter, ..] => {
            return Err(rule(
                "claim",
                format!(
                    "{} claimed {} and {} counterclaimed {} (seq {}); there is no counterclaim to a counterclaim",
                    name(first.by),
                    first.gems,
                    name(counter.by),
                    counter.gems,
                    counter.seq
                ),
            ))
        }
    };
    let round = m.rounds.current_mut().ok_or_else(no_round)?;
    round.claims.push(Claimed {
        seq,
        at,
        by: p,
        gems: claim.gems,
    });
    Ok(note)
}

/// A proof by the player who posted it, played out and recorded: its
/// note, or why it is not allowed (no claim, not the higher claimer, a
/// powerup not offered).
pub(super) fn prove(m: &mut Match, proof: &Proof, stamp: Stamp<'_>) -> Noted {
    let (seq, at, p, round) = posted(m, stamp)?;
    let c = m.config.clone();
    let name = |q: usize| m.players[q].clone();
    let (Some(higher), Some(first), Some(window), Some(due)) = (
        round.higher(),
        round.claims.first(),
        round.counterclaims_close(&c),
        round.proof_due(&c),
    ) else {
        return Err(rule("proof", "no one has claimed: a proof answers a claim"));
    };
    if higher.by != p {
        let own = match round.claims.iter().find(|c| c.by == p) {
            Some(c) => format!("{}'s {} is the lower claim", name(p), c.gems),
            None => format!("{} made no claim", name(p)),
        };
        return Err(rule(
            "proof",
            format!(
                "{own}; {} claimed {}, the higher number, and shows the proof",
                name(higher.by),
                higher.gems
            ),
        ));
    }
    proof
        .proof
        .check_offer(round.offer)
        .map_err(|e| rule("offer", e.to_string()))?;
    let target = higher.gems;
    let late = at > due;
    let before = round.counting_proof().map(|s| (s.seq, s.late));
    let (result, trace, end) = match play(&round.grid, &proof.proof, true) {
        Ok(o) => (Ok(o.removed), o.trace, Some(o.end)),
        Err(e) => (Err(e.to_string()), Vec::new(), None),
    };
    let mut note = format!(
        "{} shows {} for {target}: {}",
        name(p),
        match before {
            Some((_, false)) if late => "another proof",
            Some(_) => "a corrected proof",
            None => "a proof",
        },
        match &result {
            Ok(n) => format!(
                "it removes {}",
                crate::games::words::count(*n, "gem", "gems")
            ),
            Err(e) => format!("it is not legal: {e}"),
        }
    );
    if late {
        note.push_str(&format!(
            "; it is late: shown {} after the first claim (seq {}), over the {} allowed",
            secs_text(secs_since(first.at, at)),
            first.seq,
            span(c.counter_secs + c.proof_secs)
        ));
    }
    match before {
        Some((was, false)) if late => note.push_str(&format!(
            "; it does not count: the proof at seq {was}, shown in time, stands"
        )),
        Some((was, _)) => note.push_str(&format!(
            "; it supersedes the proof at seq {was}, which no longer counts"
        )),
        None => {}
    }
    let early = round.claims.len() == 1 && at <= window;
    if early {
        note.push_str(&format!(
            "; shown before the {} for a counterclaim end: it stands as shown then, unless {} counterclaims a higher number within them",
            span(c.counter_secs),
            name(1 - p)
        ));
    }
    let round = m.rounds.current_mut().ok_or_else(no_round)?;
    round.proofs.push(Shown {
        seq,
        at,
        by: p,
        proof: proof.proof.to_string(),
        result,
        trace,
        end,
        late,
    });
    let round = m.rounds.current().ok_or_else(no_round)?;
    if let Some(d) = decision(&m.config, &m.players, round, false) {
        note.push_str(&format!(
            "; {} the round goes to {}: {}",
            if early {
                "as it stands"
            } else {
                "by the rules"
            },
            m.name(d.winner),
            d.reason
        ));
    }
    Ok(note)
}

/// For the host's time-out of seat `p` at `at`: which of `p`'s timers was
/// running and whether it had run out by then (a note starting "; ").
pub(super) fn clocks(m: &Match, p: usize, at: DateTime<Utc>) -> String {
    let c = &m.config;
    let who = &m.players[p];
    let verdict = |what: String, since: i64, secs: u32| {
        let limit = secs as i64 * 1000;
        if since > limit {
            format!(
                "; by the clocks {what} has run out ({} elapsed, {} allowed)",
                secs_text(since),
                span(secs)
            )
        } else {
            format!(
                "; by the clocks {what} has not run out: {} left of {}",
                secs_text(limit - since),
                span(secs)
            )
        }
    };
    let Some(r) = m.rounds.current() else {
        return format!("; no round is in play, so no timer of {who} is running");
    };
    let (Some(first), Some(higher), Some(window)) =
        (r.claims.first(), r.higher(), r.counterclaims_close(c))
    else {
        return verdict(
            format!("the round's time to claim (from seq {})", r.seq),
            secs_since(r.opened, at),
            c.round_secs,
        );
    };
    if p != higher.by {
        if r.claims.len() == 1 && at <= window {
            return verdict(
                format!("{who}'s time to counterclaim"),
                secs_since(first.at, at),
                c.counter_secs,
            );
        }
        return format!(
            "; no timer of {who} is running: the proof is {}'s to show",
            m.players[higher.by]
        );
    }
    if let Some(s) = r.counting_proof().filter(|s| !s.late) {
        return format!(
            "; {who} showed the proof at seq {} in time, so no timer of {who} has run out (a correction may come until {} after the first claim)",
            s.seq,
            span(c.counter_secs + c.proof_secs)
        );
    }
    if at <= window {
        let open = if r.claims.len() == 1 {
            format!(
                "claiming is still open ({} may counterclaim)",
                m.players[1 - p]
            )
        } else {
            format!(
                "the {} for a counterclaim have not ended",
                span(c.counter_secs)
            )
        };
        return format!("; {open}, so {who}'s proof time has not started");
    }
    verdict(
        format!("{who}'s time to show the proof"),
        secs_since(window, at),
        c.proof_secs,
    )
}

#[cfg(test)]
mod tests;
