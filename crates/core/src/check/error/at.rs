//! Errors of the table a figure of a session holds at: the `at` of an
//! `expect` or `claim` line, and the figure's own arguments
//! (`dice::check::at`).

use miette::Diagnostic;
use thiserror::Error;

use crate::ast::Span;

/// What the settings of an `at` may be, for the helps.
const SETTINGS: &str = "seats = N, rounds = R, stake = K, stakes = [A, B, ...], chips = C";

/// A figure of a session whose table cannot be the one its line names.
#[derive(Debug, Clone, Error, Diagnostic, PartialEq)]
pub enum AtError {
    /// A figure of a session without `at`.
    #[error("`{figure}` is a figure of a session at a table: say which table")]
    #[diagnostic(
        code(dice::check::at),
        help("add the table after the relation, as `dicerules session` takes it: `at seats = 4`, with any of {SETTINGS}")
    )]
    Missing {
        figure: String,
        #[label("at which table?")]
        span: Span,
    },
    /// `at` after a figure of one round.
    #[error(
        "`{figure}` is a figure of one round: `at` names a table for the figures of a session"
    )]
    #[diagnostic(
        code(dice::check::at),
        help("remove the `at`; the figures of a session are ruin(R), net(S), net_spread, tenure and tenure_net")
    )]
    NotSession {
        figure: String,
        #[label("not a session's figure")]
        span: Span,
    },
    /// A setting that is none of a table's.
    #[error("`at` names `{name}`, which is no setting {of}")]
    #[diagnostic(code(dice::check::at), help("{help}"))]
    Unknown {
        name: String,
        /// `of a table`, or `of the shoes dealt`.
        of: &'static str,
        #[label("not a table's setting")]
        span: Span,
        /// "did you mean", or the settings there are.
        help: String,
    },
    /// One setting given twice.
    #[error("`at` gives `{name}` twice")]
    #[diagnostic(code(dice::check::at), help("give each setting one value"))]
    Repeated {
        name: String,
        #[label("first given here")]
        first: Span,
        #[label("given again here")]
        second: Span,
    },
    /// `at` without `seats`.
    #[error("`at` does not say how many seats the table has")]
    #[diagnostic(
        code(dice::check::at),
        help("add `seats = N`, the banker's seat included")
    )]
    NoSeats {
        #[label("the table")]
        span: Span,
    },
    /// A value the table cannot take.
    #[error("`{name}` cannot be {value}: {reason}")]
    #[diagnostic(code(dice::check::at))]
    Value {
        name: String,
        value: String,
        reason: String,
        #[label("here")]
        span: Span,
    },
    /// A figure of a session given other arguments than its own.
    #[error("`{figure}` is written `{usage}`")]
    #[diagnostic(code(dice::check::at), help("{help}"))]
    Arguments {
        figure: String,
        usage: &'static str,
        help: String,
        #[label("here")]
        span: Span,
    },
    /// `ruin(R)` beyond the session's rounds, `net(S)` beyond its seats.
    #[error("there is no {what}")]
    #[diagnostic(code(dice::check::at), help("{help}"))]
    Beyond {
        what: String,
        help: String,
        #[label("here")]
        span: Span,
    },
    /// A figure of a bank held by a seat, where the house banks.
    #[error("the house banks this game: no seat holds a bank for `{figure}` to be about")]
    #[diagnostic(
        code(dice::check::at),
        help("the figures of a session at a house-banked table are net(S) and net_spread")
    )]
    HouseBanks {
        figure: String,
        #[label("the house banks")]
        span: Span,
    },
    /// `shoe_margin` of a game without one finite shoe.
    #[error("`shoe_margin` deals whole shoes, and this game has {what}")]
    #[diagnostic(
        code(dice::check::at),
        help("the coups of a shoe are counted for a game of one finite shoe (`decks = N`)")
    )]
    NoShoe {
        what: &'static str,
        #[label("here")]
        span: Span,
    },
    /// More cards dealt than the bound: shoes times the shoe's cards.
    #[error("dealing {shoes} shoes of {cards} cards passes the bound of {most} cards dealt")]
    #[diagnostic(
        code(dice::check::at),
        help("deal fewer shoes (`at shoes = N`): the estimate's standard error shrinks with the square root of their number")
    )]
    TooManyCards {
        shoes: u64,
        cards: u64,
        most: u64,
        #[label("here")]
        span: Span,
    },
    /// More distinct tables named than the checker runs.
    #[error("the `at` lines of this file name more than {max} tables")]
    #[diagnostic(
        code(dice::check::at),
        help("each table (at each setting) is a session run exactly; pin the figures at fewer tables, or run the others with `dicerules session`")
    )]
    TooManyTables {
        max: usize,
        #[label("one table too many")]
        span: Span,
    },
}
