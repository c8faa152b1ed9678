//! Values that events and files store as their notation: a cell as `F4`,
//! a move as `A R2`, a proof as its one-line text. Serialising writes the
//! value's `Display`; deserialising reads a string and parses it with the
//! value's `FromStr`, whose error becomes the decoder's message.
//!
//! It owns only that pairing (one macro, so every such type stores the same
//! way and no game writes the two impls again); the notation itself is each
//! game's. It imports nothing but serde.

/// `Serialize` as `Display` text and `Deserialize` through `FromStr`, for
/// each type named: `serde_as_text!(Cell, Piece);`.
macro_rules! serde_as_text {
    ($($t:ty),+ $(,)?) => {$(
        impl ::serde::Serialize for $t {
            fn serialize<S: ::serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.collect_str(self)
            }
        }

        impl<'de> ::serde::Deserialize<'de> for $t {
            fn deserialize<D: ::serde::Deserializer<'de>>(d: D) -> Result<$t, D::Error> {
                <String as ::serde::Deserialize>::deserialize(d)?
                    .parse::<$t>()
                    .map_err(::serde::de::Error::custom)
            }
        }
    )+};
}

pub(crate) use serde_as_text;
