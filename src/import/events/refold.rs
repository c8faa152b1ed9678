//! The import's match at an earlier event, folded again from the events
//! instead of kept: a state kept per event is a whole state per event, and
//! a long match's state grows with its rounds (issue 16: 3.7 GB and 14 s
//! for 10,000 messages). The reader keeps only the match now; a correction
//! (the state before the move it replaces), a proof joined to the one
//! before it, and the preview's boards fold the events again, here.
//!
//! The fold follows what the import did, as its report says: an event the
//! rules refused changed nothing (the `Game` contract), and a move a later
//! one corrected counted only until then. A correction is applied to the
//! match as it was before the move it replaces, which is the fold of the
//! events before it that still count; so the fold skips a corrected move.
//!
//! Must not import the store (`log`), a page (`web`), bundles, backups or a
//! game's own folder (`games::rush_hour` and the like): an import reads a
//! transcript into events through the registry and the shared modules of
//! `games`, and its caller stores them.

use super::{Imported, ReadEvent};
use crate::event::NewEvent;
use crate::games::{MatchState, Stamp};

/// The match by the read events that still count, up to some event.
pub(super) struct Refold {
    /// `None`: the match could not start.
    state: Option<MatchState>,
    /// How many read events are folded (the next is `events[done + 1]`,
    /// after the Create).
    done: usize,
}

impl Refold {
    /// The match as its Create (`events[0]`) starts it.
    pub(super) fn start(events: &[NewEvent]) -> Refold {
        let state = events.first().and_then(|e| {
            let create = e.body.create()?;
            MatchState::start(create, e.occurred_at).ok()
        });
        Refold { state, done: 0 }
    }

    /// The match by the read events before `read[k]` that still count. The
    /// fold goes forward from where it stopped (from the start again only
    /// when asked for an earlier event), so asking for later and later
    /// events costs one fold of the match in all.
    pub(super) fn before(
        &mut self,
        events: &[NewEvent],
        read: &[ReadEvent],
        k: usize,
    ) -> Option<&MatchState> {
        if k < self.done {
            *self = Refold::start(events);
        }
        while self.done < k.min(read.len()) {
            if counts(&read[self.done]) {
                self.apply_next(events);
            }
            self.done += 1;
        }
        self.state.as_ref()
    }

    /// Applies the next read event to the match.
    fn apply_next(&mut self, events: &[NewEvent]) {
        if let (Some(s), Some(e)) = (self.state.as_mut(), events.get(self.done + 1)) {
            // Applied once already: the rules accept it again.
            let seq = self.done as u64 + 1;
            let _ = s.apply(
                &e.body,
                Stamp {
                    seq,
                    actor: &e.actor,
                    at: e.occurred_at,
                },
            );
        }
    }
}

/// Whether an event changed the match for good: the rules accepted it and
/// no later move corrected it.
fn counts(e: &ReadEvent) -> bool {
    e.rule_error.is_none() && e.superseded_by.is_none()
}

impl Imported {
    /// Calls `each(k, state)` with the match after each read event
    /// (`report.events[k]`), in order, as the rules left it when the
    /// transcript was read: what a preview draws. The states are folded
    /// again from the events, one at a time; a move a later one corrected
    /// is shown on a copy while it stands, and the fold goes on from the
    /// state before it.
    pub fn each_state(&self, mut each: impl FnMut(usize, Option<&MatchState>)) {
        let read = &self.report.events;
        let mut fold = Refold::start(&self.events);
        let mut standing: Option<MatchState> = None;
        for (k, e) in read.iter().enumerate() {
            if e.rule_error.is_none() {
                standing = None;
                if e.superseded_by.is_some() {
                    let mut copy = Refold {
                        state: fold.state.clone(),
                        done: k,
                    };
                    copy.apply_next(&self.events);
                    standing = copy.state;
                }
            }
            fold.before(&self.events, read, k + 1);
            each(k, standing.as_ref().or(fold.state.as_ref()));
        }
    }
}

#[cfg(test)]
mod tests {
    use chrono::NaiveDate;

    use crate::event::{Envelope, MatchId};
    use crate::games::{GameConfig, GameKind};
    use crate::import::events::{read_match, Cast, ImportOptions, Imported};
    use crate::import::{read_transcript, TimeContext};
    use crate::replay::{state_digest, Replay};

    /// A transcript of `tests/data/import/` imported as its cast file says
    /// (the takebacks transcript: as the preview test imports it).
    fn imported(file: &str) -> Imported {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/import");
        let text = std::fs::read_to_string(format!("{dir}/{file}")).expect("a transcript");
        let cast = file
            .strip_suffix(".txt")
            .map(|s| format!("{dir}/{s}.cast.json"));
        let cast: serde_json::Value = cast
            .and_then(|c| std::fs::read_to_string(c).ok())
            .map_or_else(
                || serde_json::json!({"game": "rush-hour", "players": ["mira", "jonas"], "host": "kg", "aliases": {}, "config": null, "date": "2026-11-21"}),
                |c| serde_json::from_str(&c).expect("a cast file"),
            );
        let date = NaiveDate::parse_from_str(cast["date"].as_str().expect("a date"), "%Y-%m-%d")
            .expect("a date");
        let t = read_transcript(&text, None, &TimeContext::new(chrono_tz::UTC, date))
            .expect("the transcript reads");
        let name = |v: &serde_json::Value| v.as_str().expect("a name").to_string();
        let opts = ImportOptions {
            game: GameKind::from_slug(cast["game"].as_str().expect("a game")).expect("a game"),
            cast: Cast {
                players: [name(&cast["players"][0]), name(&cast["players"][1])],
                host: name(&cast["host"]),
                aliases: serde_json::from_value(cast["aliases"].clone()).expect("aliases"),
            },
            title: String::new(),
            importer: "test".into(),
            source_name: file.into(),
            config: serde_json::from_value::<Option<GameConfig>>(cast["config"].clone())
                .expect("a config"),
        };
        read_match(&t, &text, &opts).expect("the transcript imports")
    }

    /// The states the preview draws are the import's own, event by event:
    /// compared with the replay of the events, which keeps every state and
    /// copies the state before each move (the import's way before issue
    /// 16). The replay cannot know of a message the import could not read,
    /// which ends a chance to correct; the transcripts here have none where
    /// it matters.
    #[test]
    fn import_states_folded_again_are_the_replays() {
        let files = [
            "preview/rush-hour-takebacks.txt",
            "matches/dodgem-botboards.txt",
            "matches/xs-and-lines-dce-json.txt",
            "matches/rush-hour-gb-paste.txt",
            "matches/permutation-dce-txt.txt",
            "matches/duorail-classic-dce-json.txt",
            "matches/bejeweled-dce-csv.txt",
        ];
        for file in files {
            let imported = imported(file);
            let id = MatchId::parse("refold").expect("an id");
            let envelopes: Vec<Envelope> = crate::event::unsealed_log(&id, &imported.events);
            let replay = Replay::new(&envelopes);
            let read = &imported.report.events;
            // These transcripts have no unread message where a correction
            // could come, so the replay reads their events as the import did.
            let same_reading = read.iter().zip(&replay.steps[1..]).all(|(e, s)| {
                e.rule_error.is_some() == s.error.is_some()
                    && e.superseded_by.is_some() == s.superseded_by.is_some()
            });
            assert!(
                same_reading,
                "{file}: the replay reads the events otherwise"
            );
            let mut states = 0;
            imported.each_state(|k, state| {
                let want = replay.steps[k + 1].state.as_ref().map(state_digest);
                assert_eq!(state.map(state_digest), want, "{file}: event {k}");
                states += 1;
            });
            assert_eq!(states, read.len(), "{file}");
        }
    }
}
