//! Sweeps (`--set NAME=V1,V2` and `NAME=A..B`) through the binary: one
//! report per setting, each figure equal to an independent count at that
//! setting; the bounds and the malformed sweeps are diagnostics.

use crate::common::binary::{command, root, run};
use dicerules::number::Exact;
use serde_json::Value;

fn exact(v: &Value) -> Exact {
    let text = v.as_str().expect("an exact figure is a string");
    Exact::parse_literal(text).unwrap_or_else(|| panic!("`{text}` is not an exact number"))
}

fn edge(report: &Value, bet: &str) -> Exact {
    let bets = report["bets"].as_array().expect("bets");
    let b = bets.iter().find(|b| b["bet"] == bet).expect("the bet");
    exact(&b["house_edge"])
}

/// The probability that a round of games/baccarat_dice.dice ties, counted
/// here from its rules (two 2d6 totals mod 10 a side, the third throws of
/// its table), over 36^4 equally likely throws.
fn baccarat_dice_tie() -> Exact {
    let totals: Vec<i64> = (1..=6)
        .flat_map(|a| (1..=6).map(move |b| (a + b) % 10))
        .collect();
    // banker_draws(bank, second): D where the table says draw.
    let draws = |bank: i64, second: i64| match bank {
        0..=3 => true,
        4 => (2..=7).contains(&second),
        5 => (4..=7).contains(&second),
        6 => (6..=7).contains(&second),
        _ => false,
    };
    let mut ties = 0i64;
    for &p in &totals {
        for &b in &totals {
            for &p2 in &totals {
                for &b2 in &totals {
                    let (mut player, mut banker) = (p, b);
                    if p <= 7 && b <= 7 {
                        if p <= 5 {
                            player = (p + p2) % 10;
                            if draws(b, p2) {
                                banker = (b + b2) % 10;
                            }
                        } else if b <= 5 {
                            banker = (b + b2) % 10;
                        }
                    }
                    ties += i64::from(player == banker);
                }
            }
        }
    }
    Exact::ratio(ties, 36i64.pow(4))
}

#[test]
fn baccarat_dice_over_five_tie_odds_gives_five_columns_each_the_count() {
    let args = [
        "check",
        "games/baccarat_dice.dice",
        "--set",
        "tie_odds=5..9",
    ];
    let json = run(root(), &[&args[..], &["--format", "json"]].concat(), b"");
    assert_eq!(json.code, Some(0), "{}", json.stderr);
    let reports: Value = serde_json::from_str(&json.stdout).expect("an array of reports");
    let reports = reports.as_array().expect("one report per setting");
    assert_eq!(reports.len(), 5);
    let tie = baccarat_dice_tie();
    for (report, odds) in reports.iter().zip(5..=9) {
        assert_eq!(report["params"]["tie_odds"], odds.to_string());
        // The tie bet wins `odds` to 1 on a tie and loses the stake else.
        let expected = &Exact::one() - &(&tie * &Exact::int(odds + 1));
        assert_eq!(edge(report, "tie"), expected, "tie at {odds} to 1");
        // The other bets do not read the tie's odds.
        assert_eq!(edge(report, "player"), edge(&reports[0], "player"));
        assert_eq!(edge(report, "banker"), edge(&reports[0], "banker"));
    }
    let text = run(root(), &args, b"");
    assert_eq!(text.code, Some(0), "{}", text.stderr);
    let header = text
        .stdout
        .lines()
        .find(|l| l.starts_with("house edge"))
        .expect("the table's header");
    let columns: Vec<&str> = header.split_whitespace().skip(2).collect();
    assert_eq!(
        columns,
        [
            "tie_odds=5",
            "tie_odds=6",
            "tie_odds=7",
            "tie_odds=8",
            "tie_odds=9"
        ]
    );
    insta::assert_snapshot!("baccarat_dice_tie_odds", text.stdout);
}

/// A narrow terminal (`COLUMNS`) cuts the table into blocks of whole
/// columns, each repeating the bets' names; every setting is still there.
#[test]
fn a_wide_table_is_cut_to_the_width_given() {
    let out = command(
        root(),
        &[
            "check",
            "games/baccarat_dice.dice",
            "--set",
            "tie_odds=5..9",
        ],
    )
    .env("COLUMNS", "80")
    .output()
    .expect("runs");
    let stdout = String::from_utf8(out.stdout).expect("UTF-8");
    let table: Vec<&str> = stdout
        .lines()
        .skip_while(|l| !l.starts_with("house edge"))
        .take_while(|l| !l.starts_with("expect"))
        .collect();
    let headers: Vec<&&str> = table
        .iter()
        .filter(|l| l.starts_with("house edge"))
        .collect();
    assert!(headers.len() > 1, "{stdout}");
    assert!(table.iter().all(|l| l.chars().count() <= 80), "{stdout}");
    let shown: usize = headers.iter().map(|h| h.matches("tie_odds=").count()).sum();
    assert_eq!(shown, 5, "{stdout}");
    assert_eq!(
        table.iter().filter(|l| l.starts_with("tie ")).count(),
        headers.len()
    );
}

/// `compare` with a sweep: one column per file and setting, each change
/// the exact difference from the first column.
#[test]
fn compare_sweeps_every_file() {
    let out = run(
        root(),
        &[
            "compare",
            "games/baccarat_dice.dice",
            "games/punto_banco.dice",
            "--set",
            "tie_odds=8,9",
            "--format",
            "json",
        ],
        b"",
    );
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    let doc: Value = serde_json::from_str(&out.stdout).expect("compare's JSON");
    let files: Vec<&str> = doc["comparison"]["files"]
        .as_array()
        .expect("files")
        .iter()
        .map(|f| f.as_str().expect("a name"))
        .collect();
    assert_eq!(
        files,
        [
            "games/baccarat_dice.dice tie_odds=8",
            "games/baccarat_dice.dice tie_odds=9",
            "games/punto_banco.dice tie_odds=8",
            "games/punto_banco.dice tie_odds=9"
        ]
    );
    let reports = doc["reports"].as_array().expect("reports");
    let tie = doc["comparison"]["bets"]
        .as_array()
        .expect("bets")
        .iter()
        .find(|b| b["bet"] == "tie")
        .expect("a tie row");
    for (i, report) in reports.iter().enumerate() {
        let cell = &tie["files"][i];
        assert_eq!(exact(&cell["house_edge"]), edge(report, "tie"));
        if i > 0 {
            let change = &edge(report, "tie") - &edge(&reports[0], "tie");
            assert_eq!(exact(&cell["difference"]), change);
        }
    }
}

/// Among several files, a file that does not declare the swept name is
/// reported once, as it is; one that does, once per setting.
#[test]
fn a_file_without_the_swept_name_is_reported_once() {
    let out = run(
        root(),
        &[
            "check",
            "games/heist.dice",
            "games/baccarat_dice.dice",
            "--set",
            "tie_odds=7,8",
            "--format",
            "json",
        ],
        b"",
    );
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    let reports: Value = serde_json::from_str(&out.stdout).expect("an array");
    let files: Vec<(&str, &Value)> = reports
        .as_array()
        .expect("an array")
        .iter()
        .map(|r| {
            (
                r["file"].as_str().expect("a file"),
                &r["params"]["tie_odds"],
            )
        })
        .collect();
    assert_eq!(
        files,
        [
            ("games/heist.dice", &Value::Null),
            ("games/baccarat_dice.dice", &Value::from("7")),
            ("games/baccarat_dice.dice", &Value::from("8"))
        ]
    );
}

/// Malformed and oversized sweeps are diagnostics with their code, exit 2,
/// and nothing on stdout; `play` and `simulate` take one value.
#[test]
fn bad_sweeps_are_diagnostics() {
    let cases: [(&[&str], &str); 8] = [
        (&["--set", "tie_odds=9..5"], "dice::check::sweep_form"),
        (&["--set", "tie_odds=1.5..3"], "dice::check::sweep_form"),
        (&["--set", "tie_odds=5,5"], "dice::check::sweep_form"),
        (&["--set", "tie_odds=5,,6"], "dice::syntax::override_value"),
        (
            &["--set", "tie_odds=1..99999999999999999999"],
            "dice::check::sweep_too_large",
        ),
        (
            &["--set", "tie_odds=5..9", "--max-settings", "4"],
            "dice::check::sweep_too_large",
        ),
        (
            &["--set", "tie_odds=5..9", "--set", "house_limit=1..30"],
            "dice::check::sweep_too_large",
        ),
        (
            &["--set", "tie_odds=5..9", "--set", "tie_odds=3"],
            "dice::check::override_repeated",
        ),
    ];
    for (extra, code) in cases {
        let args = [&["check", "games/baccarat_dice.dice"], extra].concat();
        let out = run(root(), &args, b"");
        assert_eq!(out.code, Some(2), "{args:?}: {}", out.stderr);
        assert!(out.stdout.is_empty(), "{args:?}");
        assert!(out.stderr.contains(code), "{args:?}: {}", out.stderr);
    }
    for command in ["play", "simulate"] {
        let out = run(
            root(),
            &[command, "games/baccarat_dice.dice", "--set", "tie_odds=5,6"],
            b"",
        );
        assert_eq!(out.code, Some(2), "{command}");
        assert!(
            out.stderr.contains("dice::check::sweep_here"),
            "{}",
            out.stderr
        );
    }
    let out = run(
        root(),
        &[
            "check",
            "games/baccarat_dice.dice",
            "--set",
            "tie_odds=9..5",
        ],
        b"",
    );
    insta::assert_snapshot!("reversed_range", out.stderr);
}

/// A sweep evaluates each setting once: the settings of the sweep, and a
/// setting `with` lines name, shared between them (punto banco pins its
/// six-deck figures: sweeping 1 and 8 decks evaluates 1, 6 and 8 decks).
#[test]
fn each_setting_is_evaluated_once_across_a_sweep() {
    use dicerules::analysis::Evaluated;
    use dicerules_core::ast::Setting;
    let source = std::fs::read_to_string(root().join("games/punto_banco.dice")).expect("the game");
    let parsed = dicerules::Parsed::new(source).expect("parses");
    let mut evaluated = Evaluated::default();
    let mut reports = Vec::new();
    for decks in [1, 8, 6] {
        let options = dicerules::Options {
            overrides: vec![("decks".to_string(), Setting::Number(Exact::int(decks)))].into(),
            ..Default::default()
        };
        let game = parsed.clone().check(&options.overrides).expect("checks");
        let analysis = game
            .analyse_sharing(&options, &mut evaluated)
            .expect("evaluates");
        reports.push(analysis.report);
    }
    assert_eq!(evaluated.len(), 3, "1, 6 and 8 decks, each once");
    // The six-deck lines hold at every setting, taken from the one
    // evaluation at six decks.
    for report in &reports {
        let pinned: Vec<_> = report
            .expects
            .iter()
            .filter(|v| !v.with.is_empty())
            .collect();
        assert_eq!(pinned.len(), 3);
        assert!(pinned.iter().all(|v| v.checked && v.holds));
    }
}
