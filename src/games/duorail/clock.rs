//! The Duorail clocks: every player's time, read from the events' times
//! (`occurred_at`), never from the server.
//!
//! This module owns what the time controls make of each event: the time
//! per move and the bank (`standard`: one bank, spent by the millisecond;
//! `classic`: one-minute time banks, each overrun taking one whole bank
//! and giving one more minute), the time to show a track after a challenge
//! (`classic`: then the banks) and in the endgame (`classic`: one more
//! minute each when neither player showed a valid track in time), and
//! what a host's `Timeout` means: a note beside the clocks, except in
//! `classic` for the player to move, whose turn it ends as no action,
//! which counts as a pass. The options are in `config`, the moves in
//! `rules`.
//!
//! Like all of `games/`, it imports nothing from `log/`, `web/`,
//! `import/` or `verify`, and no other game's folder.

use chrono::{DateTime, Utc};
use serde::Serialize;

use super::config::{Config, Variant, CLASSIC_MINUTE_SECS};
use super::rules::{Match, Phase, Shown};
pub(super) use crate::games::engine::clock::push_clock;
use crate::games::engine::clock::{secs, Allowance, Window};

/// One classic time bank, and the classic endgame's one more minute.
const MINUTE_MS: i64 = CLASSIC_MINUTE_SECS as i64 * 1000;

/// Each player's bank at the start of a match, in milliseconds (`classic`:
/// the whole banks, a minute each).
pub(super) fn starting_bank_ms(config: &Config) -> i64 {
    match config.variant {
        Variant::Standard => config.bank_secs as i64 * 1000,
        Variant::Classic => config.classic_banks() as i64 * MINUTE_MS,
    }
}

/// `classic`: a turn whose time ran out, or that the host called, and what
/// the host and the rules made of it (the verifier reports each).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
pub struct TimeUp {
    /// The host's `Timeout`, or the move that came late.
    pub seq: u64,
    pub seat: usize,
    pub how: HowTimeUp,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum HowTimeUp {
    /// The host called time `past_ms` after the turn's minute and every
    /// bank had run out: no action, as the rules say.
    Called { past_ms: i64 },
    /// The host called time while the clocks still gave the player
    /// `left_ms`, `banks` of it in time banks: the host is the judge of
    /// time, so the turn ended as no action, against the clocks.
    CalledEarly { left_ms: i64, banks: u32 },
    /// The move came `past_ms` after the turn's minute and every bank had
    /// run out, and the host did not call time: by the rules the turn was
    /// no action; the host let the move stand.
    LateMove { past_ms: i64 },
}

/// What one `classic` charge found.
struct Spent {
    /// Banks the allowance started with.
    at_start: u32,
    /// Banks taken by this charge (not by an earlier one).
    taken: u32,
    /// Banks left.
    left: u32,
    /// Time left in the allowance and the banks; below zero, how far past.
    left_ms: i64,
    /// How far past the allowance itself (below zero: still within it).
    over_ms: i64,
    /// This charge is the first to find the time and every bank run out.
    newly_out: bool,
}

fn banks(n: u32) -> String {
    format!("{n} time bank{}", if n == 1 { "" } else { "s" })
}

impl Match {
    /// `standard`: takes the over-time of `p`'s turn beyond the move's
    /// allowance from `p`'s bank, once per allowance; returns a note when
    /// anything was taken. A bank below zero is recorded in `bank_out`
    /// (first time only).
    fn charge_standard(&mut self, p: usize, at: DateTime<Utc>, seq: u64) -> Option<String> {
        let allowance = Allowance {
            seat: p,
            start: self.turn_started,
            secs: self.config.move_secs,
        };
        let bank = &mut self.bank_ms;
        let (mut note, out) = (self.windows).take(allowance, at, bank, &self.players, "bank")?;
        if out && self.bank_out[p].is_none() {
            self.bank_out[p] = Some(seq);
            note.push_str(&format!("; {}'s bank is exhausted", self.players[p]));
        }
        Some(note)
    }

    /// `classic`: the time banks `p` needs at `at` for the allowance of
    /// `allowance_secs` from `start`: each minute (or part) over it takes
    /// one whole bank, until none is left. `bank_ms` keeps the whole banks
    /// left, or, once they ran out in this allowance, how far past them
    /// (below zero); a later allowance starts from no bank.
    fn charge_classic(
        &mut self,
        p: usize,
        start: DateTime<Utc>,
        allowance_secs: u32,
        at: DateTime<Utc>,
    ) -> Spent {
        let running = self.windows.running(p, start);
        let charged = running.map_or(0, |w| w.charged_ms);
        let was_out = running.is_some() && self.bank_ms[p] < 0;
        let at_start = self.bank_ms[p].max(0) + charged;
        let over = (at - start).num_milliseconds() - allowance_secs as i64 * 1000;
        let need = if over > 0 {
            (over + MINUTE_MS - 1) / MINUTE_MS * MINUTE_MS
        } else {
            0
        };
        let taken = need.min(at_start).max(charged);
        let mut left_ms = at_start - over;
        if was_out {
            left_ms = left_ms.min(self.bank_ms[p]);
        }
        self.windows.set(
            p,
            Window {
                start,
                charged_ms: taken,
            },
        );
        self.bank_ms[p] = if left_ms < 0 {
            left_ms
        } else {
            at_start - taken
        };
        Spent {
            at_start: (at_start / MINUTE_MS) as u32,
            taken: ((taken - charged) / MINUTE_MS) as u32,
            left: ((at_start - taken) / MINUTE_MS) as u32,
            left_ms,
            over_ms: over,
            newly_out: left_ms < 0 && !was_out,
        }
    }

    /// `classic`: the note for banks taken by a charge, if any.
    fn banks_note(&self, p: usize, spent: &Spent, allowance_secs: u32) -> Option<String> {
        (spent.taken > 0 && spent.left_ms >= 0).then(|| {
            format!(
                "{} ran {:.1} s over the {allowance_secs} s: {} used ({} more minute{}), {} left",
                self.players[p],
                secs(spent.over_ms),
                banks(spent.taken),
                spent.taken,
                if spent.taken == 1 { "" } else { "s" },
                spent.left
            )
        })
    }

    /// Charges the player to move for the turn that this move ends. In
    /// `classic`, a move that comes after the turn's minute and every bank
    /// ran out is recorded as a [`TimeUp`]: the host did not call time, so
    /// it stands, and the verifier reports it.
    pub(super) fn charge_move(&mut self, p: usize, at: DateTime<Utc>, seq: u64) -> Option<String> {
        let move_secs = self.config.move_secs;
        match self.config.variant {
            Variant::Standard => {
                let clock = self.charge_standard(p, at, seq);
                clock.map(|mut c| {
                    if self.bank_out[p] == Some(seq) {
                        c.push_str(" (the move stands; the verifier reports it)");
                    }
                    c
                })
            }
            Variant::Classic => {
                let spent = self.charge_classic(p, self.turn_started, move_secs, at);
                if !spent.newly_out {
                    return self.banks_note(p, &spent, move_secs);
                }
                self.time_ups.push(TimeUp {
                    seq,
                    seat: p,
                    how: HowTimeUp::LateMove {
                        past_ms: -spent.left_ms,
                    },
                });
                Some(format!(
                    "{}'s {move_secs} s and {} ran out {:.1} s before this move: by the classic \
                     rules the turn was no action, but the host did not call time, so the move \
                     stands (the verifier reports it)",
                    self.players[p],
                    banks(spent.at_start),
                    secs(-spent.left_ms)
                ))
            }
        }
    }

    /// The latest moment (in ms after the phase began) a track shown now in
    /// the endgame counts. In `classic`, when neither player showed a valid
    /// track within `track_secs`, both get one more minute.
    pub(super) fn endgame_limit_ms(&self, since: DateTime<Utc>, shown: &[Shown]) -> i64 {
        let limit = self.config.track_secs as i64 * 1000;
        let valid_in_time = shown
            .iter()
            .any(|s| s.result.is_ok() && (s.at - since).num_milliseconds() <= limit);
        if self.config.variant == Variant::Classic && !valid_in_time {
            limit + MINUTE_MS
        } else {
            limit
        }
    }

    /// Whether a track shown by `p` at `at` comes too late, why, and any
    /// clock note (after a challenge in `classic`, the banks follow).
    pub(super) fn track_time(
        &mut self,
        p: usize,
        at: DateTime<Utc>,
    ) -> (bool, String, Option<String>) {
        let track_secs = self.config.track_secs;
        match &self.phase {
            Phase::Challenge { since, .. } => {
                let since = *since;
                let elapsed = (at - since).num_milliseconds();
                if self.config.variant == Variant::Classic {
                    let spent = self.charge_classic(p, since, track_secs, at);
                    let why = format!(
                        "shown {:.1} s after the challenge, past the {track_secs} s and {}'s {}",
                        secs(elapsed),
                        self.players[p],
                        banks(spent.at_start)
                    );
                    let clock = self.banks_note(p, &spent, track_secs);
                    (spent.left_ms < 0, why, clock)
                } else {
                    let why = format!(
                        "shown {:.1} s after the challenge; {track_secs} s are allowed",
                        secs(elapsed)
                    );
                    (elapsed > track_secs as i64 * 1000, why, None)
                }
            }
            Phase::Endgame { since, shown, .. } => {
                let elapsed = (at - *since).num_milliseconds();
                let limit = self.endgame_limit_ms(*since, shown);
                let why = format!(
                    "shown {:.1} s after the endgame began; {} s are allowed",
                    secs(elapsed),
                    limit / 1000
                );
                (elapsed > limit, why, None)
            }
            Phase::Waiting | Phase::Playing => (false, String::new(), None),
        }
    }

    /// The host's `Timeout` for seat `p`, and the step's note. It charges
    /// `p`'s running clock up to `at` and says whether the time really ran
    /// out. In `classic`, for the player to move, it ends the turn as no
    /// action, which counts as a pass: the host is the judge of time, so it
    /// does even when the clocks say time was left (a [`TimeUp`] records
    /// which).
    pub(super) fn timeout(&mut self, p: usize, at: DateTime<Utc>, seq: u64) -> String {
        let name = self.players[p].clone();
        let mut note = String::new();
        let track_secs = self.config.track_secs;
        let classic = self.config.variant == Variant::Classic;
        match self.phase.clone() {
            Phase::Playing if self.to_move == p && classic => {
                let spent = self.charge_classic(p, self.turn_started, self.config.move_secs, at);
                let how = if spent.left_ms < 0 {
                    note.push_str(&format!(
                        "; by the clocks {name}'s {} s and {} ran out {:.1} s before",
                        self.config.move_secs,
                        banks(spent.at_start),
                        secs(-spent.left_ms)
                    ));
                    HowTimeUp::Called {
                        past_ms: -spent.left_ms,
                    }
                } else {
                    note.push_str(&format!(
                        "; by the clocks {name} still had {:.1} s ({} left), but the host is \
                         the judge of time",
                        secs(spent.left_ms),
                        banks(spent.left)
                    ));
                    HowTimeUp::CalledEarly {
                        left_ms: spent.left_ms,
                        banks: spent.left,
                    }
                };
                self.time_ups.push(TimeUp { seq, seat: p, how });
                note.push_str(": no action, which counts as a pass");
                match self.turn_passes(p, seq, at) {
                    Some(endgame) => note.push_str(&endgame),
                    None => note.push_str(&format!("; it is {}'s turn", self.players[1 - p])),
                }
            }
            Phase::Playing if self.to_move == p => {
                let clock = self.charge_standard(p, at, seq);
                if self.bank_ms[p] >= 0 {
                    note.push_str(&format!(
                        "; by the clocks {name} still has {:.1} s of bank",
                        secs(self.bank_ms[p])
                    ));
                }
                push_clock(&mut note, clock);
            }
            Phase::Challenge {
                challenger, since, ..
            } if challenger != p => {
                let elapsed = (at - since).num_milliseconds();
                if classic {
                    let spent = self.charge_classic(p, since, track_secs, at);
                    if spent.left_ms >= 0 {
                        note.push_str(&format!(
                            "; by the clocks {name} may still show a track: {:.1} s left, {} included",
                            secs(spent.left_ms),
                            banks(spent.left)
                        ));
                    } else {
                        note.push_str(&format!(
                            "; by the clocks the time to show a track has run out ({:.1} s after the challenge, {} included)",
                            secs(elapsed),
                            banks(spent.at_start)
                        ));
                    }
                    let clock = self.banks_note(p, &spent, track_secs);
                    push_clock(&mut note, clock);
                } else if elapsed > track_secs as i64 * 1000 {
                    note.push_str(&format!(
                        "; by the clocks the time to show a track has run out ({:.1} s after the challenge, {track_secs} s allowed)",
                        secs(elapsed)
                    ));
                } else {
                    note.push_str(&format!(
                        "; by the clocks {name} still has {:.1} s to show a track",
                        secs(track_secs as i64 * 1000 - elapsed)
                    ));
                }
            }
            Phase::Endgame { since, shown, .. } => {
                let elapsed = (at - since).num_milliseconds();
                let limit = self.endgame_limit_ms(since, &shown);
                if elapsed > limit {
                    note.push_str(&format!(
                        "; by the clocks the time to show a track has run out ({:.1} s after the endgame began, {} s allowed)",
                        secs(elapsed),
                        limit / 1000
                    ));
                } else {
                    note.push_str(&format!(
                        "; by the clocks {name} still has {:.1} s to show a track",
                        secs(limit - elapsed)
                    ));
                }
            }
            _ => note.push_str(&format!("; no timer of {name} is running")),
        }
        note
    }

    /// A seat's bank in words: `3:40` (`standard`), `2 time banks`
    /// (`classic`).
    pub fn bank_text(&self, seat: usize) -> String {
        let ms = self.bank_ms[seat].max(0);
        match self.config.variant {
            Variant::Standard => format!("{}:{:02}", ms / 60_000, ms / 1000 % 60),
            Variant::Classic => banks((ms / MINUTE_MS) as u32),
        }
    }

    /// Each seat's reserve in milliseconds, for showing over-time by the
    /// millisecond: `standard` only (a `classic` bank is spent a whole
    /// minute at a time, and the step's note says so).
    pub fn reserve_ms(&self) -> Option<[i64; 2]> {
        (self.config.variant == Variant::Standard).then_some(self.bank_ms)
    }
}
