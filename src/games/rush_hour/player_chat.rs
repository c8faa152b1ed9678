//! A Traffic Jam player's chat message read as a fair host reads it: what
//! [`phrases`](super::phrases) finds in it (cells, moves, numbers, key
//! words) means what the match expects from that player at that moment.
//! Cells from the player to move are a placement (`alright E3 E4 then`);
//! moves from the claimer whose proof is due are the proof, whatever the
//! words around them (`hmm` … `that's 8 though`); `can't do it in 4` is a
//! challenge from the player to move but giving up from the player who
//! must solve. Cells that are all taken, named with more words around
//! them (`kit's E2-E4 truck makes it unsolvable`), are a car on the board
//! being talked about, not a placement. A message may say several things (`B5 C5 finished`, then
//! the solution on the next lines), each read with its lines, in order,
//! the match as this message's own earlier readings leave it.
//!
//! Nothing unclear is guessed: what looks like play but cannot be read is
//! unread with how to write it, and talk — words outside the game's
//! vocabulary — never becomes an event. Takebacks: a later car in the same
//! message is a correction and both are read, the rules keep the last
//! (except a first "car" that is no car shape at all, like `A1 B1 C2`
//! followed by `ugh typo — A1 B1 C1`: only the correction is read). Every
//! solution the claimer posts counts, so each one is read.
//!
//! Must not import from `log/` (but the event vocabulary), `import/`,
//! `web/` or `verify.rs`.

use super::board::Car;
use super::phrases::{read_lines, Found, Key, Line};
use super::rules::{Phase, Placement, Proof};
use crate::event::Body;
use crate::games::chat::{ChatContext, ChatReading, Reading};
use crate::games::{
    Challenge as GameChallenge, Claim as GameClaim, MatchState, Placement as GamePlacement,
    Proof as GameProof,
};

/// What the match expects from the speaker, as far as the reader knows.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Stage {
    /// The match is not known (a message read on its own).
    Unknown,
    /// No round is being played (the next may be about to open).
    Between,
    /// Cars are being placed; `to_move`: it is the speaker's turn.
    Building { to_move: bool },
    /// A "finished" claim is answered; `mine`: the speaker claimed.
    Claimed { mine: bool },
    /// An "impossible" claim is answered; `mine`: the speaker challenged.
    Challenged { mine: bool },
    /// No car fits: the round waits for its ruling.
    Full,
    /// The speaker gave up in this message: the rest is talk.
    Passed,
}

impl Stage {
    /// Whether a solution from the speaker is due.
    fn proof_due(self) -> bool {
        matches!(
            self,
            Stage::Claimed { .. } | Stage::Challenged { mine: false }
        )
    }
}

/// Where the match stands for `seat`, the round's target and the cells
/// its cars hold (a bit per cell, as [`Cell::bit`]).
fn stage(ctx: &ChatContext, seat: usize) -> (Stage, Option<u32>, u64) {
    let Some(MatchState::RushHour(m)) = ctx.state else {
        return (Stage::Unknown, None, 0);
    };
    let Some(r) = m.rounds.current() else {
        // The round the host announced, about to open: its first player
        // places as in play.
        if ctx.announced_first == Some(seat) {
            return (Stage::Building { to_move: true }, None, 0);
        }
        return (Stage::Between, None, 0);
    };
    let stage = match &r.phase {
        Phase::Building => Stage::Building {
            to_move: r.to_move == seat,
        },
        Phase::Finished { claimer, .. } => Stage::Claimed {
            mine: *claimer == seat,
        },
        Phase::Impossible { challenger, .. } => Stage::Challenged {
            mine: *challenger == seat,
        },
        Phase::NoSpace { .. } => Stage::Full,
    };
    (stage, Some(r.target), r.board.occupancy())
}

/// What a player's message says, as readings with the lines each came
/// from, knowing the match so far (`ctx.state`).
pub fn read_player_message(text: &str, seat: usize, ctx: &ChatContext) -> Vec<Reading> {
    let lines = read_lines(text);
    let (stage, target, taken) = stage(ctx, seat);
    let mut r = Reader {
        lines: &lines,
        items: lines
            .iter()
            .enumerate()
            .flat_map(|(li, l)| l.found.iter().map(move |f| (li, f)))
            .collect(),
        stage,
        target,
        taken,
        done: Vec::new(),
        out: Vec::new(),
        placed: false,
    };
    r.done = vec![false; r.items.len()];
    r.read();
    r.out
}

/// One message being read.
struct Reader<'a> {
    lines: &'a [Line],
    /// What the lines hold, in order: (line position, thing).
    items: Vec<(usize, &'a Found)>,
    stage: Stage,
    target: Option<u32>,
    /// The cells the round's cars hold (none when no board is known).
    taken: u64,
    /// Items already read (a claim read ahead of the moves it proves).
    done: Vec<bool>,
    out: Vec<Reading>,
    /// This message placed a car: cells and moves on a line of talk after
    /// it speak of another car (`c4c5. c4c6 does the same, Y up Z right is
    /// still 2 either way`).
    placed: bool,
}

impl Reader<'_> {
    fn read(&mut self) {
        let mut i = 0;
        while i < self.items.len() {
            if self.done[i] {
                i += 1;
                continue;
            }
            let (li, found) = self.items[i];
            match found {
                Found::Cells(cells) => self.cells(i, li, cells),
                Found::Key(key) => self.key(li, *key),
                Found::Move(_) | Found::Broken(_) => {
                    i = self.solution(i);
                    continue;
                }
                Found::Number(_) => {}
            }
            i += 1;
        }
    }

    fn push(&mut self, read: ChatReading, from: usize, to: usize) {
        let (a, b) = (self.lines[from].index, self.lines[to].index + 1);
        self.out.push(Reading { read, lines: a..b });
    }

    fn event(&mut self, body: Body, li: usize) {
        self.push(ChatReading::Event(body), li, li);
    }

    fn unread(&mut self, why: String, li: usize) {
        self.push(ChatReading::Unread(why), li, li);
    }

    /// Cells written together: a placement, a correction, or talk.
    fn cells(&mut self, i: usize, li: usize, cells: &[super::board::Cell]) {
        let lines = self.lines;
        let line = &lines[li];
        let named: Vec<String> = cells.iter().map(ToString::to_string).collect();
        let named = named.join(" ");
        let playing = matches!(
            self.stage,
            Stage::Unknown | Stage::Building { to_move: true }
        );
        if !(2..=3).contains(&cells.len()) {
            // `dee four ee four? E4 is still free right`: cells asked
            // about are talk.
            if line.question {
                return;
            }
            if !line.talk || playing {
                self.unread(
                    format!("'{named}' is not a car: name 2 or 3 empty cells in a line, like 'B1 B2' or 'C4 C5 C6'"),
                    li,
                );
            }
            return;
        }
        // `A1 B1 C2` then `ugh typo — A1 B1 C1`: a shape that is no car,
        // corrected later in the message, is not read.
        let corrected_later = self.items[i + 1..]
            .iter()
            .any(|(_, f)| matches!(f, Found::Cells(_)));
        if corrected_later && Car::from_cells('?', cells).is_err() {
            return;
        }
        if self.names_a_car_on_the_board(li, cells) {
            return;
        }
        // `is D1 D2 legal? its touching Y`: a car asked about, in words,
        // is talk (the answer may take it up: `ok D1 D2 then`).
        if line.question && line.talk {
            return;
        }
        let place = match self.stage {
            Stage::Unknown | Stage::Building { to_move: true } => true,
            Stage::Building { to_move: false } => {
                if line.talk && !line.corrects && self.placed {
                    return;
                }
                if line.talk && !line.corrects {
                    self.unread(
                        format!("'{named}' names a car, but it is not this player's turn: a correction of the last car says so ('wait, {named}'), a placement waits for the turn"),
                        li,
                    );
                    return;
                }
                true
            }
            // The next round may be about to open: its first car.
            Stage::Between => !line.talk,
            Stage::Claimed { .. } | Stage::Challenged { .. } | Stage::Full | Stage::Passed => {
                !line.talk
            }
        };
        if !place {
            return;
        }
        self.event(
            Body::Place(GamePlacement::RushHour(Placement {
                cells: cells.to_vec(),
            })),
            li,
        );
        self.placed = true;
        if matches!(
            self.stage,
            Stage::Unknown | Stage::Between | Stage::Building { .. }
        ) {
            self.stage = Stage::Building { to_move: false };
        }
    }

    /// Whether `cells`, on line `li`, name cars already on the board
    /// rather than a new one (`challenge! kit's E2-E4 truck makes it
    /// unsolvable`): every cell is taken, and the line says more than
    /// the cells (talk or a key word). Cells alone onto taken cells stay
    /// a placement, which the rules refuse with the reason. When the board
    /// is not known, cells on a line that challenges are the car
    /// challenged: a challenge is made instead of a placement.
    fn names_a_car_on_the_board(&self, li: usize, cells: &[super::board::Cell]) -> bool {
        let line = &self.lines[li];
        let key = |k: &[Key]| {
            line.found
                .iter()
                .any(|f| matches!(f, Found::Key(x) if k.contains(x)))
        };
        if self.taken == 0 {
            return key(&[Key::Challenge, Key::Unsolvable]);
        }
        let more = line.talk
            || key(&[
                Key::Finished,
                Key::Unsolvable,
                Key::GiveUp,
                Key::Challenge,
                Key::Pass,
            ]);
        more && cells.iter().all(|c| self.taken & c.bit() != 0)
    }

    /// A claim, a challenge or giving up, as the stage makes it.
    fn key(&mut self, li: usize, key: Key) {
        if self.lines[li].question {
            return;
        }
        let claim = || Body::Claim(GameClaim::RushHour(super::Claim::Finished));
        let challenge = || Body::Challenge(GameChallenge::RushHour(super::Challenge::Impossible));
        match (key, self.stage) {
            (Key::Finished, Stage::Unknown | Stage::Building { .. })
                if self.count_fits(li, "finished") =>
            {
                self.event(claim(), li);
                self.stage = Stage::Claimed { mine: true };
            }
            (
                Key::Unsolvable | Key::Challenge,
                Stage::Unknown | Stage::Building { to_move: true },
            ) if self.count_fits(li, "impossible") => {
                self.event(challenge(), li);
                self.stage = Stage::Challenged { mine: true };
            }
            (Key::Pass, Stage::Unknown | Stage::Building { .. })
            | (Key::Unsolvable | Key::GiveUp | Key::Pass, Stage::Claimed { .. })
            | (Key::Unsolvable | Key::GiveUp | Key::Pass, Stage::Challenged { mine: false }) => {
                self.event(Body::Pass, li);
                self.stage = Stage::Passed;
            }
            _ => {}
        }
    }

    /// Whether the numbers beside a claim agree with the round's target
    /// (`done, that's 5`); if not, the line is unread with why.
    fn count_fits(&mut self, li: usize, claim: &str) -> bool {
        let Some(target) = self.target else {
            return true;
        };
        let counts: Vec<u32> = self.lines[li]
            .found
            .iter()
            .filter_map(|f| match f {
                Found::Number(n) => Some(*n),
                _ => None,
            })
            .collect();
        if counts.is_empty() || counts.contains(&target) {
            return true;
        }
        self.unread(
            format!(
                "a claim of {} moves, but the round's target is {target}: '{claim}' claims the target itself (say just '{claim}')",
                counts[0]
            ),
            li,
        );
        false
    }

    /// Moves from item `i` on, over consecutive lines: one solution. A
    /// line of talk between moves ends it (what follows is another). Returns
    /// the next item to read.
    fn solution(&mut self, i: usize) -> usize {
        let first = self.items[i].0;
        let mut last = first;
        let mut moves = Vec::new();
        let mut broken = None;
        let mut j = i;
        while j < self.items.len() {
            let (li, f) = self.items[j];
            if li != last && !self.continues(last, li) {
                break;
            }
            match f {
                Found::Move(m) => moves.push(*m),
                Found::Broken(b) => {
                    broken.get_or_insert((li, b.clone()));
                }
                Found::Number(_) => {}
                Found::Cells(_) | Found::Key(_) => break,
            }
            last = li;
            j += 1;
        }
        let talk = (first..=last).any(|li| self.lines[li].talk);
        // `Y down, Z right — finished`: the claim comes first.
        if matches!(self.stage, Stage::Building { .. }) && !moves.is_empty() {
            let later = (j..self.items.len())
                .find(|&k| !self.done[k] && self.items[k].1 == &Found::Key(Key::Finished));
            if let Some(k) = later {
                self.done[k] = true;
                self.key(self.items[k].0, Key::Finished);
            }
        }
        if let Some((li, b)) = broken {
            if !moves.is_empty() || self.stage.proof_due() || !talk {
                let line = self.lines[li].index + 1;
                self.push(
                    ChatReading::Unread(format!(
                        "line {line}: '{b}' is not a move: write a car letter, a direction and optionally a distance, like 'X up' or 'Z right 2', one move per line or between commas"
                    )),
                    first,
                    last,
                );
            }
            return j;
        }
        let proof = || {
            Body::Proof(GameProof::RushHour(Proof {
                moves: moves.clone(),
            }))
        };
        match self.stage {
            Stage::Unknown | Stage::Claimed { .. } | Stage::Challenged { mine: false } => {
                self.push(ChatReading::Event(proof()), first, last)
            }
            Stage::Challenged { mine: true } | Stage::Building { .. } if !talk => {
                self.push(ChatReading::Event(proof()), first, last)
            }
            Stage::Building { .. } if self.placed => {}
            Stage::Building { .. } => self.push(
                ChatReading::Unread(
                    "it reads like a solution, but no claim is being answered: say 'finished' (or 'impossible') first, then post the moves".to_string(),
                ),
                first,
                last,
            ),
            _ => {}
        }
        j
    }

    /// Whether line `next` continues the moves of line `prev`: only lines
    /// without anything in them stand between.
    fn continues(&self, prev: usize, next: usize) -> bool {
        let moves_on = |l: &Line| {
            l.found
                .iter()
                .any(|f| matches!(f, Found::Move(_) | Found::Broken(_)))
        };
        moves_on(&self.lines[next])
            && (prev + 1..next).all(|k| !self.lines[k].talk && self.lines[k].found.is_empty())
    }
}

#[cfg(test)]
#[path = "player_chat_tests.rs"]
mod tests;
