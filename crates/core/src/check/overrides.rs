//! `--set NAME=VALUE`: the values given to a file's parameters on the
//! command line, as data (parsed by `sweep`, as a sweep of one setting)
//! and applied by the checker.

use super::CheckError;
use crate::ast::Setting;
use crate::syntax::SyntaxError;

/// The parameters given other values than the file's, as `--set` gives
/// them.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Overrides {
    /// Each name with its value, in the order given.
    pub settings: Vec<(String, Setting)>,
    /// What a name the file does not declare is.
    pub undeclared: Undeclared,
}

/// What an override naming no parameter of the file is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Undeclared {
    /// An error of the file (`dice::check::unknown_parameter`): one file
    /// is checked.
    #[default]
    Error,
    /// Another file's: several files are checked, and each applies the
    /// overrides of the parameters it declares.
    Ignored,
}

/// A `--set` that does not parse.
#[derive(Clone, Debug, PartialEq)]
pub enum OverrideError {
    /// Not of the form `NAME=VALUE`, or a name given twice.
    Form(CheckError),
    /// The value is not a number nor `infinite`: the error points into
    /// `value`.
    Value {
        /// The text after `=`.
        value: String,
        /// Where and why it does not parse.
        error: SyntaxError,
    },
}

impl Overrides {
    /// Overrides that are an error when the file does not declare them.
    pub fn new(settings: Vec<(String, Setting)>) -> Overrides {
        Overrides {
            settings,
            undeclared: Undeclared::Error,
        }
    }

    /// The names given, in order.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.settings.iter().map(|(name, _)| name.as_str())
    }
}

impl From<Vec<(String, Setting)>> for Overrides {
    fn from(settings: Vec<(String, Setting)>) -> Overrides {
        Overrides::new(settings)
    }
}
