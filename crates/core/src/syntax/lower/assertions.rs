//! Lowering `expect` and `claim` lines: the figure, the relation and the
//! value, and the setting a `with` names.

use pest::iterators::Pair;

use super::{
    children, ident, int, next, number, setting, signed_number, span, string, Result, Rule,
};
use crate::ast::*;

fn quantity(pair: Pair<Rule>, base: usize) -> Result<Quantity> {
    let at = span(&pair, base);
    let mut it = pair.into_inner();
    let func = ident(next(&mut it, at)?, base);
    let args = it
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
        args,
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

/// `with decks = 6, tie_odds = 7`.
fn with(pair: Pair<Rule>, base: usize) -> Result<With> {
    let at = span(&pair, base);
    let settings = children(pair)
        .map(|s| {
            let whole = span(&s, base);
            let mut it = children(s);
            let name = ident(next(&mut it, whole)?, base);
            let value = next(&mut it, whole)?;
            Ok(WithSetting {
                name,
                text: value.as_str().to_string(),
                value_span: span(&value, base),
                value: setting(value, base)?,
                span: whole,
            })
        })
        .collect::<Result<_>>()?;
    Ok(With { settings, span: at })
}

/// `at seats = 4, stakes = [2, 1, 1, 1]`.
fn at_clause(pair: Pair<Rule>, base: usize) -> Result<At> {
    let at = span(&pair, base);
    let settings = children(pair)
        .filter(|s| s.as_rule() == Rule::at_setting)
        .map(|s| {
            let whole = span(&s, base);
            let mut it = children(s);
            let name = ident(next(&mut it, whole)?, base);
            let value = next(&mut it, whole)?;
            let value_span = span(&value, base);
            let list = value.as_rule() == Rule::at_list;
            let numbers: Vec<Pair<Rule>> = if list {
                children(value)
                    .filter(|p| p.as_rule() == Rule::int)
                    .collect()
            } else {
                vec![value]
            };
            let values = numbers
                .into_iter()
                // `int` is digits alone: never negative.
                .map(|n| int(n, base).map(i64::unsigned_abs))
                .collect::<Result<_>>()?;
            Ok(AtSetting {
                name,
                values,
                list,
                span: whole,
                value_span,
            })
        })
        .collect::<Result<_>>()?;
    Ok(At { settings, span: at })
}

/// The `at` of a line, when the next child is one.
fn at_if_any<'a>(
    it: &mut std::iter::Peekable<impl Iterator<Item = Pair<'a, Rule>>>,
    base: usize,
) -> Result<Option<At>> {
    match it.next_if(|p| p.as_rule() == Rule::at_clause) {
        Some(a) => at_clause(a, base).map(Some),
        None => Ok(None),
    }
}

/// The `with` of a line, when the next child is one.
fn with_if_any<'a>(
    it: &mut std::iter::Peekable<impl Iterator<Item = Pair<'a, Rule>>>,
    base: usize,
) -> Result<Option<With>> {
    match it.next_if(|p| p.as_rule() == Rule::with_clause) {
        Some(w) => with(w, base).map(Some),
        None => Ok(None),
    }
}

pub(super) fn expect(pair: Pair<Rule>, base: usize) -> Result<ExpectDecl> {
    let at = span(&pair, base);
    let mut it = children(pair).peekable();
    let quantity = quantity(next(&mut it, at)?, base)?;
    let relation = relation(next(&mut it, at)?, base)?;
    let at_table = at_if_any(&mut it, base)?;
    let with = with_if_any(&mut it, base)?;
    Ok(ExpectDecl {
        quantity,
        relation,
        at: at_table,
        with,
        span: at,
    })
}

pub(super) fn claim(pair: Pair<Rule>, base: usize) -> Result<ClaimDecl> {
    let at = span(&pair, base);
    let mut it = children(pair).peekable();
    let quantity = quantity(next(&mut it, at)?, base)?;
    let relation = relation(next(&mut it, at)?, base)?;
    let at_table = at_if_any(&mut it, base)?;
    let with = with_if_any(&mut it, base)?;
    let text = string(next(&mut it, at)?);
    Ok(ClaimDecl {
        quantity,
        relation,
        at: at_table,
        with,
        text,
        span: at,
    })
}
