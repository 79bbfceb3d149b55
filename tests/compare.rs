//! `dicerules compare` through the binary: the edges it lines up are the
//! ones `check` reports for each file alone, and every change is the
//! exact difference, recomputed here.

use crate::common::binary::{root, run};
use dicerules::number::Exact;
use serde_json::Value;

const HEISTS: [&str; 4] = [
    "games/heist.dice",
    "games/heist_a.dice",
    "games/heist_b.dice",
    "games/heist_c.dice",
];

fn exact(v: &Value) -> Exact {
    let text = v.as_str().expect("an exact figure is a string");
    Exact::parse_literal(text).unwrap_or_else(|| panic!("`{text}` is not an exact number"))
}

/// Each bet's house edge as `check` reports the file alone.
fn edges_by_check(file: &str) -> Vec<(String, Exact)> {
    let out = run(root(), &["check", file, "--format", "json"], b"");
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    let report: Value = serde_json::from_str(&out.stdout).expect("check's JSON");
    report["bets"]
        .as_array()
        .expect("bets")
        .iter()
        .map(|b| {
            (
                b["bet"].as_str().unwrap().to_string(),
                exact(&b["house_edge"]),
            )
        })
        .collect()
}

#[test]
fn the_heists_line_up_with_check_and_their_exact_changes() {
    let mut args = vec!["compare"];
    args.extend(HEISTS);
    args.extend(["--format", "json"]);
    let out = run(root(), &args, b"");
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    let doc: Value = serde_json::from_str(&out.stdout).expect("compare's JSON");
    let reports = doc["reports"].as_array().expect("reports");
    assert_eq!(reports.len(), 4);
    let comparison = &doc["comparison"];
    let first = &edges_by_check(HEISTS[0])[0].1;
    for (i, file) in HEISTS.iter().enumerate() {
        assert_eq!(reports[i]["file"], *file);
        let (bet, edge) = edges_by_check(file).remove(0);
        let row = comparison["bets"]
            .as_array()
            .unwrap()
            .iter()
            .find(|b| b["bet"] == bet.as_str())
            .expect("the bet has a row");
        let cell = &row["files"][i];
        assert_eq!(exact(&cell["house_edge"]), edge, "{file}");
        if i == 0 {
            assert!(cell["difference"].is_null());
        } else {
            let change = &edge - first;
            assert_eq!(exact(&cell["difference"]), change, "{file}");
            let points = cell["difference_percent"].as_f64().unwrap();
            assert!((points - change.to_f64() * 100.0).abs() < 1e-9);
        }
    }
    // The text shows the same table, one column per file.
    let text = run(root(), &args[..5], b"");
    assert_eq!(text.code, Some(0));
    insta::assert_snapshot!("heists", text.stdout);
}

/// A bet only some files have is blank in the others; `--verbose` puts
/// the settlements side by side.
#[test]
fn bets_match_by_name_and_verbose_shows_settlements() {
    let args = [
        "compare",
        "games/heist.dice",
        "games/baccarat_dice.dice",
        "--verbose",
    ];
    let out = run(root(), &args, b"");
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    insta::assert_snapshot!("heist_and_baccarat_verbose", out.transcript(&args));
}

#[test]
fn a_file_that_fails_compares_nothing() {
    let args = ["compare", "games/heist.dice", "games/no_such_game.dice"];
    let out = run(root(), &args, b"");
    assert_eq!(out.code, Some(2));
    assert!(out.stdout.is_empty());
    assert!(out.stderr.contains("no_such_game.dice"), "{}", out.stderr);
    let one = run(root(), &["compare", "games/heist.dice"], b"");
    assert_eq!(one.code, Some(2), "one file is not a comparison");
}

/// `--set` applies to the files that declare the parameter; a name none
/// declares is an error.
#[test]
fn set_applies_where_declared() {
    let args = [
        "compare",
        "games/heist.dice",
        "games/baccarat_dice.dice",
        "--set",
        "tie_odds=7",
    ];
    let out = run(root(), &args, b"");
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    let bad = run(
        root(),
        &[
            "compare",
            "games/heist.dice",
            "games/heist_b.dice",
            "--set",
            "tie_odds=7",
        ],
        b"",
    );
    assert_eq!(bad.code, Some(2));
    assert!(
        bad.stderr.contains("dice::check::unknown_parameter"),
        "{}",
        bad.stderr
    );
}
