//! `dicerules simulate FILE`: many seeded rounds, each bet's simulated
//! house edge beside the exact one.

use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use clap::Args;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use super::diagnostics::render;
use super::html;
use super::input::{load, GameArgs};
use super::{exit, output, Format};
use crate::play::round::{MAX_DICE, MAX_REROLLS};
use crate::play::simulate::{simulate, Options};
use crate::render::serial;
use crate::render::simulation::{rows, text};

/// The most worker threads: more than the chunks of any run a machine
/// finishes, and each costs a stack.
const MAX_THREADS: i64 = 1024;

#[derive(Debug, Args)]
pub struct SimulateArgs {
    /// The rule file to simulate.
    #[arg(value_name = "FILE")]
    pub file: String,
    /// Rounds to play (at least 1).
    #[arg(long, default_value_t = 1_000_000, value_parser = rounds)]
    pub rounds: u64,
    /// The seed: the same seed gives the same figures, whatever `--threads`.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Worker threads (default: one per core; at most 1024).
    #[arg(long, default_value_t = 0,
          value_parser = clap::value_parser!(u16).range(0..=MAX_THREADS))]
    pub threads: u16,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// The most attempts of a reroll (`until`) before the run stops with
    /// an error naming the throw.
    #[arg(long, value_name = "N", default_value_t = MAX_REROLLS,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub max_rerolls: u64,
    /// The most dice (every attempt of a reroll counted) and cards one
    /// round throws and deals before the run stops with an error.
    #[arg(long, value_name = "N", default_value_t = MAX_DICE,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub max_dice: u64,
    /// Also write an HTML report into this directory (made if missing):
    /// each bet's running estimate over the rounds against its exact edge.
    #[arg(long, value_name = "DIR")]
    pub html: Option<String>,
    /// Write the running estimates' charts as one SVG file.
    #[arg(long, value_name = "FILE.svg")]
    pub plot: Option<String>,
    #[command(flatten)]
    pub cards: super::input::RemovedArgs,
    #[command(flatten)]
    pub cut: super::cut::CutArgs,
    #[command(flatten)]
    pub game: GameArgs,
}

/// `--rounds`: a whole number of rounds, at least one.
fn rounds(text: &str) -> Result<u64, String> {
    match text.parse::<u64>() {
        Ok(0) => Err("nothing is simulated in 0 rounds: ask for 1 or more".to_string()),
        Ok(n) => Ok(n),
        Err(e) => Err(e.to_string()),
    }
}

pub fn run(args: &SimulateArgs) -> u8 {
    if let Some(dir) = &args.html {
        if let Err(shown) = html::prepare(dir) {
            return output::finish(exit::INPUT, "", &shown);
        }
    }
    let loaded = match load(&args.file, &args.game, &args.cards.removed) {
        Ok(loaded) => loaded,
        Err(code) => return code,
    };
    let cut = match args.cut.cut(&args.file, &loaded.game.program) {
        Ok(cut) => cut,
        Err(code) => return code,
    };
    let options = Options {
        rounds: args.rounds,
        seed: args.seed,
        threads: usize::from(args.threads),
        max_rerolls: args.max_rerolls,
        max_dice: args.max_dice,
        cut,
    };
    let bar = Progress::new(args.rounds);
    let result = simulate(&loaded.game.program, &loaded.distribution, options, &|n| {
        bar.advance(n)
    });
    bar.done();
    match result {
        Ok(simulation) => {
            let out = match args.format {
                Format::Text => text(&simulation),
                Format::Json => serial::json(&simulation),
                Format::Ron => serial::ron(&simulation),
                Format::Csv => output::csv(&rows(&simulation)),
            };
            let mut stderr = String::new();
            if let Some(dir) = &args.html {
                let files = crate::render::html::simulation(&args.file, &simulation);
                if let Err(shown) = html::write(dir, &files) {
                    stderr.push_str(&shown);
                }
            }
            if let Some(file) = &args.plot {
                let svg = crate::render::html::convergence_svg(&simulation);
                if let Err(shown) = html::plot(file, &svg) {
                    stderr.push_str(&shown);
                }
            }
            let code = if stderr.is_empty() {
                exit::OK
            } else {
                exit::INPUT
            };
            output::finish(code, &out, &stderr)
        }
        Err(e) => output::finish(
            exit::INPUT,
            "",
            &render(crate::Error::from(e), &args.file, &loaded.game.source),
        ),
    }
}

/// A progress bar on stderr, shown once a run has taken a second, and only
/// on a terminal.
struct Progress {
    bar: ProgressBar,
    start: Instant,
    shown: AtomicBool,
    terminal: bool,
}

impl Progress {
    fn new(rounds: u64) -> Progress {
        let bar = ProgressBar::with_draw_target(Some(rounds), ProgressDrawTarget::hidden());
        if let Ok(style) = ProgressStyle::with_template(
            "{bar:40} {human_pos}/{human_len} rounds, {per_sec}, {eta} left",
        ) {
            bar.set_style(style);
        }
        Progress {
            bar,
            start: Instant::now(),
            shown: AtomicBool::new(false),
            terminal: std::io::stderr().is_terminal(),
        }
    }

    fn advance(&self, rounds: u64) {
        self.bar.inc(rounds);
        if self.terminal
            && !self.shown.load(Ordering::Relaxed)
            && self.start.elapsed() > Duration::from_secs(1)
            && !self.shown.swap(true, Ordering::Relaxed)
        {
            self.bar.set_draw_target(ProgressDrawTarget::stderr());
        }
    }

    fn done(&self) {
        self.bar.finish_and_clear();
    }
}
