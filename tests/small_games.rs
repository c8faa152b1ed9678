//! The two Leroy Quet games as matches: the reducers follow the rules
//! (turns, the row/column rule, the crossing rule, the misère end, the
//! permutation scoring), the verifier compares the host's ruling with the
//! rules' end, and the timeline values every step and marks mistakes.

use arbiter::event::{Create, Ruling, Scope};
use arbiter::games::{
    permutation, xs_and_lines, GameConfig, MatchState, Placement, RoundSetup, Value,
};
use arbiter::log::{Actor, Body, Envelope, MatchId};
use arbiter::replay::{Replay, Timeline};
use arbiter::verify::{self, Verdict};
use chrono::{DateTime, Duration, Utc};

fn at(k: usize) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339("2026-11-20T20:00:00Z")
        .unwrap()
        .with_timezone(&Utc)
        + Duration::seconds(30 * k as i64)
}

/// Builds envelopes in order.
struct Log(Vec<Envelope>);

impl Log {
    fn new(config: GameConfig, setup: RoundSetup) -> Log {
        let mut log = Log(Vec::new());
        log.push(
            Actor::Host("kg".into()),
            Body::Create(Create {
                config,
                players: vec!["ana".into(), "bo".into()],
                host: "kg".into(),
                title: "test".into(),
                source: None,
            }),
        );
        log.push(Actor::Host("kg".into()), Body::RoundStart(setup));
        log
    }
    fn push(&mut self, actor: Actor, body: Body) {
        let seq = self.0.len() as u64;
        self.0.push(Envelope {
            match_id: MatchId::parse("t").unwrap(),
            seq,
            occurred_at: at(seq as usize),
            recorded_at: at(seq as usize),
            actor,
            body,
        });
    }
    fn rule(&mut self, winner: &str) {
        self.push(
            Actor::Host("kg".into()),
            Body::Ruling(Ruling {
                scope: Scope::Match,
                winner: Some(winner.into()),
                text: String::new(),
            }),
        );
    }
    fn replay(&self) -> Replay {
        Replay::new(&self.0)
    }
}

fn player(seat: usize) -> Actor {
    Actor::Player(["ana", "bo"][seat].into())
}

fn xs_move(seat: usize, mv: &str) -> (Actor, Body) {
    (
        player(seat),
        Body::Place(Placement::XsAndLines(xs_and_lines::rules::Placement {
            mv: mv.into(),
        })),
    )
}

fn perm_move(seat: usize, mv: &str) -> (Actor, Body) {
    (
        player(seat),
        Body::Place(Placement::Permutation(permutation::rules::Placement {
            mv: mv.into(),
        })),
    )
}

fn xs_state(r: &Replay) -> &xs_and_lines::rules::Match {
    match r.last_state() {
        Some(MatchState::XsAndLines(m)) => m,
        other => panic!("not an xs match: {other:?}"),
    }
}

#[test]
fn an_xs_match_is_placed_drawn_and_ended_by_the_misere_rule() {
    let mut log = Log::new(
        GameConfig::XsAndLines(xs_and_lines::rules::Config { size: 8 }),
        RoundSetup::XsAndLines(xs_and_lines::rules::Setup { first: "bo".into() }),
    );
    // bo is player 1: places first.
    let (a, b) = xs_move(0, "A1");
    log.push(a, b);
    let xs = ["B2", "B7", "G2", "D4", "F6", "H8", "C5", "E1"];
    for (i, x) in xs.iter().enumerate() {
        let (a, b) = xs_move((1 + i) % 2, x);
        log.push(a, b);
    }
    let r = log.replay();
    assert!(r.steps[2]
        .error
        .as_ref()
        .unwrap()
        .message
        .contains("bo's turn"));
    let m = xs_state(&r);
    assert!(
        matches!(m.stage, xs_and_lines::rules::Stage::Drawing(_)),
        "8 x's placed"
    );
    assert!(r
        .steps
        .last()
        .unwrap()
        .note
        .as_ref()
        .unwrap()
        .contains("part 2"));

    // Lines: one from the wrong x is refused; a line may pass straight
    // through an earlier line's corner (D7) and run along its leg.
    let (a, b) = xs_move(1, "B2-B7");
    log.push(a, b);
    let (a, b) = xs_move(0, "D4-C5 via C4");
    log.push(a, b);
    let (a, b) = xs_move(0, "B7-D4 via D7");
    log.push(a, b);
    let (a, b) = xs_move(1, "D4-H8 via D8");
    log.push(a, b);
    let r = log.replay();
    let n = r.steps.len();
    let wrong = r.steps[n - 3]
        .error
        .as_ref()
        .expect("D4 is not where the line starts");
    assert!(wrong.message.contains("must start from B7"), "{wrong:?}");
    assert!(r.steps[n - 2].error.is_none(), "{:?}", r.steps[n - 2].error);
    assert!(r.steps[n - 1].error.is_none(), "{:?}", r.steps[n - 1].error);
    // Play on with the first legal line until no line is left.
    loop {
        let r = log.replay();
        let m = xs_state(&r);
        let xs_and_lines::rules::Stage::Drawing(p) = &m.stage else {
            unreachable!()
        };
        let Some(line) = p.legal_lines().first().copied() else {
            break;
        };
        let seat = m.to_move().unwrap();
        let (a, b) = xs_move(seat, &line.to_string());
        log.push(a, b);
        assert!(log.replay().steps.last().unwrap().error.is_none());
    }
    let r = log.replay();
    let m = xs_state(&r);
    let end = m.ending.by_rules.clone().expect("the rules end the game");
    let (winner, why) = (end.winner, end.reason);
    let last_mover = match &r.steps.last().unwrap().actor {
        Actor::Player(p) if p == "ana" => 0,
        _ => 1,
    };
    assert_eq!(winner, Some(1 - last_mover), "misère: {why}");
    // Another move after the end is refused.
    let (a, b) = xs_move(1 - last_mover, "A1-B2");
    log.push(a, b);
    assert!(log.replay().steps.last().unwrap().error.is_some());
    // The host rules for the one who drew the last line: the verifier disagrees.
    log.rule(["ana", "bo"][last_mover]);
    let f = verify::findings(&log.replay());
    assert_eq!(f.len(), 1);
    assert_eq!(f[0].verdict, Verdict::Disagrees);
    // Every part-2 step is valued; the final position is a win for the
    // side to move (it has no line).
    let t = Timeline::new(&log.replay());
    let last = t.analyses.iter().rev().flatten().next().unwrap();
    assert_eq!(last.value, Value::Win);
    assert!(last.moves.is_empty());
}

/// The seed's worked example: x's at A5 B1 C2 D6 E4 F7 G3; numbered
/// A5 F7 B1 D6 G3 C2 E4, player 1 scores 24 and player 2 37.
fn seed_match(first: &str) -> Log {
    let mut log = Log::new(
        GameConfig::Permutation(permutation::rules::Config { size: 7 }),
        RoundSetup::Permutation(permutation::rules::Setup {
            first: first.into(),
        }),
    );
    let p1 = if first == "ana" { 0 } else { 1 };
    for (i, x) in ["A5", "B1", "C2", "D6", "E4", "F7", "G3"]
        .iter()
        .enumerate()
    {
        let (a, b) = perm_move((p1 + i) % 2, x);
        log.push(a, b);
    }
    for (i, x) in ["F7", "B1", "D6", "G3", "C2", "E4"].iter().enumerate() {
        let (a, b) = perm_move((p1 + i) % 2, x);
        log.push(a, b);
    }
    log
}

#[test]
fn the_seeds_permutation_example_scores_24_to_37_as_a_match() {
    let mut log = seed_match("ana");
    let r = log.replay();
    assert!(
        r.rule_errors().next().is_none(),
        "{:?}",
        r.rule_errors().next()
    );
    let Some(MatchState::Permutation(m)) = r.last_state() else {
        panic!()
    };
    assert_eq!(m.points(), [24, 37]);
    assert_eq!(
        m.ending.by_rules.as_ref().unwrap().winner,
        Some(1),
        "bo wins"
    );
    log.rule("ana");
    assert_eq!(
        verify::findings(&log.replay())[0].verdict,
        Verdict::Disagrees
    );
    // With bo as player 1 the same moves score the other way round.
    let r = seed_match("bo").replay();
    let Some(MatchState::Permutation(m)) = r.last_state() else {
        panic!()
    };
    assert_eq!(m.points(), [37, 24]);
}

#[test]
fn the_permutation_rules_refuse_a_shared_row_a_numbered_x_and_the_wrong_turn() {
    let mut log = Log::new(
        GameConfig::Permutation(permutation::rules::Config { size: 7 }),
        RoundSetup::Permutation(permutation::rules::Setup {
            first: "ana".into(),
        }),
    );
    for (seat, mv) in [
        (0, "A5"),
        (1, "C5"),
        (1, "B5"),
        (1, "A5"),
        (1, "B1"),
        (1, "C2"),
    ] {
        let (a, b) = perm_move(seat, mv);
        log.push(a, b);
    }
    let r = log.replay();
    let errs: Vec<String> = r.rule_errors().map(|(_, e)| e.message.clone()).collect();
    assert_eq!(errs.len(), 3, "{errs:?}");
    assert!(
        errs[0].contains("shares a row with the x on A5"),
        "{errs:?}"
    );
    assert!(errs[1].contains("shares a row"), "{errs:?}");
    // An x on an x says so, not which line it shares.
    assert!(errs[2].contains("A5 already holds an x"), "{errs:?}");
    // bo's C2, out of turn after B1 and before ana acted, corrects B1
    // (RULINGS' takeback rule): B1 is superseded, C2 stands.
    let b1 = r.steps.iter().find(|s| s.text.ends_with("B1")).unwrap();
    let c2 = r.steps.last().unwrap();
    assert_eq!(b1.superseded_by, Some(c2.seq), "{:?}", r.steps);
    assert!(c2.error.is_none() && c2.note.as_deref().unwrap().contains("corrects"));
    // Once someone else has acted, even in vain (bo's D4 shares ana's
    // column), ana's move stands: a second one is out of turn.
    for (seat, mv) in [(0, "D1"), (1, "D4"), (0, "E3")] {
        let (a, b) = perm_move(seat, mv);
        log.push(a, b);
    }
    let r = log.replay();
    let last = r.steps.last().unwrap();
    assert!(
        last.error
            .as_ref()
            .is_some_and(|e| e.message.contains("bo's turn")),
        "{last:?}"
    );
    let d1 = r.steps.iter().find(|s| s.text.ends_with("D1")).unwrap();
    assert_eq!(d1.superseded_by, None);
    let mut log = seed_match("ana");
    log.0.truncate(10);
    let (a, b) = perm_move(1, "F7");
    log.push(a, b);
    let r = log.replay();
    assert!(r
        .steps
        .last()
        .unwrap()
        .error
        .as_ref()
        .unwrap()
        .message
        .contains("numbered already"));
    // 8×8 is not n = 2k + 1.
    let r = Log::new(
        GameConfig::Permutation(permutation::rules::Config { size: 8 }),
        RoundSetup::Permutation(permutation::rules::Setup {
            first: "ana".into(),
        }),
    )
    .replay();
    assert!(r.steps[0].error.is_some());
}

#[test]
fn the_permutation_timeline_values_each_number_and_marks_thrown_wins() {
    let r = seed_match("ana").replay();
    let t = Timeline::new(&r);
    // Part 1 is not valued; part 2 is, from the first number on.
    assert!(t.analyses[2..8].iter().all(Option::is_none));
    let start = t.analyses[8]
        .as_ref()
        .expect("part 2 begins after the 7th x");
    assert_eq!(start.moves.len(), 6);
    assert_eq!(start.remoteness, Some(6));
    // Best play from the start gives player 1 G3 first (reading order
    // breaks ties), as `arbiter solve permutation` says.
    assert!(
        start
            .detail
            .as_ref()
            .unwrap()
            .contains("the best next x is G3"),
        "{start:?}"
    );
    let end = t.analyses.last().unwrap().as_ref().unwrap();
    assert_eq!(end.remoteness, Some(0));
    assert_eq!(end.value_for(1), Value::Win, "bo won 37 to 24");
    // A mistake is exactly a move from a won position to one that is not.
    for k in 1..t.analyses.len() {
        let (Some(b), Some(a)) = (&t.analyses[k - 1], &t.analyses[k]) else {
            continue;
        };
        let thrown = b.value == Value::Win && a.value_for(b.seat) != Value::Win;
        assert_eq!(t.mistakes[k].is_some(), thrown, "step {k}");
    }
}
