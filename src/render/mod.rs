//! The renderers: every report drawn from its data, above everything it
//! draws. The report's contract ([`crate::report`]), the table's events
//! and folds ([`crate::play::table`]) and the driver's results
//! ([`crate::analysis`]) come in; text, CSV rows and HTML pages go out as
//! strings (writing them is the command line's job). Nothing here computes
//! a figure: a renderer reads the structures, never another renderer's
//! text.
//!
//! - [`text`]: `check`'s aligned report, with the `--show` distributions and
//!   the effects of removal ([`removal`]);
//! - [`grid`]: a strategy known by two or three values as grids of the
//!   option taken in each situation, which the text and the HTML draw;
//! - [`styled`]: text with the style of each part (a heading, a verdict, a
//!   diff's line), from which the command line colours it;
//! - [`compare`]: the comparison and a sweep's table as text;
//! - [`sweep`]: a file's reports at the settings of a sweep, as text;
//! - [`rows`]: flat rows for `--format csv`;
//! - [`session`]: a session's figures, exact or estimated, as text;
//! - [`shoe`]: a shoe dealt coup by coup, as text;
//! - [`simulation`]: a simulation's estimates, as text and CSV rows;
//! - [`html`]: the HTML report and its charts;
//! - [`failures`]: a failed `expect` line as a diagnostic;
//! - [`transcript`]: the text line of each table event;
//! - `serial` (with the `cli` feature): JSON and RON, the contract's
//!   structures serialised as they are.

pub mod compare;
pub mod failures;
pub mod grid;
pub mod html;
pub mod layout;
pub mod removal;
pub mod rows;
#[cfg(feature = "cli")]
pub mod serial;
pub mod session;
pub mod shoe;
mod shown;
pub mod simulation;
pub mod styled;
pub mod sweep;
pub mod text;
pub mod transcript;
