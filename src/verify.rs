//! Findings: for every claim, what the host ruled beside what the rules say.
//!
//! The log records the host's rulings; the replay knows the rules' verdict
//! on what the players posted; the game's exact solver knows whether each
//! claim was true. A [`Finding`] puts the three side by side with the
//! evidence (a shorter solution, the illegal move), and says whether the
//! ruling agrees with the rules. Nothing here is stored: findings are
//! recomputed from the log whenever they are asked for.

use serde::{Deserialize, Serialize};

use crate::games::{bejeweled, dodgem, duorail, permutation, rush_hour, xs_and_lines, MatchState};
use crate::log::seal::ChainReport;
use crate::log::MatchId;
use crate::replay::{Replay, Timeline};

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
/// Sealed inside [`AppealDecision`](crate::log::event::AppealDecision)
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

/// The whole report for a match.
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    pub match_id: String,
    pub chain: ChainReport,
    /// Events the rules reject: (seq, rule, message).
    pub rule_errors: Vec<(u64, String, String)>,
    pub findings: Vec<Finding>,
    /// Moves that threw a win away, by the exact analysis: (seq, why).
    pub mistakes: Vec<(u64, String)>,
}

/// What a report amounts to, for a script: `arbiter verify` exits 0, 1 or
/// 3 on it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Standing {
    /// The chain is intact, no rule error stands and no finding disagrees
    /// with a ruling (findings not ruled yet, or where the rules name no
    /// winner, are not disputes).
    Clean,
    /// The chain is intact, but a finding disagrees or a rule error stands.
    Disputed,
    /// The chain is broken (or the store lost events): nothing else in the
    /// report can be trusted.
    Broken,
}

impl Report {
    pub fn standing(&self) -> Standing {
        if !self.chain.is_ok() {
            Standing::Broken
        } else if self.disagreements() > 0 || !self.rule_errors.is_empty() {
            Standing::Disputed
        } else {
            Standing::Clean
        }
    }

    pub fn disagreements(&self) -> usize {
        self.findings
            .iter()
            .filter(|f| f.verdict == Verdict::Disagrees)
            .count()
    }
}

/// Findings for a replayed match, every search exact however long it takes.
pub fn findings(replay: &Replay) -> Vec<Finding> {
    findings_within(replay, None)
}

/// Findings with a time limit on each search that can be long (the
/// Bejeweled best claim); a search stopped by it says "at least".
pub fn findings_within(replay: &Replay, limit: Option<std::time::Duration>) -> Vec<Finding> {
    replay
        .last_state()
        .map(|s| findings_for(s, limit))
        .unwrap_or_default()
}

/// Findings for a match as it stands (the state after its last event).
pub fn findings_for(state: &MatchState, limit: Option<std::time::Duration>) -> Vec<Finding> {
    match state {
        MatchState::RushHour(m) => rush_hour::check::findings(m),
        MatchState::Duorail(m) => duorail::check::findings(m),
        MatchState::Bejeweled(m) => bejeweled::check::findings(m, limit),
        MatchState::Dodgem(m) => dodgem::view::findings(m),
        MatchState::XsAndLines(m) => xs_and_lines::view::findings(m),
        MatchState::Permutation(m) => permutation::view::findings(m),
    }
}

/// The full report: the chain check, rule errors and findings.
pub fn report(id: &MatchId, chain: ChainReport, replay: &Replay) -> Report {
    report_with(id, chain, replay, findings(replay), &Timeline::new(replay))
}

/// The report with findings computed elsewhere (a cache, a time limit).
pub fn report_with(
    id: &MatchId,
    chain: ChainReport,
    replay: &Replay,
    findings: Vec<Finding>,
    timeline: &Timeline,
) -> Report {
    Report {
        match_id: id.to_string(),
        chain,
        rule_errors: replay
            .rule_errors()
            .map(|(s, e)| (s.seq, e.rule.clone(), e.message.clone()))
            .collect(),
        findings,
        mistakes: timeline
            .mistakes
            .iter()
            .zip(&replay.steps)
            .filter_map(|(why, s)| why.clone().map(|w| (s.seq, w)))
            .collect(),
    }
}

impl std::fmt::Display for Report {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(f, "match {}", self.match_id)?;
        match &self.chain.first_bad {
            None => writeln!(
                f,
                "chain: ok ({} events, every hash and signature checks)",
                self.chain.events
            )?,
            Some(bad) => writeln!(f, "chain: BROKEN at seq {}: {}", bad.seq, bad.reason)?,
        }
        if self.rule_errors.is_empty() {
            writeln!(f, "rule errors: none")?;
        }
        for (seq, rule, msg) in &self.rule_errors {
            writeln!(f, "rule error at seq {seq} ({rule}): {msg}")?;
        }
        for x in &self.findings {
            writeln!(f)?;
            let round = x
                .round
                .map_or("match".to_string(), |r| format!("round {r}"));
            writeln!(f, "{round} · seq {} · {}", x.seq, x.claim)?;
            writeln!(f, "  truth:    {}", x.truth)?;
            if let Some(w) = &x.witness {
                writeln!(f, "  {}: {}", w.label, w.lines.join("; "))?;
            }
            for p in &x.proofs {
                writeln!(
                    f,
                    "  proof:    seq {} {} ({}): {}",
                    p.seq, p.by, p.role, p.note
                )?;
            }
            writeln!(f, "  rules:    {}", x.by_rules)?;
            writeln!(f, "  ruled:    {}", x.ruled)?;
            writeln!(f, "  verdict:  {}", x.verdict.word())?;
        }
        if !self.mistakes.is_empty() {
            writeln!(f)?;
        }
        for (seq, why) in &self.mistakes {
            writeln!(f, "mistake at seq {seq}: {why}")?;
        }
        writeln!(f)?;
        write!(
            f,
            "{}, {} with the ruling",
            crate::games::words::count(self.findings.len(), "finding", "findings"),
            match self.disagreements() {
                1 => "1 disagrees".to_string(),
                n => format!("{n} disagree"),
            }
        )
    }
}
