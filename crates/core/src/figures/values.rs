//! The distribution of each final value of a round (a name some bet is
//! settled on, or a `--show` expression) from the round's ends: each value's
//! probability, at least and at most, the probability of no value, what each
//! bet on it pays.

use std::collections::BTreeMap;

use crate::eval::exact::Distribution;
use crate::eval::weight::Weight;
use crate::number::Exact;
use crate::program::{Final, Program, Settle, Shown, ValueKind};
use crate::report::{ValueDistribution, ValueRow};

/// The distribution of every final value of `program`, in its order;
/// `means` holds each one's mean over the ends with a value.
pub(super) fn values(
    program: &Program,
    distribution: &Distribution,
    means: &[Option<Exact>],
) -> Vec<ValueDistribution> {
    program
        .finals
        .iter()
        .enumerate()
        .map(|(i, f)| {
            let mut by_value: BTreeMap<i64, Weight> = BTreeMap::new();
            let mut none = Weight::zero();
            for end in &distribution.ends {
                match end.values.get(i) {
                    Some(Some(v)) => by_value.entry(*v).or_default().add(&end.weight),
                    _ => none.add(&end.weight),
                }
            }
            let no_value = none.to_exact();
            distribution_of(
                program,
                i,
                f,
                by_value,
                no_value,
                means.get(i).cloned().flatten(),
            )
        })
        .collect()
}

/// The entry of `f`, the `i`th final value, from the weight of each value.
fn distribution_of(
    program: &Program,
    i: usize,
    f: &Final,
    by_value: BTreeMap<i64, Weight>,
    no_value: Exact,
    mean: Option<Exact>,
) -> ValueDistribution {
    // Cumulative sums, unreduced: from below for "at most", from above for
    // "at least".
    let weights: Vec<(i64, Weight)> = by_value.into_iter().collect();
    let mut at_most = Vec::with_capacity(weights.len());
    let mut sum = Weight::zero();
    for (_, w) in &weights {
        sum.add(w);
        at_most.push(sum.to_exact());
    }
    let mut at_least = vec![Exact::zero(); weights.len()];
    let mut sum = Weight::zero();
    for (j, (_, w)) in weights.iter().enumerate().rev() {
        sum.add(w);
        at_least[j] = sum.to_exact();
    }
    let rows = weights
        .into_iter()
        .zip(at_least.into_iter().zip(at_most))
        .map(|((value, weight), (at_least, at_most))| {
            let probability = weight.to_exact();
            ValueRow {
                value,
                label: label(&f.kind, value),
                percent: probability.to_f64() * 100.0,
                probability,
                at_least_percent: at_least.to_f64() * 100.0,
                at_least,
                at_most_percent: at_most.to_f64() * 100.0,
                at_most,
                pays: pays(program, i, value),
            }
        })
        .collect();
    ValueDistribution {
        name: f.name.clone(),
        shown: f.shown != Shown::No,
        kind: match f.kind {
            ValueKind::Number => "number",
            ValueKind::Condition => "condition",
            ValueKind::Total { .. } => "total",
            ValueKind::Labels(_) => "label",
        },
        mean: mean.filter(|_| !matches!(f.kind, ValueKind::Labels(_))),
        no_value_percent: no_value.to_f64() * 100.0,
        no_value,
        rows,
    }
}

/// A value as words where it is not a number.
fn label(kind: &ValueKind, value: i64) -> Option<String> {
    match kind {
        ValueKind::Number | ValueKind::Total { .. } => None,
        ValueKind::Condition => Some((if value != 0 { "true" } else { "false" }).to_string()),
        ValueKind::Labels(labels) => usize::try_from(value)
            .ok()
            .and_then(|i| labels.get(i))
            .cloned(),
    }
}

/// What each bet settled on the `i`th final value pays for `value`.
fn pays(program: &Program, i: usize, value: i64) -> Vec<String> {
    program
        .bets
        .iter()
        .filter_map(|b| match &b.settle {
            Settle::Value { final_index, .. } if *final_index == i => {
                let pay = b.value_payout(value)?;
                Some(format!("{}: {}", b.name, pay.label))
            }
            _ => None,
        })
        .collect()
}

/// Whether two distributions of one program end alike once the values
/// recorded only for `--show` are set aside: what an announced choice's
/// options are compared by, so that a show changes no figure.
pub(super) fn alike(program: &Program, a: &Distribution, b: &Distribution) -> bool {
    let only: Vec<bool> = program
        .finals
        .iter()
        .map(|f| f.shown == Shown::Only)
        .collect();
    if !only.contains(&true) {
        return a.ends == b.ends;
    }
    let summed = |d: &Distribution| {
        let mut by_key: BTreeMap<(Option<usize>, Vec<Option<i64>>), Weight> = BTreeMap::new();
        for end in &d.ends {
            let values = end
                .values
                .iter()
                .enumerate()
                .filter(|(j, _)| !only.get(*j).copied().unwrap_or(false))
                .map(|(_, v)| *v)
                .collect();
            by_key
                .entry((end.outcome, values))
                .or_default()
                .add(&end.weight);
        }
        by_key
            .into_iter()
            .map(|(k, w)| (k, w.to_exact()))
            .collect::<Vec<_>>()
    };
    summed(a) == summed(b)
}
