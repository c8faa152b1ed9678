//! The commands' bodies, one module each (`main` parses and dispatches):
//! each defines its flags (`#[derive(clap::Args)]`) and a `run`.
//! [`store::StoreArgs`] is the `--data`/`--store` pair every command that
//! opens a store flattens in.
//!
//! No command module may import a storage engine's crate (sled,
//! tokio-postgres): a store opens through `arbiter::log`.

pub mod backup;
pub mod check;
pub mod export;
pub mod import;
pub mod keys;
pub mod migrate;
pub mod serve;
pub mod solve;
pub mod store;
pub mod verify;
