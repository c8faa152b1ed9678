//! Appeal bundles: one file that lets anyone check a match without our
//! server.
//!
//! A bundle holds every sealed event (envelope, hash, previous hash, key
//! id, signature), the latest signed checkpoint and the public keys that
//! signed. [`check`] needs nothing else — no database, no network: it
//! checks every signature and the hash chain, rebuilds the Merkle root and
//! compares it with the checkpoint, checks the checkpoint's signature,
//! checks that a receipt the player kept from earlier is a prefix of this
//! log (its root recomputed, and a consistency proof), and then replays
//! the match and runs the verifier.
//!
//! The file is binary: the line `arbiter-bundle v1`, then the bundle in
//! bincode with the log's fixed configuration. Every byte of it is data
//! that some check covers, so one altered byte anywhere is either a file
//! that does not decode or a value that fails a check — which a text
//! format, with whitespace no check sees, could not promise.
//!
//! Must not import `web`, `import` or `backup`: it sits below them (the
//! pages and the backups are built on bundles).

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::log::merkle;
use crate::log::seal::{self, Hash, Keyring, Sealed};
use crate::log::transcript::{self, Piece};
use crate::log::{Checkpoint, EventStore, MatchId, StoreError};
use crate::replay::Replay;
use crate::verify::{self, Report};

/// The first bytes of a bundle whose match keeps no transcript beside
/// its log (every bundle written before transcripts were sealed message by
/// message, and still every such match's).
pub const MAGIC: &[u8] = b"arbiter-bundle v1\n";

/// The first bytes of a bundle that also carries its match's transcript
/// pieces (after the v1 body, in the same encoding): the Create seals
/// their root, so they are checked like everything else.
pub const MAGIC_V2: &[u8] = b"arbiter-bundle v2\n";

/// The largest bundle read (far above any match: a thousand-event match
/// is about half a megabyte).
pub const MAX_BUNDLE_BYTES: usize = 64 << 20;

/// What a bundle holds.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Bundle {
    pub match_id: String,
    pub events: Vec<Sealed>,
    pub checkpoint: Checkpoint,
    /// (key id, ed25519 public key) for every key that signed.
    pub keys: Vec<(String, [u8; 32])>,
    /// The transcript's pieces, as the store keeps them (removed ones as
    /// their hashes), when the Create seals one message by message.
    #[serde(skip)]
    pub transcript: Option<Vec<Piece>>,
}

/// Why a bundle is not accepted; each says what and where.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum BundleError {
    #[error("not an arbiter bundle (it does not start with 'arbiter-bundle v1')")]
    NotABundle,
    #[error("the bundle is damaged: {0}")]
    Damaged(String),
    #[error("rejected: {0}")]
    Rejected(String),
}

impl Bundle {
    /// The bundle file's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = match self.transcript {
            None => MAGIC.to_vec(),
            Some(_) => MAGIC_V2.to_vec(),
        };
        let body = bincode::serde::encode_to_vec(self, seal::CONFIG)
            .expect("a bundle encodes: its types are the log's, which encode canonically");
        out.extend(body);
        if let Some(pieces) = &self.transcript {
            out.extend(
                bincode::serde::encode_to_vec(pieces, seal::CONFIG)
                    .expect("transcript pieces encode: strings and numbers"),
            );
        }
        out
    }

    /// Reads a bundle file; the whole file must be one bundle.
    pub fn from_bytes(bytes: &[u8]) -> Result<Bundle, BundleError> {
        if bytes.len() > MAX_BUNDLE_BYTES {
            return Err(BundleError::Damaged(format!(
                "it is {} bytes, more than the {MAX_BUNDLE_BYTES} a bundle may be",
                bytes.len()
            )));
        }
        let (body, with_transcript) = match bytes.strip_prefix(MAGIC_V2) {
            Some(body) => (body, true),
            None => (
                bytes.strip_prefix(MAGIC).ok_or(BundleError::NotABundle)?,
                false,
            ),
        };
        // The limit keeps a damaged length from asking for more memory
        // than any bundle needs.
        let config = seal::CONFIG.with_limit::<MAX_BUNDLE_BYTES>();
        let undecodable = |e| BundleError::Damaged(format!("it does not decode ({e})"));
        let (mut bundle, mut used): (Bundle, usize) =
            bincode::serde::decode_from_slice(body, config).map_err(undecodable)?;
        if with_transcript {
            let (pieces, more): (Vec<Piece>, usize) =
                bincode::serde::decode_from_slice(&body[used..], config).map_err(undecodable)?;
            bundle.transcript = Some(pieces);
            used += more;
        }
        if used != body.len() {
            return Err(BundleError::Damaged(format!(
                "{} bytes follow the end of the bundle",
                body.len() - used
            )));
        }
        // A value can have more than one spelling (a hash in upper-case
        // hex, a time written another way); only the canonical one is a
        // bundle, so no byte can change without a check seeing it.
        let canonical = bundle.to_bytes();
        if canonical != bytes {
            let at = canonical
                .iter()
                .zip(bytes)
                .position(|(a, b)| a != b)
                .unwrap_or(canonical.len().min(bytes.len()));
            return Err(BundleError::Damaged(format!(
                "byte {at} is not as arbiter writes it: the file was altered"
            )));
        }
        Ok(bundle)
    }

    /// The bundle of match `id` as the store holds it now.
    pub fn export(store: &dyn EventStore, id: &MatchId) -> Result<Bundle, StoreError> {
        let events = store.events(id)?;
        let checkpoint = store.checkpoint(id)?;
        let ring = store.keyring();
        let mut ids: Vec<&str> = events.iter().map(|s| s.key_id.as_str()).collect();
        ids.push(&checkpoint.key_id);
        ids.sort();
        ids.dedup();
        let keys = ids
            .into_iter()
            .filter_map(|k| ring.get(k).map(|key| (k.to_string(), key.to_bytes())))
            .collect();
        let transcript = transcript::of_match(store, id, &events)?;
        Ok(Bundle {
            match_id: id.to_string(),
            events,
            checkpoint,
            keys,
            transcript,
        })
    }
}

/// What a bundle that checks out shows.
#[derive(Debug, Serialize)]
pub struct BundleReport {
    pub match_id: String,
    pub events: u64,
    /// The Merkle root, hex.
    pub root: String,
    pub checkpoint: Checkpoint,
    /// What the receipt check showed, when a receipt was given.
    pub receipt: Option<String>,
    /// The replay and the verifier's findings.
    pub report: Report,
}

fn rejected(s: String) -> BundleError {
    BundleError::Rejected(s)
}

/// Checks a bundle (and a receipt kept from earlier), then replays and
/// verifies the match.
pub fn check(bytes: &[u8], receipt: Option<&Checkpoint>) -> Result<BundleReport, BundleError> {
    let sealed = check_seal(Bundle::from_bytes(bytes)?, receipt)?;
    let b = &sealed.bundle;
    let id = MatchId::parse(&b.match_id).map_err(rejected)?;
    let envelopes: Vec<_> = b.events.iter().map(|s| s.envelope.clone()).collect();
    let replay = Replay::new(&envelopes);
    let mut report = verify::report(&id, sealed.chain, &replay);
    report.transcript = transcript_finding(b)?;
    Ok(BundleReport {
        match_id: b.match_id.clone(),
        events: b.events.len() as u64,
        root: hex::encode(sealed.root),
        checkpoint: b.checkpoint.clone(),
        receipt: sealed.receipt,
        report,
    })
}

/// The bundle's transcript checked against the root its Create seals
/// (and each removed piece against its Redaction event): `None` when the
/// Create seals none; rejected when the pieces are missing or wrong.
pub fn transcript_finding(b: &Bundle) -> Result<Option<verify::TranscriptFinding>, BundleError> {
    match (transcript::seal_of(&b.events), &b.transcript) {
        (None, None) => Ok(None),
        (None, Some(_)) => Err(rejected(
            "it carries transcript pieces and its Create seals none".into(),
        )),
        (Some(_), None) => Err(rejected(
            "its Create seals a transcript and the bundle does not carry its pieces".into(),
        )),
        (Some(seal), Some(pieces)) => {
            let log = b.events.iter().map(|e| (e.envelope.seq, &e.envelope.body));
            let checked = transcript::check_with_log(seal, pieces, log)
                .map_err(|why| rejected(format!("its transcript: {why}")))?;
            Ok(Some(verify::TranscriptFinding::of(Ok(checked))))
        }
    }
}

/// A bundle whose seal checks: what [`check_seal`] found.
pub struct SealChecked {
    pub bundle: Bundle,
    pub chain: seal::ChainReport,
    /// The events' Merkle root.
    pub root: Hash,
    /// What the receipt check showed, when a receipt was given.
    pub receipt: Option<String>,
}

/// Everything [`check`] checks but the replay: ids, order, every
/// signature and link, the checkpoint and its root, and a receipt's
/// consistency. A backup's restore needs exactly this.
pub fn check_seal(b: Bundle, receipt: Option<&Checkpoint>) -> Result<SealChecked, BundleError> {
    let id = MatchId::parse(&b.match_id)
        .map_err(|e| rejected(format!("the match id '{}' is not valid: {e}", b.match_id)))?;
    // Keys: each published under its own id.
    let mut keys = Keyring::new();
    for (kid, bytes) in &b.keys {
        let key = ed25519_dalek::VerifyingKey::from_bytes(bytes)
            .map_err(|_| rejected(format!("key {kid} is not an ed25519 public key")))?;
        let real = keys.add(key);
        if real != *kid {
            return Err(rejected(format!(
                "key {kid}: its bytes belong to key id {real}; the key list was altered"
            )));
        }
    }
    // Every event in seq order: a dropped one and a swapped pair are named
    // as such before the chain check reports the broken link.
    for (i, s) in b.events.iter().enumerate() {
        let (want, found) = (i as u64, s.envelope.seq);
        if found == want {
            continue;
        }
        let later = b.events[i..].iter().any(|x| x.envelope.seq == want);
        return Err(rejected(if later {
            format!("events out of order: seq {found} stands where seq {want} belongs")
        } else if want == 0 {
            format!("event seq 0 is missing (the bundle starts at seq {found})")
        } else {
            format!(
                "event seq {want} is missing (seq {} is followed by seq {found})",
                want - 1
            )
        }));
    }
    // Every event: chained, signed by a published key.
    let records: Vec<(u64, Result<Sealed, String>)> = b
        .events
        .iter()
        .map(|s| (s.envelope.seq, Ok(s.clone())))
        .collect();
    let chain = seal::verify_chain(&id, &records, &keys);
    if let Some(bad) = &chain.first_bad {
        return Err(rejected(format!("event {bad}")));
    }
    // The checkpoint: this match, this size, this root, a published key.
    let c = &b.checkpoint;
    if c.match_id != b.match_id {
        return Err(rejected(format!(
            "the checkpoint is for match '{}', the events for '{}'",
            c.match_id, b.match_id
        )));
    }
    c.verify(&keys).map_err(rejected)?;
    if c.size != b.events.len() as u64 {
        return Err(rejected(format!(
            "the checkpoint covers {} events, the bundle holds {}",
            c.size,
            b.events.len()
        )));
    }
    let hashes: Vec<Hash> = b.events.iter().map(|s| s.hash).collect();
    let leaves = merkle::leaves(&hashes);
    let root = merkle::root(&leaves);
    if root != c.root {
        return Err(rejected(format!(
            "the events' Merkle root {} is not the checkpoint's {}",
            hex::encode(root),
            hex::encode(c.root)
        )));
    }
    // A receipt kept from earlier: signed by a key the bundle publishes,
    // and its log a prefix of this one.
    let receipt_note = match receipt {
        None => None,
        Some(r) => {
            if r.match_id != b.match_id {
                return Err(rejected(format!(
                    "the receipt is for match '{}', the bundle for '{}'",
                    r.match_id, b.match_id
                )));
            }
            r.verify(&keys)
                .map_err(|e| rejected(format!("the receipt: {e}")))?;
            if r.size > c.size {
                return Err(rejected(format!(
                    "the receipt covers {} events but the bundle holds only {}: events were dropped",
                    r.size, c.size
                )));
            }
            let old = merkle::root(&leaves[..r.size as usize]);
            if old != r.root {
                return Err(rejected(format!(
                    "the bundle's root for its first {} events differs from the receipt's: the log was rewritten after the receipt",
                    r.size
                )));
            }
            if r.size > 0 {
                let proof = merkle::consistency_proof(r.size as usize, &leaves)
                    .map_err(|e| rejected(e.to_string()))?;
                merkle::verify_consistency(r.size, c.size, &r.root, &c.root, &proof)
                    .map_err(|e| rejected(format!("the consistency proof: {e}")))?;
            }
            Some(format!(
                "the receipt of size {} ({}) is a prefix of this log: consistency proof of {} hashes checks",
                r.size,
                r.time.format("%Y-%m-%d %H:%M:%S UTC"),
                merkle::consistency_proof(r.size.max(1) as usize, &leaves)
                    .map_or(0, |p| p.len())
            ))
        }
    };
    Ok(SealChecked {
        bundle: b,
        chain,
        root,
        receipt: receipt_note,
    })
}
