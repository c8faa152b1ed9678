//! Shared by the integration tests: a small hand-made match.
#![allow(dead_code)]

use arbiter::event::{Create, Ruling, Scope};
use arbiter::games::{rush_hour, Claim, GameConfig, Placement, Proof, RoundSetup};
use arbiter::log::{Actor, Body, NewEvent};
use chrono::{DateTime, Duration, Utc};

pub fn t(secs: i64) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339("2026-11-14T19:00:00Z")
        .unwrap()
        .with_timezone(&Utc)
        + Duration::seconds(secs)
}

pub fn ev(secs: i64, actor: Actor, body: Body) -> NewEvent {
    NewEvent {
        occurred_at: t(secs),
        actor,
        body,
    }
}

pub fn host() -> Actor {
    Actor::Host("kg".into())
}
pub fn p(name: &str) -> Actor {
    Actor::Player(name.into())
}

pub fn cells(s: &str) -> Vec<rush_hour::Cell> {
    rush_hour::notation::parse_cells(s).unwrap()
}

/// Round 1 of a match: mira places Y on C2 C3 (blocking the taxi), claims
/// finished in 2, solves it (Y down, Z right), jonas passes, the host rules
/// for mira. Then jonas places a car in a round that has not opened: a rule
/// error the replay must keep.
pub fn small_match() -> Vec<NewEvent> {
    vec![
        ev(
            0,
            host(),
            Body::Create(Create {
                config: GameConfig::RushHour(rush_hour::Config::default()),
                players: vec!["mira".into(), "jonas".into()],
                host: "kg".into(),
                title: "Test match".into(),
                source: None,
            }),
        ),
        ev(
            10,
            host(),
            Body::RoundStart(RoundSetup::RushHour(rush_hour::RoundSetup {
                round: 1,
                target: 2,
                cars: vec![],
                first: "mira".into(),
            })),
        ),
        ev(
            30,
            p("mira"),
            Body::Place(Placement::RushHour(rush_hour::Placement {
                cells: cells("C2 C3"),
            })),
        ),
        ev(
            35,
            p("mira"),
            Body::Claim(Claim::RushHour(rush_hour::Claim::Finished)),
        ),
        ev(
            80,
            p("mira"),
            Body::Proof(Proof::RushHour(rush_hour::Proof {
                moves: rush_hour::notation::parse_solution("Y down\nZ right").unwrap(),
            })),
        ),
        ev(120, p("jonas"), Body::Pass),
        ev(
            130,
            host(),
            Body::Ruling(Ruling {
                scope: Scope::Round(1),
                winner: Some("mira".into()),
                text: "mira takes round 1".into(),
            }),
        ),
        ev(
            140,
            p("jonas"),
            Body::Place(Placement::RushHour(rush_hour::Placement {
                cells: cells("A1 A2"),
            })),
        ),
    ]
}
pub mod child;
pub mod cli;
pub mod import;
pub mod stores;
pub mod web;
