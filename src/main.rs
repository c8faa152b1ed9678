//! The `arbiter` command: parse arguments, call `run`, map errors to exit
//! codes. Exit 0: done (even when the answer is "no"); 2: the input is
//! malformed (a one-line reason on stderr); 1: anything else went wrong.
//! `arbiter verify` says more, because scripts act on what it found: 0
//! clean, 1 disputed, 2 bad input, 3 a broken chain or lost events, 4 any
//! other failure (see its `--help`).

use std::path::PathBuf;
use std::process::ExitCode;

use clap::builder::PossibleValuesParser;
use clap::{Parser, Subcommand};

use arbiter::games::{bejeweled, dodgem, duorail, GameKind};
use arbiter::log::{EventStore, MatchId, SledStore};
use arbiter::{samples, web};

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
    Serve {
        /// Address to listen on.
        #[arg(long, default_value = "127.0.0.1:8080")]
        addr: String,
        /// Data directory (database and server key).
        #[arg(long, default_value = "data/db")]
        data: PathBuf,
        /// Dodgem boards up to this size are solved when a page first
        /// needs them; bigger ones are built in the background (a test
        /// sets 3 to meet that path without a 5×5 build).
        #[arg(long, default_value_t = dodgem::shelf::INLINE_UP_TO, hide = true)]
        dodgem_inline_up_to: u8,
        /// The address people open the pages at, like
        /// https://arbiter.example.org: the absolute URLs in the pages'
        /// link-preview tags (og:url, og:image) start with it. Without it,
        /// the request's own Host and scheme are used.
        #[arg(long, env = "ARBITER_PUBLIC_URL", value_parser = web::PublicUrl::parse)]
        public_url: Option<web::PublicUrl>,
    },
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
    Verify {
        #[arg(required_unless_present = "all", conflicts_with = "all")]
        match_id: Option<String>,
        /// Check every match for damage instead of one.
        #[arg(long)]
        all: bool,
        #[arg(long, default_value = "data/db")]
        data: PathBuf,
        /// Print the report as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Solve a position exactly.
    Solve {
        #[command(subcommand)]
        game: cli::solve::SolveGame,
    },
    /// Check a proof against a position.
    Check {
        #[command(subcommand)]
        game: CheckGame,
    },
    /// Print a match as a match file (JSON events), or write its appeal
    /// bundle with `--bundle`.
    Export {
        match_id: String,
        #[arg(long, default_value = "data/db")]
        data: PathBuf,
        /// Write the appeal bundle (every sealed event, the latest
        /// checkpoint, the public keys) to this file instead.
        #[arg(long)]
        bundle: Option<PathBuf>,
    },
    /// Check an appeal bundle offline: signatures, chain, Merkle root,
    /// checkpoint, an older receipt; then replay and print the findings.
    /// Exit 0 when it checks out, 1 when it is rejected, 2 when unreadable.
    CheckBundle {
        bundle: PathBuf,
        /// A checkpoint (receipt JSON) kept from earlier.
        #[arg(long)]
        receipt: Option<PathBuf>,
        #[arg(long)]
        json: bool,
    },
    /// Read a Discord transcript (a paste, or a DiscordChatExporter txt,
    /// csv or json export) as a match, print what was read, and with
    /// `--commit` store it.
    Import {
        file: PathBuf,
        /// The game, by its id (every game arbiter knows).
        #[arg(long, value_parser = PossibleValuesParser::new(GameKind::ALL.map(GameKind::slug)))]
        game: String,
        /// The two players, in seat order, as their names appear: A,B.
        #[arg(long)]
        players: String,
        /// The host, as the name appears.
        #[arg(long)]
        host: String,
        /// Another name of a player or the host: OTHER=NAME (repeatable).
        #[arg(long = "alias")]
        aliases: Vec<String>,
        /// The copier's time zone (IANA name, e.g. Europe/Berlin).
        #[arg(long, default_value = "UTC")]
        tz: String,
        /// The day the paste was made (YYYY-MM-DD, in --tz): "Today" and
        /// bare times count from it. Default: today.
        #[arg(long)]
        date: Option<String>,
        /// Day/month order when the dates cannot tell: day-first or
        /// month-first.
        #[arg(long)]
        date_order: Option<String>,
        /// Force the layout: discord-paste, dce-txt, dce-csv, dce-json or
        /// dce-html (DiscordChatExporter's HTML page, dark or light).
        #[arg(long)]
        format: Option<String>,
        /// The match id to store it under (with --commit).
        #[arg(long)]
        id: Option<String>,
        #[arg(long, default_value = "")]
        title: String,
        /// The match's options as JSON, as in a match file's Create event
        /// (e.g. '{"dodgem": {"size": 4, "rule": "stuck-wins"}}'); default:
        /// the game's own defaults.
        #[arg(long)]
        config: Option<String>,
        /// Read message N as the words given, or as talk: N=WORDS or
        /// N=talk, with an optional reason after ` -- ` (repeatable; N is
        /// the message number the report gives). The transcript stays as
        /// it is; the corrections are stored beside it.
        #[arg(long = "read")]
        reads: Vec<String>,
        /// A file of corrections, one a line as --read takes them (`#`
        /// starts a comment line).
        #[arg(long)]
        corrections: Option<PathBuf>,
        /// Who made the corrections (stored with each).
        #[arg(long, default_value = "reviewer")]
        reviewer: String,
        /// Store the match (the report is printed either way).
        #[arg(long)]
        commit: bool,
        #[arg(long)]
        json: bool,
        #[arg(long, default_value = "data/db")]
        data: PathBuf,
    },
    /// Store a match file (the format `export` prints).
    Load {
        file: PathBuf,
        #[arg(long, default_value = "data/db")]
        data: PathBuf,
    },
    /// Write a backup into a new directory: every match's appeal bundle,
    /// the witness journal and the public keys (never the private key or
    /// the tokens). Stop the server first, or take one from it with
    /// `GET /api/backup`.
    Backup {
        dir: PathBuf,
        #[arg(long, default_value = "data/db")]
        data: PathBuf,
    },
    /// Rebuild a store from a backup (a directory, or the tar archive
    /// `GET /api/backup` sends) into a data directory that holds no store:
    /// every bundle is checked against the backup's witness first.
    Restore {
        backup: PathBuf,
        #[arg(long, default_value = "data/db")]
        data: PathBuf,
        /// A witness journal to compare with (the damaged store's
        /// `witness.log`): names what it acknowledged that the backup lacks.
        #[arg(long, value_name = "FILE")]
        witness: Option<PathBuf>,
    },
    /// Manage write tokens.
    Keys {
        #[command(subcommand)]
        action: cli::keys::KeysAction,
    },
}

#[derive(Subcommand)]
enum CheckGame {
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

fn open(data: &std::path::Path) -> Result<SledStore, Failure> {
    SledStore::open(data).map_err(|e| Failure::Other(e.to_string()))
}

/// The store in `data` for a command that only reads: none is made.
fn open_existing(data: &std::path::Path) -> Result<SledStore, Failure> {
    SledStore::open_existing(data).map_err(|e| Failure::Other(e.to_string()))
}

fn match_id(s: &str) -> Result<MatchId, Failure> {
    MatchId::parse(s).map_err(Failure::Input)
}

fn run(cli: Cli) -> Result<(), Failure> {
    match cli.command {
        Command::Serve {
            addr,
            data,
            dodgem_inline_up_to,
            public_url,
        } => {
            // A bad address fails before the store is touched.
            use std::net::ToSocketAddrs;
            if addr
                .to_socket_addrs()
                .map_or(true, |mut a| a.next().is_none())
            {
                return Err(Failure::Input(format!(
                    "--addr {addr}: not an address to listen on; write HOST:PORT, like 127.0.0.1:8080"
                )));
            }
            let mut store = open(&data)?;
            // What the witness saw acknowledged and the store no longer
            // holds: no samples over it, and no writes until restored.
            let damage = store
                .witnessed_damage()
                .map_err(|e| Failure::Other(e.to_string()))?;
            for d in &damage {
                eprintln!("arbiter: DAMAGE: {d}");
            }
            if !damage.is_empty() {
                eprintln!(
                    "arbiter: serving read-only until the data directory is restored from a backup"
                );
            }
            // Saved Dodgem tables (5×5) live beside the database; the
            // pages build missing ones in the background.
            dodgem::shelf::keep_tables_in(
                data.parent()
                    .unwrap_or(std::path::Path::new("."))
                    .join("tables"),
                dodgem_inline_up_to,
            );
            let loaded = if damage.is_empty() {
                // A crash between storing and witnessing left a tail the
                // witness has not seen: witness it now, so that a later loss
                // of it is named.
                for line in store
                    .witness_unwitnessed()
                    .map_err(|e| Failure::Other(e.to_string()))?
                {
                    eprintln!("arbiter: {line}");
                }
                if let Some((before, after)) = store
                    .compact_witness()
                    .map_err(|e| Failure::Other(e.to_string()))?
                {
                    eprintln!("arbiter: witness journal compacted from {before} lines to {after} (the last of each match)");
                }
                samples::load_bundled_if_empty(&store).map_err(|e| Failure::Other(e.to_string()))?
            } else {
                Vec::new()
            };
            for id in &loaded {
                eprintln!("loaded sample match {id}");
            }
            eprintln!(
                "arbiter serving on http://{addr} (data in {})",
                data.display()
            );
            web::serve(Box::new(store), &addr, damage, public_url)
                .map_err(|e| Failure::Other(e.to_string()))
        }
        Command::Verify {
            match_id: None,
            data,
            json,
            ..
        } => cli::verify::all(&data, json),
        Command::Verify {
            match_id: Some(id),
            data,
            json,
            ..
        } => cli::verify::one(&id, &data, json),
        Command::Solve { game } => cli::solve::run(game),
        Command::Check {
            game:
                CheckGame::Duorail {
                    board,
                    color,
                    track,
                    json,
                },
        } => {
            let (board, color) = duorail_input(&board, &color)?;
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
        Command::Check {
            game:
                CheckGame::Bejeweled {
                    grid,
                    proof,
                    offer,
                    json,
                },
        } => {
            let grid = bejeweled_grid(&grid)?;
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
        Command::Export {
            match_id: id,
            data,
            bundle: Some(path),
        } => {
            let id = match_id(&id)?;
            let store = open_existing(&data)?;
            let b = arbiter::bundle::Bundle::export(&store, &id)
                .map_err(|e| Failure::Other(e.to_string()))?;
            std::fs::write(&path, b.to_bytes())
                .map_err(|e| Failure::Other(format!("cannot write {}: {e}", path.display())))?;
            eprintln!(
                "wrote {}: {} events, checkpoint of size {} signed by key {}",
                path.display(),
                b.events.len(),
                b.checkpoint.size,
                b.checkpoint.key_id
            );
            Ok(())
        }
        Command::CheckBundle {
            bundle,
            receipt,
            json,
        } => {
            let bytes = std::fs::read(&bundle)
                .map_err(|e| Failure::Input(format!("cannot read {}: {e}", bundle.display())))?;
            let receipt = match receipt {
                None => None,
                Some(p) => {
                    let text = std::fs::read_to_string(&p)
                        .map_err(|e| Failure::Input(format!("cannot read {}: {e}", p.display())))?;
                    Some(
                        serde_json::from_str::<arbiter::log::Checkpoint>(&text).map_err(|e| {
                            Failure::Input(format!(
                                "{} is not a receipt (checkpoint JSON): {e}",
                                p.display()
                            ))
                        })?,
                    )
                }
            };
            match arbiter::bundle::check(&bytes, receipt.as_ref()) {
                Err(arbiter::bundle::BundleError::NotABundle) => Err(Failure::Input(format!(
                    "{} is not an arbiter bundle; make one with `arbiter export <match> --bundle FILE`",
                    bundle.display()
                ))),
                Err(e) => Err(Failure::Other(format!("{}: {e}", bundle.display()))),
                Ok(r) => {
                    if json {
                        println!("{}", to_json(&r)?);
                    } else {
                        println!(
                            "{}: match {}, {} events; every signature, the chain and the Merkle root check; checkpoint of size {} by key {}",
                            bundle.display(),
                            r.match_id,
                            r.events,
                            r.checkpoint.size,
                            r.checkpoint.key_id
                        );
                        if let Some(note) = &r.receipt {
                            println!("{note}");
                        }
                        println!("{}", r.report);
                    }
                    Ok(())
                }
            }
        }
        Command::Export {
            match_id: id,
            data,
            bundle: None,
        } => {
            let id = match_id(&id)?;
            let store = open_existing(&data)?;
            let events = store
                .events(&id)
                .map_err(|e| Failure::Other(e.to_string()))?;
            let file = samples::MatchFile {
                id: id.to_string(),
                events: events
                    .into_iter()
                    .map(|s| arbiter::log::NewEvent {
                        occurred_at: s.envelope.occurred_at,
                        actor: s.envelope.actor,
                        body: s.envelope.body,
                    })
                    .collect(),
            };
            println!("{}", to_json(&file)?);
            Ok(())
        }
        Command::Import {
            file,
            game,
            players,
            host,
            aliases,
            tz,
            date,
            date_order,
            format,
            id,
            title,
            config,
            reads,
            corrections,
            reviewer,
            commit,
            json,
            data,
        } => {
            use arbiter::import::{self, corrections as fixes, events};
            let mut review = events::Reviewing::default();
            if let Some(path) = &corrections {
                let text = std::fs::read_to_string(path)
                    .map_err(|e| Failure::Input(format!("cannot read {}: {e}", path.display())))?;
                review.corrections = fixes::parse_file(&text, &reviewer)
                    .map_err(|e| Failure::Input(format!("{}: {e}", path.display())))?;
            }
            for r in &reads {
                review.corrections.push(
                    fixes::parse(r, &reviewer)
                        .map_err(|e| Failure::Input(format!("--read {e}")))?,
                );
            }
            let config = match config {
                None => None,
                Some(c) => Some(
                    serde_json::from_str::<arbiter::games::GameConfig>(&c).map_err(|e| {
                        Failure::Input(format!("--config is not a game's options ({e}); write it as in a match file, like '{{\"rush_hour\": {{\"rounds\": 5, ...}}}}'"))
                    })?,
                ),
            };
            let game = GameKind::from_slug(&game).ok_or_else(|| {
                Failure::Input(format!(
                    "unknown game '{game}': one of {}",
                    GameKind::ALL.map(GameKind::slug).join(", ")
                ))
            })?;
            let names: Vec<String> = players.split(',').map(|p| p.trim().to_string()).collect();
            let [a, b] = <[String; 2]>::try_from(names).map_err(|_| {
                Failure::Input("--players names the two players, comma-separated: A,B".into())
            })?;
            let mut alias_map = std::collections::BTreeMap::new();
            for pair in &aliases {
                let (other, name) = pair
                    .split_once('=')
                    .ok_or_else(|| Failure::Input(format!("--alias {pair}: write OTHER=NAME")))?;
                alias_map.insert(other.trim().to_string(), name.trim().to_string());
            }
            let tz: chrono_tz::Tz = tz.parse().map_err(|_| {
                Failure::Input(format!(
                    "--tz {tz}: not a time zone; use an IANA name like Europe/Berlin or UTC"
                ))
            })?;
            let date = match date {
                Some(d) => chrono::NaiveDate::parse_from_str(&d, "%Y-%m-%d")
                    .map_err(|_| Failure::Input(format!("--date {d}: write YYYY-MM-DD")))?,
                None => chrono::Utc::now().with_timezone(&tz).date_naive(),
            };
            let mut ctx = import::TimeContext::new(tz, date);
            ctx.date_order = match date_order.as_deref() {
                None => None,
                Some("day-first") => Some(import::DateOrder::DayFirst),
                Some("month-first") => Some(import::DateOrder::MonthFirst),
                Some(o) => {
                    return Err(Failure::Input(format!(
                        "--date-order {o}: day-first or month-first"
                    )))
                }
            };
            let forced = match format {
                None => None,
                Some(f) => Some(import::Format::from_slug(&f).ok_or_else(|| {
                    Failure::Input(format!(
                        "--format {f}: one of discord-paste, dce-txt, dce-csv, dce-json, dce-html"
                    ))
                })?),
            };
            let bytes = std::fs::read(&file)
                .map_err(|e| Failure::Input(format!("cannot read {}: {e}", file.display())))?;
            let text = import::decode(&bytes).map_err(|e| Failure::Input(e.to_string()))?;
            let transcript = import::read_transcript(&text, forced, &ctx)
                .map_err(|e| Failure::Input(format!("{}: {e}", file.display())))?;
            let source_name = file
                .file_name()
                .map_or("pasted".to_string(), |n| n.to_string_lossy().into_owned());
            let opts = events::ImportOptions {
                game,
                cast: events::Cast {
                    players: [a, b],
                    host,
                    aliases: alias_map,
                },
                title: if title.is_empty() {
                    format!("{} (imported from {source_name})", game.title())
                } else {
                    title
                },
                importer: "arbiter import".to_string(),
                source_name,
                config,
            };
            review.time = Some(ctx.clone());
            let imported = events::read_reviewed(&transcript, &text, &opts, &review)
                .map_err(|e| Failure::Input(e.to_string()))?;
            let r = &imported.report;
            if json {
                println!("{}", to_json(r)?);
            } else {
                println!(
                    "{}: {} messages as {}; {} events, {} talk, {} not understood",
                    file.display(),
                    r.messages,
                    r.format,
                    r.events.len(),
                    r.chatter.len(),
                    r.unread.len()
                );
                for note in &r.notes {
                    println!("note: {note}");
                }
                for e in &r.events {
                    let err = e
                        .rule_error
                        .as_ref()
                        .map(|x| format!("  [rule error: {x}]"))
                        .unwrap_or_default();
                    println!(
                        "  message {:>4}  {:<10} {}: {}{err}",
                        e.message, e.kind, e.by, e.text
                    );
                }
                for e in &r.events {
                    if let Some(o) = &e.overtime {
                        println!("  message {:>4}  CLOCK: {o}", e.message);
                    }
                }
                for u in &r.unread {
                    println!("  message {:>4}  NOT READ: {}", u.message, u.reason);
                }
                for c in &r.corrections {
                    match &c.error {
                        None => println!(
                            "  message {:>4}  CORRECTED by {}: read as '{}' (the reader saw: {})",
                            c.message, c.reviewer, c.reading, c.reader_saw
                        ),
                        Some(e) => {
                            println!("  message {:>4}  CORRECTION NOT APPLIED: {e}", c.message)
                        }
                    }
                }
                let score: Vec<String> = r
                    .outcome
                    .score
                    .iter()
                    .map(|(p, n)| format!("{p} {n}"))
                    .collect();
                println!("by the rules: {}", score.join(", "));
            }
            if commit {
                if let Some(c) = r.corrections.iter().find(|c| c.error.is_some()) {
                    return Err(Failure::Input(format!(
                        "nothing stored: the correction of message {} does not apply ({}); fix it and import again",
                        c.message,
                        c.error.as_deref().unwrap_or_default()
                    )));
                }
                let id = match id {
                    Some(id) => match_id(&id)?,
                    None => {
                        use sha2::Digest;
                        let h = sha2::Sha256::digest(text.as_bytes());
                        match_id(&format!("import-{}", &hex::encode(h)[..12]))?
                    }
                };
                let store = open(&data)?;
                if store.events(&id).is_ok_and(|e| !e.is_empty()) {
                    return Err(Failure::Input(format!(
                        "match id {id} is taken; choose another with --id"
                    )));
                }
                let n = imported.events.len();
                // The whole import or none of it.
                store
                    .append_all(&id, 0, imported.events)
                    .map_err(|e| Failure::Other(format!("storing match {id}: {e}")))?;
                eprintln!("stored match {id} ({n} events); see /matches/{id}");
            }
            Ok(())
        }
        Command::Load { file, data } => {
            let json = std::fs::read_to_string(&file)
                .map_err(|e| Failure::Input(format!("cannot read {}: {e}", file.display())))?;
            let store = open(&data)?;
            let (id, n) = samples::load(&store, &file.display().to_string(), &json)
                .map_err(|e| Failure::Input(e.to_string()))?;
            println!("stored match {id} ({n} events)");
            Ok(())
        }
        Command::Keys { action } => cli::keys::run(action),
        Command::Backup { dir, data } => cli::backup::backup(&dir, &data),
        Command::Restore {
            backup,
            data,
            witness,
        } => cli::backup::restore(&backup, &data, witness.as_deref()),
    }
}

/// Reads a Bejeweled grid file.
fn bejeweled_grid(path: &std::path::Path) -> Result<bejeweled::Grid, Failure> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| Failure::Input(format!("cannot read {}: {e}", path.display())))?;
    bejeweled::Grid::parse(&text).map_err(|e| Failure::Input(format!("{}: {e}", path.display())))
}

/// Reads a Duorail board file and a player color.
fn duorail_input(
    path: &std::path::Path,
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
    let text = std::fs::read_to_string(path)
        .map_err(|e| Failure::Input(format!("cannot read {}: {e}", path.display())))?;
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
    Ok((board, color))
}

fn to_json<T: serde::Serialize>(v: &T) -> Result<String, Failure> {
    serde_json::to_string_pretty(v).map_err(|e| Failure::Other(e.to_string()))
}
