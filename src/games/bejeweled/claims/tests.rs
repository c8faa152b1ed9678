//! The tests of claims, proofs and their clocks, driven through a whole match.
//!
//! Imports the rules' tests' `Table` and the event vocabulary: no other
//! game, nothing from `log/`, `web/`, `import/` or `verify.rs`.

use super::super::rules::tests::*;
use super::Standing;
use crate::event::{Body, Scope, Timeout};

#[test]
fn the_seeds_round_claim_15_no_counter_removes_16_and_wins() {
    let mut t = Table::seed();
    assert_eq!(t.verdict_open(), None, "nothing decided before a claim");
    let note = t.claim(10, MIRA, 15).unwrap();
    says(&note, &["jonas may counterclaim"]);
    let note = t.prove(60, MIRA, SEED_PROOF).unwrap();
    says(
        &note,
        &["removes 16 gems", "mira claimed 15 and removed 16"],
    );
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
    let note = t.rule(70, Scope::Round(1), Some(MIRA)).unwrap();
    says(&note, &["the rules agree", "mira 1–0 jonas"]);
    assert_eq!(t.m().rounds.score(), [1, 0]);
    assert_eq!(t.m().rounds.score_by_rules(), [1, 0]);
    let e = t.rule(71, Scope::Round(1), Some(JONAS)).unwrap_err();
    says(&e.message, &["already ruled (seq 4)"]);
}

#[test]
fn a_higher_counterclaim_in_time_that_falls_short_gives_the_first_claimer_the_round() {
    let mut t = Table::claimed();
    let note = t.claim(40, JONAS, 17).unwrap();
    says(&note, &["30.0 s after mira's 15", "claiming is closed"]);
    // Claiming closed at the counterclaim: jonas may prove at once.
    let note = t.prove(41, JONAS, SEED_PROOF).unwrap();
    says(&note, &["jonas claimed 17 and removed only 16"]);
    assert_eq!(t.verdict(), Some(MIRA));
}

#[test]
fn late_low_and_third_claims_are_errors() {
    let mut t = Table::claimed();
    refused(
        t.claim(41, JONAS, 17),
        "claim",
        &["31.0 s after mira's claim"],
    );
    let e = t.claim(20, JONAS, 15).unwrap_err();
    says(&e.message, &["higher than mira's 15, not 15"]);
    let e = t.claim(20, MIRA, 16).unwrap_err();
    says(&e.message, &["mira already claimed 15"]);
    t.claim(25, JONAS, 17).unwrap();
    let e = t.claim(30, MIRA, 18).unwrap_err();
    says(&e.message, &["no counterclaim to a counterclaim"]);
    assert_eq!(t.last().claims.len(), 2);
    let e = t.claim(30, JONAS, 19).unwrap_err();
    says(&e.message, &["no counterclaim to a counterclaim"]);
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
    says(
        &e.message,
        &["no claim came within 10 minutes: the host wins the round"],
    );
    assert!(t.claim(600, MIRA, 3).is_ok(), "600 s is still in time");
}

#[test]
fn a_proof_using_a_powerup_not_offered_is_an_error() {
    let mut t = Table::new();
    t.round(0, 1, SEED_GRID, "swap,bend,column").unwrap();
    t.claim(10, MIRA, 15).unwrap();
    refused(
        t.prove(60, MIRA, SEED_PROOF),
        "offer",
        &["plus is not offered"],
    );
    assert!(t.last().proofs.is_empty());
}

#[test]
fn an_illegal_proof_is_recorded_and_loses() {
    let mut t = Table::claimed();
    let note = t
        .prove(60, MIRA, "active plus F4; passive bend; swap F4 F6")
        .unwrap();
    says(&note, &["not legal"]);
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
    says(&note, &["the round goes to jonas"]);
}

#[test]
fn no_proof_by_the_ruling_loses_the_round() {
    let mut t = Table::claimed();
    assert_eq!(t.verdict_open(), None, "the proof may still come");
    let note = t.rule(200, Scope::Round(1), Some(JONAS)).unwrap();
    says(
        &note,
        &["the rules agree: mira showed no proof within 2 minutes"],
    );
}

#[test]
fn only_the_higher_claimer_proves_and_a_proof_within_the_counterclaim_time_stands() {
    let mut t = Table::seed();
    let e = t.prove(5, MIRA, SEED_PROOF).unwrap_err();
    says(&e.message, &["no one has claimed"]);
    t.claim(10, MIRA, 15).unwrap();
    // 10 s after the claim, jonas could still counterclaim: not an error.
    let note = t.prove(20, MIRA, SEED_PROOF).unwrap();
    says(&note, &["shown before the 30 s for a counterclaim end: it stands as shown then, unless jonas counterclaims", "as it stands the round goes to mira: mira claimed 15 and removed 16"]);
    assert!(!t.last().proofs[0].late);
    let e = t.prove(45, JONAS, SEED_PROOF).unwrap_err();
    says(&e.message, &["jonas made no claim"]);
    // No counterclaim came: the early proof decides the round.
    assert_eq!(t.verdict(), Some(MIRA));
    let note = t.rule(60, Scope::Round(1), Some(MIRA)).unwrap();
    says(&note, &["the rules agree"]);

    let mut t = Table::claimed();
    t.claim(20, JONAS, 16).unwrap();
    refused(
        t.prove(30, MIRA, SEED_PROOF),
        "proof",
        &["mira's 15 is the lower claim; jonas claimed 16"],
    );
    t.prove(30, JONAS, SEED_PROOF).unwrap();
    assert_eq!(t.verdict(), Some(JONAS), "16 proves a claim of 16");
    let e = t.claim(32, MIRA, 20).unwrap_err();
    says(&e.message, &["no counterclaim to a counterclaim"]);
}

#[test]
fn an_early_proof_is_for_the_lower_claim_once_the_opponent_counterclaims_higher() {
    let mut t = Table::claimed();
    t.prove(20, MIRA, SEED_PROOF).unwrap();
    // A proof does not close the 30 s: jonas may still counterclaim.
    let note = t.claim(35, JONAS, 17).unwrap();
    says(&note, &["mira's proof (seq 3) is now for the lower claim"]);
    let r = t.last();
    assert_eq!(r.standing(&r.proofs[0]), Standing::ForLowerClaim);
    assert_eq!(r.counting_proof(), None);
    assert_eq!(t.verdict_open(), None, "jonas's proof may still come");
    let d = t.m().decision(t.last(), true).unwrap();
    assert_eq!(d.winner, Some(MIRA));
    says(&d.reason, &["jonas showed no proof within 2 minutes after the 30 s for a counterclaim (mira's proof at seq 3 was for the lower claim)"]);
    // The round carries over from the counting proof only.
    assert_eq!(t.last().carried(), grid(SEED_GRID));
    t.prove(100, JONAS, SEED_PROOF).unwrap();
    let d = t.verdict_open().unwrap();
    assert_eq!(d.winner, Some(MIRA));
    assert_eq!(d.reason, "jonas claimed 17 and removed only 16");

    // After the 30 s, a proof or not, a counterclaim is late.
    let mut t = Table::claimed();
    t.prove(20, MIRA, SEED_PROOF).unwrap();
    let e = t.claim(41, JONAS, 17).unwrap_err();
    says(&e.message, &["31.0 s after mira's claim"]);
}

#[test]
fn the_proof_is_due_2m30s_after_the_first_claim_even_after_a_counterclaim() {
    // jonas counterclaims 15 s into the 30 s and proves 2:15 after his
    // counterclaim: 2:30 after mira's claim, in time.
    let mut t = Table::claimed();
    t.claim(25, JONAS, 16).unwrap();
    let r = t.last();
    assert_eq!(r.counterclaims_close(&t.m().config), Some(at(40)));
    assert_eq!(r.proof_due(&t.m().config), Some(at(160)));
    let note = t.prove(160, JONAS, SEED_PROOF).unwrap();
    assert!(!note.contains("late"), "{note}");
    assert!(!t.last().proofs[0].late);
    assert_eq!(t.verdict(), Some(JONAS));
    // One second later is late.
    let mut t = Table::claimed();
    t.claim(25, JONAS, 16).unwrap();
    t.prove(161, JONAS, SEED_PROOF).unwrap();
    assert!(t.last().proofs[0].late);
    assert_eq!(t.verdict(), Some(MIRA));
}

#[test]
fn a_proof_after_2m30s_from_the_first_claim_is_late_and_loses_even_when_it_removes_enough() {
    let mut t = Table::claimed();
    // The 30 s end at 40 s; the proof is due by 160 s.
    let note = t.prove(161, MIRA, SEED_PROOF).unwrap();
    says(&note, &["151.0 s after the first claim (seq 2)"]);
    assert!(t.last().proofs[0].late);
    assert_eq!(t.last().proofs[0].result, Ok(16));
    t.decides(
        Some(JONAS),
        "over the 2 minutes 30 s allowed (30 s for a counterclaim, then 2 minutes for the proof)",
    );
}

#[test]
fn the_last_proof_shown_in_time_counts_and_the_earlier_ones_are_superseded() {
    let mut t = Table::claimed();
    // A typo (F6 is not beside F4), then the corrected proof.
    t.prove(60, MIRA, "active plus F4; passive bend; swap F4 F6")
        .unwrap();
    assert_eq!(t.verdict(), Some(JONAS));
    let note = t.prove(90, MIRA, SEED_PROOF).unwrap();
    assert!(
        note.starts_with("mira shows a corrected proof for 15: it removes 16 gems"),
        "{note}"
    );
    says(
        &note,
        &["it supersedes the proof at seq 3, which no longer counts"],
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
    says(
        &note,
        &["it does not count: the proof at seq 4, shown in time, stands"],
    );
    let r = t.last();
    assert_eq!(r.standing(&r.proofs[0]), Standing::Superseded { by: 4 });
    assert_eq!(r.standing(&r.proofs[1]), Standing::Counts);
    assert_eq!(r.standing(&r.proofs[2]), Standing::Late { counts: 4 });
    assert_eq!(r.carried(), r.proofs[1].end.unwrap());
    t.decides(Some(MIRA), "seq 5 came late");

    // The last in time counts even when it is worse: a legal proof
    // corrected into an illegal one loses.
    let mut t = Table::claimed();
    t.prove(60, MIRA, SEED_PROOF).unwrap();
    t.prove(70, MIRA, "active plus F4; passive bend; swap F4 F6")
        .unwrap();
    assert_eq!(t.verdict(), Some(JONAS));
    assert_eq!(t.last().carried(), grid(SEED_GRID));

    // Only late proofs: the last one counts, and it is late.
    let mut t = Table::claimed();
    t.prove(170, MIRA, "active plus F4; passive bend; swap F4 F6")
        .unwrap();
    t.prove(180, MIRA, SEED_PROOF).unwrap();
    let r = t.last();
    assert_eq!(r.standing(&r.proofs[0]), Standing::Superseded { by: 4 });
    t.decides(Some(JONAS), "(removing 16) 170.0 s");
}

#[test]
fn a_proof_with_a_powerup_not_offered_is_not_recorded_and_supersedes_nothing() {
    let mut t = Table::claimed();
    t.prove(60, MIRA, SEED_PROOF).unwrap();
    let e = t
        .prove(70, MIRA, "active column F4; passive bend; swap F4 F5")
        .unwrap_err();
    assert_eq!(e.rule, "offer");
    assert_eq!(t.last().proofs.len(), 1);
    assert_eq!(t.verdict(), Some(MIRA));
}

/// Each host timeout of `cases` (at seconds, for a seat) is accepted with
/// a note that says each of its words.
fn timeouts_say(t: &mut Table, cases: &[(i64, usize, &[&str])]) {
    for &(secs, p, parts) in cases {
        let note = t.timeout(secs, p).unwrap();
        says(&note, parts);
    }
}

#[test]
fn timeouts_note_which_timer_and_whether_it_ran_out() {
    let mut t = Table::seed();
    timeouts_say(
        &mut t,
        &[
            (
                300,
                MIRA,
                &["time to claim", "has not run out: 300.0 s left"],
            ),
            (601, JONAS, &["has run out (601.0 s elapsed"]),
        ],
    );
    t.claim(610, MIRA, 15).unwrap_err();
    let mut t = Table::claimed();
    timeouts_say(
        &mut t,
        &[
            (20, JONAS, &["jonas's time to counterclaim has not run out"]),
            (20, MIRA, &["proof time has not started"]),
            (
                161,
                MIRA,
                &["mira's time to show the proof has run out (121.0 s elapsed"],
            ),
            (161, JONAS, &["the proof is mira's to show"]),
        ],
    );
    let mut t = Table::claimed();
    t.prove(100, MIRA, SEED_PROOF).unwrap();
    timeouts_say(
        &mut t,
        &[(170, MIRA, &["mira showed the proof at seq 3 in time"])],
    );
    // A counterclaimer's 2 minutes start when the 30 s end, not at
    // the counterclaim.
    let mut t = Table::claimed();
    t.claim(25, JONAS, 16).unwrap();
    timeouts_say(
        &mut t,
        &[
            (30, JONAS, &["the 30 s for a counterclaim have not ended, so jonas's proof time has not started"]),
            (160, JONAS, &["has not run out: 0.0 s left of 2 minutes"]),
            (160, MIRA, &["the proof is jonas's to show"]),
        ],
    );
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
