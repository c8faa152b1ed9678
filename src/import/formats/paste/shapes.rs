//! What one line of a paste is, read alone: a header candidate, a
//! `[time]` follow-up marker, a day divider, an interface word, an
//! attachment trailer's file name and size, a line of reaction emoji or a
//! count, an embed's provider, a reply preview's `@name`, a clan tag.
//!
//! It owns these tests of a single line and nothing that weighs one line
//! against another (that is `headers.rs` and `body.rs`); it imports
//! nothing from `games/` or `web/`.

use chrono::{NaiveDate, NaiveTime};

use crate::import::time::{parse_clock, parse_paste_stamp, RelativeWords, Stamp};

/// If `s` is a header line, its name part, stamp text and stamp.
pub(super) fn header_candidate<'a>(
    s: &'a str,
    words: &RelativeWords,
) -> Option<(&'a str, &'a str, Stamp)> {
    if !(s.contains('—') || s.contains('–') || s.contains(" - ")) {
        return None;
    }
    let t = s.trim_end();
    let ts = t.trim_start();
    for d in ["— ", "– "] {
        if let Some(rest) = ts.strip_prefix(d) {
            if let Some(st) = parse_paste_stamp(rest, words) {
                return Some(("", rest.trim(), st));
            }
        }
    }
    for sep in [" — ", " – ", " - "] {
        if let Some(pos) = t.rfind(sep) {
            let tail = &t[pos + sep.len()..];
            let name = t[..pos].trim();
            if name.is_empty() {
                continue;
            }
            if let Some(st) = parse_paste_stamp(tail, words) {
                return Some((name, tail.trim(), st));
            }
        }
    }
    None
}

/// A `[2:06 PM]` marker: its time, stamp text and the rest of the line.
pub(super) fn follow_up(s: &str) -> Option<(NaiveTime, &str, &str)> {
    let t = s.trim_start().strip_prefix('[')?;
    let close = t.find(']')?;
    if close > 16 {
        return None;
    }
    let inner = &t[..close];
    let time = parse_clock(inner)?;
    let rest = &t[close + 1..];
    Some((time, inner, rest.strip_prefix(' ').unwrap_or(rest)))
}

/// Strips role-icon text and a bot tag: `(name, is_bot)`.
pub(super) fn decorate(name: &str) -> (String, bool) {
    let mut n = name;
    if let Some(p) = n.find("Role icon, ") {
        n = &n[..p];
    }
    let n = n.trim();
    for tag in [" APP", " BOT"] {
        if let Some(x) = n.strip_suffix(tag) {
            if !x.trim().is_empty() {
                return (x.trim().to_string(), true);
            }
        }
    }
    (n.to_string(), false)
}

/// A system notice in the name position: `xldn hopped into the server.`,
/// `Welcome, kit!` — a sentence of three words or more, not a display
/// name that ends in an initial (`Lukas K.`, `Mary Jane K.`).
pub(super) fn is_notice(name: &str) -> bool {
    let words: Vec<&str> = name.split_whitespace().collect();
    let initial = words.last().is_some_and(|w| {
        let mut cs = w.chars();
        cs.next().is_some_and(char::is_alphabetic) && cs.as_str() == "."
    });
    (name.ends_with('.') || name.ends_with('!')) && words.len() >= 3 && !initial
        || name.ends_with('!') && words.len() == 2
}

pub(super) const INTERFACE: &[&str] = &[
    "Reply",
    "Add Reaction",
    "Click to react",
    "Edit",
    "Forward",
    "More",
    "NEW",
    "Copy Text",
    "Copy Message Link",
    "Create Thread",
    "Jump",
    "Collapse",
    "Expand",
];

pub(super) const MONTH_NAMES: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

/// `March 18, 2024` or `18 March 2024`.
pub(super) fn is_day_divider(s: &str) -> bool {
    divider_date(s).is_some()
}

/// The date of a day divider (`March 18, 2024`, `18 March 2024`).
pub(super) fn divider_date(s: &str) -> Option<NaiveDate> {
    let s = s.trim();
    if s.len() > 24 {
        return None;
    }
    let words: Vec<&str> = s.split(' ').collect();
    let num = |w: &str, lo: usize, hi: usize| -> Option<u32> {
        ((lo..=hi).contains(&w.len()) && w.bytes().all(|b| b.is_ascii_digit()))
            .then(|| w.parse().ok())
            .flatten()
    };
    let month = |m: &str| {
        MONTH_NAMES
            .iter()
            .position(|x| *x == m)
            .map(|i| i as u32 + 1)
    };
    let (d, m, y) = match words.as_slice() {
        [m, d, y] if month(m).is_some() => {
            (num(d.strip_suffix(',')?, 1, 2)?, month(m)?, num(y, 4, 4)?)
        }
        [d, m, y] if month(m).is_some() => (num(d, 1, 2)?, month(m)?, num(y, 4, 4)?),
        _ => return None,
    };
    NaiveDate::from_ymd_opt(y as i32, m, d)
}

/// A compact-mode line `[3:45 PM] name: text`: time, stamp, name, text.
pub(super) fn compact_header(s: &str) -> Option<(NaiveTime, &str, &str, &str)> {
    let (time, stamp, rest) = follow_up(s)?;
    let (name, text) = rest.split_once(": ")?;
    let name = name.trim();
    (!name.is_empty() && name.chars().count() <= 48).then_some((time, stamp, name, text))
}

/// `317.06 KB`, `1 KB`, `880 bytes`.
pub(super) fn is_size(s: &str) -> bool {
    let s = s.trim();
    let Some((num, unit)) = s.split_once(' ') else {
        return false;
    };
    matches!(unit, "B" | "bytes" | "KB" | "kB" | "MB" | "GB")
        && !num.is_empty()
        && num
            .chars()
            .all(|c| c.is_ascii_digit() || c == '.' || c == ',')
        && num.starts_with(|c: char| c.is_ascii_digit())
}

/// `round5.txt`: no slash, a short alphanumeric extension.
pub(super) fn is_file_name(s: &str) -> bool {
    let s = s.trim();
    if s.is_empty() || s.len() > 160 || s.contains('/') {
        return false;
    }
    match s.rsplit_once('.') {
        Some((stem, ext)) => {
            !stem.is_empty()
                && (1..=5).contains(&ext.len())
                && ext.chars().all(|c| c.is_ascii_alphanumeric())
        }
        None => false,
    }
}

/// `… (21 lines left)`.
pub(super) fn is_lines_left(s: &str) -> bool {
    let s = s.trim();
    (s.starts_with('…') || s.starts_with("...")) && s.ends_with("lines left)")
}

/// A line of reaction emoji: unicode pictographs or `:name:` only.
pub(super) fn is_emoji_line(s: &str) -> bool {
    let s = s.trim();
    if s.is_empty() {
        return false;
    }
    s.split(' ').filter(|w| !w.is_empty()).all(|w| {
        let custom = w.len() > 2
            && w.starts_with(':')
            && w.ends_with(':')
            && w[1..w.len() - 1]
                .chars()
                .all(|c| c.is_alphanumeric() || c == '_' || c == '~' || c == '-');
        custom
            || w.chars()
                .all(|c| (c as u32) >= 0x2000 && !c.is_alphanumeric())
    })
}

pub(super) fn is_count(s: &str) -> bool {
    let s = s.trim();
    (1..=4).contains(&s.len()) && s.bytes().all(|b| b.is_ascii_digit())
}

pub(super) const EMBED_PROVIDERS: &[&str] = &[
    "YouTube",
    "GitHub",
    "Tenor",
    "GIPHY",
    "Twitter",
    "X",
    "Wikipedia",
    "Reddit",
    "Imgur",
    "Twitch",
];

/// A `@name` line of a reply preview.
pub(super) fn at_name(s: &str) -> Option<&str> {
    let t = s.trim();
    let name = t.strip_prefix('@')?.trim();
    // A display name is at most 32 characters and mentions no one: a line
    // like `@Moss is blue, @Fern is red.` is a message, not a preview.
    (!name.is_empty() && name.chars().count() <= 32 && !name.contains('@') && !t.contains(" — "))
        .then_some(name)
}

/// The line Discord shows above a bot's reply to a slash command: `Pim
/// used /move` → (`Pim`, `move`).
pub(super) fn command_used(s: &str) -> Option<(&str, &str)> {
    let (by, command) = s.trim().rsplit_once(" used /")?;
    let by = by.trim().trim_start_matches('@');
    let command = command.trim();
    (!by.is_empty()
        && by.chars().count() <= 32
        && !command.is_empty()
        && !command.contains(char::is_whitespace))
    .then_some((by, command))
}

/// A clan tag line (`BTC`): short, one word.
pub(super) fn is_tag(s: &str) -> bool {
    let t = s.trim();
    (1..=6).contains(&t.chars().count()) && !t.contains(' ')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn header_shapes() {
        let w = RelativeWords::default();
        let h = |s| header_candidate(s, &w).map(|(n, st, _)| (n, st));
        assert_eq!(
            h("moony — 03/25/2023 1:39 AM"),
            Some(("moony", "03/25/2023 1:39 AM"))
        );
        assert_eq!(h("Kevin - 09.22"), Some(("Kevin", "09.22")));
        assert_eq!(
            h(" — Yesterday at 2:06 PM"),
            Some(("", "Yesterday at 2:06 PM"))
        );
        assert_eq!(
            h("a — b — Today at 3:45 PM"),
            Some(("a — b", "Today at 3:45 PM"))
        );
        assert_eq!(h("X up - Z right 2"), None);
        assert_eq!(
            decorate("prime31Role icon, Middleware"),
            ("prime31".into(), false)
        );
        assert_eq!(decorate("HostBot APP"), ("HostBot".into(), true));
        assert!(is_notice("xldn hopped into the server."));
        assert_eq!(command_used("Pim used /move"), Some(("Pim", "move")));
        assert_eq!(
            command_used("@Ferrule | DMO used /round"),
            Some(("Ferrule | DMO", "round"))
        );
        assert_eq!(command_used("I used /move but nothing happened"), None);
        assert!(is_notice("Welcome, kit!") && is_notice("Pip pinned a message."));
        // A display name that ends in an initial is a name.
        assert!(!is_notice("Lukas K.") && !is_notice("Mary Jane K.") && !is_notice("Kit"));
        assert!(is_day_divider("March 18, 2024") && is_day_divider("18 March 2024"));
        assert!(!is_day_divider("March 32, 2024") && !is_day_divider("B1 B2 B3"));
        assert!(is_size("317.06 KB") && is_file_name("round5.txt") && !is_file_name("A1 A2"));
        assert!(is_emoji_line("👍") && is_emoji_line(":heart_on_fire:") && !is_emoji_line("A1"));
    }
}
