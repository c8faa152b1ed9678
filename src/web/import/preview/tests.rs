//! The preview pinned: every message's reading and the board drawn after
//! each event, for transcripts with takebacks (a move replaced before anyone
//! else acts, chained and failed corrections), a solution over two
//! messages, a rule error and a posted board that differs from the replay.
//! The boards come from the import's states, so this is where a change in
//! how those states are kept would show (`UPDATE_GOLDEN=1` rewrites the
//! files in `tests/golden/import/preview/`).
//!
//! Like the code it tests, must not import a storage engine or a game's own
//! folder.

use std::collections::BTreeMap;

use askama::Template;
use chrono::NaiveDate;

use super::super::{ImportForm, ImportPage};
use crate::games::{GameConfig, GameKind};
use crate::import::events::{read_match, Cast, ImportOptions};
use crate::import::{read_transcript, TimeContext};

/// The preview's messages (the page's `<ol class="preview">`) of a
/// transcript file of `tests/data/import/`.
fn preview(
    file: &str,
    game: GameKind,
    players: [&str; 2],
    host: &str,
    aliases: &[(&str, &str)],
    config: Option<GameConfig>,
) -> String {
    let dir = env!("CARGO_MANIFEST_DIR");
    let text = std::fs::read_to_string(format!("{dir}/tests/data/import/{file}"))
        .expect("the transcript is there");
    let ctx = TimeContext::new(
        chrono_tz::UTC,
        NaiveDate::from_ymd_opt(2026, 11, 21).expect("a date"),
    );
    let transcript = read_transcript(&text, None, &ctx).expect("the transcript reads");
    let opts = ImportOptions {
        game,
        cast: Cast {
            players: players.map(String::from),
            host: host.to_string(),
            aliases: aliases
                .iter()
                .map(|(a, b)| (a.to_string(), b.to_string()))
                .collect::<BTreeMap<_, _>>(),
        },
        title: String::new(),
        importer: "test".into(),
        source_name: file.into(),
        config,
    };
    let imported = read_match(&transcript, &text, &opts).expect("the transcript imports");
    let form = ImportForm {
        transcript: text.clone(),
        game: game.slug().into(),
        player_a: players[0].into(),
        player_b: players[1].into(),
        host: host.into(),
        date: "2026-11-21".into(),
        ..ImportForm::default()
    };
    let mut page = ImportPage::new(form.clone());
    super::fill(&mut page, &form, &transcript, imported, game);
    let html = page.render().expect("the page renders");
    let start = html.find("<ol class=\"preview\"").expect("a preview");
    let end = start + html[start..].find("</ol>").expect("its end") + "</ol>".len();
    html[start..end].to_string() + "\n"
}

fn assert_golden(name: &str, got: &str) {
    let path = format!(
        "{}/tests/golden/import/preview/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::write(&path, got).expect("the golden file is writable");
    }
    let want = std::fs::read_to_string(&path).expect("golden preview (UPDATE_GOLDEN=1 writes it)");
    assert!(got == want, "{name}: the import preview changed");
}

#[test]
fn import_preview_with_takebacks_draws_the_same_boards() {
    let got = preview(
        "preview/rush-hour-takebacks.txt",
        GameKind::RushHour,
        ["mira", "jonas"],
        "kg",
        &[],
        None,
    );
    // The takeback's board shows the car where the first move put it; the
    // correction's, where the second did.
    assert!(got.contains("corrected at message 2: no longer counts"));
    assert!(got.contains("the replay at this message"));
    assert_golden("rush-hour-takebacks.html", &got);
}

#[test]
fn import_preview_of_a_match_with_a_takeback_is_unchanged() {
    let config = GameConfig::Dodgem(Default::default());
    let got = preview(
        "matches/dodgem-botboards.txt",
        GameKind::Dodgem,
        ["marlowe", "pip"],
        "gearbox",
        &[
            ("Marlowe ☕", "marlowe"),
            ("Pip Okafor", "pip"),
            ("Gearbox | DMO", "gearbox"),
        ],
        Some(config),
    );
    assert!(got.contains("no longer counts"));
    assert_golden("dodgem-botboards.html", &got);
}
