//! Payouts against the ends the exact evaluation reached.
//!
//! A round ends with an outcome and the final values of the names bets are
//! settled on; the evaluation records every such end (under every option of
//! every choice). An outcome no end has is never paid by any bet
//! (`payout_never_paid`, once for the outcome, with each bet's line); a
//! line of a bet settled on a value that no final value comes to first is
//! never paid either. A bet that every end settles with the same net result
//! has nothing at stake (`unused_bet`).

use std::borrow::Cow;
use std::collections::BTreeSet;

use super::values::{self, describe, finals, first_takes, meets};
use super::{labeled, Lint};
use crate::ast::parts::{Global, Part};
use crate::ast::{self, Item, PayKey, Stmt};
use crate::eval::coverage::Coverage;
use crate::number::Exact;
use crate::program::{Payout, Program, Settle};

pub(super) fn lint(
    file: &ast::File,
    program: &Program,
    coverage: &Coverage,
    lints: &mut Vec<Lint>,
) {
    outcomes(file, program, coverage, lints);
    value_lines(file, program, coverage, lints);
    alike(program, coverage, lints);
}

/// Outcomes no round ends with, when some bet pays on outcomes.
fn outcomes(file: &ast::File, program: &Program, coverage: &Coverage, lints: &mut Vec<Lint>) {
    if !program.settles_on_outcomes() {
        return;
    }
    let ended: BTreeSet<usize> = coverage.ends.iter().filter_map(|(o, _)| *o).collect();
    let (named, switched) = ended_outcomes(file);
    for (o, outcome) in program.outcomes.iter().enumerate() {
        // An outcome ended only under a house rule a setting switches off
        // (`if split_pairs = 1 { ... }`) is that rule's.
        let only_switched =
            switched.contains(outcome.name.as_str()) && !named.contains(outcome.name.as_str());
        if ended.contains(&o) || only_switched {
            continue;
        }
        let lines = file
            .items
            .iter()
            .filter_map(|i| match i {
                Item::Bet(b) => b.lines.iter().find(|l| match &l.key {
                    PayKey::Outcome(k) => k.name == outcome.name,
                    PayKey::Names { names, .. } => names.iter().any(|k| k.name == outcome.name),
                    _ => false,
                }),
                _ => None,
            })
            .map(|l| labeled(l.span, "never paid"))
            .collect();
        let (label, help) = if named.contains(outcome.name.as_str()) {
            (
                format!("no round reaches an `end {}`", outcome.name),
                "check the conditions that lead to its `end`, or remove the outcome and its payout lines",
            )
        } else {
            (
                "no `end` names it".to_string(),
                "end some rounds with it, or remove the outcome and its payout lines",
            )
        };
        lints.push(Lint::PayoutNeverPaid {
            message: format!("no round ends with `{}`", outcome.name),
            span: outcome.span,
            label,
            lines,
            help: help.to_string(),
        });
    }
}

/// The outcomes some `end` of the round names, and apart those an `end`
/// names only under an `if` on settings alone (a house rule switched by
/// `--set`).
fn ended_outcomes(file: &ast::File) -> (BTreeSet<&str>, BTreeSet<&str>) {
    type Named<'a> = [BTreeSet<&'a str>; 2];
    fn block<'a>(b: &'a ast::Block, switched: bool, params: &[&str], out: &mut Named<'a>) {
        for stmt in &b.stmts {
            if let Stmt::If(i) = stmt {
                if_chain(i, switched, params, out);
                continue;
            }
            for part in stmt.parts() {
                match part {
                    Part::Refers(Global::Outcome, outcome) => {
                        out[usize::from(switched)].insert(outcome.name.as_str());
                    }
                    Part::Holds(inner) => block(inner, switched, params, out),
                    _ => {}
                }
            }
        }
    }
    fn if_chain<'a>(i: &'a ast::IfStmt, switched: bool, params: &[&str], out: &mut Named<'a>) {
        let switched = switched || super::rules::on_settings(&i.cond, params);
        block(&i.then, switched, params, out);
        match &i.otherwise {
            Some(ast::Else::If(next)) => if_chain(next, switched, params, out),
            Some(ast::Else::Block(b)) => block(b, switched, params, out),
            None => {}
        }
    }
    let params = super::rules::params(file);
    let mut out: Named = Default::default();
    if let Some(r) = super::round(file) {
        block(&r.body, false, &params, &mut out);
    }
    let [named, switched] = out;
    (named, switched)
}

/// Lines of bets on a value that no round pays, though some value reaches
/// them (a line whose values the lines above take is `unreachable_rule`).
fn value_lines(file: &ast::File, program: &Program, coverage: &Coverage, lints: &mut Vec<Lint>) {
    for (bet, lines, written) in values::value_bets(file, program) {
        let Settle::Value { final_index, .. } = &bet.settle else {
            continue;
        };
        let name = &program.finals[*final_index].name;
        let ends = finals(coverage, *final_index);
        let takes = first_takes(lines);
        for (j, first) in takes.iter().enumerate() {
            if first.is_empty() || meets(first, &ends) {
                continue;
            }
            lints.push(Lint::PayoutNeverPaid {
                message: "this payout is never paid".to_string(),
                span: written[j].span,
                label: format!("no round ends with `{name}` {}", in_values(first)),
                lines: Vec::new(),
                help: format!("check the values `{name}` can end with (`check --show {name}`), or remove the line"),
            });
        }
    }
}

/// `= 13`, `in 26..29`, `<= 10`: how the values a line pays first read
/// after a name.
fn in_values(values: &values::Values) -> String {
    match values[..] {
        [(lo, hi)] if lo == hi => format!("= {lo}"),
        [(i64::MIN, _)] | [(_, i64::MAX)] => describe(values),
        _ => format!("in {}", describe(values)),
    }
}

/// Bets every round settles with the same net result.
fn alike(program: &Program, coverage: &Coverage, lints: &mut Vec<Lint>) {
    for bet in &program.bets {
        let mut paid: Vec<Cow<Payout>> = Vec::new();
        for (outcome, values) in &coverage.ends {
            let Some(p) = bet.payout(*outcome, values) else {
                continue;
            };
            if !paid.iter().any(|q| q.net == p.net) {
                paid.push(p);
            }
        }
        if let [only] = &paid[..] {
            lints.push(Lint::UnusedBet {
                bet: bet.name.clone(),
                payout: describe_payout(only),
                span: bet.span,
            });
        }
    }
}

/// `lose`, `push` or the win as written, with its net.
fn describe_payout(p: &Payout) -> String {
    if p.net == Exact::zero() || p.net == Exact::int(-1) {
        p.label.clone()
    } else {
        format!("{} (net {})", p.label, p.net)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn findings(source: &str) -> Vec<&'static str> {
        let lints = super::super::findings(source);
        lints.iter().map(Lint::name).collect()
    }

    #[test]
    fn an_outcome_of_one_option_is_paid() {
        // Only the second option can end with `a`; the bettor picks the
        // first (it loses less), but `a` is still a payout some round pays.
        let source = "game \"g\"\noutcomes a, b\nround {\n choose f from 1..2 by x\n throw t = d6\n if f = 2 and t is 6 { end a }\n end b\n}\nbet x { a => lose  b => push }\n";
        assert_eq!(findings(source), Vec::<&str>::new());
        let never = source.replace("f = 2 and", "f = 3 and");
        assert_eq!(
            findings(&never),
            ["payout_never_paid", "unreachable_rule", "unused_bet"]
        );
    }
}
