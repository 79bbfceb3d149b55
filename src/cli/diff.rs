//! A unified diff (`fmt --check`, a snapshot that moved) written from the
//! diff's own changes (`similar`), each line styled by what the diff says
//! it is: the file names, a hunk's header, a line removed or added. The
//! plain text is `similar`'s unified diff byte for byte.

use similar::{ChangeTag, TextDiff};

use crate::render::styled::{Style, Styled};

/// The lines of context kept around each change.
const CONTEXT: usize = 2;

/// The unified diff of `old` (named `from`) to `new` (named `to`), line by
/// line; empty where they are the same.
pub fn unified(old: &str, new: &str, from: &str, to: &str) -> Styled {
    let diff = TextDiff::from_lines(old, new);
    let mut unified = diff.unified_diff();
    unified.context_radius(CONTEXT);
    let mut out = Styled::new();
    let mut names = Some((from, to));
    for hunk in unified.iter_hunks() {
        if let Some((from, to)) = names.take() {
            out.line_in(Style::DiffFile, format_args!("--- {from}"));
            out.line_in(Style::DiffFile, format_args!("+++ {to}"));
        }
        out.line_in(Style::DiffHunk, hunk.header());
        for change in hunk.iter_changes() {
            let line = format!("{}{}", change.tag(), change.to_string_lossy());
            let (body, end) = match line.strip_suffix('\n') {
                Some(body) => (body, "\n"),
                None => (line.as_str(), ""),
            };
            match change.tag() {
                ChangeTag::Delete => out.push_in(Style::DiffRemoved, body),
                ChangeTag::Insert => out.push_in(Style::DiffAdded, body),
                ChangeTag::Equal => out.push(body),
            }
            out.push(end);
            if change.missing_newline() {
                out.push("\n\\ No newline at end of file\n");
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The plain text is `similar`'s own unified diff, with and without a
    /// last line end, with CRLF, and for texts alike.
    #[test]
    fn the_plain_diff_is_similars() {
        let cases = [
            ("a\nb\nc\nd\ne\nf\ng\n", "a\nB\nc\nd\ne\nf\nG\nh\n"),
            ("one\ntwo", "one\nthree"),
            ("x\r\ny\r\n", "x\r\nz\r\n"),
            ("--- not a header\n-x\n", "+++ nor this\n-x\n"),
            ("same\n", "same\n"),
            ("", "new\n"),
        ];
        for (old, new) in cases {
            let theirs = TextDiff::from_lines(old, new)
                .unified_diff()
                .context_radius(CONTEXT)
                .header("a", "b")
                .to_string();
            assert_eq!(
                unified(old, new, "a", "b").as_str(),
                theirs,
                "{old:?} {new:?}"
            );
        }
    }

    /// Each line is styled by the change it is, not by how it starts: a
    /// removed line that reads like a file name is a removed line.
    #[test]
    fn lines_are_styled_by_their_change() {
        let diff = unified("--- x\nkept\n", "+++ y\nkept\n", "a", "b");
        let pieces: Vec<(Option<Style>, &str)> = diff.pieces().collect();
        assert_eq!(
            pieces,
            [
                (Some(Style::DiffFile), "--- a"),
                (None, "\n"),
                (Some(Style::DiffFile), "+++ b"),
                (None, "\n"),
                (Some(Style::DiffHunk), "@@ -1,2 +1,2 @@"),
                (None, "\n"),
                (Some(Style::DiffRemoved), "---- x"),
                (None, "\n"),
                (Some(Style::DiffAdded), "++++ y"),
                (None, "\n kept\n"),
            ]
        );
    }
}
