//! Several reports side by side (`dicerules compare`): each bet's exact
//! house edge in every file, and how far it moved from the first file's;
//! for a bet that stakes a name, its element of risk too.

use serde::Serialize;

use super::{FormatVersion, Report};
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
    /// The element of risk, as `check` reports it: the edge per unit
    /// staked in all; `None` for a bet that stakes no name.
    pub element_of_risk: Option<Exact>,
    /// `element_of_risk` × 100, as the nearest float; `None` with it.
    pub element_of_risk_percent: Option<f64>,
    /// This element of risk less the first file's, exactly; `None` in the
    /// first file's column and where either has none.
    pub element_of_risk_difference: Option<Exact>,
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
        let bet = |report: &Report, name: &str| {
            let b = report.bets.iter().find(|b| b.bet == name)?;
            Some((b.house_edge.clone(), b.element_of_risk.clone()))
        };
        let bets = names
            .iter()
            .map(|&name| {
                let first = reports.first().and_then(|(_, r)| bet(r, name));
                let files = reports
                    .iter()
                    .enumerate()
                    .map(|(i, (_, report))| {
                        let (house_edge, element_of_risk) = bet(report, name)?;
                        let first = first.as_ref().filter(|_| i > 0);
                        let difference = first.map(|(edge, _)| &house_edge - edge);
                        let element_of_risk_difference =
                            match (first.and_then(|(_, e)| e.as_ref()), &element_of_risk) {
                                (Some(before), Some(now)) => Some(now - before),
                                _ => None,
                            };
                        Some(ComparedEdge {
                            house_edge_percent: house_edge.to_f64() * 100.0,
                            difference_percent: difference.as_ref().map(|d| d.to_f64() * 100.0),
                            difference,
                            house_edge,
                            element_of_risk_percent: element_of_risk
                                .as_ref()
                                .map(|e| e.to_f64() * 100.0),
                            element_of_risk,
                            element_of_risk_difference,
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

/// The JSON/RON document of `compare`: every file's report (the `check`
/// contract, with its `file`) and the comparison.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Document<'a> {
    /// The version of the JSON and RON contract.
    pub format_version: FormatVersion,
    /// Every file's report, in the order given.
    pub reports: &'a [Report],
    /// The comparison.
    pub comparison: &'a Comparison,
}
