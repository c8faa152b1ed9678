//! The permutation game in the registry: what the pages, the verifier and
//! the chat import ask of it beside its rules ([`Plug`]): part 2's exact
//! best play (`view`) and the words of its chat (`notation`, `player`).
//!
//! Imports nothing from `log/`, `web/`, `import/` or `verify.rs`.

use std::time::Duration;

use super::rules::{Match, Permutation};
use super::{notation, player, view};
use crate::findings::Finding;
use crate::games::chat::host;
use crate::games::{Analysis, ChatReaders, Event, MoveMark, Plug, View};

impl Plug for Permutation {
    const TITLE: &'static str = "Multiplications Within The Permutation";
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

    fn move_mark(m: &Match, x: &str) -> Option<MoveMark> {
        view::move_mark(m, x)
    }

    fn describe(event: &Event<'_, Self>) -> Option<String> {
        match event {
            Event::RoundStart(s) => Some(format!("{} places first", s.first)),
            Event::Place(p) => Some(p.mv.clone()),
            _ => None,
        }
    }

    fn findings(m: &Match, _limit: Option<Duration>) -> Vec<Finding> {
        view::findings(m)
    }

    fn in_play(m: &Match) -> bool {
        m.first.is_some() && !m.ending.is_over()
    }

    fn started(m: &Match) -> bool {
        m.first.is_some()
    }
}
