//! Reading what every command reads: a rule file, the `--set` overrides,
//! and the program with its exact evaluation.

use std::fmt::Write as _;

use clap::Args;

use super::diagnostics::render;
use crate::eval::exact::{self, Distribution, Limits};
use crate::program::{Program, Setting};
use crate::syntax;

/// What every command takes about the game it reads.
#[derive(Debug, Args)]
pub struct GameArgs {
    /// Override a parameter of the game: `--set tie_odds=7` (repeatable).
    #[arg(long = "set", value_name = "NAME=VALUE")]
    pub set: Vec<String>,
    /// The most evaluator states alive at once before giving up.
    #[arg(long, value_name = "N", default_value_t = exact::DEFAULT_MAX_STATES)]
    pub max_states: usize,
}

/// The text of a rule file, or the message saying why it cannot be read.
pub fn read_source(file: &str) -> Result<String, String> {
    match std::fs::read(file) {
        Ok(bytes) => {
            String::from_utf8(bytes).map_err(|_| format!("error: {file} is not UTF-8 text\n"))
        }
        Err(e) => Err(format!("error: cannot read {file}: {e}\n")),
    }
}

/// Parses the `--set` overrides; diagnostics go to stderr.
pub fn overrides(set: &[String], stderr: &mut String) -> Option<Vec<(String, Setting)>> {
    let mut out = Vec::new();
    let mut ok = true;
    for (i, text) in set.iter().enumerate() {
        let Some((name, value)) = text.split_once('=') else {
            let _ = writeln!(
                stderr,
                "error: `--set {text}`: expected NAME=VALUE, as in `--set tie_odds=7`"
            );
            ok = false;
            continue;
        };
        match syntax::parse_override(value) {
            Ok(setting) => out.push((name.trim().to_string(), setting)),
            Err(e) => {
                stderr.push_str(&render(e, &format!("--set #{}", i + 1), value));
                ok = false;
            }
        }
    }
    ok.then_some(out)
}

/// A rule file loaded and evaluated exactly, for the commands that play it.
pub struct Loaded {
    pub source: String,
    pub program: Program,
    pub distribution: Distribution,
}

/// Reads, checks and evaluates `file`; on failure, the diagnostics are
/// written to stderr and the exit code is returned.
pub fn load(file: &str, game: &GameArgs) -> Result<Loaded, u8> {
    let mut stderr = String::new();
    let result = (|| {
        let overrides = overrides(&game.set, &mut stderr).ok_or(())?;
        let source = read_source(file).map_err(|m| stderr.push_str(&m))?;
        let program = crate::load(&source, &overrides).map_err(|errors| {
            let count = errors.len();
            for e in errors {
                stderr.push_str(&render(e, file, &source));
            }
            let _ = writeln!(stderr, "error: {file}: {count} error(s)");
        })?;
        let distribution = exact::evaluate(
            &program,
            Limits {
                max_states: game.max_states,
            },
        )
        .map_err(|e| {
            stderr.push_str(&render(crate::Error::from(e), file, &source));
        })?;
        Ok(Loaded {
            source,
            program,
            distribution,
        })
    })();
    result.map_err(|()| {
        eprint!("{stderr}");
        super::exit::INPUT
    })
}
