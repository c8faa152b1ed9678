//! Which words of a would-be piece say the piece: the talk beside it
//! left out (another piece spoken of, the sentences around a whole
//! piece), and the shape a correction withdraws (`E8 UD, not LR`).
//!
//! Part of the player reader ([`super::player_chat`]): knows nothing of
//! the match. Must not import anything from `log/`, nor from `import/`,
//! `web/` or `verify.rs`.

use super::board::{Color, Exits};
use super::chat_words::{bits, color_word, exits, is_cell, shape_words, Line};

/// Whose a piece is when it is not the writer's (`your green`).
const OWNED: [&str; 5] = ["your", "ur", "his", "her", "their"];

/// Words that make a clause with a cell talk about another piece than the
/// one played (`D2 UD was the alternative`, `g5lr also fine`).
const ANOTHER: [&str; 8] = [
    "also",
    "alternative",
    "alternatively",
    "was",
    "were",
    "would",
    "could",
    "had",
];

/// The words of a segment that say the piece, without the talk beside it:
/// a clause that names a cell and speaks of another piece (`C2 UD. D2 UD
/// was the alternative`, `h5lr (g5lr also fine)`) when the rest still
/// names a cell, and, when exactly one sentence names a whole piece (one
/// cell, one shape), the other sentences (`Correction: B8 DL. Down and
/// left, not right.`, `B5 LR. That mirrors your H5.`), keeping of them
/// only the common color named as the writer's piece (`taking the other
/// green. E6 LR`).
pub(super) fn focus(line: &Line, seg: &[usize]) -> Vec<usize> {
    let text = |k: usize| line.words[k].text.as_str();
    let cell_in = |ks: &[usize]| ks.iter().any(|&k| is_cell(text(k)));
    let clause_of = |k: usize| line.words[k].clause;
    let about_another = |clause: usize| {
        let ks: Vec<usize> = seg
            .iter()
            .copied()
            .filter(|&k| clause_of(k) == clause)
            .collect();
        cell_in(&ks) && ks.iter().any(|&k| ANOTHER.contains(&text(k)))
    };
    let kept: Vec<usize> = seg
        .iter()
        .copied()
        .filter(|&k| !about_another(clause_of(k)))
        .collect();
    let seg = if cell_in(&kept) { kept } else { seg.to_vec() };
    // Each word's sentence: one ends after `.`, `!` or `?`.
    let mut sentence = Vec::with_capacity(line.words.len());
    let mut n = 0;
    for w in &line.words {
        sentence.push(n);
        n += usize::from(w.after.contains(['.', '!', '?']));
    }
    let mut sentences: Vec<Vec<usize>> = Vec::new();
    for &k in &seg {
        match sentences.last_mut() {
            Some(last) if last.last().is_some_and(|&q| sentence[q] == sentence[k]) => last.push(k),
            _ => sentences.push(vec![k]),
        }
    }
    let whole = |ks: &&Vec<usize>| {
        let ws: Vec<&str> = ks.iter().map(|&k| text(k)).collect();
        let b = bits(&ws);
        b.cells.len() == 1 && b.shapes.len() == 1
    };
    match sentences
        .iter()
        .filter(whole)
        .collect::<Vec<_>>()
        .as_slice()
    {
        [one] if sentences.len() > 1 => {
            // `taking the other green. **E6 LR**`: the common color said in
            // a sentence of no cell is the piece's, unless it is someone's.
            let mut kept = one.to_vec();
            for other in sentences.iter().filter(|s| !cell_in(s)) {
                let common = other.iter().position(|&k| {
                    color_word(text(k)) == Some(Color::Common)
                })
                .filter(|&at| at == 0 || !OWNED.contains(&text(other[at - 1])));
                kept.extend(common.map(|at| other[at]));
            }
            kept.sort_unstable();
            kept
        }
        _ => seg,
    }
}

/// The words of a segment without the shape it withdraws (`not LR`,
/// `instead of E8 LR`, `rather than LR`), and that shape: only when
/// another shape stays (`why not E5 UR?` withdraws nothing, it doubts).
pub(super) fn withdraw<'a>(ws: &[&'a str]) -> (Vec<&'a str>, Option<Exits>) {
    let keep = || (ws.to_vec(), None);
    let marker = (0..ws.len()).find_map(|m| match (ws[m], ws.get(m + 1)) {
        ("not", _) => Some((m, m + 1)),
        ("instead", Some(&"of")) | ("rather", Some(&"than")) => Some((m, m + 2)),
        _ => None,
    });
    let Some((from, mut q)) = marker else {
        return keep();
    };
    // `E 6 not E7, E6 LU`: a cell withdrawn, where another cell, said
    // once or again, stays.
    if ws.get(q).is_some_and(|w| is_cell(w)) {
        let kept: Vec<&str> = ws[..from].iter().chain(&ws[q + 1..]).copied().collect();
        let mut cells = kept.iter().filter(|w| is_cell(w));
        if let Some(&other) = cells.next() {
            if other != ws[q] && cells.all(|c| *c == other) {
                // The cell said last stands beside its shape.
                let last = kept.iter().rposition(|w| *w == other);
                let once = (0..kept.len()).filter(|&k| kept[k] != other || Some(k) == last);
                return (once.map(|k| kept[k]).collect(), None);
            }
        }
    }
    while ws
        .get(q)
        .is_some_and(|w| matches!(*w, "a" | "an" | "the") || is_cell(w))
    {
        q += 1;
    }
    let Some((shape, len)) = shape_words(ws, q) else {
        return keep();
    };
    let kept: Vec<&str> = ws[..from].iter().chain(&ws[q + len..]).copied().collect();
    // Another shape stays, said once or again (`H2 RD, not UR … please
    // take the RD`).
    let mut named = kept.iter().filter_map(|w| exits(w)).filter(|e| *e != shape);
    let Some(other) = named.next() else {
        return keep();
    };
    if named.any(|e| e != other) {
        return keep();
    }
    (kept, Some(shape))
}
