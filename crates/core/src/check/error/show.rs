//! `ShowFailure`, a `check --show` expression that does not check in a
//! file, one variant of `CheckError`.

use std::fmt;

use miette::{Diagnostic, LabeledSpan};

use super::CheckError;

/// A `--show` expression that cannot be shown in this file: its error,
/// whose spans point into the expression's own text, not the file's
/// (`crate::Error::Show` gives that text to render it against).
#[derive(Debug, Clone, PartialEq)]
pub struct ShowFailure {
    /// Which `--show`, from 0, in the order given.
    pub index: usize,
    /// Why: an unknown name ([`CheckError::Unknown`], with "did you mean"),
    /// a name no end sees ([`CheckError::Unseen`]), a wrong type...
    pub error: CheckError,
}

impl fmt::Display for ShowFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.error.fmt(f)
    }
}

impl std::error::Error for ShowFailure {}

/// The error's own diagnostic.
impl Diagnostic for ShowFailure {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.error.code()
    }

    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.error.help()
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        self.error.labels()
    }
}
