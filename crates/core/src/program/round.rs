//! The round as the checker compiles it: a flat list of instructions with
//! jumps over numbered slots, and the typed expressions they evaluate.

use smallvec::SmallVec;

use super::builtin::Builtin;
use crate::ast::Span;

/// One step of the round.
#[derive(Clone, Debug)]
pub enum Instr {
    /// Throw dice (see [`Throw`]).
    Throw(Throw),
    /// Deal cards (see [`Draw`]).
    Draw(Draw),
    /// Bind `slot` to a value.
    Assign {
        slot: usize,
        value: Expr,
    },
    /// Go on when `cond` holds, else jump to `otherwise`.
    Branch {
        cond: Expr,
        otherwise: usize,
    },
    Jump(usize),
    /// The side named in `choice` picks a value for `slot`.
    Choose {
        slot: usize,
    },
    /// `decisions[decision]`'s side picks an option for `slot`, seeing the
    /// values of `knowing`.
    Decide {
        decision: usize,
        slot: usize,
        knowing: Vec<usize>,
    },
    /// `if table(row, column)` on a table with `?` cells: `slot` is true
    /// where the cell draws; at a `?` cell, `decisions[decision]`'s side
    /// picks, seeing the row and column values.
    Cell {
        table: usize,
        decision: usize,
        row: Expr,
        column: Expr,
        slot: usize,
        span: Span,
    },
    /// The round ends with this outcome.
    End {
        outcome: usize,
    },
    /// The round's last statement ran without an `end`.
    Finish,
}

/// Throw `count` dice of `sides` sides into `slot`; with `until`, throw
/// again until the condition holds.
#[derive(Clone, Debug)]
pub struct Throw {
    pub slot: usize,
    pub count: u32,
    pub sides: u32,
    /// What the round reads of this throw, when it reads only functions
    /// of it; `None` when it sees the throw whole.
    pub observe: Option<Projection>,
    pub until: Option<Expr>,
    /// `for each seat`: at a table, every seat's run throws these dice
    /// for itself (see [`Program::runs_for_each_seat`](super::Program::runs_for_each_seat)).
    pub for_each_seat: bool,
    pub span: Span,
}

/// Deal `count` cards from shoe `shoe` into `slot`, a hand of their
/// values. `dealt` holds the cards the round has dealt from the shoe so
/// far (counts of its kinds packed in a number, or the kinds, sorted);
/// an infinite shoe does not need it.
#[derive(Clone, Debug)]
pub struct Draw {
    pub slot: usize,
    pub count: u32,
    pub shoe: usize,
    pub dealt: usize,
    /// Dealt `face down`: a table turns the cards up when the round
    /// ends (the evaluation reads them as any others).
    pub face_down: bool,
    /// `for each seat`: at a table each seat is dealt a hand of its
    /// own here; the other draws are the table's, one for all.
    pub for_each_seat: bool,
    pub span: Span,
}

impl Instr {
    /// The throw this step is, if it is one.
    #[inline]
    pub fn as_throw(&self) -> Option<&Throw> {
        match self {
            Instr::Throw(throw) => Some(throw),
            _ => None,
        }
    }

    /// The draw this step is, if it is one.
    #[inline]
    pub fn as_draw(&self) -> Option<&Draw> {
        match self {
            Instr::Draw(draw) => Some(draw),
            _ => None,
        }
    }

    /// Whether the step waits for chance's dice or cards (a throw or a
    /// draw): where the exact evaluator's states meet.
    #[inline]
    pub fn waits(&self) -> bool {
        matches!(self, Instr::Throw(_) | Instr::Draw(_))
    }

    /// Whether the round ends at this step.
    #[inline]
    pub fn ends(&self) -> bool {
        matches!(self, Instr::End { .. } | Instr::Finish)
    }

    /// Whether a side may pick at this step (a choice, a decision, or a
    /// draw table's cell, which may be a `?`).
    #[inline]
    pub fn picks(&self) -> bool {
        matches!(
            self,
            Instr::Choose { .. } | Instr::Decide { .. } | Instr::Cell { .. }
        )
    }

    /// For a throw or a draw: whether each seat makes it for itself (`for
    /// each seat`), and its span.
    #[inline]
    pub fn chance(&self) -> Option<(bool, Span)> {
        match self {
            Instr::Throw(t) => Some((t.for_each_seat, t.span)),
            Instr::Draw(d) => Some((d.for_each_seat, d.span)),
            _ => None,
        }
    }

    /// A `let` or `set`: the slot bound and its expression.
    #[inline]
    pub fn as_assign(&self) -> Option<(usize, &Expr)> {
        match self {
            Instr::Assign { slot, value } => Some((*slot, value)),
            _ => None,
        }
    }

    /// The expression a `let` or `set` binds, to change in place.
    pub fn assigned_mut(&mut self) -> Option<&mut Expr> {
        match self {
            Instr::Assign { value, .. } => Some(value),
            _ => None,
        }
    }

    /// A `let` of `slot` to `value`.
    pub fn assign(slot: usize, value: Expr) -> Instr {
        Instr::Assign { slot, value }
    }

    /// A draw.
    pub fn draw(draw: Draw) -> Instr {
        Instr::Draw(draw)
    }

    /// Whether the round ran to its last statement without an `end`.
    #[inline]
    pub fn finishes(&self) -> bool {
        matches!(self, Instr::Finish)
    }

    /// For a draw table's cell: the table, and the row's and the
    /// column's expressions.
    #[inline]
    pub fn as_cell(&self) -> Option<(usize, &Expr, &Expr)> {
        match self {
            Instr::Cell {
                table, row, column, ..
            } => Some((*table, row, column)),
            _ => None,
        }
    }

    /// The slots the step writes: a throw's and its observations', a
    /// draw's hand and the cards dealt, the name a `let`, `set`, choice or
    /// cell binds.
    pub fn writes(&self) -> Vec<usize> {
        match self {
            Instr::Draw(d) => vec![d.slot, d.dealt],
            Instr::Throw(t) => std::iter::once(t.slot)
                .chain(
                    t.observe
                        .iter()
                        .flat_map(|p| p.observations.iter().map(|(s, _)| *s)),
                )
                .collect(),
            Instr::Assign { slot, .. }
            | Instr::Choose { slot }
            | Instr::Decide { slot, .. }
            | Instr::Cell { slot, .. } => vec![*slot],
            Instr::Branch { .. } | Instr::Jump(_) | Instr::End { .. } | Instr::Finish => Vec::new(),
        }
    }

    /// The slots a decision's chooser knows (none for another step).
    pub fn knows(&self) -> &[usize] {
        match self {
            Instr::Decide { knowing, .. } => knowing,
            _ => &[],
        }
    }

    /// The expression a `let` or `set` binds, or a branch tests.
    #[inline]
    pub fn expr(&self) -> Option<&Expr> {
        match self {
            Instr::Assign { value: e, .. } | Instr::Branch { cond: e, .. } => Some(e),
            _ => None,
        }
    }

    /// Every expression the step evaluates: a `let`'s or a branch's, a
    /// draw table's row and column, a throw's `until` and observations.
    pub fn exprs(&self) -> SmallVec<[&Expr; 2]> {
        let mut out: SmallVec<[&Expr; 2]> = self.expr().into_iter().collect();
        if let Some((_, row, column)) = self.as_cell() {
            out.extend([row, column]);
        }
        if let Some(t) = self.as_throw() {
            out.extend(t.until.as_ref());
            out.extend(
                t.observe
                    .iter()
                    .flat_map(|p| p.observations.iter().map(|(_, e)| e)),
            );
        }
        out
    }

    /// Where the step may go other than on to the next: a branch's
    /// `otherwise`, a jump's target.
    #[inline]
    pub fn jumps_to(&self) -> Option<usize> {
        match self {
            Instr::Branch { otherwise, .. } => Some(*otherwise),
            Instr::Jump(target) => Some(*target),
            _ => None,
        }
    }
}

/// The observations of a projected throw. Each is stored in its own slot
/// when the dice are thrown, and the round reads that slot wherever it
/// wrote the expression; the throw's own slot is then never read.
#[derive(Clone, Debug, PartialEq)]
pub struct Projection {
    /// (slot, expression over the throw and the context).
    pub observations: Vec<(usize, Expr)>,
    /// The slots other than the throw's that the expressions read, in order.
    pub context: Vec<usize>,
}

/// A typed expression over slots.
#[derive(Clone, Debug, PartialEq)]
pub struct Expr {
    pub kind: ExprKind,
    pub span: Span,
}

impl Expr {
    /// The sub-expressions, in order, to change in place.
    pub fn children_mut(&mut self) -> impl Iterator<Item = &mut Expr> {
        let (a, b, args): (Option<&mut Expr>, Option<&mut Expr>, &mut [Expr]) = match &mut self.kind
        {
            ExprKind::Int(_) | ExprKind::Bool(_) | ExprKind::Slot(_) => (None, None, &mut []),
            ExprKind::Not(a)
            | ExprKind::Neg(a)
            | ExprKind::Number(a)
            | ExprKind::Matches(a, _)
            | ExprKind::In(a, _) => (Some(a), None, &mut []),
            ExprKind::Arith(_, a, b)
            | ExprKind::Cmp(_, a, b)
            | ExprKind::And(a, b)
            | ExprKind::Or(a, b)
            | ExprKind::Table(_, a, b) => (Some(a), Some(b), &mut []),
            ExprKind::Call(_, args) => (None, None, args),
        };
        a.into_iter().chain(b).chain(args)
    }

    /// Each read of a slot of `by` replaced by its expression.
    pub fn substitute(&mut self, by: &[(usize, Expr)]) {
        if let ExprKind::Slot(s) = self.kind {
            if let Some((_, e)) = by.iter().find(|(slot, _)| *slot == s) {
                *self = e.clone();
            }
            return;
        }
        for child in self.children_mut() {
            child.substitute(by);
        }
    }

    /// A name: `slot` read at `span`.
    pub fn slot(slot: usize, span: Span) -> Expr {
        Expr {
            kind: ExprKind::Slot(slot),
            span,
        }
    }

    /// A whole number, written at `span`.
    pub fn int(n: i64, span: Span) -> Expr {
        Expr {
            kind: ExprKind::Int(n),
            span,
        }
    }

    /// The slot read, where the expression is a name alone.
    #[inline]
    pub fn as_slot(&self) -> Option<usize> {
        match self.kind {
            ExprKind::Slot(s) => Some(s),
            _ => None,
        }
    }

    /// A comparison: its operator and its two sides.
    #[inline]
    pub fn as_cmp(&self) -> Option<(Cmp, &Expr, &Expr)> {
        match &self.kind {
            ExprKind::Cmp(op, a, b) => Some((*op, a, b)),
            _ => None,
        }
    }

    /// The same call of `builtin` with `args`, at the same place.
    pub fn call(builtin: Builtin, args: Vec<Expr>, span: Span) -> Expr {
        Expr {
            kind: ExprKind::Call(builtin, args.into()),
            span,
        }
    }

    /// A call of a built-in: the built-in and its arguments.
    #[inline]
    pub fn as_call(&self) -> Option<(Builtin, &[Expr])> {
        match &self.kind {
            ExprKind::Call(b, args) => Some((*b, args)),
            _ => None,
        }
    }

    /// A draw table's cell: the table, the row's and the column's
    /// expressions.
    #[inline]
    pub fn as_table(&self) -> Option<(usize, &Expr, &Expr)> {
        match &self.kind {
            ExprKind::Table(t, row, column) => Some((*t, row, column)),
            _ => None,
        }
    }

    /// Whether the expression reads `slot`, anywhere in it.
    pub fn reads(&self, slot: usize) -> bool {
        matches!(self.kind, ExprKind::Slot(s) if s == slot)
            || self.children().any(|c| c.reads(slot))
    }

    /// Adds the slots the expression reads.
    pub fn slots_read(&self, out: &mut Vec<usize>) {
        if let ExprKind::Slot(s) = self.kind {
            out.push(s);
        }
        for child in self.children() {
            child.slots_read(out);
        }
    }

    /// How many nodes the expression has.
    pub fn nodes(&self) -> usize {
        1 + self.children().map(Expr::nodes).sum::<usize>()
    }

    /// The sub-expressions, in order.
    pub fn children(&self) -> impl Iterator<Item = &Expr> {
        let (a, b, args): (Option<&Expr>, Option<&Expr>, &[Expr]) = match &self.kind {
            ExprKind::Int(_) | ExprKind::Bool(_) | ExprKind::Slot(_) => (None, None, &[]),
            ExprKind::Not(a)
            | ExprKind::Neg(a)
            | ExprKind::Number(a)
            | ExprKind::Matches(a, _)
            | ExprKind::In(a, _) => (Some(a), None, &[]),
            ExprKind::Arith(_, a, b)
            | ExprKind::Cmp(_, a, b)
            | ExprKind::And(a, b)
            | ExprKind::Or(a, b)
            | ExprKind::Table(_, a, b) => (Some(a), Some(b), &[]),
            ExprKind::Call(_, args) => (None, None, args),
        };
        a.into_iter().chain(b).chain(args)
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum ExprKind {
    Int(i64),
    Bool(bool),
    Slot(usize),
    Not(Box<Expr>),
    Neg(Box<Expr>),
    /// A condition used where a number is wanted (`(a > b) + (c > d)`):
    /// 1 where it holds, 0 where it does not. The checker wraps a condition
    /// in it wherever it meets one in a number's place.
    Number(Box<Expr>),
    Arith(Arith, Box<Expr>, Box<Expr>),
    Cmp(Cmp, Box<Expr>, Box<Expr>),
    And(Box<Expr>, Box<Expr>),
    Or(Box<Expr>, Box<Expr>),
    /// A built-in function and its arguments, as many as it takes and of
    /// the kinds its row of [`crate::program::builtin`]'s table says.
    Call(Builtin, Box<[Expr]>),
    Matches(Box<Expr>, Vec<Pat>),
    In(Box<Expr>, Vec<(i64, i64)>),
    Table(usize, Box<Expr>, Box<Expr>),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arith {
    Add,
    Sub,
    Mul,
    Mod,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cmp {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

/// What `is` matches a pool against.
#[derive(Clone, Debug, PartialEq)]
pub enum Pat {
    /// Sorted faces.
    Combo(Vec<u32>),
    Hand(usize),
    Suit(usize),
}
