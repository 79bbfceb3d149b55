//! Compiling the round's statements into instructions with jumps.
//!
//! `let` and `throw` bind a new name for the rest of their block; a name may
//! not be bound twice while it is visible. `compare` becomes two branches.

use std::collections::BTreeSet;

use super::expr::{as_number, number_as_condition, Names, Ty, Typer};
use super::items::unknown;
use super::shows::Shows;
use super::CheckError;
use crate::ast::{self, Else, Side, Stmt};
use crate::program::builtin::{Builtin, MAX_FACE};
use crate::program::{Choice, Cmp, Decision, Expr, ExprKind, Instr, Named, Shoe, SourceMap};

/// The largest number of distinct results one throw may have (multisets of
/// its faces); bigger pools are refused before any evaluation starts.
pub const MAX_THROW_RESULTS: u64 = 1_000_000;

/// The most bits `sides^count`, a throw's number of ordered results, may
/// have: the exact weights of a round grow with it (4096 bits is 1584d6).
pub const MAX_THROW_BITS: f64 = 4096.0;

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
}

/// The most times one `repeat` may run its block.
pub const MAX_REPEAT: i64 = 10_000;

/// The most instructions a round may compile to, once repeats are unrolled.
pub const MAX_CODE: usize = 200_000;

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
    source_map: SourceMap,
    shows: Shows<'s>,
}

/// The most sides that may choose in one round.
pub const MAX_SIDES: usize = 2;

/// The most options one `choose` may offer.
pub const MAX_OPTIONS: i64 = 1_000;

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
        source_map: SourceMap::default(),
        shows,
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
    // A round whose one choice is made first, knowing nothing, evaluates
    // once per option: an announced choice.
    let mut choice = None;
    if let (Some((pc, announced)), 1) = (c.announced.take(), c.decisions.len()) {
        c.code[pc] = Instr::Choose {
            slot: announced.slot,
        };
        choice = Some(announced);
        c.decisions.clear();
        c.sides.clear();
    }
    Compiled {
        code: c.code,
        slots: c.slots,
        cards_read: c.typer.cards_read,
        top_level: c.typer.vars,
        choice,
        decisions: c.decisions,
        sides: c.sides,
        source_map: c.source_map,
        turn_ups: c.turn_ups,
        shows: c.shows,
    }
}

/// Makes each shoe tell apart the ranks and suits the round reads of its
/// cards, and checks each draw's hands against the bound again: a hand of
/// five cards known by rank and suit has far more results than one of five
/// card values.
pub(super) fn tell_apart(
    shoes: &mut [Shoe],
    cards_read: &[(bool, bool)],
    code: &[Instr],
    errors: &mut Vec<CheckError>,
) {
    for (shoe, &(rank, suit)) in shoes.iter_mut().zip(cards_read) {
        if rank || suit {
            shoe.tell_apart(rank, suit);
        }
    }
    for instr in code {
        let Instr::Draw {
            count, shoe, span, ..
        } = instr
        else {
            continue;
        };
        // A draw from a shoe of cards alike but for their values was
        // checked as it was compiled.
        let told_apart = cards_read.get(*shoe).is_some_and(|&(r, s)| r || s);
        let kinds = shoes.get(*shoe).map_or(0, |s| s.kinds.len()) as u64;
        if told_apart && throw_results(u64::from(*count), kinds) > MAX_THROW_RESULTS {
            errors.push(CheckError::DrawHands {
                count: i64::from(*count),
                span: *span,
            });
        }
    }
}

/// `for each seat` deals each seat a hand at a table where every seat plays
/// its own round against the table's cards: not a round of dice (the
/// table's throws would differ from seat to seat), nor a table where the
/// largest stake plays one hand for everyone.
pub(super) fn seat_hands(
    code: &[Instr],
    banking: &crate::program::Banking,
    errors: &mut Vec<CheckError>,
) {
    let Some(span) = code.iter().find_map(|i| match i {
        Instr::Draw {
            for_each_seat: true,
            span,
            ..
        } => Some(*span),
        _ => None,
    }) else {
        return;
    };
    let (reason, help) = if code.iter().any(|i| matches!(i, Instr::Throw { .. })) {
        (
            "the round throws dice, which every seat would have to share",
            "deal the hand to the table (leave out `for each seat`), or leave the dice out",
        )
    } else if banking.largest_stake_chooses {
        (
            "`choices by the largest stake` plays one hand for every seat",
            "leave out `for each seat`, or let each seat choose (`choices by each seat`)",
        )
    } else {
        return;
    };
    errors.push(CheckError::SeatHands { reason, help, span });
}

/// How many multisets `count` dice of `sides` sides can show, saturating.
pub fn throw_results(count: u64, sides: u64) -> u64 {
    // C(count + sides - 1, sides - 1), computed incrementally.
    let k = sides.saturating_sub(1).min(count);
    let n = count.saturating_add(sides).saturating_sub(1);
    let mut result: u128 = 1;
    for i in 0..k {
        result = result * u128::from(n - i) / u128::from(i + 1);
        if result > u128::from(u64::MAX) {
            return u64::MAX;
        }
    }
    result as u64
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

    /// `choose NAME from OPTIONS by BET [knowing ...]`: a decision of the
    /// bettor of BET. Made first in the round, knowing nothing, it may be
    /// an announced choice (see `compile`).
    fn choose(&mut self, c: &ast::ChooseStmt) {
        let may_announce = self.scope_marks.is_empty()
            && self.repeat_depth == 0
            && !self.thrown
            && c.knowing.is_none()
            && c.labels.is_empty()
            && c.faces.is_none()
            && self.decisions.is_empty();
        let mut values = Vec::new();
        let mut labels = Vec::new();
        for k in &c.options {
            if k.lo > k.hi || k.hi.saturating_sub(k.lo) >= MAX_OPTIONS {
                self.typer.errors.push(CheckError::OptionsRange {
                    options: crate::ast::print::key(k),
                    span: c.span,
                });
                return;
            }
            for v in k.lo..=k.hi {
                if !values.contains(&v) {
                    values.push(v);
                    labels.push(v.to_string());
                }
            }
        }
        for (i, label) in c.labels.iter().enumerate() {
            if let Some(first) = c.labels[..i].iter().find(|l| l.name == label.name) {
                self.typer.errors.push(CheckError::Duplicate {
                    kind: "option",
                    name: label.name.clone(),
                    first: first.span,
                    second: label.span,
                    help: "each option is listed once",
                });
                continue;
            }
            values.push(labels.len() as i64);
            labels.push(label.name.clone());
        }
        if values.len() > MAX_OPTIONS as usize {
            self.typer
                .errors
                .push(CheckError::TooManyOptions { span: c.span });
            return;
        }
        let shown = match &c.faces {
            Some(throw) => match self.faces_offered(throw) {
                Some((throw_slot, faces)) => {
                    labels = faces.iter().map(i64::to_string).collect();
                    values = faces;
                    Some(throw_slot)
                }
                None => {
                    // Reported: the name is still bound, for what follows.
                    self.bind(&c.name, Ty::Error);
                    return;
                }
            },
            None => None,
        };
        // A choice among the faces shown sees them: it may say nothing more.
        let mut knowing = self.knowing(c, may_announce || self.code.is_empty() || shown.is_some());
        let ty = if c.labels.is_empty() {
            Ty::Int
        } else {
            self.typer.labels.push(labels.clone());
            Ty::Label(self.typer.labels.len() - 1)
        };
        let slot = self.bind(&c.name, ty);
        if may_announce {
            self.announced = Some((
                self.code.len(),
                Choice {
                    name: c.name.name.clone(),
                    by: c.by.name.clone(),
                    slot,
                    options: values.clone(),
                    span: c.span,
                },
            ));
        }
        let decision = self.decide(
            &c.by,
            Decision {
                name: c.name.name.clone(),
                side: 0,
                options: labels,
                values,
                knowing: knowing.iter().map(|(n, _)| n.clone()).collect(),
                faces: c.faces.as_ref().map(|t| t.name.clone()),
                span: c.span,
            },
        );
        if let (Some(throw_slot), Some(t)) = (shown, &c.faces) {
            // The faces shown, as a mask in a hidden slot read last: the
            // chooser sees them, and they are its options there.
            let name = format!("faces({})", t.name);
            self.slots.push(Named { name, span: c.span });
            let mask = self.slots.len() - 1;
            let throw = Expr {
                kind: ExprKind::Slot(throw_slot),
                span: t.span,
            };
            self.code.push(Instr::Assign {
                slot: mask,
                value: Expr {
                    kind: ExprKind::Call(Builtin::Faces, Box::new([throw])),
                    span: c.span,
                },
            });
            knowing.push((String::new(), mask));
        }
        self.code.push(Instr::Decide {
            decision,
            slot,
            knowing: knowing.into_iter().map(|(_, s)| s).collect(),
        });
    }

    /// `from faces(T)`: the slot of throw or hand `T` and every face it may
    /// show, ascending (a die's faces, or the values of its shoe's cards);
    /// `None` after reporting a name that is no throw, or a face beyond
    /// what the set holds.
    fn faces_offered(&mut self, throw: &ast::Ident) -> Option<(usize, Vec<i64>)> {
        let Some((slot, ty)) = self.typer.lookup(&throw.name) else {
            let visible: Vec<&str> = self.typer.vars.iter().map(|(n, _, _)| n.as_str()).collect();
            self.typer.errors.push(unknown("name", throw, visible));
            return None;
        };
        let faces: Vec<i64> = match ty {
            Ty::Pool {
                sides, shoe: None, ..
            } => (1..=i64::from(sides)).collect(),
            Ty::Pool { shoe: Some(i), .. } => {
                let ranks = self.typer.names.shoes[i].ranks;
                let values: BTreeSet<i64> = ranks.iter().map(|&v| i64::from(v)).collect();
                values.into_iter().collect()
            }
            Ty::Error => return None,
            other => {
                self.typer.errors.push(CheckError::Type {
                    expected: "a throw or a hand",
                    found: other.describe(),
                    span: throw.span,
                    help: Some("`faces(T)` offers the faces a throw or hand `T` shows".to_string()),
                });
                return None;
            }
        };
        let largest = faces.last().copied().unwrap_or(0);
        if largest > i64::from(MAX_FACE) {
            self.typer.errors.push(CheckError::FacesTooLarge {
                throw: throw.name.clone(),
                largest,
                span: throw.span,
            });
            return None;
        }
        Some((slot, faces))
    }

    /// What a chooser sees: the names after `knowing`, each (name, slot).
    /// Only a choice made `first` in the round, before anything else, may
    /// leave it out: it knows nothing.
    fn knowing(&mut self, c: &ast::ChooseStmt, first: bool) -> Vec<(String, usize)> {
        let seen = |t: Ty| matches!(t, Ty::Int | Ty::Bool | Ty::Label(_) | Ty::Error);
        let Some(k) = &c.knowing else {
            if !first {
                self.typer.errors.push(CheckError::ChooserSeesNothing {
                    name: c.name.name.clone(),
                    by: c.by.name.clone(),
                    span: c.span,
                });
            }
            return Vec::new();
        };
        let mut known = Vec::new();
        for name in &k.names {
            match self.typer.lookup(&name.name) {
                Some((slot, ty)) if seen(ty) => known.push((name.name.clone(), slot)),
                Some((_, ty)) => self.typer.errors.push(CheckError::Type {
                    expected: "a number, a condition or a choice",
                    found: ty.describe(),
                    span: name.span,
                    help: Some(
                        "a chooser knows values: bind what it sees of a throw or hand first, `let mine = total(hand) mod 10`"
                            .to_string(),
                    ),
                }),
                None => {
                    let visible: Vec<&str> =
                        self.typer.vars.iter().map(|(n, _, _)| n.as_str()).collect();
                    self.typer.errors.push(unknown("name", name, visible));
                }
            }
        }
        known
    }

    /// Records a decision of the bettor of `by`; returns its index.
    fn decide(&mut self, by: &ast::Ident, mut decision: Decision) -> usize {
        decision.side = match self.sides.iter().position(|s| s.name == by.name) {
            Some(i) => i,
            None => {
                if self.sides.len() == MAX_SIDES {
                    self.typer.errors.push(CheckError::ThirdSide {
                        side: by.name.clone(),
                        sides: self.sides.iter().map(|s| s.name.clone()).collect(),
                        span: by.span,
                    });
                }
                self.sides.push(by.clone());
                self.sides.len() - 1
            }
        };
        self.decisions.push(decision);
        self.decisions.len() - 1
    }

    /// `if table(row, column) { ... }` on a table with `?` cells: the cell
    /// is looked up (and, at a `?`, chosen) into a hidden slot, which the
    /// branch then tests. `None` when the condition is anything else.
    fn cell_condition(&mut self, cond: &ast::Expr) -> Option<Expr> {
        let ast::ExprKind::Call { func, args } = &cond.kind else {
            return None;
        };
        let names = self.typer.names;
        let table = names
            .tables
            .iter()
            .position(|t| t.name == func.name && t.has_choices())?;
        if args.len() != 2 {
            // The typer reports it.
            return None;
        }
        let t = &names.tables[table];
        let (row, _) = self.typer.typed(&args[0], Ty::Int);
        let (column, _) = self.typer.typed(&args[1], Ty::Int);
        let Some(by) = &t.decided_by else {
            // The table's own check reports the missing `decided by`.
            return Some(Expr {
                kind: ExprKind::Bool(false),
                span: cond.span,
            });
        };
        let by = ast::Ident {
            name: by.name.clone(),
            span: by.span,
        };
        let decision = self.decide(
            &by,
            Decision {
                name: t.name.clone(),
                side: 0,
                options: vec!["draw".to_string(), "stand".to_string()],
                values: vec![1, 0],
                knowing: vec![t.keys.0.clone(), t.keys.1.clone()],
                faces: None,
                span: cond.span,
            },
        );
        // Hidden, named after the table for messages.
        self.slots.push(Named {
            name: t.name.clone(),
            span: cond.span,
        });
        let slot = self.slots.len() - 1;
        self.code.push(Instr::Cell {
            table,
            decision,
            row,
            column,
            slot,
            span: cond.span,
        });
        Some(Expr {
            kind: ExprKind::Slot(slot),
            span: cond.span,
        })
    }

    /// `repeat N { ... }`, unrolled: the block compiled N times over the
    /// same slots. Errors of the block are reported from the first pass only.
    fn repeat(&mut self, r: &ast::RepeatStmt) {
        if !(1..=MAX_REPEAT).contains(&r.count) {
            self.typer.errors.push(CheckError::RepeatCount {
                count: r.count,
                span: r.count_span,
            });
            return;
        }
        self.repeat_depth += 1;
        for pass in 0..r.count {
            let errors = self.typer.errors.len();
            self.block(&r.body);
            if pass > 0 {
                self.typer.errors.truncate(errors);
            }
            // The steps of the shows are bounded apart (`shows`).
            if self.code.len() - self.shows.steps > MAX_CODE {
                self.typer
                    .errors
                    .push(CheckError::RepeatTooLong { span: r.span });
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
            Stmt::Choose(c) => self.choose(c),
        }
    }

    fn throw(&mut self, t: &ast::ThrowStmt) {
        self.thrown = true;
        let d = &t.dice;
        let (count, sides, span) = (d.count, d.sides, d.span);
        let mut ok = true;
        if d.count == 0 {
            self.typer.errors.push(CheckError::NoDice { sides, span });
            ok = false;
        } else if d.sides == 0 {
            self.typer.errors.push(CheckError::NoSides { span });
            ok = false;
        } else if throw_results(d.count, d.sides) > MAX_THROW_RESULTS
            || d.count > u64::from(u32::MAX)
        {
            self.typer
                .errors
                .push(CheckError::TooManyResults { count, sides, span });
            ok = false;
        } else if d.count as f64 * (d.sides as f64).log2() > MAX_THROW_BITS {
            self.typer
                .errors
                .push(CheckError::TooManyOrdered { count, sides, span });
            ok = false;
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
        self.code.push(Instr::Throw {
            slot,
            count: d.count.min(u64::from(u32::MAX)) as u32,
            sides: d.sides.min(u64::from(u32::MAX)) as u32,
            observe: None,
            until,
            span: t.span,
        });
    }

    /// `draw NAME = N from SHOE`: a hand of N cards, dealt from what the
    /// round has left in the shoe.
    fn draw(&mut self, d: &ast::DrawStmt) {
        self.thrown = true;
        let names = self.typer.names;
        let shoe = names.shoes.iter().position(|s| s.name == d.shoe.name);
        let mut ty = Ty::Error;
        match shoe {
            None => {
                let known = names.shoes.iter().map(|s| s.name.as_str());
                self.typer
                    .errors
                    .push(unknown("shoe", &d.shoe, known.collect::<Vec<_>>()));
            }
            Some(i) => {
                let cards = names.shoes[i]
                    .decks
                    .map_or(i64::MAX, |decks| 52 * i64::from(decks));
                let kinds = names.shoes[i].kinds.len() as u64;
                if d.count < 1 || d.count > cards.min(MAX_DRAW) {
                    self.typer.errors.push(CheckError::DrawCount {
                        count: d.count,
                        most: cards.min(MAX_DRAW),
                        span: d.count_span,
                    });
                } else if throw_results(d.count as u64, kinds) > MAX_THROW_RESULTS {
                    self.typer.errors.push(CheckError::DrawHands {
                        count: d.count,
                        span: d.count_span,
                    });
                } else {
                    ty = Ty::Pool {
                        count: d.count as u32,
                        sides: 0,
                        shoe: Some(i),
                    };
                }
            }
        }
        let dealt = match shoe {
            Some(i) => *self.dealt[i].get_or_insert_with(|| {
                // Hidden: named after the shoe, for messages.
                self.slots.push(Named {
                    name: d.shoe.name.clone(),
                    span: d.shoe.span,
                });
                self.slots.len() - 1
            }),
            None => 0,
        };
        let slot = self.bind(&d.name, ty);
        if d.face_down {
            self.face_down.push(slot);
        }
        self.code.push(Instr::Draw {
            slot,
            count: d.count.clamp(0, MAX_DRAW) as u32,
            shoe: shoe.unwrap_or(0),
            dealt,
            face_down: d.face_down,
            for_each_seat: d.for_each_seat,
            span: d.span,
        });
    }

    /// `turn up NAME`: a hand dealt face down shown to the table before the
    /// next step. Compiled to nothing the evaluation runs: it changes what
    /// the table sees, not the round.
    fn turn_up(&mut self, t: &ast::TurnUpStmt) {
        let Some((slot, _)) = self.typer.lookup(&t.name.name) else {
            let known: Vec<&str> = self.typer.vars.iter().map(|v| v.0.as_str()).collect();
            let error = unknown("name", &t.name, known);
            self.typer.errors.push(error);
            return;
        };
        if !self.face_down.contains(&slot) {
            self.typer.errors.push(CheckError::NotFaceDown {
                name: t.name.name.clone(),
                span: t.name.span,
            });
            return;
        }
        self.turn_ups.push((self.code.len(), slot));
    }

    /// `burn N from SHOE`: checked as a draw's count and shoe are, and
    /// compiled to nothing. The burned cards are seen by no one, and the
    /// cards of a shoe are exchangeable: given what has been seen, the
    /// cards dealt after a burn have the chances they would have without
    /// it, so neither the evaluation nor the table need deal them.
    fn burn(&mut self, b: &ast::BurnStmt) {
        let names = self.typer.names;
        match names.shoes.iter().position(|s| s.name == b.shoe.name) {
            None => {
                let known = names.shoes.iter().map(|s| s.name.as_str());
                self.typer
                    .errors
                    .push(unknown("shoe", &b.shoe, known.collect::<Vec<_>>()));
            }
            Some(i) => {
                let cards = names.shoes[i]
                    .decks
                    .map_or(i64::MAX, |decks| 52 * i64::from(decks));
                if b.count < 1 || b.count > cards.min(MAX_DRAW) {
                    self.typer.errors.push(CheckError::DrawCount {
                        count: b.count,
                        most: cards.min(MAX_DRAW),
                        span: b.count_span,
                    });
                }
            }
        }
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
        let (left, lt) = number(self.typer.expr(&c.left));
        let (right, rt) = number(self.typer.expr(&c.right));
        for (e, t) in [(&c.left, lt), (&c.right, rt)] {
            if t != Ty::Int && t != Ty::Error {
                self.typer.errors.push(CheckError::Type {
                    expected: "a number",
                    found: t.describe(),
                    span: e.span,
                    help: Some(
                        "`compare` orders two numbers: `compare total(a) with total(b)`"
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

#[cfg(test)]
mod tests {
    use super::throw_results;

    #[test]
    fn counts_multisets() {
        assert_eq!(throw_results(2, 6), 21);
        assert_eq!(throw_results(10, 6), 3003);
        assert_eq!(throw_results(1, 20), 20);
        assert!(throw_results(1_000_000, 6) > 1_000_000);
    }
}
