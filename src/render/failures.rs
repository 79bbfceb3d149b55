//! A failed `expect` line as a diagnostic: its statement, the figure as
//! computed and how far off it is (the text report's words for it), at the
//! line's span; and the same in a report's diagnostics for JSON and RON.

use miette::Diagnostic;
use thiserror::Error;

use crate::ast::Span;
use crate::program::Program;
use crate::report::{DiagnosticEntry, Lines, Report};
use crate::Analysis;

/// An `expect` line that does not hold.
#[derive(Debug, Clone, Error, Diagnostic)]
#[error("expect failed: {statement}")]
#[diagnostic(
    code(dice::expect::failed),
    help("the file pins this figure; if the rules changed on purpose, update the line")
)]
pub struct ExpectFailed {
    /// The statement, as [`Verdict::written`](crate::report::Verdict::written)
    /// gives it.
    pub statement: String,
    /// The figure as computed and how far off it is (`is 37/432 =
    /// 8.5648%, off by -1.4352 points`): the label's text.
    pub detail: String,
    /// The `expect` line.
    #[label("{detail}")]
    pub span: Span,
}

/// Each failed `expect` line of `report`, the report of `program`, as a
/// diagnostic pointing at it.
pub fn expect_failures(report: &Report, program: &Program) -> Vec<ExpectFailed> {
    report
        .expects
        .iter()
        .zip(&program.expects)
        .filter(|(v, _)| v.fails())
        .map(|(v, a)| ExpectFailed {
            statement: v.written(),
            detail: super::text::verdict_detail(v),
            span: a.span,
        })
        .collect()
}

/// Each failed `expect` line of `analysis`, as a diagnostic pointing at it
/// (defined here, with the words of the text report).
pub fn failures_of(analysis: &Analysis) -> Vec<ExpectFailed> {
    expect_failures(&analysis.report, analysis.program())
}

/// Adds the failed expects to the report's diagnostics (for JSON/RON),
/// `file` being the rule file as the command line names it.
pub fn note_expect_failures(
    report: &mut Report,
    failures: &[ExpectFailed],
    file: &str,
    source: &str,
) {
    let lines = Lines::new(source);
    for f in failures {
        report.diagnostics.push(DiagnosticEntry::new(
            "error",
            "dice::expect::failed",
            f.to_string(),
            file,
            lines.location(f.span),
        ));
    }
}
