//! A Duorail player's chat message → readings, entity first.
//!
//! The reader does not match whole sentences. It finds what the notation
//! is made of — cells (`E5`), exits (`UR`, `left-up`, `vertical`, `┘`,
//! `E1 |`, `exits ← and ↑`, `straight, going across`),
//! track steps (`RRDD`, `→→↓↓`), colors, player names and `me`/`you`, and
//! the key words (`impossible`, `challenge`, `pass`, `no action`, `give
//! up`, `gg`) — and then decides what they do from who speaks and what the
//! match expects (`ctx.state`):
//! - a track (a start cell and steps, arrows, or four or more cells in
//!   order, possibly after a label or wrapped over lines, or its corners
//!   in words: `a4 then go right until a8, down to c8, …`) is a track
//!   wherever it stands; two in one message are two attempts;
//! - a cell with one shape is a piece: on the speaker's turn (or when the
//!   turn is not known) whatever words stand around it, otherwise only bare
//!   or as a correction (`wait no, B1 RD`); a correction is read as a
//!   second piece after the first, and the rules' takeback decides. A
//!   shape after `not`, `instead of` or `rather than` is the one being
//!   withdrawn (`E8 UD, not LR`; `meant UD instead of LR` on the piece the
//!   speaker just placed, E8 LR), so only the other is the piece;
//! - `pass`, `no action`, `nothing from me`, `give up` are a pass (and
//!   `I'll sit this one out`, `I'm good` from the player to move); `gg` or
//!   `no red loop` from the player who must answer a challenge is giving
//!   up, from anyone else talk;
//! - `impossible`/`challenge` with a color (`for blue`, `for me`, `for
//!   fern`, or the one color the message names) is a challenge, except
//!   while tracks are awaited (a challenge or the endgame); several cells
//!   in talk beside it are its reason (`D5 UD runs straight into my E5,
//!   impossible for red`), not an unread piece.
//!
//! Nothing unclear is guessed: a would-be move that cannot be read (two
//! cells, a question, `not` around it) is unread with how to write it; a
//! message of words outside the notation is talk and never an event.
//!
//! Must not import anything from `log/` but the event vocabulary, nor from
//! `import/`, `web/` or `verify.rs`.

use std::ops::Range;

use super::board::{Cell, Color, Piece};
use super::chat_words::{bits, exits, is_cell, read_line, Bits, Line, CORRECTION};
use super::corner_track::corner_tracks;
use super::piece_words::{focus, withdraw};
use super::player_calls::{challenge, passes, tracks};
use super::rules::{Phase, Placement};
use crate::event::Body;
use crate::games::chat::words::takes_back;
use crate::games::chat::{self, in_order, Reading};
use crate::games::{ChatContext, ChatReading, MatchState, Placement as GamePlacement};

/// How to write a move, for the reasons of unread messages.
pub(super) const HOW_TO_PLACE: &str =
    "write one cell and its two exits from U D L R, like 'E5 UR' (add 'common' for a common straight: 'C4 LR common')";

/// The color a seat plays as far as one message can tell: the first seat
/// blue, the second red (the rules' names). The match's setup corrects it.
pub(super) fn seat_color(seat: usize) -> Color {
    if seat == 0 {
        Color::Blue
    } else {
        Color::Red
    }
}

pub(super) fn other(c: Color) -> Color {
    c.opponent().unwrap_or(c)
}

/// What the match expects of the speaker, as far as the state tells.
pub(super) struct Expect {
    /// The speaker's color.
    pub own: Color,
    /// Whether it is the speaker's turn to move; `None` when not known.
    pub my_turn: Option<bool>,
    /// The speaker must answer a challenge (show a track or give up).
    pub challenged: bool,
    /// A challenge or the endgame is on: tracks are awaited, not moves.
    pub tracks_awaited: bool,
    /// The speaker's piece, when it is the last one placed (the opponent
    /// has not moved since): what a correction without a cell corrects,
    /// and whose color a correction on its cell keeps.
    pub last_own: Option<(Cell, Piece)>,
    /// The pieces on the board: a question about one of them (`C3 RD??
    /// 💀 bro what`) is talk about it, not a move asked about.
    pub placed: Vec<(Cell, Piece)>,
    /// The opponent's pass is the last thing played and it is the
    /// speaker's turn: `same lol` passes too.
    pub after_a_pass: bool,
}

impl Expect {
    /// Nothing known but the speaker's color.
    pub fn only_color(own: Color) -> Expect {
        Expect {
            own,
            my_turn: None,
            challenged: false,
            tracks_awaited: false,
            last_own: None,
            placed: Vec::new(),
            after_a_pass: false,
        }
    }

    /// What the match so far expects of `seat`.
    pub fn of(seat: usize, ctx: &ChatContext) -> Expect {
        let Some(MatchState::Duorail(m)) = ctx.state else {
            return Expect::only_color(seat_color(seat));
        };
        let own = m.color_of(seat).unwrap_or(seat_color(seat));
        let mut e = Expect::only_color(own);
        e.placed = m.board.pieces().collect();
        match &m.phase {
            Phase::Waiting => {}
            Phase::Playing => {
                e.my_turn = Some(m.to_move == seat);
                e.after_a_pass = m.to_move == seat && m.passes == 1;
                e.last_own = m
                    .last_placed
                    .filter(|(by, _)| *by == seat)
                    .and_then(|(_, c)| Some((c, m.board.get(c)?)));
            }
            Phase::Challenge { challenger, .. } => {
                e.my_turn = Some(false);
                e.challenged = *challenger != seat;
                e.tracks_awaited = true;
            }
            Phase::Endgame { .. } => {
                e.my_turn = Some(false);
                e.tracks_awaited = true;
            }
        }
        e
    }
}

/// One thing found in the message.
pub(super) struct Found {
    pub found: chat::Found,
    /// An unread that only stands when nothing else is read (a lone cell).
    pub soft: bool,
}

impl Found {
    /// What `lines`, from `at` on, read as.
    pub fn read(at: (usize, usize), lines: Range<usize>, read: ChatReading) -> Found {
        Found {
            found: chat::Found { at, lines, read },
            soft: false,
        }
    }
    pub fn event(at: (usize, usize), lines: Range<usize>, body: Body) -> Found {
        Found::read(at, lines, ChatReading::Event(body))
    }
    pub fn unread(at: (usize, usize), why: String, soft: bool) -> Found {
        Found {
            soft,
            ..Found::read(at, at.0..at.0 + 1, ChatReading::Unread(why))
        }
    }
}

/// What the message says, in order, read with what `e` expects.
pub(super) fn read_message(text: &str, seat: usize, ctx: &ChatContext, e: &Expect) -> Vec<Reading> {
    let lines: Vec<Line> = text.lines().map(read_line).collect();
    let mut used: Vec<Vec<bool>> = lines.iter().map(|l| vec![false; l.words.len()]).collect();
    let mut found = Vec::new();
    tracks(&lines, &mut used, &mut found);
    corner_tracks(&lines, &mut used, &mut found);
    let has_track = !found.is_empty();
    passes(&lines, &mut used, &mut found, e, has_track);
    let challenged = if e.tracks_awaited {
        None
    } else {
        challenge(&lines, &mut used, &mut found, seat, ctx, e)
    };
    placements(&lines, &used, &mut found, e, challenged);
    if found.iter().any(|f| !f.soft) {
        found.retain(|f| !f.soft);
    }
    in_order(found.into_iter().map(|f| f.found).collect())
}

/// Pieces: each line's unused words, cut where a correction begins.
/// `challenged`: where the message challenges (line, words), so that
/// several cells in talk beside it are its reason, not a piece.
fn placements(
    lines: &[Line],
    used: &[Vec<bool>],
    found: &mut Vec<Found>,
    e: &Expect,
    challenged: Option<(usize, Range<usize>)>,
) {
    let mut pieces: Vec<(Found, bool)> = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let kept: Vec<usize> = (0..line.words.len())
            .filter(|&k| !used[i][k] && !line.words[k].mention)
            .collect();
        let mut segments: Vec<Vec<usize>> = vec![Vec::new()];
        for &k in &kept {
            let w = line.words[k].text.as_str();
            let seg = segments.last_mut().expect("one segment");
            if (CORRECTION.contains(&w) || takes_back(w))
                && w != "instead"
                && seg.iter().any(|&q| is_cell(&line.words[q].text))
            {
                segments.push(vec![k]);
            } else {
                seg.push(k);
            }
        }
        for seg in segments.into_iter().filter(|s| !s.is_empty()) {
            let seg = focus(line, &seg);
            let written: Vec<&str> = seg.iter().map(|&k| line.words[k].text.as_str()).collect();
            let (mut ws, withdrawn) = withdraw(&written);
            let cell_text;
            let first = match ws.iter().position(|w| is_cell(w)) {
                Some(first) => first,
                None => {
                    // `meant UD instead of LR`: the speaker's last piece.
                    let Some(shape) = withdrawn else { continue };
                    let at = (i, seg[0]);
                    match e.last_own.filter(|(_, piece)| piece.exits == shape) {
                        Some((cell, _)) => {
                            cell_text = cell.to_string().to_lowercase();
                            let put = ws.iter().position(|w| exits(w).is_some()).unwrap_or(0);
                            ws.insert(put, &cell_text);
                            put
                        }
                        None => {
                            found.push(Found::unread(
                                at,
                                format!("a correction names the cell of the piece it corrects, like 'E8 UD, not LR' ({shape} is not the last piece this player placed): {HOW_TO_PLACE}"),
                                false,
                            ));
                            continue;
                        }
                    }
                }
            };
            let at = (
                i,
                seg[written
                    .iter()
                    .position(|w| ws.get(first) == Some(w))
                    .unwrap_or(0)],
            );
            let correction =
                withdrawn.is_some() || ws.iter().any(|w| CORRECTION.contains(w) || takes_back(w));
            let mut b = bits(&ws);
            b.doubt |= seg.iter().any(|&k| line.question(&line.words[k]));
            if challenged.is_some() && b.cells.len() > 1 {
                // `D5 UD runs straight into my E5, impossible for red`:
                // the challenge's reason, when talk stands around the
                // cells (the challenge's own words left out).
                let reason: Vec<&str> = seg
                    .iter()
                    .filter(|&&k| {
                        challenged
                            .as_ref()
                            .is_none_or(|(at, said)| *at != i || !said.contains(&k))
                    })
                    .map(|&k| line.words[k].text.as_str())
                    .collect();
                if bits(&reason).talk > 0 {
                    continue;
                }
            }
            if let Some(f) = piece(&b, at, correction, e) {
                pieces.push((f, correction));
            }
        }
    }
    let placed: Vec<usize> = (0..pieces.len())
        .filter(|&n| matches!(pieces[n].0.found.read, ChatReading::Event(_)))
        .collect();
    if placed.iter().skip(1).any(|&n| !pieces[n].1) {
        let at = pieces[placed[0]].0.found.at;
        found.push(Found::unread(
            at,
            format!("it names several pieces: one piece per move (a correction says so: 'wait no, …'): {HOW_TO_PLACE}"),
            false,
        ));
        pieces.retain(|(f, _)| !matches!(f.found.read, ChatReading::Event(_)));
    }
    found.extend(pieces.into_iter().map(|(f, _)| f));
}

/// The piece one segment names, or why it cannot be read; `None` for a
/// cell named in talk.
fn piece(b: &Bits, at: (usize, usize), correction: bool, e: &Expect) -> Option<Found> {
    let unread =
        |why: &str, soft: bool| Some(Found::unread(at, format!("{why}: {HOW_TO_PLACE}"), soft));
    if b.shapes.is_empty() && b.bad == 0 && (b.talk > 0 || b.doubt || b.straight || b.bend) {
        // A cell named in talk ("nice, A4 was clever").
        return (b.cells.len() == 1 && (b.straight || b.bend) && b.talk == 0).then(|| {
            Found::unread(
                at,
                format!("a piece needs its two exits: {HOW_TO_PLACE}"),
                false,
            )
        });
    }
    // `E 6 not E7, E6 LU i meant`: one cell said twice is one.
    if b.cells.iter().any(|c| *c != b.cells[0]) {
        return unread("it names several cells: one piece per move", false);
    }
    if b.bad > 0 {
        return unread("a piece's two exits are two different sides", false);
    }
    if b.shapes.is_empty() {
        return unread("a piece needs its two exits", true);
    }
    // `H2 RD … please take the RD`: one shape said twice is one.
    if b.shapes.iter().any(|s| *s != b.shapes[0]) {
        return unread("it names several shapes: one piece per move", false);
    }
    if b.colors.len() > 1 {
        return unread("it names two colors", false);
    }
    let exits = b.shapes[0];
    if (b.bend && exits.is_straight()) || (b.straight && !exits.is_straight()) {
        let said = if b.bend { "a bend" } else { "a straight" };
        return unread(&format!("it says {said} but {exits} is not one"), false);
    }
    if b.apart {
        return unread(
            "it names a cell and a shape apart, among other words",
            false,
        );
    }
    let on_board = b.cells[0].parse::<Cell>().is_ok_and(|cell| {
        e.placed
            .iter()
            .any(|(at, piece)| *at == cell && piece.exits == b.shapes[0])
    });
    if b.doubt && on_board {
        return None;
    }
    if b.doubt {
        return unread(
            "a piece in a question or with 'not' around it is not read as a move",
            false,
        );
    }
    if b.talk > 0 && !correction && e.my_turn == Some(false) {
        return unread(
            "it names a piece among other words, and it is not the writer's turn",
            false,
        );
    }
    let cell = b.cells[0].parse().ok()?;
    // A piece on the cell of the writer's last piece can only replace it
    // (the cell is taken otherwise): it keeps that piece's color unless it
    // names one (`D6 UD green` / `não não, espera. D6 LR!!`).
    let kept = e
        .last_own
        .filter(|(on, _)| *on == cell)
        .map(|(_, piece)| piece.color);
    let color = b.colors.first().copied().or(kept).unwrap_or(e.own);
    Some(Found::event(
        at,
        at.0..at.0 + 1,
        Body::Place(GamePlacement::Duorail(Placement {
            cell,
            piece: Piece { color, exits },
        })),
    ))
}

#[cfg(test)]
pub(super) mod tests {
    use super::super::chat::read_player_message;
    use super::super::chat_words::is_steps;
    use super::super::rules::Challenge;
    use super::*;
    use crate::games::chat_checks::{
        assert_says_nothing, assert_unread_because, match_after, PlayerChat,
    };
    use crate::games::{Challenge as GameChallenge, Proof as GameProof};
    use crate::games::{GameConfig, RoundSetup as GameSetup};

    /// What an event says, shortly: `E5 UR blue`, `impossible for red`,
    /// `pass`, `track E5 RRDDLLUU`.
    fn shown(b: &Body) -> Option<String> {
        match b {
            Body::Place(GamePlacement::Duorail(p)) => Some(format!(
                "{} {} {}",
                p.cell,
                p.piece.exits,
                p.piece.color.name()
            )),
            Body::Challenge(GameChallenge::Duorail(c)) => {
                Some(format!("impossible for {}", c.color.name()))
            }
            Body::Pass => Some("pass".to_string()),
            Body::Proof(GameProof::Duorail(p)) => Some(format!("track {}", p.track)),
            _ => None,
        }
    }

    /// Quill and Bramble's messages, an event in a few words.
    pub(in crate::games::duorail) const CHAT: PlayerChat =
        PlayerChat::new(read_player_message, ["quill", "Bramble"], shown);

    /// What a message by quill (seat 0, blue when nothing is known) says.
    pub(in crate::games::duorail) fn said(text: &str) -> Vec<String> {
        CHAT.said(text, 0, None)
    }

    /// The match after the setup (Bramble plays blue) and `moves`.
    pub(in crate::games::duorail) fn state(moves: &[(usize, Body)]) -> MatchState {
        let setup = Body::RoundStart(GameSetup::Duorail(super::super::rules::Setup {
            round: 1,
            blue: "Bramble".into(),
        }));
        let events: Vec<(Option<usize>, Body)> = std::iter::once((None, setup))
            .chain(moves.iter().map(|(seat, body)| (Some(*seat), body.clone())))
            .collect();
        match_after(
            GameConfig::Duorail(Default::default()),
            &CHAT.players,
            &events,
        )
    }

    pub(in crate::games::duorail) fn place(cell: &str, exits: &str, color: Color) -> Body {
        Body::Place(GamePlacement::Duorail(Placement {
            cell: cell.parse().expect("a cell"),
            piece: Piece {
                color,
                exits: exits.parse().expect("exits"),
            },
        }))
    }

    #[test]
    fn pieces_are_read_however_they_are_written() {
        for (text, want) in [
            ("E5 UR", "E5 UR blue"),
            ("e5 ru", "E5 UR blue"),
            ("**E5: UR** 🚂", "E5 UR blue"),
            ("place e5 UR", "E5 UR blue"),
            ("E5 UR, your turn", "E5 UR blue"),
            ("> E5 UR", "E5 UR blue"),
            ("UR at E5", "E5 UR blue"),
            ("RD at D5", "D5 RD blue"),
            ("alright E8 UD then", "E8 UD blue"),
            ("e5: lr 🔵", "E5 LR blue"),
            ("G8 ┘", "G8 LU blue"),
            ("I9 ╯", "I9 LU blue"),
            ("C9 │", "C9 UD blue"),
            ("A7 ─", "A7 LR blue"),
            ("B2 ┌", "B2 RD blue"),
            ("mine goes on H3, left-up bend", "H3 LU blue"),
            ("C1, bend right/down", "C1 RD blue"),
            // Exits as arrows or words after `exits`.
            ("G8 bend, exits ← and ↑", "G8 LU blue"),
            ("G8 bend, exits left and up", "G8 LU blue"),
            ("G8 ← ↑", "G8 LU blue"),
            ("E1 straight, exits ↑ and ↓", "E1 UD blue"),
            ("vertical straight on E1", "E1 UD blue"),
            ("horizontal on E2", "E2 LR blue"),
            ("up and down at F4", "F4 UD blue"),
            ("C4 LR common", "C4 LR common"),
            // The common color said in a sentence of its own, not someone's.
            ("taking the other green. **E6 LR** 🟩", "E6 LR common"),
            ("E6 LR. that's beside your green", "E6 LR blue"),
            ("*lays one more straight above her corner* F7, up and down", "F7 UD blue"),
            ("green straight on C5, left-right", "C5 LR common"),
            ("purple straight on E5, vertical", "E5 UD common"),
            ("C4 C:LR", "C4 LR common"),
            ("G5 UD purple, that's the last purple", "G5 UD common"),
            // The common color as no one's: `neutral`, `shared`.
            ("neutral straight on c5, going across", "C5 LR common"),
            ("a blue straight in E5, lying left–right ➖", "E5 LR blue"),
            ("shared straight at C5, horizontal", "C5 LR common"),
            ("C5 LR neutral", "C5 LR common"),
            // A straight by the way it runs: across, sideways, one side
            // of its axis, compass sides.
            ("E5 straight across", "E5 LR blue"),
            ("E5 sideways", "E5 LR blue"),
            ("straight on E5, going down", "E5 UD blue"),
            ("E5 straight up", "E5 UD blue"),
            ("E5 north-south", "E5 UD blue"),
            // A piece drawn after its cell: a pipe, a dash, dashed lines.
            ("E1 |", "E1 UD blue"),
            ("E1: | 🚂", "E1 UD blue"),
            ("**E1** |", "E1 UD blue"),
            ("E2 -", "E2 LR blue"),
            ("E2 —", "E2 LR blue"),
            ("C9 ┆", "C9 UD blue"),
            ("A7 ┄", "A7 LR blue"),
            // A pipe as a separator, and a spoiler, are not pieces.
            ("E1 UD | gl", "E1 UD blue"),
            ("||E1 UD||", "E1 UD blue"),
            // A color the player wrote is kept; the rules judge it.
            ("E5 UR red", "E5 UR red"),
            // A cell withdrawn, and the kept one said twice.
            ("E 6 not E7, E6 LU i meant", "E6 LU blue"),
            // Two sides said in words in a clause of their own about the
            // piece.
            ("i put the bend on h3, it connect left and up", "H3 LU blue"),
            ("bend at C1 which joins right and down", "C1 RD blue"),
            ("H3, it connects left-up", "H3 LU blue"),
        ] {
            assert_eq!(said(text), [want], "{text}");
        }
    }

    #[test]
    fn what_cannot_be_a_piece_is_unread_and_talk_is_talk() {
        assert_unread_because(
            said,
            &[
                ("E5", "needs its two exits"),
                ("E5 UR E6 LR", "several cells"),
                ("E2 LR or E2 UD, hmm", "one piece per move"),
                ("E5 UU please", "two different sides"),
                ("E5 UR DL", "several shapes"),
                ("E5 UR blue red", "two colors"),
                ("E5 bend", "needs its two exits"),
                ("bend UD at E5", "says a bend"),
                ("why not E5 UR?", "question"),
                ("should I play E5 UR", "question"),
                ("E5 UR\nE6 LR", "several pieces"),
                ("E5 is ur best move tbh", "apart"),
                // Joining words only before two sides said in words; other
                // talk between still keeps them apart; a doubt doubts.
                ("E5, it connects UR", "apart"),
                ("h3 is nice, left and up was my plan", "apart"),
                ("the bend on h3, it doesn't connect left and up", "apart"),
                ("the bend on h3, it connect left and up?", "question"),
                // Arrows that are no two exits.
                ("G8 bend, exits ← and →", "says a bend"),
                ("G8 bend, exits ← and ←", "two different sides"),
            ],
        );
        assert_says_nothing(
            said,
            &[
                "gl hf",
                "ur turn",
                "nice, A4 was clever",
                "hmm",
                "🚂🚂",
                "gg, that G2 wiggle 😭",
                "up to you",
                "give me a sec",
                "sorry, doorbell 😩",
                // A mark after a cell with words after it, `across` as a
                // preposition, a side in talk beside a straight.
                "E2 - nice",
                "E1 | E2 were close",
                "across from E5 was better",
                "E5 straight, up to you",
                // One side beside a bend, sides of two axes beside a
                // straight: no shape, a cell in talk.
                "E5 bend down",
                "straight on E5, going down then left",
                "h3, it connect left",
            ],
        );
    }

    #[test]
    fn one_message_may_say_several_things_each_with_its_lines() {
        // Two lines, one thing said on each.
        for (text, first, second) in [
            (
                "16: B1 RRDDLLUU\nor longer, 18: B1 RRRDDLLLUU",
                "track B1 RRDDLLUU",
                "track B1 RRRDDLLLUU",
            ),
            ("A1 RRDDLLUU\nB1 RDLU", "track A1 RRDDLLUU", "track B1 RDLU"),
            // A correction is a second piece, after the first.
            ("B1 UR\nwait no, B1 RD", "B1 UR blue", "B1 RD blue"),
            ("C3 UR\nwait no, C3 UL", "C3 UR blue", "C3 LU blue"),
        ] {
            let want = [(first.to_string(), 0..1), (second.to_string(), 1..2)];
            assert_eq!(CHAT.readings(text, 0, None), want, "{text}");
        }
        type Case<'a> = (&'a str, &'a [(&'a str, Range<usize>)]);
        let cases: &[Case] = &[
            (
                "pass, here's mine: F2 RRRRUUULLLLDDD",
                &[("pass", 0..1), ("track F2 RRRRUUULLLLDDD", 0..1)],
            ),
            // Corrected on the same line.
            (
                "B1 UR, oops, B1 RD",
                &[("B1 UR blue", 0..1), ("B1 RD blue", 0..1)],
            ),
            ("A1 RRDDLLUU gg", &[("track A1 RRDDLLUU", 0..1)]),
            ("my track:\n`A4 RDLU`", &[("track A4 RDLU", 1..2)]),
        ];
        for (text, want) in cases {
            let want: Vec<(String, Range<usize>)> = want
                .iter()
                .map(|(said, lines)| (said.to_string(), lines.clone()))
                .collect();
            assert_eq!(CHAT.readings(text, 0, None), want, "{text}");
        }
    }

    #[test]
    fn what_the_match_expects_decides_the_reading() {
        // Bramble (seat 1) plays blue and moves first.
        let start = state(&[]);
        let read = |text: &str, seat: usize, s: &MatchState| CHAT.said(text, seat, Some(s));
        assert_eq!(read("alright E8 UD then", 1, &start), ["E8 UD blue"]);
        assert_eq!(
            read("impossible for me", 1, &start),
            ["impossible for blue"]
        );
        assert_eq!(
            read("impossible for you", 0, &start),
            ["impossible for blue"]
        );
        // Out of turn: a bare piece or a correction is read (the rules
        // judge it); a piece among other words is not guessed.
        assert_eq!(read("E8 UD", 0, &start), ["E8 UD red"]);
        assert_eq!(read("wait no, E8 UD", 0, &start), ["E8 UD red"]);
        let got = read("alright E8 UD then", 0, &start);
        assert!(got[0].contains("not the writer's turn"), "{got:?}");
        let got = read("i put the bend on h3, it connect left and up", 0, &start);
        assert!(got[0].contains("not the writer's turn"), "{got:?}");
        // The endgame: `gg` is talk.
        let endgame = state(&[(1, Body::Pass), (0, Body::Pass)]);
        assert_eq!(read("gg", 1, &endgame), Vec::<String>::new());
    }

    #[test]
    fn a_correction_withdraws_the_shape_after_not_or_instead_of() {
        // Bramble (seat 1) plays blue, placed E8 LR; quill has not moved.
        let placed = state(&[(1, place("E8", "LR", Color::Blue))]);
        let read = |text: &str| CHAT.said(text, 1, Some(&placed));
        for text in [
            "oops — E8 UD, not LR",
            "E8 UD not E8 LR",
            "E8: not LR, UD",
            "UD not LR",
            "meant UD instead of LR",
            "sorry, UD rather than LR",
            // The withdrawn shape said in words.
            "wait no E8 UD. up-down, not sideways",
            "E8 UD, not left-right",
            "E8 UD not left and right",
            // The shape kept said again.
            "Wait, I meant E8 UD, not LR. please take the UD.",
        ] {
            assert_eq!(read(text), ["E8 UD blue"], "{text}");
        }
        // With no match known, a cell and its shape still read.
        assert_eq!(said("E8 UD, not LR"), ["E8 UD blue"]);
        // Near misses: a question, one shape only, a withdrawn shape that
        // is not the last piece, no piece of the speaker's to correct.
        assert_unread_because(
            read,
            &[
                ("E8 UD, not LR?", "question"),
                ("why not E8 UD?", "question"),
                ("UD not DL", "names the cell"),
                ("E8 UD or LR", "several shapes"),
            ],
        );
        let answered = state(&[
            (1, place("E8", "LR", Color::Blue)),
            (0, place("B1", "RD", Color::Red)),
        ]);
        let got = CHAT.said("meant UD instead of LR", 1, Some(&answered));
        assert!(got[0].contains("names the cell"), "{got:?}");
        // A piece on the cell of the writer's common piece replaces it and
        // stays common, in any language around it.
        let common = state(&[(1, place("E8", "UD", Color::Common))]);
        let on_it = |text: &str| CHAT.said(text, 1, Some(&common));
        assert_eq!(on_it("não não, espera. E8 LR!!"), ["E8 LR common"]);
        assert_eq!(on_it("wait, E8 LR blue"), ["E8 LR blue"]);
        // A question about a piece on the board is talk about it.
        let mocked = |text: &str| CHAT.said(text, 0, Some(&placed));
        assert_says_nothing(mocked, &["E8 LR?? 💀 bro what"]);
        assert!(mocked("E7 LR??")[0].contains("question"));
        assert_says_nothing(read, &["not bad", "instead of talking, play"]);
    }

    /// Words outside Duorail's notation: no cell, side, steps, color,
    /// number, player name or key word.
    fn is_notation(w: &str) -> bool {
        const KEY: &[&str] = &[
            "neutral",
            "shared",
            "across",
            "sideways",
            "north",
            "south",
            "east",
            "west",
            "sit",
            "sitting",
            "good",
            "move",
            "moves",
            "placement",
            "pass",
            "passing",
            "passes",
            "skip",
            "skipping",
            "concede",
            "forfeit",
            "action",
            "nothing",
            "give",
            "giving",
            "gives",
            "gg",
            "ggs",
            "ggwp",
            "impossible",
            "challenge",
            "challenging",
            "vertical",
            "vertically",
            "horizontal",
            "horizontally",
            "straight",
            "straights",
            "bend",
            "corner",
            "curve",
            "up",
            "down",
            "left",
            "right",
            "top",
            "bottom",
            "blue",
            "red",
            "common",
            "green",
            "purple",
            "loop",
            "track",
            "path",
            "way",
            "me",
            "my",
            "mine",
            "you",
            "quill",
            "bramble",
            "c",
            "b",
        ];
        is_cell(w) || is_steps(w) || KEY.contains(&w)
    }

    /// Talk stays talk: a message made only of words outside the notation
    /// never yields an event, whoever writes it and whatever the match
    /// expects.
    #[test]
    fn talk_never_yields_an_event() {
        let seps = [" ", ", ", ". ", "? ", "\n", " — ", " 🚂 ", " @"];
        let challenged = Body::Challenge(GameChallenge::Duorail(Challenge { color: Color::Blue }));
        let states = [
            state(&[]),
            state(&[(1, place("A1", "RD", Color::Blue)), (0, challenged)]),
            state(&[(1, Body::Pass), (0, Body::Pass)]),
        ];
        CHAT.assert_talk_stays_talk(&seps, is_notation, &states);
    }
}
