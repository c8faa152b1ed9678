//! A Bejeweled player's chat message → readings, entity first.
//!
//! The reader finds the cells, numbers, powerups and colors in a message
//! and decides what they do from what the match expects (`ctx.state`):
//! - powerups with cells are a proof ([`super::proof_chat`]): prose,
//!   bullets, numbered steps or the notation; a part alone that says it
//!   corrects (`the plus is on F3 not F4 — rest the same`) changes the
//!   writer's last proof in the round;
//! - powerups without cells, one of each type, are picks for the next
//!   round ([`super::pick_chat`]); `same as opal` is opal's picks, once
//!   opal has posted them, and unread before;
//! - a number is a claim when the message is made for it (`17`, `I can do
//!   18`, `i see 18`, `found 18`, `raising to 20`, `I'll go 17`, `put me
//!   down for 18`, `eighteen 🙋‍♀️`: written out from three on; `17 >> 14`,
//!   `my 17 beats your 14`: of two counts compared, one the other player's
//!   claim, the higher one), and also among other words (`nope,
//!   20`, `17 💎 think that's it`) when the match awaits a claim from the
//!   writer (between rounds, only a number that opens the message: talk
//!   goes on there too); a number before a proof in the same message (`18:
//!   plus F3, …`) is its claim. Numbers of time (`30 s`), scores (`1-1`), counts
//!   (`24 of 25`) and numbered steps are never claims.
//!
//! Several in one message are several readings, in the order written,
//! each with its lines. Nothing unclear is guessed: a claim word without
//! one number, picks among other words, an incomplete proof are unread
//! with how to write them; words outside the notation are talk.
//!
//! Must not import anything from `log/` but the event vocabulary, nor from
//! `import/`, `web/` or `verify.rs`.

use super::chat_words::{doubts, is_number, powerup, read_line, Line, Word};
use super::pick_chat::picks;
use super::proof::ProofSpec;
use super::proof_chat::proofs;
use super::rules::{Claim, Picks};
use crate::event::Body;
use crate::games::chat::words::{name_words, narrates_self, number_word};
use crate::games::chat::{in_order, Found, Reading};
use crate::games::{ChatContext, ChatReading, Claim as GameClaim, MatchState, Proof as GameProof};

/// Whether the match awaits a claim from the writer.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Awaits {
    No,
    /// A round is on with no proof yet, and the writer has not claimed in
    /// it: a claim or counterclaim is in order.
    InRound,
    /// No round is on, and the next one is about to open (its opening
    /// gathers until play begins): a first claim may come, and talk
    /// between rounds too, so only a number that opens the message counts.
    NextRound,
}

/// What the match expects of the writer, as far as the state tells
/// (`None`: not known).
#[derive(Default)]
pub(super) struct Expect {
    pub claim: Option<Awaits>,
    /// Picks for the next round by the writer would be in order.
    pub picks: Option<bool>,
    /// The other player's picks for the next round, once posted.
    pub their_picks: Option<Picks>,
    /// The writer's last proof in the round being played: what a partial
    /// correction (`the plus is on F3 not F4, rest the same`) changes.
    pub last_proof: Option<ProofSpec>,
    /// The other player's highest claim in the round being played: what a
    /// comparison (`17 >> 14`) is made against.
    pub their_claim: Option<u32>,
    /// A proof was shown in the last round (on, or just ruled): a question
    /// about one part of a proof after it is talk about that proof.
    pub proof_shown: bool,
}

impl Expect {
    pub fn of(seat: usize, ctx: &ChatContext) -> Expect {
        let Some(MatchState::Bejeweled(m)) = ctx.state else {
            return Expect::default();
        };
        let over = m.rounds.is_over();
        let claim = match m.rounds.current() {
            Some(r) if r.proofs.is_empty() && r.claims.iter().all(|c| c.by != seat) => {
                Awaits::InRound
            }
            // A round the host has announced but not yet opened: its
            // claims are awaited as in play.
            None if !over && ctx.round_announced => Awaits::InRound,
            None if !over && m.rounds.last().is_none_or(|r| r.ruled.is_some()) => Awaits::NextRound,
            _ => Awaits::No,
        };
        let last = m.rounds.last();
        let picks = last.is_some_and(|r| {
            !over
                && r.number < m.config.rounds
                && (!r.proofs.is_empty() || r.ruled.is_some())
                && r.picks[seat].is_none()
        });
        let last_proof = m.rounds.current().and_then(|r| {
            let shown = r.proofs.iter().rev().find(|s| s.by == seat)?;
            shown.proof.parse().ok()
        });
        let their_claim = m.rounds.current().and_then(|r| {
            r.claims
                .iter()
                .filter(|c| c.by != seat)
                .map(|c| c.gems)
                .max()
        });
        Expect {
            claim: Some(claim),
            picks: Some(picks),
            their_picks: last.and_then(|r| r.picks.get(seat ^ 1).cloned().flatten()),
            last_proof,
            their_claim,
            proof_shown: last.is_some_and(|r| !r.proofs.is_empty()),
        }
    }
}

/// What the message says, in order, read with what `e` expects.
pub(super) fn read_message(text: &str, seat: usize, ctx: &ChatContext, e: &Expect) -> Vec<Reading> {
    let lines: Vec<Line> = text.lines().map(read_line).collect();
    let (mut found, mut taken) = proofs(&lines, e.last_proof.as_ref(), e.proof_shown);
    // The writer's last proof posted again (`wait, the plus goes on D4` and
    // then the whole of it as a command) is the same proof: shown once.
    found.retain(|f| {
        !matches!(&f.read, ChatReading::Event(Body::Proof(GameProof::Bejeweled(p)))
            if Some(p.proof) == e.last_proof)
    });
    let proof_at = found.first().map(|f| f.at);
    found.extend(picks(&lines, &mut taken, seat, ctx, e));
    match proof_at {
        // `18: plus F3, …`: the number before the proof is its claim.
        Some(at) => found.extend(claim_before(&lines, at, e)),
        None => {
            // Players' names are no talk around a count (a bot's `Isolde
            // claims 28 (beats Brack's 16)` for Isolde's command).
            let names: Vec<String> = name_words(ctx).into_iter().flat_map(|(ws, _)| ws).collect();
            let narrated = narrates_self(text, seat, ctx);
            found.extend(claim(&lines, &taken, e, narrated, &names))
        }
    }
    in_order(found)
}

fn claim_event(at: (usize, usize), gems: u32) -> Found {
    Found {
        at,
        lines: at.0..at.0 + 1,
        read: ChatReading::Event(Body::Claim(GameClaim::Bejeweled(Claim { gems }))),
    }
}

/// How to claim, for the reasons of unread messages.
const HOW_TO_CLAIM: &str = "a claim is one number of gems, like 'claim 17' or just '17'";

/// The count of gems a word says: digits, or a number written out
/// (`eighteen`, `twenty-one`) from three on: below that a claim is no
/// claim (a match removes three), and `one` and `two` are words of talk
/// far more often than counts.
fn gems_count(w: &str) -> Option<u32> {
    if is_number(w) {
        return w.parse().ok();
    }
    number_word(w).filter(|n| *n >= 3)
}

/// The message's first word, when it is a number standing before the
/// proof at `at` (not a step's number), and a claim would be in order.
fn claim_before(lines: &[Line], at: (usize, usize), e: &Expect) -> Option<Found> {
    let (i, k) = lines
        .iter()
        .enumerate()
        .find_map(|(i, l)| l.words.iter().position(|w| !w.mention).map(|k| (i, k)))?;
    let w = &lines[i].words[k];
    // `1. plus F3`: a step's number is small; `17. col c3 chain p pick
    // b3f6` is a claim and its proof in one message.
    let numbered = w.after.starts_with(['.', ')']) && gems_count(&w.text).is_none_or(|n| n <= 9);
    if numbered || (i, k) >= at || e.claim == Some(Awaits::No) {
        return None;
    }
    gems_count(&w.text).map(|gems| claim_event((i, k), gems))
}

/// Whether a number word is a count of gems, not a time, a score, a count
/// of something else or a step's number.
fn gems_number(words: &[Word], k: usize) -> bool {
    const UNITS: [&str; 16] = [
        "s", "sec", "secs", "second", "seconds", "min", "mins", "minute", "minutes", "h", "hr",
        "hrs", "hour", "hours", "pm", "am",
    ];
    let w = &words[k];
    let next = words.get(k + 1).map(|x| x.text.as_str());
    // `3 more`, `2 more gems`: a count beyond another; after a clause
    // break (`i say 17, more than you`) `more` is talk about the number.
    let more_after = words
        .get(k + 1)
        .is_some_and(|x| x.text == "more" && x.clause == w.clause);
    let prev = k.checked_sub(1).map(|p| &words[p]);
    // `1-1`, `9:30`, `3/4`: a score, a time, a fraction.
    let joined = |a: &Word, b: Option<&str>| {
        matches!(a.after.as_str(), "-" | ":" | "/") && b.is_some_and(is_number)
    };
    (is_number(&w.text) || gems_count(&w.text).is_some())
        && !w.mention
        && !w.after.starts_with('%')
        && !next.is_some_and(|n| UNITS.contains(&n) || n == "of")
        && !more_after
        && !prev.is_some_and(|p| {
            matches!(p.text.as_str(), "in" | "round" | "r" | "of" | "rd")
                || joined(p, Some(&w.text))
        })
        && !joined(w, next)
        && !(w.after.starts_with(['.', ')']) && next.and_then(powerup).is_some())
}

/// Whether a clause of `line` tells of an earlier round (`last round my
/// 18 was enough`, `my 17 in round 1 were plenty`): its count is talk,
/// not a claim now.
fn of_the_past(line: &Line, clause: usize) -> bool {
    let ws: Vec<&str> = line
        .words
        .iter()
        .filter(|w| w.clause == clause)
        .map(|w| w.text.as_str())
        .collect();
    ws.iter().any(|w| matches!(*w, "was" | "were" | "wasn" | "werent"))
        || ws.windows(2).any(|p| {
            matches!(p[0], "last" | "previous" | "earlier") && matches!(p[1], "round" | "time")
        })
}

/// The words of claiming: a claim or a counterclaim.
const CLAIMING: [&str; 7] = [
    "claim",
    "claims",
    "claiming",
    "counter",
    "counterclaim",
    "counterclaiming",
    "cc",
];

/// A claim: one number of gems in a message made for it, or among other
/// words when a claim is awaited from the writer.
/// `narrated`: the writer tells of themself in the third person, so a
/// denial in the message is of what they do (`Opal doesn't even look up
/// 22`), not of the count.
fn claim(
    lines: &[Line],
    taken: &[bool],
    e: &Expect,
    narrated: bool,
    names: &[String],
) -> Option<Found> {
    // With a number, the words of seeing or finding a count claim it (`i
    // see 18`, `found 18`), as `I can do 18` does.
    // So do the words of putting one's name to it (`put me down for 18`,
    // `sign me up for 18`, `count me in for 18`, `I'll bid 18`).
    const FILLER: [&str; 52] = [
        "i", "ll", "can", "do", "get", "remove", "clear", "gems", "gem", "it", "s", "m", "have",
        "got", "ve", "ok", "okay", "going", "go", "for", "raise", "raising", "raised", "to", "say",
        "d", "will", "make", "that", "my", "then", "see", "seeing", "found", "find", "spot",
        "spotted", "count", "counted", "put", "me", "down", "sign", "up", "mark", "in", "bid",
        "bidding", "bet", "take", "taking", "with",
    ];
    // Words that compare two counts (`17 beats your 14`).
    const COMPARING: [&str; 14] = [
        "vs", "v", "versus", "over", "beats", "beat", "tops", "than", "better", "bigger", "higher",
        "your", "ur", "yours",
    ];
    let claim_word = |ws: &[&str], k: usize| {
        matches!(
            ws[k],
            "claim" | "claims" | "claiming" | "counter" | "counterclaim" | "counterclaiming" | "cc"
        ) && (k == 0 || ws[k - 1] != "no")
    };
    let mut numbers: Vec<(usize, usize)> = Vec::new();
    let mut says_claim = false;
    let mut talk = 0;
    // Comparing words and marks (`>`, `<`, `>>`).
    let mut comparing = 0;
    let mut compared = false;
    let mut first_clause_claim: Option<(usize, usize)> = None;
    let mut asked = false;
    let filler =
        |w: &str| FILLER.contains(&w) || CLAIMING.contains(&w) || names.iter().any(|n| n == w);
    for (i, l) in lines.iter().enumerate().filter(|(i, _)| !taken[*i]) {
        let ws = l.texts();
        let nums: Vec<usize> = (0..ws.len())
            .filter(|&k| gems_number(&l.words, k) && !of_the_past(l, l.words[k].clause))
            .collect();
        says_claim |= (0..ws.len()).any(|k| claim_word(&ws, k));
        asked |= nums.iter().any(|&k| l.question(&l.words[k])) || (doubts(&ws) && !narrated);
        for (k, w) in l.words.iter().enumerate() {
            compared |= w.after.contains(['>', '<']);
            if !w.mention && !nums.contains(&k) && !filler(ws[k]) {
                talk += 1;
                if COMPARING.contains(&ws[k]) {
                    comparing += 1;
                    compared = true;
                }
            }
        }
        // The claim as the first clause, talk after it: `18, easy`.
        if numbers.is_empty() && first_clause_claim.is_none() {
            let first: Vec<usize> = (0..ws.len())
                .filter(|&k| l.words[k].clause == 0 && !l.words[k].mention)
                .collect();
            let n: Vec<&usize> = first.iter().filter(|k| nums.contains(k)).collect();
            if n.len() == 1 && first.iter().all(|k| nums.contains(k) || filler(ws[*k])) {
                first_clause_claim = Some((i, *n[0]));
            }
        }
        numbers.extend(nums.into_iter().map(|k| (i, k)));
    }
    let gems = |(i, k): (usize, usize)| -> Found {
        match gems_count(&lines[i].words[k].text) {
            Some(n) => claim_event((i, k), n),
            None => Found {
                at: (i, k),
                lines: i..i + 1,
                read: ChatReading::Unread(format!(
                    "'{}' is not a number of gems: {HOW_TO_CLAIM}",
                    lines[i].words[k].text
                )),
            },
        }
    };
    let unread = |at: (usize, usize)| Found {
        at,
        lines: at.0..at.0 + 1,
        read: ChatReading::Unread(HOW_TO_CLAIM.to_string()),
    };
    // The message's first word (mentions left out).
    let opening = lines
        .iter()
        .enumerate()
        .find_map(|(i, l)| l.words.iter().position(|w| !w.mention).map(|k| (i, k)));
    let awaited = |at: (usize, usize)| match e.claim {
        Some(Awaits::InRound) => true,
        Some(Awaits::NextRound) => opening == Some(at),
        _ => false,
    };
    // `17 >> 14`, `my 17 beats your 14`: of two counts compared, one the
    // other player's claim, the higher one is the writer's.
    let count = |(i, k): (usize, usize)| gems_count(&lines[i].words[k].text);
    let mine = match (numbers.as_slice(), e.their_claim) {
        ([a, b], Some(theirs)) if compared && talk == comparing && !asked => {
            match (count(*a), count(*b)) {
                (Some(x), Some(y)) if y == theirs && x > theirs => Some(*a),
                (Some(x), Some(y)) if x == theirs && y > theirs => Some(*b),
                _ => None,
            }
        }
        _ => None,
    };
    if let Some(at) = mine {
        return Some(gems(at));
    }
    // The same count said twice (`I can get 14 …, so I'll say 14`) is one.
    if numbers.len() > 1
        && numbers
            .iter()
            .all(|&at| count(at).is_some() && count(at) == count(numbers[0]))
    {
        numbers.truncate(1);
    }
    let offers = lines.iter().any(|l| l.words.iter().any(|w| w.text == "or"));
    match numbers.as_slice() {
        [one] if talk == 0 && !asked => Some(gems(*one)),
        [one] if awaited(*one) && !asked => Some(gems(*one)),
        [_, ..] if first_clause_claim.is_some() && !asked => first_clause_claim.map(gems),
        // `is it .claim 16 or !claim 16??`: a question between two ways
        // of saying it asks how, and claims nothing.
        [first, ..] if says_claim && !(asked && offers) => Some(unread(*first)),
        [] if says_claim && talk <= 2 => Some(unread((0, 0))),
        _ => None,
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::super::chat::read_player_message;
    use super::super::proof::Powerup;
    use super::*;
    use crate::event::{Ruling, Scope};
    use crate::games::chat_checks::{assert_says_nothing, assert_unread, match_after, PlayerChat};
    use crate::games::Placement as GamePlacement;
    use crate::games::{GameConfig, Proof as GameProof, RoundSetup as GameSetup};

    const GRID: &str = "RBGYPRBG\nGYPRBGYP\nPRBGYPRB\nBGYPBRGY\nRPGRRBPR\nYYGRPYBG\nGRPBBGYP";

    /// What an event says, shortly: `claim 15`, `picks rotate chain
    /// column`, `proof …`.
    fn shown(b: &Body) -> Option<String> {
        match b {
            Body::Claim(GameClaim::Bejeweled(c)) => Some(format!("claim {}", c.gems)),
            Body::Place(GamePlacement::Bejeweled(p)) => Some(format!(
                "picks {} {} {}",
                p.starter.name(),
                p.passive.name(),
                p.active.name()
            )),
            Body::Proof(GameProof::Bejeweled(p)) => Some(format!("proof {}", p.proof)),
            _ => None,
        }
    }

    /// Opal and Reed Halloway's messages, an event in a few words.
    pub(in crate::games::bejeweled) const CHAT: PlayerChat =
        PlayerChat::new(read_player_message, ["opal", "Reed Halloway"], shown);

    /// What a message by Reed Halloway (seat 1) says.
    pub(in crate::games::bejeweled) fn said(text: &str, state: Option<&MatchState>) -> Vec<String> {
        CHAT.said(text, 1, state)
    }

    /// The match after `events` (seat, body; `None`: the host).
    pub(in crate::games::bejeweled) fn state(events: &[(Option<usize>, Body)]) -> MatchState {
        match_after(
            GameConfig::Bejeweled(Default::default()),
            &CHAT.players,
            events,
        )
    }

    pub(in crate::games::bejeweled) fn opens() -> (Option<usize>, Body) {
        (
            None,
            Body::RoundStart(GameSetup::Bejeweled(super::super::rules::Setup {
                round: 1,
                grid: super::super::grid::Grid::parse(GRID).expect("a grid"),
                offer: "swap,bend,plus".parse().expect("an offer"),
            })),
        )
    }

    pub(in crate::games::bejeweled) fn claims(seat: usize, gems: u32) -> (Option<usize>, Body) {
        (
            Some(seat),
            Body::Claim(GameClaim::Bejeweled(Claim { gems })),
        )
    }

    pub(in crate::games::bejeweled) fn ruled() -> (Option<usize>, Body) {
        (
            None,
            Body::Ruling(Ruling {
                scope: Scope::Round(1),
                winner: Some("opal".into()),
                text: String::new(),
            }),
        )
    }

    pub(in crate::games::bejeweled) fn picked(
        seat: usize,
        starter: Powerup,
        passive: Powerup,
        active: Powerup,
    ) -> (Option<usize>, Body) {
        (
            Some(seat),
            Body::Place(GamePlacement::Bejeweled(Picks {
                starter,
                passive,
                active,
            })),
        )
    }

    #[test]
    fn claims_are_read_as_people_say_them() {
        for (text, n) in [
            ("15", 15),
            ("claim 15", 15),
            ("I can do 17", 17),
            ("**17!** 💎", 17),
            ("counter 20", 20),
            ("I claim 15 gems", 15),
            ("18, easy", 18),
            ("ok I've got 16", 16),
            ("raising to 17", 17),
            ("raising to 15", 15),
            ("I can do 14", 14),
            ("I'll go 17 👀", 17),
            ("I'll say 12", 12),
            ("claiming 20 gems", 20),
            ("@Amaranth 18", 18),
            ("claim: 15", 15),
            ("15 gems!!", 15),
            ("i see 18", 18),
            ("I've got 18", 18),
            ("found 18", 18),
            ("can do 18", 18),
            ("I can see 18 gems", 18),
            ("spotted 18 💎", 18),
            // Written out, wherever digits would claim.
            ("eighteen 🙋‍♀️", 18),
            ("claim fifteen", 15),
            ("I can do twenty-one", 21),
            ("twenty one gems", 21),
            // Putting one's name to a count.
            ("put me down for 18", 18),
            ("sign me up for 18 💎", 18),
            ("count me in for 18", 18),
            ("I'll bid 18", 18),
            ("I'll take 18", 18),
        ] {
            assert_eq!(said(text, None), [format!("claim {n}")], "{text}");
        }
        assert_unread(
            |bad| said(bad, None),
            &[
                "I claim",
                "claim one",
                "claim 15 or 16",
                "counter 99999999999",
            ],
        );
        assert_says_nothing(
            |talk| said(talk, None),
            &[
                "gl hf",
                "30 s left?",
                "brb 5 min",
                "pass",
                "nice counter there haha",
                "no counter, go",
                "24 of 25 so close",
                "1-1 now",
                "back at 9:30",
                "12 or so",
                "nope, 20",
                // Seeing a number in talk about something else.
                "i see 18 people in chat",
                "see you at 18",
                "found 18 bugs lol",
                "I see round 18",
                // Written out where digits would not claim, or below three.
                "eighteen minutes left?",
                "round three",
                "one sec",
                "two of us",
                "eighteen or so",
            ],
        );
    }

    #[test]
    fn a_number_among_words_is_a_claim_when_one_is_awaited() {
        let before = state(&[]);
        let open = state(&[opens(), claims(0, 14)]);
        let claimed = state(&[opens(), claims(0, 14), claims(1, 17)]);
        let done = state(&[opens(), claims(0, 14), ruled()]);
        assert_eq!(said("nope, 20", Some(&open)), ["claim 20"]);
        // The same count said twice among words is one claim.
        let opened = state(&[opens()]);
        assert_eq!(
            said(
                "I reckon I can get 14 out of this one, so I'll say 14 please",
                Some(&opened)
            ),
            ["claim 14"]
        );
        // So before the round opens, once the host has announced it.
        let p = ["opal".to_string(), "reed".to_string()];
        let mut ctx = ChatContext::new(&p, 0);
        ctx.state = Some(&before);
        ctx.round_announced = true;
        let text = "I reckon I can get 14 out of this one, so I'll say 14 please";
        let got = read_player_message(text, 0, &ctx);
        assert!(
            matches!(got.as_slice(), [r] if matches!(&r.read, ChatReading::Event(Body::Claim(_)))),
            "{got:?}"
        );
        ctx.round_announced = false;
        assert!(read_player_message(text, 0, &ctx).is_empty());
        assert_eq!(
            said("I reckon 14 or maybe 15", Some(&opened)),
            Vec::<String>::new()
        );
        // `more` after a clause break is talk about the number, not a
        // count beyond another.
        assert_eq!(
            said("i say 17, more than you 😏", Some(&open)),
            ["claim 17"]
        );
        for text in [
            "17 more than you",
            "that's 3 more than you lol",
            "need 2 more gems",
            // A question about how to claim.
            "is it .claim 16 or !claim 16??",
            // A count of an earlier round is talk about it.
            "no counter. last round my 18 was enough ㅋㅋ",
            "my 17 were plenty before, gl",
        ] {
            assert_eq!(said(text, Some(&open)), Vec::<String>::new(), "{text}");
        }
        assert_eq!(said("17 💎 think that's it", Some(&before)), ["claim 17"]);
        // A count with its counter word (Korean `개`).
        assert_eq!(said("15개 ^^", Some(&before)), ["claim 15"]);
        assert_eq!(
            said("17 💎 think that's it", Some(&claimed)),
            Vec::<String>::new()
        );
        assert_eq!(said("30 s left?", Some(&open)), Vec::<String>::new());
        assert_eq!(said("ready in 2", Some(&before)), Vec::<String>::new());
        // `+1` agrees with someone; it is never a claim of one gem.
        for s in [&before, &open, &done] {
            assert_eq!(said("+1", Some(s)), Vec::<String>::new());
            assert_eq!(said("+1 to that", Some(s)), Vec::<String>::new());
        }
        // A claim made for it is read whatever the match expects: the rules judge it.
        assert_eq!(said("21", Some(&claimed)), ["claim 21"]);
        // Between rounds the next round's claims are awaited, but talk
        // goes on too: only a number that opens the message is a claim.
        assert_eq!(said("20, let's go", Some(&done)), ["claim 20"]);
        assert_eq!(said("that was 24 lol", Some(&done)), Vec::<String>::new());
        assert_eq!(said("nope, 20", Some(&done)), Vec::<String>::new());
        // Written out, as digits would be: awaited among words, or not.
        assert_eq!(said("nope, twenty", Some(&open)), ["claim 20"]);
        assert_eq!(said("that's the one", Some(&open)), Vec::<String>::new());
        assert_eq!(
            said("that was twenty lol", Some(&done)),
            Vec::<String>::new()
        );
    }

    #[test]
    fn a_count_compared_with_the_other_players_claim_is_the_writers() {
        // opal claimed 14; Reed compares.
        let open = state(&[opens(), claims(0, 14)]);
        for text in [
            "17 >> 14 😎",
            "17 > 14",
            "14 < 17",
            "my 17 beats your 14",
            "17 vs 14",
            // A bot's reply to Reed's `/claim`, the players named.
            "💎 Reed Halloway claims 17 (beats opal's 14)",
        ] {
            assert_eq!(said(text, Some(&open)), ["claim 17"], "{text}");
        }
        // Near misses: neither is their claim, the other is lower, a
        // question, a condition, no comparison, the match not known.
        for text in [
            "17 > 15",
            "12 < 14",
            "17 > 14?",
            "17 > 14 if the cascade holds",
            "17 14 lol",
        ] {
            let got = said(text, Some(&open));
            assert!(!got.contains(&"claim 17".to_string()), "{text}: {got:?}");
            assert!(
                got.iter().all(|g| !g.starts_with("claim")),
                "{text}: {got:?}"
            );
        }
        assert_eq!(said("17 >> 14", None), Vec::<String>::new());
    }

    #[test]
    fn several_things_in_one_message_are_read_in_order() {
        let at = |text: &str, s: Option<&MatchState>| CHAT.readings(text, 0, s);
        let f3 = "proof active plus F3; passive bend; swap F3 G3".to_string();
        assert_eq!(
            at("18: plus F3, bend, swap F3 G3", None),
            [("claim 18".to_string(), 0..1), (f3.clone(), 0..1)]
        );
        // A cell told in long-hand: rows 1–7 from the top.
        assert_eq!(
            at("plus on column F, third row; bend; swap F3 G3", None),
            [(f3.clone(), 0..1)]
        );
        assert_eq!(
            at("active plus F3; passive bend; swap F3 G3\nnext round I want rotate / chain / column", None),
            [(f3.clone(), 0..1), ("picks rotate chain column".to_string(), 1..2)]
        );
        // No claim is awaited from opal once she claimed: a number before
        // her proof is not one.
        let open = state(&[opens(), claims(0, 18)]);
        assert_eq!(
            at("18: plus F3, bend, swap F3 G3", Some(&open)),
            [(f3.clone(), 0..1)]
        );
        // Numbered steps are not claims; a count too large for a step's
        // number is one (`17. col c3 chain p pick b3f6`).
        assert_eq!(
            at("1. plus F3\n2. bend\n3. swap F3 G3", None),
            [(f3.clone(), 0..3)]
        );
        assert_eq!(
            at("18. plus f3 bend swap f3g3", None),
            [("claim 18".to_string(), 0..1), (f3, 0..1)]
        );
    }

    #[test]
    fn a_partial_correction_changes_the_writers_own_last_proof() {
        let proved = |seat: usize| {
            (
                Some(seat),
                Body::Proof(GameProof::Bejeweled(super::super::rules::Proof {
                    proof: "active plus F4; passive bend; swap F3 G3"
                        .parse()
                        .expect("a proof"),
                })),
            )
        };
        let fix = "ah typo, the plus is on F3 not F4 — rest the same";
        let mine = state(&[opens(), claims(1, 18), proved(1)]);
        assert_eq!(
            said(fix, Some(&mine)),
            ["proof active plus F3; passive bend; swap F3 G3"]
        );
        // Near miss: the last proof is the other player's, not the
        // writer's: nothing of theirs to correct.
        let theirs = state(&[opens(), claims(0, 18), proved(0)]);
        let got = said(fix, Some(&theirs));
        assert!(
            got.len() == 1 && got[0].contains("no proof in this round"),
            "{got:?}"
        );
        // The writer's last proof posted again is shown once.
        let again = "!proof active plus F4; passive bend; swap F3 G3";
        assert!(said(again, Some(&mine)).is_empty());
        assert_eq!(said(again, Some(&theirs)).len(), 1);
    }

    #[test]
    fn a_question_about_one_part_after_the_proof_is_talk() {
        let proof = (
            Some(0),
            Body::Proof(GameProof::Bejeweled(super::super::rules::Proof {
                proof: "active plus F4; passive bend; swap F3 G3"
                    .parse()
                    .expect("a proof"),
            })),
        );
        let wonder = "wait would column on G4 have been more? 👀";
        let shown = state(&[opens(), claims(0, 18), proof.clone()]);
        let ruled = state(&[opens(), claims(0, 18), proof, ruled()]);
        for s in [&shown, &ruled] {
            assert_eq!(said(wonder, Some(s)), Vec::<String>::new());
        }
        // Near misses: no proof shown yet, or a whole proof asked.
        let open = state(&[opens(), claims(0, 18)]);
        let got = said(wonder, Some(&open));
        assert!(got.len() == 1 && got[0].contains("question"), "{got:?}");
        let got = said("plus F3, bend, swap F3 G3?", Some(&ruled));
        assert!(got.len() == 1 && got[0].contains("question"), "{got:?}");
    }

    /// Words outside Bejeweled's notation: no cell, number, powerup,
    /// color, player name or key word.
    fn is_notation(w: &str) -> bool {
        const KEY: [&str; 12] = [
            "same", "opal", "reed", "halloway", "then", "active", "passive", "starter", "recolour",
            "col", "rot", "recol",
        ];
        w.chars().any(|c| c.is_ascii_digit())
            || number_word(w).is_some()
            || powerup(w).is_some()
            || super::super::chat_words::color(w).is_some()
            || CLAIMING.contains(&w)
            || KEY.contains(&w)
    }

    /// Talk stays talk: a message made only of words outside the notation
    /// never yields an event, whatever the match expects.
    #[test]
    fn talk_never_yields_an_event() {
        let seps = [" ", ", ", ". ", "? ", "\n", " — ", " 💎 ", " @", "\n- "];
        let states = [
            state(&[]),
            state(&[opens(), claims(0, 14)]),
            state(&[
                opens(),
                claims(0, 14),
                ruled(),
                picked(0, Powerup::Rotate, Powerup::Chain, Powerup::Column),
            ]),
        ];
        CHAT.assert_talk_stays_talk(&seps, is_notation, &states);
    }
}
