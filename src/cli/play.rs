//! `dicerules play FILE`: a seeded session at a table, as a transcript.

use std::io::{BufRead, IsTerminal, Write};

use clap::{Args, ValueEnum};

use super::diagnostics::render;
use super::exit;
use super::input::{load, GameArgs};
use crate::play::round::MAX_REROLLS;
use crate::play::table::{Options, Person, Table, TableEvent};
use crate::play::transcript;

#[derive(Debug, Args)]
pub struct PlayArgs {
    /// The rule file to play.
    #[arg(value_name = "FILE")]
    pub file: String,
    /// Seats at the table.
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u16).range(1..=1000))]
    pub seats: u16,
    /// Starting chips of every seat, from 1 to 18446744073709551615
    /// (default: the file's `banking` item).
    #[arg(long, value_parser = chips)]
    pub chips: Option<u64>,
    /// Table rounds to play.
    #[arg(long, default_value_t = 10)]
    pub rounds: u64,
    /// The seed: the same seed gives the same session.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Seat 1 is you: bets and choices are asked on stdin.
    #[arg(long)]
    pub interactive: bool,
    /// Transcript format: text, or json (one event object per line).
    #[arg(long, value_enum, default_value_t = Transcript::Text)]
    pub format: Transcript,
    /// With `--interactive`, the seat you play (from 1).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..))]
    pub seat: u16,
    /// Which of the file's stake rules the table agrees on (from 1), where
    /// it offers several (`stake fixed 2 or up to 6 or free`).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..))]
    pub stake: u16,
    /// The most attempts of a reroll (`until`) before the run stops with
    /// an error naming the throw.
    #[arg(long, value_name = "N", default_value_t = MAX_REROLLS,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub max_rerolls: u64,
    #[command(flatten)]
    pub game: GameArgs,
}

/// `--chips`: a whole number of chips a seat can be dealt, as the file's
/// `chips` clause takes them.
fn chips(text: &str) -> Result<u64, String> {
    match text.trim().parse::<u64>() {
        Ok(n) if n > 0 => Ok(n),
        _ => Err(format!(
            "the starting chips must be a whole number from 1 to {}",
            u64::MAX
        )),
    }
}

/// The formats of a transcript.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Transcript {
    Text,
    Json,
}

/// A person at the terminal (or a pipe): questions on stderr, answers
/// from stdin.
struct Terminal {
    lines: std::io::Lines<std::io::StdinLock<'static>>,
}

impl Person for Terminal {
    fn ask(&mut self, question: &str) -> Option<String> {
        eprint!("{question}\n> ");
        let _ = std::io::stderr().flush();
        match self.lines.next() {
            Some(Ok(line)) => Some(line),
            _ => {
                eprintln!();
                None
            }
        }
    }
    fn tell(&mut self, message: &str) {
        eprintln!("{message}");
    }
}

pub fn run(args: &PlayArgs) -> u8 {
    let loaded = match load(&args.file, &args.game) {
        Ok(loaded) => loaded,
        Err(code) => return code,
    };
    if args.seat > args.seats {
        eprintln!(
            "error: --seat {} is not at a table of {} seats: choose from 1 to {}",
            args.seat, args.seats, args.seats
        );
        return exit::INPUT;
    }
    let stakes = loaded.program.banking.stakes.len().max(1);
    if usize::from(args.stake) > stakes {
        eprintln!(
            "error: --stake {}: {} offers {stakes} stake rule{}; choose from 1 to {stakes}",
            args.stake,
            args.file,
            if stakes == 1 { "" } else { "s" }
        );
        return exit::INPUT;
    }
    let seat = usize::from(args.seat) - 1;
    let options = Options {
        seats: usize::from(args.seats),
        chips: args.chips,
        rounds: args.rounds,
        seed: args.seed,
        person: args.interactive.then_some(seat),
        max_rerolls: args.max_rerolls,
        stake: usize::from(args.stake) - 1,
    };
    let mut terminal = Terminal {
        lines: std::io::stdin().lock().lines(),
    };
    let person: Option<&mut dyn Person> = if args.interactive {
        Some(&mut terminal)
    } else {
        None
    };
    if args.interactive && std::io::stdin().is_terminal() {
        eprintln!(
            "You are seat {}. Answer each question and press Enter; end the input (Ctrl-D) to stop.",
            args.seat
        );
    }
    let format = args.format;
    let program = &loaded.program;
    let mut stdout = std::io::stdout().lock();
    let mut emit = |event: TableEvent| {
        let line = match format {
            Transcript::Json => serde_json::to_string(&event).unwrap_or_default(),
            Transcript::Text => transcript::line(program, &event),
        };
        let _ = writeln!(stdout, "{line}");
        let _ = stdout.flush();
    };
    let mut table = Table::new(program, &loaded.distribution, options, person, &mut emit);
    match table.run() {
        Ok(()) => exit::OK,
        Err(e) => {
            eprint!(
                "{}",
                render(crate::Error::from(e), &args.file, &loaded.source)
            );
            exit::INPUT
        }
    }
}
