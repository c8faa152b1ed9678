//! Traffic Jam's rule points (issue 12, point 5).

use serde_json::{json, Value};

use super::*;

/// Round 1 of a Traffic Jam match, target 3: mira places Y on C2 C3
/// across the taxi's row and claims "finished"; `solutions` are mira's
/// posts (seconds, moves), then the host gives the round to `ruled_for`.
fn finished_round(solutions: &[(i64, &[&str])], ruled_for: &str) -> Vec<Value> {
    let mut events = vec![
        event(
            0,
            host("kg"),
            json!({"create": {"config": {"rush_hour": {"rounds": 5, "to_win": 3, "turn_secs": 60,
                "solution_secs": 120, "counter_secs": 120, "reserve_secs": 300}},
                "players": ["mira", "jonas"], "host": "kg", "title": "point 5", "source": null}}),
        ),
        event(
            10,
            host("kg"),
            json!({"round_start": {"rush_hour": {"round": 1, "target": 3, "cars": [], "first": "mira"}}}),
        ),
        event(
            20,
            player("mira"),
            json!({"place": {"rush_hour": {"cells": ["C2", "C3"]}}}),
        ),
        event(
            25,
            player("mira"),
            json!({"claim": {"rush_hour": "finished"}}),
        ),
    ];
    for (secs, moves) in solutions {
        events.push(event(
            *secs,
            player("mira"),
            json!({"proof": {"rush_hour": {"moves": moves}}}),
        ));
    }
    events.push(event(
        200,
        host("kg"),
        json!({"ruling": {"scope": {"round": 1}, "winner": ruled_for, "text": ""}}),
    ));
    events
}

const SHORT: &[&str] = &["Y up", "Z right"];
const EXACT: &[&str] = &["Y up", "Z right 1", "Z right"];

/// RULINGS: "If P posts several solutions, any legal one shorter than the
/// target disproves the claim, even if another has exactly the target
/// length" — so a host who gives the round to the claimer is overruled,
/// whichever of the two came first.
#[test]
fn the_claimers_own_shorter_solution_disproves_a_finished_claim_even_beside_an_exact_one() {
    for (id, posts) in [
        ("short-then-exact", [(40, SHORT), (60, EXACT)]),
        ("exact-then-short", [(40, EXACT), (60, SHORT)]),
    ] {
        let v = load_and_verify(id, finished_round(&posts, "mira"));
        assert_eq!(v.rule_errors(), Vec::<String>::new(), "{id}");
        assert_eq!(v.verdicts(), ["disagrees"], "{id}: {}", v.report);
        let f = &v.findings()[0];
        let by_rules = f["by_rules"].as_str().unwrap();
        assert!(by_rules.starts_with("round to jonas"), "{id}: {by_rules}");
        assert!(
            by_rules.contains("a shorter solution disproves the claim"),
            "{id}: {by_rules}"
        );
        let short = f["proofs"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["moves"] == 2)
            .expect("the 2-move solution is in the finding");
        assert!(
            short["note"]
                .as_str()
                .unwrap()
                .contains("fewer than the target 3"),
            "{short}"
        );
        assert_eq!(v.code, 1, "verify exits 1 on a disagreeing finding");
    }
    // The same match ruled for jonas agrees.
    let v = load_and_verify(
        "ruled-right",
        finished_round(&[(40, SHORT), (60, EXACT)], "jonas"),
    );
    assert_eq!(v.verdicts(), ["agrees"], "{}", v.report);
    assert_eq!(v.code, 0);
}

/// Only the exact-length solution: the claim stands (the control case).
#[test]
fn an_exact_length_solution_alone_proves_a_finished_claim() {
    let v = load_and_verify("exact-only", finished_round(&[(40, EXACT)], "mira"));
    assert_eq!(v.verdicts(), ["agrees"], "{}", v.report);
}
