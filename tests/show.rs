//! `check --show EXPR`: each distribution the binary prints against an
//! enumeration of the dice written here (heist's two throws of two dice,
//! quatorze's first throw of ten counted by its multinomial coefficients):
//! a throw's total, the throw alone, a count of a face, a name bound on
//! some paths only (the probability of no value), a condition, a name no
//! bet reads; at least and at most summed here. And the figures and lint
//! findings of every shipped game and of the lint and strategy fixtures,
//! unchanged by shows of every name their rounds bind.

use std::collections::BTreeMap;

use dicerules::number::Exact;
use serde_json::Value;

use crate::common::binary::{root, run};

fn exact(v: &Value) -> Exact {
    let text = v.as_str().expect("an exact figure is a string");
    Exact::parse_literal(text).unwrap_or_else(|| panic!("`{text}` is not an exact number"))
}

/// The JSON report of `dicerules check FILE --show S...`, which must exit 0.
fn report(file: &str, shows: &[&str]) -> Value {
    let mut args = vec!["check", file, "--format", "json"];
    for s in shows {
        args.extend(["--show", s]);
    }
    let out = run(root(), &args, b"");
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    serde_json::from_str(&out.stdout).expect("the report is JSON")
}

/// The entry of `values` named `name`, which `--show` asked for.
fn shown<'r>(report: &'r Value, name: &str) -> &'r Value {
    let v = report["values"]
        .as_array()
        .expect("values")
        .iter()
        .find(|v| v["name"] == name)
        .unwrap_or_else(|| panic!("no distribution of {name}"));
    assert_eq!(v["shown"], true, "{name}");
    v
}

/// Checks a distribution against `expected` (each value's probability) and
/// `none` (the probability of no value): the values, each probability, at
/// least and at most summed here, the rows and `no_value` adding up to 1.
fn agrees(v: &Value, expected: &BTreeMap<i64, Exact>, none: &Exact) {
    let name = &v["name"];
    let rows = v["rows"].as_array().expect("rows");
    let values: Vec<i64> = rows.iter().map(|r| r["value"].as_i64().unwrap()).collect();
    let keys: Vec<i64> = expected.keys().copied().collect();
    assert_eq!(values, keys, "{name}: the values");
    let mut total = none.clone();
    for r in rows {
        let value = r["value"].as_i64().unwrap();
        assert_eq!(
            exact(&r["probability"]),
            expected[&value],
            "{name} = {value}"
        );
        let sum = |keep: &dyn Fn(i64) -> bool| {
            expected
                .iter()
                .filter(|(k, _)| keep(**k))
                .fold(Exact::zero(), |s, (_, p)| &s + p)
        };
        assert_eq!(
            exact(&r["at_least"]),
            sum(&|k| k >= value),
            "{name} >= {value}"
        );
        assert_eq!(
            exact(&r["at_most"]),
            sum(&|k| k <= value),
            "{name} <= {value}"
        );
        total = &total + &exact(&r["probability"]);
    }
    assert_eq!(exact(&v["no_value"]), *none, "{name}: no value");
    assert_eq!(
        total,
        Exact::one(),
        "{name}: the rows and no value add up to 1"
    );
}

/// The distribution of `f` over heist's rounds, counted here: the banker
/// throws two dice; on 6-6 the round ends, else the player throws two.
/// `f(banker, player)` is the value (`None`: none), `player` `None` where
/// the player does not throw.
fn heist(f: impl Fn([i64; 2], Option<[i64; 2]>) -> Option<i64>) -> (BTreeMap<i64, Exact>, Exact) {
    let faces = || (1..=6).flat_map(|a| (1..=6).map(move |b| [a, b]));
    let mut by_value: BTreeMap<i64, Exact> = BTreeMap::new();
    let mut none = Exact::zero();
    let mut add = |value: Option<i64>, p: Exact| match value {
        Some(v) => {
            let sum = by_value.remove(&v).unwrap_or_else(Exact::zero);
            by_value.insert(v, &sum + &p);
        }
        None => none = &none + &p,
    };
    for banker in faces() {
        if banker == [6, 6] {
            add(f(banker, None), Exact::ratio(1, 36));
            continue;
        }
        for player in faces() {
            add(f(banker, Some(player)), Exact::ratio(1, 1296));
        }
    }
    (by_value, none)
}

#[test]
fn heist_banker_total_is_the_eleven_totals_of_two_dice() {
    let report = report("games/heist.dice", &["total(banker)", "banker"]);
    let (expected, none) = heist(|b, _| Some(b[0] + b[1]));
    assert_eq!(expected.len(), 11);
    let total = shown(&report, "total(banker)");
    assert_eq!(total["kind"], "number");
    agrees(total, &expected, &none);
    // The throw alone: its total, said so.
    let alone = shown(&report, "banker");
    assert_eq!(alone["kind"], "total");
    agrees(alone, &expected, &none);
    assert_eq!(exact(&total["mean"]), Exact::from(7));
}

#[test]
fn heist_count_of_sixes_and_a_pair_of_the_banker() {
    let report = report(
        "games/heist.dice",
        &["count(banker, 6)", "highest_count(banker)"],
    );
    let sixes = |b: [i64; 2]| b.iter().filter(|&&f| f == 6).count() as i64;
    let (expected, none) = heist(|b, _| Some(sixes(b)));
    assert_eq!(expected[&0], Exact::ratio(25, 36));
    agrees(shown(&report, "count(banker, 6)"), &expected, &none);
    let (expected, none) = heist(|b, _| Some(if b[0] == b[1] { 2 } else { 1 }));
    agrees(shown(&report, "highest_count(banker)"), &expected, &none);
}

#[test]
fn a_name_bound_on_some_paths_has_no_value_on_the_others() {
    let report = report("games/heist.dice", &["total(player)", "player is 6-6"]);
    // The player does not throw after a banker's 6-6: 1/36 of the rounds.
    let (expected, none) = heist(|_, p| p.map(|p| p[0] + p[1]));
    assert_eq!(none, Exact::ratio(1, 36));
    let total = shown(&report, "total(player)");
    agrees(total, &expected, &none);
    // The mean is over the rounds with a value.
    assert_eq!(exact(&total["mean"]), Exact::from(7));
    // A condition: 1 where it holds, 0 where not, said in words.
    let (expected, none) = heist(|_, p| p.map(|p| i64::from(p == [6, 6])));
    let boxcars = shown(&report, "player is 6-6");
    assert_eq!(boxcars["kind"], "condition");
    agrees(boxcars, &expected, &none);
    let labels: Vec<&str> = boxcars["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["label"].as_str().unwrap())
        .collect();
    assert_eq!(labels, ["false", "true"]);
}

/// 10! / (c1! ... c6!): the orders of ten dice showing each face ci times.
fn multinomial(counts: &[i64]) -> i64 {
    let factorial = |n: i64| (1..=n).product::<i64>();
    counts.iter().fold(factorial(10), |m, &c| m / factorial(c))
}

#[test]
fn quatorze_score_a_name_no_bet_reads_against_a_count_of_ten_dice() {
    // score = max(highest_count(first), 3) over the first throw of 10d6,
    // each way of showing the six faces counted with its orders.
    let mut ways: BTreeMap<i64, i64> = BTreeMap::new();
    let mut counts = [0i64; 6];
    fn each(face: usize, left: i64, counts: &mut [i64; 6], f: &mut dyn FnMut(&[i64; 6])) {
        if face == 5 {
            counts[5] = left;
            f(counts);
            return;
        }
        for c in 0..=left {
            counts[face] = c;
            each(face + 1, left - c, counts, f);
        }
    }
    each(0, 10, &mut counts, &mut |c| {
        let score = (*c.iter().max().unwrap()).max(3);
        *ways.entry(score).or_default() += multinomial(c);
    });
    let all = 6i64.pow(10);
    assert_eq!(ways.values().sum::<i64>(), all);
    let expected: BTreeMap<i64, Exact> = ways
        .into_iter()
        .map(|(k, w)| (k, Exact::ratio(w, all)))
        .collect();
    let report = report("games/quatorze.dice", &["score"]);
    agrees(shown(&report, "score"), &expected, &Exact::zero());
}

/// The names a file's round binds at its top level, and `total(x)` for its
/// top-level throws and hands: shows every end after them can compute.
/// Blackjack's hands are left out: each shown whole multiplies the states
/// its player's choices meet by the hands (all of them at once take 30 s
/// of a release build, 1.3 s without the hands); its hard total, which the
/// choices decide, is shown against the count in `casino_count`.
fn top_level_shows(source: &str) -> Vec<String> {
    use dicerules_core::ast::{Item, Stmt};
    let parsed = dicerules::Parsed::new(source).expect("the file parses");
    let hands = !source.contains("game \"Blackjack");
    let mut shows = vec!["1".to_string()];
    for item in &parsed.file.items {
        let Item::Round(round) = item else { continue };
        for stmt in &round.body.stmts {
            match stmt {
                Stmt::Throw(t) => {
                    shows.push(t.name.name.clone());
                    shows.push(format!("total({})", t.name.name));
                }
                Stmt::Draw(d) if hands => {
                    shows.push(d.name.name.clone());
                    shows.push(format!("total({}) mod 10", d.name.name));
                }
                Stmt::Let(l) => shows.push(l.name.name.clone()),
                Stmt::Choose(c) => shows.push(c.name.name.clone()),
                _ => {}
            }
        }
    }
    shows
}

/// The rule files of a directory under the crate root, in order.
fn files(dir: &str) -> Vec<std::path::PathBuf> {
    let mut files: Vec<_> = std::fs::read_dir(root().join(dir))
        .expect("the directory lists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "dice"))
        .collect();
    files.sort();
    files
}

#[test]
fn shows_change_no_figure_and_no_lint_finding() {
    let mut checked = 0;
    for path in ["games", "tests/fixtures/lint", "tests/fixtures/strategy"]
        .iter()
        .flat_map(|d| files(d))
        .filter(|p| !crate::common::fixture::is_slow_game(p))
    {
        let source = std::fs::read_to_string(&path).expect("the file reads");
        let options = dicerules::Options {
            lint: true,
            ..Default::default()
        };
        let plain = dicerules::Analysis::new(source.as_str(), &options)
            .unwrap_or_else(|e| panic!("{path:?}: {e:?}"));
        let texts = top_level_shows(&source);
        let shows = dicerules::Shows::parse(&texts).expect("the shows parse");
        let options = dicerules::Options { shows, ..options };
        let shown = dicerules::Analysis::new(source.as_str(), &options)
            .unwrap_or_else(|e| panic!("{path:?} with {texts:?}: {e:?}"));
        assert_eq!(plain.lints, shown.lints, "{path:?}: the lint findings");
        let without_values = |r: &dicerules::report::Report| {
            let mut v = serde_json::to_value(r).expect("a report serialises");
            let values = v["values"].take();
            (v, values)
        };
        let (a, a_values) = without_values(&plain.report);
        let (b, b_values) = without_values(&shown.report);
        assert_eq!(a, b, "{path:?}: the figures with {texts:?}");
        // Each distribution of the file's own is the same, marked shown
        // where a show names it.
        for mut value in a_values.as_array().cloned().unwrap_or_default() {
            let mut same = b_values
                .as_array()
                .and_then(|b| b.iter().find(|v| v["name"] == value["name"]))
                .cloned()
                .expect("the file's own distribution");
            value["shown"] = Value::Null;
            same["shown"] = Value::Null;
            assert_eq!(value, same, "{path:?}");
        }
        let shown_count = b_values
            .as_array()
            .map_or(0, |b| b.iter().filter(|v| v["shown"] == true).count());
        assert_eq!(shown_count, texts.len(), "{path:?}: every show shown");
        checked += 1;
    }
    assert!(checked > 30, "{checked} files");
}

#[test]
fn games_stay_lint_clean_with_shows_under_deny() {
    // `1` is shown by every file; `score` by those that bind it, and left
    // out of the others' reports.
    // The quick games (tests/common/fixture.rs): the slow ones are shown
    // in tests/poker_count.rs.
    let games = crate::common::fixture::quick_games();
    let mut args = vec!["check"];
    args.extend(games.iter().map(String::as_str));
    args.extend(["--deny", "warnings", "--show", "1", "--show", "score"]);
    let out = run(root(), &args, b"");
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    assert!(!out.stderr.contains("warning"), "{}", out.stderr);
    assert_eq!(out.stdout.matches("distribution of score").count(), 2);
    assert_eq!(out.stdout.matches("distribution of 1").count(), games.len());
}
