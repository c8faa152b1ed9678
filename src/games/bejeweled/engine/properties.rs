//! Properties of the Bejeweled cascade over random grids and proofs: every
//! cell stays a gem or a rock, and the trace counts what was removed.
//!
//! Like all of `games/`, it imports nothing from `log/`, `web/`,
//! `import/` or `verify`, and no other game's folder.

use super::*;
use crate::games::bejeweled::proof::{Action, Active, Passive};
use proptest::prelude::*;

fn grid_strategy() -> impl Strategy<Value = Grid> {
    // Rows of gems with up to two rows of rocks on top.
    (proptest::collection::vec(0u8..5, CELLS), 0usize..3).prop_map(|(codes, rock_rows)| {
        let mut text = String::new();
        for r in 0..ROWS {
            for c in 0..COLS {
                let ch = if r < rock_rows {
                    '#'
                } else {
                    ['R', 'B', 'G', 'Y', 'P'][codes[r * COLS + c] as usize]
                };
                text.push(ch);
            }
            text.push('\n');
        }
        Grid::parse(&text).expect("a well-formed grid")
    })
}

fn cell() -> impl Strategy<Value = Cell> {
    (0usize..CELLS).prop_map(Cell::from_index)
}

fn passive() -> impl Strategy<Value = Passive> {
    prop_oneof![
        Just(Passive::Bend),
        (0usize..5).prop_map(|c| Passive::Chain(Color::ALL[c])),
        (0usize..5, 1usize..5)
            .prop_map(|(a, d)| Passive::Recolor(Color::ALL[a], Color::ALL[(a + d) % 5])),
    ]
}

fn action() -> impl Strategy<Value = Action> {
    prop_oneof![
        (cell(), proptest::option::of(cell())).prop_map(|(a, b)| Action::Pick(a, b)),
        (cell(), 0..2u8).prop_map(|(a, d)| {
            let b = if d == 0 {
                a.offset(1, 0)
            } else {
                a.offset(0, 1)
            };
            Action::Swap(a, b.unwrap_or(a))
        }),
        cell().prop_map(Action::Rotate),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, max_global_rejects: 20_000, ..ProptestConfig::default() })]

    /// Gems plus rocks always total 56 once a proof has settled, and
    /// every removed gem left exactly one rock behind.
    #[test]
    fn gems_and_rocks_total_56(
        g in grid_strategy(),
        p in passive(),
        a in action(),
        kind in 0usize..3,
        at in cell(),
    ) {
        let active = [Active::Column, Active::Plus, Active::Refresh][kind];
        let proof = ProofSpec { active: (active, at), passive: p, starter: a, then: None };
        let played = play(&g, &proof, true);
        // Illegal proofs are rejected and replaced by new cases, so the
        // 400 counted cases are all played out.
        prop_assume!(played.is_ok());
        let o = played.expect("assumed");
        prop_assert_eq!(o.end.gems() + o.end.rocks(), CELLS);
        prop_assert_eq!(o.end.rocks() - g.rocks(), o.removed);
        prop_assert_eq!(o.trace.iter().map(|s| s.removed.len()).sum::<usize>(), o.removed);
    }
}
