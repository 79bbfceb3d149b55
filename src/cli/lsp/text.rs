//! Positions as the protocol counts them: a line from 0 and UTF-16 units
//! in it, against byte offsets into the text, which the syntax tree's
//! spans are. [`Lines`] indexes a text's line starts once, so that a
//! position costs a binary search (and, on a line that is not ASCII, a
//! count along it), and the thousands of ranges of a large file's
//! references stay linear.

use lsp_types::{Position, Range};

use crate::ast::Span;

/// A text's lines: where each starts, and whether it is ASCII (where a
/// byte is a UTF-16 unit).
pub struct Lines<'t> {
    text: &'t str,
    /// The byte each line starts at; the first is 0.
    starts: Vec<usize>,
    /// Whether each line is ASCII.
    ascii: Vec<bool>,
}

impl<'t> Lines<'t> {
    pub fn new(text: &'t str) -> Self {
        let mut starts = vec![0];
        let mut ascii = Vec::new();
        let mut plain = true;
        for (i, b) in text.bytes().enumerate() {
            plain &= b.is_ascii();
            if b == b'\n' {
                starts.push(i + 1);
                ascii.push(plain);
                plain = true;
            }
        }
        ascii.push(plain);
        Lines {
            text,
            starts,
            ascii,
        }
    }

    /// The position of byte `at` (past the end: the end; inside a
    /// character: its start).
    pub fn position(&self, at: usize) -> Position {
        let mut at = at.min(self.text.len());
        while !self.text.is_char_boundary(at) {
            at -= 1;
        }
        let line = self.starts.partition_point(|&s| s <= at) - 1;
        let start = self.starts[line];
        let character = if self.ascii[line] {
            at - start
        } else {
            self.text[start..at].chars().map(char::len_utf16).sum()
        };
        Position::new(to_u32(line), to_u32(character))
    }

    /// The range of a span.
    pub fn range(&self, span: Span) -> Range {
        Range::new(self.position(span.start), self.position(span.end))
    }

    /// The byte offset of a position: a line past the last is the end of
    /// the text, a character past its line's end that end.
    pub fn offset(&self, position: Position) -> usize {
        let Some(&start) = self.starts.get(position.line as usize) else {
            return self.text.len();
        };
        let line = &self.text[start..];
        let end = line.find('\n').unwrap_or(line.len());
        let mut units = 0;
        for (i, c) in line[..end].char_indices() {
            if units >= position.character as usize {
                return start + i;
            }
            units += c.len_utf16();
        }
        start + end
    }

    /// The whole line holding byte `at`, without its line end.
    pub fn line_at(&self, at: usize) -> &'t str {
        let at = at.min(self.text.len());
        let line = self.starts.partition_point(|&s| s <= at) - 1;
        let rest = &self.text[self.starts[line]..];
        let end = rest.find('\n').unwrap_or(rest.len());
        rest[..end].trim_end_matches('\r')
    }

    /// The range of the whole text.
    pub fn all(&self) -> Range {
        self.range(Span::new(0, self.text.len()))
    }
}

/// A count as the protocol's `uinteger`; a text is at most 256 KiB, so
/// this never saturates.
fn to_u32(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_count_utf16_units() {
        let text = "a\n♠x\n𝄞y";
        let lines = Lines::new(text);
        assert_eq!(lines.position(5), Position::new(1, 1));
        assert_eq!(lines.offset(Position::new(1, 1)), 5);
        // Past a line's end: its end; past the last line: the text's end.
        assert_eq!(lines.offset(Position::new(0, 9)), 1);
        assert_eq!(lines.offset(Position::new(9, 0)), text.len());
        // A character of two UTF-16 units.
        assert_eq!(lines.position(text.len()), Position::new(2, 3));
        assert_eq!(lines.offset(Position::new(2, 2)), text.len() - 1);
        assert_eq!(lines.line_at(3), "♠x");
        // Inside a character: its start.
        assert_eq!(lines.position(3), Position::new(1, 0));
    }
}
