//! Which slots each instruction still needs: a backward data-flow pass over
//! the compiled round, iterated to a fixed point.

use super::{ChoosingSide, Draw, Expr, ExprKind, Final, Instr, Program, Shown, SlotSet, Throw};

/// A round's [`Program::live_in`] and [`Program::live_unshown`], given
/// its finals, its choosing sides (whose choices so far are read when the
/// round ends), what else an end reads (`at_end`: a split's hands,
/// [`super::Split::read_at_end`]) and what steps read besides their own
/// expressions (`read_at`: the values a split's hands compare,
/// [`super::Split::checks`]).
pub fn of(
    code: &[Instr],
    slots: usize,
    finals: &[Final],
    sides: &[ChoosingSide],
    at_end: &[usize],
    read_at: &[(usize, Vec<usize>)],
) -> (Vec<SlotSet>, Vec<SlotSet>) {
    let final_slots: Vec<usize> = (finals.iter().map(|f| f.slot))
        .chain(sides.iter().map(|s| s.slot))
        .chain(at_end.iter().copied())
        .collect();
    let live_in = flow(
        code,
        slots,
        &final_slots,
        &SlotSet::with_capacity(slots),
        read_at,
    );
    // What play depends on, the shows aside (only where there are
    // shows): a lone chooser's recall is judged on it.
    let mut shown = SlotSet::with_capacity(slots);
    for f in finals.iter().filter(|f| f.shown == Shown::Only) {
        shown.insert(f.slot);
    }
    let live_unshown = if finals.iter().any(|f| f.shown == Shown::Only) {
        let unshown: Vec<usize> = (final_slots.iter().copied())
            .filter(|&s| !shown.contains(s))
            .collect();
        flow(code, slots, &unshown, &shown, read_at)
    } else {
        Vec::new()
    };
    (live_in, live_unshown)
}

/// [`of`] `program` once more, after a pass changed its code.
pub fn refresh(program: &mut Program) {
    (program.live_in, program.live_unshown) = of(
        &program.code,
        program.slots.len(),
        &program.finals,
        &program.sides,
        &program
            .split
            .as_ref()
            .map_or(Vec::new(), |s| s.read_at_end()),
        &program.split.as_ref().map_or(Vec::new(), |s| s.compared()),
    );
}

/// The slots live on entry to each instruction; `finals` are read when the
/// round ends (by `End` or `Finish`).
pub fn live_in(code: &[Instr], slots: usize, finals: &[usize]) -> Vec<SlotSet> {
    flow(code, slots, finals, &SlotSet::with_capacity(slots), &[])
}

/// The slots live on entry to each instruction as if the round did not
/// assign `shown`, the slots of `check --show` alone (none of `finals`):
/// what the play of the round can depend on, the shows aside. A value kept
/// alive only for a show is not in it.
pub fn live_unshown(
    code: &[Instr],
    slots: usize,
    finals: &[usize],
    shown: &SlotSet,
) -> Vec<SlotSet> {
    flow(code, slots, finals, shown, &[])
}

/// [`live_in`], an assignment of a slot of `ignored` reading nothing, and
/// each step of `read_at` reading its slots too.
fn flow(
    code: &[Instr],
    slots: usize,
    finals: &[usize],
    ignored: &SlotSet,
    read_at: &[(usize, Vec<usize>)],
) -> Vec<SlotSet> {
    let mut live: Vec<SlotSet> = vec![SlotSet::with_capacity(slots); code.len()];
    let mut changed = true;
    while changed {
        changed = false;
        for pc in (0..code.len()).rev() {
            let mut set = SlotSet::with_capacity(slots);
            match &code[pc] {
                Instr::Throw(Throw {
                    slot,
                    until,
                    observe,
                    ..
                }) => {
                    // The dice land in `slot`, the observations are computed
                    // from them and the context, then `until` is tested.
                    set.union_with(&live_at(&live, pc + 1));
                    if let Some(u) = until {
                        uses(u, &mut set);
                    }
                    for (obs, _) in observe.iter().flat_map(|p| &p.observations) {
                        set.remove(*obs);
                    }
                    for (_, e) in observe.iter().flat_map(|p| &p.observations) {
                        uses(e, &mut set);
                    }
                    set.remove(*slot);
                }
                Instr::Draw(Draw { slot, dealt, .. }) => {
                    // The cards are dealt from what `dealt` says is left,
                    // and `dealt` grows by them.
                    set.union_with(&live_at(&live, pc + 1));
                    set.remove(*slot);
                    set.insert(*dealt);
                }
                Instr::Assign { slot, value } => {
                    set.union_with(&live_at(&live, pc + 1));
                    if !ignored.contains(*slot) {
                        set.remove(*slot);
                        uses(value, &mut set);
                    }
                }
                Instr::Branch { cond, otherwise } => {
                    set.union_with(&live_at(&live, pc + 1));
                    set.union_with(&live_at(&live, *otherwise));
                    uses(cond, &mut set);
                }
                Instr::Choose { slot } => {
                    set.union_with(&live_at(&live, pc + 1));
                    set.remove(*slot);
                }
                Instr::Decide { slot, knowing, .. } => {
                    set.union_with(&live_at(&live, pc + 1));
                    set.remove(*slot);
                    for &k in knowing {
                        set.insert(k);
                    }
                }
                Instr::Cell {
                    slot, row, column, ..
                } => {
                    set.union_with(&live_at(&live, pc + 1));
                    set.remove(*slot);
                    uses(row, &mut set);
                    uses(column, &mut set);
                }
                Instr::Jump(target) => {
                    set.union_with(&live_at(&live, *target));
                }
                Instr::End { .. } | Instr::Finish => {
                    for &slot in finals {
                        set.insert(slot);
                    }
                }
            }
            for (_, read) in read_at.iter().filter(|(at, _)| *at == pc) {
                for &slot in read {
                    set.insert(slot);
                }
            }
            if live[pc] != set {
                live[pc] = set;
                changed = true;
            }
        }
    }
    live
}

fn live_at(live: &[SlotSet], pc: usize) -> SlotSet {
    live.get(pc).cloned().unwrap_or_default()
}

/// Adds the slots an expression reads.
pub fn uses(e: &Expr, set: &mut SlotSet) {
    if let ExprKind::Slot(s) = e.kind {
        set.insert(s);
    }
    for child in e.children() {
        uses(child, set);
    }
}
