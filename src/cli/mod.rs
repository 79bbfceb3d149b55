//! The `dicerules` command line: one file per subcommand, and the rendering
//! of diagnostics. This is the only part of the crate that prints.

mod answers;
mod check;
mod compare;
pub mod diagnostics;
mod html;
mod input;
mod lints;
mod output;
mod play;
mod session;
mod shoe;
mod simulate;

use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};

/// Exit codes shared by every command.
pub mod exit {
    pub const OK: u8 = 0;
    /// An `expect` failed, or a lint finding was denied (`--deny`).
    pub const FINDING: u8 = 1;
    /// The input could not be read, parsed or checked; a usage error.
    pub const INPUT: u8 = 2;
}

/// Banking games of chance as rule files: exact edges, play and simulation.
#[derive(Debug, Parser)]
#[command(name = "dicerules", version, about, long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Evaluate rule files exactly and print the edge report of every bet.
    Check(check::CheckArgs),
    /// Compare rule files: each bet's exact house edge in every file, and
    /// its change from the first file's.
    Compare(compare::CompareArgs),
    /// Run a table: seats with chips play a seeded session by the file's
    /// `banking` rules; the transcript goes to stdout.
    Play(play::PlayArgs),
    /// Analyse the file's table exactly: its rounds as `play` runs them,
    /// as a Markov chain over the seats' chips (the bank's ruin by round,
    /// each seat's expected net and chips).
    Session(session::SessionArgs),
    /// Deal one whole card shoe (seeded) to the cut card: each bet's exact
    /// house edge from the cards left before every coup, the coups where a
    /// bet favours the bettor marked, and a summary.
    Shoe(shoe::ShoeArgs),
    /// Play many seeded rounds; each bet's simulated house edge beside the
    /// exact one.
    Simulate(simulate::SimulateArgs),
}

/// The formats of a command that prints text or one JSON document
/// (`shoe`, `session`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum TextOrJson {
    Text,
    Json,
}

/// The output formats of reports.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    Text,
    Json,
    Ron,
    // A header row and one row per bet (and file, setting), exact and
    // decimal columns.
    Csv,
}

/// Runs the command line; returns the process exit code.
pub fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return ExitCode::from(if e.use_stderr() {
                exit::INPUT
            } else {
                exit::OK
            });
        }
    };
    let code = match cli.command {
        Command::Check(args) => check::run(&args),
        Command::Compare(args) => compare::run(&args),
        Command::Play(args) => play::run(&args),
        Command::Session(args) => session::run_command(&args),
        Command::Shoe(args) => shoe::run(&args),
        Command::Simulate(args) => simulate::run(&args),
    };
    ExitCode::from(code)
}
