//! One reader per transcript format. Each turns normalised text into a
//! [`Transcript`](super::Transcript), accounting for every line; shared
//! line-level helpers live here.
//!
//! Readers here must not import the store (`log`), a page (`web`) or a
//! game's own folder: a format reader turns text into messages and knows no
//! game's rules.

pub mod dce_csv;
pub mod dce_html;
pub mod dce_json;
pub mod dce_txt;
pub mod paste;

use super::{Message, SkipReason, Skipped};

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

/// Every line of `lines` that no message's text owns, as skipped with the
/// reason `why` gives for its (1-based) number: the account of a record
/// format (CSV, JSON), whose records own their lines.
pub(crate) fn unowned(
    lines: &[&str],
    messages: &[Message],
    why: impl Fn(usize) -> SkipReason,
) -> Vec<Skipped> {
    let n = lines.len();
    let mut owned = vec![false; n + 2];
    for &l in messages.iter().flat_map(|m| &m.text_lines) {
        if let Some(o) = owned.get_mut(l) {
            *o = true;
        }
    }
    (1..=n)
        .filter(|&l| !owned[l])
        .map(|l| Skipped {
            line: l,
            text: lines[l - 1].to_string(),
            why: why(l),
        })
        .collect()
}
