//! Compiling the round's statements into instructions with jumps.
//!
//! `let` and `throw` bind a new name for the rest of their block; a name may
//! not be bound twice while it is visible. `compare` becomes two branches.

use std::collections::BTreeSet;

use super::error::unknown;
use super::expr::{as_number, number_as_condition, Names, Ty, Typer};
use super::limits::{
    MAX_CODE, MAX_OPTIONS, MAX_REPEAT, MAX_THROW_BITS, MAX_THROW_DICE, MAX_THROW_RESULTS,
};
use super::shows::Shows;
use super::CheckError;

mod cards;
mod choices;

use crate::ast::{self, Else, Side, Stmt};
use crate::program::builtin::{Builtin, MAX_FACE};
use crate::program::{Choice, Cmp, Decision, Expr, ExprKind, Instr, Named, Shoe, SourceMap, Throw};
pub(super) use cards::{seat_hands, tell_apart};

pub(super) struct Compiled<'s> {
    pub code: Vec<Instr>,
    pub slots: Vec<Named>,
    pub choice: Option<Choice>,
    pub decisions: Vec<Decision>,
    /// The bet named by each side that chooses, in order of appearance.
    pub sides: Vec<ast::Ident>,
    /// The names bound at the round's top level, visible when it ends:
    /// (name, slot, type).
    pub top_level: Vec<(String, usize, Ty)>,
    pub source_map: SourceMap,
    /// Each `turn up`: the instruction before which it shows the hand in
    /// the slot.
    pub turn_ups: Vec<(usize, usize)>,
    /// The `--show` expressions, compiled at each end that sees them.
    pub shows: Shows<'s>,
    /// For each shoe, whether the round reads ranks and suits of its cards.
    pub cards_read: Vec<(bool, bool)>,
    /// The labels of each type of labels (`Ty::Label`'s index): a choice's
    /// options, the poker categories.
    pub labels: Vec<Vec<String>>,
    /// The throws with more than [`MAX_THROW_RESULTS`] multisets of faces,
    /// allowed only if the round reads nothing of them but statistics
    /// counted face by face (see [`large_throws_refused`]).
    pub large_throws: Vec<LargeThrow>,
    /// The round's `split`, if it has one.
    pub split: Option<crate::program::Split>,
}

/// A throw with more multisets of faces than one throw may list.
pub(super) struct LargeThrow {
    /// The throw statement, the span of its instructions (one per pass of
    /// a `repeat`).
    pub statement: crate::ast::Span,
    pub count: u64,
    pub sides: u64,
    /// The dice, for the error.
    pub span: crate::ast::Span,
}

/// The large throws of `code` (after projection) that the round reads
/// other than by statistics the evaluator counts face by face (`count`,
/// `total`, `highest`...: see `Builtin::stat`): those would be listed as
/// multisets, too many of them. A throw read only by such statistics is
/// enumerated by their values (binomial counts for `count`), however many
/// multisets it has; its other bounds (the bits of its ordered results, the
/// grouping's states at evaluation) still hold.
pub(super) fn large_throws_refused(code: &[Instr], large: &[LargeThrow]) -> Vec<CheckError> {
    let mut seen = BTreeSet::new();
    large
        .iter()
        .filter(|t| seen.insert((t.statement.start, t.statement.end)))
        .filter(|t| {
            code.iter().any(|instr| match instr {
                Instr::Throw(Throw { span, observe, .. }) if *span == t.statement => {
                    !observe.as_ref().is_some_and(|p| {
                        p.observations.iter().all(|(_, e)| {
                            matches!(&e.kind, ExprKind::Call(b, _) if b.stat([0, 0]).is_some())
                        })
                    })
                }
                _ => false,
            })
        })
        .map(|t| CheckError::TooManyResults {
            count: t.count,
            sides: t.sides,
            span: t.span,
        })
        .collect()
}

struct Compiler<'a, 'n, 's> {
    typer: Typer<'a, 'n>,
    code: Vec<Instr>,
    slots: Vec<Named>,
    /// How many variables each open block had visible when it opened.
    scope_marks: Vec<usize>,
    /// How many `repeat` blocks enclose the statement being compiled.
    repeat_depth: usize,
    /// Inside a repeat, the slot of each binding (by where its name is
    /// written), so that every pass through the block uses the same slots.
    repeated_slots: std::collections::BTreeMap<usize, usize>,
    /// Whether a `throw` has been compiled yet.
    thrown: bool,
    /// The first `choose`, when it may be announced (made first, before
    /// anything is dealt): its instruction and choice.
    announced: Option<(usize, Choice)>,
    decisions: Vec<Decision>,
    sides: Vec<ast::Ident>,
    /// The slot holding the cards dealt from each shoe, once one is drawn.
    dealt: Vec<Option<usize>>,
    /// The slots of hands dealt face down.
    face_down: Vec<usize>,
    turn_ups: Vec<(usize, usize)>,
    large_throws: Vec<LargeThrow>,
    source_map: SourceMap,
    shows: Shows<'s>,
    split: Option<crate::program::Split>,
}

/// The most sides that may choose in one round.
pub const MAX_SIDES: usize = 2;

/// The most cards one `draw` may deal: a hand's results are its multisets
/// of card values.
pub const MAX_DRAW: i64 = 64;

pub(super) fn compile<'s>(
    round: &ast::RoundDecl,
    names: &Names,
    shows: Shows<'s>,
    errors: &mut Vec<CheckError>,
) -> Compiled<'s> {
    let mut c = Compiler {
        typer: Typer {
            names,
            vars: Vec::new(),
            errors,
            ranked: BTreeSet::new(),
            reported_no_hands: false,
            labels: Vec::new(),
            cards_read: vec![(false, false); names.shoes.len()],
            expanding: Vec::new(),
            expanded: 0,
        },
        code: Vec::new(),
        slots: Vec::new(),
        scope_marks: Vec::new(),
        repeat_depth: 0,
        repeated_slots: std::collections::BTreeMap::new(),
        thrown: false,
        announced: None,
        decisions: Vec::new(),
        sides: Vec::new(),
        dealt: vec![None; names.shoes.len()],
        face_down: Vec::new(),
        turn_ups: Vec::new(),
        large_throws: Vec::new(),
        source_map: SourceMap::default(),
        shows,
        split: None,
    };
    for stmt in &round.body.stmts {
        c.stmt(stmt);
    }
    // The round's last statement ran: the round ends at its closing brace.
    let close = ast::Span::new(round.span.end.saturating_sub(1), round.span.end);
    c.shows
        .at_end(&mut c.typer, &mut c.code, &mut c.slots, close);
    c.code.push(Instr::Finish);
    // A choice among the faces shown is solved for a lone side only.
    for d in c.decisions.iter().filter(|d| d.faces.is_some()) {
        if let Some(other) = c.decisions.iter().find(|o| o.side != d.side) {
            c.typer.errors.push(CheckError::FacesTwoSides {
                name: d.name.clone(),
                span: d.span,
                other: other.span,
            });
        }
    }
    // The hands of a split choose each as one hand alone: for one side.
    if let (Some(split), [_, second, ..]) = (&c.split, &c.sides[..]) {
        c.typer.errors.push(CheckError::Split {
            message: "a round that splits with two sides choosing".to_string(),
            span: split.span,
            other: Some(second.span),
            help: "after a split each hand plays the best play of one hand alone, which is one side's",
        });
    }
    // A round whose one choice is made first, knowing nothing, evaluates
    // once per option: an announced choice.
    let mut choice = None;
    if let (Some((pc, announced)), 1) = (c.announced.take(), c.decisions.len()) {
        c.code[pc] = Instr::Choose {
            slot: announced.slot,
        };
        if let Some(split) = &c.split {
            c.typer.errors.push(CheckError::Split {
                message: "a round that splits with a choice announced before it".to_string(),
                span: split.span,
                other: Some(announced.span),
                help: "choose during the round, knowing what the choice needs (`knowing nothing` after something is dealt)",
            });
        }
        choice = Some(announced);
        c.decisions.clear();
        c.sides.clear();
    }
    Compiled {
        code: c.code,
        slots: c.slots,
        cards_read: c.typer.cards_read,
        labels: c.typer.labels,
        top_level: c.typer.vars,
        choice,
        decisions: c.decisions,
        sides: c.sides,
        source_map: c.source_map,
        turn_ups: c.turn_ups,
        shows: c.shows,
        large_throws: c.large_throws,
        split: c.split,
    }
}

impl Compiler<'_, '_, '_> {
    fn block(&mut self, block: &ast::Block) {
        self.scope_marks.push(self.typer.vars.len());
        for stmt in &block.stmts {
            self.stmt(stmt);
        }
        let mark = self.scope_marks.pop().unwrap_or(0);
        self.typer.vars.truncate(mark);
    }

    /// Binds a new name to a fresh slot.
    fn bind(&mut self, name: &ast::Ident, ty: Ty) -> usize {
        if let Some((_, slot, _)) = self
            .typer
            .vars
            .iter()
            .rev()
            .find(|(n, _, _)| *n == name.name)
        {
            self.typer.errors.push(CheckError::Duplicate {
                kind: "name",
                name: name.name.clone(),
                first: self.slots[*slot].span,
                second: name.span,
                help: "choose another name, or change the bound one with `set NAME = ...`",
            });
        }
        let reused = if self.repeat_depth > 0 {
            self.repeated_slots.get(&name.span.start).copied()
        } else {
            None
        };
        let slot = reused.unwrap_or_else(|| {
            self.slots.push(Named {
                name: name.name.clone(),
                span: name.span,
            });
            self.slots.len() - 1
        });
        if self.repeat_depth > 0 {
            self.repeated_slots.insert(name.span.start, slot);
        }
        self.shows.note_bound(&name.name);
        self.typer.vars.push((name.name.clone(), slot, ty));
        slot
    }

    /// `repeat N { ... }`, unrolled: the block compiled N times over the
    /// same slots. Errors of the block are reported from the first pass only.
    fn repeat(&mut self, r: &ast::RepeatStmt) {
        let count = (r.count, r.count_span);
        self.unrolled("repeat", count, r.span, |this| this.block(&r.body));
    }

    /// `while COND at most N { ... }`: the passes written out as `repeat`'s
    /// are, each run when the condition holds before it; the first pass
    /// whose condition fails jumps past them all (nothing ran since it last
    /// held, so it would fail again).
    fn while_stmt(&mut self, w: &ast::WhileStmt) {
        let mut branches = Vec::new();
        let count = (w.count, w.count_span);
        self.unrolled("at most", count, w.span, |this| {
            let cond = this.condition(&w.cond);
            branches.push(this.code.len());
            this.code.push(Instr::Branch { cond, otherwise: 0 });
            this.block(&w.body);
        });
        let end = self.code.len();
        for branch in branches {
            self.patch(branch, end);
        }
    }

    /// The passes of a loop written out, `pass` writing each: the count in
    /// range (an error naming the `words` before it otherwise, and no pass),
    /// each error told once (the first pass's), and the code the passes
    /// unroll to bounded (the steps of the shows are bounded apart:
    /// `shows`).
    fn unrolled(
        &mut self,
        words: &'static str,
        (count, count_span): (i64, ast::Span),
        span: ast::Span,
        mut pass: impl FnMut(&mut Self),
    ) {
        if !(1..=MAX_REPEAT).contains(&count) {
            self.typer.errors.push(CheckError::RepeatCount {
                words,
                count,
                span: count_span,
            });
            return;
        }
        self.repeat_depth += 1;
        for n in 0..count {
            let errors = self.typer.errors.len();
            pass(self);
            if n > 0 {
                self.typer.errors.truncate(errors);
            }
            if self.code.len() - self.shows.steps > MAX_CODE {
                self.typer.errors.push(CheckError::RepeatTooLong { span });
                break;
            }
        }
        self.repeat_depth -= 1;
    }

    fn condition(&mut self, e: &ast::Expr) -> Expr {
        let (x, t) = self.typer.expr(e);
        if t != Ty::Bool && t != Ty::Error {
            let help = if t == Ty::Int {
                number_as_condition(e)
            } else {
                "compare it: `total(x) > 7`, or test it: `x is 6-6`".to_string()
            };
            self.typer.errors.push(CheckError::Type {
                expected: "a condition",
                found: t.describe(),
                span: e.span,
                help: Some(help),
            });
        }
        x
    }

    fn stmt(&mut self, stmt: &Stmt) {
        let start = self.code.len();
        self.stmt_code(stmt);
        if self.code.len() > start {
            self.source_map.stmts.push((stmt.span(), start));
        }
    }

    fn stmt_code(&mut self, stmt: &Stmt) {
        match stmt {
            Stmt::Throw(t) => self.throw(t),
            Stmt::Draw(d) => self.draw(d),
            Stmt::Burn(b) => self.burn(b),
            Stmt::TurnUp(t) => self.turn_up(t),
            Stmt::Split(s) => self.split(s.span),
            Stmt::Let(l) => {
                let (value, ty) = self.typer.expr(&l.value);
                let slot = self.bind(&l.name, ty);
                self.code.push(Instr::Assign { slot, value });
            }
            Stmt::Set(l) => {
                let (value, ty) = self.typer.expr(&l.value);
                let found = self
                    .typer
                    .vars
                    .iter()
                    .rev()
                    .find(|(n, _, _)| *n == l.name.name)
                    .cloned();
                match found {
                    Some((_, slot, bound)) => {
                        // A condition set into a number counts 1 or 0.
                        let (value, ty) = match (bound, ty) {
                            (Ty::Int, Ty::Bool) => (as_number(value), Ty::Int),
                            _ => (value, ty),
                        };
                        let same = match (bound, ty) {
                            (Ty::Error, _) | (_, Ty::Error) => true,
                            (a, b) => a == b,
                        };
                        if !same {
                            self.typer.errors.push(CheckError::Type {
                                expected: bound.describe(),
                                found: ty.describe(),
                                span: l.value.span,
                                help: Some(format!(
                                    "`{}` was bound to {}",
                                    l.name.name,
                                    bound.describe()
                                )),
                            });
                        }
                        self.code.push(Instr::Assign { slot, value });
                    }
                    None => {
                        let known: Vec<String> =
                            self.typer.vars.iter().map(|(n, _, _)| n.clone()).collect();
                        let mut err = unknown("name", &l.name, known.iter().map(|s| s.as_str()));
                        if let CheckError::Unknown {
                            help: help @ None, ..
                        } = &mut err
                        {
                            *help = Some(format!(
                                "`set` changes a bound name; bind it first with `let {} = ...`",
                                l.name.name
                            ));
                        }
                        self.typer.errors.push(err);
                        // Bound from here on, so later uses are not reported too.
                        self.bind(&l.name, ty);
                    }
                }
            }
            Stmt::If(i) => self.if_stmt(i),
            Stmt::End(e) => self.end(e),
            Stmt::Compare(c) => self.compare(c),
            Stmt::Repeat(r) => self.repeat(r),
            Stmt::While(w) => self.while_stmt(w),
            Stmt::Choose(c) => self.choose(c),
        }
    }

    fn throw(&mut self, t: &ast::ThrowStmt) {
        self.thrown = true;
        let d = &t.dice;
        let (count, sides, span) = (d.count, d.sides, d.span);
        let mut ok = true;
        let many = crate::multiset::count(d.count, d.sides) > MAX_THROW_RESULTS;
        let too_wide = d.count as f64 * (d.sides as f64).log2() > MAX_THROW_BITS;
        if d.count == 0 {
            self.typer.errors.push(CheckError::NoDice { sides, span });
            ok = false;
        } else if d.sides == 0 {
            self.typer.errors.push(CheckError::NoSides { span });
            ok = false;
        } else if d.count > u64::from(u32::MAX) || (many && too_wide) {
            self.typer
                .errors
                .push(CheckError::TooManyResults { count, sides, span });
            ok = false;
        } else if too_wide {
            self.typer
                .errors
                .push(CheckError::TooManyOrdered { count, sides, span });
            ok = false;
        } else if d.count > MAX_THROW_DICE {
            self.typer
                .errors
                .push(CheckError::TooManyDice { count, sides, span });
            ok = false;
        } else if many {
            // Refused after projection unless only statistics are read.
            self.large_throws.push(LargeThrow {
                statement: t.span,
                count,
                sides,
                span,
            });
        }
        let ty = if ok {
            Ty::Pool {
                count: d.count as u32,
                sides: d.sides as u32,
                shoe: None,
            }
        } else {
            Ty::Error
        };
        self.scope_marks.push(self.typer.vars.len());
        let slot = self.bind(&t.name, ty);
        let until = t.until.as_ref().map(|u| self.condition(u));
        // The name stays bound after the statement: drop only the mark.
        self.scope_marks.pop();
        self.code.push(Instr::Throw(Throw {
            slot,
            count: d.count.min(u64::from(u32::MAX)) as u32,
            sides: d.sides.min(u64::from(u32::MAX)) as u32,
            observe: None,
            until,
            for_each_seat: t.for_each_seat,
            span: t.span,
        }));
    }

    fn if_stmt(&mut self, i: &ast::IfStmt) {
        let cond = match self.cell_condition(&i.cond) {
            Some(cond) => cond,
            None => self.condition(&i.cond),
        };
        let branch = self.code.len();
        self.code.push(Instr::Branch { cond, otherwise: 0 });
        self.source_map.ifs.push((i.span, branch));
        self.block(&i.then);
        match &i.otherwise {
            None => self.patch(branch, self.code.len()),
            Some(otherwise) => {
                let jump = self.code.len();
                self.code.push(Instr::Jump(0));
                self.patch(branch, self.code.len());
                match otherwise {
                    Else::If(next) => self.if_stmt(next),
                    Else::Block(b) => self.block(b),
                }
                let end = self.code.len();
                self.code[jump] = Instr::Jump(end);
            }
        }
    }

    fn patch(&mut self, branch: usize, target: usize) {
        if let Instr::Branch { otherwise, .. } = &mut self.code[branch] {
            *otherwise = target;
        }
    }

    /// `split`: a step that marks the round split (its flag, a slot of
    /// its own), the rest of the round's meaning given by
    /// [`crate::program::hands`]. Once in a round, outside a loop.
    fn split(&mut self, span: ast::Span) {
        let refused = |message: &str, other, help| CheckError::Split {
            message: message.to_string(),
            span,
            other,
            help,
        };
        if let Some(first) = &self.split {
            let error = refused(
                "a second `split` in the round",
                Some(first.span),
                "a hand is split once: after the split each hand plays on as one hand",
            );
            self.typer.errors.push(error);
            return;
        }
        if self.repeat_depth > 0 {
            let error = refused(
                "`split` inside a `repeat` or `while`",
                None,
                "split before the loop: the rest of the round, the loop included, is then played by each hand",
            );
            self.typer.errors.push(error);
            return;
        }
        let flag = self.slots.len();
        self.slots.push(Named {
            name: "(split)".to_string(),
            span,
        });
        self.split = Some(crate::program::Split {
            at: self.code.len(),
            flag,
            span,
            other: None,
            checks: Vec::new(),
        });
        self.code.push(Instr::Assign {
            slot: flag,
            value: Expr {
                kind: ExprKind::Bool(true),
                span,
            },
        });
    }

    fn end(&mut self, e: &ast::EndStmt) {
        let outcomes = self.typer.names.outcomes;
        match outcomes.iter().position(|o| o.name == e.outcome.name) {
            Some(outcome) => {
                self.shows
                    .at_end(&mut self.typer, &mut self.code, &mut self.slots, e.span);
                self.code.push(Instr::End { outcome });
            }
            // With no `outcomes` line at all, that one error says it.
            None if outcomes.is_empty() => {}
            None => self.typer.errors.push(unknown(
                "outcome",
                &e.outcome,
                outcomes.iter().map(|o| o.name.as_str()),
            )),
        }
    }

    fn compare(&mut self, c: &ast::CompareStmt) {
        // A condition compared counts 1 where it holds, 0 where it does not.
        let number = |(x, t): (Expr, Ty)| match t {
            Ty::Bool => (as_number(x), Ty::Int),
            _ => (x, t),
        };
        // Hands joined with `+` (`up + hole`) are a hand only as poker
        // reads them.
        let joins_hands = |typer: &mut Typer, e: &ast::Expr| {
            let mut parts = Vec::new();
            super::expand::joined(e, &mut parts);
            let errors = typer.errors.len();
            let hands =
                parts.len() > 1 && matches!(typer.expr(parts[0]).1, Ty::Pool { shoe: Some(_), .. });
            typer.errors.truncate(errors);
            hands
        };
        let joined =
            joins_hands(&mut self.typer, &c.left) || joins_hands(&mut self.typer, &c.right);
        // Two hands of cards compare as poker ranks them.
        let poker = |e: &ast::Expr| ast::Expr {
            kind: ast::ExprKind::Call {
                func: ast::Ident {
                    name: Builtin::Poker.name().to_string(),
                    span: e.span,
                },
                args: vec![e.clone()],
            },
            span: e.span,
        };
        let hand = |t: Ty| matches!(t, Ty::Pool { shoe: Some(_), .. });
        let ((mut left, mut lt), (mut right, mut rt)) = match joined {
            true => (
                self.typer.expr(&poker(&c.left)),
                self.typer.expr(&poker(&c.right)),
            ),
            false => (
                number(self.typer.expr(&c.left)),
                number(self.typer.expr(&c.right)),
            ),
        };
        if !joined && hand(lt) && hand(rt) {
            (left, lt) = self.typer.expr(&poker(&c.left));
            (right, rt) = self.typer.expr(&poker(&c.right));
        }
        for (e, t) in [(&c.left, lt), (&c.right, rt)] {
            if t != Ty::Int && t != Ty::Error {
                self.typer.errors.push(CheckError::Type {
                    expected: "a number",
                    found: t.describe(),
                    span: e.span,
                    help: Some(
                        "`compare` orders two numbers (`compare total(a) with total(b)`), or two \
                         hands of cards as poker ranks them"
                            .to_string(),
                    ),
                });
            }
        }
        let mut arms: [Option<&ast::CompareArm>; 3] = [None, None, None];
        for arm in &c.arms {
            let index = match arm.side {
                Side::Higher => 0,
                Side::Equal => 1,
                Side::Lower => 2,
            };
            if let Some(first) = arms[index] {
                self.typer.errors.push(CheckError::Duplicate {
                    kind: "compare arm",
                    name: format!("{:?}", arm.side).to_lowercase(),
                    first: first.side_span,
                    second: arm.side_span,
                    help: "each of `higher`, `equal` and `lower` appears at most once",
                });
            } else {
                arms[index] = Some(arm);
            }
        }
        let test = |op, span| Expr {
            kind: ExprKind::Cmp(op, Box::new(left.clone()), Box::new(right.clone())),
            span,
        };
        let mut jumps_to_end = Vec::new();
        let mut branches = [0; 2];
        for (i, (op, arm)) in [(Cmp::Gt, arms[0]), (Cmp::Eq, arms[1])]
            .into_iter()
            .enumerate()
        {
            let branch = self.code.len();
            branches[i] = branch;
            self.code.push(Instr::Branch {
                cond: test(op, c.span),
                otherwise: 0,
            });
            if let Some(arm) = arm {
                self.block(&arm.body);
            }
            jumps_to_end.push(self.code.len());
            self.code.push(Instr::Jump(0));
            self.patch(branch, self.code.len());
        }
        self.source_map
            .compares
            .push((c.span, branches[0], branches[1]));
        if let Some(arm) = arms[2] {
            self.block(&arm.body);
        }
        let end = self.code.len();
        for j in jumps_to_end {
            self.code[j] = Instr::Jump(end);
        }
    }
}
