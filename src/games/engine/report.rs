//! A ruling beside the rules' verdict, as the verifier reports it: the
//! part of a round's or a game's [`Finding`] that every game words the
//! same way (what the rules say, what the host ruled and any appeal that
//! overturned it, the verdict and the award). The game adds its claim, the
//! truth its solver found, and the proofs.
//!
//! Like all of `games/`, it imports nothing from `log/`, `web/`,
//! `import/` or `verify`; and, being the engine, it names no game.

use super::{Decision, Round, Words};
use crate::findings::{Award, Finding, Verdict};
use crate::games::Ruled;

/// What a finding is about: "round" or "the game", its number, and how
/// the rules' silence is worded.
pub struct About<'a> {
    pub what: &'a str,
    pub number: u32,
    /// Said when the rules have no verdict yet ("not decided yet").
    pub undecided: &'a str,
    /// A verdict naming no winner is the rules saying nothing (Traffic
    /// Jam: the host decides), not an award to no player.
    pub no_winner_is_silence: bool,
}

impl<'a> About<'a> {
    /// A round's ruling; `undecided` is said while the rules have no
    /// verdict.
    pub fn round(number: u32, undecided: &'a str) -> About<'a> {
        About {
            what: "round",
            number,
            undecided,
            no_winner_is_silence: false,
        }
    }

    /// A verdict naming no winner is the rules saying nothing.
    pub fn silent_without_winner(self) -> About<'a> {
        About {
            no_winner_is_silence: true,
            ..self
        }
    }
}

/// The finding on `round`'s ruling, beside the rules' verdict fixed when
/// the round closed, or else `open_verdict()` (the verdict so far).
pub fn round_ruling_finding<R: Round>(
    players: &[String; 2],
    words: &Words,
    about: &About<'_>,
    round: &R,
    open_verdict: impl FnOnce() -> Option<Decision>,
) -> Finding {
    let decision = round.by_rules().clone().or_else(open_verdict);
    ruling_finding(
        players,
        words,
        about,
        round.ruled().as_ref(),
        decision.as_ref(),
    )
}

/// What the host ruled, in words: `{what} to X (seq N)`, the host's words
/// quoted when `quoted`, and the appeal that overturned it, if one did.
/// Every finding words a ruling so, whatever the game.
pub fn ruled_words(
    what: &str,
    r: &Ruled,
    name: impl Fn(Option<usize>) -> String,
    quoted: bool,
) -> String {
    let mut s = format!("{what} to {} (seq {})", name(r.winner), r.seq);
    if quoted && !r.text.is_empty() {
        s.push_str(&format!(": “{}”", r.text));
    }
    if let Some((seq, w)) = r.overturned {
        s.push_str(&format!(
            "; overturned on appeal at seq {seq}: {what} to {}",
            name(w)
        ));
    }
    s
}

/// A finding on the ruling of a round or game, with no claim yet; its seq
/// is the ruling's (0 when not ruled).
pub fn ruling_finding(
    players: &[String; 2],
    words: &Words,
    about: &About<'_>,
    ruled: Option<&Ruled>,
    decision: Option<&Decision>,
) -> Finding {
    let what = about.what;
    let name = |seat| words.name(players, seat);
    let by_rules = match decision {
        Some(d) => format!("{what} to {}: {}", name(d.winner), d.reason),
        None => about.undecided.to_string(),
    };
    let ruled_text = match ruled {
        None => "not ruled".to_string(),
        Some(r) => ruled_words(what, r, name, true),
    };
    let decision = decision.filter(|d| !(about.no_winner_is_silence && d.winner.is_none()));
    Finding {
        seq: ruled.map_or(0, |r| r.seq),
        round: Some(about.number),
        claim: String::new(),
        claim_true: None,
        truth: String::new(),
        optimal: None,
        witness: None,
        proofs: Vec::new(),
        by_rules,
        ruled: ruled_text,
        ruling_seq: ruled.map(|r| r.seq),
        verdict: Verdict::of(ruled.map(|r| r.winner), decision.map(|d| d.winner)),
        award_by_rules: decision.map(|d| Award::of_seat(players, d.winner)),
    }
}
