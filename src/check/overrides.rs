//! `--set NAME=VALUE`: the values given to a file's parameters on the
//! command line, parsed once into data and applied by the checker.

use super::sweep::Sweep;
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

    /// Parses each `--set` text, `NAME=VALUE`; every one that does not
    /// parse, with its position among them (from 0).
    pub fn parse(texts: &[String]) -> Result<Overrides, Vec<(usize, OverrideError)>> {
        // A list or a range is a sweep, which only `check` and `compare`
        // make; the rest is read as a sweep of one setting is.
        let sweeps: Vec<(usize, OverrideError)> = texts
            .iter()
            .enumerate()
            .filter(|(_, text)| {
                text.split_once('=')
                    .is_some_and(|(_, value)| value.contains(',') || value.contains(".."))
            })
            .map(|(i, text)| {
                let here = CheckError::SweepHere { text: text.clone() };
                (i, OverrideError::Form(here))
            })
            .collect();
        if !sweeps.is_empty() {
            return Err(sweeps);
        }
        let sweep = Sweep::parse(texts, 1)?;
        let settings = sweep
            .params
            .into_iter()
            .filter_map(|(name, values)| Some((name, values.into_iter().next()?)))
            .collect();
        Ok(Overrides::new(settings))
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::number::Exact;

    #[test]
    fn each_text_parses_or_says_why() {
        let texts = ["decks=8", "cap=infinite", "tie_odds", "odds=seven"].map(String::from);
        let errors = Overrides::parse(&texts).expect_err("two do not parse");
        assert_eq!(errors.len(), 2);
        assert!(
            matches!(&errors[0], (2, OverrideError::Form(CheckError::OverrideForm { text })) if text == "tie_odds")
        );
        assert!(matches!(&errors[1], (3, OverrideError::Value { value, .. }) if value == "seven"));
        let parsed = Overrides::parse(&texts[..2]).expect("both parse");
        assert_eq!(
            parsed.settings,
            vec![
                ("decks".to_string(), Setting::Number(Exact::int(8))),
                ("cap".to_string(), Setting::Infinite)
            ]
        );
        assert_eq!(parsed.undeclared, Undeclared::Error);
    }

    #[test]
    fn a_name_given_twice_is_an_error_not_the_last_wins() {
        let texts = ["decks=8", "decks = 6"].map(String::from);
        let errors = Overrides::parse(&texts).expect_err("a repeated name");
        assert!(
            matches!(&errors[..], [(1, OverrideError::Form(CheckError::OverrideRepeated { name }))] if name == "decks")
        );
    }
}
