//! Reading a `.dice` file: pest's parser, lowered into the owned [`ast`].
//!
//! This module is the only place that sees pest's `Pair` and `Rule`. The
//! driver parses one item at a time; after a syntax error it skips to the
//! next line that starts with an item keyword, so a file with several broken
//! items gets one error for each.

mod error;
pub mod format;
mod lower;

pub use error::SyntaxError;

use pest::Parser;

use crate::ast::{self, Setting, Span};
use crate::number::Exact;

#[derive(pest_derive::Parser)]
#[grammar = "../../../grammar/dice.pest"]
struct DiceParser;

/// The language's reserved words, as the grammar's `keyword` rule lists
/// them: read from the grammar itself, so that no list kept here can
/// differ from it (a new keyword is written once, in `grammar/dice.pest`).
pub fn keywords() -> impl Iterator<Item = &'static str> {
    const GRAMMAR: &str = include_str!("../../../../grammar/dice.pest");
    let rule = GRAMMAR
        .split("\nkeyword = @{")
        .nth(1)
        .and_then(|rest| rest.split('}').next())
        .unwrap_or_default();
    rule.split('"').skip(1).step_by(2)
}

/// The words that begin an item; recovery resumes at a line starting with one.
pub const ITEM_KEYWORDS: &[&str] = &[
    "game", "param", "outcomes", "hands", "table", "shoe", "define", "round", "bet", "expect",
    "claim", "banking",
];

/// The deepest a file may nest. Brackets are counted before parsing (they
/// are what the parser recurses on); lowering counts the syntax tree's
/// depth (blocks, `else if` links, operators and brackets each add a level).
/// Rule files need a dozen levels; the bound keeps the parser, the lowering
/// and every later pass over the tree (each recursive) off the stack's limit
/// whatever the input.
pub const MAX_DEPTH: usize = 64;

/// Parses a whole file. Returns the items that parsed and every syntax error.
pub fn parse(source: &str) -> (ast::File, Vec<SyntaxError>) {
    let mut items = Vec::new();
    let mut errors = Vec::new();
    if let Some(at) = too_deep(source) {
        let width = source[at..].chars().next().map_or(0, char::len_utf8);
        errors.push(SyntaxError::TooDeep {
            limit: MAX_DEPTH,
            span: Span::new(at, at + width),
            help: "split the expression with `let`, or flatten the blocks",
        });
        return (ast::File { items }, errors);
    }
    let mut pos = skip_trivia(source, 0);
    while pos < source.len() {
        if errors.len() >= MAX_ERRORS {
            errors.truncate(MAX_ERRORS);
            let width = source[pos..].chars().next().map_or(0, char::len_utf8);
            errors.push(SyntaxError::TooManyErrors {
                limit: MAX_ERRORS,
                span: Span::new(pos, pos + width),
            });
            break;
        }
        match DiceParser::parse(Rule::item_at, &source[pos..]) {
            Ok(mut pairs) => {
                let Some(item_at) = pairs.next() else { break };
                let end = pos + item_at.as_span().end();
                match lower::item(item_at, pos) {
                    Ok(item) => items.push(item),
                    Err(e) => errors.push(e),
                }
                pos = skip_trivia(source, end.max(pos + 1));
            }
            Err(e) => {
                let err = error::from_pest(&e, source, pos);
                let at = err.span().start;
                errors.push(err);
                errors.extend(more_errors_in_item(source, pos, at));
                pos = next_item_start(source, pos, at);
            }
        }
    }
    (ast::File { items }, errors)
}

/// The most syntax errors read from one file: past them the parser stops
/// with [`SyntaxError::TooManyErrors`].
pub const MAX_ERRORS: usize = 50;

/// The most errors reported from one item.
const MAX_ERRORS_PER_ITEM: usize = 10;

/// Further syntax errors of the item starting at `start`, whose first error
/// is at `first`: the offending line is neutralised (see [`neutralise`];
/// every offset is kept) and the item parsed again, until it parses or an
/// error falls on a line that cannot be neutralised, or on the item's first
/// line.
fn more_errors_in_item(source: &str, start: usize, first: usize) -> Vec<SyntaxError> {
    let mut text = source.to_string();
    let mut at = first;
    let mut found = Vec::new();
    while found.len() + 1 < MAX_ERRORS_PER_ITEM {
        let line_start = text[..at.min(text.len())].rfind('\n').map_or(0, |i| i + 1);
        let line_end = text[line_start..]
            .find('\n')
            .map_or(text.len(), |i| line_start + i);
        if line_start <= start {
            break;
        }
        let Some(neutral) = neutralise(&text[line_start..line_end]) else {
            break;
        };
        text.replace_range(line_start..line_end, &neutral);
        match DiceParser::parse(Rule::item_at, &text[start..]) {
            Ok(_) => break,
            Err(e) => {
                let err = error::from_pest(&e, &text, start);
                let next_at = err.span().start;
                if next_at <= line_end {
                    break;
                }
                found.push(err);
                at = next_at;
            }
        }
    }
    found
}

/// A line of the same length that parses where the line stood, when one
/// can be made: spaces for a line without braces; for `if COND {` (also
/// `} else if COND {`), the condition replaced by `true`. `None` for other
/// lines with braces, whose removal would invent an error of its own.
fn neutralise(line: &str) -> Option<String> {
    if !line.is_ascii() || line.trim().is_empty() {
        return None;
    }
    if !line.contains(['{', '}']) {
        return Some(" ".repeat(line.len()));
    }
    let brace = line.rfind('{')?;
    if !line[brace + 1..].trim().is_empty() || line[..brace].contains(['{']) {
        return None;
    }
    let cond = line[..brace].rfind("if ")? + 2;
    let room = brace - cond;
    (room >= " true ".len()).then(|| {
        format!(
            "{} true{}{}",
            &line[..cond],
            " ".repeat(room - 5),
            &line[brace..]
        )
    })
}

/// Parses the value of a `--set NAME=VALUE` override: a number, or
/// `infinite`.
pub fn parse_override(text: &str) -> Result<Setting, SyntaxError> {
    match DiceParser::parse(Rule::override_value, text) {
        Ok(mut pairs) => {
            let Some(value) = pairs.next().and_then(|p| p.into_inner().next()) else {
                return Err(SyntaxError::BadOverride {
                    text: text.to_string(),
                    span: Span::new(0, text.len()),
                });
            };
            lower::setting(value, 0)
        }
        Err(_) => Err(SyntaxError::BadOverride {
            text: text.to_string(),
            span: Span::new(0, text.len()),
        }),
    }
}

/// Parses the expression of `check --show EXPR`, alone: its spans are
/// byte offsets into `text`. A syntax error is told as for a file, "the end
/// of the expression" where a file would say "the end of the file".
pub fn parse_expr(text: &str) -> Result<ast::Expr, SyntaxError> {
    if let Some(at) = too_deep(text) {
        let width = text[at..].chars().next().map_or(0, char::len_utf8);
        return Err(SyntaxError::TooDeep {
            limit: MAX_DEPTH,
            span: Span::new(at, at + width),
            help: "show a name the round binds with `let`, or fewer brackets",
        });
    }
    let pairs = DiceParser::parse(Rule::show_expr, text).map_err(|e| {
        let at = match e.location {
            pest::error::InputLocation::Pos(p) => p,
            pest::error::InputLocation::Span((s, _)) => s,
        };
        match error::from_pest(&e, text, 0) {
            // At the start, the file's parser would want an item.
            SyntaxError::Unexpected { found, help, .. } if at == 0 || text.trim().is_empty() => {
                let width = text.trim_end().chars().next().map_or(0, char::len_utf8);
                let start = text.len() - text.trim_start().len();
                SyntaxError::Unexpected {
                    expected: "an expression".to_string(),
                    found: if text.trim().is_empty() {
                        "nothing".to_string()
                    } else {
                        found
                    },
                    span: Span::new(start, (start + width).min(text.len())),
                    help: help.filter(|_| !text.trim().is_empty()),
                }
            }
            SyntaxError::Unexpected {
                expected,
                found,
                span,
                help,
            } => SyntaxError::Unexpected {
                expected: expected.replace("the end of the file", "the end of the expression"),
                found: found.replace("the end of the file", "the end of the expression"),
                span,
                help,
            },
            other => other,
        }
    })?;
    let expr = pairs
        .into_iter()
        .next()
        .and_then(|show| show.into_inner().next());
    match expr {
        Some(expr) => lower::show_expr(expr),
        None => Err(SyntaxError::Unexpected {
            expected: "an expression".to_string(),
            found: "nothing".to_string(),
            span: Span::new(0, 0),
            help: None,
        }),
    }
}

/// Parses an exact literal the way the grammar does (for tests and tools).
pub fn parse_exact(text: &str) -> Option<Exact> {
    match parse_override(text).ok()? {
        Setting::Number(n) => Some(n),
        Setting::Infinite => None,
    }
}

/// Where brackets first nest deeper than [`MAX_DEPTH`], outside comments
/// and texts.
fn too_deep(source: &str) -> Option<usize> {
    let mut depth = 0usize;
    let mut in_text = false;
    let mut in_comment = false;
    let mut prev = '\0';
    for (i, c) in source.char_indices() {
        match c {
            '\n' => {
                in_comment = false;
                in_text = false;
            }
            _ if in_comment => {}
            '"' => in_text = !in_text,
            '/' if !in_text && prev == '/' => in_comment = true,
            '(' | '[' | '{' if !in_text => {
                depth += 1;
                if depth > MAX_DEPTH {
                    return Some(i);
                }
            }
            ')' | ']' | '}' if !in_text => depth = depth.saturating_sub(1),
            _ => {}
        }
        prev = c;
    }
    None
}

/// Skips spaces, line ends and `//` comments from `pos`.
fn skip_trivia(source: &str, mut pos: usize) -> usize {
    let bytes = source.as_bytes();
    loop {
        while pos < bytes.len() && bytes[pos].is_ascii_whitespace() {
            pos += 1;
        }
        if source[pos..].starts_with("//") {
            while pos < bytes.len() && bytes[pos] != b'\n' {
                pos += 1;
            }
        } else {
            return pos;
        }
    }
}

/// The start of the first line after the failed item's start that begins
/// (at column 0) with an item keyword; the end of the source if none.
fn next_item_start(source: &str, item_start: usize, error_at: usize) -> usize {
    let line_of_error = source[..error_at.min(source.len())]
        .rfind('\n')
        .map_or(0, |i| i + 1);
    let mut line = if line_of_error > item_start {
        line_of_error
    } else {
        match source[item_start..].find('\n') {
            Some(i) => item_start + i + 1,
            None => return source.len(),
        }
    };
    while line < source.len() {
        let rest = &source[line..];
        let word_len = rest
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(rest.len());
        if ITEM_KEYWORDS.contains(&&rest[..word_len]) {
            return line;
        }
        match rest.find('\n') {
            Some(i) => line += i + 1,
            None => break,
        }
    }
    source.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_keywords_are_read_from_the_grammar() {
        let words: Vec<&str> = keywords().collect();
        for word in ["game", "throw", "while", "banking", "mod"] {
            assert!(words.contains(&word), "{word} in {words:?}");
        }
        // `draw` begins a statement without being reserved.
        assert!(!words.contains(&"draw"));
        assert!(words
            .iter()
            .all(|w| w.chars().all(|c| c.is_ascii_lowercase())));
        assert_eq!(words.len(), 44, "{words:?}");
    }

    #[test]
    fn recovers_at_the_next_item() {
        let src = "game \"x\"\nparam = 3\nbet b {\n  a => win 1 to 1\n}\nparam q = \n";
        let (file, errors) = parse(src);
        assert_eq!(errors.len(), 2, "{errors:?}");
        assert_eq!(file.items.len(), 2);
    }

    #[test]
    fn several_errors_in_one_item_are_each_reported() {
        let src = "round {\n  throw d = 2d6\n  if total(d) == 7 {\n    end a\n  }\n  let x == 3\n  let y = 4 +\n  end b\n}\n";
        let (_, errors) = parse(src);
        let lines: Vec<usize> = errors
            .iter()
            .map(|e| src[..e.span().start].matches('\n').count() + 1)
            .collect();
        assert_eq!(lines, vec![3, 6, 7], "{errors:?}");
    }

    #[test]
    fn deep_nesting_is_an_error_not_a_stack_overflow() {
        let src = format!(
            "round {{ let x = {}1{} }}",
            "(".repeat(100_000),
            ")".repeat(100_000)
        );
        let (_, errors) = parse(&src);
        assert!(
            matches!(errors.as_slice(), [SyntaxError::TooDeep { .. }]),
            "{errors:?}"
        );
        let fine = format!("round {{ let x = {}1{} }}", "(".repeat(40), ")".repeat(40));
        assert!(parse(&fine).1.is_empty());
    }

    #[test]
    fn long_chains_are_errors_not_stack_overflows() {
        let round = |body: &str| format!("round {{\n  throw d = 2d6\n{body}\n}}\n");
        let chain = format!(
            "  if total(d) = 1 {{ end a }}{} else {{ end b }}",
            " else if total(d) = 2 { end a }".repeat(20_000)
        );
        let nots = format!("  let x = {}true", "not ".repeat(20_000));
        let sums = format!("  let x = 1{}", " + 1".repeat(20_000));
        let negs = format!("  let x = {}1", "- ".repeat(20_000));
        for body in [chain, nots, sums, negs] {
            let (_, errors) = parse(&round(&body));
            assert!(
                matches!(errors.as_slice(), [SyntaxError::TooDeep { .. }]),
                "{errors:?}"
            );
        }
        // What a rule file needs parses: a chain of 20, 20 operators.
        let chain = format!(
            "  if total(d) = 1 {{ end a }}{} else {{ end b }}",
            " else if total(d) = 2 { end a }".repeat(20)
        );
        let sums = format!("  let x = 1{}", " + 1".repeat(20));
        for body in [chain, sums] {
            let (_, errors) = parse(&round(&body));
            assert!(errors.is_empty(), "{errors:?}");
        }
    }

    #[test]
    fn an_else_if_chain_nests_with_the_spans_of_its_links() {
        let src = "round {\n  if a { end x } else if b { end y } else { end z }\n}\n";
        let (file, errors) = parse(src);
        assert!(errors.is_empty(), "{errors:?}");
        let Some(ast::Item::Round(round)) = file.items.first() else {
            panic!("a round: {file:?}");
        };
        let [ast::Stmt::If(outer)] = round.body.stmts.as_slice() else {
            panic!("one if: {round:?}");
        };
        assert_eq!(
            &src[outer.span.start..outer.span.end],
            "if a { end x } else if b { end y } else { end z }"
        );
        let Some(ast::Else::If(inner)) = &outer.otherwise else {
            panic!("an else if: {outer:?}");
        };
        assert_eq!(
            &src[inner.span.start..inner.span.end],
            "if b { end y } else { end z }"
        );
        assert!(matches!(inner.otherwise, Some(ast::Else::Block(_))));
    }

    #[test]
    fn reading_stops_after_the_most_errors() {
        let (_, errors) = parse(&"param = 3\n".repeat(10_000));
        assert_eq!(errors.len(), MAX_ERRORS + 1);
        assert!(matches!(
            errors.last(),
            Some(SyntaxError::TooManyErrors { .. })
        ));
    }

    #[test]
    fn overrides_parse_exact_numbers() {
        assert_eq!(parse_exact("7"), Some(Exact::int(7)));
        assert_eq!(parse_exact("0.5"), Some(Exact::ratio(1, 2)));
        assert!(parse_override("seven").is_err());
        assert!(parse_override("").is_err());
    }
}
