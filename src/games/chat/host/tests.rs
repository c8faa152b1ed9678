//! The host-ruling reader's unit tests: natural phrasings of rulings read as the host meant them.
//!
//! Imports only the host reader it tests: no game, nothing from `log/`
//! but the event vocabulary, `web/`, `import/` or `verify.rs`.

use super::*;

mod clubs;
mod leagues;
mod shows;
mod tables;
mod time_outs;

const WORDS: HostWords = HostWords {
    sides: Some(("blue", "red")),
    rounds: true,
    game_scope: Scope::Match,
    draws: &[&["draw"], &["tie"]],
    wins: &[(&["cars", "off"], Beside::Before, 4)],
};

fn players() -> Vec<String> {
    vec!["vale".to_string(), "kit".to_string()]
}

fn read_with(text: &str, aliases: &[(String, usize)], rounds: u32) -> Vec<ChatReading> {
    let p = players();
    let mut ctx = ChatContext::new(&p, rounds);
    ctx.aliases = aliases;
    read(text, &ctx, &WORDS)
        .into_iter()
        .map(|r| r.read)
        .collect()
}

fn said(text: &str) -> Vec<ChatReading> {
    read_with(text, &[], 1)
}

/// The kinds of the events `text` gives (`ruling`, `timeout` …), in order.
fn events(text: &str) -> Vec<&'static str> {
    said(text)
        .iter()
        .filter_map(|r| match r {
            ChatReading::Event(b) => Some(b.kind()),
            _ => None,
        })
        .collect()
}

/// Asserts that each of `texts` gives an event of `kind` (`gives`), or
/// none.
fn each_gives(kind: &str, gives: bool, texts: &[&str]) {
    for text in texts {
        assert_eq!(
            events(text).contains(&kind),
            gives,
            "{text}: {:?}",
            said(text)
        );
    }
}

fn ruling(text: &str) -> (Scope, Option<String>) {
    match said(text).as_slice() {
        [ChatReading::Event(Body::Ruling(r)), ..] => (r.scope, r.winner.clone()),
        other => panic!("{text:?} read as {other:?}"),
    }
}

fn first(text: &str) -> usize {
    let got = said(text);
    got.iter()
        .find_map(|r| match r {
            ChatReading::Fact(Fact::First(s)) => Some(*s),
            _ => None,
        })
        .unwrap_or_else(|| panic!("{text:?} read as {got:?}"))
}

/// Asserts that `text` says nothing of who goes first.
fn sets_up_no_first(text: &str) {
    let got = said(text);
    assert!(
        !got.iter()
            .any(|r| matches!(r, ChatReading::Fact(Fact::First(_)))),
        "{text}: {got:?}"
    );
}

#[test]
fn rulings_read_however_the_host_puts_them() {
    for (text, scope, who) in [
        ("Round 2 → Kit", Scope::Round(2), "kit"),
        ("round 2 -> kit", Scope::Round(2), "kit"),
        ("point for Vale", Scope::Round(1), "vale"),
        ("Vale takes the round 👏", Scope::Round(1), "vale"),
        ("Kit takes it, 41 to 30", Scope::Round(1), "kit"),
        (
            "gg, Moss wins 10-7, no wait: Kit wins 10-7",
            Scope::Round(1),
            "kit",
        ),
        ("and that's the DM, Kit wins 3-1", Scope::Match, "kit"),
        (
            "game over, Kit got all her cars off",
            Scope::Round(1),
            "kit",
        ),
        ("winner: vale", Scope::Round(1), "vale"),
        ("round 3 to **vale**", Scope::Round(3), "vale"),
        (
            "18 claim, 18 remove ✅ R1 for vale. 1:0",
            Scope::Round(1),
            "vale",
        ),
        ("Vale won round 2", Scope::Round(2), "vale"),
        ("Kit gets the round", Scope::Round(1), "kit"),
        ("Kit is the champion", Scope::Round(1), "kit"),
        ("and the match goes to Kit", Scope::Match, "kit"),
        ("🏆 Vale", Scope::Round(1), "vale"),
        (
            "Fern's boxed in, that's the game for Kit",
            Scope::Round(1),
            "kit",
        ),
        ("Vale has nothing left and wins", Scope::Round(1), "vale"),
        // A condition in its own sentence does not reach the next.
        (
            "if nobody objects, we move on. Kit wins round 1",
            Scope::Round(1),
            "kit",
        ),
        (
            "GG! Kit is your DM winner, clean 3–0 sweep 🧹",
            Scope::Match,
            "kit",
        ),
        ("Vale is the match winner", Scope::Match, "vale"),
        (
            "Vale comes out on top by 11 points 🏆",
            Scope::Round(1),
            "vale",
        ),
        (
            "Scores: Vale 30, Kit 41. Congrats Kit!",
            Scope::Round(1),
            "kit",
        ),
        ("congratulations to vale", Scope::Round(1), "vale"),
        ("ok this round is for vale. 1:0 👏", Scope::Round(1), "vale"),
        ("So round 2 is for Kit, 2:0.", Scope::Round(2), "kit"),
        // After the joke, the ruling.
        ("vale wins lol jk jk, round 2 to Kit", Scope::Round(2), "kit"),
        ("kit diff 😤 24-18 gg", Scope::Round(1), "kit"),
        ("ez for kit 🍚 87-25\n*87-52 mb", Scope::Round(1), "kit"),
        // A denial in an aside is the aside's.
        (
            "✅ Both tracks checked. Vale 22, Kit 24 (his first one did not count, the second one is valid) → Kit wins round 1!",
            Scope::Round(1),
            "kit",
        ),
        // Spoken to: the one player @-mentioned, or named just before.
        (
            "@kit your 5-move solve beats Vale's 6, round 1 is yours (1-0)",
            Scope::Round(1),
            "kit",
        ),
        (
            "@Kit your 16 beats Vale's 12 — you win",
            Scope::Round(1),
            "kit",
        ),
        (
            "nice @Vale, 17 confirmed ✅ round 1 is yours",
            Scope::Round(1),
            "vale",
        ),
        (
            "both your cars are off, @Kit — you win! 🎉",
            Scope::Round(1),
            "kit",
        ),
        ("Vale, that one's yours", Scope::Round(1), "vale"),
        (
            "Vale's proof falls short of 20 ❌ Kit gets round 1, 1-0",
            Scope::Round(1),
            "kit",
        ),
    ] {
        assert_eq!(ruling(text), (scope, Some(who.to_string())), "{text}");
    }
    assert_eq!(ruling("it's a draw"), (Scope::Round(1), None));
    for text in [
        "dead heat, 30–30! you both win 🤝",
        "you both won, 30 each",
        "Vale 30 | Kit 30 → draw, the win is shared",
    ] {
        assert_eq!(ruling(text), (Scope::Round(1), None), "{text}");
    }
}

#[test]
fn hypotheticals_rules_and_talk_are_no_ruling() {
    each_gives(
        "ruling",
        false,
        &[
            "if Kit wins this round it's 2-2",
            "the first player to win 3 rounds wins the DM",
            "Vale could win this",
            "who wins?? exciting",
            "nice placement kit",
            "Vale is on top for now",
            "congrats on the nice move, kit",
            "@Kit the next move is yours",
            "@Vale you win if you find it",
            "@Kit @Vale whoever finds it, you win",
            // What would follow a condition, in the same sentence.
            "if Kit's challenge fails, Vale wins",
            "unless Vale finds a 5, Kit takes the round",
            "the next round is for fun, Kit",
            "is this round for Vale?",
            "round 2 for kit to start",
            // A joke taken back.
            "Vale wins 🏆🏆 ...jk jk hold on lemme check",
            "kit takes it!! just kidding, still counting",
            "the diff is 6 points so far",
            // A bot's move clock, in a match of one game.
            "⏱️ 1:00 for Kit",
        ],
    );
}

#[test]
fn formal_awards_and_tournament_shorthand_are_rulings() {
    for (text, scope, who) in [
        // A formal award, the player named with a title.
        (
            "Per the rules on claims, Mr. Kit's two minutes have passed without a shorter solution. The round is awarded to Ms. Vale; 1–0.",
            Scope::Round(1),
            "vale",
        ),
        ("I hereby award round 1 to Ms. Vale; she leads 1–0.", Scope::Round(1), "vale"),
        ("Judgement: I hereby award the match to Mr. Kit.", Scope::Match, "kit"),
        // A tournament's shorthand: going through is the match's result,
        // whatever bracket round it names.
        ("R1 W: kit (1-0)", Scope::Round(1), "kit"),
        ("W vale — both cars off. gg go next", Scope::Round(1), "vale"),
        ("L kit, vale advances 🎉", Scope::Match, "vale"),
        ("track checks out → W vale, kit is eliminated", Scope::Match, "vale"),
        ("Kit advances to R3, gg", Scope::Match, "kit"),
    ] {
        assert_eq!(ruling(text), (scope, Some(who.to_string())), "{text}");
    }
    // An arrow before a round's number starts a clause of its own: the
    // time-out and the round's ruling.
    let text = "⏰ 2:30 is up, nothing from vale → R1 kit";
    assert_eq!(events(text), ["timeout", "ruling"]);
    assert_eq!(rulings(text), [(Scope::Round(1), Some("kit".to_string()))]);
    each_gives(
        "ruling",
        false,
        &[
            "w/ kit on blue and vale on red, round 2 starts now",
            "L-shaped car for vale",
            "the award for best move comes later, Kit",
            "Mr. Kit may award himself a break",
            "match point for Kit",
            "Kit has 15 point for now",
        ],
    );
}

#[test]
fn who_goes_first_in_every_phrasing() {
    for (text, seat) in [
        ("Vale goes first", 0),
        ("Kit starts", 1),
        ("first up: Vale", 0),
        ("🟢 first car: @kit | TTV", 1),
        ("1. @Kit ♜ — player one: the first x and, later on, the first line", 1),
        ("@vale is P1 and places the first x · @kit P2", 0),
        ("Vale (blue) vs Kit (red)", 0),
        ("@Vale (red) vs @Kit (blue, you start)", 1),
        ("coin toss → Kit picks, Kit goes first", 1),
        ("player one: vale", 0),
        ("P1 @kit vs P2 @vale", 1),
        ("kit is player 2", 0),
        ("Vale's first", 0),
        ("Kit's up first", 1),
        (
            "R1 | target: 2 | just the taxi | @kit on the clock first (1:00 per car). first to 3",
            1,
        ),
        ("kit, you're first to move", 1),
        ("first move goes to Kit", 1),
        ("Vale, you're up", 0),
        ("Vale opens", 0),
        ("Kit leads off", 1),
        ("Vale's blue, Kit's red", 0),
        ("Kit gets red", 0),
        ("blue: Vale, red: Kit", 0),
        ("Kit goes 1st", 1),
        ("Kit's turn to start", 1),
        ("**R1** (target: 6) — Vale, your car first", 0),
        ("round one! target = 5 moves, kit kicks us off", 1),
        ("seat 1: Kit / seat 2: Vale", 1),
        ("1. Vale — blue, moves first\n2. Kit — red\ngo!", 0),
        ("Round 3 · target 6 moves, vale to place", 0),
        (
            "Welcome! Rules: cars are 2 or 3 cells.\nThe loser of a round picks who starts the next.\nkit goes first",
            1,
        ),
    ] {
        assert_eq!(first(text), seat, "{text}");
    }
}

#[test]
fn a_name_from_the_aliases_counts() {
    let aliases = vec![("Kit Marlowe".to_string(), 1)];
    let got = read_with("@Kit Marlowe goes first", &aliases, 0);
    assert!(got.contains(&ChatReading::Fact(Fact::First(1))), "{got:?}");
}

#[test]
fn two_first_players_are_unread_not_guessed() {
    let got = said("vale goes first. no wait, kit goes first");
    assert!(
        matches!(got.as_slice(), [ChatReading::Unread(_)]),
        "{got:?}"
    );
}

#[test]
fn who_picks_and_the_round_number_are_facts() {
    let got = said("Round 2 → Kit. Loser picks who starts round 3");
    assert!(
        matches!(got.first(), Some(ChatReading::Event(Body::Ruling(_)))),
        "{got:?}"
    );
    assert!(
        got.contains(&ChatReading::Fact(Fact::Picks(Picker::Loser))),
        "{got:?}"
    );
    let got = said("**Round 2** — target is 4");
    assert_eq!(got, vec![ChatReading::Fact(Fact::Opens(Some(2)))]);
    let got = said("vale, your call: who starts?");
    assert!(
        got.contains(&ChatReading::Fact(Fact::Picks(Picker::Seat(0)))),
        "{got:?}"
    );
}

#[test]
fn a_pick_spoken_to_or_reported_and_a_round_with_the_match() {
    let got = said("round 1 to vale\nkit, you lost that one so you pick who starts round 2");
    assert!(
        got.contains(&ChatReading::Fact(Fact::Picks(Picker::Seat(1)))),
        "{got:?}"
    );
    assert_eq!(first("Vale lost round 1, she picked herself to start"), 0);
    let scopes: Vec<Scope> = said("Round 3 → Kit, and that's the DM! Kit wins 3-0 🎉")
        .into_iter()
        .filter_map(|r| match r {
            ChatReading::Event(Body::Ruling(r)) => Some(r.scope),
            _ => None,
        })
        .collect();
    assert_eq!(scopes, [Scope::Round(3), Scope::Match]);
    // A rules post's "round 1" opens nothing.
    assert!(
        !said("In round 1 I pick who goes first; after that the loser picks")
            .iter()
            .any(|r| matches!(r, ChatReading::Fact(Fact::Opens(_))))
    );
    assert_eq!(first("oh and @kit you're first. gl both"), 1);
    assert_eq!(first("kit, ur first"), 1);
    assert_eq!(
        first("🚦 Round 1 · target 3 moves · first to place: Kit"),
        1
    );
}

#[test]
fn the_picker_names_who_starts() {
    let p = players();
    let ctx = ChatContext::new(&p, 1);
    for (text, want) in [
        ("I'll start", Some(1)),
        ("me first", Some(1)),
        ("you go first", Some(0)),
        ("Vale first", Some(0)),
        ("let vale start", Some(0)),
        ("Kit first", Some(1)),
        ("hmm let me think", None),
        ("ur first", Some(0)),
        ("you're starting", Some(0)),
        ("I think you should go first", Some(0)),
        ("you know what, I'll start", Some(1)),
        ("u", Some(0)),
    ] {
        assert_eq!(choice(text, 1, &ctx), want, "{text}");
    }
}

#[test]
fn a_side_named_before_a_ruling_is_no_setup() {
    let got = said("no red loop from Vale, so the challenge holds — Kit wins 🏆");
    assert!(
        got.iter()
            .all(|r| !matches!(r, ChatReading::Fact(Fact::First(_)))),
        "{got:?}"
    );
    assert_eq!(
        ruling("no red loop from Vale, so the challenge holds — Kit wins 🏆"),
        (Scope::Round(1), Some("kit".to_string()))
    );
}

#[test]
fn a_round_number_may_be_written_out() {
    let w = |s: &str| crate::games::chat::chat_words(s);
    assert_eq!(number_after(&w("round one"), "round"), Some(1));
    assert_eq!(number_after(&w("Round 3 · target 6"), "round"), Some(3));
    assert_eq!(number_after(&w("round robin"), "round"), None);
}

#[test]
fn struck_through_text_is_withdrawn() {
    use crate::games::chat::clean_chat;
    use crate::games::chat_checks::assert_rewrites;
    assert_rewrites(
        clean_chat,
        &[
            ("~~a3 S~~ a3 E", "a3 E"),
            ("~~Kit wins~~ **Vale** wins", "Vale wins"),
            // An unclosed mark strikes nothing.
            ("a3 E ~~", "a3 E"),
            // A counter word in another script stands apart from its count.
            ("15개 ^^", "15 개 ^^"),
            // So does a unit glued to its count.
            ("target is 3moves.", "target is 3 moves."),
            ("5min reserve, 2MIN", "5 min reserve, 2 MIN"),
        ],
        // A word in the Latin script, an ordinal, a size, a cell stay.
        &["C3 é", "1st 5x5 a3 16"],
    );
}

#[test]
fn a_ruling_that_names_only_the_loser_gives_the_other_the_win() {
    for (text, who) in [
        ("Kit drew the last line, so Kit loses. gg", "vale"),
        ("Vale loses the round", "kit"),
        ("Kit loses to Vale, 29-35", "vale"),
        ("unlucky @Kit, that's the L 😬 gg", "vale"),
        ("rip Kit, that's an L", "vale"),
        ("that's the L for Vale", "kit"),
        ("Vale takes the L this time", "kit"),
        ("Kit finishes 6 behind (29 vs 35), gg 🌿", "vale"),
        ("Vale ended up 3 points behind", "kit"),
        ("Kit finishes 6 ahead", "kit"),
        (
            "Kit's challenge fails, the blue loop checks out. GG",
            "vale",
        ),
        (
            "Vale solved it in 4, so kit's impossible call fails",
            "vale",
        ),
        ("kit, you lose this one", "vale"),
        ("Kit played well but loses", "vale"),
        ("Kit misplays and takes the L", "vale"),
        // A challenge that holds wins for the challenger.
        ("Kit's impossible call holds", "kit"),
    ] {
        assert_eq!(
            ruling(text),
            (Scope::Round(1), Some(who.to_string())),
            "{text}"
        );
    }
    each_gives(
        "ruling",
        false,
        &[
            "Kit loses a car off the edge there",
            "Vale loses her turn",
            "if Kit loses this round it's 2-2",
            "Kit lost track of the target",
            // Past tense tells who picks, after the ruling.
            "kit, you lost that one so you pick who starts round 2",
            "Kit is 6 behind",
            "Vale finished 1 short of the target",
            "Kit comes second",
            "put the L-shaped car on B4",
            // "The L" after a clause that says something of a player: whose L
            // it is is a guess.
            "Vale solves it, that's the L",
            "@Kit @Vale that's the L for one of you",
            "Vale loses on time?",
        ],
    );
}

#[test]
fn a_round_given_by_a_pronoun_or_its_number_and_a_name() {
    for (text, who) in [
        ("Reed delivers the 17 💥 round's his", "kit"),
        ("Vale nails it in 5, the round is hers", "vale"),
        ("R1 Vale", "vale"),
        (
            "Vale's solve checks out ✅ and kit had nothing shorter → round 1 Vale",
            "vale",
        ),
        ("Vale solved it in 4. R1 Kit Marlowe", "kit"),
        ("R1 — Kit", "kit"),
    ] {
        let text = text.replace("Reed", "Kit");
        let aliases = vec![("Kit Marlowe".to_string(), 1)];
        let got = read_with(&text, &aliases, 1);
        let won = got.iter().find_map(|r| match r {
            ChatReading::Event(Body::Ruling(r)) => Some((r.scope, r.winner.clone())),
            _ => None,
        });
        assert_eq!(
            won,
            Some((Scope::Round(1), Some(who.to_string()))),
            "{text}: {got:?}"
        );
    }
    each_gives(
        "ruling",
        false,
        &[
            "it's his turn, Kit",
            "Kit's up, the next move is his",
            // Two players named: whose is "his" is a guess.
            "Vale beats Kit's 15, round's his",
            // A name spoken to is not who "her" is.
            "nice try Kit, round's hers",
            "Kit, that one's hers",
            "round's his?",
            // A round not yet opened, a list of lengths, an opening.
            "R2 Vale",
            "Round 1: Vale 5 | Kit 6",
            "round 1 vale to place",
            "R1 Vale?",
            "R1 — Kit to place",
            "R2 — Vale",
        ],
    );
    // A recap of rounds ruled before.
    let got = read_with("recap: R1 Vale", &[], 2);
    assert!(
        !got.iter()
            .any(|r| matches!(r, ChatReading::Event(Body::Ruling(_)))),
        "{got:?}"
    );
}

#[test]
fn a_score_names_the_player_whose_count_it_raises() {
    let p = players();
    let ctx = ChatContext::new(&p, 3);
    let names = name_words(&ctx);
    let clause = |text: &str| -> Vec<String> {
        let text = spell_rounds(&host_text(text));
        clauses(&clean_chat(&text)).concat()
    };
    for (text, score, want) in [
        ("1–0 to Kit 💎", [0, 0], Some(1)),
        ("1-0 to Vale", [0, 0], Some(0)),
        // Vale had 2, Kit 0: Kit's count went up.
        ("2–1 to Vale", [2, 0], Some(1)),
        ("2–1 to Vale", [1, 1], Some(0)),
        ("that's three for kit 👑 match over", [1, 2], Some(1)),
        ("makes it 2 for Vale", [1, 1], Some(0)),
        // Name first: the named player's count first.
        ("Vale 1–0", [0, 0], Some(0)),
        ("so kit leads 2-1 now", [1, 1], Some(1)),
        ("Vale 1–1", [1, 0], Some(1)),
        ("Vale 1 Kit 0", [0, 0], Some(0)),
        ("score: Kit 2 – Vale 1", [1, 1], Some(1)),
        // A time, a claim, one name twice, more words after.
        ("Vale 7:04", [6, 3], None),
        ("Vale 26", [0, 0], None),
        ("Vale 1 Vale 0", [0, 0], None),
        ("Vale 1-0 down and out", [0, 0], None),
        // Counts that no single round makes: already ruled, too far ahead.
        ("1–0 to Vale", [1, 0], None),
        ("that's three for kit", [0, 0], None),
        ("3–0 to Kit", [0, 1], None),
        // A number that is no count of rounds.
        ("18 for Kit", [0, 0], None),
        ("that's 1 for kit to place", [0, 0], None),
        ("Kit claims 1 for Vale", [0, 0], None),
    ] {
        assert_eq!(
            score::score_winner(&clause(text), &names, &score),
            want,
            "{text} at {score:?}"
        );
    }
}

#[test]
fn a_round_number_is_spelled_from_its_short_form() {
    assert_eq!(spell_rounds("R1 — par is 5"), "round 1 — par is 5");
    assert_eq!(spell_rounds("**r12** Vale"), "**round 12** Vale");
    // Not inside a word, nor a longer run of digits, nor `R2D2`.
    for text in ["ER1", "R123", "R2D2", "mossy_r1", "R"] {
        assert_eq!(spell_rounds(text), text, "{text}");
    }
    assert_eq!(first("R1 — par is 5 moves 🚕 kit places the first car"), 1);
    assert!(said("R1 — par is 5 moves 🚕 kit places the first car")
        .contains(&ChatReading::Fact(Fact::Opens(Some(1)))));
    assert_eq!(first("Vale makes the opening move"), 0);
    assert_eq!(
        first("target is 5 moves, and kit will put the first car"),
        1
    );
    assert_eq!(first("vale is moving first"), 0);
    let got = said("the loser places the first car next round");
    assert!(
        !got.iter()
            .any(|r| matches!(r, ChatReading::Fact(Fact::First(_)))),
        "{got:?}"
    );
}

#[test]
fn a_shared_victory_names_no_winner() {
    for text in [
        "level on 30 apiece, so it's a shared victory 🤝",
        "joint winners tonight",
    ] {
        assert_eq!(ruling(text), (Scope::Round(1), None), "{text}");
    }
}

/// What `text` rules, in order: each ruling's scope and winner.
fn rulings(text: &str) -> Vec<(Scope, Option<String>)> {
    said(text)
        .into_iter()
        .filter_map(|r| match r {
            ChatReading::Event(Body::Ruling(r)) => Some((r.scope, r.winner)),
            _ => None,
        })
        .collect()
}

#[test]
fn a_round_ruled_as_the_matchs_last_rules_the_match_too() {
    let vale = Some("vale".to_string());
    for text in [
        "Round 1 → Vale, 4–1, and that's the DM! 🏆 gg both",
        "Vale takes round 1 — match over",
    ] {
        assert_eq!(
            rulings(text),
            [
                (Scope::Round(1), vale.clone()),
                (Scope::Match, vale.clone())
            ],
            "{text}"
        );
    }
    // Near misses: match point, a question, a hypothesis.
    for text in [
        "Round 1 → Vale, that's match point",
        "Round 1 → Vale. is that the DM?",
        "Round 1 → Vale, if Kit loses the next that's the match",
    ] {
        assert_eq!(rulings(text), [(Scope::Round(1), vale.clone())], "{text}");
    }
}

#[test]
fn a_side_taken_by_a_verb_a_few_words_from_the_name() {
    // kit is seat 1; blue moves first.
    for text in [
        "so for this game kit will drive the blue cars and she is moving first, vale is having the red cars",
        "vale is having the red cars",
        "kit is having the blue cars",
    ] {
        assert_eq!(first(text), 1, "{text}");
    }
    // Other words between the name and the side: no side given.
    for text in [
        "kit will drive home before the blue cars",
        "the blue cars will drive kit home",
        // A side's count in a result.
        "**RESULT** ✅ 🔴 kit 🌿 14 vs 🔵 vale 12",
    ] {
        sets_up_no_first(text);
    }
    // Words before `win` that name no one: no ruling for an unknown player.
    for text in [
        "that line is legal too and you still win",
        "Blue track 10, red track 8. kit wins.",
    ] {
        assert!(
            !said(text)
                .iter()
                .any(|r| matches!(r, ChatReading::Unread(_))),
            "{text}: {:?}",
            said(text)
        );
    }
    // A rule of winning after play began is no ruling for a player
    // called `loop`.
    for text in ["longest loop wins", "the higher count wins"] {
        assert!(said(text).is_empty(), "{text}: {:?}", said(text));
    }
    // A draw said in second-language English inside a paragraph.
    assert_eq!(
        ruling("always the same position again and again. so by the rule i say this game is draw, nobody win. thank you both"),
        (Scope::Round(1), None)
    );
}

#[test]
fn a_result_said_as_a_headline_or_a_round_and_its_score() {
    let kit = Some("kit".to_string());
    for (text, want) in [
        // The winner before `def.`, the loser right after; a dot that
        // shortens a word ends no sentence.
        (
            "RESULT: 🔵 kit def. 🔴 vale (both cars off in 11 plies) — GG",
            (Scope::Round(1), kit.clone()),
        ),
        (
            "RESULT: kit def. vale | reason: vale drew the last line | DM closed",
            (Scope::Match, kit.clone()),
        ),
        ("kit beats vale, gg", (Scope::Round(1), kit.clone())),
        // `RESULT:` and the name alone, a bar between fields.
        (
            "RESULT: kit ✅ | red track shown (8 cells) → challenge fails | GG",
            (Scope::Round(1), kit.clone()),
        ),
        // `RESULT` and the name with the line's largest count after it.
        (
            "**RESULT** ✅ 🔴 kit 🌿 16 > 🔵 vale 12 · GG",
            (Scope::Round(1), kit.clone()),
        ),
        (
            "**RESULT** ✅ 🔴 kit 🌿 14 vs 🔵 vale 12",
            (Scope::Round(1), kit.clone()),
        ),
        (
            "**RESULT** ✅ 🔵 kit 🐦 — 34-cell loop checks out, challenge ❌",
            (Scope::Round(1), kit.clone()),
        ),
        // A round's number, its winner, then the score it makes.
        (
            "14/15 ❌ → R1: kit ⚡ 1 – 0 vale",
            (Scope::Round(1), kit.clone()),
        ),
    ] {
        assert_eq!(ruling(text), want, "{text}");
    }
    each_gives(
        "ruling",
        false,
        &[
            "RESULT: pending",
            "the result for kit was close",
            "kit def. wants a rematch",
            "kit def. vale?",
            "R1: kit 2 moves, vale 3",
            "RESULT: kit 12 vs vale 16",
            "RESULT: kit ran out of time",
        ],
    );
    // `and the DM` after a round's ruling rules the match too.
    assert_eq!(
        rulings("so vale's call doesn't hold → round 1 to kit, that's 1-0 and the DM 🏁"),
        [(Scope::Round(1), kit.clone()), (Scope::Match, kit.clone())]
    );
    assert_eq!(
        rulings("round 1 to kit, and the DM goes on"),
        [(Scope::Round(1), kit)]
    );
}

#[test]
fn a_setup_compared_with_last_week_is_this_matchs() {
    assert_eq!(
        first("Same pairing as last week, but we swap colours: Vale takes red this time and Kit blue, so Kit moves first."),
        1
    );
    sets_up_no_first("recap of last week's DM: kit moved first there");
}

#[test]
fn a_point_given_after_an_arrow_is_a_ruling() {
    each_gives(
        "ruling",
        true,
        &["kit had nothing shorter → point vale, 1-0", "point vale"],
    );
    each_gives(
        "ruling",
        false,
        &["match point vale", "vale needs one point"],
    );
}
