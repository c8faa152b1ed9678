//! A transcript sealed as commitments: cut into pieces (one per message,
//! plus the lines before the first), each piece salted and hashed, and a
//! Merkle root over the hashes sealed in the match's Create.
//!
//! Why not seal the text itself: a sealed event can never change, and a
//! community will be asked to remove someone's words. With commitments the
//! pieces live beside the log, and removing one keeps only its hash: the
//! root still recomputes, so the chain, the receipts and the bundles stay
//! valid. The salt (32 random bytes per piece, deleted with the text) is
//! what keeps a removed "gg" from being guessed back by hashing guesses.
//!
//! A leaf is `sha256(0x00 ‖ piece bytes)` and the tree is RFC 6962's, as
//! for the events (`super::merkle`); a piece's bytes are a domain tag, the
//! salt, the message numbers it holds, and its author, time and text, each
//! length-prefixed so no two pieces encode alike.
//!
//! The pieces cover the transcript exactly: put together, with nothing
//! removed, they give back the text as given, byte for byte. Where the
//! messages are is the importer's to say ([`MessageStart`]); this module
//! only cuts at those lines.
//!
//! Must not import anything above `log/` (a game, a page, the importer, the
//! verifier, the replay, bundles or samples).

use serde::{Deserialize, Serialize};

use super::merkle;
use super::seal::{Hash, Sealed};
use super::store::{EventStore, StoreError};
use crate::event::{message_list, Body, MatchId, TranscriptSeal};

/// Tags a piece's bytes so they cannot pass for anything else hashed here.
const DOMAIN: &[u8] = b"arbiter transcript piece v1";

/// One piece of a transcript, as stored beside the log.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Piece {
    /// The messages (numbered from 0, as the import report numbers them)
    /// that begin in this piece; empty for the lines before the first
    /// message. Almost always one.
    pub messages: Vec<u32>,
    pub content: Content,
}

/// A piece's text, or what is left of it after a redaction.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Content {
    Kept {
        /// 32 random bytes, hex.
        salt: String,
        /// The author as the transcript shows it ("" for lines between
        /// messages).
        author: String,
        /// The stamp as the transcript writes it.
        time: String,
        /// The piece's lines, exactly as given (line ends included).
        text: String,
    },
    Removed {
        /// The piece's leaf hash, hex: all the root needs of it.
        leaf: String,
        /// The seq of the Redaction event that removed it.
        redaction: u64,
        /// What stands in its place, for anyone reading the pieces:
        /// "message 14 removed on request: <reason>".
        note: String,
    },
}

/// Where a message begins, as the importer read it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MessageStart {
    /// 1-based line of the transcript (its header's line).
    pub line: usize,
    pub author: String,
    pub time: String,
}

/// What a transcript's pieces say when checked against its seal.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct TranscriptCheck {
    pub pieces: usize,
    pub messages: usize,
    /// The messages whose piece was removed, in order.
    pub removed: Vec<u32>,
}

/// The transcript's lines, each with its end (`\r\n`, `\r` or `\n`, as the
/// importer counts lines), so that they put together give `text` again.
fn lines_of(text: &str) -> Vec<&str> {
    let bytes = text.as_bytes();
    let mut lines = Vec::new();
    let mut start = 0;
    let mut i = 0;
    while i < bytes.len() {
        let end = match bytes[i] {
            b'\n' => i + 1,
            b'\r' if bytes.get(i + 1) == Some(&b'\n') => i + 2,
            b'\r' => i + 1,
            _ => {
                i += 1;
                continue;
            }
        };
        lines.push(&text[start..end]);
        start = end;
        i = end;
    }
    if start < bytes.len() {
        lines.push(&text[start..]);
    }
    lines
}

/// 32 fresh random bytes, hex.
fn fresh_salt() -> Result<String, String> {
    let mut salt = [0u8; 32];
    getrandom::getrandom(&mut salt)
        .map_err(|e| format!("the system gave no random bytes for a salt: {e}"))?;
    Ok(hex::encode(salt))
}

/// Cuts `text` at the lines where `messages` begin (in message order):
/// the lines before the first message are a piece of their own, and each
/// message's piece runs to the next message's first line. A message that
/// begins on or before the line of the one before it (two messages on one
/// line, as in a one-line JSON export) shares that one's piece.
pub fn cut(text: &str, messages: &[MessageStart]) -> Result<Vec<Piece>, String> {
    let lines = lines_of(text);
    let mut pieces: Vec<Piece> = Vec::new();
    let mut open_at = 0; // 0-based line the current piece starts at
    let piece_text = |from: usize, to: usize| lines[from..to].concat();
    let mut current: Option<(Vec<u32>, String, String)> = None;
    for (number, m) in messages.iter().enumerate() {
        let number = u32::try_from(number).map_err(|_| "too many messages".to_string())?;
        let start = m.line.saturating_sub(1).min(lines.len());
        if start > open_at {
            // Close what is open: the lines before the first message, or
            // the message before.
            let (numbers, author, time) = current.take().unwrap_or_default();
            pieces.push(kept(numbers, author, time, piece_text(open_at, start))?);
            open_at = start;
        }
        match &mut current {
            Some((numbers, _, _)) => numbers.push(number),
            None => current = Some((vec![number], m.author.clone(), m.time.clone())),
        }
    }
    let (numbers, author, time) = current.unwrap_or_default();
    pieces.push(kept(
        numbers,
        author,
        time,
        piece_text(open_at, lines.len()),
    )?);
    Ok(pieces)
}

fn kept(messages: Vec<u32>, author: String, time: String, text: String) -> Result<Piece, String> {
    Ok(Piece {
        messages,
        content: Content::Kept {
            salt: fresh_salt()?,
            author,
            time,
            text,
        },
    })
}

/// The piece's leaf hash (computed from its text, or as kept after a
/// redaction).
pub fn leaf(piece: &Piece) -> Result<Hash, String> {
    match &piece.content {
        Content::Removed { leaf, .. } => decode_hash(leaf, "removed piece's hash"),
        Content::Kept {
            salt,
            author,
            time,
            text,
        } => {
            let salt = decode_hash(salt, "salt")?;
            let mut bytes = Vec::with_capacity(DOMAIN.len() + 32 + text.len() + 64);
            let mut field = |b: &[u8]| {
                bytes.extend_from_slice(&(b.len() as u64).to_be_bytes());
                bytes.extend_from_slice(b);
            };
            field(DOMAIN);
            field(&salt);
            let numbers: Vec<u8> = piece
                .messages
                .iter()
                .flat_map(|n| n.to_be_bytes())
                .collect();
            field(&numbers);
            field(author.as_bytes());
            field(time.as_bytes());
            field(text.as_bytes());
            Ok(merkle::leaf_hash(&bytes))
        }
    }
}

fn decode_hash(text: &str, what: &str) -> Result<Hash, String> {
    let bytes = hex::decode(text).map_err(|_| format!("a {what} is not hex"))?;
    bytes
        .try_into()
        .map_err(|_| format!("a {what} is not 32 bytes"))
}

/// The Merkle root over the pieces' leaves.
pub fn root(pieces: &[Piece]) -> Result<Hash, String> {
    let leaves = pieces.iter().map(leaf).collect::<Result<Vec<_>, _>>()?;
    Ok(merkle::root(&leaves))
}

/// What a Create seals of `pieces`.
pub fn seal(format: &str, name: &str, pieces: &[Piece]) -> Result<TranscriptSeal, String> {
    Ok(TranscriptSeal {
        format: format.to_string(),
        name: name.to_string(),
        pieces: count(pieces.len())?,
        messages: count(pieces.iter().map(|p| p.messages.len()).sum())?,
        root: hex::encode(root(pieces)?),
    })
}

fn count(n: usize) -> Result<u32, String> {
    u32::try_from(n).map_err(|_| "the transcript has too many pieces".to_string())
}

/// Checks `pieces` against `seal`: the same number of pieces and messages,
/// the messages numbered 0, 1, … in order, and the same root. `Err` says
/// what differs.
pub fn check(seal: &TranscriptSeal, pieces: &[Piece]) -> Result<TranscriptCheck, String> {
    if pieces.len() != seal.pieces as usize {
        return Err(format!(
            "the Create seals {} transcript pieces and {} are stored",
            seal.pieces,
            pieces.len()
        ));
    }
    let numbers: Vec<u32> = pieces.iter().flat_map(|p| p.messages.clone()).collect();
    if numbers.len() != seal.messages as usize || numbers.iter().zip(0..).any(|(n, i)| *n != i) {
        return Err(format!(
            "the Create seals messages 0 to {} and the stored pieces number them otherwise",
            seal.messages.saturating_sub(1)
        ));
    }
    let root = hex::encode(root(pieces)?);
    if root != seal.root {
        return Err(format!(
            "the stored transcript pieces give the root {root}, and the Create seals {}: a piece was changed",
            seal.root
        ));
    }
    Ok(TranscriptCheck {
        pieces: pieces.len(),
        messages: numbers.len(),
        removed: removed_messages(pieces),
    })
}

/// [`check`], and then that every removed piece names a Redaction event
/// of the log (`(seq, body)` of each event) that lists one of its
/// messages: text never goes missing without a record of why.
pub fn check_with_log<'a>(
    seal: &TranscriptSeal,
    pieces: &[Piece],
    log: impl Iterator<Item = (u64, &'a Body)> + Clone,
) -> Result<TranscriptCheck, String> {
    let checked = check(seal, pieces)?;
    // A redaction whose event is written and whose text is still kept (a
    // run cut short between its two steps) is not done: say so.
    for (seq, body) in log.clone() {
        if let Body::Redaction(r) = body {
            let kept = pieces.iter().find(|p| {
                matches!(p.content, Content::Kept { .. })
                    && p.messages.iter().any(|m| r.messages.contains(m))
            });
            if let Some(p) = kept {
                return Err(format!(
                    "the Redaction at seq {seq} removes {}, and the text of {} is still kept: run the same redaction again to finish it",
                    message_list(&r.messages),
                    message_list(&p.messages)
                ));
            }
        }
    }
    for piece in pieces {
        if let Content::Removed { redaction, .. } = piece.content {
            let named = log.clone().any(|(seq, body)| {
                seq == redaction
                    && matches!(body, Body::Redaction(r)
                        if r.messages.iter().any(|m| piece.messages.contains(m)))
            });
            if !named {
                return Err(format!(
                    "{} removed with no Redaction event at seq {redaction} naming it",
                    message_list(&piece.messages)
                ));
            }
        }
    }
    Ok(checked)
}

/// The messages whose piece was removed, in order.
pub fn removed_messages(pieces: &[Piece]) -> Vec<u32> {
    pieces
        .iter()
        .filter(|p| matches!(p.content, Content::Removed { .. }))
        .flat_map(|p| p.messages.iter().copied())
        .collect()
}

/// The transcript seal of the match `events` are the log of: what its
/// Create commits to, when it is the third version (`None` otherwise).
pub fn seal_of(events: &[Sealed]) -> Option<&TranscriptSeal> {
    events.first()?.envelope.body.transcript_seal()
}

/// The pieces of match `id`'s transcript, when its log (`events`) seals
/// one: [`sealed`] for [`seal_of`].
pub fn of_match(
    store: &dyn EventStore,
    id: &MatchId,
    events: &[Sealed],
) -> Result<Option<Vec<Piece>>, StoreError> {
    seal_of(events)
        .map(|seal| sealed(store, id, seal))
        .transpose()
}

/// The pieces `seal` (match `id`'s Create) seals, as `store` keeps them;
/// their absence is damage ([`StoreError::Corrupt`] at seq 0), never "no
/// transcript".
pub fn sealed(
    store: &dyn EventStore,
    id: &MatchId,
    seal: &TranscriptSeal,
) -> Result<Vec<Piece>, StoreError> {
    store
        .transcript(id, &seal.root)?
        .ok_or_else(|| StoreError::Corrupt {
            seq: 0,
            reason: format!(
                "the Create seals a transcript (root {}) and the store has none of its pieces: restore them from a backup",
                seal.root
            ),
        })
}

/// `Err` naming the first of `messages` the transcript does not have.
pub fn has_messages(pieces: &[Piece], messages: &[u32]) -> Result<(), String> {
    let total: usize = pieces.iter().map(|p| p.messages.len()).sum();
    match messages.iter().find(|m| **m as usize >= total) {
        Some(missing) => Err(format!(
            "the transcript has messages 0 to {}; there is no message {missing}",
            total.saturating_sub(1)
        )),
        None => Ok(()),
    }
}

/// The whole text, when no piece was removed.
pub fn whole_text(pieces: &[Piece]) -> Option<String> {
    pieces
        .iter()
        .map(|p| match &p.content {
            Content::Kept { text, .. } => Some(text.as_str()),
            Content::Removed { .. } => None,
        })
        .collect()
}

/// Removes the pieces that hold `messages`, recording `redaction` (the
/// Redaction event's seq) and why (`reason`) in their place; a piece
/// already removed stays as it is. Returns the messages removed with them
/// (a piece two messages share goes whole). `Err` names a message the
/// transcript does not have.
pub fn remove(
    pieces: &mut [Piece],
    messages: &[u32],
    redaction: u64,
    reason: &str,
) -> Result<Vec<u32>, String> {
    has_messages(pieces, messages)?;
    let mut gone = Vec::new();
    for piece in pieces.iter_mut() {
        if !piece.messages.iter().any(|m| messages.contains(m)) {
            continue;
        }
        if let Content::Kept { .. } = piece.content {
            let leaf = hex::encode(leaf(piece)?);
            let what = message_list(&piece.messages);
            piece.content = Content::Removed {
                leaf,
                redaction,
                note: format!("{what} removed on request: {reason}"),
            };
        }
        gone.extend(piece.messages.iter().copied());
    }
    Ok(gone)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn start(line: usize, author: &str) -> MessageStart {
        MessageStart {
            line,
            author: author.into(),
            time: format!("line {line}"),
        }
    }

    const TEXT: &str = "banner\r\n\nmira — 10:00\nhello\r\nkit — 10:01\rgg\n\nsee you";

    #[test]
    fn the_pieces_put_together_give_the_text_byte_for_byte() {
        let pieces = cut(TEXT, &[start(3, "mira"), start(5, "kit")]).unwrap();
        assert_eq!(pieces.len(), 3);
        assert_eq!(pieces[0].messages, Vec::<u32>::new());
        assert_eq!(pieces[1].messages, vec![0]);
        assert_eq!(pieces[2].messages, vec![1]);
        assert_eq!(whole_text(&pieces).as_deref(), Some(TEXT));
        let Content::Kept { text, author, .. } = &pieces[1].content else {
            panic!("kept")
        };
        assert_eq!(text, "mira — 10:00\nhello\r\n");
        assert_eq!(author, "mira");
        // A text that ends without a line end, and one with no message.
        let no_messages = cut("just talk", &[]).unwrap();
        assert_eq!(whole_text(&no_messages).as_deref(), Some("just talk"));
    }

    #[test]
    fn a_transcript_that_opens_with_a_message_has_no_empty_piece() {
        let pieces = cut("a — 1\nx\nb — 2\ny\n", &[start(1, "a"), start(3, "b")]).unwrap();
        assert_eq!(pieces.len(), 2);
        assert_eq!(pieces[0].messages, vec![0]);
    }

    #[test]
    fn messages_on_one_line_share_a_piece() {
        let pieces = cut("{\"messages\":[1,2,3]}", &[start(1, "a"), start(1, "b")]).unwrap();
        assert_eq!(pieces.len(), 1);
        assert_eq!(pieces[0].messages, vec![0, 1]);
    }

    #[test]
    fn removing_a_message_keeps_the_root_and_forgets_the_text() {
        let mut pieces = cut(TEXT, &[start(3, "mira"), start(5, "kit")]).unwrap();
        let sealed = seal("discord-paste", "pasted", &pieces).unwrap();
        assert_eq!((sealed.pieces, sealed.messages), (3, 2));
        let gone = remove(&mut pieces, &[1], 9, "asked").unwrap();
        assert_eq!(gone, vec![1]);
        let stored = serde_json::to_string(&pieces).unwrap();
        assert!(!stored.contains("gg"), "{stored}");
        let checked = check(&sealed, &pieces).unwrap();
        assert_eq!(checked.removed, vec![1]);
        assert_eq!(checked.messages, 2);
        assert_eq!(whole_text(&pieces), None);
        // Removing it again changes nothing; a message that is not there
        // is named.
        let again = pieces.clone();
        remove(&mut pieces, &[1], 10, "again").unwrap();
        assert_eq!(pieces, again);
        assert!(remove(&mut pieces, &[2], 10, "no")
            .unwrap_err()
            .contains("no message 2"));
    }

    #[test]
    fn a_changed_piece_or_salt_breaks_the_check() {
        let pieces = cut(TEXT, &[start(3, "mira"), start(5, "kit")]).unwrap();
        let sealed = seal("discord-paste", "pasted", &pieces).unwrap();
        let mut changed = pieces.clone();
        if let Content::Kept { text, .. } = &mut changed[2].content {
            text.push('!');
        }
        assert!(check(&sealed, &changed).unwrap_err().contains("root"));
        let mut salted = pieces.clone();
        if let Content::Kept { salt, .. } = &mut salted[1].content {
            *salt = "00".repeat(32);
        }
        assert!(check(&sealed, &salted).is_err());
        let mut renumbered = pieces.clone();
        renumbered[2].messages = vec![5];
        assert!(check(&sealed, &renumbered).unwrap_err().contains("number"));
        assert!(check(&sealed, &pieces[..2]).is_err());
    }

    #[test]
    fn two_cuts_of_one_text_have_different_salts_and_roots() {
        let a = cut(TEXT, &[start(3, "mira")]).unwrap();
        let b = cut(TEXT, &[start(3, "mira")]).unwrap();
        assert_ne!(root(&a).unwrap(), root(&b).unwrap());
    }
}
