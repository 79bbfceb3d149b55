//! The hand tables, draw tables and shoes of a file: `hands`, `table`,
//! `shoe`, as written.

use serde::{Deserialize, Serialize};

use super::{Ident, Span};

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
