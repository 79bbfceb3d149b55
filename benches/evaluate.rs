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
//! - `handwritten/punto_banco_8_decks` and `.../punto_banco_8_decks_grouped`:
//!   the hand-written exact count of one 8-deck punto banco coup
//!   (`benches/handwritten/punto_banco.rs`), walking every ordered sequence
//!   of values (`coup`, plainly right) and grouping two-card hands by value
//!   (`coup_grouped`, issue 4's yardstick, tested equal to `coup`);
//! - `handwritten/<game>`: for the games that have one (`twenty_six`,
//!   `quatorze`), a hand-written exact computation of the player's house
//!   edge (`benches/handwritten/mod.rs`), the yardstick of issue 3. Before
//!   measuring, its house edge and win probability are checked to equal the
//!   tool's (`Report::new`, `bets[0]`) exactly; a mismatch stops the bench.
//!
//! Before measuring, one line per game is printed to stderr with its peak
//! evaluator state count (`Distribution::peak_states`) and outcome count.
//!
//! - `throws/twenty_six_N` and `throws/quatorze_1+N`: the growth with the
//!   number of throws (issue 20): twenty-six's `repeat 13` made `repeat N`
//!   (N = 13, 26, 52, 100, 200, 400) and quatorze's `repeat 4` made
//!   `repeat N` (N = 4, 64, 128), the pipeline as in `pipeline/`.
//!
//! Groups can be selected with criterion's filter, e.g.
//! `cargo bench --bench evaluate -- evaluate/` or `-- heist`.
//! Set `DICERULES_BENCH_NO_PROCESS=1` to skip the `check_process` group.

use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, SamplingMode};
use dicerules::number::Exact;
use dicerules::report::Report;
use dicerules_core::eval::exact::Limits;
use dicerules_core::solve::evaluate;
use num_rational::BigRational;

mod handwritten;

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

/// A hand-written computation of one game: the timed house edge, and the
/// win probability (checked only).
struct Handwritten {
    house_edge: fn() -> BigRational,
    win_probability: fn() -> BigRational,
}

/// The hand-written counterpart of a game, if it has one.
fn handwritten_for(name: &str) -> Option<Handwritten> {
    match name {
        "twenty_six" => Some(Handwritten {
            house_edge: handwritten::twenty_six_house_edge,
            win_probability: handwritten::twenty_six_win_probability,
        }),
        "quatorze" => Some(Handwritten {
            house_edge: handwritten::quatorze_house_edge,
            win_probability: handwritten::quatorze_win_probability,
        }),
        _ => None,
    }
}

/// Checks that a hand-written figure equals the tool's, exactly: as a value
/// and as a reduced fraction (same numerator and denominator).
fn assert_same(game: &str, what: &str, ours: &Exact, hand: BigRational) {
    let reduced = hand.reduced();
    assert!(
        reduced.numer() == hand.numer() && reduced.denom() == hand.denom(),
        "{game}: hand-written {what} is not reduced: {hand}"
    );
    assert!(
        ours.0 == hand && ours.0.numer() == hand.numer() && ours.0.denom() == hand.denom(),
        "{game}: {what}: dicerules {} != hand-written {hand}",
        ours.0
    );
}

/// Loads and evaluates once, panicking with the errors if the game is
/// broken (a bench of an error path would measure the wrong thing). For a
/// game with a hand-written counterpart, checks the two agree.
fn preflight(game: &Game) -> dicerules_core::program::Program {
    let program = match dicerules::Game::load(&game.source).map(|g| g.program) {
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
    if let Some(hand) = handwritten_for(&game.name) {
        let report = Report::new(&program, &distribution);
        let bet = &report.bets[0];
        assert_same(
            &game.name,
            "house edge",
            &bet.house_edge,
            (hand.house_edge)(),
        );
        assert_same(
            &game.name,
            "win probability",
            &bet.hit_frequency,
            (hand.win_probability)(),
        );
        eprintln!(
            "game {:<20} hand-written house edge = dicerules house edge = {:.4}%",
            game.name, bet.house_edge_percent
        );
    }
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
                |b, source| {
                    b.iter(|| {
                        dicerules::Game::load(black_box(source))
                            .map(|g| g.program)
                            .unwrap()
                    })
                },
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
                        let program = dicerules::Game::load(black_box(source))
                            .map(|g| g.program)
                            .unwrap();
                        let distribution = evaluate(&program, Limits::default()).unwrap();
                        Report::new(&program, &distribution)
                    })
                },
            );
        }
        group.finish();
    }

    {
        let mut group = c.benchmark_group("handwritten");
        for game in games {
            if let Some(hand) = handwritten_for(&game.name) {
                group.bench_function(BenchmarkId::from_parameter(&game.name), |b| {
                    b.iter(|| black_box((hand.house_edge)()))
                });
            }
        }
        // Issue 4's yardstick: one exact 8-deck coup counted by hand, by
        // ordered sequences and grouped by value (the published edges, and
        // the two counts' agreement, are checked by
        // tests/punto_banco_count.rs).
        group.bench_function("punto_banco_8_decks", |b| {
            use handwritten::punto_banco::{coup, house_edges};
            b.iter(|| black_box(house_edges(&coup(black_box(Some(8))), 8)))
        });
        group.bench_function("punto_banco_8_decks_grouped", |b| {
            use handwritten::punto_banco::{coup_grouped, house_edges};
            b.iter(|| black_box(house_edges(&coup_grouped(black_box(Some(8))), 8)))
        });
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
    throws(&mut c, &games);
    c.final_summary();
}

/// The pipeline of twenty-six and quatorze with more throws: the game's
/// text with its `repeat` changed, each variant checked to load first.
fn throws(c: &mut Criterion, games: &[Game]) {
    let source = |name: &str| {
        games
            .iter()
            .find(|g| g.name == name)
            .map(|g| g.source.clone())
            .unwrap_or_else(|| panic!("games/{name}.dice"))
    };
    let twenty_six = source("twenty_six");
    let quatorze = source("quatorze");
    let mut variants: Vec<(String, String)> = Vec::new();
    for n in [13, 26, 52, 100, 200, 400] {
        let text = twenty_six.replace("repeat 13 {", &format!("repeat {n} {{"));
        variants.push((format!("twenty_six_{n}"), text));
    }
    for n in [4, 64, 128] {
        let text = quatorze.replace("repeat 4 {", &format!("repeat {n} {{"));
        variants.push((format!("quatorze_1+{n}"), text));
    }
    let mut group = c.benchmark_group("throws");
    group.sampling_mode(SamplingMode::Flat);
    group.sample_size(10);
    for (name, text) in &variants {
        assert!(
            dicerules::Game::load(text.as_str()).is_ok(),
            "{name} checks"
        );
        group.bench_with_input(BenchmarkId::from_parameter(name), text, |b, source| {
            b.iter(|| {
                let program = dicerules::Game::load(black_box(source.as_str()))
                    .map(|g| g.program)
                    .unwrap();
                let distribution = evaluate(&program, Limits::default()).unwrap();
                Report::new(&program, &distribution)
            })
        });
    }
    group.finish();
}
