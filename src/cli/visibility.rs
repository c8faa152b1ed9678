//! `arbiter visibility MATCH private|public --admin NAME`: a match made
//! private (only its players, its host and admins may read it) or public
//! again, offline, as one Visibility event at the end of its log, recorded
//! as the admin NAME acting on the record (`Actor::Operator`). Asking for
//! what the match already is writes nothing. A running server takes the
//! same change as `POST /api/matches/{id}/visibility` (sled lets one
//! process hold a store).
//!
//! Must not import a storage engine's crate (sled, tokio-postgres): a store
//! opens through `arbiter::log`.

use arbiter::event::{Actor, Body, NewEvent, Visibility};
use arbiter::log::StoreError;

use super::store::StoreArgs;
use crate::{match_id, Failure};

#[derive(clap::Args)]
pub struct VisibilityArgs {
    /// The match, by its id.
    #[arg(value_name = "MATCH")]
    id: String,
    /// `private`: only its players, its host and admins may read it;
    /// `public`: anyone may.
    #[arg(value_name = "private|public")]
    visibility: String,
    /// The admin making the change: recorded with it.
    #[arg(long, value_name = "NAME")]
    admin: String,
    #[command(flatten)]
    store: StoreArgs,
}

pub fn run(args: VisibilityArgs) -> Result<(), Failure> {
    let id = match_id(&args.id)?;
    let visibility = Visibility::parse(&args.visibility).ok_or_else(|| {
        Failure::Input(format!(
            "a match is made private or public, not '{}'",
            args.visibility
        ))
    })?;
    let admin = args.admin.trim();
    if admin.is_empty() {
        return Err(Failure::Input(
            "--admin names the admin making the change (it is recorded with it)".into(),
        ));
    }
    let store = args.store.open_existing()?;
    let missing = || {
        Failure::Other(format!(
            "there is no match '{id}' in this store; `arbiter export` lists what a match holds, the server's / lists them all"
        ))
    };
    let events = match store.events(&id) {
        Ok(events) if events.is_empty() => return Err(missing()),
        Ok(events) => events,
        Err(StoreError::NotFound(_)) => return Err(missing()),
        Err(e) => return Err(Failure::Other(format!("reading match {id}: {e}"))),
    };
    let word = visibility.word();
    if Visibility::of(events.iter().map(|s| &s.envelope.body)) == visibility {
        println!("match {id} is already {word}; nothing was written");
        return Ok(());
    }
    let seq = events.len() as u64;
    store
        .append(
            &id,
            seq,
            NewEvent {
                occurred_at: chrono::Utc::now(),
                actor: Actor::Operator(admin.to_string()),
                body: Body::Visibility(visibility),
            },
        )
        .map_err(|e| Failure::Other(format!("writing to match {id}: {e}")))?;
    println!("match {id} is now {word} (event {seq}, recorded as the admin {admin})");
    Ok(())
}
