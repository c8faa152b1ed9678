//! Bejeweled DM, by RedsToad.
//!
//! Each round shows an 8×7 grid of gems and a set of powerups; players race
//! to claim how many gems they can remove in one turn using one starter,
//! one passive and one active powerup; the higher claimer must prove it by
//! listing the actions, which arbiter plays out exactly, cascade by
//! cascade. Seven rounds, first to four.
//!
//! Files: `grid` (gems, rocks, cells), `proof` (powerups and the proof
//! notation), `engine` (the cascade and its trace), `rules` (rounds,
//! carry-over, picks, rulings), `claims` (claims, proofs and their clocks,
//! which proof counts, the verdict), `solver` (the best possible claim),
//! `chart` (each round's best claim beside the claims made, for the chart
//! under the pages),
//! `chat` (chat messages as events, for importing transcripts: the host's
//! openings and the entry points), `chat_words` (a message line as words),
//! `player_chat`, `proof_chat` and `pick_chat` (what a player's message
//! says: claims, proofs and picks, read entity first against what the
//! match expects),
//! `drawing` (grids as hosts draw them in chat, read and compared with the
//! replay), `plug` (the game in the registry: each part the layers above
//! ask for, from these files).

pub mod chart;
pub mod chat;
pub mod chat_words;
pub mod check;
pub mod claims;
pub mod drawing;
pub mod engine;
pub mod fast;
pub mod grid;
pub mod pick_chat;
pub mod player_chat;
pub mod plug;
pub mod proof;
pub mod proof_chat;
pub mod rules;
pub mod solver;
pub mod view;

pub use engine::{play, Outcome, PlayError};
pub use grid::{Cell, Color, Grid};
pub use proof::{Offer, Powerup, ProofSpec};
pub use rules::{Bejeweled, Config, Match};
