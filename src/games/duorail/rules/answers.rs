//! A challenge and its answers in a Duorail game: the challenge, the tracks
//! shown to answer it or in the endgame, and a pass.
//!
//! Must not import anything from `log/`, `web/`, `import/` or `verify.rs`.

use super::*;

/// During a challenge, whether `p` may answer it (`kind`: a pass or a
/// track): only the challenged player does (`only` words who, given their
/// name), and only until they give up (`given_up` words that they did).
/// Outside a challenge there is nothing to refuse here.
fn may_answer(
    m: &Match,
    p: usize,
    kind: &str,
    only: impl FnOnce(&str) -> String,
    given_up: &str,
) -> Result<(), RuleError> {
    let Phase::Challenge {
        challenger,
        gave_up,
        ..
    } = &m.phase
    else {
        return Ok(());
    };
    if *challenger == p {
        let who = format!("{} challenged; {}", m.players[p], only(&m.players[1 - p]));
        return Err(rule(kind, who));
    }
    if *gave_up {
        return Err(rule(kind, format!("{} {given_up}", m.players[p])));
    }
    Ok(())
}

/// A pass: the challenged player gives up showing a track, or the mover
/// passes the turn (two passes in a row may start the endgame).
pub(super) fn pass(m: &mut Match, stamp: Stamp<'_>) -> Noted {
    let Stamp { seq, actor, at } = stamp;
    let p = player_seat(&m.players, actor)?;
    let only = |them: &str| format!("only {them} may give up");
    may_answer(m, p, "pass", only, "has already given up")?;
    if let Phase::Challenge { color, gave_up, .. } = &mut m.phase {
        *gave_up = true;
        let mut note = format!("{} gives up showing a {} track", m.players[p], color.name());
        if let Some(d) = decision(m, false) {
            note.push_str(&format!("; by the rules: {}", d.reason));
        }
        return Ok(note);
    }
    let p = mover(m, actor, "pass")?;
    let clock = m.charge_move(p, at, seq);
    let mut note = format!("{} passes", m.players[p]);
    if let Some(endgame) = m.turn_passes(p, seq, at) {
        note.push_str(&endgame);
    }
    push_clock(&mut note, clock);
    Ok(note)
}

/// A challenge: the other player cannot finish a track of the color.
pub(super) fn challenge(m: &mut Match, c: &Challenge, stamp: Stamp<'_>) -> Noted {
    let Stamp { seq, actor, at } = stamp;
    let p = mover(m, actor, "challenge")?;
    if c.color == Color::Common {
        return Err(rule(
            "challenge",
            "a challenge names a player color, blue or red, not common",
        ));
    }
    let clock = m.charge_move(p, at, seq);
    m.phase = Phase::Challenge {
        seq,
        challenger: p,
        color: c.color,
        since: at,
        shown: Vec::new(),
        gave_up: false,
    };
    let mut note = format!(
        "{} challenges: impossible for {}; {} must show a {} track within {} s",
        m.players[p],
        c.color.name(),
        m.players[1 - p],
        c.color.name(),
        m.config.track_secs
    );
    if m.config.variant == Variant::Classic {
        note.push_str(&format!(
            " (then {})",
            if m.config.classic_banks() > 0 {
                "their time banks, a minute each"
            } else {
                "no bank"
            }
        ));
    }
    push_clock(&mut note, clock);
    Ok(note)
}

/// A track shown, to answer a challenge or in the endgame.
pub(super) fn show_track(m: &mut Match, proof: &Proof, stamp: Stamp<'_>) -> Noted {
    let Stamp { seq, actor, at } = stamp;
    let p = player_seat(&m.players, actor)?;
    let only = |them: &str| format!("the challenged player, {them}, shows the track");
    may_answer(m, p, "track", only, "has given up the challenge")?;
    let color = match &m.phase {
        Phase::Challenge { color, .. } => *color,
        Phase::Endgame { .. } => m.color_of(p).expect("set up"),
        Phase::Waiting | Phase::Playing => return Err(rule(
            "track",
            "there is nothing to show a track for: tracks come after a challenge or in the endgame",
        )),
    };
    let result = check_track(&m.board, color, &proof.track).map_err(|e| e.to_string());
    let (late, why, clock) = m.track_time(p, at);
    let shown = Shown {
        seq,
        at,
        by: p,
        color,
        track: proof.track.to_string(),
        result,
        late,
    };
    let mut note = format!(
        "{} shows a {} track: {}",
        m.players[p],
        color.name(),
        match &shown.result {
            Ok(n) => format!("valid, {n} cells"),
            Err(e) => format!("not valid: {e}"),
        }
    );
    if late {
        note.push_str(&format!("; too late ({why}), so it does not count"));
    }
    match &mut m.phase {
        Phase::Challenge { shown: list, .. } | Phase::Endgame { shown: list, .. } => {
            list.push(shown)
        }
        Phase::Waiting | Phase::Playing => {}
    }
    if let Some(d) = decision(m, false) {
        note.push_str(&format!("; by the rules: {}", d.reason));
    }
    push_clock(&mut note, clock);
    Ok(note)
}
