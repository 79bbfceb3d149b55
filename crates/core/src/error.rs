//! The errors of every stage under one type, for callers that run the
//! whole pipeline. Each stage keeps its own enum; this only gathers them.

use std::fmt;

use miette::{Diagnostic, LabeledSpan, NamedSource};
use thiserror::Error;

use crate::ast::{Setting, Span};
use crate::program::Assertion;

use crate::check::removed::RemovedError;
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
    /// The exact session a figure of a session (`at seats = N`) needs
    /// cannot be run: a bound passed, a round it does not follow yet
    /// (`dice::session::*`).
    #[error(transparent)]
    #[diagnostic(transparent)]
    Session(Box<crate::session::ChainError>),
    /// An error met evaluating the game at a setting some `expect` or
    /// `claim` lines name with `with`: the error, with its code, and a
    /// label at the first such line.
    #[error(transparent)]
    #[diagnostic(transparent)]
    AtSetting(AtSetting),
    /// A `check --show` expression that cannot be shown: it does not
    /// parse (`dice::syntax::*`), or it does not check in the file
    /// (`dice::check::unknown_name` with "did you mean",
    /// `dice::check::show_unbound`, `dice::check::type_mismatch`...); told
    /// against the expression's own text.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Show(Box<ShowError>),
    /// A `--removed` or `--effects-of-removal` that cannot be applied to
    /// the game: a rank that is not one, more cards than the shoe holds,
    /// the infinite shoe, no shoe (`dice::removed::*`); told against the
    /// flag's own text.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Removed(Box<RemovedError>),
}

impl From<RemovedError> for Error {
    fn from(e: RemovedError) -> Error {
        Error::Removed(Box::new(e))
    }
}

/// A `--show` expression that cannot be shown: the error, its spans in the
/// expression, which it carries to be rendered against (`--show` is the
/// source's name).
#[derive(Debug, Clone, PartialEq)]
pub struct ShowError {
    /// The expression as given.
    pub expression: String,
    /// The error: a syntax or check error whose spans point into
    /// `expression`.
    pub error: Box<Error>,
    source: NamedSource<String>,
}

impl ShowError {
    /// `error`, met in the `--show` of `expression`.
    pub fn wrap(expression: &str, error: Error) -> Error {
        Error::Show(Box::new(ShowError {
            expression: expression.to_string(),
            error: Box::new(error),
            source: NamedSource::new("--show", expression.to_string()),
        }))
    }
}

/// The most characters of a `--show` expression its message repeats; the
/// rest is cut (the diagnostic shows it whole).
const SHOWN_CHARS: usize = 60;

impl ShowError {
    /// The option as a message names it, a long expression cut:
    /// `` `--show total(banker)` ``.
    pub fn option(&self) -> String {
        let cut: String = self.expression.chars().take(SHOWN_CHARS).collect();
        let more = if cut.len() < self.expression.len() {
            "…"
        } else {
            ""
        };
        format!("`--show {cut}{more}`")
    }
}

impl fmt::Display for ShowError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.option(), self.error)
    }
}

impl std::error::Error for ShowError {}

/// The error's own diagnostic, against the expression's text.
impl Diagnostic for ShowError {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.error.code()
    }

    fn severity(&self) -> Option<miette::Severity> {
        self.error.severity()
    }

    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.error.help()
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        self.error.labels()
    }

    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        Some(&self.source)
    }
}

/// An error met evaluating a game at the setting a `with` names.
#[derive(Debug, Clone, PartialEq)]
pub struct AtSetting {
    /// The values of the setting that differ from the run's, as a `with`
    /// writes them: `decks = 6`.
    pub setting: String,
    /// The `with` of the first line checked at the setting.
    pub span: Span,
    /// The error, as the game at that setting gives it.
    pub error: Box<Error>,
}

impl AtSetting {
    /// `error`, met evaluating the game at `settings`, the setting of the
    /// line `first`.
    pub fn wrap(settings: &[(String, Setting)], first: &Assertion, error: Error) -> Error {
        let shown: Vec<String> = settings.iter().map(|(n, v)| format!("{n} = {v}")).collect();
        Error::AtSetting(AtSetting {
            setting: shown.join(", "),
            span: first.with_span.unwrap_or(first.span),
            error: Box::new(error),
        })
    }
}

impl fmt::Display for AtSetting {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (at `with {}`)", self.error, self.setting)
    }
}

impl std::error::Error for AtSetting {}

/// The error's own diagnostic, with one more label: the `with`.
impl Diagnostic for AtSetting {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.error.code()
    }

    fn severity(&self) -> Option<miette::Severity> {
        self.error.severity()
    }

    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.error.help()
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        let with =
            LabeledSpan::new_with_span(Some("evaluated at this setting".to_string()), self.span);
        let own = self.error.labels().into_iter().flatten();
        Some(Box::new(own.chain(std::iter::once(with))))
    }
}
