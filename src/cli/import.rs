//! `arbiter import`: read a Discord transcript as a match, print what was
//! read (every message accounted for: an event, talk, or why it was not
//! understood) and, with `--commit`, store it — the whole match or none
//! of it. The reading itself is [`arbiter::import`]'s; this is the flags,
//! the report's text form and the store.
//!
//! Must not import a storage engine's crate (sled, tokio-postgres): a store
//! opens through `arbiter::log`.

use std::path::{Path, PathBuf};

use clap::builder::PossibleValuesParser;

use arbiter::games::GameKind;
use arbiter::import::report::ImportReport;

use super::store::StoreArgs;
use crate::{match_id, to_json, Failure};

#[derive(clap::Args)]
pub struct ImportArgs {
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
    /// With --commit: store it as a private match (only its players, its
    /// host and admins may read it), recorded as the operator's act.
    #[arg(long, requires = "commit")]
    private: bool,
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    store: StoreArgs,
}

pub fn run(args: ImportArgs) -> Result<(), Failure> {
    let ImportArgs {
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
        private,
        json,
        store: store_args,
    } = args;
    if commit {
        // A malformed --store fails before any reading.
        store_args.location()?;
    }
    use arbiter::import::{self, corrections as fixes, events};
    let mut review = events::Reviewing::default();
    if let Some(path) = &corrections {
        let text = super::read_text(path)?;
        review.corrections = fixes::parse_file(&text, &reviewer)
            .map_err(|e| Failure::Input(format!("{}: {e}", path.display())))?;
    }
    for r in &reads {
        review
            .corrections
            .push(fixes::parse(r, &reviewer).map_err(|e| Failure::Input(format!("--read {e}")))?);
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
    let bytes = super::read_bytes(&file)?;
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
        print_text(&file, r);
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
            // Random, not a hash of the text: a hash would let a message
            // later removed on request be guessed back from the id.
            None => match_id(&format!("import-{}", random_suffix()?))?,
        };
        let store = store_args.open()?;
        if store.events(&id).is_ok_and(|e| !e.is_empty()) {
            return Err(Failure::Input(format!(
                "match id {id} is taken; choose another with --id"
            )));
        }
        let mut events = imported.events;
        let n = events.len();
        if private {
            // After the imported events (their seqs stay as the report
            // gives them), at the time of the last of them.
            let occurred_at = events.last().map(|e| e.occurred_at);
            events.extend(occurred_at.map(|occurred_at| arbiter::event::NewEvent {
                occurred_at,
                actor: arbiter::event::Actor::Operator(opts.importer.clone()),
                body: arbiter::event::Body::Visibility(arbiter::event::Visibility::Private),
            }));
        }
        // The whole import or none of it, its transcript sealed message by
        // message and kept beside it.
        arbiter::transcripts::store_new(&*store, &id, events, Some(&transcript))
            .map_err(|e| Failure::Other(format!("storing match {id}: {e}")))?;
        let private = if private {
            ", private: only its players, its host and admins may read it"
        } else {
            ""
        };
        eprintln!("stored match {id} ({n} events{private}); see /matches/{id}");
    }
    Ok(())
}

/// Twelve random hex digits for an import's default id.
fn random_suffix() -> Result<String, Failure> {
    let mut bytes = [0u8; 6];
    getrandom::getrandom(&mut bytes)
        .map_err(|e| Failure::Other(format!("the system gave no random bytes: {e}")))?;
    Ok(hex::encode(bytes))
}

/// The report for a person: every event, clock overrun, unread message
/// and correction by its message number, then the score by the rules.
fn print_text(file: &Path, r: &ImportReport) {
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
