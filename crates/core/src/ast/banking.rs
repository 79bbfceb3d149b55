//! The `banking` item as written: its clauses (who banks, stakes, limits,
//! chips, a bankrupt banker, who makes the choices).

use serde::{Deserialize, Serialize};

use super::{Ident, Number, Span};

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
