//! The two ways a round is played agree: by its instructions, as a
//! transcript plays it, and by its steps (`play::steps`), as a simulation
//! does. Both draw from the same seeded generator, round after round, and
//! must end every round alike: the same outcome, the same final values, the
//! same error.

use dicerules::play::round::Round;
use dicerules::play::strategy::{Automatic, Strategy};
use dicerules_core::eval::exact::Limits;
use dicerules_core::program::Program;
use dicerules_core::solve::evaluate;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

/// What a round came to: its ending or its error, and the final values.
type Ending = (Result<Option<Option<usize>>, String>, Vec<Option<i64>>);

/// `rounds` rounds from seed `seed`, with or without a transcript.
fn endings(
    program: &Program,
    strategy: &Strategy,
    seed: u64,
    rounds: usize,
    events: bool,
) -> Vec<Ending> {
    let mut round = Round::new(program);
    let mut source = Automatic {
        rng: Xoshiro256PlusPlus::seed_from_u64(seed),
        strategy,
    };
    let mut seen = 0usize;
    (0..rounds)
        .map(|_| {
            let mut count = |_| seen += 1;
            let on_event: Option<&mut dyn FnMut(_)> = if events { Some(&mut count) } else { None };
            let ended = round
                .play(&mut source, on_event)
                .map_err(|e| format!("{e:?}"));
            (ended, round.finals().collect())
        })
        .collect()
}

/// Plays `rounds` rounds of each seed both ways, and gives how many
/// failed (alike).
fn agree(name: &str, program: &Program, strategy: &Strategy, rounds: usize) -> usize {
    let mut failed = 0;
    for seed in 1..=3 {
        let steps = endings(program, strategy, seed, rounds, false);
        let instructions = endings(program, strategy, seed, rounds, true);
        for (i, (a, b)) in steps.iter().zip(&instructions).enumerate() {
            assert_eq!(
                a, b,
                "{name}, seed {seed}, round {i}: steps against instructions"
            );
            failed += usize::from(a.0.is_err());
        }
    }
    failed
}

/// Every shipped game but the slow ones (tests/common/fixture.rs; the
/// fixtures of tests/fixtures/poker take their paths), every game of the
/// fixtures that loads, and every example of docs/language.md.
#[test]
fn every_game_plays_alike_both_ways() {
    let sources = crate::common::fixture::games_fixtures_and_examples(&["games", "tests/fixtures"]);
    let mut played = 0;
    for (name, source) in sources {
        if crate::common::fixture::is_slow_game(std::path::Path::new(&name)) {
            continue;
        }
        let Ok(program) = dicerules::Game::load(&source).map(|g| g.program) else {
            continue;
        };
        let (strategy, rounds) = match evaluate(&program, Limits::default()) {
            Ok(d) => (Strategy::new(&d), 3000),
            // A round the exact evaluation refuses is still played, a few
            // times: a reroll that never succeeds takes a million attempts.
            Err(_) => (Strategy::default(), 3),
        };
        agree(&name, &program, &strategy, rounds);
        played += 1;
    }
    assert!(played >= 100, "{played} games");
}

/// Rounds that make the steps fall back to their instructions, or take
/// their less common paths: a hand read again after its total, a `mod` by
/// 0 on some rounds (an error), an overflow (an error), a table with no
/// cell (an error on some rounds), and a condition of `not`, `and`, `or`.
#[test]
fn the_steps_fall_back_to_the_instructions_alike() {
    let games = [
        r#"game "hand read again"
           outcomes a, b
           shoe cards {
             decks = 1
             values A => 1, 2..9 => pip, 10 J Q K => 0
           }
           round {
             draw hand = 2 from cards
             let v = total(hand) mod 10
             draw more = 1 from cards
             let w = (v + value(more)) mod 10
             if w > total(hand) { end a }
             end b
           }
           bet x { a => win 1 to 1
                   b => lose }"#,
        r#"game "mod zero"
           outcomes a, b
           round {
             throw d = 1d6
             let m = total(d) - 1
             let v = 7 mod m
             if v > 4 { end a }
             end b
           }
           bet x { a => win 1 to 1
                   b => lose }"#,
        r#"game "overflow"
           outcomes a, b
           round {
             throw d = 1d6
             let big = 4611686018427387904
             let v = (big + big) mod 10
             if v > 4 and total(d) > 1 { end a }
             end b
           }
           bet x { a => win 1 to 1
                   b => lose }"#,
        r#"game "no cell"
           outcomes a, b
           table t(x, y) {
             columns 1 2 3
             1..3 => D S D
           }
           round {
             throw d = 2d6
             let x = total(d) mod 5
             if t(x, 2) or x = 0 { end a }
             end b
           }
           bet x { a => win 1 to 1
                   b => lose }"#,
        r#"game "value bet"
           outcomes a, b
           round {
             throw d = 2d6
             let s = total(d)
             if not (s >= 7 and s <= 9) { end b }
             end a
           }
           bet x { a => win 1 to 1
                   b => lose }"#,
    ];
    for (source, fails) in games.iter().zip([false, true, true, true, false]) {
        let program = match dicerules::Game::load(*source).map(|g| g.program) {
            Ok(p) => p,
            Err(e) => panic!("{source}: {e:?}"),
        };
        let failed = agree(&program.name, &program, &Strategy::default(), 500);
        assert_eq!(
            failed > 0,
            fails,
            "{}: {failed} rounds failed",
            program.name
        );
    }
}
