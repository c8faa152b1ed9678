//! `arbiter verify`: one match (its chain against the witness, then every
//! claim re-checked), or `--all` (damage only, every match the store or
//! its witness knows). Exit codes: 0 clean, 1 disputed, 3 a broken chain
//! or lost events, 4 the store cannot be opened or has no such match (and,
//! for `--all`, a whole store whose server key cannot sign: a missing,
//! damaged or foreign `server.key` is said, never a reason not to read).
//!
//! Must not import a storage engine's crate (sled, tokio-postgres): a store
//! opens through `arbiter::log`.

use arbiter::replay::Replay;
use arbiter::verify;

use super::store::{restorable, StoreArgs};
use crate::{match_id, to_json, Failure};

#[derive(clap::Args)]
pub struct VerifyArgs {
    #[arg(required_unless_present = "all", conflicts_with = "all")]
    match_id: Option<String>,
    /// Check every match for damage instead of one.
    #[arg(long)]
    all: bool,
    #[command(flatten)]
    store: StoreArgs,
    /// Print the report as JSON.
    #[arg(long)]
    json: bool,
}

pub fn run(args: VerifyArgs) -> Result<(), Failure> {
    match &args.match_id {
        None => all(&args.store, args.json),
        Some(id) => one(id, &args.store, args.json),
    }
}

/// `arbiter verify MATCH`: the chain against the witness, then the findings.
fn one(id: &str, at: &StoreArgs, json: bool) -> Result<(), Failure> {
    use verify::Standing;
    let id = match_id(id)?;
    // A store that cannot be opened, or no such match: exit 4.
    let other = |e: String| Failure::Exit(4, e);
    let store = at.open_existing().map_err(|f| f.or_exit(4))?;
    // Reading needs no secret: the events verify with the published keys.
    if let Some(why) = store.unusable_key() {
        eprintln!("arbiter: this server cannot sign: {why}");
    }
    // What the witness journal saw acknowledged: a loss sled does
    // not notice (a truncated log still chains) is named here.
    let witnessed = store.check_witness(&id).map_err(|e| other(e.to_string()))?;
    for (line, why) in &witnessed.damaged_lines {
        eprintln!("arbiter: witness line {line} is damaged and not trusted: {why}");
    }
    let lost = witnessed
        .damage
        .clone()
        .map(|(seq, reason)| arbiter::log::seal::BadSeq { seq, reason });
    let chain = match store.verify(&id) {
        Ok(mut c) => {
            if c.is_ok() {
                c.first_bad = lost;
            }
            c
        }
        Err(arbiter::log::StoreError::NotFound(_)) if lost.is_some() => {
            arbiter::log::seal::ChainReport {
                events: 0,
                first_bad: lost,
            }
        }
        Err(e @ arbiter::log::StoreError::Corrupt { .. }) => {
            return Err(Failure::Exit(3, e.to_string()))
        }
        Err(e) => return Err(other(e.to_string())),
    };
    if let Some(note) = witnessed.note.filter(|n| n.contains("not yet witnessed")) {
        eprintln!("note: {note}");
    }
    let sealed = match store.events(&id) {
        Ok(sealed) => sealed,
        Err(_) if !chain.is_ok() => Vec::new(),
        Err(e) => return Err(other(e.to_string())),
    };
    let transcript = arbiter::transcripts::check(&*store, &id, &sealed);
    let events: Vec<_> = sealed.into_iter().map(|s| s.envelope).collect();
    let mut report = verify::report(&id, chain, &Replay::new(&events));
    report.transcript = transcript;
    if json {
        println!("{}", to_json(&report)?);
    } else {
        println!("{report}");
    }
    match report.standing() {
        Standing::Clean => Ok(()),
        Standing::Disputed => Err(Failure::Exit(
            1,
            format!(
                "{} with the ruling and {} stand",
                match report.disagreements() {
                    1 => "1 finding disagrees".to_string(),
                    n => format!("{n} findings disagree"),
                },
                arbiter::games::words::count(report.rule_errors.len(), "rule error", "rule errors")
            ),
        )),
        Standing::Broken if report.chain.is_ok() => Err(Failure::Exit(
            3,
            "the match's kept transcript does not check: its line above says why and what to do"
                .into(),
        )),
        Standing::Broken => Err(Failure::Exit(3, "the match's chain is broken".into())),
    }
}

/// `arbiter verify --all`: every match's damage, one line each; exit 3 when
/// any is damaged, 4 when the store cannot be opened or its keys read, or
/// when every match checks but the server's key cannot sign.
fn all(at: &StoreArgs, json: bool) -> Result<(), Failure> {
    let location = at.location()?;
    let store = at.open_existing().map_err(|f| f.or_exit(4))?;
    let mut audit = store.audit().map_err(|e| Failure::Exit(4, e.to_string()))?;
    // A kept transcript that no longer checks is damage too, as `verify
    // MATCH` says of it.
    for m in audit.matches.iter_mut().filter(|m| m.damage.is_none()) {
        let Ok(id) = match_id(&m.id) else { continue };
        let events = store.events(&id).unwrap_or_default();
        if let Some(problem) = arbiter::transcripts::broken(&*store, &id, &events) {
            m.damage = Some(format!("match {}: its kept transcript: {problem}", m.id));
        }
    }
    for (line, why) in &audit.damaged_lines {
        eprintln!("arbiter: witness line {line} is damaged and not trusted: {why}");
    }
    // As for one match: only an unwitnessed tail is worth a note.
    let notes = audit.matches.iter().filter_map(|m| m.note.as_ref());
    for note in notes.filter(|n| n.contains("not yet witnessed")) {
        eprintln!("note: {note}");
    }
    if json {
        println!("{}", to_json(&audit)?);
    } else {
        for line in audit.to_string().lines() {
            println!("{line}");
        }
    }
    if audit.damaged() {
        let n = audit.matches.iter().filter(|m| m.damage.is_some()).count();
        return Err(Failure::Exit(
            3,
            format!(
                "{n} of {} matches damaged{}; restore {} from a backup",
                audit.matches.len(),
                if audit.store_damage.is_empty() {
                    ""
                } else {
                    ", and the database itself"
                },
                restorable(&location, &*store)
            ),
        ));
    }
    // The matches are whole, but the server cannot sign: not "ok".
    if let Some(why) = store.unusable_key() {
        return Err(Failure::Exit(
            4,
            format!("every match checks, but this server cannot sign: {why}"),
        ));
    }
    Ok(())
}
