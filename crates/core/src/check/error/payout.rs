//! Errors of a bet's payout lines: keys that do not fit the bet, odds,
//! losses and commissions that cannot pay (`dice::check::payout`).

use miette::Diagnostic;
use thiserror::Error;

use crate::ast::Span;
use crate::number::Exact;

/// A payout line of a bet that cannot pay as written.
#[derive(Debug, Clone, Error, Diagnostic, PartialEq)]
pub enum PayoutError {
    /// A line keyed by values (or `else`) in a bet settled on outcomes.
    #[error("bet `{bet}` is settled on outcomes, not on values")]
    #[diagnostic(
        code(dice::check::payout),
        help("name an outcome here, or settle the bet on a value: `bet {bet} on score {{ ... }}`")
    )]
    ValuesInOutcomeBet {
        bet: String,
        #[label("here")]
        span: Span,
    },
    /// A line of a bet on a value keyed by a backwards range: `9..3`.
    #[error("the range {lo}..{hi} is empty")]
    #[diagnostic(code(dice::check::payout), help("write the smaller number first"))]
    EmptyRange {
        lo: i64,
        hi: i64,
        #[label("here")]
        span: Span,
    },
    /// A line keyed by an outcome in a bet settled `on` a value.
    #[error("bet `{bet}` is settled on `{on}`, not on outcomes")]
    #[diagnostic(
        code(dice::check::payout),
        help("write a value (`13`, `26..29`, `<= 10`) or `else`")
    )]
    OutcomeInValueBet {
        bet: String,
        on: String,
        #[label("here")]
        span: Span,
    },
    /// A number as the key of a bet on a label (a poker category).
    #[error("`{on}` is one of {labels}, not a number")]
    #[diagnostic(
        code(dice::check::payout),
        help("pay on its labels by name: `straight => win 6 to 1`, `[flush, straight] => ...`")
    )]
    NumberInLabelBet {
        on: String,
        labels: String,
        #[label("a number")]
        span: Span,
    },
    /// A line of a bet on a value after its `else` line.
    #[error("this line comes after `else` and is never used")]
    #[diagnostic(
        code(dice::check::payout),
        help("`else` takes every value left, so it goes last")
    )]
    AfterElse {
        #[label("here")]
        span: Span,
    },
    /// Odds `A to B` with A below 0 or B not above 0. The two numbers are
    /// boxed: unboxed they would make every `CheckError` larger.
    #[error("odds of {odds} to {against} pay nothing sensible")]
    #[diagnostic(
        code(dice::check::payout),
        help("odds are `A to B` with A at least 0 and B above 0")
    )]
    Odds {
        odds: Box<Exact>,
        against: Box<Exact>,
        #[label("here")]
        span: Span,
    },
    /// Odds paying more than 10^18 to 1 (`MAX_ODDS`); the terms as written,
    /// or the values of their parameters.
    #[error("odds of {odds} to {against} pay more than 10^18 to 1")]
    #[diagnostic(
        code(dice::check::payout),
        help("a win pays at most 10^18 times the stake, so that a table can pay it and every figure of the report is a number")
    )]
    OddsTooHigh {
        odds: String,
        against: String,
        #[label("here")]
        span: Span,
    },
    /// `else` in a bet on outcomes that has a line for every outcome.
    #[error("bet `{bet}` has a line for every outcome: its `else` settles none")]
    #[diagnostic(
        code(dice::check::payout),
        help("remove the `else` line, or the lines it should stand for")
    )]
    ElseSettlesNothing {
        bet: String,
        #[label("settles no outcome")]
        span: Span,
    },
    /// `win A for B` paying back no more than the stake.
    #[error("`win {odds} for {against}` pays back no more than the stake")]
    #[diagnostic(
        code(dice::check::payout),
        help("`A for B` is a payment that includes the stake (`win 10 for 1` nets 9): A must be more than B; the stake back alone is `push`, less than it is `lose` with the share lost (`lose 1/2`)")
    )]
    ForOdds {
        odds: String,
        against: String,
        #[label("here")]
        span: Span,
    },
    /// `lose X` with X not above 0, or above 10^18 stakes.
    #[error("`lose {amount}`: a loss is more than 0 stakes and at most 10^18")]
    #[diagnostic(
        code(dice::check::payout),
        help("`lose` loses the stake; `lose 1/2` half of it, `lose 2` twice it; nothing lost is `push`")
    )]
    LoseAmount {
        amount: String,
        #[label("here")]
        span: Span,
    },
    /// A commission below 0% or above 100%, as written.
    #[error("a commission of {commission} is not between 0% and 100%")]
    #[diagnostic(
        code(dice::check::payout),
        help("a commission is the share of a win the house keeps: `less 5%`")
    )]
    Commission {
        commission: String,
        #[label("here")]
        span: Span,
    },
}
