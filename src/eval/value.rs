//! Values of the interpreter and the evaluation of expressions, shared by
//! the exact evaluator and the player.

use super::EvalError;
use crate::program::{Arith, Cmp, Expr, ExprKind, Pat, Program};

/// A value held in a slot. Throws are kept as sorted faces.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub enum Value {
    /// Not bound yet, or no longer needed.
    #[default]
    Unset,
    Int(i64),
    Bool(bool),
    Pool(Box<[u32]>),
}

/// The values of all slots at one point of a round.
pub type Env = Box<[Value]>;

fn int(v: Value, e: &Expr) -> Result<i64, EvalError> {
    match v {
        Value::Int(n) => Ok(n),
        _ => Err(EvalError::Internal {
            what: "a number where the checker promised one",
            span: e.span,
        }),
    }
}

fn boolean(v: Value, e: &Expr) -> Result<bool, EvalError> {
    match v {
        Value::Bool(b) => Ok(b),
        _ => Err(EvalError::Internal {
            what: "a condition where the checker promised one",
            span: e.span,
        }),
    }
}

fn pool<'a>(v: &'a Value, e: &Expr) -> Result<&'a [u32], EvalError> {
    match v {
        Value::Pool(f) => Ok(f),
        _ => Err(EvalError::Internal {
            what: "a throw where the checker promised one",
            span: e.span,
        }),
    }
}

/// Evaluates a condition.
pub fn test(p: &Program, env: &[Value], e: &Expr) -> Result<bool, EvalError> {
    boolean(eval(p, env, e)?, e)
}

/// Evaluates an expression in an environment.
pub fn eval(p: &Program, env: &[Value], e: &Expr) -> Result<Value, EvalError> {
    let overflow = || EvalError::Overflow { span: e.span };
    Ok(match &e.kind {
        ExprKind::Int(n) => Value::Int(*n),
        ExprKind::Bool(b) => Value::Bool(*b),
        ExprKind::Slot(s) => match env.get(*s) {
            Some(Value::Unset) | None => {
                return Err(EvalError::Internal {
                    what: "a name read before it was bound",
                    span: e.span,
                })
            }
            Some(v) => v.clone(),
        },
        ExprKind::Not(a) => Value::Bool(!test(p, env, a)?),
        ExprKind::Neg(a) => Value::Int(
            int(eval(p, env, a)?, a)?
                .checked_neg()
                .ok_or_else(overflow)?,
        ),
        ExprKind::Arith(op, a, b) => {
            let x = int(eval(p, env, a)?, a)?;
            let y = int(eval(p, env, b)?, b)?;
            Value::Int(match op {
                Arith::Add => x.checked_add(y).ok_or_else(overflow)?,
                Arith::Sub => x.checked_sub(y).ok_or_else(overflow)?,
                Arith::Mul => x.checked_mul(y).ok_or_else(overflow)?,
                Arith::Mod => {
                    if y == 0 {
                        return Err(EvalError::ModZero { span: b.span });
                    }
                    x.checked_rem_euclid(y).ok_or_else(overflow)?
                }
            })
        }
        ExprKind::Cmp(op, a, b) => {
            let x = eval(p, env, a)?;
            let y = eval(p, env, b)?;
            Value::Bool(match op {
                Cmp::Eq => x == y,
                Cmp::Ne => x != y,
                Cmp::Lt => int(x, a)? < int(y, b)?,
                Cmp::Le => int(x, a)? <= int(y, b)?,
                Cmp::Gt => int(x, a)? > int(y, b)?,
                Cmp::Ge => int(x, a)? >= int(y, b)?,
            })
        }
        ExprKind::And(a, b) => Value::Bool(test(p, env, a)? && test(p, env, b)?),
        ExprKind::Or(a, b) => Value::Bool(test(p, env, a)? || test(p, env, b)?),
        ExprKind::Min(a, b) => Value::Int(int(eval(p, env, a)?, a)?.min(int(eval(p, env, b)?, b)?)),
        ExprKind::Max(a, b) => Value::Int(int(eval(p, env, a)?, a)?.max(int(eval(p, env, b)?, b)?)),
        ExprKind::Total(a) => {
            let v = eval(p, env, a)?;
            let sum = pool(&v, a)?
                .iter()
                .try_fold(0i64, |s, &f| s.checked_add(i64::from(f)));
            Value::Int(sum.ok_or_else(overflow)?)
        }
        ExprKind::Count(a, f) => {
            let v = eval(p, env, a)?;
            let face = int(eval(p, env, f)?, f)?;
            let n = pool(&v, a)?
                .iter()
                .filter(|&&x| i64::from(x) == face)
                .count();
            Value::Int(n as i64)
        }
        ExprKind::Highest(a) => {
            let v = eval(p, env, a)?;
            Value::Int(pool(&v, a)?.last().map_or(0, |&f| i64::from(f)))
        }
        ExprKind::Lowest(a) => {
            let v = eval(p, env, a)?;
            Value::Int(pool(&v, a)?.first().map_or(0, |&f| i64::from(f)))
        }
        ExprKind::Rank(a) | ExprKind::Suit(a) => {
            let v = eval(p, env, a)?;
            let hand = hand_of(p, pool(&v, a)?, a)?;
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
            let v = eval(p, env, a)?;
            let faces = pool(&v, a)?;
            let mut hit = false;
            for pat in pats {
                hit |= match pat {
                    Pat::Combo(c) => c.as_slice() == faces,
                    Pat::Hand(h) => hand_of(p, faces, a)? == *h,
                    Pat::Suit(s) => {
                        let hand = hand_of(p, faces, a)?;
                        p.hands.as_ref().is_some_and(|t| t.hands[hand].suit == *s)
                    }
                };
            }
            Value::Bool(hit)
        }
        ExprKind::In(a, ranges) => {
            let x = int(eval(p, env, a)?, a)?;
            Value::Bool(ranges.iter().any(|&(lo, hi)| lo <= x && x <= hi))
        }
        ExprKind::Table(t, a, b) => {
            let row = int(eval(p, env, a)?, a)?;
            let column = int(eval(p, env, b)?, b)?;
            let table = &p.tables[*t];
            Value::Bool(table.lookup(row, column).ok_or_else(|| EvalError::NoCell {
                table: table.name.clone(),
                row,
                column,
                span: e.span,
                table_span: table.span,
            })?)
        }
    })
}

fn hand_of(p: &Program, faces: &[u32], e: &Expr) -> Result<usize, EvalError> {
    p.hands
        .as_ref()
        .and_then(|t| t.combos.get(faces).copied())
        .ok_or(EvalError::Internal {
            what: "a throw the hand table does not rank",
            span: e.span,
        })
}
