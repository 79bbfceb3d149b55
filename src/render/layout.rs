//! The text every renderer shares: an exact number cut short, a float
//! without trailing zeros, a percentage, aligned tables (cut into blocks to
//! fit a width).

pub use crate::report::contract::trim_float;

use super::styled::{Style, Styled};

/// The longest exact number printed whole; longer ones are abbreviated.
const LONGEST: usize = 40;

/// An exact number as text, abbreviated when long: `3668334892…/9026981807…`.
pub fn short(exact: &str) -> String {
    if exact.len() <= LONGEST {
        return exact.to_string();
    }
    let cut = |part: &str| -> String {
        let (sign, digits) = part.strip_prefix('-').map_or(("", part), |d| ("-", d));
        if digits.len() <= 10 {
            part.to_string()
        } else {
            format!("{sign}{}…", &digits[..10])
        }
    };
    match exact.split_once('/') {
        Some((n, d)) => format!("{}/{}", cut(n), cut(d)),
        None => cut(exact),
    }
}

/// A percentage to four decimals: `1.4141%`.
pub fn percent(x: f64) -> String {
    format!("{x:.4}%")
}

/// Rows of cells, left-aligned except columns listed in `right`.
pub fn table(out: &mut String, indent: &str, rows: &[Vec<String>], right: &[usize]) {
    let mut styled = Styled::new();
    styled_table(&mut styled, indent, rows, right, &unstyled);
    out.push_str(styled.as_str());
}

/// The style of the cell at a row and a column of a table, or none.
pub type CellStyle<'a> = &'a dyn Fn(usize, usize) -> Option<Style>;

/// No cell styled.
pub fn unstyled(_row: usize, _column: usize) -> Option<Style> {
    None
}

/// The cells of the first row styled as headings.
pub fn header_row(row: usize, _column: usize) -> Option<Style> {
    (row == 0).then_some(Style::Heading)
}

/// [`table`] with the cells `style` names styled (the padding never is).
pub fn styled_table(
    out: &mut Styled,
    indent: &str,
    rows: &[Vec<String>],
    right: &[usize],
    style: CellStyle,
) {
    let columns = rows.iter().map(|r| r.len()).max().unwrap_or(0);
    let widths: Vec<usize> = (0..columns)
        .map(|c| {
            rows.iter()
                .filter_map(|r| r.get(c))
                .map(|s| s.chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    for (r, row) in rows.iter().enumerate() {
        let mut line = indent.to_string();
        let mut styled = Vec::new();
        for (c, cell) in row.iter().enumerate() {
            if c > 0 {
                line.push_str("  ");
            }
            let pad = widths[c] - cell.chars().count();
            if right.contains(&c) {
                line.push_str(&" ".repeat(pad));
            }
            if let Some(s) = style(r, c) {
                styled.push((line.len()..line.len() + cell.len(), s));
            }
            line.push_str(cell);
            if !right.contains(&c) {
                line.push_str(&" ".repeat(pad));
            }
        }
        let end = line.trim_end().len();
        let mut at = 0;
        for (range, s) in styled {
            let (start, stop) = (range.start.min(end), range.end.min(end));
            out.push(&line[at..start]);
            out.push_in(s, &line[start..stop]);
            at = stop;
        }
        out.push(&line[at..end]);
        out.push("\n");
    }
}

/// [`table`], cut into blocks when wider than `width` characters: each block
/// holds whole groups of columns (`groups`, each a list of column indices,
/// kept together), after the first `keep` columns, which every block
/// repeats; blocks are separated by a blank line. A block holds one group
/// at least, however narrow `width` is.
pub fn fitted_table(
    out: &mut String,
    indent: &str,
    rows: &[Vec<String>],
    right: &[usize],
    keep: usize,
    groups: &[Vec<usize>],
    width: Option<usize>,
) {
    let mut styled = Styled::new();
    let fit = Fit {
        keep,
        groups,
        width,
    };
    styled_fitted_table(&mut styled, indent, rows, right, fit, &unstyled);
    out.push_str(styled.as_str());
}

/// How [`fitted_table`] cuts a table into blocks.
#[derive(Clone, Copy, Debug)]
pub struct Fit<'a> {
    /// The columns every block repeats, from the first.
    pub keep: usize,
    /// The groups of columns kept together.
    pub groups: &'a [Vec<usize>],
    /// The width to fit, in characters; `None`: one block.
    pub width: Option<usize>,
}

/// [`fitted_table`] with the cells `style` names (by their row and column
/// in `rows`) styled.
pub fn styled_fitted_table(
    out: &mut Styled,
    indent: &str,
    rows: &[Vec<String>],
    right: &[usize],
    fit: Fit,
    style: CellStyle,
) {
    let Fit {
        keep,
        groups,
        width,
    } = fit;
    let column_width = |c: usize| {
        rows.iter()
            .filter_map(|r| r.get(c))
            .map(|s| s.chars().count())
            .max()
            .unwrap_or(0)
    };
    let kept: usize = (0..keep).map(|c| column_width(c) + 2).sum::<usize>() + indent.len();
    let mut blocks: Vec<Vec<usize>> = Vec::new();
    let mut used = usize::MAX;
    for group in groups {
        let wide: usize = group.iter().map(|&c| column_width(c) + 2).sum();
        match blocks.last_mut() {
            Some(block) if width.is_none_or(|w| used + wide <= w + 2) => {
                block.extend(group);
                used += wide;
            }
            _ => {
                blocks.push(group.clone());
                used = kept + wide;
            }
        }
    }
    if blocks.is_empty() {
        blocks.push(Vec::new());
    }
    for (i, block) in blocks.iter().enumerate() {
        if i > 0 {
            out.push("\n");
        }
        let columns: Vec<usize> = (0..keep).chain(block.iter().copied()).collect();
        let projected: Vec<Vec<String>> = rows
            .iter()
            .map(|r| {
                columns
                    .iter()
                    .map(|&c| r.get(c).cloned().unwrap_or_default())
                    .collect()
            })
            .collect();
        let right: Vec<usize> = columns
            .iter()
            .enumerate()
            .filter(|(_, c)| right.contains(c))
            .map(|(i, _)| i)
            .collect();
        let style = |r: usize, c: usize| style(r, columns[c]);
        styled_table(out, indent, &projected, &right, &style);
    }
}
