//! `dicerules play FILE`: a seeded session at a table, as a transcript.

use std::io::{BufRead, IsTerminal, Write};

use clap::Args;

use super::diagnostics::render;
use super::input::load;
use super::{exit, Format};
use crate::eval::exact;
use crate::play::table::{Options, Person, Table, TableEvent};

#[derive(Debug, Args)]
pub struct PlayArgs {
    /// The rule file to play.
    #[arg(value_name = "FILE")]
    pub file: String,
    /// Seats at the table.
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u16).range(1..=1000))]
    pub seats: u16,
    /// Starting chips of every seat (default: the file's `banking` item).
    #[arg(long)]
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
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Override a parameter of the game: `--set house_limit=50` (repeatable).
    #[arg(long = "set", value_name = "NAME=VALUE")]
    pub set: Vec<String>,
    /// The most evaluator states alive at once in the exact evaluation.
    #[arg(long, value_name = "N", default_value_t = exact::DEFAULT_MAX_STATES)]
    pub max_states: usize,
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
    if args.format == Format::Ron {
        eprintln!("error: `play` writes text or json transcripts");
        return exit::INPUT;
    }
    let loaded = match load(&args.file, &args.set, args.max_states) {
        Ok(loaded) => loaded,
        Err(code) => return code,
    };
    let options = Options {
        seats: usize::from(args.seats),
        chips: args.chips,
        rounds: args.rounds,
        seed: args.seed,
        person: args.interactive.then_some(0),
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
            "You are seat 1. Answer each question and press Enter; end the input (Ctrl-D) to stop."
        );
    }
    let format = args.format;
    let program = &loaded.program;
    let mut stdout = std::io::stdout().lock();
    let mut emit = |event: TableEvent| {
        let line = match format {
            Format::Json => serde_json::to_string(&event).unwrap_or_default(),
            _ => text(program, &event),
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

/// An event as a line of the text transcript.
pub fn text(program: &crate::program::Program, event: &TableEvent) -> String {
    let list = |xs: &[u32]| xs.iter().map(u32::to_string).collect::<Vec<_>>().join(" ");
    match event {
        TableEvent::Game {
            game,
            seats,
            chips,
            banker,
        } => {
            let dealt: Vec<String> = chips.iter().map(|c| c.decimal()).collect();
            format!(
                "{}, game {game}: {seats} seats with {} chips; {}",
                program.name,
                dealt.join(", "),
                banker.map_or("the house banks".to_string(), |b| format!("seat {b} banks"))
            )
        }
        TableEvent::Round { round, banker } => match banker {
            Some(b) => format!("round {round} (seat {b} banks)"),
            None => format!("round {round}"),
        },
        TableEvent::Limit { seat, limit } => format!("  seat {seat} names the limit: {limit}"),
        TableEvent::BankStake { seat, stake } => {
            format!("  seat {seat} puts up {stake} in the bank")
        }
        TableEvent::Bet {
            seat,
            bet,
            stake,
            banco,
        } => format!(
            "  seat {seat} bets {stake} on {bet}{}",
            if *banco { ", calling banco" } else { "" }
        ),
        TableEvent::Throw {
            name,
            faces,
            attempt,
            accepted,
        } => {
            let again = match (attempt, accepted) {
                (1, true) => String::new(),
                (n, true) => format!(" (attempt {n})"),
                (n, false) => format!(" (attempt {n}, thrown again)"),
            };
            format!("  {name}: {}{again}", list(faces))
        }
        TableEvent::Draw { name, cards } => format!("  {name}: {}", list(cards)),
        TableEvent::Choose { name, option, seat } => match seat {
            Some(s) => format!("  seat {s} chooses {name}: {option}"),
            None => format!("  {name}: {option}"),
        },
        TableEvent::End { outcome } => {
            format!("  => {}", outcome.as_deref().unwrap_or("the round ends"))
        }
        TableEvent::Settle {
            seat,
            bet,
            payout,
            net,
            chips,
        } => {
            let what = if net.is_positive() {
                format!("wins {}", net.decimal())
            } else if net.is_negative() {
                format!("loses {}", net.abs().decimal())
            } else {
                "is even".to_string()
            };
            format!(
                "  seat {seat} {what} on {bet} ({payout}): {} chips",
                chips.decimal()
            )
        }
        TableEvent::House { net, total } => {
            format!("  house {}: {} in all", signed(net), total.decimal())
        }
        TableEvent::BankPasses { from, to } => {
            format!("  the bank passes from seat {from} to seat {to}")
        }
        TableEvent::BankerBroke { seat } => format!("  seat {seat} cannot cover the bet"),
        TableEvent::Leaves { seat } => format!("  seat {seat} has too few chips and leaves"),
        TableEvent::Summary {
            rounds,
            chips,
            house,
            reason,
        } => {
            let mut out = format!("after {rounds} round(s), {reason}:");
            for (i, c) in chips.iter().enumerate() {
                out.push_str(&format!("\n  seat {}: {} chips", i + 1, c.decimal()));
            }
            out.push_str(&format!("\n  house: {}", signed(house)));
            out
        }
    }
}

fn signed(x: &crate::number::Exact) -> String {
    if x.is_negative() {
        x.decimal()
    } else {
        format!("+{}", x.decimal())
    }
}
