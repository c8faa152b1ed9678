//! Duorail in the registry: what the pages, the verifier and the chat
//! import ask of it beside its rules ([`Plug`]), each part delegated to the
//! file that owns it (`view`, `check`, `chart`, `chat`, `drawing`).
//!
//! Imports nothing from `log/`, `web/`, `import/` or `verify.rs`.

use super::rules::{Duorail, Match, Phase};
use super::{chart, chat, check, drawing, view};
use crate::event::Body;
use crate::games::chat::ChatContext;
use crate::games::{plug, Event, Plug, RoundsByRules};

impl Plug for Duorail {
    const TITLE: &'static str = "Duorail";
    const RULES: &'static str = include_str!("../../../docs/rules/duorail.md");

    plug::parts_from_files!();

    fn describe(event: &Event<'_, Self>) -> Option<String> {
        Some(match event {
            Event::RoundStart(s) => format!("{} plays blue and moves first", s.blue),
            Event::Place(p) => format!("{} {} ({})", p.cell, p.piece.exits, p.piece.color.name()),
            Event::Claim(never) => match **never {},
            Event::Challenge(c) => format!("impossible for {}", c.color.name()),
            Event::Proof(p) => p.track.to_string(),
            _ => return None,
        })
    }

    fn in_play(m: &Match) -> bool {
        m.blue.is_some() && m.ending.ruled.is_none()
    }

    fn started(m: &Match) -> bool {
        m.blue.is_some()
    }

    fn reserves(m: &Match) -> Option<[i64; 2]> {
        m.reserve_ms()
    }

    /// The bank backs a turn's minute only while placing: the 5 minutes to
    /// show a track after a challenge, or in the endgame, have none.
    fn reserve_follows(m: &Match) -> bool {
        m.reserve_ms().is_some() && matches!(m.phase, Phase::Playing)
    }

    /// One game, but decided as it stands when nothing more comes: a game
    /// not closed by a ruling goes to the player the rules name now.
    fn rounds_by_rules(m: &Match) -> Option<RoundsByRules> {
        let winner = m
            .ending
            .by_rules
            .clone()
            .or_else(|| m.decision(true))
            .and_then(|d| d.winner);
        Some(RoundsByRules {
            rounds: vec![(1, winner)],
            to_win: 1,
            forfeit: None,
        })
    }

    /// A piece or challenge written without its color ("E5 UR",
    /// "impossible for you") is in the speaker's colors, which only the
    /// setup says.
    fn settle(body: Body, text: &str, seat: usize, m: &Match, players: &[String]) -> Body {
        match m.blue {
            Some(blue) => {
                let ctx = ChatContext::new(players, 1);
                chat::settle_colors(body, text, seat, blue, &ctx)
            }
            None => body,
        }
    }
}
