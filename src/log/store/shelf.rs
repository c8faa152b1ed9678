//! The transcripts of a sled store's matches, as files beside the
//! database: `transcripts/<match>/<root>.json` in the data directory.
//!
//! Why files and not a sled tree: sled is log-structured, so a value
//! written over stays in its segment files until sled reclaims the space,
//! and a removed message's text would still be on disk. A file replaced
//! by rename leaves no copy in the data directory. Each write goes to a
//! temporary file that is synced, renamed over the old one and the
//! directory synced, so a crash leaves the old pieces or the new, never a
//! mix. The file is named by the root its Create seals, so an import whose
//! append failed (an id taken at the same moment) removes only its own.
//!
//! Must not import anything above `log/`.

use std::io::Write;
use std::path::{Path, PathBuf};

use super::StoreError;
use crate::event::MatchId;
use crate::log::transcript::Piece;

/// Where a data directory keeps its transcripts.
pub(super) struct Shelf {
    dir: PathBuf,
}

impl Shelf {
    pub(super) fn in_data(data: &Path) -> Shelf {
        Shelf {
            dir: data.join("transcripts"),
        }
    }

    fn file(&self, id: &MatchId, root: &str) -> Result<PathBuf, StoreError> {
        if root.len() != 64 || !root.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err(StoreError::Io(format!(
                "'{root}' is not a transcript root (64 hex digits)"
            )));
        }
        Ok(self.dir.join(id.as_str()).join(format!("{root}.json")))
    }

    pub(super) fn put(&self, id: &MatchId, root: &str, pieces: &[Piece]) -> Result<(), StoreError> {
        let file = self.file(id, root)?;
        let folder = file.parent().unwrap_or(&self.dir).to_path_buf();
        let io = |what: &str, e: std::io::Error| {
            StoreError::Io(format!("cannot {what} in {}: {e}", folder.display()))
        };
        std::fs::create_dir_all(&folder).map_err(|e| io("make the transcript folder", e))?;
        let json = serde_json::to_vec(pieces)
            .map_err(|e| StoreError::Io(format!("cannot write the transcript: {e}")))?;
        let mut temp = tempfile::Builder::new()
            .prefix(".pieces")
            .tempfile_in(&folder)
            .map_err(|e| io("write a transcript", e))?;
        temp.write_all(&json)
            .and_then(|()| temp.as_file().sync_all())
            .map_err(|e| io("write a transcript", e))?;
        temp.persist(&file)
            .map_err(|e| io("replace a transcript", e.error))?;
        sync_dir(&folder).map_err(|e| io("sync the transcript folder", e))?;
        super::keep_private(&self.dir);
        Ok(())
    }

    pub(super) fn get(&self, id: &MatchId, root: &str) -> Result<Option<Vec<Piece>>, StoreError> {
        let file = self.file(id, root)?;
        let bytes = match std::fs::read(&file) {
            Ok(b) => b,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => {
                return Err(StoreError::Io(format!(
                    "cannot read {}: {e}",
                    file.display()
                )))
            }
        };
        serde_json::from_slice(&bytes)
            .map(Some)
            .map_err(|e| StoreError::Corrupt {
                seq: 0,
                reason: format!(
                    "{} is not a transcript's pieces ({e}): restore it from a backup",
                    file.display()
                ),
            })
    }

    pub(super) fn drop(&self, id: &MatchId, root: &str) -> Result<(), StoreError> {
        let file = self.file(id, root)?;
        match std::fs::remove_file(&file) {
            Ok(()) => Ok(()),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
            Err(e) => Err(StoreError::Io(format!(
                "cannot remove {}: {e}",
                file.display()
            ))),
        }
    }
}

fn sync_dir(dir: &Path) -> std::io::Result<()> {
    #[cfg(unix)]
    {
        std::fs::File::open(dir)?.sync_all()
    }
    #[cfg(not(unix))]
    {
        let _ = dir;
        Ok(())
    }
}
