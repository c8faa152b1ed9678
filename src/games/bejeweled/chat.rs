//! Chat messages → Bejeweled events, for importing a Discord transcript:
//! the entry points the import calls, and the host's words and openings.
//!
//! - a player: read by [`super::player_chat`] (claims, picks) and
//!   [`super::proof_chat`] (proofs), entity first, as people write them;
//!   several things in one message are several readings;
//! - the host: a round's opening (its grid, 7 rows of 8 letters from
//!   `R B G Y P #`, in a code block or not, also as colored squares 🟥🟦🟩🟨🟪
//!   with ⬛ for a rock, and the powerups offered, `powerups: swap, bend,
//!   plus`), a ruling (`reds takes round 1`, `round 2 to craw`, `craw wins
//!   the match`, `nobody wins the round`), a time-out (`craw ran out of
//!   time`).
//!
//! Decisions:
//! - **An opening carries its grid.** A round's grid (the refilled end grid
//!   of the last proof from round 2 on) is data only the host can give, and
//!   one message is read on its own: an opening without a grid (or a grid
//!   without the powerups) is listed unread with what the host must post,
//!   rather than guessed from another message or a bot's picture.
//! - **A proof is never joined with the next message**: it names all three
//!   powerups, and a second proof in a round is a correction (the last one
//!   shown in time counts) the report should show, not hide in a join.
//! - **`pass` is talk**: in Bejeweled a player claims or does nothing, and
//!   doing nothing is no event.
//!
//! Must not import anything from `log/` but the event vocabulary, nor from
//! `import/`, `web/` or `verify.rs`.

use super::grid::{Grid, COLS, ROWS};
use super::player_chat::{read_message, Expect};
use super::proof::{Offer, Powerup};
use super::rules::Setup;
use crate::event::Body;
use crate::games::chat::cells::longhand::{cells_told, Axes};
use crate::games::chat::host::{self, HostWords};
use crate::games::chat::{Opening, Reading};
use crate::games::chat_words as words;
use crate::games::GameKind;
use crate::games::{clean_chat, ChatContext, ChatReading, RoundSetup as GameSetup, Speaker};

/// What a player's message says, as readings with the lines each came
/// from: what the import reads, knowing the match so far (`ctx.state`).
/// The reading itself is in [`super::player_chat`].
pub fn read_player_message(text: &str, seat: usize, ctx: &ChatContext) -> Vec<Reading> {
    // `plus on the square in column E, fifth row`: rows 1–7 from the top.
    let axes = Axes::numbered_from_top(COLS as u8, ROWS as u8);
    read_message(&cells_told(text, &axes), seat, ctx, &Expect::of(seat, ctx))
}

/// Reads one chat message of a Bejeweled match (see the module docs): for
/// a player, the first thing the message says.
pub fn read_chat(text: &str, speaker: Speaker, ctx: &ChatContext) -> ChatReading {
    crate::games::chat::first_reading(GameKind::Bejeweled, text, speaker, ctx)
}

/// A line of a grid as written: the letters of `RBGYP#`, or colored
/// squares, with spaces, backticks, bars and a row number left out.
fn grid_line(raw: &str) -> Option<String> {
    let mut s = String::new();
    for c in raw.chars() {
        let c = match c {
            '🟥' | '🔴' => 'R',
            '🟦' | '🔵' => 'B',
            '🟩' | '🟢' => 'G',
            '🟨' | '🟡' => 'Y',
            '🟪' | '🟣' => 'P',
            '⬛' | '⬜' | '🪨' | '🧱' => '#',
            '`' | '|' | '*' | '>' => continue,
            c if c.is_whitespace() || c == '\u{fe0f}' => continue,
            c => c,
        };
        s.push(c);
    }
    // A row number before the row (`3 RBGYPRBG`).
    if s.len() == COLS + 1 && s.starts_with(|c: char| ('1'..='7').contains(&c)) {
        s.remove(0);
    }
    let gems = |c: char| "RBGYP#".contains(c);
    if (6..=10).contains(&s.len()) && s.chars().all(gems) {
        return Some(s);
    }
    let upper = s.to_uppercase();
    (s.len() == COLS && upper.chars().all(gems) && s.chars().any(|c| c.is_ascii_lowercase()))
        .then_some(upper)
}

/// The grid a message posts: `None` when it posts none (fewer than three
/// grid-like lines in a row), else the grid or why it cannot be read; and
/// the indexes of its lines.
fn posted_grid(raw: &str) -> (Option<Result<Grid, String>>, Vec<usize>) {
    let lines: Vec<&str> = raw.lines().collect();
    let mut best: Vec<usize> = Vec::new();
    let mut run: Vec<usize> = Vec::new();
    for (i, l) in lines.iter().enumerate() {
        if grid_line(l).is_some() {
            run.push(i);
        } else if !l.trim().starts_with("```") {
            // A code fence neither breaks nor extends a run; text does.
            if run.len() > best.len() {
                best = std::mem::take(&mut run);
            }
            run.clear();
        }
    }
    if run.len() > best.len() {
        best = run;
    }
    if best.len() < 3 {
        return (None, Vec::new());
    }
    let text: Vec<String> = best.iter().filter_map(|&i| grid_line(lines[i])).collect();
    let grid = if text.len() == ROWS {
        Grid::parse(&text.join("\n")).map_err(|e| e.to_string())
    } else {
        Err(format!(
            "a grid is 7 lines of 8 characters; this one has {} lines",
            text.len()
        ))
    };
    (Some(grid), best)
}

/// The powerups a host's message offers: from the lines that say
/// `powerups`/`offer`/`available` (and list lines right after them), else
/// every powerup named outside the grid.
fn offered(raw: &str, grid_lines: &[usize]) -> Offer {
    let lines: Vec<(usize, String)> = raw
        .lines()
        .enumerate()
        .filter(|(i, _)| !grid_lines.contains(i))
        .map(|(i, l)| (i, clean_chat(l)))
        .collect();
    let ups = |l: &str| -> Vec<Powerup> {
        words(&l.replace('-', " "))
            .iter()
            .filter_map(|x| Powerup::parse(x))
            .collect()
    };
    let says_offer = |l: &str| {
        words(l).iter().any(|x| {
            matches!(
                x.as_str(),
                "powerups" | "powerup" | "power" | "offer" | "offered" | "offering" | "available"
            )
        })
    };
    // The words of a list line beside its powerups, leaving out its
    // number, letter tags and the powerup's kind (`1. S-Swap (starter)`).
    let said = |l: &str| {
        words(&l.replace('-', " "))
            .iter()
            .filter(|x| {
                !(x.len() == 1
                    || x.chars().all(|c| c.is_ascii_digit())
                    || matches!(x.as_str(), "starter" | "passive" | "active"))
            })
            .count()
    };
    let mut offer = Offer::default();
    let mut listing = false;
    let mut any_label = false;
    for (_, l) in &lines {
        if says_offer(l) {
            any_label = true;
            listing = true;
        } else if listing && (ups(l).is_empty() || said(l) > ups(l).len() + 1) {
            listing = false;
        }
        if listing {
            for p in ups(l) {
                offer = offer.with(p);
            }
        }
    }
    if !any_label {
        for (_, l) in &lines {
            for p in ups(l) {
                offer = offer.with(p);
            }
        }
    }
    offer
}

/// Bejeweled's words for the host: rounds, no first player.
pub const HOST_WORDS: HostWords = host::ROUND_WORDS;

/// What the host says: the shared announcements, and an opening fact when
/// the message posts a grid or the powerups offered (the grid may come from
/// a bot, the powerups from the host, in either order).
pub fn read_host(raw: &str, ctx: &ChatContext) -> Vec<Reading> {
    host::read_posting(raw, ctx, &HOST_WORDS, |raw| {
        let (grid, grid_lines) = posted_grid(raw);
        grid.is_some() || offered(raw, &grid_lines).iter().count() >= 3
    })
}

/// The round's opening from what the host (or a bot) posted: its number,
/// the grid and the powerups offered; the reason when one is missing.
pub fn open(o: &Opening, ctx: &ChatContext) -> Result<Body, String> {
    let round = o.round.unwrap_or(ctx.rounds + 1);
    let mut grid = None;
    // The round's offer is posted with its grid, or in a message after it,
    // or (the grid coming from a bot) just before it; a rules post further
    // up names every powerup and is no offer.
    let mut grid_at = None;
    let mut offers: Vec<(usize, Offer)> = Vec::new();
    for (i, t) in o.texts.iter().enumerate() {
        let (g, lines) = posted_grid(t);
        if grid.is_none() && g.is_some() {
            grid = g;
            grid_at = Some(i);
        }
        let here = offered(t, &lines);
        if here != Offer::default() {
            offers.push((i, here));
        }
    }
    let offer = match grid_at {
        Some(at) => offers
            .iter()
            .find(|(i, _)| *i >= at)
            .or_else(|| offers.iter().rev().find(|(i, _)| *i < at)),
        None => offers.last(),
    }
    .map(|(_, o)| *o)
    .unwrap_or_default();
    let grid = match grid {
        None => {
            return Err(format!(
                "round {round} opens without its grid: the host (or a bot) posts the grid as 7 rows of 8 letters from R B G Y P # (row 1 first), or as emoji"
            ))
        }
        Some(Err(e)) => {
            return Err(format!(
                "{e}: the host posts round {round}'s grid as 7 rows of 8 letters from R B G Y P # (row 1 first)"
            ))
        }
        Some(Ok(g)) => g,
    };
    if offer == Offer::default() {
        return Err(format!(
            "round {round}'s grid is posted without the powerups offered: the host writes them with the grid, like 'powerups: swap, bend, plus'"
        ));
    }
    Ok(Body::RoundStart(GameSetup::Bejeweled(Setup {
        round,
        grid,
        offer,
    })))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::Scope;
    use crate::games::chat_checks::{
        assert_rulings, assert_talk, event_of, reading, ruling_of, speaker, timed_out,
    };
    use proptest::prelude::*;

    const GRID: &str = "RBGYPRBG\nGYPRBGYP\nPRBGYPRB\nBGYPBRGY\nRPGRRBPR\nYYGRPYBG\nGRPBBGYP";

    fn read(text: &str, speaker: Speaker) -> ChatReading {
        reading(read_chat, &["Reds", "craw"], 1, (text, speaker))
    }

    fn event(text: &str, speaker: Speaker) -> Body {
        event_of(text, read(text, speaker))
    }

    #[test]
    fn the_host_opens_rounds_with_a_grid_and_an_offer() {
        let h = Speaker::Host;
        let opening = |text: &str| match event(text, h) {
            Body::RoundStart(GameSetup::Bejeweled(s)) => {
                (s.round, s.grid.to_string(), s.offer.to_string())
            }
            other => panic!("{text}: {other:?}"),
        };
        let (round, grid, offer) = opening(&format!(
            "**Round 1** — claims open!\n```\n{GRID}\n```\nPowerups: swap, bend, plus"
        ));
        assert_eq!((round, offer.as_str()), (1, "swap,bend,plus"));
        assert_eq!(grid.trim(), GRID);
        // Spaced letters, row numbers, a list of powerups, no round number.
        let spaced: Vec<String> = GRID
            .lines()
            .enumerate()
            .map(|(i, l)| {
                format!(
                    "{} {}",
                    i + 1,
                    l.chars().map(String::from).collect::<Vec<_>>().join(" ")
                )
            })
            .collect();
        let (round, grid, offer) = opening(&format!(
            "next grid:\n{}\noffered:\n- S-Rotate\n- P-Chain\n- A-Column",
            spaced.join("\n")
        ));
        assert_eq!((round, offer.as_str()), (2, "rotate,chain,column"));
        assert_eq!(grid.trim(), GRID);
        // A numbered list with each powerup's kind.
        let (_, _, offer) = opening(&format!(
            "Round 2\n```\n{GRID}\n```\nThis round's powerups, one of each type:\n1. S-Swap (starter)\n2. P-Bend (passive)\n3. A-Plus (active)\nClaims in this channel, please."
        ));
        assert_eq!(offer, "swap,bend,plus");
        // Colored squares.
        let squares: String = GRID
            .chars()
            .map(|c| match c {
                'R' => '🟥',
                'B' => '🟦',
                'G' => '🟩',
                'Y' => '🟨',
                'P' => '🟪',
                c => c,
            })
            .collect();
        let (_, grid, _) = opening(&format!("Round 2\n{squares}\nswap bend plus"));
        assert_eq!(grid.trim(), GRID);
        let unread = |text: &str| match read(text, h) {
            ChatReading::Unread(why) => why,
            other => panic!("{text}: {other:?}"),
        };
        assert!(unread("Round 2! Powerups: rotate, chain, column").contains("without its grid"));
        assert!(unread(&format!("Round 2\n{GRID}")).contains("without the powerups"));
        assert!(
            unread("Round 2\nRBGYPRBG\nGYPRBGYP\nPRBGYPRB\nswap bend plus").contains("7 lines")
        );
        assert!(unread(&format!(
            "Round 2 swap bend plus\n{}",
            GRID.replace("RBGYPRBG", "RBGYPRBX")
        ))
        .contains("7 lines"));
    }

    #[test]
    fn the_host_rules_and_calls_time() {
        let h = Speaker::Host;
        assert_rulings(
            |text| ruling_of(text, event(text, h)),
            &[
                (
                    "Reds claimed 15 and removed 16: reds takes round 1",
                    Scope::Round(1),
                    Some("Reds"),
                ),
                (
                    "craw counterclaimed 35 but removed only 32: round 3 to reds",
                    Scope::Round(3),
                    Some("Reds"),
                ),
                ("craw wins the round 🎉", Scope::Round(1), Some("craw")),
                ("craw wins the match, gg", Scope::Match, Some("craw")),
                ("no claims: nobody wins the round", Scope::Round(1), None),
            ],
        );
        assert_eq!(timed_out(event("craw ran out of time", h)), "craw");
        assert_talk(
            |talk| read(talk, h),
            &[
                "welcome!",
                "10 minutes for claims",
                "craw claimed 14, reds has 30 s to counter",
            ],
        );
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(1000))]
        /// Whatever anyone writes, the reader answers.
        #[test]
        fn any_text_reads_without_panicking(
            text in "\\PC{0,60}(\n\\PC{0,30}){0,8}",
            seat in 0usize..3,
        ) {
            let _ = read(&text, speaker(seat));
        }

        /// Chat made of the notation's own words and grid rows, in any order.
        #[test]
        fn notation_like_text_reads_without_panicking(parts in proptest::collection::vec(
            prop_oneof![
                Just("RBGYPRBG"), Just("GYPRBGYP"), Just("🟥🟦🟩🟨🟪⬛🟥🟦"), Just("round"), Just("2"),
                Just("powerups:"), Just("swap"), Just("pick"), Just("bend"), Just("plus F4"),
                Just("active"), Just("then"), Just("F9"), Just("claim"), Just("15"), Just("reds"),
                Just("to"), Just("wins"), Just(";"), Just("\n"), Just("```"), Just("1."),
                Just("99999999999"), Just("recolor red"), Just(":"),
                Just("same as"), Just("reds"), Just("↔"), Just("2×2"), Just("+"), Just("•"),
                Just("@craw"), Just("raising to"), Just("nope"), Just("of"), Just("1-1"), Just("?"),
            ],
            0..30,
        ), seat in 0usize..3) {
            let text = parts.join(" ");
            let _ = reading(read_chat, &["Reds", "craw"], 0, (&text, speaker(seat)));
        }
    }
}
