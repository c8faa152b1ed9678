//! Who may write what: the actor an event is recorded under comes from the
//! token's person, never from what a client says about itself.
//!
//! A write arrives with a token ([`Identity`]: a person and a role) and,
//! from the API, possibly an actor the client proposes. [`recorded_actor`]
//! answers with the actor the event is sealed under, or the reason it is
//! refused (the web layer's 403; nothing is written):
//!
//! - a **player** writes as itself, in matches it plays, only a player's own
//!   acts (moves, passes, claims, challenges, proofs, appeals);
//! - a **host** writes as the host of matches it hosts: it creates them,
//!   opens rounds, rules, times out and decides appeals — never a player's
//!   act (a host relaying moves uses an importer or admin token);
//! - an **importer** writes events read from a speaker's messages
//!   (`Importer` / `Corrected` actors naming itself as the importer);
//! - an **admin** writes anything, recorded as `Admin { admin, speaker }`
//!   so the record keeps both who entered it and for whom.
//!
//! Names are compared as the importer compares them (trimmed, ASCII case
//! ignored, through the aliases a reviewed import tied to the match's
//! people), and the match's own spelling is recorded. This module reads
//! the event vocabulary only; it imports nothing from `web/` or `import/`.

use crate::event::{Actor, Body, Create};
use crate::log::{Identity, Role};

/// The people of a match as its first event names them.
#[derive(Clone, Debug)]
pub struct People {
    pub host: String,
    pub players: Vec<String>,
    /// Other names tied to them by a reviewed import: (other, name).
    pub aliases: Vec<(String, String)>,
}

impl People {
    /// The people of a match whose first event has `body`; `None` when it
    /// is not a Create.
    pub fn of(body: &Body) -> Option<People> {
        let create: &Create = body.create()?;
        Some(People {
            host: create.host.clone(),
            players: create.players.clone(),
            aliases: body.review().map(|r| r.aliases.clone()).unwrap_or_default(),
        })
    }

    /// The match's spelling of `name` if it is one of `among`.
    fn find<'a>(&self, name: &str, among: impl IntoIterator<Item = &'a String>) -> Option<String> {
        let name = self
            .aliases
            .iter()
            .find(|(other, _)| same_name(other, name))
            .map_or(name, |(_, real)| real.as_str());
        among.into_iter().find(|m| same_name(m, name)).cloned()
    }

    fn host_named(&self, name: &str) -> Option<String> {
        self.find(name, std::iter::once(&self.host))
    }

    fn player_named(&self, name: &str) -> Option<String> {
        self.find(name, &self.players)
    }

    /// `actor` as the match spells it, when it is one of its players or its
    /// host.
    fn spelled(&self, actor: &Actor) -> Option<Actor> {
        match actor {
            Actor::Player(p) => self.player_named(p).map(Actor::Player),
            Actor::Host(h) => self.host_named(h).map(Actor::Host),
            _ => None,
        }
    }
}

/// Whether two spellings name the same person, as the importer compares
/// names: surrounding spaces and ASCII case aside.
pub fn same_name(a: &str, b: &str) -> bool {
    a.trim().eq_ignore_ascii_case(b.trim())
}

/// The form two spellings of one name share, for keying a map by person:
/// `same_name(a, b)` exactly when `name_key(a) == name_key(b)`.
pub fn name_key(name: &str) -> String {
    name.trim().to_ascii_lowercase()
}

/// The match's spelling of its host's name when `who` hosts it.
fn hosted(who: &Identity, people: &People) -> Result<String, String> {
    people.host_named(&who.name).ok_or_else(|| {
        format!(
            "{} does not host this match (its host is {}): a host token writes only in the matches it hosts",
            who.name, people.host
        )
    })
}

/// `own`, the token's person as the match spells it, as the actor of its
/// write, when the client proposed nothing or `own` in any spelling; any
/// other actor is refused, saying `rule`.
fn as_itself(
    own: Actor,
    proposed: Option<&Actor>,
    people: &People,
    rule: &str,
) -> Result<Actor, String> {
    match proposed {
        Some(other) if people.spelled(other).as_ref() != Some(&own) => {
            let role = if own.is_host() { "host" } else { "player" };
            Err(format!(
                "this token speaks for the {role} {}, not for {}: {rule}",
                own.name(),
                other.name()
            ))
        }
        _ => Ok(own),
    }
}

/// Events only the host (or an admin for the host) writes.
fn hosts_act(body: &Body) -> bool {
    matches!(
        body,
        Body::Create(_)
            | Body::CreateReviewed(_)
            | Body::RoundStart(_)
            | Body::Timeout(_)
            | Body::Ruling(_)
            | Body::AppealDecision(_)
    )
}

/// The actor a host's act (a ruling, an appeal's decision) is sealed under
/// when `who` writes it without naming an actor: only the match's host or
/// an admin acts as the host.
pub fn host_actor(who: &Identity, people: &People) -> Result<Actor, String> {
    match who.role {
        Role::Host => hosted(who, people).map(Actor::Host),
        Role::Admin => Ok(Actor::Admin {
            admin: who.name.clone(),
            speaker: Box::new(Actor::Host(people.host.clone())),
        }),
        Role::Player | Role::Importer => Err(format!(
            "only the match's host ({}) or an admin decides; this token is for the {}",
            people.host,
            who.describe()
        )),
    }
}

/// The actor an event with `body` is sealed under when `who` writes it in
/// the match of `people`, the client having proposed `proposed` (or
/// nothing: then the token's own person). `Err` says why the token may not
/// write it, in words for the person holding the token.
pub fn recorded_actor(
    who: &Identity,
    people: &People,
    proposed: Option<&Actor>,
    body: &Body,
) -> Result<Actor, String> {
    let kind = body.kind().replace('_', " ");
    if body.is_about_the_record() {
        return record_keeper(who, people, body);
    }
    match who.role {
        Role::Player => {
            let Some(me) = people.player_named(&who.name) else {
                return Err(format!(
                    "{} is not a player of this match ({}): a player token writes only in its own matches",
                    who.name,
                    people.players.join(", ")
                ));
            };
            if hosts_act(body) {
                return Err(format!(
                    "a {kind} comes only from the match's host ({}) or an admin, not from the player {me}",
                    people.host
                ));
            }
            as_itself(
                Actor::Player(me),
                proposed,
                people,
                "nobody writes as someone else",
            )
        }
        Role::Host => {
            let host = hosted(who, people)?;
            if matches!(body, Body::Appeal(_)) {
                return Err(
                    "an appeal is filed by a player, with that player's token".to_string(),
                );
            }
            as_itself(
                Actor::Host(host),
                proposed,
                people,
                "a player's act comes from that player's token (or an importer's or admin's, naming the player)",
            )
        }
        Role::Importer => match proposed {
            Some(a @ (Actor::Importer { importer, .. } | Actor::Corrected { importer, .. }))
                if same_name(importer, &who.name) =>
            {
                Ok(a.clone())
            }
            Some(Actor::Importer { importer, .. } | Actor::Corrected { importer, .. }) => {
                Err(format!(
                    "this token imports as {}, not as {importer}",
                    who.name
                ))
            }
            _ => Err(format!(
                "an importer token writes events read from a message: give the actor as {{\"Importer\": {{\"importer\": \"{}\", \"speaker\": …}}}}",
                who.name
            )),
        },
        Role::Admin => {
            let speaker = match proposed {
                Some(a) => a.clone(),
                None if hosts_act(body) => Actor::Host(people.host.clone()),
                None => {
                    return Err(format!(
                        "an admin token speaks for nobody in the match: say whose {kind} this is (the event's actor)"
                    ))
                }
            };
            Ok(match speaker {
                // Already names the admin as the one who entered it.
                Actor::Importer { ref importer, .. } | Actor::Corrected { ref importer, .. }
                    if *importer == who.name =>
                {
                    speaker
                }
                Actor::Admin { ref admin, .. } if *admin == who.name => speaker,
                other => Actor::Admin {
                    admin: who.name.clone(),
                    speaker: Box::new(other.speaker().clone()),
                },
            })
        }
    }
}

/// The actor of an act on the record itself: a match is made private or
/// public by an admin or its host. A redaction is never written as an
/// event alone (`crate::transcripts::redact` appends it as it deletes the
/// text), so every token is refused here.
fn record_keeper(who: &Identity, people: &People, body: &Body) -> Result<Actor, String> {
    match (who.role, body) {
        // Appended alone, it would say text was removed that is still
        // kept: a redaction is made where the text is deleted with it.
        (_, Body::Redaction(_)) => Err(
            "a redaction is made with `arbiter redact` or POST /api/matches/{id}/redactions (an admin's), which delete the messages' text as they record it".to_string(),
        ),
        (Role::Admin, _) => Ok(Actor::Operator(who.name.clone())),
        (Role::Host, Body::Visibility(_)) => hosted(who, people).map(Actor::Host),
        (_, Body::Visibility(_)) => Err(format!(
            "only the match's host ({}) or an admin makes a match private or public; this token is for the {}",
            people.host,
            who.describe()
        )),
        _ => Err(format!(
            "only an admin or the match's host acts on the record; this token is for the {}",
            who.describe()
        )),
    }
}

/// Whether `who` may read a private match of `people`: an admin, its host,
/// or one of its players (names compared as the importer compares them).
pub fn may_read_private(who: &Identity, people: &People) -> bool {
    match who.role {
        Role::Admin => true,
        Role::Host => people.host_named(&who.name).is_some(),
        Role::Player => people.player_named(&who.name).is_some(),
        Role::Importer => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::{Appeal, Ruling};

    #[test]
    fn name_keys_agree_with_same_name() {
        let names = [
            "Quill",
            " quill ",
            "QUILL",
            "Quill ✦",
            "quill ✦",
            "Qu ill",
            "marrow",
            "Ärger",
            "ärger",
        ];
        for a in names {
            for b in names {
                assert_eq!(same_name(a, b), name_key(a) == name_key(b), "{a:?} {b:?}");
            }
        }
    }

    fn people() -> People {
        People {
            host: "kg".into(),
            players: vec!["Mira".into(), "jonas".into()],
            aliases: vec![("mira_x".into(), "Mira".into())],
        }
    }
    /// The actor `who` writes `body` under in the match of [`people`].
    fn actor_for(who: &Identity, proposed: Option<&Actor>, body: &Body) -> Result<Actor, String> {
        recorded_actor(who, &people(), proposed, body)
    }
    fn token(role: Role, name: &str) -> Identity {
        Identity::new(role, name, "2026-11-25T00:00:00Z")
    }
    fn appeal() -> Body {
        Body::Appeal(Appeal {
            ruling_seq: 3,
            grounds: "wrong".into(),
        })
    }
    fn ruling() -> Body {
        Body::Ruling(Ruling {
            scope: crate::event::Scope::Round(1),
            winner: Some("Mira".into()),
            text: String::new(),
        })
    }

    #[test]
    fn acts_on_the_record_are_the_hosts_or_an_admins_and_a_redaction_nobodys_alone() {
        use crate::event::{Redaction, Visibility};
        let private = Body::Visibility(Visibility::Private);
        assert_eq!(
            actor_for(&token(Role::Admin, "ops"), None, &private),
            Ok(Actor::Operator("ops".into()))
        );
        assert_eq!(
            actor_for(&token(Role::Host, "KG"), None, &private),
            Ok(Actor::Host("kg".into()))
        );
        assert!(actor_for(&token(Role::Player, "mira"), None, &private).is_err());
        assert!(actor_for(&token(Role::Host, "other"), None, &private).is_err());
        let redaction = Body::Redaction(Redaction {
            messages: vec![3],
            reason: "asked".into(),
        });
        for role in [Role::Admin, Role::Host, Role::Player, Role::Importer] {
            let refused = actor_for(&token(role, "kg"), None, &redaction).unwrap_err();
            assert!(refused.contains("arbiter redact"), "{refused}");
        }
    }

    #[test]
    fn a_player_writes_only_as_itself_in_its_own_match() {
        let m = token(Role::Player, "mira");
        assert_eq!(
            actor_for(&m, None, &appeal()),
            Ok(Actor::Player("Mira".into()))
        );
        let alias = token(Role::Player, "MIRA_X");
        assert_eq!(
            actor_for(&alias, Some(&Actor::Player("mira".into())), &Body::Pass),
            Ok(Actor::Player("Mira".into()))
        );
        // For the other player, for the host, or in someone else's match.
        assert_eq!(
            actor_for(&m, Some(&Actor::Player("jonas".into())), &appeal()),
            Err("this token speaks for the player Mira, not for jonas: \
                 nobody writes as someone else"
                .into())
        );
        assert!(actor_for(&m, None, &ruling()).is_err());
        let stranger = token(Role::Player, "wren");
        assert!(actor_for(&stranger, None, &Body::Pass).is_err());
    }

    #[test]
    fn a_host_rules_in_its_own_matches_only() {
        let kg = token(Role::Host, "KG");
        assert_eq!(
            actor_for(&kg, None, &ruling()),
            Ok(Actor::Host("kg".into()))
        );
        assert!(actor_for(&kg, None, &appeal()).is_err());
        let refused = actor_for(&kg, Some(&Actor::Player("jonas".into())), &Body::Pass);
        assert!(
            refused.as_ref().is_err_and(|e| e.starts_with(
                "this token speaks for the host kg, not for jonas: a player's act comes from"
            )),
            "{refused:?}"
        );
        let other = token(Role::Host, "someone");
        assert!(actor_for(&other, None, &ruling()).is_err());
    }

    #[test]
    fn an_importer_names_itself_and_an_admin_is_recorded() {
        let bot = token(Role::Importer, "bot");
        let read = Actor::Importer {
            importer: "bot".into(),
            speaker: Box::new(Actor::Player("jonas".into())),
        };
        assert_eq!(actor_for(&bot, Some(&read), &Body::Pass), Ok(read.clone()));
        let forged = Actor::Importer {
            importer: "other".into(),
            speaker: Box::new(Actor::Player("jonas".into())),
        };
        assert!(actor_for(&bot, Some(&forged), &Body::Pass).is_err());
        assert!(actor_for(&bot, None, &Body::Pass).is_err());

        let ops = token(Role::Admin, "ops");
        assert_eq!(
            actor_for(&ops, Some(&Actor::Player("jonas".into())), &appeal()),
            Ok(Actor::Admin {
                admin: "ops".into(),
                speaker: Box::new(Actor::Player("jonas".into()))
            })
        );
        assert_eq!(
            actor_for(&ops, None, &ruling()),
            Ok(Actor::Admin {
                admin: "ops".into(),
                speaker: Box::new(Actor::Host("kg".into()))
            })
        );
        assert!(actor_for(&ops, None, &Body::Pass).is_err());
    }
}
