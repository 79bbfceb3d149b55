//! Reports as flat tables (`--format csv`): a header and one row per bet
//! (and file, and setting), every figure exact and as a decimal, for
//! spreadsheets. The cells are text; the command line quotes them.

use crate::number::Exact;
use crate::report::compare::Comparison;
use crate::report::Report;

/// A header and rows of cells, each row as long as the header.
#[derive(Clone, Debug, PartialEq)]
pub struct Rows {
    /// The column names.
    pub header: Vec<&'static str>,
    /// The cells, row by row.
    pub rows: Vec<Vec<String>>,
}

fn float(x: f64) -> String {
    if x.is_finite() {
        x.to_string()
    } else {
        String::new()
    }
}

fn exact_and_percent(x: Option<&Exact>) -> [String; 2] {
    match x {
        Some(x) => [x.to_string(), float(x.to_f64() * 100.0)],
        None => [String::new(), String::new()],
    }
}

/// One row per bet of each report: `(file, setting, report)`, the setting
/// as a sweep labels it (empty outside a sweep).
pub fn bets(reports: &[(&str, &str, &Report)]) -> Rows {
    let header = vec![
        "file",
        "game",
        "setting",
        "params",
        "bet",
        "house_edge",
        "house_edge_percent",
        "house_edge_excluding_pushes",
        "house_edge_excluding_pushes_percent",
        "ev",
        "ev_percent",
        "variance",
        "variance_float",
        "std_dev",
        "hit_frequency",
        "hit_frequency_percent",
        "average_wager",
        "average_wager_float",
        "element_of_risk",
        "element_of_risk_percent",
    ];
    let mut rows = Vec::new();
    for (file, setting, report) in reports {
        let params = report
            .params
            .iter()
            .map(|(name, value)| format!("{name}={value}"))
            .collect::<Vec<_>>()
            .join(" ");
        for bet in &report.bets {
            let mut row = vec![
                file.to_string(),
                report.game.clone(),
                setting.to_string(),
                params.clone(),
                bet.bet.clone(),
            ];
            row.extend(exact_and_percent(Some(&bet.house_edge)));
            row.extend(exact_and_percent(bet.house_edge_excluding_pushes.as_ref()));
            row.extend(exact_and_percent(Some(&bet.ev)));
            row.push(bet.variance.to_string());
            row.push(float(bet.variance.to_f64()));
            row.push(float(bet.std_dev));
            row.extend(exact_and_percent(Some(&bet.hit_frequency)));
            // A bet without `staking` has neither: empty cells.
            let average = bet.average_wager.as_ref();
            row.push(average.map(Exact::to_string).unwrap_or_default());
            row.push(average.map(|a| float(a.to_f64())).unwrap_or_default());
            row.extend(exact_and_percent(bet.element_of_risk.as_ref()));
            rows.push(row);
        }
    }
    Rows { header, rows }
}

/// The distributions `check --show` asks for (`show`, the expressions as
/// given, in order), one row per report, expression and value, then one
/// row for the probability of no value where it is not 0 (its `value`
/// empty, its `label` `no value`); each probability exact and as a
/// decimal percent.
pub fn shown(reports: &[(&str, &str, &Report)], show: &[String]) -> Rows {
    let header = vec![
        "file",
        "game",
        "setting",
        "expression",
        "kind",
        "value",
        "label",
        "probability",
        "probability_percent",
        "at_least",
        "at_least_percent",
        "at_most",
        "at_most_percent",
        "pays",
    ];
    let mut rows = Vec::new();
    for (file, setting, report) in reports {
        for name in show {
            let Some(v) = report.values.iter().find(|v| v.name == *name) else {
                continue;
            };
            let start = [
                file.to_string(),
                report.game.clone(),
                setting.to_string(),
                v.name.clone(),
                v.kind.to_string(),
            ];
            for r in &v.rows {
                let mut row = start.to_vec();
                row.push(r.value.to_string());
                row.push(r.label.clone().unwrap_or_default());
                row.extend(exact_and_percent(Some(&r.probability)));
                row.extend(exact_and_percent(Some(&r.at_least)));
                row.extend(exact_and_percent(Some(&r.at_most)));
                row.push(r.pays.join("; "));
                rows.push(row);
            }
            if !v.no_value.is_zero() {
                let mut row = start.to_vec();
                row.push(String::new());
                row.push("no value".to_string());
                row.extend(exact_and_percent(Some(&v.no_value)));
                row.extend([String::new(), String::new(), String::new(), String::new()]);
                row.push(String::new());
                rows.push(row);
            }
        }
    }
    Rows { header, rows }
}

/// One row per bet and column of a comparison: its edge there, and its
/// change from the first column.
pub fn comparison(comparison: &Comparison) -> Rows {
    let header = vec![
        "column",
        "bet",
        "house_edge",
        "house_edge_percent",
        "difference",
        "difference_points",
    ];
    let mut rows = Vec::new();
    for bet in &comparison.bets {
        for (column, cell) in comparison.files.iter().zip(&bet.files) {
            let mut row = vec![column.clone(), bet.bet.clone()];
            match cell {
                Some(c) => {
                    row.extend(exact_and_percent(Some(&c.house_edge)));
                    row.extend(exact_and_percent(c.difference.as_ref()));
                }
                None => row.extend([String::new(), String::new(), String::new(), String::new()]),
            }
            rows.push(row);
        }
    }
    Rows { header, rows }
}
