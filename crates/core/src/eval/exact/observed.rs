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

use crate::program::{Expr, ExprKind, Instr, Program};

/// The expressions after a last draw that read its hand.
pub(super) struct Observed {
    pub exprs: Vec<Expr>,
}

/// Whether `e` reads `slot`.
fn reads(e: &Expr, slot: usize) -> bool {
    matches!(e.kind, ExprKind::Slot(s) if s == slot) || e.children().any(|c| reads(c, slot))
}

/// Every slot `e` reads, into `out`.
fn slots(e: &Expr, out: &mut Vec<usize>) {
    if let ExprKind::Slot(s) = e.kind {
        if !out.contains(&s) {
            out.push(s);
        }
    }
    for c in e.children() {
        slots(c, out);
    }
}

/// The slots `instr` writes.
fn writes(instr: &Instr) -> Vec<usize> {
    match instr {
        Instr::Draw(d) => vec![d.slot, d.dealt],
        Instr::Throw(t) => {
            let mut w = vec![t.slot];
            w.extend(
                t.observe
                    .iter()
                    .flat_map(|p| p.observations.iter().map(|(s, _)| *s)),
            );
            w
        }
        Instr::Assign { slot, .. }
        | Instr::Choose { slot }
        | Instr::Decide { slot, .. }
        | Instr::Cell { slot, .. } => vec![*slot],
        Instr::Branch { .. } | Instr::Jump(_) | Instr::End { .. } | Instr::Finish => Vec::new(),
    }
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
        if j != pc && writes(instr).contains(&hand) {
            return None;
        }
        match instr {
            Instr::Assign { value: e, .. } | Instr::Branch { cond: e, .. } if reads(e, hand) => {
                exprs.push(e.clone())
            }
            Instr::Cell { row, column, .. } if reads(row, hand) || reads(column, hand) => {
                exprs.extend([row.clone(), column.clone()])
            }
            Instr::Decide { knowing, .. } if knowing.contains(&hand) => return None,
            Instr::Throw(t)
                if t.until.iter().any(|u| reads(u, hand))
                    || (t.observe.iter().flat_map(|p| &p.observations))
                        .any(|(_, e)| reads(e, hand)) =>
            {
                return None
            }
            _ => {}
        }
    }
    let mut context = Vec::new();
    for e in &exprs {
        slots(e, &mut context);
    }
    context.retain(|&s| s != hand);
    let changed = program.code[pc + 1..]
        .iter()
        .any(|instr| writes(instr).iter().any(|w| context.contains(w)));
    (!changed).then_some(Observed { exprs })
}
