//! Dodgem in the registry: what the pages, the verifier and the chat
//! import ask of it beside its rules ([`Plug`]): the solved tables'
//! analysis and its note while a big board's tables are built (`view`,
//! `shelf`), and the words of its chat (`notation`, `player`).
//!
//! Imports nothing from `log/`, `web/`, `import/` or `verify.rs`.

use std::time::Duration;

use super::rules::{Dodgem, Match};
use super::{notation, player, shelf, view};
use crate::findings::Finding;
use crate::games::chat::host;
use crate::games::{Analysis, AnalysisNote, ChatReaders, Event, MoveMark, Plug, View};

impl Plug for Dodgem {
    const TITLE: &'static str = "Dodgem";
    const CHAT: Option<ChatReaders> = Some(ChatReaders {
        host: |text, ctx| host::read(text, ctx, &notation::HOST_WORDS),
        player: player::read_player_message,
        open: notation::open,
    });

    fn view(m: &Match) -> View {
        view::view(m)
    }

    fn analysis(m: &Match) -> Option<Analysis> {
        view::analysis(m)
    }

    fn analysis_note(m: &Match) -> Option<AnalysisNote> {
        view::analysis_note(m)
    }

    fn move_mark(m: &Match, name: &str) -> Option<MoveMark> {
        view::move_mark(m, name)
    }

    /// Tables arrive for Dodgem alone: built in the background or found
    /// saved.
    fn analysis_generation() -> u64 {
        shelf::shelf().generation()
    }

    fn describe(event: &Event<'_, Self>) -> Option<String> {
        match event {
            Event::RoundStart(s) => Some(format!("{} plays blue", s.blue)),
            Event::Place(p) => Some(p.mv.clone()),
            _ => None,
        }
    }

    fn findings(m: &Match, _limit: Option<Duration>) -> Vec<Finding> {
        view::findings(m)
    }

    fn in_play(m: &Match) -> bool {
        m.blue.is_some() && !m.ending.is_over()
    }

    fn started(m: &Match) -> bool {
        m.blue.is_some()
    }
}
