//! The figures of a bet, computed exactly from the outcome distribution,
//! and the verdicts of `expect` / `claim` lines on them.

use super::{BetReport, OutcomeRow, Verdict};
use crate::ast::RelOp;
use crate::eval::exact::Distribution;
use crate::eval::weight::{Factor, Weight};
use crate::number::Exact;
use crate::program::{Assertion, Bet, Figure, Program};

/// The mean final value of `Program::finals[index]`, over the ends where it
/// is bound; `None` if it is never bound.
pub fn mean(distribution: &Distribution, index: usize) -> Option<Exact> {
    // Unreduced sums: positive and negative values apart, weights scaled by
    // whole numbers keep their denominators.
    let (mut above, mut below, mut mass) = (Weight::zero(), Weight::zero(), Weight::zero());
    for end in &distribution.ends {
        if let Some(Some(v)) = end.values.get(index) {
            let scaled = end
                .weight
                .scaled(&Factor::Small(u128::from(v.unsigned_abs()), 1));
            if *v >= 0 {
                above.add(&scaled);
            } else {
                below.add(&scaled);
            }
            mass.add(&end.weight);
        }
    }
    let mass = mass.to_exact();
    (!mass.is_zero()).then(|| &(&above.to_exact() - &below.to_exact()) / &mass)
}

/// Exact figures of one bet.
#[derive(Clone, Debug)]
pub struct BetFigures {
    /// Settlements in order of first appearance: (label, net, probability).
    pub settlements: Vec<(String, Exact, Exact)>,
    pub ev: Exact,
    pub variance: Exact,
    pub win: Exact,
    pub push: Exact,
    pub lose: Exact,
}

impl BetFigures {
    pub fn new(bet: &Bet, distribution: &Distribution) -> BetFigures {
        // Summed as the evaluator's unreduced weights, reduced once each.
        let mut sums: Vec<(String, Exact, Weight)> = Vec::new();
        let paid = distribution
            .ends
            .iter()
            .filter_map(|end| Some((bet.payout(end.outcome, &end.values)?, &end.weight)));
        for (pay, w) in paid {
            match sums
                .iter_mut()
                .find(|(l, n, _)| *l == pay.label && *n == pay.net)
            {
                Some((_, _, q)) => q.add(w),
                None => sums.push((pay.label.clone(), pay.net.clone(), w.clone())),
            }
        }
        // The moments as unreduced sums too: a net is a fraction a/b, and
        // gains and losses are summed apart so that factors stay positive.
        let (mut gains, mut losses, mut second) = (Weight::zero(), Weight::zero(), Weight::zero());
        let (mut win, mut push, mut lose) = (Weight::zero(), Weight::zero(), Weight::zero());
        for (_, net, w) in &sums {
            let f = Factor::magnitude(net);
            second.add(&w.scaled(&f).scaled(&f));
            if net.is_positive() {
                gains.add(&w.scaled(&f));
                win.add(w);
            } else if net.is_zero() {
                push.add(w);
            } else {
                losses.add(&w.scaled(&f));
                lose.add(w);
            }
        }
        let ev = &gains.to_exact() - &losses.to_exact();
        let second = second.to_exact();
        let (win, push, lose) = (win.to_exact(), push.to_exact(), lose.to_exact());
        let mut settlements: Vec<(String, Exact, Exact)> = sums
            .into_iter()
            .map(|(label, net, w)| (label, net, w.to_exact()))
            .collect();
        // Best settlement first; equal nets keep their order.
        settlements.sort_by(|a, b| b.1.cmp(&a.1));
        let variance = &second - &(&ev * &ev);
        BetFigures {
            settlements,
            ev,
            variance,
            win,
            push,
            lose,
        }
    }

    pub fn house_edge(&self) -> Exact {
        -&self.ev
    }

    /// The edge over rounds that do not push, when some do.
    pub fn house_edge_excluding_pushes(&self) -> Option<Exact> {
        let resolved = &Exact::one() - &self.push;
        if self.push.is_zero() || resolved.is_zero() {
            None
        } else {
            Some(&self.house_edge() / &resolved)
        }
    }

    pub fn report(&self, name: &str) -> BetReport {
        let edge = self.house_edge();
        let excluding = self.house_edge_excluding_pushes();
        BetReport {
            bet: name.to_string(),
            house_edge_percent: edge.to_f64() * 100.0,
            house_edge: edge,
            house_edge_excluding_pushes_percent: excluding.as_ref().map(|e| e.to_f64() * 100.0),
            house_edge_excluding_pushes: excluding,
            ev: self.ev.clone(),
            std_dev: self.variance.to_f64().max(0.0).sqrt(),
            variance: self.variance.clone(),
            hit_frequency: self.win.clone(),
            outcomes: self
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
}

fn figure(
    a: &Assertion,
    bets: &[BetFigures],
    means: &[Option<Exact>],
    distribution: &Distribution,
    program: &Program,
) -> Value {
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
        Figure::Probability | Figure::Mean | Figure::Strategy => Exact::zero(),
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
    let (holds, actual, actual_float, difference) =
        match figure(a, bets, means, distribution, program) {
            Value::Missing => (
                false,
                "never chosen: no round comes to this choice with these values".to_string(),
                f64::NAN,
                "-".to_string(),
            ),
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
            format!("{}%", super::text::trim_float(a.tolerance.to_f64() * 100.0))
        } else {
            super::text::trim_float(a.tolerance.to_f64())
        };
        statement = format!("{statement} ± {shown}");
    }
    Verdict {
        statement,
        text: a.text.clone(),
        holds,
        actual,
        actual_float,
        difference_float: actual_float - a.value.to_f64(),
        difference,
        line: 0,
    }
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
