//! Choices solved: small games whose best strategy or equilibrium is known
//! on paper (each file in tests/fixtures/strategy says how), and the
//! published equilibrium of chemin de fer (Kemeny and Snell, 1957).

use dicerules::eval::exact::{evaluate, Distribution, Limits};
use dicerules::number::Exact;
use dicerules::program::Program;
use dicerules::report::BetFigures;
use dicerules::solve::Kind;

fn solved(path: &str) -> (Program, Distribution) {
    let full = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(path);
    let source = std::fs::read_to_string(full).expect("the file reads");
    let program = dicerules::load(&source, &[]).expect("the file checks");
    let d = evaluate(&program, Limits::default()).expect("the file evaluates");
    (program, d)
}

fn strategy(program: &Program, d: &Distribution, name: &str, option: &str, key: &[i64]) -> Exact {
    d.solution
        .as_ref()
        .expect("a solution")
        .probability(program, name, option, key)
        .unwrap_or_else(|| panic!("no choice {name} {option} {key:?}"))
}

fn ev(program: &Program, d: &Distribution, bet: &str) -> Exact {
    let bet = program
        .bets
        .iter()
        .find(|b| b.name == bet)
        .expect("the bet");
    BetFigures::new(bet, d).ev
}

#[test]
fn one_side_keeps_a_high_die_and_throws_a_low_one_again() {
    let (p, d) = solved("tests/fixtures/strategy/keep_or_again.dice");
    for face in 1..=6 {
        let keep = if face >= 4 {
            Exact::one()
        } else {
            Exact::zero()
        };
        assert_eq!(
            strategy(&p, &d, "move", "keep", &[face]),
            keep,
            "face {face}"
        );
    }
    // Wins 3/4 of rounds at even money.
    assert_eq!(ev(&p, &d, "player"), Exact::ratio(1, 2));
    assert_eq!(d.solution.as_ref().unwrap().kind, Kind::Best);
}

#[test]
fn a_matrix_game_mixes_two_fifths_and_is_worth_one_fifteenth() {
    let (p, d) = solved("tests/fixtures/strategy/high_or_low.dice");
    assert_eq!(strategy(&p, &d, "call", "high", &[]), Exact::ratio(2, 5));
    assert_eq!(strategy(&p, &d, "guess", "high", &[]), Exact::ratio(2, 5));
    assert_eq!(ev(&p, &d, "player"), Exact::ratio(1, 15));
    assert_eq!(
        d.solution.as_ref().unwrap().kind,
        Kind::ZeroSum {
            value: Exact::ratio(1, 15)
        }
    );
}

#[test]
fn a_low_hand_bluffs_half_the_time_and_the_bank_calls_half() {
    let (p, d) = solved("tests/fixtures/strategy/bluff.dice");
    assert_eq!(strategy(&p, &d, "play", "raise", &[1]), Exact::one());
    assert_eq!(strategy(&p, &d, "play", "raise", &[0]), Exact::ratio(1, 2));
    assert_eq!(strategy(&p, &d, "answer", "call", &[]), Exact::ratio(1, 2));
    assert_eq!(ev(&p, &d, "player"), Exact::ratio(1, 6));
    assert_eq!(ev(&p, &d, "bank"), Exact::ratio(-1, 6));
}

#[test]
fn kemeny_and_snell_the_player_draws_on_five_with_probability_nine_elevenths() {
    let (p, d) = solved("games/chemin_de_fer_free.dice");
    assert_eq!(
        strategy(&p, &d, "action", "draw", &[5]),
        Exact::ratio(9, 11)
    );
    // Zero-sum: the two bets' values are opposite, and the value reported
    // is the player's expected value.
    let value = ev(&p, &d, "player");
    assert_eq!(ev(&p, &d, "banker"), -&value);
    assert_eq!(d.solution.as_ref().unwrap().kind, Kind::ZeroSum { value });
}

#[test]
fn with_the_commission_the_equilibrium_is_the_punto_banco_tableau() {
    let (p, d) = solved("games/chemin_de_fer.dice");
    assert_eq!(d.solution.as_ref().unwrap().kind, Kind::GeneralSum);
    assert_eq!(strategy(&p, &d, "action", "draw", &[5]), Exact::one());
    assert_eq!(
        strategy(&p, &d, "bank_draws", "draw", &[3, 9]),
        Exact::one()
    );
    assert_eq!(
        strategy(&p, &d, "bank_draws", "draw", &[5, 4]),
        Exact::one()
    );
    // The same coup as punto banco's, bet for bet.
    let (pb, pd) = solved("games/punto_banco.dice");
    assert_eq!(ev(&p, &d, "player"), ev(&pb, &pd, "player"));
    assert_eq!(ev(&p, &d, "banker"), ev(&pb, &pd, "banker"));
}
