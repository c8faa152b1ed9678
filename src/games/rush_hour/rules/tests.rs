//! The rules' tests: a match driven event by event.
//!
//! Imports this game's rules and notation, the event vocabulary and
//! `engine::table`: no other game, nothing from `log/`, `web/`, `import/`
//! or `verify.rs`.

use super::*;
use crate::event::{Body, Scope};
use crate::games::engine::table;
use crate::games::engine::table::{host, player, JONAS, MIRA};
use crate::games::rush_hour::notation::{parse_cells, parse_solution};
use crate::games::{self, MatchState, Noted};

/// A match driven by bodies, with a clock in seconds.
type Table = table::Table<RushHour>;

impl Table {
    fn new() -> Table {
        Table::create(games::GameConfig::RushHour(Config::default()))
    }
    fn m(&self) -> &Match {
        match &self.state {
            MatchState::RushHour(m) => m,
            other => panic!("a rush-hour table holds a {:?} match", other.game()),
        }
    }
    fn round(&mut self, secs: i64, n: u32, target: u32, cars: &[&str], first: usize) {
        let setup = RoundSetup {
            round: n,
            target,
            cars: cars.iter().map(|c| parse_cells(c).unwrap()).collect(),
            first: ["mira", "jonas"][first].into(),
        };
        self.act(
            secs,
            host(),
            Body::RoundStart(games::RoundSetup::RushHour(setup)),
        )
        .unwrap();
    }
    fn place(&mut self, secs: i64, p: usize, cells: &str) -> Noted {
        let cells = parse_cells(cells).unwrap();
        self.posts(
            secs,
            p,
            Body::Place(games::Placement::RushHour(Placement { cells })),
        )
    }
    fn finished(&mut self, secs: i64, p: usize) -> Noted {
        self.posts(
            secs,
            p,
            Body::Claim(games::Claim::RushHour(Claim::Finished)),
        )
    }
    fn impossible(&mut self, secs: i64, p: usize) -> Noted {
        self.posts(
            secs,
            p,
            Body::Challenge(games::Challenge::RushHour(Challenge::Impossible)),
        )
    }
    fn prove(&mut self, secs: i64, p: usize, moves: &str) -> Noted {
        let moves = parse_solution(moves).unwrap();
        self.posts(
            secs,
            p,
            Body::Proof(games::Proof::RushHour(Proof { moves })),
        )
    }
    /// Round 1 with `target` on an empty board, mira first: she places
    /// C2 C3 at 10 s.
    fn placed(target: u32) -> Table {
        let mut t = Table::new();
        t.round(0, 1, target, &[], MIRA);
        t.place(10, MIRA, "C2 C3").unwrap();
        t
    }
    /// [`Table::placed`], and mira claims finished at 15 s.
    fn claimed(target: u32) -> Table {
        let mut t = Table::placed(target);
        t.finished(15, MIRA).unwrap();
        t
    }
    fn verdict(&self) -> Option<usize> {
        let r = self.m().rounds.last().unwrap();
        r.decision(true, &self.m().players).and_then(|d| d.winner)
    }
}

#[test]
fn placements_take_turns_labels_and_empty_cells() {
    let mut t = Table::new();
    t.round(0, 1, 5, &["F1 F2"], MIRA);
    assert!(t
        .place(10, JONAS, "A1 A2")
        .unwrap_err()
        .message
        .contains("mira's turn"));
    t.place(20, MIRA, "C2 C3").unwrap();
    let labels: Vec<char> = t.m().rounds[0]
        .board
        .cars()
        .iter()
        .map(|c| c.label)
        .collect();
    assert_eq!(labels, vec!['Z', 'Y', 'X'], "pre-placed cars label first");
    assert_eq!(t.place(30, JONAS, "C3 D3").unwrap_err().rule, "placement");
    assert_eq!(t.place(31, JONAS, "A1 B2").unwrap_err().rule, "placement");
    t.place(32, JONAS, "D3 E3 F3").unwrap();
    assert_eq!(t.m().rounds[0].board.cars()[3].label, 'W');
}

#[test]
fn finished_claim_with_exact_solution_and_no_counter_wins() {
    let mut t = Table::claimed(2);
    assert!(
        t.place(16, JONAS, "A1 A2").is_err(),
        "no placing during a claim"
    );
    assert!(
        t.prove(20, JONAS, "Y up\nZ right").is_err(),
        "counter before solution"
    );
    t.prove(40, MIRA, "Y up\nZ right").unwrap();
    t.act(60, player(JONAS), Body::Pass).unwrap();
    assert_eq!(t.verdict(), Some(MIRA));
    t.rule(70, Scope::Round(1), Some(MIRA)).unwrap();
    assert_eq!(t.m().rounds.score(), [1, 0]);
    assert_eq!(t.m().rounds.score_by_rules(), [1, 0]);
    assert!(t
        .rule(71, Scope::Round(1), Some(JONAS))
        .unwrap_err()
        .message
        .contains("already ruled"));
}

#[test]
fn a_shorter_or_longer_solution_fails_the_claim() {
    let mut t = Table::claimed(3);
    t.prove(40, MIRA, "Y up\nZ right").unwrap();
    assert_eq!(t.verdict(), Some(JONAS), "2 moves is not the target 3");
    let mut t = Table::claimed(3);
    t.prove(40, MIRA, "Y up\nZ right 1\nZ right").unwrap();
    assert_eq!(t.verdict(), Some(MIRA), "3 moves, no counter posted");
    t.prove(60, JONAS, "Y down\nZ right").unwrap();
    assert_eq!(
        t.verdict(),
        Some(JONAS),
        "a 2-move counter beats the target"
    );
}

/// RULINGS: any legal solution of the claimer's shorter than the
/// target disproves the claim, before or after an exact-length one.
#[test]
fn the_claimers_own_shorter_solution_disproves_the_claim_whatever_follows() {
    for order in [
        ["Y up\nZ right", "Y up\nZ right 1\nZ right"],
        ["Y up\nZ right 1\nZ right", "Y up\nZ right"],
    ] {
        let mut t = Table::claimed(3);
        let first = t.prove(40, MIRA, order[0]).unwrap();
        let second = t.prove(50, MIRA, order[1]).unwrap();
        assert_eq!(t.verdict(), Some(JONAS), "{order:?}");
        let note = if order[0].lines().count() == 2 {
            first
        } else {
            second
        };
        assert!(
            note.contains("a shorter solution disproves the claim"),
            "{note}"
        );
    }
}

#[test]
fn an_illegal_solution_names_the_move() {
    let mut t = Table::claimed(2);
    let note = t.prove(40, MIRA, "Z right\nY up").unwrap();
    assert!(note.contains("move 1 is illegal"), "{note}");
    assert_eq!(t.verdict(), Some(JONAS));
}

#[test]
fn claims_only_at_the_right_moment() {
    let mut t = Table::new();
    t.round(0, 1, 4, &[], MIRA);
    assert!(t.impossible(5, MIRA).is_err(), "nothing to challenge yet");
    t.place(10, MIRA, "C2 C3").unwrap();
    // mira placed last: she may claim finished, not impossible.
    assert!(t.impossible(12, MIRA).is_err());
    t.place(20, JONAS, "D1 D2 D3").unwrap();
    assert!(
        t.finished(25, MIRA).is_ok(),
        "the player to move may claim first"
    );
}

#[test]
fn impossible_challenge_both_ways() {
    let mut t = Table::placed(2);
    t.impossible(20, JONAS).unwrap();
    assert!(
        t.prove(30, JONAS, "Y up\nZ right").is_err(),
        "the challenger does not solve"
    );
    t.prove(40, MIRA, "Y down\nZ right").unwrap();
    assert_eq!(t.verdict(), Some(MIRA));

    let mut t = Table::placed(1);
    t.impossible(20, JONAS).unwrap();
    t.prove(40, MIRA, "Y down\nZ right").unwrap();
    assert_eq!(t.verdict(), Some(JONAS), "2 moves is over the target 1");
}

#[test]
fn no_space_left_wins_for_the_last_placer() {
    let mut t = Table::new();
    // Fill everything but C3–F3 and one more pair, then close it.
    let cars = [
        "A1 A2", "B1 B2", "C1 C2", "D1 D2", "E1 E2", "F1 F2", "A4 A5 A6", "B4 B5 B6", "C4 C5 C6",
        "D4 D5 D6", "E4 E5 E6",
    ];
    t.round(0, 1, 9, &cars, MIRA);
    t.place(10, MIRA, "F4 F5").unwrap();
    t.place(20, JONAS, "C3 D3").unwrap();
    assert!(t.m().rounds[0].board.has_space(), "E3 F3 is still free");
    t.place(30, MIRA, "E3 F3").unwrap();
    assert_eq!(t.verdict(), Some(MIRA));
}

#[test]
fn over_time_comes_out_of_the_reserve_and_can_lose_the_match() {
    let mut t = Table::new();
    t.round(0, 1, 5, &[], MIRA);
    t.place(80, MIRA, "C2 C3").unwrap(); // 20 s over
    assert_eq!(t.m().reserve_ms[MIRA], 280_000);
    t.place(100, JONAS, "D1 D2").unwrap();
    assert_eq!(t.m().reserve_ms[JONAS], 300_000);
    t.finished(100 + 60 + 281, MIRA).unwrap(); // 281 s over
    assert_eq!(t.m().lost_on_time.map(|(p, _)| p), Some(MIRA));
    assert_eq!(t.m().winner_by_rules(), Some(JONAS));
    // What an import reports as the rules' outcome knows it too.
    let decided = <RushHour as crate::games::Plug>::rounds_by_rules(t.m()).unwrap();
    assert_eq!(decided.forfeit, Some(MIRA));
}

#[test]
fn the_match_ends_at_three_and_appeals_move_the_score() {
    let mut t = Table::new();
    let mut secs = 0;
    for n in 1..=3 {
        t.round(secs, n, 2, &[], MIRA);
        t.place(secs + 10, MIRA, "C2 C3").unwrap();
        t.finished(secs + 15, MIRA).unwrap();
        t.prove(secs + 30, MIRA, "Y up\nZ right").unwrap();
        t.rule(secs + 40, Scope::Round(n), Some(MIRA)).unwrap();
        secs += 100;
    }
    assert_eq!(t.m().rounds.winner(), Some(MIRA));
    let setup = RoundSetup {
        round: 4,
        target: 2,
        cars: vec![],
        first: "mira".into(),
    };
    assert!(t
        .act(
            secs,
            host(),
            Body::RoundStart(games::RoundSetup::RushHour(setup))
        )
        .is_err());
    let ruling_seq = *t.m().rounds.book.rulings.keys().next().unwrap();
    assert!(t.appeal(secs, JONAS, 2, "x").is_err());
    t.appeal(secs, JONAS, ruling_seq, "it was mine").unwrap();
    let appeal_seq = t.seq;
    t.decide(secs + 5, host(), appeal_seq, Some(Some(JONAS)))
        .unwrap();
    assert_eq!(t.m().rounds.score(), [2, 1]);
    assert_eq!(t.m().rounds.winner(), None);
}
