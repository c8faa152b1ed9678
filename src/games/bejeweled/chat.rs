//! Chat messages → Bejeweled events, for importing a Discord transcript.
//!
//! A good host reads `15`, `claim 15`, `I can do 17!` and `counter 20` as
//! claims, and a proof over a few lines with a word of talk around it; this
//! reader does too (case, spaces, commas, emoji and markdown do not matter:
//! see [`clean_chat`]).
//!
//! - a player: a claim (one number of gems), a proof in the proof notation
//!   (`active plus F4; passive bend; swap F4 F5`, parts on lines or between
//!   `;`, bullets, numbering and a `proof:` label allowed; talk lines around
//!   it are left out), or picks for the next round (`picks: rotate, chain,
//!   column`, one powerup of each type, `I pick …` included);
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
//! - **A proof is one message**, and not joined with the next: it names all
//!   three powerups, and a second proof in a round is a correction (the
//!   last one shown in time counts) the report should show, not hide in a
//!   join.
//! - **`pass` is talk**: in Bejeweled a player claims or does nothing, and
//!   doing nothing is no event.
//! - **A number in talk is talk** (`30 s left?`); a number with a claim
//!   word and talk, or a claim word without a number, is unread with how
//!   to claim.

use super::grid::{Grid, COLS, ROWS};
use super::proof::{Offer, Powerup, ProofSpec};
use super::rules::{Claim, Picks, Proof, Setup};
use crate::games::chat::host::{self, Fact, HostWords};
use crate::games::chat::{Opening, Reading};
use crate::games::chat_words as words;
use crate::games::GameKind;
use crate::games::{
    clean_chat, ChatContext, ChatReading, Claim as GameClaim, Placement as GamePlacement,
    Proof as GameProof, RoundSetup as GameSetup, Speaker,
};
use crate::log::event::{Body, Scope};

/// How a proof is written, for the reasons of unread messages.
const HOW_TO_PROVE: &str =
    "a proof is written like 'active plus F4; passive bend; swap F4 F5' (one part per line or between ';')";

/// What a player's message says, as readings with the lines each came
/// from: what the import reads, knowing the match so far (`ctx.state`).
pub fn read_player_message(
    text: &str,
    seat: usize,
    ctx: &ChatContext,
) -> Vec<crate::games::chat::Reading> {
    crate::games::chat::whole(text, read_chat(text, Speaker::Player(seat), ctx))
}

/// Reads one chat message of a Bejeweled match (see the module docs).
pub fn read_chat(text: &str, speaker: Speaker, ctx: &ChatContext) -> ChatReading {
    let clean = clean_chat(text);
    match speaker {
        Speaker::Player(_) => read_player(&clean),
        Speaker::Host => crate::games::chat::one_message(GameKind::Bejeweled, text, ctx),
    }
}

/// A cell of the grid (`f4`: column A–H, row 1–7).
fn is_cell(w: &str) -> bool {
    let b = w.as_bytes();
    b.len() == 2 && (b'a'..=b'h').contains(&b[0]) && (b'1'..=b'7').contains(&b[1])
}

/// The words that begin a part of a proof.
fn is_proof_verb(w: &str) -> bool {
    let w = w
        .strip_prefix("s-")
        .or_else(|| w.strip_prefix("a-"))
        .or_else(|| w.strip_prefix("p-"))
        .unwrap_or(w);
    matches!(
        w,
        "active"
            | "passive"
            | "column"
            | "plus"
            | "refresh"
            | "bend"
            | "chain"
            | "recolor"
            | "pick"
            | "swap"
            | "rotate"
            | "then"
    )
}

fn read_player(clean: &str) -> ChatReading {
    let w = words(clean);
    if w.is_empty() {
        return ChatReading::Chatter;
    }
    if let Some(proof) = read_proof(clean) {
        return proof;
    }
    if let Some(picks) = read_picks(&w) {
        return picks;
    }
    read_claim(clean, &w)
}

/// The parts of a message that read as proof parts: a line or `;` part
/// whose first word (after a bullet, a number or a `proof:` label) is a
/// proof verb. `None` when none names a cell (no proof: picks or talk).
fn read_proof(clean: &str) -> Option<ChatReading> {
    let mut parts = Vec::new();
    for part in clean.split([';', '\n']) {
        let mut p = part
            .trim()
            .trim_start_matches(['-', '•', '*', '+'])
            .trim_start_matches(|c: char| c.is_ascii_digit())
            .trim_start_matches(['.', ')'])
            .trim();
        if let Some((label, rest)) = p.split_once(':') {
            if words(label).iter().all(|x| !is_proof_verb(x)) {
                p = rest.trim();
            }
        }
        let first = p
            .split(|c: char| c.is_whitespace() || c == ',')
            .find(|x| !x.is_empty())
            .unwrap_or("");
        if is_proof_verb(&first.to_lowercase()) {
            parts.push(p.to_string());
        }
    }
    if !parts.iter().any(|p| words(p).iter().any(|x| is_cell(x))) {
        return None;
    }
    Some(match parts.join("; ").parse::<ProofSpec>() {
        Ok(proof) => ChatReading::Event(Body::Proof(GameProof::Bejeweled(Proof { proof }))),
        Err(e) => ChatReading::Unread(format!("{e}; {HOW_TO_PROVE}")),
    })
}

/// Picks for the next round: one powerup of each type, among few other
/// words. `None` when the message is not about picks.
fn read_picks(w: &[String]) -> Option<ChatReading> {
    const FILLER: [&str; 28] = [
        "i", "ll", "picks", "picking", "my", "for", "next", "round", "the", "and", "take",
        "taking", "choose", "want", "go", "with", "me", "d", "id", "please", "powerups", "powerup",
        "s", "a", "p", "ok", "too", "then",
    ];
    let mut ups: Vec<Powerup> = Vec::new();
    let mut talk = 0;
    for x in w {
        match Powerup::parse(x) {
            Some(p) => ups.push(p),
            None if FILLER.contains(&x.as_str()) => {}
            None => talk += 1,
        }
    }
    // "I pick rotate, …": the verb, not the starter.
    let starters = ups.iter().filter(|p| p.kind() == "starter").count();
    if starters > 1 && ups.first() == Some(&Powerup::Pick) {
        ups.remove(0);
    }
    let of =
        |kind: &str| -> Vec<Powerup> { ups.iter().copied().filter(|p| p.kind() == kind).collect() };
    let (s, p, a) = (of("starter"), of("passive"), of("active"));
    let complete = s.len() == 1 && p.len() == 1 && a.len() == 1;
    if complete && talk == 0 {
        return Some(ChatReading::Event(Body::Place(GamePlacement::Bejeweled(
            Picks {
                starter: s[0],
                passive: p[0],
                active: a[0],
            },
        ))));
    }
    let how = "picks for the next round name one powerup of each type, like 'picks: rotate, chain, column'";
    if complete {
        return Some(ChatReading::Unread(format!(
            "picks among other words: {how}"
        )));
    }
    if ups.len() >= 2 && talk == 0 {
        return Some(ChatReading::Unread(format!(
            "{} starter, {} passive and {} active named: {how}",
            s.len(),
            p.len(),
            a.len()
        )));
    }
    None
}

/// Words that may stand around a claim's number.
const CLAIM_FILLER: [&str; 22] = [
    "i",
    "can",
    "do",
    "get",
    "remove",
    "clear",
    "gems",
    "gem",
    "it",
    "s",
    "m",
    "claim",
    "claims",
    "claiming",
    "counter",
    "counterclaim",
    "counterclaiming",
    "have",
    "got",
    "ok",
    "going",
    "for",
];

fn read_claim(clean: &str, w: &[String]) -> ChatReading {
    let claim_word = w.iter().any(|x| {
        matches!(
            x.as_str(),
            "claim" | "claims" | "counter" | "counterclaim" | "counterclaiming" | "cc"
        )
    });
    let numbers: Vec<&String> = w
        .iter()
        .filter(|x| x.chars().all(|c| c.is_ascii_digit()))
        .collect();
    let how = "a claim is one number of gems in digits, like 'claim 17' or just '17'";
    // The claim as the whole message, or as its first clause.
    let first = clean
        .split([',', ';', '!', '.', '?', '\n', '('])
        .next()
        .unwrap_or("");
    for part in [w.to_vec(), words(first)] {
        let nums: Vec<&String> = part
            .iter()
            .filter(|x| x.chars().all(|c| c.is_ascii_digit()))
            .collect();
        let talk = part
            .iter()
            .filter(|x| !x.chars().all(|c| c.is_ascii_digit()))
            .any(|x| !CLAIM_FILLER.contains(&x.as_str()));
        if let ([n], false) = (nums.as_slice(), talk) {
            return match n.parse::<u32>() {
                Ok(gems) => ChatReading::Event(Body::Claim(GameClaim::Bejeweled(Claim { gems }))),
                Err(_) => ChatReading::Unread(format!("'{n}' is not a number of gems: {how}")),
            };
        }
    }
    if claim_word && (!numbers.is_empty() || w.len() <= 3) {
        return ChatReading::Unread(how.to_string());
    }
    ChatReading::Chatter
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
    let mut offer = Offer::default();
    let mut listing = false;
    let mut any_label = false;
    for (_, l) in &lines {
        if says_offer(l) {
            any_label = true;
            listing = true;
        } else if listing && (ups(l).is_empty() || words(l).len() > ups(l).len() + 1) {
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
pub const HOST_WORDS: HostWords = HostWords {
    sides: None,
    rounds: true,
    game_scope: Scope::Match,
    draws: &[],
    wins: &[],
};

/// What the host says: the shared announcements, and an opening fact when
/// the message posts a grid or the powerups offered (the grid may come from
/// a bot, the powerups from the host, in either order).
pub fn read_host(raw: &str, ctx: &ChatContext) -> Vec<Reading> {
    let mut out = host::read(raw, ctx, &HOST_WORDS);
    let opens = out
        .iter()
        .any(|r| matches!(r.read, ChatReading::Fact(Fact::Opens(_))));
    let ruling = out
        .iter()
        .any(|r| matches!(r.read, ChatReading::Event(Body::Ruling(_))));
    let (grid, grid_lines) = posted_grid(raw);
    let offers = offered(raw, &grid_lines).iter().count() >= 3;
    if !opens && !ruling && (grid.is_some() || offers) {
        out.push(Reading {
            read: ChatReading::Fact(Fact::Opens(None)),
            lines: 0..raw.lines().count(),
        });
    }
    out
}

/// The round's opening from what the host (or a bot) posted: its number,
/// the grid and the powerups offered; the reason when one is missing.
pub fn open(o: &Opening, ctx: &ChatContext) -> Result<Body, String> {
    let round = o.round.unwrap_or(ctx.rounds + 1);
    let mut grid = None;
    let mut offer = Offer::default();
    for t in &o.texts {
        let (g, lines) = posted_grid(t);
        if grid.is_none() {
            grid = g;
        }
        let here = offered(t, &lines);
        if offer.iter().count() < 3 {
            offer = here;
        }
    }
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
    use proptest::prelude::*;

    const GRID: &str = "RBGYPRBG\nGYPRBGYP\nPRBGYPRB\nBGYPBRGY\nRPGRRBPR\nYYGRPYBG\nGRPBBGYP";

    fn players() -> Vec<String> {
        vec!["Reds".to_string(), "craw".to_string()]
    }

    fn read(text: &str, speaker: Speaker) -> ChatReading {
        let p = players();
        read_chat(text, speaker, &ChatContext::new(&p, 1))
    }

    fn event(text: &str, speaker: Speaker) -> Body {
        match read(text, speaker) {
            ChatReading::Event(b) => b,
            other => panic!("{text:?} read as {other:?}"),
        }
    }

    #[test]
    fn players_claim_and_counterclaim_in_many_ways() {
        let p = Speaker::Player(1);
        for (text, n) in [
            ("15", 15),
            ("claim 15", 15),
            ("I can do 17", 17),
            ("**17!** 💎", 17),
            ("counter 20", 20),
            ("I claim 15 gems", 15),
            ("18, easy", 18),
        ] {
            assert_eq!(
                event(text, p),
                Body::Claim(GameClaim::Bejeweled(Claim { gems: n })),
                "{text}"
            );
        }
        for bad in [
            "claim fifteen",
            "I claim",
            "claim 15 or 16",
            "counter 99999999999",
        ] {
            assert!(
                matches!(read(bad, p), ChatReading::Unread(_)),
                "{bad}: {:?}",
                read(bad, p)
            );
        }
        for talk in [
            "gl hf",
            "30 s left?",
            "brb 5 min",
            "pass",
            "nice counter there haha",
        ] {
            assert_eq!(read(talk, p), ChatReading::Chatter, "{talk}");
        }
    }

    #[test]
    fn players_prove_over_lines_with_talk_around() {
        let p = Speaker::Player(0);
        let proof = |text: &str| match event(text, p) {
            Body::Proof(GameProof::Bejeweled(x)) => x.proof.to_string(),
            other => panic!("{text}: {other:?}"),
        };
        let want = "active plus F4; passive bend; swap F4 F5";
        assert_eq!(proof(want), want);
        assert_eq!(proof("ACTIVE PLUS f4; Passive Bend; swap F4, F5"), want);
        assert_eq!(
            proof("ok here goes:\n1. plus F4\n2. bend\n3. swap F4 F5\nthat's 16 🎉"),
            want
        );
        assert_eq!(
            proof("Proof: active plus F4\n- passive bend\n- S-Swap F4 F5"),
            want
        );
        assert_eq!(
            proof("active column C5\npassive chain blue\nrotate B5"),
            "active column C5; passive chain blue; rotate B5"
        );
        for bad in [
            "active plus F4",
            "plus F4; bend; swap F4 F9",
            "swap F4 F5 would be nice",
        ] {
            let r = read(bad, p);
            assert!(
                matches!(&r, ChatReading::Unread(why) if why.contains("active plus F4")),
                "{bad}: {r:?}"
            );
        }
    }

    #[test]
    fn players_pick_powerups_for_the_next_round() {
        let p = Speaker::Player(0);
        let picks = |text: &str| match event(text, p) {
            Body::Place(GamePlacement::Bejeweled(x)) => {
                [x.starter.name(), x.passive.name(), x.active.name()]
            }
            other => panic!("{text}: {other:?}"),
        };
        assert_eq!(
            picks("rotate, chain, column"),
            ["rotate", "chain", "column"]
        );
        assert_eq!(
            picks("picks: S-Rotate, P-Chain, A-Column"),
            ["rotate", "chain", "column"]
        );
        assert_eq!(
            picks("I pick rotate, chain and column"),
            ["rotate", "chain", "column"]
        );
        assert_eq!(picks("pick\nbend\nplus"), ["pick", "bend", "plus"]);
        for bad in [
            "rotate, swap, column",
            "rotate chain",
            "I think rotate chain column is the best combo",
        ] {
            assert!(
                matches!(read(bad, p), ChatReading::Unread(_)),
                "{bad}: {:?}",
                read(bad, p)
            );
        }
        assert_eq!(read("that swap was great", p), ChatReading::Chatter);
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
        let ruling = |text: &str| match event(text, h) {
            Body::Ruling(r) => (r.scope, r.winner),
            other => panic!("{text}: {other:?}"),
        };
        assert_eq!(
            ruling("Reds claimed 15 and removed 16: reds takes round 1"),
            (Scope::Round(1), Some("Reds".into()))
        );
        assert_eq!(
            ruling("craw counterclaimed 35 but removed only 32: round 3 to reds"),
            (Scope::Round(3), Some("Reds".into()))
        );
        assert_eq!(
            ruling("craw wins the round 🎉"),
            (Scope::Round(1), Some("craw".into()))
        );
        assert_eq!(
            ruling("craw wins the match, gg"),
            (Scope::Match, Some("craw".into()))
        );
        assert_eq!(
            ruling("no claims: nobody wins the round"),
            (Scope::Round(1), None)
        );
        let Body::Timeout(t) = event("craw ran out of time", h) else {
            panic!()
        };
        assert_eq!(t.player, "craw");
        for talk in [
            "welcome!",
            "10 minutes for claims",
            "craw claimed 14, reds has 30 s to counter",
        ] {
            assert_eq!(read(talk, h), ChatReading::Chatter, "{talk}");
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(1000))]
        /// Whatever anyone writes, the reader answers.
        #[test]
        fn any_text_reads_without_panicking(
            text in "\\PC{0,60}(\n\\PC{0,30}){0,8}",
            seat in 0usize..3,
        ) {
            let p = players();
            let ctx = ChatContext::new(&p, 1);
            let speaker = if seat == 2 { Speaker::Host } else { Speaker::Player(seat) };
            let _ = read_chat(&text, speaker, &ctx);
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
            ],
            0..30,
        ), seat in 0usize..3) {
            let text = parts.join(" ");
            let p = players();
            let ctx = ChatContext::new(&p, 0);
            let speaker = if seat == 2 { Speaker::Host } else { Speaker::Player(seat) };
            let _ = read_chat(&text, speaker, &ctx);
        }
    }
}
