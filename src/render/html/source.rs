//! The rule file as a page shows it: every line numbered, with an anchor
//! (`#L12`), and what was found about it marked at its lines: lint
//! findings, errors and failed `expect` lines (the lines of their span
//! shaded, a note after the span), and the verdict of each `expect` and
//! `claim` line. A mark is text, not colour alone.

use std::collections::BTreeMap;

use super::markup::Markup;
use crate::report::DiagnosticEntry;

/// Something to mark at a rule file's lines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mark {
    /// The first line, from 1.
    pub line: usize,
    /// The last line (the same for a one-line mark).
    pub end_line: usize,
    /// `error`, `warning`, `ok` or `muted`: how the lines and the note
    /// are shown.
    pub class: &'static str,
    /// The note under the lines.
    pub note: String,
}

impl Mark {
    /// The mark of a diagnostic; `at` the settings of a sweep it was found
    /// at (empty: every setting, or no sweep).
    pub fn of(d: &DiagnosticEntry, at: &[&str]) -> Mark {
        // A span ending at the start of a line ends on the line before.
        let end_line = if d.end_line > d.line && d.end_column == 1 {
            d.end_line - 1
        } else {
            d.end_line
        };
        let class = if d.severity == "warning" {
            "warning"
        } else {
            "error"
        };
        let code = if d.code.is_empty() {
            String::new()
        } else {
            format!(" [{}]", d.code)
        };
        let at = if at.is_empty() {
            String::new()
        } else {
            format!(" (at {})", at.join("; "))
        };
        Mark {
            line: d.line,
            end_line: end_line.max(d.line),
            class,
            note: format!("{}{code}: {}{at}", d.severity, d.message),
        }
    }
}

/// The rule file as a table of numbered lines; `prefix` goes before each
/// line's anchor (`L12`), so that a page showing several files keeps them
/// apart.
pub fn listing(source: &str, marks: &[Mark], prefix: &str) -> String {
    // Each line's class (an error outranks a warning), and the notes that
    // follow it.
    let mut shade: BTreeMap<usize, &str> = BTreeMap::new();
    let mut notes: BTreeMap<usize, Vec<&Mark>> = BTreeMap::new();
    for mark in marks {
        if matches!(mark.class, "error" | "warning") {
            for line in mark.line..=mark.end_line {
                let class = shade.entry(line).or_insert(mark.class);
                if mark.class == "error" {
                    *class = "error";
                }
            }
        }
        notes.entry(mark.end_line).or_default().push(mark);
    }
    let lines: Vec<&str> = source.split('\n').collect();
    // A final newline makes no line of its own.
    let count = if source.ends_with('\n') {
        lines.len() - 1
    } else {
        lines.len()
    };
    let mut m = Markup::new();
    m.open("table", &[("class", "source")]).line();
    for (i, text) in lines.iter().take(count).enumerate() {
        let number = i + 1;
        let id = format!("{prefix}L{number}");
        let class = shade.get(&number).copied().unwrap_or("");
        let mut attributes = vec![("id", id.as_str())];
        if !class.is_empty() {
            attributes.push(("class", class));
        }
        m.open("tr", &attributes)
            .open("td", &[("class", "ln")])
            .element("a", &[("href", &format!("#{id}"))], &number.to_string())
            .close("td")
            .element("td", &[("class", "code")], text.trim_end_matches('\r'))
            .close("tr")
            .line();
        for mark in notes.get(&number).into_iter().flatten() {
            m.open("tr", &[("class", &format!("note {}", mark.class))])
                .element("td", &[("class", "ln")], "")
                .element("td", &[("class", "text")], &mark.note)
                .close("tr")
                .line();
        }
    }
    // Marks past the last line (a file cut short) go at the end.
    for (_, marks) in notes.range(count + 1..) {
        for mark in marks {
            m.open("tr", &[("class", &format!("note {}", mark.class))])
                .element("td", &[("class", "ln")], "")
                .element("td", &[("class", "text")], &mark.note)
                .close("tr")
                .line();
        }
    }
    m.close("table").line();
    m.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_numbered_escaped_and_marked() {
        let marks = [Mark {
            line: 2,
            end_line: 2,
            class: "warning",
            note: "warning: <x>".into(),
        }];
        let html = listing("a\nb < c\n", &marks, "");
        assert!(html.contains("<tr id=\"L2\" class=\"warning\">"));
        assert!(html.contains("b &lt; c"));
        assert!(html.contains("warning: &lt;x&gt;"));
        assert!(
            !html.contains("id=\"L3\""),
            "no line after the last newline"
        );
    }
}
