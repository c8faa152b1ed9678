//! The host's announcements, read the same way in every game: who plays
//! first (or blue, or player 1), who picks who starts, a round opening, a
//! ruling and a time-out. Each game supplies only its words ([`HostWords`]:
//! its two sides' colors, whether it has rounds, how a game ends without a
//! winner); a ruling phrased one way reads in every game.
//!
//! A message is read clause by clause (see [`super::words`]), and a player
//! counts only when named right beside a key word, so a rules post that
//! says "the first player to win 3 rounds wins" names nobody, while
//! `Round 2 → Kit`, `point for Vale`, `Kit takes it, 41 to 30` and `gg,
//! Moss wins 10-7` each name the winner. Arrows and the alarm clock are
//! words here (`→` is "to", `⏰` is "time"); a hypothetical (`if Kit wins
//! …`) is not a ruling.
//!
//! What the host says about the next round (who starts, who picks, its
//! number) are [`Fact`]s, not events: the import gathers them, with the
//! round's board from the same or the next messages, and opens the round
//! when play begins. Rulings and time-outs are events at once. Who won is
//! read by [`winner`], a time-out by [`time_out`], who plays first by
//! [`first`]; who picks who starts is read here.
//!
//! Must not import anything from `log/` but the event vocabulary, nor from
//! `import/`, `web/` or `verify.rs`.

use super::words::{
    clauses, find_seq, is_you, name_words, named, names_kept_whole, number_word, player_near,
    Beside, Names,
};
use super::{chat_words, clean_chat, ChatContext, ChatReading, Reading};
use crate::event::{Body, Ruling, Scope, Timeout};
use first::{first_given, first_player, first_to_no_player};
use time_out::{missed_in_time, timed_out, Heard};
use winner::{
    about_first_move, headline, implied_winner, mentioned, says_win, winner, winner_before, you_win,
};

mod first;
mod joke;
mod score;
mod text;
mod time_out;
mod winner;
use joke::past_the_joke;
pub use joke::takes_back_a_joke;
pub use text::host_text;
use text::{about_another_match, spell_rounds, undotted, unnumbered};

/// A game's words for its host's announcements.
#[derive(Clone, Copy, Debug)]
pub struct HostWords {
    /// The first player's side and the other's, when the game names sides
    /// by color (`blue` moves first, `red` second).
    pub sides: Option<(&'static str, &'static str)>,
    /// Whether the match is played in rounds (a ruling then names or
    /// implies its round); otherwise a ruling is on the game.
    pub rounds: bool,
    /// The scope of a ruling on a one-game match.
    pub game_scope: Scope,
    /// Clauses that end the game with no winner (`draw`, `tie`).
    pub draws: &'static [&'static [&'static str]],
    /// Clauses that, beside one player's name (on the side given, at most
    /// that many words away), say that player won (Dodgem: `got all her
    /// cars off`; Duorail: `longest loop: Fern`). A name after the clause
    /// holds only when a number written with it is the line's largest
    /// (`longest loop: Fern (16 vs 12)`, not `… Fern 12, Wren 16`).
    pub wins: &'static [(&'static [&'static str], Beside, usize)],
}

/// The words of a game played in rounds, with no colored sides, draws or
/// winning clauses of its own (Bejeweled, Traffic Jam).
pub const ROUND_WORDS: HostWords = HostWords {
    sides: None,
    rounds: true,
    game_scope: Scope::Match,
    draws: &[],
    wins: &[],
};

/// Who chooses who starts the next round.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Picker {
    /// This player.
    Seat(usize),
    /// The loser of the round just ruled.
    Loser,
}

/// Something the host says about the next round (or the game) that is not
/// an event by itself.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Fact {
    /// This player goes first (plays blue; is player 1).
    First(usize),
    /// Who picks who starts.
    Picks(Picker),
    /// A round opens: its number when the host says it.
    Opens(Option<u32>),
}

/// Words that make a clause a hypothesis, a question or a denial: no
/// ruling and no setup.
const NOT_SAID: [&str; 14] = [
    "if", "could", "would", "should", "might", "can", "not", "never", "almost", "nearly", "didn",
    "doesn", "unless", "whoever",
];

/// Words that make a clause a hypothesis or a question even where a
/// denial is what it says (`Kit didn't draw in time` is a time-out;
/// `if Kit doesn't draw in time` is not).
const HYPOTHETICAL: [&str; 10] = [
    "if", "could", "would", "should", "might", "can", "almost", "nearly", "unless", "whoever",
];

/// A choice of who starts, beside the chooser's name.
const PICKS: [&str; 12] = [
    "picks", "pick", "picked", "chooses", "choose", "chose", "decides", "decide", "decided",
    "call", "choice", "chosen",
];

/// A player going through, or out of, a tournament (`jonas advances`,
/// `pax is eliminated`): the whole match was won or lost.
const GOES_THROUGH: [&str; 3] = ["advances", "advanced", "eliminated"];

/// [`read`] for a game whose rounds open with a position the host posts
/// (a grid, a board, a target): when `posts` says the message gives one, and
/// the shared reader found neither an opening nor a ruling in it, the
/// whole message is an opening fact.
pub fn read_posting(
    raw: &str,
    ctx: &ChatContext,
    words: &HostWords,
    posts: impl FnOnce(&str) -> bool,
) -> Vec<Reading> {
    let mut out = read(raw, ctx, words);
    let opens = out
        .iter()
        .any(|r| matches!(r.read, ChatReading::Fact(Fact::Opens(_))));
    let ruling = out
        .iter()
        .any(|r| matches!(r.read, ChatReading::Event(Body::Ruling(_))));
    if !opens && !ruling && posts(raw) {
        out.push(Reading {
            read: ChatReading::Fact(Fact::Opens(None)),
            lines: 0..raw.lines().count(),
        });
    }
    out
}

/// What the host (or the host's bot) says in a message: rulings and
/// time-outs as events, who starts and who picks as facts, each with the
/// line it is on. Talk gives nothing.
pub fn read(raw: &str, ctx: &ChatContext, words: &HostWords) -> Vec<Reading> {
    let names = name_words(ctx);
    let raw = &score::tables_joined(raw, &names);
    let text = host_text(raw);
    let text = if words.rounds {
        spell_rounds(&text)
    } else {
        text
    };
    let clean = past_the_joke(&undotted(&unnumbered(&names_kept_whole(
        &clean_chat(&text),
        ctx,
    ))));
    // In a match that keeps a reserve, a move's minutes running out is no
    // time-out (see [`time_out`]).
    let reserve_kept = ctx.state.is_some_and(|s| s.reserve_follows());
    // The round wins ruled so far: a ruling said as the score it makes
    // (`1–0 to Opal`) is read against them.
    let ruled_score = std::cell::OnceCell::new();
    let score = || {
        ruled_score
            .get_or_init(|| ctx.state.map(|s| s.view().score))
            .clone()
    };
    let whole = || {
        raw.lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .collect::<Vec<_>>()
            .join(" ")
    };
    let mut out = Vec::new();
    // The round wins that take the match, in a match of rounds.
    let to_win = ctx
        .state
        .and_then(|s| s.rounds_by_rules())
        .map(|d| d.to_win)
        .filter(|&t| t > 1);
    let elsewhere = about_another_match(&chat_words(&clean));
    // Before play begins, talk of winning and time explains the rules.
    let explaining = ctx.state.is_some_and(|s| !super::started(s));
    // A message that sets play up: before it begins, or opening a round.
    let setting_up = explaining
        || clean
            .lines()
            .any(|l| round_opened(&chat_words(l)).is_some());
    let mut ruled = explaining;
    let (mut ruled_round, mut ruled_match) = (false, false);
    // The winner of the round this message ruled on, if it did.
    let mut round_won: Option<Option<usize>> = None;
    // The match's winner a round's ruling implies by its score, and the
    // line that says it.
    let mut implied_match: Option<(Option<usize>, std::ops::Range<usize>)> = None;
    // A short ruling whose winner is no player here (`Mikael wins`): the
    // name as written, and its line.
    let mut unnamed: Option<(String, usize)> = None;
    // A setup that gives the first move to no player here (`quil plays
    // blue`): the name as written, and its line.
    let mut misnamed: Option<(String, usize)> = None;
    // Who goes first, with the line and the clause (counted over the
    // message) that says so.
    let mut firsts: Vec<(usize, usize, usize)> = Vec::new();
    // The clause of the message's first ruling: a side named before it
    // (`no red loop from Fern, so Wren wins`) is about the game just
    // ruled, not a setup.
    let mut ruled_at: Option<usize> = None;
    let mut clause_no = 0usize;
    // The players @-mentioned: who "you" is in `@Fern … you win`.
    let mentioned = mentioned(raw, &names);
    for (line_no, line) in clean.lines().enumerate() {
        let lines = line_no..line_no + 1;
        let line_words = chat_words(line);
        // A question rules nothing in the newer, looser phrasings
        // (`round's his?`, `did Kit burn his whole reserve?`).
        // Asked sentence by sentence: a move marked dubious in another
        // sentence (`ondine 0-1 basil. engine says F7? was best`) asks
        // nothing of the result.
        let asked_in: Vec<bool> = line.split(['.', '!']).map(|s| s.contains('?')).collect();
        let mut ruled_line = false;
        // A final score speaks of the match too (`gg kit takes it 3-0`,
        // first to 3): one side has the round wins that take it.
        let takes_match = |w: &[String]| {
            to_win.is_some_and(|t| {
                w.windows(2).any(|p| {
                    matches!((p[0].parse::<u32>(), p[1].parse::<u32>()),
                        (Ok(a), Ok(b)) if a.max(b) == t && a != b)
                })
            })
        };
        let final_score = takes_match(&line_words);
        let says_match = final_score
            || ["match", "dm", "overall", "series"]
                .iter()
                .chain(&GOES_THROUGH)
                .any(|w| line_words.iter().any(|x| x == w));
        let round_here = round_opened(&line_words);
        let mut before: Vec<String> = Vec::new();
        // Each clause with its sentence: a clause after one that opens
        // with `if` in the same sentence is what would follow (`if Fern's
        // challenge fails, Wren wins`), not said.
        let sentences: Vec<(usize, Vec<String>)> = line
            .split(['.', '!'])
            .enumerate()
            .flat_map(|(n, part)| clauses(part).into_iter().map(move |c| (n, c)))
            .collect();
        let line_clauses: Vec<Vec<String>> = sentences.iter().map(|(_, c)| c.clone()).collect();
        let mut conditional: Option<usize> = None;
        // A clause that is only one player's name (`1. Fern — blue, moves
        // first`): the player a side named alone on the line is given to.
        let lone = line_clauses
            .iter()
            .find(|c| {
                let found = named(c, &names);
                !found.is_empty()
                    && found
                        .iter()
                        .all(|&(start, end, _)| start == 0 && end == c.len())
                    && only_player(c, &names).is_some()
            })
            .cloned()
            .unwrap_or_default();
        // Each sentence's words: who "you" is in a time-out may be the one
        // player its sentence names (`sorry vale … your reserve time is
        // finish`).
        let mut sentence_words: Vec<Vec<String>> = Vec::new();
        for (n, c) in &sentences {
            if sentence_words.len() <= *n {
                sentence_words.resize(n + 1, Vec::new());
            }
            sentence_words[*n].extend(c.iter().cloned());
        }
        for (at, (sentence, c)) in sentences.iter().cloned().enumerate() {
            clause_no += 1;
            let asked = asked_in.get(sentence).copied().unwrap_or(false);
            // The words of the sentence before the clause: who "you" is
            // when the clause before is only a term of address.
            let earlier = || -> Vec<String> {
                sentences[..at]
                    .iter()
                    .filter(|(n, _)| *n == sentence)
                    .flat_map(|(_, w)| w.iter().cloned())
                    .collect()
            };
            // `on a tie tern wins since he placed last`: a rule, not a
            // ruling.
            let consequent = conditional == Some(sentence)
                || [
                    &["on", "a", "tie"][..],
                    &["in", "a", "tie"],
                    &["in", "case"],
                ]
                .iter()
                .any(|k| find_seq(&c, k).is_some());
            if c.first()
                .is_some_and(|w| matches!(w.as_str(), "if" | "unless" | "whoever"))
            {
                conditional = Some(sentence);
            }
            // `vale, your call`: the clause before may be the name spoken to.
            let addressed = std::mem::replace(&mut before, c.clone());
            // Who "you" is: the one player of the clause before, else the
            // one player the message @-mentions.
            let spoken_to_seat = only_player(&addressed, &names).or(match mentioned.as_slice() {
                [seat] => Some(*seat),
                _ => None,
            });
            let hypothetical = consequent || c.iter().any(|w| HYPOTHETICAL.contains(&w.as_str()));
            let denied = consequent || text::denial_at(&c, &NOT_SAID).is_some();
            let heard = Heard {
                message: &line_words,
                sentence: &sentence_words[sentence],
                spoken_to: spoken_to_seat,
                reserve_kept,
                asked,
            };
            // A denial that opens a clause's second half (`your minutes are
            // gone and not a single gem has moved`) leaves the first half
            // said.
            let said_before_denial = text::denial_at(&c, &NOT_SAID)
                .filter(|&at| at > 1 && matches!(c[at - 1].as_str(), "and" | "but"))
                .map(|at| &c[..at - 1]);
            let time_out = if explaining || hypothetical {
                None
            } else if denied {
                missed_in_time(&c, &names, &heard).or_else(|| {
                    said_before_denial
                        .filter(|_| !consequent)
                        .and_then(|part| timed_out(part, &names, &heard))
                })
            } else {
                timed_out(&c, &names, &heard)
            };
            if denied && time_out.is_none() {
                continue;
            }
            if let Some(seat) = time_out {
                // One message times a player out once, however many of
                // its clauses say so (`no solution from Vale and her
                // reserve is gone`).
                if timed_out_here(&out, &ctx.players[seat]) {
                    continue;
                }
                out.push(Reading {
                    read: ChatReading::Event(Body::Timeout(Timeout {
                        player: ctx.players[seat].clone(),
                        note: whole(),
                    })),
                    lines: lines.clone(),
                });
                continue;
            }
            // Only a short line says so: a rules post's "longest loop wins" is no ruling.
            let short = line_words.len() <= 8;
            if !ruled && short && c.len() <= 4 && named(&c, &names).is_empty() {
                if let Some(name) = says_win(&c) {
                    unnamed.get_or_insert((name, line_no));
                }
            }
            // After a round's ruling, a winner named again where the line
            // speaks of the match is the match's ruling ("Round 3 → Kit, and
            // that's the DM! Kit wins 3-0").
            let match_too = ruled_round && !ruled_match && says_match && words.rounds;
            // … or says, naming no one, that the round was the match's last
            // ("Round 5 → Vesper, 4–1, and that's the DM!").
            if let Some(winner) = round_won.filter(|_| match_too && !asked && ends_match(&c)) {
                ruled_match = true;
                out.push(Reading {
                    read: ChatReading::Event(Body::Ruling(Ruling {
                        scope: Scope::Match,
                        winner: winner.map(|s| ctx.players[s].clone()),
                        text: whole(),
                    })),
                    lines: lines.clone(),
                });
                continue;
            }
            if !ruled || match_too {
                let won = (!asked)
                    .then(|| headline(&c, &addressed, &line_words, &names).map(Some))
                    .flatten()
                    .or_else(|| winner(&c, &line_words, &names, words))
                    .or_else(|| winner_before(&c, &addressed, &names))
                    .or_else(|| {
                        (you_win(&c) && named(&c, &names).is_empty())
                            .then_some(spoken_to_seat.map(Some))
                            .flatten()
                    })
                    .or_else(|| {
                        (!asked)
                            .then(|| {
                                implied_winner(
                                    &c,
                                    &addressed,
                                    spoken_to_seat,
                                    &names,
                                    ctx,
                                    words,
                                    &score,
                                )
                            })
                            .flatten()
                            .map(Some)
                    })
                    .filter(|_| !about_first_move(&c));
                if let Some(winner) = won {
                    ruled = true;
                    ruled_at.get_or_insert(clause_no);
                    // In a one-game match the game is the match: one scope.
                    // Going through a tournament (`Tansy advances to R3`)
                    // is the match's result; the round named is the
                    // bracket's.
                    let goes_through = c.iter().any(|w| GOES_THROUGH.contains(&w.as_str()));
                    let scope = if !words.rounds {
                        words.game_scope
                    } else if goes_through {
                        Scope::Match
                    } else if let Some(n) = number_after(&c, "round")
                        .or(round_here)
                        .filter(|_| !match_too)
                    {
                        Scope::Round(n)
                    } else if match_too
                        || (says_match && !line_words.iter().any(|w| w == "round"))
                        || (reserve_kept && reserve_ran_out(&out, winner, ctx))
                    {
                        Scope::Match
                    } else {
                        Scope::Round(ctx.rounds.max(1))
                    };
                    match scope {
                        Scope::Match => ruled_match = true,
                        Scope::Round(_) => {
                            ruled_round = true;
                            round_won = Some(winner);
                        }
                    }
                    ruled_line = true;
                    // `T1 R5: 32 for 30, Saffy wins T1 4–1`: the score that
                    // takes the match, in the clause that gives its last
                    // round, rules the match too, unless the message goes
                    // on to rule it in words of its own.
                    if matches!(scope, Scope::Round(_)) && !asked && takes_match(&c) {
                        implied_match.get_or_insert((winner, lines.clone()));
                    }
                    out.push(Reading {
                        read: ChatReading::Event(Body::Ruling(Ruling {
                            scope,
                            winner: winner.map(|s| ctx.players[s].clone()),
                            text: whole(),
                        })),
                        lines: lines.clone(),
                    });
                    continue;
                }
            }
            // Who had which side in another match, or before (`recap of
            // last week's DM: tallis was blue there`), sets up nothing.
            if elsewhere || c.iter().any(|w| w == "was" || w == "were") {
                continue;
            }
            // `Kit, you can't go first again`, `Vale doesn't start`: a
            // refusal of the first move gives it to no one.
            if refuses_first(&c) {
                continue;
            }
            // `kit, you're first`: the name spoken to is in the clause before.
            let spoken_to = named(&c, &names).is_empty() && c.iter().any(|w| is_you(w));
            let first = first_player(&c, &names, words)
                .or_else(|| {
                    spoken_to
                        .then(|| {
                            first_player(&[addressed.clone(), c.clone()].concat(), &names, words)
                        })
                        .flatten()
                })
                .or_else(|| {
                    // Only a side, short (`blue`, `red, second`): a list's
                    // "first to 3" after the names is not about them.
                    // … or only a seat (`1. @Mab ♜ — player one`).
                    let side = words.sides.is_some_and(|(first, second)| {
                        c.len() <= 3 && c.iter().any(|w| w == first || w == second)
                    }) || c
                        .first()
                        .is_some_and(|w| matches!(w.as_str(), "player" | "p1" | "p2" | "seat"));
                    (side && named(&c, &names).is_empty() && !lone.is_empty())
                        .then(|| first_player(&[lone.clone(), c.clone()].concat(), &names, words))
                        .flatten()
                })
                .or_else(|| {
                    // Who "you" is, when the clause before is only a term
                    // of address (`Rowan, ma chérie, you take the first
                    // chair`): the one player its sentence names before it.
                    let you = spoken_to_seat.or_else(|| only_player(&earlier(), &names));
                    setting_up.then(|| first_given(&c, &names, you)).flatten()
                });
            if let Some(seat) = first {
                firsts.push((seat, line_no, clause_no));
                continue;
            }
            if let Some(name) = first_to_no_player(&c, &names, words).filter(|_| short) {
                misnamed.get_or_insert((name, line_no));
            }
            let with_name = || [addressed.clone(), c.clone()].concat();
            if let Some(seat) = reported_pick(&with_name(), &names) {
                firsts.push((seat, line_no, clause_no));
                continue;
            }
            if let Some(p) = picker(&c, &names).or_else(|| picker(&with_name(), &names)) {
                out.push(Reading {
                    read: ChatReading::Fact(Fact::Picks(p)),
                    lines: lines.clone(),
                });
            }
        }
        if let Some(n) = round_here {
            // A line that rules on a round does not open one, read as a
            // ruling or not (before play begins it is not).
            let is_ruling = ruled_line
                || clauses(line)
                    .iter()
                    .any(|c| winner(c, &line_words, &names, words).is_some());
            if !is_ruling {
                out.push(Reading {
                    read: ChatReading::Fact(Fact::Opens(Some(n))),
                    lines,
                });
            }
        }
    }
    // `the round, the keys, the whole garage go to TEO`: the round that
    // brings its winner to the match's round wins, with all of it said to
    // go with it, rules the match too.
    // So does one that names the match with it (`→ Round 4 and the DM to
    // mari, 3–1`), but not its match point.
    let all_of_it = || {
        let w = chat_words(&clean);
        w.iter().enumerate().any(|(i, x)| {
            matches!(x.as_str(), "whole" | "everything")
                || matches!(x.as_str(), "dm" | "match" | "series")
                    && w.get(i + 1).is_none_or(|n| n != "point")
        })
    };
    if let (Some(Some(seat)), Some(t), false) = (round_won, to_win, ruled_match) {
        // At match point as ruled, or by the rules where a ruling went
        // unread (`Madame pays the lady`).
        let by_rules = ctx.state.map(|s| s.view().score_by_rules);
        let at_match_point = [score(), by_rules]
            .iter()
            .flatten()
            .any(|s| s.get(seat).is_some_and(|&n| n + 1 == t));
        let round_ruling = out.iter().find_map(|r| match &r.read {
            ChatReading::Event(Body::Ruling(ruling)) if ruling.scope != Scope::Match => {
                Some((r.lines.clone(), ruling.clone()))
            }
            _ => None,
        });
        if let (true, Some((lines, ruling))) = (at_match_point && all_of_it(), round_ruling) {
            out.push(Reading {
                read: ChatReading::Event(Body::Ruling(Ruling {
                    scope: Scope::Match,
                    ..ruling
                })),
                lines,
            });
        }
    }
    // A ruling's message gives no first move (`18:14 for felix, red win`).
    let ruling = out
        .iter()
        .any(|r| matches!(r.read, ChatReading::Event(Body::Ruling(_))));
    if let (Some((name, line)), true) =
        (misnamed, firsts.is_empty() && !ruling && !raw.contains('?'))
    {
        out.push(Reading {
            read: ChatReading::Unread(format!(
                "it gives the first move to '{name}', who is no player of this match: write '<player> goes first', or tie the name to a player with --alias {name}=<player>"
            )),
            lines: line..line + 1,
        });
    }
    if let Some((winner, lines)) = implied_match.filter(|_| !ruled_match) {
        out.push(Reading {
            read: ChatReading::Event(Body::Ruling(Ruling {
                scope: Scope::Match,
                winner: winner.map(|s| ctx.players[s].clone()),
                text: whole(),
            })),
            lines,
        });
    }
    firsts.retain(|&(_, _, at)| ruled_at.is_none_or(|r| at > r));
    let seats: std::collections::BTreeSet<usize> = firsts.iter().map(|(s, _, _)| *s).collect();
    match (seats.len(), firsts.first()) {
        (1, Some(&(seat, line, _))) => out.push(Reading {
            read: ChatReading::Fact(Fact::First(seat)),
            lines: line..line + 1,
        }),
        (0, _) => {}
        _ => out.push(Reading {
            read: ChatReading::Unread(format!(
                "it says both {} and {} go first: write '<player> goes first' once",
                ctx.players[0], ctx.players[1]
            )),
            lines: 0..clean.lines().count(),
        }),
    }
    if let (Some((name, line)), false) = (unnamed, ruled || raw.contains('?')) {
        out.push(Reading {
            read: ChatReading::Unread(format!(
                "a ruling that names '{name}', who is no player of this match: name the winner ('Kit wins the round'), or tie the name to a player with --alias {name}=<player>"
            )),
            lines: line..line + 1,
        });
    }
    // A ruling's facts about the next round stay in order after it; a
    // time-out the message tells after its ruling (`The DM goes to Jonas!
    // -# mira timed out`) is why it was ruled, so it comes first.
    out.sort_by_key(|r| r.lines.start);
    let is_ruling = |r: &Reading| matches!(r.read, ChatReading::Event(Body::Ruling(_)));
    if let Some(first_ruling) = out.iter().position(is_ruling) {
        let (mut told, mut rest): (Vec<_>, Vec<_>) = out
            .split_off(first_ruling)
            .into_iter()
            .partition(|r| matches!(r.read, ChatReading::Event(Body::Timeout(_))));
        out.append(&mut told);
        out.append(&mut rest);
    }
    out
}

/// Whether the message has timed out the loser of `winner`'s win while a
/// reserve runs (Traffic Jam: running out of reserve loses the match), so
/// the win it gives (`quince wins on time`) is the match's.
fn reserve_ran_out(out: &[Reading], winner: Option<usize>, ctx: &ChatContext) -> bool {
    winner.is_some_and(|w| timed_out_here(out, &ctx.players[1 - w]))
}

/// Whether the readings so far time `player` out.
fn timed_out_here(out: &[Reading], player: &str) -> bool {
    out.iter()
        .any(|r| matches!(&r.read, ChatReading::Event(Body::Timeout(t)) if t.player == player))
}

/// Whether a clause refuses someone the first move: a denial right before
/// going first (`can't go first`, `doesn't start`, `not first`, `won't
/// be first`).
fn refuses_first(c: &[String]) -> bool {
    const DENIES: [&str; 8] = [
        "not", "cant", "cannot", "dont", "doesnt", "wont", "never", "isnt",
    ];
    const GOING: [&str; 12] = [
        "go", "goes", "going", "start", "starts", "starting", "be", "first", "move", "place",
        "lead", "open",
    ];
    c.windows(2)
        .any(|p| DENIES.contains(&p[0].as_str()) && GOING.contains(&p[1].as_str()))
}

/// The round a line opens: its number at the head of a line (`Round 3 ·
/// target 6`) or in a short one (`next up: round 3`), not inside a rules
/// sentence ("in round 1 I pick who goes first").
fn round_opened(line_words: &[String]) -> Option<u32> {
    number_after(line_words, "round")
        .filter(|_| line_words.first().is_some_and(|w| w == "round") || line_words.len() <= 6)
}

/// The number right after `word` (`round 3`, `round #3`, `round one`).
pub fn number_after(w: &[String], word: &str) -> Option<u32> {
    w.windows(2)
        .find_map(|p| (p[0] == word).then(|| number_word(&p[1])).flatten())
}

/// The one player a clause names (by any of their names), if exactly one.
fn only_player(c: &[String], names: &Names) -> Option<usize> {
    match named(c, names).as_slice() {
        [(_, _, seat), rest @ ..] if rest.iter().all(|(_, _, s)| s == seat) => Some(*seat),
        _ => None,
    }
}

/// Who a clause says picks who starts (`the loser picks`, `Kit picks`,
/// `kit, you lost that one so you pick who starts`).
fn picker(c: &[String], names: &Names) -> Option<Picker> {
    let at = c.iter().position(|w| PICKS.contains(&w.as_str()))?;
    if c.iter().any(|w| w == "loser" || w == "losers") {
        return Some(Picker::Loser);
    }
    if let Some(seat) = player_near(c, names, at, 1, Beside::Either, 2) {
        return Some(Picker::Seat(seat));
    }
    // Spoken to: the one player the clause names is "you".
    let spoken_to = c.iter().any(|w| is_you(w));
    match named(c, names).as_slice() {
        [(_, _, seat), rest @ ..] if spoken_to && rest.iter().all(|(_, _, s)| s == seat) => {
            Some(Picker::Seat(*seat))
        }
        _ => None,
    }
}

/// A pick the host reports (`Vale lost round 1, she picked herself to
/// start`): the player who starts.
fn reported_pick(c: &[String], names: &Names) -> Option<usize> {
    c.iter().position(|w| PICKS.contains(&w.as_str()))?;
    let herself = c.iter().any(|w| {
        matches!(
            w.as_str(),
            "herself" | "himself" | "themself" | "themselves" | "themselfs"
        )
    });
    match named(c, names).as_slice() {
        [(_, _, seat), rest @ ..] if herself && rest.iter().all(|(_, _, s)| s == seat) => {
            Some(*seat)
        }
        _ => None,
    }
}

/// What the player whose choice is awaited says: who starts. `I'll start`,
/// `me first` name themselves, `you go first` the other player, `Kit
/// first` a player by name. `None`: no choice in the message.
pub fn choice(raw: &str, seat: usize, ctx: &ChatContext) -> Option<usize> {
    let clean = clean_chat(&host_text(raw));
    let names = name_words(ctx);
    for c in clauses(&clean) {
        if c.iter().any(|w| w == "not" || w == "if") {
            continue;
        }
        let start = [
            "start", "starts", "starting", "first", "begin", "begins", "go", "lead",
        ];
        let at = c.iter().position(|w| start.contains(&w.as_str()));
        if let Some(at) = at {
            if let Some(named) = player_near(&c, &names, at, 1, Beside::Either, 2) {
                return Some(named);
            }
            // The pronoun nearest the word: `you go first`, `let me
            // start`, `ty you're kind, I'll start`.
            let nearest = c[..at].iter().rev().find_map(|w| {
                if is_you(w) {
                    Some(1 - seat)
                } else {
                    matches!(w.as_str(), "i" | "ill" | "me" | "im").then_some(seat)
                }
            });
            if nearest.is_some() {
                return nearest;
            }
        }
        match c.iter().map(String::as_str).collect::<Vec<_>>().as_slice() {
            ["me"] | ["me", "please"] | ["i", "will"] => return Some(seat),
            [you] | [you, "can"] if is_you(you) => return Some(1 - seat),
            _ => {}
        }
    }
    None
}

/// A clause that says, naming no one, that the match is over (`and that's
/// the DM`, `match over`); `match point` is not.
fn ends_match(c: &[String]) -> bool {
    // `… round 3 to kai, that's 3-0 and the DM 🏁`: the clause after `and`
    // is the match alone.
    if let [the, m, rest @ ..] = c {
        let alone = rest
            .iter()
            .all(|w| matches!(w.as_str(), "too" | "also" | "as" | "well" | "with" | "it"));
        if the == "the" && (m == "dm" || m == "match") && alone && rest.len() <= 2 {
            return true;
        }
    }
    let over = ["dm", "match"].iter().any(|m| {
        find_seq(c, &[m, "over"]).is_some()
            || find_seq(c, &["the", m]).is_some_and(|at| {
                at > 0 && matches!(c[at - 1].as_str(), "thats" | "that" | "s" | "its")
            })
    });
    c.len() <= 6 && over && !c.iter().any(|w| w == "point" || w == "if")
}

#[cfg(test)]
mod tests;
