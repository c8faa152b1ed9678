//! A joke the host takes back: `peachy wins 🏆🏆 ...jk jk hold on lemme
//! check` rules nothing before its `jk`, and a message that does nothing
//! but take back the one before (`jk jk 💀`) is for the import to undo
//! that message's ruling.
//!
//! Part of the host reader ([`super`]): imports only the shared chat
//! words, nothing from `log/`, `import/`, `web/` or `verify.rs`.

use super::super::{chat_words, clean_chat};

/// Words that take back what was said as a joke (`peachy wins 🏆🏆
/// ...jk jk hold on lemme check`).
const JOKING: [&str; 7] = ["jk", "jkjk", "jking", "kidding", "joking", "psych", "sike"];

/// Whether a whole message only takes back the host's joke before it
/// (`jk jk 💀`, `lol just kidding`): a word of [`JOKING`] and at most
/// three words besides.
pub fn takes_back_a_joke(raw: &str) -> bool {
    let words = chat_words(&clean_chat(raw));
    words.iter().any(|w| JOKING.contains(&w.as_str()))
        && words
            .iter()
            .filter(|w| !JOKING.contains(&w.as_str()))
            .count()
            <= 3
}

/// The cleaned message with what comes before its last "just kidding"
/// blanked: that was a joke, not a ruling (lines keep their numbers).
pub(super) fn past_the_joke(clean: &str) -> String {
    let lines: Vec<&str> = clean.lines().collect();
    let at = lines.iter().enumerate().rev().find_map(|(n, line)| {
        let (mut end, mut start) = (None, None);
        for (i, c) in line.char_indices().chain([(line.len(), ' ')]) {
            if c.is_alphanumeric() {
                start.get_or_insert(i);
            } else if let Some(s) = start.take() {
                if JOKING.contains(&line[s..i].to_lowercase().as_str()) {
                    end = Some(i);
                }
            }
        }
        end.map(|e| (n, e))
    });
    let Some((n, end)) = at else {
        return clean.to_string();
    };
    lines
        .iter()
        .enumerate()
        .map(|(k, line)| match k.cmp(&n) {
            std::cmp::Ordering::Less => "",
            std::cmp::Ordering::Equal => &line[end..],
            std::cmp::Ordering::Greater => line,
        })
        .collect::<Vec<_>>()
        .join("\n")
}
