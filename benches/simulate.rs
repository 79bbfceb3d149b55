//! Simulation throughput against refbench (issue 20): rounds per second of
//! `dicerules`' simulator on one and two threads, beside refbench's
//! hand-written Monte Carlo loops (`../shared/refbench`), timed in the same
//! run the same way: the median wall time of [`RUNS`] runs of [`ROUNDS`]
//! rounds.
//!
//! Run with `cargo bench --bench simulate`. It needs refbench's release
//! binary at `target/refbench/release/refbench`; without it, the ratios are
//! skipped and the command that builds it is printed:
//!
//! ```sh
//! CARGO_TARGET_DIR=target/refbench cargo build --release --manifest-path ../shared/refbench/Cargo.toml
//! ```
//!
//! Each game is loaded and evaluated once, before the timing: only the
//! rounds are timed (`play::simulate::simulate`, every bet of the file
//! settled into exact tallies), not parsing or the exact evaluation. A
//! heist round is the banker's and the player's throws, the player's bet
//! settled; a punto banco coup (8 decks) is dealt from a fresh full shoe,
//! the player, banker and tie bets settled, as refbench's coups are.
//! Refbench reports the median of its own runs (`--time`), without process
//! start-up.

use std::process::Command;
use std::time::Instant;

use dicerules::play::round::{MAX_DICE, MAX_REROLLS};
use dicerules::play::simulate::{simulate, Options};
use dicerules_core::eval::exact::{Distribution, Limits};
use dicerules_core::program::Program;
use dicerules_core::solve::evaluate;

/// Rounds per timed run.
const ROUNDS: u64 = 10_000_000;

/// Timed runs; the median is reported.
const RUNS: usize = 5;

const GAMES_DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/games");
const REFBENCH: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/target/refbench/release/refbench"
);

fn load(name: &str) -> (Program, Distribution) {
    let path = format!("{GAMES_DIR}/{name}.dice");
    let source = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let program = dicerules::Game::load(&source)
        .map(|g| g.program)
        .unwrap_or_else(|e| panic!("{path}: {e:?}"));
    let distribution = evaluate(&program, Limits::default()).unwrap_or_else(|e| panic!("{e:?}"));
    (program, distribution)
}

/// Rounds per second of `dicerules`' simulator: the median of [`RUNS`].
fn ours(program: &Program, distribution: &Distribution, threads: usize) -> f64 {
    let mut times: Vec<f64> = (0..RUNS)
        .map(|run| {
            let options = Options {
                rounds: ROUNDS,
                seed: 1 + run as u64,
                threads,
                max_rerolls: MAX_REROLLS,
                max_dice: MAX_DICE,
                cut: None,
            };
            let start = Instant::now();
            let sim = simulate(program, distribution, options, &|_| {}).expect("simulates");
            let t = start.elapsed().as_secs_f64();
            std::hint::black_box(sim);
            t
        })
        .collect();
    times.sort_by(f64::total_cmp);
    ROUNDS as f64 / times[RUNS / 2]
}

/// Refbench's rounds per second for `args`, from its `throughput:` line.
fn refbench(args: &[&str]) -> Option<f64> {
    let rounds = ROUNDS.to_string();
    let runs = RUNS.to_string();
    let out = Command::new(REFBENCH)
        .args(args)
        .args(["--rounds", &rounds, "--time", &runs])
        .output()
        .ok()?;
    let text = String::from_utf8_lossy(&out.stdout);
    let line = text.lines().find(|l| l.starts_with("throughput:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

fn main() {
    // `cargo bench` passes `--bench`; a filter is not supported.
    let have_refbench = std::path::Path::new(REFBENCH).exists();
    if !have_refbench {
        println!(
            "refbench not built: no ratios. Build it with\n  \
             CARGO_TARGET_DIR=target/refbench cargo build --release \
             --manifest-path ../shared/refbench/Cargo.toml"
        );
    }
    let games: [(&str, &str, &[&str]); 2] = [
        ("heist", "rounds", &["simulate-heist"]),
        (
            "punto_banco",
            "coups",
            &["simulate-punto-banco", "--decks", "8"],
        ),
    ];
    println!("{ROUNDS} rounds a run, median of {RUNS} runs, rounds per second:");
    for (name, unit, args) in games {
        let (program, distribution) = load(name);
        // Refbench between our two timings, so that a change of load
        // falls on both.
        let one = ours(&program, &distribution, 1);
        let theirs = if have_refbench { refbench(args) } else { None };
        let two = ours(&program, &distribution, 2);
        println!("{name}: dicerules 1 thread {:.2} M {unit}/s", one / 1e6);
        println!("{name}: dicerules 2 threads {:.2} M {unit}/s", two / 1e6);
        println!("{name}: 2 threads / 1 thread = {:.2}x", two / one);
        match theirs {
            Some(r) => {
                println!("{name}: refbench {:.2} M {unit}/s", r / 1e6);
                println!(
                    "{name}: dicerules 1 thread / refbench = 1/{:.2} (target: at least 1/2.5)",
                    r / one
                );
            }
            None if have_refbench => println!("{name}: refbench gave no throughput line"),
            None => {}
        }
    }
}
