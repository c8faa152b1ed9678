//! The rules' tests: a match driven event by event.
//!
//! Imports this game's rules and clock, the event vocabulary and
//! `engine::table`: no other game, nothing from `log/`, `web/`, `import/`
//! or `verify.rs`.

use super::*;
use crate::event::{Appeal, Body, Ruling, Scope};
use crate::games::duorail::clock::HowTimeUp;
use crate::games::engine::table;
use crate::games::engine::table::{host, player, says, JONAS, MIRA};
use crate::games::{self, MatchState, Noted};

mod clocks;

/// A match driven by bodies, with a clock in seconds.
type Table = table::Table<Duorail>;

/// A 4×4 board (rows A–D, columns 1–4) unless said otherwise.
fn small(variant: Variant) -> Config {
    Config {
        size: 4,
        ..Config::of(variant)
    }
}

impl Table {
    fn new(config: Config) -> Table {
        Table::create(games::GameConfig::Duorail(config))
    }
    /// A 4×4 standard game, mira blue, set up at 0 s.
    fn started(config: Config) -> Table {
        let mut t = Table::new(config);
        t.setup(0, "mira").unwrap();
        t
    }
    /// A 4×4 game of `variant`: mira places a blue RD on A1 at 5 s,
    /// jonas passes at 10 s and mira at `secs`, so the endgame begins.
    fn endgame(variant: Variant, secs: i64) -> Table {
        let mut t = Table::started(small(variant));
        t.place(5, MIRA, "A1", "B:RD").unwrap();
        t.pass(10, JONAS).unwrap();
        t.pass(secs, MIRA).unwrap();
        t
    }
    /// A 4×4 standard game: mira places a blue RD on A1 at 5 s, jonas a
    /// red LU on D4 at 10 s, and both pass (15 s, 20 s).
    fn two_pieces_then_passes() -> Table {
        let mut t = Table::started(small(Variant::Standard));
        t.place(5, MIRA, "A1", "B:RD").unwrap();
        t.place(10, JONAS, "D4", "R:LU").unwrap();
        t.pass(15, MIRA).unwrap();
        t.pass(20, JONAS).unwrap();
        t
    }
    fn m(&self) -> &Match {
        match &self.state {
            MatchState::Duorail(m) => m,
            _ => unreachable!("a duorail table"),
        }
    }
    fn setup(&mut self, secs: i64, blue: &str) -> Noted {
        let setup = Setup {
            round: 1,
            blue: blue.into(),
        };
        self.act(
            secs,
            host(),
            Body::RoundStart(games::RoundSetup::Duorail(setup)),
        )
    }
    /// `cell` like `A1`, `piece` like `B:RD`.
    fn place(&mut self, secs: i64, p: usize, cell: &str, piece: &str) -> Noted {
        let placement = Placement {
            cell: cell.parse().unwrap(),
            piece: piece.parse().unwrap(),
        };
        self.posts(secs, p, Body::Place(games::Placement::Duorail(placement)))
    }
    fn pass(&mut self, secs: i64, p: usize) -> Noted {
        self.posts(secs, p, Body::Pass)
    }
    fn challenge(&mut self, secs: i64, p: usize, color: Color) -> Noted {
        self.posts(
            secs,
            p,
            Body::Challenge(games::Challenge::Duorail(Challenge { color })),
        )
    }
    fn show(&mut self, secs: i64, p: usize, track: &str) -> Noted {
        let track = track.parse().unwrap();
        self.posts(secs, p, Body::Proof(games::Proof::Duorail(Proof { track })))
    }
    /// The rules' verdict with no more tracks to come.
    fn verdict(&self) -> Option<usize> {
        self.m().decision(true).and_then(|d| d.winner)
    }
    /// The rules' verdict with no more tracks to come: `winner`, for a
    /// reason that says `why`.
    fn decides(&self, winner: Option<usize>, why: &str) {
        let d = self.m().decision(true).unwrap();
        assert_eq!(d.winner, winner, "{}", d.reason);
        says(&d.reason, &[why]);
    }
    fn shown_late(&self) -> Vec<bool> {
        match &self.m().phase {
            Phase::Challenge { shown, .. } | Phase::Endgame { shown, .. } => {
                shown.iter().map(|s| s.late).collect()
            }
            _ => Vec::new(),
        }
    }
}

/// Fills a 4×4 board: blue (mira) closes a loop over columns 1–2, red
/// (jonas) over columns 3–4; jonas places the last piece.
fn fill_two_rings(t: &mut Table) -> String {
    let blue = [
        ("A1", "B:RD"),
        ("A2", "B:DL"),
        ("B1", "B:UD"),
        ("B2", "B:UD"),
        ("C1", "B:UD"),
        ("C2", "B:UD"),
        ("D1", "B:UR"),
        ("D2", "B:LU"),
    ];
    let red = [
        ("A3", "R:RD"),
        ("A4", "R:DL"),
        ("B3", "R:UD"),
        ("B4", "R:UD"),
        ("C3", "R:UD"),
        ("C4", "R:UD"),
        ("D3", "R:UR"),
        ("D4", "R:LU"),
    ];
    let mut note = String::new();
    for (i, (b, r)) in blue.iter().zip(red.iter()).enumerate() {
        let secs = 10 * i as i64;
        t.place(secs + 1, MIRA, b.0, b.1).unwrap();
        note = t.place(secs + 2, JONAS, r.0, r.1).unwrap();
    }
    note
}

#[test]
fn setup_names_blue_and_happens_once() {
    let mut t = Table::new(small(Variant::Standard));
    assert_eq!(t.place(1, MIRA, "A1", "B:RD").unwrap_err().rule, "turn");
    assert!(t
        .setup(2, "zed")
        .unwrap_err()
        .message
        .contains("zed is not a player"));
    assert_eq!(
        t.act(
            2,
            player(MIRA),
            Body::RoundStart(games::RoundSetup::Duorail(Setup {
                round: 1,
                blue: "mira".into()
            }))
        )
        .unwrap_err()
        .rule,
        "actor"
    );
    let note = t.setup(3, "jonas").unwrap();
    says(&note, &["jonas plays blue"]);
    assert_eq!(t.m().blue, Some(JONAS));
    assert_eq!(t.m().color_of(MIRA), Some(Color::Red));
    assert_eq!(t.m().to_move, JONAS);
    assert_eq!(t.m().phase, Phase::Playing);
    assert_eq!(t.setup(4, "mira").unwrap_err().rule, "setup");
}

#[test]
fn placement_legality() {
    let mut t = Table::started(small(Variant::Standard));
    let e = t.place(1, JONAS, "A1", "R:RD").unwrap_err();
    assert_eq!(e.rule, "turn");
    says(&e.message, &["it is mira's turn"]);
    let e = t.place(2, MIRA, "A1", "R:RD").unwrap_err();
    says(&e.message, &["red piece is not theirs"]);
    let e = t.place(3, MIRA, "E1", "B:RD").unwrap_err();
    assert_eq!(e.rule, "placement");
    says(&e.message, &["E1 is off the board"]);
    let e = t.place(4, MIRA, "B2", "C:UR").unwrap_err();
    says(&e.message, &["common piece is straight"]);
    let note = t.place(5, MIRA, "B2", "B:UR").unwrap();
    assert_eq!(note, "mira places a blue UR on B2");
    let e = t.place(6, JONAS, "B2", "R:LR").unwrap_err();
    says(&e.message, &["B2 already holds a blue UR"]);
    let note = t.place(7, JONAS, "A1", "C:LR").unwrap();
    says(&note, &["common piece 1 of 2"]);
    t.place(8, MIRA, "D1", "C:UD").unwrap();
    let e = t.place(9, JONAS, "D4", "C:LR").unwrap_err();
    says(&e.message, &["both common pieces"]);
    t.place(10, JONAS, "D4", "R:LU").unwrap();
    assert_eq!(t.m().board.count(Color::Blue), 1);
    assert_eq!(t.m().board.count(Color::Red), 1);
    assert_eq!(t.m().board.count(Color::Common), 2);
    assert_eq!(t.m().last_placed, Some((JONAS, "D4".parse().unwrap())));
    assert_eq!(t.m().to_move, MIRA);
}

#[test]
fn two_passes_in_a_row_start_the_endgame() {
    let mut t = Table::started(small(Variant::Standard));
    t.pass(5, MIRA).unwrap();
    t.place(10, JONAS, "D4", "R:LU").unwrap();
    assert_eq!(t.m().passes, 0, "a placement breaks the run of passes");
    t.pass(15, MIRA).unwrap();
    assert_eq!(t.m().phase, Phase::Playing);
    let note = t.pass(20, JONAS).unwrap();
    says(&note, &["endgame begins"]);
    assert!(matches!(
        t.m().phase,
        Phase::Endgame {
            full_board: false,
            ..
        }
    ));
    assert!(t.place(25, MIRA, "A1", "B:RD").is_err());
    assert!(t.pass(25, MIRA).is_err(), "no passing in the endgame");
    assert!(t.challenge(25, MIRA, Color::Red).is_err());
    assert_eq!(t.m().decision(false), None, "tracks may still come");
}

#[test]
fn tracks_only_after_a_challenge_or_in_the_endgame() {
    let mut t = Table::started(small(Variant::Standard));
    let e = t.show(5, MIRA, "A1 RDLU").unwrap_err();
    assert_eq!(e.rule, "track");
    assert_eq!(t.m().decision(false), None);
    assert_eq!(t.m().decision(true).unwrap().winner, None);
}

#[test]
fn endgame_decided_by_length() {
    let mut t = Table::two_pieces_then_passes();
    let note = t.show(30, MIRA, "A1 RRDDLLUU").unwrap();
    assert_eq!(note, "mira shows a blue track: valid, 8 cells");
    let note = t.show(40, JONAS, "A1 RDLU").unwrap();
    says(&note, &["not valid: the track crosses A1"]);
    t.show(50, JONAS, "C3 RDLU").unwrap();
    let d = t.m().decision(true).unwrap();
    assert_eq!(d.winner, Some(MIRA));
    assert_eq!(
        d.reason,
        "mira (blue) showed 8, jonas (red) showed 4: mira's track is longer"
    );
    // jonas finds a longer one in time: his longest counts.
    let note = t.show(55, JONAS, "B1 RRRDDLLLU").unwrap();
    says(&note, &["not valid: the track does not close"]);
    t.show(60, JONAS, "B2 RRDDLLUU").unwrap();
    t.show(70, JONAS, "A2 RRDDDLLLUURU").unwrap();
    t.decides(Some(JONAS), "jonas (red) showed 12");
}

#[test]
fn endgame_tie_goes_to_the_last_placer() {
    let mut t = Table::two_pieces_then_passes();
    t.show(30, MIRA, "A1 RRDDLLUU").unwrap();
    t.show(40, JONAS, "B2 RRDDLLUU").unwrap();
    t.decides(Some(JONAS), "a tie goes to jonas");
}

#[test]
fn endgame_without_tracks_standard_and_classic() {
    // Standard: 0–0 is a tie, the last placer wins.
    let t = Table::endgame(Variant::Standard, 15);
    assert_eq!(t.verdict(), Some(MIRA));
    // Standard, nothing placed: no one wins.
    let mut t = Table::started(small(Variant::Standard));
    t.pass(5, MIRA).unwrap();
    t.pass(10, JONAS).unwrap();
    t.decides(None, "no piece was placed");
    // Classic: no valid track on either side, the host wins.
    let mut t = Table::endgame(Variant::Classic, 15);
    t.decides(None, "the host wins");
    // Classic, equal tracks: the last placer still wins the tie.
    t.show(20, MIRA, "A1 RDLU").unwrap();
    t.show(25, JONAS, "C3 RDLU").unwrap();
    assert_eq!(t.verdict(), Some(MIRA));
}

#[test]
fn challenge_won_by_the_challenged() {
    let mut t = Table::started(small(Variant::Standard));
    t.place(5, MIRA, "A1", "B:RD").unwrap();
    let e = t.challenge(10, JONAS, Color::Common).unwrap_err();
    assert_eq!(e.rule, "challenge");
    assert!(
        t.challenge(10, MIRA, Color::Blue).is_err(),
        "not mira's turn"
    );
    let note = t.challenge(10, JONAS, Color::Blue).unwrap();
    says(&note, &["mira must show a blue track"]);
    assert!(t.place(12, MIRA, "B2", "B:UD").is_err());
    assert!(
        t.show(15, JONAS, "A1 RDLU").is_err(),
        "the challenger does not show"
    );
    assert!(
        t.pass(15, JONAS).is_err(),
        "the challenger does not give up"
    );
    assert_eq!(t.m().decision(false), None);
    let note = t.show(20, MIRA, "A1 RDLU").unwrap();
    says(
        &note,
        &["by the rules: mira showed a track of blue, length 4"],
    );
    assert_eq!(t.m().decision(false).unwrap().winner, Some(MIRA));
    let note = t.rule(30, Scope::Round(1), Some(MIRA)).unwrap();
    says(&note, &["the rules agree"]);
}

#[test]
fn challenge_lost_with_only_invalid_or_late_tracks() {
    let mut t = Table::started(small(Variant::Standard));
    t.place(5, MIRA, "A1", "B:RD").unwrap();
    // mira must show a track of jonas's color, red.
    t.challenge(10, JONAS, Color::Red).unwrap();
    let note = t.show(20, MIRA, "A1 RDLU").unwrap();
    says(&note, &["not valid"]);
    let note = t.show(10 + 301, MIRA, "C3 RDLU").unwrap();
    says(&note, &["too late"]);
    assert_eq!(t.shown_late(), vec![false, true]);
    assert_eq!(t.m().decision(false), None, "the host has not closed it");
    let note = t.rule(320, Scope::Match, Some(MIRA)).unwrap();
    says(
        &note,
        &["by the rules the game goes to jonas: mira showed no valid red track in time"],
    );
    assert_eq!(t.m().ending.winner(), Some(MIRA), "the ruling counts");
    assert_eq!(t.m().ending.by_rules.as_ref().unwrap().winner, Some(JONAS));
}

#[test]
fn giving_up_a_challenge_decides_it() {
    let mut t = Table::started(small(Variant::Standard));
    t.place(5, MIRA, "A1", "B:RD").unwrap();
    t.challenge(10, JONAS, Color::Blue).unwrap();
    let note = t.pass(20, MIRA).unwrap();
    says(&note, &["by the rules: mira gave up"]);
    assert_eq!(t.m().decision(false).unwrap().winner, Some(JONAS));
    assert!(t.pass(21, MIRA).is_err());
    assert!(t.show(22, MIRA, "A1 RDLU").is_err(), "giving up is final");
}

#[test]
fn classic_full_board_tie_goes_against_the_last_placer() {
    let mut t = Table::started(small(Variant::Classic));
    let note = fill_two_rings(&mut t);
    says(&note, &["the board is full"]);
    assert!(matches!(
        t.m().phase,
        Phase::Endgame {
            full_board: true,
            ..
        }
    ));
    assert!(t.pass(100, MIRA).is_err());
    t.show(100, MIRA, "A1 RDDDLUUU").unwrap();
    t.show(110, JONAS, "A3 RDDDLUUU").unwrap();
    let d = t.m().decision(true).unwrap();
    assert_eq!(d.winner, Some(MIRA), "jonas placed last");
    says(&d.reason, &["goes against jonas"]);
}

#[test]
fn classic_full_board_longer_wins_and_no_track_means_the_host() {
    let mut t = Table::started(small(Variant::Classic));
    fill_two_rings(&mut t);
    t.show(110, JONAS, "A3 RDDDLUUU").unwrap();
    assert_eq!(t.verdict(), Some(JONAS), "8 against nothing");

    // 2×2: blue A1 A2, red B1 B2; no color can close a loop.
    let mut t = Table::started(Config {
        size: 2,
        ..small(Variant::Classic)
    });
    t.place(1, MIRA, "A1", "B:RD").unwrap();
    t.place(2, JONAS, "B2", "R:LU").unwrap();
    t.place(3, MIRA, "A2", "B:DL").unwrap();
    t.place(4, JONAS, "B1", "R:UR").unwrap();
    t.show(10, MIRA, "A1 RDLU").unwrap();
    t.decides(None, "the board is full and neither");
}

#[test]
fn a_full_board_in_standard_play_goes_on() {
    let mut t = Table::started(small(Variant::Standard));
    fill_two_rings(&mut t);
    assert_eq!(t.m().phase, Phase::Playing);
    t.pass(200, MIRA).unwrap();
    t.pass(210, JONAS).unwrap();
    t.show(220, MIRA, "A1 RDDDLUUU").unwrap();
    t.show(230, JONAS, "A3 RDDDLUUU").unwrap();
    assert_eq!(
        t.verdict(),
        Some(JONAS),
        "a standard tie goes to the last placer"
    );
}

#[test]
fn a_second_ruling_and_later_events_are_errors() {
    let mut t = Table::started(small(Variant::Standard));
    t.place(5, MIRA, "A1", "B:RD").unwrap();
    assert!(t.rule(8, Scope::Round(2), Some(MIRA)).is_err());
    assert!(t
        .act(
            8,
            player(MIRA),
            Body::Ruling(Ruling {
                scope: Scope::Match,
                winner: None,
                text: String::new()
            })
        )
        .is_err());
    let note = t.rule(10, Scope::Round(1), None).unwrap();
    says(
        &note,
        &["the rules agree: the game ended without a challenge"],
    );
    let ruled_at = t.seq;
    let e = t.rule(11, Scope::Match, Some(JONAS)).unwrap_err();
    assert_eq!(
        e.message,
        format!("the game is already ruled (seq {ruled_at}); a correction is an appeal")
    );
    for e in [
        t.place(12, JONAS, "D4", "R:LU").unwrap_err(),
        t.pass(13, JONAS).unwrap_err(),
        t.challenge(14, JONAS, Color::Blue).unwrap_err(),
        t.timeout(15, JONAS).unwrap_err(),
    ] {
        assert!(e.message.starts_with("the game is over"), "{}", e.message);
    }
}

#[test]
fn an_appeal_overturns_the_result() {
    let mut t = Table::started(small(Variant::Standard));
    t.place(5, MIRA, "A1", "B:RD").unwrap();
    t.challenge(10, JONAS, Color::Blue).unwrap();
    t.show(20, MIRA, "A1 RDLU").unwrap();
    t.rule(30, Scope::Round(1), Some(JONAS)).unwrap();
    let ruling_seq = t.seq;
    assert_eq!(t.m().ending.winner(), Some(JONAS));
    let bad = Appeal {
        ruling_seq: 2,
        grounds: "x".into(),
    };
    assert!(t.act(31, player(MIRA), Body::Appeal(bad)).is_err());
    t.appeal(32, MIRA, ruling_seq, "my track was valid")
        .unwrap();
    let appeal_seq = t.seq;
    let overturn = Some(Some(MIRA));
    assert!(t.decide(33, player(MIRA), appeal_seq, overturn).is_err());
    let note = t.decide(34, host(), appeal_seq, overturn).unwrap();
    says(&note, &["now goes to mira; the rules agree"]);
    let decided_at = t.seq;
    assert_eq!(
        t.m().ending.ruled.as_ref().unwrap().overturned,
        Some((decided_at, Some(MIRA)))
    );
    assert_eq!(t.m().ending.winner(), Some(MIRA));
    let e = t
        .decide(35, host(), appeal_seq, Some(Some(JONAS)))
        .unwrap_err();
    says(&e.message, &[&format!("decided at seq {decided_at}")]);
}
