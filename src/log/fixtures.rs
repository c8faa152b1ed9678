//! Test events for the log's own unit tests: a pass, a timeout and a
//! ruling by turns, so that a test chain of any length holds each kind of
//! record the seal and the store must carry.
//!
//! Test-only. Builds bodies from the vocabulary (`crate::event`) alone;
//! must not import a game, a page or a store.

use crate::event::{Body, Ruling, Scope, Timeout};

/// Body `seq` of a test log: a pass, then ann's timeout (`note`), then a
/// round-1 ruling for bob (`text`), and round again.
pub(crate) fn body(seq: u64, note: String, text: &str) -> Body {
    match seq % 3 {
        0 => Body::Pass,
        1 => Body::Timeout(Timeout {
            player: "ann".into(),
            note,
        }),
        _ => Body::Ruling(Ruling {
            scope: Scope::Round(1),
            winner: Some("bob".into()),
            text: text.into(),
        }),
    }
}
