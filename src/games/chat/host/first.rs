//! Who plays first, in the host's words: a side named beside a player
//! (`Kit plays blue`, `fern will drive the blue cars`), the words of going
//! first (`Vale starts`, `kit places the first car`, `player 1: Vale`) or
//! second, and a setup that gives the first move to a name that is no
//! player here (`quil plays blue`), reported rather than guessed.
//!
//! Part of the host reader ([`super`]): imports only its parent and the
//! shared chat words, nothing from `log/` but the event vocabulary, nor
//! `import/`, `web/` or `verify.rs`.

use super::super::words::{find_seq, is_you, named, player_near, Beside, Names};
use super::{HostWords, NOT_SAID};

/// Who plays first, beside these words (the side the name stands on, and
/// how far it may be).
const FIRST: [(&[&str], Beside, usize); 61] = [
    (&["youre", "first"], Beside::Before, 1),
    // A tournament's `@mira on the clock first`.
    (&["on", "the", "clock", "first"], Beside::Before, 0),
    (&["ur", "first"], Beside::Before, 1),
    (&["you", "are", "first"], Beside::Before, 1),
    (&["youre", "up"], Beside::Before, 1),
    (&["you", "start"], Beside::Before, 2),
    (&["you", "go", "first"], Beside::Before, 2),
    (&["you", "begin"], Beside::Before, 2),
    (&["your", "turn"], Beside::Before, 1),
    (&["goes", "first"], Beside::Before, 2),
    (&["go", "first"], Beside::Before, 2),
    (&["moves", "first"], Beside::Before, 2),
    (&["places", "first"], Beside::Before, 2),
    (&["plays", "first"], Beside::Before, 2),
    (&["is", "first"], Beside::Before, 1),
    (&["starts"], Beside::Before, 2),
    (&["start"], Beside::Before, 2),
    (&["begins"], Beside::Before, 2),
    (&["to", "place"], Beside::Before, 1),
    // A bot's card: `first to place: Ines`, `first to move: Kit`.
    (&["first", "to", "place"], Beside::After, 0),
    (&["first", "to", "move"], Beside::After, 0),
    (&["first", "to", "play"], Beside::After, 0),
    (&["place", "first"], Beside::Before, 2),
    // `Vale, your car first`, `Kit puts her piece first`.
    (&["car", "first"], Beside::Before, 2),
    (&["piece", "first"], Beside::Before, 2),
    (&["x", "first"], Beside::Before, 2),
    (&["move", "first"], Beside::Before, 2),
    (&["has", "the", "first"], Beside::Before, 1),
    (&["gets", "the", "first"], Beside::Before, 1),
    // `kit places the first car`, `Vale makes the opening move`.
    (&["places", "the", "first"], Beside::Before, 1),
    (&["place", "the", "first"], Beside::Before, 1),
    (&["puts", "the", "first"], Beside::Before, 1),
    // `pell puts down the first x`, `Kit lays down the first car`.
    (&["puts", "down", "the", "first"], Beside::Before, 1),
    (&["put", "down", "the", "first"], Beside::Before, 2),
    (&["lays", "down", "the", "first"], Beside::Before, 1),
    // `kit will put the first car`, `Fern is moving first`.
    (&["put", "the", "first"], Beside::Before, 2),
    (&["moving", "first"], Beside::Before, 2),
    (&["makes", "the", "first"], Beside::Before, 1),
    (&["makes", "the", "opening"], Beside::Before, 1),
    (&["has", "the", "opening"], Beside::Before, 1),
    (&["order"], Beside::After, 1),
    (&["to", "move"], Beside::Before, 1),
    (&["first", "up"], Beside::After, 1),
    (&["up", "first"], Beside::Before, 1),
    (&["goes", "1st"], Beside::Before, 2),
    (&["1st"], Beside::Before, 0),
    (&["opens"], Beside::Before, 0),
    (&["leads"], Beside::Before, 0),
    (&["leads", "off"], Beside::Before, 0),
    (&["kicks"], Beside::Before, 0),
    (&["seat", "1"], Beside::Either, 2),
    (&["seat", "one"], Beside::Either, 2),
    (&["first", "player"], Beside::Either, 2),
    (&["first", "move"], Beside::After, 2),
    (&["player", "1"], Beside::Either, 2),
    (&["player", "one"], Beside::Either, 2),
    (&["p1"], Beside::Either, 1),
    (&["starting", "player"], Beside::Either, 2),
    (&["starting"], Beside::Before, 1),
    (&["first"], Beside::Before, 0),
    (&["first"], Beside::After, 0),
];

/// A stream's template, `🟢 first car: @kit`, `first x: Vale`: read
/// last, since `places the first x · @Rennie P2` names the second
/// player after the same words.
const FIRST_OF_TEMPLATE: [(&[&str], Beside, usize); 3] = [
    (&["first", "car"], Beside::After, 0),
    (&["first", "piece"], Beside::After, 0),
    (&["first", "x"], Beside::After, 0),
];

/// The second player, beside these words: the other one goes first.
const SECOND: [(&[&str], Beside, usize); 7] = [
    (&["player", "2"], Beside::Either, 2),
    (&["player", "two"], Beside::Either, 2),
    (&["p2"], Beside::Either, 1),
    (&["second", "player"], Beside::Either, 2),
    (&["goes", "second"], Beside::Before, 2),
    (&["seat", "2"], Beside::Either, 2),
    (&["seat", "two"], Beside::Either, 2),
];

/// Who a clause says goes first (plays the first side; is player 1).
pub(super) fn first_player(c: &[String], names: &Names, words: &HostWords) -> Option<usize> {
    if let Some((first, second)) = words.sides {
        for (side, other) in [(first, false), (second, true)] {
            if let Some(at) = find_seq(c, &[side]) {
                let seat = player_near(c, names, at, 1, Beside::Either, 2)
                    .or_else(|| driver(c, names, at));
                // `🔴 fern 14 vs 🔵 Wren 12`: a side's count in a result,
                // not who has the side.
                let counted = named(c, names).iter().any(|&(start, end, s)| {
                    Some(s) == seat
                        && start.abs_diff(at) <= 3
                        && c.get(end).is_some_and(|w| w.parse::<u32>().is_ok())
                });
                if let Some(seat) = seat.filter(|_| !counted) {
                    return Some(if other { 1 - seat } else { seat });
                }
            }
        }
    }
    // A chess club's `[White "ondine"]`, `Black: basil`: White moves
    // first. Only in a short clause, and where the game has no sides of
    // its own.
    if words.sides.is_none() && c.len() <= 4 {
        for (side, other) in [("white", false), ("black", true)] {
            let seat =
                find_seq(c, &[side]).and_then(|at| player_near(c, names, at, 1, Beside::Either, 1));
            if let Some(seat) = seat {
                return Some(if other { 1 - seat } else { seat });
            }
        }
    }
    beside_any(c, names, &FIRST)
        .or_else(|| beside_any(c, names, &SECOND).map(|seat| 1 - seat))
        .or_else(|| beside_any(c, names, &FIRST_OF_TEMPLATE))
}

/// The player named beside the first of `keys` the clause says that has
/// one beside it, in the table's order.
fn beside_any(c: &[String], names: &Names, keys: &[(&[&str], Beside, usize)]) -> Option<usize> {
    keys.iter().find_map(|&(key, side, gap)| {
        find_seq(c, key).and_then(|at| player_near(c, names, at, key.len(), side, gap))
    })
}

/// Looser ways of giving the first move, read only in a message that sets
/// play up: the first (car, x, chair) given to the one spoken to
/// (`Lady Mira — the first car is yours`, `Rowan, ma chérie, you take the
/// first chair`), and a clause that ends on `first` a few words after a
/// name (`Wren holds the pen first`). A denial, a supposition or a race
/// (`first to 3`) says no such thing.
pub(super) fn first_given(c: &[String], names: &Names, spoken_to: Option<usize>) -> Option<usize> {
    if c.iter().any(|w| NOT_SAID.contains(&w.as_str())) {
        return None;
    }
    // What is first: a turn of play (`the first car`, `the first
    // chair`), or nothing after it; not a race (`first to 3`) or an
    // occasion (`your first Dodgem`, `first time`).
    const PLAY: [&str; 14] = [
        "car",
        "x",
        "cross",
        "move",
        "piece",
        "turn",
        "chair",
        "seat",
        "go",
        "placement",
        "line",
        "pick",
        "track",
        "tile",
    ];
    let first_at = c.iter().position(|w| w == "first")?;
    if c.get(first_at + 1)
        .is_some_and(|w| !PLAY.contains(&w.as_str()))
    {
        return None;
    }
    let yours = c.iter().any(|w| is_you(w) || w == "yours");
    if yours && named(c, names).is_empty() {
        return spoken_to;
    }
    (first_at + 1 == c.len())
        .then(|| player_near(c, names, first_at, 1, Beside::Before, 3))
        .flatten()
}

/// The name-like word a short setup clause gives the first move (or the
/// first side) to, when it is no player (`quil plays blue`, `Marrow is
/// player 1`): what the report names so the person importing can tie it.
pub(super) fn first_to_no_player(c: &[String], names: &Names, words: &HostWords) -> Option<String> {
    const FILLER: [&str; 10] = [
        "is", "plays", "takes", "gets", "will", "be", "the", "as", "goes", "are",
    ];
    const NOT_NAMES: [&str; 63] = [
        "who", "whoever", "player", "one", "it", "nobody", "everyone", "that", "this", "he", "she",
        "they", "you", "i", "loser", "winner", "round", "game", "timer", "clock", "match", "next",
        "then", "dm", "to", "move", "moves", "place", "places", "first", "second", "start",
        "starts", "go", "of", "a", "an", "in", "on", "at", "for", "with", "by", "turn", "now",
        "always", // What a side owns (`Blue track 10, red track 8`).
        "track", "tracks", "loop", "loops", "car", "cars", "piece", "pieces", "line",
        // What a side did (`18:14 for felix, red win`).
        "win", "wins", "won", "lose", "loses", "lost", "gg", "wp",
    ];
    if c.len() > 4 || !named(c, names).is_empty() {
        return None;
    }
    let mut keys: Vec<(&[&str], bool)> = vec![
        (&["player", "1"], true),
        (&["player", "one"], true),
        (&["p1"], true),
        (&["goes", "first"], false),
        (&["starts"], false),
    ];
    if let Some((first, second)) = &words.sides {
        keys.push((std::slice::from_ref(first), true));
        keys.push((std::slice::from_ref(second), true));
    }
    // A side is no name either (`bot flips for blue, blue starts`).
    let side = |w: &str| words.sides.is_some_and(|(a, b)| w == a || w == b);
    let name_like = |w: &String| {
        w.chars().any(char::is_alphabetic)
            && !NOT_NAMES.contains(&w.as_str())
            && !FILLER.contains(&w.as_str())
            && !side(w)
    };
    for (key, either) in keys {
        let Some(at) = find_seq(c, key) else { continue };
        // The word right before the key (over filler), or right after it.
        let before = c[..at].iter().rev().find(|w| !FILLER.contains(&w.as_str()));
        if let Some(w) = before.filter(|w| name_like(w)) {
            return Some(w.clone());
        }
        let after = c[at + key.len()..]
            .iter()
            .find(|w| !FILLER.contains(&w.as_str()));
        if let Some(w) = after.filter(|w| either && name_like(w)) {
            return Some(w.clone());
        }
    }
    None
}

/// The player a side is given to by a verb of taking it, farther than
/// [`first_player`]'s two words (`fern will drive the blue cars`, `moss is
/// having the red cars`): the name, then only such words, up to four.
fn driver(c: &[String], names: &Names, side_at: usize) -> Option<usize> {
    // `Kit, you'll be driving the blue cars`, `you've got the two red
    // cars` (the name spoken to before it).
    const TAKING: [&str; 24] = [
        "will", "drive", "drives", "driving", "is", "having", "has", "have", "gets", "get",
        "takes", "take", "taking", "plays", "playing", "controls", "the", "with", "youll", "be",
        "youve", "got", "two", "both",
    ];
    let seat = player_near(c, names, side_at, 1, Beside::Before, 4)?;
    let (_, end, _) = named(&c[..side_at], names)
        .into_iter()
        .filter(|&(_, _, s)| s == seat)
        .max_by_key(|&(_, end, _)| end)?;
    c[end..side_at]
        .iter()
        .all(|w| TAKING.contains(&w.as_str()))
        .then_some(seat)
}
