//! The words of a verdict: how a ruling compares with the rules
//! ([`Verdict`], [`Accord`]), what a claim was worth ([`Award`]), the
//! evidence ([`Witness`], [`ProofFinding`]), one [`Finding`] per claim,
//! and the verifier's [`Recommendation`] on an appeal.
//!
//! Why a module of its own: the games report findings about their own
//! claims, the event vocabulary records a recommendation with an appeal
//! decision, and the verifier gathers them into reports. All three speak
//! these words, so they sit below all three: the games and the vocabulary
//! import them from here, never from `verify`.
//!
//! Must not import anything of arbiter's: it is plain data.

use serde::{Deserialize, Serialize};

/// How a recorded ruling compares with the rules.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// The host ruled what the rules give.
    Agrees,
    /// The host ruled otherwise.
    Disagrees,
    /// The host has not ruled (yet).
    NotRuled,
    /// The rules name no winner here; the host's call stands.
    RulesSilent,
}

impl Verdict {
    /// A ruling against the rules, in every game: `ruled` is what the host
    /// ruled (`None`: not yet), `by_rules` what the rules give (`None`: they
    /// name nothing here, and the host's call stands).
    pub fn of<T: PartialEq>(ruled: Option<T>, by_rules: Option<T>) -> Verdict {
        match (ruled, by_rules) {
            (None, _) => Verdict::NotRuled,
            (Some(_), None) => Verdict::RulesSilent,
            (Some(r), Some(d)) if r == d => Verdict::Agrees,
            (Some(_), Some(_)) => Verdict::Disagrees,
        }
    }

    pub fn word(self) -> &'static str {
        match self {
            Verdict::Agrees => "agrees",
            Verdict::Disagrees => "disagrees",
            Verdict::NotRuled => "not ruled",
            Verdict::RulesSilent => "rules silent",
        }
    }
}

/// One posted proof, checked.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct ProofFinding {
    pub seq: u64,
    pub by: String,
    /// "solution", "counter-solution".
    pub role: String,
    pub moves: usize,
    pub legal: bool,
    pub solves: bool,
    /// What it shows, in words.
    pub note: String,
}

/// One optimal answer as evidence.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Witness {
    /// "shortest", "longest red track".
    pub label: String,
    /// Moves or cells, in order.
    pub lines: Vec<String>,
}

/// What the verifier found about one claim (or one round without a claim,
/// or the match as a whole).
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Finding {
    /// The event the finding is about (the claim, else the ruling).
    pub seq: u64,
    pub round: Option<u32>,
    /// The claim in words.
    pub claim: String,
    /// Whether the claim itself was true, when that is a fact.
    pub claim_true: Option<bool>,
    /// The exact facts behind the claim ("optimal length 6").
    pub truth: String,
    /// The exact optimum behind the claim: a shortest solution's length, a
    /// longest track's length (`None`: no solution exists).
    pub optimal: Option<usize>,
    /// One optimal answer as evidence (a shortest solution's moves, a
    /// longest track), with what to call it.
    pub witness: Option<Witness>,
    /// Each proof posted, checked.
    pub proofs: Vec<ProofFinding>,
    /// What the rules give for the recorded play.
    pub by_rules: String,
    /// What the host ruled, and at which seq.
    pub ruled: String,
    pub ruling_seq: Option<u64>,
    pub verdict: Verdict,
    /// Who the rules give the round (or game, or match) to, when they name
    /// a result (`None` while undecided, or where the rules are silent).
    pub award_by_rules: Option<Award>,
}

/// Who a round, a game or a match goes to: a player, or no player (the
/// host, or nobody on a shared result).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Award {
    Player(String),
    NoPlayer,
}

impl Award {
    /// The award of a seat (`None`: no player).
    pub fn of_seat(players: &[String], seat: Option<usize>) -> Award {
        match seat.and_then(|s| players.get(s)) {
            Some(p) => Award::Player(p.clone()),
            None => Award::NoPlayer,
        }
    }

    /// The award a ruling or decision names (`None`: no player).
    pub fn of_name(name: &Option<String>) -> Award {
        match name {
            Some(p) => Award::Player(p.clone()),
            None => Award::NoPlayer,
        }
    }

    /// "jonas", "no player".
    pub fn name(&self) -> &str {
        match self {
            Award::Player(p) => p,
            Award::NoPlayer => "no player",
        }
    }
}

impl std::fmt::Display for Award {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// What the verifier recommends for an appealed ruling, computed from
/// the ruling's findings (never typed by anyone): a pair, uphold or
/// overturn and who then wins.
///
/// Sealed inside [`AppealDecision`](crate::event::AppealDecision)
/// events, so its shape only grows: the first three variants are what
/// decisions recorded before arbiter recorded who wins (an `Overturn`
/// there names no winner); new decisions record `OverturnTo`.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Recommendation {
    /// A finding disagrees: the rules give another result (who, not
    /// recorded: the form of decisions made before `OverturnTo`).
    Overturn,
    /// The findings agree with the ruling: it stands, and so does its
    /// winner.
    Uphold,
    /// The rules name no winner here (or nothing was found): the host's
    /// call stands either way.
    None,
    /// A finding disagrees: overturn the ruling, and by the rules it goes
    /// to this award.
    OverturnTo(Award),
}

/// How a decision compares with the recommendation it was made against.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Accord {
    /// Both parts agree (or the rules named no winner, so any decision
    /// follows).
    Followed,
    /// The decision upheld where the verifier said overturn, or the
    /// reverse.
    ActionDiffers {
        recommended: String,
        decided: String,
    },
    /// Both overturn, but the decision gives it to someone else.
    WinnerDiffers { recommended: Award, decided: Award },
}

impl Accord {
    pub fn followed(&self) -> bool {
        *self == Accord::Followed
    }

    /// The page's sentence.
    pub fn text(&self) -> String {
        match self {
            Accord::Followed => "The decision followed the verifier's recommendation.".to_string(),
            Accord::ActionDiffers {
                recommended,
                decided,
            } => format!(
                "The decision went against the verifier's recommendation: the verifier recommended to {recommended}, the host chose to {decided}."
            ),
            Accord::WinnerDiffers {
                recommended,
                decided,
            } => format!(
                "The decision overturned the ruling as recommended, but went against the verifier on who wins: the decision gives it to {decided}, the rules give it to {recommended}."
            ),
        }
    }
}

impl Recommendation {
    /// The recommendation for a ruling with these findings.
    pub fn for_findings(findings: &[&Finding]) -> Recommendation {
        if let Some(f) = findings.iter().find(|f| f.verdict == Verdict::Disagrees) {
            match &f.award_by_rules {
                Some(a) => Recommendation::OverturnTo(a.clone()),
                Option::None => Recommendation::Overturn,
            }
        } else if findings.iter().any(|f| f.verdict == Verdict::Agrees) {
            Recommendation::Uphold
        } else {
            Recommendation::None
        }
    }

    /// `overturn`, `uphold` or `none` (also a CSS class).
    pub fn word(&self) -> &'static str {
        match self {
            Recommendation::Overturn | Recommendation::OverturnTo(_) => "overturn",
            Recommendation::Uphold => "uphold",
            Recommendation::None => "none",
        }
    }

    /// How a decision (`upheld`, or overturned giving it to `winner`)
    /// compares with this recommendation. An `Overturn` recorded without
    /// its winner is compared on the action alone.
    pub fn accord(&self, upheld: bool, winner: &Option<String>) -> Accord {
        let action = |upheld: bool| {
            if upheld {
                "uphold the ruling".to_string()
            } else {
                format!("overturn it and give it to {}", Award::of_name(winner))
            }
        };
        match (self, upheld) {
            (Recommendation::None, _)
            | (Recommendation::Uphold, true)
            | (Recommendation::Overturn, false) => Accord::Followed,
            (Recommendation::OverturnTo(to), false) => {
                let decided = Award::of_name(winner);
                if decided == *to {
                    Accord::Followed
                } else {
                    Accord::WinnerDiffers {
                        recommended: to.clone(),
                        decided,
                    }
                }
            }
            (Recommendation::Uphold, false) => Accord::ActionDiffers {
                recommended: "uphold the ruling".to_string(),
                decided: action(false),
            },
            (Recommendation::Overturn, true) => Accord::ActionDiffers {
                recommended: "overturn it".to_string(),
                decided: action(true),
            },
            (Recommendation::OverturnTo(to), true) => Accord::ActionDiffers {
                recommended: format!("overturn it and give it to {to}"),
                decided: action(true),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every case of a ruling against the rules, once.
    #[test]
    fn a_ruling_against_the_rules() {
        assert_eq!(Verdict::of(None::<u8>, Some(1)), Verdict::NotRuled);
        assert_eq!(Verdict::of(None::<u8>, None), Verdict::NotRuled);
        assert_eq!(Verdict::of(Some(1), None), Verdict::RulesSilent);
        assert_eq!(Verdict::of(Some(1), Some(1)), Verdict::Agrees);
        assert_eq!(Verdict::of(Some(0), Some(1)), Verdict::Disagrees);
        // A ruling of "no winner" is a ruling too.
        assert_eq!(Verdict::of(Some(None), Some(Some(1))), Verdict::Disagrees);
        assert_eq!(Verdict::of(Some(None::<u8>), Some(None)), Verdict::Agrees);
    }
}
