//! One round played with dice and cards from a [`Source`]: a seeded
//! generator for play and simulation, a strategy or a person at the
//! choices, or a script for the brute-force tests.
//!
//! The round is compiled once ([`Round::new`]) and then played many times:
//!
//! - expressions run on [`Compiled`]'s stack machine, falling back to the
//!   tree evaluator for what it does not do, and for every error;
//! - a throw the round reads only through functions of the throw itself
//!   (its *observations*, see [`crate::check::projection`]) of at most
//!   [`TABLE_RESULTS`] ordered results is tabulated: one number below
//!   `sides^count` is drawn, and the observations are read from a table;
//! - jumps are followed once, when compiling;
//! - the round's throws live in [`Pools`] that are cleared, not freed,
//!   between rounds, and a shoe is a count of cards left of each value,
//!   filled again when a round starts (each round is dealt from a full
//!   shoe, as the exact evaluation assumes).

use crate::eval::compiled::Compiled;
use crate::eval::exact::key_value;
use crate::eval::shoe::Counts;
use crate::eval::value::{eval, lookup_cell, Context, Pools, Value};
use crate::eval::EvalError;
use crate::program::{Cell, ExprKind, Instr, Program};

/// The most attempts a reroll may take before the round is abandoned.
pub const MAX_REROLLS: u64 = 1_000_000;

/// The most ordered results of a throw whose observations are tabulated.
pub const TABLE_RESULTS: u64 = 1296;

/// Where the dice, the cards and the choices come from.
pub trait Source {
    /// One die of `sides` sides: a face from 1 to `sides`.
    fn die(&mut self, sides: u32) -> u32;
    /// `count` dice of `sides` sides at once, as one number below
    /// `sides^count`: die `i` (from 0) shows `(n / sides^i) % sides + 1`.
    /// By default, the dice one by one.
    fn dice(&mut self, count: u32, sides: u32) -> u64 {
        let mut n = 0;
        let mut place = 1;
        for _ in 0..count {
            n += u64::from(self.die(sides) - 1) * place;
            place *= u64::from(sides);
        }
        n
    }
    /// One card of the `left` cards left in a shoe, by its place from 0:
    /// as likely as a die of `left` sides.
    fn card(&mut self, left: u32) -> u32 {
        self.die(left) - 1
    }
    /// A reroll's attempt is about to be thrown.
    fn begin_attempt(&mut self) {}
    /// The value the round's announced choice takes among `options` (never
    /// empty); the first by default.
    fn choose(&mut self, options: &[i64]) -> i64 {
        options[0]
    }
    /// The value `Program::decisions[decision]` takes among `options`, its
    /// chooser knowing `key` (the values of its `knowing`, or a draw
    /// table's row and column); by default as [`Source::choose`].
    fn decide(&mut self, decision: usize, key: &[i64], options: &[i64]) -> i64 {
        let _ = (decision, key);
        self.choose(options)
    }
    /// The attempt failed its condition: `true` to throw again, `false` to
    /// abandon the round (the scripted source, which enumerates attempts).
    fn retry(&mut self) -> bool {
        true
    }
}

/// Something that happened during a round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// A throw bound to a name; `attempt` counts rerolls from 1.
    Throw {
        name: String,
        faces: Vec<u32>,
        attempt: u64,
        accepted: bool,
    },
    /// Cards dealt into a hand: their values, in the order dealt.
    Draw { name: String, values: Vec<u32> },
    /// A side chose an option.
    Choose { name: String, option: String },
    /// The round ended with an outcome.
    End { outcome: String },
}

/// What a step needs beyond its instruction, compiled.
#[derive(Debug)]
enum Fast {
    None,
    /// A throw's observations, each compiled, and its table if it has one;
    /// the `until` condition.
    Throw {
        observations: Vec<(usize, Compiled)>,
        table: Option<Vec<Value>>,
        until: Option<Compiled>,
    },
    /// A condition that is a name alone, read without the machine.
    Flag(usize),
    /// An expression (`let`, `set`, a condition).
    Expr(Compiled),
}

/// A round compiled for play, with the memory its rounds reuse.
pub struct Round<'p> {
    program: &'p Program,
    /// For each step, where the round goes after it (jumps followed).
    next: Vec<usize>,
    /// For each step, where the round goes when its condition is false.
    otherwise: Vec<usize>,
    fast: Vec<Fast>,
    /// Each shoe full: the cards of each value (one deck's for the
    /// infinite shoe).
    full: Vec<Counts>,
    env: Vec<Value>,
    pools: Pools,
    left: Vec<Counts>,
    faces: Vec<u32>,
    key: Vec<i64>,
}

impl<'p> Round<'p> {
    pub fn new(program: &'p Program) -> Round<'p> {
        let code = &program.code;
        let landing = program.landings();
        let next = program.nexts(&landing);
        let otherwise = code
            .iter()
            .map(|instr| match instr {
                Instr::Branch { otherwise, .. } => landing[*otherwise],
                _ => 0,
            })
            .collect();
        let fast = code.iter().map(|instr| compile(program, instr)).collect();
        let full: Vec<Counts> = program
            .shoes
            .iter()
            .map(|shoe| {
                let decks = u64::from(shoe.decks.unwrap_or(1));
                shoe.values
                    .iter()
                    .map(|&(_, n)| u64::from(n) * decks)
                    .collect()
            })
            .collect();
        Round {
            program,
            next,
            otherwise,
            fast,
            left: full.clone(),
            full,
            env: vec![Value::Unset; program.slots.len()],
            pools: Pools::default(),
            faces: Vec::new(),
            key: Vec::new(),
        }
    }

    /// The program this round plays.
    pub fn program(&self) -> &'p Program {
        self.program
    }

    /// The values of `Program::finals` as the last round ended.
    pub fn finals(&self) -> impl Iterator<Item = Option<i64>> + '_ {
        self.program.finals.iter().map(|f| self.final_value(f.slot))
    }

    /// The value of a slot as the last round ended, if it is a number.
    #[inline]
    pub fn final_value(&self, slot: usize) -> Option<i64> {
        match self.env.get(slot) {
            Some(Value::Int(n)) => Some(*n),
            _ => None,
        }
    }

    /// Plays one round: `Some(outcome)` when it ends (the outcome `None`
    /// when it ran to its last statement), `None` when the source
    /// abandoned a reroll. Events go to `on_event`, when given.
    pub fn play(
        &mut self,
        source: &mut impl Source,
        mut on_event: Option<&mut dyn FnMut(Event)>,
    ) -> Result<Option<Option<usize>>, EvalError> {
        let program = self.program;
        self.env.fill(Value::Unset);
        self.pools.clear();
        for (left, full) in self.left.iter_mut().zip(&self.full) {
            left.copy_from_slice(full);
        }
        let mut pc = 0;
        loop {
            let context = Context {
                program,
                pools: &self.pools,
            };
            match (&program.code[pc], &self.fast[pc]) {
                (Instr::Branch { cond, .. }, fast) => {
                    let holds = match fast {
                        Fast::Flag(slot) => match self.env[*slot] {
                            Value::Bool(b) => b,
                            _ => crate::eval::value::test(context, &self.env, cond)
                                .map_err(|e| *e)?,
                        },
                        Fast::Expr(c) => c.holds(context, &self.env, cond).map_err(|e| *e)?,
                        _ => crate::eval::value::test(context, &self.env, cond).map_err(|e| *e)?,
                    };
                    pc = if holds {
                        self.next[pc]
                    } else {
                        self.otherwise[pc]
                    };
                }
                (Instr::Assign { slot, value }, fast) => {
                    let v = match fast {
                        Fast::Expr(c) => c.value(context, &self.env, value),
                        _ => eval(context, &self.env, value),
                    }
                    .map_err(|e| *e)?;
                    self.env[*slot] = v;
                    pc = self.next[pc];
                }
                (Instr::Throw { .. }, _) => {
                    if !self.throw(pc, source, &mut on_event)? {
                        return Ok(None);
                    }
                    pc = self.next[pc];
                }
                (Instr::Draw { .. }, _) => {
                    self.draw(pc, source, &mut on_event)?;
                    pc = self.next[pc];
                }
                (Instr::Jump(target), _) => pc = *target,
                (Instr::Choose { slot }, _) => {
                    let Some(choice) = program.choice.as_ref().filter(|c| !c.options.is_empty())
                    else {
                        return Err(EvalError::Internal {
                            what: "a choice with no options",
                            span: program.round_span,
                        });
                    };
                    let value = source.choose(&choice.options);
                    if let Some(f) = on_event.as_mut() {
                        f(Event::Choose {
                            name: choice.name.clone(),
                            option: value.to_string(),
                        });
                    }
                    self.env[*slot] = Value::Int(value);
                    pc = self.next[pc];
                }
                (
                    Instr::Decide {
                        decision,
                        slot,
                        knowing,
                    },
                    _,
                ) => {
                    self.key.clear();
                    self.key
                        .extend(knowing.iter().map(|&k| key_value(self.env[k])));
                    let value = self.pick(source, *decision, &mut on_event);
                    self.env[*slot] = Value::Int(value);
                    pc = self.next[pc];
                }
                (
                    Instr::Cell {
                        table,
                        decision,
                        row,
                        column,
                        slot,
                        span,
                    },
                    _,
                ) => {
                    let (r, c, cell) = lookup_cell(context, &self.env, *table, row, column, *span)
                        .map_err(|e| *e)?;
                    let draws = match cell {
                        Cell::Draw => true,
                        Cell::Stand => false,
                        Cell::Choice => {
                            self.key.clear();
                            self.key.extend([r, c]);
                            self.pick(source, *decision, &mut on_event) != 0
                        }
                    };
                    self.env[*slot] = Value::Bool(draws);
                    pc = self.next[pc];
                }
                (Instr::End { outcome }, _) => {
                    if let Some(f) = on_event.as_mut() {
                        f(Event::End {
                            outcome: program.outcomes[*outcome].name.clone(),
                        });
                    }
                    return Ok(Some(Some(*outcome)));
                }
                (Instr::Finish, _) => {
                    if program.settles_on_outcomes() {
                        return Err(EvalError::NoOutcome {
                            span: program.round_close(),
                        });
                    }
                    return Ok(Some(None));
                }
            }
        }
    }

    /// Throws the dice of the throw at `pc`, again until its condition
    /// holds; `false` when the source abandons the round.
    #[inline]
    fn throw(
        &mut self,
        pc: usize,
        source: &mut impl Source,
        on_event: &mut Option<&mut dyn FnMut(Event)>,
    ) -> Result<bool, EvalError> {
        let program = self.program;
        let Instr::Throw {
            slot,
            count,
            sides,
            observe,
            until,
            span,
        } = &program.code[pc]
        else {
            return Ok(true);
        };
        let (observations, table, until_fast) = match &self.fast[pc] {
            Fast::Throw {
                observations,
                table,
                until,
            } => (&observations[..], table.as_deref(), until.as_ref()),
            _ => (&[][..], None, None),
        };
        let mut attempt = 0;
        loop {
            attempt += 1;
            if until.is_some() {
                source.begin_attempt();
            }
            if let Some(table) = table {
                let n = source.dice(*count, *sides);
                let width = observations.len();
                let row = &table[n as usize * width..][..width];
                for ((obs, _), v) in observations.iter().zip(row) {
                    self.env[*obs] = *v;
                }
                if on_event.is_some() {
                    sorted_faces(n, *count, *sides, &mut self.faces);
                }
            } else {
                self.faces.clear();
                for _ in 0..*count {
                    let face = source.die(*sides);
                    self.faces.push(face);
                }
                self.faces.sort_unstable();
                self.env[*slot] = Value::Pool(self.pools.push(&self.faces));
                let context = Context {
                    program,
                    pools: &self.pools,
                };
                let exprs = observe.iter().flat_map(|p| &p.observations);
                for ((obs, compiled), (_, e)) in observations.iter().zip(exprs) {
                    self.env[*obs] = compiled.value(context, &self.env, e).map_err(|e| *e)?;
                }
            }
            let accepted = match (until, until_fast) {
                (Some(cond), Some(c)) => {
                    let context = Context {
                        program,
                        pools: &self.pools,
                    };
                    c.holds(context, &self.env, cond).map_err(|e| *e)?
                }
                _ => true,
            };
            if let Some(f) = on_event.as_mut() {
                f(Event::Throw {
                    name: program.slots[*slot].name.clone(),
                    faces: self.faces.clone(),
                    attempt,
                    accepted,
                });
            }
            if accepted {
                return Ok(true);
            }
            if !source.retry() {
                return Ok(false);
            }
            if attempt >= MAX_REROLLS {
                return Err(EvalError::RerollLimit {
                    attempts: attempt,
                    span: *span,
                });
            }
        }
    }

    /// Deals the cards of the draw at `pc`.
    fn draw(
        &mut self,
        pc: usize,
        source: &mut impl Source,
        on_event: &mut Option<&mut dyn FnMut(Event)>,
    ) -> Result<(), EvalError> {
        let program = self.program;
        let Instr::Draw {
            slot,
            count,
            shoe,
            span,
            ..
        } = &program.code[pc]
        else {
            return Ok(());
        };
        let shoe_def = &program.shoes[*shoe];
        let finite = shoe_def.decks.is_some();
        let left = &mut self.left[*shoe];
        let before: u64 = left.iter().sum();
        if before < u64::from(*count) {
            return Err(EvalError::ShoeEmpty {
                shoe: shoe_def.name.clone(),
                count: *count,
                left: before,
                span: *span,
            });
        }
        let Ok(mut all) = u32::try_from(before) else {
            return Err(EvalError::Internal {
                what: "a shoe of more cards than a draw can pick from",
                span: *span,
            });
        };
        self.faces.clear();
        for _ in 0..*count {
            let mut place = u64::from(source.card(all));
            let mut kind = left.len() - 1;
            for (k, &n) in left.iter().enumerate() {
                if place < n {
                    kind = k;
                    break;
                }
                place -= n;
            }
            if finite {
                left[kind] -= 1;
                all -= 1;
            }
            self.faces.push(shoe_def.values[kind].0);
        }
        if let Some(f) = on_event.as_mut() {
            f(Event::Draw {
                name: program.slots[*slot].name.clone(),
                values: self.faces.clone(),
            });
        }
        self.faces.sort_unstable();
        self.env[*slot] = Value::Pool(self.pools.push(&self.faces));
        Ok(())
    }

    /// The option the source picks at decision `d`, with `self.key` known,
    /// reported as an event with the option's label.
    fn pick(
        &mut self,
        source: &mut impl Source,
        d: usize,
        on_event: &mut Option<&mut dyn FnMut(Event)>,
    ) -> i64 {
        let decision = &self.program.decisions[d];
        let value = source.decide(d, &self.key, &decision.values);
        if let (Some(f), Some(i)) = (
            on_event.as_mut(),
            decision.values.iter().position(|&v| v == value),
        ) {
            f(Event::Choose {
                name: decision.name.clone(),
                option: decision.options[i].clone(),
            });
        }
        value
    }
}

/// What one step needs compiled.
fn compile(program: &Program, instr: &Instr) -> Fast {
    match instr {
        Instr::Branch { cond, .. } => match cond.kind {
            ExprKind::Slot(s) => Fast::Flag(s),
            _ => Fast::Expr(Compiled::new(cond)),
        },
        Instr::Assign { value, .. } => Fast::Expr(Compiled::new(value)),
        Instr::Throw {
            slot,
            count,
            sides,
            observe,
            until,
            ..
        } => {
            let observations: Vec<(usize, Compiled)> = observe
                .iter()
                .flat_map(|p| &p.observations)
                .map(|(obs, e)| (*obs, Compiled::new(e)))
                .collect();
            let table = match observe {
                Some(p) if p.context.is_empty() => tabulate(program, *slot, *count, *sides, p),
                _ => None,
            };
            Fast::Throw {
                observations,
                table,
                until: until.as_ref().map(Compiled::new),
            }
        }
        _ => Fast::None,
    }
}

/// The observations of every ordered result of a throw, result by result,
/// when the results are few and every observation has a value on each.
fn tabulate(
    program: &Program,
    slot: usize,
    count: u32,
    sides: u32,
    projection: &crate::program::Projection,
) -> Option<Vec<Value>> {
    let results = u64::from(sides).checked_pow(count)?;
    if results > TABLE_RESULTS {
        return None;
    }
    let mut table = Vec::with_capacity(results as usize * projection.observations.len());
    let mut pools = Pools::default();
    let mut env = vec![Value::Unset; program.slots.len()];
    let mut faces = Vec::with_capacity(count as usize);
    for n in 0..results {
        sorted_faces(n, count, sides, &mut faces);
        env[slot] = Value::Pool(pools.intern(&faces));
        let context = Context {
            program,
            pools: &pools,
        };
        for (_, e) in &projection.observations {
            table.push(eval(context, &env, e).ok()?);
        }
    }
    Some(table)
}

/// The faces of `count` dice of `sides` sides thrown as one number below
/// `sides^count` ([`Source::dice`]), sorted, into `faces`.
fn sorted_faces(n: u64, count: u32, sides: u32, faces: &mut Vec<u32>) {
    faces.clear();
    let mut rest = n;
    for _ in 0..count {
        faces.push((rest % u64::from(sides)) as u32 + 1);
        rest /= u64::from(sides);
    }
    faces.sort_unstable();
}
