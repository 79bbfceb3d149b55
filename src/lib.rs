//! dicerules: banking games of chance written as data, played and evaluated
//! exactly by one interpreter.
//!
//! A game is a `.dice` rule file (docs/language.md). [`Analysis::new`]
//! parses and checks it, evaluates its round exactly, solves its choices and
//! reports its figures, every one an exact fraction:
//!
//! ```
//! use dicerules::{Analysis, Options};
//!
//! let source = r#"
//! game "Odd or even"
//! outcomes odd, even
//! round {
//!   throw d = d6
//!   if total(d) in [1, 3, 5] { end odd }
//!   end even
//! }
//! bet odd { odd => win 1 to 1  even => lose }
//! "#;
//! let analysis = Analysis::new(source, &Options::default()).expect("the game checks");
//! let bet = &analysis.report.bets[0];
//! assert_eq!(bet.house_edge.to_string(), "0");
//! ```
//!
//! Play: rounds at a table of seats by the file's `banking` rules, every
//! event given to a closure (here counted; `render::transcript::line`
//! writes one as the `play` command does); the same seed plays the same
//! rounds:
//!
//! ```
//! use dicerules::play::table::{Flow, Options as TableOptions, Table, TableEvent};
//! use dicerules::{Analysis, Options};
//!
//! # let source = include_str!("../games/heist.dice");
//! let analysis = Analysis::new(source, &Options::default()).expect("the game checks");
//! let options = TableOptions { seats: 3, rounds: 10, seed: 7, ..TableOptions::default() };
//! let mut events = 0;
//! let mut count = |_: TableEvent| {
//!     events += 1;
//!     Flow::Continue
//! };
//! Table::new(analysis.program(), &analysis.distribution, options, None, &mut count)
//!     .run()
//!     .expect("ten rounds play");
//! assert!(events >= 10);
//! ```
//!
//! Simulate: rounds played with dice estimate each bet's edge, beside its
//! exact value, with a 95% interval:
//!
//! ```
//! use dicerules::play::simulate::{simulate, Options as SimulateOptions};
//! use dicerules::{Analysis, Options};
//!
//! # let source = include_str!("../games/heist.dice");
//! let analysis = Analysis::new(source, &Options::default()).expect("the game checks");
//! let options = SimulateOptions { rounds: 100_000, seed: 1, threads: 1, max_dice: 1_000, max_rerolls: 1_000, cut: None };
//! let simulation = simulate(analysis.program(), &analysis.distribution, options, &|_| {})
//!     .expect("the rounds play");
//! for bet in &simulation.bets {
//!     let [low, high] = bet.house_edge_ci95_percent;
//!     assert!(low < high, "{}: an interval", bet.bet);
//!     assert!((bet.house_edge_estimate_percent - bet.house_edge_percent).abs() < 1.0);
//! }
//! ```
//!
//! The public API:
//!
//! - [`Analysis`], [`Game`], [`Parsed`], [`Options`], [`Overrides`] (with
//!   [`Undeclared`]), [`Shows`] (the expressions of `check --show`): the
//!   pipeline, run once (`analysis`);
//! - [`report`]: the data of every report (the JSON contract):
//!   [`report::Report`], the figures as `check` prints them, and those of a
//!   simulation, a session, a shoe and a table's events;
//! - [`Distribution`] and [`Limits`]: the exact distribution of a round and
//!   the bounds on computing it;
//! - [`play`]: a session at a table ([`play::table::Table`], its events
//!   folded by [`play::table::Tally`]), a simulation
//!   ([`play::simulate::simulate`]);
//! - [`session`]: a table's session followed exactly over its rounds
//!   ([`session::run`]) or estimated from sessions played
//!   ([`session::sampled::play`]);
//! - [`render`]: every report drawn from its data: the text report, CSV
//!   rows, the HTML pages, the transcript's lines;
//! - [`Error`] and the errors of each stage ([`SyntaxError`],
//!   [`CheckError`], [`EvalError`], [`TableError`], and [`ShowError`] for a
//!   `--show` expression), each a
//!   [`miette::Diagnostic`] with a code and the span it points at; [`Lint`],
//!   the lint findings;
//! - [`number::Exact`], the rational every figure is.
//!
//! The stages themselves (`syntax`, `ast`, `check`, `program`, `eval`,
//! `solve`, `lint`, `figures`) are the workspace's crate `dicerules-core`
//! (crates/core), with the driver, the report's contract and play, which
//! this crate re-exports: they are not part of this API. The
//! command line is the `cli` feature, on by default; a library user can
//! leave it out (`default-features = false`) and with it clap, indicatif,
//! ctrlc, serde_json, ron and miette's graphical renderer.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub use dicerules_core::{analysis, error, number, play, report, session};

pub mod render;

#[cfg(feature = "cli")]
#[doc(hidden)]
pub mod cli;

// The stages below the renderers that this crate's own modules name
// (`crate::eval`, as they did when all were one crate): not public.
use dicerules_core::{ast, program};
#[cfg(feature = "cli")]
use dicerules_core::{check, eval, lint, suggest, syntax};

pub use dicerules_core::{
    Analysis, CheckError, Distribution, Error, EvalError, Game, Limits, Lint, Options, Overrides,
    Parsed, ShowError, Shows, SyntaxError, TableError, Undeclared,
};
