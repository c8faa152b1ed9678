//! `arbiter serve`: check the store against its witness, then serve the
//! pages and the JSON API. A store whose witness names lost events is
//! served read-only (no samples over it, no writes) until it is restored.
//!
//! Must not import a storage engine's crate (sled, tokio-postgres): a store
//! opens through `arbiter::log`.

use std::net::ToSocketAddrs;
use std::path::Path;

use arbiter::games::dodgem;
use arbiter::log::StoreLocation;
use arbiter::{samples, web};

use super::store::StoreArgs;
use crate::Failure;

#[derive(clap::Args)]
pub struct ServeArgs {
    /// Address to listen on.
    #[arg(long, default_value = "127.0.0.1:8080")]
    addr: String,
    #[command(flatten)]
    store: StoreArgs,
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
    /// Request threads. Default: 2 with sled (its reads take
    /// microseconds, so two keep two cores busy); 8 with PostgreSQL, where
    /// a thread waits on each query's round trip.
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=256))]
    workers: Option<u16>,
}

pub fn run(args: ServeArgs) -> Result<(), Failure> {
    let addr = args.addr;
    // A bad address or --store fails before the store is touched.
    if addr
        .to_socket_addrs()
        .map_or(true, |mut a| a.next().is_none())
    {
        return Err(Failure::Input(format!(
            "--addr {addr}: not an address to listen on; write HOST:PORT, like 127.0.0.1:8080"
        )));
    }
    let location = args.store.location()?;
    let mut store = args.store.open()?;
    let other = |e: arbiter::log::StoreError| Failure::Other(e.to_string());
    // What the witness saw acknowledged and the store no longer holds: no
    // samples over it, and no writes until restored.
    for caution in store.cautions() {
        eprintln!("arbiter: caution: {caution}");
    }
    let damage = store.witnessed_damage().map_err(other)?;
    for d in &damage {
        eprintln!("arbiter: DAMAGE: {}", d.why);
    }
    if !damage.is_empty() {
        let what = match &location {
            StoreLocation::Sled => "the data directory",
            StoreLocation::Postgres(_) => "the database",
        };
        eprintln!("arbiter: serving read-only until {what} is restored from a backup");
    }
    // Saved Dodgem tables (5×5) live beside the data directory, whichever
    // store holds the log; the pages build missing ones in the background.
    dodgem::shelf::keep_tables_in(
        args.store
            .data
            .parent()
            .unwrap_or(Path::new("."))
            .join("tables"),
        args.dodgem_inline_up_to,
    );
    let loaded = if damage.is_empty() {
        // A crash between storing and witnessing left a tail the witness
        // has not seen: witness it now, so that a later loss of it is
        // named.
        for line in store.witness_unwitnessed().map_err(other)? {
            eprintln!("arbiter: {line}");
        }
        if let Some((before, after)) = store.compact_witness().map_err(other)? {
            eprintln!("arbiter: witness journal compacted from {before} lines to {after} (the last of each match)");
        }
        samples::load_bundled_if_empty(&*store).map_err(|e| Failure::Other(e.to_string()))?
    } else {
        Vec::new()
    };
    for id in &loaded {
        eprintln!("loaded sample match {id}");
    }
    let kept = match location {
        StoreLocation::Sled => format!("data in {}", store.location()),
        StoreLocation::Postgres(_) => format!(
            "log in {}, key in {}",
            store.location(),
            args.store.data.display()
        ),
    };
    let workers = args.workers.map_or(
        match location {
            StoreLocation::Sled => 2,
            StoreLocation::Postgres(_) => 8,
        },
        usize::from,
    );
    // Said once bound, with the port the system gave for `:0`: scripts
    // and tests read the address from this line.
    let listening = |bound: &[std::net::SocketAddr]| {
        for at in bound {
            eprintln!("arbiter serving on http://{at} ({kept})");
        }
    };
    web::serve(store, &addr, damage, args.public_url, workers, listening).map_err(|e| {
        if e.kind() == std::io::ErrorKind::AddrInUse {
            Failure::Other(format!(
                "could not listen on {addr}: {e}; another program holds that port: \
                 choose another with --addr (127.0.0.1:0 takes any free one)"
            ))
        } else {
            Failure::Other(format!("serving on {addr}: {e}"))
        }
    })
}
