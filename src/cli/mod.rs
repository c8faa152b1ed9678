//! The commands whose bodies live outside `main.rs`, one module each;
//! `main` parses and dispatches.

pub mod backup;
pub mod keys;
pub mod solve;
pub mod verify;
