//! Tests of the Duorail drawing reader: the file form, pictures coloured by
//! marks, ANSI or a legend, pictures without colours, every refusal with
//! its place, talk, differences, and draw → read round trips.
//!
//! Imports only this game's drawing reader and board, and proptest: no
//! other game, nothing from `log/`, `web/`, `import/` or `verify.rs`.

use super::*;
use crate::games::text_grid::checks::{
    assert_no_drawing, assert_reads_in_any_order, drawn, refused,
};
use proptest::prelude::*;

/// Blue's loop B2–D4, red's bend pair on C6–D7, a common straight on E5.
const FILE: [&str; 9] = [
    ". . . . . . . . .",
    ". B:RD B:LR B:DL . . . . .",
    ". B:UD . B:UD . R:RD R:DL . .",
    ". B:UR B:LR B:LU . R:UR R:LU . .",
    ". . . . C:LR . . . .",
    ". . . . . . . . .",
    ". . . . . . . . .",
    ". . . . . . . . .",
    ". . . . . . . . .",
];

/// The same board as a picture: blue double lines, red single, common
/// heavy.
const PICTURE: [&str; 9] = [
    ".........",
    ".╔═╗.....",
    ".║.║.┌┐..",
    ".╚═╝.└┘..",
    "....━....",
    ".........",
    ".........",
    ".........",
    ".........",
];

/// What drawings are made of, and the marks around them: text made of
/// these in any order must not trip the reader.
#[rustfmt::skip]
const PIECES: [&str; 17] = [
    ".........", "┌B", "B:UR", "UR", "═", "│", "\n", "```", "A ", "|", "123456789", "?", "blue",
    "━ common", "\u{1b}[34m", ":blue_square:", " ",
];

fn sample() -> Board {
    Board::parse(&FILE.join("\n")).unwrap()
}

fn read(text: &str) -> DrawnBoard {
    drawn(text, read_drawing(text, 9))
}

fn err(text: &str) -> DrawingError {
    refused(text, read_drawing(text, 9))
}

/// The picture with each piece's colour drawn by `f(colour letter)`,
/// before (`prefix`) or after its glyph; cells joined by `sep`.
fn marked(f: &dyn Fn(char) -> String, prefix: bool, sep: &str) -> String {
    let colour = |c: char| match c {
        '╔' | '═' | '╗' | '║' | '╚' | '╝' => 'B',
        '━' => 'C',
        _ => 'R',
    };
    let rows: Vec<String> = PICTURE
        .iter()
        .map(|r| {
            r.chars()
                .map(|c| match (c, prefix) {
                    ('.', _) => ".".to_string(),
                    (c, true) => format!("{}{c}", f(colour(c))),
                    (c, false) => format!("{c}{}", f(colour(c))),
                })
                .collect::<Vec<_>>()
                .join(sep)
        })
        .collect();
    rows.join("\n")
}

/// `rows`, each after its row's letter (A, B …) and `sep`.
fn labelled(rows: &[&str], sep: &str) -> Vec<String> {
    rows.iter()
        .enumerate()
        .map(|(i, r)| format!("{}{sep}{r}", (b'A' + i as u8) as char))
        .collect()
}

#[test]
fn the_file_form_reads_with_or_without_headers_and_letters() {
    let labelled = labelled(&FILE, ": ");
    for text in [
        FILE.join("\n"),
        draw(&sample()),
        format!("```\n   1 2 3 4 5 6 7 8 9\n{}\n```", labelled.join("\n")),
        format!(
            "Board after move 12:\n{}\n123456789\nblue to move",
            FILE.join("\n")
        ),
        FILE.join("\n").to_lowercase(),
    ] {
        let d = read(&text);
        assert!(d.has_colors());
        assert_eq!(d.to_board(), Some(sample()), "{text}");
        assert_eq!(compare(&d, &sample()), vec![]);
    }
}

#[test]
fn pictures_take_colours_from_marks_ansi_or_a_legend() {
    let letters = |c: char| c.to_string();
    let squares = |c: char| {
        match c {
            'B' => "🟦",
            'R' => "🔴",
            _ => "🟩",
        }
        .to_string()
    };
    let shortcodes = |c: char| {
        let name = match c {
            'B' => "blue_square",
            'R' => "red_circle",
            _ => "green_circle",
        };
        format!(":{name}:")
    };
    let ansi: Vec<String> = PICTURE
        .iter()
        .map(|r| {
            r.chars()
                .map(|c| match c {
                    '.' => ".".to_string(),
                    '━' => format!("\u{1b}[2;32m{c}\u{1b}[0m"),
                    '╔' | '═' | '╗' | '║' | '╚' | '╝' => {
                        format!("\u{1b}[1;34m{c}\u{1b}[0m")
                    }
                    c => format!("\u{1b}[31m{c}\u{1b}[0m"),
                })
                .collect()
        })
        .collect();
    let labelled = labelled(&PICTURE, " ");
    for text in [
        marked(&letters, false, ""),
        marked(&letters, true, ""),
        marked(&letters, false, " "),
        marked(&letters, true, "  "),
        marked(&squares, false, ""),
        marked(&squares, true, " "),
        marked(&shortcodes, true, ""),
        format!("```ansi\n{}\n```", ansi.join("\n")),
        format!("{}\nlegend: ═ blue, ─ red, ━ common", PICTURE.join("\n")),
        format!(
            "The legend: ═ is blue\n─ red\n━ for the common pieces\n{}",
            PICTURE.join("\n")
        ),
        format!(
            "blue: double, red: single\ncommon: ━\n{}",
            PICTURE.join("\n")
        ),
        format!(
            "   123456789\n{}\n═ ║ blue ─ │ red ━ green",
            labelled.join("\n")
        ),
        format!(
            "┌─────────┐\n{}\n└─────────┘\n═ blue ─ red ━ common",
            PICTURE.map(|r| format!("│{r}│")).join("\n")
        ),
        format!(
            "{}\n═ blue ─ red ━ common",
            PICTURE.map(|r| format!("|{r}|")).join("\n")
        ),
    ] {
        let d = read(&text);
        assert_eq!(d.to_board(), Some(sample()), "{text}");
    }
}

#[test]
fn a_picture_without_colours_compares_by_shape_only() {
    let d = read(&PICTURE.join("\n"));
    assert!(!d.has_colors());
    assert_eq!(d.to_board(), None);
    assert_eq!(compare(&d, &sample()), vec![]);
    let mut other = sample();
    other.set("E5".parse().unwrap(), None).unwrap();
    let piece = Piece {
        color: Color::Red,
        exits: "UD".parse().unwrap(),
    };
    other.set("C3".parse().unwrap(), Some(piece)).unwrap();
    other
        .set(
            "B2".parse().unwrap(),
            Some(Piece {
                color: Color::Red,
                exits: "RD".parse().unwrap(),
            }),
        )
        .unwrap();
    let words: Vec<String> = compare(&d, &other).iter().map(|x| x.to_string()).collect();
    assert_eq!(
        words,
        vec![
            "C3: the drawing shows nothing, the replay has a red UD piece",
            "E5: the drawing shows a LR piece, the replay has none",
        ],
        "colours are not compared: B2 stands"
    );
    let coloured = read(&marked(&|c: char| c.to_string(), false, ""));
    let words: Vec<String> = compare(&coloured, &other)
        .iter()
        .map(|x| x.to_string())
        .collect();
    assert_eq!(
        words[0],
        "B2: the drawing shows a blue RD piece, the replay has a red RD piece"
    );
    assert_eq!(words.len(), 3);
}

#[test]
fn unreadable_drawings_say_where_and_why() {
    let with = |row: usize, text: &str| {
        let mut rows = PICTURE.map(String::from);
        rows[row] = text.to_string();
        rows.join("\n")
    };
    let e = err(&with(2, ".║.║.┌?.."));
    assert_eq!((e.line, e.col), (3, Some(7)));
    assert_eq!(e.problem, Problem::Glyph("?".into()));
    let e = err(&FILE.join("\n").replace("B:LU", "B:XU"));
    assert_eq!(
        (e.line, e.col, e.problem),
        (4, Some(13), Problem::Glyph("B".into()))
    );
    let e = err(&with(2, ".║.║.┌┐."));
    assert_eq!((e.line, e.col), (3, None));
    assert_eq!(e.problem, Problem::Width { size: 9, found: 8 });
    let e = err(&format!("Board:\n{}", PICTURE[..8].join("\n")));
    assert_eq!(
        (e.line, e.problem),
        (2, Problem::Rows { size: 9, found: 8 })
    );
    let e = err(&PICTURE
        .iter()
        .enumerate()
        .map(|(i, r)| format!("{} {r}", (b'I' - i as u8) as char))
        .collect::<Vec<_>>()
        .join("\n"));
    assert_eq!((e.line, e.col), (1, Some(1)));
    assert_eq!(
        e.problem,
        Problem::RowLetter {
            found: 'I',
            row: 'A'
        }
    );
    let e = err(&format!("12345678\n{}", PICTURE.join("\n")));
    assert_eq!(
        (e.line, e.problem),
        (1, Problem::Header { size: 9, found: 8 })
    );
    let e = err(&format!(
        "{}\n123456789\n{}",
        PICTURE[..4].join("\n"),
        PICTURE[4..].join("\n")
    ));
    assert_eq!((e.line, e.problem), (5, Problem::HeaderInside));
    let e = err(&with(1, ".╔B═B╗....."));
    assert_eq!((e.line, e.col, e.problem), (2, Some(6), Problem::NoColor));
    let e = err(&format!("{}\n═ blue ─ red\n═ red", PICTURE.join("\n")));
    assert_eq!(e.line, 11);
    assert!(
        e.to_string()
            .contains("double lines two colours, blue and red"),
        "{e}"
    );
    let e = err(&format!(
        "{}\nand\n{}",
        PICTURE.join("\n"),
        PICTURE.join("\n")
    ));
    assert_eq!((e.line, e.problem), (11, Problem::TwoDrawings(1, 11)));
}

#[test]
fn a_colour_letter_glued_to_the_exits_is_a_piece() {
    // `bRD` (a host's own shorthand), with the rows lettered and the
    // columns numbered; and `RDb`, the letter after.
    let glued = |after: bool| {
        let mut rows = vec![format!(
            "     {}",
            (1..=9).map(|c| format!("{c:<4}")).collect::<String>()
        )];
        for (r, line) in FILE.iter().enumerate() {
            let cells: Vec<String> = line
                .split(' ')
                .map(|t| match t.split_once(':') {
                    Some((c, e)) if after => format!("{e}{}", c.to_lowercase()),
                    Some((c, e)) => format!("{}{e}", c.to_lowercase()),
                    None => t.to_string(),
                })
                .collect();
            rows.push(format!(
                "{}   {}",
                (b'A' + r as u8) as char,
                cells.join("   ")
            ));
        }
        rows.join("\n")
    };
    for after in [false, true] {
        let text = glued(after);
        assert_eq!(read(&text).to_board(), Some(sample()), "{text}");
    }
}

#[test]
fn talk_is_no_drawing_and_is_no_legend() {
    assert_no_drawing(
        |t| read_drawing(t, 9),
        &[
            "",
            "E5 UR",
            "impossible for red",
            "pass",
            "E5 RRDDLLUU",
            "blue placed ┌ on E5",
            "B:UR\nR:LR\nC:UD",
            "```\nE5 UR\n```",
            "gg\n\nwp",
        ],
    );
    let d = read(&format!("{}\nblue placed ═ on B3", PICTURE.join("\n")));
    assert!(!d.has_colors(), "a sentence is not a legend");
}

#[test]
fn smaller_boards_read_at_their_size_and_compare_as_a_size_difference() {
    let small = ". B:RD B:DL\n. B:UR B:LU\n. . .";
    let d = read_drawing(small, 3).unwrap().unwrap();
    assert_eq!(d.to_board(), Some(Board::parse(small).unwrap()));
    assert_eq!(
        compare(&d, &sample())[0].to_string(),
        "the drawing is 3×3, the replay's board 9×9"
    );
    assert_eq!(
        read_drawing(small, 0).map(|d| d.map(|d| d.size())),
        Ok(None)
    );
}

/// Text made of drawing pieces in any order: the reader answers.
#[test]
fn drawing_like_text_reads_without_panicking() {
    assert_reads_in_any_order(|text| drop(read_drawing(text, 9)), &PIECES, 60, 300);
}

/// A board with random pieces on about a third of the cells.
fn any_board() -> impl Strategy<Value = Board> {
    proptest::collection::vec(proptest::option::weighted(0.35, (0usize..3, 0usize..6)), 81)
        .prop_map(|cells| {
            let mut b = Board::empty(9, 9);
            for (i, c) in cells.into_iter().enumerate() {
                if let Some((color, shape)) = c {
                    let color = [Color::Blue, Color::Red, Color::Common][color];
                    let cell = Cell {
                        row: (i / 9) as u8,
                        col: (i % 9) as u8,
                    };
                    b.set(
                        cell,
                        Some(Piece {
                            color,
                            exits: Exits::ALL[shape],
                        }),
                    )
                    .unwrap();
                }
            }
            b
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]
    /// Whatever a message says, the reader answers.
    #[test]
    fn any_text_reads_without_panicking(text in "[\\PC\\p{Cc}]{0,80}(\n[\\PC\\p{Cc}]{0,40}){0,12}", size in 0u8..12) {
        let _ = read_drawing(&text, size);
    }

    /// Drawing a board and reading it back gives the same board, in both
    /// forms.
    #[test]
    fn draw_then_read_is_the_same_board(b in any_board()) {
        let d = read_drawing(&draw(&b), 9).unwrap().unwrap();
        prop_assert_eq!(d.to_board(), Some(b.clone()));
        let d = read_drawing(&draw_picture(&b), 9).unwrap().unwrap();
        prop_assert_eq!(d.to_board(), Some(b.clone()));
        prop_assert_eq!(compare(&d, &b), vec![]);
    }
}
