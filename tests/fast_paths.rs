//! The exact evaluator's fast paths against its plain one: every shipped
//! game and every valid fixture analysed both ways (with
//! [`dicerules::eval::plain`]) gives the same report, lints and
//! distribution, fraction for fraction.
//!
//! The fast paths are the steps remembered by what they read
//! (`src/eval/exact/paths.rs`) and one card dealt straight off a packed
//! shoe (`src/eval/observe.rs`).

use std::path::Path;

use dicerules::analysis::{Analysis, Options};
use dicerules::check::removed::Removal;

/// Every `.dice` file under `dir`, recursively, sorted.
fn files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .expect("the folder reads")
        .map(|e| e.expect("an entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            files(&path, out);
        } else if path.extension().is_some_and(|e| e == "dice") {
            out.push(path);
        }
    }
}

fn analysis(source: &str) -> Option<String> {
    analysis_with(source, Options::default())
}

fn analysis_with(source: &str, options: Options) -> Option<String> {
    let options = Options {
        lint: true,
        ..options
    };
    let a = Analysis::new(source, &options).ok()?;
    Some(format!(
        "{:?}\n{:?}\n{:?}\n{:?}",
        a.report,
        a.lints,
        a.distribution.outcomes,
        a.distribution
            .ends
            .iter()
            .map(|e| (e.outcome, &e.values, e.probability()))
            .collect::<Vec<_>>()
    ))
}

#[test]
fn every_game_and_fixture_is_the_same_on_the_plain_path() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut all = Vec::new();
    files(&root.join("games"), &mut all);
    for dir in ["lint", "numbers", "strategy", "table"] {
        files(&root.join("tests/fixtures").join(dir), &mut all);
    }
    files(&root.join("examples"), &mut all);
    let mut compared = 0;
    for path in &all {
        let source = std::fs::read_to_string(path).expect("the file reads");
        let fast = analysis(&source);
        let plain = dicerules::eval::plain(|| analysis(&source));
        assert_eq!(fast, plain, "{} differs on the plain path", path.display());
        compared += usize::from(fast.is_some());
    }
    assert!(compared >= 20, "only {compared} files were analysed");
}

/// The card games from shoes with cards taken out (`--removed`): the fast
/// paths count each kind from what is left of the shoe.
#[test]
fn shoes_less_removed_cards_are_the_same_on_the_plain_path() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for (game, removed) in [
        ("punto_banco", "5x32,K,K"),
        ("punto_banco", "9x2,A,T"),
        ("casino_war", "Ax3,2"),
        ("red_dog", "Kx2,Qx5"),
        ("chemin_de_fer", "5x4"),
    ] {
        let source = std::fs::read_to_string(root.join("games").join(format!("{game}.dice")))
            .expect("the game reads");
        let options = || Options {
            removed: vec![Removal::parse(removed).expect("the cards parse")],
            ..Options::default()
        };
        let fast = analysis_with(&source, options());
        let plain = dicerules::eval::plain(|| analysis_with(&source, options()));
        assert!(fast.is_some(), "{game} less {removed} analyses");
        assert_eq!(
            fast, plain,
            "{game} less {removed} differs on the plain path"
        );
    }
}
