//! What chat messages say to the rules: the words every game's reader
//! shares (a message cleaned of markdown and emoji, its words, names in
//! it, the host's announcements), so that each game's folder supplies only
//! its own notation and vocabulary.
//!
//! What each game reads is asked of the game through the registry
//! ([`GameKind::read_host`], [`MatchState::in_play`] …): nothing here
//! chooses by game; the functions below are the import's doors to them.
//!
//! Must not import anything from `log/` but the event vocabulary, nor from
//! `import/`, `web/` or `verify.rs`: the import layer calls in here, never
//! the other way round.

pub mod appeal;
pub mod cells;
pub mod host;
pub mod marks;
pub mod typing;
pub mod words;

use super::{GameKind, MatchState};
use crate::event::{Body, Timeout};

/// Who wrote a chat message, as the person importing mapped its author.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Speaker {
    /// The player in this seat.
    Player(usize),
    Host,
}

/// What a game's notation knows when it reads a chat message: the
/// players' names (seat order), the rounds opened so far, and the match as
/// the messages before this one left it (what it expects next: whose turn
/// it is, a claim waiting for its proof, a round about to open).
pub struct ChatContext<'a> {
    pub players: &'a [String],
    /// Rounds opened so far (a ruling without a round number is about the
    /// latest).
    pub rounds: u32,
    /// The match so far; `None` when it is not known (a message read on
    /// its own, or a match that could not start).
    pub state: Option<&'a MatchState>,
    /// Other names of the players in message text (a display name, a
    /// nickname, a mention's name), with the seat each names.
    pub aliases: &'a [(String, usize)],
    /// The player whose choice of who starts the next round is awaited
    /// (the loser of the last round, when the host says the loser picks).
    pub picker: Option<usize>,
    /// The player a round the host has announced but that has not opened
    /// yet gives the first move to: that player's next message may be the
    /// first move, words and all (`c2 c3, vertical`).
    pub announced_first: Option<usize>,
    /// The host has announced a round that has not opened yet (its grid,
    /// its target): a message now may be its first play, words and all.
    pub round_announced: bool,
}

impl<'a> ChatContext<'a> {
    /// A context that knows only the players and the rounds opened.
    pub fn new(players: &'a [String], rounds: u32) -> ChatContext<'a> {
        ChatContext {
            players,
            rounds,
            state: None,
            aliases: &[],
            picker: None,
            announced_first: None,
            round_announced: false,
        }
    }
}

impl ChatContext<'_> {
    /// The seat of the player named in `text` (a whole word, any case):
    /// the first one named.
    pub fn named_player(&self, text: &str) -> Option<usize> {
        let lower = text.to_lowercase();
        self.players
            .iter()
            .enumerate()
            .filter_map(|(seat, name)| find_word(&lower, &name.to_lowercase()).map(|at| (at, seat)))
            .min()
            .map(|(_, seat)| seat)
    }
}

/// Where `word` stands in `text` as a whole word (not inside a longer
/// name), by byte offset.
pub fn find_word(text: &str, word: &str) -> Option<usize> {
    if word.is_empty() {
        return None;
    }
    let is_name_char = |c: char| c.is_alphanumeric() || c == '_';
    let mut from = 0;
    while let Some(i) = text[from..].find(word) {
        let at = from + i;
        let end = at + word.len();
        let before = text[..at].chars().next_back();
        let after = text[end..].chars().next();
        if !before.is_some_and(is_name_char) && !after.is_some_and(is_name_char) {
            return Some(at);
        }
        from = at + word.chars().next().map_or(1, char::len_utf8);
    }
    None
}

/// A chat message as the notation readers see it: code fences, markdown
/// marks, custom emoji (`:name:`) and pictographs gone, struck-through
/// text (`~~a3 S~~ a3 E`: the writer withdrew it) gone, lines trimmed;
/// what is left is words, cells and punctuation; a count written against
/// a counter word of another script (`15개`) stands apart from it.
pub fn clean_chat(text: &str) -> String {
    let mut out = String::new();
    let (text, _) = marks::struck_out(text);
    for line in text.lines() {
        let line = line.trim();
        if line.starts_with("```") {
            continue;
        }
        let mut kept = String::new();
        let mut rest = line.trim_start_matches('>').trim_start();
        while !rest.is_empty() {
            // A custom emoji `:name:` is one token.
            if let Some(after) = rest.strip_prefix(':') {
                if let Some(end) = after.find(':') {
                    let name = &after[..end];
                    if !name.is_empty()
                        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
                    {
                        rest = &after[end + 1..];
                        continue;
                    }
                }
            }
            let c = rest.chars().next().unwrap_or(' ');
            rest = &rest[c.len_utf8()..];
            if matches!(c, '*' | '`' | '~' | '|') {
                continue;
            }
            // An ellipsis ends what came before it (`F4-F3… wait that was
            // the last x`), as three dots do.
            if c == '…' {
                kept.push_str("...");
                continue;
            }
            if c.is_alphanumeric() || c.is_whitespace() || c.is_ascii_punctuation() {
                // A count's counter word in another script is a word of
                // its own (`15개`, `3个`): the count stays a count.
                if !c.is_ascii()
                    && c.is_alphabetic()
                    && kept.ends_with(|d: char| d.is_ascii_digit())
                {
                    kept.push(' ');
                }
                kept.push(c);
            }
        }
        let kept = kept
            .split_whitespace()
            .map(unit_apart)
            .collect::<Vec<_>>()
            .join(" ");
        out.push_str(&kept);
        out.push('\n');
    }
    out.trim().to_string()
}

/// Units a count is written against with no space (`3moves`, `2min`,
/// `16gems`).
const UNITS: [&str; 16] = [
    "move", "moves", "min", "mins", "minute", "minutes", "sec", "secs", "second", "seconds", "gem",
    "gems", "pt", "pts", "point", "points",
];

/// A count glued to its unit as two words (`3moves` → `3 moves`); any
/// other word as written (`1st`, `5x5`, `a3`).
fn unit_apart(word: &str) -> std::borrow::Cow<'_, str> {
    let digits = word.len() - word.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let (count, rest) = word.split_at(digits);
    let unit = rest.trim_end_matches(|c: char| c.is_ascii_punctuation());
    if digits > 0 && UNITS.contains(&unit.to_lowercase().as_str()) {
        format!("{count} {rest}").into()
    } else {
        word.into()
    }
}

/// Lowercase words (letters, digits, `_`) of a cleaned message: what the
/// chat readers match key words against.
pub fn chat_words(clean: &str) -> Vec<String> {
    clean
        .to_lowercase()
        .split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect()
}

/// A host's time-out announcement (`reds_ ran out of time`, `time out
/// mira`): the player it names, with `note` (the host's words) kept.
/// `lower` is the message's words joined by spaces.
pub fn read_timeout(lower: &str, clean: &str, note: String, ctx: &ChatContext) -> Option<Body> {
    const SAYS: [&str; 5] = [
        "timed out",
        "time out",
        "timeout",
        "out of time",
        "ran out of",
    ];
    if !SAYS.iter().any(|t| lower.contains(t)) {
        return None;
    }
    let seat = ctx.named_player(clean)?;
    Some(Body::Timeout(Timeout {
        player: ctx.players[seat].clone(),
        note,
    }))
}

/// Where a name (one or more words) stands in a message's words: the
/// index of its first word and one past its last, each time it occurs.
pub fn name_at(w: &[String], name: &str) -> Vec<(usize, usize)> {
    let n = chat_words(name);
    if n.is_empty() || n.len() > w.len() {
        return Vec::new();
    }
    (0..=w.len() - n.len())
        .filter(|&i| w[i..i + n.len()] == n[..])
        .map(|i| (i, i + n.len()))
        .collect()
}

/// Who a host's ruling gives the game or round to: `Some(Some(seat))`,
/// `Some(None)` for no player (the host), `None` when the words are not a
/// ruling. The winner is the player who `wins`/`won`/`takes` it, who `is
/// the winner`, or the one it goes `to` (`round 3 to reds`, `victory to
/// reds`), not merely the first player named: a ruling often names the
/// loser first ("craw claimed 35 … round 3 to reds").
pub fn ruling_winner(w: &[String], ctx: &ChatContext) -> Option<Option<usize>> {
    let lower = w.join(" ");
    const NOBODY: [&str; 7] = [
        "nobody wins",
        "no one wins",
        "noone wins",
        "host wins",
        "dmo wins",
        "no winner",
        "no player wins",
    ];
    if NOBODY.iter().any(|n| lower.contains(n)) {
        return Some(None);
    }
    let word = |i: usize| w.get(i).map(String::as_str);
    let mut best: Option<(usize, usize)> = None;
    for (seat, name) in ctx.players.iter().enumerate() {
        for (from, to) in name_at(w, name) {
            let before = |k: usize| from.checked_sub(k).and_then(word);
            let goes_to_them = before(1) == Some("to")
                && before(2).is_some_and(|b| {
                    b.parse::<u32>().is_ok()
                        || ["round", "match", "game", "point", "win", "victory"].contains(&b)
                });
            let wins = word(to).is_some_and(|a| ["wins", "won", "takes", "took"].contains(&a))
                || (word(to) == Some("is")
                    && word(to + 1) == Some("the")
                    && word(to + 2) == Some("winner"))
                || goes_to_them
                || before(1).is_some_and(|b| ["win", "victory", "winner"].contains(&b))
                || (before(1) == Some("is") && before(2) == Some("winner"));
            if wins && best.is_none_or(|(at, _)| from < at) {
                best = Some((from, seat));
            }
        }
    }
    best.map(|(_, seat)| Some(seat))
}

/// What the host has said toward the next round's opening (or a one-game
/// match's setup), gathered over one or more messages: the round's
/// number, who starts, and the texts (the opening line, a board drawn in
/// the next message) the game reads its own parameters from.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Opening {
    pub round: Option<u32>,
    pub first: Option<usize>,
    pub texts: Vec<String>,
}

/// One thing a message says, with the lines it came from.
#[derive(Clone, PartialEq, Debug)]
pub struct Reading {
    pub read: ChatReading,
    /// The message's lines it was read from (0-based, end exclusive).
    pub lines: std::ops::Range<usize>,
}

/// One thing a reader found in a message, and where it starts (line,
/// word): a reader that looks for several kinds of things gives them in
/// the order they were written ([`in_order`]).
pub struct Found {
    pub at: (usize, usize),
    pub lines: std::ops::Range<usize>,
    pub read: ChatReading,
}

/// The readings `found` in a message, in the order they were written.
pub fn in_order(mut found: Vec<Found>) -> Vec<Reading> {
    found.sort_by_key(|f| f.at);
    found
        .into_iter()
        .map(|f| Reading {
            read: f.read,
            lines: f.lines,
        })
        .collect()
}

/// What a message by `speaker` says in a match of `game`, in order: zero
/// or more readings, each with the lines it came from; none for talk.
/// Full-width text (`Ｃ３，１４`) is read as its narrow forms, and a held
/// key as let go (`CLAIMMM`).
/// A message that opens with a block quote and answers below it (`> sable
/// just put E7 UD` / `no 💀`) quotes someone else's words: they say
/// nothing of the writer's.
///
/// A player who asks and then answers themself (`maybe a2 north? yeah a2
/// north, final`, `I think I can get 20?? ok I claim 20`) plays what the
/// answer says: when the whole message reads as no event, what follows
/// its last question is read alone.
pub fn read(game: GameKind, text: &str, speaker: Speaker, ctx: &ChatContext) -> Vec<Reading> {
    let text = unquoted(&typing::untyped(text));
    match speaker {
        Speaker::Host => game.read_host(&text, ctx),
        Speaker::Player(seat) => {
            let text =
                words::analysis_dropped(&words::moves_unnumbered(&words::takeback_joined(&text)));
            let read = |t: &str| game.read_player(&cells::tidy_cells(t), seat, ctx);
            let events = |rs: &[Reading]| {
                rs.iter()
                    .filter(|r| matches!(r.read, ChatReading::Event(_)))
                    .count()
            };
            // Words in quotes are someone else's when the message opens
            // with them and answers (`"4️⃣ on i6" ok calm down 🙄`), or
            // when the writer plays something besides (`… "b3 goes off"?
            // then c2 N`).
            let quoting = quotes_blanked(&text);
            let text = match &quoting {
                Some((own, true)) => own.clone(),
                _ => text,
            };
            let whole = read(&text);
            if let Some((own, false)) = quoting {
                let mine = read(&own);
                if events(&mine) > 0 {
                    return mine;
                }
            }
            match answered(&text) {
                Some(answer) if events(&whole) == 0 => {
                    let after = read(&answer);
                    if events(&after) > 0 {
                        return after;
                    }
                    // `can I put mine in C2? … ok yeah, that one`: the
                    // answer takes up what was asked, as said.
                    if affirms(&answer) {
                        let asked = read(&text.replace('?', " "));
                        if events(&asked) == 1 {
                            return asked;
                        }
                    }
                    whole
                }
                _ => whole,
            }
        }
    }
}

/// Whether the words after a question take it up as the writer's play
/// (`ok yeah, that one`, `that's my answer`, `final`); a bare `ok` or
/// `yeah` may only thank (`is c3 legal? ok thanks`).
fn affirms(answer: &str) -> bool {
    let ws = chat_words(&clean_chat(answer));
    let has = |k: &[&str]| ws.windows(k.len()).any(|w| w == k);
    let denied = ["no", "not", "nah", "nvm", "wait", "never"]
        .iter()
        .any(|d| ws.iter().any(|w| w == d));
    !denied
        && (has(&["that", "one"])
            || has(&["thats", "my"])
            || has(&["that", "s", "my"])
            || has(&["my", "answer"])
            || has(&["final"])
            || has(&["going", "with"])
            || has(&["go", "with"])
            || has(&["lock", "it"])
            || has(&["locking"]))
}

/// What follows a message's last question, with everything before it
/// blanked (lines keep their numbers); `None` without a question or with
/// nothing after it.
fn answered(text: &str) -> Option<String> {
    let at = text.rfind('?')?;
    let rest = &text[at + 1..];
    if rest.trim().is_empty() {
        return None;
    }
    let asked: String = text[..=at]
        .chars()
        .map(|c| if c == '\n' { '\n' } else { ' ' })
        .collect();
    Some(asked + rest)
}

/// `text` with the block quote it opens with (`> …` lines) left blank,
/// so that the lines after keep their numbers, when other lines answer
/// it. A quote further down, or one with nothing after it, is the
/// writer's own way of setting words out (`order for this one:` / `> P1:
/// Wren`).
fn unquoted(text: &str) -> String {
    let quoted = |l: &str| {
        let l = l.trim_start();
        l.starts_with("> ") || l == ">"
    };
    let lines: Vec<&str> = text.lines().collect();
    let opening = lines
        .iter()
        .take_while(|l| l.trim().is_empty() || quoted(l))
        .count();
    let answered = lines[opening..].iter().any(|l| !l.trim().is_empty());
    if opening == 0 || !answered || !lines[..opening].iter().any(|l| quoted(l)) {
        return text.to_string();
    }
    let mut out: Vec<&str> = vec![""; opening];
    out.extend(&lines[opening..]);
    out.join("\n")
}

/// `text` with what it quotes in double quotes (`"…"`, `“…”`) blanked,
/// lines kept, and whether it opens with a quote that words answer after;
/// `None` when it quotes nothing.
fn quotes_blanked(text: &str) -> Option<(String, bool)> {
    let mut out = String::with_capacity(text.len());
    let mut quoting = false;
    let mut quoted = false;
    for line in text.split_inclusive('\n') {
        for c in line.chars() {
            match c {
                '"' | '“' | '”' => {
                    quoting = !quoting && c != '”';
                    quoted = true;
                    out.push(' ');
                }
                '\n' => {
                    quoting = false;
                    out.push(c);
                }
                _ if quoting => out.push(' '),
                _ => out.push(c),
            }
        }
    }
    let opens = text.trim_start().starts_with(['"', '“']) && out.chars().any(char::is_alphanumeric);
    quoted.then_some((out, opens))
}

/// A message read as one reading over all its lines (none for talk): the
/// shape of a reader that does not split a message yet.
pub fn whole(text: &str, read: ChatReading) -> Vec<Reading> {
    if read == ChatReading::Chatter {
        return Vec::new();
    }
    vec![Reading {
        read,
        lines: 0..text.lines().count(),
    }]
}

/// A host message read on its own, as one reading: its first event or
/// unread line, else the opening it gives by itself (or why it cannot
/// open), else talk. The import reads openings across messages; this is
/// the one-message view the games' own tests use.
pub fn one_message(game: GameKind, text: &str, ctx: &ChatContext) -> ChatReading {
    let readings = read(game, text, Speaker::Host, ctx);
    if let Some(r) = readings
        .iter()
        .find(|r| matches!(r.read, ChatReading::Event(_) | ChatReading::Unread(_)))
    {
        return r.read.clone();
    }
    let mut o = Opening::default();
    let mut opens = false;
    // In a one-game match, who plays first after the setup is a reminder.
    let set_up = ctx.rounds > 0 && !game.in_rounds();
    for r in &readings {
        match r.read {
            ChatReading::Fact(host::Fact::First(_)) if set_up => {}
            ChatReading::Fact(host::Fact::First(seat)) => {
                o.first = Some(seat);
                opens = true;
            }
            ChatReading::Fact(host::Fact::Opens(n)) => {
                o.round = n.or(o.round);
                opens = true;
            }
            _ => {}
        }
    }
    if !opens {
        return ChatReading::Chatter;
    }
    o.texts.push(text.to_string());
    match open(game, &o, ctx) {
        Ok(body) => ChatReading::Event(body),
        Err(why) => ChatReading::Unread(why),
    }
}

/// A message read as one reading: a player's first one (talk when the
/// message says nothing), or the host's as [`one_message`] reads it. The
/// view of a game whose player reader reads a message in order.
pub fn first_reading(
    game: GameKind,
    text: &str,
    speaker: Speaker,
    ctx: &ChatContext,
) -> ChatReading {
    match speaker {
        Speaker::Player(seat) => game
            .read_player(text, seat, ctx)
            .into_iter()
            .next()
            .map_or(ChatReading::Chatter, |r| r.read),
        Speaker::Host => one_message(game, text, ctx),
    }
}

/// Whether a round (or the game) is being played: it has opened and not
/// ended by the rules or a ruling.
pub fn in_play(state: &MatchState) -> bool {
    state.in_play()
}

/// Whether play has begun: a round has opened (or the game was set up).
/// Before that, a host's words about winning are the rules being
/// explained ("nobody posts a valid path → the DMO wins"), not a ruling.
pub fn started(state: &MatchState) -> bool {
    state.started()
}

/// The loser of the last round the host ruled (who picks who starts the
/// next round), in the games whose rounds have a first player.
pub fn last_loser(state: &MatchState) -> Option<usize> {
    state.last_loser()
}

/// The event that opens the round (or sets up the game) from what the
/// host has said (typed text undone, as [`read`] reads it); the
/// reason when something it needs is missing.
pub fn open(game: GameKind, opening: &Opening, ctx: &ChatContext) -> Result<Body, String> {
    let narrow = Opening {
        texts: opening.texts.iter().map(|t| typing::untyped(t)).collect(),
        ..opening.clone()
    };
    game.open(&narrow, ctx)
}

/// A board the host (or a bot) posts, as evidence against the replay:
/// `None` when the message draws no board (or the game has no drawings);
/// else the differences in words (none: it agrees), or why it cannot be
/// read.
pub fn board_evidence(state: &MatchState, text: &str) -> Option<Result<Vec<String>, String>> {
    state.board_evidence(&typing::untyped(text))
}

/// Events whose content does not fit the match as read (a solution naming
/// a car the board does not hold): evidence that a message before them was
/// misread. (seq, why).
pub fn doubts(state: &MatchState) -> Vec<(u64, String)> {
    state.doubts()
}

/// Whether `body` needs the round the host announced to be open first: a
/// Bejeweled pick is for the next round, posted before it opens.
pub fn opens_before(game: GameKind, body: &Body) -> bool {
    game.opens_before(body)
}

/// What a game's notation reads in one chat message.
#[derive(Clone, PartialEq, Debug)]
pub enum ChatReading {
    /// A game event.
    Event(Body),
    /// Talk: nothing for the rules.
    Chatter,
    /// It looks like play but cannot be read; the reason says what is
    /// wrong and how it should have been written.
    Unread(String),
    /// Something the host says about the next round or the game (who
    /// starts, who picks, a round opening) that becomes part of the
    /// round's opening event.
    Fact(host::Fact),
}

#[cfg(test)]
mod quote_tests {
    use super::unquoted;
    use crate::games::chat_checks::assert_rewrites;

    #[test]
    fn a_quote_answered_below_it_is_someone_elses_words() {
        assert_rewrites(
            unquoted,
            &[
                ("> teo go F5 F6\nno. F3 F4", "\nno. F3 F4"),
                (">\n> a3 E\n\n**a1 N**", "\n\n\n**a1 N**"),
            ],
            // Set out by the writer: a quote further down, or nothing after it.
            &[
                "order for this one:\n> P1: Wren\n> P2: Kit",
                "> a3 E",
                "a2 N\n> gl",
            ],
        );
    }

    #[test]
    fn words_in_double_quotes_are_blanked_and_an_opening_quote_is_an_answer() {
        use super::quotes_blanked;
        let (own, opens) = quotes_blanked("\"4️⃣ on i6\" ok calm down 🙄").expect("a quote");
        assert!(opens && !own.contains("i6") && own.contains("calm down"));
        let (own, opens) = quotes_blanked("so “b3 goes off”? then c2 N").expect("a quote");
        assert!(!opens && own.contains("c2 N") && !own.contains("b3"));
        // A quote alone answers nothing; no quote, nothing blanked.
        assert_eq!(quotes_blanked("\"C3\"").map(|q| q.1), Some(false));
        assert_eq!(quotes_blanked("C3 please"), None);
    }

    #[test]
    fn an_answer_after_a_question_is_what_follows_it() {
        use super::answered;
        for (text, answer) in [
            ("maybe a2?? yeah a2", Some("           yeah a2")),
            ("is c3 free?\nok c3", Some("           \nok c3")),
            ("is c3 free?", None),
            ("c3", None),
        ] {
            assert_eq!(answered(text).as_deref(), answer, "{text}");
        }
        // What takes up the question as the writer's play.
        for yes in ["ok yeah, that one", "that's my answer", "yeah C2, final"] {
            assert!(super::affirms(yes), "{yes}");
        }
        for no in ["ok thanks", "yeah", "no wait, not that one"] {
            assert!(!super::affirms(no), "{no}");
        }
    }
}
