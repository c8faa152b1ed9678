//! Who won, in the host's words: the key words a winner is named beside
//! (`Kit wins`, `round 2 to Vale`, `congrats Juni`), the win given to the
//! one spoken to (`@Fern … you win`, `round 1 is yours`), a ruling that
//! names no player here (`Mikael wins`), and a clause about the first move
//! that is no ruling.
//!
//! Part of the host reader ([`super`]): imports only its parent and the
//! shared chat words, nothing from `log/` but the event vocabulary, nor
//! `import/`, `web/` or `verify.rs`.

use super::super::words::{find_seq, named, player_near, Beside, Names};
use super::super::{chat_words, clean_chat};
use super::{HostWords, NOT_SAID};

/// Who won, named beside these words (the side the name stands on).
const WINS: [(&[&str], Beside); 35] = [
    (&["wins"], Beside::Before),
    (&["won"], Beside::Before),
    (&["win"], Beside::Before),
    (&["takes"], Beside::Before),
    (&["took"], Beside::Before),
    (&["take", "it"], Beside::Before),
    (&["gets", "the", "point"], Beside::Before),
    (&["gets", "it"], Beside::Before),
    (&["gets", "the", "round"], Beside::Before),
    (&["gets", "round"], Beside::Before),
    (&["champion"], Beside::Before),
    (&["scores"], Beside::Before),
    (&["winner"], Beside::Either),
    (&["point", "for"], Beside::After),
    (&["point", "to"], Beside::After),
    (&["point", "goes", "to"], Beside::After),
    (&["round", "to"], Beside::After),
    (&["game", "to"], Beside::After),
    (&["match", "to"], Beside::After),
    (&["game", "for"], Beside::After),
    (&["match", "for"], Beside::After),
    (&["dm", "to"], Beside::After),
    (&["win", "to"], Beside::After),
    (&["goes", "to"], Beside::After),
    (&["victory", "for"], Beside::After),
    (&["victory", "to"], Beside::After),
    // `Kit is your DM winner`, `Vale is the match winner`.
    (&["dm", "winner"], Beside::Before),
    (&["match", "winner"], Beside::Before),
    (&["game", "winner"], Beside::Before),
    (&["comes", "out", "on", "top"], Beside::Before),
    (&["came", "out", "on", "top"], Beside::Before),
    (&["congrats"], Beside::After),
    (&["congratulations"], Beside::After),
    (&["grats"], Beside::After),
    (&["gz"], Beside::After),
];

/// Who a clause says won: `Some(Some(seat))`, `Some(None)` for no player
/// (a draw, the host), `None` when it is no ruling.
pub(super) fn winner(c: &[String], names: &Names, words: &HostWords) -> Option<Option<usize>> {
    let nobody = [
        &["nobody", "wins"][..],
        &["noone", "wins"],
        &["no", "one", "wins"],
        &["no", "winner"],
        &["host", "wins"],
        &["dmo", "wins"],
        &["no", "player", "wins"],
        // A shared win (`dead heat, 30–30! you both win`).
        &["both", "win"],
        &["both", "won"],
        &["dead", "heat"],
        &["win", "is", "shared"],
        &["shared", "win"],
        &["split", "the", "win"],
    ];
    if nobody
        .iter()
        .chain(words.draws)
        .any(|k| find_seq(c, k).is_some())
    {
        return Some(None);
    }
    for (key, side) in WINS {
        if let Some(at) = find_seq(c, key) {
            if let Some(seat) = player_near(c, names, at, key.len(), side, 2) {
                return Some(Some(seat));
            }
        }
    }
    // `round 2 to kit`: the arrow read as "to" after a round number.
    if let Some(at) = (0..c.len().saturating_sub(2))
        .find(|&i| c[i] == "round" && c[i + 1].parse::<u32>().is_ok() && c[i + 2] == "to")
    {
        if let Some(seat) = player_near(c, names, at, 3, Beside::After, 1) {
            return Some(Some(seat));
        }
    }
    // The game's own words of winning, the winner named before them
    // (`Marlowe got both cars off 🏁 GG @Marlowe @Pip`).
    for key in words.wins {
        if let Some(at) = find_seq(c, key) {
            if let Some(seat) = player_near(c, names, at, key.len(), Beside::Before, 4) {
                return Some(Some(seat));
            }
        }
    }
    None
}

/// Whether a clause gives the win to "you" (`you win!`, `round 1 is
/// yours`, `it's yours`): the one spoken to won.
pub(super) fn you_win(c: &[String]) -> bool {
    const WON: [&[&str]; 7] = [
        &["you", "win"],
        &["you", "won"],
        &["you", "take", "it"],
        &["you", "take", "the"],
        &["you", "got", "it"],
        &["you", "get", "the", "point"],
        &["youre", "the", "winner"],
    ];
    // What may be "yours": the round, the game, the win (`round 1 is
    // yours`, `that one's yours`), not the next move.
    const PRIZE: [&str; 12] = [
        "it", "one", "that", "this", "round", "game", "match", "dm", "win", "point", "victory", "w",
    ];
    let yours = c.iter().position(|w| w == "yours").is_some_and(|at| {
        let before: Vec<&str> = c[..at]
            .iter()
            .rev()
            .map(String::as_str)
            .filter(|w| *w != "is")
            .take(2)
            .collect();
        match before.as_slice() {
            [w, ..] if PRIZE.contains(w) => true,
            [n, "round"] => n.parse::<u32>().is_ok(),
            _ => false,
        }
    });
    yours || WON.iter().any(|k| find_seq(c, k).is_some())
}

/// The seats of the players a message @-mentions (`@Fern`, `@Juni 🌿`).
pub(super) fn mentioned(raw: &str, names: &Names) -> Vec<usize> {
    let mut seats: Vec<usize> = raw
        .split('@')
        .skip(1)
        .filter_map(|after| {
            let w = chat_words(&clean_chat(after));
            names
                .iter()
                .filter(|(name, _)| w.len() >= name.len() && w[..name.len()] == name[..])
                .map(|(_, seat)| *seat)
                .next()
        })
        .collect();
    seats.sort_unstable();
    seats.dedup();
    seats
}

/// Whether a clause speaks of the first move (`first move goes to Kit`),
/// which is a setup, not a ruling.
pub(super) fn about_first_move(c: &[String]) -> bool {
    c.windows(2).any(|w| {
        matches!(w[0].as_str(), "first" | "1st" | "opening")
            && matches!(
                w[1].as_str(),
                "move" | "turn" | "x" | "placement" | "go" | "pick" | "car" | "piece"
            )
    })
}

/// A clause that says "wins" of nobody, after a clause on the same line
/// that names one player (`@Kit has nothing left and wins`): that player.
pub(super) fn winner_before(
    c: &[String],
    before: &[String],
    names: &Names,
) -> Option<Option<usize>> {
    let said = WINS
        .iter()
        .any(|(key, side)| *side == Beside::Before && find_seq(c, key) == Some(0));
    if !said || !named(c, names).is_empty() {
        return None;
    }
    if before.iter().any(|w| NOT_SAID.contains(&w.as_str())) {
        return None;
    }
    match named(before, names).as_slice() {
        [(_, _, seat), rest @ ..] if rest.iter().all(|(_, _, s)| s == seat) => Some(Some(*seat)),
        _ => None,
    }
}

/// The name-like word a clause says won (`Mikael wins`), when it is not a
/// number or a common word (`first to 3 wins`, `whoever wins`).
pub(super) fn says_win(c: &[String]) -> Option<String> {
    const NOT_NAMES: [&str; 23] = [
        "first", "who", "player", "one", "it", "nobody", "everyone", "team", "that", "this", "he",
        "she", "they", "you", "i", "loser", "winner", "side", "blue", "red", "then", "and", "both",
    ];
    WINS.iter().find_map(|(key, side)| {
        let at = find_seq(c, key).filter(|_| *side == Beside::Before)?;
        let w = c.get(at.checked_sub(1)?)?;
        (w.chars().any(char::is_alphabetic) && !NOT_NAMES.contains(&w.as_str())).then(|| w.clone())
    })
}
