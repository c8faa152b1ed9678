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

use chrono::{DateTime, Duration, Utc};

use super::engine::play;
use super::grid::Grid;
use super::rules::{rule, Claim, Claimed, Config, Decision, Match, Proof, Round, Shown};
use crate::games::RuleError;

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

/// A claim or counterclaim by seat `p` at `at`: its note, or why it is
/// not allowed.
pub(super) fn claim(
    m: &mut Match,
    seq: u64,
    claim: &Claim,
    p: usize,
    at: DateTime<Utc>,
) -> Result<String, RuleError> {
    let c = m.config.clone();
    let no_round = || rule("round", "no round is in progress");
    let round = m.rounds.current().ok_or_else(no_round)?;
    let name = |q: usize| m.players[q].clone();
    let note = match round.claims.as_slice() {
        [] => {
            let since = secs_since(round.opened, at);
            if since > c.round_secs as i64 * 1000 {
                return Err(rule(
                    "claim",
                    format!(
                        "no claim came within {}: the host wins the round (this claim is {} after the round opened)",
                        span(c.round_secs),
                        secs_text(since)
                    ),
                ));
            }
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
            let since = secs_since(first.at, at);
            if since > c.counter_secs as i64 * 1000 {
                return Err(rule(
                    "claim",
                    format!(
                        "{}'s counterclaim comes {} after {}'s claim (seq {}); a counterclaim is due within {}",
                        name(p),
                        secs_text(since),
                        name(first.by),
                        first.seq,
                        span(c.counter_secs)
                    ),
                ));
            }
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

/// A proof by seat `p` at `at`, played out and recorded: its note, or why
/// it is not allowed (no claim, not the higher claimer, a powerup not
/// offered).
pub(super) fn prove(
    m: &mut Match,
    seq: u64,
    proof: &Proof,
    p: usize,
    at: DateTime<Utc>,
) -> Result<String, RuleError> {
    let c = m.config.clone();
    let no_round = || rule("round", "no round is in progress");
    let round = m.rounds.current().ok_or_else(no_round)?;
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
mod tests {
    use super::super::rules::tests::*;
    use super::Standing;
    use crate::event::{Body, Timeout};

    #[test]
    fn the_seeds_round_claim_15_no_counter_removes_16_and_wins() {
        let mut t = Table::seed();
        assert_eq!(t.verdict_open(), None, "nothing decided before a claim");
        let note = t.claim(10, MIRA, 15).unwrap();
        assert!(note.contains("jonas may counterclaim"), "{note}");
        let note = t.prove(60, MIRA, SEED_PROOF).unwrap();
        assert!(note.contains("removes 16 gems"), "{note}");
        assert!(note.contains("mira claimed 15 and removed 16"), "{note}");
        let shown = &t.last().proofs[0];
        assert_eq!(shown.result, Ok(16));
        assert!(!shown.late);
        assert_eq!(shown.end.unwrap().rocks(), 16);
        assert!(shown.trace.iter().any(|s| s.what == "gravity"));
        let d = t.verdict_open().unwrap();
        assert_eq!(
            d.winner,
            Some(MIRA),
            "decided as soon as the proof is shown"
        );
        let note = t.rule(70, 1, Some(MIRA)).unwrap();
        assert!(note.contains("the rules agree"), "{note}");
        assert!(note.contains("mira 1–0 jonas"), "{note}");
        assert_eq!(t.m().rounds.score(), [1, 0]);
        assert_eq!(t.m().rounds.score_by_rules(), [1, 0]);
        let e = t.rule(71, 1, Some(JONAS)).unwrap_err();
        assert!(e.message.contains("already ruled (seq 4)"), "{}", e.message);
    }

    #[test]
    fn a_higher_counterclaim_in_time_that_falls_short_gives_the_first_claimer_the_round() {
        let mut t = Table::seed();
        t.claim(10, MIRA, 15).unwrap();
        let note = t.claim(40, JONAS, 17).unwrap();
        assert!(note.contains("30.0 s after mira's 15"), "{note}");
        assert!(note.contains("claiming is closed"), "{note}");
        // Claiming closed at the counterclaim: jonas may prove at once.
        let note = t.prove(41, JONAS, SEED_PROOF).unwrap();
        assert!(
            note.contains("jonas claimed 17 and removed only 16"),
            "{note}"
        );
        assert_eq!(t.verdict(), Some(MIRA));
    }

    #[test]
    fn late_low_and_third_claims_are_errors() {
        let mut t = Table::seed();
        t.claim(10, MIRA, 15).unwrap();
        let e = t.claim(41, JONAS, 17).unwrap_err();
        assert_eq!(e.rule, "claim");
        assert!(
            e.message.contains("31.0 s after mira's claim"),
            "{}",
            e.message
        );
        let e = t.claim(20, JONAS, 15).unwrap_err();
        assert!(
            e.message.contains("higher than mira's 15, not 15"),
            "{}",
            e.message
        );
        let e = t.claim(20, MIRA, 16).unwrap_err();
        assert!(
            e.message.contains("mira already claimed 15"),
            "{}",
            e.message
        );
        t.claim(25, JONAS, 17).unwrap();
        let e = t.claim(30, MIRA, 18).unwrap_err();
        assert!(
            e.message.contains("no counterclaim to a counterclaim"),
            "{}",
            e.message
        );
        assert_eq!(t.last().claims.len(), 2);
        let e = t.claim(30, JONAS, 19).unwrap_err();
        assert!(e.message.contains("no counterclaim to a counterclaim"));
    }

    #[test]
    fn a_first_claim_must_be_positive_and_within_ten_minutes() {
        let mut t = Table::seed();
        assert!(t
            .claim(5, MIRA, 0)
            .unwrap_err()
            .message
            .contains("at least 1"));
        let e = t.claim(601, MIRA, 3).unwrap_err();
        assert!(
            e.message
                .contains("no claim came within 10 minutes: the host wins the round"),
            "{}",
            e.message
        );
        assert!(t.claim(600, MIRA, 3).is_ok(), "600 s is still in time");
    }

    #[test]
    fn a_proof_using_a_powerup_not_offered_is_an_error() {
        let mut t = Table::new();
        t.round(0, 1, SEED_GRID, "swap,bend,column").unwrap();
        t.claim(10, MIRA, 15).unwrap();
        let e = t.prove(60, MIRA, SEED_PROOF).unwrap_err();
        assert_eq!(e.rule, "offer");
        assert!(e.message.contains("plus is not offered"), "{}", e.message);
        assert!(t.last().proofs.is_empty());
    }

    #[test]
    fn an_illegal_proof_is_recorded_and_loses() {
        let mut t = Table::seed();
        t.claim(10, MIRA, 15).unwrap();
        let note = t
            .prove(60, MIRA, "active plus F4; passive bend; swap F4 F6")
            .unwrap();
        assert!(note.contains("not legal"), "{note}");
        let shown = &t.last().proofs[0];
        assert!(
            shown
                .result
                .as_ref()
                .unwrap_err()
                .contains("not side by side"),
            "{:?}",
            shown.result
        );
        assert_eq!(shown.end, None);
        assert!(shown.trace.is_empty());
        assert_eq!(t.verdict(), Some(JONAS));
        assert!(note.contains("the round goes to jonas"), "{note}");
    }

    #[test]
    fn no_proof_by_the_ruling_loses_the_round() {
        let mut t = Table::seed();
        t.claim(10, MIRA, 15).unwrap();
        assert_eq!(t.verdict_open(), None, "the proof may still come");
        let note = t.rule(200, 1, Some(JONAS)).unwrap();
        assert!(
            note.contains("the rules agree: mira showed no proof within 2 minutes"),
            "{note}"
        );
    }

    #[test]
    fn only_the_higher_claimer_proves_and_a_proof_within_the_counterclaim_time_stands() {
        let mut t = Table::seed();
        let e = t.prove(5, MIRA, SEED_PROOF).unwrap_err();
        assert!(e.message.contains("no one has claimed"), "{}", e.message);
        t.claim(10, MIRA, 15).unwrap();
        // 10 s after the claim, jonas could still counterclaim: not an error.
        let note = t.prove(20, MIRA, SEED_PROOF).unwrap();
        assert!(
            note.contains("shown before the 30 s for a counterclaim end: it stands as shown then, unless jonas counterclaims"),
            "{note}"
        );
        assert!(
            note.contains("as it stands the round goes to mira: mira claimed 15 and removed 16"),
            "{note}"
        );
        assert!(!t.last().proofs[0].late);
        let e = t.prove(45, JONAS, SEED_PROOF).unwrap_err();
        assert!(e.message.contains("jonas made no claim"), "{}", e.message);
        // No counterclaim came: the early proof decides the round.
        assert_eq!(t.verdict(), Some(MIRA));
        let note = t.rule(60, 1, Some(MIRA)).unwrap();
        assert!(note.contains("the rules agree"), "{note}");

        let mut t = Table::seed();
        t.claim(10, MIRA, 15).unwrap();
        t.claim(20, JONAS, 16).unwrap();
        let e = t.prove(30, MIRA, SEED_PROOF).unwrap_err();
        assert_eq!(e.rule, "proof");
        assert!(
            e.message
                .contains("mira's 15 is the lower claim; jonas claimed 16"),
            "{}",
            e.message
        );
        t.prove(30, JONAS, SEED_PROOF).unwrap();
        assert_eq!(t.verdict(), Some(JONAS), "16 proves a claim of 16");
        let e = t.claim(32, MIRA, 20).unwrap_err();
        assert!(
            e.message.contains("no counterclaim to a counterclaim"),
            "{}",
            e.message
        );
    }

    #[test]
    fn an_early_proof_is_for_the_lower_claim_once_the_opponent_counterclaims_higher() {
        let mut t = Table::seed();
        t.claim(10, MIRA, 15).unwrap();
        t.prove(20, MIRA, SEED_PROOF).unwrap();
        // A proof does not close the 30 s: jonas may still counterclaim.
        let note = t.claim(35, JONAS, 17).unwrap();
        assert!(
            note.contains("mira's proof (seq 3) is now for the lower claim"),
            "{note}"
        );
        let r = t.last();
        assert_eq!(r.standing(&r.proofs[0]), Standing::ForLowerClaim);
        assert_eq!(r.counting_proof(), None);
        assert_eq!(t.verdict_open(), None, "jonas's proof may still come");
        let d = t.m().decision(t.last(), true).unwrap();
        assert_eq!(d.winner, Some(MIRA));
        assert!(
            d.reason.contains(
                "jonas showed no proof within 2 minutes after the 30 s for a counterclaim (mira's proof at seq 3 was for the lower claim)"
            ),
            "{}",
            d.reason
        );
        // The round carries over from the counting proof only.
        assert_eq!(t.last().carried(), grid(SEED_GRID));
        t.prove(100, JONAS, SEED_PROOF).unwrap();
        let d = t.verdict_open().unwrap();
        assert_eq!(d.winner, Some(MIRA));
        assert_eq!(d.reason, "jonas claimed 17 and removed only 16");

        // After the 30 s, a proof or not, a counterclaim is late.
        let mut t = Table::seed();
        t.claim(10, MIRA, 15).unwrap();
        t.prove(20, MIRA, SEED_PROOF).unwrap();
        let e = t.claim(41, JONAS, 17).unwrap_err();
        assert!(
            e.message.contains("31.0 s after mira's claim"),
            "{}",
            e.message
        );
    }

    #[test]
    fn the_proof_is_due_2m30s_after_the_first_claim_even_after_a_counterclaim() {
        // jonas counterclaims 15 s into the 30 s and proves 2:15 after his
        // counterclaim: 2:30 after mira's claim, in time.
        let mut t = Table::seed();
        t.claim(10, MIRA, 15).unwrap();
        t.claim(25, JONAS, 16).unwrap();
        let r = t.last();
        assert_eq!(r.counterclaims_close(&t.m().config), Some(at(40)));
        assert_eq!(r.proof_due(&t.m().config), Some(at(160)));
        let note = t.prove(160, JONAS, SEED_PROOF).unwrap();
        assert!(!note.contains("late"), "{note}");
        assert!(!t.last().proofs[0].late);
        assert_eq!(t.verdict(), Some(JONAS));
        // One second later is late.
        let mut t = Table::seed();
        t.claim(10, MIRA, 15).unwrap();
        t.claim(25, JONAS, 16).unwrap();
        t.prove(161, JONAS, SEED_PROOF).unwrap();
        assert!(t.last().proofs[0].late);
        assert_eq!(t.verdict(), Some(MIRA));
    }

    #[test]
    fn a_proof_after_2m30s_from_the_first_claim_is_late_and_loses_even_when_it_removes_enough() {
        let mut t = Table::seed();
        t.claim(10, MIRA, 15).unwrap();
        // The 30 s end at 40 s; the proof is due by 160 s.
        let note = t.prove(161, MIRA, SEED_PROOF).unwrap();
        assert!(
            note.contains("151.0 s after the first claim (seq 2)"),
            "{note}"
        );
        assert!(t.last().proofs[0].late);
        assert_eq!(t.last().proofs[0].result, Ok(16));
        let d = t.verdict_open().unwrap();
        assert_eq!(d.winner, Some(JONAS));
        assert!(
            d.reason.contains(
                "over the 2 minutes 30 s allowed (30 s for a counterclaim, then 2 minutes for the proof)"
            ),
            "{}",
            d.reason
        );
    }

    #[test]
    fn the_last_proof_shown_in_time_counts_and_the_earlier_ones_are_superseded() {
        let mut t = Table::seed();
        t.claim(10, MIRA, 15).unwrap();
        // A typo (F6 is not beside F4), then the corrected proof.
        t.prove(60, MIRA, "active plus F4; passive bend; swap F4 F6")
            .unwrap();
        assert_eq!(t.verdict(), Some(JONAS));
        let note = t.prove(90, MIRA, SEED_PROOF).unwrap();
        assert!(
            note.starts_with("mira shows a corrected proof for 15: it removes 16 gems"),
            "{note}"
        );
        assert!(
            note.contains("it supersedes the proof at seq 3, which no longer counts"),
            "{note}"
        );
        let d = t.verdict_open().unwrap();
        assert_eq!(d.winner, Some(MIRA));
        assert_eq!(
            d.reason,
            "mira claimed 15 and removed 16 (the last proof shown in time counts, seq 4; seq 3 is superseded)"
        );
        // A proof after the deadline does not replace the one in time.
        let note = t
            .prove(200, MIRA, "active plus F4; passive bend; swap F4 F6")
            .unwrap();
        assert!(
            note.contains("it does not count: the proof at seq 4, shown in time, stands"),
            "{note}"
        );
        let r = t.last();
        assert_eq!(r.standing(&r.proofs[0]), Standing::Superseded { by: 4 });
        assert_eq!(r.standing(&r.proofs[1]), Standing::Counts);
        assert_eq!(r.standing(&r.proofs[2]), Standing::Late { counts: 4 });
        assert_eq!(r.carried(), r.proofs[1].end.unwrap());
        let d = t.verdict_open().unwrap();
        assert_eq!(d.winner, Some(MIRA));
        assert!(d.reason.contains("seq 5 came late"), "{}", d.reason);

        // The last in time counts even when it is worse: a legal proof
        // corrected into an illegal one loses.
        let mut t = Table::seed();
        t.claim(10, MIRA, 15).unwrap();
        t.prove(60, MIRA, SEED_PROOF).unwrap();
        t.prove(70, MIRA, "active plus F4; passive bend; swap F4 F6")
            .unwrap();
        assert_eq!(t.verdict(), Some(JONAS));
        assert_eq!(t.last().carried(), grid(SEED_GRID));

        // Only late proofs: the last one counts, and it is late.
        let mut t = Table::seed();
        t.claim(10, MIRA, 15).unwrap();
        t.prove(170, MIRA, "active plus F4; passive bend; swap F4 F6")
            .unwrap();
        t.prove(180, MIRA, SEED_PROOF).unwrap();
        let r = t.last();
        assert_eq!(r.standing(&r.proofs[0]), Standing::Superseded { by: 4 });
        let d = t.verdict_open().unwrap();
        assert_eq!(d.winner, Some(JONAS));
        assert!(d.reason.contains("(removing 16) 170.0 s"), "{}", d.reason);
    }

    #[test]
    fn a_proof_with_a_powerup_not_offered_is_not_recorded_and_supersedes_nothing() {
        let mut t = Table::seed();
        t.claim(10, MIRA, 15).unwrap();
        t.prove(60, MIRA, SEED_PROOF).unwrap();
        let e = t
            .prove(70, MIRA, "active column F4; passive bend; swap F4 F5")
            .unwrap_err();
        assert_eq!(e.rule, "offer");
        assert_eq!(t.last().proofs.len(), 1);
        assert_eq!(t.verdict(), Some(MIRA));
    }

    #[test]
    fn timeouts_note_which_timer_and_whether_it_ran_out() {
        let mut t = Table::seed();
        let note = t.timeout(300, MIRA).unwrap();
        assert!(note.contains("time to claim"), "{note}");
        assert!(note.contains("has not run out: 300.0 s left"), "{note}");
        let note = t.timeout(601, JONAS).unwrap();
        assert!(note.contains("has run out (601.0 s elapsed"), "{note}");
        t.claim(610, MIRA, 15).unwrap_err();
        let mut t = Table::seed();
        t.claim(10, MIRA, 15).unwrap();
        let note = t.timeout(20, JONAS).unwrap();
        assert!(
            note.contains("jonas's time to counterclaim has not run out"),
            "{note}"
        );
        let note = t.timeout(20, MIRA).unwrap();
        assert!(note.contains("proof time has not started"), "{note}");
        let note = t.timeout(161, MIRA).unwrap();
        assert!(
            note.contains("mira's time to show the proof has run out (121.0 s elapsed"),
            "{note}"
        );
        let note = t.timeout(161, JONAS).unwrap();
        assert!(note.contains("the proof is mira's to show"), "{note}");
        let mut t = Table::seed();
        t.claim(10, MIRA, 15).unwrap();
        t.prove(100, MIRA, SEED_PROOF).unwrap();
        let note = t.timeout(170, MIRA).unwrap();
        assert!(
            note.contains("mira showed the proof at seq 3 in time"),
            "{note}"
        );
        // A counterclaimer's 2 minutes start when the 30 s end, not at
        // the counterclaim.
        let mut t = Table::seed();
        t.claim(10, MIRA, 15).unwrap();
        t.claim(25, JONAS, 16).unwrap();
        let note = t.timeout(30, JONAS).unwrap();
        assert!(
            note.contains(
                "the 30 s for a counterclaim have not ended, so jonas's proof time has not started"
            ),
            "{note}"
        );
        let note = t.timeout(160, JONAS).unwrap();
        assert!(
            note.contains("has not run out: 0.0 s left of 2 minutes"),
            "{note}"
        );
        let note = t.timeout(160, MIRA).unwrap();
        assert!(note.contains("the proof is jonas's to show"), "{note}");
        assert!(t
            .act(
                5,
                player(MIRA),
                Body::Timeout(Timeout {
                    player: "jonas".into(),
                    note: String::new(),
                })
            )
            .is_err());
    }
}
