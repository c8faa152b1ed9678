//! Picks for the next round in a Bejeweled player's message: powerups
//! without cells, one of each type, on a line or a few (`next round I
//! want rotate / chain / column`, `S-Rotate, P-Chain, A-Column for me`,
//! `my picks:` and a bulleted list, `pick + recolor + refresh pls`; in `I
//! pick rotate, …` the first `pick` is the verb), and `same as opal` /
//! `same picks`, which is the other player's picks once they are posted
//! and unread before. Picks among other words are unread unless the match
//! awaits the writer's picks; `same as …` is talk while it does not. A
//! message that only agrees (`ditto`, `same`, `same here`, `same as
//! above`, `me too`, `+1`) is the other player's picks too, but only while
//! the writer's picks are awaited and the other's are posted: anywhere
//! else it agrees with something that is not picks, and is talk.
//! FUTURE: the reader sees the match, not the messages, so `same` after
//! the other's picks and a `gg` of theirs reads as picks too.
//!
//! Must not import anything from `log/` but the event vocabulary, nor from
//! `import/`, `web/` or `verify.rs`.

use super::chat_words::{powerup, Line};
use super::player_chat::Expect;
use super::proof::Powerup;
use super::rules::Picks;
use crate::event::Body;
use crate::games::chat::words::name_words;
use crate::games::chat::words::takes_back;
use crate::games::chat::Found;
use crate::games::{ChatContext, ChatReading, Placement as GamePlacement};

/// Words that take back the writer's picks just posted (`actually rotate,
/// bend, plus`): the picks they give are the writer's, and the rules keep
/// the last of a player's picks posted before anyone else acts. Beside
/// the ones every game shares ([`takes_back`]).
const TAKEBACK: [&str; 2] = ["no", "instead"];

/// Picks: lines of powerups without cells (one of each type), or `same as
/// <the other player>`.
pub(super) fn picks(
    lines: &[Line],
    taken: &mut [bool],
    seat: usize,
    ctx: &ChatContext,
    e: &Expect,
) -> Option<Found> {
    const FILLER: [&str; 36] = [
        "i", "ll", "picks", "picking", "my", "for", "next", "round", "the", "and", "take",
        "taking", "choose", "want", "go", "with", "me", "d", "id", "please", "pls", "plz",
        "powerups", "powerup", "s", "a", "p", "ok", "too", "then", "same", "here", "mine", "are",
        "is", "again",
    ];
    let names = name_words(ctx);
    let is_name = |w: &str| names.iter().any(|(n, _)| n.len() == 1 && n[0] == w);
    let listed: Vec<usize> = (0..lines.len())
        .filter(|&i| !taken[i] && lines[i].words.iter().any(|w| powerup(&w.text).is_some()))
        .collect();
    let how = "picks for the next round name one powerup of each type, like 'picks: rotate, chain, column'";
    if listed.is_empty() {
        return ditto(lines, taken, e).or_else(|| same_as(lines, seat, ctx, e));
    }
    let range = listed[0]..listed[listed.len() - 1] + 1;
    let mut ups: Vec<Powerup> = Vec::new();
    let mut talk = 0;
    // `rotate not pick`: the powerup after `not` is the one withdrawn.
    let mut withdrawn: Vec<Powerup> = Vec::new();
    let mut not = false;
    for i in range.clone() {
        taken[i] = true;
        for w in lines[i].words.iter().filter(|w| !w.mention) {
            match powerup(&w.text) {
                Some(p) if std::mem::take(&mut not) => withdrawn.push(p),
                Some(p) => ups.push(p),
                None if w.text == "not" => not = true,
                None if FILLER.contains(&w.text.as_str())
                    || TAKEBACK.contains(&w.text.as_str())
                    || takes_back(&w.text)
                    || is_name(&w.text) => {}
                None => talk += 1,
            }
        }
    }
    // `sorry rotate not pick. rotate, recolor, column`: each powerup
    // once, none withdrawn.
    ups.retain(|p| !withdrawn.contains(p));
    let mut seen = Vec::new();
    ups.retain(|p| {
        let first = !seen.contains(p);
        seen.push(*p);
        first
    });
    // "I pick rotate, …": the verb, not the starter.
    let starters = ups.iter().filter(|p| p.kind() == "starter").count();
    if starters > 1 && ups.first() == Some(&Powerup::Pick) {
        ups.remove(0);
    }
    let of =
        |kind: &str| -> Vec<Powerup> { ups.iter().copied().filter(|p| p.kind() == kind).collect() };
    let (s, p, a) = (of("starter"), of("passive"), of("active"));
    let at = (range.start, 0);
    let found = |read| {
        Some(Found {
            at,
            lines: range.clone(),
            read,
        })
    };
    let complete = s.len() == 1 && p.len() == 1 && a.len() == 1;
    if complete && (talk == 0 || e.picks == Some(true)) {
        return found(ChatReading::Event(Body::Place(GamePlacement::Bejeweled(
            Picks {
                starter: s[0],
                passive: p[0],
                active: a[0],
            },
        ))));
    }
    if complete {
        return found(ChatReading::Unread(format!(
            "picks among other words: {how}"
        )));
    }
    if ups.len() >= 2 && talk == 0 {
        return found(ChatReading::Unread(format!(
            "{} starter, {} passive and {} active named: {how}",
            s.len(),
            p.len(),
            a.len()
        )));
    }
    None
}

/// A message that only agrees (`ditto ☝️`, `same here`, `+1`): the other
/// player's picks, when the writer's are awaited and theirs are posted.
fn ditto(lines: &[Line], taken: &mut [bool], e: &Expect) -> Option<Found> {
    const AGREE: [&[&str]; 11] = [
        &["ditto"],
        &["same"],
        &["same", "here"],
        &["same", "for", "me"],
        &["same", "as", "above"],
        &["same", "as", "that"],
        &["ditto", "for", "me"],
        &["me", "too"],
        &["same", "same"],
        &["likewise"],
        &["+1"],
    ];
    let their = e.their_picks.as_ref().filter(|_| e.picks == Some(true))?;
    let words: Vec<&str> = lines
        .iter()
        .flat_map(|l| l.words.iter().filter(|w| !w.mention))
        .map(|w| w.text.as_str())
        .collect();
    if !AGREE.contains(&words.as_slice()) {
        return None;
    }
    let (first, last) = (
        lines.iter().position(|l| !l.words.is_empty())?,
        lines.iter().rposition(|l| !l.words.is_empty())?,
    );
    taken[first..=last].iter_mut().for_each(|t| *t = true);
    Some(Found {
        at: (first, 0),
        lines: first..last + 1,
        read: ChatReading::Event(Body::Place(GamePlacement::Bejeweled(their.clone()))),
    })
}

/// `same as opal`, `same as you`, `same picks`: the other player's picks,
/// once posted; talk while no picks are awaited.
fn same_as(lines: &[Line], seat: usize, ctx: &ChatContext, e: &Expect) -> Option<Found> {
    if e.picks == Some(false) {
        return None;
    }
    let names = name_words(ctx);
    let other = |ws: &[&str], at: usize| {
        matches!(
            ws.get(at),
            Some(&("you" | "yours" | "him" | "her" | "them"))
        ) || names.iter().any(|(n, s)| {
            *s != seat
                && ws.len() >= at + n.len()
                && ws[at..at + n.len()].iter().zip(n).all(|(a, b)| a == b)
        })
    };
    let (i, k) = lines.iter().enumerate().find_map(|(i, l)| {
        let ws = l.texts();
        (0..ws.len())
            .find(|&k| {
                ws[k] == "same"
                    && (ws.get(k + 1) == Some(&"picks")
                        || (ws.get(k + 1) == Some(&"as") && other(&ws, k + 2)))
            })
            .map(|k| (i, k))
    })?;
    let read = match &e.their_picks {
        Some(p) => ChatReading::Event(Body::Place(GamePlacement::Bejeweled(p.clone()))),
        None => ChatReading::Unread(
            "'same' picks only once the other player has posted theirs: write the picks, like 'picks: rotate, chain, column'"
                .to_string(),
        ),
    };
    Some(Found {
        at: (i, k),
        lines: i..i + 1,
        read,
    })
}

#[cfg(test)]
mod tests {
    use super::super::player_chat::tests::{claims, opens, picked, ruled, said, state};
    use super::*;
    use crate::games::chat_checks::assert_unread;

    #[test]
    fn picks_are_read_as_people_write_them() {
        for (text, want) in [
            ("rotate, chain, column", "picks rotate chain column"),
            (
                "picks: S-Rotate, P-Chain, A-Column",
                "picks rotate chain column",
            ),
            (
                "I pick rotate, chain and column",
                "picks rotate chain column",
            ),
            ("pick\nbend\nplus", "picks pick bend plus"),
            (
                "next round I want rotate / chain / column",
                "picks rotate chain column",
            ),
            (
                "next round I want swap / bend / refresh",
                "picks swap bend refresh",
            ),
            (
                "S-Rotate, P-Chain, A-Column for me",
                "picks rotate chain column",
            ),
            ("my picks:\n• swap\n• bend\n• plus", "picks swap bend plus"),
            ("pick + recolor + refresh pls", "picks pick recolor refresh"),
            ("same, rotate chain column", "picks rotate chain column"),
            // Short names.
            ("rot / chain / col", "picks rotate chain column"),
            ("pick, recol, refresh", "picks pick recolor refresh"),
            // Taking back the picks just posted.
            ("actually rotate, bend, plus", "picks rotate bend plus"),
            ("wait no — swap, bend, refresh", "picks swap bend refresh"),
            // The one withdrawn after `not`, and the others said again.
            (
                "sorry rotate not pick. rotate, recolor, column",
                "picks rotate recolor column",
            ),
        ] {
            assert_eq!(said(text, None), [want], "{text}");
        }
        assert_unread(
            |bad| said(bad, None),
            &[
                "rotate, swap, column",
                "rotate chain",
                "I think rotate chain column is the best combo",
                "same as opal",
            ],
        );
        assert_eq!(said("that swap was great", None), Vec::<String>::new());
        assert_eq!(said("same to you", None), Vec::<String>::new());
    }

    #[test]
    fn same_as_the_other_player_is_read_once_they_picked() {
        let done = state(&[opens(), claims(0, 14), ruled()]);
        let got = said("same as opal", Some(&done));
        assert!(
            got[0].contains("once the other player has posted"),
            "{got:?}"
        );
        let picked = state(&[
            opens(),
            claims(0, 14),
            ruled(),
            picked(0, Powerup::Rotate, Powerup::Chain, Powerup::Column),
        ]);
        for text in ["same as opal", "same as @opal", "same picks", "same as you"] {
            assert_eq!(
                said(text, Some(&picked)),
                ["picks rotate chain column"],
                "{text}"
            );
        }
        // Picks among other words are read when picks are awaited.
        assert_eq!(
            said(
                "I think rotate chain column is the best combo",
                Some(&picked)
            ),
            ["picks rotate chain column"]
        );
        // In the middle of a round, `same as opal` is talk.
        let open = state(&[opens(), claims(0, 14)]);
        assert_eq!(said("same as opal", Some(&open)), Vec::<String>::new());
    }

    #[test]
    fn agreeing_right_after_the_other_players_picks_is_the_same_picks() {
        let picked = state(&[
            opens(),
            claims(0, 14),
            ruled(),
            picked(0, Powerup::Rotate, Powerup::Chain, Powerup::Column),
        ]);
        for text in [
            "ditto ☝️",
            "same",
            "Same here!",
            "same as above",
            "me too",
            "+1",
            "@opal ditto",
        ] {
            assert_eq!(
                said(text, Some(&picked)),
                ["picks rotate chain column"],
                "{text}"
            );
        }
        // Near misses: agreeing before the other's picks, in the middle of
        // a round, when nothing is known, or with more to say; a bare 1.
        let done = state(&[opens(), claims(0, 14), ruled()]);
        let open = state(&[opens(), claims(0, 14)]);
        for (text, s) in [
            ("ditto", Some(&done)),
            ("same", Some(&open)),
            ("same", None),
            ("same, that round was wild", Some(&picked)),
            ("ditto on the gg", Some(&picked)),
        ] {
            assert_eq!(said(text, s), Vec::<String>::new(), "{text}");
        }
        assert_eq!(said("1", Some(&picked)), ["claim 1"]);
    }
}
