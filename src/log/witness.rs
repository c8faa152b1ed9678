//! The witness: a journal beside the database, outside sled, of every
//! acknowledged append: the match, how many events it then held and the
//! hash of the last one (which commits to every event before it through
//! the chain), signed with the server's key.
//!
//! Why: after disk damage sled can reopen a database without the tail of a
//! log, heads included, as if nothing had happened; the chain of what is
//! left still checks. The witness is how `verify` knows what was
//! acknowledged. A line is written and synced after the store has flushed
//! and before the append is acknowledged, so a crash between the two
//! leaves the store ahead of its witness (an unwitnessed tail), which is
//! not damage. A witness line that does not parse or whose signature fails
//! is reported as such and never makes a good store look bad.
//!
//! Must not import `web`.

use std::collections::BTreeMap;
use std::fs::{File, OpenOptions};
use std::io::{self, BufRead, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use super::seal::{Hash, Keyring, Recorder};

/// The journal's file name, in the data directory.
pub const FILE: &str = "witness.log";

/// The open journal. Lines are appended under one lock; syncing is group
/// commit: an appender whose line an fsync already covered (another
/// appender's, started after the line was written) returns without its
/// own, so concurrent appends share one fsync.
pub struct Witness {
    /// The journal and how many lines were written through it.
    file: Mutex<(File, u64)>,
    /// A second handle on the same file, for syncing outside the write
    /// lock, and how many lines the last sync covered.
    synced: Mutex<(File, u64)>,
    path: PathBuf,
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
    /// The hash of the last of them.
    pub head: Hash,
}

/// The journal as read: each match's last good line, and the lines that
/// are damaged (line number, why).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Journal {
    pub last: BTreeMap<String, Witnessed>,
    pub damaged: Vec<(usize, String)>,
}

/// The text a line's signature covers.
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
        let mut options = OpenOptions::new();
        options.create(true).append(true);
        #[cfg(unix)]
        {
            use std::os::unix::fs::OpenOptionsExt;
            options.mode(0o600);
        }
        let file = options.open(&path)?;
        let syncer = file.try_clone()?;
        Ok(Witness {
            file: Mutex::new((file, 0)),
            synced: Mutex::new((syncer, 0)),
            path,
        })
    }

    /// Records that match `match_id` holds `size` events ending in `head`,
    /// and syncs the journal before returning.
    pub fn record(
        &self,
        recorder: &Recorder,
        match_id: &str,
        size: u64,
        head: &Hash,
    ) -> io::Result<()> {
        let signature = recorder.sign(signed_text(match_id, size, head).as_bytes());
        let line = format!(
            "{match_id} {size} {} {} {}\n",
            hex::encode(head),
            recorder.key_id(),
            hex::encode(signature)
        );
        let poisoned = || io::Error::other("the witness journal's lock is poisoned");
        let mine = {
            let mut file = self.file.lock().map_err(|_| poisoned())?;
            file.0.write_all(line.as_bytes())?;
            file.1 += 1;
            file.1
        };
        let mut synced = self.synced.lock().map_err(|_| poisoned())?;
        if synced.1 >= mine {
            // A sync that started after this line was written covered it.
            return Ok(());
        }
        // Every line written so far is covered by this sync.
        let upto = self.file.lock().map_err(|_| poisoned())?.1;
        synced.0.sync_data()?;
        synced.1 = upto;
        Ok(())
    }

    /// The journal's path.
    pub fn path(&self) -> &Path {
        &self.path
    }
}

/// Rewrites the journal in `dir` to each match's last line, when that
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
    let journal = parse(text.as_slice(), keys)?;
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
    let mut options = OpenOptions::new();
    options.create(true).write(true).truncate(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    let mut file = options.open(&fresh)?;
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

/// Reads a journal's text (a backup's copy, say), checking every line's
/// signature against `keys`.
pub fn parse(text: impl BufRead, keys: &Keyring) -> io::Result<Journal> {
    let mut journal = Journal::default();
    for (n, line) in text.split(b'\n').enumerate() {
        let line = line?;
        let number = n + 1;
        match parse_line(&line, keys) {
            Ok((match_id, size, head)) => {
                journal.last.insert(
                    match_id,
                    Witnessed {
                        line: number,
                        size,
                        head,
                    },
                );
            }
            Err(why) => journal.damaged.push((number, why)),
        }
    }
    Ok(journal)
}

/// One journal line: (match, size, head), or why it cannot be trusted.
fn parse_line(line: &[u8], keys: &Keyring) -> Result<(String, u64, Hash), String> {
    let text = std::str::from_utf8(line).map_err(|_| "the line is not text".to_string())?;
    let fields: Vec<&str> = text.split(' ').collect();
    let [match_id, size, head, key_id, signature] = fields.as_slice() else {
        return Err("the line does not have its five fields".into());
    };
    let size: u64 = size
        .parse()
        .map_err(|_| format!("'{size}' is not a size"))?;
    let head: Hash = hex::decode(head)
        .ok()
        .and_then(|h| h.try_into().ok())
        .ok_or_else(|| "the head is not a hash".to_string())?;
    let signature = hex::decode(signature).map_err(|_| "the signature is not hex".to_string())?;
    keys.verify(
        key_id,
        signed_text(match_id, size, &head).as_bytes(),
        &signature,
    )
    .map_err(|e| format!("the signature does not check: {e}"))?;
    Ok((match_id.to_string(), size, head))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_read_back_and_a_damaged_line_is_named_not_trusted() {
        let dir = tempfile::tempdir().unwrap();
        let rec = Recorder::from_bytes([3; 32]);
        let keys = Keyring::from(&rec);
        let w = Witness::open(dir.path()).unwrap();
        w.record(&rec, "m1", 1, &[1; 32]).unwrap();
        w.record(&rec, "m2", 4, &[2; 32]).unwrap();
        w.record(&rec, "m1", 2, &[3; 32]).unwrap();
        let j = read(dir.path(), &keys).unwrap();
        assert_eq!(
            j.last["m1"],
            Witnessed {
                line: 3,
                size: 2,
                head: [3; 32]
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

    #[test]
    fn a_long_journal_compacts_to_each_matchs_last_line_unless_damaged() {
        let dir = tempfile::tempdir().unwrap();
        let rec = Recorder::from_bytes([5; 32]);
        let keys = Keyring::from(&rec);
        let w = Witness::open(dir.path()).unwrap();
        for size in 1..=40u64 {
            for m in ["a", "b", "c"] {
                w.record(&rec, m, size, &[size as u8; 32]).unwrap();
            }
        }
        // Short journals are left alone.
        assert_eq!(compact(dir.path(), &keys, 1000).unwrap(), None);
        assert_eq!(compact(dir.path(), &keys, 100).unwrap(), Some((120, 3)));
        let j = read(dir.path(), &keys).unwrap();
        assert!(j.damaged.is_empty());
        for m in ["a", "b", "c"] {
            assert_eq!((j.last[m].size, j.last[m].head), (40, [40; 32]), "{m}");
        }
        // A journal with a damaged line is evidence: kept whole.
        let w = Witness::open(dir.path()).unwrap();
        for size in 41..=80u64 {
            w.record(&rec, "a", size, &[1; 32]).unwrap();
        }
        let path = dir.path().join(FILE);
        let text = std::fs::read_to_string(&path).unwrap();
        std::fs::write(&path, text.replacen("a 41 ", "a 14 ", 1)).unwrap();
        assert_eq!(compact(dir.path(), &keys, 10).unwrap(), None);
        assert_eq!(std::fs::read_to_string(&path).unwrap().lines().count(), 43);
    }
}
