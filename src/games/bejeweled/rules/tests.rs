//! A match driven event by event (`Table`), shared with the tests of
//! `claims`.
//!
//! Imports this game's rules, the event vocabulary and `engine::table`:
//! no other game, nothing from `log/`, `web/`, `import/` or `verify.rs`.

use super::*;
use crate::event::{Body, Ruling, Scope};
use crate::games::engine::table;
pub(crate) use crate::games::engine::table::{at, host, player, refused, says, JONAS, MIRA};
use crate::games::{self, MatchState, Noted};

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
pub(crate) type Table = table::Table<Bejeweled>;

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
        Table::create(games::GameConfig::Bejeweled(Config::default()))
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
    pub(crate) fn round(&mut self, secs: i64, n: u32, g: &str, offer: &str) -> Noted {
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
    pub(crate) fn claim(&mut self, secs: i64, p: usize, gems: u32) -> Noted {
        self.posts(
            secs,
            p,
            Body::Claim(games::Claim::Bejeweled(Claim { gems })),
        )
    }
    pub(crate) fn prove(&mut self, secs: i64, p: usize, proof: &str) -> Noted {
        let proof = proof.parse().unwrap();
        self.posts(
            secs,
            p,
            Body::Proof(games::Proof::Bejeweled(Proof { proof })),
        )
    }
    /// Picks as `starter passive active`.
    pub(crate) fn pick(&mut self, secs: i64, p: usize, picks: &str) -> Noted {
        let w: Vec<Powerup> = picks
            .split_whitespace()
            .map(|x| Powerup::parse(x).unwrap())
            .collect();
        let picks = Picks {
            starter: w[0],
            passive: w[1],
            active: w[2],
        };
        self.posts(secs, p, Body::Place(games::Placement::Bejeweled(picks)))
    }
    /// The rules' verdict on the last round so far (not closed).
    pub(crate) fn verdict_open(&self) -> Option<Decision> {
        self.m().decision(self.last(), false)
    }
    /// The rules' verdict on the last round so far: `winner`, for a
    /// reason that says `why`.
    pub(crate) fn decides(&self, winner: Option<usize>, why: &str) {
        let d = self.verdict_open().unwrap();
        assert_eq!(d.winner, winner, "{}", d.reason);
        says(&d.reason, &[why]);
    }
    /// The rules' verdict on the last round with nothing more to come.
    pub(crate) fn verdict(&self) -> Option<usize> {
        self.m().decision(self.last(), true).and_then(|d| d.winner)
    }
    /// Round 1 of the seed: mira claims 15 at 10 s.
    pub(crate) fn claimed() -> Table {
        let mut t = Table::seed();
        t.claim(10, MIRA, 15).unwrap();
        t
    }
    /// Round 1 of the seed: mira claims 15, no counterclaim, proves 16.
    pub(crate) fn seed_won_by_mira() -> Table {
        let mut t = Table::claimed();
        t.prove(60, MIRA, SEED_PROOF).unwrap();
        t
    }
}

#[test]
fn no_claim_and_a_host_ruling_the_host_wins() {
    let mut t = Table::seed();
    let note = t.rule(601, Scope::Round(1), None).unwrap();
    says(
        &note,
        &[
            "round 1 to no player (the host)",
            "the rules agree: no claim within 10 minutes",
        ],
    );
    let d = t.last().by_rules.clone().unwrap();
    assert_eq!(d.winner, None);
    assert_eq!(t.m().rounds.score(), [0, 0]);
    let e = t.claim(602, MIRA, 5).unwrap_err();
    says(&e.message, &["no round is in progress"]);
}

#[test]
fn carry_over_refills_only_rocks_without_lines() {
    let mut t = Table::seed_won_by_mira();
    t.rule(70, Scope::Round(1), Some(MIRA)).unwrap();
    // A changed gem cell (E2 was purple) is named.
    refused(
        t.round(100, 2, &with(ROUND_2, "E2", 'R'), "swap,bend,plus"),
        "carry-over",
        &["E2 was purple and is red", "round 1's proof (seq 3)"],
    );
    // A refill (F4 was a rock) that makes D4 E4 F4 yellow.
    refused(
        t.round(100, 2, &with(ROUND_2, "F4", 'Y'), "swap,bend,plus"),
        "grid",
        &["D4 E4 F4 are three yellow"],
    );
    let note = t.round(100, 2, ROUND_2, "swap,bend,plus").unwrap();
    says(
        &note,
        &[
            "16 rocks refilled",
            "mira and jonas posted no picks in round 1",
        ],
    );
    assert_eq!(t.last().grid, grid(ROUND_2));
}

#[test]
fn without_a_legal_proof_the_previous_grid_carries_over() {
    let mut t = Table::claimed();
    t.prove(60, MIRA, "active plus F4; passive bend; swap F4 F6")
        .unwrap();
    t.rule(70, Scope::Round(1), Some(JONAS)).unwrap();
    assert!(t.round(100, 2, ROUND_2, "swap,bend,plus").is_err());
    let e = t
        .round(100, 2, &with(SEED_GRID, "A1", 'Y'), "swap,bend,plus")
        .unwrap_err();
    says(
        &e.message,
        &[
            "A1 was red and is yellow",
            "no legal proof counts: the proof at seq 3 is not legal",
        ],
    );
    let note = t.round(100, 2, SEED_GRID, "swap,bend,plus").unwrap();
    says(&note, &["0 rocks refilled"]);
}

#[test]
fn the_grid_carries_over_from_the_proof_that_counts() {
    // A legal proof corrected in time into an illegal one: the illegal
    // one counts, so the round's own grid carries over.
    let mut t = Table::claimed();
    t.prove(60, MIRA, SEED_PROOF).unwrap();
    t.prove(70, MIRA, "active plus F4; passive bend; swap F4 F6")
        .unwrap();
    t.rule(80, Scope::Round(1), Some(JONAS)).unwrap();
    let e = t.round(100, 2, ROUND_2, SEED_OFFER).unwrap_err();
    says(&e.message, &["the proof at seq 4 is not legal"]);
    t.round(100, 2, SEED_GRID, SEED_OFFER).unwrap();
}

#[test]
fn every_round_grid_is_filled_with_gems_and_every_rock_is_refilled() {
    let mut t = Table::new();
    refused(
        t.round(0, 1, &with(SEED_GRID, "A1", '#'), SEED_OFFER),
        "grid",
        &["A1 is a rock: a round's grid is filled with gems"],
    );
    let mut t = Table::seed_won_by_mira();
    // F4 was a rock at the end of the proof and is left one.
    refused(
        t.round(100, 2, &with(ROUND_2, "F4", '#'), SEED_OFFER),
        "carry-over",
        &["F4 is still a rock at the end of round 1's proof (seq 3): every rock is refilled"],
    );
    // A7 was a gem: a rock there is a changed cell.
    let e = t
        .round(100, 2, &with(ROUND_2, "A7", '#'), SEED_OFFER)
        .unwrap_err();
    says(&e.message, &["A7 was green and is a rock"]);
}

#[test]
fn picks_exclude_the_powerups_offered_this_round_and_must_be_of_their_type() {
    let mut t = Table::claimed();
    let e = t.pick(20, MIRA, "rotate chain column").unwrap_err();
    says(&e.message, &["after round 1's proof or ruling"]);
    t.prove(60, MIRA, SEED_PROOF).unwrap();
    // Offered: swap, bend, plus.
    let e = t.pick(70, MIRA, "swap chain column").unwrap_err();
    assert_eq!(e.rule, "picks");
    assert_eq!(
        e.message,
        "swap was offered in round 1: pick a starter that round 1 did not offer (pick or rotate)"
    );
    let e = t.pick(70, MIRA, "rotate bend column").unwrap_err();
    says(&e.message, &["bend was offered in round 1: pick a passive that round 1 did not offer (recolor or chain)"]);
    // The seed: "if A-Plus was the only available active powerup, then
    // players can choose either A-Column or A-Refresh".
    let e = t.pick(70, MIRA, "rotate chain plus").unwrap_err();
    says(&e.message, &["(column or refresh)"]);
    let e = t.pick(70, MIRA, "plus chain column").unwrap_err();
    assert_eq!(
        e.message,
        "plus is an active powerup, not a starter: pick a starter that round 1 did not offer (pick or rotate)"
    );
    let note = t.pick(70, MIRA, "rotate chain column").unwrap();
    assert_eq!(note, "mira picks rotate, chain, column for round 2");
    let e = t.pick(71, MIRA, "pick chain column").unwrap_err();
    says(&e.message, &["already posted picks"]);
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
    t.rule(30, Scope::Round(1), None).unwrap();
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
    t.rule(30, Scope::Round(1), None).unwrap();
    let e = t.pick(40, MIRA, "plus chain column").unwrap_err();
    assert_eq!(
        e.message,
        "plus is an active powerup, not a starter: round 1 offered all three starters (pick, swap, rotate), so any of them may be picked"
    );
    let note = t.pick(40, MIRA, "swap chain column").unwrap();
    says(
        &note,
        &["(round 1 offered all three starters, so any starter may be picked)"],
    );
}

#[test]
fn the_offer_follows_equal_and_different_picks() {
    let mut t = Table::seed_won_by_mira();
    t.pick(70, MIRA, "rotate chain column").unwrap();
    t.pick(75, JONAS, "rotate recolor column").unwrap();
    t.rule(80, Scope::Round(1), Some(MIRA)).unwrap();
    refused(
        t.round(100, 2, ROUND_2, "rotate,pick,chain,recolor,column"),
        "offer",
        &["pick is offered but not picked"],
    );
    let e = t.round(100, 2, ROUND_2, "rotate,chain,column").unwrap_err();
    says(&e.message, &["recolor is picked but not offered"]);
    let e = t
        .round(100, 2, ROUND_2, "rotate,chain,recolor,column,refresh")
        .unwrap_err();
    says(&e.message, &["refresh is offered"]);
    let note = t
        .round(100, 2, ROUND_2, "rotate,chain,recolor,column")
        .unwrap();
    says(&note, &["follows both players' picks"]);
    assert_eq!(t.last().offer.to_string(), "rotate,recolor,chain,column");
}

#[test]
fn a_round_needs_a_complete_offer_and_a_grid_without_lines() {
    let mut t = Table::new();
    refused(
        t.round(0, 1, SEED_GRID, "swap,plus"),
        "offer",
        &["no passive powerup"],
    );
    // A5 B5 C5 red in a row.
    refused(
        t.round(
            0,
            1,
            &with(&with(SEED_GRID, "B5", 'R'), "C5", 'R'),
            SEED_OFFER,
        ),
        "grid",
        &["A5 B5 C5 are three red"],
    );
    let e = t.round(0, 2, SEED_GRID, SEED_OFFER).unwrap_err();
    says(&e.message, &["the next round is 1, not 2"]);
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
    says(&e.message, &["only the host may open a round"]);
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
    assert_eq!(t.m().rounds.score_by_rules(), [1, 0]);
    assert_eq!(t.m().rounds.score(), [0, 0]);
    let e = t.rule(110, Scope::Round(1), Some(MIRA)).unwrap_err();
    says(&e.message, &["round 1 is not the round in play"]);
}

#[test]
fn pass_is_an_error() {
    let mut t = Table::seed();
    refused(
        t.act(5, player(MIRA), Body::Pass),
        "pass",
        &["claims or does nothing"],
    );
}

#[test]
fn first_to_four_ends_the_match() {
    let mut t = Table::new();
    for n in 1..=4u32 {
        let secs = n as i64 * 1000;
        t.round(secs, n, SEED_GRID, SEED_OFFER).unwrap();
        let note = t.rule(secs + 10, Scope::Round(n), Some(MIRA)).unwrap();
        says(
            &note,
            &["by the rules the round goes to no player (the host)"],
        );
        if n == 4 {
            assert!(
                note.ends_with("mira 4–0 jonas; mira wins the match"),
                "{note}"
            );
        }
    }
    assert_eq!(t.m().rounds.winner(), Some(MIRA));
    assert_eq!(t.m().rounds.score_by_rules(), [0, 0]);
    let e = t.round(5000, 5, SEED_GRID, SEED_OFFER).unwrap_err();
    assert_eq!(e.rule, "match");
    let e = t.pick(5000, JONAS, "pick chain column").unwrap_err();
    says(&e.message, &["the match is decided"]);
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
    assert_eq!(t.m().rounds.winner(), Some(JONAS));
    assert!(t.round(200, 2, ROUND_2, SEED_OFFER).is_err());
}

#[test]
fn an_appeal_overturns_a_round() {
    let mut t = Table::seed();
    t.claim(10, MIRA, 17).unwrap();
    t.prove(60, MIRA, SEED_PROOF).unwrap();
    // The host wrongly gives mira the round: 16 is short of 17.
    let note = t.rule(70, Scope::Round(1), Some(MIRA)).unwrap();
    says(
        &note,
        &["by the rules the round goes to jonas: mira claimed 17 and removed only 16"],
    );
    let ruling_seq = t.seq;
    let e = t.appeal(80, JONAS, 2, "x").unwrap_err();
    says(&e.message, &["seq 2 is not a ruling"]);
    t.appeal(80, JONAS, ruling_seq, "16 is less than 17")
        .unwrap();
    let appeal_seq = t.seq;
    let note = t.decide(90, host(), appeal_seq, Some(Some(JONAS))).unwrap();
    says(&note, &["now goes to jonas; score mira 0–1 jonas"]);
    assert_eq!(t.m().rounds.score(), [0, 1]);
    assert_eq!(t.last().ruled.as_ref().unwrap().standing(), Some(JONAS));
    let e = t.decide(95, host(), appeal_seq, None).unwrap_err();
    says(&e.message, &["was decided at seq"]);
}
