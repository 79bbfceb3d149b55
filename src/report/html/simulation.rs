//! The page of a simulation: each bet's running estimate of its house
//! edge, with its 95% band, against the exact edge, over the rounds on a
//! logarithmic scale; the checkpoints in a table beside. The data comes
//! from the play layer through [`Convergence`], which the command line
//! fills.

use super::markup::Markup;
use super::page::{chart_with_table, document};
use super::svg::{self, Axis, Chart, Lines, Series};
use crate::number::Exact;
use crate::report::text::percent;

/// A simulation's running estimates, bet by bet.
#[derive(Clone, Debug)]
pub struct Convergence {
    /// The game's name.
    pub game: String,
    /// Rounds played.
    pub rounds: u64,
    /// The seed they were played from.
    pub seed: u64,
    /// One entry per bet, in the order of the file's bets.
    pub bets: Vec<Running>,
}

/// One bet's estimates at each checkpoint, and its exact edge.
#[derive(Clone, Debug)]
pub struct Running {
    /// The bet's name.
    pub bet: String,
    /// The exact house edge.
    pub house_edge: Exact,
    /// The z-score of the last estimate; `None` when every round paid
    /// the same.
    pub z: Option<f64>,
    /// The estimate after each checkpoint's rounds, the last after every
    /// round.
    pub points: Vec<Point>,
}

/// The estimate of a house edge after some rounds.
#[derive(Clone, Debug)]
pub struct Point {
    /// Rounds played so far.
    pub rounds: u64,
    /// The estimate from those rounds, exactly.
    pub estimate: Exact,
    /// Its 95% confidence interval, in percent.
    pub ci95_percent: [f64; 2],
}

/// The y range of a bet's chart: the exact edge and the bands of the
/// later half of the checkpoints (the first rounds' bands are wide, and
/// are clipped).
fn y_range(bet: &Running) -> (f64, f64) {
    let exact = bet.house_edge.to_f64() * 100.0;
    let half = bet.points.len() / 2;
    bet.points[half..]
        .iter()
        .fold((exact, exact), |(low, high), p| {
            (low.min(p.ci95_percent[0]), high.max(p.ci95_percent[1]))
        })
}

/// The chart of one bet's running estimate.
pub fn chart(bet: &Running, id: &str) -> String {
    let exact = bet.house_edge.to_f64() * 100.0;
    let first = bet.points.first().map_or(1, |p| p.rounds) as f64;
    let last = bet.points.last().map_or(1, |p| p.rounds) as f64;
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
                    points: bet
                        .points
                        .iter()
                        .map(|p| (p.rounds as f64, p.estimate.to_f64() * 100.0))
                        .collect(),
                    band: bet
                        .points
                        .iter()
                        .map(|p| (p.rounds as f64, p.ci95_percent[0], p.ci95_percent[1]))
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
            y_range: Some(y_range(bet)),
            spans: Vec::new(),
            marks: Vec::new(),
        },
    )
}

/// The page of a simulation of `file`.
pub fn page(file: &str, c: &Convergence) -> String {
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
    for b in &c.bets {
        let Some(last) = b.points.last() else {
            continue;
        };
        m.row(
            "td",
            &[
                ("", &b.bet),
                ("num estimate", &percent(last.estimate.to_f64() * 100.0)),
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
        for p in &b.points {
            t.row(
                "td",
                &[
                    ("num", &p.rounds.to_string()),
                    ("num", &percent(p.estimate.to_f64() * 100.0)),
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
            &chart(b, &format!("{id}-chart")),
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
fn interval(p: &Point) -> String {
    format!(
        "[{}, {}]",
        percent(p.ci95_percent[0]),
        percent(p.ci95_percent[1])
    )
}
