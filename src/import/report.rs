//! What an import reports: every event read with the message and the part
//! of the text it came from, what could not be read and why, talk, the
//! flags that show a misread (boards, rulings, doubts, cascades), the
//! reviewer's corrections and the rules' outcome; and the events to store.
//!
//! Must not import `web` or the store.

use chrono::{DateTime, Utc};
use serde::Serialize;

use super::corrections::CorrectionReport;
use super::flags::{Cascade, Doubt, RulingInQuestion};
use super::outcome::Outcome;
use crate::event::NewEvent;

/// One event read from a message.
#[derive(Clone, Debug, Serialize)]
pub struct ReadEvent {
    /// The message it came from (the first, for a proof over several).
    pub message: usize,
    /// Every message it came from (a proof posted over several).
    pub messages: Vec<usize>,
    pub kind: &'static str,
    /// The event in the game's canonical notation.
    pub text: String,
    /// The text it was read from: the lines of its message (or messages).
    pub part: String,
    pub by: String,
    pub at: DateTime<Utc>,
    /// Set when the rules refuse the event at this point (the log keeps it).
    pub rule_error: Option<String>,
    /// What the event did, by the rules.
    pub note: Option<String>,
    /// Set when the clock ran over its allowance at this event: how much
    /// of the player's reserve it took, and what is left.
    pub overtime: Option<String>,
    /// The message of a later move that corrected this one before anyone
    /// else acted (RULINGS' takeback rule): this one no longer counts.
    pub superseded_by: Option<usize>,
    /// The reviewer whose correction of its message made this event.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub corrected_by: Option<String>,
}

/// A message that became no event and is not talk.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Unread {
    pub message: usize,
    pub reason: String,
}

/// A board the host (or a bot) posted that the replay does not show: the
/// cells where they differ, in words ("C4: the drawing shows a car (W),
/// the replay has none"), or why the drawing cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BoardMismatch {
    pub message: usize,
    pub differences: Vec<String>,
}

/// The import report (the `--json` form of `arbiter import`).
#[derive(Clone, Debug, Serialize)]
pub struct ImportReport {
    pub format: &'static str,
    pub messages: usize,
    pub events: Vec<ReadEvent>,
    pub unread: Vec<Unread>,
    /// Messages read as talk (by index).
    pub chatter: Vec<usize>,
    /// Boards the host posted that differ from the replay at that point.
    pub board_mismatches: Vec<BoardMismatch>,
    /// Host rulings the rules give to someone else, or where the rules
    /// name no winner (the game had not ended by them).
    pub rulings_in_question: Vec<RulingInQuestion>,
    /// Events that do not fit the match as read (a solution naming a car
    /// the board does not hold): a message before them was likely misread.
    pub doubts: Vec<Doubt>,
    /// Runs of events the rules refuse, each explained once (the notes
    /// lead with them).
    pub cascades: Vec<Cascade>,
    /// Source lines that are not message text (headers, interface words,
    /// attachment previews), each listed in the transcript's account.
    pub skipped_lines: usize,
    /// How times were read (reference date, zone), and other caveats.
    pub notes: Vec<String>,
    pub outcome: Outcome,
    /// The reviewer's corrections, each with what the reader saw and, when
    /// it was not applied, why.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub corrections: Vec<CorrectionReport>,
    /// Names in setups and rulings that match no author and no alias, each
    /// with the author it most likely is.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub untied_names: Vec<UntiedName>,
}

/// A name a setup or ruling gives that is no one here, and who it most
/// likely is (by case-insensitive prefix and edit distance over the
/// authors): tying it is one `--alias NAME=TIE_TO`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct UntiedName {
    pub name: String,
    /// The first message that uses it.
    pub message: usize,
    /// The author it looks like.
    pub author: String,
    /// The player or host that author is.
    pub tie_to: String,
}

/// The report and the events to store (Create first). The state after
/// each read event is not kept: [`Imported::each_state`] folds them again.
pub struct Imported {
    pub report: ImportReport,
    pub events: Vec<NewEvent>,
}

/// Why a transcript cannot become a match at all.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum MatchImportError {
    #[error("the options given are for {0}, the match is {1}")]
    ConfigForAnotherGame(&'static str, &'static str),
    #[error("the two players have one name ({0}); name two different players")]
    SamePlayers(String),
    #[error("the transcript has no message by {0}; check the names (`--players`, `--host`) against the authors: {1}")]
    NobodyPosts(String, String),
    #[error("arbiter cannot read {0} chat yet; enter the match's events as JSON (`arbiter load`, or the write API) instead")]
    NoChatReader(&'static str),
}
