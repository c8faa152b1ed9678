//! The PostgreSQL event store (being written).

use std::path::Path;

use super::StoreError;

/// The PostgreSQL-backed store.
pub struct PgStore;

impl PgStore {
    pub fn open(_url: &str, _data: &Path) -> Result<PgStore, StoreError> {
        Err(StoreError::Unavailable("not built yet".into()))
    }
}
