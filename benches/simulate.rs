//! Simulation throughput, issue 5: simulated rounds per second on one core
//! for heist and punto banco, the tool's simulator beside hand-written
//! ones.
//!
//! Run with `cargo bench --bench simulate` (a release build; one group:
//! `cargo bench --bench simulate -- simulate_handwritten/heist`).
//! Criterion prints each group's throughput in elements/s: one element is
//! one round (a heist round, a punto banco coup).
//!
//! - `simulate_handwritten/heist`: [`heist_rounds`], the player's bet
//!   settled each round;
//! - `simulate_handwritten/punto_banco_8_decks`: [`punto_banco_coups`], each
//!   coup from a fresh 8-deck shoe, the player, banker and tie bets settled;
//! - `simulate/heist`, `simulate/punto_banco`: the tool's simulator on one
//!   thread (`dicerules::play::simulate`), every bet of the file settled,
//!   a new seed per batch.
//!
//! The hand-written simulators are in `benches/handwritten/simulate.rs`.
//! Every group takes its dice from one `Xoshiro256PlusPlus` seeded with
//! `seed_from_u64`, as the tool's simulator does, and times batches of
//! [`BATCH`] rounds, the generator running on from batch to batch.
//!
//! Before measuring, each hand-written simulator runs [`BATCH`] rounds from a
//! fixed seed and its means are printed to stderr beside the tool's exact
//! EVs; a mean more than 4 standard errors off stops the bench (the same
//! check as tests/handwritten_simulators.rs).

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, SamplingMode, Throughput};
use dicerules::eval::exact::Limits;
use dicerules::play::simulate::{simulate, Options};
use dicerules::report::Report;
use dicerules::solve::evaluate;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

#[path = "handwritten/simulate.rs"]
mod simulate;

use simulate::{heist_rounds, punto_banco_coups, Tally};

/// Rounds per timed iteration.
const BATCH: u64 = 1_000_000;

/// The seed of every group's generator.
const SEED: u64 = 5;

/// The games directory of this crate.
const GAMES_DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/games");

/// The tool's exact report of `games/<name>.dice`, default parameters.
fn exact_report(name: &str) -> Report {
    let path = format!("{GAMES_DIR}/{name}.dice");
    let source = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("reading {path}: {e}"));
    let program = dicerules::Game::load(&source)
        .map(|g| g.program)
        .unwrap_or_else(|errors| panic!("{path}: does not load: {errors:?}"));
    let distribution = evaluate(&program, Limits::default())
        .unwrap_or_else(|e| panic!("{path}: does not evaluate: {e:?}"));
    Report::new(&program, &distribution)
}

/// Prints a simulated bet beside the tool's exact EV; panics if they are
/// more than 4 standard errors apart.
fn check(game: &str, report: &Report, bet: &str, tally: &Tally) {
    let exact = report
        .bets
        .iter()
        .find(|b| b.bet == bet)
        .unwrap_or_else(|| panic!("{game}: no bet {bet}"))
        .ev
        .to_f64();
    let (mean, se) = (tally.mean(), tally.standard_error());
    eprintln!(
        "{game:<20} {bet:<7} simulated EV {mean:+.5} +- {se:.5} ({} rounds), exact {exact:+.5}",
        tally.count
    );
    assert!(
        (mean - exact).abs() < 4.0 * se,
        "{game} {bet}: the simulated mean is {:.1} standard errors from the exact EV",
        (mean - exact) / se
    );
}

fn preflight() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(SEED);
    let heist = exact_report("heist");
    check("heist", &heist, "player", &heist_rounds(&mut rng, BATCH));

    let punto_banco = exact_report("punto_banco");
    assert_eq!(
        punto_banco.params.get("decks").map(String::as_str),
        Some("8"),
        "games/punto_banco.dice: the default shoe is no longer 8 decks"
    );
    let tallies = punto_banco_coups(&mut rng, BATCH, 8);
    for (bet, tally) in ["player", "banker", "tie"].iter().zip(&tallies) {
        check("punto_banco_8_decks", &punto_banco, bet, tally);
    }
}

fn benches(c: &mut Criterion) {
    {
        let mut group = c.benchmark_group("simulate_handwritten");
        // A batch takes milliseconds: the same iteration count per sample.
        group.sampling_mode(SamplingMode::Flat);
        group.sample_size(20);
        group.throughput(Throughput::Elements(BATCH));
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(SEED);
        group.bench_function("heist", |b| {
            b.iter(|| heist_rounds(&mut rng, black_box(BATCH)))
        });
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(SEED);
        group.bench_function("punto_banco_8_decks", |b| {
            b.iter(|| punto_banco_coups(&mut rng, black_box(BATCH), black_box(8)))
        });
        group.finish();
    }

    {
        // The tool's simulator: the round compiled once (`play::round`),
        // played BATCH times per iteration with the solved strategy, every
        // bet settled into exact tallies, as `dicerules simulate` does on
        // one thread.
        let mut group = c.benchmark_group("simulate");
        group.sampling_mode(SamplingMode::Flat);
        group.sample_size(20);
        group.throughput(Throughput::Elements(BATCH));
        for name in ["heist", "punto_banco"] {
            let path = format!("{GAMES_DIR}/{name}.dice");
            let source = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
            let program = dicerules::Game::load(&source)
                .map(|g| g.program)
                .unwrap_or_else(|e| panic!("{e:?}"));
            let distribution =
                evaluate(&program, Limits::default()).unwrap_or_else(|e| panic!("{e:?}"));
            let mut seed = SEED;
            group.bench_function(name, |b| {
                b.iter(|| {
                    seed += 1;
                    let options = Options {
                        rounds: BATCH,
                        seed,
                        threads: 1,
                        max_rerolls: dicerules::play::round::MAX_REROLLS,
                        max_dice: dicerules::play::round::MAX_DICE,
                    };
                    simulate(&program, &distribution, options, &|_| {}).expect("simulates")
                })
            });
        }
        group.finish();
    }
}

fn main() {
    preflight();
    let mut c = Criterion::default()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(4))
        .configure_from_args();
    benches(&mut c);
    c.final_summary();
}
