//! The exact evaluator: a distribution over interpreter states.
//!
//! A state is a position in the compiled round and the values of the slots
//! live there. States waiting at the same position are merged when equal,
//! and positions are processed in order, so every state reaching a position
//! is merged before it moves on. Weights are exact rationals.

use std::collections::BTreeMap;

use num_bigint::{BigInt, BigUint};
use num_rational::BigRational;
use num_traits::{One, Zero};
use rustc_hash::FxHashMap;

use super::pool;
use super::value::{eval, test, Env, Value};
use super::EvalError;
use crate::number::Exact;
use crate::program::{Instr, Program};

/// The default bound on states alive at once.
pub const DEFAULT_MAX_STATES: usize = 2_000_000;

/// How the evaluation may grow.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    pub max_states: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_states: DEFAULT_MAX_STATES,
        }
    }
}

/// The exact probability of each outcome of a round.
#[derive(Clone, Debug)]
pub struct Distribution {
    /// Indexed by outcome.
    pub outcomes: Vec<Exact>,
    /// The most states alive at once, a measure of the work done.
    pub peak_states: usize,
}

type States = FxHashMap<Env, BigRational>;

/// Each distinct result of a throw with its number of ordered ways.
type ThrowResults = Vec<(Box<[u32]>, BigInt)>;

struct Machine<'p> {
    program: &'p Program,
    frontier: BTreeMap<usize, States>,
    alive: usize,
    peak: usize,
    limits: Limits,
    throws: FxHashMap<(u32, u32), ThrowResults>,
}

/// Evaluates a round exactly.
pub fn evaluate(program: &Program, limits: Limits) -> Result<Distribution, EvalError> {
    let mut m = Machine {
        program,
        frontier: BTreeMap::new(),
        alive: 0,
        peak: 0,
        limits,
        throws: FxHashMap::default(),
    };
    let start: Env = vec![Value::Unset; program.slots.len()].into_boxed_slice();
    m.push(0, start, BigRational::one(), program.round_span)?;
    let mut outcomes = vec![BigRational::zero(); program.outcomes.len()];
    while let Some((pc, states)) = m.frontier.pop_first() {
        m.alive -= states.len();
        for (env, weight) in states {
            m.step(pc, env, weight, &mut outcomes)?;
        }
    }
    Ok(Distribution {
        outcomes: outcomes.into_iter().map(Exact).collect(),
        peak_states: m.peak,
    })
}

impl Machine<'_> {
    /// Adds a state at `pc`, dropping the values dead there.
    fn push(
        &mut self,
        pc: usize,
        mut env: Env,
        weight: BigRational,
        span: crate::ast::Span,
    ) -> Result<(), EvalError> {
        if let Some(live) = self.program.live_in.get(pc) {
            for (slot, value) in env.iter_mut().enumerate() {
                if !live.contains(slot) {
                    *value = Value::Unset;
                }
            }
        }
        let states = self.frontier.entry(pc).or_default();
        match states.get_mut(&env) {
            Some(w) => *w += weight,
            None => {
                states.insert(env, weight);
                self.alive += 1;
                self.peak = self.peak.max(self.alive);
                if self.alive > self.limits.max_states {
                    return Err(EvalError::StateLimit {
                        limit: self.limits.max_states,
                        span,
                    });
                }
            }
        }
        Ok(())
    }

    fn throw_results(&mut self, count: u32, sides: u32) -> &[(Box<[u32]>, BigInt)] {
        self.throws.entry((count, sides)).or_insert_with(|| {
            pool::outcomes(count, sides)
                .into_iter()
                .map(|(faces, ways)| (faces.into_boxed_slice(), BigInt::from(ways)))
                .collect()
        })
    }

    fn step(
        &mut self,
        pc: usize,
        env: Env,
        weight: BigRational,
        outcomes: &mut [BigRational],
    ) -> Result<(), EvalError> {
        let program = self.program;
        match &program.code[pc] {
            Instr::Throw {
                slot,
                count,
                sides,
                until,
                span,
            } => {
                let results = self.throw_results(*count, *sides).to_vec();
                let mut kept: Vec<(Env, BigInt)> = Vec::with_capacity(results.len());
                let mut total = BigInt::zero();
                for (faces, ways) in results {
                    let mut next = env.clone();
                    next[*slot] = Value::Pool(faces);
                    if let Some(cond) = until {
                        if !test(program, &next, cond)? {
                            continue;
                        }
                    }
                    total += &ways;
                    kept.push((next, ways));
                }
                if total.is_zero() {
                    return Err(EvalError::RerollNeverSucceeds {
                        span: until.as_ref().map_or(*span, |u| u.span),
                    });
                }
                for (next, ways) in kept {
                    let w = &weight * BigRational::new(ways, total.clone());
                    self.push(pc + 1, next, w, *span)?;
                }
            }
            Instr::Assign { slot, value } => {
                let v = eval(program, &env, value)?;
                let mut next = env;
                next[*slot] = v;
                self.push(pc + 1, next, weight, value.span)?;
            }
            Instr::Branch { cond, otherwise } => {
                let target = if test(program, &env, cond)? {
                    pc + 1
                } else {
                    *otherwise
                };
                self.push(target, env, weight, cond.span)?;
            }
            Instr::Jump(target) => self.push(*target, env, weight, program.round_span)?,
            Instr::End { outcome } => outcomes[*outcome] += weight,
            Instr::Finish => {
                return Err(EvalError::NoOutcome {
                    span: program.round_span,
                })
            }
        }
        Ok(())
    }
}

/// The total weight of a throw's results: `sides^count`.
pub fn throw_total(count: u32, sides: u32) -> BigUint {
    num_traits::pow(BigUint::from(sides), count as usize)
}
