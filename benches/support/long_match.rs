//! A long Traffic Jam match as a DiscordChatExporter PlainText export:
//! the same legal round played again and again (a round is eleven events:
//! the host's opening, six placements, a claim, a solution, a pass and the
//! ruling) with one spectator line after each ruling, so nearly every
//! message is an event. Every second round begins with a takeback (the
//! first player places a car and replaces it before anyone else acts) and
//! every third round's solution is posted over two messages, so the rare
//! paths of the reader (a correction, a joined proof) run all along.
//!
//! The match needs more rounds than the defaults allow: import it with
//! [`CONFIG`] (`--config` on the command line).
//!
//! Shared by `benches/import.rs` and `examples/long_import.rs`.

use chrono::{Duration, NaiveDate};

/// The match's options: rounds enough for any transcript this makes.
#[allow(dead_code)]
pub const CONFIG: &str = r#"{"rush_hour": {"rounds": 100000, "to_win": 100000}}"#;

/// The players, in seat order, and the host.
#[allow(dead_code)]
pub const PLAYERS: [&str; 2] = ["mira", "jonas"];
#[allow(dead_code)]
pub const HOST: &str = "kg";

/// The messages of round `n`, as (author, text).
fn round(n: usize) -> Vec<(&'static str, String)> {
    let mut r = vec![(
        "kg",
        format!(
            "**Round {n}** — target 6 moves. jonas goes first.\n```\n......\n...YY.\nZZ....\n......\n......\n......\n```"
        ),
    )];
    if n.is_multiple_of(2) {
        // A takeback: B5 B6 is replaced by C2 C3 before mira moves.
        r.push(("jonas", "B5 B6".into()));
    }
    for (who, text) in [
        ("jonas", "C2 C3"),
        ("mira", "D6 E6"),
        ("jonas", "D3 D4 D5"),
        ("mira", "F1, F2, F3"),
        ("jonas", "a1 b1 c1"),
        ("mira", "A4 B4 C4"),
        ("mira", "finished"),
    ] {
        r.push((who, text.into()));
    }
    if n.is_multiple_of(3) {
        r.push(("mira", "1. W left 2\n2. V down\n3. U down".into()));
        r.push(("mira", "T right\nX up\nZ right".into()));
    } else {
        r.push((
            "mira",
            "W left 2\nV down\nU down\nT right\nX up\nZ right".into(),
        ));
    }
    r.push(("jonas", "pass".into()));
    r.push(("kg", format!("mira takes round {n} — 6 moves, no counter")));
    r.push(("spectator_1", "gg".into()));
    r
}

/// The export of the match's first `n` messages (the last round may be
/// cut off), three messages a minute from 21 November 2026, 15:00.
pub fn transcript(n: usize) -> String {
    let mut out = String::from(
        "==============================================================\nGuild: Puzzle Pit\nChannel: Death Matches / traffic-jam\n==============================================================\n\n",
    );
    let start = NaiveDate::from_ymd_opt(2026, 11, 21)
        .and_then(|d| d.and_hms_opt(15, 0, 0))
        .expect("a time");
    let messages = (1..).flat_map(round).take(n);
    for (i, (who, text)) in messages.enumerate() {
        let at = start + Duration::minutes(i as i64 / 3);
        out.push_str(&format!(
            "[{}] {who}\n{text}\n\n\n",
            at.format("%-m/%-d/%Y %-I:%M %p")
        ));
    }
    out.push_str(&format!(
        "==============================================================\nExported {n} message(s)\n==============================================================\n"
    ));
    out
}
