//! A count-only cascade on bitboards, for the solver's hottest loops.
//!
//! After a refresh, the best second starter action is searched on every
//! first cascade's end grid: tens of millions of cascades with no active
//! powerup and no trace; and every first action is played again with a
//! column or a plus on each gem it removes. Here the grid is five 56-bit
//! color masks and a rock mask, so finding every line or bend square is a
//! handful of shifts per color, chain climbs a whole pass at once, gravity
//! touches only the columns that lost gems, and the active is one more bit
//! that moves with its gem. It answers one question — how many gems the
//! cascade removes — and must always agree with [`super::engine`], which a
//! test checks on thousands of random grids, actions and actives.
//!
//! Imports nothing outside Bejeweled's own grid, proof and engine files: a
//! search knows no match, chat or page.

use super::grid::{Cell, Grid, CELLS, COLS, ROWS};
use super::proof::{Action, Active, Passive};

const FULL: u64 = (1 << CELLS) - 1;
/// Cells where a horizontal line of 3 may start (columns A–F).
const H3: u64 = {
    let mut m = 0u64;
    let mut r = 0;
    while r < ROWS {
        m |= 0x3f << (r * COLS);
        r += 1;
    }
    m
};
/// Top-left cells of 2×2 squares (columns A–G, rows 1–6).
const SQ: u64 = {
    let mut m = 0u64;
    let mut r = 0;
    while r < ROWS - 1 {
        m |= 0x7f << (r * COLS);
        r += 1;
    }
    m
};

/// The cells a plus fires on from each cell: distance 1 and 2 in the four
/// directions (holes and rocks among them are simply not gems).
const PLUS: [u64; CELLS] = {
    let mut t = [0u64; CELLS];
    let mut i = 0;
    while i < CELLS {
        let (c, r) = ((i % COLS) as i32, (i / COLS) as i32);
        let dirs = [(0, -1), (0, 1), (-1, 0), (1, 0)];
        let mut k = 0;
        while k < 4 {
            let mut d = 1;
            while d <= 2 {
                let (cc, rr) = (c + dirs[k].0 * d, r + dirs[k].1 * d);
                if cc >= 0 && cc < COLS as i32 && rr >= 0 && rr < ROWS as i32 {
                    t[i] |= 1 << (rr as usize * COLS + cc as usize);
                }
                d += 1;
            }
            k += 1;
        }
        i += 1;
    }
    t
};
/// Column A (shift left by the column for the others).
const COL_A: u64 = 0x0001_0101_0101_0101;

/// A grid as masks: convert once, count many actions on it.
#[derive(Clone, Copy)]
pub struct Boards {
    color: [u64; 5],
    rock: u64,
}

impl Boards {
    pub fn from(grid: &Grid) -> Boards {
        let mut b = Boards {
            color: [0; 5],
            rock: 0,
        };
        for i in 0..CELLS {
            match grid.code(i) {
                c @ 0..=4 => b.color[c as usize] |= 1 << i,
                5 => b.rock |= 1 << i,
                _ => {}
            }
        }
        b
    }

    fn gems(&self) -> u64 {
        self.color.iter().fold(0, |m, c| m | c)
    }

    fn code(&self, i: usize) -> u8 {
        let bit = 1u64 << i;
        if self.rock & bit != 0 {
            return 5;
        }
        for (c, m) in self.color.iter().enumerate() {
            if m & bit != 0 {
                return c as u8;
            }
        }
        6
    }

    fn set(&mut self, i: usize, code: u8) {
        let bit = 1u64 << i;
        for m in &mut self.color {
            *m &= !bit;
        }
        self.rock &= !bit;
        match code {
            0..=4 => self.color[code as usize] |= bit,
            5 => self.rock |= bit,
            _ => {}
        }
    }

    /// Every gem in a line of 3+, and with bend every same-colored gem of
    /// a 2×2 holding 3+ of one color.
    fn removable(&self, bend: bool) -> u64 {
        let mut marks = 0;
        for &b in &self.color {
            let h = b & (b >> 1) & (b >> 2) & H3;
            let v = b & (b >> 8) & (b >> 16);
            marks |= h | (h << 1) | (h << 2) | v | (v << 8) | (v << 16);
            if bend {
                let (t1, t2, t3, t4) = (b & SQ, (b >> 1) & SQ, (b >> 8) & SQ, (b >> 9) & SQ);
                let three = (t1 & t2 & (t3 | t4)) | (t3 & t4 & (t1 | t2));
                marks |= b & (three | (three << 1) | (three << 8) | (three << 9));
            }
        }
        marks & FULL
    }

    /// Whether anything is removable: [`Boards::removable`] without
    /// marking every gem of each line, for the many checks that find
    /// nothing.
    #[inline(always)]
    fn any_removable(&self, bend: bool) -> bool {
        let mut starts = 0;
        for &b in &self.color {
            starts |= (b & (b >> 1) & (b >> 2) & H3) | (b & (b >> 8) & (b >> 16));
            if bend {
                let (t1, t2, t3, t4) = (b & SQ, (b >> 1) & SQ, (b >> 8) & SQ, (b >> 9) & SQ);
                starts |= (t1 & t2 & (t3 | t4)) | (t3 & t4 & (t1 | t2));
            }
        }
        starts != 0
    }

    /// Removes the gems in `cells`; returns how many.
    fn remove(&mut self, cells: u64) -> u32 {
        let n = (cells & self.gems()).count_ones();
        for m in &mut self.color {
            *m &= !cells;
        }
        n
    }

    /// Gems fall within each stretch of a column between rocks; places
    /// left at the top of a stretch become rocks (as in the engine).
    ///
    /// Holes are closed one at a time from the top: the gems between the
    /// nearest rock above a hole and the hole slide down one row (a shift
    /// by 8 on every color mask), and the cell under that rock becomes a
    /// rock. Holes further down are not moved by this, so the holes found
    /// at the start can be taken in index order.
    /// `at` (the active's gem, one bit or none) falls with the gems.
    #[inline(always)]
    fn gravity(&mut self, at: &mut u64) {
        let filled = self.gems() | self.rock;
        let mut holes = !filled & FULL;
        while holes != 0 {
            let h = holes.trailing_zeros();
            holes &= holes - 1;
            let col = COL_A << (h % COLS as u32);
            let below_h = (1u64 << h) - 1;
            let rocks_above = self.rock & col & below_h;
            let top = if rocks_above == 0 {
                // No rock above: the stretch starts at row 1.
                col & below_h
            } else {
                let r = 63 - rocks_above.leading_zeros();
                col & below_h & !((2u64 << r) - 1)
            };
            if top == 0 {
                // The hole is right under a rock (or at row 1): it becomes
                // a rock itself.
                self.rock |= 1 << h;
                continue;
            }
            for m in &mut self.color {
                *m = (*m & !top) | ((*m & top) << 8);
            }
            *at = (*at & !top) | ((*at & top) << 8);
            // The stretch's top cell is left empty: a rock.
            self.rock |= 1 << top.trailing_zeros();
        }
    }

    /// Moves the tiles on `from[k]` to `to[k]` at once (up to 4 cells),
    /// and `at` (the active's gem) with its tile.
    fn permute(&mut self, from: &[usize], to: &[usize], at: &mut u64) {
        let mut codes = [0u8; 4];
        for (k, &i) in from.iter().enumerate() {
            codes[k] = self.code(i);
        }
        let mut moved = *at;
        for (k, &t) in to.iter().enumerate() {
            self.set(t, codes[k]);
            if *at == 1 << from[k] {
                moved = 1 << t;
            }
        }
        *at = moved;
    }
}

/// Gems removed by a starter action and its cascade, with no active
/// powerup, on a grid where the action is legal (as [`super::solver::actions`]
/// lists them). Agrees with `engine::play_parts(grid, passive, None,
/// action, None, false).removed`.
pub fn count(grid: &Grid, passive: Passive, action: Action) -> u32 {
    count_on(&Boards::from(grid), passive, action)
}

/// [`count`] on a grid already converted.
pub fn count_on(start: &Boards, passive: Passive, action: Action) -> u32 {
    cascade(start, passive, action).0
}

/// The count and the columns the cascade removed gems from (bit c =
/// column c), which bound where it could interact with another.
pub fn cascade(start: &Boards, passive: Passive, action: Action) -> (u32, u8) {
    run(start, passive, None, action)
}

/// Gems removed by a starter action and its cascade with an active
/// powerup on a gem (a refresh removes nothing by itself: this is the
/// first use of the starter only). Agrees with `engine::play_parts(grid,
/// passive, Some(active), action, None, false).removed`.
pub fn count_active(
    start: &Boards,
    passive: Passive,
    active: (Active, usize),
    action: Action,
) -> u32 {
    run(start, passive, Some(active), action).0
}

/// A cascade under way: the board, the active's gem, and what the pass
/// so far removed (for chain and recolor).
struct Flow {
    b: Boards,
    passive: Passive,
    /// The active's gem (one bit), until it fires.
    at: u64,
    kind: Active,
    /// The active's gem was picked or chained: it fires in the next pass.
    fire_next: bool,
    touched: u64,
    removed: u32,
    pass_removed: u64,
    pass_removed_c: u64,
}

impl Flow {
    fn new(b: Boards, passive: Passive, active: Option<(Active, usize)>) -> Flow {
        Flow {
            b,
            passive,
            at: active.map_or(0, |(_, i)| 1 << i),
            kind: active.map_or(Active::Refresh, |(k, _)| k),
            fire_next: false,
            touched: 0,
            removed: 0,
            pass_removed: 0,
            pass_removed_c: 0,
        }
    }

    fn chain_color(&self) -> Option<usize> {
        match self.passive {
            Passive::Chain(c) => Some(c as usize),
            _ => None,
        }
    }

    /// Removes `cells` as part of this pass.
    #[inline(always)]
    fn take(&mut self, cells: u64) {
        if let Some(c) = self.chain_color() {
            self.pass_removed_c |= cells & self.b.color[c];
        }
        self.pass_removed |= cells;
        self.touched |= cells;
        self.removed += self.b.remove(cells);
    }

    /// The starter action (with pick and recolor, the recolor at once).
    #[inline(always)]
    fn start(&mut self, action: Action) {
        match action {
            Action::Pick(x, y) => {
                let mut cells = 1u64 << x.index();
                if let Some(y) = y {
                    cells |= 1 << y.index();
                }
                if cells & self.at != 0 {
                    self.fire_next = true;
                }
                self.take(cells);
                if let Passive::Recolor(a, bb) = self.passive {
                    let (a, bb) = (a as usize, bb as usize);
                    self.b.color[bb] |= self.b.color[a];
                    self.b.color[a] = 0;
                }
            }
            Action::Swap(x, y) => {
                let (x, y) = (x.index(), y.index());
                self.b.permute(&[x, y], &[y, x], &mut self.at);
            }
            Action::Rotate(tl) => {
                let i = tl.index();
                let from = [i, i + 1, i + 1 + COLS, i + COLS];
                let to = [i + 1, i + 1 + COLS, i + COLS, i];
                self.b.permute(&from, &to, &mut self.at);
            }
        }
    }

    /// Recolor or chain for the gems removed in this pass; true when it
    /// had an effect.
    #[inline(always)]
    fn passive_effect(&mut self) -> bool {
        let effect = match self.passive {
            Passive::Bend => false,
            Passive::Recolor(a, bb) => {
                let (a, bb) = (a as usize, bb as usize);
                if self.pass_removed != 0 && self.b.color[a] != 0 {
                    self.b.color[bb] |= self.b.color[a];
                    self.b.color[a] = 0;
                    true
                } else {
                    false
                }
            }
            Passive::Chain(c) => {
                let c = c as usize;
                let mut frontier = self.pass_removed_c;
                let mut any = false;
                while frontier != 0 {
                    let above = (frontier >> 8) & self.b.gems();
                    if above == 0 {
                        break;
                    }
                    any = true;
                    if above & self.at != 0 {
                        self.fire_next = true;
                    }
                    let next = above & self.b.color[c];
                    self.touched |= above;
                    self.removed += self.b.remove(above);
                    frontier = next;
                }
                any
            }
        };
        self.pass_removed = 0;
        self.pass_removed_c = 0;
        effect
    }

    /// The loop, as in [`super::engine`], until nothing is removable after
    /// gravity: `known` is what is removable now, when already found. The
    /// active fires in the pass its gem is removed by a line (or, when
    /// picked or chained, in the next pass, before any gravity), from the
    /// cell its gem stood on.
    #[inline(always)]
    fn settle(&mut self, mut known: Option<u64>) {
        let bend = self.passive == Passive::Bend;
        loop {
            let marks = known.take().unwrap_or_else(|| self.b.removable(bend));
            let mut fire_now = std::mem::take(&mut self.fire_next);
            if marks != 0 {
                if marks & self.at != 0 {
                    fire_now = true;
                }
                self.take(marks);
            }
            if fire_now && self.at != 0 {
                let i = self.at.trailing_zeros() as usize;
                self.at = 0;
                let hit = match self.kind {
                    Active::Plus => PLUS[i],
                    Active::Column => COL_A << (i % COLS),
                    Active::Refresh => 0,
                } & self.b.gems();
                self.take(hit);
            }
            if self.passive_effect() {
                continue;
            }
            self.b.gravity(&mut self.at);
            if !self.b.any_removable(bend) {
                break;
            }
            known = Some(self.b.removable(bend));
        }
    }
}

#[inline(always)]
fn run(
    start: &Boards,
    passive: Passive,
    active: Option<(Active, usize)>,
    action: Action,
) -> (u32, u8) {
    let mut f = Flow::new(*start, passive, active);
    f.start(action);
    f.settle(None);
    (f.removed, columns(f.touched))
}

/// A single pick on a settled grid, kept to build pairs of picks from.
///
/// On a settled grid no line or bend square forms before gravity (taking
/// gems away never makes one), so a pick's first pass is the pick, its
/// chain, and gravity: all within the picked gem's column. Two picks in
/// different columns therefore reach, after their first pass, the grid
/// with each one's column as it alone left it — no gravity to redo, one
/// removable check, and a cascade only when that finds something.
#[derive(Clone, Copy)]
pub struct PickStep {
    /// The board after the first pass.
    board: Boards,
    /// Gems removed by the first pass.
    first: u32,
    /// Gems removed by the whole cascade of this pick alone.
    pub count: u32,
    /// The columns that cascade touched (see [`independent`]).
    pub columns: u8,
}

impl Boards {
    /// Picking the gem on cell `x` alone, on a settled grid with a passive
    /// that acts only where gems go (`!self.passive_is_global(passive)`).
    pub fn pick_step(&self, passive: Passive, x: usize) -> PickStep {
        let bend = passive == Passive::Bend;
        debug_assert_eq!(self.removable(bend), 0, "a settled grid");
        let mut f = Flow::new(*self, passive, None);
        f.start(Action::Pick(Cell::from_index(x), None));
        // Nothing removable yet: the chain, then gravity.
        f.passive_effect();
        f.b.gravity(&mut f.at);
        let (board, first) = (f.b, f.removed);
        let next = f.b.removable(bend);
        if next != 0 {
            f.settle(Some(next));
        }
        PickStep {
            board,
            first,
            count: f.removed,
            columns: columns(f.touched),
        }
    }

    /// Gems removed by picking two gems in different columns at once, from
    /// their single steps on this grid (same passive as `pick_step`).
    /// Agrees with `count_on(self, passive, Action::Pick(x, Some(y)))`.
    pub fn pair_count(
        &self,
        passive: Passive,
        x: (usize, &PickStep),
        y: (usize, &PickStep),
    ) -> u32 {
        let (mx, my) = (COL_A << (x.0 % COLS), COL_A << (y.0 % COLS));
        debug_assert_ne!(mx, my, "picks in different columns");
        let keep = !(mx | my);
        let mut b = *self;
        for k in 0..5 {
            b.color[k] =
                (b.color[k] & keep) | (x.1.board.color[k] & mx) | (y.1.board.color[k] & my);
        }
        b.rock = (b.rock & keep) | (x.1.board.rock & mx) | (y.1.board.rock & my);
        let first = x.1.first + y.1.first;
        if !b.any_removable(passive == Passive::Bend) {
            return first;
        }
        let mut f = Flow::new(b, passive, None);
        f.removed = first;
        f.settle(None);
        f.removed
    }
}

/// The columns a cell mask touches, as 8 bits.
fn columns(m: u64) -> u8 {
    let mut c = m;
    c |= c >> 32;
    c |= c >> 16;
    c |= c >> 8;
    (c & 0xff) as u8
}

/// Whether two picks' cascades, each run alone, stay far enough apart
/// that they cannot meet: no line (3 columns) or bend square (2) spans
/// both sets of touched columns. Then picking both removes exactly the sum,
/// provided the passive acts only where gems go (bend, chain, or a recolor
/// with no gem of its first color left).
pub fn independent(a: u8, b: u8) -> bool {
    let wide = a | (a << 1) | (a << 2) | (a >> 1) | (a >> 2);
    wide & b == 0
}

impl Boards {
    /// True when the passive can act away from the removed gems (a recolor
    /// whose first color is still on the grid).
    pub fn passive_is_global(&self, passive: Passive) -> bool {
        matches!(passive, Passive::Recolor(a, _) if self.color[a as usize] != 0)
    }
}

#[cfg(test)]
mod tests {
    use super::super::engine::play_parts;
    use super::super::grid::Color;
    use super::super::proof::Powerup;
    use super::super::solver::random_grids::{self, GEMS};
    use super::super::solver::{actions, passives};
    use super::*;
    use crate::games::bejeweled::Offer;

    /// Random gems, with rocks here and there in up to two top rows.
    fn random_grid(seed: &mut u64) -> Grid {
        random_grids::without_line(seed, |seed| {
            let rocks = (random_grids::next(seed) % 3) as usize;
            move |r, x| {
                if r < rocks && x % 3 == 0 {
                    '#'
                } else {
                    GEMS[(x >> 8) as usize % 5]
                }
            }
        })
    }

    /// `count` cases from `seed`: the case number, a random grid, and a
    /// passive of every offer in turn (the `n`th takes every `stride`th).
    fn cases(
        seed: u64,
        count: usize,
        stride: usize,
    ) -> impl Iterator<Item = (usize, Grid, Passive)> {
        let all = passives(Offer::all());
        let mut seed = seed;
        (0..count).map(move |n| (n, random_grid(&mut seed), all[n * stride % all.len()]))
    }

    /// Every `picks`th pick of `g` and every `others`th swap and rotation,
    /// each with its place among its starter's actions.
    fn sampled_actions(g: &Grid, picks: usize, others: usize) -> Vec<(usize, Action)> {
        [Powerup::Pick, Powerup::Swap, Powerup::Rotate]
            .into_iter()
            .flat_map(|s| {
                let step = if s == Powerup::Pick { picks } else { others };
                actions(g, s).into_iter().enumerate().step_by(step)
            })
            .collect()
    }

    /// [`cases`] as the solver's second stage sees them: each grid after a
    /// first pick (the `n`th case's `n * picks % 50`th), settled, with its
    /// boards; cases whose passive can act away from the removed gems are
    /// left out.
    fn settled_cases(
        seed: u64,
        count: usize,
        stride: usize,
        picks: usize,
    ) -> impl Iterator<Item = (Grid, Passive, Boards)> {
        cases(seed, count, stride).filter_map(move |(n, g0, p)| {
            let first = actions(&g0, Powerup::Pick)[n * picks % 50];
            let g = play_parts(&g0, p, None, first, None, false).unwrap().end;
            let b = Boards::from(&g);
            (!b.passive_is_global(p)).then_some((g, p, b))
        })
    }

    #[test]
    fn agrees_with_the_engine_on_random_grids_and_actions() {
        let mut checked = 0;
        for (_, g, p) in cases(0xFA57_C0DE, 60, 1) {
            for (_, a) in sampled_actions(&g, 23, 3) {
                let slow = play_parts(&g, p, None, a, None, false).unwrap();
                assert_eq!(count(&g, p, a) as usize, slow.removed, "{p} {a}\n{g}");
                checked += 1;
            }
        }
        assert!(checked > 3000, "{checked}");
    }

    #[test]
    fn agrees_with_the_engine_with_a_column_or_a_plus_on_any_gem() {
        let mut checked = 0;
        for (n, g, p) in cases(0xAC71_7E5E, 60, 1) {
            let b = Boards::from(&g);
            let gems: Vec<usize> = (0..CELLS)
                .filter(|&i| g.gem(Cell::from_index(i)).is_some())
                .collect();
            for (k, a) in sampled_actions(&g, 37, 5) {
                for kind in [Active::Column, Active::Plus] {
                    // The active on a gem the action moves or picks, and on
                    // a few others.
                    let first = match a {
                        Action::Pick(x, _) | Action::Swap(x, _) | Action::Rotate(x) => x.index(),
                    };
                    for at in [first, gems[(k * 7 + n) % gems.len()], gems[k % gems.len()]] {
                        let cell = Cell::from_index(at);
                        let slow = play_parts(&g, p, Some((kind, cell)), a, None, false)
                            .unwrap()
                            .removed;
                        let fast = count_active(&b, p, (kind, at), a) as usize;
                        assert_eq!(fast, slow, "{p} {a} {kind:?} {cell}\n{g}");
                        checked += 1;
                    }
                }
            }
        }
        assert!(checked > 5000, "{checked}");
    }

    #[test]
    fn far_apart_picks_remove_the_sum_of_their_cascades() {
        let mut used = 0;
        for (g, p, b) in settled_cases(0xD1C0_7E57, 40, 1, 7) {
            let singles: Vec<_> = (0..CELLS)
                .map(|i| {
                    let c = Cell::from_index(i);
                    g.gem(c).map(|_| cascade(&b, p, Action::Pick(c, None)))
                })
                .collect();
            for a in actions(&g, Powerup::Pick) {
                if let Action::Pick(x, Some(y)) = a {
                    let (sx, tx) = singles[x.index()].unwrap();
                    let (sy, ty) = singles[y.index()].unwrap();
                    if independent(tx, ty) {
                        assert_eq!(count_on(&b, p, a), sx + sy, "{p} {a}\n{g}");
                        used += 1;
                    }
                }
            }
        }
        assert!(used > 1000, "{used}");
        let _ = (Cell::from_index(0), Color::Red);
    }

    #[test]
    fn pairs_of_picks_built_from_single_steps_agree_with_the_cascade() {
        let mut used = 0;
        for (g, p, b) in settled_cases(0x9A12_57E9, 40, 3, 11) {
            let steps: Vec<_> = (0..CELLS)
                .map(|i| g.gem(Cell::from_index(i)).map(|_| b.pick_step(p, i)))
                .collect();
            for a in actions(&g, Powerup::Pick) {
                match a {
                    Action::Pick(x, None) => {
                        let s = steps[x.index()].unwrap();
                        assert_eq!(s.count, count_on(&b, p, a), "{p} {a}\n{g}");
                    }
                    Action::Pick(x, Some(y)) if x.col() != y.col() => {
                        let sx = steps[x.index()].unwrap();
                        let sy = steps[y.index()].unwrap();
                        let pair = b.pair_count(p, (x.index(), &sx), (y.index(), &sy));
                        assert_eq!(pair, count_on(&b, p, a), "{p} {a}\n{g}");
                        used += 1;
                    }
                    _ => {}
                }
            }
        }
        assert!(used > 10000, "{used}");
    }
}
