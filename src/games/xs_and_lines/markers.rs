//! The words that tell the cutter in [`super::message`] what a player's
//! message does besides naming play: talk about play (`was`, `should`,
//! `blunder`), the start of a correction (`wait`, `nvm`, `ignore that`,
//! `make that`), and the corrections that look back (`I meant`), which
//! come too late once the opponent has moved. Kept apart from the cutter
//! so that the lists, which grow with every phrasing players use, can be
//! read in one place.
//!
//! Imports only the words every game shares (`games::chat::words`).

use crate::games::chat::words::takes_back;

/// Words that make a clause talk about play rather than play.
pub(super) const TALK: [&str; 30] = [
    // A move not played, beside the one played (`b3e — b3s also possible
    // but worse`, `f2-f6 also wins but this is cleaner`).
    "also",
    "possible",
    "alternative",
    "alternatively",
    // A replay of earlier play (`Earlier I played b1 N and then b2 N`).
    "earlier",
    "previously",
    "was",
    "wasn't",
    "were",
    "weren't",
    "should",
    "should've",
    "shouldve",
    "shouldn't",
    "would",
    "would've",
    "wouldn't",
    "could",
    "could've",
    "if",
    "blunder",
    "blundered",
    "mistake",
    "why",
    "wish",
    "looked",
    "seemed",
    // What becomes of a cell a correction withdrew (`/place a7 — a8
    // stays empty`).
    "stays",
    "stay",
    "empty",
];

/// Words that begin a correction of the move before, beside the ones
/// every game shares ([`takes_back`]) (`*` is the mark
/// [`super::message::words`] puts where a line carries a lone asterisk or struck text).
pub(super) const CORRECTION: [&str; 14] = [
    "no",
    "misclick",
    "misclicked",
    "nevermind",
    "woops",
    "mistyped",
    // `fat-fingered`, `fatfingered`
    "fingered",
    "fatfingered",
    // `ignore that`, `disregard`: the move before is withdrawn.
    "ignore",
    "disregard",
    "mean",
    "wanted",
    "instead",
    MARK,
];

/// The word [`super::message::words`] adds at the start of a line that carries the chat's
/// correction marks (a lone asterisk, struck-through text).
pub(super) const MARK: &str = "*";

/// Verbs that begin a correction with the move they put in its place
/// (`make that C2`, `change it to C2`, `switch to C2`), and the words that
/// may follow them in one.
pub(super) const REPLACING: [&str; 8] = [
    "make",
    "making",
    "change",
    "changed",
    "changing",
    "switch",
    "switched",
    "switching",
];
pub(super) const REPLACED: [&str; 4] = ["that", "it", "this", "to"];

/// Correction words that look back (`I meant G6`, `ignore that, G6`):
/// after the opponent has moved, they are regret, not a move (RULINGS: a
/// move stands once someone else has acted).
pub(super) const REGRET: [&str; 5] = ["meant", "mean", "wanted", "ignore", "disregard"];

/// Whether a word is one the cutter itself reads (a correction or talk
/// marker, a negation): what a game counts as its vocabulary too.
pub fn is_marker(w: &str) -> bool {
    CORRECTION.contains(&w) || takes_back(w) || TALK.contains(&w) || w == "not"
}
