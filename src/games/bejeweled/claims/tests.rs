//! The tests of claims, proofs and their clocks, driven through a whole match.

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
