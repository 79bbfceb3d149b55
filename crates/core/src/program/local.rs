//! Decisions a lone chooser makes knowing the whole state: solved where
//! they stand. Where one side chooses, no choice can follow a decision, and
//! what the chooser knows there determines every value the round holds
//! (caribbean stud's player knows his five cards and the dealer's up card,
//! and the cards dealt are those), each situation is one state of the round,
//! and the best option there is the one whose rest of the round is worth
//! most: the exact evaluator runs each option's rest from the state alone
//! and keeps the best (`exact::machine`), rather than taking every option
//! into the round and solving the sequence form after. Nothing of the
//! options is kept but their values, and no state waits: caribbean stud's
//! five million situations fit.
//!
//! A value is determined by what the chooser knows where it is known (a
//! name in `knowing` alone, not hands joined with `+`), where it is the
//! cards a shoe has dealt and every hand dealt from that shoe before is
//! determined, or where every step that binds it before is a `let` or
//! `set` of determined values; and only where every branch before the
//! decision tests determined values.

use super::{Instr, Program};

/// For each of `program.decisions`, whether it is solved where it stands
/// (see the module).
pub fn local_decisions(program: &Program) -> Vec<bool> {
    if program.sides.len() != 1 {
        return vec![false; program.decisions.len()];
    }
    // A decision met at several steps (a `choose` in a loop) is solved
    // where it stands only where it is at each; one never met at a
    // `choose` (a table's `?` cells) is not.
    let mut local: Vec<Option<bool>> = vec![None; program.decisions.len()];
    let mut meet = |decision: usize, here: bool| {
        local[decision] = Some(local[decision].unwrap_or(true) && here);
    };
    let side_slots: Vec<usize> = program.sides.iter().map(|s| s.slot).collect();
    for (pc, instr) in program.code.iter().enumerate() {
        let Instr::Decide {
            decision, knowing, ..
        } = instr
        else {
            continue;
        };
        let followed = program.code[pc + 1..]
            .iter()
            .any(|i| matches!(i, Instr::Decide { .. } | Instr::Cell { .. }));
        if followed {
            meet(*decision, false);
            continue;
        }
        let d = &program.decisions[*decision];
        // The slots known alone, not joined with others into one hand.
        let mut known: Vec<usize> = Vec::new();
        let mut at = 0;
        for &members in &d.members {
            if members == 1 {
                known.extend(knowing.get(at));
            }
            at += members;
        }
        let determined = determined(program, pc, known);
        // A value bound on one branch or another is determined only where
        // the branches read determined values.
        let branches_known = program.code[..pc].iter().all(|i| match i {
            Instr::Branch { cond, .. } => {
                let mut read = Vec::new();
                cond.slots_read(&mut read);
                read.iter().all(|r| determined.contains(r))
            }
            _ => true,
        });
        let Some(live) = program.live_in.get(pc).filter(|_| branches_known) else {
            meet(*decision, false);
            continue;
        };
        let played = program.live_unshown.get(pc);
        let here = (0..program.slots.len())
            .filter(|&s| live.contains(s) && played.is_none_or(|l| l.contains(s)))
            .filter(|s| !side_slots.contains(s))
            .all(|s| determined.contains(&s));
        meet(*decision, here);
    }
    local.into_iter().map(|l| l == Some(true)).collect()
}

/// The slots whose values at `pc` are determined by the slots `known` (see
/// the module).
fn determined(program: &Program, pc: usize, known: Vec<usize>) -> Vec<usize> {
    // Each slot's writers before the decision, found once.
    let mut writers: Vec<Vec<&Instr>> = vec![Vec::new(); program.slots.len()];
    for instr in &program.code[..pc] {
        for w in instr.writes() {
            writers[w].push(instr);
        }
    }
    let mut is_known = vec![false; program.slots.len()];
    for &s in &known {
        is_known[s] = true;
    }
    let reads_known = |e: &crate::program::Expr, is_known: &[bool]| {
        let mut read = Vec::new();
        e.slots_read(&mut read);
        read.iter().all(|&r| is_known[r])
    };
    // Grown until a pass adds nothing: each pass adds at least one slot.
    loop {
        let mut grown = false;
        for s in 0..program.slots.len() {
            if is_known[s] {
                continue;
            }
            let ws = &writers[s];
            let dealt = ws.iter().any(|i| i.as_draw().is_some_and(|d| d.dealt == s));
            let holds = if dealt {
                // A shoe's dealt cards: the hands dealt from it known.
                ws.iter().all(|i| {
                    i.as_draw()
                        .is_some_and(|d| d.dealt == s && is_known[d.slot])
                })
            } else {
                ws.iter().all(|i| match i {
                    Instr::Assign { value, .. } => reads_known(value, &is_known),
                    _ => false,
                })
            };
            if holds {
                is_known[s] = true;
                grown = true;
            }
        }
        if !grown {
            return (0..program.slots.len()).filter(|&s| is_known[s]).collect();
        }
    }
}
