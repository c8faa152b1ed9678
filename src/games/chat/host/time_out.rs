//! Time-outs in the host's words: the phrases of running out (`Kit timed
//! out`, `⏰`, `her reserve is gone`), and a time-out said as what a
//! player did not do in time (`no loop from Fern within the 5 minutes`,
//! `Kit didn't draw within 90 s`, `@Opal — nothing posted ⏰`). A clause
//! names one player (or speaks to one) beside these words, in a message
//! that speaks of time; a time bank being used is no time-out.
//!
//! Part of the host reader ([`super`]): imports only its parent and the
//! shared chat words, nothing from `log/` but the event vocabulary, nor
//! `import/`, `web/` or `verify.rs`.

use super::super::words::{find_seq, named, Names};
use super::only_player;

/// A time-out, beside the player's name.
const TIMED_OUT: [&[&str]; 13] = [
    &["timed", "out"],
    &["time", "out"],
    &["timeout"],
    &["out", "of", "time"],
    &["flagged"],
    &["ran", "out", "of", "time"],
    &["runs", "out", "of", "time"],
    &["out", "of", "reserve"],
    &["time", "is", "up"],
    &["time", "up"],
    &["hit", "zero"],
    &["flag", "fell"],
    &["flag", "dropped"],
];

/// Going over a time allowance, in a message that speaks of time (`Vale
/// ran out`, `Moss went over the 2-minute limit ⏰`).
const OVER_TIME: [&[&str]; 5] = [
    &["ran", "out"],
    &["runs", "out"],
    &["went", "over"],
    &["goes", "over"],
    &["over", "the", "limit"],
];

/// What arrives in time, after `no`/`nothing` (`no red track came in`,
/// `nothing posted`).
const ARRIVED: [&str; 7] = [
    "came",
    "posted",
    "arrived",
    "submitted",
    "sent",
    "shown",
    "in",
];

/// A time-out in a clause: the one player it names, beside a time word.
/// "ran out" alone is a time-out only when the message speaks of time or
/// the reserve ("time's up, Vale ran out"); using a time bank is not one.
pub(super) fn timed_out(
    c: &[String],
    names: &Names,
    message: &[String],
    spoken_to: Option<usize>,
) -> Option<usize> {
    let about_time = speaks_of_time(message);
    let bank_used = message.iter().any(|w| w == "bank" || w == "banks")
        && message
            .iter()
            .any(|w| matches!(w.as_str(), "using" | "uses" | "used" | "into"));
    if bank_used {
        return None;
    }
    let said = TIMED_OUT.iter().any(|t| find_seq(c, t).is_some())
        || (about_time && OVER_TIME.iter().any(|t| find_seq(c, t).is_some()))
        || time_is_up(c);
    if !said {
        return missed_in_time(c, names, message, spoken_to);
    }
    only_player(c, names)
}

/// `Wren's 90 s are up`, `Kit's two minutes are up`: an allowance said
/// to be up.
fn time_is_up(c: &[String]) -> bool {
    c.windows(3).any(|w| {
        matches!(
            w[0].as_str(),
            "s" | "sec" | "secs" | "seconds" | "min" | "mins" | "minute" | "minutes"
        ) && matches!(w[1].as_str(), "are" | "is")
            && w[2] == "up"
    })
}

/// Whether a message speaks of time: the clock, the reserve, minutes.
fn speaks_of_time(message: &[String]) -> bool {
    message.iter().any(|w| {
        matches!(
            w.as_str(),
            "time"
                | "times"
                | "reserve"
                | "clock"
                | "timer"
                | "minute"
                | "minutes"
                | "mins"
                | "seconds"
                | "secs"
        )
    })
}

/// A time-out said as what a player did not do, in a message that speaks
/// of time: `no solution from Vale and her reserve is gone ⌛`, `no loop
/// from Fern within the 5 minutes`, `Kit didn't draw within 90 s ⏱️`,
/// `@Opal — nothing posted ⏰`. The one player the clause names is the one
/// who ran out (or, when it names none, the one spoken to); without a word
/// of time (`no counter from Vale`) it is no time-out.
pub(super) fn missed_in_time(
    c: &[String],
    names: &Names,
    message: &[String],
    spoken_to: Option<usize>,
) -> Option<usize> {
    // `no track came in yet`: still waiting, not out of time.
    if !speaks_of_time(message) || c.iter().any(|w| w == "yet" || w == "still") {
        return None;
    }
    if named(c, names).is_empty() {
        // `nothing posted`, `no red track came in`: of the one spoken to.
        let nothing_came = c.iter().enumerate().any(|(i, w)| {
            (w == "no" || w == "nothing")
                && c[i + 1..]
                    .iter()
                    .take(4)
                    .any(|v| ARRIVED.contains(&v.as_str()))
        });
        return spoken_to.filter(|_| nothing_came);
    }
    let seat = only_player(c, names)?;
    let (start, _, _) = named(c, names)[0];
    // `no <thing> from Vale`, `nothing from Vale`: the name right after `from`.
    let from_nobody = start >= 2
        && c[start - 1] == "from"
        && c[..start - 1]
            .iter()
            .rev()
            .take(3)
            .any(|w| w == "no" || w == "nothing");
    // `@Fern that's time, no red track came in`.
    let nothing_came = c[start..].iter().enumerate().any(|(i, w)| {
        (w == "no" || w == "nothing")
            && c[start + i + 1..]
                .iter()
                .take(4)
                .any(|v| ARRIVED.contains(&v.as_str()))
    });
    // `Kit didn't draw within 90 s`, `Vale did not finish in time`.
    let denied = c[start..]
        .windows(2)
        .any(|p| p[0] == "did" && p[1] == "not")
        || c[start..].iter().any(|w| {
            matches!(
                w.as_str(),
                "didnt" | "didn" | "failed" | "couldnt" | "couldn"
            )
        });
    let in_time = c.iter().any(|w| w == "within") || find_seq(c, &["in", "time"]).is_some();
    (from_nobody || nothing_came || denied && in_time).then_some(seat)
}
