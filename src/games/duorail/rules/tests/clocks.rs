//! The time controls' tests: late tracks, time banks, no actions and the
//! host's timeouts, driven through a whole match.
//!
//! Imports only the rules' tests above it (their `Table` and helpers).

use super::*;

/// A 4×4 classic game whose time banks add up to `bank_secs` (a whole
/// minute each).
fn classic_with_banks(bank_secs: u32) -> Config {
    Config {
        bank_secs,
        ..small(Variant::Classic)
    }
}

#[test]
fn a_standard_endgame_track_after_the_5_minutes_is_late() {
    let mut t = Table::endgame(Variant::Standard, 20);
    t.show(20 + 301, MIRA, "A1 RDLU").unwrap();
    assert_eq!(t.shown_late(), vec![true]);
    let note = t.timeout(20 + 330, JONAS).unwrap();
    says(
        &note,
        &["has run out (330.0 s after the endgame began, 300 s allowed)"],
    );
}

#[test]
fn classic_endgame_3_minutes_then_one_more_minute_each_if_neither_track_is_valid() {
    let mut t = Table::started(small(Variant::Classic));
    t.place(5, MIRA, "A1", "B:RD").unwrap();
    t.pass(10, JONAS).unwrap();
    let note = t.pass(20, MIRA).unwrap();
    says(&note, &["within 180 s (one more minute each"]);
    t.show(20 + 100, JONAS, "A1 RDLU").unwrap(); // invalid: crosses blue
    let note = t.timeout(20 + 185, JONAS).unwrap();
    says(&note, &["still has 55.0 s"]);
    t.show(20 + 230, MIRA, "A1 RDLU").unwrap();
    t.show(20 + 241, JONAS, "C3 RDLU").unwrap();
    assert_eq!(t.shown_late(), vec![false, false, true]);
    assert_eq!(t.verdict(), Some(MIRA));

    // A valid track within the 3 minutes: no extra minute for the other.
    let mut t = Table::endgame(Variant::Classic, 20);
    t.show(20 + 100, MIRA, "A1 RDLU").unwrap();
    t.show(20 + 181, JONAS, "C3 RDLU").unwrap();
    assert_eq!(t.shown_late(), vec![false, true]);

    // Neither shows a valid track even in the extra minute: the host wins.
    let mut t = Table::endgame(Variant::Classic, 20);
    t.show(20 + 241, MIRA, "A1 RDLU").unwrap();
    let note = t.timeout(20 + 241, JONAS).unwrap();
    says(&note, &["(241.0 s after the endgame began, 240 s allowed)"]);
    t.decides(None, "the host wins");
}

#[test]
fn classic_challenge_3_minutes_then_the_time_banks_a_whole_minute_each() {
    let mut t = Table::started(small(Variant::Classic));
    t.place(5, MIRA, "A1", "B:RD").unwrap();
    let note = t.challenge(10, JONAS, Color::Blue).unwrap();
    says(
        &note,
        &["within 180 s (then their time banks, a minute each)"],
    );
    let note = t.show(10 + 200, MIRA, "A2 RDLU").unwrap();
    says(
        &note,
        &["mira ran 20.0 s over the 180 s: 1 time bank used (1 more minute), 2 left"],
    );
    assert_eq!(t.m().bank_ms[MIRA], 120_000);
    let note = t.timeout(10 + 230, MIRA).unwrap();
    says(
        &note,
        &["mira may still show a track: 130.0 s left, 2 time banks included"],
    );
    assert_eq!(t.m().bank_ms[MIRA], 120_000, "still the same bank");
    // 180 s and three banks: 360 s after the challenge is the last moment.
    t.show(10 + 360, MIRA, "A2 RDDLUU").unwrap();
    assert_eq!(t.m().bank_ms[MIRA], 0);
    t.show(10 + 361, MIRA, "A1 RDLU").unwrap();
    assert_eq!(t.m().bank_ms[MIRA], -1_000);
    assert_eq!(t.shown_late(), vec![false, false, true]);
    assert_eq!(
        t.m().bank_out,
        [None, None],
        "classic reports no bank exhaustion"
    );
    assert_eq!(
        t.verdict(),
        Some(JONAS),
        "mira's tracks in time miss A1; A1 RDLU came too late"
    );
}

#[test]
fn a_classic_overrun_takes_one_whole_bank_and_gives_one_more_minute() {
    let mut t = Table::started(small(Variant::Classic));
    assert_eq!(t.m().bank_text(MIRA), "3 time banks");
    let note = t.place(70, MIRA, "A1", "B:RD").unwrap();
    assert!(
        note.ends_with("mira ran 10.0 s over the 60 s: 1 time bank used (1 more minute), 2 left"),
        "{note}"
    );
    assert_eq!(t.m().bank_ms[MIRA], 120_000);
    // 61 s over: two banks, charged once however many
    // events fall into the turn.
    let note = t.timeout(70 + 121, JONAS).unwrap();
    says(&note, &["still had 119.0 s (1 time bank left)"]);
    assert_eq!(t.m().bank_ms[JONAS], 60_000);
    assert_eq!(t.m().to_move, MIRA, "the host's call ended jonas's turn");
    assert!(t.m().reserve_ms().is_none());
    assert_eq!(t.m().bank_text(JONAS), "1 time bank");
    let note = t.place(191 + 60, MIRA, "B2", "B:UD").unwrap();
    assert_eq!(note, "mira places a blue UD on B2", "within the minute");
}

#[test]
fn a_classic_turn_out_of_banks_is_no_action_and_the_opponent_moves_next() {
    let mut t = Table::started(small(Variant::Classic));
    // 60 s and three banks of 60 s: out 240 s into the turn.
    let note = t.timeout(245, MIRA).unwrap();
    assert_eq!(
        note,
        "the host says mira's time ran out; by the clocks mira's 60 s and 3 time banks ran out \
         5.0 s before: no action, which counts as a pass; it is jonas's turn"
    );
    assert_eq!(t.m().to_move, JONAS);
    assert_eq!(t.m().passes, 1);
    assert_eq!(t.m().bank_ms[MIRA], -5_000);
    assert_eq!(
        t.m().time_ups,
        vec![TimeUp {
            seq: t.seq,
            seat: MIRA,
            how: HowTimeUp::Called { past_ms: 5_000 }
        }]
    );
    assert_eq!(t.place(246, MIRA, "A1", "B:RD").unwrap_err().rule, "turn");
    let note = t.place(250, JONAS, "D4", "R:LU").unwrap();
    assert_eq!(note, "jonas places a red LU on D4");
    assert_eq!(t.m().passes, 0);
    // mira has no bank left: her next turn ends after its minute.
    assert_eq!(t.m().bank_text(MIRA), "0 time banks");
    let note = t.timeout(250 + 61, MIRA).unwrap();
    says(&note, &["ran out 1.0 s before: no action"]);
}

#[test]
fn two_classic_no_actions_in_a_row_start_the_endgame() {
    let mut t = Table::started(classic_with_banks(0));
    t.place(5, MIRA, "A1", "B:RD").unwrap();
    t.timeout(5 + 61, JONAS).unwrap();
    let note = t.timeout(66 + 70, MIRA).unwrap();
    assert!(
        note.ends_with(
            "no action, which counts as a pass: two passes in a row, so the endgame begins; \
             each player shows a track of their own color within 180 s (one more minute each \
             if neither shows a valid track by then)"
        ),
        "{note}"
    );
    assert!(matches!(
        t.m().phase,
        Phase::Endgame {
            full_board: false,
            ..
        }
    ));
    // A no action and a pass in a row do too.
    let mut t = Table::started(small(Variant::Classic));
    t.timeout(241, MIRA).unwrap();
    let note = t.pass(250, JONAS).unwrap();
    says(&note, &["endgame begins"]);
}

#[test]
fn a_classic_timeout_before_the_time_is_up_is_the_hosts_call() {
    let mut t = Table::started(small(Variant::Classic));
    let note = t.timeout(50, MIRA).unwrap();
    says(
        &note,
        &[
            "by the clocks mira still had 190.0 s (3 time banks left), but the host is the \
             judge of time: no action",
        ],
    );
    assert_eq!(t.m().to_move, JONAS);
    assert_eq!(
        t.m().bank_ms[MIRA],
        180_000,
        "the banks the clocks count stay"
    );
    t.place(55, JONAS, "D4", "R:LU").unwrap();
    // A timeout for the player not to move changes nothing.
    let note = t.timeout(56, JONAS).unwrap();
    says(&note, &["no timer of jonas is running"]);
    assert_eq!(t.m().to_move, MIRA);
}

#[test]
fn a_classic_move_after_the_banks_ran_out_stands_and_is_reported() {
    let mut t = Table::started(classic_with_banks(60));
    let note = t.place(125, MIRA, "A1", "B:RD").unwrap();
    says(
        &note,
        &[
            "mira's 60 s and 1 time bank ran out 5.0 s before this move: by the classic rules \
             the turn was no action, but the host did not call time, so the move stands",
        ],
    );
    assert_eq!(t.m().board.count(Color::Blue), 1);
    assert_eq!(t.m().to_move, JONAS);
    assert_eq!(t.m().time_ups.len(), 1);
    assert_eq!(t.m().bank_ms[MIRA], -5_000);
    // The next turn starts with no bank, not below it.
    t.place(130, JONAS, "D4", "R:LU").unwrap();
    let note = t.place(130 + 61, MIRA, "B2", "B:UD").unwrap();
    says(&note, &["60 s and 0 time banks ran out 1.0 s before"]);
    assert_eq!(t.m().bank_ms[MIRA], -1_000);
}

#[test]
fn bank_charging_and_exhaustion() {
    let mut t = Table::started(small(Variant::Standard));
    t.place(80, MIRA, "A1", "B:RD").unwrap(); // 20 s over
    assert_eq!(t.m().bank_ms[MIRA], 280_000);
    let note = t.timeout(200, JONAS).unwrap(); // 60 s over so far
    says(&note, &["still has 240.0 s of bank"]);
    let note = t.place(210, JONAS, "D4", "R:LU").unwrap();
    assert!(
        note.contains("jonas ran 10.0 s over"),
        "charged once per turn: {note}"
    );
    assert_eq!(t.m().bank_ms[JONAS], 230_000);
    let note = t.timeout(215, MIRA).unwrap();
    says(&note, &["still has 280.0 s"]);
    let note = t.pass(210 + 60 + 281, MIRA).unwrap();
    says(&note, &["mira's bank is exhausted", "the move stands"]);
    assert_eq!(t.m().bank_ms[MIRA], -1_000);
    assert_eq!(t.m().bank_out, [Some(t.seq), None]);
    assert_eq!(t.m().passes, 1, "the pass is applied as made");
    assert_eq!(t.m().to_move, JONAS);
    let out_seq = t.seq;
    t.place(600, JONAS, "C3", "R:UD").unwrap();
    t.place(700, MIRA, "B2", "B:UD").unwrap();
    assert_eq!(t.m().bank_out[MIRA], Some(out_seq), "recorded once");
}
