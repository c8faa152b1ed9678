//! Time-outs in the host's words: the phrases of running out (`Kit timed
//! out`, `⏰`, `her reserve is gone`), a player's allowance said to have
//! ended (`Fern's 2 minutes expired`, `Vale let the clock run down`) or
//! been used up (`kit burned his whole reserve`), and a time-out said as
//! what a player did not do in time (`no loop from Fern within the 5
//! minutes`, `Kit didn't draw within 90 s`, `no line from Wren before the
//! 90 s buzzer`, `@Opal — nothing posted ⏰`). A clause names one player
//! (or speaks to one) beside these words, in a message that speaks of
//! time; a time bank or reserve being used is no time-out.
//!
//! In a match that keeps a reserve past each move's time (Traffic Jam),
//! a move's minutes running out only starts the reserve: there only the
//! reserve's end is a time-out (`kit's 2 minutes expired` is not read).
//! An allowance that ends or is used up is read only as a plain
//! statement: not in a question, not partly (`half her reserve is
//! gone`), not as a warning or a moment (`don't let the clock run down`,
//! `she placed just before her time expired`).
//!
//! Part of the host reader ([`super`]): imports only its parent and the
//! shared chat words, nothing from `log/` but the event vocabulary, nor
//! `import/`, `web/` or `verify.rs`.

use super::super::words::{find_seq, is_you, named, number_word, player_near, Beside, Names};
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

/// Words that open what a clause's first half brought about.
const CONSEQUENCE: [&str; 4] = ["so", "therefore", "thus", "hence"];

/// Words of winning: a time word beside them is the reason for the win.
const WON_BY: [&str; 7] = [
    "winner", "wins", "won", "win", "victory", "awarded", "awards",
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

/// `Vale ran out`, `Moss went over the limit`: one of [`OVER_TIME`], and
/// not of something else than time (`ran out of cars, 90 s left`).
fn over_time(c: &[String]) -> bool {
    // `well over your 2 min`, `over the 90 s`: past the allowance itself;
    // not into a time bank with time left (`over: time bank 1 (2 left)`).
    let left = c.iter().any(|w| w == "left" || w == "bank" || w == "banks");
    let past_allowance = !left
        && c.iter().enumerate().any(|(at, w)| {
            let hedged =
                at > 0 && matches!(c[at - 1].as_str(), "almost" | "nearly" | "not" | "under");
            w == "over"
                && !hedged
                && c[at + 1..]
                    .iter()
                    .find(|w| {
                        !(matches!(w.as_str(), "your" | "his" | "her" | "their" | "the" | "my")
                            || number_word(w).is_some())
                    })
                    .is_some_and(|w| ALLOWANCE.contains(&w.as_str()) || w == "s" || w == "m")
        });
    past_allowance
        || OVER_TIME.iter().any(|t| {
            find_seq(c, t).is_some_and(|at| {
                let rest = &c[at + t.len()..];
                // What it ran out of, past `his`, `the` …
                let what = rest.iter().skip(1).find(|w| {
                    !matches!(w.as_str(), "his" | "her" | "their" | "the" | "my" | "your")
                });
                !(rest.first().is_some_and(|w| w == "of")
                    && what.is_some_and(|w| !ALLOWANCE.contains(&w.as_str())))
            })
        })
}

/// What a clause is heard against: the message's words, the player it
/// speaks to, and what the match and the line say about time.
pub(super) struct Heard<'a> {
    /// The message's words (the line's, as the host reader passes them).
    pub message: &'a [String],
    /// The words of the clause's sentence.
    pub sentence: &'a [String],
    /// The one player "you" is, if any.
    pub spoken_to: Option<usize>,
    /// Whether the time running now goes on into a reserve when it ends
    /// (see [`crate::games::Plug::reserve_follows`]).
    pub reserve_kept: bool,
    /// Whether the line asks something (`?`).
    pub asked: bool,
}

/// A player's time, which ending is a time-out (with [`is_allowance`]:
/// `90 s`, and in a match with a reserve only the reserve).
const ALLOWANCE: [&str; 13] = [
    "time",
    "second",
    "clock",
    "timer",
    "reserve",
    "allowance",
    "minutes",
    "minute",
    "mins",
    "min",
    "seconds",
    "secs",
    "sec",
];

/// An allowance that has ended, after its word (over [`FILLER`]): `Fern's
/// 2 minutes expired`, `the clock ran down on Kit`, `her reserve is gone`.
const ENDED: [&[&str]; 17] = [
    &["expired"],
    &["elapsed"],
    &["lapsed"],
    &["ran", "out"],
    &["ran", "down"],
    &["ran", "dry"],
    &["ticked", "down"],
    &["ticked", "away"],
    &["gone"],
    &["empty"],
    &["exhausted"],
    &["drained"],
    &["hit", "zero"],
    // Said by hosts writing English as a second language: `time finish`,
    // `5 minute is passed`, `your time is over`.
    &["finish"],
    &["finished"],
    &["passed"],
    &["over"],
];

/// An allowance let end, after `<player> let <allowance>` (`Vale let the
/// clock run down`).
const LET_END: [&[&str]; 5] = [
    &["run", "down"],
    &["run", "out"],
    &["expire"],
    &["tick", "down"],
    &["tick", "away"],
];

/// Words between an allowance and its end (`her reserve is now gone`).
const FILLER: [&str; 12] = [
    "has",
    "had",
    "have",
    "just",
    "finally",
    "is",
    "was",
    "are",
    "were",
    "now",
    "fully",
    "completely",
];

/// Using an allowance up, after the player: with a word of all of it
/// (`burned his whole reserve`, `used up her time`) or alone
/// (`exhausted his reserve`).
const SPENT: [(&str, bool); 10] = [
    ("burned", true),
    ("burnt", true),
    ("blew", true),
    ("spent", true),
    ("used", true),
    ("ate", true),
    ("exhausted", false),
    ("drained", false),
    ("emptied", false),
    ("depleted", false),
];

/// All of an allowance, between the verb and it (`burned through`, `the
/// whole`, `every last second`).
const ALL_OF: [&str; 7] = ["whole", "entire", "all", "every", "up", "through", "last"];

/// A moment, a warning or a part: an allowance said to end in such a
/// clause is no time-out (`just before her time expired`, `don't let the
/// clock run down`, `half her reserve is gone`).
const NOT_ENDED: [&str; 13] = [
    "before", "until", "till", "dont", "don", "half", "most", "some", "part", "much", "when",
    "still", "yet",
];

/// Whether a clause says an allowance ends only in part, or at a moment
/// ([`NOT_ENDED`]); `a half` after a number is part of the amount (`your
/// two and a half minutes are gone`), not half of it.
fn partly(c: &[String]) -> bool {
    c.iter().enumerate().any(|(at, w)| {
        NOT_ENDED.contains(&w.as_str()) && !(w == "half" && at > 0 && c[at - 1] == "a")
    })
}

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

/// What a player owes in time, ending a clause after `no` (`2:30 since
/// your 18 and no proof`).
const OWED: [&str; 8] = [
    "proof", "track", "loop", "solution", "solve", "move", "line", "answer",
];

/// Whether the words say that nothing came: `no`/`nothing` and, within
/// four words, what arrives (`no red track came in`, `nothing posted`),
/// or `no` and what was owed at the clause's end (`and no proof`).
fn nothing_came(c: &[String]) -> bool {
    c.iter().enumerate().any(|(i, w)| {
        let after = &c[i + 1..];
        // `no red track from you`: nothing came from the one spoken to.
        let from_you = after
            .windows(2)
            .take(4)
            .any(|p| p[0] == "from" && is_you(&p[1]));
        // `no answer from 20:11`, `no move since 9:02`: nothing since a
        // time on the clock.
        let since_time = matches!(after, [owed, from, time, ..]
            if OWED.contains(&owed.as_str())
                && matches!(from.as_str(), "from" | "since")
                && time.starts_with(|d: char| d.is_ascii_digit()));
        (w == "no" || w == "nothing")
            && (after.iter().take(4).any(|v| ARRIVED.contains(&v.as_str()))
                || from_you
                || since_time
                || (w == "no" && after.len() == 1 && OWED.contains(&after[0].as_str())))
    })
}

/// Whether the words say no better answer came (`nothing shorter came
/// from Kit`, `two minutes have passed without a shorter solution`): a
/// window for beating an answer closed, which times no one out.
fn no_better(words: &[String]) -> bool {
    const BETTER: [&str; 7] = [
        "shorter", "better", "faster", "quicker", "longer", "higher", "bigger",
    ];
    words.iter().enumerate().any(|(i, w)| {
        matches!(w.as_str(), "no" | "nothing" | "without")
            && words[i + 1..]
                .iter()
                .take(2)
                .any(|v| BETTER.contains(&v.as_str()))
    })
}

/// A time-out in a clause: the one player it names, beside a time word.
/// "ran out" alone is a time-out only when the message speaks of time or
/// the reserve ("time's up, Vale ran out"); using a time bank is not one.
pub(super) fn timed_out(c: &[String], names: &Names, heard: &Heard) -> Option<usize> {
    let message = heard.message;
    // What follows `so` is what the time-out brought (`5 min reserve is
    // finish, so Mateo is winner`): the winner it names ran out of nothing.
    let c = match c.iter().position(|w| CONSEQUENCE.contains(&w.as_str())) {
        Some(at) if at > 0 => &c[..at],
        _ => c,
    };
    let about_time = speaks_of_time(message);
    if in_use(message) || no_better(heard.sentence) {
        return None;
    }
    if let Some(seat) = clock_at_zero(c, names, message) {
        return Some(seat);
    }
    // A bare call of time beside the one name its sentence says (`⏰
    // opal, thats time`, `time's up, Kit`), where no one is said to win.
    // Where a reserve follows, the move's time ending starts it.
    if (called_time(c) || called_time(&unnamed(heard.sentence, names)))
        && !heard.reserve_kept
        && !heard.sentence.iter().any(|w| WON_BY.contains(&w.as_str()))
        && !still_running(heard.sentence, heard)
    {
        return match named(heard.sentence, names).is_empty() {
            // `@Kit that's time`: the one the message speaks to.
            true => heard.spoken_to,
            false => only_player(heard.sentence, names),
        };
    }
    let said = TIMED_OUT.iter().any(|t| find_seq(c, t).is_some())
        || (about_time && over_time(c))
        || time_is_up(c);
    // Beside a win, the time word is why the named player won (`Winner:
    // @nettle (timeout)`, `Vale wins on time`): the other ran out.
    if said && c.iter().any(|w| WON_BY.contains(&w.as_str())) {
        return None;
    }
    if !said {
        if !heard.asked && !partly(c) {
            let ended = allowance_ended(c, names, heard)
                .or_else(|| allowance_spent(c, names, heard.reserve_kept));
            if ended.is_some() {
                return ended;
            }
        }
        return missed_in_time(c, names, heard);
    }
    // Naming no one, only "you" is meant (`so it's time out for you`):
    // `Kit wins, time out` names no one timed out.
    match named(c, names).is_empty() {
        true if c.iter().any(|w| is_you(w)) => the_one_spoken_to(c, names, heard),
        true => None,
        false => only_player(c, names),
    }
}

/// A chess clock read out with one player's at zero (`Kestrel 4:23 / vale
/// 0:00, flag`, `⏰ kit 0:00`): that player's time ran out. The name is
/// right before the zero (`0:00`, `00:00`, `0:00.0` as words), in a
/// message that speaks of a clock (the word, a flag, or the other
/// player's time beside it), so `kit 0 - 0 vale` stays a score.
fn clock_at_zero(c: &[String], names: &Names, message: &[String]) -> Option<usize> {
    let zero = |w: &String| w.chars().all(|d| d == '0');
    let clock_word = message.iter().any(|w| {
        matches!(
            w.as_str(),
            "clock" | "clocks" | "flag" | "flagged" | "flags" | "time" | "timer"
        )
    });
    let at_zero: Vec<usize> = named(c, names)
        .into_iter()
        .filter(|&(_, end, _)| {
            matches!(c.get(end..end + 2), Some([m, s]) if zero(m) && zero(s) && s.len() == 2)
        })
        .map(|(.., seat)| seat)
        .collect();
    let seat = *at_zero.first()?;
    // Both at zero is no one's time-out.
    let other_running = named(c, names).iter().any(|&(_, end, s)| {
        s != seat
            && matches!(c.get(end..end + 2), Some([m, s])
                if number_word(m).is_some() && s.len() == 2 && s.chars().all(|d| d.is_ascii_digit()))
    });
    (at_zero.iter().all(|&s| s == seat) && (clock_word || other_running)).then_some(seat)
}

/// A time bank or the reserve being used, not used up (`using a time
/// bank`, `Kit's into her reserve now`, `Vale's on reserve`).
fn in_use(message: &[String]) -> bool {
    let bank_used = message.iter().any(|w| w == "bank" || w == "banks")
        && message
            .iter()
            .any(|w| matches!(w.as_str(), "using" | "uses" | "used" | "into"));
    let reserve_used = message.iter().enumerate().any(|(at, w)| {
        w == "reserve"
            && message[..at].iter().rev().take(2).any(|v| {
                matches!(
                    v.as_str(),
                    "into" | "on" | "using" | "uses" | "dipping" | "dips" | "eating"
                )
            })
    });
    bank_used || reserve_used
}

/// Whether the word at `at` is a player's time: one of [`ALLOWANCE`], or
/// `s`/`m` after a number (`90 s`); in a match with a reserve, only the
/// reserve.
fn is_allowance(c: &[String], at: usize, reserve_kept: bool) -> bool {
    let w = c[at].as_str();
    if w == "reserve" {
        return true;
    }
    if reserve_kept {
        return false;
    }
    ALLOWANCE.contains(&w)
        || matches!(w, "s" | "m")
            && at > 0
            && c[at - 1].chars().next().is_some_and(|d| d.is_ascii_digit())
}

/// `Fern's 2 minutes expired`, `the clock ran down on Kit`, `Vale let the
/// clock run down`: an allowance said to have ended, and the one player
/// the clause names (or, naming none, the one spoken to; for `let`, the
/// one right before it).
fn allowance_ended(c: &[String], names: &Names, heard: &Heard) -> Option<usize> {
    let reserve_kept = heard.reserve_kept;
    for at in (0..c.len()).filter(|&at| is_allowance(c, at, reserve_kept)) {
        if ends_after(c, at, &ENDED) {
            // Naming no one, of the one spoken to (`⏰ kit, time finish`).
            return match named(c, names).is_empty() {
                true => the_one_spoken_to(c, names, heard),
                false => only_player(c, names),
            };
        }
        let let_at = c[..at].iter().rposition(|w| w == "let");
        if let (Some(let_at), true) = (let_at, ends_after(c, at, &LET_END)) {
            return player_near(c, names, let_at, 1, Beside::Before, 0);
        }
    }
    None
}

/// Whether one of `keys` follows the allowance at `at`, past [`FILLER`]
/// and more words of the allowance (`your reserve time is finish`).
fn ends_after(c: &[String], at: usize, keys: &[&[&str]]) -> bool {
    let mut end = at + 1;
    while c
        .get(end)
        .is_some_and(|w| FILLER.contains(&w.as_str()) || ALLOWANCE.contains(&w.as_str()))
    {
        end += 1;
    }
    keys.iter().any(|k| find_seq(&c[end..], k) == Some(0))
}

/// Where the message first says an allowance ended (`5 minute is
/// passed`), whoever's it was.
fn first_ended(message: &[String], reserve_kept: bool) -> Option<usize> {
    (0..message.len())
        .find(|&at| is_allowance(message, at, reserve_kept) && ends_after(message, at, &ENDED))
}

/// Words that say time still runs (`30 s left`, `still thinking`).
const RUNNING: [&str; 6] = ["still", "yet", "left", "before", "until", "till"];

/// Whether `words` say time still runs ([`RUNNING`]). `still no move` /
/// `still nothing` in a message that says the time ended is how long
/// nothing came, not a wait (`3min pass and Minjae still no move, time
/// is over`).
fn still_running(words: &[String], heard: &Heard) -> bool {
    let ended = first_ended(heard.message, heard.reserve_kept).is_some()
        || TIMED_OUT
            .iter()
            .any(|t| find_seq(heard.message, t).is_some());
    words.iter().enumerate().any(|(at, w)| {
        let nothing_yet = w == "still"
            && ended
            && words
                .get(at + 1)
                .is_some_and(|n| matches!(n.as_str(), "no" | "nothing" | "not" | "never"));
        RUNNING.contains(&w.as_str()) && !nothing_yet
    })
}

/// Whether a clause waits for what is owed (`no track came in yet`,
/// `Vale still thinking`) rather than saying it never came.
fn waiting(c: &[String], heard: &Heard) -> bool {
    // Only `yet` and `still` wait here: `before`, `left` … in a clause of
    // what did not come are its deadline (`no line from Kit before the
    // 90 s buzzer`).
    let said: Vec<String> = c
        .iter()
        .filter(|w| !RUNNING.contains(&w.as_str()) || *w == "yet" || *w == "still")
        .cloned()
        .collect();
    still_running(&said, heard)
}

/// Who a time-out clause that names no one is about: the one player
/// spoken to (`⏰ kit, time finish`), else, when the clause says "you"
/// (`… so it's time out for you`), the one player its sentence names;
/// no one when the sentence says time still runs (`kit, 2 minutes passed
/// but you still have your reserve`).
fn the_one_spoken_to(c: &[String], names: &Names, heard: &Heard) -> Option<usize> {
    if still_running(heard.sentence, heard) {
        return None;
    }
    // "You" in the clause, or elsewhere in its sentence (`That's time,
    // Nell — … since your 14 and no proof`).
    let you = |w: &[String]| w.iter().any(|w| is_you(w));
    heard
        .spoken_to
        .or_else(|| {
            (you(c) || you(heard.sentence))
                .then(|| only_player(heard.sentence, names))
                .flatten()
        })
        .filter(|&seat| !given_more_time(heard.message, names, seat, heard.reserve_kept))
}

/// Whether the message, after an allowance ended and after it last names
/// `seat`, gives them a fresh one (`30 sec over. … @Rafa proof pls, 2
/// min`): a window closed and the next one opened for that player, which
/// is no time-out.
fn given_more_time(message: &[String], names: &Names, seat: usize, reserve_kept: bool) -> bool {
    let ended = first_ended(message, reserve_kept);
    let named_at = named(message, names)
        .iter()
        .filter(|&&(.., s)| s == seat)
        .map(|&(_, end, _)| end)
        .max();
    let (Some(ended), Some(named_at)) = (ended, named_at) else {
        return false;
    };
    (ended.max(named_at) + 1..message.len()).any(|at| {
        is_allowance(message, at, reserve_kept)
            && at > 0
            && number_word(&message[at - 1]).is_some()
            && !ends_after(message, at, &ENDED)
    })
}

/// `kit burned his whole reserve`, `Vale used up her time`, `Kit
/// exhausted his reserve`: the player right before a word of using it up,
/// with all of an allowance after it.
fn allowance_spent(c: &[String], names: &Names, reserve_kept: bool) -> Option<usize> {
    for (verb, needs_all) in SPENT {
        let Some(v) = c.iter().position(|w| w == verb) else {
            continue;
        };
        let Some(a) = (v + 1..c.len().min(v + 6)).find(|&a| is_allowance(c, a, reserve_kept))
        else {
            continue;
        };
        if needs_all && !c[v + 1..a].iter().any(|w| ALL_OF.contains(&w.as_str())) {
            continue;
        }
        if let Some(seat) = player_near(c, names, v, 1, Beside::Before, 1) {
            return Some(seat);
        }
    }
    None
}

/// `Wren's 90 s are up`, `Kit's two minutes are up`: an allowance said
/// to be up.
fn time_is_up(c: &[String]) -> bool {
    let allowance = |w: &String| {
        matches!(
            w.as_str(),
            "s" | "sec" | "secs" | "seconds" | "min" | "mins" | "minute" | "minutes"
        )
    };
    // `Kit's two minutes are up`, `that's five minutes up` (at the
    // clause's end: not `5 minutes up front`).
    // `your 2 minutes to show the 18 are up`: the allowance, then what it
    // was for, and `are up` ending the clause.
    let said_up = matches!(c, [.., are, up] if matches!(are.as_str(), "are" | "is") && up == "up");
    c.windows(3)
        .any(|w| allowance(&w[0]) && matches!(w[1].as_str(), "are" | "is") && w[2] == "up")
        || matches!(c, [.., w, up] if allowance(w) && up == "up")
        || (said_up && c.iter().rev().skip(2).take(6).any(allowance))
}

/// A clause that only calls time, naming no one: `that's time`, `time's
/// up`, `times up`, `time`.
fn called_time(c: &[String]) -> bool {
    let start = c
        .iter()
        .position(|w| {
            !matches!(
                w.as_str(),
                "thats" | "that" | "its" | "it" | "ok" | "okay" | "and"
            )
        })
        .unwrap_or(c.len());
    matches!(
        c[start..]
            .iter()
            .map(String::as_str)
            .collect::<Vec<_>>()
            .as_slice(),
        ["time"] | ["time", "up"] | ["times", "up"] | ["time", "is", "up"]
    )
}

/// The words without the one player's name they say (`⏰ tam` is a call
/// of time on tam), or as they are when they name none or both.
fn unnamed(c: &[String], names: &Names) -> Vec<String> {
    match named(c, names).as_slice() {
        [(start, end, _)] => [&c[..*start], &c[*end..]].concat(),
        _ => c.to_vec(),
    }
}

/// Whether a message speaks of time: the clock, the reserve, minutes, a
/// deadline (`before the 90 s buzzer`).
fn speaks_of_time(message: &[String]) -> bool {
    message.iter().enumerate().any(|(at, w)| {
        matches!(w.as_str(), "times" | "buzzer" | "deadline") || is_allowance(message, at, false)
    })
}

/// A time-out said as what a player did not do, in a message that speaks
/// of time: `no solution from Vale and her reserve is gone ⌛`, `no loop
/// from Fern within the 5 minutes`, `Kit didn't draw within 90 s ⏱️`,
/// `@Opal — nothing posted ⏰`. The one player the clause names is the one
/// who ran out (or, when it names none, the one spoken to); without a word
/// of time (`no counter from Vale`) it is no time-out.
pub(super) fn missed_in_time(c: &[String], names: &Names, heard: &Heard) -> Option<usize> {
    let message = heard.message;
    // `no track came in yet`: still waiting, not out of time; `nothing
    // shorter came from Kit`: no better answer, not nothing in time.
    if !speaks_of_time(message) || no_better(c) || waiting(c, heard) {
        return None;
    }
    if named(c, names).is_empty() {
        // `nothing posted`, `no red track came in`: of the one spoken to.
        return the_one_spoken_to(c, names, heard).filter(|_| nothing_came(c));
    }
    let seat = only_player(c, names)?;
    let (start, end, _) = named(c, names)[0];
    // `no <thing> from Vale`, `nothing from Vale`: the name right after `from`.
    let from_nobody = start >= 2
        && c[start - 1] == "from"
        && c[..start - 1]
            .iter()
            .rev()
            .take(3)
            .any(|w| w == "no" || w == "nothing");
    // `@Fern that's time, no red track came in`.
    let nothing_came = nothing_came(&c[start..]);
    // `Kit didn't draw within 90 s`, `Vale did not finish in time`.
    let denied = c[start..]
        .windows(2)
        .any(|p| p[0] == "did" && p[1] == "not")
        || c[start..].iter().any(|w| {
            // Present for past, as second-language English says it
            // (`Haneul don't show any track`).
            matches!(
                w.as_str(),
                "didnt" | "didn" | "failed" | "couldnt" | "couldn" | "dont" | "don" | "doesnt" | "doesn"
            )
        })
        // `fern not send any red loop`, `Kit never drew`.
        || c.get(end).is_some_and(|w| w == "not" || w == "never");
    // `within 90 s`, `in time`, or the message says the time ended (`5
    // minute is passed and fern not send any red loop`, `time is up, noor
    // did not solve it`).
    let in_time = c.iter().any(|w| w == "within")
        || find_seq(c, &["in", "time"]).is_some()
        || first_ended(message, heard.reserve_kept).is_some()
        || TIMED_OUT.iter().any(|t| find_seq(message, t).is_some());
    (from_nobody || nothing_came || denied && in_time).then_some(seat)
}
