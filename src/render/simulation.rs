//! A simulation's estimates as text and as CSV rows (`dicerules
//! simulate`): a line (a row) per bet, the estimate and its interval beside
//! the exact edge.

use std::fmt::Write as _;

use super::layout::percent;
use super::rows::Rows;
use crate::report::simulation::Simulation;

/// The text form: one line per bet.
pub fn text(s: &Simulation) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{}: {} rounds simulated (seed {}); simulated figures are estimates",
        s.game, s.rounds, s.seed
    );
    for r in &s.removed {
        let _ = writeln!(out, "{}", r.line());
    }
    out.push('\n');
    let width = s.bets.iter().map(|b| b.bet.len()).max().unwrap_or(3).max(3);
    let _ = writeln!(
        out,
        "{:<width$}  {:>17}  {:>21}  {:>17}  {:>6}",
        "bet", "house edge (sim.)", "95% interval", "exact house edge", "z"
    );
    for b in &s.bets {
        let z = b.z.map_or("-".to_string(), |z| format!("{z:+.2}"));
        let _ = writeln!(
            out,
            "{:<width$}  {:>17}  {:>21}  {:>17}  {:>6}",
            b.bet,
            percent(b.house_edge_estimate_percent),
            format!(
                "[{}, {}]",
                percent(b.house_edge_ci95_percent[0]),
                percent(b.house_edge_ci95_percent[1])
            ),
            percent(b.house_edge_percent),
            z
        );
    }
    let _ = writeln!(
        out,
        "\nz is (simulated - exact) / standard error: |z| above 3 is rare when the exact figure is right."
    );
    out
}

/// The CSV form: one row per bet, the estimate (exact and as a percent) and
/// its interval beside the exact edge.
pub fn rows(s: &Simulation) -> Rows {
    let header = vec![
        "game",
        "rounds",
        "seed",
        "bet",
        "house_edge",
        "house_edge_percent",
        "house_edge_estimate",
        "house_edge_estimate_percent",
        "house_edge_ci95_low_percent",
        "house_edge_ci95_high_percent",
        "std_error",
        "z",
    ];
    let rows = s
        .bets
        .iter()
        .map(|b| {
            vec![
                s.game.clone(),
                s.rounds.to_string(),
                s.seed.to_string(),
                b.bet.clone(),
                b.house_edge.to_string(),
                b.house_edge_percent.to_string(),
                b.house_edge_estimate.to_string(),
                b.house_edge_estimate_percent.to_string(),
                b.house_edge_ci95_percent[0].to_string(),
                b.house_edge_ci95_percent[1].to_string(),
                b.std_error.to_string(),
                b.z.map_or(String::new(), |z| z.to_string()),
            ]
        })
        .collect();
    Rows { header, rows }
}
