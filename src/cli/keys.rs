//! `arbiter keys`: the write tokens (each for one person in one role) and
//! the server's signing keys. Only hashes of tokens are kept; a token is
//! printed once, when it is made.
//!
//! Must not import a storage engine's crate (sled, tokio-postgres): a store
//! opens through `arbiter::log`.

use clap::Subcommand;

use arbiter::web;

use super::store::StoreArgs;
use crate::Failure;

#[derive(Subcommand)]
pub enum KeysAction {
    /// Create a bearer token for the write API and print it (only its hash
    /// is stored). A token speaks for one person in one role, and the
    /// server records every write it makes as that person.
    #[command(group(clap::ArgGroup::new("person").required(true).args(["host", "player", "importer", "admin"])))]
    NewToken {
        /// For the host NAME: writes as the host of the matches NAME hosts.
        #[arg(long, value_name = "NAME")]
        host: Option<String>,
        /// For the player NAME: moves, claims and appeals in NAME's matches.
        #[arg(long, value_name = "NAME")]
        player: Option<String>,
        /// For an importer NAME: writes events read from transcripts.
        #[arg(long, value_name = "NAME")]
        importer: Option<String>,
        /// For an admin (optionally named): writes anything, recorded as
        /// the admin entering it, and issues tokens over the API.
        #[arg(long, value_name = "NAME", num_args = 0..=1, default_missing_value = "admin")]
        admin: Option<String>,
        #[command(flatten)]
        store: StoreArgs,
    },
    /// Print the server's public keys.
    Show {
        #[command(flatten)]
        store: StoreArgs,
    },
    /// Give the server a new signing key; old public keys stay published
    /// and keep verifying what they signed.
    Rotate {
        #[command(flatten)]
        store: StoreArgs,
    },
    /// List the write tokens by id (the start of each token's hash), whom
    /// each speaks for and when it was made.
    List {
        #[command(flatten)]
        store: StoreArgs,
    },
    /// Revoke a write token, given by its value or by its id from `keys
    /// list`: it writes no more.
    Revoke {
        token: String,
        #[command(flatten)]
        store: StoreArgs,
    },
}

pub fn run(action: KeysAction) -> Result<(), Failure> {
    match action {
        KeysAction::NewToken {
            host,
            player,
            importer,
            admin,
            store,
        } => {
            use arbiter::log::{Identity, Role};
            let (role, name) = match (host, player, importer, admin) {
                (Some(n), ..) => (Role::Host, n),
                (_, Some(n), ..) => (Role::Player, n),
                (_, _, Some(n), _) => (Role::Importer, n),
                (.., Some(n)) => (Role::Admin, n),
                _ => {
                    return Err(Failure::Input(
                        "say whom the token is for: --host NAME, --player NAME, --importer NAME or --admin".into(),
                    ))
                }
            };
            if name.trim().is_empty() {
                return Err(Failure::Input(format!(
                    "--{} needs the person's name, as matches name them",
                    role.name()
                )));
            }
            let who = Identity::new(role, &name, &chrono::Utc::now().to_rfc3339());
            let store = store.open()?;
            let token = web::new_token();
            store
                .add_token(&token, &who)
                .map_err(|e| Failure::Other(e.to_string()))?;
            println!("{token}");
            eprintln!(
                "a token for the {}; keep it: only its hash is stored. Send it as 'Authorization: Bearer <token>'.",
                who.describe()
            );
            Ok(())
        }
        KeysAction::List { store } => {
            let store = store.open_existing()?;
            let tokens = store.tokens().map_err(|e| Failure::Other(e.to_string()))?;
            if tokens.is_empty() {
                eprintln!("no write tokens; make one with `arbiter keys new-token`");
            }
            for (id, who) in tokens {
                println!("{id}  made {}  {}", who.made, who.describe());
            }
            Ok(())
        }
        KeysAction::Revoke { token, store } => {
            let store = store.open_existing()?;
            let id = store
                .revoke_token(&token)
                .map_err(|e| Failure::Input(e.to_string()))?;
            eprintln!("revoked token {id}; it writes no more");
            Ok(())
        }
        KeysAction::Rotate { store } => {
            match rotate(&store)? {
                (Some(old), new) => println!(
                    "new signing key {new}; key {old} stays published and keeps verifying what it signed"
                ),
                (None, new) => println!(
                    "new signing key {new}; the server had no usable key (its file, if any, is set aside beside it), and every key that signed here stays published"
                ),
            }
            Ok(())
        }
        KeysAction::Show { store } => {
            // Reading: a store whose own key cannot sign still lists its keys.
            let store = store.open_existing()?;
            for (id, key) in store.keyring().iter() {
                println!("{id} {key}");
            }
            Ok(())
        }
    }
}

/// `keys rotate`: see [`arbiter::log::StoreLocation::rotate_key`].
fn rotate(at: &StoreArgs) -> Result<(Option<String>, String), Failure> {
    at.location()?
        .rotate_key(&at.data)
        .map_err(|e| Failure::Other(e.to_string()))
}
