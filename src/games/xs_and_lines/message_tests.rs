//! Tests of the cutter in [`super`]: words, clauses, attempts and the
//! decision between a move, a correction and talk.

use super::*;

fn cell(w: &str) -> bool {
    let b = w.as_bytes();
    b.len() == 2 && b[0].is_ascii_lowercase() && b[1].is_ascii_digit()
}

const VOCAB: Vocabulary = Vocabulary {
    entity: cell,
    filler: |w| ["on", "at", "x"].contains(&w),
    prepare: |s| s.to_string(),
};

/// A segment as (words, corrects, regret, extra, lines).
type Cut = (Vec<String>, bool, bool, usize, Range<usize>);

fn cut(text: &str) -> Vec<Cut> {
    segments(text, &VOCAB)
        .into_iter()
        .map(|s| {
            (
                s.texts().iter().map(|w| w.to_string()).collect(),
                s.corrects,
                s.regret,
                s.extra,
                s.lines,
            )
        })
        .collect()
}

fn ws(list: &[&str]) -> Vec<String> {
    list.iter().map(|w| w.to_string()).collect()
}

#[test]
fn words_keep_their_lines_and_clauses() {
    let (w, q) = words("Let’s see, **a3** — out?\n> quoted c1\nb2", |s| {
        s.to_string()
    });
    let got: Vec<(&str, usize, usize)> = w
        .iter()
        .map(|w| (w.text.as_str(), w.line, w.clause))
        .collect();
    assert_eq!(
        got,
        [
            ("let's", 0, 0),
            ("see", 0, 0),
            ("a3", 0, 1),
            ("out", 0, 2),
            ("b2", 2, 4)
        ]
    );
    // The question is its whole sentence.
    assert_eq!(q.into_iter().collect::<Vec<_>>(), [0, 1, 2]);
}

#[test]
fn messages_are_cut_where_corrections_begin() {
    for (text, want) in [
        ("c3", vec![(ws(&["c3"]), false, false, 0, 0..1)]),
        (
            "alright c3 then",
            vec![(ws(&["alright", "c3", "then"]), false, false, 2, 0..1)],
        ),
        (
            "a2\nwait no, a3",
            vec![
                (ws(&["a2"]), false, false, 0, 0..1),
                (ws(&["wait", "no", "a3"]), true, false, 0, 1..2),
            ],
        ),
        (
            "c2 no sorry b1",
            vec![
                (ws(&["c2"]), false, false, 0, 0..1),
                (ws(&["no", "sorry", "b1"]), true, false, 0, 0..1),
            ],
        ),
        (
            "ugh wait I wanted a3",
            vec![(
                ws(&["ugh", "wait", "i", "wanted", "a3"]),
                true,
                true,
                2,
                0..1,
            )],
        ),
        // Talk in a sentence of its own is not around the move.
        (
            "c1\nsee you later",
            vec![(ws(&["c1", "see", "you", "later"]), false, false, 0, 0..1)],
        ),
        (
            "c1 see you later",
            vec![(ws(&["c1", "see", "you", "later"]), false, false, 3, 0..1)],
        ),
        (
            "hmm\nx on e4",
            vec![(ws(&["hmm", "x", "on", "e4"]), false, false, 0, 1..2)],
        ),
        ("ugh wait I meant g6 not g7 😤", {
            vec![(
                ws(&["ugh", "wait", "i", "meant", "g6"]),
                true,
                true,
                2,
                0..1,
            )]
        }),
        (
            "gg, a2 was the blunder",
            vec![(ws(&["gg"]), false, false, 0, 0..1)],
        ),
        ("is a3 free?", vec![]),
        // An arrow ahead of the correction words points at the message
        // corrected; one after a cell stays.
        (
            "arrow_n ignore that, a3",
            vec![(ws(&["ignore", "that", "a3"]), true, true, 1, 0..1)],
        ),
        (
            "arrow_n a3 sorry",
            vec![(ws(&["arrow_n", "a3", "sorry"]), true, false, 1, 0..1)],
        ),
        // Naming the move withdrawn makes it a correction.
        (
            "a3 instead of a4",
            vec![(ws(&["a3"]), true, false, 0, 0..1)],
        ),
    ] {
        assert_eq!(cut(text), want, "{text}");
    }
}

/// Whether `text` is cut into one attempt that corrects.
fn corrects(text: &str) -> bool {
    match cut(text).as_slice() {
        [(_, corrects, ..)] => *corrects,
        other => panic!("{text:?} cuts into {other:?}"),
    }
}

#[test]
fn follow_ups_correct_by_their_words_and_marks() {
    for text in [
        "edit: a3 not a2",
        "a3 not a2",
        "not a2, a3",
        "a3, not a2",
        "a3 not a2 but a3",
        "a3*",
        "*a3",
        "*a3 sorry",
        "make that a3",
        "change that to a3",
        "change it to a3",
        "switch to a3",
        "a3 instead",
        "~~a2~~ a3",
        "~~a2\nb2~~\na3",
    ] {
        assert!(corrects(text), "{text}");
    }
    // Near misses: emphasis, a negation naming no move, `make` without
    // what it replaces, a lone `~~`.
    for text in [
        "*a3*",
        "**a3**",
        "***a3***",
        "a3 not bad",
        "make a3 count",
        "a3 ~~ok",
        "a3 ~ok~",
    ] {
        assert!(!corrects(text), "{text}");
    }
    // Struck words are withdrawn, never read; the line they end on
    // begins with the mark.
    assert_eq!(cut("~~a2~~ a3"), [(ws(&["*", "a3"]), true, false, 0, 0..1)]);
    assert_eq!(cut("~~a2\nb2~~\na3")[0].4, 2..3);
}

fn place(w: &str) -> Body {
    Body::Place(crate::games::Placement::XsAndLines(
        crate::games::xs_and_lines::rules::Placement { mv: w.to_string() },
    ))
}

fn decide(text: &str, turn: &Turn) -> Vec<(Result<String, String>, Range<usize>)> {
    read(&segments(text, &VOCAB), turn, "'c3'", |seg, _| {
        let cells: Vec<&str> = seg.texts().into_iter().filter(|w| cell(w)).collect();
        match cells.as_slice() {
            [] => Attempt::Nothing,
            [c] => Attempt::Move(place(c)),
            _ => Attempt::Unread("two".into()),
        }
    })
    .into_iter()
    .map(|r| {
        let got = match r.read {
            ChatReading::Event(Body::Place(crate::games::Placement::XsAndLines(p))) => Ok(p.mv),
            ChatReading::Unread(why) => Err(why),
            other => Err(format!("{other:?}")),
        };
        (got, r.lines)
    })
    .collect()
}

#[test]
fn the_turn_decides_what_an_attempt_does() {
    let mine = Turn {
        expected: Some(true),
        last: None,
    };
    let just_moved = Turn {
        expected: Some(false),
        last: Some(place("a2")),
    };
    let theirs = Turn {
        expected: Some(false),
        last: None,
    };
    let ok = |m: &str, l: Range<usize>| (Ok(m.to_string()), l);
    for (text, turn, want) in [
        (
            "a2\nwait no, a3",
            &mine,
            vec![ok("a2", 0..1), ok("a3", 1..2)],
        ),
        ("nvm, a3", &just_moved, vec![ok("a3", 0..1)]),
        // Said with a rising voice, a move; asked, none.
        ("um hi I'll try a1?", &mine, vec![ok("a1", 0..1)]),
        ("can I go a1?", &mine, vec![]),
        // A question is its whole sentence; a nod after a move asks
        // nothing of it.
        ("the car of a3 can go up, out of the board?", &mine, vec![]),
        ("I can put it in a3? is the same row with a1, is allowed or no?", &mine, vec![]),
        ("a3, ok?", &mine, vec![ok("a3", 0..1)]),
        // A chess annotation asks nothing.
        ("a3?! Probably. ;-)", &mine, vec![ok("a3", 0..1)]),
        ("a3?", &mine, vec![]),
        // A move told to the other player is theirs.
        ("whatever I play now, you just play a3 and win", &mine, vec![]),
        ("a3 and you lose", &mine, vec![ok("a3", 0..1)]),
        // A correction, then the same move said again: one move.
        ("b2\nwait sorry, a3 I mean. a3", &mine, vec![ok("b2", 0..1), ok("a3", 1..2)]),
        ("ugh wait I meant a3", &just_moved, vec![ok("a3", 0..1)]),
        ("ugh wait I meant a3", &theirs, vec![]),
        // What becomes of the cell withdrawn is talk.
        (
            "wait I meant a3 — misclick, b2 stays empty",
            &just_moved,
            vec![ok("a3", 0..1)],
        ),
        ("wait, a3", &mine, vec![ok("a3", 0..1)]),
        ("a3 looks strong", &theirs, vec![]),
        ("a3", &theirs, vec![ok("a3", 0..1)]),
        ("a2", &just_moved, vec![]),
        ("alright a3 then", &mine, vec![ok("a3", 0..1)]),
        ("a2 b2\nsorry, a3", &mine, vec![ok("a3", 1..2)]),
    ] {
        assert_eq!(decide(text, turn), want, "{text}");
    }
    // A follow-up by the player who just moved replaces that move.
    for text in [
        "edit: a3 not a2",
        "a3 not a2",
        "a3*",
        "make that a3",
        "change it to a3",
        "a3 instead",
        "~~a2~~ a3",
    ] {
        assert_eq!(decide(text, &just_moved), [ok("a3", 0..1)], "{text}");
    }
    // Near misses: not corrections, so a cell among words while the
    // opponent is to move is talk.
    for text in ["*a3* looks good", "make a3 count", "a3 not bad, hm"] {
        assert_eq!(decide(text, &just_moved), [], "{text}");
    }
    // The same move said again is one move.
    assert_eq!(decide("a3\na3!", &mine), [ok("a3", 0..2)]);
    assert_eq!(decide("a3\n\n**a3**", &mine), [ok("a3", 0..3)]);
    let two = decide("a2\nb3", &mine);
    assert_eq!(two.len(), 1);
    assert_eq!(two[0].1, 0..2);
    assert!(matches!(&two[0].0, Err(why) if why.contains("one move per message")));
}

#[test]
fn a_board_drawn_after_a_move_is_no_words_of_it() {
    for row in ["3 R B .", "2 . . B", "1 . x . x", "  a b c", ". . R", "B B R 3", "🔵 ⬜ 🔴"] {
        assert!(drawn_row(row), "{row}");
    }
    for line in ["a2 N", "b 3 N", "R B", "B B R", "a b", "c 3 E", "x o x o nice"] {
        assert!(!drawn_row(line), "{line}");
    }
    let (w, _) = words("a2N\n3 R B .\n2 . . B\n  a b c", |s| s.to_string());
    assert_eq!(w.iter().map(|w| w.text.as_str()).collect::<Vec<_>>(), ["a2n"]);
}

#[test]
fn two_moves_weighed_with_or_are_asked() {
    let (w, questions) = words("ugh a2 N or a2 S... pretty sure both lose", |s| s.to_string());
    let or = w.iter().find(|w| w.text == "or").unwrap();
    assert!(questions.contains(&or.clause));
    let (w, questions) = words("a2 N", |s| s.to_string());
    assert!(!questions.contains(&w[0].clause));
}
