//! dicerules-core: the stages of dicerules below its renderers and its
//! command line (layers 0 to 12 of docs/architecture.md): the syntax, the
//! checker, the program, the exact evaluator and the solver, the lint, the
//! figures, play at a table, the session, and the driver that runs them (`analysis`).
//!
//! This crate is the workspace's, not published: the published crate is
//! `dicerules`, whose public API re-exports what a library user needs from
//! here (the driver, the report's contract, play, the errors). It is a
//! crate of its own so that the compiler keeps the boundary (nothing here
//! can reach the renderers or the command line), and so that a change to
//! the command line does not recompile the optimised evaluator. Its
//! modules are public for `dicerules`, its tests and benches; the stages
//! are hidden from its documentation: they are not a stable API.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod analysis;
pub mod error;
pub mod number;
pub mod play;
pub mod report;
pub mod session;

#[doc(hidden)]
pub mod ast;
#[doc(hidden)]
pub mod check;
#[doc(hidden)]
pub mod eval;
#[doc(hidden)]
pub mod figures;
#[doc(hidden)]
pub mod lint;
#[doc(hidden)]
pub mod multiset;
#[doc(hidden)]
pub mod program;
#[doc(hidden)]
pub mod solve;
#[doc(hidden)]
pub mod suggest;
#[doc(hidden)]
pub mod syntax;

pub use analysis::{Analysis, Game, Options, Parsed, Shows};
pub use check::{CheckError, Overrides, Undeclared};
pub use error::{Error, ShowError};
pub use eval::exact::{Distribution, Limits};
pub use eval::EvalError;
pub use lint::Lint;
pub use play::table::TableError;
pub use syntax::SyntaxError;
