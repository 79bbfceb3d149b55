//! Text with the style of each of its parts, as the text renderers write
//! it: a heading, a verdict, a count, a diff's line. The plain text is
//! what every snapshot and test reads; the command line colours the parts
//! on a terminal from their styles ([`Styled::pieces`]), never by reading
//! the text back. The styles are names of what a part is, not colours.

use std::fmt;
use std::ops::Range;

/// What a part of a text is, for the command line to colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Style {
    /// A report's title, a section's heading, a table's header row.
    Heading,
    /// The verdict of a line that holds: `ok`, `right`.
    Holds,
    /// The verdict of an `expect` line that fails: `FAILED`.
    Failed,
    /// The verdict of a claim the figures contradict: `wrong`.
    Wrong,
    /// The verdict of a line not checked at this run's setting.
    Unchecked,
    /// A note beside the report (the footnote on numbers cut short).
    Note,
    /// A count of files that passed, where it is not zero.
    Passed,
    /// A count of files that failed or had errors, where it is not zero.
    Failing,
    /// A diff's file names (`--- a`, `+++ b`).
    DiffFile,
    /// A diff's hunk header (`@@ -1,3 +1,3 @@`).
    DiffHunk,
    /// A line a diff adds.
    DiffAdded,
    /// A line a diff removes.
    DiffRemoved,
}

/// A text and the styled byte ranges of it, in order, none overlapping.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Styled {
    text: String,
    styles: Vec<(Range<usize>, Style)>,
}

impl Styled {
    /// An empty text.
    pub fn new() -> Styled {
        Styled::default()
    }

    /// The plain text.
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// The plain text, the styles dropped.
    pub fn into_plain(self) -> String {
        self.text
    }

    /// Whether the text is empty.
    pub fn is_empty(&self) -> bool {
        self.text.is_empty()
    }

    /// Appends `text`, unstyled.
    pub fn push(&mut self, text: &str) {
        self.text.push_str(text);
    }

    /// Appends `text` in `style`.
    pub fn push_in(&mut self, style: Style, text: &str) {
        let start = self.text.len();
        self.text.push_str(text);
        if !text.is_empty() {
            self.styles.push((start..self.text.len(), style));
        }
    }

    /// Appends `text` in `style`, then a line end (unstyled).
    pub fn line_in(&mut self, style: Style, text: impl fmt::Display) {
        self.push_in(style, &text.to_string());
        self.text.push('\n');
    }

    /// Appends a heading line: `text` as [`Style::Heading`], then a line
    /// end.
    pub fn heading(&mut self, text: impl fmt::Display) {
        self.line_in(Style::Heading, text);
    }

    /// Appends `other`, its styles with it.
    pub fn append(&mut self, other: Styled) {
        let shift = self.text.len();
        self.text.push_str(&other.text);
        self.styles
            .extend((other.styles.into_iter()).map(|(r, s)| (r.start + shift..r.end + shift, s)));
    }

    /// The text in order as pieces, each with its style or none; the
    /// pieces put together are the plain text.
    pub fn pieces(&self) -> impl Iterator<Item = (Option<Style>, &str)> + '_ {
        let mut at = 0;
        let mut styles = self.styles.iter().peekable();
        std::iter::from_fn(move || {
            if at >= self.text.len() {
                return None;
            }
            match styles.peek() {
                Some((range, style)) if range.start == at => {
                    styles.next();
                    at = range.end;
                    Some((Some(*style), &self.text[range.clone()]))
                }
                next => {
                    let end = next.map_or(self.text.len(), |(range, _)| range.start);
                    let piece = &self.text[at..end];
                    at = end;
                    Some((None, piece))
                }
            }
        })
    }
}

impl From<String> for Styled {
    fn from(text: String) -> Styled {
        Styled {
            text,
            styles: Vec::new(),
        }
    }
}

/// Writing formats plain text.
impl fmt::Write for Styled {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.text.push_str(s);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pieces_make_the_plain_text() {
        let mut text = Styled::new();
        text.heading("bet b");
        text.push("  ");
        text.push_in(Style::Holds, "ok");
        text.push("  line 3\n");
        let mut more = Styled::from("x ".to_string());
        more.push_in(Style::Failed, "FAILED");
        text.append(more);
        let pieces: Vec<(Option<Style>, &str)> = text.pieces().collect();
        assert_eq!(
            pieces,
            [
                (Some(Style::Heading), "bet b"),
                (None, "\n  "),
                (Some(Style::Holds), "ok"),
                (None, "  line 3\nx "),
                (Some(Style::Failed), "FAILED"),
            ]
        );
        let joined: String = pieces.iter().map(|(_, p)| *p).collect();
        assert_eq!(joined, text.as_str());
    }
}
