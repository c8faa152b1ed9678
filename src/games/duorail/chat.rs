//! Chat messages → Duorail events, for importing a Discord transcript:
//! the entry points the import calls, the host's words and the setup.
//!
//! - a player: read by [`super::player_chat`] (pieces, challenges, passes
//!   and tracks as people write them; several things in one message are
//!   several readings);
//! - the host: the shared reader with Duorail's words ([`HOST_WORDS`]): the
//!   setup (`bramble plays blue`, `Blue: bramble, red: quill`, `bramble
//!   goes first`), a ruling (`quill wins the challenge`, `game to quill`,
//!   `nobody wins`, the endgame's `longest loop: quill (16 vs 12)`), a
//!   time-out (`quill ran out of time`).
//!
//! Decisions:
//! - **The color of a piece is the placer's, unless it is common.** Players
//!   do not write their color; the setup says who plays blue. The reader
//!   takes the color from the match so far (`ctx.state`); a message read
//!   without it gets the seat's color as if the first player were blue, and
//!   [`settle_colors`] reads it again with the color the setup gave. A color
//!   the player did write (`E5 UR red`) is kept as written: if it is not
//!   theirs, the rules say so.
//! - **The setup comes once**: after it, the host naming who plays blue is a
//!   reminder (talk), not a second setup.
//!
//! Must not import anything from `log/` but the event vocabulary, nor from
//! `import/`, `web/` or `verify.rs`.

use super::board::Color;
use super::chat_words::step_word;
use super::player_chat::{read_message, seat_color, Expect};
use super::rules::Setup;
use crate::event::{Body, Scope};
use crate::games::chat::cells::longhand::{cells_told, Axes};
use crate::games::chat::host::{self, HostWords};
use crate::games::chat::words::Beside;
use crate::games::chat::{Opening, Reading};
use crate::games::GameKind;
use crate::games::{ChatContext, ChatReading, RoundSetup as GameSetup, Speaker};

/// What a player's message says, as readings with the lines each came
/// from: what the import reads, knowing the match so far (`ctx.state`).
/// The reading itself is in [`super::player_chat`].
pub fn read_player_message(text: &str, seat: usize, ctx: &ChatContext) -> Vec<Reading> {
    // `the square in row F, column 6`: rows A–I from the top.
    let axes = Axes {
        letters_are_rows: true,
        ..Axes::numbered_from_top(9, 9)
    };
    let text = cells_told(&steps_said(text), &axes);
    read_message(&text, seat, ctx, &Expect::of(seat, ctx))
}

/// A track with its steps said as words (`E4 right right down left left
/// up`, voice typing): each line that is a cell and then only two or more
/// step words is written as the notation's letters (`E4 RRDLLU`); a line
/// that is a cell and two exits said by their letters' names (`e5 el
/// are`) is the piece (`E5 LR`).
fn steps_said(text: &str) -> String {
    let step = |w: &str| {
        let w = w.to_lowercase();
        step_word(w.trim_matches(|c: char| !c.is_alphanumeric())).map(|c| c.to_ascii_uppercase())
    };
    text.lines()
        .map(|line| {
            let mut words = line.split_whitespace();
            let Some(cell) = words.next() else {
                return line.to_string();
            };
            let steps: Option<String> = words.map(step).collect();
            let is_cell = cell.len() >= 2
                && cell.starts_with(|c: char| c.is_ascii_alphabetic())
                && cell[1..].chars().all(|c| c.is_ascii_digit());
            if let Some(s) = steps.filter(|s| s.len() >= 2 && is_cell) {
                return format!("{} {s}", cell.to_uppercase());
            }
            // `e5 el are`: a piece's two exits said by their letters' names,
            // the whole line (not `you`, for U: `E5 you are` is English).
            let exit = |w: &str| match w.to_lowercase().as_str() {
                "el" | "ell" => Some('L'),
                "are" | "ar" => Some('R'),
                "dee" => Some('D'),
                _ => None,
            };
            let said: Vec<&str> = line.split_whitespace().skip(1).collect();
            match said.as_slice() {
                [a, b] if is_cell => match (exit(a), exit(b)) {
                    (Some(a), Some(b)) if a != b => format!("{} {a}{b}", cell.to_uppercase()),
                    _ => line.to_string(),
                },
                _ => line.to_string(),
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// What the host's message says: the shared announcements, in Duorail's
/// words ([`HOST_WORDS`]).
pub fn read_host(text: &str, ctx: &ChatContext) -> Vec<Reading> {
    host::read(text, ctx, &HOST_WORDS)
}

/// Reads one chat message of a Duorail match (see the module docs): for a
/// player, the first thing the message says.
pub fn read_chat(text: &str, speaker: Speaker, ctx: &ChatContext) -> ChatReading {
    crate::games::chat::first_reading(GameKind::Duorail, text, speaker, ctx)
}

/// A player's placement or challenge read again knowing who plays blue
/// (the seat given by the setup): a piece or challenge whose color the
/// message leaves to the speaker ("E5 UR", "impossible for you") gets the
/// real color. Other events, colors the player wrote, and events already
/// read in the real color stay as read. A message that says several
/// things is matched reading by reading.
pub fn settle_colors(body: Body, text: &str, seat: usize, blue: usize, ctx: &ChatContext) -> Body {
    if !matches!(body, Body::Place(_) | Body::Challenge(_)) {
        return body;
    }
    let own = if seat == blue {
        Color::Blue
    } else {
        Color::Red
    };
    let as_seat = read_message(text, seat, ctx, &Expect::only_color(seat_color(seat)));
    let Some(n) = as_seat
        .iter()
        .position(|r| r.read == ChatReading::Event(body.clone()))
    else {
        return body;
    };
    match read_message(text, seat, ctx, &Expect::only_color(own))
        .into_iter()
        .nth(n)
    {
        Some(Reading {
            read: ChatReading::Event(b),
            ..
        }) if b.kind() == body.kind() => b,
        _ => body,
    }
}

/// Duorail's words for the host: blue moves first, red second; one game
/// (its ruling is on round 1, the game).
pub const HOST_WORDS: HostWords = HostWords {
    sides: Some(("blue", "red")),
    rounds: false,
    game_scope: Scope::Round(1),
    draws: &[],
    wins: LONGEST,
};

/// A host's clauses that give the endgame to the longer track, the
/// winner named after them (`longest loop: Fern (16 vs 12)`, `longest
/// loop is Fern's`) or before (`Fern has the longest loop`). A length
/// listed after the name must be the line's largest, so `longest loop:
/// Fern 12, Wren 16` gives nobody the game.
const LONGEST: &[(&[&str], Beside, usize)] = &[
    (&["longest", "loop"], Beside::After, 1),
    (&["longest", "track"], Beside::After, 1),
    (&["longer", "loop"], Beside::After, 1),
    (&["longer", "track"], Beside::After, 1),
    (&["has", "the", "longest"], Beside::Before, 0),
    (&["has", "the", "longer"], Beside::Before, 0),
];

/// The game's setup from what the host said: who plays blue.
pub fn open(o: &Opening, ctx: &ChatContext) -> Result<Body, String> {
    let blue = o.first.ok_or_else(|| {
        "the game starts without saying who plays blue: the host writes '<player> plays blue' (or '<player> goes first')".to_string()
    })?;
    Ok(Body::RoundStart(GameSetup::Duorail(Setup {
        round: 1,
        blue: ctx.players[blue].clone(),
    })))
}

#[cfg(test)]
mod tests {
    use super::super::rules::Challenge;
    use super::*;
    use crate::games::chat_checks::{
        assert_rulings, assert_talk, event_of, reading, ruling_of, speaker, timed_out,
    };
    use crate::games::{Challenge as GameChallenge, Placement as GamePlacement};
    use proptest::prelude::*;

    fn players() -> Vec<String> {
        vec!["quill".to_string(), "Bramble".to_string()]
    }

    fn read(text: &str, speaker: Speaker, rounds: u32) -> ChatReading {
        reading(read_chat, &["quill", "Bramble"], rounds, (text, speaker))
    }

    fn event(text: &str, speaker: Speaker) -> Body {
        event_of(text, read(text, speaker, 1))
    }

    fn placed(body: &Body) -> (String, String, Color) {
        match body {
            Body::Place(GamePlacement::Duorail(p)) => {
                (p.cell.to_string(), p.piece.exits.to_string(), p.piece.color)
            }
            other => panic!("not a placement: {other:?}"),
        }
    }

    #[test]
    fn the_setup_settles_the_color_of_a_piece() {
        let p = players();
        let ctx = ChatContext::new(&p, 1);
        // Seat 1 (Bramble) plays blue: an unwritten color becomes blue.
        let b = event("A4 RD", Speaker::Player(1));
        assert_eq!(
            placed(&b).2,
            Color::Red,
            "before the setup: the seat's color"
        );
        let b = settle_colors(b, "A4 RD", 1, 1, &ctx);
        assert_eq!(placed(&b).2, Color::Blue);
        let b = settle_colors(event("A2 RD", Speaker::Player(0)), "A2 RD", 0, 1, &ctx);
        assert_eq!(placed(&b).2, Color::Red);
        // Written colors stay.
        let b = settle_colors(
            event("C4 LR common", Speaker::Player(0)),
            "C4 LR common",
            0,
            1,
            &ctx,
        );
        assert_eq!(placed(&b).2, Color::Common);
        let b = settle_colors(
            event("E5 UR blue", Speaker::Player(0)),
            "E5 UR blue",
            0,
            1,
            &ctx,
        );
        assert_eq!(placed(&b).2, Color::Blue);
        // A challenge of "you" is the other player's color.
        let b = settle_colors(
            event("impossible for you", Speaker::Player(0)),
            "impossible for you",
            0,
            1,
            &ctx,
        );
        assert_eq!(
            b,
            Body::Challenge(GameChallenge::Duorail(Challenge { color: Color::Blue }))
        );
        assert_eq!(settle_colors(Body::Pass, "pass", 0, 1, &ctx), Body::Pass);
        // A message that says two things: each is settled as itself.
        let text = "B1 UR\nwait no, B1 RD red";
        let both: Vec<Body> = read_player_message(text, 0, &ctx)
            .into_iter()
            .filter_map(|r| match r.read {
                ChatReading::Event(b) => Some(settle_colors(b, text, 0, 1, &ctx)),
                _ => None,
            })
            .collect();
        let got: Vec<(String, String, Color)> = both.iter().map(placed).collect();
        assert_eq!(
            got,
            [
                ("B1".into(), "UR".into(), Color::Red),
                ("B1".into(), "RD".into(), Color::Red)
            ]
        );
        // A piece already read in the real color stays as it is.
        let blue = event("E5 UR", Speaker::Player(0));
        let red = settle_colors(blue.clone(), "E5 UR", 0, 1, &ctx);
        assert_eq!(settle_colors(red.clone(), "E5 UR", 0, 1, &ctx), red);
    }

    #[test]
    fn the_host_sets_up_rules_and_calls_time() {
        let h = Speaker::Host;
        let blue = |text: &str| match read(text, h, 0) {
            ChatReading::Event(Body::RoundStart(GameSetup::Duorail(s))) => s.blue,
            other => panic!("{text}: {other:?}"),
        };
        for (text, want) in [
            ("Bramble plays blue and moves first", "Bramble"),
            ("quill plays red, bramble plays blue", "Bramble"),
            ("**Blue:** quill — red: Bramble", "quill"),
            ("bramble (blue) vs quill (red). Go!", "Bramble"),
            ("quill goes first", "quill"),
            ("quill is red", "Bramble"),
        ] {
            assert_eq!(blue(text), want, "{text}");
        }
        // After the setup, naming blue is a reminder.
        assert_eq!(
            read("reminder: bramble is blue", h, 1),
            ChatReading::Chatter
        );
        // One game is the match: one scope, round 1's, however the host
        // names it.
        let rulings = [
            ("bramble's track misses their own piece — quill wins the challenge", Some("quill")),
            ("game to Bramble 🎉", Some("Bramble")),
            ("Winner: quill", Some("quill")),
            ("quill takes the match", Some("quill")),
            ("no tracks, nobody wins", None),
            // The endgame's longer track, the winner named beside it.
            ("longest loop: Bramble (16 vs 12). GG!", Some("Bramble")),
            ("quill has the longest loop", Some("quill")),
            ("longest loop is quill's, 14", Some("quill")),
            // Only the loser named: the other wins.
            ("Bramble's challenge fails, the blue loop checks out. GG", Some("quill")),
        ]
        .map(|(text, winner)| (text, Scope::Round(1), winner));
        assert_rulings(|text| ruling_of(text, event(text, h)), &rulings);
        assert_talk(
            |talk| read(talk, h, 1),
            &[
                // A length listed with a name that is not the longest, a
                // loop's length, the rule.
                "longest loop: Bramble 12, quill 16",
                "Bramble's longest loop is 12",
                "if Bramble's challenge fails, quill wins",
            ],
        );
        assert_eq!(timed_out(event("bramble ran out of time", h)), "Bramble");
        assert_talk(
            |talk| read(talk, h, 1),
            &[
                "welcome to the final!",
                "quill challenges: impossible for blue",
                "5 minutes to show a track",
            ],
        );
        // A name inside a longer word is not that player: the report says
        // the ruling names no player, so the name can be tied with --alias.
        assert!(matches!(read("quilly wins", h, 1), ChatReading::Unread(_)));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(1000))]
        /// Whatever anyone writes, the reader answers, and settling never
        /// panics either.
        #[test]
        fn any_text_reads_without_panicking(
            text in "\\PC{0,60}(\n\\PC{0,30}){0,5}",
            seat in 0usize..3,
            rounds in 0u32..3,
        ) {
            let p = players();
            let ctx = ChatContext::new(&p, rounds);
            if let ChatReading::Event(b) = read_chat(&text, speaker(seat), &ctx) {
                let _ = settle_colors(b, &text, seat % 2, 1, &ctx);
            }
        }

        /// Chat made of the notation's own words, in any order.
        #[test]
        fn notation_like_text_reads_without_panicking(parts in proptest::collection::vec(
            prop_oneof![
                Just("E5"), Just("UR"), Just("rrdd"), Just("common"), Just("blue"), Just("red"),
                Just("impossible"), Just("for"), Just("quill"), Just("bramble"), Just("wins"),
                Just("to"), Just("game"), Just("pass"), Just(","), Just("\n"), Just("I9"), Just("A1"),
                Just("C:LR"), Just("?"), Just("```"), Just("first"), Just("time out"),
                Just("┘"), Just("→→↓"), Just("→"), Just("gg"), Just("no action"), Just("wait no"),
                Just("left-up"), Just("vertical"), Just("@danny"), Just("give up"), Just("me"),
            ],
            0..25,
        ), seat in 0usize..3) {
            let text = parts.join(" ");
            let _ = read(&text, speaker(seat), 0);
        }
    }
    #[test]
    fn a_track_said_as_step_words_is_its_letters() {
        assert_eq!(steps_said("E4 right right down left left up"), "E4 RRDLLU");
        assert_eq!(steps_said("ok\nc3 Right, down, left, up"), "ok\nC3 RDLU");
        assert_eq!(steps_said("e5 el are"), "E5 LR");
        assert_eq!(steps_said("C3 are dee"), "C3 RD");
        // Not a cell and steps alone: as written.
        for text in [
            "E4 right",
            "go right right",
            "E4 right then down",
            "E5 LR",
            "E5 you are",
            "e5 el are nice",
        ] {
            assert_eq!(steps_said(text), text, "{text}");
        }
    }
}
