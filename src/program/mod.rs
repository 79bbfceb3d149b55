//! The checked game: what `check` produces and `eval` runs.
//!
//! Names are resolved to indices, every expression is typed, and the round
//! is compiled to a flat list of instructions with jumps. `live_in[pc]` says
//! which slots hold a value still needed at `pc`; the evaluator clears the
//! others, so that states differing only in dead values merge.

use serde::Serialize;

use crate::ast::Span;
pub mod builtin;
pub mod card;

use crate::number::Exact;
use builtin::Builtin;

/// A game ready to evaluate or play.
#[derive(Clone, Debug)]
pub struct Program {
    pub name: String,
    pub params: Vec<Param>,
    pub outcomes: Vec<Named>,
    pub hands: Option<HandTable>,
    pub tables: Vec<DrawTable>,
    pub shoes: Vec<Shoe>,
    pub slots: Vec<Named>,
    pub code: Vec<Instr>,
    /// For each instruction, the slots live on entry to it.
    pub live_in: Vec<SlotSet>,
    /// For each instruction, the slots live on entry to it were nothing
    /// shown: `live_in` less what only `check --show` reads (the shows
    /// never change how a round is played). Empty without shows, where it
    /// is `live_in`.
    pub live_unshown: Vec<SlotSet>,
    /// Slots the round reads only as the face of counts of throws (`face`
    /// in `count(t, face)`), with no other name: two values of such a slot
    /// under which every throw reading it is observed alike lead to the same
    /// round (see `check::projection`).
    pub interchangeable: SlotSet,
    pub bets: Vec<Bet>,
    /// The round's announced choice, if it has one.
    pub choice: Option<Choice>,
    /// The choices made during the round (empty with an announced choice).
    pub decisions: Vec<Decision>,
    /// The sides that make `decisions`, at most two.
    pub sides: Vec<ChoosingSide>,
    /// The names bets are settled on, recorded when a round ends.
    pub finals: Vec<Final>,
    pub expects: Vec<Assertion>,
    pub claims: Vec<Assertion>,
    /// The game at each setting some `expect` or `claim` lines name with
    /// `with`, other than the one checked here; an [`Assertion::setting`]
    /// indexes it. Empty in a pinned game itself.
    pub pinned: Vec<Pinned>,
    /// The table rules `play` runs the game by.
    pub banking: Banking,
    pub round_span: Span,
    /// Where each statement and branch of the round was compiled.
    pub source_map: SourceMap,
    /// Each `turn up`: before the instruction at the first index, a table
    /// shows the hand dealt face down into the slot at the second.
    pub turn_ups: Vec<(usize, usize)>,
}

/// Where the compiled round comes from, for findings that point at the
/// source (`lint`): the step each statement starts at and the branch of
/// each `if` and `compare`. A statement inside a `repeat` is compiled once
/// per pass, so it appears once per pass, in order.
#[derive(Clone, Debug, Default)]
pub struct SourceMap {
    /// Each statement, by its span, and the step it starts at; a statement
    /// compiled to no step (an empty `repeat`) is left out.
    pub stmts: Vec<(Span, usize)>,
    /// Each `if` and `else if`, by the span of its statement (from its
    /// `if`), and its branch step.
    pub ifs: Vec<(Span, usize)>,
    /// Each `compare`, by its span, and its two branch steps: the test for
    /// `higher`, then the test for `equal` (which `lower` fails).
    pub compares: Vec<(Span, usize, usize)>,
}

#[derive(Clone, Debug)]
pub struct Named {
    pub name: String,
    pub span: Span,
}

/// A parameter with the value in force (its default or a `--set`).
#[derive(Clone, Debug, Serialize)]
pub struct Param {
    pub name: String,
    /// The value in force; zero when `infinite`.
    pub value: Exact,
    /// The value the file gives it.
    pub default: Exact,
    /// Set to `infinite`, which only a shoe's deck count may be.
    pub infinite: bool,
    pub overridden: bool,
    #[serde(skip)]
    pub span: Span,
}

impl Param {
    /// Whether the value in force differs from the file's (a `--set` of
    /// the value the file gives changes nothing).
    pub fn changed(&self) -> bool {
        self.infinite || self.value != self.default
    }

    /// The value in force, as `--set` takes it.
    pub fn setting(&self) -> Setting {
        if self.infinite {
            Setting::Infinite
        } else {
            Setting::Number(self.value.clone())
        }
    }
}

/// A game checked at the setting of some `with` lines: the parameters that
/// setting gives other values than the run's, and the game at it.
#[derive(Clone, Debug)]
pub struct Pinned {
    /// Each parameter whose value differs from the run's, with its value,
    /// by name.
    pub settings: Vec<(String, Setting)>,
    /// The game checked at this setting (its own `pinned` empty).
    pub program: Program,
}

/// Why a game has not the one finite shoe that whole shoes are dealt
/// from (`dicerules shoe`, `shoe_margin`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NotOneShoe {
    /// The game has no shoe.
    NoShoe,
    /// Its one shoe is infinite.
    Infinite,
    /// It has several (the second is `shoes[1]`).
    Several,
}

impl Program {
    /// The index of the game's one shoe, where it has one and it is finite.
    pub fn one_finite_shoe(&self) -> Result<usize, NotOneShoe> {
        match self.shoes.as_slice() {
            [] => Err(NotOneShoe::NoShoe),
            [shoe] if shoe.decks.is_none() => Err(NotOneShoe::Infinite),
            [_] => Ok(0),
            _ => Err(NotOneShoe::Several),
        }
    }

    /// Whether each seat plays a run of the round of its own at a table
    /// (a `draw` or a `throw ... for each seat`): its other throws and
    /// draws are then the table's, made once and shared by every run.
    pub fn runs_for_each_seat(&self) -> bool {
        self.hands_for_each_seat() || self.throws_for_each_seat()
    }

    /// Whether every seat throws dice of its own at a table (`throw ...
    /// for each seat`).
    pub fn throws_for_each_seat(&self) -> bool {
        self.code.iter().any(|i| {
            matches!(
                i,
                Instr::Throw(Throw {
                    for_each_seat: true,
                    ..
                })
            )
        })
    }

    /// Whether a table deals each seat a hand of its own (`draw ... for
    /// each seat`).
    pub fn hands_for_each_seat(&self) -> bool {
        self.code.iter().any(|i| {
            matches!(
                i,
                Instr::Draw(Draw {
                    for_each_seat: true,
                    ..
                })
            )
        })
    }

    /// Where a jump to each step lands, past any jumps there. Jumps go
    /// forward only (the checker emits no other), so following them from
    /// the end resolves chains; a jump that does not go forward is left
    /// where it is.
    pub fn landings(&self) -> Vec<usize> {
        let mut landing: Vec<usize> = (0..self.code.len()).collect();
        for pc in (0..self.code.len()).rev() {
            if let Instr::Jump(target) = self.code[pc] {
                if target > pc {
                    landing[pc] = landing.get(target).copied().unwrap_or(target);
                }
            }
        }
        landing
    }

    /// Where the round goes after each step, past jumps.
    pub fn nexts(&self, landing: &[usize]) -> Vec<usize> {
        (0..self.code.len())
            .map(|pc| landing.get(pc + 1).copied().unwrap_or(pc + 1))
            .collect()
    }

    /// Whether some bet is settled on the outcome, so that every round must
    /// end with one.
    pub fn settles_on_outcomes(&self) -> bool {
        self.bets
            .iter()
            .any(|b| matches!(b.settle, Settle::Outcomes(_)))
    }

    /// The closing brace of the round, where a round without `end` stops.
    pub fn round_close(&self) -> Span {
        Span::new(self.round_span.end.saturating_sub(1), self.round_span.end)
    }
}

/// A hand table resolved: every combination to its hand.
#[derive(Clone, Debug)]
pub struct HandTable {
    pub name: String,
    pub suits: Vec<String>,
    pub hands: Vec<Hand>,
    /// Sorted faces to hand index.
    pub combos: std::collections::BTreeMap<Vec<u32>, usize>,
    /// How many faces each combination has.
    pub dice: usize,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct Hand {
    pub name: String,
    pub suit: usize,
    /// Larger is better: the last hand of a suit has rank 1.
    pub rank: i64,
    pub span: Span,
}

/// A draw table: `draws(row, column)` is true when the cell says D.
#[derive(Clone, Debug)]
pub struct DrawTable {
    pub name: String,
    pub columns: Vec<(i64, i64)>,
    pub rows: Vec<((i64, i64), Vec<Cell>)>,
    /// The names of the row and column keys, as the header writes them.
    pub keys: (String, String),
    /// `decided by BET`: the bet whose bettor picks in the `?` cells.
    pub decided_by: Option<Named>,
    pub span: Span,
}

/// A cell of a draw table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cell {
    Draw,
    Stand,
    /// `?`: the deciding side draws or stands.
    Choice,
}

impl DrawTable {
    /// Whether some cell is a choice.
    pub fn has_choices(&self) -> bool {
        self.rows
            .iter()
            .any(|(_, cells)| cells.contains(&Cell::Choice))
    }

    /// The cell for (row, column), or `None` when no row or column holds it.
    pub fn lookup(&self, row: i64, column: i64) -> Option<Cell> {
        let col = self
            .columns
            .iter()
            .position(|&(lo, hi)| lo <= column && column <= hi)?;
        let (_, cells) = self
            .rows
            .iter()
            .find(|((lo, hi), _)| *lo <= row && row <= *hi)?;
        cells.get(col).copied()
    }
}

/// A set of slots, as a bit set.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SlotSet(pub Vec<u64>);

impl SlotSet {
    pub fn with_capacity(slots: usize) -> Self {
        SlotSet(vec![0; slots.div_ceil(64)])
    }
    pub fn insert(&mut self, slot: usize) {
        self.0[slot / 64] |= 1 << (slot % 64);
    }
    pub fn remove(&mut self, slot: usize) {
        self.0[slot / 64] &= !(1 << (slot % 64));
    }
    pub fn contains(&self, slot: usize) -> bool {
        self.0[slot / 64] & (1 << (slot % 64)) != 0
    }
    /// Adds `other`; returns whether anything was new.
    pub fn union_with(&mut self, other: &SlotSet) -> bool {
        let mut changed = false;
        for (a, b) in self.0.iter_mut().zip(&other.0) {
            let next = *a | *b;
            changed |= next != *a;
            *a = next;
        }
        changed
    }
}

/// A value given with `--set NAME=VALUE`; it lives in [`crate::ast`].
pub use crate::ast::Setting;

/// A shoe of standard 52-card decks, each card worth a value.
#[derive(Clone, Debug)]
pub struct Shoe {
    pub name: String,
    /// `None`: the infinite shoe, every card dealt independently with the
    /// frequencies of one deck.
    pub decks: Option<u32>,
    /// The value of each rank, the ace first (see [`card::RANKS`]).
    pub ranks: [u32; 13],
    /// `aces high`: `rank` gives an ace 14, not 1.
    pub aces_high: bool,
    /// The cards of each rank taken out before the round (`--removed`),
    /// the ace first: the round is dealt from the shoe less these. Only a
    /// finite shoe has any ([`Shoe::remove`]).
    pub removed: [u32; 13],
    /// The kinds of card the round tells apart, ascending by value (see
    /// [`Shoe::tell_apart`]): a hand is a multiset of kinds.
    pub kinds: Vec<card::Kind>,
    pub span: Span,
}

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
    /// for itself (see [`Program::runs_for_each_seat`]).
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

    /// The expression a `let` or `set` binds, or a branch tests.
    #[inline]
    pub fn expr(&self) -> Option<&Expr> {
        match self {
            Instr::Assign { value: e, .. } | Instr::Branch { cond: e, .. } => Some(e),
            _ => None,
        }
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

/// A bet and how it is settled.
#[derive(Clone, Debug)]
pub struct Bet {
    pub name: String,
    pub span: Span,
    pub settle: Settle,
}

impl Bet {
    /// The net of every payout line, in order.
    pub fn nets(&self) -> impl Iterator<Item = &Exact> {
        let (outcomes, lines) = match &self.settle {
            Settle::Outcomes(pays) => (&pays[..], &[][..]),
            Settle::Value { lines, .. } => (&[][..], &lines[..]),
        };
        outcomes
            .iter()
            .map(|p| &p.net)
            .chain(lines.iter().map(|(_, p)| &p.net))
    }

    /// What the bet pays at an end: its outcome and final values.
    pub fn payout(&self, outcome: Option<usize>, values: &[Option<i64>]) -> Option<&Payout> {
        match &self.settle {
            Settle::Outcomes(pays) => pays.get(outcome?),
            Settle::Value { final_index, lines } => {
                let v = (*values.get(*final_index)?)?;
                Some(&lines.iter().find(|(m, _)| m.matches(v))?.1)
            }
        }
    }
}

/// What a bet is settled on.
#[derive(Clone, Debug)]
pub enum Settle {
    /// The round's outcome: the payout of each, indexed by outcome.
    Outcomes(Vec<Payout>),
    /// The final value of a name (`Program::finals[final_index]`): the
    /// payout of the first line that matches.
    Value {
        final_index: usize,
        lines: Vec<(ValueMatch, Payout)>,
    },
}

/// Which final values a payout line takes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ValueMatch {
    Key(crate::ast::ValueKey),
    /// `[3, 4, 9..11]`: any of the keys.
    Set(Vec<crate::ast::ValueKey>),
    Else,
}

impl ValueMatch {
    pub fn matches(&self, v: i64) -> bool {
        match self {
            ValueMatch::Key(k) => k.matches(v),
            ValueMatch::Set(keys) => keys.iter().any(|k| k.matches(v)),
            ValueMatch::Else => true,
        }
    }
}

/// `choose face from 1..6 by player`, made before anything is thrown.
#[derive(Clone, Debug)]
pub struct Choice {
    pub name: String,
    /// The side that chooses.
    pub by: String,
    pub slot: usize,
    pub options: Vec<i64>,
    pub span: Span,
}

/// A value recorded when the round ends: a name some bet is settled on
/// (or a `mean` figure names), or an expression `check --show` asks for.
#[derive(Clone, Debug)]
pub struct Final {
    /// The name, or the `--show` expression as written.
    pub name: String,
    pub slot: usize,
    /// Where a bet names it (`on score`); for a `--show` expression, where
    /// it is in the expression's own text.
    pub span: Span,
    /// Whether `--show` asked for its distribution.
    pub shown: Shown,
    /// What its values are.
    pub kind: ValueKind,
}

/// Whether `check --show` asked for a final value, and whether anything
/// else reads it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Shown {
    /// No: a bet is settled on it, or a `mean` figure names it.
    #[default]
    No,
    /// Asked for, and a bet or figure reads it too.
    Also,
    /// Asked for only: the round records it for the show alone.
    Only,
}

/// What the values of a [`Final`] are, for the report to read them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum ValueKind {
    /// Numbers.
    #[default]
    Number,
    /// A condition: 1 where it holds, 0 where it does not.
    Condition,
    /// The total of a throw or, `hand`, of a hand of cards, shown for the
    /// throw or hand named alone (`--show banker`).
    Total { hand: bool },
    /// A choice among labels: the index of the label chosen, from 0.
    Labels(Vec<String>),
}

/// A settlement: the bettor's net result per unit staked, and its label.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Payout {
    pub net: Exact,
    pub label: String,
}

/// A figure of the report named by an `expect` or a `claim`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Figure {
    HouseEdge,
    HouseEdgeExcludingPushes,
    Ev,
    StdDev,
    Variance,
    WinProbability,
    PushProbability,
    LoseProbability,
    Probability,
    /// The mean final value of a name some bet is settled on.
    Mean,
    /// The probability a solved strategy gives an option where the chooser
    /// knows given values: `strategy(action, draw, 5)`.
    Strategy,
    /// A session's: the probability that a bank is put out of business
    /// within the first R table rounds, `ruin(R)`.
    Ruin,
    /// A session's: seat S's expected net over its rounds, `net(S)`.
    Net,
    /// A session's: the largest seat's expected net less the smallest's.
    NetSpread,
    /// A session's: the expected table rounds the first bank is held
    /// within the session's rounds.
    Tenure,
    /// A session's: the first banker's expected net over those rounds.
    TenureNet,
    /// Whole shoes dealt to the cut card: the mean, per shoe, of the coups
    /// ending one outcome less those ending another, estimated by dealing
    /// them, `shoe_margin(banker, player)`.
    ShoeMargin,
}

impl Figure {
    pub const ALL: &'static [(&'static str, Figure)] = &[
        ("house_edge", Figure::HouseEdge),
        (
            "house_edge_excluding_pushes",
            Figure::HouseEdgeExcludingPushes,
        ),
        ("ev", Figure::Ev),
        ("std_dev", Figure::StdDev),
        ("variance", Figure::Variance),
        ("win_probability", Figure::WinProbability),
        ("push_probability", Figure::PushProbability),
        ("lose_probability", Figure::LoseProbability),
        ("probability", Figure::Probability),
        ("mean", Figure::Mean),
        ("strategy", Figure::Strategy),
        ("ruin", Figure::Ruin),
        ("net", Figure::Net),
        ("net_spread", Figure::NetSpread),
        ("tenure", Figure::Tenure),
        ("tenure_net", Figure::TenureNet),
        ("shoe_margin", Figure::ShoeMargin),
    ];

    /// Whether it is a figure of a session (at a table, `at seats = N`;
    /// or of whole shoes, `at shoes = N`), not of one round.
    pub fn of_session(self) -> bool {
        matches!(
            self,
            Figure::Ruin
                | Figure::Net
                | Figure::NetSpread
                | Figure::Tenure
                | Figure::TenureNet
                | Figure::ShoeMargin
        )
    }

    pub fn name(self) -> &'static str {
        Figure::ALL
            .iter()
            .find(|(_, f)| *f == self)
            .map_or("figure", |(n, _)| n)
    }
}

/// An `expect` or `claim`, resolved.
#[derive(Clone, Debug)]
pub struct Assertion {
    pub figure: Figure,
    /// A bet index; an outcome index for [`Figure::Probability`]; a final
    /// index for [`Figure::Mean`]; the rounds of [`Figure::Ruin`]; the
    /// seat (from 0) of [`Figure::Net`].
    pub target: usize,
    /// The source text of the quantity: `house_edge(player)`.
    pub quantity: String,
    pub op: crate::ast::RelOp,
    pub value: Exact,
    /// The text as written, with `%` if any.
    pub value_text: String,
    pub tolerance: Exact,
    /// The rule book's words, for claims.
    pub text: Option<String>,
    /// For [`Figure::Strategy`]: the choice's name, the option and the
    /// known values.
    pub strategy: Option<(String, String, Vec<i64>)>,
    /// The parameters its `with` names, each with its value, by name;
    /// empty without `with`.
    pub with: Vec<(String, Setting)>,
    /// The `with`, where there is one.
    pub with_span: Option<Span>,
    /// The parameters its figure can depend on, by name: those the round,
    /// the shoes and the choosing sides' bets read, and its own bet's.
    pub depends_on: Vec<String>,
    /// The setting it is checked at: an index into [`Program::pinned`], or
    /// `None` for the setting the program was checked at.
    pub setting: Option<usize>,
    /// For a figure of a session: the table its `at` names.
    pub table: Option<SessionTable>,
    /// For [`Figure::ShoeMargin`]: the shoes its `at` deals.
    pub shoes: Option<ShoeDeal>,
    pub span: Span,
}

/// Whole shoes dealt to the cut card, for [`Figure::ShoeMargin`]:
/// `shoe_margin(banker, player) ~ 3.5 at shoes = 10000, seed = 1, cut = 14`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ShoeDeal {
    /// The outcome counted for, and the one counted against (indices into
    /// `Program::outcomes`).
    pub plus: usize,
    pub minus: usize,
    /// Shoes dealt.
    pub shoes: u64,
    /// The seed of the deal.
    pub seed: u64,
    /// The cut card: no coup starts with this many cards left or fewer.
    pub cut: u64,
}

impl std::fmt::Display for ShoeDeal {
    /// As an `at` writes it: `shoes = 10000, seed = 1, cut = 14`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "shoes = {}, seed = {}, cut = {}",
            self.shoes, self.seed, self.cut
        )
    }
}

impl std::fmt::Display for SessionTable {
    /// As an `at` writes it, every setting the session ran with that is
    /// not the default: `seats = 4, rounds = 4, stakes = [2, 1, 1, 1]`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "seats = {}, rounds = {}", self.seats, self.rounds)?;
        if self.stake > 0 {
            write!(f, ", stake = {}", self.stake + 1)?;
        }
        if !self.stakes.is_empty() {
            let stakes: Vec<String> = self.stakes.iter().map(u64::to_string).collect();
            write!(f, ", stakes = [{}]", stakes.join(", "))?;
        }
        if let Some(chips) = self.chips {
            write!(f, ", chips = {chips}")?;
        }
        Ok(())
    }
}

/// The table a figure of a session holds at (`at seats = 4, rounds = 4`),
/// as `dicerules session` takes it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SessionTable {
    /// Seats, the banker's included.
    pub seats: usize,
    /// Table rounds.
    pub rounds: u64,
    /// The stake rule, from 0.
    pub stake: usize,
    /// What each seat stakes (one value: every seat's; none: the table
    /// minimum).
    pub stakes: Vec<u64>,
    /// Every seat's starting chips, instead of the file's.
    pub chips: Option<u64>,
}

impl Assertion {
    /// The parameters the run gives other values than the file's that the
    /// figure depends on and the line's `with` does not name: where there
    /// are any, the line was written for other values and is not checked.
    pub fn moved<'p>(&self, params: &'p [Param]) -> Vec<&'p Param> {
        params
            .iter()
            .filter(|p| p.changed())
            .filter(|p| self.depends_on.contains(&p.name))
            .filter(|p| !self.with.iter().any(|(n, _)| *n == p.name))
            .collect()
    }
}

/// A choice made during the round: a `choose` statement, or a call of a
/// draw table with `?` cells.
#[derive(Clone, Debug)]
pub struct Decision {
    /// The chosen name, or the table's.
    pub name: String,
    /// Index into `Program::sides`.
    pub side: usize,
    /// The options' labels, as the file writes them.
    pub options: Vec<String>,
    /// The value each option binds (a number, or a label's index); a table
    /// cell binds true for its first option, draw.
    pub values: Vec<i64>,
    /// The names of what the chooser sees, in the order of the key.
    pub knowing: Vec<String>,
    /// `from faces(T)`: the name of `T`. The decision's last `knowing` slot
    /// then holds the mask of the faces shown (never in `knowing`'s names);
    /// the key is the known values followed by those faces, ascending, and
    /// the options there are those faces alone ([`Decision::offered`]).
    pub faces: Option<String>,
    pub span: Span,
}

impl Decision {
    /// The key of an information set from the values read at the
    /// decision's `knowing` slots, in place: for a choice among the faces
    /// shown, the mask read last becomes those faces, ascending.
    pub fn expand_key<A: smallvec::Array<Item = i64>>(&self, key: &mut smallvec::SmallVec<A>) {
        if self.faces.is_some() {
            let mask = key.pop().unwrap_or(0);
            key.extend(builtin::mask_faces(mask));
        }
    }

    /// The options (indices into `values`) offered where the chooser knows
    /// `key`: every option, or for a choice among the faces shown, the
    /// faces listed after the known values.
    pub fn offered<'a>(&'a self, key: &'a [i64]) -> impl Iterator<Item = usize> + 'a {
        let shown = key.get(self.knowing.len()..).unwrap_or(&[]);
        (0..self.values.len())
            .filter(move |&i| self.faces.is_none() || shown.contains(&self.values[i]))
    }
}

/// The bettor of a bet, choosing to raise its expected value.
#[derive(Clone, Debug)]
pub struct ChoosingSide {
    /// Index into `Program::bets`.
    pub bet: usize,
    /// The hidden slot holding the side's last choice (its sequence), which
    /// the evaluator keeps until the round ends.
    pub slot: usize,
}

/// The `banking` item resolved: who banks, what may be staked, the chips
/// each seat starts with. Without the item, the house banks every seat's
/// bets with no limit ([`Banking::default`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Banking {
    pub bank: Bank,
    /// `bank bets BET`: the bet (index into `Program::bets`) the bank seat
    /// is settled by; the punters are settled by their own bet, and the
    /// house keeps the difference.
    pub bank_bets: Option<usize>,
    /// The stakes the table may agree on; the first is the default. Never
    /// empty.
    pub stakes: Vec<Stake>,
    /// One punter may call "banco" and cover the whole bank alone.
    pub banco: bool,
    /// `bank covers every bet`: the bank takes any stake the table allows
    /// and pays what it owes while it has chips; a settlement it cannot pay
    /// in full takes all it holds, and the bank is bankrupt. Without it the
    /// bank covers a stake only as far as its chips pay the bet's largest
    /// win.
    pub covers_every_bet: bool,
    pub limit: Limit,
    /// Starting chips of each player and of the first banker.
    pub chips: Chips,
    pub bankrupt_banker: BankruptBanker,
    /// `choices by the largest stake`: the largest stake on a bet makes its
    /// side's choices for every seat on it (one hand for the table); by
    /// default (`choices by each seat`) each seat decides for its own bet.
    pub largest_stake_chooses: bool,
    /// Where the item is written; the round's span without one.
    pub span: Span,
}

impl Banking {
    /// Why the seats' stakes `stakes` (`--stakes`, or an `at`'s `stakes`)
    /// cannot be taken at a table of `seats` seats under the stake rule
    /// `rule` (from 0): a count other than 1 or `seats`, or a stake the
    /// rule or the house limit never allows.
    pub fn seat_stakes_error(&self, rule: usize, seats: usize, stakes: &[u64]) -> Option<String> {
        if stakes.len() > 1 && stakes.len() != seats {
            return Some(format!(
                "{} stakes for {seats} seats: give one for every seat, or one for all",
                stakes.len()
            ));
        }
        let limit = match self.limit {
            Limit::Fixed(v) => Some(v),
            _ => None,
        };
        let rule = self.stakes.get(rule).or(self.stakes.first());
        let why = |v: u64| match (rule, limit) {
            _ if v == 0 => Some("a seat stakes at least 1".to_string()),
            (Some(Stake::Fixed(f)), _) if v != *f => Some(format!("the stake is fixed at {f}")),
            (Some(Stake::UpTo(most)), _) if v > *most => Some(format!("stakes are up to {most}")),
            (_, Some(l)) if v > l => Some(format!("the house limit is {l}")),
            _ => None,
        };
        stakes
            .iter()
            .find_map(|&v| why(v).map(|why| format!("a stake of {v} cannot be made: {why}")))
    }
}

impl Default for Banking {
    fn default() -> Self {
        Banking {
            bank: Bank::House,
            bank_bets: None,
            stakes: vec![Stake::Free],
            banco: false,
            covers_every_bet: false,
            limit: Limit::None,
            chips: Chips {
                players: 100,
                banker: 100,
            },
            bankrupt_banker: BankruptBanker::BankPasses,
            largest_stake_chooses: false,
            span: Span::new(0, 0),
        }
    }
}

/// Who holds the bank, and when it moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Bank {
    /// `bank house`: the house covers every bet; every seat bets.
    House,
    /// `bank rotates every round`.
    RotatesEveryRound,
    /// `bank kept until the banker loses a round`.
    KeptUntilBankerLoses,
    /// `bank passes when O | O`: after a round ending in one of these
    /// outcomes (indices into `Program::outcomes`).
    PassesWhen(Vec<usize>),
    /// `bank kept for the game`.
    KeptForGame,
}

/// How much a bet may be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stake {
    /// `stake fixed V`: every bet is V chips.
    Fixed(u64),
    /// `stake up to V`.
    UpTo(u64),
    /// `stake free`: anything the bettor has.
    Free,
    /// `stake set by the bank`: the banker puts up a stake, punters cover
    /// it in seat order.
    SetByBank,
}

/// The house limit on any one bet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    None,
    /// `limit = V`.
    Fixed(u64),
    /// `limit set by the banker [up to V]`: each banker names the limit
    /// when he takes the bank.
    SetByBanker {
        up_to: Option<u64>,
    },
}

/// Starting chips.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Chips {
    pub players: u64,
    pub banker: u64,
}

/// What happens when the banker cannot cover a bet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BankruptBanker {
    /// The game ends; a new one deals chips afresh, the bank goes to the
    /// next seat, and the player whose turn it was throws first.
    NewGame,
    /// The bank passes to the next seat.
    BankPasses,
}
