//! The table's stretches of a round that splits: from a table's draw or
//! throw after the split (one not `for each seat`), the steps that play
//! the table's part alone, up to the first step that is a hand's own (its
//! cards and dice, a choice, an end, a step that reads or sets what only a
//! hand holds). The first hand, going on after the second has played,
//! takes a stretch the second played as the second left it: the same
//! cards, and so, from the same values at its start, the same steps and
//! the same values at its end. The values a stretch starts from are
//! compared when the first hand comes to it (`Split::checks`): they differ
//! only where the table's play reads what the hands hold differently,
//! which the evaluation refuses (`dice::eval::split_table`).

use smallvec::SmallVec;

use super::super::{Instr, Program};

/// A stretch of the table's part (see the module).
pub(super) struct Stretch {
    /// Its first step: a draw or throw of the table's.
    pub start: usize,
    /// The slots it reads that it may not have set itself (live at its
    /// start), but the cards each shoe has dealt.
    pub reads: Vec<usize>,
    /// The slots it sets, but the cards dealt.
    pub writes: Vec<usize>,
    /// The steps where it ends, ascending: each a hand's own step.
    pub exits: Vec<usize>,
}

/// The stretches of `program`'s table after the split at `split_at`: one
/// at each of its table's steps but those inside another's stretch that
/// only that stretch comes to. `dealt` are the slots of the cards each
/// shoe has dealt (shared by the hands, never compared or copied).
pub(super) fn of(program: &Program, split_at: usize, dealt: &[usize]) -> Vec<Stretch> {
    let code = &program.code;
    let hand = hand_slots(program, split_at, dealt);
    let reads = |pc: usize| -> SmallVec<[usize; 8]> {
        let mut out = Vec::new();
        for e in code[pc].exprs() {
            e.slots_read(&mut out);
        }
        out.extend_from_slice(code[pc].knows());
        out.into_iter().collect()
    };
    let own = |pc: usize| {
        let i = &code[pc];
        pc == split_at
            || i.picks()
            || i.ends()
            || i.chance().is_some_and(|(own, _)| own)
            || reads(pc).iter().any(|s| hand[*s])
            || i.writes().iter().any(|s| hand[*s])
    };
    let mut preds = vec![Vec::new(); code.len()];
    for pc in 0..code.len() {
        for n in successors(code, pc) {
            preds[n].push(pc);
        }
    }
    let mut stretches: Vec<Stretch> = Vec::new();
    // Each table step a stretch covers: inside it, come to only through it.
    let mut covered = vec![false; code.len()];
    for start in (split_at + 1..code.len()).filter(|&pc| is_table(&code[pc])) {
        if covered[start] {
            continue;
        }
        let mut inside = vec![false; code.len()];
        let (mut steps, mut exits) = (vec![start], Vec::new());
        inside[start] = true;
        let mut todo = vec![start];
        while let Some(pc) = todo.pop() {
            for n in successors(code, pc) {
                if inside[n] || exits.contains(&n) {
                    continue;
                }
                if own(n) {
                    exits.push(n);
                } else {
                    inside[n] = true;
                    steps.push(n);
                    todo.push(n);
                }
            }
        }
        exits.sort_unstable();
        let closed = (steps.iter())
            .filter(|&&s| s != start)
            .all(|&s| preds[s].iter().all(|p| inside[*p]));
        if closed {
            for &s in &steps {
                covered[s] = true;
            }
        }
        let live = &program.live_in[start];
        let mut read: Vec<usize> = (steps.iter().flat_map(|&s| reads(s)))
            .filter(|s| live.contains(*s) && !dealt.contains(s))
            .collect();
        read.sort_unstable();
        read.dedup();
        let mut writes: Vec<usize> = (steps.iter().flat_map(|&s| code[s].writes()))
            .filter(|s| !dealt.contains(s))
            .collect();
        writes.sort_unstable();
        writes.dedup();
        stretches.push(Stretch {
            start,
            reads: read,
            writes,
            exits,
        });
    }
    stretches
}

/// Whether a step is the table's: a draw or throw not `for each seat`.
pub(super) fn is_table(instr: &Instr) -> bool {
    instr.chance().is_some_and(|(own, _)| !own)
}

/// The steps the round may go to after `pc`.
fn successors(code: &[Instr], pc: usize) -> SmallVec<[usize; 2]> {
    let mut out = SmallVec::new();
    match &code[pc] {
        Instr::Jump(to) => out.push(*to),
        Instr::Branch { otherwise, .. } => out.extend([pc + 1, *otherwise]),
        i if i.ends() => {}
        _ => out.push(pc + 1),
    }
    out.retain(|n| *n < code.len());
    out
}

/// The slots only a hand holds after the split: set by its own cards and
/// dice or its choices, or computed from those (the cards dealt aside).
fn hand_slots(program: &Program, split_at: usize, dealt: &[usize]) -> Vec<bool> {
    let code = &program.code;
    let mut hand = vec![false; program.slots.len()];
    let mut changed = true;
    while changed {
        changed = false;
        for instr in &code[split_at + 1..] {
            let own = instr.picks() || instr.chance().is_some_and(|(own, _)| own);
            let computed = instr.as_assign().is_some_and(|(_, e)| {
                let mut read = Vec::new();
                e.slots_read(&mut read);
                read.iter().any(|s| hand[*s])
            });
            if own || computed {
                for s in instr.writes() {
                    if !dealt.contains(&s) && !std::mem::replace(&mut hand[s], true) {
                        changed = true;
                    }
                }
            }
        }
    }
    hand
}
