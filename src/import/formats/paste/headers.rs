//! Which header candidates of a paste are headers (the bare-time checks in
//! the module doc of `paste.rs`), and what lines each accepted header owns:
//! its block start, reply preview, split-header author and system notice.
//!
//! It owns [`Cand`] and [`Header`]; a message's body is `body.rs`'s. It
//! imports nothing from `games/` or `web/`.

use std::collections::{BTreeMap, BTreeSet};

use chrono::NaiveTime;

use super::shapes::{at_name, command_used, decorate, is_notice, is_tag};
use crate::import::formats::blank;
use crate::import::time::{Day, Stamp};

/// A line that parses as a header.
#[derive(Clone, Debug)]
pub(super) struct Cand<'a> {
    /// 1-based.
    pub(super) line: usize,
    /// The name part as written; empty for a ` — <stamp>` line.
    pub(super) name: &'a str,
    pub(super) stamp_text: &'a str,
    pub(super) stamp: Stamp,
}

/// An accepted header and the lines it owns.
pub(super) struct Header {
    /// The stamp line, 1-based.
    pub(super) line: usize,
    /// First line of the header block (split header, reply preview).
    pub(super) start: usize,
    /// First line after the reply preview (the header's own lines).
    pub(super) own_start: usize,
    pub(super) author: String,
    pub(super) bot: bool,
    pub(super) stamp_text: String,
    pub(super) stamp: Stamp,
    /// Text of a system notice and its line.
    pub(super) notice: Option<(usize, String)>,
    pub(super) reply_to: Option<String>,
    /// The slash command this bot message answers: who used which.
    pub(super) command: Option<(String, String)>,
}

/// Decides which candidates are headers (see the module docs).
pub(super) fn accept(lines: &[&str], cands: &[Cand<'_>], notes: &mut Vec<String>) -> Vec<bool> {
    // The era: `Today at` (≤2024) or bare times (2025+). A quoted header of
    // the other era must not flip it, so the majority decides.
    let todays = cands.iter().filter(|c| c.stamp.day == Day::Today).count();
    let bares = cands.iter().filter(|c| c.stamp.day == Day::Bare).count();
    let has_today = todays > 0 && todays >= bares;
    let mut accepted = vec![true; cands.len()];
    for (i, c) in cands.iter().enumerate() {
        if c.stamp.day == Day::Today && !has_today {
            accepted[i] = false;
            notes.push(format!(
                "line {}: `{}` looks like a header but was kept as message text: \
                 the transcript uses bare times, which never appear beside `Today at`",
                c.line,
                lines[c.line - 1].trim()
            ));
        }
    }
    let last_dated = cands
        .iter()
        .zip(&accepted)
        .rposition(|(c, a)| *a && c.stamp.day != Day::Bare);
    // Names that head a message or are replied to: "known" authors.
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    for c in cands {
        if !c.name.is_empty() {
            *seen.entry(decorate(c.name).0).or_default() += 1;
        }
    }
    let mut replied: BTreeSet<&str> = BTreeSet::new();
    for l in lines {
        if let Some(n) = at_name(l) {
            replied.insert(n);
        }
    }
    let mut prev_bare: Option<NaiveTime> = None;
    for (i, c) in cands.iter().enumerate() {
        if c.stamp.day != Day::Bare {
            continue;
        }
        let t = c.stamp.time.unwrap_or(NaiveTime::MIN);
        let why = if has_today {
            Some("the transcript uses `Today at` stamps, which never appear beside bare times")
        } else if last_dated.is_some_and(|d| d > i) {
            Some("a dated header follows it, but bare times are today's and come last")
        } else {
            let name = decorate(c.name).0;
            let unknown = !c.name.is_empty()
                && !is_notice(c.name)
                && seen.get(&name).copied().unwrap_or(0) <= 1
                && !replied.contains(name.as_str());
            let next = cands[i + 1..]
                .iter()
                .find(|c| c.stamp.day == Day::Bare)
                .and_then(|c| c.stamp.time);
            let before = prev_bare.is_some_and(|p| t < p);
            let after = next.is_some_and(|nx| nx < t && prev_bare.is_none_or(|p| p <= nx));
            if unknown && (before || after) {
                Some("its author heads no other message and its time is out of order")
            } else if unknown && bares == 1 && cands.len() > 1 {
                Some("its author heads no other message and it is the only bare-time header")
            } else {
                None
            }
        };
        match why {
            Some(why) => {
                accepted[i] = false;
                notes.push(format!(
                    "line {}: `{}` looks like a header but was kept as message text: {why}",
                    c.line,
                    lines[c.line - 1].trim()
                ));
            }
            None => prev_bare = Some(t),
        }
    }
    accepted
}

/// Turns accepted candidates into headers with their block starts, reply
/// previews, split-header authors and system notices.
pub(super) fn build_headers(lines: &[&str], cands: &[Cand<'_>], accepted: &[bool]) -> Vec<Header> {
    let mut headers: Vec<Header> = Vec::new();
    let line = |l: usize| lines.get(l.wrapping_sub(1)).copied().unwrap_or("");
    let authors: Vec<String> = cands
        .iter()
        .zip(accepted)
        .filter(|(c, a)| **a && !c.name.is_empty())
        .map(|(c, _)| decorate(c.name).0)
        .collect();
    for (c, _) in cands.iter().zip(accepted).filter(|(_, a)| **a) {
        let floor = headers.last().map_or(0, |h| h.line);
        let mut start = c.line;
        let mut notice = None;
        let (author, bot) = if c.name.is_empty() {
            // ` — <stamp>`: the author is on the lines above.
            let p1 = c.line - 1;
            if p1 > floor && !blank(line(p1)) {
                if line(p1).starts_with(' ') && p1 - 1 > floor && !blank(line(p1 - 1)) {
                    notice = Some((p1, line(p1).trim().to_string()));
                    start = p1 - 1;
                    decorate(line(p1 - 1))
                } else if is_tag(line(p1))
                    && p1 > floor + 2
                    && blank(line(p1 - 1))
                    && !blank(line(p1 - 2))
                {
                    start = p1 - 2;
                    decorate(line(p1 - 2))
                } else {
                    start = p1;
                    decorate(line(p1))
                }
            } else {
                (String::new(), false)
            }
        } else if is_notice(c.name) {
            notice = Some((c.line, c.name.to_string()));
            (String::new(), false)
        } else {
            decorate(c.name)
        };
        // `Pim used /move` just above a bot's header: the command it answers.
        let mut command = None;
        if bot && start > floor + 1 {
            if let Some((by, cmd)) = command_used(line(start - 1)) {
                command = Some((by.to_string(), cmd.to_string()));
                start -= 1;
            }
        }
        // Reply preview: `@name` [tag] / quote / [blank] just above.
        let own_start = if command.is_some() { start + 1 } else { start };
        let mut reply_to = None;
        if command.is_none() && start > floor + 2 {
            let mut k = start - 1;
            let blank_below = blank(line(k));
            if blank_below {
                k -= 1;
            }
            if k > floor + 1 && !blank(line(k)) && at_name(line(k)).is_none() {
                let mut a = k - 1;
                if at_name(line(a)).is_none() && is_tag(line(a)) && a > floor + 1 {
                    a -= 1;
                }
                // Without the blank line that ends a preview, only a reply
                // to someone who posts here is one (`@Moss you start` /
                // `2 min per move` closing a host's post is its text).
                let known = |to: &str| authors.iter().any(|a| a.eq_ignore_ascii_case(to));
                if let Some(to) = at_name(line(a)).filter(|to| blank_below || known(to)) {
                    if a > floor {
                        reply_to = Some(to.to_string());
                        start = a;
                    }
                }
            }
        }
        headers.push(Header {
            line: c.line,
            start,
            own_start,
            author,
            bot,
            stamp_text: c.stamp_text.to_string(),
            stamp: c.stamp,
            notice,
            reply_to,
            command,
        });
    }
    headers
}
