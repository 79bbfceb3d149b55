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

pub mod analysis;
pub mod ast;
pub mod check;
#[cfg(feature = "cli")]
pub mod cli;
pub mod error;
pub mod eval;
pub mod lint;
pub mod multiset;
pub mod number;
pub mod play;
pub mod program;
pub mod report;
pub mod solve;
pub mod suggest;
pub mod syntax;

pub use analysis::{Analysis, Game, Options, Parsed};
pub use error::Error;
