//! The typed syntax tree of a `.dice` file, owned and independent of pest.
//!
//! Every node an error can point at carries a [`Span`] (a byte range of the
//! source). The tree keeps the items in source order so that the printer in
//! [`print`] can write the file back; `check` resolves names and types from it.

pub mod parts;
pub mod print;

use serde::{Deserialize, Serialize};
use std::fmt;

use crate::number::Exact;

/// A byte range of the source, `start..end`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct Span {
    pub start: usize,
    pub end: usize,
}

impl Span {
    pub fn new(start: usize, end: usize) -> Self {
        Span { start, end }
    }

    /// The smallest span holding both.
    pub fn to(self, other: Span) -> Span {
        Span::new(self.start.min(other.start), self.end.max(other.end))
    }

    pub fn len(self) -> usize {
        self.end - self.start
    }

    pub fn is_empty(self) -> bool {
        self.start == self.end
    }
}

impl fmt::Debug for Span {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}..{}", self.start, self.end)
    }
}

impl From<Span> for miette::SourceSpan {
    fn from(span: Span) -> Self {
        (span.start, span.len()).into()
    }
}

/// A name as written, with where it was written.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ident {
    pub name: String,
    pub span: Span,
}

/// A number as written (`7`, `0.95`, `37/432`, `8.5%`), kept exact.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Number {
    pub value: Exact,
    /// Written with a `%` sign: `value` is already divided by 100.
    pub percent: bool,
    /// The text as written, for printing and for the tolerance of claims.
    pub text: String,
    pub span: Span,
}

/// A whole `.dice` file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct File {
    pub items: Vec<Item>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Item {
    Game(GameDecl),
    Param(ParamDecl),
    Outcomes(OutcomesDecl),
    Hands(HandsDecl),
    Table(TableDecl),
    Shoe(ShoeDecl),
    Round(RoundDecl),
    Bet(BetDecl),
    Expect(ExpectDecl),
    Claim(ClaimDecl),
    Banking(Banking),
}

/// `game "Heist"`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameDecl {
    pub name: String,
    pub span: Span,
}

/// `param tie_odds = 6`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ParamDecl {
    pub name: Ident,
    pub default: Number,
    pub span: Span,
}

/// A value given with `--set NAME=VALUE` (or in an `expect`'s `with`),
/// which replaces a parameter's default.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Setting {
    Number(Exact),
    /// `infinite`: a shoe's deck count.
    Infinite,
}

impl fmt::Display for Setting {
    /// The value as `--set` takes it back: `6`, `15/2`, `infinite`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Setting::Number(n) => write!(f, "{n}"),
            Setting::Infinite => f.write_str("infinite"),
        }
    }
}

/// `outcomes banker_wins, player_wins`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct OutcomesDecl {
    pub names: Vec<Ident>,
    pub span: Span,
}

/// `hands chart { suit { hand 6-6 | 5-5 ... } ... }`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct HandsDecl {
    pub name: Ident,
    pub suits: Vec<SuitBlock>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SuitBlock {
    pub name: Ident,
    /// Best first.
    pub hands: Vec<HandLine>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct HandLine {
    pub name: Ident,
    pub combos: Vec<Combo>,
    pub span: Span,
}

/// An unordered combination of faces, `6-5`; `faces` as written.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Combo {
    pub faces: Vec<u32>,
    pub span: Span,
}

/// `table banker_draws(bank, second) { columns ... rows }`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TableDecl {
    pub name: Ident,
    pub row_key: Ident,
    pub column_key: Ident,
    /// `decided by BET`: who picks in the `?` cells.
    pub decided_by: Option<Ident>,
    pub columns: Vec<Key>,
    pub rows: Vec<TableRow>,
    pub span: Span,
}

/// A whole number or an inclusive range `lo..hi` keying a row or a column.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Key {
    pub lo: i64,
    pub hi: i64,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TableRow {
    pub key: Key,
    pub cells: Vec<Cell>,
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum CellKind {
    Draw,
    Stand,
    /// `?`: the deciding side draws or stands.
    Choice,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Cell {
    pub kind: CellKind,
    pub span: Span,
}

/// `shoe cards { decks = 8  values A => 1, 2..9 => pip, 10 J Q K => 0 }`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ShoeDecl {
    pub name: Ident,
    pub decks: Decks,
    pub values: Vec<ValueMap>,
    /// `aces high` or `aces low`, when written.
    #[serde(default)]
    pub aces: Option<Aces>,
    pub span: Span,
}

/// `aces high` or `aces low`: where the ace ranks in `rank(card)`.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Aces {
    /// Above the king (14) rather than below the two (1).
    pub high: bool,
    pub span: Span,
}

/// How many decks a shoe holds, as written.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Decks {
    Count {
        count: i64,
        span: Span,
    },
    /// A parameter's name: `decks = decks`.
    Param(Ident),
    /// `infinite`: every card dealt independently.
    Infinite {
        span: Span,
    },
}

/// `2..9 => pip` or `10 J Q K => 0`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ValueMap {
    pub ranks: Vec<Ranks>,
    /// `None` for `pip`: each rank counts its own number.
    pub value: Option<i64>,
    pub span: Span,
}

/// One rank (`A`, `10`) or a range of numbered ranks (`2..9`), as written.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Ranks {
    One { rank: String, span: Span },
    Range(Key),
}

/// `banking { ... }`: the table rules, clause by clause as written.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Banking {
    pub clauses: Vec<Clause>,
    pub span: Span,
}

/// One line of a `banking` item.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Clause {
    pub kind: ClauseKind,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum ClauseKind {
    /// `bank house`, `bank rotates every round`, ...: who banks.
    Bank(BankRule),
    /// `bank bets BET`: the bet the bank seat is settled by.
    BankBets(Ident),
    /// `bank covers every bet`: the bank takes every stake, and pays what
    /// it owes while it has chips.
    BankCovers,
    /// `stake A or B ...`: the stakes the table may agree on.
    Stake(Vec<StakeRule>),
    /// `banco`.
    Banco,
    /// `limit = V` or `limit set by the banker [up to V]`.
    Limit(LimitRule),
    /// `chips each = V` or `chips players = V, banker = W`.
    Chips(ChipsRule),
    /// `bankrupt banker => new game | bank passes`.
    BankruptBanker(BankruptRule),
    /// `bankrupt player => leaves`, the only rule for a player.
    BankruptPlayerLeaves,
    /// `choices by each seat` or `choices by the largest stake`.
    Choices(ChoicesRule),
}

/// Who makes the choices of a bet several seats are on in one round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ChoicesRule {
    /// `choices by each seat`: every seat decides for its own bet.
    EachSeat,
    /// `choices by the largest stake`: one hand for the table, played by the
    /// largest stake on the bet.
    LargestStake,
}

impl ClauseKind {
    /// The clause as its first words name it: `bank`, `stake`, `bankrupt banker`.
    pub fn name(&self) -> &'static str {
        match self {
            ClauseKind::Bank(_) => "bank",
            ClauseKind::BankBets(_) => "bank bets",
            ClauseKind::BankCovers => "bank covers every bet",
            ClauseKind::Stake(_) => "stake",
            ClauseKind::Banco => "banco",
            ClauseKind::Limit(_) => "limit",
            ClauseKind::Chips(_) => "chips",
            ClauseKind::BankruptBanker(_) => "bankrupt banker",
            ClauseKind::BankruptPlayerLeaves => "bankrupt player",
            ClauseKind::Choices(_) => "choices",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum BankRule {
    House,
    RotatesEveryRound,
    KeptUntilBankerLoses,
    KeptForGame,
    /// `passes when OUTCOME | OUTCOME`.
    PassesWhen(Vec<Ident>),
}

/// One of the stakes of a `stake` clause.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StakeRule {
    pub kind: StakeKind,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum StakeKind {
    /// `fixed V`.
    Fixed(Amount),
    /// `up to V`.
    UpTo(Amount),
    Free,
    /// `set by the bank`.
    SetByBank,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum LimitRule {
    /// `= V`.
    Fixed(Amount),
    /// `set by the banker [up to V]`.
    SetByBanker { up_to: Option<Amount> },
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum ChipsRule {
    /// `each = V`.
    Each(Amount),
    /// `players = V, banker = W`.
    Split { players: Amount, banker: Amount },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum BankruptRule {
    NewGame,
    BankPasses,
}

/// A number of chips: a number or a parameter.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Amount {
    Number(Number),
    Param(Ident),
}

impl Amount {
    pub fn span(&self) -> Span {
        match self {
            Amount::Number(n) => n.span,
            Amount::Param(p) => p.span,
        }
    }
}

/// `round { ... }`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RoundDecl {
    pub body: Block,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Block {
    pub stmts: Vec<Stmt>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Stmt {
    Throw(ThrowStmt),
    Draw(DrawStmt),
    Burn(BurnStmt),
    TurnUp(TurnUpStmt),
    Let(LetStmt),
    Set(LetStmt),
    If(IfStmt),
    End(EndStmt),
    Compare(CompareStmt),
    Repeat(RepeatStmt),
    While(WhileStmt),
    Choose(ChooseStmt),
}

impl Stmt {
    /// Where the statement is written.
    pub fn span(&self) -> Span {
        match self {
            Stmt::Throw(s) => s.span,
            Stmt::Draw(s) => s.span,
            Stmt::Burn(s) => s.span,
            Stmt::TurnUp(s) => s.span,
            Stmt::Let(s) | Stmt::Set(s) => s.span,
            Stmt::If(s) => s.span,
            Stmt::End(s) => s.span,
            Stmt::Compare(s) => s.span,
            Stmt::Repeat(s) => s.span,
            Stmt::While(s) => s.span,
            Stmt::Choose(s) => s.span,
        }
    }
}

/// `choose face from 1..6 by player`, or
/// `choose action from [draw, stand] by player knowing player_value`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ChooseStmt {
    pub name: Ident,
    /// Numbered options; empty when the options are labels.
    pub options: Vec<Key>,
    /// Labelled options (`[draw, stand]`); empty when they are numbers.
    pub labels: Vec<Ident>,
    pub bracketed: bool,
    /// `from faces(first)`: the options are the faces the throw (or hand)
    /// named shows; `options` and `labels` are then empty.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub faces: Option<Ident>,
    pub by: Ident,
    /// What the chooser sees; `None` without `knowing`: every live name.
    pub knowing: Option<Knowing>,
    pub span: Span,
}

/// `knowing a, b` or `knowing nothing`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Knowing {
    /// Empty for `knowing nothing`.
    pub names: Vec<Ident>,
    pub span: Span,
}

/// `repeat 13 { ... }`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RepeatStmt {
    pub count: i64,
    pub count_span: Span,
    pub body: Block,
    pub span: Span,
}

/// `throw name = 2d6` with an optional `until` condition (a reroll).
/// `while playing at most 10 { ... }`: the body, run while `cond` holds
/// before a pass, at most `count` passes.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct WhileStmt {
    pub cond: Expr,
    pub count: i64,
    pub count_span: Span,
    pub body: Block,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ThrowStmt {
    pub name: Ident,
    pub dice: Dice,
    /// `for each seat`: at a table, each seat throws these dice for itself;
    /// the round's other throws and draws are the table's, shared by every
    /// seat's run.
    #[serde(default)]
    pub for_each_seat: bool,
    pub until: Option<Expr>,
    pub span: Span,
}

/// `draw hand = 2 from cards`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DrawStmt {
    pub name: Ident,
    pub count: i64,
    pub count_span: Span,
    pub shoe: Ident,
    /// `face down`: a table shows the cards only when the round ends.
    #[serde(default)]
    pub face_down: bool,
    /// `for each seat`: at a table, each seat is dealt a hand of its own.
    #[serde(default)]
    pub for_each_seat: bool,
    pub span: Span,
}

/// `turn up hole_card`: a hand dealt face down shown to the table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TurnUpStmt {
    pub name: Ident,
    pub span: Span,
}

/// `burn 3 from cards`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BurnStmt {
    pub count: i64,
    pub count_span: Span,
    pub shoe: Ident,
    pub span: Span,
}

/// `2d6`: how many dice, how many sides.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Dice {
    pub count: u64,
    pub sides: u64,
    pub span: Span,
}

/// `let name = expr` or `set name = expr`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LetStmt {
    pub name: Ident,
    pub value: Expr,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct IfStmt {
    pub cond: Expr,
    pub then: Block,
    pub otherwise: Option<Else>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Else {
    If(Box<IfStmt>),
    Block(Block),
}

/// `end outcome`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct EndStmt {
    pub outcome: Ident,
    pub span: Span,
}

/// `compare a with b { higher => ..., equal => ..., lower => ... }`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CompareStmt {
    pub left: Expr,
    pub right: Expr,
    pub arms: Vec<CompareArm>,
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Side {
    Higher,
    Equal,
    Lower,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CompareArm {
    pub side: Side,
    pub side_span: Span,
    pub body: Block,
    /// Written as `=> end x` rather than `=> { end x }`.
    pub short: bool,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Expr {
    pub kind: ExprKind,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum ExprKind {
    Int(i64),
    Bool(bool),
    Name(Ident),
    Call {
        func: Ident,
        args: Vec<Expr>,
    },
    Unary {
        op: UnaryOp,
        operand: Box<Expr>,
    },
    Binary {
        op: BinaryOp,
        left: Box<Expr>,
        right: Box<Expr>,
    },
    /// `x is 6-6 | heaven`.
    Is {
        subject: Box<Expr>,
        patterns: Vec<Pattern>,
    },
    /// `x in 2..7` or `x in [1, 3..4]`.
    In {
        subject: Box<Expr>,
        set: Vec<Key>,
        bracketed: bool,
    },
    /// `( expr )`, kept so that printing gives back the same text.
    Paren(Box<Expr>),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum UnaryOp {
    Not,
    Neg,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum BinaryOp {
    Or,
    And,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    Add,
    Sub,
    Mul,
    Mod,
}

impl BinaryOp {
    pub fn symbol(self) -> &'static str {
        match self {
            BinaryOp::Or => "or",
            BinaryOp::And => "and",
            BinaryOp::Eq => "=",
            BinaryOp::Ne => "!=",
            BinaryOp::Lt => "<",
            BinaryOp::Le => "<=",
            BinaryOp::Gt => ">",
            BinaryOp::Ge => ">=",
            BinaryOp::Add => "+",
            BinaryOp::Sub => "-",
            BinaryOp::Mul => "*",
            BinaryOp::Mod => "mod",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Pattern {
    Combo(Combo),
    /// A hand or a suit of the hand table.
    Name(Ident),
}

/// `bet player { outcome => payout ... }`, or `bet player on score { ... }`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BetDecl {
    pub name: Ident,
    /// The name whose final value the bet is settled on, if not the outcome.
    pub on: Option<Ident>,
    pub lines: Vec<PayLine>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PayLine {
    pub key: PayKey,
    pub payout: Payout,
    pub span: Span,
}

/// What a payout line pays on.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum PayKey {
    /// An outcome, for a bet settled on outcomes.
    Outcome(Ident),
    /// Final values, for a bet settled `on` a name.
    Values(ValueKey),
    /// `[3, 4, 9..11]`: several keys paid alike.
    Set { keys: Vec<ValueKey>, span: Span },
    /// Any value not matched by an earlier line.
    Else { span: Span },
}

/// `13`, `26..29`, `<= 10`, `>= 30`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ValueKey {
    pub op: Option<KeyOp>,
    pub lo: i64,
    pub hi: i64,
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum KeyOp {
    Le,
    Ge,
    Lt,
    Gt,
}

impl ValueKey {
    /// Whether `v` is among the values this key names.
    pub fn matches(&self, v: i64) -> bool {
        match self.op {
            None => self.lo <= v && v <= self.hi,
            Some(KeyOp::Le) => v <= self.lo,
            Some(KeyOp::Ge) => v >= self.lo,
            Some(KeyOp::Lt) => v < self.lo,
            Some(KeyOp::Gt) => v > self.lo,
        }
    }
}

/// Payouts are few (one per line of a bet), so the size of `Win` is no cost.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Payout {
    /// `win A to B less C`: the bettor wins A/B per unit, less a commission
    /// of C of the win.
    Win {
        odds: OddsTerm,
        against: OddsTerm,
        /// `to` (the win beside the stake returned) or `for` (a payment
        /// that includes the stake: `10 for 1` nets 9).
        form: OddsForm,
        /// `less 5%`, `less commission`: the share of the win the house
        /// keeps.
        commission: Option<OddsTerm>,
    },
    /// `lose`, or `lose X`: X stakes (`lose 1/2`, `lose 2`).
    Lose {
        amount: Option<OddsTerm>,
    },
    Push,
}

impl OddsTerm {
    /// Where the term is written.
    pub fn span(&self) -> Span {
        match self {
            OddsTerm::Number(n) => n.span,
            OddsTerm::Param(p) => p.span,
        }
    }
}

/// How odds are written: `A to B` or `A for B`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum OddsForm {
    /// `A to B`: the bettor's stake back and A/B more.
    To,
    /// `A for B`: A/B paid for the stake, which it includes.
    For,
}

impl Payout {
    /// Every number or parameter the payout is written with: odds,
    /// commission, an amount lost.
    pub fn terms(&self) -> impl Iterator<Item = &OddsTerm> {
        let terms: [Option<&OddsTerm>; 3] = match self {
            Payout::Win {
                odds,
                against,
                commission,
                ..
            } => [Some(odds), Some(against), commission.as_ref()],
            Payout::Lose { amount } => [amount.as_ref(), None, None],
            Payout::Push => [None, None, None],
        };
        terms.into_iter().flatten()
    }
}

/// A number or a parameter in odds.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum OddsTerm {
    Number(Number),
    Param(Ident),
}

/// `expect quantity relation [at ...] [with ...]`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ExpectDecl {
    pub quantity: Quantity,
    pub relation: Relation,
    /// The table a figure of a session holds at.
    pub at: Option<At>,
    /// The setting the line holds at; `None`: the run's.
    pub with: Option<With>,
    pub span: Span,
}

/// `claim quantity relation [at ...] [with ...] "text"`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ClaimDecl {
    pub quantity: Quantity,
    pub relation: Relation,
    /// The table a figure of a session holds at.
    pub at: Option<At>,
    /// The setting the line holds at; `None`: the run's.
    pub with: Option<With>,
    pub text: String,
    pub span: Span,
}

/// `with decks = 6, tie_odds = 7`: the values of parameters an `expect` or
/// a `claim` holds at, in the order written.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct With {
    pub settings: Vec<WithSetting>,
    pub span: Span,
}

/// `decks = 6` in a `with`: a parameter and its value, as `--set` takes it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct WithSetting {
    pub name: Ident,
    pub value: Setting,
    /// The value as written (`6`, `7.5`, `infinite`), for printing.
    pub text: String,
    /// The whole `NAME = VALUE`.
    pub span: Span,
    /// The value alone.
    pub value_span: Span,
}

/// `at seats = 4, rounds = 4, stakes = [2, 1, 1, 1]`: the table a figure
/// of a session holds at, its settings in the order written.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct At {
    pub settings: Vec<AtSetting>,
    pub span: Span,
}

/// `seats = 4` or `stakes = [2, 1]` in an `at`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AtSetting {
    pub name: Ident,
    /// The value: one number, or the numbers of a list.
    pub values: Vec<u64>,
    /// Whether it was written as a list (`[2]` is a list of one).
    pub list: bool,
    /// The whole `NAME = VALUE`.
    pub span: Span,
    /// The value alone.
    pub value_span: Span,
}

/// `house_edge(player)`, `ruin(1)`, `tenure`: a figure of the report.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Quantity {
    pub func: Ident,
    /// The arguments: `strategy(action, draw, 5)` has `action`, `draw`
    /// and `5`; `tenure` has none.
    pub args: Vec<QuantityArg>,
    pub span: Span,
}

impl Quantity {
    /// The first argument where it is a name: the bet of `house_edge(player)`.
    pub fn first_name(&self) -> Option<&Ident> {
        match self.args.first() {
            Some(QuantityArg::Name(n)) => Some(n),
            _ => None,
        }
    }
}

/// An argument of a quantity.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum QuantityArg {
    Name(Ident),
    Int { value: i64, span: Span },
}

impl QuantityArg {
    pub fn span(&self) -> Span {
        match self {
            QuantityArg::Name(i) => i.span,
            QuantityArg::Int { span, .. } => *span,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum RelOp {
    Approx,
    Eq,
    Lt,
    Le,
    Gt,
    Ge,
}

impl RelOp {
    pub fn symbol(self) -> &'static str {
        match self {
            RelOp::Approx => "~",
            RelOp::Eq => "=",
            RelOp::Lt => "<",
            RelOp::Le => "<=",
            RelOp::Gt => ">",
            RelOp::Ge => ">=",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Relation {
    pub op: RelOp,
    pub value: Number,
    pub tolerance: Option<Number>,
    pub span: Span,
}
