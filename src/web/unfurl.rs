//! What a link to a match or a step shows where it is pasted (Discord, or
//! anything else that reads OpenGraph and Twitter card tags): a title, one
//! line that says what happened, and the board as a PNG ([`super::card`]).
//!
//! The key decision: the tags need absolute URLs, and a server behind a
//! proxy cannot know the address people reach it at, so `serve
//! --public-url` names it ([`PublicUrl`], checked before the server
//! starts). Without it the address is the one the request was made to:
//! its `Host` header and scheme, or what a proxy says in `Forwarded` /
//! `X-Forwarded-Host` / `X-Forwarded-Proto` (actix's connection info),
//! which is right on a LAN and in tests but is whatever the client sent.
//!
//! This module only shortens what the pages already say (the step's note,
//! whose move it is, the verifier's verdict) to one line; the words
//! themselves come from the games, the replay and the verifier.
//!
//! Must not import a storage engine (only `log/` names sled or PostgreSQL)
//! or a game's own folder (`games::rush_hour` and the like): the store is
//! reached through `EventStore`, a game through the registry and the shared
//! modules of `games`.

use actix_web::HttpRequest;

use super::board::{opening_board, DrawnBoard};
use super::pages::{score_line, who};
use super::{card, AppState, Loaded};
use crate::games::{value_text, Analysis};
use crate::verify::{Finding, Verdict};

/// The address the server is reached at from outside, as `serve
/// --public-url` gives it: `http(s)://host[:port][/path]`, kept without a
/// trailing `/` so that `/matches/…` can be appended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PublicUrl(String);

impl PublicUrl {
    /// Checks an operator's `--public-url` (no I/O): an absolute http or
    /// https URL with a host, and nothing a page address could not be put
    /// after (no query, fragment or user name).
    pub fn parse(s: &str) -> Result<PublicUrl, String> {
        let example = "such as https://arbiter.example.org or http://192.168.1.5:8080";
        let url = url::Url::parse(s.trim()).map_err(|e| {
            format!("'{s}' is not an absolute URL ({e}); give the address people open, {example}")
        })?;
        if !matches!(url.scheme(), "http" | "https") {
            return Err(format!(
                "'{s}' is a {} URL; the public URL is the http or https address people open, {example}",
                url.scheme()
            ));
        }
        if url.host_str().is_none_or(str::is_empty) {
            return Err(format!("'{s}' names no host; {example}"));
        }
        if url.query().is_some() || url.fragment().is_some() {
            return Err(format!(
                "'{s}' has a query or a fragment; give only the address the pages are under, {example}"
            ));
        }
        if !url.username().is_empty() || url.password().is_some() {
            return Err(format!(
                "'{s}' carries a user name; the public URL is shown to everyone, {example}"
            ));
        }
        Ok(PublicUrl(url.as_str().trim_end_matches('/').to_string()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl std::str::FromStr for PublicUrl {
    type Err = String;
    fn from_str(s: &str) -> Result<PublicUrl, String> {
        PublicUrl::parse(s)
    }
}

/// Where this server's pages are, absolute: the public URL when the
/// operator gave one, else the request's own scheme and host (a host that
/// is not one falls back to `localhost`, so a tag never carries junk).
pub(super) fn base(state: &AppState, req: &HttpRequest) -> String {
    if let Some(public) = &state.public_url {
        return public.as_str().to_string();
    }
    let info = req.connection_info();
    let guess = format!("{}://{}", info.scheme(), info.host());
    // Clients ask under one or two hosts: each worker keeps its last
    // answer rather than parsing the same URL twice on every page.
    thread_local! {
        static LAST: std::cell::RefCell<(String, String)> = Default::default();
    }
    LAST.with_borrow_mut(|(asked, answer)| {
        if *asked != guess {
            *answer = match PublicUrl::parse(&guess) {
                Ok(u) if url::Url::parse(&guess).is_ok_and(|u| u.path() == "/") => u.0,
                _ => "http://localhost".to_string(),
            };
            *asked = guess;
        }
        answer.clone()
    })
}

/// The image tags of a page: the board's card.
pub(super) struct CardTag {
    pub(super) url: String,
    pub(super) width: u32,
    pub(super) height: u32,
    /// The board in words (the same summary screen readers get).
    pub(super) alt: String,
}

/// The tags of one page (`templates/unfurl.html`).
pub(super) struct Unfurl {
    pub(super) title: String,
    pub(super) description: String,
    /// The page's own address, absolute.
    pub(super) url: String,
    /// `None` where there is no board yet (the match is being set up).
    pub(super) image: Option<CardTag>,
}

/// The most a description says: Discord shows about 350 characters, and a
/// line longer than that is cut by it mid-word.
pub const DESCRIPTION_MAX: usize = 300;

impl Unfurl {
    /// A step's tags: its title and step number, the step in one line
    /// (`findings` are those about it), and the board the step page opens
    /// on (a proof's later sub-steps, `?pass=`, share their step's card).
    pub(super) fn step(
        base: &str,
        m: &Loaded,
        n: usize,
        findings: &[Finding],
        analysis: Option<&Analysis>,
    ) -> Unfurl {
        let last = m.replay.steps.len().saturating_sub(1);
        let players = m.create().map(|c| c.players.clone()).unwrap_or_default();
        let view = m.view(n);
        let said = m.replay.steps.get(n).map(|step| {
            let said = match &step.note {
                Some(note) => note.clone(),
                None => format!("{} by {}: {}", step.kind, who(&step.actor), step.text),
            };
            match &step.error {
                Some(e) => format!("{said} · rule error: {}", e.message),
                None => said,
            }
        });
        let said = said.unwrap_or_default();
        // A ruling the verifier disputes is said first, before a chat
        // cuts the line short; one it agrees with comes after the step.
        let (verdict, disputed) = verdict(findings, n as u64, &said);
        let mut parts = Vec::new();
        if disputed {
            parts.push(verdict.clone());
        }
        parts.push(said);
        if !disputed {
            parts.push(verdict);
        }
        parts.push(match analysis {
            Some(a) => match a.ended(&players) {
                Some(how) => format!("the game is over: {how}"),
                None => {
                    let mover = players.get(a.seat).map_or("", String::as_str);
                    format!(
                        "{mover} to move: {} for {mover}",
                        value_text(a.value, a.remoteness)
                    )
                }
            },
            None => view.as_ref().map(|v| to_move(&v.facts)).unwrap_or_default(),
        });
        if let Some(v) = &view {
            let score = score_line(&players, &v.score);
            if !score.is_empty() {
                parts.push(format!("{score} as ruled"));
            }
        }
        let page = format!("{base}/matches/{}/steps/{n}", m.id);
        Unfurl {
            title: format!("{} · step {n} of {last}", m.title()),
            description: one_line(parts),
            image: opening_board(m, n).map(|b| card_tag(&page, &b)),
            url: page,
        }
    }

    /// A match's tags: its game, players, host and score, whether the
    /// verifier agrees with every ruling, and the board after its last step.
    pub(super) fn of_match(base: &str, m: &Loaded, disagreements: usize) -> Unfurl {
        let last = m.replay.steps.len().saturating_sub(1);
        let mut parts = Vec::new();
        if let Some(c) = m.create() {
            parts.push(c.config.game().title().to_string());
            parts.push(c.players.join(" vs "));
            parts.push(format!("hosted by {}", c.host));
            if let Some(v) = m.view(last) {
                let score = score_line(&c.players, &v.score);
                if !score.is_empty() {
                    parts.push(format!("{score} as ruled"));
                }
                if disagreements > 0 {
                    let by_rules = score_line(&c.players, &v.score_by_rules);
                    parts.push(format!(
                        "the verifier finds {disagreements} ruling{} against the rules ({by_rules} by the rules)",
                        if disagreements == 1 { "" } else { "s" }
                    ));
                }
            }
        }
        if disagreements == 0 {
            parts.push("every ruling agrees with the rules".to_string());
        }
        parts.push(format!("{} steps", last + 1));
        Unfurl {
            title: m.title(),
            description: one_line(parts),
            url: format!("{base}/matches/{}", m.id),
            image: opening_board(m, last)
                .map(|b| card_tag(&format!("{base}/matches/{}/steps/{last}", m.id), &b)),
        }
    }
}

/// The card of the step page at `step_page`.
fn card_tag(step_page: &str, board: &DrawnBoard) -> CardTag {
    let (width, height) = card::size(&board.svg);
    CardTag {
        url: format!("{step_page}/card.png"),
        width,
        height,
        alt: if board.svg.summary.is_empty() {
            "the board".to_string()
        } else {
            one_line([format!("the board: {}", board.svg.summary)])
        },
    }
}

/// Whose turn it is, from the facts the game shows beside the board: its
/// "To move" (a name) or its "Now" (a phrase: "jonas to place").
///
/// FUTURE: a `View::to_move` from each game would say this without
/// reading labels; two games say "Now" and three "To move" today.
fn to_move(facts: &[(String, String)]) -> String {
    facts
        .iter()
        .find_map(|(k, v)| match k.as_str() {
            "To move" => Some(format!("{v} to move")),
            "Now" => Some(v.clone()),
            _ => None,
        })
        .unwrap_or_default()
}

/// What the verifier says of the ruling that step `n` is part of (the
/// claim, a proof or the ruling itself), and whether it disputes it: "the
/// verifier disagrees with this ruling: by the rules, round to tamsin…"
/// (what the rules give is left out when `said` already gives its reason).
fn verdict(findings: &[Finding], n: u64, said: &str) -> (String, bool) {
    let which = |f: &Finding| match f.ruling_seq {
        Some(r) if r == n => "this ruling".to_string(),
        Some(r) => format!("the ruling at step {r}"),
        None => "the ruling".to_string(),
    };
    if let Some(f) = findings.iter().find(|f| f.verdict == Verdict::Disagrees) {
        // "round to tamsin: tamsin counter-solved in 8 moves…": a ruling's
        // note already gives the reason after the award.
        let reason = f.by_rules.split_once(": ").map_or(&*f.by_rules, |(_, r)| r);
        let why = if said.contains(reason) {
            String::new()
        } else {
            format!(": by the rules, {}", f.by_rules)
        };
        return (
            format!("the verifier disagrees with {}{why}", which(f)),
            true,
        );
    }
    match findings.iter().find(|f| f.verdict == Verdict::Agrees) {
        Some(f) => (format!("the verifier agrees with {}", which(f)), false),
        None => (String::new(), false),
    }
}

/// `parts` as one line: empty parts left out, the rest joined by " · ",
/// a text of several lines (a posted solution) joined by "; ", and cut at
/// [`DESCRIPTION_MAX`] characters with an ellipsis.
pub(super) fn one_line(parts: impl IntoIterator<Item = String>) -> String {
    let line = parts
        .into_iter()
        .map(|p| {
            p.lines()
                .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
                .filter(|l| !l.is_empty())
                .collect::<Vec<_>>()
                .join("; ")
        })
        .filter(|p| !p.is_empty())
        .collect::<Vec<_>>()
        .join(" · ");
    if line.chars().count() <= DESCRIPTION_MAX {
        return line;
    }
    let mut cut: String = line.chars().take(DESCRIPTION_MAX - 1).collect();
    cut.truncate(cut.trim_end().len());
    cut.push('…');
    cut
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_public_url_is_an_absolute_http_address_without_its_last_slash() {
        let ok = |s: &str| PublicUrl::parse(s).map(|u| u.0);
        assert_eq!(
            ok("https://arbiter.example.org/").as_deref(),
            Ok("https://arbiter.example.org")
        );
        assert_eq!(
            ok("http://10.0.0.5:8080").as_deref(),
            Ok("http://10.0.0.5:8080")
        );
        assert_eq!(
            ok("https://example.org/arbiter/").as_deref(),
            Ok("https://example.org/arbiter")
        );
        for bad in [
            "arbiter.example.org",
            "/matches",
            "ftp://example.org",
            "https://example.org/?x=1",
            "https://example.org/#top",
            "https://kg:secret@example.org",
            "file:///srv/arbiter",
            "",
        ] {
            let e = PublicUrl::parse(bad).expect_err(bad);
            assert!(e.contains("https://arbiter.example.org"), "{bad}: {e}");
        }
    }

    #[test]
    fn one_line_joins_parts_drops_empty_ones_and_cuts_long_ones() {
        assert_eq!(
            one_line(["a  b".into(), String::new(), "Y down\nZ right\n".into()]),
            "a b · Y down; Z right"
        );
        let long = one_line(["word ".repeat(200)]);
        assert_eq!(long.chars().count(), DESCRIPTION_MAX);
        assert!(long.ends_with("word…"), "{long}");
        let wide = one_line(["é".repeat(400)]);
        assert_eq!(wide.chars().count(), DESCRIPTION_MAX);
    }

    #[test]
    fn whose_turn_is_read_from_to_move_or_now() {
        let facts =
            |k: &str, v: &str| vec![("Round".into(), "1 of 5".into()), (k.into(), v.into())];
        assert_eq!(to_move(&facts("To move", "tally")), "tally to move");
        assert_eq!(to_move(&facts("Now", "jonas to place")), "jonas to place");
        assert_eq!(to_move(&facts("Target", "6 moves")), "");
    }
}
