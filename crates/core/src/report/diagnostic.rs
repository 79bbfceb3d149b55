//! A diagnostic in the JSON and RON contract: its severity, code and
//! message, the file, and where it points as lines and columns (for a
//! reader) and byte offsets (for a tool).

use serde::Serialize;

use crate::ast::Span;

/// A finding about a file, in the JSON contract's form.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DiagnosticEntry {
    /// `"warning"` (a lint finding), or `"error"` (a finding `--deny`
    /// made one, a failed `expect`, a file that could not be read or
    /// checked).
    pub severity: String,
    /// The stable code (`dice::lint::unused_name`); empty for a diagnostic
    /// without one.
    pub code: String,
    /// The message alone, without the code, labels or help.
    pub message: String,
    /// The rule file, as the command line named it.
    pub file: String,
    /// The line the diagnostic starts at, from 1 (1 for the whole file).
    pub line: usize,
    /// The column there, from 1, in characters.
    pub column: usize,
    /// The line the diagnostic ends at, from 1.
    pub end_line: usize,
    /// The column of the character after its last, from 1, in characters.
    pub end_column: usize,
    /// The byte offset it starts at, from 0 (0 for the whole file).
    pub start: usize,
    /// The byte offset after its last byte (`start` for the whole file).
    pub end: usize,
}

impl DiagnosticEntry {
    /// An entry about `file` at `at`.
    pub fn new(severity: &str, code: &str, message: String, file: &str, at: Location) -> Self {
        DiagnosticEntry {
            severity: severity.to_string(),
            code: code.to_string(),
            message,
            file: file.to_string(),
            line: at.line,
            column: at.column,
            end_line: at.end_line,
            end_column: at.end_column,
            start: at.start,
            end: at.end,
        }
    }
}

/// Where a diagnostic points: a byte range of the file's text and the line
/// and column, from 1, of each end (columns in characters).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Location {
    /// The first byte, from 0.
    pub start: usize,
    /// The byte after the last.
    pub end: usize,
    /// The line of `start`.
    pub line: usize,
    /// The column of `start`.
    pub column: usize,
    /// The line of `end`.
    pub end_line: usize,
    /// The column of `end`.
    pub end_column: usize,
}

impl Location {
    /// A problem of the whole file (it cannot be read): 1:1, bytes 0..0.
    pub const WHOLE_FILE: Location = Location {
        start: 0,
        end: 0,
        line: 1,
        column: 1,
        end_line: 1,
        end_column: 1,
    };

    /// The location of `span` in `source`; an offset past the end is taken
    /// as the end, one inside a character as that character's start.
    pub fn of(source: &str, span: Span) -> Location {
        Lines::new(source).location(span)
    }
}

/// Where each line of a source starts, to turn offsets into lines and
/// columns without reading the source again for each.
pub struct Lines<'s> {
    source: &'s str,
    starts: Vec<usize>,
}

impl<'s> Lines<'s> {
    /// The lines of `source`.
    pub fn new(source: &'s str) -> Lines<'s> {
        let starts = std::iter::once(0)
            .chain(source.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        Lines { source, starts }
    }

    /// `offset` moved back to a character boundary within the source.
    fn boundary(&self, offset: usize) -> usize {
        let mut offset = offset.min(self.source.len());
        while !self.source.is_char_boundary(offset) {
            offset -= 1;
        }
        offset
    }

    /// The 1-based line and column (in characters) of `offset`.
    pub fn locate(&self, offset: usize) -> (usize, usize) {
        let offset = self.boundary(offset);
        let line = self.starts.partition_point(|&s| s <= offset);
        let start = self.starts[line - 1];
        (line, self.source[start..offset].chars().count() + 1)
    }

    /// The location of `span`.
    pub fn location(&self, span: Span) -> Location {
        let start = self.boundary(span.start);
        let end = self.boundary(span.end).max(start);
        let (line, column) = self.locate(start);
        let (end_line, end_column) = self.locate(end);
        Location {
            start,
            end,
            line,
            column,
            end_line,
            end_column,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_span_has_lines_columns_and_offsets() {
        // "é" is two bytes and one column.
        let source = "ab\né x\ny";
        let at = Location::of(source, Span::new(3, 8));
        assert_eq!(
            (at.line, at.column, at.end_line, at.end_column),
            (2, 1, 3, 1)
        );
        assert_eq!((at.start, at.end), (3, 8));
        let x = Location::of(source, Span::new(6, 7));
        assert_eq!((x.line, x.column, x.end_line, x.end_column), (2, 3, 2, 4));
    }

    #[test]
    fn offsets_past_the_end_or_inside_a_character_are_clamped() {
        let source = "é";
        let inside = Location::of(source, Span::new(1, 1));
        assert_eq!((inside.start, inside.column), (0, 1));
        let past = Location::of(source, Span::new(0, 99));
        assert_eq!((past.end, past.end_column), (2, 2));
    }
}
