//! The typed syntax tree of a `.dice` file, owned and independent of pest.
//!
//! Every node an error can point at carries a [`Span`] (a byte range of the
//! source). The tree keeps the items in source order so that the printer in
//! [`print`] can write the file back; `check` resolves names and types from it.
//!
//! This file holds the file and its small items (spans, names, numbers,
//! `game`, `param`, `outcomes`, a `--set` value); the other items' nodes
//! are in files of their own, all re-exported here: `tables` (hand tables,
//! draw tables, shoes), `banking`, `round` (statements), `expr`, `bet`,
//! `assertions` (`expect` and `claim`).

mod assertions;
mod banking;
mod bet;
mod expr;
pub mod parts;
pub mod print;
mod round;
mod tables;

pub use assertions::*;
pub use banking::*;
pub use bet::*;
pub use expr::*;
pub use round::*;
pub use tables::*;

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
    Define(DefineDecl),
    Round(RoundDecl),
    Bet(BetDecl),
    Expect(ExpectDecl),
    Claim(ClaimDecl),
    Banking(Banking),
}

/// `define score(h) = poker(h)`: an expression written once, with names
/// for its arguments; a call `score(mine)` is the expression with the
/// arguments in their place.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DefineDecl {
    pub name: Ident,
    pub params: Vec<Ident>,
    pub body: Expr,
    pub span: Span,
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
