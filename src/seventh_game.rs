//! The seventh game through the whole crate (test builds only): the Nim
//! race of `games/nim/` sealed into a store, replayed, verified, refused
//! by the chat import (it has no reader), and drawn on its step page by
//! the web layer, which knows nothing of it. The game is one folder and
//! one line of the registry; these tests sit at the crate's root because
//! they drive the layers above the games (`log`, `verify`, `import`,
//! `web`), which no file under `games/` may import (`tests/layers.rs`).

use std::sync::Arc;

use actix_web::{test as http, App};
use chrono::{DateTime, Duration, Utc};

use crate::event::{Actor, Appeal, AppealDecision, Body, Create, MatchId, NewEvent, Ruling, Scope};
use crate::findings::{Award, Verdict};
use crate::games::nim::{solver, Claim, Config, Match, Take};
use crate::games::{self, GameConfig, GameKind, MatchState, Placement};
use crate::log::{EventStore, SledStore};
use crate::replay::Replay;
use crate::web::{routes, AppState};

fn at(secs: i64) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339("2026-11-14T19:00:00Z")
        .unwrap()
        .with_timezone(&Utc)
        + Duration::seconds(secs)
}

fn host() -> Actor {
    Actor::Host("kg".into())
}

fn p(name: &str) -> Actor {
    Actor::Player(name.into())
}

fn ev(secs: i64, actor: Actor, body: Body) -> NewEvent {
    NewEvent {
        occurred_at: at(secs),
        actor,
        body,
    }
}

fn take(n: u32) -> Body {
    Body::Place(Placement::Nim(Take { stones: n }))
}

/// A heap of 7, taking 1 to 3, mira first: she takes 3 (leaving 4, a
/// loss for the player to move), jonas tries to take 4 (refused: at most 3), then claims
/// a forced win from 4 — false. The host rules for jonas anyway; mira
/// appeals and the host overturns the ruling.
fn a_match() -> Vec<NewEvent> {
    vec![
        ev(
            0,
            host(),
            Body::Create(Create {
                config: GameConfig::Nim(Config { heap: 7, most: 3 }),
                players: vec!["mira".into(), "jonas".into()],
                host: "kg".into(),
                title: "Nim test".into(),
                source: None,
            }),
        ),
        ev(20, p("mira"), take(3)),
        ev(30, p("jonas"), take(4)),
        ev(
            40,
            p("jonas"),
            Body::Claim(games::Claim::Nim(Claim::ForcedWin)),
        ),
        ev(
            50,
            host(),
            Body::Ruling(Ruling {
                scope: Scope::Match,
                winner: Some("jonas".into()),
                text: "jonas wins".into(),
            }),
        ),
    ]
}

/// The events sealed into a fresh store (so they go through the log's
/// canonical encoding), with the store and its directory.
fn stored(events: Vec<NewEvent>) -> (tempfile::TempDir, SledStore, MatchId, Replay) {
    let dir = tempfile::tempdir().unwrap();
    let store = SledStore::open(dir.path()).unwrap();
    let id = MatchId::parse("nim-test").unwrap();
    let sealed = store.append_all(&id, 0, events).unwrap();
    let envelopes: Vec<_> = sealed.iter().map(|s| s.envelope.clone()).collect();
    (dir, store, id, Replay::new(&envelopes))
}

fn nim(state: &MatchState) -> &Match {
    match state {
        MatchState::Nim(m) => m,
        other => panic!("a Nim match, not {:?}", other.game()),
    }
}

#[test]
fn the_solver_finds_the_losing_heaps_are_the_multiples_of_most_plus_one() {
    for most in 1..=5 {
        let wins = solver::wins_up_to(40, most);
        for (heap, win) in wins.iter().enumerate() {
            assert_eq!(
                *win,
                heap % (most as usize + 1) != 0,
                "heap {heap}, most {most}"
            );
        }
    }
    assert_eq!(solver::winning_take(7, 3), Some(3));
    assert_eq!(solver::winning_take(8, 3), None);
    assert_eq!(solver::winning_take(0, 3), None);
}

#[test]
fn the_registry_knows_nim_by_its_slug_and_title() {
    assert_eq!(GameKind::from_slug("nim"), Some(GameKind::Nim));
    assert_eq!(GameKind::Nim.title(), "Nim race");
    assert!(GameKind::Nim.rules().contains("takes the last stone wins"));
    assert_eq!(*GameKind::ALL.last().unwrap(), GameKind::Nim);
    assert!(!GameKind::Nim.reads_chat());
}

#[test]
fn a_match_replays_with_the_refused_take_kept_at_its_step() {
    let (_dir, _store, _id, replay) = stored(a_match());
    let errors: Vec<_> = replay
        .steps
        .iter()
        .filter_map(|s| s.error.as_ref().map(|e| (s.seq, e.rule.clone())))
        .collect();
    assert_eq!(errors, [(2, "take".to_string())]);
    let state = replay.last_state().unwrap();
    let m = nim(state);
    assert_eq!(m.heap, 4, "the refused take changed nothing");
    assert_eq!(m.takes, [(1, 0, 3)]);
    assert_eq!(replay.steps[1].text, "takes 3");
    assert_eq!(
        replay.steps[3].note.as_deref(),
        Some("jonas claims a forced win from 4 stones")
    );
    // The claim is false: by the rules the game goes to mira.
    assert_eq!(m.ending.by_rules.as_ref().map(|d| d.winner), Some(Some(0)));
    assert_eq!(state.view().score_by_rules, [1, 0]);
    assert_eq!(state.view().score, [0, 1], "as ruled: jonas");
}

#[test]
fn the_verifier_finds_the_claim_false_and_the_ruling_against_the_rules() {
    let (_dir, _store, _id, replay) = stored(a_match());
    let findings = crate::verify::findings(&replay);
    assert_eq!(findings.len(), 1);
    let f = &findings[0];
    assert_eq!(f.seq, 3);
    assert_eq!(f.claim_true, Some(false));
    assert_eq!(f.ruling_seq, Some(4));
    assert_eq!(f.verdict, Verdict::Disagrees);
    assert_eq!(f.award_by_rules, Some(Award::Player("mira".into())));
    assert!(f.truth.contains("the player to move loses"), "{}", f.truth);
}

#[test]
fn an_appeal_overturns_the_ruling_and_the_finding_says_so() {
    let mut events = a_match();
    events.push(ev(
        60,
        p("mira"),
        Body::Appeal(Appeal {
            ruling_seq: 4,
            grounds: "4 stones is a loss for the player to move".into(),
        }),
    ));
    events.push(ev(
        70,
        host(),
        Body::AppealDecision(AppealDecision {
            appeal_seq: 5,
            upheld: false,
            winner: Some("mira".into()),
            text: "overturned".into(),
            ..Default::default()
        }),
    ));
    let (_dir, _store, _id, replay) = stored(events);
    assert!(replay.steps.iter().skip(4).all(|s| s.error.is_none()));
    // As in every game, the finding judges the ruling as the host made it
    // (an appeal's page compares the decision with that) and says how the
    // appeal changed it.
    let findings = crate::verify::findings(&replay);
    assert_eq!(findings[0].verdict, Verdict::Disagrees);
    assert!(
        findings[0]
            .ruled
            .ends_with("; overturned on appeal at seq 6: the game to mira"),
        "{}",
        findings[0].ruled
    );
    assert_eq!(replay.last_state().unwrap().view().score, [1, 0]);
}

#[test]
fn taking_the_last_stone_wins_by_the_rules() {
    let events = vec![
        a_match().remove(0),
        ev(20, p("mira"), take(3)),
        ev(30, p("jonas"), take(2)),
        ev(40, p("mira"), take(1)),
        ev(50, p("jonas"), take(1)),
    ];
    let (_dir, _store, _id, replay) = stored(events);
    let m = nim(replay.last_state().unwrap());
    assert_eq!(m.heap, 0);
    assert_eq!(m.ending.by_rules.as_ref().map(|d| d.winner), Some(Some(1)));
    assert_eq!(
        replay.steps[4].note.as_deref(),
        Some("jonas takes 1 and wins")
    );
    // No claim and no ruling: nothing for the verifier to weigh.
    assert!(crate::verify::findings(&replay).is_empty());
}

#[test]
fn the_import_says_plainly_it_cannot_read_nim_chat() {
    let ctx = crate::import::TimeContext::new(
        chrono_tz::UTC,
        chrono::NaiveDate::from_ymd_opt(2026, 11, 20).unwrap(),
    );
    let transcript =
        crate::import::read_transcript("kg — Today at 8:00 PM\nmira takes first\n", None, &ctx)
            .unwrap();
    let opts = crate::import::events::ImportOptions {
        game: GameKind::Nim,
        cast: crate::import::events::Cast {
            players: ["mira".into(), "jonas".into()],
            host: "kg".into(),
            aliases: Default::default(),
        },
        title: String::new(),
        importer: "kg".into(),
        source_name: "pasted".into(),
        config: None,
    };
    let err = crate::import::events::read_match(&transcript, "", &opts)
        .err()
        .expect("refused");
    assert_eq!(
        err.to_string(),
        "arbiter cannot read Nim race chat yet; enter the match's events as JSON \
         (`arbiter load`, or the write API) instead"
    );
}

#[actix_web::test]
async fn the_step_page_draws_what_the_view_gives() {
    let (_dir, store, id, _replay) = stored(a_match());
    let app =
        http::init_service(App::new().configure(routes(AppState::new(Arc::new(store))))).await;
    // The Create's step, mira's take (seq 1) and the claim's (seq 3).
    let mut pages = Vec::new();
    for step in [0, 1, 3] {
        let uri = format!("/matches/{id}/steps/{step}");
        let resp = http::call_service(&app, http::TestRequest::get().uri(&uri).to_request()).await;
        assert_eq!(resp.status(), 200, "{uri}");
        pages.push(String::from_utf8(http::read_body(resp).await.to_vec()).unwrap());
    }
    let [create, take, claim]: [String; 3] = pages.try_into().unwrap();
    // After mira's take: four stones left, drawn as four pieces.
    assert!(
        take.contains("href=\"/rules/nim\""),
        "the game's rules, by its slug"
    );
    assert!(take.contains("Stones left"), "the view's facts");
    assert!(take.contains("takes 3"), "the event in the game's words");
    assert_eq!(take.matches("piece stone").count(), 4, "{take}");
    // The Create's step names the game by its title.
    assert!(
        create.contains("Nim race match: mira vs jonas"),
        "the game's title"
    );
    // The claim's step shows the verifier's finding.
    assert!(
        claim.contains("jonas can force a win from 4"),
        "the finding's claim"
    );
    assert!(claim.contains("disagrees"), "the finding's verdict");
}
