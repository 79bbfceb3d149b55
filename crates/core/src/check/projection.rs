//! Which observations of each throw the round makes, and the round
//! rewritten to read them.
//!
//! When every use of a throw's slot is a function of that throw (`total(x)`,
//! `x is 6-6`, `rank(x)`, `count(x, face)`...), two results that agree on all
//! those observations lead to the same round. This pass gives each such
//! function its own slot, computed when the dice are thrown, and rewrites
//! the round to read that slot; the evaluator then groups a throw's results
//! by their observations and never stores the dice. A throw some use sees
//! whole (copied into another name, or compared as it is) keeps its dice.
//!
//! An observation may also read other names, its *context* (the `face` of
//! `count(x, face)`). Computing it at the throw is right only if the context
//! still has the same value where the round reads it: a context name set
//! again after the throw and before a use keeps the throw whole.
//!
//! Finally, a name the round reads only as the context of throws with no
//! other context (the announced `face` of twenty-six) is *interchangeable*:
//! two of its values under which those throws are observed alike lead to the
//! same round, which the evaluator uses to merge them.

use crate::program::{Draw, Expr, ExprKind, Instr, Named, Projection, SlotSet, Throw};

use crate::program::liveness::uses;

/// An observing expression of a throw and the instructions that read it.
struct Observer {
    expr: Expr,
    uses: Vec<usize>,
}

/// Projects the throws of `code` (see the module documentation), adding the
/// slots of their observations to `slots`. Returns the interchangeable
/// slots.
pub fn project(code: &mut [Instr], slots: &mut Vec<Named>, finals: &[usize]) -> SlotSet {
    let mut found: Vec<Option<Vec<Observer>>> =
        (0..slots.len()).map(|_| Some(Vec::new())).collect();
    for (pc, instr) in code.iter().enumerate() {
        for e in instr_exprs(instr) {
            visit(e, pc, &mut found);
        }
    }
    let count = slots.len();
    // Where each slot is first thrown, found in one pass.
    let mut first_throw: Vec<Option<usize>> = vec![None; count];
    for (pc, instr) in code.iter().enumerate() {
        if let Instr::Throw(Throw { slot, .. }) = instr {
            if let Some(first @ None) = first_throw.get_mut(*slot) {
                *first = Some(pc);
            }
        }
    }
    for (slot, entry) in found.iter_mut().enumerate() {
        let first = first_throw.get(slot).copied().flatten();
        if entry
            .as_ref()
            .is_some_and(|list| !context_stays(code, first, list, count))
        {
            *entry = None;
        }
    }
    // One slot per observation, named after the throw for messages.
    let mut table: Vec<Option<Vec<(Expr, usize)>>> = vec![None; found.len()];
    for (t, entry) in found.into_iter().enumerate() {
        let Some(list) = entry else { continue };
        if first_throw.get(t).copied().flatten().is_none() {
            continue;
        }
        let name = slots[t].name.clone();
        let span = slots[t].span;
        let mut observations = Vec::with_capacity(list.len());
        for o in list {
            observations.push((o.expr, slots.len()));
            slots.push(Named {
                name: name.clone(),
                span,
            });
        }
        table[t] = Some(observations);
    }
    for instr in code.iter_mut() {
        match instr {
            Instr::Throw(Throw { until: Some(e), .. })
            | Instr::Assign { value: e, .. }
            | Instr::Branch { cond: e, .. } => rewrite(e, &table),
            Instr::Cell { row, column, .. } => {
                rewrite(row, &table);
                rewrite(column, &table);
            }
            _ => {}
        }
        if let Instr::Throw(Throw { slot, observe, .. }) = instr {
            if let Some(list) = &table[*slot] {
                *observe = Some(projection(*slot, list, &table, slots.len()));
            }
        }
    }
    interchangeable(code, slots.len(), finals)
}

/// The observations of a throw into `t`, their context read through the
/// other throws' observation slots.
fn projection(
    t: usize,
    list: &[(Expr, usize)],
    table: &[Option<Vec<(Expr, usize)>>],
    slots: usize,
) -> Projection {
    let mut reads = SlotSet::with_capacity(slots);
    let observations = list
        .iter()
        .map(|(e, obs)| {
            let mut e = e.clone();
            for child in e.children_mut() {
                rewrite(child, table);
            }
            uses(&e, &mut reads);
            (*obs, e)
        })
        .collect();
    Projection {
        observations,
        context: (0..slots)
            .filter(|&s| s != t && reads.contains(s))
            .collect(),
    }
}

/// The expressions an instruction evaluates.
fn instr_exprs(instr: &Instr) -> impl Iterator<Item = &Expr> {
    let (e, f) = match instr {
        Instr::Throw(Throw { until: Some(e), .. })
        | Instr::Assign { value: e, .. }
        | Instr::Branch { cond: e, .. } => (Some(e), None),
        Instr::Cell { row, column, .. } => (Some(row), Some(column)),
        _ => (None, None),
    };
    e.into_iter().chain(f)
}

/// The throw slot an observing function reads, if `e` is one.
fn observed(e: &Expr) -> Option<usize> {
    let arg = match &e.kind {
        ExprKind::Matches(a, _) => a,
        // A built-in whose first argument is a throw it observes (its row
        // of the table says so).
        ExprKind::Call(b, args) => match (args.first(), b.args().first()) {
            (Some(a), Some((_, kind))) if kind.observes() => a,
            _ => return None,
        },
        _ => return None,
    };
    match arg.kind {
        ExprKind::Slot(s) => Some(s),
        _ => None,
    }
}

fn visit(e: &Expr, pc: usize, found: &mut [Option<Vec<Observer>>]) {
    if let Some(s) = observed(e) {
        // The other arguments of an observing built-in are its context:
        // `count(t, face)` observes `t` for each value of `face`, as long
        // as `face` does not itself read `t`.
        let context = match &e.kind {
            ExprKind::Call(_, args) => args.get(1..).unwrap_or_default(),
            _ => &[],
        };
        if context.iter().all(|f| !f.reads(s)) {
            // The same observation written once serves every pass of a repeat.
            if let Some(Some(list)) = found.get_mut(s) {
                match list.iter_mut().find(|o| o.expr == *e) {
                    Some(o) => o.uses.push(pc),
                    None => list.push(Observer {
                        expr: e.clone(),
                        uses: vec![pc],
                    }),
                }
            }
            for face in context {
                visit(face, pc, found);
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
        visit(child, pc, found);
    }
}

/// Whether no context name of an observation of a throw is set between
/// `first`, the first throw into its slot, and a use of the observation. The round only jumps
/// forward, so every path meets its instructions in order: a set between the
/// two in the code may lie between the last throw and the use on some path;
/// none there, none on any path.
fn context_stays(code: &[Instr], first: Option<usize>, list: &[Observer], slots: usize) -> bool {
    let Some(first) = first else {
        return true;
    };
    let Some(t) = code.get(first).and_then(|i| match i {
        Instr::Throw(Throw { slot, .. }) => Some(*slot),
        _ => None,
    }) else {
        return true;
    };
    let mut context = SlotSet::with_capacity(slots);
    for o in list {
        for child in o.expr.children() {
            if !matches!(child.kind, ExprKind::Slot(s) if s == t) {
                uses(child, &mut context);
            }
        }
    }
    // The first instruction after the throw that sets a context slot: every
    // use must come before it (or be it, reading the value it had).
    let set_again = (first + 1..code.len())
        .find(|&a| match &code[a] {
            Instr::Assign { slot, .. }
            | Instr::Choose { slot }
            | Instr::Decide { slot, .. }
            | Instr::Cell { slot, .. }
            | Instr::Throw(Throw { slot, .. })
            | Instr::Draw(Draw { slot, .. }) => context.contains(*slot),
            _ => false,
        })
        .unwrap_or(usize::MAX);
    list.iter().all(|o| o.uses.iter().all(|&u| u <= set_again))
}

/// Replaces every observation in `e` by a read of its slot.
fn rewrite(e: &mut Expr, table: &[Option<Vec<(Expr, usize)>>]) {
    if let Some(t) = observed(e) {
        if let Some(Some(list)) = table.get(t) {
            if let Some((_, obs)) = list.iter().find(|(o, _)| o == e) {
                e.kind = ExprKind::Slot(*obs);
                return;
            }
        }
    }
    for child in e.children_mut() {
        rewrite(child, table);
    }
}

/// The slots read only as the sole context of projected throws.
fn interchangeable(code: &[Instr], slots: usize, finals: &[usize]) -> SlotSet {
    let mut elsewhere = SlotSet::with_capacity(slots);
    let mut context = SlotSet::with_capacity(slots);
    for &f in finals {
        elsewhere.insert(f);
    }
    for instr in code {
        for e in instr_exprs(instr) {
            uses(e, &mut elsewhere);
        }
        if let Instr::Decide { knowing, .. } = instr {
            knowing.iter().for_each(|&s| elsewhere.insert(s));
        }
        if let Instr::Throw(Throw {
            observe: Some(p), ..
        }) = instr
        {
            match p.context[..] {
                [] => {}
                [only] => context.insert(only),
                _ => p.context.iter().for_each(|&s| elsewhere.insert(s)),
            }
        }
    }
    let mut only = SlotSet::with_capacity(slots);
    for s in (0..slots).filter(|&s| context.contains(s) && !elsewhere.contains(s)) {
        only.insert(s);
    }
    only
}
