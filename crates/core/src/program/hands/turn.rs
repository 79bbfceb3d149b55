//! The round of a split with its hands played in turn, written as steps:
//! three copies of the round (the first hand up to the table's first card,
//! the second hand, the first going on) and the steps between them that
//! keep a hand's values aside and give them back.

use super::stretches::{self, Stretch};
use super::{outcome_code, OtherHand, Split};
use crate::ast::Span;
use crate::program::{Cmp, Expr, ExprKind, Instr, Named, Program, SourceMap};

/// Where a step of the round played in turn goes: a step of one of the
/// three copies of the round, or a step of the helpers between them.
#[derive(Clone, Copy)]
enum Label {
    /// Copy (0: the first hand up to a table card; 1: the second hand; 2:
    /// the first hand going on), step of the round as checked.
    At(usize, usize),
    Here(usize),
}

/// The round played in turn, emitted step by step with its jumps resolved
/// at the end.
struct Emitter {
    code: Vec<Instr>,
    /// Each step that jumps: where to.
    fixes: Vec<(usize, Label)>,
    at: [Vec<usize>; 3],
    /// The helper labels: where each is.
    here: Vec<usize>,
    /// The steps that compare a stretch's values at its start.
    checks: Vec<(usize, Vec<(usize, usize)>)>,
    span: Span,
}

impl Emitter {
    fn label(&mut self) -> usize {
        self.here.push(usize::MAX);
        self.here.len() - 1
    }

    fn place(&mut self, label: usize) {
        self.here[label] = self.code.len();
    }

    fn push(&mut self, instr: Instr) {
        self.code.push(instr);
    }

    fn jump(&mut self, to: Label) {
        self.fixes.push((self.code.len(), to));
        self.code.push(Instr::Jump(usize::MAX));
    }

    /// Goes on when `cond` holds, else to `to`.
    fn branch(&mut self, cond: Expr, to: Label) {
        self.fixes.push((self.code.len(), to));
        self.code.push(Instr::Branch {
            cond,
            otherwise: usize::MAX,
        });
    }

    fn expr(&self, kind: ExprKind) -> Expr {
        Expr {
            kind,
            span: self.span,
        }
    }

    fn set(&mut self, slot: usize, kind: ExprKind) {
        let value = self.expr(kind);
        self.code.push(Instr::Assign { slot, value });
    }

    /// `to = from`, bound or not.
    fn copy(&mut self, to: usize, from: usize) {
        self.set(to, ExprKind::Slot(from));
    }

    fn copies(&mut self, pairs: impl IntoIterator<Item = (usize, usize)>) {
        for (to, from) in pairs {
            self.copy(to, from);
        }
    }

    fn slot(&self, slot: usize) -> Expr {
        self.expr(ExprKind::Slot(slot))
    }

    /// `slot = n`, as a condition.
    fn equals(&self, slot: usize, n: i64) -> Expr {
        let at = |kind| Box::new(self.expr(kind));
        self.expr(ExprKind::Cmp(
            Cmp::Eq,
            at(ExprKind::Slot(slot)),
            at(ExprKind::Int(n)),
        ))
    }
}

/// A stretch of the table's part, with the slots that keep it.
struct Kept {
    stretch: Stretch,
    /// Which of `Slots::own` the round reads from its start: the first
    /// hand's, kept while the second plays where the first stops there.
    held: Vec<usize>,
    /// Whether the second hand came to its start, and left it.
    entered: usize,
    left: usize,
    /// The values it read at its start and set, as the second hand played
    /// it, and where it ended (an index into its exits).
    at_start: Vec<usize>,
    set: Vec<usize>,
    exit: usize,
}

/// The round's new slots for playing the hands in turn.
struct Slots {
    /// The slots a hand has of its own (all the round's but the cards each
    /// shoe has dealt and the flag): the values at the split, given to the
    /// second hand, and the first hand's where it stopped.
    own: Vec<usize>,
    at_split: Vec<usize>,
    stopped_with: Vec<usize>,
    /// Which of `own` the round reads after the split: kept for the
    /// second hand.
    kept_at_split: Vec<usize>,
    /// 0 where the first hand ended, `i + 1` where it stopped at the start
    /// of stretch `i`.
    stopped: usize,
    /// The slot a comparison of a stretch's values sets.
    compared: usize,
    other: OtherHand,
    stretches: Vec<Kept>,
}

/// The round of `program` with its hands played in turn (see the module);
/// `None` where it does not split. What each step needs is left as
/// `program`'s, for the caller to compute again
/// ([`crate::program::liveness`]).
pub fn in_turn(program: &Program) -> Option<Program> {
    let split = program.split.as_ref()?;
    let mut slots = program.slots.clone();
    let mut new_slot = |name: String| {
        slots.push(Named {
            name,
            span: split.span,
        });
        slots.len() - 1
    };
    let dealt: Vec<usize> = (program.code.iter())
        .filter_map(|i| i.as_draw().map(|d| d.dealt))
        .collect();
    let own: Vec<usize> = (0..program.slots.len())
        .filter(|s| *s != split.flag && !dealt.contains(s))
        .collect();
    let name = |s: usize| program.slots[s].name.clone();
    let at_split = (own.iter())
        .map(|&s| new_slot(format!("{} at the split", name(s))))
        .collect();
    let stopped_with = (own.iter())
        .map(|&s| new_slot(format!("{} of the first hand", name(s))))
        .collect();
    let stopped = new_slot("where the first hand stopped".to_string());
    let compared = new_slot("the table's values compared".to_string());
    let other = OtherHand {
        outcome: new_slot("the other hand's outcome".to_string()),
        finals: (program.finals.iter())
            .map(|f| new_slot(format!("the other hand's {}", f.name)))
            .collect(),
    };
    let mut kept = Vec::new();
    for stretch in stretches::of(program, split.at, &dealt) {
        let start = name(program.code[stretch.start].writes()[0]);
        kept.push(Kept {
            held: read_from(program, &own, stretch.start),
            entered: new_slot(format!("whether {start} is dealt")),
            left: new_slot(format!("whether the table's play from {start} is over")),
            at_start: (stretch.reads.iter())
                .map(|&s| new_slot(format!("{} as {start} is dealt", name(s))))
                .collect(),
            set: (stretch.writes.iter())
                .map(|&s| {
                    new_slot(format!(
                        "{} as the table's play from {start} left it",
                        name(s)
                    ))
                })
                .collect(),
            exit: new_slot(format!("where the table's play from {start} ended")),
            stretch,
        });
    }
    let s = Slots {
        kept_at_split: read_from(program, &own, split.at + 1),
        own,
        at_split,
        stopped_with,
        stopped,
        compared,
        other,
        stretches: kept,
    };
    let mut e = Emitter {
        code: Vec::new(),
        fixes: Vec::new(),
        at: Default::default(),
        here: Vec::new(),
        checks: Vec::new(),
        span: split.span,
    };
    // The flag is read before the split on the ways that never split.
    e.set(split.flag, ExprKind::Bool(false));
    for copy in 0..3 {
        for (pc, instr) in program.code.iter().enumerate() {
            e.at[copy].push(e.code.len());
            emit(&mut e, &s, program, split, copy, pc, instr);
        }
    }
    let Emitter {
        mut code,
        fixes,
        at,
        here,
        checks,
        ..
    } = e;
    for (pc, label) in fixes {
        let target = match label {
            Label::At(copy, step) => at[copy][step],
            Label::Here(h) => here[h],
        };
        match &mut code[pc] {
            Instr::Jump(t) | Instr::Branch { otherwise: t, .. } => *t = target,
            _ => unreachable!("only jumps and branches are fixed"),
        }
    }
    let mut lowered = program.clone();
    lowered.slots = slots;
    lowered.code = code;
    lowered.turn_ups = (0..3)
        .flat_map(|copy| {
            let at = &at[copy];
            program
                .turn_ups
                .iter()
                .map(move |&(pc, slot)| (at[pc], slot))
        })
        .collect();
    lowered.source_map = SourceMap::default();
    lowered.split = Some(Split {
        at: at[0][split.at],
        other: Some(s.other),
        checks,
        ..split.clone()
    });
    lowered.played = Default::default();
    Some(lowered)
}

/// Which of `own` (by index) the round reads from step `pc` on.
fn read_from(program: &Program, own: &[usize], pc: usize) -> Vec<usize> {
    let live = &program.live_in[pc];
    (0..own.len()).filter(|&i| live.contains(own[i])).collect()
}

impl Slots {
    /// The values the second hand is given at the split, kept (`back`
    /// false) or given back.
    fn at_split(&self, e: &mut Emitter, back: bool) {
        self.keep(e, &self.kept_at_split, &self.at_split, back);
    }

    /// The first hand's values where it stopped at the start of stretch
    /// `i`, kept (`back` false) or given back.
    fn held(&self, e: &mut Emitter, i: usize, back: bool) {
        self.keep(e, &self.stretches[i].held, &self.stopped_with, back);
    }

    /// The slots `which` of `own` copied to their places in `store`, or
    /// (`back`) from them.
    fn keep(&self, e: &mut Emitter, which: &[usize], store: &[usize], back: bool) {
        let pairs = which.iter().map(|&i| (self.own[i], store[i]));
        e.copies(pairs.map(|(own, kept)| if back { (own, kept) } else { (kept, own) }));
    }

    /// The stretch that starts at step `pc`.
    fn starting(&self, pc: usize) -> Option<usize> {
        self.stretches.iter().position(|k| k.stretch.start == pc)
    }
}

/// The steps of `instr`, step `pc` of the round, in `copy`.
fn emit(
    e: &mut Emitter,
    s: &Slots,
    program: &Program,
    split: &Split,
    copy: usize,
    pc: usize,
    instr: &Instr,
) {
    let second = Label::At(1, split.at + 1);
    if copy == 1 {
        // The second hand leaves the table's stretches that end here: what
        // they set is kept for the first.
        for k in s.stretches.iter().filter(|k| k.stretch.exits.contains(&pc)) {
            let skip = e.label();
            let open = ExprKind::And(
                Box::new(e.slot(k.entered)),
                Box::new(e.expr(ExprKind::Not(Box::new(e.slot(k.left))))),
            );
            e.branch(e.expr(open), Label::Here(skip));
            e.copies(k.set.iter().copied().zip(k.stretch.writes.iter().copied()));
            let exit = k.stretch.exits.iter().position(|&x| x == pc).unwrap_or(0);
            e.set(k.exit, ExprKind::Int(exit as i64));
            e.set(k.left, ExprKind::Bool(true));
            e.place(skip);
        }
    }
    let after = pc > split.at;
    match instr {
        Instr::Jump(to) => e.jump(Label::At(copy, *to)),
        Instr::Branch { cond, otherwise } => e.branch(cond.clone(), Label::At(copy, *otherwise)),
        Instr::Assign { .. } if pc == split.at && copy == 0 => {
            e.push(instr.clone());
            s.at_split(e, false);
            for k in &s.stretches {
                e.set(k.entered, ExprKind::Bool(false));
                e.set(k.left, ExprKind::Bool(false));
            }
        }
        Instr::End { .. } | Instr::Finish if after => {
            let outcome = match instr {
                Instr::End { outcome } => Some(*outcome),
                _ => None,
            };
            let record = |e: &mut Emitter| {
                e.set(s.other.outcome, ExprKind::Int(outcome_code(outcome)));
                let finals = program.finals.iter().map(|f| f.slot);
                e.copies(s.other.finals.iter().copied().zip(finals));
            };
            match copy {
                0 => {
                    // The first hand ended: the second plays.
                    let unsplit = e.label();
                    e.branch(e.slot(split.flag), Label::Here(unsplit));
                    record(e);
                    e.set(s.stopped, ExprKind::Int(0));
                    s.at_split(e, true);
                    e.jump(second);
                    e.place(unsplit);
                    e.push(instr.clone());
                }
                1 => {
                    // The second hand ended: the round too where the first
                    // had; else the first goes on where it stopped.
                    let goes_on = e.label();
                    e.branch(e.equals(s.stopped, 0), Label::Here(goes_on));
                    e.push(instr.clone());
                    e.place(goes_on);
                    record(e);
                    for (i, k) in s.stretches.iter().enumerate() {
                        let next = e.label();
                        e.branch(e.equals(s.stopped, i as i64 + 1), Label::Here(next));
                        s.held(e, i, true);
                        e.jump(Label::At(2, k.stretch.start));
                        e.place(next);
                    }
                    // Never comes here: the first hand stopped at a
                    // stretch's start.
                    e.push(instr.clone());
                }
                _ => e.push(instr.clone()),
            }
        }
        _ => match (s.starting(pc), copy) {
            (Some(i), 0) => {
                // The first hand stops at the table's card: the second
                // plays.
                let unsplit = e.label();
                e.branch(e.slot(split.flag), Label::Here(unsplit));
                s.held(e, i, false);
                e.set(s.stopped, ExprKind::Int(i as i64 + 1));
                s.at_split(e, true);
                e.jump(second);
                e.place(unsplit);
                e.push(instr.clone());
            }
            (Some(i), 1) => {
                // The second hand deals the table's card: its values here
                // are kept, to be compared with the first's.
                let k = &s.stretches[i];
                e.copies(
                    k.at_start
                        .iter()
                        .copied()
                        .zip(k.stretch.reads.iter().copied()),
                );
                e.set(k.entered, ExprKind::Bool(true));
                e.push(instr.clone());
            }
            (Some(i), _) => {
                // The first hand going on: the table's play from here as
                // the second played it (the same cards, from the same
                // values), or dealt now where it never came here.
                let k = &s.stretches[i];
                let deal = e.label();
                e.branch(e.slot(k.left), Label::Here(deal));
                let pairs: Vec<(usize, usize)> = (k.stretch.reads.iter().copied())
                    .zip(k.at_start.iter().copied())
                    .collect();
                e.checks.push((e.code.len(), pairs));
                e.set(s.compared, ExprKind::Bool(true));
                e.copies(k.stretch.writes.iter().copied().zip(k.set.iter().copied()));
                let exits = &k.stretch.exits;
                for (j, &x) in exits.iter().enumerate() {
                    let next = e.label();
                    e.branch(e.equals(k.exit, j as i64), Label::Here(next));
                    e.jump(Label::At(2, x));
                    e.place(next);
                }
                if let Some(&last) = exits.last() {
                    e.jump(Label::At(2, last));
                }
                e.place(deal);
                e.push(instr.clone());
            }
            (None, _) => e.push(instr.clone()),
        },
    }
}
