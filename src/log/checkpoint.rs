//! Signed checkpoints: the receipt a player keeps.
//!
//! After every append the server signs (match id, size, Merkle root, time,
//! key id) in a fixed text form, one field per line, in the spirit of
//! Certificate Transparency's signed tree heads and transparency-log
//! "signed notes":
//!
//! ```text
//! arbiter checkpoint v1
//! match tj-penzo-cup-final
//! size 42
//! root 5dc9da79…(64 hex digits)
//! time 2026-11-22T19:30:00Z
//! key 1f2e3d4c5b6a7988
//! ```
//!
//! The signature is ed25519 over exactly those bytes (each line ends with
//! `\n`). A checkpoint is a pure function of the log and the key: its time
//! is the last event's `recorded_at`, and ed25519 signatures are
//! deterministic, so the latest checkpoint can be re-made at any time and
//! comes out byte for byte the same.
//!
//! Must not import anything above `log/` (a game, a page, the importer, the
//! verifier, the replay, bundles or samples): the log stores and seals, and
//! knows no game.

use chrono::{DateTime, SecondsFormat, Utc};
use serde::{Deserialize, Serialize};

use super::merkle;
use super::seal::{Hash, Keyring, Recorder, Sealed};

/// A signed statement of a match log's size and Merkle root.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Checkpoint {
    #[serde(rename = "match")]
    pub match_id: String,
    pub size: u64,
    #[serde(with = "hex_hash")]
    pub root: Hash,
    pub time: DateTime<Utc>,
    pub key_id: String,
    #[serde(with = "hex_bytes")]
    pub signature: Vec<u8>,
}

impl Checkpoint {
    /// The signed text.
    pub fn text(&self) -> String {
        format!(
            "arbiter checkpoint v1\nmatch {}\nsize {}\nroot {}\ntime {}\nkey {}\n",
            self.match_id,
            self.size,
            hex::encode(self.root),
            self.time_text(),
            self.key_id
        )
    }

    /// The time as the signed text writes it (RFC 3339, UTC, `Z`).
    pub fn time_text(&self) -> String {
        self.time.to_rfc3339_opts(SecondsFormat::AutoSi, true)
    }

    /// The checkpoint of a whole log, signed by `recorder`.
    pub fn of(match_id: &str, events: &[Sealed], recorder: &Recorder) -> Checkpoint {
        let hashes: Vec<Hash> = events.iter().map(|s| s.hash).collect();
        Checkpoint::signed(
            match_id,
            events.len() as u64,
            merkle::root(&merkle::leaves(&hashes)),
            events
                .last()
                .map_or(DateTime::<Utc>::UNIX_EPOCH, |s| s.envelope.recorded_at),
            recorder,
        )
    }

    /// The checkpoint of a log of `size` events with Merkle root `root`,
    /// the last recorded at `time`, signed by `recorder`.
    pub fn signed(
        match_id: &str,
        size: u64,
        root: Hash,
        time: DateTime<Utc>,
        recorder: &Recorder,
    ) -> Checkpoint {
        let mut c = Checkpoint {
            match_id: match_id.to_string(),
            size,
            root,
            time,
            key_id: recorder.key_id(),
            signature: Vec::new(),
        };
        c.signature = recorder.sign(c.text().as_bytes()).to_vec();
        c
    }

    /// Checks the signature against published keys.
    pub fn verify(&self, keys: &Keyring) -> Result<(), String> {
        keys.verify(&self.key_id, self.text().as_bytes(), &self.signature)
            .map_err(|e| format!("the checkpoint of size {}: {e}", self.size))
    }
}

mod hex_hash {
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(h: &[u8; 32], s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&hex::encode(h))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<[u8; 32], D::Error> {
        let text = String::deserialize(d)?;
        let bytes = hex::decode(&text).map_err(serde::de::Error::custom)?;
        bytes
            .try_into()
            .map_err(|_| serde::de::Error::custom("a hash is 64 hex digits"))
    }
}

mod hex_bytes {
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(b: &[u8], s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&hex::encode(b))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<u8>, D::Error> {
        let text = String::deserialize(d)?;
        hex::decode(&text).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::{Body, Envelope, MatchId};
    use crate::log::seal::GENESIS;
    use crate::log::Actor;

    fn log(recorder: &Recorder, n: u64) -> Vec<Sealed> {
        let mut out: Vec<Sealed> = Vec::new();
        for seq in 0..n {
            let t = DateTime::<Utc>::UNIX_EPOCH + chrono::Duration::seconds(seq as i64);
            let env = Envelope {
                match_id: MatchId::parse("m").unwrap(),
                seq,
                occurred_at: t,
                recorded_at: t,
                actor: Actor::Host("h".into()),
                body: Body::Pass,
            };
            let prev = out.last().map_or(GENESIS, |s| s.hash);
            out.push(recorder.seal(env, prev));
        }
        out
    }

    #[test]
    fn a_checkpoint_signs_its_text_and_any_change_breaks_it() {
        let r = Recorder::from_bytes([7; 32]);
        let events = log(&r, 5);
        let c = Checkpoint::of("m", &events, &r);
        let keys = Keyring::from(&r);
        c.verify(&keys).unwrap();
        assert!(c
            .text()
            .starts_with("arbiter checkpoint v1\nmatch m\nsize 5\nroot "));
        // The same log gives the same checkpoint, byte for byte.
        assert_eq!(Checkpoint::of("m", &events, &r), c);
        let mut bigger = c.clone();
        bigger.size = 6;
        assert!(bigger.verify(&keys).is_err());
        let mut other_root = c.clone();
        other_root.root[0] ^= 1;
        assert!(other_root.verify(&keys).is_err());
        let stranger = Recorder::from_bytes([8; 32]);
        let err = c.verify(&Keyring::from(&stranger)).unwrap_err();
        assert!(err.contains("not a published key"), "{err}");
        // JSON round trip (the receipt a player keeps).
        let json = serde_json::to_string(&c).unwrap();
        assert!(json.contains("\"match\":\"m\""));
        let back: Checkpoint = serde_json::from_str(&json).unwrap();
        assert_eq!(back, c);
    }
}
