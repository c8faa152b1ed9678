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

use std::collections::{BTreeMap, BTreeSet};

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use super::claims::{self, decision, span};
use super::engine::TraceStep;
use super::grid::{Cell, Grid, Tile, CELLS};
use super::proof::{Offer, Powerup, ProofSpec};
use crate::event::{Actor, Scope};
use crate::games::{
    host_only, player_seat, winner_seat, Event, Game, ProofSteps, RuleError, Ruled,
};

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

/// The rules' verdict for a round.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Decision {
    /// `None`: no player (the host) wins the round.
    pub winner: Option<usize>,
    pub reason: String,
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

/// The whole match.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Match {
    pub config: Config,
    pub players: [String; 2],
    pub rounds: Vec<Round>,
    pub match_ruling: Option<Ruled>,
    pub rulings: BTreeMap<u64, Option<u32>>,
    pub appeals: BTreeMap<u64, (usize, u64, Option<u64>)>,
}

impl Match {
    pub fn new(config: Config, players: [String; 2]) -> Match {
        Match {
            config,
            players,
            rounds: Vec::new(),
            match_ruling: None,
            rulings: BTreeMap::new(),
            appeals: BTreeMap::new(),
        }
    }

    pub fn player_index(&self, name: &str) -> Option<usize> {
        self.players.iter().position(|p| p == name)
    }

    /// Round wins as ruled (after appeals).
    pub fn score(&self) -> [u32; 2] {
        let mut s = [0; 2];
        for w in self
            .rounds
            .iter()
            .filter_map(|r| r.ruled.as_ref().and_then(Ruled::standing))
        {
            s[w] += 1;
        }
        s
    }

    /// Round wins by the rules' verdicts.
    pub fn score_by_rules(&self) -> [u32; 2] {
        let mut s = [0; 2];
        for w in self
            .rounds
            .iter()
            .filter_map(|r| r.by_rules.as_ref().and_then(|d| d.winner))
        {
            s[w] += 1;
        }
        s
    }

    pub fn winner(&self) -> Option<usize> {
        if let Some(r) = &self.match_ruling {
            return r.standing();
        }
        let s = self.score();
        (0..2).find(|&p| s[p] >= self.config.to_win)
    }

    /// The rules' verdict for round `r` so far; `closed` when nothing more
    /// may come (the host ruled or the next round opened).
    pub fn decision(&self, r: &Round, closed: bool) -> Option<Decision> {
        decision(self, r, closed)
    }
}

/// The Bejeweled DM.
pub struct Bejeweled;

impl Game for Bejeweled {
    const SLUG: &'static str = "bejeweled";
    const RULES: &'static str = include_str!("../../../docs/rules/bejeweled.md");
    const PROOF_STEPS: ProofSteps = ProofSteps {
        unit: "Cascade step",
        counted: ("gem removed so far", "gems removed so far"),
    };
    type Config = Config;
    type Setup = Setup;
    type Place = Picks;
    type Claim = Claim;
    type Challenge = Challenge;
    type Proof = Proof;
    type State = Match;

    fn start(config: &Config, players: &[String], _at: DateTime<Utc>) -> Result<Match, RuleError> {
        if config.to_win == 0 || config.to_win > config.rounds {
            return Err(RuleError::new(
                "config",
                format!(
                    "{} round wins cannot decide a match of {} rounds",
                    config.to_win, config.rounds
                ),
            ));
        }
        Ok(Match::new(
            config.clone(),
            [players[0].clone(), players[1].clone()],
        ))
    }

    fn apply(
        state: &mut Match,
        seq: u64,
        event: Event<'_, Bejeweled>,
        actor: &Actor,
        at: DateTime<Utc>,
    ) -> Result<String, RuleError> {
        let mut next = state.clone();
        let note = apply(&mut next, seq, event, actor, at)?;
        *state = next;
        Ok(note)
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
    /// The round in progress (opened and not ruled, no match ruling).
    pub fn current(&self) -> Option<&Round> {
        let open = self.match_ruling.is_none();
        self.rounds.last().filter(|r| open && r.ruled.is_none())
    }
    pub(super) fn current_mut(&mut self) -> Option<&mut Round> {
        let open = self.match_ruling.is_none();
        self.rounds.last_mut().filter(|r| open && r.ruled.is_none())
    }

    /// The match winner by the rules: first to `to_win` by the rules'
    /// verdicts.
    pub fn winner_by_rules(&self) -> Option<usize> {
        let s = self.score_by_rules();
        (0..2).find(|&p| s[p] >= self.config.to_win)
    }

    /// True once the host's rulings have settled the match.
    pub fn is_over(&self) -> bool {
        self.match_ruling.is_some() || self.winner().is_some()
    }

    /// Fixes the rules' verdict of the last round: no more answers come.
    fn closes_round(&mut self) {
        if let Some(round) = self.rounds.last() {
            if round.by_rules.is_none() {
                let d = decision(self, round, true);
                self.rounds.last_mut().expect("checked").by_rules = d;
            }
        }
    }

    pub(super) fn name(&self, p: Option<usize>) -> String {
        p.map_or("no player (the host)".to_string(), |w| {
            self.players[w].clone()
        })
    }

    fn score_text(&self) -> String {
        let s = self.score();
        format!(
            "score {} {}–{} {}",
            self.players[0], s[0], s[1], self.players[1]
        )
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

fn apply(
    m: &mut Match,
    seq: u64,
    event: Event<'_, Bejeweled>,
    actor: &Actor,
    at: DateTime<Utc>,
) -> Result<String, RuleError> {
    let no_round = || rule("round", "no round is in progress");
    match event {
        Event::RoundStart(setup) => {
            host_only(actor, "open a round")?;
            if m.is_over() {
                return Err(rule("match", "the match is already decided"));
            }
            let expected = m.rounds.len() as u32 + 1;
            if setup.round != expected {
                return Err(rule(
                    "round",
                    format!("the next round is {expected}, not {}", setup.round),
                ));
            }
            if setup.round > m.config.rounds {
                return Err(rule(
                    "round",
                    format!("the match has only {} rounds", m.config.rounds),
                ));
            }
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
            let mut note = String::new();
            if m.current().is_some() {
                m.closes_round();
                let prev = m.rounds.last().expect("current");
                note = format!("round {} was never ruled", prev.number);
                if let Some(d) = &prev.by_rules {
                    note.push_str(&format!(
                        " (by the rules it goes to {}: {})",
                        m.name(d.winner),
                        d.reason
                    ));
                }
                note.push_str("; ");
            }
            m.rounds.push(Round {
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
            });
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
            if let Some(r) = &m.match_ruling {
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
            if m.is_over() {
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
            let p = m.player_index(&t.player).ok_or_else(|| {
                rule(
                    "timeout",
                    format!("{} is not a player of this match", t.player),
                )
            })?;
            let mut note = format!("the host says {}'s time ran out", t.player);
            note.push_str(&claims::clocks(m, p, at));
            Ok(note)
        }
        Event::Ruling(r) => {
            host_only(actor, "rule")?;
            let winner = winner_seat(&m.players, &r.winner)?;
            let who = m.name(winner);
            match r.scope {
                Scope::Match => {
                    if let Some(prev) = &m.match_ruling {
                        return Err(rule(
                            "ruling",
                            format!(
                                "the match is already ruled (seq {}); a correction is an appeal",
                                prev.seq
                            ),
                        ));
                    }
                    m.closes_round();
                    m.match_ruling = Some(Ruled {
                        seq,
                        winner,
                        text: r.text.clone(),
                        overturned: None,
                    });
                    m.rulings.insert(seq, None);
                    let mut note = format!("the host awards the match to {who}");
                    match m.winner_by_rules() {
                        Some(w) if Some(w) == winner => note.push_str("; the rules agree"),
                        Some(w) => note.push_str(&format!(
                            "; by the rules the match goes to {}",
                            m.players[w]
                        )),
                        None => {}
                    }
                    Ok(note)
                }
                Scope::Round(n) => {
                    let round = match m.rounds.last() {
                        Some(r) if r.number == n => r,
                        _ => {
                            return Err(rule(
                                "ruling",
                                format!("round {n} is not the round in play"),
                            ))
                        }
                    };
                    if let Some(prev) = &round.ruled {
                        return Err(rule(
                            "ruling",
                            format!(
                                "round {n} is already ruled (seq {}); a correction is an appeal",
                                prev.seq
                            ),
                        ));
                    }
                    let by_rules = decision(m, round, true);
                    let round = m.rounds.last_mut().expect("checked");
                    round.by_rules = by_rules.clone();
                    round.ruled = Some(Ruled {
                        seq,
                        winner,
                        text: r.text.clone(),
                        overturned: None,
                    });
                    m.rulings.insert(seq, Some(n));
                    let mut note = format!("the host awards round {n} to {who}");
                    if let Some(d) = &by_rules {
                        if d.winner == winner {
                            note.push_str(&format!("; the rules agree: {}", d.reason));
                        } else {
                            note.push_str(&format!(
                                "; by the rules the round goes to {}: {}",
                                m.name(d.winner),
                                d.reason
                            ));
                        }
                    }
                    note.push_str(&format!("; {}", m.score_text()));
                    if let Some(w) = m.winner() {
                        note.push_str(&format!("; {} wins the match", m.players[w]));
                    }
                    Ok(note)
                }
            }
        }
        Event::Appeal(a) => {
            let p = player_seat(&m.players, actor)?;
            if !m.rulings.contains_key(&a.ruling_seq) {
                return Err(rule(
                    "appeal",
                    format!("seq {} is not a ruling of this match", a.ruling_seq),
                ));
            }
            m.appeals.insert(seq, (p, a.ruling_seq, None));
            Ok(format!(
                "{} appeals the ruling at seq {}: {}",
                m.players[p], a.ruling_seq, a.grounds
            ))
        }
        Event::AppealDecision(d) => {
            host_only(actor, "decide an appeal")?;
            let (appellant, ruling_seq, decided) =
                *m.appeals.get(&d.appeal_seq).ok_or_else(|| {
                    rule(
                        "appeal",
                        format!("seq {} is not an appeal of this match", d.appeal_seq),
                    )
                })?;
            if let Some(by) = decided {
                return Err(rule(
                    "appeal",
                    format!("the appeal at seq {} was decided at seq {by}", d.appeal_seq),
                ));
            }
            let winner = winner_seat(&m.players, &d.winner)?;
            m.appeals
                .insert(d.appeal_seq, (appellant, ruling_seq, Some(seq)));
            if d.upheld {
                return Ok(format!("the ruling at seq {ruling_seq} is upheld"));
            }
            let ruled = match m.rulings.get(&ruling_seq).copied().flatten() {
                Some(n) => m
                    .rounds
                    .iter_mut()
                    .find(|r| r.number == n)
                    .and_then(|r| r.ruled.as_mut()),
                None => m.match_ruling.as_mut(),
            };
            if let Some(r) = ruled {
                r.overturned = Some((seq, winner));
            }
            let mut note = format!(
                "the ruling at seq {ruling_seq} is overturned: it now goes to {}; {}",
                m.name(winner),
                m.score_text()
            );
            if let Some(w) = m.winner() {
                note.push_str(&format!("; {} wins the match", m.players[w]));
            }
            Ok(note)
        }
    }
}

#[cfg(test)]
pub(super) mod tests {
    //! A match driven event by event (`Table`), shared with the tests of
    //! `claims`.

    use super::*;
    use crate::event::{Appeal, AppealDecision, Body, Create, Ruling, Timeout};
    use crate::games::{self, MatchState};

    /// The seed's worked example (as in the engine tests).
    pub(crate) const SEED_GRID: &str =
        "RBGYPRBG\nGYPRBGYP\nPRBGYPRB\nBGYPBRGY\nRPGRRBPR\nYYGRPYBG\nGRPBBGYP";
    /// Removes 16 on `SEED_GRID`.
    pub(crate) const SEED_PROOF: &str = "active plus F4; passive bend; swap F4 F5";
    pub(crate) const SEED_OFFER: &str = "swap,bend,plus";
    /// The end grid of `SEED_PROOF` with its 16 rocks refilled, no 3 in a row.
    pub(crate) const ROUND_2: &str =
        "YGRBYRPR\nRBGYPRBG\nGYPRBGYP\nPRGYYPRB\nBGPRBYGY\nRPBPPRBG\nGRPBBGYP";

    /// A match driven by bodies, with a clock in seconds.
    pub(crate) struct Table {
        state: MatchState,
        pub(crate) seq: u64,
    }

    pub(crate) fn at(secs: i64) -> DateTime<Utc> {
        DateTime::from_timestamp(1_800_000_000 + secs, 0).unwrap()
    }

    pub(crate) const MIRA: usize = 0;
    pub(crate) const JONAS: usize = 1;

    pub(crate) fn player(p: usize) -> Actor {
        Actor::Player(["mira", "jonas"][p].to_string())
    }
    pub(crate) fn host() -> Actor {
        Actor::Host("kg".into())
    }
    pub(crate) fn grid(text: &str) -> Grid {
        Grid::parse(text).unwrap()
    }
    /// `text` with one cell replaced.
    pub(crate) fn with(text: &str, cell: &str, ch: char) -> String {
        let c: Cell = cell.parse().unwrap();
        let mut rows: Vec<Vec<char>> = text.lines().map(|l| l.chars().collect()).collect();
        rows[c.row()][c.col()] = ch;
        let rows: Vec<String> = rows.into_iter().map(|r| r.into_iter().collect()).collect();
        rows.join("\n")
    }

    impl Table {
        pub(crate) fn new() -> Table {
            let create = Create {
                config: games::GameConfig::Bejeweled(Config::default()),
                players: vec!["mira".into(), "jonas".into()],
                host: "kg".into(),
                title: String::new(),
                source: None,
            };
            Table {
                state: MatchState::start(&create, at(0)).unwrap(),
                seq: 0,
            }
        }
        /// Round 1 of the seed's example opened at 0 s.
        pub(crate) fn seed() -> Table {
            let mut t = Table::new();
            t.round(0, 1, SEED_GRID, SEED_OFFER).unwrap();
            t
        }
        pub(crate) fn m(&self) -> &Match {
            match &self.state {
                MatchState::Bejeweled(m) => m,
                other => panic!("a bejeweled table holds a {:?} match", other.game()),
            }
        }
        pub(crate) fn last(&self) -> &Round {
            self.m().rounds.last().unwrap()
        }
        pub(crate) fn act(
            &mut self,
            secs: i64,
            actor: Actor,
            body: Body,
        ) -> Result<String, RuleError> {
            self.seq += 1;
            let before = format!("{:?}", self.m());
            let r = self.state.apply(self.seq, &body, &actor, at(secs));
            if r.is_err() {
                assert_eq!(
                    before,
                    format!("{:?}", self.m()),
                    "an error changes nothing"
                );
            }
            r
        }
        pub(crate) fn round(
            &mut self,
            secs: i64,
            n: u32,
            g: &str,
            offer: &str,
        ) -> Result<String, RuleError> {
            let setup = Setup {
                round: n,
                grid: grid(g),
                offer: offer.parse().unwrap(),
            };
            self.act(
                secs,
                host(),
                Body::RoundStart(games::RoundSetup::Bejeweled(setup)),
            )
        }
        pub(crate) fn claim(
            &mut self,
            secs: i64,
            p: usize,
            gems: u32,
        ) -> Result<String, RuleError> {
            self.act(
                secs,
                player(p),
                Body::Claim(games::Claim::Bejeweled(Claim { gems })),
            )
        }
        pub(crate) fn prove(
            &mut self,
            secs: i64,
            p: usize,
            proof: &str,
        ) -> Result<String, RuleError> {
            let proof = proof.parse().unwrap();
            self.act(
                secs,
                player(p),
                Body::Proof(games::Proof::Bejeweled(Proof { proof })),
            )
        }
        /// Picks as `starter passive active`.
        pub(crate) fn pick(
            &mut self,
            secs: i64,
            p: usize,
            picks: &str,
        ) -> Result<String, RuleError> {
            let w: Vec<Powerup> = picks
                .split_whitespace()
                .map(|x| Powerup::parse(x).unwrap())
                .collect();
            let picks = Picks {
                starter: w[0],
                passive: w[1],
                active: w[2],
            };
            self.act(
                secs,
                player(p),
                Body::Place(games::Placement::Bejeweled(picks)),
            )
        }
        pub(crate) fn rule(
            &mut self,
            secs: i64,
            n: u32,
            winner: Option<usize>,
        ) -> Result<String, RuleError> {
            self.act(
                secs,
                host(),
                Body::Ruling(Ruling {
                    scope: Scope::Round(n),
                    winner: winner.map(|w| ["mira", "jonas"][w].to_string()),
                    text: String::new(),
                }),
            )
        }
        pub(crate) fn timeout(&mut self, secs: i64, p: usize) -> Result<String, RuleError> {
            self.act(
                secs,
                host(),
                Body::Timeout(Timeout {
                    player: ["mira", "jonas"][p].into(),
                    note: String::new(),
                }),
            )
        }
        /// The rules' verdict on the last round so far (not closed).
        pub(crate) fn verdict_open(&self) -> Option<Decision> {
            self.m().decision(self.last(), false)
        }
        /// The rules' verdict on the last round with nothing more to come.
        pub(crate) fn verdict(&self) -> Option<usize> {
            self.m().decision(self.last(), true).and_then(|d| d.winner)
        }
        /// Round 1 of the seed: mira claims 15, no counterclaim, proves 16.
        pub(crate) fn seed_won_by_mira() -> Table {
            let mut t = Table::seed();
            t.claim(10, MIRA, 15).unwrap();
            t.prove(60, MIRA, SEED_PROOF).unwrap();
            t
        }
    }

    #[test]
    fn no_claim_and_a_host_ruling_the_host_wins() {
        let mut t = Table::seed();
        let note = t.rule(601, 1, None).unwrap();
        assert!(note.contains("round 1 to no player (the host)"), "{note}");
        assert!(
            note.contains("the rules agree: no claim within 10 minutes"),
            "{note}"
        );
        let d = t.last().by_rules.clone().unwrap();
        assert_eq!(d.winner, None);
        assert_eq!(t.m().score(), [0, 0]);
        let e = t.claim(602, MIRA, 5).unwrap_err();
        assert!(e.message.contains("no round is in progress"));
    }

    #[test]
    fn carry_over_refills_only_rocks_without_lines() {
        let mut t = Table::seed_won_by_mira();
        t.rule(70, 1, Some(MIRA)).unwrap();
        // A changed gem cell (E2 was purple) is named.
        let e = t
            .round(100, 2, &with(ROUND_2, "E2", 'R'), "swap,bend,plus")
            .unwrap_err();
        assert_eq!(e.rule, "carry-over");
        assert!(
            e.message.contains("E2 was purple and is red"),
            "{}",
            e.message
        );
        assert!(
            e.message.contains("round 1's proof (seq 3)"),
            "{}",
            e.message
        );
        // A refill (F4 was a rock) that makes D4 E4 F4 yellow.
        let e = t
            .round(100, 2, &with(ROUND_2, "F4", 'Y'), "swap,bend,plus")
            .unwrap_err();
        assert_eq!(e.rule, "grid");
        assert!(
            e.message.contains("D4 E4 F4 are three yellow"),
            "{}",
            e.message
        );
        let note = t.round(100, 2, ROUND_2, "swap,bend,plus").unwrap();
        assert!(note.contains("16 rocks refilled"), "{note}");
        assert!(
            note.contains("mira and jonas posted no picks in round 1"),
            "{note}"
        );
        assert_eq!(t.last().grid, grid(ROUND_2));
    }

    #[test]
    fn without_a_legal_proof_the_previous_grid_carries_over() {
        let mut t = Table::seed();
        t.claim(10, MIRA, 15).unwrap();
        t.prove(60, MIRA, "active plus F4; passive bend; swap F4 F6")
            .unwrap();
        t.rule(70, 1, Some(JONAS)).unwrap();
        assert!(t.round(100, 2, ROUND_2, "swap,bend,plus").is_err());
        let e = t
            .round(100, 2, &with(SEED_GRID, "A1", 'Y'), "swap,bend,plus")
            .unwrap_err();
        assert!(
            e.message.contains("A1 was red and is yellow"),
            "{}",
            e.message
        );
        assert!(
            e.message
                .contains("no legal proof counts: the proof at seq 3 is not legal"),
            "{}",
            e.message
        );
        let note = t.round(100, 2, SEED_GRID, "swap,bend,plus").unwrap();
        assert!(note.contains("0 rocks refilled"), "{note}");
    }

    #[test]
    fn the_grid_carries_over_from_the_proof_that_counts() {
        // A legal proof corrected in time into an illegal one: the illegal
        // one counts, so the round's own grid carries over.
        let mut t = Table::seed();
        t.claim(10, MIRA, 15).unwrap();
        t.prove(60, MIRA, SEED_PROOF).unwrap();
        t.prove(70, MIRA, "active plus F4; passive bend; swap F4 F6")
            .unwrap();
        t.rule(80, 1, Some(JONAS)).unwrap();
        let e = t.round(100, 2, ROUND_2, SEED_OFFER).unwrap_err();
        assert!(
            e.message.contains("the proof at seq 4 is not legal"),
            "{}",
            e.message
        );
        t.round(100, 2, SEED_GRID, SEED_OFFER).unwrap();
    }

    #[test]
    fn every_round_grid_is_filled_with_gems_and_every_rock_is_refilled() {
        let mut t = Table::new();
        let e = t
            .round(0, 1, &with(SEED_GRID, "A1", '#'), SEED_OFFER)
            .unwrap_err();
        assert_eq!(e.rule, "grid");
        assert!(
            e.message
                .contains("A1 is a rock: a round's grid is filled with gems"),
            "{}",
            e.message
        );
        let mut t = Table::seed_won_by_mira();
        // F4 was a rock at the end of the proof and is left one.
        let e = t
            .round(100, 2, &with(ROUND_2, "F4", '#'), SEED_OFFER)
            .unwrap_err();
        assert_eq!(e.rule, "carry-over");
        assert!(
            e.message.contains(
                "F4 is still a rock at the end of round 1's proof (seq 3): every rock is refilled"
            ),
            "{}",
            e.message
        );
        // A7 was a gem: a rock there is a changed cell.
        let e = t
            .round(100, 2, &with(ROUND_2, "A7", '#'), SEED_OFFER)
            .unwrap_err();
        assert!(
            e.message.contains("A7 was green and is a rock"),
            "{}",
            e.message
        );
    }

    #[test]
    fn picks_exclude_the_powerups_offered_this_round_and_must_be_of_their_type() {
        let mut t = Table::seed();
        t.claim(10, MIRA, 15).unwrap();
        let e = t.pick(20, MIRA, "rotate chain column").unwrap_err();
        assert!(
            e.message.contains("after round 1's proof or ruling"),
            "{}",
            e.message
        );
        t.prove(60, MIRA, SEED_PROOF).unwrap();
        // Offered: swap, bend, plus.
        let e = t.pick(70, MIRA, "swap chain column").unwrap_err();
        assert_eq!(e.rule, "picks");
        assert_eq!(
            e.message,
            "swap was offered in round 1: pick a starter that round 1 did not offer (pick or rotate)"
        );
        let e = t.pick(70, MIRA, "rotate bend column").unwrap_err();
        assert!(
            e.message.contains(
                "bend was offered in round 1: pick a passive that round 1 did not offer (recolor or chain)"
            ),
            "{}",
            e.message
        );
        // The seed: "if A-Plus was the only available active powerup, then
        // players can choose either A-Column or A-Refresh".
        let e = t.pick(70, MIRA, "rotate chain plus").unwrap_err();
        assert!(e.message.contains("(column or refresh)"), "{}", e.message);
        let e = t.pick(70, MIRA, "plus chain column").unwrap_err();
        assert_eq!(
            e.message,
            "plus is an active powerup, not a starter: pick a starter that round 1 did not offer (pick or rotate)"
        );
        let note = t.pick(70, MIRA, "rotate chain column").unwrap();
        assert_eq!(note, "mira picks rotate, chain, column for round 2");
        let e = t.pick(71, MIRA, "pick chain column").unwrap_err();
        assert!(e.message.contains("already posted picks"), "{}", e.message);
        assert_eq!(
            t.last().picks[MIRA].as_ref().map(|p| p.starter),
            Some(Powerup::Rotate)
        );
    }

    #[test]
    fn a_powerup_offered_but_not_used_may_not_be_picked() {
        // The seed: "If S-Swap and S-Rotate were available, only S-Pick can
        // be chosen" — rotate was offered, though the proof used swap.
        let mut t = Table::new();
        t.round(0, 1, SEED_GRID, "swap,rotate,bend,plus").unwrap();
        t.claim(10, MIRA, 15).unwrap();
        t.prove(60, MIRA, SEED_PROOF).unwrap();
        let e = t.pick(70, JONAS, "rotate chain column").unwrap_err();
        assert_eq!(
            e.message,
            "rotate was offered in round 1: pick a starter that round 1 did not offer (pick)"
        );
        t.pick(70, JONAS, "pick chain column").unwrap();
    }

    #[test]
    fn without_a_legal_proof_the_offered_powerups_still_may_not_be_picked() {
        let mut t = Table::seed();
        t.rule(30, 1, None).unwrap();
        let e = t.pick(40, JONAS, "swap bend plus").unwrap_err();
        assert!(
            e.message.starts_with("swap was offered in round 1"),
            "{}",
            e.message
        );
        let note = t.pick(40, JONAS, "pick recolor refresh").unwrap();
        assert_eq!(note, "jonas picks pick, recolor, refresh for round 2");
    }

    #[test]
    fn when_all_three_of_a_type_were_offered_any_of_them_may_be_picked() {
        let mut t = Table::new();
        t.round(0, 1, SEED_GRID, "pick,swap,rotate,bend,plus")
            .unwrap();
        t.rule(30, 1, None).unwrap();
        let e = t.pick(40, MIRA, "plus chain column").unwrap_err();
        assert_eq!(
            e.message,
            "plus is an active powerup, not a starter: round 1 offered all three starters (pick, swap, rotate), so any of them may be picked"
        );
        let note = t.pick(40, MIRA, "swap chain column").unwrap();
        assert!(
            note.contains("(round 1 offered all three starters, so any starter may be picked)"),
            "{note}"
        );
    }

    #[test]
    fn the_offer_follows_equal_and_different_picks() {
        let mut t = Table::seed_won_by_mira();
        t.pick(70, MIRA, "rotate chain column").unwrap();
        t.pick(75, JONAS, "rotate recolor column").unwrap();
        t.rule(80, 1, Some(MIRA)).unwrap();
        let e = t
            .round(100, 2, ROUND_2, "rotate,pick,chain,recolor,column")
            .unwrap_err();
        assert_eq!(e.rule, "offer");
        assert!(
            e.message.contains("pick is offered but not picked"),
            "{}",
            e.message
        );
        let e = t.round(100, 2, ROUND_2, "rotate,chain,column").unwrap_err();
        assert!(
            e.message.contains("recolor is picked but not offered"),
            "{}",
            e.message
        );
        let e = t
            .round(100, 2, ROUND_2, "rotate,chain,recolor,column,refresh")
            .unwrap_err();
        assert!(e.message.contains("refresh is offered"), "{}", e.message);
        let note = t
            .round(100, 2, ROUND_2, "rotate,chain,recolor,column")
            .unwrap();
        assert!(note.contains("follows both players' picks"), "{note}");
        assert_eq!(t.last().offer.to_string(), "rotate,recolor,chain,column");
    }

    #[test]
    fn a_round_needs_a_complete_offer_and_a_grid_without_lines() {
        let mut t = Table::new();
        let e = t.round(0, 1, SEED_GRID, "swap,plus").unwrap_err();
        assert_eq!(e.rule, "offer");
        assert!(e.message.contains("no passive powerup"), "{}", e.message);
        // A5 B5 C5 red in a row.
        let e = t
            .round(
                0,
                1,
                &with(&with(SEED_GRID, "B5", 'R'), "C5", 'R'),
                SEED_OFFER,
            )
            .unwrap_err();
        assert_eq!(e.rule, "grid");
        assert!(
            e.message.contains("A5 B5 C5 are three red"),
            "{}",
            e.message
        );
        let e = t.round(0, 2, SEED_GRID, SEED_OFFER).unwrap_err();
        assert!(e.message.contains("the next round is 1, not 2"));
        let e = t
            .act(
                0,
                player(MIRA),
                Body::RoundStart(games::RoundSetup::Bejeweled(Setup {
                    round: 1,
                    grid: grid(SEED_GRID),
                    offer: SEED_OFFER.parse().unwrap(),
                })),
            )
            .unwrap_err();
        assert!(e.message.contains("only the host may open a round"));
    }

    #[test]
    fn an_unruled_round_is_closed_with_its_verdict_when_the_next_opens() {
        let mut t = Table::seed_won_by_mira();
        let note = t.round(100, 2, ROUND_2, "swap,bend,plus").unwrap();
        assert!(
            note.starts_with("round 1 was never ruled (by the rules it goes to mira"),
            "{note}"
        );
        let r1 = &t.m().rounds[0];
        assert_eq!(r1.ruled, None);
        assert_eq!(r1.by_rules.as_ref().and_then(|d| d.winner), Some(MIRA));
        assert_eq!(t.m().score_by_rules(), [1, 0]);
        assert_eq!(t.m().score(), [0, 0]);
        let e = t.rule(110, 1, Some(MIRA)).unwrap_err();
        assert!(e.message.contains("round 1 is not the round in play"));
    }

    #[test]
    fn pass_is_an_error() {
        let mut t = Table::seed();
        let e = t.act(5, player(MIRA), Body::Pass).unwrap_err();
        assert_eq!(e.rule, "pass");
        assert!(e.message.contains("claims or does nothing"));
    }

    #[test]
    fn first_to_four_ends_the_match() {
        let mut t = Table::new();
        for n in 1..=4u32 {
            let secs = n as i64 * 1000;
            t.round(secs, n, SEED_GRID, SEED_OFFER).unwrap();
            let note = t.rule(secs + 10, n, Some(MIRA)).unwrap();
            assert!(
                note.contains("by the rules the round goes to no player (the host)"),
                "{note}"
            );
            if n == 4 {
                assert!(
                    note.ends_with("mira 4–0 jonas; mira wins the match"),
                    "{note}"
                );
            }
        }
        assert_eq!(t.m().winner(), Some(MIRA));
        assert_eq!(t.m().score_by_rules(), [0, 0]);
        let e = t.round(5000, 5, SEED_GRID, SEED_OFFER).unwrap_err();
        assert_eq!(e.rule, "match");
        let e = t.pick(5000, JONAS, "pick chain column").unwrap_err();
        assert!(e.message.contains("the match is decided"), "{}", e.message);
    }

    #[test]
    fn a_match_ruling_closes_the_round_and_the_match() {
        let mut t = Table::seed_won_by_mira();
        let note = t
            .act(
                100,
                host(),
                Body::Ruling(Ruling {
                    scope: Scope::Match,
                    winner: Some("jonas".into()),
                    text: "mira forfeits".into(),
                }),
            )
            .unwrap();
        assert_eq!(note, "the host awards the match to jonas");
        assert_eq!(
            t.last().by_rules.as_ref().and_then(|d| d.winner),
            Some(MIRA)
        );
        assert_eq!(t.m().winner(), Some(JONAS));
        assert!(t.round(200, 2, ROUND_2, SEED_OFFER).is_err());
    }

    #[test]
    fn an_appeal_overturns_a_round() {
        let mut t = Table::seed();
        t.claim(10, MIRA, 17).unwrap();
        t.prove(60, MIRA, SEED_PROOF).unwrap();
        // The host wrongly gives mira the round: 16 is short of 17.
        let note = t.rule(70, 1, Some(MIRA)).unwrap();
        assert!(
            note.contains(
                "by the rules the round goes to jonas: mira claimed 17 and removed only 16"
            ),
            "{note}"
        );
        let ruling_seq = t.seq;
        let e = t
            .act(
                80,
                player(JONAS),
                Body::Appeal(Appeal {
                    ruling_seq: 2,
                    grounds: "x".into(),
                }),
            )
            .unwrap_err();
        assert!(e.message.contains("seq 2 is not a ruling"));
        t.act(
            80,
            player(JONAS),
            Body::Appeal(Appeal {
                ruling_seq,
                grounds: "16 is less than 17".into(),
            }),
        )
        .unwrap();
        let appeal_seq = t.seq;
        let note = t
            .act(
                90,
                host(),
                Body::AppealDecision(AppealDecision {
                    appeal_seq,
                    upheld: false,
                    winner: Some("jonas".into()),
                    text: String::new(),
                    ..Default::default()
                }),
            )
            .unwrap();
        assert!(
            note.contains("now goes to jonas; score mira 0–1 jonas"),
            "{note}"
        );
        assert_eq!(t.m().score(), [0, 1]);
        assert_eq!(t.last().ruled.as_ref().unwrap().standing(), Some(JONAS));
        let e = t
            .act(
                95,
                host(),
                Body::AppealDecision(AppealDecision {
                    appeal_seq,
                    upheld: true,
                    winner: None,
                    text: String::new(),
                    ..Default::default()
                }),
            )
            .unwrap_err();
        assert!(e.message.contains("was decided at seq"), "{}", e.message);
    }
}
