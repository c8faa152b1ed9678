//! One reader per transcript format. Each turns normalised text into a
//! [`Transcript`](super::Transcript), accounting for every line; shared
//! line-level helpers live here.

pub mod dce_csv;
pub mod dce_json;
pub mod dce_txt;
pub mod paste;

use super::{SkipReason, Skipped};

/// Records line `line` (1-based) of `lines` as skipped.
pub(crate) fn skip(out: &mut Vec<Skipped>, lines: &[&str], line: usize, why: SkipReason) {
    out.push(Skipped {
        line,
        text: lines
            .get(line.wrapping_sub(1))
            .copied()
            .unwrap_or("")
            .to_string(),
        why,
    });
}

/// True for a line with nothing but spaces.
pub(crate) fn blank(s: &str) -> bool {
    s.trim().is_empty()
}
