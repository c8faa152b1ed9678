//! Dodgem, by Colin Vout (as in Winning Ways).
//!
//! On an n×n board each side has n−1 cars; blue drives east, north or
//! south and leaves off the east edge, red drives north, west or east and
//! leaves off the north edge; first to get every car off wins. Which side
//! loses when it cannot move is a per-match rule (`stuck-loses`, the seed's
//! and the default; `stuck-wins`, Winning Ways' and GamesmanUni's).
//!
//! Files: `board` (positions, moves, notation), `solver` (retrograde
//! analysis of the whole game: value and remoteness of every position),
//! `shelf` (the solved tables the pages read, big ones built in the
//! background), `view` (what a page draws),
//! `notation` (the host's words in chat), `player` (a player's messages),
//! `car_words` (a car told by where it stands: `my top car`),
//! `plug` (the game in the registry: each part the layers above ask for,
//! from these files).
//!
//! Imports nothing from `log/`, `web/`, `import/` or `verify.rs`
//! (`tests/layers.rs` checks it).

pub mod board;
pub mod car_words;
pub mod notation;
pub mod player;
pub mod plug;
pub mod rules;
pub mod shelf;
pub mod solver;
pub mod view;

pub use board::{Position, Side, StuckRule};
pub use rules::{Config, Dodgem, Match};
pub use solver::{Tables, Value};
