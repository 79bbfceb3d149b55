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

/// A bet that stakes a name has its element of risk compared too: each
/// file's is the one `check` reports for it alone, the change their exact
/// difference; the text and HTML show it after the house edges, and a bet
/// that stakes nothing has none (null in the JSON, no table in the text).
#[test]
fn a_staked_bet_s_element_of_risk_is_compared() {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("compare_staked");
    std::fs::create_dir_all(&dir).expect("a folder");
    let first = root().join("tests/fixtures/poker/play_or_fold_staked.dice");
    let source = std::fs::read_to_string(&first).expect("the fixture reads");
    let flush = "      set net = 5";
    assert!(source.contains(flush));
    let second = dir.join("flush_pays_4.dice");
    std::fs::write(
        &second,
        source
            .replace(flush, "      set net = 4")
            .replace("5  => win 5 to 1", "4  => win 4 to 1"),
    )
    .expect("writes");
    let files = [first.display().to_string(), second.display().to_string()];
    let risks: Vec<Exact> = files
        .iter()
        .map(|f| {
            let out = run(root(), &["check", f, "--format", "json"], b"");
            assert_eq!(out.code, Some(0), "{}", out.stderr);
            let report: Value = serde_json::from_str(&out.stdout).expect("check's JSON");
            exact(&report["bets"][0]["element_of_risk"])
        })
        .collect();
    assert_ne!(risks[0], risks[1]);
    let args = ["compare", &files[0], &files[1], "--format", "json"];
    let out = run(root(), &args, b"");
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    let doc: Value = serde_json::from_str(&out.stdout).expect("compare's JSON");
    let cells = &doc["comparison"]["bets"][0]["files"];
    assert_eq!(exact(&cells[0]["element_of_risk"]), risks[0]);
    assert_eq!(exact(&cells[1]["element_of_risk"]), risks[1]);
    assert!(cells[0]["element_of_risk_difference"].is_null());
    assert_eq!(
        exact(&cells[1]["element_of_risk_difference"]),
        &risks[1] - &risks[0]
    );
    let text = run(root(), &args[..3], b"");
    assert_eq!(text.code, Some(0), "{}", text.stderr);
    let table = text
        .stdout
        .split("element of risk")
        .nth(1)
        .expect("a table of the elements of risk");
    let risk = |x: &Exact| format!("{x} = {:.4}%", x.to_f64() * 100.0);
    assert!(table.contains(&risk(&risks[0])), "{}", text.stdout);
    assert!(table.contains(&risk(&risks[1])), "{}", text.stdout);
    // The heists stake nothing: no element of risk, in the JSON or the text.
    let heists = run(
        root(),
        &["compare", HEISTS[0], HEISTS[1], "--format", "json"],
        b"",
    );
    let doc: Value = serde_json::from_str(&heists.stdout).expect("compare's JSON");
    assert!(doc["comparison"]["bets"][0]["files"][1]["element_of_risk"].is_null());
    let heists = run(root(), &["compare", HEISTS[0], HEISTS[1]], b"");
    assert!(
        !heists.stdout.contains("element of risk"),
        "{}",
        heists.stdout
    );
}
