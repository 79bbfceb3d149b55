//! Every shipped game: its report snapshotted (text and JSON), found by a
//! glob so that a new game gets a snapshot without test code.

use dicerules::render::text;
use dicerules::report::Report;

/// The game's report through the driver, as `check` makes it: the lines
/// pinned `with` another setting checked at it; evaluated once for the
/// three tests below.
fn report(path: &std::path::Path) -> (String, Report) {
    let name = format!(
        "games/{}",
        path.file_name()
            .map(|n| n.to_string_lossy())
            .unwrap_or_default()
    );
    (name, crate::common::fixture::shipped_report(path))
}

#[test]
fn text_reports() {
    insta::glob!("../games", "*.dice", |path| {
        let (name, report) = report(path);
        insta::assert_snapshot!(text::render(&report, Some(&name)));
    });
}

/// The JSON of each game; of a slow game (tests/common/fixture.rs), whose
/// choices meet thousands of situations (let it ride 34,619), the first
/// 24 rows of its strategy, the rest counted by the text report's snapshot
/// and checked against the independent counts of tests/poker_count.rs.
#[test]
fn json_reports() {
    insta::glob!("../games", "*.dice", |path| {
        let (_, mut report) = report(path);
        if crate::common::fixture::is_slow_game(path) {
            if let Some(s) = report.strategies.as_mut() {
                s.decisions.truncate(24);
            }
        }
        insta::assert_json_snapshot!(report);
    });
}

#[test]
fn every_expect_of_every_game_holds() {
    insta::glob!("../games", "*.dice", |path| {
        let (name, report) = report(path);
        for v in &report.expects {
            assert!(v.checked, "{name}: `{}` is not checked", v.written());
            assert!(v.holds, "{name}: `{}` fails: {}", v.written(), v.actual);
        }
    });
}

/// The JSON contract of SPEC.md: field names and types scripts rely on.
#[test]
fn json_contract() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("games/heist.dice");
    let (_, report) = report(&path);
    let v = serde_json::to_value(&report).expect("serialises");
    assert_eq!(v["format_version"], 1);
    assert_eq!(v["game"], "Heist");
    assert!(v["params"].is_object());
    let bet = &v["bets"][0];
    assert_eq!(bet["bet"], "player");
    assert_eq!(bet["house_edge"], "37/432");
    let percent = bet["house_edge_percent"].as_f64().expect("a float");
    assert!((percent - 8.564814814814815).abs() < 1e-12);
    assert!(bet["house_edge_excluding_pushes"].is_null());
    assert!(bet["std_dev"].is_f64());
    let first = &bet["outcomes"][0];
    assert_eq!(first["outcome"], "win 2 to 1");
    assert_eq!(first["net"], "2");
    assert_eq!(first["probability"], "35/1296");
    assert!(v["expects"].is_array());
    assert!(v["claims"].is_array());
    assert!(v["diagnostics"].is_array());
    // Every key is there, null where it does not apply; chips are strings.
    assert!(v["choice"].is_null() && v["strategies"].is_null());
    assert_eq!(v["table"]["player_chips"], "100");
}
