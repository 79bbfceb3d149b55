//! Errors of a `banking` item: table rules that do not fit together
//! (`dice::check::banking`).

use miette::Diagnostic;
use thiserror::Error;

use crate::ast::Span;
use crate::number::Exact;

/// Table rules of a `banking` item that do not fit together.
#[derive(Debug, Clone, Error, Diagnostic, PartialEq)]
pub enum BankingError {
    /// A `banking` item without a `bank` clause.
    #[error("the `banking` item does not say who banks")]
    #[diagnostic(
        code(dice::check::banking),
        help("add one: `bank house`, `bank rotates every round`, `bank kept until the banker loses a round`, `bank kept for the game` or `bank passes when OUTCOME`")
    )]
    NoBank {
        #[label("no `bank` clause")]
        span: Span,
    },
    /// `banco` without `stake set by the bank` (`stake` is the `stake`
    /// clause, if any).
    #[error("`banco` needs `stake set by the bank`")]
    #[diagnostic(
        code(dice::check::banking),
        help("write `stake set by the bank`, or remove `banco`")
    )]
    BancoStake {
        #[label("a punter covers the bank's whole stake")]
        span: Span,
        #[label("but the bank sets no stake")]
        stake: Option<Span>,
    },
    /// A `choices` clause in a file whose round makes no choice for a bet
    /// punters make (none at all, or only the bank's own bet's).
    #[error("the `choices` clause has no choice to give")]
    #[diagnostic(
        code(dice::check::banking),
        help("no bet a punter makes chooses anything in the round: remove the clause")
    )]
    NoChoices {
        #[label("who makes a punter's choices")]
        span: Span,
    },
    /// `bank bets` naming the file's only bet.
    #[error("`bank bets` leaves the punters no bet")]
    #[diagnostic(
        code(dice::check::banking),
        help("the bank seat is settled by this bet and every punter by another: declare the punters' bet")
    )]
    BankBetsOnly {
        #[label("the file's only bet")]
        span: Span,
    },
    /// A fixed stake above the limit.
    #[error("a fixed stake of {stake} is above the limit of {limit}")]
    #[diagnostic(
        code(dice::check::banking),
        help("lower the stake, or raise the limit")
    )]
    StakeAboveLimit {
        stake: u64,
        limit: u64,
        #[label("every bet is this many chips")]
        span: Span,
        #[label("no bet may be more than this")]
        limit_span: Span,
    },
    /// An outcome listed twice after `bank passes when`.
    #[error("the outcome `{outcome}` is listed twice")]
    #[diagnostic(code(dice::check::banking), help("keep one of the two"))]
    OutcomeListedTwice {
        outcome: String,
        #[label("listed again here")]
        second: Span,
        #[label("first here")]
        first: Span,
    },
    /// A stake listed twice in the `stake` clause.
    #[error("the stake `{stake}` is listed twice")]
    #[diagnostic(code(dice::check::banking), help("keep one of the two"))]
    StakeListedTwice {
        stake: String,
        #[label("listed again here")]
        second: Span,
        #[label("first here")]
        first: Span,
    },
    /// `stake set by the bank` beside other stakes.
    #[error("`stake set by the bank` cannot be one of several stakes")]
    #[diagnostic(
        code(dice::check::banking),
        help("write it alone, `stake set by the bank`, or drop it for the other stakes")
    )]
    BankStakeAmongOthers {
        #[label("the bank's stake decides every bet")]
        span: Span,
    },
    /// `bank covers every bet` with `stake set by the bank` (the bank puts
    /// up what it can pay) or `bank bets` (the bank's side is its own bet).
    #[error("`bank covers every bet` does not go with `{clause}`")]
    #[diagnostic(
        code(dice::check::banking),
        help("a bank that covers every bet pays each punter what it owes while it has chips: keep one of the two")
    )]
    CoversWith {
        clause: &'static str,
        #[label("this bank takes every stake")]
        span: Span,
        #[label("the bank's stake is set otherwise here")]
        other: Span,
    },
    /// With `bank house`, `bank bets` or `stake set by the bank` (`clause`),
    /// which need a player holding the bank.
    #[error("`{clause}` needs a player holding the bank, and the house banks")]
    #[diagnostic(
        code(dice::check::banking),
        help("let a player bank (`bank rotates every round`, `bank kept for the game`, ...), or remove this")
    )]
    HouseBanks {
        clause: &'static str,
        #[label("about the bank seat")]
        span: Span,
        #[label("no player holds the bank")]
        house: Span,
    },
    /// `limit set by the banker` with `bank house`.
    #[error("`limit set by the banker` needs a player holding the bank, and the house banks")]
    #[diagnostic(code(dice::check::banking), help("the house's limit is `limit = V`"))]
    HouseLimit {
        #[label("about the bank seat")]
        span: Span,
        #[label("no player holds the bank")]
        house: Span,
    },
    /// The banker's chips (`banker = V`, here `amount`) with `bank house`.
    #[error("`banker = {amount}` needs a player holding the bank, and the house banks")]
    #[diagnostic(
        code(dice::check::banking),
        help("the house covers every bet from its own purse: give the players theirs with `chips each = V`")
    )]
    HouseChips {
        amount: String,
        #[label("about the bank seat")]
        span: Span,
        #[label("no player holds the bank")]
        house: Span,
    },
    /// `bankrupt banker` with `bank house`.
    #[error("`bankrupt banker` needs a player holding the bank, and the house banks")]
    #[diagnostic(
        code(dice::check::banking),
        help("the house never runs out of chips: remove this")
    )]
    HouseBankrupt {
        #[label("about the bank seat")]
        span: Span,
        #[label("no player holds the bank")]
        house: Span,
    },
    /// Chips, a stake or a limit (`what`) written as a number that is not
    /// a whole number from 1 to `u64::MAX`; `number` as written.
    #[error("{what} must be a positive whole number, not {number}")]
    #[diagnostic(
        code(dice::check::banking),
        help("write a whole number from 1 to {max}, such as `10`", max = u64::MAX)
    )]
    NotChips {
        what: &'static str,
        number: String,
        #[label("not a positive whole number")]
        span: Span,
    },
    /// Chips, a stake or a limit (`what`) given by a parameter whose value
    /// in force is not a whole number from 1 to `u64::MAX`.
    #[error("{what} must be a positive whole number, and `{param}` is {value}")]
    #[diagnostic(
        code(dice::check::banking),
        help("give `{param}` a whole number from 1 to {max}: `param {param} = 10`, or `--set {param}=10`", max = u64::MAX)
    )]
    ParamNotChips {
        what: &'static str,
        param: String,
        value: Exact,
        #[label("not a positive whole number")]
        span: Span,
    },
    /// A clause a `banking` item has at most once (`bank`, `stake`,
    /// `limit`, ...) written twice.
    #[error("a second `{clause}` clause")]
    #[diagnostic(
        code(dice::check::banking),
        help("a `banking` item has one `{clause}` clause: keep one of the two")
    )]
    RepeatedClause {
        clause: &'static str,
        #[label("first here")]
        first: Span,
        #[label("again here")]
        second: Span,
    },
}
