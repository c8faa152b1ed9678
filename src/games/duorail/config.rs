//! The options of a Duorail match: which text of the rules it follows and
//! its time controls.
//!
//! A `Config` is sealed inside every match's Create event, so its bincode
//! shape (the five fields, in this order) is part of the log's format and
//! never changes; the tests below pin its bytes.

use serde::{Deserialize, Serialize};

/// Which text of the rules a match follows.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Variant {
    /// The "GAME RULES" text: a tie in the endgame goes to the last placer.
    #[default]
    Standard,
    /// The older texts: when the board fills up the longest track wins, a
    /// tie goes against the last placer, and with no track at all the host
    /// wins; in the endgame, no track on either side also means the host
    /// wins.
    Classic,
}

/// The options of a Duorail match.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(default)]
pub struct Config {
    pub variant: Variant,
    /// Seconds per move.
    pub move_secs: u32,
    /// Each player's bank for the whole match, in seconds.
    pub bank_secs: u32,
    /// Seconds to show a track in the challenge or endgame phase (no bank).
    pub track_secs: u32,
    /// Board size (9 in a match).
    pub size: u8,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            variant: Variant::Standard,
            move_secs: 60,
            bank_secs: 300,
            track_secs: 300,
            size: 9,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::log::seal::CONFIG;

    /// The canonical bytes of a Config as sealed since the first release:
    /// the variant as a big-endian u32, the three times as big-endian u32s,
    /// the size as one byte.
    fn sealed_bytes(
        variant: u32,
        move_secs: u32,
        bank_secs: u32,
        track_secs: u32,
        size: u8,
    ) -> Vec<u8> {
        let mut out = Vec::new();
        for n in [variant, move_secs, bank_secs, track_secs] {
            out.extend_from_slice(&n.to_be_bytes());
        }
        out.push(size);
        out
    }

    #[test]
    fn the_sealed_shape_of_a_config_never_changes() {
        let cases = [
            (Config::default(), sealed_bytes(0, 60, 300, 300, 9)),
            (
                Config {
                    variant: Variant::Classic,
                    move_secs: 45,
                    bank_secs: 120,
                    track_secs: 200,
                    size: 7,
                },
                sealed_bytes(1, 45, 120, 200, 7),
            ),
        ];
        for (config, bytes) in cases {
            let encoded = bincode::serde::encode_to_vec(&config, CONFIG).unwrap();
            assert_eq!(hex::encode(&encoded), hex::encode(&bytes), "{config:?}");
            let (decoded, used): (Config, usize) =
                bincode::serde::decode_from_slice(&bytes, CONFIG).unwrap();
            assert_eq!(used, bytes.len());
            assert_eq!(decoded, config);
        }
    }
}
