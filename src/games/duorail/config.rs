//! The options of a Duorail match: which text of the rules it follows and
//! its time controls, with each variant's own defaults.
//!
//! A `Config` is sealed inside every match's Create event, so its bincode
//! shape (the five fields, in this order) is part of the log's format and
//! never changes; the tests below pin its bytes. Only the human-readable
//! reading (a match file, the API, `--config`) fills in what is left out,
//! from the variant's defaults: `{"variant": "classic"}` alone is a classic
//! match with the classic text's time controls. Writing always gives every
//! field, so an exported match reads back the same.
//!
//! Like all of `games/`, it imports nothing from `log/`, `web/`,
//! `import/` or `verify`, and no other game's folder.

use serde::{Deserialize, Deserializer, Serialize};

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
    /// wins. Time banks are whole minutes, and a turn whose time and banks
    /// run out is no action.
    Classic,
}

/// One classic time bank, and the one more minute both players get when
/// neither showed a valid endgame track in time: a minute, in seconds.
pub const CLASSIC_MINUTE_SECS: u32 = 60;

/// The options of a Duorail match. The times mean slightly different
/// things per variant (defaults in brackets):
///
/// - `standard`: `move_secs` per move (60); `bank_secs`, one bank for the
///   whole match, spent by the millisecond (300); `track_secs` to show a
///   track after a challenge and in the endgame, without the bank (300).
/// - `classic`: `move_secs` per turn (60); `bank_secs / 60` time banks of
///   one minute each (180: three banks): running over takes one whole bank
///   and gives one more minute; `track_secs` to show a track after a
///   challenge, and then the banks, and in the endgame, without banks but
///   with one more minute each if neither player showed a valid track in
///   time (180).
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Config {
    pub variant: Variant,
    /// Seconds per move (a placement, a challenge or a pass).
    pub move_secs: u32,
    /// `standard`: each player's bank for the whole match, in seconds.
    /// `classic`: each player's time banks, one per whole minute
    /// ([`Config::classic_banks`]); seconds beyond a whole minute are no
    /// bank.
    pub bank_secs: u32,
    /// Seconds to show a track after a challenge (`classic`: then the
    /// banks) or in the endgame (no bank).
    pub track_secs: u32,
    /// Board size (9 in a match).
    pub size: u8,
}

impl Default for Config {
    /// The standard options.
    fn default() -> Config {
        Config::of(Variant::Standard)
    }
}

impl Config {
    /// A variant's own options: `standard` has the "GAME RULES" text's
    /// standard time controls (1 minute per move, a 5-minute bank, 5
    /// minutes to show a track), `classic` the classic text's (1 minute per
    /// turn, three 1-minute time banks, 3 minutes to show a track).
    pub fn of(variant: Variant) -> Config {
        match variant {
            Variant::Standard => Config {
                variant,
                move_secs: 60,
                bank_secs: 300,
                track_secs: 300,
                size: 9,
            },
            Variant::Classic => Config {
                variant,
                move_secs: 60,
                bank_secs: 3 * CLASSIC_MINUTE_SECS,
                track_secs: 180,
                size: 9,
            },
        }
    }

    /// `classic`: how many one-minute time banks each player starts with.
    pub fn classic_banks(&self) -> u32 {
        self.bank_secs / CLASSIC_MINUTE_SECS
    }
}

impl<'de> Deserialize<'de> for Config {
    /// Human-readable (JSON): any field may be left out, and is then the
    /// variant's default ([`Config::of`]); given values always win.
    /// Otherwise (the sealed bincode bytes): exactly the five fields, as
    /// they were always written.
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Config, D::Error> {
        if d.is_human_readable() {
            let given = Given::deserialize(d)?;
            let base = Config::of(given.variant);
            Ok(Config {
                variant: given.variant,
                move_secs: given.move_secs.unwrap_or(base.move_secs),
                bank_secs: given.bank_secs.unwrap_or(base.bank_secs),
                track_secs: given.track_secs.unwrap_or(base.track_secs),
                size: given.size.unwrap_or(base.size),
            })
        } else {
            let s = Sealed::deserialize(d)?;
            Ok(Config {
                variant: s.variant,
                move_secs: s.move_secs,
                bank_secs: s.bank_secs,
                track_secs: s.track_secs,
                size: s.size,
            })
        }
    }
}

/// A config as written by a person: every field optional.
#[derive(Deserialize)]
#[serde(rename = "Config", deny_unknown_fields)]
struct Given {
    #[serde(default)]
    variant: Variant,
    move_secs: Option<u32>,
    bank_secs: Option<u32>,
    track_secs: Option<u32>,
    size: Option<u8>,
}

/// A config as sealed: the five fields, in order.
#[derive(Deserialize)]
#[serde(rename = "Config")]
struct Sealed {
    variant: Variant,
    move_secs: u32,
    bank_secs: u32,
    track_secs: u32,
    size: u8,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::CANONICAL as CONFIG;

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

    /// Records whether the deserializer it meets is human-readable.
    struct Probe(bool);

    impl<'de> Deserialize<'de> for Probe {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Probe, D::Error> {
            let readable = d.is_human_readable();
            u8::deserialize(d)?;
            Ok(Probe(readable))
        }
    }

    #[test]
    fn sealed_bytes_are_not_human_readable_and_json_is() {
        let (probe, _): (Probe, usize) = bincode::serde::decode_from_slice(&[7], CONFIG).unwrap();
        assert!(!probe.0, "bincode must read a Config exactly as sealed");
        let probe: Probe = serde_json::from_str("7").unwrap();
        assert!(probe.0);
    }

    #[test]
    fn a_sealed_classic_config_keeps_its_own_values() {
        // A classic match sealed before the classic defaults existed, with
        // the standard times: it stays exactly that.
        let bytes = sealed_bytes(1, 60, 300, 300, 9);
        let (decoded, _): (Config, usize) =
            bincode::serde::decode_from_slice(&bytes, CONFIG).unwrap();
        assert_eq!(
            decoded,
            Config {
                variant: Variant::Classic,
                ..Config::default()
            }
        );
        // Inside the registry's enum too, as in a Create event.
        let game = crate::games::GameConfig::Duorail(decoded.clone());
        let encoded = bincode::serde::encode_to_vec(&game, CONFIG).unwrap();
        let (back, _): (crate::games::GameConfig, usize) =
            bincode::serde::decode_from_slice(&encoded, CONFIG).unwrap();
        assert_eq!(back, game);
    }

    #[test]
    fn a_classic_config_without_times_has_the_classic_time_controls() {
        let read = |json: &str| serde_json::from_str::<Config>(json).unwrap();
        let classic = read(r#"{"variant": "classic"}"#);
        assert_eq!(
            classic,
            Config {
                variant: Variant::Classic,
                move_secs: 60,
                bank_secs: 180,
                track_secs: 180,
                size: 9
            }
        );
        assert_eq!(classic.classic_banks(), 3);
        assert_eq!(read("{}"), Config::default());
        assert_eq!(read(r#"{"variant": "standard"}"#).bank_secs, 300);
        let game: crate::games::GameConfig =
            serde_json::from_str(r#"{"duorail": {"variant": "classic"}}"#).unwrap();
        assert_eq!(game, crate::games::GameConfig::Duorail(classic));
    }

    #[test]
    fn given_times_win_over_the_variant_defaults() {
        let c: Config =
            serde_json::from_str(r#"{"variant": "classic", "track_secs": 300, "size": 5}"#)
                .unwrap();
        assert_eq!(
            (c.move_secs, c.bank_secs, c.track_secs, c.size),
            (60, 180, 300, 5)
        );
        let c: Config = serde_json::from_str(r#"{"bank_secs": 120}"#).unwrap();
        assert_eq!(
            (c.variant, c.bank_secs, c.track_secs),
            (Variant::Standard, 120, 300)
        );
        assert!(serde_json::from_str::<Config>(r#"{"variant": "clasic"}"#).is_err());
    }

    #[test]
    fn an_exported_config_reads_back_the_same() {
        for config in [Config::of(Variant::Classic), Config::default()] {
            let json = serde_json::to_value(&config).unwrap();
            assert_eq!(json.as_object().unwrap().len(), 5, "every field is written");
            assert_eq!(serde_json::from_value::<Config>(json).unwrap(), config);
        }
    }
}
