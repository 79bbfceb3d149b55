//! dicerules: banking games of chance written as data, played and evaluated
//! exactly by one interpreter.
//!
//! The pipeline, one module per stage: [`syntax`] reads a `.dice` file into
//! the [`ast`]; [`check`] resolves names and types into a [`program`];
//! [`eval`] runs that program, exactly ([`eval::exact`]) or with dice
//! ([`eval::play`]); [`report`] turns the exact distribution into the edge
//! report. The library never prints; the `dicerules` binary does.
#![forbid(unsafe_code)]

pub mod ast;
pub mod number;
pub mod suggest;
pub mod syntax;
