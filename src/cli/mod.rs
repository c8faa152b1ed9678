//! The commands' bodies, one module each (`main` parses and dispatches):
//! each defines its flags (`#[derive(clap::Args)]`) and a `run`.
//! [`store::StoreArgs`] is the `--data`/`--store` pair every command that
//! opens a store flattens in. A file the user names is read through
//! [`read_text`] or [`read_bytes`], so every command words an unreadable
//! one alike.
//!
//! No command module may import a storage engine's crate (sled,
//! tokio-postgres): a store opens through `arbiter::log`.

pub mod backup;
pub mod check;
pub mod export;
pub mod import;
pub mod keys;
pub mod migrate;
pub mod redact;
pub mod serve;
pub mod solve;
pub mod store;
pub mod verify;
pub mod visibility;

use std::path::Path;

use crate::Failure;

/// The text of a file the user named. One that cannot be read (missing,
/// not UTF-8) is malformed input (exit 2), named with why.
pub fn read_text(path: &Path) -> Result<String, Failure> {
    std::fs::read_to_string(path).map_err(|e| unreadable(path, e))
}

/// The bytes of a file the user named; as [`read_text`].
pub fn read_bytes(path: &Path) -> Result<Vec<u8>, Failure> {
    std::fs::read(path).map_err(|e| unreadable(path, e))
}

fn unreadable(path: &Path, e: std::io::Error) -> Failure {
    Failure::Input(format!("cannot read {}: {e}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The words of an input failure; panics on any other failure.
    fn input(failure: Option<Failure>) -> String {
        match failure {
            Some(Failure::Input(words)) => words,
            _ => panic!("not a failure of the input (exit 2)"),
        }
    }

    /// A missing file is malformed input (exit 2) naming the file and why,
    /// read as text or as bytes.
    #[test]
    fn a_missing_file_is_malformed_input_named_with_why() {
        let missing = Path::new("/no/such/file");
        for words in [
            input(read_text(missing).err()),
            input(read_bytes(missing).err()),
        ] {
            assert!(words.starts_with("cannot read /no/such/file: "), "{words}");
        }
    }

    /// Bytes that are not UTF-8 read as bytes, and as text are named.
    #[test]
    fn a_file_that_is_not_text_reads_only_as_bytes() {
        let dir = tempfile::tempdir().expect("tempdir");
        let file = dir.path().join("bundle.arb");
        std::fs::write(&file, [0xff, 0x00]).expect("write");
        assert_eq!(read_bytes(&file).ok(), Some(vec![0xff, 0x00]));
        let words = input(read_text(&file).err());
        assert!(
            words.starts_with(&format!("cannot read {}: ", file.display())),
            "{words}"
        );
    }
}
