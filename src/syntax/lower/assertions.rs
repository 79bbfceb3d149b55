//! Lowering `expect` and `claim` lines: the figure, the relation and the
//! value.

use pest::iterators::Pair;

use super::{children, ident, int, next, number, signed_number, span, string, Result, Rule};
use crate::ast::*;

fn quantity(pair: Pair<Rule>, base: usize) -> Result<Quantity> {
    let at = span(&pair, base);
    let mut it = pair.into_inner();
    let func = ident(next(&mut it, at)?, base);
    let arg = ident(next(&mut it, at)?, base);
    let rest = it
        .map(|a| {
            Ok(if a.as_rule() == Rule::ident {
                QuantityArg::Name(ident(a, base))
            } else {
                let span = span(&a, base);
                QuantityArg::Int {
                    value: int(a, base)?,
                    span,
                }
            })
        })
        .collect::<Result<_>>()?;
    Ok(Quantity {
        func,
        arg,
        rest,
        span: at,
    })
}

fn relation(pair: Pair<Rule>, base: usize) -> Result<Relation> {
    let at = span(&pair, base);
    let mut it = pair.into_inner();
    let op = match next(&mut it, at)?.as_str() {
        "~" => RelOp::Approx,
        "=" => RelOp::Eq,
        "<" => RelOp::Lt,
        "<=" => RelOp::Le,
        ">" => RelOp::Gt,
        _ => RelOp::Ge,
    };
    let value = signed_number(next(&mut it, at)?, base)?;
    let tolerance = match it.next() {
        Some(t) => Some(number(next(&mut t.into_inner(), at)?, base)?),
        None => None,
    };
    Ok(Relation {
        op,
        value,
        tolerance,
        span: at,
    })
}

pub(super) fn expect(pair: Pair<Rule>, base: usize) -> Result<ExpectDecl> {
    let at = span(&pair, base);
    let mut it = children(pair);
    let quantity = quantity(next(&mut it, at)?, base)?;
    let relation = relation(next(&mut it, at)?, base)?;
    Ok(ExpectDecl {
        quantity,
        relation,
        span: at,
    })
}

pub(super) fn claim(pair: Pair<Rule>, base: usize) -> Result<ClaimDecl> {
    let at = span(&pair, base);
    let mut it = children(pair);
    let quantity = quantity(next(&mut it, at)?, base)?;
    let relation = relation(next(&mut it, at)?, base)?;
    let text = string(next(&mut it, at)?);
    Ok(ClaimDecl {
        quantity,
        relation,
        text,
        span: at,
    })
}
