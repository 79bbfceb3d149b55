//! A shoe's last draw whose hand the rest of the round reads only through
//! a few expressions: the hands dealt to a state are grouped by the values
//! of those expressions, and each group goes on once, with one of its hands
//! and the chances of all of them. Two hands alike in every expression that
//! reads the hand lead to the same future, so the round runs on once per
//! group rather than once per hand: three card poker's dealer deals 18,424
//! hands to each state, which go on as a few dozen.
//!
//! An expression is read where the round reads it, but its value is
//! computed when the cards are dealt: that is its value there only if
//! nothing it reads besides the hand changes in between. So every other
//! name it reads must be written nowhere after the draw, and the hand's
//! name nowhere else. An expression that fails to evaluate at the deal
//! (`mod 0`, an overflow) counts as one more value: where the round does
//! read it, it fails alike for every hand of the group, as it would for each.

use crate::program::{Expr, Program};

/// The expressions after a last draw that read its hand.
pub(super) struct Observed {
    pub exprs: Vec<Expr>,
}

/// The expressions reading the hand of the draw at `pc`, when the round
/// reads it only through expressions whose other names stay as they are
/// (see the module); `None` otherwise.
pub(super) fn observed(program: &Program, pc: usize) -> Option<Observed> {
    let draw = program.code.get(pc)?.as_draw()?;
    let hand = draw.slot;
    if program.finals.iter().any(|f| f.slot == hand) {
        return None;
    }
    let mut exprs: Vec<Expr> = Vec::new();
    for (j, instr) in program.code.iter().enumerate() {
        if (j != pc && instr.writes().contains(&hand)) || instr.knows().contains(&hand) {
            return None;
        }
        if let Some(t) = instr.as_throw() {
            let observed = t.observe.iter().flat_map(|p| &p.observations);
            if t.until
                .iter()
                .chain(observed.map(|(_, e)| e))
                .any(|e| e.reads(hand))
            {
                return None;
            }
        }
        if let Some(e) = instr.expr().filter(|e| e.reads(hand)) {
            exprs.push(e.clone());
        }
        if let Some((_, row, column)) = instr.as_cell() {
            if row.reads(hand) || column.reads(hand) {
                exprs.extend([row.clone(), column.clone()]);
            }
        }
    }
    let mut context = Vec::new();
    for e in &exprs {
        e.slots_read(&mut context);
    }
    context.retain(|&s| s != hand);
    let changed = program.code[pc + 1..]
        .iter()
        .any(|instr| instr.writes().iter().any(|w| context.contains(w)));
    (!changed).then_some(Observed { exprs })
}
