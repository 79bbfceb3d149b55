//! The ends of a round: each outcome and final values with its weight, as
//! the evaluator collects them.

use std::collections::hash_map::Entry;

use rustc_hash::FxHashMap;
use smallvec::SmallVec;

use crate::eval::value::Value;
use crate::eval::weight::{Factor, Memo, Weight};
use crate::eval::EvalError;
use crate::number::Exact;
use crate::program::hands::outcome_code;
use crate::program::{Program, Settle, ValueKind};

/// The denominator of a wide weight, to tell whether an addition kept it.
fn denominator(w: &Weight) -> Option<*const num_bigint::BigUint> {
    match w {
        Weight::Wide(_, d) => Some(std::sync::Arc::as_ptr(d)),
        Weight::Small(..) => None,
    }
}

/// The work of an addition to an end's sum, now `sum`, whose denominator was
/// `before`: the words of its numerator when the denominator stayed (the
/// sum after the same throw, one pass over the numerator); the square of
/// them when it changed (a sum of unlike denominators, cross products),
/// times 64 past 64 words (a binary gcd reduces it). Measured: charging
/// every addition as the unlike kind stopped twenty-six with 200 throws,
/// 0.5 s of work, at the limit of ten seconds.
fn addition_work(sum: &Weight, before: Option<*const num_bigint::BigUint>) -> u64 {
    let words = sum.words() as u64;
    match (before, denominator(sum)) {
        (Some(a), Some(b)) if a == b => words,
        (None, None) => words,
        _ => {
            let gcd = if words > 64 { 64 } else { 1 };
            words.saturating_mul(words).saturating_mul(gcd)
        }
    }
}

/// One way a round ends, with its probability.
#[derive(Clone, Debug)]
pub struct End {
    pub outcome: Option<usize>,
    /// The final value of each of `Program::finals`; `None` when unbound.
    pub values: Vec<Option<i64>>,
    /// The probability as the evaluator's unreduced fraction: the ends of a
    /// round mostly share its denominator, so sums of these are cheap.
    pub weight: Weight,
}

impl End {
    /// The probability, reduced.
    pub fn probability(&self) -> Exact {
        self.weight.to_exact()
    }
}

impl PartialEq for End {
    fn eq(&self, other: &End) -> bool {
        self.outcome == other.outcome
            && self.values == other.values
            && self.weight.same_value(&other.weight)
    }
}

impl Eq for End {}

/// The key of an end: its outcome and the final values.
pub fn end_key(
    program: &Program,
    outcome: Option<usize>,
    env: &[Value],
) -> (Option<usize>, Vec<Option<i64>>) {
    (outcome, final_values(program, outcome, env).into_vec())
}

/// An end as the evaluator collects it: its outcome and final values.
type EndKey = (Option<usize>, SmallVec<[Option<i64>; 4]>);

/// The final values of a state ending with `outcome`, inline; where the
/// round splits, the other hand's settlement ([`Program::other_hand`]);
/// then each choosing side's sequence. A condition `--show` asks for is 1
/// or 0.
#[inline(always)]
fn final_values(
    program: &Program,
    outcome: Option<usize>,
    env: &[Value],
) -> SmallVec<[Option<i64>; 4]> {
    let finals = (program.finals.iter()).map(|f| final_value(env, f.slot, &f.kind));
    let sides =
        (program.sides.iter()).map(|s| final_value(env, s.slot, &ValueKind::Number).or(Some(0)));
    let Some(split) = &program.split else {
        return finals.chain(sides).collect();
    };
    let split_here = match &split.other {
        None => env.get(split.flag) == Some(&Value::Bool(true)),
        Some(other) => matches!(env.get(other.outcome), Some(Value::Int(_))),
    };
    if !split_here {
        let none = std::iter::repeat_n(None, program.other_width());
        return finals.chain(none).chain(sides).collect();
    }
    let mut values: SmallVec<[Option<i64>; 4]> = finals.collect();
    other_hand(program, split, outcome, env, &mut values);
    values.extend(sides);
    values
}

/// The value of `slot` at an end, as a final value of `kind`.
#[inline(always)]
fn final_value(env: &[Value], slot: usize, kind: &ValueKind) -> Option<i64> {
    match (env.get(slot), kind) {
        (Some(Value::Int(n)), _) => Some(*n),
        (Some(Value::Bool(b)), ValueKind::Condition) => Some(i64::from(*b)),
        _ => None,
    }
}

/// The other hand's settlement at an end of a round that split, after
/// `values`: as checked, the hands are alike (the other ends as this one);
/// played in turn, its slots.
#[cold]
fn other_hand(
    program: &Program,
    split: &crate::program::Split,
    outcome: Option<usize>,
    env: &[Value],
    values: &mut SmallVec<[Option<i64>; 4]>,
) {
    match &split.other {
        None => {
            values.push(Some(outcome_code(outcome)));
            for i in 0..program.finals.len() {
                values.push(values[i]);
            }
        }
        Some(other) => {
            values.push(final_value(env, other.outcome, &ValueKind::Number));
            let slots = other.finals.iter().zip(&program.finals);
            values.extend(slots.map(|(&slot, f)| final_value(env, slot, &f.kind)));
        }
    }
}

/// A side's sequence in a state; 0 for a side that does not exist.
pub(super) fn sequence(program: &Program, env: &[Value], side: usize) -> u32 {
    match program.sides.get(side).map(|s| env[s.slot]) {
        Some(Value::Int(n)) => n as u32,
        _ => 0,
    }
}

/// The ends as the evaluator collects them, without allocating a key each:
/// by outcome alone when the round keeps no values to its end (the common
/// case, and a vector then serves), else by outcome and values.
pub(super) struct Ends {
    /// Whether ends carry values: final values, or choosing sides.
    keyed: bool,
    /// Without values: each outcome's weight, then that of no outcome.
    plain: Vec<Option<Weight>>,
    with_values: FxHashMap<EndKey, Weight>,
}

impl Ends {
    pub(super) fn new(program: &Program) -> Ends {
        Ends {
            keyed: !program.finals.is_empty()
                || !program.sides.is_empty()
                || program.split.is_some(),
            plain: vec![None; program.outcomes.len() + 1],
            with_values: FxHashMap::default(),
        }
    }

    /// Adds `weight` times `factor` to the end with `outcome` and the final
    /// values of `env`; returns the work it took (see [`addition_work`]).
    pub(super) fn add(
        &mut self,
        program: &Program,
        outcome: Option<usize>,
        env: &[Value],
        weight: &Weight,
        factor: &Factor,
        memo: &mut Memo,
    ) -> u64 {
        let values = self.keyed.then(|| final_values(program, outcome, env));
        self.add_at(outcome, values, weight, factor, memo)
    }

    /// Adds `weight` times the weight of `end` (of another collection) to
    /// the end alike; returns the work it took.
    pub(super) fn add_end(&mut self, end: &End, weight: &Weight, memo: &mut Memo) -> u64 {
        let values = self.keyed.then(|| end.values.iter().copied().collect());
        self.add_at(end.outcome, values, weight, &end.weight.as_factor(), memo)
    }

    /// Adds `weight` times `factor` to the end with `outcome` and, where
    /// ends are keyed, `values`.
    fn add_at(
        &mut self,
        outcome: Option<usize>,
        values: Option<SmallVec<[Option<i64>; 4]>>,
        weight: &Weight,
        factor: &Factor,
        memo: &mut Memo,
    ) -> u64 {
        let sum = match values {
            Some(values) => match self.with_values.entry((outcome, values)) {
                Entry::Occupied(sum) => sum.into_mut(),
                Entry::Vacant(slot) => {
                    return slot.insert(weight.scaled_in(factor, memo)).words() as u64;
                }
            },
            None => {
                let at = outcome.unwrap_or(self.plain.len() - 1);
                match &mut self.plain[at] {
                    Some(sum) => sum,
                    none => {
                        let first = weight.scaled_in(factor, memo);
                        let words = first.words() as u64;
                        *none = Some(first);
                        return words;
                    }
                }
            }
        };
        let before = denominator(sum);
        sum.add_product(weight, factor, memo);
        addition_work(sum, before)
    }

    /// Every end reached, with its weight.
    pub(super) fn into_ends(self) -> Vec<End> {
        let last = self.plain.len() - 1;
        let plain = self.plain.into_iter().enumerate().filter_map(|(o, w)| {
            w.map(|weight| End {
                outcome: (o != last).then_some(o),
                values: Vec::new(),
                weight,
            })
        });
        let keyed = self
            .with_values
            .into_iter()
            .map(|((outcome, values), weight)| End {
                outcome,
                values: values.into_vec(),
                weight,
            });
        plain.chain(keyed).collect()
    }
}

/// Checks that every end is settled by every bet on values, and sees the
/// stake of every bet `staking` a name.
pub(super) fn check_settled(program: &Program, ends: &[End]) -> Result<(), EvalError> {
    for bet in &program.bets {
        if let Some(staking) = bet.staking {
            if ends
                .iter()
                .any(|end| end.values.get(staking).copied().flatten().is_none())
            {
                return Err(EvalError::Unstaked {
                    bet: bet.name.clone(),
                    name: program.finals[staking].name.clone(),
                    span: program.finals[staking].span,
                });
            }
        }
        let Settle::Value { final_index, lines } = &bet.settle else {
            continue;
        };
        for end in ends {
            let value = end.values[*final_index];
            let settled = value.is_some_and(|v| lines.iter().any(|(m, _)| m.matches(v)));
            if !settled {
                return Err(EvalError::UnsettledValue {
                    bet: bet.name.clone(),
                    name: program.finals[*final_index].name.clone(),
                    value: value.map_or("unbound".to_string(), |v| format!("= {v}")),
                    span: bet.span,
                });
            }
        }
    }
    Ok(())
}
