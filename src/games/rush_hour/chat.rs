//! The Traffic Jam host in chat: a round's opening (its number, target,
//! pre-placed cars, who places first) and, through the shared host reader
//! (`games::chat::host`), rulings, time-outs and who picks who starts;
//! and the door to the players' reader (`player_chat`).
//!
//! An opening is often spread over messages — `Round 3 · target 6 moves`,
//! the board drawn in the next message by the host or a bot, the loser's
//! `I'll start` — so reading the host gives facts, and [`open`] makes the
//! round's `RoundStart` from everything gathered once play begins, or says
//! what is missing. Must not import from `import/`, `log/` (but the event
//! vocabulary), `web/` or `verify.rs`.

use std::collections::BTreeMap;

use super::board::Cell;
use super::notation::parse_cells;
use super::rules::RoundSetup;
use crate::event::Body;
use crate::games::chat::host::{self, HostWords};
use crate::games::chat::words::number_word;
use crate::games::chat::{chat_words, clean_chat, ChatContext, Opening, Reading};
use crate::games::RoundSetup as GameSetup;

/// Traffic Jam's words for the host: rounds, no colored sides.
pub const HOST_WORDS: HostWords = host::ROUND_WORDS;

/// What a player's message says, as readings with the lines each came
/// from: the player side of the chat reader lives in
/// [`player_chat`](super::player_chat); this is its door for
/// `games::chat`.
pub fn read_player_message(text: &str, seat: usize, ctx: &ChatContext) -> Vec<Reading> {
    super::player_chat::read_player_message(&cars_said(text), seat, ctx)
}

/// Car letters said aloud (`w right why down z right`, voice typing):
/// `why`, `ex`, `zee` or `zed` right before a direction is the car `Y`,
/// `X` or `Z`; anywhere else the word is English (`why not`, `ex-champ`).
fn cars_said(text: &str) -> String {
    const WAY: [&str; 4] = ["up", "down", "left", "right"];
    let car = |w: &str| match w.to_lowercase().as_str() {
        "why" => Some("Y"),
        "ex" => Some("X"),
        "zee" | "zed" => Some("Z"),
        _ => None,
    };
    text.lines()
        .map(|line| {
            let words: Vec<&str> = line.split(' ').collect();
            words
                .iter()
                .enumerate()
                .map(|(k, w)| {
                    let before_way = words.get(k + 1).is_some_and(|n| {
                        WAY.contains(&n.to_lowercase().trim_matches(|c: char| !c.is_alphanumeric()))
                    });
                    match car(w).filter(|_| before_way) {
                        Some(c) => c.to_string(),
                        None => w.to_string(),
                    }
                })
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// What the host says: the shared announcements, and an opening fact when
/// the message gives a round's target or board without a round number.
pub fn read_host(raw: &str, ctx: &ChatContext) -> Vec<Reading> {
    host::read_posting(raw, ctx, &HOST_WORDS, |raw| {
        target(raw).is_some()
            || matches!(super::drawing::read_drawing(raw), Ok(Some(_)))
            || drawn_cars(&clean_chat(raw)).is_some()
    })
}

/// The round's target: the number after `target`, or before `moves`
/// (`a 7-mover this time`).
fn target(raw: &str) -> Option<u32> {
    let w = chat_words(&clean_chat(&host::host_text(raw)));
    host::number_after(&w, "target")
        .or_else(|| {
            // "target is 4", "target: 4", "target = 4", "the target is
            // three moves"
            w.windows(3)
                .find(|p| p[0] == "target" && p[1] == "is")
                .and_then(|p| number_word(&p[2]))
        })
        .or_else(|| {
            w.windows(2)
                .find(|p| matches!(p[1].as_str(), "moves" | "move" | "mover"))
                .and_then(|p| p[0].parse().ok())
        })
}

/// The round's opening from what the host said: number, target, cars and
/// who places first; the reason when one is missing.
pub fn open(o: &Opening, ctx: &ChatContext) -> Result<Body, String> {
    let round = o.round.unwrap_or(ctx.rounds + 1);
    // The last message that gives a target: a later one corrects the
    // first (`target 7` … `*6 sorry, target is 6`).
    let target = o.texts.iter().rev().find_map(|t| target(t)).ok_or_else(|| {
        format!("round {round} opens without its target move count: the host writes 'Round {round} — target 6 moves'")
    })?;
    let first = o.first.ok_or_else(|| {
        format!(
            "round {round} opens without saying who places first: the host writes '<player> goes first' (or the loser of the last round names who starts)"
        )
    })?;
    // The first message that draws the board gives the cars (a bot may
    // post the same board again); only when none draws it, the first that
    // lists them in words: a rules post's example cells before the board
    // (`e.g. B5 C5`) are no cars on it.
    let mut cars = Vec::new();
    for t in &o.texts {
        if let Ok(Some(board)) = super::drawing::read_drawing(t) {
            cars = board
                .setup_cars()
                .map_err(|e| format!("round {round}'s board cannot open the round: {e}"))?;
            if !cars.is_empty() {
                break;
            }
        }
    }
    if cars.is_empty() {
        for t in &o.texts {
            cars = opening_cars(&clean_chat(t))?;
            if !cars.is_empty() {
                break;
            }
        }
    }
    Ok(Body::RoundStart(GameSetup::RushHour(RoundSetup {
        round,
        target,
        cars,
        first: ctx.players[first].clone(),
    })))
}

/// Cars drawn as six rows of six cells (`.` empty, `Z` the taxi, a letter
/// per car), by letter; `None` when no such drawing is in the text.
fn drawn_cars(clean: &str) -> Option<BTreeMap<char, Vec<(usize, usize)>>> {
    let rows: Vec<Vec<char>> = clean
        .lines()
        .map(|l| l.chars().filter(|c| !c.is_whitespace()).collect::<Vec<_>>())
        .filter(|r| {
            r.len() == 6
                && r.iter()
                    .all(|c| *c == '.' || *c == 'o' || c.is_ascii_uppercase())
        })
        .collect();
    if rows.len() != 6 {
        return None;
    }
    let mut by_letter: BTreeMap<char, Vec<(usize, usize)>> = BTreeMap::new();
    for (r, row) in rows.iter().enumerate() {
        for (c, &ch) in row.iter().enumerate() {
            if ch != '.' && ch != 'o' && ch != 'Z' {
                by_letter.entry(ch).or_default().push((c, r));
            }
        }
    }
    Some(by_letter)
}

/// The cars a round opens with: drawn as six rows of six cells, or listed
/// after `cars` (`D2 E2 / F2 F3`). Drawn cars are listed by label from `Y`
/// down, then any other letter the same way (descending), so the labels
/// the setup gives them match the drawing.
fn opening_cars(clean: &str) -> Result<Vec<Vec<Cell>>, String> {
    if let Some(by_letter) = drawn_cars(clean) {
        let mut cars: Vec<(char, Vec<(usize, usize)>)> = by_letter.into_iter().collect();
        // Y, X, W, … first (the labels a setup gives), then the rest.
        cars.sort_by_key(|(l, _)| std::cmp::Reverse(*l));
        return cars
            .into_iter()
            .map(|(_, cells)| {
                cells
                    .into_iter()
                    .map(|(c, r)| {
                        format!("{}{}", (b'A' + c as u8) as char, r + 1)
                            .parse()
                            .map_err(|e: super::board::CellError| e.0)
                    })
                    .collect()
            })
            .collect();
    }
    // `cars: D2 E2 / F2 F3` — a list only when cells follow the word (a
    // rules post's "cars are 2 or 3 cells" is no list).
    let lower = clean.to_lowercase();
    for (at, _) in lower.match_indices("cars") {
        let list = clean[at + 4..].lines().next().unwrap_or("");
        let list = list.trim_start_matches([':', ' ', '-', '=']);
        let groups: Vec<&str> = list
            .split(['/', ';', '|'])
            .map(str::trim)
            .filter(|g| !g.is_empty())
            .collect();
        if groups.first().is_some_and(|g| parse_cells(g).is_ok()) {
            return groups
                .into_iter()
                .map(|g| parse_cells(g).map_err(|e| e.to_string()))
                .collect();
        }
    }
    // `one car, a 3-long vertical on E2-E4 (that's Y)`: cells in a line
    // that speaks of a car, the taxi's own cells left out.
    let mut cars = Vec::new();
    for line in super::phrases::read_lines(clean) {
        let said = clean.lines().nth(line.index).unwrap_or("");
        let text = said.to_lowercase();
        if !text.contains("car") && !text.contains("truck") && !labels_a_car(said) {
            continue;
        }
        // `name 2 or 3 empty cells, e.g. B5 C5`: an example, not a car.
        if ["e.g", "eg ", "example", "such as"]
            .iter()
            .any(|w| text.contains(w))
        {
            continue;
        }
        for f in &line.found {
            if let super::phrases::Found::Cells(cells) = f {
                let taxi = cells.iter().all(|c| {
                    let s = c.to_string();
                    s == "A3" || s == "B3"
                });
                if !taxi && (2..=3).contains(&cells.len()) {
                    cars.push(cells.clone());
                }
            }
        }
    }
    Ok(cars)
}

/// Whether a line names a car by its label right before its cells (`Y
/// on F1 F2`, `long Y on F1 F2 F3`, `X = D2 D3`, `Y is already on C2
/// C3`): a car of the setup, said without the word `car`. The label is
/// one capital letter other than the taxi's `Z` (and the words `A` and
/// `I`).
fn labels_a_car(line: &str) -> bool {
    const BETWEEN: &[&str] = &[
        "is", "already", "on", "at", "in", "=", ":", "sits", "stands", "covers", "covering",
    ];
    let words: Vec<&str> = line
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty())
        .collect();
    words.iter().enumerate().any(|(k, w)| {
        let label = w.len() == 1 && w.chars().all(|c| c.is_ascii_uppercase() && !"AIZ".contains(c));
        label
            && words[k + 1..]
                .iter()
                .find(|n| !BETWEEN.contains(&n.to_lowercase().as_str()))
                .is_some_and(|n| n.parse::<Cell>().is_ok() || parse_cells(n).is_ok())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::Scope;
    use crate::games::chat::host::{Fact, Picker};
    use crate::games::chat::ChatReading;
    use crate::games::chat_checks::assert_rulings;

    fn players() -> Vec<String> {
        vec!["reds_".to_string(), "Mika".to_string()]
    }

    fn host_says(text: &str) -> Vec<ChatReading> {
        let p = players();
        read_host(text, &ChatContext::new(&p, 2))
            .into_iter()
            .map(|r| r.read)
            .collect()
    }

    fn cells(cars: &[Vec<Cell>]) -> Vec<String> {
        cars.iter()
            .map(|c| c.iter().map(ToString::to_string).collect::<Vec<_>>().join(" "))
            .collect()
    }

    /// The opening the facts of `texts` make.
    fn opened(texts: &[&str]) -> Result<RoundSetup, String> {
        let p = players();
        let ctx = ChatContext::new(&p, 2);
        let mut o = Opening::default();
        for t in texts {
            for r in read_host(t, &ctx) {
                match r.read {
                    ChatReading::Fact(Fact::Opens(n)) => o.round = n.or(o.round),
                    ChatReading::Fact(Fact::First(s)) => o.first = Some(s),
                    _ => {}
                }
            }
            o.texts.push(t.to_string());
        }
        match open(&o, &ctx)? {
            Body::RoundStart(GameSetup::RushHour(r)) => Ok(r),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn the_host_opens_a_round_in_one_message_or_several() {
        let r = opened(&[
            "**Round 3** — target 8 moves. Mika goes first!\n```\n......\n...Y..\nZZ.Y..\n......\nXX....\n......\n```",
        ])
        .unwrap();
        assert_eq!((r.round, r.target, r.first.as_str()), (3, 8, "Mika"));
        assert_eq!(r.cars.len(), 2);
        assert_eq!(r.cars[0][0].to_string(), "D2", "Y is listed first");
        let r = opened(&["Round 1, target: 6. reds_ starts. cars: D2 E2 / F2 F3"]).unwrap();
        assert_eq!(r.cars.len(), 2);
        // Split: the opening, then the board, then who starts.
        let r = opened(&[
            "Round 3 · target 6 moves",
            "```\n......\n...Y..\nZZ.Y..\n......\n......\n......\n```",
            "reds_ to place",
        ])
        .unwrap();
        assert_eq!((r.round, r.target, r.cars.len()), (3, 6, 1));
        assert_eq!(r.first, "reds_");
        // Cars named by their label, without the word `car`.
        let r = opened(&["R2: target **6**, Y on F1 F2, Mika starts like he said"]).unwrap();
        assert_eq!(cells(&r.cars), ["F1 F2"]);
        let r = opened(&["round 5: target 7, Y = A1 B1 and X = D2 D3 already down. Mika starts"])
            .unwrap();
        assert_eq!(cells(&r.cars), ["A1 B1", "D2 D3"]);
        let r = opened(&["Round 1 - target 5. Y is already on C2 C3. reds_ you're first"]).unwrap();
        assert_eq!(cells(&r.cars), ["C2 C3"]);
        // A letter that is a word, or the taxi, names no car.
        let r = opened(&["Round 1, target 5. I think A1 A2 is a fun spot, Z on A3 B3. reds_ first"])
            .unwrap();
        assert!(r.cars.is_empty(), "{:?}", r.cars);
        // A target said again, corrected, is the later one.
        let r = opened(&[
            "R3: target 7, long Y on F1 F2 F3, Mika first",
            "*6 sorry, not 7. R3 target is **6**",
        ])
        .unwrap();
        assert_eq!((r.round, r.target), (3, 6));
        assert_eq!(cells(&r.cars), ["F1 F2 F3"]);
        let why = opened(&["Round 4 target 9"]).unwrap_err();
        assert!(why.contains("who places first"), "{why}");
        let why = opened(&["Round 4, Mika goes first"]).unwrap_err();
        assert!(why.contains("target"), "{why}");
    }

    #[test]
    fn the_host_rules_and_calls_time_in_chat() {
        let ruling = |text: &str| match host_says(text).as_slice() {
            [ChatReading::Event(Body::Ruling(r)), ..] => (r.scope, r.winner.clone()),
            other => panic!("{text:?} read as {other:?}"),
        };
        assert_rulings(
            ruling,
            &[
                // A ruling that mentions the round and the moves is not an opening.
                (
                    "Mika takes round 1 — 6 moves, no counter",
                    Scope::Round(1),
                    Some("Mika"),
                ),
                ("Mika wins the round 🎉", Scope::Round(2), Some("Mika")),
                ("round 1 to reds_", Scope::Round(1), Some("reds_")),
            ],
        );
        assert_eq!(
            host_says("Mika takes round 1 — 6 moves, no counter").len(),
            1
        );
        assert_eq!(ruling("reds_ wins the match, gg").0, Scope::Match);
        assert!(matches!(
            host_says("reds_ ran out of time").as_slice(),
            [ChatReading::Event(Body::Timeout(t))] if t.player == "reds_"
        ));
        assert!(host_says("welcome everyone").is_empty());
        // A name inside a longer word is not that player.
        assert!(matches!(
            host_says("Mikael wins the round").as_slice(),
            [ChatReading::Unread(_)]
        ));
        assert_eq!(
            host_says("Round 2 → Mika. Loser picks who starts round 3")[1],
            ChatReading::Fact(Fact::Picks(Picker::Loser))
        );
    }

    #[test]
    fn a_drawn_board_gives_the_cars_over_a_rules_posts_example_cells() {
        let players = players();
        let ctx = ChatContext::new(&players, 0);
        let rules = "Alternate placing cars: name 2 or 3 empty cells in a straight line, e.g. `B5 C5` or `F1 F2 F3`.";
        let board = "**Round 1** · target: **5 moves**\n```\n   A B C D E F\n1  . . . . Y .\n2  . . . . Y .\n3  Z Z . . Y .\n4  . . . . . .\n5  . . . . . .\n6  . . . . . .\n```";
        let opening = Opening {
            round: Some(1),
            first: Some(0),
            texts: vec![rules.to_string(), board.to_string()],
        };
        match open(&opening, &ctx) {
            Ok(Body::RoundStart(GameSetup::RushHour(setup))) => {
                let cars: Vec<String> =
                    setup.cars.iter().flatten().map(|c| c.to_string()).collect();
                assert_eq!(cars, ["E1", "E2", "E3"]);
            }
            other => panic!("{other:?}"),
        }
        // Example cells alone are no cars; a car listed in words still is.
        let said = |t: &str| opening_cars(&clean_chat(t)).unwrap();
        assert!(said(rules).is_empty());
        assert_eq!(said("one car, a 3-long vertical on E2-E4").len(), 1);
    }
    #[test]
    fn car_letters_said_aloud_before_a_direction_are_cars() {
        assert_eq!(cars_said("w right why down z right"), "w right Y down z right");
        assert_eq!(cars_said("ex left, zee right"), "X left, Z right");
        for text in ["why not", "why? down there", "an ex-champ"] {
            assert_eq!(cars_said(text), text, "{text}");
        }
    }
}
