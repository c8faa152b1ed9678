//! x's and lines in chat: a player's x (`C3`) or line (`C3-F6 via F3`),
//! and the host's words that set up and end a one-game match.
//!
//! The reader does not know the grid or the stage: a message naming one
//! cell is an x, two or three cells a line, and the rules say whether that
//! fits the game at that point (a line in part 1 is a rule error at its
//! step, not a misreading). Lines are read in the ways players write them
//! — `C3-F6 via F3`, `c3 to f6 (via f3)`, `C3→F6 through F3`, `C3-F3-F6`
//! (the middle cell is the corner) — and printed canonically, `C3-F6 via
//! F3`, as the rules and the RULINGS write them.
//!
//! The host's part is shared by the three one-game matches (Dodgem and
//! the permutation game call the functions marked `pub(crate)`): who is
//! player 1, a ruling on the game and a time-out. Those are read clause by
//! clause (a clause ends at `,` `;` `.` `!` a new line, `and` or `vs`), and
//! a player counts only when named right next to the key word (`quill
//! wins`, `winner: quill`, `quill is player 1`), so `marrow blundered,
//! quill wins` names quill and a rules reminder (`the player who draws the
//! last line loses, first to 8 x's`) names no one and stays talk.

use crate::games::chat::host::HostWords;
use crate::games::chat::Opening;
use crate::games::GameKind;
use crate::games::{clean_chat, ChatContext, ChatReading, Placement, RoundSetup, Speaker};
use crate::log::event::Body;
use crate::log::event::Scope as HostScope;

use super::rules;
pub(crate) use crate::games::chat_words as words;

/// What a player's message says, as readings with the lines each came
/// from: what the import reads, knowing the match so far (`ctx.state`).
pub fn read_player_message(
    text: &str,
    seat: usize,
    ctx: &ChatContext,
) -> Vec<crate::games::chat::Reading> {
    crate::games::chat::whole(text, read_chat(text, Speaker::Player(seat), ctx))
}

/// Reads one chat message of an x's-and-lines match, as a good host
/// would: case, extra spaces, commas, emoji and markdown do not matter.
///
/// - a player: an x (`C3`, `x on c3`), a line (`C3-F6 via F3`, `B2-F7`),
///   or `pass` (which the rules refuse: a player who can move must);
/// - the host: who is player 1 (`quill is player 1`, `P1: quill`, `quill
///   goes first`), a ruling (`quill wins`, `game to quill`), a time-out
///   (`marrow ran out of time`).
///
/// Anything else is talk, unless it names cells and still cannot be read
/// as one x or one line: then the reason says how to write it.
pub fn read_chat(text: &str, speaker: Speaker, ctx: &ChatContext) -> ChatReading {
    let clean = clean_chat(&arrows_as_dashes(text));
    match speaker {
        Speaker::Player(_) => read_player(&clean),
        Speaker::Host => crate::games::chat::one_message(GameKind::XsAndLines, text, ctx),
    }
}

/// `→` and friends between two cells are a dash (clean_chat drops them,
/// which would glue `C3→F6` into one word).
pub(crate) fn arrows_as_dashes(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            '→' | '➡' | '⟶' | '⇒' | '↦' | '–' | '—' => '-',
            c => c,
        })
        .collect()
}

/// A cell of a grid up to 15×15 (`c3`, `l12`), lowercase: (column, row
/// from 1).
pub(crate) fn grid_cell(w: &str) -> Option<(u8, u8)> {
    let mut chars = w.chars();
    let col = chars.next().filter(|c| ('a'..='o').contains(c))?;
    let digits = chars.as_str();
    if digits.is_empty() || digits.len() > 2 || !digits.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    let row: u8 = digits.parse().ok()?;
    ((1..=15).contains(&row)).then_some((col as u8 - b'a', row))
}

/// A cell as the rules print it: `C3`.
pub(crate) fn cell_name((col, row): (u8, u8)) -> String {
    format!("{}{row}", (b'A' + col) as char)
}

/// Whether the words of a message that are neither play nor filler make
/// it a sentence about the game (`I think C3 was bad`, `gg, a2 north was
/// the blunder`): three or more are talk, fewer make an unreadable move
/// (`C3 please`), which the report lists for a person to fix.
pub(crate) fn is_talk(other_words: usize) -> bool {
    other_words >= 3
}

/// Words a player puts around an x or a line.
const FILLER: [&str; 18] = [
    "x", "s", "on", "at", "in", "place", "placing", "i", "put", "draw", "drawing", "line", "from",
    "to", "an", "a", "my", "the",
];

/// Words that name the corner of an L.
const CORNER: [&str; 6] = ["via", "through", "thru", "corner", "turn", "turning"];

const HOW: &str =
    "write one x as its cell, like 'C3', or one line as 'C3-F6 via F3' ('B2-F7' when straight)";

fn read_player(clean: &str) -> ChatReading {
    let w = words(clean);
    if is_pass(&w) {
        return ChatReading::Event(Body::Pass);
    }
    let cells: Vec<(u8, u8)> = w.iter().filter_map(|x| grid_cell(x)).collect();
    if cells.is_empty() {
        return ChatReading::Chatter;
    }
    let others: Vec<&String> = w
        .iter()
        .filter(|x| {
            grid_cell(x).is_none() && !FILLER.contains(&x.as_str()) && !CORNER.contains(&x.as_str())
        })
        .collect();
    if is_talk(others.len()) {
        return ChatReading::Chatter;
    }
    if !others.is_empty() {
        return ChatReading::Unread(format!(
            "it names {} but also '{}': {HOW}",
            list(&cells),
            others
                .iter()
                .map(|s| s.as_str())
                .collect::<Vec<_>>()
                .join(" ")
        ));
    }
    let via_at = w.iter().position(|x| CORNER.contains(&x.as_str()));
    let mv = match (cells.as_slice(), via_at) {
        ([one], None) => cell_name(*one),
        ([from, to], None) => format!("{}-{}", cell_name(*from), cell_name(*to)),
        ([a, b, c], None) => {
            // A path: the middle cell is the corner.
            format!("{}-{} via {}", cell_name(*a), cell_name(*c), cell_name(*b))
        }
        ([a, b, c], Some(at)) => {
            // The cell after "via" is the corner; the others are the ends.
            let corner_word = w[at + 1..].iter().find_map(|x| grid_cell(x));
            match corner_word {
                Some(v) if v == *c => {
                    format!("{}-{} via {}", cell_name(*a), cell_name(*b), cell_name(v))
                }
                Some(v) if v == *a => {
                    format!("{}-{} via {}", cell_name(*b), cell_name(*c), cell_name(v))
                }
                _ => {
                    return ChatReading::Unread(format!("the corner of the line is unclear: {HOW}"))
                }
            }
        }
        ([_], Some(_)) | ([_, _], Some(_)) => {
            return ChatReading::Unread(format!("a line needs both ends and its corner: {HOW}"))
        }
        _ => {
            return ChatReading::Unread(format!(
                "{} cells in one message: {HOW}, one per message",
                cells.len()
            ))
        }
    };
    ChatReading::Event(Body::Place(Placement::XsAndLines(rules::Placement { mv })))
}

/// `pass` alone, or with a word of talk (`pass, sorry`).
pub(crate) fn is_pass(w: &[String]) -> bool {
    w.first().is_some_and(|x| x == "pass")
        && w.len() <= 3
        && !w.iter().any(|x| grid_cell(x).is_some())
}

fn list(cells: &[(u8, u8)]) -> String {
    cells
        .iter()
        .map(|c| cell_name(*c))
        .collect::<Vec<_>>()
        .join(" ")
}

/// x's and lines' words for the host: one game, player 1 first.
pub const HOST_WORDS: HostWords = HostWords {
    sides: None,
    rounds: false,
    game_scope: HostScope::Match,
    draws: &[],
    wins: &[],
};

/// The game's setup from what the host said: who is player 1.
pub fn open(o: &Opening, ctx: &ChatContext) -> Result<Body, String> {
    let first = o.first.ok_or_else(|| {
        "the game starts without saying who is player 1: the host writes '<player> is player 1' (or '<player> goes first')".to_string()
    })?;
    Ok(Body::RoundStart(RoundSetup::XsAndLines(rules::Setup {
        first: ctx.players[first].clone(),
    })))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::log::event::Scope;

    fn read(text: &str, speaker: Speaker) -> ChatReading {
        let players = ["quill".to_string(), "Marrow Bone".to_string()];
        read_chat(text, speaker, &ChatContext::new(&players, 0))
    }

    fn mv(text: &str) -> String {
        match read(text, Speaker::Player(0)) {
            ChatReading::Event(Body::Place(Placement::XsAndLines(p))) => p.mv,
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
    fn players_place_xs_in_any_case_and_dress() {
        for text in [
            "C3",
            "c3",
            "  **C3** ",
            "x on c3",
            "C3 ✖️",
            "`c3`",
            "placing C3",
        ] {
            assert_eq!(mv(text), "C3", "{text}");
        }
        assert_eq!(mv("L12"), "L12");
    }

    #[test]
    fn players_draw_lines_as_they_write_them() {
        for text in [
            "C3-F6 via F3",
            "c3-f6 via f3",
            "C3 - F6 (via F3)",
            "c3 to f6 via f3",
            "C3→F6 through F3",
            "C3-F3-F6",
            "line from C3 to F6, corner F3",
            "via F3: C3-F6",
        ] {
            assert_eq!(mv(text), "C3-F6 via F3", "{text}");
        }
        assert_eq!(mv("B2-F2"), "B2-F2");
        assert_eq!(mv("b2 b7"), "B2-B7");
    }

    #[test]
    fn talk_is_talk_and_unreadable_play_says_how_to_write_it() {
        for talk in [
            "gl hf",
            "hmm",
            "nice x",
            "pass the salt? no wait",
            "brb 5",
            "I think C3 was bad",
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
        for bad in ["C3 D4 E5 F6", "C3 please", "C3-F6 via", "line C3 F6 now ok"] {
            match read(bad, Speaker::Player(0)) {
                ChatReading::Unread(why) => assert!(why.contains("C3-F6 via F3"), "{bad}: {why}"),
                other => panic!("{bad:?} read as {other:?}"),
            }
        }
    }

    #[test]
    fn the_host_names_player_1_rules_and_calls_time() {
        for text in [
            "quill is player 1",
            "Player 1: **quill**, player 2: Marrow Bone",
            "P1 = quill",
            "quill goes first. Good luck!",
            "Marrow Bone is player 2, quill player 1",
        ] {
            let Body::RoundStart(RoundSetup::XsAndLines(s)) = event(text) else {
                panic!("{text}")
            };
            assert_eq!(s.first, "quill", "{text}");
        }
        for (text, winner) in [
            ("quill wins", Some("quill")),
            ("Marrow Bone blundered, quill wins 🎉", Some("quill")),
            ("game to marrow bone", Some("Marrow Bone")),
            ("Winner: quill", Some("quill")),
            (
                "quill drew the last line, so Marrow Bone wins",
                Some("Marrow Bone"),
            ),
        ] {
            let Body::Ruling(r) = event(text) else {
                panic!("{text}")
            };
            assert_eq!(
                (r.scope, r.winner.as_deref()),
                (Scope::Match, winner),
                "{text}"
            );
            assert!(r.text.contains("wins") || r.text.contains("to") || r.text.contains("Winner"));
        }
        let Body::Timeout(t) = event("Marrow Bone ran out of time") else {
            panic!()
        };
        assert_eq!(t.player, "Marrow Bone");
        for talk in [
            "welcome to the final",
            "whoever draws the last line loses, player 1 places first",
            "if quill wins this, it's over",
            "who wins?",
            "first to 8 x's, then lines",
        ] {
            assert_eq!(read(talk, Speaker::Host), ChatReading::Chatter, "{talk}");
        }
        assert!(matches!(
            read("quil wins", Speaker::Host),
            ChatReading::Unread(_)
        ));
        assert!(matches!(
            read("Marrow is player 1", Speaker::Host),
            ChatReading::Unread(_)
        ));
    }
}
