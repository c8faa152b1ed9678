//! Dodgem in chat: a player's move (`a3 E`) and the host's words.
//!
//! Players write a move as the car's cell and a direction, and write it
//! many ways: `a3 E`, `A3 e`, `a3 east`, `a3 right`, `a3→E`, `a3 ➡️`,
//! `a3e`, or the cell the car drives to (`a3 b3`, `a3-b3`, `a3 to b3`).
//! All become the canonical `a3 E` the rules and the RULINGS write. The
//! reader does not know the position or the board size, so a legal-looking
//! move on the wrong square is read, and the rules refuse it at its step
//! (as a host's record would show it). A sentence that mentions a move
//! among three or more other words (`gg, a2 north was the blunder`) is
//! talk about the game, not a move. Driving off the board has no cell
//! to drive to, and the reader cannot tell blue's exit from red's, so
//! `c3 off` asks for the direction instead of guessing.
//!
//! The host names who plays blue — `quill plays blue`, `quill is blue,
//! marrow red`, `red: marrow` (the other is blue), `quill goes first` (blue
//! moves first) — and ends the game with a ruling (`quill wins`, `draw by
//! repetition`, a draw has no winner) or a time-out; those are read as in
//! x's and lines (`crate::games::xs_and_lines::notation`), clause by clause
//! with the name next to its key word.

use crate::games::chat::host::HostWords;
use crate::games::chat::Opening;
use crate::games::xs_and_lines::notation::{is_pass, is_talk, words};
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

/// Reads one chat message of a Dodgem match, as a good host would: case,
/// extra spaces, commas, emoji and markdown do not matter.
///
/// - a player: a move (`a3 E`, `a3 east`, `a3→E`, `a3 b3`), or `pass`
///   (which the rules refuse: a Dodgem player must move);
/// - the host: who plays blue, a ruling (`quill wins`, `draw by
///   repetition`), a time-out (`marrow ran out of time`).
///
/// Anything else is talk, unless it names a cell and still cannot be read
/// as one move: then the reason says how to write it.
pub fn read_chat(text: &str, speaker: Speaker, ctx: &ChatContext) -> ChatReading {
    let clean = clean_chat(&arrows_as_words(text));
    match speaker {
        Speaker::Player(_) => read_player(&clean),
        Speaker::Host => crate::games::chat::one_message(GameKind::Dodgem, text, ctx),
    }
}

/// Arrows (which clean_chat drops) as words the reader knows: an arrow
/// alone is the direction, an arrow followed by a letter (`a3→E`) only
/// separates.
fn arrows_as_words(text: &str) -> String {
    let mut out = String::new();
    for c in text.chars() {
        let word = match c {
            '↑' | '⬆' | '⇧' => "arrow_n",
            '→' | '➡' | '⇒' | '⟶' => "arrow_e",
            '↓' | '⬇' | '⇩' => "arrow_s",
            '←' | '⬅' | '⇐' | '⟵' => "arrow_w",
            c => {
                out.push(c);
                continue;
            }
        };
        out.push(' ');
        out.push_str(word);
        out.push(' ');
    }
    out
}

/// A direction's letter, from a word or an arrow.
fn direction(w: &str) -> Option<char> {
    Some(match w {
        "n" | "north" | "up" | "u" | "arrow_n" => 'N',
        "e" | "east" | "right" | "r" | "arrow_e" => 'E',
        "s" | "south" | "down" | "d" | "arrow_s" => 'S',
        "w" | "west" | "left" | "l" | "arrow_w" => 'W',
        _ => return None,
    })
}

/// A cell of a board up to 5×5 (`a3`): (column, row), both from 0.
fn cell(w: &str) -> Option<(u8, u8)> {
    match w.as_bytes() {
        [c @ b'a'..=b'e', r @ b'1'..=b'5'] => Some((c - b'a', r - b'1')),
        _ => None,
    }
}

fn cell_name((c, r): (u8, u8)) -> String {
    format!("{}{}", (b'a' + c) as char, r + 1)
}

/// Words a player puts around a move.
const FILLER: [&str; 10] = [
    "move", "moves", "i", "play", "go", "drive", "car", "my", "the", "to",
];

const HOW: &str = "write the car's cell and a direction, like 'a3 E' (or 'a3 b3')";

/// A player's words, a glued move (`a3e`, `a3east`) split in two.
fn player_words(clean: &str) -> Vec<String> {
    let mut out = Vec::new();
    for w in words(clean) {
        let glued = w
            .get(..2)
            .filter(|c| cell(c).is_some())
            .and_then(|c| w.get(2..).map(|d| (c, d)))
            .filter(|(_, d)| direction(d).is_some());
        match glued {
            Some((c, d)) => {
                out.push(c.to_string());
                out.push(d.to_string());
            }
            None => out.push(w),
        }
    }
    out
}

fn read_player(clean: &str) -> ChatReading {
    let w = player_words(clean);
    if is_pass(&w) {
        return ChatReading::Event(Body::Pass);
    }
    let cells: Vec<(u8, u8)> = w.iter().filter_map(|x| cell(x)).collect();
    if cells.is_empty() {
        return ChatReading::Chatter;
    }
    let rest: Vec<&str> = w
        .iter()
        .map(String::as_str)
        .filter(|x| cell(x).is_none() && !FILLER.contains(x))
        .collect();
    let (arrows, letters): (Vec<&str>, Vec<&str>) = rest
        .iter()
        .filter(|x| direction(x).is_some())
        .partition(|x| x.starts_with("arrow_"));
    let others: Vec<&str> = rest
        .iter()
        .copied()
        .filter(|x| direction(x).is_none())
        .collect();
    let read = |from: (u8, u8), dir: char| {
        ChatReading::Event(Body::Place(Placement::Dodgem(rules::Placement {
            mv: format!("{} {dir}", cell_name(from)),
        })))
    };
    if is_talk(others.len()) {
        return ChatReading::Chatter;
    }
    if others == ["off"] && cells.len() == 1 {
        return ChatReading::Unread(format!(
            "{} off the board: say which way, 'E' for blue or 'N' for red, like '{} E'",
            cell_name(cells[0]),
            cell_name(cells[0])
        ));
    }
    if !others.is_empty() {
        return ChatReading::Unread(format!(
            "it names {} but also '{}': {HOW}",
            cells
                .iter()
                .map(|c| cell_name(*c))
                .collect::<Vec<_>>()
                .join(" "),
            others.join(" ")
        ));
    }
    // A letter after an arrow wins (`a3→E`); an arrow alone is the way.
    let dirs: Vec<char> = if letters.is_empty() { arrows } else { letters }
        .iter()
        .filter_map(|x| direction(x))
        .collect();
    match (cells.as_slice(), dirs.as_slice()) {
        ([from], [dir]) => read(*from, *dir),
        ([from], []) => {
            ChatReading::Unread(format!("{} has no direction: {HOW}", cell_name(*from)))
        }
        ([from, to], []) => {
            let (dc, dr) = (
                i16::from(to.0) - i16::from(from.0),
                i16::from(to.1) - i16::from(from.1),
            );
            match (dc, dr) {
                (1, 0) => read(*from, 'E'),
                (-1, 0) => read(*from, 'W'),
                (0, 1) => read(*from, 'N'),
                (0, -1) => read(*from, 'S'),
                _ => ChatReading::Unread(format!(
                    "{} and {} are not next to each other: a car drives one cell; {HOW}",
                    cell_name(*from),
                    cell_name(*to)
                )),
            }
        }
        ([_], _) => ChatReading::Unread(format!("more than one direction: {HOW}")),
        _ => ChatReading::Unread(format!("one move per message: {HOW}")),
    }
}

/// Clauses a host rules a draw with (no winner).
const DRAWS: &[&[&str]] = &[
    &["a", "draw"],
    &["draw", "by"],
    &["drawn"],
    &["draw", "agreed"],
];

/// Dodgem's words for the host: blue moves first, red second; one game;
/// a player wins by getting every car off.
pub const HOST_WORDS: HostWords = HostWords {
    sides: Some(("blue", "red")),
    rounds: false,
    game_scope: HostScope::Match,
    draws: DRAWS,
    wins: &[&["cars", "off"], &["all", "off"], &["both", "off"]],
};

/// The game's setup from what the host said: who plays blue.
pub fn open(o: &Opening, ctx: &ChatContext) -> Result<Body, String> {
    let blue = o.first.ok_or_else(|| {
        "the game starts without saying who plays blue: the host writes '<player> plays blue' (or '<player> goes first')".to_string()
    })?;
    Ok(Body::RoundStart(RoundSetup::Dodgem(rules::Setup {
        blue: ctx.players[blue].clone(),
    })))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::log::event::Scope;

    fn read(text: &str, speaker: Speaker) -> ChatReading {
        let players = ["quill".to_string(), "marrow".to_string()];
        read_chat(text, speaker, &ChatContext::new(&players, 0))
    }

    fn mv(text: &str) -> String {
        match read(text, Speaker::Player(0)) {
            ChatReading::Event(Body::Place(Placement::Dodgem(p))) => p.mv,
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
    fn players_write_moves_many_ways() {
        for text in [
            "a3 E",
            "A3 e",
            "a3 east",
            "a3   RIGHT",
            "a3→E",
            "a3 → e",
            "a3 ➡️",
            "a3 -> E",
            "a3e",
            "A3East",
            "**a3 E**",
            "`a3 E`",
            "move a3 east 🚗",
            "a3 b3",
            "a3-b3",
            "a3 to b3",
        ] {
            assert_eq!(mv(text), "a3 E", "{text}");
        }
        assert_eq!(mv("b1 N"), "b1 N");
        assert_eq!(mv("b1 ⬆️"), "b1 N");
        assert_eq!(mv("c2 left"), "c2 W");
        assert_eq!(mv("a2 a1"), "a2 S");
        assert_eq!(mv("a2→N"), "a2 N", "a letter after an arrow wins");
    }

    #[test]
    fn talk_is_talk_and_unreadable_moves_say_how_to_write_them() {
        for talk in [
            "gl hf",
            "hmm",
            "ugh",
            "nice",
            "e",
            "well played!",
            "gg, a2 north was the blunder",
        ] {
            assert_eq!(
                read(talk, Speaker::Player(1)),
                ChatReading::Chatter,
                "{talk}"
            );
        }
        assert_eq!(
            read("pass", Speaker::Player(1)),
            ChatReading::Event(Body::Pass)
        );
        for bad in [
            "a3",
            "a3 E please",
            "a3 b4",
            "a3 E, b1 N",
            "a3 N E",
            "a3 E now ok",
        ] {
            match read(bad, Speaker::Player(0)) {
                ChatReading::Unread(why) => assert!(why.contains("'a3 E'"), "{bad}: {why}"),
                other => panic!("{bad:?} read as {other:?}"),
            }
        }
        assert!(matches!(
            read("c3 off", Speaker::Player(0)),
            ChatReading::Unread(why) if why.contains("'c3 E'")
        ));
    }

    #[test]
    fn the_host_names_blue_rules_and_calls_time() {
        for text in [
            "quill plays blue",
            "quill is blue, marrow red",
            "**Blue:** quill — **Red:** marrow",
            "marrow plays red and quill plays blue",
            "red: marrow",
            "quill goes first 🔵",
            "marrow vs quill: quill has blue",
        ] {
            let Body::RoundStart(RoundSetup::Dodgem(s)) = event(text) else {
                panic!("{text}")
            };
            assert_eq!(s.blue, "quill", "{text}");
        }
        let Body::Ruling(r) = event("quill wins 🏆") else {
            panic!()
        };
        assert_eq!(
            (r.scope, r.winner.as_deref()),
            (Scope::Match, Some("quill"))
        );
        assert_eq!(r.text, "quill wins 🏆", "the host's words are kept");
        for text in [
            "Draw by repetition.",
            "that's a draw, gg both",
            "game drawn",
        ] {
            let Body::Ruling(r) = event(text) else {
                panic!("{text}")
            };
            assert_eq!(r.winner, None, "{text}");
        }
        let Body::Timeout(t) = event("marrow ran out of time ⏱️") else {
            panic!()
        };
        assert_eq!(t.player, "marrow");
        for talk in [
            "welcome to the Bumper Cup final",
            "blue to move",
            "first to drive every car off wins",
            "who plays blue?",
        ] {
            assert_eq!(read(talk, Speaker::Host), ChatReading::Chatter, "{talk}");
        }
        assert!(matches!(
            read("quil plays blue", Speaker::Host),
            ChatReading::Unread(_)
        ));
        assert!(matches!(
            read("quill plays blue, marrow plays blue", Speaker::Host),
            ChatReading::Unread(_)
        ));
    }
}
