//! The round and the match: grids and offers, claims and counterclaims,
//! proofs, carry-over, powerup picks, rulings.
//!
//! As in every game, the reducer records what happened and what the rules
//! make of it; the exact cascade (`engine`) is cheap enough to run here on
//! every proof, so a proof's count is known at its step. The best possible
//! claim (`solver`) is the verifier's question.
//!
//! Claims, proofs and their clocks (which proof counts, the rules'
//! verdict) live in `claims`; this module opens rounds, checks carry-over
//! and picks, and keeps rulings and appeals. The rules as implemented:
//! `docs/rules/bejeweled.md`.

use std::collections::BTreeSet;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use super::claims::{self, decision, span};
use super::engine::TraceStep;
use super::grid::{Cell, Grid, Tile, CELLS};
use super::proof::{Offer, Powerup, ProofSpec};
use crate::games::engine::referee::{OfRounds, Referee};
use crate::games::engine::seats::{host_only, named_seat, player_seat};
pub use crate::games::engine::Decision;
use crate::games::engine::{self, Rounds, Words};
use crate::games::{Event, Game, Payloads, ProofSteps, Refusal, RuleError, Ruled, Stamp};

/// The options of a Bejeweled DM.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(default)]
pub struct Config {
    /// Rounds at most.
    pub rounds: u32,
    /// Round wins that win the match.
    pub to_win: u32,
    /// Seconds the opponent has to counterclaim.
    pub counter_secs: u32,
    /// Seconds to show the proof once the time for a counterclaim ends.
    pub proof_secs: u32,
    /// Seconds without any claim after which the host wins the round.
    pub round_secs: u32,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            rounds: 7,
            to_win: 4,
            counter_secs: 30,
            proof_secs: 120,
            round_secs: 600,
        }
    }
}

/// The host opens a round: its grid and the powerups offered.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Setup {
    pub round: u32,
    pub grid: Grid,
    pub offer: Offer,
}

/// A player's picks for the next round: one powerup of each type, each
/// one not offered in this round.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Picks {
    pub starter: Powerup,
    pub passive: Powerup,
    pub active: Powerup,
}

/// "I can remove N gems" (a claim, or a higher counterclaim).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Claim {
    pub gems: u32,
}

/// Bejeweled has no challenges beyond counterclaims.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum Challenge {}

/// A shown proof.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Proof {
    pub proof: ProofSpec,
}

/// A claim as recorded.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Claimed {
    pub seq: u64,
    pub at: DateTime<Utc>,
    pub by: usize,
    pub gems: u32,
}

/// A proof played out.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Shown {
    pub seq: u64,
    pub at: DateTime<Utc>,
    pub by: usize,
    pub proof: String,
    /// Gems removed, or why the proof is not legal on the grid.
    pub result: Result<usize, String>,
    /// The cascade, pass by pass (empty when illegal).
    pub trace: Vec<TraceStep>,
    /// The grid it ends on (the next round's grid before the refill).
    pub end: Option<Grid>,
    /// Shown after the proof was due (first claim + counterclaim time +
    /// proof time).
    pub late: bool,
}

/// One round.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Round {
    pub number: u32,
    pub seq: u64,
    pub opened: DateTime<Utc>,
    pub grid: Grid,
    pub offer: Offer,
    /// Claims in order (the first, then at most one counterclaim).
    pub claims: Vec<Claimed>,
    /// Every proof shown, in order; which one counts: `Round::standing`.
    pub proofs: Vec<Shown>,
    /// Each player's picks for the next round, by seat.
    pub picks: [Option<Picks>; 2],
    pub ruled: Option<Ruled>,
    pub by_rules: Option<Decision>,
}

/// How Bejeweled words an outcome: a round no player wins is the host's.
pub const WORDS: Words = Words {
    nobody: "no player (the host)",
};

/// The whole match.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Match {
    pub config: Config,
    pub players: [String; 2],
    /// The rounds, their rulings and the match's.
    pub rounds: Rounds<Round>,
}

impl Match {
    pub fn new(config: Config, players: [String; 2]) -> Match {
        Match {
            rounds: Rounds::new(config.to_win),
            config,
            players,
        }
    }

    /// The rules' verdict for round `r` so far; `closed` when nothing more
    /// may come (the host ruled or the next round opened).
    pub fn decision(&self, r: &Round, closed: bool) -> Option<Decision> {
        decision(&self.config, &self.players, r, closed)
    }
}

engine::round_record!(Round);

/// The Bejeweled DM.
pub struct Bejeweled;

impl Game for Bejeweled {
    const RULES: &'static str = include_str!("../../../docs/rules/bejeweled.md");
    const PROOF_STEPS: ProofSteps = ProofSteps {
        unit: "Cascade step",
        counted: ("gem removed so far", "gems removed so far"),
    };
    const REFUSAL: Refusal = Refusal::OnACopy;
    type Payloads = Payloads<Config, Setup, Picks, Claim, Challenge, Proof>;
    type State = Match;

    fn start(
        config: &Config,
        players: &[String; 2],
        _at: DateTime<Utc>,
    ) -> Result<Match, RuleError> {
        engine::check_to_win(config.to_win, config.rounds)?;
        Ok(Match::new(config.clone(), players.clone()))
    }

    fn referee(m: &mut Match) -> impl Referee + '_ {
        let Match {
            config,
            players,
            rounds,
        } = m;
        OfRounds::new(players, rounds, &WORDS, |r: &Round, closed| {
            decision(config, players, r, closed)
        })
    }

    fn apply(
        m: &mut Match,
        event: Event<'_, Bejeweled>,
        stamp: Stamp<'_>,
    ) -> Result<String, RuleError> {
        let Stamp { seq, actor, at } = stamp;
        let no_round = || rule("round", "no round is in progress");
        match event {
            Event::RoundStart(setup) => {
                (m.rounds).may_open(setup.round, m.config.rounds, actor)?;
                if let Some([a, b, c]) = first_line(&setup.grid) {
                    let color = setup.grid.gem(a).map_or("?", |c| c.name());
                    return Err(rule(
                        "grid",
                        format!(
                            "{a} {b} {c} are three {color} gems in a row: a round's grid has no 3 in a row"
                        ),
                    ));
                }
                if !setup.offer.is_complete() {
                    let missing: Vec<&str> = KINDS
                        .into_iter()
                        .filter(|k| !setup.offer.iter().any(|p| p.kind() == *k))
                        .collect();
                    return Err(rule(
                        "offer",
                        format!(
                            "the offer ({}) has no {} powerup: offer at least one of each type",
                            setup.offer,
                            missing.join(" and no ")
                        ),
                    ));
                }
                let rocks: Vec<String> = (0..CELLS)
                    .map(Cell::from_index)
                    .filter(|&c| setup.grid.get(c) == Tile::Rock)
                    .map(|c| c.to_string())
                    .collect();
                if m.rounds.is_empty() && !rocks.is_empty() {
                    return Err(rule(
                        "grid",
                        format!(
                            "{} {} a rock: a round's grid is filled with gems; put a gem on every cell",
                            rocks.join(" "),
                            if rocks.len() == 1 { "is" } else { "are each" }
                        ),
                    ));
                }
                let mut notes: Vec<String> = Vec::new();
                if let Some(prev) = m.rounds.last() {
                    let n = prev.number;
                    // Carry-over: only the rocks of the base change, each to a gem.
                    let base = prev.carried();
                    let whence = match prev.counting_proof() {
                        Some(s) if s.end.is_some() => {
                            format!("at the end of round {n}'s proof (seq {})", s.seq)
                        }
                        Some(s) => format!(
                            "in round {n}'s grid (no legal proof counts: the proof at seq {} is not legal)",
                            s.seq
                        ),
                        None => format!("in round {n}'s grid (no legal proof was shown)"),
                    };
                    let mut changed = Vec::new();
                    let (mut refilled, mut left) = (0, Vec::new());
                    for i in 0..CELLS {
                        let c = Cell::from_index(i);
                        let (was, now) = (base.get(c), setup.grid.get(c));
                        if was == Tile::Rock {
                            if now == Tile::Rock {
                                left.push(c.to_string());
                            } else {
                                refilled += 1;
                            }
                        } else if was != now {
                            changed.push(format!(
                                "{c} was {} and is {}",
                                tile_name(was),
                                tile_name(now)
                            ));
                        }
                    }
                    if !changed.is_empty() {
                        return Err(rule(
                            "carry-over",
                            format!(
                                "{} {whence}; only rock cells may be refilled",
                                changed.join(", ")
                            ),
                        ));
                    }
                    if !left.is_empty() {
                        return Err(rule(
                            "carry-over",
                            format!(
                                "{} {} still a rock {whence}: every rock is refilled with a gem for the next round",
                                left.join(" "),
                                if left.len() == 1 { "is" } else { "are each" }
                            ),
                        ));
                    }
                    notes.push(format!(
                        "the grid carries over {whence}: {} refilled",
                        crate::games::words::count(refilled, "rock", "rocks")
                    ));
                    // The offer follows both players' picks.
                    match &prev.picks {
                        [Some(a), Some(b)] => {
                            for kind in KINDS {
                                let want: BTreeSet<Powerup> =
                                    [pick_of(a, kind), pick_of(b, kind)].into_iter().collect();
                                let have: BTreeSet<Powerup> =
                                    setup.offer.iter().filter(|p| p.kind() == kind).collect();
                                if want != have {
                                    let mut why = Vec::new();
                                    let extra: BTreeSet<Powerup> =
                                        have.difference(&want).copied().collect();
                                    let missing: BTreeSet<Powerup> =
                                        want.difference(&have).copied().collect();
                                    if !extra.is_empty() {
                                        why.push(format!(
                                            "{} is offered but not picked",
                                            names(&extra)
                                        ));
                                    }
                                    if !missing.is_empty() {
                                        why.push(format!(
                                            "{} is picked but not offered",
                                            names(&missing)
                                        ));
                                    }
                                    return Err(rule(
                                        "offer",
                                        format!(
                                            "the {kind} powerups offered must be the players' picks ({} {}, {} {}): {}",
                                            m.players[0],
                                            pick_of(a, kind).name(),
                                            m.players[1],
                                            pick_of(b, kind).name(),
                                            why.join("; ")
                                        ),
                                    ));
                                }
                            }
                            notes.push("the offer follows both players' picks".to_string());
                        }
                        picks => {
                            let missing: Vec<&str> = (0..2)
                                .filter(|&p| picks[p].is_none())
                                .map(|p| m.players[p].as_str())
                                .collect();
                            notes.push(format!(
                                "{} posted no picks in round {n}, so the offer is not checked against picks",
                                missing.join(" and ")
                            ));
                        }
                    }
                }
                let round = Round {
                    number: setup.round,
                    seq,
                    opened: at,
                    grid: setup.grid,
                    offer: setup.offer,
                    claims: Vec::new(),
                    proofs: Vec::new(),
                    picks: [None, None],
                    ruled: None,
                    by_rules: None,
                };
                let Match {
                    config,
                    players,
                    rounds,
                } = m;
                let decide = |r: &Round, closed| decision(config, players, r, closed);
                let mut note = rounds.open(round, players, &WORDS, &decide);
                note.push_str(&format!(
                    "round {} opens: offered {}; claims within {}",
                    setup.round,
                    setup.offer,
                    span(m.config.round_secs)
                ));
                for n in notes {
                    note.push_str("; ");
                    note.push_str(&n);
                }
                Ok(note)
            }
            Event::Claim(claim) => {
                let p = player_seat(&m.players, actor)?;
                claims::claim(m, seq, claim, p, at)
            }
            Event::Proof(proof) => {
                let p = player_seat(&m.players, actor)?;
                claims::prove(m, seq, proof, p, at)
            }
            Event::Place(picks) => {
                let p = player_seat(&m.players, actor)?;
                if let Some(r) = &m.rounds.match_ruling {
                    return Err(rule(
                        "picks",
                        format!("the match is ruled (seq {}): there is no next round", r.seq),
                    ));
                }
                let round = m.rounds.last().ok_or_else(no_round)?;
                let n = round.number;
                if n >= m.config.rounds {
                    return Err(rule(
                        "picks",
                        format!("round {n} is the last round: there is no next round to pick for"),
                    ));
                }
                if m.rounds.is_over() {
                    return Err(rule(
                        "picks",
                        "the match is decided: there is no next round to pick for",
                    ));
                }
                if round.proofs.is_empty() && round.ruled.is_none() {
                    return Err(rule(
                        "picks",
                        format!(
                            "picks for round {} come after round {n}'s proof or ruling",
                            n + 1
                        ),
                    ));
                }
                if round.picks[p].is_some() {
                    return Err(rule(
                        "picks",
                        format!("{} already posted picks in round {n}", m.players[p]),
                    ));
                }
                let mut all_offered = Vec::new();
                for kind in KINDS {
                    let pick = pick_of(picks, kind);
                    let (pickable, all) = round.pickable(kind);
                    if all {
                        all_offered.push(kind);
                    }
                    let what = if pick.kind() != kind {
                        format!(
                            "{} is {} {} powerup, not {} {kind}",
                            pick.name(),
                            article(pick.kind()),
                            pick.kind(),
                            article(kind)
                        )
                    } else if !pickable.contains(&pick) {
                        format!("{} was offered in round {n}", pick.name())
                    } else {
                        continue;
                    };
                    let may = if all {
                        format!(
                            "round {n} offered all three {kind}s ({}), so any of them may be picked",
                            names(&pickable)
                        )
                    } else {
                        format!(
                            "pick {} {kind} that round {n} did not offer ({})",
                            article(kind),
                            or_list(&pickable)
                        )
                    };
                    return Err(rule("picks", format!("{what}: {may}")));
                }
                let mut note = format!(
                    "{} picks {}, {}, {} for round {}",
                    m.players[p],
                    picks.starter.name(),
                    picks.passive.name(),
                    picks.active.name(),
                    n + 1
                );
                for kind in all_offered {
                    note.push_str(&format!(
                        " (round {n} offered all three {kind}s, so any {kind} may be picked)"
                    ));
                }
                m.rounds.last_mut().expect("checked").picks[p] = Some(picks.clone());
                Ok(note)
            }
            Event::Pass => Err(rule(
                "pass",
                "there is nothing to pass on: in Bejeweled a player claims or does nothing",
            )),
            Event::Challenge(c) => match *c {},
            Event::Timeout(t) => {
                host_only(actor, "announce a timeout")?;
                let p = named_seat(&m.players, &t.player, "timeout")?;
                let mut note = format!("the host says {}'s time ran out", t.player);
                note.push_str(&claims::clocks(m, p, at));
                Ok(note)
            }
        }
    }
}

impl Shown {
    /// The proof as typed again (the text always parses back).
    pub fn spec(&self) -> Option<ProofSpec> {
        self.proof.parse().ok()
    }
}

impl Round {
    /// The powerups of `kind` the players may pick for the next round: one
    /// not offered this round, or any of the three when all three were
    /// offered; and whether all three were.
    pub fn pickable(&self, kind: &str) -> (BTreeSet<Powerup>, bool) {
        let all: BTreeSet<Powerup> = Powerup::ALL
            .into_iter()
            .filter(|p| p.kind() == kind)
            .collect();
        let free: BTreeSet<Powerup> = all
            .iter()
            .copied()
            .filter(|p| !self.offer.has(*p))
            .collect();
        if free.is_empty() {
            (all, true)
        } else {
            (free, false)
        }
    }
}

impl Match {
    pub(super) fn name(&self, p: Option<usize>) -> String {
        WORDS.name(&self.players, p)
    }
}

fn tile_name(t: Tile) -> &'static str {
    match t {
        Tile::Gem(c) => c.name(),
        Tile::Rock => "a rock",
        Tile::Hole => "empty",
    }
}

/// The first three gems of one color in a row or column, reading order.
fn first_line(g: &Grid) -> Option<[Cell; 3]> {
    for i in 0..CELLS {
        let a = Cell::from_index(i);
        let Some(color) = g.gem(a) else { continue };
        for (dc, dr) in [(1, 0), (0, 1)] {
            if let (Some(b), Some(c)) = (a.offset(dc, dr), a.offset(2 * dc, 2 * dr)) {
                if g.gem(b) == Some(color) && g.gem(c) == Some(color) {
                    return Some([a, b, c]);
                }
            }
        }
    }
    None
}

const KINDS: [&str; 3] = ["starter", "passive", "active"];

fn pick_of(p: &Picks, kind: &str) -> Powerup {
    match kind {
        "starter" => p.starter,
        "passive" => p.passive,
        _ => p.active,
    }
}

fn names(set: &BTreeSet<Powerup>) -> String {
    let v: Vec<&str> = set.iter().map(|p| p.name()).collect();
    v.join(", ")
}

/// "pick", "pick or rotate", "pick, swap or rotate".
fn or_list(set: &BTreeSet<Powerup>) -> String {
    let v: Vec<&str> = set.iter().map(|p| p.name()).collect();
    match v.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => v.join(""),
    }
}

/// "a starter", "an active".
fn article(kind: &str) -> &'static str {
    if kind == "active" {
        "an"
    } else {
        "a"
    }
}

pub(super) fn rule(rule: &str, message: impl Into<String>) -> RuleError {
    RuleError::new(rule, message)
}

#[cfg(test)]
pub(super) mod tests;
