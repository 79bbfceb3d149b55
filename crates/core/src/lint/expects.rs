//! `expect` lines that cannot fail, from the file alone.
//!
//! A figure of a bet is a function of the chances of its payouts: the
//! expected value lies between the smallest and the largest net the bet
//! can pay, a probability between 0 and 1, the variance between 0 and a
//! quarter of the squared spread of the nets. When the relation of an
//! `expect` holds over the whole range its figure can take, whatever the
//! chances, the line only restates what the payout lines (or probability
//! itself) define, and pins nothing the round decides:
//! `expect house_edge(player) <= 1` for a bet that loses at most its stake,
//! `expect win_probability(player) >= 0`. Claims quote rule books and are
//! left alone; so are `mean` (any whole number can be a final value) and
//! `strategy` (it fails where no round comes to the choice).

use super::values::first_takes;
use super::Lint;
use crate::ast::{self, RelOp};
use crate::number::Exact;
use crate::program::{Assertion, Bet, Figure, Program, Settle};

pub(super) fn lint(_file: &ast::File, program: &Program, lints: &mut Vec<Lint>) {
    for a in &program.expects {
        let Some((lo, hi)) = range(program, a) else {
            continue;
        };
        if always(a, &lo, &hi) {
            let range = if lo == hi {
                format!("is always {lo}")
            } else {
                format!("lies between {lo} and {hi}")
            };
            lints.push(Lint::ExpectRestates {
                span: a.span,
                label: format!("whatever the round's chances, `{}` {range}", a.quantity),
            });
        }
    }
}

/// Whether the relation holds for every figure in `lo..=hi`.
fn always(a: &Assertion, lo: &Exact, hi: &Exact) -> bool {
    let v = &a.value;
    match a.op {
        RelOp::Approx => &(v - &a.tolerance) <= lo && hi <= &(v + &a.tolerance),
        RelOp::Eq => lo == v && hi == v,
        RelOp::Lt => hi < v,
        RelOp::Le => hi <= v,
        RelOp::Gt => lo > v,
        RelOp::Ge => lo >= v,
    }
}

/// The smallest and largest value the figure of `a` can take over every
/// distribution of the round's ends; `None` where that says nothing.
fn range(program: &Program, a: &Assertion) -> Option<(Exact, Exact)> {
    let unit = || Some((Exact::zero(), Exact::one()));
    match a.figure {
        Figure::Probability => {
            if program.outcomes.len() == 1 {
                Some((Exact::one(), Exact::one()))
            } else {
                unit()
            }
        }
        Figure::Ruin => unit(),
        Figure::Mean
        | Figure::AverageWager
        | Figure::ElementOfRisk
        | Figure::Strategy
        | Figure::Net
        | Figure::NetSpread
        | Figure::Tenure
        | Figure::TenureNet => None,
        _ => {
            let nets = nets(program.bets.get(a.target)?);
            let (min, max) = (nets.iter().min()?.clone(), nets.iter().max()?.clone());
            let share = |f: fn(&Exact) -> bool| {
                let hits = nets.iter().filter(|n| f(n)).count();
                if hits == 0 {
                    Some((Exact::zero(), Exact::zero()))
                } else if hits == nets.len() {
                    Some((Exact::one(), Exact::one()))
                } else {
                    unit()
                }
            };
            let spread = &max - &min;
            let half = &spread / &Exact::int(2);
            match a.figure {
                Figure::Ev => Some((min, max)),
                Figure::HouseEdge => Some((-&max, -&min)),
                Figure::HouseEdgeExcludingPushes => {
                    let moving: Vec<&Exact> = nets.iter().filter(|n| !n.is_zero()).collect();
                    let (lo, hi) = (moving.iter().min()?, moving.iter().max()?);
                    Some((-*hi, -*lo))
                }
                Figure::Variance => Some((Exact::zero(), &half * &half)),
                Figure::StdDev => Some((Exact::zero(), half)),
                Figure::WinProbability => share(Exact::is_positive),
                Figure::PushProbability => share(Exact::is_zero),
                Figure::LoseProbability => share(Exact::is_negative),
                _ => None,
            }
        }
    }
}

/// The nets a bet can pay by its definition: every outcome's, or every
/// line's that some value reaches first; none that the file bounds for a
/// bet that `pays` a name (any whole number).
fn nets(bet: &Bet) -> Vec<Exact> {
    match &bet.settle {
        Settle::Outcomes(pays) => pays.iter().map(|p| p.net.clone()).collect(),
        Settle::Value { .. } if bet.pays().is_some() => Vec::new(),
        Settle::Value { lines, .. } => first_takes(lines)
            .iter()
            .zip(lines)
            .filter(|(first, _)| !first.is_empty())
            .map(|(_, (_, p))| p.net.clone())
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn restating(figure: &str) -> bool {
        let source = format!(
            "game \"g\"\noutcomes a, b\nround {{ throw t = d6\n if t is 6 {{ end a }}\n end b }}\nbet x {{ a => win 2 to 1  b => lose }}\nexpect {figure}\n"
        );
        let (_, program) = crate::check::load(&source, &Default::default()).expect("checks");
        let mut lints = Vec::new();
        lint(&ast::File { items: Vec::new() }, &program, &mut lints);
        !lints.is_empty()
    }

    #[test]
    fn definitions_are_told_from_figures() {
        assert!(restating("house_edge(x) <= 1"));
        assert!(restating("ev(x) >= -1"));
        assert!(restating("win_probability(x) >= 0"));
        assert!(restating("push_probability(x) = 0"));
        assert!(restating("variance(x) <= 9/4"));
        assert!(restating("std_dev(x) ~ 0.75 ± 0.75"));
        assert!(restating("probability(a) <= 1"));
        assert!(!restating("house_edge(x) = 1/2"));
        assert!(!restating("house_edge(x) < 1"));
        assert!(!restating("variance(x) < 9/4"));
        assert!(!restating("win_probability(x) > 0"));
    }
}
