//! Who won, in the host's words: the key words a winner is named beside
//! (`Kit wins`, `round 2 to Vale`, `congrats Juni`), the win given to the
//! one spoken to (`@Fern … you win`, `round 1 is yours`) or to the one
//! just named (`Reed delivers the 17, round's his`), a ruling that names
//! only the loser (`so Wren loses`, `that's the L for Moss`, `Juni
//! finishes 6 behind`, `Fern's challenge fails`: in a two-player match
//! the other one won), a ruling said as numbers ([`super::score`]), a
//! ruling that names no player here (`Mikael wins`), and a clause about
//! the first move that is no ruling.
//!
//! A loss is read only where it is the result: `Kit loses` at the end of
//! its clause (or `loses the round`, `loses to Vale`), never `Kit loses
//! a car`, `if Kit loses` or `Kit lost track`; past tense (`you lost
//! that one, so you pick`) is the host telling who picks, not a ruling.
//!
//! Part of the host reader ([`super`]): imports only its parent and the
//! shared chat words, nothing from `log/` but the event vocabulary, nor
//! `import/`, `web/` or `verify.rs`.

use super::super::words::{find_seq, named, number_word, player_near, Beside, Names};
use super::super::ChatContext;
use super::super::{chat_words, clean_chat};
use super::score::{final_totals, name_first, round_then_name, score_winner};
use super::{HostWords, NOT_SAID};

/// Who won, named beside these words (the side the name stands on).
const WINS: [(&[&str], Beside); 53] = [
    (&["wins"], Beside::Before),
    // A tournament's `jonas advances`.
    (&["advances"], Beside::Before),
    (&["advanced"], Beside::Before),
    (&["won"], Beside::Before),
    (&["win"], Beside::Before),
    (&["takes"], Beside::Before),
    (&["took"], Beside::Before),
    // A caster's `REED STEALS ROUND 1`.
    (&["steals"], Beside::Before),
    (&["stole"], Beside::Before),
    (&["take", "it"], Beside::Before),
    (&["gets", "the", "point"], Beside::Before),
    (&["gets", "it"], Beside::Before),
    (&["gets", "the", "round"], Beside::Before),
    (&["gets", "round"], Beside::Before),
    (&["champion"], Beside::Before),
    (&["scores"], Beside::Before),
    (&["winner"], Beside::Either),
    (&["point", "for"], Beside::After),
    (&["point", "to"], Beside::After),
    (&["point", "goes", "to"], Beside::After),
    // A scorekeeper's `→ point vale` (only opening its clause).
    (&["point"], Beside::After),
    (&["round", "to"], Beside::After),
    (&["game", "to"], Beside::After),
    (&["match", "to"], Beside::After),
    (&["game", "for"], Beside::After),
    (&["match", "for"], Beside::After),
    (&["dm", "to"], Beside::After),
    (&["win", "to"], Beside::After),
    (&["goes", "to"], Beside::After),
    // A betting table's `the house pays Opal`.
    (&["pays"], Beside::After),
    // `the round, the keys, the whole garage go to TEO`.
    (&["go", "to"], Beside::After),
    // `And the grid... belongs... to ISOLDE!` (not a side: `blue belongs
    // to kit` sets up; see [`winner`]).
    (&["belongs", "to"], Beside::After),
    (&["victory", "for"], Beside::After),
    (&["victory", "to"], Beside::After),
    // `this round is for vale`, `first round is for opal` (said by hosts
    // writing English as a second language).
    (&["round", "is", "for"], Beside::After),
    (&["game", "is", "for"], Beside::After),
    (&["match", "is", "for"], Beside::After),
    // `Kit is your DM winner`, `Vale is the match winner`.
    (&["dm", "winner"], Beside::Before),
    (&["match", "winner"], Beside::Before),
    (&["game", "winner"], Beside::Before),
    // Gamer slang: `zeph diff` (the difference was zeph), `ez for rice`.
    (&["diff"], Beside::Before),
    (&["ez", "for"], Beside::After),
    (&["comes", "out", "on", "top"], Beside::Before),
    (&["came", "out", "on", "top"], Beside::Before),
    // A challenge that holds wins for the challenger (`Kit's impossible
    // call holds`); one that fails is a loss ([`LOSES`]).
    (&["challenge", "holds"], Beside::Before),
    (&["challenge", "stands"], Beside::Before),
    (&["challenge", "succeeds"], Beside::Before),
    (&["call", "holds"], Beside::Before),
    (&["call", "stands"], Beside::Before),
    (&["congrats"], Beside::After),
    (&["congratulations"], Beside::After),
    (&["grats"], Beside::After),
    (&["gz"], Beside::After),
];

/// Who lost, named beside these words (the side the name stands on, and
/// how far it may be): the other player won. `loses` is read only as the
/// result ([`loss_said`]).
const LOSES: [(&[&str], Beside, usize); 11] = [
    (&["loses"], Beside::Before, 2),
    // A tournament's `pax is eliminated`.
    (&["eliminated"], Beside::Before, 2),
    (&["challenge", "fails"], Beside::Before, 2),
    (&["challenge", "failed"], Beside::Before, 2),
    (&["call", "fails"], Beside::Before, 2),
    (&["call", "failed"], Beside::Before, 2),
    // `Moss takes the L` (not `Moss takes` it), `that's the L for Moss`.
    (&["takes", "the", "l"], Beside::Before, 1),
    (&["took", "the", "l"], Beside::Before, 1),
    (&["takes", "an", "l"], Beside::Before, 1),
    (&["the", "l", "for"], Beside::After, 0),
    (&["an", "l", "for"], Beside::After, 0),
];

/// What may follow `loses` where it is the result: nothing, the prize, the
/// other player (`loses to Vale`), a margin or score.
const LOST_WHAT: [&str; 16] = [
    "it",
    "this",
    "that",
    "round",
    "game",
    "match",
    "dm",
    "point",
    "challenge",
    "to",
    "again",
    "out",
    "gg",
    "by",
    "overall",
    "here",
];

/// Who a clause says won: `Some(Some(seat))`, `Some(None)` for no player
/// (a draw, the host), `None` when it is no ruling. `line` is the clause's
/// line as words: a game's winning clause with the name after it
/// (`longest loop: Fern (16 vs 12)`) holds only when the number given
/// with the name is the line's largest.
pub(super) fn winner(
    c: &[String],
    line: &[String],
    names: &Names,
    words: &HostWords,
) -> Option<Option<usize>> {
    let nobody = [
        &["nobody", "wins"][..],
        &["noone", "wins"],
        &["no", "one", "wins"],
        // Second-language English: `this game is draw, nobody win`.
        &["nobody", "win"],
        &["noone", "win"],
        &["no", "one", "win"],
        &["no", "winner"],
        &["host", "wins"],
        &["dmo", "wins"],
        &["no", "player", "wins"],
        // A shared win (`dead heat, 30–30! you both win`).
        &["both", "win"],
        &["both", "won"],
        &["both", "get", "it"],
        &["dead", "heat"],
        &["win", "is", "shared"],
        &["shared", "win"],
        &["split", "the", "win"],
        &["shared", "victory"],
        &["victory", "is", "shared"],
        &["joint", "win"],
        &["joint", "winners"],
        &["co", "winners"],
    ];
    if nobody
        .iter()
        .chain(words.draws)
        .any(|k| find_seq(c, k).is_some())
    {
        return Some(None);
    }
    // A loss first: `Moss takes the L` is no win for Moss.
    if let Some(seat) = loser(c, names) {
        return Some(Some(1 - seat));
    }
    // A club host's terse `gg oskar`.
    if let Some(seat) = gg_named(c, names) {
        return Some(Some(seat));
    }
    // A tournament's shorthand: `W vale`, `R1 W: jonas`, `L marlow`.
    if let Some((won, seat)) = w_or_l(c, names) {
        return Some(Some(if won { seat } else { 1 - seat }));
    }
    if let Some((seat, ahead)) = finished_apart(c, names) {
        return Some(Some(if ahead { seat } else { 1 - seat }));
    }
    for (key, side) in WINS {
        if let Some(at) = find_seq(c, key) {
            // `15 point for camille` counts points, `match point for
            // Minjun` is one round from the match; `point for Kit` is the
            // round's.
            let counted = key[0] == "point"
                && at > 0
                && (number_word(&c[at - 1]).is_some_and(|n| n > 1)
                    || matches!(c[at - 1].as_str(), "match" | "set" | "game" | "dm"));
            let side_given = key[0] == "belongs"
                && words
                    .sides
                    .is_some_and(|(a, b)| c[..at].iter().any(|w| w == a || w == b));
            // `Kit takes it`, `vale took round 2`, not `vale took the safe 6`.
            let taken_else = matches!(key, ["takes"] | ["took"] | ["steals"] | ["stole"])
                && !prize_taken(&c[at + 1..]);
            let mid_clause = matches!(key, ["point"]) && at > 0;
            if counted || side_given || taken_else || mid_clause {
                continue;
            }
            if let Some(seat) = player_near(c, names, at, key.len(), side, 2) {
                return Some(Some(seat));
            }
        }
    }
    // `I hereby award the match to Ms. Penhallow`, `the round is awarded
    // to Kit`: the name after the `to` that follows the award.
    if let Some(at) = c
        .iter()
        .position(|w| matches!(w.as_str(), "award" | "awards" | "awarded" | "awarding"))
    {
        let to = (at + 1..c.len().min(at + 6)).find(|&i| c[i] == "to");
        if let Some(seat) = to.and_then(|to| player_near(c, names, to, 1, Beside::After, 2)) {
            return Some(Some(seat));
        }
    }
    // `round 2 to kit` (the arrow read as "to"), `R1 for migs`, `Round
    // four to Opal`, `round 2 is for Mei`: after a round number; not
    // `round 2 for kit to start`.
    let given = |i: usize| match c.get(i..)? {
        [to, ..] if matches!(to.as_str(), "to" | "for") => Some(1),
        [is, for_, ..] if is == "is" && for_ == "for" => Some(2),
        _ => None,
    };
    if let Some((at, len)) = (0..c.len().saturating_sub(2)).find_map(|i| {
        (c[i] == "round" && number_word(&c[i + 1]).is_some())
            .then(|| given(i + 2))
            .flatten()
            .map(|len| (i, 2 + len))
    }) {
        let starts = c[at + len..].iter().any(|w| {
            matches!(
                w.as_str(),
                "to" | "start" | "starts" | "first" | "begin" | "begins"
            )
        });
        if let Some(seat) = player_near(c, names, at, len, Beside::After, 1).filter(|_| !starts) {
            return Some(Some(seat));
        }
    }
    // The game's own words of winning, the winner named beside them
    // (`Marlowe got both cars off 🏁 GG @Marlowe @Pip`, `longest loop:
    // Fern`).
    for (key, side, gap) in words.wins {
        if let Some(at) = find_seq(c, key) {
            if let Some(seat) = player_near(c, names, at, key.len(), *side, *gap) {
                if *side == Beside::After && !largest_after(c, line, names, at + key.len()) {
                    continue;
                }
                return Some(Some(seat));
            }
        }
    }
    None
}

/// Whether what follows `takes`/`took` is a win: nothing (`Kit takes
/// it`), or the prize past an article or a word of which one (`the
/// round`, `the whole match`, `round 2`, `the W`, `that one`), not some
/// other thing taken (`took the safe 6`, `takes his time`).
fn prize_taken(after: &[String]) -> bool {
    const BEFORE: [&str; 10] = [
        "the", "a", "this", "that", "whole", "entire", "final", "last", "deciding", "first",
    ];
    const PRIZE: [&str; 17] = [
        "it", "round", "game", "match", "dm", "win", "w", "point", "victory", "title", "crown",
        "series", "set", "one", "home", "them", "all",
    ];
    let rest: Vec<&str> = after
        .iter()
        .map(String::as_str)
        .skip_while(|w| BEFORE.contains(w))
        .collect();
    let round_no = |w: &str| {
        w.strip_prefix('r')
            .is_some_and(|n| !n.is_empty() && n.chars().all(|d| d.is_ascii_digit()))
    };
    match rest.first() {
        None => after.is_empty() || after.iter().all(|w| BEFORE.contains(&w.as_str())),
        Some(w) => PRIZE.contains(w) || round_no(w),
    }
}

/// `gg oskar`, `gg wen 33-32`, `wen 44 jonah 33 → gg wen`, `gg oskar*`
/// (a ruling corrected): the host's `gg` with one player's name right
/// after it, at most a score past the name, and at most a scoreline
/// before the `gg`, names the winner. In every match of the corpus a
/// host's gg said so is to the winner; `gg both` and `gg wp` name no one.
fn gg_named(c: &[String], names: &Names) -> Option<usize> {
    let at = c.iter().position(|w| w == "gg")?;
    let found = named(c, names);
    let in_name = |i: usize| {
        found
            .iter()
            .any(|(start, end, _)| (*start..*end).contains(&i))
    };
    let scoreline = (0..at).all(|i| in_name(i) || c[i] == "to" || number_word(&c[i]).is_some());
    let after: Vec<_> = found.iter().filter(|(start, _, _)| *start > at).collect();
    match after.as_slice() {
        [(start, end, seat)]
            if scoreline
                && *start == at + 1
                && c[*end..].iter().all(|w| number_word(w).is_some()) =>
        {
            Some(*seat)
        }
        _ => None,
    }
}

/// `W vale`, `R1 W: jonas (1-0)`, `L marlow`: a lone `w` (won) or `l`
/// (lost) opening the clause, or right after its round's number, and the
/// player's name right after it; or the name, then the letter, alone in
/// the clause (`thats the dm, vale w`). `(true, seat)` for a win.
fn w_or_l(c: &[String], names: &Names) -> Option<(bool, usize)> {
    let at = if c.first().is_some_and(|w| w == "round")
        && c.get(1).and_then(|n| number_word(n)).is_some()
    {
        2
    } else {
        0
    };
    let w_or_l = |w: Option<&String>| match w.map(String::as_str) {
        Some("w") => Some(true),
        Some("l") => Some(false),
        _ => None,
    };
    // `vale w`: the name, then the letter ending the clause.
    if let Some(won) = w_or_l(c.last()).filter(|_| c.len() > at + 1) {
        let rest = &c[at..c.len() - 1];
        let whole = named(rest, names)
            .into_iter()
            .find(|&(start, end, _)| start == 0 && end == rest.len());
        if let Some((_, _, seat)) = whole {
            return Some((won, seat));
        }
    }
    let won = w_or_l(c.get(at))?;
    let (_, seat) = name_first(&c[at + 1..], names)?;
    Some((won, seat))
}

/// A result said as a headline: `Mika def. jules`, `Kit beats Vale 3–1`
/// (the winner before, the loser right after), or `RESULT: tams ✅` (the
/// name alone after the word, or with the line's largest count right
/// after it, or before `def.`). Read before the other
/// words of winning, which may name the loser nearer (`Mika def. jules
/// (both cars off)`), and never in a question.
pub(super) fn headline(
    c: &[String],
    before: &[String],
    line: &[String],
    names: &Names,
) -> Option<usize> {
    // `RESULT ✅ fern 16 > Wren 12`: the check mark ends the headline's
    // word into a clause of its own, the one before.
    let headed;
    let c = match before {
        [w] if w == "result" || w == "results" => {
            headed = [before, c].concat();
            &headed[..]
        }
        _ => c,
    };
    const DEFEATS: [&str; 3] = ["def", "defeats", "beats"];
    for (at, w) in c.iter().enumerate() {
        if !DEFEATS.contains(&w.as_str()) {
            continue;
        }
        let won = player_near(c, names, at, 1, Beside::Before, 1)?;
        let lost = player_near(c, names, at, 1, Beside::After, 1)?;
        // `Vale beats Kit's 15` beats a count, not the player: a lone
        // number right after the name (a score's pair is no count).
        let (_, end, _) = *named(&c[at + 1..], names).first()?;
        let number = |k: usize| c.get(k).and_then(|w| number_word(w)).is_some();
        let counted = number(at + 1 + end) && !number(at + 2 + end);
        return (won != lost && !counted).then_some(won);
    }
    if matches!(c.first().map(String::as_str), Some("result" | "results")) {
        // A side's mark may stand before the name (`RESULT ✅ 🔴 fern`).
        let from = 1 + usize::from(c.get(1).is_some_and(|w| w == "red" || w == "blue"));
        let (len, seat) = name_first(&c[from..], names)?;
        let end = from + len;
        // `RESULT ✅ fern 16 > Wren 12`, `RESULT ✅ Wren — 34-cell loop
        // checks out`: a count right after the name, the line's largest.
        let counted = c.get(end).is_some_and(|w| w.parse::<u32>().is_ok())
            && largest_after(c, line, names, from);
        return (end == c.len() || counted).then_some(seat);
    }
    None
}

/// Whether the number written after the name that follows `from`
/// (`Fern (16 vs 12)`), if any, is the largest on the line: `longest
/// loop: Fern 12, Wren 16` gives Fern no win.
fn largest_after(c: &[String], line: &[String], names: &Names, from: usize) -> bool {
    let first_after = named(c, names)
        .into_iter()
        .filter(|(start, _, _)| *start >= from)
        .min_by_key(|(start, _, _)| *start);
    let Some((_, end, _)) = first_after else {
        return false;
    };
    let number = |w: &String| w.parse::<u32>().ok();
    match c[end..].iter().find_map(number) {
        Some(n) => line.iter().filter_map(number).all(|m| m <= n),
        None => true,
    }
}

/// The player a clause says lost (`so Wren loses`, `Fern's challenge
/// fails`, `Moss takes the L`): the one named beside a word of losing,
/// where the loss is the result.
fn loser(c: &[String], names: &Names) -> Option<usize> {
    for (key, side, gap) in LOSES {
        let Some(at) = find_seq(c, key) else { continue };
        if key == ["loses"] && !loss_said(&c[at + 1..]) {
            continue;
        }
        if let Some(seat) = player_near(c, names, at, key.len(), side, gap) {
            return Some(seat);
        }
    }
    None
}

/// Whether what follows `loses` makes it the result: nothing, the prize
/// (`loses the round`, `loses round 2`), `to` the other player, a margin
/// (`loses by 6`, `loses 29 35`), not a thing lost (`loses a car`, `loses
/// her turn`).
fn loss_said(rest: &[String]) -> bool {
    match rest {
        [] => true,
        [w, ..] if w.parse::<u32>().is_ok() || LOST_WHAT.contains(&w.as_str()) => true,
        [the, what, ..] if the == "the" => LOST_WHAT.contains(&what.as_str()),
        _ => false,
    }
}

/// `Juni finishes 6 behind`, `Vale ended up 3 points ahead`: the player
/// named right before a word of finishing, then only a margin, then
/// `behind` (that player lost) or `ahead` (won). Not `second` or `short`:
/// `Kit comes second` may be the order of play, `Kit finished 1 short` a
/// solve shorter than its claim.
fn finished_apart(c: &[String], names: &Names) -> Option<(usize, bool)> {
    const FINISHED: [&str; 6] = ["finishes", "finished", "ends", "ended", "comes", "came"];
    const MARGIN: [&str; 6] = ["up", "in", "points", "point", "pts", "just"];
    c.iter().enumerate().find_map(|(at, w)| {
        if !FINISHED.contains(&w.as_str()) {
            return None;
        }
        let place = c[at + 1..]
            .iter()
            .find(|w| !MARGIN.contains(&w.as_str()) && w.parse::<u32>().is_err())?;
        let ahead = match place.as_str() {
            "behind" => false,
            "ahead" => true,
            _ => return None,
        };
        player_near(c, names, at, 1, Beside::Before, 0).map(|seat| (seat, ahead))
    })
}

/// The winner a clause implies without a word of winning: the one spoken
/// to lost (`unlucky @Moss, that's the L`), the round is "his" (`Reed
/// delivers the 17, round's his`), a round's number then a name (`R1
/// Vale`, `R2 — Kit`), or the score the latest round makes (`1–0 to
/// Opal`).
pub(super) fn implied_winner(
    c: &[String],
    addressed: &[String],
    spoken_to: Option<usize>,
    names: &Names,
    ctx: &ChatContext,
    words: &HostWords,
    score: &dyn Fn() -> Option<Vec<u32>>,
) -> Option<usize> {
    if named(c, names).is_empty() {
        if let Some(seat) = you_lose(c).and_then(|you| {
            if you {
                spoken_to
            } else {
                consoled(addressed, names).or(spoken_to.filter(|_| addressed.is_empty()))
            }
        }) {
            return Some(1 - seat);
        }
    }
    if let Some(seat) = theirs(c, addressed, names) {
        return Some(seat);
    }
    if !words.rounds {
        // Final totals only once the rules have ended the game, or name
        // that leader were nothing more to come (Duorail's endgame, both
        // tracks shown): before, they are a running score. A match of one
        // game scored as one (`1:0 for rafa`) is that game's result.
        let ended = |seat: usize| {
            ctx.state.is_some_and(|s| {
                s.view().score_by_rules.iter().sum::<u32>() > 0
                    || s.rounds_by_rules()
                        .is_some_and(|r| r.rounds.iter().any(|(_, w)| *w == Some(seat)))
            })
        };
        return final_totals(c, names)
            .filter(|&seat| ended(seat))
            .or_else(|| score_winner(c, names, &[0, 0]));
    }
    // `R2 — Kit`: the round's number alone, then the name alone.
    let after_round = matches!(addressed, [round, _] if round == "round")
        && name_first(c, names).is_some_and(|(end, _)| end == c.len());
    round_then_name(c, names, ctx.rounds)
        .or_else(|| {
            after_round
                .then(|| round_then_name(&[addressed, c].concat(), names, ctx.rounds))
                .flatten()
        })
        .or_else(|| score_winner(c, names, &score()?))
}

/// Whether a clause gives the loss to the one spoken to: `Some(true)` for
/// `you lose` (whoever "you" is), `Some(false)` for `that's the L`, `take
/// the L` (only the one consoled, see [`consoled`]), `None` for neither.
fn you_lose(c: &[String]) -> Option<bool> {
    if let Some(at) = find_seq(c, &["you", "lose"]) {
        return loss_said(&c[at + 2..]).then_some(true);
    }
    let l = [&["the", "l"][..], &["an", "l"]].iter().any(|k| {
        // `the L` ends the clause (`the L-shaped car` is no loss).
        find_seq(c, k).is_some_and(|at| match &c[at + 2..] {
            [] => true,
            [w] => w == "gg",
            _ => false,
        })
    });
    l.then_some(false)
}

/// The player a clause only names and consoles (`unlucky @Moss`, `rip
/// Kit`, `Vale`): who "that's the L" after it is said to. A clause that
/// says something of the player (`Vale solves it`) is not spoken to.
fn consoled(addressed: &[String], names: &Names) -> Option<usize> {
    const CONSOLING: [&str; 13] = [
        "unlucky", "rip", "sorry", "oof", "ouch", "gg", "tough", "rough", "sadly", "aw", "aww",
        "welp", "hey",
    ];
    let found = named(addressed, names);
    let (_, _, seat) = *found.first()?;
    let in_name = |i: usize| {
        found
            .iter()
            .any(|(start, end, _)| (*start..*end).contains(&i))
    };
    let all_said =
        (0..addressed.len()).all(|i| in_name(i) || CONSOLING.contains(&addressed[i].as_str()));
    (all_said && found.iter().all(|(_, _, s)| *s == seat)).then_some(seat)
}

/// The win given to the player just named by a pronoun (`Reed delivers
/// the 17 💥 round's his`, `Vale nails it in 5, the round is hers`): the
/// player the clause opens with, else the one the clause before opens
/// with and says something of. A name spoken to (`Kit, it's hers`,
/// `nice try Kit, round's hers`) is not who "her" is. `his` counts only
/// at the end of its clause (`it's his turn` gives nothing).
fn theirs(c: &[String], before: &[String], names: &Names) -> Option<usize> {
    let at = c
        .iter()
        .position(|w| matches!(w.as_str(), "his" | "hers" | "theirs"))?;
    if c[at] == "his" && !c[at + 1..].iter().all(|w| w == "now") {
        return None;
    }
    if !prize_before(&c[..at]) {
        return None;
    }
    // The one player named, opening the words and followed by more.
    let subject = |c: &[String]| {
        let (end, seat) = name_first(c, names)?;
        let others = named(c, names).iter().any(|(_, _, s)| *s != seat);
        (end < c.len() && !others).then_some(seat)
    };
    if !named(&c[at..], names).is_empty() {
        return None;
    }
    if named(&c[..at], names).is_empty() {
        subject(before)
    } else {
        subject(&c[..at])
    }
}

/// Whether the words before a possessive pronoun name a prize (`round 1
/// is`, `that one's`, `the W is`), not the next move.
fn prize_before(before: &[String]) -> bool {
    // What may be "yours" or "his": the round, the game, the win.
    const PRIZE: [&str; 12] = [
        "it", "one", "that", "this", "round", "game", "match", "dm", "win", "point", "victory", "w",
    ];
    let near: Vec<&str> = before
        .iter()
        .rev()
        .map(String::as_str)
        .filter(|w| *w != "is")
        .take(2)
        .collect();
    match near.as_slice() {
        [w, ..] if PRIZE.contains(w) => true,
        [n, "round"] => n.parse::<u32>().is_ok(),
        _ => false,
    }
}

/// Whether a clause gives the win to "you" (`you win!`, `round 1 is
/// yours`, `it's yours`): the one spoken to won.
pub(super) fn you_win(c: &[String]) -> bool {
    const WON: [&[&str]; 7] = [
        &["you", "win"],
        &["you", "won"],
        &["you", "take", "it"],
        &["you", "take", "the"],
        &["you", "got", "it"],
        &["you", "get", "the", "point"],
        &["youre", "the", "winner"],
    ];
    // What may be "yours": the round, the game, the win (`round 1 is
    // yours`, `that one's yours`), not the next move.
    let yours = c
        .iter()
        .position(|w| w == "yours")
        .is_some_and(|at| prize_before(&c[..at]));
    yours || WON.iter().any(|k| find_seq(c, k).is_some())
}

/// The seats of the players a message @-mentions (`@Fern`, `@Juni 🌿`).
pub(super) fn mentioned(raw: &str, names: &Names) -> Vec<usize> {
    let mut seats: Vec<usize> = raw
        .split('@')
        .skip(1)
        .filter_map(|after| {
            let w = chat_words(&clean_chat(after));
            names
                .iter()
                .filter(|(name, _)| w.len() >= name.len() && w[..name.len()] == name[..])
                .map(|(_, seat)| *seat)
                .next()
        })
        .collect();
    seats.sort_unstable();
    seats.dedup();
    seats
}

/// Whether a clause speaks of the first move (`first move goes to Kit`),
/// which is a setup, not a ruling.
pub(super) fn about_first_move(c: &[String]) -> bool {
    c.windows(2).any(|w| {
        matches!(w[0].as_str(), "first" | "1st" | "opening")
            && matches!(
                w[1].as_str(),
                "move" | "turn" | "x" | "placement" | "go" | "pick" | "car" | "piece"
            )
    })
}

/// A clause that says "wins" (or "loses") of nobody, after a clause on
/// the same line that names one player (`@Kit has nothing left and wins`,
/// `Kit played well but loses`): that player won (or lost).
pub(super) fn winner_before(
    c: &[String],
    before: &[String],
    names: &Names,
) -> Option<Option<usize>> {
    // Only a verb whose subject is that player (`… and takes the L`), not
    // `challenge fails`.
    let lost = LOSES.iter().any(|(key, side, _)| {
        *side == Beside::Before
            && matches!(key[0], "loses" | "takes" | "took")
            && find_seq(c, key) == Some(0)
            && (*key != ["loses"] || loss_said(&c[1..]))
    });
    let won = WINS
        .iter()
        .any(|(key, side)| *side == Beside::Before && find_seq(c, key) == Some(0));
    if !(won || lost) || !named(c, names).is_empty() {
        return None;
    }
    if before.iter().any(|w| NOT_SAID.contains(&w.as_str())) {
        return None;
    }
    match named(before, names).as_slice() {
        [(_, _, seat), rest @ ..] if rest.iter().all(|(_, _, s)| s == seat) => {
            Some(Some(if lost { 1 - *seat } else { *seat }))
        }
        _ => None,
    }
}

/// The name-like word a clause says won (`Mikael wins`), when it is not a
/// number or a common word (`first to 3 wins`, `whoever wins`).
pub(super) fn says_win(c: &[String]) -> Option<String> {
    const NOT_NAMES: [&str; 50] = [
        "first", "who", "player", "one", "it", "nobody", "everyone", "team", "that", "this", "he",
        "she", "they", "you", "i", "loser", "winner", "side", "blue", "red", "then", "and", "both",
        // Words that stand before `win` in a sentence about a player
        // (`you still win`, `she would win`).
        "still", "also", "just", "really", "we", "u", "always", "never", "can", "could", "will",
        "would", "should", "might", "may", "must", "clearly", "probably", "so", "def",
        // What wins by a rule (`longest loop wins`, `the higher count wins`).
        "loop", "track", "line", "count", "claim", "total", "score",
    ];
    WINS.iter().find_map(|(key, side)| {
        let at = find_seq(c, key).filter(|_| *side == Beside::Before)?;
        let w = c.get(at.checked_sub(1)?)?;
        (w.chars().any(char::is_alphabetic) && !NOT_NAMES.contains(&w.as_str())).then(|| w.clone())
    })
}
