//! What keyboards do to the text the readers read, undone once before any
//! reader sees a message.
//!
//! - **Full width.** A player typing with a Chinese, Japanese or Korean
//!   input method writes `Ｃ３`, `１４` and `ａ２，ｂ２` — the same letters,
//!   digits and punctuation as `C3`, `14` and `a2, b2`, in the wide forms
//!   those scripts set beside their own characters. Only the width is
//!   folded (Unicode's full-width forms, the ideographic space, and the
//!   ideographic full stop and comma); other compatibility forms (`①`,
//!   `½`, `…`) keep their meaning to the readers that know them, so this
//!   is not NFKC.
//! - **Letter emoji.** `🇪9️⃣`, `🅰️3`: a regional indicator standing alone
//!   (a pair is a flag: `🇧🇷`) and the blood-type `🅰️` `🅱️` are their
//!   letters, so that the keycap after them (read as its digit, as every
//!   reader already does) makes a cell.
//! - **Held keys.** Hype holds a key down: `CLAIMMM 17`, `IMPOSSIBLEEE`,
//!   `C333`, `A1 EASTTTTT`. A run of three or more of one letter or digit
//!   that ends a word is let go to one (two where the word has two:
//!   `PASSSS` is `PASS`). A drawn board's row (`..XXX`, `GRPBBGGG`) holds
//!   no vowel or a dot, and is left as drawn; so is a track's run of
//!   steps (`RRDDLLUUU`).
//!
//! Imports nothing.

/// `text` as the readers read it: narrowed, letter emoji as letters, held
/// keys let go.
pub fn untyped(text: &str) -> String {
    keys_let_go(&lettered(&narrowed(text)))
}

/// `text` with each letter emoji standing alone written as its letter.
pub fn lettered(text: &str) -> String {
    let regional = |c: char| ('\u{1f1e6}'..='\u{1f1ff}').contains(&c);
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    for (i, &c) in chars.iter().enumerate() {
        let alone = regional(c)
            && !i.checked_sub(1).is_some_and(|p| regional(chars[p]))
            && !chars.get(i + 1).is_some_and(|&n| regional(n));
        match c {
            _ if alone => {
                let letter = u32::from(c) - 0x1f1e6 + u32::from(b'A');
                out.push(char::from_u32(letter).unwrap_or(c));
            }
            '\u{1f170}' => out.push('A'),
            '\u{1f171}' => out.push('B'),
            _ => out.push(c),
        }
    }
    out
}

/// `text` with its full-width letters, digits and punctuation written
/// narrow.
pub fn narrowed(text: &str) -> String {
    text.chars().map(narrow).collect()
}

fn narrow(c: char) -> char {
    match c {
        // U+FF01 `！` … U+FF5E `～` stand for U+0021 `!` … U+007E `~`.
        '\u{ff01}'..='\u{ff5e}' => char::from_u32(u32::from(c) - 0xfee0).unwrap_or(c),
        '\u{3000}' => ' ',
        '\u{3001}' => ',',
        '\u{3002}' => '.',
        _ => c,
    }
}

/// Words whose last letter is doubled: a held key let go keeps two.
const DOUBLED: [&str; 8] = ["pass", "off", "all", "too", "cc", "ill", "full", "free"];

/// `text` with each held key let go (`CLAIMMM` → `CLAIM`, `C333` → `C3`).
pub fn keys_let_go(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut fenced = false;
    for (n, line) in text.split('\n').enumerate() {
        if n > 0 {
            out.push('\n');
        }
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            out.push_str(line);
            continue;
        }
        if fenced {
            out.push_str(line);
            continue;
        }
        let mut word = String::new();
        for c in line.chars() {
            if c.is_ascii_alphanumeric() {
                word.push(c);
            } else {
                out.push_str(&let_go(&word));
                word.clear();
                out.push(c);
            }
        }
        out.push_str(&let_go(&word));
    }
    out
}

/// One word with a held key at its end let go.
fn let_go(word: &str) -> String {
    let b = word.as_bytes();
    let Some(&last) = b.last() else {
        return String::new();
    };
    let run = b
        .iter()
        .rev()
        .take_while(|c| c.eq_ignore_ascii_case(&last))
        .count();
    let stem = &word[..word.len() - run];
    let is_vowel = |c: u8| b"aeiouAEIOU".contains(&c);
    // `C333`: a cell's letter and its held digit; else a word with a vowel
    // before the run (a drawn row has none: `GRPBBGGG`).
    let cell = last.is_ascii_digit() && stem.len() == 1 && stem.as_bytes()[0].is_ascii_alphabetic();
    let spoken = last.is_ascii_alphabetic() && stem.bytes().any(is_vowel)
        || is_vowel(last) && !stem.is_empty();
    // A track's steps (`RRDDLLUUU`) run on purpose.
    let steps = word.bytes().all(|c| b"UDLRudlr".contains(&c));
    if run < 3 || stem.is_empty() || steps || !(cell || spoken) {
        return word.to_string();
    }
    let once = format!("{stem}{}", last as char);
    let twice = format!("{once}{}", last as char);
    if DOUBLED.contains(&twice.to_ascii_lowercase().as_str()) {
        twice
    } else {
        once
    }
}

#[cfg(test)]
mod tests {
    use super::{keys_let_go, lettered, narrowed};
    use crate::games::chat_checks::assert_rewrites;

    #[test]
    fn a_letter_emoji_alone_is_its_letter_and_a_flag_is_a_flag() {
        assert_rewrites(
            lettered,
            &[("🇪9️⃣", "E9️⃣"), ("🅰️3 ez", "A\u{fe0f}3 ez"), ("🇨 3", "C 3")],
            &["Rafa 🇧🇷", "🇫🇷 Les deux circuits", "🇾🇾🇾"],
        );
    }

    #[test]
    fn a_held_key_is_let_go_but_drawn_rows_numbers_and_plain_words_stay() {
        assert_rewrites(
            keys_let_go,
            &[
                (
                    "IMPOSSIBLEEE 💀💀 ur taxi is boxed in",
                    "IMPOSSIBLE 💀💀 ur taxi is boxed in",
                ),
                ("FINISHEDDDD 🔥 3 moves", "FINISHED 🔥 3 moves"),
                ("CLAIMMM 15 🔥🔥", "CLAIM 15 🔥🔥"),
                ("C2 OUTTTT LETS GOOOO", "C2 OUT LETS GO"),
                ("A888 thats all 8", "A8 thats all 8"),
                ("PASSSS", "PASS"),
                ("b3 offff", "b3 off"),
                ("⏰ TIMEEE lumi no proof", "⏰ TIME lumi no proof"),
                ("E1111 🔥🔥\nA1 EASTTTTT", "E1 🔥🔥\nA1 EAST"),
            ],
            &[
                "..XXX.\nZZZ...",
                "GRPBBGGG\nRBGYPRBG",
                "```\nYES OKAYYY\n```",
                "1000 gems",
                "B1 B2 B3",
                "pass, off, all",
                "zzz",
                "c33",
                "A1 RRRRRRRRDDDDDDDDLLLLLLLLUUURUULUUU",
            ],
        );
    }

    #[test]
    fn wide_letters_digits_and_punctuation_are_read_narrow_and_other_text_stays() {
        assert_rewrites(
            narrowed,
            &[
                ("Ｃ３", "C3"),
                ("my claim is １６ gems！", "my claim is 16 gems!"),
                ("Ｃ４，Ｃ５，Ｃ６", "C4,C5,C6"),
                ("B4 is okay？", "B4 is okay?"),
                ("Ｅ６，ＤＤＲＵＵＬ", "E6,DDRUUL"),
                ("target ３moves：go", "target 3moves:go"),
                ("a2\u{3000}north。", "a2 north."),
                ("좋아요、c3", "좋아요,c3"),
            ],
            &[
                "a3 E → b3",
                "①②",
                "½",
                "so… c3",
                "ㅋㅋㅋ 헐",
                "🚗💨",
                "ｶﾀｶﾅ",
            ],
        );
    }
}
