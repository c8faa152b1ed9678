//! The host reader's time-out tests: a player named or spoken to beside
//! the words of running out, an allowance ended or used up, a reserve
//! that a move's minutes run into, and what is none of these.
//!
//! Imports only the host reader's tests around it: no game, nothing from
//! `log/` but the event vocabulary, `web/`, `import/` or `verify.rs`.

use super::*;

#[test]
fn time_outs_name_the_player_and_a_bank_used_is_none() {
    each_gives(
        "timeout",
        true,
        &[
            "time's up, Vale ran out",
            "⏰ Kit ran out of her reserve",
            "⏰ Kit timed out",
            "Kit is out of time",
            "vale ran out of time",
            "time's up, Vale ran out — Kit wins",
            "time's up, Kit ran out — point to Vale",
            "Kit's clock hit zero",
            "Vale's time is up",
            "no solution from Vale and her reserve is gone ⌛",
            "no loop from Kit within the 5 minutes",
            "2½ minutes gone, no proof from Vale",
            "Kit didn't draw within 90 s ⏱️",
            "Vale did not finish in time",
            "@Kit that's time ⏱️ no red track came in",
            "proof window closed, @Vale — nothing posted ⏰",
            "Kit went over the 2-minute limit ⏰",
            "Vale's 90 s are up ⌛",
            // What was owed, at the clause's end.
            "⏰ @Kit time — 2:30 since your 18 and no proof",
            "⏰ 2:30 is up, nothing from vale → R1 kit",
            // A bare call of time beside the one name said.
            "⏰ vale, thats time",
            "vale, time's up",
            "time's up, Kit",
        ],
    );
    each_gives(
        "timeout",
        false,
        &[
            "Kit ran out of time, using a time bank",
            "Vale ran out of cars to place",
            "Kit ran out of cars, 90 s left",
            "Three moves exactly, and nothing shorter came from Kit in his two minutes.",
            "Vale ran out of ideas ⏰",
            // An absence without a word of time, a denial, a hypothesis.
            "no counter from Vale",
            "Kit has not timed out yet",
            "if Kit doesn't draw within 90 s she loses",
            "Vale didn't place a car on row 3 ⏰ 2 min left",
            "no track came in yet, @Kit 2 min left",
            "@Vale is up, 90 s on the clock",
            "@Kit 2:30 on the clock, no proof needed for a pass",
            "@Kit no proof yet, 2 min left",
            // A window for a better answer closed.
            "Per the rules, Mr. Kit's two minutes have passed without a shorter solution.",
            // One window closed and the next opened for the player.
            "30 sec over. Kit 17 is higher → @Kit proof pls, 2 min",
        ],
    );
}

#[test]
fn an_allowance_that_ends_or_is_used_up_is_a_time_out() {
    each_gives(
        "timeout",
        true,
        &[
            "kit burned his whole reserve without posting a solve ⌛",
            "Kit's 2 minutes expired without a move ⏲️",
            "Vale let the clock run down 🙃",
            "no line from Kit before the 90 s buzzer 🔔",
            "Vale used up all her time",
            "Kit exhausted his reserve",
            "the clock ran down on Vale",
            "Kit's reserve is gone",
            // Second-language English.
            "⏰❌ kit, time finish and no line",
            "kit, your time is over",
            "Vale's 5 minute is passed ⏰",
            "5 minute is passed and kit not send any line ⏰",
            "Time is up, kit did not solve it.",
            "⏰ That's five minutes up, Kit, and no red track from you, I'm afraid.",
            "⏰ That's time, Kit — we're past the two and a half minutes since your 14 and no proof, I'm afraid.",
            // "You", in a sentence that names one player.
            "sorry vale 😔 the 2 minutes are finish and also your reserve time is finish, so it's time out for you",
            "ohh no kit 😢 2 minute and 30 second is passed and no proof is coming, so is time out for you. don't worry, there is still many rounds!",
            "⏰ 3min pass and Kit still no move, time is over. Vale win the DM",
            "5min is finish! Kit don't show any track for red, so Vale is winner.",
            "Kit no answer since 21:03, time is over ⏰ Vale win the DM by time out.",
        ],
    );
    each_gives(
        "timeout",
        false,
        &[
            "Kit burned 2 minutes of his reserve",
            "Vale's into her reserve now ⏰",
            "Kit used her reserve on that one",
            "Kit, don't let the clock run down",
            "Vale placed just before her time expired",
            "half of Kit's reserve is gone",
            "has Kit's time expired?",
            "no line from Kit yet, 90 s on the clock",
            "Vale let Kit go first",
            "Kit, the game is over, gg",
            "1 minute passed, Vale still thinking",
            "Kit finished her car, time for Vale",
            // Naming no one timed out, or time that still runs.
            "time expired! gg kit, you win",
            "Kit wins, time out",
            "sorry kit, your time is not over, 30 s left",
            "kit, 2 minutes passed but you still have your reserve",
            "kit not send any line yet, 5 minute is passed",
            "Kit still no move, 1 min left",
        ],
    );
}

#[test]
fn with_a_reserve_only_the_reserve_running_out_is_a_time_out() {
    let p = players();
    let ctx = ChatContext::new(&p, 1);
    let names = name_words(&ctx);
    let heard_in = |text: &str, reserve_kept: bool| {
        let words = chat_words(&clean_chat(&host_text(text)));
        let heard = Heard {
            message: &words,
            sentence: &words,
            spoken_to: None,
            reserve_kept,
            asked: false,
        };
        clauses(&clean_chat(&host_text(text)))
            .iter()
            .find_map(|c| timed_out(c, &names, &heard))
    };
    assert_eq!(heard_in("Kit's 2 minutes expired", false), Some(1));
    assert_eq!(heard_in("Kit's 2 minutes expired", true), None);
    assert_eq!(heard_in("Vale let the clock run down", true), None);
    assert_eq!(heard_in("Kit's reserve expired", true), Some(1));
    assert_eq!(heard_in("kit burned his whole reserve", true), Some(1));
    // Nothing since a time on the clock; what follows `so` is what the
    // time-out brought, and the winner it names ran out of nothing.
    let ruled = "Vale no answer from 20:11, also 5min reserve is finish ⏰ so Kit is winner";
    assert_eq!(heard_in(ruled, true), Some(0));
    assert_eq!(heard_in("reserve is finish so Kit is winner", true), None);
    assert_eq!(
        heard_in("no move from Kit since 9:02, 2 min", false),
        Some(1)
    );
}

#[test]
fn a_chess_clock_at_zero_times_its_player_out() {
    let p = players();
    let ctx = ChatContext::new(&p, 1);
    let names = name_words(&ctx);
    let heard_in = |text: &str| {
        let words = chat_words(&clean_chat(&host_text(text)));
        let heard = Heard {
            message: &words,
            sentence: &words,
            spoken_to: None,
            reserve_kept: false,
            asked: false,
        };
        clauses(&clean_chat(&host_text(text)))
            .iter()
            .find_map(|c| timed_out(c, &names, &heard))
    };
    assert_eq!(heard_in("Vale 4:23 / Kit 0:00, flag"), Some(1));
    assert_eq!(heard_in("⏰ kit 0:00 — flag"), Some(1));
    assert_eq!(heard_in("clock: kit 0:00 ⏱"), Some(1));
    assert_eq!(heard_in("Vale 1:02 / Kit 0:00"), Some(1));
    // A score, both clocks at zero, a clock still running.
    assert_eq!(heard_in("Vale 0:0 Kit"), None);
    assert_eq!(heard_in("kit 0:00 vale 0:00, flag"), None);
    assert_eq!(heard_in("kit 0:30 left on the clock"), None);
}

#[test]
fn a_bare_call_of_time_needs_one_name_and_no_winner() {
    each_gives(
        "timeout",
        false,
        &[
            "that's time",
            "Kit wins, time up",
            "Kit, Vale, that's time",
            "time",
        ],
    );
}

/// A call of time beside one name alone in its clause (`⏰ vale`) is a
/// time-out for that player; beside two names, or with minutes left, it
/// is none.
#[test]
fn a_call_of_time_on_one_name_is_a_time_out() {
    each_gives("timeout", true, &["⏰ vale", "⏰ @Kit", "time kit"]);
    each_gives(
        "timeout",
        false,
        &[
            "⏰ kit vale",
            "⏰ kit 2 min left",
            "⏰ kit, your time starts now",
        ],
    );
}
