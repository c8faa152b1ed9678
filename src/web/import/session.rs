//! Preview sessions: the transcript a preview read, kept on the server, so
//! a change of one reading re-reads the match from the parsed transcript
//! without the page sending it (up to 8 MiB) or the server parsing it
//! again. At most [`KEPT`] sessions are kept, the oldest dropped first; a
//! dropped or unknown one answers 410 and the page submits the whole form
//! instead. A session id is 16 random bytes: only the page that made the
//! preview knows it.
//!
//! Must not import a storage engine (only `log/` names sled or PostgreSQL)
//! or a game's own folder (`games::rush_hour` and the like): the store is
//! reached through `EventStore`, a game through the registry and the shared
//! modules of `games`.

use std::collections::VecDeque;
use std::sync::Arc;

use super::ImportForm;
use crate::import::events::ImportOptions;
use crate::import::{TimeContext, Transcript};

/// How many previews the server keeps.
pub const KEPT: usize = 32;

/// What a preview read: the form (its corrections aside), the transcript
/// as parsed, and the options and times it was read with.
pub(crate) struct Session {
    pub form: ImportForm,
    pub transcript: Transcript,
    pub opts: ImportOptions,
    pub ctx: TimeContext,
}

/// The kept previews, newest last.
#[derive(Default)]
pub(crate) struct Sessions {
    kept: VecDeque<(String, Arc<Session>)>,
}

impl Sessions {
    /// Keeps a preview and names it; the oldest goes beyond [`KEPT`].
    pub fn keep(&mut self, session: Session) -> String {
        let mut bytes = [0u8; 16];
        getrandom::getrandom(&mut bytes).expect("the operating system's random source works");
        let id = hex::encode(bytes);
        self.kept.push_back((id.clone(), Arc::new(session)));
        while self.kept.len() > KEPT {
            self.kept.pop_front();
        }
        id
    }

    /// The preview named `id`, if it is still kept.
    pub fn get(&self, id: &str) -> Option<Arc<Session>> {
        self.kept
            .iter()
            .find(|(k, _)| k == id)
            .map(|(_, s)| s.clone())
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
}
