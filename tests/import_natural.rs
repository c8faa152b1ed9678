//! Transcripts as people really write them (issue 13): the corpus in
//! `tests/data/import/natural/` (per game, short matches whose `plain` form
//! is arbiter's own notation and whose `natural` form rewrites one message
//! or exchange the way hosts and players write it) and the complete messy
//! matches in `tests/data/import/matches/`.
//!
//! Each natural case must read as the same events as its plain form (the
//! same kinds and canonical texts, in order, leaving out events a
//! correction superseded), with nothing unread, no rule error and the
//! outcome the case states. Each complete match must read as its intended
//! events (leaving out moves the rules refused, and the host's own words in
//! rulings), end with the rules' outcome of them, and its whole report is a golden file
//! in `tests/golden/import/matches/` (`UPDATE_GOLDEN=1` rewrites it).
//!
//! The reader is being rebuilt case by case, so the cases known to read
//! right are listed in `natural/reads.txt` and `matches/reads.txt`: a
//! listed case that stops reading right fails the test (a regression);
//! one that starts reading right is printed, to be added to the list.

use crate::common;

use common::import::Setting;

use std::collections::BTreeSet;

use arbiter::import::events::{self, ImportReport};
use serde_json::Value;

const GAMES: [&str; 6] = [
    "rush-hour",
    "duorail",
    "bejeweled",
    "dodgem",
    "xs-and-lines",
    "permutation",
];

fn data(path: &str) -> String {
    let path = format!("{}/tests/data/import/{path}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The events that count (kind and canonical text), leaving out those a
/// later correction superseded. An appeal's grounds are the player's own
/// words (as a ruling's text is the host's): only the ruling it is
/// against counts.
fn counted(r: &ImportReport) -> Vec<(String, String)> {
    let v = serde_json::to_value(r).expect("a report serialises");
    v["events"]
        .as_array()
        .expect("events")
        .iter()
        .filter(|e| e["superseded_by"].is_null())
        .map(|e| {
            let kind = e["kind"].as_str().unwrap_or_default().to_string();
            let text = e["text"].as_str().unwrap_or_default();
            let text = match text.split_once(": ") {
                Some((against, _)) if kind == "appeal" => against,
                _ => text,
            };
            (kind, text.to_string())
        })
        .collect()
}

/// What is wrong with a reading: unread messages, rule errors, an
/// outcome other than the case's. Empty when it reads right. A move the
/// case says the rules refuse (`"refused": ["E8-C3 via C8"]`, a move the
/// host sent back) is no fault: the record keeps it, refused.
fn faults(r: &ImportReport, case: &Value) -> Vec<String> {
    let want = &case["outcome"];
    let meant_refused = |text: &str| {
        case["refused"]
            .as_array()
            .is_some_and(|r| r.iter().any(|t| t.as_str() == Some(text)))
    };
    let mut out: Vec<String> = r
        .unread
        .iter()
        .map(|u| format!("message {} unread: {}", u.message, u.reason))
        .collect();
    for e in &r.events {
        if let Some(err) = e.rule_error.as_ref().filter(|_| !meant_refused(&e.text)) {
            out.push(format!(
                "message {} {} '{}': {err}",
                e.message, e.kind, e.text
            ));
        }
    }
    let got = serde_json::to_value(&r.outcome).expect("an outcome serialises");
    for key in ["rounds", "score", "winner"] {
        if got[key] != want[key] {
            out.push(format!("outcome {key}: {} (want {})", got[key], want[key]));
        }
    }
    out
}

/// The bodies of the events an import stands by, without those the rules
/// refused or a correction superseded, as [`essence`]s. An appeal's seqs
/// (the ruling it is against, the appeal a decision answers) count only
/// the events kept, as the intended events count them.
fn standing(i: &events::Imported) -> Vec<Value> {
    let kept: Vec<bool> = i
        .report
        .events
        .iter()
        .map(|r| r.rule_error.is_none() && r.superseded_by.is_none())
        .collect();
    // seq in the log → seq among the events kept.
    let renumber = |seq: &mut Value| {
        if let Some(s) = seq.as_u64().filter(|&s| s >= 1) {
            let dropped = kept[..(s as usize - 1).min(kept.len())]
                .iter()
                .filter(|k| !**k)
                .count();
            *seq = Value::from(s - dropped as u64);
        }
    };
    i.events[1..]
        .iter()
        .zip(&kept)
        .filter(|(_, k)| **k)
        .map(|(e, _)| {
            let mut b = essence(&serde_json::to_value(&e.body).expect("a body serialises"));
            for at in ["/appeal/ruling_seq", "/appeal_decision/appeal_seq"] {
                if let Some(seq) = b.pointer_mut(at) {
                    renumber(seq);
                }
            }
            b
        })
        .collect()
}

/// An event body without the host's own words (a ruling's or time-out's
/// text is the message as written), a powerup offer as a set: what the
/// event does.
fn essence(body: &Value) -> Value {
    let mut b = body.clone();
    if let Some(offer) = b.pointer_mut("/round_start/bejeweled/offer") {
        let mut ups: Vec<&str> = offer.as_str().unwrap_or_default().split(',').collect();
        ups.sort_unstable();
        *offer = Value::from(ups.join(","));
    }
    for kind in ["ruling", "timeout"] {
        if let Some(o) = b.get_mut(kind).and_then(Value::as_object_mut) {
            o.remove("text");
            o.remove("note");
        }
    }
    b
}

/// Where two event lists first part.
fn first_difference(got: &[Value], want: &[Value]) -> String {
    let at = got
        .iter()
        .zip(want)
        .position(|(g, w)| g != w)
        .unwrap_or(got.len().min(want.len()));
    format!(
        "event {} read {}, meant {} ({} events read, {} meant)",
        at + 1,
        got.get(at).map_or("nothing".into(), Value::to_string),
        want.get(at).map_or("nothing".into(), Value::to_string),
        got.len(),
        want.len()
    )
}

/// The names listed in a `reads.txt`.
fn listed(path: &str) -> BTreeSet<String> {
    data(path)
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(str::to_string)
        .collect()
}

/// A game's corpus files: `<game>.json`, then each `<game>.<batch>.json`
/// (a batch written by other hands, with its own players and host).
fn corpus_files(game: &str) -> Vec<String> {
    let dir = format!("{}/tests/data/import/natural", env!("CARGO_MANIFEST_DIR"));
    let mut batches: Vec<String> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{dir}: {e}"))
        .filter_map(|f| f.ok()?.file_name().into_string().ok())
        .filter(|f| {
            f.strip_prefix(game)
                .and_then(|rest| rest.strip_prefix('.'))
                .and_then(|rest| rest.strip_suffix(".json"))
                .is_some_and(|batch| !batch.is_empty() && !batch.contains('.'))
        })
        .collect();
    batches.sort();
    std::iter::once(format!("{game}.json"))
        .chain(batches)
        .collect()
}

#[test]
fn natural_phrasings_read_as_their_plain_forms() {
    let known = listed("natural/reads.txt");
    let mut regressions = Vec::new();
    let mut newly = Vec::new();
    let mut misread = Vec::new();
    let mut summary = Vec::new();
    let mut total = (0, 0);
    for game in GAMES {
        let (mut right, mut count) = (0, 0);
        for file in corpus_files(game) {
            let corpus: Value = serde_json::from_str(&data(&format!("natural/{file}")))
                .unwrap_or_else(|e| panic!("natural/{file}: {e}"));
            let base = Setting::from(&corpus, "", "case");
            let cases = corpus["cases"].as_array().expect("cases");
            count += cases.len();
            for case in cases {
                let name = format!("{game}: {}", case["name"].as_str().unwrap_or_default());
                let mut setting = Setting::from(&corpus, "", "case");
                if let Some(more) = case["aliases"].as_object() {
                    for (k, v) in more {
                        setting
                            .opts
                            .cast
                            .aliases
                            .insert(k.clone(), v.as_str().unwrap_or_default().to_string());
                    }
                }
                let plain = base
                    .import(case["plain"].as_str().expect("plain"))
                    .unwrap_or_else(|e| panic!("{name}: the plain form does not import: {e}"));
                let plain_faults = faults(&plain, case);
                assert!(
                    plain_faults.is_empty(),
                    "{name}: the plain form must read right: {plain_faults:#?}"
                );
                let problems = match setting.import(case["natural"].as_str().expect("natural")) {
                    Err(e) => vec![format!("does not import: {e}")],
                    Ok(natural) => {
                        let mut p = faults(&natural, case);
                        let (a, b) = (counted(&plain), counted(&natural));
                        if a != b {
                            p.push(format!("events {b:?}, plain reads {a:?}"));
                        }
                        p
                    }
                };
                let reads = problems.is_empty();
                right += usize::from(reads);
                match (reads, known.contains(&name)) {
                    (false, true) => regressions.push(format!("{name}: {problems:#?}")),
                    (true, false) => newly.push(name),
                    (false, false) => misread.push(format!("{name}: {problems:?}")),
                    _ => {}
                }
            }
        }
        summary.push(format!("{game}: {right} of {count} read right"));
        total.0 += right;
        total.1 += count;
    }
    println!("{}", summary.join("\n"));
    println!("all games: {} of {} read right", total.0, total.1);
    if !misread.is_empty() {
        println!("still misread:\n{}", misread.join("\n"));
    }
    if !newly.is_empty() {
        println!(
            "now read right (add to natural/reads.txt):\n{}",
            newly.join("\n")
        );
    }
    assert!(
        regressions.is_empty(),
        "cases that read right before and no longer do:\n{}",
        regressions.join("\n")
    );
}

#[test]
fn complete_matches_end_with_the_rules_outcome() {
    let known = listed("matches/reads.txt");
    // Matches whose outcome reads right while some events do not, for a
    // reason each line names (`stem — reason`): the outcome and the whole
    // report are pinned, the events' differences only printed.
    let outcome_only: BTreeSet<String> = listed("matches/outcome-reads.txt")
        .into_iter()
        .map(|l| l.split(" — ").next().unwrap_or_default().trim().to_string())
        .collect();
    let mut regressions = Vec::new();
    for file in std::fs::read_dir(format!(
        "{}/tests/data/import/matches",
        env!("CARGO_MANIFEST_DIR")
    ))
    .expect("the matches folder")
    {
        let path = file.expect("an entry").path();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let Some(stem) = name.strip_suffix(".cast.json") else {
            continue;
        };
        let cast: Value = serde_json::from_str(&data(&format!("matches/{name}"))).unwrap();
        let expect: Value =
            serde_json::from_str(&data(&format!("matches/{stem}.expect.json"))).unwrap();
        let imported =
            Setting::from(&cast, "", "case").imported(&data(&format!("matches/{stem}.txt")));
        let intended: Value =
            serde_json::from_str(&data(&format!("matches/{stem}.intended.json"))).unwrap();
        if let Ok(i) = &imported {
            let got = standing(i);
            let want: Vec<Value> = intended["events"].as_array().expect("events")[1..]
                .iter()
                .map(|e| essence(&e["body"]))
                .collect();
            if got != want {
                let differs = format!(
                    "{stem}: the events read are not the events meant:\n{}",
                    first_difference(&got, &want)
                );
                if known.contains(stem) {
                    regressions.push(differs);
                } else {
                    println!("{differs}");
                }
            }
        }
        let report = imported.map(|i| i.report);
        let got = report
            .as_ref()
            .map(|r| serde_json::to_value(&r.outcome).unwrap());
        let reads = got.as_ref().is_ok_and(|g| {
            ["rounds", "score", "winner"]
                .iter()
                .all(|k| g[*k] == expect[*k])
        });
        println!(
            "{stem}: {}",
            if reads {
                "the rules' outcome".to_string()
            } else {
                format!("{got:?}, want {expect}")
            }
        );
        let pinned = known.contains(stem) || outcome_only.contains(stem);
        if !reads && pinned {
            regressions.push(stem.to_string());
        }
        if reads && !pinned {
            println!("now reads right (add to matches/reads.txt): {stem}");
        }
        // A match that reads right keeps its whole report: a change to any
        // event, flag or note shows in the golden file's diff.
        if let (true, Ok(report)) = (reads && pinned, &report) {
            common::import::assert_golden(&format!("matches/{stem}.json"), report);
        }
    }
    assert!(
        regressions.is_empty(),
        "no longer read right: {regressions:?}"
    );
}

/// The texts of the events of `kind` that a Duorail paste between wren
/// (blue, first) and fern, hosted by danny, reads as.
fn duorail_events(paste: &str, kind: &str) -> Vec<String> {
    let cast = serde_json::json!({
        "game": "duorail", "players": ["wren", "fern"], "host": "danny",
        "aliases": {}, "config": null, "date": "2026-12-19"
    });
    let head = "danny — Today at 11:00 PM\nwren plays blue and moves first, fern is red\n";
    let report = Setting::from(&cast, "", "case")
        .import(&format!("{head}{paste}"))
        .expect("it imports");
    report
        .events
        .iter()
        .filter(|e| e.kind == kind)
        .map(|e| e.text.clone())
        .collect()
}

/// `g8 lj` / `*lu`: a starred word takes the place of the one word of
/// the writer's message before that it can stand for; a star after
/// someone else's message fixes nothing.
#[test]
fn a_starred_word_fixes_its_typo_in_the_message_before() {
    let (typo, fern) = (
        "wren — Today at 11:01 PM\ng8 lj\n",
        "fern — Today at 11:02 PM\nH3 LU\n",
    );
    assert_eq!(
        duorail_events(&format!("{typo}[11:01 PM]\n*lu\n{fern}"), "place"),
        ["G8 LU (blue)", "H3 LU (red)"]
    );
    assert_eq!(
        duorail_events(
            &format!("{typo}fern — Today at 11:01 PM\n*lu\n{fern}"),
            "place"
        ),
        ["H3 LU (red)"]
    );
}

/// `c1 c2` / `+c3`: a move cut short, whose rest alone is play that
/// cannot be read, is the two messages together; a whole move followed by
/// talk stays as it was.
#[test]
fn a_move_cut_short_is_read_with_its_rest() {
    let track = "wren — Today at 11:01 PM\nE5 UR\nfern — Today at 11:02 PM\nimpossible for blue\n\
                 wren — Today at 11:03 PM\nE5 RRDD\n[11:03 PM]\n";
    let proofs = |rest: &str| duorail_events(&format!("{track}{rest}"), "proof");
    assert_eq!(proofs("LLLLUUUU\n"), ["E5 RRDDLLLLUUUU"]);
    assert_eq!(proofs("gl lol\n"), ["E5 RRDD"]);
}
