//! `expect` and `claim` lines: a figure of the report (an edge, a
//! probability, a mean, a strategy's chance), a relation and a value.

use super::unknown;
use crate::ast::{self, Item, RelOp};
use crate::check::error::AtError;
use crate::check::expr::Ty;
use crate::check::pinned::with_names;
use crate::check::reads::Reads;
use crate::check::{CheckError, FigureError};
use crate::number::Exact;
use crate::program::{
    Assertion, Banking, Decision, Figure, Final, Named, Param, SessionTable, ShoeDeal, Shown,
};

/// The default tolerance of `~ N`: half a unit of the last digit written.
pub fn default_tolerance(number: &ast::Number) -> Exact {
    let body = number.text.trim_end_matches('%');
    if body.contains('/') {
        return Exact::zero();
    }
    let digits = body.split_once('.').map_or(0, |(_, frac)| frac.len());
    let mut tolerance = Exact::ratio(1, 2);
    for _ in 0..digits {
        tolerance = &tolerance / &Exact::int(10);
    }
    if number.percent {
        tolerance = &tolerance / &Exact::int(100);
    }
    tolerance
}

/// What the figures of `expect` and `claim` lines may name.
pub(in crate::check) struct Figures<'a> {
    pub outcomes: &'a [Named],
    pub top_level: &'a [(String, usize, Ty)],
    pub decisions: &'a [Decision],
    /// The parameters a `with` may name.
    pub params: &'a [Param],
    /// What each figure can depend on.
    pub reads: &'a Reads,
    /// The table rules, for the figures of a session.
    pub banking: &'a Banking,
}

/// `strategy(CHOICE, OPTION, KEY...)`: the choice's name, the option and
/// the known values, checked against the round's decisions.
fn strategy_target(
    quantity: &ast::Quantity,
    arg: &ast::Ident,
    decisions: &[Decision],
) -> Result<(String, String, Vec<i64>), CheckError> {
    let rest = &quantity.args[1..];
    let Some(d) = decisions.iter().find(|d| d.name == arg.name) else {
        return Err(unknown(
            "choice",
            arg,
            decisions.iter().map(|d| d.name.as_str()),
        ));
    };
    // What the chooser knows, for the usage in a message: the faces shown
    // last, for a choice among them.
    let knowing = || {
        let mut k = d.knowing.clone();
        if d.faces.is_some() {
            k.push("FACE, ...".to_string());
        }
        k
    };
    // A numbered option is written as its number: `strategy(point, 3, ...)`.
    let option = match rest.first() {
        Some(ast::QuantityArg::Name(option)) => option.clone(),
        Some(ast::QuantityArg::Int { value, span }) if d.options.contains(&value.to_string()) => {
            ast::Ident {
                name: value.to_string(),
                span: *span,
            }
        }
        _ => {
            return Err(CheckError::Figure(FigureError::StrategyOption {
                choice: d.name.clone(),
                knowing: knowing(),
                span: quantity.span,
            }))
        }
    };
    if !d.options.contains(&option.name) {
        return Err(unknown(
            "option",
            &option,
            d.options.iter().map(|o| o.as_str()),
        ));
    }
    let mut key = Vec::new();
    for arg in &rest[1..] {
        match arg {
            ast::QuantityArg::Int { value, .. } => key.push(*value),
            ast::QuantityArg::Name(n) => {
                return Err(CheckError::Figure(FigureError::StrategyKey {
                    name: n.name.clone(),
                    choice: d.name.clone(),
                    knowing: knowing(),
                    span: n.span,
                }))
            }
        }
    }
    // A choice among the faces shown knows them too, listed after the
    // values it knows: at least one, in any order, each once.
    let fits = if d.faces.is_some() {
        key.len() > d.knowing.len()
    } else {
        key.len() == d.knowing.len()
    };
    if d.faces.is_some() {
        let mut faces = key.split_off(d.knowing.len().min(key.len()));
        faces.sort_unstable();
        faces.dedup();
        key.extend(faces);
    }
    if !fits {
        return Err(CheckError::Figure(FigureError::StrategyKeyCount {
            choice: d.name.clone(),
            knowing: knowing(),
            given: key.len(),
            span: quantity.span,
        }));
    }
    Ok((d.name.clone(), option.name.clone(), key))
}

/// The first argument of a figure of one round: a bet, an outcome, a name
/// or a choice; one alone but for `strategy`.
fn one_round_argument(quantity: &ast::Quantity, figure: Figure) -> Result<&ast::Ident, CheckError> {
    let usage = match figure {
        Figure::Strategy => "CHOICE, OPTION, KNOWN...",
        Figure::Probability => "OUTCOME",
        Figure::Mean => "NAME",
        _ => "BET",
    };
    let wrong = |span| {
        CheckError::Figure(FigureError::FigureArguments {
            figure: quantity.func.name.clone(),
            arg: usage.to_string(),
            span,
        })
    };
    let first = quantity
        .first_name()
        .ok_or_else(|| wrong(quantity.args.first().map_or(quantity.span, |a| a.span())))?;
    match quantity.args.get(1) {
        Some(extra) if figure != Figure::Strategy => {
            Err(CheckError::Figure(FigureError::FigureArguments {
                figure: quantity.func.name.clone(),
                arg: first.name.clone(),
                span: extra.span(),
            }))
        }
        _ => Ok(first),
    }
}

/// The `expect` lines, or with `claims` the `claim` lines.
pub(in crate::check) fn assertions(
    file: &ast::File,
    claims: bool,
    scope: &Figures,
    finals: &mut Vec<Final>,
    errors: &mut Vec<CheckError>,
) -> Vec<Assertion> {
    let mut declared_bets: Vec<&ast::BetDecl> = Vec::new();
    for item in &file.items {
        if let Item::Bet(b) = item {
            if !declared_bets.iter().any(|d| d.name.name == b.name.name) {
                declared_bets.push(b);
            }
        }
    }
    let lines = Lines {
        scope,
        declared_bets: &declared_bets,
    };
    let mut out = Vec::new();
    for item in &file.items {
        let line = match item {
            Item::Expect(e) if !claims => Line {
                quantity: &e.quantity,
                relation: &e.relation,
                at: &e.at,
                with: &e.with,
                text: None,
                span: e.span,
            },
            Item::Claim(c) if claims => Line {
                quantity: &c.quantity,
                relation: &c.relation,
                at: &c.at,
                with: &c.with,
                text: Some(c.text.clone()),
                span: c.span,
            },
            _ => continue,
        };
        out.extend(lines.assertion(line, finals, errors));
    }
    out
}

/// An `expect` or `claim` line as written.
struct Line<'a> {
    quantity: &'a ast::Quantity,
    relation: &'a ast::Relation,
    at: &'a Option<ast::At>,
    with: &'a Option<ast::With>,
    /// A claim's text.
    text: Option<String>,
    span: ast::Span,
}

/// What the lines are checked against: the names in scope, and every bet
/// the file declares (also one with errors of its own, so that its errors
/// are not followed by "unknown bet" here; when the file has no errors,
/// these are exactly the bets checked, in order).
struct Lines<'a> {
    scope: &'a Figures<'a>,
    declared_bets: &'a [&'a ast::BetDecl],
}

/// A figure's argument as checked, with the table (and the figure's
/// target there) or the shoes its `at` names.
type Argument = (ast::Ident, Option<(SessionTable, usize)>, Option<ShoeDeal>);

impl Lines<'_> {
    /// One line checked, `None` (its errors pushed) where it does not
    /// check; the final value a `mean` names added to `finals`.
    fn assertion(
        &self,
        line: Line,
        finals: &mut Vec<Final>,
        errors: &mut Vec<CheckError>,
    ) -> Option<Assertion> {
        let scope = self.scope;
        let Line {
            quantity,
            relation,
            at,
            with,
            text,
            span,
        } = line;
        let settings = with_names(with.as_ref(), scope.params, errors)?;
        let Some(&(_, figure)) = Figure::ALL.iter().find(|(n, _)| *n == quantity.func.name) else {
            errors.push(unknown(
                "figure",
                &quantity.func,
                Figure::ALL.iter().map(|(n, _)| *n),
            ));
            return None;
        };
        let (arg, table, shoes) = self
            .argument(quantity, figure, at.as_ref())
            .map_err(|e| errors.push(e))
            .ok()?;
        let arg = &arg;
        let mut strategy = None;
        let target = if let Some((_, target)) = &table {
            Ok(*target)
        } else if shoes.is_some() {
            Ok(0)
        } else if figure == Figure::Strategy {
            strategy_target(quantity, arg, scope.decisions).map(|t| {
                strategy = Some(t);
                0
            })
        } else {
            self.target(figure, arg, finals)
        };
        let target = target.map_err(|e| errors.push(e)).ok()?;
        let tolerance = match (&relation.op, &relation.tolerance) {
            (RelOp::Approx, Some(t)) => t.value.clone(),
            (RelOp::Approx, None) => default_tolerance(&relation.value),
            (_, Some(t)) => {
                errors.push(CheckError::Figure(FigureError::Tolerance {
                    op: relation.op,
                    span: t.span,
                }));
                return None;
            }
            (_, None) => Exact::zero(),
        };
        let depends_on = match figure {
            // A session's figure at a table can depend on every parameter:
            // the round, every bet a seat or the bank makes, the table's
            // chips; whole shoes' margin on how the round plays alone.
            _ if table.is_some() => scope.params.iter().map(|p| p.name.clone()).collect(),
            _ if shoes.is_some() => scope.reads.of(None),
            Figure::Probability | Figure::Mean | Figure::Strategy => scope.reads.of(None),
            _ => scope.reads.of(Some(arg.name.as_str())),
        };
        Some(Assertion {
            figure,
            target,
            quantity: crate::ast::print::quantity(quantity),
            op: relation.op,
            value: relation.value.value.clone(),
            value_text: relation.value.text.clone(),
            tolerance,
            text,
            strategy,
            with: settings,
            with_span: with.as_ref().map(|w| w.span),
            depends_on,
            setting: None,
            table: table.map(|(t, _)| t),
            shoes,
            span,
        })
    }

    /// The figure's argument: for whole shoes' margin the shoes its `at`
    /// deals, for a session's figure the table its `at` names (and the
    /// target there), for a figure of one round its one argument (an `at`
    /// an error).
    fn argument(
        &self,
        quantity: &ast::Quantity,
        figure: Figure,
        at: Option<&ast::At>,
    ) -> Result<Argument, CheckError> {
        if figure == Figure::ShoeMargin {
            let deal = super::at::shoe_deal(quantity, at, self.scope.outcomes)?;
            return Ok((quantity.func.clone(), None, Some(deal)));
        }
        if figure.of_session() {
            let table = super::at::session_table(quantity, figure, at, self.scope.banking)?;
            return Ok((quantity.func.clone(), Some(table), None));
        }
        if let Some(at) = at {
            return Err(AtError::NotSession {
                figure: quantity.func.name.clone(),
                span: at.span,
            }
            .into());
        }
        Ok((one_round_argument(quantity, figure)?.clone(), None, None))
    }

    /// The target of a figure of one round other than `strategy`: the
    /// final value a `mean` names (added to `finals` the first time), the
    /// outcome of a `probability`, or a bet.
    fn target(
        &self,
        figure: Figure,
        arg: &ast::Ident,
        finals: &mut Vec<Final>,
    ) -> Result<usize, CheckError> {
        let (outcomes, top_level) = (self.scope.outcomes, self.scope.top_level);
        if figure == Figure::Mean {
            return match top_level.iter().rev().find(|(n, _, _)| *n == arg.name) {
                Some((_, slot, ty)) => Ok(match finals.iter().position(|f| f.slot == *slot) {
                    Some(i) => i,
                    None => {
                        finals.push(Final {
                            name: arg.name.clone(),
                            slot: *slot,
                            span: arg.span,
                            shown: Shown::No,
                            kind: super::bets::final_kind(*ty),
                        });
                        finals.len() - 1
                    }
                }),
                None => Err(unknown(
                    "name",
                    arg,
                    top_level.iter().map(|(n, _, _)| n.as_str()),
                )),
            };
        }
        if figure == Figure::Probability {
            return outcomes
                .iter()
                .position(|o| o.name == arg.name)
                .ok_or_else(|| unknown("outcome", arg, outcomes.iter().map(|o| o.name.as_str())));
        }
        let Some(index) = (self.declared_bets.iter()).position(|b| b.name.name == arg.name) else {
            return Err(unknown(
                "bet",
                arg,
                self.declared_bets.iter().map(|b| b.name.name.as_str()),
            ));
        };
        let bet = self.declared_bets[index];
        if matches!(figure, Figure::AverageWager | Figure::ElementOfRisk) && bet.staking.is_none() {
            return Err(CheckError::Figure(FigureError::NotStaked {
                figure: figure.name().to_string(),
                bet: arg.name.clone(),
                span: arg.span,
                bet_span: bet.name.span,
            }));
        }
        Ok(index)
    }
}
