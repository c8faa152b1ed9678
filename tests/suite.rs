//! The integration suite, linked as one test binary.
//!
//! Every file beside this one is a module here rather than a binary of
//! its own: two dozen debug binaries, each linking the whole crate and
//! its dependencies, cost minutes of linking and gigabytes of disk on a
//! fresh clone. Run one file's tests with `cargo test --test suite
//! <file>::`, for example `cargo test --test suite store_damage::`.

mod common;

mod assets;
mod backup;
mod batch;
mod best_move;
mod browser;
mod bundle;
mod chart;
mod cli;
mod crash;
mod dodgem_tables;
mod errors;
mod http;
mod import;
mod import_appeals;
mod import_bejeweled;
mod import_dodgem;
mod import_duorail;
mod import_natural;
mod import_permutation;
mod import_review;
mod import_robust;
mod import_xs_and_lines;
mod layers;
mod migrate;
mod pages;
mod players;
mod postgres_servers;
mod privacy;
mod projection;
mod redaction;
mod replay;
mod rulings;
mod small_games;
mod solver_moves;
mod store_cli;
mod store_conformance;
mod store_damage;
mod unfurl;
