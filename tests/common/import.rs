//! Shared by the import tests: the transcripts in `tests/data/import/`,
//! their golden reports in `tests/golden/import/` (`UPDATE_GOLDEN=1`
//! rewrites them), and an import committed to a fresh store.

use arbiter::import::events::{self, ImportOptions, ImportReport, Imported};
use arbiter::import::{self as transcripts, Format, TimeContext};
use arbiter::log::seal::Sealed;
use arbiter::log::{EventStore, MatchId, SledStore};
use arbiter::verify::Finding;
use chrono::NaiveDate;

/// The import form's cast and times for `dodgem-unread-setup.txt` (whose
/// host names blue by a nickname the reader cannot read): the game, its
/// two players and host, the nicknames, the zone and the date it was
/// copied on.
pub const UNREAD_SETUP_FORM: [(&str, &str); 7] = [
    ("game", "dodgem"),
    ("player_a", "fern"),
    ("player_b", "mossy_k"),
    ("host", "quill"),
    ("aliases", "Fern = fern\nMoss = mossy_k"),
    ("tz", "UTC"),
    ("date", "2026-11-20"),
];

/// A transcript file of `tests/data/import/`, as text.
pub fn transcript(file: &str) -> String {
    let path = format!("{}/tests/data/import/{file}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// Imports a transcript file copied on `date` (UTC), its layout detected.
pub fn import_file(file: &str, date: (i32, u32, u32), opts: &ImportOptions) -> Imported {
    let text = transcript(file);
    let ctx = TimeContext::new(
        chrono_tz::UTC,
        NaiveDate::from_ymd_opt(date.0, date.1, date.2).expect("a valid date"),
    );
    let t = transcripts::read_transcript(&text, None, &ctx).expect("the transcript reads");
    events::read_match(&t, &text, opts).expect("the transcript imports")
}

/// Compares a report with `tests/golden/import/{name}`.
pub fn assert_golden(name: &str, report: &ImportReport) {
    let got = serde_json::to_string_pretty(report).expect("a report serialises") + "\n";
    let path = format!("{}/tests/golden/import/{name}", env!("CARGO_MANIFEST_DIR"));
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::write(&path, &got).expect("the golden file is writable");
    }
    let want = std::fs::read_to_string(&path).expect("golden report (UPDATE_GOLDEN=1 writes it)");
    assert_eq!(got, want, "{name}: the import report changed");
}

/// The import stored as match `imported` in a fresh store, as sealed.
pub fn committed(imported: Imported) -> (tempfile::TempDir, Vec<Sealed>) {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let store = SledStore::open(dir.path()).expect("a fresh store");
    let id = MatchId::parse("imported").expect("a valid id");
    for (seq, e) in imported.events.into_iter().enumerate() {
        store
            .append(&id, seq as u64, e)
            .expect("the import appends");
    }
    let sealed = store.events(&id).expect("the match reads back");
    (dir, sealed)
}

/// The verifier's findings on a stored log.
pub fn findings(sealed: &[Sealed]) -> Vec<Finding> {
    let envelopes: Vec<_> = sealed.iter().map(|s| s.envelope.clone()).collect();
    arbiter::verify::findings(&arbiter::replay::Replay::new(&envelopes))
}

/// Commits an import and checks what every committed import must hold:
/// the Create event keeps the transcript `file` word for word, and the
/// match has one finding, on which the host's ruling agrees with the rules.
pub fn assert_kept_and_agreed(imported: Imported, file: &str) {
    let (_dir, sealed) = committed(imported);
    let arbiter::log::Body::Create(c) = &sealed[0].envelope.body else {
        panic!("the first event is not the Create")
    };
    assert_eq!(
        c.source.as_ref().map(|s| s.text.as_str()),
        Some(transcript(file).as_str()),
        "the transcript is kept whole"
    );
    let findings = findings(&sealed);
    assert_eq!(findings.len(), 1, "{findings:?}");
    assert_eq!(findings[0].verdict, arbiter::verify::Verdict::Agrees);
}

/// How a corpus transcript is imported: a `.cast.json` (or a natural
/// corpus file's header) read as options, the day its relative stamps
/// count from (in UTC) and its layout when forced.
pub struct Setting {
    pub opts: ImportOptions,
    pub time: TimeContext,
    pub format: Option<Format>,
}

impl Setting {
    /// The settings in `v`; the match is titled `title` and its source
    /// named `source_name`.
    pub fn from(v: &serde_json::Value, title: &str, source_name: &str) -> Setting {
        let s = |k: &str| v[k].as_str().unwrap_or_default().to_string();
        let players = v["players"].as_array().expect("players");
        let aliases = v["aliases"]
            .as_object()
            .map(|m| {
                m.iter()
                    .map(|(k, x)| (k.clone(), x.as_str().unwrap_or_default().to_string()))
                    .collect()
            })
            .unwrap_or_default();
        Setting {
            opts: ImportOptions {
                game: arbiter::games::GameKind::from_slug(&s("game")).expect("a game"),
                cast: events::Cast {
                    players: [
                        players[0].as_str().expect("a player").to_string(),
                        players[1].as_str().expect("a player").to_string(),
                    ],
                    host: s("host"),
                    aliases,
                },
                title: title.to_string(),
                importer: "test".into(),
                source_name: source_name.to_string(),
                config: (!v["config"].is_null())
                    .then(|| serde_json::from_value(v["config"].clone()).expect("a config")),
            },
            time: TimeContext {
                // Numeric dates the transcript cannot settle, settled as the
                // person importing would (`--date-order`).
                date_order: match v["date_order"].as_str() {
                    Some("day-first") => Some(arbiter::import::DateOrder::DayFirst),
                    Some("month-first") => Some(arbiter::import::DateOrder::MonthFirst),
                    _ => None,
                },
                ..TimeContext::new(
                    chrono_tz::UTC,
                    NaiveDate::parse_from_str(&s("date"), "%Y-%m-%d").expect("a date"),
                )
            },
            format: v["format"].as_str().and_then(Format::from_slug),
        }
    }

    /// `text` imported with these settings.
    pub fn imported(&self, text: &str) -> Result<Imported, String> {
        let t = transcripts::read_transcript(text, self.format, &self.time)
            .map_err(|e| e.to_string())?;
        events::read_match(&t, text, &self.opts).map_err(|e| e.to_string())
    }

    /// The report of `text` imported with these settings.
    pub fn import(&self, text: &str) -> Result<ImportReport, String> {
        self.imported(text).map(|i| i.report)
    }
}
