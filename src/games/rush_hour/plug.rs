//! Traffic Jam in the registry: what the pages, the verifier and the chat
//! import ask of it beside its rules ([`Plug`]), each part delegated to the
//! file that owns it (`view`, `check`, `chart`, `chat`, `notation`,
//! `drawing`).
//!
//! Imports nothing from `log/`, `web/`, `import/` or `verify.rs`.

use super::rules::{Challenge, Claim, Match, Proof, RushHour};
use super::{chart, chat, check, drawing, notation, view};
use crate::games::{plug, Event, Plug, RoundsByRules};

impl Plug for RushHour {
    const TITLE: &'static str = "Traffic Jam (Rush Hour)";
    const RULES: &'static str = include_str!("../../../docs/rules/rush-hour.md");
    plug::parts_from_files!();
    plug::in_rounds!();

    fn describe(event: &Event<'_, Self>) -> Option<String> {
        Some(match event {
            Event::RoundStart(r) => notation::describe_setup(r),
            Event::Place(p) => notation::describe_placement(p),
            Event::Claim(Claim::Finished) => "finished".to_string(),
            Event::Challenge(Challenge::Impossible) => "impossible".to_string(),
            Event::Proof(p) => notation::print_solution(&p.moves)
                .lines()
                .collect::<Vec<_>>()
                .join("; "),
            _ => return None,
        })
    }

    fn last_loser(m: &Match) -> Option<usize> {
        let r = m.rounds.last()?;
        r.ruled.as_ref()?.standing().map(|w| 1 - w)
    }

    fn reserves(m: &Match) -> Option<[i64; 2]> {
        Some(m.reserve_ms)
    }

    fn rounds_by_rules(m: &Match) -> Option<RoundsByRules> {
        let rounds = RoundsByRules::of(&m.rounds, |r| r.decision(true, &m.players));
        Some(rounds.forfeited(m.lost_on_time.map(|(p, _)| p)))
    }

    fn join_proofs(first: &mut Proof, more: &Proof) -> bool {
        first.moves.extend(more.moves.iter().cloned());
        true
    }

    fn doubts(m: &Match) -> Vec<(u64, String)> {
        check::doubts(m)
    }
}
