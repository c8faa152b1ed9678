//! The `arbiter` command: parse arguments, call the command's `run` in
//! `cli/`, map errors to exit codes. Exit 0: done (even when the answer is
//! "no"); 2: the input is malformed (a one-line reason on stderr); 1:
//! anything else went wrong. `arbiter verify` says more, because scripts
//! act on what it found: 0 clean, 1 disputed, 2 bad input, 3 a broken
//! chain or lost events, 4 any other failure (see its `--help`).
//!
//! Every command that opens a store takes `--data DIR` (this server's own
//! files) and `--store URL` (where the log lives), through
//! [`cli::store::StoreArgs`].
//!
//! Must not import a storage engine's crate or hold a command's body: each
//! command is `cli/<name>.rs`.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

use arbiter::log::MatchId;

#[derive(Parser)]
#[command(
    name = "arbiter",
    version,
    about = "Record, replay, verify and appeal hosted board-game death matches"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

// Parsed once per run: the size of the largest variant does not matter.
#[allow(clippy::large_enum_variant)]
#[derive(Subcommand)]
enum Command {
    /// Serve the pages and the JSON API.
    Serve(cli::serve::ServeArgs),
    /// Check a match's chain and re-check every claim.
    ///
    /// Exit codes: 0 the chain is intact and no finding disagrees with a
    /// ruling; 1 a finding disagrees or a rule error stands; 2 bad usage or
    /// a malformed match id; 3 the chain is broken or the store has lost
    /// events; 4 any other failure (no such match, a store that cannot be
    /// opened).
    ///
    /// With `--all` instead of a match: check every match the store or
    /// its witness journal knows of for damage alone (chain, head, what
    /// was acknowledged; no replay): exit 0 when none is damaged, 3 naming
    /// each one that is, 4 when the store cannot be opened.
    Verify(cli::verify::VerifyArgs),
    /// Solve a position exactly.
    Solve {
        #[command(subcommand)]
        game: cli::solve::SolveGame,
    },
    /// Check a proof against a position.
    Check {
        #[command(subcommand)]
        game: cli::check::CheckGame,
    },
    /// Print a match as a match file (JSON events), or write its appeal
    /// bundle with `--bundle`.
    Export(cli::export::ExportArgs),
    /// Check an appeal bundle offline: signatures, chain, Merkle root,
    /// checkpoint, an older receipt; then replay and print the findings.
    /// Exit 0 when it checks out, 1 when it is rejected, 2 when unreadable.
    CheckBundle(cli::export::CheckBundleArgs),
    /// Read a Discord transcript (a paste, or a DiscordChatExporter txt,
    /// csv or json export) as a match, print what was read, and with
    /// `--commit` store it.
    Import(cli::import::ImportArgs),
    /// Store a match file (the format `export` prints).
    Load(cli::export::LoadArgs),
    /// Remove messages of a match's transcript on request: their text is
    /// deleted, their hashes stay, and a Redaction event says who removed
    /// which and why. The events read from them stay.
    Redact(cli::redact::RedactArgs),
    /// Write a backup into a new directory: every match's appeal bundle,
    /// the witness journal and the public keys (never the private key or
    /// the tokens). Stop the server first, or take one from it with
    /// `GET /api/backup`.
    Backup(cli::backup::BackupArgs),
    /// Rebuild a store from a backup (a directory, or the tar archive
    /// `GET /api/backup` sends) into a store that holds no match: every
    /// bundle is checked against the backup's witness first.
    Restore(cli::backup::RestoreArgs),
    /// Copy every match, public key and write token from one store into
    /// another (sled data directory or PostgreSQL), exactly as sealed.
    ///
    /// Each match's chain is checked at the source first (a damaged one is
    /// named and not copied), and its head at the destination after. Safe
    /// to run again: a match already there is left alone, one there in
    /// part gets the rest, and another match under the same id is refused,
    /// never written over. Exit 0 when the destination holds everything
    /// the source does; 1 when anything was refused, damaged or failed; 2
    /// for bad usage.
    Migrate(cli::migrate::MigrateArgs),
    /// Make a match private (only its players, its host and admins may
    /// read it) or public again, offline: one event at the end of its log,
    /// recorded as the admin named. Stop the server first, or use
    /// `POST /api/matches/{id}/visibility` on a running one.
    Visibility(cli::visibility::VisibilityArgs),
    /// Manage write tokens.
    Keys {
        #[command(subcommand)]
        action: cli::keys::KeysAction,
    },
}

/// What went wrong, and which exit code says so.
enum Failure {
    /// The question is malformed: exit 2.
    Input(String),
    /// Anything else: exit 1.
    Other(String),
    /// A command with exit codes of its own (`verify`): this code, and a
    /// line for stderr.
    Exit(u8, String),
}

impl Failure {
    /// For a command with exit codes of its own: "anything else" exits
    /// with `code` (malformed input still exits 2).
    fn or_exit(self, code: u8) -> Failure {
        match self {
            Failure::Other(msg) => Failure::Exit(code, msg),
            other => other,
        }
    }
}

/// `println!` that ends the program quietly when stdout is closed
/// (`arbiter verify … | head -2`): the reader has what it wanted, and a
/// panic message would only be noise. Exit 141, the shell's code for a
/// closed pipe.
macro_rules! println {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        if let Err(e) = writeln!(std::io::stdout().lock(), $($arg)*) {
            if e.kind() == std::io::ErrorKind::BrokenPipe {
                std::process::exit(141);
            }
            eprintln!("arbiter: cannot write to standard output: {e}");
            std::process::exit(1);
        }
    }};
}

mod cli;

fn main() -> ExitCode {
    owner_only();
    let cli = Cli::parse();
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Input(msg)) => {
            eprintln!("arbiter: {msg}");
            ExitCode::from(2)
        }
        Err(Failure::Other(msg)) => {
            eprintln!("arbiter: {msg}");
            ExitCode::from(1)
        }
        Err(Failure::Exit(code, msg)) => {
            eprintln!("arbiter: {msg}");
            ExitCode::from(code)
        }
    }
}

/// Everything arbiter writes is its owner's alone from the moment it is
/// made: the data directory's files (sled makes blob files while it runs,
/// after the store's open made the rest 0600), backups and bundles, which
/// hold private matches. A file to share is the operator's to open up.
fn owner_only() {
    #[cfg(unix)]
    rustix::process::umask(rustix::fs::Mode::from_raw_mode(0o077));
}

fn run(cli: Cli) -> Result<(), Failure> {
    match cli.command {
        Command::Serve(args) => cli::serve::run(args),
        Command::Verify(args) => cli::verify::run(args),
        Command::Solve { game } => cli::solve::run(game),
        Command::Check { game } => cli::check::run(game),
        Command::Export(args) => cli::export::export(args),
        Command::CheckBundle(args) => cli::export::check_bundle(args),
        Command::Import(args) => cli::import::run(args),
        Command::Load(args) => cli::export::load(args),
        Command::Redact(args) => cli::redact::run(args),
        Command::Backup(args) => cli::backup::backup(args),
        Command::Restore(args) => cli::backup::restore(args),
        Command::Migrate(args) => cli::migrate::run(args),
        Command::Visibility(args) => cli::visibility::run(args),
        Command::Keys { action } => cli::keys::run(action),
    }
}

fn match_id(s: &str) -> Result<MatchId, Failure> {
    MatchId::parse(s).map_err(Failure::Input)
}

fn to_json<T: serde::Serialize>(v: &T) -> Result<String, Failure> {
    serde_json::to_string_pretty(v).map_err(|e| Failure::Other(e.to_string()))
}
