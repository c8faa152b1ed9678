//! What an import report flags beyond each message's reading, so that a
//! misread can never pass unnoticed: host rulings the rules disagree with,
//! a run of refused events explained once by its likely cause, and names
//! that match no one with the author they probably mean.
//!
//! These are read from the events as the reader made them and from the
//! verifier's comparison of each ruling with the rules (no solver result
//! decides a flag, so a time limit on the searches changes nothing here).
//! Must not import `web/`.

use std::collections::BTreeMap;

use serde::Serialize;

use super::events::{ReadEvent, Unread};
use crate::event::{Body, NewEvent};
use crate::findings::Award;
use crate::games::MatchState;
use crate::verify::{self, Verdict};

/// A host ruling the rules give to someone else, or where they name no
/// winner (the game had not ended by the rules when the host ruled).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RulingInQuestion {
    /// The ruling's message.
    pub message: usize,
    /// `disagrees` or `rules silent`.
    pub verdict: &'static str,
    pub ruled: String,
    pub by_rules: String,
}

/// An event that does not fit the match as read: evidence that a message
/// before it was misread.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Doubt {
    pub message: usize,
    pub why: String,
}

/// The events that do not fit the match as read (see `games::chat::doubts`).
pub fn doubts(state: Option<&MatchState>, read: &[ReadEvent]) -> Vec<Doubt> {
    let Some(state) = state else {
        return Vec::new();
    };
    crate::games::chat::doubts(state)
        .into_iter()
        .filter_map(|(seq, why)| {
            // read[k] is the event at seq k + 1.
            let e = read.get((seq as usize).checked_sub(1)?)?;
            Some(Doubt {
                message: e.message,
                why,
            })
        })
        .collect()
}

/// A run of events the rules refuse, explained once.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Cascade {
    /// The first and last message of the run.
    pub from: usize,
    pub to: usize,
    /// How many events in it the rules refuse.
    pub refused: usize,
    /// The likely cause, in words a person can act on.
    pub cause: String,
}

/// Refused events in a row that make a run worth one explanation.
const RUN: usize = 3;

/// The rulings the rules disagree with or are silent on, from the
/// verifier's findings on the match as read (Bejeweled's best-claim search
/// is cut short: the verdict does not depend on it); and each decision on
/// appeal that overturned a ruling to someone the rules do not give it
/// to, or while they name no one (flagged at the decision's message: the verifier's verdict is on the
/// ruling as first made, so a wrong overturn would otherwise pass).
pub fn rulings_in_question(
    state: Option<&MatchState>,
    events: &[NewEvent],
    read: &[ReadEvent],
) -> Vec<RulingInQuestion> {
    let Some(state) = state else {
        return Vec::new();
    };
    // read[k] is the event at seq k + 1.
    let taken = |seq: usize| {
        seq.checked_sub(1)
            .and_then(|k| read.get(k))
            .filter(|e| e.rule_error.is_none())
    };
    // Ruling seq → the decision that overturned it: its message, and who
    // it gave the ruling to.
    let overturned: BTreeMap<u64, (usize, Award)> = events
        .iter()
        .enumerate()
        .filter_map(|(seq, e)| match &e.body {
            Body::AppealDecision(d) if !d.upheld => {
                let decided = taken(seq)?;
                let Body::Appeal(a) = &events.get(d.appeal_seq as usize)?.body else {
                    return None;
                };
                Some((a.ruling_seq, (decided.message, Award::of_name(&d.winner))))
            }
            _ => None,
        })
        .collect();
    let mut out = Vec::new();
    for f in verify::findings_for(state, Some(std::time::Duration::from_millis(20))) {
        let seq = f.ruling_seq.unwrap_or(f.seq);
        let question = |message: usize| RulingInQuestion {
            message,
            verdict: f.verdict.word(),
            ruled: f.ruled.clone(),
            by_rules: f.by_rules.clone(),
        };
        if matches!(f.verdict, Verdict::Disagrees | Verdict::RulesSilent) {
            if let Some(e) = (seq as usize).checked_sub(1).and_then(|k| read.get(k)) {
                out.push(question(e.message));
            }
        }
        if let Some((message, to)) = overturned.get(&seq) {
            let verdict = match &f.award_by_rules {
                Some(rules) if rules == to => continue,
                Some(_) => Verdict::Disagrees,
                None => Verdict::RulesSilent,
            };
            out.push(RulingInQuestion {
                verdict: verdict.word(),
                ..question(*message)
            });
        }
    }
    out
}

/// Runs of refused events, each with its likely cause: the nearest
/// message before the run that could not be read, else the last event the
/// rules accepted before it.
pub fn cascades(read: &[ReadEvent], unread: &[Unread]) -> Vec<Cascade> {
    let mut out = Vec::new();
    let mut k = 0;
    while k < read.len() {
        if read[k].rule_error.is_none() {
            k += 1;
            continue;
        }
        let start = k;
        while k < read.len() && read[k].rule_error.is_some() {
            k += 1;
        }
        let run = &read[start..k];
        if run.len() < RUN {
            continue;
        }
        let (from, to) = (run[0].message, run[run.len() - 1].message);
        let first_error = run[0].rule_error.as_deref().unwrap_or("");
        let before = read[..start].iter().rev().find(|e| e.rule_error.is_none());
        let missed = unread
            .iter()
            .rfind(|u| u.message < from && before.is_none_or(|b| u.message > b.message));
        let cause = match (missed, before) {
            (Some(u), _) => format!(
                "message {} was not read ({}), so what follows does not fit the match as read",
                u.message, u.reason
            ),
            (None, Some(b)) => format!(
                "after message {} ({} '{}') the rules refuse every event: check that message's reading, or the one that should come before message {from}",
                b.message, b.kind, b.text
            ),
            (None, None) => format!(
                "the rules refuse the first events already ({first_error}): the setup or the round's opening was likely not read"
            ),
        };
        out.push(Cascade {
            from,
            to,
            refused: run.len(),
            cause,
        });
    }
    out
}

/// The note that leads the report for a cascade.
pub fn cascade_note(c: &Cascade) -> String {
    format!(
        "messages {}–{}: the rules refuse {} events in a row, likely because {}",
        c.from, c.to, c.refused, c.cause
    )
}

/// The author a name that matches no one probably means: one whose name
/// starts with it (any case), else the nearest by edit distance (at most
/// half of its letters off). `None`: no author is named like it.
pub fn likely_author<'a>(name: &str, authors: &[&'a str]) -> Option<&'a str> {
    let lower = name.trim_start_matches('@').to_lowercase();
    if lower.is_empty() {
        return None;
    }
    let prefixed: Vec<&str> = authors
        .iter()
        .copied()
        .filter(|a| a.to_lowercase().starts_with(&lower))
        .collect();
    if let [one] = prefixed.as_slice() {
        return Some(one);
    }
    let limit = (lower.chars().count() / 2).max(1);
    let mut best: Vec<(usize, &str)> = authors
        .iter()
        .map(|a| (edit_distance(&lower, &a.to_lowercase()), *a))
        .filter(|(d, _)| *d <= limit)
        .collect();
    best.sort();
    match best.as_slice() {
        [(d, a), rest @ ..] if rest.first().is_none_or(|(d2, _)| d2 > d) => Some(a),
        _ => None,
    }
}

/// Levenshtein distance over characters.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let cur = row[j + 1];
            row[j + 1] = if ca == *cb {
                prev
            } else {
                1 + prev.min(cur).min(row[j])
            };
            prev = cur;
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_is_matched_by_prefix_then_edit_distance() {
        let authors = ["mossy_k", "Vale", "kit_marlowe", "spectator"];
        assert_eq!(likely_author("@Moss", &authors), Some("mossy_k"));
        assert_eq!(likely_author("kit", &authors), Some("kit_marlowe"));
        assert_eq!(likely_author("vael", &authors), Some("Vale"));
        assert_eq!(likely_author("zed", &authors), None);
        assert_eq!(edit_distance("kitten", "sitting"), 3);
    }
}
