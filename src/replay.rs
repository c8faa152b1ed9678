//! The deterministic reducer: a match's events folded into one step each.
//!
//! A replay never drops an event and never panics on stored data: an event
//! the rules reject stays in its place with its [`RuleError`], and the state
//! carries on unchanged from the step before. States contain no hash maps
//! and no clock reads, so the same events give bit-identical states on any
//! machine; [`state_digest`] hashes a state's canonical bytes to prove it.
//!
//! Must not import `verify`, `bundle`, `import` or `web`: they are built on
//! the replay.

use std::collections::BTreeMap;

use chrono::{DateTime, Utc};
use serde::Serialize;
use sha2::{Digest, Sha256};

use crate::event::{Actor, Body, Envelope, Scope, Visibility};
use crate::games::play::Play;
use crate::games::{value_text, Analysis, MatchState, RuleError, Stamp, Value, View};

/// One event and what it did.
#[derive(Clone, Debug, Serialize)]
pub struct Step {
    pub seq: u64,
    pub occurred_at: DateTime<Utc>,
    pub actor: Actor,
    pub kind: &'static str,
    /// The event in the game's notation.
    pub text: String,
    /// What the event did, by the rules.
    pub note: Option<String>,
    /// Why the rules reject it, when they do.
    pub error: Option<RuleError>,
    /// The seq of a later move that corrected this one before anyone else
    /// acted (RULINGS' takeback rule): this one no longer counts.
    pub superseded_by: Option<u64>,
    /// The state after this step (`None` until a valid Create).
    #[serde(skip)]
    pub state: Option<MatchState>,
}

impl Step {
    pub fn view(&self) -> Option<View> {
        self.state.as_ref().map(MatchState::view)
    }
}

/// Every step of a match, in log order. A replay can be extended by the
/// events appended after it ([`Replay::extend`]): the rules' state after the
/// last step is kept, so a page cache folds in an append without replaying
/// the match from its start.
#[derive(Clone, Debug, Default)]
pub struct Replay {
    pub steps: Vec<Step>,
    /// The rules' state after the last step (`None` until a valid Create).
    play: Option<Play>,
}

impl Replay {
    /// Folds the events, in the order given (the log's order).
    pub fn new(events: &[Envelope]) -> Replay {
        let mut replay = Replay {
            steps: Vec::with_capacity(events.len()),
            play: None,
        };
        replay.extend(events);
        replay
    }

    /// Folds more events onto the end: the same steps as replaying the
    /// whole log again.
    pub fn extend(&mut self, events: &[Envelope]) {
        self.steps.reserve(events.len());
        for e in events {
            self.push(e);
        }
    }

    fn push(&mut self, e: &Envelope) {
        let play = &mut self.play;
        let mut supersedes = None;
        let result = match (e.body.create(), &e.body, &mut *play) {
            (Some(c), _, None) if e.seq == 0 => MatchState::start(c, e.occurred_at).map(|s| {
                let note = format!(
                    "{} match: {} vs {}, hosted by {}",
                    s.game().title(),
                    c.players.first().map_or("?", String::as_str),
                    c.players.get(1).map_or("?", String::as_str),
                    c.host
                );
                *play = Some(Play::new(s));
                note
            }),
            (_, _, None) => Err(RuleError::new(
                "create",
                "the match has no valid Create event at seq 0, so no rules apply",
            )),
            // The rules never see an act on the record (a redaction, a
            // visibility change): the game and its clocks stand still.
            (_, body, Some(_)) if body.is_about_the_record() => Ok(describe(body)),
            (_, body, Some(p)) => match p.apply(body, Stamp::of(e)) {
                Ok(applied) => {
                    supersedes = applied.supersedes;
                    Ok(applied.note)
                }
                Err(err) => {
                    p.refused(body, &e.actor);
                    Err(err)
                }
            },
        };
        if let Some(old) = supersedes {
            if let Some(step) = self.steps.iter_mut().rev().find(|s| s.seq == old) {
                step.superseded_by = Some(e.seq);
            }
        }
        let (note, error) = match result {
            Ok(n) => (Some(n), None),
            Err(err) => (None, Some(err)),
        };
        self.steps.push(Step {
            seq: e.seq,
            occurred_at: e.occurred_at,
            actor: e.actor.clone(),
            kind: e.body.kind(),
            text: describe(&e.body),
            note,
            error,
            superseded_by: None,
            state: self.play.as_ref().map(|p| p.state.clone()),
        });
    }

    /// The state after the last step.
    pub fn last_state(&self) -> Option<&MatchState> {
        self.steps.last().and_then(|s| s.state.as_ref())
    }

    /// Steps whose event the rules reject.
    pub fn rule_errors(&self) -> impl Iterator<Item = (&Step, &RuleError)> {
        self.steps
            .iter()
            .filter_map(|s| s.error.as_ref().map(|e| (s, e)))
    }
}

/// GamesmanUni's view of a whole match, for the games whose every
/// position is valued: each step's analysis and the moves that threw a win
/// away. Derived from the replay; pages cache it per log head.
#[derive(Clone, Debug, Default)]
pub struct Timeline {
    /// Per step: the value of the position after it, when the game has one.
    pub analyses: Vec<Option<Analysis>>,
    /// Per step: why its move was a mistake, when it was one.
    pub mistakes: Vec<Option<String>>,
}

impl Timeline {
    pub fn new(replay: &Replay) -> Timeline {
        let mut t = Timeline::default();
        t.extend(replay);
        t
    }

    /// Analyses the steps of `replay` after those this timeline has: after
    /// an append, only the new steps are valued.
    pub fn extend(&mut self, replay: &Replay) {
        for k in self.analyses.len()..replay.steps.len() {
            let analysis = replay.steps[k]
                .state
                .as_ref()
                .and_then(MatchState::analysis);
            self.analyses.push(analysis);
            let mistake = self.mistake(replay, k);
            self.mistakes.push(mistake);
        }
    }

    /// Why step `k`'s move threw a win away, when it did.
    fn mistake(&self, replay: &Replay, k: usize) -> Option<String> {
        let step = &replay.steps[k];
        if step.kind != "place" || step.error.is_some() || k == 0 {
            return None;
        }
        let before = self.analyses[k - 1].as_ref()?;
        let after = self.analyses[k].as_ref()?;
        Analysis::threw_away(before, after).then(|| {
            format!(
                "{} threw a win away: the mover stood on a {}, and after it best play \
                 gives the mover a {}",
                step.text,
                value_text(before.value, before.remoteness),
                match after.value_for(before.seat) {
                    crate::games::Value::Lose => "loss",
                    _ => "draw",
                }
            )
        })
    }

    /// Whether any step has an analysis.
    pub fn is_empty(&self) -> bool {
        self.analyses.iter().all(Option::is_none)
    }

    /// Every move made from a valued position to a valued one, in log
    /// order, with whether it kept the mover's value: a move that turned
    /// a win into a draw or a loss, or a draw into a loss, did not. A move
    /// a takeback replaced is not counted; the move replacing it is valued
    /// from the position before the first one. Moves the rules refused,
    /// and moves in games or parts of games with no exact values, are left
    /// out.
    pub fn valued_moves(&self, replay: &Replay) -> Vec<ValuedMove> {
        // The step each correction replaced, by the correction's seq.
        let replaced: BTreeMap<u64, usize> = replay
            .steps
            .iter()
            .enumerate()
            .filter_map(|(k, s)| s.superseded_by.map(|by| (by, k)))
            .collect();
        let mut out = Vec::new();
        for (k, step) in replay.steps.iter().enumerate() {
            if step.kind != "place" || step.error.is_some() || step.superseded_by.is_some() {
                continue;
            }
            let mut first = k;
            while let Some(&j) = replaced.get(&replay.steps[first].seq) {
                if j >= first {
                    break;
                }
                first = j;
            }
            let before = first
                .checked_sub(1)
                .and_then(|b| self.analyses.get(b))
                .and_then(Option::as_ref);
            let after = self.analyses.get(k).and_then(Option::as_ref);
            if let (Some(before), Some(after)) = (before, after) {
                out.push(ValuedMove {
                    step: k,
                    seat: before.seat,
                    kept: rank(after.value_for(before.seat)) >= rank(before.value),
                });
            }
        }
        out
    }
}

/// How good a value is for its side: a loss, a draw, a win.
fn rank(v: Value) -> u8 {
    match v {
        Value::Lose => 0,
        Value::Draw => 1,
        Value::Win => 2,
    }
}

/// A move between two valued positions ([`Timeline::valued_moves`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ValuedMove {
    /// The step that made it.
    pub step: usize,
    /// The seat that was to move.
    pub seat: usize,
    /// Whether the mover's value after it is as good as before.
    pub kept: bool,
}

/// sha256 of a state's canonical bytes (bincode, the log's fixed config).
pub fn state_digest(state: &MatchState) -> [u8; 32] {
    let bytes = bincode::serde::encode_to_vec(state, crate::log::seal::CONFIG)
        .expect("states serialise: no maps with non-string keys, no unsized data");
    Sha256::digest(&bytes).into()
}

/// An event in words, in the game's notation.
/// A Create in words.
fn describe_create(c: &crate::event::Create) -> String {
    format!(
        "create {}: {} (host {})",
        c.config.game().slug(),
        c.players.join(" vs "),
        c.host
    )
}

pub fn describe(body: &Body) -> String {
    if let Some(text) = crate::games::describe_payload(body) {
        return text;
    }
    match body {
        Body::Create(c) => describe_create(c),
        Body::CreateReviewed(r) => format!(
            "{}, {} by review",
            describe_create(&r.create),
            crate::games::words::count(r.review.corrections.len(), "correction", "corrections")
        ),
        Body::CreateCommitted(c) => match &c.review {
            Some(review) => format!(
                "{}, {} by review",
                describe_create(&c.create),
                crate::games::words::count(review.corrections.len(), "correction", "corrections")
            ),
            None => describe_create(&c.create),
        },
        Body::Redaction(r) => format!(
            "{} of the transcript removed on request: {}",
            crate::event::message_list(&r.messages),
            r.reason
        ),
        Body::Visibility(Visibility::Private) => {
            "made private: only its players, its host and admins may read it".to_string()
        }
        Body::Visibility(Visibility::Public) => "made public".to_string(),
        Body::Pass => "pass".to_string(),
        Body::Timeout(t) => format!("time out: {}", t.player),
        Body::Ruling(r) => {
            let who = r.winner.as_deref().unwrap_or("no player");
            match r.scope {
                Scope::Round(n) => format!("round {n} to {who}"),
                Scope::Match => format!("match to {who}"),
            }
        }
        Body::Appeal(a) => format!("appeal against seq {}: {}", a.ruling_seq, a.grounds),
        Body::AppealDecision(d) if d.upheld => {
            format!("appeal at seq {} rejected: ruling upheld", d.appeal_seq)
        }
        Body::AppealDecision(d) => format!(
            "appeal at seq {} granted: ruling overturned, to {}",
            d.appeal_seq,
            d.winner.as_deref().unwrap_or("no player")
        ),
        // Payload events are described by their game above.
        Body::RoundStart(_)
        | Body::Place(_)
        | Body::Claim(_)
        | Body::Challenge(_)
        | Body::Proof(_) => body.kind().to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::{MatchId, NewEvent};

    /// The bundled Dodgem sample's events, with `edit` applied to their
    /// JSON first.
    fn dodgem(edit: impl FnOnce(&mut Vec<serde_json::Value>)) -> Replay {
        let (_, json) = crate::samples::BUNDLED
            .iter()
            .find(|(f, _)| f.starts_with("dg-"))
            .expect("the Dodgem sample");
        let mut file: serde_json::Value = serde_json::from_str(json).unwrap();
        edit(file["events"].as_array_mut().unwrap());
        let events: Vec<NewEvent> = serde_json::from_value(file["events"].take()).unwrap();
        let id = MatchId::parse("dg").unwrap();
        let envelopes: Vec<Envelope> = crate::event::unsealed_log(&id, &events);
        Replay::new(&envelopes)
    }

    #[test]
    fn a_move_kept_the_value_unless_the_mover_stood_better_before_it() {
        let replay = dodgem(|_| {});
        let timeline = Timeline::new(&replay);
        let moves = timeline.valued_moves(&replay);
        // Every move of the sample is between valued positions.
        let places = replay.steps.iter().filter(|s| s.kind == "place").count();
        assert_eq!(moves.len(), places);
        for m in &moves {
            let before = timeline.analyses[m.step - 1].as_ref().unwrap();
            let chosen = before
                .moves
                .iter()
                .find(|mv| mv.name == replay.steps[m.step].text)
                .expect("the move made is one of the position's moves");
            assert_eq!(m.kept, chosen.value == before.value, "step {}", m.step);
            assert_eq!(m.seat, before.seat);
        }
        // The sample's mistake (a win thrown away) is a move not kept.
        for (k, mistake) in timeline.mistakes.iter().enumerate() {
            if mistake.is_some() {
                assert!(moves.iter().any(|m| m.step == k && !m.kept), "step {k}");
            }
        }
        assert!(moves.iter().any(|m| !m.kept) && moves.iter().any(|m| m.kept));
    }

    #[test]
    fn a_move_taken_back_is_not_counted_and_its_correction_is_valued_from_before_it() {
        // quill first plays a2 E (a losing move), then corrects it to the
        // sample's a3 E before marrow acts.
        let replay = dodgem(|events| {
            let mut wrong = events[2].clone();
            wrong["body"]["place"]["dodgem"]["move"] = "a2 E".into();
            events.insert(2, wrong);
        });
        assert_eq!(replay.steps[2].superseded_by, Some(3), "a takeback");
        let moves = Timeline::new(&replay).valued_moves(&replay);
        assert!(moves.iter().all(|m| m.step != 2), "the move taken back");
        let corrected = moves.iter().find(|m| m.step == 3).expect("the correction");
        // Valued from step 1 (quill, seat 0, to move on a win): a3 E wins.
        assert_eq!((corrected.seat, corrected.kept), (0, true));
    }
}
