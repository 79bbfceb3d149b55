//! Expressions as written: names, calls, operators, patterns.

use serde::{Deserialize, Serialize};

use super::tables::{Combo, Key};
use super::{Ident, Span};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Expr {
    pub kind: ExprKind,
    pub span: Span,
}

impl Expr {
    /// The expressions directly inside this one, in the order written.
    pub fn children(&self) -> impl Iterator<Item = &Expr> {
        let (a, b, args): (Option<&Expr>, Option<&Expr>, &[Expr]) = match &self.kind {
            ExprKind::Int(_) | ExprKind::Bool(_) | ExprKind::Name(_) => (None, None, &[]),
            ExprKind::Call { args, .. } => (None, None, args),
            ExprKind::Unary { operand: a, .. }
            | ExprKind::Is { subject: a, .. }
            | ExprKind::In { subject: a, .. }
            | ExprKind::Paren(a) => (Some(a), None, &[]),
            ExprKind::Binary { left, right, .. } => (Some(left), Some(right), &[]),
        };
        a.into_iter().chain(b).chain(args)
    }
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
