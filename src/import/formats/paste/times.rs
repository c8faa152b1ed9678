//! The time of every message of a paste (the **Time** rules in the module
//! doc of `paste.rs`): follow-ups take their header's date, a relative
//! time that goes down moves to the next day, and relative times past the
//! paste date move back.
//!
//! It owns turning drafts into [`Message`]s with their instants; it
//! imports nothing from `web/`.

use chrono::{Duration, NaiveDate, NaiveDateTime, NaiveTime};

use super::Draft;
use crate::import::time::{local_to_utc, Day};
use crate::import::{DateOrder, Message, TimeContext};

/// Resolves each draft's time (module docs, **Time**).
pub(super) fn resolve_times(
    drafts: Vec<Draft>,
    order: DateOrder,
    ctx: &TimeContext,
    notes: &mut Vec<String>,
) -> Vec<Message> {
    let mut prev: Option<NaiveDateTime> = None;
    let mut today_shift = 0i64;
    let mut yesterday_shift = 0i64;
    let mut group_relative = false;
    let mut resolved: Vec<(NaiveDateTime, bool)> = Vec::with_capacity(drafts.len());
    for d in &drafts {
        let time = d.time.unwrap_or(NaiveTime::MIN);
        let (mut at, relative) = match d.day {
            Some(Day::Date(tok)) => {
                let date = tok.reading(order).unwrap_or(ctx.date);
                (date.and_time(time), false)
            }
            Some(Day::Today) | Some(Day::Bare) => {
                (day_plus(ctx.date, today_shift).and_time(time), true)
            }
            Some(Day::Yesterday) => (day_plus(ctx.date, yesterday_shift - 1).and_time(time), true),
            None => {
                let date = prev.map_or(ctx.date, |p| p.date());
                (date.and_time(time), group_relative)
            }
        };
        if let Some(p) = prev {
            let rolls = d.day.is_none() || relative;
            if at < p && rolls && p - at < Duration::days(1) {
                at += Duration::days(1);
                match d.day {
                    Some(Day::Today) | Some(Day::Bare) => today_shift += 1,
                    Some(Day::Yesterday) => yesterday_shift += 1,
                    _ => {}
                }
                notes.push(format!(
                    "line {}: the time goes down ({} after {}), read as the next day",
                    d.stamp_line,
                    time.format("%H:%M"),
                    p.time().format("%H:%M")
                ));
            } else if at < p {
                notes.push(format!(
                    "line {}: this message's time is before the previous message's",
                    d.stamp_line
                ));
            }
        }
        if d.day.is_some() {
            group_relative = relative;
        }
        resolved.push((at, relative));
        prev = Some(at);
    }
    // Relative times after the paste date: the client had not re-rendered
    // since midnight; move them back so the last one is on the paste date.
    let latest = resolved.iter().filter(|r| r.1).map(|r| r.0.date()).max();
    if let Some(latest) = latest.filter(|l| *l > ctx.date) {
        let excess = latest - ctx.date;
        for r in resolved.iter_mut().filter(|r| r.1) {
            r.0 -= excess;
        }
        notes.push(format!(
            "relative stamps ran past {} (the paste date); moved back {}",
            ctx.date,
            crate::games::words::count(excess.num_days().unsigned_abs() as usize, "day", "days")
        ));
    }
    drafts
        .into_iter()
        .zip(resolved)
        .enumerate()
        .map(|(index, (d, (at, _)))| Message {
            index,
            author: d.author,
            aliases: Vec::new(),
            author_id: None,
            at: local_to_utc(at, ctx.tz, d.stamp_line, notes),
            stamp: d.stamp_text,
            text: d.text,
            is_bot: d.bot,
            flags: d.flags,
            lines: d.lines,
            text_lines: d.text_lines,
            embeds: d.embeds,
        })
        .collect()
}

pub(super) fn day_plus(d: NaiveDate, days: i64) -> NaiveDate {
    d.checked_add_signed(Duration::days(days)).unwrap_or(d)
}
