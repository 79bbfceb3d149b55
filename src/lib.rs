//! dicerules: banking games of chance written as data, played and evaluated
//! exactly by one interpreter.
//!
//! The pipeline, one module per stage: [`syntax`] reads a `.dice` file into
//! the [`ast`]; [`check`] resolves names and types into a [`program`];
//! [`eval`] runs that program exactly ([`eval::exact`]); [`play`] runs it
//! with dice, a round, a simulation or a table at a time; [`solve`] finds the best strategies or equilibrium of
//! a round whose sides choose; [`report`] turns the exact distribution into the edge
//! report; [`lint`] finds what the evaluation shows to be wrong in a file
//! that checks (rules that never fire, names never used). The library never
//! prints; the `dicerules` binary does.
#![forbid(unsafe_code)]

pub mod ast;
pub mod builtin;
pub mod check;
pub mod cli;
pub mod error;
pub mod eval;
pub mod lint;
pub mod number;
pub mod play;
pub mod program;
pub mod report;
pub mod solve;
pub mod suggest;
pub mod syntax;

pub use error::Error;

use program::{Program, Setting};

/// Parses and checks a rule file, with `--set` overrides applied.
///
/// When the file has syntax errors, only those are returned: checking the
/// items that did parse would report names the broken items declare.
pub fn load(source: &str, overrides: &[(String, Setting)]) -> Result<Program, Vec<Error>> {
    load_file(source, overrides).map(|(_, program)| program)
}

/// Parses and checks a rule file, as [`load`] does, and keeps its syntax
/// tree beside the program (the lints point into it).
pub fn load_file(
    source: &str,
    overrides: &[(String, Setting)],
) -> Result<(ast::File, Program), Vec<Error>> {
    let (file, syntax_errors) = syntax::parse(source);
    if !syntax_errors.is_empty() {
        return Err(syntax_errors.into_iter().map(Error::from).collect());
    }
    let program = check::check(&file, overrides)
        .map_err(|errors| errors.into_iter().map(Error::from).collect::<Vec<_>>())?;
    Ok((file, program))
}

/// Loads, evaluates exactly and reports a rule file.
pub fn analyse(
    source: &str,
    overrides: &[(String, Setting)],
    limits: eval::exact::Limits,
) -> Result<report::Report, Vec<Error>> {
    let program = load(source, overrides)?;
    let distribution = eval::exact::evaluate(&program, limits).map_err(|e| vec![Error::from(e)])?;
    Ok(report::Report::new(&program, &distribution))
}
