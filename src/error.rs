//! The errors of every stage under one type, for callers that run the
//! whole pipeline. Each stage keeps its own enum; this only gathers them.

use miette::Diagnostic;
use thiserror::Error;

use crate::check::CheckError;
use crate::eval::EvalError;
use crate::play::table::TableError;
use crate::syntax::SyntaxError;

/// An error of any stage, shown as the stage's own error: its message,
/// code, labels and help pass through unchanged.
#[derive(Debug, Clone, Error, Diagnostic, PartialEq)]
pub enum Error {
    /// The file does not parse (`dice::syntax::*`).
    #[error(transparent)]
    #[diagnostic(transparent)]
    Syntax(#[from] SyntaxError),
    /// The file parses but does not check: an unknown name, a wrong
    /// type, a bound passed (`dice::check::*`).
    #[error(transparent)]
    #[diagnostic(transparent)]
    Check(#[from] CheckError),
    /// The round cannot be evaluated or played: it reaches no `end`, a
    /// bet is left unsettled, a bound on states, work, rerolls or dice is
    /// passed, arithmetic overflows (`dice::eval::*`).
    #[error(transparent)]
    #[diagnostic(transparent)]
    Eval(#[from] EvalError),
    /// A session at a table fails (`dice::table::*`).
    #[error(transparent)]
    #[diagnostic(transparent)]
    Table(#[from] TableError),
}
