//! The rules' verdict on a Duorail game as it stands: a challenge
//! answered or not, the endgame's tracks compared (ties by the last
//! placer, the classic full board), or no verdict while play goes on. The
//! engine's `Ending` fixes it beside the host's ruling.
//!
//! Imports only the board and the match it reads.

use super::super::board::Color;
use super::{Decision, Match, Phase, Shown, Variant};

/// The rules' verdict for the current phase.
pub(super) fn decision(m: &Match, closed: bool) -> Option<Decision> {
    let name = |s: usize| m.players[s].as_str();
    let decided = |winner: Option<usize>, reason: String| Some(Decision { winner, reason });
    match &m.phase {
        Phase::Waiting | Phase::Playing => {
            if closed {
                decided(
                    None,
                    "the game ended without a challenge or an endgame; the rules name no winner"
                        .to_string(),
                )
            } else {
                None
            }
        }
        Phase::Challenge {
            challenger,
            color,
            shown,
            gave_up,
            ..
        } => {
            let challenged = 1 - challenger;
            let answer = shown
                .iter()
                .filter(|s| s.by == challenged)
                .find_map(|s| s.length().map(|n| (s.seq, n)));
            if let Some((seq, n)) = answer {
                return decided(
                    Some(challenged),
                    format!(
                        "{} showed a track of {}, length {n} (seq {seq}), so {}'s challenge fails",
                        name(challenged),
                        color.name(),
                        name(*challenger)
                    ),
                );
            }
            if !(closed || *gave_up) {
                return None;
            }
            let why = if *gave_up {
                format!(
                    "{} gave up showing a {} track",
                    name(challenged),
                    color.name()
                )
            } else if shown.is_empty() {
                format!("{} showed no {} track", name(challenged), color.name())
            } else {
                format!(
                    "{} showed no valid {} track in time",
                    name(challenged),
                    color.name()
                )
            };
            decided(
                Some(*challenger),
                format!("{why}, so {}'s challenge stands", name(*challenger)),
            )
        }
        Phase::Endgame {
            full_board, shown, ..
        } => {
            if !closed {
                return None;
            }
            let blue = m.blue?;
            let length = |seat: usize| {
                shown
                    .iter()
                    .filter(|s| s.by == seat && Some(s.color) == m.color_of(seat))
                    .filter_map(Shown::length)
                    .max()
                    .unwrap_or(0)
            };
            let said = |seat: usize| match length(seat) {
                0 => format!(
                    "{} ({}) showed no valid track",
                    name(seat),
                    m.color_of(seat).map_or("?", Color::name)
                ),
                n => format!(
                    "{} ({}) showed {n}",
                    name(seat),
                    m.color_of(seat).map_or("?", Color::name)
                ),
            };
            let (red, lb, lr) = (1 - blue, length(blue), length(1 - blue));
            let shown_text = format!("{}, {}", said(blue), said(red));
            let classic = m.config.variant == Variant::Classic;
            if lb != lr {
                let w = if lb > lr { blue } else { red };
                return decided(
                    Some(w),
                    format!("{shown_text}: {}'s track is longer", name(w)),
                );
            }
            if lb == 0 && (classic || *full_board) {
                let when = if *full_board {
                    "the board is full and "
                } else {
                    ""
                };
                return decided(
                    None,
                    format!(
                        "{when}neither player showed a valid track: under the classic rules the host wins"
                    ),
                );
            }
            let last = m.last_placed.map(|(s, _)| s);
            match (last, *full_board) {
                (None, _) => decided(
                    None,
                    format!(
                        "{shown_text}: a tie, and no piece was placed, so the rules name no winner"
                    ),
                ),
                (Some(l), false) => decided(
                    Some(l),
                    format!(
                        "{shown_text}: a tie goes to {}, who placed the last piece",
                        name(l)
                    ),
                ),
                (Some(l), true) => decided(
                    Some(1 - l),
                    format!(
                        "{shown_text}: on a full board a tie goes against {}, who placed the last piece, so {} wins",
                        name(l),
                        name(1 - l)
                    ),
                ),
            }
        }
    }
}
