//! Multiplications Within The Permutation in chat: an x placed (part 1)
//! or numbered (part 2), both written as the x's cell (`C3`), and the
//! host's words.
//!
//! The reader does not know the stage: a message naming one cell is the
//! player's move, and the rules say what it means then (an x placed while
//! the grid fills, the next number after). In part 2 players often say
//! the number too (`2 on G3`, `G3 = 4`, `#5 → C2`); the number is dropped,
//! because the rules count (1 is on the leftmost x, each turn writes the
//! next), so a wrong number cannot change the game — and the report shows
//! the number the rules wrote. The host's part (player 1, a ruling, a
//! time-out) is x's and lines' (same grid notation, same one-game match);
//! equal totals share the win, so a ruling of a tie or a shared win names
//! no winner.

use crate::games::chat::host::HostWords;
use crate::games::chat::Opening;
use crate::games::xs_and_lines::notation::{
    arrows_as_dashes, cell_name, grid_cell, is_pass, is_talk, words,
};
use crate::games::GameKind;
use crate::games::{clean_chat, ChatContext, ChatReading, Placement, RoundSetup, Speaker};
use crate::log::event::Body;
use crate::log::event::Scope as HostScope;

use super::rules;

/// What a player's message says, as readings with the lines each came
/// from: what the import reads, knowing the match so far (`ctx.state`).
pub fn read_player_message(
    text: &str,
    seat: usize,
    ctx: &ChatContext,
) -> Vec<crate::games::chat::Reading> {
    crate::games::chat::whole(text, read_chat(text, Speaker::Player(seat), ctx))
}

/// Reads one chat message of a permutation match, as a good host would:
/// case, extra spaces, commas, emoji and markdown do not matter.
///
/// - a player: an x's cell (`C3`, `x on c3`, `2 on G3`, `G3 = 4`), or
///   `pass` (which the rules refuse);
/// - the host: who is player 1 (`quill is player 1`, `quill goes first`),
///   a ruling (`quill wins`, `equal totals, shared win`), a time-out.
///
/// Anything else is talk, unless it names cells and still cannot be read
/// as one x: then the reason says how to write it.
pub fn read_chat(text: &str, speaker: Speaker, ctx: &ChatContext) -> ChatReading {
    let clean = clean_chat(&arrows_as_dashes(text));
    match speaker {
        Speaker::Player(_) => read_player(&clean),
        Speaker::Host => crate::games::chat::one_message(GameKind::Permutation, text, ctx),
    }
}

/// The permutation game's words for the host: one game, player 1 first;
/// equal totals share the win.
pub const HOST_WORDS: HostWords = HostWords {
    sides: None,
    rounds: false,
    game_scope: HostScope::Match,
    draws: SHARED,
    wins: &[],
};

/// The game's setup from what the host said: who is player 1.
pub fn open(o: &Opening, ctx: &ChatContext) -> Result<Body, String> {
    let first = o.first.ok_or_else(|| {
        "the game starts without saying who is player 1: the host writes '<player> is player 1' (or '<player> goes first')".to_string()
    })?;
    Ok(Body::RoundStart(RoundSetup::Permutation(rules::Setup {
        first: ctx.players[first].clone(),
    })))
}

/// A host's clauses that end the game with no single winner.
const SHARED: &[&[&str]] = &[
    &["shared", "win"],
    &["share", "the", "win"],
    &["shares", "the", "win"],
    &["equal", "totals"],
    &["a", "tie"],
    &["tied"],
    &["a", "draw"],
];

/// Words a player puts around an x or its number.
const FILLER: [&str; 15] = [
    "x", "s", "on", "at", "in", "place", "placing", "i", "put", "write", "writing", "number",
    "goes", "the", "my",
];

const HOW: &str = "write one x as its cell, like 'G3' (in part 2 '2 on G3' is fine too)";

fn read_player(clean: &str) -> ChatReading {
    let w = words(clean);
    if is_pass(&w) {
        return ChatReading::Event(Body::Pass);
    }
    let cells: Vec<(u8, u8)> = w.iter().filter_map(|x| grid_cell(x)).collect();
    if cells.is_empty() {
        return ChatReading::Chatter;
    }
    let numbers = w.iter().filter(|x| x.parse::<u8>().is_ok()).count();
    let others: Vec<&str> = w
        .iter()
        .map(String::as_str)
        .filter(|x| grid_cell(x).is_none() && x.parse::<u8>().is_err() && !FILLER.contains(x))
        .collect();
    if is_talk(others.len()) {
        return ChatReading::Chatter;
    }
    match cells.as_slice() {
        [cell] if others.is_empty() && numbers <= 1 => {
            ChatReading::Event(Body::Place(Placement::Permutation(rules::Placement {
                mv: cell_name(*cell),
            })))
        }
        [_] if !others.is_empty() => ChatReading::Unread(format!(
            "it names {} but also '{}': {HOW}",
            cell_name(cells[0]),
            others.join(" ")
        )),
        [_] => ChatReading::Unread(format!("more than one number: {HOW}")),
        _ => ChatReading::Unread(format!(
            "{} cells in one message: {HOW}, one x per message",
            cells.len()
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::log::event::Scope;

    fn read(text: &str, speaker: Speaker) -> ChatReading {
        let players = ["ottilie".to_string(), "Fen_".to_string()];
        read_chat(text, speaker, &ChatContext::new(&players, 0))
    }

    fn mv(text: &str) -> String {
        match read(text, Speaker::Player(1)) {
            ChatReading::Event(Body::Place(Placement::Permutation(p))) => p.mv,
            other => panic!("{text:?} read as {other:?}"),
        }
    }

    fn event(text: &str) -> Body {
        match read(text, Speaker::Host) {
            ChatReading::Event(b) => b,
            other => panic!("{text:?} read as {other:?}"),
        }
    }

    #[test]
    fn players_place_and_number_xs_by_their_cells() {
        for text in [
            "G3",
            "g3",
            " **G3** ✖️",
            "x on g3",
            "2 on G3",
            "G3 = 4",
            "#5 → g3",
            "write 6 on G3",
            "`g3`",
        ] {
            assert_eq!(mv(text), "G3", "{text}");
        }
        assert_eq!(mv("O15"), "O15");
    }

    #[test]
    fn talk_is_talk_and_unreadable_play_says_how_to_write_it() {
        for talk in ["gl hf", "12 points, ouch", "ugh", "nice one"] {
            assert_eq!(
                read(talk, Speaker::Player(0)),
                ChatReading::Chatter,
                "{talk}"
            );
        }
        assert_eq!(
            read("pass", Speaker::Player(0)),
            ChatReading::Event(Body::Pass)
        );
        for bad in ["G3 C2", "G3 please", "3 on G3 4", "G3-C2"] {
            match read(bad, Speaker::Player(0)) {
                ChatReading::Unread(why) => assert!(why.contains("'G3'"), "{bad}: {why}"),
                other => panic!("{bad:?} read as {other:?}"),
            }
        }
    }

    #[test]
    fn the_host_names_player_1_and_rules_wins_and_shared_wins() {
        let Body::RoundStart(RoundSetup::Permutation(s)) = event("Fen_ is player 1, ottilie 2")
        else {
            panic!()
        };
        assert_eq!(s.first, "Fen_");
        let Body::Ruling(r) = event("24 to 37: **Fen_ wins**") else {
            panic!()
        };
        assert_eq!((r.scope, r.winner.as_deref()), (Scope::Match, Some("Fen_")));
        let Body::Ruling(r) = event("30 – 30, equal totals: a shared win") else {
            panic!()
        };
        assert_eq!(r.winner, None);
        assert_eq!(event("ottilie timed out").kind(), "timeout");
        assert_eq!(read("welcome!", Speaker::Host), ChatReading::Chatter);
    }
}
