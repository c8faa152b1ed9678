//! Traffic Jam (Rush Hour) construction DM, by penzo.
//!
//! Two players take turns placing cars on a 6×6 board that holds a taxi on
//! `A3 B3`, until one of them claims the puzzle is *finished* (it takes
//! exactly the round's target number of moves) or *impossible* (the
//! opponent's last car made it unsolvable within the target). A move slides
//! one car any distance along its axis; the taxi leaves through the right
//! edge of row 3. Five rounds, first to three.
//!
//! The rules as implemented, with every ruling that closes a gap in the seed
//! text, are in `docs/rules/rush-hour.md`. The files follow one order:
//! `board` (cells, cars, slides), `rules` (the round and the match),
//! `notation` (text ↔ moves), `phrases` (what a player's message holds:
//! cells, moves, key words; its cells found by `cell_words`),
//! `player_chat` (what it means, given what the match expects), `chat`
//! (the host's openings and announcements), `solver` (exact optimal
//! length), `check` (what the verifier recomputes for a claim), `view` (what a page draws), `chart` (the optimal length
//! over a round's steps against its target, for the chart under the pages), `drawing` (boards as hosts
//! draw them in chat, read and compared with the replay), `plug` (the game
//! in the registry: each part the layers above ask for, from these files).
//!
//! Like all of `games/`, it imports nothing from `log/`, `web/`,
//! `import/` or `verify`, and no other game's folder.

pub mod board;
mod cell_words;
pub mod chart;
pub mod chat;
pub mod check;
pub mod drawing;
pub mod notation;
pub mod phrases;
pub mod player_chat;
pub mod plug;
pub mod rules;
pub mod solver;
pub mod view;

pub use board::{Axis, Board, Car, Cell, Dir, Move, Slide};
pub use rules::{Challenge, Claim, Config, Match, Placement, Proof, RoundSetup, RushHour};
