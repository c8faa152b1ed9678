//! Tests of the Dodgem solver: the numbering is a bijection and agrees with
//! its definition, moves and un-moves agree with the board's, and the
//! values agree with a brute-force search and with each other.
//!
//! Imports only this game's solver and board (and std): no other game,
//! nothing from `log/`, `web/`, `import/` or `verify.rs`.

use super::index::{each_set, Cars};
use super::roads::Roads;
use super::*;
use crate::games::dodgem::board::Dir;
use std::collections::{HashMap, HashSet};

/// Every position of the board (both sides to move) whose blue set is
/// the `part`-th of every `parts` (so threads can share the work).
fn positions_part(n: u8, part: usize, parts: usize, mut f: impl FnMut(Position)) {
    let cells = n as u32 * n as u32;
    let mut k = 0usize;
    for nb in 0..n as u32 {
        each_set(cells, nb, |blue| {
            k += 1;
            if k % parts != part {
                return;
            }
            let free = !blue & ((1 << cells) - 1);
            for nr in 0..n as u32 {
                each_set(cells - nb, nr, |packed| {
                    // Spread red's packed bits over the free cells.
                    let mut red = 0;
                    let mut f_cells = free;
                    let mut bit = 0;
                    while f_cells != 0 {
                        let p = f_cells.trailing_zeros();
                        f_cells &= f_cells - 1;
                        if packed & (1 << bit) != 0 {
                            red |= 1 << p;
                        }
                        bit += 1;
                    }
                    for to_move in [Side::Blue, Side::Red] {
                        f(Position {
                            n,
                            blue,
                            red,
                            to_move,
                        });
                    }
                });
            }
        });
    }
}

/// Every position of the board (both sides to move).
fn all_positions(n: u8, f: impl FnMut(Position)) {
    positions_part(n, 0, 1, f)
}

/// The positions one un-move before `p`: the side that just moved moved
/// a car into its cell (or off the board).
fn parents(p: &Position, mut f: impl FnMut(Position)) {
    let mover = p.to_move.other();
    let n = p.n;
    // A game-over position has no moves, so it is nobody's parent: the
    // side to move in the parent (the one not moving now) must have cars.
    if p.cars(p.to_move) == 0 {
        return;
    }
    let occupied = p.blue | p.red;
    let cars = p.cars(mover);
    let mut each = cars;
    while each != 0 {
        let x = each.trailing_zeros() as u8;
        each &= each - 1;
        for d in Dir::of(mover) {
            let back = match d {
                Dir::North => Dir::South,
                Dir::South => Dir::North,
                Dir::East => Dir::West,
                Dir::West => Dir::East,
            };
            if let Some(y) = Position::step(n, x, back) {
                if occupied & (1 << y) == 0 {
                    let moved = (cars & !(1 << x)) | (1 << y);
                    f(with(p, mover, moved));
                }
            }
        }
    }
    // A car that drove off the exit edge.
    if cars.count_ones() < n as u32 - 1 {
        for k in 0..n {
            let e = match mover {
                Side::Blue => k * n + (n - 1),
                Side::Red => (n - 1) * n + k,
            };
            if occupied & (1 << e) == 0 {
                f(with(p, mover, cars | (1 << e)));
            }
        }
    }
}

fn with(p: &Position, mover: Side, cars: u32) -> Position {
    let mut q = *p;
    match mover {
        Side::Blue => q.blue = cars,
        Side::Red => q.red = cars,
    }
    q.to_move = mover;
    q
}

#[test]
fn the_index_is_a_bijection() {
    for n in [3u8, 4] {
        let ix = Indexer::new(n);
        let mut seen = HashSet::new();
        all_positions(n, |p| {
            let i = ix.index(&p);
            assert!(i < ix.len());
            assert!(seen.insert(i), "{p} collides");
        });
        assert_eq!(seen.len() as u64, ix.len());
    }
}

#[test]
fn table_numbers_agree_with_the_definition() {
    for n in [3u8, 4, 5] {
        let ix = Indexer::new(n);
        let mut check = |p: Position| {
            let i = ix.index_of(p.blue, p.red, p.to_move);
            assert_eq!(i as u64, ix.index(&p), "{p}");
            assert_eq!(ix.position_at(i), Cars::of(&p), "{p}");
        };
        if n < 5 {
            all_positions(n, &mut check);
        } else {
            // Every 5×5 position is too many for a unit test: the
            // corners of the numbering and a spread of the rest.
            let mut p = Position::start(5);
            check(p);
            p.blue = 0b1111 << 21;
            p.red = 0b1111 << 17;
            check(p);
            positions_part(5, 0, 997, check);
        }
    }
}

/// The solver's numbers for each move and un-move, worked out from
/// the position's cars with the tables, are the definition's numbers
/// of [`Position::play`] and the reference [`parents`], over every
/// 3×3 and 4×4 position.
#[test]
fn move_and_unmove_numbers_agree_with_the_definition() {
    for n in [3u8, 4] {
        let ix = Indexer::new(n);
        let roads = Roads::new(n);
        all_positions(n, |p| {
            let mut fast = Vec::new();
            let k = roads.children(&ix, Cars::of(&p), |c| fast.push(c as u64));
            let mut want: Vec<u64> = p.moves().iter().map(|&m| ix.index(&p.play(m))).collect();
            fast.sort_unstable();
            want.sort_unstable();
            assert_eq!(fast, want, "children of {p}");
            assert_eq!(k as usize, want.len(), "{p}");
            let mut fast = Vec::new();
            roads.parents(&ix, Cars::of(&p), |q| fast.push(q as u64));
            let mut want = Vec::new();
            parents(&p, |q| want.push(ix.index(&q)));
            fast.sort_unstable();
            want.sort_unstable();
            assert_eq!(fast, want, "parents of {p}");
        });
    }
}

#[test]
fn parents_are_exactly_the_positions_that_move_here() {
    let n = 3;
    let mut forward: HashMap<Position, HashSet<Position>> = HashMap::new();
    all_positions(n, |p| {
        if p.cars(p.to_move) == 0 {
            return;
        }
        for m in p.moves() {
            forward.entry(p.play(m)).or_default().insert(p);
        }
    });
    all_positions(n, |p| {
        let mut back = HashSet::new();
        parents(&p, |q| {
            back.insert(q);
        });
        assert_eq!(back, forward.remove(&p).unwrap_or_default(), "{p}");
    });
}

/// Plain fixpoint iteration over every position: slow, obviously
/// right, for n = 3.
fn brute_force(n: u8, rule: StuckRule) -> HashMap<Position, (Value, Option<u32>)> {
    let mut all = Vec::new();
    all_positions(n, |p| {
        if p.cars(p.to_move) != 0 {
            all.push(p)
        }
    });
    let mut known: HashMap<Position, (Value, u32)> = HashMap::new();
    for &p in &all {
        if p.cars(p.to_move.other()) == 0 {
            known.insert(p, (Value::Lose, 0));
        } else if p.moves().is_empty() {
            let v = match rule {
                StuckRule::StuckLoses => Value::Lose,
                StuckRule::StuckWins => Value::Win,
            };
            known.insert(p, (v, 0));
        }
    }
    for depth in 1..200u32 {
        let mut new = Vec::new();
        for &p in &all {
            if known.contains_key(&p) {
                continue;
            }
            let kids: Vec<Option<(Value, u32)>> = p
                .moves()
                .iter()
                .map(|m| known.get(&p.play(*m)).copied())
                .collect();
            // Won if some child is lost at depth − 1 (and none earlier:
            // guaranteed since we go level by level).
            if kids.iter().any(|k| *k == Some((Value::Lose, depth - 1))) {
                new.push((p, (Value::Win, depth)));
            } else if kids.iter().all(|k| matches!(k, Some((Value::Win, _))))
                && kids.iter().any(|k| *k == Some((Value::Win, depth - 1)))
            {
                new.push((p, (Value::Lose, depth)));
            }
        }
        for (p, v) in new {
            known.insert(p, v);
        }
    }
    all.iter()
        .map(|p| {
            (
                *p,
                known
                    .get(p)
                    .map_or((Value::Draw, None), |(v, r)| (*v, Some(*r))),
            )
        })
        .collect()
}

#[test]
fn agrees_with_brute_force_on_3x3_under_both_rules() {
    for rule in [StuckRule::StuckLoses, StuckRule::StuckWins] {
        let t = Tables::solve(3, rule, |_, _, _| {});
        let mut known = 0;
        for (p, want) in brute_force(3, rule) {
            if t.knows(&p) {
                known += 1;
                assert_eq!(t.value_of(&p), want, "{p} {rule:?}");
            }
        }
        assert_eq!(known, t.reachable, "every reachable position is valued");
    }
}

/// The retrograde invariant, position by position: an end is valued
/// by the rules with remoteness 0; otherwise a win has a losing child
/// and is one ply more than the quickest one, a loss has only winning
/// children and is one ply more than the slowest, and a draw has a
/// drawn child and no losing one.
fn check_children(n: u8, rule: StuckRule) {
    let t = Tables::solve(n, rule, |_, _, _| {});
    let mut checked = 0u64;
    all_positions(n, |p| {
        if !t.knows(&p) {
            return;
        }
        checked += 1;
        let (v, r) = t.value_of(&p);
        let moves = p.moves();
        if p.cars(p.to_move.other()) == 0 {
            assert_eq!((v, r), (Value::Lose, Some(0)), "{p}: the other side is out");
            return;
        }
        if moves.is_empty() {
            let want = match rule {
                StuckRule::StuckLoses => Value::Lose,
                StuckRule::StuckWins => Value::Win,
            };
            assert_eq!((v, r), (want, Some(0)), "{p}: stuck");
            return;
        }
        let kids: Vec<(Value, Option<u32>)> =
            moves.iter().map(|&m| t.value_of(&p.play(m))).collect();
        let losing = kids.iter().filter(|k| k.0 == Value::Lose);
        match v {
            Value::Win => {
                let quickest = losing.filter_map(|k| k.1).min();
                assert_eq!(
                    r,
                    quickest.map(|q| q + 1),
                    "{p}: a win takes the quickest loss"
                );
            }
            Value::Lose => {
                assert!(kids.iter().all(|k| k.0 == Value::Win), "{p}");
                let slowest = kids.iter().filter_map(|k| k.1).max();
                assert_eq!(
                    r,
                    slowest.map(|s| s + 1),
                    "{p}: a loss takes the slowest win"
                );
            }
            Value::Draw => {
                assert_eq!(losing.count(), 0, "{p}: a draw has no losing child");
                assert!(kids.iter().any(|k| k.0 == Value::Draw), "{p}");
                assert_eq!(r, None);
            }
        }
        // Every child of a reachable position is reachable.
        for m in moves {
            assert!(t.knows(&p.play(m)), "{p}");
        }
    });
    assert_eq!(checked, t.reachable);
}

#[test]
fn every_3x3_value_agrees_with_its_childrens_values() {
    check_children(3, StuckRule::StuckLoses);
    check_children(3, StuckRule::StuckWins);
}

/// The same over every 4×4 position (about 4 million; a few seconds
/// in release).
#[test]
#[ignore]
fn every_4x4_value_agrees_with_its_childrens_values() {
    check_children(4, StuckRule::StuckLoses);
}

#[test]
fn tables_save_and_load_back_identically() {
    let t = Tables::solve(3, StuckRule::StuckLoses, |_, _, _| {});
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("d3.tbl");
    t.save(&path).unwrap();
    let u = Tables::load(&path, 3, StuckRule::StuckLoses).unwrap();
    assert_eq!((u.reachable, u.counts), (t.reachable, t.counts));
    all_positions(3, |p| {
        if p.cars(p.to_move) != 0 {
            assert_eq!(u.value_of(&p), t.value_of(&p));
        }
    });
    let err = Tables::load(&path, 3, StuckRule::StuckWins).err().unwrap();
    assert!(err.to_string().contains("stuck-loses"), "{err}");
    std::fs::write(&path, "garbage").unwrap();
    assert!(Tables::load(&path, 3, StuckRule::StuckLoses).is_err());
}

#[test]
fn the_3x3_start_is_a_first_player_win_under_winning_ways_rules() {
    // Winning Ways (and GamesmanUni, stuck-wins) report the 3×3 start
    // as a win for the first player.
    let t = Tables::solve(3, StuckRule::StuckWins, |_, _, _| {});
    assert_eq!(t.value_of(&Position::start(3)).0, Value::Win);
    assert!(t.reachable > 0);
    assert_eq!(t.counts.iter().sum::<u64>(), t.reachable);
}

#[test]
fn a_side_to_move_with_every_car_off_has_won_under_either_rule() {
    // No game reaches it (the game ends as the last car leaves), but a
    // question may ask it: the side to move has won, stuck or not.
    for rule in [StuckRule::StuckLoses, StuckRule::StuckWins] {
        for text in [".../.../R..:B", "..B/.../...:R"] {
            let p: Position = text.parse().unwrap();
            let t = Tables::solve_from(p, rule, |_, _, _| {});
            assert_eq!(t.value_of(&p), (Value::Win, Some(0)), "{text} {rule:?}");
        }
    }
}
