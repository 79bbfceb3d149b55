//! Lint findings on the command line: what `--deny` takes, each finding
//! rendered as a warning (an error when denied), and its entry among the
//! report's diagnostics.

use std::fmt::{self, Write as _};

use clap::builder::PossibleValuesParser;
use miette::{Diagnostic, LabeledSpan, Severity};

use super::diagnostics::{entry, render, MAX_SHOWN};
use super::exit;
use crate::lint::{Lint, NAMES};
use crate::report::Report;

/// What `--deny` denies every lint with.
pub const WARNINGS: &str = "warnings";

/// The values `--deny` takes: `warnings`, or the name of a lint.
pub fn deny_values() -> PossibleValuesParser {
    PossibleValuesParser::new(std::iter::once(WARNINGS).chain(NAMES.iter().copied()))
}

/// Whether `--deny` makes `lint` an error.
fn denied(lint: &Lint, deny: &[String]) -> bool {
    deny.iter().any(|d| d == WARNINGS || d == lint.name())
}

/// Renders the findings about one file to `stderr` and adds them to its
/// report's diagnostics, the first [`MAX_SHOWN`] of them as errors are
/// (then a line counting the rest); returns the exit code they call for:
/// 1 when some finding is denied, else 0.
pub fn note(
    lints: Vec<Lint>,
    deny: &[String],
    file: &str,
    source: &str,
    report: &mut Report,
    stderr: &mut String,
) -> u8 {
    let count = lints.len();
    let mut errors = 0;
    // Past the first `MAX_SHOWN`: the denied, and the others.
    let (mut more_errors, mut more_warnings) = (0, 0);
    for (i, lint) in lints.into_iter().enumerate() {
        let denied = denied(&lint, deny);
        errors += usize::from(denied);
        if i >= MAX_SHOWN {
            if denied {
                more_errors += 1;
            } else {
                more_warnings += 1;
            }
        } else if denied {
            report.diagnostics.push(entry(&lint, file, source, "error"));
            stderr.push_str(&render(Denied(lint), file, source));
        } else {
            report
                .diagnostics
                .push(entry(&lint, file, source, "warning"));
            stderr.push_str(&render(lint, file, source));
        }
    }
    for (more, severity) in [(more_errors, "error"), (more_warnings, "warning")] {
        if more > 0 {
            let _ = writeln!(
                stderr,
                "{severity}: {file}: {more} more {severity}(s) not shown"
            );
        }
    }
    if errors > 0 {
        let _ = writeln!(
            stderr,
            "error: {file}: {errors} of {count} lint finding(s) denied by --deny"
        );
        exit::FINDING
    } else {
        if count > 0 {
            let _ = writeln!(stderr, "warning: {file}: {count} lint finding(s)");
        }
        exit::OK
    }
}

/// A finding denied by `--deny`: the same diagnostic, as an error.
#[derive(Debug)]
struct Denied(Lint);

impl fmt::Display for Denied {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl std::error::Error for Denied {}

impl Diagnostic for Denied {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.0.code()
    }
    fn severity(&self) -> Option<Severity> {
        Some(Severity::Error)
    }
    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.0.help()
    }
    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        self.0.labels()
    }
}
