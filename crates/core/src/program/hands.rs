//! A round that splits: after `split` the rest of the round is played by
//! two hands, each settled on a stake of its own (docs/language.md,
//! section 4.10).
//!
//! As the checker compiles it, `split` is one step that marks the round
//! split (its flag), and the hands are *alike*: each end after it settles
//! two hands with the same outcome. That round gives each hand's best play
//! (a hand plays as one hand alone from where the split leaves it, knowing
//! what its own `knowing` names) and the mean of every figure: the cards of
//! a shoe are exchangeable, so each of two hands, each drawing by its own
//! cards, ends as one hand alone would.
//!
//! [`in_turn`] gives the round's meaning at a table, the hands dealt as a
//! dealer deals them: the first hand plays up to the table's next card (a
//! draw or throw not `for each seat`: the dealer's), or to its end; then
//! the second hand plays from the split on, from the shoe as the first
//! left it, dealing the table's cards when it comes to them; then the first
//! goes on from where it stopped, given the same table cards (a table card
//! no hand has come to yet is dealt then). Each end settles both hands.
//! `play` runs it so, and the exact evaluation runs it with each hand's
//! choices those of the best play above, for the distribution of the two
//! hands' nets together.

use super::{Expr, ExprKind, Instr, Named, Program, SourceMap};
use crate::ast::Span;

/// The round's `split`.
#[derive(Clone, Debug)]
pub struct Split {
    /// The step of the `split`: it sets `flag`.
    pub at: usize,
    /// The slot that holds true once the round has split.
    pub flag: usize,
    pub span: Span,
    /// In the round played in turn ([`in_turn`]): the slots where an end
    /// finds the other hand's settlement. `None` as checked, where the
    /// hands are alike.
    pub other: Option<OtherHand>,
}

/// The slots of the other hand's settlement, in the round played in turn.
#[derive(Clone, Debug)]
pub struct OtherHand {
    /// Its outcome's index, or -1 where it ended without one.
    pub outcome: usize,
    /// Its value of each of [`Program::finals`].
    pub finals: Vec<usize>,
}

impl Split {
    /// The slots an end reads to settle the other hand.
    pub fn read_at_end(&self) -> Vec<usize> {
        let other = self
            .other
            .iter()
            .flat_map(|o| std::iter::once(o.outcome).chain(o.finals.iter().copied()));
        std::iter::once(self.flag).chain(other).collect()
    }
}

/// An end's code for the outcome of a hand: its index, or -1 for none.
pub fn outcome_code(outcome: Option<usize>) -> i64 {
    outcome.map_or(-1, |o| o as i64)
}

impl Program {
    /// The round as a table plays it: where it splits, with its hands
    /// played in turn ([`in_turn`]), made once; else the round itself.
    pub fn played(&self) -> &Program {
        match &self.split {
            Some(split) if split.other.is_none() => self.played.get_or_init(|| {
                let mut lowered = in_turn(self).unwrap_or_else(|| self.clone());
                super::liveness::refresh(&mut lowered);
                Box::new(lowered)
            }),
            _ => self,
        }
    }

    /// How many of an end's values settle the other hand of a split: its
    /// outcome's code ([`outcome_code`]) and its finals, after the end's
    /// own finals and before each side's sequence; none without a split.
    pub fn other_width(&self) -> usize {
        if self.split.is_some() {
            1 + self.finals.len()
        } else {
            0
        }
    }

    /// Where an end's values give each side's sequence: after the finals
    /// and the other hand's settlement.
    pub fn sequences_at(&self) -> usize {
        self.finals.len() + self.other_width()
    }

    /// The other hand an end of a round that split settles: its outcome
    /// and its final values; `None` where the round did not split.
    pub fn other_hand(&self, values: &[Option<i64>]) -> Option<(Option<usize>, Vec<Option<i64>>)> {
        self.split.as_ref()?;
        let at = self.finals.len();
        let code = (*values.get(at)?)?;
        let finals = values.get(at + 1..at + 1 + self.finals.len())?;
        Some((usize::try_from(code).ok(), finals.to_vec()))
    }
}

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

    fn copy(&mut self, to: usize, from: usize) {
        let value = Expr {
            kind: ExprKind::Slot(from),
            span: self.span,
        };
        self.code.push(Instr::Assign { slot: to, value });
    }

    fn set(&mut self, slot: usize, kind: ExprKind) {
        let value = Expr {
            kind,
            span: self.span,
        };
        self.code.push(Instr::Assign { slot, value });
    }

    fn slot(&self, slot: usize) -> Expr {
        Expr {
            kind: ExprKind::Slot(slot),
            span: self.span,
        }
    }

    /// `slot = n`, as a condition.
    fn equals(&self, slot: usize, n: i64) -> Expr {
        let at = |kind| {
            Box::new(Expr {
                kind,
                span: self.span,
            })
        };
        Expr {
            kind: ExprKind::Cmp(
                super::Cmp::Eq,
                at(ExprKind::Slot(slot)),
                at(ExprKind::Int(n)),
            ),
            span: self.span,
        }
    }
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
    /// 0 where the first hand ended, `t + 1` where it stopped at table
    /// step `t`.
    stopped: usize,
    other: OtherHand,
    /// For each table step: the slots it wrote (but the cards dealt), the
    /// values the hand that dealt it wrote there, and whether one did.
    table: Vec<TableStep>,
}

struct TableStep {
    pc: usize,
    /// Which of `Slots::own` the round reads from here: the first hand's
    /// kept while the second plays.
    held: Vec<usize>,
    writes: Vec<usize>,
    kept: Vec<usize>,
    dealt: usize,
}

/// The round of `program` with its hands played in turn (see the module);
/// `None` where it does not split. What each step needs is left as
/// `program`'s, for the caller to compute again ([`super::liveness`]).
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
    let at_split = own
        .iter()
        .map(|&s| new_slot(format!("{} at the split", program.slots[s].name)))
        .collect();
    let stopped_with = own
        .iter()
        .map(|&s| new_slot(format!("{} of the first hand", program.slots[s].name)))
        .collect();
    let stopped = new_slot("where the first hand stopped".to_string());
    let other = OtherHand {
        outcome: new_slot("the other hand's outcome".to_string()),
        finals: (program.finals.iter())
            .map(|f| new_slot(format!("the other hand's {}", f.name)))
            .collect(),
    };
    let mut table = Vec::new();
    for (pc, instr) in program.code.iter().enumerate() {
        match instr.chance() {
            Some((false, _)) if pc > split.at => {}
            _ => continue,
        }
        let writes: Vec<usize> = (instr.writes().into_iter())
            .filter(|s| !dealt.contains(s))
            .collect();
        let kept = writes
            .iter()
            .map(|&s| new_slot(format!("{} as dealt", program.slots[s].name)))
            .collect();
        let dealt = new_slot(format!(
            "whether {} is dealt",
            program.slots[writes[0]].name
        ));
        table.push(TableStep {
            pc,
            held: read_from(program, &own, pc),
            writes,
            kept,
            dealt,
        });
    }
    let s = Slots {
        kept_at_split: read_from(program, &own, split.at + 1),
        own,
        at_split,
        stopped_with,
        stopped,
        other,
        table,
    };
    let mut e = Emitter {
        code: Vec::new(),
        fixes: Vec::new(),
        at: Default::default(),
        here: Vec::new(),
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
        ..split.clone()
    });
    Some(lowered)
}

/// Which of `own` (by index) the round reads from step `pc` on.
fn read_from(program: &Program, own: &[usize], pc: usize) -> Vec<usize> {
    let live = &program.live_in[pc];
    (0..own.len()).filter(|&i| live.contains(own[i])).collect()
}

impl Slots {
    /// The first hand's values kept, or given back (`back`), at the
    /// split.
    fn at_split(&self, e: &mut Emitter, back: bool) {
        for &i in &self.kept_at_split {
            let (own, kept) = (self.own[i], self.at_split[i]);
            match back {
                false => e.copy(kept, own),
                true => e.copy(own, kept),
            }
        }
    }

    /// The first hand's values kept where it stopped at table step `t`,
    /// or given back (`back`).
    fn held(&self, e: &mut Emitter, t: usize, back: bool) {
        for &i in &self.table[t].held {
            let (own, kept) = (self.own[i], self.stopped_with[i]);
            match back {
                false => e.copy(kept, own),
                true => e.copy(own, kept),
            }
        }
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
    let after = pc > split.at;
    let second = Label::At(1, split.at + 1);
    let table = s.table.iter().position(|t| t.pc == pc);
    match instr {
        Instr::Jump(to) => e.jump(Label::At(copy, *to)),
        Instr::Branch { cond, otherwise } => e.branch(cond.clone(), Label::At(copy, *otherwise)),
        Instr::Assign { .. } if pc == split.at && copy == 0 => {
            e.push(instr.clone());
            s.at_split(e, false);
            for t in &s.table {
                e.set(t.dealt, ExprKind::Bool(false));
            }
        }
        Instr::End { .. } | Instr::Finish if after => {
            let outcome = match instr {
                Instr::End { outcome } => Some(*outcome),
                _ => None,
            };
            let record = |e: &mut Emitter| {
                e.set(s.other.outcome, ExprKind::Int(outcome_code(outcome)));
                for (f, &slot) in program.finals.iter().zip(&s.other.finals) {
                    e.copy(slot, f.slot);
                }
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
                    for (t, step) in s.table.iter().enumerate() {
                        let next = e.label();
                        e.branch(e.equals(s.stopped, t as i64 + 1), Label::Here(next));
                        s.held(e, t, true);
                        e.jump(Label::At(2, step.pc));
                        e.place(next);
                    }
                    // Never comes here: the first hand stopped at a table
                    // step.
                    e.push(instr.clone());
                }
                _ => e.push(instr.clone()),
            }
        }
        _ => match (table, copy) {
            (Some(t), 0) => {
                // The first hand stops at the table's card: the second
                // plays.
                let unsplit = e.label();
                e.branch(e.slot(split.flag), Label::Here(unsplit));
                s.held(e, t, false);
                e.set(s.stopped, ExprKind::Int(t as i64 + 1));
                s.at_split(e, true);
                e.jump(second);
                e.place(unsplit);
                e.push(instr.clone());
            }
            (Some(t), 1) => {
                // The second hand deals the table's card, kept for the
                // first.
                let step = &s.table[t];
                e.push(instr.clone());
                for (&w, &kept) in step.writes.iter().zip(&step.kept) {
                    e.copy(kept, w);
                }
                e.set(step.dealt, ExprKind::Bool(true));
            }
            (Some(t), _) => {
                // The first hand going on: the table's card as the second
                // hand was dealt it, or dealt now.
                let step = &s.table[t];
                let deal = e.label();
                e.branch(e.slot(step.dealt), Label::Here(deal));
                for (&w, &kept) in step.writes.iter().zip(&step.kept) {
                    e.copy(w, kept);
                }
                e.jump(Label::At(2, pc + 1));
                e.place(deal);
                e.push(instr.clone());
            }
            (None, _) => e.push(instr.clone()),
        },
    }
}
