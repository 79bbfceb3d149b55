//! Errors of the `with` of an `expect` or `claim` line: the setting it
//! names (`dice::check::with`).

use miette::Diagnostic;
use thiserror::Error;

use crate::ast::Span;

/// A `with` that names no setting the file can be checked at.
#[derive(Debug, Clone, Error, Diagnostic, PartialEq)]
pub enum WithError {
    /// `with NAME = V` naming no parameter of the file.
    #[error("`with` names `{name}`, which is no parameter of the file")]
    #[diagnostic(code(dice::check::with))]
    Unknown {
        name: String,
        #[label("not a parameter")]
        span: Span,
        /// "did you mean", or the file's parameters.
        #[help]
        help: String,
    },
    /// One parameter given twice in one `with`.
    #[error("`with` gives `{name}` twice")]
    #[diagnostic(
        code(dice::check::with),
        help("give each parameter one value; for another setting, write another line")
    )]
    Repeated {
        name: String,
        #[label("first given here")]
        first: Span,
        #[label("given again here")]
        second: Span,
    },
    /// A value the file cannot be checked at, as `--set` would refuse it:
    /// a deck count of 0, `infinite` for a parameter used as a number, odds
    /// that pay nothing sensible. `reason` is the message of the error the
    /// file gives at this setting, `at` where that error points.
    #[error("at `with {setting}` the file does not check: {reason}")]
    #[diagnostic(code(dice::check::with))]
    Value {
        setting: String,
        reason: String,
        #[label("at this setting")]
        span: Span,
        #[label("{at_label}")]
        at: Option<Span>,
        at_label: String,
        /// The help of the error the file gives at this setting.
        #[help]
        help: Option<String>,
    },
    /// More distinct settings named by `with` lines than the checker
    /// evaluates (`MAX_SETTINGS`, 16).
    #[error("the `with` lines of this file name more than {max} settings")]
    #[diagnostic(
        code(dice::check::with),
        help("the file is evaluated once per setting; pin its figures at fewer settings, or check the others with `--set`")
    )]
    TooManySettings {
        max: usize,
        #[label("one setting too many")]
        span: Span,
    },
}
