//! The round as written: its blocks and statements.

use serde::{Deserialize, Serialize};

use super::expr::Expr;
use super::tables::Key;
use super::{Ident, Span};

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
    Split(SplitStmt),
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
            Stmt::Split(s) => s.span,
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
    /// The names joined to the one before with `+`, by index
    /// (`knowing mine + board, first`: `[1]`): hands seen as one.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub joined: Vec<usize>,
    pub span: Span,
}

impl Knowing {
    /// What the chooser sees, each a name or several joined with `+`.
    pub fn groups(&self) -> Vec<&[Ident]> {
        let mut groups = Vec::new();
        let mut start = 0;
        for i in 1..=self.names.len() {
            if i == self.names.len() || !self.joined.contains(&i) {
                groups.push(&self.names[start..i]);
                start = i;
            }
        }
        groups
    }
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

/// `split`: from here the round is played by two hands in turn, each
/// settled on a stake of its own (docs/language.md, section 4.10).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SplitStmt {
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
    /// Written as one statement, `=> end x` or `=> set n = 1`, rather than
    /// in braces.
    pub short: bool,
    pub span: Span,
}
