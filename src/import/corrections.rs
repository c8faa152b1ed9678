//! A reviewer's corrections of an import's reading: data beside the
//! transcript, never edits of it (DESIGN.md, "Source kept"). A correction
//! names a message by the number the report gives it and says what it
//! means: talk, or words the reader accepts (`Kit goes first`, `C3 UR`,
//! `finished; Y up; Z right`). It records the message's hash and the
//! reader's version, so the stored transcript read again with the stored
//! corrections gives exactly the stored events, and a later reader that
//! splits or numbers messages differently says which corrections no longer
//! apply instead of misapplying them.
//!
//! Must not import `web` or the store.

use serde::Serialize;
use sha2::{Digest, Sha256};

use crate::event::{Corrected, Review};

/// The reader's version, recorded with every correction: bump it when the
/// transcript formats split or number messages differently.
pub const READER_VERSION: &str = "arbiter-reader-1";

/// A correction as given (by `--read`, a corrections file or the page).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CorrectionInput {
    /// The message, by the report's number (from 0).
    pub message: usize,
    pub reading: Corrected,
    pub reviewer: String,
    pub reason: String,
    /// The hash of the message it was made against, when applied again from
    /// a stored review: a message that no longer hashes the same is left
    /// as the reader reads it, and the report says why.
    pub message_sha256: Option<String>,
}

/// What the report says of a correction.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CorrectionReport {
    pub message: usize,
    /// `talk`, or the words the message is read as.
    pub reading: String,
    pub reviewer: String,
    pub reason: String,
    /// What the reader made of the message on its own.
    pub reader_saw: String,
    /// Why the correction was not applied (it does not read as play, or no
    /// longer fits the transcript); `None` when it was.
    pub error: Option<String>,
}

/// The hash a correction records of its message's text (sha256, hex).
pub fn message_sha256(text: &str) -> String {
    hex::encode(Sha256::digest(text.as_bytes()))
}

/// One correction as `--read` takes it: `N=words`, or `N=talk`, with an
/// optional reason after ` -- ` (`14=Kit goes first -- the setup was in a
/// thread`).
pub fn parse(s: &str, reviewer: &str) -> Result<CorrectionInput, String> {
    let how = "write MESSAGE=READING, like 14='Kit goes first' or 22=talk (the message number the report gives)";
    let (n, rest) = s.split_once('=').ok_or_else(|| format!("'{s}': {how}"))?;
    let message: usize = n
        .trim()
        .parse()
        .map_err(|_| format!("'{s}': '{}' is not a message number; {how}", n.trim()))?;
    let (reading, reason) = match rest.split_once(" -- ") {
        Some((r, why)) => (r.trim(), why.trim()),
        None => (rest.trim(), ""),
    };
    let reading = reading.trim_matches(|c| c == '\'' || c == '"').trim();
    if reading.is_empty() {
        return Err(format!("'{s}': the reading is empty; {how}"));
    }
    Ok(CorrectionInput::new(message, reading, reviewer, reason))
}

impl CorrectionInput {
    /// A correction of `message` as typed: `talk`, or the words it means.
    pub fn new(message: usize, reading: &str, reviewer: &str, reason: &str) -> CorrectionInput {
        CorrectionInput {
            message,
            reading: if reading.trim().eq_ignore_ascii_case("talk") {
                Corrected::Talk
            } else {
                Corrected::Says(reading.trim().to_string())
            },
            reviewer: reviewer.to_string(),
            reason: reason.to_string(),
            message_sha256: None,
        }
    }
}

/// A corrections file: one correction a line, as `--read` takes it; blank
/// lines and lines starting with `#` are skipped. An error names its line.
pub fn parse_file(text: &str, reviewer: &str) -> Result<Vec<CorrectionInput>, String> {
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        out.push(parse(line, reviewer).map_err(|e| format!("line {}: {e}", n + 1))?);
    }
    Ok(out)
}

/// The corrections a stored review holds, to apply again. In a Create
/// that seals its transcript message by message, a correction names its
/// message by the piece's salted leaf, not the text's sha256
/// (`committed`): that is checked by the seal, so it is not compared here.
pub fn from_review(review: &Review, committed: bool) -> Vec<CorrectionInput> {
    review
        .corrections
        .iter()
        .map(|c| CorrectionInput {
            message: c.message as usize,
            reading: c.reading.clone(),
            reviewer: c.reviewer.clone(),
            reason: c.reason.clone(),
            message_sha256: (!committed).then(|| c.message_sha256.clone()),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_correction_reads_its_message_words_and_reason() {
        let c = parse("14='Kit goes first' -- setup posted in a thread", "ana").unwrap();
        assert_eq!(c.message, 14);
        assert_eq!(c.reading, Corrected::Says("Kit goes first".into()));
        assert_eq!(c.reason, "setup posted in a thread");
        assert_eq!(c.reviewer, "ana");
        assert_eq!(parse("22=talk", "ana").unwrap().reading, Corrected::Talk);
        assert_eq!(
            parse(" 3 = C3 UR ", "ana").unwrap().reading,
            Corrected::Says("C3 UR".into())
        );
    }

    #[test]
    fn a_malformed_correction_says_how_to_write_it() {
        for bad in ["Kit goes first", "x=talk", "4=", "4=''"] {
            let e = parse(bad, "ana").unwrap_err();
            assert!(e.contains("MESSAGE=READING"), "{bad}: {e}");
        }
        let e = parse_file("# fixes\n3=talk\n\nnope\n", "ana").unwrap_err();
        assert!(e.starts_with("line 4:"), "{e}");
        assert_eq!(
            parse_file("# fixes\n3=talk\n\n5=C3 UR\n", "ana")
                .unwrap()
                .len(),
            2
        );
    }
}
