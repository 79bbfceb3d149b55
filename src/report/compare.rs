//! Several reports side by side (`dicerules compare`): each bet's exact
//! house edge in every file, and how far it moved from the first file's.

use std::fmt::Write as _;

use serde::Serialize;

use super::text::{fitted_table, percent, short};
use super::Report;
use crate::number::Exact;

/// The bets of several files, matched by name. The first file is the one
/// the others are measured against.
#[derive(Clone, Debug, Serialize)]
pub struct Comparison {
    /// The files compared, in the order given.
    pub files: Vec<String>,
    /// One row per bet name, in the order the files first name them.
    pub bets: Vec<ComparedBet>,
}

/// One bet across the files.
#[derive(Clone, Debug, Serialize)]
pub struct ComparedBet {
    /// The bet's name.
    pub bet: String,
    /// One entry per file, in the order of [`Comparison::files`]; `None`
    /// where the file has no bet of this name.
    pub files: Vec<Option<ComparedEdge>>,
}

/// A bet's house edge in one file.
#[derive(Clone, Debug, Serialize)]
pub struct ComparedEdge {
    /// The exact house edge, as `check` reports it.
    pub house_edge: Exact,
    /// `house_edge` × 100, as the nearest float.
    pub house_edge_percent: f64,
    /// This edge less the first file's, exactly; `None` in the first
    /// file's column and where the first file has no such bet.
    pub difference: Option<Exact>,
    /// `difference` × 100: the move in percentage points, as the nearest
    /// float; `None` with it.
    pub difference_percent: Option<f64>,
}

impl Comparison {
    /// Matches the bets of `reports` (file name, report) by name.
    pub fn new(reports: &[(String, &Report)]) -> Comparison {
        let mut names: Vec<&str> = Vec::new();
        for (_, report) in reports {
            for bet in &report.bets {
                if !names.contains(&bet.bet.as_str()) {
                    names.push(&bet.bet);
                }
            }
        }
        let edge = |report: &Report, name: &str| {
            report
                .bets
                .iter()
                .find(|b| b.bet == name)
                .map(|b| b.house_edge.clone())
        };
        let bets = names
            .iter()
            .map(|&name| {
                let first = reports.first().and_then(|(_, r)| edge(r, name));
                let files = reports
                    .iter()
                    .enumerate()
                    .map(|(i, (_, report))| {
                        let house_edge = edge(report, name)?;
                        let difference = first
                            .as_ref()
                            .filter(|_| i > 0)
                            .map(|first| &house_edge - first);
                        Some(ComparedEdge {
                            house_edge_percent: house_edge.to_f64() * 100.0,
                            difference_percent: difference.as_ref().map(|d| d.to_f64() * 100.0),
                            difference,
                            house_edge,
                        })
                    })
                    .collect();
                ComparedBet {
                    bet: name.to_string(),
                    files,
                }
            })
            .collect();
        Comparison {
            files: reports.iter().map(|(f, _)| f.clone()).collect(),
            bets,
        }
    }
}

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
    let mut out = String::new();
    let mut header = vec!["house edge".to_string()];
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
    fitted_table(&mut out, "", &rows, &[], 1, &groups, layout.width);
    if let Some(reports) = reports {
        for bet in &comparison.bets {
            render_settlements(&mut out, &bet.bet, &comparison.files, reports, layout.width);
        }
    }
    out
}

/// A bet's settlements in every file: one row per settlement (payout and
/// net), its probability in each file.
fn render_settlements(
    out: &mut String,
    bet: &str,
    files: &[String],
    reports: &[&Report],
    width: Option<usize>,
) {
    let _ = writeln!(out, "\n{bet}: settlements");
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
    fitted_table(out, "  ", &rows, &[1], 2, &groups, width);
}
