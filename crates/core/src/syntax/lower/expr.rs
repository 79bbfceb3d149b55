//! Lowering expressions: operators by precedence (pest's Pratt parser),
//! calls, patterns and literals.

use std::sync::OnceLock;

use pest::iterators::Pair;
use pest::pratt_parser::{Assoc, Op, PrattParser};

use super::{
    children, combo, ident, int, key, malformed, next, span, within, Result, Rule, SPLIT_EXPRESSION,
};
use crate::ast::*;

fn pratt() -> &'static PrattParser<Rule> {
    static PRATT: OnceLock<PrattParser<Rule>> = OnceLock::new();
    PRATT.get_or_init(|| {
        PrattParser::new()
            .op(Op::infix(Rule::op_or, Assoc::Left))
            .op(Op::infix(Rule::op_and, Assoc::Left))
            .op(Op::prefix(Rule::op_not))
            .op(Op::infix(Rule::op_eq, Assoc::Left)
                | Op::infix(Rule::op_ne, Assoc::Left)
                | Op::infix(Rule::op_lt, Assoc::Left)
                | Op::infix(Rule::op_le, Assoc::Left)
                | Op::infix(Rule::op_gt, Assoc::Left)
                | Op::infix(Rule::op_ge, Assoc::Left)
                | Op::postfix(Rule::is_test)
                | Op::postfix(Rule::in_test))
            .op(Op::infix(Rule::op_add, Assoc::Left) | Op::infix(Rule::op_sub, Assoc::Left))
            .op(Op::infix(Rule::op_mul, Assoc::Left) | Op::infix(Rule::op_mod, Assoc::Left))
            .op(Op::prefix(Rule::op_neg))
    })
}

/// An expression, at most [`MAX_DEPTH`](crate::syntax::MAX_DEPTH) deep counting from `depth`: the
/// tree of one flat run of operands and operators is at most as deep as
/// its operators are many, each bracket opening a run one level deeper.
pub(super) fn expr(pair: Pair<Rule>, base: usize, depth: usize) -> Result<Expr> {
    let at = span(&pair, base);
    let operators = pair
        .clone()
        .into_inner()
        .filter(|p| {
            !matches!(
                p.as_rule(),
                Rule::int | Rule::bool_lit | Rule::call | Rule::ident | Rule::expr
            )
        })
        .count();
    let depth = within(depth + 1 + operators, at, SPLIT_EXPRESSION)?;
    pratt()
        .map_primary(|p| primary(p, base, depth))
        .map_prefix(|op, operand| {
            let operand = operand?;
            let at = span(&op, base).to(operand.span);
            let op = if op.as_rule() == Rule::op_not {
                UnaryOp::Not
            } else {
                UnaryOp::Neg
            };
            Ok(Expr {
                kind: ExprKind::Unary {
                    op,
                    operand: Box::new(operand),
                },
                span: at,
            })
        })
        .map_postfix(|subject, op| {
            let subject = subject?;
            let at = subject.span.to(span(&op, base));
            let kind = if op.as_rule() == Rule::is_test {
                let patterns = children(op)
                    .filter(|p| p.as_rule() != Rule::kw_is)
                    .map(|p| {
                        Ok(if matches!(p.as_rule(), Rule::combo | Rule::int) {
                            Pattern::Combo(combo(p, base)?)
                        } else {
                            Pattern::Name(ident(p, base))
                        })
                    })
                    .collect::<Result<_>>()?;
                ExprKind::Is {
                    subject: Box::new(subject),
                    patterns,
                }
            } else {
                let op_at = span(&op, base);
                let set_pair = op
                    .into_inner()
                    .find(|p| p.as_rule() != Rule::kw_in)
                    .ok_or_else(|| malformed(op_at))?;
                let bracketed = set_pair.as_rule() == Rule::int_set;
                let set = if bracketed {
                    set_pair
                        .into_inner()
                        .map(|k| key(k, base))
                        .collect::<Result<_>>()?
                } else {
                    vec![key(set_pair, base)?]
                };
                ExprKind::In {
                    subject: Box::new(subject),
                    set,
                    bracketed,
                }
            };
            Ok(Expr { kind, span: at })
        })
        .map_infix(|left, op, right| {
            let (left, right) = (left?, right?);
            let op = match op.as_rule() {
                Rule::op_or => BinaryOp::Or,
                Rule::op_and => BinaryOp::And,
                Rule::op_eq => BinaryOp::Eq,
                Rule::op_ne => BinaryOp::Ne,
                Rule::op_lt => BinaryOp::Lt,
                Rule::op_le => BinaryOp::Le,
                Rule::op_gt => BinaryOp::Gt,
                Rule::op_ge => BinaryOp::Ge,
                Rule::op_add => BinaryOp::Add,
                Rule::op_sub => BinaryOp::Sub,
                Rule::op_mul => BinaryOp::Mul,
                _ => BinaryOp::Mod,
            };
            let at = left.span.to(right.span);
            Ok(Expr {
                kind: ExprKind::Binary {
                    op,
                    left: Box::new(left),
                    right: Box::new(right),
                },
                span: at,
            })
        })
        .parse(pair.into_inner())
}

fn primary(pair: Pair<Rule>, base: usize, depth: usize) -> Result<Expr> {
    let at = span(&pair, base);
    let kind = match pair.as_rule() {
        Rule::int => ExprKind::Int(int(pair, base)?),
        Rule::bool_lit => ExprKind::Bool(pair.as_str() == "true"),
        Rule::ident => ExprKind::Name(ident(pair, base)),
        Rule::call => {
            let mut it = pair.into_inner();
            let func = ident(next(&mut it, at)?, base);
            let args = it.map(|a| expr(a, base, depth)).collect::<Result<_>>()?;
            ExprKind::Call { func, args }
        }
        Rule::expr => ExprKind::Paren(Box::new(expr(pair, base, depth)?)),
        _ => return Err(malformed(at)),
    };
    Ok(Expr { kind, span: at })
}
