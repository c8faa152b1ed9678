//! The witness: a journal beside the database, outside sled, of every
//! acknowledged append's receipt: the match's signed checkpoint (its size,
//! Merkle root and time, see [`checkpoint`](super::checkpoint)), one line
//! each:
//!
//! ```text
//! <match> <size> <root> <time> <key id> <signature>
//! ```
//!
//! The signature is the receipt's own, so the line costs no signature of
//! its own and the journal is the list of receipts the server gave. Lines
//! written before receipts were journalled (`<match> <size> <head> <key
//! id> <signature>`: the last event's hash, signed over a text of their
//! own) still read, and are compared by that hash.
//!
//! Why: after disk damage sled can reopen a database without the tail of a
//! log, heads included, as if nothing had happened; the chain of what is
//! left still checks. The witness is how `verify` knows what was
//! acknowledged. A line is written and synced after the store has flushed
//! and before the append is acknowledged, so a crash between the two
//! leaves the store ahead of its witness (an unwitnessed tail), which is
//! not damage. A witness line that does not parse or whose signature fails
//! is reported as such and is not trusted, but what can still be read of
//! it is kept ([`Legible`]): when it is the last word on a match, and the
//! store holds fewer events than it says and not the ones its commitment
//! names, those events may be lost (a lost tail *and* its damaged line,
//! which a store checked only against good lines would pass as whole).
//! One fault alone never makes a good store look bad: a flipped size
//! leaves the commitment, which then names what the store holds, and a
//! flip anywhere else leaves the size. A flip in a line's match id makes
//! it name another match, so a damaged line is read only for a match the
//! store holds events of, and a loss behind a line whose match id was hit
//! stays unseen. Two lines run together (the newline between them lost)
//! are split after the first one's signature and both read, when both
//! check.
//!
//! The file is grown in zero-filled blocks ahead of its lines, and a line
//! overwrites zeros: syncing a line then writes data only, not the inode
//! (an append that grows the file made each sync also commit the file's
//! new size, about a third of an append's witnessing). A reader takes the
//! zeros after the last line as unwritten space.
//!
//! Must not import `web`.

use std::collections::BTreeMap;
use std::fs::File;
use std::io::{self, BufRead, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use chrono::{DateTime, Utc};

use super::checkpoint::Checkpoint;
use super::merkle;
use super::seal::{Hash, Keyring};

/// The journal's file name, in the data directory.
pub const FILE: &str = "witness.log";

/// How far ahead of its lines the journal is zero-filled: one growth of
/// the file (and so one inode write) per few hundred lines.
const BLOCK: u64 = 64 * 1024;

/// The open journal. Lines are appended under one lock; syncing is group
/// commit: an appender whose line an fsync already covered (another
/// appender's, started after the line was written) returns without its
/// own, so concurrent appends share one fsync.
pub struct Witness {
    /// The journal and where its lines are.
    file: Mutex<Lines>,
    /// A second handle on the same file, for syncing outside the write
    /// lock, and how many lines the last sync covered.
    synced: Mutex<(File, u64)>,
    path: PathBuf,
}

/// The open journal's file and where the next line goes.
struct Lines {
    file: File,
    /// How many lines were written through this handle.
    written: u64,
    /// Where the written lines end (the zero-filled space starts).
    end: u64,
    /// The file's length: how far it is zero-filled ahead of `end`.
    len: u64,
}

impl Lines {
    /// Writes `line` at the end of the written lines, first zero-filling
    /// another block when it would not fit.
    fn write(&mut self, line: &[u8]) -> io::Result<()> {
        let need = self.end + line.len() as u64;
        if need > self.len {
            let len = need.div_ceil(BLOCK) * BLOCK;
            self.file.seek(SeekFrom::Start(self.len))?;
            self.file
                .write_all(&vec![0; usize::try_from(len - self.len).unwrap_or(0)])?;
            self.len = len;
        }
        self.file.seek(SeekFrom::Start(self.end))?;
        self.file.write_all(line)?;
        self.end = need;
        self.written += 1;
        Ok(())
    }
}

/// Where the lines in `file` end: after its last byte that is not zero
/// (the rest is space filled ahead).
fn written_end(file: &mut File, len: u64) -> io::Result<u64> {
    let mut block = vec![0u8; BLOCK as usize];
    let mut upto = len;
    while upto > 0 {
        let from = upto.saturating_sub(BLOCK);
        let chunk = &mut block[..(upto - from) as usize];
        file.seek(SeekFrom::Start(from))?;
        file.read_exact(chunk)?;
        if let Some(i) = chunk.iter().rposition(|&b| b != 0) {
            return Ok(from + i as u64 + 1);
        }
        upto = from;
    }
    Ok(0)
}

/// `bytes` without the zero-filled space after the journal's last line.
pub fn written(bytes: &[u8]) -> &[u8] {
    let end = bytes.iter().rposition(|&b| b != 0).map_or(0, |i| i + 1);
    &bytes[..end]
}

impl std::fmt::Debug for Witness {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Witness").field("path", &self.path).finish()
    }
}

/// What the witness last says of one match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Witnessed {
    /// The journal line (from 1).
    pub line: usize,
    /// How many events were acknowledged.
    pub size: u64,
    /// What the line commits those events to.
    pub commits: Commitment,
}

/// What a witness line commits a match's first `size` events to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Commitment {
    /// The receipt's Merkle root over their hashes.
    Root(Hash),
    /// The hash of the last of them (lines from before receipts).
    Head(Hash),
}

impl Commitment {
    /// Whether two commitments of the same kind name different things (a
    /// root and a head are not compared).
    fn differs(&self, other: &Commitment) -> bool {
        match (self, other) {
            (Commitment::Root(a), Commitment::Root(b))
            | (Commitment::Head(a), Commitment::Head(b)) => a != b,
            _ => false,
        }
    }
}

impl Witnessed {
    /// Whether `hashes` (a match's event hashes, in order) begin with the
    /// events this line acknowledged.
    pub fn vouches_for(&self, hashes: &[Hash]) -> bool {
        let Some(acknowledged) = usize::try_from(self.size)
            .ok()
            .and_then(|n| hashes.get(..n))
        else {
            return false;
        };
        match self.commits {
            Commitment::Root(root) => merkle::root(&merkle::leaves(acknowledged)) == root,
            Commitment::Head(head) => acknowledged.last().is_none_or(|h| *h == head),
        }
    }
}

/// What can still be read of a damaged line that names a match: not
/// trusted, but not nothing when it is the last word on the match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Legible {
    /// The journal line (from 1).
    pub line: usize,
    /// The size it gives, when that field still reads as one.
    pub size: Option<u64>,
    /// What it commits to, when that field still reads as a hash.
    pub commits: Option<Commitment>,
}

impl Legible {
    /// Whether this line may say that events `held` (a match's event
    /// hashes, in order) lost a tail: it gives a larger size, and its
    /// commitment, if it still reads, is not to exactly what is held.
    pub fn says_more_than(&self, held: &[Hash]) -> Option<u64> {
        let size = self.size.filter(|&s| s > held.len() as u64)?;
        let what_is_held = self.commits.map(|commits| Witnessed {
            line: self.line,
            size: held.len() as u64,
            commits,
        });
        match what_is_held {
            Some(w) if w.vouches_for(held) => None,
            _ => Some(size),
        }
    }
}

/// The journal as read: each match's good line of the most events (the
/// last of them), and the lines that are damaged (line number, why).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Journal {
    pub last: BTreeMap<String, Witnessed>,
    pub damaged: Vec<(usize, String)>,
    /// What can be read of each match's last damaged line, by match.
    pub legible: BTreeMap<String, Legible>,
    /// Two good lines that acknowledge different logs of one size, by
    /// match: (the earlier line, the later, the size). One append gives
    /// one receipt, so its match was written over after a loss.
    pub rewritten: BTreeMap<String, (usize, usize, u64)>,
    /// The signed receipt behind each match's line in `last`, when that
    /// line is a receipt (not a line from before receipts): what a store
    /// that cannot sign gives as the match's checkpoint.
    pub receipts: BTreeMap<String, Checkpoint>,
}

/// A receipt as a journal line (without its newline): `<match> <size>
/// <root> <time> <key id> <signature>`.
pub fn line(r: &Checkpoint) -> String {
    format!(
        "{} {} {} {} {} {}",
        r.match_id,
        r.size,
        hex::encode(r.root),
        r.time_text(),
        r.key_id,
        hex::encode(&r.signature)
    )
}

/// The text a line's signature covers, for lines from before receipts.
fn signed_text(match_id: &str, size: u64, head: &Hash) -> String {
    format!(
        "arbiter witness v1\nmatch {match_id}\nsize {size}\nhead {}\n",
        hex::encode(head)
    )
}

impl Witness {
    /// Opens (or starts) the journal in `dir`, readable by its owner alone.
    pub fn open(dir: &Path) -> io::Result<Witness> {
        let path = dir.join(FILE);
        let mut file = super::owner_only()
            .create(true)
            .read(true)
            .write(true)
            .open(&path)?;
        let len = file.metadata()?.len();
        let mut end = written_end(&mut file, len)?;
        let syncer = file.try_clone()?;
        let mut lines = Lines {
            file,
            written: 0,
            end,
            len,
        };
        if end > 0 {
            // A line cut short by a crash stays as it is (it reads as a
            // damaged line); the next starts on a line of its own.
            let mut last = [0u8];
            lines.file.seek(SeekFrom::Start(end - 1))?;
            lines.file.read_exact(&mut last)?;
            if last[0] != b'\n' {
                lines.write(b"\n")?;
                lines.written = 0;
                end += 1;
            }
        }
        debug_assert_eq!(lines.end, end);
        Ok(Witness {
            file: Mutex::new(lines),
            synced: Mutex::new((syncer, 0)),
            path,
        })
    }

    /// Records `receipt`, the signed checkpoint of an append about to be
    /// acknowledged, and syncs the journal before returning.
    pub fn record(&self, receipt: &Checkpoint) -> io::Result<()> {
        self.record_all(std::slice::from_ref(receipt))
    }

    /// Records `receipts` in order (one write), and syncs the journal
    /// before returning.
    pub fn record_all(&self, receipts: &[Checkpoint]) -> io::Result<()> {
        let mut text = String::with_capacity(receipts.len() * 256);
        for r in receipts {
            text.push_str(&line(r));
            text.push('\n');
        }
        let poisoned = || io::Error::other("the witness journal's lock is poisoned");
        let mine = {
            let mut lines = self.file.lock().map_err(|_| poisoned())?;
            lines.write(text.as_bytes())?;
            lines.written
        };
        let mut synced = self.synced.lock().map_err(|_| poisoned())?;
        if synced.1 >= mine {
            // A sync that started after this line was written covered it.
            return Ok(());
        }
        // Every line written so far is covered by this sync.
        let upto = self.file.lock().map_err(|_| poisoned())?.written;
        synced.0.sync_data()?;
        synced.1 = upto;
        Ok(())
    }

    /// The journal's path.
    pub fn path(&self) -> &Path {
        &self.path
    }
}

/// Rewrites the journal in `dir` to each match's line of the most events, when that
/// saves most of it (more than `at_least` lines, over twice as many as
/// matches): every check reads and verifies the whole journal, and only
/// the last line of a match is ever compared. The lines kept are the
/// original bytes, signatures and all; the new file is synced and then
/// renamed over the old, so a crash leaves one or the other whole. A
/// journal with any damaged line is left as it is (it is evidence).
/// Returns (lines before, lines after) when it compacted.
pub fn compact(dir: &Path, keys: &Keyring, at_least: usize) -> io::Result<Option<(usize, usize)>> {
    let path = dir.join(FILE);
    let text = match std::fs::read(&path) {
        Ok(t) => t,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(e),
    };
    let text = written(&text);
    let journal = parse(text, keys)?;
    let lines: Vec<&[u8]> = text
        .split(|&b| b == b'\n')
        .filter(|l| !l.is_empty())
        .collect();
    let before = lines.len();
    if !journal.damaged.is_empty() || before <= at_least || before <= 2 * journal.last.len() {
        return Ok(None);
    }
    let mut keep: Vec<usize> = journal.last.values().map(|w| w.line).collect();
    keep.sort_unstable();
    let mut out = Vec::new();
    for n in &keep {
        out.extend_from_slice(lines[n - 1]);
        out.push(b'\n');
    }
    let fresh = dir.join(format!("{FILE}.compacting"));
    let mut file = super::owner_only()
        .create(true)
        .write(true)
        .truncate(true)
        .open(&fresh)?;
    file.write_all(&out)?;
    file.sync_all()?;
    std::fs::rename(&fresh, &path)?;
    File::open(dir)?.sync_all()?;
    Ok(Some((before, keep.len())))
}

/// Reads the journal in `dir` (none yet: an empty journal), checking every
/// line's signature against `keys`.
pub fn read(dir: &Path, keys: &Keyring) -> io::Result<Journal> {
    let file = match File::open(dir.join(FILE)) {
        Ok(f) => f,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Journal::default()),
        Err(e) => return Err(e),
    };
    parse(io::BufReader::new(file), keys)
}

/// The key ids the lines of the journal in `dir` name, read without
/// checking a signature (a store that lost its keys cannot check them):
/// what tells a database that was lost from one that never signed.
pub fn key_ids_named(dir: &Path) -> std::collections::BTreeSet<String> {
    let bytes = std::fs::read(dir.join(FILE)).unwrap_or_default();
    let text = String::from_utf8_lossy(written(&bytes)).into_owned();
    text.lines()
        .filter_map(|line| {
            let fields: Vec<&str> = line.split_whitespace().collect();
            match fields.len() {
                6 => Some(fields[4].to_string()),
                5 => Some(fields[3].to_string()),
                _ => None,
            }
        })
        .collect()
}

/// Reads a journal's text (a backup's copy, say), checking every line's
/// signature against `keys`.
pub fn parse(text: impl BufRead, keys: &Keyring) -> io::Result<Journal> {
    let mut journal = Journal::default();
    let mut lines = text.split(b'\n').enumerate().peekable();
    while let Some((n, line)) = lines.next() {
        let line = line?;
        let number = n + 1;
        if lines.peek().is_none() && line.iter().all(|&b| b == 0) {
            // The zero-filled space after the last line.
            break;
        }
        match parse_line(&line, keys) {
            Ok(read) => journal.take(number, read),
            Err(why) => match run_together(&line, keys) {
                // A lost newline joins two lines that each still check:
                // both are read, and the join is named.
                Some(parts) => {
                    let count = parts.len();
                    for read in parts {
                        journal.take(number, read);
                    }
                    journal.damaged.push((
                        number,
                        format!(
                            "{count} lines run together (a newline was lost); each still \
                             checks and is read"
                        ),
                    ));
                }
                None => {
                    if let Some((match_id, legible)) = legible(&line, number) {
                        journal.legible.insert(match_id, legible);
                    }
                    journal.damaged.push((number, why));
                }
            },
        }
    }
    Ok(journal)
}

impl Journal {
    /// Takes good line `number` that reads as `read`: the match's line of
    /// the most events so far (appends to one match run side by side, and
    /// their lines may land out of order), or a rewrite when it gives
    /// another log of the same size.
    fn take(&mut self, number: usize, (match_id, size, commits, receipt): Line) {
        let line = Witnessed {
            line: number,
            size,
            commits,
        };
        match self.last.get(&match_id) {
            Some(seen) if seen.size == size && seen.commits.differs(&commits) => {
                self.rewritten
                    .entry(match_id)
                    .or_insert((seen.line, number, size));
            }
            Some(seen) if seen.size > size => {}
            _ => {
                match receipt {
                    Some(r) => self.receipts.insert(match_id.clone(), r),
                    None => self.receipts.remove(&match_id),
                };
                self.last.insert(match_id, line);
            }
        }
    }
}

/// How many hex digits a line's signature has (an ed25519 signature).
const SIGNATURE_DIGITS: usize = 128;

/// `line` read as lines whose newlines were lost, when it is two or more
/// that each check: a line ends with its signature's 128 hex digits, so a
/// field that runs on past them starts the next line.
fn run_together(line: &[u8], keys: &Keyring) -> Option<Vec<Line>> {
    let text = std::str::from_utf8(line).ok()?;
    let mut parts = vec![String::new()];
    for field in text.split(' ') {
        let part = parts.last_mut().expect("one part at least");
        if !part.is_empty() {
            part.push(' ');
        }
        let signature_then_more = field.len() > SIGNATURE_DIGITS
            && field.is_char_boundary(SIGNATURE_DIGITS)
            && field[..SIGNATURE_DIGITS]
                .bytes()
                .all(|b| b.is_ascii_hexdigit());
        if signature_then_more {
            part.push_str(&field[..SIGNATURE_DIGITS]);
            parts.push(field[SIGNATURE_DIGITS..].to_string());
        } else {
            part.push_str(field);
        }
    }
    if parts.len() < 2 {
        return None;
    }
    parts
        .iter()
        .map(|part| parse_line(part.as_bytes(), keys).ok())
        .collect()
}

/// What a damaged line still says, read field by field with no trust: the
/// match its first field names (when that is still a match id), and its
/// size and commitment where those read.
fn legible(line: &[u8], number: usize) -> Option<(String, Legible)> {
    let text = String::from_utf8_lossy(line);
    let fields: Vec<&str> = text.split_whitespace().collect();
    let match_id = fields.first()?;
    crate::event::MatchId::parse(match_id).ok()?;
    let hash = |i: usize| -> Option<Hash> { hex::decode(fields.get(i)?).ok()?.try_into().ok() };
    let commits = match fields.len() {
        6 => hash(2).map(Commitment::Root),
        5 => hash(2).map(Commitment::Head),
        _ => None,
    };
    let legible = Legible {
        line: number,
        size: fields.get(1).and_then(|size| size.parse().ok()),
        commits,
    };
    Some((match_id.to_string(), legible))
}

/// A journal line read: match, size, commitment, receipt.
type Line = (String, u64, Commitment, Option<Checkpoint>);

/// One journal line: (match, size, what it commits to, the receipt when it
/// is one), or why it cannot be trusted.
fn parse_line(line: &[u8], keys: &Keyring) -> Result<Line, String> {
    let text = std::str::from_utf8(line).map_err(|_| "the line is not text".to_string())?;
    let fields: Vec<&str> = text.split(' ').collect();
    let hash = |text: &str, what: &str| -> Result<Hash, String> {
        hex::decode(text)
            .ok()
            .and_then(|h| h.try_into().ok())
            .ok_or_else(|| format!("the {what} is not a hash"))
    };
    let number = |text: &str| -> Result<u64, String> {
        text.parse().map_err(|_| format!("'{text}' is not a size"))
    };
    let signature =
        |text: &str| hex::decode(text).map_err(|_| "the signature is not hex".to_string());
    let checks = |e: String| format!("the signature does not check: {e}");
    match fields.as_slice() {
        [match_id, size, root, time, key_id, sig] => {
            let time = DateTime::parse_from_rfc3339(time)
                .map_err(|_| format!("'{time}' is not a time"))?
                .with_timezone(&Utc);
            let receipt = Checkpoint {
                match_id: match_id.to_string(),
                size: number(size)?,
                root: hash(root, "root")?,
                time,
                key_id: key_id.to_string(),
                signature: signature(sig)?,
            };
            receipt.verify(keys).map_err(checks)?;
            Ok((
                receipt.match_id.clone(),
                receipt.size,
                Commitment::Root(receipt.root),
                Some(receipt),
            ))
        }
        [match_id, size, head, key_id, sig] => {
            let size = number(size)?;
            let head = hash(head, "head")?;
            let text = signed_text(match_id, size, &head);
            keys.verify(key_id, text.as_bytes(), &signature(sig)?)
                .map_err(checks)?;
            Ok((match_id.to_string(), size, Commitment::Head(head), None))
        }
        _ => Err("the line does not have its six fields".into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::log::seal::Recorder;

    /// A new directory for a journal, and a recorder made from `seed` with
    /// the keyring that knows it.
    fn journal_dir(seed: u8) -> (tempfile::TempDir, Recorder, Keyring) {
        let rec = Recorder::from_bytes([seed; 32]);
        let keys = Keyring::from(&rec);
        (tempfile::tempdir().unwrap(), rec, keys)
    }

    /// One append gives one receipt: two good lines of one size and two
    /// roots mean the match was written over after a loss.
    #[test]
    fn two_receipts_of_one_size_with_different_roots_are_a_rewrite() {
        let (_dir, rec, keys) = journal_dir(7);
        let at = |root: u8| line(&Checkpoint::signed("m1", 3, [root; 32], Utc::now(), &rec));
        let text = format!("{}\n{}\n{}\n", at(1), at(1), at(2));
        let journal = parse(text.as_bytes(), &keys).unwrap();
        assert_eq!(journal.rewritten.get("m1"), Some(&(2, 3, 3)));
        assert_eq!(journal.last["m1"].line, 2);
        let same = format!("{}\n{}\n", at(1), at(1));
        assert!(parse(same.as_bytes(), &keys).unwrap().rewritten.is_empty());
    }

    /// The receipt of `size` events with root `root`, signed by `rec`.
    fn receipt(rec: &Recorder, m: &str, size: u64, root: Hash) -> Checkpoint {
        let time = DateTime::parse_from_rfc3339("2026-11-26T03:00:00.250Z")
            .unwrap()
            .with_timezone(&Utc);
        Checkpoint::signed(m, size, root, time, rec)
    }

    /// A journal of three lines: m1 at 1 event, m2 at 4, m1 at 2.
    fn three_lines(seed: u8) -> (tempfile::TempDir, Keyring) {
        let (dir, rec, keys) = journal_dir(seed);
        let w = Witness::open(dir.path()).unwrap();
        w.record(&receipt(&rec, "m1", 1, [1; 32])).unwrap();
        w.record(&receipt(&rec, "m2", 4, [2; 32])).unwrap();
        w.record(&receipt(&rec, "m1", 2, [3; 32])).unwrap();
        (dir, keys)
    }

    #[test]
    fn lines_read_back_and_a_damaged_line_is_named_not_trusted() {
        let (dir, keys) = three_lines(3);
        let j = read(dir.path(), &keys).unwrap();
        assert_eq!(
            j.last["m1"],
            Witnessed {
                line: 3,
                size: 2,
                commits: Commitment::Root([3; 32])
            }
        );
        assert_eq!(j.last["m2"].size, 4);
        assert!(j.damaged.is_empty());
        // One flipped digit in m1's last size: that line is damaged and the
        // earlier line stands.
        let path = dir.path().join(FILE);
        let text = std::fs::read_to_string(&path).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        let bad = lines[2].replacen(" 2 ", " 9 ", 1);
        std::fs::write(&path, format!("{}\n{}\n{bad}\n", lines[0], lines[1])).unwrap();
        let j = read(dir.path(), &keys).unwrap();
        assert_eq!(j.last["m1"].size, 1);
        assert_eq!(j.damaged.len(), 1);
        assert_eq!(j.damaged[0].0, 3);
        assert!(j.damaged[0].1.contains("signature"), "{:?}", j.damaged);
        // No journal yet: nothing witnessed.
        let empty = tempfile::tempdir().unwrap();
        assert_eq!(read(empty.path(), &keys).unwrap(), Journal::default());
    }

    /// A lost newline joins two lines; both still check, so neither the
    /// receipt of the first nor of the second is lost with it.
    #[test]
    fn two_lines_run_together_both_read_and_the_join_is_named() {
        let (dir, keys) = three_lines(8);
        let path = dir.path().join(FILE);
        let text = std::fs::read_to_string(&path).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        let joined = format!("{}\n{}{}\n", lines[0], lines[1], lines[2]);
        let j = parse(joined.as_bytes(), &keys).unwrap();
        assert_eq!((j.last["m1"].line, j.last["m1"].size), (2, 2));
        assert_eq!(j.last["m2"].size, 4);
        assert_eq!(j.damaged.len(), 1, "{:?}", j.damaged);
        assert!(j.damaged[0].1.contains("run together"), "{:?}", j.damaged);
        // A joined line whose second half was also hit stays damaged.
        let hit = joined.replacen("m1 2 ", "m1 9 ", 1);
        let j = parse(hit.as_bytes(), &keys).unwrap();
        assert_eq!(j.last["m1"].size, 1);
        assert!(j.damaged[0].1.contains("six fields"), "{:?}", j.damaged);
    }

    #[test]
    fn a_long_journal_compacts_to_each_matchs_last_line_unless_damaged() {
        let (dir, rec, keys) = journal_dir(5);
        let w = Witness::open(dir.path()).unwrap();
        for size in 1..=40u64 {
            for m in ["a", "b", "c"] {
                w.record(&receipt(&rec, m, size, [size as u8; 32])).unwrap();
            }
        }
        // Short journals are left alone.
        assert_eq!(compact(dir.path(), &keys, 1000).unwrap(), None);
        assert_eq!(compact(dir.path(), &keys, 100).unwrap(), Some((120, 3)));
        let j = read(dir.path(), &keys).unwrap();
        assert!(j.damaged.is_empty());
        for m in ["a", "b", "c"] {
            assert_eq!(
                (j.last[m].size, j.last[m].commits),
                (40, Commitment::Root([40; 32])),
                "{m}"
            );
        }
        // A journal with a damaged line is evidence: kept whole.
        let w = Witness::open(dir.path()).unwrap();
        for size in 41..=80u64 {
            w.record(&receipt(&rec, "a", size, [1; 32])).unwrap();
        }
        let path = dir.path().join(FILE);
        let text = std::fs::read_to_string(&path).unwrap();
        std::fs::write(&path, text.replacen("a 41 ", "a 14 ", 1)).unwrap();
        assert_eq!(compact(dir.path(), &keys, 10).unwrap(), None);
        let kept = std::fs::read(&path).unwrap();
        assert_eq!(written(&kept).split(|&b| b == b'\n').count() - 1, 43);
    }

    #[test]
    fn lines_from_before_receipts_still_read_and_vouch_by_their_head() {
        let (dir, rec, keys) = journal_dir(4);
        let hashes: Vec<Hash> = (1..=3u8).map(|b| [b; 32]).collect();
        let old = format!(
            "m1 2 {} {} {}\n",
            hex::encode(hashes[1]),
            rec.key_id(),
            hex::encode(rec.sign(signed_text("m1", 2, &hashes[1]).as_bytes()))
        );
        std::fs::write(dir.path().join(FILE), old).unwrap();
        let root = merkle::root(&merkle::leaves(&hashes));
        Witness::open(dir.path())
            .unwrap()
            .record(&receipt(&rec, "m2", 3, root))
            .unwrap();
        let j = read(dir.path(), &keys).unwrap();
        assert!(j.damaged.is_empty(), "{:?}", j.damaged);
        assert_eq!(j.last["m1"].commits, Commitment::Head(hashes[1]));
        assert_eq!(j.last["m2"].line, 2);
        // A line vouches for a log that begins with what it acknowledged.
        assert!(j.last["m1"].vouches_for(&hashes[..2]));
        assert!(j.last["m1"].vouches_for(&hashes));
        assert!(!j.last["m1"].vouches_for(&hashes[..1]));
        assert!(!j.last["m1"].vouches_for(&[hashes[0], hashes[2]]));
        assert!(j.last["m2"].vouches_for(&hashes));
        assert!(!j.last["m2"].vouches_for(&hashes[..2]));
        assert!(!j.last["m2"].vouches_for(&[hashes[0], hashes[0], hashes[2]]));
    }

    #[test]
    fn the_zero_filled_space_ahead_reads_as_unwritten_and_is_written_into() {
        let (dir, rec, keys) = journal_dir(6);
        let path = dir.path().join(FILE);
        let w = Witness::open(dir.path()).unwrap();
        w.record(&receipt(&rec, "m", 1, [1; 32])).unwrap();
        let bytes = std::fs::read(&path).unwrap();
        assert_eq!(bytes.len() as u64, BLOCK, "filled ahead");
        assert_eq!(written(&bytes).iter().filter(|&&b| b == b'\n').count(), 1);
        // Reopened, it writes after its last line, not at the file's end.
        drop(w);
        let w = Witness::open(dir.path()).unwrap();
        w.record(&receipt(&rec, "m", 2, [2; 32])).unwrap();
        let j = read(dir.path(), &keys).unwrap();
        assert!(j.damaged.is_empty(), "{:?}", j.damaged);
        assert_eq!((j.last["m"].line, j.last["m"].size), (2, 2));
        // Lines past one block grow the file by another.
        for size in 3..=400 {
            w.record(&receipt(&rec, "m", size, [3; 32])).unwrap();
        }
        let len = std::fs::metadata(&path).unwrap().len();
        assert!(len > BLOCK && len.is_multiple_of(BLOCK), "{len}");
        let j = read(dir.path(), &keys).unwrap();
        assert!(j.damaged.is_empty(), "{:?}", j.damaged);
        assert_eq!((j.last["m"].line, j.last["m"].size), (400, 400));
        // A line cut short by a crash is named; the next starts afresh.
        drop(w);
        let mut bytes = std::fs::read(&path).unwrap();
        let end = written(&bytes).len();
        bytes[end - 20..end].fill(0);
        std::fs::write(&path, &bytes).unwrap();
        let w = Witness::open(dir.path()).unwrap();
        w.record(&receipt(&rec, "m", 401, [4; 32])).unwrap();
        let j = read(dir.path(), &keys).unwrap();
        assert_eq!(j.damaged.len(), 1, "{:?}", j.damaged);
        assert_eq!(j.damaged[0].0, 400);
        assert_eq!((j.last["m"].line, j.last["m"].size), (401, 401));
        // A stray byte in the space ahead is named, not taken as a line.
        drop(w);
        let mut bytes = std::fs::read(&path).unwrap();
        let last = bytes.len() - 7;
        bytes[last] = b'x';
        std::fs::write(&path, &bytes).unwrap();
        let j = read(dir.path(), &keys).unwrap();
        assert_eq!(j.damaged.len(), 2, "{:?}", j.damaged);
        assert_eq!(j.last["m"].size, 401);
    }
}
