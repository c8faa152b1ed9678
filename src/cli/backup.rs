//! `arbiter backup` and `arbiter restore`: the operator's side of
//! [`arbiter::backup`] — where the files go, what is printed, and the
//! exit codes (2 a bad request, 3 a backup at fault: nothing restored).
//!
//! Must not import a storage engine's crate (sled, tokio-postgres): a store
//! opens through `arbiter::log`.

use std::path::PathBuf;

use arbiter::log::StoreLocation;

use super::store::StoreArgs;
use crate::Failure;

#[derive(clap::Args)]
pub struct BackupArgs {
    dir: PathBuf,
    #[command(flatten)]
    store: StoreArgs,
}

#[derive(clap::Args)]
pub struct RestoreArgs {
    backup: PathBuf,
    #[command(flatten)]
    store: StoreArgs,
    /// A witness journal to compare with (the damaged store's
    /// `witness.log`): names what it acknowledged that the backup lacks.
    #[arg(long, value_name = "FILE")]
    witness: Option<PathBuf>,
}

pub fn backup(args: BackupArgs) -> Result<(), Failure> {
    let (dir, data) = (&args.dir, &args.store.data);
    let store = args.store.open_existing()?;
    let backup = arbiter::backup::take(&*store).map_err(|e| Failure::Other(e.to_string()))?;
    backup.write_dir(dir).map_err(Failure::Input)?;
    eprintln!(
        "backed up {} matches, the witness journal and {} public keys into {}",
        backup.manifest.matches.len(),
        backup.manifest.keys.len(),
        dir.display()
    );
    eprintln!("the private key ({}/server.key) and the tokens are not in it: keep a copy of server.key apart", data.display());
    // A backup of a damaged store keeps the damage: say so, and exit 3
    // as `verify` does, so that no script takes it for a good one.
    let damage = store
        .witnessed_damage()
        .map_err(|e| Failure::Other(e.to_string()))?;
    for d in &damage {
        eprintln!("arbiter: DAMAGED {}", d.why);
    }
    match damage.len() {
        0 => Ok(()),
        n => Err(Failure::Exit(
            3,
            format!("the store is damaged ({n} of its matches): this backup holds the damage too; restore from an older backup"),
        )),
    }
}

pub fn restore(args: RestoreArgs) -> Result<(), Failure> {
    let data = &args.store.data;
    let location = args.store.location()?;
    let read = arbiter::backup::Backup::read(&args.backup).map_err(Failure::Input)?;
    if location == StoreLocation::Sled && data.join("sled").exists() {
        return Err(Failure::Input(format!(
                "{} already holds a store: move it aside (keep it, it is evidence) and restore into the emptied directory",
                data.display()
            )));
    }
    let store = args.store.open()?;
    // Whatever holds the log: a restore fills an empty store only, so no
    // match is ever mixed with another's or written over.
    let held = store.matches().map_err(|e| Failure::Other(e.to_string()))?;
    if !held.is_empty() {
        return Err(Failure::Input(format!(
            "{} already holds {}: restore into an empty store (keep this one, it is evidence)",
            location.describe(data),
            arbiter::games::words::count(held.len(), "match", "matches")
        )));
    }
    let done = arbiter::backup::restore(&read, &*store).map_err(|faults| {
        for f in &faults {
            eprintln!("arbiter: {f}");
        }
        Failure::Exit(
            3,
            format!(
                "nothing was restored: {} in the backup",
                arbiter::games::words::count(faults.len(), "fault", "faults")
            ),
        )
    })?;
    for w in &done.warnings {
        eprintln!("arbiter: {w}");
    }
    for line in &done.matches {
        println!("{line}");
    }
    if let Some(path) = args.witness.as_deref() {
        // What the damaged store had acknowledged beyond the backup.
        let text = super::read_bytes(path)?;
        let journal = arbiter::log::witness::parse(text.as_slice(), &store.keyring())
            .map_err(|e| Failure::Other(e.to_string()))?;
        let mut missing = 0;
        for (id, w) in &journal.last {
            let held = read
                .manifest
                .matches
                .iter()
                .find(|m| m.id == *id)
                .map_or(0, |m| m.events);
            if held < w.size {
                missing += 1;
                println!(
                        "match {id}: {} events were acknowledged (line {} of {}), the backup holds {held}: events {held}–{} are not in it; ask the players for their bundles or receipts",
                        w.size,
                        w.line,
                        path.display(),
                        w.size - 1
                    );
            }
        }
        if missing == 0 {
            println!(
                "the backup holds everything {} acknowledged",
                path.display()
            );
        }
    }
    Ok(())
}
