//! Writes a long Traffic Jam match (nearly every message a move or another
//! event) as a DiscordChatExporter PlainText export to stdout, to measure
//! an import's time and peak memory:
//!
//! ```text
//! cargo run --release --example long_import -- 10000 > /tmp/long-10000.txt
//! /usr/bin/time -v target/release/arbiter import /tmp/long-10000.txt \
//!     --game rush-hour --players mira,jonas --host kg --date 2026-11-21 \
//!     --config '{"rush_hour": {"rounds": 100000, "to_win": 100000}}' > /dev/null
//! ```
//!
//! The argument is the number of messages (default 10000). The generator
//! is `benches/support/long_match.rs`, which the import bench uses too.

#[path = "../benches/support/long_match.rs"]
mod long_match;

use std::io::Write;

fn main() {
    let n = match std::env::args().nth(1).map(|a| a.parse::<usize>()) {
        None => 10_000,
        Some(Ok(n)) => n,
        Some(Err(e)) => {
            eprintln!("usage: long_import [MESSAGES]: {e}");
            std::process::exit(2);
        }
    };
    let text = long_match::transcript(n);
    if let Err(e) = std::io::stdout().lock().write_all(text.as_bytes()) {
        eprintln!("cannot write the transcript: {e}");
        std::process::exit(1);
    }
}
