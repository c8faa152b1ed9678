//! Tests of the finder: every shape of a move, a car, a number and a key
//! word it finds, and the words it must leave alone.

use super::*;

fn found(line: &str) -> Vec<Found> {
    read_line(0, line).found
}

fn moves(line: &str) -> String {
    read_line(0, line)
        .found
        .iter()
        .map(|f| match f {
            Found::Move(m) => m.to_string(),
            other => format!("{other:?}"),
        })
        .collect::<Vec<_>>()
        .join("; ")
}

fn cells(s: &str) -> Found {
    Found::Cells(s.split_whitespace().map(|c| c.parse().unwrap()).collect())
}

/// Asserts whether anything `text` finds is of the kind `is` picks out.
fn assert_finds(text: &str, is: fn(&Found) -> bool, want: bool) {
    let got = found(text);
    assert_eq!(got.iter().any(is), want, "{text}: {got:?}");
}

#[test]
fn moves_are_found_in_every_shape() {
    for (text, want) in [
        (
            "U right 1; V down; Y left 1; W up; Z right",
            "U right 1; V down; Y left 1; W up; Z right",
        ),
        (
            "U→1 V↓ Y←1 W↑ Z→",
            "U right 1; V down; Y left 1; W up; Z right",
        ),
        // An arrow alone after talk sets the moves apart; the car's
        // moves counted are talk.
        (
            "why 2 Z moves lol → W← V↑ X←1 Y↓ Z→ = 5",
            "Number(2); W left; V up; X left 1; Y down; Z right; Number(5)",
        ),
        ("X → 2", "X right 2"),
        (
            "W←, V↑, X← one, Y↓, Z→ out",
            "W left; V up; X left 1; Y down; Z right",
        ),
        (
            "move U right 1, then V all the way down, Y left 1, W up, and Z drives out",
            "U right 1; V down; Y left 1; W up; Z right",
        ),
        ("1) u r 1", "U right 1"),
        // Typed on a phone: lowercase, no commas, a distance before the
        // next car.
        (
            "w left v up x left 1 y down z right",
            "W left; V up; X left 1; Y down; Z right",
        ),
        ("2) v d", "V down"),
        ("1. R down", "R down"),
        ("Y goes up then the taxi drives out", "Y up; Z right"),
        // A car named with `car`, far from its way; the edge said after.
        ("1. the X car slides all the way to the right", "X right"),
        ("3. and the taxi drives out the right side", "Z right"),
        ("move X up 2", "X up 2"),
        ("X up by 2 spaces", "X up 2"),
        ("Z -> out", "Z right"),
        ("- W left 1", "W left 1"),
        ("• T left", "T left"),
        (
            "Right, so: first W slides to the left as far as it goes, then Y goes all the way down, \
             and then the taxi drives straight out to the right. Three moves",
            "W left; Y down; Z right",
        ),
        ("X up as far as it can go, V to the right 2", "X up; V right 2"),
        ("B down as far as possible", "B down"),
        ("right so X up", "X up"),
        ("Y up 1, Z out ➡️", "Y up 1; Z right"),
    ] {
        assert_eq!(moves(text), want, "{text}");
    }
}

#[test]
fn compact_directions_carry_their_distance() {
    for (text, want) in [
        (
            "U R1, V D, Y L1, W U, Z R",
            "U right 1; V down; Y left 1; W up; Z right",
        ),
        ("X r2", "X right 2"),
        ("Y D1", "Y down 1"),
        ("W U3 spaces", "W up 3"),
        (
            "UR1, VD, YL1, WU, ZR",
            "U right 1; V down; Y left 1; W up; Z right",
        ),
        ("XD2", "X down 2"),
    ] {
        assert_eq!(moves(text), want, "{text}");
    }
    // A distance of 0 is no move.
    for text in ["X R0", "XR0"] {
        assert_finds(text, |f| matches!(f, Found::Broken(_)), true);
    }
    // Near misses: a glued pair without a distance is a laugh or a word
    // on a line of its own, a lone cell after no car is a cell, and a
    // lowercase glued word is talk.
    for text in ["XD", "UR turn", "lol XD"] {
        assert!(found(text).is_empty(), "{text}: {:?}", found(text));
    }
    assert_eq!(found("D1 D2"), vec![cells("D1 D2")]);
    assert_eq!(found("on D1"), vec![cells("D1")]);
    assert!(found("ur1 lol").is_empty(), "{:?}", found("ur1 lol"));
}

#[test]
fn numbers_and_talk_around_moves_are_kept_apart() {
    assert_eq!(
        found("5: X up, Z right 🙃"),
        vec![
            Found::Number(5),
            Found::Move("X up".parse().unwrap()),
            Found::Move("Z right".parse().unwrap())
        ]
    );
    // A count set apart by a spaced em dash is no distance.
    assert_eq!(
        found("X up, Z right — 5 moves")[..2],
        [
            Found::Move("X up".parse().unwrap()),
            Found::Move("Z right".parse().unwrap()),
        ]
    );
    let l = read_line(0, "best I can get is 7: X right, V down");
    assert_eq!(l.found.len(), 3, "{:?}", l.found);
    assert!(l.talk);
    // A car with no direction, a distance of 0, a lone direction.
    for text in [
        "X up, Z sideways",
        "X up 0",
        "X up, then down",
        "X up, right",
        "Z out to the left",
        "W moves",
    ] {
        assert_finds(text, |f| matches!(f, Found::Broken(_)), true);
    }
    // English words are not cars or moves.
    for text in [
        "I left it there",
        "a lot",
        "I'd say so",
        "it's my turn",
        "r u sure about that",
        "10 s left",
        // Gamer praise: a win, not the car W.
        "W move ngl 😭",
        "that's a W play",
    ] {
        assert!(found(text).is_empty(), "{text}: {:?}", found(text));
    }
}

#[test]
fn cells_are_found_in_every_shape() {
    // Cells written without spaces.
    assert_eq!(found("c1d1"), vec![cells("C1 D1")]);
    assert_eq!(found("C3C4C5"), vec![cells("C3 C4 C5")]);
    assert!(found("a1a1a1a1")
        .iter()
        .all(|f| !matches!(f, Found::Cells(_))));
    for (text, want) in [
        ("B1 B2", "B1 B2"),
        ("b1, b2", "B1 B2"),
        ("B1-B2-B3", "B1 B2 B3"),
        ("mine goes on C1-C3", "C1 C2 C3"),
        ("alright E3 E4 then", "E3 E4"),
        ("alright D4 D5 then", "D4 D5"),
        ("C3 to C1", "C3 C2 C1"),
        ("**C4 C5 C6** 🚗", "C4 C5 C6"),
        ("A1 B1 C2", "A1 B1 C2"),
    ] {
        assert_eq!(found(text), vec![cells(want)], "{text}");
    }
    // A range with any dash: cleaning must not glue `C1–C3` into a word.
    for text in [
        "truck on C1–C3 🚚",
        "C1 – C3",
        "C1—C3",
        "C1−C3",
        "car C1 to C3",
    ] {
        assert_eq!(found(text), vec![cells("C1 C2 C3")], "{text}");
    }
    // A spaced em dash sets words apart: no range.
    assert_eq!(found("C1 — nice"), vec![cells("C1")]);
    assert!(!read_line(0, "truck on C1–C3").talk);
    assert_eq!(found("A1-D1"), vec![cells("A1 D1")], "too long for a range");
    let l = read_line(0, "ugh typo — A1 B1 C1");
    assert!(l.corrects && !l.talk, "{l:?}");
}

#[test]
fn a_car_is_found_by_its_line_and_a_range_across_it() {
    for (text, want) in [
        ("column B, rows 4–6 (3-long)", "B4 B5 B6"),
        ("col b rows 4 to 6", "B4 B5 B6"),
        ("column B, rows 4 and 5", "B4 B5"),
        ("rows 4-6 in column B", "B4 B5 B6"),
        ("row 2, columns C–E", "C2 D2 E2"),
        ("cols c-d in row 2", "C2 D2"),
        ("row 2, columns from C to E, 3 long", "C2 D2 E2"),
        ("column F, rows six to four", "F6 F5 F4"),
    ] {
        let l = read_line(0, text);
        assert_eq!(l.found, vec![cells(want)], "{text}");
        assert!(!l.talk, "{text}: {l:?}");
    }
    // Too long for a car: the ends, as a range of cells gives them.
    assert_eq!(found("column B, rows 1-5"), vec![cells("B1 B5")]);
    // Near misses: no word for the axis, both sides ranges, a length
    // that disagrees, a line and no range across it.
    for text in [
        "B, 4-6",
        "rows 4-6, columns B-C",
        "column B, rows 4-6 (2-long)",
        "column B is full",
        "the rows here are packed",
    ] {
        assert_finds(text, |f| matches!(f, Found::Cells(_)), false);
    }
}

#[test]
fn key_words_are_found_with_their_negations() {
    use Key::*;
    let keys = |text: &str| -> Vec<Key> {
        found(text)
            .into_iter()
            .filter_map(|f| match f {
                Found::Key(k) => Some(k),
                _ => None,
            })
            .collect()
    };
    for text in [
        "finished",
        "done — that's exactly 5",
        "I claim this is a 5-mover now",
        "claiming 5",
        "5-mover",
        "5mover 😎",
        "done in 5",
        // A count said as exact is the claim of the target.
        "🏁 6 on the nose",
        "exactly 6",
        "puzzle is ready, 6 moves exactly. i write solution now",
        "6 moves exactly",
        "in precisely 6 🎯",
        "done — exactly 6",
    ] {
        assert_eq!(keys(text), [Finished], "{text}");
    }
    for text in [
        "not solvable in 6 any more",
        "not solvable in 4 any more",
        "can't do it in 4",
        "impossible",
        "no solution",
        "you can't do it in 4",
        "no solution, calling it 🔒",
        "I claim impossible",
        "no solution in exactly 6",
    ] {
        assert_eq!(keys(text), [Unsolvable], "{text}");
    }
    for text in ["pass", "I give up"] {
        assert_eq!(keys(text), [Pass], "{text}");
    }
    for text in ["challenge!", "I challenge that"] {
        assert_eq!(keys(text), [Challenge], "{text}");
    }
    // Two key words in a line, or one said twice: each is found.
    assert_eq!(keys("yeah it's locked. I can't, gg"), [Unsolvable, GiveUp]);
    assert_eq!(keys("ugh. can't beat that, no counter"), [GiveUp, GiveUp]);
    assert_eq!(keys("no counter from me, nice"), [GiveUp]);
    // The count said as a fact, and a concession in stream chat.
    assert_eq!(keys("thats 5 🔒 sol ↓"), [Finished]);
    assert_eq!(keys("it's 6 moves"), [Finished]);
    assert!(keys("thats 5 cars already lol").is_empty());
    assert!(keys("thats 5 if you go first").is_empty());
    assert_eq!(keys("ff this one 😩"), [GiveUp]);
    assert_eq!(
        keys("impossible, you can't do that in 8"),
        [Unsolvable, Unsolvable]
    );
    assert_eq!(
        keys("challenge! kit's E2-E4 truck makes it unsolvable in 6"),
        [Challenge, Unsolvable]
    );
    for text in [
        "not done yet",
        "well done",
        "it is not impossible",
        "could be a 5-mover",
        "not a 5-mover yet",
        "that was a 5-mover before",
        "your claim of 5 is wrong",
        "I claim",
        "claim in 30 s",
        "a mover",
        // Said as exact, but no claim of the target.
        "could be exactly 6",
        "that was 6 on the nose",
        "it needs exactly 6 now",
        "exactly 6 min left",
        "at 8:06 exactly",
        "exactly",
        "exactly my point",
        "on the nose",
        // The word as talk: not the line's opening, negated, accepted.
        "nice challenge",
        "I won't challenge",
        "challenge accepted",
    ] {
        assert!(keys(text).is_empty(), "{text}: {:?}", keys(text));
    }
    assert!(read_line(0, "finished?").question);
    // A claim after the last question answers it.
    assert!(!read_line(0, "that makes it exactly 3 moves?? so finished!").question);
    assert!(read_line(0, "finished? is it 3 moves?").question);
}

#[test]
fn a_pasted_reply_preview_is_left_out() {
    let text = "X up, Z right\n@Rook ♜\nX up, Z right\n";
    assert_eq!(read_lines(text).len(), 1);
    // A mention that starts the message is the message.
    assert_eq!(read_lines("@Moss\nfinished").len(), 2);
    // A quoted line the message does not hold is kept (not a preview).
    assert_eq!(read_lines("X up\n@Moss\nfinished").len(), 3);
}

#[test]
fn times_scores_and_round_numbers_are_not_counts() {
    for text in ["at 8:05", "3-0", "round 2", "30 s left"] {
        assert_finds(text, |f| matches!(f, Found::Number(_)), false);
    }
}

#[test]
fn a_tag_question_asks_without_a_question_mark() {
    assert!(read_line(0, "oh no. Y can't get down anymore can it").question);
    assert!(read_line(0, "Y can't get down anymore?").question);
    assert!(!read_line(0, "Y can't get down anymore, I give up").question);
}
