//! Stamps as Discord and DiscordChatExporter write them, and how they become
//! instants.
//!
//! The key decision: a stamp is parsed in two steps. First its *shape* is
//! read on its own (clock, relative day, a date whose day/month order is
//! still open); then the whole transcript decides the open questions at once
//! (see [`decide_order`]). Deciding per stamp would read `03/04` one way and
//! `25/04` another in the same paste; deciding per transcript cannot.
//!
//! Day/month order is never guessed: a field above 12 settles it, a
//! [`DateOrder`] given by the caller settles it, and the time order of the
//! messages may settle it (a transcript runs forward in time). Otherwise the
//! caller gets [`ImportError::AmbiguousDates`] and must ask the user. Dates
//! written with dots (`21.11.2026`) are read day-first, as every culture that
//! writes them does; the import says so in its notes.
//!
//! Must not import anything outside `import/`: a time is read from the
//! transcript's text and the context alone.

use chrono::{DateTime, Duration, NaiveDate, NaiveDateTime, NaiveTime, TimeZone, Utc};
use chrono_tz::Tz;

use super::{DateOrder, ImportError};

/// A date as written, before the transcript decides what it means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum DateTok {
    /// Unambiguous: year first (`2026-11-21`, `2026/11/21`) or a month name
    /// (`20-Jul-21`).
    Fixed(NaiveDate),
    /// Two small numbers and a year: `a/b/year`. Which one is the month is
    /// up to the transcript, except when written with dots (day first).
    Numeric {
        a: u32,
        b: u32,
        year: i32,
        dotted: bool,
    },
}

impl DateTok {
    /// The date under one order (`dotted` dates ignore the order).
    pub(crate) fn reading(self, order: DateOrder) -> Option<NaiveDate> {
        match self {
            DateTok::Fixed(d) => Some(d),
            DateTok::Numeric { a, b, year, dotted } => {
                let (day, month) = match (dotted, order) {
                    (true, _) | (false, DateOrder::DayFirst) => (a, b),
                    (false, DateOrder::MonthFirst) => (b, a),
                };
                NaiveDate::from_ymd_opt(year, month, day)
            }
        }
    }

    /// True if the two orders give different dates and both are valid.
    fn is_open(self) -> bool {
        match self {
            DateTok::Numeric {
                a,
                b,
                dotted: false,
                ..
            } => a != b && a <= 12 && b <= 12,
            _ => false,
        }
    }

    fn any_reading(self) -> bool {
        self.reading(DateOrder::DayFirst).is_some() || self.reading(DateOrder::MonthFirst).is_some()
    }
}

/// Which day a paste stamp names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Day {
    /// `Today at 3:45 PM`.
    Today,
    /// `Yesterday at 14:56`.
    Yesterday,
    /// A bare time (`09.22`, `12:06 AM`): today, in the 2025+ client.
    Bare,
    /// A written date.
    Date(DateTok),
}

/// A parsed stamp: a day and, except for old date-only stamps, a time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Stamp {
    pub day: Day,
    pub time: Option<NaiveTime>,
}

/// The words the client writes before relative times. English by default;
/// other interface languages are unverified, so the caller may add theirs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RelativeWords {
    /// e.g. `"Today at"`.
    pub today: Vec<String>,
    /// e.g. `"Yesterday at"`.
    pub yesterday: Vec<String>,
}

impl Default for RelativeWords {
    fn default() -> Self {
        RelativeWords {
            today: vec!["Today at".into()],
            yesterday: vec!["Yesterday at".into()],
        }
    }
}

const AM: &[&str] = &["AM", "am", "a.m.", "a. m.", "SA", "午前"];
const PM: &[&str] = &["PM", "pm", "p.m.", "p. m.", "CH", "午後"];
const AM_PREFIX: &[&str] = &["오전", "午前"];
const PM_PREFIX: &[&str] = &["오후", "午後"];

/// A clock time: `3:45 PM`, `15:45`, `09.22`, `03:36 PM`, `3:45:10 PM`,
/// `4:15 CH`, `오후 3:45`.
pub(crate) fn parse_clock(s: &str) -> Option<NaiveTime> {
    let s = s.trim();
    let mut pm: Option<bool> = None;
    let mut core = s;
    for (list, is_pm) in [(AM_PREFIX, false), (PM_PREFIX, true)] {
        for p in list {
            if let Some(rest) = core.strip_prefix(p) {
                pm = Some(is_pm);
                core = rest.trim_start();
            }
        }
    }
    if pm.is_none() {
        for (list, is_pm) in [(AM, false), (PM, true)] {
            for p in list {
                if let Some(rest) = core.strip_suffix(p) {
                    pm = Some(is_pm);
                    core = rest.trim_end();
                    break;
                }
            }
            if pm.is_some() {
                break;
            }
        }
    }
    let sep = if core.contains(':') { ':' } else { '.' };
    let mut parts = core.split(sep);
    let h = small_number(parts.next()?, 1, 2)?;
    let m = small_number(parts.next()?, 2, 2)?;
    let sec = match parts.next() {
        Some(p) => small_number(p, 2, 2)?,
        None => 0,
    };
    if parts.next().is_some() {
        return None;
    }
    let h = match pm {
        None if h <= 23 => h,
        Some(false) if (1..=12).contains(&h) => h % 12,
        Some(true) if (1..=12).contains(&h) => h % 12 + 12,
        _ => return None,
    };
    NaiveTime::from_hms_opt(h, m, sec)
}

/// Digits only, with a length between `min` and `max`.
fn small_number(s: &str, min: usize, max: usize) -> Option<u32> {
    if s.len() < min || s.len() > max || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

const MONTHS: [&str; 12] = [
    "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
];

fn month_from_name(s: &str) -> Option<u32> {
    let l = s.to_ascii_lowercase();
    if l.len() < 3 {
        return None;
    }
    let idx = MONTHS.iter().position(|m| l.starts_with(m))?;
    Some(idx as u32 + 1)
}

fn year_of(s: &str) -> Option<i32> {
    match s.len() {
        2 => small_number(s, 2, 2).map(|y| 2000 + y as i32),
        4 => small_number(s, 4, 4).map(|y| y as i32),
        _ => None,
    }
}

/// A date: `03/25/2023`, `12/30/24`, `21.11.2026`, `2026-11-21`,
/// `2026/11/21`, `20-Jul-21`. A trailing `,` or `.` is allowed.
pub(crate) fn parse_date(s: &str) -> Option<DateTok> {
    let s = s.trim().trim_end_matches(',');
    let sep = s.chars().find(|c| matches!(c, '/' | '.' | '-'))?;
    let s = if sep == '.' {
        s.trim_end_matches('.')
    } else {
        s
    };
    let parts: Vec<&str> = s.split(sep).collect();
    if parts.len() != 3 {
        return None;
    }
    let tok = if parts[0].len() == 4 {
        let y = year_of(parts[0])?;
        let m = small_number(parts[1], 1, 2)?;
        let d = small_number(parts[2], 1, 2)?;
        DateTok::Fixed(NaiveDate::from_ymd_opt(y, m, d)?)
    } else if let Some(m) = month_from_name(parts[1]) {
        let d = small_number(parts[0], 1, 2)?;
        DateTok::Fixed(NaiveDate::from_ymd_opt(year_of(parts[2])?, m, d)?)
    } else {
        DateTok::Numeric {
            a: small_number(parts[0], 1, 2)?,
            b: small_number(parts[1], 1, 2)?,
            year: year_of(parts[2])?,
            dotted: sep == '.',
        }
    };
    tok.any_reading().then_some(tok)
}

/// A date, then optionally a time: `11/21/2026 3:45 PM`, `12/30/24, 11:16 AM`,
/// `09/02/2022` (date only, old pastes).
pub(crate) fn parse_date_time(s: &str) -> Option<(DateTok, Option<NaiveTime>)> {
    let s = s.trim();
    let (date, rest) = match s.find(' ') {
        Some(i) => (&s[..i], s[i..].trim()),
        None => (s, ""),
    };
    let date = parse_date(date)?;
    if rest.is_empty() {
        return Some((date, None));
    }
    Some((date, Some(parse_clock(rest)?)))
}

/// A paste header stamp (everything after ` — `).
pub(crate) fn parse_paste_stamp(s: &str, words: &RelativeWords) -> Option<Stamp> {
    let s = s.trim();
    if s.is_empty() || s.len() > 40 {
        return None;
    }
    for (list, day) in [
        (&words.today, Day::Today),
        (&words.yesterday, Day::Yesterday),
    ] {
        for w in list {
            if let Some(rest) = s.strip_prefix(w.as_str()) {
                return Some(Stamp {
                    day,
                    time: Some(parse_clock(rest)?),
                });
            }
        }
    }
    if let Some(t) = parse_clock(s) {
        return Some(Stamp {
            day: Day::Bare,
            time: Some(t),
        });
    }
    let (d, t) = parse_date_time(s)?;
    Some(Stamp {
        day: Day::Date(d),
        time: t,
    })
}

/// One written date with where it came from, for [`decide_order`].
pub(crate) struct Written<'a> {
    pub line: usize,
    pub text: &'a str,
    pub date: DateTok,
    pub time: Option<NaiveTime>,
}

/// Decides the day/month order for a whole transcript, in this order: a
/// field above 12 (or a reading that is invalid), the caller's choice, the
/// day the caller gave (the one order that puts every date on it or the
/// day after), the time order of the messages (the reading that runs forward and stays
/// before `today + 1`), else [`ImportError::AmbiguousDates`].
pub(crate) fn decide_order(
    dates: &[Written<'_>],
    given: Option<DateOrder>,
    today: NaiveDate,
    notes: &mut Vec<String>,
) -> Result<DateOrder, ImportError> {
    let fits = |order: DateOrder| dates.iter().all(|w| w.date.reading(order).is_some());
    let (day_first, month_first) = (fits(DateOrder::DayFirst), fits(DateOrder::MonthFirst));
    let open = dates.iter().find(|w| w.date.is_open());
    let dotted = dates.iter().find(|w| match w.date {
        DateTok::Numeric { a, b, dotted, .. } => dotted && a != b && a <= 12 && b <= 12,
        DateTok::Fixed(_) => false,
    });
    if let Some(w) = dotted {
        notes.push(format!(
            "dates written with dots such as {} read day first (dd.mm.yyyy), as every culture that writes them",
            w.text
        ));
    }
    match (day_first, month_first) {
        (false, false) => {
            let bad = dates
                .iter()
                .find(|w| w.date.reading(DateOrder::MonthFirst).is_none())
                .or_else(|| dates.first());
            let bad2 = dates
                .iter()
                .find(|w| w.date.reading(DateOrder::DayFirst).is_none());
            Err(ImportError::InconsistentDates {
                line: bad.map_or(0, |w| w.line),
                first: bad.map_or_else(String::new, |w| w.text.to_string()),
                second: bad2.map_or_else(String::new, |w| w.text.to_string()),
            })
        }
        (true, false) => Ok(DateOrder::DayFirst),
        (false, true) => Ok(DateOrder::MonthFirst),
        (true, true) => {
            let Some(example) = open else {
                // Every date reads the same both ways (or is unambiguous).
                return Ok(DateOrder::MonthFirst);
            };
            if let Some(order) = given {
                return Ok(order);
            }
            // The day the match was given as (`--date`): the one order
            // that puts every date on it or the day after (past midnight).
            let on_the_day = |order: DateOrder| {
                dates.iter().all(|w| {
                    w.date
                        .reading(order)
                        .is_some_and(|d| (0..=1).contains(&(d - today).num_days()))
                })
            };
            let day = match (
                on_the_day(DateOrder::DayFirst),
                on_the_day(DateOrder::MonthFirst),
            ) {
                (true, false) => Some(DateOrder::DayFirst),
                (false, true) => Some(DateOrder::MonthFirst),
                _ => None,
            };
            if let Some(order) = day {
                notes.push(format!(
                    "dates such as {} read {}: only that order puts them on the day given ({today})",
                    example.text,
                    order.describe()
                ));
                return Ok(order);
            }
            let backwards = |order: DateOrder| {
                let mut count = 0usize;
                let mut prev: Option<NaiveDateTime> = None;
                let limit = today + Duration::days(1);
                for w in dates {
                    let Some(d) = w.date.reading(order) else {
                        continue;
                    };
                    let at = d.and_time(w.time.unwrap_or(NaiveTime::MIN));
                    if prev.is_some_and(|p| at < p) {
                        count += 1;
                    }
                    if d > limit {
                        count += 1;
                    }
                    prev = Some(at);
                }
                count
            };
            let (df, mf) = (
                backwards(DateOrder::DayFirst),
                backwards(DateOrder::MonthFirst),
            );
            let pick = match (df, mf) {
                (0, m) if m > 0 => Some(DateOrder::DayFirst),
                (d, 0) if d > 0 => Some(DateOrder::MonthFirst),
                _ => None,
            };
            match pick {
                Some(order) => {
                    notes.push(format!(
                        "dates such as {} read {}: only that order keeps the messages in time order",
                        example.text,
                        order.describe()
                    ));
                    Ok(order)
                }
                None => Err(ImportError::AmbiguousDates {
                    example: example.text.to_string(),
                    line: example.line,
                }),
            }
        }
    }
}

/// A local wall-clock time in `tz` as an instant. In a DST gap the time is
/// moved forward an hour; in a fold the earlier instant is taken; both are
/// noted.
pub(crate) fn local_to_utc(
    at: NaiveDateTime,
    tz: Tz,
    line: usize,
    notes: &mut Vec<String>,
) -> DateTime<Utc> {
    use chrono::LocalResult;
    match tz.from_local_datetime(&at) {
        LocalResult::Single(t) => t.with_timezone(&Utc),
        LocalResult::Ambiguous(a, _) => {
            notes.push(format!(
                "line {line}: {at} happens twice in {tz} (clocks went back); read as the first"
            ));
            a.with_timezone(&Utc)
        }
        LocalResult::None => {
            notes.push(format!(
                "line {line}: {at} does not exist in {tz} (clocks went forward); read an hour later"
            ));
            let later = at + Duration::hours(1);
            tz.from_local_datetime(&later)
                .earliest()
                .map(|t| t.with_timezone(&Utc))
                .unwrap_or_else(|| Utc.from_utc_datetime(&at))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(h: u32, m: u32) -> NaiveTime {
        NaiveTime::from_hms_opt(h, m, 0).unwrap()
    }

    #[test]
    fn clocks_in_every_written_form() {
        assert_eq!(parse_clock("3:45 PM"), Some(t(15, 45)));
        assert_eq!(parse_clock("12:06 AM"), Some(t(0, 6)));
        assert_eq!(parse_clock("12:30 PM"), Some(t(12, 30)));
        assert_eq!(parse_clock("09.22"), Some(t(9, 22)));
        assert_eq!(parse_clock("03:36 PM"), Some(t(15, 36)));
        assert_eq!(parse_clock("4:15 CH"), Some(t(16, 15)));
        assert_eq!(parse_clock("오전 11:47"), Some(t(11, 47)));
        assert_eq!(parse_clock("7:05 p. m."), Some(t(19, 5)));
        assert_eq!(parse_clock("24:00"), None);
        assert_eq!(parse_clock("13:00 PM"), None);
        assert_eq!(parse_clock("3:4"), None);
        assert_eq!(parse_clock("A1 A2"), None);
    }

    #[test]
    fn dates_keep_the_order_open_until_the_transcript_decides() {
        assert_eq!(
            parse_date("03/25/2023"),
            Some(DateTok::Numeric {
                a: 3,
                b: 25,
                year: 2023,
                dotted: false
            })
        );
        assert_eq!(
            parse_date("2026-11-21"),
            Some(DateTok::Fixed(
                NaiveDate::from_ymd_opt(2026, 11, 21).unwrap()
            ))
        );
        assert_eq!(
            parse_date("20-Jul-21"),
            Some(DateTok::Fixed(
                NaiveDate::from_ymd_opt(2021, 7, 20).unwrap()
            ))
        );
        assert_eq!(parse_date("40/40/2020"), None);
        let (d, tm) = parse_date_time("12/30/24, 11:16 AM").unwrap();
        assert_eq!(
            d.reading(DateOrder::MonthFirst),
            NaiveDate::from_ymd_opt(2024, 12, 30)
        );
        assert_eq!(tm, Some(t(11, 16)));
    }

    #[test]
    fn order_decided_by_a_big_field_by_the_caller_or_by_time_order() {
        let today = NaiveDate::from_ymd_opt(2026, 11, 21).unwrap();
        let w = |text: &'static str| Written {
            line: 1,
            text,
            date: parse_date(text).unwrap(),
            time: None,
        };
        let mut notes = vec![];
        let day_first = Ok(DateOrder::DayFirst);
        for (dates, given, expected) in [
            // A day over 12 decides.
            (["03/04/2024", "25/04/2024"], None, day_first),
            (["03/04/2024", "03/05/2024"], None, Err("ambiguous")),
            (
                ["03/04/2024", "03/05/2024"],
                Some(DateOrder::DayFirst),
                day_first,
            ),
            // 02/03 then 01/04: month-first runs backwards (Feb 3 → Jan 4).
            (["02/03/2024", "01/04/2024"], None, day_first),
            (["13/01/2024", "01/13/2024"], None, Err("inconsistent")),
        ] {
            let written = dates.map(w);
            let decided = match decide_order(&written, given, today, &mut notes) {
                Ok(order) => Ok(order),
                Err(ImportError::AmbiguousDates { .. }) => Err("ambiguous"),
                Err(ImportError::InconsistentDates { .. }) => Err("inconsistent"),
                Err(e) => panic!("{dates:?}: {e}"),
            };
            assert_eq!(decided, expected, "{dates:?} with {given:?}");
        }
        // The day given decides `12/5/2026`: the match was on it, or on
        // the day after (past midnight).
        for (day, want) in [
            ((2026, 12, 5), DateOrder::MonthFirst),
            ((2026, 5, 11), DateOrder::DayFirst),
        ] {
            let today = NaiveDate::from_ymd_opt(day.0, day.1, day.2).unwrap();
            let written = [w("12/5/2026"), w("12/5/2026")];
            let decided = decide_order(&written, None, today, &mut notes).ok();
            assert_eq!(decided, Some(want), "{today}");
        }
    }
}
