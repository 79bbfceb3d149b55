//! The page of a simulation: each bet's running estimate of its house
//! edge, with its 95% band, against the exact edge, over the rounds on a
//! logarithmic scale; the checkpoints in a table beside, all read from the
//! simulation's own [`Simulation`] and its checkpoints.

use super::markup::Markup;
use super::page::{chart_with_table, document};
use super::svg::{self, Axis, Chart, Lines, Series};
use crate::render::layout::percent;
use crate::report::simulation::{Estimate, Simulation};

/// Bet `i`'s estimates at each checkpoint: the rounds played so far and
/// the estimate from them, the last after every round.
fn points(s: &Simulation, i: usize) -> Vec<(u64, &Estimate)> {
    s.checkpoints
        .iter()
        .filter_map(|c| Some((c.rounds, c.bets.get(i)?)))
        .collect()
}

/// The y range of a bet's chart: the exact edge and the bands of the
/// later half of the checkpoints (the first rounds' bands are wide, and
/// are clipped).
fn y_range(bet: &Estimate, points: &[(u64, &Estimate)]) -> (f64, f64) {
    let exact = bet.house_edge.to_f64() * 100.0;
    let half = points.len() / 2;
    points[half..]
        .iter()
        .fold((exact, exact), |(low, high), (_, p)| {
            (
                low.min(p.house_edge_ci95_percent[0]),
                high.max(p.house_edge_ci95_percent[1]),
            )
        })
}

/// The chart of the running estimate of `s`'s bet `i`.
pub fn chart(s: &Simulation, i: usize, id: &str) -> String {
    let bet = &s.bets[i];
    let points = points(s, i);
    let exact = bet.house_edge.to_f64() * 100.0;
    let first = points.first().map_or(1, |(r, _)| *r) as f64;
    let last = points.last().map_or(1, |(r, _)| *r) as f64;
    svg::lines(
        &Chart {
            id,
            title: &format!("bet {}: the simulated house edge over the rounds", bet.bet),
            description: &format!(
                "The estimate of bet {}'s house edge after 1, 2, 4 ... rounds, with its 95% band, beside the exact edge {} (dashed), on a logarithmic scale of rounds; the table beside gives each point.",
                bet.bet,
                percent(exact)
            ),
        },
        &Lines {
            axis: Axis::Log,
            x_label: "rounds (logarithmic)".to_string(),
            y_label: "house edge (%)".to_string(),
            series: vec![
                Series {
                    name: "estimate, with its 95% band".to_string(),
                    points: points
                        .iter()
                        .map(|(r, p)| (*r as f64, p.house_edge_estimate.to_f64() * 100.0))
                        .collect(),
                    band: points
                        .iter()
                        .map(|(r, p)| {
                            let [low, high] = p.house_edge_ci95_percent;
                            (*r as f64, low, high)
                        })
                        .collect(),
                    class: "s0".to_string(),
                    dots: false,
                },
                Series {
                    name: format!("exact: {}", percent(exact)),
                    points: vec![(first, exact), (last, exact)],
                    band: Vec::new(),
                    class: "reference".to_string(),
                    dots: false,
                },
            ],
            y_range: Some(y_range(bet, &points)),
            spans: Vec::new(),
            marks: Vec::new(),
        },
    )
}

/// The page of a simulation of `file`.
pub fn page(file: &str, c: &Simulation) -> String {
    let mut m = Markup::new();
    m.element("h2", &[], "estimates").line();
    m.element(
        "p",
        &[],
        &format!(
            "{} rounds from seed {}, one unit staked on every bet in every round. Simulated figures are estimates; the exact house edge is the evaluation's.",
            c.rounds, c.seed
        ),
    )
    .line();
    m.open("table", &[("class", "estimates")]).line().row(
        "th",
        &[
            ("", "bet"),
            ("num", "house edge (estimate)"),
            ("num", "95% interval"),
            ("", "exact house edge"),
            ("num", "z"),
        ],
    );
    for (i, b) in c.bets.iter().enumerate() {
        let Some(&(_, last)) = points(c, i).last() else {
            continue;
        };
        m.row(
            "td",
            &[
                ("", &b.bet),
                (
                    "num estimate",
                    &percent(last.house_edge_estimate.to_f64() * 100.0),
                ),
                ("num", &interval(last)),
                (
                    "exact house-edge",
                    &format!(
                        "{} = {}",
                        b.house_edge,
                        percent(b.house_edge.to_f64() * 100.0)
                    ),
                ),
                ("num", &b.z.map_or("-".to_string(), |z| format!("{z:+.2}"))),
            ],
        );
    }
    m.close("table").line();
    m.element(
        "p",
        &[("class", "muted")],
        "z is (simulated − exact) / standard error: |z| above 3 is rare when the exact figure is right.",
    )
    .line();
    m.element("h2", &[], "convergence").line();
    for (i, b) in c.bets.iter().enumerate() {
        let id = format!("bet{}", i + 1);
        let mut t = Markup::new();
        t.open("div", &[("class", "scroll")])
            .open("table", &[("class", "checkpoints")])
            .line()
            .row(
                "th",
                &[
                    ("num", "rounds"),
                    ("num", "estimate"),
                    ("num", "95% interval"),
                ],
            );
        for (rounds, p) in points(c, i) {
            t.row(
                "td",
                &[
                    ("num", &rounds.to_string()),
                    ("num", &percent(p.house_edge_estimate.to_f64() * 100.0)),
                    ("num", &interval(p)),
                ],
            );
        }
        t.close("table").close("div").line();
        m.open("section", &[("class", "bet"), ("id", &id)])
            .line()
            .element("h3", &[], &format!("bet {}", b.bet))
            .line();
        m.raw(&chart_with_table(
            &chart(c, i, &format!("{id}-chart")),
            &format!(
                "Bet {}: the estimate after each checkpoint (estimates), the exact edge dashed.",
                b.bet
            ),
            &t.finish(),
        ));
        m.close("section").line();
    }
    let meta = format!(
        "{file}: a simulation of {} rounds (seed {})",
        c.rounds, c.seed
    );
    document(&c.game, &meta, &m.finish(), false)
}

/// A 95% interval as text: `[-1.2345%, 3.4567%]`.
fn interval(p: &Estimate) -> String {
    format!(
        "[{}, {}]",
        percent(p.house_edge_ci95_percent[0]),
        percent(p.house_edge_ci95_percent[1])
    )
}
