//! Duorail, by jkittykitkat.
//!
//! Blue and red take turns placing rail pieces (straights and bends of
//! their own color, or one of two shared straight "common" pieces) on a 9×9
//! board. A player may instead challenge that a color can no longer close a
//! track, or pass; two passes in a row start the endgame, where each shows
//! its longest track. A track of a color is a simple loop through every
//! piece of that color and every common piece, along their exits, touching
//! no piece of the other color.
//!
//! The rules as implemented are in `docs/rules/duorail.md`. Files: `board`
//! (cells, pieces, tracks and the exact track check), `config` (a match's
//! options and their defaults), `rules` (the match), `clock` (the time
//! controls), `solver` (the longest track, by a frontier DP), `check` (what
//! the verifier recomputes), `view` (what a page draws), `chart` (each
//! player's longest track over the steps, for the chart under the pages), `chat` (chat
//! messages as events, for importing transcripts: the host's words and the
//! entry points), `chat_words` (a message line as words of the notation),
//! `player_chat` and `player_calls` (what a player's message says, read
//! entity first against what the match expects), `corner_track` (a track
//! told by its corners in words), `drawing` (boards as
//! hosts and bots draw them in chat, read and compared with the replay),
//! `plug` (the game in the registry: each part the layers above ask for,
//! from these files).

pub mod board;
pub mod chart;
pub mod chat;
pub mod chat_words;
pub mod check;
pub mod clock;
pub mod config;
pub mod corner_track;
pub mod drawing;
pub mod piece_words;
pub mod player_calls;
pub mod player_chat;
pub mod plug;
pub mod rules;
pub mod solver;
pub mod view;

pub use board::{Board, Cell, Color, Exits, Piece, Side, Track};
pub use config::{Config, Variant};
pub use rules::{Duorail, Match};
