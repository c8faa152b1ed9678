//! What a Traffic Jam player's chat message holds, found thing by thing:
//! cells and the cars they make (`B1 B2`, `c1-c3`, `C1–C3`, `column B,
//! rows 4–6`: see [`cell_words`](super::cell_words)), moves in the shapes
//! players write them (`X up 2`, `U→1`, `X← one`, `1) u r 1`, `V all the
//! way down`, `the taxi drives out`, `U R1`, `UR1`), numbers, and the key words of a
//! claim, a challenge or giving up (`finished`, `I claim this is a
//! 5-mover`, `claiming 5`, `6 on the nose`, `exactly 6`, `no solution`,
//! `can't do it in 4`, `challenge!`, `no counter`).
//!
//! The one decision: this module finds, it never decides. Whether cells
//! are a placement or talk, and whether moves are the proof that is due,
//! depends on who speaks and what the match expects: that is
//! `player_chat`'s job. Nothing here knows the match. Imports the board's
//! cells and moves and the shared chat cleaning (`games::chat`) only —
//! nothing from `log/`, `import/`, `web/` or `verify.rs`.

use super::board::{Cell, Dir, Move};
use super::cell_words::{cell, find_cells};
use crate::games::chat::cells::glued_cells;
use crate::games::chat::clean_chat;
use crate::games::chat::words::{number_word, takes_back};
use crate::games::words::spell_arrows;

mod keys;
use keys::key_at;

/// A key word (or words) of a claim, a challenge or giving up.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Key {
    /// `finished`, `done`, `complete`; a count claimed as the puzzle's
    /// length (`claiming 5`, `this is a 5-mover`).
    Finished,
    /// The puzzle cannot be solved in the target: `impossible`, `not
    /// solvable`, `no solution`, `can't do it in 4`, `locked`.
    Unsolvable,
    /// Giving up an answer: `no counter`, `can't beat that`, `I can't`.
    GiveUp,
    /// `challenge!`, `I challenge that`: the one challenge of the game,
    /// the "impossible" claim, said by its name. Only at the line's start
    /// or after `I`, so that `a nice challenge` is talk.
    Challenge,
    /// `pass`, `give up`, `resign`, `forfeit`, `concede`.
    Pass,
}

/// One thing found in a line.
#[derive(Clone, PartialEq, Debug)]
pub enum Found {
    /// Cells written together (`B1 B2`, `C1-C3`, `b1, b2`): a car when
    /// they are 2 or 3 in a line.
    Cells(Vec<Cell>),
    Move(Move),
    Key(Key),
    /// A number that is neither a move's distance nor a line's numbering.
    Number(u32),
    /// Something that starts like a move but is none (`Z sideways`, `X up
    /// 0`, a direction with no car), as written.
    Broken(String),
}

/// One line of a message and what it holds.
#[derive(Clone, PartialEq, Debug, Default)]
pub struct Line {
    /// The line's index in the message as posted.
    pub index: usize,
    /// What the line holds, in order.
    pub found: Vec<Found>,
    /// Words that are not play (talk around it).
    pub talk: bool,
    /// The line asks something (`finished?`).
    pub question: bool,
    /// A correction word: `wait`, `typo`, `meant`, `actually`, …
    pub corrects: bool,
}

impl Line {
    pub fn has_move(&self) -> bool {
        self.found.iter().any(|f| matches!(f, Found::Move(_)))
    }
}

/// A word as the finder sees it.
#[derive(Clone, Debug)]
pub(super) struct Tok {
    /// Lowercase, apostrophes dropped (`can't` → `cant`); punctuation is
    /// its one character.
    pub(super) w: String,
    /// As written.
    pub(super) orig: String,
    pub(super) punct: bool,
}

/// The words of the move notation and of claims: talk made only of other
/// words never says anything to the rules (a property the tests check).
/// Cells, numbers, single letters (car labels) and arrows are vocabulary
/// too.
pub const KEYWORDS: &[&str] = &[
    "up",
    "down",
    "left",
    "right",
    "north",
    "south",
    "east",
    "west",
    "upwards",
    "downwards",
    "taxi",
    "out",
    "off",
    "exit",
    "exits",
    "finished",
    "finish",
    "done",
    "claim",
    "claiming",
    "mover",
    "movers",
    "complete",
    "completed",
    "impossible",
    "unsolvable",
    "unsolveable",
    "insoluble",
    "locked",
    "gridlocked",
    "deadlocked",
    "jammed",
    "stuck",
    "solvable",
    "solveable",
    "possible",
    "solution",
    "solutions",
    "can",
    "cant",
    "cannot",
    "pass",
    "passing",
    "give",
    "giving",
    "resign",
    "resigns",
    "forfeit",
    "concede",
    "concedes",
    "counter",
    "challenge",
    "challenging",
    "beat",
    "top",
    "better",
    "thats",
    "its",
    "ff",
    "ffs",
    "ffd",
    "exactly",
    "precisely",
    "nose",
    "column",
    "columns",
    "col",
    "cols",
    "row",
    "rows",
    "long",
];

/// Whether a lowercase word (apostrophes dropped) belongs to the game's
/// vocabulary.
pub fn is_vocabulary(word: &str) -> bool {
    let w = word.to_lowercase().replace(['\'', '’'], "");
    w.chars().count() == 1
        || w.chars().any(|c| c.is_ascii_digit())
        || cell(&w).is_some()
        || KEYWORDS.contains(&w.as_str())
        // A distance written out (`left two`): one to six cells.
        || number_word(&w).is_some_and(|n| (1..=6).contains(&n))
}

/// A message's lines, each with what it holds. A Discord reply preview
/// pasted after the message (a lone `@name` line, then a line this
/// message already holds) is left out: it quotes, it does not play.
pub fn read_lines(text: &str) -> Vec<Line> {
    let raw: Vec<&str> = text.lines().collect();
    let end = reply_preview_start(&raw).unwrap_or(raw.len());
    raw[..end]
        .iter()
        .enumerate()
        .map(|(index, l)| read_line(index, l))
        .collect()
}

/// Where a pasted reply preview begins, if the message ends with one.
fn reply_preview_start(raw: &[&str]) -> Option<usize> {
    let last = raw.iter().rposition(|l| !l.trim().is_empty())?;
    let at = last.checked_sub(1)?;
    let mention = raw[at].trim();
    let quoted = raw[last].trim();
    let lone_mention = mention.starts_with('@') && !mention.contains(['.', ',', ';', ':']);
    let already_said = raw[..at].iter().any(|l| l.trim() == quoted);
    (lone_mention && already_said && at > 0).then_some(at)
}

/// Arrows as the direction words they stand for, and dashes as the
/// hyphen: cleaning drops a dash that is not ASCII, which glued `C1–C3`
/// into one word. An en dash or a minus is a hyphen wherever it stands
/// (`C1–C3`, `C1 – C3`: a range); an em dash only between two words it
/// touches (`C1—C3`); spaced, it sets words apart (`typo — A1 B1 C1`, `Z
/// right — 5 moves`), as a colon does.
fn arrows_as_words(line: &str) -> String {
    let chars: Vec<char> = line.chars().collect();
    let glued = |i: usize| {
        i > 0
            && chars[i - 1].is_alphanumeric()
            && chars.get(i + 1).is_some_and(|c| c.is_alphanumeric())
    };
    // `lol → W← V↑ Z→`: an arrow standing alone after a word that is no
    // car, cell or count sets the moves apart from the talk before them;
    // after a car it is the way it goes (`X → 2`).
    let sets_apart = |i: usize| {
        let alone = |c: Option<&char>| c.is_none_or(|c| c.is_whitespace());
        let before: String = chars[..i]
            .iter()
            .rev()
            .skip_while(|c| c.is_whitespace())
            .take_while(|c| !c.is_whitespace())
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
            .collect();
        let car_cell_or_count = before.chars().count() == 1
            || before.parse::<Cell>().is_ok()
            || before.chars().all(|c| c.is_ascii_digit());
        alone(i.checked_sub(1).map(|j| &chars[j]))
            && alone(chars.get(i + 1))
            && !before.is_empty()
            && !car_cell_or_count
    };
    let line: String = (0..chars.len())
        .map(|i| match chars[i] {
            '→' | '⟶' | '➡' | '➜' | '⇒' if sets_apart(i) => ':',
            '–' | '‒' | '−' | '‐' | '‑' => '-',
            '—' | '―' if glued(i) => '-',
            // Spaced, it sets what follows apart: `Z right — 5 < 6` ends
            // the move, its count no distance.
            '—' | '―' => ':',
            c => c,
        })
        .collect();
    spell_arrows(&line, |c| match c {
        '→' | '⟶' | '➡' | '➜' | '⇒' | '⮕' | '►' | '▶' => Some("right"),
        '←' | '⟵' | '⬅' | '⇐' | '◄' | '◀' => Some("left"),
        '↑' | '⬆' | '⇑' | '▲' => Some("up"),
        '↓' | '⬇' | '⇓' | '▼' => Some("down"),
        _ => None,
    })
    .replace("->", " right ")
}

fn tokens(line: &str) -> Vec<Tok> {
    let clean = clean_chat(&arrows_as_words(line));
    let chars: Vec<char> = clean.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_alphanumeric() {
            let mut j = i;
            while j < chars.len()
                && (chars[j].is_alphanumeric()
                    || (chars[j] == '\'' && chars.get(j + 1).is_some_and(|n| n.is_alphanumeric())))
            {
                j += 1;
            }
            let orig: String = chars[i..j].iter().collect();
            // `5mover`: the count and the word.
            let digits = orig.chars().take_while(char::is_ascii_digit).count();
            let (count, rest) = orig.split_at(digits);
            let parts = if digits > 0 && matches!(rest.to_lowercase().as_str(), "mover" | "movers")
            {
                vec![count, rest]
            } else if let Some(cells) = glued_cells(&orig, 3, |c| {
                // A car's cells (`c1d1`, `C3C4C5`) on the 6×6 board.
                let b = c.as_bytes();
                matches!(b[0].to_ascii_lowercase(), b'a'..=b'f') && (b'1'..=b'6').contains(&b[1])
            }) {
                cells
            } else {
                vec![orig.as_str()]
            };
            for orig in parts {
                out.push(Tok {
                    w: orig.to_lowercase().replace('\'', ""),
                    orig: orig.to_string(),
                    punct: false,
                });
            }
            i = j;
        } else {
            if !c.is_whitespace() {
                out.push(Tok {
                    w: c.to_string(),
                    orig: c.to_string(),
                    punct: true,
                });
            }
            i += 1;
        }
    }
    out
}

fn dir(w: &str) -> Option<Dir> {
    match w {
        "up" | "u" | "north" | "upwards" => Some(Dir::Up),
        "down" | "d" | "south" | "downwards" => Some(Dir::Down),
        "left" | "l" | "west" => Some(Dir::Left),
        "right" | "r" | "east" => Some(Dir::Right),
        _ => None,
    }
}

/// A car named by a token: a single letter (not `a` or `I`, which are
/// English words: only 17 cars fit, so `I` is the last label a board
/// could ever hold and `A` is never used), or the taxi.
pub(super) fn car(t: &Tok) -> Option<char> {
    if t.punct {
        return None;
    }
    if t.w == "taxi" {
        return Some('Z');
    }
    let mut cs = t.orig.chars();
    match (cs.next(), cs.next()) {
        (Some(c), None) if c.is_ascii_alphabetic() && !matches!(c, 'a' | 'A' | 'i' | 'I') => {
            Some(c.to_ascii_uppercase())
        }
        _ => None,
    }
}

/// A direction letter with its distance attached (`R1`, `d2`): the
/// direction and the distance as written.
fn dir_with_count(w: &str) -> Option<(Dir, &str)> {
    let mut cs = w.char_indices();
    let (_, c) = cs.next()?;
    let (at, _) = cs.next()?;
    let count = &w[at..];
    let dir = dir(&c.to_ascii_lowercase().to_string())?;
    count
        .chars()
        .all(|c| c.is_ascii_digit())
        .then_some((dir, count))
}

/// A car, a direction and maybe a distance in one word (`UR1`, `ZR`):
/// the car uppercase, then a direction letter, then digits. Without
/// digits only where `bare` allows it, and only all uppercase.
fn glued(t: &Tok, bare: bool) -> Option<(char, Dir, Option<&str>)> {
    let mut cs = t.orig.chars();
    let c = cs.next()?;
    let rest = cs.as_str();
    let label = car(&Tok {
        w: c.to_ascii_lowercase().to_string(),
        orig: c.to_string(),
        punct: false,
    })?;
    if !c.is_ascii_uppercase() || rest.is_empty() {
        return None;
    }
    if let Some((dir, count)) = dir_with_count(rest) {
        return Some((label, dir, Some(count)));
    }
    let d = rest.chars().next()?;
    (bare && rest.len() == 1 && d.is_ascii_uppercase())
        .then(|| dir(&d.to_ascii_lowercase().to_string()))
        .flatten()
        .map(|dir| (label, dir, None))
}

/// A glued move at token `k` (`UR1`), with the token after it.
fn glued_at(t: &[Tok], k: usize, bare: bool) -> Option<(Found, usize)> {
    let (car, dir, count) = glued(&t[k], bare)?;
    let mut j = k + 1;
    let dist = match count {
        None => None,
        Some(n) => match n.parse::<u8>() {
            Ok(n) if n > 0 => Some(n),
            _ => return Some((Found::Broken(t[k].orig.clone()), j)),
        },
    };
    if dist.is_some() && t.get(j).is_some_and(|x| UNITS.contains(&x.w.as_str())) {
        j += 1;
    }
    Some((Found::Move(Move { car, dir, dist }), j))
}

pub(super) fn number(w: &str) -> Option<u32> {
    if w.chars().all(|c| c.is_ascii_digit()) {
        return w.parse().ok();
    }
    let n = ["one", "two", "three", "four", "five", "six"]
        .iter()
        .position(|x| *x == w)?;
    Some(n as u32 + 1)
}

/// Words that may stand between a car and its direction (`Y goes up`,
/// `V all the way down`, `Z drives out`).
const BETWEEN: &[&str] = &[
    "goes", "go", "moves", "move", "slides", "slide", "drives", "drive", "all", "the", "way",
    "fully", "straight", "back", "then", "to", "car",
];
/// How the taxi leaves: `Z out`, `the taxi drives out`, `Z exits`.
const EXITS: &[&str] = &["out", "off", "exit", "exits", "leaves"];
/// Units after a distance (`2 spaces`).
const UNITS: &[&str] = &[
    "space", "spaces", "square", "squares", "cell", "cells", "step", "steps", "tile", "tiles",
    "spot", "spots",
];
/// Words that correct what came before on the line or the line before.
const CORRECTS: &[&str] = &[
    "wait",
    "typo",
    "oops",
    "sorry",
    "meant",
    "mean",
    "actually",
    "instead",
    "correction",
    "misclick",
    "mistake",
    "ugh",
    "nvm",
    "scratch",
];
/// Words that are neither play nor talk worth noting beside it.
const FILLER: &[&str] = &[
    "move", "moves", "then", "and", "so", "ok", "okay", "alright", "now", "the", "on", "at",
    "mine", "goes", "go", "my", "car", "cars", "truck", "trucks", "is", "its", "it", "here",
    "place", "put", "in", "a", "i", "ill", "im", "thats", "exactly", "that", "me", "from", "this",
    "time", "solution", "moves", "well", "yeah", "yes", "yep", "calling", "call",
];

/// Reads one line.
fn read_line(index: usize, raw: &str) -> Line {
    let t = tokens(raw);
    let mut used = vec![false; t.len()];
    // Each found thing with the token it starts at, sorted at the end.
    let mut found: Vec<(usize, Found)> = Vec::new();
    let word = |i: usize| t.get(i).filter(|x| !x.punct).map(|x| x.w.as_str());
    let is = |i: usize, set: &[&str]| word(i).is_some_and(|w| set.contains(&w));
    // "1." / "2)" numbering.
    if t.len() > 2 && number(&t[0].w).is_some() && matches!(t[1].w.as_str(), "." | ")") {
        used[0] = true;
        used[1] = true;
    }
    find_cells(&t, &mut used, &mut found);
    // Moves. A lowercase letter is a car only on a line of moves (`1) u
    // r 1`, `x up, y down`): in talk, `r u done` and `30 s left` are words.
    let mut moves = Vec::new();
    // `UR1, VD`: once a line glues a car, a direction and a distance, a
    // bare `VD` on it is glued too (alone, `XD` is a laugh).
    let glued_line = t.iter().any(|x| glued(x, false).is_some());
    let mut k = 0;
    while k < t.len() {
        // `1) u r 1`: a number before a lowercase car numbers it, unless
        // it is the last move's distance (`x left 1 y down`).
        let after_number = k > 0
            && !used[k - 1]
            && number(&t[k - 1].w).is_some()
            && moves.last().is_none_or(|(_, end, _, _)| *end != k);
        let lower = t[k].orig.chars().all(|c| c.is_ascii_lowercase()) && t[k].w != "taxi";
        let at = move_at(&t, k).or_else(|| glued_at(&t, k, glued_line));
        match at.filter(|_| !used[k] && (!lower || !after_number)) {
            Some((m, end)) => {
                moves.push((k, end, m, lower));
                k = end;
            }
            None => k += 1,
        }
    }
    let in_moves = |i: usize| moves.iter().any(|(k, end, _, _)| (*k..*end).contains(&i));
    let only_moves = !t.iter().any(|x| x.w == "?")
        && (0..t.len()).all(|i| {
            used[i]
                || in_moves(i)
                || t[i].punct
                || number(&t[i].w).is_some()
                || FILLER.contains(&t[i].w.as_str())
                || ["finished", "finish", "done", "impossible", "pass", "gg"]
                    .contains(&t[i].w.as_str())
        });
    let any_upper = moves.iter().any(|m| !m.3);
    for (k, end, m, lower) in moves {
        if lower && !only_moves && !any_upper {
            continue;
        }
        used[k..end].iter_mut().for_each(|u| *u = true);
        found.push((k, m));
    }
    // Key words.
    for k in 0..t.len() {
        if used[k] {
            continue;
        }
        if let Some((key, len)) = key_at(&t, k) {
            used[k..k + len].iter_mut().for_each(|u| *u = true);
            found.push((k, Found::Key(key)));
        }
    }
    let has_move = found.iter().any(|(_, f)| matches!(f, Found::Move(_)));
    let mut talk = false;
    let mut corrects = false;
    for k in 0..t.len() {
        if used[k] || t[k].punct {
            continue;
        }
        let w = t[k].w.as_str();
        corrects |= CORRECTS.contains(&w) || takes_back(w);
        if let Some(n) = number(w).filter(|_| w.chars().all(|c| c.is_ascii_digit())) {
            let time = matches!(t.get(k + 1).map(|x| x.w.as_str()), Some(":" | "-"))
                && word(k + 2).is_some_and(|x| x.chars().all(|c| c.is_ascii_digit()))
                || k > 0 && matches!(t[k - 1].w.as_str(), ":" | "-")
                || is(
                    k + 1,
                    &[
                        "min", "mins", "minute", "minutes", "s", "sec", "secs", "seconds", "pm",
                        "am",
                    ],
                )
                // A round's number, or a row's (`U can't get off row 3`).
                || k > 0 && is(k - 1, &["round", "rd", "game", "row", "rows", "column", "col"]);
            if !time {
                found.push((k, Found::Number(n)));
            }
            continue;
        }
        // `W move ngl`: gamer praise (a win), not the car W.
        let praise = t[k].orig == "W"
            && word(k + 1).is_some_and(|n| {
                matches!(
                    n,
                    "move" | "play" | "solve" | "solution" | "claim" | "call"
                        | "take" | "round" | "game" | "moment"
                )
            });
        // `why 2 Z moves`: the car's moves counted, talk.
        let counted = word(k + 1) == Some("moves")
            && k > 0
            && word(k - 1).is_some_and(|n| number(n).is_some() || number_word(n).is_some());
        let stray_car = car(&t[k]).is_some()
            && t[k].orig.chars().all(|c| c.is_ascii_uppercase())
            && !praise
            && !counted;
        // `Right, so: …` opens a line as a word of talk, not a move.
        let opener = w == "right"
            && (0..k).all(|i| t[i].punct || FILLER.contains(&t[i].w.as_str()))
            && (t.get(k + 1).is_some_and(|x| x.w == ",") || word(k + 1) == Some("so"));
        let stray_dir = has_move && !opener && matches!(w, "up" | "down" | "left" | "right");
        if stray_car || stray_dir {
            let mut text = t[k].orig.clone();
            if let Some(next) = t.get(k + 1).filter(|x| !x.punct && stray_car) {
                text = format!("{text} {}", next.orig);
            }
            found.push((k, Found::Broken(text)));
            continue;
        }
        talk |= !FILLER.contains(&w) && !CORRECTS.contains(&w);
    }
    found.sort_by_key(|(k, _)| *k);
    // `…exactly 3 moves?? so finished!`: a claim after the line's last
    // question answers it; the line asks nothing of that claim.
    let last_asked = t.iter().rposition(|x| x.w == "?");
    let answered =
        last_asked.is_some_and(|q| found.iter().any(|(k, f)| *k > q && matches!(f, Found::Key(_))));
    // `Y can't get down anymore can it`: a tag question asks with no `?`.
    let said: Vec<&str> = t.iter().filter(|x| !x.punct).map(|x| x.w.as_str()).collect();
    let tagged = matches!(said.as_slice(), [.., aux, who]
        if matches!(*aux, "can" | "cant" | "does" | "doesnt" | "is" | "isnt" | "will" | "wont")
            && matches!(*who, "it" | "he" | "she" | "they"));
    Line {
        index,
        found: found.into_iter().map(|(_, f)| f).collect(),
        talk,
        question: last_asked.is_some() && !answered || tagged,
        corrects,
    }
}

/// A move starting at token `k` (a car), with the token after it; `None`
/// when no direction follows the car.
/// The edge a move goes to, said after it (`the right side`, `right
/// edge`) in the move's own direction: how many words it takes.
fn edge_said<'a>(word: &impl Fn(usize) -> Option<&'a str>, j: usize, d: Dir) -> Option<usize> {
    let the = usize::from(word(j) == Some("the"));
    (word(j + the).and_then(dir) == Some(d)
        && matches!(word(j + the + 1), Some("side" | "edge")))
    .then_some(the + 2)
}

fn move_at(t: &[Tok], k: usize) -> Option<(Found, usize)> {
    let car = car(&t[k])?;
    let word = |i: usize| t.get(i).filter(|x| !x.punct).map(|x| x.w.as_str());
    let mut j = k + 1;
    // `the X car slides all the way to the right`.
    while j < k + 9 && word(j).is_some_and(|w| BETWEEN.contains(&w)) {
        j += 1;
    }
    let w = word(j)?;
    // `U R1`: the distance attached to the direction.
    if let Some((dir, count)) = dir_with_count(w) {
        j += 1;
        return Some(match count.parse::<u8>() {
            Ok(n) if n > 0 => {
                if word(j).is_some_and(|w| UNITS.contains(&w)) {
                    j += 1;
                }
                (
                    Found::Move(Move {
                        car,
                        dir,
                        dist: Some(n),
                    }),
                    j,
                )
            }
            _ => {
                let text: Vec<&str> = t[k..j].iter().map(|x| x.orig.as_str()).collect();
                (Found::Broken(text.join(" ")), j)
            }
        });
    }
    let exits = dir(w).is_none();
    let dir = dir(w).or_else(|| (car == 'Z' && EXITS.contains(&w)).then_some(Dir::Right))?;
    j += 1;
    // `Z out ➡️`: the way out said again.
    if exits && word(j).and_then(self::dir) == Some(dir) {
        j += 1;
    }
    // "all the way", "out" after the direction, "as far as it goes" (a
    // move with no distance goes as far as it can), and the direction
    // said again (`drives out to the right`).
    loop {
        if word(j).is_some_and(|w| ["all", "the", "way", "out", "off"].contains(&w)) {
            j += 1;
        } else if let Some(n) = as_far_as_it_goes(t, j) {
            j += n;
        } else if word(j) == Some("to")
            && word(j + 1) == Some("the")
            && word(j + 2).and_then(self::dir) == Some(dir)
        {
            j += 3;
        } else if let Some(n) = edge_said(&word, j, dir) {
            // `the taxi drives out the right side`.
            j += n;
        } else {
            break;
        }
    }
    if word(j) == Some("by") && word(j + 1).and_then(number).is_some() {
        j += 1;
    }
    let mut dist = None;
    if let Some(n) = word(j).and_then(number) {
        if n == 0 || n > u8::MAX as u32 {
            let text = t[k..=j].iter().map(|x| x.orig.as_str()).collect::<Vec<_>>();
            return Some((Found::Broken(text.join(" ")), j + 1));
        }
        dist = Some(n as u8);
        j += 1;
        if word(j).is_some_and(|w| UNITS.contains(&w)) {
            j += 1;
        }
    }
    Some((Found::Move(Move { car, dir, dist }), j))
}

/// How many tokens at `k` say "as far as it goes" (`as far as it can
/// go`, `as far as possible`, `as far as they go`), if they do.
fn as_far_as_it_goes(t: &[Tok], k: usize) -> Option<usize> {
    let word = |i: usize| t.get(i).filter(|x| !x.punct).map(|x| x.w.as_str());
    if word(k) != Some("as") || word(k + 1) != Some("far") || word(k + 2) != Some("as") {
        return None;
    }
    let mut j = k + 3;
    if word(j) == Some("possible") {
        return Some(j + 1 - k);
    }
    if !matches!(word(j), Some("it" | "they" | "he" | "she")) {
        return None;
    }
    j += 1;
    match word(j) {
        Some("goes" | "go" | "went") => Some(j + 1 - k),
        Some("can" | "will" | "could") => {
            let go = matches!(word(j + 1), Some("go" | "get" | "slide"));
            Some(j + 1 + usize::from(go) - k)
        }
        _ => None,
    }
}

#[cfg(test)]
#[path = "phrases_tests.rs"]
mod tests;
