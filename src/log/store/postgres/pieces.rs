//! The PostgreSQL store's transcripts: the pieces of each committed
//! transcript in `arbiter_transcripts`, one row per (match, root), written
//! over whole by a redaction, after which the table is rewritten
//! (`VACUUM FULL`) so the removed text leaves its files.
//!
//! Must not import anything above `log/`.

use super::PgStore;
use crate::event::MatchId;
use crate::log::store::StoreError;
use crate::log::transcript::Piece;

impl PgStore {
    /// `EventStore::put_transcript`: one row per transcript, written over
    /// whole; a rewrite that removed text vacuums the table.
    pub(super) fn put_pieces(
        &self,
        id: &MatchId,
        root: &str,
        pieces: &[Piece],
    ) -> Result<(), StoreError> {
        let json = serde_json::to_vec(pieces)
            .map_err(|e| StoreError::Io(format!("cannot write the transcript: {e}")))?;
        self.rows(
            "INSERT INTO arbiter_transcripts (match_id, root, pieces) VALUES ($1, $2, $3)
             ON CONFLICT (match_id, root) DO UPDATE SET pieces = EXCLUDED.pieces",
            vec![
                Box::new(id.to_string()),
                Box::new(root.to_string()),
                Box::new(json),
            ],
        )?;
        if crate::log::transcript::removed_messages(pieces).is_empty() {
            return Ok(());
        }
        // The row written over is a dead tuple until vacuumed, its text
        // still in the table's file: rewrite the table so it is gone.
        self.run(|inner| async move {
            let client = inner.client().await?;
            client
                .batch_execute("VACUUM FULL arbiter_transcripts")
                .await
                .map_err(|e| inner.error(e))
        })
    }

    pub(super) fn pieces(
        &self,
        id: &MatchId,
        root: &str,
    ) -> Result<Option<Vec<Piece>>, StoreError> {
        let rows = self.rows(
            "SELECT pieces FROM arbiter_transcripts WHERE match_id = $1 AND root = $2",
            vec![Box::new(id.to_string()), Box::new(root.to_string())],
        )?;
        let Some(row) = rows.first() else {
            return Ok(None);
        };
        serde_json::from_slice(row.get::<_, &[u8]>(0))
            .map(Some)
            .map_err(|e| StoreError::Corrupt {
                seq: 0,
                reason: format!("match {id}'s stored transcript is not its pieces ({e})"),
            })
    }

    pub(super) fn drop_pieces(&self, id: &MatchId, root: &str) -> Result<(), StoreError> {
        self.rows(
            "DELETE FROM arbiter_transcripts WHERE match_id = $1 AND root = $2",
            vec![Box::new(id.to_string()), Box::new(root.to_string())],
        )
        .map(|_| ())
    }
}
