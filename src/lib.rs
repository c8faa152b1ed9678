//! arbiter keeps the record of hosted board-game death matches, replays them
//! step by step, and re-checks every claim so that a ruling can be appealed.
//!
//! The match log is the only source of truth: every state, score, clock and
//! verdict is derived from it by a pure fold and can be rebuilt at any time.
//!
//! Holds no code besides this map: what each module owns and must not
//! import opens its own file (tests/layers.rs checks the layers). The
//! modules, one line each:
#![forbid(unsafe_code)]

/// Who may write what: the actor an event is sealed under, from the token.
pub mod access;
/// Backups: every match's bundle, the witness and the public keys; restore.
pub mod backup;
/// Appeal bundles: a match in one file that anyone can check offline.
pub mod bundle;
/// The event vocabulary: what can happen in a match (envelope, bodies).
pub mod event;
/// The words of a verdict, shared by the games, the events and the verifier.
pub mod findings;
/// The rules: one folder per game behind one interface.
pub mod games;
pub mod import;
/// What happened, in order, sealed: events, hash chain, signatures, the store.
pub mod log;
/// Copying a whole store into another, exactly as sealed, resumably.
pub mod migrate;
/// One person across matches: names joined through reviewed aliases.
pub mod people;
/// The deterministic reducer: events → one step per event.
pub mod replay;
/// Bundled sample matches and the JSON event-file format.
pub mod samples;
/// The test-only seventh game driven through every layer.
#[cfg(test)]
mod seventh_game;
/// A match's transcript beside its log: sealed as commitments, redacted.
pub mod transcripts;
/// Findings: per claim, what the host ruled beside what the rules say.
pub mod verify;
/// actix-web: pages (askama) and the JSON API.
pub mod web;
