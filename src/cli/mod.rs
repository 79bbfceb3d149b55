//! The `dicerules` command line: one file per subcommand, and the rendering
//! of diagnostics. This is the only part of the crate that prints.

mod answers;
mod bless;
mod check;
mod compare;
mod cut;
pub mod diagnostics;
mod diff;
mod files;
mod fmt;
mod github;
mod html;
mod input;
mod lints;
mod lsp;
mod output;
mod paint;
mod play;
mod session;
mod shell;
mod shoe;
mod simulate;
mod snapshots;

use std::io::Write as _;
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};

/// The argument that names standard input as a rule file.
pub const STDIN: &str = "-";

/// How a rule file read from standard input is named in diagnostics.
pub const STDIN_NAME: &str = "<stdin>";

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
    /// When to colour diagnostics, `check`'s text report and diffs: auto
    /// (where the output is a terminal, unless NO_COLOR is set or
    /// CLICOLOR=0; CLICOLOR_FORCE=1 colours anyway), always or never.
    #[arg(long, global = true, value_enum, value_name = "WHEN",
          default_value_t = diagnostics::Colour::Auto)]
    pub color: diagnostics::Colour,
    /// Print nothing on stdout (no report, no transcript): errors and
    /// warnings still go to stderr, and the exit code says the rest.
    #[arg(short, long, global = true)]
    pub quiet: bool,
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Evaluate rule files exactly and print the edge report of every bet.
    #[command(
        after_help = "Examples:\n  dicerules check games/heist.dice\n  dicerules check games/ --format json\n  dicerules check games/punto_banco.dice --set decks=1..8\n  cat games/heist.dice | dicerules check -"
    )]
    Check(check::CheckArgs),
    /// Compare rule files: each bet's exact house edge in every file, and
    /// its change from the first file's.
    #[command(
        after_help = "Examples:\n  dicerules compare games/heist.dice games/heist_a.dice games/heist_b.dice"
    )]
    Compare(compare::CompareArgs),
    /// Run a table: seats with chips play a seeded session by the file's
    /// `banking` rules; the transcript goes to stdout.
    #[command(
        after_help = "Examples:\n  dicerules play games/heist.dice --seats 4 --rounds 10 --seed 7\n  dicerules play games/twenty_six.dice --interactive"
    )]
    Play(play::PlayArgs),
    /// Analyse the file's table exactly: its rounds as `play` runs them,
    /// as a Markov chain over the seats' chips (the bank's ruin by round,
    /// each seat's expected net and chips).
    #[command(
        after_help = "Examples:\n  dicerules session games/twenty_six.dice --seats 4 --rounds 10\n  dicerules session games/heaven_and_nine.dice --seats 3 --tenure\n  dicerules session games/chemin_de_fer.dice --simulate 10000"
    )]
    Session(session::SessionArgs),
    /// Deal one whole card shoe (seeded) to the cut card: each bet's exact
    /// house edge from the cards left before every coup, the coups where a
    /// bet favours the bettor marked, and a summary.
    #[command(after_help = "Examples:\n  dicerules shoe games/punto_banco.dice --seed 3")]
    Shoe(shoe::ShoeArgs),
    /// Play many seeded rounds; each bet's simulated house edge beside the
    /// exact one.
    #[command(
        after_help = "Examples:\n  dicerules simulate games/punto_banco.dice --rounds 1000000 --seed 1"
    )]
    Simulate(simulate::SimulateArgs),
    /// Lay rule files out canonically, every comment kept where it was
    /// (`--check`: change nothing, show the diff, exit 1 if any would
    /// change).
    #[command(
        after_help = "Examples:\n  dicerules fmt games/\n  dicerules fmt --check games/ tests/fixtures/\n  cat heist.dice | dicerules fmt -"
    )]
    Fmt(fmt::FmtArgs),
    /// Serve the Language Server Protocol on standard input and output:
    /// diagnostics as a file is edited, hover (a bet's exact house edge),
    /// go to definition, completion, formatting.
    #[command(after_help = "Examples:\n  dicerules lsp\n(An editor starts it: docs/editors.md.)")]
    Lsp,
    /// Print a completion script for a shell: `dicerules completions bash
    /// > ~/.local/share/bash-completion/completions/dicerules`.
    #[command(
        after_help = "Examples:\n  dicerules completions bash > ~/.local/share/bash-completion/completions/dicerules\n  dicerules completions zsh > ~/.zfunc/_dicerules\n  dicerules completions fish > ~/.config/fish/completions/dicerules.fish"
    )]
    Completions(shell::CompletionsArgs),
    /// Print the manual page (roff): `dicerules man > dicerules.1; man
    /// ./dicerules.1`.
    #[command(after_help = "Examples:\n  dicerules man > dicerules.1 && man ./dicerules.1")]
    Man,
}

/// The output formats of `check`: those of reports, and GitHub's workflow
/// annotations.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum CheckFormat {
    Text,
    Json,
    Ron,
    Csv,
    // `::error file=...,line=...::message` lines a GitHub Actions log
    // turns into annotations: errors, failed expects and lint findings
    // (and wrong claims as notices). Not a doc comment, as for `Colour`.
    Github,
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
        Err(e) if e.use_stderr() => {
            let _ = e.print();
            return ExitCode::from(exit::INPUT);
        }
        // `--help` and `--version`, on stdout: a failed write (a full
        // disk) is one line on stderr and exit 2, as for every command.
        Err(e) => {
            let printed = e.print().and_then(|()| std::io::stdout().flush());
            return ExitCode::from(match printed {
                Ok(()) => exit::OK,
                Err(error) => output::Stop::from("stdout", error).exit_code(exit::OK),
            });
        }
    };
    diagnostics::choose_colour(cli.color);
    output::be_quiet(cli.quiet);
    let code = match cli.command {
        Command::Check(args) => check::run(&args),
        Command::Compare(args) => compare::run(&args),
        Command::Play(args) => play::run(&args),
        Command::Session(args) => session::run_command(&args),
        Command::Shoe(args) => shoe::run(&args),
        Command::Simulate(args) => simulate::run(&args),
        Command::Fmt(args) => fmt::run(&args),
        Command::Lsp => lsp::run(),
        Command::Completions(args) => shell::completions(&args),
        Command::Man => shell::man(),
    };
    ExitCode::from(code)
}
