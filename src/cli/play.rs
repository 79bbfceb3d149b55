//! `dicerules play FILE`: a seeded session at a table, as a transcript.

use std::io::IsTerminal;
use std::sync::atomic::Ordering;

use clap::{Args, ValueEnum};

use super::answers::{Answer, Answers, MAX_ANSWER};
use super::diagnostics::render;
use super::exit;
use super::html;
use super::input::{load, GameArgs};
use super::output::{self, Stop};
use crate::play::round::{MAX_DICE, MAX_REROLLS};
use crate::play::table::{record, Flow, Options, Person, Table, TableEvent};
use crate::render::{serial, transcript};
use crate::report::events::EventLine;
use crate::report::FormatVersion;

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
    #[command(flatten)]
    pub stakes: StakeArgs,
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
    /// each seat's chips over the rounds, and who held the bank.
    #[arg(long, value_name = "DIR")]
    pub html: Option<String>,
    /// With `--html`, the table rounds the report shows one by one; those
    /// after them are summarised (counted, and the chips after the last).
    #[arg(long, value_name = "N", default_value_t = record::DEFAULT_HTML_ROUNDS,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub html_rounds: u64,
    #[command(flatten)]
    pub cut: super::cut::CutArgs,
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

/// The stakes a table agrees on: `--stake N`, the file's stake rule, and
/// `--stakes A,B,...`, what each automatic seat stakes.
#[derive(Debug, Args)]
pub struct StakeArgs {
    /// Which of the file's stake rules the table agrees on (from 1), where
    /// it offers several (`stake fixed 2 or up to 6 or free`).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..))]
    pub stake: u16,
    /// What each automatic seat stakes, seat by seat (`2,1,1,1`), or one
    /// value for every seat; cut to what the table's limits and the seat's
    /// chips allow (default: the table minimum).
    #[arg(long, value_name = "A,B,...", value_delimiter = ',')]
    pub stakes: Vec<u64>,
}

impl StakeArgs {
    /// The stake rule's index and the seats' stakes, or the exit code of
    /// the message that says why they cannot be taken at a table of
    /// `seats` seats.
    pub(super) fn table(
        &self,
        file: &str,
        program: &crate::program::Program,
        seats: usize,
    ) -> Result<(usize, Vec<u64>), u8> {
        let rule = stake_rule(self.stake, file, program)?;
        if let Some(why) = (program.banking).seat_stakes_error(rule, seats, &self.stakes) {
            let message = format!("error: --stakes: {why}\n");
            return Err(output::finish(exit::INPUT, "", &message));
        }
        Ok((rule, self.stakes.clone()))
    }
}

/// `--stake N` (from 1) as the index of the file's stake rule the table
/// agrees on; one the file does not offer is a message and exit 2.
fn stake_rule(stake: u16, file: &str, program: &crate::program::Program) -> Result<usize, u8> {
    let stakes = program.banking.stakes.len().max(1);
    if usize::from(stake) > stakes {
        let message = format!(
            "error: --stake {stake}: {file} offers {stakes} stake rule{}; choose from 1 to {stakes}\n",
            if stakes == 1 { "" } else { "s" }
        );
        return Err(output::finish(exit::INPUT, "", &message));
    }
    Ok(usize::from(stake).saturating_sub(1))
}

/// The formats of a transcript.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Transcript {
    Text,
    Json,
}

/// A person at the terminal (or a pipe): questions on stderr, answers
/// from stdin, read by [`super::answers`] on a thread of their own so that
/// Ctrl-C at a prompt ends the session with its summary.
struct Terminal {
    answers: Answers,
    /// A write to stderr that failed: the session ends, and so does the
    /// command, with this.
    failed: Option<Stop>,
}

impl Person for Terminal {
    fn ask(&mut self, question: &str) -> Option<String> {
        loop {
            self.say(&format!("{question}\n> "))?;
            match self.answers.next() {
                Answer::Line(line) => return Some(line),
                Answer::TooLong => self.say(&format!(
                    "\nthat answer is longer than {MAX_ANSWER} bytes; answer again\n"
                ))?,
                Answer::NotUtf8 => self.say("\nthat answer is not UTF-8 text; answer again\n")?,
                Answer::End | Answer::Interrupted => {
                    let _ = self.say("\n");
                    return None;
                }
            }
        }
    }
    fn tell(&mut self, message: &str) {
        let _ = self.say(&format!("{message}\n"));
    }
}

impl Terminal {
    /// Writes to stderr; a failed write ends the person's input.
    fn say(&mut self, text: &str) -> Option<()> {
        if self.failed.is_some() {
            return None;
        }
        output::err(text).map_err(|e| self.failed = Some(e)).ok()
    }
}

pub fn run(args: &PlayArgs) -> u8 {
    if args.interactive && args.file == super::STDIN {
        let message = "error: with --interactive the answers are read from standard input, so the rule file cannot be: name the file\n";
        return output::finish(exit::INPUT, "", message);
    }
    if let Some(dir) = &args.html {
        if let Err(shown) = html::prepare(dir) {
            return output::finish(exit::INPUT, "", &shown);
        }
    }
    let loaded = match load(&args.file, &args.game, &[]) {
        Ok(loaded) => loaded,
        Err(code) => return code,
    };
    if args.seat > args.seats {
        let message = format!(
            "error: --seat {} is not at a table of {} seats: choose from 1 to {}\n",
            args.seat, args.seats, args.seats
        );
        return output::finish(exit::INPUT, "", &message);
    }
    let seats = usize::from(args.seats);
    let (stake, stakes) = match args.stakes.table(&args.file, &loaded.game.program, seats) {
        Ok(table) => table,
        Err(code) => return code,
    };
    let cut = match args.cut.cut(&args.file, &loaded.game.program) {
        Ok(cut) => cut,
        Err(code) => return code,
    };
    let seat = usize::from(args.seat) - 1;
    let options = Options {
        seats,
        chips: args.chips,
        rounds: args.rounds,
        seed: args.seed,
        person: args.interactive.then_some(seat),
        max_rerolls: args.max_rerolls,
        max_dice: args.max_dice,
        stake,
        stakes,
        cut,
    };
    // Ctrl-C ends the session at the end of the round (at once at a
    // prompt) with its summary; a second Ctrl-C ends the process.
    let interrupted = super::answers::on_interrupt();
    let mut terminal = Terminal {
        answers: Answers::new(&interrupted),
        failed: None,
    };
    let person: Option<&mut dyn Person> = if args.interactive {
        Some(&mut terminal)
    } else {
        None
    };
    let mut stop = None;
    if args.interactive && std::io::stdin().is_terminal() {
        let hello = format!(
            "You are seat {}. Answer each question and press Enter; end the input (Ctrl-D) or press Ctrl-C to stop.\n",
            args.seat
        );
        stop = output::err(&hello).err();
    }
    let format = args.format;
    let program = &loaded.game.program;
    let mut stdout = std::io::BufWriter::new(std::io::stdout().lock());
    let mut recorder = args
        .html
        .as_ref()
        .map(|_| record::Recorder::new(&program.name, args.seed, args.html_rounds));
    let utf8 = output::utf8();
    let mut emit = |event: TableEvent| {
        if let Some(r) = recorder.as_mut() {
            r.see(&event);
        }
        if stop.is_some() {
            return Flow::Stop;
        }
        let line = match format {
            Transcript::Json => serial::json_line(&EventLine {
                format_version: FormatVersion,
                event: &event,
            }),
            Transcript::Text if utf8 => transcript::line(program, &event),
            Transcript::Text => transcript::ascii(&transcript::line(program, &event)),
        };
        // A line at a time, so that a person sees each throw and a reader
        // of a pipe each line as it comes.
        let written = output::line(&mut stdout, &line).and_then(|()| output::flush(&mut stdout));
        match written {
            Err(e) => {
                stop = Some(e);
                Flow::Stop
            }
            Ok(()) if interrupted.load(Ordering::Relaxed) => Flow::Interrupt,
            Ok(()) => Flow::Continue,
        }
    };
    let result = Table::new(program, &loaded.distribution, options, person, &mut emit).run();
    let stop = stop.or(terminal.failed);
    let mut written = exit::OK;
    if let (Some(dir), Some(recorder), Ok(())) = (&args.html, recorder, &result) {
        let files = crate::render::html::session(&args.file, &recorder.finish());
        if let Err(shown) = html::write(dir, &files) {
            written = output::finish(exit::INPUT, "", &shown);
        }
    }
    match result {
        Ok(()) => stop.map_or(written, |s| s.exit_code(written)),
        Err(e) => {
            let shown = render(e, &args.file, &loaded.game.source);
            match stop {
                Some(s) => s.exit_code(exit::INPUT),
                None => output::finish(exit::INPUT, "", &shown),
            }
        }
    }
}
