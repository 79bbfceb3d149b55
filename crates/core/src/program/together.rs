//! Hands the round reads only together from some step on: after the turn
//! of mississippi stud, the player's two cards, the flop and the turn are
//! read only as `mine + flop + turn` (and with the river), never one
//! alone. Two states whose cards differ only in which of those hands holds
//! which card have the same future, and the exact evaluator keeps them as
//! one (`eval::exact`): a hand as the multiset the round reads.

use smallvec::SmallVec;

use super::{Expr, ExprKind, Instr, Program};

/// The slots of one read: one slot, or hands joined with `+`.
type Read = SmallVec<[usize; 4]>;

/// For each step of `program`, the groups (of two or more) of hand slots
/// live on entry to it that every read at it or after it takes joined,
/// each group in slot order: every `category(a + b + c)` or `knowing a +
/// b` there that reads one of them reads the others too, and none of
/// them is read alone, kept to the round's end, or dealt again. The round
/// only jumps forward, so "after" is "further on in the code": a read on
/// another path only keeps hands apart.
pub fn read_together(program: &Program) -> Vec<Vec<Vec<usize>>> {
    let slots = program.slots.len();
    let hands: Vec<bool> = (0..slots)
        .map(|s| {
            program
                .code
                .iter()
                .any(|i| i.as_draw().is_some_and(|d| d.slot == s))
        })
        .collect();
    // For each hand: the slots every read of it so far (walking back from
    // the end) also reads; `None` before any read.
    let mut with: Vec<Option<Read>> = vec![None; slots];
    let mut written = vec![false; slots];
    let mut out = vec![Vec::new(); program.code.len()];
    let mut reads: Vec<Read> = Vec::new();
    for pc in (0..program.code.len()).rev() {
        reads.clear();
        reads_of(program, &program.code[pc], &mut reads);
        for read in &reads {
            for &s in read.iter().filter(|&&s| hands[s]) {
                let kept = match with[s].take() {
                    None => read.clone(),
                    Some(before) => before.into_iter().filter(|t| read.contains(t)).collect(),
                };
                with[s] = Some(kept);
            }
        }
        for s in program.code[pc].writes() {
            written[s] = true;
        }
        let joinable = |s: usize| {
            hands[s]
                && !written[s]
                && program.live_in.get(pc).is_some_and(|l| l.contains(s))
                && with[s].as_ref().is_some_and(|w| w.len() > 1)
        };
        let mut placed = vec![false; slots];
        for s in (0..slots).filter(|&s| joinable(s)) {
            if placed[s] {
                continue;
            }
            let group: Vec<usize> = (s..slots)
                .filter(|&t| {
                    joinable(t)
                        && with[s].as_ref().is_some_and(|w| w.contains(&t))
                        && with[t].as_ref().is_some_and(|w| w.contains(&s))
                })
                .collect();
            if group.len() > 1 {
                for &t in &group {
                    placed[t] = true;
                }
                out[pc].push(group);
            }
        }
    }
    out
}

/// The reads of one step: the slots of each expression, a call's hands
/// joined with `+` as one read, a decision's known hands joined as one,
/// and at the round's end its final values and choosers, each alone.
fn reads_of(program: &Program, instr: &Instr, out: &mut Vec<Read>) {
    match instr {
        Instr::Throw(t) => {
            for e in t.until.iter() {
                expr_reads(e, out);
            }
            for (_, e) in t.observe.iter().flat_map(|p| &p.observations) {
                expr_reads(e, out);
            }
        }
        Instr::Draw(d) => out.push(SmallVec::from_slice(&[d.dealt])),
        Instr::Assign { value: e, .. } | Instr::Branch { cond: e, .. } => expr_reads(e, out),
        Instr::Cell { row, column, .. } => {
            expr_reads(row, out);
            expr_reads(column, out);
        }
        Instr::Decide {
            decision, knowing, ..
        } => {
            let members = program.decisions.get(*decision).map(|d| &d.members[..]);
            let mut at = 0;
            for &n in members.unwrap_or(&[]) {
                out.push(knowing.iter().skip(at).take(n).copied().collect());
                at += n;
            }
            // Whatever the members do not cover (a choice among the faces
            // shown reads its mask last) is read alone.
            for &k in knowing.iter().skip(at) {
                out.push(SmallVec::from_slice(&[k]));
            }
        }
        Instr::End { .. } | Instr::Finish => {
            let finals = program.finals.iter().map(|f| f.slot);
            let sides = program.sides.iter().map(|s| s.slot);
            out.extend(finals.chain(sides).map(|s| SmallVec::from_slice(&[s])));
        }
        Instr::Choose { .. } | Instr::Jump(_) => {}
    }
}

/// The reads of an expression: hands joined with `+` in a call, when each
/// is a name, are one read; every other name is read alone.
fn expr_reads(e: &Expr, out: &mut Vec<Read>) {
    match &e.kind {
        ExprKind::Slot(s) => out.push(SmallVec::from_slice(&[*s])),
        ExprKind::Call(b, args) if args.len() > b.args().len() => {
            let hands = args.len() - (b.args().len() - 1);
            let (joined, rest) = args.split_at(hands);
            let slots: Option<Read> = joined
                .iter()
                .map(|a| match a.kind {
                    ExprKind::Slot(s) => Some(s),
                    _ => None,
                })
                .collect();
            match slots {
                Some(slots) => out.push(slots),
                None => joined.iter().for_each(|a| expr_reads(a, out)),
            }
            rest.iter().for_each(|a| expr_reads(a, out));
        }
        _ => e.children().for_each(|c| expr_reads(c, out)),
    }
}
