//! The hand-written simulators (`benches/handwritten/simulate.rs`, issue 5's
//! yardstick) against the tool's exact figures: with fixed seeds, each
//! bet's simulated mean lies within 4 standard errors of the exact EV
//! (`Report::new`'s `ev`, minus the house edge), and its standard error is
//! the one the exact variance predicts.

#[path = "../benches/handwritten/simulate.rs"]
mod simulate;

use dicerules::eval::exact::Limits;
use dicerules::report::{BetReport, Report};
use dicerules::solve::evaluate;
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use simulate::{card, die, heist_rounds, punto_banco_coups, Tally};

/// The tool's report of a game file, with its default parameters.
fn report(file: &str) -> Report {
    let source = std::fs::read_to_string(file).expect("the game file");
    let program = dicerules::Game::load(&source)
        .map(|g| g.program)
        .expect("the game loads");
    let distribution = evaluate(&program, Limits::default()).expect("the game evaluates");
    Report::new(&program, &distribution)
}

fn bet<'a>(report: &'a Report, name: &str) -> &'a BetReport {
    report
        .bets
        .iter()
        .find(|b| b.bet == name)
        .unwrap_or_else(|| panic!("no bet {name}"))
}

/// The tally agrees with the bet's exact figures: the mean within 4
/// standard errors of the EV, and the standard error within 2% of
/// `sqrt(variance / n)`.
fn assert_agrees(what: &str, tally: &Tally, bet: &BetReport) {
    let ev = bet.ev.to_f64();
    assert_eq!(ev, -bet.house_edge.to_f64(), "{what}: EV is minus the edge");
    let expected_se = (bet.variance.to_f64() / tally.count as f64).sqrt();
    let (mean, se) = (tally.mean(), tally.standard_error());
    assert!(
        se > 0.0 && (se / expected_se - 1.0).abs() < 0.02,
        "{what}: standard error {se} against {expected_se} from the exact variance"
    );
    assert!(
        (mean - ev).abs() < 4.0 * se,
        "{what}: simulated mean {mean} +- {se} against the exact EV {ev} ({:.1} standard errors)",
        (mean - ev) / se
    );
}

#[test]
fn heist_matches_the_exact_house_edge() {
    let report = report("games/heist.dice");
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(5);
    let n = 3_000_000;
    let tally = heist_rounds(&mut rng, n);
    assert_eq!(tally.count, n);
    assert_agrees("heist player", &tally, bet(&report, "player"));
}

#[test]
fn punto_banco_matches_the_exact_house_edges_of_8_decks() {
    let report = report("games/punto_banco.dice");
    assert_eq!(report.params.get("decks").map(String::as_str), Some("8"));
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(5);
    let n = 1_500_000;
    let tallies = punto_banco_coups(&mut rng, n, 8);
    for (tally, name) in tallies.iter().zip(["player", "banker", "tie"]) {
        assert_eq!(tally.count, n);
        assert_agrees(&format!("punto banco {name}"), tally, bet(&report, name));
    }
}

/// A one-deck shoe has other edges; the simulator deals from the shoe it is
/// given (the deck count is not ignored).
#[test]
fn punto_banco_deals_from_the_shoe_it_is_given() {
    let source = std::fs::read_to_string("games/punto_banco.dice").expect("the game file");
    let one_deck = dicerules::program::Setting::Number(dicerules::number::Exact::int(1));
    let report = dicerules::Analysis::new(
        source.as_str(),
        &dicerules::Options {
            overrides: vec![("decks".to_string(), one_deck)].into(),
            ..Default::default()
        },
    )
    .expect("the game evaluates")
    .report;
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(6);
    let tallies = punto_banco_coups(&mut rng, 1_000_000, 1);
    let tie = &tallies[2];
    assert_agrees("1-deck tie", tie, bet(&report, "tie"));
    // And the run tells one deck from eight: 8 decks' tie EV (-14.36%,
    // against -15.75%) lies over 4 standard errors away.
    let eight_decks = -103841353768.0 / 723147898655.0;
    assert!((tie.mean() - eight_decks).abs() > 4.0 * tie.standard_error());
}

#[test]
fn a_tally_sums_exactly() {
    let mut tally = Tally::default();
    for result in [19, -20, 0, 160] {
        tally.add(result);
    }
    assert_eq!(
        (tally.count, tally.sum, tally.sum_sq),
        (4, 159, 361 + 400 + 25600)
    );
    assert_eq!(tally.mean(), 159.0 / 4.0 / 20.0);
}

/// The simulators' dice and cards are `gen_range`'s, number for number.
#[test]
fn dice_and_cards_are_gen_range_s() {
    let mut ours = Xoshiro256PlusPlus::seed_from_u64(7);
    let mut theirs = Xoshiro256PlusPlus::seed_from_u64(7);
    for sides in [1, 2, 6, 36, 416, 1 << 31, u32::MAX] {
        for _ in 0..1000 {
            assert_eq!(die(&mut ours, sides), theirs.gen_range(1..=sides));
            assert_eq!(card(&mut ours, sides), theirs.gen_range(0..sides));
        }
    }
}
