//! The write tokens as an operator manages them: listed by an id that does
//! not show them, revoked by value or id. Only each token's sha256 is kept,
//! beside the [`Identity`](crate::log::token::Identity) it speaks for (see
//! `log::token`). Shared by every store: which token a revocation names.
//!
//! Must not import anything above `log/` (a game, a page, the importer, the
//! verifier, the replay, bundles or samples): the log stores and seals, and
//! knows no game.

use super::{token_hash, StoreError};

/// The one stored token hash among `hashes` that `which` names, by the
/// token's value or by its id (at least 8 characters of its hash).
pub(crate) fn which_token(
    which: &str,
    hashes: impl IntoIterator<Item = String>,
) -> Result<String, StoreError> {
    let which = which.trim();
    let by_value = token_hash(which);
    let found: Vec<String> = hashes
        .into_iter()
        .filter(|hash| *hash == by_value || (which.len() >= 8 && hash.starts_with(which)))
        .collect();
    match <[String; 1]>::try_from(found) {
        Ok([one]) => Ok(one),
        Err(found) if found.is_empty() => Err(StoreError::NotFound(format!(
            "no token is '{which}': give the token itself, or its id as `arbiter keys list` shows it"
        ))),
        Err(found) => Err(StoreError::Io(format!(
            "'{which}' names {} tokens: give more of the id",
            found.len()
        ))),
    }
}
