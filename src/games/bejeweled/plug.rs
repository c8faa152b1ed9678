//! Bejeweled in the registry: what the pages, the verifier and the chat
//! import ask of it beside its rules ([`Plug`]), each part delegated to the
//! file that owns it (`view`, `check`, `chart`, `chat`, `drawing`).
//!
//! Imports nothing from `log/`, `web/`, `import/` or `verify.rs`.

use super::rules::{Bejeweled, Match};
use super::{chart, chat, check, drawing, view};
use crate::event::Body;
use crate::games::{plug, Event, Plug, ProofSteps, RoundsByRules};

impl Plug for Bejeweled {
    const TITLE: &'static str = "Bejeweled";
    const RULES: &'static str = include_str!("../../../docs/rules/bejeweled.md");
    const PROOF_STEPS: ProofSteps = ProofSteps {
        unit: "Cascade step",
        counted: ("gem removed so far", "gems removed so far"),
    };
    // `limit` bounds each round's best-claim search (chart and findings).
    plug::parts_from_files!();
    plug::in_rounds!();

    fn describe(event: &Event<'_, Self>) -> Option<String> {
        Some(match event {
            Event::RoundStart(s) => format!("round {}: offered {}", s.round, s.offer),
            Event::Place(p) => format!(
                "picks for the next round: {}, {}, {}",
                p.starter.name(),
                p.passive.name(),
                p.active.name()
            ),
            Event::Claim(c) => format!("claims {}", c.gems),
            Event::Challenge(never) => match **never {},
            Event::Proof(p) => p.proof.to_string(),
            _ => return None,
        })
    }

    fn rounds_by_rules(m: &Match) -> Option<RoundsByRules> {
        Some(RoundsByRules::of(&m.rounds, |r| {
            r.by_rules.clone().or_else(|| m.decision(r, true))
        }))
    }

    /// A pick is for the next round, posted before it opens.
    fn opens_before(body: &Body) -> bool {
        !matches!(body, Body::Place(_))
    }
}
