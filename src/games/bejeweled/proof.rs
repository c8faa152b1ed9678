//! Powerups, offers and the proof notation.
//!
//! A proof names one powerup of each type and how it is used:
//! `active plus F4; passive bend; swap F4 F5`, parts separated by `;` or
//! new lines, in any order, and after a refresh fires a second starter
//! action, `then swap C3 C4`. Colors by letter or name. Parsing checks the
//! form; whether the actions are legal on the grid is the engine's job, and
//! whether the powerups were offered is checked against the round's offer.
//!
//! A swap exchanges its two gems whichever is named first (the seed:
//! "Swap any 2 adjacent gems"), so its canonical text names them in
//! reading order (`swap G3 F3` is `swap F3 G3`): one proof, one text.
//!
//! Like all of `games/`, it imports nothing from `log/`, `web/`,
//! `import/` or `verify`, and no other game's folder.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::games::as_text::serde_as_text;
use thiserror::Error;

use super::grid::{Cell, Color};

/// The nine powerups.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Powerup {
    Pick,
    Swap,
    Rotate,
    Recolor,
    Chain,
    Bend,
    Column,
    Plus,
    Refresh,
}

impl Powerup {
    pub const ALL: [Powerup; 9] = [
        Powerup::Pick,
        Powerup::Swap,
        Powerup::Rotate,
        Powerup::Recolor,
        Powerup::Chain,
        Powerup::Bend,
        Powerup::Column,
        Powerup::Plus,
        Powerup::Refresh,
    ];
    pub fn name(self) -> &'static str {
        match self {
            Powerup::Pick => "pick",
            Powerup::Swap => "swap",
            Powerup::Rotate => "rotate",
            Powerup::Recolor => "recolor",
            Powerup::Chain => "chain",
            Powerup::Bend => "bend",
            Powerup::Column => "column",
            Powerup::Plus => "plus",
            Powerup::Refresh => "refresh",
        }
    }
    /// `starter`, `passive` or `active`.
    pub fn kind(self) -> &'static str {
        match self {
            Powerup::Pick | Powerup::Swap | Powerup::Rotate => "starter",
            Powerup::Recolor | Powerup::Chain | Powerup::Bend => "passive",
            Powerup::Column | Powerup::Plus | Powerup::Refresh => "active",
        }
    }
    pub fn parse(s: &str) -> Option<Powerup> {
        let t = s.trim().to_ascii_lowercase();
        let t = t
            .strip_prefix("s-")
            .or_else(|| t.strip_prefix("p-"))
            .or_else(|| t.strip_prefix("a-"))
            .unwrap_or(&t);
        Powerup::ALL.into_iter().find(|p| p.name() == t)
    }
    fn bit(self) -> u16 {
        1 << (self as u16)
    }
}

impl Serialize for Powerup {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for Powerup {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Powerup, D::Error> {
        let s = String::deserialize(d)?;
        Powerup::parse(&s)
            .ok_or_else(|| serde::de::Error::custom(format!("'{s}' is not a powerup")))
    }
}

/// The powerups offered in a round.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Offer(u16);

impl Offer {
    pub fn all() -> Offer {
        Offer(0x1ff)
    }
    pub fn with(self, p: Powerup) -> Offer {
        Offer(self.0 | p.bit())
    }
    pub fn has(self, p: Powerup) -> bool {
        self.0 & p.bit() != 0
    }
    pub fn iter(self) -> impl Iterator<Item = Powerup> {
        Powerup::ALL.into_iter().filter(move |p| self.has(*p))
    }
    /// Offers at least one powerup of each type.
    pub fn is_complete(self) -> bool {
        ["starter", "passive", "active"]
            .iter()
            .all(|k| self.iter().any(|p| p.kind() == *k))
    }
}

impl fmt::Display for Offer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = self.iter().map(Powerup::name).collect();
        f.write_str(&names.join(","))
    }
}

impl FromStr for Offer {
    type Err = ProofError;
    fn from_str(s: &str) -> Result<Offer, ProofError> {
        let mut offer = Offer::default();
        for part in s
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|p| !p.is_empty())
        {
            let p = Powerup::parse(part).ok_or_else(|| ProofError::Part {
                part: part.to_string(),
                why: "not a powerup: use pick, swap, rotate, recolor, chain, bend, column, plus, refresh".into(),
            })?;
            offer = offer.with(p);
        }
        Ok(offer)
    }
}

serde_as_text!(Offer);

/// A starter action.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Action {
    /// Remove one or two gems of different colors.
    Pick(Cell, Option<Cell>),
    /// Swap two orthogonally adjacent gems, the first in reading order
    /// first (parsing puts them so: the swap is the same either way).
    Swap(Cell, Cell),
    /// Rotate the 2×2 whose top-left cell this is, clockwise.
    Rotate(Cell),
}

impl Action {
    pub fn powerup(self) -> Powerup {
        match self {
            Action::Pick(..) => Powerup::Pick,
            Action::Swap(..) => Powerup::Swap,
            Action::Rotate(..) => Powerup::Rotate,
        }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Pick(a, None) => write!(f, "pick {a}"),
            Action::Pick(a, Some(b)) => write!(f, "pick {a} {b}"),
            Action::Swap(a, b) => write!(f, "swap {a} {b}"),
            Action::Rotate(a) => write!(f, "rotate {a}"),
        }
    }
}

/// The passive powerup and its parameters.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Passive {
    /// Each time any gem is removed, every remaining gem of the first
    /// color becomes the second.
    Recolor(Color, Color),
    /// Each removed gem of this color removes the gem directly above it.
    Chain(Color),
    /// 2×2 squares with three or more gems of one color are removed too.
    Bend,
}

impl Passive {
    pub fn powerup(self) -> Powerup {
        match self {
            Passive::Recolor(..) => Powerup::Recolor,
            Passive::Chain(_) => Powerup::Chain,
            Passive::Bend => Powerup::Bend,
        }
    }
}

impl fmt::Display for Passive {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Passive::Recolor(a, b) => write!(f, "passive recolor {} {}", a.name(), b.name()),
            Passive::Chain(c) => write!(f, "passive chain {}", c.name()),
            Passive::Bend => write!(f, "passive bend"),
        }
    }
}

/// The active powerup.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Active {
    Column,
    Plus,
    Refresh,
}

impl Active {
    pub fn powerup(self) -> Powerup {
        match self {
            Active::Column => Powerup::Column,
            Active::Plus => Powerup::Plus,
            Active::Refresh => Powerup::Refresh,
        }
    }
}

/// A whole proof: one powerup of each type, used.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct ProofSpec {
    pub active: (Active, Cell),
    pub passive: Passive,
    pub starter: Action,
    /// The second starter action after a refresh fired.
    pub then: Option<Action>,
}

impl fmt::Display for ProofSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "active {} {}; {}; {}",
            self.active.0.powerup().name(),
            self.active.1,
            self.passive,
            self.starter
        )?;
        if let Some(t) = self.then {
            write!(f, "; then {t}")?;
        }
        Ok(())
    }
}

/// Fills a part of a proof that may be given once (`slot` keeps the text
/// that gave it beside its value); the same part said again is one (`plus
/// on F3 not F4!!! plus F3, bend, swap F3 G3`), another is
/// [`ProofError::Twice`], naming both texts.
fn once<T: PartialEq>(
    slot: &mut Option<(String, T)>,
    what: &'static str,
    part: &str,
    value: T,
) -> Result<(), ProofError> {
    if let Some((prev, kept)) = slot {
        if *kept == value {
            return Ok(());
        }
        return Err(ProofError::Twice(what, prev.clone(), part.to_string()));
    }
    *slot = Some((part.to_string(), value));
    Ok(())
}

/// What is wrong with a proof: always names the part.
#[derive(Debug, Error, PartialEq, Eq, Clone)]
pub enum ProofError {
    #[error("'{part}': {why}")]
    Part { part: String, why: String },
    #[error(
        "the proof names no {0} powerup: use exactly one of each type (starter, passive, active)"
    )]
    Missing(&'static str),
    #[error("the proof names two {0} powerups ('{1}' and '{2}'): use exactly one of each type")]
    Twice(&'static str, String, String),
    #[error("'{0}': {1} is not offered this round (offered: {2})")]
    NotOffered(String, &'static str, String),
}

fn part_error(part: &str, why: impl Into<String>) -> ProofError {
    ProofError::Part {
        part: part.to_string(),
        why: why.into(),
    }
}

fn cells(part: &str, words: &[&str]) -> Result<Vec<Cell>, ProofError> {
    words
        .iter()
        .map(|w| {
            w.parse::<Cell>()
                .map_err(|e| part_error(part, e.to_string()))
        })
        .collect()
}

fn action(part: &str, verb: &str, rest: &[&str]) -> Result<Option<Action>, ProofError> {
    Ok(Some(match verb {
        "pick" => match cells(part, rest)?.as_slice() {
            [a] => Action::Pick(*a, None),
            [a, b] => Action::Pick(*a, Some(*b)),
            _ => return Err(part_error(part, "a pick names one or two cells")),
        },
        "swap" => match cells(part, rest)?.as_slice() {
            [a, b] => Action::Swap(*a.min(b), *a.max(b)),
            _ => return Err(part_error(part, "a swap names two cells")),
        },
        "rotate" => match cells(part, rest)?.as_slice() {
            [a] => Action::Rotate(*a),
            _ => {
                return Err(part_error(
                    part,
                    "a rotate names the top-left cell of the 2×2",
                ))
            }
        },
        _ => return Ok(None),
    }))
}

fn color(part: &str, w: Option<&&str>) -> Result<Color, ProofError> {
    let w = w.ok_or_else(|| part_error(part, "a color is missing"))?;
    Color::parse(w).ok_or_else(|| {
        part_error(
            part,
            format!("'{w}' is not a color: use red, blue, green, yellow, purple (or R B G Y P)"),
        )
    })
}

impl FromStr for ProofSpec {
    type Err = ProofError;
    fn from_str(text: &str) -> Result<ProofSpec, ProofError> {
        let mut active: Option<(String, (Active, Cell))> = None;
        let mut passive: Option<(String, Passive)> = None;
        let mut starter: Option<(String, Action)> = None;
        let mut then: Option<(String, Action)> = None;
        let parts = text
            .split([';', '\n'])
            .map(str::trim)
            .filter(|p| !p.is_empty());
        for part in parts {
            let lower = part.to_ascii_lowercase();
            let words: Vec<&str> = lower
                .split(|c: char| c.is_whitespace() || c == ',' || c == '→' || c == '>')
                .filter(|w| !w.is_empty() && *w != "-")
                .collect();
            let Some((&verb, rest)) = words.split_first() else {
                continue;
            };
            let verb = verb
                .strip_prefix("s-")
                .or_else(|| verb.strip_prefix("a-"))
                .or_else(|| verb.strip_prefix("p-"))
                .unwrap_or(verb);
            match verb {
                "active" | "column" | "plus" | "refresh" => {
                    // "active plus F4", or "plus F4" without the word.
                    let (kind, at) = match verb {
                        "active" => (rest.first().copied(), rest.get(1..).unwrap_or(&[])),
                        _ => (Some(verb), rest),
                    };
                    let kind = match kind {
                        Some("column") => Active::Column,
                        Some("plus") => Active::Plus,
                        Some("refresh") => Active::Refresh,
                        _ => {
                            return Err(part_error(
                                part,
                                "write 'active column|plus|refresh <cell>'",
                            ))
                        }
                    };
                    let cell = match cells(part, at)?.as_slice() {
                        [c] => *c,
                        _ => {
                            return Err(part_error(part, "an active powerup is placed on one cell"))
                        }
                    };
                    once(&mut active, "active", part, (kind, cell))?;
                }
                "passive" | "bend" | "chain" | "recolor" => {
                    let (kind, args) = if verb == "passive" {
                        match rest.split_first() {
                            Some((k, a)) => (*k, a),
                            None => {
                                return Err(part_error(
                                    part,
                                    "write 'passive bend', 'passive chain <color>' or 'passive recolor <color> <color>'",
                                ))
                            }
                        }
                    } else {
                        (verb, rest)
                    };
                    let args: Vec<&str> = args.iter().copied().filter(|w| *w != "to").collect();
                    let p = match kind {
                        "bend" => Passive::Bend,
                        "chain" => Passive::Chain(color(part, args.first())?),
                        "recolor" => {
                            let a = color(part, args.first())?;
                            let b = color(part, args.get(1))?;
                            if a == b {
                                return Err(part_error(part, "recolor needs two different colors"));
                            }
                            Passive::Recolor(a, b)
                        }
                        _ => {
                            return Err(part_error(
                                part,
                                "the passive powerups are bend, chain and recolor",
                            ))
                        }
                    };
                    once(&mut passive, "passive", part, p)?;
                }
                "then" => {
                    let (v, r) = rest.split_first().ok_or_else(|| {
                        part_error(
                            part,
                            "'then' is followed by a starter action, like 'then swap C3 C4'",
                        )
                    })?;
                    let a = action(part, v, r)?.ok_or_else(|| {
                        part_error(part, "'then' is followed by pick, swap or rotate")
                    })?;
                    once(&mut then, "second starter", part, a)?;
                }
                v => match action(part, v, rest)? {
                    Some(a) => {
                        once(&mut starter, "starter", part, a)?;
                    }
                    None => return Err(part_error(
                        part,
                        "not a proof part: use active …, passive …, pick/swap/rotate …, or then …",
                    )),
                },
            }
        }
        let (_, starter) = starter.ok_or(ProofError::Missing("starter"))?;
        if let Some((part, t)) = &then {
            if t.powerup() != starter.powerup() {
                return Err(part_error(
                    part,
                    format!(
                        "a refresh gives the same starter again: this proof's starter is {}",
                        starter.powerup().name()
                    ),
                ));
            }
        }
        Ok(ProofSpec {
            active: active.ok_or(ProofError::Missing("active"))?.1,
            passive: passive.ok_or(ProofError::Missing("passive"))?.1,
            starter,
            then: then.map(|(_, a)| a),
        })
    }
}

impl ProofSpec {
    /// Checks every powerup used against a round's offer.
    pub fn check_offer(&self, offer: Offer) -> Result<(), ProofError> {
        for (text, p) in [
            (self.starter.to_string(), self.starter.powerup()),
            (self.passive.to_string(), self.passive.powerup()),
            (
                format!(
                    "active {} {}",
                    self.active.0.powerup().name(),
                    self.active.1
                ),
                self.active.0.powerup(),
            ),
        ] {
            if !offer.has(p) {
                return Err(ProofError::NotOffered(text, p.name(), offer.to_string()));
            }
        }
        Ok(())
    }
}

serde_as_text!(ProofSpec);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_seed_example_parses_and_prints_back() {
        let p: ProofSpec = "active plus F4; passive bend; swap F4 F5".parse().unwrap();
        assert_eq!(p.active, (Active::Plus, "F4".parse().unwrap()));
        assert_eq!(p.passive, Passive::Bend);
        assert_eq!(p.to_string(), "active plus F4; passive bend; swap F4 F5");
        assert_eq!(p.to_string().parse::<ProofSpec>(), Ok(p));
    }

    #[test]
    fn a_swap_names_its_cells_in_reading_order() {
        for written in ["swap G3 F3", "swap F3 G3"] {
            let p: ProofSpec = format!("active plus F3; passive bend; {written}")
                .parse()
                .unwrap();
            assert_eq!(p.to_string(), "active plus F3; passive bend; swap F3 G3");
        }
        let p: ProofSpec = "active plus F4; passive bend; swap F5 F4".parse().unwrap();
        assert_eq!(p.starter.to_string(), "swap F4 F5");
        // A pick keeps the order written: only the swap is reordered.
        let p: ProofSpec = "active plus F4; passive bend; pick F5 A1".parse().unwrap();
        assert_eq!(p.starter.to_string(), "pick F5 A1");
    }

    #[test]
    fn parts_come_in_any_order_over_lines_with_color_names() {
        let p: ProofSpec =
            "Pick c3 d5\npassive recolor R to purple\nactive refresh A1; then pick B2"
                .parse()
                .unwrap();
        assert_eq!(p.passive, Passive::Recolor(Color::Red, Color::Purple));
        assert!(matches!(p.then, Some(Action::Pick(_, None))));
        assert_eq!(p.to_string().parse::<ProofSpec>(), Ok(p));
    }

    #[test]
    fn errors_name_the_part() {
        assert_eq!(
            "passive bend; swap A1 A2".parse::<ProofSpec>(),
            Err(ProofError::Missing("active"))
        );
        let e = "active plus F4; passive bend; swap F4"
            .parse::<ProofSpec>()
            .unwrap_err();
        assert!(e.to_string().contains("'swap F4'"), "{e}");
        let e = "active plus F4; passive chain pink; swap F4 F5"
            .parse::<ProofSpec>()
            .unwrap_err();
        assert!(e.to_string().contains("pink"), "{e}");
        let e = "active plus F4; passive bend; swap F4 F5; rotate A1"
            .parse::<ProofSpec>()
            .unwrap_err();
        assert!(matches!(e, ProofError::Twice("starter", ..)), "{e}");
        let e = "active plus F4; passive bend; swap F4 F5; then pick A1"
            .parse::<ProofSpec>()
            .unwrap_err();
        assert!(e.to_string().contains("same starter"), "{e}");
        // One part said again is one; another of its kind is two.
        let again: ProofSpec = "active plus F3; active plus F3; passive bend; swap F3 G3"
            .parse()
            .unwrap();
        assert_eq!(again.to_string(), "active plus F3; passive bend; swap F3 G3");
        let e = "active plus F4; active plus F3; passive bend; swap F3 G3"
            .parse::<ProofSpec>()
            .unwrap_err();
        assert!(matches!(e, ProofError::Twice("active", ..)), "{e}");
    }

    #[test]
    fn offers_parse_and_are_checked() {
        let offer: Offer = "swap,rotate,bend,recolor,plus,refresh".parse().unwrap();
        assert!(offer.is_complete());
        let p: ProofSpec = "active column A1; passive bend; swap A1 A2"
            .parse()
            .unwrap();
        let e = p.check_offer(offer).unwrap_err();
        assert!(e.to_string().contains("column is not offered"), "{e}");
        assert!("swap,fly".parse::<Offer>().is_err());
    }
}
