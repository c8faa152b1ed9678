//! The replay is deterministic and honest, and the verifier's reports on the
//! bundled samples match their golden files (`tests/golden/`; set
//! `UPDATE_GOLDEN=1` to rewrite them after a deliberate change).

use crate::common;

use arbiter::log::{EventStore, MatchId, SledStore};
use arbiter::replay::{state_digest, Replay};
use arbiter::{samples, verify};

fn stored(events: Vec<arbiter::log::NewEvent>) -> (tempfile::TempDir, Vec<arbiter::log::Envelope>) {
    let dir = tempfile::tempdir().unwrap();
    let store = SledStore::open(dir.path()).unwrap();
    let id = MatchId::parse("m").unwrap();
    for (seq, e) in events.into_iter().enumerate() {
        store.append(&id, seq as u64, e).unwrap();
    }
    let envs = store
        .events(&id)
        .unwrap()
        .into_iter()
        .map(|s| s.envelope)
        .collect();
    (dir, envs)
}

fn digests(r: &Replay) -> Vec<Option<[u8; 32]>> {
    r.steps
        .iter()
        .map(|s| s.state.as_ref().map(state_digest))
        .collect()
}

#[test]
fn replaying_twice_gives_bit_identical_states() {
    let mut all = vec![common::small_match()];
    for (file, json) in samples::BUNDLED {
        all.push(samples::parse(file, json).unwrap().1);
    }
    for events in all {
        let (_dir, envs) = stored(events);
        let a = Replay::new(&envs);
        let b = Replay::new(&envs);
        assert_eq!(
            a.steps.len(),
            envs.len(),
            "one step per event, none dropped"
        );
        assert_eq!(digests(&a), digests(&b));
        // Every step after Create has a state, and states change over time.
        let d = digests(&a);
        assert!(d.iter().all(Option::is_some));
        assert_ne!(d.first(), d.last());
    }
}

#[test]
fn a_rule_breaking_event_stays_in_the_replay_with_its_error() {
    let (_dir, envs) = stored(common::small_match());
    let r = Replay::new(&envs);
    let last = r.steps.last().unwrap();
    assert_eq!(last.kind, "place");
    assert_eq!(last.error.as_ref().unwrap().rule, "round");
    // The state carries on unchanged from the step before.
    let before = &r.steps[r.steps.len() - 2];
    assert_eq!(
        state_digest(before.state.as_ref().unwrap()),
        state_digest(last.state.as_ref().unwrap())
    );
}

#[test]
fn events_before_create_are_errors_not_panics() {
    let mut events = common::small_match();
    events.remove(0);
    let (_dir, envs) = stored(events);
    let r = Replay::new(&envs);
    assert_eq!(r.steps.len(), envs.len());
    assert!(r
        .steps
        .iter()
        .all(|s| s.error.is_some() && s.state.is_none()));
}

#[test]
fn verifier_reports_match_their_golden_files() {
    for (file, json) in samples::BUNDLED {
        let (id, events) = samples::parse(file, json).unwrap();
        let dir = tempfile::tempdir().unwrap();
        let store = SledStore::open(dir.path()).unwrap();
        for (seq, e) in events.into_iter().enumerate() {
            store.append(&id, seq as u64, e).unwrap();
        }
        let envs: Vec<_> = store
            .events(&id)
            .unwrap()
            .into_iter()
            .map(|s| s.envelope)
            .collect();
        let report = verify::report(&id, store.verify(&id).unwrap(), &Replay::new(&envs));
        assert!(report.chain.is_ok());
        assert!(report.rule_errors.is_empty(), "{:?}", report.rule_errors);
        let text = report.to_string();
        let golden = format!("{}/tests/golden/{id}.txt", env!("CARGO_MANIFEST_DIR"));
        if std::env::var_os("UPDATE_GOLDEN").is_some() {
            std::fs::create_dir_all(std::path::Path::new(&golden).parent().unwrap()).unwrap();
            std::fs::write(&golden, &text).unwrap();
        }
        let want = std::fs::read_to_string(&golden)
            .unwrap_or_else(|_| panic!("{golden} is missing: run with UPDATE_GOLDEN=1"));
        assert_eq!(text, want, "the report for {id} changed");
    }
}

#[test]
fn the_sample_with_a_wrong_ruling_is_flagged() {
    let mut disagreements = Vec::new();
    for (file, json) in samples::BUNDLED {
        let (id, events) = samples::parse(file, json).unwrap();
        let (_dir, envs) = stored(events);
        let f = verify::findings(&Replay::new(&envs));
        let n = f
            .iter()
            .filter(|x| x.verdict == verify::Verdict::Disagrees)
            .count();
        disagreements.push((id.to_string(), n));
    }
    assert!(
        disagreements.iter().any(|(_, n)| *n >= 1),
        "one sample holds a ruling the verifier shows wrong: {disagreements:?}"
    );
}
