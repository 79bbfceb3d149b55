//! The round compiled once more for simulation, where every step a round
//! can reach is one of [`Steps`](super::steps::Steps)' own (no instruction runs as written):
//! its values packed as machine integers, one register per slot, and no
//! allocation, pool or event per round.
//!
//! A [`Plan`] is built from a compiled [`Round`] when the round allows it
//! ([`Plan::new`]: no choice, reroll or large throw; a throw only through
//! its tabulated observations; a hand read only through its total or its
//! one card's value; each slot of one kind; every slot read bound on every
//! path before it; no loop; the dice limit never counting a step). A
//! [`Fast`] plays it. It draws the dice and cards of a round with the same
//! calls of the [`Source`] as the steps do, in the same order, and deals
//! a card by the same walk over the kinds left, so the same generator
//! gives the same rounds either way (tests/simulate_fast.rs runs every
//! shipped game both ways and compares the tallies).
//!
//! Where a round meets what the steps would hand to an instruction (an
//! overflow, a draw table without a cell, a shoe too short, a round ended
//! without an outcome that a bet needs), [`Fast::play`] gives [`Bail`]:
//! the caller plays the chunk again by the general round, which gives the
//! same rounds up to there and then the instruction's value or error.

use super::round::{kind_at, Round, Source};
use super::steps::{Grid, Operand, Order, Step, Steps, Target, ThrowTable};
use crate::eval::value::arith;
use crate::eval::value::Value;
use crate::program::{Arith, Instr, Program};

/// Where the round goes next, packed: a step, the end with an outcome
/// ([`END`] set), or the last statement run ([`FINISH`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Go(u32);

const END: u32 = 1 << 31;
const FINISH: u32 = u32::MAX;

/// A number a step reads: a constant, a register, or the total of the
/// cards just dealt.
#[derive(Clone, Copy, Debug)]
enum Arg {
    Const(i64),
    Reg(u32),
    Dealt,
}

/// `slot = (a op b) then`, as [`super::steps::Assign`].
#[derive(Clone, Copy, Debug)]
struct Calc {
    slot: u32,
    a: Arg,
    op: Option<(Arith, Arg)>,
    then: Option<(Arith, i64)>,
}

/// One step on registers.
#[derive(Clone, Copy, Debug)]
enum Op {
    /// A step no round reaches.
    Never,
    /// `throws[i]`.
    Throw(u32),
    /// `deals[i]`.
    Deal(u32),
    /// A comparison of two registers.
    Regs {
        order: Order,
        a: u32,
        b: u32,
        then: Go,
        otherwise: Go,
    },
    /// A comparison of any two numbers (a condition's name is its
    /// register against 1).
    Test {
        order: Order,
        a: Arg,
        b: Arg,
        then: Go,
        otherwise: Go,
    },
    /// Whether `grids[grid]` draws at (row, column).
    Cell {
        grid: u32,
        row: Arg,
        column: Arg,
        then: Go,
        otherwise: Go,
    },
    Calc {
        calc: Calc,
        next: Go,
    },
}

/// A tabulated throw: its observations per result as numbers.
#[derive(Debug)]
struct Throw {
    count: u32,
    sides: u32,
    results: u64,
    slots: Vec<u32>,
    values: Vec<i64>,
    targets: Vec<Go>,
}

/// A draw, and the `let` after it.
#[derive(Debug)]
struct Deal {
    shoe: usize,
    /// The shoe's kinds, from and to, in [`Plan::full`].
    kinds: (usize, usize),
    finite: bool,
    count: u32,
    /// The hand's register (its total), where it is read again.
    keep: Option<u32>,
    calc: Option<Calc>,
    next: Go,
}

/// The kind of value a slot holds, the same on every path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Int,
    Bool,
    /// A hand of this many cards, kept as its total.
    Hand(u32),
}

/// A round compiled for [`Fast`]: see the module's documentation.
#[derive(Debug)]
pub struct Plan<'p> {
    program: &'p Program,
    ops: Vec<Op>,
    throws: Vec<Throw>,
    deals: Vec<Deal>,
    grids: Vec<Option<Grid>>,
    registers: usize,
    /// Each shoe's kinds in `full`: from `starts[s]` to `starts[s + 1]`.
    starts: Vec<usize>,
    full: Vec<u32>,
    values: Vec<u32>,
    full_totals: Vec<u32>,
    finite: Vec<bool>,
    /// Whether a round that runs to its last statement fails (a bet is
    /// settled on the outcome).
    finish_fails: bool,
}

/// The kind of each slot, from the steps that write it (in `order`):
/// `None` where a slot is written values of two kinds.
fn slot_kinds(program: &Program, steps: &Steps, order: &[usize]) -> Option<Vec<Option<Kind>>> {
    let mut kinds: Vec<Option<Kind>> = vec![None; program.slots.len()];
    let mut write = |slot: usize, kind: Kind| match kinds.get_mut(slot)? {
        Some(k) if *k != kind => None,
        k => {
            *k = Some(kind);
            Some(())
        }
    };
    for &pc in order {
        match steps.list[pc] {
            Step::Throw(i) => {
                let throw = &steps.throws[i as usize];
                for (c, &slot) in throw.slots.iter().enumerate() {
                    let column = throw.values.iter().skip(c).step_by(throw.slots.len());
                    let mut kind = None;
                    for v in column {
                        let k = match v {
                            Value::Int(_) => Kind::Int,
                            Value::Bool(_) => Kind::Bool,
                            _ => return None,
                        };
                        if kind.is_some_and(|was| was != k) {
                            return None;
                        }
                        kind = Some(k);
                    }
                    write(slot, kind?)?;
                }
            }
            Step::Deal(i) => {
                let deal = &steps.deals[i as usize];
                if deal.keep {
                    write(deal.slot, Kind::Hand(deal.count))?;
                }
                if let Some(a) = deal.assign {
                    write(a.slot as usize, Kind::Int)?;
                }
            }
            Step::Arith { assign, .. } => write(assign.slot as usize, Kind::Int)?,
            _ => {}
        }
    }
    Some(kinds)
}

/// The round met what only its instructions can give (see the module's
/// documentation): play the chunk by the general round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bail;

/// The steps' operands as the registers hold them, by each slot's kind.
struct Operands<'k> {
    kinds: &'k [Option<Kind>],
}

impl Operands<'_> {
    /// An operand as a register or a constant; `None` where its slot is
    /// not of the kind it reads.
    fn arg(&self, o: Operand) -> Option<Arg> {
        let kind = |s: u32| self.kinds.get(s as usize).copied().flatten();
        Some(match o {
            Operand::Const(c) => Arg::Const(i64::from(c)),
            Operand::Slot(s) if kind(s) == Some(Kind::Int) => Arg::Reg(s),
            Operand::Flag(s) if kind(s) == Some(Kind::Bool) => Arg::Reg(s),
            Operand::Single(s) if kind(s) == Some(Kind::Hand(1)) => Arg::Reg(s),
            Operand::Total(s) if matches!(kind(s), Some(Kind::Hand(_))) => Arg::Reg(s),
            Operand::Dealt => Arg::Dealt,
            _ => return None,
        })
    }

    /// An assignment as a calculation on registers; the card just dealt
    /// only while `dealing`.
    fn calc(&self, a: super::steps::Assign, dealing: bool) -> Option<Calc> {
        let args = [Some(a.a), a.op.map(|(_, b)| b)];
        if !dealing && args.iter().flatten().any(|o| *o == Operand::Dealt) {
            return None;
        }
        Some(Calc {
            slot: a.slot,
            a: self.arg(a.a)?,
            op: match a.op {
                Some((op, b)) => Some((op, self.arg(b)?)),
                None => None,
            },
            then: a.then.map(|(op, c)| (op, i64::from(c))),
        })
    }
}

impl<'p> Plan<'p> {
    /// The round's plan, where it has one; `finals` are the slots read
    /// once a round ends (bets settled on a value), which must be bound at
    /// every end.
    pub fn new(round: &Round<'p>, finals: &[usize]) -> Option<Plan<'p>> {
        let program = round.program();
        let steps = round.steps();
        if round.counts_fast_steps() || program.slots.len() >= END as usize {
            return None;
        }
        let order = topological(program, &steps.list, &steps.throws, &steps.deals)?;
        let mut plan = Plan {
            program,
            ops: vec![Op::Never; steps.list.len()],
            throws: Vec::new(),
            deals: Vec::new(),
            grids: steps.grids.clone(),
            registers: program.slots.len(),
            starts: vec![0],
            full: Vec::new(),
            values: Vec::new(),
            full_totals: Vec::new(),
            finite: Vec::new(),
            finish_fails: program.settles_on_outcomes(),
        };
        plan.add_shoes()?;
        let kinds = slot_kinds(program, steps, &order)?;
        let lower = Operands { kinds: &kinds };
        for &pc in &order {
            plan.ops[pc] = plan.op(steps, pc, &lower)?;
        }
        plan.bound_before_read(&order, finals)?;
        plan.drop_unread(finals);
        Some(plan)
    }

    /// The step at `pc` as an operation on registers, its throw or deal
    /// added to the plan's; `None` where it is not one (an instruction that
    /// does not finish the round, an operand of another kind).
    fn op(&mut self, steps: &Steps, pc: usize, lower: &Operands) -> Option<Op> {
        let program = self.program;
        let arg = |o| lower.arg(o);
        Some(match steps.list[pc] {
            Step::Instr if program.code.get(pc).is_some_and(Instr::finishes) => Op::Never,
            Step::Instr => return None,
            Step::Throw(i) => self.add_throw(&steps.throws[i as usize]),
            Step::Deal(i) => self.add_deal(&steps.deals[i as usize], lower)?,
            Step::Flag {
                slot,
                then,
                otherwise,
                ..
            } => Op::Test {
                order: Order::EQUAL,
                a: arg(Operand::Flag(slot))?,
                b: Arg::Const(1),
                then: go(program, then),
                otherwise: go(program, otherwise),
            },
            Step::Compare {
                order,
                a,
                b,
                then,
                otherwise,
                ..
            } => Op::Test {
                order,
                a: arg(a)?,
                b: arg(b)?,
                then: go(program, then),
                otherwise: go(program, otherwise),
            },
            Step::Slots {
                order,
                a,
                b,
                then,
                otherwise,
                ..
            } => {
                arg(Operand::Slot(a))?;
                arg(Operand::Slot(b))?;
                Op::Regs {
                    order,
                    a,
                    b,
                    then: go(program, then),
                    otherwise: go(program, otherwise),
                }
            }
            Step::Cell {
                grid,
                row,
                column,
                then,
                otherwise,
                ..
            } => Op::Cell {
                grid,
                row: arg(row)?,
                column: arg(column)?,
                then: go(program, then),
                otherwise: go(program, otherwise),
            },
            Step::Arith { assign, next } => Op::Calc {
                calc: lower.calc(assign, false)?,
                next: go(program, next),
            },
        })
    }

    /// A tabulated throw added to the plan: its results' values as
    /// integers (a flag 0 or 1).
    fn add_throw(&mut self, t: &ThrowTable) -> Op {
        let program = self.program;
        self.throws.push(Throw {
            count: t.count,
            sides: t.sides,
            results: t.results,
            slots: t.slots.iter().map(|&s| s as u32).collect(),
            values: t
                .values
                .iter()
                .map(|v| match *v {
                    Value::Int(n) => n,
                    v => i64::from(v == Value::Bool(true)),
                })
                .collect(),
            targets: t.targets.iter().map(|&t| go(program, t)).collect(),
        });
        Op::Throw(self.throws.len() as u32 - 1)
    }

    /// A deal added to the plan, from its shoe's kinds of card, with the
    /// `let` it carries.
    fn add_deal(&mut self, d: &super::steps::Deal, lower: &Operands) -> Option<Op> {
        self.deals.push(Deal {
            shoe: d.shoe,
            kinds: (*self.starts.get(d.shoe)?, *self.starts.get(d.shoe + 1)?),
            finite: *self.finite.get(d.shoe)?,
            count: d.count,
            keep: d.keep.then_some(d.slot as u32),
            calc: match d.assign {
                Some(a) => Some(lower.calc(a, true)?),
                None => None,
            },
            next: go(self.program, d.next),
        });
        Some(Op::Deal(self.deals.len() as u32 - 1))
    }

    /// Each shoe's kinds of card, full, with their values and totals: what
    /// is left of the shoe with `--removed` cards out. `None` where a count
    /// does not fit.
    fn add_shoes(&mut self) -> Option<()> {
        for shoe in &self.program.shoes {
            let decks = shoe.decks.unwrap_or(1);
            let mut total = 0u32;
            for kind in &shoe.kinds {
                // What is left of the shoe: `--removed` cards out.
                let n = u32::try_from(kind.full(decks)).ok()?;
                total = total.checked_add(n)?;
                self.full.push(n);
                self.values.push(kind.value);
            }
            self.starts.push(self.full.len());
            self.full_totals.push(total);
            self.finite.push(shoe.decks.is_some());
        }
        Some(())
    }

    /// Every register a step reads is written on every path to it, and
    /// every slot of `finals` at every end.
    fn bound_before_read(&self, order: &[usize], finals: &[usize]) -> Option<()> {
        let mut bound: Vec<Option<Vec<bool>>> = vec![None; self.ops.len()];
        bound[0] = Some(vec![false; self.registers]);
        for &pc in order {
            let mut set = bound[pc].clone()?;
            let (reads, writes, nexts) = self.effects(pc);
            if reads.iter().any(|&r| !set[r as usize]) {
                return None;
            }
            for w in writes {
                set[w as usize] = true;
            }
            for next in nexts {
                match usize::try_from(next.0) {
                    Ok(step) if next.0 & END == 0 => {
                        let into = bound.get_mut(step)?;
                        match into {
                            Some(was) => was.iter_mut().zip(&set).for_each(|(a, b)| *a &= b),
                            None => *into = Some(set.clone()),
                        }
                    }
                    _ => {
                        if finals
                            .iter()
                            .any(|&f| !set.get(f).copied().unwrap_or(false))
                        {
                            return None;
                        }
                    }
                }
            }
        }
        Some(())
    }

    /// Keeps of each throw's observations only those some step or bet
    /// reads (a branch decided per result reads none).
    fn drop_unread(&mut self, finals: &[usize]) {
        let mut read = vec![false; self.registers];
        for f in finals {
            if let Some(r) = read.get_mut(*f) {
                *r = true;
            }
        }
        for pc in 0..self.ops.len() {
            for r in self.effects(pc).0 {
                read[r as usize] = true;
            }
        }
        for t in &mut self.throws {
            let width = t.slots.len();
            let keep: Vec<bool> = t.slots.iter().map(|&s| read[s as usize]).collect();
            t.values = t
                .values
                .chunks(width.max(1))
                .flat_map(|row| row.iter().zip(&keep).filter(|(_, k)| **k).map(|(v, _)| *v))
                .collect();
            t.slots.retain(|&s| read[s as usize]);
        }
    }

    /// The registers step `pc` reads and writes, and where it may go.
    fn effects(&self, pc: usize) -> (Vec<u32>, Vec<u32>, Vec<Go>) {
        let regs = |args: &[Arg]| -> Vec<u32> {
            args.iter()
                .filter_map(|a| match a {
                    Arg::Reg(r) => Some(*r),
                    _ => None,
                })
                .collect()
        };
        let calc_reads = |c: &Calc| {
            let mut args = vec![c.a];
            args.extend(c.op.map(|(_, b)| b));
            regs(&args)
        };
        match &self.ops[pc] {
            Op::Never => (Vec::new(), Vec::new(), Vec::new()),
            Op::Throw(i) => {
                let t = &self.throws[*i as usize];
                (Vec::new(), t.slots.clone(), t.targets.clone())
            }
            Op::Deal(i) => {
                let d = &self.deals[*i as usize];
                let mut writes: Vec<u32> = d.keep.into_iter().collect();
                writes.extend(d.calc.map(|c| c.slot));
                let reads = d.calc.as_ref().map(calc_reads).unwrap_or_default();
                (reads, writes, vec![d.next])
            }
            Op::Regs {
                a,
                b,
                then,
                otherwise,
                ..
            } => (vec![*a, *b], Vec::new(), vec![*then, *otherwise]),
            Op::Test {
                a,
                b,
                then,
                otherwise,
                ..
            } => (regs(&[*a, *b]), Vec::new(), vec![*then, *otherwise]),
            Op::Cell {
                row,
                column,
                then,
                otherwise,
                ..
            } => (regs(&[*row, *column]), Vec::new(), vec![*then, *otherwise]),
            Op::Calc { calc, next } => (calc_reads(calc), vec![calc.slot], vec![*next]),
        }
    }
}

/// `t` packed, a step that is the round's last statement as [`FINISH`].
fn go(program: &Program, t: Target) -> Go {
    match t.get() {
        Ok(pc) if program.code.get(pc).is_some_and(Instr::finishes) => Go(FINISH),
        Ok(pc) => Go(pc as u32),
        Err(outcome) => Go(END | outcome as u32),
    }
}

/// The steps a round can reach from the first, each after every step
/// that can lead to it; `None` where they loop.
fn topological(
    program: &Program,
    list: &[Step],
    throws: &[super::steps::ThrowTable],
    deals: &[super::steps::Deal],
) -> Option<Vec<usize>> {
    let successors = |pc: usize| -> Vec<Target> {
        match list[pc] {
            Step::Throw(i) => throws[i as usize].targets.clone(),
            Step::Deal(i) => vec![deals[i as usize].next],
            Step::Arith { next, .. } => vec![next],
            step => step
                .branches()
                .map_or_else(Vec::new, |(then, otherwise)| vec![then, otherwise]),
        }
    };
    // 0 unseen, 1 on the path, 2 done.
    let mut state = vec![0u8; list.len()];
    let mut post = Vec::new();
    let mut stack: Vec<(usize, Vec<Target>)> = Vec::new();
    if list.is_empty() {
        return None;
    }
    state[0] = 1;
    stack.push((0, successors(0)));
    while let Some((pc, rest)) = stack.last_mut() {
        let pc = *pc;
        match rest.pop() {
            Some(t) => {
                let Ok(next) = t.get() else { continue };
                if program.code.get(next).is_some_and(Instr::finishes) {
                    continue;
                }
                match state.get(next)? {
                    0 => {
                        state[next] = 1;
                        stack.push((next, successors(next)));
                    }
                    1 => return None,
                    _ => {}
                }
            }
            None => {
                state[pc] = 2;
                post.push(pc);
                stack.pop();
            }
        }
    }
    post.reverse();
    Some(post)
}

/// The number `a` gives.
#[inline(always)]
fn read(regs: &[i64], a: Arg, dealt: i64) -> i64 {
    match a {
        Arg::Const(c) => c,
        Arg::Reg(r) => regs[r as usize],
        Arg::Dealt => dealt,
    }
}

/// Makes `c`'s assignment.
#[inline(always)]
fn calc(regs: &mut [i64], c: &Calc, dealt: i64) -> Result<(), Bail> {
    let mut x = read(regs, c.a, dealt);
    if let Some((op, b)) = c.op {
        x = arith(op, x, read(regs, b, dealt)).ok_or(Bail)?;
    }
    if let Some((op, k)) = c.then {
        x = arith(op, x, k).ok_or(Bail)?;
    }
    regs[c.slot as usize] = x;
    Ok(())
}

/// A round played by its [`Plan`], with its registers and shoes.
pub struct Fast<'a, 'p> {
    plan: &'a Plan<'p>,
    regs: Vec<i64>,
    left: Vec<u32>,
    totals: Vec<u32>,
}

impl<'a, 'p> Fast<'a, 'p> {
    /// The plan's registers and shoes.
    pub fn new(plan: &'a Plan<'p>) -> Fast<'a, 'p> {
        Fast {
            plan,
            regs: vec![0; plan.registers],
            left: plan.full.clone(),
            totals: plan.full_totals.clone(),
        }
    }

    /// The program the round is of.
    pub fn program(&self) -> &'p Program {
        self.plan.program
    }

    /// The value of a slot as the last round ended (a bet's final value:
    /// bound at every end, see [`Plan::new`]).
    #[inline(always)]
    pub fn final_value(&self, slot: usize) -> Option<i64> {
        self.regs.get(slot).copied()
    }

    /// Plays one round: its outcome (`None` where it ran to its last
    /// statement), or [`Bail`].
    #[inline]
    pub fn play(&mut self, source: &mut impl Source) -> Result<Option<usize>, Bail> {
        let plan = self.plan;
        if !plan.full.is_empty() {
            self.left.copy_from_slice(&plan.full);
            self.totals.copy_from_slice(&plan.full_totals);
        }
        let regs = &mut self.regs[..];
        let mut pc = 0usize;
        loop {
            let next = match &plan.ops[pc] {
                &Op::Throw(i) => {
                    let t = &plan.throws[i as usize];
                    let n = source.results(t.count, t.sides, t.results) as usize;
                    match t.slots[..] {
                        [] => {}
                        [slot] => regs[slot as usize] = t.values[n],
                        _ => {
                            let width = t.slots.len();
                            let row = &t.values[n * width..][..width];
                            for (&slot, &v) in t.slots.iter().zip(row) {
                                regs[slot as usize] = v;
                            }
                        }
                    }
                    t.targets[n]
                }
                &Op::Deal(i) => {
                    let d = &plan.deals[i as usize];
                    let values = &plan.values[d.kinds.0..d.kinds.1];
                    let left = &mut self.left[d.kinds.0..d.kinds.1];
                    let mut all = self.totals[d.shoe];
                    if d.count > all {
                        return Err(Bail);
                    }
                    let finite = d.finite;
                    let mut dealt = 0i64;
                    for _ in 0..d.count {
                        let kind = kind_at(left, source.card(all));
                        if finite {
                            left[kind] -= 1;
                            all -= 1;
                        }
                        dealt += i64::from(values[kind]);
                    }
                    self.totals[d.shoe] = all;
                    if let Some(slot) = d.keep {
                        regs[slot as usize] = dealt;
                    }
                    if let Some(c) = &d.calc {
                        calc(regs, c, dealt)?;
                    }
                    d.next
                }
                &Op::Regs {
                    order,
                    a,
                    b,
                    then,
                    otherwise,
                } => {
                    if order.holds(regs[a as usize], regs[b as usize]) {
                        then
                    } else {
                        otherwise
                    }
                }
                &Op::Test {
                    order,
                    a,
                    b,
                    then,
                    otherwise,
                } => {
                    if order.holds(read(regs, a, 0), read(regs, b, 0)) {
                        then
                    } else {
                        otherwise
                    }
                }
                &Op::Cell {
                    grid,
                    row,
                    column,
                    then,
                    otherwise,
                } => {
                    let grid = plan.grids[grid as usize].as_ref().ok_or(Bail)?;
                    match grid.draws(read(regs, row, 0), read(regs, column, 0)) {
                        Some(true) => then,
                        Some(false) => otherwise,
                        None => return Err(Bail),
                    }
                }
                Op::Calc { calc: c, next } => {
                    calc(regs, c, 0)?;
                    *next
                }
                Op::Never => return Err(Bail),
            };
            if next.0 & END == 0 {
                pc = next.0 as usize;
            } else if next.0 == FINISH {
                return if plan.finish_fails {
                    Err(Bail)
                } else {
                    Ok(None)
                };
            } else {
                return Ok(Some((next.0 & !END) as usize));
            }
        }
    }
}
