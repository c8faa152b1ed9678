//! Tests of the Traffic Jam drawing reader: every accepted form, every
//! refusal with its place, talk, differences, and draw → read round trips.
//!
//! Imports only this game's drawing reader and board, and proptest: no
//! other game, nothing from `log/`, `web/`, `import/` or `verify.rs`.

use super::*;
use crate::games::text_grid::checks::{assert_no_drawing, assert_reads_anything, drawn, refused};
use proptest::prelude::*;

/// What drawings are made of, and the marks around them: text made of
/// these in any order must not trip the reader.
#[rustfmt::skip]
const PIECES: [&str; 17] = [
    "......", "ZZ....", "Y", "🟥🟥", "⬛", "⬜", "\n", "```", "3", "<-", "exit", "|", "A B C D E F",
    "?", "x", ":red_square:", "-",
];

fn read(text: &str) -> DrawnBoard {
    drawn(text, read_drawing(text))
}

fn err(text: &str) -> DrawingError {
    refused(text, read_drawing(text))
}

fn c(s: &str) -> Cell {
    s.parse().unwrap()
}

fn cs(s: &str) -> Vec<Cell> {
    s.split_whitespace().map(c).collect()
}

fn rows(r: [&str; 6]) -> Board {
    Board::from_36(&r.concat()).unwrap()
}

/// Z on A3 B3, Y on D2 D3, X on A5 B5 C5.
fn board() -> Board {
    rows(["......", "...Y..", "ZZ.Y..", "......", "XXX...", "......"])
}

#[test]
fn the_reference_board_is_what_the_tests_think() {
    assert_eq!(
        draw(&board()),
        "......\n...Y..\nZZ.Y..\n......\nXXX...\n......"
    );
}

#[test]
fn a_host_drawing_with_header_numbers_exit_and_talk_reads() {
    let d = read(
        "Round 3 board:\n```\n  A B C D E F\n1 . . . . . .\n2 . . . Y . .\n3 Z Z . Y . . <- exit\n4 . . . . . .\n5 X X X . . .\n6 . . . . . .\n```\nGood luck!",
    );
    assert_eq!(d.taxi().cells, cs("A3 B3"));
    assert_eq!(d.setup_cars(), Ok(vec![cs("D2 D3"), cs("A5 B5 C5")]));
    assert!(d.setup_keeps_labels());
    assert_eq!(d.lines, (3, 9));
    assert_eq!(compare(&d, &board()), vec![]);
}

#[test]
fn every_accepted_style_reads_the_same_board() {
    let rows = ["......", "...Y..", "ZZ.Y..", "......", "XXX...", "......"];
    let styled = |f: &dyn Fn(usize, &str) -> String| {
        (0..6).map(|i| f(i, rows[i])).collect::<Vec<_>>().join("\n")
    };
    let spaced = |r: &str| r.chars().map(String::from).collect::<Vec<_>>().join(" ");
    // The exit row (the third) with a mark after it.
    let exit_marked = |mark: &str| {
        styled(&|i, r| {
            if i == 2 {
                format!("{r}{mark}")
            } else {
                r.to_string()
            }
        })
    };
    let texts = [
        styled(&|_, r| r.to_string()),
        styled(&|_, r| r.replace('.', "o")),
        styled(&|_, r| r.replace('.', "_")),
        styled(&|_, r| r.replace('.', "-")),
        styled(&|_, r| spaced(&r.replace('.', "·"))),
        styled(&|_, r| r.replace('.', "⬜")),
        styled(&|_, r| r.replace('.', ":black_square_button:")),
        styled(&|_, r| format!("|{r}|")),
        styled(&|i, r| format!("{}| {}", i + 1, spaced(r))),
        styled(&|i, r| format!("{}.{r}", i + 1)),
        styled(&|i, r| format!("{}\u{fe0f}\u{20e3}{r}", i + 1)),
        exit_marked(" →"),
        exit_marked("EXIT"),
        exit_marked(" ➡️ 🚪"),
        exit_marked("->"),
        styled(&|_, r| format!("> `{r}`")),
        format!("ABCDEF\n{}", styled(&|_, r| r.to_string())),
        format!("{}\n  a b c d e f", styled(&|_, r| r.to_string())),
        format!("⬛🇦🇧🇨🇩🇪🇫\n{}", styled(&|_, r| r.replace('.', "⬛"))),
        format!("```txt\n{}\n```", styled(&|_, r| r.to_string())).replace('\n', "\r\n"),
        styled(&|_, r| r.replace('Y', ":regional_indicator_y:")),
    ];
    let table = |rule: &str| {
        let mut t = format!("{rule}\n");
        for r in rows {
            let cells: Vec<String> = r.chars().map(String::from).collect();
            t += &format!("|{}|\n{rule}\n", cells.join("|"));
        }
        t
    };
    let texts = [
        texts.to_vec(),
        vec![table("+-+-+-+-+-+-+"), table("├─┼─┼─┼─┼─┼─┤")],
    ]
    .concat();
    for t in &texts {
        let d = read(t);
        assert_eq!(compare(&d, &board()), vec![], "{t}");
        assert_eq!(d.setup_cars().unwrap().len(), 2, "{t}");
    }
}

#[test]
fn colour_cars_are_the_touching_cells_of_one_colour() {
    let d = read(
        "⬛⬛⬛🟥⬛⬛\n⬛⬛⬛🟥⬛⬛\n🟨🟨⬛🟥⬛⬛➡️\n⬛⬛⬛⬛⬛⬛\n🟦🟦⬛⬛⬛⬛\n⬛⬛⬛⬛🟩🟩",
    );
    let glyphs: Vec<char> = d.cars().iter().map(|c| c.glyph).collect();
    assert_eq!(
        glyphs,
        vec!['🟨', '🟥', '🟦', '🟩'],
        "taxi, then reading order"
    );
    assert_eq!(d.cars()[1].cells, cs("D1 D2 D3"));
    assert_eq!(d.cars()[1].label(), None);
    assert!(!d.setup_keeps_labels());
    let mut b = Board::with_taxi();
    for cells in d.setup_cars().unwrap() {
        b.place(&cells).unwrap();
    }
    assert_eq!(compare(&d, &b), vec![]);
    // The same in shortcodes.
    let d2 = read(
        &"⬛⬛⬛🟥⬛⬛\n⬛⬛⬛🟥⬛⬛\n🟨🟨⬛🟥⬛⬛\n⬛⬛⬛⬛⬛⬛\n🟦🟦⬛⬛⬛⬛\n⬛⬛⬛⬛🟩🟩"
            .replace('⬛', ":black_large_square:")
            .replace('🟥', ":red_square:"),
    );
    assert_eq!(d2.cars(), d.cars());
}

#[test]
fn white_cars_on_black_and_the_shade_rule() {
    let d =
        read("⬛⬛⬛⬜⬛⬛\n⬛⬛⬛⬜⬛⬛\n🟨🟨⬛⬛⬛⬛\n⬛⬛⬛⬛⬛⬛\n⬛⬛⬛⬛⬛⬛\n⬛⬛⬛⬛⬛⬛");
    assert_eq!(d.setup_cars(), Ok(vec![cs("D1 D2")]));
    let e =
        err("⬛⬛⬛⬜⬜⬜\n⬜⬜⬜⬛⬛⬛\n🟨🟨⬛⬛⬜⬜\n⬜⬜⬜⬜⬛⬛\n⬛⬛⬛⬛⬜⬜\n⬛⬛⬛⬜⬜⬜");
    assert_eq!((e.line, e.problem), (1, Problem::Shades));
}

#[test]
fn the_taxi_is_z_else_the_car_on_a3_b3_else_a_across_row_3() {
    let a = read("......\n......\nAA....\n......\n......\n......");
    assert_eq!(a.taxi().glyph, 'A');
    let x = read("BB....\n......\nXX....\n......\n......\n......");
    assert_eq!(x.taxi().glyph, 'X');
    assert_eq!(x.setup_cars(), Ok(vec![cs("A1 B1")]));
    assert!(!x.setup_keeps_labels());
    let moved = read("......\n......\n..AA..\n......\n......\n......");
    assert_eq!(moved.taxi().cells, cs("C3 D3"));
    assert_eq!(
        moved.setup_cars(),
        Err(SetupError::TaxiMoved("C3 D3".into()))
    );
    let walls = read("x.....\n......\nZZ....\n......\n......\n......");
    assert_eq!(walls.setup_cars(), Err(SetupError::Walls("A1".into())));
    let e = err("......\n......\n......\n......\nYY....\n......");
    assert_eq!((e.line, e.problem), (1, Problem::NoTaxi));
    let e = err("......\nZ.....\nZ.....\n......\nYY....\n......");
    assert_eq!((e.line, e.col), (2, Some(1)));
    assert_eq!(e.problem, Problem::Taxi("A2 A3".into()));
    assert!(e
        .to_string()
        .starts_with("line 2, column 1: the taxi (A2 A3)"));
}

#[test]
fn unreadable_drawings_say_where_and_why() {
    let e = err("Board:\n......\n......\nZZ?...\n......\n......\n......");
    assert_eq!((e.line, e.col), (4, Some(3)));
    assert_eq!(e.problem, Problem::Glyph("?".into()));
    let e = err("1 . . . . . .\n2 . . . . . .\n3 Z Z . 🍕 . .\n4 . . . . . .");
    assert_eq!(
        (e.line, e.col, e.problem),
        (3, Some(9), Problem::Glyph("🍕".into()))
    );
    let e = err("......\n......\nZZ....\n......\n......");
    assert_eq!((e.line, e.problem), (1, Problem::Rows(5)));
    let e = err("......\n......\nZZ.....\n......\n......\n......");
    assert_eq!((e.line, e.col, e.problem), (3, None, Problem::Width(7)));
    let e = err("6......\n5......\n4ZZ....\n3......\n2......\n1......");
    assert_eq!((e.line, e.col), (1, Some(1)));
    assert_eq!(e.problem, Problem::RowNumber { found: 6, row: 1 });
    let e = err("......\n......\nZZ....\n...... <-\n......\n......");
    assert_eq!(
        (e.line, e.col, e.problem),
        (4, Some(8), Problem::ExitRow(4))
    );
    let e = err("ABCDEFG\n......\n......\nZZ....\n......\n......\n......");
    assert_eq!((e.line, e.problem), (1, Problem::Header(7)));
    let e = err("......\n......\nABCDEF\nZZ....\n......\n......\n......");
    assert_eq!((e.line, e.problem), (3, Problem::HeaderInside));
    let e = err("Y.....\n......\nZZ....\n......\n......\n......");
    assert_eq!((e.line, e.col), (1, Some(1)));
    assert!(e
        .to_string()
        .contains("car Y on A1 is not one car: a car is 2 or 3 cells"));
    let e = err("Y.Y...\n......\nZZ....\n......\n......\n......");
    assert!(e.to_string().contains("must be adjacent"), "{e}");
    let e = err("🟥🟥🟥🟥..\n......\nZZ....\n......\n......\n......");
    assert!(e.to_string().contains("must not touch"), "{e}");
    let two = "......\n......\nZZ....\n......\n......\n......";
    let e = err(&format!("{two}\nand after:\n{two}"));
    assert_eq!((e.line, e.problem), (8, Problem::TwoDrawings(1, 8)));
}

#[test]
fn talk_is_no_drawing() {
    assert_no_drawing(
        read_drawing,
        &[
            "",
            "gl hf",
            "X up\nW left\nZ right",
            "**Round 3** — target 8 moves. Mika goes first!",
            "B1 B2",
            "HELLO\nWORLD\nAGAIN",
            "ok ok ok\nlol\n:kekw: :kekw:",
            "Mika wins the round 🎉\n......",
            "```\nZ right 2\n```",
            "🟥🟥\n🟦🟦\n🟩🟩",
        ],
    );
}

#[test]
fn differences_name_the_cells() {
    // Drawn: Y on D2 D3 as the replay has, X shifted right, a car W
    // the replay lacks, and V where the replay has U.
    let replay = rows(["......", "...Y..", "ZZ.Y..", "......", "XXX...", "....UU"]);
    let d = read("......\n...Y..\nZZ.Y..\n.....W\n.XXX.W\n....VV");
    let words: Vec<String> = compare(&d, &replay).iter().map(|x| x.to_string()).collect();
    assert_eq!(
        words,
        vec![
            "F4: the drawing shows a car (W), the replay has none",
            "A5: the drawing shows nothing, the replay has car X",
            "D5: the drawing shows a car (X), the replay has none",
            "F5: the drawing shows a car (W), the replay has none",
            "E6 F6: the drawing labels this car V, the replay U",
        ]
    );
    let d = read("......\n...Y..\nZZ.Y..\n......\nXXXVV.\n......");
    let replay = rows(["......", "...Y..", "ZZ.Y..", "......", "WWVVV.", "......"]);
    let words: Vec<String> = compare(&d, &replay).iter().map(|x| x.to_string()).collect();
    assert_eq!(
        words,
        vec![
            "A5 B5 C5: the drawing shows one car there (X), the replay has car W on A5 B5 and car V on C5 D5 E5",
            "D5 E5: the drawing shows one car there (V), the replay has car V on C5 D5 E5",
        ]
    );
    let walls = rows(["x.....", "......", "ZZ....", "......", "......", "......"]);
    let d = read("......\n......\nZZ....\n......\n......\n......");
    assert_eq!(
        compare(&d, &walls)[0].to_string(),
        "A1: the drawing shows nothing, the replay has a wall"
    );
}

/// Whatever a message says, the reader answers: any text, and text made
/// of drawing pieces in any order.
#[test]
fn any_text_reads_without_panicking() {
    assert_reads_anything(|text| drop(read_drawing(text)), 10, &PIECES, 40, 500);
}

/// A board from placements that fit, a slid taxi and walls on some
/// empty cells.
fn any_board() -> impl Strategy<Value = Board> {
    (
        proptest::collection::vec((0u8..6, 0u8..6, 2u8..4, any::<bool>()), 0..14),
        0u8..4,
        proptest::collection::vec(0usize..36, 0..3),
    )
        .prop_map(|(cars, slide, walls)| {
            let mut b = Board::with_taxi();
            for (col, row, len, down) in cars {
                let cells: Vec<Cell> = (0..len)
                    .filter_map(|i| {
                        if down {
                            Cell::new(col, row + i)
                        } else {
                            Cell::new(col + i, row)
                        }
                    })
                    .collect();
                let _ = b.place(&cells);
            }
            if slide > 0 {
                let mv = super::super::board::Move {
                    car: TAXI,
                    dir: super::super::board::Dir::Right,
                    dist: Some(slide),
                };
                let mut moved = b.clone();
                if matches!(
                    moved.apply(&mv),
                    Ok(super::super::board::Slide::Shift { .. })
                ) {
                    b = moved;
                }
            }
            let mut s: Vec<char> = b.to_36().chars().collect();
            for w in walls {
                if s[w] == '.' {
                    s[w] = 'x';
                }
            }
            Board::from_36(&s.iter().collect::<String>()).unwrap()
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]
    /// Drawing a board and reading it back gives the same board.
    #[test]
    fn draw_then_read_is_the_same_board(b in any_board()) {
        let d = read_drawing(&draw(&b)).unwrap().unwrap();
        prop_assert_eq!(compare(&d, &b), vec![]);
        prop_assert_eq!(d.cars().len(), b.cars().len());
        for car in b.cars() {
            let cells: Vec<Cell> = car.cells().collect();
            prop_assert!(d.cars().iter().any(|x| x.glyph == car.label && x.cells == cells));
        }
        let walls: Vec<Cell> = (0..36).filter(|i| b.walls() & (1 << i) != 0)
            .map(|i| Cell::from_index(i).unwrap()).collect();
        prop_assert_eq!(d.walls(), &walls[..]);
    }
}
