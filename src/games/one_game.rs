//! What the small one-game matches (Dodgem, x's and lines, the permutation
//! game) share beyond their rules: a match set up by the host naming who
//! starts and played until the rules or a ruling end it. Here once: the
//! host's words every one-game match has, the setup read from who the
//! host named, one message read on its own, the page's "To move", the
//! lettered square two of them draw on, and the parts of their [`Plug`]
//! each fills in from its own `notation`, `player` and `view` files by the
//! same names ([`plug_parts!`]).
//!
//! It names no game: each passes its kind, words and files. It imports
//! nothing from `log/`, `web/`, `import/` or `verify.rs`.
//!
//! [`Plug`]: super::Plug

use super::chat::host::HostWords;
use super::chat::{self, ChatContext, ChatReading, Opening, Speaker};
use super::{Drawing, Ending, GameKind, Overlay, Piece, View};
use crate::event::Scope;

/// The host's words of a one-game match: a ruling is on the match, there
/// are no rounds, and no sides, draws or winning clauses until a game
/// names its own (`HostWords { draws: DRAWS, ..one_game::HOST_WORDS }`).
pub const HOST_WORDS: HostWords = HostWords {
    sides: None,
    rounds: false,
    game_scope: Scope::Match,
    draws: &[],
    wins: &[],
};

/// The name of the player the host said starts the game, for its setup;
/// `role` is how the host says it (`plays blue`, `is player 1`), and the
/// error says how to write it when the host has not.
pub fn first_player(o: &Opening, ctx: &ChatContext, role: &str) -> Result<String, String> {
    let first = o.first.ok_or_else(|| {
        format!(
            "the game starts without saying who {role}: the host writes '<player> {role}' (or '<player> goes first')"
        )
    })?;
    Ok(ctx.players[first].clone())
}

/// One chat message of a one-game match of `game` read on its own, as one
/// reading: a player's move (the last one, when the message corrects
/// itself), or what the host says (who starts, a ruling, a time-out).
/// Talk is `Chatter`.
pub fn read_chat(game: GameKind, text: &str, speaker: Speaker, ctx: &ChatContext) -> ChatReading {
    match speaker {
        Speaker::Player(_) => chat::read(game, text, speaker, ctx)
            .pop()
            .map_or(ChatReading::Chatter, |r| r.read),
        Speaker::Host => chat::one_message(game, text, ctx),
    }
}

/// The view of a one-game match whose facts end with whose move it is
/// (the player in seat `to_move`), while the game goes on.
pub fn view(
    drawing: Drawing,
    mut facts: Vec<(String, String)>,
    to_move: Option<usize>,
    ending: &Ending,
    players: &[String; 2],
) -> View {
    if let (Some(seat), false) = (to_move, ending.is_over()) {
        facts.push(("To move".to_string(), players[seat].clone()));
    }
    View::of_one_game(drawing, facts, ending, players)
}

/// A square board of `n` columns `A`, `B`, … and rows `1`, `2`, … with
/// `pieces` on it and `overlays` over it.
pub fn lettered_square(n: u8, pieces: Vec<Piece>, overlays: Vec<Overlay>) -> Drawing {
    Drawing {
        cols: n,
        rows: n,
        col_names: (0..n).map(|c| ((b'A' + c) as char).to_string()).collect(),
        row_names: (1..=n).map(|r| r.to_string()).collect(),
        pieces,
        exit_row: None,
        rails: Vec::new(),
        overlays,
        gems: Vec::new(),
    }
}

/// The parts of a small game's [`Plug`](super::Plug) that all three fill
/// in alike, written inside its `impl Plug`: `plug_parts!(first: blue,
/// setup: "{} plays blue")`.
///
/// From the game's folder, by the same names in all three (the plug file
/// brings `notation`, `player` and `view` into scope): the chat readers
/// (the shared host reader with `notation::HOST_WORDS`,
/// `player::read_player_message`, `notation::open`), the page
/// (`view::view`, `view::analysis`, `view::move_mark`) and the verifier's
/// findings (`view::findings`). From the arguments: `first`, the field
/// that holds who starts, in the setup (a name) and in the match (a
/// seat, once named); the match has started once it is set, and is in
/// play until the rules or a ruling end it ([`Ending::is_over`]); and
/// `setup`, how the setup reads on a step, with the name in `{}`.
macro_rules! plug_parts {
    (first: $first:ident, setup: $setup:literal) => {
        const CHAT: Option<$crate::games::ChatReaders> = Some($crate::games::ChatReaders {
            host: |text, ctx| $crate::games::chat::host::read(text, ctx, &notation::HOST_WORDS),
            player: player::read_player_message,
            open: notation::open,
        });

        fn view(m: &Self::State) -> $crate::games::View {
            view::view(m)
        }

        fn analysis(m: &Self::State) -> Option<$crate::games::Analysis> {
            view::analysis(m)
        }

        fn move_mark(m: &Self::State, name: &str) -> Option<$crate::games::MoveMark> {
            view::move_mark(m, name)
        }

        fn describe(event: &$crate::games::Event<'_, Self>) -> Option<String> {
            match event {
                $crate::games::Event::RoundStart(s) => Some(format!($setup, s.$first)),
                $crate::games::Event::Place(p) => Some(p.mv.clone()),
                _ => None,
            }
        }

        fn findings(
            m: &Self::State,
            _limit: Option<std::time::Duration>,
        ) -> Vec<$crate::findings::Finding> {
            view::findings(m)
        }

        fn in_play(m: &Self::State) -> bool {
            m.$first.is_some() && !m.ending.is_over()
        }

        fn started(m: &Self::State) -> bool {
            m.$first.is_some()
        }
    };
}

pub(crate) use plug_parts;
