//! Findings: for every claim, what the host ruled beside what the rules say.
//!
//! The log records the host's rulings; the replay knows the rules' verdict
//! on what the players posted; the game's exact solver knows whether each
//! claim was true. A [`Finding`] puts the three side by side with the
//! evidence (a shorter solution, the illegal move), and says whether the
//! ruling agrees with the rules. Nothing here is stored: findings are
//! recomputed from the log whenever they are asked for.
//!
//! Must not import `bundle`, `import` or `web`: they are built on its
//! findings.

use serde::Serialize;

use crate::games::MatchState;
use crate::log::seal::ChainReport;
use crate::log::transcript::TranscriptCheck;
use crate::log::MatchId;
use crate::replay::{Replay, Timeline};

pub use crate::findings::{Accord, Award, Finding, ProofFinding, Recommendation, Verdict, Witness};

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
    /// The transcript kept beside the log, checked against the root its
    /// Create seals; `None` when the Create seals none message by message
    /// (or the caller did not look: only the store holds the pieces).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub transcript: Option<TranscriptFinding>,
}

/// What checking a match's kept transcript found.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TranscriptFinding {
    /// The pieces recompute the sealed root (and each removed one has its
    /// Redaction event).
    pub intact: bool,
    pub messages: usize,
    /// The messages removed on request.
    pub redacted: Vec<u32>,
    /// Why it is not intact, when it is not.
    pub problem: Option<String>,
}

impl TranscriptFinding {
    /// The finding of a transcript check: intact, with its counts, or why
    /// not.
    pub fn of(checked: Result<TranscriptCheck, String>) -> TranscriptFinding {
        match checked {
            Ok(c) => TranscriptFinding {
                intact: true,
                messages: c.messages,
                redacted: c.removed,
                problem: None,
            },
            Err(why) => TranscriptFinding {
                intact: false,
                messages: 0,
                redacted: Vec::new(),
                problem: Some(why),
            },
        }
    }
}

impl std::fmt::Display for TranscriptFinding {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.problem {
            Some(why) => write!(f, "BROKEN: {why}"),
            None => write!(
                f,
                "ok ({} messages, {} redacted on request; the sealed root recomputes)",
                self.messages,
                self.redacted.len()
            ),
        }
    }
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
        let transcript_broken = self.transcript.as_ref().is_some_and(|t| !t.intact);
        if !self.chain.is_ok() || transcript_broken {
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
    state.findings(limit)
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
        transcript: None,
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
        if let Some(t) = &self.transcript {
            writeln!(f, "transcript: {t}")?;
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
