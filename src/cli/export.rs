//! `arbiter export`, `arbiter load` and `arbiter check-bundle`: a match
//! out of a store (as a match file, or as its appeal bundle), a match file
//! into one, and a bundle checked offline with no store at all.
//!
//! Must not import a storage engine's crate (sled, tokio-postgres): a store
//! opens through `arbiter::log`.

use std::path::PathBuf;

use arbiter::bundle::{self, Bundle, BundleError};
use arbiter::log::Checkpoint;
use arbiter::samples::{self, MatchFile};

use super::store::StoreArgs;
use crate::{match_id, to_json, Failure};

#[derive(clap::Args)]
pub struct ExportArgs {
    match_id: String,
    #[command(flatten)]
    store: StoreArgs,
    /// Write the appeal bundle (every sealed event, the latest
    /// checkpoint, the public keys) to this file instead.
    #[arg(long)]
    bundle: Option<PathBuf>,
}

#[derive(clap::Args)]
pub struct LoadArgs {
    file: PathBuf,
    #[command(flatten)]
    store: StoreArgs,
}

#[derive(clap::Args)]
pub struct CheckBundleArgs {
    bundle: PathBuf,
    /// A checkpoint (receipt JSON) kept from earlier.
    #[arg(long)]
    receipt: Option<PathBuf>,
    #[arg(long)]
    json: bool,
}

pub fn export(args: ExportArgs) -> Result<(), Failure> {
    let id = match_id(&args.match_id)?;
    let store = args.store.open_existing()?;
    // What the store lost is not the match: no file of it as if whole.
    let witnessed = store
        .check_witness(&id)
        .map_err(|e| Failure::Other(e.to_string()))?;
    if let Some((_, why)) = witnessed.damage {
        return Err(Failure::Exit(
            3,
            format!("{why}; restore the store from a backup (arbiter restore) before exporting"),
        ));
    }
    let events = store
        .events(&id)
        .map_err(|e| Failure::Other(e.to_string()))?;
    if let Some(problem) = arbiter::transcripts::broken(&*store, &id, &events) {
        return Err(Failure::Exit(
            3,
            format!("match {id}: its kept transcript does not check ({problem}); restore the store from a backup (arbiter restore) before exporting"),
        ));
    }
    let Some(path) = args.bundle else {
        let file = MatchFile::export(&*store, &id).map_err(|e| Failure::Other(e.to_string()))?;
        println!("{}", to_json(&file)?);
        return Ok(());
    };
    let b = Bundle::export(&*store, &id).map_err(|e| Failure::Other(e.to_string()))?;
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

pub fn load(args: LoadArgs) -> Result<(), Failure> {
    let file = &args.file;
    let json = super::read_text(file)?;
    let store = args.store.open()?;
    let (id, n) = samples::load(&*store, &file.display().to_string(), &json)
        .map_err(|e| Failure::Input(e.to_string()))?;
    println!("stored match {id} ({n} events)");
    Ok(())
}

pub fn check_bundle(args: CheckBundleArgs) -> Result<(), Failure> {
    let CheckBundleArgs {
        bundle: path,
        receipt,
        json,
    } = args;
    let bytes = super::read_bytes(&path)?;
    let receipt = match receipt {
        None => None,
        Some(p) => {
            let text = super::read_text(&p)?;
            Some(serde_json::from_str::<Checkpoint>(&text).map_err(|e| {
                Failure::Input(format!(
                    "{} is not a receipt (checkpoint JSON): {e}",
                    p.display()
                ))
            })?)
        }
    };
    match bundle::check(&bytes, receipt.as_ref()) {
        Err(BundleError::NotABundle) => Err(Failure::Input(format!(
            "{} is not an arbiter bundle; make one with `arbiter export <match> --bundle FILE`",
            path.display()
        ))),
        Err(e) => Err(Failure::Other(format!("{}: {e}", path.display()))),
        Ok(r) => {
            if json {
                println!("{}", to_json(&r)?);
            } else {
                println!(
                    "{}: match {}, {} events; every signature, the chain and the Merkle root check; checkpoint of size {} by key {}",
                    path.display(),
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
