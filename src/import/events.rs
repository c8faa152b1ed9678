//! Messages → a match log: who is who, what each message says by the
//! game's notation, and what the rules make of it, with a report that
//! accounts for every message.
//!
//! The person importing names the game, the two players and the host (and
//! may tie other names of the same person to them); every other author is
//! a spectator whose messages are talk. Each participant's message goes
//! through the game's `read_chat`, so the notation stays in the game's
//! folder. Two decisions matter:
//! - **A message is never half-read.** It becomes one event, or talk, or an
//!   entry in `unread` with the reason; the report lists them all, so a
//!   misread line can be fixed and the import re-run before committing.
//! - **Rules are applied, not trusted.** The events are replayed as they
//!   are read; an event the rules refuse is kept (as the log keeps it) and
//!   marked with the rule error at its step, as a host's record would be.
//!   Clocks and reserves come from the message times through the game's own
//!   reducer, so a player who ran over shows up in the report.
//!
//! A solution posted over several messages is one proof: consecutive proof
//! messages by the same player with nothing between them are joined.
//!
//! The reader keeps the match as it stands now and nothing of each state
//! before: the few readings that need an earlier state (a takeback, a
//! proof joined to the last one) fold the events again ([`refold`]), and
//! so does a preview that draws the board after every event
//! ([`Imported::each_state`]). An import's cost grows with its messages,
//! not with their square.
//!
//! Must not import the store (`log`), a page (`web`), bundles, backups or a
//! game's own folder (`games::rush_hour` and the like): an import reads a
//! transcript into events through the registry and the shared modules of
//! `games`, and its caller stores them.

use std::collections::BTreeMap;

use chrono::{DateTime, Utc};

use super::flags;
use super::outcome::{outcome, reserves};
pub use super::outcome::{Outcome, RoundOutcome};
pub use super::report::{
    BoardMismatch, ImportReport, Imported, MatchImportError, ReadEvent, Unread, UntiedName,
};

mod appeals;
mod commands;
mod jokes;
mod move_list;
mod opening;
mod post_mortem;
mod refold;
mod review;
mod split;
mod undo;
use super::corrections::{CorrectionInput, CorrectionReport};
use super::{TimeContext, Transcript};
use crate::access::same_name;
use crate::event::{Actor, Body, Create, NewEvent, ReviewedCreate, Source};
use crate::games::chat::host::{Fact, Picker};
use crate::games::chat::Opening;
use crate::games::play::Play;
use crate::games::{ChatReading, GameConfig, GameKind, MatchState, Speaker, Stamp};
use refold::Refold;

/// Who is who in the transcript.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cast {
    /// The two players, in seat order, by the names the match will use.
    pub players: [String; 2],
    pub host: String,
    /// Other names of the same people (a display name beside a username):
    /// other name → one of the names above.
    pub aliases: BTreeMap<String, String>,
}

impl Cast {
    /// Who an author is: a seat, the host, or nobody in the match.
    fn speaker(&self, author: &str, aliases: &[String]) -> Option<(Speaker, String)> {
        std::iter::once(author)
            .chain(aliases.iter().map(String::as_str))
            .find_map(|name| {
                let name = self
                    .aliases
                    .iter()
                    .find(|(other, _)| same_name(other, name))
                    .map_or(name, |(_, real)| real.as_str());
                if same_name(name, &self.host) {
                    return Some((Speaker::Host, self.host.clone()));
                }
                (0..2)
                    .find(|&s| same_name(name, &self.players[s]))
                    .map(|s| (Speaker::Player(s), self.players[s].clone()))
            })
    }
}

/// What to import and as what.
#[derive(Clone, Debug)]
pub struct ImportOptions {
    pub game: GameKind,
    pub cast: Cast,
    pub title: String,
    /// Who is importing (the events' actor is this importer, speaking for
    /// the message's author).
    pub importer: String,
    /// The file name, or `pasted`.
    pub source_name: String,
    /// The match's options (board size, variant); `None`: the game's
    /// defaults.
    pub config: Option<GameConfig>,
}

/// Joins a proof posted over two messages into one (`false` when the two
/// cannot be joined). A Duorail track or a Bejeweled proof is never
/// joined: each track is its own attempt, and a Bejeweled proof is whole
/// (a second one in a round is a rule error the report must show).
fn join_proofs(first: &mut Body, more: &Body) -> bool {
    match (first, more) {
        (Body::Proof(a), Body::Proof(b)) => a.join(b),
        _ => false,
    }
}

/// Fills in what a message leaves to the match so far (the state before
/// the event): a Duorail piece or challenge written without its color
/// ("E5 UR", "impossible for you") is in the speaker's colors, which only
/// the setup says.
fn settle(
    body: Body,
    text: &str,
    speaker: Speaker,
    state: Option<&MatchState>,
    players: &[String],
) -> Body {
    match (state, speaker) {
        (Some(m), Speaker::Player(seat)) => m.settle(body, text, seat, players),
        _ => body,
    }
}

/// Reads a transcript's messages as a match of `opts.game`.
pub fn read_match(
    transcript: &Transcript,
    source_text: &str,
    opts: &ImportOptions,
) -> Result<Imported, MatchImportError> {
    read_reviewed(transcript, source_text, opts, &Reviewing::default())
}

/// What a reviewer adds to an import: corrections, and how the transcript
/// was read (kept with them, so the stored transcript reads again the same).
#[derive(Clone, Debug, Default)]
pub struct Reviewing {
    pub corrections: Vec<CorrectionInput>,
    /// The time zone, day and day/month order the transcript was read with.
    pub time: Option<TimeContext>,
    /// The match a re-import corrects further.
    pub supersedes: Option<String>,
}

/// Reads a transcript's messages as a match of `opts.game`, each corrected
/// message read the way its correction says; with any correction, the
/// Create holds the review beside the untouched transcript.
pub fn read_reviewed(
    transcript: &Transcript,
    source_text: &str,
    opts: &ImportOptions,
    reviewing: &Reviewing,
) -> Result<Imported, MatchImportError> {
    let cast = &opts.cast;
    if cast.players[0].eq_ignore_ascii_case(&cast.players[1]) {
        return Err(MatchImportError::SamePlayers(cast.players[0].clone()));
    }
    if !opts.game.reads_chat() {
        return Err(MatchImportError::NoChatReader(opts.game.title()));
    }
    // Who each message is by, worked out once.
    let speakers: Vec<Option<(Speaker, String)>> = transcript
        .messages
        .iter()
        .map(|m| match commands::commanded_by(cast, m) {
            Some(by) => by,
            None if commands::refused_by_bot(&transcript.messages, m.index) => None,
            None => cast.speaker(&m.author, &m.aliases).or_else(|| {
                // A bot posts for the host: boards, rulings, timers.
                m.is_bot.then(|| (Speaker::Host, cast.host.clone()))
            }),
        })
        .collect();
    // The players' other names in message text: the names tied with
    // --alias, and every name an export gives a player's messages.
    let mut text_aliases: Vec<(String, usize)> = Vec::new();
    for (other, real) in &cast.aliases {
        if let Some(seat) = cast
            .players
            .iter()
            .position(|p| p.eq_ignore_ascii_case(real))
        {
            text_aliases.push((other.clone(), seat));
        }
    }
    for (m, who) in transcript.messages.iter().zip(&speakers) {
        if let Some((Speaker::Player(seat), _)) = who {
            for a in std::iter::once(&m.author).chain(&m.aliases) {
                if !text_aliases.iter().any(|(x, _)| x == a) {
                    text_aliases.push((a.clone(), *seat));
                }
            }
        }
    }
    for who in cast.players.iter().chain([&cast.host]) {
        let posts = transcript.messages.iter().any(|m| {
            cast.speaker(&m.author, &m.aliases)
                .is_some_and(|(_, n)| &n == who)
        });
        if !posts {
            let authors: std::collections::BTreeSet<&str> = transcript
                .messages
                .iter()
                .map(|m| m.author.as_str())
                .collect();
            return Err(MatchImportError::NobodyPosts(
                who.clone(),
                authors.into_iter().collect::<Vec<_>>().join(", "),
            ));
        }
    }
    let start = transcript
        .messages
        .first()
        .map_or(DateTime::<Utc>::UNIX_EPOCH, |m| m.at);
    let create = NewEvent {
        occurred_at: start,
        actor: Actor::Importer {
            importer: opts.importer.clone(),
            speaker: Box::new(Actor::Host(cast.host.clone())),
        },
        body: Body::Create(Create {
            config: match &opts.config {
                Some(c) if c.game() == opts.game => c.clone(),
                Some(c) => {
                    return Err(MatchImportError::ConfigForAnotherGame(
                        c.game().slug(),
                        opts.game.slug(),
                    ))
                }
                None => opts.game.default_config(),
            },
            players: cast.players.to_vec(),
            host: cast.host.clone(),
            title: opts.title.clone(),
            source: Some(Source {
                format: transcript.format.slug().to_string(),
                name: opts.source_name.clone(),
                text: source_text.to_string(),
            }),
        }),
    };

    let Body::Create(c) = &create.body else {
        unreachable!("the Create built above")
    };
    let play = MatchState::start(c, start).ok().map(Play::uncopied);
    let refold = Refold::start(std::slice::from_ref(&create));
    let mut reader = Reading {
        opts,
        transcript,
        speakers: &speakers,
        aliases: &text_aliases,
        pending: None,
        picker: None,
        events: vec![create],
        read: Vec::new(),
        play,
        refold,
        unread: Vec::new(),
        chatter: Vec::new(),
        mismatches: Vec::new(),
        rounds: 0,
        corrections: BTreeMap::new(),
        corrected: Vec::new(),
        open_appeals: Vec::new(),
        halves: Vec::new(),
        match_ruled: false,
    };
    for c in &reviewing.corrections {
        reader.take_correction(c);
    }
    for m in &transcript.messages {
        reader.message(m.index);
    }
    let unplayed = reader.unplayed_round();
    let review = (!reviewing.corrections.is_empty() || reviewing.supersedes.is_some())
        .then(|| reader.review(reviewing));
    let Reading {
        events,
        read: read_events,
        play,
        unread,
        chatter,
        mismatches,
        corrected,
        ..
    } = reader;
    let mut events = events;
    if let (Some(review), Some(first)) = (review, events.first_mut()) {
        if let Body::Create(create) = &first.body {
            first.body = Body::CreateReviewed(Box::new(ReviewedCreate {
                create: create.clone(),
                review,
            }));
        }
    }
    let state = play.map(|p| p.state);

    let outcome = outcome(state.as_ref(), &cast.players);
    let rulings_in_question = flags::rulings_in_question(state.as_ref(), &events, &read_events);
    let cascades = flags::cascades(&read_events, &unread);
    let doubts = flags::doubts(state.as_ref(), &read_events);
    let mut notes: Vec<String> = cascades.iter().map(flags::cascade_note).collect();
    notes.extend(transcript.notes.iter().cloned());
    notes.extend(unplayed);
    // A name that matches no one: who it probably is.
    let mut unread = unread;
    let authors: Vec<&str> = {
        let mut a: Vec<&str> = transcript
            .messages
            .iter()
            .flat_map(|m| {
                std::iter::once(m.author.as_str()).chain(m.aliases.iter().map(String::as_str))
            })
            .filter(|a| !a.is_empty())
            .collect();
        a.sort_unstable();
        a.dedup();
        a
    };
    let mut names = Vec::new();
    for u in &mut unread {
        let names_no_one = u.reason.contains("who is no player of this match");
        if let Some(name) = quoted_name(&u.reason).filter(|_| names_no_one) {
            u.reason
                .push_str(&match flags::likely_author(&name, &authors) {
                    Some(author) => match cast.speaker(author, &[]) {
                        Some((_, real)) => {
                            if !names.iter().any(|n: &UntiedName| n.name == name) {
                                names.push(UntiedName {
                                    name: name.clone(),
                                    message: u.message,
                                    author: author.to_string(),
                                    tie_to: real.clone(),
                                });
                            }
                            format!(" ('{name}' looks like {author}: add --alias {name}={real})")
                        }
                        None => format!(
                        " ('{name}' looks like {author}, who is neither a player nor the host here)"
                    ),
                    },
                    None => format!(" (no author here is named like '{name}')"),
                });
        }
    }
    Ok(Imported {
        report: ImportReport {
            format: transcript.format.slug(),
            messages: transcript.messages.len(),
            events: read_events,
            unread,
            chatter,
            board_mismatches: mismatches,
            rulings_in_question,
            doubts,
            cascades,
            skipped_lines: transcript.skipped.len(),
            notes,
            outcome,
            corrections: corrected,
            untied_names: names,
        },
        events,
    })
}

/// The import as it goes: each message is read against the match as the
/// messages before it left it, and what it says is applied at once, so the
/// next message is read knowing whose turn it is and what is awaited.
struct Reading<'a> {
    opts: &'a ImportOptions,
    transcript: &'a Transcript,
    /// Who each message is by (`None`: a spectator).
    speakers: &'a [Option<(Speaker, String)>],
    /// The players' other names in message text, with their seats.
    aliases: &'a [(String, usize)],
    /// What the host has said toward the next round's opening.
    pending: Option<Pending>,
    /// The player whose choice of who starts is awaited.
    picker: Option<usize>,
    /// The events so far, Create first.
    events: Vec<NewEvent>,
    /// Each event after the Create as the report shows it.
    read: Vec<ReadEvent>,
    /// The match now.
    play: Option<Play>,
    /// The match at an earlier event, when one is needed: the state a
    /// corrected move was applied to, or the one before a proof that the
    /// next message continues.
    refold: Refold,
    unread: Vec<Unread>,
    chatter: Vec<usize>,
    /// Boards the host posted that the replay does not show.
    mismatches: Vec<BoardMismatch>,
    /// Rounds opened so far.
    rounds: u32,
    /// The corrections that apply, by message.
    corrections: BTreeMap<usize, CorrectionInput>,
    /// Every correction given, as the report shows it.
    corrected: Vec<CorrectionReport>,
    /// The appeals the rules took that no decision has answered yet, by
    /// seq, oldest first.
    open_appeals: Vec<u64>,
    /// Messages read already as the second half of the one before.
    halves: Vec<usize>,
    /// Whether the rules took a ruling of the match: what players say
    /// after it is the post-mortem (see `post_mortem`).
    match_ruled: bool,
}

/// An opening gathered from host messages, not yet an event.
struct Pending {
    opening: Opening,
    /// The messages it came from, in order.
    messages: Vec<usize>,
    /// When its first message was posted.
    at: DateTime<Utc>,
}

impl Reading<'_> {
    /// The match as the messages so far left it.
    fn state(&self) -> Option<&MatchState> {
        self.play.as_ref().map(|p| &p.state)
    }

    /// Whether a round (or the game) is being played now: moves belong to
    /// it, and talk of who starts is not about a next round.
    fn in_play(&self) -> bool {
        self.state().is_some_and(crate::games::chat::in_play)
    }

    /// Reads message `index` and applies what it says.
    fn message(&mut self, index: usize) {
        if self.halves.contains(&index) || !self.corrected_message(index) {
            return;
        }
        let m = &self.transcript.messages[index];
        let text = self.text_of(index);
        let Some((speaker, name)) = self.speakers[index].clone() else {
            self.chatter.push(index);
            return;
        };
        if self.joke_taken_back(index, speaker, &text) {
            return;
        }
        let ctx = self.context();
        // The player who picks names who starts the next round.
        if let (Speaker::Player(seat), Some(picker)) = (speaker, self.picker) {
            if seat == picker {
                if let Some(first) = crate::games::chat::host::choice(&text, seat, &ctx) {
                    self.picker = None;
                    self.pend(index).opening.first = Some(first);
                    return;
                }
            }
        }
        // `1. a2E b1W 2. a3E a1N 3. b2E a2N`: only the last is new.
        let text = match speaker {
            Speaker::Player(_) => self.past_the_move_list(&text).map_or(text, Into::into),
            Speaker::Host => text,
        };
        let mut readings = self.readings_of(&text, speaker);
        if let Speaker::Player(_) = speaker {
            readings = self.past_the_match(readings);
        }
        let (mut text, mut messages) = (text.into_owned(), vec![index]);
        let alone = split::Alone {
            index,
            speaker,
            text: &text,
            readings: &readings,
        };
        if let Some((joined, read)) = self.split_move(&alone) {
            self.halves.push(index + 1);
            (text, readings, messages) = (joined, read, vec![index, index + 1]);
        } else if let Some((fixed, read)) = self.starred_fix(&alone) {
            (text, readings, messages) = (fixed, read, vec![index - 1, index]);
        }
        let mut said_anything = false;
        for r in readings {
            match r.read {
                ChatReading::Chatter => {}
                ChatReading::Fact(fact) => {
                    said_anything |= self.fact(index, fact);
                }
                ChatReading::Unread(reason) => {
                    said_anything = true;
                    // Someone may have moved here: no correction across it.
                    let who = match speaker {
                        Speaker::Player(_) => Some(name.as_str()),
                        Speaker::Host => None,
                    };
                    if let Some(p) = self.play.as_mut() {
                        p.interrupted_by(who);
                    }
                    self.unread.push(Unread {
                        message: index,
                        reason,
                    })
                }
                ChatReading::Event(body) if self.said_again(&body) => {}
                ChatReading::Event(body) => {
                    said_anything = true;
                    // Play begins: the round the host announced opens first.
                    if matches!(speaker, Speaker::Player(_))
                        && crate::games::chat::opens_before(self.opts.game, &body)
                    {
                        self.open_round();
                    }
                    if matches!(body, Body::RoundStart(_)) {
                        self.rounds += 1;
                    }
                    if !self.joined(index, speaker, &body) {
                        let part = part_of(&text, &r.lines);
                        self.apply(messages.clone(), part, speaker, name.clone(), m.at, body);
                    }
                }
            }
        }
        if speaker == Speaker::Host
            && !self
                .pending
                .as_ref()
                .is_some_and(|p| p.messages.contains(&index))
        {
            self.check_board(index);
        }
        if !said_anything {
            self.chatter.push(index);
        }
    }

    /// A board the host (or a bot) posts is evidence: it is compared with
    /// the replay, and a difference is reported at its message, so a
    /// misread move cannot pass unnoticed.
    fn check_board(&mut self, index: usize) {
        let text = self.text_of(index);
        let Some(found) = self
            .state()
            .and_then(|s| crate::games::chat::board_evidence(s, &text))
        else {
            return;
        };
        let differences = match found {
            Ok(d) if d.is_empty() => return,
            Ok(d) => d,
            Err(why) => vec![format!("the board cannot be read: {why}")],
        };
        self.mismatches.push(BoardMismatch {
            message: index,
            differences,
        });
    }

    /// Takes in what the host said about the next round; `false` when it
    /// does not apply now (talk of who starts while a round is played).
    fn fact(&mut self, index: usize, fact: Fact) -> bool {
        let in_play = self.in_play();
        match fact {
            Fact::First(seat) => {
                if in_play && self.pending.is_none() {
                    return false;
                }
                self.pend(index).opening.first = Some(seat);
                self.picker = None;
            }
            Fact::Opens(n) => {
                let next = self.rounds + 1;
                let announced = self.pending.as_ref().and_then(|p| p.opening.round);
                if in_play && self.pending.is_none() && n != Some(next) {
                    return false;
                }
                if let (Some(a), Some(n)) = (announced, n) {
                    if a != n {
                        // A new round announced: the one before opens as it is.
                        self.open_round();
                    }
                }
                let p = self.pend(index);
                if n.is_some() {
                    p.opening.round = n;
                }
            }
            Fact::Picks(Picker::Seat(seat)) => self.picker = Some(seat),
            Fact::Picks(Picker::Loser) => {
                self.picker = self.state().and_then(crate::games::chat::last_loser);
                if self.picker.is_none() {
                    return false;
                }
            }
        }
        true
    }

    /// Joins a proof to the previous event when it continues it: a proof
    /// by the same speaker whose messages come right before this one (only
    /// spectators between). `false` when it does not.
    fn joined(&mut self, index: usize, speaker: Speaker, body: &Body) -> bool {
        if !matches!(body, Body::Proof(_)) {
            return false;
        }
        if !self.last_right_before(index, "proof", speaker) {
            return false;
        }
        let Some(mut joined) = self.events.last().map(|e| e.body.clone()) else {
            return false;
        };
        if !join_proofs(&mut joined, body) {
            return false;
        }
        // Applied again from the match before the proof it continues (a
        // proof is no move: nothing of it was correctable).
        let Some(last) = self.take_back_last() else {
            return false;
        };
        let mut messages = last.messages;
        messages.push(index);
        let part = format!("{}\n{}", last.part, self.text_of(index));
        self.apply(messages, part, speaker, last.by, last.at, joined);
        true
    }

    /// Applies one event read from `messages` and records it.
    fn apply(
        &mut self,
        messages: Vec<usize>,
        part: String,
        speaker: Speaker,
        name: String,
        at: DateTime<Utc>,
        body: Body,
    ) {
        let cast = &self.opts.cast;
        let body = settle(
            body,
            &self.text_of(messages[0]),
            speaker,
            self.state(),
            &cast.players,
        );
        let said_by = Box::new(match speaker {
            Speaker::Host => Actor::Host(name.clone()),
            Speaker::Player(_) => Actor::Player(name.clone()),
        });
        // An event a correction made says so, and which message it read.
        let correction = messages
            .iter()
            .find_map(|m| self.says(*m).map(|c| (*m, c.reviewer.clone())));
        let actor = match &correction {
            Some((message, reviewer)) => Actor::Corrected {
                importer: self.opts.importer.clone(),
                reviewer: reviewer.clone(),
                message: *message as u32,
                speaker: said_by,
            },
            None => Actor::Importer {
                importer: self.opts.importer.clone(),
                speaker: said_by,
            },
        };
        let seq = self.events.len() as u64;
        let before = self.state().and_then(reserves);
        // A correction is applied to the match before the move it replaces.
        let (refold, events, read) = (&mut self.refold, &self.events, &self.read);
        let before_move = |m: u64| {
            let k = (m as usize).saturating_sub(1);
            refold.before(events, read, k).cloned()
        };
        let (rule_error, note) = match self.play.as_mut() {
            Some(p) => match p.apply_with(
                &body,
                Stamp {
                    seq,
                    actor: &actor,
                    at,
                },
                before_move,
            ) {
                Ok(applied) => {
                    if let Some(old) = applied.supersedes {
                        // read[k] is the event at seq k + 1.
                        if let Some(e) = self.read.get_mut(old as usize - 1) {
                            e.superseded_by = Some(messages[0]);
                        }
                    }
                    (None, Some(applied.note))
                }
                Err(e) => {
                    p.refused(&body, &actor);
                    (Some(e.message), None)
                }
            },
            None => (Some("the match could not start".to_string()), None),
        };
        let overtime = match (before, self.state().and_then(reserves)) {
            (Some(b), Some(a)) => (0..2).find(|&p| a[p] < b[p]).map(|p| {
                format!(
                    "{} ran {:.1} s over; reserve left {:.1} s{}",
                    cast.players[p],
                    (b[p] - a[p]) as f64 / 1000.0,
                    a[p].max(0) as f64 / 1000.0,
                    if a[p] < 0 { " — ran out" } else { "" }
                )
            }),
            _ => None,
        };
        let taken = rule_error.is_none();
        self.read.push(ReadEvent {
            part,
            superseded_by: None,
            overtime,
            message: messages[0],
            messages,
            kind: body.kind(),
            text: crate::replay::describe(&body),
            by: name,
            at,
            rule_error,
            note,
            corrected_by: correction.map(|(_, reviewer)| reviewer),
        });
        if taken {
            match &body {
                Body::Appeal(_) => self.open_appeals.push(seq),
                Body::AppealDecision(d) => self.open_appeals.retain(|&a| a != d.appeal_seq),
                Body::Ruling(r) => self.match_ruled |= r.scope == crate::event::Scope::Match,
                _ => {}
            }
        }
        self.events.push(NewEvent {
            occurred_at: at,
            actor,
            body,
        });
    }
}

/// The name a reason quotes (`'quil'`), when it quotes one.
fn quoted_name(reason: &str) -> Option<String> {
    let start = reason.find('\'')? + 1;
    let len = reason[start..].find('\'')?;
    let name = &reason[start..start + len];
    (!name.is_empty() && !name.contains(' ')).then(|| name.to_string())
}

/// The lines `lines` of `text`, as written.
fn part_of(text: &str, lines: &std::ops::Range<usize>) -> String {
    text.lines()
        .skip(lines.start)
        .take(lines.end.saturating_sub(lines.start))
        .collect::<Vec<_>>()
        .join("\n")
}
