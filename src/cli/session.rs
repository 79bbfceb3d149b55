//! `dicerules session FILE`: the table of `play`, its rounds analysed
//! exactly as a Markov chain over the seats' chips (`session`).

use clap::Args;

use super::diagnostics::render;
use super::input::{load, GameArgs};
use super::{exit, output, TextOrJson};
use crate::render::session::{sampled_text, text};
use crate::session::sampled;
use crate::session::{run, Options, MAX_STATES};

#[derive(Debug, Args)]
pub struct SessionArgs {
    /// The rule file whose table is analysed.
    #[arg(value_name = "FILE")]
    pub file: String,
    /// Seats at the table, the banker's included.
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u16).range(1..=64))]
    pub seats: u16,
    /// Starting chips of every seat (default: the file's `banking` item).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub chips: Option<u64>,
    /// Table rounds (default 10; with `--tenure`, as many as it takes, at
    /// most 10,000).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=10_000))]
    pub rounds: Option<u64>,
    /// Follow only the first bank, round after round, until its expected
    /// tenure (and its banker's net over it) is known within PRECISION
    /// (default 1e-9): exact figures within the rounds run, and exact
    /// bounds beyond them. Tables are dropped once the first bank passes,
    /// so tables much larger than a whole session's are followed.
    #[arg(long, value_name = "PRECISION", num_args = 0..=1, default_missing_value = "1e-9",
          value_parser = precision, conflicts_with_all = ["simulate", "html"])]
    pub tenure: Option<f64>,
    #[command(flatten)]
    pub stakes: super::play::StakeArgs,
    /// The most different tables (every seat's chips, who banks) alive
    /// after a round before giving up; the work allowed too: 200 units a
    /// table, counting steps of table rounds and the size of their numbers.
    #[arg(long, value_name = "N", default_value_t = MAX_STATES,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub max_tables: u64,
    /// Estimate the figures from N sessions played on real dice, as `play`
    /// plays them, instead of computing them exactly: for tables the exact
    /// chain does not follow or that are too big for it.
    #[arg(long, value_name = "N",
          value_parser = clap::value_parser!(u64).range(1..=crate::session::sampled::MAX_SESSIONS))]
    pub simulate: Option<u64>,
    /// With `--simulate`, the seed of the first session (session i is
    /// seeded S + i).
    #[arg(long, default_value_t = 1, requires = "simulate")]
    pub seed: u64,
    /// Also write an HTML report into this directory (made if missing): the
    /// bank put out of business by round, and each seat's chips after the
    /// last round, as charts beside their exact tables.
    #[arg(long, value_name = "DIR", conflicts_with = "simulate")]
    pub html: Option<String>,
    /// Output format: text, or json (docs/json.md).
    #[arg(long, value_enum, default_value_t = TextOrJson::Text)]
    pub format: TextOrJson,
    #[command(flatten)]
    pub game: GameArgs,
}

pub fn run_command(args: &SessionArgs) -> u8 {
    if let Some(dir) = &args.html {
        if let Err(shown) = super::html::prepare(dir) {
            return output::finish(exit::INPUT, "", &shown);
        }
    }
    let loaded = match load(&args.file, &args.game, &[]) {
        Ok(loaded) => loaded,
        Err(code) => return code,
    };
    let program = &loaded.game.program;
    let seats = usize::from(args.seats);
    let (stake, stakes) = match args.stakes.table(&args.file, program, seats) {
        Ok(table) => table,
        Err(code) => return code,
    };
    let rounds = match (args.rounds, args.tenure) {
        (Some(r), _) => r,
        (None, Some(_)) => 10_000,
        (None, None) => 10,
    };
    let options = Options {
        seats,
        chips: args.chips,
        rounds,
        tenure: args.tenure,
        stake,
        stakes,
        max_states: usize::try_from(args.max_tables).unwrap_or(usize::MAX),
    };
    if let Some(sessions) = args.simulate {
        let sampled = sampled::Options {
            table: options,
            sessions,
            seed: args.seed,
        };
        return match sampled::play(program, &loaded.distribution, &sampled) {
            Ok(s) => {
                let out = match args.format {
                    TextOrJson::Json => crate::render::serial::json(&s),
                    TextOrJson::Text => sampled_text(&s),
                };
                output::finish(exit::OK, &out, "")
            }
            Err(e) => output::finish(exit::INPUT, "", &render(e, &args.file, &loaded.game.source)),
        };
    }
    match run(program, &loaded.distribution, &options) {
        Ok(session) => {
            if let Some(dir) = &args.html {
                let files = crate::render::html::exact_session(&args.file, &session);
                if let Err(shown) = super::html::write(dir, &files) {
                    return output::finish(exit::INPUT, "", &shown);
                }
            }
            let out = match args.format {
                TextOrJson::Json => crate::render::serial::json(&session),
                TextOrJson::Text => text(&session),
            };
            output::finish(exit::OK, &out, "")
        }
        Err(e) => output::finish(exit::INPUT, "", &render(e, &args.file, &loaded.game.source)),
    }
}

/// A precision: a number above zero and below one.
fn precision(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(p) if p > 0.0 && p < 1.0 => Ok(p),
        _ => Err(format!(
            "{text} is not a precision above 0 and below 1, such as 1e-9"
        )),
    }
}
