//! duorail's rule points (issue 12).
//!
//! Point 6: a `classic` match has the classic text's time controls with no
//! other config: 1 minute per turn and three 1-minute time banks (an
//! overrun takes one whole bank and gives one more minute), 3 minutes to
//! show a track after "Impossible for …" and then the banks, 3 minutes for
//! the endgame tracks without banks, then one more minute each, then the
//! host (DMO) wins; a host's timeout with no bank left is no action: the
//! turn passes and counts as a pass.
#[allow(unused_imports)]
use super::*;

/// A 9×9 match of mira (blue, first) against jonas, hosted by kg, with
/// these options; set up at 0 s. `events` follow.
fn a_match(config: Value, events: Vec<Value>) -> Vec<Value> {
    let mut all = vec![
        event(
            0,
            host("kg"),
            json!({ "create": {
                "config": { "duorail": config },
                "players": ["mira", "jonas"],
                "host": "kg",
                "title": "Duorail, classic",
                "source": null
            } }),
        ),
        event(
            0,
            host("kg"),
            json!({ "round_start": { "duorail": { "round": 1, "blue": "mira" } } }),
        ),
    ];
    all.extend(events);
    all
}

/// The options of a classic match, and nothing else.
fn classic() -> Value {
    json!({ "variant": "classic" })
}

fn place(secs: i64, who: &str, cell: &str, piece: &str) -> Value {
    event(
        secs,
        player(who),
        json!({ "place": { "duorail": { "cell": cell, "piece": piece } } }),
    )
}

fn challenge(secs: i64, who: &str, color: &str) -> Value {
    event(
        secs,
        player(who),
        json!({ "challenge": { "duorail": { "color": color } } }),
    )
}

fn show(secs: i64, who: &str, track: &str) -> Value {
    event(
        secs,
        player(who),
        json!({ "proof": { "duorail": { "track": track } } }),
    )
}

fn pass(secs: i64, who: &str) -> Value {
    event(secs, player(who), json!("pass"))
}

fn timeout(secs: i64, who: &str) -> Value {
    event(secs, host("kg"), json!({ "timeout": { "player": who } }))
}

fn ruling(secs: i64, winner: Option<&str>) -> Value {
    event(
        secs,
        host("kg"),
        json!({ "ruling": { "scope": { "round": 1 }, "winner": winner, "text": "" } }),
    )
}

/// Whether each proof of the game's finding counts (valid and in time).
fn counted(v: &Verified) -> Vec<bool> {
    v.findings()[0]["proofs"]
        .as_array()
        .map(|p| p.iter().map(|p| p["solves"] == json!(true)).collect())
        .unwrap_or_default()
}

/// The findings about the clocks (after the game's own), as "claim: verdict".
fn time_findings(v: &Verified) -> Vec<String> {
    v.findings()[1..]
        .iter()
        .map(|f| {
            format!(
                "{}: {}",
                f["claim"].as_str().unwrap_or(""),
                f["verdict"].as_str().unwrap_or("")
            )
        })
        .collect()
}

#[test]
fn classic_challenge_3_minutes_then_the_banks_a_whole_minute_each() {
    // "Impossible for blue" at 20 s: mira shows the track 2m50s later.
    let v = load_and_verify(
        "dr-classic-challenge-in-time",
        a_match(
            classic(),
            vec![
                place(10, "mira", "A1", "B:RD"),
                challenge(20, "jonas", "blue"),
                show(20 + 170, "mira", "A1 RDLU"),
                ruling(200, Some("mira")),
            ],
        ),
    );
    assert_eq!(v.rule_errors(), Vec::<String>::new());
    assert_eq!(counted(&v), vec![true]);
    assert_eq!(v.verdicts(), vec!["agrees"]);

    // 3 minutes, then three banks of a minute: 6 minutes in all.
    let v = load_and_verify(
        "dr-classic-challenge-on-the-banks",
        a_match(
            classic(),
            vec![
                place(10, "mira", "A1", "B:RD"),
                challenge(20, "jonas", "blue"),
                show(20 + 200, "mira", "E5 RDLU"), // misses A1
                show(20 + 360, "mira", "A1 RDLU"),
                ruling(400, Some("mira")),
            ],
        ),
    );
    assert_eq!(v.rule_errors(), Vec::<String>::new());
    assert_eq!(
        counted(&v),
        vec![false, true],
        "360 s after the challenge is in time"
    );
    assert_eq!(v.verdicts(), vec!["agrees"]);

    let v = load_and_verify(
        "dr-classic-challenge-too-late",
        a_match(
            classic(),
            vec![
                place(10, "mira", "A1", "B:RD"),
                challenge(20, "jonas", "blue"),
                show(20 + 361, "mira", "A1 RDLU"),
                ruling(400, Some("mira")),
            ],
        ),
    );
    assert_eq!(counted(&v), vec![false], "past the 3 minutes and 3 banks");
    let game = &v.findings()[0];
    assert_eq!(game["verdict"], "disagrees", "{game}");
    assert!(
        game["by_rules"]
            .as_str()
            .unwrap()
            .contains("mira showed no valid blue track in time"),
        "{game}"
    );
}

#[test]
fn classic_overrun_takes_one_whole_bank() {
    // mira runs 10 s over three turns: each takes a whole minute's bank,
    // so in her fourth turn the host's timeout after 61 s finds her out of
    // banks (a continuous 3-minute bank would still hold 149 s).
    let v = load_and_verify(
        "dr-classic-whole-banks",
        a_match(
            classic(),
            vec![
                place(70, "mira", "A1", "B:RD"),
                place(80, "jonas", "I9", "R:LU"),
                place(80 + 70, "mira", "C1", "B:UD"),
                place(160, "jonas", "I7", "R:LR"),
                place(160 + 70, "mira", "D1", "B:UD"),
                place(240, "jonas", "I6", "R:LR"),
                timeout(240 + 61, "mira"),
                place(310, "jonas", "I5", "R:LR"),
                ruling(320, None),
            ],
        ),
    );
    assert_eq!(v.rule_errors(), Vec::<String>::new());
    assert_eq!(
        time_findings(&v),
        vec!["the host called time on mira: agrees"]
    );
    let called = &v.findings()[1];
    assert!(
        called["truth"]
            .as_str()
            .unwrap()
            .contains("every time bank had run out 1.0 s before"),
        "{called}"
    );
}

#[test]
fn classic_timeout_with_no_bank_left_is_no_action_and_the_opponent_moves() {
    let v = load_and_verify(
        "dr-classic-no-action",
        a_match(
            classic(),
            vec![
                place(10, "mira", "A1", "B:RD"),
                // jonas's minute and three banks end 250 s after 10 s.
                timeout(10 + 245, "jonas"),
                place(260, "mira", "E5", "B:UD"),
                place(270, "jonas", "I9", "R:LU"),
                ruling(280, None),
            ],
        ),
    );
    assert_eq!(
        v.rule_errors(),
        Vec::<String>::new(),
        "after jonas's no action, mira's placement is in turn"
    );
    assert_eq!(
        time_findings(&v),
        vec!["the host called time on jonas: agrees"]
    );
    let called = &v.findings()[1];
    assert_eq!(called["seq"], 3);
    assert_eq!(
        called["by_rules"],
        "no action: the turn passes to mira and counts as a pass"
    );

    // jonas moving instead, after the host's call, is out of turn.
    let v = load_and_verify(
        "dr-classic-no-action-out-of-turn",
        a_match(
            classic(),
            vec![
                place(10, "mira", "A1", "B:RD"),
                timeout(10 + 245, "jonas"),
                place(260, "jonas", "I9", "R:LU"),
            ],
        ),
    );
    assert_eq!(
        v.rule_error_at(4).as_deref(),
        Some("turn: it is mira's turn")
    );
}

#[test]
fn classic_two_no_actions_start_the_endgame_3_minutes_then_one_more_then_the_host_wins() {
    // jonas runs out at 255 s, then mira (her minute and three banks) at
    // 255 + 241 s: two passes in a row, so the endgame begins at 496 s.
    let opening = || {
        vec![
            place(10, "mira", "A1", "B:RD"),
            timeout(10 + 245, "jonas"),
            timeout(255 + 241, "mira"),
        ]
    };
    let endgame = 496;

    // Neither shows a valid track in 3 minutes nor in the one more: the
    // host wins.
    let mut events = opening();
    events.extend([
        show(endgame + 170, "jonas", "A1 RDLU"), // crosses blue's A1
        show(endgame + 241, "mira", "A1 RDLU"),  // valid, but too late
        pass(endgame + 250, "jonas"),
        ruling(endgame + 260, None),
    ]);
    let v = load_and_verify("dr-classic-endgame-host-wins", a_match(classic(), events));
    assert_eq!(
        v.rule_errors(),
        vec!["turn: the game is in its endgame: no one may pass now, only show tracks"]
    );
    let game = &v.findings()[0];
    assert_eq!(game["seq"], 4, "the second no action started the endgame");
    assert_eq!(counted(&v), vec![false, false]);
    assert_eq!(game["verdict"], "agrees", "{game}");
    assert!(
        game["by_rules"]
            .as_str()
            .unwrap()
            .contains("neither player showed a valid track: under the classic rules the host wins"),
        "{game}"
    );
    assert_eq!(
        time_findings(&v),
        vec![
            "the host called time on jonas: agrees",
            "the host called time on mira: agrees"
        ]
    );

    // A track in the one more minute counts.
    let mut events = opening();
    events.extend([
        show(endgame + 200, "mira", "A1 RDLU"),
        ruling(endgame + 260, Some("mira")),
    ]);
    let v = load_and_verify(
        "dr-classic-endgame-extra-minute",
        a_match(classic(), events),
    );
    assert_eq!(v.rule_errors(), Vec::<String>::new());
    assert_eq!(counted(&v), vec![true]);
    assert_eq!(v.findings()[0]["verdict"], "agrees");

    // Once one side has a valid track in the 3 minutes, there is no more
    // minute for the other.
    let mut events = opening();
    events.extend([
        show(endgame + 100, "mira", "A1 RDLU"),
        show(endgame + 200, "jonas", "E5 RRDDLLUU"),
        ruling(endgame + 260, Some("jonas")),
    ]);
    let v = load_and_verify("dr-classic-endgame-no-extra", a_match(classic(), events));
    assert_eq!(counted(&v), vec![true, false]);
    assert_eq!(v.findings()[0]["verdict"], "disagrees");
}

#[test]
fn classic_timeout_with_time_left_is_the_hosts_call() {
    let v = load_and_verify(
        "dr-classic-early-call",
        a_match(
            classic(),
            vec![
                timeout(30, "mira"),
                place(40, "jonas", "I9", "R:LU"),
                place(50, "mira", "A1", "B:RD"),
            ],
        ),
    );
    assert_eq!(v.rule_errors(), Vec::<String>::new());
    assert_eq!(
        time_findings(&v),
        vec!["the host called time on mira: disagrees"]
    );
    let called = &v.findings()[1];
    assert!(
        called["truth"]
            .as_str()
            .unwrap()
            .contains("mira still had 210.0 s, 3 time banks included"),
        "{called}"
    );
}

#[test]
fn classic_move_after_the_banks_ran_out_stands_and_is_reported() {
    let v = load_and_verify(
        "dr-classic-late-move",
        a_match(
            classic(),
            vec![
                place(10, "mira", "A1", "B:RD"),
                place(10 + 250, "jonas", "I9", "R:LU"),
                place(270, "mira", "E5", "B:UD"),
            ],
        ),
    );
    assert_eq!(
        v.rule_errors(),
        Vec::<String>::new(),
        "the host let it stand"
    );
    assert_eq!(
        time_findings(&v),
        vec!["jonas's move (seq 3) came in time: disagrees"]
    );
    assert_eq!(
        v.findings()[1]["by_rules"],
        "no action: the turn passes to mira and counts as a pass"
    );
}

#[test]
fn an_explicit_classic_config_wins_over_the_classic_defaults() {
    // 2 minutes to show a track and no banks, as given.
    let config = json!({ "variant": "classic", "track_secs": 120, "bank_secs": 0 });
    let v = load_and_verify(
        "dr-classic-explicit",
        a_match(
            config,
            vec![
                place(10, "mira", "A1", "B:RD"),
                challenge(20, "jonas", "blue"),
                show(20 + 150, "mira", "A1 RDLU"),
                ruling(200, Some("mira")),
            ],
        ),
    );
    assert_eq!(counted(&v), vec![false], "150 s is past the 120 s given");
    assert_eq!(v.findings()[0]["verdict"], "disagrees");
}

#[test]
fn a_standard_timeout_leaves_the_turn_where_it_was() {
    let v = load_and_verify(
        "dr-standard-timeout",
        a_match(
            json!({ "variant": "standard" }),
            vec![
                timeout(400, "mira"),
                place(410, "jonas", "I9", "R:LU"),
                place(420, "mira", "A1", "B:RD"),
            ],
        ),
    );
    assert_eq!(
        v.rule_errors(),
        vec!["turn: it is mira's turn"],
        "standard: the timeout is a note, mira still moves"
    );
    assert_eq!(time_findings(&v), vec!["mira's bank ran out: rules_silent"]);
}
