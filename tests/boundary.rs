//! A decision knowing a hand of cards, told compactly through the binary:
//! the line that says where the strategy switches along the hands
//! (`play with 5-2 or better, else fold`), its runs in JSON counted by hand
//! (tests/fixtures/strategy says how, file by file), hands ordered by poker
//! and by ranks, hands that differ only in suits taking different options,
//! no summary for a decision knowing a value, and the bound on the
//! situations a report lists of one decision (500 in the text and in a
//! page's table, 2,000 folded in a page).

use std::path::{Path, PathBuf};

use scraper::{Html, Selector};
use serde_json::{json, Value};

use crate::common::binary::{json, root, run, stdout};

/// A scratch directory of its own for `case`, empty.
fn scratch(case: &str) -> PathBuf {
    crate::common::binary::scratch("boundary", case)
}

/// The runs of the one summary of a report, as `[options, lowest,
/// highest, situations]`.
fn runs(report: &Value) -> Vec<Value> {
    let summaries = report["strategies"]["summaries"]
        .as_array()
        .expect("summaries");
    assert_eq!(summaries.len(), 1, "{summaries:?}");
    (summaries[0]["runs"].as_array().expect("runs").iter())
        .map(|r| json!([r["options"], r["lowest"], r["highest"], r["situations"]]))
        .collect()
}

/// The page `--html` writes for `file` (its only game) into `dir`.
fn page(file: &Path, dir: &Path) -> Html {
    let out = dir.join("report");
    let args = ["check", file.to_str().expect("UTF-8"), "--html"];
    let mut args = args.to_vec();
    args.push(out.to_str().expect("UTF-8"));
    stdout(&args);
    let stem = file.file_stem().and_then(|s| s.to_str()).expect("a name");
    let html = std::fs::read_to_string(out.join(format!("{stem}.html"))).expect("the page");
    Html::parse_document(&html)
}

fn count(page: &Html, selector: &str) -> usize {
    page.select(&Selector::parse(selector).expect("a selector"))
        .count()
}

fn text(page: &Html, selector: &str) -> Vec<String> {
    (page.select(&Selector::parse(selector).expect("a selector")))
        .map(|e| e.text().collect())
        .collect()
}

#[test]
fn two_cards_are_played_with_5_2_or_better() {
    let file = "tests/fixtures/strategy/play_or_fold_two_cards.dice";
    let text_report = stdout(&["check", file]);
    assert!(
        text_report.contains("\n  `action`: play with 5-2 or better, else fold\n"),
        "{text_report}"
    );
    // The 91 hands are listed: fewer than the bound.
    assert!(text_report.contains("player = 5 2"), "{text_report}");
    let report = json(&["check", file]);
    let summary = &report["strategies"]["summaries"][0];
    assert_eq!(summary["decision"], "action");
    assert_eq!(summary["by"], "ante");
    assert_eq!(summary["knows"], "player");
    assert_eq!(summary["order"], "ranks");
    assert_eq!(summary["situations"], 91);
    assert_eq!(
        runs(&report),
        [
            json!([["fold"], "2-2", "4-4", 6]),
            json!([["play"], "5-2", "A-A", 85])
        ]
    );
    let dir = scratch("two_cards");
    let page = page(&root().join(file), &dir);
    assert_eq!(
        text(&page, "p.summary"),
        ["action: play with 5-2 or better, else fold."]
    );
    assert_eq!(count(&page, "details"), 0);
}

/// Played only where the highest card is a 6 to a 9: two switches.
#[test]
fn middle_cards_switch_twice() {
    let file = "tests/fixtures/strategy/middle_cards.dice";
    let text_report = stdout(&["check", file]);
    assert!(
        text_report.contains("  `action`: fold up to 5-5; play from 6-2 to 9-9; fold from 10-2\n"),
        "{text_report}"
    );
    assert_eq!(
        runs(&json(&["check", file])),
        [
            json!([["fold"], "2-2", "5-5", 10]),
            json!([["play"], "6-2", "9-9", 26]),
            json!([["fold"], "10-2", "A-A", 55])
        ]
    );
}

/// Two cards by rank and suit, played where the highest is a 10 or
/// better, or a 6 to a 9 of spades: the hands of one pair of ranks take
/// both options by their suits from 6-2 to 9-9 (C(32, 2) - C(16, 2) = 376
/// hands), folded below (C(16, 2) = 120), played above (1,326 - 496).
#[test]
fn hands_of_the_same_ranks_may_part_by_their_suits() {
    let dir = scratch("suits");
    let file = dir.join("spades.dice");
    std::fs::write(
        &file,
        SPADES_IN_THE_MIDDLE.replace(
            "CONDITION",
            "rank(player) >= 10 or rank(player) >= 6 and suit(player) = 4",
        ),
    )
    .expect("the file writes");
    let path = file.to_str().expect("UTF-8");
    let report = json(&["check", path]);
    assert_eq!(report["strategies"]["summaries"][0]["order"], "ranks");
    assert_eq!(
        runs(&report),
        [
            json!([["fold"], "2-2", "5-5", 120]),
            json!([["play", "fold"], "6-2", "9-9", 376]),
            json!([["play"], "10-2", "A-A", 830])
        ]
    );
    let text_report = stdout(&["check", path]);
    assert!(
        text_report.contains(
            "  `action`: fold up to 5-5; play or fold by the suits from 6-2 to 9-9; play from 10-2\n"
        ),
        "{text_report}"
    );
}

/// Three cards by rank and suit, played where poker ranks them a pair or
/// better: ordered by poker value, the lowest pair (3-2-2) is the first
/// hand played, and the high cards are folded. The round reads suits only
/// through poker, so hands alike but for the suits' names are one
/// situation: 1,755 of them, the high cards 274 sets of ranks (no
/// straight) in 4 patterns of suits (no flush), 1,096; the rest, 659, are
/// 312 pairs, 13 trips, 48 straights, 274 flushes and 12 straight flushes.
#[test]
fn three_cards_are_ordered_by_poker() {
    let dir = scratch("poker");
    let file = dir.join("pairs.dice");
    let source = SPADES_IN_THE_MIDDLE
        .replace("= 2 from", "= 3 from")
        .replace("CONDITION", "not category(player) is high_card");
    std::fs::write(&file, source).expect("the file writes");
    let path = file.to_str().expect("UTF-8");
    let limits = ["--max-infosets", "1000", "--max-sequences", "3000"];
    let mut args = vec!["check", path];
    args.extend(limits);
    let report = json(&args);
    assert_eq!(report["strategies"]["summaries"][0]["order"], "poker");
    assert_eq!(
        runs(&report),
        [
            json!([["fold"], "5-3-2", "A-K-J", 1_096]),
            json!([["play"], "3-2-2", "A-K-Q straight flush", 659])
        ]
    );
    let text_report = stdout(&args);
    assert!(
        text_report.contains("  `action`: play with 3-2-2 or better, else fold\n"),
        "{text_report}"
    );
    assert!(
        text_report.contains(
            "  `action`: 1755 situations, more than 500 to list here; `--format json` lists them all\n"
        ),
        "{text_report}"
    );
}

/// A round of two cards (`CONDITION` to fill in): play wins one where it
/// holds and loses one where not; fold pushes.
const SPADES_IN_THE_MIDDLE: &str = "game \"Play on a condition\"
shoe cards {
  decks = 1
  values A => 14, 2..10 => pip, J => 11, Q => 12, K => 13
  aces high
}
round {
  draw player = 2 from cards
  choose action from [play, fold] by ante knowing player
  let net = 0
  if action is play {
    set net = -1
    if CONDITION {
      set net = 1
    }
  }
}
bet ante on net {
  -1 => lose
  0 => push
  1 => win 1 to 1
}
";

/// A decision knowing a value, or more than a hand, gets no summary: no
/// line `` `action`: ... `` (blackjack's grids are headed `` `action` by
/// player ``, tests/grid.rs).
#[test]
fn a_decision_knowing_values_has_no_summary() {
    for file in [
        "tests/fixtures/strategy/keep_or_again.dice",
        "games/red_dog.dice",
        "games/blackjack.dice",
    ] {
        let report = json(&["check", file]);
        assert_eq!(report["strategies"]["summaries"], json!([]), "{file}");
        let text_report = stdout(&["check", file]);
        assert!(!text_report.contains("`: "), "{file}: {text_report}");
        assert!(!text_report.contains("to list here"), "{file}");
    }
}

/// 1,820 hands of four cards by rank: past the text's bound, counted and
/// not listed; the page folds them in a `<details>`, every option a row.
/// Of five cards (6,175 hands), past the page's bound too.
#[test]
fn a_decision_in_many_situations_is_counted_not_listed() {
    let file = "tests/fixtures/strategy/four_cards.dice";
    let run_ = run(root(), &["check", file], b"");
    assert_eq!(run_.code, Some(0), "{}", run_.stderr);
    assert!(!run_.stdout.contains("player = "), "{}", run_.stdout);
    insta::assert_snapshot!(run_.transcript(&["check", file]));
    let report = json(&["check", file]);
    let decisions = report["strategies"]["decisions"]
        .as_array()
        .expect("decisions");
    assert_eq!(decisions.len(), 1820, "JSON lists them all");
    assert_eq!(report["strategies"]["summaries"][0]["situations"], 1820);
    let dir = scratch("four_cards");
    let four = page(&root().join(file), &dir);
    assert_eq!(
        text(&four, "details > summary"),
        ["action: all 1820 situations"]
    );
    assert_eq!(
        count(&four, "details table.strategies td:first-child"),
        2 * 1820
    );
    assert_eq!(count(&four, "table.strategies"), 1);

    let five = dir.join("five_cards.dice");
    let source = std::fs::read_to_string(root().join(file)).expect("the fixture reads");
    let source = (source.replace("draw player = 4", "draw player = 5"))
        .replace("expect mean(folded) = 1819/270725\n", "");
    std::fs::write(&five, source).expect("the file writes");
    let text_report = stdout(&["check", five.to_str().expect("UTF-8")]);
    assert!(
        text_report.contains("  `action`: 6175 situations, more than 500 to list here"),
        "{text_report}"
    );
    let page = page(&five, &dir);
    assert_eq!(count(&page, "table.strategies"), 0);
    assert_eq!(count(&page, "details"), 0);
    let said: Vec<String> = (text(&page, "p.muted").into_iter())
        .filter(|t| t.contains("situations"))
        .collect();
    assert_eq!(
        said,
        ["action: 6175 situations, more than 2000 to show in a page; --format json lists them all."]
    );
}
