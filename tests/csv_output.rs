//! `--format csv` through the binary: a header and one row per bet (and
//! file, setting), read back with a CSV reader; every exact cell is the
//! figure the JSON report gives, and every decimal cell its value.

use crate::common::binary::{root, run};
use dicerules::number::Exact;
use serde_json::Value;

/// The CSV's header and its rows as maps from column to cell.
fn read(csv: &str) -> (Vec<String>, Vec<Vec<(String, String)>>) {
    let mut reader = csv::Reader::from_reader(csv.as_bytes());
    let header: Vec<String> = reader
        .headers()
        .expect("a header row")
        .iter()
        .map(String::from)
        .collect();
    let rows = reader
        .records()
        .map(|r| {
            let r = r.expect("a well-formed row");
            assert_eq!(r.len(), header.len(), "every row as long as the header");
            header
                .iter()
                .cloned()
                .zip(r.iter().map(String::from))
                .collect()
        })
        .collect();
    (header, rows)
}

fn cell<'a>(row: &'a [(String, String)], column: &str) -> &'a str {
    row.iter()
        .find(|(c, _)| c == column)
        .map(|(_, v)| v.as_str())
        .unwrap_or_else(|| panic!("no column {column}"))
}

fn exact(text: &str) -> Exact {
    Exact::parse_literal(text).unwrap_or_else(|| panic!("`{text}` is not exact"))
}

/// Every shipped game: one row per bet, in order, each edge and variance
/// the JSON report's, each percent the exact figure's.
#[test]
fn check_gives_a_row_per_bet_of_every_game() {
    for game in std::fs::read_dir(root().join("games")).expect("games/") {
        let path = game.expect("an entry").path();
        if crate::common::fixture::is_slow_game(&path) {
            continue;
        }
        let file = format!("games/{}", path.file_name().unwrap().to_string_lossy());
        let csv = run(root(), &["check", &file, "--format", "csv"], b"");
        assert_eq!(csv.code, Some(0), "{file}: {}", csv.stderr);
        let json = run(root(), &["check", &file, "--format", "json"], b"");
        let report: Value = serde_json::from_str(&json.stdout).expect("JSON");
        let (header, rows) = read(&csv.stdout);
        assert_eq!(header[..5], ["file", "game", "setting", "params", "bet"]);
        let bets = report["bets"].as_array().expect("bets");
        assert_eq!(rows.len(), bets.len(), "{file}");
        for (row, bet) in rows.iter().zip(bets) {
            assert_eq!(cell(row, "file"), file);
            assert_eq!(cell(row, "game"), report["game"]);
            assert_eq!(cell(row, "setting"), "");
            assert_eq!(cell(row, "bet"), bet["bet"]);
            for figure in ["house_edge", "ev", "variance", "hit_frequency"] {
                assert_eq!(cell(row, figure), bet[figure], "{file} {figure}");
            }
            let edge = exact(cell(row, "house_edge"));
            let percent: f64 = cell(row, "house_edge_percent").parse().expect("a decimal");
            assert!((percent - edge.to_f64() * 100.0).abs() < 1e-9, "{file}");
            match bet["house_edge_excluding_pushes"].as_str() {
                Some(x) => assert_eq!(cell(row, "house_edge_excluding_pushes"), x),
                None => assert_eq!(cell(row, "house_edge_excluding_pushes"), ""),
            }
        }
    }
}

/// A sweep: one row per bet and setting, the setting named in its column.
#[test]
fn a_sweep_gives_a_row_per_bet_and_setting() {
    let out = run(
        root(),
        &[
            "check",
            "games/punto_banco.dice",
            "--set",
            "decks=1,8",
            "--format",
            "csv",
        ],
        b"",
    );
    assert_ne!(out.code, Some(2), "{}", out.stderr);
    let (_, rows) = read(&out.stdout);
    let keys: Vec<(&str, &str)> = rows
        .iter()
        .map(|r| (cell(r, "setting"), cell(r, "bet")))
        .collect();
    assert_eq!(
        keys,
        [
            ("decks=1", "player"),
            ("decks=1", "banker"),
            ("decks=1", "tie"),
            ("decks=8", "player"),
            ("decks=8", "banker"),
            ("decks=8", "tie")
        ]
    );
    assert!(cell(&rows[0], "params").contains("decks=1"));
}

/// `compare`: one row per bet and file, the change the exact difference.
#[test]
fn compare_gives_a_row_per_bet_and_file() {
    let out = run(
        root(),
        &[
            "compare",
            "games/heist.dice",
            "games/heist_b.dice",
            "--format",
            "csv",
        ],
        b"",
    );
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    let (header, rows) = read(&out.stdout);
    assert_eq!(header[0], "column");
    assert_eq!(rows.len(), 2);
    assert_eq!(cell(&rows[0], "difference"), "");
    let change = &exact(cell(&rows[1], "house_edge")) - &exact(cell(&rows[0], "house_edge"));
    assert_eq!(exact(cell(&rows[1], "difference")), change);
    // A file name with a comma is quoted, and reads back whole.
    let dir = std::env::temp_dir().join(format!("dicerules-csv-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let odd = dir.join("heist, house rules.dice");
    std::fs::copy(root().join("games/heist_b.dice"), &odd).expect("copied");
    let odd = odd.to_string_lossy().into_owned();
    let out = run(
        root(),
        &["compare", "games/heist.dice", &odd, "--format", "csv"],
        b"",
    );
    let (_, rows) = read(&out.stdout);
    assert_eq!(cell(&rows[1], "column"), odd);
    let _ = std::fs::remove_dir_all(&dir);
}

/// `simulate`: one row per bet, the exact edge the report's.
#[test]
fn simulate_gives_a_row_per_bet() {
    let out = run(
        root(),
        &[
            "simulate",
            "games/punto_banco.dice",
            "--rounds",
            "2000",
            "--format",
            "csv",
        ],
        b"",
    );
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    let json = run(
        root(),
        &["check", "games/punto_banco.dice", "--format", "json"],
        b"",
    );
    let report: Value = serde_json::from_str(&json.stdout).expect("JSON");
    let (_, rows) = read(&out.stdout);
    let bets = report["bets"].as_array().expect("bets");
    assert_eq!(rows.len(), bets.len());
    for (row, bet) in rows.iter().zip(bets) {
        assert_eq!(cell(row, "bet"), bet["bet"]);
        assert_eq!(cell(row, "house_edge"), bet["house_edge"]);
        assert_eq!(cell(row, "rounds"), "2000");
        let estimate = exact(cell(row, "house_edge_estimate")).to_f64() * 100.0;
        let low: f64 = cell(row, "house_edge_ci95_low_percent")
            .parse()
            .expect("a decimal");
        let high: f64 = cell(row, "house_edge_ci95_high_percent")
            .parse()
            .expect("a decimal");
        assert!(low < estimate && estimate < high, "{low} {estimate} {high}");
    }
}

/// A bet with `staking` has its average wager and element of risk in the
/// row, as the JSON gives them (`tests/fixtures/poker/ride_pays.dice`: 4/3
/// units staked on average, an edge of 1/9, so 1/12 per unit staked); a
/// bet without has empty cells.
#[test]
fn a_staked_bet_has_its_average_wager_and_element_of_risk() {
    let file = "tests/fixtures/poker/ride_pays.dice";
    let csv = run(root(), &["check", file, "--format", "csv"], b"");
    assert_eq!(csv.code, Some(0), "{}", csv.stderr);
    let (_, rows) = read(&csv.stdout);
    let [row] = &rows[..] else {
        panic!("one bet: {rows:?}");
    };
    assert_eq!(cell(row, "average_wager"), "4/3");
    assert_eq!(cell(row, "element_of_risk"), "1/12");
    let percent: f64 = cell(row, "element_of_risk_percent")
        .parse()
        .expect("a decimal");
    assert!((percent - 100.0 / 12.0).abs() < 1e-9, "{percent}");
    let float: f64 = cell(row, "average_wager_float").parse().expect("a decimal");
    assert!((float - 4.0 / 3.0).abs() < 1e-12, "{float}");
    let plain = run(
        root(),
        &["check", "games/heist.dice", "--format", "csv"],
        b"",
    );
    let (_, rows) = read(&plain.stdout);
    for row in &rows {
        for column in ["average_wager", "average_wager_float", "element_of_risk"] {
            assert_eq!(cell(row, column), "", "{column}");
        }
    }
}
