//! Lint findings: what is wrong in a rule file that checks and evaluates.
//!
//! A variant written by hand can parse, check and evaluate and still not say
//! what its writer meant: a rule that can never fire, two rules taking the
//! same rounds, a name nothing reads, an `expect` that cannot fail. Each
//! finding is a [`Lint`], a warning with a stable code
//! (`dice::lint::unreachable_rule`) and the span it is about; `check` prints
//! them on stderr and lists them in the report's diagnostics, and `--deny
//! warnings` makes them errors.
//!
//! Where the answer depends on what a round can do, it is taken from the
//! exact evaluation ([`crate::eval::coverage`]): the evaluator runs every
//! state a round can be in, under every option of every choice, so a branch
//! it never took no round takes, with the parameters in force. Where it does
//! not, the file alone decides: the values a payout line names, the names a
//! rule reads, the figures an `expect` can take whatever the chances.
//!
//! - `rules`: rules of the round that never fire, statements that never
//!   run, and rules written one after another that take the same rounds;
//! - `tables`: rows and columns of draw tables no round looks up;
//! - `values`: the payout lines of bets settled on a value, and which of
//!   them overlap;
//! - `payouts`: payouts never paid, bets that settle every round alike;
//! - `unused`: names, hands, parameters, draw tables and shoes never used;
//! - `expects`: `expect` lines that restate a definition.

mod expects;
mod payouts;
mod rules;
mod tables;
mod unused;
mod values;

use miette::{Diagnostic, LabeledSpan};
use thiserror::Error;

use crate::ast::{self, Span};
use crate::eval::coverage::{Coverage, Probe};
use crate::program::Program;

/// A finding about a rule file: a warning, unless denied.
#[derive(Debug, Clone, Error, Diagnostic, PartialEq)]
pub enum Lint {
    /// A rule no round fires: an `if` or `else if` whose condition never
    /// holds when a round comes to it (the rules before it take every such
    /// round, or none meets it at all); an `else` or a `compare` arm no
    /// round comes to; a statement every round has ended before; an
    /// `until` that every result meets; a row or column of a draw table no
    /// round looks up; a payout line of a bet settled on a value whose
    /// values the lines above it all take.
    #[error("{message}")]
    #[diagnostic(code(dice::lint::unreachable_rule), severity(Warning))]
    UnreachableRule {
        message: String,
        #[label("{label}")]
        span: Span,
        label: String,
        /// The rules that take its rounds (or values) first.
        #[label(collection)]
        causes: Vec<LabeledSpan>,
        #[help]
        help: String,
    },
    /// Two rules that take some round (or value) alike, with different
    /// results, so that the one written first decides: two automatic
    /// results `if C { end O }` written one after the other, or two payout
    /// lines of a bet settled on a value whose values overlap.
    #[error("{message}")]
    #[diagnostic(code(dice::lint::order_decides), severity(Warning))]
    OrderDecides {
        message: String,
        #[label("{first_label}")]
        first: Span,
        first_label: String,
        #[label("{second_label}")]
        second: Span,
        second_label: String,
        #[help]
        help: String,
    },
    /// A name bound by `throw`, `draw`, `let` or `choose` that no rule
    /// reads: the dice, cards or value settle nothing.
    #[error("the {kind} `{name}` is never read")]
    #[diagnostic(code(dice::lint::unused_name), severity(Warning))]
    UnusedName {
        kind: &'static str,
        name: String,
        #[label("no rule reads it, so it settles nothing")]
        span: Span,
        #[help]
        help: String,
    },
    /// A hand no `is` names (nor its suit) in a table that ranks nothing
    /// (no `rank` or `suit`), or a hand table not used at all.
    #[error("{message}")]
    #[diagnostic(code(dice::lint::unused_hand), severity(Warning))]
    UnusedHand {
        message: String,
        #[label("{label}")]
        span: Span,
        label: String,
        #[help]
        help: String,
    },
    /// A parameter nothing reads: not the round, odds, a shoe or the table
    /// rules.
    #[error("the parameter `{name}` is never used")]
    #[diagnostic(
        code(dice::lint::unused_param),
        severity(Warning),
        help("use it in the round, in odds, as a shoe's deck count or in the `banking` item, or remove it: `--set {name}=...` changes nothing")
    )]
    UnusedParam {
        name: String,
        #[label("nothing reads it")]
        span: Span,
    },
    /// A bet whose rounds all settle it the same way: whatever the round
    /// does, it pays the same.
    #[error("bet `{bet}` settles every round the same way: {payout}")]
    #[diagnostic(
        code(dice::lint::unused_bet),
        severity(Warning),
        help("nothing is at stake on this bet; check its payout lines against the outcomes (or values) the round can end with")
    )]
    UnusedBet {
        bet: String,
        payout: String,
        #[label("no round pays it anything else")]
        span: Span,
    },
    /// A draw table no rule looks up.
    #[error("the draw table `{name}` is never used")]
    #[diagnostic(
        code(dice::lint::unused_table),
        severity(Warning),
        help("look it up in the round, `if {name}(row, column) {{ ... }}`, or remove it")
    )]
    UnusedTable {
        name: String,
        #[label("no rule looks it up")]
        span: Span,
    },
    /// A shoe no `draw` deals from.
    #[error("the shoe `{name}` is never drawn from")]
    #[diagnostic(
        code(dice::lint::unused_shoe),
        severity(Warning),
        help("deal from it in the round, `draw hand = 2 from {name}`, or remove it")
    )]
    UnusedShoe {
        name: String,
        #[label("no `draw` deals from it")]
        span: Span,
    },
    /// A payout no round pays: an outcome no round ends with (its line in
    /// every bet), or a line of a bet settled on a value that no final
    /// value comes to first.
    #[error("{message}")]
    #[diagnostic(code(dice::lint::payout_never_paid), severity(Warning))]
    PayoutNeverPaid {
        message: String,
        #[label("{label}")]
        span: Span,
        label: String,
        /// The payout lines never paid, for an outcome.
        #[label(collection)]
        lines: Vec<LabeledSpan>,
        #[help]
        help: String,
    },
    /// An `expect` that holds whatever the round's chances are: it restates
    /// what the bet's payout lines, or probability itself, define.
    #[error("this `expect` always holds: it restates a definition")]
    #[diagnostic(
        code(dice::lint::expect_restates),
        severity(Warning),
        help("an `expect` pins a figure the round decides: write the value `check` reports (`expect house_edge(player) = 37/432`), or remove the line")
    )]
    ExpectRestates {
        #[label("{label}")]
        span: Span,
        label: String,
    },
}

/// The name of every lint, as `--deny` takes it and as its code ends.
pub const NAMES: &[&str] = &[
    "unreachable_rule",
    "order_decides",
    "unused_name",
    "unused_hand",
    "unused_param",
    "unused_bet",
    "unused_table",
    "unused_shoe",
    "payout_never_paid",
    "expect_restates",
];

impl Lint {
    /// The lint's name: its code without `dice::lint::`.
    pub fn name(&self) -> &'static str {
        match self {
            Lint::UnreachableRule { .. } => "unreachable_rule",
            Lint::OrderDecides { .. } => "order_decides",
            Lint::UnusedName { .. } => "unused_name",
            Lint::UnusedHand { .. } => "unused_hand",
            Lint::UnusedParam { .. } => "unused_param",
            Lint::UnusedBet { .. } => "unused_bet",
            Lint::UnusedTable { .. } => "unused_table",
            Lint::UnusedShoe { .. } => "unused_shoe",
            Lint::PayoutNeverPaid { .. } => "payout_never_paid",
            Lint::ExpectRestates { .. } => "expect_restates",
        }
    }

    /// Where the finding is, first.
    pub fn span(&self) -> Span {
        match self {
            Lint::UnreachableRule { span, .. }
            | Lint::UnusedName { span, .. }
            | Lint::UnusedHand { span, .. }
            | Lint::UnusedParam { span, .. }
            | Lint::UnusedBet { span, .. }
            | Lint::UnusedTable { span, .. }
            | Lint::UnusedShoe { span, .. }
            | Lint::PayoutNeverPaid { span, .. }
            | Lint::ExpectRestates { span, .. } => *span,
            Lint::OrderDecides { first, second, .. } => Span::new(first.start, second.end),
        }
    }
}

/// A label on `span`.
pub(crate) fn labeled(span: Span, label: impl Into<String>) -> LabeledSpan {
    LabeledSpan::new_with_span(Some(label.into()), span)
}

/// The probes the lints need at the steps of `program`, compiled from
/// `file`: give them to [`crate::solve::evaluate_covered`].
pub fn probes(file: &ast::File, program: &Program) -> Vec<Probe> {
    rules::probes(file, program)
}

/// The findings about `file`, compiled into `program`, from what its exact
/// evaluation reached (with [`probes`]), in order of where they are.
pub fn lint(file: &ast::File, program: &Program, coverage: &Coverage) -> Vec<Lint> {
    let mut lints = Vec::new();
    rules::lint(file, program, coverage, &mut lints);
    tables::lint(file, program, coverage, &mut lints);
    values::lint(file, program, coverage, &mut lints);
    payouts::lint(file, program, coverage, &mut lints);
    unused::lint(file, program, &mut lints);
    expects::lint(file, program, &mut lints);
    lints.sort_by_key(|l| (l.span().start, l.span().end, l.name()));
    lints
}

/// The round of a file that checks.
fn round(file: &ast::File) -> Option<&ast::RoundDecl> {
    file.items.iter().find_map(|i| match i {
        ast::Item::Round(r) => Some(r),
        _ => None,
    })
}

/// The findings about `source`, checked, evaluated and linted as the
/// driver does it: for the unit tests of the lints.
#[cfg(test)]
fn findings(source: &str) -> Vec<Lint> {
    let (file, program) = crate::check::load(source, &Default::default()).expect("the file checks");
    let (_, coverage) =
        crate::solve::evaluate_covered(&program, Default::default(), probes(&file, &program))
            .expect("the file evaluates");
    lint(&file, &program, &coverage)
}
