//! Bets as written: payout lines, their keys and odds.

use serde::{Deserialize, Serialize};

use super::{Ident, Number, Span};

/// `bet player { outcome => payout ... }`, `bet player on score { ... }`,
/// or `bet ride pays net`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BetDecl {
    pub name: Ident,
    /// The name whose final value the bet is settled on, if not the outcome.
    pub on: Option<Ident>,
    /// `pays net`: the name whose final value is the bettor's net in
    /// stakes; such a bet has no `on` and no lines.
    pub pays: Option<Ident>,
    /// `staking wager`: the name bound at the top of the round whose final
    /// value is what a round stakes, per unit put down before it.
    pub staking: Option<Ident>,
    pub lines: Vec<PayLine>,
    pub span: Span,
}

impl BetDecl {
    /// The names of the round the bet reads when the round ends: the one it
    /// is settled `on` or `pays`, and the one it is `staking`.
    pub fn finals(&self) -> impl Iterator<Item = &Ident> {
        self.on.iter().chain(&self.pays).chain(&self.staking)
    }

    /// The bet's header as written, without its brace: `bet ante on net
    /// staking wager`, or the whole bet, `bet ride pays net staking units`
    /// (see [`BetDecl::braced`]).
    pub fn header(&self) -> String {
        let mut out = format!("bet {}", self.name.name);
        if let Some(on) = &self.on {
            out.push_str(" on ");
            out.push_str(&on.name);
        }
        if let Some(pays) = &self.pays {
            out.push_str(" pays ");
            out.push_str(&pays.name);
        }
        if let Some(staking) = &self.staking {
            out.push_str(" staking ");
            out.push_str(&staking.name);
        }
        out
    }

    /// Whether the bet is written with braces and pay lines: every bet
    /// but one that `pays` a name.
    pub fn braced(&self) -> bool {
        self.pays.is_none()
    }
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
    /// `[straight_flush, royal_flush]`: several labels paid alike (of a
    /// bet on a value that is a label, as a poker category is).
    Names { names: Vec<Ident>, span: Span },
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
