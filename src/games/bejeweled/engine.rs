//! The cascade: a proof played out on a grid, exactly in the seed's order
//! of operations, with a trace of every pass.
//!
//! Order (seed, "Clarification: Order of operations", and RULINGS):
//! place the active; use the starter; with pick and recolor, recolor now;
//! then loop { remove every 3-in-a-row (and bend square) at once; fire the
//! removed active; resolve recolor / chain; if that had an effect, loop
//! again before gravity; gravity; loop again while anything is removable };
//! if a refresh fired, the starter may be used once more and the loop runs
//! again. The fine points (when an active fires, what plus skips, how
//! gravity treats rocks) are documented where they are decided below and in
//! `docs/rules/bejeweled.md`.
//!
//! The same code serves the verifier (with a trace) and the solver (without
//! one): `trace: false` skips every allocation that only the trace needs.
//!
//! Like all of `games/`, it imports nothing from `log/`, `web/`,
//! `import/` or `verify`, and no other game's folder.

use serde::Serialize;

use super::grid::{Cell, Color, Grid, Tile, CELLS, COLS, ROWS};
use super::proof::{Action, Active, Passive, ProofSpec};

const ROCK: u8 = 5;
const HOLE: u8 = 6;

/// Why a gem was removed.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Cause {
    Pick,
    Line,
    Bend,
    Plus,
    Column,
    Chain,
}

/// One removal.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Removal {
    pub cell: Cell,
    pub color: String,
    pub cause: Cause,
}

/// One step of a cascade, as the replay draws it.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct TraceStep {
    /// `place`, `pick`, `swap`, `rotate`, `recolor`, `match`, `fire`,
    /// `chain`, `gravity`.
    pub what: &'static str,
    /// The step in words.
    pub text: String,
    pub removed: Vec<Removal>,
    pub recolored: Vec<Cell>,
    /// Gems that fell: (from, to).
    pub fell: Vec<(Cell, Cell)>,
    /// Cells that became rocks.
    pub rocks: Vec<Cell>,
    /// Gems removed so far.
    pub count: usize,
    /// The grid after the step (`.` for a hole).
    pub grid: Vec<String>,
    /// Where the active powerup stands after the step.
    pub active_at: Option<Cell>,
}

/// What a proof did.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Outcome {
    /// Gems removed, picks included.
    pub removed: usize,
    /// The grid when everything settled (rocks where columns emptied).
    pub end: Grid,
    pub refresh_fired: bool,
    /// Original cells (before the starter) of the gems removed during the
    /// first use of the starter's cascade: bit i = the gem that stood on
    /// cell i. The solver uses it: an active on a gem outside this set never
    /// fires.
    pub removed_ids: u64,
    pub trace: Vec<TraceStep>,
}

/// Why a proof cannot be played on this grid.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum PlayError {
    #[error("'{part}': {why}")]
    Illegal { part: String, why: String },
    #[error("'then {0}': no refresh fired, so there is no second starter")]
    ThenWithoutRefresh(String),
}

fn illegal(part: impl ToString, why: impl Into<String>) -> PlayError {
    PlayError::Illegal {
        part: part.to_string(),
        why: why.into(),
    }
}

/// The cascade's working state.
struct Table {
    g: Grid,
    /// The original cell of the gem on each cell (for `removed_ids`).
    ids: [u8; CELLS],
    passive: Passive,
    /// The active powerup and the cell its gem is on, until it fires.
    active: Option<(Active, usize)>,
    removed: usize,
    removed_ids: u64,
    refresh_fired: bool,
    /// The active's gem was removed and it fires in the next pass (picked,
    /// or removed by chain).
    fire_next: bool,
    trace: Option<Vec<TraceStep>>,
}

fn color_name(code: u8) -> String {
    Color::ALL
        .get(code as usize)
        .map_or("?", |c| c.name())
        .to_string()
}

impl Table {
    fn step(
        &mut self,
        what: &'static str,
        text: impl FnOnce() -> String,
        removed: Vec<Removal>,
        recolored: Vec<Cell>,
        fell: Vec<(Cell, Cell)>,
        rocks: Vec<Cell>,
    ) {
        if let Some(t) = &mut self.trace {
            t.push(TraceStep {
                what,
                text: text(),
                removed,
                recolored,
                fell,
                rocks,
                count: self.removed,
                grid: self.g.rows(),
                active_at: self.active.map(|(_, i)| Cell::from_index(i)),
            });
        }
    }

    /// Removes the gem on `i`; returns its color code, or `None` when no gem
    /// stands there. Notes when the active's gem goes.
    fn remove(&mut self, i: usize) -> Option<u8> {
        let t = self.g.code(i);
        if t >= ROCK {
            return None;
        }
        self.g.set_code(i, HOLE);
        self.removed += 1;
        self.removed_ids |= 1 << self.ids[i];
        Some(t)
    }

    /// Notes a removal for the trace (nothing when not tracing: the solver
    /// plays millions of cascades and needs none of it).
    fn record(&self, out: &mut Vec<Removal>, i: usize, color: u8, cause: Cause) {
        if self.trace.is_some() {
            out.push(Removal {
                cell: Cell::from_index(i),
                color: color_name(color),
                cause,
            });
        }
    }

    fn tracing(&self) -> bool {
        self.trace.is_some()
    }

    fn is_gem(&self, i: usize) -> bool {
        self.g.code(i) < ROCK
    }

    /// Cells removable now: lines of 3+ in a row or column, and with bend
    /// the same-colored gems of any 2×2 holding 3+ of one color.
    fn removable(&self) -> ([Option<Cause>; CELLS], bool) {
        let mut mark = [None; CELLS];
        let mut any = false;
        let g = &self.g;
        // Every row and every column, as (first cell, step to the next
        // cell, length), searched for runs of one color.
        let rows = (0..ROWS).map(|r| (r * COLS, 1, COLS));
        let columns = (0..COLS).map(|c| (c, COLS, ROWS));
        for (first, step, len) in rows.chain(columns) {
            let at = |k: usize| first + k * step;
            let mut a = 0;
            while a < len {
                let t = g.code(at(a));
                let mut e = a + 1;
                while e < len && g.code(at(e)) == t {
                    e += 1;
                }
                if t < ROCK && e - a >= 3 {
                    for k in a..e {
                        mark[at(k)] = Some(Cause::Line);
                    }
                    any = true;
                }
                a = e;
            }
        }
        if self.passive == Passive::Bend {
            for r in 0..ROWS - 1 {
                for c in 0..COLS - 1 {
                    let sq = [
                        r * COLS + c,
                        r * COLS + c + 1,
                        (r + 1) * COLS + c,
                        (r + 1) * COLS + c + 1,
                    ];
                    for color in 0..5u8 {
                        let n = sq.iter().filter(|&&i| g.code(i) == color).count();
                        if n >= 3 {
                            for &i in &sq {
                                if g.code(i) == color && mark[i].is_none() {
                                    mark[i] = Some(Cause::Bend);
                                }
                            }
                            any = true;
                        }
                    }
                }
            }
        }
        (mark, any)
    }

    /// Places the active powerup on a gem.
    fn place_active(&mut self, kind: Active, cell: Cell) -> Result<(), PlayError> {
        let part = format!("active {} {cell}", kind.powerup().name());
        if !self.is_gem(cell.index()) {
            return Err(illegal(
                part,
                format!("{cell} holds no gem (an active powerup goes on a gem)"),
            ));
        }
        self.active = Some((kind, cell.index()));
        self.step(
            "place",
            || format!("{part}: it takes the gem's color and fires when the gem is removed"),
            vec![],
            vec![],
            vec![],
            vec![],
        );
        Ok(())
    }

    /// Uses a starter action; returns the gems it removed (cell, color).
    fn starter(&mut self, a: Action, part: &str) -> Result<Vec<(usize, u8)>, PlayError> {
        let gem = |t: &Table, c: Cell, what: &str| -> Result<u8, PlayError> {
            match t.g.get(c) {
                Tile::Gem(_) => Ok(t.g.code(c.index())),
                Tile::Rock => Err(illegal(
                    part,
                    format!("{c} is a rock: a {what} uses gems only"),
                )),
                Tile::Hole => Err(illegal(part, format!("{c} is empty"))),
            }
        };
        match a {
            Action::Pick(x, y) => {
                let cx = gem(self, x, "pick")?;
                let mut picked = vec![];
                if let Some(y) = y {
                    let cy = gem(self, y, "pick")?;
                    if x == y {
                        return Err(illegal(
                            part,
                            "a pick of two gems names two different cells",
                        ));
                    }
                    if cx == cy {
                        return Err(illegal(
                            part,
                            format!("{x} and {y} are both {}: a pick takes two gems of different colors", color_name(cx)),
                        ));
                    }
                }
                for c in std::iter::once(x).chain(y) {
                    let i = c.index();
                    if let Some((_, at)) = self.active {
                        if at == i {
                            self.fire_next = true;
                        }
                    }
                    let color = self.remove(i).expect("checked: a gem");
                    picked.push((i, color));
                }
                let mut removed = vec![];
                for &(i, c) in &picked {
                    self.record(&mut removed, i, c, Cause::Pick);
                }
                self.step("pick", || part.to_string(), removed, vec![], vec![], vec![]);
                Ok(picked)
            }
            Action::Swap(x, y) => {
                gem(self, x, "swap")?;
                gem(self, y, "swap")?;
                if !x.adjacent(y) {
                    return Err(illegal(
                        part,
                        format!("{x} and {y} are not side by side: a swap takes two adjacent gems"),
                    ));
                }
                self.exchange(&[x.index(), y.index()], &[y.index(), x.index()]);
                self.step("swap", || part.to_string(), vec![], vec![], vec![], vec![]);
                Ok(vec![])
            }
            Action::Rotate(tl) => {
                let (Some(tr), Some(bl), Some(br)) =
                    (tl.offset(1, 0), tl.offset(0, 1), tl.offset(1, 1))
                else {
                    return Err(illegal(
                        part,
                        format!("the 2×2 with top-left {tl} does not fit on the grid"),
                    ));
                };
                for c in [tl, tr, br, bl] {
                    gem(self, c, "rotate")?;
                }
                // Clockwise: top-left → top-right → bottom-right → bottom-left → top-left.
                let from = [tl.index(), tr.index(), br.index(), bl.index()];
                let to = [tr.index(), br.index(), bl.index(), tl.index()];
                self.exchange(&from, &to);
                self.step(
                    "rotate",
                    || part.to_string(),
                    vec![],
                    vec![],
                    vec![],
                    vec![],
                );
                Ok(vec![])
            }
        }
    }

    /// Moves the gem on `from[k]` to `to[k]` for every k at once (a
    /// permutation), carrying ids and the active along.
    fn exchange(&mut self, from: &[usize], to: &[usize]) {
        let tiles: Vec<u8> = from.iter().map(|&i| self.g.code(i)).collect();
        let ids: Vec<u8> = from.iter().map(|&i| self.ids[i]).collect();
        let mut active_to = None;
        for (k, &t) in to.iter().enumerate() {
            self.g.set_code(t, tiles[k]);
            self.ids[t] = ids[k];
            if let Some((_, at)) = self.active {
                if at == from[k] {
                    active_to = Some(t);
                }
            }
        }
        if let (Some(t), Some((kind, _))) = (active_to, self.active) {
            self.active = Some((kind, t));
        }
    }

    /// Turns every gem of color `a` into `b`; returns how many changed and,
    /// when tracing, which.
    fn recolor(&mut self, a: Color, b: Color) -> (usize, Vec<Cell>) {
        let (a, b) = (a as u8, b as u8);
        let tracing = self.tracing();
        let mut changed = vec![];
        let mut n = 0;
        for i in 0..CELLS {
            if self.g.code(i) == a {
                self.g.set_code(i, b);
                n += 1;
                if tracing {
                    changed.push(Cell::from_index(i));
                }
            }
        }
        (n, changed)
    }

    /// Fires the active powerup from the cell its gem was on.
    fn fire(&mut self) -> Vec<(usize, u8)> {
        let Some((kind, at)) = self.active.take() else {
            return vec![];
        };
        let cell = Cell::from_index(at);
        let mut hit = vec![];
        let cause = match kind {
            Active::Plus => {
                // Distance 1 and 2 in the four directions; holes and rocks
                // are skipped, and a rock at distance 1 does not shield 2.
                for (dc, dr) in [(0, -1), (0, 1), (-1, 0), (1, 0)] {
                    for d in 1..=2 {
                        if let Some(c) = cell.offset(dc * d, dr * d) {
                            if let Some(color) = self.remove(c.index()) {
                                hit.push((c.index(), color));
                            }
                        }
                    }
                }
                Cause::Plus
            }
            Active::Column => {
                // Every gem of the column, on both sides of any rock.
                for r in 0..ROWS {
                    let i = r * COLS + cell.col();
                    if let Some(color) = self.remove(i) {
                        hit.push((i, color));
                    }
                }
                Cause::Column
            }
            Active::Refresh => {
                self.refresh_fired = true;
                Cause::Column
            }
        };
        let mut removed = vec![];
        for &(i, c) in &hit {
            self.record(&mut removed, i, c, cause);
        }
        let name = kind.powerup().name();
        self.step(
            "fire",
            || match kind {
                Active::Refresh => {
                    format!("refresh fires at {cell}: the starter may be used once more")
                }
                _ => format!("{name} fires at {cell} and removes {}", gems(hit.len())),
            },
            removed,
            vec![],
            vec![],
            vec![],
        );
        hit
    }

    /// Resolves recolor or chain for the gems removed in this pass; true
    /// when it had an effect (a gem changed color or was removed).
    fn passives(&mut self, removed: &[(usize, u8)]) -> bool {
        match self.passive {
            Passive::Bend => false,
            Passive::Recolor(a, b) => {
                if removed.is_empty() {
                    return false;
                }
                let (n, changed) = self.recolor(a, b);
                if n > 0 {
                    self.step(
                        "recolor",
                        || format!("recolor: {n} {} {} become {}", a.name(), noun(n), b.name()),
                        vec![],
                        changed,
                        vec![],
                        vec![],
                    );
                }
                n > 0
            }
            Passive::Chain(c) => {
                let c = c as u8;
                let mut queue: Vec<usize> = removed
                    .iter()
                    .filter(|(_, col)| *col == c)
                    .map(|&(i, _)| i)
                    .collect();
                let mut out = vec![];
                let mut n = 0;
                while let Some(i) = queue.pop() {
                    if i < COLS {
                        continue;
                    }
                    let above = i - COLS;
                    let is_active = self.active.is_some_and(|(_, at)| at == above);
                    if let Some(color) = self.remove(above) {
                        if is_active {
                            self.fire_next = true;
                        }
                        n += 1;
                        self.record(&mut out, above, color, Cause::Chain);
                        if color == c {
                            queue.push(above);
                        }
                    }
                }
                if n > 0 {
                    self.step(
                        "chain",
                        || {
                            format!(
                                "chain removes {} above removed {} gems",
                                gems(n),
                                color_name(c)
                            )
                        },
                        out,
                        vec![],
                        vec![],
                        vec![],
                    );
                }
                n > 0
            }
        }
    }

    /// Gems fall toward row 7 within each stretch of a column between rocks;
    /// the places left at the top of a stretch become rocks.
    fn gravity(&mut self) {
        let mut fell = vec![];
        let mut rocks = vec![];
        for c in 0..COLS {
            let mut bottom = ROWS as isize - 1;
            while bottom >= 0 {
                // The stretch [top, bottom] ends at a rock or the top edge.
                if self.g.code(bottom as usize * COLS + c) == ROCK {
                    bottom -= 1;
                    continue;
                }
                let mut top = bottom;
                while top > 0 && self.g.code((top as usize - 1) * COLS + c) != ROCK {
                    top -= 1;
                }
                let mut write = bottom;
                for r in (top..=bottom).rev() {
                    let i = r as usize * COLS + c;
                    let t = self.g.code(i);
                    if t == HOLE {
                        continue;
                    }
                    let w = write as usize * COLS + c;
                    if w != i {
                        self.g.set_code(w, t);
                        self.ids[w] = self.ids[i];
                        if let Some((kind, at)) = self.active {
                            if at == i {
                                self.active = Some((kind, w));
                            }
                        }
                        if self.trace.is_some() {
                            fell.push((Cell::from_index(i), Cell::from_index(w)));
                        }
                    }
                    write -= 1;
                }
                for r in top..=write {
                    let i = r as usize * COLS + c;
                    self.g.set_code(i, ROCK);
                    if self.trace.is_some() {
                        rocks.push(Cell::from_index(i));
                    }
                }
                bottom = top - 1;
            }
        }
        if !fell.is_empty() || !rocks.is_empty() {
            let (nf, nr) = (fell.len(), rocks.len());
            self.step(
                "gravity",
                || {
                    format!(
                        "gravity: {} {}, {}",
                        gems(nf),
                        if nf == 1 { "falls" } else { "fall" },
                        crate::games::words::count(nr, "new rock", "new rocks")
                    )
                },
                vec![],
                vec![],
                fell,
                rocks,
            );
        }
    }

    /// One use of the starter: the action, with pick and recolor the
    /// recolor at once, then the loop.
    fn use_starter(&mut self, action: Action, part: &str) -> Result<(), PlayError> {
        let picked = self.starter(action, part)?;
        if let (Passive::Recolor(a, b), Action::Pick(..)) = (self.passive, action) {
            let (n, changed) = self.recolor(a, b);
            self.step(
                "recolor",
                || {
                    format!(
                        "pick with recolor: {n} {} {} become {}",
                        a.name(),
                        noun(n),
                        b.name()
                    )
                },
                vec![],
                changed,
                vec![],
                vec![],
            );
        }
        self.cascade(picked);
        Ok(())
    }

    /// The loop, after a starter use that removed `picked`.
    fn cascade(&mut self, picked: Vec<(usize, u8)>) {
        let mut this_pass = picked;
        // The removable cells, when the end of the last pass found them.
        let mut known: Option<([Option<Cause>; CELLS], bool)> = None;
        loop {
            // Remove every line (and bend square) at once.
            let (mark, any) = known.take().unwrap_or_else(|| self.removable());
            let mut fire_now = std::mem::take(&mut self.fire_next);
            if any {
                let mut out = vec![];
                for (i, m) in mark.iter().enumerate() {
                    if let Some(cause) = m {
                        if self.active.is_some_and(|(_, at)| at == i) {
                            fire_now = true;
                        }
                        let color = self.remove(i).expect("marked cells hold gems");
                        this_pass.push((i, color));
                        self.record(&mut out, i, color, *cause);
                    }
                }
                let n = mark.iter().filter(|m| m.is_some()).count();
                let squares = if self.passive == Passive::Bend {
                    " and bend squares"
                } else {
                    ""
                };
                self.step(
                    "match",
                    || format!("{} in lines{squares} removed", gems(n)),
                    out,
                    vec![],
                    vec![],
                    vec![],
                );
            }
            // Fire the active whose gem went (in this pass, or picked or
            // chained in the pass before).
            if fire_now {
                let hit = self.fire();
                this_pass.extend(hit);
            }
            // Recolor / chain; when they change anything, loop before gravity.
            let effect = self.passives(&this_pass);
            this_pass.clear();
            if effect {
                continue;
            }
            self.gravity();
            let next = self.removable();
            if !next.1 {
                break;
            }
            known = Some(next);
        }
    }
}

/// Plays a proof on a grid.
pub fn play(grid: &Grid, proof: &ProofSpec, trace: bool) -> Result<Outcome, PlayError> {
    play_parts(
        grid,
        proof.passive,
        Some(proof.active),
        proof.starter,
        proof.then,
        trace,
    )
}

/// Plays the parts of a proof; `active: None` plays as if the active sat
/// on a gem that is never removed (the solver's baseline).
pub fn play_parts(
    grid: &Grid,
    passive: Passive,
    active: Option<(Active, Cell)>,
    starter: Action,
    then: Option<Action>,
    trace: bool,
) -> Result<Outcome, PlayError> {
    let mut ids = [0u8; CELLS];
    for (i, id) in ids.iter_mut().enumerate() {
        *id = i as u8;
    }
    let mut t = Table {
        g: *grid,
        ids,
        passive,
        active: None,
        removed: 0,
        removed_ids: 0,
        refresh_fired: false,
        fire_next: false,
        trace: trace.then(Vec::new),
    };
    if let Some((kind, cell)) = active {
        t.place_active(kind, cell)?;
    }
    t.use_starter(starter, &starter.to_string())?;
    let first_ids = t.removed_ids;
    if let Some(second) = then {
        if !t.refresh_fired {
            return Err(PlayError::ThenWithoutRefresh(second.to_string()));
        }
        t.use_starter(second, &format!("then {second}"))?;
    }
    Ok(Outcome {
        removed: t.removed,
        end: t.g,
        refresh_fired: t.refresh_fired,
        removed_ids: first_ids,
        trace: t.trace.unwrap_or_default(),
    })
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod properties;

/// "1 gem", "3 gems".
fn gems(n: usize) -> String {
    crate::games::words::count(n, "gem", "gems")
}

/// "gem" or "gems" for `n` of them.
fn noun(n: usize) -> &'static str {
    if n == 1 {
        "gem"
    } else {
        "gems"
    }
}
