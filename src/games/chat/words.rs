//! Clauses and names: the shapes host readers look for. A message is cut
//! into clauses (at `,` `;` `.` `!` ` - `, a new line, `and`, `vs`), each a list
//! of lowercase words, and a player counts only when named right beside a
//! key word (`quill wins`, `winner: quill`): a sentence that mentions a
//! player and a key word far apart says nothing about them.
//!
//! A player's message line is read the other way round: as [`Word`]s in a
//! [`Line`], each knowing its clause, whether it was a mention and the
//! marks after it; each game's tokenizer decides what a word is (a run of
//! arrows, `2×2`) and hands the words and marks to the line.
//!
//! Must not import anything from `log/` but the event vocabulary, nor
//! from `import/`, `web/` or `verify.rs`.

use super::{chat_words as words, ChatContext};

/// Words with which a writer takes back what they just wrote, in every
/// game (`wait`, `oops`, `sorry`, `actually`, `typo` …). Each game's
/// reader adds its own to these (x's and lines' `no` and `ignore that`,
/// Duorail's `instead`), and none leaves one out.
const TAKING_BACK: [&str; 14] = [
    "wait",
    // `take back`, `take it back`, said as one word by [`takeback_joined`].
    "takeback",
    "oops",
    "whoops",
    "sorry",
    "actually",
    "correction",
    "misclick",
    "misclicked",
    "typo",
    "scratch",
    "meant",
    "edit",
    "nvm",
];

/// Whether `w` takes back what the writer just wrote (one of the words every game shares).
pub fn takes_back(w: &str) -> bool {
    TAKING_BACK.contains(&w)
}

/// `text` with a numbered list's move numbers as line breaks (`1. X left
/// 2. Y up 3. Z right` is three lines): a number in a list that opens
/// with `1.` counts moves, and is no distance or count of the move
/// before it. Only the numbers that follow in order (`2.`, `3.` …), each
/// a word of its own, are taken; text that opens otherwise is as written.
pub fn moves_unnumbered(text: &str) -> String {
    let marker = |w: &str, n: u32| {
        w.strip_suffix(['.', ')'])
            .is_some_and(|d| d.parse::<u32>().is_ok_and(|d| d == n))
    };
    let words: Vec<&str> = text.split(' ').collect();
    if !words.first().is_some_and(|w| marker(w.trim_start(), 1)) {
        return text.to_string();
    }
    let mut next = 2;
    let mut out: Vec<&str> = Vec::with_capacity(words.len());
    for (k, w) in words.iter().enumerate() {
        if k == 0 {
            continue;
        }
        if marker(w, next) {
            next += 1;
            out.push("\n");
        } else {
            out.push(w);
        }
    }
    if next == 2 {
        return text.to_string();
    }
    out.join(" ")
        .replace(" \n ", "\n")
        .replace("\n ", "\n")
        .trim()
        .to_string()
}

/// `text` without the asides in parentheses that weigh other moves (`Z
/// right (X right works just as well)`, `D6!? (F7 was the other
/// candidate)`, `(if 8. D4 then E5 wins)`): analysis, no part of the
/// move. An aside that only marks the move (`(forced)`, `(S-Swap)`,
/// `(2)`) stays.
pub fn analysis_dropped(text: &str) -> String {
    const WEIGHS: [&str; 16] = [
        "works",
        "work",
        "worked",
        "would",
        "could",
        "was",
        "were",
        "if",
        "also",
        "alternative",
        "alternatively",
        "candidate",
        "engine",
        "better",
        "best",
        "or",
    ];
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(open) = rest.find('(') {
        let Some(len) = rest[open..].find(')') else {
            break;
        };
        let aside = &rest[open + 1..open + len];
        let weighs = words(aside).iter().any(|w| WEIGHS.contains(&w.as_str()));
        out.push_str(&rest[..open]);
        if !weighs {
            out.push_str(&rest[open..=open + len]);
        }
        rest = &rest[open + len + 1..];
    }
    out.push_str(rest);
    out
}

/// `text` with a takeback said in words (`yes take back 🙏 D5 E5`, `let
/// me take that back`, `taking it back`) written as the one word
/// `takeback`, which every game's reader knows ([`takes_back`]).
pub fn takeback_joined(text: &str) -> String {
    const SAID: [&str; 9] = [
        "take back",
        "take it back",
        "take that back",
        "take this back",
        "taking back",
        "taking it back",
        "taking that back",
        "took back",
        "took it back",
    ];
    let lower = text.to_ascii_lowercase();
    let word_char = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '\'');
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    while at < text.len() {
        let found = SAID.iter().find(|s| {
            lower[at..].starts_with(*s)
                && !word_char(lower[..at].chars().next_back())
                && !word_char(lower[at + s.len()..].chars().next())
        });
        match found {
            Some(s) => {
                out.push_str("takeback");
                at += s.len();
            }
            None => {
                let c = text[at..].chars().next().unwrap_or(' ');
                out.push(c);
                at += c.len_utf8();
            }
        }
    }
    out
}

/// Words with which a writer speaks to someone (`you`, `your`, `you're`,
/// chat's `u` and `ur`): every host reader that asks who "you" is asks
/// it of these.
const YOU: [&str; 8] = ["you", "your", "youre", "youll", "youve", "youd", "u", "ur"];

/// Whether `w` speaks to someone (`you`, `ur` …).
pub fn is_you(w: &str) -> bool {
    YOU.contains(&w)
}

/// A message cut into clauses, each as lowercase words.
pub fn clauses(clean: &str) -> Vec<Vec<String>> {
    // A hyphen between words ends a clause (`Fern ran out - Moss wins`);
    // one inside a score (`10-7`) does not.
    let lower = clean.to_lowercase().replace(" - ", ",");
    let mut out = Vec::new();
    for part in lower.split([',', ';', '.', '!', '\n', '|', '&']) {
        let mut clause = Vec::new();
        for w in words(part) {
            if w == "and" || w == "vs" || w == "versus" || w == "but" {
                if !clause.is_empty() {
                    out.push(std::mem::take(&mut clause));
                }
            } else {
                clause.push(w);
            }
        }
        if !clause.is_empty() {
            out.push(clause);
        }
    }
    out
}

/// The whole number a word says: digits (`7`), or a number written out
/// (`seven`, `eighteen`, `twenty`, `twenty-one`, `forty two`, `ninety`)
/// up to 99, as hosts and players write small numbers in chat. A tens
/// word and its unit may be joined by a hyphen, a space or nothing.
pub fn number_word(word: &str) -> Option<u32> {
    const UNITS: [&str; 20] = [
        "zero",
        "one",
        "two",
        "three",
        "four",
        "five",
        "six",
        "seven",
        "eight",
        "nine",
        "ten",
        "eleven",
        "twelve",
        "thirteen",
        "fourteen",
        "fifteen",
        "sixteen",
        "seventeen",
        "eighteen",
        "nineteen",
    ];
    const TENS: [&str; 8] = [
        "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety",
    ];
    if let Ok(n) = word.parse() {
        return Some(n);
    }
    let unit = |w: &str| UNITS.iter().position(|u| *u == w).map(|n| n as u32);
    if let Some(n) = unit(word) {
        return Some(n);
    }
    let (t, tens) = TENS
        .iter()
        .enumerate()
        .find(|(_, t)| word.starts_with(**t))?;
    let rest = word[tens.len()..].trim_start_matches(['-', ' ']);
    let tens = 20 + 10 * t as u32;
    match rest {
        "" => Some(tens),
        r => unit(r).filter(|u| (1..=9).contains(u)).map(|u| tens + u),
    }
}

/// A name as words, with the seat it names.
pub type Names = [(Vec<String>, usize)];

/// Each player's names as words: the name, then every other name the
/// person importing tied to that player (a display name, a nickname).
pub fn name_words(ctx: &ChatContext) -> Vec<(Vec<String>, usize)> {
    let mut out: Vec<(Vec<String>, usize)> = ctx
        .players
        .iter()
        .enumerate()
        .map(|(seat, p)| (words(p), seat))
        .collect();
    for (other, seat) in ctx.aliases {
        out.push((words(other), *seat));
    }
    out.retain(|(w, _)| !w.is_empty());
    out
}

/// `clean` with every player's other name that holds a clause mark (`Bia
/// 🇧🇷 | pt/en`, `kit | TTV`) written as plain words: a mention of it is
/// one name, not a clause that ends after `Bia` and one that begins
/// `pt en is Player 1`.
pub fn names_kept_whole(clean: &str, ctx: &ChatContext) -> String {
    let mut out = clean.to_string();
    for (alias, _) in ctx.aliases {
        if !alias.contains([',', ';', '.', '!', '|', '&']) {
            continue;
        }
        let want = words(alias);
        if want.is_empty() {
            continue;
        }
        // The message's words with where each stands.
        let mut spans = Vec::new();
        let mut start = None;
        for (i, c) in out.char_indices().chain([(out.len(), ' ')]) {
            match (c.is_alphanumeric() || c == '_', start) {
                (true, None) => start = Some(i),
                (false, Some(s)) => {
                    spans.push((s, i));
                    start = None;
                }
                _ => {}
            }
        }
        let hit = (0..spans.len().saturating_sub(want.len() - 1))
            .rev()
            .filter(|&k| {
                (0..want.len()).all(|j| {
                    let (a, b) = spans[k + j];
                    out[a..b].to_lowercase() == want[j]
                })
            });
        for k in hit.collect::<Vec<_>>() {
            let (a, b) = (spans[k].0, spans[k + want.len() - 1].1);
            out.replace_range(a..b, &want.join(" "));
        }
    }
    out
}

/// Whether a message opens with its writer's own name: role-play told in
/// the third person (`Opal doesn't even look up. 22`), where what the
/// writer is said to do or not do is flavour around the play.
pub fn narrates_self(text: &str, seat: usize, ctx: &ChatContext) -> bool {
    let first = text.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
    let ws = words(&super::clean_chat(first));
    named(&ws, &name_words(ctx))
        .iter()
        .any(|&(start, _, s)| start == 0 && s == seat)
}

/// Where each player is named in a clause: (start, end, seat).
pub fn named(clause: &[String], names: &Names) -> Vec<(usize, usize, usize)> {
    let mut out = Vec::new();
    for (name, seat) in names {
        let seat = *seat;
        if name.is_empty() || name.len() > clause.len() {
            continue;
        }
        for start in 0..=clause.len() - name.len() {
            let said = &clause[start..start + name.len()];
            if said == &name[..] || said.iter().zip(name).all(|(w, n)| held_name(w, n)) {
                out.push((start, start + name.len(), seat));
            }
        }
    }
    out
}

/// Whether `word` is the name word `name` said with a key held down in
/// its middle (`MOOOOSSSS` for moss: the held end was let go before any
/// reader looked, [`super::typing`]): a run of three or more of one
/// letter, and the same letters as the name once each run is one.
fn held_name(word: &str, name: &str) -> bool {
    // Most words hold no held key: they are not looked at twice.
    let mut run = (None, 0);
    let held = word.chars().any(|c| {
        run = if run.0 == Some(c) {
            (run.0, run.1 + 1)
        } else {
            (Some(c), 1)
        };
        run.1 >= 3
    });
    if !held {
        return false;
    }
    let runs = |w: &str| {
        let mut out: Vec<(char, usize)> = Vec::new();
        for c in w.chars() {
            match out.last_mut() {
                Some((last, n)) if *last == c => *n += 1,
                _ => out.push((c, 1)),
            }
        }
        out
    };
    let (said, meant) = (runs(word), runs(name));
    said.len() == meant.len() && said.iter().zip(&meant).all(|(a, b)| a.0 == b.0)
}

/// Which side of a key word a name may stand on.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Beside {
    Before,
    After,
    Either,
}

/// The player named next to the words `key` (`at` is where they start),
/// at most `gap` words away on `side`, the nearest first; `None` when
/// none is, or when the two players are named equally near.
pub fn player_near(
    clause: &[String],
    names: &Names,
    at: usize,
    key_len: usize,
    side: Beside,
    gap: usize,
) -> Option<usize> {
    let found = named(clause, names);
    let distance = |(start, end, _): &(usize, usize, usize)| -> Option<usize> {
        if *end <= at && side != Beside::After {
            Some(at - end)
        } else if *start >= at + key_len && side != Beside::Before {
            Some(start - (at + key_len))
        } else {
            None
        }
    };
    let mut near: Vec<(usize, usize)> = found
        .iter()
        .filter_map(|n| distance(n).filter(|d| *d <= gap).map(|d| (d, n.2)))
        .collect();
    near.sort_unstable();
    match near.as_slice() {
        [] => None,
        [(d, seat), rest @ ..] => {
            if rest.iter().any(|(d2, s2)| d2 == d && s2 != seat) {
                None
            } else {
                Some(*seat)
            }
        }
    }
}

/// Where the word sequence `key` starts in a clause.
pub fn find_seq(clause: &[String], key: &[&str]) -> Option<usize> {
    if key.is_empty() || key.len() > clause.len() {
        return None;
    }
    (0..=clause.len() - key.len()).find(|&i| {
        clause[i..i + key.len()]
            .iter()
            .zip(key)
            .all(|(a, b)| a == b)
    })
}

/// A word of a player's message line, lowercase.
#[derive(Clone, Debug)]
pub struct Word {
    pub text: String,
    /// Which clause of the line it stands in (clauses end at `, ; . ! ? :`,
    /// brackets and dashes).
    pub clause: usize,
    /// Written as a mention (`@amaranth`): addressed, not said.
    pub mention: bool,
    /// What stands between this word and the next: marks and spaces (`. `
    /// in `1. plus`, `-` in `1-1`, `: ` in `claim: 15`).
    pub after: String,
}

/// One line of a player's message as words.
pub struct Line {
    pub words: Vec<Word>,
    /// Per clause: whether it ends in a question mark.
    pub questions: Vec<bool>,
}

impl Line {
    /// A line with no word yet, its first clause begun.
    pub fn empty() -> Line {
        Line {
            words: Vec::new(),
            questions: vec![false],
        }
    }

    /// Adds `text` (lowercased) as the next word, in the clause being read.
    pub fn push(&mut self, text: &str, mention: bool) {
        self.words.push(Word {
            text: text.to_lowercase(),
            clause: self.questions.len() - 1,
            mention,
            after: String::new(),
        });
    }

    /// A mark read after the last word: kept in that word's `after`;
    /// `, ; . ! ? : ( ) [ ]` end the clause being read once it has a word,
    /// and `?` makes it a question.
    pub fn mark(&mut self, c: char) {
        if let Some(w) = self.words.last_mut() {
            w.after.push(c);
        }
        if ",;.!?:()[]".contains(c) {
            let clause = self.questions.len() - 1;
            self.questions[clause] |= c == '?';
            if self.words.last().is_some_and(|w| w.clause == clause) {
                self.questions.push(false);
            }
        }
    }

    /// Whether the clause of `w` ends in a question mark.
    pub fn question(&self, w: &Word) -> bool {
        self.questions.get(w.clause).copied().unwrap_or(false)
    }

    /// The words' texts.
    pub fn texts(&self) -> Vec<&str> {
        self.words.iter().map(|w| w.text.as_str()).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::chat_checks::assert_rewrites;

    #[test]
    fn a_name_with_a_clause_mark_in_it_stays_one_name() {
        let players = ["beatriz".to_string(), "lukas".to_string()];
        let aliases = [("Bia 🇧🇷 | pt/en".to_string(), 0), ("kit".to_string(), 1)];
        let ctx = ChatContext {
            aliases: &aliases,
            ..ChatContext::new(&players, 1)
        };
        let kept = names_kept_whole("@Bia  | pt/en is Player 1; @bia | PT/EN again", &ctx);
        assert_eq!(kept, "@bia pt en is Player 1; @bia pt en again");
        assert_eq!(clauses(&kept)[0], ["bia", "pt", "en", "is", "player", "1"]);
        // Other text, and names without a mark, are as they were.
        assert_eq!(
            names_kept_whole("pt | en, kit | x", &ctx),
            "pt | en, kit | x"
        );
    }

    /// A name hyped with a held key (`MOOOOSSSS`, its held end already let
    /// go to `mooooos`) is the name; a word that only shares its letters
    /// once squeezed (`an` for Ann, `mos`) is not.
    #[test]
    fn a_name_said_with_a_held_key_is_the_name() {
        let names = [(vec!["moss".to_string()], 0), (vec!["ann".to_string()], 1)];
        let seats = |text: &str| -> Vec<usize> {
            let ws: Vec<String> = text.split(' ').map(String::from).collect();
            named(&ws, &names).iter().map(|n| n.2).collect()
        };
        assert_eq!(seats("starting us off mooooos"), [0]);
        assert_eq!(seats("go aaaannn"), [1]);
        assert!(seats("an apple").is_empty());
        assert!(seats("mos def").is_empty());
        assert!(seats("mooooo").is_empty());
    }

    #[test]
    fn a_numbered_list_is_one_move_a_line_and_asides_that_weigh_go() {
        assert_rewrites(
            moves_unnumbered,
            &[("1. X left 2. Y up 3. Z right", "X left\nY up\nZ right")],
            // Not a list from 1, or a number out of order: as written.
            &["3. b2E!", "X left 2. Y up", "1. X left 3. Y up"],
        );
        assert_rewrites(
            analysis_dropped,
            &[
                ("Z right (X right works just as well)", "Z right "),
                ("2... D6!? (F7 was the other candidate) ok", "2... D6!?  ok"),
            ],
            &["E5 (forced)", "swap D5 with E5 (S-Swap)", "X left (2"],
        );
    }

    #[test]
    fn numbers_are_read_in_digits_and_written_out_up_to_99() {
        for (word, n) in [
            ("7", 7),
            ("seven", 7),
            ("eighteen", 18),
            ("twenty", 20),
            ("twenty-one", 21),
            ("twenty one", 21),
            ("fortytwo", 42),
            ("ninety-nine", 99),
        ] {
            assert_eq!(number_word(word), Some(n), "{word}");
        }
        // Near misses: no unit of ten, a teen after a tens word, words
        // that start like a number.
        for word in [
            "twenty-ten",
            "twenty-zero",
            "thirtyish",
            "sevens",
            "tenth",
            "one-two",
        ] {
            assert_eq!(number_word(word), None, "{word}");
        }
    }

    #[test]
    fn a_takeback_in_words_is_one_word() {
        assert!(takes_back("takeback"));
        assert_rewrites(
            takeback_joined,
            &[
                (
                    "헐 yes yes take back 🙏 D5 E5 please",
                    "헐 yes yes takeback 🙏 D5 E5 please",
                ),
                ("Take it back! C3", "takeback! C3"),
                ("ok taking that back, a2 N", "ok takeback, a2 N"),
            ],
            // Another word that starts or ends the same is left as written.
            &[
                "retake back",
                "take backs",
                "mistake back",
                "take it",
                "back to C3",
            ],
        );
    }
}
