//! The figures of a bet, computed exactly from the outcome distribution,
//! and the verdicts of `expect` / `claim` lines on them.

use std::collections::BTreeMap;

use crate::ast::RelOp;
pub use crate::eval::exact::figures::{mean, BetFigures};
use crate::eval::exact::Distribution;
use crate::number::Exact;
use crate::program::{Assertion, Figure, Program};
use crate::report::contract::trim_float;
use crate::report::{BetReport, OutcomeRow, Verdict};

/// The element of risk: `edge` per unit of the average wager `average`;
/// `None` where the average is 0.
pub fn element_of_risk(edge: &Exact, average: &Exact) -> Option<Exact> {
    (!average.is_zero()).then(|| edge / average)
}

impl BetReport {
    /// The row of the bet `name` with exact figures `figures`, and with
    /// `staking` the name it stakes and that name's mean, its average wager.
    pub fn new(
        name: &str,
        figures: &BetFigures,
        staking: Option<(&str, Option<&Exact>)>,
    ) -> BetReport {
        let edge = figures.house_edge();
        let excluding = figures.house_edge_excluding_pushes();
        let average_wager = staking.and_then(|(_, mean)| mean.cloned());
        let risk = (average_wager.as_ref()).and_then(|a| element_of_risk(&edge, a));
        BetReport {
            staking: staking.map(|(name, _)| name.to_string()),
            average_wager_float: average_wager.as_ref().map(Exact::to_f64),
            average_wager,
            element_of_risk_percent: risk.as_ref().map(|r| r.to_f64() * 100.0),
            element_of_risk: risk,
            bet: name.to_string(),
            house_edge_percent: edge.to_f64() * 100.0,
            house_edge: edge,
            house_edge_excluding_pushes_percent: excluding.as_ref().map(|e| e.to_f64() * 100.0),
            house_edge_excluding_pushes: excluding,
            ev: figures.ev.clone(),
            std_dev: figures.variance.to_f64().max(0.0).sqrt(),
            variance: figures.variance.clone(),
            hit_frequency: figures.win.clone(),
            outcomes: figures
                .settlements
                .iter()
                .map(|(label, net, p)| OutcomeRow {
                    outcome: label.clone(),
                    net: net.clone(),
                    probability: p.clone(),
                    percent: p.to_f64() * 100.0,
                })
                .collect(),
        }
    }
}

/// A figure's value: exact, or the square root of an exact value.
enum Value {
    Exact(Exact),
    Sqrt(Exact),
    /// A strategy asked where the round never comes.
    Missing,
    /// A figure that has no value, and why: an element of risk where the
    /// average wager is 0.
    Undefined(&'static str),
    /// A figure of a session: not a round's, judged by the analysis
    /// ([`session_verdict`], [`estimate_verdict`]).
    Session,
    /// An estimate: a mean over samples, its standard error, and what it
    /// was estimated over, in words.
    Estimate {
        mean: f64,
        std_error: f64,
        what: String,
    },
}

fn figure(
    a: &Assertion,
    bets: &[BetFigures],
    means: &[Option<Exact>],
    distribution: &Distribution,
    program: &Program,
) -> Value {
    if a.figure.of_session() {
        return Value::Session;
    }
    match a.figure {
        Figure::Strategy => {
            let found = distribution
                .solution
                .as_ref()
                .zip(a.strategy.as_ref())
                .and_then(|(s, (name, option, key))| s.probability(program, name, option, key));
            return found.map_or(Value::Missing, Value::Exact);
        }
        Figure::Probability => return Value::Exact(distribution.outcomes[a.target].clone()),
        Figure::Mean => {
            return Value::Exact(
                means
                    .get(a.target)
                    .cloned()
                    .flatten()
                    .unwrap_or_else(Exact::zero),
            )
        }
        _ => {}
    }
    let f = &bets[a.target];
    if matches!(a.figure, Figure::AverageWager | Figure::ElementOfRisk) {
        // The checker lets these name only a bet `staking` a name, bound
        // at every end the evaluation accepted.
        let average = (program.bets.get(a.target))
            .and_then(|b| b.staking)
            .and_then(|i| means.get(i).cloned().flatten());
        return match (a.figure, average) {
            (Figure::AverageWager, Some(average)) => Value::Exact(average),
            (_, Some(average)) => element_of_risk(&f.house_edge(), &average).map_or(
                Value::Undefined("no element of risk: the average wager is 0"),
                Value::Exact,
            ),
            (_, None) => Value::Undefined("the bet stakes no name"),
        };
    }
    Value::Exact(match a.figure {
        Figure::HouseEdge => f.house_edge(),
        Figure::HouseEdgeExcludingPushes => f
            .house_edge_excluding_pushes()
            .unwrap_or_else(|| f.house_edge()),
        Figure::Ev => f.ev.clone(),
        Figure::Variance => f.variance.clone(),
        Figure::StdDev => return Value::Sqrt(f.variance.clone()),
        Figure::WinProbability => f.win.clone(),
        Figure::PushProbability => f.push.clone(),
        Figure::LoseProbability => f.lose.clone(),
        _ => Exact::zero(),
    })
}

/// Whether `x` relates to `value` (within `tolerance` for `~`), exactly.
fn holds_exact(x: &Exact, op: RelOp, value: &Exact, tolerance: &Exact) -> bool {
    match op {
        RelOp::Approx => &(value - tolerance) <= x && x <= &(value + tolerance),
        RelOp::Eq => x == value,
        RelOp::Lt => x < value,
        RelOp::Le => x <= value,
        RelOp::Gt => x > value,
        RelOp::Ge => x >= value,
    }
}

/// The same test on `sqrt(v)`, by squaring the bounds (both sides >= 0).
fn holds_sqrt(v: &Exact, op: RelOp, value: &Exact, tolerance: &Exact) -> bool {
    let square = |b: &Exact| b * b;
    let lo = value - tolerance;
    let hi = value + tolerance;
    match op {
        RelOp::Approx => {
            !hi.is_negative() && (lo.is_negative() || &square(&lo) <= v) && v <= &square(&hi)
        }
        RelOp::Eq => !value.is_negative() && v == &square(value),
        RelOp::Lt => value.is_positive() && v < &square(value),
        RelOp::Le => !value.is_negative() && v <= &square(value),
        RelOp::Gt => value.is_negative() || v > &square(value),
        RelOp::Ge => value.is_negative() || v >= &square(value),
    }
}

/// The verdict of an assertion, given the figures of every bet and the mean
/// of every final value.
pub(super) fn verdict(
    a: &Assertion,
    bets: &[BetFigures],
    means: &[Option<Exact>],
    distribution: &Distribution,
    program: &Program,
) -> Verdict {
    judged(a, figure(a, bets, means, distribution, program))
}

/// The verdict of the figure of a session `a`, whose value is `x`: as
/// `dicerules session` computes it at the table of its `at`.
pub fn session_verdict(a: &Assertion, x: Exact) -> Verdict {
    judged(a, Value::Exact(x))
}

/// The verdict of the estimated figure `a` (`shoe_margin`): `mean`, with
/// the standard error `std_error`, estimated `what` (over how many shoes
/// from which seed). The line holds where every value within 4 standard
/// errors of the mean does, and fails where none does; else it is
/// undecided, and does not hold.
pub fn estimate_verdict(a: &Assertion, mean: f64, std_error: f64, what: &str) -> Verdict {
    let what = what.to_string();
    judged(
        a,
        Value::Estimate {
            mean,
            std_error,
            what,
        },
    )
}

/// Whether every value of `lo..=hi` relates to `value` (within `tolerance`
/// for `~`), and whether none does.
fn holds_interval(lo: f64, hi: f64, op: RelOp, value: f64, tolerance: f64) -> (bool, bool) {
    let (v, t) = (value, tolerance);
    match op {
        RelOp::Approx => (v - t <= lo && hi <= v + t, hi < v - t || lo > v + t),
        RelOp::Eq => (false, hi < v || lo > v),
        RelOp::Lt => (hi < v, lo >= v),
        RelOp::Le => (hi <= v, lo > v),
        RelOp::Gt => (lo > v, hi <= v),
        RelOp::Ge => (lo >= v, hi < v),
    }
}

/// The verdict of `a` on its figure's value.
fn judged(a: &Assertion, value: Value) -> Verdict {
    let session = matches!(value, Value::Session);
    let estimated = matches!(value, Value::Estimate { .. });
    let squared = match &value {
        Value::Sqrt(v) => Some(v.clone()),
        _ => None,
    };
    let (holds, actual, actual_float, difference) = match value {
        Value::Session => (false, String::new(), f64::NAN, String::new()),
        Value::Estimate {
            mean,
            std_error,
            what,
        } => {
            let (lo, hi) = (mean - 4.0 * std_error, mean + 4.0 * std_error);
            let (v, t) = (a.value.to_f64(), a.tolerance.to_f64());
            let (all, none) = holds_interval(lo, hi, a.op, v, t);
            let undecided = if all || none { "" } else { "; undecided" };
            (
                all,
                format!(
                    "{mean:.4} ± {std_error:.4}, estimated {what} (4 standard errors: {lo:.4} to {hi:.4}){undecided}"
                ),
                mean,
                format!("{:+.4}", mean - v),
            )
        }
        Value::Missing => (
            false,
            "never chosen: no round comes to this choice with these values".to_string(),
            f64::NAN,
            "-".to_string(),
        ),
        Value::Undefined(why) => (false, why.to_string(), f64::NAN, "-".to_string()),
        Value::Exact(x) => (
            holds_exact(&x, a.op, &a.value, &a.tolerance),
            x.to_string(),
            x.to_f64(),
            (&x - &a.value).to_string(),
        ),
        Value::Sqrt(v) => {
            let f = v.to_f64().max(0.0).sqrt();
            let d = f - a.value.to_f64();
            (
                holds_sqrt(&v, a.op, &a.value, &a.tolerance),
                format!("{f}"),
                f,
                format!("{d}"),
            )
        }
    };
    let mut statement = format!("{} {} {}", a.quantity, a.op.symbol(), a.value_text);
    if a.op == RelOp::Approx && !a.tolerance.is_zero() {
        let shown = if a.value_text.ends_with('%') {
            format!("{}%", trim_float(a.tolerance.to_f64() * 100.0))
        } else {
            trim_float(a.tolerance.to_f64())
        };
        statement = format!("{statement} ± {shown}");
    }
    if let Some(t) = &a.table {
        statement = format!("{statement} at {t}");
    }
    if let Some(s) = &a.shoes {
        statement = format!("{statement} at {s}");
    }
    let mut verdict = Verdict {
        statement,
        text: a.text.clone(),
        with: a
            .with
            .iter()
            .map(|(name, value)| (name.clone(), value.to_string()))
            .collect(),
        checked: true,
        written_for: BTreeMap::new(),
        holds,
        actual,
        actual_float,
        difference_float: actual_float - a.value.to_f64(),
        difference,
        line: 0,
        estimated,
        squared,
    };
    if session {
        verdict.not_checked();
    }
    verdict
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn approximate_bounds_are_inclusive_and_exact() {
        let v = Exact::ratio(1, 10);
        let tol = Exact::ratio(1, 200);
        assert!(holds_exact(&Exact::ratio(21, 200), RelOp::Approx, &v, &tol));
        assert!(!holds_exact(
            &Exact::ratio(211, 2000),
            RelOp::Approx,
            &v,
            &tol
        ));
    }

    #[test]
    fn square_roots_compare_without_floats() {
        // sqrt(2) ~ 1.41 ± 0.005 holds; sqrt(2) = 1.41 does not.
        let two = Exact::int(2);
        assert!(holds_sqrt(
            &two,
            RelOp::Approx,
            &Exact::ratio(141, 100),
            &Exact::ratio(5, 1000)
        ));
        assert!(!holds_sqrt(
            &two,
            RelOp::Eq,
            &Exact::ratio(141, 100),
            &Exact::zero()
        ));
        assert!(holds_sqrt(
            &Exact::int(4),
            RelOp::Eq,
            &Exact::int(2),
            &Exact::zero()
        ));
        assert!(holds_sqrt(
            &two,
            RelOp::Gt,
            &Exact::ratio(14, 10),
            &Exact::zero()
        ));
    }
}
