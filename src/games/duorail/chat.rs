//! Chat messages → Duorail events, for importing a Discord transcript.
//!
//! A good host reads `e5 ur`, `**E5: UR** 🚂`, `place C4 LR common` and
//! `impossible for red!` alike; this reader does too (case, spaces,
//! commas, emoji and markdown do not matter: see [`clean_chat`]).
//!
//! - a player: a piece (`E5 UR`, a cell and its two exits; `C4 LR common`,
//!   or `green`/`purple`/`C:LR`, for a common straight), a challenge
//!   (`impossible for red`, `challenge blue`, `impossible for you`), a pass
//!   (`pass`; during a challenge `I give up` is the same pass), or a track
//!   (`E5 RRDDLLUU`, or its cells in order `E5 E6 F6 F5`, possibly after
//!   some words, the steps possibly wrapped over lines);
//! - the host: the setup (`bramble plays blue`, `Blue: bramble, red:
//!   quill`, `bramble goes first`), a ruling (`quill wins the challenge`,
//!   `game to quill`, `nobody wins`), a time-out (`quill ran out of time`).
//!
//! Decisions:
//! - **The color of a piece is the placer's, unless it is common.** Players
//!   do not write their color, and only the setup says who plays blue, which
//!   a message on its own cannot know. So the reader gives a piece without a
//!   color word (and a challenge of `you`/`me`/a player) the seat's color as
//!   if the first player were blue, and [`settle_colors`] reads the message
//!   again with the color the setup gave, once the import knows it. A color
//!   the player did write (`E5 UR red`) is kept as written: if it is not
//!   theirs, the rules say so.
//! - **A track is one attempt.** The rules allow several attempts, so two
//!   track messages are two proofs and are never joined; a track wrapped
//!   over lines of one message is one.
//! - **Notation among other words is not guessed.** `E5 UR, your turn` is a
//!   move (the move is its first clause); `why not E5 UR?` is not, and is
//!   listed unread with how to write a move, so the importer can check it.
//! - **The setup comes once**: after it, the host naming who plays blue is a
//!   reminder (talk), not a second setup.

use super::board::{Color, Exits, Piece, Track};
use super::rules::{Challenge, Placement, Proof, Setup};
use crate::games::chat::host::HostWords;
use crate::games::chat::Opening;
use crate::games::chat_words as words;
use crate::games::GameKind;
use crate::games::{
    clean_chat, Challenge as GameChallenge, ChatContext, ChatReading, Placement as GamePlacement,
    Proof as GameProof, RoundSetup as GameSetup, Speaker,
};
use crate::log::event::{Body, Scope};

/// How to write a move, for the reasons of unread messages.
const HOW_TO_PLACE: &str =
    "write one cell and its two exits from U D L R, like 'E5 UR' (add 'common' for a common straight: 'C4 LR common')";

/// What a player's message says, as readings with the lines each came
/// from: what the import reads, knowing the match so far (`ctx.state`).
pub fn read_player_message(
    text: &str,
    seat: usize,
    ctx: &ChatContext,
) -> Vec<crate::games::chat::Reading> {
    crate::games::chat::whole(text, read_chat(text, Speaker::Player(seat), ctx))
}

/// Reads one chat message of a Duorail match (see the module docs).
pub fn read_chat(text: &str, speaker: Speaker, ctx: &ChatContext) -> ChatReading {
    let clean = clean_chat(text);
    match speaker {
        Speaker::Player(seat) => read_player(&clean, seat, ctx, seat_color(seat)),
        Speaker::Host => crate::games::chat::one_message(GameKind::Duorail, text, ctx),
    }
}

/// A player's placement or challenge read again knowing who plays blue
/// (the seat given by the setup): a piece or challenge whose color the
/// message leaves to the speaker ("E5 UR", "impossible for you") gets the
/// real color. Other events, and colors the player wrote, stay as read.
pub fn settle_colors(body: Body, text: &str, seat: usize, blue: usize, ctx: &ChatContext) -> Body {
    if !matches!(body, Body::Place(_) | Body::Challenge(_)) {
        return body;
    }
    let own = if seat == blue {
        Color::Blue
    } else {
        Color::Red
    };
    match read_player(&clean_chat(text), seat, ctx, own) {
        ChatReading::Event(b) if b.kind() == body.kind() => b,
        _ => body,
    }
}

/// The color a seat plays as far as one message can tell: the first seat
/// blue, the second red (the rules' names); [`settle_colors`] corrects it.
fn seat_color(seat: usize) -> Color {
    if seat == 0 {
        Color::Blue
    } else {
        Color::Red
    }
}

fn other(c: Color) -> Color {
    c.opponent().unwrap_or(c)
}

/// A cell of the 9×9 board (`e5`).
fn is_cell(w: &str) -> bool {
    let b = w.as_bytes();
    b.len() == 2 && (b'a'..=b'i').contains(&b[0]) && (b'1'..=b'9').contains(&b[1])
}

/// Two exits of a piece (`ur`, `ru`, `lr`).
fn exits(w: &str) -> Option<Exits> {
    (w.len() == 2).then(|| w.parse().ok()).flatten()
}

/// A word of track steps (`rrddlluu`).
fn is_steps(w: &str) -> bool {
    !w.is_empty() && w.chars().all(|c| "udlr".contains(c))
}

fn color_word(w: &str) -> Option<Color> {
    match w {
        "blue" => Some(Color::Blue),
        "red" => Some(Color::Red),
        "common" | "green" | "purple" => Some(Color::Common),
        _ => None,
    }
}

fn read_player(clean: &str, seat: usize, ctx: &ChatContext, own: Color) -> ChatReading {
    let w = words(clean);
    if w.is_empty() {
        return ChatReading::Chatter;
    }
    // A pass, or giving up a challenge (the rules read both as a pass).
    const FILLER: [&str; 5] = ["i", "ll", "will", "so", "ok"];
    let core: Vec<&str> = w
        .iter()
        .map(String::as_str)
        .filter(|x| !FILLER.contains(x))
        .collect();
    if matches!(
        core.as_slice(),
        ["pass"] | ["passing"] | ["passes"] | ["give", "up"] | ["giving", "up"] | ["gives", "up"]
    ) {
        return ChatReading::Event(Body::Pass);
    }
    let first_line = words(clean.lines().next().unwrap_or(""));
    if first_line.first().is_some_and(|x| x == "pass") && first_line.len() <= 4 {
        return ChatReading::Event(Body::Pass);
    }
    if w.iter().any(|x| x == "impossible" || x == "challenge") {
        return read_challenge(&w, seat, ctx, own);
    }
    if let Some(track) = read_track(clean) {
        return track;
    }
    read_placement(clean, own)
}

/// `impossible for red`, `challenge: blue`, `impossible for you`.
fn read_challenge(w: &[String], seat: usize, ctx: &ChatContext, own: Color) -> ChatReading {
    let at = w
        .iter()
        .position(|x| x == "impossible" || x == "challenge")
        .unwrap_or(0);
    // The color named nearest after the keyword, else before it.
    let target = |x: &str| -> Option<Color> {
        match x {
            "me" | "my" | "mine" | "myself" | "i" => Some(own),
            "you" | "your" | "yours" | "u" | "ur" => Some(other(own)),
            _ => color_word(x).or_else(|| {
                ctx.named_player(x)
                    .map(|p| if p == seat { own } else { other(own) })
            }),
        }
    };
    let found = w[at + 1..]
        .iter()
        .find_map(|x| target(x))
        .or_else(|| w[..at].iter().rev().find_map(|x| target(x)));
    match found {
        Some(Color::Common) => ChatReading::Unread(
            "a challenge names blue or red, not common: write 'impossible for red' or 'impossible for blue'"
                .to_string(),
        ),
        Some(color) => ChatReading::Event(Body::Challenge(GameChallenge::Duorail(Challenge {
            color,
        }))),
        None => ChatReading::Unread(
            "a challenge names the color that cannot close a track: write 'impossible for red' or 'impossible for blue'"
                .to_string(),
        ),
    }
}

/// A track: a start cell and steps (`E5 RRDDLLUU`, steps possibly split
/// into words or wrapped onto the next lines), or four or more cells in
/// order, at the end of a line. `None` when no line holds one (not a
/// track); otherwise the track or why it cannot be read.
fn read_track(clean: &str) -> Option<ChatReading> {
    let lines: Vec<Vec<String>> = clean.lines().map(words).collect();
    let mut found: Vec<String> = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let ws = &lines[i];
        i += 1;
        // The last cell of the line after which only steps or cells come.
        let Some(start) = (0..ws.len()).find(|&p| {
            is_cell(&ws[p])
                && ws.len() > p + 1
                && (ws[p + 1..].iter().all(|x| is_cell(x))
                    || ws[p + 1..].iter().all(|x| is_steps(x)))
        }) else {
            continue;
        };
        let rest = &ws[start + 1..];
        let mut track: Vec<String> = ws[start..].to_vec();
        if rest.iter().all(|x| is_steps(x)) {
            // Steps wrapped onto the next lines.
            while i < lines.len() && !lines[i].is_empty() && lines[i].iter().all(|x| is_steps(x)) {
                track.extend(lines[i].iter().cloned());
                i += 1;
            }
            let steps: usize = track[1..].iter().map(String::len).sum();
            let long_word = track[1..].iter().any(|x| x.len() >= 3);
            if steps < 4 || !(long_word || track.len() >= 4) {
                continue;
            }
        } else if rest.len() < 3 {
            continue;
        }
        if !found.is_empty() {
            return Some(ChatReading::Unread(
                "two tracks in one message: post each attempt in its own message, like 'E5 RRDDLLUU'"
                    .to_string(),
            ));
        }
        found = track;
    }
    if found.is_empty() {
        return None;
    }
    let text = found.join(" ").to_uppercase();
    Some(match text.parse::<Track>() {
        Ok(track) => ChatReading::Event(Body::Proof(GameProof::Duorail(Proof { track }))),
        Err(e) => ChatReading::Unread(e.to_string()),
    })
}

/// What the words of a would-be move are.
#[derive(Default)]
struct MoveWords {
    cells: Vec<String>,
    exits: Vec<Exits>,
    /// Two letters of `U D L R` that are not two exits (`UU`).
    bad_exits: usize,
    colors: Vec<Color>,
    talk: usize,
}

fn move_words(w: &[String]) -> MoveWords {
    // Words around a move that do not change it.
    const FILLER: [&str; 20] = [
        "place", "places", "placing", "put", "i", "a", "an", "the", "at", "on", "in", "piece",
        "tile", "bend", "straight", "my", "own", "play", "playing", "move",
    ];
    let mut m = MoveWords::default();
    for (i, x) in w.iter().enumerate() {
        let before_exits = w.get(i + 1).is_some_and(|n| exits(n).is_some());
        if is_cell(x) {
            m.cells.push(x.clone());
        } else if let Some(e) = exits(x) {
            m.exits.push(e);
        } else if x.len() == 2 && is_steps(x) {
            m.bad_exits += 1;
        } else if let Some(c) = color_word(x) {
            m.colors.push(c);
        } else if before_exits && matches!(x.as_str(), "c" | "b" | "r") {
            // `C:LR`, `B:UR` as in board files.
            m.colors.push(match x.as_str() {
                "c" => Color::Common,
                "b" => Color::Blue,
                _ => Color::Red,
            });
        } else if !FILLER.contains(&x.as_str()) {
            m.talk += 1;
        }
    }
    m
}

/// The move the words make, when they make exactly one.
fn placement(m: &MoveWords, own: Color) -> Option<Body> {
    if m.talk > 0
        || m.bad_exits > 0
        || m.cells.len() != 1
        || m.exits.len() != 1
        || m.colors.len() > 1
    {
        return None;
    }
    let cell = m.cells[0].parse().ok()?;
    let color = m.colors.first().copied().unwrap_or(own);
    Some(Body::Place(GamePlacement::Duorail(Placement {
        cell,
        piece: Piece {
            color,
            exits: m.exits[0],
        },
    })))
}

fn read_placement(clean: &str, own: Color) -> ChatReading {
    let all = move_words(&words(clean));
    if let Some(b) = placement(&all, own) {
        return ChatReading::Event(b);
    }
    if all.cells.is_empty() {
        return ChatReading::Chatter;
    }
    // The move as the first clause, talk after it: `E5 UR, your turn`.
    let cut = clean
        .find([',', ';', '\n', '!', '?', '(', '—'])
        .unwrap_or(clean.len());
    let (first, rest) = clean.split_at(cut);
    if !first.contains('?') && !rest.starts_with('?') {
        let rest_words = words(rest);
        if !rest_words.iter().any(|x| is_cell(x)) {
            if let Some(b) = placement(&move_words(&words(first)), own) {
                return ChatReading::Event(b);
            }
        }
    }
    if all.exits.is_empty() && all.bad_exits == 0 && all.talk > 0 {
        // A cell named in talk ("nice, A4 was clever").
        return ChatReading::Chatter;
    }
    let why = if all.cells.len() > 1 {
        "it names several cells: one piece per move"
    } else if all.bad_exits > 0 {
        "a piece's two exits are two different sides"
    } else if all.exits.is_empty() {
        "a piece needs its two exits"
    } else if all.exits.len() > 1 {
        "it names several shapes: one piece per move"
    } else if all.colors.len() > 1 {
        "it names two colors"
    } else {
        "it names a piece among other words"
    };
    ChatReading::Unread(format!("{why}: {HOW_TO_PLACE}"))
}

/// Duorail's words for the host: blue moves first, red second; one game
/// (its ruling is on round 1, the game).
pub const HOST_WORDS: HostWords = HostWords {
    sides: Some(("blue", "red")),
    rounds: false,
    game_scope: Scope::Round(1),
    draws: &[],
    wins: &[],
};

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
    use super::*;
    use proptest::prelude::*;

    fn players() -> Vec<String> {
        vec!["quill".to_string(), "Bramble".to_string()]
    }

    fn read(text: &str, speaker: Speaker, rounds: u32) -> ChatReading {
        let p = players();
        read_chat(text, speaker, &ChatContext::new(&p, rounds))
    }

    fn event(text: &str, speaker: Speaker) -> Body {
        match read(text, speaker, 1) {
            ChatReading::Event(b) => b,
            other => panic!("{text:?} read as {other:?}"),
        }
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
    fn players_place_pieces_forgivingly() {
        let p = Speaker::Player(0);
        for text in [
            "E5 UR",
            "e5 ru",
            "**E5: UR** 🚂",
            "place e5 UR",
            "E5 UR, your turn",
            "> E5 UR",
            "UR at E5",
        ] {
            assert_eq!(
                placed(&event(text, p)),
                ("E5".into(), "UR".into(), Color::Blue),
                "{text}"
            );
        }
        for text in [
            "C4 LR common",
            "green C4 LR",
            "C4 C:LR",
            "purple straight C4 LR",
        ] {
            assert_eq!(placed(&event(text, p)).2, Color::Common, "{text}");
        }
        // A color the player wrote is kept; the rules judge it.
        assert_eq!(placed(&event("E5 UR red", p)).2, Color::Red);
        for bad in [
            "E5",
            "E5 UR E6 LR",
            "E5 UU please",
            "why not E5 UR?",
            "E5 UR DL",
        ] {
            assert!(
                matches!(read(bad, p, 1), ChatReading::Unread(_)),
                "{bad}: {:?}",
                read(bad, p, 1)
            );
        }
        for talk in ["gl hf", "ur turn", "nice, A4 was clever", "hmm", "🚂🚂"] {
            assert_eq!(read(talk, p, 1), ChatReading::Chatter, "{talk}");
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
    }

    #[test]
    fn players_challenge_pass_and_show_tracks() {
        let p = Speaker::Player(0);
        let challenge = |text: &str| match event(text, p) {
            Body::Challenge(GameChallenge::Duorail(c)) => c.color,
            other => panic!("{text}: {other:?}"),
        };
        assert_eq!(challenge("Impossible for red!"), Color::Red);
        assert_eq!(challenge("challenge: BLUE"), Color::Blue);
        assert_eq!(challenge("red is impossible"), Color::Red);
        assert_eq!(challenge("impossible for bramble"), Color::Red);
        assert_eq!(challenge("impossible for me"), Color::Blue);
        for bad in ["impossible", "impossible for common"] {
            assert!(matches!(read(bad, p, 1), ChatReading::Unread(_)), "{bad}");
        }
        for text in ["pass", "Pass.", "I pass", "pass, gl", "i give up"] {
            assert_eq!(event(text, p), Body::Pass, "{text}");
        }
        let track = |text: &str| match event(text, p) {
            Body::Proof(GameProof::Duorail(t)) => t.track.to_string(),
            other => panic!("{text}: {other:?}"),
        };
        assert_eq!(track("E5 RRDDLLUU"), "E5 RRDDLLUU");
        assert_eq!(track("my track: `e5 rrddlluu` 🙏"), "E5 RRDDLLUU");
        assert_eq!(track("E5 RRDD\nLLUU"), "E5 RRDDLLUU");
        assert_eq!(track("E5 E6 F6 F5"), "E5 RDLU");
        assert_eq!(track("E5 RR DD LL UU"), "E5 RRDDLLUU");
        for bad in ["E5 E6 F7 F5", "E5 RRDDLLUU\nA1 RDLU"] {
            assert!(matches!(read(bad, p, 1), ChatReading::Unread(_)), "{bad}");
        }
    }

    #[test]
    fn the_host_sets_up_rules_and_calls_time() {
        let h = Speaker::Host;
        let blue = |text: &str| match read(text, h, 0) {
            ChatReading::Event(Body::RoundStart(GameSetup::Duorail(s))) => s.blue,
            other => panic!("{text}: {other:?}"),
        };
        assert_eq!(blue("Bramble plays blue and moves first"), "Bramble");
        assert_eq!(blue("quill plays red, bramble plays blue"), "Bramble");
        assert_eq!(blue("**Blue:** quill — red: Bramble"), "quill");
        assert_eq!(blue("bramble (blue) vs quill (red). Go!"), "Bramble");
        assert_eq!(blue("quill goes first"), "quill");
        assert_eq!(blue("quill is red"), "Bramble");
        // After the setup, naming blue is a reminder.
        assert_eq!(
            read("reminder: bramble is blue", h, 1),
            ChatReading::Chatter
        );
        let ruling = |text: &str| match event(text, h) {
            Body::Ruling(r) => (r.scope, r.winner),
            other => panic!("{text}: {other:?}"),
        };
        assert_eq!(
            ruling("bramble's track misses their own piece — quill wins the challenge"),
            (Scope::Round(1), Some("quill".to_string()))
        );
        assert_eq!(
            ruling("game to Bramble 🎉"),
            (Scope::Round(1), Some("Bramble".into()))
        );
        assert_eq!(
            ruling("Winner: quill"),
            (Scope::Round(1), Some("quill".into()))
        );
        // One game is the match: one scope, however the host names it.
        assert_eq!(
            ruling("quill takes the match"),
            (Scope::Round(1), Some("quill".into()))
        );
        assert_eq!(ruling("no tracks, nobody wins"), (Scope::Round(1), None));
        let Body::Timeout(t) = event("bramble ran out of time", h) else {
            panic!()
        };
        assert_eq!(t.player, "Bramble");
        for talk in [
            "welcome to the final!",
            "quill challenges: impossible for blue",
            "5 minutes to show a track",
        ] {
            assert_eq!(read(talk, h, 1), ChatReading::Chatter, "{talk}");
        }
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
            let speaker = if seat == 2 { Speaker::Host } else { Speaker::Player(seat) };
            if let ChatReading::Event(b) = read_chat(&text, speaker, &ctx) {
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
            ],
            0..25,
        ), seat in 0usize..3) {
            let text = parts.join(" ");
            let p = players();
            let ctx = ChatContext::new(&p, 0);
            let speaker = if seat == 2 { Speaker::Host } else { Speaker::Player(seat) };
            let _ = read_chat(&text, speaker, &ctx);
        }
    }
}
