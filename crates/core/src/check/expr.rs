//! Typing expressions and resolving their names into [`program::Expr`].

use std::collections::BTreeSet;

use super::error::unknown;
use super::expand::{joined, Expansion};
use super::CheckError;
use crate::ast::{self, BinaryOp, ExprKind as A, UnaryOp};
use crate::program::builtin::{Arg, Builtin, Output};
use crate::program::{
    Arith, Cmp, DrawTable, Expr, ExprKind as P, HandTable, Named, Param, Pat, Shoe,
};

/// The names declared outside the round.
pub(super) struct Names<'a> {
    pub params: &'a [Param],
    pub outcomes: &'a [Named],
    pub hands: Option<&'a HandTable>,
    pub tables: &'a [DrawTable],
    pub shoes: &'a [Shoe],
    /// The `define`s, each with whether it checked (see `items::defines`):
    /// a call of one that did not is an error already told.
    pub defines: &'a [(&'a ast::DefineDecl, bool)],
}

/// The type of a value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Ty {
    Int,
    Bool,
    /// A throw of `count` dice with `sides` sides, or a hand of `count`
    /// cards (`sides` 0) from shoe `shoe`.
    Pool {
        count: u32,
        sides: u32,
        shoe: Option<usize>,
    },
    /// The options of a `choose` with labels (`[draw, stand]`): an index
    /// into `Typer::labels`.
    Label(usize),
    /// The type of an expression that already has an error.
    Error,
}

impl Ty {
    pub fn describe(self) -> &'static str {
        match self {
            Ty::Int => "a number",
            Ty::Bool => "a condition",
            // What a function of throws and hands wants: either.
            Ty::Pool {
                count: 0,
                shoe: None,
                ..
            } => "a throw or a hand of cards",
            Ty::Pool { sides: 0, .. } => "a hand of cards",
            Ty::Pool { .. } => "a throw",
            Ty::Label(_) => "a choice among labels",
            Ty::Error => "an error",
        }
    }
}

/// Resolves and types expressions; the round compiler owns the variables.
pub(super) struct Typer<'a, 'n> {
    pub names: &'a Names<'n>,
    /// Visible variables, innermost last: (name, slot, type).
    pub vars: Vec<(String, usize, Ty)>,
    pub errors: &'a mut Vec<CheckError>,
    /// Dice already checked against the hand table, so each gap is reported once.
    pub ranked: BTreeSet<(u32, u32)>,
    /// Whether the absence of a hand table has been reported.
    pub reported_no_hands: bool,
    /// The labels of each `choose` with labelled options.
    pub labels: Vec<Vec<String>>,
    /// For each shoe, whether the round reads its cards' ranks and their
    /// suits (`rank(card)`, `suit(card)`).
    pub cards_read: Vec<(bool, bool)>,
    /// The definitions being expanded, innermost last, with where each was
    /// called (a definition never expands within itself).
    pub expanding: Vec<(String, crate::ast::Span)>,
    /// The operations the calls of definitions have expanded to so far
    /// (bounded by `expand::MAX_DEFINE_NODES`).
    pub expanded: usize,
}

impl<'n> Typer<'_, 'n> {
    pub(super) fn lookup(&self, name: &str) -> Option<(usize, Ty)> {
        self.vars
            .iter()
            .rev()
            .find(|(n, _, _)| n == name)
            .map(|(_, s, t)| (*s, *t))
    }

    fn expect(&mut self, e: &ast::Expr, got: Ty, want: Ty) -> bool {
        let ok = match (got, want) {
            (Ty::Error, _) => return false,
            (Ty::Pool { .. }, Ty::Pool { .. }) => true,
            (a, b) => a == b,
        };
        if !ok {
            let help = match (got, want) {
                (Ty::Pool { .. }, Ty::Int) => {
                    Some("use `total(x)` for the sum of a throw's faces".to_string())
                }
                (Ty::Int, Ty::Bool) => Some(number_as_condition(e)),
                (_, Ty::Pool { .. }) => {
                    Some("this takes the name of a throw: `total(banker)`".to_string())
                }
                _ => None,
            };
            self.errors.push(CheckError::Type {
                expected: want.describe(),
                found: got.describe(),
                span: e.span,
                help,
            });
        }
        ok
    }

    /// A sub-expression that must have type `want`. A condition where a
    /// number is wanted counts 1 where it holds and 0 where it does not
    /// ([`as_number`]); a number is never a condition.
    pub(super) fn typed(&mut self, e: &ast::Expr, want: Ty) -> (Expr, Ty) {
        let (x, t) = self.expr(e);
        if (t, want) == (Ty::Bool, Ty::Int) {
            return (as_number(x), Ty::Int);
        }
        let ok = self.expect(e, t, want);
        (x, if ok { t } else { Ty::Error })
    }

    /// `x`, typed `t`, where a value of type `want` must be: a condition
    /// made a number where a number is wanted, a wrong type reported.
    fn coerced(&mut self, e: &ast::Expr, x: Expr, t: Ty, want: Ty) -> (Expr, Ty) {
        if (t, want) == (Ty::Bool, Ty::Int) {
            return (as_number(x), Ty::Int);
        }
        let ok = self.expect(e, t, want);
        (x, if ok { t } else { Ty::Error })
    }

    /// An operand of a comparison: as [`Typer::coerced`], but a comparison
    /// written without parentheses (`a > b > c`, which groups as `(a > b)
    /// > c`) is not counted as a number: comparisons do not chain.
    fn compared(&mut self, e: &ast::Expr, x: Expr, t: Ty, want: Ty) -> (Expr, Ty) {
        if (t, want) != (Ty::Bool, Ty::Int) || !bare_comparison(e) {
            return self.coerced(e, x, t, want);
        }
        self.errors.push(CheckError::Type {
            expected: want.describe(),
            found: t.describe(),
            span: e.span,
            help: Some(format!(
                "comparisons do not chain: join two with `and`, or put a condition counted as 1 or 0 in parentheses: `({})`",
                crate::ast::print::expr(e)
            )),
        });
        (x, Ty::Error)
    }

    pub fn expr(&mut self, e: &ast::Expr) -> (Expr, Ty) {
        let span = e.span;
        let mk = |kind| Expr { kind, span };
        match &e.kind {
            A::Int(n) => (mk(P::Int(*n)), Ty::Int),
            A::Bool(b) => (mk(P::Bool(*b)), Ty::Bool),
            A::Paren(inner) => self.expr(inner),
            A::Name(ident) => {
                if let Some((slot, ty)) = self.lookup(&ident.name) {
                    return (mk(P::Slot(slot)), ty);
                }
                if let Some(p) = self.names.params.iter().find(|p| p.name == ident.name) {
                    if p.infinite {
                        self.errors.push(CheckError::Infinite {
                            name: p.name.clone(),
                            span,
                        });
                        return (mk(P::Int(0)), Ty::Error);
                    }
                    return match p.value.to_i64() {
                        Some(n) => (mk(P::Int(n)), Ty::Int),
                        None => {
                            self.errors.push(CheckError::Type {
                                expected: "a whole number",
                                found: "a fraction",
                                span,
                                help: Some(format!(
                                    "the parameter `{}` is {}; rounds compute with whole numbers",
                                    p.name, p.value
                                )),
                            });
                            (mk(P::Int(0)), Ty::Error)
                        }
                    };
                }
                let known: Vec<&str> = self
                    .vars
                    .iter()
                    .map(|(n, _, _)| n.as_str())
                    .chain(self.names.params.iter().map(|p| p.name.as_str()))
                    .collect();
                self.errors.push(unknown("name", ident, known));
                (mk(P::Int(0)), Ty::Error)
            }
            A::Unary { op, operand } => match op {
                UnaryOp::Not => {
                    let (x, t) = self.typed(operand, Ty::Bool);
                    (
                        mk(P::Not(Box::new(x))),
                        if t == Ty::Error { t } else { Ty::Bool },
                    )
                }
                UnaryOp::Neg => {
                    let (x, t) = self.typed(operand, Ty::Int);
                    (
                        mk(P::Neg(Box::new(x))),
                        if t == Ty::Error { t } else { Ty::Int },
                    )
                }
            },
            A::Binary { op, left, right } => self.binary(*op, left, right, span),
            A::Is { subject, patterns } => {
                let (x, t) = self.expr(subject);
                if let Ty::Label(set) = t {
                    return self.is_label(x, set, patterns, span);
                }
                let Ty::Pool { count, sides, .. } = t else {
                    if t != Ty::Error {
                        self.expect(subject, t, POOL);
                    }
                    return (mk(P::Bool(false)), Ty::Error);
                };
                let mut pats = Vec::new();
                for p in patterns {
                    match p {
                        ast::Pattern::Combo(c) => {
                            if c.faces.len() != count as usize
                                || c.faces.iter().any(|&f| f == 0 || f > sides)
                            {
                                self.errors.push(CheckError::ComboNeverMatches {
                                    combo: crate::ast::print::combo(c),
                                    count,
                                    sides,
                                    span: c.span,
                                });
                                continue;
                            }
                            let mut faces = c.faces.clone();
                            faces.sort_unstable();
                            pats.push(Pat::Combo(faces));
                        }
                        ast::Pattern::Name(name) => {
                            let Some(table) =
                                self.hand_table(name.span, count, sides, subject.span, false)
                            else {
                                continue;
                            };
                            if let Some(h) = table.hands.iter().position(|h| h.name == name.name) {
                                pats.push(Pat::Hand(h));
                            } else if let Some(s) = table.suits.iter().position(|s| *s == name.name)
                            {
                                pats.push(Pat::Suit(s));
                            } else {
                                let known: Vec<&str> = table
                                    .hands
                                    .iter()
                                    .map(|h| h.name.as_str())
                                    .chain(table.suits.iter().map(|s| s.as_str()))
                                    .collect();
                                self.errors.push(unknown("hand", name, known));
                            }
                        }
                    }
                }
                (mk(P::Matches(Box::new(x), pats)), Ty::Bool)
            }
            A::In { subject, set, .. } => {
                let (x, t) = self.expr(subject);
                let (x, t) = self.compared(subject, x, t, Ty::Int);
                for k in set {
                    if k.lo > k.hi {
                        self.errors.push(CheckError::Type {
                            expected: "a range from low to high",
                            found: "an empty range",
                            span: k.span,
                            help: Some("write the smaller number first: `2..7`".to_string()),
                        });
                    }
                }
                let ranges = set.iter().map(|k| (k.lo, k.hi)).collect();
                (
                    mk(P::In(Box::new(x), ranges)),
                    if t == Ty::Error { t } else { Ty::Bool },
                )
            }
            A::Call { func, args } => self.call(func, args, span),
        }
    }

    fn binary(
        &mut self,
        op: BinaryOp,
        left: &ast::Expr,
        right: &ast::Expr,
        span: crate::ast::Span,
    ) -> (Expr, Ty) {
        let mk = |kind| Expr { kind, span };
        let arith = |op| match op {
            BinaryOp::Add => Some(Arith::Add),
            BinaryOp::Sub => Some(Arith::Sub),
            BinaryOp::Mul => Some(Arith::Mul),
            BinaryOp::Mod => Some(Arith::Mod),
            _ => None,
        };
        let cmp = match op {
            BinaryOp::Eq => Some(Cmp::Eq),
            BinaryOp::Ne => Some(Cmp::Ne),
            BinaryOp::Lt => Some(Cmp::Lt),
            BinaryOp::Le => Some(Cmp::Le),
            BinaryOp::Gt => Some(Cmp::Gt),
            BinaryOp::Ge => Some(Cmp::Ge),
            _ => None,
        };
        if let Some(a) = arith(op) {
            let (l, lt) = self.typed(left, Ty::Int);
            let (r, rt) = self.typed(right, Ty::Int);
            if a == Arith::Mod && matches!(r.kind, P::Int(0)) {
                self.errors.push(CheckError::ModZero { span: right.span });
            }
            let t = if lt == Ty::Error || rt == Ty::Error {
                Ty::Error
            } else {
                Ty::Int
            };
            return (mk(P::Arith(a, Box::new(l), Box::new(r))), t);
        }
        if let Some(c) = cmp {
            // Two conditions are equal or not as conditions; a condition
            // compared with a number, or ordered, counts 1 or 0.
            let (l, lt) = self.expr(left);
            let (r, rt) = self.expr(right);
            let want = if matches!(c, Cmp::Eq | Cmp::Ne) && lt == Ty::Bool && rt == Ty::Bool {
                Ty::Bool
            } else {
                Ty::Int
            };
            let (l, lt) = self.compared(left, l, lt, want);
            let (r, rt) = self.compared(right, r, rt, want);
            let t = if lt == Ty::Error || rt == Ty::Error {
                Ty::Error
            } else {
                Ty::Bool
            };
            return (mk(P::Cmp(c, Box::new(l), Box::new(r))), t);
        }
        let (l, lt) = self.typed(left, Ty::Bool);
        let (r, rt) = self.typed(right, Ty::Bool);
        let t = if lt == Ty::Error || rt == Ty::Error {
            Ty::Error
        } else {
            Ty::Bool
        };
        let kind = if op == BinaryOp::And {
            P::And(Box::new(l), Box::new(r))
        } else {
            P::Or(Box::new(l), Box::new(r))
        };
        (mk(kind), t)
    }

    /// The hand table, when the file has one; its absence is reported once.
    fn table(&mut self, at: crate::ast::Span) -> Option<&'n HandTable> {
        if self.names.hands.is_none() && !self.reported_no_hands {
            self.reported_no_hands = true;
            self.errors.push(CheckError::Missing {
                what: "`hands` table",
                span: at,
                help: "hands, ranks and suits come from a `hands NAME { ... }` table".to_string(),
            });
        }
        self.names.hands
    }

    /// The hand table, checked to be of `count` dice (for `is`) and, when
    /// `complete`, to rank every throw of `count`d`sides` (for `rank`, `suit`).
    fn hand_table(
        &mut self,
        at: crate::ast::Span,
        count: u32,
        sides: u32,
        throw_span: crate::ast::Span,
        complete: bool,
    ) -> Option<&'n HandTable> {
        let table = self.table(at)?;
        if table.dice != count as usize {
            if self.ranked.insert((count, 0)) {
                self.errors.push(CheckError::HandDice {
                    table: table.name.clone(),
                    table_dice: table.dice,
                    count,
                    span: throw_span,
                    table_span: table.span,
                });
            }
            return None;
        }
        // A throw too large to list is refused once the round is compiled
        // (a hand table reads more of it than statistics): its gaps are not
        // looked for.
        let listable = crate::multiset::count(u64::from(count), u64::from(sides))
            <= super::limits::MAX_THROW_RESULTS;
        if complete && listable && self.ranked.insert((count, sides)) {
            let mut missing = Vec::new();
            let mut total = 0usize;
            crate::multiset::for_each_multiset(count, sides, |faces| {
                if !table.combos.contains_key(faces) {
                    total += 1;
                    if missing.len() < 6 {
                        let f: Vec<String> = faces.iter().rev().map(|f| f.to_string()).collect();
                        missing.push(f.join("-"));
                    }
                }
            });
            if total > 0 {
                let more = if total > missing.len() { ", ..." } else { "" };
                self.errors.push(CheckError::Unranked {
                    table: table.name.clone(),
                    dice: format!("{count}d{sides}"),
                    count: total,
                    missing: format!("{}{more}", missing.join(", ")),
                    span: throw_span,
                    table_span: table.span,
                });
            }
        }
        Some(table)
    }

    /// `action is draw`: a test of a labelled choice.
    fn is_label(
        &mut self,
        x: Expr,
        set: usize,
        patterns: &[ast::Pattern],
        span: crate::ast::Span,
    ) -> (Expr, Ty) {
        let labels = self.labels[set].clone();
        let mut ranges = Vec::new();
        for p in patterns {
            match p {
                ast::Pattern::Name(name) => match labels.iter().position(|l| *l == name.name) {
                    Some(i) => ranges.push((i as i64, i as i64)),
                    None => {
                        self.errors
                            .push(unknown("option", name, labels.iter().map(|l| l.as_str())))
                    }
                },
                ast::Pattern::Combo(c) => self.errors.push(CheckError::Type {
                    expected: "one of the choice's options",
                    found: "a combination of faces",
                    span: c.span,
                    help: Some(format!("the options are {}", labels.join(", "))),
                }),
            }
        }
        (
            Expr {
                kind: P::In(Box::new(x), ranges),
                span,
            },
            Ty::Bool,
        )
    }

    fn call(
        &mut self,
        func: &ast::Ident,
        args: &[ast::Expr],
        span: crate::ast::Span,
    ) -> (Expr, Ty) {
        let mk = |kind| Expr { kind, span };
        let arity = |this: &mut Self, n: usize, usage: &str| {
            if args.len() != n {
                this.errors.push(CheckError::Arity {
                    func: func.name.clone(),
                    expected: n,
                    found: args.len(),
                    span,
                    help: Some(format!("write `{usage}`")),
                });
                false
            } else {
                true
            }
        };
        if let Some(index) = self.names.tables.iter().position(|t| t.name == func.name) {
            if !arity(self, 2, &format!("{}(row, column)", func.name)) {
                return (mk(P::Bool(false)), Ty::Error);
            }
            if self.names.tables[index].has_choices() {
                self.errors.push(CheckError::ChoiceTableValue {
                    table: func.name.clone(),
                    span,
                });
                return (mk(P::Bool(false)), Ty::Error);
            }
            let (a, at) = self.typed(&args[0], Ty::Int);
            let (b, bt) = self.typed(&args[1], Ty::Int);
            let t = if at == Ty::Error || bt == Ty::Error {
                Ty::Error
            } else {
                Ty::Bool
            };
            return (mk(P::Table(index, Box::new(a), Box::new(b))), t);
        }
        if let Some(&(d, ok)) = self
            .names
            .defines
            .iter()
            .find(|(d, _)| d.name.name == func.name)
        {
            if !ok {
                return (mk(P::Int(0)), Ty::Error);
            }
            return self.defined(d, args, span);
        }
        let Some(mut builtin) = Builtin::named(&func.name) else {
            let known: Vec<&str> = Builtin::ALL
                .iter()
                .map(|b| b.name())
                .chain(self.names.tables.iter().map(|t| t.name.as_str()))
                .chain(self.names.defines.iter().map(|(d, _)| d.name.name.as_str()))
                .collect();
            self.errors.push(unknown("function", func, known));
            return (mk(P::Int(0)), Ty::Error);
        };
        // `rank` and `suit` of cards read the cards, not the hand table.
        if let [arg] = args {
            let mut parts = Vec::new();
            joined(arg, &mut parts);
            if let Some(A::Name(name)) = parts.first().map(|p| &p.kind) {
                if let Some((_, Ty::Pool { shoe: Some(_), .. })) = self.lookup(&name.name) {
                    builtin = builtin.on_cards();
                }
            }
        }
        let spec = builtin.spec();
        if !arity(self, spec.args.len(), &builtin.usage()) {
            return (mk(P::Int(0)), Ty::Error);
        }
        let mut ok = true;
        let mut typed = Vec::with_capacity(args.len());
        for (arg, &(_, kind)) in args.iter().zip(spec.args) {
            let mut parts = Vec::new();
            joined(arg, &mut parts);
            // Hands joined with `+` are read together, by their cards or,
            // by a statistic of a throw, their values.
            if kind == Arg::Hand || (kind == Arg::Throw && parts.len() > 1) {
                let (hands, t) = self.hands(builtin, arg);
                ok &= t;
                typed.extend(hands);
                continue;
            }
            let (x, t) = self.argument(func, arg, kind);
            ok &= t;
            typed.push(x);
        }
        let ty = match spec.output {
            Output::Number => Ty::Int,
            Output::Category => Ty::Label(self.categories()),
            Output::Faces => {
                self.errors.push(CheckError::FacesAsValue { span });
                Ty::Error
            }
        };
        (
            mk(P::Call(builtin, typed.into())),
            if ok { ty } else { Ty::Error },
        )
    }

    /// An argument of a built-in, typed as its row of the table says;
    /// whether it is what the row asks for.
    fn argument(&mut self, func: &ast::Ident, arg: &ast::Expr, kind: Arg) -> (Expr, bool) {
        let pool = POOL;
        match kind {
            Arg::Number => {
                let (x, t) = self.typed(arg, Ty::Int);
                (x, t != Ty::Error)
            }
            Arg::Throw => {
                let (x, t) = self.typed(arg, pool);
                (x, t != Ty::Error)
            }
            Arg::Ranked => {
                let (x, t) = self.typed(arg, pool);
                let Ty::Pool { count, sides, .. } = t else {
                    return (x, false);
                };
                let ranked = self
                    .hand_table(func.span, count, sides, arg.span, true)
                    .is_some();
                (x, ranked)
            }
            Arg::One => {
                let (x, t) = self.typed(arg, pool);
                match t {
                    Ty::Pool { count: 1, .. } => (x, true),
                    Ty::Pool { count, sides, .. } => {
                        let what = if sides == 0 { "cards" } else { "dice" };
                        self.errors.push(CheckError::Type {
                            expected: "one card or one die",
                            found: if sides == 0 {
                                "several cards"
                            } else {
                                "several dice"
                            },
                            span: arg.span,
                            help: Some(format!(
                                "`{}` reads a single card; this holds {count} {what}: use `total`",
                                func.name
                            )),
                        });
                        (x, false)
                    }
                    _ => (x, false),
                }
            }
            // Read by `hands`, which may give several arguments.
            Arg::Hand => (self.typed(arg, pool).0, false),
        }
    }

    /// The hand argument of `b`: a hand of cards, or hands joined with `+`
    /// (`mine + board`), each compiled to its own argument; whether they
    /// are what `b` reads. The shoe is told to tell apart what is read:
    /// ranks and suits for poker, or the highest card's.
    fn hands(&mut self, b: Builtin, arg: &ast::Expr) -> (Vec<Expr>, bool) {
        let mut parts = Vec::new();
        joined(arg, &mut parts);
        let mut hands = Vec::with_capacity(parts.len());
        let mut shoes = Vec::new();
        let mut cards = 0u32;
        let mut ok = true;
        for part in parts {
            let (x, t) = self.expr(part);
            match t {
                Ty::Pool {
                    count,
                    shoe: Some(shoe),
                    ..
                } => {
                    cards = cards.saturating_add(count);
                    shoes.push(shoe);
                }
                Ty::Error => ok = false,
                other => {
                    self.errors.push(CheckError::Type {
                        expected: "a hand of cards",
                        found: other.describe(),
                        span: part.span,
                        help: Some(format!(
                            "`{}` reads cards dealt from a shoe (`draw hand = 3 from cards`), \
                             or hands joined with `+`",
                            b.name()
                        )),
                    });
                    ok = false;
                }
            }
            hands.push(x);
        }
        // Poker reads ranks and suits; the highest card of several, its
        // rank and the suit that breaks a tie of ranks; a statistic, the
        // values alone.
        let read = match b {
            Builtin::CardSuit if cards == 1 => (false, true),
            Builtin::CardRank => (true, false),
            _ if !b.reads_cards() => (false, false),
            _ => (true, true),
        };
        for shoe in shoes {
            let r = &mut self.cards_read[shoe];
            *r = (r.0 | read.0, r.1 | read.1);
        }
        if ok && b.ranks_poker() && !crate::program::poker::ranks_size(cards as usize) {
            self.errors.push(CheckError::PokerHand {
                func: b.name(),
                cards,
                span: arg.span,
            });
            ok = false;
        }
        (hands, ok)
    }

    /// The labels of a poker category, registered once.
    fn categories(&mut self) -> usize {
        let names: Vec<String> = crate::program::poker::CATEGORIES
            .iter()
            .map(|c| c.to_string())
            .collect();
        match self.labels.iter().position(|l| *l == names) {
            Some(i) => i,
            None => {
                self.labels.push(names);
                self.labels.len() - 1
            }
        }
    }

    /// A call of definition `d`: its body with the arguments in place of
    /// its names, checked where it is called.
    fn defined(
        &mut self,
        d: &ast::DefineDecl,
        args: &[ast::Expr],
        span: crate::ast::Span,
    ) -> (Expr, Ty) {
        let expansion = Expansion {
            expanding: &self.expanding,
            expanded: &mut self.expanded,
        };
        let Some(body) = expansion.call(d, args, span, self.errors) else {
            let zero = Expr {
                kind: P::Int(0),
                span,
            };
            return (zero, Ty::Error);
        };
        self.expanding.push((d.name.name.clone(), span));
        let typed = self.expr(&body);
        self.expanding.pop();
        typed
    }
}

/// What a function of throws and hands wants: either.
const POOL: Ty = Ty::Pool {
    count: 0,
    sides: 0,
    shoe: None,
};

/// Whether `e` is a comparison, `is` or `in` written without parentheses,
/// the operand of another comparison only by their grouping left to right.
fn bare_comparison(e: &ast::Expr) -> bool {
    match &e.kind {
        A::Binary { op, .. } => matches!(
            op,
            BinaryOp::Eq | BinaryOp::Ne | BinaryOp::Lt | BinaryOp::Le | BinaryOp::Gt | BinaryOp::Ge
        ),
        A::Is { .. } | A::In { .. } => true,
        _ => false,
    }
}

/// A condition where a number is wanted: 1 where it holds, 0 where it does
/// not. A constant condition is the constant number.
pub(super) fn as_number(x: Expr) -> Expr {
    let span = x.span;
    let kind = match x.kind {
        P::Bool(b) => P::Int(i64::from(b)),
        _ => P::Number(Box::new(x)),
    };
    Expr { kind, span }
}

/// The hint for a number written where a condition is wanted: a number is
/// not true or false of itself, so the comparison is spelt out.
pub(super) fn number_as_condition(e: &ast::Expr) -> String {
    format!(
        "a number is not a condition: write `{} != 0`, or compare it otherwise",
        crate::ast::print::expr(e)
    )
}
