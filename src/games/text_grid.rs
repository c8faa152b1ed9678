//! A board drawn as text in a chat message, seen as lines of glyphs: the
//! part the games' `drawing` readers share.
//!
//! The one decision: a **glyph** is what a reader sees as one symbol, not a
//! `char`, and it keeps the place where it was written. An emoji with its
//! variation selector or keycap mark, a Discord `:shortcode:` or
//! `<:custom:123>` (exports and pastes keep some emoji that way), a
//! regional-indicator letter 🇾 are each one glyph, at the column (1-based,
//! counted in `char`s of the message's line) where it starts, so a reader
//! can say "line 4, column 3" about it. Markdown that is no part of a
//! drawing is left out: `*`, `` ` ``, `~`, `\`, `||`, a `> ` quote mark,
//! and the code-fence lines themselves (DCE exports keep the fences,
//! copy-paste drops them, so a fence neither starts nor breaks a drawing).
//! ANSI colour codes (Discord's ```` ```ansi ```` blocks, as bots use them)
//! become the colour of the glyphs they paint.
//!
//! This module knows no game: what a glyph means is each game's own
//! `drawing.rs`. It imports nothing outside `std` (its test-only `checks`,
//! what the readers' tests share, also proptest).

use std::fmt;

/// A colour set by an ANSI SGR code (foreground 30–37/90–97 or background
/// 40–47), as Discord's `ansi` code blocks draw it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Ansi {
    Black,
    Red,
    Green,
    Yellow,
    Blue,
    Magenta,
    Cyan,
    White,
}

/// One symbol of a line.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Glyph<'a> {
    /// The symbol, normalised: a shortcode becomes its emoji
    /// (`:red_square:` → 🟥), a regional indicator or `:regional_indicator_y:`
    /// its capital letter, a keycap (`3️⃣`, `:three:`) its digit; an unknown
    /// shortcode is `U+FFFD`.
    pub ch: char,
    /// As written (with its selectors, or the whole shortcode).
    pub raw: &'a str,
    /// Column where it starts: 1-based, in `char`s of the line.
    pub col: usize,
    /// Whitespace (or the start of the line) comes right before it.
    pub gap: bool,
    /// The ANSI colour in effect, if any.
    pub ansi: Option<Ansi>,
}

/// What a line of the message is, for a drawing.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum LineKind {
    /// Has glyphs.
    Content,
    /// Nothing but spaces and markdown.
    Blank,
    /// A code-fence line: ```` ``` ```` or ```` ```ansi ````.
    Fence,
}

/// One line of the message, numbered from 1.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct TextLine<'a> {
    pub number: usize,
    pub kind: LineKind,
    pub glyphs: Vec<Glyph<'a>>,
}

impl<'a> TextLine<'a> {
    /// The glyphs split where whitespace separates them.
    pub fn tokens(&self) -> Vec<&[Glyph<'a>]> {
        tokens(&self.glyphs)
    }
}

/// Glyphs split where whitespace separates them.
pub fn tokens<'g, 'a>(glyphs: &'g [Glyph<'a>]) -> Vec<&'g [Glyph<'a>]> {
    let mut out = Vec::new();
    let mut start = 0;
    for i in 1..=glyphs.len() {
        if i == glyphs.len() || glyphs[i].gap {
            if start < i {
                out.push(&glyphs[start..i]);
            }
            start = i;
        }
    }
    out
}

/// A problem found at a place in the message: line (1-based) and, when
/// it is about one glyph, its column.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct At<P> {
    pub line: usize,
    pub col: Option<usize>,
    pub problem: P,
}

impl<P> At<P> {
    pub fn new(line: usize, col: Option<usize>, problem: P) -> At<P> {
        At { line, col, problem }
    }
    /// At a glyph of a line.
    pub fn glyph(line: &TextLine<'_>, g: &Glyph<'_>, problem: P) -> At<P> {
        At::new(line.number, Some(g.col), problem)
    }
}

impl<P: fmt::Display> fmt::Display for At<P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.col {
            Some(c) => write!(f, "line {}, column {c}: {}", self.line, self.problem),
            None => write!(f, "line {}: {}", self.line, self.problem),
        }
    }
}

impl<P: fmt::Display + fmt::Debug> std::error::Error for At<P> {}

/// The Discord shortcodes a drawing may use, as their emoji.
fn shortcode(name: &str) -> Option<char> {
    if let Some(l) = name.strip_prefix("regional_indicator_") {
        let mut cs = l.chars();
        return match (cs.next(), cs.next()) {
            (Some(c), None) if c.is_ascii_lowercase() => Some(c.to_ascii_uppercase()),
            _ => None,
        };
    }
    const DIGITS: [&str; 10] = [
        "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
    ];
    if let Some(d) = DIGITS.iter().position(|d| *d == name) {
        return char::from_digit(d as u32, 10);
    }
    Some(match name {
        "red_square" => '🟥',
        "orange_square" => '🟧',
        "yellow_square" => '🟨',
        "green_square" => '🟩',
        "blue_square" => '🟦',
        "purple_square" => '🟪',
        "brown_square" => '🟫',
        "black_large_square" => '⬛',
        "white_large_square" => '⬜',
        "black_square_button" => '🔲',
        "white_square_button" => '🔳',
        "black_medium_square" => '◼',
        "white_medium_square" => '◻',
        "black_medium_small_square" => '◾',
        "white_medium_small_square" => '◽',
        "black_small_square" => '▪',
        "white_small_square" => '▫',
        "red_circle" => '🔴',
        "orange_circle" => '🟠',
        "yellow_circle" => '🟡',
        "green_circle" => '🟢',
        "blue_circle" | "large_blue_circle" => '🔵',
        "purple_circle" => '🟣',
        "brown_circle" => '🟤',
        "black_circle" => '⚫',
        "white_circle" => '⚪',
        "rock" => '🪨',
        "bricks" => '🧱',
        "taxi" => '🚕',
        "oncoming_taxi" => '🚖',
        "red_car" => '🚗',
        "blue_car" => '🚙',
        "door" => '🚪',
        "arrow_right" => '➡',
        "arrow_left" => '⬅',
        "arrow_forward" => '▶',
        "arrow_backward" => '◀',
        _ => return None,
    })
}

/// Marks that belong to the glyph before them (selectors, keycap, skin
/// tones, tags).
fn is_modifier(c: char) -> bool {
    matches!(c, '\u{fe0e}' | '\u{fe0f}' | '\u{20e3}' | '\u{1f3fb}'..='\u{1f3ff}' | '\u{e0020}'..='\u{e007f}')
}

/// Invisible characters that are neither glyphs nor spaces.
fn is_invisible(c: char) -> bool {
    matches!(c, '\u{200b}' | '\u{200c}' | '\u{2060}' | '\u{feff}')
}

/// A `:name:` or `<:name:123>` / `<a:name:123>` starting at `cs[i]`:
/// its name and how many chars it takes.
fn emoji_code(cs: &[char], i: usize) -> Option<(String, usize)> {
    let name_ok = |n: &[char]| {
        n.len() >= 2
            && n.iter()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '+'))
            && n.iter().any(|c| c.is_ascii_lowercase())
    };
    match cs[i] {
        ':' => {
            let end = (i + 1..cs.len().min(i + 40)).find(|&j| cs[j] == ':')?;
            let name = &cs[i + 1..end];
            name_ok(name).then(|| (name.iter().collect(), end + 1 - i))
        }
        '<' => {
            let mut j = i + 1;
            if cs.get(j) == Some(&'a') {
                j += 1;
            }
            if cs.get(j) != Some(&':') {
                return None;
            }
            let end = (j + 1..cs.len().min(j + 40)).find(|&k| cs[k] == ':')?;
            let name = &cs[j + 1..end];
            let close = (end + 1..cs.len()).find(|&k| !cs[k].is_ascii_digit())?;
            (name_ok(name) && close > end + 1 && cs[close] == '>')
                .then(|| (name.iter().collect(), close + 1 - i))
        }
        _ => None,
    }
}

/// Reads an ANSI SGR sequence (`ESC [ 1;34 m`) at `cs[i]`: its length and
/// the colour it leaves in effect.
fn ansi_code(cs: &[char], i: usize, now: Option<Ansi>) -> Option<(usize, Option<Ansi>)> {
    if cs.get(i + 1) != Some(&'[') {
        return None;
    }
    let end = (i + 2..cs.len()).find(|&j| !(cs[j].is_ascii_digit() || cs[j] == ';'))?;
    if cs[end] != 'm' {
        return None;
    }
    let params: String = cs[i + 2..end].iter().collect();
    let mut colour = now;
    for p in params.split(';') {
        const ALL: [Ansi; 8] = [
            Ansi::Black,
            Ansi::Red,
            Ansi::Green,
            Ansi::Yellow,
            Ansi::Blue,
            Ansi::Magenta,
            Ansi::Cyan,
            Ansi::White,
        ];
        match p.parse::<u32>().unwrap_or(0) {
            0 | 39 | 49 => colour = None,
            n @ (30..=37 | 40..=47 | 90..=97) => colour = Some(ALL[(n % 10) as usize]),
            _ => {}
        }
    }
    Some((end + 1 - i, colour))
}

/// Whether a fence line's text after the backticks is a language tag.
fn is_language_tag(s: &str) -> bool {
    s.is_empty()
        || (s
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '_'))
            && s.chars().any(|c| c.is_ascii_lowercase()))
}

/// The lines of a message as glyphs (see the module docs).
pub fn text_lines(text: &str) -> Vec<TextLine<'_>> {
    let mut colour = None;
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let trimmed = line.trim();
        if let Some(rest) = trimmed.strip_prefix("```") {
            if is_language_tag(rest.trim_start_matches('`').trim()) {
                out.push(TextLine {
                    number: n + 1,
                    kind: LineKind::Fence,
                    glyphs: Vec::new(),
                });
                continue;
            }
        }
        let glyphs = glyphs(line, &mut colour);
        out.push(TextLine {
            number: n + 1,
            kind: if glyphs.is_empty() {
                LineKind::Blank
            } else {
                LineKind::Content
            },
            glyphs,
        });
    }
    out
}

/// The glyphs of one line; `colour` carries ANSI state across lines.
fn glyphs<'a>(line: &'a str, colour: &mut Option<Ansi>) -> Vec<Glyph<'a>> {
    let idx: Vec<(usize, char)> = line.char_indices().collect();
    let cs: Vec<char> = idx.iter().map(|&(_, c)| c).collect();
    let byte = |i: usize| idx.get(i).map_or(line.len(), |&(b, _)| b);
    let mut out: Vec<Glyph<'a>> = Vec::new();
    let mut gap = true;
    let mut i = 0;
    // A `> ` or `>>> ` quote mark at the start.
    let lead = cs.iter().take_while(|c| c.is_whitespace()).count();
    for q in [">>> ", "> "] {
        let q: Vec<char> = q.chars().collect();
        if cs.len() > lead + q.len() && cs[lead..lead + q.len()] == q[..] {
            i = lead + q.len();
            break;
        }
    }
    while i < cs.len() {
        let c = cs[i];
        if c.is_whitespace() {
            gap = true;
            i += 1;
            continue;
        }
        if c == '\u{1b}' {
            if let Some((len, now)) = ansi_code(&cs, i, *colour) {
                *colour = now;
                i += len;
                continue;
            }
        }
        if is_invisible(c) || matches!(c, '*' | '`' | '~' | '\\' | '\u{1b}') {
            i += 1;
            continue;
        }
        if c == '|' && cs.get(i + 1) == Some(&'|') {
            i += 2;
            continue;
        }
        if is_modifier(c) || c == '\u{200d}' {
            // Belongs to the glyph before; joined sequences keep the first.
            let len = if c == '\u{200d}' && i + 1 < cs.len() {
                2
            } else {
                1
            };
            match out.last_mut() {
                Some(g) if !gap => {
                    g.raw = &line[byte(g.col - 1)..byte(i + len)];
                }
                _ => {}
            }
            i += len;
            continue;
        }
        let (ch, len) = match emoji_code(&cs, i) {
            Some((name, len)) => (shortcode(&name).unwrap_or('\u{fffd}'), len),
            None if ('\u{1f1e6}'..='\u{1f1ff}').contains(&c) => {
                let letter = (b'A' + (c as u32 - 0x1f1e6) as u8) as char;
                (letter, 1)
            }
            None => (c, 1),
        };
        out.push(Glyph {
            ch,
            raw: &line[byte(i)..byte(i + len)],
            col: i + 1,
            gap,
            ansi: *colour,
        });
        gap = false;
        i += len;
    }
    out
}

/// Splits the lines into blocks of consecutive lines for which `part`
/// holds. Fence and blank lines neither break a block nor join one; any
/// other line ends it.
pub fn blocks<'l, 'a>(
    lines: &'l [TextLine<'a>],
    part: impl Fn(&TextLine<'a>) -> bool,
) -> Vec<Block<'l, 'a>> {
    let mut out = Vec::new();
    let mut cur: Block<'l, 'a> = Vec::new();
    for l in lines {
        match l.kind {
            LineKind::Fence | LineKind::Blank => {}
            LineKind::Content if part(l) => cur.push(l),
            LineKind::Content => {
                if !cur.is_empty() {
                    out.push(std::mem::take(&mut cur));
                }
            }
        }
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

/// A cell written as a letter and a digit (`F4`, `e5`; space around it
/// allowed): the letter's place after `A` and the digit's after `1`, not
/// yet checked against any board; `None` unless it is two such bytes.
pub fn letter_digit(s: &str) -> Option<(u8, u8)> {
    match *s.trim().as_bytes() {
        [letter, digit] => Some((
            letter.to_ascii_uppercase().wrapping_sub(b'A'),
            digit.wrapping_sub(b'1'),
        )),
        _ => None,
    }
}

/// How a drawing and the replayed board differ at a place (a cell, or the
/// cells of a car): what the drawing shows there, and what the replay has.
pub fn differs(
    f: &mut fmt::Formatter<'_>,
    place: impl fmt::Display,
    shows: impl fmt::Display,
    has: impl fmt::Display,
) -> fmt::Result {
    write!(
        f,
        "{place}: the drawing shows {shows}, the replay has {has}"
    )
}

/// Consecutive lines of a message (see [`blocks`]).
pub type Block<'l, 'a> = Vec<&'l TextLine<'a>>;

/// A line of a message as far as it alone can tell, to a drawing reader
/// whose rows read as `R` and whose problems are `E`.
#[derive(Clone, Debug)]
pub enum Seen<R, E> {
    Row(R),
    /// A header naming this many columns.
    Header(usize),
    /// A rule line (`+-+-+`, `───────`) above, below or between rows.
    Rule,
    /// Meant as a row, but wrong.
    Near(E),
    Not,
}

impl<R, E> Seen<R, E> {
    /// What the line is to [`the_drawing`].
    pub fn looks(&self) -> Looks {
        match self {
            Seen::Row(_) => Looks::Row,
            Seen::Near(_) => Looks::NearRow,
            Seen::Header(_) | Seen::Rule => Looks::Part,
            Seen::Not => Looks::Not,
        }
    }
}

/// How a line of a message looks to a drawing reader.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Looks {
    /// A row of the drawing.
    Row,
    /// Meant as a row, but wrong.
    NearRow,
    /// A header or a rule: part of a drawing, but no row.
    Part,
    /// No part of a drawing.
    Not,
}

/// The one drawing in a message: of the [`blocks`] of lines that look like
/// part of one, those with two rows at least and three lines that are rows
/// or nearly rows. `Ok(None)` when there is none; `Err((first, second))`,
/// the first lines of two drawings, when there are more.
pub fn the_drawing<'l, 'a>(
    lines: &'l [TextLine<'a>],
    looks: impl Fn(&TextLine<'a>) -> Looks,
) -> Result<Option<Block<'l, 'a>>, (usize, usize)> {
    let mut drawings = blocks(lines, |l| looks(l) != Looks::Not)
        .into_iter()
        .filter(|b| {
            let rows = b.iter().filter(|l| looks(l) == Looks::Row).count();
            let near = b.iter().filter(|l| looks(l) == Looks::NearRow).count();
            rows >= 2 && rows + near >= 3
        });
    match (drawings.next(), drawings.next()) {
        (None, _) => Ok(None),
        (Some(one), None) => Ok(Some(one)),
        (Some(a), Some(b)) => Err((a[0].number, b[0].number)),
    }
}

/// A header naming columns or rows in order from `first` (`A B C D E F`,
/// `123456789`, `🇦🇧🇨`, `1️⃣2️⃣3️⃣`): how many it names. Corner glyphs before it
/// (`#`, `+`, `\`, `/`, `|`, box corners, a blank square) are allowed; case does not
/// matter; at least 3 in order, nothing else.
pub fn header(glyphs: &[Glyph<'_>], first: char) -> Option<usize> {
    let start = glyphs.iter().position(|g| {
        !matches!(
            g.ch,
            '#' | '+'
                | '/'
                | '|'
                | '│'
                | '┼'
                | '┌'
                | '╔'
                | '┏'
                | '⬛'
                | '⬜'
                | '🔲'
                | '🔳'
                | '▪'
                | '▫'
        )
    })?;
    let rest = &glyphs[start..];
    let ok = rest
        .iter()
        .enumerate()
        .all(|(i, g)| g.ch.to_ascii_uppercase() as u32 == first as u32 + i as u32);
    (ok && rest.len() >= 3).then_some(rest.len())
}

/// A row's glyphs without its leading row number (`3`, `3:`, `3)`, `3️⃣`:
/// one digit, not followed by another) and without the glyphs in `drop`
/// (borders, lines between cells): the number and its column, and the rest.
pub fn numbered<'g, 'a>(
    glyphs: &'g [Glyph<'a>],
    drop: &str,
) -> (Option<(u32, usize)>, Vec<&'g Glyph<'a>>) {
    let mut gs = glyphs;
    let mut number = None;
    if let [d, more @ ..] = gs {
        if d.ch.is_ascii_digit() && more.first().is_none_or(|g| !g.ch.is_ascii_digit()) {
            number = d.ch.to_digit(10).map(|n| (n, d.col));
            gs = more;
            if let [g, more @ ..] = gs {
                if matches!(g.ch, ':' | ')') {
                    gs = more;
                }
            }
        }
    }
    (number, gs.iter().filter(|g| !drop.contains(g.ch)).collect())
}

/// A rule line of a table or a frame: `+-+-+-+`, `├───┼───┤`, `=====`
/// (two or more glyphs, all lines and joints).
pub fn is_rule(glyphs: &[Glyph<'_>]) -> bool {
    glyphs.len() >= 2
        && glyphs
            .iter()
            .all(|g| "+-=─━═┼├┤┬┴┌┐└┘╔╗╚╝╠╣╦╩╬╪╞╡|│║┃".contains(g.ch))
}

#[cfg(test)]
pub mod checks;

#[cfg(test)]
mod tests {
    use super::*;

    fn chs(line: &TextLine) -> String {
        line.glyphs.iter().map(|g| g.ch).collect()
    }

    #[test]
    fn emoji_shortcodes_and_keycaps_are_one_glyph_each_with_their_column() {
        let ls = text_lines("x 🟥\u{fe0f}:red_square:🇾 3\u{fe0f}\u{20e3}:kekw: <:rock:12>");
        assert_eq!(chs(&ls[0]), "x🟥🟥Y3\u{fffd}🪨");
        let cols: Vec<usize> = ls[0].glyphs.iter().map(|g| g.col).collect();
        assert_eq!(cols, vec![1, 3, 5, 17, 19, 22, 29]);
        assert_eq!(ls[0].glyphs[1].raw, "🟥\u{fe0f}");
        assert_eq!(ls[0].glyphs[5].raw, ":kekw:");
        // A colon that starts no shortcode is a glyph.
        assert_eq!(chs(&text_lines("B:UR 3: x")[0]), "B:UR3:x");
    }

    #[test]
    fn markdown_fences_and_quotes_are_left_out() {
        let ls = text_lines("```txt\n> **Y.**\n`..`\n```\n\n  ZZ```");
        let kinds: Vec<LineKind> = ls.iter().map(|l| l.kind).collect();
        use LineKind::*;
        assert_eq!(kinds, vec![Fence, Content, Content, Fence, Blank, Content]);
        assert_eq!(chs(&ls[1]), "Y.");
        assert_eq!(ls[1].glyphs[0].col, 5);
        assert_eq!(chs(&ls[5]), "ZZ");
        // Text after a fence on its line is content, not a language tag.
        assert_eq!(text_lines("```ZZ....")[0].kind, Content);
    }

    #[test]
    fn ansi_codes_colour_the_glyphs_after_them() {
        let ls = text_lines("\u{1b}[2;34m┌─\u{1b}[0m.\n\u{1b}[31m│\n.");
        let a: Vec<Option<Ansi>> = ls
            .iter()
            .flat_map(|l| l.glyphs.iter().map(|g| g.ansi))
            .collect();
        assert_eq!(
            a,
            vec![
                Some(Ansi::Blue),
                Some(Ansi::Blue),
                None,
                Some(Ansi::Red),
                Some(Ansi::Red)
            ]
        );
    }

    #[test]
    fn broken_escapes_and_codes_are_glyphs_or_nothing() {
        for t in [
            "\u{1b}",
            "\u{1b}[",
            "\u{1b}[3",
            "\u{1b}[;;m",
            "a\u{1b}[99999999999m b",
            "<a:",
            ":",
            "<:x:>",
            "<:ab:>",
            "<a:ab:1",
            "\u{fe0f}",
            "\u{200d}",
            "x\u{200d}",
            "::",
            "```",
        ] {
            for l in text_lines(t) {
                let _ = (header(&l.glyphs, 'A'), is_rule(&l.glyphs));
            }
        }
        assert_eq!(chs(&text_lines("\u{1b}[3x")[0]), "[3x");
    }

    proptest::proptest! {
        /// Any text at all, control characters included, lexes.
        #[test]
        fn any_text_lexes(text in proptest::prelude::any::<String>()) {
            for l in text_lines(&text) {
                let _ = (header(&l.glyphs, '1'), is_rule(&l.glyphs), numbered(&l.glyphs, "|"));
            }
        }
    }

    #[test]
    fn tokens_blocks_and_headers() {
        let ls = text_lines("hi\nA B C\n```\n..\n\n..\nbye\n..");
        assert_eq!(ls[1].tokens().len(), 3);
        let bs = blocks(&ls, |l| {
            l.glyphs
                .iter()
                .all(|g| g.ch == '.' || g.ch.is_ascii_uppercase())
        });
        let numbers: Vec<Vec<usize>> = bs
            .iter()
            .map(|b| b.iter().map(|l| l.number).collect())
            .collect();
        assert_eq!(numbers, vec![vec![2, 4, 6], vec![8]]);
        assert_eq!(header(&ls[1].glyphs, 'A'), Some(3));
        assert_eq!(header(&text_lines("# 1️⃣2️⃣3️⃣4️⃣")[0].glyphs, '1'), Some(4));
        assert_eq!(header(&text_lines("ACB")[0].glyphs, 'A'), None);
        assert_eq!(header(&text_lines("AB")[0].glyphs, 'A'), None);
        assert!(is_rule(&text_lines("+-+-+ ")[0].glyphs));
        assert!(is_rule(&text_lines("╔═══╗")[0].glyphs));
        assert!(!is_rule(&text_lines("|.|.|")[0].glyphs));
        let l = &text_lines("3: |a|b|")[0];
        let (n, rest) = numbered(&l.glyphs, "|");
        assert_eq!(n, Some((3, 1)));
        assert_eq!(rest.iter().map(|g| g.ch).collect::<String>(), "ab");
        assert_eq!(numbered(&text_lines("10 a")[0].glyphs, "").0, None);
    }
}
