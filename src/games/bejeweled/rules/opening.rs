//! A Bejeweled round's opening: the host's grid and offer, and the
//! powerups each player picks for it after the round before.
//!
//! Must not import anything from `log/`, `web/`, `import/` or `verify.rs`.

use super::*;

/// Cells a refusal names, with their verb: "A1 is", "A1 B2 are each".
fn each_is(cells: &[String]) -> String {
    let verb = if cells.len() == 1 { "is" } else { "are each" };
    format!("{} {verb}", cells.join(" "))
}

/// The host opens a round: its grid, the powerups on offer, and the
/// picks the players made after the last round.
pub(super) fn open_round(m: &mut Match, setup: &Setup, stamp: Stamp<'_>) -> Noted {
    let Stamp { seq, actor, at } = stamp;
    (m.rounds).may_open(setup.round, m.config.rounds, actor)?;
    if let Some([a, b, c]) = first_line(&setup.grid) {
        let color = setup.grid.gem(a).map_or("?", |c| c.name());
        return Err(rule(
            "grid",
            format!(
                "{a} {b} {c} are three {color} gems in a row: a round's grid has no 3 in a row"
            ),
        ));
    }
    if !setup.offer.is_complete() {
        let missing: Vec<&str> = KINDS
            .into_iter()
            .filter(|k| !setup.offer.iter().any(|p| p.kind() == *k))
            .collect();
        return Err(rule(
            "offer",
            format!(
                "the offer ({}) has no {} powerup: offer at least one of each type",
                setup.offer,
                missing.join(" and no ")
            ),
        ));
    }
    let rocks: Vec<String> = (0..CELLS)
        .map(Cell::from_index)
        .filter(|&c| setup.grid.get(c) == Tile::Rock)
        .map(|c| c.to_string())
        .collect();
    if m.rounds.is_empty() && !rocks.is_empty() {
        return Err(rule(
            "grid",
            format!(
                "{} a rock: a round's grid is filled with gems; put a gem on every cell",
                each_is(&rocks)
            ),
        ));
    }
    let mut notes: Vec<String> = Vec::new();
    if let Some(prev) = m.rounds.last() {
        let n = prev.number;
        // Carry-over: only the rocks of the base change, each to a gem.
        let base = prev.carried();
        let whence = match prev.counting_proof() {
            Some(s) if s.end.is_some() => {
                format!("at the end of round {n}'s proof (seq {})", s.seq)
            }
            Some(s) => format!(
                "in round {n}'s grid (no legal proof counts: the proof at seq {} is not legal)",
                s.seq
            ),
            None => format!("in round {n}'s grid (no legal proof was shown)"),
        };
        let mut changed = Vec::new();
        let (mut refilled, mut left) = (0, Vec::new());
        for i in 0..CELLS {
            let c = Cell::from_index(i);
            let (was, now) = (base.get(c), setup.grid.get(c));
            if was == Tile::Rock {
                if now == Tile::Rock {
                    left.push(c.to_string());
                } else {
                    refilled += 1;
                }
            } else if was != now {
                changed.push(format!(
                    "{c} was {} and is {}",
                    tile_name(was),
                    tile_name(now)
                ));
            }
        }
        if !changed.is_empty() {
            return Err(rule(
                "carry-over",
                format!(
                    "{} {whence}; only rock cells may be refilled",
                    changed.join(", ")
                ),
            ));
        }
        if !left.is_empty() {
            return Err(rule(
                "carry-over",
                format!(
                    "{} still a rock {whence}: every rock is refilled with a gem for the next round",
                    each_is(&left)
                ),
            ));
        }
        notes.push(format!(
            "the grid carries over {whence}: {} refilled",
            crate::games::words::count(refilled, "rock", "rocks")
        ));
        // The offer follows both players' picks.
        match &prev.picks {
            [Some(a), Some(b)] => {
                for kind in KINDS {
                    let want: BTreeSet<Powerup> =
                        [pick_of(a, kind), pick_of(b, kind)].into_iter().collect();
                    let have: BTreeSet<Powerup> =
                        setup.offer.iter().filter(|p| p.kind() == kind).collect();
                    if want != have {
                        let mut why = Vec::new();
                        let extra: BTreeSet<Powerup> = have.difference(&want).copied().collect();
                        let missing: BTreeSet<Powerup> = want.difference(&have).copied().collect();
                        if !extra.is_empty() {
                            why.push(format!("{} is offered but not picked", names(&extra)));
                        }
                        if !missing.is_empty() {
                            why.push(format!("{} is picked but not offered", names(&missing)));
                        }
                        return Err(rule(
                            "offer",
                            format!(
                                "the {kind} powerups offered must be the players' picks ({} {}, {} {}): {}",
                                m.players[0],
                                pick_of(a, kind).name(),
                                m.players[1],
                                pick_of(b, kind).name(),
                                why.join("; ")
                            ),
                        ));
                    }
                }
                notes.push("the offer follows both players' picks".to_string());
            }
            picks => {
                let missing: Vec<&str> = (0..2)
                    .filter(|&p| picks[p].is_none())
                    .map(|p| m.players[p].as_str())
                    .collect();
                notes.push(format!(
                    "{} posted no picks in round {n}, so the offer is not checked against picks",
                    missing.join(" and ")
                ));
            }
        }
    }
    let round = Round {
        number: setup.round,
        seq,
        opened: at,
        grid: setup.grid,
        offer: setup.offer,
        claims: Vec::new(),
        proofs: Vec::new(),
        picks: [None, None],
        ruled: None,
        by_rules: None,
    };
    let Match {
        config,
        players,
        rounds,
    } = m;
    let decide = |r: &Round, closed| decision(config, players, r, closed);
    let mut note = rounds.open(round, players, &WORDS, &decide);
    note.push_str(&format!(
        "round {} opens: offered {}; claims within {}",
        setup.round,
        setup.offer,
        span(m.config.round_secs)
    ));
    for n in notes {
        note.push_str("; ");
        note.push_str(&n);
    }
    Ok(note)
}

/// A player's picks of powerups for the next round.
pub(super) fn pick(m: &mut Match, picks: &Picks, stamp: Stamp<'_>) -> Noted {
    let actor = stamp.actor;
    let p = player_seat(&m.players, actor)?;
    if let Some(r) = &m.rounds.match_ruling {
        return Err(rule(
            "picks",
            format!("the match is ruled (seq {}): there is no next round", r.seq),
        ));
    }
    let round = m
        .rounds
        .last()
        .ok_or_else(|| rule("round", "no round is in progress"))?;
    let n = round.number;
    if n >= m.config.rounds {
        return Err(rule(
            "picks",
            format!("round {n} is the last round: there is no next round to pick for"),
        ));
    }
    if m.rounds.is_over() {
        return Err(rule(
            "picks",
            "the match is decided: there is no next round to pick for",
        ));
    }
    if round.proofs.is_empty() && round.ruled.is_none() {
        return Err(rule(
            "picks",
            format!(
                "picks for round {} come after round {n}'s proof or ruling",
                n + 1
            ),
        ));
    }
    if round.picks[p].is_some() {
        return Err(rule(
            "picks",
            format!("{} already posted picks in round {n}", m.players[p]),
        ));
    }
    let mut all_offered = Vec::new();
    for kind in KINDS {
        let pick = pick_of(picks, kind);
        let (pickable, all) = round.pickable(kind);
        if all {
            all_offered.push(kind);
        }
        let what = if pick.kind() != kind {
            format!(
                "{} is {} {} powerup, not {} {kind}",
                pick.name(),
                article(pick.kind()),
                pick.kind(),
                article(kind)
            )
        } else if !pickable.contains(&pick) {
            format!("{} was offered in round {n}", pick.name())
        } else {
            continue;
        };
        let may = if all {
            format!(
                "round {n} offered all three {kind}s ({}), so any of them may be picked",
                names(&pickable)
            )
        } else {
            format!(
                "pick {} {kind} that round {n} did not offer ({})",
                article(kind),
                or_list(&pickable)
            )
        };
        return Err(rule("picks", format!("{what}: {may}")));
    }
    let mut note = format!(
        "{} picks {}, {}, {} for round {}",
        m.players[p],
        picks.starter.name(),
        picks.passive.name(),
        picks.active.name(),
        n + 1
    );
    for kind in all_offered {
        note.push_str(&format!(
            " (round {n} offered all three {kind}s, so any {kind} may be picked)"
        ));
    }
    m.rounds.last_mut().expect("checked").picks[p] = Some(picks.clone());
    Ok(note)
}

fn tile_name(t: Tile) -> &'static str {
    match t {
        Tile::Gem(c) => c.name(),
        Tile::Rock => "a rock",
        Tile::Hole => "empty",
    }
}

/// The first three gems of one color in a row or column, reading order.
fn first_line(g: &Grid) -> Option<[Cell; 3]> {
    for i in 0..CELLS {
        let a = Cell::from_index(i);
        let Some(color) = g.gem(a) else { continue };
        for (dc, dr) in [(1, 0), (0, 1)] {
            if let (Some(b), Some(c)) = (a.offset(dc, dr), a.offset(2 * dc, 2 * dr)) {
                if g.gem(b) == Some(color) && g.gem(c) == Some(color) {
                    return Some([a, b, c]);
                }
            }
        }
    }
    None
}

fn pick_of(p: &Picks, kind: &str) -> Powerup {
    match kind {
        "starter" => p.starter,
        "passive" => p.passive,
        _ => p.active,
    }
}

fn names(set: &BTreeSet<Powerup>) -> String {
    let v: Vec<&str> = set.iter().map(|p| p.name()).collect();
    v.join(", ")
}

/// "pick", "pick or rotate", "pick, swap or rotate".
fn or_list(set: &BTreeSet<Powerup>) -> String {
    let v: Vec<&str> = set.iter().map(|p| p.name()).collect();
    match v.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => v.join(""),
    }
}

/// "a starter", "an active".
fn article(kind: &str) -> &'static str {
    if kind == "active" {
        "an"
    } else {
        "a"
    }
}
