//! The rules of the house, checked: which module may import which
//! (`docs/architecture.md` draws the map), and every source file opens
//! with a `//!` doc. A file that breaks a rule is named with the line.
//!
//! It reads the sources as text: an import is a `crate::<module>` path
//! anywhere in a file (a `use`, or a path written out in the code).

use std::path::{Path, PathBuf};

/// (the files a rule covers, below `src/`; the modules they must never
/// name; why).
const NEVER: &[(&str, &[&str], &str)] = &[
    (
        "games",
        &[
            "log", "web", "import", "verify", "bundle", "backup", "migrate",
        ],
        "a game knows only its rules and the vocabulary: findings come from crate::findings",
    ),
    (
        "log",
        &[
            "games", "web", "import", "verify", "replay", "bundle", "samples",
        ],
        "the log is storage and sealing: it knows no game and no page",
    ),
    (
        "event.rs",
        &["log", "web", "import", "verify", "replay"],
        "the vocabulary is the domain's language, below everything that uses it",
    ),
    (
        "findings.rs",
        &["log", "web", "import", "verify", "replay", "games", "event"],
        "the words of a verdict are plain data",
    ),
];

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

fn rust_files(at: &Path) -> Vec<PathBuf> {
    if at.is_file() {
        return vec![at.to_path_buf()];
    }
    let mut out = Vec::new();
    for entry in std::fs::read_dir(at).expect("a source directory") {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            out.extend(rust_files(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
    out.sort();
    out
}

#[test]
fn layers_point_one_way() {
    let mut broken = Vec::new();
    for (covered, never, why) in NEVER {
        let files = rust_files(&src().join(covered));
        assert!(!files.is_empty(), "no files under src/{covered}");
        for file in files {
            let text = std::fs::read_to_string(&file).expect("a source file");
            for (n, line) in (1..).zip(text.lines()) {
                let code = line.split("//").next().unwrap_or("");
                for module in *never {
                    if names(code, module) {
                        broken.push(format!(
                            "{}:{n}: names crate::{module} ({why})",
                            file.strip_prefix(src()).unwrap_or(&file).display()
                        ));
                    }
                }
            }
        }
    }
    assert!(
        broken.is_empty(),
        "imports against the layers:\n{}",
        broken.join("\n")
    );
}

/// Whether a file is compiled only for the tests: a module its parent
/// declares under `#[cfg(test)]` (a `tests.rs`, or a test-only module at
/// the crate's root such as `seventh_game.rs`). A test may name a game's
/// variant of the registry's enums; the layer rules bind tests too (a test
/// that drives a game through the layers above it lives above them, as
/// `src/seventh_game.rs` does).
fn test_only(file: &Path) -> bool {
    let (Some(dir), Some(stem)) = (file.parent(), file.file_stem()) else {
        return false;
    };
    let declared = format!("mod {};", stem.to_string_lossy());
    let parents = [
        dir.join("mod.rs"),
        dir.with_extension("rs"),
        dir.join("lib.rs"),
    ];
    parents.iter().any(|parent| {
        let text = std::fs::read_to_string(parent).unwrap_or_default();
        let lines: Vec<&str> = text.lines().map(str::trim).collect();
        lines
            .windows(2)
            .any(|w| w[0] == "#[cfg(test)]" && w[1] == declared)
    })
}

/// The variant check passes over test-only files, and only those.
#[test]
fn only_a_test_module_is_test_only() {
    let games = src().join("games");
    assert!(test_only(&games.join("rush_hour/rules/tests.rs")));
    assert!(test_only(&games.join("rush_hour/drawing/tests.rs")));
    assert!(test_only(&src().join("seventh_game.rs")));
    assert!(!test_only(&games.join("nim/rules.rs")));
    assert!(!test_only(&src().join("replay.rs")));
    assert!(!test_only(&games.join("series.rs")));
}

#[test]
fn every_source_file_opens_with_a_module_doc() {
    let missing: Vec<String> = rust_files(&src())
        .into_iter()
        .filter(|f| {
            let text = std::fs::read_to_string(f).expect("a source file");
            !text.trim_start().starts_with("//!")
        })
        .map(|f| f.display().to_string())
        .collect();
    assert!(
        missing.is_empty(),
        "files without a //! doc saying what they own:\n{}",
        missing.join("\n")
    );
}

/// Whether a line of code names `crate::<module>`: as a path
/// (`crate::verify::Finding`, `use crate::verify;`) or in a group
/// (`use crate::{verify, …}`).
fn names(code: &str, module: &str) -> bool {
    let path = format!("crate::{module}");
    code.match_indices(&path).any(|(at, _)| {
        let after = &code[at + path.len()..];
        after.starts_with("::") || after.starts_with(';') || after.starts_with(" as ")
    }) || code.split("crate::{").skip(1).any(|group| {
        group
            .split('}')
            .next()
            .unwrap_or("")
            .split(',')
            .any(|item| item.trim() == module || item.trim().starts_with(&format!("{module}::")))
    })
}

/// The check itself finds what it is for, and only that.
#[test]
fn the_layer_check_sees_every_spelling_of_an_import() {
    assert!(names("use crate::verify::{Finding};", "verify"));
    assert!(names(
        "    let f = crate::verify::Finding::new();",
        "verify"
    ));
    assert!(names("use crate::verify;", "verify"));
    assert!(names("use crate::log as store;", "log"));
    assert!(names("use crate::{games, verify};", "verify"));
    assert!(names("use crate::{log::seal::CONFIG, x};", "log"));
    assert!(!names("use crate::verifying::X;", "verify"));
    assert!(!names("use crate::findings::Finding;", "verify"));
    assert!(!names("use crate::{games, findings};", "log"));
}

/// The games the registry lists (`games! { module::Type => Variant =
/// "slug", … }` in `games/mod.rs`): (module, variant).
fn registered_games() -> Vec<(String, String)> {
    let text = std::fs::read_to_string(src().join("games/mod.rs")).expect("games/mod.rs");
    let list = text
        .split("games! {")
        .nth(1)
        .and_then(|rest| rest.split('}').next())
        .expect("the games! list in games/mod.rs");
    list.lines()
        .filter_map(|line| {
            let entry = line.trim().trim_end_matches(',');
            let entry = entry.rsplit(']').next().unwrap_or(entry).trim();
            let (path, variant) = entry.split_once("=>")?;
            let module = path.trim().split("::").next()?.to_string();
            let variant = variant.split('=').next()?.trim().to_string();
            Some((module, variant))
        })
        .collect()
}

/// A file's code without its inline `#[cfg(test)] mod tests { … }` (which
/// comes last, by the house's habit).
fn code_of(text: &str) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let end = lines
        .windows(2)
        .position(|w| w[0].trim() == "#[cfg(test)]" && w[1].trim() == "mod tests {")
        .unwrap_or(lines.len());
    lines[..end].join("\n")
}

/// Adding a game is one folder and one line of the registry: outside a
/// game's own folder and the registry, no code chooses by game (names a
/// game's variant of the registry's enums). Tests may name any game.
#[test]
fn only_a_game_and_the_registry_name_the_game() {
    let games = registered_games();
    assert!(games.contains(&("rush_hour".into(), "RushHour".into())));
    assert!(games.contains(&("nim".into(), "Nim".into())), "{games:?}");
    let mut named = Vec::new();
    for file in rust_files(&src()).into_iter().filter(|f| !test_only(f)) {
        let rel = file.strip_prefix(src()).unwrap_or(&file).to_path_buf();
        if rel == Path::new("games/mod.rs") {
            continue;
        }
        let code = code_of(&std::fs::read_to_string(&file).expect("a source file"));
        for (module, variant) in &games {
            if rel.starts_with(Path::new("games").join(module)) {
                continue;
            }
            for (n, line) in (1..).zip(code.lines()) {
                if let Some(path) = names_game(line, variant) {
                    named.push(format!("{}:{n}: {path}", rel.display()));
                }
            }
        }
    }
    assert!(
        named.is_empty(),
        "code that chooses by game outside the game's folder and the registry:\n{}",
        named.join("\n")
    );
}

/// The registry's enum path naming game `variant` in a line of code
/// (`MatchState::Dodgem(m)`), if any; comments do not count.
fn names_game(line: &str, variant: &str) -> Option<String> {
    const ENUMS: [&str; 8] = [
        "GameKind",
        "MatchState",
        "GameConfig",
        "RoundSetup",
        "Placement",
        "Claim",
        "Challenge",
        "Proof",
    ];
    let code = line.split("//").next().unwrap_or("");
    ENUMS.iter().find_map(|e| {
        let path = format!("{e}::{variant}");
        let whole = |at: usize| {
            !code[at + path.len()..].starts_with(|c: char| c.is_alphanumeric() || c == '_')
        };
        code.match_indices(&path)
            .any(|(at, _)| whole(at))
            .then_some(path)
    })
}

#[test]
fn the_game_check_sees_a_variant_named_and_nothing_else() {
    assert!(names_game("        MatchState::Dodgem(m) => m,", "Dodgem").is_some());
    assert!(names_game("let c = GameConfig::Dodgem(Default::default());", "Dodgem").is_some());
    assert!(names_game("    GameKind::RushHourish", "RushHour").is_none());
    assert!(names_game("// MatchState::Dodgem in a comment", "Dodgem").is_none());
    assert!(names_game("dodgem::view::view(m)", "Dodgem").is_none());
}
