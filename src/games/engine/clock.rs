//! Clocks read from the events' times (`occurred_at`), never the server's:
//! a player's running time allowance (a turn, the time to answer a claim)
//! and the over-time it has cost so far.
//!
//! An allowance is charged once, however many events fall into it: each
//! seat's last charged allowance is kept ([`Allowances`]), and a later
//! event in the same allowance is charged only what it adds. What the
//! over-time is taken from (a reserve, a bank, whole-minute time banks)
//! and how a game words it are the game's own.
//!
//! Like all of `games/`, it imports nothing from `log/`, `web/`,
//! `import/` or `verify`; and, being the engine, it names no game.

use chrono::{DateTime, Utc};
use serde::Serialize;

/// A running time allowance: its start, and how much has been taken for
/// it already, in milliseconds.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
pub struct Window {
    pub start: DateTime<Utc>,
    pub charged_ms: i64,
}

/// Per seat, the allowance last charged.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize)]
pub struct Allowances([Option<Window>; 2]);

impl Allowances {
    /// `p`'s allowance starting at `start`, when it is the one last
    /// charged.
    pub fn running(&self, p: usize, start: DateTime<Utc>) -> Option<Window> {
        self.0[p].filter(|w| w.start == start)
    }

    /// When `p`'s allowance last charged started.
    pub fn last_start(&self, p: usize) -> Option<DateTime<Utc>> {
        self.0[p].map(|w| w.start)
    }

    /// Records what `p`'s allowance has been charged.
    pub fn set(&mut self, p: usize, window: Window) {
        self.0[p] = Some(window);
    }

    /// Forgets every allowance (a new round starts every clock afresh).
    pub fn clear(&mut self) {
        self.0 = [None, None];
    }

    /// The over-time, in milliseconds, of `p`'s allowance of
    /// `allowance_secs` from `start` at `at` that no earlier event in that
    /// allowance was charged (zero or below: nothing to charge), now
    /// recorded as charged.
    pub fn overrun(
        &mut self,
        p: usize,
        start: DateTime<Utc>,
        allowance_secs: u32,
        at: DateTime<Utc>,
    ) -> i64 {
        let charged = self.running(p, start).map_or(0, |w| w.charged_ms);
        let over = (at - start).num_milliseconds() - i64::from(allowance_secs) * 1000;
        self.set(
            p,
            Window {
                start,
                charged_ms: charged.max(over),
            },
        );
        over - charged
    }
}

/// A time allowance to charge: whose, from when, and how long it is.
#[derive(Clone, Copy, Debug)]
pub struct Allowance {
    pub seat: usize,
    pub start: DateTime<Utc>,
    pub secs: u32,
}

impl Allowances {
    /// Takes the over-time of `allowance` at `at` not charged yet from its
    /// seat's store in `left_ms` (a reserve or a bank per seat, named `word`
    /// in the note): the note ("mira ran 3.0 s over; reserve left 12.0 s")
    /// when anything was taken, and whether the seat's store is now below
    /// zero. What running out means is the caller's.
    pub fn take(
        &mut self,
        allowance: Allowance,
        at: DateTime<Utc>,
        left_ms: &mut [i64; 2],
        players: &[String; 2],
        word: &str,
    ) -> Option<(String, bool)> {
        let Allowance { seat, start, secs } = allowance;
        let extra = self.overrun(seat, start, secs, at);
        if extra <= 0 {
            return None;
        }
        let left = &mut left_ms[seat];
        *left -= extra;
        let note = format!(
            "{} ran {:.1} s over; {word} left {:.1} s",
            players[seat],
            self::secs(extra),
            self::secs((*left).max(0))
        );
        Some((note, *left < 0))
    }
}

/// Milliseconds as seconds, for notes ("12.5 s").
pub fn secs(ms: i64) -> f64 {
    ms as f64 / 1000.0
}

/// Adds a clock's note, if any, to an event's note.
pub fn push_clock(note: &mut String, clock: Option<String>) {
    if let Some(c) = clock {
        note.push_str("; ");
        note.push_str(&c);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(secs: i64) -> DateTime<Utc> {
        DateTime::from_timestamp(1_800_000_000 + secs, 0).unwrap()
    }

    #[test]
    fn an_allowance_is_charged_once_and_then_only_what_is_added() {
        let mut a = Allowances::default();
        assert_eq!(a.overrun(0, at(0), 60, at(50)), -10_000, "within it");
        assert_eq!(a.overrun(0, at(0), 60, at(75)), 15_000);
        assert_eq!(
            a.overrun(0, at(0), 60, at(70)),
            -5_000,
            "earlier: nothing more"
        );
        assert_eq!(a.overrun(0, at(0), 60, at(80)), 5_000, "only what it adds");
        assert_eq!(a.overrun(1, at(0), 60, at(80)), 20_000, "seats apart");
        assert_eq!(
            a.overrun(0, at(100), 60, at(170)),
            10_000,
            "a new allowance"
        );
        assert_eq!(a.last_start(0), Some(at(100)));
        a.clear();
        assert_eq!(a.running(1, at(0)), None);
    }
}
