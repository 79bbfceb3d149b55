//! What a fixture says of itself.

use std::path::{Path, PathBuf};

use dicerules_core::syntax::format::SKIP;

/// A fixture's opening comment, its lines joined: what the fixture tests
/// (a snapshot's `description`). The line that keeps the file out of
/// `dicerules fmt` is not part of it.
pub fn opening_comment(source: &str) -> String {
    source
        .lines()
        .take_while(|l| l.trim_start().starts_with("//"))
        .filter(|l| !l.trim().starts_with(SKIP))
        .map(|l| l.trim_start().trim_start_matches('/').trim())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Every `.dice` file under `dir` (relative to the crate root, or
/// absolute), recursively, sorted.
pub fn dice_files(dir: impl AsRef<Path>) -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut out = Vec::new();
    let mut dirs = vec![root.join(dir)];
    while let Some(d) = dirs.pop() {
        let entries = std::fs::read_dir(&d).unwrap_or_else(|e| panic!("{}: {e}", d.display()));
        for path in entries.map(|e| e.expect("an entry").path()) {
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|x| x == "dice") {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

/// The shipped games that take seconds to evaluate (three card poker deals
/// 32 million pairs of hands): the fuzzer neither mutates them (a mutant
/// of one may run past its hang limit without any fault) nor evaluates
/// every prefix of them (each character of an `expect` line would evaluate
/// the game again). The small fixtures of tests/fixtures/poker take the same
/// paths, and are mutated and cut like every other.
pub const SLOW_GAMES: [&str; 1] = ["three_card_poker.dice"];

/// Whether `path` is one of [`SLOW_GAMES`].
pub fn is_slow_game(path: &Path) -> bool {
    path.parent().is_some_and(|d| d.ends_with("games"))
        && path
            .file_name()
            .is_some_and(|f| SLOW_GAMES.iter().any(|g| f == *g))
}

/// Every game of `dirs` (under the crate root) and every example of
/// docs/language.md that is a game, named (a path, or the example's line),
/// with its text: what the differential tests run both ways.
pub fn games_fixtures_and_examples(dirs: &[&str]) -> Vec<(String, String)> {
    let mut sources: Vec<(String, String)> = dirs
        .iter()
        .flat_map(dice_files)
        .map(|path| {
            let source = std::fs::read_to_string(&path).expect("the file reads");
            (path.display().to_string(), source)
        })
        .collect();
    sources.extend(super::reference::examples());
    sources
}

/// A file of `unused` names no rule reads: that many lint findings.
pub fn unused_names(unused: usize) -> String {
    let mut text =
        String::from("game \"Unused\"\n\noutcomes won, lost\n\nround {\n  throw t = d6\n");
    for k in 0..unused {
        text.push_str(&format!("  let u{k} = 1\n"));
    }
    text.push_str("  if total(t) = 6 {\n    end won\n  }\n  end lost\n}\n\nbet player {\n  won  => win 4 to 1\n  lost => lose\n}\n");
    text
}
