//! An expression's parts computed apart from the rest: those that read a
//! hand alone and those that read the rest of the state alone, each
//! replaced by a slot of its own (`lift`), and the common shapes of what is
//! left read without the tree evaluator (`Quick`). The last draws read
//! through a few expressions (`observed`, `counted`) group their hands by
//! the values of what is left, one [`Group`] per value.

use smallvec::SmallVec;

use crate::eval::value::{compare, eval, ranked_joined, Context, Value};
use crate::eval::weight::Factor;
use crate::program::builtin::Builtin;
use crate::program::{Cmp, Expr};

/// The values of the expressions for one hand: the key of its group.
pub(super) type Values = SmallVec<[Value; 4]>;

/// The hands dealt to a state alike in the expressions' values: the values,
/// the chance of the group (its hands' chances summed) and one of its hands.
pub(super) struct Group {
    pub values: Values,
    pub factor: Factor,
    pub hand: Value,
}

/// A residual expression of a shape met for every hand of every state,
/// read without the tree evaluator's dispatch: a slot (a part computed
/// apart), two slots compared, or poker's rank or category of hands joined;
/// anything else, or a value these do not take (not two numbers, not
/// hands poker ranks), is evaluated as written.
pub(super) enum Quick {
    Slot(usize),
    Compare(Cmp, usize, usize),
    Ranked(Builtin),
    Written,
}

impl Quick {
    pub(super) fn of(e: &Expr) -> Quick {
        if let Some(s) = e.as_slot() {
            return Quick::Slot(s);
        }
        if let Some((op, a, b)) = e.as_cmp() {
            return match (a.as_slot(), b.as_slot()) {
                (Some(x), Some(y)) => Quick::Compare(op, x, y),
                _ => Quick::Written,
            };
        }
        match e.as_call() {
            Some((b, args)) if b.ranks_poker() && args.len() > b.args().len() => Quick::Ranked(b),
            _ => Quick::Written,
        }
    }

    /// The value of `e` (whose quick form this is) for the state and hand
    /// in `scratch`.
    #[inline]
    pub(super) fn value(&self, c: Context, scratch: &[Value], e: &Expr) -> Value {
        let quick = match (self, e.as_call()) {
            (Quick::Slot(s), _) => Some(scratch[*s]),
            (Quick::Compare(op, a, b), _) => match (scratch[*a], scratch[*b]) {
                (Value::Int(x), Value::Int(y)) => Some(Value::Bool(compare(*op, x, y))),
                _ => None,
            },
            (Quick::Ranked(b), Some((_, args))) => {
                ranked_joined(c, scratch, *b, args).map(Value::Int)
            }
            _ => None,
        };
        quick.unwrap_or_else(|| eval(c, scratch, e).unwrap_or(Value::Unset))
    }
}

/// A part of an expression computed apart.
pub(super) struct Lifted {
    pub expr: Expr,
    /// Whether it reads the hand (and nothing else); else it reads only
    /// other names.
    pub reads_hand: bool,
}

/// Replaces the largest parts of `e` that read the hand and nothing else,
/// or other names and not the hand, by slots from `base` on, adding them to
/// `lifted`. A name alone, or a constant, is left as it is.
pub(super) fn lift(e: &mut Expr, hand: usize, base: usize, lifted: &mut Vec<Lifted>) {
    let mut read = Vec::new();
    e.slots_read(&mut read);
    let reads_hand = read.contains(&hand);
    let reads_other = read.iter().any(|&s| s != hand);
    let leaf = e.children().next().is_none();
    if !leaf && reads_hand != reads_other {
        // A part written twice (`compare`'s two tests) is computed once.
        let i = match lifted.iter().position(|l| l.expr == *e) {
            Some(i) => i,
            None => {
                lifted.push(Lifted {
                    expr: e.clone(),
                    reads_hand,
                });
                lifted.len() - 1
            }
        };
        *e = Expr::slot(base + i, e.span);
        return;
    }
    for child in e.children_mut() {
        lift(child, hand, base, lifted);
    }
}
