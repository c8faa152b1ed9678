//! Builds the two bundled Duorail sample matches, deterministically, and
//! writes them to `data/samples/`. Run with
//! `cargo run --release --example make_duorail_samples`.
//!
//! Play is chosen by a small seeded search that keeps both colors' tracks
//! possible (checked with the exact solver), so the boards look like real
//! play; each match then ends the way it is meant to:
//! - `dr-colosseum-final`: blue places a piece that leaves blue no track,
//!   red challenges "impossible for blue", blue's answer is not a track,
//!   the host rules for red (the rules agree);
//! - `dr-chgg3-dm7`: two passes, the endgame, both show their longest
//!   tracks, and the host rules for the shorter one, saying the longer
//!   track "crossed a piece" — the verifier disputes it.
//!
//! The program replays each match and refuses to write it unless every
//! event is legal and the verifier gives the intended verdicts.

use arbiter::event::{Create, Ruling, Scope};
use arbiter::games::duorail::board::{Board, Cell, Color, Exits, Piece, Track};
use arbiter::games::duorail::{rules, solver};
use arbiter::games::{Challenge, GameConfig, Placement, Proof, RoundSetup};
use arbiter::log::{Actor, Body, Envelope, MatchId, NewEvent};
use arbiter::replay::Replay;
use arbiter::samples::MatchFile;
use arbiter::verify::{self, Verdict};
use chrono::{DateTime, Duration, Utc};

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
    board: Board,
    players: [String; 2],
    host: String,
}

impl Script {
    fn new(start: &str, title: &str, players: [&str; 2], host: &str) -> Script {
        let clock = DateTime::parse_from_rfc3339(start)
            .unwrap()
            .with_timezone(&Utc);
        let mut s = Script {
            events: Vec::new(),
            clock,
            board: Board::empty(9, 9),
            players: [players[0].to_string(), players[1].to_string()],
            host: host.to_string(),
        };
        s.push(
            0,
            Actor::Host(host.into()),
            Body::Create(Create {
                config: GameConfig::Duorail(rules::Config::default()),
                players: vec![players[0].into(), players[1].into()],
                host: host.into(),
                title: title.into(),
                source: None,
            }),
        );
        s
    }
    fn push(&mut self, after_secs: i64, actor: Actor, body: Body) {
        self.clock += Duration::seconds(after_secs);
        self.events.push(NewEvent {
            occurred_at: self.clock,
            actor,
            body,
        });
    }
    fn player(&self, seat: usize) -> Actor {
        Actor::Player(self.players[seat].clone())
    }
    fn host(&self) -> Actor {
        Actor::Host(self.host.clone())
    }
    fn place(&mut self, after: i64, seat: usize, cell: Cell, piece: Piece) {
        self.board.set(cell, Some(piece)).unwrap();
        let actor = self.player(seat);
        self.push(
            after,
            actor,
            Body::Place(Placement::Duorail(rules::Placement { cell, piece })),
        );
    }
}

/// A placement for `color` that keeps both colors' tracks possible and
/// keeps the mover's own longest track long.
fn good_move(rng: &mut Rng, board: &Board, color: Color, commons: usize) -> (Cell, Piece) {
    let mut best: Option<(usize, Cell, Piece)> = None;
    // Every empty cell and shape (and, now and then, a common straight),
    // scored for keeping the mover's own longest track long and the
    // opponent's short, with some noise so games differ.
    let mut candidates = Vec::new();
    for row in 0..9 {
        for col in 0..9 {
            let cell = Cell { row, col };
            if board.get(cell).is_some() {
                continue;
            }
            for exits in Exits::ALL {
                candidates.push((cell, Piece { color, exits }));
            }
            if commons < 2 && rng.below(12) == 0 {
                let exits = Exits::ALL[rng.below(2) as usize];
                candidates.push((
                    cell,
                    Piece {
                        color: Color::Common,
                        exits,
                    },
                ));
            }
        }
    }
    for (cell, piece) in candidates {
        let mut b = board.clone();
        b.set(cell, Some(piece)).unwrap();
        let mine = solver::longest(&b, color).length;
        let theirs = solver::longest(&b, color.opponent().unwrap()).length;
        if mine == 0 || theirs == 0 {
            continue;
        }
        let score = mine * 2 + 100 - theirs + rng.below(12) as usize;
        if best.is_none_or(|(s, ..)| score > s) {
            best = Some((score, cell, piece));
        }
    }
    let Some((_, cell, piece)) = best else {
        panic!(
            "no placement keeps both tracks possible for {color:?}:\n{}",
            board.to_text()
        );
    };
    (cell, piece)
}

/// A blue piece that leaves blue no track at all.
fn blunder(rng: &mut Rng, board: &Board) -> (Cell, Piece) {
    for _ in 0..10_000 {
        let cell = Cell {
            row: rng.below(9) as u8,
            col: rng.below(9) as u8,
        };
        if board.get(cell).is_some() {
            continue;
        }
        let piece = Piece {
            color: Color::Blue,
            exits: Exits::ALL[rng.below(6) as usize],
        };
        let mut b = board.clone();
        b.set(cell, Some(piece)).unwrap();
        if solver::longest(&b, Color::Blue).length == 0
            && solver::longest(&b, Color::Red).length > 0
        {
            return (cell, piece);
        }
    }
    panic!("no blunder found")
}

/// Plays `moves` placements each, blue (seat `blue`) first.
fn opening(s: &mut Script, rng: &mut Rng, blue: usize, moves: usize) {
    let mut commons = 0;
    for i in 0..moves * 2 {
        let seat = if i % 2 == 0 { blue } else { 1 - blue };
        let color = if seat == blue {
            Color::Blue
        } else {
            Color::Red
        };
        let (cell, piece) = good_move(rng, &s.board, color, commons);
        if piece.color == Color::Common {
            commons += 1;
        }
        // One slow move dips into the bank.
        let after = if i == 7 {
            74
        } else {
            12 + rng.below(40) as i64
        };
        s.place(after, seat, cell, piece);
    }
}

fn envelopes(id: &str, events: &[NewEvent]) -> Vec<Envelope> {
    let match_id = MatchId::parse(id).unwrap();
    arbiter::event::unsealed_log(&match_id, events)
}

fn check_and_write(id: &str, events: Vec<NewEvent>, want: &[Verdict]) {
    let replay = Replay::new(&envelopes(id, &events));
    for step in &replay.steps {
        assert!(
            step.error.is_none(),
            "{id} seq {}: {:?}",
            step.seq,
            step.error
        );
    }
    let findings = verify::findings(&replay);
    let got: Vec<Verdict> = findings.iter().map(|f| f.verdict).collect();
    assert_eq!(got, want, "{id}: {findings:#?}");
    for f in &findings {
        println!("{id}: {} → {} | {}", f.claim, f.verdict.word(), f.truth);
    }
    let file = MatchFile {
        id: id.to_string(),
        events,
        transcript: None,
    };
    let path = format!("{}/data/samples/{id}.json", env!("CARGO_MANIFEST_DIR"));
    std::fs::write(&path, serde_json::to_string_pretty(&file).unwrap() + "\n").unwrap();
    println!("wrote {path}");
}

fn challenge_match() {
    let mut rng = Rng(0x5EED_0001);
    let mut s = Script::new(
        "2026-11-07T20:00:00Z",
        "DM Colosseum final — Duorail",
        ["quill", "bramble"],
        "danny",
    );
    // bramble plays blue and moves first.
    let blue = 1;
    let host = s.host();
    s.push(
        45,
        host,
        Body::RoundStart(RoundSetup::Duorail(rules::Setup {
            round: 1,
            blue: "bramble".into(),
        })),
    );
    opening(&mut s, &mut rng, blue, 9);
    let (cell, piece) = blunder(&mut rng, &s.board);
    s.place(38, blue, cell, piece);
    let red = 1 - blue;
    let actor = s.player(red);
    s.push(
        21,
        actor,
        Body::Challenge(Challenge::Duorail(rules::Challenge { color: Color::Blue })),
    );
    // Blue answers with its longest track from before the blunder: it no
    // longer fits the board.
    let mut before = s.board.clone();
    before.set(cell, None).unwrap();
    let old = solver::longest(&before, Color::Blue)
        .track
        .expect("blue had a track before");
    let actor = s.player(blue);
    s.push(
        170,
        actor,
        Body::Proof(Proof::Duorail(rules::Proof { track: old })),
    );
    let host = s.host();
    s.push(
        60,
        host,
        Body::Ruling(Ruling {
            scope: Scope::Round(1),
            winner: Some("quill".into()),
            text: "bramble's track misses their own piece — quill wins the challenge".into(),
        }),
    );
    check_and_write("dr-colosseum-final", s.events, &[Verdict::Agrees]);
}

fn endgame_match() {
    let mut rng = Rng(0x5EED_0007);
    let mut s = Script::new(
        "2026-11-15T19:30:00Z",
        "Community Hosted Genius Game 3, DM 7 — Duorail",
        ["wren", "okapi"],
        "jkitty",
    );
    let blue = 0;
    let host = s.host();
    s.push(
        30,
        host,
        Body::RoundStart(RoundSetup::Duorail(rules::Setup {
            round: 1,
            blue: "wren".into(),
        })),
    );
    opening(&mut s, &mut rng, blue, 11);
    let a = s.player(blue);
    s.push(33, a, Body::Pass);
    let a = s.player(1 - blue);
    s.push(27, a, Body::Pass);
    let tracks: Vec<Track> = [Color::Blue, Color::Red]
        .iter()
        .map(|&c| {
            solver::longest(&s.board, c)
                .track
                .expect("both colors have tracks")
        })
        .collect();
    let lens = [
        solver::longest(&s.board, Color::Blue).length,
        solver::longest(&s.board, Color::Red).length,
    ];
    let a = s.player(blue);
    s.push(
        150,
        a,
        Body::Proof(Proof::Duorail(rules::Proof {
            track: tracks[0].clone(),
        })),
    );
    let a = s.player(1 - blue);
    s.push(
        41,
        a,
        Body::Proof(Proof::Duorail(rules::Proof {
            track: tracks[1].clone(),
        })),
    );
    // The host awards the shorter track (or, on a tie, the player who did
    // not place last): the rules say otherwise.
    let loser_by_rules = if lens[0] > lens[1] {
        1 - blue
    } else if lens[1] > lens[0] {
        blue
    } else {
        // The last placer is red (seat 1 - blue): a tie goes to red.
        blue
    };
    let host = s.host();
    let other = 1 - loser_by_rules;
    let text = format!(
        "{} takes it — {}'s track crossed a piece, so it does not count",
        s.players[loser_by_rules], s.players[other]
    );
    let winner = s.players[loser_by_rules].clone();
    s.push(
        90,
        host,
        Body::Ruling(Ruling {
            scope: Scope::Round(1),
            winner: Some(winner),
            text,
        }),
    );
    println!("endgame lengths: blue {} red {}", lens[0], lens[1]);
    check_and_write("dr-chgg3-dm7", s.events, &[Verdict::Disagrees]);
}

fn main() {
    challenge_match();
    endgame_match();
}
