//! Tests of the Bejeweled cascade: worked examples from the seed and the
//! rulings, each active and passive, illegal actions, and the trace.
//!
//! Imports only the cascade it tests (and std): nothing outside this game.

use super::*;

/// A grid whose colors cycle so that no line and no bend square exists:
/// color (column + 2·row) mod 5.
const BASE: [&str; 7] = [
    "RBGYPRBG", "GYPRBGYP", "PRBGYPRB", "BGYPRBGY", "YPRBGYPR", "RBGYPRBG", "GYPRBGYP",
];

/// BASE with some cells replaced: ("C4", 'R').
fn grid(changes: &[(&str, char)]) -> Grid {
    let mut rows: Vec<Vec<char>> = BASE.iter().map(|r| r.chars().collect()).collect();
    for (cell, ch) in changes {
        let c: Cell = cell.parse().unwrap();
        rows[c.row()][c.col()] = *ch;
    }
    let text: Vec<String> = rows.iter().map(|r| r.iter().collect()).collect();
    Grid::parse(&text.join("\n")).unwrap()
}

fn run(g: &Grid, proof: &str) -> Outcome {
    play(g, &proof.parse().unwrap(), true).unwrap()
}

fn cells_of(step: &TraceStep) -> Vec<String> {
    let mut v: Vec<String> = step.removed.iter().map(|r| r.cell.to_string()).collect();
    v.sort();
    v
}

fn steps<'a>(o: &'a Outcome, what: &str) -> Vec<&'a TraceStep> {
    o.trace.iter().filter(|s| s.what == what).collect()
}

#[test]
fn base_grid_is_quiet() {
    let g = grid(&[]);
    assert!(!g.has_line());
    let o = run(&g, "active column A1; passive bend; swap A1 B1");
    assert_eq!(o.removed, 0, "a swap that makes no line removes nothing");
}

/// The seed's worked example, reconstructed: Reds places the plus on
/// F4 and swaps F4 and F5 with bend; claimed 15, removed 16.
#[test]
fn the_seeds_worked_example_removes_16() {
    let g = Grid::parse("RBGYPRBG\nGYPRBGYP\nPRBGYPRB\nBGYPBRGY\nRPGRRBPR\nYYGRPYBG\nGRPBBGYP")
        .unwrap();
    assert!(!g.has_line(), "a round's grid has no 3 in a row");
    let o = run(&g, "active plus F4; passive bend; swap F4 F5");
    let m = steps(&o, "match");
    // Step 2: D5, D6, E5, F5 by 3 in a row and bend …
    assert_eq!(cells_of(m[0]), ["D5", "D6", "E5", "F5"]);
    // … and F3, F4, G5, H5, F6, F7 by the plus (now on F5).
    let fire = steps(&o, "fire");
    assert_eq!(cells_of(fire[0]), ["F3", "F4", "F6", "F7", "G5", "H5"]);
    // Step 4: after gravity, bend removes C5, D5, C6.
    assert_eq!(cells_of(m[1]), ["C5", "C6", "D5"]);
    assert!(m[1].removed.iter().all(|r| r.cause == Cause::Bend));
    // Step 6: A6, B6, C6.
    assert_eq!(cells_of(m[2]), ["A6", "B6", "C6"]);
    assert_eq!(m.len(), 3, "no further changes");
    assert_eq!(o.removed, 16);
    assert_eq!(o.end.gems() + o.end.rocks(), 56);
    assert_eq!(o.end.rocks(), 16);
}

#[test]
fn pick_removes_one_or_two_gems_of_different_colors() {
    let g = grid(&[]);
    let o = run(&g, "active column H7; passive bend; pick A1");
    assert_eq!(o.removed, 1);
    assert_eq!(o.end.get("A1".parse().unwrap()), Tile::Rock);
    let o = run(&g, "active column H7; passive bend; pick A1 B1");
    assert_eq!(o.removed, 2);
}

#[test]
fn rotate_turns_a_square_clockwise() {
    let g = grid(&[]);
    let o = run(&g, "active column H7; passive bend; rotate B2");
    let r = steps(&o, "rotate")[0];
    // B2 C2 / B3 C3 were Y P / R B: clockwise gives R Y / B P.
    assert_eq!(&r.grid[1][1..3], "RY");
    assert_eq!(&r.grid[2][1..3], "BP");
}

#[test]
fn column_fires_through_rocks_when_its_gem_is_picked() {
    let g = grid(&[("A3", '#')]);
    let o = run(&g, "active column A5; passive bend; pick A5");
    let fire = steps(&o, "fire");
    assert_eq!(cells_of(fire[0]), ["A1", "A2", "A4", "A6", "A7"]);
    // The picked active fires after the first match check.
    let first_fire = o.trace.iter().position(|s| s.what == "fire").unwrap();
    let first_match = o.trace.iter().position(|s| s.what == "match");
    assert!(first_match.is_none_or(|m| m < first_fire));
    assert_eq!(o.removed, 6);
}

#[test]
fn plus_skips_rocks_without_being_shielded() {
    let g = grid(&[("C4", '#'), ("D3", '#')]);
    let o = run(&g, "active plus D4; passive bend; pick D4");
    let fire = steps(&o, "fire");
    assert_eq!(cells_of(fire[0]), ["B4", "D2", "D5", "D6", "E4", "F4"]);
}

#[test]
fn chain_climbs_while_the_gems_are_its_color() {
    let g = grid(&[("C6", 'R'), ("C5", 'R'), ("C4", 'B')]);
    assert!(!g.has_line());
    let o = run(&g, "active column H1; passive chain red; pick C6");
    let chain = steps(&o, "chain");
    assert_eq!(
        cells_of(chain[0]),
        ["C4", "C5"],
        "C5 is red so C4 goes too; C4 is blue so C3 stays"
    );
}

#[test]
fn chain_follows_gems_removed_by_plus() {
    let g = grid(&[("C4", 'R'), ("C3", 'Y')]);
    assert!(!g.has_line());
    let o = run(&g, "active plus D4; passive chain red; pick D4");
    let chain = steps(&o, "chain");
    let removed: Vec<String> = chain.iter().flat_map(|s| cells_of(s)).collect();
    assert!(removed.contains(&"C3".to_string()), "{removed:?}");
}

#[test]
fn recolor_after_pick_happens_before_the_first_match() {
    let g = grid(&[("A7", 'B'), ("B7", 'B'), ("C7", 'R'), ("D7", 'R')]);
    assert!(!g.has_line());
    let o = run(&g, "active column H1; passive recolor red blue; pick H7");
    let whats: Vec<&str> = o.trace.iter().map(|s| s.what).collect();
    let recolor = whats.iter().position(|w| *w == "recolor").unwrap();
    let first_match = whats.iter().position(|w| *w == "match").unwrap();
    assert!(recolor < first_match, "{whats:?}");
    let m = steps(&o, "match");
    for c in ["A7", "B7", "C7", "D7", "E7"] {
        assert!(
            cells_of(m[0]).contains(&c.to_string()),
            "{c} in {:?}",
            cells_of(m[0])
        );
    }
}

#[test]
fn refresh_fires_inside_a_cascade_and_gives_a_second_starter() {
    let g = Grid::parse("RBGYPRBG\nGYPRBGYP\nPRBGYPRB\nBGYPBRGY\nRPGRRBPR\nYYGRPYBG\nGRPBBGYP")
        .unwrap();
    // C5 is removed only in the second pass, after gravity.
    let o = run(&g, "active refresh C5; passive bend; swap F4 F5");
    assert!(o.refresh_fired);
    let base = o.removed;
    let o2 = run(
        &g,
        "active refresh C5; passive bend; swap F4 F5; then swap A7 B7",
    );
    assert!(o2.removed >= base);
    assert!(o2.trace.iter().filter(|s| s.what == "swap").count() == 2);
    let err = play(
        &g,
        &"active refresh H1; passive bend; swap F4 F5; then swap A7 B7"
            .parse()
            .unwrap(),
        false,
    )
    .unwrap_err();
    assert!(matches!(err, PlayError::ThenWithoutRefresh(_)), "{err}");
}

#[test]
fn illegal_actions_name_the_part() {
    let g = grid(&[("A1", '#')]);
    let cases = [
        ("active column H7; passive bend; pick B1 G1", "both blue"),
        ("active column H7; passive bend; pick A1", "rock"),
        (
            "active column H7; passive bend; swap B1 D1",
            "not side by side",
        ),
        ("active column H7; passive bend; rotate A1", "rock"),
        ("active column H7; passive bend; rotate H7", "does not fit"),
        ("active column A1; passive bend; swap B1 C1", "holds no gem"),
    ];
    for (proof, says) in cases {
        let err = play(&g, &proof.parse().unwrap(), false).unwrap_err();
        assert!(err.to_string().contains(says), "{proof}: {err}");
    }
}

#[test]
fn the_trace_and_the_count_agree() {
    let g = grid(&[("C6", 'R'), ("C5", 'R'), ("C4", 'B')]);
    let o = run(&g, "active plus C3; passive chain red; pick C6 D1");
    let traced: usize = o.trace.iter().map(|s| s.removed.len()).sum();
    assert_eq!(traced, o.removed);
    assert_eq!(o.trace.last().unwrap().count, o.removed);
    let quiet = play(
        &g,
        &"active plus C3; passive chain red; pick C6 D1"
            .parse()
            .unwrap(),
        false,
    )
    .unwrap();
    assert_eq!(quiet.removed, o.removed);
    assert_eq!(quiet.end, o.end);
    assert!(quiet.trace.is_empty());
}
