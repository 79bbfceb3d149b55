//! Colour for what goes to stdout on a terminal (`--color`, as for the
//! diagnostics): a styled text ([`Styled`], as the renderers write it)
//! with each style's ANSI code. The renderers say what each part is (a
//! heading, a verdict, a count, a diff's line); this file says only how a
//! terminal shows it, and whether stdout gets colour at all. It never
//! reads the text: the plain text, what every snapshot and test reads, is
//! the styled text without its styles.

use std::io::IsTerminal;

use super::diagnostics::colour_for;
use crate::render::styled::{Style, Styled};

const BOLD: &str = "\x1b[1m";
const GREEN: &str = "\x1b[32m";
const RED: &str = "\x1b[1;31m";
const YELLOW: &str = "\x1b[33m";
const DIM: &str = "\x1b[2m";
const RESET: &str = "\x1b[0m";

/// Whether to colour what goes to stdout.
pub fn stdout_colour() -> bool {
    colour_for(std::io::stdout().is_terminal())
}

/// `text` as stdout shows it: coloured where [`stdout_colour`] says so,
/// else plain.
pub fn stdout(text: Styled) -> String {
    if stdout_colour() {
        paint(&text)
    } else {
        text.into_plain()
    }
}

/// The ANSI code of each style.
fn code(style: Style) -> &'static str {
    match style {
        Style::Heading | Style::DiffFile => BOLD,
        Style::Holds | Style::Passed | Style::DiffAdded => GREEN,
        Style::Failed | Style::Failing | Style::DiffRemoved => RED,
        Style::Wrong => YELLOW,
        Style::Unchecked | Style::Note | Style::DiffHunk => DIM,
    }
}

/// `text` with each styled part in its colour.
pub fn paint(text: &Styled) -> String {
    let plain = text.as_str();
    let mut out = String::with_capacity(plain.len() + plain.len() / 8);
    for (style, piece) in text.pieces() {
        match style {
            Some(style) => {
                out.push_str(code(style));
                out.push_str(piece);
                out.push_str(RESET);
            }
            None => out.push_str(piece),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_styled_parts_are_coloured() {
        let mut text = Styled::new();
        text.heading("bet player");
        text.push("  ");
        text.push_in(Style::Holds, "ok");
        text.push("      line 38\n  ");
        text.push_in(Style::Failed, "FAILED");
        text.push("  line 39\n");
        let painted = paint(&text);
        assert_eq!(
            painted,
            format!(
                "{BOLD}bet player{RESET}\n  {GREEN}ok{RESET}      line 38\n  {RED}FAILED{RESET}  line 39\n"
            )
        );
        let plain = [BOLD, GREEN, RED, RESET]
            .iter()
            .fold(painted, |text, code| text.replace(code, ""));
        assert_eq!(plain, text.as_str());
    }
}
