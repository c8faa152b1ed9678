//! One person across matches: every spelling of a name, joined through the
//! aliases reviewed imports tied to a match's people.
//!
//! A match names its people once, in its first event ([`People`]: the
//! players, the host, and the other names a reviewer tied to them). Names
//! are compared as the importer and the write tokens compare them
//! ([`same_name`]: surrounding spaces and ASCII case aside), so `Quill` in
//! one match and `quill` in another are one person, and an alias tied in
//! any match (`quill_the_great = Quill`) joins that spelling to the person
//! everywhere. A [`Directory`] is built from every match's [`People`] and
//! answers, for any spelling, who that is.
//!
//! Reads the event vocabulary (through [`People`]) only; imports nothing
//! from `web/`, `import/` or the store.

use std::collections::{BTreeMap, BTreeSet};

use crate::access::{name_key, same_name, People};

/// One person: the name pages show, and every spelling of it met.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Person {
    /// The spelling used as a player in the most matches (ties: the first
    /// in sort order); a host's or an alias's spelling when never a player.
    pub name: String,
    /// Every spelling met, as written, sorted; `name` among them.
    pub names: Vec<String>,
}

impl Person {
    /// Whether `name` is one of this person's spellings.
    pub fn is(&self, name: &str) -> bool {
        self.names.iter().any(|n| same_name(n, name))
    }
}

/// Everyone the matches name, each once.
#[derive(Clone, Debug, Default)]
pub struct Directory {
    people: Vec<Person>,
    /// [`name_key`] of every spelling → its person.
    by_key: BTreeMap<String, usize>,
}

impl Directory {
    /// The people of `matches`: spellings that compare equal are one
    /// person, and so are the two names of every alias.
    pub fn new<'a>(matches: impl IntoIterator<Item = &'a People>) -> Directory {
        // Spellings as written per key, how often each was a player's,
        // and the keys an alias joins.
        let mut spellings: BTreeMap<String, BTreeMap<String, usize>> = BTreeMap::new();
        let mut joined: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        let mut meet = |name: &str, as_player: bool| {
            let name = name.trim();
            if name.is_empty() {
                return None;
            }
            let seen = spellings
                .entry(name_key(name))
                .or_default()
                .entry(name.to_string())
                .or_default();
            *seen += usize::from(as_player);
            Some(name_key(name))
        };
        for m in matches {
            for p in &m.players {
                meet(p, true);
            }
            meet(&m.host, false);
            for (other, real) in &m.aliases {
                if let (Some(a), Some(b)) = (meet(other, false), meet(real, false)) {
                    joined.entry(a.clone()).or_default().insert(b.clone());
                    joined.entry(b).or_default().insert(a);
                }
            }
        }
        // Each person is a connected part of the keys under `joined`.
        let mut dir = Directory::default();
        for start in spellings.keys() {
            if dir.by_key.contains_key(start) {
                continue;
            }
            let id = dir.people.len();
            let mut keys = BTreeSet::new();
            let mut todo = vec![start.clone()];
            while let Some(k) = todo.pop() {
                if keys.insert(k.clone()) {
                    todo.extend(joined.get(&k).into_iter().flatten().cloned());
                }
            }
            let mut names: Vec<(String, usize)> = keys
                .iter()
                .flat_map(|k| spellings.get(k).into_iter().flatten())
                .map(|(n, c)| (n.clone(), *c))
                .collect();
            names.sort();
            let name = names
                .iter()
                .max_by(|a, b| a.1.cmp(&b.1).then_with(|| b.0.cmp(&a.0)))
                .map(|(n, _)| n.clone())
                .unwrap_or_default();
            for k in keys {
                dir.by_key.insert(k, id);
            }
            dir.people.push(Person {
                name,
                names: names.into_iter().map(|(n, _)| n).collect(),
            });
        }
        dir
    }

    /// Who `name` is, in any spelling; `None` when no match names it.
    pub fn find(&self, name: &str) -> Option<&Person> {
        self.by_key
            .get(&name_key(name))
            .and_then(|&i| self.people.get(i))
    }

    /// Everyone, in the order of their names' keys.
    pub fn people(&self) -> impl Iterator<Item = &Person> {
        self.people.iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn people(players: [&str; 2], host: &str, aliases: &[(&str, &str)]) -> People {
        People {
            host: host.into(),
            players: players.iter().map(|p| p.to_string()).collect(),
            aliases: aliases
                .iter()
                .map(|(a, b)| (a.to_string(), b.to_string()))
                .collect(),
        }
    }

    #[test]
    fn an_alias_tied_in_one_match_joins_the_spellings_of_every_match() {
        let dir = Directory::new(&[
            people(["quill", "marrow"], "tess", &[]),
            people(["Quill", "bramble"], "danny", &[]),
            people(
                ["QuillFeather", "marrow "],
                "tess",
                &[("quill", "QuillFeather")],
            ),
            people(["nib", "blot"], "quire", &[]),
        ]);
        let quill = dir.find("QUILLFEATHER").expect("found by any case");
        assert_eq!(quill.names, ["Quill", "QuillFeather", "quill"]);
        // Each spelling was a player's once; the first in sort order wins.
        assert_eq!(quill.name, "Quill");
        assert_eq!(dir.find(" quill"), Some(quill));
        assert!(quill.is("quillfeather") && !quill.is("marrow"));
        assert_eq!(dir.find("marrow").unwrap().names, ["marrow"]);
        assert_eq!(dir.find("tess").unwrap().name, "tess");
        assert!(dir.find("nobody").is_none());
        // quill, marrow, tess, bramble, danny, nib, blot, quire.
        assert_eq!(dir.people().count(), 8);
    }

    #[test]
    fn the_name_shown_is_the_one_played_under_most_often() {
        let dir = Directory::new(&[
            people(["Mira", "jonas"], "kg", &[("mira_x", "Mira")]),
            people(["mira_x", "ovi"], "kg", &[]),
            people(["mira_x", "tamsin"], "kg", &[]),
        ]);
        assert_eq!(dir.find("mira").unwrap().name, "mira_x");
        assert!(dir.find("").is_none());
    }
}
