//! Conditions used as numbers (issue 19): a condition counts 1 where it
//! holds and 0 where it does not, wherever a number is wanted. The fixture
//! `tests/fixtures/numbers/conditions_as_numbers.dice` uses it in every
//! place (an arithmetic operand, `set`, a built-in's argument, `compare`, a
//! bet on a condition); its figures are counted here by hand over the 36
//! throws of two dice, and checked exactly through the binary, played over
//! every throw (`tests/brute_force.rs`), played both ways
//! (`tests/steps.rs`) and simulated. A number where a condition is wanted
//! stays an error, with a hint.

use std::collections::BTreeMap;

use num_rational::Ratio;

use crate::common::binary::{root, run};
use dicerules::play::simulate::{simulate, Options};
use dicerules_core::eval::exact::Limits;
use dicerules_core::solve::evaluate;

const FILE: &str = "tests/fixtures/numbers/conditions_as_numbers.dice";

/// Each bet's settlement, by net, to its probability, counted over the
/// throws of two dice as the file's rules say, with Rust's own numbers.
fn hand_count() -> BTreeMap<&'static str, BTreeMap<i64, Ratio<i64>>> {
    let mut bets: BTreeMap<&str, BTreeMap<i64, Ratio<i64>>> = BTreeMap::new();
    let one = Ratio::new(1, 36);
    for d1 in 1..=6i64 {
        for d2 in 1..=6i64 {
            let high = i64::from(d1 > 3) + i64::from(d2 > 3);
            let sixes = i64::from(d1 == 6) + i64::from(d2 == 6);
            let alike = (d1 > 3) == (d2 > 3);
            let left = high.max(sixes);
            let right = 1 + i64::from(d1 == d2);
            let nets = [
                ("high", [-1, 0, 1][high as usize]),
                ("sixes", [-1, 1, 10][sixes as usize]),
                ("alike", if alike { 1 } else { -1 }),
                ("more", (left - right).signum()),
            ];
            for (bet, net) in nets {
                *bets.entry(bet).or_default().entry(net).or_default() += one;
            }
        }
    }
    bets
}

#[test]
fn the_hand_count_is_the_brief_s() {
    // Two dice, each high with chance 1/2: none, one or both high with
    // chances 1/4, 1/2, 1/4.
    let count = hand_count();
    let high: Vec<_> = count["high"].values().copied().collect();
    assert_eq!(high, [Ratio::new(1, 4), Ratio::new(1, 2), Ratio::new(1, 4)]);
}

#[test]
fn every_figure_agrees_with_a_hand_count() {
    let ran = run(root(), &["check", FILE, "--format", "json"], b"");
    assert_eq!(ran.code, Some(0), "{}", ran.stderr);
    assert_eq!(ran.stderr, "");
    let report: serde_json::Value = serde_json::from_str(&ran.stdout).expect("JSON");
    let count = hand_count();
    let bets = report["bets"].as_array().expect("bets");
    assert_eq!(bets.len(), count.len());
    for bet in bets {
        let name = bet["bet"].as_str().expect("a name");
        let mut found = BTreeMap::new();
        for o in bet["outcomes"].as_array().expect("outcomes") {
            let net: i64 = o["net"].as_str().expect("net").parse().expect("whole");
            let p: Ratio<i64> = o["probability"].as_str().expect("p").parse().expect("n/d");
            found.insert(net, p);
        }
        assert_eq!(found, count[name], "{name}");
    }
    // The expect lines (means 1, 1/3, 1/2) hold.
    for e in report["expects"].as_array().expect("expects") {
        assert_eq!(e["holds"], true, "{e}");
    }
}

#[test]
fn a_simulation_lands_near_the_hand_count() {
    let source = std::fs::read_to_string(root().join(FILE)).expect("reads");
    let program = dicerules::Game::load(&source)
        .map(|g| g.program)
        .expect("checks");
    let distribution = evaluate(&program, Limits::default()).expect("evaluates");
    let options = Options {
        rounds: 200_000,
        seed: 19,
        threads: 2,
        max_rerolls: 1_000_000,
        max_dice: 10_000_000,
        cut: None,
    };
    let sim = simulate(&program, &distribution, options, &|_| {}).expect("simulates");
    let count = hand_count();
    for b in &sim.bets {
        let z = b.z.expect("results vary");
        assert!(z.abs() < 4.0, "{}: z = {z}", b.bet);
        // The edge, exact and simulated, against the hand count's.
        let edge: Ratio<i64> = -count[b.bet.as_str()]
            .iter()
            .map(|(net, p)| p * *net)
            .sum::<Ratio<i64>>();
        assert_eq!(b.house_edge.to_string().parse::<Ratio<i64>>(), Ok(edge));
        let edge = *edge.numer() as f64 / *edge.denom() as f64;
        let estimate = b.house_edge_estimate_percent / 100.0;
        assert!(
            (estimate - edge).abs() < 4.0 * b.std_error,
            "{}: simulated {estimate} against {edge}",
            b.bet
        );
    }
}

/// A number where a condition is wanted stays an error, pointing at the
/// number, with the comparison to write.
#[test]
fn a_number_is_not_a_condition() {
    let dir = std::env::temp_dir().join(format!("dicerules-numbers-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let file = dir.join("number_as_condition.dice");
    std::fs::write(
        &file,
        "game \"n\"\noutcomes won, lost\nround {\n  throw t = d6\n  if count(t, 6) { end won }\n  end lost\n}\nbet b {\n  won => win 5 to 1\n  lost => lose\n}\n",
    )
    .expect("writes");
    let ran = run(&dir, &["check", "number_as_condition.dice"], b"");
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(ran.code, Some(2));
    assert!(
        ran.stderr.contains("dice::check::type_mismatch"),
        "{}",
        ran.stderr
    );
    assert!(ran.stderr.contains("count(t, 6) != 0"), "{}", ran.stderr);
}
