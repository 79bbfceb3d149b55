//! `bet NAME on VALUE staking WAGER`: the average wager and the element of
//! risk, in the report and its JSON, as figures of `expect`, and kept by the
//! printer and the formatter. The count of a staked poker game is
//! tests/poker_count.rs's; the errors are tests/fixtures/invalid/'s.

use dicerules::Options;

use crate::common::binary::{self, exact, json};

/// A round staking 1 or 2 units (2 on a low first die), paid on its net.
const STAKED: &str = r#"game "staked"
round {
  throw first = d6
  let stake = 1
  if total(first) <= 2 {
    set stake = 2
  }
  throw second = d6
  let net = -stake
  if total(first) + total(second) >= 8 {
    set net = stake
  }
}
bet player on net staking stake {
  -2 => lose 2
  -1 => lose
  1  => win 1 to 1
  2  => win 2 to 1
}
bet plain on net {
  -2 => lose 2
  -1 => lose
  1  => win 1 to 1
  2  => win 2 to 1
}
"#;

fn report(source: &str) -> dicerules::report::Report {
    dicerules::Analysis::new(source, &Options::default())
        .expect("it checks and evaluates")
        .report
}

#[test]
fn a_staked_bet_has_an_average_wager_and_an_element_of_risk() {
    let report = report(STAKED);
    let [player, plain] = &report.bets[..] else {
        panic!("two bets");
    };
    // A low first die (1/3) stakes 2, a high one 1: 4/3; the edge 4/9.
    assert_eq!(player.staking.as_deref(), Some("stake"));
    let average = player.average_wager.as_ref().expect("an average wager");
    assert_eq!(average.0, exact("4/3"));
    assert_eq!(player.house_edge.0, exact("4/9"));
    let risk = player.element_of_risk.as_ref().expect("an element of risk");
    assert_eq!(risk.0, exact("1/3"));
    assert!((player.element_of_risk_percent.expect("percent") - 100.0 / 3.0).abs() < 1e-9);
    // The same payouts without `staking`: the same edge, no wager.
    assert_eq!(plain.house_edge, player.house_edge);
    assert!(plain.staking.is_none() && plain.average_wager.is_none());
    assert!(plain.element_of_risk.is_none() && plain.element_of_risk_percent.is_none());
    let text = dicerules::render::text::render(&report, None);
    let row = |words: &[&str]| {
        text.lines()
            .any(|l| l.split_whitespace().eq(words.iter().copied()))
    };
    assert!(
        row(&["average", "wager", "4/3", "1.333333", "(staking", "`stake`)"]),
        "{text}"
    );
    assert!(row(&["element", "of", "risk", "1/3", "33.3333%"]), "{text}");
}

#[test]
fn an_average_wager_of_0_gives_no_element_of_risk() {
    let source = STAKED
        .replace("let stake = 1", "let stake = 1\n  let free = 0")
        .replace("staking stake", "staking free");
    let report = report(&source);
    let player = &report.bets[0];
    assert_eq!(
        player.average_wager.as_ref().map(|a| a.0.clone()),
        Some(exact("0"))
    );
    assert!(player.element_of_risk.is_none() && player.element_of_risk_percent.is_none());
    // The figure has no value there: the line fails, it does not panic.
    let source = format!("{source}expect element_of_risk(player) = 0\n");
    let report = dicerules::Analysis::new(source.as_str(), &Options::default())
        .expect("it evaluates")
        .report;
    assert!(!report.expects[0].holds);
    assert!(report.expects[0].actual.contains("average wager is 0"));
}

#[test]
fn expect_lines_name_the_staked_figures() {
    let source = format!(
        "{STAKED}expect average_wager(player) = 4/3\nexpect element_of_risk(player) ~ 33.33%\nexpect element_of_risk(player) = 1/2\n"
    );
    let report = dicerules::Analysis::new(source.as_str(), &Options::default())
        .expect("it evaluates")
        .report;
    let holds: Vec<bool> = report.expects.iter().map(|v| v.holds).collect();
    assert_eq!(holds, [true, true, false]);
    assert_eq!(report.expects[2].actual, "1/3");
}

#[test]
fn json_has_the_staked_figures_and_null_without_staking() {
    let doc = json(&["check", "tests/fixtures/poker/play_or_fold_staked.dice"]);
    let ante = &doc["bets"][0];
    assert_eq!(ante["staking"], "staked");
    assert_eq!(ante["average_wager"], "426/221");
    assert_eq!(ante["element_of_risk"], "-848/5325");
    assert!(ante["average_wager_float"].is_number());
    assert!(ante["element_of_risk_percent"].is_number());
    let doc = json(&["check", "tests/fixtures/poker/play_or_fold_suited.dice"]);
    let ante = &doc["bets"][0];
    for key in [
        "staking",
        "average_wager",
        "average_wager_float",
        "element_of_risk",
        "element_of_risk_percent",
    ] {
        assert!(ante[key].is_null(), "{key}: {}", ante[key]);
    }
}

#[test]
fn the_printer_and_the_formatter_keep_the_clause() {
    let (file, errors) = dicerules_core::syntax::parse(STAKED);
    assert!(errors.is_empty(), "{errors:?}");
    let printed = dicerules_core::ast::print::file(&file);
    assert!(
        printed.contains("bet player on net staking stake {"),
        "{printed}"
    );
    let (again, _) = dicerules_core::syntax::parse(&printed);
    assert_eq!(again.items.len(), file.items.len());
    let formatted = dicerules_core::syntax::format::format(&file, STAKED);
    assert_eq!(formatted, STAKED);
}

#[test]
fn staking_is_not_a_reserved_word() {
    let source = STAKED.replace("stake", "staking");
    let report = report(&source);
    assert_eq!(report.bets[0].staking.as_deref(), Some("staking"));
}

/// The name a bet stakes is read: no `unused_name` finding for it, where
/// the same file without the clause has one.
#[test]
fn the_staked_name_is_read() {
    let run = |path: &str| binary::run(binary::root(), &["check", path], b"");
    let staked = run("tests/fixtures/poker/play_or_fold_staked.dice");
    assert_eq!(staked.code, Some(0), "{}", staked.stderr);
    assert!(!staked.stderr.contains("unused_name"), "{}", staked.stderr);
    let source = std::fs::read_to_string("tests/fixtures/poker/play_or_fold_staked.dice")
        .expect("the fixture")
        .replace(" staking staked", "");
    let unstaked = binary::run(binary::root(), &["check", "-"], source.as_bytes());
    assert!(
        unstaked.stderr.contains("the name `staked` is never read"),
        "{}",
        unstaked.stderr
    );
}
