//! The round's meaning, written once: what each instruction of a program
//! does to a state, generic over where chance comes from.
//!
//! A [`Chance`] is where the dice, the cards and the choices come from: the
//! exact evaluator's weighted states (`eval::exact`), or play's source of
//! dice and cards at a table, in a simulation, or from a script in the
//! tests (`play::round`). [`step`] runs one instruction of a state and [`run`] runs a state
//! until it stops; everything without chance (names bound, conditions
//! tested, draw tables looked up, the key of a decision and the options
//! offered there, a reroll's condition, a round ending) is decided here,
//! and only what chance gives is asked of the [`Chance`]. The fast forms
//! (`eval::compiled`'s stack machine, `play::steps`, `play::fast`, the
//! exact evaluator's fused throws and remembered paths) are lowerings of
//! this meaning, each kept by a differential test against it.

use smallvec::SmallVec;

use super::compiled::Compiled;
use super::value::{lookup_cell, Context, Pools, Value};
use super::EvalError;
use crate::program::{Cell, Draw, Expr, Instr, Program, Projection, Throw};

/// The key of an information set: the values the chooser knows.
pub type Key = SmallVec<[i64; 4]>;

/// A program compiled once for running its states: where each step leads,
/// and its expressions for the stack machine.
pub struct Code<'p> {
    pub program: &'p Program,
    /// Where a jump to each step lands (past jumps).
    pub landing: Vec<usize>,
    /// Where the round goes on after each step (past jumps).
    pub next: Vec<usize>,
    /// Where each branch goes when its condition is false (past jumps).
    pub otherwise: Vec<usize>,
    /// Each step's expression (a `let`, a `set`, a condition), compiled.
    exprs: Vec<Compiled>,
    /// Each throw's `until` condition, compiled.
    until: Vec<Option<Compiled>>,
    /// Each projected throw's observations, each compiled.
    observations: Vec<Vec<(usize, Compiled)>>,
    /// Whether the round is symmetric in the suits
    /// ([`crate::program::suits`]): a chooser then knows a hand up to the
    /// suits' names, and the exact evaluator keeps one state of each kind.
    pub symmetric: bool,
    /// The step of the round's `split` (`usize::MAX` without one).
    pub split_at: usize,
    /// In a round that splits, played in turn: for each step, the index
    /// into `Split::checks` of the comparison it makes (`u32::MAX`: none);
    /// empty elsewhere.
    split_checks: Vec<u32>,
    /// The first step that makes such a comparison (`usize::MAX`: none).
    checks_from: usize,
}

/// A side picking an option: at a `choose ... knowing`, or at a `?` cell of
/// a draw table.
pub struct Pick {
    pub decision: usize,
    /// What the chooser knows (for a cell, its row and column).
    pub key: Key,
    /// The slot the option is bound to.
    pub slot: usize,
    /// Whether the pick is a cell's (bound as a condition: draw or stand).
    pub cell: bool,
}

impl Pick {
    /// The value an option binds to the pick's slot.
    #[inline]
    pub fn value(&self, option: i64) -> Value {
        if self.cell {
            Value::Bool(option != 0)
        } else {
            Value::Int(option)
        }
    }

    /// The values of the options offered here, in order.
    pub fn offered<'a>(&'a self, program: &'a Program) -> impl Iterator<Item = i64> + 'a {
        let d = &program.decisions[self.decision];
        d.offered(&self.key).map(|i| d.values[i])
    }
}

/// What became of a state at a step of chance.
pub enum Went {
    /// The chance was given (in place): the state goes on to the next step.
    On,
    /// The state goes no further here: it waits (the exact evaluator's
    /// frontier), every way on was taken by the [`Chance`] itself, or the
    /// round was abandoned.
    Stop,
}

/// What a [`Chance`] does with a pick.
pub enum Picked {
    /// This option is taken: the state goes on with it.
    Option(i64),
    /// The [`Chance`] took every option itself.
    Taken,
}

/// Where a state goes after one step.
pub enum Flow {
    Go(usize),
    Stop,
}

/// Where chance comes from, and what a run does beside the round's meaning
/// (its work counted, what it reached recorded, events told).
pub trait Chance {
    /// The interned throws and hands the state's values refer to.
    fn pools(&self) -> &Pools;

    /// Step `pc` is about to run in `env`.
    #[inline(always)]
    fn at(&mut self, _pc: usize, _env: &[Value]) -> Result<(), EvalError> {
        Ok(())
    }

    /// Binds `slot` to `value`.
    #[inline(always)]
    fn set(&mut self, env: &mut [Value], slot: usize, value: Value) -> Result<(), EvalError> {
        env[slot] = value;
        Ok(())
    }

    /// The branch at `pc` went one way.
    #[inline(always)]
    fn branched(&mut self, _pc: usize, _held: bool) {}

    /// Throws the dice of the throw at `pc`.
    fn throw(
        &mut self,
        code: &Code,
        pc: usize,
        throw: &Throw,
        env: &mut [Value],
    ) -> Result<Went, EvalError>;

    /// Deals the cards of the draw at `pc`.
    fn draw(
        &mut self,
        code: &Code,
        pc: usize,
        draw: &Draw,
        env: &mut [Value],
    ) -> Result<Went, EvalError>;

    /// The option of the round's announced choice.
    fn choose(&mut self, code: &Code) -> Result<i64, EvalError>;

    /// A side picks at `pc`.
    fn pick(
        &mut self,
        code: &Code,
        pc: usize,
        pick: &Pick,
        env: &mut [Value],
    ) -> Result<Picked, EvalError>;

    /// The round split at `pc` (its flag set in `env`): the state goes on,
    /// unless the [`Chance`] takes it on itself.
    #[inline(always)]
    fn split(&mut self, _code: &Code, _pc: usize, _env: &mut [Value]) -> Result<Went, EvalError> {
        Ok(Went::On)
    }

    /// The round ends at `pc` with `outcome` (`None`: it ran to its last
    /// statement).
    fn end(
        &mut self,
        code: &Code,
        pc: usize,
        outcome: Option<usize>,
        env: &[Value],
    ) -> Result<(), EvalError>;
}

impl<'p> Code<'p> {
    pub fn new(program: &'p Program) -> Code<'p> {
        let landing = program.landings();
        let next = program.nexts(&landing);
        let mut code = Code {
            program,
            otherwise: vec![0; program.code.len()],
            exprs: Vec::with_capacity(program.code.len()),
            until: Vec::with_capacity(program.code.len()),
            observations: Vec::with_capacity(program.code.len()),
            landing,
            next,
            symmetric: (program.symmetric_suits)
                .unwrap_or_else(|| crate::program::suits::symmetric(program)),
            split_at: program.split.as_ref().map_or(usize::MAX, |s| s.at),
            split_checks: Vec::new(),
            checks_from: usize::MAX,
        };
        if let Some(split) = program.split.as_ref().filter(|s| !s.checks.is_empty()) {
            code.split_checks = vec![u32::MAX; program.code.len()];
            for (i, (pc, _)) in split.checks.iter().enumerate() {
                code.split_checks[*pc] = i as u32;
                code.checks_from = code.checks_from.min(*pc);
            }
        }
        for (pc, instr) in program.code.iter().enumerate() {
            let (expr, until, observations) = match instr {
                Instr::Assign { value: e, .. } => (Compiled::new(e), None, Vec::new()),
                Instr::Branch { cond, otherwise } => {
                    code.otherwise[pc] = code.landing[*otherwise];
                    (Compiled::new(cond), None, Vec::new())
                }
                Instr::Throw(Throw { observe, until, .. }) => (
                    Compiled::tree(),
                    until.as_ref().map(Compiled::new),
                    observe
                        .iter()
                        .flat_map(|p| &p.observations)
                        .map(|(obs, e)| (*obs, Compiled::new(e)))
                        .collect(),
                ),
                _ => (Compiled::tree(), None, Vec::new()),
            };
            code.exprs.push(expr);
            code.until.push(until);
            code.observations.push(observations);
        }
        code
    }

    /// Whether the result of the throw at `pc`, landed in `env`, meets its
    /// `until` condition `until` (every result does where it has none).
    #[inline]
    pub fn accepts(
        &self,
        pc: usize,
        until: Option<&Expr>,
        pools: &Pools,
        env: &[Value],
    ) -> Result<bool, EvalError> {
        let (Some(compiled), Some(cond)) = (&self.until[pc], until) else {
            return Ok(true);
        };
        let context = Context {
            program: self.program,
            pools,
        };
        compiled.holds(context, env, cond).map_err(|e| *e)
    }

    /// The observations of the throw at `pc` (its projection, `observe`),
    /// read from its slot in `env` into their own slots.
    pub fn observe(
        &self,
        pc: usize,
        observe: Option<&Projection>,
        pools: &Pools,
        env: &mut [Value],
    ) -> Result<(), EvalError> {
        let Some(projection) = observe else {
            return Ok(());
        };
        let context = Context {
            program: self.program,
            pools,
        };
        for ((obs, compiled), (_, e)) in self.observations[pc].iter().zip(&projection.observations)
        {
            env[*obs] = compiled.value(context, env, e).map_err(|e| *e)?;
        }
        Ok(())
    }
}

/// Runs the state `env` from `pc` until it stops: it ends, or waits, or
/// chance takes it on.
#[inline]
pub fn run<C: Chance>(
    code: &Code,
    chance: &mut C,
    mut pc: usize,
    env: &mut [Value],
) -> Result<(), EvalError> {
    loop {
        match step(code, chance, pc, env)? {
            Flow::Go(next) => pc = next,
            Flow::Stop => return Ok(()),
        }
    }
}

/// Runs the instruction at `pc` of the state `env`: the meaning of each.
#[inline(always)]
pub fn step<C: Chance>(
    code: &Code,
    chance: &mut C,
    pc: usize,
    env: &mut [Value],
) -> Result<Flow, EvalError> {
    let program = code.program;
    chance.at(pc, env)?;
    let context = Context {
        program,
        pools: chance.pools(),
    };
    Ok(match &program.code[pc] {
        Instr::Assign { slot, value } => {
            let value = code.exprs[pc].value(context, env, value).map_err(|e| *e)?;
            chance.set(env, *slot, value)?;
            // Two comparisons where the round does not split.
            if pc == code.split_at || pc >= code.checks_from {
                return split_step(code, chance, pc, env);
            }
            Flow::Go(code.next[pc])
        }
        Instr::Branch { cond, .. } => {
            let held = code.exprs[pc].holds(context, env, cond).map_err(|e| *e)?;
            chance.branched(pc, held);
            Flow::Go(if held {
                code.next[pc]
            } else {
                code.otherwise[pc]
            })
        }
        Instr::Jump(target) => Flow::Go(code.landing[*target]),
        Instr::Throw(throw) => went(code, pc, chance.throw(code, pc, throw, env)?),
        Instr::Draw(draw) => went(code, pc, chance.draw(code, pc, draw, env)?),
        Instr::Choose { slot } => {
            let option = chance.choose(code)?;
            chance.set(env, *slot, Value::Int(option))?;
            Flow::Go(code.next[pc])
        }
        Instr::Decide {
            decision,
            slot,
            knowing,
        } => {
            let d = &program.decisions[*decision];
            // A value's key is the value; a hand's, its cards (below).
            let mut key = Key::new();
            let mut at = 0;
            for &n in &d.members {
                key.push(knowing.get(at).map_or(i64::MIN, |&k| key_value(env[k])));
                at += n;
            }
            key.extend(
                knowing[at.min(knowing.len())..]
                    .iter()
                    .map(|&k| key_value(env[k])),
            );
            known_hands(code, context, d, knowing, env, &mut key)?;
            d.expand_key(&mut key);
            let pick = Pick {
                decision: *decision,
                key,
                slot: *slot,
                cell: false,
            };
            picked(code, chance, pc, &pick, env)?
        }
        Instr::Cell {
            table,
            decision,
            row,
            column,
            slot,
            span,
        } => {
            let (r, c, cell) =
                lookup_cell(context, env, *table, row, column, *span).map_err(|e| *e)?;
            let draws = match cell {
                Cell::Draw => true,
                Cell::Stand => false,
                Cell::Choice => {
                    let pick = Pick {
                        decision: *decision,
                        key: SmallVec::from_slice(&[r, c]),
                        slot: *slot,
                        cell: true,
                    };
                    return picked(code, chance, pc, &pick, env);
                }
            };
            chance.set(env, *slot, Value::Bool(draws))?;
            Flow::Go(code.next[pc])
        }
        Instr::End { outcome } => {
            chance.end(code, pc, Some(*outcome), env)?;
            Flow::Stop
        }
        Instr::Finish => {
            if program.settles_on_outcomes() {
                return Err(EvalError::NoOutcome {
                    span: program.round_close(),
                });
            }
            chance.end(code, pc, None, env)?;
            Flow::Stop
        }
    })
}

/// After a `let` or `set` at or past a split's step: the split itself,
/// where the [`Chance`] may take the state on, or the comparison of a
/// stretch's values ([`same_at_start`]).
#[cold]
fn split_step<C: Chance>(
    code: &Code,
    chance: &mut C,
    pc: usize,
    env: &mut [Value],
) -> Result<Flow, EvalError> {
    if pc == code.split_at {
        return Ok(went(code, pc, chance.split(code, pc, env)?));
    }
    if let Some(&i) = code.split_checks.get(pc).filter(|&&i| i != u32::MAX) {
        same_at_start(code.program, i as usize, env)?;
    }
    Ok(Flow::Go(code.next[pc]))
}

/// The first hand of a split comes to a stretch of the table's play the
/// second played: it must come with the values the second came with
/// (`Split::checks`), else the two would not be dealt alike.
fn same_at_start(program: &Program, check: usize, env: &[Value]) -> Result<(), EvalError> {
    let Some(split) = &program.split else {
        return Ok(());
    };
    let (_, pairs) = &split.checks[check];
    if pairs.iter().all(|&(a, b)| env[a] == env[b]) {
        return Ok(());
    }
    Err(EvalError::SplitTable { span: split.span })
}

#[inline(always)]
fn went(code: &Code, pc: usize, went: Went) -> Flow {
    match went {
        Went::On => Flow::Go(code.next[pc]),
        Went::Stop => Flow::Stop,
    }
}

#[inline(always)]
fn picked<C: Chance>(
    code: &Code,
    chance: &mut C,
    pc: usize,
    pick: &Pick,
    env: &mut [Value],
) -> Result<Flow, EvalError> {
    Ok(match chance.pick(code, pc, pick, env)? {
        Picked::Option(option) => {
            chance.set(env, pick.slot, pick.value(option))?;
            Flow::Go(code.next[pc])
        }
        Picked::Taken => Flow::Stop,
    })
}

/// The keys of the hands a decision knows, in place in `key`: each hand's
/// cards as [`Shoe::hand_key`](crate::program::Shoe::hand_key) writes them,
/// and in a round symmetric in the suits, all of them renamed as one to the
/// least renaming (the chooser knows them up to the suits' names).
fn known_hands(
    code: &Code,
    context: Context,
    d: &crate::program::Decision,
    knowing: &[usize],
    env: &[Value],
    key: &mut Key,
) -> Result<(), EvalError> {
    let pools = context.pools;
    // Each known hand: its place in the key, its shoe, values and cards
    // (of hands joined with `+`, all of theirs).
    type Known = (usize, usize, SmallVec<[u32; 8]>, SmallVec<[u32; 8]>);
    let mut hands: SmallVec<[Known; 2]> = SmallVec::new();
    let mut at = 0;
    for (i, (&n, &shoe)) in d.members.iter().zip(&d.hands).enumerate() {
        let slots = knowing.get(at..at + n).unwrap_or(&[]);
        at += n;
        let Some(shoe) = shoe else {
            continue;
        };
        let (mut values, mut cards) = (SmallVec::new(), SmallVec::new());
        for &slot in slots {
            if let Value::Pool(id) = env[slot] {
                values.extend_from_slice(pools.faces(id));
                cards.extend_from_slice(pools.cards(id));
            }
        }
        hands.push((i, shoe, values, cards));
    }
    if hands.is_empty() {
        return Ok(());
    }
    let shoes = &context.program.shoes;
    let keys: Option<Vec<i64>> = if code.symmetric {
        let known: Vec<(usize, &[u32], &[u32])> = (hands.iter())
            .map(|(_, s, v, c)| (*s, &v[..], &c[..]))
            .collect();
        crate::program::suits::canonical_keys(shoes, &known)
    } else {
        (hands.iter())
            .map(|(_, s, v, c)| shoes[*s].hand_key(v, c))
            .collect()
    };
    let keys = keys.ok_or(EvalError::Internal {
        what: "a known hand the checker let through",
        span: d.span,
    })?;
    for (&(i, ..), k) in hands.iter().zip(keys) {
        key[i] = k;
    }
    Ok(())
}

/// A known value as part of an information set's key.
#[inline]
pub fn key_value(v: Value) -> i64 {
    match v {
        Value::Int(n) => n,
        Value::Bool(b) => i64::from(b),
        Value::Unset | Value::Pool(_) => i64::MIN,
    }
}
