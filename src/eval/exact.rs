//! The exact evaluator: a distribution over interpreter states.
//!
//! A state is a position in the compiled round and the values of the slots
//! live there. Each state runs straight through the steps without chance
//! (`let`, `set`, `if`, jumps) until it reaches a throw or an `end`. States
//! waiting at the same throw are merged when equal (dead values cleared
//! first), and throws are processed in order of position, so every state
//! reaching a throw is merged before the throw multiplies it. An `end` adds
//! the state's weight to its outcome. Weights are exact ([`Weight`]).

use std::collections::BTreeMap;
use std::rc::Rc;

use num_bigint::{BigInt, BigUint};
use num_traits::Zero;
use rustc_hash::FxHashMap;

use super::pool;
use super::value::{eval, test, Context, Env, Pools, Value};
use super::weight::{Factor, Memo, Weight};
use super::EvalError;
use crate::ast::Span;
use crate::number::Exact;
use crate::program::{Instr, Program, Settle};

/// The default bound on states alive at once.
/// Measured: a round that hits this bound stops after about 1 s and 600 MB.
pub const DEFAULT_MAX_STATES: usize = 1_000_000;

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

/// The exact probability of each way a round ends.
#[derive(Clone, Debug)]
pub struct Distribution {
    /// The probability of each outcome, indexed by outcome.
    pub outcomes: Vec<Exact>,
    /// Every distinct end: its outcome (none when the round ran to its last
    /// statement) and the values of `Program::finals`, in a fixed order.
    pub ends: Vec<End>,
    /// The most states alive at once, a measure of the work done.
    pub peak_states: usize,
    /// For a round with a choice: the value chosen for the figures above
    /// (the best for the chooser's bet), and every option's distribution.
    pub choice: Option<Chosen>,
}

/// The options of a round's choice, each evaluated.
#[derive(Clone, Debug)]
pub struct Chosen {
    pub value: i64,
    /// The bet whose expected value the choice maximises.
    pub for_bet: usize,
    pub options: Vec<(i64, Distribution)>,
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

/// An end as the evaluator collects it.
type EndKey = (Option<usize>, Vec<Option<i64>>);

/// The key of an end: its outcome and the final values.
pub fn end_key(program: &Program, outcome: Option<usize>, env: &[Value]) -> EndKey {
    let values = program
        .finals
        .iter()
        .map(|f| match env.get(f.slot) {
            Some(Value::Int(n)) => Some(*n),
            _ => None,
        })
        .collect();
    (outcome, values)
}

/// Checks that every end is settled by every bet on values.
fn check_settled(program: &Program, ends: &[End]) -> Result<(), EvalError> {
    for bet in &program.bets {
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

type States = FxHashMap<Env, Weight>;

/// One distinct result of a throw: its interned id, its number of ordered
/// ways, and its probability as a factor.
struct ThrowResult {
    pool: u32,
    ways: BigInt,
    factor: Factor,
}

/// A throw's results depend on its slot, its dice, and the values of the
/// other names its observers read.
type ThrowKey = (usize, u32, u32, Vec<Value>);

/// Every multiset result of some dice: (interned throw, ordered ways).
type RawResults = Rc<[(u32, BigInt)]>;

/// What the evaluations of a round's options share: the interned throws and
/// every multiset result of the dice thrown, computed once.
#[derive(Default)]
struct Shared {
    pools: Pools,
    raw: FxHashMap<(u32, u32), RawResults>,
}

impl Shared {
    /// Every multiset of `count`d`sides`, interned, with its ordered ways.
    fn raw(&mut self, count: u32, sides: u32) -> RawResults {
        if let Some(raw) = self.raw.get(&(count, sides)) {
            return raw.clone();
        }
        let raw: RawResults = pool::outcomes(count, sides)
            .into_iter()
            .map(|(faces, ways)| (self.pools.intern(&faces), BigInt::from(ways)))
            .collect();
        self.raw.insert((count, sides), raw.clone());
        raw
    }
}

struct Machine<'p> {
    program: &'p Program,
    shared: Shared,
    /// The value of the round's choice in this evaluation.
    option: Option<i64>,
    frontier: BTreeMap<usize, States>,
    alive: usize,
    peak: usize,
    limits: Limits,
    /// The (projected) results of each throw, by slot, dice and the values
    /// of the other names its observers read.
    throws: FxHashMap<ThrowKey, Rc<[ThrowResult]>>,
    /// For each throw slot, the other slots its observers read.
    contexts: FxHashMap<usize, Rc<[usize]>>,
    memo: Memo,
}

/// Evaluates a round exactly. With a choice, every option is evaluated and
/// the distribution returned is that of the option with the highest expected
/// value for the chooser's bet (the bet named like the side that chooses, or
/// the first bet), the first such option on a tie.
pub fn evaluate(program: &Program, limits: Limits) -> Result<Distribution, EvalError> {
    let Some(choice) = &program.choice else {
        return evaluate_fixed(program, limits, None, &mut Shared::default());
    };
    let for_bet = program
        .bets
        .iter()
        .position(|b| b.name == choice.by)
        .unwrap_or(0);
    let mut options: Vec<(i64, Distribution)> = Vec::with_capacity(choice.options.len());
    let mut shared = Shared::default();
    let mut best: Option<(Exact, usize)> = None;
    // Options whose throws group alike, in a round that reads the choice
    // only through those throws, evaluate alike: one evaluation serves them.
    let shareable = crate::check::choice_only_counted(program);
    let mut evaluated: Vec<(Signature, usize)> = Vec::new();
    for (i, &value) in choice.options.iter().enumerate() {
        let specialised = crate::check::specialise(program, value);
        let signature = if shareable {
            signature(&specialised, &mut shared)?
        } else {
            None
        };
        let same = signature
            .as_ref()
            .and_then(|sig| evaluated.iter().find(|(s, _)| s == sig))
            .map(|&(_, j)| j);
        let distribution = match same {
            Some(j) => options[j].1.clone(),
            None => {
                if let Some(sig) = signature {
                    evaluated.push((sig, i));
                }
                evaluate_fixed(&specialised, limits, Some(value), &mut shared)?
            }
        };
        if let Some(bet) = program.bets.get(for_bet) {
            let ev = crate::report::BetFigures::new(bet, &distribution).ev;
            if best.as_ref().is_none_or(|(b, _)| ev > *b) {
                best = Some((ev, i));
            }
        }
        options.push((value, distribution));
    }
    let chosen = best.map_or(0, |(_, i)| i);
    let mut main = options[chosen].1.clone();
    main.choice = Some(Chosen {
        value: options[chosen].0,
        for_bet,
        options,
    });
    Ok(main)
}

/// How every throw of a round is observed: for each slot and dice thrown,
/// the sorted list of (observations, ways) the results group into.
type Signature = Vec<(usize, u32, u32, Vec<(Vec<Value>, BigInt)>)>;

/// The signature of a round whose throws are all projected by observations
/// of the throw alone; `None` when some throw is not.
fn signature(program: &Program, shared: &mut Shared) -> Result<Option<Signature>, EvalError> {
    let mut out = Vec::new();
    for instr in &program.code {
        let Instr::Throw {
            slot, count, sides, ..
        } = instr
        else {
            continue;
        };
        // A slot's throws of the same dice share their observers.
        if out
            .iter()
            .any(|(s, c, d, _)| (s, c, d) == (slot, count, sides))
        {
            continue;
        }
        if !matches!(program.observers.get(*slot), Some(Some(_))) {
            return Ok(None);
        }
        if !other_slots_read(program, *slot).is_empty() {
            return Ok(None);
        }
        let env: Env = std::iter::repeat_n(Value::Unset, program.slots.len()).collect();
        let mut groups: Vec<(Vec<Value>, BigInt)> =
            group_results(program, shared, *slot, *count, *sides, &env)?
                .into_iter()
                .map(|(key, _, ways)| (key, ways))
                .collect();
        groups.sort();
        out.push((*slot, *count, *sides, groups));
    }
    Ok(Some(out))
}

/// The slots other than `slot` that the observers of a throw into `slot` read.
fn other_slots_read(program: &Program, slot: usize) -> Vec<usize> {
    let mut reads = crate::program::SlotSet::with_capacity(program.slots.len());
    for o in program.observers.get(slot).into_iter().flatten().flatten() {
        crate::check::uses(o, &mut reads);
    }
    (0..program.slots.len())
        .filter(|&s| s != slot && reads.contains(s))
        .collect()
}

/// The results of `count`d`sides` thrown into `slot` in state `env`, grouped
/// by the values of the slot's observers (one group per result when it has
/// none): (observations, representative throw, ways), in order of first
/// appearance.
fn group_results(
    program: &Program,
    shared: &mut Shared,
    slot: usize,
    count: u32,
    sides: u32,
    env: &Env,
) -> Result<Vec<(Vec<Value>, u32, BigInt)>, EvalError> {
    let raw = shared.raw(count, sides);
    let observers = program.observers.get(slot).and_then(|o| o.as_ref());
    let mut groups: Vec<(Vec<Value>, u32, BigInt)> = Vec::new();
    let mut index: FxHashMap<Vec<Value>, usize> = FxHashMap::default();
    let mut env = Env::from_slice(env);
    for (id, ways) in raw.iter() {
        let Some(observers) = observers else {
            groups.push((Vec::new(), *id, ways.clone()));
            continue;
        };
        env[slot] = Value::Pool(*id);
        let context = Context {
            program,
            pools: &shared.pools,
        };
        let key = observers
            .iter()
            .map(|o| eval(context, &env, o))
            .collect::<Result<Vec<Value>, _>>()?;
        match index.get(&key) {
            Some(&g) => groups[g].2 += ways,
            None => {
                index.insert(key.clone(), groups.len());
                groups.push((key, *id, ways.clone()));
            }
        }
    }
    Ok(groups)
}

/// Evaluates a round whose choice, if any, is fixed to `option`.
fn evaluate_fixed(
    program: &Program,
    limits: Limits,
    option: Option<i64>,
    shared: &mut Shared,
) -> Result<Distribution, EvalError> {
    let mut m = Machine {
        program,
        shared: std::mem::take(shared),
        option,
        frontier: BTreeMap::new(),
        alive: 0,
        peak: 0,
        limits,
        throws: FxHashMap::default(),
        contexts: FxHashMap::default(),
        memo: Memo::default(),
    };
    let start: Env = std::iter::repeat_n(Value::Unset, program.slots.len()).collect();
    let mut outcomes: BTreeMap<EndKey, Weight> = BTreeMap::new();
    m.advance(0, start, Weight::one(), &mut outcomes)?;
    while let Some((pc, states)) = m.frontier.pop_first() {
        m.alive -= states.len();
        for (env, weight) in states {
            m.throw(pc, env, weight, &mut outcomes)?;
        }
    }
    let ends: Vec<End> = outcomes
        .into_iter()
        .map(|((outcome, values), w)| End {
            outcome,
            values,
            weight: w,
        })
        .collect();
    check_settled(program, &ends)?;
    let mut by_outcome = vec![Weight::zero(); program.outcomes.len()];
    for end in &ends {
        if let Some(o) = end.outcome {
            by_outcome[o].add(&end.weight);
        }
    }
    let by_outcome = by_outcome.iter().map(Weight::to_exact).collect();
    *shared = std::mem::take(&mut m.shared);
    Ok(Distribution {
        outcomes: by_outcome,
        ends,
        peak_states: m.peak,
        choice: None,
    })
}

impl Machine<'_> {
    /// Adds a state at `pc`, dropping the values dead there.
    fn push(
        &mut self,
        pc: usize,
        mut env: Env,
        weight: Weight,
        span: Span,
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
            Some(w) => w.add(&weight),
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

    /// The results of a throw into `slot`, computed once per evaluation: every
    /// multiset of faces, or, when the round observes the throw only through
    /// functions of it, one representative per distinct observation.
    fn throw_results(
        &mut self,
        slot: usize,
        count: u32,
        sides: u32,
        state: &Env,
    ) -> Result<Rc<[ThrowResult]>, EvalError> {
        // The same slot with the same dice has the same observers; they may
        // read other names, whose values are part of the key.
        let context: Vec<Value> = self.context_slots(slot).iter().map(|&s| state[s]).collect();
        let key = (slot, count, sides, context);
        if let Some(results) = self.throws.get(&key) {
            return Ok(results.clone());
        }
        let total = BigInt::from(throw_total(count, sides));
        let groups = group_results(self.program, &mut self.shared, slot, count, sides, state)?;
        let results: Rc<[ThrowResult]> = groups
            .into_iter()
            .map(|(_, pool, ways)| ThrowResult {
                pool,
                factor: Factor::new(&ways, &total),
                ways,
            })
            .collect();
        self.throws.insert(key, results.clone());
        Ok(results)
    }

    /// The other slots the observers of a throw into `slot` read.
    fn context_slots(&mut self, slot: usize) -> Rc<[usize]> {
        if let Some(slots) = self.contexts.get(&slot) {
            return slots.clone();
        }
        let slots: Rc<[usize]> = other_slots_read(self.program, slot).into();
        self.contexts.insert(slot, slots.clone());
        slots
    }

    /// Runs one state from `pc` through the steps without chance, until it
    /// waits at a throw (merged there) or ends (added to its outcome).
    fn advance(
        &mut self,
        mut pc: usize,
        mut env: Env,
        weight: Weight,
        outcomes: &mut BTreeMap<EndKey, Weight>,
    ) -> Result<(), EvalError> {
        let program = self.program;
        let context = Context {
            program,
            pools: &self.shared.pools,
        };
        loop {
            match &program.code[pc] {
                Instr::Throw { span, .. } => {
                    let span = *span;
                    return self.push(pc, env, weight, span);
                }
                Instr::Assign { slot, value } => {
                    env[*slot] = eval(context, &env, value)?;
                    pc += 1;
                }
                Instr::Branch { cond, otherwise } => {
                    pc = if test(context, &env, cond)? {
                        pc + 1
                    } else {
                        *otherwise
                    };
                }
                Instr::Jump(target) => pc = *target,
                Instr::Choose { slot } => {
                    let Some(value) = self.option else {
                        return Err(EvalError::Internal {
                            what: "a choice with no option fixed",
                            span: program.round_span,
                        });
                    };
                    env[*slot] = Value::Int(value);
                    pc += 1;
                }
                Instr::End { outcome } => {
                    let key = end_key(program, Some(*outcome), &env);
                    outcomes.entry(key).or_default().add(&weight);
                    return Ok(());
                }
                Instr::Finish => {
                    if program.settles_on_outcomes() {
                        return Err(EvalError::NoOutcome {
                            span: program.round_close(),
                        });
                    }
                    let key = end_key(program, None, &env);
                    outcomes.entry(key).or_default().add(&weight);
                    return Ok(());
                }
            }
        }
    }

    /// Throws the dice of the throw at `pc` for one state.
    fn throw(
        &mut self,
        pc: usize,
        env: Env,
        weight: Weight,
        outcomes: &mut BTreeMap<EndKey, Weight>,
    ) -> Result<(), EvalError> {
        let program = self.program;
        let Instr::Throw {
            slot,
            count,
            sides,
            until,
            ..
        } = &program.code[pc]
        else {
            return Err(EvalError::Internal {
                what: "a state waiting where there is no throw",
                span: program.round_span,
            });
        };
        let results = self.throw_results(*slot, *count, *sides, &env)?;
        let Some(cond) = until else {
            for r in results.iter() {
                let mut next = Env::from_slice(&env);
                next[*slot] = Value::Pool(r.pool);
                let w = weight.scaled_in(&r.factor, &mut self.memo);
                self.advance(pc + 1, next, w, outcomes)?;
            }
            return Ok(());
        };
        // A reroll: the results meeting the condition, renormalised.
        let mut kept: Vec<(Env, &BigInt)> = Vec::with_capacity(results.len());
        let mut accepted = BigInt::zero();
        let context = Context {
            program,
            pools: &self.shared.pools,
        };
        for r in results.iter() {
            let mut next = Env::from_slice(&env);
            next[*slot] = Value::Pool(r.pool);
            if test(context, &next, cond)? {
                accepted += &r.ways;
                kept.push((next, &r.ways));
            }
        }
        if accepted.is_zero() {
            return Err(EvalError::RerollNeverSucceeds { span: cond.span });
        }
        for (next, ways) in kept {
            let w = weight.scaled(&Factor::new(ways, &accepted));
            self.advance(pc + 1, next, w, outcomes)?;
        }
        Ok(())
    }
}

/// The total weight of a throw's results: `sides^count`.
pub fn throw_total(count: u32, sides: u32) -> BigUint {
    num_traits::pow(BigUint::from(sides), count as usize)
}
