//! The host's message made ready for the host reader: arrows as `to`, the
//! alarm clock as `time`, a dash as a clause's end (but not inside
//! parentheses), an ellipsis as a pause inside its sentence, `R2` as `round 2`, and the marks that end no sentence or
//! name no prize dropped (a title's dot, a league's match number).
//!
//! Part of the host reader ([`super`]): imports nothing but the standard
//! library.

/// Whether the text after an arrow opens with a round's number (`R1
/// vesper`, `round 2: kit`), past spaces and an emoji's variation mark.
fn names_a_round(rest: impl Iterator<Item = char>) -> bool {
    let head: String = rest
        .skip_while(|c| c.is_whitespace() || *c == '\u{fe0f}')
        .take(6)
        .collect::<String>()
        .to_lowercase();
    let short = head
        .strip_prefix('r')
        .is_some_and(|r| r.starts_with(|d: char| d.is_ascii_digit()));
    short || head.starts_with("round")
}

/// Whether what an arrow leads to is a sentence of its own, its second
/// word a verb of winning (`vale ran over → mo takes DM 13`, `→ Kit wins
/// it`): what brought it stays in the clause before, apart from the
/// winner's name.
fn says_who_won(rest: impl Iterator<Item = char>) -> bool {
    let head: String = rest
        .take_while(|c| !matches!(c, '.' | '!' | '?' | ',' | ';' | '\n'))
        .collect::<String>()
        .to_lowercase();
    let words: Vec<&str> = head.split_whitespace().collect();
    // `→ Kit wins`, or the prize first: `→ point vale`, `→ winner: kit`.
    words
        .get(1)
        .is_some_and(|w| matches!(*w, "wins" | "won" | "takes" | "took" | "gets" | "advances"))
        || words
            .first()
            .is_some_and(|w| matches!(*w, "point" | "winner" | "winner:" | "victory"))
}

/// Whether the bracket that `rest` follows holds a denial (`not`,
/// `never`, `didn't` …) or a supposition (`would`, `if` …) before it
/// closes: words that must not reach the clause around it.
fn stands_apart(rest: impl Iterator<Item = char>) -> bool {
    let inside: String = rest
        .take_while(|c| !matches!(c, ')' | ']'))
        .collect::<String>()
        .to_lowercase()
        .replace(['\'', '’'], "");
    inside.split(|c: char| !c.is_alphanumeric()).any(|w| {
        matches!(w, "not" | "never" | "would" | "could" | "might" | "if") || DENIED.contains(&w)
    })
}

/// Whether the bracket that `rest` follows closes on its line, holds no
/// one's mention, and is followed by a colon: a label's qualifier.
fn qualifies_a_label(mut rest: impl Iterator<Item = char>) -> bool {
    for c in rest.by_ref() {
        match c {
            ')' | ']' => break,
            '@' | '\n' | '(' | '[' => return false,
            _ => {}
        }
    }
    rest.find(|c| !c.is_whitespace()) == Some(':')
}

/// Where a clause first says one of the `words` that deny or suppose what
/// it says; `not enough` counts something short (`NOT ENOUGH GEMS… REED
/// STEALS ROUND 1`), it denies nothing.
pub(super) fn denial_at(c: &[String], words: &[&str]) -> Option<usize> {
    (0..c.len()).find(|&i| {
        words.contains(&c[i].as_str())
            && !(c[i] == "not" && c.get(i + 1).is_some_and(|n| n == "enough"))
    })
}

/// Contractions of a denial, apostrophe dropped.
const DENIED: [&str; 12] = [
    "didnt", "doesnt", "dont", "isnt", "wasnt", "werent", "cant", "wont", "couldnt", "wouldnt",
    "shouldnt", "arent",
];

/// The host's message as the readers see it: arrows are "to", the alarm
/// clock is "time", a dash ends a clause, and inside parentheses commas do not end a clause
/// (`@Fern (red) vs @Moss (blue, you start)`).
pub fn host_text(raw: &str) -> String {
    let mut out = String::with_capacity(raw.len());
    let mut depth = 0usize;
    // Per bracket open: whether it is an aside of its own clauses.
    let mut asides: Vec<bool> = Vec::new();
    let mut chars = raw.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            // `nothing from toby → R1 vesper`: an arrow before a round's
            // number starts what follows from it, a clause of its own.
            '→' | '➡' | '⟶' | '⇒' | '⇨' | '➔' | '➜'
                if names_a_round(chars.clone()) || says_who_won(chars.clone()) =>
            {
                out.push_str(" , ")
            }
            '→' | '➡' | '⟶' | '⇒' | '⇨' | '➔' | '➜' => out.push_str(" to "),
            '-' | '=' if chars.peek() == Some(&'>') => {
                chars.next();
                out.push_str(" to ");
            }
            '⏰' | '⏱' | '⏲' | '⌛' | '⏳' => out.push_str(" time "),
            // A check mark or a cross ends what it marks (`clears 26,
            // exactly what she said ✅ Saffy 1–0`).
            '✅' | '❌' | '✔' | '☑' | '✖' | '❎' => out.push_str(" , "),
            // A dash between words ends a clause (`Fern ran out — Moss
            // wins`); an en dash inside a score (`1–0`) does not.
            '—' | '―' => out.push_str(" , "),
            // Between two numbers it is a score (`R1: Rune 1 – 0 opal`).
            '–' if out.trim_end().ends_with(|d: char| d.is_ascii_digit())
                && chars
                    .clone()
                    .find(|n| !n.is_whitespace())
                    .is_some_and(|n| n.is_ascii_digit()) =>
            {
                // Joined, so that no spaced hyphen ends a clause there.
                out.truncate(out.trim_end().len());
                out.push('-');
                while chars.peek().is_some_and(|n| n.is_whitespace()) {
                    chars.next();
                }
            }
            '–' if out.ends_with(' ') => out.push_str(" , "),
            // A bar between fields (`RESULT: tams ✅ | … | GG`) ends a
            // clause; a spoiler's `||` is left to the cleaning.
            '|' if out.ends_with(' ') && chars.peek().is_some_and(|n| n.is_whitespace()) => {
                out.push_str(" , ")
            }
            // Inside a score it is a hyphen (`1–0 to Opal` is "1-0").
            '–' => out.push('-'),
            // A host's pause for effect (`the round... goes... to QUINN!`)
            // ends no sentence: the words on either side are one.
            '…' => out.push(' '),
            '.' if chars.peek() == Some(&'.') => {
                while chars.peek() == Some(&'.') {
                    chars.next();
                }
                out.push(' ');
            }
            '🏆' => out.push_str(" winner "),
            // Chat's `w/` is "with" (`w/ kit on blue`), never a win.
            '/' if out.ends_with(['w', 'W'])
                && !out[..out.len() - 1].ends_with(|p: char| p.is_alphanumeric()) =>
            {
                out.pop();
                out.push_str("with ");
            }
            // A side's colour drawn as a disc (`@Wren 🔵 vs @Fern 🔴`).
            '🔵' => out.push_str(" blue "),
            '🔴' => out.push_str(" red "),
            // An aside that denies or supposes something (`Rafa red 24
            // (his first one did not count) → Rafa wins`, `nothing from C6
            // (C6-C3 would cross A5-F5) so …`) is a clause of its own, so
            // that its words stay in it.
            // A label's qualifier (`first player (DMO's pick, rulebook
            // §3.1): @Ines`) goes: what the label says follows its colon.
            '(' | '[' if qualifies_a_label(chars.clone()) => {
                for inside in chars.by_ref() {
                    if matches!(inside, ')' | ']') {
                        break;
                    }
                }
                out.push(' ');
            }
            '(' | '[' if stands_apart(chars.clone()) => {
                asides.push(true);
                out.push_str(" , ");
            }
            '(' | '[' => {
                asides.push(false);
                depth += 1;
                out.push(' ');
            }
            ')' | ']' if asides.pop() == Some(true) => out.push_str(" , "),
            ')' | ']' => {
                depth = depth.saturating_sub(1);
                out.push(' ');
            }
            ',' | ';' if depth > 0 => out.push(' '),
            // A possessive or "is" goes (`Vale's blue` is "vale blue",
            // `time's up` "time up"); otherwise an apostrophe joins
            // (`you're` is "youre").
            '\'' | '’' => {
                let mut ahead = chars.clone();
                if matches!(ahead.next(), Some('s' | 'S'))
                    && !ahead.next().is_some_and(char::is_alphanumeric)
                {
                    chars.next();
                }
            }
            c => out.push(c),
        }
    }
    out
}

/// `R2` as `round 2`: how hosts shorten a round's number (`R1 — par is 5
/// moves`, `R1 Vale`), in a game played in rounds, whose cells are never
/// in column R.
pub(super) fn spell_rounds(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let in_word = |c: &char| c.is_alphanumeric() || *c == '_';
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let starts_word = i == 0 || !in_word(&chars[i - 1]);
        let digits = chars[i + 1..]
            .iter()
            .take_while(|d| d.is_ascii_digit())
            .count();
        let ends_word = chars.get(i + 1 + digits).is_none_or(|n| !in_word(n));
        if matches!(c, 'R' | 'r') && starts_word && (1..=2).contains(&digits) && ends_word {
            out.push_str("round ");
            out.extend(&chars[i + 1..i + 1 + digits]);
            i += 1 + digits;
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

/// `text` with each `mark` that follows one of `words` dropped, with the
/// `tail` bytes after it that `tail` counts (`None`: the mark stays).
fn drop_marks(
    text: &str,
    mark: char,
    words: &[&str],
    tail: impl Fn(&str) -> Option<usize>,
) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(mark) {
        let (before, after) = (&rest[..at], &rest[at + mark.len_utf8()..]);
        let word = before
            .trim_end()
            .rsplit(|c: char| !c.is_alphanumeric())
            .next()
            .unwrap_or_default()
            .to_lowercase();
        out.push_str(before);
        match words
            .contains(&word.as_str())
            .then(|| tail(after))
            .flatten()
        {
            Some(n) => rest = &after[n..],
            None => {
                out.push(mark);
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// The text with the dot of `def.`, `vs.` and a title (`Mr.`, `Ms.`)
/// dropped (`Mika def. jules`, `awarded to Ms. Thorne`): a sentence does
/// not end there.
pub(super) fn undotted(text: &str) -> String {
    const SHORT: [&str; 7] = ["def", "vs", "mr", "ms", "mrs", "mx", "dr"];
    drop_marks(text, '.', &SHORT, |_| Some(0))
}

/// The text without a league's number after the match it names (`DM #17
/// to @vale`, `Match #3 → kit`): the prize is the match, whatever its
/// number.
pub(super) fn unnumbered(text: &str) -> String {
    drop_marks(text, '#', &["dm", "match", "game", "duel"], |after| {
        let digits = after.len() - after.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        (digits > 0).then_some(digits)
    })
}

/// Whether a message speaks of another match (`recap of last week's DM`);
/// one that only compares with it (`same pairing as last week, but we
/// swap colours`) is about this one.
pub(super) fn about_another_match(w: &[String]) -> bool {
    [
        &["last", "week"][..],
        &["last", "weeks"],
        &["last", "season"],
        &["last", "month"],
        &["yesterday"],
    ]
    .iter()
    .any(|k| {
        w.windows(k.len()).enumerate().any(|(at, said)| {
            said.iter().map(String::as_str).eq(k.iter().copied())
                && !(at > 0 && matches!(w[at - 1].as_str(), "as" | "like" | "than"))
        })
    })
}
