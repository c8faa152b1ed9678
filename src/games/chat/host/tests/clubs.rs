//! A chess club's way of ruling: result lines (`kit 1-0 vale`), PGN tags
//! naming White, a dubious move marked `?` beside a result.

use super::*;
use crate::games::chat_checks::assert_rulings;

/// A one-game match's words: a result there is the game's.
const ONE_GAME: HostWords = HostWords {
    rounds: false,
    ..WORDS
};

fn one_game(text: &str) -> Vec<ChatReading> {
    let p = players();
    let ctx = ChatContext::new(&p, 1);
    read(text, &ctx, &ONE_GAME)
        .into_iter()
        .map(|r| r.read)
        .collect()
}

#[test]
fn a_result_line_gives_the_win_to_the_side_of_the_one() {
    let winner = |text: &str| match one_game(text).as_slice() {
        [ChatReading::Event(Body::Ruling(r)), ..] => r.winner.clone(),
        other => panic!("{text:?} read as {other:?}"),
    };
    for (text, want) in [
        ("kit 1-0 vale", "kit"),
        ("vale 0-1 kit. gg", "kit"),
        ("1-0 Kit, gg", "kit"),
        // A dubious move marked in another sentence asks nothing.
        (
            "vale 0-1 kit, 24–37. engine says F7? was best for vale",
            "kit",
        ),
    ] {
        assert_eq!(winner(text).as_deref(), Some(want), "{text}");
    }
    assert_rulings(
        ruling,
        &[
            ("Kit took it", Scope::Round(1), Some("kit")),
            ("vale took round 1", Scope::Round(1), Some("vale")),
        ],
    );
    // Taken, but no win: a track, a risk; a score asked.
    each_gives(
        "ruling",
        false,
        &["vale took the safe 6", "kit took his time there"],
    );
    assert!(one_game("kit 1-0 vale?").is_empty());
}

#[test]
fn white_moves_first_where_the_game_has_no_sides() {
    const NO_SIDES: HostWords = HostWords {
        sides: None,
        ..WORDS
    };
    let p = players();
    let ctx = ChatContext::new(&p, 0);
    let first = |text: &str| {
        read(text, &ctx, &NO_SIDES)
            .into_iter()
            .find_map(|r| match r.read {
                ChatReading::Fact(Fact::First(s)) => Some(s),
                _ => None,
            })
    };
    assert_eq!(first("[White \"kit\"]"), Some(1));
    assert_eq!(first("[Black \"kit\"]"), Some(0));
    assert_eq!(first("White: vale"), Some(0));
    assert_eq!(first("kit likes the white car best"), None);
}

/// A club host's terse `gg <name>` (a score at most after it, a `*` when
/// it corrects) names the winner; `gg both`, `gg wp` and a `gg` that is
/// not the clause's first word name no one.
#[test]
fn a_hosts_gg_to_one_name_is_the_winners() {
    for (text, want) in [
        ("gg vale", "vale"),
        ("gg kit 33-32 😮‍💨", "kit"),
        ("vale 44 kit 33 → gg vale", "vale"),
        ("wait no 🤦 vale is stuck. gg kit*", "kit"),
    ] {
        assert_eq!(ruling(text).1.as_deref(), Some(want), "{text}");
    }
    each_gives(
        "ruling",
        false,
        &["gg both", "gg wp", "gg everyone", "gg, kit to start"],
    );
}

/// A club host's shared win: the totals, a handshake and `u both get it`.
#[test]
fn both_getting_it_is_a_shared_win() {
    assert_eq!(
        ruling("36 36 🤝 tie, u both get it"),
        (Scope::Round(1), None)
    );
}
