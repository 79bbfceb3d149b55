//! Rows and columns of draw tables that no round looks up.
//!
//! A row of a draw table is a rule for the rounds whose row value falls in
//! its key; the evaluation records the (row, column) values of every lookup
//! ([`Coverage`]), so a row (or a column) whose key no lookup meets is a
//! rule that can never fire (`unreachable_rule`). A table looked up in an
//! `until` is left alone: those lookups are not recorded. A table no round
//! looks up at all is not reported here: its calls are either in rules
//! that never run (reported there) or absent (`unused_table`).

use super::Lint;
use crate::ast::{self, Item};
use crate::eval::coverage::Coverage;
use crate::program::Program;

pub(super) fn lint(
    file: &ast::File,
    program: &Program,
    coverage: &Coverage,
    lints: &mut Vec<Lint>,
) {
    for (t, table) in program.tables.iter().enumerate() {
        let looked_up = coverage.looked_up(t);
        if looked_up.is_empty() || coverage.unrecorded.get(t) != Some(&false) {
            continue;
        }
        let Some(decl) = file.items.iter().find_map(|i| match i {
            Item::Table(d) if d.name.name == table.name => Some(d),
            _ => None,
        }) else {
            continue;
        };
        if decl.rows.len() != table.rows.len() || decl.columns.len() != table.columns.len() {
            continue;
        }
        let rows = table.rows.iter().map(|(key, _)| *key);
        for ((lo, hi), row) in rows.zip(&decl.rows) {
            if !looked_up.iter().any(|&(r, _)| lo <= r && r <= hi) {
                lints.push(never(&table.name, "row", &table.keys.0, (lo, hi), row.span));
            }
        }
        for (&(lo, hi), column) in table.columns.iter().zip(&decl.columns) {
            if !looked_up.iter().any(|&(_, c)| lo <= c && c <= hi) {
                lints.push(never(
                    &table.name,
                    "column",
                    &table.keys.1,
                    (lo, hi),
                    column.span,
                ));
            }
        }
    }
}

fn never(table: &str, what: &str, key: &str, (lo, hi): (i64, i64), span: ast::Span) -> Lint {
    let values = if lo == hi {
        format!("= {lo}")
    } else {
        format!("in {lo}..{hi}")
    };
    Lint::UnreachableRule {
        message: format!("this {what} of the draw table is never looked up"),
        span,
        label: format!("no round looks up `{table}` with `{key}` {values}"),
        causes: Vec::new(),
        help: format!("a {what} no round looks up changes nothing: check the values the table is looked up with, or remove it"),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn rows_and_columns_no_lookup_meets() {
        let source = "game \"g\"\noutcomes a, b\ntable pick(r, c) {\n columns 1 2\n 1..3 => D S\n 4..6 => S S\n 7 => S S\n}\nround {\n throw t = d6\n if pick(total(t), 1) { end a }\n end b\n}\nbet x { a => win 1 to 1  b => lose }\n";
        let lints = super::super::findings(source);
        let spans: Vec<&str> = lints
            .iter()
            .map(|l| {
                assert_eq!(l.name(), "unreachable_rule");
                &source[l.span().start..l.span().end]
            })
            .collect();
        assert_eq!(spans, ["2", "7 => S S"]);
    }
}
