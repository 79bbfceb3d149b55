//! Errors of the figure an `expect` or `claim` line names: `strategy`'s
//! arguments, another figure's, a tolerance (`dice::check::figure`).

use miette::Diagnostic;
use thiserror::Error;

use crate::ast::{RelOp, Span};

/// The figure of an `expect` or `claim` line named with the wrong
/// arguments, or a tolerance where none goes.
#[derive(Debug, Clone, Error, Diagnostic, PartialEq)]
pub enum FigureError {
    /// `strategy(CHOICE)` without an option. `knowing` is what the chooser
    /// of `choice` knows, for the usage in the help.
    #[error("`strategy({choice})` names no option")]
    #[diagnostic(
        code(dice::check::figure),
        help("write `strategy({})`", strategy_usage(.choice, .knowing))
    )]
    StrategyOption {
        choice: String,
        knowing: Vec<String>,
        #[label("here")]
        span: Span,
    },
    /// `strategy(CHOICE, OPTION, ...)` with a name where a known value goes.
    #[error("`{name}` is not a whole number")]
    #[diagnostic(
        code(dice::check::figure),
        help("write `strategy({})`", strategy_usage(.choice, .knowing))
    )]
    StrategyKey {
        name: String,
        choice: String,
        knowing: Vec<String>,
        #[label("here")]
        span: Span,
    },
    /// `strategy(CHOICE, OPTION, ...)` with more or fewer values than the
    /// chooser knows.
    #[error("the chooser of `{choice}` knows {} value(s), and {given} are given", .knowing.len())]
    #[diagnostic(
        code(dice::check::figure),
        help("write `strategy({})`", strategy_usage(.choice, .knowing))
    )]
    StrategyKeyCount {
        choice: String,
        knowing: Vec<String>,
        given: usize,
        #[label("here")]
        span: Span,
    },
    /// A figure other than `strategy` given more than one argument.
    #[error("`{figure}` takes one argument")]
    #[diagnostic(code(dice::check::figure), help("write `{figure}({arg})`"))]
    FigureArguments {
        figure: String,
        arg: String,
        #[label("here")]
        span: Span,
    },
    /// `average_wager(BET)` or `element_of_risk(BET)` of a bet without a
    /// `staking` clause: what it stakes is not known.
    #[error(
        "`{figure}({bet})` needs what the bet stakes, and bet `{bet}` has no `staking` clause"
    )]
    #[diagnostic(
        code(dice::check::figure),
        help("name the round's stake after the bet's name: `bet {bet} on ... staking wager {{`, with `let wager = ...` at the top of the round")
    )]
    NotStaked {
        figure: String,
        bet: String,
        #[label("what this bet stakes is not written")]
        span: Span,
        #[label("the bet, without `staking`")]
        bet_span: Span,
    },
    /// `± tolerance` after a relation other than `~`.
    #[error("a tolerance only goes with `~`, not with `{}`", .op.symbol())]
    #[diagnostic(
        code(dice::check::figure),
        help("write `~ value ± tolerance` for an approximate figure")
    )]
    Tolerance {
        op: RelOp,
        #[label("here")]
        span: Span,
    },
}

/// The arguments of `strategy` for a choice, in the help of its errors:
/// `pick, OPTION, total`.
fn strategy_usage(choice: &str, knowing: &[String]) -> String {
    let mut args = vec![choice, "OPTION"];
    args.extend(knowing.iter().map(String::as_str));
    args.join(", ")
}
