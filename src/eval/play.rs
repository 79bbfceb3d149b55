//! Playing a round with dice from a [`Source`]: a seeded generator for play
//! and simulation, or a scripted sequence for the brute-force tests.

use rand::Rng;

use super::value::{eval, lookup_cell, test, Context, Pools, Value};
use super::EvalError;
use crate::program::{Cell, Decision, Instr, Program};

/// The most attempts a reroll may take before the round is abandoned.
pub const MAX_REROLLS: u64 = 1_000_000;

/// Where the dice come from.
pub trait Source {
    /// One die of `sides` sides: a face from 1 to `sides`.
    fn die(&mut self, sides: u32) -> u32;
    /// One card of the `left` cards left in a shoe, by its place from 0:
    /// as likely as a die of `left` sides.
    fn card(&mut self, left: u32) -> u32 {
        self.die(left) - 1
    }
    /// A reroll's attempt is about to be thrown.
    fn begin_attempt(&mut self) {}
    /// The value a side chooses among `options` (never empty); the first by
    /// default.
    fn choose(&mut self, options: &[i64]) -> i64 {
        options[0]
    }
    /// The attempt failed its condition: `true` to throw again, `false` to
    /// abandon the round (the scripted source, which enumerates attempts).
    fn retry(&mut self) -> bool {
        true
    }
}

/// Dice from a random number generator.
pub struct RngSource<R>(pub R);

impl<R: Rng> Source for RngSource<R> {
    fn die(&mut self, sides: u32) -> u32 {
        self.0.gen_range(1..=sides)
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

/// How a round finished.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Played {
    /// The round ended: with an outcome, or at its last statement; with the
    /// values of `Program::finals`.
    Ended {
        outcome: Option<usize>,
        values: Vec<Option<i64>>,
    },
    /// The source declined to retry a failed reroll.
    Abandoned,
}

/// Plays one round, reporting each event to `on_event`.
pub fn play_round(
    program: &Program,
    source: &mut impl Source,
    mut on_event: impl FnMut(Event),
) -> Result<Played, EvalError> {
    let mut env = vec![Value::Unset; program.slots.len()];
    let mut pools = Pools::default();
    let mut pc = 0;
    loop {
        match &program.code[pc] {
            Instr::Throw {
                slot,
                count,
                sides,
                observe,
                until,
                span,
            } => {
                let mut attempt = 0;
                loop {
                    attempt += 1;
                    if until.is_some() {
                        source.begin_attempt();
                    }
                    let mut faces: Vec<u32> = (0..*count).map(|_| source.die(*sides)).collect();
                    faces.sort_unstable();
                    env[*slot] = Value::Pool(pools.intern(&faces));
                    let context = Context {
                        program,
                        pools: &pools,
                    };
                    for (obs, e) in observe.iter().flat_map(|p| &p.observations) {
                        env[*obs] = eval(context, &env, e)?;
                    }
                    let accepted = match until {
                        Some(cond) => test(context, &env, cond)?,
                        None => true,
                    };
                    on_event(Event::Throw {
                        name: program.slots[*slot].name.clone(),
                        faces,
                        attempt,
                        accepted,
                    });
                    if accepted {
                        break;
                    }
                    if !source.retry() {
                        return Ok(Played::Abandoned);
                    }
                    if attempt >= MAX_REROLLS {
                        return Err(EvalError::RerollLimit {
                            attempts: attempt,
                            span: *span,
                        });
                    }
                }
                pc += 1;
            }
            Instr::Draw {
                slot,
                count,
                shoe,
                dealt,
                span,
            } => {
                let shoe_def = &program.shoes[*shoe];
                let gone: Vec<u32> = match env[*dealt] {
                    Value::Pool(id) => pools.faces(id).to_vec(),
                    _ => Vec::new(),
                };
                // The cards left of each value; the infinite shoe always
                // holds one deck's.
                let mut left: super::shoe::Counts = match shoe_def.decks {
                    Some(decks) => {
                        super::shoe::left(shoe_def, decks, &super::shoe::counts(shoe_def, &gone))
                    }
                    None => shoe_def.values.iter().map(|v| u64::from(v.1)).collect(),
                };
                let before: u64 = left.iter().sum();
                if before < u64::from(*count) {
                    return Err(EvalError::ShoeEmpty {
                        shoe: shoe_def.name.clone(),
                        count: *count,
                        left: before,
                        span: *span,
                    });
                }
                let mut values = Vec::with_capacity(*count as usize);
                for _ in 0..*count {
                    let all: u64 = left.iter().sum();
                    let Ok(all_u32) = u32::try_from(all) else {
                        return Err(EvalError::Internal {
                            what: "a shoe of more cards than a draw can pick from",
                            span: *span,
                        });
                    };
                    let mut place = u64::from(source.card(all_u32));
                    let kind = left
                        .iter()
                        .position(|&n| {
                            if place < n {
                                true
                            } else {
                                place -= n;
                                false
                            }
                        })
                        .unwrap_or(left.len() - 1);
                    if shoe_def.decks.is_some() {
                        left[kind] -= 1;
                    }
                    values.push(shoe_def.values[kind].0);
                }
                on_event(Event::Draw {
                    name: program.slots[*slot].name.clone(),
                    values: values.clone(),
                });
                let mut hand = values;
                hand.sort_unstable();
                env[*slot] = Value::Pool(pools.intern(&hand));
                if shoe_def.decks.is_some() {
                    let mut after = gone;
                    after.extend_from_slice(&hand);
                    after.sort_unstable();
                    env[*dealt] = Value::Pool(pools.intern(&after));
                }
                pc += 1;
            }
            Instr::Assign { slot, value } => {
                let context = Context {
                    program,
                    pools: &pools,
                };
                env[*slot] = eval(context, &env, value)?;
                pc += 1;
            }
            Instr::Branch { cond, otherwise } => {
                let context = Context {
                    program,
                    pools: &pools,
                };
                pc = if test(context, &env, cond)? {
                    pc + 1
                } else {
                    *otherwise
                };
            }
            Instr::Jump(target) => pc = *target,
            Instr::Choose { slot } => {
                let options = program.choice.as_ref().map_or(&[][..], |c| &c.options[..]);
                if options.is_empty() {
                    return Err(EvalError::Internal {
                        what: "a choice with no options",
                        span: program.round_span,
                    });
                }
                env[*slot] = Value::Int(source.choose(options));
                pc += 1;
            }
            Instr::Decide { decision, slot, .. } => {
                let value = pick(source, &program.decisions[*decision], &mut on_event);
                env[*slot] = Value::Int(value);
                pc += 1;
            }
            Instr::Cell {
                table,
                decision,
                row,
                column,
                slot,
                span,
            } => {
                let context = Context {
                    program,
                    pools: &pools,
                };
                let (_, _, cell) = lookup_cell(context, &env, *table, row, column, *span)?;
                let draws = match cell {
                    Cell::Draw => true,
                    Cell::Stand => false,
                    Cell::Choice => pick(source, &program.decisions[*decision], &mut on_event) != 0,
                };
                env[*slot] = Value::Bool(draws);
                pc += 1;
            }
            Instr::End { outcome } => {
                on_event(Event::End {
                    outcome: program.outcomes[*outcome].name.clone(),
                });
                let (outcome, values) = super::exact::end_key(program, Some(*outcome), &env);
                return Ok(Played::Ended { outcome, values });
            }
            Instr::Finish => {
                if program.settles_on_outcomes() {
                    return Err(EvalError::NoOutcome {
                        span: program.round_close(),
                    });
                }
                let (outcome, values) = super::exact::end_key(program, None, &env);
                return Ok(Played::Ended { outcome, values });
            }
        }
    }
}

/// The value of the option the source picks at decision `d`, reported as an
/// event with the option's label.
fn pick(source: &mut impl Source, d: &Decision, on_event: &mut impl FnMut(Event)) -> i64 {
    let value = source.choose(&d.values);
    if let Some(i) = d.values.iter().position(|&v| v == value) {
        on_event(Event::Choose {
            name: d.name.clone(),
            option: d.options[i].clone(),
        });
    }
    value
}
