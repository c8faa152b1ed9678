//! Builds the bundled Bejeweled sample match, deterministically, and writes
//! it to `data/samples/bj-code-red-dm5.json`. Run with
//! `cargo run --release --example make_bejeweled_sample`.
//!
//! Round 1 is the seed's worked example, reconstructed as far as its text
//! allows: Reds claims 15, Craw does not counterclaim, Reds places the plus
//! on F4, swaps F4 and F5 with bend, and removes 16. Each later round's grid
//! is the previous proof's end grid with its rocks refilled at random (no
//! 3 in a row), its offer follows both players' picks, and its claims and
//! proofs come from the exact solver. The match covers a counterclaim that
//! fails and an illegal proof, and ends 4–3.
//! The program replays the match and refuses to write it unless every event
//! is legal and every ruling agrees with the rules.

use arbiter::event::{Create, Ruling, Scope};
use arbiter::games::bejeweled::grid::{Cell, Color, Grid, Tile};
use arbiter::games::bejeweled::proof::{Powerup, ProofSpec};
use arbiter::games::bejeweled::{play, rules, solver, Offer};
use arbiter::games::{Claim, GameConfig, Placement, Proof, RoundSetup};
use arbiter::log::{Actor, Body, Envelope, MatchId, NewEvent};
use arbiter::replay::Replay;
use arbiter::samples::MatchFile;
use arbiter::verify::{self, Verdict};
use chrono::{DateTime, Duration, Utc};

const ID: &str = "bj-code-red-dm5";
const PLAYERS: [&str; 2] = ["reds", "craw"];
const HOST: &str = "amaranth";
const SEED_GRID: &str = "RBGYPRBG\nGYPRBGYP\nPRBGYPRB\nBGYPBRGY\nRPGRRBPR\nYYGRPYBG\nGRPBBGYP";

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

struct Script {
    events: Vec<NewEvent>,
    clock: DateTime<Utc>,
}

impl Script {
    fn push(&mut self, after: i64, actor: Actor, body: Body) {
        self.clock += Duration::seconds(after);
        self.events.push(NewEvent {
            occurred_at: self.clock,
            actor,
            body,
        });
    }
}

fn player(p: usize) -> Actor {
    Actor::Player(PLAYERS[p].into())
}

fn host() -> Actor {
    Actor::Host(HOST.into())
}

/// The end grid with every rock replaced by a random gem, with no 3 in a
/// row (retrying cell by cell).
fn refill(rng: &mut Rng, end: &Grid) -> Grid {
    loop {
        let mut g = *end;
        for i in 0..56 {
            let c = Cell::from_index(i);
            if g.get(c) == Tile::Rock {
                g.set(c, Tile::Gem(Color::ALL[rng.below(5) as usize]));
            }
        }
        if !g.has_line() {
            return g;
        }
    }
}

/// How the round should go.
enum Plan {
    /// The prover claims a little under the best and proves the best.
    Proves { prover: usize },
    /// `first` claims; the other counterclaims above the best and fails.
    CounterFails { first: usize },
    /// The prover claims, then shows an illegal proof.
    Illegal { prover: usize },
}

fn main() {
    let mut rng = Rng(0xB37E_11ED);
    let mut s = Script {
        events: Vec::new(),
        clock: DateTime::parse_from_rfc3339("2026-10-31T21:00:00Z")
            .unwrap()
            .with_timezone(&Utc),
    };
    s.push(
        0,
        host(),
        Body::Create(Create {
            config: GameConfig::Bejeweled(rules::Config::default()),
            players: PLAYERS.iter().map(|p| p.to_string()).collect(),
            host: HOST.into(),
            title: "The Genius: Code Red, DM 5 — Bejeweled".into(),
            source: None,
        }),
    );
    // Offers and picks: chosen so that no round offers pick with refresh
    // (the one combination the exact search takes long on).
    let offers = [
        "swap,bend,plus",
        "rotate,chain,column",
        "swap,recolor,plus",
        "rotate,bend,column",
        "swap,chain,plus",
        "rotate,recolor,column",
        "swap,bend,plus",
    ];
    let plans = [
        Plan::Proves { prover: 0 },
        Plan::Proves { prover: 1 },
        Plan::CounterFails { first: 0 },
        Plan::Proves { prover: 1 },
        Plan::Proves { prover: 0 },
        Plan::Illegal { prover: 0 },
        Plan::Proves { prover: 0 },
    ];
    let mut grid = Grid::parse(SEED_GRID).unwrap();
    let mut wins = [0; 2];
    for (k, plan) in plans.iter().enumerate() {
        let round = k as u32 + 1;
        let offer: Offer = offers[k].parse().unwrap();
        s.push(
            if round == 1 {
                60
            } else {
                150 + rng.below(60) as i64
            },
            host(),
            Body::RoundStart(RoundSetup::Bejeweled(rules::Setup { round, grid, offer })),
        );
        let best = solver::best(&grid, offer, None);
        assert!(best.exact);
        let best_proof = best.proof.expect("every round has a proof");
        let claim = |s: &mut Script, after: i64, p: usize, gems: u32| {
            s.push(
                after,
                player(p),
                Body::Claim(Claim::Bejeweled(rules::Claim { gems })),
            );
        };
        let prove = |s: &mut Script, after: i64, p: usize, proof: ProofSpec| {
            s.push(
                after,
                player(p),
                Body::Proof(Proof::Bejeweled(rules::Proof { proof })),
            );
        };
        let (winner, end, text);
        match plan {
            Plan::Proves { prover } if round == 1 => {
                // The seed's example: claim 15, remove 16.
                let proof: ProofSpec = "active plus F4; passive bend; swap F4 F5".parse().unwrap();
                let o = play(&grid, &proof, false).unwrap();
                assert_eq!(o.removed, 16);
                claim(&mut s, 95, *prover, 15);
                prove(&mut s, 64, *prover, proof);
                winner = *prover;
                end = o.end;
                text = "Reds claimed 15 and removed 16: reds takes round 1".to_string();
            }
            Plan::Proves { prover } => {
                let o = play(&grid, &best_proof, false).unwrap();
                let gems = (o.removed as u32)
                    .saturating_sub(1 + rng.below(3) as u32)
                    .max(1);
                claim(&mut s, 40 + rng.below(120) as i64, *prover, gems);
                prove(&mut s, 40 + rng.below(60) as i64, *prover, best_proof);
                winner = *prover;
                end = o.end;
                text = format!(
                    "{} claimed {gems} and removed {}: round {round} to {}",
                    PLAYERS[*prover], o.removed, PLAYERS[*prover]
                );
            }
            Plan::CounterFails { first } => {
                let other = 1 - first;
                let o = play(&grid, &best_proof, false).unwrap();
                let first_claim = (o.removed as u32).saturating_sub(4).max(1);
                let counter = o.removed as u32 + 3;
                claim(&mut s, 70, *first, first_claim);
                claim(&mut s, 18, other, counter);
                prove(&mut s, 30 + 75, other, best_proof);
                winner = *first;
                end = o.end;
                text = format!(
                    "{} counterclaimed {counter} but removed only {}: round {round} to {}",
                    PLAYERS[other], o.removed, PLAYERS[*first]
                );
            }
            Plan::Illegal { prover } => {
                // A rotate whose square hangs off the grid.
                let mut bad = best_proof;
                bad.starter =
                    arbiter::games::bejeweled::proof::Action::Rotate("H7".parse().unwrap());
                assert!(play(&grid, &bad, false).is_err());
                claim(&mut s, 55, *prover, 9);
                prove(&mut s, 80, *prover, bad);
                winner = 1 - prover;
                // An illegal proof changes nothing: the grid carries over.
                end = grid;
                text = format!(
                    "{}'s rotate H7 does not fit on the grid: round {round} to {}",
                    PLAYERS[*prover],
                    PLAYERS[1 - prover]
                );
            }
        }
        s.push(
            20 + rng.below(25) as i64,
            host(),
            Body::Ruling(Ruling {
                scope: Scope::Round(round),
                winner: Some(PLAYERS[winner].into()),
                text,
            }),
        );
        wins[winner] += 1;
        if k + 1 < plans.len() {
            // Both players pick the next offer's powerups: one of each type
            // not offered this round; they agree on the types in `offers`.
            let next: Offer = offers[k + 1].parse().unwrap();
            let want: Vec<Powerup> = next.iter().collect();
            for p in [0, 1] {
                s.push(
                    15 + rng.below(30) as i64,
                    player(p),
                    Body::Place(Placement::Bejeweled(rules::Picks {
                        starter: want[0],
                        passive: want[1],
                        active: want[2],
                    })),
                );
            }
            grid = refill(&mut rng, &end);
        }
    }
    assert_eq!(wins, [4, 3]);

    let match_id = MatchId::parse(ID).unwrap();
    let envs: Vec<Envelope> = arbiter::event::unsealed_log(&match_id, &s.events);
    let replay = Replay::new(&envs);
    for step in &replay.steps {
        assert!(step.error.is_none(), "seq {}: {:?}", step.seq, step.error);
    }
    let findings = verify::findings(&replay);
    assert_eq!(findings.len(), 7);
    for f in &findings {
        println!("{} | {} | {}", f.claim, f.truth, f.verdict.word());
        assert_eq!(f.verdict, Verdict::Agrees, "{f:#?}");
    }
    let file = MatchFile {
        id: ID.into(),
        events: s.events,
        transcript: None,
    };
    let path = format!("{}/data/samples/{ID}.json", env!("CARGO_MANIFEST_DIR"));
    std::fs::write(&path, serde_json::to_string_pretty(&file).unwrap() + "\n").unwrap();
    println!("wrote {path}");
}
