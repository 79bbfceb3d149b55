//! The compiled rounds of simulation (`play::fast`) against the rounds
//! played by steps: every shipped game, the same seed both ways, gives the
//! same tallies (every bet's exact total net, at every checkpoint), and
//! rounds the compiled form cannot finish are played by steps with the
//! same figures or the same error.

use dicerules::play::round::{MAX_DICE, MAX_REROLLS};
use dicerules::play::simulate::{compiles, simulate, simulate_by_steps, Options, Simulation};
use dicerules_core::eval::exact::{Distribution, Limits};
use dicerules_core::program::Program;
use dicerules_core::solve::evaluate;

fn load_source(source: &str) -> (Program, Distribution) {
    let program = dicerules::Game::load(source)
        .map(|g| g.program)
        .expect("the game checks");
    let distribution = evaluate(&program, Limits::default()).expect("the game evaluates");
    (program, distribution)
}

fn options(rounds: u64, seed: u64, threads: usize) -> Options {
    Options {
        rounds,
        seed,
        threads,
        max_rerolls: MAX_REROLLS,
        max_dice: MAX_DICE,
        cut: None,
    }
}

/// Every figure of a simulation that its rounds decide, as text.
fn figures(sim: &Simulation) -> Vec<String> {
    sim.checkpoints
        .iter()
        .flat_map(|c| {
            c.bets
                .iter()
                .map(move |b| format!("{} {}: {} {}", c.rounds, b.bet, b.total_net, b.std_error))
        })
        .collect()
}

#[test]
fn every_game_simulates_alike_compiled_and_by_steps() {
    let mut compiled = Vec::new();
    insta::glob!("../games", "*.dice", |path| {
        // The slow games (tests/common/fixture.rs) are simulated by
        // tests/play.rs against their exact figures.
        if crate::common::fixture::is_slow_game(path) {
            return;
        }
        let source = std::fs::read_to_string(path).expect("the game reads");
        let (program, distribution) = load_source(&source);
        let name = path.file_stem().unwrap_or_default().to_string_lossy();
        if compiles(&program, MAX_DICE) {
            compiled.push(name.to_string());
        }
        // A chunk and a part, on two threads.
        let opts = options((1 << 16) + 1234, 77, 2);
        let fast = simulate(&program, &distribution, opts, &|_| {}).expect("simulates");
        let steps = simulate_by_steps(&program, &distribution, opts).expect("simulates");
        assert_eq!(figures(&fast), figures(&steps), "{name}");
    });
    // The games of the speed target take the compiled path.
    for game in ["heist", "punto_banco"] {
        assert!(compiled.iter().any(|g| g == game), "{game}: {compiled:?}");
    }
}

/// Every fixture and every example of docs/language.md that evaluates:
/// the compiled rounds (where the round compiles) and the steps give the
/// same figures, or the same error.
#[test]
fn every_fixture_and_example_simulates_alike_compiled_and_by_steps() {
    let mut compared = 0;
    for (name, source) in crate::common::fixture::games_fixtures_and_examples(&["tests/fixtures"]) {
        let Ok(program) = dicerules::Game::load(&source).map(|g| g.program) else {
            continue;
        };
        let Ok(distribution) = evaluate(&program, Limits::default()) else {
            continue;
        };
        let opts = options(3000, 11, 1);
        let fast = simulate(&program, &distribution, opts, &|_| {});
        let steps = simulate_by_steps(&program, &distribution, opts);
        match (fast, steps) {
            (Ok(fast), Ok(steps)) => assert_eq!(figures(&fast), figures(&steps), "{name}"),
            (fast, steps) => assert_eq!(
                fast.map(|s| figures(&s)).map_err(|e| e.to_string()),
                steps.map(|s| figures(&s)).map_err(|e| e.to_string()),
                "{name}"
            ),
        }
        compared += 1;
    }
    assert!(compared >= 90, "only {compared} files compared");
}

/// Rounds the compiled form hands back: a total that overflows, a shoe
/// too short for the round, a draw table without the cell.
#[test]
fn a_round_the_compiled_form_cannot_finish_is_played_by_steps() {
    let overflow = r#"game "overflow"
        outcomes a, b
        round {
          throw d = 1d6
          let x = total(d) * 1000000000
          set x = x * 1000000000
          set x = x * 1000000000
          if x > 0 { end a }
          end b
        }
        bet on_a { a => win 1 to 1  b => lose }
    "#;
    let short = r#"game "short shoe"
        outcomes a, b
        shoe s {
          decks = 1
          values A => 1, 2..9 => pip, 10 J Q K => 0
        }
        round {
          draw h1 = 10 from s
          let t = total(h1)
          draw h2 = 10 from s
          set t = t + total(h2)
          draw h3 = 10 from s
          set t = t + total(h3)
          draw h4 = 10 from s
          set t = t + total(h4)
          draw h5 = 10 from s
          set t = t + total(h5)
          draw h6 = 10 from s
          let u = total(h6)
          if t > u { end a }
          end b
        }
        bet on_a { a => win 1 to 1  b => lose }
    "#;
    // The exact evaluation meets the same errors: each file is simulated
    // against the distribution of a harmless variant (the same bets).
    let cases = [(overflow, "1000000000", "2"), (short, "10 from", "1 from")];
    for (source, bad, harmless) in cases {
        let (_, distribution) = load_source(&source.replace(bad, harmless));
        let program = dicerules::Game::load(source)
            .map(|g| g.program)
            .expect("the game checks");
        assert!(compiles(&program, MAX_DICE), "{source}");
        for threads in [1, 2] {
            let opts = options(70_000, 3, threads);
            let fast = simulate(&program, &distribution, opts, &|_| {}).map(|s| figures(&s));
            let steps = simulate_by_steps(&program, &distribution, opts).map(|s| figures(&s));
            assert!(steps.is_err(), "{source}");
            assert_eq!(format!("{fast:?}"), format!("{steps:?}"));
        }
    }
}
