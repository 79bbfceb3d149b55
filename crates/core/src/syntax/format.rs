//! `dicerules fmt`: a rule file in one canonical layout, its comments kept
//! where they were. The tree is laid out line by line (two spaces an
//! indent, one statement or clause a line, the `=>` of a bet's payout
//! lines, a table's rows and a chart's hands aligned), each line knowing
//! the source it came from; the comments, read from the source, are put
//! back before the first line that comes after them (a comment alone on
//! its line) or at the end of the line they followed (a comment after
//! code). A blank line the author left between two lines, or before a
//! comment, is kept (one, however many there were); none is added.
//! Formatting parses what it formats, so a file with syntax errors is not
//! formatted; the formatted text parses to the same tree (tested, with
//! every game and fixture, and formatting it again changes nothing).

use crate::ast::print::{self, combo, expr, key, pay_key, payout};
use crate::ast::{self, Block, CellKind, Else, File, IfStmt, Item, Side, Stmt};

/// The comment that keeps a file out of `dicerules fmt`, alone on a line
/// among the comments that open the file (before its first code); a reason
/// may follow it, after a space or a punctuation mark.
pub const SKIP: &str = "// dicerules fmt: skip";

/// Whether `source` opts out of formatting (`SKIP`). Read from the text,
/// not the tree, so that a file which does not parse may opt out too.
pub fn skipped(source: &str) -> bool {
    let marker = SKIP.trim_start_matches("//").trim_start();
    source
        .trim_start_matches('\u{feff}')
        .lines()
        .map(str::trim)
        .take_while(|line| line.is_empty() || line.starts_with("//"))
        .filter_map(|line| line.strip_prefix("//"))
        .filter_map(|text| text.trim().strip_prefix(marker))
        .any(|rest| !rest.starts_with(|c: char| c.is_alphanumeric() || c == '_'))
}

/// `source` (which parsed into `file`) in the canonical layout.
pub fn format(file: &File, source: &str) -> String {
    let mut lines = Lines {
        lines: Vec::new(),
        source,
    };
    for item in &file.items {
        item_lines(&mut lines, item, source);
    }
    merge(&lines.lines, &comments(source), source)
}

/// Whether `formatted` parses to `tree` (spans aside): compared by the
/// canonical printer's text, which holds every part of the tree and none
/// of its spans (the round-trip test holds it to that).
pub fn keeps_tree(tree: &File, formatted: &str) -> bool {
    let (again, errors) = super::parse(formatted);
    errors.is_empty() && print::file(tree) == print::file(&again)
}

/// One line of the layout: its indent, its text, and the source it came
/// from (where its first token starts, where its last ends).
#[derive(Debug)]
struct Line {
    depth: usize,
    text: String,
    start: usize,
    end: usize,
}

struct Lines<'a> {
    lines: Vec<Line>,
    /// The source laid out.
    source: &'a str,
}

impl Lines<'_> {
    fn push(&mut self, depth: usize, text: String, start: usize, end: usize) {
        self.lines.push(Line {
            depth,
            text,
            start,
            end,
        });
    }

    /// More text on the last line (`} else {`), which now ends at `end`.
    fn extend(&mut self, text: &str, end: usize) {
        if let Some(last) = self.lines.last_mut() {
            last.text.push_str(text);
            last.end = end;
        }
    }

    /// A closing brace at `depth`, the last byte of `span`.
    fn close(&mut self, depth: usize, span: ast::Span) {
        let at = span.end.saturating_sub(1);
        self.push(depth, "}".to_string(), at, span.end);
    }
}

/// The text of a one-line item as the canonical printer writes it.
fn one_line(item: &Item) -> String {
    print::item(item).trim_end().to_string()
}

/// `text` padded with spaces to `width` characters.
fn pad(text: &str, width: usize) -> String {
    format!("{text:<width$}")
}

/// Just after the `{` that opens the block of a line starting at `from`.
fn brace_after(source: &str, from: usize) -> usize {
    source
        .get(from..)
        .and_then(|rest| rest.find('{'))
        .map_or(from, |at| from + at + 1)
}

fn item_lines(lines: &mut Lines, item: &Item, source: &str) {
    match item {
        Item::Game(_)
        | Item::Param(_)
        | Item::Outcomes(_)
        | Item::Define(_)
        | Item::Expect(_)
        | Item::Claim(_) => {
            let span = item_span(item);
            lines.push(0, one_line(item), span.start, span.end);
        }
        Item::Hands(h) => {
            let open = brace_after(source, h.span.start);
            lines.push(0, format!("hands {} {{", h.name.name), h.span.start, open);
            for suit in &h.suits {
                let open = brace_after(source, suit.span.start);
                lines.push(1, format!("{} {{", suit.name.name), suit.span.start, open);
                let width = suit.hands.iter().map(|h| h.name.name.chars().count()).max();
                for hand in &suit.hands {
                    let combos: Vec<String> = hand.combos.iter().map(combo).collect();
                    let name = pad(&hand.name.name, width.unwrap_or(0));
                    let text = format!("{name} {}", combos.join(" | "));
                    lines.push(2, text, hand.span.start, hand.span.end);
                }
                lines.close(1, suit.span);
            }
            lines.close(0, h.span);
        }
        Item::Table(t) => {
            let decided = (t.decided_by.as_ref())
                .map_or(String::new(), |b| format!(" decided by {}", b.name));
            let header = format!(
                "table {}({}, {}){decided} {{",
                t.name.name, t.row_key.name, t.column_key.name
            );
            let open = brace_after(source, t.span.start);
            lines.push(0, header, t.span.start, open);
            let first = t.columns.first().map_or(open, |c| c.span.start);
            let columns: Vec<String> = t.columns.iter().map(key).collect();
            let end = t.columns.last().map_or(first, |c| c.span.end);
            lines.push(1, format!("columns {}", columns.join(" ")), first, end);
            let keys: Vec<String> = t.rows.iter().map(|r| key(&r.key)).collect();
            let width = keys.iter().map(|k| k.chars().count()).max().unwrap_or(0);
            for (row, k) in t.rows.iter().zip(&keys) {
                let cells: Vec<&str> = (row.cells.iter())
                    .map(|c| match c.kind {
                        CellKind::Draw => "D",
                        CellKind::Stand => "S",
                        CellKind::Choice => "?",
                    })
                    .collect();
                let text = format!("{} => {}", pad(k, width), cells.join(" "));
                lines.push(1, text, row.span.start, row.span.end);
            }
            lines.close(0, t.span);
        }
        Item::Shoe(shoe) => shoe_lines(lines, item, shoe, source),
        Item::Round(r) => {
            lines.push(
                0,
                "round {".to_string(),
                r.span.start,
                r.body.span.start + 1,
            );
            block_lines(lines, &r.body, 1);
            lines.close(0, r.body.span);
        }
        Item::Bet(b) if !b.braced() => {
            lines.push(0, b.header(), b.span.start, b.span.end);
        }
        Item::Bet(b) => {
            let header = format!("{} {{", b.header());
            let open = brace_after(source, b.span.start);
            lines.push(0, header, b.span.start, open);
            let keys: Vec<String> = b.lines.iter().map(|l| pay_key(&l.key)).collect();
            let width = keys.iter().map(|k| k.chars().count()).max().unwrap_or(0);
            for (line, k) in b.lines.iter().zip(&keys) {
                let text = format!("{} => {}", pad(k, width), payout(&line.payout));
                lines.push(1, text, line.span.start, line.span.end);
            }
            lines.close(0, b.span);
        }
        Item::Banking(b) => {
            let open = brace_after(source, b.span.start);
            lines.push(0, "banking {".to_string(), b.span.start, open);
            for clause in &b.clauses {
                let text = print::banking_clause(&clause.kind);
                lines.push(1, text, clause.span.start, clause.span.end);
            }
            lines.close(0, b.span);
        }
    }
}

fn shoe_lines(lines: &mut Lines, item: &Item, shoe: &ast::ShoeDecl, source: &str) {
    // The canonical printer's lines, each placed at the source of its part.
    let printed = one_line(item);
    let texts: Vec<&str> = printed.lines().collect();
    let decks = match &shoe.decks {
        ast::Decks::Count { span, .. } => Some(*span),
        ast::Decks::Param(name) => Some(name.span),
        ast::Decks::Infinite { span } => Some(*span),
    };
    let values = shoe.values.first().map(|v| {
        let end = shoe.values.last().map_or(v.span.end, |l| l.span.end);
        ast::Span::new(v.span.start, end)
    });
    let aces = shoe.aces.map(|a| a.span);
    let header = ast::Span::new(shoe.span.start, brace_after(source, shoe.span.start));
    let parts = [Some(header), decks, values, aces];
    let mut at = shoe.span.start;
    let mut parts = parts.iter().flatten();
    for text in texts {
        let trimmed = text.trim_start();
        let depth = (text.len() - trimmed.len()) / 2;
        if trimmed == "}" {
            lines.close(0, shoe.span);
            continue;
        }
        let span = parts.next().copied().unwrap_or(ast::Span::new(at, at));
        at = span.end;
        lines.push(depth, trimmed.to_string(), span.start, span.end);
    }
}

fn item_span(item: &Item) -> ast::Span {
    match item {
        Item::Game(g) => g.span,
        Item::Param(p) => p.span,
        Item::Outcomes(o) => o.span,
        Item::Hands(h) => h.span,
        Item::Table(t) => t.span,
        Item::Shoe(s) => s.span,
        Item::Define(d) => d.span,
        Item::Round(r) => r.span,
        Item::Bet(b) => b.span,
        Item::Expect(e) => e.span,
        Item::Claim(c) => c.span,
        Item::Banking(b) => b.span,
    }
}

fn block_lines(lines: &mut Lines, block: &Block, depth: usize) {
    for stmt in &block.stmts {
        stmt_lines(lines, stmt, depth);
    }
}

fn stmt_lines(lines: &mut Lines, stmt: &Stmt, depth: usize) {
    match stmt {
        Stmt::If(i) => if_lines(lines, i, depth, false),
        Stmt::Repeat(r) => {
            let header = format!("repeat {} {{", r.count);
            lines.push(depth, header, r.span.start, r.body.span.start + 1);
            block_lines(lines, &r.body, depth + 1);
            lines.close(depth, r.body.span);
        }
        Stmt::While(w) => {
            let header = format!("while {} at most {} {{", expr(&w.cond), w.count);
            lines.push(depth, header, w.span.start, w.body.span.start + 1);
            block_lines(lines, &w.body, depth + 1);
            lines.close(depth, w.body.span);
        }
        Stmt::Compare(c) => {
            let header = format!("compare {} with {} {{", expr(&c.left), expr(&c.right));
            let open = brace_after(lines.source, c.span.start);
            lines.push(depth, header, c.span.start, open);
            for arm in &c.arms {
                let side = match arm.side {
                    Side::Higher => "higher",
                    Side::Equal => "equal",
                    Side::Lower => "lower",
                };
                match (arm.short, arm.body.stmts.as_slice()) {
                    (true, [one]) => {
                        let text = format!("{side} => {}", print::stmt(one));
                        lines.push(depth + 1, text, arm.span.start, arm.span.end);
                    }
                    _ => {
                        let header = format!("{side} => {{");
                        lines.push(depth + 1, header, arm.span.start, arm.body.span.start + 1);
                        block_lines(lines, &arm.body, depth + 2);
                        lines.close(depth + 1, arm.body.span);
                    }
                }
            }
            lines.close(depth, c.span);
        }
        _ => {
            let span = stmt.span();
            lines.push(depth, print::stmt(stmt), span.start, span.end);
        }
    }
}

/// An `if` and its `else`s; `chained` when it follows an `else` on the
/// closing brace's line.
fn if_lines(lines: &mut Lines, i: &IfStmt, depth: usize, chained: bool) {
    let header = format!("if {} {{", expr(&i.cond));
    if chained {
        lines.extend(&header, i.then.span.start + 1);
    } else {
        lines.push(depth, header, i.span.start, i.then.span.start + 1);
    }
    block_lines(lines, &i.then, depth + 1);
    lines.close(depth, i.then.span);
    match &i.otherwise {
        Some(Else::If(next)) => {
            lines.extend(" else ", next.span.start);
            if_lines(lines, next, depth, true);
        }
        Some(Else::Block(b)) => {
            lines.extend(" else {", b.span.start + 1);
            block_lines(lines, b, depth + 1);
            lines.close(depth, b.span);
        }
        None => {}
    }
}

/// A comment of the source: where it starts, its text (`// ...`, trailing
/// spaces dropped), and whether code comes before it on its line.
#[derive(Debug)]
struct Comment {
    start: usize,
    text: String,
    after_code: bool,
}

/// Every comment of `source`, in order (a `//` in a quoted text is text).
fn comments(source: &str) -> Vec<Comment> {
    let bytes = source.as_bytes();
    let mut out = Vec::new();
    let (mut i, mut in_string) = (0, false);
    while i < bytes.len() {
        match bytes[i] {
            b'"' => in_string = !in_string,
            b'\n' => in_string = false,
            b'/' if !in_string && bytes.get(i + 1) == Some(&b'/') => {
                let end = source[i..].find('\n').map_or(source.len(), |n| i + n);
                let line_start = source[..i].rfind('\n').map_or(0, |n| n + 1);
                out.push(Comment {
                    start: i,
                    text: source[i..end].trim_end().to_string(),
                    after_code: !source[line_start..i].trim().is_empty(),
                });
                i = end;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    out
}

/// Whether `source[from..to]` holds an empty line (two line ends with only
/// spaces between).
fn blank_between(source: &str, from: usize, to: usize) -> bool {
    let Some(text) = source.get(from.min(to)..to) else {
        return false;
    };
    let mut ends = text.match_indices('\n').map(|(i, _)| i).peekable();
    while let Some(a) = ends.next() {
        if let Some(&b) = ends.peek() {
            if text[a + 1..b].trim().is_empty() {
                return true;
            }
        }
    }
    false
}

/// The lines with the comments put back, and the author's blank lines.
fn merge(lines: &[Line], comments: &[Comment], source: &str) -> String {
    let mut out: Vec<String> = Vec::new();
    let mut next = 0;
    // Where the source last printed ends, and whether the line before is
    // one that opens a block (no blank line right after it).
    let mut last_end = 0;
    let mut opened = true;
    let indent = |depth: usize| "  ".repeat(depth);
    for line in lines {
        // Comments before this line's source: inside the block a closing
        // brace ends.
        let closing = line.text.starts_with('}');
        let depth = line.depth + usize::from(closing);
        while let Some(c) = comments.get(next).filter(|c| c.start < line.start) {
            if c.after_code && !out.is_empty() {
                if let Some(last) = out.last_mut() {
                    last.push_str(&format!(" {}", c.text));
                }
            } else {
                if !opened && blank_between(source, last_end, c.start) {
                    out.push(String::new());
                }
                out.push(format!("{}{}", indent(depth), c.text));
                opened = false;
            }
            last_end = c.start + c.text.len();
            next += 1;
        }
        if !opened && !closing && blank_between(source, last_end, line.start) {
            out.push(String::new());
        }
        out.push(format!("{}{}", indent(line.depth), line.text));
        last_end = last_end.max(line.end);
        opened = line.text.ends_with('{');
    }
    for c in &comments[next.min(comments.len())..] {
        if c.after_code {
            if let Some(last) = out.last_mut() {
                last.push_str(&format!(" {}", c.text));
                continue;
            }
        }
        if !opened && blank_between(source, last_end, c.start) {
            out.push(String::new());
        }
        out.push(c.text.clone());
        last_end = c.start + c.text.len();
        opened = false;
    }
    let mut text = out.join("\n");
    text.push('\n');
    text
}
