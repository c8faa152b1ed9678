//! The solved Dodgem tables on disk: one header line, then a value byte
//! and a remoteness byte per position, written whole or not at all.
//!
//! It owns the file format only (the solve is `solver`'s). It must not
//! import anything outside `dodgem` and `tempfile`.

use std::sync::atomic::AtomicU16;
use std::sync::atomic::Ordering::Relaxed;

use super::super::board::StuckRule;
use super::{Entry, Indexer, Tables};

/// The first word of a table file.
const TABLE_MAGIC: &str = "arbiter-dodgem-tables-v2";

impl Tables {
    /// Writes the solved tables to a file: a header line (format, size,
    /// rule, reachable and counts), then one value byte and one remoteness
    /// byte per position. Written under a temporary name beside it,
    /// flushed to disk and renamed, so a reader never sees half a file
    /// (a full disk leaves the old file, or none).
    pub fn save(&self, path: &std::path::Path) -> std::io::Result<()> {
        use std::io::Write;
        let dir = match path.parent() {
            Some(d) if !d.as_os_str().is_empty() => d,
            _ => std::path::Path::new("."),
        };
        std::fs::create_dir_all(dir)?;
        let file = tempfile::NamedTempFile::new_in(dir)?;
        let mut w = std::io::BufWriter::new(file);
        writeln!(
            w,
            "{TABLE_MAGIC} {} {} {} {} {} {} {}",
            self.n,
            self.rule.slug(),
            self.reachable,
            self.counts[0],
            self.counts[1],
            self.counts[2],
            self.entries.len()
        )?;
        let bytes = |f: fn(u16) -> u8| {
            self.entries
                .iter()
                .map(|a| f(a.load(Relaxed)))
                .collect::<Vec<u8>>()
        };
        w.write_all(&bytes(Entry::value))?;
        w.write_all(&bytes(Entry::remoteness))?;
        let file = w.into_inner().map_err(|e| e.into_error())?;
        // Readable as a file written the usual way (a temporary file is
        // its owner's only).
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            file.as_file()
                .set_permissions(std::fs::Permissions::from_mode(0o644))?;
        }
        file.as_file().sync_all()?;
        file.persist(path).map_err(|e| e.error)?;
        Ok(())
    }

    /// Reads tables written by [`Tables::save`] for this size and rule.
    pub fn load(path: &std::path::Path, n: u8, rule: StuckRule) -> std::io::Result<Tables> {
        use std::io::{BufRead, Read};
        let bad = |why: String| {
            std::io::Error::new(
                std::io::ErrorKind::InvalidData,
                format!("{}: {why}; delete it to solve again", path.display()),
            )
        };
        let mut r = std::io::BufReader::new(std::fs::File::open(path)?);
        let mut header = String::new();
        r.read_line(&mut header)?;
        let f: Vec<&str> = header.split_whitespace().collect();
        let num = |k: usize| -> Result<u64, std::io::Error> {
            f.get(k)
                .and_then(|x| x.parse().ok())
                .ok_or_else(|| bad("the header is damaged".into()))
        };
        if f.first() != Some(&TABLE_MAGIC) || f.len() != 8 {
            return Err(bad("not a Dodgem table file".into()));
        }
        if num(1)? != n as u64 || f[2] != rule.slug() {
            return Err(bad(format!(
                "it holds {}×{} {}, not {n}×{n} {}",
                f[1],
                f[1],
                f[2],
                rule.slug()
            )));
        }
        let indexer = Indexer::new(n);
        let len = num(7)? as usize;
        if len as u64 != indexer.len() {
            return Err(bad("its size does not match this board".into()));
        }
        let mut values = vec![0u8; len];
        r.read_exact(&mut values)?;
        let mut remoteness = vec![0u8; len];
        r.read_exact(&mut remoteness)?;
        let entries = values
            .iter()
            .zip(&remoteness)
            .map(|(&v, &rem)| AtomicU16::new(Entry::pack(v & 3, rem, 0)))
            .collect();
        if r.read(&mut [0u8; 1])? != 0 {
            return Err(bad("it is longer than its header says".into()));
        }
        Ok(Tables {
            n,
            rule,
            indexer,
            entries,
            reachable: num(3)?,
            counts: [num(4)?, num(5)?, num(6)?],
        })
    }
}
