//! The exact figures of a distribution: a bet's expected value, variance
//! and settlements, and the mean of a final value. Pure arithmetic on the
//! evaluator's weights, shared by the choice of an option
//! ([`crate::eval::exact`]), the report, the simulator and the table.

use super::Distribution;
use crate::eval::weight::{Factor, Weight};
use crate::number::Exact;
use crate::program::Bet;

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
}
