//! `check --format github`: GitHub Actions workflow commands
//! (<https://docs.github.com/actions/reference/workflow-commands-for-github-actions>),
//! one line per diagnostic, which the log shows as annotations on the rule
//! file's lines. Messages and property values are escaped as the runner
//! reads them: `%`, CR and LF in both, `:` and `,` in properties too.

use crate::report::{DiagnosticEntry, Verdict};

/// A diagnostic as a workflow command: `::error` or `::warning`, at its
/// file, lines and columns, titled by its code (and the setting it was
/// found at, in a sweep).
pub fn annotation(d: &DiagnosticEntry, setting: &str) -> String {
    let level = if d.severity == "warning" {
        "warning"
    } else {
        "error"
    };
    let mut title = d.code.clone();
    if !setting.is_empty() {
        title = format!("{title} at {setting}");
    }
    format!(
        "::{level} file={},line={},endLine={},col={},endColumn={},title={}::{}\n",
        property(&d.file),
        d.line,
        d.end_line,
        d.column,
        d.end_column,
        property(&title),
        message(&d.message)
    )
}

/// A claim the figures contradict, as a notice at its line: the rule book
/// is wrong, not the file.
pub fn claim(file: &str, verdict: &Verdict, setting: &str) -> String {
    let at = if setting.is_empty() {
        String::new()
    } else {
        format!(" at {setting}")
    };
    let words = verdict.text.as_deref().unwrap_or("");
    format!(
        "::notice file={},line={},title={}::claim wrong{at}: {} is {} \"{}\"\n",
        property(file),
        verdict.line,
        property("dice::claim::wrong"),
        message(&verdict.statement),
        message(&verdict.actual),
        message(words)
    )
}

/// A message: `%`, CR and LF escaped.
fn message(text: &str) -> String {
    text.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

/// A property's value: a message's escapes, and `:` and `,`.
fn property(text: &str) -> String {
    message(text).replace(':', "%3A").replace(',', "%2C")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_and_properties_are_escaped_as_the_runner_reads_them() {
        assert_eq!(message("10% off\nnext"), "10%25 off%0Anext");
        assert_eq!(property("dice::lint::x, y"), "dice%3A%3Alint%3A%3Ax%2C y");
    }
}
