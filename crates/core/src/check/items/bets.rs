//! Bets: settled on the round's outcome, `on` the final value of a name,
//! or by a name they `pays`; their payouts (odds, parameters, commissions).

use super::{declare, param, unknown};
use crate::ast::{self, Item, OddsForm, OddsTerm, PayKey, Payout as AstPayout, Span, ValueKey};
use crate::check::expr::Ty;
use crate::check::{CheckError, PayoutError};
use crate::number::Exact;
use crate::program::{Bet, Final, Named, Param, Payout, Settle, Shown, ValueKind, ValueMatch};

/// The most a win pays per unit staked: `win 10^18 to 1`. Beyond it a
/// house edge leaves the range of a float (its percent would print as
/// infinite), and a table of 64-bit chips could not pay one chip's win.
pub const MAX_ODDS: i64 = 1_000_000_000_000_000_000;

/// The value of a term of odds: a number or a parameter.
fn odds_value(
    term: &OddsTerm,
    params: &[Param],
    errors: &mut Vec<CheckError>,
) -> Option<(Exact, String)> {
    match term {
        OddsTerm::Number(n) => Some((n.value.clone(), n.text.clone())),
        OddsTerm::Param(name) => match param(params, name, errors) {
            Some(p) if p.infinite => {
                errors.push(CheckError::Infinite {
                    name: p.name.clone(),
                    span: name.span,
                });
                None
            }
            Some(p) => Some((p.value.clone(), p.value.to_string())),
            None => None,
        },
    }
}

/// The net of a payout line per unit staked, and its label.
fn payout(
    p: &AstPayout,
    span: Span,
    params: &[Param],
    errors: &mut Vec<CheckError>,
) -> Option<Payout> {
    match p {
        AstPayout::Lose { amount: None } => Some(Payout {
            net: Exact::int(-1),
            label: "lose".to_string(),
        }),
        AstPayout::Lose {
            amount: Some(amount),
        } => {
            let (a, a_text) = odds_value(amount, params, errors)?;
            if !a.is_positive() || a > Exact::int(MAX_ODDS) {
                errors.push(CheckError::Payout(PayoutError::LoseAmount {
                    amount: a_text,
                    span,
                }));
                return None;
            }
            Some(Payout {
                net: -&a,
                label: format!("lose {a_text}"),
            })
        }
        AstPayout::Push => Some(Payout {
            net: Exact::zero(),
            label: "push".to_string(),
        }),
        AstPayout::Win {
            odds,
            against,
            form,
            commission,
        } => {
            let (a, a_text) = odds_value(odds, params, errors)?;
            let (b, b_text) = odds_value(against, params, errors)?;
            if !b.is_positive() || a.is_negative() {
                errors.push(CheckError::Payout(PayoutError::Odds {
                    odds: Box::new(a),
                    against: Box::new(b),
                    span,
                }));
                return None;
            }
            let mut net = &a / &b;
            if net > Exact::int(MAX_ODDS) {
                errors.push(CheckError::Payout(PayoutError::OddsTooHigh {
                    odds: a_text,
                    against: b_text,
                    span,
                }));
                return None;
            }
            let word = match form {
                OddsForm::To => "to",
                OddsForm::For => {
                    // The payment includes the stake: what it wins is the
                    // rest, and it must be more than the stake.
                    if net <= Exact::one() {
                        errors.push(CheckError::Payout(PayoutError::ForOdds {
                            odds: a_text,
                            against: b_text,
                            span,
                        }));
                        return None;
                    }
                    net = &net - &Exact::one();
                    "for"
                }
            };
            let mut label = format!("win {a_text} {word} {b_text}");
            if let Some(c) = commission {
                let (c_value, c_text) = odds_value(c, params, errors)?;
                if c_value.is_negative() || c_value > Exact::one() {
                    errors.push(CheckError::Payout(PayoutError::Commission {
                        commission: c_text,
                        span: c.span(),
                    }));
                    return None;
                }
                net = &net * &(&Exact::one() - &c_value);
                label = format!("{label} less {c_text}");
            }
            Some(Payout { net, label })
        }
    }
}

/// Checks the bets. `top_level` holds the names bound at the round's top
/// level, which a bet may be settled `on`; the names used become `finals`.
pub(in crate::check) fn bets(
    file: &ast::File,
    params: &[Param],
    outcomes: &[Named],
    top_level: &[(String, usize, Ty)],
    labels: &[Vec<String>],
    finals: &mut Vec<Final>,
    errors: &mut Vec<CheckError>,
) -> Vec<Bet> {
    let mut names = Vec::new();
    let mut bets = Vec::new();
    for item in &file.items {
        let Item::Bet(b) = item else { continue };
        if !declare(&mut names, "bet", &b.name, errors) {
            continue;
        }
        let settle = match (&b.on, &b.pays) {
            (_, Some(pays)) => pays_bet(pays, top_level, finals, errors),
            (None, None) => outcome_bet(b, params, outcomes, errors),
            (Some(on), None) => value_bet(b, on, params, top_level, labels, finals, errors),
        };
        let staking = b
            .staking
            .as_ref()
            .map(|name| staking(name, top_level, finals, errors));
        if let (Some(settle), Ok(staking)) = (settle, staking.transpose()) {
            bets.push(Bet {
                name: b.name.name.clone(),
                span: b.name.span,
                settle,
                staking,
                other_hand_at: None,
            });
        }
    }
    if names.is_empty() {
        errors.push(CheckError::Missing {
            what: "`bet`",
            span: Span::new(0, 0),
            help:
                "declare what the bettor stakes on: `bet player { player_wins => win 1 to 1 ... }`"
                    .to_string(),
        });
    }
    bets
}

/// A bet settled on the round's outcome: one line per outcome.
fn outcome_bet(
    b: &ast::BetDecl,
    params: &[Param],
    outcomes: &[Named],
    errors: &mut Vec<CheckError>,
) -> Option<Settle> {
    let mut pays: Vec<Option<(Payout, Span)>> = vec![None; outcomes.len()];
    let mut complete = true;
    let mut written = vec![false; outcomes.len()];
    // `else => PAYOUT`: every outcome without a line of its own.
    let mut otherwise: Option<(Option<Payout>, Span)> = None;
    for line in &b.lines {
        if otherwise.is_some() {
            errors.push(CheckError::Payout(PayoutError::AfterElse {
                span: line.span,
            }));
        }
        let outcomes_of_line = match &line.key {
            PayKey::Outcome(o) => std::slice::from_ref(o),
            PayKey::Names { names, .. } => &names[..],
            PayKey::Else { span } => {
                let pay = payout(&line.payout, line.span, params, errors);
                otherwise = Some((pay, *span));
                continue;
            }
            PayKey::Values(ValueKey { span, .. }) | PayKey::Set { span, .. } => {
                errors.push(CheckError::Payout(PayoutError::ValuesInOutcomeBet {
                    bet: b.name.name.clone(),
                    span: *span,
                }));
                complete = false;
                continue;
            }
        };
        let pay = payout(&line.payout, line.span, params, errors);
        for outcome in outcomes_of_line {
            let Some(index) = outcomes.iter().position(|o| o.name == outcome.name) else {
                // With no `outcomes` line at all, that one error says it.
                if !outcomes.is_empty() {
                    errors.push(unknown(
                        "outcome",
                        outcome,
                        outcomes.iter().map(|o| o.name.as_str()),
                    ));
                }
                complete = false;
                continue;
            };
            if let Some((_, first)) = &pays[index] {
                errors.push(CheckError::Duplicate {
                    kind: "payout for outcome",
                    name: outcome.name.clone(),
                    first: *first,
                    second: outcome.span,
                    help: "an outcome settles a bet once: keep one of the two lines",
                });
                continue;
            }
            written[index] = true;
            if let Some(p) = &pay {
                pays[index] = Some((p.clone(), outcome.span));
            }
        }
    }
    if let Some((pay, span)) = otherwise {
        if written.iter().all(|&w| w) && !outcomes.is_empty() {
            errors.push(CheckError::Payout(PayoutError::ElseSettlesNothing {
                bet: b.name.name.clone(),
                span,
            }));
        }
        for (slot, written) in pays.iter_mut().zip(&mut written) {
            if !*written {
                *written = true;
                *slot = pay.clone().map(|p| (p, span));
            }
        }
    }
    for (outcome, written) in outcomes.iter().zip(&written) {
        if !written && complete {
            errors.push(CheckError::Unsettled {
                bet: b.name.name.clone(),
                outcome: outcome.name.clone(),
                span: b.name.span,
                outcome_span: outcome.span,
            });
        }
    }
    let pays = pays
        .into_iter()
        .map(|p| p.map(|(p, _)| p))
        .collect::<Option<Vec<_>>>()?;
    Some(Settle::Outcomes(pays))
}

/// A range written high first (`9..3`), which names no value.
fn empty_range(k: &ValueKey, errors: &mut Vec<CheckError>) {
    if k.op.is_none() && k.lo > k.hi {
        errors.push(CheckError::Payout(PayoutError::EmptyRange {
            lo: k.lo,
            hi: k.hi,
            span: k.span,
        }));
    }
}

/// A bet settled `on` the final value of a name: the first matching line.
fn value_bet(
    b: &ast::BetDecl,
    on: &ast::Ident,
    params: &[Param],
    top_level: &[(String, usize, Ty)],
    labels: &[Vec<String>],
    finals: &mut Vec<Final>,
    errors: &mut Vec<CheckError>,
) -> Option<Settle> {
    let binding = top_level.iter().rev().find(|(n, _, _)| *n == on.name);
    // A label (a poker category, a choice's option) is paid on by name.
    let named = match binding {
        Some((_, _, Ty::Label(set))) => labels.get(*set),
        _ => None,
    };
    let final_index = top_level_final(
        on,
        top_level,
        named,
        Read {
            help_type: "a bet is settled on a number: `let score = count(t, 6)`",
            help_unknown:
                "a bet is settled on a name bound at the top of the round, outside any block",
        },
        finals,
        errors,
    );
    let mut lines = Vec::new();
    let mut after_else = false;
    // A name whose type is an error already reported: its keys say nothing.
    let unknown_type = matches!(binding, Some((_, _, Ty::Error)));
    for line in &b.lines {
        let matcher = match (&line.key, named) {
            (PayKey::Outcome(_) | PayKey::Names { .. }, None) if unknown_type => continue,
            (PayKey::Else { .. }, _) => ValueMatch::Else,
            (PayKey::Outcome(n), Some(names)) => {
                let Some(key) = label_key(n, names, errors) else {
                    continue;
                };
                ValueMatch::Key(key)
            }
            (PayKey::Names { names: keys, .. }, Some(names)) => {
                let keys: Option<Vec<ValueKey>> =
                    keys.iter().map(|n| label_key(n, names, errors)).collect();
                let Some(keys) = keys else { continue };
                ValueMatch::Set(keys)
            }
            (PayKey::Values(ValueKey { span, .. }) | PayKey::Set { span, .. }, Some(names)) => {
                errors.push(CheckError::Payout(PayoutError::NumberInLabelBet {
                    on: on.name.clone(),
                    labels: names.join(", "),
                    span: *span,
                }));
                continue;
            }
            (PayKey::Names { names, .. }, None) => {
                errors.push(CheckError::Payout(PayoutError::OutcomeInValueBet {
                    bet: b.name.name.clone(),
                    on: on.name.clone(),
                    span: names.first().map_or(line.span, |n| n.span),
                }));
                continue;
            }
            (PayKey::Values(k), None) => {
                empty_range(k, errors);
                ValueMatch::Key(k.clone())
            }
            (PayKey::Set { keys, .. }, None) => {
                for k in keys {
                    empty_range(k, errors);
                }
                ValueMatch::Set(keys.clone())
            }
            (PayKey::Outcome(o), None) => {
                errors.push(CheckError::Payout(PayoutError::OutcomeInValueBet {
                    bet: b.name.name.clone(),
                    on: on.name.clone(),
                    span: o.span,
                }));
                continue;
            }
        };
        if after_else {
            errors.push(CheckError::Payout(PayoutError::AfterElse {
                span: line.span,
            }));
        }
        after_else |= matches!(line.key, PayKey::Else { .. });
        if let Some(p) = payout(&line.payout, line.span, params, errors) {
            lines.push((matcher, p));
        }
    }
    Some(Settle::Value {
        final_index: final_index?,
        lines,
    })
}

/// How a bet reads a name of the round, for the help of its errors.
struct Read {
    /// Where the name is not a number.
    help_type: &'static str,
    /// Where no name so called is bound at the top of the round.
    help_unknown: &'static str,
}

/// The index into `finals` of the name `name` bound at the top level of the
/// round (added the first time), a number or a condition, or with `labels`
/// a label of those; `None` where it is unknown, its error pushed.
fn top_level_final(
    name: &ast::Ident,
    top_level: &[(String, usize, Ty)],
    labels: Option<&Vec<String>>,
    read: Read,
    finals: &mut Vec<Final>,
    errors: &mut Vec<CheckError>,
) -> Option<usize> {
    let binding = top_level.iter().rev().find(|(n, _, _)| *n == name.name);
    let Some((_, slot, ty)) = binding else {
        let mut err = unknown("name", name, top_level.iter().map(|(n, _, _)| n.as_str()));
        if let CheckError::Unknown {
            help: help @ None, ..
        } = &mut err
        {
            *help = Some(read.help_unknown.to_string());
        }
        errors.push(err);
        return None;
    };
    // A condition counts 1 where it holds and 0 where it does not.
    let label = labels.is_some() && matches!(ty, Ty::Label(_));
    if !(matches!(ty, Ty::Int | Ty::Bool | Ty::Error) || label) {
        errors.push(CheckError::Type {
            expected: "a number",
            found: ty.describe(),
            span: name.span,
            help: Some(read.help_type.to_string()),
        });
    }
    if let Some(i) = finals.iter().position(|f| f.slot == *slot) {
        return Some(i);
    }
    finals.push(Final {
        name: name.name.clone(),
        slot: *slot,
        span: name.span,
        shown: Shown::No,
        kind: match labels {
            Some(names) if label => ValueKind::Labels(names.clone()),
            _ => final_kind(*ty),
        },
    });
    Some(finals.len() - 1)
}

/// `bet ride pays net`: settled by the final value of a number bound at the
/// top level of the round, the bettor's net in stakes (one line that takes
/// every value, [`ValueMatch::Net`]).
fn pays_bet(
    name: &ast::Ident,
    top_level: &[(String, usize, Ty)],
    finals: &mut Vec<Final>,
    errors: &mut Vec<CheckError>,
) -> Option<Settle> {
    let read = Read {
        help_type: "a bet that `pays` a name settles by a number of stakes; use `bet NAME on VALUE { ... }` for a label",
        help_unknown: "a bet pays a name bound at the top of the round, outside any block, so that every end sees it",
    };
    let final_index = top_level_final(name, top_level, None, read, finals, errors)?;
    let line = Payout {
        net: Exact::zero(),
        label: format!("pays {}", name.name),
    };
    Some(Settle::Value {
        final_index,
        lines: vec![(ValueMatch::Net, line)],
    })
}

/// `staking wager`: the final value of a number bound at the top level of
/// the round, what a round stakes on the bet (its average the bet's average
/// wager); `Err` where it is unknown, its error pushed.
fn staking(
    name: &ast::Ident,
    top_level: &[(String, usize, Ty)],
    finals: &mut Vec<Final>,
    errors: &mut Vec<CheckError>,
) -> Result<usize, ()> {
    let read = Read {
        help_type: "a bet stakes a number of units: `let wager = 1 + (action is play)`",
        help_unknown:
            "a bet's stake is a name bound at the top of the round, outside any block, so that every end sees it",
    };
    top_level_final(name, top_level, None, read, finals, errors).ok_or(())
}

/// The key of label `n` of `names` (its index), or its error.
fn label_key(n: &ast::Ident, names: &[String], errors: &mut Vec<CheckError>) -> Option<ValueKey> {
    match names.iter().position(|l| *l == n.name) {
        Some(i) => Some(ValueKey {
            op: None,
            lo: i as i64,
            hi: i as i64,
            span: n.span,
        }),
        None => {
            errors.push(unknown("label", n, names.iter().map(String::as_str)));
            None
        }
    }
}

/// What the final values of a name bound to `ty` are: a condition is read
/// as 1 or 0.
pub(super) fn final_kind(ty: Ty) -> ValueKind {
    match ty {
        Ty::Bool => ValueKind::Condition,
        _ => ValueKind::Number,
    }
}
