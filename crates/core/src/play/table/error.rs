//! `TableError`: what goes wrong at a table. Each variant says which input
//! triggers it.
//!
//! Three kinds: an answer of a person's that the table cannot take (told to
//! them by [`Person::tell`](super::Person::tell) as its message, without
//! the code, and asked again), a session that fails (returned by
//! [`Table::run`](super::Table::run)), and money that is not sound after a
//! settlement (found by the ledger's audit in debug builds: a bug).

use miette::Diagnostic;
use thiserror::Error;

use crate::ast::Span;
use crate::eval::EvalError;
use crate::number::Exact;

/// A problem at a table.
#[derive(Debug, Clone, Error, Diagnostic, PartialEq)]
pub enum TableError {
    /// An answer to a question asking for a whole number (the house limit
    /// a banker names, the stake a bank puts up, how much of it a punter
    /// covers) that is not one, or not from `lo` to `hi`.
    #[error("please answer a whole number from {lo} to {hi}")]
    #[diagnostic(code(dice::table::whole_number))]
    WholeNumber {
        /// The least answer taken.
        lo: u64,
        /// The most answer taken.
        hi: u64,
    },
    /// An answer to "your bet" that is not an amount and a bet's name: no
    /// word, more than two, or an amount alone where the game has several
    /// bets.
    #[error("answer a whole number of chips, then the bet's name if the game has several")]
    #[diagnostic(code(dice::table::bet_answer))]
    BetAnswer,
    /// A bet's name that is not one of the bets a punter may make.
    #[error("there is no bet `{}`: one of {}", crate::suggest::escaped(.name), .bets.join(", "))]
    #[diagnostic(code(dice::table::unknown_bet))]
    UnknownBet {
        /// The name as answered (its control characters escaped when
        /// shown).
        name: String,
        /// The bets a punter may make, in the order of the file.
        bets: Vec<String>,
    },
    /// An amount that is not a whole number of chips (`lots`, `-3`, `2.5`).
    #[error("`{}` is not a whole number of chips", crate::suggest::escaped(.amount))]
    #[diagnostic(code(dice::table::not_chips))]
    NotChips {
        /// The amount as answered (its control characters escaped when
        /// shown).
        amount: String,
    },
    /// A stake below the table minimum, or above what the table's limits
    /// and the seat's chips allow (digits beyond 64 bits included).
    #[error("the stake must be from {minimum} to {most} (the table's limits and your chips)")]
    #[diagnostic(code(dice::table::stake_range))]
    StakeRange {
        /// The table minimum: the fixed stake, or 1 chip.
        minimum: u64,
        /// The most the stake rule, the limit and the seat's chips allow.
        most: u64,
    },
    /// A stake other than the one `stake fixed N` allows. (The range of
    /// [`TableError::StakeRange`] already holds that stake alone, so this
    /// guards the rule should the range ever grow.)
    #[error("the stake is fixed at {stake}")]
    #[diagnostic(code(dice::table::stake_fixed))]
    StakeFixed {
        /// The fixed stake, in chips.
        stake: u64,
    },
    /// An answer to a choice (the round's `choose`, or a decision of the
    /// person's side) that is not one of its options.
    #[error("answer one of: {}", .options.join(", "))]
    #[diagnostic(code(dice::table::unknown_option))]
    UnknownOption {
        /// The options, as the file writes them.
        options: Vec<String>,
    },
    /// A person's stake beyond what the bank's chips cover: not refused,
    /// but cut to `covered`, and the person told so.
    #[error("the bank's chips cover {covered} of your {stake}: you stake {covered}")]
    #[diagnostic(code(dice::table::stake_cut))]
    StakeCut {
        /// The stake the bank covers, which the person stakes instead.
        covered: u64,
        /// The stake the person asked for.
        stake: u64,
    },
    /// A bet placed at the table that the round's end does not settle (its
    /// outcome is paid by no line, or its value is unbound). The exact
    /// evaluation found every end settled, so this is a bug.
    #[error("internal error: {}", unsettled(*.bank))]
    #[diagnostic(code(dice::table::unsettled), help("please report this file as a bug"))]
    Unsettled {
        /// The bet's name.
        bet: String,
        /// Whether it is the bank's own bet (`bank bets B`).
        bank: bool,
        /// The bet in the file.
        #[label("here")]
        span: Span,
    },
    /// A seat holding less than zero after a settlement (seats numbered
    /// from 1). A bug: the bank covers only what its chips pay.
    #[error("seat {seat} holds {} chips", .chips.decimal())]
    #[diagnostic(code(dice::table::debt), help("please report this file as a bug"))]
    Debt {
        /// The seat, from 1.
        seat: usize,
        /// What it holds: less than 0.
        chips: Exact,
    },
    /// The seats' chips plus what the house took since the deal differ from
    /// what was dealt. A bug: chips were made or lost in a settlement.
    #[error(
        "the seats hold {} and the house took {}, but {} were dealt",
        .held.decimal(),
        .took.decimal(),
        .dealt.decimal()
    )]
    #[diagnostic(
        code(dice::table::unbalanced),
        help("please report this file as a bug")
    )]
    Unbalanced {
        /// The seats' chips (boxed, as the other two, to keep the error
        /// small).
        held: Box<Exact>,
        /// What the house took since the deal.
        took: Box<Exact>,
        /// The chips dealt.
        dealt: Box<Exact>,
    },
    /// The exact session (`session`) picked fewer endings than the
    /// table round played runs: it picks each next one and replays the
    /// round, so no user meets this.
    #[error("internal error: a table round played more runs than were picked")]
    #[diagnostic(code(dice::table::unpicked), help("please report this file as a bug"))]
    Unpicked,
    /// A round that fails as it is played (a reroll or round limit passed,
    /// an overflow, a shoe run out...): the round's own error and code.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Round(#[from] EvalError),
}

/// The message of [`TableError::Unsettled`].
fn unsettled(bank: bool) -> &'static str {
    if bank {
        "the bank's bet has no settlement for a round's end"
    } else {
        "a bet with no settlement for a round's end"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_read_as_before() {
        let cases = [
            (
                TableError::UnknownBet {
                    name: "baccarat".to_string(),
                    bets: vec!["player".to_string(), "banker".to_string()],
                },
                "there is no bet `baccarat`: one of player, banker",
            ),
            (
                TableError::UnknownOption {
                    options: vec!["draw".to_string(), "stand".to_string()],
                },
                "answer one of: draw, stand",
            ),
            (
                TableError::Debt {
                    seat: 2,
                    chips: Exact::ratio(-1, 2),
                },
                "seat 2 holds -0.5 chips",
            ),
            (
                TableError::Unsettled {
                    bet: "banker".to_string(),
                    bank: true,
                    span: Span::default(),
                },
                "internal error: the bank's bet has no settlement for a round's end",
            ),
        ];
        for (error, text) in cases {
            assert_eq!(error.to_string(), text);
        }
    }

    #[test]
    fn every_code_is_the_tables_or_the_rounds() {
        let round = TableError::from(EvalError::ModZero {
            span: Span::default(),
        });
        let code = |e: &TableError| e.code().map(|c| c.to_string());
        assert_eq!(code(&round).as_deref(), Some("dice::eval::mod_zero"));
        let cut = TableError::StakeCut {
            covered: 3,
            stake: 5,
        };
        assert_eq!(code(&cut).as_deref(), Some("dice::table::stake_cut"));
    }
}
