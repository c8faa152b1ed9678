//! Full-width text as the readers' plain text: a player typing with a
//! Chinese, Japanese or Korean input method writes `Ｃ３`, `１４` and
//! `ａ２，ｂ２` — the same letters, digits and punctuation as `C3`, `14`
//! and `a2, b2`, in the wide forms those scripts set beside their own
//! characters. Every reader is written for the narrow forms, so a message
//! is narrowed once, before any reader sees it.
//!
//! Only the width is folded (Unicode's full-width forms, the ideographic
//! space, and the ideographic full stop and comma that end a sentence or
//! clause as `.` and `,` do); other compatibility forms (`①`, `½`, `…`)
//! keep their meaning to the readers that know them, so this is not NFKC.
//!
//! Imports nothing.

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

#[cfg(test)]
mod tests {
    use super::narrowed;

    #[test]
    fn wide_letters_digits_and_punctuation_are_read_narrow() {
        for (wide, narrow) in [
            ("Ｃ３", "C3"),
            ("my claim is １６ gems！", "my claim is 16 gems!"),
            ("Ｃ４，Ｃ５，Ｃ６", "C4,C5,C6"),
            ("B4 is okay？", "B4 is okay?"),
            ("Ｅ６，ＤＤＲＵＵＬ", "E6,DDRUUL"),
            ("target ３moves：go", "target 3moves:go"),
            ("a2\u{3000}north。", "a2 north."),
            ("좋아요、c3", "좋아요,c3"),
        ] {
            assert_eq!(narrowed(wide), narrow, "{wide}");
        }
    }

    #[test]
    fn other_text_is_left_as_written() {
        for text in [
            "a3 E → b3",
            "①②",
            "½",
            "so… c3",
            "ㅋㅋㅋ 헐",
            "🚗💨",
            "ｶﾀｶﾅ",
        ] {
            assert_eq!(narrowed(text), text);
        }
    }
}
