//! Duorail's words in chat: a message line cut into lowercase words with
//! their clauses, and what a word is in the notation (a cell, two exits,
//! steps, a color, a side), plus what the words of a would-be piece add up
//! to. Box-drawing pieces (`┘`), a piece drawn in ASCII after its cell
//! (`E1 |`, `E2 -`) and arrows (`→→↓↓`, a lone `←` as the side `left`)
//! become notation here, before [`clean_chat`] would drop them.
//!
//! Knows nothing of the match: deciding what a message does is
//! [`super::player_chat`]'s. Must not import anything from `log/`, nor
//! from `import/`, `web/` or `verify.rs`.

use super::board::{Color, Exits, Side};
use crate::games::clean_chat;

pub(super) use crate::games::chat::words::Line;

/// A message line as words.
pub(super) fn read_line(raw: &str) -> Line {
    tokenize(&clean_chat(&normalize(&ascii_piece(raw))))
}

/// The line with a piece drawn in ASCII after its cell as its exits: `E1
/// |` is `E1 UD`, `E2 -` (or `—`) is `E2 LR`. Only a lone mark standing
/// right after a cell (a colon or comma between allowed) with nothing
/// written after it but marks and emoji, so that `E1 UD | gl` (a
/// separator), `||E1 UD||` (a spoiler) and `E2 - nice` keep their meaning.
/// A slash is no piece: `/` is `┘` or `┌` depending on how one draws it.
fn ascii_piece(raw: &str) -> String {
    let words: Vec<&str> = raw.split_whitespace().collect();
    let bare = |w: &str| -> String {
        w.trim_matches(|c: char| matches!(c, '*' | '`' | '_' | ':' | ','))
            .to_lowercase()
    };
    let Some(k) = words
        .iter()
        .position(|w| matches!(bare(w).as_str(), "|" | "-" | "—" | "–"))
    else {
        return raw.to_string();
    };
    let after_cell = k > 0 && is_cell(&bare(words[k - 1]));
    let nothing_after = words[k + 1..]
        .iter()
        .all(|w| !w.chars().any(char::is_alphanumeric));
    if !after_cell || !nothing_after || raw.matches('|').count() > 1 {
        return raw.to_string();
    }
    let exits = if bare(words[k]) == "|" { "UD" } else { "LR" };
    let mut out: Vec<&str> = words.clone();
    out[k] = exits;
    out.join(" ")
}

/// Box-drawing pieces as their exits, arrows as step marks (`^R`), dashes
/// as clause ends: what [`clean_chat`] would otherwise drop.
fn normalize(raw: &str) -> String {
    let mut s = String::new();
    for c in raw.chars() {
        match c {
            '┘' | '╯' | '┛' | '╝' => s.push_str(" LU "),
            '└' | '╰' | '┗' | '╚' => s.push_str(" UR "),
            '┐' | '╮' | '┓' | '╗' => s.push_str(" DL "),
            '┌' | '╭' | '┏' | '╔' => s.push_str(" RD "),
            '│' | '┃' | '║' | '╎' | '╏' | '┆' | '┇' | '┊' | '┋' => {
                s.push_str(" UD ")
            }
            '─' | '━' | '═' | '╌' | '╍' | '┄' | '┅' | '┈' | '┉' => {
                s.push_str(" LR ")
            }
            '→' | '➡' | '⟶' | '⇒' => s.push_str("^R"),
            '←' | '⬅' | '⟵' | '⇐' => s.push_str("^L"),
            '↑' | '⬆' => s.push_str("^U"),
            '↓' | '⬇' => s.push_str("^D"),
            '—' | '–' => s.push_str(" ; "),
            c => s.push(c),
        }
    }
    s
}

/// A cleaned line as words. A run of arrows is one word of steps; a lone
/// arrow joins or is a side, as [`lone_arrows`] reads it.
fn tokenize(clean: &str) -> Line {
    let mut line = Line::empty();
    // The word being read, and whether it is a run of arrows.
    let mut cur = String::new();
    let mut arrows = false;
    let mut mention = false;
    // Ends the word being read: a run of arrows is steps, a lone arrow
    // a mark (`^r`) that `lone_arrows` reads once the line is known.
    let end = |line: &mut Line, cur: &mut String, arrows: bool, mention: &mut bool| {
        if cur.is_empty() {
            return;
        }
        if arrows && cur.len() < 2 {
            line.push(&format!("^{cur}"), false);
        } else if let Some((cell, rest)) = (!arrows).then(|| glued_cell(cur)).flatten() {
            line.push(cell, *mention);
            line.push(rest, false);
        } else {
            line.push(cur, *mention && !arrows);
        }
        *mention = false;
        cur.clear();
    };
    let mut chars = clean.chars().peekable();
    while let Some(c) = chars.next() {
        let arrow = (c == '^')
            .then(|| chars.next_if(|d| "RLUD".contains(*d)))
            .flatten();
        let (letter, is_arrow) = match arrow {
            Some(d) => (d, true),
            None if c.is_alphanumeric() || c == '_' => (c, false),
            None => {
                end(&mut line, &mut cur, arrows, &mut mention);
                line.mark(c);
                mention |= c == '@';
                continue;
            }
        };
        if is_arrow != arrows {
            end(&mut line, &mut cur, arrows, &mut mention);
            arrows = is_arrow;
        }
        cur.push(letter);
    }
    end(&mut line, &mut cur, arrows, &mut mention);
    your_turn(lone_arrows(line))
}

/// `ur move`, `ur turn`, `ur go`: `ur` is "your" there, not the exits up
/// and right.
fn your_turn(mut line: Line) -> Line {
    for k in 0..line.words.len().saturating_sub(1) {
        let next = line.words[k + 1].text.as_str();
        if line.words[k].text == "ur" && matches!(next, "move" | "turn" | "go") {
            line.words[k].text = "your".to_string();
        }
    }
    line
}

/// The line with each lone arrow read: between a cell and what goes on
/// from it (a cell, steps, a step word) it joins them and is left out
/// (`F2 → F3`, `B1 → right 2`); anywhere else it is the side it points
/// to (`G8 ← ↑`, `exits ← and ↑`).
fn lone_arrows(mut line: Line) -> Line {
    let goes_on = |w: &str| is_cell(w) || is_steps(w) || step_word(w).is_some();
    let mut k = 0;
    while k < line.words.len() {
        let Some(letter) = line.words[k].text.strip_prefix('^') else {
            k += 1;
            continue;
        };
        let side = match letter {
            "r" => "right",
            "l" => "left",
            "u" => "up",
            _ => "down",
        };
        let joins = k > 0
            && is_cell(&line.words[k - 1].text)
            && line.words.get(k + 1).is_some_and(|w| goes_on(&w.text));
        // `b1 rd → ur move`: after a piece's exits, an arrow hands the
        // turn over; it is no side.
        let hands_over = k > 0 && exits(&line.words[k - 1].text).is_some();
        if joins || hands_over {
            let arrow = line.words.remove(k);
            line.words[k - 1].after.push_str(&arrow.after);
        } else {
            line.words[k].text = side.to_string();
            k += 1;
        }
    }
    line
}

/// A cell written against what follows it (`e4rd`, `E4RRRDLLLU`): the
/// cell and the exits or steps, apart.
fn glued_cell(w: &str) -> Option<(&str, &str)> {
    let (cell, rest) = (w.get(..2)?, w.get(2..)?);
    let rest_low = rest.to_lowercase();
    let after = exits(&rest_low).is_some() || (rest.len() >= 3 && is_steps(&rest_low));
    (is_cell(&cell.to_lowercase()) && after).then_some((cell, rest))
}

/// A cell of the 9×9 board (`e5`).
pub(super) fn is_cell(w: &str) -> bool {
    let b = w.as_bytes();
    b.len() == 2 && (b'a'..=b'i').contains(&b[0]) && (b'1'..=b'9').contains(&b[1])
}

/// Two exits of a piece (`ur`, `ru`, `lr`).
pub(super) fn exits(w: &str) -> Option<Exits> {
    (w.len() == 2).then(|| w.parse().ok()).flatten()
}

/// A word of track steps (`rrddlluu`).
pub(super) fn is_steps(w: &str) -> bool {
    !w.is_empty() && w.chars().all(|c| "udlr".contains(c))
}

/// A word of run-length steps (`r3`, `3r`, `r3d3l3u3`), spelled out
/// (`rrr`); `None` for plain steps, for a run of 0 or of more steps than
/// a 9×9 board's loop has, and for anything else. `d3` is a cell too: the
/// track reader decides.
pub(super) fn run_steps(w: &str) -> Option<String> {
    // Runs as (letter, count) pairs, letter first (`r3`) or count first
    // (`3r`), one way per word.
    let count_first = w.starts_with(|c: char| c.is_ascii_digit());
    let mut runs: Vec<(char, String)> = Vec::new();
    let mut pending = String::new();
    for c in w.chars() {
        match c {
            '0'..='9' if count_first => pending.push(c),
            '0'..='9' => runs.last_mut()?.1.push(c),
            'u' | 'd' | 'l' | 'r' if count_first => runs.push((c, std::mem::take(&mut pending))),
            'u' | 'd' | 'l' | 'r' => runs.push((c, String::new())),
            _ => return None,
        }
    }
    if !pending.is_empty() || runs.is_empty() {
        return None;
    }
    let mut out = String::new();
    for (letter, count) in runs {
        let n: usize = count.parse().ok()?;
        if !(1..=81).contains(&n) {
            return None;
        }
        out.extend(std::iter::repeat_n(letter, n));
    }
    Some(out)
}

pub(super) fn color_word(w: &str) -> Option<Color> {
    match w {
        "blue" => Some(Color::Blue),
        "red" => Some(Color::Red),
        // The common color by its seed names, or as the color of no one.
        "common" | "green" | "purple" | "neutral" | "shared" => Some(Color::Common),
        _ => None,
    }
}

/// A step written as a word (`right`, `down`): its letter of `U D L R`.
pub(super) fn step_word(w: &str) -> Option<char> {
    match w {
        "up" | "right" | "down" | "left" => w.chars().next(),
        _ => None,
    }
}

pub(super) fn direction(w: &str) -> Option<Side> {
    match w {
        "up" | "top" | "north" => Some(Side::Up),
        "down" | "bottom" | "south" => Some(Side::Down),
        "left" | "west" => Some(Side::Left),
        "right" | "east" => Some(Side::Right),
        _ => None,
    }
}

/// The shape the words from `k` name, and how many words it takes: two
/// exits (`UD`), two sides (`up-down`, `left and right`) or a straight
/// by the way it runs (`sideways`).
pub(super) fn shape_words(ws: &[&str], k: usize) -> Option<(Exits, usize)> {
    let w = *ws.get(k)?;
    if let Some(e) = exits(w) {
        return Some((e, 1));
    }
    if direction(w).is_some() {
        let (shape, len) = two_sides(ws, k)?;
        return shape.map(|e| (e, len));
    }
    straight_word(w, ws.get(k + 1).copied()).map(|e| (e, 1))
}

/// Two sides in a row from word `k` (`left-up`, `right/down`, `up and
/// down`): the piece they make (`None` for two sides no piece joins,
/// `up up`) and how many words they take.
fn two_sides(ws: &[&str], k: usize) -> Option<(Option<Exits>, usize)> {
    let d = direction(ws.get(k)?)?;
    let gap = usize::from(matches!(ws.get(k + 1), Some(&("and" | "to"))));
    let d2 = direction(ws.get(k + 1 + gap)?)?;
    Some((Exits::new(d, d2), 2 + gap))
}

/// A straight named by the way it runs, as a word (`vertical`, `across`,
/// `sideways`); `across` only where it is no preposition (`across from
/// E5`, `across the board`).
fn straight_word(w: &str, next: Option<&str>) -> Option<Exits> {
    match w {
        "vertical" | "vertically" => Some(Exits::ALL[0]),
        "horizontal" | "horizontally" | "sideways" => Some(Exits::ALL[1]),
        "across" if !matches!(next, Some("from" | "the" | "to" | "a" | "my" | "your")) => {
            Some(Exits::ALL[1])
        }
        _ => None,
    }
}

/// Whether the words before a piece's kind make it a place (`above her
/// corner`, `next to my bend`), over an article or a possessive.
fn names_a_place(before: &[&str]) -> bool {
    const OWNER: [&str; 9] = ["the", "a", "my", "her", "his", "your", "their", "our", "its"];
    const PLACE: [&str; 9] = [
        "above", "below", "beneath", "under", "beside", "near", "behind", "past", "by",
    ];
    let mut at = before.len();
    while at > 0 && OWNER.contains(&before[at - 1]) {
        at -= 1;
    }
    let prev = at.checked_sub(1).map(|k| before[k]);
    PLACE.iter().any(|p| prev == Some(*p))
        || (prev == Some("to") && at >= 2 && before[at - 2] == "next")
}

/// Words that put a move in doubt: a question, a negation, a wish.
pub(super) fn doubts(ws: &[&str]) -> bool {
    const DOUBT: [&str; 16] = [
        "not", "why", "would", "could", "should", "if", "maybe", "might", "whether", "what", "how",
        "dont", "cant", "cannot", "wont", "never",
    ];
    const BEFORE_T: [&str; 9] = [
        "don", "can", "won", "didn", "shouldn", "wouldn", "couldn", "isn", "doesn",
    ];
    // `he'd call impossible`: `'d` after one who would.
    const BEFORE_D: [&str; 8] = ["i", "he", "she", "you", "they", "we", "it", "that"];
    ws.iter().enumerate().any(|(k, w)| {
        let next = ws.get(k + 1);
        DOUBT.contains(w)
            || (BEFORE_T.contains(w) && next == Some(&"t"))
            || (BEFORE_D.contains(w) && next == Some(&"d"))
    })
}

/// Words that correct what the message said just before, beside the
/// ones every game shares ([`crate::games::chat::words::takes_back`]).
pub(super) const CORRECTION: [&str; 2] = ["mean", "instead"];

/// What the words of a would-be piece are.
#[derive(Default)]
pub(super) struct Bits {
    pub cells: Vec<String>,
    pub shapes: Vec<Exits>,
    /// Two letters of `U D L R` that are not two exits (`UU`).
    pub bad: usize,
    pub colors: Vec<Color>,
    pub straight: bool,
    pub bend: bool,
    pub talk: usize,
    pub doubt: bool,
    /// Other words stand between the cell and its shape (`E5 is ur best
    /// move`): not written as a piece. Words of joining before two sides
    /// said in words are no other words (`h3, it connect left and up`).
    pub apart: bool,
}

pub(super) fn bits(ws: &[&str]) -> Bits {
    const FILLER: [&str; 26] = [
        "place", "places", "placing", "put", "i", "a", "an", "the", "at", "on", "in", "piece",
        "tile", "my", "own", "play", "playing", "move", "and", "to", "exit", "exits", "going",
        "goes", "running", "runs",
    ];
    let mut b = Bits {
        doubt: doubts(ws),
        ..Bits::default()
    };
    // Where the first cell and the first shape stand (word ranges).
    let mut cell_at: Option<(usize, usize)> = None;
    let mut shape_at: Option<(usize, usize)> = None;
    // Sides named alone (`straight, going down`): a straight's axis.
    let mut lone: Vec<(usize, Side)> = Vec::new();
    let mut k = 0;
    while k < ws.len() {
        let x = ws[k];
        let next = ws.get(k + 1).copied();
        if b.shapes.is_empty()
            && shape_at.is_none()
            && (exits(x).is_some() || direction(x).is_some() || straight_word(x, next).is_some())
        {
            shape_at = Some((k, k + 1));
        }
        if is_cell(x) {
            cell_at = cell_at.or(Some((k, k + 1)));
            b.cells.push(x.to_string());
        } else if let Some(e) = exits(x) {
            b.shapes.push(e);
        } else if x == "ll" && k > 0 && matches!(ws[k - 1], "i" | "you" | "we" | "he" | "she" | "they" | "it") {
            // `I'll`: a word of will, not two steps left.
        } else if x.len() == 2 && is_steps(x) {
            b.bad += 1;
        } else if let Some(c) = color_word(x) {
            b.colors.push(c);
        } else if matches!(x, "c" | "b" | "r") && next.and_then(exits).is_some() {
            // `C:LR`, `B:UR` as in board files.
            b.colors.push(match x {
                "c" => Color::Common,
                "b" => Color::Blue,
                _ => Color::Red,
            });
        } else if let Some(d) = direction(x) {
            match two_sides(ws, k) {
                Some((shape, len)) => {
                    if shape_at.is_some_and(|(a, _)| a == k) {
                        shape_at = Some((k, k + len));
                    }
                    match shape {
                        Some(e) => b.shapes.push(e),
                        None => b.bad += 1,
                    }
                    k += len;
                    continue;
                }
                None => {
                    if shape_at.is_some_and(|(a, _)| a == k) {
                        shape_at = None;
                    }
                    // `up to you`: a side in talk.
                    if !matches!(next, Some("to" | "for" | "with" | "you" | "u")) {
                        lone.push((k, d));
                    }
                    b.talk += 1;
                }
            }
        } else if let Some(e) = straight_word(x, next) {
            b.shapes.push(e);
        } else if matches!(x, "straight" | "straights") {
            b.straight = true;
        } else if matches!(x, "bend" | "corner" | "curve") {
            // `one more straight above her corner`: a piece where, not what.
            b.bend |= !names_a_place(&ws[..k]);
        } else if !FILLER.contains(&x) {
            b.talk += 1;
        }
        k += 1;
    }
    // `straight, going down`, `E5 straight across`: a straight said with
    // one side (or two of one axis) runs along it.
    let axis = |d: Side| match d {
        Side::Up | Side::Down => Exits::ALL[0],
        Side::Left | Side::Right => Exits::ALL[1],
    };
    if b.straight && b.shapes.is_empty() && !lone.is_empty() {
        let e = axis(lone[0].1);
        if lone.iter().all(|(_, d)| axis(*d) == e) {
            b.shapes.push(e);
            b.talk -= lone.len();
            shape_at = Some((lone[0].0, lone[0].0 + 1));
        }
    }
    b.colors.dedup();
    b.shapes.dedup();
    if let (Some(c), Some(s)) = (cell_at, shape_at) {
        let between = if c.1 <= s.0 { c.1..s.0 } else { s.1..c.0 };
        // Two sides said in words may stand in a clause of their own
        // about the piece (`the bend on h3, it connect left and up`).
        let sides = s.1 - s.0 > 1 && direction(ws[s.0]).is_some();
        b.apart = ws[between]
            .iter()
            .any(|w| !(BETWEEN.contains(w) || (sides && JOINING.contains(w))));
        // `I meant it sideways, so G4 going left to right`: the shape said
        // again right after the cell is beside it.
        let after = ws[c.1..].iter().find(|w| !BETWEEN.contains(*w));
        b.apart &= !after.is_some_and(|w| {
            exits(w).is_some() || direction(w).is_some() || straight_word(w, None).is_some()
        });
    }
    b
}

/// Words that say what a piece's two sides do, in a clause of their own
/// after its cell (`h3, it connects left and up`, `which joins up to
/// left`): only before two sides said in words.
const JOINING: [&str; 23] = [
    "it",
    "its",
    "that",
    "which",
    "this",
    "connect",
    "connects",
    "connecting",
    "join",
    "joins",
    "joining",
    "link",
    "links",
    "linking",
    "turn",
    "turns",
    "turning",
    "open",
    "opens",
    "opening",
    "face",
    "faces",
    "facing",
];

/// Words that may stand between a cell and its shape (`UR at E5`, `C1,
/// bend right/down`, `E5 straight up-down`, `G5 purple UD`, `G8 bend,
/// exits ← and ↑`).
const BETWEEN: [&str; 33] = [
    "going",
    "goes",
    // `a blue straight in E5, lying left–right`.
    "lying",
    "lies",
    "laid",
    "running",
    "runs",
    "neutral",
    "shared",
    "exit",
    "exits",
    "at",
    "on",
    "in",
    "to",
    "piece",
    "tile",
    "straight",
    "straights",
    "bend",
    "corner",
    "curve",
    "with",
    "a",
    "an",
    "the",
    "as",
    "c",
    "b",
    "r",
    "blue",
    "red",
    "common",
];

#[cfg(test)]
mod tests {
    use super::*;

    fn words(raw: &str) -> Vec<String> {
        read_line(raw).words.into_iter().map(|w| w.text).collect()
    }

    #[test]
    fn lines_become_words_with_pieces_and_arrows_as_notation() {
        for (raw, want) in [
            ("G8 ┘", vec!["g8", "lu"]),
            ("**E5: UR** 🚂", vec!["e5", "ur"]),
            ("B1 →→↓↓←←↑↑", vec!["b1", "rrddlluu"]),
            ("B1→→↓↓", vec!["b1", "rrdd"]),
            ("F2 → F3 → E3", vec!["f2", "f3", "e3"]),
            ("B1 → right 2", vec!["b1", "right", "2"]),
            ("b1 rd → ur move", vec!["b1", "rd", "your", "move"]),
            ("G8 ← ↑", vec!["g8", "left", "up"]),
            ("exits ← and ↑", vec!["exits", "left", "and", "up"]),
            ("G8 ← ↑", vec!["g8", "left", "up"]),
            ("G8 ← and ↑", vec!["g8", "left", "and", "up"]),
            ("left-up bend", vec!["left", "up", "bend"]),
            ("@Danny pass", vec!["danny", "pass"]),
            // A cell glued to its exits or steps.
            ("e4rd", vec!["e4", "rd"]),
            ("E4RRRDLLLU", vec!["e4", "rrrdlllu"]),
            // Near misses: no exits after the cell, a word that is no cell.
            ("e4r", vec!["e4r"]),
            ("e4rx", vec!["e4rx"]),
            ("bird", vec!["bird"]),
        ] {
            assert_eq!(words(raw), want, "{raw}");
        }
        let l = read_line("@Danny pass, why not E5 UR? — ok");
        assert!(l.words[0].mention && !l.words[1].mention);
        let clauses: Vec<usize> = l.words.iter().map(|w| w.clause).collect();
        assert_eq!(clauses, [0, 0, 1, 1, 1, 1, 2]);
        let asked: Vec<bool> = l.words.iter().map(|w| l.question(w)).collect();
        assert_eq!(asked, [false, false, true, true, true, true, false]);
    }

    #[test]
    fn the_words_of_a_piece_add_up() {
        for (ws, cells, shapes) in [
            (vec!["c1", "bend", "right", "down"], 1, vec!["RD"]),
            (vec!["up", "and", "down", "at", "f4"], 1, vec!["UD"]),
            (vec!["vertical", "straight", "on", "e1"], 1, vec!["UD"]),
            (vec!["e2", "lr", "or", "e2", "ud"], 2, vec!["LR", "UD"]),
            (vec!["give", "up"], 0, vec![]),
        ] {
            let b = bits(&ws);
            let got: Vec<String> = b.shapes.iter().map(|e| e.to_string()).collect();
            assert_eq!(b.cells.len(), cells, "{ws:?}");
            assert_eq!(got, shapes, "{ws:?}");
        }
        assert!(bits(&["why", "not", "e5", "ur"]).doubt);
        assert_eq!(run_steps("r3").as_deref(), Some("rrr"));
        assert_eq!(run_steps("3r2d").as_deref(), Some("rrrdd"));
        assert_eq!(run_steps("r2d1").as_deref(), Some("rrd"));
        for not_runs in ["rr", "r0", "r99", "3", "r3x", "3r2", "e5"] {
            assert_eq!(run_steps(not_runs), None, "{not_runs}");
        }
        assert!(bits(&["i", "won", "t", "pass"]).doubt);
        assert!(!bits(&["wait", "no", "b1", "rd"]).doubt);
        // `he'd call impossible`: what someone would do.
        assert!(bits(&["he", "d", "call", "impossible", "on", "red"]).doubt);
        // A bend named as a place is not the piece's kind.
        assert!(!bits(&["straight", "above", "her", "corner", "f7"]).bend);
        assert!(!bits(&["f7", "next", "to", "my", "bend"]).bend);
        assert!(bits(&["f7", "a", "corner"]).bend);
        // `I'll put one on E5, up and down`.
        assert_eq!(bits(&["i", "ll", "put", "e5", "up", "and", "down"]).bad, 0);
        // Said again beside the cell: `I meant it sideways, so G4 going left to right`.
        assert!(!bits(&["meant", "it", "sideways", "so", "g4", "going", "left", "to", "right"]).apart);
        assert_eq!(bits(&["e5", "up", "up"]).bad, 1);
    }
}
