//! Builds the bundled samples of the three small games, deterministically,
//! and writes them to `data/samples/`. Run with
//! `cargo run --release --example make_small_game_samples`.
//!
//! - `dg-bumper-cup-r2.json`: 3×3 Dodgem. Blue plays best for four plies,
//!   then throws the win away with a move that loses; both play best from
//!   there and red drives every car off. The analysis flags the mistake.
//! - `xl-inkwell-dm3.json`: x's and lines on 8×8. The x's are placed from
//!   a fixed pseudo-random sequence, then both draw lines with best play
//!   (the player on a losing position draws the line that lasts longest).
//! - `pm-abacus-final.json`: the permutation game with n = 9: a fixed
//!   pseudo-random permutation, then best play except one greedy move by
//!   player 2 (the most points now); tally wins 82 to 78.
//!
//! Each host ruling is what the rules give. The program replays every
//! match and refuses to write it unless every event is legal, every
//! ruling agrees with the rules, and the Dodgem mistake is flagged.

use arbiter::event::{Create, Ruling, Scope};
use arbiter::games::{dodgem, permutation, xs_and_lines, GameConfig, Placement, RoundSetup, Value};
use arbiter::log::{Actor, Body, Envelope, MatchId, NewEvent};
use arbiter::replay::{Replay, Timeline};
use arbiter::samples::MatchFile;
use arbiter::verify::{self, Verdict};
use chrono::{DateTime, Duration, Utc};

struct Script {
    players: [&'static str; 2],
    host: &'static str,
    events: Vec<NewEvent>,
    clock: DateTime<Utc>,
}

impl Script {
    fn new(
        start: &str,
        players: [&'static str; 2],
        host: &'static str,
        config: GameConfig,
        title: &str,
    ) -> Script {
        let mut s = Script {
            players,
            host,
            events: Vec::new(),
            clock: DateTime::parse_from_rfc3339(start)
                .unwrap()
                .with_timezone(&Utc),
        };
        s.push(
            0,
            Actor::Host(host.into()),
            Body::Create(Create {
                config,
                players: players.iter().map(|p| p.to_string()).collect(),
                host: host.into(),
                title: title.into(),
                source: None,
            }),
        );
        s
    }
    fn push(&mut self, after: i64, actor: Actor, body: Body) {
        self.clock += Duration::seconds(after);
        self.events.push(NewEvent {
            occurred_at: self.clock,
            actor,
            body,
        });
    }
    fn host(&mut self, after: i64, body: Body) {
        let h = Actor::Host(self.host.into());
        self.push(after, h, body);
    }
    fn player(&mut self, after: i64, seat: usize, body: Body) {
        let p = Actor::Player(self.players[seat].into());
        self.push(after, p, body);
    }
    fn rule(&mut self, winner: Option<usize>, text: &str) {
        let winner = winner.map(|w| self.players[w].to_string());
        self.host(
            40,
            Body::Ruling(Ruling {
                scope: Scope::Match,
                winner,
                text: text.into(),
            }),
        );
    }
    fn envelopes(&self, id: &str) -> Vec<Envelope> {
        arbiter::event::unsealed_log(&MatchId::parse(id).unwrap(), &self.events)
    }
    /// Replays, checks, writes; returns the timeline for more checks.
    fn write(self, id: &str) -> Timeline {
        let replay = Replay::new(&self.envelopes(id));
        if let Some((step, e)) = replay.rule_errors().next() {
            panic!("{id}: seq {} breaks a rule: {e}", step.seq);
        }
        for f in verify::findings(&replay) {
            assert_eq!(f.verdict, Verdict::Agrees, "{id}: {f:?}");
        }
        let timeline = Timeline::new(&replay);
        let path = format!("data/samples/{id}.json");
        let file = MatchFile {
            id: id.into(),
            events: self.events,
            transcript: None,
        };
        std::fs::write(&path, serde_json::to_string_pretty(&file).unwrap() + "\n").unwrap();
        println!("wrote {path}");
        timeline
    }
}

struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

/// Best play's choice among valued moves: a win as fast as possible, a
/// draw, else a loss as slowly as possible.
fn best(moves: &[(String, Value, Option<u32>)]) -> &str {
    let key = |(_, v, r): &(String, Value, Option<u32>)| match v {
        Value::Win => (0, r.unwrap_or(0) as i64),
        Value::Draw => (1, 0),
        Value::Lose => (2, -(r.unwrap_or(0) as i64)),
    };
    &moves.iter().min_by_key(|m| key(m)).expect("a move").0
}

fn dodgem_sample() {
    let id = "dg-bumper-cup-r2";
    let mut s = Script::new(
        "2026-10-03T18:00:00Z",
        ["quill", "marrow"],
        "tessellate",
        GameConfig::Dodgem(dodgem::Config::default()),
        "Bumper Cup, round 2: quill vs marrow (Dodgem 3×3)",
    );
    s.host(
        30,
        Body::RoundStart(RoundSetup::Dodgem(dodgem::rules::Setup {
            blue: "quill".into(),
        })),
    );
    let tables = dodgem::Tables::solve(3, dodgem::StuckRule::StuckLoses, |_, _, _| {});
    let mut p = dodgem::Position::start(3);
    let mut ply = 0;
    let mut thrown = false;
    while p.winner().is_none() && !p.moves().is_empty() {
        let moves = tables.moves(&p);
        let stands_on_win = tables.value_of(&p).0 == Value::Win;
        let mv = if ply >= 4 && stands_on_win && !thrown {
            thrown = true;
            let losing = moves
                .iter()
                .find(|(_, v, _)| *v == Value::Lose)
                .expect("a losing move");
            losing.0.clone()
        } else {
            best(&moves).to_string()
        };
        let seat = ply % 2; // quill (seat 0) is blue and moves first
        s.player(
            25 + 7 * (ply as i64 % 5),
            seat,
            Body::Place(Placement::Dodgem(dodgem::rules::Placement {
                mv: mv.clone(),
            })),
        );
        p = p.play(p.parse_move(&mv).unwrap());
        ply += 1;
        assert!(ply < 60, "best play ends a won game");
    }
    assert!(thrown);
    let winner = match p.winner() {
        Some(dodgem::Side::Blue) => 0,
        Some(dodgem::Side::Red) => 1,
        None => (ply + 1) % 2, // stuck: the side to move loses
    };
    s.rule(Some(winner), "every car is off: marrow takes round 2");
    let t = s.write(id);
    assert_eq!(
        t.mistakes.iter().flatten().count(),
        1,
        "the mistake is flagged"
    );
}

fn xs_sample() {
    let id = "xl-inkwell-dm3";
    let mut s = Script::new(
        "2026-10-11T19:30:00Z",
        ["nib", "blot"],
        "quire",
        GameConfig::XsAndLines(xs_and_lines::rules::Config { size: 8 }),
        "Inkwell DM 3: nib vs blot (x's and lines, 8×8)",
    );
    s.host(
        30,
        Body::RoundStart(RoundSetup::XsAndLines(xs_and_lines::rules::Setup {
            first: "blot".into(),
        })),
    );
    let first = 1;
    let mut rng = Rng(0x1d5_a11e5);
    let mut xs: Vec<xs_and_lines::Cell> = Vec::new();
    while xs.len() < 8 {
        let c = xs_and_lines::Cell {
            col: rng.below(8) as u8,
            row: rng.below(8) as u8,
        };
        if xs.contains(&c) {
            continue;
        }
        let seat = (first + xs.len()) % 2;
        s.player(
            20,
            seat,
            Body::Place(Placement::XsAndLines(xs_and_lines::rules::Placement {
                mv: c.to_string(),
            })),
        );
        xs.push(c);
    }
    let mut p = xs_and_lines::Position::new(8, xs).unwrap();
    loop {
        let (wins, lines) = xs_and_lines::solve(&p);
        if lines.is_empty() {
            break;
        }
        // A winner draws a winning line; a loser the first line (any).
        let pick = if wins {
            lines.iter().find(|(_, w)| *w).unwrap().0
        } else {
            lines[0].0
        };
        let seat = (first + p.lines.len()) % 2;
        s.player(
            45,
            seat,
            Body::Place(Placement::XsAndLines(xs_and_lines::rules::Placement {
                mv: pick.to_string(),
            })),
        );
        p.draw(pick);
    }
    let winner = (first + p.lines.len()) % 2;
    s.rule(
        Some(winner),
        "no line left for the player to move: they win (misère)",
    );
    s.write(id);
}

fn permutation_sample() {
    let id = "pm-abacus-final";
    let mut s = Script::new(
        "2026-10-25T20:15:00Z",
        ["tally", "sum"],
        "abacus",
        GameConfig::Permutation(permutation::rules::Config { size: 9 }),
        "Abacus final: tally vs sum (Multiplications Within The Permutation, n = 9)",
    );
    s.host(
        30,
        Body::RoundStart(RoundSetup::Permutation(permutation::rules::Setup {
            first: "tally".into(),
        })),
    );
    let mut rng = Rng(0x9e37_79b9);
    let mut rows: Vec<u8> = (0..9).collect();
    for i in (1..9).rev() {
        rows.swap(i, rng.below(i as u64 + 1) as usize);
    }
    // Placed in a shuffled column order, alternately.
    let mut cols: Vec<usize> = (0..9).collect();
    for i in (1..9).rev() {
        cols.swap(i, rng.below(i as u64 + 1) as usize);
    }
    let perm = permutation::Perm { rows };
    for (k, &c) in cols.iter().enumerate() {
        s.player(
            20,
            k % 2,
            Body::Place(Placement::Permutation(permutation::rules::Placement {
                mv: perm.name(c),
            })),
        );
    }
    let mut pos = permutation::Position {
        players: 2,
        perm: perm.clone(),
        numbered: vec![0],
    };
    let mut greedy_done = false;
    while pos.numbered.len() < 9 {
        let a = permutation::analyse(&pos);
        let seat = (pos.numbered.len() - 1) % 2;
        // Player 2's first move: the most points now, not the best.
        let name = if seat == 1 && !greedy_done {
            greedy_done = true;
            let last = *pos.numbered.last().unwrap();
            let c = (0..9)
                .filter(|c| !pos.numbered.contains(c))
                .max_by_key(|&c| (perm.points(last, c), std::cmp::Reverse(c)))
                .unwrap();
            perm.name(c)
        } else {
            a.best.clone().unwrap()
        };
        s.player(
            35,
            seat,
            Body::Place(Placement::Permutation(permutation::rules::Placement {
                mv: name.clone(),
            })),
        );
        pos.numbered.push(perm.column_of(&name).unwrap());
    }
    let t = pos.scored();
    let winner = match t[0].cmp(&t[1]) {
        std::cmp::Ordering::Greater => Some(0),
        std::cmp::Ordering::Less => Some(1),
        std::cmp::Ordering::Equal => None,
    };
    s.rule(winner, &format!("final totals {} to {}", t[0], t[1]));
    let timeline = s.write(id);
    println!(
        "  totals {t:?}; mistakes flagged: {}",
        timeline.mistakes.iter().flatten().count()
    );
}

fn main() {
    dodgem_sample();
    xs_sample();
    permutation_sample();
}
