//! bejeweled's rule points (issue 12): when the proof is due, an early
//! proof, a corrected proof, and the next round's picks. Each match is
//! mira against jonas, hosted by kg, on the seed's worked example.
use super::*;

/// The seed's worked example, row 1 first.
const SEED_GRID: [&str; 7] = [
    "RBGYPRBG", "GYPRBGYP", "PRBGYPRB", "BGYPBRGY", "RPGRRBPR", "YYGRPYBG", "GRPBBGYP",
];
/// Removes 16 on `SEED_GRID`.
const SEED_PROOF: &str = "active plus F4; passive bend; swap F4 F5";
/// The seed's proof with a typo: F6 is not beside F4 (not legal).
const TYPO: &str = "active plus F4; passive bend; swap F4 F6";

fn create() -> Value {
    event(
        0,
        host("kg"),
        json!({ "create": {
            "config": { "bejeweled": {
                "rounds": 7, "to_win": 4, "counter_secs": 30, "proof_secs": 120, "round_secs": 600
            } },
            "players": ["mira", "jonas"],
            "host": "kg",
            "title": "rule points",
            "source": null
        } }),
    )
}

/// The host opens round 1 on the seed's grid at 0 s (seq 1).
fn round_1(offer: &str) -> Value {
    event(
        0,
        host("kg"),
        json!({ "round_start": { "bejeweled": {
            "round": 1, "grid": SEED_GRID, "offer": offer
        } } }),
    )
}

fn claim(secs: i64, who: &str, gems: u32) -> Value {
    event(
        secs,
        player(who),
        json!({ "claim": { "bejeweled": { "gems": gems } } }),
    )
}

fn proof(secs: i64, who: &str, text: &str) -> Value {
    event(
        secs,
        player(who),
        json!({ "proof": { "bejeweled": { "proof": text } } }),
    )
}

fn picks(secs: i64, who: &str, [starter, passive, active]: [&str; 3]) -> Value {
    event(
        secs,
        player(who),
        json!({ "place": { "bejeweled": {
            "starter": starter, "passive": passive, "active": active
        } } }),
    )
}

/// The host's ruling on round 1.
fn ruling(secs: i64, winner: &str) -> Value {
    event(
        secs,
        host("kg"),
        json!({ "ruling": {
            "scope": { "round": 1 }, "winner": winner, "text": format!("round 1 to {winner}")
        } }),
    )
}

/// A match of round 1 with `offer` and then `events`.
fn round_1_match(id: &str, offer: &str, events: Vec<Value>) -> Verified {
    let mut all = vec![create(), round_1(offer)];
    all.extend(events);
    let v = load_and_verify(id, all);
    // verify's exit code: 0 when clean, 1 when a finding disagrees or a
    // rule error stands.
    let disputed = !v.rule_errors().is_empty() || v.verdicts().iter().any(|x| x == "disagrees");
    assert_eq!(v.code, if disputed { 1 } else { 0 }, "{:#}", v.report);
    v
}

fn by_rules(v: &Verified) -> String {
    v.findings()[0]["by_rules"]
        .as_str()
        .unwrap_or("")
        .to_string()
}

/// Each proof's finding note, in order.
fn proof_notes(v: &Verified) -> Vec<String> {
    v.findings()[0]["proofs"]
        .as_array()
        .map(|ps| {
            ps.iter()
                .map(|p| p["note"].as_str().unwrap_or("").to_string())
                .collect()
        })
        .unwrap_or_default()
}

#[test]
fn a_counterclaimer_proving_2m15s_after_their_counterclaim_is_in_time_when_within_2m30s_of_the_first_claim(
) {
    // mira claims at 1:00, jonas counterclaims at 1:15 and proves at 3:30:
    // 2:15 after his counterclaim, 2:30 after mira's claim.
    let v = round_1_match(
        "bj-proof-due-from-first-claim",
        "swap,bend,plus",
        vec![
            claim(60, "mira", 15),
            claim(75, "jonas", 16),
            proof(210, "jonas", SEED_PROOF),
            ruling(230, "jonas"),
        ],
    );
    assert_eq!(v.rule_errors(), Vec::<String>::new());
    assert_eq!(v.verdicts(), ["agrees"]);
    assert_eq!(
        by_rules(&v),
        "round to jonas: jonas claimed 16 and removed 16"
    );

    // One second later is late: the host who gives jonas the round
    // disagrees with the rules.
    let v = round_1_match(
        "bj-proof-late-from-first-claim",
        "swap,bend,plus",
        vec![
            claim(60, "mira", 15),
            claim(75, "jonas", 16),
            proof(211, "jonas", SEED_PROOF),
            ruling(230, "jonas"),
        ],
    );
    assert_eq!(v.rule_errors(), Vec::<String>::new());
    assert_eq!(v.verdicts(), ["disagrees"]);
    let rules = by_rules(&v);
    assert!(
        rules.starts_with("round to mira: jonas claimed 16 and showed the proof (removing 16) 151.0 s after the first claim (seq 2), over the 2 minutes 30 s allowed"),
        "{rules}"
    );
}

#[test]
fn a_proof_posted_before_the_30s_end_stands_when_no_counterclaim_comes() {
    let v = round_1_match(
        "bj-early-proof-stands",
        "swap,bend,plus",
        vec![
            claim(60, "mira", 15),
            proof(70, "mira", SEED_PROOF),
            ruling(100, "mira"),
        ],
    );
    assert_eq!(v.rule_errors(), Vec::<String>::new());
    assert_eq!(v.verdicts(), ["agrees"]);
    assert_eq!(
        by_rules(&v),
        "round to mira: mira claimed 15 and removed 16"
    );
}

#[test]
fn a_higher_counterclaim_within_the_30s_after_an_early_proof_stands_and_the_counterclaimer_must_prove(
) {
    let v = round_1_match(
        "bj-early-proof-countered",
        "swap,bend,plus",
        vec![
            claim(60, "mira", 15),
            proof(70, "mira", SEED_PROOF),
            claim(85, "jonas", 17),
            proof(150, "jonas", SEED_PROOF),
            ruling(170, "mira"),
        ],
    );
    assert_eq!(v.rule_errors(), Vec::<String>::new());
    assert_eq!(v.verdicts(), ["agrees"]);
    assert_eq!(
        by_rules(&v),
        "round to mira: jonas claimed 17 and removed only 16"
    );
    let notes = proof_notes(&v);
    assert!(
        notes[0].ends_with("for the lower claim, so it does not decide the round"),
        "{notes:?}"
    );
    // After the 30 s the early proof does not keep claiming open.
    let v = round_1_match(
        "bj-early-proof-late-counter",
        "swap,bend,plus",
        vec![
            claim(60, "mira", 15),
            proof(70, "mira", SEED_PROOF),
            claim(91, "jonas", 17),
        ],
    );
    assert_eq!(
        v.rule_error_at(4).as_deref(),
        Some("claim: jonas's counterclaim comes 31.0 s after mira's claim (seq 2); a counterclaim is due within 30 s")
    );
}

#[test]
fn the_last_proof_posted_in_time_counts_and_the_earlier_one_is_superseded() {
    let v = round_1_match(
        "bj-corrected-proof",
        "swap,bend,plus",
        vec![
            claim(60, "mira", 15),
            proof(100, "mira", TYPO),
            proof(120, "mira", SEED_PROOF),
            ruling(140, "mira"),
        ],
    );
    assert_eq!(v.rule_errors(), Vec::<String>::new());
    assert_eq!(v.verdicts(), ["agrees"]);
    assert_eq!(
        by_rules(&v),
        "round to mira: mira claimed 15 and removed 16 (the last proof shown in time counts, seq 4; seq 3 is superseded)"
    );
    let notes = proof_notes(&v);
    assert!(
        notes[0].ends_with("superseded by the proof at seq 4, so it does not count"),
        "{notes:?}"
    );
    assert_eq!(notes[1], format!("removes 16: {SEED_PROOF}"));
    assert_eq!(v.findings()[0]["proofs"][1]["solves"], json!(true));
}

#[test]
fn a_proof_after_the_deadline_does_not_replace_the_one_posted_in_time() {
    // Due at 1:00 + 2:30 = 3:30; the typo comes at 4:00.
    let v = round_1_match(
        "bj-late-correction",
        "swap,bend,plus",
        vec![
            claim(60, "mira", 15),
            proof(100, "mira", SEED_PROOF),
            proof(240, "mira", TYPO),
            ruling(260, "mira"),
        ],
    );
    assert_eq!(v.rule_errors(), Vec::<String>::new());
    assert_eq!(v.verdicts(), ["agrees"]);
    assert_eq!(
        by_rules(&v),
        "round to mira: mira claimed 15 and removed 16 (the last proof shown in time counts, seq 3; seq 4 came late)"
    );
    let notes = proof_notes(&v);
    assert!(
        notes[1].ends_with(
            "shown late, so it does not count (the proof at seq 3, shown in time, stands)"
        ),
        "{notes:?}"
    );
}

#[test]
fn a_pick_of_a_powerup_offered_this_round_is_a_rule_error_naming_those_that_may_be_picked() {
    // Swap and rotate were offered, the proof used swap: only pick may be
    // picked (the seed's example); plus was the only active: column or
    // refresh.
    let v = round_1_match(
        "bj-picks-outside-the-offer",
        "swap,rotate,bend,plus",
        vec![
            claim(60, "mira", 15),
            proof(100, "mira", SEED_PROOF),
            ruling(120, "mira"),
            picks(130, "jonas", ["rotate", "chain", "column"]),
            picks(140, "mira", ["pick", "chain", "plus"]),
            picks(150, "jonas", ["pick", "recolor", "refresh"]),
            picks(160, "mira", ["pick", "chain", "column"]),
        ],
    );
    assert_eq!(
        v.rule_errors(),
        [
            "picks: rotate was offered in round 1: pick a starter that round 1 did not offer (pick)",
            "picks: plus was offered in round 1: pick an active that round 1 did not offer (column or refresh)",
        ]
    );
    assert_eq!(v.rule_error_at(5).map(|e| e.contains("rotate")), Some(true));
    assert_eq!(v.verdicts(), ["agrees"]);
}

#[test]
fn when_all_three_starters_were_offered_any_starter_may_be_picked() {
    let v = round_1_match(
        "bj-picks-all-three-offered",
        "pick,swap,rotate,bend,plus",
        vec![
            claim(60, "mira", 15),
            proof(100, "mira", SEED_PROOF),
            ruling(120, "mira"),
            picks(130, "jonas", ["swap", "chain", "column"]),
            picks(140, "mira", ["refresh", "chain", "column"]),
        ],
    );
    assert_eq!(
        v.rule_errors(),
        ["picks: refresh is an active powerup, not a starter: round 1 offered all three starters (pick, swap, rotate), so any of them may be picked"]
    );
}
