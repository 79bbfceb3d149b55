//! A round's expressions compiled for a small stack machine.
//!
//! The exact evaluator runs each expression of a round once per state and
//! result: for punto banco, a few hundred thousand times. Walking the tree
//! through [`Value`]s costs a call, and a value passed through memory, at
//! every node; a flat list of operations on machine integers costs a few
//! instructions each.
//!
//! Numbers are themselves, conditions are 0 or 1, and a throw is read only
//! through the operations that look into it. An expression that cannot have
//! a number or a condition as its value is not compiled. Whenever an
//! operation cannot go on (an overflow, a throw where a number was read, a
//! table cell missing, a deeper stack than planned), the machine stops and
//! the tree evaluator ([`eval`]) evaluates the expression instead, giving its
//! value or its error: the compiled form is only ever a faster path to the
//! same value.

use super::value::{arith, cell, compare, eval, test, Context, Pools, Res, Value};
use crate::program::builtin::{self, Builtin, Stat};
use crate::program::{Arith, Cell, Cmp, Expr, ExprKind};

/// The most values the stack machine holds at once; deeper expressions are
/// left to the tree evaluator.
const DEPTH: usize = 8;

/// One expression, compiled.
#[derive(Clone, Debug)]
pub struct Compiled {
    ops: Vec<Op>,
    output: Output,
    /// Subexpressions the machine hands to the tree evaluator.
    trees: Vec<Expr>,
    /// The ranges of each `in` test.
    ranges: Vec<Vec<(i64, i64)>>,
}

/// What kind of value the expression has.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Output {
    Int,
    Bool,
    /// A name read alone: its value, whatever its kind.
    Copy(usize),
    /// Not compiled.
    Tree,
}

/// Where an operation finds an operand: popped off the stack, in a slot,
/// or written in the expression.
#[derive(Clone, Copy, Debug)]
enum Arg {
    Pop,
    Slot(usize),
    Const(i64),
}

/// An operation of two operands.
#[derive(Clone, Copy, Debug)]
enum Binary {
    Arith(Arith),
    Cmp(Cmp),
    /// Both sides are evaluated. Where the second could not be, the machine
    /// stops, and the tree evaluator, which does not look at the second
    /// side when the first decides, has the last word.
    And,
    Or,
    /// Draw table `t` at (row, column).
    Table(usize),
}

/// An operation of one operand.
#[derive(Clone, Copy, Debug)]
enum Unary {
    Neg,
    Not,
    /// Whether the operand lies in one of `ranges[i]`.
    In(usize),
}

/// One operation: each leaves one value on the stack.
#[derive(Clone, Copy, Debug)]
enum Op {
    Push(Arg),
    /// A built-in, of the throw or hand held in a slot if it reads one, and
    /// of its numbers (`Const(0)` past the last), the second on top.
    Call(Builtin, Option<u32>, Arg, Arg),
    Unary(Unary, Arg),
    Binary(Binary, Arg, Arg),
    /// `trees[i]`, evaluated by the tree evaluator.
    Tree(usize),
}

/// Whether an expression's value is a number, a condition, or neither
/// (a name, whose kind the tree does not say).
fn kind(e: &Expr) -> Output {
    match &e.kind {
        ExprKind::Int(_) | ExprKind::Neg(_) | ExprKind::Number(_) | ExprKind::Arith(..) => {
            Output::Int
        }
        ExprKind::Call(b, _) => match b.spec().output {
            builtin::Output::Number | builtin::Output::Faces | builtin::Output::Category => {
                Output::Int
            }
        },
        ExprKind::Bool(_)
        | ExprKind::Not(_)
        | ExprKind::Cmp(..)
        | ExprKind::And(..)
        | ExprKind::Or(..)
        | ExprKind::Matches(..)
        | ExprKind::In(..)
        | ExprKind::Table(..) => Output::Bool,
        ExprKind::Slot(s) => Output::Copy(*s),
    }
}

impl Compiled {
    /// Compiles `e`.
    pub fn new(e: &Expr) -> Compiled {
        let mut c = Compiled {
            ops: Vec::new(),
            output: kind(e),
            trees: Vec::new(),
            ranges: Vec::new(),
        };
        if matches!(c.output, Output::Int | Output::Bool) {
            c.emit(e);
            if depth(&c.ops) > DEPTH {
                c.ops.clear();
                c.output = Output::Tree;
            }
        }
        c
    }

    /// An expression left to the tree evaluator.
    pub fn tree() -> Compiled {
        Compiled {
            ops: Vec::new(),
            output: Output::Tree,
            trees: Vec::new(),
            ranges: Vec::new(),
        }
    }

    /// Where an operand is, emitting what computes it when it must be
    /// computed.
    fn arg(&mut self, e: &Expr) -> Arg {
        match e.kind {
            ExprKind::Int(n) => Arg::Const(n),
            ExprKind::Bool(b) => Arg::Const(i64::from(b)),
            ExprKind::Slot(s) => Arg::Slot(s),
            // A condition is already 1 or 0 on the machine.
            ExprKind::Number(ref a) => self.arg(a),
            _ => {
                self.emit(e);
                Arg::Pop
            }
        }
    }

    fn emit(&mut self, e: &Expr) {
        let op = match &e.kind {
            ExprKind::Int(_) | ExprKind::Bool(_) | ExprKind::Slot(_) => Op::Push(self.arg(e)),
            ExprKind::Call(b, args) => match self.call(*b, args) {
                Some(op) => op,
                None => self.subtree(e),
            },
            // Throws compared whole stop the machine at their names, and
            // the tree compares them.
            ExprKind::Arith(..)
            | ExprKind::Cmp(..)
            | ExprKind::And(..)
            | ExprKind::Or(..)
            | ExprKind::Table(..) => {
                let (binary, a, b) = match &e.kind {
                    ExprKind::Arith(op, a, b) => (Binary::Arith(*op), a, b),
                    ExprKind::Cmp(op, a, b) => (Binary::Cmp(*op), a, b),
                    ExprKind::And(a, b) => (Binary::And, a, b),
                    ExprKind::Or(a, b) => (Binary::Or, a, b),
                    ExprKind::Table(t, a, b) => (Binary::Table(*t), a, b),
                    _ => return,
                };
                let a = self.arg(a);
                let b = self.arg(b);
                Op::Binary(binary, a, b)
            }
            // A condition is already 1 or 0 on the machine.
            ExprKind::Number(a) => Op::Push(self.arg(a)),
            ExprKind::Neg(a) => Op::Unary(Unary::Neg, self.arg(a)),
            ExprKind::Not(a) => Op::Unary(Unary::Not, self.arg(a)),
            ExprKind::In(a, ranges) => {
                let a = self.arg(a);
                self.ranges.push(ranges.clone());
                Op::Unary(Unary::In(self.ranges.len() - 1), a)
            }
            ExprKind::Matches(..) => self.subtree(e),
        };
        self.ops.push(op);
    }

    /// `e` handed to the tree evaluator.
    fn subtree(&mut self, e: &Expr) -> Op {
        self.trees.push(e.clone());
        Op::Tree(self.trees.len() - 1)
    }

    /// A call of built-in `b`, its numbers emitted; `None` where its throw
    /// is not a name, which the tree evaluates.
    fn call(&mut self, b: Builtin, args: &[Expr]) -> Option<Op> {
        let kinds = b.args();
        // Hands joined with `+` are several arguments for one.
        if args.len() != kinds.len() {
            return None;
        }
        let mut throw = None;
        for (arg, (_, kind)) in args.iter().zip(kinds) {
            if kind.is_throw() {
                let ExprKind::Slot(s) = arg.kind else {
                    return None;
                };
                throw = Some(u32::try_from(s).ok()?);
            }
        }
        let mut numbers = args
            .iter()
            .zip(kinds)
            .filter(|(_, (_, kind))| !kind.is_throw())
            .map(|(arg, _)| arg);
        let (a, b_arg) = (numbers.next(), numbers.next());
        if numbers.next().is_some() {
            return None;
        }
        let a = a.map_or(Arg::Const(0), |a| self.arg(a));
        let second = b_arg.map_or(Arg::Const(0), |x| self.arg(x));
        Some(Op::Call(b, throw, a, second))
    }

    /// The expression's value in `env`; `e` is the expression compiled.
    #[inline]
    pub fn value(&self, c: Context, env: &[Value], e: &Expr) -> Res<Value> {
        let run = match self.output {
            // A name copied whole is carried as it is, bound or not: the
            // checker lets no round read a name before it is bound, and a
            // split keeps a hand's names aside and gives them back so
            // (`program::hands`), a final value unbound at an end too.
            Output::Copy(slot) => match env.get(slot) {
                None => None,
                Some(v) => return Ok(*v),
            },
            Output::Int => self.run(c, env).map(Value::Int),
            Output::Bool => self.run(c, env).map(|n| Value::Bool(n != 0)),
            Output::Tree => None,
        };
        match run {
            Some(v) => {
                debug_assert_eq!(Ok(v), eval(c, env, e), "compiled {e:?}");
                Ok(v)
            }
            None => eval(c, env, e),
        }
    }

    /// Whether the condition `e`, compiled, holds in `env`.
    #[inline]
    pub fn holds(&self, c: Context, env: &[Value], e: &Expr) -> Res<bool> {
        let run = match self.output {
            Output::Bool => self.run(c, env),
            Output::Copy(slot) => match env.get(slot) {
                Some(Value::Bool(b)) => return Ok(*b),
                _ => None,
            },
            _ => None,
        };
        match run {
            Some(n) => {
                debug_assert_eq!(Ok(n != 0), test(c, env, e), "compiled {e:?}");
                Ok(n != 0)
            }
            None => test(c, env, e),
        }
    }

    /// Runs the machine; `None` where it cannot go on.
    ///
    /// The operations were emitted for a stack of at most `DEPTH` values
    /// that never runs dry (see [`depth`]), so the stack is indexed modulo
    /// `DEPTH`, which needs no bounds check.
    fn run(&self, c: Context, env: &[Value]) -> Option<i64> {
        let mut stack = [0i64; DEPTH];
        let mut top = 0usize;
        let faces = |slot: usize| match env.get(slot) {
            Some(Value::Pool(id)) => Some(c.pools.faces(*id)),
            _ => None,
        };
        let cards = |slot: usize| match env.get(slot) {
            Some(Value::Pool(id)) => Some(c.pools.cards(*id)),
            _ => None,
        };
        for &op in self.ops.iter() {
            let mut fetch = |arg: Arg| match arg {
                Arg::Pop => {
                    top = top.wrapping_sub(1);
                    Some(stack[top % DEPTH])
                }
                Arg::Slot(s) => match env.get(s) {
                    Some(Value::Int(n)) => Some(*n),
                    Some(Value::Bool(b)) => Some(i64::from(*b)),
                    _ => None,
                },
                Arg::Const(n) => Some(n),
            };
            let value = match op {
                Op::Push(arg) => fetch(arg)?,
                Op::Binary(binary, a, b) => {
                    // The second operand is on top.
                    let y = fetch(b)?;
                    let x = fetch(a)?;
                    match binary {
                        Binary::Arith(op) => arith(op, x, y)?,
                        Binary::Cmp(op) => i64::from(compare(op, x, y)),
                        Binary::And => i64::from(x != 0 && y != 0),
                        Binary::Or => i64::from(x != 0 || y != 0),
                        Binary::Table(t) => match cell(c.program, t, x, y, Default::default()) {
                            Ok(Cell::Draw) => 1,
                            Ok(Cell::Stand) => 0,
                            Ok(Cell::Choice) | Err(_) => return None,
                        },
                    }
                }
                Op::Call(b, throw, x, y) => {
                    // The second number is on top.
                    let y = fetch(y)?;
                    let x = fetch(x)?;
                    let faces = match throw {
                        Some(s) if b.reads_cards() => cards(s as usize)?,
                        Some(s) => faces(s as usize)?,
                        None => &[],
                    };
                    b.apply(faces, [x, y], c.program.hands.as_ref()).ok()?
                }
                Op::Unary(unary, a) => {
                    let x = fetch(a)?;
                    match unary {
                        Unary::Neg => x.checked_neg()?,
                        Unary::Not => i64::from(x == 0),
                        Unary::In(i) => {
                            let hit = self.ranges[i].iter().any(|&(lo, hi)| lo <= x && x <= hi);
                            i64::from(hit)
                        }
                    }
                }
                Op::Tree(i) => match eval(c, env, &self.trees[i]).ok()? {
                    Value::Int(n) => n,
                    Value::Bool(b) => i64::from(b),
                    Value::Pool(_) | Value::Unset => return None,
                },
            };
            stack[top % DEPTH] = value;
            top += 1;
        }
        (top == 1).then_some(stack[0])
    }
}

/// The most values on the stack while `ops` run. Emitted operations always
/// find their operands, and leave one value.
fn depth(ops: &[Op]) -> usize {
    let pops = |arg: &Arg| usize::from(matches!(arg, Arg::Pop));
    let mut top = 0usize;
    let mut most = 0;
    for op in ops {
        top -= match op {
            Op::Push(a) | Op::Unary(_, a) => pops(a),
            Op::Binary(_, a, b) | Op::Call(_, _, a, b) => pops(a) + pops(b),
            Op::Tree(_) => 0,
        };
        top += 1;
        most = most.max(top);
    }
    most
}

/// Where a fast form (`play::steps`, `play::fast`) finds a number without
/// a stack: the operands an expression lowers to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Operand {
    Const(i32),
    /// A slot holding a number.
    Slot(u32),
    /// A slot holding a condition, read as a number: 1 where it holds, 0
    /// where it does not.
    Flag(u32),
    /// The value of the one card (or die) in a slot.
    Single(u32),
    /// The total of the faces in a slot.
    Total(u32),
    /// The total of the cards a deal has just dealt (`play::steps`'s
    /// `Deal`).
    Dealt,
}

impl Operand {
    /// `e` as an operand, where it is one.
    pub fn of(e: &Expr) -> Option<Operand> {
        let slot_of = |a: &Expr| match a.kind {
            ExprKind::Slot(s) => u32::try_from(s).ok(),
            _ => None,
        };
        Some(match &e.kind {
            ExprKind::Int(n) => Operand::Const(i32::try_from(*n).ok()?),
            ExprKind::Slot(s) => Operand::Slot(u32::try_from(*s).ok()?),
            // A condition used as a number, where it is a name's value.
            ExprKind::Number(a) => Operand::Flag(slot_of(a)?),
            // A card's value and a hand's total are read where they are, and
            // computed while dealing; any other call runs as its instruction.
            // Of one hand only: hands joined with `+` are several arguments.
            ExprKind::Call(Builtin::Value, args) if args.len() == 1 => {
                Operand::Single(slot_of(&args[0])?)
            }
            ExprKind::Call(Builtin::Total, args) if args.len() == 1 => {
                Operand::Total(slot_of(&args[0])?)
            }
            _ => return None,
        })
    }

    /// The operand's value; `None` where the slot does not hold what the
    /// operand reads.
    #[inline(always)]
    pub fn read(self, env: &[Value], pools: &Pools) -> Option<i64> {
        match self {
            Operand::Const(c) => Some(i64::from(c)),
            Operand::Slot(s) => match env[s as usize] {
                Value::Int(n) => Some(n),
                _ => None,
            },
            Operand::Flag(s) => match env[s as usize] {
                Value::Bool(b) => Some(i64::from(b)),
                _ => None,
            },
            Operand::Single(s) => match env[s as usize] {
                Value::Pool(id) => builtin::single(pools.faces(id)),
                _ => None,
            },
            Operand::Total(s) => match env[s as usize] {
                Value::Pool(id) => Stat::Total.of(pools.faces(id)),
                _ => None,
            },
            Operand::Dealt => None,
        }
    }
}

/// A condition as the fast forms lower it: `and`, `or` and `not` over names,
/// comparisons of operands and draw-table cells.
pub enum Test<'e> {
    And(&'e Expr, &'e Expr),
    Or(&'e Expr, &'e Expr),
    Not(&'e Expr),
    /// A name holding a condition.
    Flag(u32),
    Compare(Cmp, Operand, Operand),
    /// Draw table `t`'s cell at (row, column).
    Cell(usize, Operand, Operand),
}

impl Test<'_> {
    /// The condition `e` as a test, where it is one.
    pub fn of(e: &Expr) -> Option<Test<'_>> {
        Some(match &e.kind {
            ExprKind::And(a, b) => Test::And(a, b),
            ExprKind::Or(a, b) => Test::Or(a, b),
            ExprKind::Not(a) => Test::Not(a),
            ExprKind::Slot(s) => Test::Flag(u32::try_from(*s).ok()?),
            ExprKind::Cmp(op, a, b) => Test::Compare(*op, Operand::of(a)?, Operand::of(b)?),
            ExprKind::Table(t, row, column) => {
                Test::Cell(*t, Operand::of(row)?, Operand::of(column)?)
            }
            _ => return None,
        })
    }
}

/// A number as the fast forms lower it: an operand, or one arithmetic
/// operation of two, and a second with a constant after it.
pub struct Arithmetic {
    pub a: Operand,
    pub op: Option<(Arith, Operand)>,
    pub then: Option<(Arith, i32)>,
}

impl Arithmetic {
    /// `e` as arithmetic of operands, where it is.
    pub fn of(e: &Expr) -> Option<Arithmetic> {
        let (inner, then) = match &e.kind {
            ExprKind::Arith(op, a, b) if matches!(a.kind, ExprKind::Arith(..)) => {
                let ExprKind::Int(c) = b.kind else {
                    return None;
                };
                (&**a, Some((*op, i32::try_from(c).ok()?)))
            }
            _ => (e, None),
        };
        let (a, op) = match &inner.kind {
            ExprKind::Arith(op, a, b) => (Operand::of(a)?, Some((*op, Operand::of(b)?))),
            _ => (Operand::of(inner)?, None),
        };
        Some(Arithmetic { a, op, then })
    }
}

/// `count(t, face)` of the throw in slot `t`: the slot and the face's
/// expression (the exact evaluator's fused throws).
pub fn count_of(e: &Expr) -> Option<(usize, &Expr)> {
    let ExprKind::Call(Builtin::Count, args) = &e.kind else {
        return None;
    };
    match &args[..] {
        [Expr {
            kind: ExprKind::Slot(thrown),
            ..
        }, face] => Some((*thrown, face)),
        _ => None,
    }
}

/// `x + y` of two names: their slots.
pub fn sum_of_two(e: &Expr) -> Option<(usize, usize)> {
    let ExprKind::Arith(Arith::Add, a, b) = &e.kind else {
        return None;
    };
    match (&a.kind, &b.kind) {
        (ExprKind::Slot(x), ExprKind::Slot(y)) => Some((*x, *y)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::value::Pools;
    use crate::program::{Expr, Program};

    /// A program with a draw table, for its expressions and its table.
    fn program() -> Program {
        let source = r#"
            game "expressions"
            outcomes hit, miss
            table draws(a, b) {
              columns 0 1
              0..4 => D S
              5..9 => S S
            }
            round {
              throw hand = 1d6
              let x = 3
              let y = 4
              let yes = true
              if (x + 2 * y) mod 5 > 2 and not (x = y) or draws(x, y mod 2) { end hit }
              if x - y < -1 or x in 2..3 or max(x, y) >= min(x, y) + 7 { end hit }
              if -x + total(hand) > value(hand) mod 3 and yes { end hit }
              end miss
            }
            bet b { hit => win 1 to 1
                    miss => lose }
        "#;
        crate::check::load(source, &Default::default())
            .map(|(_, program)| program)
            .expect("the program loads")
    }

    /// Every expression of the program's round.
    fn expressions(p: &Program) -> Vec<&Expr> {
        p.code
            .iter()
            .filter_map(crate::program::Instr::expr)
            .collect()
    }

    /// Compiled and walked, every expression has the same value in every
    /// state, and the machine answers wherever the tree does.
    #[test]
    fn the_machine_agrees_with_the_tree() {
        let p = program();
        let mut pools = Pools::default();
        let hand = p.slots.iter().position(|s| s.name == "hand").unwrap();
        let slot = |name: &str| p.slots.iter().position(|s| s.name == name).unwrap();
        let dice: Vec<u32> = (1..=6).map(|f| pools.intern(&[f])).collect();
        let mut answered = 0;
        for die in &dice {
            for x in -2..12 {
                for y in -2..12 {
                    for yes in [false, true] {
                        let mut env = vec![Value::Unset; p.slots.len()];
                        env[hand] = Value::Pool(*die);
                        env[slot("x")] = Value::Int(x);
                        env[slot("y")] = Value::Int(y);
                        env[slot("yes")] = Value::Bool(yes);
                        let c = Context {
                            program: &p,
                            pools: &pools,
                        };
                        for e in expressions(&p) {
                            let compiled = Compiled::new(e);
                            let tree = eval(c, &env, e);
                            // A missing table cell stops the machine,
                            // even where the tree looks no further than
                            // `or`'s first side.
                            if let Some(n) = compiled.run(c, &env) {
                                let expected = match tree {
                                    Ok(Value::Int(m)) => m,
                                    Ok(Value::Bool(b)) => i64::from(b),
                                    ref other => panic!("{e:?}: tree {other:?}, machine {n}"),
                                };
                                assert_eq!(n, expected, "{e:?} at x = {x}, y = {y}");
                                answered += 1;
                            }
                            assert_eq!(compiled.value(c, &env, e), tree);
                        }
                    }
                }
            }
        }
        assert!(answered > 3000, "{answered}");
    }

    /// Overflows and a zero divisor stop the machine; the tree gives the
    /// error.
    #[test]
    fn failures_fall_back_to_the_tree() {
        let p = program();
        let pools = Pools::default();
        let c = Context {
            program: &p,
            pools: &pools,
        };
        let span = crate::ast::Span::default();
        let int = |n| {
            Box::new(Expr {
                kind: ExprKind::Int(n),
                span,
            })
        };
        let overflow = Expr {
            kind: ExprKind::Arith(Arith::Mul, int(i64::MAX), int(2)),
            span,
        };
        let by_zero = Expr {
            kind: ExprKind::Arith(Arith::Mod, int(7), int(0)),
            span,
        };
        let negative = Expr {
            kind: ExprKind::Arith(Arith::Mod, int(-7), int(10)),
            span,
        };
        for e in [&overflow, &by_zero] {
            let compiled = Compiled::new(e);
            assert_eq!(compiled.run(c, &[]), None);
            assert!(compiled.value(c, &[], e).is_err());
        }
        assert_eq!(Compiled::new(&negative).run(c, &[]), Some(3));
    }
}
