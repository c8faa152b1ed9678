//! What happened, in order, sealed.
//!
//! A match is an append-only log of [`Envelope`]s. Each is sealed
//! ([`seal`]): its canonical bytes are chained by sha256 to the previous
//! event's hash and the hash is signed with the recorder's ed25519 key, so a
//! changed, dropped or reordered byte is found by [`seal::verify_chain`].
//! [`store`] keeps the log; nothing outside this module names the storage
//! engine.
//!
//! Nothing in `log/` may import a module above it (a game, a page, the
//! importer, the verifier, the replay, bundles or samples); tests/layers.rs
//! checks.

pub mod checkpoint;
#[cfg(test)]
pub(crate) mod fixtures;
pub mod merkle;
pub mod seal;
pub mod store;
pub mod token;
pub mod transcript;
pub mod witness;

pub use crate::event::{Actor, Body, Envelope, MatchId, NewEvent};
pub use checkpoint::Checkpoint;
pub use seal::{Keyring, Recorder, Sealed};
pub use store::{EventStore, SledStore, StoreError, StoreLocation};
pub use token::{Identity, Role};

/// Options that create a file its owner alone may read or write (0600 on
/// Unix; the platform's default elsewhere): the signing key, the witness
/// journal and its compacted copy.
fn owner_only() -> std::fs::OpenOptions {
    #[allow(unused_mut)] // only Unix sets a mode
    let mut options = std::fs::OpenOptions::new();
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    options
}
