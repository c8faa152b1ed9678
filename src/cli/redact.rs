//! `arbiter redact MATCH --message N … --reason "…" [--admin NAME]`: removes
//! messages of a match's transcript on request, offline (the server
//! stopped, or against PostgreSQL with `--store`). The web's admin form
//! does the same through `arbiter::transcripts::redact`.
//!
//! Must not import a storage engine's crate (sled, tokio-postgres): a store
//! opens through `arbiter::log`.

use arbiter::transcripts::{self, RedactError};

use super::store::StoreArgs;
use crate::{match_id, Failure};

#[derive(clap::Args)]
pub struct RedactArgs {
    match_id: String,
    /// A message to remove, by the number the import report gives it
    /// (from 0); repeat for several.
    #[arg(long = "message", required = true)]
    messages: Vec<u32>,
    /// Why (kept in the record, shown in the message's place).
    #[arg(long)]
    reason: String,
    /// The admin who removes them (recorded in the Redaction event);
    /// the account running the command when not given.
    #[arg(long)]
    admin: Option<String>,
    #[command(flatten)]
    store: StoreArgs,
}

pub fn run(args: RedactArgs) -> Result<(), Failure> {
    let id = match_id(&args.match_id)?;
    let admin = args
        .admin
        .or_else(|| std::env::var("USER").ok())
        .map(|a| a.trim().to_string())
        .filter(|a| !a.is_empty())
        .ok_or_else(|| {
            Failure::Input("--admin names who removes the messages (it is recorded)".into())
        })?;
    let store = args.store.open_existing()?;
    let done = transcripts::redact(&*store, &id, &args.messages, &args.reason, &admin).map_err(
        |e| match e {
            RedactError::Asked(_) | RedactError::NotCommitted(_) => Failure::Input(e.to_string()),
            RedactError::Damaged(_) => Failure::Exit(3, e.to_string()),
            RedactError::Store(_) => Failure::Other(e.to_string()),
        },
    )?;
    let asked: std::collections::BTreeSet<u32> = args.messages.iter().copied().collect();
    let with: Vec<u32> = done
        .removed
        .iter()
        .copied()
        .filter(|m| !asked.contains(m))
        .collect();
    println!(
        "removed {} of match {id} (Redaction event at seq {}); the events read from them stay",
        arbiter::event::message_list(&asked.into_iter().collect::<Vec<_>>()),
        done.seq
    );
    if !with.is_empty() {
        println!(
            "{} shared their lines and went with them",
            arbiter::event::message_list(&with)
        );
    }
    Ok(())
}
