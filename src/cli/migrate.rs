//! `arbiter migrate --from DIR|URL --to DIR|URL`: the operator's side of
//! [`arbiter::migrate`] — which stores, the line per match on stdout,
//! progress on stderr, and the exit code: 0 when the destination holds
//! everything the source does, 1 when anything was refused, damaged or
//! failed (each named; the rest is copied, and a second run resumes), 2
//! for bad usage.
//!
//! Must not import a storage engine's crate (sled, tokio-postgres): a store
//! opens through `arbiter::log`.

use std::path::PathBuf;

use arbiter::log::store::location::shown;
use arbiter::log::StoreLocation;
use arbiter::migrate::{self, Endpoint};

use crate::Failure;

#[derive(clap::Args)]
pub struct MigrateArgs {
    /// The store to copy: a sled data directory (a path), or
    /// postgres://USER@HOST/DB. Its matches and tokens are not changed.
    #[arg(long, value_name = "DIR|URL")]
    from: String,
    /// The store to copy into: a sled data directory (made when it is not
    /// there) or postgres://USER@HOST/DB.
    #[arg(long, value_name = "DIR|URL")]
    to: String,
    /// Where the signing key lives when a store is PostgreSQL (the
    /// destination's, and the source's when it is one). Default: the
    /// --from directory when it is a path, else data/db.
    #[arg(long, value_name = "DIR")]
    data: Option<PathBuf>,
}

/// Every how many matches a line of progress goes to stderr.
const PROGRESS_EVERY: usize = 100;

pub fn run(args: MigrateArgs) -> Result<(), Failure> {
    let (from, to) =
        migrate::endpoints(&args.from, &args.to, args.data.as_deref()).map_err(Failure::Input)?;
    let cannot = |end: &Endpoint, e: arbiter::log::StoreError| {
        Failure::Other(format!("cannot open {}: {e}", end.describe()))
    };
    let source = from.open_source().map_err(|e| cannot(&from, e))?;
    let destination = to.open_destination().map_err(|e| cannot(&to, e))?;
    eprintln!("copying {} into {}", from.describe(), to.describe());
    let mut progress = |done: usize, total: usize| {
        if done.is_multiple_of(PROGRESS_EVERY) && done < total {
            eprintln!("migrate: {done} of {total} matches");
        }
    };
    let done = migrate::copy(&*source, &*destination, &mut progress).map_err(|e| {
        Failure::Other(format!(
            "{e}; nothing that was copied is undone: run the same command again to resume"
        ))
    })?;
    for m in &done.matches {
        println!("{m}");
    }
    for why in &done.source_damage {
        println!("source: DAMAGED {why}");
    }
    for id in &done.keys_missing {
        println!("key {id}: NOT PUBLISHED at the destination");
    }
    for id in &done.tokens_refused {
        println!(
            "token {id}: REFUSED: the destination holds it for someone else; it was left as it was"
        );
    }
    for id in &done.tokens_only_there {
        println!(
            "token {id}: at the destination only (made there, or revoked at the source since): \
             if it was revoked, revoke it there too with `arbiter keys revoke {id} {}`",
            flags(&to)
        );
    }
    println!("{}", done.summary());
    if done.complete() {
        Ok(())
    } else {
        Err(Failure::Other(format!(
            "the destination does not hold everything the source does: see the lines above; \
             {} is as it was",
            from.describe()
        )))
    }
}

/// The flags that name `end` to another command.
fn flags(end: &Endpoint) -> String {
    match &end.location {
        StoreLocation::Sled => format!("--data {}", end.data.display()),
        StoreLocation::Postgres(url) => {
            format!("--store {} --data {}", shown(url), end.data.display())
        }
    }
}
