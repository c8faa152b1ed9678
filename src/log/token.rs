//! Who a write token belongs to: a person and the role they write in.
//!
//! The store keeps a token only as its sha256 and, beside it, the person
//! it speaks for ([`Identity`]). What a role may write in which match is
//! not decided here (that needs the match's host and players: see
//! `crate::access`); this module only names the person and keeps the
//! record's bytes stable. Tokens made before roles existed stored just the
//! time they were made: they read back as admin tokens
//! ([`Identity::made_before_roles`]) until they are revoked.
//!
//! Must not import anything above `log/` (a game, a page, the importer, the
//! verifier, the replay, bundles or samples): the log stores and seals, and
//! knows no game.

use serde::{Deserialize, Serialize};

/// What a token's person may do.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    /// Writes anything, recorded as the admin acting for the event's
    /// speaker; issues tokens.
    Admin,
    /// Runs matches: writes as the host of matches it hosts.
    Host,
    /// Plays: writes as itself in its own matches (moves, claims, appeals).
    Player,
    /// Imports transcripts: writes events read from a speaker's messages.
    Importer,
}

impl Role {
    pub fn name(self) -> &'static str {
        match self {
            Role::Admin => "admin",
            Role::Host => "host",
            Role::Player => "player",
            Role::Importer => "importer",
        }
    }

    /// `admin`, `host`, `player` or `importer`.
    pub fn parse(s: &str) -> Option<Role> {
        [Role::Admin, Role::Host, Role::Player, Role::Importer]
            .into_iter()
            .find(|r| r.name().eq_ignore_ascii_case(s.trim()))
    }
}

/// The person a token speaks for.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Identity {
    pub role: Role,
    /// The person's name, compared with a match's host and players; for an
    /// admin, whatever name the operator gave (it is recorded on writes).
    pub name: String,
    /// When the token was made (RFC 3339).
    pub made: String,
    /// Made before tokens had roles: writes as an admin until revoked.
    #[serde(default)]
    pub before_roles: bool,
}

impl Identity {
    pub fn new(role: Role, name: &str, made: &str) -> Identity {
        Identity {
            role,
            name: name.trim().to_string(),
            made: made.to_string(),
            before_roles: false,
        }
    }

    /// A token stored before roles: an admin named by the token's id.
    pub fn made_before_roles(id: &str, made: &str) -> Identity {
        Identity {
            role: Role::Admin,
            name: format!("token {id}"),
            made: made.to_string(),
            before_roles: true,
        }
    }

    /// How `keys list` and the API describe it.
    pub fn describe(&self) -> String {
        match (self.role, self.before_roles) {
            (_, true) => "admin (made before roles; revoke it and issue one with a role)".into(),
            (Role::Admin, false) if self.name.is_empty() => "admin".into(),
            (role, false) => format!("{} {}", role.name(), self.name),
        }
    }

    /// The bytes stored beside the token's hash.
    pub fn encode(&self) -> Vec<u8> {
        serde_json::to_vec(self).unwrap_or_default()
    }

    /// Reads a stored record; `id` names tokens from before roles, whose
    /// record is only the time they were made.
    pub fn decode(id: &str, bytes: &[u8]) -> Identity {
        match serde_json::from_slice::<Identity>(bytes) {
            Ok(identity) => identity,
            Err(_) => Identity::made_before_roles(id, &String::from_utf8_lossy(bytes)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_read_back_and_old_ones_are_admins() {
        let kit = Identity::new(Role::Player, " Kit ", "2026-11-25T00:00:00Z");
        assert_eq!(kit.name, "Kit");
        assert_eq!(Identity::decode("abc", &kit.encode()), kit);
        assert_eq!(kit.describe(), "player Kit");
        let old = Identity::decode("0123456789ab", b"2026-11-01T10:00:00+00:00");
        assert_eq!(old.role, Role::Admin);
        assert!(old.before_roles);
        assert_eq!(old.made, "2026-11-01T10:00:00+00:00");
        assert_eq!(old.name, "token 0123456789ab");
        assert_eq!(Role::parse(" Host"), Some(Role::Host));
        assert_eq!(Role::parse("judge"), None);
    }
}
