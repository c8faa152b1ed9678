//! What the tests of the games' drawing readers share (test builds only):
//! a drawing read or refused, talk that is no drawing, and the property
//! that a reader answers whatever a message says: any text, and a game's
//! own drawing pieces in any order.
//!
//! It owns no game's drawings: each game's tests bring their reader and
//! their pieces. It imports only `std` and proptest.

use std::fmt::Debug;

use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};

/// The drawing `text` was read as; fails the test, naming the text, when
/// it was no drawing or was refused.
pub fn drawn<D: Debug, E: Debug>(text: &str, read: Result<Option<D>, E>) -> D {
    match read {
        Ok(Some(d)) => d,
        other => panic!("{text:?} read as {other:?}"),
    }
}

/// Why `text` was refused; fails the test, naming the text, when it was
/// read.
pub fn refused<D: Debug, E: Debug>(text: &str, read: Result<Option<D>, E>) -> E {
    match read {
        Err(e) => e,
        other => panic!("{text:?} read as {other:?}"),
    }
}

/// Each of `talk` is read (by `read`) as no drawing, and not refused.
pub fn assert_no_drawing<D, E>(read: impl Fn(&str) -> Result<Option<D>, E>, talk: &[&str])
where
    D: Debug + PartialEq,
    E: Debug + PartialEq,
{
    for t in talk {
        assert_eq!(read(t), Ok(None), "{t}");
    }
}

/// Whatever a message says, `read` answers: `cases` messages of any
/// characters (control ones too) over up to `lines` more lines. A panic
/// fails the test with the smallest message that causes it.
pub fn assert_reads_any_text(read: impl Fn(&str), lines: usize, cases: u32) {
    let any_text = format!("[\\PC\\p{{Cc}}]{{0,80}}(\n[\\PC\\p{{Cc}}]{{0,40}}){{0,{lines}}}");
    let any_text = proptest::string::string_regex(&any_text).expect("a regex");
    if let Err(e) = TestRunner::new(Config::with_cases(cases)).run(&any_text, |t| {
        read(&t);
        Ok(())
    }) {
        panic!("any text: {e}");
    }
}

/// Whatever a message says, `read` answers: any text, as
/// [`assert_reads_any_text`] writes it (up to `lines` more lines), and
/// the game's drawing `pieces` in any order, as
/// [`assert_reads_in_any_order`] puts them (up to `most`); `cases` each.
pub fn assert_reads_anything(
    read: impl Fn(&str) + Copy,
    lines: usize,
    pieces: &[&'static str],
    most: usize,
    cases: u32,
) {
    assert_reads_any_text(read, lines, cases);
    assert_reads_in_any_order(read, pieces, most, cases);
}

/// Whatever a drawing-like message says, `read` answers: `cases` messages
/// made of up to `most` of the game's drawing `pieces` (and the marks
/// around drawings) in any order. A panic fails the test with the
/// smallest message that causes it.
pub fn assert_reads_in_any_order(
    read: impl Fn(&str),
    pieces: &[&'static str],
    most: usize,
    cases: u32,
) {
    let parts = proptest::collection::vec(proptest::sample::select(pieces.to_vec()), 0..most);
    let text = parts.prop_map(|parts| parts.concat());
    if let Err(e) = TestRunner::new(Config::with_cases(cases)).run(&text, |t| {
        read(&t);
        Ok(())
    }) {
        panic!("drawing pieces in any order: {e}");
    }
}
