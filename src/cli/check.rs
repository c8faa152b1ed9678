//! `arbiter check <game>`: play a proof or a track on a position and say
//! whether it is legal and what it scores; and the position files that
//! `check` and `solve` both read, read once here.
//!
//! Must not import a storage engine's crate (sled, tokio-postgres): a store
//! opens through `arbiter::log`.

use std::path::{Path, PathBuf};

use clap::Subcommand;

use arbiter::games::{bejeweled, duorail};

use crate::Failure;

#[derive(Subcommand)]
pub enum CheckGame {
    /// Bejeweled: play a proof on a grid and count the gems it removes.
    Bejeweled {
        /// Grid file: 7 lines of 8 characters from `RBGYP#`, row 1 first.
        #[arg(long)]
        grid: PathBuf,
        /// `active plus F4; passive bend; swap F4 F5`.
        #[arg(long)]
        proof: String,
        /// The round's offer, to check the proof against it.
        #[arg(long)]
        offer: Option<String>,
        #[arg(long)]
        json: bool,
    },
    /// Duorail: is this track valid for this color, and how long is it?
    Duorail {
        /// Board file: 9 lines of 9 tokens, `.` or `<B|R|C>:<exits>`.
        #[arg(long)]
        board: PathBuf,
        /// The color the track is for: blue or red.
        #[arg(long)]
        color: String,
        /// `E5 RRDDLLUU`, or the cells in order.
        #[arg(long)]
        track: String,
        #[arg(long)]
        json: bool,
    },
}

pub fn run(game: CheckGame) -> Result<(), Failure> {
    match game {
        CheckGame::Duorail {
            board,
            color,
            track,
            json,
        } => duorail_track(&board, &color, &track, json),
        CheckGame::Bejeweled {
            grid,
            proof,
            offer,
            json,
        } => bejeweled_proof(&grid, &proof, offer.as_deref(), json),
    }
}

/// Whether `track` is valid for `color` on the board, and its length.
fn duorail_track(board: &Path, color: &str, track: &str, json: bool) -> Result<(), Failure> {
    let (board, color) = duorail_input(board, color)?;
    let track: duorail::Track = track
        .parse()
        .map_err(|e: duorail::board::TrackParseError| Failure::Input(e.to_string()))?;
    let result = duorail::board::check_track(&board, color, &track);
    if json {
        let v = match &result {
            Ok(n) => serde_json::json!({"valid": true, "length": n, "error": null}),
            Err(e) => {
                serde_json::json!({"valid": false, "length": 0, "error": e.to_string()})
            }
        };
        println!("{v}");
    } else {
        match result {
            Ok(n) => println!("valid: a {} track of {n} cells", color.name()),
            Err(e) => println!("not valid: {e}"),
        }
    }
    Ok(())
}

/// What `proof` removes from the grid, step by step.
fn bejeweled_proof(
    grid: &Path,
    proof: &str,
    offer: Option<&str>,
    json: bool,
) -> Result<(), Failure> {
    let grid = bejeweled_grid(grid)?;
    let spec: bejeweled::ProofSpec = proof
        .parse()
        .map_err(|e: bejeweled::proof::ProofError| Failure::Input(e.to_string()))?;
    if let Some(offer) = offer {
        let offer: bejeweled::Offer = offer
            .parse()
            .map_err(|e: bejeweled::proof::ProofError| Failure::Input(e.to_string()))?;
        spec.check_offer(offer)
            .map_err(|e| Failure::Input(e.to_string()))?;
    }
    match bejeweled::play(&grid, &spec, true) {
        Ok(o) => {
            if json {
                println!(
                    "{}",
                    serde_json::json!({
                        "legal": true,
                        "removed": o.removed,
                        "end_grid": o.end.rows(),
                        "trace": o.trace,
                    })
                );
            } else {
                for t in &o.trace {
                    println!("{:>3}  {}", t.count, t.text);
                }
                println!("removed {} gems; end grid:\n{}", o.removed, o.end);
            }
        }
        Err(e) => {
            if json {
                println!(
                    "{}",
                    serde_json::json!({"legal": false, "removed": 0, "error": e.to_string(), "trace": []})
                );
            } else {
                println!("not a legal proof on this grid: {e}");
            }
        }
    }
    Ok(())
}

/// Reads a Bejeweled grid file; a grid no game can hold (a rock below a
/// gem) is malformed, since gravity is undefined past it.
pub fn bejeweled_grid(path: &Path) -> Result<bejeweled::Grid, Failure> {
    let text = super::read_text(path)?;
    let grid = bejeweled::Grid::parse(&text)
        .map_err(|e| Failure::Input(format!("{}: {e}", path.display())))?;
    match grid.rock_under_gem() {
        Some(cell) => Err(Failure::Input(format!(
            "{}: the rock on {cell} has a gem above it; rocks form only at the top of a column, so no game holds this grid",
            path.display()
        ))),
        None => Ok(grid),
    }
}

/// Reads a Duorail board file and a player color.
pub fn duorail_input(
    path: &Path,
    color: &str,
) -> Result<(duorail::Board, duorail::Color), Failure> {
    let color = match duorail::Color::parse(color) {
        Some(c @ (duorail::Color::Blue | duorail::Color::Red)) => c,
        _ => {
            return Err(Failure::Input(format!(
                "'{color}' is not a player color: use blue or red"
            )))
        }
    };
    let text = super::read_text(path)?;
    let board = duorail::Board::parse(&text)
        .map_err(|e| Failure::Input(format!("{}: {e}", path.display())))?;
    if (board.height(), board.width()) != (9, 9) {
        return Err(Failure::Input(format!(
            "{}: a Duorail board is 9 lines of 9 tokens; this one is {} by {}",
            path.display(),
            board.height(),
            board.width()
        )));
    }
    // RULINGS: common pieces are straight, and at most 2 are on a board.
    let commons: Vec<_> = board
        .pieces()
        .filter(|(_, p)| p.color == duorail::Color::Common)
        .collect();
    if let Some((cell, _)) = commons.iter().find(|(_, p)| !p.exits.is_straight()) {
        return Err(Failure::Input(format!(
            "{}: the common piece on {cell} is a bend; common pieces are straight (C:UD or C:LR)",
            path.display()
        )));
    }
    if commons.len() > 2 {
        return Err(Failure::Input(format!(
            "{}: {} common pieces; a board holds at most 2",
            path.display(),
            commons.len()
        )));
    }
    Ok((board, color))
}
