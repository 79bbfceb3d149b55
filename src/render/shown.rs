//! The distributions `check --show` asks for, as text: each value with its
//! exact probability and percent, the probability of ending at least and at
//! most there, a text bar and what each bet on the name pays.

use std::fmt::Write;

use super::layout::{percent, short, styled_table, trim_float, unstyled};
use super::styled::Styled;
use crate::report::{Report, ValueDistribution};

/// The smallest percentage given a row of its own; the rows under it are
/// summed on one line.
const SHOWN_PERCENT: f64 = 0.01;

/// The longest bar, in characters: the most likely value's.
const BAR: f64 = 40.0;

/// The distributions named in `show`, in its order (a name the report has
/// no distribution of is skipped).
pub fn render_shown(report: &Report, show: &[String]) -> Styled {
    let mut out = Styled::new();
    for name in show {
        if let Some(v) = report.values.iter().find(|v| v.name == *name) {
            render_values(&mut out, v);
        }
    }
    out
}

/// One distribution: a table with a text bar, each row marked with what it
/// pays (a band of rows paying alike named where it starts); rows under
/// 0.01% are summed at the end, then the probability of no value and the
/// mean.
pub fn render_values(out: &mut Styled, v: &ValueDistribution) {
    let what = match v.kind {
        "total" => " (named alone: its total)",
        _ => "",
    };
    out.push("\n");
    out.heading(format_args!("distribution of {}{what}", v.name));
    let largest = v.rows.iter().map(|r| r.percent).fold(0.0, f64::max);
    // A bet settled on it: what each row pays.
    let paid = v.rows.iter().any(|r| !r.pays.is_empty());
    let mut rows = vec![vec![
        v.name.clone(),
        "probability".to_string(),
        "percent".to_string(),
        "at least".to_string(),
        "percent".to_string(),
        "at most".to_string(),
        "percent".to_string(),
        String::new(),
        "pays".to_string(),
    ]];
    let (mut rare, mut rare_values) = (0.0, Vec::new());
    let mut last_pays: Option<&Vec<String>> = None;
    for r in &v.rows {
        if r.percent < SHOWN_PERCENT {
            rare += r.percent;
            rare_values.push(r.value);
            continue;
        }
        let width = if largest > 0.0 {
            (r.percent / largest * BAR).round() as usize
        } else {
            0
        };
        let pays = if !paid {
            String::new()
        } else if last_pays == Some(&r.pays) {
            "  \"".to_string()
        } else {
            r.pays.join(", ")
        };
        last_pays = Some(&r.pays);
        rows.push(vec![
            r.label.clone().unwrap_or_else(|| r.value.to_string()),
            short(&r.probability.to_string()),
            percent(r.percent),
            short(&r.at_least.to_string()),
            percent(r.at_least_percent),
            short(&r.at_most.to_string()),
            percent(r.at_most_percent),
            "#".repeat(width.max(usize::from(r.percent > 0.0))),
            pays,
        ]);
        if !paid {
            rows.iter_mut().for_each(|row| row.truncate(8));
        }
    }
    styled_table(out, "  ", &rows, &[0, 2, 4, 6], &unstyled);
    if !rare_values.is_empty() {
        let _ = writeln!(
            out,
            "  {} {} ({}), each under {SHOWN_PERCENT}%: {} together",
            v.name,
            if rare_values.len() == 1 {
                "value"
            } else {
                "values"
            },
            runs(&rare_values),
            percent(rare)
        );
    }
    if !v.no_value.is_zero() {
        let _ = writeln!(
            out,
            "  no value (the round ends where a name it reads is not bound): {} = {}",
            short(&v.no_value.to_string()),
            percent(v.no_value_percent)
        );
    }
    // A condition's mean is the probability it holds, which the rows give.
    if let Some(mean) = v.mean.as_ref().filter(|_| v.kind != "condition") {
        let over = if v.no_value.is_zero() {
            ""
        } else {
            " (over the rounds with a value)"
        };
        let _ = writeln!(
            out,
            "  mean: {} = {}{over}",
            short(&mean.to_string()),
            trim_float(mean.to_f64())
        );
    }
}

/// Values as runs of consecutive ones: `0..7, 39..130`.
fn runs(values: &[i64]) -> String {
    let mut runs: Vec<(i64, i64)> = Vec::new();
    for &v in values {
        match runs.last_mut() {
            Some((_, hi)) if *hi + 1 == v => *hi = v,
            _ => runs.push((v, v)),
        }
    }
    let runs: Vec<String> = runs
        .iter()
        .map(|&(lo, hi)| {
            if lo == hi {
                lo.to_string()
            } else {
                format!("{lo}..{hi}")
            }
        })
        .collect();
    runs.join(", ")
}
