//! The write tokens as an operator manages them: listed by an id that does
//! not show them, revoked by value or id. Only each token's sha256 is kept,
//! beside the [`Identity`] it speaks for (see `log::token`).

use super::{io_error, token_hash, SledStore, StoreError};
use crate::log::token::Identity;

impl SledStore {
    /// The write tokens: (id, whom it speaks for). The id is the start of
    /// the token's hash, which is all the store keeps; it names the token
    /// for `keys revoke` without showing it.
    pub fn tokens(&self) -> Result<Vec<(String, Identity)>, StoreError> {
        self.tokens
            .iter()
            .map(|item| {
                let (hash, record) = item.map_err(io_error)?;
                let id: String = String::from_utf8_lossy(&hash).chars().take(12).collect();
                let who = Identity::decode(&id, &record);
                Ok((id, who))
            })
            .collect()
    }

    /// Revokes the token given by its value or by its id (at least 8
    /// characters of it, as `keys list` shows): it no longer writes.
    pub fn revoke_token(&self, which: &str) -> Result<String, StoreError> {
        let which = which.trim();
        let by_value = token_hash(which);
        let mut found = Vec::new();
        for item in self.tokens.iter() {
            let (hash, _) = item.map_err(io_error)?;
            let hash = String::from_utf8_lossy(&hash).into_owned();
            if hash == by_value || (which.len() >= 8 && hash.starts_with(which)) {
                found.push(hash);
            }
        }
        match found.as_slice() {
            [] => Err(StoreError::NotFound(format!(
                "no token is '{which}': give the token itself, or its id as `arbiter keys list` shows it"
            ))),
            [one] => {
                self.tokens.remove(one.as_bytes()).map_err(io_error)?;
                self.db.flush().map_err(io_error)?;
                Ok(one.chars().take(12).collect())
            }
            _ => Err(StoreError::Io(format!(
                "'{which}' names {} tokens: give more of the id",
                found.len()
            ))),
        }
    }
}
