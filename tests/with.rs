//! `expect ... with NAME = VALUE`: figures pinned at a setting, checked at
//! it whatever the run's `--set`; the lines written for the file's values
//! left unchecked (not failed) when `--set` moves what they depend on, and
//! failed again with `--strict`. Through the real binary where a user
//! meets it; the pinned figures recomputed apart from the interpreter.

use dicerules::number::Exact;
use dicerules_core::syntax::parse_exact;

use crate::common::binary::{self, Run};

fn check(args: &[&str]) -> Run {
    let mut all = vec!["check"];
    all.extend_from_slice(args);
    binary::run(binary::root(), &all, b"")
}

/// The row of the text report for the `expect` or `claim` on `line`.
fn row(stdout: &str, line: usize) -> &str {
    let marker = format!("line {line} ");
    stdout
        .lines()
        .find(|l| l.contains(&marker))
        .unwrap_or_else(|| panic!("no row for line {line}:\n{stdout}"))
}

fn exact(text: &str) -> Exact {
    parse_exact(text).unwrap_or_else(|| panic!("`{text}` is an exact number"))
}

/// The done-when of the issue: at six decks the six-deck lines are checked
/// and hold, and the eight-deck lines and the claims (written for eight) are
/// reported as not checked, with exit 0.
#[test]
fn punto_banco_at_six_decks_leaves_its_eight_deck_lines_unchecked() {
    let args = ["check", "--set", "decks=6", "games/punto_banco.dice"];
    let run = binary::run(binary::root(), &args, b"");
    assert_eq!(run.code, Some(0), "{}", run.transcript(&args));
    for line in [97, 98, 99, 113, 114, 115, 116, 117] {
        let row = row(&run.stdout, line);
        assert!(row.trim_start().starts_with("not checked"), "{row}");
        assert!(
            row.contains("written for the file's decks = 8, not decks = 6"),
            "{row}"
        );
    }
    for line in [104, 105, 106] {
        let row = row(&run.stdout, line);
        assert!(row.trim_start().starts_with("ok "), "{row}");
        assert!(row.contains("with decks = 6"), "{row}");
    }
    assert_eq!(
        run.stderr,
        "note: games/punto_banco.dice: 3 expect and 6 claim line(s) not checked at decks = 6: \
         written for the file's decks = 8 (pin them with `with`, or check them anyway with \
         `--strict`)\n"
    );
    insta::assert_snapshot!(run.transcript(&args));
}

/// `--strict`: the old rule, every line checked at the run's setting; the
/// three eight-deck lines fail at six decks, each pointed at.
#[test]
fn strict_fails_the_eight_deck_lines_at_six_decks() {
    let run = check(&["--set", "decks=6", "--strict", "games/punto_banco.dice"]);
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    for line in [97, 98, 99] {
        assert!(
            run.stderr
                .contains(&format!("[games/punto_banco.dice:{line}:1]")),
            "{}",
            run.stderr
        );
        assert!(row(&run.stdout, line).trim_start().starts_with("FAILED"));
    }
    for line in [104, 105, 106] {
        assert!(row(&run.stdout, line).trim_start().starts_with("ok "));
    }
    assert!(run
        .stderr
        .contains("error: 3 of 6 expect line(s) failed in games/punto_banco.dice"));
    assert!(!run.stderr.contains("not checked"), "{}", run.stderr);
}

/// A line depends on the parameters the round, the shoe and its own bet
/// read: `--set tie_odds=9` leaves the tie's lines (eight decks, six decks
/// and the claim) unchecked and checks the banker's and player's at nine
/// to one, as the run asks.
#[test]
fn the_tie_s_payout_moves_only_the_tie_s_lines() {
    let run = check(&[
        "--set",
        "tie_odds=9",
        "--format",
        "json",
        "games/punto_banco.dice",
    ]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let report: serde_json::Value = serde_json::from_str(&run.stdout).expect("JSON");
    let lines = |key: &str| -> Vec<(u64, bool, bool)> {
        report[key]
            .as_array()
            .expect("an array")
            .iter()
            .map(|v| {
                (
                    v["line"].as_u64().expect("a line"),
                    v["checked"].as_bool().expect("checked"),
                    v["holds"].as_bool().expect("holds"),
                )
            })
            .collect()
    };
    assert_eq!(
        lines("expects"),
        [
            (97, true, true),
            (98, true, true),
            (99, false, false),
            (104, true, true),
            (105, true, true),
            (106, false, false),
        ]
    );
    let claims = lines("claims");
    assert_eq!(claims.iter().filter(|(_, checked, _)| !checked).count(), 1);
    assert_eq!(claims[4], (117, false, false));
    let tie = &report["expects"][5];
    assert_eq!(tie["with"], serde_json::json!({"decks": "6"}));
    assert_eq!(tie["written_for"], serde_json::json!({"tie_odds": "8"}));
    assert_eq!(tie["actual"], "not checked");
    assert!(tie["actual_float"].is_null());
}

/// The JSON of a report with `with` lines: each line's `with`, whether it
/// was checked, and the values a line not checked was written for.
#[test]
fn json_gives_each_line_s_with_and_whether_it_was_checked() {
    let run = check(&[
        "--set",
        "tie_odds=7",
        "--format",
        "json",
        "games/baccarat_dice.dice",
    ]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let report: serde_json::Value = serde_json::from_str(&run.stdout).expect("JSON");
    assert_eq!(report["diagnostics"], serde_json::json!([]));
    let expects = serde_json::to_string_pretty(&report["expects"]).expect("serialises");
    insta::assert_snapshot!(expects);
}

/// Several files: `--set decks=6` moves the lines of the three games with
/// decks pinned at eight, each noted; the run passes.
#[test]
fn several_files_note_their_unchecked_lines_each() {
    let games = crate::common::fixture::quick_games();
    let mut args: Vec<&str> = games.iter().map(String::as_str).collect();
    args.extend(["--set", "decks=6"]);
    let run = check(&args);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let notes: Vec<&str> = run.stderr.lines().collect();
    assert_eq!(notes.len(), 3, "{}", run.stderr);
    assert!(notes[0]
        .starts_with("note: games/chemin_de_fer.dice: 4 expect line(s) not checked at decks = 6"));
    assert!(notes[1].starts_with("note: games/dragon_tiger.dice: 6 expect and 3 claim line(s)"));
    assert!(notes[2].starts_with("note: games/punto_banco.dice: 3 expect and 6 claim line(s)"));
    assert!(run.stdout.contains("0 failed an expect"), "{}", run.stdout);
}

/// Lines pinned at one setting are checked on one evaluation, the same as
/// the run at that setting: the three six-deck edges of the plain run are
/// the edges `--set decks=6` reports, and they agree with one another (one
/// distribution of player, banker and tie gives all three).
#[test]
fn lines_at_one_setting_agree_with_each_other_and_with_the_run_at_it() {
    let source = std::fs::read_to_string("games/punto_banco.dice").expect("the game");
    let plain = dicerules::Analysis::new(source.as_str(), &dicerules::Options::default())
        .expect("evaluates")
        .report;
    let six = dicerules::Analysis::new(
        source.as_str(),
        &dicerules::Options {
            overrides: dicerules::Overrides::parse(&["decks=6".to_string()]).expect("parses"),
            ..Default::default()
        },
    )
    .expect("evaluates")
    .report;
    let pinned: Vec<&dicerules::report::Verdict> = plain
        .expects
        .iter()
        .filter(|v| v.with.get("decks").map(String::as_str) == Some("6"))
        .collect();
    assert_eq!(pinned.len(), 3);
    let edge = |bet: &str| -> Exact {
        let v = pinned
            .iter()
            .find(|v| v.statement.starts_with(&format!("house_edge({bet})")))
            .expect("a pinned line of the bet");
        assert!(v.checked && v.holds, "{v:?}");
        let at_six = six.bets.iter().find(|b| b.bet == bet).expect("the bet");
        assert_eq!(exact(&v.actual), at_six.house_edge, "{bet}");
        exact(&v.actual)
    };
    let (player, banker, tie) = (edge("player"), edge("banker"), edge("tie"));
    // tie: 1 − 9 P(tie); player: P(banker) − P(player); banker:
    // P(player) − 19/20 P(banker).
    let one = Exact::one();
    let p_tie = &(&one - &tie) / &Exact::int(9);
    let rest = &one - &p_tie;
    let p_banker = &(&rest + &player) / &Exact::int(2);
    let p_player = &(&rest - &player) / &Exact::int(2);
    assert_eq!(
        banker,
        &p_player - &(&Exact::ratio(19, 20) * &p_banker),
        "the three edges of one setting come from one distribution"
    );
}

/// Baccarat dice's tie at 7 to 1, counted by hand over the four throws of
/// two dice (a throw not made counts all its 36 results): the tie comes
/// 51719/419904 of the time, and the house keeps 1 − 8 × that, the figure
/// the file pins `with tie_odds = 7`.
#[test]
fn baccarat_dice_s_tie_at_seven_to_one_by_hand() {
    // The 36 results of two dice by total mod 10.
    let mut pair = [0u64; 10];
    for a in 1..=6 {
        for b in 1..=6 {
            pair[(a + b) % 10] += 1;
        }
    }
    // The seed's table: whether a banker on `bank` throws again when the
    // player's second pair is `second`.
    let banker_draws = |bank: usize, second: usize| match bank {
        0..=3 => true,
        4 => (2..=7).contains(&second),
        5 => (4..=7).contains(&second),
        6 => (6..=7).contains(&second),
        _ => false,
    };
    let mut ties = 0u64;
    for (p, &wp) in pair.iter().enumerate() {
        for (b, &wb) in pair.iter().enumerate() {
            let w = wp * wb;
            if p > 7 || b > 7 {
                ties += u64::from(p == b) * w * 36 * 36;
            } else if p <= 5 {
                for (second, &ws) in pair.iter().enumerate() {
                    let player = (p + second) % 10;
                    let w = w * ws;
                    if banker_draws(b, second) {
                        for (third, &wt) in pair.iter().enumerate() {
                            ties += u64::from(player == (b + third) % 10) * w * wt;
                        }
                    } else {
                        ties += u64::from(player == b) * w * 36;
                    }
                }
            } else if b <= 5 {
                for (third, &wt) in pair.iter().enumerate() {
                    ties += u64::from(p == (b + third) % 10) * w * wt * 36;
                }
            } else {
                ties += u64::from(p == b) * w * 36 * 36;
            }
        }
    }
    let p_tie = Exact::ratio(ties as i64, 36i64.pow(4));
    assert_eq!(p_tie, Exact::ratio(51719, 419904));
    let edge_at_seven = &Exact::one() - &(&Exact::int(8) * &p_tie);
    let source = std::fs::read_to_string("games/baccarat_dice.dice").expect("the game");
    let pinned = source
        .lines()
        .find_map(|l| {
            l.strip_prefix("expect house_edge(tie) = ")?
                .strip_suffix(" with tie_odds = 7")
        })
        .expect("the file pins the tie at 7 to 1");
    assert_eq!(exact(pinned), edge_at_seven);
    // And at the file's 6 to 1, its other line.
    assert_eq!(
        &Exact::one() - &(&Exact::int(7) * &p_tie),
        Exact::ratio(57871, 419904)
    );
}
