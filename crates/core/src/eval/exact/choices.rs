//! A round with an announced choice: every option evaluated (options the
//! round cannot tell apart once), the best for the chooser's bet kept.

use std::sync::Arc;

use super::machine::evaluate_fixed;
use super::{Chosen, Distribution, Limits};
use crate::eval::coverage::Coverage;
use crate::eval::exact::figures::BetFigures;
use crate::eval::observe::Throws;
use crate::eval::value::Value;
use crate::eval::EvalError;
use crate::number::Exact;
use crate::program::{Choice, Program};

/// Evaluates every option of `choice`; the distribution of the option with
/// the highest expected value for the chooser's bet (the bet named like the
/// side that chooses, or the first bet), the first such option on a tie.
pub(super) fn evaluate(
    program: &Program,
    choice: &Choice,
    limits: Limits,
    coverage: &mut Option<Box<Coverage>>,
) -> Result<Distribution, EvalError> {
    let for_bet = program
        .bets
        .iter()
        .position(|b| b.name == choice.by)
        .unwrap_or(0);
    let mut options: Vec<(i64, Arc<Distribution>)> = Vec::with_capacity(choice.options.len());
    let mut throws = Throws::default();
    let mut work = 0;
    // Options under which the throws reading the choice are observed alike
    // lead to the same round, when the round reads the choice only there:
    // one evaluation serves them.
    let interchangeable = program.interchangeable.contains(choice.slot);
    // Each class of options evaluated: its representative and distribution.
    let mut evaluated: Vec<(Value, Arc<Distribution>)> = Vec::new();
    let mut class_of: Vec<usize> = Vec::with_capacity(choice.options.len());
    for &value in &choice.options {
        let class = if interchangeable {
            throws.canonical(program, choice.slot, Value::Int(value), limits.max_states)?
        } else {
            Value::Int(value)
        };
        let j = match evaluated.iter().position(|(c, _)| *c == class) {
            Some(j) => j,
            None => {
                let d = evaluate_fixed(
                    program,
                    limits,
                    Some(value),
                    &mut throws,
                    coverage,
                    &mut work,
                )?;
                evaluated.push((class, Arc::new(d)));
                evaluated.len() - 1
            }
        };
        class_of.push(j);
        options.push((value, evaluated[j].1.clone()));
    }
    // The best class for the chooser's bet, the first on a tie; with one
    // class there is nothing to weigh.
    let mut best_class = 0;
    if let (Some(bet), true) = (program.bets.get(for_bet), evaluated.len() > 1) {
        let mut best: Option<Exact> = None;
        for (j, (_, d)) in evaluated.iter().enumerate() {
            let ev = BetFigures::new(bet, d).ev;
            if best.as_ref().is_none_or(|b| ev > *b) {
                best = Some(ev);
                best_class = j;
            }
        }
    }
    let chosen = class_of.iter().position(|&j| j == best_class).unwrap_or(0);
    let mut main = (*options[chosen].1).clone();
    main.choice = Some(Chosen {
        value: options[chosen].0,
        for_bet,
        options,
    });
    Ok(main)
}
