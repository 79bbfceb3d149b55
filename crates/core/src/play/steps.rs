//! The round compiled to steps for play without a transcript (simulation):
//! the instructions a round runs most, rewritten so that each costs one
//! dispatch and a few machine instructions.
//!
//! [`Round`](super::round::Round) plays a round by its instructions, one
//! `match` over [`Instr`] and its compiled expressions per instruction.
//! Most of a simulated round's time went into that dispatch, so here:
//!
//! - a branch goes straight to an `end` ([`Target`] holds the outcome), and
//!   a condition of `and`, `or` and `not` over comparisons, names and draw
//!   tables becomes a chain of branches, one per comparison, short-circuit
//!   as the tree evaluator reads it;
//! - a comparison, a `let`/`set` of one arithmetic operation (and a
//!   `mod` after it), a card's value and a hand's total read their operands
//!   from slots and constants without a stack;
//! - a draw table is a dense grid of cells;
//! - a throw of few results with no `until` is one number drawn, its
//!   observations copied from a table, and the branches right after it
//!   that read only those observations decided when compiling, per result
//!   ([`ThrowTable::targets`]).
//!
//! Every other instruction is [`Step::Instr`]: run as written. A step that
//! meets a value it does not expect (a name not bound, a card count other
//! than one, an overflow, a missing cell) runs its instruction as written
//! instead (a step's `origin`), which gives the same value or the error: the
//! steps are only ever a faster path to what the instructions do.

pub use crate::eval::compiled::Operand;
use crate::eval::compiled::{Arithmetic, Test};
use crate::eval::value::arith;
use crate::eval::value::{eval, Context, Pools, Value};
use crate::program::{Arith, Cell, Cmp, Draw, Expr, Instr, Program, Projection, Throw};

/// The most ordered results of a throw whose observations are tabulated.
pub const TABLE_RESULTS: u64 = 1296;

/// The most cells of a draw table laid out as a grid.
const GRID_CELLS: i64 = 4096;

/// Where the round goes next: a step, or the end with an outcome.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Target(u32);

const END: u32 = 1 << 31;

impl Target {
    fn step(pc: usize) -> Target {
        Target(pc as u32)
    }

    fn end(outcome: usize) -> Target {
        Target(END | outcome as u32)
    }

    /// `Ok(step)`, or `Err(outcome)` where the round ends.
    #[inline(always)]
    pub fn get(self) -> Result<usize, usize> {
        if self.0 & END == 0 {
            Ok(self.0 as usize)
        } else {
            Err((self.0 & !END) as usize)
        }
    }
}

/// The orderings of two numbers a comparison holds for: bit 0 where the
/// first is less, bit 1 equal, bit 2 greater. Testing one is a shift, not a
/// branch on the operator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Order(u8);

impl Order {
    /// Equal.
    pub const EQUAL: Order = Order(0b010);

    fn of(op: Cmp) -> Order {
        Order(match op {
            Cmp::Lt => 0b001,
            Cmp::Le => 0b011,
            Cmp::Eq => 0b010,
            Cmp::Ne => 0b101,
            Cmp::Gt => 0b100,
            Cmp::Ge => 0b110,
        })
    }

    /// Whether `x op y`.
    #[inline(always)]
    pub fn holds(self, x: i64, y: i64) -> bool {
        let ordering = u8::from(x > y) + u8::from(x >= y);
        (self.0 >> ordering) & 1 != 0
    }
}

/// One step. `origin` is the instruction the step came from: where its
/// operands are not what it reads, that instruction runs as written.
#[derive(Clone, Copy, Debug)]
pub enum Step {
    /// The instruction of the same index, run as written.
    Instr,
    /// A tabulated throw without `until`: `throws[i]`.
    Throw(u32),
    /// A draw, and the `let` or `set` after it: `deals[i]`.
    Deal(u32),
    /// Whether a slot holds `true`.
    Flag {
        slot: u32,
        then: Target,
        otherwise: Target,
        origin: u32,
    },
    Compare {
        order: Order,
        a: Operand,
        b: Operand,
        then: Target,
        otherwise: Target,
        origin: u32,
    },
    /// A comparison of two slots holding numbers, the commonest kind.
    Slots {
        order: Order,
        a: u32,
        b: u32,
        then: Target,
        otherwise: Target,
        origin: u32,
    },
    /// Whether draw table `grids[grid]` draws at (row, column).
    Cell {
        grid: u32,
        row: Operand,
        column: Operand,
        then: Target,
        otherwise: Target,
        origin: u32,
    },
    /// A `let` or `set` of one or two operations.
    Arith { assign: Assign, next: Target },
}

impl Step {
    /// Where a branching step goes when its test holds and when it does
    /// not; `None` for the other steps.
    pub fn branches(self) -> Option<(Target, Target)> {
        match self {
            Step::Flag {
                then, otherwise, ..
            }
            | Step::Compare {
                then, otherwise, ..
            }
            | Step::Slots {
                then, otherwise, ..
            }
            | Step::Cell {
                then, otherwise, ..
            } => Some((then, otherwise)),
            Step::Instr | Step::Throw(_) | Step::Deal(_) | Step::Arith { .. } => None,
        }
    }
}

/// A throw's observations for each of its ordered results (see
/// [`crate::play::round::Source::dice`]), and where the round goes next.
#[derive(Debug)]
pub struct ThrowTable {
    pub count: u32,
    pub sides: u32,
    /// `sides^count`.
    pub results: u64,
    /// The observations' slots.
    pub slots: Vec<usize>,
    /// Their values, result by result.
    pub values: Vec<Value>,
    /// Where the round goes after each result: past the branches that read
    /// only this throw's observations.
    pub targets: Vec<Target>,
    /// The throw's instruction.
    pub origin: u32,
}

impl ThrowTable {
    /// The observations of result `n`.
    #[inline(always)]
    pub fn row(&self, n: usize) -> &[Value] {
        let width = self.slots.len();
        &self.values[n * width..][..width]
    }
}

/// `slot = (a op.0 op.1) then.0 then.1`, or `slot = a` without `op`.
#[derive(Clone, Copy, Debug)]
pub struct Assign {
    pub slot: u32,
    pub a: Operand,
    pub op: Option<(Arith, Operand)>,
    pub then: Option<(Arith, i32)>,
    /// Its instruction.
    pub origin: u32,
}

/// A draw, and the `let` or `set` right after it when that reads the cards
/// only through their total (or the one card's value, of one card): the
/// total is kept while dealing, and the hand is not stored where nothing
/// reads it again.
#[derive(Debug)]
pub struct Deal {
    pub slot: usize,
    pub count: u32,
    pub shoe: usize,
    /// Whether the hand is stored: read after the `let`, or no `let`.
    pub keep: bool,
    /// The `let`, reading the cards as [`Operand::Dealt`].
    pub assign: Option<Assign>,
    pub next: Target,
    /// The draw's instruction.
    pub origin: u32,
}

/// A draw table's cells as a grid: 0 stands, 1 draws, 2 has no cell (or a
/// `?`, which is not read here).
#[derive(Clone, Debug)]
pub struct Grid {
    rows: (i64, i64),
    columns: (i64, i64),
    cells: Vec<u8>,
}

impl Grid {
    fn new(table: &crate::program::DrawTable) -> Option<Grid> {
        let lo = |ranges: &mut dyn Iterator<Item = (i64, i64)>| {
            ranges.fold(None, |span: Option<(i64, i64)>, (a, b)| {
                Some(span.map_or((a, b), |(lo, hi)| (lo.min(a), hi.max(b))))
            })
        };
        let rows = lo(&mut table.rows.iter().map(|(r, _)| *r))?;
        let columns = lo(&mut table.columns.iter().copied())?;
        let height = rows.1.checked_sub(rows.0)?.checked_add(1)?;
        let width = columns.1.checked_sub(columns.0)?.checked_add(1)?;
        if height.checked_mul(width)? > GRID_CELLS {
            return None;
        }
        let mut cells = Vec::with_capacity((height * width) as usize);
        for row in rows.0..=rows.1 {
            for column in columns.0..=columns.1 {
                cells.push(match table.lookup(row, column) {
                    Some(Cell::Stand) => 0,
                    Some(Cell::Draw) => 1,
                    Some(Cell::Choice) | None => 2,
                });
            }
        }
        Some(Grid {
            rows,
            columns,
            cells,
        })
    }

    /// Whether the table draws at (row, column); `None` with no cell.
    #[inline(always)]
    pub fn draws(&self, row: i64, column: i64) -> Option<bool> {
        if row < self.rows.0 || row > self.rows.1 || column < self.columns.0 {
            return None;
        }
        if column > self.columns.1 {
            return None;
        }
        let width = self.columns.1 - self.columns.0 + 1;
        let at = (row - self.rows.0) * width + (column - self.columns.0);
        match self.cells[at as usize] {
            0 => Some(false),
            1 => Some(true),
            _ => None,
        }
    }
}

/// The round's steps: `list[pc]` for instruction `pc`, then the further
/// branches of decomposed conditions.
#[derive(Debug)]
pub struct Steps {
    pub list: Vec<Step>,
    /// The tabulated throws (with or without `until`); `table_of[pc]`
    /// gives a throw instruction's.
    pub throws: Vec<ThrowTable>,
    pub table_of: Vec<Option<u32>>,
    pub grids: Vec<Option<Grid>>,
    pub deals: Vec<Deal>,
}

impl Steps {
    pub fn new(program: &Program, next: &[usize], otherwise: &[usize]) -> Steps {
        let code = &program.code;
        let mut steps = Steps {
            list: vec![Step::Instr; code.len()],
            throws: Vec::new(),
            table_of: vec![None; code.len()],
            grids: program.tables.iter().map(Grid::new).collect(),
            deals: Vec::new(),
        };
        if code.len() >= END as usize / 2 {
            return steps;
        }
        // A landing on `end` is the end itself.
        let target = |pc: usize| match code.get(pc) {
            Some(Instr::End { outcome }) => Target::end(*outcome),
            _ => Target::step(pc),
        };
        for (pc, instr) in code.iter().enumerate() {
            match instr {
                Instr::Branch { cond, .. } => {
                    let (then, other) = (target(next[pc]), target(otherwise[pc]));
                    let before = steps.list.len();
                    let entry = steps.condition(cond, then, other, pc as u32);
                    // The condition's first test takes the branch's place.
                    match entry {
                        Some(e) if e == Target::step(steps.list.len() - 1) => {
                            steps.list[pc] = steps.list.pop().unwrap_or(Step::Instr);
                        }
                        _ => steps.list.truncate(before),
                    }
                }
                Instr::Assign { slot, value } => {
                    if let Some(assign) = assign(*slot, value, pc as u32) {
                        let next = target(next[pc]);
                        steps.list[pc] = Step::Arith { assign, next };
                    }
                }
                Instr::Draw(Draw {
                    slot, count, shoe, ..
                }) => {
                    let live_after = |pc: usize| {
                        program
                            .live_in
                            .get(pc)
                            .is_none_or(|live| live.contains(*slot))
                    };
                    let after = next[pc];
                    let fused = match code.get(after) {
                        Some(Instr::Assign { slot: to, value }) => {
                            assign(*to, value, after as u32).and_then(|a| dealt(a, *slot, *count))
                        }
                        _ => None,
                    };
                    let (keep, next) = match fused {
                        Some(_) => (live_after(next[after]), target(next[after])),
                        None => (true, target(after)),
                    };
                    steps.list[pc] = Step::Deal(steps.deals.len() as u32);
                    steps.deals.push(Deal {
                        slot: *slot,
                        count: *count,
                        shoe: *shoe,
                        keep,
                        assign: fused,
                        next,
                        origin: pc as u32,
                    });
                }
                Instr::Throw(Throw {
                    slot,
                    count,
                    sides,
                    observe: Some(projection),
                    until,
                    ..
                }) if projection.context.is_empty() => {
                    if let Some(values) = tabulate(program, *slot, *count, *sides, projection) {
                        // At most TABLE_RESULTS.
                        let results = u64::from(*sides).pow(*count) as usize;
                        steps.table_of[pc] = Some(steps.throws.len() as u32);
                        if until.is_none() {
                            steps.list[pc] = Step::Throw(steps.throws.len() as u32);
                        }
                        steps.throws.push(ThrowTable {
                            origin: pc as u32,
                            count: *count,
                            sides: *sides,
                            results: results as u64,
                            slots: projection.observations.iter().map(|(s, _)| *s).collect(),
                            values,
                            targets: vec![target(next[pc]); results],
                        });
                    }
                }
                _ => {}
            }
        }
        steps.decide_after_throws(program);
        steps
    }

    /// Pushes the branches that test `cond`, going to `then` or
    /// `otherwise`, and gives the first; `None` where some part is not a
    /// comparison, a name or a draw table of simple operands.
    fn condition(
        &mut self,
        cond: &Expr,
        then: Target,
        otherwise: Target,
        origin: u32,
    ) -> Option<Target> {
        let step = match Test::of(cond)? {
            Test::And(a, b) => {
                let second = self.condition(b, then, otherwise, origin)?;
                return self.condition(a, second, otherwise, origin);
            }
            Test::Or(a, b) => {
                let second = self.condition(b, then, otherwise, origin)?;
                return self.condition(a, then, second, origin);
            }
            Test::Not(a) => return self.condition(a, otherwise, then, origin),
            Test::Flag(slot) => Step::Flag {
                slot,
                then,
                otherwise,
                origin,
            },
            Test::Compare(op, Operand::Slot(a), Operand::Slot(b)) => Step::Slots {
                order: Order::of(op),
                a,
                b,
                then,
                otherwise,
                origin,
            },
            Test::Compare(op, a, b) => Step::Compare {
                order: Order::of(op),
                a,
                b,
                then,
                otherwise,
                origin,
            },
            Test::Cell(t, row, column) => {
                self.grids.get(t)?.as_ref()?;
                Step::Cell {
                    grid: u32::try_from(t).ok()?,
                    row,
                    column,
                    then,
                    otherwise,
                    origin,
                }
            }
        };
        self.list.push(step);
        Some(Target::step(self.list.len() - 1))
    }

    /// For each result of each tabulated throw, follows the branches right
    /// after it that read only its observations (and constants).
    fn decide_after_throws(&mut self, program: &Program) {
        let pools = Pools::default();
        let mut env = vec![Value::Unset; program.slots.len()];
        for throw in &mut self.throws {
            for n in 0..throw.targets.len() {
                env.fill(Value::Unset);
                for (&slot, v) in throw.slots.iter().zip(throw.row(n)) {
                    env[slot] = *v;
                }
                let known = |o: Operand| match o {
                    Operand::Const(_) => true,
                    Operand::Slot(s) | Operand::Flag(s) => throw.slots.contains(&(s as usize)),
                    Operand::Single(_) | Operand::Total(_) | Operand::Dealt => false,
                };
                let compared = |order: Order, a: Operand, b: Operand| {
                    if !(known(a) && known(b)) {
                        return None;
                    }
                    Some(order.holds(a.read(&env, &pools)?, b.read(&env, &pools)?))
                };
                let mut at = throw.targets[n];
                // Branches only go forward; the bound is for safety.
                for _ in 0..self.list.len() {
                    let Ok(pc) = at.get() else { break };
                    let holds = match self.list[pc] {
                        Step::Flag { slot, .. } if throw.slots.contains(&(slot as usize)) => {
                            match env[slot as usize] {
                                Value::Bool(b) => Some(b),
                                _ => None,
                            }
                        }
                        Step::Compare { order, a, b, .. } => compared(order, a, b),
                        Step::Slots { order, a, b, .. } => {
                            compared(order, Operand::Slot(a), Operand::Slot(b))
                        }
                        _ => None,
                    };
                    // `holds` is known only for the tests above.
                    let (Some(holds), Some((then, otherwise))) = (holds, self.list[pc].branches())
                    else {
                        break;
                    };
                    at = if holds { then } else { otherwise };
                }
                throw.targets[n] = at;
            }
        }
    }
}

/// `a` reading the cards of a draw into `hand` of `count` cards as
/// [`Operand::Dealt`]; `None` where it reads the hand otherwise, or one
/// card's value of a hand of several.
fn dealt(mut a: Assign, hand: usize, count: u32) -> Option<Assign> {
    let mut reads = false;
    for o in std::iter::once(&mut a.a).chain(a.op.as_mut().map(|(_, b)| b)) {
        match *o {
            Operand::Single(s) if s as usize == hand && count != 1 => return None,
            Operand::Total(s) | Operand::Single(s) if s as usize == hand => {
                *o = Operand::Dealt;
                reads = true;
            }
            Operand::Slot(s) | Operand::Flag(s) if s as usize == hand => return None,
            _ => {}
        }
    }
    reads.then_some(a)
}

/// `slot = value`, where `value` is an operand, or one arithmetic
/// operation on two (and a second with a constant after it).
fn assign(slot: usize, value: &Expr, origin: u32) -> Option<Assign> {
    let Arithmetic { a, op, then } = Arithmetic::of(value)?;
    Some(Assign {
        slot: u32::try_from(slot).ok()?,
        a,
        op,
        then,
        origin,
    })
}

impl Assign {
    /// The value assigned, `dealt` the total of the cards just dealt;
    /// `None` where the instruction must run as written.
    #[inline(always)]
    pub fn value(&self, env: &[Value], pools: &Pools, dealt: i64) -> Option<i64> {
        let read = |o: Operand| match o {
            Operand::Dealt => Some(dealt),
            o => o.read(env, pools),
        };
        let mut x = read(self.a)?;
        if let Some((op, b)) = self.op {
            x = arith(op, x, read(b)?)?;
        }
        if let Some((op, c)) = self.then {
            x = arith(op, x, i64::from(c))?;
        }
        Some(x)
    }
}

/// The observations of every ordered result of a throw, result by result,
/// when the results are few and every observation has a value on each.
fn tabulate(
    program: &Program,
    slot: usize,
    count: u32,
    sides: u32,
    projection: &Projection,
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
/// `sides^count` ([`Source::dice`](super::round::Source::dice)), sorted,
/// into `faces`.
pub fn sorted_faces(n: u64, count: u32, sides: u32, faces: &mut Vec<u32>) {
    faces.clear();
    let mut rest = n;
    for _ in 0..count {
        faces.push((rest % u64::from(sides)) as u32 + 1);
        rest /= u64::from(sides);
    }
    faces.sort_unstable();
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::value::compare;

    /// An order holds exactly where its operator does.
    #[test]
    fn orders_agree_with_their_operators() {
        let ops = [Cmp::Lt, Cmp::Le, Cmp::Eq, Cmp::Ne, Cmp::Gt, Cmp::Ge];
        for op in ops {
            for x in [i64::MIN, -3, 0, 2, 7, i64::MAX] {
                for y in [i64::MIN, -3, 0, 2, 7, i64::MAX] {
                    assert_eq!(
                        Order::of(op).holds(x, y),
                        compare(op, x, y),
                        "{x} {op:?} {y}"
                    );
                }
            }
        }
    }

    /// A grid answers as the table's own lookup, inside and outside it.
    #[test]
    fn a_grid_reads_as_its_table() {
        let program = crate::check::load(
            r#"game "grid"
               outcomes a, b
               table t(x, y) {
                 columns 0 1..2 4
                 0..1 => D S D
                 3 => S S D
               }
               round {
                 throw d = 2d6
                 if t(total(d) mod 4, total(d) mod 5) { end a }
                 end b
               }
               bet x { a => win 1 to 1
                       b => lose }"#,
            &Default::default(),
        )
        .map(|(_, program)| program)
        .expect("the game loads");
        let table = &program.tables[0];
        let grid = Grid::new(table).expect("a small table is a grid");
        for row in -2..6 {
            for column in -2..7 {
                let cell = table.lookup(row, column).map(|c| c == Cell::Draw);
                assert_eq!(grid.draws(row, column), cell, "({row}, {column})");
            }
        }
    }
}
