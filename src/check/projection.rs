//! Which observations of each throw the round makes.
//!
//! When every use of a throw's slot is a function of that throw (`total(x)`,
//! `x is 6-6`, `rank(x)`, `count(x, face)`...), two results that agree on all
//! those observations lead to the same round, and the exact evaluator may
//! merge them into one representative. An observation may also read other
//! names (the `face` of `count(x, face)`): the evaluator then groups the
//! results once per value of those names. This pass finds, for each throw,
//! its observing expressions, or `None` when some use sees the throw whole
//! (copied into another name, or compared as it is).

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

/// Whether `e` reads `slot`.
fn reads(e: &Expr, slot: usize) -> bool {
    matches!(e.kind, ExprKind::Slot(s) if s == slot) || e.children().any(|c| reads(c, slot))
}

fn visit(e: &Expr, found: &mut [Option<Vec<Expr>>]) {
    let pool_arg = match &e.kind {
        ExprKind::Total(a)
        | ExprKind::Highest(a)
        | ExprKind::Lowest(a)
        | ExprKind::MostFrequent(a)
        | ExprKind::HighestCount(a)
        | ExprKind::Rank(a)
        | ExprKind::Suit(a)
        | ExprKind::Matches(a, _)
        | ExprKind::Count(a, _) => Some(a),
        _ => None,
    };
    if let Some(arg) = pool_arg {
        if let ExprKind::Slot(s) = arg.kind {
            // `count(t, face)` observes `t` for each value of `face`, as
            // long as `face` does not itself read `t`.
            let face = match &e.kind {
                ExprKind::Count(_, face) => Some(face),
                _ => None,
            };
            if face.is_none_or(|f| !reads(f, s)) {
                // The same observation written once serves every pass of a repeat.
                if let Some(Some(list)) = found.get_mut(s) {
                    if !list.contains(e) {
                        list.push(e.clone());
                    }
                }
                if let Some(face) = face {
                    visit(face, found);
                }
                return;
            }
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
