//! A comparison (`dicerules compare`, and a sweep's table in `check`) as
//! aligned text: a column per file or setting, cut to a width in blocks of
//! whole columns.

use super::layout::{header_row, percent, short, styled_fitted_table, Fit};
use super::styled::{Style, Styled};
use crate::number::Exact;
use crate::report::compare::Comparison;
use crate::report::Report;

/// An exact number with its sign always written: `+1/216`, `-1/216`, `0`.
fn signed(x: &Exact) -> String {
    if x.is_positive() {
        format!("+{}", short(&x.to_string()))
    } else {
        short(&x.to_string())
    }
}

/// How a comparison is laid out as text.
#[derive(Clone, Copy, Debug, Default)]
pub struct Layout {
    /// Whether every column after the first has its change from the first
    /// beside it (`compare`); a sweep's table (`check`) leaves it out.
    pub changes: bool,
    /// The width to fit the tables to, in characters: a table wider is cut
    /// into blocks of columns, each repeating the row names. `None`: one
    /// block, however wide.
    pub width: Option<usize>,
}

/// The comparison as aligned text: a column per file, the edge as a
/// percentage and exactly, then (with [`Layout::changes`]) the move from
/// the first file in percentage points and exactly ("change"). With
/// `reports` (`--verbose`), each bet's settlement probabilities side by
/// side after it.
pub fn render(comparison: &Comparison, reports: Option<&[&Report]>, layout: Layout) -> String {
    styled(comparison, reports, layout).into_plain()
}

/// [`render`] with its header rows and headings styled.
pub fn styled(comparison: &Comparison, reports: Option<&[&Report]>, layout: Layout) -> Styled {
    let mut out = Styled::new();
    let (header, groups) = header(comparison, "house edge", layout);
    let mut rows = vec![header];
    for bet in &comparison.bets {
        let mut row = vec![bet.bet.clone()];
        for (i, cell) in bet.files.iter().enumerate() {
            let change = i > 0 && layout.changes;
            match cell {
                Some(c) => {
                    row.push(format!(
                        "{} = {}",
                        short(&c.house_edge.to_string()),
                        percent(c.house_edge_percent)
                    ));
                    if change {
                        row.push(match (&c.difference, c.difference_percent) {
                            (Some(d), Some(points)) => {
                                format!("{points:+.4} pp = {}", signed(d))
                            }
                            _ => String::new(),
                        });
                    }
                }
                None => {
                    row.push(String::new());
                    if change {
                        row.push(String::new());
                    }
                }
            }
        }
        rows.push(row);
    }
    let fit = Fit {
        keep: 1,
        groups: &groups,
        width: layout.width,
    };
    styled_fitted_table(&mut out, "", &rows, &[], fit, &header_row);
    risks(&mut out, comparison, layout);
    if let Some(reports) = reports {
        for bet in &comparison.bets {
            render_settlements(&mut out, &bet.bet, &comparison.files, reports, layout.width);
        }
    }
    out
}

/// A table's header row, `title` then a column per file (and, with
/// [`Layout::changes`], its change after every file but the first), and
/// the columns of each file, kept together when the table is cut.
fn header(comparison: &Comparison, title: &str, layout: Layout) -> (Vec<String>, Vec<Vec<usize>>) {
    let mut header = vec![title.to_string()];
    let mut groups = Vec::new();
    for (i, file) in comparison.files.iter().enumerate() {
        let mut group = vec![header.len()];
        header.push(file.clone());
        if i > 0 && layout.changes {
            group.push(header.len());
            header.push("change".to_string());
        }
        groups.push(group);
    }
    (header, groups)
}

/// The element of risk of each bet that stakes a name in some file, laid
/// out as the house edges are (the same columns), after them.
fn risks(out: &mut Styled, comparison: &Comparison, layout: Layout) {
    let staked = |b: &&crate::report::compare::ComparedBet| {
        b.files
            .iter()
            .flatten()
            .any(|e| e.element_of_risk.is_some())
    };
    if !comparison.bets.iter().any(|b| staked(&b)) {
        return;
    }
    let (header, groups) = header(comparison, "element of risk", layout);
    let mut rows = vec![header];
    for bet in comparison.bets.iter().filter(staked) {
        let mut row = vec![bet.bet.clone()];
        for (i, cell) in bet.files.iter().enumerate() {
            let risk = cell.as_ref().and_then(|c| {
                let e = c.element_of_risk.as_ref()?;
                Some((c, e, c.element_of_risk_percent?))
            });
            row.push(risk.map_or(String::new(), |(_, e, p)| {
                format!("{} = {}", short(&e.to_string()), percent(p))
            }));
            if i > 0 && layout.changes {
                let change = risk.and_then(|(c, _, _)| c.element_of_risk_difference.as_ref());
                row.push(change.map_or(String::new(), |d| {
                    format!("{:+.4} pp = {}", d.to_f64() * 100.0, signed(d))
                }));
            }
        }
        rows.push(row);
    }
    let fit = Fit {
        keep: 1,
        groups: &groups,
        width: layout.width,
    };
    out.push("\n");
    styled_fitted_table(out, "", &rows, &[], fit, &header_row);
}

/// A bet's settlements in every file: one row per settlement (payout and
/// net), its probability in each file.
fn render_settlements(
    out: &mut Styled,
    bet: &str,
    files: &[String],
    reports: &[&Report],
    width: Option<usize>,
) {
    out.push("\n");
    out.line_in(Style::Heading, format_args!("{bet}: settlements"));
    let bets: Vec<_> = reports
        .iter()
        .map(|r| r.bets.iter().find(|b| b.bet == bet))
        .collect();
    let mut labels: Vec<(String, Exact)> = Vec::new();
    for row in bets.iter().flatten().flat_map(|b| &b.outcomes) {
        if !labels
            .iter()
            .any(|(l, n)| *l == row.outcome && *n == row.net)
        {
            labels.push((row.outcome.clone(), row.net.clone()));
        }
    }
    let mut header = vec!["settlement".to_string(), "net".to_string()];
    header.extend(files.iter().cloned());
    let mut rows = vec![header];
    for (label, net) in &labels {
        let mut row = vec![label.clone(), net.to_string()];
        for b in &bets {
            let found = b.and_then(|b| {
                b.outcomes
                    .iter()
                    .find(|r| r.outcome == *label && r.net == *net)
            });
            row.push(found.map_or(String::new(), |r| {
                format!(
                    "{} = {}",
                    short(&r.probability.to_string()),
                    percent(r.percent)
                )
            }));
        }
        rows.push(row);
    }
    let groups: Vec<Vec<usize>> = (2..2 + files.len()).map(|c| vec![c]).collect();
    let fit = Fit {
        keep: 2,
        groups: &groups,
        width,
    };
    styled_fitted_table(out, "  ", &rows, &[1], fit, &header_row);
}
