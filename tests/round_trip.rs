//! Parse -> print -> parse gives the same tree (spans aside) for every game
//! file and every sketch, and printing is a fixed point.

use dicerules_core::ast::print;
use dicerules_core::syntax::parse;

use crate::common::tree::without_spans;

#[test]
fn every_game_survives_print_and_parse() {
    let pattern = format!("{}/games/*.dice", env!("CARGO_MANIFEST_DIR"));
    let mut seen = 0;
    for path in glob_files(&pattern) {
        let source = std::fs::read_to_string(&path).expect("reads");
        let (first, errors) = parse(&source);
        assert!(errors.is_empty(), "{path}: {errors:?}");
        let printed = print::file(&first);
        let (second, errors) = parse(&printed);
        assert!(
            errors.is_empty(),
            "{path} printed does not parse: {errors:?}\n{printed}"
        );
        assert_eq!(
            without_spans(&first),
            without_spans(&second),
            "{path}: the tree changed"
        );
        assert_eq!(
            print::file(&second),
            printed,
            "{path}: printing is not a fixed point"
        );
        // And the tree is really compared: a changed payout or table rule
        // must show.
        for (from, to) in [
            ("win 1 to 1", "win 2 to 1"),
            ("stake free", "stake up to 5"),
        ] {
            let changed = printed.replacen(from, to, 1);
            if changed != printed {
                assert_ne!(without_spans(&parse(&changed).0), without_spans(&first));
            }
        }
        seen += 1;
    }
    assert!(seen >= 6, "found only {seen} games");
}

/// Every form of every `banking` clause survives printing and parsing.
#[test]
fn every_banking_clause_survives_print_and_parse() {
    let source = "banking {
  bank house
  bank rotates every round
  bank kept until the banker loses a round
  bank kept for the game
  bank passes when player | tie
  bank bets banker
  stake fixed 2 or up to stake_cap or free or set by the bank
  banco
  limit = 10
  limit set by the banker
  limit set by the banker up to house_limit
  chips each = 100
  chips players = player_chips, banker = 50
  bankrupt banker => new game
  bankrupt banker => bank passes
  bankrupt player => leaves
}
";
    let (first, errors) = parse(source);
    assert!(errors.is_empty(), "{errors:?}");
    let printed = print::file(&first);
    assert_eq!(printed, source);
    let (second, errors) = parse(&printed);
    assert!(errors.is_empty(), "{errors:?}");
    assert_eq!(without_spans(&first), without_spans(&second));
}

/// Ranges of one value where the grammar wants a range (found by the
/// fuzzer): `choose f from 6..6` printed as `choose f from 6`, which does
/// not parse; `x in 4..4` likewise; `2..2 => pip` printed as `2 => pip`,
/// another tree.
#[test]
fn ranges_of_one_value_survive_print_and_parse() {
    let source = "shoe cards {
  decks = 8
  values A => 1, 2..2 => pip, 3..9 => pip, 10 J Q K => 0
}

round {
  throw t = 2d6
  choose face from 6..6 by player
  if total(t) in 4..4 {
    end a
  }
}
";
    let (first, errors) = parse(source);
    assert!(errors.is_empty(), "{errors:?}");
    let printed = print::file(&first);
    assert_eq!(printed, source);
    let (second, errors) = parse(&printed);
    assert!(errors.is_empty(), "{errors:?}");
    assert_eq!(without_spans(&first), without_spans(&second));
}

/// Every form of `with` on an `expect` and a `claim` survives printing and
/// parsing, its values as written (a fraction, a decimal, a percentage,
/// `infinite`), and a changed value shows in the tree.
#[test]
fn with_clauses_survive_print_and_parse() {
    let source = "expect house_edge(tie) = 220299549488/1525814595305 with decks = 6
expect house_edge(tie) ~ 14.12% ± 0.5% with decks = infinite, tie_odds = 17/2
expect probability(won) < 1/2
claim house_edge(tie) ~ 14.12% with decks = 6, tie_odds = 7.5, cut = 5% \"at 6 decks\"
claim house_edge(tie) > 0 \"no setting\"
";
    let (first, errors) = parse(source);
    assert!(errors.is_empty(), "{errors:?}");
    let printed = print::file(&first).replace("\n\n", "\n");
    assert_eq!(printed, source);
    let (second, errors) = parse(&printed);
    assert!(errors.is_empty(), "{errors:?}");
    assert_eq!(without_spans(&first), without_spans(&second));
    let changed = source.replacen("decks = 6", "decks = 7", 1);
    assert_ne!(without_spans(&parse(&changed).0), without_spans(&first));
    let dropped = source.replacen(" with decks = 6", "", 1);
    assert_ne!(without_spans(&parse(&dropped).0), without_spans(&first));
}

fn glob_files(pattern: &str) -> Vec<String> {
    let dir = std::path::Path::new(pattern).parent().expect("a directory");
    let mut files: Vec<String> = std::fs::read_dir(dir)
        .expect("the games directory")
        .filter_map(|e| e.ok())
        .map(|e| e.path().to_string_lossy().into_owned())
        .filter(|p| p.ends_with(".dice"))
        .collect();
    files.sort();
    files
}

/// A choice `from faces(T)` survives printing and parsing, and is told
/// apart from a choice of a range.
#[test]
fn a_choice_among_the_faces_shown_survives_print_and_parse() {
    let path = format!(
        "{}/tests/fixtures/strategy/twice_the_point.dice",
        env!("CARGO_MANIFEST_DIR")
    );
    let source = std::fs::read_to_string(&path).expect("reads");
    let (first, errors) = parse(&source);
    assert!(errors.is_empty(), "{errors:?}");
    let printed = print::file(&first);
    assert!(
        printed.contains("choose point from faces(first) by player"),
        "{printed}"
    );
    let (second, errors) = parse(&printed);
    assert!(errors.is_empty(), "{errors:?}\n{printed}");
    assert_eq!(without_spans(&first), without_spans(&second));
    let ranged = printed.replace("from faces(first)", "from 1..6");
    assert_ne!(without_spans(&parse(&ranged).0), without_spans(&first));
}
