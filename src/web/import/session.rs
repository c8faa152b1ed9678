//! Preview sessions: the transcript a preview read, kept in memory on the
//! server, so a change of one reading re-reads the match from the parsed
//! transcript without the page sending it (up to 8 MiB) or the server
//! parsing it again. What is kept is kept only while the preview is in
//! use: at most [`KEPT`] sessions, the oldest dropped first; a session
//! unused for [`IDLE`] is dropped (checked on every use and every
//! [`SWEEP`]); and a page's session is dropped when it
//! previews again (the new preview replaces it) or commits. Nothing of a
//! preview is written to disk. A dropped or unknown session answers 410
//! and the page submits the whole form instead. A session id is 16 random
//! bytes: only the page that made the preview knows it.
//!
//! Must not import a storage engine (only `log/` names sled or PostgreSQL)
//! or a game's own folder (`games::rush_hour` and the like): the store is
//! reached through `EventStore`, a game through the registry and the shared
//! modules of `games`.

use std::collections::VecDeque;
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::ImportForm;
use crate::import::events::ImportOptions;
use crate::import::{TimeContext, Transcript};

/// How many previews the server keeps.
pub const KEPT: usize = 32;

/// How long a preview is kept after it was last used.
pub const IDLE: Duration = Duration::from_secs(30 * 60);

/// How often the server drops the previews unused for [`IDLE`].
pub const SWEEP: Duration = Duration::from_secs(60);

/// What a preview read: the form (its corrections aside), the transcript
/// as parsed, and the options and times it was read with.
pub(crate) struct Session {
    pub form: ImportForm,
    pub transcript: Transcript,
    pub opts: ImportOptions,
    pub ctx: TimeContext,
}

/// The kept previews, newest last, each with when it was last used.
#[derive(Default)]
pub(crate) struct Sessions {
    kept: VecDeque<(String, Instant, Arc<Session>)>,
}

impl Sessions {
    /// Keeps a preview and names it; the oldest goes beyond [`KEPT`].
    pub fn keep(&mut self, session: Session) -> String {
        self.keep_at(session, Instant::now())
    }

    /// The preview named `id`, if it is still kept (and now used).
    pub fn get(&mut self, id: &str) -> Option<Arc<Session>> {
        self.get_at(id, Instant::now())
    }

    /// Drops the preview named `id`: its page previewed again or
    /// committed.
    pub fn forget(&mut self, id: &str) {
        self.kept.retain(|(k, _, _)| k != id);
    }

    fn keep_at(&mut self, session: Session, now: Instant) -> String {
        self.forget_idle(now);
        let mut bytes = [0u8; 16];
        getrandom::getrandom(&mut bytes).expect("the operating system's random source works");
        let id = hex::encode(bytes);
        self.kept.push_back((id.clone(), now, Arc::new(session)));
        while self.kept.len() > KEPT {
            self.kept.pop_front();
        }
        id
    }

    fn get_at(&mut self, id: &str, now: Instant) -> Option<Arc<Session>> {
        self.forget_idle(now);
        let (_, used, session) = self.kept.iter_mut().find(|(k, _, _)| k == id)?;
        *used = now;
        Some(session.clone())
    }

    /// Drops every preview unused for [`IDLE`] by now: the server calls it
    /// every [`SWEEP`], so an idle preview goes even when no other preview
    /// comes to push it out.
    pub fn forget_idle_now(&mut self) {
        self.forget_idle(Instant::now());
    }

    /// Drops every preview unused for [`IDLE`] at `now`.
    fn forget_idle(&mut self, now: Instant) {
        self.kept
            .retain(|(_, used, _)| now.saturating_duration_since(*used) < IDLE);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn session() -> Session {
        Session {
            form: ImportForm::default(),
            transcript: crate::import::read_transcript(
                "kg — Today at 8:00 PM\nhello\n",
                None,
                &ctx(),
            )
            .unwrap(),
            opts: ImportOptions {
                game: crate::games::GameKind::RushHour,
                cast: crate::import::events::Cast {
                    players: ["a".into(), "b".into()],
                    host: "kg".into(),
                    aliases: Default::default(),
                },
                title: String::new(),
                importer: String::new(),
                source_name: String::new(),
                config: None,
            },
            ctx: ctx(),
        }
    }

    fn ctx() -> TimeContext {
        TimeContext::new(
            chrono_tz::UTC,
            chrono::NaiveDate::from_ymd_opt(2026, 11, 20).unwrap(),
        )
    }

    #[test]
    fn the_newest_previews_are_kept_and_the_oldest_dropped() {
        let mut s = Sessions::default();
        let first = s.keep(session());
        assert_eq!(first.len(), 32);
        assert!(s.get(&first).is_some());
        let later: Vec<String> = (0..KEPT).map(|_| s.keep(session())).collect();
        assert!(s.get(&first).is_none(), "the oldest is dropped");
        assert!(later.iter().all(|id| s.get(id).is_some()));
        assert!(s.get("not-a-session").is_none());
    }

    #[test]
    fn a_preview_unused_for_the_idle_time_is_dropped() {
        let mut s = Sessions::default();
        let start = Instant::now();
        let used = s.keep_at(session(), start);
        let idle = s.keep_at(session(), start);
        let almost = start + IDLE - Duration::from_secs(1);
        assert!(
            s.get_at(&used, almost).is_some(),
            "still kept, and now used"
        );
        let later = start + IDLE;
        assert!(s.get_at(&idle, later).is_none(), "unused for IDLE: dropped");
        assert!(s.get_at(&used, later).is_some(), "its use counts from then");
        assert!(s.get_at(&used, later + IDLE).is_none());
        assert!(s.kept.is_empty(), "nothing is left behind");
    }

    #[test]
    fn a_forgotten_preview_is_gone_and_the_others_stay() {
        let mut s = Sessions::default();
        let (a, b) = (s.keep(session()), s.keep(session()));
        s.forget(&a);
        assert!(s.get(&a).is_none());
        assert!(s.get(&b).is_some());
        s.forget("not-a-session");
        assert!(s.get(&b).is_some());
    }
}
