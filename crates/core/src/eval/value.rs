//! Values of the interpreter and the evaluation of expressions, shared by
//! the exact evaluator and the player.

use rustc_hash::FxHashMap;
use smallvec::SmallVec;

use super::EvalError;

/// Errors stay boxed while expressions recurse, so that the common,
/// successful result is small.
pub type Res<T> = Result<T, Box<EvalError>>;
use crate::ast::Span;
use crate::program::builtin::{Builtin, Failure, Output};
use crate::program::poker;
use crate::program::{Arith, Cell, Cmp, Expr, ExprKind, Pat, Program};

/// A value held in a slot. A throw is an index into [`Pools`].
///
/// Laid out as two words, the tag then the payload, so that a value moves
/// through registers and memory whole rather than byte by byte.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
#[repr(u64)]
pub enum Value {
    /// Not bound yet, or no longer needed.
    #[default]
    Unset,
    Int(i64),
    Bool(bool),
    Pool(u32),
}

/// The values of all slots at one point of a round; small rounds keep them
/// inline, so a state is one hashable block of memory.
pub type Env = SmallVec<[Value; 8]>;

/// The throws seen so far, as sorted faces, and the hands dealt, as sorted
/// card values with what is known of each card beside them. The exact
/// evaluator interns them, so that equal throws (and hands) have equal
/// ids; the player pushes each throw of a round and clears them all when
/// the next round starts.
#[derive(Debug, Default)]
pub struct Pools {
    /// Every pool's faces, one after another.
    faces: Vec<u32>,
    /// Where each pool's faces start and end in `faces`.
    bounds: Vec<(u32, u32)>,
    /// Each hand's cards ([`crate::program::card::Card`]), one after
    /// another, face by face, and where each pool's start and end (an
    /// empty range for a throw of dice; none past the last hand).
    cards: Vec<u32>,
    card_bounds: Vec<(u32, u32)>,
    index: FxHashMap<Box<[u32]>, u32>,
    /// Hands interned with their cards: the values, then the cards.
    hand_index: FxHashMap<Box<[u32]>, u32>,
    /// Each hand's ranks and suits as poker reads them (see
    /// [`Pools::poker`]), computed when it is interned: a union of hands
    /// (`category(mine + board)`) is ranked by joining them.
    poker: Vec<Option<poker::Hand>>,
}

impl Pools {
    /// The id of a sorted throw, adding it when new.
    pub fn intern(&mut self, faces: &[u32]) -> u32 {
        if let Some(&id) = self.index.get(faces) {
            return id;
        }
        let id = self.push(faces);
        self.index.insert(faces.into(), id);
        id
    }

    /// The id of a hand of cards, sorted by value and then card, adding
    /// it when new.
    pub fn intern_hand(&mut self, faces: &[u32], cards: &[u32]) -> u32 {
        let key: Box<[u32]> = faces.iter().chain(cards).copied().collect();
        if let Some(&id) = self.hand_index.get(&key) {
            return id;
        }
        let id = self.push_hand(faces, cards);
        self.hand_index.insert(key, id);
        id
    }

    /// The id of the hand of `pairs` (each card's value, then the card), in
    /// any order: sorted first, as [`Pools::intern_hand`] wants them.
    pub fn intern_pairs(&mut self, pairs: &mut [(u32, u32)]) -> u32 {
        pairs.sort_unstable();
        let faces: SmallVec<[u32; 8]> = pairs.iter().map(|&(v, _)| v).collect();
        let cards: SmallVec<[u32; 8]> = pairs.iter().map(|&(_, c)| c).collect();
        self.intern_hand(&faces, &cards)
    }

    /// Adds a sorted throw under a new id, equal throws or not.
    pub fn push(&mut self, faces: &[u32]) -> u32 {
        let start = self.faces.len() as u32;
        self.faces.extend_from_slice(faces);
        self.bounds.push((start, self.faces.len() as u32));
        (self.bounds.len() - 1) as u32
    }

    /// Adds a hand (its values, and its cards face by face) under a new
    /// id. Throws keep no cards: `card_bounds` reaches only as far as the
    /// last hand with cards, so that a throw costs nothing more.
    pub fn push_hand(&mut self, faces: &[u32], cards: &[u32]) -> u32 {
        let id = self.push(faces);
        let start = self.cards.len() as u32;
        self.card_bounds.resize(id as usize, (start, start));
        self.cards.extend_from_slice(cards);
        self.card_bounds.push((start, self.cards.len() as u32));
        self.poker.resize(id as usize, None);
        let ranked = (cards.len() <= poker::MOST_RANKED).then(|| poker::Hand::of(cards));
        self.poker.push(ranked.flatten());
        id
    }

    /// Forgets the throw pushed last (a reroll's rejected attempt), which
    /// nothing refers to any more.
    pub fn pop(&mut self) {
        if let Some((start, _)) = self.bounds.pop() {
            self.faces.truncate(start as usize);
        }
        if self.card_bounds.len() > self.bounds.len() {
            if let Some((start, _)) = self.card_bounds.pop() {
                self.cards.truncate(start as usize);
            }
        }
        self.poker.truncate(self.bounds.len());
    }

    /// Forgets every throw.
    pub fn clear(&mut self) {
        self.faces.clear();
        self.bounds.clear();
        self.cards.clear();
        self.card_bounds.clear();
        self.poker.clear();
        self.index.clear();
        self.hand_index.clear();
    }

    pub fn faces(&self, id: u32) -> &[u32] {
        let (start, end) = self.bounds[id as usize];
        &self.faces[start as usize..end as usize]
    }

    /// What poker reads of a hand of at most [`poker::MOST_RANKED`] cards
    /// whose ranks and suits are known (none otherwise).
    #[inline]
    pub fn poker(&self, id: u32) -> Option<&poker::Hand> {
        self.poker.get(id as usize)?.as_ref()
    }

    /// A hand's cards, in the order of its faces (none for a throw).
    pub fn cards(&self, id: u32) -> &[u32] {
        match self.card_bounds.get(id as usize) {
            Some(&(start, end)) => &self.cards[start as usize..end as usize],
            None => &[],
        }
    }
}

/// What expressions are evaluated against: the program and its throws.
#[derive(Clone, Copy)]
pub struct Context<'a> {
    pub program: &'a Program,
    pub pools: &'a Pools,
}

fn int(v: Value, e: &Expr) -> Res<i64> {
    match v {
        Value::Int(n) => Ok(n),
        _ => Err(internal("a number where the checker promised one", e)),
    }
}

fn boolean(v: Value, e: &Expr) -> Res<bool> {
    match v {
        Value::Bool(b) => Ok(b),
        _ => Err(internal("a condition where the checker promised one", e)),
    }
}

fn pool<'a>(c: Context<'a>, v: Value, e: &Expr) -> Res<&'a [u32]> {
    match v {
        Value::Pool(id) => Ok(c.pools.faces(id)),
        _ => Err(internal("a throw where the checker promised one", e)),
    }
}

/// A number expression's value, the common shapes evaluated here without
/// passing through a [`Value`], anything else through [`eval`].
#[inline]
fn int_operand(c: Context, env: &[Value], e: &Expr) -> Res<i64> {
    match &e.kind {
        ExprKind::Int(n) => Ok(*n),
        ExprKind::Slot(s) => match env.get(*s) {
            Some(Value::Int(n)) => Ok(*n),
            _ => int(eval(c, env, e)?, e),
        },
        ExprKind::Arith(op, a, b) => {
            let x = int_operand(c, env, a)?;
            let y = int_operand(c, env, b)?;
            checked(*op, x, y, e, b)
        }
        ExprKind::Call(b, args) => call(c, env, *b, args, e),
        ExprKind::Number(a) => Ok(i64::from(test(c, env, a)?)),
        _ => int(eval(c, env, e)?, e),
    }
}

/// `x op y`, checked.
#[inline(always)]
fn checked(op: Arith, x: i64, y: i64, e: &Expr, divisor: &Expr) -> Res<i64> {
    if op == Arith::Mod && y == 0 {
        return Err(mod_zero(divisor));
    }
    arith(op, x, y).ok_or_else(|| overflow(e))
}

/// The value of built-in `b` called with `args` (the call `e`): its throw
/// and its numbers evaluated, then [`Builtin::apply`].
fn call(c: Context, env: &[Value], b: Builtin, args: &[Expr], e: &Expr) -> Res<i64> {
    if args.len() > b.args().len() {
        return joined(c, env, b, args, e);
    }
    let mut faces: &[u32] = &[];
    let mut numbers = [0i64; 2];
    let mut next = numbers.iter_mut();
    for (arg, &(_, kind)) in args.iter().zip(b.args()) {
        if kind.is_throw() {
            let value = match &arg.kind {
                ExprKind::Slot(s) if matches!(env.get(*s), Some(Value::Pool(_))) => env[*s],
                _ => eval(c, env, arg)?,
            };
            faces = match value {
                Value::Pool(id) if b.reads_cards() => c.pools.cards(id),
                v => pool(c, v, arg)?,
            };
        } else {
            let Some(number) = next.next() else {
                return Err(internal("a built-in of more than two numbers", e));
            };
            *number = int_operand(c, env, arg)?;
        }
    }
    applied(c, b, faces, numbers, args, e)
}

/// A built-in of hands joined with `+` (`category(mine + board)`,
/// `total(mine + board)`): its first arguments hands, read together (their
/// cards, or for a statistic their values, sorted), then its numbers.
#[inline(never)]
fn joined(c: Context, env: &[Value], b: Builtin, args: &[Expr], e: &Expr) -> Res<i64> {
    let numbers_given = b.args().len() - 1;
    let (hands, rest) = args.split_at(args.len().saturating_sub(numbers_given));
    if b.ranks_poker() {
        if let Some(v) = ranked_joined(c, env, b, hands) {
            return Ok(v);
        }
    }
    let mut read: SmallVec<[u32; 8]> = SmallVec::new();
    for arg in hands {
        match eval(c, env, arg)? {
            Value::Pool(id) if b.reads_cards() => read.extend_from_slice(c.pools.cards(id)),
            Value::Pool(id) => read.extend_from_slice(c.pools.faces(id)),
            _ => return Err(internal("a hand where the checker promised one", arg)),
        }
    }
    // A statistic reads the values in order; a hand's cards are read as a set.
    if !b.reads_cards() {
        read.sort_unstable();
    }
    let mut numbers = [0i64; 2];
    for (number, arg) in numbers.iter_mut().zip(rest) {
        *number = int_operand(c, env, arg)?;
    }
    applied(c, b, &read, numbers, args, e)
}

/// Poker's category or value of hands joined with `+`, by joining what
/// poker reads of each ([`Pools::poker`]); `None` where a hand has none (or
/// an argument is not a name holding a hand), to be read card by card.
pub(crate) fn ranked_joined(c: Context, env: &[Value], b: Builtin, hands: &[Expr]) -> Option<i64> {
    let mut joined = poker::Hand::default();
    for arg in hands {
        let ExprKind::Slot(s) = arg.kind else {
            return None;
        };
        let Some(Value::Pool(id)) = env.get(s) else {
            return None;
        };
        joined = joined.join(c.pools.poker(*id)?);
    }
    match b {
        Builtin::Category => joined.category().map(|k| k as i64),
        _ => joined.ranked().map(|r| r.value),
    }
}

/// [`Builtin::apply`], its failures as errors at the call `e`.
fn applied(
    c: Context,
    b: Builtin,
    faces: &[u32],
    numbers: [i64; 2],
    args: &[Expr],
    e: &Expr,
) -> Res<i64> {
    b.apply(faces, numbers, c.program.hands.as_ref())
        .map_err(|failure| match failure {
            Failure::Overflow => overflow(e),
            Failure::NotOne => internal("the value of a hand that is not one card", e),
            Failure::Unranked => internal(
                "a throw the hand table does not rank",
                args.first().unwrap_or(e),
            ),
        })
}

/// Evaluates a condition, the common shapes here without passing through
/// a [`Value`].
pub fn test(c: Context, env: &[Value], e: &Expr) -> Res<bool> {
    match &e.kind {
        ExprKind::Cmp(op @ (Cmp::Lt | Cmp::Le | Cmp::Gt | Cmp::Ge), a, b) => {
            let x = int_operand(c, env, a)?;
            let y = int_operand(c, env, b)?;
            Ok(compare(*op, x, y))
        }
        ExprKind::And(a, b) => Ok(test(c, env, a)? && test(c, env, b)?),
        ExprKind::Or(a, b) => Ok(test(c, env, a)? || test(c, env, b)?),
        ExprKind::Not(a) => Ok(!test(c, env, a)?),
        ExprKind::Table(t, a, b) => {
            let row = int_operand(c, env, a)?;
            let column = int_operand(c, env, b)?;
            match cell(c.program, *t, row, column, e.span)? {
                Cell::Draw => Ok(true),
                Cell::Stand => Ok(false),
                Cell::Choice => Err(internal("a table with `?` cells read as a value", e)),
            }
        }
        _ => boolean(eval(c, env, e)?, e),
    }
}

/// Evaluates an expression in an environment. The shapes a round runs
/// most (names, arithmetic, comparisons, built-ins, a table) are here; the
/// others call functions of their own, so that this function's frame stays
/// small and a call costs little. Every kind of expression has its arm: a
/// new one the evaluator misses does not compile.
pub fn eval(c: Context, env: &[Value], e: &Expr) -> Res<Value> {
    Ok(match &e.kind {
        ExprKind::Int(n) => Value::Int(*n),
        ExprKind::Bool(b) => Value::Bool(*b),
        ExprKind::Slot(s) => match env.get(*s) {
            Some(Value::Unset) | None => {
                return Err(internal("a name read before it was bound", e))
            }
            Some(v) => *v,
        },
        ExprKind::Arith(..) => Value::Int(int_operand(c, env, e)?),
        ExprKind::Call(b, args) => match b.spec().output {
            Output::Number | Output::Faces | Output::Category => {
                Value::Int(call(c, env, *b, args, e)?)
            }
        },
        ExprKind::Cmp(op @ (Cmp::Eq | Cmp::Ne), a, b) => {
            let x = eval(c, env, a)?;
            let y = eval(c, env, b)?;
            // Pools compare by faces: the player does not intern them.
            let equal = match (x, y) {
                (Value::Pool(p), Value::Pool(q)) => c.pools.faces(p) == c.pools.faces(q),
                _ => x == y,
            };
            Value::Bool(equal == (*op == Cmp::Eq))
        }
        ExprKind::Cmp(..)
        | ExprKind::And(..)
        | ExprKind::Or(..)
        | ExprKind::Not(_)
        | ExprKind::Table(..) => Value::Bool(test(c, env, e)?),
        ExprKind::Neg(a) => Value::Int(negate(c, env, a, e)?),
        ExprKind::Number(a) => Value::Int(i64::from(test(c, env, a)?)),
        ExprKind::Matches(a, pats) => Value::Bool(matches(c, env, a, pats)?),
        ExprKind::In(a, ranges) => Value::Bool(within(c, env, a, ranges)?),
    })
}

#[cold]
fn mod_zero(divisor: &Expr) -> Box<EvalError> {
    Box::new(EvalError::ModZero { span: divisor.span })
}

/// An error the checker should have made impossible, at `e`.
#[cold]
fn internal(what: &'static str, e: &Expr) -> Box<EvalError> {
    Box::new(EvalError::Internal { what, span: e.span })
}

#[cold]
fn overflow(e: &Expr) -> Box<EvalError> {
    Box::new(EvalError::Overflow { span: e.span })
}

/// `-a`, checked.
#[inline(never)]
fn negate(c: Context, env: &[Value], a: &Expr, e: &Expr) -> Res<i64> {
    int(eval(c, env, a)?, a)?
        .checked_neg()
        .ok_or_else(|| overflow(e))
}

/// Whether number `a` lies in one of `ranges`.
#[inline(never)]
fn within(c: Context, env: &[Value], a: &Expr, ranges: &[(i64, i64)]) -> Res<bool> {
    let x = int(eval(c, env, a)?, a)?;
    Ok(ranges.iter().any(|&(lo, hi)| lo <= x && x <= hi))
}

/// Whether throw `a` matches one of `pats`.
#[inline(never)]
fn matches(c: Context, env: &[Value], a: &Expr, pats: &[Pat]) -> Res<bool> {
    let p = c.program;
    let v = eval(c, env, a)?;
    let faces = pool(c, v, a)?;
    let mut hit = false;
    for pat in pats {
        hit |= match pat {
            Pat::Combo(c) => c.as_slice() == faces,
            // A throw no hand lists is not that hand, nor of that suit.
            Pat::Hand(h) => hand_in_table(p, faces) == Some(*h),
            Pat::Suit(s) => hand_in_table(p, faces)
                .and_then(|hand| p.hands.as_ref().map(|t| t.hands[hand].suit == *s))
                .unwrap_or(false),
        };
    }
    Ok(hit)
}

/// The keys and cell of draw table `t` at the values of `row` and `column`.
pub fn lookup_cell(
    c: Context,
    env: &[Value],
    t: usize,
    row: &Expr,
    column: &Expr,
    span: Span,
) -> Res<(i64, i64, Cell)> {
    let r = int(eval(c, env, row)?, row)?;
    let k = int(eval(c, env, column)?, column)?;
    Ok((r, k, cell(c.program, t, r, k, span)?))
}

/// The cell of draw table `t` at (row, column), looked up at `span`.
pub fn cell(p: &Program, t: usize, row: i64, column: i64, span: Span) -> Result<Cell, EvalError> {
    let table = &p.tables[t];
    table.lookup(row, column).ok_or_else(|| EvalError::NoCell {
        table: table.name.clone(),
        row,
        column,
        span,
        table_span: table.span,
    })
}

fn hand_in_table(p: &Program, faces: &[u32]) -> Option<usize> {
    p.hands.as_ref().and_then(|t| t.combos.get(faces).copied())
}

/// `x op y`, checked; `None` on an overflow or a zero divisor.
#[inline(always)]
pub(crate) fn arith(op: Arith, x: i64, y: i64) -> Option<i64> {
    match op {
        Arith::Add => x.checked_add(y),
        Arith::Sub => x.checked_sub(y),
        Arith::Mul => x.checked_mul(y),
        // A value already in range, as a total mod 10 mostly is, needs no
        // division.
        Arith::Mod if 0 <= x && x < y => Some(x),
        Arith::Mod if y > 0 && y <= x && x - y < y => Some(x - y),
        Arith::Mod if y == 0 => None,
        Arith::Mod => x.checked_rem_euclid(y),
    }
}

/// Whether `x op y`.
#[inline(always)]
pub(crate) fn compare(op: Cmp, x: i64, y: i64) -> bool {
    match op {
        Cmp::Lt => x < y,
        Cmp::Le => x <= y,
        Cmp::Gt => x > y,
        Cmp::Ge => x >= y,
        Cmp::Eq => x == y,
        Cmp::Ne => x != y,
    }
}
