//! Appeals said in chat: a player's `I appeal Announcement 4 …` against
//! the host's ruling, and the host's answer (`the appeal succeeds`, `the
//! ruling stands`). Appeals are the same in every game, so these words are
//! read here once, before a game's own reader sees the message.
//!
//! Two decisions shape what is read:
//! - **An appeal is said in the first person or as a heading.** `I appeal
//!   …`, `I'd like to appeal`, `I'm filing an appeal`, `Appeal: …`. Asking
//!   (`can I appeal?`), refusing (`I won't appeal`), supposing (`if I
//!   appeal`) and reporting (`she appealed`) are talk.
//! - **A decision says which way it goes.** `granted`, `succeeds`,
//!   `overturned` overturn; `denied`, `dismissed`, `stands` uphold; a word
//!   of denial between flips it (`the ruling does not stand`). Words that
//!   go both ways are no decision: the reader says so rather than guess.
//!
//! Must not import anything from `log/` but the event vocabulary, nor from
//! `import/`, `web/` or `verify.rs`.

use super::words::{named, number_word, Names};
use super::{chat_words, clean_chat};

/// What an appeal says about which ruling it is against.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Against {
    /// A post the host numbered (`Announcement 4`, `ruling #2`): the label
    /// word and its number, to be found in the ruling's message.
    Label(String, u32),
    /// The ruling of a round (`round 2`, `R2`).
    Round(u32),
}

/// Words a host numbers its posts by, and an appeal names one by.
const LABELS: [&str; 8] = [
    "announcement",
    "ruling",
    "decision",
    "judgement",
    "judgment",
    "verdict",
    "post",
    "call",
];

/// Words between `I` and `appeal` in a first-person appeal (`I'd like to
/// appeal`, `I'm hereby appealing`, `I am going to appeal`).
const BETWEEN: [&str; 23] = [
    "m",
    "am",
    "d",
    "would",
    "like",
    "want",
    "wanna",
    "wish",
    "to",
    "ll",
    "will",
    "shall",
    "must",
    "hereby",
    "formally",
    "officially",
    "respectfully",
    "now",
    "also",
    "do",
    "going",
    "gonna",
    "hereby",
];

/// Words that put an appeal as a noun in the speaker's mouth (`I file an
/// appeal`, `formal appeal:`).
const AS_A_NOUN: [&str; 12] = [
    "an",
    "my",
    "formal",
    "official",
    "file",
    "filing",
    "lodge",
    "lodging",
    "submit",
    "submitting",
    "raise",
    "raising",
];

/// Words before the speaker that make the appeal a question or a
/// supposition (`should I appeal`, `if I appeal`).
const SUPPOSING: [&str; 10] = [
    "if", "whether", "should", "could", "can", "would", "might", "may", "unless", "when",
];

/// Words that deny what follows them (`not`, `won't`, `never`).
const DENIAL: [&str; 9] = [
    "not", "no", "never", "t", "nt", "cannot", "dont", "wont", "cant",
];

/// Words by which an appeal goes through.
const SUCCEEDS: [&str; 11] = [
    "succeeds",
    "succeeded",
    "successful",
    "granted",
    "accepted",
    "allowed",
    "sustained",
    "upheld",
    "approved",
    "valid",
    "correct",
];

/// Words by which an appeal fails.
const FAILS: [&str; 11] = [
    "denied",
    "rejected",
    "dismissed",
    "fails",
    "failed",
    "refused",
    "unsuccessful",
    "overruled",
    "declined",
    "invalid",
    "lost",
];

/// Words by which a ruling is undone, whoever says it.
const UNDONE: [&str; 12] = [
    "overturned",
    "overturn",
    "overturning",
    "overturns",
    "reversed",
    "reverse",
    "rescinded",
    "revoked",
    "voided",
    "annulled",
    "vacated",
    "void",
];

/// What a ruling is called when it is kept (`the ruling stands`).
const RULED: [&str; 8] = [
    "ruling",
    "decision",
    "call",
    "result",
    "judgement",
    "judgment",
    "verdict",
    "announcement",
];

/// Words by which a ruling is kept.
const STANDS: [&str; 9] = [
    "stands",
    "stand",
    "upheld",
    "holds",
    "confirmed",
    "unchanged",
    "remains",
    "stays",
    "kept",
];

/// What a decision keeps or undoes: a ruling by any name (`the call`,
/// `the result`), or what it gave (`R1`, `the round`, `the win`, `the
/// W`).
fn kept_subject(word: &str) -> bool {
    RULED.contains(&word)
        || ["round", "match", "game", "dm", "win", "w"].contains(&word)
        || word
            .strip_prefix('r')
            .is_some_and(|d| !d.is_empty() && d.chars().all(|c| c.is_ascii_digit()))
}

/// A said piece of a message: its lowercase words, whether it asks (ends
/// with `?`), and whether it opens by addressing someone (`@Harrow …`).
struct Said {
    words: Vec<String>,
    asks: bool,
    addressed: bool,
}

/// A message cut at `ends` (sentence ends, and for an appeal also
/// commas: `pls recheck, I think c2 E wasn't legal??` requests before it
/// asks).
fn pieces(text: &str, ends: &[char]) -> Vec<Said> {
    let clean = clean_chat(text);
    let mut out = Vec::new();
    let mut rest = clean.as_str();
    while !rest.is_empty() {
        let end = rest.find(ends).unwrap_or(rest.len());
        let asks = rest[end..].starts_with('?');
        let piece = &rest[..end];
        let words = chat_words(piece);
        if !words.is_empty() {
            out.push(Said {
                words,
                asks,
                addressed: piece.trim_start().starts_with('@'),
            });
        }
        rest = rest.get(end + 1..).unwrap_or("");
    }
    out
}

/// Sentence ends.
const SENTENCE: [char; 5] = ['.', '!', '?', '\n', ';'];
/// Clause ends, for an appeal.
const CLAUSE: [char; 7] = ['.', '!', '?', '\n', ';', ',', ':'];

/// Words that ask the host to look again at a ruling (`pls recheck round
/// 1`, `can you recount`): an appeal when they ask the host, not when the
/// speaker looks again (`let me recheck`).
const LOOK_AGAIN: [&str; 5] = ["recheck", "recount", "reconsider", "review", "rejudge"];

/// Words that open a request to the host (`pls`, `can you`, `mod`).
const ASKING: [&str; 10] = [
    "pls", "please", "plz", "plsss", "can", "could", "would", "you", "u", "kindly",
];

/// Words by which a player appeals in the languages a server mixes in
/// (`apelo`, `Einspruch`), or objects (`objection!`).
const OBJECTS: [&str; 5] = ["objection", "apelo", "apelación", "apelacion", "einspruch"];

/// Whether the words before `at` say `I` (or `we`) appeal: the speaker,
/// then only words of wanting or intending, and no supposition before.
fn first_person(w: &[String], at: usize) -> bool {
    let Some(i) = (0..at).rev().find(|&i| w[i] == "i" || w[i] == "we") else {
        return false;
    };
    let between = &w[i + 1..at];
    let supposed = i
        .checked_sub(1)
        .is_some_and(|b| SUPPOSING.contains(&w[b].as_str()));
    // `I'd appeal` alone is what the speaker would do, not what they do.
    let would = between.last().is_some_and(|x| x == "d" || x == "would");
    !supposed
        && !would
        && between.len() <= 6
        && between
            .iter()
            .all(|x| BETWEEN.contains(&x.as_str()) || AS_A_NOUN.contains(&x.as_str()))
}

/// Whether a clause appeals: `I appeal`, `I'd like to file an appeal`,
/// `I object`, one that opens with the word (`Appeal: the 7 scores 16`,
/// `objection!!`, `apelo`), perhaps after a mention (`@mod appealing
/// R1`), or a request to look again (`pls recheck round 1`, `can you
/// recount?`). A question about appealing or a denial is talk.
fn appeals_in(said: &Said) -> bool {
    let w = &said.words;
    w.iter().enumerate().any(|(at, x)| {
        let x = x.as_str();
        let before = &w[..at];
        // `re-check` is written as two words.
        let look_again = LOOK_AGAIN.contains(&x)
            || (x == "re" && w.get(at + 1).is_some_and(|n| n == "check" || n == "count"));
        if look_again {
            // Asked of the host, never of the speaker (`let me recheck`).
            return !before.is_empty()
                && before.len() <= 4
                && before.iter().all(|b| ASKING.contains(&b.as_str()))
                || before.is_empty() && !said.asks;
        }
        if said.asks {
            return false;
        }
        let verb = ["appeal", "appealing"].contains(&x) || OBJECTS.contains(&x);
        let disputes = ["dispute", "disputing", "contest", "contesting"].contains(&x)
            && w[at + 1..]
                .iter()
                .take(3)
                .any(|y| RULED.contains(&y.as_str()) || LABELS.contains(&y.as_str()));
        let objects = x == "object" && w.get(at + 1).is_none_or(|n| n == "to");
        if !(verb || disputes || objects) {
            return false;
        }
        // What may stand before a word that opens the clause: a mention's
        // words, or `formal`.
        let mentioned = said.addressed && before.len() <= 3;
        let opens = (mentioned
            || before
                .iter()
                .all(|b| ["formal", "official", "my", "an"].contains(&b.as_str())))
            && !objects
            && w.get(at + 1).is_none_or(|next| {
                ![
                    "is", "was", "denied", "window", "time", "process", "rules", "of",
                ]
                .contains(&next.as_str())
            });
        opens || first_person(w, at)
    })
}

/// What a player's message names as the ruling it appeals, when it
/// appeals: labels (`Announcement 4`) and rounds (`R2`), in the order
/// written (empty: the latest ruling). `None`: no appeal.
pub fn appeal(text: &str) -> Option<Vec<Against>> {
    if !pieces(text, &CLAUSE).iter().any(appeals_in) {
        return None;
    }
    let mut against = Vec::new();
    for Said { words: w, .. } in pieces(text, &SENTENCE) {
        for (i, x) in w.iter().enumerate() {
            let next = w.get(i + 1).and_then(|n| number_word(n));
            if let Some(n) = next.filter(|_| LABELS.contains(&x.as_str())) {
                against.push(Against::Label(x.clone(), n));
            } else if let Some(n) = next.filter(|_| x == "round") {
                against.push(Against::Round(n));
            } else if let Some(n) = x
                .strip_prefix('r')
                .filter(|d| !d.is_empty() && d.chars().all(|c| c.is_ascii_digit()))
                .and_then(|d| d.parse().ok())
            {
                against.push(Against::Round(n));
            }
        }
    }
    Some(against)
}

/// Whether a message's words say `label n` (`Announcement 4`): how an
/// appeal's label is found in the ruling it names.
pub fn says_label(text: &str, label: &str, n: u32) -> bool {
    let w = chat_words(&clean_chat(text));
    w.windows(2)
        .any(|p| p[0] == label && number_word(&p[1]) == Some(n))
}

/// Whether a word of denial stands among `w[from..to]`.
fn denied(w: &[String], from: usize, to: usize) -> bool {
    w[from..to].iter().any(|x| DENIAL.contains(&x.as_str()))
}

/// The host's decision on an appeal, when the message says one:
/// `Some(Ok(true))` the ruling stands, `Some(Ok(false))` it is overturned;
/// `Some(Err(why))` when the words go both ways.
pub fn decision(text: &str) -> Option<Result<bool, String>> {
    let mut stands = false;
    let mut overturned = false;
    for Said { words: w, asks, .. } in pieces(text, &SENTENCE) {
        if asks {
            continue;
        }
        let mut said = |keeps: bool, negated: bool| {
            if keeps != negated {
                stands = true;
            } else {
                overturned = true;
            }
        };
        for (i, x) in w.iter().enumerate() {
            let word = x.as_str();
            // `the appeal succeeds`, `appeal denied`, `appeal is not granted`.
            // The search stops at a ruling named after the appeal: `on
            // the appeal, the ruling is upheld` upholds the ruling.
            if word == "appeal" {
                let ahead = (i + 1..w.len().min(i + 5))
                    .take_while(|&k| !RULED.contains(&w[k].as_str()))
                    .find(|&k| SUCCEEDS.contains(&w[k].as_str()) || FAILS.contains(&w[k].as_str()));
                if let Some(k) = ahead {
                    said(FAILS.contains(&w[k].as_str()), denied(&w, i + 1, k));
                }
            }
            // `Announcement 4 is overturned`, `I reverse my call`.
            if UNDONE.contains(&word) {
                said(false, denied(&w, i.saturating_sub(3), i));
            }
            // `Upheld.` alone answers the appeal: the ruling is upheld
            // (`appeal upheld`, above, grants it).
            if word == "upheld" && !w[..i].iter().any(|b| b == "appeal") {
                said(true, denied(&w, i.saturating_sub(3), i));
            }
            // `I'm keeping the call`, `pebble keeps the W`.
            if ["keep", "keeps", "keeping"].contains(&word)
                && w[i + 1..].iter().take(3).any(|k| kept_subject(k))
            {
                said(true, denied(&w, i.saturating_sub(3), i));
            }
            // `the ruling stands`, `Announcement 4 stands`, `R1 stays with
            // Vale`, `teodor's win stays`, `the call does not stand`.
            if kept_subject(word) {
                let ahead = (i + 1..w.len().min(i + 5)).find(|&k| STANDS.contains(&w[k].as_str()));
                if let Some(k) = ahead {
                    said(true, denied(&w, i + 1, k));
                }
            }
        }
    }
    match (stands, overturned) {
        (false, false) => None,
        (true, false) => Some(Ok(true)),
        (false, true) => Some(Ok(false)),
        (true, true) => Some(Err(
            "it says both that the ruling stands and that it is overturned: say one \
             (`the appeal is denied, the ruling stands` or `the appeal succeeds, the \
             ruling is overturned`)"
                .to_string(),
        )),
    }
}

/// Words that mark a score as put right (`Scoreboard (corrected)`).
const CORRECTED: [&str; 6] = [
    "corrected",
    "correction",
    "updated",
    "fixed",
    "amended",
    "revised",
];

/// The score a host posts as corrected (`corrected result: juniper 1 – 0
/// halvard`, `Corrected final score: marisol 22, teodor 26`), by seat:
/// each player's number is the one right after their name, else the one
/// right before it. `None` without a word of correction or a number for
/// each player.
pub fn corrected_score(text: &str, names: &Names) -> Option<[u32; 2]> {
    let w = chat_words(&clean_chat(text));
    if !w.iter().any(|x| CORRECTED.contains(&x.as_str())) {
        return None;
    }
    let number = |k: usize| w.get(k).and_then(|x| x.parse::<u32>().ok());
    let mut score = [None, None];
    for (from, to, seat) in named(&w, names) {
        let n = number(to).or_else(|| from.checked_sub(1).and_then(number));
        if score[seat].is_none() {
            score[seat] = n;
        }
    }
    Some([score[0]?, score[1]?])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_player_appeals_in_the_first_person_or_as_a_heading() {
        for text in [
            "I appeal Announcement 4. F5 to B1 is four rows, not five.",
            "I'd like to appeal that ruling, the 7 scores 16",
            "i want to appeal",
            "I am going to appeal R2",
            "I'm appealing round 2",
            "I hereby appeal the decision",
            "Appeal: the 7 is worth 16, not 20",
            "appeal!",
            "Appealing Announcement 7",
            "I'd like to file an appeal against the last ruling",
            "we formally appeal",
            "I dispute the ruling: the endgame tie goes to the last piece",
            "Formal appeal. I make it 19",
            "objection!! Y is blocked going up",
            "I object to that call",
            "apelo la decisión: de A4 a G2 son 14",
            "@Harrow | mod appealing R1, you forgot the plus",
            "pls recheck round 1, I think you miscounted",
            "pls recheck, I think c2 E wasn't legal??",
            "can you recount? the bend takes 6",
            "please re-check R2",
        ] {
            assert!(appeal(text).is_some(), "{text}");
        }
    }

    #[test]
    fn asking_refusing_supposing_or_reporting_an_appeal_is_talk() {
        for text in [
            "can I appeal?",
            "should I appeal this",
            "I won't appeal, gg",
            "I'm not appealing",
            "if I appeal, do we replay?",
            "she appealed last time too",
            "appeal is pointless lol",
            "appeal window is 5 minutes",
            "what's the appeal of this opening",
            "no appeal from me",
            "I'd appeal if I were you",
            "the appeal was fair",
            "I would appeal that",
            "let me recheck my proof",
            "I'll recount the gems later",
            "no objection from me",
            "the object is to get the taxi out",
        ] {
            assert_eq!(appeal(text), None, "{text}");
        }
    }

    #[test]
    fn an_appeal_names_the_ruling_by_its_label_or_round() {
        assert_eq!(
            appeal("I appeal Announcement 4. F5 to B1 is four rows"),
            Some(vec![Against::Label("announcement".into(), 4)])
        );
        assert_eq!(
            appeal("appealing R2, the claim was 18"),
            Some(vec![Against::Round(2)])
        );
        assert_eq!(
            appeal("I'd like to appeal the ruling on round three"),
            Some(vec![Against::Round(3)])
        );
        assert_eq!(appeal("I appeal"), Some(vec![]));
        assert!(says_label(
            "**Announcement 4.** The scores.",
            "announcement",
            4
        ));
        assert!(!says_label("**Announcement 14.**", "announcement", 4));
    }

    #[test]
    fn a_corrected_score_gives_each_player_the_number_beside_their_name() {
        let names: Vec<(Vec<String>, usize)> =
            vec![(vec!["juniper".into()], 0), (vec!["halvard".into()], 1)];
        for (text, want) in [
            ("corrected result: juniper 1 – 0 halvard 🏆", Some([1, 0])),
            (
                "Scoreboard (corrected): Juniper 1 – halvard 2",
                Some([1, 2]),
            ),
            (
                "Corrected final score: juniper 22, halvard 26 🏆",
                Some([22, 26]),
            ),
            // No word of correction, or a player without a number.
            ("juniper 1 – 0 halvard", None),
            ("corrected: juniper wins", None),
        ] {
            assert_eq!(corrected_score(text, &names), want, "{text}");
        }
    }

    #[test]
    fn a_decision_says_whether_the_ruling_stands() {
        for (text, stands) in [
            (
                "The appeal succeeds and Announcement 4 is overturned.",
                false,
            ),
            (
                "Announcement 7 is overturned: I hereby award round 3 to Ms. Hollis",
                false,
            ),
            ("appeal granted, round to kit", false),
            ("Appeal upheld. The match goes to vale.", false),
            ("I reverse my call: vale wins", false),
            ("the ruling does not stand", false),
            ("Appeal denied. The ruling stands.", true),
            ("the appeal is rejected", true),
            ("Announcement 4 stands", true),
            ("the original call stays", true),
            ("the appeal is not granted", true),
            ("Ruling upheld, gg", true),
            ("On the appeal: the ruling is upheld.", true),
            ("the ruling is not overturned", true),
            (
                "Upheld. Y only gets to C1–C3 going up. R1 stays Vale's",
                true,
            ),
            ("That's 3, not 2. R1 stays with Vale, sorry kit", true),
            ("Nope. 15 it is, R1 stays kit's", true),
            ("I'm keeping the call, sorry orrin.", true),
            ("Ruling upheld. pebble keeps the W.", true),
            ("still 22–26, teodor's win stays. sorry marisol", true),
            (
                "appeal upheld, my count was off: it's 27. R1 is vale's",
                false,
            ),
        ] {
            assert_eq!(decision(text), Some(Ok(stands)), "{text}");
        }
        for text in [
            "let me check the appeal",
            "is the ruling right? give me a minute",
            "vale wins the match",
            "I'll look at the appeal after lunch",
        ] {
            assert_eq!(decision(text), None, "{text}");
        }
        assert!(matches!(
            decision("appeal denied, the ruling is overturned"),
            Some(Err(_))
        ));
    }
}
