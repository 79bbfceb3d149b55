//! The table rules of a `banking` item, resolved with the parameters in
//! force, as the report's `table` object.

use crate::program::{Bank, BankruptBanker, Limit, Program, Stake};
use crate::report::table::{BankRow, BankruptRow, LimitRow, StakeRow, TableReport};

impl TableReport {
    /// The table rules of `program`; `None` when the file has no `banking`
    /// item, which `check` marks by giving the default rules the round's
    /// span (see `program::Banking::span`).
    pub fn new(program: &Program) -> Option<TableReport> {
        let b = &program.banking;
        if b.span == program.round_span {
            return None;
        }
        Some(TableReport {
            bank: match &b.bank {
                Bank::House => BankRow::House,
                Bank::RotatesEveryRound => BankRow::RotatesEveryRound,
                Bank::KeptUntilBankerLoses => BankRow::KeptUntilBankerLoses,
                Bank::KeptForGame => BankRow::KeptForGame,
                Bank::PassesWhen(outcomes) => BankRow::PassesWhen {
                    outcomes: outcomes
                        .iter()
                        .filter_map(|&o| program.outcomes.get(o))
                        .map(|o| o.name.clone())
                        .collect(),
                },
            },
            bank_bets: b
                .bank_bets
                .and_then(|i| program.bets.get(i))
                .map(|bet| bet.name.clone()),
            stakes: b
                .stakes
                .iter()
                .map(|s| match *s {
                    Stake::Fixed(chips) => StakeRow::Fixed { chips },
                    Stake::UpTo(chips) => StakeRow::UpTo { chips },
                    Stake::Free => StakeRow::Free,
                    Stake::SetByBank => StakeRow::SetByBank,
                })
                .collect(),
            banco: b.banco,
            covers_every_bet: b.covers_every_bet,
            limit: match b.limit {
                Limit::None => LimitRow::None,
                Limit::Fixed(chips) => LimitRow::Fixed { chips },
                Limit::SetByBanker { up_to } => LimitRow::SetByBanker { up_to },
            },
            player_chips: b.chips.players,
            banker_chips: b.chips.banker,
            bankrupt_banker: match b.bankrupt_banker {
                BankruptBanker::BankPasses => BankruptRow::BankPasses,
                BankruptBanker::NewGame => BankruptRow::NewGame,
            },
        })
    }
}
