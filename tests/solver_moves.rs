//! Property tests: whatever the position, the moves the exact solvers of
//! the three small games choose or value are legal moves of that position,
//! and playing the chosen move gives the value the solver promised.

use arbiter::games::{dodgem, permutation, xs_and_lines};
use proptest::prelude::*;

/// An x's-and-lines position: distinct x's on an n×n grid, then some
/// legal lines picked by index.
fn xs_position() -> impl Strategy<Value = xs_and_lines::Position> {
    (
        4u8..=7,
        prop::collection::vec(any::<u16>(), 4..=7),
        prop::collection::vec(any::<u16>(), 0..4),
    )
        .prop_map(|(n, picks, lines)| {
            let mut xs: Vec<xs_and_lines::Cell> = Vec::new();
            for k in picks {
                let c = xs_and_lines::Cell {
                    col: (k % n as u16) as u8,
                    row: ((k / n as u16) % n as u16) as u8,
                };
                if !xs.contains(&c) {
                    xs.push(c);
                }
            }
            let mut p = xs_and_lines::Position::new(n, xs).unwrap();
            for k in lines {
                let legal = p.legal_lines();
                if legal.is_empty() {
                    break;
                }
                p.draw(legal[k as usize % legal.len()]);
            }
            p
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn xs_solver_values_exactly_the_legal_lines(p in xs_position()) {
        let (wins, moves) = xs_and_lines::solve(&p);
        let legal = p.legal_lines();
        prop_assert_eq!(moves.len(), legal.len());
        for (line, w) in &moves {
            prop_assert!(legal.contains(line));
            // Drawing it through the notation works and leaves a position
            // whose value for the next player is the opposite.
            let mut next = p.clone();
            prop_assert!(next.play(&line.to_string()).is_ok());
            prop_assert_eq!(xs_and_lines::solve(&next).0, !w);
        }
        prop_assert_eq!(wins, moves.is_empty() || moves.iter().any(|(_, w)| *w));
    }

    #[test]
    fn permutation_best_play_numbers_only_free_xs(
        seed in prop::collection::vec(any::<u8>(), 7),
        done in 1usize..7,
    ) {
        // A permutation of 7 from the seed, and the first `done` numbered
        // in column order from the leftmost.
        let mut rows: Vec<u8> = (0..7).collect();
        for (i, s) in seed.iter().enumerate().rev() {
            rows.swap(i, *s as usize % (i + 1));
        }
        let perm = permutation::Perm { rows };
        let numbered: Vec<usize> = (0..done).collect();
        let p = permutation::Position { players: 2, perm: perm.clone(), numbered: numbered.clone() };
        let a = permutation::analyse(&p);
        let best = a.best.clone().unwrap();
        let c = perm.column_of(&best).unwrap();
        prop_assert!(!numbered.contains(&c));
        // The line is the numbering so far followed by a permutation of
        // the rest, and it scores the promised totals.
        prop_assert_eq!(a.line.len(), 7);
        let cols: Vec<usize> = a.line.iter().map(|x| perm.column_of(x).unwrap()).collect();
        let mut sorted = cols.clone();
        sorted.sort();
        prop_assert_eq!(sorted, (0..7).collect::<Vec<_>>());
        prop_assert_eq!(&cols[..done], &numbered[..]);
        let played = permutation::Position { players: 2, perm, numbered: cols };
        prop_assert_eq!(played.scored(), a.totals);
    }

    #[test]
    fn dodgem_moves_are_legal_and_valued_by_their_child(walk in prop::collection::vec(any::<u16>(), 0..30)) {
        let t = dodgem_tables();
        let mut p = dodgem::Position::start(3);
        for k in walk {
            let legal = p.moves();
            if legal.is_empty() {
                break;
            }
            let valued = t.moves(&p);
            prop_assert_eq!(valued.len(), legal.len());
            for (name, v, _) in &valued {
                let m = p.parse_move(name);
                prop_assert!(m.is_ok(), "{} is not a move of {}", name, p);
                let child = t.value_of(&p.play(m.unwrap())).0;
                prop_assert_eq!(*v, child.other_side());
            }
            p = p.play(legal[k as usize % legal.len()]);
        }
    }
}

fn dodgem_tables() -> &'static dodgem::Tables {
    static T: std::sync::OnceLock<dodgem::Tables> = std::sync::OnceLock::new();
    T.get_or_init(|| dodgem::Tables::solve(3, dodgem::StuckRule::StuckLoses, |_, _, _| {}))
}
