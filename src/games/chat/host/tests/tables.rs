//! A tournament day's host, who speaks to several tables at once: asides
//! that suppose (`(C6-C3 would cross A5-F5)`), an arrow to the winner's
//! sentence, time said as being over the allowance, `puts down the first`.

use super::*;
use crate::games::chat_checks::assert_rulings;

#[test]
fn a_host_of_several_tables_is_read_for_this_one() {
    assert_rulings(
        ruling,
        &[(
            "nothing left from C6 for kit (C6-C3 would cross A5-F5) so vale drew the last line → DM 13 goes to kit",
            Scope::Match,
            Some("kit"),
        )],
    );
    // The time-out before the arrow, the win after it.
    assert_eq!(
        events("⏰ T1: vale that's well over your 2 min from F5 → kit takes DM 13 on time"),
        ["timeout", "ruling"]
    );
    each_gives("timeout", true, &["vale, you're over your 2 min ⏰"]);
    each_gives("timeout", false, &["vale is almost over her time ⏰"]);
    assert_eq!(
        first("@Kit you're on table 3, kit puts down the first x"),
        1
    );
}
