//! Benchmarks of every game in `games/`.
//!
//! Run with `cargo bench --bench evaluate` (see docs/PERFORMANCE.md).
//!
//! Every `games/*.dice` file is found when the bench starts, so a new game is
//! measured without touching this file. Per game, five criterion groups:
//!
//! - `load/<game>`: parse and check (`dicerules::load`);
//! - `evaluate/<game>`: exact evaluation of an already loaded program;
//! - `report/<game>`: `Report::new` alone, from a program and distribution;
//! - `pipeline/<game>`: load + evaluate + `Report::new`, the library side of
//!   `dicerules check`;
//! - `check_process/<game>`: the whole process `dicerules check FILE`, with
//!   the binary cargo builds beside this bench (`CARGO_BIN_EXE_dicerules`,
//!   the `bench` profile, which inherits `release`). Output goes to a null
//!   sink; a non-zero exit fails the bench.
//!
//! Before measuring, one line per game is printed to stderr with its peak
//! evaluator state count (`Distribution::peak_states`) and outcome count.
//!
//! Groups can be selected with criterion's filter, e.g.
//! `cargo bench --bench evaluate -- evaluate/` or `-- heist`.
//! Set `DICERULES_BENCH_NO_PROCESS=1` to skip the `check_process` group.

use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, SamplingMode};
use dicerules::eval::exact::{evaluate, Limits};
use dicerules::report::Report;

/// The games directory of this crate.
const GAMES_DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/games");

/// The `dicerules` binary built with this bench (bench profile = release).
const BIN: &str = env!("CARGO_BIN_EXE_dicerules");

struct Game {
    /// File stem, used as the benchmark id: `heist`, `baccarat_dice`, ...
    name: String,
    path: PathBuf,
    source: String,
}

/// Every `*.dice` file in `games/`, sorted by name.
fn games() -> Vec<Game> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(GAMES_DIR)
        .unwrap_or_else(|e| panic!("reading {GAMES_DIR}: {e}"))
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|ext| ext == "dice"))
        .collect();
    paths.sort();
    assert!(!paths.is_empty(), "no .dice files in {GAMES_DIR}");
    paths
        .into_iter()
        .map(|path| {
            let source = std::fs::read_to_string(&path)
                .unwrap_or_else(|e| panic!("reading {}: {e}", path.display()));
            let name = path.file_stem().unwrap().to_string_lossy().into_owned();
            Game { name, path, source }
        })
        .collect()
}

/// Loads and evaluates once, panicking with the errors if the game is
/// broken (a bench of an error path would measure the wrong thing).
fn preflight(game: &Game) -> dicerules::program::Program {
    let program = match dicerules::load(&game.source, &[]) {
        Ok(p) => p,
        Err(errors) => panic!("{}: does not load: {errors:?}", game.path.display()),
    };
    let distribution = evaluate(&program, Limits::default())
        .unwrap_or_else(|e| panic!("{}: does not evaluate: {e:?}", game.path.display()));
    eprintln!(
        "game {:<20} peak_states {:>8}  outcomes {}",
        game.name,
        distribution.peak_states,
        distribution.outcomes.len()
    );
    program
}

fn run_check(path: &Path) {
    let status = Command::new(BIN)
        .arg("check")
        .arg(path)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .expect("spawning dicerules");
    assert!(
        status.success(),
        "dicerules check {} exited with {status}",
        path.display()
    );
}

fn benches(c: &mut Criterion, games: &[Game]) {
    let programs: Vec<_> = games.iter().map(preflight).collect();

    {
        let mut group = c.benchmark_group("load");
        for game in games {
            group.bench_with_input(
                BenchmarkId::from_parameter(&game.name),
                &game.source,
                |b, source| b.iter(|| dicerules::load(black_box(source), &[]).unwrap()),
            );
        }
        group.finish();
    }

    {
        let mut group = c.benchmark_group("evaluate");
        // Games that take tens of ms per evaluation: let criterion switch to
        // flat sampling rather than run thousands of iterations.
        group.sampling_mode(SamplingMode::Auto);
        for (game, program) in games.iter().zip(&programs) {
            group.bench_with_input(
                BenchmarkId::from_parameter(&game.name),
                program,
                |b, program| b.iter(|| evaluate(black_box(program), Limits::default()).unwrap()),
            );
        }
        group.finish();
    }

    {
        let mut group = c.benchmark_group("report");
        for (game, program) in games.iter().zip(&programs) {
            let distribution = evaluate(program, Limits::default()).unwrap();
            group.bench_with_input(
                BenchmarkId::from_parameter(&game.name),
                &(program, distribution),
                |b, (program, distribution)| {
                    b.iter(|| Report::new(black_box(program), black_box(distribution)))
                },
            );
        }
        group.finish();
    }

    {
        let mut group = c.benchmark_group("pipeline");
        for game in games {
            group.bench_with_input(
                BenchmarkId::from_parameter(&game.name),
                &game.source,
                |b, source| {
                    b.iter(|| {
                        let program = dicerules::load(black_box(source), &[]).unwrap();
                        let distribution = evaluate(&program, Limits::default()).unwrap();
                        Report::new(&program, &distribution)
                    })
                },
            );
        }
        group.finish();
    }

    if std::env::var_os("DICERULES_BENCH_NO_PROCESS").is_none() {
        run_check(&games[0].path); // fail early, with a clear message
        let mut group = c.benchmark_group("check_process");
        group.sampling_mode(SamplingMode::Flat);
        group.sample_size(30);
        for game in games {
            group.bench_with_input(
                BenchmarkId::from_parameter(&game.name),
                &game.path,
                |b, path| b.iter(|| run_check(path)),
            );
        }
        group.finish();
    }
}

fn main() {
    let games = games();
    let mut c = Criterion::default()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(4))
        .configure_from_args();
    benches(&mut c, &games);
    c.final_summary();
}
