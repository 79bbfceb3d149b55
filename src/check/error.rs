//! Errors of the checking stage: names, types and the shape of declarations.
//! Each variant says which input triggers it.

use miette::Diagnostic;
use thiserror::Error;

use crate::ast::Span;

/// A rule file that parses but does not make sense.
#[derive(Debug, Clone, Error, Diagnostic, PartialEq)]
pub enum CheckError {
    /// A name used but never declared: a misspelt outcome, bet, hand,
    /// variable, function, parameter or table.
    #[error("unknown {kind} `{name}`")]
    #[diagnostic(code(dice::check::unknown_name))]
    Unknown {
        kind: &'static str,
        name: String,
        #[label("not declared")]
        span: Span,
        #[help]
        help: Option<String>,
    },
    /// Two declarations of the same name: two hands `heaven`, two bets
    /// `player`, `let x` when `x` is already bound.
    #[error("{kind} `{name}` is declared twice")]
    #[diagnostic(code(dice::check::duplicate), help("{help}"))]
    Duplicate {
        kind: &'static str,
        name: String,
        #[label("first declared here")]
        first: Span,
        #[label("declared again here")]
        second: Span,
        help: &'static str,
    },
    /// One combination listed under two hands, or twice under one.
    #[error("the combination {combo} is listed twice")]
    #[diagnostic(
        code(dice::check::duplicate_combination),
        help("a throw belongs to exactly one hand: remove one of the two")
    )]
    DuplicateCombo {
        combo: String,
        #[label("first listed here")]
        first: Span,
        #[label("listed again here")]
        second: Span,
    },
    /// A hand table used on a throw it does not fully rank.
    #[error("the hand table `{table}` leaves {count} throw(s) of {dice} unranked: {missing}")]
    #[diagnostic(
        code(dice::check::unranked_throw),
        help("every combination of the dice thrown must belong to a hand")
    )]
    Unranked {
        table: String,
        dice: String,
        count: usize,
        missing: String,
        #[label("this throw can show a combination with no hand")]
        span: Span,
        #[label("the hand table")]
        table_span: Span,
    },
    /// A combination whose faces do not fit: a 0 face, or a different number
    /// of faces than the other combinations or than the dice thrown.
    #[error("{message}")]
    #[diagnostic(code(dice::check::combination))]
    BadCombo {
        message: String,
        #[label("this combination")]
        span: Span,
        #[label("the table's first combination")]
        first: Option<Span>,
        #[help]
        help: Option<String>,
    },
    /// A hand table used on a throw of another number of dice.
    #[error("the hand table `{table}` ranks throws of {table_dice} dice, this throw has {count}")]
    #[diagnostic(
        code(dice::check::hand_dice),
        help(
            "rank this throw with a table of {count}-face combinations, or throw {table_dice} dice"
        )
    )]
    HandDice {
        table: String,
        table_dice: usize,
        count: u32,
        #[label("a throw of {count} dice")]
        span: Span,
        #[label("the hand table")]
        table_span: Span,
    },
    /// `x mod 0`, written as a constant.
    #[error("`mod` by zero")]
    #[diagnostic(
        code(dice::check::mod_zero),
        help("`x mod 0` has no value: use a divisor other than 0")
    )]
    ModZero {
        #[label("this is 0")]
        span: Span,
    },
    /// A file with no items at all (empty, or only comments).
    #[error("the file has no rules")]
    #[diagnostic(
        code(dice::check::empty),
        help("a game needs at least `game \"Name\"`, an `outcomes` line, a `round {{ ... }}` and a `bet`; see games/heist.dice")
    )]
    Empty {
        #[label("the file")]
        span: Span,
    },
    /// A value of the wrong type: `total(3)`, `if total(x)`, `x + y` on throws.
    #[error("expected {expected}, found {found}")]
    #[diagnostic(code(dice::check::type_mismatch))]
    Type {
        expected: &'static str,
        found: &'static str,
        #[label("this is {found}")]
        span: Span,
        #[help]
        help: Option<String>,
    },
    /// A built-in called with the wrong number of arguments.
    #[error("`{func}` takes {expected} argument(s), found {found}")]
    #[diagnostic(code(dice::check::arity))]
    Arity {
        func: String,
        expected: usize,
        found: usize,
        #[label("this call")]
        span: Span,
        #[help]
        help: Option<String>,
    },
    /// Something every game needs is missing: `game`, `outcomes`, `round`, a `bet`.
    #[error("the file has no {what}")]
    #[diagnostic(code(dice::check::missing))]
    Missing {
        what: &'static str,
        #[label("in this file")]
        span: Span,
        #[help]
        help: String,
    },
    /// An item that may appear once (`game`, `round`) appears again.
    #[error("a second `{what}`")]
    #[diagnostic(code(dice::check::repeated_item), help("a file has one `{what}`"))]
    Repeated {
        what: &'static str,
        #[label("first here")]
        first: Span,
        #[label("again here")]
        second: Span,
    },
    /// A bet that says nothing for an outcome the round can end with.
    #[error("bet `{bet}` does not settle outcome `{outcome}`")]
    #[diagnostic(
        code(dice::check::unsettled_outcome),
        help("add a line `{outcome} => win 1 to 1` (or `lose`, or `push`) to the bet")
    )]
    Unsettled {
        bet: String,
        outcome: String,
        #[label("this bet")]
        span: Span,
        #[label("the outcome")]
        outcome_span: Span,
    },
    /// Dice that cannot be thrown: `0d6`, `2d0`, or a pool beyond the limits.
    #[error("{message}")]
    #[diagnostic(code(dice::check::dice))]
    BadDice {
        message: String,
        #[label("these dice")]
        span: Span,
        #[help]
        help: Option<String>,
    },
    /// A `choose` that is not supported where it stands, or offers no values.
    #[error("{message}")]
    #[diagnostic(code(dice::check::choice), help("{help}"))]
    BadChoice {
        message: String,
        #[label("this choice")]
        span: Span,
        help: String,
    },
    /// A `repeat` count out of bounds, or repeats unrolling to too many steps.
    #[error("{message}")]
    #[diagnostic(
        code(dice::check::repeat),
        help(
            "a round is unrolled before it is evaluated; keep its repeats to what the game needs"
        )
    )]
    BadRepeat {
        message: String,
        #[label("here")]
        span: Span,
    },
    /// A shoe whose decks or card values do not make a shoe, or a draw
    /// from one that cannot be dealt.
    #[error("{message}")]
    #[diagnostic(code(dice::check::shoe))]
    BadShoe {
        message: String,
        #[label("here")]
        span: Span,
        #[help]
        help: Option<String>,
    },
    /// A parameter set to `infinite` used where a number is needed.
    #[error("the parameter `{name}` is `infinite`, which only a shoe's deck count can be")]
    #[diagnostic(
        code(dice::check::infinite),
        help("give `{name}` a number with `--set {name}=N`, or use it only as `decks = {name}`")
    )]
    Infinite {
        name: String,
        #[label("used as a number here")]
        span: Span,
    },
    /// A draw table whose rows or columns do not fit together.
    #[error("{message}")]
    #[diagnostic(code(dice::check::draw_table))]
    BadTable {
        message: String,
        #[label("here")]
        span: Span,
        #[help]
        help: Option<String>,
    },
    /// Odds, a commission or a parameter value that makes no payout.
    #[error("{message}")]
    #[diagnostic(code(dice::check::payout))]
    BadPayout {
        message: String,
        #[label("here")]
        span: Span,
        #[help]
        help: Option<String>,
    },
    /// An `expect` or `claim` whose figure does not fit its target.
    #[error("{message}")]
    #[diagnostic(code(dice::check::figure))]
    BadFigure {
        message: String,
        #[label("here")]
        span: Span,
        #[help]
        help: Option<String>,
    },
    /// A `banking` item whose clauses do not make table rules: no `bank`
    /// clause; `banco` without `stake set by the bank`; `stake set by the
    /// bank` beside other stakes; a clause about a player holding the bank
    /// (`bank bets`, `stake set by the bank`, `limit set by the banker`, the
    /// banker's chips, `bankrupt banker`) with `bank house`; `bank bets`
    /// naming the file's only bet; a fixed stake above the limit; a stake or
    /// an outcome listed twice; chips, a stake or a limit that is not a
    /// positive whole number.
    #[error("{message}")]
    #[diagnostic(code(dice::check::banking))]
    BadBanking {
        message: String,
        #[label("{label}")]
        span: Span,
        label: &'static str,
        #[label("{other_label}")]
        other: Option<Span>,
        other_label: &'static str,
        #[help]
        help: Option<String>,
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
    /// `--set NAME=VALUE` naming no parameter of the file.
    #[error("`--set {name}=...`: the game has no parameter `{name}`")]
    #[diagnostic(code(dice::check::unknown_parameter))]
    UnknownOverride {
        name: String,
        #[help]
        help: String,
    },
}
