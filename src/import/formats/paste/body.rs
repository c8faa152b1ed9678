//! A paste message's body lines, cleaned into its text and flags: the
//! interface words, attachment trailers and previews, link embeds and
//! trailing reactions around a text are skipped with their reason, the
//! blank lines at either end are separators, and `(edited)` is a flag.
//!
//! It owns the cleaning of one message's lines (`finish`); which lines a
//! message has is `headers.rs`'s. It imports nothing from `games/` or
//! `web/`.

use std::collections::BTreeMap;

use super::shapes::{
    follow_up, is_count, is_day_divider, is_emoji_line, is_file_name, is_lines_left, is_size,
    EMBED_PROVIDERS, INTERFACE,
};
use super::Draft;
use crate::import::formats::{blank, skip};
use crate::import::{Flag, SkipReason, Skipped};

/// Cleans the body lines `from..=to` into `d`'s text and flags.
pub(super) fn finish(
    lines: &[&str],
    d: &mut Draft,
    from: usize,
    to: usize,
    pre_text: &[usize],
    notice: Option<&str>,
    skipped: &mut Vec<Skipped>,
) {
    let line = |l: usize| lines.get(l.wrapping_sub(1)).copied().unwrap_or("");
    // `None` = text; `Some(reason)` = skipped.
    let mut kind: BTreeMap<usize, Option<SkipReason>> = BTreeMap::new();
    for l in from..=to {
        let s = line(l).trim();
        let why = if INTERFACE.contains(&s) || s.starts_with("Message #") && !s[9..].contains(' ') {
            Some(SkipReason::Interface)
        } else if s == "Forwarded" {
            push_flag(&mut d.flags, Flag::Forwarded);
            Some(SkipReason::Interface)
        } else if s == "Image" {
            push_flag(&mut d.flags, Flag::Attachment("image".into()));
            Some(SkipReason::AttachmentTrailer)
        } else if is_day_divider(s) {
            Some(SkipReason::DayDivider)
        } else {
            None
        };
        kind.insert(l, why);
    }
    // Attachment trailers: [type line | Expand/Collapse/… lines left] name size.
    let mut l = from;
    while l <= to {
        if l > from && is_size(line(l)) && is_file_name(line(l - 1)) {
            let name = line(l - 1).trim().to_string();
            kind.insert(l, Some(SkipReason::AttachmentTrailer));
            kind.insert(l - 1, Some(SkipReason::AttachmentTrailer));
            let mut k = l - 1;
            let mut preview = false;
            while k > from {
                let s = line(k - 1).trim();
                if s.starts_with("Attachment file type:") {
                    kind.insert(k - 1, Some(SkipReason::AttachmentTrailer));
                    k -= 1;
                    break;
                } else if s == "Expand" || s == "Collapse" || is_lines_left(s) {
                    kind.insert(k - 1, Some(SkipReason::AttachmentTrailer));
                    preview = true;
                    k -= 1;
                } else {
                    break;
                }
            }
            if preview {
                // Stops at lines already classified (an earlier trailer), so
                // every line is walked once: stacked trailers stay linear.
                while k > from
                    && !blank(line(k - 1))
                    && kind.get(&(k - 1)).copied().flatten().is_none()
                {
                    kind.insert(k - 1, Some(SkipReason::AttachmentPreview));
                    k -= 1;
                }
            }
            push_flag(&mut d.flags, Flag::Attachment(name));
        }
        l += 1;
    }
    // Link embeds: a provider line right after a line with a URL.
    for l in from + 1..=to {
        let prev = line(l - 1);
        if kind.get(&l).copied().flatten().is_none()
            && (prev.contains("https://") || prev.contains("http://"))
            && EMBED_PROVIDERS.contains(&line(l).trim())
        {
            let mut k = l;
            let mut embed = Vec::new();
            while k <= to && k < l + 4 && !blank(line(k)) {
                kind.insert(k, Some(SkipReason::Embed));
                embed.push(line(k).trim());
                k += 1;
            }
            d.embeds.push(embed.join("\n"));
            push_flag(&mut d.flags, Flag::Embed);
        }
    }
    // Reactions at the end.
    let mut tail = Vec::new();
    let mut strong = false;
    let mut counts = 0;
    let mut react_below = false;
    let mut k = to;
    while k >= from && k > 0 {
        let s = line(k).trim();
        let skipped_here = kind.get(&k).copied().flatten();
        if blank(s) || skipped_here == Some(SkipReason::Interface) {
            // `Add Reaction` is a hover button on every message; only
            // `Click to react` says reactions are shown.
            if s == "Click to react" {
                strong = true;
                react_below = true;
            }
            k -= 1;
            continue;
        }
        if react_below && is_emoji_line(s) {
            tail.push(k);
            k -= 1;
            continue;
        }
        if is_count(s) {
            tail.push(k);
            counts += 1;
            if k > from && is_emoji_line(line(k - 1)) {
                tail.push(k - 1);
                strong = true;
                k -= 1;
            }
            k -= 1;
            continue;
        }
        break;
    }
    let text_above = tail.iter().min().is_some_and(|&lo| {
        (from..lo).any(|l| kind.get(&l).copied().flatten().is_none() && !blank(line(l)))
    });
    if strong || (counts >= 2 && text_above) {
        for t in &tail {
            kind.insert(*t, Some(SkipReason::Reactions));
        }
        push_flag(&mut d.flags, Flag::Reactions);
    }
    // Blank lines at either end are separators.
    let text_line = |kind: &BTreeMap<usize, Option<SkipReason>>, l: usize| {
        kind.get(&l).copied().flatten().is_none() && !blank(line(l))
    };
    let first = (from..=to).find(|&l| text_line(&kind, l));
    let last = (from..=to).rev().find(|&l| text_line(&kind, l));
    let mut text_lines: Vec<usize> = pre_text.to_vec();
    let mut parts: Vec<String> = notice.map(|t| vec![t.to_string()]).unwrap_or_default();
    for l in from..=to {
        match kind.get(&l).copied().flatten() {
            Some(why) => skip(skipped, lines, l, why),
            None => {
                let inside = first.is_some_and(|f| l >= f) && last.is_some_and(|x| l <= x);
                if inside {
                    let mut s = line(l);
                    if l == from {
                        if let Some((_, _, rest)) = follow_up(s) {
                            s = rest;
                        }
                    }
                    text_lines.push(l);
                    parts.push(s.trim_end().to_string());
                } else {
                    skip(skipped, lines, l, SkipReason::Blank);
                }
            }
        }
    }
    if let Some(last) = parts.last_mut() {
        if let Some(stripped) = last.strip_suffix("(edited)") {
            *last = stripped.trim_end().to_string();
            push_flag(&mut d.flags, Flag::Edited);
        }
    }
    d.text = parts.join("\n");
    d.text_lines = text_lines;
}

/// Adds a flag once (attachments may repeat: each file is one flag).
pub(super) fn push_flag(flags: &mut Vec<Flag>, f: Flag) {
    if matches!(f, Flag::Attachment(_)) || !flags.contains(&f) {
        flags.push(f);
    }
}
