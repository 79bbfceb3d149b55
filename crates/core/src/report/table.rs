//! The table rules of a `banking` item in the report: a `table` object in
//! JSON and RON, one line of text. No figure depends on them; `check`
//! shows them so that a reader sees the rules `play` runs the table by.
//! Amounts of chips are whole numbers here, written as exact strings in
//! JSON and RON as every amount of chips is ([`super::contract::whole_chips`]).

use serde::Serialize;

use super::contract::{whole_chips, whole_chips_or_none};

/// The `banking` item, resolved with the parameters in force.
#[derive(Clone, Debug, Serialize)]
pub struct TableReport {
    /// Who banks, and when the bank moves.
    pub bank: BankRow,
    /// `bank bets BET`: the bet the bank seat is settled by.
    pub bank_bets: Option<String>,
    /// The stakes the table may agree on, the default first.
    pub stakes: Vec<StakeRow>,
    /// `banco`: one punter may cover the bank's whole stake alone.
    pub banco: bool,
    /// `bank covers every bet`: the bank takes every stake and pays while
    /// it has chips (otherwise it covers only what its chips can pay).
    pub covers_every_bet: bool,
    /// The house limit on any one bet.
    pub limit: LimitRow,
    /// What every seat but the bank's is dealt (`chips each = V`, or
    /// `players = V`).
    #[serde(serialize_with = "whole_chips")]
    pub player_chips: u64,
    /// What the bank seat is dealt, at the first deal and at every new
    /// game (`banker = W`; the players' chips again with `chips each`).
    #[serde(serialize_with = "whole_chips")]
    pub banker_chips: u64,
    /// What a banker who cannot cover the table minimum does.
    pub bankrupt_banker: BankruptRow,
}

/// `bank WHO`: who banks, and when the bank moves; `bank.kind` in JSON.
#[derive(Clone, Debug, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum BankRow {
    /// `bank house`: the house covers every bet; every seat bets.
    House,
    /// `bank rotates every round`: the bank passes to the next seat after
    /// each table round.
    RotatesEveryRound,
    /// `bank kept until the banker loses a round`: the bank passes after a
    /// table round in which the banker lost a bet.
    KeptUntilBankerLoses,
    /// `bank kept for the game`: one banker until the game ends.
    KeptForGame,
    /// `bank passes when O | ...`: the bank passes after a round ending in
    /// one of these outcomes.
    PassesWhen {
        /// The outcomes' names, as the clause lists them.
        outcomes: Vec<String>,
    },
}

/// A `stake` rule: how much one bet may be; `kind` in JSON.
#[derive(Clone, Debug, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum StakeRow {
    /// `stake fixed V`: every bet is exactly `chips`.
    Fixed {
        /// The stake, in chips (1 or more).
        #[serde(serialize_with = "whole_chips")]
        chips: u64,
    },
    /// `stake up to V`: a bet is 1 to `chips`.
    UpTo {
        /// The largest stake, in chips (1 or more).
        #[serde(serialize_with = "whole_chips")]
        chips: u64,
    },
    /// `stake free`: any whole number of chips the bettor holds, within
    /// the limit.
    Free,
    /// `stake set by the bank`: the banker puts up a stake and the
    /// punters cover it.
    SetByBank,
}

/// The house limit on any one bet; `limit.kind` in JSON.
#[derive(Clone, Debug, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum LimitRow {
    /// No `limit` clause.
    None,
    /// `limit = V`.
    Fixed {
        /// The limit, in chips (1 or more).
        #[serde(serialize_with = "whole_chips")]
        chips: u64,
    },
    /// `limit set by the banker [up to V]`: each banker names the limit on
    /// taking the bank.
    SetByBanker {
        /// The most a banker may name, in chips; `None` (JSON `null`)
        /// without `up to`.
        #[serde(serialize_with = "whole_chips_or_none")]
        up_to: Option<u64>,
    },
}

/// What a banker who cannot cover a bet does: `"bank_passes"` or
/// `"new_game"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum BankruptRow {
    /// `bankrupt banker => bank passes` (the default): the banker leaves
    /// and the bank passes to the next seat.
    BankPasses,
    /// `bankrupt banker => new game`: chips are dealt afresh and the bank
    /// goes to the next seat.
    NewGame,
}

impl TableReport {
    /// The rules on one line, clause by clause: `bank rotates every round;
    /// stake free; limit 10; chips 100 each; a bankrupt banker passes the
    /// bank`.
    pub fn line(&self) -> String {
        let mut parts = vec![match &self.bank {
            BankRow::House => "the house banks".to_string(),
            BankRow::RotatesEveryRound => "bank rotates every round".to_string(),
            BankRow::KeptUntilBankerLoses => "bank kept until the banker loses a round".to_string(),
            BankRow::KeptForGame => "bank kept for the game".to_string(),
            BankRow::PassesWhen { outcomes } => {
                format!("bank passes when {}", outcomes.join(" | "))
            }
        }];
        if let Some(bet) = &self.bank_bets {
            parts.push(format!("bank bets {bet}"));
        }
        if self.covers_every_bet {
            parts.push("bank covers every bet".to_string());
        }
        let stakes: Vec<String> = self
            .stakes
            .iter()
            .map(|s| match s {
                StakeRow::Fixed { chips } => format!("fixed {chips}"),
                StakeRow::UpTo { chips } => format!("up to {chips}"),
                StakeRow::Free => "free".to_string(),
                StakeRow::SetByBank => "set by the bank".to_string(),
            })
            .collect();
        parts.push(format!("stake {}", stakes.join(" or ")));
        if self.banco {
            parts.push("banco".to_string());
        }
        parts.push(match self.limit {
            LimitRow::None => "no limit".to_string(),
            LimitRow::Fixed { chips } => format!("limit {chips}"),
            LimitRow::SetByBanker { up_to: None } => "limit set by the banker".to_string(),
            LimitRow::SetByBanker { up_to: Some(most) } => {
                format!("limit set by the banker up to {most}")
            }
        });
        let (players, banker) = (self.player_chips, self.banker_chips);
        parts.push(if players == banker {
            format!("chips {players} each")
        } else {
            format!("chips {players} each, banker {banker}")
        });
        if !matches!(self.bank, BankRow::House) {
            parts.push(match self.bankrupt_banker {
                BankruptRow::NewGame => "a bankrupt banker ends the game".to_string(),
                BankruptRow::BankPasses => "a bankrupt banker passes the bank".to_string(),
            });
        }
        parts.join("; ")
    }
}
