//! `expect` and `claim` lines: a figure of the report (an edge, a
//! probability, a mean, a strategy's chance), a relation and a value.

use super::unknown;
use crate::ast::{self, Item, RelOp};
use crate::check::error::AtError;
use crate::check::expr::Ty;
use crate::check::pinned::with_names;
use crate::check::reads::Reads;
use crate::check::CheckError;
use crate::number::Exact;
use crate::program::{Assertion, Banking, Decision, Figure, Final, Named, Param, Shown};

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
            return Err(CheckError::StrategyOption {
                choice: d.name.clone(),
                knowing: knowing(),
                span: quantity.span,
            })
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
                return Err(CheckError::StrategyKey {
                    name: n.name.clone(),
                    choice: d.name.clone(),
                    knowing: knowing(),
                    span: n.span,
                })
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
        return Err(CheckError::StrategyKeyCount {
            choice: d.name.clone(),
            knowing: knowing(),
            given: key.len(),
            span: quantity.span,
        });
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
    let wrong = |span| CheckError::FigureArguments {
        figure: quantity.func.name.clone(),
        arg: usage.to_string(),
        span,
    };
    let first = quantity
        .first_name()
        .ok_or_else(|| wrong(quantity.args.first().map_or(quantity.span, |a| a.span())))?;
    match quantity.args.get(1) {
        Some(extra) if figure != Figure::Strategy => Err(CheckError::FigureArguments {
            figure: quantity.func.name.clone(),
            arg: first.name.clone(),
            span: extra.span(),
        }),
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
    let (outcomes, top_level) = (scope.outcomes, scope.top_level);
    let mut declared_bets: Vec<&str> = Vec::new();
    for item in &file.items {
        if let Item::Bet(b) = item {
            if !declared_bets.contains(&b.name.name.as_str()) {
                declared_bets.push(&b.name.name);
            }
        }
    }
    let mut out = Vec::new();
    for item in &file.items {
        let (quantity, relation, at, with, text, span) = match item {
            Item::Expect(e) if !claims => (&e.quantity, &e.relation, &e.at, &e.with, None, e.span),
            Item::Claim(c) if claims => (
                &c.quantity,
                &c.relation,
                &c.at,
                &c.with,
                Some(c.text.clone()),
                c.span,
            ),
            _ => continue,
        };
        let Some(settings) = with_names(with.as_ref(), scope.params, errors) else {
            continue;
        };
        let Some(&(_, figure)) = Figure::ALL.iter().find(|(n, _)| *n == quantity.func.name) else {
            errors.push(unknown(
                "figure",
                &quantity.func,
                Figure::ALL.iter().map(|(n, _)| *n),
            ));
            continue;
        };
        let mut table = None;
        let mut shoes = None;
        let arg = if figure == Figure::ShoeMargin {
            match super::at::shoe_deal(quantity, at.as_ref(), outcomes) {
                Ok(deal) => {
                    shoes = Some(deal);
                    table = None;
                    quantity.func.clone()
                }
                Err(e) => {
                    errors.push(e);
                    continue;
                }
            }
        } else if figure.of_session() {
            match super::at::session_table(quantity, figure, at.as_ref(), scope.banking) {
                Ok((t, target)) => {
                    table = Some((t, target));
                    quantity.func.clone()
                }
                Err(e) => {
                    errors.push(e);
                    continue;
                }
            }
        } else {
            if let Some(at) = at {
                errors.push(
                    AtError::NotSession {
                        figure: quantity.func.name.clone(),
                        span: at.span,
                    }
                    .into(),
                );
                continue;
            }
            match one_round_argument(quantity, figure) {
                Ok(arg) => arg.clone(),
                Err(e) => {
                    errors.push(e);
                    continue;
                }
            }
        };
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
        } else if figure == Figure::Mean {
            match top_level.iter().rev().find(|(n, _, _)| *n == arg.name) {
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
            }
        } else if figure == Figure::Probability {
            outcomes
                .iter()
                .position(|o| o.name == arg.name)
                .ok_or_else(|| unknown("outcome", arg, outcomes.iter().map(|o| o.name.as_str())))
        } else {
            // Every declared bet counts, also one with errors of its own, so
            // that its errors are not followed by "unknown bet" here. When
            // the file has no errors, these are exactly `bets`, in order.
            declared_bets
                .iter()
                .position(|b| *b == arg.name)
                .ok_or_else(|| unknown("bet", arg, declared_bets.iter().copied()))
        };
        let target = match target {
            Ok(t) => t,
            Err(e) => {
                errors.push(e);
                continue;
            }
        };
        let tolerance = match (&relation.op, &relation.tolerance) {
            (RelOp::Approx, Some(t)) => t.value.clone(),
            (RelOp::Approx, None) => default_tolerance(&relation.value),
            (_, Some(t)) => {
                errors.push(CheckError::Tolerance {
                    op: relation.op,
                    span: t.span,
                });
                continue;
            }
            (_, None) => Exact::zero(),
        };
        let depends_on = match figure {
            // A session's figure can depend on every parameter: the round,
            // every bet a seat or the bank makes, the table's chips.
            // A session's figure at a table can depend on every parameter:
            // the round, every bet a seat or the bank makes, the table's
            // chips; whole shoes' margin on how the round plays alone.
            _ if table.is_some() => scope.params.iter().map(|p| p.name.clone()).collect(),
            _ if shoes.is_some() => scope.reads.of(None),
            Figure::Probability | Figure::Mean | Figure::Strategy => scope.reads.of(None),
            _ => scope.reads.of(Some(arg.name.as_str())),
        };
        out.push(Assertion {
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
        });
    }
    out
}
