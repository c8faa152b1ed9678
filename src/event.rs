//! The event envelope: one thing that happened in a match.
//!
//! Bodies are typed per game (`games::Placement`, `games::Proof`, …: one
//! variant per game), so an event cannot carry a payload its game does not
//! understand except by naming the wrong game, which the reducer reports.
//! Everything here serialises with serde in a single shape used both for the
//! canonical bincode bytes that are hashed and signed, and for the JSON event
//! files and API; so no serde attribute here may depend on self-describing
//! formats (no `untagged`, no internal tags).
//!
//! Must not import `log`, `web`, `import`, `verify` or `replay`
//! (tests/layers.rs checks): the vocabulary sits below everything that uses
//! it.

use bincode::config::{BigEndian, Configuration, Fixint};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::findings::{Accord, Recommendation};
use crate::games::{Challenge, Claim, GameConfig, Placement, Proof, RoundSetup};

/// The bincode configuration every event is sealed in (`log::seal`'s
/// canonical bytes): big-endian, fixed-width integers (a `u64` is always 8
/// bytes, a length prefix is a `u64`, an enum variant is a `u32` index), no
/// size limit when encoding. Fixed widths make every field's size
/// independent of its value; what matters is that it never changes. It is
/// the vocabulary's, so a game can pin the sealed shape of its own types
/// without reaching into the log.
pub const CANONICAL: Configuration<BigEndian, Fixint> = bincode::config::standard()
    .with_big_endian()
    .with_fixed_int_encoding();

/// A match's id: lowercase letters, digits and `-`, 1 to 64 characters.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
#[serde(transparent)]
pub struct MatchId(String);

impl MatchId {
    pub fn parse(s: &str) -> Result<MatchId, String> {
        let ok = !s.is_empty()
            && s.len() <= 64
            && s.bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
        if ok {
            Ok(MatchId(s.to_string()))
        } else {
            Err(format!(
                "'{s}' is not a match id: use 1 to 64 lowercase letters, digits and '-'"
            ))
        }
    }
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Display for MatchId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// Who caused an event.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Actor {
    Player(String),
    Host(String),
    /// An importer that read the event from a transcript message written by
    /// `speaker`.
    Importer {
        importer: String,
        speaker: Box<Actor>,
    },
    /// An importer that made the event from a reviewer's correction of
    /// message `message` (as the import report numbers it), written by
    /// `speaker`: the correction itself is in the match's
    /// [`Body::CreateReviewed`].
    Corrected {
        importer: String,
        reviewer: String,
        message: u32,
        speaker: Box<Actor>,
    },
    /// An admin (the person behind an admin token) writing for `speaker`:
    /// an operator entering what a host or player said elsewhere. The
    /// event counts as the speaker's; the record says who entered it.
    Admin {
        admin: String,
        speaker: Box<Actor>,
    },
    /// An admin acting on the record itself, for nobody in the game: a
    /// redaction, a change of visibility. A later variant, so every actor
    /// stored before it keeps decoding.
    Operator(String),
}

impl Actor {
    /// The person in the game behind the event (through any importer).
    pub fn speaker(&self) -> &Actor {
        match self {
            Actor::Importer { speaker, .. }
            | Actor::Corrected { speaker, .. }
            | Actor::Admin { speaker, .. } => speaker.speaker(),
            other => other,
        }
    }
    /// The player's name when a player made the event.
    pub fn player(&self) -> Option<&str> {
        match self.speaker() {
            Actor::Player(name) => Some(name),
            _ => None,
        }
    }
    pub fn is_host(&self) -> bool {
        matches!(self.speaker(), Actor::Host(_))
    }
    pub fn name(&self) -> &str {
        match self.speaker() {
            Actor::Player(n) | Actor::Host(n) | Actor::Operator(n) => n,
            Actor::Importer { importer, .. }
            | Actor::Corrected { importer, .. }
            | Actor::Admin {
                admin: importer, ..
            } => importer,
        }
    }
}

/// An event as submitted: everything but the position in the log.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct NewEvent {
    /// When it happened at the source (a chat message's timestamp).
    pub occurred_at: DateTime<Utc>,
    pub actor: Actor,
    pub body: Body,
}

/// A match's events in their places, as if each was recorded when it
/// occurred: the log a replay reads before anything is stored (an
/// import's own checks, the sample makers).
pub fn unsealed_log(match_id: &MatchId, events: &[NewEvent]) -> Vec<Envelope> {
    events
        .iter()
        .enumerate()
        .map(|(seq, e)| Envelope {
            match_id: match_id.clone(),
            seq: seq as u64,
            occurred_at: e.occurred_at,
            recorded_at: e.occurred_at,
            actor: e.actor.clone(),
            body: e.body.clone(),
        })
        .collect()
}

/// An event in its place in a match's log.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct Envelope {
    pub match_id: MatchId,
    /// 0-based, gapless.
    pub seq: u64,
    pub occurred_at: DateTime<Utc>,
    /// When the store accepted it (the server's clock; never used by rules).
    pub recorded_at: DateTime<Utc>,
    pub actor: Actor,
    pub body: Body,
}

/// What happened.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Body {
    /// The match is set up: its game and options, the players in seat
    /// order, the host.
    Create(Create),
    /// The host opens a round (its board, target, first player …).
    RoundStart(RoundSetup),
    /// A player places a piece.
    Place(Placement),
    /// A player passes (or declines to answer a claim).
    Pass,
    /// A player claims something about the position.
    Claim(Claim),
    /// A player challenges the opponent.
    Challenge(Challenge),
    /// A player shows a proof (a solution, a track, a cascade).
    Proof(Proof),
    /// The host announces that someone's time ran out.
    Timeout(Timeout),
    /// The host rules.
    Ruling(Ruling),
    /// A player appeals a ruling.
    Appeal(Appeal),
    /// The appeal is decided.
    AppealDecision(AppealDecision),
    /// The match is set up from a transcript whose reading a reviewer
    /// corrected: the setup as in [`Body::Create`] (the transcript
    /// untouched in its source) and the review beside it. A later version
    /// of Create, so every Create stored before it keeps decoding.
    CreateReviewed(Box<ReviewedCreate>),
    /// The match is set up from a transcript sealed as commitments: a
    /// Merkle root over its pieces (each message salted and hashed), the
    /// pieces themselves kept beside the log so that one can be removed on
    /// request without breaking the seal. The third version of Create: the
    /// setup (its `source` empty), the seal, and the review when there was
    /// one.
    CreateCommitted(Box<CommittedCreate>),
    /// An admin removed messages of the match's transcript on request:
    /// their text and salt are gone from storage, their hashes stay.
    Redaction(Redaction),
    /// The match is made private (only its players, its host and admins
    /// may read it) or public again.
    Visibility(Visibility),
}

impl Body {
    /// Short lowercase name of the kind of event.
    pub fn kind(&self) -> &'static str {
        match self {
            Body::Create(_) => "create",
            Body::RoundStart(_) => "round_start",
            Body::Place(_) => "place",
            Body::Pass => "pass",
            Body::Claim(_) => "claim",
            Body::Challenge(_) => "challenge",
            Body::Proof(_) => "proof",
            Body::Timeout(_) => "timeout",
            Body::Ruling(_) => "ruling",
            Body::Appeal(_) => "appeal",
            Body::AppealDecision(_) => "appeal_decision",
            Body::CreateReviewed(_) | Body::CreateCommitted(_) => "create",
            Body::Redaction(_) => "redaction",
            Body::Visibility(_) => "visibility",
        }
    }

    /// The match's setup, when this is a Create of either version.
    pub fn create(&self) -> Option<&Create> {
        match self {
            Body::Create(c) => Some(c),
            Body::CreateReviewed(r) => Some(&r.create),
            Body::CreateCommitted(c) => Some(&c.create),
            _ => None,
        }
    }

    /// The seal over the match's transcript, when this is a Create that
    /// committed to one message by message.
    pub fn transcript_seal(&self) -> Option<&TranscriptSeal> {
        match self {
            Body::CreateCommitted(c) => Some(&c.transcript),
            _ => None,
        }
    }

    /// Whether the event is about the record (who may read it, what text
    /// it keeps), not a move in the game: the rules never see it.
    pub fn is_about_the_record(&self) -> bool {
        matches!(self, Body::Redaction(_) | Body::Visibility(_))
    }

    /// A reviewer's corrections, when this is a reviewed Create.
    pub fn review(&self) -> Option<&Review> {
        match self {
            Body::CreateReviewed(r) => Some(&r.review),
            Body::CreateCommitted(c) => c.review.as_ref(),
            _ => None,
        }
    }
}

#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct Create {
    pub config: GameConfig,
    /// Players in seat order.
    pub players: Vec<String>,
    pub host: String,
    /// A title for lists and pages.
    #[serde(default)]
    pub title: String,
    /// The transcript the match was imported from, kept whole (and so
    /// hashed into the chain with this event): nothing read from it is
    /// lost, and anyone can re-read it.
    #[serde(default)]
    pub source: Option<Source>,
}

/// A Create with the review of its transcript's reading.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct ReviewedCreate {
    pub create: Create,
    pub review: Review,
}

/// A Create whose transcript is sealed as commitments (see
/// [`Body::CreateCommitted`]).
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct CommittedCreate {
    /// The setup; its `source` is `None` (the transcript is in pieces
    /// beside the log, sealed by `transcript`).
    pub create: Create,
    pub transcript: TranscriptSeal,
    pub review: Option<Review>,
}

/// What the Create of a committed transcript seals: the transcript's
/// layout and name, how many pieces it was cut into (messages and the
/// lines between them) and how many of those are messages, and the Merkle
/// root over the pieces' salted hashes (`log::transcript` computes it).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct TranscriptSeal {
    /// The layout it was read as (`discord-paste`, `dce-json`, …).
    pub format: String,
    /// The file name, or `pasted`.
    pub name: String,
    pub pieces: u32,
    pub messages: u32,
    /// RFC 6962 Merkle root over the pieces' leaf hashes, hex. (No
    /// unsalted hash of the whole text is sealed: with one message
    /// removed and the rest known, it would let the removed one be
    /// guessed back.)
    pub root: String,
}

/// Messages of a match's transcript removed on request.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Redaction {
    /// The messages, by the number the import report gives them (from 0).
    pub messages: Vec<u32>,
    pub reason: String,
}

/// "message 14", "messages 3, 4 and 9".
pub fn message_list(messages: &[u32]) -> String {
    let numbers: Vec<String> = messages.iter().map(u32::to_string).collect();
    match numbers.as_slice() {
        [one] => format!("message {one}"),
        [rest @ .., last] => format!("messages {} and {last}", rest.join(", ")),
        [] => "no message".to_string(),
    }
}

/// Who may read a match.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Visibility {
    /// Anyone who can reach the server (the default).
    Public,
    /// Only its players, its host and admins, each with a token.
    Private,
}

impl Visibility {
    /// The visibility a log of `bodies` leaves its match with: the last
    /// Visibility event wins; none, public.
    pub fn of<'a>(bodies: impl IntoIterator<Item = &'a Body>) -> Visibility {
        bodies
            .into_iter()
            .fold(Visibility::Public, Visibility::after)
    }

    /// The visibility after `body`, when it was `now` before it.
    pub fn after(now: Visibility, body: &Body) -> Visibility {
        match body {
            Body::Visibility(v) => *v,
            _ => now,
        }
    }

    /// `public` or `private`, as the API and the CLI write it.
    pub fn word(self) -> &'static str {
        match self {
            Visibility::Public => "public",
            Visibility::Private => "private",
        }
    }

    /// `public` or `private` (any case, spaces aside).
    pub fn parse(s: &str) -> Option<Visibility> {
        [Visibility::Public, Visibility::Private]
            .into_iter()
            .find(|v| v.word().eq_ignore_ascii_case(s.trim()))
    }
}

/// How a transcript was read and what a reviewer corrected: enough to read
/// the stored transcript again and get exactly the stored events.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Review {
    /// The reader the corrections were made against: a later reader that
    /// splits or numbers messages differently can tell which corrections
    /// no longer apply.
    pub reader: String,
    /// Who imported (the events' importer).
    pub importer: String,
    /// Other names tied to the players and the host: (other, name).
    pub aliases: Vec<(String, String)>,
    /// The time zone stamps were read in (IANA name).
    pub zone: String,
    /// The day relative stamps count from (YYYY-MM-DD).
    pub date: String,
    /// `day-first` or `month-first`, when the reviewer settled it.
    pub date_order: Option<String>,
    pub corrections: Vec<Correction>,
    /// The match this one corrects further (a sealed log is never
    /// rewritten: a re-import is a new match that names the old one).
    pub supersedes: Option<String>,
}

/// One message read the way the reviewer says.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Correction {
    /// The message, by the number the import report gives it (from 0).
    pub message: u32,
    /// sha256 of the message's text (hex) as the reader split it.
    pub message_sha256: String,
    pub reading: Corrected,
    pub reviewer: String,
    pub reason: String,
    /// What the reader made of the message, in words.
    pub reader_saw: String,
}

/// What a message means, by a reviewer.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Corrected {
    /// It is talk.
    Talk,
    /// It says this, in the words the reader accepts (several events
    /// allowed): `Kit goes first`, `C3 UR`, `finished; Y up; Z right`.
    Says(String),
}

impl std::fmt::Display for Corrected {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Corrected::Talk => f.write_str("talk"),
            Corrected::Says(s) => f.write_str(s),
        }
    }
}

/// A transcript a match was imported from.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Source {
    /// The layout it was read as (`discord-paste`, `dce-json`, …).
    pub format: String,
    /// The file name, or `pasted`.
    pub name: String,
    /// The text as given.
    pub text: String,
}

#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Timeout {
    pub player: String,
    #[serde(default)]
    pub note: String,
}

/// What a ruling decides.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Scope {
    /// One round (1-based).
    Round(u32),
    /// The whole match (a forfeit, a time loss).
    Match,
}

#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Ruling {
    pub scope: Scope,
    /// The player awarded; `None` when no player wins (the host does).
    pub winner: Option<String>,
    /// The host's words.
    #[serde(default)]
    pub text: String,
}

#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Appeal {
    /// The seq of the Ruling appealed against.
    pub ruling_seq: u64,
    pub grounds: String,
}

#[derive(Clone, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
pub struct AppealDecision {
    /// The seq of the Appeal decided.
    pub appeal_seq: u64,
    /// True when the ruling stands.
    pub upheld: bool,
    /// When overturned: who wins instead (`None`: no player).
    #[serde(default)]
    pub winner: Option<String>,
    #[serde(default)]
    pub text: String,
    /// What the verifier recommended when the decision was made, computed
    /// by the server from the findings: uphold, or overturn and who then
    /// wins (`Recommendation::OverturnTo`). `None` in logs written before
    /// the server recorded it; a plain `Overturn` in logs written before it
    /// recorded who wins. Never typed by a client.
    #[serde(default)]
    pub recommendation: Option<Recommendation>,
    /// The seqs of the findings (claims, or rulings without a claim) the
    /// recommendation was computed from: what the decision relied on.
    #[serde(default)]
    pub findings: Vec<u64>,
}

impl AppealDecision {
    /// How the decision compares with the recommendation it recorded (both
    /// parts: uphold or overturn, and who wins), when one was recorded.
    pub fn accord(&self) -> Option<Accord> {
        self.recommendation
            .as_ref()
            .map(|r| r.accord(self.upheld, &self.winner))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_last_visibility_event_wins_and_none_is_public() {
        let private = Body::Visibility(Visibility::Private);
        let public = Body::Visibility(Visibility::Public);
        assert_eq!(Visibility::of([&Body::Pass]), Visibility::Public);
        assert_eq!(
            Visibility::of([&Body::Pass, &private, &Body::Pass]),
            Visibility::Private
        );
        assert_eq!(Visibility::of([&private, &public]), Visibility::Public);
        assert_eq!(Visibility::parse(" Private "), Some(Visibility::Private));
        assert_eq!(Visibility::parse("hidden"), None);
        assert_eq!(Visibility::Public.word(), "public");
    }
}
