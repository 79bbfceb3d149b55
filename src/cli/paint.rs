//! Colour for what goes to stdout on a terminal (`--color`, as for the
//! diagnostics): the text report's headings in bold, each `expect` and
//! claim line's verdict green, red or yellow, the summary's counts, and a
//! diff's lines. Painted on the text as printed, after its columns are
//! aligned, so that the report (and every snapshot or test of it) stays
//! plain; only the words themselves are coloured.

use std::io::IsTerminal;

use super::diagnostics::colour_for;

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

fn paint(out: &mut String, style: &str, text: &str) {
    out.push_str(style);
    out.push_str(text);
    out.push_str(RESET);
}

/// The lines of `text`, each without its line end, and the line end.
fn lines(text: &str) -> impl Iterator<Item = (&str, &str)> {
    text.split_inclusive('\n')
        .map(|line| match line.strip_suffix('\n') {
            Some(body) => (body, "\n"),
            None => (line, ""),
        })
}

/// The verdict words of the `expect` and claim lines, and their colours.
const VERDICTS: [(&str, &str); 5] = [
    ("ok", GREEN),
    ("right", GREEN),
    ("FAILED", RED),
    ("wrong", YELLOW),
    ("not checked", DIM),
];

/// The sections whose lines open with a verdict.
const VERDICT_SECTIONS: [&str; 2] = ["expect", "claims of the rule book"];

/// `check`'s text report, coloured.
pub fn report(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + text.len() / 8);
    let mut verdicts = false;
    for (body, end) in lines(text) {
        if body.is_empty() {
            verdicts = false;
        } else if !body.starts_with(' ') {
            verdicts = VERDICT_SECTIONS.contains(&body);
            if let Some(summary) = summary(body) {
                out.push_str(&summary);
            } else if body.starts_with('…') {
                paint(&mut out, DIM, body);
            } else {
                paint(&mut out, BOLD, body);
            }
        } else if let Some((indent, word, style, rest)) = verdicts.then(|| verdict(body)).flatten()
        {
            out.push_str(indent);
            paint(&mut out, style, word);
            out.push_str(rest);
        } else {
            out.push_str(body);
        }
        out.push_str(end);
    }
    out
}

/// A verdict line split at its verdict word.
fn verdict(line: &str) -> Option<(&str, &str, &'static str, &str)> {
    let words = line.trim_start();
    let indent = &line[..line.len() - words.len()];
    VERDICTS.iter().find_map(|&(word, style)| {
        let rest = words.strip_prefix(word)?;
        rest.starts_with(' ')
            .then(|| (indent, &words[..word.len()], style, rest))
    })
}

/// `N file(s) checked: P passed, F failed an expect, E had errors`, its
/// counts coloured where they are not zero.
fn summary(line: &str) -> Option<String> {
    let (head, counts) = line.split_once(" checked: ")?;
    let mut out = format!("{head} checked: ");
    for (i, part) in counts.split(", ").enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        let (count, words) = part.split_once(' ')?;
        let style = match (count.parse::<u64>().ok()?, words) {
            (0, _) => "",
            (_, "passed") => GREEN,
            (_, "failed an expect" | "had errors") => RED,
            _ => "",
        };
        if style.is_empty() {
            out.push_str(part);
        } else {
            paint(&mut out, style, part);
        }
    }
    Some(out)
}

/// A unified diff (and the lines around it), its removed lines red and its
/// added lines green.
pub fn diff(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + text.len() / 8);
    for (body, end) in lines(text) {
        let style = if body.starts_with("+++ ") || body.starts_with("--- ") {
            BOLD
        } else if body.starts_with('+') {
            GREEN
        } else if body.starts_with('-') {
            RED
        } else if body.starts_with("@@") {
            DIM
        } else {
            ""
        };
        if style.is_empty() {
            out.push_str(body);
        } else {
            paint(&mut out, style, body);
        }
        out.push_str(end);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_words_are_coloured() {
        let text = "bet player\n  house edge  37/432\n\nexpect\n  ok      line 38  house_edge(player) = 37/432  is 37/432\n  FAILED  line 39  x = 1  is 2\n\nclaims of the rule book\n  wrong  line 40  y ~ 10%  is 8%\n\n2 file(s) checked: 1 passed, 1 failed an expect, 0 had errors\n";
        let painted = report(text);
        let plain = painted
            .replace(BOLD, "")
            .replace(GREEN, "")
            .replace(RED, "")
            .replace(YELLOW, "")
            .replace(DIM, "")
            .replace(RESET, "");
        assert_eq!(plain, text);
        assert!(painted.contains(&format!("{BOLD}bet player{RESET}\n")));
        assert!(painted.contains(&format!("  {GREEN}ok{RESET}      line 38")));
        assert!(painted.contains(&format!("  {RED}FAILED{RESET}  line 39")));
        assert!(painted.contains(&format!("  {YELLOW}wrong{RESET}  line 40")));
        assert!(painted.contains(&format!(
            "{GREEN}1 passed{RESET}, {RED}1 failed an expect{RESET}, 0 had errors"
        )));
        // A settlement named like a verdict, outside the verdicts, is not one.
        assert_eq!(
            report("bet b\n  ok 1\n"),
            format!("{BOLD}bet b{RESET}\n  ok 1\n")
        );
    }

    #[test]
    fn a_diff_is_red_and_green() {
        let painted = diff("--- a\n+++ b\n@@ -1 +1 @@\n-old\n+new\n same\n");
        assert!(painted.contains(&format!("{RED}-old{RESET}\n{GREEN}+new{RESET}\n same\n")));
        assert!(painted.starts_with(&format!("{BOLD}--- a{RESET}\n")));
    }
}
