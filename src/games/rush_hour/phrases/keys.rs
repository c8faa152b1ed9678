//! Traffic Jam's key words in a line: the claim of a count (`I claim 5`,
//! `a 5-mover`), finished, impossible, passes and giving up, each with
//! the doubts and denials that keep them from being said.
//!
//! Part of the finder ([`super`]): imports only its parent's tokens.
//! Must not import anything from `log/`, `import/`, `web/` or `verify.rs`.

use super::{Key, Tok};

/// Whether the claim word at token `k` (`claim`, `claiming`, `mover`)
/// claims a count as the puzzle's length, as a host would read it: `I
/// claim 5`, `claiming this is a 5-mover`, `5-mover now`. Not when the
/// count is missing or no move count (`claim in 30 s`), when `mover` has
/// no count right before it, when a `claim` before it already said so,
/// when the line denies, doubts or looks back (`not a 5-mover`, `could
/// be a 5-mover`, `that was a 5-mover`), when someone else claims (`your
/// claim of 5`), or when the line claims the puzzle impossible.
fn counts_claimed(t: &[Tok], k: usize) -> bool {
    let word = |i: usize| t.get(i).filter(|x| !x.punct).map(|x| x.w.as_str());
    let digits = |i: usize| word(i).is_some_and(|w| w.chars().all(|c| c.is_ascii_digit()));
    if doubts_a_count(t) {
        return false;
    }
    match t[k].w.as_str() {
        "mover" | "movers" => {
            let count = digits(k.wrapping_sub(1)) || (k >= 2 && t[k - 1].w == "-" && digits(k - 2));
            count && !(0..k).any(|i| matches!(word(i), Some("claim" | "claiming")))
        }
        _ => (k + 1..t.len()).any(|i| {
            let time = [
                "s", "sec", "secs", "seconds", "min", "mins", "minutes", "pm", "am",
            ];
            digits(i) && !word(i + 1).is_some_and(|w| time.contains(&w))
        }),
    }
}

/// Whether a line denies, doubts or looks back on a count (`not a
/// 5-mover`, `could be exactly 5`, `that was 5 on the nose`), gives it to
/// someone else (`your claim of 5`), or claims the puzzle impossible: a
/// count in it is no claim of the puzzle's length.
fn doubts_a_count(t: &[Tok]) -> bool {
    const DOUBT: &[&str] = &[
        "not", "isnt", "no", "never", "dont", "cant", "cannot", "wont", "aint", "wasnt", "could",
        "might", "maybe", "if", "would", "should", "almost", "nearly", "probably", "perhaps",
        "think", "thought", "was", "were", "thatd", "itd", "itll", "thatll", "gonna", "soon",
        "hope", "guess", "before", "you", "u", "your", "ur", "his", "her", "their",
    ];
    const UNSOLVABLE: &[&str] = &[
        "impossible",
        "unsolvable",
        "unsolveable",
        "insoluble",
        "locked",
        "stuck",
        "jammed",
    ];
    // `solution` alone is no doubt (`5 moves exactly, i write solution
    // now`): `no solution in 5` is doubted by its `no`.
    t.iter()
        .filter(|x| !x.punct)
        .any(|x| DOUBT.contains(&x.w.as_str()) || UNSOLVABLE.contains(&x.w.as_str()))
}

/// Whether token `i` is a count of moves in digits: not a time (`8:05`,
/// `30 s`), a score (`3-0`) or a round's number (`round 6`).
fn is_count(t: &[Tok], i: usize) -> bool {
    const AFTER: &[&str] = &[
        "s", "sec", "secs", "seconds", "min", "mins", "minute", "minutes", "pm", "am", ":", "-",
    ];
    let w = |i: usize| t.get(i).map(|x| x.w.as_str());
    w(i).is_some_and(|x| !x.is_empty() && x.chars().all(|c| c.is_ascii_digit()))
        && !w(i + 1).is_some_and(|x| AFTER.contains(&x))
        && !(i > 0 && matches!(w(i - 1), Some(":" | "-" | "round" | "rd" | "game")))
}

/// The words of a count said as exact at token `k` (`6 on the nose`,
/// `exactly 6`, `6 moves exactly`, `in precisely 6`), with how many
/// tokens they take: the claim of the round's target, as a host reads
/// it. Only with the count in digits right beside them (so that the
/// target can be checked), on a line that says no other claim word (`done
/// — that's exactly 5` is one claim) and does not doubt the count (see
/// [`doubts_a_count`]).
fn exact_count(t: &[Tok], k: usize) -> Option<usize> {
    let word = |i: usize| t.get(i).filter(|x| !x.punct).map(|x| x.w.as_str());
    let len = match word(k)? {
        "exactly" | "precisely" => 1,
        "on" if word(k + 1) == Some("the") && word(k + 2) == Some("nose") => 3,
        _ => return None,
    };
    let moves = |i: usize| matches!(word(i), Some("moves" | "move"));
    let before = (k >= 1 && is_count(t, k - 1)) || (k >= 2 && moves(k - 1) && is_count(t, k - 2));
    let after = len == 1 && is_count(t, k + 1);
    const CLAIMS: &[&str] = &[
        "finished",
        "finish",
        "done",
        "complete",
        "completed",
        "claim",
        "claiming",
        "mover",
        "movers",
    ];
    // `it needs exactly 6`, `I want 6 on the nose`: a wish, not a claim.
    const WISH: &[&str] = &["need", "needs", "want", "wants", "try", "trying", "aim"];
    let other_claim = t
        .iter()
        .any(|x| CLAIMS.contains(&x.w.as_str()) || WISH.contains(&x.w.as_str()));
    ((before || after) && !other_claim && !doubts_a_count(t)).then_some(len)
}

/// A key word at token `k`, with how many tokens it takes.
pub(super) fn key_at(t: &[Tok], k: usize) -> Option<(Key, usize)> {
    let word = |i: usize| t.get(i).filter(|x| !x.punct).map(|x| x.w.as_str());
    let w = word(k)?;
    let before = |n: usize, set: &[&str]| {
        (1..=n).any(|d| k >= d && word(k - d).is_some_and(|x| set.contains(&x)))
    };
    const NOT: &[&str] = &[
        "not", "isnt", "arent", "never", "no", "aint", "wasnt", "almost", "nearly",
    ];
    match w {
        "finished" | "finish" | "done" | "complete" | "completed" => {
            let negated = before(2, NOT)
                || before(1, &["well", "you", "u", "are"])
                || word(k + 1) == Some("yet");
            (!negated).then_some((Key::Finished, 1))
        }
        "impossible" | "unsolvable" | "unsolveable" | "insoluble" | "locked" | "gridlocked"
        | "deadlocked" | "jammed" | "stuck" => (!before(2, NOT)).then_some((Key::Unsolvable, 1)),
        "claim" | "claiming" if counts_claimed(t, k) => Some((Key::Finished, 1)),
        "exactly" | "precisely" | "on" => exact_count(t, k).map(|len| (Key::Finished, len)),
        "mover" | "movers" if counts_claimed(t, k) => Some((Key::Finished, 1)),
        "solvable" | "solveable" | "possible" if before(2, NOT) => Some((Key::Unsolvable, 1)),
        "solution" | "solutions" if before(1, &["no"]) => Some((Key::Unsolvable, 1)),
        "counter" if before(1, &["no"]) => Some((Key::GiveUp, 1)),
        "challenge" | "challenging" => {
            let opens = (0..k).all(|i| t[i].punct || matches!(t[i].w.as_str(), "i" | "im" | "ill"));
            let accepted = matches!(word(k + 1), Some("accepted" | "accept"));
            (opens && !accepted).then_some((Key::Challenge, 1))
        }
        "better" if before(1, &["nothing", "no"]) => Some((Key::GiveUp, 1)),
        "cant" | "cannot" | "can" => {
            let mut len = 1;
            if w == "can" {
                if word(k + 1) != Some("not") {
                    return None;
                }
                len = 2;
            }
            let next = word(k + len);
            let gives_up = next.is_none_or(|n| {
                [
                    "beat", "top", "improve", "find", "better", "gg", "see", "counter",
                ]
                .contains(&n)
            });
            Some((
                if gives_up {
                    Key::GiveUp
                } else {
                    Key::Unsolvable
                },
                len,
            ))
        }
        // `thats 5`, `it's 6 moves`: the count the puzzle now takes,
        // said as a fact (the target is checked against it).
        "thats" | "its"
            if is_count(t, k + 1)
                && matches!(
                    word(k + 2),
                    None | Some("moves" | "move" | "sol" | "soln" | "solution")
                )
                && !doubts_a_count(t) =>
        {
            Some((Key::Finished, 1))
        }
        // `ff this one`: a claim or challenge conceded.
        "ff" | "ffs" | "ffd" => Some((Key::GiveUp, 1)),
        "pass" | "passing" | "resign" | "resigns" | "forfeit" | "concede" | "concedes" => {
            Some((Key::Pass, 1))
        }
        "give" | "giving" if word(k + 1) == Some("up") => Some((Key::Pass, 2)),
        _ => None,
    }
}
