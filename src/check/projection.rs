//! Which observations of each throw the round makes.
//!
//! When every use of a throw's slot is a function of that throw alone
//! (`total(x)`, `x is 6-6`, `rank(x)`, `count(x, 6)`...), two results that
//! agree on all those observations lead to the same round, and the exact
//! evaluator may merge them into one representative. This pass finds, for
//! each throw, those observing expressions, or `None` when some use sees
//! the throw in a way it cannot tell (copied into another name, counted for
//! a face held in a variable).

use crate::program::{Expr, ExprKind, Instr};

/// For each slot: the expressions observing it, or `None` if it cannot be
/// projected. Slots that are not throws get an empty list.
pub fn observers(code: &[Instr], slots: usize) -> Vec<Option<Vec<Expr>>> {
    let mut found: Vec<Option<Vec<Expr>>> = vec![Some(Vec::new()); slots];
    for instr in code {
        match instr {
            Instr::Throw { until: Some(e), .. } => visit(e, &mut found),
            Instr::Assign { value, .. } => visit(value, &mut found),
            Instr::Branch { cond, .. } => visit(cond, &mut found),
            _ => {}
        }
    }
    found
}

/// Whether `e` reads no slot at all.
fn constant(e: &Expr) -> bool {
    !matches!(e.kind, ExprKind::Slot(_)) && e.children().all(constant)
}

fn visit(e: &Expr, found: &mut [Option<Vec<Expr>>]) {
    let pool_arg = match &e.kind {
        ExprKind::Total(a)
        | ExprKind::Highest(a)
        | ExprKind::Lowest(a)
        | ExprKind::Rank(a)
        | ExprKind::Suit(a)
        | ExprKind::Matches(a, _) => Some(a),
        ExprKind::Count(a, face) if constant(face) => Some(a),
        _ => None,
    };
    if let Some(arg) = pool_arg {
        if let ExprKind::Slot(s) = arg.kind {
            if let Some(Some(list)) = found.get_mut(s) {
                list.push(e.clone());
            }
            return;
        }
    }
    // A throw seen whole, outside an observing function.
    if let ExprKind::Slot(s) = e.kind {
        if let Some(entry) = found.get_mut(s) {
            *entry = None;
        }
    }
    for child in e.children() {
        visit(child, found);
    }
}
