//! The round and the match: grids and offers, claims and counterclaims,
//! proofs, carry-over, powerup picks, rulings.
//!
//! As in every game, the reducer records what happened and what the rules
//! make of it; the exact cascade (`engine`) is cheap enough to run here on
//! every proof, so a proof's count is known at its step. The best possible
//! claim (`solver`) is the verifier's question.
//!
//! Clocks come only from event times (`occurred_at`): a first claim within
//! 10 minutes of the round's opening, a counterclaim within 30 s of it, and
//! the proof within 2 minutes of claiming closing (at the counterclaim, or
//! 30 s after the first claim). A late proof is still played out and
//! recorded: it is what was shown, and its end grid still carries over.
//! The rules as implemented: `docs/rules/bejeweled.md`.

use std::collections::{BTreeMap, BTreeSet};

use chrono::{DateTime, Duration, Utc};
use serde::{Deserialize, Serialize};

use super::engine::{play, TraceStep};
use super::grid::{Cell, Grid, Tile, CELLS};
use super::proof::{Offer, Powerup, ProofSpec};
use crate::games::{host_only, player_seat, winner_seat, Event, Game, RuleError, Ruled};
use crate::log::event::{Actor, Scope};

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
    /// Seconds to show the proof once claiming has closed.
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
/// one not used in this round.
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
    /// Shown after the proof time ran out.
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
    /// The claim that must be proved: the counterclaim, else the first.
    pub fn higher(&self) -> Option<&Claimed> {
        self.claims.last()
    }

    /// When claiming closes: at the counterclaim, or `counter_secs` after
    /// the first claim when there is none.
    pub fn claiming_closes(&self, counter_secs: u32) -> Option<DateTime<Utc>> {
        match self.claims.as_slice() {
            [] => None,
            [first] => Some(first.at + Duration::seconds(counter_secs as i64)),
            [.., counter] => Some(counter.at),
        }
    }

    /// The legal proof shown this round (illegal ones do not count).
    pub fn legal_proof(&self) -> Option<&Shown> {
        self.proofs.iter().rev().find(|s| s.result.is_ok())
    }

    /// The powerups this round's legal proof used: starter, passive,
    /// active. `None` when no legal proof was shown.
    pub fn used(&self) -> Option<[Powerup; 3]> {
        let spec = self.legal_proof()?.spec()?;
        Some([
            spec.starter.powerup(),
            spec.passive.powerup(),
            spec.active.0.powerup(),
        ])
    }

    /// The grid the next round carries over (before the refill): the end
    /// grid of the legal proof, else this round's grid.
    pub fn carried(&self) -> Grid {
        self.legal_proof().and_then(|s| s.end).unwrap_or(self.grid)
    }
}

impl Match {
    /// The round in progress (opened and not ruled, no match ruling).
    pub fn current(&self) -> Option<&Round> {
        let open = self.match_ruling.is_none();
        self.rounds.last().filter(|r| open && r.ruled.is_none())
    }
    fn current_mut(&mut self) -> Option<&mut Round> {
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

    fn name(&self, p: Option<usize>) -> String {
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

/// `600` → "10 minutes", `30` → "30 s".
fn span(secs: u32) -> String {
    match secs {
        60 => "1 minute".to_string(),
        s if s > 0 && s % 60 == 0 => format!("{} minutes", s / 60),
        s => format!("{s} s"),
    }
}

fn secs_since(from: DateTime<Utc>, at: DateTime<Utc>) -> i64 {
    (at - from).num_milliseconds()
}

fn secs_text(ms: i64) -> String {
    format!("{:.1} s", ms as f64 / 1000.0)
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

fn rule(rule: &str, message: impl Into<String>) -> RuleError {
    RuleError::new(rule, message)
}

fn decision(m: &Match, r: &Round, closed: bool) -> Option<Decision> {
    let name = |p: usize| m.players[p].as_str();
    let Some(higher) = r.higher() else {
        return closed.then(|| Decision {
            winner: None,
            reason: format!(
                "no claim within {}: the host wins the round",
                span(m.config.round_secs)
            ),
        });
    };
    let (claimer, opp, target) = (higher.by, 1 - higher.by, higher.gems);
    let decided = |winner: usize, reason: String| {
        Some(Decision {
            winner: Some(winner),
            reason,
        })
    };
    let Some(shown) = r.proofs.first() else {
        return if closed {
            decided(
                opp,
                format!(
                    "{} showed no proof within {}",
                    name(claimer),
                    span(m.config.proof_secs)
                ),
            )
        } else {
            None
        };
    };
    match &shown.result {
        Err(e) => decided(
            opp,
            format!(
                "{} claimed {target} and showed a proof that is not legal: {e}",
                name(claimer)
            ),
        ),
        Ok(n) if shown.late => {
            let closes = r
                .claiming_closes(m.config.counter_secs)
                .expect("a proof follows a claim");
            decided(
                opp,
                format!(
                    "{} claimed {target} and showed the proof (removing {n}) {} after claiming closed, over the {} allowed",
                    name(claimer),
                    secs_text(secs_since(closes, shown.at)),
                    span(m.config.proof_secs)
                ),
            )
        }
        Ok(n) if (*n as u64) < target as u64 => decided(
            opp,
            format!("{} claimed {target} and removed only {n}", name(claimer)),
        ),
        Ok(n) => decided(
            claimer,
            format!("{} claimed {target} and removed {n}", name(claimer)),
        ),
    }
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
            let mut notes: Vec<String> = Vec::new();
            if m.rounds.is_empty() && setup.grid.rocks() > 0 {
                notes.push(format!("the grid holds {} rock(s)", setup.grid.rocks()));
            }
            if let Some(prev) = m.rounds.last() {
                let n = prev.number;
                // Carry-over: only the rocks of the base may change.
                let (base, whence) = match prev.legal_proof() {
                    Some(s) if s.end.is_some() => (
                        s.end.expect("checked"),
                        format!("at the end of round {n}'s proof (seq {})", s.seq),
                    ),
                    _ => (
                        prev.grid,
                        format!("in round {n}'s grid (no legal proof was shown)"),
                    ),
                };
                let mut changed = Vec::new();
                let (mut refilled, mut left) = (0, 0);
                for i in 0..CELLS {
                    let c = Cell::from_index(i);
                    let (was, now) = (base.get(c), setup.grid.get(c));
                    if was == Tile::Rock {
                        if now == Tile::Rock {
                            left += 1;
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
                let mut carry =
                    format!("the grid carries over {whence}: {refilled} rock(s) refilled");
                if left > 0 {
                    carry.push_str(&format!(", {left} left as rocks"));
                }
                notes.push(carry);
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
            let (counter_secs, round_secs, proof_secs) = (
                m.config.counter_secs,
                m.config.round_secs,
                m.config.proof_secs,
            );
            let round = m.current().ok_or_else(no_round)?;
            if let Some(s) = round.proofs.first() {
                return Err(rule(
                    "claim",
                    format!("the proof is shown (seq {}); claiming is over", s.seq),
                ));
            }
            let name = |q: usize| m.players[q].clone();
            let note = match round.claims.as_slice() {
                [] => {
                    let since = secs_since(round.opened, at);
                    if since > round_secs as i64 * 1000 {
                        return Err(rule(
                            "claim",
                            format!(
                                "no claim came within {}: the host wins the round (this claim is {} after the round opened)",
                                span(round_secs),
                                secs_text(since)
                            ),
                        ));
                    }
                    if claim.gems == 0 {
                        return Err(rule("claim", "a claim is at least 1 gem"));
                    }
                    format!(
                        "{} claims {}; {} may counterclaim a higher number within {}, else {} shows the proof within {} after that",
                        name(p),
                        claim.gems,
                        name(1 - p),
                        span(counter_secs),
                        name(p),
                        span(proof_secs)
                    )
                }
                [first] => {
                    if first.by == p {
                        return Err(rule(
                            "claim",
                            format!(
                                "{} already claimed {} (seq {}); only {} may counterclaim",
                                name(p),
                                first.gems,
                                first.seq,
                                name(1 - p)
                            ),
                        ));
                    }
                    let since = secs_since(first.at, at);
                    if since > counter_secs as i64 * 1000 {
                        return Err(rule(
                            "claim",
                            format!(
                                "{}'s counterclaim comes {} after {}'s claim (seq {}); a counterclaim is due within {}",
                                name(p),
                                secs_text(since),
                                name(first.by),
                                first.seq,
                                span(counter_secs)
                            ),
                        ));
                    }
                    if claim.gems <= first.gems {
                        return Err(rule(
                            "claim",
                            format!(
                                "a counterclaim must be higher than {}'s {}, not {}",
                                name(first.by),
                                first.gems,
                                claim.gems
                            ),
                        ));
                    }
                    format!(
                        "{} counterclaims {} ({} after {}'s {}); claiming is closed: {} shows the proof within {}",
                        name(p),
                        claim.gems,
                        secs_text(since),
                        name(first.by),
                        first.gems,
                        name(p),
                        span(proof_secs)
                    )
                }
                [first, counter, ..] => {
                    return Err(rule(
                        "claim",
                        format!(
                            "{} claimed {} and {} counterclaimed {} (seq {}); there is no counterclaim to a counterclaim",
                            name(first.by),
                            first.gems,
                            name(counter.by),
                            counter.gems,
                            counter.seq
                        ),
                    ))
                }
            };
            let round = m.current_mut().ok_or_else(no_round)?;
            round.claims.push(Claimed {
                seq,
                at,
                by: p,
                gems: claim.gems,
            });
            Ok(note)
        }
        Event::Proof(proof) => {
            let p = player_seat(&m.players, actor)?;
            let (counter_secs, proof_secs) = (m.config.counter_secs, m.config.proof_secs);
            let round = m.current().ok_or_else(no_round)?;
            let name = |q: usize| m.players[q].clone();
            let Some(higher) = round.higher() else {
                return Err(rule("proof", "no one has claimed: a proof answers a claim"));
            };
            if let Some(s) = round.proofs.first() {
                return Err(rule(
                    "proof",
                    format!(
                        "round {} already has a proof (seq {}): one proof per round",
                        round.number, s.seq
                    ),
                ));
            }
            if higher.by != p {
                let own = match round.claims.iter().find(|c| c.by == p) {
                    Some(c) => format!("{}'s {} is the lower claim", name(p), c.gems),
                    None => format!("{} made no claim", name(p)),
                };
                return Err(rule(
                    "proof",
                    format!(
                        "{own}; {} claimed {}, the higher number, and shows the proof",
                        name(higher.by),
                        higher.gems
                    ),
                ));
            }
            let closes = round.claiming_closes(counter_secs).expect("claimed");
            if at < closes {
                return Err(rule(
                    "proof",
                    format!(
                        "claiming is still open: {} may counterclaim until {} after {}'s claim (seq {}); the proof comes after that",
                        name(1 - p),
                        span(counter_secs),
                        name(p),
                        higher.seq
                    ),
                ));
            }
            proof
                .proof
                .check_offer(round.offer)
                .map_err(|e| rule("offer", e.to_string()))?;
            let target = higher.gems;
            let since = secs_since(closes, at);
            let late = since > proof_secs as i64 * 1000;
            let (result, trace, end) = match play(&round.grid, &proof.proof, true) {
                Ok(o) => (Ok(o.removed), o.trace, Some(o.end)),
                Err(e) => (Err(e.to_string()), Vec::new(), None),
            };
            let mut note = format!(
                "{} shows a proof for {target}: {}",
                name(p),
                match &result {
                    Ok(n) => format!("it removes {n} gem(s)"),
                    Err(e) => format!("it is not legal: {e}"),
                }
            );
            if late {
                note.push_str(&format!(
                    "; shown {} after claiming closed, over the {} allowed",
                    secs_text(since),
                    span(proof_secs)
                ));
            }
            let round = m.current_mut().ok_or_else(no_round)?;
            round.proofs.push(Shown {
                seq,
                at,
                by: p,
                proof: proof.proof.to_string(),
                result,
                trace,
                end,
                late,
            });
            let round = m.current().ok_or_else(no_round)?;
            if let Some(d) = decision(m, round, false) {
                note.push_str(&format!(
                    "; by the rules the round goes to {}: {}",
                    m.name(d.winner),
                    d.reason
                ));
            }
            Ok(note)
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
            let used = round.used();
            for kind in KINDS {
                let pick = pick_of(picks, kind);
                if pick.kind() != kind {
                    return Err(rule(
                        "picks",
                        format!(
                            "{} is {} {} powerup, not a {kind}",
                            pick.name(),
                            if pick.kind() == "active" { "an" } else { "a" },
                            pick.kind()
                        ),
                    ));
                }
                if used.is_some_and(|u| u.contains(&pick)) {
                    return Err(rule(
                        "picks",
                        format!(
                            "{} was used in round {n}'s proof: pick a {kind} not used this round",
                            pick.name()
                        ),
                    ));
                }
            }
            let mut note = format!(
                "{} picks {}, {}, {} for round {}",
                m.players[p],
                picks.starter.name(),
                picks.passive.name(),
                picks.active.name(),
                n + 1
            );
            if used.is_none() {
                note.push_str(&format!(
                    " (round {n} had no legal proof, so any powerup of each type may be picked)"
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
            let c = &m.config;
            let verdict = |what: String, since: i64, secs: u32| {
                let limit = secs as i64 * 1000;
                if since > limit {
                    format!(
                        "; by the clocks {what} has run out ({} elapsed, {} allowed)",
                        secs_text(since),
                        span(secs)
                    )
                } else {
                    format!(
                        "; by the clocks {what} has not run out: {} left of {}",
                        secs_text(limit - since),
                        span(secs)
                    )
                }
            };
            let clocks = match m.current() {
                None => format!(
                    "; no round is in play, so no timer of {} is running",
                    t.player
                ),
                Some(r) => match (r.claims.as_slice(), r.proofs.first()) {
                    (_, Some(s)) => format!(
                        "; the proof was shown at seq {}, so no timer is running",
                        s.seq
                    ),
                    ([], None) => verdict(
                        format!("the round's time to claim (from seq {})", r.seq),
                        secs_since(r.opened, at),
                        c.round_secs,
                    ),
                    (claims, None) => {
                        let first = &claims[0];
                        let higher = r.higher().expect("claimed");
                        let closes = r.claiming_closes(c.counter_secs).expect("claimed");
                        if claims.len() == 1 && at <= closes {
                            if p == first.by {
                                format!(
                                    "; claiming is still open ({} may counterclaim), so {}'s proof time has not started",
                                    m.players[1 - p],
                                    t.player
                                )
                            } else {
                                verdict(
                                    format!("{}'s time to counterclaim", t.player),
                                    secs_since(first.at, at),
                                    c.counter_secs,
                                )
                            }
                        } else if p == higher.by {
                            verdict(
                                format!("{}'s time to show the proof", t.player),
                                secs_since(closes, at),
                                c.proof_secs,
                            )
                        } else {
                            format!(
                                "; no timer of {} is running: the proof is {}'s to show",
                                t.player, m.players[higher.by]
                            )
                        }
                    }
                },
            };
            note.push_str(&clocks);
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
mod tests {
    use super::*;
    use crate::games::{self, MatchState};
    use crate::log::event::{Appeal, AppealDecision, Body, Create, Ruling, Timeout};

    /// The seed's worked example (as in the engine tests).
    const SEED_GRID: &str = "RBGYPRBG\nGYPRBGYP\nPRBGYPRB\nBGYPBRGY\nRPGRRBPR\nYYGRPYBG\nGRPBBGYP";
    /// Removes 16 on `SEED_GRID`.
    const SEED_PROOF: &str = "active plus F4; passive bend; swap F4 F5";
    const SEED_OFFER: &str = "swap,bend,plus";
    /// The end grid of `SEED_PROOF` with its 16 rocks refilled, no 3 in a row.
    const ROUND_2: &str = "YGRBYRPR\nRBGYPRBG\nGYPRBGYP\nPRGYYPRB\nBGPRBYGY\nRPBPPRBG\nGRPBBGYP";

    /// A match driven by bodies, with a clock in seconds.
    struct Table {
        state: MatchState,
        seq: u64,
    }

    fn at(secs: i64) -> DateTime<Utc> {
        DateTime::from_timestamp(1_800_000_000 + secs, 0).unwrap()
    }

    const MIRA: usize = 0;
    const JONAS: usize = 1;

    fn player(p: usize) -> Actor {
        Actor::Player(["mira", "jonas"][p].to_string())
    }
    fn host() -> Actor {
        Actor::Host("kg".into())
    }
    fn grid(text: &str) -> Grid {
        Grid::parse(text).unwrap()
    }
    /// `text` with one cell replaced.
    fn with(text: &str, cell: &str, ch: char) -> String {
        let c: Cell = cell.parse().unwrap();
        let mut rows: Vec<Vec<char>> = text.lines().map(|l| l.chars().collect()).collect();
        rows[c.row()][c.col()] = ch;
        let rows: Vec<String> = rows.into_iter().map(|r| r.into_iter().collect()).collect();
        rows.join("\n")
    }

    impl Table {
        fn new() -> Table {
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
        fn seed() -> Table {
            let mut t = Table::new();
            t.round(0, 1, SEED_GRID, SEED_OFFER).unwrap();
            t
        }
        fn m(&self) -> &Match {
            match &self.state {
                MatchState::Bejeweled(m) => m,
                other => panic!("a bejeweled table holds a {:?} match", other.game()),
            }
        }
        fn last(&self) -> &Round {
            self.m().rounds.last().unwrap()
        }
        fn act(&mut self, secs: i64, actor: Actor, body: Body) -> Result<String, RuleError> {
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
        fn round(&mut self, secs: i64, n: u32, g: &str, offer: &str) -> Result<String, RuleError> {
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
        fn claim(&mut self, secs: i64, p: usize, gems: u32) -> Result<String, RuleError> {
            self.act(
                secs,
                player(p),
                Body::Claim(games::Claim::Bejeweled(Claim { gems })),
            )
        }
        fn prove(&mut self, secs: i64, p: usize, proof: &str) -> Result<String, RuleError> {
            let proof = proof.parse().unwrap();
            self.act(
                secs,
                player(p),
                Body::Proof(games::Proof::Bejeweled(Proof { proof })),
            )
        }
        /// Picks as `starter passive active`.
        fn pick(&mut self, secs: i64, p: usize, picks: &str) -> Result<String, RuleError> {
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
        fn rule(&mut self, secs: i64, n: u32, winner: Option<usize>) -> Result<String, RuleError> {
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
        fn timeout(&mut self, secs: i64, p: usize) -> Result<String, RuleError> {
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
        fn verdict_open(&self) -> Option<Decision> {
            self.m().decision(self.last(), false)
        }
        /// The rules' verdict on the last round with nothing more to come.
        fn verdict(&self) -> Option<usize> {
            self.m().decision(self.last(), true).and_then(|d| d.winner)
        }
        /// Round 1 of the seed: mira claims 15, no counterclaim, proves 16.
        fn seed_won_by_mira() -> Table {
            let mut t = Table::seed();
            t.claim(10, MIRA, 15).unwrap();
            t.prove(60, MIRA, SEED_PROOF).unwrap();
            t
        }
    }

    #[test]
    fn the_seeds_round_claim_15_no_counter_removes_16_and_wins() {
        let mut t = Table::seed();
        assert_eq!(t.verdict_open(), None, "nothing decided before a claim");
        let note = t.claim(10, MIRA, 15).unwrap();
        assert!(note.contains("jonas may counterclaim"), "{note}");
        let note = t.prove(60, MIRA, SEED_PROOF).unwrap();
        assert!(note.contains("removes 16 gem(s)"), "{note}");
        assert!(note.contains("mira claimed 15 and removed 16"), "{note}");
        let shown = &t.last().proofs[0];
        assert_eq!(shown.result, Ok(16));
        assert!(!shown.late);
        assert_eq!(shown.end.unwrap().rocks(), 16);
        assert!(shown.trace.iter().any(|s| s.what == "gravity"));
        let d = t.verdict_open().unwrap();
        assert_eq!(
            d.winner,
            Some(MIRA),
            "decided as soon as the proof is shown"
        );
        let note = t.rule(70, 1, Some(MIRA)).unwrap();
        assert!(note.contains("the rules agree"), "{note}");
        assert!(note.contains("mira 1–0 jonas"), "{note}");
        assert_eq!(t.m().score(), [1, 0]);
        assert_eq!(t.m().score_by_rules(), [1, 0]);
        let e = t.rule(71, 1, Some(JONAS)).unwrap_err();
        assert!(e.message.contains("already ruled (seq 4)"), "{}", e.message);
    }

    #[test]
    fn a_higher_counterclaim_in_time_that_falls_short_gives_the_first_claimer_the_round() {
        let mut t = Table::seed();
        t.claim(10, MIRA, 15).unwrap();
        let note = t.claim(40, JONAS, 17).unwrap();
        assert!(note.contains("30.0 s after mira's 15"), "{note}");
        assert!(note.contains("claiming is closed"), "{note}");
        // Claiming closed at the counterclaim: jonas may prove at once.
        let note = t.prove(41, JONAS, SEED_PROOF).unwrap();
        assert!(
            note.contains("jonas claimed 17 and removed only 16"),
            "{note}"
        );
        assert_eq!(t.verdict(), Some(MIRA));
    }

    #[test]
    fn late_low_and_third_claims_are_errors() {
        let mut t = Table::seed();
        t.claim(10, MIRA, 15).unwrap();
        let e = t.claim(41, JONAS, 17).unwrap_err();
        assert_eq!(e.rule, "claim");
        assert!(
            e.message.contains("31.0 s after mira's claim"),
            "{}",
            e.message
        );
        let e = t.claim(20, JONAS, 15).unwrap_err();
        assert!(
            e.message.contains("higher than mira's 15, not 15"),
            "{}",
            e.message
        );
        let e = t.claim(20, MIRA, 16).unwrap_err();
        assert!(
            e.message.contains("mira already claimed 15"),
            "{}",
            e.message
        );
        t.claim(25, JONAS, 17).unwrap();
        let e = t.claim(30, MIRA, 18).unwrap_err();
        assert!(
            e.message.contains("no counterclaim to a counterclaim"),
            "{}",
            e.message
        );
        assert_eq!(t.last().claims.len(), 2);
        let e = t.claim(30, JONAS, 19).unwrap_err();
        assert!(e.message.contains("no counterclaim to a counterclaim"));
    }

    #[test]
    fn a_first_claim_must_be_positive_and_within_ten_minutes() {
        let mut t = Table::seed();
        assert!(t
            .claim(5, MIRA, 0)
            .unwrap_err()
            .message
            .contains("at least 1"));
        let e = t.claim(601, MIRA, 3).unwrap_err();
        assert!(
            e.message
                .contains("no claim came within 10 minutes: the host wins the round"),
            "{}",
            e.message
        );
        assert!(t.claim(600, MIRA, 3).is_ok(), "600 s is still in time");
    }

    #[test]
    fn only_the_higher_claimer_proves_and_only_after_claiming_closes() {
        let mut t = Table::seed();
        let e = t.prove(5, MIRA, SEED_PROOF).unwrap_err();
        assert!(e.message.contains("no one has claimed"), "{}", e.message);
        t.claim(10, MIRA, 15).unwrap();
        let e = t.prove(20, MIRA, SEED_PROOF).unwrap_err();
        assert!(
            e.message
                .contains("claiming is still open: jonas may counterclaim"),
            "{}",
            e.message
        );
        let e = t.prove(45, JONAS, SEED_PROOF).unwrap_err();
        assert!(e.message.contains("jonas made no claim"), "{}", e.message);
        let mut t = Table::seed();
        t.claim(10, MIRA, 15).unwrap();
        t.claim(20, JONAS, 16).unwrap();
        let e = t.prove(30, MIRA, SEED_PROOF).unwrap_err();
        assert_eq!(e.rule, "proof");
        assert!(
            e.message
                .contains("mira's 15 is the lower claim; jonas claimed 16"),
            "{}",
            e.message
        );
        t.prove(30, JONAS, SEED_PROOF).unwrap();
        assert_eq!(t.verdict(), Some(JONAS), "16 proves a claim of 16");
        let e = t.prove(31, JONAS, SEED_PROOF).unwrap_err();
        assert!(e.message.contains("one proof per round"), "{}", e.message);
        let e = t.claim(32, MIRA, 20).unwrap_err();
        assert!(e.message.contains("claiming is over"), "{}", e.message);
    }

    #[test]
    fn a_proof_using_a_powerup_not_offered_is_an_error() {
        let mut t = Table::new();
        t.round(0, 1, SEED_GRID, "swap,bend,column").unwrap();
        t.claim(10, MIRA, 15).unwrap();
        let e = t.prove(60, MIRA, SEED_PROOF).unwrap_err();
        assert_eq!(e.rule, "offer");
        assert!(e.message.contains("plus is not offered"), "{}", e.message);
        assert!(t.last().proofs.is_empty());
    }

    #[test]
    fn an_illegal_proof_is_recorded_and_loses() {
        let mut t = Table::seed();
        t.claim(10, MIRA, 15).unwrap();
        let note = t
            .prove(60, MIRA, "active plus F4; passive bend; swap F4 F6")
            .unwrap();
        assert!(note.contains("not legal"), "{note}");
        let shown = &t.last().proofs[0];
        assert!(
            shown
                .result
                .as_ref()
                .unwrap_err()
                .contains("not side by side"),
            "{:?}",
            shown.result
        );
        assert_eq!(shown.end, None);
        assert!(shown.trace.is_empty());
        assert_eq!(t.verdict(), Some(JONAS));
        assert!(note.contains("the round goes to jonas"), "{note}");
    }

    #[test]
    fn a_late_proof_loses_even_when_it_removes_enough() {
        let mut t = Table::seed();
        t.claim(10, MIRA, 15).unwrap();
        // Claiming closes at 40 s; the proof is due by 160 s.
        let note = t.prove(161, MIRA, SEED_PROOF).unwrap();
        assert!(note.contains("121.0 s after claiming closed"), "{note}");
        assert!(t.last().proofs[0].late);
        assert_eq!(t.last().proofs[0].result, Ok(16));
        let d = t.verdict_open().unwrap();
        assert_eq!(d.winner, Some(JONAS));
        assert!(
            d.reason.contains("over the 2 minutes allowed"),
            "{}",
            d.reason
        );
    }

    #[test]
    fn no_proof_by_the_ruling_loses_the_round() {
        let mut t = Table::seed();
        t.claim(10, MIRA, 15).unwrap();
        assert_eq!(t.verdict_open(), None, "the proof may still come");
        let note = t.rule(200, 1, Some(JONAS)).unwrap();
        assert!(
            note.contains("the rules agree: mira showed no proof within 2 minutes"),
            "{note}"
        );
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
        assert!(note.contains("16 rock(s) refilled"), "{note}");
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
            e.message.contains("no legal proof was shown"),
            "{}",
            e.message
        );
        let note = t.round(100, 2, SEED_GRID, "swap,bend,plus").unwrap();
        assert!(note.contains("0 rock(s) refilled"), "{note}");
    }

    #[test]
    fn picks_exclude_the_used_powerups_and_must_be_of_their_type() {
        let mut t = Table::seed();
        t.claim(10, MIRA, 15).unwrap();
        let e = t.pick(20, MIRA, "rotate chain column").unwrap_err();
        assert!(
            e.message.contains("after round 1's proof or ruling"),
            "{}",
            e.message
        );
        t.prove(60, MIRA, SEED_PROOF).unwrap();
        let e = t.pick(70, MIRA, "swap chain column").unwrap_err();
        assert_eq!(e.rule, "picks");
        assert!(
            e.message.contains("swap was used in round 1's proof"),
            "{}",
            e.message
        );
        let e = t.pick(70, MIRA, "rotate bend column").unwrap_err();
        assert!(e.message.contains("bend was used"), "{}", e.message);
        let e = t.pick(70, MIRA, "plus chain column").unwrap_err();
        assert!(
            e.message
                .contains("plus is an active powerup, not a starter"),
            "{}",
            e.message
        );
        let note = t.pick(70, MIRA, "rotate chain column").unwrap();
        assert!(
            note.contains("mira picks rotate, chain, column for round 2"),
            "{note}"
        );
        let e = t.pick(71, MIRA, "pick chain column").unwrap_err();
        assert!(e.message.contains("already posted picks"), "{}", e.message);
        assert_eq!(
            t.last().picks[MIRA].as_ref().map(|p| p.starter),
            Some(Powerup::Rotate)
        );
    }

    #[test]
    fn without_a_legal_proof_any_pick_of_the_type_is_allowed() {
        let mut t = Table::seed();
        t.rule(30, 1, None).unwrap();
        let note = t.pick(40, JONAS, "swap bend plus").unwrap();
        assert!(note.contains("no legal proof"), "{note}");
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
    fn timeouts_note_which_timer_and_whether_it_ran_out() {
        let mut t = Table::seed();
        let note = t.timeout(300, MIRA).unwrap();
        assert!(note.contains("time to claim"), "{note}");
        assert!(note.contains("has not run out: 300.0 s left"), "{note}");
        let note = t.timeout(601, JONAS).unwrap();
        assert!(note.contains("has run out (601.0 s elapsed"), "{note}");
        t.claim(610, MIRA, 15).unwrap_err();
        let mut t = Table::seed();
        t.claim(10, MIRA, 15).unwrap();
        let note = t.timeout(20, JONAS).unwrap();
        assert!(
            note.contains("jonas's time to counterclaim has not run out"),
            "{note}"
        );
        let note = t.timeout(20, MIRA).unwrap();
        assert!(note.contains("proof time has not started"), "{note}");
        let note = t.timeout(161, MIRA).unwrap();
        assert!(
            note.contains("mira's time to show the proof has run out (121.0 s elapsed"),
            "{note}"
        );
        let note = t.timeout(161, JONAS).unwrap();
        assert!(note.contains("the proof is mira's to show"), "{note}");
        assert!(t
            .act(
                5,
                player(MIRA),
                Body::Timeout(Timeout {
                    player: "jonas".into(),
                    note: String::new(),
                })
            )
            .is_err());
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
