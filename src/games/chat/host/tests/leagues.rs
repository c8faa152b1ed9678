//! The host reader's tests for a league's channel (blind round 11): a
//! results bot's fixed lines, a match named by its league number, a recap
//! of another match, and the rules explained while play waits.
//!
//! Imports only the host reader's tests around it: no game, nothing from
//! `log/` but the event vocabulary, `web/`, `import/` or `verify.rs`.

use super::*;

#[test]
fn a_match_named_by_its_league_number_is_the_match() {
    for text in [
        "challenge fails → DM #17 to @kit",
        "DM #17 to kit",
        "Match #3: kit wins",
        // The letter after the name, on a phone.
        "thats the dm, kit w",
    ] {
        assert_eq!(ruling(text).1.as_deref(), Some("kit"), "{text}");
    }
    // A number of something else keeps its mark.
    assert!(events("kit, see #rules for the timer").is_empty());
}

#[test]
fn a_time_word_beside_a_win_is_why_not_a_time_out() {
    let bot = "⏱️ Time's up for @kit (2:00)\n📋 DM #14 · Winner: @vale (timeout)";
    assert_eq!(events(bot), ["timeout", "ruling"], "{:?}", said(bot));
    assert_eq!(
        ruling("📋 DM #14 · Winner: @vale (timeout)").1.as_deref(),
        Some("vale")
    );
    each_gives(
        "timeout",
        false,
        &[
            "Vale wins on time",
            "winner: vale, timeout",
            "Per the 2-minute move limit, the match is awarded to Vale by time-out.",
        ],
    );
    assert_eq!(
        ruling("Per the 2-minute move limit, the match is awarded to Vale by time-out.")
            .1
            .as_deref(),
        Some("vale")
    );
}

#[test]
fn who_had_a_side_in_another_match_sets_up_nothing() {
    for text in [
        "recap of last week's DM 30: kit was blue there, opened a3 E",
        "yesterday vale played blue and lost",
        "kit was blue last time",
    ] {
        sets_up_no_first(text);
    }
    assert_eq!(first("kit is blue"), 1);
}

#[test]
fn a_tie_rule_said_while_play_waits_is_no_ruling() {
    each_gives(
        "ruling",
        false,
        &[
            "both passed → endgame. on a tie kit wins since he placed last",
            "in case of a tie vale wins",
        ],
    );
    // A side is no name the person importing should tie.
    let got = said("bot flips for blue, blue starts");
    assert!(
        !got.iter().any(|r| matches!(r, ChatReading::Unread(_))),
        "{got:?}"
    );
}

/// A ruling's score table, in a code block or as markdown rows with a
/// round's W and L, is joined into the line the score readers know, each
/// line keeping its number; a table of one row, or naming one player
/// twice, is left as it is.
#[test]
fn a_score_table_is_joined_into_one_line() {
    let p = players();
    let names = name_words(&ChatContext::new(&p, 1));
    let joined = |text: &str| super::super::score::tables_joined(text, &names);
    assert_eq!(
        joined("RULING: solve checks out\n```\nKit    1\nvale   0\n```"),
        "RULING: solve checks out\n```\nkit 1 vale 0\n\n```"
    );
    assert_eq!(
        joined("| | R1 | total |\n|---|---|---|\n| Kit 🏁 | W | 1 |\n| vale | L | 0 |"),
        "| | R1 | total |\n|---|---|---|\nkit 1 vale 0\n"
    );
    for kept in ["standings\n```\nKit 1\n```", "kit 1\nkit 0", "kit 1 vale 0"] {
        assert_eq!(joined(kept), kept);
    }
}
