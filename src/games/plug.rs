//! What a game supplies beside its rules: everything the registry asks of
//! it for the pages, the verifier and the chat import, one method each.
//!
//! As in Simon Tatham's puzzle collection (`struct game`), every game fills
//! in the same table; a game that lacks a part says so by keeping the
//! default (no analysis, no series, no findings, no chat reader), never by
//! a special case elsewhere. [`Game`] is the rules (`rules.rs`, start and
//! apply); [`Plug`] is the rest, implemented in the game's own `plug.rs`,
//! which delegates to the game's view, chat and check files (the three
//! small one-game matches write the parts they fill in alike with
//! `one_game::plug_parts!`, the three games drawn on a board in chat with
//! [`parts_from_files!`], and the two played in rounds with
//! [`in_rounds!`]). The registry (`games!` in `games/mod.rs`)
//! asks a game only through these two traits, so adding a game is one
//! folder and one line there.
//!
//! Like the rest of `games/`, imports nothing from `log/`, `web/`,
//! `import/` or `verify.rs`.

use std::time::Duration;

use super::chat::{ChatContext, Opening, Reading};
use super::engine::{Decision, Round, Rounds};
use super::series::Chart;
use super::{Analysis, AnalysisNote, Event, Game, MoveMark, ProofOf, ProofSteps, View};
use crate::event::Body;
use crate::findings::Finding;

/// The rounds of a match as the rules decide them once nothing more comes
/// (an imported transcript is all there is): each round's number and its
/// winner's seat, how many round wins take the match, and the seat that
/// lost the whole match on time whatever the rounds say (Traffic Jam's
/// reserve run out).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundsByRules {
    pub rounds: Vec<(u32, Option<usize>)>,
    pub to_win: u32,
    pub forfeit: Option<usize>,
}

impl RoundsByRules {
    /// A match of `rounds`, each round decided by `verdict` as if closed.
    pub fn of<R: Round>(rounds: &Rounds<R>, verdict: impl Fn(&R) -> Option<Decision>) -> Self {
        RoundsByRules {
            rounds: (rounds.iter())
                .map(|r| (r.number(), verdict(r).and_then(|d| d.winner)))
                .collect(),
            to_win: rounds.to_win,
            forfeit: None,
        }
    }

    /// The same, with the seat that lost the match on time.
    pub fn forfeited(self, seat: Option<usize>) -> Self {
        RoundsByRules {
            forfeit: seat,
            ..self
        }
    }
}

/// A game's chat readers, supplied together: a game reads its chat, host
/// and players and the openings of its rounds, or it does not.
#[derive(Clone, Copy)]
pub struct ChatReaders {
    /// What a host's message says, in order, with the lines each reading
    /// came from (most games: [`host::read`](super::chat::host::read) with
    /// their own words).
    pub host: fn(&str, &ChatContext) -> Vec<Reading>,
    /// What a message by the player in a seat says.
    pub player: fn(&str, usize, &ChatContext) -> Vec<Reading>,
    /// The event that opens the round (or sets up the game) from what the
    /// host has said; the reason when something it needs is missing.
    pub open: fn(&Opening, &ChatContext) -> Result<Body, String>,
}

/// Everything a game supplies beside its rules. Only the title, the view
/// and where a match stands are required; every other part has a default
/// that says the game does not have it.
pub trait Plug: Game + Sized + 'static {
    /// The game's name as people write it ("Traffic Jam (Rush Hour)").
    const TITLE: &'static str;
    /// The game's rules as written (`docs/rules/<slug>.md`), in Markdown.
    const RULES: &'static str;
    /// How the step page names the sub-steps of a proof and their count.
    const PROOF_STEPS: ProofSteps = ProofSteps::MOVES;
    /// Whether a match is played in rounds, each opened by the host and
    /// won by a ruling; `false`: one game, set up once.
    const IN_ROUNDS: bool = false;
    /// How arbiter reads this game's chat; `None`: it cannot, and an
    /// import of its transcript is refused, saying so, rather than read
    /// as talk.
    const CHAT: Option<ChatReaders> = None;

    // ---- the page ----

    /// What a page draws for this state.
    fn view(m: &Self::State) -> View;

    /// The exact value of the position and of every legal move, for the
    /// games small enough to value every position; `None` for the others
    /// and before play starts.
    fn analysis(_m: &Self::State) -> Option<Analysis> {
        None
    }

    /// Why this position has no analysis yet, live; `None` for the games
    /// and boards whose analysis never waits.
    fn analysis_note(_m: &Self::State) -> Option<AnalysisNote> {
        None
    }

    /// The move named `name` (as the analysis names it) drawn over this
    /// state's board; `None` when the game does not draw moves.
    fn move_mark(_m: &Self::State, _name: &str) -> Option<MoveMark> {
        None
    }

    /// How many times solved tables arrived for this game since the
    /// process started (anything derived from analyses and kept is stale
    /// once this moves); 0 for a game that keeps no tables.
    fn analysis_generation() -> u64 {
        0
    }

    /// A payload event (a setup, a placement, a claim, a challenge, a
    /// proof) in the game's own notation; `None` for the events every game
    /// shares, which the replay words itself.
    fn describe(_event: &Event<'_, Self>) -> Option<String> {
        None
    }

    /// The game's own numbers over a match, for the chart under its step
    /// pages, as a fold over the steps; `limit` bounds a long search per
    /// round. `None`: the game has no series (its chart is the value
    /// history, if any).
    fn chart(_limit: Option<Duration>) -> Option<Box<dyn Chart<Self::State>>> {
        None
    }

    // ---- the verifier ----

    /// For every claim, what the host ruled beside what the rules say and
    /// what is true; `limit` bounds a search that can be long ("at least").
    fn findings(_m: &Self::State, _limit: Option<Duration>) -> Vec<Finding> {
        Vec::new()
    }

    // ---- where a match stands ----

    /// Whether a round (or the game) is being played: it has opened and
    /// not ended by the rules or a ruling.
    fn in_play(m: &Self::State) -> bool;

    /// Whether play has begun: a round has opened (or the game was set
    /// up). Before that, a host's words about winning explain the rules.
    fn started(m: &Self::State) -> bool;

    /// The loser of the last round the host ruled (who picks who starts
    /// the next), in a game whose rounds have a first player.
    fn last_loser(_m: &Self::State) -> Option<usize> {
        None
    }

    /// Each player's time reserve (milliseconds, seat order), for a game
    /// that keeps one.
    fn reserves(_m: &Self::State) -> Option<[i64; 2]> {
        None
    }

    /// Whether the time running now goes on into the player's reserve
    /// when it ends (a Traffic Jam move's minutes, a Duorail turn's
    /// minute before its bank): then only the reserve's end is a time-out,
    /// and a host saying the minutes passed reports no time-out. By
    /// default, whenever the game keeps a reserve.
    fn reserve_follows(m: &Self::State) -> bool {
        Self::reserves(m).is_some()
    }

    /// The rounds as the rules decide them once nothing more comes;
    /// `None`: one game, won by the player the rules' score puts ahead.
    fn rounds_by_rules(_m: &Self::State) -> Option<RoundsByRules> {
        None
    }

    // ---- the chat ----

    /// Fills in what a player's message leaves to the match so far (the
    /// state before the event): a piece written without its color is in
    /// the speaker's colors.
    fn settle(
        body: Body,
        _text: &str,
        _seat: usize,
        _m: &Self::State,
        _players: &[String],
    ) -> Body {
        body
    }

    /// Joins a proof posted over two messages into one; `false` when the
    /// two cannot be joined (each is its own attempt).
    fn join_proofs(_first: &mut ProofOf<Self>, _more: &ProofOf<Self>) -> bool {
        false
    }

    /// Whether `body` needs the round the host announced to be open first
    /// (a pick for the next round is posted before it opens).
    fn opens_before(_body: &Body) -> bool {
        true
    }

    /// A board the host (or a bot) posts, as evidence against the replay:
    /// `None` when the message draws no board (or the game has no
    /// drawings); else the differences in words, or why it cannot be read.
    fn board_evidence(_m: &Self::State, _text: &str) -> Option<Result<Vec<String>, String>> {
        None
    }

    /// Events whose content does not fit the match as read: evidence that
    /// a message before them was misread. (seq, why).
    fn doubts(_m: &Self::State) -> Vec<(u64, String)> {
        Vec::new()
    }
}

/// The parts of [`Plug`] that Traffic Jam, Bejeweled and Duorail fill in
/// alike, each from its own files of those names: the chat readers
/// (`chat::read_host`, `chat::read_player_message`, `chat::open`), the
/// page's board (`view::view`), the chart under the step pages
/// (`chart::Fold::new(limit)`), the verifier's findings
/// (`check::findings(m, limit)`) and a board the host posts, read as
/// evidence against the replay (`drawing::evidence`).
macro_rules! parts_from_files {
    () => {
        const CHAT: Option<$crate::games::ChatReaders> = Some($crate::games::ChatReaders {
            host: chat::read_host,
            player: chat::read_player_message,
            open: chat::open,
        });

        fn view(m: &Self::State) -> $crate::games::View {
            view::view(m)
        }

        fn chart(
            limit: Option<std::time::Duration>,
        ) -> Option<Box<dyn $crate::games::series::Chart<Self::State>>> {
            Some(Box::new(chart::Fold::new(limit)))
        }

        fn findings(
            m: &Self::State,
            limit: Option<std::time::Duration>,
        ) -> Vec<$crate::findings::Finding> {
            check::findings(m, limit)
        }

        fn board_evidence(m: &Self::State, text: &str) -> Option<Result<Vec<String>, String>> {
            drawing::evidence(text, m)
        }
    };
}

pub(crate) use parts_from_files;

/// The parts of [`Plug`] that every game played in rounds (Traffic Jam,
/// Bejeweled: a match keeps its `rounds` as the engine's [`Rounds`]) fills
/// in alike: it is played in rounds, a round is in play while the engine
/// has a current one, and play has begun once one has opened.
macro_rules! in_rounds {
    () => {
        const IN_ROUNDS: bool = true;

        fn in_play(m: &Self::State) -> bool {
            m.rounds.current().is_some()
        }

        fn started(m: &Self::State) -> bool {
            !m.rounds.is_empty()
        }
    };
}

pub(crate) use in_rounds;
