//! What a fixture says of itself.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

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
/// 32 million pairs of hands; let it ride and mississippi stud solve the
/// player's choices over tens of thousands of hands; caribbean stud, about
/// two minutes, over 5.6 million; blackjack from a shoe over 24,000, each
/// with the dealer's draws from its own shoe): the fuzzer neither
/// mutates them (a mutant of one may run past its hang limit without any
/// fault) nor evaluates every prefix of them (each character of an
/// `expect` line would evaluate the game again), and the tests that run a
/// command over every game name the others ([`quick_games`]). Each is
/// still evaluated whole by the tests of its report (tests/games.rs, once
/// for its text, JSON and expect lines), its count (tests/poker_count.rs),
/// its play (tests/play.rs) and the walk of `check games/`
/// (tests/hostile.rs). The small fixtures of tests/fixtures/poker take the
/// same paths, and are mutated and cut like every other.
pub const SLOW_GAMES: [&str; 5] = [
    "blackjack_shoe.dice",
    "caribbean_stud.dice",
    "let_it_ride.dice",
    "mississippi_stud.dice",
    "three_card_poker.dice",
];

/// The shipped games but [`SLOW_GAMES`], as `games/NAME.dice` from the
/// crate root, in order: what a test runs a command over where it would
/// otherwise name `games/`.
pub fn quick_games() -> Vec<String> {
    dice_files("games")
        .into_iter()
        .filter(|p| !is_slow_game(p))
        .map(|p| {
            format!(
                "games/{}",
                p.file_name().unwrap_or_default().to_string_lossy()
            )
        })
        .collect()
}

/// The analysis of a shipped game as `check` makes it (its program, its
/// exact distribution and its report), evaluated once for every test that
/// asks (tests/games.rs's text, JSON and expect lines, the counts of
/// tests/casino_count.rs and tests/poker_count.rs, the tables and
/// simulations of tests/play.rs): the slow games take seconds each,
/// caribbean stud minutes.
pub fn shipped(path: &Path) -> Arc<dicerules::Analysis> {
    type Analyses = Mutex<HashMap<PathBuf, Arc<OnceLock<Arc<dicerules::Analysis>>>>>;
    static ANALYSES: OnceLock<Analyses> = OnceLock::new();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let path = root.join(path);
    let cell = ANALYSES
        .get_or_init(Analyses::default)
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
        .entry(path.clone())
        .or_default()
        .clone();
    cell.get_or_init(|| {
        let source = std::fs::read_to_string(&path).expect("the game reads");
        Arc::new(
            dicerules::Analysis::new(source, &dicerules::Options::default())
                .expect("the game checks and evaluates"),
        )
    })
    .clone()
}

/// The report of a shipped game as `check` makes it ([`shipped`]).
pub fn shipped_report(path: &Path) -> dicerules::report::Report {
    shipped(path).report.clone()
}

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
