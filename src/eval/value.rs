//! Values of the interpreter and the evaluation of expressions, shared by
//! the exact evaluator and the player.

use rustc_hash::FxHashMap;
use smallvec::SmallVec;

use super::EvalError;

/// Errors stay boxed while expressions recurse, so that the common,
/// successful result is small.
type Res<T> = Result<T, Box<EvalError>>;
use crate::ast::Span;
use crate::program::{Arith, Cell, Cmp, Expr, ExprKind, Pat, Program};

/// A value held in a slot. A throw is an index into [`Pools`].
///
/// Laid out as two words, the tag then the payload, so that a value moves
/// through registers and memory whole rather than byte by byte.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
#[repr(u64)]
pub enum Value {
    /// Not bound yet, or no longer needed.
    #[default]
    Unset,
    Int(i64),
    Bool(bool),
    Pool(u32),
}

/// The values of all slots at one point of a round; small rounds keep them
/// inline, so a state is one hashable block of memory.
pub type Env = SmallVec<[Value; 8]>;

/// The throws seen so far, each stored once as sorted faces.
#[derive(Debug, Default)]
pub struct Pools {
    faces: Vec<Box<[u32]>>,
    index: FxHashMap<Box<[u32]>, u32>,
}

impl Pools {
    /// The id of a sorted throw, adding it when new.
    pub fn intern(&mut self, faces: &[u32]) -> u32 {
        if let Some(&id) = self.index.get(faces) {
            return id;
        }
        let id = self.faces.len() as u32;
        self.faces.push(faces.into());
        self.index.insert(faces.into(), id);
        id
    }

    pub fn faces(&self, id: u32) -> &[u32] {
        &self.faces[id as usize]
    }
}

/// What expressions are evaluated against: the program and its throws.
#[derive(Clone, Copy)]
pub struct Context<'a> {
    pub program: &'a Program,
    pub pools: &'a Pools,
}

fn int(v: Value, e: &Expr) -> Res<i64> {
    match v {
        Value::Int(n) => Ok(n),
        _ => Err(Box::new(EvalError::Internal {
            what: "a number where the checker promised one",
            span: e.span,
        })),
    }
}

fn boolean(v: Value, e: &Expr) -> Res<bool> {
    match v {
        Value::Bool(b) => Ok(b),
        _ => Err(Box::new(EvalError::Internal {
            what: "a condition where the checker promised one",
            span: e.span,
        })),
    }
}

fn pool<'a>(c: Context<'a>, v: Value, e: &Expr) -> Res<&'a [u32]> {
    match v {
        Value::Pool(id) => Ok(c.pools.faces(id)),
        _ => Err(Box::new(EvalError::Internal {
            what: "a throw where the checker promised one",
            span: e.span,
        })),
    }
}

/// A number operand: literals and names read directly, anything else
/// evaluated (the common operands of arithmetic and comparisons, without a
/// call per leaf).
#[inline]
fn int_operand(c: Context, env: &[Value], e: &Expr) -> Res<i64> {
    match e.kind {
        ExprKind::Int(n) => Ok(n),
        ExprKind::Slot(s) => match env.get(s) {
            Some(Value::Int(n)) => Ok(*n),
            _ => int(eval(c, env, e)?, e),
        },
        _ => int(eval(c, env, e)?, e),
    }
}

/// A literal or a bound number, read without a call.
#[inline(always)]
fn direct(env: &[Value], e: &Expr) -> Option<i64> {
    match e.kind {
        ExprKind::Int(n) => Some(n),
        ExprKind::Slot(s) => match env.get(s) {
            Some(Value::Int(n)) => Some(*n),
            _ => None,
        },
        _ => None,
    }
}

/// Evaluates an expression, the commonest shapes (a literal, a name, the
/// sum or difference of two of them) inline where it is called, so that
/// their value stays in registers; anything else, or an overflow, goes
/// through [`eval`].
#[inline(always)]
pub fn eval_inline(c: Context, env: &[Value], e: &Expr) -> Res<Value> {
    let quick = match &e.kind {
        ExprKind::Arith(Arith::Add, a, b) => direct(env, a)
            .zip(direct(env, b))
            .and_then(|(x, y)| x.checked_add(y)),
        ExprKind::Arith(Arith::Sub, a, b) => direct(env, a)
            .zip(direct(env, b))
            .and_then(|(x, y)| x.checked_sub(y)),
        _ => direct(env, e),
    };
    match quick {
        Some(n) => Ok(Value::Int(n)),
        None => eval(c, env, e),
    }
}

/// Evaluates a condition.
pub fn test(c: Context, env: &[Value], e: &Expr) -> Res<bool> {
    boolean(eval(c, env, e)?, e)
}

/// Evaluates an expression in an environment.
pub fn eval(c: Context, env: &[Value], e: &Expr) -> Res<Value> {
    let p = c.program;
    let overflow = || EvalError::Overflow { span: e.span };
    Ok(match &e.kind {
        ExprKind::Int(n) => Value::Int(*n),
        ExprKind::Bool(b) => Value::Bool(*b),
        ExprKind::Slot(s) => match env.get(*s) {
            Some(Value::Unset) | None => {
                return Err(Box::new(EvalError::Internal {
                    what: "a name read before it was bound",
                    span: e.span,
                }))
            }
            Some(v) => *v,
        },
        ExprKind::Not(a) => Value::Bool(!test(c, env, a)?),
        ExprKind::Neg(a) => Value::Int(
            int(eval(c, env, a)?, a)?
                .checked_neg()
                .ok_or_else(overflow)?,
        ),
        ExprKind::Arith(op, a, b) => {
            let x = int_operand(c, env, a)?;
            let y = int_operand(c, env, b)?;
            Value::Int(match op {
                Arith::Add => x.checked_add(y).ok_or_else(overflow)?,
                Arith::Sub => x.checked_sub(y).ok_or_else(overflow)?,
                Arith::Mul => x.checked_mul(y).ok_or_else(overflow)?,
                Arith::Mod => {
                    if y == 0 {
                        return Err(Box::new(EvalError::ModZero { span: b.span }));
                    }
                    x.checked_rem_euclid(y).ok_or_else(overflow)?
                }
            })
        }
        ExprKind::Cmp(op @ (Cmp::Eq | Cmp::Ne), a, b) => {
            let x = eval(c, env, a)?;
            let y = eval(c, env, b)?;
            Value::Bool((x == y) == (*op == Cmp::Eq))
        }
        ExprKind::Cmp(op, a, b) => {
            let x = int_operand(c, env, a)?;
            let y = int_operand(c, env, b)?;
            Value::Bool(match op {
                Cmp::Lt => x < y,
                Cmp::Le => x <= y,
                Cmp::Gt => x > y,
                Cmp::Ge => x >= y,
                Cmp::Eq => x == y,
                Cmp::Ne => x != y,
            })
        }
        ExprKind::And(a, b) => Value::Bool(test(c, env, a)? && test(c, env, b)?),
        ExprKind::Or(a, b) => Value::Bool(test(c, env, a)? || test(c, env, b)?),
        ExprKind::Min(a, b) => Value::Int(int_operand(c, env, a)?.min(int_operand(c, env, b)?)),
        ExprKind::Max(a, b) => Value::Int(int_operand(c, env, a)?.max(int_operand(c, env, b)?)),
        ExprKind::Total(a) => {
            let v = eval(c, env, a)?;
            let sum = pool(c, v, a)?
                .iter()
                .try_fold(0i64, |s, &f| s.checked_add(i64::from(f)));
            Value::Int(sum.ok_or_else(overflow)?)
        }
        ExprKind::Single(a) => {
            let v = eval(c, env, a)?;
            match pool(c, v, a)? {
                [one] => Value::Int(i64::from(*one)),
                _ => {
                    return Err(Box::new(EvalError::Internal {
                        what: "the value of a hand that is not one card",
                        span: e.span,
                    }))
                }
            }
        }
        ExprKind::Count(a, f) => {
            let v = eval(c, env, a)?;
            let face = int(eval(c, env, f)?, f)?;
            let n = pool(c, v, a)?
                .iter()
                .filter(|&&x| i64::from(x) == face)
                .count();
            Value::Int(n as i64)
        }
        ExprKind::Highest(a) => {
            let v = eval(c, env, a)?;
            Value::Int(pool(c, v, a)?.last().map_or(0, |&f| i64::from(f)))
        }
        ExprKind::MostFrequent(a) | ExprKind::HighestCount(a) => {
            let v = eval(c, env, a)?;
            // Faces are sorted: runs of equal faces, the longest wins, the
            // later (higher) run on a tie.
            let (mut best_face, mut best_run) = (0u32, 0usize);
            let faces = pool(c, v, a)?;
            let mut i = 0;
            while i < faces.len() {
                let run = faces[i..].iter().take_while(|&&f| f == faces[i]).count();
                if run >= best_run {
                    (best_face, best_run) = (faces[i], run);
                }
                i += run;
            }
            Value::Int(if matches!(e.kind, ExprKind::MostFrequent(_)) {
                i64::from(best_face)
            } else {
                best_run as i64
            })
        }
        ExprKind::Lowest(a) => {
            let v = eval(c, env, a)?;
            Value::Int(pool(c, v, a)?.first().map_or(0, |&f| i64::from(f)))
        }
        ExprKind::Rank(a) | ExprKind::Suit(a) => {
            let v = eval(c, env, a)?;
            let hand = hand_of(p, pool(c, v, a)?, a)?;
            let h = &p
                .hands
                .as_ref()
                .map(|t| &t.hands[hand])
                .ok_or(EvalError::Internal {
                    what: "a hand table where the checker promised one",
                    span: e.span,
                })?;
            Value::Int(if matches!(e.kind, ExprKind::Rank(_)) {
                h.rank
            } else {
                h.suit as i64
            })
        }
        ExprKind::Matches(a, pats) => {
            let v = eval(c, env, a)?;
            let faces = pool(c, v, a)?;
            let mut hit = false;
            for pat in pats {
                hit |= match pat {
                    Pat::Combo(c) => c.as_slice() == faces,
                    // A throw no hand lists is not that hand, nor of that suit.
                    Pat::Hand(h) => hand_in_table(p, faces) == Some(*h),
                    Pat::Suit(s) => hand_in_table(p, faces)
                        .and_then(|hand| p.hands.as_ref().map(|t| t.hands[hand].suit == *s))
                        .unwrap_or(false),
                };
            }
            Value::Bool(hit)
        }
        ExprKind::In(a, ranges) => {
            let x = int(eval(c, env, a)?, a)?;
            Value::Bool(ranges.iter().any(|&(lo, hi)| lo <= x && x <= hi))
        }
        ExprKind::Table(t, a, b) => {
            let row = int(eval(c, env, a)?, a)?;
            let column = int(eval(c, env, b)?, b)?;
            match cell(p, *t, row, column, e.span)? {
                Cell::Draw => Value::Bool(true),
                Cell::Stand => Value::Bool(false),
                Cell::Choice => {
                    return Err(Box::new(EvalError::Internal {
                        what: "a table with `?` cells read as a value",
                        span: e.span,
                    }))
                }
            }
        }
    })
}

/// The keys and cell of draw table `t` at the values of `row` and `column`.
pub fn lookup_cell(
    c: Context,
    env: &[Value],
    t: usize,
    row: &Expr,
    column: &Expr,
    span: Span,
) -> Res<(i64, i64, Cell)> {
    let r = int(eval(c, env, row)?, row)?;
    let k = int(eval(c, env, column)?, column)?;
    Ok((r, k, cell(c.program, t, r, k, span)?))
}

/// The cell of draw table `t` at (row, column), looked up at `span`.
pub fn cell(p: &Program, t: usize, row: i64, column: i64, span: Span) -> Result<Cell, EvalError> {
    let table = &p.tables[t];
    table.lookup(row, column).ok_or_else(|| EvalError::NoCell {
        table: table.name.clone(),
        row,
        column,
        span,
        table_span: table.span,
    })
}

fn hand_in_table(p: &Program, faces: &[u32]) -> Option<usize> {
    p.hands.as_ref().and_then(|t| t.combos.get(faces).copied())
}

fn hand_of(p: &Program, faces: &[u32], e: &Expr) -> Res<usize> {
    p.hands
        .as_ref()
        .and_then(|t| t.combos.get(faces).copied())
        .ok_or_else(|| {
            Box::new(EvalError::Internal {
                what: "a throw the hand table does not rank",
                span: e.span,
            })
        })
}
