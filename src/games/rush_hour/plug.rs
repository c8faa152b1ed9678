//! Traffic Jam in the registry: what the pages, the verifier and the chat
//! import ask of it beside its rules ([`Plug`]), each part delegated to the
//! file that owns it (`view`, `check`, `chart`, `chat`, `notation`,
//! `drawing`).
//!
//! Imports nothing from `log/`, `web/`, `import/` or `verify.rs`.

use std::time::Duration;

use super::rules::{Challenge, Claim, Match, Proof, RushHour};
use super::{chart, chat, check, drawing, notation, view};
use crate::findings::Finding;

use crate::games::series::Chart;
use crate::games::{ChatReaders, Event, Plug, RoundsByRules, View};

impl Plug for RushHour {
    const TITLE: &'static str = "Traffic Jam (Rush Hour)";
    const RULES: &'static str = include_str!("../../../docs/rules/rush-hour.md");
    const IN_ROUNDS: bool = true;
    const CHAT: Option<ChatReaders> = Some(ChatReaders {
        host: chat::read_host,
        player: notation::read_player_message,
        open: chat::open,
    });

    fn view(m: &Match) -> View {
        view::view(m)
    }

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

    fn chart(_limit: Option<Duration>) -> Option<Box<dyn Chart<Match>>> {
        Some(Box::new(chart::Fold::default()))
    }

    fn findings(m: &Match, _limit: Option<Duration>) -> Vec<Finding> {
        check::findings(m)
    }

    fn in_play(m: &Match) -> bool {
        m.rounds.current().is_some()
    }

    fn started(m: &Match) -> bool {
        !m.rounds.is_empty()
    }

    fn last_loser(m: &Match) -> Option<usize> {
        let r = m.rounds.last()?;
        r.ruled.as_ref()?.standing().map(|w| 1 - w)
    }

    fn reserves(m: &Match) -> Option<[i64; 2]> {
        Some(m.reserve_ms)
    }

    fn rounds_by_rules(m: &Match) -> Option<RoundsByRules> {
        Some(RoundsByRules::of(&m.rounds, |r| {
            r.decision(true, &m.players)
        }))
    }

    fn join_proofs(first: &mut Proof, more: &Proof) -> bool {
        first.moves.extend(more.moves.iter().cloned());
        true
    }

    fn board_evidence(m: &Match, text: &str) -> Option<Result<Vec<String>, String>> {
        drawing::evidence(text, m)
    }

    fn doubts(m: &Match) -> Vec<(u64, String)> {
        check::doubts(m)
    }
}
