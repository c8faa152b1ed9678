//! The host reader's tests for hosts who put on a show (blind rounds 13
//! and 14): a persona's pauses for effect and flourishes, and a mentor's
//! welcome that names who starts in a sentence spoken to a player.
//!
//! Imports only the host reader's tests around it: no game, nothing from
//! `log/` but the event vocabulary, `web/`, `import/` or `verify.rs`.

use super::*;

#[test]
fn a_persona_host_pauses_gives_the_first_move_and_calls_time_in_flourishes() {
    // A pause for effect ends no sentence.
    assert_eq!(
        ruling("And the round... goes... to **KIT**!").1.as_deref(),
        Some("kit")
    );
    assert_eq!(ruling("The DM goes… to… Vale!").1.as_deref(), Some("vale"));
    assert_eq!(
        ruling("and the grid... belongs... to VALE").1.as_deref(),
        Some("vale")
    );
    assert_eq!(
        ruling("the round, the keys, the whole garage... go... to **KIT**!")
            .1
            .as_deref(),
        Some("kit")
    );
    assert_eq!(ruling("Round four to Kit. 💎").0, Scope::Round(4));
    assert_eq!(
        ruling(
            "the second was laid down before the bell. Madame accepts it, and the house pays Kit."
        )
        .1
        .as_deref(),
        Some("kit")
    );
    // A side that belongs to a player is a setup, not a win.
    each_gives(
        "ruling",
        false,
        &["the blue cars belong to kit", "blue belongs to kit"],
    );
    // The first move given to the one spoken to, or said after a name, in
    // a message that opens a round.
    for (text, seat) in [
        ("Round 1\nLady Kit — the first car is yours to park", 1),
        (
            "Round 1\nVale, ma chérie, you take the first chair — the first x is yours",
            0,
        ),
        ("Round 2\n**Kit** holds the pen first — first cross", 1),
    ] {
        assert_eq!(first(text), seat, "{text}");
    }
    for text in [
        // Not a message that sets play up.
        "Lady Kit — the first car is yours to park",
        // A race, a denial, a supposition.
        "Round 2\nVale, you know the rule: first to 3",
        "Round 2\nKit, you can't go first again",
        "Round 2\nif Vale holds the pen first",
    ] {
        sets_up_no_first(text);
    }
    // A time-out told after the ruling it is the reason for comes first.
    assert_eq!(
        events("The DM... goes... to **KIT**!\n-# vale timed out on the solve, reserve exhausted"),
        ["timeout", "ruling"]
    );
    // `a half` after a number is part of the amount; a denial that opens
    // the clause's second half leaves the first half said.
    each_gives(
        "timeout",
        true,
        &["⌛ Vale, your two and a half minutes are gone and not a single gem has moved. Time!"],
    );
    each_gives("timeout", false, &["Vale, half your minutes are gone"]);
}

#[test]
fn a_mentor_names_who_starts_in_a_welcome() {
    // A message that opens a round sets play up (as one before play does).
    for (text, seat) in [
        // `you` is the one named before it in the sentence, not the one
        // named after; `your first game` is no turn of play.
        ("Round 1\nWelcome Vale and kit, and welcome to your first game! Vale, you'll be player 1, so you put down the first x and kit goes after you.", 0),
        ("Round 1\nKit, you'll be driving the blue cars — the two on the left — and blue always goes first. Vale, you've got the two red cars.", 1),
    ] {
        let firsts: Vec<ChatReading> = said(text)
            .into_iter()
            .filter(|r| matches!(r, ChatReading::Fact(Fact::First(_)) | ChatReading::Unread(_)))
            .collect();
        assert_eq!(firsts, [ChatReading::Fact(Fact::First(seat))], "{text}");
    }
}

/// A caster's call before the ruling: `not enough` counts something
/// short and denies nothing, and `steals` the round is winning it.
#[test]
fn a_casters_round_stolen_after_not_enough_is_a_ruling() {
    assert_eq!(
        ruling("OHHH IT FIZZLES OUT 😬 NOT ENOUGH GEMS… VALE STEALS ROUND 1 🌾").1,
        Some("vale".to_string())
    );
    each_gives(
        "ruling",
        false,
        &["vale did not steal round 1", "kit steals a glance"],
    );
}
