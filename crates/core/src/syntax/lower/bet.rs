//! Lowering bets: their payout lines, keys and odds.

use pest::iterators::Pair;

use super::{children, ident, key, next, number, span, Result, Rule};
use crate::ast::*;
use crate::syntax::SyntaxError;

pub(super) fn bet(pair: Pair<Rule>, base: usize) -> Result<BetDecl> {
    let at = span(&pair, base);
    let mut it = children(pair).peekable();
    let name = ident(next(&mut it, at)?, base);
    let pays = named_clause(&mut it, Rule::pays, at, base)?;
    let on = match it.peek() {
        Some(p) if p.as_rule() == Rule::ident => Some(ident(next(&mut it, at)?, base)),
        _ => None,
    };
    let staking = named_clause(&mut it, Rule::staking, at, base)?;
    let lines = it.map(|l| pay_line(l, base)).collect::<Result<_>>()?;
    Ok(BetDecl {
        name,
        on,
        pays,
        staking,
        lines,
        span: at,
    })
}

fn pay_key(pair: Pair<Rule>, base: usize) -> Result<PayKey> {
    let at = span(&pair, base);
    Ok(match pair.as_rule() {
        Rule::ident => PayKey::Outcome(ident(pair, base)),
        Rule::else_key => PayKey::Else { span: at },
        Rule::set_key => {
            let mut keys = Vec::new();
            let mut names = Vec::new();
            for k in children(pair) {
                let k_span = span(&k, base);
                match pay_key(k, base)? {
                    PayKey::Values(k) if names.is_empty() => keys.push(k),
                    PayKey::Outcome(n) if keys.is_empty() => names.push(n),
                    PayKey::Values(_) | PayKey::Outcome(_) => {
                        return Err(SyntaxError::Unexpected {
                            expected: "keys of one kind".to_string(),
                            found: "numbers and names in one set".to_string(),
                            span: k_span,
                            help: Some(
                                "a set holds values (`[2, 12]`) or labels (`[flush, straight]`)"
                                    .to_string(),
                            ),
                        })
                    }
                    _ => return Err(super::malformed(at)),
                }
            }
            if names.is_empty() {
                PayKey::Set { keys, span: at }
            } else {
                PayKey::Names { names, span: at }
            }
        }
        _ => {
            let mut it = pair.into_inner().peekable();
            let op = match it.peek() {
                Some(p) if p.as_rule() == Rule::value_op => {
                    let text = next(&mut it, at)?.as_str().to_string();
                    Some(match text.as_str() {
                        "<=" => KeyOp::Le,
                        ">=" => KeyOp::Ge,
                        "<" => KeyOp::Lt,
                        _ => KeyOp::Gt,
                    })
                }
                _ => None,
            };
            let k = next(&mut it, at)?;
            if op.is_some() && k.as_rule() == Rule::signed_range {
                // `>= 26..29`: the grammar reads it, but a comparison
                // takes one number.
                return Err(SyntaxError::Unexpected {
                    expected: "a whole number".to_string(),
                    found: format!("the range `{}`", k.as_str()),
                    span: span(&k, base),
                    help: Some(
                        "a comparison takes one number (`>= 30`); a range stands alone (`26..29`)"
                            .to_string(),
                    ),
                });
            }
            let k = key(k, base)?;
            PayKey::Values(ValueKey {
                op,
                lo: k.lo,
                hi: k.hi,
                span: at,
            })
        }
    })
}

/// The name of an optional clause of a bet (`pays NAME`, `staking NAME`),
/// where the next pair is that clause.
fn named_clause<'a>(
    it: &mut std::iter::Peekable<impl Iterator<Item = Pair<'a, Rule>>>,
    rule: Rule,
    at: crate::ast::Span,
    base: usize,
) -> Result<Option<Ident>> {
    match it.peek() {
        Some(p) if p.as_rule() == rule => {
            let clause = next(it, at)?;
            let at = span(&clause, base);
            Ok(Some(ident(next(&mut children(clause), at)?, base)))
        }
        _ => Ok(None),
    }
}

fn pay_line(pair: Pair<Rule>, base: usize) -> Result<PayLine> {
    let at = span(&pair, base);
    let mut it = children(pair);
    let key = pay_key(next(&mut it, at)?, base)?;
    let payout_pair = next(&mut it, at)?;
    let payout = match payout_pair.as_rule() {
        Rule::win => {
            let mut it = children(payout_pair).peekable();
            let odds = odds_term(next(&mut it, at)?, base)?;
            let form = match it.next_if(|p| p.as_rule() == Rule::odds_for) {
                Some(_) => OddsForm::For,
                None => OddsForm::To,
            };
            let against = odds_term(next(&mut it, at)?, base)?;
            let commission = match it.next() {
                Some(n) => Some(odds_term(n, base)?),
                None => None,
            };
            Payout::Win {
                odds,
                against,
                form,
                commission,
            }
        }
        Rule::lose_pay => Payout::Lose {
            amount: match children(payout_pair).next() {
                Some(n) => Some(odds_term(n, base)?),
                None => None,
            },
        },
        _ => Payout::Push,
    };
    Ok(PayLine {
        key,
        payout,
        span: at,
    })
}

fn odds_term(pair: Pair<Rule>, base: usize) -> Result<OddsTerm> {
    Ok(if pair.as_rule() == Rule::ident {
        OddsTerm::Param(ident(pair, base))
    } else {
        OddsTerm::Number(number(pair, base)?)
    })
}
