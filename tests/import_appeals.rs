//! Appeals said in chat become the log's Appeal and AppealDecision: a
//! Dodgem game whose host rules it right (ozzie_b drove every car off) is
//! followed by a player's appeal and the host's answer in the ways hosts
//! write it. Each answer is checked for what the log keeps, who wins now,
//! and what the report flags: an overturn the rules do not back is a
//! ruling in question at the decision's message.

use crate::common;
use crate::import_dodgem::options;

use arbiter::import::events::{self, ImportReport, ReadEvent};
use arbiter::import::{self as transcripts, TimeContext};
use chrono::NaiveDate;

/// The Dodgem game, then `more` (`(author, text)`, one a minute from
/// 7:20 PM), imported; its report.
fn after_the_game(more: &[(&str, &str)]) -> ImportReport {
    imported_after(more).report
}

/// The Dodgem game, then `more`, imported.
fn imported_after(more: &[(&str, &str)]) -> events::Imported {
    let mut text = common::import::transcript("dodgem-game.txt");
    for (k, (author, said)) in more.iter().enumerate() {
        text.push_str(&format!("\n{author} — Today at 7:{} PM\n{said}", 20 + k));
    }
    let ctx = TimeContext::new(
        chrono_tz::UTC,
        NaiveDate::from_ymd_opt(2026, 11, 20).expect("a date"),
    );
    let t = transcripts::read_transcript(&text, None, &ctx).expect("the transcript reads");
    events::read_match(&t, &text, &options()).expect("the transcript imports")
}

fn last<'r>(r: &'r ImportReport, kind: &str) -> &'r ReadEvent {
    r.events
        .iter()
        .rfind(|e| e.kind == kind)
        .unwrap_or_else(|| panic!("no {kind} in {:#?}", r.events))
}

fn winner(r: &ImportReport) -> Option<String> {
    r.outcome.winner.clone()
}

#[test]
fn an_appeal_denied_keeps_the_ruling() {
    let r = after_the_game(&[
        ("tamsin", "I appeal: a3 S was forced, I had no other move"),
        (
            "ruthless",
            "Appeal denied. The ruling stands, ozzie_b wins.",
        ),
    ]);
    let appeal = last(&r, "appeal");
    assert!(appeal.text.contains("a3 S was forced"), "{appeal:?}");
    let decision = last(&r, "appeal_decision");
    assert!(decision.text.contains("upheld"), "{decision:?}");
    assert!(r.events.iter().all(|e| e.rule_error.is_none()), "{r:#?}");
    assert!(r.unread.is_empty(), "{:?}", r.unread);
    assert!(r.rulings_in_question.is_empty());
    assert_eq!(winner(&r).as_deref(), Some("ozzie_b"));
}

#[test]
fn an_overturn_the_rules_do_not_back_is_a_ruling_in_question() {
    for answer in [
        // Said in so many words, with the new winner.
        "The appeal succeeds: the ruling is overturned and tamsin wins.",
        // Only a new ruling: another winner decides it.
        "ok fine, you convinced me. tamsin wins",
        // Overturned with no one named: the other player.
        "appeal granted",
    ] {
        let r = after_the_game(&[
            ("tamsin", "I'd like to appeal that ruling"),
            ("ruthless", answer),
        ]);
        let decision = last(&r, "appeal_decision");
        assert!(
            decision.text.contains("overturned, to tamsin"),
            "{answer}: {decision:?}"
        );
        assert!(r.events.iter().all(|e| e.rule_error.is_none()), "{answer}");
        let flagged: Vec<usize> = r.rulings_in_question.iter().map(|q| q.message).collect();
        assert_eq!(flagged, [decision.message], "{answer}");
        assert_eq!(r.rulings_in_question[0].verdict, "disagrees");
        // The outcome is the rules': ozzie_b drove every car off.
        assert_eq!(winner(&r).as_deref(), Some("ozzie_b"), "{answer}");
    }
}

#[test]
fn the_same_ruling_said_again_upholds_it() {
    let r = after_the_game(&[
        ("tamsin", "appeal!"),
        ("ruthless", "checked it again: ozzie_b wins"),
    ]);
    assert!(last(&r, "appeal_decision").text.contains("upheld"));
    assert!(r.rulings_in_question.is_empty());
}

#[test]
fn talk_about_appeals_is_talk() {
    let r = after_the_game(&[
        ("tamsin", "should I appeal?"),
        ("ozzie_b", "I won't appeal anything, gg"),
        ("ruthless", "let me look at the appeal rules"),
    ]);
    assert!(!r.events.iter().any(|e| e.kind.starts_with("appeal")));
    assert!(r.unread.is_empty(), "{:?}", r.unread);
}

#[test]
fn a_decision_that_goes_both_ways_is_unread_and_says_why() {
    let r = after_the_game(&[
        ("tamsin", "I appeal"),
        ("ruthless", "appeal denied, the ruling is overturned"),
    ]);
    assert!(!r.events.iter().any(|e| e.kind == "appeal_decision"));
    let why = &r.unread.last().expect("the decision is unread").reason;
    assert!(why.contains("both"), "{why}");
}

#[test]
fn an_appeal_before_any_ruling_is_unread_and_says_why() {
    let mut text = common::import::transcript("dodgem-game.txt");
    text = text.replacen("gl hf\n", "gl hf\n[7:00 PM]\nI appeal\n", 1);
    let ctx = TimeContext::new(
        chrono_tz::UTC,
        NaiveDate::from_ymd_opt(2026, 11, 20).expect("a date"),
    );
    let t = transcripts::read_transcript(&text, None, &ctx).expect("the transcript reads");
    let r = events::read_match(&t, &text, &options())
        .expect("the transcript imports")
        .report;
    assert!(
        r.unread
            .iter()
            .any(|u| u.reason.contains("ruled nothing yet")),
        "{:?}",
        r.unread
    );
    assert_eq!(winner(&r).as_deref(), Some("ozzie_b"));
}

#[test]
fn a_committed_appeal_replays_and_its_finding_names_the_overturn() {
    let imported = imported_after(&[
        ("tamsin", "objection! a3 S was forced"),
        ("ruthless", "you're right, reversed: tamsin takes the match"),
    ]);
    let (_dir, sealed) = common::import::committed(imported);
    let kinds: Vec<&str> = sealed[sealed.len() - 2..]
        .iter()
        .map(|s| s.envelope.body.kind())
        .collect();
    assert_eq!(kinds, ["appeal", "appeal_decision"]);
    let envelopes: Vec<_> = sealed.iter().map(|s| s.envelope.clone()).collect();
    let replay = arbiter::replay::Replay::new(&envelopes);
    assert!(replay.steps.iter().all(|s| s.error.is_none()));
    // The finding judges the ruling as made (the rules agree with it) and
    // says the appeal overturned it, to tamsin.
    let findings = common::import::findings(&sealed);
    assert_eq!(findings[0].verdict, arbiter::verify::Verdict::Agrees);
    assert!(
        findings[0]
            .ruled
            .contains("overturned on appeal at seq 20: the game to tamsin"),
        "{}",
        findings[0].ruled
    );
}
