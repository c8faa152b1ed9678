//! Tests of the player's chat reader: every phrasing it reads, at the
//! stage of the match that gives it its meaning, and talk that must stay
//! talk.

use super::*;
use crate::event::{Actor, Create, Ruling, Scope};
use crate::games::rush_hour::notation::{describe_placement, parse_cells, parse_solution};
use crate::games::rush_hour::rules::RoundSetup;
use crate::games::{ChatContext, GameConfig, RoundSetup as GameSetup, Stamp};
use chrono::{DateTime, Utc};
use proptest::prelude::*;

const VALE: usize = 0;
const KIT: usize = 1;

fn players() -> Vec<String> {
    vec!["vale".to_string(), "kit".to_string()]
}

/// The match after `steps`, each `who: what` (`moss` is the host): `open
/// <target> <first> [cells / cells]`, `place <cells>`, `finished`,
/// `impossible`, `proof <moves; …>`, `pass`, `rule <winner>`.
fn after(steps: &[&str]) -> MatchState {
    let create = Create {
        config: GameConfig::RushHour(Default::default()),
        players: players(),
        host: "moss".into(),
        title: String::new(),
        source: None,
    };
    let at = |s: usize| DateTime::<Utc>::from_timestamp(1_800_000_000 + 5 * s as i64, 0).unwrap();
    let mut state = MatchState::start(&create, at(0)).unwrap();
    let mut rounds = 0;
    for (i, step) in steps.iter().enumerate() {
        let (who, what) = step.split_once(": ").unwrap();
        let actor = match who {
            "moss" => Actor::Host("moss".into()),
            p => Actor::Player(p.into()),
        };
        let (verb, rest) = what.split_once(' ').unwrap_or((what, ""));
        let body = match verb {
            "open" => {
                rounds += 1;
                let mut w = rest.splitn(3, ' ');
                let target = w.next().unwrap().parse().unwrap();
                let first = w.next().unwrap().to_string();
                let cars = w
                    .next()
                    .map(|c| c.split('/').map(|g| parse_cells(g).unwrap()).collect())
                    .unwrap_or_default();
                Body::RoundStart(GameSetup::RushHour(RoundSetup {
                    round: rounds,
                    target,
                    cars,
                    first,
                }))
            }
            "place" => Body::Place(GamePlacement::RushHour(Placement {
                cells: parse_cells(rest).unwrap(),
            })),
            "finished" => Body::Claim(GameClaim::RushHour(super::super::Claim::Finished)),
            "impossible" => {
                Body::Challenge(GameChallenge::RushHour(super::super::Challenge::Impossible))
            }
            "proof" => Body::Proof(GameProof::RushHour(Proof {
                moves: parse_solution(rest).unwrap(),
            })),
            "pass" => Body::Pass,
            "rule" => Body::Ruling(Ruling {
                scope: Scope::Round(rounds),
                winner: Some(rest.to_string()),
                text: String::new(),
            }),
            other => panic!("no step {other}"),
        };
        let stamp = Stamp {
            seq: i as u64 + 1,
            actor: &actor,
            at: at(i + 1),
        };
        state.apply(&body, stamp).unwrap();
    }
    state
}

/// Round 1, target 5, a car Y on D2 E2; kit places first.
const OPENED: &str = "moss: open 5 kit D2 E2";

/// What `seat` writing `text` after `steps` reads as (no steps: the
/// match is not known).
fn read_after(steps: &[&str], seat: usize, text: &str) -> Vec<Reading> {
    let p = players();
    let state = (!steps.is_empty()).then(|| after(steps));
    let mut ctx = ChatContext::new(&p, 1);
    ctx.state = state.as_ref();
    read_player_message(text, seat, &ctx)
}

/// Each reading of `text` by `seat` after `steps` (no steps: the match
/// is not known), in words: `place B1 B2`, `claim`, `challenge`, `pass`,
/// `proof X up; Z right`, `unread: …`, with its lines.
fn says(steps: &[&str], seat: usize, text: &str) -> Vec<String> {
    read_after(steps, seat, text)
        .into_iter()
        .map(|r| {
            let what = match r.read {
                ChatReading::Event(Body::Place(GamePlacement::RushHour(p))) => {
                    format!("place {}", describe_placement(&p))
                }
                ChatReading::Event(Body::Claim(_)) => "claim".into(),
                ChatReading::Event(Body::Challenge(_)) => "challenge".into(),
                ChatReading::Event(Body::Pass) => "pass".into(),
                ChatReading::Event(Body::Proof(GameProof::RushHour(p))) => format!(
                    "proof {}",
                    p.moves
                        .iter()
                        .map(ToString::to_string)
                        .collect::<Vec<_>>()
                        .join("; ")
                ),
                ChatReading::Unread(why) => format!("unread: {why}"),
                other => format!("{other:?}"),
            };
            if r.lines == (0..text.lines().count()) {
                what
            } else {
                format!("{what} @{}..{}", r.lines.start, r.lines.end)
            }
        })
        .collect()
}

fn check(steps: &[&str], seat: usize, cases: &[(&str, &[&str])]) {
    for (text, want) in cases {
        let got = says(steps, seat, text);
        assert_eq!(got, *want, "{text:?}");
    }
}

fn unread(steps: &[&str], seat: usize, text: &str) -> String {
    match says(steps, seat, text).as_slice() {
        [one] if one.starts_with("unread: ") => one.clone(),
        other => panic!("{text:?} read as {other:?}"),
    }
}

/// `text` by `seat` after `steps` is unread, and its reason says `why`.
fn unread_because(steps: &[&str], seat: usize, text: &str, why: &str) {
    let got = unread(steps, seat, text);
    assert!(got.contains(why), "{got}");
}

#[test]
fn on_its_own_a_message_reads_by_its_words() {
    for text in ["B1 B2", "b1, b2", "  B1-B2 ", "B1 B2 please"] {
        assert_eq!(says(&[], VALE, text), ["place B1 B2"], "{text:?}");
    }
    for text in ["finished", "Finished!", "I claim finished :tada:"] {
        assert_eq!(says(&[], VALE, text), ["claim"], "{text:?}");
    }
    for text in ["pass", "pass, nice one"] {
        assert_eq!(says(&[], VALE, text), ["pass"], "{text:?}");
    }
    check(
        &[],
        VALE,
        &[
            ("**C4 C5 C6** 🚗", &["place C4 C5 C6"]),
            // A car asked about in words is talk; said bare, it is placed.
            ("is D1 D2 legal? its touching Y", &[]),
            ("D1 D2?", &["place D1 D2"]),
            ("impossible", &["challenge"]),
            (
                "1. X up\n2. W left 2\n3. Z right",
                &["proof X up; W left 2; Z right"],
            ),
            ("Y down, Z right", &["proof Y down; Z right"]),
        ],
    );
    for talk in ["gl hf", "nice one", "brb", "I think so"] {
        assert!(says(&[], VALE, talk).is_empty(), "{talk:?}");
    }
    for bad in ["B1 B2 B3 B4", "X up\nZ sideways", "B1", "X up 0"] {
        unread(&[], VALE, bad);
    }
}

#[test]
fn the_player_to_move_places_with_words_around_the_car() {
    let to_move = [OPENED, "kit: place B4 B5 B6"];
    for text in [
        "alright E3 E4 then",
        "E3 E4?",
        "e3 e4, vertical",
        "vertical car right in front of the taxi, e3-e4",
        // A car by its column and rows.
        "column E, rows 3–4 (2-long)",
    ] {
        assert_eq!(says(&to_move, VALE, text), ["place E3 E4"], "{text:?}");
    }
    for text in ["mine goes on C1-C3", "truck on C1–C3 🚚"] {
        assert_eq!(says(&to_move, VALE, text), ["place C1 C2 C3"], "{text:?}");
    }
    check(
        &to_move,
        VALE,
        &[
            ("car C1 to C2", &["place C1 C2"]),
            // A car by its row and columns.
            ("row 1, columns C to E", &["place C1 D1 E1"]),
            ("@Moss finished", &["claim"]),
            ("B5 C5 finished", &["place B5 C5", "claim"]),
            (
                "C5 D5 — that's 5, finished:\nU right 1, V down, Y left 1, W up, Z right",
                &[
                    "place C5 D5 @0..1",
                    "claim @0..1",
                    "proof U right 1; V down; Y left 1; W up; Z right @1..2",
                ],
            ),
            (
                "finished!\nU right 1\nV down\nZ right",
                &["claim @0..1", "proof U right 1; V down; Z right @1..4"],
            ),
            // The moves first, the claim after: the claim is read first.
            (
                "Y down, Z right — finished",
                &["claim", "proof Y down; Z right"],
            ),
            // Cells asked about are talk (`dee four ee four?` said aloud).
            ("D4 ee four? E4 is still free right", &[]),
            // After the car placed, another car and moves spoken of in
            // talk are talk, not a second car or a solution.
            (
                "c3c4. c3c5 does the same, Y up Z right is still 2 either way",
                &["place C3 C4"],
            ),
        ],
    );
    unread_because(
        &to_move,
        VALE,
        "I think Y down, Z right works",
        "no claim is being answered",
    );
    // Not the writer's turn: a car by its column and rows among words is
    // talk about it, not a placement.
    unread_because(
        &to_move,
        KIT,
        "column E, rows 3-4 would block you",
        "not this player's turn",
    );
}

#[test]
fn a_car_corrected_in_the_same_message_reads_twice_unless_the_first_is_no_car() {
    let to_move = [OPENED, "kit: place B4 B5 B6"];
    check(
        &to_move,
        VALE,
        &[
            (
                "E4 E5\nwait no, E3 E4",
                &["place E4 E5 @0..1", "place E3 E4 @1..2"],
            ),
            ("A1 B1 C2\nugh typo — A1 B1 C1", &["place A1 B1 C1 @1..2"]),
            // Not corrected: the rules say what is wrong with it.
            ("A1 B1 C2", &["place A1 B1 C2"]),
        ],
    );
    // The next message, before kit acts: a correction.
    let placed = [OPENED, "kit: place B4 B5 B6", "vale: place E4 E5"];
    for text in ["wait, E3 E4", "E3 E4"] {
        assert_eq!(says(&placed, VALE, text), ["place E3 E4"], "{text:?}");
    }
    unread_because(
        &placed,
        VALE,
        "should have gone E3 E4 honestly",
        "not this player's turn",
    );
}

#[test]
fn claims_and_challenges_as_players_say_them() {
    // vale placed last: she may claim; kit, to move, may challenge.
    let steps = [OPENED, "kit: place B4 B5 B6", "vale: place E3 E4"];
    for text in [
        "done — that's exactly 5",
        "done, it's 5",
        "finished 😤",
        // A count claimed as the puzzle's length is the claim.
        "I claim this is a 5-mover now",
        "claiming 5",
        "5-mover",
        "done in 5",
        // The count said as exact: the claim, checked against the target.
        "🏁 5 on the nose",
        "exactly 5",
        "5 moves exactly 😎",
    ] {
        assert_eq!(says(&steps, VALE, text), ["claim"], "{text:?}");
    }
    for talk in [
        "not done yet",
        "finished?",
        "well done",
        // Near misses: a question, a doubt, a look back, no count.
        "is this a 5-mover?",
        "could be a 5-mover if you're not careful",
        "that was a 5-mover before your car",
        "I claim",
        "5 moves lol",
        "is it exactly 5?",
        "could be 5 on the nose",
        "5 on the nose was my guess before",
    ] {
        assert!(says(&steps, VALE, talk).is_empty(), "{talk:?}");
    }
    unread_because(&steps, VALE, "I claim this is a 4-mover", "target is 5");
    unread_because(&steps, VALE, "🏁 6 on the nose", "target is 5");
    for text in [
        "not solvable in 5 any more",
        "you can't do it in 5",
        "no solution, calling it 🔒",
        "impossible, you can't do that in 5",
        "not solvable in 5 any more. impossible",
        "unsolvable",
        // A row's number is no count of moves.
        "impossible. U can't get off row 3 anymore",
    ] {
        assert_eq!(says(&steps, KIT, text), ["challenge"], "{text:?}");
    }
    unread_because(&steps, KIT, "can't do it in 4", "target is 5");
}

#[test]
fn a_challenge_that_names_a_car_on_the_board_places_nothing() {
    // kit placed E2 E3 E4 last: vale, to move, challenges it by its cells.
    let steps = [
        "moss: open 6 kit A5 B5 C5 / D2 D3",
        "kit: place D1 E1 F1",
        "vale: place C1 C2 C3",
        "kit: place E2 E3 E4",
    ];
    let by_cells = [
        "challenge! kit's E2-E4 truck makes it unsolvable in 6",
        "your E2-E4 truck makes it impossible",
    ];
    for text in by_cells {
        assert_eq!(says(&steps, VALE, text), ["challenge"], "{text:?}");
        // With no board known, the challenge's cells are still the car
        // challenged.
        assert_eq!(says(&[], VALE, text), ["challenge"], "{text:?}");
    }
    for text in ["challenge, E2 E3 E4 locks it", "I challenge that"] {
        assert_eq!(says(&steps, VALE, text), ["challenge"], "{text:?}");
    }
    // Near misses: the cells alone are a placement (the rules refuse it);
    // talk about the car is talk; free cells with talk are a car.
    assert_eq!(says(&steps, VALE, "E2 E3 E4"), ["place E2 E3 E4"]);
    assert!(says(&steps, VALE, "that E2-E4 truck is annoying").is_empty());
    assert_eq!(says(&steps, VALE, "nice challenge, B1 C1"), ["place B1 C1"]);
    // The one who must answer a challenge does not pass by naming it.
    let challenged = [steps[0], steps[1], steps[2], steps[3], "vale: impossible"];
    assert!(says(&challenged, KIT, "challenge accepted").is_empty());
}

#[test]
fn solutions_in_every_shape_are_the_proof_that_is_due() {
    let claimed = [
        OPENED,
        "kit: place B4 B5 B6",
        "vale: place E3 E4",
        "vale: finished",
    ];
    for text in [
        "U→1 V↓ Y←1 W↑ Z→",
        "move U right 1, then V all the way down, Y left 1, W up, and Z drives out",
        // Direction letters with the distance attached.
        "U R1, V D, Y L1, W U, Z R",
    ] {
        let want = ["proof U right 1; V down; Y left 1; W up; Z right"];
        assert_eq!(says(&claimed, VALE, text), want, "{text:?}");
    }
    for text in ["1) u r 1\n2) v d\n3) z r", "UR1 VD ZR"] {
        let want = ["proof U right 1; V down; Z right"];
        assert_eq!(says(&claimed, VALE, text), want, "{text:?}");
    }
    check(
        &claimed,
        VALE,
        &[
            (
                "Y goes up then the taxi drives out",
                &["proof Y up; Z right"],
            ),
            (
                "hmm\nX down, Z right\nthat's 8 though 😭",
                &["proof X down; Z right @1..2"],
            ),
            ("- W left\n- Z right", &["proof W left; Z right"]),
            // Two solutions: both count (RULINGS).
            (
                "Y up, Z right\nor better:\nZ right",
                &["proof Y up; Z right @0..1", "proof Z right @2..3"],
            ),
            // A reply preview pasted after the message is no second solution.
            (
                "Y up, Z right\n@Rook ♜\nY up, Z right",
                &["proof Y up; Z right @0..1"],
            ),
            ("done", &[]),
            ("I can't find it, pass", &["pass"]),
        ],
    );
    // A distance of 0 is no move: the solution is unread, not cut short.
    unread_because(&claimed, VALE, "U R0, Z R", "'U R0'");
    unread_because(&claimed, VALE, "Y up\nZ sideways", "line 2: 'Z sideways'");
}

#[test]
fn the_opponent_counters_or_gives_up_in_words() {
    let solved = [
        OPENED,
        "kit: place B4 B5 B6",
        "vale: place E3 E4",
        "vale: finished",
        "vale: proof Y up; Z right",
    ];
    for text in [
        "5 moves: W left, V up, X left 1, Y down, Z right gg",
        "W←, V↑, X← one, Y↓, Z→ out",
    ] {
        let want = ["proof W left; V up; X left 1; Y down; Z right"];
        assert_eq!(says(&solved, KIT, text), want, "{text:?}");
    }
    for text in [
        "no counter from me, nice",
        "ugh. can't beat that, no counter",
    ] {
        assert_eq!(says(&solved, KIT, text), ["pass"], "{text:?}");
    }
    assert!(says(&solved, KIT, "gg").is_empty());
}

#[test]
fn the_challenged_player_solves_or_gives_up_in_words() {
    let challenged = [OPENED, "kit: place B4 B5 B6", "vale: impossible"];
    assert_eq!(
        says(
            &challenged,
            KIT,
            "best I can get is 7: X right, V down, Z right"
        ),
        ["proof X right; V down; Z right"]
    );
    for text in [
        "yeah it's locked. I can't, gg",
        "I give up",
        "impossible indeed",
    ] {
        assert_eq!(says(&challenged, KIT, text), ["pass"], "{text:?}");
    }
    // The challenger's own words are talk.
    for talk in ["told you, impossible", "gg"] {
        assert!(says(&challenged, VALE, talk).is_empty(), "{talk:?}");
    }
}

/// Round 1 played out and ruled for vale: the next is not open yet.
const RULED: [&str; 5] = [
    OPENED,
    "kit: place B4 B5 B6",
    "vale: impossible",
    "kit: pass",
    "moss: rule vale",
];

#[test]
fn the_first_player_of_an_announced_round_places_among_words() {
    let ruled = RULED;
    let state = after(&ruled);
    let p = players();
    let read = |seat: usize, announced: Option<usize>, text: &str| {
        let mut ctx = ChatContext::new(&p, 1);
        ctx.state = Some(&state);
        ctx.announced_first = announced;
        read_player_message(text, seat, &ctx)
            .into_iter()
            .map(|r| format!("{:?}", r.read))
            .collect::<Vec<_>>()
    };
    for text in [
        "c2 c3, vertical",
        "vertical car right in front of the taxi, c2-c3",
    ] {
        let got = read(KIT, Some(KIT), text);
        assert!(
            got.len() == 1 && got[0].contains("Place"),
            "{text}: {got:?}"
        );
        // Not announced, or announced for the other player: talk.
        assert!(read(KIT, None, text).is_empty(), "{text}");
        assert!(read(KIT, Some(VALE), text).is_empty(), "{text}");
    }
}

#[test]
fn between_rounds_only_a_first_car_is_play() {
    let ruled = RULED;
    for talk in [
        "the Z right 1 was so dumb",
        "gg wp 🫡",
        "finished",
        "I'll start",
    ] {
        assert!(says(&ruled, KIT, talk).is_empty(), "{talk:?}");
    }
    check(
        &ruled,
        KIT,
        &[
            ("B4 B5 B6", &["place B4 B5 B6"]),
            ("mine goes on B1 C1", &["place B1 C1"]),
        ],
    );
}

/// Words of talk: letters only, at least two, none of the game's words.
fn talk_word() -> impl Strategy<Value = String> {
    "[a-zA-Z]{2,9}".prop_filter("a word of talk", |w| {
        !super::super::phrases::is_vocabulary(w)
            && !players().iter().any(|p| p.eq_ignore_ascii_case(w))
    })
}

/// Every stage a message can meet, for each seat.
fn stages() -> Vec<Vec<&'static str>> {
    vec![
        vec![],
        vec![OPENED],
        vec![OPENED, "kit: place B4 B5 B6"],
        vec![OPENED, "kit: place B4 B5 B6", "kit: finished"],
        vec![
            OPENED,
            "kit: place B4 B5 B6",
            "kit: finished",
            "kit: proof Y up",
        ],
        vec![OPENED, "kit: place B4 B5 B6", "vale: impossible"],
        vec![
            OPENED,
            "kit: place B4 B5 B6",
            "vale: impossible",
            "kit: pass",
            "moss: rule vale",
        ],
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Talk stays talk: text made only of words outside the game's
    /// vocabulary is never an event, whoever says it and whenever.
    #[test]
    fn talk_is_never_an_event(
        words in proptest::collection::vec(talk_word(), 1..12),
        seps in proptest::collection::vec(prop_oneof![
            Just(" "), Just(", "), Just(". "), Just("\n"), Just("! "), Just(" — "), Just("? "),
            Just(" :) "), Just(" 🚕 "), Just("'"),
        ], 12),
        stage in 0usize..7,
        seat in 0usize..2,
    ) {
        let text: String = words
            .iter()
            .zip(seps.iter().cycle())
            .map(|(w, s)| format!("{w}{s}"))
            .collect();
        for r in read_after(&stages()[stage], seat, &text) {
            prop_assert!(!matches!(r.read, ChatReading::Event(_)), "{text:?} read as {:?}", r.read);
        }
    }

    /// Whatever a player writes, at any stage, the reader answers, and
    /// every reading's lines are lines of the message.
    #[test]
    fn any_text_reads_without_panicking(
        text in "\\PC{0,60}(\n\\PC{0,40}){0,5}",
        stage in 0usize..7,
        seat in 0usize..2,
    ) {
        for r in read_after(&stages()[stage], seat, &text) {
            prop_assert!(r.lines.start < r.lines.end && r.lines.end <= text.lines().count().max(1));
        }
    }

    /// Play-like words in any order, at any stage.
    #[test]
    fn notation_like_text_reads_without_panicking(
        parts in proptest::collection::vec(prop_oneof![
            Just("X"), Just("up"), Just("→"), Just("B1"), Just("-"), Just("C3"), Just("2"),
            Just("finished"), Just("can't"), Just("no"), Just("counter"), Just("taxi"),
            Just("out"), Just("1)"), Just("\n"), Just(","), Just("@kit"), Just("wait"), Just("?"),
            Just("0"), Just("u"), Just("r"), Just("all the way"), Just("by"), Just("one"),
        ], 0..24),
        stage in 0usize..7,
        seat in 0usize..2,
    ) {
        let text = parts.join(" ");
        let _ = read_after(&stages()[stage], seat, &text);
    }
}
