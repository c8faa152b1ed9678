//! Tests of the Bejeweled drawing reader: every accepted form, every
//! refusal with its place, talk, differences, and draw → read round trips.
//!
//! Imports only this game's drawing reader and grid, and proptest: no
//! other game, nothing from `log/`, `web/`, `import/` or `verify.rs`.

use super::super::grid::Color;
use super::*;
use crate::games::text_grid::checks::{assert_no_drawing, assert_reads_anything, drawn, refused};
use proptest::prelude::*;

const GRID: [&str; 7] = [
    "RBGYPRBG", "BGYPRBGY", "GYPRBGYP", "YPRBGYPR", "PRBGYPRB", "RBGYPRBG", "##GYPRBG",
];

/// What grids are made of, and the marks around them: text made of
/// these in any order must not trip the reader.
#[rustfmt::skip]
const PIECES: [&str; 14] = [
    "RBGYPRBG", "🟥🟦🟩🟨🟪⬛🟥🟦", "#", "R", "\n", "```", "3", "|", "A B C D E F G H", "?",
    ":red_square:", "+-+-+", " ", ".",
];

fn grid() -> Grid {
    Grid::parse(&GRID.join("\n")).unwrap()
}

fn read(text: &str) -> Grid {
    drawn(text, read_drawing(text))
}

fn err(text: &str) -> DrawingError {
    refused(text, read_drawing(text))
}

fn styled(f: &dyn Fn(usize, &str) -> String) -> String {
    (0..7).map(|i| f(i, GRID[i])).collect::<Vec<_>>().join("\n")
}

fn spaced(r: &str) -> String {
    r.chars().map(String::from).collect::<Vec<_>>().join(" ")
}

fn emoji(r: &str, squares: bool) -> String {
    r.chars()
        .map(|c| match (c, squares) {
            ('R', true) => "🟥",
            ('B', true) => "🟦",
            ('G', true) => "🟩",
            ('Y', true) => "🟨",
            ('P', true) => "🟪",
            ('R', false) => "🔴",
            ('B', false) => "🔵",
            ('G', false) => "🟢",
            ('Y', false) => "🟡",
            ('P', false) => "🟣",
            (_, true) => "⬛",
            _ => "🪨",
        })
        .collect()
}

#[test]
fn every_accepted_form_reads_the_same_grid() {
    let texts = [
        styled(&|_, r| r.to_string()),
        styled(&|_, r| r.to_lowercase()),
        styled(&|_, r| spaced(r)),
        styled(&|_, r| emoji(r, true)),
        styled(&|_, r| emoji(r, false)),
        styled(&|_, r| spaced(&emoji(r, true))),
        styled(&|_, r| {
            emoji(r, true)
                .replace('🟥', ":red_square:")
                .replace('⬛', ":black_large_square:")
        }),
        styled(&|_, r| {
            emoji(r, false)
                .replace('🔵', ":blue_circle:")
                .replace("🪨", ":rock:")
        }),
        styled(&|i, r| format!("{} {}", i + 1, spaced(r))),
        styled(&|i, r| format!("{}. {r}", i + 1)),
        styled(&|i, r| format!("{}.{r}", i + 1)),
        styled(&|i, r| format!("{}: |{}|", i + 1, spaced(r).replace(' ', "|"))),
        styled(&|i, r| format!("{}\u{fe0f}\u{20e3}{}", i + 1, emoji(r, true))),
        styled(&|_, r| format!("> `{r}`")),
        format!(
            "  A B C D E F G H\n{}",
            styled(&|i, r| format!("{} {}", i + 1, spaced(r)))
        ),
        format!("{}\nABCDEFGH", styled(&|_, r| r.to_string())),
        format!("⬛🇦🇧🇨🇩🇪🇫🇬🇭\n{}", styled(&|_, r| emoji(r, true))),
        format!(
            "Round 2 grid:\n```\n{}\n```\npowerups: swap, bend, plus",
            styled(&|_, r| r.to_string())
        ),
        format!(
            "```\r\n{}\r\n```",
            styled(&|_, r| r.to_string()).replace('\n', "\r\n")
        ),
        format!(
            "+-+-+-+-+-+-+-+-+\n{}\n+-+-+-+-+-+-+-+-+",
            styled(&|_, r| format!("|{}|", spaced(r).replace(' ', "|")))
        ),
        styled(&|_, r| format!("**{r}**")),
    ];
    for t in &texts {
        assert_eq!(read(t), grid(), "{t}");
    }
}

#[test]
fn unreadable_grids_say_where_and_why() {
    let e = err(&styled(&|i, r| {
        if i == 4 {
            "PRBGXPRB".into()
        } else {
            r.into()
        }
    }));
    assert_eq!((e.line, e.col), (5, Some(5)));
    assert_eq!(e.problem, Problem::Glyph("X".into()));
    assert!(e
        .to_string()
        .starts_with("line 5, column 5: 'X' is not a gem or a rock"));
    let e = err(&styled(&|i, r| {
        if i == 2 {
            spaced(&r.replace('P', "🟠"))
        } else {
            r.into()
        }
    }));
    assert_eq!(
        (e.line, e.col, e.problem),
        (3, Some(5), Problem::Glyph("🟠".into()))
    );
    let e = err(&styled(&|i, r| {
        if i == 1 {
            r.replace('B', ".")
        } else {
            r.into()
        }
    }));
    assert_eq!(
        (e.line, e.col, e.problem),
        (2, Some(1), Problem::Glyph(".".into()))
    );
    let e = err(&format!("Round 2:\n{}", GRID[..6].join("\n")));
    assert_eq!((e.line, e.problem), (2, Problem::Rows(6)));
    let e = err(&format!("{}\n{}", GRID.join("\n"), GRID[0]));
    assert_eq!(e.problem, Problem::Rows(8));
    let e = err(&styled(&|i, r| {
        if i == 3 {
            format!("{r}G")
        } else {
            r.into()
        }
    }));
    assert_eq!((e.line, e.col, e.problem), (4, None, Problem::Width(9)));
    let e = err(&styled(&|i, r| format!("{} {r}", 7 - i)));
    assert_eq!((e.line, e.col), (1, Some(1)));
    assert_eq!(e.problem, Problem::RowNumber { found: 7, row: 1 });
    let e = err(&format!("ABCDEFG\n{}", GRID.join("\n")));
    assert_eq!((e.line, e.problem), (1, Problem::Header(7)));
    let e = err(&format!(
        "{}\nABCDEFGH\n{}",
        GRID[..3].join("\n"),
        GRID[3..].join("\n")
    ));
    assert_eq!((e.line, e.problem), (4, Problem::HeaderInside));
    let e = err(&format!("{}\nnext:\n{}", GRID.join("\n"), GRID.join("\n")));
    assert_eq!((e.line, e.problem), (9, Problem::TwoDrawings(1, 9)));
}

#[test]
fn talk_is_no_grid() {
    assert_no_drawing(
        read_drawing,
        &[
            "",
            "15",
            "claim 17!",
            "active plus F4; passive bend; swap F4 F5",
            "picks: rotate, chain, column",
            "Reds claimed 15 and removed 16: reds takes round 1",
            "RBG\nGBR\nBRG",
            "🔴🔵\n🟢🟡\n🟣⬛",
            "```\nswap F4 F5\n```",
            "RBGYPRBG",
        ],
    );
}

#[test]
fn differences_name_the_cells() {
    let mut other = grid();
    other.set("F4".parse().unwrap(), Tile::Gem(Color::Blue));
    other.set("A1".parse().unwrap(), Tile::Rock);
    other.set("B7".parse().unwrap(), Tile::Hole);
    let words: Vec<String> = compare(&grid(), &other)
        .iter()
        .map(|d| d.to_string())
        .collect();
    assert_eq!(
        words,
        vec![
            "A1: the drawing shows a red gem, the replay has a rock",
            "F4: the drawing shows a yellow gem, the replay has a blue gem",
            "B7: the drawing shows a rock, the replay has an empty cell",
        ]
    );
    assert_eq!(compare(&grid(), &grid()), vec![]);
}

/// Whatever a message says, the reader answers: any text, and text made
/// of grid pieces in any order.
#[test]
fn any_text_reads_without_panicking() {
    assert_reads_anything(|text| drop(read_drawing(text)), 10, &PIECES, 40, 500);
}

fn any_grid() -> impl Strategy<Value = Grid> {
    proptest::collection::vec(
        proptest::sample::select(vec!['R', 'B', 'G', 'Y', 'P', '#']),
        56,
    )
    .prop_map(|t| {
        let rows: Vec<String> = t.chunks(8).map(|r| r.iter().collect()).collect();
        Grid::parse(&rows.join("\n")).unwrap()
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]
    /// Drawing a grid and reading it back gives the same grid.
    #[test]
    fn draw_then_read_is_the_same_grid(g in any_grid()) {
        prop_assert_eq!(read_drawing(&draw(&g)), Ok(Some(g)));
    }
}
