//! The errors of every stage under one type, for callers that run the
//! whole pipeline. Each stage keeps its own enum; this only gathers them.

use miette::Diagnostic;
use thiserror::Error;

use crate::check::CheckError;
use crate::eval::EvalError;
use crate::play::table::TableError;
use crate::syntax::SyntaxError;

#[derive(Debug, Clone, Error, Diagnostic, PartialEq)]
pub enum Error {
    #[error(transparent)]
    #[diagnostic(transparent)]
    Syntax(#[from] SyntaxError),
    #[error(transparent)]
    #[diagnostic(transparent)]
    Check(#[from] CheckError),
    #[error(transparent)]
    #[diagnostic(transparent)]
    Eval(#[from] EvalError),
    #[error(transparent)]
    #[diagnostic(transparent)]
    Table(#[from] TableError),
}
